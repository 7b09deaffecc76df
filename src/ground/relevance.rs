//! Relevance: operators that can never help reach the goal are dropped.
//!
//! First the operators that change nothing go: an add effect that the
//! precondition already requires leaves the fact as it was (`drive truck1
//! pos1 pos1` in Logistics, `move rooma rooma` in Gripper), and an operator
//! left with no effect is a self-loop in every state.
//!
//! Reachability (forward) keeps every action instance that *can* be applied;
//! relevance (backward) asks which of them can *matter*. A fact matters true
//! if the goal or a relevant operator's precondition needs it true, and false
//! if the goal or a relevant precondition needs it false (`not p`). An
//! operator is relevant if it makes a fact true that matters true, or false
//! that matters false. That is a fixpoint from the goal backwards, like Fast
//! Downward's translator computes on its causal graph ("138 of 174 operators
//! necessary" on logistics-7-0, where the parcels without a goal location may
//! still be loaded and driven around).
//!
//! Dropping the others keeps every plan's essence: take a plan, remove its
//! irrelevant steps, and it is still a plan (no cheaper or dearer in any way
//! but their costs). Those steps never made a needed fact true or a fact
//! needed false false, so every fact the remaining steps and the goal need
//! true is at least as often true, and every fact they need false at least
//! as often false. Conditions of conditional effects and the bodies of the
//! axioms behind a relevant derived fact decide *whether* something happens,
//! so they matter both ways: no irrelevant operator touches them.
//!
//! Example: in Logistics, a parcel with no goal location can still be loaded
//! and unloaded, but no goal and no other operator's precondition mentions
//! where it is, so its `load` and `unload` operators are dropped. In Gripper
//! every ball's `pick` stays: `drop` frees a gripper, which every `pick`
//! needs, and a ball is dropped only after it was picked.

use crate::task::{FactId, Task};

/// What [`simplify`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    /// Operators that change no state: every add effect is already required
    /// by the precondition, and nothing is deleted.
    pub no_effect: usize,
    /// Operators no plan needs (see the module docs).
    pub irrelevant: usize,
    /// Operators whose precondition no reachable state satisfies (see
    /// [`super::contradiction`]), dropped before the others.
    pub contradictory: usize,
}

/// Drops the add effects an operator's precondition already requires (Fast
/// Downward's translator turns them into prevail conditions), the operators
/// left without an effect, and the operators irrelevant to the goal.
/// Operator order is otherwise kept.
pub fn simplify(task: &mut Task) -> Dropped {
    for op in &mut task.operators {
        // Unless the add protects the fact from a conditional delete: in
        // PDDL the add wins, so without it the fact could become false.
        let conditional = &op.conditional;
        let pre = &op.pre;
        if op.add.iter().any(|f| pre.binary_search(f).is_ok()) {
            let kept: Vec<FactId> = (op.add.iter().copied())
                .filter(|f| {
                    pre.binary_search(f).is_err() || conditional.iter().any(|e| e.del.contains(f))
                })
                .collect();
            op.add = kept.into();
        }
    }
    let before = task.operators.len();
    task.operators
        .retain(|op| !(op.add.is_empty() && op.del.is_empty() && op.conditional.is_empty()));
    let no_effect = before - task.operators.len();
    let relevant = relevant_operators(task);
    let mut keep = relevant.iter();
    task.operators
        .retain(|_| *keep.next().expect("one flag per operator"));
    Dropped {
        no_effect,
        irrelevant: relevant.len() - task.operators.len(),
        contradictory: 0,
    }
}

