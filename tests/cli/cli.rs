//! Runs the real `planbox` binary on bundled problems: domain lookup, the
//! figures of `ground`, and exit codes.

use crate::common::{command, json, planbox, planbox_in, root, root_path, scratch, stderr, stdout};
use std::path::Path;
use std::process::Output;

#[test]
fn ground_finds_domain_pddl_beside_the_problem() {
    let out = planbox(&["ground", "problems/ipc/gripper/prob01.pddl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Ground operators: 34"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn ground_json_has_the_documented_keys() {
    let out = planbox(&[
        "ground",
        "--json",
        "problems/ipc/sokoban-sat08-strips/domain.pddl",
        "problems/ipc/sokoban-sat08-strips/p01.pddl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = json(&out);
    assert_eq!(record["operators"], 102);
    for key in ["objects", "facts", "static_facts", "operators", "time_s"] {
        assert!(record.get(key).is_some(), "missing key {key} in {record}");
    }
    // The total covers its stages.
    let time = |key: &str| {
        record[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key}: {record}"))
    };
    let stages: f64 = [
        "parse_time_s",
        "lifted_time_s",
        "reachability_time_s",
        "instantiate_time_s",
    ]
    .iter()
    .map(|k| time(k))
    .sum();
    assert!(time("time_s") >= stages, "{record}");
}

#[test]
fn ground_dump_prints_every_operator() {
    let out = planbox(&["ground", "--dump", "problems/ipc/gripper/prob01.pddl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // 34, as Fast Downward's translator: `move rooma rooma` changes nothing.
    assert_eq!(text.matches("(:action ").count(), 34);
    assert!(text.contains("(:action move rooma roomb"), "{text}");
}

#[test]
fn domain_lookup_follows_fast_downward_names() {
    let src = root().join("problems/ipc/gripper");
    for (domain_name, problem_name) in [
        ("domain_p1.pddl", "p1.pddl"),
        ("p1-domain.pddl", "p1.pddl"),
        ("domain-p1.pddl", "p1.pddl"),
    ] {
        let dir = scratch(&format!("lookup-{domain_name}"));
        std::fs::copy(src.join("domain.pddl"), dir.join(domain_name)).expect("copy");
        std::fs::copy(src.join("prob01.pddl"), dir.join(problem_name)).expect("copy");
        let problem = dir.join(problem_name);
        let out = planbox(&["ground", "--json", problem.to_str().expect("utf-8 path")]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{domain_name}: {}",
            stderr(&out)
        );
        assert_eq!(json(&out)["operators"], 34);
    }
}

#[test]
fn missing_domain_says_what_was_looked_for() {
    let dir = scratch("lookup-none");
    let problem = dir.join("p1.pddl");
    std::fs::copy(root().join("problems/ipc/gripper/prob01.pddl"), &problem).expect("copy");
    let out = planbox(&["ground", problem.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(31));
    let err = stderr(&out);
    assert!(err.contains("no domain file given"), "{err}");
    assert!(
        err.contains("`domain.pddl`") && err.contains("`domain_p1.pddl`"),
        "{err}"
    );
}

#[test]
fn unreadable_file_is_invalid_input() {
    let out = planbox(&["check", "no/such/domain.pddl"]);
    assert_eq!(out.status.code(), Some(31));
    assert!(stderr(&out).contains("domain file `no/such/domain.pddl` does not exist"));
}

/// A problem that is not there is reported as such, not as a missing
/// domain; a folder is not a file; `check` finds a problem's domain as `plan`
/// does.
#[test]
fn a_missing_problem_is_named_before_any_domain_lookup() {
    for verb in ["plan", "ground", "check", "invariants"] {
        let out = planbox(&[verb, "missing.pddl"]);
        assert_eq!(out.status.code(), Some(31), "{verb}");
        let err = stderr(&out);
        let what = if verb == "check" { "domain" } else { "problem" };
        assert!(
            err.contains(&format!("{what} file `missing.pddl` does not exist")),
            "{verb}: {err}"
        );
        assert!(!err.contains("no domain file given"), "{verb}: {err}");
    }
    let out = planbox(&["plan", "problems"]);
    assert_eq!(out.status.code(), Some(31));
    assert!(
        stderr(&out).contains("problem file `problems` is a folder, not a file"),
        "{}",
        stderr(&out)
    );
    let out = planbox(&["validate", "problems/ipc/gripper/prob01.pddl", "nope.plan"]);
    assert_eq!(out.status.code(), Some(31));
    assert!(
        stderr(&out).contains("plan file `nope.plan`"),
        "{}",
        stderr(&out)
    );
    let out = planbox(&["check", "problems/ipc/gripper/prob01.pddl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("domain.pddl: domain `gripper-strips` ok")
            && text.contains("prob01.pddl: problem `strips-gripper-x-1` ok"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    // `plan`'s log ends with its exit code, whatever the error.
    for args in [
        &["plan", "--search", "bogus", "x.pddl"][..],
        &["plan", "--weight", "2"],
    ] {
        let out = planbox(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stdout(&out).lines().last(),
            Some("search exit code: 2"),
            "{args:?}"
        );
    }
    let out = planbox(&["ground"]);
    assert_eq!(out.status.code(), Some(2));
    let out = planbox(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn check_accepts_a_valid_domain_and_problem() {
    let out = planbox(&[
        "check",
        "problems/ipc/childsnack-opt14-strips/domain.pddl",
        "problems/ipc/childsnack-opt14-strips/child-snack_pfile01.pddl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("domain `child-snack` ok"),
        "{}",
        stdout(&out)
    );
}

/// `check` counts types, not declarations: IPC 2006 Storage's `area` is
/// declared twice (under `object`, then under `surface`) and is one type;
/// `object` is not counted.
#[test]
fn check_counts_each_type_once() {
    let out = planbox(&["check", "tests/data/types/storage-domain.pddl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("ok (9 types, 5 predicates, 2 actions)"),
        "{}",
        stdout(&out)
    );
}

/// Fast Downward's driver deletes old plans before it searches, so that a
/// script never reads an old plan as new; planbox does too, for `sas_plan`
/// and `--plan-file F`, with the numbered plans of an anytime search, and
/// says so in its log.
#[test]
fn old_plan_files_are_removed_before_the_search() {
    let dir = scratch("stale-plans");
    for name in ["sas_plan", "sas_plan.7", "sas_plan.1x"] {
        std::fs::write(dir.join(name), "(old plan)\n").expect("write");
    }
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let out = planbox_in(
        &dir,
        &["plan", "--alias", "lama", "--time-limit", "20", &gripper],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let log = stdout(&out);
    assert!(
        log.contains("Removed old plan files: sas_plan, sas_plan.7"),
        "{log}"
    );
    assert!(!dir.join("sas_plan").exists() && !dir.join("sas_plan.7").exists());
    assert!(dir.join("sas_plan.1x").exists(), "not a plan file of ours");
    let plan = dir.join("sas_plan.1");
    let check = planbox(&["validate", &gripper, plan.to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));

    // A run that finds no plan leaves no old one behind either.
    std::fs::write(dir.join("my.plan"), "(old plan)\n").expect("write");
    std::fs::write(dir.join("my.plan.3"), "(old plan)\n").expect("write");
    let blocks = root_path("problems/ipc/blocks/domain.pddl");
    let cycle = root_path("tests/data/solve/blocks-cycle.pddl");
    let out = planbox_in(
        &dir,
        &[
            "plan",
            "--search",
            "bfs",
            "--plan-file",
            "my.plan",
            &blocks,
            &cycle,
        ],
    );
    assert_eq!(out.status.code(), Some(11), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Removed old plan files: my.plan, my.plan.3"),
        "{}",
        stdout(&out)
    );
    assert!(!dir.join("my.plan").exists() && !dir.join("my.plan.3").exists());
}

/// Every output path is checked before any work: a path under a regular
/// file cannot be written (even by root), and the run stops at once with
/// exit 31 naming it, before grounding or searching.
#[test]
fn an_unwritable_output_fails_before_any_work() {
    let dir = scratch("unwritable");
    std::fs::write(dir.join("file"), "").expect("write");
    let bad = |name: &str| dir.join("file").join(name).display().to_string();
    // A problem that takes blind A* seconds: a search would show in the log.
    let depot = root_path("problems/ipc/depot/p03.pddl");
    let blind = ["--search", "astar", "--heuristic", "blind"];
    let plan_file = bad("x.plan");
    let dot = bad("g.dot");
    let cnf = bad("f.cnf");
    let page = bad("x.html");
    let sokoban = root_path("problems/sokoban/teaching/teaching-lvl0.pddl");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            [&["plan", "--plan-file", &plan_file][..], &blind, &[&depot]].concat(),
            "plan file",
        ),
        (
            [&["plan", "--dot", &dot][..], &blind, &[&depot]].concat(),
            "graph file",
        ),
        (
            vec![
                "plan",
                "--engine",
                "sat",
                "--horizon",
                "2",
                "--dump-cnf",
                &cnf,
                &sokoban,
            ],
            "CNF file",
        ),
        (
            [
                &["compare", "--html", &page, "--time-limit", "30"][..],
                &blind,
                &[&depot],
            ]
            .concat(),
            "page",
        ),
    ];
    for (args, what) in cases {
        let out = planbox_in(&dir, &args);
        assert_eq!(out.status.code(), Some(31), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("cannot write {what} `")), "{err}");
        assert!(!stdout(&out).contains("Expanded"), "searched: {args:?}");
        // The same with --json: one record, the error in it.
        if args[0] == "plan" {
            let mut json_args = args.clone();
            json_args.insert(1, "--json");
            let out = planbox_in(&dir, &json_args);
            let record = json(&out);
            assert_eq!(record["exit_code"], 31, "{record}");
            assert!(
                record["error"].as_str().is_some_and(|e| e.contains(what)),
                "{record}"
            );
        }
    }
}

/// A plan whose file cannot be written after all (here `/dev/full`, which
/// opens but takes no bytes) is not lost: it is printed on stdout, or kept in
/// the `--json` record, and the error goes to stderr.
#[cfg(target_os = "linux")]
#[test]
fn a_plan_that_cannot_be_written_is_printed_instead() {
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let out = planbox(&["plan", "--plan-file", "/dev/full", &gripper]);
    assert_eq!(out.status.code(), Some(31), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot write plan file `/dev/full`"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    let steps: Vec<&str> = text.lines().filter(|l| l.starts_with("(")).collect();
    assert!(
        text.contains(&format!("Plan length: {} step(s).", steps.len())),
        "the plan on stdout: {text}"
    );
    assert!(!text.contains("Plan written to"), "{text}");
    // Replay what was printed: it is the plan.
    let dir = scratch("dev-full");
    let saved = dir.join("printed.plan");
    std::fs::write(&saved, steps.join("\n")).expect("write");
    let check = planbox(&["validate", &gripper, saved.to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));

    let out = planbox(&["plan", "--json", "--plan-file", "/dev/full", &gripper]);
    assert_eq!(out.status.code(), Some(31));
    let record = json(&out);
    assert_eq!(record["outcome"], "plan");
    assert_eq!(record["exit_code"], 31);
    assert_eq!(
        record["plan"].as_array().map(Vec::len),
        record["length"].as_u64().map(|n| n as usize),
        "{record}"
    );
    assert_eq!(record["plan_file"], serde_json::Value::Null, "{record}");

    // An anytime search writes PLAN.1, ...: here PLAN.1 leads to /dev/full.
    let plan = dir.join("lama.plan");
    std::os::unix::fs::symlink("/dev/full", dir.join("lama.plan.1")).expect("symlink");
    let plan = plan.to_str().expect("utf-8");
    let out = planbox(&[
        "plan",
        "--alias",
        "lama",
        "--plan-file",
        plan,
        "--time-limit",
        "20",
        &gripper,
    ]);
    assert_eq!(out.status.code(), Some(31), "{}", stderr(&out));
    assert!(stderr(&out).contains("lama.plan.1"), "{}", stderr(&out));
    let printed = stdout(&out).lines().filter(|l| l.starts_with("(")).count();
    assert!(
        stdout(&out).contains(&format!("Plan length: {printed} step(s).")),
        "{}",
        stdout(&out)
    );
}

/// Every `--json` run prints exactly one record on stdout, whatever went
/// wrong, with its outcome and exit code, so a script can always parse it.
#[test]
fn every_json_run_prints_one_record_with_its_exit_code() {
    let dir = scratch("json-errors");
    let bad = dir.join("bad.pddl");
    std::fs::write(
        &bad,
        "(define (domain x)\n  (:action a :parameters (?x) :effect (p ?x))\n",
    )
    .expect("write");
    let bad = bad.display().to_string();
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let cnf = dir.join("f.cnf").display().to_string();
    let runs: Vec<(Vec<&str>, i32, &str)> = vec![
        (vec!["plan", "--json", &gripper], 0, "plan"),
        (vec!["plan", "--json", &bad, &gripper], 31, "input_error"),
        (vec!["plan", "--json", "missing.pddl"], 31, "input_error"),
        (
            vec!["plan", "--json", "--weight", "3", &gripper],
            2,
            "usage_error",
        ),
        (
            vec!["plan", "--json", "--search", "nonsense", &gripper],
            2,
            "usage_error",
        ),
        (
            vec!["plan", "--json", "--memory-limit", "1", &gripper],
            2,
            "usage_error",
        ),
        (vec!["ground", "--json", &gripper], 0, "ok"),
        (
            vec!["ground", "--json", "--dump", &gripper],
            2,
            "usage_error",
        ),
        (
            vec![
                "plan",
                "--json",
                "--engine",
                "sat",
                "--horizon",
                "2",
                "--dump-cnf",
                &cnf,
                &gripper,
            ],
            0,
            "formula_written",
        ),
        (
            vec![
                "plan",
                "--json",
                "--search",
                "bfs",
                "--time-limit",
                "0",
                &gripper,
            ],
            23,
            "out_of_time",
        ),
        (vec!["ground", "--json", "missing.pddl"], 31, "input_error"),
        (vec!["invariants", "--json", &gripper], 0, "ok"),
        (
            vec!["invariants", "--json", &bad, &gripper],
            31,
            "input_error",
        ),
        (vec!["compare", "--json", "missing.pddl"], 31, "input_error"),
        (
            vec!["compare", "--json", "--engines", "progression", &gripper],
            0,
            "compared",
        ),
    ];
    for (args, code, outcome) in runs {
        let out = planbox(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{args:?}: one line: {text}");
        let record = json(&out);
        assert_eq!(record["outcome"], outcome, "{args:?}: {record}");
        assert_eq!(record["exit_code"], code, "{args:?}: {record}");
        let error = record.get("error").expect("every record has `error`");
        assert_eq!(
            error.is_null(),
            code == 0 || code == 23,
            "{args:?}: {record}"
        );
        if code != 0 {
            let error = record["error"].as_str().unwrap_or_default();
            assert!(!error.ends_with(':'), "the whole message: {record}");
            // The record says what stderr says (on one line).
            let said: String = stderr(&out)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let first = error.lines().next().unwrap_or_default();
            assert!(said.contains(first), "{args:?}: {record}\n{said}");
        }
    }
}

/// The help says what the program does: the SAT engine is one of `plan`'s
/// and `compare`'s, `--trace` prints in the log, usage lines name the files.
#[test]
fn the_help_names_what_each_verb_takes() {
    let text = |args: &[&str]| stdout(&planbox(args));
    let top = text(&["--help"]);
    assert!(top.contains("search, or SAT) and write it"), "{top}");
    assert!(
        top.contains("bidirectional search and SAT with the same settings"),
        "{top}"
    );
    let plan = text(&["plan", "--help"]);
    assert!(
        plan.contains("Usage: planbox plan [OPTIONS] [DOMAIN] PROBLEM"),
        "{plan}"
    );
    assert!(plan.contains("to a SAT solver"), "--engine: {plan}");
    assert!(!plan.contains("--trace-limit) on stderr"), "{plan}");
    // compare's help says what compare does with the options it shares.
    let compare = text(&["compare", "--help"]);
    assert!(!compare.contains("--dump-cnf"), "{compare}");
    assert!(compare.contains("g.progression.dot"), "{compare}");
    assert!(compare.contains("compare itself exits 0"), "{compare}");
    assert!(
        compare.contains("regression on stderr"),
        "--trace: {compare}"
    );
    let validate = text(&["validate", "--help"]);
    assert!(
        validate.contains("Usage: planbox validate [DOMAIN] PROBLEM PLAN"),
        "{validate}"
    );
}

/// The processes whose command line mentions `marker`, with their parents.
#[cfg(target_os = "linux")]
fn processes_mentioning(marker: &str) -> Vec<(u32, u32)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        // `stat`: `pid (name) state ppid ...`; the name may hold spaces.
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let mut fields = after.split_whitespace();
        let state = fields.next().unwrap_or("");
        let ppid = fields.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        if state != "Z" && String::from_utf8_lossy(&cmdline).contains(marker) {
            found.push((pid, ppid));
        }
    }
    found
}

/// SIGTERM or Ctrl-C (SIGINT) to `compare` ends the search it is running in
/// a child process, reaps it, and exits 128 + the signal, as a shell reports
/// a process killed by it: no orphan goes on searching.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_compare_ends_its_children() {
    use std::time::{Duration, Instant};
    for (signal, code, name) in [(libc::SIGTERM, 143, "term"), (libc::SIGINT, 130, "int")] {
        // A folder of its own: its name marks the child's command line.
        let dir = scratch(&format!("compare-signal-{name}-{}", std::process::id()));
        let src = root().join("problems/ipc/sokoban-opt08-strips");
        for file in ["domain.pddl", "p05.pddl"] {
            std::fs::copy(src.join(file), dir.join(file)).expect("copy");
        }
        let marker = dir.to_str().expect("utf-8 path").to_string();
        // Regression with h_max takes minutes on p05 (the limit is a
        // safety net).
        let mut cmd = command();
        // Progression finishes in a second; regression runs on.
        cmd.args(["compare", "--engines", "progression,regression,sat"])
            .args([
                "--search",
                "astar",
                "--heuristic",
                "hmax",
                "--time-limit",
                "30",
            ])
            .arg(dir.join("p05.pddl"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null());
        // A script's background job starts with SIGINT ignored, and
        // compare keeps it so: give it the terminal's default.
        // SAFETY: `signal` is async-signal-safe and allocates nothing.
        unsafe {
            use std::os::unix::process::CommandExt;
            cmd.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut compare = cmd.spawn().expect("compare starts");
        let pid = compare.id();
        let start = Instant::now();
        // The arguments are NUL-separated; "progression" contains
        // "regression", so match the whole argument.
        let regression = |p: u32| {
            std::fs::read(format!("/proc/{p}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains("--engine\0regression\0"))
        };
        let child = loop {
            let children: Vec<u32> = processes_mentioning(&marker)
                .into_iter()
                .filter(|&(p, ppid)| ppid == pid && p != pid && regression(p))
                .map(|(p, _)| p)
                .collect();
            if let Some(&c) = children.first() {
                break c;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "no regression child started"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // Let it get into its search.
        std::thread::sleep(Duration::from_millis(300));
        // SAFETY: `kill` has no memory-safety preconditions; `pid` is our
        // child, not yet waited for.
        unsafe {
            libc::kill(pid as libc::pid_t, signal);
        }
        let deadline = Instant::now() + Duration::from_secs(3);
        let status = loop {
            if let Some(status) = compare.try_wait().expect("wait") {
                break Some(status);
            }
            if Instant::now() > deadline {
                let _ = compare.kill();
                let _ = compare.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // Give an orphan a moment to show itself, then make sure none
        // goes on burning CPU after the test.
        std::thread::sleep(Duration::from_millis(200));
        let left = processes_mentioning(&marker);
        for &(p, _) in &left {
            // SAFETY: as above; the process mentions our own scratch folder.
            unsafe {
                libc::kill(p as libc::pid_t, libc::SIGKILL);
            }
        }
        let status = status.expect("compare ended within 3 s of the signal");
        assert_eq!(status.code(), Some(code), "{name}: {status:?}");
        assert!(
            left.is_empty(),
            "{name}: the child {child} survived compare: {left:?}"
        );
        // The column that finished is not lost: the table is printed.
        let mut table = String::new();
        std::io::Read::read_to_string(&mut compare.stdout.take().expect("piped"), &mut table)
            .expect("stdout");
        let outcomes = table
            .lines()
            .find(|l| l.starts_with("outcome"))
            .unwrap_or_default();
        let cells: Vec<&str> = outcomes.split_whitespace().collect();
        assert_eq!(
            cells,
            ["outcome", "plan", "stopped", "skipped"],
            "{name}: {table}"
        );
    }
}

const LVL0: &str = "problems/sokoban/teaching/teaching-lvl0.pddl";

/// `compare --alias` runs Fast Downward's forward configuration in the
/// progression column, end to end; the backward searches, which cannot run
/// it, say `skipped` and why; the SAT engine runs as always. The anytime
/// `lama` writes no plan files: its plans are in the record.
#[test]
fn compare_runs_an_alias_in_the_progression_column() {
    let out = planbox(&[
        "compare",
        LVL0,
        "--engines",
        "progression",
        "--alias",
        "lama-first",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let r = &json(&out)["progression"];
    assert_eq!(r["alias"], "lama-first", "{r}");
    assert_eq!(r["search"], "lazy-gbfs", "{r}");
    assert_eq!(r["heuristic"], "hff,lmcount", "{r}");
    assert_eq!(r["unit_cost_search"], true, "{r}");
    assert_eq!(r["cost"], 13, "{r}");

    let dir = scratch("compare-alias-lama");
    let level = root().join(LVL0);
    let out = command()
        .args(["compare", "--alias", "lama", "--json"])
        .arg(&level)
        .current_dir(&dir)
        .output()
        .expect("the planbox binary runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = json(&out);
    let r = &all["progression"];
    assert_eq!(r["alias"], "lama", "{r}");
    assert_eq!(r["outcome"], "plan", "{r}");
    assert!(
        r["plan_costs"].as_array().is_some_and(|c| !c.is_empty()),
        "{r}"
    );
    assert_eq!(r["plan_file"], serde_json::Value::Null, "{r}");
    for engine in ["regression", "bidirectional"] {
        assert_eq!(all[engine]["outcome"], "skipped", "{engine}");
        let reason = all[engine]["reason"].as_str().expect("a reason");
        assert!(
            reason.contains("`--alias lama` is a forward search"),
            "{reason}"
        );
    }
    assert_eq!(all["sat"]["outcome"], "plan");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scratch")
        .flatten()
        .collect();
    assert!(files.is_empty(), "compare wrote {:?}", files[0].path());
}

/// `compare --alias optimal` runs the optimal alias in the progression column
/// (A* over saturated cost partitioning, after h² preprocessing both ways)
/// and finds the optimum, 13, which A* with LM-cut finds; the backward
/// searches say `skipped`. `--h2-preprocess both` reaches every engine that
/// runs: each record says what the preprocessing removed.
#[test]
fn compare_runs_the_optimal_alias_and_preprocesses_for_every_engine() {
    let out = planbox(&["compare", LVL0, "--alias", "optimal", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = json(&out);
    let r = &all["progression"];
    assert_eq!(
        (&r["alias"], &r["search"], &r["heuristic"]),
        (&"optimal".into(), &"astar".into(), &"scp".into()),
        "{r}"
    );
    assert_eq!(
        (&r["cost"], &r["h2_preprocess"]),
        (&13.into(), &"both".into())
    );
    assert!(r["heuristic_bytes"].as_u64() > Some(0), "{r}");
    for engine in ["regression", "bidirectional"] {
        assert_eq!(all[engine]["outcome"], "skipped", "{engine}");
    }

    let out = planbox(&["compare", LVL0, "--h2-preprocess", "both", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all = json(&out);
    for engine in ["progression", "regression", "sat"] {
        let r = &all[engine];
        assert_eq!(r["outcome"], "plan", "{engine}: {r}");
        assert_eq!(r["h2_preprocess"], "both", "{engine}: {r}");
        assert_eq!(r["h2_removed_operators_backward"], 11, "{engine}: {r}");
    }
}

/// Each option is checked against the engines chosen, and each message names
/// an option `compare` has (`--engines`, not `plan`'s `--engine`).
#[test]
fn compare_checks_options_against_the_engines_chosen() {
    // Regression cannot take hff, but it was not chosen.
    let out = planbox(&[
        "compare",
        LVL0,
        "--engines",
        "progression",
        "--search",
        "astar",
        "--heuristic",
        "hff",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for (args, said) in [
        (
            &["--search", "astar", "--heuristic", "hff"][..],
            "(for the regression column; `--engines progression,bidirectional,sat` leaves it out)",
        ),
        (
            &["--engines", "regression", "--alias", "lama-first"],
            "`--alias` only applies to progression, and `--engines regression` does not run it",
        ),
        (
            &["--engines", "progression", "--mutex", "h2"],
            "`--mutex` only applies to regression, bidirectional and sat, and \
             `--engines progression` runs none of them",
        ),
        (
            &["--engines", "sat", "--heuristic", "hff"],
            "`--heuristic` only applies to progression and regression, and `--engines sat` \
             runs neither",
        ),
    ] {
        let out = planbox(&[&["compare", LVL0], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("`--engine "), "{args:?}: {err}");
    }
}

/// The row of the table whose label is `label`: its cells, split on the
/// two spaces between columns.
fn row(table: &str, label: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.starts_with(&format!("{label}  ")))
        .unwrap_or_else(|| panic!("no row `{label}` in\n{table}"));
    line[label.len()..]
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

/// Each column of `compare`'s table names what its engine ran (regression's
/// default heuristic is hadd, not progression's hff; an alias shows its
/// configuration), and a counter that does not apply to an engine says
/// `n/a`, as `null` in `--json`.
#[test]
fn compare_names_what_each_engine_ran() {
    let out = planbox(&["compare", LVL0]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = stdout(&out);
    assert_eq!(
        row(&table, "search"),
        ["gbfs hff", "gbfs hadd", "-", "sat exists-step"],
        "{table}"
    );
    let expanded = row(&table, "expanded");
    assert_eq!(expanded[3], "n/a", "{table}");
    assert!(expanded[0].parse::<u64>().is_ok(), "{table}");
    assert_eq!(row(&table, "expansions per second")[3], "n/a", "{table}");
    assert_eq!(row(&table, "pruned: invariant")[0], "n/a", "{table}");
    assert_eq!(row(&table, "makespan")[0], "n/a", "{table}");
    assert_eq!(row(&table, "makespan")[3], "13", "{table}");

    let out = planbox(&["compare", LVL0, "--engines", "sat", "--json"]);
    let sat = &json(&out)["sat"];
    for key in [
        "expanded",
        "generated",
        "evaluated",
        "expansions_per_s",
        "duplicates",
    ] {
        assert_eq!(sat[key], serde_json::Value::Null, "{key}: {sat}");
    }
    assert_eq!(sat["makespan"], 13);

    let out = planbox(&[
        "compare",
        LVL0,
        "--alias",
        "lama-first",
        "--engines",
        "progression,sat",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = stdout(&out);
    assert_eq!(
        row(&table, "search"),
        ["lama-first: lazy-gbfs hff,lmcount", "sat exists-step"],
        "{table}"
    );
    // NOLAN and the anytime `sat` too: the alias, then its searches (`sat`:
    // Dual-BFWS, the plan's neighbourhood, then LAMA's unit-cost greedy
    // search bounded by the best plan).
    for (alias, search) in [
        ("nolan", "nolan: lazy-gbfs hff,lmcount"),
        (
            "sat",
            "sat: dual-bfws then neighbourhood then lazy-gbfs then lazy-wastar",
        ),
    ] {
        let out = planbox(&[
            "compare",
            LVL0,
            "--alias",
            alias,
            "--engines",
            "progression",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let table = stdout(&out);
        let cell = &row(&table, "search")[0];
        assert!(cell.starts_with(search), "{alias}: {table}");
        assert_eq!(row(&table, "outcome"), ["plan"], "{table}");
    }
}

/// A record names only a file it wrote, and counters that mean nothing for
/// its engine are null, not 0: the SAT engine expands no states.
#[test]
fn json_records_name_only_real_files_and_counts() {
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let out = planbox(&[
        "plan",
        "--json",
        "--alias",
        "lama",
        "--plan-file",
        "-",
        &gripper,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = json(&out);
    assert_eq!(record["plan_file"], serde_json::Value::Null, "{record}");
    assert!(
        record["plan"].as_array().is_some_and(|p| !p.is_empty()),
        "{record}"
    );
    let out = planbox(&[
        "plan",
        "--json",
        "--engine",
        "sat",
        "--plan-file",
        "-",
        &gripper,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = json(&out);
    for key in [
        "expanded",
        "generated",
        "evaluated",
        "irrelevant",
        "forward_expanded",
    ] {
        assert_eq!(record[key], serde_json::Value::Null, "{key}: {record}");
    }
    assert!(
        record["horizons_tried"].as_u64().is_some_and(|n| n > 0),
        "{record}"
    );
    let out = planbox(&["plan", "--json", "--plan-file", "-", &gripper]);
    let record = json(&out);
    assert!(
        record["expanded"].as_u64().is_some_and(|n| n > 0),
        "{record}"
    );
    assert_eq!(
        record["horizons_tried"],
        serde_json::Value::Null,
        "{record}"
    );
    assert_eq!(
        record["irrelevant"],
        serde_json::Value::Null,
        "progression: {record}"
    );
}

/// `lurd` on a problem that is not Sokoban says so first, then where.
#[test]
fn lurd_on_another_domain_says_it_is_not_sokoban() {
    let dir = scratch("lurd-gripper");
    let plan = dir.join("plan");
    std::fs::write(&plan, "(move rooma roomb)\n").expect("write");
    let out = planbox(&[
        "lurd",
        "problems/ipc/gripper/prob01.pddl",
        plan.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(31));
    let err = stderr(&out);
    assert!(
        err.starts_with(
            "error: `problems/ipc/gripper/prob01.pddl` is not a Sokoban problem (from `planbox \
             xsb2pddl` or IPC Sokoban): `rooma` is not a cell name"
        ),
        "{err}"
    );
    assert!(err.contains("prob01.pddl:13:11"), "{err}");
}

/// No output may be an input: `--plan-file`, `--dot`, `--dump-cnf` and
/// `--html` naming the problem or the domain (also a domain found beside the
/// problem, which old plans' removal would delete) are usage errors, and
/// the files stay as they were.
#[test]
fn no_output_overwrites_an_input_file() {
    let dir = scratch("inputs-kept");
    let src = root().join("problems/ipc/gripper");
    for name in ["domain.pddl", "prob01.pddl"] {
        std::fs::copy(src.join(name), dir.join(name)).expect("copy");
    }
    let before = |name: &str| std::fs::read(dir.join(name)).expect("read");
    let (domain, problem) = (before("domain.pddl"), before("prob01.pddl"));
    let runs: [&[&str]; 6] = [
        &["plan", "--plan-file", "domain.pddl", "prob01.pddl"],
        &["plan", "--plan-file", "prob01.pddl", "prob01.pddl"],
        &["plan", "--dot", "prob01.pddl", "domain.pddl", "prob01.pddl"],
        &[
            "plan",
            "--engine",
            "sat",
            "--horizon",
            "2",
            "--dump-cnf",
            "prob01.pddl",
            "prob01.pddl",
        ],
        &["compare", "--html", "domain.pddl", "prob01.pddl"],
        &[
            "compare",
            "--dot",
            "x.dot",
            "--engines",
            "progression",
            "prob01.pddl",
        ],
    ];
    for (i, args) in runs.iter().enumerate() {
        let out = planbox_in(&dir, args);
        if i == 5 {
            // x.progression.dot is no input: this one runs.
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("would overwrite the input file"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(before("domain.pddl"), domain, "{args:?}");
        assert_eq!(before("prob01.pddl"), problem, "{args:?}");
    }
}

/// Runs `planbox ARGS` in `dir` with stdout on `/dev/full`, which takes no
/// bytes (a full disk).
#[cfg(target_os = "linux")]
fn to_full_disk(dir: &Path, args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    command()
        .args(args)
        .current_dir(dir)
        .stdout(full)
        .output()
        .expect("the planbox binary runs")
}

/// A stdout that cannot be written is an error of one line and exit 31, not
/// a panic; `plan` still writes its plan file, complete and valid.
#[cfg(target_os = "linux")]
#[test]
fn a_stdout_that_cannot_be_written_is_an_error_not_a_panic() {
    let dir = scratch("stdout-full");
    let gripper = root_path("problems/ipc/gripper/prob01.pddl");
    let microban = root_path("problems/sokoban/microban.xsb");
    let runs: [&[&str]; 5] = [
        &["plan", &gripper],
        &["plan", "--json", "--plan-file", "j.plan", &gripper],
        &["ground", &gripper],
        &["xsb2pddl", &microban, "--level", "1"],
        &["solve", &microban, "--level", "1"],
    ];
    for args in runs {
        let out = to_full_disk(&dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(31), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write to stdout: "),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    for plan in ["sas_plan", "j.plan"] {
        let plan = dir.join(plan);
        let check = planbox(&["validate", &gripper, plan.to_str().expect("utf-8")]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    }
}
