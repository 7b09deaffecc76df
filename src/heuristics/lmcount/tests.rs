use super::*;
use crate::heuristics::testing::{state, task};

/// Gripper with one ball and one gripper side: facts 0 at-a, 1 at-b,
/// 2 carry, 4 ball-a, 5 ball-b (3 unused); ops: 0 move a->b, 1 move b->a,
/// 2 pick at a, 3 drop at b.
fn gripper() -> Task {
    task(
        6,
        &[0, 4],
        &[5],
        &[
            (&[0], &[1], &[0], 1),
            (&[1], &[0], &[1], 1),
            (&[0, 4], &[2], &[4], 1),
            (&[1, 2], &[5], &[2], 1),
        ],
    )
}

#[test]
fn landmarks_reached_on_the_path_count_until_needed_again() {
    let t = gripper();
    let mut h = LmCount::new(&t);
    // Landmarks: goal ball-b, at-b, carry, at-a, ball-a.
    assert_eq!(h.graph().len(), 5);
    let start = state(&t, &[0, 4]);
    h.notify_start(0, &start);
    assert_eq!(h.estimate(&start), Estimate::Value(3));
    // Move to b empty-handed: at-b reached, but at-a must hold again
    // before carry (not reached yet): goal, carry, at-a.
    let at_b = state(&t, &[1, 4]);
    h.notify_transition(0, OpId(0), 1, &at_b);
    assert_eq!(h.estimate(&at_b), Estimate::Value(3));
    // Pick instead: carry reached; at-a still true: goal, at-b.
    let carrying = state(&t, &[0, 2]);
    h.notify_transition(0, OpId(2), 2, &carrying);
    assert_eq!(h.estimate(&carrying), Estimate::Value(2));
    // Then to b: the goal alone.
    let over = state(&t, &[1, 2]);
    h.notify_transition(2, OpId(0), 3, &over);
    assert_eq!(h.estimate(&over), Estimate::Value(1));
    // A node reached along two paths keeps what both reached: the
    // carrying state, first reached through a trip to b and back (node
    // 5 stands for the start state reached again), then straight from
    // the start, forgets at-b (landmark 1).
    let back = state(&t, &[0, 4]);
    h.notify_transition(1, OpId(1), 5, &back);
    h.notify_transition(5, OpId(2), 6, &carrying);
    assert_eq!(h.reached(6), vec![1, 2, 3, 4]);
    h.notify_transition(0, OpId(2), 6, &carrying);
    assert_eq!(h.reached(6), vec![2, 3, 4]);
}

#[test]
fn landmarks_cost_their_cheapest_achiever_and_unachievable_ones_are_dead_ends() {
    // The same gripper with costs: move 2, pick 3, drop 5. From the
    // start, the goal (5), at-b (2) and carry (3) are needed.
    let mut t = gripper();
    for (op, cost) in t.operators.iter_mut().zip([2, 2, 3, 5]) {
        op.cost = cost;
    }
    let mut h = LmCount::new(&t);
    let start = state(&t, &[0, 4]);
    h.notify_start(0, &start);
    assert_eq!(h.estimate(&start), Estimate::Value(10));
    // Were the ball gone from room a without being carried, ball-a
    // would be needed again (before carry, not reached), and nothing
    // achieves it: a dead end.
    let lost = state(&t, &[0]);
    h.notify_transition(0, OpId(1), 1, &lost);
    assert_eq!(h.estimate(&lost), Estimate::DeadEnd);
}

#[test]
fn a_landmark_achieved_before_its_reasonable_parent_is_not_reached() {
    // Goals p (0) and q (1); o1 achieves q and deletes p, so q ->r p.
    let t = task(
        2,
        &[],
        &[0, 1],
        &[(&[], &[0], &[], 1), (&[], &[1], &[0], 1)],
    );
    let mut h = LmCount::new(&t);
    let start = state(&t, &[]);
    h.notify_start(0, &start);
    assert_eq!(h.estimate(&start), Estimate::Value(2));
    // p first: not accepted, as q must come first: still 2.
    let p = state(&t, &[0]);
    h.notify_transition(0, OpId(0), 1, &p);
    assert_eq!(h.reached(1), Vec::<usize>::new());
    assert_eq!(h.estimate(&p), Estimate::Value(2));
    // q first: accepted; then p: accepted too, 0 left.
    let q = state(&t, &[1]);
    h.notify_transition(0, OpId(1), 2, &q);
    assert_eq!(h.estimate(&q), Estimate::Value(1));
    let both = state(&t, &[0, 1]);
    h.notify_transition(2, OpId(0), 3, &both);
    assert_eq!(h.estimate(&both), Estimate::Value(0));
}

