//! Tests of [`super::bidirectional`] on toy graphs and toy STRIPS tasks.

use super::*;
use crate::search::meeting::{Exact, Subsumption};
use crate::search::toy::{Graph, line_task, task};
use crate::search::{Limits, Progression, Regression, RegressionOptions, bfs};
use crate::task::{FactId, OpId, Operator};

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

/// Bidirectional search on `g` (forward) and `g` reversed (backward).
fn both_ways(g: &mut Graph) -> SearchResult {
    let mut back = g.reversed();
    bidirectional(g, &mut back, &mut Exact, &mut monitor())
}

fn plan(r: &SearchResult) -> &[OpId] {
    match &r.outcome {
        Outcome::Plan(p) => p,
        other => panic!("expected a plan, got {other:?}"),
    }
}

#[test]
fn the_number_line_meets_in_the_middle() {
    let mut g = Graph::line(5, 0, 4);
    let r = both_ways(&mut g);
    assert_eq!(g.plan_cost(plan(&r)), Some(4));
    // Forward expands 0 and 1, backward 4 and 3 (the module docs' example).
    let sides = r.stats.sides.expect("per-side counts");
    assert_eq!((sides[0].expanded, sides[1].expanded), (2, 2));
    assert_eq!(r.stats.expanded, 4);
    assert_eq!(g.expanded, vec![(0, 0), (1, 1)]);
}

#[test]
fn start_that_is_a_target_gives_the_empty_plan() {
    let mut g = Graph::line(3, 1, 1);
    assert_eq!(both_ways(&mut g).outcome, Outcome::Plan(vec![]));
}

#[test]
fn optimal_with_zero_and_differing_costs() {
    let mut solved = 0;
    for seed in 0..600 {
        let mut g = Graph::random(seed / 2, 12, 30);
        if seed % 2 == 1 {
            // No zero-cost edge: the search may stop one step earlier.
            for e in &mut g.edges {
                e.2 = e.2.max(1);
            }
            assert_eq!(g.min_cost(), 1);
        }
        let r = both_ways(&mut g);
        match g.perfect()[0] {
            Some(cost) => {
                solved += 1;
                assert_eq!(g.plan_cost(plan(&r)), Some(cost), "seed {seed}: {r:?}");
            }
            None => assert_eq!(r.outcome, Outcome::Unsolvable, "seed {seed}"),
        }
    }
    assert!(
        solved > 100,
        "the random graphs should mostly be solvable: {solved}"
    );
}

#[test]
fn the_side_with_fewer_open_nodes_does_the_work() {
    // A binary tree of depth 8 (forward edges parent -> child), target a
    // leaf: forward search fans out, backward search climbs one path.
    let n = (1u64 << 9) - 1;
    let edges: Vec<(u64, u64, u32)> = (1..n).map(|v| ((v - 1) / 2, v, 1)).collect();
    let mut g = Graph::new(n, &edges, 0, &[n - 1]);
    let r = both_ways(&mut g);
    assert_eq!(g.plan_cost(plan(&r)), Some(8));
    let sides = r.stats.sides.expect("per-side counts");
    assert_eq!((sides[0].expanded, sides[1].expanded), (1, 7), "{r:?}");
    let alone = bfs(&mut g, &mut monitor());
    assert!(alone.stats.expanded > 200, "{alone:?}");
}

#[test]
fn unsolvable_needs_a_complete_side_to_run_out() {
    // 0 <-> 1 <-> 2, and 3 unreachable: backward from 3 has no successor.
    let edges = [(0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 1, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let mut back = g.reversed();
    let r = bidirectional(&mut g, &mut back, &mut Exact, &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.expanded, 2, "forward 0, then backward 3: {r:?}");

    // A backward side that is not complete proves nothing: forward goes on.
    back = g.reversed();
    back.complete = false;
    let r = bidirectional(&mut g, &mut back, &mut Exact, &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.sides.expect("sides")[0].expanded, 3);

    // Neither complete: nothing is proven.
    g.complete = false;
    let r = bidirectional(&mut g, &mut back, &mut Exact, &mut monitor());
    assert_eq!(r.outcome, Outcome::Incomplete);
}

#[test]
fn pruning_counters_of_both_sides_are_summed() {
    let mut g = Graph::line(6, 0, 5);
    g.vetoed = vec![1];
    g.complete = false; // so that the backward side runs after forward stops
    let mut back = g.reversed();
    back.vetoed = vec![4];
    let r = bidirectional(&mut g, &mut back, &mut Exact, &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.pruned, vec![("vetoed", 2)]);
}

#[test]
fn a_time_limit_stops_the_search() {
    let mut g = Graph::line(1000, 0, 999);
    let mut back = g.reversed();
    let mut m = Monitor::new(Limits {
        time: Some(std::time::Duration::ZERO),
        ..Limits::none()
    });
    let r = bidirectional(&mut g, &mut back, &mut Exact, &mut m);
    assert_eq!(r.outcome, Outcome::OutOfTime);
}

/// Progression, regression and the subsumption meeting on `task`.
fn pddl(task: &crate::task::Task) -> SearchResult {
    let mut forward = Progression::new(task);
    let mut backward = Regression::new(task, RegressionOptions::default(), None);
    let mut meeting = Subsumption::new(task, &backward);
    bidirectional(&mut forward, &mut backward, &mut meeting, &mut monitor())
}

#[test]
fn progression_meets_regression_when_a_state_satisfies_the_subgoals() {
    let task = line_task(9);
    let r = pddl(&task);
    let p = plan(&r);
    assert_eq!(crate::plan::check_plan(&task, p), Ok(8));
    let sides = r.stats.sides.expect("sides");
    assert!(sides[0].expanded > 0 && sides[1].expanded > 0, "{r:?}");
    assert!(r.stats.expanded < 9, "{r:?}");
    let again = pddl(&task);
    assert_eq!(again.outcome, r.outcome, "deterministic");
    assert_eq!(again.stats.sides, r.stats.sides, "deterministic");
}

#[test]
fn subgoal_sets_with_negative_literals_meet_states_without_the_facts() {
    // Facts: 0 = start, 1 = lamp on, 2 = done. `on` turns the lamp on, `off`
    // off; `finish` needs the lamp on; the goal is done with the lamp off.
    let op = |name: &str, pre: &[u32], add: &[u32], del: &[u32]| Operator {
        name: name.into(),
        pre: pre.iter().map(|&f| FactId(f)).collect(),
        neg_pre: Box::new([]),
        add: add.iter().map(|&f| FactId(f)).collect(),
        del: del.iter().map(|&f| FactId(f)).collect(),
        cost: 1,
        conditional: Box::new([]),
    };
    let ops = vec![
        op("on", &[0], &[1], &[]),
        op("off", &[1], &[], &[1]),
        op("finish", &[1], &[2], &[]),
    ];
    let mut t = task(3, ops, &[0, 1], &[2]);
    t.neg_goal = Box::new([FactId(1)]);
    let r = pddl(&t);
    let p = plan(&r);
    assert_eq!(crate::plan::check_plan(&t, p), Ok(2), "{p:?}");
    let names: Vec<&str> = p
        .iter()
        .map(|&o| t.operators[o.index()].name.as_str())
        .collect();
    assert_eq!(names, ["finish", "off"]);
}

#[test]
fn an_unreachable_goal_is_proven_unsolvable() {
    let mut t = line_task(4);
    // Cut the line between 1 and 2 in both directions.
    t.operators
        .retain(|o| !o.name.contains("p1 p2") && !o.name.contains("p2 p1"));
    assert_eq!(pddl(&t).outcome, Outcome::Unsolvable);
}
