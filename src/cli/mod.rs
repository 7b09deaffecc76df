//! Command-line interface: clap types, dispatch, and the mapping from errors to
//! Fast Downward's exit codes. This is the only place that prints.

mod check;
mod compare;
mod engine;
mod ground;
mod html;
mod input;
mod invariants;
mod lurd;
mod mutexes;
mod options;
mod plan;
mod replay;
mod report;
mod show;
mod solve;
mod solve_trace;
mod validate;
mod xsb2pddl;

use clap::{Parser, Subcommand};
pub use planbox::exit;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "planbox",
    version,
    about = "Classical planning with STRIPS/PDDL: \
    progression, goal regression and bidirectional search, Sokoban translation, plan validation"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and check a domain, and a problem if given.
    Check(check::CheckArgs),
    /// Ground a problem and print the task's figures.
    Ground(ground::GroundArgs),
    /// Find a plan (forward, backward or bidirectional search) and write it to `sas_plan`.
    Plan(plan::PlanArgs),
    /// Run progression, regression and bidirectional search with the same settings, side by side.
    Compare(compare::CompareArgs),
    /// Check a plan on the lifted task, as VAL does.
    Validate(validate::ValidateArgs),
    /// Translate Sokoban levels (XSB) into PDDL problems.
    Xsb2pddl(xsb2pddl::Xsb2pddlArgs),
    /// Print a Sokoban plan as a LURD solution string.
    Lurd(lurd::LurdArgs),
    /// Check a LURD solution on a Sokoban level.
    Replay(replay::ReplayArgs),
    /// Solve Sokoban levels with the native push-level solver.
    Solve(solve::SolveArgs),
    /// Find state invariants, mutex groups and h² mutex pairs.
    Invariants(invariants::InvariantsArgs),
}

/// An error that knows its exit code (input errors are 31, unsupported input 34).
#[derive(Debug)]
pub struct Coded {
    pub code: u8,
    pub message: String,
}

impl std::fmt::Display for Coded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Coded {}

/// The exit code for an error: the first coded error in its chain decides.
fn exit_code_of(err: &anyhow::Error) -> u8 {
    for cause in err.chain() {
        if let Some(e) = cause.downcast_ref::<planbox::pddl::PddlError>() {
            return e.exit_code();
        }
        if let Some(e) = cause.downcast_ref::<Coded>() {
            return e.code;
        }
        if cause.downcast_ref::<std::io::Error>().is_some() {
            return exit::INPUT_ERROR;
        }
    }
    exit::INPUT_ERROR
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Check(args) => check::run(args),
        Command::Ground(args) => ground::run(args),
        Command::Plan(args) => plan::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Xsb2pddl(args) => xsb2pddl::run(args),
        Command::Lurd(args) => lurd::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Invariants(args) => invariants::run(args),
    };
    let code = match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            exit_code_of(&err)
        }
    };
    // `plan`'s log ends with its exit code, whichever way the run ended.
    if let Command::Plan(args) = &cli.command
        && !args.json
    {
        report::exit_code_line(args.log(), code);
    }
    ExitCode::from(code)
}
