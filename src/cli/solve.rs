//! `planbox solve LEVELS.xsb`: the native push-level Sokoban solver.
//!
//! Each chosen level is searched with [`PushSpace`] (one push per step, the
//! man's region as part of the node), or with `--direction backward` with
//! [`PullSpace`] (one pull per step, from the solved position back to the
//! start), by one of the shared algorithms, or with `--direction
//! bidirectional` by both spaces at once, meeting on equal nodes
//! ([`search::bidirectional()`]). The greedy pulls aim at a perimeter of
//! pushed positions around the start ([`search::perimeter`]), and the
//! default solver runs a schedule of both directions ([`AUTO`]). The pushes
//! become LURD with the walks filled in, and the LURD is replayed on the
//! level before it is printed. One level prints its LURD alone on
//! stdout, as `plan --lurd` does; several print `; level ...` comment lines
//! before each (a file `replay` reads), a progress line per level on stderr
//! as they finish (`[3/30] level 3: solved, ...`), and a summary at the end.
//! A level's searches print a progress line on stderr every 5 s of its CPU
//! time (the phase, the expansions, the pushes or pulls generated, the
//! memory), as `plan` does, and a level that runs out of time or memory
//! says in which phase, after how much work.
//! `--json` prints one record per level on stdout and nothing on stderr but
//! errors (as `plan --json` and ripgrep's `--json` do: a script reads the
//! records, and its log stays clean); each record has its `outcome` and
//! `exit_code`, and an error that stops the run before any level (a file
//! that cannot be read, a usage error) is one record too, with `error`. `--trace` prints the first expansions
//! of each level's search on stderr ([`super::solve_trace`]).

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use planbox::search::trace::{Expansion, Traced};
use planbox::search::transposition::Transpositions;
use planbox::search::{
    self, CpuClock, Exact, Grown, Limits, Monitor, Outcome, Perimeter, Priority, Progress,
    SearchResult, SearchSpace, Stop, Ties, Toward,
};
use planbox::sokoban::game::{State, Step};
use planbox::sokoban::solver::connectivity::{self, Guide};
use planbox::sokoban::solver::push::MAX_MOVE_CELLS;
use planbox::sokoban::solver::{
    Board, MatchingBound, PullOptions, PullSpace, PushOptions, PushSpace, walk,
};
use planbox::sokoban::{Level, lurd, xsb};
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::options::{SearchName, count, seconds};
use super::plan::exit_code;
use super::solve_trace::PushViewer;
use super::xsb2pddl::{invalid, load_collection, select, usage};
use super::{Coded, exit};

/// The greedy pulls' default perimeter (`--perimeter`): positions pushed
/// breadth-first around the start before the pulls begin.
const PERIMETER: usize = 200_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Optimize {
    /// Any solution, found fast (greedy best-first search on the matching bound)
    None,
    /// The fewest pushes (A* on the matching bound, which is admissible)
    Pushes,
    /// The fewest moves, walks included (A* over the man's exact cell)
    Moves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Direction {
    /// --optimize none with gbfs or wastar: push (guided by connectivity)
    /// for a share of the time, then pull; otherwise forward
    Auto,
    /// Push the boxes from the start to the goals
    Forward,
    /// Pull the boxes from the goals back to the start (the man in every
    /// region he could end in)
    Backward,
    /// Push forward and pull backward at once, until a pushed position
    /// equals a pulled one (uniform-cost: push-optimal)
    Bidirectional,
}

impl Direction {
    fn name(self) -> &'static str {
        match self {
            Direction::Auto => "auto",
            Direction::Forward => "forward",
            Direction::Backward => "backward",
            Direction::Bidirectional => "bidirectional",
        }
    }
}

/// `--ties`: the open list's order among equal keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TieOrder {
    /// The oldest node first (breadth-first through a plateau)
    Fifo,
    /// The newest node first (depth-first through a plateau)
    Lifo,
}

