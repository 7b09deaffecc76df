use super::*;
use crate::invariants::tests::lifted_of;

const SOKOBAN_MOVE: &str = "(define (domain d) (:types loc dir)
      (:predicates (man ?l - loc) (clear ?l - loc) (adjacent ?a ?b - loc ?d - dir))
      (:action move :parameters (?from ?to - loc ?d - dir)
        :precondition (and (man ?from) (clear ?to) (adjacent ?from ?to ?d))
        :effect (and (man ?to) (not (man ?from)) (clear ?from) (not (clear ?to)))))";

#[test]
fn static_atoms_rule_out_equal_parameters() {
    let problem = "(define (problem p) (:domain d) (:objects a b - loc r - dir)
          (:init (man a) (clear b) (adjacent a b r) (adjacent b a r)) (:goal (man b)))";
    let lifted = lifted_of(SOKOBAN_MOVE, problem);
    let facts = SchemaFacts::all(&lifted, None);
    let p =
        enumerate(&lifted, &lifted.schemas[0], &facts[0], &[0, 1], &[], 100).expect("few patterns");
    assert_eq!(p.values, vec![FRESH, FRESH + 1]);
}

#[test]
fn without_static_facts_every_partition_is_a_pattern() {
    let problem = "(define (problem p) (:domain d) (:objects a b - loc r - dir)
          (:init (man a) (clear b) (adjacent a a r)) (:goal (man b)))";
    let lifted = lifted_of(SOKOBAN_MOVE, problem);
    let facts = SchemaFacts::all(&lifted, None);
    let p =
        enumerate(&lifted, &lifted.schemas[0], &facts[0], &[0, 1], &[], 100).expect("few patterns");
    assert_eq!(p.values, vec![FRESH, FRESH, FRESH, FRESH + 1]);
    // Three parameters of which one is a direction: loc and dir never meet.
    let p = enumerate(&lifted, &lifted.schemas[0], &facts[0], &[0, 1, 2], &[], 100)
        .expect("few patterns");
    assert_eq!(p.iter().count(), 2);
    assert!(enumerate(&lifted, &lifted.schemas[0], &facts[0], &[0, 1], &[], 1).is_none());
}

#[test]
fn inequalities_and_constants_shape_the_patterns() {
    let domain = "(define (domain d) (:constants home) (:predicates (at ?x ?y))
          (:action go :parameters (?x ?y)
            :precondition (and (at ?x home) (not (= ?x ?y)))
            :effect (and (at ?y home) (not (at ?x home)))))";
    let problem = "(define (problem p) (:domain d) (:objects a b)
          (:init (at a home)) (:goal (at b home)))";
    let lifted = lifted_of(domain, problem);
    let facts = SchemaFacts::all(&lifted, None);
    let home = lifted.objects.get_index_of("home").expect("constant") as u32;
    let p = enumerate(
        &lifted,
        &lifted.schemas[0],
        &facts[0],
        &[0, 1],
        &[home],
        100,
    )
    .expect("few patterns");
    // x, y each home or fresh, never equal to each other.
    let all: Vec<&[u32]> = p.iter().collect();
    assert_eq!(
        all,
        vec![
            &[home, FRESH][..],
            &[FRESH, home][..],
            &[FRESH, FRESH + 1][..]
        ]
    );
}
