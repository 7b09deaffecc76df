//! `planbox plan [DOMAIN] PROBLEM`: ground, search (forward, backward or
//! bidirectional), write the plan.
//!
//! The statistics go to stdout in Fast Downward's words, ending with
//! `search exit code: N` (see `report` for why, and for when they go to
//! stderr instead), the plan to `sas_plan` (or stdout with `--plan-file -`);
//! `--json` prints one JSON record on stdout instead of the log. Every plan is
//! replayed on the ground task before it is written.

use anyhow::{Context, Result, bail};
use clap::Args;
use planbox::Loader;
use planbox::plan::{check_plan, format_plan};
use planbox::planner::{self, Engine, Known, PlanError};
use planbox::sat::Invariants;
use planbox::search::{CpuClock, Limits, Monitor, Outcome};
use planbox::task::{OpId, Task};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::options::{self, SearchOptions};
use super::report::{Log, logln};
use super::{Coded, exit, input, output, report, show};

/// How often a long search reports its progress on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

#[derive(Args, Debug)]
pub struct PlanArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the
    /// problem as for `ground`.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Search forward from the initial state, backward from the goal, both
    /// ways at once, or hand the task over T steps to a SAT solver.
    #[arg(long, value_parser = options::choice::<Engine>(), default_value_t = Engine::Progression)]
    pub engine: Engine,
    #[command(flatten)]
    pub options: SearchOptions,
    /// Where to write the plan; `-` for stdout.
    #[arg(long, value_name = "FILE", default_value = "sas_plan")]
    pub plan_file: String,
    /// Print one JSON record on stdout instead of the log.
    #[arg(long)]
    pub json: bool,
    /// Also print the plan as a Sokoban LURD string on stdout (problems from
    /// `planbox xsb2pddl` or IPC Sokoban).
    #[arg(long)]
    pub lurd: bool,
    /// Print progress lines even with `--json`, each starting with `LABEL: `
    /// (`compare` runs its searches so).
    #[arg(long, hide = true, value_name = "LABEL")]
    pub progress_label: Option<String>,
    /// Add the first expansions (see --trace-limit) to the `--json` record as
    /// `trace` (`compare --html` draws them).
    #[arg(long, hide = true, requires = "json")]
    pub json_trace: bool,
    /// Leave out the warnings about the input (`compare` shows them once,
    /// before its searches).
    #[arg(long, hide = true)]
    pub no_warnings: bool,
}

impl PlanArgs {
    /// Where the log goes: stdout, as Fast Downward's, unless stdout carries
    /// the plan, the LURD string or the JSON record.
    pub fn log(&self) -> Log {
        if self.json || self.lurd || self.plan_file == "-" {
            Log::Stderr
        } else {
            Log::Stdout
        }
    }
}

/// A grounded problem with what the commands that search need about it.
pub struct Loaded {
    pub domain_path: PathBuf,
    pub problem_path: PathBuf,
    /// The task, and the lifted task and its reachable instances, for
    /// invariant synthesis.
    pub loaded: planbox::Loaded,
    /// The Sokoban level, if the problem is one (for boards and LURD).
    pub level: Option<planbox::sokoban::Level>,
}

/// Reads, checks and grounds `[DOMAIN] PROBLEM`, within the time and memory
/// limits of `options` (as Fast Downward's driver limits its translator).
pub fn load(files: &[PathBuf], options: &SearchOptions) -> Result<Loaded> {
    let (domain_path, problem_path) = input::domain_and_problem(files)?;
    let search = limits(options, true);
    let mut loader = Loader::new()
        .limits(planbox::ground::GroundLimits {
            time: search.time,
            memory: search.memory,
            ..Default::default()
        })
        .unit_cost(options.unit_cost)
        .on_warning(input::print_warning);
    let source = input::read_source(&domain_path, "domain file")?;
    let domain = loader.domain(source).map_err(input::load_error)?;
    let source = input::read_source(&problem_path, "problem file")?;
    let problem = (loader.problem(&domain, source)).map_err(input::load_error)?;
    let level =
        planbox::sokoban::decode::level_from_problem(&problem_path, &problem.source.text).ok();
    Ok(Loaded {
        domain_path,
        problem_path,
        loaded: loader.ground(domain, problem).map_err(input::load_error)?,
        level,
    })
}

