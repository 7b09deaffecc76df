//! What `planbox plan` and `compare` print: the progress lines, the statistics in Fast
//! Downward's words, and the `--json` record (stdout).
//!
//! The log goes where Fast Downward's goes, to stdout, with errors alone on
//! stderr: experiment tools read it so. Downward Lab keeps a run's stdout in
//! `run.log`, which its parsers read, and counts any output on stderr
//! (`run.err`) as an unexplained error. Each line its parsers look for
//! (`Plan cost: 11`, `Expanded 172 state(s).`, `Search time: 0.001s`,
//! `Peak memory: 5576 KB`, ...) is printed once per run, and the last line is
//! `search exit code: N`, as Fast Downward's driver ends its log. When stdout
//! carries something else (the plan with `--plan-file -`, the LURD string,
//! the JSON record), the log moves to stderr so that stdout stays clean.

use planbox::heuristics::novelty::NoveltyCounts;
use planbox::search::{Outcome, Progress, PruningStats, SearchResult, SwitchedOff};
use planbox::task::Task;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

use super::options::{SearchOptions, named};
use planbox::planner::{Alias, Config, Engine, WidthSearch};
use planbox::search::Algorithm;

/// The stream a log goes to (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Log {
    Stdout,
    Stderr,
}

impl Log {
    /// Prints `text` and a newline.
    pub fn line(self, text: std::fmt::Arguments) {
        match self {
            Log::Stdout => super::outln!("{text}"),
            Log::Stderr => eprintln!("{text}"),
        }
    }

    /// Prints `text` as it is (several lines, ending with a newline).
    pub fn text(self, text: &str) {
        match self {
            Log::Stdout => super::write_stdout(format_args!("{text}")),
            Log::Stderr => eprint!("{text}"),
        }
    }
}

/// `logln!(log, "Expanded {n} state(s).")`: one line on the log's stream.
macro_rules! logln {
    ($log:expr, $($arg:tt)*) => {
        $log.line(format_args!($($arg)*))
    };
}
pub(crate) use logln;

/// The line that ends the log of `planbox plan`, as Fast Downward's driver
/// ends its own: Downward Lab reads the exit code in Fast Downward's current
/// numbering (23 out of time, 11 unsolvable, ...) only when it sees it.
pub fn exit_code_line(log: Log, code: u8) {
    logln!(log, "search exit code: {code}");
}

/// One progress line: `[t=5.0s, ~812 KB estimated] f = 12, 1000 expanded, ...`,
/// after `label: ` if there is a label.
pub fn progress_line(log: Log, label: Option<&str>, p: &Progress) {
    let label = label.map(|l| format!("{l}: ")).unwrap_or_default();
    let value = p
        .value
        .map(|(name, v)| format!("{name} = {v}, "))
        .unwrap_or_default();
    logln!(
        log,
        "{label}[t={:.1}s, ~{} KB estimated] {value}{} expanded, {} evaluated, {} generated",
        p.elapsed.as_secs_f64(),
        p.memory / 1024,
        p.expanded,
        p.evaluated,
        p.generated
    );
}

/// The outcome's name in the JSON record.
pub fn outcome_key(outcome: &Outcome) -> &'static str {
    outcome.key()
}

/// One search of an anytime sequence, for the log: what it searched under
/// which bound, and how it ended.
pub fn phase_line(number: usize, phase: &planbox::planner::Phase) -> String {
    let mut what = phase.search.to_string();
    if let Some(w) = phase.weight {
        what += &format!(" (w = {w})");
    }
    if phase.unit_cost {
        what += ", every action costing 1";
    }
    if let Some(b) = phase.bound {
        what += &format!(", cheaper than {b}");
    }
    let ended = match (phase.outcome, phase.cost, phase.bound) {
        ("plan", Some(c), _) => format!("plan of cost {c}"),
        ("unsolvable", _, Some(b)) => format!("no plan cheaper than {b}"),
        ("unsolvable", _, None) => "no plan (unsolvable)".to_string(),
        (other, _, _) => other.replace('_', " "),
    };
    format!(
        "Search {number}: {what}: {ended} ({} expanded)",
        phase.expanded
    )
}

