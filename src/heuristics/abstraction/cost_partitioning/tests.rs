use super::*;
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
    assert_eq!(first.value(&ranks), Some(3));
    assert_eq!(first.contributors(), 2);
    // The other way round, the pair takes everything and the package gets 0.
    let second = saturated(&ps, &[1, 0], &[1; 6]);
    assert_eq!(second.value(&ranks), Some(3));
    assert_eq!(second.contributors(), 1);
}

#[test]
fn uniform_shares_split_the_loads_between_both_projections() {
    let ps = projections();
    let ranks = [0, ps[1].rank(&[0, 0])];
    // Each projection gets half of load and unload: 1 + (1 + 1) = 3.
    assert_eq!(uniform(&ps, &[1; 6]).value(&ranks), Some(3));
    // Costs of 1 split three ways would round down to 0 without the scale.
    let three = [ps[0].clone(), ps[0].clone(), ps[0].clone()];
    assert_eq!(uniform(&three, &[1; 6]).value(&[0, 0, 0]), Some(2));
}

#[test]
fn greedy_orders_put_dead_ends_first_then_value_per_stolen_cost() {
    assert_eq!(
        greedy_order(&[3, INFINITY, 4, 0], &[3, 1, 2, 0]),
        vec![1, 2, 0, 3]
    );
}
