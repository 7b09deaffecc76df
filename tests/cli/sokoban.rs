//! Sokoban end to end: every bundled level collection translates, the IPC
//! encoding reproduces the 100 IPC problems, bad levels are refused with their
//! place, plans turn into LURD strings and back, and the committed problem
//! files are what `planbox xsb2pddl` writes today.

use crate::common::{Rng, command, planbox, root, scratch, stderr, stdout};
use planbox::sokoban::{Format, Level, decode, names, xsb};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn read(path: &Path) -> String {
    String::from_utf8_lossy(&fs::read(path).expect("readable file")).into_owned()
}

fn collection(relative: &str) -> xsb::Collection {
    let path = root().join(relative);
    xsb::parse(&path, &read(&path))
}

/// Translates every level of `files`; returns (levels, translated) and
/// checks that each problem decodes back to the same board.
fn translate_all(files: &[String]) -> (usize, usize) {
    let (mut levels, mut ok) = (0, 0);
    for file in files {
        let c = collection(file);
        let stems = names::stems(&c, &names::collection_name(Path::new(file)));
        for (k, level) in c.levels().enumerate() {
            levels += 1;
            let Ok(level) = level else { continue };
            ok += 1;
            for format in [Format::Mbc, Format::Ipc] {
                let text = format.problem(&level, &names::problem_name(&stems[k]));
                let back = decode::level_from_problem(Path::new("p.pddl"), &text)
                    .unwrap_or_else(|e| panic!("{file} level {}: {e}", k + 1));
                same_game(&level, &back, &format!("{file} level {} {format:?}", k + 1));
            }
        }
    }
    (levels, ok)
}

/// The man, boxes and goals agree (the grid may differ outside the walls).
fn same_game(a: &Level, b: &Level, what: &str) {
    assert_eq!(a.man(), b.man(), "{what}: man");
    assert_eq!(a.boxes(), b.boxes(), "{what}: boxes");
    assert_eq!(a.goals(), b.goals(), "{what}: goals");
}

#[test]
fn every_bundled_level_translates() {
    let screens: Vec<String> = (1..=90)
        .map(|i| format!("problems/sokoban/xsokoban/screen.{i}"))
        .collect();
    let sets: [(&str, Vec<String>, usize); 6] = [
        (
            "Microban",
            vec!["problems/sokoban/microban.xsb".into()],
            155,
        ),
        (
            "Microban II",
            vec!["problems/sokoban/microban_ii.xsb".into()],
            135,
        ),
        ("XSokoban", screens, 90),
        (
            "Original and Extra",
            vec!["problems/sokoban/original_and_extra.xsb".into()],
            90,
        ),
        (
            "Boxoban",
            vec!["problems/sokoban/boxoban/unfiltered/test/000.txt".into()],
            1000,
        ),
        ("teaching", vec!["problems/sokoban/teaching.xsb".into()], 8),
    ];
    for (name, files, expected) in sets {
        let (levels, translated) = translate_all(&files);
        assert_eq!((levels, translated), (expected, expected), "{name}");
    }
}

