use super::*;
use crate::heuristics::testing::task;

#[test]
fn shared_preconditions_and_disjunctions_are_landmarks() {
    // Facts: 0 at-a, 1 at-b, 2 carry-l, 3 carry-r, 4 ball-a, 5 ball-b.
    // move a->b, b->a; pick with left or right at a; drop either at b.
    let mut t = task(
        6,
        &[0, 4],
        &[5],
        &[
            (&[0], &[1], &[0], 1),
            (&[1], &[0], &[1], 1),
            (&[0, 4], &[2], &[4], 1),
            (&[0, 4], &[3], &[4], 1),
            (&[1, 2], &[5], &[2], 1),
            (&[1, 3], &[5], &[3], 1),
        ],
    );
    // The two carry facts share a predicate.
    t.facts = (t.facts.iter().enumerate())
        .map(|(i, a)| match i {
            2 | 3 => crate::task::Atom {
                predicate: "carry".into(),
                args: vec![format!("g{i}")],
            },
            _ => a.clone(),
        })
        .collect();
    let g = LandmarkGraph::new(&t);
    let facts: Vec<Vec<u32>> = g
        .landmarks
        .iter()
        .map(|l| l.facts.iter().map(|f| f.0).collect())
        .collect();
    // The goal, at-b (shared by both drops), carry-l or carry-r, then
    // from the disjunction: at-a and ball-a (both true at the start).
    assert_eq!(facts, vec![vec![5], vec![1], vec![2, 3], vec![0], vec![4]]);
    assert!(g.landmarks[0].goal && !g.landmarks[1].goal);
    assert_eq!(
        g.landmarks.iter().map(|l| l.initial).collect::<Vec<_>>(),
        vec![false, false, false, true, true]
    );
    // at-b -> goal, carry -> goal; at-a -> at-b, at-a and ball-a -> carry.
    assert_eq!(g.children[1], vec![0]);
    assert_eq!(g.children[2], vec![0]);
    assert_eq!(g.children[3], vec![1, 2]);
    assert_eq!(g.children[4], vec![2]);
}

#[test]
fn disjunctive_landmarks_do_not_share_facts() {
    // An elevator at s (0) can go to x, y or z (1, 2, 3). Goal g1 (4)
    // needs it at x or y, goal g2 (5) at y or z: plan s->y, then both
    // goals, three steps. {x, y} comes first; {y, z} shares y with it
    // and is left out, or the landmark sum would pay for y twice.
    let mut t = task(
        6,
        &[0],
        &[4, 5],
        &[
            (&[0], &[1], &[0], 1),
            (&[0], &[2], &[0], 1),
            (&[0], &[3], &[0], 1),
            (&[1], &[4], &[], 1),
            (&[2], &[4], &[], 1),
            (&[2], &[5], &[], 1),
            (&[3], &[5], &[], 1),
        ],
    );
    t.facts = (t.facts.iter().enumerate())
        .map(|(i, a)| match ["s", "x", "y", "z"].get(i) {
            Some(place) => crate::task::Atom {
                predicate: "lift-at".into(),
                args: vec![place.to_string()],
            },
            None => a.clone(),
        })
        .collect();
    let g = LandmarkGraph::new(&t);
    let facts: Vec<Vec<u32>> = (g.landmarks.iter())
        .map(|l| l.facts.iter().map(|f| f.0).collect())
        .collect();
    assert_eq!(facts, vec![vec![4], vec![5], vec![1, 2], vec![0]]);
    assert_eq!(g.children[2], vec![0]);
    // The landmark sum from the start: g1, g2 and {x, y}, the optimum.
    use crate::heuristics::{Heuristic, lmcount::LmCount};
    let mut h = LmCount::new(&t);
    let start = crate::heuristics::testing::state(&t, &[0]);
    h.notify_start(0, &start);
    assert_eq!(h.estimate(&start), crate::heuristics::Estimate::Value(3));
}

#[test]
fn a_negative_precondition_every_achiever_needs_is_a_landmark() {
    // Fact 0 locked (true at the start), 1 inside. o0 unlocks (deletes
    // 0); o1 enters, needing `(not (locked))`.
    let mut t = task(2, &[0], &[1], &[(&[], &[], &[0], 1), (&[], &[1], &[], 1)]);
    t.operators[1].neg_pre = Box::new([FactId(0)]);
    let g = LandmarkGraph::new(&t);
    assert_eq!(g.len(), 2);
    let unlocked = &g.landmarks[1];
    assert!(unlocked.negated && !unlocked.initial);
    assert_eq!(
        (unlocked.facts.as_slice(), unlocked.achievers.as_slice()),
        (&[FactId(0)][..], &[OpId(0)][..])
    );
    assert_eq!(g.children[1], vec![0]);
    let (locked, open) = (
        crate::heuristics::testing::state(&t, &[0]),
        crate::heuristics::testing::state(&t, &[]),
    );
    assert!(!unlocked.holds(&locked) && unlocked.holds(&open));
}

#[test]
fn a_goal_that_undoes_another_is_reasonably_ordered_first() {
    // Goals p (0) and q (1): o0 achieves p; o1 achieves q and deletes p.
    // Achieving p first is wasted: q ->r p.
    let t = task(
        2,
        &[],
        &[0, 1],
        &[(&[], &[0], &[], 1), (&[], &[1], &[0], 1)],
    );
    let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
    assert_eq!(g.reasonable, vec![vec![1], vec![]]);
    // With o1 no longer deleting p, nothing is ordered.
    let t = task(2, &[], &[0, 1], &[(&[], &[0], &[], 1), (&[], &[1], &[], 1)]);
    let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
    assert_eq!(g.reasonable_orderings(), 0);
    // Mutex goals interfere either way, but a cycle of reasonable
    // orderings would keep both from ever counting as reached: the
    // ordering that closes it goes.
    let g = LandmarkGraph::with_mutexes(&t, &|_, _| true);
    assert_eq!(g.reasonable, vec![vec![], vec![0]]);
}

