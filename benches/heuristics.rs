//! Criterion benches of one heuristic evaluation (the initial state) for every
//! heuristic in the heuristics' table (`heuristics::NAMES`), on three fixed IPC problems.
//!
//! Run with `cargo bench -p planbox-benches --bench heuristics`; about half a minute on two cores.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::heuristics;
use planbox::task::FactSet;
use std::hint::black_box;
use std::path::Path;

/// (label, domain, problem) relative to the crate root.
const PROBLEMS: &[(&str, &str, &str)] = &[
    (
        "sokoban-opt08-p05",
        "problems/ipc/sokoban-opt08-strips/domain.pddl",
        "problems/ipc/sokoban-opt08-strips/p05.pddl",
    ),
    (
        "logistics00-10-0",
        "problems/ipc/logistics00/domain.pddl",
        "problems/ipc/logistics00/probLOGISTICS-10-0.pddl",
    ),
    (
        "visitall-opt11-09-full",
        "problems/ipc/visitall-opt11-strips/domain.pddl",
        "problems/ipc/visitall-opt11-strips/problem09-full.pddl",
    ),
];

fn path(path: &str) -> std::path::PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join(path)
}

fn evaluate(c: &mut Criterion) {
    for &(label, domain_path, problem_path) in PROBLEMS {
        let task = planbox::load(path(domain_path), path(problem_path)).expect("bench loads");
        let init = FactSet::from_facts(task.facts.len(), &task.init);
        for &name in heuristics::NAMES {
            let mut h = heuristics::by_name(name, &task).expect("known name");
            c.bench_function(&format!("{name}/{label}"), |b| {
                b.iter(|| h.estimate(black_box(init.words())))
            });
        }
    }
}

criterion_group! {
    name = heuristic_benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = evaluate
}
criterion_main!(heuristic_benches);
