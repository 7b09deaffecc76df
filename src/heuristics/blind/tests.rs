use super::*;
use crate::heuristics::testing::{chain, state, task};

#[test]
fn zero_on_goal_states_and_the_cheapest_cost_elsewhere() {
    let t = chain(); // operator costs 1 and 2
    let mut h = Blind::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(1));
    assert_eq!(h.estimate(&state(&t, &[2])), Estimate::Value(0));
}

#[test]
fn negative_goals_count() {
    let mut t = task(2, &[0], &[0], &[(&[0], &[1], &[], 4)]);
    t.neg_goal = Box::new([FactId(1)]);
    let mut h = Blind::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(0));
    assert_eq!(h.estimate(&state(&t, &[0, 1])), Estimate::Value(4));
}

#[test]
fn without_operators_only_goal_states_escape_dead_end() {
    let t = task(2, &[0], &[1], &[]);
    let mut h = Blind::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::DeadEnd);
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(0));
}
