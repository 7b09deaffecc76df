//! Helpers shared by the integration tests: running the real binary, the
//! repository's files, scratch folders, loading a bundled task through the
//! library, and checking a plan with the lifted validator.
//!
//! Each test binary (`tests/cli/`, `tests/planning/`) includes this module
//! with `#[path = "../common/mod.rs"] mod common;` and uses part of it, so the
//! rest is not dead code there.
#![allow(dead_code)]

pub mod golden;
pub mod tools;

use planbox::pddl::{self, ast};
use planbox::plan::{format_plan, parse_plan};
use planbox::search::{Outcome, SearchResult};
use planbox::task::{OpId, Task};
use serde_json::Value;
use std::ffi::OsStr;
use std::panic::Location;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// xorshift64*: a tiny deterministic generator, so every run of a test that
/// draws random cases (tasks, mutants, levels) sees the same ones.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 for `n` = 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
}

/// The repository's root (the crate's manifest folder), where the tests run
/// the binary and find `problems/` and `tests/data/`.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository, as an absolute path (for runs in another folder).
pub fn root_path(path: &str) -> String {
    root().join(path).to_str().expect("utf-8 path").to_string()
}

/// The `planbox` binary under test, to run from the repository's root; for
/// runs that need more than [`planbox`] (another stdout, a child to kill).
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_planbox"));
    command.current_dir(root());
    command
}

/// Runs `planbox ARGS` from the repository's root.
pub fn planbox<S: AsRef<OsStr>>(args: &[S]) -> Output {
    command()
        .args(args)
        .output()
        .expect("the planbox binary runs")
}

/// Runs `planbox ARGS` in `dir`.
pub fn planbox_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    command()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the planbox binary runs")
}

/// The exit code of a run, which must have ended normally, not by a signal.
pub fn code(out: &Output) -> i32 {
    out.status
        .code()
        .expect("planbox exits normally, not by a signal")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The one JSON value a `--json` run printed on stdout.
pub fn json(out: &Output) -> Value {
    let text = stdout(out);
    serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {text}\nstderr: {}", stderr(out)))
}

/// The folder of the calling test file under the target directory:
/// `target/tmp/<file stem>`. Tests of one binary run in parallel, so each
/// former test file keeps its own folder and names need to be unique only
/// within a file.
#[track_caller]
fn scratch_root() -> PathBuf {
    let file = Path::new(Location::caller().file());
    let stem = file.file_stem().expect("a test file");
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(stem)
}

/// A fresh, empty scratch folder `name` for the calling test file.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let dir = scratch_root().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A path `name` in the calling test file's scratch folder, which exists and
/// is not emptied: for tests that each write files of their own names.
#[track_caller]
pub fn scratch_path(name: &str) -> PathBuf {
    let dir = scratch_root();
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir.join(name)
}

/// Writes `content` to the file `name` of the calling test file's scratch
/// folder (see [`scratch_path`]); returns its path.
#[track_caller]
pub fn scratch_file(name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let path = scratch_path(name);
    std::fs::write(&path, content).expect("write scratch file");
    path
}

/// A bundled file as the parser reads it; `path` is relative to the root
/// (or absolute).
pub fn source(path: impl AsRef<Path>) -> ast::Source {
    let path = root().join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ast::Source { path, text }
}

/// Parses and checks a domain and a problem.
pub fn parse(domain: ast::Source, problem: ast::Source) -> (ast::Domain, ast::Problem) {
    let d = pddl::parse_domain(domain).unwrap_or_else(|e| panic!("domain parses: {e}"));
    pddl::check_domain(&d).unwrap_or_else(|e| panic!("domain checks: {e}"));
    let p = pddl::parse_problem(problem).unwrap_or_else(|e| panic!("problem parses: {e}"));
    pddl::check_problem(&d, &p).unwrap_or_else(|e| panic!("problem checks: {e}"));
    (d, p)
}

/// Parses and checks two bundled files (paths relative to the root).
pub fn lifted(domain: impl AsRef<Path>, problem: impl AsRef<Path>) -> (ast::Domain, ast::Problem) {
    parse(source(domain), source(problem))
}

/// A task loaded for tests that check plans: the lifted domain and problem
/// (for the validator), the ground task, and its mutexes (invariant groups
/// and h², with the analysis's default options).
pub struct Loaded {
    pub domain: ast::Domain,
    pub problem: ast::Problem,
    pub task: Task,
    pub mutexes: planbox::invariants::Mutexes,
}

/// Parses, checks, grounds and analyses two sources.
pub fn load_sources(domain: ast::Source, problem: ast::Source) -> Loaded {
    let loaded = (planbox::Loader::new())
        .sources(domain, problem)
        .unwrap_or_else(|e| panic!("loads: {e}"));
    let analysis = loaded.analyse(&Default::default());
    Loaded {
        domain: loaded.domain,
        problem: loaded.problem,
        task: loaded.task,
        mutexes: analysis.mutexes,
    }
}

/// [`load_sources`] on two bundled files.
pub fn load(domain: &str, problem: &str) -> Loaded {
    load_sources(source(domain), source(problem))
}

/// The plan a search returned, which must be one (`what` names the run).
pub fn plan_of<'r>(result: &'r SearchResult, what: &str) -> &'r [OpId] {
    let Outcome::Plan(plan) = &result.outcome else {
        panic!("{what}: expected a plan, got {:?}", result.outcome);
    };
    plan
}

/// Checks a ground plan with the lifted validator, after a round trip
/// through the plan file format; returns the validator's report.
pub fn validate_plan(
    domain: &ast::Domain,
    problem: &ast::Problem,
    task: &Task,
    plan: &[OpId],
    what: &str,
) -> planbox::validate::Report {
    let steps = parse_plan(&format_plan(task, plan)).expect("written plans parse");
    let report = planbox::validate::validate(domain, problem, &steps);
    assert!(report.is_valid(), "{what}: {}", report.verdict);
    report
}
