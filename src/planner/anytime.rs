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
//! most often in planbox's measurements ([`FirstSearch`]), and between the
//! two improves Dual-BFWS's plan by plan neighbourhood graph search
//! ([`neighborhood::improve`]): a greedy search bounded by a good first plan
//! may wander for the whole time limit (parking), where the states around
//! the plan's own hold a cheaper one. Each of `sat`'s bounded searches after
//! that but the last gets a budget of 50,000 expansions and hands
//! over to the next when it spends it.

use crate::heuristics::table::{Context, landmark_count};
use crate::heuristics::{Bfws, Heuristic, Hff};
use crate::search::lazy::NoveltyQueue;
use crate::search::neighborhood;
use crate::search::{self, LazyOptions, Monitor, Outcome, Progression, SearchResult};
use crate::task::{OpId, Task};

/// The neighbourhoods of plan improvement after Dual-BFWS: the first size
/// (states) and the largest.
const NEIGHBOURHOOD: (usize, usize) = (10_000, 1 << 20);

/// The expansions each of `sat`'s bounded searches after the neighbourhood
/// may make before it hands over to the next, the last (weight 1) excepted.
/// After plan improvement the bound is tight, and a greedy search or a high
/// weight can wander under it for the whole time limit where weighted A*
/// with weight 1 finds a cheaper plan at once (parking pfile09-035: weight
/// 5 finds nothing under 59 in 100 s, weight 1 finds 41 in 1,146
/// expansions). Expansions rather than seconds, so that the same input
/// gives the same sequence of plans.
const BOUNDED_BUDGET: u64 = 50_000;

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
        // Phase 1 improves Dual-BFWS's plan in its neighbourhood.
        phases.push((None, false));
        phases.push((None, true));
    }
    if !unit {
        phases.push((None, false));
    }
    phases.extend([5, 3, 2, 1].map(|w| (Some(w), false)));
    let cost = |plan: &[OpId]| u32::try_from(task.plan_cost(plan)).unwrap_or(u32::MAX);
    let mut log = Vec::new();
    // The best plan so far, for the neighbourhood search.
    let mut best: Option<Vec<OpId>> = None;
    let result = search::iterated(
        phases.len(),
        |i| phases[i].0.is_some(),
        |i| (dual && i >= 2 && i + 1 < phases.len()).then_some(BOUNDED_BUDGET),
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
            let (search, r) = if dual && i == 1 {
                let r = improve(task, context, best.as_deref(), bound, monitor);
                ("neighbourhood", r)
            } else if dual_bfws {
                let mut space = Progression::new(task).with_groups(context.groups);
                let mut fast = Bfws::pruning_f5(task);
                let mut complete = Bfws::landmarks(task, landmark_count(task, context), 2);
                let r = search::width::dual(&mut space, &mut fast, &mut complete, monitor);
                ("dual-bfws", r)
            } else {
                // A bound is on real costs, so a bounded search that counts
                // every action as 1 runs on the task itself, with the
                // heuristics of the unit-cost task: the greedy search orders
                // by them alone, and its paths' costs are the real ones.
                let space_task = if first && bound.is_none() {
                    &unit_task
                } else {
                    task
                };
                let mut space = Progression::new(space_task).with_groups(context.groups);
                let mut heuristics: [&mut dyn Heuristic; 2] = if first {
                    [&mut hff1, &mut lm1]
                } else {
                    [&mut hff2, &mut lm2]
                };
                let r = search::lazy(&mut space, &mut heuristics, options, monitor);
                let search = match (weight, options.novelty) {
                    (Some(_), _) => "lazy-wastar",
                    (None, Some(_)) => "nolan",
                    (None, None) => "lazy-gbfs",
                };
                (search, r)
            };
            log.push(Phase {
                search,
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
            if let Outcome::Plan(plan) = &r.outcome {
                best = Some(plan.clone());
            }
            r
        },
        cost,
        |plan, cost| on_plan(plan, cost),
        monitor,
    );
    (result, log)
}

/// Plan neighbourhood graph search ([`neighborhood::improve`]) around
/// `plan`, of cost `bound`: the cheapest plan it finds, or `Unsolvable`
/// when none is cheaper (so that the schedule goes on).
fn improve(
    task: &Task,
    context: &Context,
    plan: Option<&[OpId]>,
    bound: Option<u32>,
    monitor: &mut Monitor,
) -> SearchResult {
    let mut stats = search::Stats::default();
    let (Some(plan), Some(bound)) = (plan, bound) else {
        return SearchResult {
            outcome: Outcome::Unsolvable,
            stats,
        };
    };
    let mut space = Progression::new(task).with_groups(context.groups);
    let better = neighborhood::improve(
        &mut space,
        plan,
        bound,
        NEIGHBOURHOOD,
        &mut |_, _| {},
        monitor,
    );
    stats.expanded = better.expanded;
    let outcome = match better.plans.into_iter().last() {
        Some((plan, _)) => Outcome::Plan(plan),
        None if monitor.time_is_up() => Outcome::OutOfTime,
        None => Outcome::Unsolvable,
    };
    SearchResult { outcome, stats }
}