#[test]
fn a_dead_end_needs_a_landmark_every_plan_from_the_state_must_achieve() {
    // Facts 0 p (at the start, never achieved again), 1 a, 2 b, 3 c
    // (the goal), 4 q. Ops: 0 p -> b, deleting p (b's only first
    // achiever, so p ->gn b); 1 -> a, deleting b (so a ->r b, both
    // needed for c); 2 a, b -> c; 3 q -> b; 4 b -> q; 5 deletes p.
    let t = crate::heuristics::testing::landmark_needed_again();
    let mut h = LmCount::new(&t);
    let lm = |f: u32| {
        (h.graph().landmarks.iter())
            .position(|l| l.facts == [FactId(f)])
            .unwrap()
    };
    let (p, b) = (lm(0), lm(2));
    assert_eq!(h.graph().reasonable[b], vec![lm(1)]);
    assert!(h.graph().children[p].contains(&b));
    let start = state(&t, &[0]);
    h.notify_start(0, &start);
    // b first (p used up): b is not counted as reached, as a must come
    // first, so p looks needed again before b, and nothing achieves
    // p. But b was achieved: no plan from here needs p, and one exists
    // (b -> q, then a, b again through q, c). Not a dead end.
    let mut path = vec![state(&t, &[2])];
    h.notify_transition(0, OpId(0), 1, &path[0]);
    assert!(!h.reached(1).contains(&b));
    assert_eq!(h.estimate(&path[0]), Estimate::Value(3));
    for (op, facts) in [
        (4, &[2, 4][..]),
        (1, &[1, 4]),
        (3, &[1, 2, 4]),
        (2, &[1, 2, 3, 4]),
    ] {
        path.push(state(&t, facts));
        let n = path.len() as u32;
        h.notify_transition(n - 1, OpId(op), n, &path[n as usize - 1]);
        assert!(matches!(
            h.estimate(&path[n as usize - 1]),
            Estimate::Value(_)
        ));
    }
    assert_eq!(h.estimate(path.last().unwrap()), Estimate::Value(0));
    // p deleted before b was ever achieved: every plan from here needs
    // p again, and nothing achieves it.
    let lost = state(&t, &[]);
    h.notify_transition(0, OpId(5), 9, &lost);
    assert_eq!(h.estimate(&lost), Estimate::DeadEnd);
}

#[test]
fn preferred_operators_are_the_applicable_achievers_of_needed_landmarks() {
    let t = gripper();
    let mut h = LmCount::new(&t).preferring(&t);
    let start = state(&t, &[0, 4]);
    h.notify_start(0, &start);
    h.estimate(&start);
    // Needed: the goal, at-b (move a->b) and carry (pick); drop does
    // not apply yet.
    assert_eq!(h.preferred_operators(), &[OpId(0), OpId(2)]);
    // At b empty-handed: at-a is needed again (before carry), and the
    // move back achieves it.
    let at_b = state(&t, &[1, 4]);
    h.notify_transition(0, OpId(0), 1, &at_b);
    h.estimate(&at_b);
    assert_eq!(h.preferred_operators(), &[OpId(1)]);
    // Carrying at b: the drop achieves the goal.
    let over = state(&t, &[1, 2]);
    h.notify_transition(1, OpId(0), 2, &over);
    h.estimate(&over);
    assert_eq!(h.preferred_operators(), &[OpId(3)]);
    // Without `preferring`, none.
    let mut plain = LmCount::new(&t);
    plain.estimate(&start);
    assert!(plain.preferred_operators().is_empty());
}

#[test]
fn a_conditional_achiever_is_preferred_only_where_its_effect_fires() {
    // Facts: 0 switch, 1 light (the goal). Op 0 adds light when switch
    // holds; op 1 adds switch.
    let mut t = task(2, &[], &[1], &[(&[], &[], &[], 1), (&[], &[0], &[], 1)]);
    t.operators[0].conditional = Box::new([crate::task::ConditionalEffect {
        cond: Box::new([FactId(0)]),
        neg_cond: Box::new([]),
        add: Box::new([FactId(1)]),
        del: Box::new([]),
    }]);
    let mut h = LmCount::new(&t).preferring(&t);
    let dark = state(&t, &[]);
    h.estimate(&dark);
    assert!(!h.preferred_operators().contains(&OpId(0)));
    let switched = state(&t, &[0]);
    h.estimate(&switched);
    assert!(h.preferred_operators().contains(&OpId(0)));
}

#[test]
fn without_a_path_only_true_landmarks_count_as_reached() {
    // At b carrying the ball, with no path told: at-b and carry are
    // reached, and at-a and ball-a, true at the start, are taken as
    // reached (their children are): the goal alone is left.
    let t = gripper();
    let mut h = LmCount::new(&t);
    assert_eq!(h.estimate(&state(&t, &[1, 2])), Estimate::Value(1));
}
