use super::*;
use crate::heuristics::Estimate;
use crate::heuristics::testing::{chain, state, task};

#[test]
fn artificial_facts_and_goal_operator() {
    // op0 has no precondition, op1 adds only its own precondition (dropped),
    // op2 and op3 share pre and add (merged into the cheaper op3).
    let t = task(
        3,
        &[],
        &[2],
        &[
            (&[], &[0], &[], 1),
            (&[0], &[0], &[], 1),
            (&[0], &[1, 2], &[], 4),
            (&[0], &[1, 2], &[], 2),
        ],
    );
    let rt = RelaxedTask::new(&t);
    assert_eq!((rt.true_fact, rt.goal_fact), (FactId(3), FactId(4)));
    assert_eq!(rt.num_ops(), 3);
    assert_eq!(rt.pre(RelaxedOpId(0)), &[rt.true_fact]);
    assert_eq!(rt.origin(RelaxedOpId(1)), Some(OpId(3)));
    // Each task operator maps to the relaxed operator it became: none for
    // op1, the merged one for op2 and op3 alike.
    let of = |i: u32| rt.relaxed_of(OpId(i)).to_vec();
    assert_eq!(of(0), [RelaxedOpId(0)]);
    assert!(of(1).is_empty());
    assert_eq!((of(2), of(3)), (vec![RelaxedOpId(1)], vec![RelaxedOpId(1)]));
    assert_eq!(rt.cost(RelaxedOpId(1)), 2);
    assert_eq!(rt.pre(rt.goal_op), &[FactId(2)]);
    assert_eq!(rt.add(rt.goal_op), &[rt.goal_fact]);
    assert_eq!(rt.origin(rt.goal_op), None);
    assert_eq!(rt.consumers(FactId(0)), &[RelaxedOpId(1)]);
    assert_eq!(rt.achievers(FactId(2)), &[RelaxedOpId(1)]);
}

#[test]
fn empty_goal_is_reached_through_the_true_fact() {
    let t = task(1, &[], &[], &[]);
    let rt = RelaxedTask::new(&t);
    let mut ex = Exploration::new(&rt);
    ex.run(&rt, &state(&t, &[]), Combine::Sum, true);
    assert_eq!(ex.goal_estimate(&rt), Estimate::Value(0));
}

#[test]
fn fact_costs_from_a_state() {
    // a → b (1), a → c (2), {b, c} → d (1), x unreachable.
    let t = task(
        5,
        &[0],
        &[3],
        &[
            (&[0], &[1], &[], 1),
            (&[0], &[2], &[], 2),
            (&[1, 2], &[3], &[], 1),
        ],
    );
    let s = state(&t, &[0]);
    let hmax = fact_costs(&t, &s, Combine::Max);
    assert_eq!(hmax, [Some(0), Some(1), Some(2), Some(3), None]);
    let hadd = fact_costs(&t, &s, Combine::Sum);
    assert_eq!(hadd, [Some(0), Some(1), Some(2), Some(4), None]);
    let goal = [FactId(1), FactId(2)];
    assert_eq!(subgoal_cost(&hadd, goal, Combine::Sum), Some(3));
    assert_eq!(subgoal_cost(&hmax, goal, Combine::Max), Some(2));
    assert_eq!(subgoal_cost(&hmax, [FactId(4)], Combine::Max), None);
    assert_eq!(subgoal_cost(&hmax, [], Combine::Max), Some(0));
}

#[test]
fn supporters_are_recorded_and_state_facts_have_none() {
    let t = chain();
    let rt = RelaxedTask::new(&t);
    let mut ex = Exploration::new(&rt);
    ex.run(&rt, &state(&t, &[0]), Combine::Sum, false);
    assert_eq!(ex.supporter(FactId(0)), None);
    assert_eq!(ex.supporter(FactId(2)), Some(RelaxedOpId(1)));
    assert_eq!(ex.cost(FactId(2)), Some(3));
}

#[test]
fn sums_saturate_below_unreached() {
    assert_eq!(add_cost(MAX_COST, 5), MAX_COST);
    assert_eq!(Combine::Sum.apply(u32::MAX - 3, 7), MAX_COST);
}
