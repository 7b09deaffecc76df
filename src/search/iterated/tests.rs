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
            |_| None,
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
            |_| None,
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

#[test]
fn a_phase_that_spends_its_budget_hands_over_and_the_run_limit_ends_all() {
    // Phase 0 finds a plan of cost 5, phase 1 expands until it is stopped
    // (a greedy search lost on a plateau), phase 2 finds one of cost 3.
    let run = |budget: Option<u64>, limit: Option<u64>| {
        let mut calls = Vec::new();
        let mut m = Monitor::new(Limits {
            expansions: limit,
            ..Limits::none()
        });
        let r = iterated(
            3,
            |i| i == 2,
            |i| (i == 1).then_some(budget).flatten(),
            |i, bound, m| {
                calls.push((i, bound));
                let outcome = match (i, bound) {
                    (0, None) => Outcome::Plan(vec![OpId(5)]),
                    (1, _) => loop {
                        if let Err(stop) = m.tick(Default::default, || unreachable!()) {
                            break stop.into();
                        }
                    },
                    (2, Some(5)) => Outcome::Plan(vec![OpId(3)]),
                    _ => Outcome::Unsolvable,
                };
                SearchResult {
                    outcome,
                    stats: Stats::default(),
                }
            },
            |plan| plan[0].0,
            |_, _| {},
            &mut m,
        );
        (r.outcome, calls)
    };
    let handed_over = vec![(0, None), (1, Some(5)), (2, Some(5)), (2, Some(3))];
    assert_eq!(
        run(Some(100), None),
        (Outcome::Plan(vec![OpId(3)]), handed_over)
    );
    // The run's own limit, reached within the budget or without one, ends
    // the sequence with the best plan so far.
    let ended = vec![(0, None), (1, Some(5))];
    assert_eq!(
        run(Some(100), Some(50)),
        (Outcome::Plan(vec![OpId(5)]), ended.clone())
    );
    assert_eq!(run(None, Some(50)), (Outcome::Plan(vec![OpId(5)]), ended));
}
