//! Malformed and unsupported PDDL, run through the real binary.
//!
//! Every `tests/data/bad/*.pddl` is a broken domain, checked with
//! `planbox check FILE`; every `*.problem.pddl` is a broken problem for the
//! valid `tests/data/bad/domain.pddl`, run with `planbox ground DOMAIN FILE`
//! (so that grounding-time errors are covered too). The matching `.expected`
//! file holds the exit code on its first line (`exit 31`) and then the exact
//! text planbox must print on stderr: the message, `file:line:column`, the
//! source line and the caret. A case named `warn-*` is input planbox reads
//! with Fast Downward's meaning, with warnings: it must exit 0.
//!
//! To regenerate the golden files after a deliberate change of wording, run
//! `PLANBOX_BLESS=1 cargo test --release --test cli -- pddl_errors::` and review the diff.

use crate::common::golden::{self, DIR};
use crate::common::{code, planbox_in, scratch, stderr, stdout};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    golden::cases("pddl", &["domain.pddl"])
}

fn run(case: &Path) -> (i32, String) {
    let name = case
        .file_name()
        .and_then(|n| n.to_str())
        .expect("utf-8 name");
    let file = format!("{DIR}/{name}");
    if name.ends_with(".problem.pddl") {
        let domain = format!("{DIR}/domain.pddl");
        golden::run(&[OsStr::new("ground"), domain.as_ref(), file.as_ref()])
    } else {
        golden::run(&[OsStr::new("check"), file.as_ref()])
    }
}

fn is_warning_case(case: &Path) -> bool {
    case.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("warn-"))
}

#[test]
fn every_bad_input_gets_its_expected_error_and_exit_code() {
    let (warnings, errors): (Vec<PathBuf>, Vec<PathBuf>) =
        cases().into_iter().partition(|c| is_warning_case(c));
    assert!(errors.len() >= 25, "only {} bad inputs", errors.len());
    golden::check(&errors, run, |code| code == 31 || code == 34);
    assert!(warnings.len() >= 8, "only {} warning cases", warnings.len());
    golden::check(&warnings, run, |code| code == 0);
}

#[test]
fn bad_inputs_cover_invalid_and_unsupported() {
    let mut invalid = 0;
    let mut unsupported = 0;
    for case in cases() {
        let expected = std::fs::read_to_string(case.with_extension("expected")).unwrap_or_default();
        match expected.lines().next() {
            Some("exit 31") => invalid += 1,
            Some("exit 34") => unsupported += 1,
            Some("exit 0") if is_warning_case(&case) => {}
            other => panic!("{}: unexpected first line {other:?}", case.display()),
        }
    }
    assert!(invalid >= 20, "{invalid} invalid cases");
    assert!(unsupported >= 12, "{unsupported} unsupported cases");
}

/// Runs `planbox ARGS` in `dir`: exit code, stdout and stderr.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = planbox_in(dir, args);
    (code(&out), stdout(&out), stderr(&out))
}

/// Writes `domain.pddl` and `problem.pddl` into a fresh folder `name`, runs
/// `planbox plan` on them and checks that it finds a plan (exit 0) having
/// printed exactly `warnings`, each once: the start of its message, and the
/// `file:line:column` on the line below. Then `planbox validate` must find
/// the plan valid, on the lifted task. Returns the folder.
fn plans_with_warnings(
    name: &str,
    domain: &str,
    problem: &str,
    warnings: &[(&str, &str)],
) -> PathBuf {
    let dir = scratch(name);
    std::fs::write(dir.join("domain.pddl"), domain).expect("write domain");
    std::fs::write(dir.join("problem.pddl"), problem).expect("write problem");
    let (code, _, stderr) = run_in(
        &dir,
        &[
            "plan",
            "--plan-file",
            "plan.txt",
            "domain.pddl",
            "problem.pddl",
        ],
    );
    assert_eq!(code, 0, "{name}: plan\n{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    for (message, at) in warnings {
        let shown = lines.windows(2).filter(|w| {
            w[0].starts_with(&format!("warning: {message}")) && w[1].ends_with(&format!(" {at}"))
        });
        assert_eq!(shown.count(), 1, "{name}: `{message}` at {at}:\n{stderr}");
    }
    let count = lines.iter().filter(|l| l.starts_with("warning: ")).count();
    assert_eq!(count, warnings.len(), "{name}:\n{stderr}");
    let (code, stdout, stderr) = run_in(
        &dir,
        &["validate", "domain.pddl", "problem.pddl", "plan.txt"],
    );
    assert_eq!(code, 0, "{name}: validate\n{stdout}{stderr}");
    assert!(stdout.starts_with("Plan valid"), "{name}: {stdout}");
    dir
}

