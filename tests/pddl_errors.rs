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

use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = "tests/data/bad";

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR))
            .expect("tests/data/bad exists")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pddl") && !p.ends_with("domain.pddl"))
            .collect();
    cases.sort();
    cases
}

fn run(case: &Path) -> (i32, String) {
    let name = case
        .file_name()
        .and_then(|n| n.to_str())
        .expect("utf-8 name");
    let file = format!("{DIR}/{name}");
    let args: Vec<String> = if name.ends_with(".problem.pddl") {
        vec!["ground".into(), format!("{DIR}/domain.pddl"), file]
    } else {
        vec!["check".into(), file]
    };
    let out = Command::new(env!("CARGO_BIN_EXE_planbox"))
        .args(&args)
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
fn every_bad_input_gets_its_expected_error_and_exit_code() {
    let cases = cases();
    assert!(cases.len() >= 25, "only {} bad inputs", cases.len());
    let bless = std::env::var_os("PLANBOX_BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let (code, stderr) = run(case);
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
        assert!(code == 31 || code == 34, "{}: exit {code}", case.display());
        assert!(
            stderr.starts_with("error: ") && stderr.contains(" --> tests/data/bad/"),
            "{}: not a located error:\n{stderr}",
            case.display()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
