//! Operators that no reachable state can apply, removed before the search.
//!
//! The grounder keeps every operator that relaxed reachability reaches, which
//! ignores deletes: in Blocksworld it keeps `(stack a a)`, since `(holding a)`
//! and `(clear a)` are each reachable, though never together. The mutexes
//! know better. An operator `o` is removed when
//!
//! - its preconditions are mutex (a group holds two of them, or h² says
//!   they never hold together, or one of them never holds): no reachable
//!   state satisfies them; or
//! - the state it leads to would hold a mutex pair: `(pre(o) \ del(o)) ∪
//!   add(o)` holds after `o` in every state it applies to, so a reachable
//!   state where it applies would lead to an unreachable one.
//!
//! This is the forward half of Alcázar and Torralba's h² preprocessing
//! (ICAPS 2015), which Scorpion's `--preprocess` runs; the backward half
//! (operators that cannot lead to the goal) is not done. Fast Downward's
//! translator removes operators of the first kind by its mutex groups.
//!
//! Removing operators keeps every plan: a plan's operators apply in
//! reachable states. Heuristics get better for it (a pattern database no
//! longer has the abstract transitions of `(stack a a)`), and the search
//! generates fewer successors to throw away.

use super::Mutexes;
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// A task without the operators that no reachable state can apply.
#[derive(Clone, Debug)]
pub struct Pruned {
    pub task: Task,
    /// For each operator of `task`, its id in the original task.
    pub original: Vec<OpId>,
}

impl Pruned {
    /// The number of operators removed.
    pub fn removed(&self, of: &Task) -> usize {
        of.operators.len() - self.task.operators.len()
    }

    /// A plan of the pruned task as a plan of the original one.
    pub fn original_plan(&self, plan: &[OpId]) -> Vec<OpId> {
        plan.iter().map(|o| self.original[o.index()]).collect()
    }
}

/// `task` without the operators the module docs name; STRIPS tasks only
/// (one with conditional effects or axioms is returned whole: its
/// operators' effects depend on the state).
pub fn prune_operators(task: &Task, mutexes: &Mutexes) -> Pruned {
    let n = task.facts.len();
    let mut kept = Task {
        operators: Vec::new(),
        ..task.clone()
    };
    let mut original = Vec::new();
    let strips = task.adl_feature().is_none();
    let words = bits::words_for(n);
    let (mut pos, neg) = (vec![0u64; words], vec![0u64; words]);
    let fill = |pos: &mut Vec<u64>, facts: &mut dyn Iterator<Item = FactId>| {
        pos.fill(0);
        facts.for_each(|f| bits::insert(pos, f));
    };
    for (i, op) in task.operators.iter().enumerate() {
        if strips {
            fill(&mut pos, &mut op.pre.iter().copied());
            let before = mutexes.check(&pos, &neg).is_some();
            let mut after = op.pre.iter().copied().filter(|f| !op.del.contains(f));
            fill(&mut pos, &mut after.by_ref().chain(op.add.iter().copied()));
            if before || mutexes.check(&pos, &neg).is_some() {
                continue;
            }
        }
        kept.operators.push(op.clone());
        original.push(OpId(i as u32));
    }
    Pruned {
        task: kept,
        original,
    }
}

#[cfg(test)]
mod tests;
