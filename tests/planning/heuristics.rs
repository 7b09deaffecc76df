//! Heuristics on the initial states of real IPC tasks.
//!
//! Sokoban problems come with their optimal plan cost (`sokoban-index.tsv`), so
//! the admissible heuristics must stay at or below it, and optimal cost
//! partitioning at or above the saturated one of the same projections. On every other domain
//! (the first problems of each) we check the chain that holds on every state:
//! `hmax <= lmcut <= hff <= hadd`, with dead ends agreeing.

use crate::common::root;
use planbox::heuristics::{self, Estimate};
use planbox::task::FactSet;
use planbox::task::Task;
use std::path::Path;

fn ground(dir: &Path, problem: &str) -> Task {
    planbox::load(dir.join("domain.pddl"), dir.join(problem)).expect("bundled problem loads")
}

/// `name -> value` at the initial state, for every heuristic.
/// The estimates of the initial state by the heuristics `names`.
fn initial_values(task: &Task, names: &[&'static str]) -> Vec<(&'static str, Estimate)> {
    let init = FactSet::from_facts(task.facts.len(), &task.init);
    names
        .iter()
        .map(|&name| {
            let mut h = heuristics::by_name(name, task).expect("known name");
            (name, h.estimate(init.words()))
        })
        .collect()
}

fn value(values: &[(&str, Estimate)], name: &str) -> Option<u32> {
    match values.iter().find(|(n, _)| *n == name).expect("listed").1 {
        Estimate::Value(v) => Some(v),
        Estimate::DeadEnd => None,
    }
}

fn ipc() -> std::path::PathBuf {
    root().join("problems/ipc")
}

// Building every abstraction heuristic takes about five seconds a problem
// even optimised (scp, ucp and cegar each refine Cartesian abstractions of
// 20,000 states, scp and ucp on two sets of variables): the default run
// checks every tenth line of the index (lines 1, 11, ..., 91: each of the
// four IPC sets two or three times), in two tests that the harness runs side
// by side; the whole index (nine minutes of CPU) is opt-in: `cargo test
// --release -- --ignored`.
#[test]
fn admissible_heuristics_never_exceed_the_optimal_sokoban_cost_first_of_twenty() {
    admissible_heuristics_never_exceed_the_optimal_cost_on_indexed_sokoban(20, 1);
}

#[test]
fn admissible_heuristics_never_exceed_the_optimal_sokoban_cost_eleventh_of_twenty() {
    admissible_heuristics_never_exceed_the_optimal_cost_on_indexed_sokoban(20, 11);
}

#[test]
#[ignore = "the whole index of 100 problems: about nine minutes of CPU in release"]
fn admissible_heuristics_never_exceed_the_optimal_sokoban_cost_on_every_problem() {
    admissible_heuristics_never_exceed_the_optimal_cost_on_indexed_sokoban(1, 0);
}

/// Checks the heuristics on the IPC Sokoban problems of the index's lines
/// (after the header, numbered from 1) whose number has the remainder
/// `remainder` when divided by `every`.
fn admissible_heuristics_never_exceed_the_optimal_cost_on_indexed_sokoban(
    every: usize,
    remainder: usize,
) {
    let index = std::fs::read_to_string(ipc().join("sokoban-index.tsv")).expect("index");
    assert_eq!(
        index.lines().count(),
        1 + 100,
        "a header and the 100 IPC problems"
    );
    let mut checked = 0;
    for (_, line) in (1..)
        .zip(index.lines().skip(1))
        .filter(|(n, _)| n % every == remainder)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [set, problem, _, optimal] = fields[..] else {
            panic!("bad index line {line}");
        };
        let optimal: u32 = optimal.parse().expect("optimal cost");
        let task = ground(&ipc().join(set), problem);
        let values = initial_values(&task, heuristics::NAMES);
        for name in [
            "blind", "hmax", "lmcut", "lmcp", "scp", "scp-sys2", "ucp", "cegar", "ocp", "ipdb",
        ] {
            let h = value(&values, name).expect("solvable");
            assert!(
                h <= optimal,
                "{set}/{problem}: {name} = {h} > optimal {optimal}"
            );
        }
        let (hmax, lmcut) = (value(&values, "hmax"), value(&values, "lmcut"));
        assert!(hmax <= lmcut, "{set}/{problem}: {values:?}");
        // Optimal cost partitioning of scp-sys2's projections beats every
        // saturated one of them (with non-negative costs, as scp-sys2's).
        let (scp, ocp) = (value(&values, "scp-sys2"), value(&values, "ocp"));
        assert!(scp <= ocp, "{set}/{problem}: {values:?}");
        checked += 1;
    }
    assert_eq!(checked, 100 / every, "the index's lines checked");
}

#[test]
fn relaxation_heuristics_are_ordered_on_every_domain() {
    let mut domains: Vec<_> = std::fs::read_dir(ipc())
        .expect("problems/ipc")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("domain.pddl").is_file())
        .collect();
    domains.sort();
    for dir in domains {
        let mut problems: Vec<String> = std::fs::read_dir(&dir)
            .expect("domain folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".pddl") && n != "domain.pddl")
            .collect();
        problems.sort();
        for problem in problems.iter().take(3) {
            let task = ground(&dir, problem);
            // Only the relaxation heuristics: the abstraction ones take
            // seconds to build on some of these problems (ipdb, ocp).
            let values = initial_values(&task, &["hmax", "lmcut", "hff", "hadd"]);
            let [hmax, lmcut, hff, hadd] =
                ["hmax", "lmcut", "hff", "hadd"].map(|name| value(&values, name));
            let at = format!("{}/{problem}: {values:?}", dir.display());
            assert!(
                [lmcut, hff, hadd]
                    .iter()
                    .all(|v| v.is_some() == hmax.is_some()),
                "dead ends disagree at {at}"
            );
            assert!(hmax <= lmcut && lmcut <= hff && hff <= hadd, "{at}");
        }
    }
}
