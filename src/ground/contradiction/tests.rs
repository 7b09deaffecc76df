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
