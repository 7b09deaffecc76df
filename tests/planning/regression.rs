//! Goal regression against progression, on the same ground operators with the
//! same algorithms: equal optimal plans, the classroom experiment on `lvl0`,
//! the consistency checks, `compare`, traces and graphs. Every plan is checked
//! by the lifted validator.

use crate::common::{
    Loaded, json, load, load_sources, plan_of, planbox, root, scratch, source, validate_plan,
};
use planbox::pddl::ast;
use planbox::search::{
    self, Limits, Monitor, Progression, Regression, RegressionOptions, SearchResult,
};
use planbox::task::Task;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits {
        time: Some(std::time::Duration::from_secs(120)),
        ..Limits::none()
    })
}

/// The plan's length and cost, after the lifted validator accepted it.
fn validated(l: &Loaded, task: &Task, result: &SearchResult, what: &str) -> (usize, u64) {
    let plan = plan_of(result, what);
    validate_plan(&l.domain, &l.problem, task, plan, what);
    (plan.len(), task.plan_cost(plan))
}

/// The teaching levels, every blocks problem up to 6 blocks and other small IPC
/// problems, with their optimal cost (plan
/// length for the unit-cost teaching levels; IPC Sokoban counts pushes).
const SMALL: &[(&str, &str, u64)] = &[
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-tiny.pddl",
        3,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl0.pddl",
        13,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl2.pddl",
        6,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl3.pddl",
        7,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl4.pddl",
        12,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl9a.pddl",
        24,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl9.pddl",
        27,
    ),
    (
        "problems/sokoban/teaching/domain.pddl",
        "problems/sokoban/teaching/teaching-lvl1.pddl",
        33,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-0.pddl",
        6,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-1.pddl",
        10,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-2.pddl",
        6,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-5-0.pddl",
        12,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-5-1.pddl",
        10,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-5-2.pddl",
        16,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-6-0.pddl",
        12,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-6-1.pddl",
        10,
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-6-2.pddl",
        20,
    ),
    (
        "problems/ipc/gripper/domain.pddl",
        "problems/ipc/gripper/prob01.pddl",
        11,
    ),
    (
        "problems/ipc/logistics00/domain.pddl",
        "problems/ipc/logistics00/probLOGISTICS-4-0.pddl",
        20,
    ),
    (
        "problems/ipc/miconic/domain.pddl",
        "problems/ipc/miconic/s3-0.pddl",
        10,
    ),
    (
        "problems/ipc/driverlog/domain.pddl",
        "problems/ipc/driverlog/p01.pddl",
        7,
    ),
    (
        "problems/ipc/sokoban-opt08-strips/domain.pddl",
        "problems/ipc/sokoban-opt08-strips/p01.pddl",
        11,
    ),
];

/// Breadth-first search on the unit-cost task, forward and backward: the
/// lengths of the two plans, each validated.
fn bfs_lengths_both_ways(l: &Loaded, problem: &str) -> (usize, usize) {
    let unit = l.task.clone().with_unit_costs();
    let forward = search::bfs(&mut Progression::new(&unit), &mut monitor());
    let mut space = Regression::new(&unit, RegressionOptions::default(), Some(&l.mutexes));
    let backward = search::bfs(&mut space, &mut monitor());
    let (f, _) = validated(l, &unit, &forward, &format!("{problem} bfs progression"));
    let (b, _) = validated(l, &unit, &backward, &format!("{problem} bfs regression"));
    (f, b)
}

/// A* with the heuristic `name`, forward and backward: the costs of the two
/// plans, each validated.
fn astar_costs_both_ways(l: &Loaded, name: &str, problem: &str) -> (u64, u64) {
    let mut h = planbox::heuristics::by_name(name, &l.task).expect(name);
    let forward = search::astar(&mut Progression::new(&l.task), h.as_mut(), &mut monitor());
    let mut rh = planbox::heuristics::regression_by_name(name, &l.task).expect(name);
    let mut space = Regression::new(&l.task, RegressionOptions::default(), Some(&l.mutexes));
    let backward = search::astar(&mut space, rh.as_mut(), &mut monitor());
    let (_, fc) = validated(
        l,
        &l.task,
        &forward,
        &format!("{problem} {name} progression"),
    );
    let (_, bc) = validated(
        l,
        &l.task,
        &backward,
        &format!("{problem} {name} regression"),
    );
    (fc, bc)
}

