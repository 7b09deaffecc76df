use super::*;
use crate::heuristics::testing::{state, truck};

#[test]
fn scp_on_the_truck_task_is_h_star_and_zero_at_the_goal() {
    let (t, groups) = truck();
    let options = Options {
        cartesian: false,
        ..Options::default()
    };
    let mut h = CostPartitioned::new(
        &t,
        FactGroups::of(&groups),
        Partitioning::Saturated,
        &options,
    );
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
        let mut h = CostPartitioned::new(&t, FactGroups::of(&groups), kind, &Options::default());
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
    let mut h = CostPartitioned::new(
        &t,
        FactGroups::default(),
        Partitioning::Saturated,
        &Options::default(),
    );
    assert_eq!(h.vars.len(), 5);
    let v = h.estimate(&state(&t, &[0, 2]));
    assert!(matches!(v, Estimate::Value(1..=3)), "{v:?}");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes unoptimised: runs in release (`cargo test --release`)"
)]
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
    let build = || {
        CostPartitioned::new(
            &task,
            FactGroups::default(),
            Partitioning::Saturated,
            &options,
        )
    };
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

/// A* with saturated cost partitioning over Sys-SCP's projections finds
/// plans as cheap as A* with LM-cut, each replayed step by step.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes unoptimised: runs in release (`cargo test --release`)"
)]
fn astar_with_sys_scp_patterns_is_optimal() {
    use crate::search::{Limits, Monitor, Outcome, Progression, astar};
    let options = Options {
        selection: Selection::SysScp(selection::SysScp::default()),
        ..Options::default()
    };
    let mut larger = 0;
    for (set, file) in [
        ("depot", "p01"),
        ("depot", "p02"),
        ("driverlog", "p01"),
        ("driverlog", "p03"),
        ("gripper", "prob01"),
        ("satellite", "p01-pfile1"),
        ("satellite", "p03-pfile3"),
    ] {
        let dir = format!("{}/problems/ipc/{set}/", env!("CARGO_MANIFEST_DIR"));
        let task = crate::load::load(format!("{dir}domain.pddl"), format!("{dir}{file}.pddl"))
            .expect("bundled problem");
        let mut h = CostPartitioned::best_of(
            &task,
            FactGroups::default(),
            Partitioning::Saturated,
            &options,
        );
        larger += (h.projections()).filter(|p| p.pattern().len() >= 3).count();
        let run = |h: &mut dyn Heuristic| {
            let mut space = Progression::new(&task);
            match astar(&mut space, h, &mut Monitor::new(Limits::none())).outcome {
                Outcome::Plan(plan) => plan,
                other => panic!("{set}/{file}: {other:?}"),
            }
        };
        let plan = run(&mut h);
        let optimal = run(&mut crate::heuristics::LmCut::new(&task));
        use crate::util::bits;
        let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        let mut state = init.words().to_vec();
        for &o in &plan {
            let op = task.operator(o);
            assert!(
                op.pre.iter().all(|&f| bits::contains(&state, f)),
                "{set}/{file}"
            );
            let mut next = state.clone();
            task.apply(op, &state, &mut next);
            state = next;
        }
        assert!(
            task.goal.iter().all(|&f| bits::contains(&state, f)),
            "{set}/{file}"
        );
        assert_eq!(
            task.plan_cost(&plan),
            task.plan_cost(&optimal),
            "{set}/{file}"
        );
    }
    assert!(larger > 0, "no pattern of 3 or more variables");
}

/// A* with optimal cost partitioning finds the optimal plans of small IPC
/// problems (their costs known from the other optimal planners' tests),
/// each replayed step by step.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes unoptimised: runs in release (`cargo test --release`)"
)]
fn astar_with_optimal_cost_partitioning_is_optimal() {
    use crate::heuristics::HeuristicName;
    use crate::search::{Limits, Monitor, Outcome, Progression, astar};
    use crate::util::bits;
    for (set, file, cost) in [
        ("gripper", "prob01", 11),
        ("depot", "p01", 10),
        ("logistics00", "probLOGISTICS-4-0", 20),
    ] {
        let dir = format!("{}/problems/ipc/{set}/", env!("CARGO_MANIFEST_DIR"));
        let task = crate::load::load(format!("{dir}domain.pddl"), format!("{dir}{file}.pddl"))
            .expect("bundled problem");
        let name: HeuristicName = "ocp".parse().expect("in the table");
        let mut h = name.forward(&task, &Default::default()).expect("forward");
        let mut space = Progression::new(&task);
        let plan = match astar(&mut space, &mut *h, &mut Monitor::new(Limits::none())).outcome {
            Outcome::Plan(plan) => plan,
            other => panic!("{set}/{file}: {other:?}"),
        };
        let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        let mut state = init.words().to_vec();
        for &o in &plan {
            let op = task.operator(o);
            assert!(
                op.pre.iter().all(|&f| bits::contains(&state, f)),
                "{set}/{file}"
            );
            let mut next = state.clone();
            task.apply(op, &state, &mut next);
            state = next;
        }
        assert!(
            task.goal.iter().all(|&f| bits::contains(&state, f)),
            "{set}/{file}"
        );
        assert_eq!(task.plan_cost(&plan), cost, "{set}/{file}");
    }
}
