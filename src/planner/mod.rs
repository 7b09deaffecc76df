//! The planner: one entry point that runs an engine (progression,
//! regression, bidirectional search or SAT) with a search algorithm and its
//! heuristics on a ground task, and returns the plan and the statistics.
//!
//! ```text
//! Task + Config { engine, search, heuristic(s), weight, alias, ... } + Known (mutexes)
//!   --plan(.., Monitor: limits and progress, on_plan)--> Run { result: plan + Stats, phases, trace }
//! ```
//!
//! A [`Config`] names what to run; [`Config::alias`] gives Fast Downward's
//! named configurations, among them LAMA 2011's anytime schedule
//! ([`anytime`]). [`Known`] holds what the invariant analysis found about
//! the task, which regression prunes with and the SAT engine adds as
//! clauses. The [`Monitor`] carries the limits and reports progress.
//!
//! Solving an IPC problem from Rust:
//!
//! ```
//! use planbox::planner::{self, Alias, Config};
//! use planbox::search::{Limits, Outcome};
//! let task = planbox::load(
//!     "problems/ipc/blocks/domain.pddl",
//!     "problems/ipc/blocks/probBLOCKS-4-0.pddl",
//! )?;
//! let run = planner::solve(&task, &Config::alias(Alias::SeqOptLmcut), Limits::none())?;
//! let Outcome::Plan(plan) = &run.result.outcome else { panic!("solvable") };
//! assert_eq!(task.plan_cost(plan), 6);
//! println!("{} expansions", run.result.stats.expanded);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod anytime;
mod dispatch;
mod known;

pub use anytime::Phase;
pub use known::Known;

use crate::heuristics::HeuristicName;
use crate::invariants::H2Skip;
use crate::invariants::prune::{H2Preprocess, Pruned};
use crate::sat::{Encoding, SatOptions, Schedule};
use crate::search::trace::Expansion;
use crate::search::{
    self, Algorithm, Limits, Monitor, Pruning, PruningLimit, RegressionOptions, SearchResult,
};
use crate::task::{OpId, Task};

crate::choices! {
    /// Which way the planner searches.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Engine {
        /// Forward search from the initial state
        Progression = "progression",
        /// Backward search from the goal through relevant operators
        Regression = "regression",
        /// Progression and regression at once, until a state satisfies a subgoal set
        Bidirectional = "bidirectional",
        /// Planning as satisfiability: the task over T steps as a formula for a
        /// SAT solver, T = 0, 1, 2, ...
        Sat = "sat",
    }
}

crate::choices! {
    /// Named configurations, as Fast Downward's `--alias`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Alias {
        /// LAMA's first search: lazy greedy search with h^FF and the landmark
        /// count, preferred operators, every action costing 1 while searching
        LamaFirst = "lama-first",
        /// LAMA 2011, anytime: lama-first, then lazy weighted A* with weights
        /// 5, 3, 2 and 1 (repeated), each bounded by the best plan so far; every
        /// better plan written as PLAN_FILE.1, PLAN_FILE.2, ...
        Lama = "lama",
        /// LAMA 2011 as it ran in the IPC: `lama` with the landmark heuristic's
        /// preferred operators (`--landmark-preferred`)
        SeqSatLama2011 = "seq-sat-lama-2011",
        /// A* with LM-cut (Fast Downward's `astar(lmcut())`)
        SeqOptLmcut = "seq-opt-lmcut",
        /// The best optimal configuration: h² preprocessing, then A* with
        /// saturated cost partitioning over pattern databases and Cartesian
        /// abstractions, orders added online, and stubborn sets (as Scorpion's
        /// `--alias scorpion`)
        Optimal = "optimal",
        /// BFWS(f5): greedy best-first search ordered by novelty, then goal
        /// count (Lipovetzky & Geffner 2017)
        Bfws = "bfws",
        /// Dual-BFWS (LAPKT's default): 1-BFWS, which keeps only states of
        /// novelty 1, then a complete BFWS with the landmark count and h^FF
        DualBfws = "dual-bfws",
        /// NOLAN (Corrêa & Seipp 2025, Scorpion's `--alias nolan`):
        /// lama-first with the landmark count's plain queue ordered by
        /// novelty (width 2, width 1 above 100 variables) among the states
        /// of equal landmark count, then by that count, then by g
        Nolan = "nolan",
        /// NOLAN, anytime: nolan's search first, then LAMA 2011's lazy
        /// weighted A* with weights 5, 3, 2 and 1, each bounded by the best
        /// plan so far; every better plan written as PLAN_FILE.1, .2, ...
        NolanAnytime = "nolan-anytime",
        /// The satisficing configuration to reach for first: Dual-BFWS for
        /// the first plan, plan neighbourhood graph search around it, then
        /// LAMA 2011's bounded lazy searches, every better plan written as
        /// PLAN_FILE.1, .2, ...
        Sat = "sat",
    }
}

