use super::*;
use crate::invariants::tests::parse;
use crate::invariants::{Limits, synthesize};

const GRIPPER: &str = include_str!("../../../problems/ipc/gripper/domain.pddl");

/// Gripper with one ball; `extra` adds initial atoms.
fn gripper(extra: &str) -> (Vec<String>, Vec<String>) {
    let problem = format!(
        "(define (problem p) (:domain gripper-strips)
              (:objects rooma roomb ball1 left right)
              (:init (room rooma) (room roomb) (ball ball1) (gripper left) (gripper right)
                     (at-robby rooma) (at ball1 rooma) (free left) (free right) {extra})
              (:goal (at ball1 roomb)))"
    );
    let (d, p) = parse(GRIPPER, &problem);
    let (task, _) = crate::ground::ground(&d, &p).expect("grounds");
    let lifted = Lifted::new(&d, &p).expect("normalises");
    let syn = synthesize(&lifted, None, &Limits::default());
    let g = ground_groups(&lifted, &syn.invariants, &task);
    let texts = syn
        .invariants
        .iter()
        .zip(&g.counts)
        .map(|(inv, c)| describe(inv, &lifted, &d, c))
        .collect();
    let groups = g
        .groups
        .iter()
        .map(|group| {
            let facts: Vec<String> = group
                .facts
                .iter()
                .map(|&f| task.fact(f).to_string())
                .collect();
            format!("{} {}", group.at_most, facts.join(" "))
        })
        .collect();
    (texts, groups)
}

#[test]
fn gripper_groups_have_the_initial_counts_as_bounds() {
    let (texts, groups) = gripper("");
    assert_eq!(
        texts,
        vec![
            "at most 1 of {(at-robby ?r)}",
            "for each ?b: at most 1 of {(at ?b ?r) (carry ?b ?g)}",
            "for each ?g: at most 1 of {(free ?g) (carry ?o ?g)}",
        ]
    );
    assert_eq!(
        groups,
        vec![
            "1 (at-robby rooma) (at-robby roomb)",
            "1 (at ball1 rooma) (carry ball1 left) (carry ball1 right) (at ball1 roomb)",
            "1 (free left) (carry ball1 left)",
            "1 (free right) (carry ball1 right)",
        ]
    );
}

#[test]
fn instances_with_different_counts_are_described_as_such() {
    // A second initial place for the robot and a ball in two rooms.
    let (texts, groups) = gripper("(at-robby roomb) (at ball1 roomb) (at left rooma)");
    assert_eq!(texts[0], "at most 2 of {(at-robby ?r)}");
    assert_eq!(
        texts[1],
        "for each ?b: at most 2 per instance (initial counts 1..2) of {(at ?b ?r) (carry ?b ?g)}"
    );
    // The robot's group holds 2 facts, at most 2: never exceeded, left out.
    assert!(!groups.iter().any(|g| g.contains("at-robby")));
    assert!(groups.contains(
        &"2 (at ball1 rooma) (at ball1 roomb) (carry ball1 left) (carry ball1 right)".to_string()
    ));
}
