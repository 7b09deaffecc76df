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
fn a_fact_nothing_needs_is_false_in_every_state() {
    // Visitall on a line a - b - c with only `c` to visit: where the
    // robot is matters, which cells it visited on the way does not.
    let domain = "(define (domain v) (:requirements :strips)
          (:predicates (at ?c) (visited ?c) (next ?a ?b))
          (:action move :parameters (?a ?b) :precondition (and (at ?a) (next ?a ?b))
            :effect (and (at ?b) (visited ?b) (not (at ?a)))))";
    let problem = "(define (problem v) (:domain v) (:objects a b c)
          (:init (at a) (visited a) (next a b) (next b a) (next b c) (next c b))
          (:goal (visited c)))";
    let (d, p) = parse(domain, problem);
    let (t, stats) = ground(&d, &p).expect("grounds");
    let name = |f: &FactId| t.facts[f.index()].to_string();
    assert_eq!(stats.dropped.irrelevant_facts, 2);
    let init: Vec<String> = t.init.iter().map(name).collect();
    assert_eq!(init, ["(at a)"]);
    for op in &t.operators {
        let changed: Vec<String> = op.add.iter().chain(op.del.iter()).map(name).collect();
        assert!(
            !changed
                .iter()
                .any(|f| f == "(visited a)" || f == "(visited b)"),
            "{}: {changed:?}",
            op.name
        );
    }
    let into_c = (t.operators.iter()).find(|o| o.name == "move b c");
    let adds: Vec<String> = into_c.expect("move b c").add.iter().map(name).collect();
    assert_eq!(adds, ["(at c)", "(visited c)"]);
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
