//! `planbox plan [DOMAIN] PROBLEM`: ground, search forward, write the plan.
//!
//! The statistics go to stderr in Fast Downward's words, the plan to
//! `sas_plan` (or stdout with `--plan-file -`); `--json` prints one JSON record
//! on stdout instead of the log. Every plan is replayed on the ground task
//! before it is written.

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use planbox::heuristics::Heuristic;
use planbox::plan::{check_plan, format_plan};
use planbox::search::{self, Limits, Monitor, Outcome, Progression, SearchResult};
use planbox::task::Task;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::{Coded, exit, input, report};

/// Fast Downward's `SEARCH_CRITICAL_ERROR`: planbox found a plan that does not
/// work, which is a bug.
const CRITICAL_ERROR: u8 = 32;

/// How often a long search reports its progress on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchName {
    /// Breadth-first search (fewest steps)
    Bfs,
    /// Depth-first tree search (with --depth-limit: bounded)
    Dfs,
    /// Iterative deepening depth-first search (fewest steps)
    Iddfs,
    /// A* (optimal with an admissible heuristic)
    Astar,
    /// Weighted A*, f = g + W * h
    Wastar,
    /// Greedy best-first search with preferred operators
    Gbfs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicName {
    Blind,
    Goalcount,
    Hmax,
    Hadd,
    Hff,
    Lmcut,
}

#[derive(Args, Debug)]
pub struct PlanArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the
    /// problem as for `ground`.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = SearchName::Gbfs)]
    pub search: SearchName,
    /// The heuristic for astar, wastar and gbfs [default: lmcut for astar, hff
    /// otherwise].
    #[arg(long, value_enum)]
    pub heuristic: Option<HeuristicName>,
    /// Maximum depth for dfs and iddfs.
    #[arg(long, value_name = "N")]
    pub depth_limit: Option<u32>,
    /// The weight W of wastar [default: 2].
    #[arg(long, value_name = "W")]
    pub weight: Option<u32>,
    /// Treat every action as costing 1.
    #[arg(long)]
    pub unit_cost: bool,
    /// Stop the search after this many seconds (exit 23).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop the search when the process would use more than this many MB (exit 22).
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<u64>,
    /// Where to write the plan; `-` for stdout.
    #[arg(long, value_name = "FILE", default_value = "sas_plan")]
    pub plan_file: String,
    /// Print one JSON record on stdout instead of the log.
    #[arg(long)]
    pub json: bool,
}

/// The configuration after defaults and checks.
pub struct Config {
    pub search: SearchName,
    pub heuristic: Option<HeuristicName>,
    pub weight: Option<u32>,
}

fn usage(message: String) -> anyhow::Error {
    Coded {
        code: exit::USAGE,
        message,
    }
    .into()
}

/// Applies the defaults and refuses options that do not fit the search.
pub fn configure(args: &PlanArgs) -> Result<Config> {
    let s = args.search;
    let name = s.to_possible_value().map(|v| v.get_name().to_string());
    let name = name.unwrap_or_default();
    let informed = matches!(s, SearchName::Astar | SearchName::Wastar | SearchName::Gbfs);
    if args.heuristic.is_some() && !informed {
        bail!(usage(format!(
            "`--heuristic` needs a heuristic search (astar, wastar or gbfs), not `{name}`"
        )));
    }
    if args.weight.is_some() && s != SearchName::Wastar {
        bail!(usage(format!(
            "`--weight` only applies to `--search wastar`, not `{name}`"
        )));
    }
    if args.weight == Some(0) {
        bail!(usage("`--weight` must be at least 1".into()));
    }
    if args.depth_limit.is_some() && !matches!(s, SearchName::Dfs | SearchName::Iddfs) {
        bail!(usage(format!(
            "`--depth-limit` only applies to `--search dfs` or `iddfs`, not `{name}`"
        )));
    }
    if let Some(t) = args.time_limit
        && !(t.is_finite() && t >= 0.0)
    {
        bail!(usage(format!(
            "`--time-limit` must be a number of seconds, got {t}"
        )));
    }
    let heuristic = match s {
        SearchName::Astar => Some(args.heuristic.unwrap_or(HeuristicName::Lmcut)),
        SearchName::Wastar | SearchName::Gbfs => Some(args.heuristic.unwrap_or(HeuristicName::Hff)),
        _ => None,
    };
    let weight = (s == SearchName::Wastar).then(|| args.weight.unwrap_or(2));
    Ok(Config {
        search: s,
        heuristic,
        weight,
    })
}