/// The anytime searches for `--json` (`phases`).
pub fn phases_json(phases: &[planbox::planner::Phase]) -> serde_json::Value {
    (phases.iter())
        .map(|p| {
            json!({
                "search": p.search,
                "weight": p.weight,
                "unit_cost": p.unit_cost,
                "bound": p.bound,
                "outcome": p.outcome,
                "cost": p.cost,
                "expanded": p.expanded,
            })
        })
        .collect()
}

/// One plan found, in Fast Downward's words: an anytime search prints this
/// for each better plan, a single search once.
pub fn plan_found(log: Log, task: &Task, plan: &[planbox::task::OpId]) {
    logln!(log, "Solution found!");
    logln!(log, "Plan length: {} step(s).", plan.len());
    logln!(log, "Plan cost: {}", task.plan_cost(plan));
    // IPC Sokoban's moves cost 0: say why the cost is below the length.
    let free = plan.iter().filter(|&&o| task.operator(o).cost == 0).count();
    if free > 0 {
        logln!(
            log,
            "Zero-cost steps: {free} of {} (the length counts steps, the cost their costs)",
            plan.len()
        );
    }
}

/// The statistics, in Fast Downward's words. After an anytime search
/// (`anytime`), whose plans were reported as they were found, they come under
/// `Cumulative statistics:` without the plan again, as after Fast Downward's
/// iterated search (Lab's anytime parser collects every `Plan cost:` line).
pub fn log(log: Log, task: &Task, result: &SearchResult, total_time: Duration, anytime: bool) {
    let s = &result.stats;
    match s.initial_h {
        Some((name, Some(h))) => logln!(log, "Initial heuristic value for {name}: {h}"),
        Some((name, None)) => logln!(log, "Initial heuristic value for {name}: infinity"),
        None => {}
    }
    match &result.outcome {
        Outcome::Plan(_) if anytime => logln!(log, "Cumulative statistics:"),
        Outcome::Plan(plan) => plan_found(log, task, plan),
        Outcome::Unsolvable => logln!(log, "Completely explored state space -- no solution!"),
        Outcome::Incomplete if s.novelty.is_some() => logln!(
            log,
            "Search stopped without finding a solution (incomplete: states pruned by novelty)."
        ),
        Outcome::Incomplete => {
            logln!(
                log,
                "Search stopped without finding a solution (depth limit reached)."
            )
        }
        Outcome::OutOfTime => logln!(log, "Time limit reached. Abort search."),
        Outcome::OutOfMemory => logln!(log, "Memory limit reached. Abort search."),
    }
    logln!(log, "Expanded {} state(s).", s.expanded);
    if let Some(n) = s.expanded_until_last_jump {
        logln!(log, "Expanded until last jump: {n} state(s).");
    }
    logln!(log, "Reopened {} state(s).", s.reopened);
    logln!(log, "Evaluated {} state(s).", s.evaluated);
    logln!(log, "Generated {} state(s).", s.generated);
    if let Some([f, b]) = s.sides {
        logln!(log, "Expanded forward: {} state(s).", f.expanded);
        logln!(log, "Expanded backward: {} state(s).", b.expanded);
        logln!(log, "Generated forward: {} state(s).", f.generated);
        logln!(log, "Generated backward: {} state(s).", b.generated);
    }
    if !s.horizons.is_empty() {
        logln!(log, "Horizons tried: {}", s.horizons.len());
        let conflicts: u64 = s.horizons.iter().map(|h| h.conflicts).sum();
        logln!(log, "Conflicts: {conflicts} (all horizons)");
        for h in &s.horizons {
            logln!(
                log,
                "Horizon {}: {}, {} variable(s), {} clause(s), {} conflict(s), {:.3}s",
                h.horizon,
                h.answer,
                h.variables,
                h.clauses,
                h.conflicts,
                h.time.as_secs_f64()
            );
        }
    }
    logln!(log, "Dead ends: {} state(s).", s.dead_ends);
    logln!(log, "Duplicates: {} state(s).", s.duplicates);
    for (rule, count) in &s.pruned {
        logln!(log, "Pruned ({rule}): {count} state(s).");
    }
    if let Some(p) = &s.stubborn {
        stubborn_log(log, p);
    }
    if let Some(n) = &s.novelty {
        novelty_log(log, n);
    }
    logln!(log, "Search time: {:.3}s", s.search_time.as_secs_f64());
    logln!(log, "Total time: {:.3}s", total_time.as_secs_f64());
    if let Some(bytes) = s.heuristic_bytes {
        logln!(log, "Heuristic tables: {} KB", bytes.div_ceil(1024));
    }
    if let Some(kb) = s.peak_memory_kb {
        logln!(log, "Peak memory: {kb} KB");
    }
}

