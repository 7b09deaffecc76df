//! Bidirectional search on PDDL tasks: progression forward, regression
//! backward (with its mutexes), meeting when a state satisfies a subgoal set.
//! Every plan is checked by the lifted validator and its cost compared with
//! the known optimum; then the command line: `plan --engine bidirectional`,
//! its exit codes, refusals and determinism, and `compare`'s third column.

use planbox::pddl::{self, ast};
use planbox::plan::{format_plan, parse_plan};
use planbox::search::{
    self, Limits, Monitor, Outcome, Progression, Regression, RegressionOptions, SearchResult,
    Subsumption,
};
use planbox::task::Task;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

struct Loaded {
    domain: ast::Domain,
    problem: ast::Problem,
    task: Task,
    mutexes: planbox::invariants::Mutexes,
}

fn source(path: &str) -> ast::Source {
    let path = root().join(path);
    let text = std::fs::read_to_string(&path).expect("bundled file");
    ast::Source { path, text }
}

fn load(domain: &str, problem: &str) -> Loaded {
    let d = pddl::parse_domain(source(domain)).expect("domain parses");
    pddl::check_domain(&d).expect("domain checks");
    let p = pddl::parse_problem(source(problem)).expect("problem parses");
    pddl::check_problem(&d, &p).expect("problem checks");
    let (task, _, _, analysis) =
        planbox::ground::ground_and_analyse(&d, &p, &Default::default()).expect("grounds");
    Loaded {
        domain: d,
        problem: p,
        task,
        mutexes: analysis.mutexes,
    }
}

fn bidirectional(l: &Loaded) -> SearchResult {
    let mut forward = Progression::new(&l.task);
    let mut backward = Regression::new(&l.task, RegressionOptions::default(), Some(&l.mutexes));
    let mut meeting = Subsumption::new(&l.task, &backward);
    let mut monitor = Monitor::new(Limits {
        time: Some(std::time::Duration::from_secs(120)),
        ..Limits::none()
    });
    search::bidirectional(&mut forward, &mut backward, &mut meeting, &mut monitor)
}

/// The plan's cost, after the lifted validator accepted it.
fn validated(l: &Loaded, result: &SearchResult, what: &str) -> u64 {
    let Outcome::Plan(plan) = &result.outcome else {
        panic!("{what}: expected a plan, got {:?}", result.outcome);
    };
    let steps = parse_plan(&format_plan(&l.task, plan)).expect("written plans parse");
    let report = planbox::validate::validate(&l.domain, &l.problem, &steps);
    assert!(report.is_valid(), "{what}: {}", report.verdict);
    l.task.plan_cost(plan)
}

/// Problems with their optimal cost: plan length where actions cost 1, the
/// number of pushes in IPC Sokoban (moves cost 0), the total cost in
/// Elevators (action costs). The optima are those other tests already check
/// (`tests/solve.rs`, `tests/regression.rs`, `expected.tsv`,
/// `sokoban-index.tsv`).
const OPTIMA: &[(&str, &str, u64)] = &[
    ("problems/sokoban/teaching", "teaching-tiny.pddl", 3),
    ("problems/sokoban/teaching", "teaching-lvl0.pddl", 13),
    ("problems/sokoban/teaching", "teaching-lvl1.pddl", 33),
    ("problems/sokoban/teaching", "teaching-lvl2.pddl", 6),
    ("problems/sokoban/teaching", "teaching-lvl3.pddl", 7),
    ("problems/sokoban/teaching", "teaching-lvl4.pddl", 12),
    ("problems/sokoban/teaching", "teaching-lvl9a.pddl", 24),
    ("problems/sokoban/teaching", "teaching-lvl9.pddl", 27),
    ("problems/sokoban/microban", "microban-001.pddl", 33),
    ("problems/sokoban/microban", "microban-002.pddl", 16),
    ("problems/sokoban/microban", "microban-003.pddl", 41),
    ("problems/sokoban/microban", "microban-004.pddl", 23),
    ("problems/sokoban/microban", "microban-005.pddl", 25),
    ("problems/ipc/blocks", "probBLOCKS-4-0.pddl", 6),
    ("problems/ipc/blocks", "probBLOCKS-4-1.pddl", 10),
    ("problems/ipc/blocks", "probBLOCKS-4-2.pddl", 6),
    ("problems/ipc/blocks", "probBLOCKS-5-0.pddl", 12),
    ("problems/ipc/blocks", "probBLOCKS-5-1.pddl", 10),
    ("problems/ipc/blocks", "probBLOCKS-5-2.pddl", 16),
    ("problems/ipc/blocks", "probBLOCKS-6-0.pddl", 12),
    ("problems/ipc/blocks", "probBLOCKS-6-1.pddl", 10),
    ("problems/ipc/blocks", "probBLOCKS-6-2.pddl", 20),
    ("problems/ipc/gripper", "prob01.pddl", 11),
    ("problems/ipc/gripper", "prob02.pddl", 17),
    ("problems/ipc/logistics00", "probLOGISTICS-4-0.pddl", 20),
    ("problems/ipc/miconic", "s1-0.pddl", 4),
    ("problems/ipc/miconic", "s3-0.pddl", 10),
    ("problems/ipc/depot", "p01.pddl", 10),
    ("problems/ipc/driverlog", "p01.pddl", 7),
    ("problems/ipc/driverlog", "p02.pddl", 19),
    ("problems/ipc/satellite", "p01-pfile1.pddl", 9),
    ("problems/ipc/movie", "prob01.pddl", 7),
    ("problems/ipc/elevators-opt08-strips", "p01.pddl", 42),
    ("problems/ipc/sokoban-opt08-strips", "p01.pddl", 11),
    ("problems/ipc/sokoban-opt08-strips", "p02.pddl", 9),
    ("problems/ipc/sokoban-opt08-strips", "p03.pddl", 10),
    ("problems/ipc/sokoban-opt08-strips", "p04.pddl", 29),
    ("problems/ipc/sokoban-opt08-strips", "p06.pddl", 9),
];

