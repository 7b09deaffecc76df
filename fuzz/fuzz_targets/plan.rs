//! The plan-file reader and the validator, differentially: any text that reads
//! as a plan is validated twice, on the lifted task (`planbox validate`) and as
//! ground operators on the grounded task (what `planbox plan` checks its own
//! plans with). The two must agree on validity and on cost.

#![no_main]

use libfuzzer_sys::fuzz_target;
use planbox::plan::{check_plan, parse_plan};
use planbox::task::{OpId, Task};
use planbox::validate::validate;
use std::collections::HashMap;
use std::sync::OnceLock;

#[path = "common.rs"]
mod common;

/// Tasks with the features the validator handles: typing, constants,
/// negative preconditions, equality and action costs.
const TASKS: &[(&str, &str)] = &[
    (
        include_str!("../../problems/ipc/gripper/domain.pddl"),
        include_str!("../../problems/ipc/gripper/prob01.pddl"),
    ),
    (
        include_str!("../../problems/ipc/sokoban-opt08-strips/domain.pddl"),
        include_str!("../../problems/ipc/sokoban-opt08-strips/p01.pddl"),
    ),
    (
        include_str!("../../tests/data/bad/domain.pddl"),
        include_str!("../../tests/data/mutation-seed-problem.pddl"),
    ),
];

struct Loaded {
    domain: planbox::pddl::ast::Domain,
    problem: planbox::pddl::ast::Problem,
    task: Task,
    /// Ground operators by their plan-file text, `(pick ball1 rooma left)`.
    by_name: HashMap<String, OpId>,
}

fn tasks() -> &'static [Loaded] {
    static LOADED: OnceLock<Vec<Loaded>> = OnceLock::new();
    LOADED.get_or_init(|| {
        TASKS
            .iter()
            .map(|(d, p)| {
                let (domain, problem) = common::load(d, p).expect("bundled files check");
                let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
                let by_name = (0..task.operators.len())
                    .map(|i| (task.operators[i].plan_step(), OpId(i as u32)))
                    .collect();
                Loaded {
                    domain,
                    problem,
                    task,
                    by_name,
                }
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(steps) = parse_plan(text) else {
        return;
    };
    let t = &tasks()[pick as usize % TASKS.len()];
    let report = validate(&t.domain, &t.problem, &steps);
    if let planbox::validate::Verdict::StepFailed { failure, .. } = &report.verdict {
        let _ = failure.to_string();
    }
    // A step that names no ground operator is not applicable in any state the
    // plan reaches: grounding keeps every instance whose static conditions
    // hold and whose other preconditions are relaxed-reachable.
    let ground: Option<Vec<OpId>> = steps
        .iter()
        .map(|s| t.by_name.get(&s.to_string()).copied())
        .collect();
    let ground_ok = ground.as_ref().map(|plan| check_plan(&t.task, plan));
    match (&ground_ok, report.is_valid()) {
        (Some(Ok(cost)), true) => assert_eq!(*cost, report.cost, "costs differ"),
        (Some(Err(_)) | None, false) => {}
        _ => panic!("the validators disagree: lifted {report:?}, ground {ground_ok:?}"),
    }
});
