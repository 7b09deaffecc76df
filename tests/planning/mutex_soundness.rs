//! Soundness of the mutexes: random walks from the initial state (a fixed
//! pseudo-random generator) never reach a state that holds more facts of a
//! group than its bound, or an h² mutex pair. Each state is checked both by
//! counting (the definition) and by the fast checks, which must agree; so do
//! they on sets that mix a state with random facts, most of them inconsistent.
//! The last two tests plant a wrong group and a wrong h² matrix and show that
//! the walks catch them.

use crate::common::{Rng, lifted};
use planbox::invariants::{H2, H2Limits, MutexGroup, Mutexes, Options};
use planbox::task::FactSet;
use planbox::task::{FactId, Task};

fn analyse(domain: &str, problem: &str) -> (Task, Mutexes) {
    let (d, p) = lifted(domain, problem);
    let (task, _, _, analysis) =
        planbox::ground::ground_and_analyse(&d, &p, &Options::default()).expect("grounds");
    assert!(analysis.mutexes.h2().is_some(), "{problem}: h² computed");
    (task, analysis.mutexes)
}

/// Counts against each bound, and tests every pair against h²: the
/// definition, with no shortcut. Returns a description of the first problem.
fn naive_violation(task: &Task, m: &Mutexes, set: &FactSet) -> Option<String> {
    for g in m.groups() {
        let n = g.facts.iter().filter(|&&f| set.contains(f)).count();
        if n > g.at_most as usize {
            let facts: Vec<String> = g.facts.iter().map(|&f| task.fact(f).to_string()).collect();
            return Some(format!("{n} > {} of {}", g.at_most, facts.join(" ")));
        }
    }
    let h2 = m.h2()?;
    let facts: Vec<FactId> = set.iter().collect();
    for (i, &f) in facts.iter().enumerate() {
        for &g in &facts[i..] {
            if h2.is_mutex(f, g) {
                return Some(format!("h² pair {} {}", task.fact(f), task.fact(g)));
            }
        }
    }
    None
}

/// `walks` random walks of `steps` steps: the number of states visited, or the
/// first state that breaks a mutex, as an error.
fn walk(task: &Task, m: &Mutexes, seed: u64, walks: usize, steps: usize) -> Result<usize, String> {
    let mut visited = 0;
    let mut rng = Rng(seed);
    let n = task.facts.len();
    let mut applicable = Vec::new();
    for _ in 0..walks {
        let mut state = FactSet::from_facts(n, &task.init);
        for step in 0..=steps {
            visited += 1;
            if let Some(why) = naive_violation(task, m, &state) {
                return Err(format!("step {step}: {why}"));
            }
            assert!(!m.violates_invariant(state.words()));
            assert!(!m.violates_h2(state.words()));
            // A mixed set: the state's facts, some dropped, plus random ones.
            let mut mixed = FactSet::new(n);
            for f in state.iter() {
                if rng.below(3) > 0 {
                    mixed.insert(f);
                }
            }
            for _ in 0..rng.below(3) {
                mixed.insert(FactId(rng.below(n) as u32));
            }
            let naive = naive_violation(task, m, &mixed).is_some();
            let fast = m.violates_invariant(mixed.words()) || m.violates_h2(mixed.words());
            assert_eq!(fast, naive, "fast and naive checks disagree");
            assert_eq!(
                m.check(mixed.words(), FactSet::new(n).words()).is_some(),
                naive
            );

            applicable.clear();
            applicable.extend(task.operators.iter().filter(|o| {
                o.pre.iter().all(|&f| state.contains(f))
                    && !o.neg_pre.iter().any(|&f| state.contains(f))
            }));
            if applicable.is_empty() {
                break;
            }
            let op = applicable[rng.below(applicable.len())];
            for &f in op.del.iter() {
                state.remove(f);
            }
            for &f in op.add.iter() {
                state.insert(f);
            }
        }
    }
    Ok(visited)
}

