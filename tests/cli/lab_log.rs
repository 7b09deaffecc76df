//! `planbox plan`'s log as Downward Lab's stock parsers read it.
//!
//! Lab runs a planner with stdout in `run.log` and stderr in `run.err`. Its
//! `downward` parsers search `run.log` for fixed patterns (`Plan cost: 11`,
//! `Expanded 172 state(s).`, `Search time: 0.001s`, ...) and flag a pattern
//! found twice as an error (the single-search parser); any output on stderr is
//! an "unexplained error"; and the exit code is read in Fast Downward's current
//! numbering (23 out of time, 11 unsolvable) only when the log has a line
//! `search exit code: N`. These tests count the patterns the way Lab's regular
//! expressions match them, on every outcome of a search.

use crate::common::{planbox_in, root_path, scratch};
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Lab's single-search patterns that describe the search (each printed once
/// whatever the outcome), as `(text before the number, text after it)`: Lab's
/// `Expanded (\d+) state\(s\)\.` is `("Expanded ", " state(s).")`.
const SEARCH_PATTERNS: &[(&str, &str)] = &[
    ("Expanded ", " state(s)."),
    ("Evaluated ", " state(s)."),
    ("Generated ", " state(s)."),
    ("Reopened ", " state(s)."),
    ("Dead ends: ", " state(s)."),
    ("Search time: ", "s"),
    ("Total time: ", "s"),
    ("Peak memory: ", " KB"),
];

/// Lab's patterns that describe the plan: once when one is found, else never.
const PLAN_PATTERNS: &[(&str, &str)] = &[("Plan length: ", " step(s)."), ("Plan cost: ", "")];

/// How often Lab's pattern `before NUMBER after` matches in `log`: anywhere in
/// a line, as `re.findall` finds it.
fn matches(log: &str, (before, after): (&str, &str)) -> usize {
    log.lines()
        .flat_map(|line| line.match_indices(before).map(move |(i, _)| &line[i..]))
        .filter(|rest| {
            let rest = &rest[before.len()..];
            rest.strip_suffix(after)
                .is_some_and(|number| number.parse::<f64>().is_ok())
        })
        .count()
}

