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
//! |del(o) ∩ neg_goal|` for every `o`, its conditional effects' adds and
//! deletes included, and every goal condition on a derived fact counted too
//! (one step can change any of those). Then each step lowers the count by at
//! most its cost. Unit costs alone are not enough: an operator of cost 1 that
//! adds two goal facts makes `h = 2` where `h* = 1`, and a zero-cost operator
//! that adds a goal fact breaks admissibility too. [`GoalCount::is_admissible`]
//! checks this condition on the task (it is sufficient, not necessary: an
//! offending operator might never be applicable). Never reports a dead end.

use super::{Estimate, Heuristic};
use crate::task::{FactId, Task};
use crate::util::bits;

/// The goal-count heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct GoalCount {
    goal: Box<[FactId]>,
    neg_goal: Box<[FactId]>,
    admissible: bool,
}

impl GoalCount {
    pub fn new(task: &Task) -> Self {
        // A derived goal condition may come true after any step.
        let derived = (task.goal.iter().chain(task.neg_goal.iter()))
            .filter(|&&f| task.is_derived(f))
            .count();
        let admissible = task.operators.iter().all(|o| {
            let conditional = o.conditional.iter();
            let mut added: Vec<FactId> = (o.add.iter())
                .chain(conditional.clone().flat_map(|e| e.add.iter()))
                .filter(|f| task.goal.binary_search(f).is_ok())
                .copied()
                .collect();
            let mut deleted: Vec<FactId> = (o.del.iter())
                .chain(conditional.flat_map(|e| e.del.iter()))
                .filter(|f| task.neg_goal.binary_search(f).is_ok())
                .copied()
                .collect();
            for v in [&mut added, &mut deleted] {
                v.sort_unstable();
                v.dedup();
            }
            let satisfied = added.len() + deleted.len() + derived;
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
mod tests;
