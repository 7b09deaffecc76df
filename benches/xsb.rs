//! How long translating every bundled Sokoban collection takes: 1,478 levels
//! (Microban, Microban II, XSokoban `screen.1`-`screen.90`, Original and
//! Extra, one Boxoban file, the teaching levels), the copies in
//! `problems/sokoban/` of `../shared/benchmarks/xsb/`.
//!
//! Criterion times, in-process and from text already in memory:
//!
//! * `read`: reading the collections (XSB parsing and board checks) alone, the
//!   reference the other two are set against;
//! * `translate/mbc` and `translate/ipc`: reading plus writing every level's
//!   PDDL problem, in the toolkit's encoding and in the IPC-2008 one.
//!
//! Then, once, the real command the way a user runs it: `planbox xsb2pddl FILE
//! --all --out-dir DIR` on every collection file (92 processes, files written to
//! a temporary folder), median of five rounds.
//!
//! Run with `cargo build --release && cargo bench -p planbox-benches --bench
//! xsb` (the command needs the release binary, `target/release/planbox`);
//! figures in `benches/README.md`.

use criterion::{Criterion, criterion_group};
use planbox::sokoban::names;
use planbox::sokoban::to_pddl::Format;
use planbox::sokoban::xsb;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every bundled collection file.
fn files() -> Vec<PathBuf> {
    let sokoban = root().join("problems/sokoban");
    let mut files: Vec<PathBuf> = [
        "microban.xsb",
        "microban_ii.xsb",
        "original_and_extra.xsb",
        "teaching.xsb",
        "boxoban/unfiltered/test/000.txt",
    ]
    .iter()
    .map(|f| sokoban.join(f))
    .collect();
    files.extend((1..=90).map(|i| sokoban.join(format!("xsokoban/screen.{i}"))));
    files
}

/// Reads every collection; with a format, also writes every level's problem.
/// Returns the number of levels and bytes written.
fn translate(texts: &[(PathBuf, String)], format: Option<Format>) -> (usize, usize) {
    let (mut levels, mut bytes) = (0, 0);
    for (path, text) in texts {
        let c = xsb::parse(path, text);
        let stems = format.map(|_| names::stems(&c, &names::collection_name(path)));
        for (k, level) in c.levels().enumerate() {
            let level = level.expect("bundled levels are valid");
            levels += 1;
            if let (Some(format), Some(stems)) = (format, &stems) {
                bytes += format
                    .problem(&level, &names::problem_name(&stems[k]))
                    .len();
            }
        }
    }
    (levels, bytes)
}

fn benches(c: &mut Criterion) {
    let texts: Vec<(PathBuf, String)> = files()
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("bundled collection");
            (f, text)
        })
        .collect();
    let (levels, _) = translate(&texts, None);
    println!("{} files, {levels} levels", texts.len());
    let mut group = c.benchmark_group("xsb");
    group.bench_function("read", |b| b.iter(|| black_box(translate(&texts, None))));
    for (name, format) in [("mbc", Format::Mbc), ("ipc", Format::Ipc)] {
        group.bench_function(format!("translate/{name}"), |b| {
            b.iter(|| black_box(translate(&texts, Some(format))))
        });
    }
    group.finish();
}

/// The release binary, `target/release/planbox`: a bench of another package
/// is not given its path, so it is found beside the bench's own executable
/// (`target/release/deps/xsb-...`).
fn planbox_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the bench's own path");
    let release = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/release/deps/xsb-...");
    let binary = release.join(format!("planbox{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "{} is missing: run `cargo build --release` first",
        binary.display()
    );
    binary
}

/// The `xsb2pddl` command on every file, median of five rounds.
fn command() {
    let planbox = planbox_binary();
    let out = std::env::temp_dir().join(format!("planbox-xsb-bench-{}", std::process::id()));
    let mut rounds: Vec<Duration> = (0..5)
        .map(|_| {
            let _ = std::fs::remove_dir_all(&out);
            let start = Instant::now();
            for f in files() {
                let status = Command::new(&planbox)
                    .arg("xsb2pddl")
                    .arg(&f)
                    .args(["--all", "--out-dir"])
                    .arg(&out)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .status()
                    .expect("planbox runs");
                assert!(status.success(), "xsb2pddl {}", f.display());
            }
            start.elapsed()
        })
        .collect();
    let written = std::fs::read_dir(&out).map_or(0, |d| d.count());
    let _ = std::fs::remove_dir_all(&out);
    rounds.sort();
    println!(
        "planbox xsb2pddl --all on every file: {} problem files, median {:.3} s over 5 rounds",
        written,
        rounds[2].as_secs_f64()
    );
}

criterion_group!(group, benches);

fn main() {
    group();
    command();
    Criterion::default().configure_from_args().final_summary();
}
