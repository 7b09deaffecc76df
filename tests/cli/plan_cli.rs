//! `planbox plan` through the real binary: plan files, the log, `--json`,
//! limits, usage errors and exit codes.

use crate::common::{
    command, planbox, planbox_in, root_path, scratch, scratch_path, stderr, stdout,
};
use std::path::Path;
use std::process::Command;

const GRIPPER: &str = "problems/ipc/gripper/prob01.pddl";
const GRIPPER_DOMAIN: &str = "problems/ipc/gripper/domain.pddl";
const SOKOBAN_BIG: &str = "problems/ipc/sokoban-opt08-strips/p05.pddl";

#[test]
fn writes_sas_plan_that_validates() {
    let dir = scratch("plan-sas");
    let problem = root_path(GRIPPER);
    let out = planbox_in(
        &dir,
        &[
            "plan",
            "--search",
            "astar",
            "--heuristic",
            "blind",
            &problem,
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The log goes to stdout, as Fast Downward's does; stderr is for errors.
    let log = stdout(&out);
    assert_eq!(stderr(&out), "");
    for line in [
        "Solution found!",
        "Plan length: 11 step(s).",
        "Plan cost: 11",
        "Expanded ",
        "Generated ",
        "Evaluated ",
        "Search time: ",
        "Total time: ",
        "Peak memory: ",
    ] {
        assert!(log.contains(line), "missing `{line}` in:\n{log}");
    }
    let plan = std::fs::read_to_string(dir.join("sas_plan")).expect("sas_plan written");
    assert_eq!(plan.lines().count(), 12);
    assert!(plan.ends_with("; cost = 11 (unit cost)\n"), "{plan}");
    let domain = root_path("problems/ipc/gripper/domain.pddl");
    let plan_path = dir.join("sas_plan");
    let check = planbox(&[
        "validate",
        &domain,
        &problem,
        plan_path.to_str().expect("utf-8"),
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn json_is_one_record_with_the_configuration_and_figures() {
    let out = planbox(&[
        "plan",
        "--search",
        "wastar",
        "--heuristic",
        "blind",
        "--weight",
        "3",
        "--json",
        "--plan-file",
        "-",
        GRIPPER,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let r: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(r["engine"], "progression");
    assert_eq!(r["search"], "wastar");
    assert_eq!(r["heuristic"], "blind");
    assert_eq!(r["weight"], 3);
    assert_eq!(r["outcome"], "plan");
    assert_eq!(r["length"], 11);
    assert_eq!(r["cost"], 11);
    assert_eq!(r["plan"].as_array().map(Vec::len), Some(11));
    assert_eq!(r["plan"][0], "(pick ball4 rooma left)");
    for key in ["expanded", "generated", "evaluated", "peak_memory_kb"] {
        assert!(r[key].as_u64().is_some(), "{key}: {r}");
    }
    // The total covers the search.
    let time = |key: &str| r[key].as_f64().unwrap_or_else(|| panic!("{key}: {r}"));
    assert!(time("total_time_s") >= time("search_time_s"), "{r}");
    let steps: Vec<&str> = (r["plan"].as_array().expect("plan").iter())
        .map(|s| s.as_str().expect("step"))
        .collect();
    validated(&(steps.join("\n") + "\n"), "json.plan");
}

/// Writes `plan` for Gripper prob01 and checks that `planbox validate` accepts it.
fn validated(plan: &str, name: &str) {
    // Not `scratch`, which empties the folder: tests run side by side.
    let dir = scratch_path("plan-cli-plans");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, plan).expect("write plan");
    let check = planbox(&[
        "validate",
        GRIPPER_DOMAIN,
        GRIPPER,
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(check.status.code(), Some(0), "{name}: {}", stdout(&check));
    assert!(stdout(&check).contains("Plan valid"), "{}", stdout(&check));
}

#[test]
fn plan_file_dash_prints_the_plan_on_stdout() {
    let out = planbox(&["plan", "--search", "bfs", "--plan-file", "-", GRIPPER]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 12, "{text}");
    assert!(text.starts_with('('), "{text}");
    validated(&text, "stdout.plan");
}

#[test]
fn outcomes_map_to_fast_downward_exit_codes() {
    let unsolvable = planbox(&[
        "plan",
        "--search",
        "bfs",
        "--plan-file",
        "-",
        "problems/ipc/blocks/domain.pddl",
        "tests/data/solve/blocks-cycle.pddl",
    ]);
    assert_eq!(
        unsolvable.status.code(),
        Some(11),
        "{}",
        stderr(&unsolvable)
    );
    assert!(stderr(&unsolvable).contains("Completely explored state space -- no solution!"));

    let incomplete = planbox(&["plan", "--search", "dfs", "--depth-limit", "3", GRIPPER]);
    assert_eq!(
        incomplete.status.code(),
        Some(12),
        "{}",
        stderr(&incomplete)
    );

    let json = planbox(&[
        "plan",
        "--search",
        "iddfs",
        "--depth-limit",
        "3",
        "--json",
        GRIPPER,
    ]);
    assert_eq!(json.status.code(), Some(12));
    let r: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    assert_eq!(r["outcome"], "incomplete");
    assert_eq!(r["depth_limit"], 3);
}

#[test]
fn a_tiny_memory_limit_stops_cleanly_with_exit_22() {
    // Below what the process holds before reading anything: refused at once,
    // naming what it holds, rather than ending in a puzzling exit 22.
    for tiny in ["0", "1"] {
        let out = planbox(&["plan", "--memory-limit", tiny, SOKOBAN_BIG]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!(
                "`--memory-limit {tiny}` is below what planbox uses"
            )) && err.contains("MB resident"),
            "{err}"
        );
        assert!(!stdout(&out).contains("Expanded"), "no search ran");
    }
    // Above that, but below what the search needs: it stops with its figures.
    let out = planbox(&[
        "plan",
        "--search",
        "astar",
        "--heuristic",
        "blind",
        "--memory-limit",
        "10",
        SOKOBAN_BIG,
    ]);
    assert_eq!(out.status.code(), Some(22), "{}", stderr(&out));
    let log = stdout(&out);
    assert!(log.contains("Memory limit reached"), "{log}");
    assert!(log.contains("Expanded "), "statistics so far: {log}");
    // A real limit: the search stops near it, not far beyond.
    let out = planbox(&[
        "plan",
        "--search",
        "bfs",
        "--memory-limit",
        "40",
        "--json",
        SOKOBAN_BIG,
    ]);
    assert_eq!(out.status.code(), Some(22), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["outcome"], "out_of_memory");
    let peak = r["peak_memory_kb"].as_u64().expect("peak memory");
    assert!(peak <= 40 * 1024, "peak {peak} KB above the 40 MB limit");
}

/// `--time-limit` counts CPU seconds, as Fast Downward's timers and the IPC's
/// limits do: a search stopped for 1.5 s (SIGSTOP) after a fifth of a second
/// is not charged for it, so after SIGCONT it works on for the rest of its
/// second, and the times it reports are CPU times. Charged by the wall clock,
/// it would stop at once.
#[cfg(unix)]
#[test]
fn the_time_limit_counts_cpu_time_not_time_spent_stopped() {
    stopped_for_a_while(&["--search", "astar", "--heuristic", "blind"]);
    // The SAT engine too, whose solver watches the clock between conflicts.
    stopped_for_a_while(&["--engine", "sat"]);
}

/// Runs `plan ARGS --time-limit 1` on the big Sokoban problem, stops it for
/// 1.5 s once it has used a fifth of a second, and checks that it was not
/// charged for the stop.
#[cfg(unix)]
fn stopped_for_a_while(args: &[&str]) {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let child = command()
        .arg("plan")
        .args(args)
        .args(["--time-limit", "1", "--json", "--plan-file", "-"])
        .arg(root_path(SOKOBAN_BIG))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the planbox binary runs");
    let signal = |name: &str| {
        let sent = Command::new("kill")
            .args([name, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill {name}");
    };
    // Stop it in the middle of its search: once it has used a fifth of a
    // second (clock ticks of user and system time in /proc, where there is one).
    let stat = format!("/proc/{}/stat", child.id());
    let waited = Instant::now();
    while waited.elapsed() < Duration::from_secs(10) {
        let Ok(text) = std::fs::read_to_string(&stat) else {
            std::thread::sleep(Duration::from_millis(400));
            break;
        };
        let after_name = &text[text.rfind(')').expect("stat has a name") + 1..];
        let ticks: u64 = (after_name.split_whitespace())
            .skip(11)
            .take(2)
            .map(|t| t.parse::<u64>().expect("a tick count"))
            .sum();
        if ticks >= 20 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    signal("-STOP");
    std::thread::sleep(Duration::from_millis(1500));
    let resumed = Instant::now();
    signal("-CONT");
    let out = child.wait_with_output().expect("planbox ends");
    let after = resumed.elapsed();
    assert_eq!(out.status.code(), Some(23), "{args:?}: {}", stderr(&out));
    assert!(
        after >= Duration::from_millis(500),
        "{args:?}: ended {after:?} after SIGCONT: the stopped time was charged"
    );
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let total = r["total_time_s"].as_f64().expect("total time");
    assert!(
        (0.9..1.4).contains(&total),
        "{args:?}: total_time_s {total}: not the CPU time of a one-second budget"
    );
}

/// An address-space rlimit, as Downward Lab and the IPC scripts set their
/// memory limit (`ulimit -v`), is the memory limit when `--memory-limit` is not
/// given. Here `--alias lama` on blocks 11-0 with 512 MB: its weighted A*
/// phases would fail an allocation and abort the process (they did, before);
/// instead the last phase stops at the limit and the best plan found stands.
/// And it stops late: its arrays grow in place and its entries a chunk at a
/// time, so it fills at least 45 % of the limit with pages it uses (it
/// stopped at a third, 177 MB, while the estimate counted every array's
/// growth as a copy).
#[cfg(unix)]
#[test]
fn an_address_space_rlimit_ends_an_anytime_search_cleanly() {
    let dir = scratch("rlimit-as");
    let plan = dir.join("sas_plan");
    let problem = root_path("problems/ipc/blocks/probBLOCKS-11-0.pddl");
    let out = Command::new("bash")
        .args([
            "-c",
            "ulimit -v 524288 && exec \"$0\" plan --alias lama --time-limit 100 --json \
             --plan-file \"$1\" \"$2\"",
            env!("CARGO_BIN_EXE_planbox"),
            plan.to_str().expect("utf-8"),
            &problem,
        ])
        .output()
        .expect("bash runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["outcome"], "plan", "{r}");
    let last = r["phases"]
        .as_array()
        .and_then(|p| p.last())
        .expect("phases");
    assert_eq!(last["outcome"], "out_of_memory", "{r}");
    let peak_kb = r["peak_memory_kb"].as_u64().expect("peak memory");
    assert!(
        peak_kb * 20 >= 524288 * 9,
        "stopped at {peak_kb} KB of 524288"
    );
    let best = r["plan_file"].as_str().expect("the best plan's file");
    let domain = root_path("problems/ipc/blocks/domain.pddl");
    let check = planbox(&["validate", &domain, &problem, best]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(stdout(&check).contains(&format!("Plan cost: {}", r["cost"])));
}

/// A CPU-time rlimit, as Downward Lab and the IPC scripts set it: its soft
/// limit sends SIGXCPU, and the search stops as at its own time limit.
#[cfg(unix)]
#[test]
fn a_cpu_time_rlimit_stops_cleanly_with_exit_23() {
    let out = Command::new("bash")
        .args([
            "-c",
            "ulimit -S -t 1 && exec \"$0\" plan --search astar --heuristic blind \
             --plan-file - \"$1\"",
            env!("CARGO_BIN_EXE_planbox"),
            &root_path(SOKOBAN_BIG),
        ])
        .output()
        .expect("bash runs");
    let log = stderr(&out);
    assert_eq!(out.status.code(), Some(23), "{log}");
    for line in [
        "Time limit reached. Abort search.",
        "Expanded ",
        "Peak memory: ",
    ] {
        assert!(log.contains(line), "missing `{line}` in:\n{log}");
    }
    assert_eq!(log.lines().last(), Some("search exit code: 23"), "{log}");
}

#[test]
fn a_time_limit_stops_cleanly_with_exit_23() {
    let out = planbox(&[
        "plan",
        "--search",
        "bfs",
        "--time-limit",
        "0",
        "--json",
        SOKOBAN_BIG,
    ]);
    assert_eq!(out.status.code(), Some(23), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["outcome"], "out_of_time");
}

/// Runs `planbox plan --json` with `args` on `problem` and checks the plan
/// with `planbox validate`; returns the record.
fn planned_and_validated(problem: &str, args: &[&str], name: &str) -> serde_json::Value {
    let dir = scratch_path("plan-cli-plans");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let plan = dir.join(name);
    let plan = plan.to_str().expect("utf-8");
    let mut all = vec!["plan", "--json", "--plan-file", plan, problem];
    all.extend_from_slice(args);
    let out = planbox(&all);
    assert_eq!(out.status.code(), Some(0), "{problem}: {}", stderr(&out));
    let record: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let domain = Path::new(problem).with_file_name("domain.pddl");
    let check = planbox(&["validate", domain.to_str().expect("utf-8"), problem, plan]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{problem}: {}",
        stdout(&check)
    );
    let cost = format!("Plan cost: {}", record["cost"]);
    assert!(
        stdout(&check).contains(&cost),
        "{problem}: {}",
        stdout(&check)
    );
    record
}

/// The width-based searches: BFWS, Dual-BFWS and SIW find plans that
/// `validate` accepts, and the record counts the novelty of their states.
#[test]
fn width_based_searches_find_valid_plans_and_count_novelty() {
    for problem in [GRIPPER, "problems/ipc/logistics00/probLOGISTICS-5-0.pddl"] {
        for alias in ["bfws", "dual-bfws"] {
            let name = format!("{alias}.plan");
            let r = planned_and_validated(problem, &["--alias", alias], &name);
            assert_eq!(r["search"], alias, "{r}");
            assert!(r["novelty"][0].as_u64() > Some(0), "{r}");
        }
    }
    let swap = "problems/delivery/swap.pddl";
    let r = planned_and_validated(swap, &["--search", "siw"], "siw.plan");
    assert_eq!(r["cost"], 6, "{r}");
    assert!(r["novelty_pruned"].as_u64() > Some(0), "{r}");
    // IW(1) gives up on swap (exit code 12): its goal needs more width.
    let out = planbox(&["plan", "--json", "--search", "iw1", swap]);
    assert_eq!(out.status.code(), Some(12), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(
        (&r["outcome"], &r["novelty"]),
        (&"incomplete".into(), &serde_json::json!([4, 0, 5]))
    );
}

/// The satisficing aliases that Scorpion's NOLAN is measured against run
/// the h² preprocessing in both directions, as Scorpion's `--preprocess`
/// does. On floortile it removes the operators from whose result h² finds
/// the goal unreachable, and the searches need a few hundred expansions;
/// without it they fill 1 GB within a minute on this problem.
#[test]
fn satisficing_aliases_preprocess_with_h2_and_solve_floortile() {
    let problem = "problems/ipc-sat/floortile-sat11-strips/seq-p04-007.pddl";
    let pruned = |alias: &str, r: &serde_json::Value| {
        assert_eq!(r["h2_preprocess"], "both", "{alias}: {r}");
        assert_eq!(r["h2_removed_operators_backward"], 32, "{alias}: {r}");
        assert!(r["expanded"].as_u64() < Some(5_000), "{alias}: {r}");
    };
    for alias in ["dual-bfws", "nolan"] {
        let args = ["--alias", alias, "--memory-limit", "200"];
        let r = planned_and_validated(problem, &args, &format!("{alias}.plan"));
        pruned(alias, &r);
    }
    // `sat` goes on improving until its time limit, and writes each plan
    // as sas_plan.1, sas_plan.2, ...: the last one is the cheapest.
    let dir = scratch("plan-sat-floortile");
    let (problem, domain) = (
        root_path(problem),
        root_path(problem).replace("seq-p04-007", "domain"),
    );
    let args = [
        "plan",
        "--alias",
        "sat",
        "--json",
        "--time-limit",
        "2",
        "--memory-limit",
        "200",
    ];
    let out = planbox_in(&dir, &[&args[..], &[problem.as_str()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["phases"][0]["search"], "dual-bfws", "{r}");
    pruned(
        "sat",
        &serde_json::json!({
            "expanded": r["phases"][0]["expanded"],
            "h2_preprocess": r["h2_preprocess"],
            "h2_removed_operators_backward": r["h2_removed_operators_backward"],
        }),
    );
    let last = r["plan_costs"].as_array().expect("plan_costs").len();
    let plan = dir.join(format!("sas_plan.{last}"));
    let check = planbox(&["validate", &domain, &problem, plan.to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(stdout(&check).contains(&format!("Plan cost: {}\n", r["cost"])));
}

/// On parking, `move-curb-to-car c x c` parks car `c` behind itself: the
/// grounder forgets that fact (nothing needs it), so the operator leaves the
/// car nowhere, a dead end that costs 1 in every relaxed plan. The h²
/// preprocessing's empty-group rule removes those operators (22 cars, 12
/// curbs: 264), as Scorpion's `--preprocess` does, and NOLAN needs a few
/// hundred expansions; `lama-first`, which runs without the preprocessing
/// as Fast Downward's alias does, needs about 16,000.
#[test]
fn the_preprocessing_removes_the_operators_that_lose_a_car_in_parking() {
    let problem = "problems/ipc-sat/parking-sat11-strips/pfile08-031.pddl";
    let r = planned_and_validated(problem, &["--alias", "nolan"], "nolan.plan");
    assert_eq!(r["h2_removed_operators_backward"], 264, "{r}");
    assert!(r["expanded"].as_u64() < Some(2_000), "{r}");
}

#[test]
fn lama_first_and_the_lazy_searches_find_valid_plans() {
    for problem in [
        "problems/ipc/blocks/probBLOCKS-6-0.pddl",
        "problems/ipc/logistics00/probLOGISTICS-5-0.pddl",
        "problems/ipc/satellite/p01-pfile1.pddl",
        "problems/ipc/depot/p01.pddl",
        "problems/ipc/sokoban-sat08-strips/p01.pddl",
    ] {
        let r = planned_and_validated(problem, &["--alias", "lama-first"], "lama-first.plan");
        assert_eq!(r["search"], "lazy-gbfs", "{r}");
        assert_eq!(r["heuristic"], "hff,lmcount", "{r}");
        assert_eq!(r["alias"], "lama-first", "{r}");
    }
    // The landmarks of gripper prob01, as Fast Downward's lm_rhw() finds
    // them: the four goals, the robot in room b, each ball carried by one of
    // the two grippers (4 disjunctions), and what that needs.
    let out = planbox(&["plan", "--alias", "lama-first", "--plan-file", "-", GRIPPER]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.contains("Discovered 14 landmarks, of which 4 are disjunctive"),
        "{log}"
    );
    // And its 17 greedy-necessary orderings (Fast Downward adds 4 natural
    // ones, which planbox does not find, and no reasonable one).
    assert!(
        log.contains("There are 17 landmark orderings (0 reasonable)."),
        "{log}"
    );
    // LAMA's first search counts every action as 1 but reports the plan's
    // real cost (elevators: 17 steps costing 78 in all).
    let r = planned_and_validated(
        "problems/ipc/elevators-opt08-strips/p01.pddl",
        &["--alias", "lama-first"],
        "lama-elevators.plan",
    );
    assert_eq!(r["unit_cost_search"], true, "{r}");
    assert_ne!(r["cost"], r["length"], "{r}");
    // A* with the admissible landmark heuristic: the optimal cost, as LM-cut.
    let optimal = |h: &str| {
        let r = planned_and_validated(
            GRIPPER,
            &["--search", "astar", "--heuristic", h],
            "lmcp.plan",
        );
        r["cost"].clone()
    };
    assert_eq!(optimal("lmcp"), 11);
    assert_eq!(optimal("lmcp"), optimal("lmcut"));
    let weighted = planned_and_validated(
        "problems/ipc/logistics00/probLOGISTICS-5-0.pddl",
        &[
            "--search",
            "lazy-wastar",
            "--heuristic",
            "hff,lmcount",
            "--weight",
            "3",
        ],
        "lazy-wastar.plan",
    );
    assert_eq!(weighted["weight"], 3, "{weighted}");
}

/// NOLAN (lama-first with the landmark queue ordered by novelty first)
/// finds plans that `validate` accepts, and counts the novelty of the
/// states it evaluates; `nolan-anytime` starts with the same search and
/// then improves the plan with LAMA's searches, as `--alias sat` does after
/// Dual-BFWS.
#[test]
fn nolan_finds_valid_plans_and_counts_novelty() {
    for problem in [
        "problems/ipc/blocks/probBLOCKS-6-0.pddl",
        "problems/ipc/logistics00/probLOGISTICS-5-0.pddl",
        "problems/ipc/satellite/p01-pfile1.pddl",
        "problems/ipc/depot/p01.pddl",
        "problems/ipc/sokoban-sat08-strips/p01.pddl",
        "problems/ipc/elevators-opt08-strips/p01.pddl",
    ] {
        let r = planned_and_validated(problem, &["--alias", "nolan"], "nolan.plan");
        assert_eq!(r["search"], "lazy-gbfs", "{r}");
        assert_eq!(r["heuristic"], "hff,lmcount", "{r}");
        assert_eq!(r["novelty_width"], 2, "{r}");
        assert_eq!(r["unit_cost_search"], true, "{r}");
        // Every evaluated state but the dead ends is measured once, the
        // start included.
        let levels = r["novelty"].as_array().expect("novelty levels");
        let measured: u64 = levels.iter().map(|n| n.as_u64().expect("a count")).sum();
        assert!(levels[0].as_u64() > Some(0), "{r}");
        let dead = r["dead_ends"].as_u64().expect("dead ends");
        assert_eq!(Some(measured + dead), r["evaluated"].as_u64(), "{r}");
    }
    // lama-first has no novelty queue.
    let r = planned_and_validated(GRIPPER, &["--alias", "lama-first"], "lama-first.plan");
    assert_eq!(r["novelty_width"], serde_json::Value::Null, "{r}");
    for (alias, first) in [("nolan-anytime", "nolan"), ("sat", "dual-bfws")] {
        let dir = scratch(&format!("plan-{alias}"));
        let problem = root_path("problems/ipc/elevators-opt08-strips/p01.pddl");
        let domain = root_path("problems/ipc/elevators-opt08-strips/domain.pddl");
        let out = planbox_in(&dir, &["plan", "--alias", alias, "--json", &problem]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        let phases = r["phases"].as_array().expect("phases");
        assert_eq!(phases[0]["search"], first, "{r}");
        // After Dual-BFWS, `sat` searches the plan's neighbourhood, then
        // runs LAMA's whole schedule: the greedy search that counts every
        // action as 1 first, then the one with real costs (elevators has
        // action costs).
        let lama = if alias == "sat" {
            assert_eq!(phases[1]["search"], "neighbourhood", "{r}");
            2
        } else {
            1
        };
        let later: Vec<_> = (phases[lama..].iter())
            .map(|p| (p["search"].clone(), p["unit_cost"].clone()))
            .take(if alias == "sat" { 2 } else { 1 })
            .collect();
        let expected: Vec<_> = (if alias == "sat" {
            &[true, false][..]
        } else {
            &[false]
        })
        .iter()
        .map(|&unit| (serde_json::json!("lazy-gbfs"), serde_json::json!(unit)))
        .collect();
        assert_eq!(later, expected, "{r}");
        let costs: Vec<u64> = (r["plan_costs"].as_array().expect("plan_costs").iter())
            .map(|c| c.as_u64().expect("a cost"))
            .collect();
        assert!(costs.len() >= 2, "{r}");
        assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
        for (i, cost) in costs.iter().enumerate() {
            let plan = dir.join(format!("sas_plan.{}", i + 1));
            let check = planbox(&["validate", &domain, &problem, plan.to_str().expect("utf-8")]);
            assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
            assert!(stdout(&check).contains(&format!("Plan cost: {cost}\n")));
        }
    }
}

#[test]
fn lama_writes_each_cheaper_plan_as_it_finds_it() {
    // Elevators p01 has action costs: LAMA's first plan (unit costs while
    // searching) is far from the cheapest, and the weighted searches after
    // it improve on it step by step.
    let dir = scratch("plan-lama");
    let problem = root_path("problems/ipc/elevators-opt08-strips/p01.pddl");
    let domain = root_path("problems/ipc/elevators-opt08-strips/domain.pddl");
    let out = planbox_in(&dir, &["plan", "--alias", "lama", "--json", &problem]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let costs: Vec<u64> = (r["plan_costs"].as_array().expect("plan_costs").iter())
        .map(|c| c.as_u64().expect("a cost"))
        .collect();
    assert!(costs.len() >= 2, "{r}");
    assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
    assert_eq!(r["cost"].as_u64(), costs.last().copied(), "{r}");
    assert_eq!(r["plan_file"], format!("sas_plan.{}", costs.len()), "{r}");
    assert!(
        !dir.join("sas_plan").exists(),
        "no plain sas_plan for anytime search"
    );
    // `phases` tells each search of the sequence: its bound (the best cost
    // before it), how it ended, and the plans' costs, which are `plan_costs`.
    let phases = r["phases"].as_array().expect("phases");
    assert_eq!(phases[0]["search"], "lazy-gbfs", "{r}");
    assert_eq!(phases[0]["unit_cost"], true, "{r}");
    let mut best: Option<u64> = None;
    let mut found = Vec::new();
    for phase in phases {
        assert_eq!(phase["bound"].as_u64(), best, "{phase}");
        if phase["outcome"] == "plan" {
            let cost = phase["cost"].as_u64().expect("a plan's cost");
            found.push(cost);
            best = Some(cost);
        }
    }
    assert_eq!(found, costs, "{r}");
    // It ended because its last weighted A* found nothing under the bound
    // (there is no time limit).
    let last = phases.last().expect("a phase");
    assert_eq!(
        (&last["search"], &last["outcome"]),
        (&"lazy-wastar".into(), &"unsolvable".into()),
        "{r}"
    );
    for (i, cost) in costs.iter().enumerate() {
        let plan = dir.join(format!("sas_plan.{}", i + 1));
        let check = planbox(&["validate", &domain, &problem, plan.to_str().expect("utf-8")]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
        assert!(stdout(&check).contains(&format!("Plan cost: {cost}\n")));
    }
    // No plan is cheaper than A*'s with LM-cut.
    let optimal = planbox_in(&dir, &["plan", "--search", "astar", "--json", &problem]);
    assert_eq!(optimal.status.code(), Some(0), "{}", stderr(&optimal));
    let optimal: serde_json::Value = serde_json::from_str(&stdout(&optimal)).expect("JSON");
    let optimum = optimal["cost"].as_u64().expect("A*'s plan cost");
    assert!(costs.iter().all(|&c| c >= optimum), "{costs:?}, {optimum}");
}

/// `--alias optimal` is A* with saturated cost partitioning over pattern
/// databases: the optimal costs that A* with LM-cut finds (woodworking has
/// action costs), every plan validated (a plan of the task without the
/// operators that mutexes rule out, in the original task's operators). On the
/// woodworking problem it starts at the optimum, 225, where LM-cut gives 180.
#[test]
fn the_optimal_alias_finds_the_costs_of_lmcut() {
    for (problem, cost) in [
        (GRIPPER, 11),
        ("problems/ipc/woodworking-opt11-strips/p07.pddl", 225),
        ("problems/ipc/logistics00/probLOGISTICS-6-0.pddl", 25),
    ] {
        let opt = planned_and_validated(problem, &["--alias", "optimal"], "optimal.plan");
        let lmcut = planned_and_validated(problem, &["--search", "astar"], "lmcut.plan");
        assert_eq!(
            (&opt["cost"], &lmcut["cost"]),
            (&cost.into(), &cost.into()),
            "{problem}"
        );
        assert_eq!(
            (&opt["search"], &opt["heuristic"]),
            (&"astar".into(), &"scp".into())
        );
        if problem.contains("woodworking") {
            // 109 operators can never apply (mutex preconditions or
            // results), and 66 lead to no state from which the goal can be
            // reached (h² backward and the empty-group rule).
            let run = planbox(&["plan", "--alias", "optimal", "--plan-file", "-", problem]);
            let log = format!("{}{}", stdout(&run), stderr(&run));
            assert!(
                log.contains("Removed 175 of 424 operators (109 forward, 66 backward)"),
                "{log}"
            );
            assert_eq!(
                (&opt["initial_h"], &lmcut["initial_h"]),
                (&225.into(), &180.into())
            );
        }
    }
}

/// The abstractions' memory is in the statistics: the record's
/// `heuristic_bytes` is the log's `bytes in all` and its `Heuristic tables`
/// line, and at least the projections' and Cartesian abstractions' bytes that
/// the log lists; A* with LM-cut, which counts no tables, leaves it null.
#[test]
fn the_abstractions_memory_is_in_the_statistics() {
    let opt = planned_and_validated(GRIPPER, &["--alias", "optimal"], "optimal.plan");
    let bytes = opt["heuristic_bytes"].as_u64().expect("a count of bytes");
    let run = planbox(&["plan", "--alias", "optimal", "--plan-file", "-", GRIPPER]);
    let log = format!("{}{}", stdout(&run), stderr(&run));
    // The number before `bytes` on each of the heuristic's lines.
    let before_bytes = |line: &str| -> Vec<u64> {
        let words: Vec<&str> = line
            .split([' ', ',', ';'])
            .filter(|w| !w.is_empty())
            .collect();
        (words.windows(2))
            .filter(|w| w[1] == "bytes")
            .map(|w| w[0].parse().expect("a number of bytes"))
            .collect()
    };
    let parts: u64 = (log.lines())
        .filter(|l| l.contains("projections") || l.contains("Cartesian abstractions"))
        .flat_map(before_bytes)
        .sum();
    let in_all = log
        .lines()
        .find(|l| l.contains("bytes in all"))
        .expect("{log}");
    assert_eq!(before_bytes(in_all).last(), Some(&bytes), "{log}");
    assert!(parts > 0 && bytes > parts, "{parts} {bytes}: {log}");
    let kb = bytes.div_ceil(1024);
    assert!(log.contains(&format!("Heuristic tables: {kb} KB")), "{log}");
    let lmcut = planned_and_validated(GRIPPER, &["--search", "astar"], "lmcut.plan");
    assert!(lmcut["heuristic_bytes"].is_null(), "{lmcut}");
}

/// The abstractions strengthen their operators by the mutex groups. On
/// Floortile a robot never stands on a clear or painted tile, so painting
/// from a tile forbids that tile painted, and the projections on a few tiles
/// see the ones that can no longer be painted: `--alias optimal` finds the
/// optimum, 38, calling 235 states dead ends and expanding 723 (without the
/// mutex groups it calls none a dead end and expands 3,617).
#[test]
fn the_abstractions_see_floortiles_dead_ends_through_the_mutex_groups() {
    let problem = "problems/ipc/floortile-opt11-strips/opt-p01-001.pddl";
    let r = planned_and_validated(problem, &["--alias", "optimal"], "floortile.plan");
    assert_eq!(r["cost"], 38, "{r}");
    let (dead_ends, expanded) = (r["dead_ends"].as_u64(), r["expanded"].as_u64());
    assert!(dead_ends > Some(100) && expanded < Some(1_500), "{r}");
}

#[test]
fn fast_downwards_alias_names_run_their_configurations() {
    // `seq-opt-lmcut` is A* with LM-cut: the same optimal plan as
    // `--search astar` (its default heuristic), with the same expansions.
    let opt = planned_and_validated(GRIPPER, &["--alias", "seq-opt-lmcut"], "seq-opt.plan");
    let astar = planned_and_validated(GRIPPER, &["--search", "astar"], "astar.plan");
    assert_eq!(opt["cost"], 11, "{opt}");
    assert_eq!(
        (&opt["search"], &opt["heuristic"]),
        (&astar["search"], &astar["heuristic"])
    );
    assert_eq!(opt["expanded"], astar["expanded"], "{opt}");
    // `seq-sat-lama-2011` is `lama` with the landmark heuristic's preferred
    // operators: anytime, every plan valid and each cheaper than the last.
    let dir = scratch("plan-lama-2011");
    let problem = root_path("problems/ipc/elevators-opt08-strips/p01.pddl");
    let domain = root_path("problems/ipc/elevators-opt08-strips/domain.pddl");
    let out = planbox_in(
        &dir,
        &["plan", "--alias", "seq-sat-lama-2011", "--json", &problem],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["landmark_preferred"], true, "{r}");
    let costs: Vec<u64> = (r["plan_costs"].as_array().expect("plan_costs").iter())
        .map(|c| c.as_u64().expect("a cost"))
        .collect();
    assert!(costs.len() >= 2, "{r}");
    assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
    for (i, cost) in costs.iter().enumerate() {
        let plan = dir.join(format!("sas_plan.{}", i + 1));
        let check = planbox(&["validate", &domain, &problem, plan.to_str().expect("utf-8")]);
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
        assert!(stdout(&check).contains(&format!("Plan cost: {cost}\n")));
    }
    // The landmark heuristic's preferred operators change the search: on
    // sokoban-opt08 p10 lama-first expands about half as many states with
    // them (3,427 against 7,512 when this was written).
    let sokoban = "problems/ipc/sokoban-opt08-strips/p10.pddl";
    let with = planned_and_validated(
        sokoban,
        &["--alias", "lama-first", "--landmark-preferred"],
        "sokoban-lmpref.plan",
    );
    let without = planned_and_validated(sokoban, &["--alias", "lama-first"], "sokoban.plan");
    assert_eq!(
        (&with["landmark_preferred"], &without["landmark_preferred"]),
        (&true.into(), &false.into())
    );
    assert!(
        with["expanded"].as_u64() < without["expanded"].as_u64(),
        "{with} {without}"
    );
}

#[test]
fn options_that_do_not_fit_the_search_are_usage_errors() {
    for (args, needle) in [
        (
            vec!["--search", "astar", "--landmark-preferred"],
            "`--landmark-preferred` needs the heuristic lmcount",
        ),
        (
            vec![
                "--search",
                "lazy-gbfs",
                "--heuristic",
                "hff",
                "--landmark-preferred",
            ],
            "`--landmark-preferred` needs the heuristic lmcount",
        ),
        (
            vec!["--alias", "lama", "--landmark-preferred", "--no-preferred"],
            "`--landmark-preferred` cannot be combined with `--no-preferred`",
        ),
        (
            vec!["--alias", "seq-sat-lama-2011", "--landmark-preferred"],
            "`--landmark-preferred` cannot be combined with `--alias seq-sat-lama-2011`",
        ),
        (
            vec!["--alias", "seq-opt-lmcut", "--no-preferred"],
            "`--no-preferred` does not apply to `--alias seq-opt-lmcut`",
        ),
        (
            vec!["--alias", "lama-first", "--search", "astar"],
            "`--search` cannot be combined with `--alias lama-first`",
        ),
        (
            vec!["--alias", "lama-first", "--engine", "regression"],
            "`--alias lama-first` searches forward",
        ),
        (
            vec!["--search", "gbfs", "--heuristic", "hff,lmcount"],
            "`--heuristic` takes one heuristic for `gbfs`",
        ),
        (
            vec!["--search", "bfs", "--heuristic", "blind"],
            "`--heuristic` needs a heuristic search",
        ),
        (
            vec!["--search", "astar", "--weight", "2"],
            "`--weight` only applies to `--search wastar`",
        ),
        (vec!["--search", "wastar", "--weight", "0"], "at least 1"),
        (
            vec!["--search", "gbfs", "--depth-limit", "4"],
            "`--depth-limit` only applies",
        ),
        (
            vec!["--search", "bfs", "--time-limit=-1"],
            "'--time-limit <SECONDS>': expected a number of seconds, 0 or more, got `-1`",
        ),
        // A negative number is a value, not an option (no "use '-- -1'" tip).
        (
            vec!["--search", "bfs", "--time-limit", "-1"],
            "expected a number of seconds, 0 or more, got `-1`",
        ),
        (
            vec!["--search", "bfs", "--time-limit", "1e300"],
            "`1e300` seconds is too large",
        ),
        (
            vec!["--search", "bfs", "--memory-limit", "-5"],
            "expected a whole number of 0 or more, got `-5`",
        ),
        (
            vec!["--search", "dfs", "--depth-limit", "99999999999"],
            "`99999999999` is too large",
        ),
        (vec!["--search", "bogus"], "invalid value 'bogus'"),
        (
            vec!["--search", "astar", "--heuristic", "nope"],
            "invalid value 'nope'",
        ),
        (
            vec!["--mutex", "none"],
            "`--mutex` only applies to `--engine regression`",
        ),
        (
            vec!["--engine", "progression", "--no-subsumption"],
            "`--no-subsumption` only applies to `--engine regression`",
        ),
        (
            vec!["--no-goal-sorting"],
            "`--no-goal-sorting` only applies to `--engine regression`",
        ),
        (
            vec!["--engine", "sat", "--no-goal-sorting"],
            "`--no-goal-sorting` only applies to `--engine regression`",
        ),
        (
            vec!["--encoding", "sequential"],
            "`--encoding` only applies to `--engine sat`",
        ),
        (
            vec!["--engine", "regression", "--horizon", "3"],
            "`--horizon` only applies to `--engine sat`",
        ),
        (
            vec!["--engine", "sat", "--search", "astar"],
            "`--search` is not available for sat",
        ),
        (
            vec!["--engine", "sat", "--heuristic", "hff"],
            "`--heuristic` is not available for sat",
        ),
        (
            vec!["--engine", "sat", "--trace"],
            "`--trace` is not available for sat",
        ),
        (
            vec!["--engine", "sat", "--dump-cnf", "x.cnf"],
            "`--dump-cnf` needs `--horizon T`",
        ),
        (
            vec!["--engine", "sat", "--horizon", "3", "--schedule", "linear"],
            "`--horizon` tries one horizon",
        ),
        (
            vec!["--engine", "regression", "--pruning", "stubborn-sets"],
            "`--pruning` only applies to `--engine progression`",
        ),
        (
            vec!["--alias", "lama", "--pruning", "stubborn-sets"],
            "`--pruning stubborn-sets` does not apply to `--alias lama`",
        ),
        (
            vec!["--min-pruning-ratio", "0.5"],
            "`--min-pruning-ratio` only applies with `--pruning stubborn-sets`",
        ),
        (
            vec!["--pruning", "stubborn-sets", "--min-pruning-ratio", "2"],
            "expected a number from 0 to 1, got `2`",
        ),
    ] {
        let mut all = vec!["plan"];
        all.extend(&args);
        all.push(GRIPPER);
        let out = planbox(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

/// `--trace` gives `h` where the search computed it: each expansion of A*
/// (its first is the initial `h` the log prints), each successor it
/// evaluated; breadth-first search computes none.
#[test]
fn trace_shows_h_where_the_search_computed_it() {
    let level = "problems/sokoban/teaching/teaching-lvl0.pddl";
    let args = [
        "plan",
        level,
        "--trace",
        "--trace-limit",
        "2",
        "--plan-file",
        "-",
    ];
    let out = planbox(&[&args[..], &["--search", "astar", "--heuristic", "hmax"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let trace = stderr(&out);
    assert!(trace.contains("expansion 1 (g = 0, h = 7):"), "{trace}");
    assert!(
        trace.contains("Initial heuristic value for hmax: 7"),
        "{trace}"
    );
    assert!(trace.contains(")  (h = "), "{trace}");
    let out = planbox(&[&args[..], &["--search", "bfs"]].concat());
    let trace = stderr(&out);
    assert!(trace.contains("expansion 1 (g = 0):"), "{trace}");
    assert!(!trace.contains("h = "), "{trace}");
}

/// `--pruning stubborn-sets`: the log says what was pruned and when the
/// pruning went off, `--json` has the same figures, `--trace` names the rule.
#[test]
fn pruning_is_reported_in_the_log_the_record_and_the_trace() {
    // In a scratch folder: the plans go to its `sas_plan`.
    let dir = scratch("plan-pruning");
    let run = |args: &[&str]| planbox_in(&dir, args);
    let movie = &root_path("problems/ipc/movie/prob01.pddl");
    let gripper = &root_path(GRIPPER);
    let args = ["plan", "--search", "astar", "--heuristic", "blind"];
    let out = run(&[&args[..], &["--pruning", "stubborn-sets", movie]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let log = stdout(&out);
    for line in [
        "Plan cost: 7\n",
        "Expanded 8 state(s).",
        "Pruning (stubborn sets): 185 of 216 applicable operator(s) pruned in 8 state(s) (85.6%).",
    ] {
        assert!(log.contains(line), "missing `{line}` in:\n{log}");
    }
    let out = run(&[
        &args[..],
        &["--pruning", "stubborn-sets", gripper, "--json"],
    ]
    .concat());
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["pruning"], "stubborn-sets");
    assert_eq!(r["pruned_operators"], 0);
    assert_eq!(r["pruning_off_after"], serde_json::Value::Null);
    let out = run(&[&args[..], &["--pruning", "none", gripper, "--json"]].concat());
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["pruning"], "none");
    assert_eq!(r["pruned_operators"], serde_json::Value::Null);
    let gripper2 = &root_path("problems/ipc/gripper/prob02.pddl");
    let out = run(&[&args[..], &["--pruning", "stubborn-sets", gripper2]].concat());
    assert!(
        stdout(&out)
            .contains("Pruning switched off after 1000 expansion(s): it pruned too few operators."),
        "{}",
        stdout(&out)
    );
    // `compare` hands the pruning to its progression column only.
    let compare = [
        "compare",
        "--search",
        "astar",
        "--heuristic",
        "blind",
        movie,
    ];
    let engines = ["--engines", "progression,regression", "--json"];
    let out = run(&[&compare[..], &["--pruning", "stubborn-sets"], &engines[..]].concat());
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(r["progression"]["expanded"], 8, "{r}");
    assert_eq!(r["progression"]["pruning"], "stubborn-sets", "{r}");
    assert_eq!(r["regression"]["pruning"], serde_json::Value::Null, "{r}");
    let trace = ["--trace", "--trace-limit", "1", "--plan-file", "-", movie];
    let out = run(&[&args[..], &["--pruning", "stubborn-sets"], &trace[..]].concat());
    let log = stderr(&out);
    assert!(
        log.contains("(get-chips c1)  pruned: stubborn_set"),
        "{log}"
    );
}

/// `planbox abstractions` prints the teaching task's pattern databases, and
/// refuses a task with axioms by name (exit 34, unsupported input).
#[test]
fn abstractions_shows_the_tables_and_refuses_adl() {
    let out = planbox(&["abstractions", "problems/delivery/swap.pddl", "--rows", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("    (at p1 b)    0  goal"), "{text}");
    assert!(text.contains("  saturated cost partitioning: 6,"), "{text}");
    // Tables of more than 3 states are left out.
    assert!(!text.contains("(at t a)    3"), "{text}");
    let adl = planbox(&[
        "abstractions",
        "problems/ipc-adl/airport-adl/p01-airport1-p1.pddl",
    ]);
    assert_eq!(adl.status.code(), Some(34), "{}", stderr(&adl));
    assert!(
        stderr(&adl).contains("abstractions do not support"),
        "{}",
        stderr(&adl)
    );
}

/// `scp-sys2` is Scorpion's `projections(systematic(2))` for comparing
/// speed, so its operators stay as they are: on Gripper prob02 its pairs
/// estimate the start 7 (1,776 expansions until the last f layer), where
/// the same pairs strengthened by the mutex groups (a gripper that picks a
/// ball is free, so it holds no other) estimate 13.
#[test]
fn scp_sys2_projects_the_operators_as_they_are() {
    let r = planned_and_validated(
        "problems/ipc/gripper/prob02.pddl",
        &["--search", "astar", "--heuristic", "scp-sys2"],
        "sys2.plan",
    );
    assert_eq!(
        (&r["initial_h"], &r["cost"], &r["expanded_until_last_jump"]),
        (&7.into(), &17.into(), &1776.into())
    );
}

/// `scp` builds its abstractions on two sets of variables, the invariant
/// synthesis's mutex groups and the task's monotone groups, and keeps the
/// heuristic whose estimates are higher on states sampled by random walks:
/// the synthesis's on Blocksworld 9-0 (23 at the start, where the monotone
/// groups give 18), Logistics 9-0 and Elevators p01 (36, where the monotone
/// groups give 25), the monotone groups on Sokoban p01 (11, the optimal
/// cost, where the synthesis's give 10).
#[test]
fn scp_keeps_the_variables_whose_estimates_are_higher_on_sampled_states() {
    for (problem, h, cost) in [
        ("problems/ipc/blocks/probBLOCKS-9-0.pddl", 23, 30),
        ("problems/ipc/logistics00/probLOGISTICS-9-0.pddl", 35, 36),
        ("problems/ipc/elevators-opt08-strips/p01.pddl", 36, 42),
        ("problems/ipc/sokoban-opt08-strips/p01.pddl", 11, 11),
    ] {
        let r = planned_and_validated(problem, &["--alias", "optimal"], "variables.plan");
        assert_eq!(
            (&r["initial_h"], &r["cost"]),
            (&h.into(), &cost.into()),
            "{problem}"
        );
    }
}
