//! `planbox solve LEVELS.xsb`: the native push-level Sokoban solver.
//!
//! The arguments become [`SolverOptions`], and each chosen level is solved by
//! the library's [`Solver`] (its schedule, directions and replay check are
//! described there); this file reads the levels and prints. One level prints its LURD alone on
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
use clap::Args;
use planbox::search::trace::Expansion;
use planbox::search::{Algorithm, CpuClock, Outcome, Progress, SearchResult, Ties};
use planbox::sokoban::solver::schedule::{Guidance, PERIMETER};
use planbox::sokoban::solver::solve::{PhaseRecord, RingRecord, Stage};
use planbox::sokoban::solver::{Board, Direction, Optimize, SolveError, Solver, SolverOptions};
use planbox::sokoban::xsb;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::options::{choice, count, seconds};
use super::plan::exit_code;
use super::solve_trace::PushViewer;
use super::xsb2pddl::{invalid, load_collection, select, usage};
use super::{Coded, exit};

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
    #[arg(long, value_parser = choice::<Optimize>(), default_value_t = Optimize::None)]
    optimize: Optimize,
    /// The algorithm [default: gbfs for --optimize none, astar for pushes].
    #[arg(long, value_parser = choice::<Algorithm>())]
    search: Option<Algorithm>,
    /// Which way to search: pushes from the start, or pulls from the goals.
    #[arg(long, value_parser = choice::<Direction>(), default_value_t = Direction::Auto)]
    direction: Direction,
    /// dfs, iddfs: the most pushes to look at.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    depth_limit: Option<u32>,
    /// Stop searching a level after this many CPU seconds (exit 23).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    time_limit: Option<f64>,
    /// Stop searching a level when the process would use more than this many
    /// MB (exit 22) [default: none, or the address-space rlimit (`ulimit -v`)
    /// less an eighth and 64 MB, at most half of it].
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = count::<u64>)]
    memory_limit: Option<u64>,
    /// Keep boxes that are pushed onto dead squares (to measure the rule).
    #[arg(long)]
    no_dead_squares: bool,
    /// Keep boxes that freeze off a goal (to measure the rule).
    #[arg(long)]
    no_freeze: bool,
    /// Do not narrow the pushes to a PI-corral (forward, --optimize none or
    /// pushes; push-optimal searches take the strict PI-corrals only).
    #[arg(long)]
    no_corrals: bool,
    /// Do not fill goal rooms by goal macros and goal cuts (with --box-moves:
    /// by the goal cut; on only for --optimize none with gbfs or wastar,
    /// forward).
    #[arg(long)]
    no_goal_macros: bool,
    /// Do not push (forward) or pull (backward) boxes on through tunnels as
    /// one step (on only for --optimize none with gbfs or wastar).
    #[arg(long)]
    no_tunnels: bool,
    /// Do not search PI-corrals (pushing) or the man's fence (pulling) for
    /// deadlocks (to measure the rule; no deadlock patterns are learnt
    /// either).
    #[arg(long)]
    no_corral_deadlocks: bool,
    /// Do not match the corral deadlocks proved so far, pushing or pulling,
    /// against later positions with more boxes (to measure the rule).
    #[arg(long)]
    no_deadlock_patterns: bool,
    /// Keep boxes that cannot all be matched to distinct goals (to measure
    /// the rule; the matching bound then gives such nodes a finite value).
    #[arg(long)]
    no_matching: bool,
    /// Keep pushes that leave the movable boxes without a matching to the
    /// goals that the boxes frozen on goals leave free (to measure the rule).
    #[arg(long)]
    no_bipartite: bool,
    /// Leave out the penalties of pairs of near boxes from the push-optimal
    /// lower bound (the matching bound alone; to measure them).
    #[arg(long)]
    no_pairs: bool,
    /// Let the push-optimal lower bound push every box from whichever side
    /// it needs, as if the man could always walk round it (to measure the
    /// distances that know his side).
    #[arg(long)]
    no_sides: bool,
    /// With --features: leave out the blocked pairs of rooms from the
    /// feature cells (to measure them).
    #[arg(long)]
    no_rooms: bool,
    /// With --features --box-moves, forward: leave out the boxes out of plan
    /// (on goals past the first empty goal of their room's packing order)
    /// from the feature cells (to measure them).
    #[arg(long)]
    no_out_of_plan: bool,
    /// The greedy forward solver's weight of each region the boxes cut the
    /// free floor into, added to the matching bound (0: the bound alone)
    /// [default: 8, as in --direction auto's pushes].
    #[arg(long, value_name = "W", allow_negative_numbers = true, value_parser = count::<u32>)]
    connectivity: Option<u32>,
    /// gbfs, --optimize none, one direction: take turns between the cells of
    /// a feature space (boxes home × regions of free floor × blocked pairs
    /// of rooms, and with box moves forward × boxes out of plan), expanding the
    /// best node of each cell in turn instead of the best node of all
    /// (Festival's feature space search); --direction auto has a phase of
    /// its own with features.
    #[arg(long)]
    features: bool,
    /// --direction forward or backward: a step takes one box to any cell it
    /// can be pushed (pulled) to, the other boxes standing still (a box
    /// move, as Festival searches); with --features each cell takes first
    /// the node reached by the fewest moves that gained in no feature
    /// (Festival's move weights).
    #[arg(long)]
    box_moves: bool,
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
    #[arg(long, value_parser = choice::<Ties>())]
    ties: Option<Ties>,
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
    /// What an optimal search proved when it found no solution.
    lower_bound: Option<u32>,
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
    let options = solver_options(args);
    options.check().map_err(usage)?;
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
        let solved = solve_level(args, &options, &collection, index)?;
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
            let line = summary_line(&solved, args.optimize);
            eprintln!("[{}/{}] {line}", k + 1, chosen.len());
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

