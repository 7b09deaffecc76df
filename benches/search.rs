//! Criterion benches of whole searches whose configuration the command line
//! cannot express yet: greedy best-first search with h^FF **without** preferred
//! operators (Fast Downward's `eager_greedy([ff()])`, the configuration
//! `benches/fd/compare_search.py` calls `gbfs-ff`), next to the same search
//! with them (what `planbox plan --search gbfs --heuristic hff` runs), and A*
//! with LM-cut, incremental (`lmcut`, the default) beside LM-cut from
//! scratch (`lmcut-scratch`, Fast Downward's computation) on the same
//! problems, so their ratio comes from one process. Each bench prints its
//! search's counts once, so that a median time gives expansions per second.
//!
//! Run with `cargo bench -p planbox-benches --bench search`; about a minute on two cores.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::heuristics;
use planbox::search::{self, Limits, Monitor, Progression, SearchResult};
use planbox::task::Task;
use std::path::Path;

/// (label, set, problem) under `problems/ipc/`.
const PROBLEMS: &[(&str, &str, &str)] = &[
    ("sat08-p04", "sokoban-sat08-strips", "p04.pddl"),
    ("sat08-p09", "sokoban-sat08-strips", "p09.pddl"),
    ("opt08-p04", "sokoban-opt08-strips", "p04.pddl"),
    ("gripper-prob04", "gripper", "prob04.pddl"),
    ("logistics-7-0", "logistics00", "probLOGISTICS-7-0.pddl"),
];

fn load(set: &str, file: &str) -> Task {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("problems/ipc")
        .join(set);
    planbox::load(dir.join("domain.pddl"), dir.join(file)).expect("bench input loads")
}

/// One search: `gbfs-hff`, `gbfs-hff-pref`, `astar-lmcut` or
/// `astar-lmcut-scratch`.
fn run(task: &Task, config: &str) -> SearchResult {
    let mut monitor = Monitor::new(Limits::none());
    let mut space = Progression::new(task);
    let name = config.strip_prefix("astar-").unwrap_or("hff");
    let mut h = heuristics::by_name(name, task).expect("known heuristic");
    match config {
        "gbfs-hff" => search::gbfs(&mut space, h.as_mut(), false, &mut monitor),
        "gbfs-hff-pref" => search::gbfs(&mut space, h.as_mut(), true, &mut monitor),
        _ => search::astar(&mut space, h.as_mut(), &mut monitor),
    }
}

fn searches(c: &mut Criterion) {
    for &(label, set, file) in PROBLEMS {
        let task = load(set, file);
        let configs: &[&str] = if set.contains("sat08") {
            &["gbfs-hff", "gbfs-hff-pref"]
        } else {
            &["astar-lmcut", "astar-lmcut-scratch"]
        };
        for &config in configs {
            let s = run(&task, config).stats;
            eprintln!(
                "{config}/{label}: expanded {}, generated {}, evaluated {}",
                s.expanded, s.generated, s.evaluated
            );
            c.bench_function(&format!("{config}/{label}"), |b| {
                b.iter(|| run(&task, config))
            });
        }
    }
}

criterion_group! {
    name = search_benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = searches
}
criterion_main!(search_benches);
