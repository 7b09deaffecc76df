use super::*;
use crate::task::{Atom, Operator};

/// A task over 0-ary facts named `names`, with operators `(pre, add, del)`.
pub(crate) fn toy_task(names: &[&str], init: &[u32], ops: &[(&[u32], &[u32], &[u32])]) -> Task {
    let ids = |v: &[u32]| -> Box<[FactId]> { v.iter().map(|&f| FactId(f)).collect() };
    Task {
        domain_name: "toy".into(),
        problem_name: "toy".into(),
        facts: names
            .iter()
            .map(|n| Atom {
                predicate: n.to_string(),
                args: Vec::new(),
            })
            .collect(),
        operators: ops
            .iter()
            .enumerate()
            .map(|(i, (pre, add, del))| Operator {
                name: format!("o{i}"),
                pre: ids(pre),
                neg_pre: ids(&[]),
                add: ids(add),
                del: ids(del),
                cost: 1,
                conditional: Box::new([]),
            })
            .collect(),
        init: ids(init),
        goal: ids(&[]),
        neg_goal: ids(&[]),
        has_action_costs: false,
        axioms: Vec::new(),
        derived: Box::new([]),
    }
}

#[test]
fn a_fact_that_is_always_deleted_when_the_other_is_added_is_mutex() {
    // x and y each switch the other off; nothing ever makes both true,
    // though the count of {x, y} rises from 0, so no invariant says so.
    let task = toy_task(
        &["x", "y", "z"],
        &[],
        &[(&[], &[0], &[1]), (&[], &[1], &[0]), (&[0], &[2], &[])],
    );
    let h2 = H2::compute(&task, &H2Limits::default()).expect("small task");
    assert!(h2.is_mutex(FactId(0), FactId(1)));
    assert!(!h2.is_mutex(FactId(0), FactId(2)));
    // z survives the switch to y, so y and z can hold together.
    assert!(!h2.is_mutex(FactId(1), FactId(2)));
    assert_eq!(h2.mutex_pairs(), 1);
    let mut set = vec![0u64; 1];
    bits::insert(&mut set, FactId(2));
    bits::insert(&mut set, FactId(1));
    assert_eq!(h2.violation(&set), None);
    bits::insert(&mut set, FactId(0));
    assert_eq!(h2.violation(&set), Some((FactId(0), FactId(1))));
}

#[test]
fn preconditions_must_be_reached_together() {
    // o2 needs a and b together, which never happens: c is unreachable.
    let task = toy_task(
        &["a", "b", "c", "s"],
        &[3],
        &[
            (&[3], &[0], &[3, 1]),
            (&[3], &[1], &[3, 0]),
            (&[0, 1], &[2], &[]),
        ],
    );
    let h2 = H2::compute(&task, &H2Limits::default()).expect("small task");
    assert!(h2.is_mutex(FactId(0), FactId(1)));
    assert!(!h2.is_reachable(FactId(2)));
    assert_eq!(h2.unreachable_facts(), 1);
    assert_eq!(h2.violation(&[0b100]), Some((FactId(2), FactId(2))));
    // Bits past the last fact are ignored, not a panic.
    assert_eq!(h2.violation(&[1 << 40, 1]), None);
}

#[test]
fn the_budget_skips_large_tasks() {
    let task = toy_task(&["a", "b"], &[0], &[(&[0], &[1], &[0])]);
    let limits = H2Limits {
        max_work: 0,
        ..H2Limits::default()
    };
    assert!(matches!(
        H2::compute(&task, &limits),
        Err(H2Skip::TooLarge { facts: 2, .. })
    ));
}
