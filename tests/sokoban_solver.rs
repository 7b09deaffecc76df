//! `planbox solve`, the native push-level Sokoban solver, through the binary:
//! every solution replays (checked again here with `planbox replay`), push
//! counts are optimal where they should be, and bad or unsolvable levels get
//! the documented exit codes.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn planbox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planbox"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the planbox binary runs")
}

fn records(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect()
}

/// `min_pushes` and `min_moves` by level, from the bundled table (`None`
/// where the table gives no optimum).
fn optima(file: &str) -> Vec<(Option<u64>, Option<u64>)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .expect("optimal table");
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[3].parse().ok(), f[4].parse().ok())
        })
        .collect()
}

/// Solves `levels` of `file` and replays every solution with `planbox replay`.
fn solve_and_replay(file: &str, levels: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec![
        "solve",
        file,
        "--level",
        levels,
        "--json",
        "--time-limit",
        "20",
    ];
    args.extend_from_slice(extra);
    let out = planbox(&args);
    let records = records(&out);
    assert!(
        !records.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for r in &records {
        assert_eq!(r["outcome"], "solved", "{r}");
        let level = r["level"].to_string();
        let solution = r["lurd"].as_str().expect("lurd");
        let check = planbox(&["replay", file, "--level", &level, solution]);
        let said = String::from_utf8_lossy(&check.stdout);
        assert_eq!(check.status.code(), Some(0), "{file} level {level}: {said}");
        let pushes = r["pushes"].as_u64().expect("pushes");
        let plural = if pushes == 1 { "push" } else { "pushes" };
        let expected = format!("{} moves, {pushes} {plural}: solved", r["moves"]);
        assert!(said.contains(&expected), "{said} / {expected}");
    }
    records
}

#[test]
fn teaching_levels_and_microban_1_to_30_solve_and_replay() {
    let teaching = solve_and_replay("problems/sokoban/teaching.xsb", "1-8", &[]);
    assert_eq!(teaching.len(), 8);
    let microban = solve_and_replay("problems/sokoban/microban.xsb", "1-30", &[]);
    assert_eq!(microban.len(), 30);
    // The default search narrows pushes to PI-corrals; `--no-corrals` does not.
    let narrowed: u64 = microban.iter().map(|r| r["corral"].as_u64().unwrap()).sum();
    assert!(narrowed > 0, "no corral pruning on Microban 1-30");
    let plain = solve_and_replay("problems/sokoban/microban.xsb", "1-30", &["--no-corrals"]);
    assert!(plain.iter().all(|r| r["corral"] == 0));
}

#[test]
fn optimize_pushes_finds_the_known_optimum_on_microban_1_to_30() {
    let optima = optima("problems/sokoban/microban.optimal.tsv");
    let records = solve_and_replay(
        "problems/sokoban/microban.xsb",
        "1-30",
        &["--optimize", "pushes"],
    );
    for r in &records {
        let level = r["level"].as_u64().expect("level") as usize;
        if let Some(optimum) = optima[level - 1].0 {
            assert_eq!(r["pushes"], optimum, "level {level}");
        }
    }
    // Breadth-first search over pushes finds the same counts.
    let bfs = solve_and_replay(
        "problems/sokoban/microban.xsb",
        "1-10",
        &["--optimize", "pushes", "--search", "bfs"],
    );
    for r in &bfs {
        let level = r["level"].as_u64().expect("level") as usize;
        if let Some(optimum) = optima[level - 1].0 {
            assert_eq!(r["pushes"], optimum, "level {level} bfs");
        }
    }
}

#[test]
fn dead_squares_and_freezes_prune_without_losing_optimal_solutions() {
    // With and without the rules: the same optimal push counts, fewer nodes with.
    let optima = optima("problems/sokoban/microban.optimal.tsv");
    let file = "problems/sokoban/microban.xsb";
    let with = solve_and_replay(file, "1-15", &["--optimize", "pushes"]);
    let without = solve_and_replay(
        file,
        "1-15",
        &["--optimize", "pushes", "--no-dead-squares", "--no-freeze"],
    );
    let (mut fewer, mut pruned) = (0, 0);
    for (a, b) in with.iter().zip(&without) {
        let level = a["level"].as_u64().expect("level") as usize;
        if let Some(optimum) = optima[level - 1].0 {
            assert_eq!(a["pushes"], optimum, "level {level}");
        }
        assert_eq!(a["pushes"], b["pushes"], "level {level} without rules");
        assert_eq!(b["dead_square"], 0);
        assert_eq!(b["freeze"], 0);
        pruned += a["dead_square"].as_u64().unwrap() + a["freeze"].as_u64().unwrap();
        fewer += usize::from(a["generated"].as_u64() < b["generated"].as_u64());
    }
    assert!(
        pruned > 0 && fewer >= 10,
        "pruned {pruned}, fewer on {fewer} levels"
    );
}

#[test]
fn one_level_prints_its_lurd_alone() {
    let out = planbox(&["solve", "problems/sokoban/microban.xsb", "--level", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.trim().chars().all(|c| "lurdLURD".contains(c)),
        "{text}"
    );
}

#[test]
fn an_unsolvable_level_is_proven_so_with_exit_11() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sokoban-solver");
    std::fs::create_dir_all(&dir).expect("scratch");
    // The box is against the top wall; the goal is below it.
    let path = dir.join("stuck.xsb");
    std::fs::write(&path, "#####\n#@$ #\n#  .#\n#####\n").expect("write");
    let out = planbox(&["solve", path.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(11),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsolvable"));
}

#[test]
fn a_malformed_level_is_an_input_error_with_its_position() {
    let out = planbox(&["solve", "tests/data/bad/xsb-two-men.xsb"]);
    assert_eq!(out.status.code(), Some(31));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a second man") && err.contains("xsb-two-men.xsb:"),
        "{err}"
    );
}

#[test]
fn optimize_moves_finds_the_known_optimum_on_microban_1_to_30() {
    let optima = optima("problems/sokoban/microban.optimal.tsv");
    let records = solve_and_replay(
        "problems/sokoban/microban.xsb",
        "1-30",
        &["--optimize", "moves"],
    );
    assert_eq!(records.len(), 30);
    for r in &records {
        let level = r["level"].as_u64().expect("level") as usize;
        if let Some(optimum) = optima[level - 1].1 {
            assert_eq!(r["moves"], optimum, "level {level}");
        }
    }
}

#[test]
fn an_optimisation_needs_an_optimal_search() {
    for (optimize, search) in [("pushes", "gbfs"), ("moves", "bfs"), ("moves", "wastar")] {
        let out = planbox(&[
            "solve",
            "problems/sokoban/microban.xsb",
            "--level",
            "1",
            "--optimize",
            optimize,
            "--search",
            search,
        ]);
        assert_eq!(out.status.code(), Some(2), "{optimize} {search}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("an optimal search"), "{err}");
    }
}

/// Every node on a solution path is solvable, so a sound deadlock rule never
/// prunes one. Solutions found with every rule off (greedy search on the
/// first 60 Microban levels) are walked push by push with the rules on: each
/// push must be among the successors, never among the rejections. (The
/// stronger check, on push-optimal solutions and for each rule alone, is in
/// `tests/deadlock_rules.rs`.)
#[test]
fn no_deadlock_rule_prunes_a_push_of_a_solution() {
    use planbox::search::{self, Limits, Monitor, Outcome, SearchSpace, Successors};
    use planbox::sokoban::solver::{Board, PushBound, PushOptions, PushSpace};
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/sokoban/microban.xsb"),
    )
    .expect("microban");
    let collection = planbox::sokoban::xsb::parse(Path::new("microban.xsb"), &text);
    let off = PushOptions {
        dead_squares: false,
        freeze: false,
        moves: false,
        corrals: false,
        goal_macros: false,
        tunnels: false,
        corral_deadlocks: false,
        matching: false,
    };
    let mut checked = 0;
    for index in 1..=60 {
        let level = collection.level(index).expect("level").expect("valid");
        let board = Board::new(&level);
        let mut monitor = Monitor::new(Limits {
            time: Some(std::time::Duration::from_secs(5)),
            ..Limits::none()
        });
        let mut free = PushSpace::new(&board, off);
        let result = search::gbfs(&mut free, &mut PushBound::new(&board), false, &mut monitor);
        let Outcome::Plan(plan) = result.outcome else {
            continue;
        };
        let mut space = PushSpace::new(&board, PushOptions::default());
        let mut node = vec![0u64; space.words()];
        space.start(&mut node);
        let mut out = Successors::new(space.words());
        for (k, &op) in plan.iter().enumerate() {
            space.successors(&node, &mut out);
            let rejected = space.rejections();
            assert!(
                rejected.iter().all(|&(r, _)| r != op),
                "level {index}, push {}: {:?} pruned a push of a solution",
                k + 1,
                rejected.iter().find(|&&(r, _)| r == op)
            );
            let next = (0..out.len())
                .map(|i| out.get(i))
                .find(|&(o, _)| o == op)
                .unwrap_or_else(|| panic!("level {index}, push {}: not a successor", k + 1));
            node = next.1.to_vec();
        }
        assert!(space.is_target(&node), "level {index}");
        checked += 1;
    }
    assert!(checked >= 55, "only {checked} solutions checked");
}

#[test]
fn several_levels_show_progress_on_stderr_but_not_under_json() {
    let args = ["solve", "problems/sokoban/microban.xsb", "--level", "1-3"];
    let out = planbox(&args);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    let progress: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(progress.len(), 3, "{err}");
    assert!(
        progress[1].starts_with("[2/3] level 2 (`2`): solved, 16 moves, 3 pushes"),
        "{err}"
    );
    assert!(err.contains("Solved 3 of 3 levels"), "{err}");
    let mut json = args.to_vec();
    json.push("--json");
    let out = planbox(&json);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(records(&out).len(), 3);
}

#[test]
fn the_trace_names_each_push_and_the_rule_that_cut_it() {
    let out = planbox(&[
        "solve",
        "problems/sokoban/microban.xsb",
        "--level",
        "4",
        "--optimize",
        "pushes",
        "--trace",
        "--trace-limit",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("expansion ").count(), 2, "{err}");
    assert!(
        err.contains("  boxes r3c4 r3c5 r3c6; man's region r2c2"),
        "{err}"
    );
    assert!(err.contains("  push r3c4 down -> r4c4\n"), "{err}");
    assert!(err.contains("  push r3c4 up  pruned: dead_square"), "{err}");
    assert!(err.contains("pruned: duplicate"), "{err}");
    // Tracing changes nothing: the same solution as without.
    let plain = planbox(&[
        "solve",
        "problems/sokoban/microban.xsb",
        "--level",
        "4",
        "--optimize",
        "pushes",
    ]);
    assert_eq!(plain.stdout, out.stdout);
}

#[test]
fn no_matching_turns_the_rule_off_and_the_bound_stays_finite() {
    let file = "problems/sokoban/microban.xsb";
    let with = solve_and_replay(file, "1-10", &["--optimize", "pushes"]);
    let without = solve_and_replay(file, "1-10", &["--optimize", "pushes", "--no-matching"]);
    let fired: u64 = with.iter().map(|r| r["matching"].as_u64().unwrap()).sum();
    assert!(fired > 0, "the matching rule fires on Microban 1-10");
    for (a, b) in with.iter().zip(&without) {
        assert_eq!(b["matching"], 0);
        // No dead ends from the bound in its place: it gives finite values.
        assert_eq!(b["dead_ends"], 0);
        assert_eq!(a["pushes"], b["pushes"], "level {}", a["level"]);
    }
}

#[test]
fn a_transposition_table_is_for_depth_first_searches() {
    let file = "problems/sokoban/microban.xsb";
    let with = solve_and_replay(
        file,
        "5",
        &[
            "--search",
            "dfs",
            "--no-corrals",
            "--no-goal-macros",
            "--no-tunnels",
            "--transposition-table",
        ],
    );
    let without = solve_and_replay(
        file,
        "5",
        &[
            "--search",
            "dfs",
            "--no-corrals",
            "--no-goal-macros",
            "--no-tunnels",
        ],
    );
    assert!(with[0]["transposition"].as_u64().unwrap() > 0);
    assert!(with[0]["expanded"].as_u64() < without[0]["expanded"].as_u64());
    let out = planbox(&[
        "solve",
        file,
        "--level",
        "1",
        "--search",
        "astar",
        "--transposition-table",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("only applies to `--search dfs`"));
}