/// The limits of one search from the options.
pub fn limits(o: &SearchOptions, quiet: bool) -> Limits {
    Limits {
        time: o.time_limit.map(Duration::from_secs_f64),
        memory: Limits::memory_from(o.memory_limit),
        progress_every: (!quiet).then_some(PROGRESS_EVERY),
        ..Limits::none()
    }
}

/// The planner's refusal as the command line says it: a heuristic the
/// engine does not have is a usage error (exit 2), a task it cannot handle
/// unsupported (exit 34).
fn planner_error(e: PlanError) -> anyhow::Error {
    let code = match e {
        PlanError::Unavailable { .. } => exit::USAGE,
        PlanError::Unsupported(_) => exit::UNSUPPORTED,
    };
    Coded {
        code,
        message: e.to_string(),
    }
    .into()
}

/// The exit code of an outcome.
pub fn exit_code(outcome: &Outcome) -> u8 {
    match outcome {
        Outcome::Plan(_) => exit::SUCCESS,
        Outcome::Unsolvable => exit::UNSOLVABLE,
        Outcome::Incomplete => exit::INCOMPLETE,
        Outcome::OutOfTime => exit::OUT_OF_TIME,
        Outcome::OutOfMemory => exit::OUT_OF_MEMORY,
    }
}

pub fn run(args: &PlanArgs) -> Result<u8> {
    // CPU time, as the limits and Fast Downward's `Total time` count it.
    let start = CpuClock::now();
    args.options.check_engine(args.engine)?;
    let options = SearchOptions {
        json_trace: args.json_trace,
        ..args.options.clone()
    };
    let mut config = options::configure(&options, args.engine)?;
    if args.json_trace && matches!(args.engine, Engine::Bidirectional | Engine::Sat) {
        bail!(options::usage(format!(
            "`--json-trace` is not available for {}: it records one direction's expansions",
            args.engine.name()
        )));
    }
    if args.no_warnings {
        input::quiet_warnings();
    }
    options::check_memory_limit(args.options.memory_limit)?;
    let removed = prepare_outputs(args)?;
    let log = args.log();
    if !args.json && !removed.is_empty() {
        let names: Vec<String> = removed.iter().map(|p| p.display().to_string()).collect();
        logln!(log, "Removed old plan files: {}", names.join(", "));
    }
    let loaded = load(&args.files, &args.options)?;
    let task = &loaded.loaded.task;
    config
        .support(task, !args.options.heuristic.is_empty())
        .map_err(planner_error)?;
    let known = Known::analyse(&loaded.loaded, &config);
    if let (Some(path), Some(t)) = (&args.options.dump_cnf, args.options.horizon) {
        return dump_cnf(args, path, &loaded, &known.invariants, t);
    }
    // The time limit covers the whole run, as Fast Downward's does: the search
    // gets what reading and grounding left.
    let quiet = args.json && args.progress_label.is_none();
    let mut search_limits = limits(&args.options, quiet);
    search_limits.time = search_limits
        .time
        .map(|t| t.saturating_sub(start.elapsed()));
    let label = args.progress_label.as_deref();
    let mut monitor =
        Monitor::new(search_limits).with_progress(|p| report::progress_line(log, label, p));
    // An anytime search writes each better plan as it finds it, as Fast
    // Downward does: PLAN_FILE.1, PLAN_FILE.2, ...
    let mut written: Vec<(String, u32)> = Vec::new();
    // When each better plan was found: CPU seconds since the start of the run.
    let mut found_at: Vec<f64> = Vec::new();
    let mut write_error = None;
    let mut on_plan = |plan: &[OpId], cost: u32| {
        let name = format!("{}.{}", args.plan_file, written.len() + 1);
        if let Err(e) = check_plan(task, plan) {
            write_error.get_or_insert(anyhow::anyhow!(Coded {
                code: exit::CRITICAL_ERROR,
                message: format!("internal error: the plan found does not work: {e}"),
            }));
            return;
        }
        let text = format_plan(task, plan);
        let mut saved = true;
        if args.plan_file == "-" {
            if !args.json {
                super::write_stdout(format_args!("{text}"));
            }
        } else if let Err(e) = std::fs::write(&name, &text) {
            // The plan is not lost: it goes to stdout (or into the record).
            write_error.get_or_insert(anyhow::anyhow!("cannot write plan file `{name}`: {e}"));
            if !args.json {
                super::write_stdout(format_args!("{text}"));
            }
            saved = false;
        }
        if !args.json {
            report::plan_found(log, task, plan);
            if saved && args.plan_file != "-" {
                logln!(log, "Plan written to {name}");
            }
        }
        if saved {
            found_at.push(start.elapsed().as_secs_f64());
            written.push((name, cost));
        }
    };
    let run =
        planner::plan(task, &config, &known, &mut monitor, &mut on_plan).map_err(planner_error)?;
    let total_time = start.elapsed();
    let viewer = show::Viewer {
        task,
        engine: args.engine,
        level: loaded.level.as_ref(),
    };
    if args.options.trace {
        log.text(&viewer.trace(&run.trace[..run.trace.len().min(args.options.trace_limit)]));
    }
    if let Some(path) = &args.options.dot {
        let n = run.trace.len().min(args.options.dot_limit);
        if let Err(e) = std::fs::write(path, viewer.dot(&run.trace[..n])) {
            let e = anyhow::anyhow!("cannot write graph file `{}`: {e}", path.display());
            write_error.get_or_insert(e);
        }
    }
    let result = &run.result;
    let mut solution = None;
    if let Outcome::Plan(plan) = &result.outcome {
        if let Err(e) = check_plan(task, plan) {
            bail!(Coded {
                code: exit::CRITICAL_ERROR,
                message: format!("internal error: the plan found does not work: {e}"),
            });
        }
        if !config.anytime
            && let Err(e) = write_plan(args, task, plan)
        {
            // The plan is not lost: it goes to stdout (or into the record).
            if !args.json {
                super::write_stdout(format_args!("{}", format_plan(task, plan)));
            }
            write_error.get_or_insert(e);
        }
        if args.lurd {
            solution = Some(lurd(&loaded, plan)?);
        }
    }
    let files = (loaded.domain_path.as_path(), loaded.problem_path.as_path());
    let code = match &write_error {
        Some(_) => exit::INPUT_ERROR,
        None => exit_code(&result.outcome),
    };
    if args.json {
        let mut record = report::record(task, &config, &args.options, files, result, total_time);
        // The file the plan is in: none when it went nowhere (`-` under
        // `--json` prints no plan but the record's) or could not be written.
        let to_file = args.plan_file != "-" && write_error.is_none();
        record["plan_file"] = serde_json::json!(
            (matches!(result.outcome, Outcome::Plan(_)) && to_file).then_some(&args.plan_file)
        );
        record["removed_plan_files"] = serde_json::json!(
            removed
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
        );
        if config.anytime {
            let best = written.last().filter(|_| args.plan_file != "-");
            record["plan_file"] = serde_json::json!(best.map(|(name, _)| name));
            record["plan_costs"] =
                serde_json::json!(written.iter().map(|(_, c)| *c).collect::<Vec<_>>());
            record["plan_times_s"] = serde_json::json!(found_at);
            record["phases"] = report::phases_json(&run.phases);
        }
        if args.lurd {
            record["lurd"] = serde_json::json!(solution);
        }
        if args.json_trace {
            // The page draws at most a third of its cap in expansions' JSON.
            let recorded = &run.trace[..run.trace.len().min(args.options.trace_limit)];
            record["trace"] = viewer.json(recorded, super::html::PAGE_CAP / 3);
            record["trace_recorded"] = serde_json::json!(recorded.len());
        }
        record["exit_code"] = serde_json::json!(code);
        // Every record has `error`: null unless the run failed with one.
        record["error"] = serde_json::json!(write_error.as_ref().map(|e| format!("{e:#}")));
        super::print_record(&record);
    } else {
        if let Some(lurd) = solution {
            super::outln!("{lurd}");
        }
        for line in &run.summary {
            logln!(log, "{line}");
        }
        for (i, phase) in run.phases.iter().enumerate() {
            logln!(log, "{}", report::phase_line(i + 1, phase));
        }
        report::log(log, task, result, total_time, config.anytime);
        if let Some((name, _)) = written.last().filter(|_| args.plan_file != "-") {
            logln!(log, "Best plan: {name} (of {} found)", written.len());
        } else if matches!(result.outcome, Outcome::Plan(_))
            && args.plan_file != "-"
            && write_error.is_none()
        {
            logln!(log, "Plan written to {}", args.plan_file);
        }
    }
    match write_error {
        Some(e) => Err(e),
        None => Ok(code),
    }
}