/// Above this many finite-domain variables NOLAN measures novelty of
/// width 1 instead of 2, as Scorpion's `novelty` evaluator does
/// (`max_variables_for_width2`): a state of `m` facts has `m (m - 1) / 2`
/// pairs to look up, too slow on large tasks.
pub const NOLAN_MAX_VARIABLES_FOR_WIDTH2: usize = 100;

/// The width-based schedules an alias runs ([`crate::heuristics::bfws`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WidthSearch {
    /// BFWS(f5), novelty up to 2.
    BfwsF5,
    /// 1-BFWS, then BFWS with the landmark count and h^FF.
    DualBfws,
}

impl Alias {
    /// The width-based schedule of an alias (`None` for the others).
    pub fn width_search(self) -> Option<WidthSearch> {
        match self {
            Alias::Bfws => Some(WidthSearch::BfwsF5),
            Alias::DualBfws => Some(WidthSearch::DualBfws),
            _ => None,
        }
    }

    /// Whether the alias runs LAMA 2011's anytime schedule.
    pub fn is_anytime(self) -> bool {
        matches!(
            self,
            Alias::Lama | Alias::SeqSatLama2011 | Alias::NolanAnytime | Alias::Sat
        )
    }

    /// Whether the alias's (first) search is NOLAN's, with the novelty queue.
    pub fn is_nolan(self) -> bool {
        matches!(self, Alias::Nolan | Alias::NolanAnytime)
    }

    /// The width-based search an anytime alias starts with (`sat`:
    /// Dual-BFWS), `None` for the others.
    pub fn anytime_width_search(self) -> Option<WidthSearch> {
        (self == Alias::Sat).then_some(WidthSearch::DualBfws)
    }

    /// The h² preprocessing an alias runs before its search: both
    /// directions for the configurations whose reference runs Scorpion's
    /// `--preprocess` (`optimal`, `nolan`) and for the width-based and
    /// anytime satisficing ones built beside them (`dual-bfws`, `sat`); none
    /// for Fast Downward's own aliases (`lama`, `lama-first`,
    /// `seq-opt-lmcut`) and for `bfws`, which is compared with LAPKT's
    /// BFWS(f5) on the same task.
    pub fn h2_preprocess(self) -> H2Preprocess {
        match self {
            Alias::Optimal | Alias::DualBfws | Alias::Nolan | Alias::NolanAnytime | Alias::Sat => {
                H2Preprocess::Both
            }
            _ => H2Preprocess::None,
        }
    }

    /// The heuristic of an alias that runs A* (`None` for the others).
    pub fn astar_heuristic(self) -> Option<&'static str> {
        match self {
            Alias::SeqOptLmcut => Some("lmcut"),
            Alias::Optimal => Some("scp"),
            _ => None,
        }
    }
}

crate::choices! {
    /// Which mutexes regression prunes with and the SAT engine adds as clauses.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum MutexChoice {
        /// State invariants, and h² mutexes where they are cheap to compute
        All = "all",
        /// State invariants only
        Invariants = "invariants",
        /// h² mutex pairs only
        H2 = "h2",
        /// No mutex checks (only relevance and consistency)
        None = "none",
    }
}

impl MutexChoice {
    /// Whether the state invariants' groups are used.
    pub fn invariants(self) -> bool {
        matches!(self, MutexChoice::All | MutexChoice::Invariants)
    }

    /// Whether h² mutex pairs are used.
    pub fn h2(self) -> bool {
        matches!(self, MutexChoice::All | MutexChoice::H2)
    }
}

