//! `planbox check DOMAIN [PROBLEM]`: parse and check, print a one-line summary.
//! Given one file that holds a problem, `check` looks for its domain beside it,
//! as `plan`, `ground` and `validate` do.

use anyhow::Result;
use clap::Args;
use std::collections::BTreeSet;
use std::path::PathBuf;

use super::input;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The domain file; or a problem file alone, whose domain is looked for
    /// beside it as for `plan`.
    domain: PathBuf,
    /// A problem file to check against the domain.
    problem: Option<PathBuf>,
}

pub fn run(args: &CheckArgs) -> Result<u8> {
    let (domain_path, problem_path) = match &args.problem {
        Some(problem) => {
            input::check_file(&args.domain, "domain file")?;
            input::check_file(problem, "problem file")?;
            (args.domain.clone(), Some(problem.clone()))
        }
        None => {
            input::check_file(&args.domain, "domain file")?;
            let text = input::read_text(&args.domain, "domain file")?;
            if input::is_problem_text(&text) {
                let (domain, problem) =
                    input::domain_and_problem(std::slice::from_ref(&args.domain))?;
                (domain, Some(problem))
            } else {
                (args.domain.clone(), None)
            }
        }
    };
    let domain = input::load_domain(&domain_path)?;
    // A type declared twice (with two parents) or named only as a parent
    // counts once; `object` is not counted.
    let types: BTreeSet<&str> = (domain.types.iter())
        .flat_map(|t| [&t.name.text, &t.ty.text])
        .map(String::as_str)
        .filter(|&t| t != "object")
        .collect();
    // A predicate declared twice (with the same parameters: a warning) once.
    let predicates: BTreeSet<&str> = (domain.predicates.iter())
        .map(|p| p.name.text.as_str())
        .collect();
    println!(
        "{}: domain `{}` ok ({} types, {} predicates, {} actions)",
        domain_path.display(),
        domain.name.text,
        types.len(),
        predicates.len(),
        domain.actions.len()
    );
    if let Some(path) = &problem_path {
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