impl From<TieOrder> for Ties {
    fn from(order: TieOrder) -> Ties {
        match order {
            TieOrder::Fifo => Ties::Fifo,
            TieOrder::Lifo => Ties::Lifo,
        }
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// An XSB file of Sokoban levels.
    levels: PathBuf,
    /// Which levels: `3`, `1-30` or `2,5,9`.
    #[arg(long, value_name = "N")]
    level: Option<String>,
    /// The level with this title.
    #[arg(long, value_name = "T", conflicts_with = "level")]
    title: Option<String>,
    /// Every level of the file.
    #[arg(long, conflicts_with_all = ["level", "title"])]
    all: bool,
    /// What the solution should be best in.
    #[arg(long, value_enum, default_value_t = Optimize::None)]
    optimize: Optimize,
    /// The algorithm [default: gbfs for --optimize none, astar for pushes].
    #[arg(long, value_enum)]
    search: Option<SearchName>,
    /// Which way to search: pushes from the start, or pulls from the goals.
    #[arg(long, value_enum, default_value_t = Direction::Auto)]
    direction: Direction,
    /// dfs, iddfs: the most pushes to look at.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    depth_limit: Option<u32>,
    /// Stop searching a level after this many CPU seconds (exit 23).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    time_limit: Option<f64>,
    /// Stop searching a level when the process would use more than this many
    /// MB (exit 22) [default: none, or the address-space rlimit (`ulimit -v`)
    /// less an eighth and 64 MB].
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = count::<u64>)]
    memory_limit: Option<u64>,
    /// Keep boxes that are pushed onto dead squares (to measure the rule).
    #[arg(long)]
    no_dead_squares: bool,
    /// Keep boxes that freeze off a goal (to measure the rule).
    #[arg(long)]
    no_freeze: bool,
    /// Do not narrow the pushes to a PI-corral (on only for --optimize none, forward).
    #[arg(long)]
    no_corrals: bool,
    /// Do not fill goal rooms by goal macros and goal cuts (on only for
    /// --optimize none with gbfs or wastar, forward).
    #[arg(long)]
    no_goal_macros: bool,
    /// Do not push (forward) or pull (backward) boxes on through tunnels as
    /// one step (on only for --optimize none with gbfs or wastar).
    #[arg(long)]
    no_tunnels: bool,
    /// Do not search PI-corrals for deadlocks (to measure the rule; no
    /// deadlock patterns are learnt either).
    #[arg(long)]
    no_corral_deadlocks: bool,
    /// Do not match the corral deadlocks proved so far against later
    /// positions with more boxes (to measure the rule).
    #[arg(long)]
    no_deadlock_patterns: bool,
    /// Keep boxes that cannot all be matched to distinct goals (to measure
    /// the rule; the matching bound then gives such nodes a finite value).
    #[arg(long)]
    no_matching: bool,
    /// The greedy forward solver's weight of each region the boxes cut the
    /// free floor into, added to the matching bound (0: the bound alone)
    /// [default: 8, as in --direction auto's pushes].
    #[arg(long, value_name = "W", allow_negative_numbers = true, value_parser = count::<u32>)]
    connectivity: Option<u32>,
    /// gbfs, --optimize none, one direction: take turns between the cells of
    /// a feature space (boxes home × regions of free floor), expanding the
    /// best node of each cell in turn instead of the best node of all
    /// (Festival's feature space search); --direction auto has a phase of
    /// its own with features.
    #[arg(long)]
    features: bool,
    /// The greedy pulls' perimeter: the number of positions stored
    /// breadth-first around the start (pushes, no macros) before the pulls
    /// begin; the pulls stop at any of them, not only at the start (0: at
    /// the start alone). With a time limit the growth gets at most half the
    /// time left, and a perimeter cut short is a smaller one.
    #[arg(long, value_name = "N", default_value_t = PERIMETER, allow_negative_numbers = true, value_parser = count::<usize>)]
    perimeter: usize,
    /// astar, wastar, gbfs: which of the nodes with equal estimates to
    /// expand first [default: fifo; --direction auto's schedule uses lifo for
    /// its short pull phase].
    #[arg(long, value_enum)]
    ties: Option<TieOrder>,
    /// dfs, iddfs: remember every node seen with its cost and drop it when
    /// reached again at no greater cost (a transposition table).
    #[arg(long)]
    transposition_table: bool,
    /// Print the first expansions of each level's search (see --trace-limit)
    /// on stderr: the boxes, each push tried, its successor or the rule that
    /// pruned it. A trace follows one search, so with `--direction auto` it
    /// runs the forward pushes alone, not the schedule, and traced pulls go
    /// without a perimeter.
    #[arg(long)]
    trace: bool,
    /// How many expansions --trace prints.
    #[arg(long, value_name = "N", default_value_t = 20, allow_negative_numbers = true, value_parser = count::<usize>)]
    trace_limit: usize,
    /// Print one JSON record per level on stdout instead of LURD (with
    /// `outcome`, `exit_code` and, on failure, `error`; an error that stops
    /// the run is one record).
    #[arg(long)]
    pub json: bool,
    /// Write each solution to `DIR/level-NNN.lurd` instead of stdout (DIR is
    /// created if missing; one that cannot be written is an error, exit 31,
    /// before any level is searched; a level's old file is deleted before
    /// the level is searched).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

/// What became of one level.
struct Solved {
    index: usize,
    title: Option<String>,
    /// The direction of the search whose result this is.
    direction: Direction,
    /// Its order among equal estimates (best-first searches only).
    ties: Option<Ties>,
    /// How it was guided (the greedy searches only).
    guidance: Option<Guidance>,
    /// The phase of the schedule that ran last.
    phase: Option<PhaseRecord>,
    /// The perimeter the last phase's pulls aimed at.
    perimeter: Option<RingRecord>,
    result: Option<SearchResult>,
    /// The first expansions, with `--trace`.
    trace: Vec<Expansion>,
    /// The replayed solution: LURD, moves, pushes.
    solution: Option<(String, usize, usize)>,
    time: Duration,
    /// Why the level could not be searched.
    error: Option<LevelError>,
}

/// Why a level could not be searched, with the exit code that says so (an
/// invalid level, 31; a board too large for move-optimal search, 34).
struct LevelError {
    code: u8,
    /// The whole error, as printed when the level is alone: with the level
    /// and its place in the file.
    message: String,
    /// What is wrong, in one line, without the level (for a line that names
    /// the level already).
    what: String,
}

pub fn run(args: &SolveArgs) -> Result<u8> {
    let result = solve_levels(args);
    // Under --json, an error that stops the run (a file that cannot be read,
    // a usage error) is a record too, so that every run prints one.
    if let (true, Err(e)) = (args.json, &result) {
        let code = super::exit_code_of(e);
        let mut record = super::error_record(code, &format!("{e:#}"));
        record["file"] = serde_json::json!(args.levels.display().to_string());
        record["level"] = serde_json::Value::Null;
        super::print_record(&record);
    }
    result
}

/// Where `--out-dir DIR` puts the solution of level `index` (from 1).
fn solution_path(dir: &Path, collection: &xsb::Collection, index: usize) -> PathBuf {
    let stem = &planbox::sokoban::names::stems(collection, "level")[index - 1];
    dir.join(format!("{stem}.lurd"))
}

