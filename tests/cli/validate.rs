//! `planbox validate` on hand-broken Gripper plans: each breakage gives the
//! verdict, the plan file line and the exit code VAL users expect.

use crate::common::{planbox, root, scratch_path};
use std::path::PathBuf;

const DOMAIN: &str = "problems/ipc/gripper/domain.pddl";
const PROBLEM: &str = "problems/ipc/gripper/prob01.pddl";

/// An optimal plan for Gripper prob01 (11 steps), in Fast Downward's format.
const GOOD: &[&str] = &[
    "(pick ball4 rooma left)",
    "(pick ball3 rooma right)",
    "(move rooma roomb)",
    "(drop ball4 roomb left)",
    "(drop ball3 roomb right)",
    "(move roomb rooma)",
    "(pick ball2 rooma left)",
    "(pick ball1 rooma right)",
    "(move rooma roomb)",
    "(drop ball2 roomb left)",
    "(drop ball1 roomb right)",
];

/// Writes `text` as a plan file and validates it; returns (exit code, stdout, stderr).
fn validate(name: &str, text: &str) -> (Option<i32>, String, String) {
    let dir = scratch_path("validate");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).expect("write plan");
    let out = planbox(&["validate", DOMAIN, PROBLEM, path.to_str().expect("utf-8")]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn lines(steps: &[&str]) -> String {
    let mut text = steps.join("\n");
    text.push_str("\n; cost = 11 (unit cost)\n");
    text
}

#[test]
fn a_good_plan_is_valid_in_every_format() {
    let (code, out, err) = validate("good.plan", &lines(GOOD));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("Plan valid"), "{out}");
    assert!(out.contains("Plan length: 11 step(s)."), "{out}");
    assert!(out.contains("Plan cost: 11"), "{out}");
    // VAL's timed format, with comments and blank lines.
    let timed: Vec<String> = GOOD
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{i}: {s} [1]"))
        .collect();
    let text = format!("; from a temporal planner\n\n{}\n", timed.join("\n"));
    let (code, out, _) = validate("timed.plan", &text);
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn steps_in_the_wrong_order_name_the_false_facts_and_the_line() {
    let mut steps = GOOD.to_vec();
    steps.swap(2, 3); // drop before moving
    let (code, out, _) = validate("order.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("step 3 `(drop ball4 roomb left)` (plan line 3)"),
        "{out}"
    );
    assert!(out.contains("(at-robby roomb)"), "{out}");
}

#[test]
fn a_missing_step_breaks_a_later_one() {
    let mut steps = GOOD.to_vec();
    steps.remove(5); // never move back
    let (code, out, _) = validate("missing.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("(plan line 6)"), "{out}");
    assert!(out.contains("(at-robby rooma)"), "{out}");
}

#[test]
fn an_unmet_goal_is_reported() {
    let steps = &GOOD[..8];
    let (code, out, _) = validate("short.plan", &lines(steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("goal not satisfied"), "{out}");
    assert!(
        out.contains("(at ball2 roomb)") && out.contains("(at ball1 roomb)"),
        "{out}"
    );
}

#[test]
fn unknown_action_and_wrong_arity_name_the_line() {
    let mut steps = GOOD.to_vec();
    steps[1] = "(grab ball3 rooma right)";
    let (code, out, _) = validate("unknown.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("(plan line 2)") && out.contains("no such action"),
        "{out}"
    );
    // A near miss gets a suggestion, as unknown names in PDDL files do.
    let mut steps = GOOD.to_vec();
    steps[1] = "(pik ball3 rooma right)";
    let (code, out, _) = validate("near-miss.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("the domain has no such action (did you mean `pick`?)"),
        "{out}"
    );
    let mut steps = GOOD.to_vec();
    steps[2] = "(move rooma)";
    let (code, out, _) = validate("arity.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("(plan line 3)") && out.contains("takes 2"),
        "{out}"
    );
    let mut steps = GOOD.to_vec();
    steps[0] = "(pick ball9 rooma left)";
    let (code, out, _) = validate("object.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("unknown object `ball9`"), "{out}");
    steps[0] = "(pick bal4 rooma left)";
    let (code, out, _) = validate("object.plan", &lines(&steps));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("unknown object `bal4` (did you mean `ball4`?)"),
        "{out}"
    );
}

#[test]
fn garbage_text_is_invalid_input_with_line_and_column() {
    let text = format!("{}\n{}\nthis is not a plan\n", GOOD[0], GOOD[1]);
    let (code, _, err) = validate("garbage.plan", &text);
    assert_eq!(code, Some(31), "{err}");
    assert!(err.contains("garbage.plan"), "{err}");
    assert!(err.contains("line 3, column 1: expected `(`"), "{err}");
}

#[test]
fn a_missing_plan_file_is_invalid_input() {
    let out = planbox(&["validate", DOMAIN, PROBLEM, "no/such/plan"]);
    assert_eq!(out.status.code(), Some(31));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("plan file `no/such/plan` does not exist"),
        "{err}"
    );
}

/// IPC 2006 Storage declares `area - object`, then `area crate - surface`;
/// Fast Downward reads it, and so must planbox: `area` gets both parents, so
/// a store area may stand where a `surface` is expected. The task in
/// `tests/data/types/` can only be solved by lifting a crate off a store area
/// (`(lift h1 c1 sa1)`), in either order of the two declarations (no "last
/// declaration wins"). The validator refuses a depot, which is no `surface`.
#[test]
fn a_type_declared_under_two_parents_is_of_both_when_planning_and_validating() {
    let dir = scratch_path("validate-types");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let ipc = "tests/data/types/storage-domain.pddl";
    let problem = "tests/data/types/storage.pddl";
    let text = std::fs::read_to_string(root().join(ipc)).expect("test domain");
    let swapped = text
        .replace(
            "(:types hoist",
            "(:types area crate - surface\n          hoist",
        )
        .replace("\n          area crate - surface)", ")");
    assert_eq!(swapped.matches("area crate - surface").count(), 1);
    assert!(swapped.find("area crate") < swapped.find("area - object"));
    let swapped_path = dir.join("swapped-domain.pddl");
    std::fs::write(&swapped_path, swapped).expect("write domain");
    for domain in [ipc, swapped_path.to_str().expect("utf-8")] {
        let plan = dir.join("storage.plan");
        let plan = plan.to_str().expect("utf-8");
        let out = planbox(&["plan", domain, problem, "--plan-file", plan]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{domain}: {err}");
        let steps = std::fs::read_to_string(plan).expect("plan file");
        assert!(steps.contains("(lift h1 c1 sa1)"), "{domain}: {steps}");
        let out = planbox(&["validate", domain, problem, plan]);
        let verdict = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{domain}: {verdict}");
        assert!(verdict.contains("Plan valid"), "{verdict}");
        assert!(verdict.contains("Plan length: 4 step(s)."), "{verdict}");

        let bad = dir.join("depot.plan");
        std::fs::write(&bad, "(lift h1 c2 c1)\n(drop h1 c2 d1)\n").expect("write plan");
        let out = planbox(&["validate", domain, problem, bad.to_str().expect("utf-8")]);
        let verdict = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{domain}: {verdict}");
        assert!(
            verdict
                .contains("object `d1` has type `depot`, but parameter `?s` needs type `surface`"),
            "{verdict}"
        );
    }
}
