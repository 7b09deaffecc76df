//! Malformed Sokoban level files, run through the real binary.
//!
//! Every `tests/data/bad/*.xsb` is translated with `planbox xsb2pddl FILE --all
//! --out-dir DIR`. The matching `.expected` file holds the exit code on its
//! first line (`exit 31`) and then the exact text planbox must print on stderr:
//! the level (index and title), what is wrong, `file:line:column`, the line
//! and a caret. A file may hold good levels too (they are still translated);
//! the bad one is reported and the exit code says the run failed.
//!
//! To regenerate the golden files after a deliberate change of wording, run
//! `PLANBOX_BLESS=1 cargo test --release --test cli -- xsb_errors::` and review the diff.

use crate::common::golden::{self, DIR};
use crate::common::{root, scratch};
use std::ffi::OsStr;
use std::path::Path;

fn run(case: &Path, out_dir: &Path) -> (i32, String) {
    let name = case
        .file_name()
        .and_then(|n| n.to_str())
        .expect("utf-8 name");
    let file = format!("{DIR}/{name}");
    golden::run(&[
        OsStr::new("xsb2pddl"),
        file.as_ref(),
        OsStr::new("--all"),
        OsStr::new("--out-dir"),
        out_dir.as_os_str(),
    ])
}

#[test]
fn every_bad_level_file_gets_its_expected_error_and_exit_code() {
    let cases = golden::cases("xsb", &[]);
    assert!(cases.len() >= 12, "only {} bad level files", cases.len());
    let out_dir = scratch("errors");
    golden::check(&cases, |case| run(case, &out_dir), |code| code == 31);
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// The good level before the bad one in the same file is still written.
#[test]
fn a_bad_level_does_not_stop_the_good_ones() {
    let out_dir = scratch("good");
    let case = root().join(DIR).join("xsb-second-level-bad.xsb");
    let (code, _) = run(&case, &out_dir);
    assert_eq!(code, 31);
    let written: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("out dir made")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    let _ = std::fs::remove_dir_all(&out_dir);
    assert_eq!(written.len(), 1, "{written:?}");
    assert!(written[0].ends_with(".pddl"), "{written:?}");
}