/// Checks the log of a single search that ended with `code`, and returns it.
fn lab_ready_log(out: &Output, code: i32, solved: bool) -> String {
    let log = text(&out.stdout);
    assert_eq!(out.status.code(), Some(code), "{log}{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "nothing on stderr (Lab's run.err)");
    assert_eq!(
        log.lines().last(),
        Some(format!("search exit code: {code}").as_str()),
        "the exit code ends the log:\n{log}"
    );
    assert_eq!(log.matches("search exit code: ").count(), 1, "{log}");
    for &pattern in SEARCH_PATTERNS {
        assert_eq!(matches(&log, pattern), 1, "{pattern:?} once in:\n{log}");
    }
    for &pattern in PLAN_PATTERNS {
        let expected = usize::from(solved);
        assert_eq!(matches(&log, pattern), expected, "{pattern:?} in:\n{log}");
    }
    assert!(!log.contains("Cumulative statistics:"), "{log}");
    log
}

#[test]
fn the_counting_finds_what_labs_patterns_find() {
    let log = "Expanded 12 state(s).\nExpanded until last jump: 3 state(s).\n\
               Expanded forward: 4 state(s).\n[t=1s] Search time: 0.5s\nPlan cost: 7\n";
    assert_eq!(matches(log, ("Expanded ", " state(s).")), 1);
    assert_eq!(matches(log, ("Search time: ", "s")), 1);
    assert_eq!(matches(log, ("Plan cost: ", "")), 1);
    assert_eq!(matches(log, ("Generated ", " state(s).")), 0);
}

#[test]
fn a_solved_run_prints_each_pattern_once_and_exit_code_0() {
    let dir = scratch("lab-log-solved");
    let problem = root_path("problems/ipc/sokoban-opt08-strips/p01.pddl");
    for config in [
        &["--search", "astar", "--heuristic", "lmcut"][..],
        &["--search", "gbfs", "--heuristic", "hff", "--no-preferred"],
        &["--alias", "lama-first"],
        &["--alias", "nolan"],
    ] {
        let mut args = vec!["plan", &problem];
        args.extend_from_slice(config);
        let log = lab_ready_log(&planbox_in(&dir, &args), 0, true);
        assert!(log.contains("Plan written to sas_plan\n"), "{log}");
    }
}

#[test]
fn unsolvable_incomplete_and_limited_runs_end_with_their_exit_codes() {
    let dir = scratch("lab-log-outcomes");
    let blocks = root_path("problems/ipc/blocks/domain.pddl");
    let cycle = root_path("tests/data/solve/blocks-cycle.pddl");
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let sokoban = root_path("problems/ipc/sokoban-opt08-strips/p05.pddl");
    let runs: [(&[&str], i32); 4] = [
        (&["--search", "bfs", &blocks, &cycle], 11),
        (&["--search", "dfs", "--depth-limit", "3", &gripper], 12),
        (
            &[
                "--search",
                "astar",
                "--heuristic",
                "blind",
                "--memory-limit",
                "10",
                &sokoban,
            ],
            22,
        ),
        (&["--search", "bfs", "--time-limit", "0.2", &sokoban], 23),
    ];
    for (args, code) in runs {
        let mut all = vec!["plan"];
        all.extend_from_slice(args);
        lab_ready_log(&planbox_in(&dir, &all), code, false);
        assert!(!dir.join("sas_plan").exists(), "{args:?}");
    }
}

#[test]
fn an_error_is_on_stderr_and_its_exit_code_on_stdout() {
    let dir = scratch("lab-log-error");
    let out = planbox_in(&dir, &["plan", "no/such/problem.pddl"]);
    assert_eq!(out.status.code(), Some(31));
    assert_eq!(text(&out.stdout), "search exit code: 31\n");
    assert!(
        text(&out.stderr).starts_with("error: "),
        "{}",
        text(&out.stderr)
    );
}

/// LAMA reports each better plan as it finds it, and its statistics once
/// under `Cumulative statistics:`, as Fast Downward's iterated search does:
/// Lab's anytime parser reads every `Plan cost:` line. So does `--alias
/// sat`, the same schedule after Dual-BFWS.
#[test]
fn an_anytime_run_prints_one_cost_per_plan_and_the_statistics_once() {
    for alias in ["lama", "sat"] {
        anytime_run_prints_one_cost_per_plan(alias);
    }
}

fn anytime_run_prints_one_cost_per_plan(alias: &str) {
    let dir = scratch(&format!("lab-log-{alias}"));
    let problem = root_path("problems/ipc/elevators-opt08-strips/p01.pddl");
    let out = planbox_in(&dir, &["plan", "--alias", alias, &problem]);
    let log = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{log}{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(log.lines().last(), Some("search exit code: 0"), "{log}");
    let costs: Vec<u64> = log
        .lines()
        .filter_map(|l| l.strip_prefix("Plan cost: "))
        .map(|c| c.parse().expect("a cost"))
        .collect();
    assert!(costs.len() >= 2, "{log}");
    assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
    assert_eq!(matches(&log, PLAN_PATTERNS[0]), costs.len(), "{log}");
    for (i, cost) in costs.iter().enumerate() {
        let plan = std::fs::read_to_string(dir.join(format!("sas_plan.{}", i + 1)))
            .expect("one plan file per plan reported");
        assert!(plan.contains(&format!("; cost = {cost} ")), "{plan}");
    }
    assert!(!dir.join(format!("sas_plan.{}", costs.len() + 1)).exists());
    assert_eq!(log.matches("Cumulative statistics:").count(), 1, "{log}");
    let cumulative = log.split("Cumulative statistics:").nth(1).expect("stats");
    assert_eq!(matches(cumulative, PLAN_PATTERNS[1]), 0, "{log}");
    for &pattern in SEARCH_PATTERNS {
        assert_eq!(matches(cumulative, pattern), 1, "{pattern:?}:\n{log}");
    }
}

/// With the plan on stdout the log moves to stderr, whole, exit code included.
#[test]
fn with_the_plan_on_stdout_the_log_goes_to_stderr() {
    let dir = scratch("lab-log-dash");
    let problem = root_path("problems/ipc/gripper/prob01.pddl");
    let out = planbox_in(&dir, &["plan", "--plan-file", "-", &problem]);
    assert_eq!(out.status.code(), Some(0));
    let plan = text(&out.stdout);
    assert!(plan.lines().any(|l| l.starts_with('(')), "no step: {plan}");
    assert!(
        plan.lines()
            .all(|l| l.starts_with('(') || l.starts_with(';')),
        "{plan}"
    );
    let log = text(&out.stderr);
    assert_eq!(log.lines().last(), Some("search exit code: 0"), "{log}");
    assert_eq!(matches(&log, ("Plan cost: ", "")), 1, "{log}");
}
