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
mod tests {
    use crate::lifted::reachability::tests::{TOKENS, ground_text};

    const BLOCKS: &str = "(define (domain b) (:requirements :strips)
      (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
      (:action pick-up :parameters (?x)
        :precondition (and (clear ?x) (ontable ?x) (handempty))
        :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
      (:action stack :parameters (?x ?y)
        :precondition (and (holding ?x) (clear ?y))
        :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y))))";

    #[test]
    fn stacking_a_block_on_itself_is_dropped() {
        let (task, stats) = ground_text((
            BLOCKS,
            "(define (problem p) (:domain b) (:objects a b)
               (:init (ontable a) (ontable b) (clear a) (clear b) (handempty))
               (:goal (on a b)))",
        ));
        let names: Vec<&str> = task.operators.iter().map(|o| o.name.as_str()).collect();
        assert!(names.contains(&"stack a b"), "{names:?}");
        assert!(!names.contains(&"stack a a"), "{names:?}");
        assert!(!names.contains(&"stack b b"), "{names:?}");
        assert_eq!(stats.dropped.contradictory, 2);
    }

    #[test]
    fn a_precondition_within_a_bound_of_two_stays() {
        // Two tokens on three places: at most two places hold a token, and
        // no place both holds one and is free. `join x y` needs two tokens
        // at once, which the initial state has; `step x x` needs `x` to hold
        // a token and be free.
        let (task, stats) = ground_text(TOKENS);
        let has = |name: &str| task.operators.iter().any(|o| o.name == name);
        assert!(has("join x y") && has("step x z"));
        assert!(!has("step x x") && !has("step z z"));
        assert_eq!(stats.dropped.contradictory, 3);
    }
}
