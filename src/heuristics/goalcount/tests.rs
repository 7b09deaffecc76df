use super::*;
use crate::heuristics::testing::{state, task};

#[test]
fn counts_missing_goals_and_violated_negative_goals() {
    let mut t = task(4, &[0], &[1, 2], &[(&[0], &[1], &[], 1)]);
    t.neg_goal = Box::new([FactId(3)]);
    let mut h = GoalCount::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(2));
    assert_eq!(h.estimate(&state(&t, &[1, 3])), Estimate::Value(2));
    assert_eq!(h.estimate(&state(&t, &[1, 2])), Estimate::Value(0));
    assert!(h.is_admissible());
}

#[test]
fn an_operator_adding_two_goals_at_unit_cost_is_not_admissible() {
    let t = task(3, &[0], &[1, 2], &[(&[0], &[1, 2], &[], 1)]);
    assert!(!GoalCount::new(&t).is_admissible());
    let t = task(3, &[0], &[1, 2], &[(&[0], &[1, 2], &[], 2)]);
    assert!(GoalCount::new(&t).is_admissible());
}

#[test]
fn conditional_effects_and_derived_goals_count_as_satisfied() {
    // Op 0 (cost 1) adds goal 1, and goal 2 when fact 0 holds.
    let mut t = task(3, &[0], &[1, 2], &[(&[], &[1], &[], 1)]);
    assert!(GoalCount::new(&t).is_admissible());
    t.operators[0].conditional = Box::new([crate::task::ConditionalEffect {
        cond: Box::new([FactId(0)]),
        neg_cond: Box::new([]),
        add: Box::new([FactId(2)]),
        del: Box::new([]),
    }]);
    assert!(!GoalCount::new(&t).is_admissible());
    // Op 0 (cost 1) adds facts 0 and 1; fact 2, derived from fact 0, is
    // the second goal: one step satisfies both (h* 1, goal count 2).
    let mut t = task(3, &[], &[1, 2], &[(&[], &[0, 1], &[], 1)]);
    t.axioms = vec![crate::task::Axiom {
        head: FactId(2),
        pre: Box::new([FactId(0)]),
        neg_pre: Box::new([]),
        layer: 1,
    }];
    t.derived = Box::new([FactId(2)]);
    assert!(!GoalCount::new(&t).is_admissible());
}

#[test]
fn a_free_operator_adding_a_goal_is_not_admissible() {
    let t = task(2, &[0], &[1], &[(&[0], &[1], &[], 0)]);
    assert!(!GoalCount::new(&t).is_admissible());
}