/// What the planner runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub engine: Engine,
    pub search: Algorithm,
    /// The heuristic of a best-first search.
    pub heuristic: Option<HeuristicName>,
    /// The lazy searches' second heuristic, taken in turn with the first.
    pub second: Option<HeuristicName>,
    /// The weight of wastar and lazy-wastar.
    pub weight: Option<u32>,
    /// Search with every action costing 1, report the real costs (LAMA's
    /// first search).
    pub unit_search: bool,
    /// LAMA's anytime schedule ([`anytime`]).
    pub anytime: bool,
    /// NOLAN: the lazy search's last heuristic (the landmark count) keeps
    /// its plain queue ordered by novelty up to this width first; in the
    /// anytime schedule, its first search does
    /// ([`crate::search::lazy::NoveltyQueue`]). Width 2 falls back to 1
    /// above [`NOLAN_MAX_VARIABLES_FOR_WIDTH2`] variables.
    pub novelty: Option<u32>,
    /// Greedy and lazy searches use the heuristics' preferred operators.
    pub preferred: bool,
    /// The landmark count gives preferred operators too.
    pub landmark_preferred: bool,
    /// dfs, iddfs: the deepest they go.
    pub depth_limit: Option<u32>,
    /// dfs, iddfs: skip successors already on the current path.
    pub cycle_check: bool,
    /// Regression, bidirectional and SAT: the mutexes used.
    pub mutex: MutexChoice,
    /// Regression: subgoals false in the initial state first.
    pub goal_sorting: bool,
    /// Regression: drop subgoal sets that contain an expanded one.
    pub subsumption: bool,
    /// Progression: partial-order reduction ([`crate::search::stubborn`]),
    /// in every search but LAMA's anytime schedule; the other engines
    /// ignore it.
    pub pruning: Pruning,
    /// When the pruning switches itself off for pruning too little.
    pub pruning_limit: PruningLimit,
    /// The SAT engine's encoding and horizons.
    pub sat: SatOptions,
    /// How many expansions to record for a trace (0: none).
    pub trace_limit: usize,
    /// Progression: a width-based schedule (BFWS) in place of `search` and
    /// its heuristics; the `bfws` and `dual-bfws` aliases set it. With
    /// [`Config::anytime`], the schedule's first search (`sat`).
    pub width: Option<WidthSearch>,
    /// STRIPS tasks: the h² preprocessing that removes the operators and
    /// facts no plan uses before the search, whichever the engine (the
    /// pruned task has the original's plans; [`crate::invariants::prune`]);
    /// `--alias optimal` runs both directions.
    pub h2_preprocess: H2Preprocess,
}

impl Default for Config {
    /// Progression, greedy best-first search with h^FF and its preferred
    /// operators.
    fn default() -> Self {
        Config {
            engine: Engine::Progression,
            search: Algorithm::Gbfs,
            heuristic: HeuristicName::get("hff"),
            second: None,
            weight: None,
            unit_search: false,
            anytime: false,
            novelty: None,
            preferred: true,
            landmark_preferred: false,
            depth_limit: None,
            cycle_check: false,
            mutex: MutexChoice::All,
            goal_sorting: true,
            subsumption: true,
            pruning: Pruning::None,
            pruning_limit: PruningLimit::default(),
            sat: SatOptions {
                encoding: Encoding::ExistsStep,
                schedule: Schedule::Linear,
                max_horizon: None,
                horizon: None,
            },
            trace_limit: 0,
            width: None,
            h2_preprocess: H2Preprocess::None,
        }
    }
}

impl Config {
    /// The configuration an alias names.
    pub fn alias(alias: Alias) -> Config {
        let base = Config::default();
        if let Some(h) = alias.astar_heuristic() {
            return Config {
                search: Algorithm::Astar,
                heuristic: HeuristicName::get(h),
                h2_preprocess: alias.h2_preprocess(),
                pruning: if alias == Alias::Optimal {
                    Pruning::StubbornSets
                } else {
                    Pruning::None
                },
                ..base
            };
        }
        if let Some(width) = alias.width_search() {
            return Config {
                heuristic: None,
                preferred: false,
                width: Some(width),
                h2_preprocess: alias.h2_preprocess(),
                ..base
            };
        }
        Config {
            search: Algorithm::LazyGbfs,
            heuristic: HeuristicName::get("hff"),
            second: HeuristicName::get("lmcount"),
            unit_search: matches!(alias, Alias::LamaFirst | Alias::Nolan),
            anytime: alias.is_anytime(),
            novelty: alias.is_nolan().then_some(2),
            width: alias.anytime_width_search(),
            landmark_preferred: alias == Alias::SeqSatLama2011,
            h2_preprocess: alias.h2_preprocess(),
            ..base
        }
    }

    /// Regression's switches.
    pub fn regression(&self) -> RegressionOptions {
        RegressionOptions {
            goal_sorting: self.goal_sorting,
            invariants: self.mutex.invariants(),
            h2: self.mutex.h2(),
            subsumption: self.subsumption,
        }
    }

    /// Whether a heuristic of the search is the landmark count.
    pub fn uses_landmarks(&self) -> bool {
        let lmcount = HeuristicName::get("lmcount");
        self.anytime || [self.heuristic, self.second].contains(&lmcount)
    }

    /// Adapts the configuration to a task that needs more than STRIPS
    /// (conditional effects, axioms), or refuses it naming the engine or
    /// heuristic that cannot handle it, as Fast Downward refuses a
    /// heuristic that does not support axioms. An admissible heuristic that
    /// the user did not name (`chosen` false: A*'s default LM-cut, the
    /// `optimal` alias's `scp`) gives way to h^max, also admissible.
    pub fn support(&mut self, task: &Task, chosen: bool) -> Result<(), PlanError> {
        let Some(feature) = task.adl_feature() else {
            return Ok(());
        };
        if self.engine != Engine::Progression {
            return Err(PlanError::Unsupported(format!(
                "the {} engine does not support {feature}, which this task has; \
                 expected `--engine progression`",
                self.engine
            )));
        }
        if !chosen
            && let Some(h) = self.heuristic
            && h.entry().admissible
            && !h.entry().adl
        {
            self.heuristic = HeuristicName::get("hmax");
        }
        if let Some(h) = self.heuristic
            && !h.entry().adl
        {
            return Err(PlanError::Unsupported(format!(
                "heuristic `{h}` does not support {feature}, which this task has; \
                 expected `hmax` (admissible), `hadd`, `hff`, `goalcount` or `blind`"
            )));
        }
        Ok(())
    }
}

