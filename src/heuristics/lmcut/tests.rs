//! Tests of LM-cut: worked examples, Fast Downward's values, corner cases.

use super::*;
use crate::heuristics::testing::{OpSpec, apply, blocksworld, shared_supporter, state, task};
use crate::heuristics::{Hmax, testing::chain};
use crate::task::OpId;

fn lmcut(t: &Task, facts: &[u32]) -> Estimate {
    LmCut::new(t).estimate(&state(t, facts))
}

#[test]
fn overlapping_landmarks_from_the_module_docs() {
    // p = 0, q = 1: o1 adds both (5), o2 adds p (3), o3 adds q (3).
    let t = task(
        2,
        &[],
        &[0, 1],
        &[
            (&[], &[0, 1], &[], 5),
            (&[], &[0], &[], 3),
            (&[], &[1], &[], 3),
        ],
    );
    assert_eq!(lmcut(&t, &[]), Estimate::Value(5));
    assert_eq!(Hmax::new(&t).estimate(&state(&t, &[])), Estimate::Value(3));
}

#[test]
fn independent_goals_add_up() {
    let t = task(2, &[], &[0, 1], &[(&[], &[0], &[], 3), (&[], &[1], &[], 4)]);
    assert_eq!(lmcut(&t, &[]), Estimate::Value(7));
}

#[test]
fn shared_supporter_and_chain() {
    assert_eq!(lmcut(&shared_supporter(), &[0]), Estimate::Value(4));
    assert_eq!(lmcut(&chain(), &[0]), Estimate::Value(3));
    assert_eq!(lmcut(&chain(), &[2]), Estimate::Value(0));
    assert_eq!(lmcut(&chain(), &[]), Estimate::DeadEnd);
}

#[test]
fn pyperplan_two_paths_task() {
    // pyperplan's test_lm_cut `_get_intermediate_task_two_paths`, value 4.
    // v1..v7, g = 0..6, 7 (v6 unused); unit costs.
    let t = task(
        8,
        &[0],
        &[7],
        &[
            (&[0], &[1], &[], 1),    // op1: v1 → v2
            (&[1], &[2], &[], 1),    // op2: v2 → v3
            (&[2], &[3, 4], &[], 1), // op3: v3 → v4 v5
            (&[6, 4], &[7], &[], 1), // op4: v7 v5 → g
            (&[1], &[3, 4], &[], 1), // op5: v2 → v4 v5
            (&[3], &[6], &[], 1),    // op7: v4 → v7
        ],
    );
    assert_eq!(lmcut(&t, &[0]), Estimate::Value(4));
}

#[test]
fn zero_cost_operators_extend_the_goal_zone() {
    // a → b (0), b → c (2), c → g (0): the cut is {b → c}.
    let t = task(
        4,
        &[0],
        &[3],
        &[
            (&[0], &[1], &[], 0),
            (&[1], &[2], &[], 2),
            (&[2], &[3], &[], 0),
        ],
    );
    assert_eq!(lmcut(&t, &[0]), Estimate::Value(2));
    // Only free operators: h = 0 although the goal does not hold.
    let t = task(2, &[0], &[1], &[(&[0], &[1], &[], 0)]);
    assert_eq!(lmcut(&t, &[0]), Estimate::Value(0));
}

#[test]
fn unreachable_zero_cost_achiever_of_the_goal_zone() {
    // x → g (0) can never fire (x unreachable); a → g (2) must be paid.
    // (Fast Downward meets this in pegsol-strips #01.)
    let t = task(3, &[0], &[2], &[(&[1], &[2], &[], 0), (&[0], &[2], &[], 2)]);
    assert_eq!(lmcut(&t, &[0]), Estimate::Value(2));
}