/// The novelty of the states the width-based searches measured, and the
/// size of their tables.
fn novelty_log(log: Log, n: &NoveltyCounts) {
    let [one, two, more] = n.levels;
    let width = match n.width {
        0 => "the width searched".to_string(),
        w => w.to_string(),
    };
    logln!(
        log,
        "Novelty: {one} state(s) of 1, {two} of 2, {more} of more than {width}."
    );
    let without = if n.without_pairs > 0 {
        format!(", {} without pair bits (byte limit)", n.without_pairs)
    } else {
        String::new()
    };
    logln!(
        log,
        "Novelty tables: {} partition(s){without}, {} KB.",
        n.partitions,
        n.bytes / 1024
    );
}

/// What partial-order reduction did: the operators it pruned, and whether
/// and when it was switched off.
fn stubborn_log(log: Log, p: &PruningStats) {
    if let Some(SwitchedOff::Unsupported(feature)) = p.off {
        logln!(log, "Pruning (stubborn sets) off: the task has {feature}.");
        return;
    }
    logln!(
        log,
        "Pruning (stubborn sets): {} of {} applicable operator(s) pruned in {} state(s) ({:.1}%).",
        p.applicable - p.kept,
        p.applicable,
        p.states,
        100.0 * p.ratio()
    );
    if let Some(SwitchedOff::AfterExpansions(n)) = p.off {
        logln!(
            log,
            "Pruning switched off after {n} expansion(s): it pruned too few operators."
        );
    }
}

/// The pruning counters every record carries, whichever the engine: the rules
/// a search space applies (progression applies none, so they are 0) and the
/// duplicates the algorithm drops.
pub const PRUNING_KEYS: &[&str] = &[
    "irrelevant",
    "inconsistent",
    "invariant",
    "h2_mutex",
    "subsumed",
    "duplicates",
];

