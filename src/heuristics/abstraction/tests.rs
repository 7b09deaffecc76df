use super::*;
use crate::heuristics::testing::{state, truck};

#[test]
fn scp_on_the_truck_task_is_h_star_and_zero_at_the_goal() {
    let (t, groups) = truck();
    let mut h = CostPartitioned::new(
        &t,
        Some(&groups),
        Partitioning::Saturated,
        &Options::default(),
    );
    assert_eq!(h.projections().len(), 2);
    assert_eq!(h.estimate(&state(&t, &[0, 2])), Estimate::Value(3));
    assert_eq!(h.estimate(&state(&t, &[1, 4])), Estimate::Value(1));
    assert_eq!(h.estimate(&state(&t, &[0, 3])), Estimate::Value(0));
}

#[test]
fn without_unloading_every_state_with_the_package_elsewhere_is_a_dead_end() {
    let (mut t, groups) = truck();
    t.operators.truncate(4);
    for kind in [Partitioning::Saturated, Partitioning::Uniform] {
        let mut h = CostPartitioned::new(&t, Some(&groups), kind, &Options::default());
        assert_eq!(
            h.estimate(&state(&t, &[0, 2])),
            Estimate::DeadEnd,
            "{kind:?}"
        );
        assert_eq!(
            h.estimate(&state(&t, &[0, 3])),
            Estimate::Value(0),
            "{kind:?}"
        );
    }
}

#[test]
fn without_groups_the_monotone_groups_are_the_variables() {
    // The test task's facts have no arguments: every fact is a variable.
    let (t, _) = truck();
    let mut h = CostPartitioned::new(&t, None, Partitioning::Saturated, &Options::default());
    assert_eq!(h.vars.len(), 5);
    let v = h.estimate(&state(&t, &[0, 2]));
    assert!(matches!(v, Estimate::Value(1..=3)), "{v:?}");
}
