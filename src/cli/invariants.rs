//! `planbox invariants [DOMAIN] PROBLEM`: the task's monotonicity invariants,
//! mutex groups and h² mutex pairs, with the time of each stage.

use anyhow::Result;
use clap::{Args, ValueEnum};
use planbox::invariants::{self, H2Skip, H2Status, MutexMode, Options};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

use super::input;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Mutex {
    /// h² pairs, unless the task is too large for them.
    H2,
    /// Invariant groups only.
    None,
}

#[derive(Args, Debug)]
pub struct InvariantsArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the problem.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Which mutex pairs to compute besides the invariant groups.
    #[arg(long, value_enum, default_value_t = Mutex::H2)]
    mutex: Mutex,
    /// Also print every ground mutex group.
    #[arg(long)]
    groups: bool,
    /// Print the results as one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &InvariantsArgs) -> Result<u8> {
    let start = Instant::now();
    let (domain_path, problem_path) = input::domain_and_problem(&args.files)?;
    let domain = input::load_domain(&domain_path)?;
    let problem = input::load_problem(&domain, &problem_path)?;
    let parse_time = start.elapsed();
    let options = Options {
        mutex: match args.mutex {
            Mutex::H2 => MutexMode::H2,
            Mutex::None => MutexMode::None,
        },
        ..Options::default()
    };
    let (task, stats, lifted, analysis) =
        planbox::ground::ground_and_analyse(&domain, &problem, &options)?;
    let total = start.elapsed();
    let ground_time = stats.lifted_time + stats.reachability_time + stats.instantiate_time;
    let syn = &analysis.synthesis;
    let texts: Vec<String> = syn
        .invariants
        .iter()
        .zip(&analysis.grounding.counts)
        .map(|(inv, counts)| invariants::describe(inv, &lifted, &domain, counts))
        .collect();
    let groups = analysis.mutexes.groups();
    let h2 = analysis.mutexes.h2();
    let h2_state = match analysis.h2 {
        H2Status::Computed => "computed".to_string(),
        H2Status::NotRequested => "not requested".to_string(),
        H2Status::Skipped(H2Skip::TimeLimit) => "skipped (time limit)".to_string(),
        H2Status::Skipped(H2Skip::Unsupported(feature)) => {
            format!("skipped (the task has {feature})")
        }
        H2Status::Skipped(H2Skip::TooLarge {
            estimated_work,
            facts,
        }) => format!("skipped (too large: {facts} facts, estimated work {estimated_work})"),
    };
    let stopped = syn.stopped.map(|s| format!("{s:?}"));
    let group_text = |g: &invariants::MutexGroup| {
        let facts: Vec<String> = g.facts.iter().map(|&f| task.fact(f).to_string()).collect();
        format!("at most {} of {{{}}}", g.at_most, facts.join(" "))
    };
    if args.json {
        let record = json!({
            "outcome": "ok",
            "exit_code": super::exit::SUCCESS,
            "error": null,
            "domain_file": domain_path.display().to_string(),
            "problem_file": problem_path.display().to_string(),
            "domain": task.domain_name,
            "problem": task.problem_name,
            "facts": task.facts.len(),
            "operators": task.operators.len(),
            "invariants": syn.invariants.iter().zip(&texts).zip(&analysis.grounding.counts)
                .map(|((inv, text), c)| json!({
                    "text": text,
                    "parameters": inv.arity,
                    "parts": inv.parts.iter().map(|p| part_text(&lifted, p)).collect::<Vec<_>>(),
                    "instances": c.instances,
                    "initial_min": c.min,
                    "initial_max": c.max,
                })).collect::<Vec<_>>(),
            "candidates": syn.candidates,
            "too_complex": syn.too_complex,
            "stopped": stopped,
            "mutex_groups": groups.len(),
            "groups": if args.groups {
                Some(groups.iter().map(group_text).collect::<Vec<_>>())
            } else {
                None
            },
            "h2": h2_state,
            "h2_mutex_pairs": h2.map(|h| h.mutex_pairs()),
            "h2_unreachable_facts": h2.map(|h| h.unreachable_facts()),
            "h2_passes": h2.map(|h| h.passes),
            "parse_time_s": parse_time.as_secs_f64(),
            "ground_time_s": ground_time.as_secs_f64(),
            "invariant_time_s": syn.time.as_secs_f64(),
            "groups_time_s": analysis.groups_time.as_secs_f64(),
            "h2_time_s": analysis.h2_time.as_secs_f64(),
            "time_s": total.as_secs_f64(),
        });
        super::print_record(&record);
        return Ok(super::exit::SUCCESS);
    }
    println!("Domain: {} ({})", task.domain_name, domain_path.display());
    println!(
        "Problem: {} ({})",
        task.problem_name,
        problem_path.display()
    );
    println!(
        "Facts: {}, operators: {}",
        task.facts.len(),
        task.operators.len()
    );
    println!(
        "Invariants: {} ({} candidates checked{})",
        texts.len(),
        syn.candidates,
        match &stopped {
            Some(s) => format!(", stopped early: {s}"),
            None => String::new(),
        }
    );
    for text in &texts {
        println!("  {text}");
    }
    println!("Mutex groups: {}", groups.len());
    if args.groups {
        for g in groups {
            println!("  {}", group_text(g));
        }
    }
    match h2 {
        Some(h) => println!(
            "h2: computed, {} mutex pairs, {} unreachable facts, {} passes",
            h.mutex_pairs(),
            h.unreachable_facts(),
            h.passes
        ),
        None => println!("h2: {h2_state}"),
    }
    println!("Parse and check time: {:.6}s", parse_time.as_secs_f64());
    println!("Ground time: {:.6}s", ground_time.as_secs_f64());
    println!("Invariant time: {:.6}s", syn.time.as_secs_f64());
    println!("Group time: {:.6}s", analysis.groups_time.as_secs_f64());
    println!("h2 time: {:.6}s", analysis.h2_time.as_secs_f64());
    println!("Total time: {:.6}s", total.as_secs_f64());
    Ok(super::exit::SUCCESS)
}

/// A part as `on(*,0)`: the predicate, then each position's parameter number
/// or `*` for the counted one.
fn part_text(lifted: &planbox::lifted::Lifted, part: &invariants::Part) -> String {
    let args: Vec<String> = part
        .args
        .iter()
        .map(|s| match s {
            invariants::Slot::Param(p) => p.to_string(),
            invariants::Slot::Counted => "*".into(),
        })
        .collect();
    let name = lifted
        .predicates
        .get_index(part.pred as usize)
        .map_or("?", String::as_str);
    format!("{name}({})", args.join(","))
}
