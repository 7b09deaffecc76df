//! Running one engine (progression, regression, both at once, or SAT) with
//! the configured algorithm and heuristic, optionally recording a trace.

use anyhow::Result;
use planbox::heuristics::Heuristic;
use planbox::heuristics::{Hff, LmCount};
use planbox::invariants::Mutexes;
use planbox::sat::Invariants;
use planbox::search::LazyOptions;
use planbox::search::regression::MutexOracle;
use planbox::search::trace::{Expansion, Traced};
use planbox::search::{
    self, Monitor, Progression, Regression, RegressionHeuristic, RegressionOptions, SearchResult,
    SearchSpace, Subsumption,
};
use planbox::task::{OpId, Task};

use super::options::{
    Config, EngineName, HeuristicName, MutexName, SearchName, SearchOptions, usage,
};

/// The result of one search, with the expansions recorded for `--trace` and
/// `--dot`.
pub struct Run {
    pub result: SearchResult,
    pub trace: Vec<Expansion>,
    /// What the heuristics built before the search (see
    /// `Heuristic::summary`), for the log.
    pub summary: Vec<String>,
    /// The searches of an anytime sequence, in order (empty otherwise).
    pub phases: Vec<Phase>,
}

/// One search of an anytime sequence and how it ended, for the log and
/// `--json` (`phases`), as Fast Downward logs each search of `iterated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// `lazy-gbfs` or `lazy-wastar`.
    pub search: &'static str,
    pub weight: Option<u32>,
    /// Whether it counted every action as 1 while searching.
    pub unit_cost: bool,
    /// The cost of the best plan before it: it followed only cheaper paths.
    pub bound: Option<u32>,
    /// How it ended, as `--json`'s `outcome` names it (`plan`,
    /// `unsolvable`: nothing under the bound, `out_of_time`, ...).
    pub outcome: &'static str,
    /// The real cost of the plan it found.
    pub cost: Option<u32>,
    pub expanded: u64,
}

/// Regression's switches, from the command line.
pub fn regression_options(o: &SearchOptions) -> RegressionOptions {
    RegressionOptions {
        goal_sorting: !o.no_goal_sorting,
        invariants: matches!(o.mutex(), MutexName::All | MutexName::Invariants),
        h2: matches!(o.mutex(), MutexName::All | MutexName::H2),
        subsumption: !o.no_subsumption,
    }
}

/// Refuses, with exit 34, an engine or heuristic that cannot handle what the
/// task needs beyond STRIPS (conditional effects, axioms), naming both, as Fast
/// Downward refuses a heuristic that does not support axioms. A* without
/// `--heuristic` takes h^max (also admissible) instead of its default LM-cut.
pub fn check_support(task: &Task, config: &mut Config, o: &SearchOptions) -> Result<()> {
    let Some(feature) = task.adl_feature() else {
        return Ok(());
    };
    let refuse = |message: String| -> Result<()> {
        anyhow::bail!(super::Coded {
            code: planbox::exit::UNSUPPORTED,
            message,
        })
    };
    if config.engine != EngineName::Progression {
        return refuse(format!(
            "the {} engine does not support {feature}, which this task has; \
             expected `--engine progression`",
            config.engine.name()
        ));
    }
    if o.heuristic.is_empty() && config.heuristic == Some(HeuristicName::Lmcut) {
        config.heuristic = Some(HeuristicName::Hmax);
    }
    if let Some(h) = config.heuristic
        && h.name().starts_with("lmcut")
    {
        return refuse(format!(
            "heuristic `{}` does not support {feature}, which this task has; \
             expected `hmax` (admissible), `hadd`, `hff`, `goalcount` or `blind`",
            h.name()
        ));
    }
    Ok(())
}

/// What is known about the task's reachable states, for the engines that use
/// it: regression's mutex oracle, the SAT engine's invariants, and the
/// mutexes that order landmarks.
pub struct Known<'a> {
    pub mutexes: Option<&'a dyn MutexOracle>,
    pub invariants: &'a Invariants,
    pub facts_mutex: Option<&'a Mutexes>,
}

