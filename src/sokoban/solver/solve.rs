//! The solver: a level searched with [`PushSpace`] (one push per step, the
//! man's region as part of the node), or backward with [`PullSpace`] (one
//! pull per step, from the solved position back to the start), by one of
//! the shared algorithms, or by both spaces at once, meeting on equal nodes
//! ([`search::bidirectional()`]). The greedy pulls aim at a perimeter of
//! pushed positions around the start ([`search::perimeter`]), and the
//! default solver runs a schedule of both directions
//! ([`super::schedule::AUTO`]). A search narrowed by macros and corrals that
//! finds no solution runs again with every push kept, to prove the level
//! unsolvable. The pushes become LURD with the walks filled in, and the LURD
//! is replayed on the level before it is returned.
//!
//! ```
//! use planbox::sokoban::solver::{Solver, SolverOptions};
//! let path = std::path::Path::new("problems/sokoban/microban.xsb");
//! let levels = planbox::sokoban::xsb::parse(path, &std::fs::read_to_string(path)?);
//! let level = levels.level(1).expect("a first level")?;
//! let solved = Solver::new(SolverOptions::default()).solve(&level)?;
//! let (lurd, moves, pushes) = solved.solution.expect("solvable");
//! assert_eq!(lurd.len(), moves);
//! println!("{lurd}: {moves} moves, {pushes} pushes");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::connectivity::Guide;
use super::corral::CorralDeadlocks;
use super::goal_room::GoalRooms;
use super::push::MAX_MOVE_CELLS;
use super::schedule::{Direction, Guidance, Optimize, Phase, SolverOptions};
use super::{Board, MatchingBound, PullOptions, PullSpace, PushOptions, PushSpace, walk};
use crate::search::algorithm::{self, Settings};
use crate::search::trace::{Expansion, Traced};
use crate::search::transposition::Transpositions;
use crate::search::{
    self, Algorithm, CpuClock, Exact, Grown, Limits, Monitor, Outcome, Perimeter, Progress,
    SearchResult, SearchSpace, Stop, Ties, Toward,
};
use crate::sokoban::game::{State, Step};
use crate::sokoban::{Level, lurd};
use std::cell::{Cell, RefCell};
use std::time::Duration;

/// How often a long search reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// What the solver is doing when it reports progress.
pub struct Stage<'s> {
    /// The phase (`phase 5 of 5 (widening pulls)`), or empty.
    pub what: &'s str,
    /// What a generated node is: `pushes`, `pulls`, `pushes and pulls`.
    pub steps: &'static str,
    /// The level's CPU time so far.
    pub elapsed: Duration,
}

/// A receiver of progress reports.
type OnProgress<'a> = Box<dyn FnMut(&Stage, &Progress) + 'a>;

/// The solver, with its options and a receiver of progress reports (one
/// every 5 s of the level's CPU time, whichever search runs then).
pub struct Solver<'a> {
    options: SolverOptions,
    on_progress: Option<RefCell<OnProgress<'a>>>,
}

/// What the solver did with a level.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The direction of the search whose result this is.
    pub direction: Direction,
    /// Its order among equal estimates (best-first searches only).
    pub ties: Option<Ties>,
    /// How it was guided (the greedy searches only).
    pub guidance: Option<Guidance>,
    /// The phase of the schedule that ran last.
    pub phase: Option<PhaseRecord>,
    /// The perimeter the last phase's pulls aimed at.
    pub perimeter: Option<RingRecord>,
    pub result: SearchResult,
    /// The first expansions, with [`SolverOptions::trace`].
    pub trace: Vec<Expansion>,
    /// The replayed solution: LURD, moves, pushes.
    pub solution: Option<(String, usize, usize)>,
    /// When an optimal search (`--optimize pushes` or `moves` with A*)
    /// stopped without a solution: the fewest pushes (or moves) a solution
    /// can have, as far as the search proved. That is the highest `f` it
    /// expanded ([`crate::search::Stats::f_reached`]): A* expands nodes in
    /// order of `f` under an admissible bound, and the rules an optimal
    /// search keeps cut no optimal solution.
    pub lower_bound: Option<u32>,
}