/// BFS and A* with h_max find plans of the same optimal length and cost in
/// both directions, and so does A* with LM-cut in both directions.
#[test]
fn both_directions_find_the_same_optimal_plans() {
    for &(domain, problem, optimum) in SMALL {
        let l = load(domain, problem);
        let (f, b) = bfs_lengths_both_ways(&l, problem);
        assert_eq!(f, b, "{problem}: bfs lengths");
        for name in ["hmax", "lmcut"] {
            let (fc, bc) = astar_costs_both_ways(&l, name, problem);
            assert_eq!((fc, bc), (optimum, optimum), "{problem}: {name} costs");
        }
    }
}

/// Every IPC problem of `tests/data/both-directions.txt` (the ones small
/// enough, chosen by measurement: see the file): A* with h_max finds plans of
/// the same cost in both directions, and breadth-first search on the
/// unit-cost task plans of the same length; every plan is validated. Split in
/// two halves so that the test threads share the work.
fn both_directions_agree_on_listed_ipc_problems(half: usize) {
    let list = std::fs::read_to_string(root().join("tests/data/both-directions.txt"))
        .expect("tests/data/both-directions.txt");
    let problems: Vec<&str> = list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(problems.len(), 118, "the list");
    for problem in problems.iter().skip(half).step_by(2) {
        let path = format!("problems/ipc/{problem}");
        let domain = Path::new(&path).with_file_name("domain.pddl");
        let l = load(domain.to_str().expect("utf-8"), &path);
        let (fc, bc) = astar_costs_both_ways(&l, "hmax", problem);
        assert_eq!(fc, bc, "{problem}: A* h_max costs");
        let (f, b) = bfs_lengths_both_ways(&l, problem);
        assert_eq!(f, b, "{problem}: bfs lengths");
    }
}

#[test]
fn both_directions_agree_on_small_ipc_problems_first_half() {
    both_directions_agree_on_listed_ipc_problems(0);
}

#[test]
fn both_directions_agree_on_small_ipc_problems_second_half() {
    both_directions_agree_on_listed_ipc_problems(1);
}

/// Loads a problem given as text (made by the Sokoban translator) over the
/// toolkit's Sokoban domain.
fn load_text(problem_name: &str, problem_text: String) -> Loaded {
    let problem = ast::Source {
        path: PathBuf::from(problem_name),
        text: problem_text,
    };
    load_sources(source("domains/sokoban.pddl"), problem)
}

/// The levels of IPC opt08 p01-p05 in the toolkit's own domain, where boxes
/// are not named, the goal says which cells hold them and every action costs
/// 1: A* with h_max regresses each to its optimal number of moves, p05
/// (Microban 95, eight boxes in an open room) included. Each level is read
/// back from the IPC problem file, found among the bundled Microban levels,
/// and its optimum taken from `microban.optimal.tsv`.
#[test]
fn regression_astar_hmax_solves_the_levels_of_opt08_p01_to_p05_in_the_sokoban_domain() {
    let path = root().join("problems/sokoban/microban.xsb");
    let text = std::fs::read_to_string(&path).expect("microban.xsb");
    let collection = planbox::sokoban::xsb::parse(&path, &text);
    let table = std::fs::read_to_string(root().join("problems/sokoban/microban.optimal.tsv"))
        .expect("microban.optimal.tsv");
    let mut levels = Vec::new();
    for p in ["p01", "p02", "p03", "p04", "p05"] {
        let file = root().join(format!("problems/ipc/sokoban-opt08-strips/{p}.pddl"));
        let ipc = std::fs::read_to_string(&file).expect("IPC problem");
        let board = planbox::sokoban::decode::level_from_problem(&file, &ipc)
            .expect("IPC level")
            .to_xsb();
        let (k, level) = (1..=collection.len())
            .map(|k| (k, collection.level(k).expect("level").expect("valid")))
            .find(|(_, level)| level.to_xsb() == board)
            .unwrap_or_else(|| panic!("{p} is not a Microban level"));
        let moves: u64 = table
            .lines()
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .find(|c| c[0] == k.to_string())
            .map(|c| c[4].parse().expect("min_moves"))
            .expect("listed");
        let name = format!("microban-{k:03}");
        let l = load_text(
            &format!("{name}.pddl"),
            planbox::sokoban::to_pddl::problem(&level, &name),
        );
        let mut h = planbox::heuristics::regression_by_name("hmax", &l.task).expect("hmax");
        let mut space = Regression::new(&l.task, RegressionOptions::default(), Some(&l.mutexes));
        let result = search::astar(&mut space, h.as_mut(), &mut monitor());
        let (length, cost) = validated(&l, &l.task, &result, &name);
        assert_eq!((length as u64, cost), (moves, moves), "{p} = {name}");
        levels.push(k);
    }
    assert_eq!(levels, [12, 24, 14, 6, 95]);
}

