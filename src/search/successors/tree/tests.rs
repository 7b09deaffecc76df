use super::*;
use crate::search::toy::task_with_ops;

#[test]
fn the_module_example_shares_the_branch_of_fact_0() {
    // a = [0], b = [0, 1], c = [2], d = [0, not 3]
    let task = task_with_ops(4, &[(&[0], &[]), (&[0, 1], &[]), (&[2], &[]), (&[0], &[3])]);
    let mut tree = DecisionTree::new(&task);
    // root, node{a}, node{b}, node{d}, node{c}
    assert_eq!(tree.nodes.len(), 5);
    let mut out = Vec::new();
    tree.applicable(&[0b0101], &mut out);
    assert_eq!(out, vec![OpId(0), OpId(2), OpId(3)]);
    out.clear();
    tree.applicable(&[0b1011], &mut out);
    assert_eq!(out, vec![OpId(0), OpId(1)]);
}
