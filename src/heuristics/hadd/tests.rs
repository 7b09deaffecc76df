use super::*;
use crate::heuristics::testing::{chain, shared_supporter, state, task};

#[test]
fn chain_costs_the_sum_of_its_steps() {
    let t = chain();
    assert_eq!(Hadd::new(&t).estimate(&state(&t, &[0])), Estimate::Value(3));
}

#[test]
fn counts_a_shared_supporter_twice() {
    let t = shared_supporter();
    assert_eq!(Hadd::new(&t).estimate(&state(&t, &[0])), Estimate::Value(6));
}

#[test]
fn sums_preconditions_where_hmax_takes_the_largest() {
    // a → b (1), a → c (2), {b, c} → d (1); goal {d}: h^max 3, h^add 4.
    let t = task(
        4,
        &[0],
        &[3],
        &[
            (&[0], &[1], &[], 1),
            (&[0], &[2], &[], 2),
            (&[1, 2], &[3], &[], 1),
        ],
    );
    let s = state(&t, &[0]);
    assert_eq!(Hadd::new(&t).estimate(&s), Estimate::Value(4));
    use crate::heuristics::Hmax;
    assert_eq!(Hmax::new(&t).estimate(&s), Estimate::Value(3));
}

#[test]
fn zero_cost_operators_cost_nothing() {
    // a → b (0), b → c (0); goal {c}.
    let t = task(3, &[0], &[2], &[(&[0], &[1], &[], 0), (&[1], &[2], &[], 0)]);
    let mut h = Hadd::new(&t);
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(0));
    assert_eq!(h.estimate(&state(&t, &[])), Estimate::DeadEnd);
}
