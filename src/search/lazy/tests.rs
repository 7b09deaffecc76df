use super::*;
use crate::search::toy::{Graph, Table, Zero};
use crate::search::{Limits, astar};

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

#[test]
fn lazy_greedy_evaluates_once_per_expansion() {
    // A line 0 - 1 - 2 - 3 with the goal 3 and the perfect heuristic:
    // each popped entry is built, evaluated and expanded once.
    let mut g = Graph::line(4, 0, 3);
    let mut h = Table::new(g.perfect());
    let r = lazy(&mut g, &mut [&mut h], LazyOptions::GREEDY, &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    assert_eq!(r.stats.expanded, 3);
    // The start, then the three nodes on the way (the goal is evaluated
    // before it is recognised); eager search evaluates the dead-end
    // neighbours too.
    assert!(r.stats.evaluated <= r.stats.expanded + 1);
}

#[test]
fn lazy_weighted_astar_without_estimates_is_uniform_cost_search() {
    // With h = 0 the key is the child's g: the search pops entries in
    // order of cost, so the first target it builds is reached cheapest
    // (reopening takes the cheaper of two ways to a node).
    for seed in 0..100 {
        let mut g = Graph::random(seed, 12, 30);
        let optimum = astar(&mut g, &mut Zero, &mut monitor());
        let options = LazyOptions {
            weight: Some(2),
            preferred: false,
            boost: 0,
            bound: None,
        };
        let r = lazy(&mut g, &mut [&mut Zero], options, &mut monitor());
        match (&optimum.outcome, &r.outcome) {
            (Outcome::Plan(a), Outcome::Plan(b)) => {
                assert_eq!(g.plan_cost(a), g.plan_cost(b), "seed {seed}")
            }
            (a, b) => assert_eq!(a, b, "seed {seed}"),
        }
    }
}

#[test]
fn a_bound_keeps_only_cheaper_paths() {
    // 0 -> 3 costs 10; 0 -> 1 -> 2 -> 3 costs 3.
    let edges = [(0, 3, 10), (0, 1, 1), (1, 2, 1), (2, 3, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let bounded = |bound| LazyOptions {
        bound: Some(bound),
        ..LazyOptions::GREEDY
    };
    let r = lazy(&mut g, &mut [&mut Zero], bounded(4), &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    let r = lazy(&mut g, &mut [&mut Zero], bounded(3), &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
}

#[test]
fn lazy_search_proves_unsolvability_and_is_deterministic() {
    let edges = [(0, 1, 1), (1, 2, 1), (2, 0, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let r = lazy(
        &mut g,
        &mut [&mut Zero],
        LazyOptions::GREEDY,
        &mut monitor(),
    );
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.expanded, 3);
    let mut g = Graph::random(7, 30, 80);
    let mut h1 = Table::new(g.perfect());
    let a = lazy(&mut g, &mut [&mut h1], LazyOptions::GREEDY, &mut monitor());
    let mut h2 = Table::new(g.perfect());
    let b = lazy(&mut g, &mut [&mut h2], LazyOptions::GREEDY, &mut monitor());
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(
        (a.stats.expanded, a.stats.evaluated),
        (b.stats.expanded, b.stats.evaluated)
    );
}