/// Solves the chosen levels, printing each one's outcome; returns the exit
/// code of the run.
fn solve_levels(args: &SolveArgs) -> Result<u8> {
    super::options::check_memory_limit(args.memory_limit)?;
    let collection = load_collection(&args.levels)?;
    let chosen = if args.all {
        (1..=collection.len()).collect()
    } else {
        select(
            &collection,
            args.level.as_deref(),
            args.title.as_deref(),
            true,
        )?
    };
    let bidirectional = args.direction == Direction::Bidirectional;
    if bidirectional && args.search.is_some_and(|s| s != SearchName::Bfs) {
        bail!(usage(
            "--direction bidirectional is a search of its own (uniform-cost from both ends); \
             leave out --search, or give bfs"
                .to_string()
        ));
    }
    let search = args.search.unwrap_or(match args.optimize {
        _ if bidirectional => SearchName::Bfs,
        Optimize::None => SearchName::Gbfs,
        Optimize::Pushes | Optimize::Moves => SearchName::Astar,
    });
    let (what, optimal) = match args.optimize {
        Optimize::None => ("", true),
        Optimize::Pushes => (
            "pushes needs astar, bfs or iddfs",
            matches!(
                search,
                SearchName::Astar | SearchName::Bfs | SearchName::Iddfs
            ),
        ),
        // Breadth-first search counts pushes, not the moves they cost.
        Optimize::Moves => ("moves needs astar", search == SearchName::Astar),
    };
    if !optimal {
        bail!(usage(format!(
            "--optimize {what}, an optimal search, not `{}`",
            search.name()
        )));
    }
    if args.direction == Direction::Bidirectional && args.trace {
        bail!(usage(
            "--trace follows one search; --direction bidirectional runs two".to_string()
        ));
    }
    if !matches!(args.direction, Direction::Forward | Direction::Auto)
        && args.optimize == Optimize::Moves
    {
        bail!(usage(
            "--optimize moves searches forward only (a pull's walk is paid by the next pull, \
             which a pulled node does not know yet); use --direction forward"
                .to_string()
        ));
    }
    if args.depth_limit.is_some() && !matches!(search, SearchName::Dfs | SearchName::Iddfs) {
        bail!(usage(format!(
            "`--depth-limit` only applies to `--search dfs` or `iddfs`, not `{}`",
            search.name()
        )));
    }
    if args.ties.is_some()
        && (!search.is_best_first() || args.direction == Direction::Bidirectional)
    {
        bail!(usage(format!(
            "`--ties` only applies to `--search astar`, `wastar` or `gbfs` in one direction, not `{}`{}",
            search.name(),
            if args.direction == Direction::Bidirectional {
                " both ways"
            } else {
                ""
            }
        )));
    }
    if args.features
        && (search != SearchName::Gbfs
            || args.optimize != Optimize::None
            || !matches!(args.direction, Direction::Forward | Direction::Backward))
    {
        bail!(usage(
            "`--features` only applies to `--search gbfs` with `--optimize none` in one \
             direction (`--direction forward` or `backward`; `auto` has a phase with features)"
                .to_string()
        ));
    }
    if args.transposition_table && !matches!(search, SearchName::Dfs | SearchName::Iddfs) {
        bail!(usage(format!(
            "`--transposition-table` only applies to `--search dfs` or `iddfs` (`{}` keeps its own closed list)",
            search.name()
        )));
    }
    if let Some(dir) = &args.out_dir {
        super::output::make_folder(dir, "the folder")?;
    }
    let several = chosen.len() > 1;
    let mut done = Vec::new();
    for (k, &index) in chosen.iter().enumerate() {
        // An old solution of the level goes first, as `plan` removes its old
        // plans: a level not solved this time leaves no file to misread.
        if let Some(dir) = &args.out_dir {
            let path = solution_path(dir, &collection, index);
            if path.is_file() {
                std::fs::remove_file(&path).with_context(|| {
                    format!("cannot remove the old solution `{}`", path.display())
                })?;
                if !args.json {
                    eprintln!("Removed old solution {}", path.display());
                }
            }
        }
        let solved = solve_level(args, &collection, index, search)?;
        if args.trace {
            if several {
                eprintln!("{}:", name(&solved));
            }
            if let Some(Ok(level)) = collection.level(index) {
                let board = Board::new(&level);
                let viewer = PushViewer {
                    level: &level,
                    board: &board,
                    moves: args.optimize == Optimize::Moves,
                    pulls: args.direction == Direction::Backward,
                };
                eprint!("{}", viewer.trace(&solved.trace));
            }
        }
        if several && !args.json {
            eprintln!("[{}/{}] {}", k + 1, chosen.len(), summary_line(&solved));
        }
        emit(args, &collection, &solved, several)?;
        done.push(solved);
    }
    if several && !args.json {
        eprint!("{}", summary(&done));
    }
    // One level: its outcome's code. Several: 0 when all are solved, else
    // the code of the first level that is not.
    let code = done
        .iter()
        .map(level_code)
        .find(|&c| c != exit::SUCCESS)
        .unwrap_or(exit::SUCCESS);
    Ok(code)
}

/// The exit code of one level's outcome.
fn level_code(s: &Solved) -> u8 {
    match (&s.error, &s.result) {
        (Some(e), _) => e.code,
        (None, Some(r)) => exit_code(&r.outcome),
        (None, None) => exit::INPUT_ERROR,
    }
}

/// The `outcome` of a record for an error, by its exit code.
/// The outcome of a level that could not be searched.
fn level_error_outcome(code: u8) -> &'static str {
    match code {
        exit::USAGE => "usage_error",
        exit::INPUT_ERROR => "invalid",
        exit::UNSUPPORTED => "unsupported",
        exit::CRITICAL_ERROR => "critical_error",
        _ => "error",
    }
}

