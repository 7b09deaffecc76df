//! Hostile input: whatever bytes a file holds, planbox ends with a result or a
//! located error and a documented exit code, never a crash.
//!
//! Families covered here: parentheses nested to any depth (up to a file of
//! megabytes), byte-order marks, binary files, and lines too long to echo.
//! The fuzz targets in `fuzz/` look for more; each of their findings becomes a
//! case in `tests/data/bad/`.

use crate::common::{planbox, scratch_file};
use planbox::pddl::{self, MAX_NESTING, ast::Source};
use planbox::plan::parse_plan;
use std::path::{Path, PathBuf};

const DOMAIN: &str = "(define (domain d) (:requirements :strips)
  (:predicates (on ?x) (off ?x))
  (:action flip :parameters (?x)
    :precondition PRE
    :effect (and (not (on ?x)) (off ?x))))";

/// `(and (and ... inner ...))` nested so that `inner` sits `depth` levels down.
fn nested(depth: usize, inner: &str) -> String {
    format!(
        "{}{inner}{}",
        "(and ".repeat(depth - 1),
        ")".repeat(depth - 1)
    )
}

/// A domain whose precondition and a problem whose goal nest `depth` deep
/// (counting the `define` and section parentheses around them).
fn files(depth: usize) -> (String, String) {
    // The precondition sits three levels down: define, action, and itself.
    let domain = DOMAIN.replace("PRE", &nested(depth - 2, "(on ?x)"));
    // The goal sits two levels down: define and the `:goal` section.
    let problem = format!(
        "(define (problem p) (:domain d) (:objects a) (:init (on a)) (:goal {}))",
        nested(depth - 2, "(off a)")
    );
    (domain, problem)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let paths: Vec<&Path> = args.iter().map(Path::new).collect();
    let out = planbox(&paths);
    (
        out.status
            .code()
            .expect("planbox exits normally, not by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn source(name: &str, text: String) -> Source {
    Source {
        path: name.into(),
        text,
    }
}

#[test]
fn nesting_at_the_limit_parses_grounds_and_validates_on_a_small_stack() {
    // 2 MiB is the stack of a test thread, a quarter of a main thread's: the
    // library must not need more at the deepest nesting it accepts, even in a
    // debug build (which needs between 1 and 2 MiB; a release build, 256 KiB).
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let (domain, problem) = files(MAX_NESTING);
            let domain = pddl::parse_domain(source("d.pddl", domain)).expect("domain parses");
            pddl::check_domain(&domain).expect("domain checks");
            let problem = pddl::parse_problem(source("p.pddl", problem)).expect("problem parses");
            pddl::check_problem(&domain, &problem).expect("problem checks");
            let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
            assert_eq!(task.operators.len(), 1);
            let plan = parse_plan("(flip a)\n").expect("plan parses");
            let report = planbox::validate::validate(&domain, &problem, &plan);
            assert!(report.is_valid(), "{report:?}");
        })
        .expect("spawn");
    worker.join().expect("no panic, no overflow");
}

