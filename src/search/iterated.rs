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
/// Downward's `iterated` stops there instead. Every
/// cheaper plan found goes to `on_plan` with its cost (`cost` measures it)
/// as it is found. The result is the best plan, or the first phase's
/// outcome if no phase found one; the counters are those of all phases.
pub fn iterated(
    phases: usize,
    complete: impl Fn(usize) -> bool,
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
        let r = phase(i, bound, monitor);
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
mod tests {
    use super::*;
    use crate::search::toy::{Graph, Zero};
    use crate::search::{LazyOptions, Limits, astar, lazy};

    #[test]
    fn each_plan_is_cheaper_and_the_last_is_optimal_with_a_blind_last_phase() {
        // Greedy search first (any plan), then uniform-cost search bounded
        // by the best cost: the plans get cheaper and end at the optimum.
        let mut solved = 0;
        for seed in 0..60 {
            let mut g = Graph::random(seed, 14, 40);
            let mut m = Monitor::new(Limits::none());
            let optimum = astar(&mut g, &mut Zero, &mut m).outcome;
            let mut costs = Vec::new();
            let mut m = Monitor::new(Limits::none());
            let r = iterated(
                2,
                |i| i > 0,
                |i, bound, m| {
                    let options = LazyOptions {
                        weight: (i > 0).then_some(1),
                        bound,
                        ..LazyOptions::GREEDY
                    };
                    lazy(&mut g.clone(), &mut [&mut Zero], options, m)
                },
                |plan| g.plan_cost(plan).expect("a plan of the graph"),
                |_, c| costs.push(c),
                &mut m,
            );
            match (&optimum, &r.outcome) {
                (Outcome::Plan(best), Outcome::Plan(last)) => {
                    solved += 1;
                    assert!(costs.windows(2).all(|w| w[1] < w[0]), "{costs:?}");
                    assert_eq!(g.plan_cost(last), g.plan_cost(best), "seed {seed}");
                    assert_eq!(costs.last().copied(), g.plan_cost(last));
                }
                (a, b) => assert_eq!(a, b, "seed {seed}"),
            }
        }
        assert!(solved > 20, "too few solvable graphs: {solved}");
    }

    #[test]
    fn a_failed_incomplete_phase_hands_over_and_a_failed_complete_one_ends() {
        // Phase 0 finds a plan of cost 5, phase 1 (incomplete) finds nothing
        // under it, phase 2 finds one of cost 3, then nothing.
        let answers = |i: usize, bound: Option<u32>| -> Outcome {
            match (i, bound) {
                (0, None) => Outcome::Plan(vec![OpId(5)]),
                (2, Some(5)) => Outcome::Plan(vec![OpId(3)]),
                _ => Outcome::Unsolvable,
            }
        };
        let run = |complete: fn(usize) -> bool| {
            let (mut calls, mut costs) = (Vec::new(), Vec::new());
            let r = iterated(
                3,
                complete,
                |i, bound, _| {
                    calls.push((i, bound));
                    SearchResult {
                        outcome: answers(i, bound),
                        stats: Stats::default(),
                    }
                },
                |plan| plan[0].0,
                |_, c| costs.push(c),
                &mut Monitor::new(Limits::none()),
            );
            (r.outcome, calls, costs)
        };
        let (outcome, calls, costs) = run(|i| i == 2);
        assert_eq!(outcome, Outcome::Plan(vec![OpId(3)]));
        assert_eq!(
            calls,
            vec![(0, None), (1, Some(5)), (2, Some(5)), (2, Some(3))]
        );
        assert_eq!(costs, vec![5, 3]);
        // Were phase 1 complete, its failure would end the sequence.
        let (outcome, calls, _) = run(|i| i >= 1);
        assert_eq!(outcome, Outcome::Plan(vec![OpId(5)]));
        assert_eq!(calls, vec![(0, None), (1, Some(5))]);
    }
}
