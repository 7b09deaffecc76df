//! What `planbox plan` prints: the progress lines, the statistics in Fast
//! Downward's words (stderr), and the `--json` record (stdout).

use clap::ValueEnum;
use planbox::search::{Outcome, Progress, SearchResult};
use planbox::task::Task;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

use super::plan::{Config, HeuristicName, PlanArgs};

pub fn heuristic_name(h: HeuristicName) -> &'static str {
    match h {
        HeuristicName::Blind => "blind",
        HeuristicName::Goalcount => "goalcount",
        HeuristicName::Hmax => "hmax",
        HeuristicName::Hadd => "hadd",
        HeuristicName::Hff => "hff",
        HeuristicName::Lmcut => "lmcut",
    }
}

/// One progress line on stderr: `[t=5.0s, 812 KB] f = 12, 1000 expanded, ...`.
pub fn progress_line(p: &Progress) {
    let value = p
        .value
        .map(|(name, v)| format!("{name} = {v}, "))
        .unwrap_or_default();
    eprintln!(
        "[t={:.1}s, {} KB] {value}{} expanded, {} evaluated, {} generated",
        p.elapsed.as_secs_f64(),
        p.memory / 1024,
        p.expanded,
        p.evaluated,
        p.generated
    );
}

/// The outcome's name in the JSON record.
fn outcome_key(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Plan(_) => "plan",
        Outcome::Unsolvable => "unsolvable",
        Outcome::Incomplete => "incomplete",
        Outcome::OutOfTime => "out_of_time",
        Outcome::OutOfMemory => "out_of_memory",
    }
}

/// The statistics on stderr, in Fast Downward's words.
pub fn log(task: &Task, result: &SearchResult, total_time: Duration) {
    let s = &result.stats;
    match &result.outcome {
        Outcome::Plan(plan) => {
            eprintln!("Solution found!");
            eprintln!("Plan length: {} step(s).", plan.len());
            eprintln!("Plan cost: {}", task.plan_cost(plan));
        }
        Outcome::Unsolvable => eprintln!("Completely explored state space -- no solution!"),
        Outcome::Incomplete => {
            eprintln!("Search stopped without finding a solution (depth limit reached).")
        }
        Outcome::OutOfTime => eprintln!("Time limit reached. Abort search."),
        Outcome::OutOfMemory => eprintln!("Memory limit reached. Abort search."),
    }
    eprintln!("Expanded {} state(s).", s.expanded);
    eprintln!("Reopened {} state(s).", s.reopened);
    eprintln!("Evaluated {} state(s).", s.evaluated);
    eprintln!("Generated {} state(s).", s.generated);
    eprintln!("Dead ends: {} state(s).", s.dead_ends);
    for (rule, count) in &s.pruned {
        eprintln!("Pruned ({rule}): {count} state(s).");
    }
    eprintln!("Search time: {:.3}s", s.search_time.as_secs_f64());
    eprintln!("Total time: {:.3}s", total_time.as_secs_f64());
    if let Some(kb) = s.peak_memory_kb {
        eprintln!("Peak memory: {kb} KB");
    }
}

/// One JSON record on stdout.
pub fn json(
    task: &Task,
    config: &Config,
    args: &PlanArgs,
    (domain, problem): (&Path, &Path),
    result: &SearchResult,
    total_time: Duration,
) {
    let s = &result.stats;
    let plan: Vec<String> = match &result.outcome {
        Outcome::Plan(plan) => plan.iter().map(|&o| task.operator(o).plan_step()).collect(),
        _ => Vec::new(),
    };
    let (length, cost) = match &result.outcome {
        Outcome::Plan(p) => (json!(p.len()), json!(task.plan_cost(p))),
        _ => (json!(null), json!(null)),
    };
    let search = config
        .search
        .to_possible_value()
        .map(|v| v.get_name().to_string());
    let pruned: serde_json::Map<String, serde_json::Value> = s
        .pruned
        .iter()
        .map(|(rule, n)| (rule.to_string(), json!(n)))
        .collect();
    let record = json!({
        "engine": "progression",
        "search": search,
        "heuristic": config.heuristic.map(heuristic_name),
        "weight": config.weight,
        "depth_limit": args.depth_limit,
        "unit_cost": args.unit_cost,
        "domain_file": domain.display().to_string(),
        "problem_file": problem.display().to_string(),
        "plan_file": matches!(result.outcome, Outcome::Plan(_)).then_some(&args.plan_file),
        "outcome": outcome_key(&result.outcome),
        "plan": plan,
        "length": length,
        "cost": cost,
        "expanded": s.expanded,
        "generated": s.generated,
        "evaluated": s.evaluated,
        "reopened": s.reopened,
        "dead_ends": s.dead_ends,
        "pruned": pruned,
        "search_time_s": s.search_time.as_secs_f64(),
        "total_time_s": total_time.as_secs_f64(),
        "peak_memory_kb": s.peak_memory_kb,
    });
    println!("{record}");
}
