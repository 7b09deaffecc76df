//! Malformed and unsupported PDDL, run through the real binary.
//!
//! Every `tests/data/bad/*.pddl` is a broken domain, checked with
//! `planbox check FILE`; every `*.problem.pddl` is a broken problem for the
//! valid `tests/data/bad/domain.pddl`, run with `planbox ground DOMAIN FILE`
//! (so that grounding-time errors are covered too). The matching `.expected`
//! file holds the exit code on its first line (`exit 31`) and then the exact
//! text planbox must print on stderr: the message, `file:line:column`, the
//! source line and the caret.
//!
//! To regenerate the golden files after a deliberate change of wording, run
//! `PLANBOX_BLESS=1 cargo test --release --test pddl_errors` and review the diff.

mod common;

use common::golden::{self, DIR};
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
        golden::planbox(&[OsStr::new("ground"), domain.as_ref(), file.as_ref()])
    } else {
        golden::planbox(&[OsStr::new("check"), file.as_ref()])
    }
}

#[test]
fn every_bad_input_gets_its_expected_error_and_exit_code() {
    let cases = cases();
    assert!(cases.len() >= 25, "only {} bad inputs", cases.len());
    golden::check(&cases, run, |code| code == 31 || code == 34);
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
            other => panic!("{}: unexpected first line {other:?}", case.display()),
        }
    }
    assert!(invalid >= 20, "{invalid} invalid cases");
    assert!(unsupported >= 12, "{unsupported} unsupported cases");
}
