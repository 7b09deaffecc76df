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
mod tests {
    use super::*;
    use crate::heuristics::testing::{chain, state, task};

    #[test]
    fn chain_costs_the_sum_of_its_steps() {
        let t = chain();
        let mut h = Hmax::new(&t);
        assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(3));
        assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(2));
        assert_eq!(h.estimate(&state(&t, &[2])), Estimate::Value(0));
    }

    #[test]
    fn takes_the_most_expensive_goal() {
        // a → b (1), a → c (3); goal {b, c}.
        let t = task(
            3,
            &[0],
            &[1, 2],
            &[(&[0], &[1], &[], 1), (&[0], &[2], &[], 3)],
        );
        assert_eq!(Hmax::new(&t).estimate(&state(&t, &[0])), Estimate::Value(3));
    }

    #[test]
    fn unreachable_goal_is_a_dead_end() {
        let t = task(3, &[0], &[2], &[(&[0], &[1], &[0], 1)]);
        assert_eq!(Hmax::new(&t).estimate(&state(&t, &[0])), Estimate::DeadEnd);
    }
}