/// The JSON record of one search: the configuration, the outcome, the plan
/// and the statistics, with one key per pruning counter.
pub fn record(
    task: &Task,
    config: &Config,
    o: &SearchOptions,
    (domain, problem): (&Path, &Path),
    result: &SearchResult,
    total_time: Duration,
) -> serde_json::Value {
    let s = &result.stats;
    let plan: Vec<String> = match &result.outcome {
        Outcome::Plan(plan) => plan.iter().map(|&o| task.operator(o).plan_step()).collect(),
        _ => Vec::new(),
    };
    let (length, cost) = match &result.outcome {
        Outcome::Plan(p) => (json!(p.len()), json!(task.plan_cost(p))),
        _ => (json!(null), json!(null)),
    };
    let regression = matches!(config.engine, Engine::Regression | Engine::Bidirectional);
    let sat = config.engine == Engine::Sat;
    let horizons: Vec<serde_json::Value> = s
        .horizons
        .iter()
        .map(|h| {
            json!({
                "horizon": h.horizon,
                "answer": h.answer,
                "variables": h.variables,
                "clauses": h.clauses,
                "conflicts": h.conflicts,
                "time_s": h.time.as_secs_f64(),
            })
        })
        .collect();
    let mut record = json!({
        "engine": config.engine.name(),
        // The BFWS aliases run their own schedule of greedy searches.
        "search": (!sat).then_some(match config.width {
            Some(WidthSearch::BfwsF5) => "bfws",
            Some(WidthSearch::DualBfws) => "dual-bfws",
            None => config.search.name(),
        }),
        "heuristic": config.heuristic.map(|h| match config.second {
            Some(second) => format!("{},{}", h.name(), second.name()),
            None => h.name().to_string(),
        }),
        "alias": o.alias.map(Alias::name),
        "weight": config.weight,
        "depth_limit": o.depth_limit,
        "preferred": (config.width.is_none()
            && (config.search == Algorithm::Gbfs || config.search.is_lazy()))
        .then_some(!o.no_preferred),
        "landmark_preferred": ([config.heuristic, config.second]
            .contains(&Some(named("lmcount"))))
            .then_some(config.landmark_preferred),
        "cycle_check": matches!(config.search, Algorithm::Dfs | Algorithm::Iddfs)
            .then_some(o.cycle_check),
        "unit_cost": o.unit_cost,
        "unit_cost_search": config.unit_search,
        "goal_sorting": regression.then_some(!o.no_goal_sorting),
        "mutex": (regression || sat).then_some(o.mutex().name()),
        "encoding": sat.then(|| o.sat().encoding.name()),
        "schedule": sat.then(|| o.sat().schedule.name()),
        "horizon": o.horizon,
        "horizons_tried": sat.then_some(s.horizons.len()),
        "makespan": match (&result.outcome, s.horizons.last()) {
            (Outcome::Plan(_), Some(h)) if sat => json!(h.horizon),
            _ => json!(null),
        },
        "horizons": sat.then_some(horizons),
        "subsumption": regression.then_some(!o.no_subsumption),
        "domain_file": domain.display().to_string(),
        "problem_file": problem.display().to_string(),
        "outcome": outcome_key(&result.outcome),
        "plan": plan,
        "length": length,
        "cost": cost,
        "expanded": s.expanded,
        "expanded_until_last_jump": s.expanded_until_last_jump,
        "initial_h": s.initial_h.and_then(|(_, h)| h),
        "generated": s.generated,
        "evaluated": s.evaluated,
        "reopened": s.reopened,
        "dead_ends": s.dead_ends,
        "search_time_s": s.search_time.as_secs_f64(),
        "total_time_s": total_time.as_secs_f64(),
        "expansions_per_s": per_second(s.expanded, s.search_time),
        "peak_memory_kb": s.peak_memory_kb,
        "forward_expanded": s.sides.map(|[f, _]| f.expanded),
        "forward_generated": s.sides.map(|[f, _]| f.generated),
        "backward_expanded": s.sides.map(|[_, b]| b.expanded),
        "backward_generated": s.sides.map(|[_, b]| b.generated),
    });
    // The heuristics' own tables (null if none counts them).
    record["heuristic_bytes"] = json!(s.heuristic_bytes);
    // Partial-order reduction (null without it); switched off for an
    // unsupported task means after 0 expansions.
    record["pruning"] = json!(config.pruning.name());
    // The time to the first search step (the heuristic built, the start
    // estimated), on the search's clock; null for the searches without one.
    record["initial_h_time_s"] = json!(s.initial_h_time.map(|t| t.as_secs_f64()));
    record["f_reached"] = json!(s.f_reached);
    record["pruned_operators"] = json!(s.stubborn.map(|p| p.applicable - p.kept));
    record["pruning_ratio"] = json!(s.stubborn.map(|p| p.ratio()));
    record["pruning_off_after"] = json!(s.stubborn.and_then(|p| match p.off? {
        SwitchedOff::AfterExpansions(n) => Some(n),
        SwitchedOff::Unsupported(_) => Some(0),
    }));
    // The h² preprocessing (null without it): the operators removed after
    // each direction's passes, and the dead facts each direction found.
    let h2 = s.h2_preprocess;
    record["h2_preprocess"] = json!(config.h2_preprocess.name());
    record["h2_removed_operators_forward"] = json!(h2.map(|p| p.removed_forward));
    record["h2_removed_operators_backward"] = json!(h2.map(|p| p.removed_backward));
    record["h2_unreachable_facts"] = json!(h2.map(|p| p.unreachable_facts));
    record["h2_irrelevant_facts"] = json!(h2.map(|p| p.irrelevant_facts));
    record["h2_preprocess_time_s"] = json!(h2.map(|p| p.time.as_secs_f64()));
    // The width-based searches and NOLAN (null for the others): states of novelty
    // 1, 2 and more, and the states IW and SIW pruned for their novelty.
    record["novelty"] = json!(s.novelty.map(|n| n.levels));
    // NOLAN's novelty queue: the width asked for (the log says when a large
    // task falls back to 1); null without one.
    record["novelty_width"] = json!(config.novelty);
    record["novelty_pruned"] = json!(s.novelty.map(|_| {
        (s.pruned.iter())
            .find(|(rule, _)| *rule == "novelty")
            .map_or(0, |&(_, n)| n)
    }));
    for key in PRUNING_KEYS {
        let n = if *key == "duplicates" {
            s.duplicates
        } else {
            s.pruned
                .iter()
                .find(|(rule, _)| rule == key)
                .map_or(0, |&(_, n)| n)
        };
        record[*key] = json!(n);
    }
    // A counter that means nothing for the engine is null, not 0.
    if let Some(fields) = record.as_object_mut() {
        for (key, value) in fields.iter_mut() {
            if !applies(config.engine.name(), key) {
                *value = serde_json::Value::Null;
            }
        }
    }
    record
}