/// Runs the configured search on `task` in the configured direction; an
/// anytime search hands every better plan to `on_plan` as it finds it.
pub fn run(
    task: &Task,
    config: &Config,
    o: &SearchOptions,
    known: Known,
    monitor: &mut Monitor,
    on_plan: &mut dyn FnMut(&[OpId], u32),
) -> Result<Run> {
    let Known {
        mutexes,
        invariants,
        facts_mutex,
    } = known;
    let landmarks = |t: &Task| {
        let h = match facts_mutex {
            Some(m) => LmCount::with_mutexes(t, &|f, g| m.is_mutex(f, g)),
            None => LmCount::new(t),
        };
        if config.landmark_preferred {
            h.preferring(t)
        } else {
            h
        }
    };
    if config.anytime {
        let (result, phases) = anytime(task, o, on_plan, monitor, &landmarks);
        return Ok(Run {
            result,
            trace: Vec::new(),
            summary: Vec::new(),
            phases,
        });
    }
    if config.engine == EngineName::Sat {
        return Ok(Run {
            result: planbox::sat::plan(task, invariants, &o.sat(), monitor),
            trace: Vec::new(),
            summary: Vec::new(),
            phases: Vec::new(),
        });
    }
    let build = |name: Option<HeuristicName>| -> Result<Option<Box<dyn Heuristic>>> {
        let Some(h) = name else {
            return Ok(None);
        };
        {
            let name = h.name();
            let built: Option<Box<dyn Heuristic>> = match config.engine {
                EngineName::Progression if h == HeuristicName::Lmcount => {
                    Some(Box::new(landmarks(task)) as Box<dyn Heuristic>)
                }
                EngineName::Progression => planbox::heuristics::by_name(name, task),
                EngineName::Regression => RegressionHeuristic::by_name(name, task)
                    .map(|h| Box::new(h) as Box<dyn Heuristic>),
                // `configure` refuses every heuristic for bidirectional and sat.
                EngineName::Bidirectional | EngineName::Sat => None,
            };
            Ok(Some(built.ok_or_else(|| {
                usage(format!(
                    "heuristic `{name}` is not available for {}",
                    config.engine.name()
                ))
            })?))
        }
    };
    let mut heuristic = build(config.heuristic)?;
    let mut second = build(config.second)?;
    let traced_limit = if o.trace || o.json_trace {
        o.trace_limit
    } else {
        0
    };
    let limit = traced_limit.max(if o.dot.is_some() { o.dot_limit } else { 0 });
    let mut hs: Vec<&mut dyn Heuristic> = Vec::new();
    for b in [heuristic.as_mut(), second.as_mut()].into_iter().flatten() {
        hs.push(&mut **b);
    }
    let summary: Vec<String> = hs.iter().flat_map(|h| h.summary()).collect();
    let mut run = match config.engine {
        EngineName::Progression => traced(
            &mut Progression::new(task),
            limit,
            config,
            o,
            &mut hs,
            monitor,
        ),
        EngineName::Regression => {
            let mut space = Regression::new(task, regression_options(o), mutexes);
            traced(&mut space, limit, config, o, &mut hs, monitor)
        }
        EngineName::Sat => unreachable!("handled above"),
        EngineName::Bidirectional => {
            let mut forward = Progression::new(task);
            let mut backward = Regression::new(task, regression_options(o), mutexes);
            let mut meeting = Subsumption::new(task, &backward);
            Run {
                result: search::bidirectional(&mut forward, &mut backward, &mut meeting, monitor),
                trace: Vec::new(),
                summary: Vec::new(),
                phases: Vec::new(),
            }
        }
    };
    run.summary = summary;
    Ok(run)
}

/// Runs the search, through a [`Traced`] space if expansions are recorded.
fn traced<S: SearchSpace>(
    space: &mut S,
    limit: usize,
    config: &Config,
    o: &SearchOptions,
    hs: &mut [&mut dyn Heuristic],
    monitor: &mut Monitor,
) -> Run {
    if limit == 0 {
        return Run {
            result: algorithm(space, config, o, hs, monitor),
            trace: Vec::new(),
            summary: Vec::new(),
            phases: Vec::new(),
        };
    }
    let mut recorder = Traced::new(space, limit);
    let result = algorithm(&mut recorder, config, o, hs, monitor);
    Run {
        result,
        trace: recorder.expansions,
        summary: Vec::new(),
        phases: Vec::new(),
    }
}

