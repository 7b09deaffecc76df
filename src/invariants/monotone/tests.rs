use super::*;

#[test]
fn a_position_is_a_group_and_a_counter_is_not() {
    // `at p0..p3` on a line (move right/left) is a group: each move requires
    // and deletes the old position.
    let mut t = crate::search::toy::line_task(4);
    t.facts = (0..4)
        .map(|i| crate::task::Atom {
            predicate: "at".into(),
            args: vec![format!("p{i}")],
        })
        .collect();
    let groups = monotone_groups(&t);
    assert_eq!(groups, vec![(0..4).map(FactId).collect::<Vec<_>>()]);
    // An operator adding a position without deleting the old one breaks it.
    t.operators[0].del = Box::new([]);
    assert!(monotone_groups(&t).is_empty());
}
