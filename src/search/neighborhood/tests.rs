use super::*;
use crate::search::toy::Graph;
use crate::search::{Limits, Monitor, astar};
use crate::task::OpId;

/// The plan 0-1-2-3 costs 5 a step (15); the detour 0-10-11-12-13-3 costs
/// 1 a step (5) and runs four states away from the plan's trajectory.
fn detour() -> (Graph, Vec<OpId>) {
    let mut edges = vec![(0, 1, 5), (1, 2, 5), (2, 3, 5)];
    edges.extend([
        (0, 10, 1),
        (10, 11, 1),
        (11, 12, 1),
        (12, 13, 1),
        (13, 3, 1),
    ]);
    (
        Graph::new(14, &edges, 0, &[3]),
        vec![OpId(0), OpId(1), OpId(2)],
    )
}

fn run(g: &mut Graph, plan: &[OpId], cost: u32, budgets: (usize, usize)) -> Improvement {
    let mut seen = Vec::new();
    let out = improve(
        g,
        plan,
        cost,
        budgets,
        &mut |p, c| seen.push((p.to_vec(), c)),
        &mut Monitor::new(Limits::none()),
    );
    assert_eq!(seen, out.plans, "every plan found is handed out as found");
    out
}

#[test]
fn the_search_stays_inside_the_neighbourhood() {
    // Five states: the trajectory's four and the first successor of the
    // start. The detour leaves them, so nothing cheaper is found.
    let (mut g, plan) = detour();
    let out = run(&mut g, &plan, 15, (5, 5));
    assert_eq!(out.plans, vec![]);
    assert_eq!(out.largest, 5);
}

#[test]
fn a_larger_neighbourhood_holds_the_detour() {
    // 5 states, then 10: the second holds 10, 11, 12 and 13.
    let (mut g, plan) = detour();
    let out = run(&mut g, &plan, 15, (5, 16));
    let ops = [3, 4, 5, 6, 7].map(OpId).to_vec();
    assert_eq!(out.plans, vec![(ops.clone(), 5)]);
    assert_eq!(g.plan_cost(&ops), Some(5));
}

#[test]
fn plans_only_get_cheaper_and_stay_valid_on_random_graphs() {
    for seed in 0..200 {
        let mut g = Graph::random(seed, 12, 30);
        let optimum = g.perfect()[g.start as usize];
        // A plan to improve: depth-first search's, usually a poor one.
        let first = crate::search::dfs(&mut g, None, true, &mut Monitor::new(Limits::none()));
        let Outcome::Plan(plan) = first.outcome else {
            assert_eq!(optimum, None, "seed {seed}: dfs missed a plan");
            continue;
        };
        let cost = g.plan_cost(&plan).expect("dfs's plan is a path");
        // Small neighbourhoods first, up to every state of the graph.
        let out = run(&mut g, &plan, cost, (2, 32));
        let mut last = cost;
        for (p, c) in &out.plans {
            assert_eq!(
                g.plan_cost(p),
                Some(*c),
                "seed {seed}: a plan that is no path"
            );
            assert!(*c < last, "seed {seed}: {c} is not cheaper than {last}");
            last = *c;
        }
        // The last neighbourhood holds all 12 states: the optimum is found.
        assert_eq!(Some(last), optimum, "seed {seed}");
        let mut whole = g.clone();
        let best = astar(
            &mut whole,
            &mut Blind::zero(),
            &mut Monitor::new(Limits::none()),
        );
        let Outcome::Plan(best) = best.outcome else {
            unreachable!()
        };
        assert_eq!(g.plan_cost(&best), optimum);
    }
}
