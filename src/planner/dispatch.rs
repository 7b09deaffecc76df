//! The dispatch of engine × algorithm × heuristic: each engine builds its
//! space, the heuristics are built for its direction from the heuristics'
//! table, and the shared [`search::algorithm::run`] runs the configured
//! search on it (as it runs the Sokoban solver's on pushes and pulls).

use super::{
    Config, Engine, Known, NOLAN_MAX_VARIABLES_FOR_WIDTH2, PlanError, Run, WidthSearch, anytime,
};
use crate::heuristics::table::{Context, landmark_count};
use crate::heuristics::{Bfws, Heuristic, HeuristicName};
use crate::search::algorithm::Settings;
use crate::search::lazy::NoveltyQueue;
use crate::search::trace::Traced;
use crate::search::{
    self, Monitor, Priority, Progression, Regression, SearchResult, SearchSpace, Subsumption, Ties,
};
use crate::task::{OpId, Task};

/// A run with nothing but its result.
fn bare(result: SearchResult) -> Run {
    Run {
        result,
        trace: Vec::new(),
        summary: Vec::new(),
        phases: Vec::new(),
    }
}

/// Runs the configured engine on `task` (see [`super::plan`]).
pub fn run(
    task: &Task,
    config: &Config,
    known: &Known,
    monitor: &mut Monitor,
    on_plan: &mut dyn FnMut(&[OpId], u32),
) -> Result<Run, PlanError> {
    let is_mutex = known
        .landmark_mutexes
        .as_ref()
        .map(|m| move |f, g| m.is_mutex(f, g));
    let context = Context {
        is_mutex: is_mutex.as_ref().map(|f| f as &dyn Fn(_, _) -> bool),
        landmark_preferred: config.landmark_preferred,
        groups: known.groups.as_deref(),
        mutex_groups: &known.mutex_groups,
    };
    let (novelty, novelty_note) = novelty_width(task, known, config.novelty);
    if config.anytime {
        let first = match (config.width, novelty) {
            (Some(WidthSearch::DualBfws), _) => anytime::FirstSearch::DualBfws,
            (_, Some(width)) => anytime::FirstSearch::Nolan(width),
            _ => anytime::FirstSearch::Lama,
        };
        let (result, phases) =
            anytime::lama(task, config.preferred, first, &context, on_plan, monitor);
        return Ok(Run {
            phases,
            summary: novelty_note.into_iter().collect(),
            ..bare(result)
        });
    }
    if let Some(width) = config.width {
        let mut space = Progression::new(task).with_pruning(config.pruning, config.pruning_limit);
        let (result, summary) = width_search(task, width, &context, &mut space, monitor);
        let mut run = bare(result);
        run.result.stats.stubborn = space.pruning_stats();
        run.summary = summary;
        return Ok(run);
    }
    let mutexes = known.mutexes.as_deref();
    match config.engine {
        Engine::Sat => {
            return Ok(bare(crate::sat::plan(
                task,
                &known.invariants,
                &config.sat,
                monitor,
            )));
        }
        Engine::Bidirectional => {
            let mut forward = Progression::new(task).with_groups(known.groups.as_deref());
            let mut backward = Regression::new(task, config.regression(), mutexes);
            let mut meeting = Subsumption::new(task, &backward);
            let result = search::bidirectional(&mut forward, &mut backward, &mut meeting, monitor);
            return Ok(bare(result));
        }
        Engine::Progression | Engine::Regression => {}
    }
    let build = |name: Option<HeuristicName>| -> Result<Option<Box<dyn Heuristic>>, PlanError> {
        // The blind searches take no heuristic.
        let Some(h) = name.filter(|_| config.search.is_best_first()) else {
            return Ok(None);
        };
        let built = match config.engine {
            Engine::Progression => h.forward(task, &context),
            _ => h.backward(task),
        };
        built.map(Some).ok_or(PlanError::Unavailable {
            heuristic: h,
            engine: config.engine,
        })
    };
    let mut heuristic = build(config.heuristic)?;
    let mut second = build(config.second)?;
    let mut hs: Vec<&mut dyn Heuristic> = Vec::new();
    for b in [heuristic.as_mut(), second.as_mut()].into_iter().flatten() {
        hs.push(&mut **b);
    }
    // NOLAN's novelty queue replaces the last heuristic's (the landmark
    // count's) plain queue.
    let novelty = novelty.map(|width| NoveltyQueue {
        heuristic: hs.len().saturating_sub(1),
        width,
    });
    let mut run = if config.engine == Engine::Progression {
        let mut space = Progression::new(task)
            .with_groups(known.groups.as_deref())
            .with_pruning(config.pruning, config.pruning_limit);
        let mut run = traced(&mut space, config, novelty, &mut hs, monitor);
        run.result.stats.stubborn = space.pruning_stats();
        run
    } else {
        let mut space = Regression::new(task, config.regression(), mutexes);
        traced(&mut space, config, novelty, &mut hs, monitor)
    };
    // Asked after the search, so that what the heuristics added during it
    // (online cost partitionings) counts.
    run.summary = hs.iter().flat_map(|h| h.summary()).collect();
    run.summary.extend(novelty_note);
    let bytes = hs.iter().filter_map(|h| h.bytes()).reduce(|a, b| a + b);
    run.result.stats.heuristic_bytes = bytes.map(|b| b as u64);
    Ok(run)
}

