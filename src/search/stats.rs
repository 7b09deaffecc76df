//! Search statistics, counted the way Fast Downward counts them.
//!
//! * *expanded*: nodes whose successors were generated;
//! * *generated*: successors produced, duplicates included (after the space's
//!   own pruning, which has its own counters in [`Stats::pruned`]);
//! * *evaluated*: distinct nodes the heuristic was computed for;
//! * *reopened*: closed nodes put back on the open list after a cheaper path to
//!   them was found (A* with an inconsistent heuristic);
//! * *dead ends*: evaluated nodes the heuristic recognised as dead ends;
//! * *duplicates*: generated nodes dropped because they were seen before at no
//!   greater cost (or, in depth-first tree search, are on the current path);
//! * *stubborn*: with partial-order reduction, the applicable operators of the
//!   expanded states and those kept (the others generate no successor).
//!
//! Example: breadth-first search on the number line 0..=2 from 0 to 2 expands 0
//! and 1, and generates 1, then 0 and 2: `expanded = 2`, `generated = 3`.

use super::stubborn::PruningStats;
use crate::heuristics::novelty::NoveltyCounts;
use crate::invariants::prune::PreprocessStats;
use crate::util::limits::peak_memory_kb;
use std::time::Duration;

/// Counters and measurements of one search run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub expanded: u64,
    /// A* and weighted A*: the expansions before the first node of the last
    /// `f` layer (Fast Downward's "Expanded until last jump"), the effort a
    /// perfect tie-breaker could not save; `None` for the other algorithms.
    pub expanded_until_last_jump: Option<u64>,
    /// A* and weighted A*: the highest `f` of an expanded node. For A* with
    /// an admissible heuristic it is a lower bound on the optimal cost, so a
    /// search stopped by a limit still proves how far it got; `None` for the
    /// other algorithms.
    pub f_reached: Option<u32>,
    /// The heuristic's name and its estimate of the start (`None` for a dead
    /// end), for the searches that use one.
    pub initial_h: Option<(&'static str, Option<u32>)>,
    /// The search's clock when the start had its estimate: the time to
    /// build the heuristic (abstractions, landmarks) and take the first
    /// step, which [`search_time`](Self::search_time) includes.
    pub initial_h_time: Option<Duration>,
    pub generated: u64,
    pub evaluated: u64,
    pub reopened: u64,
    pub dead_ends: u64,
    pub duplicates: u64,
    /// One `(rule, count)` pair per pruning rule of the space.
    pub pruned: Vec<(&'static str, u64)>,
    /// What partial-order reduction pruned (progression with stubborn
    /// sets), and whether it was switched off; `None` without it. The
    /// planner copies it from [`Progression::pruning_stats`](super::Progression::pruning_stats)
    /// after the search; a search run directly on a space leaves it `None`.
    pub stubborn: Option<PruningStats>,
    /// What the h² preprocessing removed before the search (progression
    /// with [`crate::planner::Config::h2_preprocess`]); `None` without it.
    /// The planner sets it after the search.
    pub h2_preprocess: Option<PreprocessStats>,
    /// Bytes of the heuristics' own tables (abstractions, lookup tables; see
    /// [`crate::heuristics::Heuristic::bytes`]); `None` if none counts them.
    /// The planner sets it after the search.
    pub heuristic_bytes: Option<u64>,
    /// CPU time of the search proper (see [`crate::search::cpu_time`]).
    pub search_time: Duration,
    /// The process's peak resident memory in KB when the search ended, if known.
    pub peak_memory_kb: Option<u64>,
    /// A bidirectional search's counts per direction, `[forward, backward]`
    /// (the counters above are their sums); `None` for one direction.
    pub sides: Option<[SideStats; 2]>,
    /// The width-based searches (IW, SIW, BFWS): how many states had each
    /// novelty, and what the novelty tables hold; `None` for the others.
    pub novelty: Option<NoveltyCounts>,
    /// The SAT engine's horizons, in the order they were settled (empty for
    /// the engines that search).
    pub horizons: Vec<Horizon>,
}

/// One horizon of the SAT engine: the formula's size and the solver's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Horizon {
    pub horizon: u32,
    pub variables: u64,
    pub clauses: u64,
    /// `sat`, `unsat`, or `unknown` (stopped at the time limit).
    pub answer: &'static str,
    pub conflicts: u64,
    /// The solver's time on this horizon.
    pub time: Duration,
}

/// The counts of one direction of a bidirectional search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    pub expanded: u64,
    pub generated: u64,
}

impl Stats {
    /// Adds the counters of `other` (one iteration of iterative deepening).
    pub fn add_counts(&mut self, other: &Stats) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.evaluated += other.evaluated;
        self.reopened += other.reopened;
        self.dead_ends += other.dead_ends;
        self.duplicates += other.duplicates;
    }

    /// Fills in the time, the pruning counters and the peak memory at the end.
    pub fn finish(
        &mut self,
        search_time: Duration,
        pruned: Vec<(&'static str, u64)>,
        tracked_bytes: u64,
    ) {
        self.search_time = search_time;
        self.pruned = pruned;
        self.peak_memory_kb = Some(peak_or_tracked_kb(peak_memory_kb(), tracked_bytes));
    }
}

/// The measured peak in KB, or where the system does not report one, the
/// bytes the search's own structures held.
fn peak_or_tracked_kb(measured_kb: Option<u64>, tracked_bytes: u64) -> u64 {
    measured_kb.unwrap_or(tracked_bytes / 1024)
}

#[cfg(test)]
mod tests;