/// Checks every file the run will write before any work (none may be an
/// input file, the domain found beside the problem included), and removes
/// the old plans (see [`output`]); returns the files removed.
fn prepare_outputs(args: &PlanArgs) -> Result<Vec<PathBuf>> {
    let o = &args.options;
    let (domain, problem) = input::domain_and_problem(&args.files)?;
    let inputs = [domain.as_path(), problem.as_path()];
    if let Some(path) = &o.dot {
        output::check_not_input(path, &inputs, &format!("--dot {}", path.display()))?;
        output::check_writable(path, "graph file")?;
    }
    if let Some(path) = &o.dump_cnf {
        // `--dump-cnf` writes the formula and no plan.
        output::check_not_input(path, &inputs, &format!("--dump-cnf {}", path.display()))?;
        output::check_writable(path, "CNF file")?;
        return Ok(Vec::new());
    }
    if args.plan_file == "-" {
        return Ok(Vec::new());
    }
    let plan_file = Path::new(&args.plan_file);
    let option = format!("--plan-file {}", args.plan_file);
    output::check_not_input(plan_file, &inputs, &option)?;
    for old in output::old_plans(plan_file)? {
        output::check_not_input(&old, &inputs, &option)?;
    }
    output::check_writable(plan_file, "plan file")?;
    output::remove_old_plans(plan_file)
}