#[test]
fn adl_formulas_nested_to_the_limit_ground_and_validate_on_a_small_stack() {
    // Every ADL construct nested as deep as planbox reads: the parser, the
    // checker, the normaliser and the validator recurse once per level.
    let depth = MAX_NESTING - 6;
    let wrap =
        |open: &str, inner: &str, n: usize| format!("{}{inner}{}", open.repeat(n), ")".repeat(n));
    let cases = [
        wrap("(not ", "(off ?x)", depth),
        wrap("(or ", "(on ?x)", depth),
        wrap("(imply (off ?x) ", "(on ?x)", depth / 2),
        wrap("(exists (?y) ", "(on ?x)", depth / 2),
        wrap("(forall (?y) ", "(on ?x)", depth / 2),
    ];
    for (i, pre) in cases.into_iter().enumerate() {
        let worker = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let domain = format!(
                    "(define (domain d) (:requirements :adl)
                       (:predicates (on ?x) (off ?x))
                       (:action flip :parameters (?x) :precondition {pre}
                         :effect (and (not (on ?x)) {})))",
                    wrap("(when (on ?x) ", "(off ?x)", 400)
                );
                let problem =
                    "(define (problem p) (:domain d) (:objects a) (:init (on a)) (:goal (off a)))";
                let domain = pddl::parse_domain(source("d.pddl", domain))
                    .unwrap_or_else(|e| panic!("case {i}: {e}"));
                pddl::check_domain(&domain).expect("domain checks");
                let problem =
                    pddl::parse_problem(source("p.pddl", problem.into())).expect("problem parses");
                pddl::check_problem(&domain, &problem).expect("problem checks");
                let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
                let plan = parse_plan("(flip a)\n").expect("plan parses");
                let report = planbox::validate::validate(&domain, &problem, &plan);
                (task.operators.len(), report.is_valid())
            })
            .expect("spawn");
        let (operators, valid) = worker.join().expect("no panic, no overflow");
        // (not^even (off a)) is false at the start: no operator; the others
        // hold. The implications are the two disjuncts (not (off a)) and (on a),
        // each an operator named (flip a).
        let expected = match i {
            0 => (0, false),
            2 => (2, true),
            _ => (1, true),
        };
        assert_eq!((operators, valid), expected, "case {i}");
    }
}

#[test]
fn nesting_past_the_limit_is_an_error_at_the_parenthesis_too_many() {
    let (domain, _) = files(MAX_NESTING + 1);
    let err = pddl::parse_domain(source("d.pddl", domain.clone())).expect_err("too deep");
    assert_eq!(err.exit_code(), 31);
    assert!(err.message.contains("nested more than"), "{err}");
    // The `(` one level too deep is the last `(and ` before the atom.
    let expected = domain.find("(on ?x)))").expect("atom");
    let line_start = domain[..expected].rfind('\n').expect("line 4") + 1;
    assert_eq!((err.line, err.column), (4, expected - line_start + 1));
}

#[test]
fn deep_nesting_up_to_megabytes_ends_with_a_located_error_through_the_binary() {
    // The depths that used to overflow the stack (20,000 to 30,000), and one
    // that fills a file of several megabytes.
    for depth in [MAX_NESTING, 20_000, 30_000, 1_000_000] {
        let (domain, problem) = files(depth);
        let d = scratch_file(&format!("deep-{depth}-domain.pddl"), &domain);
        let p = scratch_file(&format!("deep-{depth}.pddl"), &problem);
        let ok = depth <= MAX_NESTING;
        for command in ["check", "ground", "plan"] {
            let out = planbox(
                &[
                    Path::new(command),
                    &d,
                    &p,
                    Path::new("--plan-file"),
                    Path::new("-"),
                ][..if command == "plan" { 5 } else { 3 }],
            );
            let code = out.status.code().expect("no signal: no stack overflow");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if ok {
                assert_eq!(code, 0, "{command} at depth {depth}: {stderr}");
            } else {
                assert_eq!(code, 31, "{command} at depth {depth}: {stderr}");
                assert!(stderr.contains("nested more than"), "{stderr}");
                assert!(stderr.contains("deep-"), "names the file: {stderr}");
                assert!(stderr.len() < 1000, "{} bytes of stderr", stderr.len());
            }
        }
    }
}

