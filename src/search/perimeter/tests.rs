use super::*;
use crate::search::toy::{Graph, Zero, line_task};
use crate::search::{
    Exact, Limits, Outcome, Progression, Regression, RegressionOptions, Subsumption, bfs, gbfs,
};

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

fn ring<M: Meeting>(g: &mut Graph, meeting: M, budget: usize) -> Box<Perimeter<M>> {
    match Perimeter::grow(g, meeting, budget, &mut monitor()) {
        Grown::Ring(ring) if ring.stopped.is_none() => ring,
        Grown::Ring(ring) => panic!("{:?}", ring.stopped),
        Grown::Plan(plan, _) => panic!("the ring reached a target: {plan:?}"),
    }
}

#[test]
fn the_backward_search_stops_at_the_ring() {
    // The module docs' example: a ring of 0, 1, 2 on the line 0..=6.
    let mut g = Graph::line(7, 0, 6);
    let mut ring = ring(&mut g, Exact, 3);
    assert_eq!((ring.len(), ring.stats.expanded), (3, 2));
    let mut back = g.reversed();
    let mut toward = Toward::new(&g, &mut back, &mut ring);
    let r = bfs(&mut toward, &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(g.plan_cost(plan), Some(6));
    // Breadth-first from 6 generates 2 while expanding 3.
    assert_eq!(r.stats.expanded, 4);
    let expanded: Vec<u64> = back.expanded.iter().map(|e| e.0).collect();
    assert_eq!(expanded, [6, 5, 4, 3]);
}

#[test]
fn plans_through_the_ring_are_valid_on_random_graphs() {
    let mut solved = 0;
    for seed in 0..300 {
        let mut g = Graph::random(seed, 14, 30);
        let budget = 1 + seed as usize % 6;
        let grown = Perimeter::grow(&mut g, Exact, budget, &mut monitor());
        let r = match grown {
            Grown::Plan(plan, _) => {
                assert!(g.plan_cost(&plan).is_some(), "seed {seed}: {plan:?}");
                solved += 1;
                continue;
            }
            Grown::Ring(mut ring) => {
                let mut back = g.reversed();
                let mut toward = Toward::new(&g, &mut back, &mut ring);
                gbfs(&mut toward, &mut Zero, false, &mut monitor())
            }
        };
        match (&r.outcome, g.perfect()[0]) {
            (Outcome::Plan(plan), Some(_)) => {
                assert!(g.plan_cost(plan).is_some(), "seed {seed}: {plan:?}");
                solved += 1;
            }
            (Outcome::Unsolvable, None) => {}
            (outcome, optimum) => panic!("seed {seed}: {outcome:?}, optimum {optimum:?}"),
        }
    }
    assert!(solved > 100, "the random graphs should mostly be solvable");
}

#[test]
fn a_forward_target_inside_the_budget_is_a_plan() {
    let mut g = Graph::line(4, 0, 2);
    match Perimeter::grow(&mut g, Exact, 10, &mut monitor()) {
        Grown::Plan(plan, stats) => {
            assert_eq!(g.plan_cost(&plan), Some(2));
            assert_eq!(stats.expanded, 2);
        }
        _ => panic!("the ring should reach 2"),
    }
}

#[test]
fn a_ring_of_everything_reachable_is_exhausted() {
    // 0 <-> 1, target 2 unreachable.
    let mut g = Graph::new(3, &[(0, 1, 1), (1, 0, 1)], 0, &[2]);
    let ring = ring(&mut g, Exact, 100);
    assert!(ring.exhausted);
    assert_eq!(ring.len(), 2);
    let bigger = Graph::line(5, 0, 4);
    let ring = Perimeter::grow(&mut bigger.clone(), Exact, 2, &mut monitor());
    assert!(matches!(ring, Grown::Ring(r) if !r.exhausted));
}

#[test]
fn a_ring_cut_short_by_time_is_a_smaller_perimeter_for_several_searches() {
    // No time at all: the growth stops at the monitor's first check,
    // with the nodes stored so far.
    let mut g = Graph::line(500, 0, 499);
    let mut out_of_time = Monitor::new(Limits {
        time: Some(std::time::Duration::ZERO),
        ..Limits::none()
    });
    let Grown::Ring(mut ring) = Perimeter::grow(&mut g, Exact, 400, &mut out_of_time) else {
        panic!("no plan on a line of 500 nodes within the ring");
    };
    assert_eq!(ring.stopped, Some(Stop::Time));
    assert!(ring.len() > 1 && ring.len() < 400, "{} nodes", ring.len());
    assert_eq!(ring.stats.expanded as usize, ring.len() - 1);
    // Two searches in turn aim at the same ring, and both plans are valid.
    for _ in 0..2 {
        let mut back = g.reversed();
        let mut toward = Toward::new(&g, &mut back, &mut ring);
        let r = bfs(&mut toward, &mut monitor());
        let Outcome::Plan(plan) = &r.outcome else {
            panic!("{r:?}")
        };
        assert_eq!(g.plan_cost(plan), Some(499));
        assert!(r.stats.expanded < 499, "{:?}", r.stats);
    }
}

#[test]
fn regression_meets_a_ring_of_states() {
    let task = line_task(9);
    let mut forward = Progression::new(&task);
    let mut backward = Regression::new(&task, RegressionOptions::default(), None);
    let meeting = Subsumption::new(&task, &backward);
    let Grown::Ring(mut ring) = Perimeter::grow(&mut forward, meeting, 4, &mut monitor()) else {
        panic!("a ring of 4 states");
    };
    let mut toward = Toward::new(&forward, &mut backward, &mut ring);
    let r = bfs(&mut toward, &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(crate::plan::check_plan(&task, plan), Ok(8));
    assert!(r.stats.expanded < 8, "the ring saves steps: {r:?}");
}