#[test]
fn blocksworld_values_along_an_optimal_plan_match_fast_downward() {
    // pyperplan's blocks test (values from Fast Downward's LM-cut): D, B, A, C
    // on the table, goal D on C on B on A.
    let t = blocksworld(&["d", "b", "a", "c"], &[("d", "c"), ("c", "b"), ("b", "a")]);
    let mut h = LmCut::new(&t);
    let mut s = crate::task::FactSet::from_facts(t.facts.len(), &t.init)
        .words()
        .to_vec();
    let plan = [
        "pick-up b",
        "stack b a",
        "pick-up c",
        "stack c b",
        "pick-up d",
        "stack d c",
    ];
    let mut values = vec![h.estimate(&s)];
    for step in plan {
        s = apply(&t, &s, step);
        values.push(h.estimate(&s));
    }
    let expected: Vec<Estimate> = (0..=6).rev().map(Estimate::Value).collect();
    assert_eq!(values, expected);
}

#[test]
fn cut_operators_restart_from_their_recorded_supporter_cost() {
    // Found by the property tests (seed 111). From {f2}, the first cut holds
    // o0 (→ f0 f3) and o2 (f0 f4 → f3 f5); o0 lowers f0 before o2 is offered,
    // and o2 must not use f0's new cost, since f4 is now its supporter.
    // `validate_hmax` (run inside `estimate` in tests) catches the slip.
    let t = task(
        6,
        &[],
        &[3, 4, 5],
        &[
            (&[], &[0, 2, 3], &[], 2),
            (&[2], &[0, 4, 5], &[], 2),
            (&[0, 4], &[3, 5], &[], 1),
            (&[], &[3], &[], 3),
            (&[0], &[1], &[], 0),
            (&[1, 2], &[3, 4], &[], 3),
            (&[4], &[0, 3], &[], 1),
        ],
    );
    assert!(matches!(lmcut(&t, &[2]), Estimate::Value(_)));
}

/// Visitall on a 2 x 2 grid: cells a, b, c, d (a next to b and c, d next to
/// b and c); `at_x` = 0..=3, `visited_b, _c, _d` = 4..=6; the robot at a,
/// which is visited. Each move adds `at` and `visited` of its target. Every
/// unvisited cell needs a move into it: h* = h+ = 3 (a, b, d, c).
fn visitall_2x2() -> Task {
    let visited = |cell: u32| if cell == 0 { None } else { Some(cell + 3) };
    let edges = [(0, 1), (0, 2), (1, 3), (2, 3)];
    let mut adds = Vec::new();
    for (x, y) in edges {
        for (from, to) in [(x, y), (y, x)] {
            let mut add = vec![to];
            add.extend(visited(to));
            adds.push((from, add));
        }
    }
    let ops: Vec<OpSpec> = adds
        .iter()
        .map(|(from, add)| (std::slice::from_ref(from), add.as_slice(), &[][..], 1))
        .collect();
    task(7, &[0], &[4, 5, 6], &ops)
}

#[test]
fn goal_zone_tie_break_keeps_the_cuts_apart() {
    // The first cut is the moves into d; then b, c and d all cost 1. Were
    // the goal's supporter left on d, the zone would grow back through the
    // now free moves into d to at_b and at_c, and one cut (the moves into b
    // and c) would pay 1 for two cells: 2. Choosing the border fact (b, no
    // free achiever) keeps one cell per cut (Fast Downward's tie-breaking).
    let t = visitall_2x2();
    assert_eq!(lmcut(&t, &[0]), Estimate::Value(3));
    // The same from the regression side: LM-cut to the subgoal set, with d
    // listed first so that the first dearest fact is the one to pass over.
    let goal = [FactId(6), FactId(4), FactId(5)];
    let mut h = LmCut::new(&t);
    assert_eq!(h.estimate_goal(&state(&t, &[0]), &goal), Estimate::Value(3));
}

