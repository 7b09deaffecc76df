use super::*;
use crate::heuristics::testing::{chain, state, task};

#[test]
fn chain_costs_the_sum_of_its_steps() {
    let t = chain();
    let mut h = Hmax::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(3));
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(2));
    assert_eq!(h.estimate(&state(&t, &[2])), Estimate::Value(0));
}

#[test]
fn takes_the_most_expensive_goal() {
    // a → b (1), a → c (3); goal {b, c}.
    let t = task(
        3,
        &[0],
        &[1, 2],
        &[(&[0], &[1], &[], 1), (&[0], &[2], &[], 3)],
    );
    assert_eq!(Hmax::new(&t).estimate(&state(&t, &[0])), Estimate::Value(3));
}

#[test]
fn unreachable_goal_is_a_dead_end() {
    let t = task(3, &[0], &[2], &[(&[0], &[1], &[0], 1)]);
    assert_eq!(Hmax::new(&t).estimate(&state(&t, &[0])), Estimate::DeadEnd);
}
