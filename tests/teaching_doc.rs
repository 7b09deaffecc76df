//! `docs/teaching.md` shows real output of planbox. These tests run every
//! command the document shows and check that the figures it prints are the
//! ones planbox prints today, so that the walkthrough cannot drift from the
//! program. Times, rates and memory vary between machines and are not
//! compared; nor are searches cut off by a time limit.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn planbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planbox"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("planbox runs")
}

fn doc() -> String {
    std::fs::read_to_string(root().join("docs/teaching.md")).expect("docs/teaching.md")
}

/// One shown run: the command's words after `planbox` and the lines it shows.
struct Shown {
    args: Vec<String>,
    lines: Vec<String>,
}

/// Every ```text block that starts with `$ planbox`, with `\` continuations
/// joined.
fn shown_runs(doc: &str) -> Vec<Shown> {
    let mut runs = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let Some(first) = block.first().and_then(|l| l.strip_prefix("$ planbox ")) else {
            continue;
        };
        let mut command = first.to_string();
        let mut rest = block[1..].iter();
        while command.ends_with('\\') {
            command.pop();
            command.push(' ');
            command.push_str(rest.next().expect("continued line").trim());
        }
        runs.push(Shown {
            args: command.split_whitespace().map(String::from).collect(),
            lines: rest.map(|l| l.to_string()).collect(),
        });
    }
    runs
}

/// The `compare --json` key of each row of the side-by-side table whose value
/// does not depend on the machine.
fn json_key(label: &str) -> Option<&'static str> {
    Some(match label {
        "outcome" => "outcome",
        "plan length" => "length",
        "plan cost" => "cost",
        "expanded" => "expanded",
        "expanded forward" => "forward_expanded",
        "expanded backward" => "backward_expanded",
        "generated" => "generated",
        "evaluated" => "evaluated",
        "pruned: irrelevant" => "irrelevant",
        "pruned: inconsistent" => "inconsistent",
        "pruned: invariant" => "invariant",
        "pruned: h2_mutex" => "h2_mutex",
        "pruned: subsumed" => "subsumed",
        "pruned: duplicates" => "duplicates",
        _ => return None,
    })
}

fn shown_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    }
}

#[test]
fn the_compare_tables_show_todays_figures() {
    let mut checked = 0;
    for run in shown_runs(&doc()) {
        if run.args[0] != "compare" || run.args.iter().any(|a| a == "--time-limit") {
            continue;
        }
        let mut args: Vec<&str> = run.args.iter().map(String::as_str).collect();
        args.push("--json");
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let both: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for line in &run.lines {
            // `label  progression  regression  bidirectional`, the label
            // possibly several words.
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() < 4 {
                continue;
            }
            let label = words[..words.len() - 3].join(" ");
            let Some(key) = json_key(&label) else {
                continue;
            };
            for (side, shown) in ["progression", "regression", "bidirectional"]
                .iter()
                .zip(&words[words.len() - 3..])
            {
                let actual = shown_value(&both[side][key]);
                assert_eq!(*shown, actual, "{args:?}: {side} {label}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} figures checked");
}

/// The other shown runs (a trace, the invariants) print their lines, in the
/// order shown, apart from `...` and times.
#[test]
fn the_other_shown_runs_print_the_lines_shown() {
    let mut checked = 0;
    for run in shown_runs(&doc()) {
        if run.args[0] == "compare" {
            continue;
        }
        let mut args: Vec<&str> = run.args.iter().map(String::as_str).collect();
        if args[0] == "plan" {
            args.extend(["--plan-file", "-"]);
        }
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut printed = text.lines();
        for line in run.lines.iter().filter(|l| l.trim() != "...") {
            assert!(
                printed.any(|p| p == line),
                "{args:?}: `{line}` is not printed (in this order):\n{text}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} lines checked");
}

/// The table of what each technique is worth: each row's switches, run with
/// depth-first search to depth 13 on `lvl0`, expand the number shown (rows
/// cut off by a time limit are not checked).
#[test]
fn the_technique_table_shows_todays_figures() {
    let doc = doc();
    let start = doc
        .find("| regression with | expanded | plan |")
        .expect("the technique table");
    let mut checked = 0;
    for row in doc[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (label, expanded) = (cells[1], cells[2].replace(',', ""));
        let Ok(expanded) = expanded.parse::<u64>() else {
            continue;
        };
        let engine = if label.contains("progression") {
            "progression"
        } else {
            "regression"
        };
        let mut args = vec![
            "plan",
            "--json",
            "--plan-file",
            "-",
            "--engine",
            engine,
            "--search",
            "dfs",
            "--depth-limit",
            "13",
            "problems/sokoban/teaching/teaching-lvl0.pddl",
        ];
        // The switches are the label's `code` spans.
        args.extend(
            label
                .split('`')
                .skip(1)
                .step_by(2)
                .flat_map(str::split_whitespace),
        );
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(record["expanded"], expanded, "{args:?}");
        checked += 1;
    }
    assert_eq!(checked, 5, "rows checked");
}