#[test]
fn a_byte_order_mark_is_skipped_in_pddl_and_plan_files() {
    let (domain, problem) = files(3);
    let d = scratch_file(
        "bom-domain.pddl",
        format!("\u{feff};; with a BOM\n{domain}"),
    );
    let p = scratch_file("bom-problem.pddl", format!("\u{feff}{problem}"));
    let plan = scratch_file("bom.plan", "\u{feff}(flip a)\n");
    let (code, out, err) = run(&["check", d.to_str().unwrap(), p.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&[
        "validate",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        plan.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Plan valid"), "{out}");
    // Positions stay those an editor shows: the mark takes no column.
    let bad = scratch_file(
        "bom-bad.pddl",
        "\u{feff}(define (domain d) (:predicates (p ?x)) oops)",
    );
    let (code, _, err) = run(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 31, "{err}");
    assert!(err.contains("bom-bad.pddl:1:41"), "{err}");
}

#[test]
fn binary_files_are_reported_as_not_text_in_one_line() {
    // Bytes of a compiled program: invalid UTF-8 early on, NULs, and more.
    let bytes: Vec<u8> = (0..40_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let bin = scratch_file("binary.bin", &bytes);
    let bin = bin.to_str().unwrap();
    let domain = "tests/data/bad/domain.pddl";
    let level = "problems/sokoban/microban.xsb";
    let ipc = "problems/ipc/sokoban-opt08-strips/p01.pddl";
    let cases: &[&[&str]] = &[
        &["check", bin],
        &["check", domain, bin],
        &["ground", domain, bin],
        &["plan", domain, bin],
        &[
            "validate",
            domain,
            "tests/data/mutation-seed-problem.pddl",
            bin,
        ],
        &["xsb2pddl", bin],
        &["xsb2pddl", bin, "--all", "--out-dir", "target/hostile-out"],
        &["replay", bin, "--level", "1", "lurd"],
        &["replay", level, "--level", "1", bin],
        &["lurd", bin, bin],
        &["lurd", ipc, bin],
        &["invariants", domain, bin],
    ];
    for args in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 31, "{args:?}: {out}{err}");
        assert!(err.contains("is not UTF-8"), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.len() < 300, "{args:?}: {} bytes", err.len());
    }
}

#[test]
fn errors_on_long_lines_show_a_window_of_the_line() {
    // A whole problem on one line of a megabyte, with the mistake in the middle.
    let objects: String = (0..100_000).map(|i| format!(" o{i}")).collect();
    let text = format!(
        "(define (problem p) (:domain d) (:objects{objects}) (:init (on o1 o2)) (:goal (off o1)))"
    );
    let (domain, _) = files(3);
    let d = scratch_file("long-domain.pddl", domain);
    let p = scratch_file("long-problem.pddl", text);
    let (code, _, err) = run(&["check", d.to_str().unwrap(), p.to_str().unwrap()]);
    assert_eq!(code, 31, "{err}");
    assert!(err.contains("predicate `on` takes 1 argument"), "{err}");
    assert!(err.contains("1 | ... o99997"), "{err}");
    assert!(
        err.contains("o99999) (:init (on o1 o2)) (:goal (off o1)))\n"),
        "{err}"
    );
    assert!(err.len() < 600, "{} bytes: {err}", err.len());
}

/// A domain whose one action has six parameters that no precondition binds:
/// `objects^6` ground actions.
fn exploding(objects: usize) -> (PathBuf, PathBuf) {
    let objs: String = (0..objects).map(|i| format!(" o{i}")).collect();
    let d = scratch_file(
        "explode-domain.pddl",
        "(define (domain x) (:requirements :strips)
 (:predicates (p ?x) (q ?a ?b ?c ?d ?e ?f))
 (:action spread :parameters (?a ?b ?c ?d ?e ?f) :precondition (p ?a)
  :effect (q ?a ?b ?c ?d ?e ?f)))",
    );
    let p = scratch_file(
        "explode.pddl",
        format!(
            "(define (problem x) (:domain x) (:objects{objs}) (:init (p o1)) (:goal (q o1 o1 o1 o1 o1 o2)))"
        ),
    );
    (d, p)
}

#[test]
fn a_grounding_that_explodes_stops_at_the_memory_limit_with_exit_22() {
    let (d, p) = exploding(100);
    let out = planbox(&[
        Path::new("plan"),
        &d,
        &p,
        Path::new("--memory-limit"),
        Path::new("200"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(22), "{stderr}");
    assert!(
        stderr.contains("grounding stopped: out of memory (the limit is 200 MB), while instantiating action `spread`"),
        "{stderr}"
    );
    assert!(stderr.contains("explode-domain.pddl:3:11"), "{stderr}");
}

#[test]
fn a_grounding_that_explodes_stops_at_the_size_limit_in_the_library() {
    let (d, p) = exploding(30);
    let read = |p: &Path| source(p.to_str().unwrap(), std::fs::read_to_string(p).unwrap());
    let domain = pddl::parse_domain(read(&d)).unwrap();
    let problem = pddl::parse_problem(read(&p)).unwrap();
    let limits = planbox::ground::GroundLimits {
        max_actions: 1000,
        ..Default::default()
    };
    let err = planbox::ground::ground_with(&domain, &problem, &limits).expect_err("30^6 > 1000");
    assert_eq!(err.exit_code(), 22);
    assert!(
        err.message
            .contains("more than 1,000 ground actions (planbox's limit)"),
        "{err}"
    );
    // A join that tries many bindings and finds none stops at the work limit.
    let limits = planbox::ground::GroundLimits {
        max_work: Some(100_000),
        ..Default::default()
    };
    let err = planbox::ground::ground_with(&domain, &problem, &limits).expect_err("30^6 steps");
    assert_eq!(err.exit_code(), 23);
    assert!(err.message.contains("steps of instantiation"), "{err}");
}

#[test]
fn a_join_that_finds_nothing_stops_at_the_time_limit_with_exit_23() {
    let objs: String = (0..60).map(|i| format!(" o{i}")).collect();
    let init: String = (0..60).map(|i| format!(" (p o{i})")).collect();
    let d = scratch_file(
        "join-domain.pddl",
        "(define (domain y) (:requirements :strips :equality)
 (:predicates (p ?x) (r ?x))
 (:action never :parameters (?a ?b ?c ?d ?e ?f)
  :precondition (and (p ?a) (p ?b) (p ?c) (p ?d) (p ?e) (p ?f) (= ?a ?b) (not (= ?a ?b)))
  :effect (r ?a)))",
    );
    let p = scratch_file(
        "join.pddl",
        format!("(define (problem y) (:domain y) (:objects{objs}) (:init{init}) (:goal (r o1)))"),
    );
    let start = std::time::Instant::now();
    let out = planbox(&[
        Path::new("plan"),
        &d,
        &p,
        Path::new("--time-limit"),
        Path::new("1"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(23), "{stderr}");
    assert!(
        stderr.contains("grounding stopped: out of time"),
        "{stderr}"
    );
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
}

/// A schema with `n` parameters, each bound by a precondition of its own.
fn wide(n: usize) -> (String, String) {
    let params: String = (0..n).map(|i| format!(" ?v{i}")).collect();
    let pre: String = (0..n).map(|i| format!(" (p ?v{i})")).collect();
    (
        format!(
            "(define (domain w) (:predicates (p ?x) (r))
 (:action a :parameters ({params}) :precondition (and{pre}) :effect (r)))"
        ),
        "(define (problem w) (:domain w) (:objects o) (:init (p o)) (:goal (r)))".to_string(),
    )
}

/// A schema with `n` nullary preconditions: the join recurses once per
/// precondition.
fn many(n: usize) -> (String, String) {
    let atoms: String = (0..n).map(|i| format!(" (p{i})")).collect();
    (
        format!(
            "(define (domain m) (:predicates{atoms} (r))
 (:action a :parameters () :precondition (and{atoms}) :effect (r)))"
        ),
        format!("(define (problem m) (:domain m) (:init{atoms}) (:goal (r)))"),
    )
}

#[test]
fn schemas_at_the_parameter_limit_or_with_thousands_of_preconditions_ground_on_a_small_stack() {
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            for (domain, problem) in [wide(pddl::MAX_PARAMETERS), many(20_000)] {
                let domain = pddl::parse_domain(source("d.pddl", domain)).expect("parses");
                pddl::check_domain(&domain).expect("checks");
                let problem = pddl::parse_problem(source("p.pddl", problem)).expect("parses");
                pddl::check_problem(&domain, &problem).expect("checks");
                let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
                assert_eq!(task.operators.len(), 1);
            }
        })
        .expect("spawn");
    worker.join().expect("no panic, no overflow");
}

