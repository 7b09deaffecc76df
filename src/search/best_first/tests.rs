//! Tests of [`super::best_first`] on toy graphs.

use super::*;
use crate::search::toy::{Graph, Table, Zero};
use crate::search::{Limits, bfs};
use std::time::Duration;

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

fn plan(r: &SearchResult) -> &[OpId] {
    match &r.outcome {
        Outcome::Plan(p) => p,
        other => panic!("expected a plan, got {other:?}"),
    }
}

fn random_graph(seed: u64, n: u64, m: usize) -> Graph {
    Graph::random(seed, n, m)
}

#[test]
fn astar_with_the_perfect_heuristic_expands_only_the_path() {
    let mut g = Graph::line(3, 0, 2);
    let mut h = Table::new(g.perfect());
    let r = astar(&mut g, &mut h, &mut monitor());
    assert_eq!(plan(&r), &[OpId(0), OpId(2)]);
    assert_eq!(r.stats.expanded, 2);
    assert_eq!(r.stats.evaluated, 3);
}

#[test]
fn astar_is_optimal_with_zero_and_differing_costs() {
    let mut solved = 0;
    for seed in 0..200 {
        let mut g = random_graph(seed, 12, 30);
        let optimum = g.perfect()[0];
        let blind = astar(&mut g, &mut Zero, &mut monitor());
        let mut perfect = Table::new(g.perfect());
        let informed = astar(&mut g, &mut perfect, &mut monitor());
        match optimum {
            Some(cost) => {
                solved += 1;
                assert_eq!(g.plan_cost(plan(&blind)), Some(cost), "seed {seed}");
                assert_eq!(g.plan_cost(plan(&informed)), Some(cost), "seed {seed}");
                assert!(
                    informed.stats.expanded <= blind.stats.expanded,
                    "seed {seed}"
                );
            }
            None => {
                assert_eq!(blind.outcome, Outcome::Unsolvable, "seed {seed}");
                assert_eq!(informed.outcome, Outcome::Unsolvable, "seed {seed}");
            }
        }
    }
    assert!(
        solved > 50,
        "the random graphs should mostly be solvable: {solved}"
    );
}

/// A `w` × `w` grid of zero-cost moves, with the target one unit-cost step
/// beyond the far corner: every cell has `f = 1` and `h = 1`, a plateau.
fn zero_cost_room(w: u64) -> Graph {
    let mut edges = Vec::new();
    for r in 0..w {
        for c in 0..w {
            let v = r * w + c;
            if c + 1 < w {
                edges.extend([(v, v + 1, 0), (v + 1, v, 0)]);
            }
            if r + 1 < w {
                edges.extend([(v, v + w, 0), (v + w, v, 0)]);
            }
        }
    }
    edges.push((w * w - 1, w * w, 1));
    Graph::new(w * w + 1, &edges, 0, &[w * w])
}

#[test]
fn a_tie_breaker_crosses_a_zero_cost_plateau_and_keeps_astar_optimal() {
    let w = 8;
    let mut g = zero_cost_room(w);
    let h: Vec<Option<u32>> = (0..=w * w).map(|v| Some(u32::from(v < w * w))).collect();
    let plain = astar(&mut g, &mut Table::new(h.clone()), &mut monitor());
    // Steps to the target: the grid distance to the far corner, plus one.
    let mut steered = Table::new(h);
    steered.ties = (0..=w * w)
        .map(|v| {
            let (r, c) = (v / w, v % w);
            if v == w * w {
                0
            } else {
                (2 * (w - 1) - r - c + 1) as u32
            }
        })
        .collect();
    let tied = astar(&mut g, &mut steered, &mut monitor());
    assert_eq!(g.plan_cost(plan(&plain)), Some(1));
    assert_eq!(g.plan_cost(plan(&tied)), Some(1));
    // FIFO alone crosses the room breadth-first; the tie-breaker walks it.
    assert_eq!(plain.stats.expanded, w * w);
    assert_eq!(tied.stats.expanded, 2 * (w - 1) + 1);

    // Any tie-breaker, even a misleading one, keeps A* optimal.
    for seed in 0..100 {
        let mut g = random_graph(seed, 12, 30);
        let Some(optimum) = g.perfect()[0] else {
            continue;
        };
        let mut h = Table::new(vec![Some(0); 12]);
        h.ties = (0..12).map(|v| ((v * 7 + seed) % 5) as u32).collect();
        let r = astar(&mut g, &mut h, &mut monitor());
        assert_eq!(g.plan_cost(plan(&r)), Some(optimum), "seed {seed}");
    }
}

