use super::*;
use crate::heuristics::abstraction::projection::Projection;
use crate::heuristics::abstraction::variables::Variables;
use crate::heuristics::testing::truck;

fn projections() -> Vec<Projection> {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    [vec![1], vec![0, 1]]
        .iter()
        .map(|p| Projection::new(&vars, p, 100, 100).expect("small"))
        .collect()
}

#[test]
fn saturated_costs_leave_the_drives_to_the_second_projection() {
    let ps = projections();
    // Initial state: package at a (value 0), truck at a (0).
    let ranks = [0, ps[1].rank(&[0, 0])];
    // The package's projection takes load and unload (2); the drive is left (1).
    let first = saturated(&ps, &[0, 1], &[1; 6]);
    assert_eq!(first.value(&ranks), 3);
    assert_eq!(first.contributors(), 2);
    // The other way round, the pair takes everything and the package gets 0.
    let second = saturated(&ps, &[1, 0], &[1; 6]);
    assert_eq!(second.value(&ranks), 3);
    assert_eq!(second.contributors(), 1);
}

#[test]
fn uniform_shares_split_the_loads_between_both_projections() {
    let ps = projections();
    let ranks = [0, ps[1].rank(&[0, 0])];
    // Each projection gets half of load and unload: 1 + (1 + 1) = 3.
    assert_eq!(uniform(&ps, &[1; 6]).value(&ranks), 3);
    // Costs of 1 split three ways would round down to 0 without the scale.
    let three = [ps[0].clone(), ps[0].clone(), ps[0].clone()];
    assert_eq!(uniform(&three, &[1; 6]).value(&[0, 0, 0]), 2);
}

#[test]
fn greedy_orders_put_dead_ends_first_then_value_per_stolen_cost() {
    assert_eq!(
        greedy_order(&[3, INFINITY, 4, 0], &[3, 1, 2, 0]),
        vec![1, 2, 0, 3]
    );
}

#[test]
fn hill_climbing_keeps_a_better_order_and_spends_its_budget() {
    let ps = projections();
    let costs = [1; 6];
    // Package at a, truck at b: h* = 4 (drive, load, drive, unload).
    let ranks = [0, ps[1].rank(&[1, 0])];
    let mut order = vec![0, 1];
    let start = saturated(&ps, &order, &costs);
    let before = start.value(&ranks);
    let mut budget = 5;
    let lookup = optimize(&ranks, &mut order, 2, start, &mut budget, |o| {
        saturated(&ps, o, &costs)
    });
    assert!(lookup.value(&ranks) >= before);
    assert_eq!(lookup.value(&ranks), 4);
    // One swap tried, none better: the budget pays for exactly one.
    assert_eq!(budget, 4);
    assert_eq!(order, vec![0, 1]);
    // Without budget, the order stays as it is.
    let mut budget = 0;
    let start = saturated(&ps, &[1, 0], &costs);
    let mut order = vec![1, 0];
    optimize(&ranks, &mut order, 2, start, &mut budget, |o| {
        saturated(&ps, o, &costs)
    });
    assert_eq!(order, vec![1, 0]);
}

#[test]
fn dead_ends_are_told_once_and_left_out_of_the_lookups() {
    let h: [&[u32]; 3] = [&[0, INFINITY, 3], &[1, 2], &[0, INFINITY, 0]];
    let dead = DeadEnds::new(h);
    assert!(dead.contains(&[1, 0, 0]));
    assert!(dead.contains(&[0, 0, 1]));
    assert!(!dead.contains(&[2, 1, 2]));
    let mut lookup = Lookup::default();
    for (a, h) in h.iter().enumerate() {
        lookup.add(a, h);
    }
    // The third abstraction has only zeros and a dead end: it adds nothing.
    assert_eq!(lookup.contributors(), 2);
    assert_eq!(lookup.value(&[2, 1, 2]), 5);
    // A dead abstract state reads as 0 (the dead-end test comes first).
    assert_eq!(lookup.value(&[1, 0, 1]), 1);
}

/// Three two-state abstractions, each reaching its goal by one of two
/// operators, the operators shared around a triangle: A by `o0` or `o1`,
/// B by `o1` or `o2`, C by `o2` or `o0`.
fn triangle() -> Vec<Transitions> {
    (0..3u32)
        .map(|i| Transitions::new(2, vec![1], &[(1, 0, i), (1, 0, (i + 1) % 3)]))
        .collect()
}

#[test]
fn optimal_partitioning_splits_shared_operators_where_saturated_cannot() {
    let abstractions = triangle();
    let costs = [1; 3];
    let ranks = [0, 0, 0];
    // Whichever abstraction comes first takes both its operators.
    for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2]] {
        assert_eq!(saturated(&abstractions, &order, &costs).value(&ranks), 1);
    }
    // Half of each operator to each of its two abstractions: 3 x 0.5.
    let mut lp = optimal::Optimal::new(&abstractions, &costs);
    let solved = lp.solve(&ranks);
    let optimal::Solved::Optimum(x) = solved else {
        panic!("{solved:?}");
    };
    assert!((x - 1.5).abs() < 1e-6, "{x}");
    // h* is a whole number: 1.5 rounds up.
    assert_eq!(solved.estimate(), Some(2));
    let solved = lp.solve(&ranks);
    assert_eq!(solved, lp.solve(&ranks), "the scratch is reset");
    // With o0 twice as expensive, A and C each take 1 of it, and B all of
    // o1 or o2 (A's and C's other operators): 1 + 1 + 0 = 2.
    let optimal::Solved::Optimum(x) =
        optimal::Optimal::new(&abstractions, &[2, 1, 1]).solve(&ranks)
    else {
        panic!("no optimum");
    };
    assert!((x - 2.0).abs() < 1e-6, "{x}");
    assert_eq!((lp.solved, lp.failed), (3, 0));
}

#[test]
fn optimal_partitioning_tells_dead_ends_and_leaves_goal_states_out() {
    let mut abstractions = triangle();
    // A fourth abstraction: state 2 has no way to the goal state 1.
    abstractions.push(Transitions::new(3, vec![1], &[(1, 0, 0)]));
    let mut lp = optimal::Optimal::new(&abstractions, &[1; 3]);
    assert_eq!(lp.solve(&[0, 0, 0, 2]).estimate(), None);
    // In goal state 1 the fourth adds 0 and leaves o0 to the others.
    assert_eq!(lp.solve(&[0, 0, 0, 1]).estimate(), Some(2));
    // In state 0 the fourth needs o0 too: all of o0 to it, and B takes o1
    // and o2 (1 + 0 + 1 + 0), beats the triangle's 1.5; nothing beats 2.
    let optimal::Solved::Optimum(x) = lp.solve(&[0, 0, 0, 0]) else {
        panic!("no optimum");
    };
    assert!((x - 2.0).abs() < 1e-6, "{x}");
    // Every abstraction at its goal: no LP.
    assert_eq!(lp.solve(&[1, 1, 1, 1]), optimal::Solved::Optimum(0.0));
    assert_eq!((lp.solved, lp.failed), (2, 0));
}
