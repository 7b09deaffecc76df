//! Grounding on the bundled IPC benchmarks: everything parses, checks and
//! grounds; operator counts match Fast Downward's relaxed reachability; and
//! grounding is deterministic.

use crate::common::{lifted, root, scratch};
use planbox::ground::GroundStats;
use planbox::task::{FactId, Task};
use std::path::{Path, PathBuf};

fn ground(domain: &Path, problem: &Path) -> Task {
    ground_with_stats(domain, problem).0
}

fn ground_with_stats(domain: &Path, problem: &Path) -> (Task, GroundStats) {
    let (d, p) = lifted(domain, problem);
    planbox::ground::ground(&d, &p).unwrap_or_else(|e| panic!("{e}"))
}

/// Every `(domain.pddl, problem)` pair under `problems/ipc/`, sorted.
fn ipc_problems() -> Vec<(PathBuf, PathBuf)> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("problems/ipc"))
        .expect("problems/ipc")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let mut problems: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("domain folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pddl") && !p.ends_with("domain.pddl"))
            .collect();
        problems.sort();
        for p in problems {
            out.push((dir.join("domain.pddl"), p));
        }
    }
    out
}

/// Fast Downward's counts for all 532 problems, from
/// `benches/fd/ground_counts.tsv`: `(folder, file) -> (operators, fluent atoms)`.
fn fd_table() -> std::collections::HashMap<(String, String), (usize, usize)> {
    let table = std::fs::read_to_string(root().join("benches/fd/ground_counts.tsv"))
        .expect("benches/fd/ground_counts.tsv");
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let (d, f, o, a) = (
        col("domain_dir"),
        col("problem_file"),
        col("actions"),
        col("fluent_atoms"),
    );
    lines
        .map(|line| {
            let c: Vec<&str> = line.split('\t').collect();
            let n = |i: usize| c[i].parse::<usize>().expect("number");
            ((c[d].to_string(), c[f].to_string()), (n(o), n(a)))
        })
        .collect()
}

/// Every problem parses, checks and grounds to a well-formed task with
/// exactly Fast Downward's reachable operators and fluent atoms (the
/// operators before [`planbox::ground::relevance::simplify`] drops those
/// that change nothing or do not matter for the goal).
#[test]
fn every_ipc_problem_grounds_like_fast_downward() {
    let all = ipc_problems();
    assert_eq!(all.len(), 532, "the bundled IPC sets have 532 problems");
    let fd = fd_table();
    let mut wrong = Vec::new();
    for (domain, problem) in &all {
        let (task, stats) = ground_with_stats(domain, problem);
        let key = (
            domain.parent().and_then(|p| p.file_name()).expect("folder"),
            problem.file_name().expect("file"),
        );
        let key = (
            key.0.to_string_lossy().into_owned(),
            key.1.to_string_lossy().into_owned(),
        );
        let (ops, facts) = fd[&key];
        if (stats.reachable_operators, task.facts.len()) != (ops, facts) {
            wrong.push(format!(
                "{}: {} operators and {} facts; Fast Downward has {ops} and {facts}",
                problem.display(),
                stats.reachable_operators,
                task.facts.len()
            ));
        }
        let dropped =
            stats.dropped.no_effect + stats.dropped.irrelevant + stats.dropped.contradictory;
        assert_eq!(task.operators.len() + dropped, stats.reachable_operators);
        // Basic sanity of the result: sorted, in-range fact lists.
        let n = task.facts.len() as u32;
        for op in &task.operators {
            for list in [&op.pre, &op.neg_pre, &op.add, &op.del] {
                assert!(list.windows(2).all(|w| w[0] < w[1]), "{}", op.name);
                assert!(list.iter().all(|f| f.0 < n));
            }
            assert!(op.del.iter().all(|f| !op.add.contains(f)));
        }
        assert!(task.init.iter().all(|f| f.0 < n));
        // Each action instance is found exactly once.
        let mut names: Vec<&str> = task.operators.iter().map(|o| o.name.as_str()).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(
            names.len(),
            before,
            "duplicate operators in {}",
            problem.display()
        );
        assert!(!task.goal.is_empty(), "{}", problem.display());
    }
    assert!(
        wrong.is_empty(),
        "{} of {} problems differ from Fast Downward:\n{}",
        wrong.len(),
        all.len(),
        wrong.join("\n")
    );
}

