use super::*;
use crate::heuristics::testing::truck;

#[test]
fn the_package_alone_needs_a_load_and_an_unload() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    let p = Projection::new(&vars, &[1], 100, 100).expect("small");
    // Values: at a, at b, in the truck; load and unload at either place.
    assert_eq!((p.num_states(), p.num_transitions()), (3, 4));
    let mut h = Vec::new();
    p.distances(&[1; 6], &mut h);
    assert_eq!(h, vec![2, 0, 1]);
    // Only loading at a and unloading at b are needed at full cost; driving,
    // and the load and unload that lead away from the goal, are free.
    let mut saturated = vec![9; 6];
    p.saturated_costs(&h, &mut saturated);
    assert_eq!(saturated, vec![0, 0, 1, 0, 0, 1]);
}

#[test]
fn both_variables_give_the_true_cost_and_ranks_are_mixed_radix() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    let p = Projection::new(&vars, &[0, 1], 100, 100).expect("small");
    assert_eq!(p.num_states(), 6);
    // Truck at b (1), package in the truck (2): 1 + 2 * 2.
    assert_eq!(p.rank(&[1, 2]), 5);
    let mut h = Vec::new();
    p.distances(&[1; 6], &mut h);
    assert_eq!(h[p.rank(&[0, 0])], 3);
    // Unloading costs 5: going round by a does not help.
    p.distances(&[1, 1, 1, 1, 5, 5], &mut h);
    assert_eq!(h[p.rank(&[0, 0])], 7);
}

#[test]
fn projections_past_their_limits_are_refused() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    assert_eq!(
        Projection::new(&vars, &[0, 1], 5, 100).err(),
        Some(TooLarge::States)
    );
    assert_eq!(
        Projection::new(&vars, &[0, 1], 6, 3).err(),
        Some(TooLarge::Transitions)
    );
}

#[test]
fn a_dead_end_is_infinitely_far() {
    let (mut t, groups) = truck();
    t.operators.truncate(4); // no unloading
    let vars = Variables::new(&t, &groups);
    let p = Projection::new(&vars, &[1], 100, 100).expect("small");
    let mut h = Vec::new();
    p.distances(&[1; 4], &mut h);
    assert_eq!(h, vec![INFINITY, 0, INFINITY]);
}
