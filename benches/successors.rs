//! Criterion bench of the two successor generators on IPC Sokoban.
//!
//! * `applicable/<gen>/<problem>`: find the applicable operators of 5,000 fixed
//!   states (the first states breadth-first search reaches);
//! * `astar-blind/<gen>/<problem>`: a whole blind A* search, which also pays
//!   for hashing, the open list and so on.
//!
//! Run with `cargo bench -p planbox-benches --bench successors`; the figures and the choice of the
//! default generator are in `benches/README.md`.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::search::successors::{Counters, DecisionTree, SuccessorGenerator, Watched};
use planbox::search::{self, Limits, Monitor, Outcome, Progression, SearchSpace, Successors};
use planbox::task::{OpId, Task};
use std::collections::{HashSet, VecDeque};
use std::hint::black_box;
use std::path::Path;

const SET: &str = "problems/ipc/sokoban-opt08-strips";
/// Problems for the per-state figures, and the (smaller) ones searched whole.
const STATES: &[&str] = &["p04", "p13", "p20"];
const SEARCHES: &[&str] = &["p04", "p07"];

fn task(problem: &str) -> Task {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join(SET);
    let problem = root.join(format!("{problem}.pddl"));
    planbox::load(root.join("domain.pddl"), problem).expect("bench input loads")
}

/// The first `n` states breadth-first search reaches.
fn sample_states(task: &Task, n: usize) -> Vec<Vec<u64>> {
    let mut space = Progression::new(task);
    let mut start = vec![0; space.words()];
    space.start(&mut start);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut out = Successors::new(space.words());
    let mut states = Vec::new();
    while let Some(s) = queue.pop_front() {
        if states.len() == n {
            break;
        }
        space.successors(&s, &mut out);
        for i in 0..out.len() {
            let t = out.get(i).1.to_vec();
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
        states.push(s);
    }
    states
}

fn applicable<G: SuccessorGenerator>(g: &mut G, states: &[Vec<u64>], out: &mut Vec<OpId>) -> usize {
    let mut total = 0;
    for s in states {
        out.clear();
        g.applicable(black_box(s), out);
        total += out.len();
    }
    total
}

fn astar_blind<G: SuccessorGenerator>(task: &Task) -> u64 {
    let mut space = Progression::<G>::with_generator(task);
    let mut h = Blind;
    let r = search::astar(&mut space, &mut h, &mut Monitor::new(Limits::none()));
    assert!(matches!(r.outcome, Outcome::Plan(_)));
    r.stats.expanded
}

/// h = 0: Sokoban's cheapest operator (`move`) costs 0, so this is blind.
struct Blind;

impl planbox::heuristics::Heuristic for Blind {
    fn name(&self) -> &'static str {
        "blind"
    }
    fn is_admissible(&self) -> bool {
        true
    }
    fn estimate(&mut self, _state: &[u64]) -> planbox::heuristics::Estimate {
        planbox::heuristics::Estimate::Value(0)
    }
}

fn generators(c: &mut Criterion) {
    for &problem in STATES {
        let task = task(problem);
        let states = sample_states(&task, 5_000);
        let mut out = Vec::new();
        let mut tree = DecisionTree::new(&task);
        let mut counters = Counters::new(&task);
        let mut watched = Watched::new(&task);
        let expected = applicable(&mut tree, &states, &mut out);
        assert_eq!(expected, applicable(&mut counters, &states, &mut out));
        assert_eq!(expected, applicable(&mut watched, &states, &mut out));
        c.bench_function(&format!("applicable/tree/{problem}"), |b| {
            b.iter(|| applicable(&mut tree, &states, &mut out))
        });
        c.bench_function(&format!("applicable/counters/{problem}"), |b| {
            b.iter(|| applicable(&mut counters, &states, &mut out))
        });
        c.bench_function(&format!("applicable/watched/{problem}"), |b| {
            b.iter(|| applicable(&mut watched, &states, &mut out))
        });
    }
    for &problem in SEARCHES {
        let task = task(problem);
        c.bench_function(&format!("astar-blind/tree/{problem}"), |b| {
            b.iter(|| astar_blind::<DecisionTree>(&task))
        });
        c.bench_function(&format!("astar-blind/counters/{problem}"), |b| {
            b.iter(|| astar_blind::<Counters>(&task))
        });
        c.bench_function(&format!("astar-blind/watched/{problem}"), |b| {
            b.iter(|| astar_blind::<Watched>(&task))
        });
    }
}

criterion_group! {
    name = successors;
    config = Criterion::default().sample_size(10);
    targets = generators
}
criterion_main!(successors);
