//! h^max: the cost of the most expensive goal fact in the delete relaxation
//! (Bonet & Geffner 2001).
//!
//! Each fact costs as much as its cheapest achiever plus the *most expensive*
//! of that achiever's preconditions; the estimate is the most expensive goal
//! fact. Because reaching a set of facts costs at least as much as reaching
//! its hardest member, h^max never overestimates.
//!
//! Example: from `{a}` with operators `a → b` (cost 1), `a → c` (cost 3) and the
//! goal `{b, c}`, `h^max = max(1, 3) = 3`, while the optimal plan costs 4.
//!
//! Properties: **admissible** and **consistent**. A fact needed false is a
//! relaxed fact of its own, made true by the operators that delete it (see
//! [`super::relaxed`]), which keeps both properties. [`Estimate::DeadEnd`] exactly when the goal is unreachable even
//! with deletes ignored (this proves only some dead ends).

use super::relaxed::{Combine, Exploration, RelaxedTask};
use super::{Estimate, Heuristic};
use crate::task::Task;

/// The h^max heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct Hmax {
    relaxed: RelaxedTask,
    exploration: Exploration,
}

impl Hmax {
    pub fn new(task: &Task) -> Self {
        let relaxed = RelaxedTask::new(task);
        let exploration = Exploration::new(&relaxed);
        Hmax {
            relaxed,
            exploration,
        }
    }
}

impl Heuristic for Hmax {
    fn name(&self) -> &'static str {
        "hmax"
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.exploration
            .run(&self.relaxed, state, Combine::Max, true);
        self.exploration.goal_estimate(&self.relaxed)
    }
}

#[cfg(test)]
mod tests;