fn solve_level(
    args: &SolveArgs,
    collection: &xsb::Collection,
    index: usize,
    search: SearchName,
) -> Result<Solved> {
    let title = collection.entries()[index - 1].title.clone();
    let run = LevelRun::new(args, level_name(index, title.as_deref()));
    let not_searched = |error: LevelError| Solved {
        index,
        title: title.clone(),
        direction: args.direction,
        ties: None,
        guidance: None,
        phase: None,
        perimeter: None,
        result: None,
        trace: Vec::new(),
        solution: None,
        time: run.start.elapsed(),
        error: Some(error),
    };
    let level = match collection.level(index) {
        Some(Ok(level)) => level,
        Some(Err(e)) => {
            return Ok(not_searched(LevelError {
                code: exit::INPUT_ERROR,
                message: e.to_string(),
                what: e.what(),
            }));
        }
        None => bail!(invalid(format!("no level {index}"))),
    };
    let board = Board::new(&level);
    let moves = args.optimize == Optimize::Moves;
    if moves && board.len() > MAX_MOVE_CELLS {
        let message = format!(
            "--optimize moves handles boards of up to {MAX_MOVE_CELLS} floor cells; this one has {}",
            board.len()
        );
        return Ok(not_searched(LevelError {
            code: exit::UNSUPPORTED,
            what: message.clone(),
            message,
        }));
    }
    let limit = args.time_limit.map(Duration::from_secs_f64);
    let greedy =
        args.optimize == Optimize::None && matches!(search, SearchName::Gbfs | SearchName::Wastar);
    // The greedy forward search is guided by connectivity as well as the
    // matching bound (--connectivity); every other search by the bound.
    // Greedy best-first search may take turns between feature cells.
    let guidance = |phase: &Phase| Guidance {
        weight: match (greedy, phase.direction) {
            (true, Direction::Forward) => args.connectivity.unwrap_or(phase.guide.weight),
            _ => 0,
        },
        features: phase.guide.features && search == SearchName::Gbfs,
    };
    let direction = match args.direction {
        Direction::Auto => Direction::Forward,
        d => d,
    };
    let alone = [Phase {
        name: match direction {
            Direction::Backward => "pulls",
            Direction::Bidirectional => "pushes and pulls",
            _ => "pushes",
        },
        direction,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: args.features,
        },
        share: 1.0,
        ties: Ties::Fifo,
    }];
    let scheduled = greedy && !args.trace && !args.transposition_table;
    let phases: &[Phase] = match (args.direction, limit) {
        (Direction::Auto, Some(_)) if scheduled => &AUTO,
        // Without a time limit there are no shares: the widening pulls
        // alone, the strongest of the phases.
        (Direction::Auto, None) if scheduled => &AUTO[AUTO.len() - 1..],
        _ => &alone,
    };
    let (mut result, mut trace, mut direction) = (None, Vec::new(), phases[0].direction);
    let (mut ties, mut guided, mut phase_ran, mut perimeter) = (None, None, None, None);
    // The greedy pulls aim at a perimeter of pushed positions around the
    // start (traced pulls go without it, so that the trace shows pulls).
    let aims_at_ring =
        |d: Direction| greedy && d == Direction::Backward && !args.trace && args.perimeter > 0;
    let mut ring: Option<Ring> = None;
    for (k, phase) in phases.iter().enumerate() {
        let ran = PhaseRecord {
            number: k + 1,
            of: phases.len(),
            name: phase.name,
        };
        let d = phase.direction;
        if aims_at_ring(d) && ring.is_none() {
            // One perimeter serves every phase that pulls. It is grown by
            // the first in at most half the time left, so that the pulls
            // always have time to run (a ring cut short is a smaller one).
            let budget = limit.map(|t| t.saturating_sub(run.start.elapsed()) / 2);
            run.stage(format!("{}, growing the perimeter", ran.label()), "pushes");
            ring = Some(Ring::grow(
                &run,
                &board,
                push_options(args, d, greedy),
                budget,
            ));
        }
        // Each phase but the last gets its share of the time left, in
        // proportion to the shares of the phases still to come: its share
        // of the whole limit when the phases before it used theirs, less
        // when a perimeter took time. The last gets what is left.
        let left = limit.map(|t| t.saturating_sub(run.start.elapsed()));
        let rest: f64 = phases[k..].iter().map(|p| p.share).sum();
        let time = match left {
            Some(left) if k + 1 < phases.len() => Some(left.mul_f64(phase.share / rest)),
            _ => left,
        };
        let steps = match d {
            Direction::Backward => "pulls",
            Direction::Bidirectional => "pushes and pulls",
            _ => "pushes",
        };
        run.stage(ran.label(), steps);
        let order = args.ties.map_or(phase.ties, Ties::from);
        let toward = ring.as_mut().filter(|_| aims_at_ring(d));
        let (r, t) = search_direction(
            &run,
            &board,
            d,
            guidance(phase),
            order,
            search,
            greedy,
            time,
            limit,
            toward,
        );
        let done = !matches!(r.outcome, Outcome::OutOfTime | Outcome::OutOfMemory);
        (result, trace, direction) = (Some(r), t, d);
        ties = (search.is_best_first() && d != Direction::Bidirectional).then_some(order);
        guided = greedy.then(|| guidance(phase));
        phase_ran = Some(ran);
        perimeter = ring
            .as_ref()
            .filter(|_| aims_at_ring(d))
            .and_then(Ring::record);
        if done {
            break;
        }
    }
    let result = result.expect("one direction at least");
    let solution = match &result.outcome {
        Outcome::Plan(pushes) => Some(replayed(&board, &level, pushes)?),
        _ => None,
    };
    Ok(Solved {
        index,
        title,
        direction,
        ties,
        guidance: guided,
        phase: phase_ran,
        perimeter,
        result: Some(result),
        trace,
        solution,
        time: run.start.elapsed(),
        error: None,
    })
}

/// How often a long search reports its progress on stderr, as `plan`'s.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// What the searches of one level share: the options, the level's CPU
/// clock and its progress lines. A line goes to stderr every
/// [`PROGRESS_EVERY`] of the level's time, whichever search is running
/// then; none under `--json`, as for `plan --json`.
struct LevelRun<'a> {
    args: &'a SolveArgs,
    /// `level 3 (`3`)`, for the progress lines.
    name: String,
    start: CpuClock,
    /// The level's CPU time when the next progress line is due.
    next_report: Cell<Duration>,
    /// What runs now, for the progress lines: the phase, and what a
    /// generated node is (`pushes`, `pulls`).
    now: RefCell<(String, &'static str)>,
}

impl<'a> LevelRun<'a> {
    fn new(args: &'a SolveArgs, name: String) -> LevelRun<'a> {
        LevelRun {
            args,
            name,
            start: CpuClock::now(),
            next_report: Cell::new(PROGRESS_EVERY),
            now: RefCell::new((String::new(), "pushes")),
        }
    }

    /// Names what runs next in the progress lines.
    fn stage(&self, what: String, steps: &'static str) {
        *self.now.borrow_mut() = (what, steps);
    }

    /// The limits of one search that may run for `time`, with the progress
    /// lines kept on the level's rhythm.
    fn monitor(&self, time: Option<Duration>) -> Monitor<'_> {
        let quiet = self.args.json;
        let monitor = Monitor::new(Limits {
            time,
            memory: Limits::memory_from(self.args.memory_limit),
            progress_every: (!quiet).then_some(PROGRESS_EVERY),
            ..Limits::none()
        });
        if quiet {
            return monitor;
        }
        let due = self.next_report.get().saturating_sub(self.start.elapsed());
        monitor
            .first_report_after(due)
            .with_progress(move |p| self.report(p))
    }

