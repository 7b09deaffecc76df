//! `docs/teaching.md` shows real output of planbox. These tests run every
//! command the document shows and check that the figures it prints are the
//! ones planbox prints today, so that the walkthrough cannot drift from the
//! program. Times, rates and memory vary between machines and are not
//! compared; nor are searches cut off by a time limit.

use crate::common::{planbox, root};
use serde_json::Value;
use std::path::Path;

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
        "horizons tried" => "horizons_tried",
        "makespan" => "makespan",
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
        // The header names the columns: `bfs  progression  regression ...`.
        let engines: Vec<&str> = run.lines[0]
            .split_whitespace()
            .filter(|w| ["progression", "regression", "bidirectional", "sat"].contains(w))
            .collect();
        let n = engines.len();
        assert!(n >= 2, "{args:?}: no engine columns in `{}`", run.lines[0]);
        for line in &run.lines {
            // `label  progression  regression  ...`, the label possibly
            // several words.
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() < n + 1 {
                continue;
            }
            let label = words[..words.len() - n].join(" ");
            let Some(key) = json_key(&label) else {
                continue;
            };
            for (side, shown) in engines.iter().zip(&words[words.len() - n..]) {
                let actual = shown_value(&both[side][key]);
                // `null` is `n/a` where the counter does not apply.
                let na = *shown == "n/a" && actual == "-";
                assert!(*shown == actual || na, "{args:?}: {side} {label}: {shown}");
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
        // A shown run that says it found no plan (IW) ends with exit code 12.
        let incomplete = (run.lines.iter()).any(|l| l.starts_with("Search stopped without"));
        let expected = if incomplete { 12 } else { 0 };
        assert_eq!(out.status.code(), Some(expected), "{args:?}");
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

/// The rows of every Markdown table whose header starts with `header`: the
/// header's cells, then each row's cells.
fn tables(doc: &str, header: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let cells = |l: &str| -> Vec<String> {
        let inner = l.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split('|').map(|c| c.trim().to_string()).collect()
    };
    let lines: Vec<&str> = doc.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with(header) {
            continue;
        }
        let rows: Vec<Vec<String>> = lines[i + 2..]
            .iter()
            .take_while(|l| l.starts_with('|'))
            .map(|l| cells(l))
            .collect();
        // A short row would be checked only as far as it goes.
        let header = cells(line);
        for row in &rows {
            assert_eq!(row.len(), header.len(), "{line}\n{row:?}");
        }
        found.push((header, rows));
    }
    found
}

/// The words between backticks in a table cell.
fn code(cell: &str) -> Vec<&str> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(str::split_whitespace)
        .collect()
}

/// The tables of Experiment 5 whose rows are `planbox solve` runs: each
/// column headed by a `--json` key shows that key's value.
#[test]
fn the_push_level_tables_show_todays_figures() {
    let doc = doc();
    let found = tables(&doc, "| planbox solve |");
    assert_eq!(
        found.len(),
        4,
        "the rule table, the algorithm table, the directions table and the features table"
    );
    let mut checked = 0;
    for (header, rows) in found {
        for row in rows {
            let words = code(&row[0]);
            let file = format!("problems/sokoban/{}", words[0]);
            let mut args = vec!["solve", &file, "--json"];
            args.extend(&words[1..]);
            let out = planbox(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
            for (key, shown) in header.iter().zip(&row).skip(1) {
                assert_eq!(*shown, shown_value(&record[key]), "{args:?}: {key}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 80, "only {checked} figures checked");
}

/// The three engines side by side: the PDDL figures from `compare --search
/// bfs` on the level's translation, the push-level ones from `solve
/// --optimize pushes --search bfs`.
#[test]
fn the_three_engine_table_shows_todays_figures() {
    let doc = doc();
    let found = tables(&doc, "| level | steps |");
    assert_eq!(found.len(), 1);
    let (header, rows) = &found[0];
    let mut checked = 0;
    for row in rows {
        let words = code(&row[0]);
        let (file, index) = (words[0], words[1]);
        let xsb = format!("problems/sokoban/{file}");
        let pddl = match file {
            "teaching.xsb" => {
                let text = std::fs::read_to_string(root().join(&xsb)).expect("levels");
                let collection = planbox::sokoban::xsb::parse(Path::new(file), &text);
                let k: usize = index.parse().expect("level number");
                let title = collection.entries()[k - 1].title.clone().expect("title");
                format!("problems/sokoban/teaching/teaching-{title}.pddl")
            }
            "microban.xsb" => format!(
                "problems/sokoban/microban/microban-{:03}.pddl",
                index.parse::<usize>().expect("level number")
            ),
            other => panic!("no PDDL translation for {other}"),
        };
        let out = planbox(&["compare", &pddl, "--search", "bfs", "--json"]);
        assert_eq!(out.status.code(), Some(0), "{pddl}");
        let pddl_run: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let args = [
            "solve",
            &xsb,
            "--level",
            index,
            "--optimize",
            "pushes",
            "--search",
            "bfs",
            "--json",
        ];
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let push_run: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for (column, shown) in header.iter().zip(row).skip(1) {
            let actual = match column.as_str() {
                "steps" => &pddl_run["progression"]["length"],
                "progression expanded" => &pddl_run["progression"]["expanded"],
                "regression expanded" => &pddl_run["regression"]["expanded"],
                "pushes" | "moves" | "expanded" => &push_run[column.as_str()],
                _ => continue,
            };
            assert_eq!(*shown, shown_value(actual), "{file} {index}: {column}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} figures checked");
}
