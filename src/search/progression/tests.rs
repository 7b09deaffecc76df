use super::*;
use crate::search::toy::line_task;

#[test]
fn add_wins_over_del_and_goals_are_checked_both_ways() {
    // Facts 0..3 are positions on a line; the operator `stay` adds and
    // deletes fact 0, so it stays true.
    let mut task = line_task(3);
    task.operators.push(crate::task::Operator {
        name: "stay".into(),
        pre: Box::new([crate::task::FactId(0)]),
        neg_pre: Box::new([]),
        add: Box::new([crate::task::FactId(0)]),
        del: Box::new([crate::task::FactId(0)]),
        cost: 1,
        conditional: Box::new([]),
    });
    let mut space = Progression::new(&task);
    let mut start = vec![0; space.words()];
    space.start(&mut start);
    assert_eq!(start, vec![0b001]);
    let mut out = Successors::new(space.words());
    space.successors(&start, &mut out);
    let succ: Vec<(OpId, Vec<u64>)> = (0..out.len())
        .map(|i| (out.get(i).0, out.get(i).1.to_vec()))
        .collect();
    // right 0->1 is operator 0; `stay` is the last operator.
    assert_eq!(succ, vec![(OpId(0), vec![0b010]), (OpId(4), vec![0b001])]);
    assert!(!space.is_target(&start));
    assert!(space.is_target(&[0b100]));
    task.neg_goal = Box::new([crate::task::FactId(0)]);
    let space = Progression::new(&task);
    assert!(space.is_target(&[0b100]));
    assert!(!space.is_target(&[0b101]));
}
