//! `planbox check DOMAIN [PROBLEM]`: parse and check, print a one-line summary.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

use super::input;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The domain file.
    domain: PathBuf,
    /// A problem file to check against the domain.
    problem: Option<PathBuf>,
}

pub fn run(args: &CheckArgs) -> Result<u8> {
    let domain = input::load_domain(&args.domain)?;
    println!(
        "{}: domain `{}` ok ({} types, {} predicates, {} actions)",
        args.domain.display(),
        domain.name.text,
        domain.types.len(),
        domain.predicates.len(),
        domain.actions.len()
    );
    if let Some(path) = &args.problem {
        let problem = input::load_problem(&domain, path)?;
        println!(
            "{}: problem `{}` ok ({} objects, {} initial atoms, {} goal literals)",
            path.display(),
            problem.name.text,
            problem.objects.len(),
            problem.init.len(),
            problem.goal.literals().len()
        );
    }
    Ok(super::exit::SUCCESS)
}
