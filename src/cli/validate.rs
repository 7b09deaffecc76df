//! `planbox validate [DOMAIN] PROBLEM PLAN`: check a plan on the lifted task,
//! as VAL does.
//!
//! Prints `Plan valid` with the plan's length and cost (exit 0), or the first
//! step that cannot be executed (naming the false precondition facts and the
//! plan file line) or the unmet goals (exit 1). A plan file that is not a plan
//! is invalid input (exit 31), reported with its line and column.

use anyhow::Result;
use clap::Args;
use planbox::plan::parse_plan;
use planbox::validate::validate;
use std::path::PathBuf;

use super::{Coded, exit, input};

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// `[DOMAIN] PROBLEM PLAN`; without DOMAIN, the domain is looked for beside
    /// the problem. PLAN may be a Fast Downward `sas_plan`, a pyperplan `.soln`
    /// or a VAL-style timed plan (`0: (op args) [1]`).
    #[arg(num_args = 2..=3, required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
}

pub fn run(args: &ValidateArgs) -> Result<u8> {
    let (task_files, plan_path) = args.files.split_at(args.files.len() - 1);
    let plan_path = &plan_path[0];
    let (domain_path, problem_path) = input::domain_and_problem(task_files)?;
    let domain = input::load_domain(&domain_path)?;
    let problem = input::load_problem(&domain, &problem_path)?;
    let text = input::read_text(plan_path, "plan file")?;
    let steps = parse_plan(&text).map_err(|e| Coded {
        code: exit::INPUT_ERROR,
        message: format!("plan file `{}`: {e}", plan_path.display()),
    })?;
    let report = validate(&domain, &problem, &steps);
    println!(
        "{}",
        planbox::snippet::clip_quoted(&report.verdict.to_string())
    );
    if report.is_valid() {
        println!("Plan length: {} step(s).", report.length);
        println!("Plan cost: {}", report.cost);
        Ok(exit::SUCCESS)
    } else {
        Ok(exit::INVALID_PLAN)
    }
}