    fn report(&self, p: &Progress) {
        let elapsed = self.start.elapsed();
        let (what, steps) = &*self.now.borrow();
        eprintln!("{}", progress_line(&self.name, what, steps, p, elapsed));
        self.next_report.set(elapsed + PROGRESS_EVERY);
    }
}

/// One progress line: `[t=5.0s, ~812 KB estimated] level 3 (`3`), phase 5
/// of 5 (widening pulls): h = 31, 3503 expanded, 10452 pulls generated`.
fn progress_line(level: &str, what: &str, steps: &str, p: &Progress, elapsed: Duration) -> String {
    let what = if what.is_empty() {
        String::new()
    } else {
        format!(", {what}")
    };
    let value = p
        .value
        .map(|(name, v)| format!("{name} = {v}, "))
        .unwrap_or_default();
    format!(
        "[t={:.1}s, ~{} KB estimated] {level}{what}: {value}{} expanded, {} {steps} generated",
        elapsed.as_secs_f64(),
        p.memory / 1024,
        p.expanded,
        p.generated
    )
}

/// How a greedy search is guided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Guidance {
    /// The connectivity weight (forward only; see [`Guide`]).
    weight: u32,
    /// Whether it takes turns between the cells of feature space
    /// ([`Guide::with_features`]).
    features: bool,
}

/// One search of the default greedy solver's schedule.
struct Phase {
    /// Its name in the record and the messages.
    name: &'static str,
    direction: Direction,
    /// How a greedy search of the phase is guided.
    guide: Guidance,
    /// Its share of the time limit, if it is not the last.
    share: f64,
    /// Which of the nodes with equal estimates goes first.
    ties: Ties,
}

/// The phase whose result a level's record gives.
#[derive(Clone, Copy, Debug)]
struct PhaseRecord {
    number: usize,
    of: usize,
    name: &'static str,
}

impl PhaseRecord {
    /// `phase 5 of 5 (widening pulls)`, or the name of a phase alone.
    fn label(&self) -> String {
        if self.of > 1 {
            format!("phase {} of {} ({})", self.number, self.of, self.name)
        } else {
            self.name.to_string()
        }
    }
}

/// The default greedy solver (`--direction auto`) with a time limit: pushes
/// guided by connectivity, pushes with features, pulls with features, pulls
/// that dive through plateaus (newest node first), then pulls that widen
/// them (oldest first) in the time that is left. Each solves levels the
/// others do not (benches/README.md). Measured alone on XSokoban at 20 s
/// per level, the pushes with connectivity solve all but one of their levels
/// within 4 s (18 after 16 s, which the pushes with features solve in 6 s),
/// the pulls with features theirs within 12 s (four new levels among them),
/// the diving pulls theirs within 3.3 s, and the widening pulls need up to
/// 25 s; so the phases get 5 %, 12 %, 25 % and 7 % of the time, and the
/// widening pulls the 51 % that is left. The pulls' perimeter is grown once,
/// by the first pull phase, in at most half the time left then, and the
/// pull phases share what it leaves in the same proportions. The pushes
/// with connectivity weight 4 (`--connectivity 4`) are left out: they alone
/// solve XSokoban 32, in 11 s, where the pulls with features solve four
/// levels.
const AUTO: [Phase; 5] = [
    Phase {
        name: "pushes",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: false,
        },
        share: 0.05,
        ties: Ties::Fifo,
    },
    Phase {
        name: "pushes with features",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: true,
        },
        share: 0.12,
        ties: Ties::Fifo,
    },
    Phase {
        name: "pulls with features",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: true,
        },
        share: 0.25,
        ties: Ties::Fifo,
    },
    Phase {
        name: "diving pulls",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: false,
        },
        share: 0.07,
        ties: Ties::Lifo,
    },
    Phase {
        name: "widening pulls",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: false,
        },
        share: 0.51,
        ties: Ties::Fifo,
    },
];

/// The rules of a search in direction `d`. Macros make one search step of
/// several pushes: for the heuristic searches after any solution
/// (`greedy`), not for the blind ones, whose depth counts pushes
/// (`--depth-limit`, the classroom's tables).
fn push_options(args: &SolveArgs, d: Direction, greedy: bool) -> PushOptions {
    let forward = d == Direction::Forward;
    let backward = d == Direction::Backward;
    PushOptions {
        dead_squares: !args.no_dead_squares,
        freeze: !args.no_freeze,
        moves: args.optimize == Optimize::Moves,
        corrals: args.optimize == Optimize::None && !args.no_corrals && forward,
        goal_macros: greedy && !args.no_goal_macros && forward,
        // Tunnels for pushes forward, for pulls backward.
        tunnels: greedy && !args.no_tunnels && (forward || backward),
        corral_deadlocks: !args.no_corral_deadlocks,
        matching: !args.no_matching,
        patterns: !args.no_deadlock_patterns,
    }
}

/// Searches one level in direction `d` for `time`; `greedy` when any
/// solution will do (macros and corral pruning forward, with a search
/// without them to prove a level unsolvable, in what is left of `limit`).
/// Pulls with a `ring` aim at it.
#[allow(clippy::too_many_arguments)]
fn search_direction(
    run: &LevelRun,
    board: &Board,
    d: Direction,
    guide: Guidance,
    ties: Ties,
    search: SearchName,
    greedy: bool,
    time: Option<Duration>,
    limit: Option<Duration>,
    mut ring: Option<&mut Ring>,
) -> (SearchResult, Vec<Expansion>) {
    let options = push_options(run.args, d, greedy);
    let (mut result, mut trace) = search_level(
        run,
        board,
        d,
        guide,
        ties,
        options,
        search,
        ring.as_deref_mut(),
        time,
    );
    // Corral pruning, goal cuts and tunnel macros may cut every solution of
    // a node they narrow; only the full search proves that none exists (in
    // the time that is left).
    if options.narrows() && result.outcome == Outcome::Unsolvable {
        let full = options.keeping_every_push();
        let left = limit.map(|t| t.saturating_sub(run.start.elapsed()));
        (result, trace) = search_level(run, board, d, guide, ties, full, search, ring, left);
    }
    (result, trace)
}