#[test]
fn more_parameters_than_the_limit_are_refused_by_name() {
    for n in [pddl::MAX_PARAMETERS + 1, 50_000] {
        let (domain, _) = wide(n);
        let domain = pddl::parse_domain(source("d.pddl", domain)).expect("parses");
        let err = pddl::check_domain(&domain).expect_err("too many parameters");
        assert_eq!(err.exit_code(), 34, "{err}");
        assert!(
            err.message.starts_with(&format!(
                "an action with more than {} parameters (planbox's limit; this one has {n})",
                pddl::MAX_PARAMETERS
            )),
            "{err}"
        );
        // At the first parameter past the limit.
        let line = domain.source.text.lines().nth(1).expect("line 2");
        let first = format!(" ?v{}", pddl::MAX_PARAMETERS);
        let at = (line.match_indices(&first))
            .find(|(k, _)| matches!(line.as_bytes().get(k + first.len()), Some(b' ' | b')')))
            .expect("the parameter")
            .0;
        assert_eq!((err.line, err.column), (2, at + 2));
    }
}

/// A `forall` over 20,000 objects whose body is a disjunction of fluents:
/// normalisation expands it into 20,000 conjuncts, each but the last five a
/// new derived predicate (the disjuncts would multiply). Each step used to
/// copy or search everything made before it (the conjunction built so far,
/// the names taken, the literals kept): half a minute, now a fraction of a
/// second. (The relaxed reachability that follows still takes seconds on
/// such a schema, one join over all its preconditions per new atom.)
#[test]
fn a_universal_over_twenty_thousand_objects_normalises_in_linear_time() {
    let n = 20_000;
    let domain = "(define (domain u) (:requirements :adl)
 (:predicates (mains ?l) (lit ?l) (gone))
 (:action unplug :parameters (?l) :precondition (mains ?l) :effect (not (mains ?l)))
 (:action light :parameters (?l) :precondition (not (lit ?l)) :effect (lit ?l))
 (:action leave :parameters () :precondition (forall (?l) (or (mains ?l) (lit ?l)))
  :effect (gone)))";
    let objects: String = (0..n).map(|i| format!(" l{i}")).collect();
    let problem =
        format!("(define (problem u) (:domain u) (:objects{objects}) (:init) (:goal (gone)))");
    let domain = pddl::parse_domain(source("d.pddl", domain.into())).expect("parses");
    pddl::check_domain(&domain).expect("checks");
    let problem = pddl::parse_problem(source("p.pddl", problem)).expect("parses");
    pddl::check_problem(&domain, &problem).expect("checks");
    let start = std::time::Instant::now();
    let lifted = planbox::lifted::Lifted::new(&domain, &problem).expect("normalises");
    let took = start.elapsed();
    // The last five disjunctions make the 32 schemas of `leave`, each with
    // the other 19,995 as derived atoms of two rules each.
    let kept = planbox::lifted::normalize::MAX_DISJUNCTS.ilog2() as usize;
    let leave: Vec<_> = (lifted.schemas.iter())
        .filter(|s| s.name == "leave")
        .collect();
    assert_eq!(leave.len(), 1 << kept);
    assert!(leave.iter().all(|s| s.pos.len() == n), "one atom per lamp");
    assert_eq!(lifted.axioms.len(), 2 * (n - kept));
    assert!(took.as_secs() < 5, "took {took:?}");
}

