use super::*;

#[test]
fn path_follows_parents_back_to_the_start() {
    let mut a = NodeArena::new();
    let inc = OpId(0);
    let start = SearchNode {
        parent: NodeId::NONE,
        op: OpId(u32::MAX),
        g: 0,
    };
    a.push(start).expect("memory");
    a.push(SearchNode {
        parent: NodeId(0),
        op: inc,
        g: 1,
    })
    .expect("memory");
    a.push(SearchNode {
        parent: NodeId(1),
        op: OpId(1),
        g: 2,
    })
    .expect("memory");
    assert_eq!(a.path(NodeId(2)), vec![inc, OpId(1)]);
    assert_eq!(a.path(NodeId(0)), vec![]);
}