#[test]
fn incremental_lmcut_drops_the_landmarks_of_the_operator_applied() {
    // a -(1)-> b -(2)-> c: from {a} the landmarks are {a→b} (1) and {b→c}
    // (2). After a→b only {b→c} survives: h = 2 = h*, found without a cut.
    let t = chain();
    let mut h = LmCut::incremental(&t);
    let a = state(&t, &[0]);
    h.notify_start(0, &a);
    assert_eq!(h.estimate(&a), Estimate::Value(3));
    let b = apply(&t, &a, "op0");
    h.notify_transition(0, OpId(0), 1, &b);
    assert_eq!(h.estimate(&b), Estimate::Value(2));
    assert_eq!(h.reuse_counts(), (1, 2), "reused {{b→c}}, no new cut");
    // Without a transition the estimate is LM-cut from scratch.
    assert_eq!(h.estimate(&b), lmcut(&t, &[1]));
}

#[test]
fn incremental_lmcut_of_an_unstored_parent_starts_from_scratch() {
    let t = chain();
    let mut h = LmCut::incremental(&t);
    let a = state(&t, &[0]);
    let b = apply(&t, &a, "op0");
    h.notify_start(0, &a);
    // Node 7 was never estimated: its child is estimated from scratch.
    h.notify_transition(7, OpId(0), 8, &b);
    assert_eq!(h.estimate(&b), Estimate::Value(2));
    assert_eq!(h.reuse_counts(), (0, 1));
}

#[test]
fn incremental_lmcut_reports_what_it_stores_for_the_memory_limit() {
    let t = chain();
    let a = state(&t, &[0]);
    let mut scratch = LmCut::new(&t);
    scratch.estimate(&a);
    assert_eq!(scratch.footprint().total, 0);
    let mut h = LmCut::incremental(&t);
    let empty = h.footprint().total;
    h.notify_start(0, &a);
    h.estimate(&a);
    assert!(
        h.footprint().total > empty,
        "the start's landmarks are stored"
    );
}

#[test]
fn incremental_lmcut_stops_growing_once_its_tables_are_full() {
    let t = chain();
    let a = state(&t, &[0]);
    let b = apply(&t, &a, "op0");
    let h = LmCut::incremental(&t);
    let empty = h.footprint().total;
    let mut h = h.with_store_limit(empty);
    h.notify_start(0, &a);
    assert_eq!(h.estimate(&a), Estimate::Value(3));
    assert_eq!(h.stored_counts(), (2, 1));
    // The start is stored; from then on the tables are over the limit, but
    // what they hold still serves the start's children.
    h.notify_transition(0, OpId(0), 1, &b);
    assert_eq!(h.estimate(&b), Estimate::Value(2));
    h.notify_transition(0, OpId(0), 2, &b);
    assert_eq!(h.estimate(&b), Estimate::Value(2));
    assert_eq!(h.stored_counts(), (2, 1), "no landmark or node added");
    assert_eq!(h.reuse_counts(), (2, 2));
}

#[test]
fn incremental_lmcut_checks_stalled_children_only_within_its_budget() {
    // a -(1)-> b -(2)-> c: the child b keeps {b→c} (2 = 3 - 1), so it is
    // stalled, and LM-cut from scratch is no higher: every check loses. The
    // first eight are paid by the start's credit, the rest by one check per
    // CHECK_PRICE estimates.
    let t = chain();
    let mut h = LmCut::incremental(&t);
    let a = state(&t, &[0]);
    let b = apply(&t, &a, "op0");
    h.notify_start(0, &a);
    assert_eq!(h.estimate(&a), Estimate::Value(3));
    assert_eq!(h.check_counts(), (0, 0), "the start has no parent");
    let children = 1_000;
    for child in 1..=children {
        h.notify_transition(0, OpId(0), child, &b);
        assert_eq!(h.estimate(&b), Estimate::Value(2));
    }
    let earned = 8 + (children as i64 + 1) / reuse::CHECK_PRICE;
    let (checks, wins) = h.check_counts();
    assert_eq!((checks as i64, wins), (earned, 0));
    // Every child still starts from the start's landmarks, and the losing
    // checks' landmarks are not kept.
    assert_eq!(h.reuse_counts(), (children as u64, 2));
    assert_eq!(h.stored_counts(), (2, children as usize + 1));
}
