//! Heuristics: estimates of the cost still to pay from a state to the goal.
//!
//! A heuristic `h` maps a state `s` to a number `h(s)` (or says that `s` is a
//! dead end, from which no goal state can be reached). It is *admissible* when
//! `h(s)` never exceeds the true optimal cost `h*(s)`; A* with an admissible
//! heuristic returns cost-optimal plans. It is *consistent* when
//! `h(s) <= cost(o) + h(apply(s, o))` for every applicable operator `o`.
//!
//! Example: the goal-count heuristic counts goal facts that are false. With the
//! goal `{(on a b), (on b c)}` and a state where only `(on b c)` holds, `h = 1`.
//!
//! Every heuristic here implements [`Heuristic`] over states packed as bitsets
//! (see [`crate::util::bits`]); [`table::TABLE`] lists them by name, with their
//! properties and builders.
//!
//! | name        | module          | admissible | consistent | dead ends     |
//! |-------------|-----------------|------------|------------|---------------|
//! | `blind`     | [`blind`]       | yes        | yes        | no¹           |
//! | `goalcount` | [`goalcount`]   | see ²      | see ²      | no            |
//! | `hmax`      | [`hmax`]        | yes        | yes        | relaxed³      |
//! | `hadd`      | [`hadd`]        | no         | no         | relaxed³      |
//! | `hff`       | [`hff`]         | no         | no         | relaxed³      |
//! | `lmcut`     | [`lmcut`]⁵      | yes        | no         | relaxed³      |
//! | `lmcut-scratch` | [`lmcut`]   | yes        | no         | relaxed³      |
//! | `lmcount`   | [`lmcount`]     | no         | no         | landmarks⁴    |
//! | `lmcp`      | [`lmcount`]     | yes        | no         | landmarks⁴    |
//!
//! ¹ Only in a task without operators. ² Exactly when every operator costs at
//! least the number of goal conditions it can satisfy (unit costs are not
//! enough if an operator adds two goal facts, and zero-cost operators that add
//! a goal break it); `is_admissible()` checks this on the task. ³ `DeadEnd`
//! exactly when the goal is unreachable with deletes ignored, so all four agree;
//! some real dead ends are not detected. ⁴ When a landmark still needed has
//! no achiever. ⁵ Incremental: a state the search reaches starts from its
//! parent's landmarks (path-dependent); `lmcut-scratch` computes every
//! state anew, as Fast Downward's `lmcut()`.
//!
//! Besides the table, [`bfws`] gives the evaluators of best-first width
//! search (novelty partitioned by goal count and relaxed-plan progress),
//! which the `bfws` and `dual-bfws` aliases run: not estimates of cost, so
//! not listed by name.
//!
//! The relaxation heuristics treat a fact that a precondition or goal needs
//! false as a relaxed fact of its own, "p is false", made true by the
//! operators that delete `p` (Fast Downward's finite-domain view gives its
//! heuristics the same), which keeps them relaxations. On every
//! state, `hmax <= lmcut <= h+ <= hff <= hadd`, and `h+ <= h*`.
//! [`relaxed::fact_costs`] gives the per-fact h^max or h^add costs that a
//! regression planner (HSPr) needs; [`subgoals`] combines them over the
//! subgoal sets of regression, and a row's `backward` builder gives them.

pub mod abstraction;
pub mod bfws;
pub mod blind;
pub mod goalcount;
pub mod hadd;
pub mod hff;
pub mod hmax;
pub mod landmarks;
pub mod lmcount;
pub mod lmcut;
pub mod novelty;
pub mod relaxed;
pub mod subgoals;
pub mod table;

#[cfg(test)]
pub(crate) mod properties;
#[cfg(test)]
pub(crate) mod testing;

pub use bfws::Bfws;
pub use blind::Blind;
pub use goalcount::GoalCount;
pub use hadd::Hadd;
pub use hff::Hff;
pub use hmax::Hmax;
pub use lmcount::LmCount;
pub use lmcut::LmCut;
pub use relaxed::{Combine, fact_costs, subgoal_cost};
pub use subgoals::RegressionHeuristic;
pub use table::{HeuristicName, NAMES};

use crate::task::{OpId, Task};
use crate::util::limits::Footprint;

/// The heuristic called `name` (a row of [`table::TABLE`]) over states of
/// `task`, or `None` for an unknown name. Building it precomputes the task's
/// relaxed form once.
pub fn by_name(name: &str, task: &Task) -> Option<Box<dyn Heuristic>> {
    HeuristicName::get(name)?.forward(task, &table::Context::default())
}

