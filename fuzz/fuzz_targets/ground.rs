//! The grounder, and the invariant synthesis and searches that read its task:
//! every checked domain and problem grounds (or stops at a grounding limit
//! with an error); breadth-first search forward and backward (with the
//! mutexes the invariants prove) find plans of the same length; and every
//! plan found is valid on the lifted task, at the cost the task gives it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use planbox::ground::{self, GroundLimits};
use planbox::invariants::{self, MutexMode};
use planbox::pddl::ast::{Domain, Problem};
use planbox::search::{self, Limits, Monitor, Outcome, Progression, Regression, RegressionOptions};
use planbox::task::{OpId, Task};
use planbox::validate::{PlanStep, validate};
use std::time::Duration;

#[path = "common.rs"]
mod common;

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits {
        time: Some(Duration::from_millis(200)),
        memory: Some(1 << 30),
        ..Limits::none()
    })
}

/// The plan is valid on the lifted task at the task's cost; returns its length.
fn check(domain: &Domain, problem: &Problem, task: &Task, plan: &[OpId]) -> usize {
    let steps: Vec<PlanStep> = plan
        .iter()
        .enumerate()
        .map(|(i, &o)| {
            let text = task.operator(o).plan_step();
            let mut words = text[1..text.len() - 1].split(' ');
            PlanStep {
                action: words.next().unwrap_or_default().to_string(),
                args: words.map(str::to_string).collect(),
                line: i + 1,
            }
        })
        .collect();
    let report = validate(domain, problem, &steps);
    assert!(report.is_valid(), "a plan of the ground task is invalid: {report:?}");
    assert_eq!(report.cost, task.plan_cost(plan), "costs differ");
    plan.len()
}

fuzz_target!(|data: &[u8]| {
    let Some((domain, problem)) = common::split(data) else {
        return;
    };
    let Some((domain, problem)) = common::load(domain, problem) else {
        return;
    };
    // Small limits, so that an input whose grounding explodes ends quickly
    // with the limit's error; the error itself is code under test.
    let limits = GroundLimits {
        max_atoms: 20_000,
        max_actions: 20_000,
        max_work: Some(2_000_000),
        ..GroundLimits::default()
    };
    let grounded = match ground::ground_all_with(&domain, &problem, &limits) {
        Ok(g) => g,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    // Breadth-first search finds shortest plans: compare lengths on unit costs,
    // and costs on the task's own.
    let costed = grounded.task.clone();
    let task = grounded.task.with_unit_costs();
    let analysis = invariants::analyse(
        &grounded.lifted,
        Some(&grounded.reachable),
        &task,
        &invariants::Options {
            mutex: MutexMode::H2,
            ..Default::default()
        },
    );
    let forward = search::bfs(&mut Progression::new(&task), &mut monitor());
    let mut space = Regression::new(&task, RegressionOptions::default(), Some(&analysis.mutexes));
    let backward = search::bfs(&mut space, &mut monitor());
    match (&forward.outcome, &backward.outcome) {
        (Outcome::Plan(f), Outcome::Plan(b)) => {
            let (f, b) = (
                check(&domain, &problem, &costed, f),
                check(&domain, &problem, &costed, b),
            );
            assert_eq!(f, b, "BFS lengths differ forward and backward");
        }
        (Outcome::Plan(p), Outcome::Unsolvable) | (Outcome::Unsolvable, Outcome::Plan(p)) => {
            check(&domain, &problem, &costed, p);
            panic!("one direction found a plan, the other proved there is none");
        }
        (Outcome::Plan(p), _) | (_, Outcome::Plan(p)) => {
            check(&domain, &problem, &costed, p);
        }
        _ => {}
    }
});