/// The domain file of a problem in `dir`.
fn domain_of(dir: &str) -> String {
    if dir.ends_with("teaching") || dir.ends_with("microban") || dir.contains("/ipc/") {
        format!("{dir}/domain.pddl")
    } else {
        unreachable!("{dir}")
    }
}

#[test]
fn plans_are_valid_and_optimal() {
    for &(dir, file, optimum) in OPTIMA {
        let l = load(&domain_of(dir), &format!("{dir}/{file}"));
        let what = format!("{dir}/{file}");
        let r = bidirectional(&l);
        assert_eq!(validated(&l, &r, &what), optimum, "{what}");
        let [f, b] = r.stats.sides.expect("per-side counts");
        assert_eq!(f.expanded + b.expanded, r.stats.expanded, "{what}");
        assert_eq!(f.generated + b.generated, r.stats.generated, "{what}");
    }
}

/// On these problems meeting in the middle stores far fewer nodes than a
/// breadth-first search in either direction alone.
#[test]
fn meeting_in_the_middle_expands_less_than_either_direction() {
    for (dir, file) in [
        ("problems/ipc/blocks", "probBLOCKS-6-2.pddl"),
        ("problems/ipc/logistics00", "probLOGISTICS-4-0.pddl"),
        ("problems/sokoban/microban", "microban-005.pddl"),
    ] {
        let l = load(&domain_of(dir), &format!("{dir}/{file}"));
        let both = bidirectional(&l).stats.expanded;
        let mut monitor = Monitor::new(Limits::none());
        let forward = search::bfs(&mut Progression::new(&l.task), &mut monitor);
        let mut space = Regression::new(&l.task, RegressionOptions::default(), Some(&l.mutexes));
        let backward = search::bfs(&mut space, &mut monitor);
        let fewest = forward.stats.expanded.min(backward.stats.expanded);
        assert!(both * 2 < fewest, "{file}: {both} against {fewest}");
    }
}

fn planbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planbox"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("planbox runs")
}

