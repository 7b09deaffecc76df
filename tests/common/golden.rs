//! Golden files for bad inputs: every case in `tests/data/bad/` with a given
//! extension is run through the real binary, and `exit N` plus its stderr must
//! equal the case's `.expected` file (an error, or for a run that exits 0, the
//! warnings). `PLANBOX_BLESS=1` rewrites the golden
//! files instead (review the diff).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

pub const DIR: &str = "tests/data/bad";

/// The cases: files of `tests/data/bad/` whose name ends in `.{extension}`,
/// except `skip`, sorted.
pub fn cases(extension: &str, skip: &[&str]) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR))
            .expect("tests/data/bad exists")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == extension))
            .filter(|p| !skip.iter().any(|s| p.ends_with(s)))
            .collect();
    cases.sort();
    cases
}

/// Runs `planbox ARGS` from the crate root; its exit code and stderr.
pub fn run(args: &[&OsStr]) -> (i32, String) {
    let out = super::planbox(args);
    (super::code(&out), super::stderr(&out))
}

/// Runs every case, compares with (or, blessing, writes) its golden file, and
/// checks each exit code with `code_ok`. Panics with every difference at once.
pub fn check(
    cases: &[PathBuf],
    run: impl Fn(&Path) -> (i32, String),
    code_ok: impl Fn(i32) -> bool,
) {
    let bless = std::env::var_os("PLANBOX_BLESS").is_some();
    let mut failures = Vec::new();
    for case in cases {
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
        assert!(code_ok(code), "{}: exit {code}", case.display());
        // A run that succeeds printed warnings; one that fails, an error.
        let head = if code == 0 { "warning: " } else { "error: " };
        assert!(
            stderr.starts_with(head) && stderr.contains(" --> tests/data/bad/"),
            "{}: not a located {head}\n{stderr}",
            case.display()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