/// Regression A* solves Sokoban opt08 p01-p06 optimally (costs from
/// `sokoban-index.tsv`): with h_max all but p05, with LM-cut all six.
///
/// p05 (Microban 95) is beyond h_max in the IPC encoding: each goal
/// `(at-goal stone-i)` is one push away, so h_max stays near 1 while the
/// optimum is 8, and every set of pushes with every walk of the man between
/// them (moves cost 0) lies below f = 8 and must be expanded. LM-cut adds the
/// pushes up (f = 8 at the root); the unit-cost tie-breaker then walks the man
/// back towards his start instead of trying every walk.
#[test]
fn regression_astar_solves_sokoban_opt08_p01_to_p06() {
    let index = std::fs::read_to_string(root().join("problems/ipc/sokoban-index.tsv"))
        .expect("sokoban-index.tsv");
    for p in ["p01", "p02", "p03", "p04", "p05", "p06"] {
        let file = format!("{p}.pddl");
        let optimum: u64 = index
            .lines()
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .find(|c| c[0] == "sokoban-opt08-strips" && c[1] == file)
            .map(|c| c[3].parse().expect("cost"))
            .expect("listed");
        let l = load(
            "problems/ipc/sokoban-opt08-strips/domain.pddl",
            &format!("problems/ipc/sokoban-opt08-strips/{file}"),
        );
        let heuristics: &[&str] = if p == "p05" {
            &["lmcut"]
        } else {
            &["hmax", "lmcut"]
        };
        for &name in heuristics {
            let mut h = planbox::heuristics::regression_by_name(name, &l.task).expect(name);
            let mut space =
                Regression::new(&l.task, RegressionOptions::default(), Some(&l.mutexes));
            let result = search::astar(&mut space, h.as_mut(), &mut monitor());
            let (_, cost) = validated(&l, &l.task, &result, &format!("{file} {name}"));
            assert_eq!(cost, optimum, "{file} {name}");
        }
    }
}

/// `planbox compare --json ARGS`, which must exit 0: its record.
fn compared(args: &[&str]) -> Value {
    let out = planbox(&[&["compare", "--json"], args].concat());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)
}

