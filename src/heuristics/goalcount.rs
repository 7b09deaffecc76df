//! The goal-count heuristic: how many goal conditions are still unsatisfied.
//!
//! It counts the positive goal facts that are false plus the negative goal
//! facts that are true, like Fast Downward's `goalcount()` and pyperplan's
//! `goal_count`. Operator costs play no part.
//!
//! Example: with the goal `{(on a b), (on b c)}` and a state where only
//! `(on b c)` holds, `h = 1`.
//!
//! Properties: admissible and consistent **exactly when no operator can satisfy
//! more goal conditions than it costs**: `cost(o) >= |add(o) ∩ goal| +
//! |del(o) ∩ neg_goal|` for every `o`. Then each step lowers the count by at
//! most its cost. Unit costs alone are not enough: an operator of cost 1 that
//! adds two goal facts makes `h = 2` where `h* = 1`, and a zero-cost operator
//! that adds a goal fact breaks admissibility too. [`GoalCount::is_admissible`]
//! checks this condition on the task (it is sufficient, not necessary: an
//! offending operator might never be applicable). Never reports a dead end.

use super::{Estimate, Heuristic};
use crate::bits;
use crate::task::{FactId, Task};

/// The goal-count heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct GoalCount {
    goal: Box<[FactId]>,
    neg_goal: Box<[FactId]>,
    admissible: bool,
}

impl GoalCount {
    pub fn new(task: &Task) -> Self {
        let count_in = |facts: &[FactId], set: &[FactId]| {
            facts
                .iter()
                .filter(|f| set.binary_search(f).is_ok())
                .count()
        };
        let admissible = task.operators.iter().all(|o| {
            let satisfied = count_in(&o.add, &task.goal) + count_in(&o.del, &task.neg_goal);
            u64::from(o.cost) >= satisfied as u64
        });
        GoalCount {
            goal: task.goal.clone(),
            neg_goal: task.neg_goal.clone(),
            admissible,
        }
    }
}

impl Heuristic for GoalCount {
    fn name(&self) -> &'static str {
        "goalcount"
    }

    /// True when every operator costs at least the number of goal conditions
    /// it can satisfy; see the module docs.
    fn is_admissible(&self) -> bool {
        self.admissible
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        let missing = self
            .goal
            .iter()
            .filter(|&&f| !bits::contains(state, f))
            .count();
        let violated = self
            .neg_goal
            .iter()
            .filter(|&&f| bits::contains(state, f))
            .count();
        Estimate::Value((missing + violated) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::testing::{state, task};

    #[test]
    fn counts_missing_goals_and_violated_negative_goals() {
        let mut t = task(4, &[0], &[1, 2], &[(&[0], &[1], &[], 1)]);
        t.neg_goal = Box::new([FactId(3)]);
        let mut h = GoalCount::new(&t);
        assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(2));
        assert_eq!(h.estimate(&state(&t, &[1, 3])), Estimate::Value(2));
        assert_eq!(h.estimate(&state(&t, &[1, 2])), Estimate::Value(0));
        assert!(h.is_admissible());
    }

    #[test]
    fn an_operator_adding_two_goals_at_unit_cost_is_not_admissible() {
        let t = task(3, &[0], &[1, 2], &[(&[0], &[1, 2], &[], 1)]);
        assert!(!GoalCount::new(&t).is_admissible());
        let t = task(3, &[0], &[1, 2], &[(&[0], &[1, 2], &[], 2)]);
        assert!(GoalCount::new(&t).is_admissible());
    }

    #[test]
    fn a_free_operator_adding_a_goal_is_not_admissible() {
        let t = task(2, &[0], &[1], &[(&[0], &[1], &[], 0)]);
        assert!(!GoalCount::new(&t).is_admissible());
    }
}