/// Counters of a search state by state, which the SAT engine does not do.
const STATE_COUNTERS: &[&str] = &[
    "expanded",
    "expanded_until_last_jump",
    "f_reached",
    "generated",
    "evaluated",
    "reopened",
    "dead_ends",
    "duplicates",
    "expansions_per_s",
];

/// The rules of the regression space, which progression does not apply.
const BACKWARD_RULES: &[&str] = &[
    "irrelevant",
    "inconsistent",
    "invariant",
    "h2_mutex",
    "subsumed",
];

/// Partial-order reduction's settings and counts, for progression only.
const FORWARD_PRUNING: &[&str] = &[
    "pruning",
    "pruned_operators",
    "pruning_ratio",
    "pruning_off_after",
];

/// Bidirectional search's counts per side.
const SIDES: &[&str] = &[
    "forward_expanded",
    "forward_generated",
    "backward_expanded",
    "backward_generated",
];

/// The SAT engine's counts.
const HORIZONS: &[&str] = &["horizons_tried", "makespan", "horizons"];

/// Whether the counter `key` means something for `engine`: the SAT engine
/// expands no states, progression applies none of regression's rules, only
/// bidirectional search has two sides, only the SAT engine horizons and only
/// progression partial-order reduction (the h² preprocessing serves all).
/// Where it does not, the record holds `null` and the table and the page
/// say `n/a` (where it does but has no value, a plan's length without a
/// plan, they say `-`).
pub fn applies(engine: &str, key: &str) -> bool {
    let not = |keys: &[&[&str]]| !keys.iter().any(|k| k.contains(&key));
    match engine {
        "sat" => not(&[STATE_COUNTERS, BACKWARD_RULES, SIDES, FORWARD_PRUNING]),
        "progression" => not(&[BACKWARD_RULES, SIDES, HORIZONS]),
        "regression" => not(&[SIDES, HORIZONS, FORWARD_PRUNING]),
        "bidirectional" => not(&[HORIZONS, FORWARD_PRUNING]),
        _ => true,
    }
}

/// Expansions per second of search time (0 for an instant search).
pub fn per_second(n: u64, time: Duration) -> f64 {
    let t = time.as_secs_f64();
    if t > 0.0 { n as f64 / t } else { 0.0 }
}