/// `b - a` closes a cycle: `a` and `b` are one type, so `x - a` may stand
/// for the parameter `?x - b`, for the grounder and the validator alike.
#[test]
fn a_cycle_in_types_makes_its_types_one_with_a_warning() {
    plans_with_warnings(
        "warn-type-cycle",
        "(define (domain cycle) (:requirements :strips :typing)
  (:types a - b
          b - a)
  (:predicates (done ?x - b))
  (:action finish :parameters (?x - b) :effect (done ?x)))",
        "(define (problem p) (:domain cycle) (:objects x - a) (:init) (:goal (done x)))",
        &[(
            "type `a` is its own ancestor (a cycle in `:types`)",
            "domain.pddl:2:11",
        )],
    );
}

/// `(at box home)` with a package where `at` expects a truck: the atom is
/// kept, in `:init` and in `:goal`, so the plan carries the box.
#[test]
fn an_object_of_the_wrong_type_in_init_and_goal_is_kept_with_a_warning() {
    let expects = "object `box` has type `package`, but this argument expects type `truck`";
    plans_with_warnings(
        "warn-wrong-type",
        "(define (domain carry) (:requirements :strips :typing)
  (:types truck package place)
  (:predicates (at ?t - truck ?p - place))
  (:action carry :parameters (?x - object ?from ?to - place)
    :precondition (at ?x ?from) :effect (and (not (at ?x ?from)) (at ?x ?to))))",
        "(define (problem p) (:domain carry)
  (:objects box - package home shop - place)
  (:init (at box home))
  (:goal (at box shop)))",
        &[
            (expects, "problem.pddl:3:14"),
            (expects, "problem.pddl:4:14"),
        ],
    );
}

/// `(not (at t shop))` in `:init` says what the closed world says already:
/// dropped with a warning. With `(at t home)` also listed, `(not (at t
/// home))` contradicts it: an error, as in Fast Downward.
#[test]
fn a_negated_atom_in_init_is_dropped_with_a_warning() {
    let dir = plans_with_warnings(
        "warn-negated-init",
        "(define (domain drive) (:requirements :strips)
  (:predicates (at ?t ?p) (road ?a ?b))
  (:action drive :parameters (?t ?a ?b)
    :precondition (and (at ?t ?a) (road ?a ?b))
    :effect (and (not (at ?t ?a)) (at ?t ?b))))",
        "(define (problem p) (:domain drive) (:objects t home shop)
  (:init (at t home) (not (at t shop)) (road home shop))
  (:goal (at t shop)))",
        &[("`(not ...)` in `:init` is ignored", "problem.pddl:2:22")],
    );
    std::fs::write(
        dir.join("both.pddl"),
        "(define (problem p) (:domain drive) (:objects t home shop)
  (:init (at t home) (not (at t home)) (road home shop))
  (:goal (at t shop)))",
    )
    .expect("write problem");
    let (code, _, stderr) = run_in(&dir, &["plan", "domain.pddl", "both.pddl"]);
    assert_eq!(code, 31, "{stderr}");
    assert!(
        stderr.starts_with("error: `:init` says `(at t home)` is false here and true at 2:10"),
        "{stderr}"
    );
}