fn algorithm<S: SearchSpace + ?Sized>(
    space: &mut S,
    config: &Config,
    o: &SearchOptions,
    hs: &mut [&mut dyn Heuristic],
    monitor: &mut Monitor,
) -> SearchResult {
    if config.search.is_lazy() && !hs.is_empty() {
        let options = search::LazyOptions {
            weight: config.weight,
            preferred: !o.no_preferred,
            boost: if o.no_preferred { 0 } else { 1000 },
            bound: None,
        };
        return search::lazy(space, hs, options, monitor);
    }
    match (config.search, hs.first_mut().map(|h| &mut **h)) {
        (SearchName::Bfs, _) => search::bfs(space, monitor),
        (SearchName::Dfs, _) => search::dfs(space, o.depth_limit, o.cycle_check, monitor),
        (SearchName::Iddfs, _) => search::iddfs(space, o.depth_limit, o.cycle_check, monitor),
        (SearchName::Astar, Some(h)) => search::astar(space, h, monitor),
        (SearchName::Wastar, Some(h)) => {
            search::wastar(space, h, config.weight.unwrap_or(2), monitor)
        }
        (SearchName::Gbfs, Some(h)) => search::gbfs(space, h, !o.no_preferred, monitor),
        // `configure` gives every informed search a heuristic; the lazy
        // searches returned above.
        (_, None) | (SearchName::LazyGbfs | SearchName::LazyWastar, _) => {
            search::bfs(space, monitor)
        }
    }
}

/// LAMA 2011's anytime schedule (`--alias lama`, Fast Downward's alias of
/// the same name): lazy greedy search with h^FF and the landmark sum, then
/// lazy weighted A* with weights 5, 3, 2 and 1, the last repeated, each
/// bounded by the best plan so far ([`search::iterated`]). With action
/// costs, the first search counts every action as 1, a second greedy search
/// follows with real costs, and the heuristics of the later searches count
/// each action's cost plus 1 (so that zero-cost actions still count).
fn anytime(
    task: &Task,
    o: &SearchOptions,
    on_plan: &mut dyn FnMut(&[OpId], u32),
    monitor: &mut Monitor,
    landmarks: &dyn Fn(&Task) -> LmCount,
) -> (SearchResult, Vec<Phase>) {
    let unit = task.operators.iter().all(|op| op.cost == 1);
    let unit_task = task.clone().with_unit_costs();
    let plus_task = (!unit).then(|| task.clone().with_costs_plus_one());
    let later = plus_task.as_ref().unwrap_or(task);
    let (mut hff1, mut lm1) = (Hff::new(&unit_task), landmarks(&unit_task));
    let (mut hff2, mut lm2) = (Hff::new(later), landmarks(later));
    // (weight, whether the search counts every action as 1)
    let mut phases: Vec<(Option<u32>, bool)> = vec![(None, true)];
    if !unit {
        phases.push((None, false));
    }
    phases.extend([5, 3, 2, 1].map(|w| (Some(w), false)));
    let preferred = !o.no_preferred;
    let cost = |plan: &[OpId]| u32::try_from(task.plan_cost(plan)).unwrap_or(u32::MAX);
    let mut log = Vec::new();
    let result = search::iterated(
        phases.len(),
        |i| phases[i].0.is_some(),
        |i, bound, monitor| {
            let (weight, first) = phases[i];
            let options = LazyOptions {
                weight,
                preferred,
                boost: if preferred { 1000 } else { 0 },
                bound,
            };
            let r = if first {
                let mut space = Progression::new(&unit_task);
                search::lazy(&mut space, &mut [&mut hff1, &mut lm1], options, monitor)
            } else {
                let mut space = Progression::new(task);
                search::lazy(&mut space, &mut [&mut hff2, &mut lm2], options, monitor)
            };
            log.push(Phase {
                search: if weight.is_some() {
                    "lazy-wastar"
                } else {
                    "lazy-gbfs"
                },
                weight,
                unit_cost: first,
                bound,
                outcome: super::report::outcome_key(&r.outcome),
                cost: match &r.outcome {
                    planbox::search::Outcome::Plan(plan) => Some(cost(plan)),
                    _ => None,
                },
                expanded: r.stats.expanded,
            });
            r
        },
        cost,
        |plan, cost| on_plan(plan, cost),
        monitor,
    );
    (result, log)
}