#[test]
fn a_cycle_of_reasonable_orderings_loses_one_ordering() {
    // 0 ->r 1 ->r 2 ->r 0, and 0 ->r 2; 3 ->r 3 would wait for itself.
    let mut g = LandmarkGraph::default();
    for f in 0..4 {
        g.landmarks.push(Landmark {
            facts: vec![FactId(f)],
            negated: false,
            goal: false,
            initial: false,
            achievers: Vec::new(),
        });
    }
    // reasonable[b]: the a with a ->r b.
    g.reasonable = vec![vec![2], vec![0], vec![1, 0], vec![3]];
    g.break_reasonable_cycles();
    // The search from 0 meets 2 -> 0 and 3 -> 3 closing cycles.
    assert_eq!(g.reasonable, vec![vec![], vec![0], vec![1, 0], vec![]]);
}

#[test]
fn an_ancestor_of_a_landmark_needed_beside_another_is_ordered_before_it() {
    // Goal c (2) needs b (0) and p (1) together; p needs x (3), and
    // achieving x deletes b. So x must come before b (x ->r b), though
    // x is no parent of c, only an ancestor of b's sibling p.
    let t = task(
        4,
        &[],
        &[2],
        &[
            (&[], &[0], &[], 1),
            (&[3], &[1], &[], 1),
            (&[0, 1], &[2], &[], 1),
            (&[], &[3], &[0], 1),
        ],
    );
    let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
    let lm = |f: u32| {
        (g.landmarks.iter())
            .position(|l| l.facts == [FactId(f)])
            .unwrap()
    };
    assert!(g.children[lm(3)].contains(&lm(1)));
    assert_eq!(g.reasonable[lm(0)], vec![lm(3)]);
    assert_eq!(g.reasonable_orderings(), 1);
}

fn landmark_facts(t: &Task) -> Vec<Vec<u32>> {
    (LandmarkGraph::new(t).landmarks.iter())
        .map(|l| l.facts.iter().map(|f| f.0).collect())
        .collect()
}

#[test]
fn an_achiever_that_needs_a_derived_fact_may_come_first() {
    // Goal g (0): A needs d (1) and B needs p (2). An axiom derives d
    // from q (3); op C adds q, op D adds p. The plan C, A needs no p.
    let mut t = task(
        4,
        &[],
        &[0],
        &[
            (&[1], &[0], &[], 1),
            (&[2], &[0], &[], 1),
            (&[], &[3], &[], 1),
            (&[], &[2], &[], 5),
        ],
    );
    t.axioms = vec![crate::task::Axiom {
        head: FactId(1),
        pre: Box::new([FactId(3)]),
        neg_pre: Box::new([]),
        layer: 1,
    }];
    t.derived = Box::new([FactId(1)]);
    assert_eq!(landmark_facts(&t), vec![vec![0]]);
    // A needs `not d` instead, d holds at the start (q does), and C
    // deletes q: still no p.
    t.init = Box::new([FactId(3)]);
    t.operators[0].pre = Box::new([]);
    t.operators[0].neg_pre = Box::new([FactId(1)]);
    t.operators[2].add = Box::new([]);
    t.operators[2].del = Box::new([FactId(3)]);
    assert_eq!(landmark_facts(&t), vec![vec![0]]);
    // d holds at the start, though the initial state does not name it.
    t.goal = Box::new([FactId(1)]);
    assert!(LandmarkGraph::new(&t).landmarks[0].initial);
}

#[test]
fn an_operator_that_may_achieve_a_landmark_has_its_other_effects() {
    // Goal g (0). X needs m (1), adds q (2) and deletes m, and adds g
    // when c (3) holds; Y needs q and adds g. The plan X (c false), Y
    // has m false right before g: m is no greedy-necessary parent.
    let mut t = task(
        4,
        &[1],
        &[0],
        &[(&[1], &[2], &[1], 1), (&[2], &[0], &[], 1)],
    );
    t.operators[0].conditional = Box::new([crate::task::ConditionalEffect {
        cond: Box::new([FactId(3)]),
        neg_cond: Box::new([]),
        add: Box::new([FactId(0)]),
        del: Box::new([]),
    }]);
    assert_eq!(landmark_facts(&t), vec![vec![0]]);
}

#[test]
fn only_first_achievers_count() {
    // Goal 2. o0: 0 -> 2; o1: 1 -> 2; o2: 2 -> 1. Fact 1 is reachable
    // only through 2 itself, so o1 is no first achiever, and 0 is a
    // landmark (the only first achiever's precondition).
    let t = task(
        3,
        &[0],
        &[2],
        &[
            (&[0], &[2], &[], 1),
            (&[1], &[2], &[], 1),
            (&[2], &[1], &[], 1),
        ],
    );
    let g = LandmarkGraph::new(&t);
    let facts: Vec<Vec<u32>> = g
        .landmarks
        .iter()
        .map(|l| l.facts.iter().map(|f| f.0).collect())
        .collect();
    assert_eq!(facts, vec![vec![2], vec![0]]);
}
