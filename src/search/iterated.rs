//! Anytime planning by iterated search: find a plan fast, then search again
//! for cheaper ones, each search bounded by the best cost so far (Fast
//! Downward's `iterated`, LAMA's schedule).
//!
//! LAMA first runs a greedy search, which finds a plan quickly but pays no
//! attention to its cost, then weighted A* with weights 5, 3, 2 and 1,
//! repeating the last one. Each search follows only paths cheaper than the
//! best plan found so far, so each plan found is cheaper than the last; the
//! sequence ends when a search finds nothing under the bound, or when the
//! time is up, and the last plan is the best.
//!
//! Example: greedy search finds a plan of cost 40; weighted A* with weight 5
//! and bound 40 finds one of 31; with weight 3 and bound 31 one of 28; with
//! weight 2 nothing cheaper than 28: the answer is the plan of cost 28.

use super::{Outcome, SearchResult, Stats};
use crate::task::OpId;
use crate::util::limits::Monitor;

/// Runs phase `0, 1, ..., phases - 1` (then the last again and again),
/// each as `phase(i, bound, monitor)` with the cost of the best plan so far
/// as its bound, until a *complete* phase (`complete(i)`: one that finds a
/// plan under its bound whenever there is one, as weighted A* with
/// reopening does) finds no plan, the last phase finds none, or a phase stops
/// on a limit. A phase that is not complete (greedy search, which never
/// reopens a state reached first by a dearer path) may miss a cheaper plan
/// under its bound, so its failure hands over to the next phase; Fast
/// Downward's `iterated` stops there instead. A phase with a `budget(i)`
/// makes at most that many expansions ([`Monitor::within`]), and one that
/// spends it without a plan hands over too, so that a greedy search lost on
/// a plateau under a good bound leaves the time to the searches after it.
/// Every cheaper plan found goes to `on_plan` with its cost (`cost`
/// measures it) as it is found. The result is the best plan, or the first phase's
/// outcome if no phase found one; the counters are those of all phases.
pub fn iterated(
    phases: usize,
    complete: impl Fn(usize) -> bool,
    budget: impl Fn(usize) -> Option<u64>,
    mut phase: impl FnMut(usize, Option<u32>, &mut Monitor) -> SearchResult,
    cost: impl Fn(&[OpId]) -> u32,
    mut on_plan: impl FnMut(&[OpId], u32),
    monitor: &mut Monitor,
) -> SearchResult {
    assert!(phases > 0, "iterated search needs a phase");
    let mut stats = Stats::default();
    let mut best: Option<(Vec<OpId>, u32)> = None;
    let mut i = 0;
    let outcome = loop {
        let bound = best.as_ref().map(|(_, c)| *c);
        let r = monitor.within(budget(i), |monitor| phase(i, bound, monitor));
        stats.add_counts(&r.stats);
        if stats.initial_h.is_none() {
            stats.initial_h = r.stats.initial_h;
        }
        stats.pruned = r.stats.pruned;
        stats.peak_memory_kb = r.stats.peak_memory_kb;
        match r.outcome {
            Outcome::Plan(plan) => {
                let c = cost(&plan);
                // A bounded phase only returns cheaper plans; should one
                // not, the sequence ends rather than repeat itself.
                if bound.is_some_and(|b| c >= b) {
                    break Outcome::Unsolvable;
                }
                on_plan(&plan, c);
                best = Some((plan, c));
                if c == 0 {
                    break Outcome::Unsolvable;
                }
                i = (i + 1).min(phases - 1);
            }
            // Without a bound any phase searches the whole space: its
            // failure proves the task unsolvable.
            Outcome::Unsolvable if bound.is_some() && !complete(i) && i + 1 < phases => i += 1,
            Outcome::Incomplete
                if budget(i).is_some() && !monitor.expansions_spent() && i + 1 < phases =>
            {
                i += 1
            }
            other => break other,
        }
    };
    stats.search_time = monitor.elapsed();
    let outcome = match best {
        Some((plan, _)) => Outcome::Plan(plan),
        None => outcome,
    };
    SearchResult { outcome, stats }
}

#[cfg(test)]
mod tests;