/// Why the planner could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// The heuristic has no builder for the engine's direction.
    Unavailable {
        heuristic: HeuristicName,
        engine: Engine,
    },
    /// The task needs what the engine or heuristic does not handle.
    Unsupported(String),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Unavailable { heuristic, engine } => {
                write!(f, "heuristic `{heuristic}` is not available for {engine}")
            }
            PlanError::Unsupported(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PlanError {}

/// What a run of the planner found.
pub struct Run {
    /// The outcome (the plan, in execution order) and the statistics.
    pub result: SearchResult,
    /// The first expansions, when [`Config::trace_limit`] asks for them.
    pub trace: Vec<Expansion>,
    /// What the heuristics built before the search (see
    /// [`crate::heuristics::Heuristic::summary`]), for the log.
    pub summary: Vec<String>,
    /// The searches of an anytime schedule, in order (empty otherwise).
    pub phases: Vec<Phase>,
}

/// Runs the configured search on `task` within `monitor`'s limits; an
/// anytime schedule hands every better plan to `on_plan` with its cost as it
/// finds it.
pub fn plan(
    task: &Task,
    config: &Config,
    known: &Known,
    monitor: &mut Monitor,
    on_plan: &mut dyn FnMut(&[OpId], u32),
) -> Result<Run, PlanError> {
    if let Some(mutexes) = &known.mutex_pruning {
        let limits = crate::invariants::H2Limits::default();
        let pruned =
            crate::invariants::prune::preprocess(task, mutexes, config.h2_preprocess, &limits);
        let mut mapped = |plan: &[OpId], cost| on_plan(&pruned.original_plan(plan), cost);
        let mut run = unpruned(&pruned.task, config, known, monitor, &mut mapped)?;
        if let search::Outcome::Plan(plan) = &mut run.result.outcome {
            *plan = pruned.original_plan(plan);
        }
        run.summary.insert(0, preprocess_line(&pruned, task));
        run.result.stats.h2_preprocess = Some(pruned.stats);
        return Ok(run);
    }
    unpruned(task, config, known, monitor, on_plan)
}

/// The log's line on the h² preprocessing: `Removed 90 of 424 operators (90
/// forward, 0 backward) and 12 of 160 facts (12 unreachable, 0 irrelevant)
/// by h² in 4 passes.`
fn preprocess_line(pruned: &Pruned, task: &Task) -> String {
    let s = &pruned.stats;
    let mut line = format!(
        "Removed {} of {} operators ({} forward, {} backward) and {} of {} facts \
         ({} unreachable, {} irrelevant) by h² preprocessing ({}) in {} passes",
        pruned.removed(task),
        task.operators.len(),
        s.removed_forward,
        s.removed_backward,
        s.removed_facts(),
        task.facts.len(),
        s.unreachable_facts,
        s.irrelevant_facts,
        s.mode.name(),
        s.passes,
    );
    match s.skipped {
        Some(H2Skip::TimeLimit) => line.push_str("; stopped at its time limit"),
        Some(H2Skip::TooLarge { .. }) => line.push_str("; h² skipped: the task is too large"),
        Some(H2Skip::Unsupported(_)) | None => {}
    }
    line.push('.');
    line
}

/// [`plan`] on the task as it is.
fn unpruned(
    task: &Task,
    config: &Config,
    known: &Known,
    monitor: &mut Monitor,
    on_plan: &mut dyn FnMut(&[OpId], u32),
) -> Result<Run, PlanError> {
    // LAMA's first search counts every action as 1 and reports real costs.
    let unit_task = config.unit_search.then(|| task.clone().with_unit_costs());
    dispatch::run(
        unit_task.as_ref().unwrap_or(task),
        config,
        known,
        monitor,
        on_plan,
    )
}

/// [`plan`] with nothing known about the task beyond it, within `limits`,
/// returning the best plan only.
pub fn solve(task: &Task, config: &Config, limits: Limits) -> Result<Run, PlanError> {
    let mut monitor = Monitor::new(limits);
    plan(
        task,
        config,
        &Known::default(),
        &mut monitor,
        &mut |_, _| {},
    )
}

#[cfg(test)]
mod tests;
