//! ADL through the real binary: small hand-written tasks, one per feature
//! (conditional and universal effects, disjunctive, existential and universal
//! preconditions, `imply`, `either` types, derived predicates over two strata,
//! a goal that is not a conjunction), whose optimal costs the problem files
//! state and explain. Every configuration's plan is checked by `planbox
//! validate`, which simulates the lifted task without the normaliser; the
//! optimal ones must cost what the file says. Engines that cannot handle the
//! features refuse them by name with exit 34.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DIR: &str = "tests/data/adl";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn planbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planbox"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("planbox runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `(domain, problem, optimal cost)`: the optimum is argued in each file.
const TASKS: &[(&str, &str, u64)] = &[
    ("briefcase-domain", "briefcase", 5),
    ("lamps-domain", "lamps", 5),
    ("lamps-domain", "rooms-goal", 3),
    ("doors-domain", "doors", 3),
    ("doors-domain", "doors-late", 3),
    ("toggle-domain", "toggle", 3),
    ("toggle-domain", "toggle-one", 2),
];

fn files(domain: &str, problem: &str) -> (String, String) {
    (
        format!("{DIR}/{domain}.pddl"),
        format!("{DIR}/{problem}.pddl"),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("planbox-adl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Plans with `config`, checks the plan with `planbox validate`, and returns
/// the `--json` record.
fn plan_and_validate(domain: &str, problem: &str, config: &[&str]) -> Value {
    let (d, p) = files(domain, problem);
    let plan = scratch(&format!("{problem}-{}.plan", config.join("-")));
    let plan_file = plan.to_str().expect("utf-8 temp path");
    let mut args = vec!["plan", &d, &p, "--json", "--plan-file", plan_file];
    args.extend_from_slice(config);
    let out = planbox(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{problem} {config:?}: {}",
        stderr(&out)
    );
    let record: Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    let check = planbox(&["validate", &d, &p, plan_file]);
    let verdict = String::from_utf8_lossy(&check.stdout);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{problem} {config:?}: {verdict}{}",
        stderr(&check)
    );
    assert!(verdict.contains("Plan valid"), "{verdict}");
    record
}

#[test]
fn optimal_searches_find_the_stated_optimum_of_every_feature() {
    let optimal: &[&[&str]] = &[
        &["--search", "astar", "--heuristic", "hmax"],
        &["--search", "astar", "--heuristic", "blind"],
        // A* without a heuristic: LM-cut cannot read these tasks, h^max can.
        &["--search", "astar"],
    ];
    for &(domain, problem, cost) in TASKS {
        for config in optimal {
            let record = plan_and_validate(domain, problem, config);
            assert_eq!(record["cost"], cost, "{problem} {config:?}: {record}");
        }
    }
    // Breadth-first search is optimal in steps, which the unit-cost tasks count.
    for &(domain, problem, cost) in TASKS.iter().filter(|t| !t.0.starts_with("toggle")) {
        let record = plan_and_validate(domain, problem, &["--search", "bfs"]);
        assert_eq!(record["length"], cost, "{problem}: {record}");
    }
}

#[test]
fn satisficing_searches_return_valid_plans() {
    for &(domain, problem, cost) in TASKS {
        for config in [
            &["--search", "gbfs", "--heuristic", "hff"][..],
            &["--search", "gbfs", "--heuristic", "goalcount"],
            &["--search", "wastar", "--heuristic", "hadd"],
            &["--search", "iddfs"],
        ] {
            let record = plan_and_validate(domain, problem, config);
            let found = record["cost"].as_u64().expect("a cost");
            assert!(
                found >= cost,
                "{problem} {config:?}: {found} below the optimum {cost}"
            );
        }
    }
}

#[test]
fn a_conditional_effect_reads_the_state_before_the_action() {
    let (d, p) = files("toggle-domain", "toggle");
    // `toggle-all` swaps every light; read after the first `when`, the second
    // would switch l1 back on.
    let good = scratch("toggle-all.plan");
    std::fs::write(&good, "(toggle-all)\n").expect("write");
    let out = planbox(&["validate", &d, &p, good.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Plan valid") && text.contains("Plan cost: 3"),
        "{text}"
    );
    // Toggling twice restores the start, which misses the goal.
    let twice = scratch("toggle-twice.plan");
    std::fs::write(&twice, "(toggle-all)\n(toggle-all)\n").expect("write");
    let out = planbox(&["validate", &d, &p, twice.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("goal not satisfied: (not (on l1)), (on l2), (on l3)"),
        "{text}"
    );
    // Moving the briefcase where it is adds and deletes `(at dict home)`
    // under the same condition: the add wins, in the validator as in search.
    let (d, _) = files("briefcase-domain", "briefcase");
    let stay = scratch("stay.pddl");
    std::fs::write(
        &stay,
        "(define (problem stay) (:domain briefcase)
           (:objects home office - location dict paycheck - portable)
           (:init (is-at home) (at dict home) (at paycheck office))
           (:goal (and (in dict) (at dict home) (is-at home))))",
    )
    .expect("write");
    let plan = scratch("stay.plan");
    std::fs::write(&plan, "(put-in dict home)\n(move home home)\n").expect("write");
    let stay = stay.to_str().expect("utf-8");
    let out = planbox(&["validate", &d, stay, plan.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = planbox(&[
        "plan",
        &d,
        stay,
        "--search",
        "bfs",
        "--json",
        "--plan-file",
        "-",
    ]);
    let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["length"], 1, "put-in alone: {record}");
}

#[test]
fn validate_names_the_false_quantified_precondition() {
    let (d, p) = files("lamps-domain", "lamps");
    let plan = scratch("leave-at-once.plan");
    std::fs::write(&plan, "(leave)\n").expect("write");
    let out = planbox(&["validate", &d, &p, plan.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    // Both conjuncts are false: l2 and l3 are dark, and l3 is held.
    assert!(
        text.contains(
            "precondition not satisfied: (forall (?l - lamp) (imply (not (mains ?l)) (lit ?l))), \
             (not (exists (?x - lamp) (holding ?x)))"
        ),
        "{text}"
    );
    // A derived precondition: `raise-alarm b` while b is connected to c.
    let (d, p) = files("doors-domain", "doors");
    let plan = scratch("alarm-b.plan");
    std::fs::write(&plan, "(raise-alarm b)\n").expect("write");
    let out = planbox(&["validate", &d, &p, plan.to_str().expect("utf-8")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("precondition not satisfied: (cut-off b)"),
        "{text}"
    );
}

#[test]
fn engines_and_heuristics_without_adl_support_refuse_it_by_name() {
    let (d, p) = files("briefcase-domain", "briefcase");
    for (args, words) in [
        (
            &["--engine", "regression"][..],
            "the regression engine does not support conditional effects",
        ),
        (
            &["--engine", "bidirectional"],
            "the bidirectional engine does not support conditional effects",
        ),
        (
            &["--engine", "sat"],
            "the sat engine does not support conditional effects",
        ),
        (
            &["--search", "astar", "--heuristic", "lmcut"],
            "heuristic `lmcut` does not support conditional effects",
        ),
    ] {
        let mut all = vec!["plan", &d, &p];
        all.extend_from_slice(args);
        let out = planbox(&all);
        assert_eq!(out.status.code(), Some(34), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
    let (d, p) = files("doors-domain", "doors");
    let out = planbox(&["plan", &d, &p, "--engine", "regression"]);
    assert_eq!(out.status.code(), Some(34));
    assert!(
        stderr(&out).contains("derived predicates (axioms)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn compare_runs_progression_and_marks_the_engines_that_cannot_run() {
    let (d, p) = files("briefcase-domain", "briefcase");
    let out = planbox(&["compare", &d, &p, "--search", "bfs", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(all["progression"]["length"], 5, "{all}");
    for engine in ["regression", "bidirectional", "sat"] {
        assert_eq!(all[engine]["outcome"], "skipped", "{engine}: {all}");
    }
}

#[test]
fn ground_dump_shows_conditional_effects_and_derived_facts() {
    let (d, p) = files("briefcase-domain", "briefcase");
    let out = planbox(&["ground", &d, &p, "--dump"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(when (and (in dict)) (and (at dict office) (not (at dict home))))"),
        "{text}"
    );
}

/// The bundled first problem of every IPC ADL domain (`problems/ipc-adl/`):
/// GBFS with h_FF finds a plan that `planbox validate` accepts.
#[test]
fn the_first_problem_of_every_ipc_adl_domain_is_solved_and_validated() {
    let base = root().join("problems/ipc-adl");
    let mut domains: Vec<PathBuf> = std::fs::read_dir(&base)
        .expect("problems/ipc-adl")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    domains.sort();
    assert_eq!(domains.len(), 19, "{domains:?}");
    for dir in domains {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("domain folder")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        let (domain, problem): (Vec<PathBuf>, Vec<PathBuf>) = files.into_iter().partition(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("domain"))
        });
        let (d, p) = (
            domain[0].to_str().expect("utf-8"),
            problem[0].to_str().expect("utf-8"),
        );
        let plan = scratch(&format!(
            "{}.plan",
            dir.file_name().expect("name").to_string_lossy()
        ));
        let plan = plan.to_str().expect("utf-8");
        let out = planbox(&[
            "plan",
            d,
            p,
            "--search",
            "gbfs",
            "--heuristic",
            "hff",
            "--time-limit",
            "60",
            "--plan-file",
            plan,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            dir.display(),
            stderr(&out)
        );
        let check = planbox(&["validate", d, p, plan]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}: {}",
            dir.display(),
            String::from_utf8_lossy(&check.stdout)
        );
    }
}