pub fn run(args: &PlanArgs) -> Result<u8> {
    let start = Instant::now();
    let config = configure(args)?;
    let (domain_path, problem_path) = input::domain_and_problem(&args.files)?;
    let domain = input::load_domain(&domain_path)?;
    let problem = input::load_problem(&domain, &problem_path)?;
    let (mut task, _) = planbox::ground::ground(&domain, &problem)?;
    if args.unit_cost {
        task = task.with_unit_costs();
    }
    let heuristic = match config.heuristic {
        None => None,
        Some(h) => {
            let name = report::heuristic_name(h);
            Some(
                planbox::heuristics::by_name(name, &task).ok_or_else(|| Coded {
                    code: exit::UNSUPPORTED,
                    message: format!("heuristic `{name}` is not available in this build"),
                })?,
            )
        }
    };
    let limits = Limits {
        time: args.time_limit.map(Duration::from_secs_f64),
        memory: args.memory_limit.map(|mb| mb.saturating_mul(1 << 20)),
        progress_every: (!args.json).then_some(PROGRESS_EVERY),
    };
    let mut monitor = Monitor::new(limits).with_progress(report::progress_line);
    let result = search(&task, &config, args, heuristic, &mut monitor);
    let total_time = start.elapsed();
    let code = match &result.outcome {
        Outcome::Plan(plan) => {
            if let Err(e) = check_plan(&task, plan) {
                bail!(Coded {
                    code: CRITICAL_ERROR,
                    message: format!("internal error: the plan found does not work: {e}"),
                });
            }
            write_plan(args, &task, plan)?;
            exit::SUCCESS
        }
        Outcome::Unsolvable => exit::UNSOLVABLE,
        Outcome::Incomplete => exit::INCOMPLETE,
        Outcome::OutOfTime => exit::OUT_OF_TIME,
        Outcome::OutOfMemory => exit::OUT_OF_MEMORY,
    };
    let files = (domain_path.as_path(), problem_path.as_path());
    if args.json {
        report::json(&task, &config, args, files, &result, total_time);
    } else {
        report::log(&task, &result, total_time);
    }
    Ok(code)
}

/// Runs the configured search on the progression space of `task`.
fn search(
    task: &Task,
    config: &Config,
    args: &PlanArgs,
    heuristic: Option<Box<dyn Heuristic>>,
    monitor: &mut Monitor,
) -> SearchResult {
    let mut space = Progression::new(task);
    match (config.search, heuristic) {
        (SearchName::Bfs, _) => search::bfs(&mut space, monitor),
        (SearchName::Dfs, _) => search::dfs(&mut space, args.depth_limit, monitor),
        (SearchName::Iddfs, _) => search::iddfs(&mut space, args.depth_limit, monitor),
        (SearchName::Astar, Some(mut h)) => search::astar(&mut space, h.as_mut(), monitor),
        (SearchName::Wastar, Some(mut h)) => {
            search::wastar(&mut space, h.as_mut(), config.weight.unwrap_or(2), monitor)
        }
        (SearchName::Gbfs, Some(mut h)) => search::gbfs(&mut space, h.as_mut(), true, monitor),
        // `configure` picks a heuristic for every informed search; blind keeps
        // this match total.
        (_, None) => search::astar(
            &mut space,
            &mut planbox::heuristics::Blind::new(task),
            monitor,
        ),
    }
}

fn write_plan(args: &PlanArgs, task: &Task, plan: &[planbox::task::OpId]) -> Result<()> {
    let text = format_plan(task, plan);
    if args.plan_file == "-" {
        if !args.json {
            print!("{text}");
        }
        return Ok(());
    }
    std::fs::write(&args.plan_file, text)
        .with_context(|| format!("cannot write plan file `{}`", args.plan_file))
}
