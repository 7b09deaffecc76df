//! LAMA 2011's anytime schedule (`--alias lama`, Fast Downward's alias of
//! the same name): lazy greedy search with h^FF and the landmark count, then
//! lazy weighted A* with weights 5, 3, 2 and 1, the last repeated, each
//! bounded by the best plan so far ([`search::iterated()`]). With action
//! costs, the first search counts every action as 1, a second greedy search
//! follows with real costs, and the heuristics of the later searches count
//! each action's cost plus 1 (so that zero-cost actions still count).
//!
//! NOLAN's anytime variant (`--alias nolan-anytime`) is the same schedule
//! with NOLAN's first search: the landmark count's plain queue ordered by
//! novelty first ([`search::lazy::NoveltyQueue`]). Only the first search
//! changes: the later ones refine a plan already found, where the bound
//! prunes what novelty would spread the search over. `--alias sat` runs the
//! schedule after Dual-BFWS, the search that found first plans fastest and
//! most often in planbox's measurements ([`FirstSearch`]).

use crate::heuristics::table::{Context, landmark_count};
use crate::heuristics::{Bfws, Hff};
use crate::search::lazy::NoveltyQueue;
use crate::search::{self, LazyOptions, Monitor, Outcome, Progression, SearchResult};
use crate::task::{OpId, Task};

/// One search of an anytime schedule and how it ended, for the log and the
/// record (`phases`), as Fast Downward logs each search of `iterated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// `lazy-gbfs`, `nolan` (lazy-gbfs with the novelty queue),
    /// `dual-bfws` or `lazy-wastar`.
    pub search: &'static str,
    pub weight: Option<u32>,
    /// Whether it counted every action as 1 while searching.
    pub unit_cost: bool,
    /// The cost of the best plan before it: it followed only cheaper paths.
    pub bound: Option<u32>,
    /// How it ended ([`Outcome::key`]: `plan`, `unsolvable` (nothing under
    /// the bound), `out_of_time`, ...).
    pub outcome: &'static str,
    /// The real cost of the plan it found.
    pub cost: Option<u32>,
    pub expanded: u64,
}

/// The first search of an anytime schedule, the one that finds a plan fast;
/// the searches after it are LAMA's whatever it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstSearch {
    /// LAMA's lazy greedy search, every action counting 1 (`lama-first`).
    Lama,
    /// NOLAN's: LAMA's with the landmark count's plain queue ordered by
    /// novelty up to this width first (`nolan`).
    Nolan(u32),
    /// Dual-BFWS ([`search::width::dual`], `dual-bfws`), which ignores
    /// action costs.
    DualBfws,
}

/// Runs the schedule on `task`, handing every better plan to `on_plan`;
/// returns the best plan's result and the searches run. `first` is its
/// first search (LAMA's, NOLAN's or Dual-BFWS).
pub fn lama(
    task: &Task,
    preferred: bool,
    first_search: FirstSearch,
    context: &Context,
    on_plan: &mut dyn FnMut(&[OpId], u32),
    monitor: &mut Monitor,
) -> (SearchResult, Vec<Phase>) {
    let unit = task.operators.iter().all(|op| op.cost == 1);
    let unit_task = task.clone().with_unit_costs();
    let plus_task = (!unit).then(|| task.clone().with_costs_plus_one());
    let later = plus_task.as_ref().unwrap_or(task);
    let novelty = match first_search {
        FirstSearch::Nolan(width) => Some(width),
        FirstSearch::Lama | FirstSearch::DualBfws => None,
    };
    let dual = first_search == FirstSearch::DualBfws;
    // The unit-cost greedy search's heuristics (Dual-BFWS builds its own).
    let (mut hff1, mut lm1) = (Hff::new(&unit_task), landmark_count(&unit_task, context));
    let (mut hff2, mut lm2) = (Hff::new(later), landmark_count(later, context));
    // (weight, whether the search counts every action as 1). Dual-BFWS, when
    // it comes first, is phase 0, and LAMA's whole schedule follows it: the
    // greedy search that counts every action as 1 improves on its plans
    // fastest (barman pfile06-021: Dual-BFWS's plan costs 411, the bounded
    // unit-cost greedy search finds 299 at once, where the greedy search with
    // real costs needs 1.7 million expansions to find 295).
    let mut phases: Vec<(Option<u32>, bool)> = vec![(None, true)];
    if dual {
        phases.push((None, true));
    }
    if !unit {
        phases.push((None, false));
    }
    phases.extend([5, 3, 2, 1].map(|w| (Some(w), false)));
    let cost = |plan: &[OpId]| u32::try_from(task.plan_cost(plan)).unwrap_or(u32::MAX);
    let mut log = Vec::new();
    let result = search::iterated(
        phases.len(),
        |i| phases[i].0.is_some(),
        |i, bound, monitor| {
            let (weight, first) = phases[i];
            let dual_bfws = dual && i == 0;
            let options = LazyOptions {
                weight,
                preferred,
                boost: if preferred { 1000 } else { 0 },
                bound,
                // The landmark count's queue (the second heuristic).
                novelty: novelty.filter(|_| first).map(|width| NoveltyQueue {
                    heuristic: 1,
                    width,
                }),
            };
            let r = if dual_bfws {
                let mut space = Progression::new(task).with_groups(context.groups);
                let mut fast = Bfws::pruning_f5(task);
                let mut complete = Bfws::landmarks(task, landmark_count(task, context), 2);
                search::width::dual(&mut space, &mut fast, &mut complete, monitor)
            } else if first {
                // A bound is on real costs, so a bounded search that counts
                // every action as 1 runs on the task itself, with the
                // heuristics of the unit-cost task: the greedy search orders
                // by them alone, and its paths' costs are the real ones.
                let space_task = if bound.is_some() { task } else { &unit_task };
                let mut space = Progression::new(space_task).with_groups(context.groups);
                search::lazy(&mut space, &mut [&mut hff1, &mut lm1], options, monitor)
            } else {
                let mut space = Progression::new(task).with_groups(context.groups);
                search::lazy(&mut space, &mut [&mut hff2, &mut lm2], options, monitor)
            };
            log.push(Phase {
                search: match (weight, options.novelty) {
                    (Some(_), _) => "lazy-wastar",
                    (None, _) if dual_bfws => "dual-bfws",
                    (None, Some(_)) => "nolan",
                    (None, None) => "lazy-gbfs",
                },
                weight,
                unit_cost: first,
                bound,
                outcome: r.outcome.key(),
                cost: match &r.outcome {
                    Outcome::Plan(plan) => Some(cost(plan)),
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