/// Quantifiers over `n` variables: in a precondition (`forall`, `exists`),
/// in an effect (`forall`), in a derived predicate's rule. A mutant of a
/// bundled domain once made one of 50,001 variables, whose expansion
/// recursed once per variable and overflowed the stack.
fn quantified(n: usize) -> Vec<String> {
    let vars: String = (0..n).map(|i| format!(" ?v{i}")).collect();
    let wrap = |pre: &str, effect: &str, derived: &str| {
        format!(
            "(define (domain q) (:requirements :adl :derived-predicates)
 (:predicates (p ?x) (r) (d))
 {derived}
 (:action a :parameters () :precondition {pre} :effect {effect}))"
        )
    };
    vec![
        wrap(&format!("(forall ({vars}) (p ?v0))"), "(r)", ""),
        wrap(&format!("(not (exists ({vars}) (p ?v0)))"), "(r)", ""),
        wrap("(r)", &format!("(forall ({vars}) (p ?v0))"), ""),
        wrap(
            "(d)",
            "(r)",
            &format!("(:derived (d) (exists ({vars}) (p ?v0)))"),
        ),
    ]
}

#[test]
fn quantifiers_over_more_variables_than_the_limit_are_refused_by_name() {
    for n in [pddl::MAX_PARAMETERS + 1, 50_001] {
        for domain in quantified(n) {
            let domain = pddl::parse_domain(source("d.pddl", domain)).expect("parses");
            let err = pddl::check_domain(&domain).expect_err("too many variables");
            assert_eq!(err.exit_code(), 34, "{err}");
            assert!(
                err.message.contains(&format!(
                    "more than {} variables (planbox's limit; this one has {n})",
                    pddl::MAX_PARAMETERS
                )),
                "{err}"
            );
            // At the first variable past the limit.
            let text = &domain.source.text;
            let first = format!("?v{}", pddl::MAX_PARAMETERS);
            let at = (text.match_indices(&first))
                .find(|(k, _)| matches!(text.as_bytes().get(k + first.len()), Some(b' ' | b')')))
                .expect("the variable")
                .0;
            let line = text[..at].matches('\n').count() + 1;
            let column = at - text[..at].rfind('\n').map_or(0, |k| k + 1) + 1;
            assert_eq!((err.line, err.column), (line, column), "{err}");
        }
    }
    // At the limit, grounding ends (over one object) without overflowing.
    let problem = "(define (problem q) (:domain q) (:objects o) (:init (p o)) (:goal (r)))";
    for domain in quantified(pddl::MAX_PARAMETERS) {
        let domain = pddl::parse_domain(source("d.pddl", domain)).expect("parses");
        pddl::check_domain(&domain).expect("checks");
        let problem = pddl::parse_problem(source("p.pddl", problem.into())).expect("parses");
        pddl::check_problem(&domain, &problem).expect("checks");
        let (task, _) = planbox::ground::ground(&domain, &problem).expect("grounds");
        assert!(task.operators.len() <= 1);
    }
}

