//! `planbox abstractions [DOMAIN] PROBLEM`: the pattern databases that
//! `--heuristic scp` builds, each as a table, and how the cost
//! partitionings add up their estimates of the initial state.

use anyhow::{Result, bail};
use clap::Args;
use planbox::heuristics::abstraction::cost_partitioning::optimal::Solved;
use planbox::heuristics::abstraction::report::Report;
use planbox::heuristics::abstraction::selection::Selection;
use planbox::heuristics::abstraction::{CostPartitioned, FactGroups, Options, Partitioning};
use planbox::invariants::{MutexMode, Options as InvariantOptions};
use planbox::task::{FactSet, Task};
use std::path::PathBuf;

use super::{Coded, input, outln};

#[derive(Args, Debug)]
pub struct AbstractionsArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the problem.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Every interesting pattern of at most this many variables (without
    /// it: the patterns `scp` selects, Sys-SCP).
    #[arg(long)]
    pattern_size: Option<usize>,
    /// Print the table of every projection with at most this many abstract states.
    #[arg(long, default_value_t = 12)]
    rows: u32,
    /// Also solve the linear program of optimal cost partitioning for the
    /// initial state (slow on large projections).
    #[arg(long)]
    optimal: bool,
}

pub fn run(args: &AbstractionsArgs) -> Result<u8> {
    let (domain_path, problem_path) = input::domain_and_problem(&args.files)?;
    let domain = input::load_domain(&domain_path)?;
    let problem = input::load_problem(&domain, &problem_path)?;
    let options = InvariantOptions {
        mutex: MutexMode::None,
        ..InvariantOptions::default()
    };
    let (task, _, _, analysis) = planbox::ground::ground_and_analyse(&domain, &problem, &options)?;
    if let Some(feature) = task.adl_feature() {
        bail!(Coded {
            code: planbox::exit::UNSUPPORTED,
            message: format!("abstractions do not support {feature}, which this task has"),
        });
    }
    let (groups, mutexes) = (
        analysis.mutexes.exclusive_groups(),
        analysis.mutexes.at_most_one_groups(),
    );
    let limits = match args.pattern_size {
        Some(size) => Options {
            selection: Selection::Systematic,
            max_pattern_size: size,
            cartesian: false,
            ..Options::default()
        },
        None => Options {
            cartesian: false,
            ..Options::default()
        },
    };
    // The variables `scp` would choose, judged with its own options.
    let groups = FactGroups {
        variables: Some(&groups),
        mutexes: &mutexes,
    };
    let monotone = CostPartitioned::prefers_monotone(&task, groups, &Options::default());
    let groups = if monotone { groups.monotone() } else { groups };
    let mut h = CostPartitioned::new(&task, groups, Partitioning::Saturated, &limits);
    let init = FactSet::from_facts(task.facts.len(), &task.init);
    let report = h.report(init.words(), args.rows);
    print_report(&task, &report, args.pattern_size);
    if args.optimal {
        let line = match h.optimal_for(init.words()) {
            Solved::DeadEnd => "dead end".to_string(),
            Solved::Optimum(x) => match Solved::Optimum(x).estimate() {
                Some(h) if (x - f64::from(h)).abs() < 1e-6 => h.to_string(),
                h => format!("{} (the LP's optimum {x:.3}, rounded up)", number(h)),
            },
            Solved::Failed(h) => format!("the LP failed (best single projection: {h})"),
        };
        outln!("  optimal cost partitioning: {line}");
    }
    Ok(0)
}

fn pattern_name(pattern: &[u32]) -> String {
    let vars: Vec<String> = pattern.iter().map(|v| format!("v{v}")).collect();
    format!("{{{}}}", vars.join(", "))
}

fn number(h: Option<u32>) -> String {
    h.map_or("dead end".to_string(), |v| v.to_string())
}

fn print_report(task: &Task, report: &Report, size: Option<usize>) {
    outln!("Variables: {}", report.variables.len());
    for (v, (facts, none)) in report.variables.iter().enumerate() {
        let mut values: Vec<String> = facts.iter().map(|&f| task.fact(f).to_string()).collect();
        if *none {
            values.push("none".to_string());
        }
        outln!("  v{v}: {}", values.join(", "));
    }
    let which = match size {
        Some(size) => format!("interesting patterns of at most {size} variables"),
        None => "interesting patterns selected by Sys-SCP".to_string(),
    };
    outln!("Projections ({which}): {}", report.projections.len());
    for p in &report.projections {
        outln!(
            "  {}: {} states, {} transitions, initial state {}",
            pattern_name(&p.pattern),
            p.states,
            p.transitions,
            number(p.estimate)
        );
        let names: Vec<String> = (p.rows.iter())
            .map(|row| {
                let values = row.values.iter().zip(&p.pattern);
                let names: Vec<String> = values
                    .map(|(&x, &v)| report.value_name(task, v, x))
                    .collect();
                names.join(" ")
            })
            .collect();
        let width = names.iter().map(String::len).max().unwrap_or(0);
        for (row, name) in p.rows.iter().zip(&names) {
            let goal = if row.goal { "  goal" } else { "" };
            outln!("    {name:width$}  {:>3}{goal}", number(row.distance));
        }
    }
    outln!("Initial state:");
    outln!("  best single projection: {}", number(report.maximum));
    outln!("  uniform cost partitioning: {}", number(report.uniform));
    outln!(
        "  saturated cost partitioning: {}, in the greedy order:",
        number(report.saturated_total)
    );
    for step in &report.saturated {
        let takes: Vec<String> = (step.takes.iter())
            .map(|&(o, c)| format!("{} {c}", task.operator(o).plan_step()))
            .collect();
        let takes = if takes.is_empty() {
            String::new()
        } else {
            format!(", takes {}", takes.join(", "))
        };
        outln!(
            "    {}: {}{takes}",
            pattern_name(&report.projections[step.projection].pattern),
            number(step.estimate)
        );
    }
}
