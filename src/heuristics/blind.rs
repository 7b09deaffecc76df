//! The blind heuristic: no information beyond "is this a goal state?".
//!
//! A goal state gets 0. Any other state needs at least one more operator, so it
//! gets the cheapest operator cost, as in Fast Downward's `blind()`. With unit
//! costs this is 1 everywhere off the goal, and A* with it is uniform-cost
//! search (Dijkstra) up to tie-breaking.
//!
//! Example: with operator costs `{0, 2, 5}` a non-goal state gets 0; with
//! costs `{2, 5}` it gets 2.
//!
//! Properties: **admissible** and **consistent** (`h(s) <= cost(o)` for every
//! operator). It never reports a dead end, except in a task without operators,
//! where every non-goal state is one. Negative goals are checked.

use super::{Estimate, Heuristic};
use crate::task::{FactId, Task};
use crate::util::bits;

/// The blind heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct Blind {
    goal: Box<[FactId]>,
    neg_goal: Box<[FactId]>,
    /// The cheapest operator cost; `None` if the task has no operators.
    min_cost: Option<u32>,
}

impl Blind {
    pub fn new(task: &Task) -> Self {
        Blind {
            goal: task.goal.clone(),
            neg_goal: task.neg_goal.clone(),
            min_cost: task.operators.iter().map(|o| o.cost).min(),
        }
    }

    /// The estimate 0 everywhere, on any search space (it reads no state):
    /// A* with it is uniform-cost search.
    pub fn zero() -> Self {
        Blind {
            goal: Box::new([]),
            neg_goal: Box::new([]),
            min_cost: Some(0),
        }
    }
}

/// Whether `state` satisfies the positive and the negative goals.
pub(crate) fn is_goal(goal: &[FactId], neg_goal: &[FactId], state: &[u64]) -> bool {
    goal.iter().all(|&f| bits::contains(state, f))
        && !neg_goal.iter().any(|&f| bits::contains(state, f))
}

impl Heuristic for Blind {
    fn name(&self) -> &'static str {
        "blind"
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        if is_goal(&self.goal, &self.neg_goal, state) {
            Estimate::Value(0)
        } else {
            self.min_cost.map_or(Estimate::DeadEnd, Estimate::Value)
        }
    }
}

#[cfg(test)]
mod tests;