#[test]
fn a_million_objects_times_a_wide_predicate_is_refused_before_allocating() {
    // 1,000,000 objects and a predicate of 100 arguments: the join index
    // alone would hold 100 million lists.
    let args: String = (0..100).map(|i| format!(" ?a{i}")).collect();
    let d = scratch_file(
        "objects-domain.pddl",
        format!(
            "(define (domain o) (:predicates (p ?x) (big{args}) (r))
 (:action a :parameters (?x) :precondition (p ?x) :effect (r)))"
        ),
    );
    let objects: String = (0..1_000_000).map(|i| format!(" o{i}")).collect();
    let p = scratch_file(
        "objects.pddl",
        format!(
            "(define (problem o) (:domain o)\n (:objects{objects})\n (:init (p o1)) (:goal (r)))"
        ),
    );
    let (d, p) = (d.to_str().unwrap(), p.to_str().unwrap());
    let (code, _, err) = run(&["plan", d, p, "--memory-limit", "500"]);
    assert_eq!(code, 22, "{err}");
    assert!(
        err.contains(
            "grounding stopped: its tables for 1,000,000 objects, 1 type and 101 predicate \
             arguments would take 2312 MB, more than the memory limit (500 MB)"
        ),
        "{err}"
    );
    assert!(
        err.contains("objects.pddl:2:12"),
        "at the first object: {err}"
    );
    assert!(err.len() < 1000, "{} bytes", err.len());
}
