//! Criterion benches of the mutex stages and of the consistency checks that a
//! regression search runs on every subgoal set.
//!
//! Run with `cargo bench -p planbox-benches --bench mutex`. On IPC Sokoban (opt08 p20), it times
//! invariant synthesis, h², and the checks on 1,000 subgoal-like sets: random
//! subsets (4 to 16 facts) of states from random walks, half of them with one
//! random fact added (often inconsistent). Each check bench reports the time
//! for the whole batch of 1,000. `scan/` is the alternative design, one pass
//! over every group's `(word, mask)` pairs, kept for comparison.

use criterion::{Criterion, criterion_group, criterion_main};
use planbox::invariants::{self, H2, H2Limits, Limits, Mutexes, Options};
use planbox::task::FactSet;
use planbox::task::{FactId, Task};
use std::hint::black_box;
use std::path::Path;

const DOMAIN: &str = "problems/ipc/sokoban-opt08-strips/domain.pddl";
const PROBLEM: &str = "problems/ipc/sokoban-opt08-strips/p20.pddl";

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// 1,000 subgoal-like sets over `task`'s facts.
fn subgoal_sets(task: &Task) -> Vec<FactSet> {
    let mut rng = Rng(7);
    let n = task.facts.len();
    let mut sets = Vec::new();
    let mut state = FactSet::from_facts(n, &task.init);
    while sets.len() < 1000 {
        let ops: Vec<_> = task
            .operators
            .iter()
            .filter(|o| o.pre.iter().all(|&f| state.contains(f)))
            .collect();
        if ops.is_empty() {
            state = FactSet::from_facts(n, &task.init);
            continue;
        }
        let op = ops[rng.below(ops.len())];
        op.del.iter().for_each(|&f| state.remove(f));
        op.add.iter().for_each(|&f| state.insert(f));
        let facts: Vec<FactId> = state.iter().collect();
        let mut set = FactSet::new(n);
        for _ in 0..4 + rng.below(13) {
            set.insert(facts[rng.below(facts.len())]);
        }
        if sets.len() % 2 == 1 {
            set.insert(FactId(rng.below(n) as u32));
        }
        sets.push(set);
    }
    sets
}

/// The alternative check: every group's masks, counted.
fn scan(groups: &[(u32, Vec<(usize, u64)>)], pos: &[u64]) -> bool {
    groups.iter().any(|(at_most, masks)| {
        masks
            .iter()
            .map(|&(w, m)| (pos[w] & m).count_ones())
            .sum::<u32>()
            > *at_most
    })
}

fn benches(c: &mut Criterion) {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let loaded = (planbox::Loader::new())
        .files(root.join(DOMAIN), root.join(PROBLEM))
        .expect("bench input loads");
    let analysis = loaded.analyse(&Options::default());
    let (task, lifted) = (loaded.task, loaded.lifted);
    let m: &Mutexes = &analysis.mutexes;

    c.bench_function("synthesize/sokoban-opt08-p20", |b| {
        b.iter(|| invariants::synthesize(black_box(&lifted), None, &Limits::default()))
    });
    c.bench_function("h2/sokoban-opt08-p20", |b| {
        b.iter(|| H2::compute(black_box(&task), &H2Limits::default()).expect("small"))
    });

    let sets = subgoal_sets(&task);
    let pruned_inv = sets
        .iter()
        .filter(|s| m.violates_invariant(s.words()))
        .count();
    let pruned_h2 = sets.iter().filter(|s| m.violates_h2(s.words())).count();
    eprintln!(
        "{} facts, {} groups; of 1000 sets, {pruned_inv} break a group, {pruned_h2} hold an h² pair",
        task.facts.len(),
        m.groups().len()
    );
    c.bench_function("violates_invariant/1000-sets", |b| {
        b.iter(|| {
            sets.iter()
                .filter(|s| m.violates_invariant(black_box(s.words())))
                .count()
        })
    });
    c.bench_function("violates_h2/1000-sets", |b| {
        b.iter(|| {
            sets.iter()
                .filter(|s| m.violates_h2(black_box(s.words())))
                .count()
        })
    });
    c.bench_function("check/1000-sets", |b| {
        let empty = FactSet::new(task.facts.len());
        b.iter(|| {
            sets.iter()
                .filter(|s| m.check(black_box(s.words()), empty.words()).is_some())
                .count()
        })
    });
    let scan_groups: Vec<(u32, Vec<(usize, u64)>)> = m
        .groups()
        .iter()
        .map(|g| {
            let set = FactSet::from_facts(task.facts.len(), &g.facts);
            let masks = set
                .words()
                .iter()
                .enumerate()
                .filter(|(_, w)| **w != 0)
                .map(|(i, &w)| (i, w))
                .collect();
            (g.at_most, masks)
        })
        .collect();
    assert_eq!(
        sets.iter()
            .filter(|s| scan(&scan_groups, s.words()))
            .count(),
        pruned_inv
    );
    c.bench_function("scan/1000-sets", |b| {
        b.iter(|| {
            sets.iter()
                .filter(|s| scan(&scan_groups, black_box(s.words())))
                .count()
        })
    });
}

criterion_group! {
    name = mutex;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(mutex);
