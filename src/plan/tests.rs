//! Tests of [`super`]: plan text in and out, and the replay on the ground task.

use super::*;
use crate::search::toy::line_task;

fn steps(text: &str) -> Vec<(String, Vec<String>, usize)> {
    parse_plan(text)
        .expect("parses")
        .into_iter()
        .map(|s| (s.action, s.args, s.line))
        .collect()
}

fn step(action: &str, args: &[&str], line: usize) -> (String, Vec<String>, usize) {
    (
        action.to_string(),
        args.iter().map(|a| a.to_string()).collect(),
        line,
    )
}

#[test]
fn reads_fast_downward_plans() {
    let text = "(pick ball1 rooma left)\n(move rooma roomb)\n; cost = 2 (unit cost)\n";
    assert_eq!(
        steps(text),
        vec![
            step("pick", &["ball1", "rooma", "left"], 1),
            step("move", &["rooma", "roomb"], 2)
        ]
    );
}

#[test]
fn reads_val_timed_plans_comments_and_upper_case() {
    let text = "; a comment\n\n0: (PICK Ball1 rooma left) [1]\n  1.000 : ( move rooma roomb )\n2: (noop) ; done\n";
    assert_eq!(
        steps(text),
        vec![
            step("pick", &["ball1", "rooma", "left"], 3),
            step("move", &["rooma", "roomb"], 4),
            step("noop", &[], 5)
        ]
    );
}

#[test]
fn garbage_names_line_column_and_expectation() {
    let err = |text: &str| parse_plan(text).expect_err("does not parse").to_string();
    assert_eq!(
        err("(a b)\nhello world\n"),
        "line 2, column 1: expected `(` to start a plan step such as `(move a b)`, \
         found `hello world`"
    );
    assert_eq!(
        err("(move a b"),
        "line 1, column 10: expected an object name or `)`, found the end of the line"
    );
    assert_eq!(
        err("(move a b) (move b c)"),
        "line 1, column 12: expected the end of the line or a `;` comment, found `(move b c)`"
    );
    assert_eq!(
        err("3 (move a b)"),
        "line 1, column 3: expected `:` after the step time, found `(move a b)`"
    );
    assert_eq!(
        err("( )"),
        "line 1, column 3: expected an action name, found `)`"
    );
    assert_eq!(
        err("0: (a) [x]"),
        "line 1, column 9: expected a duration such as `[1]`, found `x]`"
    );
}

#[test]
fn writes_fast_downward_plans_with_the_cost_kind() {
    let mut task = line_task(3);
    let plan = [OpId(0), OpId(2)];
    assert_eq!(
        format_plan(&task, &plan),
        "(right p0 p1)\n(right p1 p2)\n; cost = 2 (unit cost)\n"
    );
    task.has_action_costs = true;
    task.operators[2].cost = 5;
    assert!(format_plan(&task, &plan).ends_with("; cost = 6 (general cost)\n"));
    assert_eq!(format_plan(&task, &[]), "; cost = 0 (general cost)\n");
}

#[test]
fn check_plan_replays_on_the_ground_task() {
    let task = line_task(3);
    assert_eq!(check_plan(&task, &[OpId(0), OpId(2)]), Ok(2));
    assert_eq!(
        check_plan(&task, &[OpId(2)]),
        Err(PlanCheckError::NotApplicable {
            index: 0,
            facts: vec!["(p1)".into()]
        })
    );
    assert_eq!(
        check_plan(&task, &[OpId(0)]),
        Err(PlanCheckError::GoalNotReached {
            facts: vec!["(p2)".into()]
        })
    );
    assert!(check_plan(&task, &[OpId(99)]).is_err());
}

#[test]
fn written_plans_read_back() {
    let task = line_task(4);
    let text = format_plan(&task, &[OpId(0), OpId(2), OpId(4)]);
    let read = steps(&text);
    assert_eq!(read.len(), 3);
    assert_eq!(read[2], step("right", &["p2", "p3"], 3));
}
