use super::*;
use crate::heuristics::testing::truck;

#[test]
fn the_truck_is_interesting_only_with_the_package() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    let graph = CausalGraph::new(&vars);
    assert_eq!(
        graph.preconditions[1],
        vec![0],
        "loading requires the truck"
    );
    assert!(graph.preconditions[0].is_empty() && graph.effects[1].is_empty());
    assert_eq!(systematic(&vars, 1, 100), vec![vec![1]]);
    assert_eq!(systematic(&vars, 3, 100), vec![vec![1], vec![0, 1]]);
    assert_eq!(systematic(&vars, 3, 1), vec![vec![1]]);
}

#[test]
fn interesting_patterns_are_made_one_size_at_a_time() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    let mut interesting = Interesting::new(&vars, 10, 100);
    assert_eq!(interesting.get(0), Some(&[1][..]));
    assert_eq!((interesting.made(), interesting.largest()), (1, 1));
    assert_eq!(interesting.get(1), Some(&[0, 1][..]));
    assert_eq!(interesting.get(2), None);
    assert_eq!(interesting.largest(), 2);
    // Asked again, the same pattern.
    assert_eq!(interesting.get(0), Some(&[1][..]));
}
