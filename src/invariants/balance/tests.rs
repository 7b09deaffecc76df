use super::*;
use crate::invariants::candidate::Slot;
use crate::invariants::pattern::{self, SchemaFacts};
use crate::invariants::tests::lifted_of;

/// The verdict on the first action of `domain` for the invariant that
/// counts every atom of the unary predicates `preds`.
fn verdict(domain: &str, preds: &[&str]) -> Verdict {
    let problem = "(define (problem p) (:domain d) (:objects a b c) (:init) (:goal (and)))";
    let lifted = lifted_of(domain, problem);
    let parts = preds
        .iter()
        .map(|name| Part {
            pred: lifted.predicates.get_index_of(*name).expect("predicate") as u32,
            args: vec![Slot::Counted].into(),
        })
        .collect();
    let inv = Invariant::new(parts);
    let facts = SchemaFacts::all(&lifted, None);
    let (mut params, mut consts) = (Vec::new(), Vec::new());
    let schema = &lifted.schemas[0];
    relevant_terms(schema, &inv, &mut params, &mut consts);
    let patterns = pattern::enumerate(&lifted, schema, &facts[0], &params, &consts, 1000)
        .expect("few patterns");
    check(schema, &inv, &params, &patterns)
}

#[test]
fn a_delete_that_is_added_back_does_not_balance() {
    // With ?x != ?y, (p ?y) is new and (p ?x) is deleted and re-added.
    let domain = "(define (domain d) (:predicates (p ?x))
          (:action a :parameters (?x ?y) :precondition (p ?x)
            :effect (and (p ?x) (p ?y) (not (p ?x)))))";
    // Patterns: [x = y] (balanced: nothing new), [x != y] (unbalanced).
    assert_eq!(verdict(domain, &["p"]), Verdict::Unbalanced(vec![(1, 1)]));
}

#[test]
fn a_required_add_is_not_new() {
    let domain = "(define (domain d) (:predicates (p ?x))
          (:action a :parameters (?x) :precondition (p ?x) :effect (p ?x)))";
    assert_eq!(verdict(domain, &["p"]), Verdict::Balanced);
}

#[test]
fn two_new_atoms_are_balanced_by_two_deleted_ones() {
    // Fast Downward rejects any action adding two atoms of one instance;
    // counting accepts it when two distinct required atoms go.
    let domain = "(define (domain d) (:predicates (p ?x) (q ?x))
          (:action a :parameters (?a ?b ?c ?d)
            :precondition (and (q ?a) (q ?b) (not (= ?a ?b)) (not (= ?c ?d)))
            :effect (and (p ?c) (p ?d) (not (q ?a)) (not (q ?b)))))";
    assert_eq!(verdict(domain, &["p", "q"]), Verdict::Balanced);
    // Without `(not (= ?a ?b))` both deletes may be one atom.
    let loose = domain.replace("(not (= ?a ?b))", "");
    assert!(matches!(
        verdict(&loose, &["p", "q"]),
        Verdict::Unbalanced(_)
    ));
}

#[test]
fn an_action_that_is_never_applicable_is_balanced() {
    // It needs (q ?x) and (not (q ?x)): no state allows it.
    let domain = "(define (domain d) (:requirements :negative-preconditions)
          (:predicates (p ?x) (q ?x))
          (:action a :parameters (?x) :precondition (and (q ?x) (not (q ?x)))
            :effect (p ?x))
          (:action b :parameters (?y) :effect (not (q ?y))))";
    assert_eq!(verdict(domain, &["p", "q"]), Verdict::Balanced);
    let applicable = domain.replace("(not (q ?x))", "");
    assert_eq!(
        verdict(&applicable, &["p", "q"]),
        Verdict::Unbalanced(vec![(0, 0)])
    );
}
