//! Command-line interface: clap types, dispatch, and the mapping from errors to
//! Fast Downward's exit codes. This is the only place that prints.

mod abstractions;
mod check;
mod compare;
mod ground;
mod html;
mod input;
mod invariants;
mod lurd;
mod options;
mod output;
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
    about = "Classical planning with STRIPS/PDDL: progression, goal regression, \
    bidirectional search and planning as satisfiability; Sokoban translation and solving; \
    plan validation"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and check a domain, and a problem if given.
    #[command(override_usage = "planbox check DOMAIN [PROBLEM]\n       planbox check PROBLEM")]
    Check(check::CheckArgs),
    /// Ground a problem and print the task's figures.
    #[command(override_usage = "planbox ground [OPTIONS] [DOMAIN] PROBLEM")]
    Ground(ground::GroundArgs),
    /// Find a plan (forward, backward or bidirectional search, or SAT) and write it to `sas_plan`.
    #[command(override_usage = "planbox plan [OPTIONS] [DOMAIN] PROBLEM")]
    Plan(plan::PlanArgs),
    /// Run progression, regression, bidirectional search and SAT with the same settings, side by side.
    #[command(
        override_usage = "planbox compare [OPTIONS] [DOMAIN] PROBLEM",
        mut_arg("dump_cnf", |a| a.hide(true)),
        mut_arg("dot", |a| a.help(
            "Write the explored search graph of progression and regression (their first \
             expansions) in Graphviz format, one file each: FILE's name with the engine before \
             the extension (g.dot: g.progression.dot, g.regression.dot)"
        )),
        mut_arg("trace", |a| a.help(
            "Print the first expansions (see --trace-limit) of progression and regression on \
             stderr, each line led by its engine"
        )),
        mut_arg("time_limit", |a| a.help(
            "Stop each search after this many CPU seconds of its process (its column then says \
             out_of_time; compare itself exits 0)"
        )),
        mut_arg("memory_limit", |a| a.help(
            "Stop each search when its process would use more than this many MB (its column \
             then says out_of_memory; compare itself exits 0)"
        )),
    )]
    Compare(compare::CompareArgs),
    /// Check a plan on the lifted task, as VAL does.
    #[command(override_usage = "planbox validate [DOMAIN] PROBLEM PLAN")]
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
    #[command(override_usage = "planbox invariants [OPTIONS] [DOMAIN] PROBLEM")]
    Invariants(invariants::InvariantsArgs),
    /// Show the pattern databases of a task and how cost partitioning adds them up.
    #[command(override_usage = "planbox abstractions [OPTIONS] [DOMAIN] PROBLEM")]
    Abstractions(abstractions::AbstractionsArgs),
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
pub fn exit_code_of(err: &anyhow::Error) -> u8 {
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

/// The first error writing to stdout (a full disk, say), if one happened.
/// `plan` keeps going when its log cannot be written, so that its plan file
/// is still written; the run then ends with that error (exit 31).
static STDOUT_FAILED: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Writes `text` on stdout; a failure is remembered (see [`STDOUT_FAILED`])
/// instead of ending the process as `print!` would, with a panic.
pub fn write_stdout(text: std::fmt::Arguments) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.flush()) {
        let _ = STDOUT_FAILED.set(e.to_string());
    }
}

/// `outln!("...")`: [`write_stdout`] and a newline.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use outln;

/// Every other verb prints with `println!`, which panics when stdout cannot
/// be written: the panic becomes the same one-line error and exit 31, not a
/// backtrace and exit 101.
fn catch_stdout_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            eprintln!("error: cannot write to stdout: {why}");
            std::process::exit(i32::from(exit::INPUT_ERROR));
        }
        default(info);
    }));
}

/// Whether this run printed its `--json` record (see [`print_record`]).
static RECORD_PRINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Prints a `--json` record on stdout, one line. Every `--json` run prints
/// exactly one (`solve`: one per level): a run that fails before it printed
/// its own gets the error record of [`error_record`] from [`main`].
pub fn print_record(record: &serde_json::Value) {
    outln!("{record}");
    RECORD_PRINTED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The `--json` record of a run that ended in an error: its outcome (from
/// the exit code), the exit code and the message.
pub fn error_record(code: u8, message: &str) -> serde_json::Value {
    let outcome = match code {
        exit::USAGE => "usage_error",
        exit::OUT_OF_MEMORY => "out_of_memory",
        exit::OUT_OF_TIME => "out_of_time",
        exit::INPUT_ERROR => "input_error",
        exit::UNSUPPORTED => "unsupported",
        exit::CRITICAL_ERROR => "critical_error",
        // 128 + SIGHUP, SIGINT, SIGTERM: `compare` told to stop.
        129 | 130 | 143 => "stopped",
        _ => "error",
    };
    serde_json::json!({ "outcome": outcome, "exit_code": code, "error": message })
}

impl Command {
    /// Whether the run was asked for `--json` records.
    fn json(&self) -> bool {
        match self {
            Command::Plan(a) => a.json,
            Command::Compare(a) => a.json,
            Command::Ground(a) => a.json,
            Command::Solve(a) => a.json,
            Command::Invariants(a) => a.json,
            Command::Check(_)
            | Command::Validate(_)
            | Command::Xsb2pddl(_)
            | Command::Lurd(_)
            | Command::Replay(_)
            | Command::Abstractions(_) => false,
        }
    }
}

/// Parses the command line; a usage error of a `--json` run is a record too.
fn parse() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            let shown = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
            let json = std::env::args_os().skip(1).any(|a| a == "--json");
            if json && !shown {
                // The message is clap's first paragraph, on one line.
                let text = e.to_string();
                let first: Vec<&str> = text
                    .lines()
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                let message = first.join(" ");
                let message = message.trim_start_matches("error: ");
                outln!("{}", error_record(exit::USAGE, message));
            }
            let args: Vec<_> = std::env::args_os().skip(1).collect();
            if shown || json || args.first().is_none_or(|a| a != "plan") {
                e.exit()
            }
            // `plan`'s log ends with its exit code, a usage error included,
            // on the stream the log would have gone to.
            let _ = e.print();
            let plan_to_stdout = args
                .windows(2)
                .any(|w| w[0] == "--plan-file" && w[1] == "-");
            let lurd = args.iter().any(|a| a == "--lurd");
            let log = if plan_to_stdout || lurd {
                report::Log::Stderr
            } else {
                report::Log::Stdout
            };
            report::exit_code_line(log, exit::USAGE);
            std::process::exit(i32::from(exit::USAGE))
        }
    }
}

pub fn main() -> ExitCode {
    catch_stdout_panics();
    let cli = parse();
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
        Command::Abstractions(args) => abstractions::run(args),
    };
    let code = match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            let code = exit_code_of(&err);
            if cli.command.json() && !RECORD_PRINTED.load(std::sync::atomic::Ordering::Relaxed) {
                outln!("{}", error_record(code, &format!("{err:#}")));
            }
            code
        }
    };
    // `plan`'s log ends with its exit code, whichever way the run ended.
    if let Command::Plan(args) = &cli.command
        && !args.json
    {
        report::exit_code_line(args.log(), code);
    }
    if let Some(why) = STDOUT_FAILED.get() {
        eprintln!("error: cannot write to stdout: {why}; the files the run wrote are complete");
        return ExitCode::from(exit::INPUT_ERROR);
    }
    ExitCode::from(code)
}