/// Writes the plan of a `--json` record to a file and runs `planbox validate`.
fn validate_record(record: &Value, problem: &str, dir: &Path, name: &str) {
    let steps: Vec<&str> = record["plan"]
        .as_array()
        .expect("plan list")
        .iter()
        .map(|s| s.as_str().expect("step"))
        .collect();
    let path = dir.join(name);
    std::fs::write(&path, steps.join("\n") + "\n").expect("write plan");
    let out = planbox(&["validate", problem, path.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{name}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The plan a `plan --plan-file -` run printed, through `planbox validate`.
fn validate_stdout(out: &Output, problem: &str, path: &Path) {
    std::fs::write(path, &out.stdout).expect("write plan");
    let check = planbox(&["validate", problem, path.to_str().expect("utf-8")]);
    let report = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{}: {report}", path.display());
    assert!(report.contains("Plan valid"), "{report}");
}

const LVL0: &str = "problems/sokoban/teaching/teaching-lvl0.pddl";

/// The classroom experiment: depth-first tree search to depth 13 on `lvl0`
/// (optimal: 13 steps) in both directions.
#[test]
fn lvl0_depth_first_to_depth_13_regression_expands_far_less() {
    let both = compared(&[LVL0, "--search", "dfs", "--depth-limit", "13"]);
    let (p, r) = (&both["progression"], &both["regression"]);
    for side in [p, r] {
        assert_eq!(side["outcome"], "plan", "{side}");
        assert_eq!(side["length"], 13, "{side}");
    }
    let (pe, re) = (
        p["expanded"].as_u64().expect("count"),
        r["expanded"].as_u64().expect("count"),
    );
    assert!(pe >= 20 * re, "progression {pe}, regression {re}");
    assert!(r["invariant"].as_u64().expect("count") > 0);
    let dir = scratch("lvl0-plans");
    validate_record(p, LVL0, &dir, "progression.plan");
    validate_record(r, LVL0, &dir, "regression.plan");

    // Without the consistency checks regression drowns in impossible
    // subgoal sets (the man in two places, ...): it expands more, whether or
    // not it finishes within the time limit.
    let out = planbox(&[
        "plan",
        "--json",
        "--engine",
        "regression",
        "--mutex",
        "none",
        "--plan-file",
        "-",
        "--search",
        "dfs",
        "--depth-limit",
        "13",
        "--time-limit",
        "3",
        LVL0,
    ]);
    let unchecked = json(&out);
    assert_eq!(unchecked["invariant"], 0);
    let ue = unchecked["expanded"].as_u64().expect("count");
    assert!(ue > 10 * re, "without checks {ue}, with checks {re}");
}

/// `compare --json` carries the keys of `plan --json` plus one key per
/// pruning counter, for both directions.
#[test]
fn compare_json_has_plan_keys_and_pruning_counters() {
    let out = planbox(&[
        "compare",
        "--json",
        LVL0,
        "--search",
        "astar",
        "--heuristic",
        "hmax",
    ]);
    let both = json(&out);
    let plan = planbox(&[
        "plan",
        "--json",
        "--plan-file",
        "-",
        LVL0,
        "--search",
        "bfs",
    ]);
    let plan = json(&plan);
    let dir = scratch("compare-json-plans");
    validate_record(&plan, LVL0, &dir, "bfs.plan");
    for side in ["progression", "regression"] {
        validate_record(&both[side], LVL0, &dir, &format!("{side}.plan"));
        let record = both[side].as_object().expect("object");
        for key in plan.as_object().expect("object").keys() {
            if key != "plan_file" {
                assert!(record.contains_key(key), "{side} lacks {key}");
            }
        }
        for key in [
            "duplicates",
            "expanded",
            "generated",
            "search_time_s",
            "peak_memory_kb",
        ] {
            assert!(record[key].is_number(), "{side}: {key}");
        }
        // Regression's rules: counted backward, `null` forward (where
        // they do not apply).
        for key in [
            "irrelevant",
            "inconsistent",
            "invariant",
            "h2_mutex",
            "subsumed",
        ] {
            assert_eq!(
                record[key].is_number(),
                side == "regression",
                "{side}: {key}"
            );
        }
        assert_eq!(record["engine"], side);
        assert_eq!(record["cost"], 13);
    }
    // The side-by-side table names both directions and the counters.
    let out = planbox(&["compare", LVL0, "--search", "bfs"]);
    let table = String::from_utf8_lossy(&out.stdout);
    for label in ["progression", "regression", "pruned: invariant", "expanded"] {
        assert!(table.contains(label), "{table}");
    }
}

/// `compare` exits 0 once both searches ran, whatever they found (here
/// neither finds a plan within depth 5, where `plan` exits 12), and with the
/// searches' own code when they cannot run.
#[test]
fn compare_exit_codes() {
    let out = planbox(&[
        "compare",
        "--json",
        LVL0,
        "--search",
        "dfs",
        "--depth-limit",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let both = json(&out);
    for side in ["progression", "regression"] {
        assert_eq!(both[side]["outcome"], "incomplete", "{side}");
    }
    let alone = planbox(&["plan", LVL0, "--search", "dfs", "--depth-limit", "5"]);
    assert_eq!(alone.status.code(), Some(12));

    let bad = scratch("compare-bad-input").join("bad.pddl");
    std::fs::write(
        &bad,
        "(define (problem x) (:domain sokoban)\n  (:init (man a)\n  (:goal (man a)))\n",
    )
    .expect("write");
    let domain = root().join("domains/sokoban.pddl");
    let out = planbox(&[
        "compare",
        domain.to_str().expect("utf-8"),
        bad.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(31));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.pddl:3:4"), "{stderr}");

    let out = planbox(&["compare", LVL0, "--search", "astar", "--heuristic", "hff"]);
    assert_eq!(out.status.code(), Some(2));

    // A lazy search's two heuristics reach both engines.
    let both = compared(&[
        "--engines",
        "progression,regression",
        LVL0,
        "--search",
        "lazy-gbfs",
        "--heuristic",
        "hadd,goalcount",
    ]);
    for side in ["progression", "regression"] {
        assert_eq!(both[side]["heuristic"], "hadd,goalcount", "{side}");
    }
}

/// `--trace` shows each expansion with the board, the operators tried and
/// the rules that pruned them, duplicates included; `--dot` writes a graph.
#[test]
fn trace_and_dot_show_the_search() {
    let dir = scratch("trace");
    let dot = dir.join("lvl0.dot");
    let out = planbox(&[
        "plan",
        "--engine",
        "regression",
        "--search",
        "bfs",
        "--trace",
        "--trace-limit",
        "3",
        "--dot",
        dot.to_str().expect("utf-8"),
        "--plan-file",
        "-",
        LVL0,
    ]);
    assert_eq!(out.status.code(), Some(0));
    validate_stdout(&out, LVL0, &dir.join("regression.plan"));
    let trace = String::from_utf8_lossy(&out.stderr);
    assert_eq!(trace.matches("expansion ").count(), 3, "{trace}");
    assert!(trace.contains("subgoals: (box r2c3)"), "{trace}");
    assert!(trace.contains("pruned: invariant"), "{trace}");
    assert!(trace.contains("# *#"), "the board is drawn:\n{trace}");
    let graph = std::fs::read_to_string(&dot).expect("dot file");
    assert!(graph.starts_with("digraph"), "{graph}");
    assert!(
        graph.contains("->") && graph.contains("pruned: "),
        "{graph}"
    );

    let out = planbox(&[
        "plan",
        "--search",
        "bfs",
        "--trace",
        "--trace-limit",
        "2",
        "--plan-file",
        "-",
        LVL0,
    ]);
    assert_eq!(out.status.code(), Some(0));
    validate_stdout(&out, LVL0, &dir.join("progression.plan"));
    let trace = String::from_utf8_lossy(&out.stderr);
    assert!(trace.contains("state: (man r4c3)"), "{trace}");
    assert!(
        trace.contains("(move r4c3 r3c3 up) -> +(man r3c3)"),
        "{trace}"
    );
    // The second expansion (the man one cell up) can step back down, to the
    // initial state: a duplicate.
    assert!(
        trace.contains(
            "(move r3c3 r4c3 down) -> +(man r4c3) +(clear r3c3) -(man r3c3) -(clear r4c3)  pruned: duplicate"
        ),
        "{trace}"
    );
    assert_eq!(trace.matches("pruned: duplicate").count(), 1, "{trace}");
}

/// Regression refuses heuristics it cannot evaluate, with a usage error.
#[test]
fn regression_refuses_progression_only_heuristics() {
    let out = planbox(&[
        "plan",
        "--engine",
        "regression",
        "--search",
        "gbfs",
        "--heuristic",
        "hff",
        LVL0,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not available for regression"));
}

/// Every algorithm and every regression heuristic runs backward through the
/// command line, and `planbox validate` accepts each plan.
#[test]
fn every_algorithm_and_heuristic_runs_backward() {
    let dir = scratch("every-algorithm");
    let problem = "problems/ipc/blocks/probBLOCKS-6-0.pddl";
    let configs: &[&[&str]] = &[
        &["--search", "bfs"],
        &["--search", "dfs", "--depth-limit", "12"],
        &["--search", "iddfs", "--cycle-check"],
        &["--search", "astar", "--heuristic", "blind"],
        &["--search", "astar", "--heuristic", "hmax"],
        &["--search", "astar", "--heuristic", "lmcut"],
        &["--search", "astar"],
        &["--search", "wastar", "--heuristic", "hadd", "--weight", "3"],
        &["--search", "gbfs", "--heuristic", "hadd"],
        &[
            "--search",
            "gbfs",
            "--heuristic",
            "goalcount",
            "--no-preferred",
        ],
    ];
    for (k, config) in configs.iter().enumerate() {
        let mut args = vec![
            "plan",
            "--engine",
            "regression",
            "--json",
            "--plan-file",
            "-",
        ];
        args.extend_from_slice(config);
        args.push(problem);
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(0), "{config:?}");
        let record = json(&out);
        validate_record(&record, problem, &dir, &format!("{k}.plan"));
        // A* defaults to LM-cut, as in progression.
        if config == &["--search", "astar"] {
            assert_eq!(record["heuristic"], "lmcut");
        }
        // The optimal searches find the optimal 12 steps.
        if !config.contains(&"gbfs") && !config.contains(&"wastar") && !config.contains(&"dfs") {
            assert_eq!(record["cost"], 12, "{config:?}");
        }
    }
}
