use super::*;
use crate::heuristics::testing::{OpSpec, task};
use crate::invariants::MutexGroup;

/// Facts `0 = (holding a)`, `1 = (clear a)`, `2 = (on a a)`, `3 = (arm-empty)`,
/// with the group `{0, 1}` at most 1 (holding a block means it is not clear).
fn blocks() -> (Task, Mutexes) {
    let ops: &[OpSpec] = &[
        // pick up a: clear and an empty arm, then held.
        (&[1, 3], &[0], &[1, 3], 1),
        // stack a on a: needs a held and clear at once.
        (&[0, 1], &[2, 3], &[0, 1], 1),
        // put down a.
        (&[0], &[1, 3], &[0], 1),
        // a bad drop: keeps (holding a) and adds (clear a).
        (&[0], &[1], &[], 1),
    ];
    let t = task(4, &[1, 3], &[1], ops);
    let groups = vec![MutexGroup {
        facts: vec![FactId(0), FactId(1)],
        at_most: 1,
        invariant: 0,
    }];
    let m = Mutexes::new(4, groups, None);
    (t, m)
}

#[test]
fn operators_with_mutex_preconditions_or_results_are_removed() {
    let (t, m) = blocks();
    let pruned = prune_operators(&t, &m);
    assert_eq!(pruned.original, vec![OpId(0), OpId(2)]);
    assert_eq!(pruned.removed(&t), 2);
    assert_eq!(pruned.task.operators[1].name, "op2");
    assert_eq!(
        pruned.original_plan(&[OpId(0), OpId(1)]),
        vec![OpId(0), OpId(2)]
    );
    // Without the group, every operator stays.
    let none = prune_operators(&t, &Mutexes::new(4, Vec::new(), None));
    assert_eq!(none.task.operators.len(), 4);
}