#[test]
fn astar_beats_bfs_when_the_short_plan_is_expensive() {
    // 0 -> 3 costs 10; 0 -> 1 -> 2 -> 3 costs 0 + 1 + 0.
    let edges = [(0, 3, 10), (0, 1, 0), (1, 2, 1), (2, 3, 0)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let r = astar(&mut g, &mut Zero, &mut monitor());
    assert_eq!(g.plan_cost(plan(&r)), Some(1));
    let b = bfs(&mut g, &mut monitor());
    assert_eq!(g.plan_cost(plan(&b)), Some(10));
}

/// The node 3 is first reached at cost 3 and expanded (its `h` is 0); the path
/// through 1 costs 2 but `h(1) = 5` (admissible, not consistent) delays it.
fn reopening_graph() -> (Graph, Table) {
    let edges = [(0, 3, 3), (0, 1, 1), (1, 3, 1), (3, 4, 5)];
    let g = Graph::new(5, &edges, 0, &[4]);
    let h = Table::new(vec![Some(0), Some(5), Some(0), Some(0), Some(0)]);
    (g, h)
}

#[test]
fn astar_reopens_closed_nodes_for_an_inconsistent_heuristic() {
    let (mut g, mut h) = reopening_graph();
    let r = astar(&mut g, &mut h, &mut monitor());
    assert_eq!(g.plan_cost(plan(&r)), Some(7));
    assert_eq!(r.stats.reopened, 1);
}

#[test]
fn astar_counts_the_expansions_before_the_last_f_layer() {
    // f = 0 for 0 and 1 (two expansions), then f = 1 for 2 and the goal 3.
    let edges = [(0, 3, 10), (0, 1, 0), (1, 2, 1), (2, 3, 0)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let r = astar(&mut g, &mut Zero, &mut monitor());
    assert_eq!(r.stats.expanded_until_last_jump, Some(2));
    assert_eq!(r.stats.f_reached, Some(1), "the goal's f, the optimal cost");
    assert_eq!(r.stats.initial_h, Some(("zero", Some(0))));
    // With reopening, f goes 0, 3, 6, then down to 2 (node 3 reopened),
    // then up to 7 for the goal: the last jump is the one to 7, after four
    // expansions.
    let (mut g, mut h) = reopening_graph();
    let r = astar(&mut g, &mut h, &mut monitor());
    assert_eq!(r.stats.expanded_until_last_jump, Some(4));
    assert_eq!(r.stats.f_reached, Some(7), "the highest f, not the last");
    // Greedy search has no f layers.
    let r = gbfs(&mut g, &mut h, false, &mut monitor());
    assert_eq!(r.stats.expanded_until_last_jump, None);
    assert_eq!(r.stats.f_reached, None);
}

#[test]
fn astar_stopped_by_a_limit_reports_the_lower_bound_it_proved() {
    // On a line of unit steps with h = 0 the k-th node taken from the open
    // list is k - 1 steps from the start (the last one taken may be stopped
    // before its expansion); no plan is cheaper than the f reached.
    let mut g = Graph::line(100_000, 0, 99_999);
    let mut m = Monitor::new(Limits {
        expansions: Some(1_000),
        ..Limits::none()
    });
    let r = astar(&mut g, &mut Zero, &mut m);
    assert_eq!(r.outcome, Outcome::Incomplete);
    let f = u64::from(r.stats.f_reached.expect("an f reached"));
    assert!(f + 1 == r.stats.expanded || f == r.stats.expanded, "{f}");
}

#[test]
fn gbfs_does_not_reopen_but_keeps_the_cheaper_parent() {
    let (mut g, mut h) = reopening_graph();
    let r = gbfs(&mut g, &mut h, false, &mut monitor());
    assert_eq!(r.stats.reopened, 0);
    assert!(g.plan_cost(plan(&r)).is_some());
}

#[test]
fn wastar_stays_within_its_bound() {
    for seed in 0..100 {
        let mut g = random_graph(seed, 15, 40);
        let Some(optimum) = g.perfect()[0] else {
            continue;
        };
        // An admissible heuristic: half the perfect one.
        let mut h = Table::new(g.perfect().iter().map(|v| v.map(|x| x / 2)).collect());
        let r = wastar(&mut g, &mut h, 3, &mut monitor());
        let cost = g.plan_cost(plan(&r)).expect("a valid plan");
        assert!(cost <= 3 * optimum, "seed {seed}: {cost} > 3 * {optimum}");
    }
}

#[test]
fn dead_ends_are_dropped_and_can_prove_unsolvability() {
    let mut g = Graph::line(4, 0, 3);
    let mut h = Table::new(vec![Some(1), None, Some(1), Some(0)]);
    let r = astar(&mut g, &mut h, &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!((r.stats.dead_ends, r.stats.expanded), (1, 1));
    let mut h = Table::new(vec![None, Some(1), Some(1), Some(0)]);
    let r = gbfs(&mut g, &mut h, false, &mut monitor());
    assert_eq!((r.outcome, r.stats.expanded), (Outcome::Unsolvable, 0));
}

#[test]
fn gbfs_takes_turns_with_the_preferred_queue() {
    // 0 reaches 1 (op 0) and 2 (op 1); 1 -> 3 and 2 -> 4 lead on.
    let edges = [(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 4, 1), (4, 5, 1)];
    let run = |preferred: bool| {
        let mut g = Graph::new(6, &edges, 0, &[5]);
        let mut h = Table::new(vec![Some(2); 6]);
        h.preferred = vec![OpId(1)];
        let r = gbfs(&mut g, &mut h, preferred, &mut monitor());
        assert_eq!(g.plan_cost(plan(&r)), Some(3));
        g.expanded.iter().map(|&(v, _)| v).collect::<Vec<_>>()
    };
    assert_eq!(run(false), vec![0, 1, 2, 3, 4]);
    // all: 0; preferred: 2 (generates 4); all: 1 (generates 3); then the
    // all-queue alone, in push order: 2 (closed, skipped), 4, 3.
    assert_eq!(run(true), vec![0, 2, 1, 4, 3]);
}

#[test]
fn same_search_same_statistics() {
    let mut g = random_graph(7, 40, 150);
    let mut h = Table::new(g.perfect().iter().map(|v| v.map(|x| x / 2)).collect());
    let a = gbfs(&mut g, &mut h, false, &mut monitor());
    let b = gbfs(&mut g, &mut h, false, &mut monitor());
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(
        (a.stats.expanded, a.stats.generated, a.stats.evaluated),
        (b.stats.expanded, b.stats.generated, b.stats.evaluated)
    );
}

#[test]
fn limits_stop_the_search_cleanly() {
    let mut g = Graph::line(100_000, 0, 99_999);
    let mut m = Monitor::new(Limits {
        time: Some(Duration::ZERO),
        ..Limits::none()
    });
    let r = astar(&mut g, &mut Zero, &mut m);
    assert_eq!(r.outcome, Outcome::OutOfTime);
    // The clock is read at the first evaluation already (`time_is_up`), long
    // before the expansion counter's first check after 64 expansions.
    assert_eq!(
        r.stats.expanded, 1,
        "stops at the first reading of the clock"
    );
    let mut m = Monitor::new(Limits {
        memory: Some(1 << 20),
        ..Limits::none()
    });
    let r = astar(&mut g, &mut Zero, &mut m);
    assert_eq!(r.outcome, Outcome::OutOfMemory);
}

/// A heuristic that takes a millisecond of CPU time per state, like h_max on
/// a task with a million operators (the time limit counts CPU time, so it
/// must work, not sleep).
struct Slow;

impl Heuristic for Slow {
    fn name(&self) -> &'static str {
        "slow"
    }
    fn is_admissible(&self) -> bool {
        true
    }
    fn estimate(&mut self, _state: &[u64]) -> Estimate {
        let until = crate::search::cpu_time() + Duration::from_millis(1);
        while crate::search::cpu_time() < until {
            std::hint::spin_loop();
        }
        Estimate::Value(0)
    }
}

#[test]
fn the_time_limit_holds_within_one_expansion_of_many_costly_evaluations() {
    // One node with 1000 successors: evaluating them all takes a second, far
    // past the limit of 20 ms; the search must stop in the middle.
    let edges: Vec<(u64, u64, u32)> = (1..=1000).map(|k| (0, k, 1)).collect();
    let mut g = Graph::new(1002, &edges, 0, &[1001]);
    let mut m = Monitor::new(Limits {
        time: Some(Duration::from_millis(20)),
        ..Limits::none()
    });
    let r = astar(&mut g, &mut Slow, &mut m);
    assert_eq!(r.outcome, Outcome::OutOfTime);
    assert!(r.stats.evaluated < 500, "{} evaluations", r.stats.evaluated);
}

#[test]
fn greedy_search_with_lifo_ties_dives_through_a_plateau() {
    // A binary tree of depth 3 (node v's children 2v+1 and 2v+2) with the
    // last leaf as the target, and no guidance: every node has h = 0.
    let edges: Vec<(u64, u64, u32)> = (1..15).map(|v| ((v - 1) / 2, v, 1)).collect();
    let run = |ties| {
        let mut g = Graph::new(15, &edges, 0, &[14]);
        let r = best_first(
            &mut g,
            &mut Zero,
            Priority::Greedy,
            false,
            ties,
            &mut monitor(),
        );
        assert_eq!(r.outcome, Outcome::Plan(vec![OpId(1), OpId(5), OpId(13)]));
        g.expanded.iter().map(|e| e.0).collect::<Vec<u64>>()
    };
    // First in, first out: the tree level by level, every leaf before 14.
    assert_eq!(run(Ties::Fifo), (0..14).collect::<Vec<u64>>());
    // Last in, first out: straight down the newest child.
    assert_eq!(run(Ties::Lifo), [0, 2, 6]);
}

/// A start with two branches: a long one of equal estimates that ends
/// nowhere (nodes 1 to 20) and a short one to the target that looks worse at
/// first (21, then the target 22).
fn misleading_branch() -> (Graph, Table) {
    let mut edges = vec![(0, 1, 1), (0, 21, 1), (21, 22, 1)];
    edges.extend((1..20).map(|v| (v, v + 1, 1)));
    let graph = Graph::new(23, &edges, 0, &[22]);
    let mut h = vec![Some(5); 23];
    h[21] = Some(9);
    h[22] = Some(0);
    (graph, Table::new(h))
}

#[test]
fn greedy_search_follows_the_best_estimate_down_a_misleading_branch() {
    let (mut g, mut h) = misleading_branch();
    let r = gbfs(&mut g, &mut h, false, &mut monitor());
    assert_eq!(plan(&r), &[OpId(1), OpId(2)]);
    // The start and all 20 nodes of the dead branch, then 21.
    assert_eq!(r.stats.expanded, 22);
}

#[test]
fn greedy_search_with_features_takes_turns_between_the_cells() {
    let (mut g, mut h) = misleading_branch();
    // The second branch is a cell of its own.
    h.features = vec![0; 23];
    h.features[21] = 1;
    h.features[22] = 1;
    let r = best_first_features(
        &mut g,
        &mut h,
        Priority::Greedy,
        false,
        Ties::Fifo,
        &mut monitor(),
    );
    assert_eq!(plan(&r), &[OpId(1), OpId(2)]);
    // The start (cell 0), 21 (cell 1), 1 (cell 0); then the target, the
    // best node of cell 1.
    assert_eq!(r.stats.expanded, 3);
    // A* orders by f alone: features do not change it.
    let (mut g, mut h) = misleading_branch();
    let plain = astar(&mut g, &mut h, &mut monitor()).stats.expanded;
    h.features = vec![0; 23];
    h.features[21] = 1;
    let r = best_first_features(
        &mut g,
        &mut h,
        Priority::AStar,
        false,
        Ties::Fifo,
        &mut monitor(),
    );
    assert_eq!(r.stats.expanded, plain);
}