fn json(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

const LVL9: &str = "problems/sokoban/teaching/teaching-lvl9.pddl";

#[test]
fn plan_writes_a_valid_plan_and_reports_both_sides() {
    let dir = scratch("bidirectional-plan");
    let plan_file = dir.join("sas_plan");
    let plan_path = plan_file.to_str().expect("utf-8");
    let out = planbox(&[
        "plan",
        "--engine",
        "bidirectional",
        "--plan-file",
        plan_path,
        LVL9,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The log goes to stdout, as Fast Downward's does.
    let log = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Solution found!",
        "Plan cost: 27",
        "Expanded forward: ",
        "Expanded backward: ",
        "Pruned (subsumed): ",
    ] {
        assert!(log.contains(line), "{line}: {log}");
    }
    let check = planbox(&["validate", LVL9, plan_path]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert!(String::from_utf8_lossy(&check.stdout).contains("Plan valid"));

    // The same run twice gives the same plan and the same counts.
    let run = || {
        json(&planbox(&[
            "plan",
            "--engine",
            "bidirectional",
            "--json",
            "--plan-file",
            "-",
            LVL9,
        ]))
    };
    let (a, b) = (run(), run());
    assert_eq!(a["engine"], "bidirectional");
    assert_eq!(a["search"], "bfs");
    assert_eq!(a["cost"], 27);
    for key in [
        "plan",
        "expanded",
        "generated",
        "forward_expanded",
        "forward_generated",
        "backward_expanded",
        "backward_generated",
        "subsumed",
        "invariant",
        "duplicates",
    ] {
        assert!(!a[key].is_null(), "{key}");
        assert_eq!(a[key], b[key], "{key}");
    }
    let sum = a["forward_expanded"].as_u64().expect("count")
        + a["backward_expanded"].as_u64().expect("count");
    assert_eq!(a["expanded"].as_u64(), Some(sum));
    // Regression's options reach the backward side.
    let plain = json(&planbox(&[
        "plan",
        "--engine",
        "bidirectional",
        "--json",
        "--plan-file",
        "-",
        "--no-subsumption",
        LVL9,
    ]));
    assert_eq!(plain["subsumed"], 0);
    assert_eq!(plain["cost"], 27);
    assert_eq!(plain["subsumption"], false);
}

#[test]
fn an_unsolvable_task_exits_11_and_limits_exit_as_elsewhere() {
    let out = planbox(&[
        "plan",
        "--engine",
        "bidirectional",
        "--plan-file",
        "-",
        "problems/ipc/blocks/domain.pddl",
        "tests/data/solve/blocks-cycle.pddl",
    ]);
    assert_eq!(out.status.code(), Some(11), "{}", stderr(&out));
    assert!(stderr(&out).contains("Completely explored state space -- no solution!"));

    let out = planbox(&[
        "plan",
        "--engine",
        "bidirectional",
        "--time-limit",
        "0",
        "--plan-file",
        "-",
        "problems/ipc/sokoban-opt08-strips/p05.pddl",
    ]);
    assert_eq!(out.status.code(), Some(23), "{}", stderr(&out));

    let out = planbox(&[
        "plan",
        "--engine",
        "bidirectional",
        "--memory-limit",
        "40",
        "--plan-file",
        "-",
        "problems/ipc/sokoban-opt08-strips/p05.pddl",
    ]);
    assert_eq!(out.status.code(), Some(22), "{}", stderr(&out));
    assert!(stderr(&out).contains("Memory limit reached."));
}

#[test]
fn heuristics_other_searches_and_traces_are_refused() {
    for (args, said) in [
        (
            &["--heuristic", "hff"][..],
            "heuristic `hff` is not available for bidirectional",
        ),
        (
            &["--search", "astar"][..],
            "`--search astar` is not available for bidirectional",
        ),
        (
            &["--trace"][..],
            "`--trace` is not available for bidirectional",
        ),
    ] {
        let mut all = vec!["plan", "--engine", "bidirectional"];
        all.extend(args);
        all.push(LVL9);
        let out = planbox(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn compare_shows_the_four_engines() {
    let lvl0 = "problems/sokoban/teaching/teaching-lvl0.pddl";
    let all = json(&planbox(&["compare", "--json", lvl0, "--search", "bfs"]));
    let dir = scratch("bidirectional-compare");
    for engine in ["progression", "regression", "bidirectional", "sat"] {
        let record = &all[engine];
        assert_eq!(record["engine"], engine);
        assert_eq!(record["cost"], 13, "{engine}");
        let steps: Vec<&str> = record["plan"]
            .as_array()
            .expect("plan")
            .iter()
            .map(|s| s.as_str().expect("step"))
            .collect();
        let path = dir.join(format!("{engine}.plan"));
        std::fs::write(&path, steps.join("\n") + "\n").expect("write plan");
        let out = planbox(&["validate", lvl0, path.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{engine}");
    }
    assert!(all["bidirectional"]["forward_expanded"].as_u64() > Some(0));

    let out = planbox(&["compare", lvl0, "--search", "dfs", "--depth-limit", "13"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    let header = table.lines().next().expect("header");
    let columns: Vec<&str> = header.split_whitespace().rev().take(4).collect();
    assert_eq!(
        columns,
        ["sat", "bidirectional", "regression", "progression"],
        "{table}"
    );
    assert!(table.contains("skipped"), "{table}");
    assert!(
        table.contains("bidirectional search runs bfs only, not dfs"),
        "{table}"
    );
}
