//! `planbox ground [DOMAIN] PROBLEM`: ground the task and print its figures.

use anyhow::Result;
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

use super::input;

#[derive(Args, Debug)]
pub struct GroundArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the
    /// problem as Fast Downward does: `domain.pddl`, `<problem>-domain.pddl`,
    /// `domain_<problem>.pddl`, `domain-<problem>.pddl`, then the IPC's
    /// `<first three letters>-domain.pddl`.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Print every ground operator (and axiom) in PDDL-like syntax.
    #[arg(long, conflicts_with = "json")]
    dump: bool,
    /// Print the figures as one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &GroundArgs) -> Result<u8> {
    let start = Instant::now();
    let (domain_path, problem_path) = input::domain_and_problem(&args.files)?;
    let domain = input::load_domain(&domain_path)?;
    let problem = input::load_problem(&domain, &problem_path)?;
    let parse_time = start.elapsed();
    let (task, stats) = planbox::ground::ground(&domain, &problem)?;
    let total = start.elapsed();
    if args.json {
        let record = json!({
            "outcome": "ok",
            "exit_code": super::exit::SUCCESS,
            "error": null,
            "domain_file": domain_path.display().to_string(),
            "problem_file": problem_path.display().to_string(),
            "domain": task.domain_name,
            "problem": task.problem_name,
            "objects": stats.objects,
            "types": stats.types,
            "predicates": stats.predicates,
            "actions": stats.actions,
            "static_facts": stats.static_facts,
            "facts": stats.facts,
            "irrelevant_facts": stats.dropped.irrelevant_facts,
            "reachable_operators": stats.reachable_operators,
            "operators": stats.operators,
            "operators_without_effect": stats.dropped.no_effect,
            "irrelevant_operators": stats.dropped.irrelevant,
            "contradictory_operators": stats.dropped.contradictory,
            "action_costs": task.has_action_costs,
            "parse_time_s": parse_time.as_secs_f64(),
            "lifted_time_s": stats.lifted_time.as_secs_f64(),
            "reachability_time_s": stats.reachability_time.as_secs_f64(),
            "instantiate_time_s": stats.instantiate_time.as_secs_f64(),
            "time_s": total.as_secs_f64(),
        });
        super::print_record(&record);
    } else {
        println!("Domain: {} ({})", task.domain_name, domain_path.display());
        println!(
            "Problem: {} ({})",
            task.problem_name,
            problem_path.display()
        );
        println!("Objects: {}", stats.objects);
        println!("Types: {}", stats.types);
        println!("Predicates: {}", stats.predicates);
        println!("Actions: {}", stats.actions);
        println!("Static facts: {}", stats.static_facts);
        println!(
            "Reachable fluent facts: {} ({} irrelevant to the goal)",
            stats.facts, stats.dropped.irrelevant_facts
        );
        println!("Reachable operators: {}", stats.reachable_operators);
        println!(
            "Ground operators: {} ({} with a precondition no state meets, {} change nothing, {} irrelevant to the goal)",
            stats.operators,
            stats.dropped.contradictory,
            stats.dropped.no_effect,
            stats.dropped.irrelevant
        );
        println!(
            "Action costs: {}",
            if task.has_action_costs {
                "yes"
            } else {
                "no (unit cost)"
            }
        );
        println!("Parse and check time: {:.6}s", parse_time.as_secs_f64());
        println!("Lifted time: {:.6}s", stats.lifted_time.as_secs_f64());
        println!(
            "Reachability time: {:.6}s",
            stats.reachability_time.as_secs_f64()
        );
        println!(
            "Instantiate time: {:.6}s",
            stats.instantiate_time.as_secs_f64()
        );
        println!("Total time: {:.6}s", total.as_secs_f64());
    }
    if args.dump {
        for op in &task.operators {
            print!("{}", planbox::task::dump_operator(&task, op));
        }
        for axiom in &task.axioms {
            print!("{}", planbox::task::dump_axiom(&task, axiom));
        }
    }
    Ok(super::exit::SUCCESS)
}
