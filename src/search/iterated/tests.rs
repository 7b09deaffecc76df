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