/// The phase whose result a level's record gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseRecord {
    pub number: usize,
    pub of: usize,
    pub name: &'static str,
}

impl PhaseRecord {
    /// `phase 5 of 5 (widening pulls)`, or the name of a phase alone.
    pub fn label(&self) -> String {
        if self.of > 1 {
            format!("phase {} of {} ({})", self.number, self.of, self.name)
        } else {
            self.name.to_string()
        }
    }
}

/// What a level's record says of the perimeter its pulls aimed at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RingRecord {
    pub positions: usize,
    pub expanded: u64,
    pub time: Duration,
    /// The time given to the growth ran out before the perimeter was full.
    pub cut_short: bool,
}

/// Why a level could not be solved as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Move-optimal search on a board with more floor than it handles.
    TooLarge(String),
    /// The solution found does not replay on the level (a bug).
    Replay(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooLarge(m) => f.write_str(m),
            SolveError::Replay(m) => {
                write!(f, "internal error: the solution found does not replay: {m}")
            }
        }
    }
}

impl std::error::Error for SolveError {}

impl<'a> Solver<'a> {
    pub fn new(options: SolverOptions) -> Solver<'a> {
        Solver {
            options,
            on_progress: None,
        }
    }

    /// Reports the progress of long searches to `f`.
    pub fn with_progress(mut self, f: impl FnMut(&Stage, &Progress) + 'a) -> Solver<'a> {
        self.on_progress = Some(RefCell::new(Box::new(f)));
        self
    }

    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// Solves `level` with the options' schedule and limits.
    pub fn solve(&self, level: &Level) -> Result<Solved, SolveError> {
        let o = &self.options;
        let run = LevelRun::new(self);
        let board = Board::new(level);
        if o.optimize == Optimize::Moves && board.len() > MAX_MOVE_CELLS {
            return Err(SolveError::TooLarge(format!(
                "--optimize moves handles boards of up to {MAX_MOVE_CELLS} floor cells; this \
                 one has {}",
                board.len()
            )));
        }
        let limit = o.time_limit;
        let search = o.algorithm();
        let greedy = o.greedy();
        // The greedy forward search is guided by connectivity as well as the
        // matching bound (--connectivity); every other search by the bound.
        // Greedy best-first search may take turns between feature cells.
        let guidance = |phase: &Phase| Guidance {
            weight: match (greedy, phase.direction) {
                (true, Direction::Forward) => o.connectivity.unwrap_or(phase.guide.weight),
                _ => 0,
            },
            features: phase.guide.features && search == Algorithm::Gbfs,
            rooms: phase.guide.rooms && o.rooms && search == Algorithm::Gbfs,
            out_of_plan: phase.guide.out_of_plan
                && o.out_of_plan
                && search == Algorithm::Gbfs
                && phase.direction == Direction::Forward,
            box_moves: phase.guide.box_moves
                && matches!(phase.direction, Direction::Forward | Direction::Backward),
            goal_cut: phase.guide.goal_cut,
        };
        let phases = o.phases();
        // The goal rooms, once a phase of a schedule asks whether it runs.
        let mut rooms = None;
        let (mut result, mut trace, mut direction) = (None, Vec::new(), phases[0].direction);
        let (mut ties, mut guided, mut phase_ran, mut perimeter) = (None, None, None, None);
        // The greedy pulls aim at a perimeter of pushed positions around the
        // start (traced pulls go without it, so that the trace shows pulls).
        let aims_at_ring = |d: Direction| {
            greedy && d == Direction::Backward && o.trace.is_none() && o.perimeter > 0
        };
        let mut ring: Option<Ring> = None;
        for (k, phase) in phases.iter().enumerate() {
            // A search run alone (no schedule) always runs.
            if phases.len() > 1
                && !phase.runs_on(|| rooms.get_or_insert_with(|| GoalRooms::new(&board)))
            {
                continue;
            }
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
                let options = o.push_options(d, greedy);
                ring = Some(Ring::grow(&run, &board, options, budget));
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
            run.stage(ran.label(), d.steps());
            let order = o.ties.unwrap_or(phase.ties);
            let toward = ring.as_mut().filter(|_| aims_at_ring(d));
            let how = How {
                direction: d,
                guide: guidance(phase),
                ties: order,
                search,
                greedy,
            };
            let (r, t) = run.search_direction(&board, how, time, toward);
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
        let result = result.expect("one phase at least");
        let solution = match &result.outcome {
            Outcome::Plan(pushes) => Some(replayed(&board, level, pushes)?),
            _ => None,
        };
        let optimal = o.optimize != Optimize::None && search == Algorithm::Astar;
        let stopped = !matches!(result.outcome, Outcome::Plan(_) | Outcome::Unsolvable);
        let lower_bound = result.stats.f_reached.filter(|_| optimal && stopped);
        Ok(Solved {
            direction,
            ties,
            guidance: guided,
            phase: phase_ran,
            perimeter,
            result,
            trace,
            solution,
            lower_bound,
        })
    }
}

/// The guide of a greedy phase (or the bound alone of any other search):
/// `matching` plus `g`'s weight per region, and with features the feature
/// space over `targets` (the goals pushing, the start cells pulling) with
/// the features `g` turns on.
fn guide<'b>(
    board: &'b Board,
    matching: MatchingBound<'b>,
    g: Guidance,
    targets: &[u32],
) -> Guide<'b> {
    let mut bound = Guide::new(board, matching, g.weight);
    if g.features {
        bound = bound.with_features(targets);
        if g.rooms {
            bound = bound.with_rooms();
        }
        if g.out_of_plan {
            bound = bound.with_out_of_plan();
        }
        if g.box_moves {
            bound = bound.with_weights();
        }
    }
    bound
}