/// The solver's options from the arguments.
fn solver_options(args: &SolveArgs) -> SolverOptions {
    SolverOptions {
        optimize: args.optimize,
        search: args.search,
        direction: args.direction,
        depth_limit: args.depth_limit,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        memory_limit: planbox::search::Limits::memory_from(args.memory_limit),
        expansions: None,
        dead_squares: !args.no_dead_squares,
        freeze: !args.no_freeze,
        corrals: !args.no_corrals,
        goal_macros: !args.no_goal_macros,
        tunnels: !args.no_tunnels,
        corral_deadlocks: !args.no_corral_deadlocks,
        deadlock_patterns: !args.no_deadlock_patterns,
        matching: !args.no_matching,
        bipartite: !args.no_bipartite,
        pairs: !args.no_pairs,
        sides: !args.no_sides,
        rooms: !args.no_rooms,
        out_of_plan: !args.no_out_of_plan,
        connectivity: args.connectivity,
        features: args.features,
        box_moves: args.box_moves,
        perimeter: args.perimeter,
        ties: args.ties,
        transposition_table: args.transposition_table,
        trace: args.trace.then_some(args.trace_limit),
    }
}

fn solve_level(
    args: &SolveArgs,
    options: &SolverOptions,
    collection: &xsb::Collection,
    index: usize,
) -> Result<Solved> {
    let start = CpuClock::now();
    let title = collection.entries()[index - 1].title.clone();
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
        lower_bound: None,
        time: start.elapsed(),
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
    // A level's searches print a progress line on stderr every 5 s of its
    // CPU time; none under `--json`, as for `plan --json`.
    let name = level_name(index, title.as_deref());
    let mut solver = Solver::new(options.clone());
    if !args.json {
        solver = solver.with_progress(|stage: &Stage, p: &Progress| {
            let line = progress_line(&name, stage.what, stage.steps, p, stage.elapsed);
            eprintln!("{line}");
        });
    }
    let solved = match solver.solve(&level) {
        Ok(solved) => solved,
        Err(SolveError::TooLarge(message)) => {
            return Ok(not_searched(LevelError {
                code: exit::UNSUPPORTED,
                what: message.clone(),
                message,
            }));
        }
        Err(e @ SolveError::Replay(_)) => bail!(Coded {
            code: exit::CRITICAL_ERROR,
            message: e.to_string(),
        }),
    };
    Ok(Solved {
        index,
        title,
        direction: solved.direction,
        ties: solved.ties,
        guidance: solved.guidance,
        phase: solved.phase,
        perimeter: solved.perimeter,
        result: Some(solved.result),
        trace: solved.trace,
        solution: solved.solution,
        lower_bound: solved.lower_bound,
        time: start.elapsed(),
        error: None,
    })
}

/// One progress line: `[t=5.0s, ~812 KB estimated] level 3 (`3`), phase 7
/// of 7 (widening pulls): h = 31, 3503 expanded, 10452 pulls generated`.
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

/// ` in phase 7 of 7 (widening pulls)`: the phase that ran last, when the
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

/// `; every solution has at least 104 pushes`: what an optimal search
/// proved when it stopped without a solution.
fn proven(s: &Solved, optimize: Optimize) -> String {
    let Some(bound) = s.lower_bound else {
        return String::new();
    };
    let (one, many) = match optimize {
        Optimize::Moves => ("move", "moves"),
        _ => ("push", "pushes"),
    };
    format!(
        "; every solution has at least {}",
        counted(bound as usize, one, many)
    )
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

fn summary_line(s: &Solved, optimize: Optimize) -> String {
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
            "{}: {}{}, {} expanded, {:.2} s{}",
            name(s),
            outcome_name(&r.outcome),
            phase_in(s),
            r.stats.expanded,
            s.time.as_secs_f64(),
            proven(s, optimize)
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
            "box_moves": s.guidance.map(|g| g.box_moves),
            "rooms": s.guidance.map(|g| g.rooms),
            "out_of_plan": s.guidance.map(|g| g.out_of_plan),
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
            "initial_h": stats.and_then(|s| s.initial_h).and_then(|(_, h)| h),
            "f_reached": stats.and_then(|s| s.f_reached),
            "lower_bound": s.lower_bound,
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
                "{}: {}{} after {}{}",
                name(s),
                outcome_name(&r.outcome),
                phase_in(s),
                work(s, r),
                proven(s, args.optimize)
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
mod tests;
