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