/// Writes the SAT engine's formula for horizon `t` in DIMACS.
fn dump_cnf(
    args: &PlanArgs,
    path: &Path,
    loaded: &Loaded,
    invariants: &Invariants,
    t: usize,
) -> Result<u8> {
    let encoding = args.options.sat().encoding;
    let cnf = planbox::sat::formula(&loaded.loaded.task, invariants, encoding, t);
    let comments = [
        format!(
            "planbox: {} over {} step(s), {} encoding, goal as unit clauses",
            loaded.problem_path.display(),
            t,
            encoding.name()
        ),
        "satisfiable exactly when the task has a plan within the horizon".to_string(),
    ];
    std::fs::write(path, cnf.to_dimacs(&comments))
        .with_context(|| format!("cannot write CNF file `{}`", path.display()))?;
    if args.json {
        super::print_record(&serde_json::json!({
            "outcome": "formula_written",
            "exit_code": exit::SUCCESS,
            "error": null,
            "domain_file": loaded.domain_path.display().to_string(),
            "problem_file": loaded.problem_path.display().to_string(),
            "cnf_file": path.display().to_string(),
            "horizon": t,
            "encoding": encoding.name(),
            "variables": cnf.variables,
            "clauses": cnf.clauses,
        }));
    } else {
        logln!(
            args.log(),
            "Formula written to {}: {} variable(s), {} clause(s), horizon {t}, {} encoding.",
            path.display(),
            cnf.variables,
            cnf.clauses,
            encoding.name()
        );
    }
    Ok(exit::SUCCESS)
}

/// The plan as a LURD string, for a Sokoban problem.
fn lurd(loaded: &Loaded, plan: &[OpId]) -> Result<String> {
    let Some(level) = &loaded.level else {
        bail!(Coded {
            code: exit::INPUT_ERROR,
            message: format!(
                "`--lurd`: `{}` is not a Sokoban problem from `planbox xsb2pddl` or IPC Sokoban",
                loaded.problem_path.display()
            ),
        });
    };
    let text = format_plan(&loaded.loaded.task, plan);
    let steps =
        planbox::plan::parse_plan(&text).map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
    planbox::sokoban::lurd::from_plan(level, &steps).map_err(|(k, m)| {
        Coded {
            code: exit::INPUT_ERROR,
            message: format!("`--lurd`: step {} of the plan: {m}", k + 1),
        }
        .into()
    })
}

fn write_plan(args: &PlanArgs, task: &Task, plan: &[OpId]) -> Result<()> {
    let text = format_plan(task, plan);
    if args.plan_file == "-" {
        if !args.json {
            super::write_stdout(format_args!("{text}"));
        }
        return Ok(());
    }
    std::fs::write(Path::new(&args.plan_file), text)
        .with_context(|| format!("cannot write plan file `{}`", args.plan_file))
}