/// Ground operator counts of Fast Downward's translator (`instantiate.explore`:
/// relaxed-reachable actions, before invariant synthesis and relevance
/// analysis) on the same files: the smallest and the largest problem of each
/// bundled domain, and the four named in the grounding issue. Produced by
/// `benches/fd/ground_counts.py`; the full table for all 532 problems,
/// `benches/fd/ground_counts.tsv`, is checked by the next test.
const FD_OPERATOR_COUNTS: &[(&str, &str, usize)] = &[
    ("blocks", "probBLOCKS-4-0.pddl", 40),
    ("blocks", "probBLOCKS-10-0.pddl", 220),
    ("blocks", "probBLOCKS-17-0.pddl", 612),
    ("childsnack-opt14-strips", "child-snack_pfile01-2.pddl", 464),
    ("childsnack-opt14-strips", "child-snack_pfile10.pddl", 6228),
    ("depot", "p01.pddl", 90),
    ("depot", "p22.pddl", 22924),
    ("driverlog", "p01.pddl", 88),
    ("driverlog", "p20.pddl", 15696),
    ("elevators-opt08-strips", "p01.pddl", 270),
    ("elevators-opt08-strips", "p30.pddl", 1152),
    ("gripper", "prob01.pddl", 36),
    ("gripper", "prob20.pddl", 340),
    ("logistics00", "probLOGISTICS-4-0.pddl", 84),
    ("logistics00", "probLOGISTICS-15-1.pddl", 670),
    ("miconic", "s1-0.pddl", 4),
    ("miconic", "s30-4.pddl", 3600),
    ("movie", "prob01.pddl", 27),
    ("movie", "prob30.pddl", 172),
    ("satellite", "p01-pfile1.pddl", 59),
    ("satellite", "p33-HC-pfile13.pddl", 993075),
    ("sokoban-opt08-strips", "p03.pddl", 78),
    ("sokoban-opt08-strips", "p30.pddl", 1640),
    ("sokoban-opt11-strips", "p01.pddl", 132),
    ("sokoban-opt11-strips", "p18.pddl", 1176),
    ("sokoban-sat08-strips", "p01.pddl", 102),
    ("sokoban-sat08-strips", "p30.pddl", 418),
    ("sokoban-sat08-strips", "p20.pddl", 1640),
    ("sokoban-sat11-strips", "p02.pddl", 272),
    ("sokoban-sat11-strips", "p20.pddl", 1640),
    ("visitall-opt11-strips", "problem02-full.pddl", 8),
    ("visitall-opt11-strips", "problem11-half.pddl", 440),
];

