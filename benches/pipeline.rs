//! Criterion benches of the pipeline stages: parse (+ check) and ground, on the
//! largest IPC Sokoban problem and a large non-Sokoban problem.
//!
//! Run with `cargo bench -p planbox-benches --bench pipeline`; `benches/fd/compare_translate.py`
//! compares the same stages with Fast Downward's translator.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::pddl::{self, ast};
use std::hint::black_box;
use std::path::Path;

/// (label, domain, problem) relative to the crate root.
const PROBLEMS: &[(&str, &str, &str)] = &[
    (
        "sokoban-opt08-p20",
        "problems/ipc/sokoban-opt08-strips/domain.pddl",
        "problems/ipc/sokoban-opt08-strips/p20.pddl",
    ),
    (
        "satellite-p33",
        "problems/ipc/satellite/domain.pddl",
        "problems/ipc/satellite/p33-HC-pfile13.pddl",
    ),
];

fn source(path: &str) -> ast::Source {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join(path);
    let text = std::fs::read_to_string(&path).expect("bench input is bundled");
    ast::Source { path, text }
}

fn load(domain: &ast::Source, problem: &ast::Source) -> (ast::Domain, ast::Problem) {
    let d = pddl::parse_domain(domain.clone()).expect("bench domain parses");
    pddl::check_domain(&d).expect("bench domain checks");
    let p = pddl::parse_problem(problem.clone()).expect("bench problem parses");
    pddl::check_problem(&d, &p).expect("bench problem checks");
    (d, p)
}

fn stages(c: &mut Criterion) {
    for &(label, domain_path, problem_path) in PROBLEMS {
        let domain = source(domain_path);
        let problem = source(problem_path);
        c.bench_function(&format!("parse/{label}"), |b| {
            b.iter(|| load(black_box(&domain), black_box(&problem)))
        });
        let (d, p) = load(&domain, &problem);
        c.bench_function(&format!("ground/{label}"), |b| {
            b.iter(|| planbox::ground::ground(black_box(&d), black_box(&p)).expect("grounds"))
        });
    }
}

criterion_group! {
    name = pipeline;
    config = Criterion::default().sample_size(20);
    targets = stages
}
criterion_main!(pipeline);
