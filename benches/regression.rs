//! Regression throughput against progression, and how it holds up as the
//! subsumption store grows.
//!
//! For each problem, A* with h_max runs once per direction on the same ground
//! task (regression with invariants, h² and subsumption, as `planbox plan
//! --engine regression` does). A progress callback samples the expansion count
//! every 20 ms; the report gives the overall expansions per second and the
//! rate from 0.8 to 1.2 times 10k, 100k and 1M expanded (= stored in the
//! subsumption index) nodes, so a rate that falls as the store grows shows up.
//! The same regression without subsumption (cut off after 20 s, as it expands
//! far more sets) is the reference for how much of that fall is the store's.
//!
//! Run with `cargo bench -p planbox-benches --bench regression` (about two minutes). The figures are
//! in `benches/README.md`.

use planbox::heuristics::Heuristic;
use planbox::search::{
    self, Limits, Monitor, Progress, Progression, Regression, RegressionOptions, SearchResult,
};
use std::cell::RefCell;
use std::path::Path;
use std::time::Duration;

const PROBLEMS: &[&str] = &[
    "sokoban-opt08-strips/p04.pddl",
    "sokoban-opt08-strips/p13.pddl",
    "sokoban-opt08-strips/p10.pddl",
];

const CHECKPOINTS: &[u64] = &[10_000, 100_000, 1_000_000];

/// `(elapsed seconds, expanded)` samples of one search, and its result.
fn sampled(run: impl FnOnce(&mut Monitor) -> SearchResult) -> (SearchResult, Vec<(f64, u64)>) {
    sampled_for(Duration::from_secs(120), run)
}

/// [`sampled`] with a time limit.
fn sampled_for(
    time: Duration,
    run: impl FnOnce(&mut Monitor) -> SearchResult,
) -> (SearchResult, Vec<(f64, u64)>) {
    let samples = RefCell::new(vec![(0.0, 0)]);
    let limits = Limits {
        time: Some(time),
        progress_every: Some(Duration::from_millis(20)),
        ..Limits::none()
    };
    let mut monitor = Monitor::new(limits).with_progress(|p: &Progress| {
        samples
            .borrow_mut()
            .push((p.elapsed.as_secs_f64(), p.expanded));
    });
    let result = run(&mut monitor);
    drop(monitor);
    let mut samples = samples.into_inner();
    samples.push((
        result.stats.search_time.as_secs_f64(),
        result.stats.expanded,
    ));
    (result, samples)
}

/// Expansions per second from the last sample before `0.8 n` expansions to
/// the first after `1.2 n` (a window wide enough that one slow sample, such
/// as a hash table growing, does not make the figure).
fn rate_at(samples: &[(f64, u64)], n: u64) -> Option<f64> {
    let last = samples.last()?;
    if last.1 < n {
        return None;
    }
    let a = samples.iter().rev().find(|&&(_, e)| e <= n * 4 / 5)?;
    let b = samples
        .iter()
        .find(|&&(_, e)| e >= n * 6 / 5)
        .unwrap_or(last);
    (b.0 > a.0).then(|| (b.1 - a.1) as f64 / (b.0 - a.0))
}

fn report(name: &str, result: &SearchResult, samples: &[(f64, u64)]) -> f64 {
    let s = &result.stats;
    let overall = s.expanded as f64 / s.search_time.as_secs_f64().max(1e-9);
    let at: Vec<String> = CHECKPOINTS
        .iter()
        .map(|&n| rate_at(samples, n).map_or("-".into(), |r| format!("{r:.0}")))
        .collect();
    println!(
        "| {name} | {} | {:.2} | {overall:.0} | {} |",
        s.expanded,
        s.search_time.as_secs_f64(),
        at.join(" | ")
    );
    overall
}

fn main() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("problems/ipc");
    println!(
        "| problem, engine | expanded | search s | exp/s overall | at 10k | at 100k | at 1M |"
    );
    println!("|---|---|---|---|---|---|---|");
    for problem in PROBLEMS {
        let path = root.join(problem);
        let dir = path.parent().expect("a folder");
        let loaded = (planbox::Loader::new())
            .files(dir.join("domain.pddl"), &path)
            .expect("bench input loads");
        let analysis = loaded.analyse(&Default::default());
        let task = loaded.task;

        let (forward, samples) = sampled(|m| {
            let mut h = planbox::heuristics::by_name("hmax", &task).expect("hmax");
            search::astar(
                &mut Progression::new(&task),
                h.as_mut() as &mut dyn Heuristic,
                m,
            )
        });
        let f = report(&format!("{problem}, progression"), &forward, &samples);
        // Blind progression reaches a million stored states too: how much a
        // search slows down as its structures outgrow the caches, without
        // any subsumption store.
        let (blind, samples) = sampled(|m| {
            let mut h = planbox::heuristics::by_name("blind", &task).expect("blind");
            search::astar(
                &mut Progression::new(&task),
                h.as_mut() as &mut dyn Heuristic,
                m,
            )
        });
        report(&format!("{problem}, progression (blind)"), &blind, &samples);
        let (backward, samples) = sampled(|m| {
            let mut h = planbox::heuristics::RegressionHeuristic::hmax(&task);
            let mut space =
                Regression::new(&task, RegressionOptions::default(), Some(&analysis.mutexes));
            search::astar(&mut space, &mut h, m)
        });
        let r = report(&format!("{problem}, regression"), &backward, &samples);
        // The same regression without the subsumption store: how much of the
        // slow-down as sets pile up is the store's (it expands more sets, so
        // it is cut off after 20 s).
        let (plain, samples) = sampled_for(Duration::from_secs(20), |m| {
            let mut h = planbox::heuristics::RegressionHeuristic::hmax(&task);
            let options = RegressionOptions {
                subsumption: false,
                ..RegressionOptions::default()
            };
            let mut space = Regression::new(&task, options, Some(&analysis.mutexes));
            search::astar(&mut space, &mut h, m)
        });
        report(
            &format!("{problem}, regression without subsumption"),
            &plain,
            &samples,
        );
        println!(
            "| {problem}: progression / regression exp/s (h_max) | {:.2} | | | | | |",
            f / r
        );
    }
}