/// The heuristic called `name` over regression's subgoal sets, or `None` if
/// there is none by that name or regression has none (h_FF is
/// progression-only).
pub fn regression_by_name(name: &str, task: &Task) -> Option<Box<dyn Heuristic>> {
    HeuristicName::get(name)?.backward(task)
}

/// What a heuristic says about a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Estimate {
    /// An estimate of the cost to the goal.
    Value(u32),
    /// No goal state is reachable from this state.
    DeadEnd,
}

/// A heuristic that names each state's cell of *feature space*, for greedy
/// search that takes turns between the cells
/// ([`crate::search::open_list::Cells`]; the Sokoban solver's guide).
pub trait Features: Heuristic {
    /// The cell of the state of the last call to `estimate`; `None` when the
    /// heuristic has no features (a guide without them).
    fn feature(&self) -> Option<u32>;

    /// Festival's *move weights*: what a move from a state in cell `parent`
    /// to one in cell `child` weighs, 0 for a move that gains in some
    /// feature and 1 for any other. With weights, greedy search takes from
    /// each cell the node of least accumulated weight (the sum over the
    /// moves of its path), then of least estimate. `None` (for every pair)
    /// when the heuristic does not weigh moves.
    fn move_weight(&self, _parent: u32, _child: u32) -> Option<u32> {
        None
    }

    /// The heuristic itself, for the searches that take any heuristic.
    fn as_heuristic(&mut self) -> &mut dyn Heuristic;
}

/// A heuristic of the table has no features.
impl Features for dyn Heuristic + '_ {
    fn feature(&self) -> Option<u32> {
        None
    }

    fn as_heuristic(&mut self) -> &mut dyn Heuristic {
        self
    }
}

/// A heuristic for progression search.
///
/// `state` is a packed bitset over [`crate::task::Task::facts`]: fact `f` holds
/// iff [`crate::util::bits::contains`]`(state, f)`.
pub trait Heuristic {
    /// The short name used on the command line (`hff`, `lmcut`, ...).
    fn name(&self) -> &'static str;

    /// Whether `estimate` never overestimates the optimal cost to the goal.
    fn is_admissible(&self) -> bool;

    /// Estimates the cost from `state` to the goal.
    fn estimate(&mut self, state: &[u64]) -> Estimate;

    /// A second, rougher estimate from the last call to `estimate` that best-first
    /// searches use to order nodes of equal priority and equal `h` (smaller
    /// first); `None` if the heuristic has none. It never changes which `f`
    /// layer is expanded first, so A* stays optimal.
    fn tie_breaker(&self) -> Option<u32> {
        None
    }

    /// The preferred (helpful) operators found by the last call to `estimate`,
    /// for searches that use them. Empty for heuristics that have none.
    fn preferred_operators(&self) -> &[OpId] {
        &[]
    }

    /// Figures of what the heuristic built, for the log (the landmark
    /// graph's size; what the abstractions hold, orders added during the
    /// search included); empty for most heuristics. The planner asks after
    /// the search.
    fn summary(&self) -> Vec<String> {
        Vec::new()
    }

    /// Bytes of the tables the heuristic holds for the whole search, built
    /// before it or during it (the abstractions, their distances and the
    /// cost partitionings' lookup tables), for the statistics; `None` for the
    /// heuristics that do not count theirs. What grows with the nodes is
    /// [`Heuristic::footprint`]'s.
    fn bytes(&self) -> Option<usize> {
        None
    }

    /// Whether the heuristic wants [`Heuristic::notify_start`] and
    /// [`Heuristic::notify_transition`] (the searches skip the calls
    /// otherwise, one per generated node).
    fn is_path_dependent(&self) -> bool {
        false
    }

    /// Path-dependent heuristics (the landmark count, which remembers the
    /// landmarks reached on the way to a state): the search names the start
    /// node (by its dense node number) before it evaluates it.
    fn notify_start(&mut self, _node: u32, _state: &[u64]) {}

    /// Path-dependent heuristics: the search reached node `child` (its words
    /// `state`) from node `parent` by `op`. The searches call it for every
    /// transition they generate, to new and known nodes alike, before they
    /// evaluate `child`; `estimate(state)` then answers for `child`.
    fn notify_transition(&mut self, _parent: u32, _op: OpId, _child: u32, _state: &[u64]) {}

    /// The width-based evaluators ([`bfws`]): how many states had each
    /// novelty so far, for the statistics; `None` for the others.
    fn novelty(&self) -> Option<novelty::NoveltyCounts> {
        None
    }

    /// What the heuristic stores per node of the search (what a
    /// path-dependent heuristic remembers), for the memory limit.
    fn footprint(&self) -> Footprint {
        Footprint::default()
    }
}

#[cfg(test)]
mod tests;