/// Searches one level; with `--trace`, also returns the first expansions.
#[allow(clippy::too_many_arguments)]
fn search_level(
    run: &LevelRun,
    board: &Board,
    direction: Direction,
    guide: Guidance,
    ties: Ties,
    options: PushOptions,
    search: SearchName,
    ring: Option<&mut Ring>,
    time: Option<Duration>,
) -> (SearchResult, Vec<Expansion>) {
    let args = run.args;
    let pulls = PullOptions {
        dead_squares: options.dead_squares,
        freeze: options.freeze,
        tunnels: options.tunnels,
    };
    match direction {
        Direction::Forward | Direction::Auto => {
            let mut space = PushSpace::new(board, options);
            let mut bound = Guide::new(board, MatchingBound::to_goals(board), guide.weight);
            if guide.features {
                bound = bound.with_features(&board.goals);
            }
            let depth = args.depth_limit;
            if args.transposition_table {
                let mut table = Transpositions::new(&mut space);
                traced(run, &mut table, bound, search, ties, depth, time)
            } else {
                traced(run, &mut space, bound, search, ties, depth, time)
            }
        }
        Direction::Backward => {
            let mut space = PullSpace::new(board, pulls);
            let mut bound = Guide::new(board, MatchingBound::to_starts(board), guide.weight);
            if guide.features {
                bound = bound.with_features(&board.start_boxes);
            }
            // The root's step into a region is one step deeper than a pull.
            let depth = args.depth_limit.map(|d| d.saturating_add(1));
            if let Some(ring) = ring {
                return toward_perimeter(run, ring, space, bound, search, ties, time);
            }
            if args.transposition_table {
                let mut table = Transpositions::new(&mut space);
                traced(run, &mut table, bound, search, ties, depth, time)
            } else {
                traced(run, &mut space, bound, search, ties, depth, time)
            }
        }
        Direction::Bidirectional => {
            // Pushes and pulls meet where their nodes' words are equal; the
            // forward side keeps only the rules that lose no optimal plan.
            let mut forward = PushSpace::new(board, options.keeping_every_push());
            let mut backward = PullSpace::new(board, pulls);
            let mut monitor = run.monitor(time);
            let result =
                search::bidirectional(&mut forward, &mut backward, &mut Exact, &mut monitor);
            (result, Vec::new())
        }
    }
}

/// The greedy pulls' perimeter of one level: `--perimeter` positions
/// pushed breadth-first from the start (with the rules that keep every
/// push: no corrals, no macros), grown once and kept for every phase that
/// pulls.
struct Ring<'b> {
    /// The pushes it was grown with.
    forward: PushSpace<'b>,
    grown: Grown<Exact>,
    /// The CPU time its growth took.
    time: Duration,
}

/// What a level's record says of the perimeter its pulls aimed at.
#[derive(Clone, Copy, Debug)]
struct RingRecord {
    positions: usize,
    expanded: u64,
    time: Duration,
    /// The time given to the growth ran out before `--perimeter` positions.
    cut_short: bool,
}

impl<'b> Ring<'b> {
    /// Grows the ring in at most `time` (a ring cut short by it is smaller).
    fn grow(
        run: &LevelRun,
        board: &'b Board,
        options: PushOptions,
        time: Option<Duration>,
    ) -> Self {
        let mut forward = PushSpace::new(board, options.keeping_every_push());
        let started = CpuClock::now();
        let budget = run.args.perimeter;
        let grown = Perimeter::grow(&mut forward, Exact, budget, &mut run.monitor(time));
        Ring {
            forward,
            grown,
            time: started.elapsed(),
        }
    }

    fn record(&self) -> Option<RingRecord> {
        match &self.grown {
            Grown::Ring(ring) => Some(RingRecord {
                positions: ring.len(),
                expanded: ring.stats.expanded,
                time: self.time,
                cut_short: ring.stopped == Some(Stop::Time),
            }),
            Grown::Plan(..) => None,
        }
    }
}

/// Pulls toward the perimeter `ring` for `time`. The result counts the
/// ring's work too: it is the forward side, the pulls the backward side.
fn toward_perimeter(
    run: &LevelRun,
    ring: &mut Ring,
    mut pulls: PullSpace,
    bound: Guide,
    search: SearchName,
    ties: Ties,
    time: Option<Duration>,
) -> (SearchResult, Vec<Expansion>) {
    let (mut result, trace, grown) = match &mut ring.grown {
        // The growth's pushes reached the goals themselves.
        Grown::Plan(plan, stats) => (
            finished(Outcome::Plan(plan.clone())),
            Vec::new(),
            (**stats).clone(),
        ),
        Grown::Ring(perimeter) if perimeter.stopped == Some(Stop::Memory) => (
            finished(Outcome::OutOfMemory),
            Vec::new(),
            perimeter.stats.clone(),
        ),
        Grown::Ring(perimeter) => {
            let stats = perimeter.stats.clone();
            let mut toward = Toward::new(&ring.forward, &mut pulls, perimeter);
            let (result, trace) = traced(run, &mut toward, bound, search, ties, None, time);
            (result, trace, stats)
        }
    };
    let pulled = side(&result.stats);
    result.stats.add_counts(&grown);
    result.stats.sides = Some([side(&grown), pulled]);
    if result.stats.pruned.is_empty() {
        // The pulls never ran: their counters are all 0.
        result.stats.pruned = pulls.pruning_counters();
    }
    result.stats.pruned.extend(ring.forward.pruning_counters());
    result.stats.search_time += ring.time;
    if result.stats.peak_memory_kb.is_none() {
        result.stats.peak_memory_kb = search::peak_memory_kb();
    }
    (result, trace)
}

