use super::state_bound;
use crate::heuristics::testing::task;
use crate::task::FactId;

fn groups(spec: &[&[u32]]) -> Vec<Vec<FactId>> {
    spec.iter()
        .map(|g| g.iter().map(|&f| FactId(f)).collect())
        .collect()
}

/// A group of k facts of which at most one holds takes k + 1 values
/// (one of them true, or none), every other fact 2.
#[test]
fn a_group_counts_its_facts_plus_none() {
    let t = task(3, &[], &[], &[]);
    assert_eq!(state_bound(&t, &[]), Some(8));
    assert_eq!(state_bound(&t, &groups(&[&[0, 1]])), Some(3 * 2));
    assert_eq!(state_bound(&t, &groups(&[&[0, 1, 2]])), Some(4));
    // A group of one fact is a fact like any other.
    assert_eq!(state_bound(&t, &groups(&[&[2]])), Some(8));
}

/// Overlapping groups: the largest is taken first, and a later group
/// counts only its facts that no group took yet (at most one of them
/// holds, or none); a group left with one such fact leaves it free.
#[test]
fn overlapping_groups_count_each_fact_once() {
    let t = task(6, &[], &[], &[]);
    // Largest first: {0,1,2,5} gives 5; {2,3,4} has 3 and 4 left: 3.
    let g = groups(&[&[2, 3, 4], &[0, 1, 2, 5]]);
    assert_eq!(state_bound(&t, &g), Some(5 * 3));
    let g = groups(&[&[0, 1, 2], &[2, 3]]);
    // {0,1,2}: 4; {2,3} has only 3 left: a free fact, with 4 and 5.
    assert_eq!(state_bound(&t, &g), Some(4 * 2 * 2 * 2));
    // The order of the groups given does not matter.
    let g = groups(&[&[2, 3], &[0, 1, 2]]);
    assert_eq!(state_bound(&t, &g), Some(4 * 2 * 2 * 2));
}

/// Past 2^24 states no horizon is worth trying to the end.
#[test]
fn a_bound_beyond_any_horizon_is_none() {
    assert_eq!(state_bound(&task(24, &[], &[], &[]), &[]), None);
    assert_eq!(state_bound(&task(23, &[], &[], &[]), &[]), Some(1 << 23));
    let wide: Vec<u32> = (0..40).collect();
    let t = task(40, &[], &[], &[]);
    assert_eq!(state_bound(&t, &groups(&[&wide])), Some(41));
}
