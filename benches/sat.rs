//! Criterion benches of the SAT engine: how fast the encoder writes clauses,
//! and what the invariant clauses buy the solver.
//!
//! * `encode/<encoding>/microban-003`: the formula of Microban 3 (the toolkit's
//!   Sokoban domain) up to its optimal horizon, 41, into an in-memory CNF;
//!   the clause count is printed once, so a median time gives clauses per
//!   second, and the three encodings can be compared in one run.
//! * `solve/<mutex>/microban-002`: the whole linear schedule (horizons 0 to
//!   16, sequential encoding) with the invariants as clauses and without:
//!   the same answers, so the ratio of the two times is what the invariants
//!   save (docs/teaching.md, Experiment 6, gives their conflict counts).
//!
//! Run with `cargo bench -p planbox-benches --bench sat`; about a minute on two cores.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::sat::{self, Cnf, Encoder, Encoding, Invariants, SatOptions, Schedule};
use planbox::search::{Limits, Monitor, Outcome};
use planbox::task::Task;
use std::path::Path;

fn load(file: &str) -> (Task, Invariants) {
    let dir =
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("problems/sokoban/microban");
    let loaded = (planbox::Loader::new())
        .files(dir.join("domain.pddl"), dir.join(file))
        .expect("bench input loads");
    let options = planbox::invariants::Options {
        mutex: planbox::invariants::MutexMode::H2,
        ..Default::default()
    };
    let analysis = loaded.analyse(&options);
    let invariants = Invariants::from_mutexes(&analysis.mutexes, true, true);
    (loaded.task, invariants)
}

fn encode(task: &Task, invariants: &Invariants, encoding: Encoding, horizon: usize) -> Cnf {
    let mut cnf = Cnf::default();
    let mut encoder = Encoder::new(task, encoding, invariants.clone());
    encoder.start(&mut cnf);
    while encoder.horizon() < horizon {
        encoder.extend(&mut cnf);
    }
    cnf
}

fn encoding(c: &mut Criterion) {
    let (task, invariants) = load("microban-003.pddl");
    for e in [
        Encoding::Sequential,
        Encoding::ForallStep,
        Encoding::ExistsStep,
    ] {
        let cnf = encode(&task, &invariants, e, 41);
        eprintln!(
            "encode/{}/microban-003: {} variables, {} clauses",
            e.name(),
            cnf.variables,
            cnf.clauses
        );
        c.bench_function(&format!("encode/{}/microban-003", e.name()), |b| {
            b.iter(|| encode(&task, &invariants, e, 41))
        });
    }
}

fn solving(c: &mut Criterion) {
    let (task, invariants) = load("microban-002.pddl");
    let options = SatOptions {
        encoding: Encoding::Sequential,
        schedule: Schedule::Linear,
        max_horizon: None,
        horizon: None,
    };
    for (label, with) in [("invariants", invariants), ("none", Invariants::default())] {
        let run = || sat::plan(&task, &with, &options, &mut Monitor::new(Limits::none()));
        let result = run();
        assert!(matches!(result.outcome, Outcome::Plan(ref p) if p.len() == 16));
        let conflicts: u64 = result.stats.horizons.iter().map(|h| h.conflicts).sum();
        eprintln!("solve/{label}/microban-002: {conflicts} conflicts");
        c.bench_function(&format!("solve/{label}/microban-002"), |b| b.iter(run));
    }
}

criterion_group! {
    name = sat_benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = encoding, solving
}
criterion_main!(sat_benches);
