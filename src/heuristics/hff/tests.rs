use super::*;
use crate::heuristics::testing::{chain, shared_supporter, state, task};

#[test]
fn shared_supporter_is_paid_once() {
    let t = shared_supporter();
    let mut h = Hff::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(4));
    assert_eq!(h.preferred_operators(), &[OpId(0)]);
    // With r reached, both remaining steps are applicable and preferred.
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(2));
    assert_eq!(h.preferred_operators(), &[OpId(1), OpId(2)]);
}

#[test]
fn chain_prefers_its_first_step() {
    let t = chain();
    let mut h = Hff::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(3));
    assert_eq!(h.preferred_operators(), &[OpId(0)]);
    assert_eq!(h.estimate(&state(&t, &[2])), Estimate::Value(0));
    assert!(h.preferred_operators().is_empty());
}

#[test]
fn operator_blocked_by_a_negative_precondition_is_not_preferred() {
    // a → b (1) requires not-c; c → not-c (2) deletes c.
    let mut t = task(
        3,
        &[0, 2],
        &[1],
        &[(&[0], &[1], &[], 1), (&[2], &[], &[2], 2)],
    );
    t.operators[0].neg_pre = Box::new([FactId(2)]);
    let mut h = Hff::new(&t);
    // With c: first delete c, then a → b.
    assert_eq!(h.estimate(&state(&t, &[0, 2])), Estimate::Value(3));
    assert_eq!(h.preferred_operators(), &[OpId(1)]);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(1));
    assert_eq!(h.preferred_operators(), &[OpId(0)]);
    // Without a way to delete c, the state is a dead end.
    t.operators.pop();
    let mut h = Hff::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0, 2])), Estimate::DeadEnd);
}

#[test]
fn operator_without_preconditions_is_preferred() {
    let t = task(2, &[], &[1], &[(&[], &[0], &[], 1), (&[0], &[1], &[], 1)]);
    let mut h = Hff::new(&t);
    assert_eq!(h.estimate(&state(&t, &[])), Estimate::Value(2));
    assert_eq!(h.preferred_operators(), &[OpId(0)]);
}
