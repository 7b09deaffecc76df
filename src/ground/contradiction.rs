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

use super::lifted::Lifted;
use super::reachability::Reachable;

/// Drops the operators of `task` whose precondition needs more facts of a
/// mutex group than the group's bound; returns how many. Operator order is
/// otherwise kept.
pub fn drop_contradictory(task: &mut Task, lifted: &Lifted, reachable: &Reachable) -> usize {
    let synthesis = invariants::synthesize(lifted, Some(reachable), &Default::default());
    if synthesis.stopped == Some(Stop::TimeLimit) {
        return 0;
    }
    let groups = invariants::ground_groups(lifted, &synthesis.invariants, task).groups;
    // The groups of every fact, as one flat list with offsets.
    let mut start = vec![0u32; task.facts.len() + 1];
    for g in &groups {
        for f in &g.facts {
            start[f.index() + 1] += 1;
        }
    }
    for i in 0..task.facts.len() {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut of_fact = vec![0u32; start[task.facts.len()] as usize];
    for (k, g) in groups.iter().enumerate() {
        for f in &g.facts {
            of_fact[fill[f.index()] as usize] = k as u32;
            fill[f.index()] += 1;
        }
    }
    // Per operator, count its precondition facts in each group they lie in;
    // `touched` resets the counts afterwards.
    let mut count = vec![0u32; groups.len()];
    let mut touched = Vec::new();
    let before = task.operators.len();
    task.operators.retain(|op| {
        let mut met = true;
        for f in op.pre.iter() {
            let i = f.index();
            for &g in &of_fact[start[i] as usize..start[i + 1] as usize] {
                let c = &mut count[g as usize];
                if *c == 0 {
                    touched.push(g);
                }
                *c += 1;
                met &= *c <= groups[g as usize].at_most;
            }
        }
        for g in touched.drain(..) {
            count[g as usize] = 0;
        }
        met
    });
    before - task.operators.len()
}

#[cfg(test)]
mod tests {
    use crate::pddl::{self, ast};
    use std::path::PathBuf;

    fn ground(domain: &str, problem: &str) -> (crate::task::Task, crate::ground::GroundStats) {
        let source = |text: &str, name: &str| ast::Source {
            path: PathBuf::from(name),
            text: text.to_string(),
        };
        let d = pddl::parse_domain(source(domain, "domain.pddl")).expect("domain");
        let p = pddl::parse_problem(source(problem, "problem.pddl")).expect("problem");
        crate::ground::ground(&d, &p).expect("grounds")
    }

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
        let (task, stats) = ground(
            BLOCKS,
            "(define (problem p) (:domain b) (:objects a b)
               (:init (ontable a) (ontable b) (clear a) (clear b) (handempty))
               (:goal (on a b)))",
        );
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
        let (task, stats) = ground(
            "(define (domain t) (:requirements :strips)
               (:predicates (at ?p) (free ?p) (joined))
               (:action join :parameters (?p ?q)
                 :precondition (and (at ?p) (at ?q))
                 :effect (joined))
               (:action step :parameters (?p ?q)
                 :precondition (and (at ?p) (free ?q))
                 :effect (and (not (at ?p)) (free ?p) (not (free ?q)) (at ?q))))",
            "(define (problem p) (:domain t) (:objects x y z)
               (:init (at x) (at y) (free z))
               (:goal (joined)))",
        );
        let has = |name: &str| task.operators.iter().any(|o| o.name == name);
        assert!(has("join x y") && has("step x z"));
        assert!(!has("step x x") && !has("step z z"));
        assert_eq!(stats.dropped.contradictory, 3);
    }
}
