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
//! prunes what novelty would spread the search over.

use crate::heuristics::Hff;
use crate::heuristics::table::{Context, landmark_count};
use crate::search::lazy::NoveltyQueue;
use crate::search::{self, LazyOptions, Monitor, Outcome, Progression, SearchResult};
use crate::task::{OpId, Task};

/// One search of an anytime schedule and how it ended, for the log and the
/// record (`phases`), as Fast Downward logs each search of `iterated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// `lazy-gbfs`, `nolan` (lazy-gbfs with the novelty queue) or
    /// `lazy-wastar`.
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

/// Runs the schedule on `task`, handing every better plan to `on_plan`;
/// returns the best plan's result and the searches run. With `novelty`,
/// the first search (the one counting every action as 1) orders the plain
/// landmark queue by novelty up to that width first (NOLAN).
pub fn lama(
    task: &Task,
    preferred: bool,
    novelty: Option<u32>,
    context: &Context,
    on_plan: &mut dyn FnMut(&[OpId], u32),
    monitor: &mut Monitor,
) -> (SearchResult, Vec<Phase>) {
    let unit = task.operators.iter().all(|op| op.cost == 1);
    let unit_task = task.clone().with_unit_costs();
    let plus_task = (!unit).then(|| task.clone().with_costs_plus_one());
    let later = plus_task.as_ref().unwrap_or(task);
    let (mut hff1, mut lm1) = (Hff::new(&unit_task), landmark_count(&unit_task, context));
    let (mut hff2, mut lm2) = (Hff::new(later), landmark_count(later, context));
    // (weight, whether the search counts every action as 1)
    let mut phases: Vec<(Option<u32>, bool)> = vec![(None, true)];
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
            let r = if first {
                let mut space = Progression::new(&unit_task).with_groups(context.groups);
                search::lazy(&mut space, &mut [&mut hff1, &mut lm1], options, monitor)
            } else {
                let mut space = Progression::new(task).with_groups(context.groups);
                search::lazy(&mut space, &mut [&mut hff2, &mut lm2], options, monitor)
            };
            log.push(Phase {
                search: match (weight, options.novelty) {
                    (Some(_), _) => "lazy-wastar",
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