#[test]
fn operator_counts_match_fast_downward() {
    let mut wrong = Vec::new();
    for &(dir, file, expected) in FD_OPERATOR_COUNTS {
        let dir = root().join("problems/ipc").join(dir);
        let (_, stats) = ground_with_stats(&dir.join("domain.pddl"), &dir.join(file));
        if stats.reachable_operators != expected {
            wrong.push(format!(
                "{}: {} operators, Fast Downward has {expected}",
                dir.join(file).display(),
                stats.reachable_operators
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn grounding_twice_gives_identical_tasks() {
    for (dir, file) in [
        ("sokoban-opt08-strips", "p20.pddl"),
        ("depot", "p05.pddl"),
        ("elevators-opt08-strips", "p10.pddl"),
        ("childsnack-opt14-strips", "child-snack_pfile05.pddl"),
    ] {
        let dir = root().join("problems/ipc").join(dir);
        let a = ground(&dir.join("domain.pddl"), &dir.join(file));
        let b = ground(&dir.join("domain.pddl"), &dir.join(file));
        // Byte-identical renderings, not just equal sets.
        let dump = |t: &Task| {
            let mut s = format!("{:?}\n{:?}\n{:?}\n", t.facts, t.init, t.goal);
            for op in &t.operators {
                s.push_str(&planbox::task::dump_operator(t, op));
            }
            s
        };
        assert_eq!(dump(&a), dump(&b), "{file}");
        assert_eq!(a, b);
    }
}

#[test]
fn initial_facts_come_first_and_statics_are_gone() {
    let dir = root().join("problems/ipc/sokoban-opt08-strips");
    let task = ground(&dir.join("domain.pddl"), &dir.join("p01.pddl"));
    // The initial facts are numbered first. Those irrelevant to the goal
    // (the `clear` cells the man can never need) are left false from the
    // start and changed by no operator, so the initial state skips them.
    let init: Vec<u32> = task.init.iter().map(|f| f.0).collect();
    let last = *init.last().expect("an initial state");
    assert!(init.windows(2).all(|w| w[0] < w[1]));
    let changed = |f: u32| {
        (task.operators.iter()).any(|o| o.add.contains(&FactId(f)) || o.del.contains(&FactId(f)))
    };
    let skipped: Vec<u32> = (0..last).filter(|f| !init.contains(f)).collect();
    assert!(!skipped.is_empty(), "p01 has irrelevant `clear` facts");
    for f in skipped {
        assert!(
            !changed(f),
            "{:?} is skipped but changes",
            task.facts[f as usize]
        );
        assert_eq!(task.facts[f as usize].predicate, "clear");
    }
    // `move-dir` and `is-goal` are static: no action changes them.
    assert!(
        task.facts
            .iter()
            .all(|a| a.predicate != "move-dir" && a.predicate != "is-goal")
    );
    // Sokoban costs: pushes cost 1, moves 0.
    assert!(task.has_action_costs);
    for op in &task.operators {
        let expected = u32::from(op.name.starts_with("push"));
        assert_eq!(op.cost, expected, "{}", op.name);
    }
}

#[test]
fn unreachable_goal_is_kept_so_search_can_prove_unsolvable() {
    let dir = scratch("unreachable-goal");
    std::fs::write(
        dir.join("domain.pddl"),
        "(define (domain d) (:predicates (p) (q) (r))
           (:action a :parameters () :precondition (p) :effect (q)))",
    )
    .expect("write");
    std::fs::write(
        dir.join("p.pddl"),
        "(define (problem p) (:domain d) (:init (p)) (:goal (and (q) (r))))",
    )
    .expect("write");
    let task = ground(&dir.join("domain.pddl"), &dir.join("p.pddl"));
    let goal: Vec<String> = task
        .goal
        .iter()
        .map(|&f| task.fact(f).to_string())
        .collect();
    assert_eq!(goal, ["(q)", "(r)"]);
    // `(r)` has no achiever.
    let r = task.goal[1];
    assert!(task.operators.iter().all(|o| !o.add.contains(&r)));
}

#[test]
fn equality_and_negated_statics_are_decided_at_grounding_time() {
    let dir = scratch("equality");
    std::fs::write(
        dir.join("domain.pddl"),
        "(define (domain d) (:requirements :strips :equality :negative-preconditions)
           (:predicates (at ?x) (blocked ?x) (visited ?x))
           (:action go :parameters (?from ?to)
             :precondition (and (at ?from) (not (= ?from ?to)) (not (blocked ?to))
                                (not (visited ?to)))
             :effect (and (at ?to) (visited ?to) (not (at ?from)))))",
    )
    .expect("write");
    std::fs::write(
        dir.join("p.pddl"),
        "(define (problem p) (:domain d) (:objects a b c)
           (:init (at a) (blocked c)) (:goal (at b)))",
    )
    .expect("write");
    let task = ground(&dir.join("domain.pddl"), &dir.join("p.pddl"));
    let mut names: Vec<&str> = task.operators.iter().map(|o| o.name.as_str()).collect();
    names.sort();
    // No `go x x` (equality), nothing into `c` (blocked is static).
    assert_eq!(names, ["go a b", "go b a"]);
    // `(not (visited ?to))` is fluent: kept for the planner.
    for op in &task.operators {
        assert_eq!(op.neg_pre.len(), 1, "{}", op.name);
        assert_eq!(task.fact(op.neg_pre[0]).predicate, "visited");
    }
}