/// Which operators are relevant, one flag per operator.
pub fn relevant_operators(task: &Task) -> Vec<bool> {
    let n = task.facts.len();
    // need_true[f]: some relevant precondition (or the goal) needs f true;
    // need_false[f]: some needs it false.
    let mut need_true = vec![false; n];
    let mut need_false = vec![false; n];
    let mut relevant = vec![false; task.operators.len()];
    let mark = |need: &mut [bool], facts: &[FactId], changed: &mut bool| {
        for f in facts {
            if !need[f.index()] {
                need[f.index()] = true;
                *changed = true;
            }
        }
    };
    let mut changed = false;
    mark(&mut need_true, &task.goal, &mut changed);
    mark(&mut need_false, &task.neg_goal, &mut changed);
    // A round over all operators and axioms per new fact layer; relevance
    // settles in a few rounds, each linear in the task's size.
    while changed {
        changed = false;
        for axiom in &task.axioms {
            let head = axiom.head.index();
            if need_true[head] || need_false[head] {
                for list in [&axiom.pre, &axiom.neg_pre] {
                    mark(&mut need_true, list, &mut changed);
                    mark(&mut need_false, list, &mut changed);
                }
            }
        }
        for (op, flag) in task.operators.iter().zip(relevant.iter_mut()) {
            if *flag {
                continue;
            }
            let helps = |add: &[FactId], del: &[FactId]| {
                add.iter().any(|f| need_true[f.index()])
                    || del.iter().any(|f| need_false[f.index()])
            };
            let conditional = op.conditional.iter().any(|e| helps(&e.add, &e.del));
            if !helps(&op.add, &op.del) && !conditional {
                continue;
            }
            *flag = true;
            changed = true;
            mark(&mut need_true, &op.pre, &mut changed);
            mark(&mut need_false, &op.neg_pre, &mut changed);
            for e in op.conditional.iter() {
                for list in [&e.cond, &e.neg_cond] {
                    mark(&mut need_true, list, &mut changed);
                    mark(&mut need_false, list, &mut changed);
                }
            }
        }
    }
    relevant
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::ground;
    use crate::invariants::tests::parse;

    fn task(domain: &str, problem: &str) -> Task {
        let (d, p) = parse(domain, problem);
        ground(&d, &p).expect("grounds").0
    }

    fn names(task: &Task) -> Vec<&str> {
        task.operators.iter().map(|o| o.name.as_str()).collect()
    }

    const LOGISTICS: &str = "(define (domain l) (:requirements :strips)
      (:predicates (at ?x ?l) (in ?p ?t) (truck ?t) (place ?l))
      (:action drive :parameters (?t ?from ?to)
        :precondition (and (truck ?t) (place ?to) (at ?t ?from))
        :effect (and (at ?t ?to) (not (at ?t ?from))))
      (:action load :parameters (?p ?t ?l) :precondition (and (truck ?t) (at ?t ?l) (at ?p ?l))
        :effect (and (in ?p ?t) (not (at ?p ?l))))
      (:action unload :parameters (?p ?t ?l)
        :precondition (and (truck ?t) (place ?l) (at ?t ?l) (in ?p ?t))
        :effect (and (at ?p ?l) (not (in ?p ?t)))))";

    #[test]
    fn a_parcel_without_a_goal_is_never_loaded() {
        let t = task(
            LOGISTICS,
            "(define (problem p) (:domain l) (:objects t a b p1 p2)
              (:init (truck t) (place a) (place b) (at t a) (at p1 a) (at p2 a))
              (:goal (at p1 b)))",
        );
        let ops = names(&t);
        assert_eq!(ops.len(), 2 + 4, "{ops:?}");
        assert!(ops.contains(&"load p1 t a"), "{ops:?}");
        assert!(ops.contains(&"unload p1 t b"), "{ops:?}");
        assert!(ops.contains(&"drive t a b"), "{ops:?}");
        assert!(!ops.iter().any(|o| o.contains("p2")), "{ops:?}");
    }

    #[test]
    fn a_parcel_with_a_goal_keeps_all_its_operators() {
        let t = task(
            LOGISTICS,
            "(define (problem p) (:domain l) (:objects t a b p1 p2)
              (:init (truck t) (place a) (place b) (at t a) (at p1 a) (at p2 a))
              (:goal (and (at p1 b) (at p2 b))))",
        );
        // Two drives, and per parcel a load and an unload at each place.
        assert_eq!(t.operators.len(), 2 + 2 * 4, "{:?}", names(&t));
    }

    #[test]
    fn a_fact_needed_false_makes_its_deleters_relevant() {
        let domain = "(define (domain n) (:requirements :strips :negative-preconditions)
          (:predicates (p) (q) (g))
          (:action set-p :parameters () :precondition (q) :effect (p))
          (:action clear-p :parameters () :precondition (q) :effect (not (p)))
          (:action finish :parameters () :precondition (not (p)) :effect (g)))";
        let t = task(
            domain,
            "(define (problem n) (:domain n) (:init (p) (q)) (:goal (g)))",
        );
        assert_eq!(names(&t), ["clear-p", "finish"]);
    }

    #[test]
    fn a_conditional_effects_condition_matters_both_ways() {
        let domain = "(define (domain c) (:requirements :strips :conditional-effects)
          (:predicates (p) (armed) (g))
          (:action arm :parameters () :precondition (p) :effect (armed))
          (:action disarm :parameters () :precondition (p) :effect (not (armed)))
          (:action fire :parameters () :precondition (p) :effect (when (armed) (g))))";
        let t = task(
            domain,
            "(define (problem c) (:domain c) (:init (p)) (:goal (g)))",
        );
        assert_eq!(names(&t), ["arm", "disarm", "fire"]);
    }

    #[test]
    fn an_add_effect_the_precondition_requires_is_dropped_unless_it_protects() {
        // `stay` adds what it requires: it changes nothing and is dropped (as
        // Fast Downward's translator drops it). `guard` also adds what it
        // requires, but that add overrides its conditional delete.
        let domain = "(define (domain a) (:requirements :strips :conditional-effects)
          (:predicates (p) (q) (g))
          (:action stay :parameters () :precondition (p) :effect (p))
          (:action unq :parameters () :precondition (g) :effect (not (q)))
          (:action guard :parameters () :precondition (p)
            :effect (and (p) (g) (when (q) (not (p))))))";
        let t = task(
            domain,
            "(define (problem a) (:domain a) (:init (p) (q)) (:goal (and (g) (p))))",
        );
        assert_eq!(names(&t), ["guard", "unq"]);
        let p = t.operators[0].pre[0];
        assert!(
            t.operators[0].add.contains(&p),
            "the protecting add is kept"
        );
    }
}