#[test]
fn titles_follow_each_collection_layout() {
    let titles = |file: &str| -> Vec<String> {
        let c = collection(file);
        c.entries()
            .iter()
            .map(|e| e.title.clone().unwrap_or_default())
            .collect()
    };
    let numbers = |from: usize, to: usize| (from..=to).map(|i| i.to_string()).collect::<Vec<_>>();
    let microban = titles("problems/sokoban/microban.xsb");
    assert_eq!(microban[..3], numbers(1, 3));
    assert_eq!(microban[154], "155 'The Dungeon'");
    let first_words: Vec<String> = (titles("problems/sokoban/microban_ii.xsb").iter())
        .map(|t| t.split(' ').next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(first_words, numbers(1, 135));
    assert_eq!(
        titles("problems/sokoban/original_and_extra.xsb"),
        numbers(1, 90)
    );
    assert_eq!(
        titles("problems/sokoban/boxoban/unfiltered/test/000.txt"),
        numbers(0, 999)
    );
    let teaching = titles("problems/sokoban/teaching.xsb");
    assert_eq!(
        teaching,
        [
            "lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl9", "lvl9a", "tiny"
        ]
    );
    let original = collection("problems/sokoban/original_and_extra.xsb");
    assert_eq!(
        original.entries()[0].copyright.as_deref(),
        Some("Thinking Rabbit")
    );
}

// ---------------------------------------------------------------------------
// The IPC encoding against the 100 IPC Sokoban problems.

/// A tiny s-expression tree, independent of the library's reader.
#[derive(Debug)]
enum S {
    Atom(String),
    List(Vec<S>),
}

fn sexp(text: &str) -> Vec<S> {
    let mut stack: Vec<Vec<S>> = vec![Vec::new()];
    let mut atom = String::new();
    let mut comment = false;
    for c in text.chars() {
        if comment {
            comment = c != '\n';
            continue;
        }
        if c == ';' || c == '(' || c == ')' || c.is_whitespace() {
            if !atom.is_empty() {
                let done = std::mem::take(&mut atom).to_lowercase();
                stack.last_mut().expect("open list").push(S::Atom(done));
            }
            match c {
                ';' => comment = true,
                '(' => stack.push(Vec::new()),
                ')' => {
                    let list = stack.pop().expect("balanced");
                    stack.last_mut().expect("balanced").push(S::List(list));
                }
                _ => {}
            }
        } else {
            atom.push(c);
        }
    }
    stack.pop().expect("top level")
}

fn show(s: &S) -> String {
    match s {
        S::Atom(a) => a.clone(),
        S::List(items) => format!("({})", items.iter().map(show).collect::<Vec<_>>().join(" ")),
    }
}

/// Objects (as `name - type`), init facts and goal facts of a problem.
fn sections(text: &str) -> [BTreeSet<String>; 3] {
    let top = sexp(text);
    let Some(S::List(define)) = top.iter().find(|s| matches!(s, S::List(_))) else {
        panic!("no define");
    };
    let mut out: [BTreeSet<String>; 3] = Default::default();
    for section in define {
        let S::List(items) = section else { continue };
        match items.first().map(show).as_deref() {
            Some(":objects") => {
                let words: Vec<String> = items[1..].iter().map(show).collect();
                let mut pending = Vec::new();
                let mut i = 0;
                while i < words.len() {
                    if words[i] == "-" {
                        for name in pending.drain(..) {
                            out[0].insert(format!("{name} - {}", words[i + 1]));
                        }
                        i += 2;
                    } else {
                        pending.push(words[i].clone());
                        i += 1;
                    }
                }
            }
            Some(":init") => out[1].extend(items[1..].iter().map(show)),
            Some(":goal") => match &items[1] {
                S::List(and) => out[2].extend(and[1..].iter().map(show)),
                atom => panic!("unexpected goal {}", show(atom)),
            },
            _ => {}
        }
    }
    out
}

#[test]
fn ipc_format_reproduces_the_100_ipc_problems() {
    let microban = collection("problems/sokoban/microban.xsb");
    let index = read(&root().join("problems/ipc/sokoban-index.tsv"));
    let mut compared = 0;
    for row in index.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (set, problem, level) = (cols[0], cols[1], cols[2]);
        let level: usize = level.parse().expect("a level number");
        let ours = microban
            .level(level)
            .expect("the level exists")
            .expect("valid");
        let ours = sections(&Format::Ipc.problem(&ours, "p"));
        let theirs = sections(&read(&root().join("problems/ipc").join(set).join(problem)));
        for (k, what) in ["objects", "init", "goal"].iter().enumerate() {
            let extra: Vec<_> = ours[k].difference(&theirs[k]).take(5).collect();
            let missing: Vec<_> = theirs[k].difference(&ours[k]).take(5).collect();
            assert!(
                extra.is_empty() && missing.is_empty(),
                "{set}/{problem} (Microban {level}) {what}: extra {extra:?}, missing {missing:?}"
            );
        }
        compared += 1;
    }
    assert_eq!(compared, 100);
}

#[test]
fn ipc_problems_decode_to_their_microban_level() {
    let microban = collection("problems/sokoban/microban.xsb");
    let path = root().join("problems/ipc/sokoban-opt08-strips/p01.pddl");
    let back = decode::level_from_problem(&path, &read(&path)).expect("decodes");
    let level = microban.level(12).expect("level 12").expect("valid");
    same_game(&level, &back, "p01 = Microban 12");
    assert_eq!(back.to_xsb(), level.to_xsb());
}

