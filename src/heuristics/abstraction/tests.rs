use super::*;
use crate::heuristics::testing::{state, truck};

#[test]
fn scp_on_the_truck_task_is_h_star_and_zero_at_the_goal() {
    let (t, groups) = truck();
    let options = Options {
        cartesian: false,
        ..Options::default()
    };
    let mut h = CostPartitioned::new(&t, Some(&groups), Partitioning::Saturated, &options);
    assert_eq!(h.abstractions().len(), 2);
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

#[test]
fn optimised_and_diversified_orders_are_the_same_in_two_builds() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ipc/depot/");
    let task = crate::load::load(format!("{dir}domain.pddl"), format!("{dir}p04.pddl"))
        .expect("bundled problem");
    let options = Options {
        optimization_budget: 5,
        online_optimization_budget: 5,
        samples: 100,
        interval: 7,
        ..Options::default()
    };
    let build = || CostPartitioned::new(&task, None, Partitioning::Saturated, &options);
    let (mut first, mut second) = (build(), build());
    // Diversification kept more than the initial state's order.
    assert!(first.orders() > 1, "{} orders", first.orders());
    assert!(first.lookups == second.lookups, "the kept orders differ");
    let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
    let mut rng = sampling::SplitMix(7);
    let states = sampling::random_walks(&task, init.words(), 10, 300, &mut rng);
    for state in &states {
        assert_eq!(first.estimate(state), second.estimate(state));
    }
    assert_eq!(first.orders(), second.orders());
}