/// A result with no search counted (yet).
fn finished(outcome: Outcome) -> SearchResult {
    SearchResult {
        outcome,
        stats: search::Stats::default(),
    }
}

fn side(stats: &search::Stats) -> search::SideStats {
    search::SideStats {
        expanded: stats.expanded,
        generated: stats.generated,
    }
}

/// Runs the search, through a [`Traced`] space if `--trace` asks for it.
fn traced<S: SearchSpace + ?Sized>(
    run: &LevelRun,
    space: &mut S,
    bound: Guide,
    search: SearchName,
    ties: Ties,
    depth: Option<u32>,
    time: Option<Duration>,
) -> (SearchResult, Vec<Expansion>) {
    let args = run.args;
    if !args.trace || args.trace_limit == 0 {
        return (
            algorithm(run, space, bound, search, ties, depth, time),
            Vec::new(),
        );
    }
    let mut recorder = Traced::new(space, args.trace_limit);
    let result = algorithm(run, &mut recorder, bound, search, ties, depth, time);
    (result, recorder.expansions)
}

/// Runs the chosen algorithm on a space of either direction, with its
/// matching bound (to goals forward, to start cells backward).
fn algorithm<S: SearchSpace + ?Sized>(
    run: &LevelRun,
    space: &mut S,
    mut bound: Guide,
    search: SearchName,
    ties: Ties,
    depth: Option<u32>,
    time: Option<Duration>,
) -> SearchResult {
    let mut monitor = run.monitor(time);
    if run.args.no_matching {
        bound.bound = bound.bound.without_dead_ends();
    }
    match search {
        SearchName::Bfs => search::bfs(space, &mut monitor),
        SearchName::Dfs => search::dfs(space, depth, true, &mut monitor),
        SearchName::Iddfs => search::iddfs(space, depth, true, &mut monitor),
        SearchName::Astar | SearchName::Wastar | SearchName::Gbfs => {
            let priority = match search {
                SearchName::Astar => Priority::AStar,
                SearchName::Wastar => Priority::Weighted(2),
                _ => Priority::Greedy,
            };
            search::best_first(space, &mut bound, priority, false, ties, &mut monitor)
        }
        SearchName::LazyGbfs | SearchName::LazyWastar => {
            let options = search::LazyOptions {
                weight: (search == SearchName::LazyWastar).then_some(2),
                preferred: false,
                boost: 0,
                bound: None,
            };
            search::lazy(space, &mut [&mut bound], options, &mut monitor)
        }
    }
}

/// The LURD of a push plan, after replaying it on the level: moves and
/// pushes counted, and the level solved at the end.
fn replayed(
    board: &Board,
    level: &Level,
    pushes: &[planbox::task::OpId],
) -> Result<(String, usize, usize)> {
    let critical = |message: String| -> anyhow::Error {
        Coded {
            code: exit::CRITICAL_ERROR,
            message: format!("internal error: the solution found does not replay: {message}"),
        }
        .into()
    };
    let text = walk::lurd(board, pushes).map_err(|(_, m)| critical(m))?;
    let letters = lurd::parse(&text).map_err(|(_, m)| critical(m))?;
    let mut state = State::initial(level);
    let mut pushed = 0;
    for &letter in &letters {
        match lurd::apply(&mut state, level, letter) {
            Ok(Step::Push { .. }) => pushed += 1,
            Ok(Step::Move) => {}
            Err(m) => return Err(critical(m)),
        }
    }
    if !state.is_solved(level) {
        return Err(critical("the boxes are not all on goals".into()));
    }
    Ok((text, letters.len(), pushed))
}

fn name(solved: &Solved) -> String {
    level_name(solved.index, solved.title.as_deref())
}

/// `level 3 (`3`)`, or `level 3` for a level without a title.
fn level_name(index: usize, title: Option<&str>) -> String {
    match title {
        Some(t) => format!("level {index} (`{t}`)"),
        None => format!("level {index}"),
    }
}

/// ` in phase 5 of 5 (widening pulls)`: the phase that ran last, when the
/// schedule has several.
fn phase_in(s: &Solved) -> String {
    match &s.phase {
        Some(p) if p.of > 1 => format!(" in {}", p.label()),
        _ => String::new(),
    }
}

/// `173618 expansions (170115 of them for a perimeter of 200000
/// positions)`: the work of the phase that ran last, with its perimeter's
/// part when a limit stopped it.
fn work(s: &Solved, r: &SearchResult) -> String {
    let mut text = counted(r.stats.expanded as usize, "expansion", "expansions");
    let stopped = matches!(r.outcome, Outcome::OutOfTime | Outcome::OutOfMemory);
    if let (true, Some(ring)) = (stopped, &s.perimeter) {
        text.push_str(&format!(
            " ({} of them for a perimeter of {}{})",
            ring.expanded,
            counted(ring.positions, "position", "positions"),
            if ring.cut_short {
                ", cut short by its share of the time"
            } else {
                ""
            }
        ));
    }
    text
}

/// `1 push`, `2 pushes`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn outcome_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Plan(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::Incomplete => "incomplete",
        Outcome::OutOfTime => "out_of_time",
        Outcome::OutOfMemory => "out_of_memory",
    }
}

fn summary_line(s: &Solved) -> String {
    match (&s.error, &s.result, &s.solution) {
        (Some(e), _, _) => format!("{}: not searched: {}", name(s), e.what),
        (None, Some(r), Some((_, moves, pushes))) => format!(
            "{}: solved, {}, {}, {} expanded, {:.2} s",
            name(s),
            counted(*moves, "move", "moves"),
            counted(*pushes, "push", "pushes"),
            r.stats.expanded,
            s.time.as_secs_f64()
        ),
        (None, Some(r), None) => format!(
            "{}: {}{}, {} expanded, {:.2} s",
            name(s),
            outcome_name(&r.outcome),
            phase_in(s),
            r.stats.expanded,
            s.time.as_secs_f64()
        ),
        (None, None, _) => format!("{}: not searched", name(s)),
    }
}