/// How one search runs: its direction, guide, order among ties, algorithm,
/// and whether any solution will do.
#[derive(Clone, Copy)]
struct How {
    direction: Direction,
    guide: Guidance,
    ties: Ties,
    search: Algorithm,
    greedy: bool,
}

/// What the searches of one level share: the options, the level's CPU
/// clock and its progress reports, one every [`PROGRESS_EVERY`] of the
/// level's time, whichever search is running then.
struct LevelRun<'s, 'a> {
    solver: &'s Solver<'a>,
    start: CpuClock,
    /// The level's CPU time when the next progress report is due.
    next_report: Cell<Duration>,
    /// What runs now, for the reports: the phase, and what a generated node
    /// is (`pushes`, `pulls`).
    now: RefCell<(String, &'static str)>,
    /// The corral deadlocks and patterns the level's push searches proved so
    /// far: each push phase starts from what the ones before it learnt
    /// (pushes and pulls each learn their own).
    learnt: RefCell<CorralDeadlocks>,
    /// The same for the pull searches, once one has run.
    pull_learnt: RefCell<Option<CorralDeadlocks>>,
}

impl<'s, 'a> LevelRun<'s, 'a> {
    fn new(solver: &'s Solver<'a>) -> Self {
        LevelRun {
            solver,
            start: CpuClock::now(),
            next_report: Cell::new(PROGRESS_EVERY),
            now: RefCell::new((String::new(), "pushes")),
            learnt: RefCell::default(),
            pull_learnt: RefCell::default(),
        }
    }

    fn options(&self) -> &SolverOptions {
        &self.solver.options
    }

    /// Names what runs next in the progress reports.
    fn stage(&self, what: String, steps: &'static str) {
        *self.now.borrow_mut() = (what, steps);
    }

