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
//! (see [`crate::bits`]).

use crate::task::OpId;

/// What a heuristic says about a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Estimate {
    /// An estimate of the cost to the goal.
    Value(u32),
    /// No goal state is reachable from this state.
    DeadEnd,
}

/// A heuristic for progression search.
///
/// `state` is a packed bitset over [`crate::task::Task::facts`]: fact `f` holds
/// iff [`crate::bits::contains`]`(state, f)`.
pub trait Heuristic {
    /// The short name used on the command line (`hff`, `lmcut`, ...).
    fn name(&self) -> &'static str;

    /// Whether `estimate` never overestimates the optimal cost to the goal.
    fn is_admissible(&self) -> bool;

    /// Estimates the cost from `state` to the goal.
    fn estimate(&mut self, state: &[u64]) -> Estimate;

    /// The preferred (helpful) operators found by the last call to `estimate`,
    /// for searches that use them. Empty for heuristics that have none.
    fn preferred_operators(&self) -> &[OpId] {
        &[]
    }
}