// ---------------------------------------------------------------------------
// Bad level files: message, level, line:column, exit code 31.

#[test]
fn bad_levels_are_refused_with_their_place() {
    let dir = scratch("bad");
    let good = "; one\n#####\n#@$.#\n#####\n\n";
    let cases = [
        (
            "no-man",
            "#####\n# $.#\n#####\n",
            "no man on the board",
            "8:1",
        ),
        (
            "two-men",
            "######\n#@$.@#\n######\n",
            "a second man on the board (the first is at line 9, column 2)",
            "9:5",
        ),
        (
            "no-boxes",
            "####\n#@ #\n####\n",
            "no boxes on the board",
            "8:1",
        ),
        (
            "boxes-goals",
            "######\n#@$$.#\n######\n",
            "2 boxes but 1 goal",
            "8:1",
        ),
        (
            "unknown-char",
            "#####\n#@$x#\n#####\n",
            "unknown character 'x'",
            "9:4",
        ),
        (
            "open",
            "#####\n#@$.\n#####\n",
            "the board is not closed",
            // The gap in the wall, past the row's end.
            "9:5",
        ),
        (
            "run-length",
            "5#\n#@$.3\n5#\n",
            "bad run-length encoding",
            "9:5",
        ),
    ];
    for (name, board, message, place) in cases {
        let path = dir.join(format!("{name}.xsb"));
        fs::write(&path, format!("{good}; two\n\n{board}")).expect("write");
        let path = path.display().to_string();
        let out = planbox(&["xsb2pddl", &path, "--level", "2"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(31), "{name}: {err}");
        assert!(
            err.contains(&format!("error: level 2 (`two`): {message}")),
            "{name}: {err}"
        );
        assert!(
            err.contains(&format!("{name}.xsb:{place}\n")),
            "{name}: {err}"
        );
        assert!(err.trim_end().ends_with('^'), "{name}: {err}");
        // The good level of the same file still translates.
        assert_eq!(
            planbox(&["xsb2pddl", &path, "--level", "1"]).status.code(),
            Some(0)
        );
    }
    let empty = dir.join("empty.xsb");
    fs::write(&empty, "; nothing here\n").expect("write");
    let out = planbox(&["xsb2pddl", &empty.display().to_string()]);
    assert_eq!(out.status.code(), Some(31));
    assert!(
        stderr(&out).contains("no Sokoban level"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn crlf_ragged_and_run_length_boards_read_alike() {
    let plain = xsb::parse(Path::new("a.xsb"), "  ####\n###  #\n#@$ .#\n######\n");
    let other = xsb::parse(Path::new("b.xsb"), "2-4#|3#2-#\r\n#@$-.#\r\n6#\r\n");
    let a = plain.level(1).expect("one").expect("valid");
    let b = other.level(1).expect("one").expect("valid");
    assert_eq!(a.to_xsb(), b.to_xsb());
}

#[test]
fn usage_errors_exit_2() {
    let out = planbox(&[
        "xsb2pddl",
        "problems/sokoban/microban.xsb",
        "--level",
        "156",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = planbox(&[
        "xsb2pddl",
        "problems/sokoban/microban.xsb",
        "--level",
        "1-2",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--out-dir"), "{}", stderr(&out));
    let out = planbox(&[
        "xsb2pddl",
        "problems/sokoban/microban.xsb",
        "--title",
        "nope",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = planbox(&["xsb2pddl", "no/such/file.xsb"]);
    assert_eq!(out.status.code(), Some(31));
}

/// A range that counts down, or a list or range with a number missing, is a
/// usage error that quotes what was typed, for every verb that takes
/// `--level`; nothing is written.
#[test]
fn empty_and_malformed_level_ranges_are_usage_errors() {
    let dir = scratch("level-ranges");
    let out_dir = dir.display().to_string();
    let cases = [
        ("--level 5-3", "the range 5-3 is empty"),
        ("--level=-1", "expected a level number before `-`"),
        ("--level 3,", "expected a level number after `,`"),
        ("--level 1-2-3", "`1-2-3` is not a range"),
    ];
    for (typed, message) in cases {
        let level: Vec<&str> = typed.splitn(2, [' ']).collect();
        for verb in [
            vec!["xsb2pddl", "--out-dir", &out_dir],
            vec!["solve", "--json"],
        ] {
            let mut args = vec![verb[0], "problems/sokoban/microban.xsb"];
            args.extend_from_slice(&level);
            args.extend_from_slice(&verb[1..]);
            let out = planbox(&args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(&format!("error: `{typed}`: {message}")),
                "{args:?}: {err}"
            );
        }
    }
    let written = fs::read_dir(&dir).expect("scratch").count();
    assert_eq!(written, 0, "files written in {out_dir}");
}

/// An `--out-dir` that cannot take files fails before any level is
/// translated or solved: exit 31, naming the folder. `/proc/self` refuses new
/// files even to root, for whom a read-only folder is writable.
#[test]
fn an_unwritable_out_dir_fails_before_any_work() {
    let file = scratch("out-dir").join("a-file");
    fs::write(&file, "").expect("write");
    let under_a_file = file.join("sub").display().to_string();
    let mut folders = vec![under_a_file];
    if cfg!(target_os = "linux") {
        folders.push("/proc/self".to_string());
    }
    for dir in &folders {
        for verb in ["xsb2pddl", "solve"] {
            let out = planbox(&[
                verb,
                "problems/sokoban/microban.xsb",
                "--level",
                "1-3",
                "--out-dir",
                dir,
            ]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(31), "{verb} {dir}: {err}");
            assert!(
                err.starts_with(&format!("error: cannot write into the folder `{dir}`: ")),
                "{verb} {dir}: {err}"
            );
            assert_eq!(stdout(&out), "", "{verb} {dir}: nothing done");
            assert_eq!(err.lines().count(), 1, "{verb} {dir}: {err}");
        }
    }
}

// ---------------------------------------------------------------------------
// Plans, LURD strings and replay.

const TINY_PLAN: &str = "(move r3c3 r4c3 down)\n(move r4c3 r4c2 left)\n\
                         (push r4c2 r3c2 r2c2 up)\n; cost = 3 (unit cost)\n";

#[test]
fn lurd_prints_a_hand_written_plan() {
    let dir = scratch("lurd");
    let plan = dir.join("sas_plan");
    fs::write(&plan, TINY_PLAN).expect("write");
    let problem = "problems/sokoban/teaching/teaching-tiny.pddl";
    let out = planbox(&["lurd", problem, &plan.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "dlU\n");
}

#[test]
fn lurd_reports_a_step_that_does_not_fit() {
    let dir = scratch("lurd-bad");
    let plan = dir.join("sas_plan");
    fs::write(
        &plan,
        TINY_PLAN.replace("(move r4c3 r4c2 left)", "(push r4c3 r4c2 r4c1 left)"),
    )
    .expect("write");
    let problem = "problems/sokoban/teaching/teaching-tiny.pddl";
    let out = planbox(&["lurd", problem, &plan.display().to_string()]);
    assert_eq!(out.status.code(), Some(31));
    let err = stderr(&out);
    assert!(
        err.contains("step 2 `(push r4c3 r4c2 r4c1 left)`: `L` is a push, but r4c2 holds no box"),
        "{err}"
    );
    assert!(err.contains("sas_plan:2:1"), "{err}");
}

#[test]
fn lurd_reads_plans_over_the_ipc_encoding() {
    let dir = scratch("lurd-ipc");
    let out = planbox(&[
        "xsb2pddl",
        "problems/sokoban/teaching.xsb",
        "--title",
        "lvl0",
        "--format",
        "ipc",
        "--out-dir",
        &dir.display().to_string(),
        "--write-domain",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // `--out-dir` lists the files it writes.
    let listed = format!("level 1 -> {}", dir.join("teaching-lvl0.pddl").display());
    assert!(stdout(&out).contains(&listed), "{}", stdout(&out));
    let level = collection("problems/sokoban/teaching.xsb")
        .level(1)
        .expect("lvl0")
        .expect("valid");
    let letters = planbox::sokoban::lurd::parse("rrdLullddrUUU").expect("lurd");
    let plan = planbox::sokoban::lurd::to_plan(&level, &letters, Format::Ipc).expect("legal");
    assert!(
        plan[3].starts_with("(push-to-nongoal player-01 stone-01 "),
        "{plan:?}"
    );
    assert!(
        plan[12].starts_with("(push-to-goal player-01 stone-01 "),
        "{plan:?}"
    );
    let plan_path = dir.join("sas_plan");
    fs::write(&plan_path, plan_file(&plan, 4, false)).expect("write");
    let problem = dir.join("teaching-lvl0.pddl").display().to_string();
    let out = planbox(&["lurd", &problem, &plan_path.display().to_string()]);
    assert_eq!(stdout(&out), "rrdLullddrUUU\n", "{}", stderr(&out));
    // A step that does not fit is reported in the plan's own cell names.
    let mut broken = plan.clone();
    broken.remove(0);
    fs::write(&plan_path, plan_file(&broken, 4, false)).expect("write");
    let out = planbox(&["lurd", &problem, &plan_path.display().to_string()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(31), "{err}");
    assert!(err.contains("the man is at pos-"), "{err}");
    assert!(!err.contains(" r3c"), "{err}");
    assert_eq!(
        read(&dir.join("domain.pddl")),
        read(&root().join("problems/ipc/sokoban-opt08-strips/domain.pddl"))
    );
}

#[test]
fn replay_accepts_a_known_solution() {
    let args = [
        "replay",
        "problems/sokoban/teaching.xsb",
        "--title",
        "lvl0",
        "rrdLullddrUUU",
    ];
    let out = planbox(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "13 moves, 4 pushes: solved\n");
    // The same solution run-length encoded, from a file, on the translated problem.
    let dir = scratch("replay");
    let solution = dir.join("lvl0.sol");
    fs::write(&solution, "2rdL\nu2l2dr3U\n").expect("write");
    let out = planbox(&[
        "replay",
        "problems/sokoban/teaching/teaching-lvl0.pddl",
        &solution.display().to_string(),
    ]);
    assert_eq!(
        stdout(&out),
        "13 moves, 4 pushes: solved\n",
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_reports_the_first_illegal_step() {
    let out = planbox(&[
        "replay",
        "problems/sokoban/teaching.xsb",
        "--level",
        "1",
        "rrdLuU",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("step 6 `U` is illegal: the man cannot step up: r3c4 is a wall"),
        "{text}"
    );
    assert!(text.contains("<solution>:1:6"), "{text}");
    let out = planbox(&[
        "replay",
        "problems/sokoban/teaching.xsb",
        "--level",
        "1",
        "rrdL",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "4 moves, 1 push: not solved (0 of 1 goals hold a box)\n"
    );
    let out = planbox(&[
        "replay",
        "problems/sokoban/teaching.xsb",
        "--level",
        "1",
        "rrdLx",
    ]);
    assert_eq!(out.status.code(), Some(31));
    assert!(
        stderr(&out).contains("neither a file nor a LURD string"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_show_draws_every_step() {
    let out = planbox(&[
        "replay",
        "--show",
        "problems/sokoban/teaching.xsb",
        "--title",
        "tiny",
        "dlU",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let expected = "start:\n####\n#.##\n#$@#\n#  #\n####\n\nstep 1 `d`:\n####\n#.##\n#$ #\n# @#\n####\n\n\
                    step 2 `l`:\n####\n#.##\n#$ #\n#@ #\n####\n\nstep 3 `U`:\n####\n#*##\n#@ #\n#  #\n####\n\n\
                    3 moves, 1 push: solved\n";
    assert_eq!(stdout(&out), expected);
}

// ---------------------------------------------------------------------------
// Committed problem files are reproducible.

/// Runs `planbox xsb2pddl` as `problems/sokoban/README.md` documents it and
/// compares every written file with the committed one.
fn reproduces(args: &[&str], committed: &str) {
    let dir = scratch(committed.replace('/', "-").as_str());
    let dir_arg = dir.display().to_string();
    let mut full: Vec<&str> = args.to_vec();
    full.extend(["--out-dir", &dir_arg, "--write-domain"]);
    let out = planbox(&full);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let committed = root().join(committed);
    let list = |d: &Path| -> BTreeSet<String> {
        fs::read_dir(d)
            .expect("a folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".pddl"))
            .collect()
    };
    assert_eq!(list(&dir), list(&committed));
    for name in list(&dir) {
        assert_eq!(
            read(&dir.join(&name)),
            read(&committed.join(&name)),
            "{name} differs: regenerate it"
        );
    }
    assert_eq!(
        read(&committed.join("domain.pddl")),
        read(&root().join("domains/sokoban.pddl"))
    );
}

#[test]
fn committed_teaching_problems_are_reproducible() {
    reproduces(
        &["xsb2pddl", "problems/sokoban/teaching.xsb", "--all"],
        "problems/sokoban/teaching",
    );
}

#[test]
fn committed_microban_problems_are_reproducible() {
    reproduces(
        &[
            "xsb2pddl",
            "problems/sokoban/microban.xsb",
            "--level",
            "1-30",
        ],
        "problems/sokoban/microban",
    );
}

#[test]
fn expected_lengths_match_the_optimal_tables() {
    let expected = read(&root().join("problems/sokoban/microban/expected.tsv"));
    let table = read(&root().join("problems/sokoban/microban.optimal.tsv"));
    let optimal: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let rows: Vec<&str> = expected.lines().skip(1).collect();
    assert_eq!(rows.len(), 30);
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(
            *row,
            format!("microban-{:03}.pddl\t{}", k + 1, optimal[k][4])
        );
    }
    let teaching = read(&root().join("problems/sokoban/teaching/expected.tsv"));
    let known = read(&root().join("problems/sokoban/teaching.expected"));
    let rows: Vec<String> = known
        .lines()
        .map(|l| l.replacen(' ', ".pddl\t", 1))
        .map(|l| format!("teaching-{l}"))
        .collect();
    assert_eq!(teaching.lines().skip(1).collect::<Vec<_>>(), rows);
}

// ---------------------------------------------------------------------------
// The whole pipeline on the teaching levels: XSB -> PDDL -> ground -> plan ->
// LURD -> replay. Until the planner is merged, a breadth-first search written
// here stands in for `planbox plan` (see `full_round_trip_with_the_planner`).

/// An optimal (shortest) plan of a ground task, by breadth-first search.
fn bfs_plan(task: &planbox::task::Task) -> Vec<String> {
    use planbox::task::FactId;
    use std::collections::{HashMap, VecDeque};
    let start: Vec<FactId> = task.init.to_vec();
    let mut parent: HashMap<Vec<FactId>, Option<(Vec<FactId>, usize)>> = HashMap::new();
    parent.insert(start.clone(), None);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if task.goal.iter().all(|g| state.binary_search(g).is_ok()) {
            let mut plan = Vec::new();
            let mut at = state;
            while let Some(Some((before, op))) = parent.get(&at) {
                plan.push(task.operators[*op].plan_step());
                at = before.clone();
            }
            plan.reverse();
            return plan;
        }
        for (k, op) in task.operators.iter().enumerate() {
            if op.pre.iter().all(|p| state.binary_search(p).is_ok()) {
                let mut next: Vec<FactId> = state
                    .iter()
                    .filter(|f| !op.del.contains(f))
                    .copied()
                    .collect();
                next.extend(op.add.iter().copied());
                next.sort();
                next.dedup();
                if !parent.contains_key(&next) {
                    parent.insert(next.clone(), Some((state.clone(), k)));
                    queue.push_back(next);
                }
            }
        }
    }
    panic!("no plan for {}", task.problem_name);
}

#[test]
fn teaching_levels_round_trip_through_ground_plans() {
    use planbox::pddl::{self, ast::Source};
    let dir = scratch("round-trip");
    let folder = root().join("problems/sokoban/teaching");
    let source = |path: PathBuf| Source {
        text: read(&path),
        path,
    };
    let domain = pddl::parse_domain(source(folder.join("domain.pddl"))).expect("domain parses");
    pddl::check_domain(&domain).expect("domain checks");
    let expected = read(&folder.join("expected.tsv"));
    assert_eq!(
        expected.lines().count(),
        1 + 8,
        "a header and the 8 teaching levels"
    );
    for (k, row) in expected.lines().skip(1).enumerate() {
        let (file, length) = row.split_once('\t').expect("two columns");
        let problem = pddl::parse_problem(source(folder.join(file))).expect("problem parses");
        pddl::check_problem(&domain, &problem).expect("problem checks");
        let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
        let plan = bfs_plan(&task);
        assert_eq!(plan.len().to_string(), length, "{file}: optimal length");
        let plan_path = dir.join(format!("{file}.plan"));
        fs::write(&plan_path, plan_file(&plan, plan.len(), true)).expect("write");
        let problem_path = folder.join(file).display().to_string();
        let out = planbox(&["lurd", &problem_path, &plan_path.display().to_string()]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        let lurd = stdout(&out).trim().to_string();
        assert_eq!(lurd.len(), plan.len());
        let level = (k + 1).to_string();
        let out = planbox(&[
            "replay",
            "problems/sokoban/teaching.xsb",
            "--level",
            &level,
            &lurd,
        ]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stdout(&out));
        assert!(
            stdout(&out).starts_with(&format!("{length} moves, ")),
            "{}",
            stdout(&out)
        );
        assert!(stdout(&out).ends_with("solved\n"), "{}", stdout(&out));
    }
}

/// The whole round trip on every teaching level and Microban 1-30: the
/// translated problem is solved by `planbox plan` with A* and h_max (an
/// admissible heuristic, so the plan is optimal), forward and backward
/// (`--engine progression` and `regression`), written to `sas_plan` as
/// Fast Downward does, turned into LURD by `planbox lurd` (and by `plan --lurd`,
/// which must agree), and replayed on the original XSB level by `planbox
/// replay`, which must say solved after exactly the known optimal number of
/// moves.
#[test]
fn full_round_trip_with_the_planner() {
    let mut checked = 0;
    for (folder, xsb) in [("teaching", "teaching.xsb"), ("microban", "microban.xsb")] {
        let folder = root().join("problems/sokoban").join(folder);
        let expected = read(&folder.join("expected.tsv"));
        for row in expected.lines().skip(1) {
            let (file, length) = row.split_once('\t').expect("two columns");
            for engine in ["progression", "regression"] {
                let work = scratch(&format!("planner-{engine}-{file}"));
                let problem = folder.join(file).display().to_string();
                let out = command()
                    .args([
                        "plan",
                        "--engine",
                        engine,
                        "--search",
                        "astar",
                        "--heuristic",
                        "hmax",
                        "--lurd",
                        &problem,
                    ])
                    .current_dir(&work)
                    .output()
                    .expect("planbox runs");
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{engine} {file}: {}",
                    stderr(&out)
                );
                let from_plan = stdout(&out).trim().to_string();
                let plan = work.join("sas_plan").display().to_string();
                let lurd = stdout(&planbox(&["lurd", &problem, &plan]))
                    .trim()
                    .to_string();
                assert_eq!(
                    lurd, from_plan,
                    "{engine} {file}: `plan --lurd` and `lurd` differ"
                );
                assert_eq!(lurd.len().to_string(), length, "{engine} {file}: {lurd}");
                // The level's index in the collection, from the problem's name.
                let level = level_of(&folder.join(file));
                let levels = format!("problems/sokoban/{xsb}");
                let out = planbox(&["replay", &levels, "--title", &level, &lurd]);
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{engine} {file}: {}",
                    stdout(&out)
                );
                assert_eq!(
                    stdout(&out).split(' ').next(),
                    Some(length),
                    "{engine} {file}: {}",
                    stdout(&out)
                );
                assert!(
                    stdout(&out).ends_with("solved\n"),
                    "{engine} {file}: {}",
                    stdout(&out)
                );
                checked += 1;
            }
        }
    }
    assert_eq!(
        checked, 76,
        "8 teaching levels and Microban 1-30, both ways"
    );
}

/// The level title a translated problem names in its first comment line
/// (`; Sokoban level `lvl0` (level 1 of teaching.xsb)`).
fn level_of(problem: &Path) -> String {
    let text = read(problem);
    let first = text.lines().next().expect("a header line");
    first
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no title in {first}"))
        .to_string()
}

// ---------------------------------------------------------------------------
// Robustness: mutated inputs end in `Ok` or `Err`, never in a panic.

/// `text` with a few characters deleted, duplicated or replaced by ones that
/// matter to the readers.
fn mutate(text: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[char] = &[
        '#', '@', '+', '$', '*', '.', ' ', '-', '_', '|', '\n', '\r', ';', '(', ')', '0', '3', '9',
        'r', 'U', 'x', 'é',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars.insert(at, chars[at]),
            _ => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_inputs_never_panic() {
    use planbox::sokoban::lurd;
    let mut rng = Rng(0x5eed_50c0_ba11);
    let seeds = [
        read(&root().join("problems/sokoban/teaching.xsb")),
        read(&root().join("problems/sokoban/xsokoban/screen.1")),
        "4#|#@$.#|4#\n; t\n".to_string(),
    ];
    let problem = read(&root().join("problems/sokoban/teaching/teaching-lvl0.pddl"));
    let ipc_problem = read(&root().join("problems/ipc/sokoban-opt08-strips/p01.pddl"));
    let tiny = collection("problems/sokoban/teaching.xsb")
        .level(8)
        .expect("tiny")
        .expect("valid");
    for round in 0..3000 {
        let seed = &seeds[round % seeds.len()];
        let text = mutate(seed, &mut rng);
        let c = xsb::parse(Path::new("m.xsb"), &text);
        for level in c.levels().flatten() {
            let pddl = Format::Mbc.problem(&level, "m");
            let back =
                decode::level_from_problem(Path::new("m.pddl"), &pddl).expect("own output decodes");
            same_game(&level, &back, "mutant");
            let _ = Format::Ipc.problem(&level, "m");
        }
        let source = if round % 2 == 0 {
            &problem
        } else {
            &ipc_problem
        };
        let _ = decode::level_from_problem(Path::new("m.pddl"), &mutate(source, &mut rng));
        let lurd_text = mutate("3r(2dU)L ; x\n", &mut rng);
        if let Ok(letters) = lurd::parse(&lurd_text) {
            let _ = lurd::to_plan(&tiny, &letters, Format::Ipc);
        }
        if let Ok(steps) = planbox::plan::parse_plan(&mutate(TINY_PLAN, &mut rng)) {
            let _ = lurd::from_plan(&tiny, &steps);
        }
    }
}

/// A plan file in Fast Downward's format: the steps and the cost line.
fn plan_file(steps: &[String], cost: usize, unit: bool) -> String {
    let mut out: String = steps.iter().map(|s| format!("{s}\n")).collect();
    let kind = if unit { "unit cost" } else { "general cost" };
    out.push_str(&format!("; cost = {cost} ({kind})\n"));
    out
}

/// `solve --out-dir` removes a level's old solution before it searches the
/// level, as `plan` removes its old plans: a level not solved this time
/// leaves no old solution to be read as new.
#[test]
fn solve_removes_a_levels_old_solution_first() {
    let dir = scratch("solve-stale");
    let old = dir.join("level-139.lurd");
    fs::write(&old, "rR\n").expect("write");
    let kept = dir.join("level-001.lurd");
    fs::write(&kept, "rR\n").expect("write");
    let out = planbox(&[
        "solve",
        "problems/sokoban/microban.xsb",
        "--level",
        "139",
        "--time-limit",
        "0.01",
        "--out-dir",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(23), "{}", stderr(&out));
    assert!(!old.exists(), "the old solution of level 139 is gone");
    assert!(kept.exists(), "another level's file stays");
    assert!(
        stderr(&out).contains(&format!("Removed old solution {}", old.display())),
        "{}",
        stderr(&out)
    );
}

/// `replay` names only the options it has, and refuses `--level` on a
/// problem file (one level) instead of ignoring it.
#[test]
fn replay_names_its_own_options() {
    let out = planbox(&["replay", "problems/sokoban/microban.xsb", "rR"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("choose with --level N or --title T"), "{err}");
    assert!(!err.contains("--all"), "{err}");
    let out = planbox(&[
        "replay",
        "problems/sokoban/microban/microban-001.pddl",
        "--level",
        "2",
        "rR",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("is a problem, which holds one"));
}