    /// The limits of one search that may run for `time`, with the progress
    /// reports kept on the level's rhythm.
    fn monitor(&self, time: Option<Duration>) -> Monitor<'_> {
        let quiet = self.solver.on_progress.is_none();
        let monitor = Monitor::new(Limits {
            time,
            memory: self.options().memory_limit,
            expansions: self.options().expansions,
            progress_every: (!quiet).then_some(PROGRESS_EVERY),
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
        if let Some(f) = &self.solver.on_progress {
            let stage = Stage {
                what,
                steps,
                elapsed,
            };
            (f.borrow_mut())(&stage, p);
        }
        self.next_report.set(elapsed + PROGRESS_EVERY);
    }

    /// Searches the level one way for `time`; when a search narrowed by
    /// macros and corral pruning finds nothing, runs it again without them
    /// to prove the level unsolvable, in what is left of the level's limit.
    /// Pulls with a `ring` aim at it.
    fn search_direction(
        &self,
        board: &Board,
        how: How,
        time: Option<Duration>,
        mut ring: Option<&mut Ring>,
    ) -> (SearchResult, Vec<Expansion>) {
        let mut options = self.options().push_options(how.direction, how.greedy);
        options.box_moves = how.guide.box_moves;
        // Box moves keep the goal cut only where the phase asks for it.
        options.goal_macros &= !how.guide.box_moves || how.guide.goal_cut;
        let (mut result, mut trace) =
            self.search_level(board, how, options, ring.as_deref_mut(), time);
        // Corral pruning, goal cuts and tunnel macros may cut every solution of
        // a node they narrow; only the full search proves that none exists (in
        // the time that is left).
        if options.narrows() && result.outcome == Outcome::Unsolvable {
            let full = options.keeping_every_push();
            let limit = self.options().time_limit;
            let left = limit.map(|t| t.saturating_sub(self.start.elapsed()));
            (result, trace) = self.search_level(board, how, full, ring, left);
        }
        (result, trace)
    }

    /// Searches the level once with `options`.
    fn search_level(
        &self,
        board: &Board,
        how: How,
        options: PushOptions,
        ring: Option<&mut Ring>,
        time: Option<Duration>,
    ) -> (SearchResult, Vec<Expansion>) {
        let depth_limit = self.options().depth_limit;
        let table = self.options().transposition_table;
        let pulls = PullOptions {
            dead_squares: options.dead_squares,
            freeze: options.freeze,
            tunnels: options.tunnels,
            box_moves: options.box_moves,
            corral_deadlocks: options.corral_deadlocks,
            patterns: options.patterns,
        };
        match how.direction {
            Direction::Forward | Direction::Auto => {
                let learnt = self.learnt.take();
                let mut space = PushSpace::new(board, options).learning_from(learnt);
                let mut matching = MatchingBound::to_goals(board);
                // Sides and pair penalties for push-optimal A*; the greedy
                // phases keep the matching alone (they have not been measured
                // with them).
                if self.options().optimize == Optimize::Pushes {
                    if self.options().sides {
                        matching = matching.with_sides();
                    }
                    if self.options().pairs {
                        matching = matching.with_pairs();
                    }
                }
                let bound = guide(board, matching, how.guide, &board.goals);
                let ran = if table {
                    let mut table = Transpositions::new(&mut space);
                    self.traced(&mut table, bound, how, depth_limit, time)
                } else {
                    self.traced(&mut space, bound, how, depth_limit, time)
                };
                self.learnt.replace(space.into_learnt());
                ran
            }
            Direction::Backward => {
                let mut space = PullSpace::new(board, pulls);
                if let Some(learnt) = self.pull_learnt.take() {
                    space = space.learning_from(learnt);
                }
                let matching = MatchingBound::to_starts(board);
                let bound = guide(board, matching, how.guide, &board.start_boxes);
                // The root's step into a region is one step deeper than a pull.
                let depth = depth_limit.map(|d| d.saturating_add(1));
                let ran = if let Some(ring) = ring {
                    self.toward_perimeter(ring, &mut space, bound, how, time)
                } else if table {
                    let mut table = Transpositions::new(&mut space);
                    self.traced(&mut table, bound, how, depth, time)
                } else {
                    self.traced(&mut space, bound, how, depth, time)
                };
                self.pull_learnt.replace(Some(space.into_learnt()));
                ran
            }
            Direction::Bidirectional => {
                // Pushes and pulls meet where their nodes' words are equal; the
                // forward side keeps only the rules that lose no optimal plan.
                let mut forward = PushSpace::new(board, options.keeping_every_push());
                let mut backward = PullSpace::new(board, pulls);
                let mut monitor = self.monitor(time);
                let result =
                    search::bidirectional(&mut forward, &mut backward, &mut Exact, &mut monitor);
                (result, Vec::new())
            }
        }
    }

    /// Pulls toward the perimeter `ring` for `time`. The result counts the
    /// ring's work too: it is the forward side, the pulls the backward side.
    fn toward_perimeter(
        &self,
        ring: &mut Ring,
        pulls: &mut PullSpace,
        bound: Guide,
        how: How,
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
                let mut toward = Toward::new(&ring.forward, pulls, perimeter);
                let (result, trace) = self.traced(&mut toward, bound, how, None, time);
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

    /// Runs the search, through a [`Traced`] space if the options ask for a
    /// trace.
    fn traced<S: SearchSpace + ?Sized>(
        &self,
        space: &mut S,
        bound: Guide,
        how: How,
        depth: Option<u32>,
        time: Option<Duration>,
    ) -> (SearchResult, Vec<Expansion>) {
        match self.options().trace {
            Some(limit) if limit > 0 => {
                let mut recorder = Traced::new(space, limit);
                let result = self.algorithm(&mut recorder, bound, how, depth, time);
                (result, recorder.expansions)
            }
            _ => (self.algorithm(space, bound, how, depth, time), Vec::new()),
        }
    }

    /// Runs the algorithm on a space of either direction with its matching
    /// bound (to goals forward, to start cells backward), through the
    /// shared dispatch.
    fn algorithm<S: SearchSpace + ?Sized>(
        &self,
        space: &mut S,
        mut bound: Guide,
        how: How,
        depth_limit: Option<u32>,
        time: Option<Duration>,
    ) -> SearchResult {
        let mut monitor = self.monitor(time);
        if !self.options().matching {
            bound.bound = bound.bound.without_dead_ends();
        }
        let settings = Settings {
            // Weighted A* and lazy weighted A* weigh the bound by 2.
            weight: (how.search == Algorithm::LazyWastar).then_some(2),
            preferred: false,
            depth_limit,
            cycle_check: true,
            ties: how.ties,
            novelty: None,
        };
        algorithm::run(
            space,
            how.search,
            &mut [&mut bound],
            &settings,
            &mut monitor,
        )
    }
}

/// The greedy pulls' perimeter of one level: positions pushed
/// breadth-first from the start (with the rules that keep every push: no
/// corrals, no macros), grown once and kept for every phase that pulls.
struct Ring<'b> {
    /// The pushes it was grown with.
    forward: PushSpace<'b>,
    grown: Grown<Exact>,
    /// The CPU time its growth took.
    time: Duration,
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
        let budget = run.options().perimeter;
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

/// The LURD of a push plan, after replaying it on the level: moves and
/// pushes counted, and the level solved at the end.
pub fn replayed(
    board: &Board,
    level: &Level,
    pushes: &[crate::task::OpId],
) -> Result<(String, usize, usize), SolveError> {
    let text = walk::lurd(board, pushes).map_err(|(_, m)| SolveError::Replay(m))?;
    let letters = lurd::parse(&text).map_err(|(_, m)| SolveError::Replay(m))?;
    let mut state = State::initial(level);
    let mut pushed = 0;
    for &letter in &letters {
        match lurd::apply(&mut state, level, letter) {
            Ok(Step::Push { .. }) => pushed += 1,
            Ok(Step::Move) => {}
            Err(m) => return Err(SolveError::Replay(m)),
        }
    }
    if !state.is_solved(level) {
        return Err(SolveError::Replay("the boxes are not all on goals".into()));
    }
    Ok((text, letters.len(), pushed))
}
