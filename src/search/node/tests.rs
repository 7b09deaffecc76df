use super::*;
use crate::search::toy::Graph;

#[test]
fn path_follows_parents_back_to_the_start() {
    let mut a = NodeArena::new();
    for (parent, g) in [(NodeId::NONE, 0), (NodeId(0), 1), (NodeId(1), 2)] {
        a.push(SearchNode { parent, g }).expect("memory");
    }
    assert_eq!(
        a.path_nodes(NodeId(2)),
        vec![NodeId(0), NodeId(1), NodeId(2)]
    );
    assert_eq!(a.path_nodes(NodeId(0)), vec![NodeId(0)]);
}

#[test]
fn path_finds_the_cheapest_operator_between_each_pair() {
    // Two edges from 0 to 1 (ops 0 and 1, costs 5 and 2), then 1 -> 2 (op 2).
    let mut graph = Graph::new(3, &[(0, 1, 5), (0, 1, 2), (1, 2, 1)], 0, &[2]);
    let mut registry = StateRegistry::new(1);
    let mut a = NodeArena::new();
    for (v, parent, g) in [(0, NodeId::NONE, 0), (1, NodeId(0), 2), (2, NodeId(1), 3)] {
        registry.insert(&[v]).expect("memory");
        a.push(SearchNode { parent, g }).expect("memory");
    }
    assert_eq!(
        a.path(NodeId(2), &registry, &mut graph),
        vec![OpId(1), OpId(2)]
    );
    assert_eq!(a.path(NodeId(0), &registry, &mut graph), vec![]);
}