/// `(at ?x ?y)` declared again with the same parameters is the same
/// predicate.
#[test]
fn a_predicate_declared_twice_alike_is_one_predicate_with_a_warning() {
    plans_with_warnings(
        "warn-duplicate-predicate",
        "(define (domain drive) (:requirements :strips)
  (:predicates (at ?t ?p) (road ?a ?b) (at ?x ?y))
  (:action drive :parameters (?t ?a ?b)
    :precondition (and (at ?t ?a) (road ?a ?b))
    :effect (and (not (at ?t ?a)) (at ?t ?b))))",
        "(define (problem p) (:domain drive) (:objects t home shop)
  (:init (at t home) (road home shop))
  (:goal (at t shop)))",
        &[(
            "predicate `at` is declared twice (first at 2:17)",
            "domain.pddl:2:41",
        )],
    );
}

/// `compare` runs one search per engine, each reading the input: the
/// warnings are shown once, by `compare` itself, not once per engine.
#[test]
fn compare_shows_each_warning_once() {
    let dir = scratch("warn-compare");
    std::fs::write(
        dir.join("domain.pddl"),
        "(define (domain d) (:requirements :strips) (:predicates (p) (q) (p))
  (:action a :parameters () :precondition (p) :effect (q)))",
    )
    .expect("write domain");
    std::fs::write(
        dir.join("problem.pddl"),
        "(define (problem x) (:domain d) (:init (p)) (:goal (q)))",
    )
    .expect("write problem");
    let (code, stdout, stderr) = run_in(&dir, &["compare", "problem.pddl"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let shown = stderr
        .matches("warning: predicate `p` is declared twice")
        .count();
    assert_eq!(shown, 1, "{stderr}");
    assert!(stdout.contains("plan"), "every engine still runs: {stdout}");
}

/// `(truck ?v)` with `truck` a type and no predicate: a type test, true of
/// trucks only. The truck drives; the car cannot, so its problem is
/// unsolvable and the validator refuses a plan that drives it.
#[test]
fn a_type_used_as_a_predicate_is_a_type_test_with_a_warning() {
    let test = "`truck` is a type, not a predicate; read as a type test";
    let dir = plans_with_warnings(
        "warn-type-test",
        "(define (domain vehicles) (:requirements :strips :typing)
  (:types truck car - vehicle place)
  (:predicates (at ?v - vehicle ?p - place))
  (:action drive :parameters (?v - vehicle ?a ?b - place)
    :precondition (and (at ?v ?a) (truck ?v))
    :effect (and (not (at ?v ?a)) (at ?v ?b))))",
        "(define (problem p) (:domain vehicles)
  (:objects t1 - truck c1 - car home shop - place)
  (:init (at t1 home) (at c1 home))
  (:goal (and (at t1 shop) (place shop))))",
        &[
            (test, "domain.pddl:5:36"),
            ("`place` is a type, not a predicate", "problem.pddl:4:29"),
        ],
    );
    std::fs::write(
        dir.join("car.pddl"),
        "(define (problem p) (:domain vehicles)
  (:objects t1 - truck c1 - car home shop - place)
  (:init (at t1 home) (at c1 home))
  (:goal (at c1 shop)))",
    )
    .expect("write problem");
    std::fs::write(dir.join("car-plan.txt"), "(drive c1 home shop)\n").expect("write plan");
    let (code, _, stderr) = run_in(&dir, &["plan", "domain.pddl", "car.pddl"]);
    assert_eq!(code, 11, "{stderr}");
    let (code, stdout, _) = run_in(
        &dir,
        &["validate", "domain.pddl", "car.pddl", "car-plan.txt"],
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("precondition not satisfied: (truck c1)"),
        "{stdout}"
    );
}

/// `:negation`, IPP's name for negative preconditions, as Fast Downward
/// accepts it.
#[test]
fn the_requirement_negation_is_read_with_a_warning() {
    plans_with_warnings(
        "warn-negation",
        "(define (domain switch) (:requirements :strips :negation)
  (:predicates (on))
  (:action flip :parameters () :precondition (not (on)) :effect (on)))",
        "(define (problem p) (:domain switch) (:init) (:goal (on)))",
        &[(
            "requirement `:negation` is not standard PDDL",
            "domain.pddl:1:48",
        )],
    );
}
