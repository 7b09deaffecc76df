//! Operators whose precondition no reachable state satisfies are dropped.
//!
//! Relaxed reachability (the grounder's fixpoint) asks only whether each
//! precondition fact can become true *at some point*, not whether they can
//! all be true *together*. So it keeps operators such as Blocksworld's
//! `stack a a` (holding `a` while `a` is clear) or Barman's `fill-shot` with
//! the same hand as holder and as free hand (`holding left shot1` and
//! `handempty left`). No state reached from the initial one satisfies such a
//! precondition, so no plan can use the operator: dropping it changes no
//! plan, but the relaxation no longer sees a way it offers. Heuristics such
//! as h^max, h^FF and LM-cut become better informed (Barman: 438 operators,
//! of which 80 go).
//!
//! The proof is the monotonicity invariants (see [`crate::invariants`]): a
//! mutex group says that at most `k` of its facts hold in any reachable
//! state, so a precondition that needs more than `k` of them is never met.
//! Fast Downward's translator drops the same operators when it finds two
//! values of one finite-domain variable in a precondition.
//!
//! The invariant search has a time limit. Invariants found before it ran out
//! are still proven, but which ones depends on the machine's speed, so when
//! it runs out nothing is dropped: the task stays the same on every run.

use crate::invariants::{self, Stop};
use crate::task::Task;

use crate::lifted::Lifted;
use crate::lifted::reachability::Reachable;

/// Drops the operators of `task` whose precondition needs more facts of a
/// mutex group than the group's bound; returns how many. Operator order is
/// otherwise kept.
pub fn drop_contradictory(task: &mut Task, lifted: &Lifted, reachable: &Reachable) -> usize {
    let synthesis = invariants::synthesize(lifted, Some(reachable), &Default::default());
    if synthesis.stopped == Some(Stop::TimeLimit) {
        return 0;
    }
    let groups = invariants::ground_groups(lifted, &synthesis.invariants, task).groups;
    // The regression planner's check of subgoal sets, on each precondition.
    let mutexes = invariants::Mutexes::new(task.facts.len(), groups, None);
    let mut pre = vec![0u64; crate::util::bits::words_for(task.facts.len())];
    let before = task.operators.len();
    task.operators.retain(|op| {
        op.pre
            .iter()
            .for_each(|&f| crate::util::bits::insert(&mut pre, f));
        let met = !mutexes.violates_invariant(&pre);
        op.pre
            .iter()
            .for_each(|&f| crate::util::bits::remove(&mut pre, f));
        met
    });
    before - task.operators.len()
}

#[cfg(test)]
mod tests;