/// Runs a BFWS schedule on `space`; returns the result and the lines of the
/// log that say what the evaluators built.
fn width_search(
    task: &Task,
    width: WidthSearch,
    context: &Context,
    space: &mut Progression,
    monitor: &mut Monitor,
) -> (SearchResult, Vec<String>) {
    match width {
        WidthSearch::BfwsF5 => {
            let mut h = Bfws::f5(task, 2);
            let result =
                search::best_first(space, &mut h, Priority::Greedy, false, Ties::Fifo, monitor);
            (result, Vec::new())
        }
        WidthSearch::DualBfws => {
            let mut first = Bfws::pruning_f5(task);
            let landmarks = landmark_count(task, context);
            let mut second = Bfws::landmarks(task, landmarks, 2);
            let summary = second.summary();
            (
                search::width::dual(space, &mut first, &mut second, monitor),
                summary,
            )
        }
    }
}

/// NOLAN's novelty width on `task` (see [`Config::novelty`]): 2 falls back
/// to 1 on a task of more than [`NOLAN_MAX_VARIABLES_FOR_WIDTH2`]
/// finite-domain variables, counted as Fast Downward's translator makes
/// them: one per group of `known.groups`, one per fact outside them. With
/// the fallback, a line for the log says so.
fn novelty_width(task: &Task, known: &Known, width: Option<u32>) -> (Option<u32>, Option<String>) {
    let Some(width) = width else {
        return (None, None);
    };
    let groups = known.groups.as_deref().unwrap_or_default();
    let mut covered = vec![false; task.facts.len()];
    for f in groups.iter().flatten() {
        covered[f.index()] = true;
    }
    let variables = groups.len() + covered.iter().filter(|&&c| !c).count();
    if width > 1 && variables > NOLAN_MAX_VARIABLES_FOR_WIDTH2 {
        let note = format!(
            "Novelty of width 1: {variables} variables, more than \
             {NOLAN_MAX_VARIABLES_FOR_WIDTH2} for width 2"
        );
        return (Some(1), Some(note));
    }
    (Some(width), None)
}

/// Runs the search, through a [`Traced`] space if expansions are recorded.
fn traced<S: SearchSpace>(
    space: &mut S,
    config: &Config,
    novelty: Option<NoveltyQueue>,
    hs: &mut [&mut dyn Heuristic],
    monitor: &mut Monitor,
) -> Run {
    if config.trace_limit == 0 {
        return bare(algorithm(space, config, novelty, hs, monitor));
    }
    let mut recorder = Traced::new(space, config.trace_limit);
    let result = algorithm(&mut recorder, config, novelty, hs, monitor);
    Run {
        trace: recorder.expansions,
        ..bare(result)
    }
}

/// Runs the configured algorithm on `space` with the heuristics `hs` (the
/// shared dispatch, [`search::algorithm::run`]).
fn algorithm<S: SearchSpace + ?Sized>(
    space: &mut S,
    config: &Config,
    novelty: Option<NoveltyQueue>,
    hs: &mut [&mut dyn Heuristic],
    monitor: &mut Monitor,
) -> SearchResult {
    let settings = Settings {
        weight: config.weight,
        preferred: config.preferred,
        depth_limit: config.depth_limit,
        cycle_check: config.cycle_check,
        ties: Ties::Fifo,
        novelty,
    };
    search::algorithm::run(space, config.search, hs, &settings, monitor)
}
