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
//! `PLANBOX_BLESS=1 cargo test --release --test xsb_errors` and review the diff.

use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = "tests/data/bad";

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR))
            .expect("tests/data/bad exists")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "xsb"))
            .collect();
    cases.sort();
    cases
}

fn run(case: &Path, out_dir: &Path) -> (i32, String) {
    let name = case
        .file_name()
        .and_then(|n| n.to_str())
        .expect("utf-8 name");
    let out = Command::new(env!("CARGO_BIN_EXE_planbox"))
        .args(["xsb2pddl", &format!("{DIR}/{name}"), "--all", "--out-dir"])
        .arg(out_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("planbox runs");
    let code = out
        .status
        .code()
        .expect("planbox exits normally, not by a signal");
    (code, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn every_bad_level_file_gets_its_expected_error_and_exit_code() {
    let cases = cases();
    assert!(cases.len() >= 12, "only {} bad level files", cases.len());
    let out_dir = std::env::temp_dir().join(format!("planbox-xsb-errors-{}", std::process::id()));
    let bless = std::env::var_os("PLANBOX_BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let (code, stderr) = run(case, &out_dir);
        let actual = format!("exit {code}\n{stderr}");
        let expected_path = case.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &actual).expect("write golden file");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
        if actual != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- actual\n{actual}",
                case.display()
            ));
        }
        assert_eq!(code, 31, "{}: exit {code}", case.display());
        assert!(
            stderr.starts_with("error: ") && stderr.contains(" --> tests/data/bad/"),
            "{}: not a located error:\n{stderr}",
            case.display()
        );
    }
    let _ = std::fs::remove_dir_all(&out_dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The good level before the bad one in the same file is still written.
#[test]
fn a_bad_level_does_not_stop_the_good_ones() {
    let out_dir = std::env::temp_dir().join(format!("planbox-xsb-good-{}", std::process::id()));
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(DIR)
        .join("xsb-second-level-bad.xsb");
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