/// The count of solved levels, and of each other outcome.
fn summary(done: &[Solved]) -> String {
    let solved = done.iter().filter(|s| s.solution.is_some()).count();
    let mut other: Vec<(&str, usize)> = Vec::new();
    for s in done.iter().filter(|s| s.solution.is_none()) {
        let what = match (&s.error, &s.result) {
            (Some(_), _) | (None, None) => "invalid",
            (None, Some(r)) => outcome_name(&r.outcome),
        };
        match other.iter_mut().find(|(w, _)| *w == what) {
            Some((_, n)) => *n += 1,
            None => other.push((what, 1)),
        }
    }
    let time: f64 = done.iter().map(|s| s.time.as_secs_f64()).sum();
    let mut text = format!(
        "Solved {solved} of {}",
        counted(done.len(), "level", "levels")
    );
    for (what, n) in other {
        text.push_str(&format!(", {n} {what}"));
    }
    text.push_str(&format!(" in {time:.1} s.\n"));
    text
}

fn emit(args: &SolveArgs, collection: &xsb::Collection, s: &Solved, several: bool) -> Result<()> {
    if args.json {
        let r = s.result.as_ref();
        let stats = r.map(|r| &r.stats);
        let mut record = serde_json::json!({
            "file": args.levels.display().to_string(),
            "level": s.index,
            "title": s.title,
            "direction": s.direction.name(),
            "ties": s.ties.map(|t| match t {
                Ties::Fifo => "fifo",
                Ties::Lifo => "lifo",
            }),
            "phase": s.phase.map(|p| p.name),
            "phase_number": s.phase.map(|p| p.number),
            "phases": s.phase.map(|p| p.of),
            "perimeter": s.perimeter.map(|r| r.positions),
            "perimeter_time_s": s.perimeter.map(|r| r.time.as_secs_f64()),
            "connectivity": s.guidance.map(|g| g.weight),
            "features": s.guidance.map(|g| g.features),
            "outcome": match (&s.error, r) {
                (Some(e), _) => level_error_outcome(e.code),
                (None, None) => "invalid",
                (None, Some(r)) => outcome_name(&r.outcome),
            },
            "exit_code": level_code(s),
            "error": s.error.as_ref().map(|e| &e.message),
            "lurd": s.solution.as_ref().map(|x| &x.0),
            "moves": s.solution.as_ref().map(|x| x.1),
            "pushes": s.solution.as_ref().map(|x| x.2),
            "expanded": stats.map(|s| s.expanded),
            "generated": stats.map(|s| s.generated),
            "evaluated": stats.map(|s| s.evaluated),
            "dead_ends": stats.map(|s| s.dead_ends),
            "duplicates": stats.map(|s| s.duplicates),
            "search_time_s": stats.map(|s| s.search_time.as_secs_f64()),
            "total_time_s": s.time.as_secs_f64(),
            "peak_memory_kb": stats.and_then(|s| s.peak_memory_kb),
        });
        if let Some(stats) = stats {
            if let Some([f, b]) = &stats.sides {
                record["sides"] = serde_json::json!({
                    "forward": {"expanded": f.expanded, "generated": f.generated},
                    "backward": {"expanded": b.expanded, "generated": b.generated},
                });
            }
            for (rule, n) in &stats.pruned {
                record[*rule] = serde_json::json!(n);
            }
        }
        super::print_record(&record);
        return Ok(());
    }
    if let Some(e) = &s.error {
        if !several {
            bail!(Coded {
                code: e.code,
                message: e.message.clone()
            });
        }
        return Ok(());
    }
    let Some((text, moves, pushes)) = &s.solution else {
        if !several {
            let r = s.result.as_ref().expect("searched");
            eprintln!(
                "{}: {}{} after {}",
                name(s),
                outcome_name(&r.outcome),
                phase_in(s),
                work(s, r)
            );
        }
        return Ok(());
    };
    if let Some(dir) = &args.out_dir {
        let path = solution_path(dir, collection, s.index);
        if let Err(e) = std::fs::write(&path, format!("{text}\n")) {
            // The solution is not lost: it goes to stdout.
            println!("; {}\n{text}", name(s));
            bail!("cannot write `{}`: {e}", path.display());
        }
        println!("level {} -> {}", s.index, path.display());
    } else if several {
        println!(
            "; {}: {}, {}\n{text}",
            name(s),
            counted(*moves, "move", "moves"),
            counted(*pushes, "push", "pushes")
        );
    } else {
        println!("{text}");
        if let Some(r) = &s.result {
            eprintln!(
                "Solved: {}, {}; expanded {}, {:.3} s",
                counted(*moves, "move", "moves"),
                counted(*pushes, "push", "pushes"),
                counted(r.stats.expanded as usize, "node", "nodes"),
                s.time.as_secs_f64()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_progress_line_names_the_level_the_phase_and_the_work() {
        let p = Progress {
            expanded: 3503,
            generated: 10452,
            evaluated: 9000,
            value: Some(("h", 31)),
            elapsed: Duration::from_millis(1200),
            memory: 812 * 1024,
        };
        let phase = PhaseRecord {
            number: 5,
            of: 5,
            name: "widening pulls",
        };
        let five = Duration::from_secs(5);
        assert_eq!(
            progress_line("level 3 (`3`)", &phase.label(), "pulls", &p, five),
            "[t=5.0s, ~812 KB estimated] level 3 (`3`), phase 5 of 5 (widening pulls): \
             h = 31, 3503 expanded, 10452 pulls generated"
        );
        // A search alone, with no value to show.
        let alone = PhaseRecord { of: 1, ..phase };
        let p = Progress { value: None, ..p };
        assert_eq!(
            progress_line("level 3", &alone.label(), "pushes", &p, five * 2),
            "[t=10.0s, ~812 KB estimated] level 3, widening pulls: \
             3503 expanded, 10452 pushes generated"
        );
    }
}