const PROBLEMS: &[(&str, &str)] = &[
    (
        "tests/data/sokoban-domain.pddl",
        "tests/data/sokoban-3x3.pddl",
    ),
    (
        "problems/ipc/gripper/domain.pddl",
        "problems/ipc/gripper/prob01.pddl",
    ),
    (
        "problems/ipc/gripper/domain.pddl",
        "problems/ipc/gripper/prob03.pddl",
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-0.pddl",
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-6-1.pddl",
    ),
    (
        "problems/ipc/sokoban-opt08-strips/domain.pddl",
        "problems/ipc/sokoban-opt08-strips/p01.pddl",
    ),
    (
        "problems/ipc/logistics00/domain.pddl",
        "problems/ipc/logistics00/probLOGISTICS-4-0.pddl",
    ),
    (
        "problems/ipc/depot/domain.pddl",
        "problems/ipc/depot/p01.pddl",
    ),
    (
        "problems/ipc/driverlog/domain.pddl",
        "problems/ipc/driverlog/p01.pddl",
    ),
    (
        "problems/ipc/satellite/domain.pddl",
        "problems/ipc/satellite/p01-pfile1.pddl",
    ),
    (
        "problems/ipc/elevators-opt08-strips/domain.pddl",
        "problems/ipc/elevators-opt08-strips/p01.pddl",
    ),
    (
        "problems/ipc/childsnack-opt14-strips/domain.pddl",
        "problems/ipc/childsnack-opt14-strips/child-snack_pfile01.pddl",
    ),
    (
        "problems/ipc/miconic/domain.pddl",
        "problems/ipc/miconic/s2-0.pddl",
    ),
    (
        "problems/ipc/visitall-opt11-strips/domain.pddl",
        "problems/ipc/visitall-opt11-strips/problem02-full.pddl",
    ),
];

#[test]
fn random_walks_never_break_a_mutex() {
    for (i, &(domain, problem)) in PROBLEMS.iter().enumerate() {
        let (task, m) = analyse(domain, problem);
        assert!(!m.groups().is_empty(), "{problem}: some groups");
        let visited =
            walk(&task, &m, 42 + i as u64, 20, 200).unwrap_or_else(|e| panic!("{problem}: {e}"));
        eprintln!("{problem}: {visited} states");
        assert!(visited > 200, "{problem}: the walks go somewhere");
    }
}

#[test]
fn a_wrong_bound_is_caught() {
    // Claim that the man never reaches the far corner.
    let (task, m) = analyse(PROBLEMS[0].0, PROBLEMS[0].1);
    let corner = task
        .facts
        .iter()
        .position(|a| a.to_string() == "(man c33)")
        .expect("fact");
    let mut groups = m.groups().to_vec();
    groups.push(MutexGroup {
        facts: vec![FactId(corner as u32)],
        at_most: 0,
        invariant: 0,
    });
    let wrong = Mutexes::new(task.facts.len(), groups, None);
    let err = walk(&task, &wrong, 42, 20, 200).expect_err("the walk reaches c33");
    assert!(err.contains("(man c33)"), "{err}");
}

#[test]
fn a_wrong_h2_matrix_is_caught() {
    // h² of the task without its pushes: boxes never move there.
    let (task, m) = analyse(PROBLEMS[0].0, PROBLEMS[0].1);
    let mut no_push = task.clone();
    no_push.operators.retain(|o| !o.name.starts_with("push"));
    let h2 = H2::compute(&no_push, &H2Limits::default()).expect("small task");
    let wrong = Mutexes::new(task.facts.len(), m.groups().to_vec(), Some(h2));
    let err = walk(&task, &wrong, 42, 20, 200).expect_err("a push happens");
    assert!(err.contains("h² pair"), "{err}");
}

#[test]
fn h2_finds_pairs_no_invariant_states() {
    // Blocksworld: (on a b) and (on b a) share no group, but h² knows they
    // never hold together (see the `invariants::h2` docs).
    let (task, m) = analyse(
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-0.pddl",
    );
    let id = |text: &str| {
        FactId(
            task.facts
                .iter()
                .position(|a| a.to_string() == text)
                .unwrap_or_else(|| panic!("fact {text}")) as u32,
        )
    };
    let (ab, ba) = (id("(on a b)"), id("(on b a)"));
    assert!(
        !m.groups()
            .iter()
            .any(|g| g.facts.contains(&ab) && g.facts.contains(&ba))
    );
    let set = FactSet::from_facts(task.facts.len(), &[ab, ba]);
    assert!(!m.violates_invariant(set.words()));
    assert!(m.violates_h2(set.words()));
    assert!(m.h2().expect("h²").is_mutex(ab, ba));
}
