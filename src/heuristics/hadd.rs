//! h^add: the sum of the relaxed costs of the goal facts (Bonet & Geffner
//! 2001, the heuristic of HSP).
//!
//! Each fact costs as much as its cheapest achiever plus the *sum* of that
//! achiever's precondition costs; the estimate is the sum over the goal facts.
//! The sum assumes that subgoals share no work, so it is informative for
//! greedy search but counts shared operators more than once.
//!
//! Example: from `{a}` with `a → r` (cost 2), `r → p` (1), `r → q` (1) and the
//! goal `{p, q}`, `h^add = (2 + 1) + (2 + 1) = 6`: the step `a → r` is counted
//! twice, though the optimal plan costs 4.
//!
//! Properties: **not admissible**, not consistent. A fact needed false is a
//! relaxed fact of its own (see [`super::relaxed`]). [`Estimate::DeadEnd`] exactly when h^max says so.

use super::relaxed::{Combine, Exploration, RelaxedTask};
use super::{Estimate, Heuristic};
use crate::task::Task;

/// The h^add heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct Hadd {
    relaxed: RelaxedTask,
    exploration: Exploration,
}

impl Hadd {
    pub fn new(task: &Task) -> Self {
        let relaxed = RelaxedTask::new(task);
        let exploration = Exploration::new(&relaxed);
        Hadd {
            relaxed,
            exploration,
        }
    }
}

impl Heuristic for Hadd {
    fn name(&self) -> &'static str {
        "hadd"
    }

    fn is_admissible(&self) -> bool {
        false
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.exploration
            .run(&self.relaxed, state, Combine::Sum, true);
        self.exploration.goal_estimate(&self.relaxed)
    }
}

#[cfg(test)]
mod tests;
