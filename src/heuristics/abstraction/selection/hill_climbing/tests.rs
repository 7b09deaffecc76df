use super::*;
use crate::heuristics::abstraction::selection::Selection;
use crate::heuristics::abstraction::{CostPartitioned, FactGroups, Options, Partitioning};
use crate::heuristics::testing::{OpSpec, state, task};
use crate::heuristics::{Estimate, Heuristic};
use crate::task::FactId;

/// The groups of consecutive facts of the given sizes.
fn groups(sizes: &[u32]) -> Vec<Vec<FactId>> {
    let mut next = 0;
    (sizes.iter())
        .map(|&n| {
            next += n;
            (next - n..next).map(FactId).collect()
        })
        .collect()
}

fn patterns(selected: &Selected) -> Vec<Vec<Var>> {
    (selected.projections.iter())
        .map(|p| p.pattern().to_vec())
        .collect()
}

/// The module docs' example: a truck `t` must go to `1` to deliver `p`, then
/// back to `0` to deliver `r`, which needs `p` delivered (facts `t0, t1, p0,
/// p1, r0, r1 = 0..6`, unit costs, h* = 4).
fn there_and_back() -> (Task, Vec<Vec<FactId>>) {
    let ops: &[OpSpec] = &[
        (&[0], &[1], &[0], 1),
        (&[1], &[0], &[1], 1),
        (&[1, 2], &[3], &[2], 1),
        (&[0, 3, 4], &[5], &[4], 1),
    ];
    (task(6, &[0, 2, 4], &[3, 5], ops), groups(&[2, 2, 2]))
}

/// Projections only, chosen by hill climbing within `limits`.
fn options(limits: HillClimbing) -> Options {
    Options {
        selection: Selection::HillClimbing(limits),
        cartesian: false,
        ..Options::default()
    }
}

#[test]
fn the_largest_sets_of_pairwise_adjacent_vertices_are_the_cliques() {
    // A path 0 - 1 - 2 and a vertex 3 adjacent to all.
    let edges = [(0, 1), (1, 2), (0, 3), (1, 3), (2, 3)];
    let adjacent = |a, b| edges.contains(&(a, b)) || edges.contains(&(b, a));
    assert_eq!(max_cliques(4, adjacent), vec![vec![0, 1, 3], vec![1, 2, 3]]);
    assert_eq!(
        max_cliques(3, |_, _| false),
        vec![vec![0], vec![1], vec![2]]
    );
    assert_eq!(max_cliques(0, |_, _| true), vec![Vec::<usize>::new()]);
}

/// On random graphs of 8 vertices, the cliques are exactly the vertex sets
/// that are pairwise adjacent and that no other vertex extends (by brute
/// force over the 256 sets).
#[test]
fn the_cliques_of_random_graphs_are_the_maximal_ones() {
    let mut rng = SplitMix(45);
    for _ in 0..200 {
        let n = 8;
        let edges: Vec<bool> = (0..n * n).map(|_| rng.below(2) == 0).collect();
        let adjacent = |a: usize, b: usize| edges[a.min(b) * n + a.max(b)];
        let is_clique = |set: u32| {
            (0..n).all(|a| (0..n).all(|b| a == b || set >> a & set >> b & 1 == 0 || adjacent(a, b)))
        };
        let mut expected: Vec<Vec<usize>> = (0..1u32 << n)
            .filter(|&set| {
                is_clique(set) && (0..n).all(|v| set >> v & 1 == 1 || !is_clique(set | 1 << v))
            })
            .map(|set| (0..n).filter(|&v| set >> v & 1 == 1).collect())
            .collect();
        expected.sort();
        assert_eq!(max_cliques(n, adjacent), expected, "{edges:?}");
    }
}

#[test]
fn climbing_raises_the_weak_goal_patterns_to_h_star() {
    let (t, g) = there_and_back();
    let init = state(&t, &[0, 2, 4]);
    let start = HillClimbing {
        max_steps: 0,
        ..HillClimbing::default()
    };
    let mut h = CostPartitioned::new(
        &t,
        FactGroups::of(&g),
        Partitioning::Saturated,
        &options(start),
    );
    assert_eq!(h.estimate(&init), Estimate::Value(2));
    let vars = Variables::new(&t, &g);
    let costs = [1; 4];
    let selected = hill_climbing(&t, &vars, &costs, &HillClimbing::default(), 1);
    // {p}, {r}, then {t, r} (the drive back, where the truck is at 1),
    // {t, p} (the drive there), and {t, p, r} (both).
    assert_eq!(
        patterns(&selected),
        vec![vec![1], vec![2], vec![0, 2], vec![0, 1], vec![0, 1, 2]]
    );
    assert_eq!(selected.stats.steps, 3);
    let default = HillClimbing::default();
    let mut h = CostPartitioned::new(
        &t,
        FactGroups::of(&g),
        Partitioning::Saturated,
        &options(default),
    );
    assert_eq!(h.estimate(&init), Estimate::Value(4));
}

#[test]
fn a_candidate_must_improve_min_improvement_samples() {
    let (t, g) = there_and_back();
    let vars = Variables::new(&t, &g);
    let limits = HillClimbing {
        samples: 50,
        min_improvement: 51,
        ..HillClimbing::default()
    };
    let selected = hill_climbing(&t, &vars, &[1; 4], &limits, 1);
    assert_eq!(patterns(&selected), vec![vec![1], vec![2]]);
    assert_eq!(selected.stats.steps, 0);
    // Judged, though: every candidate grown from the goal patterns.
    assert_eq!(selected.stats.evaluated, 3);
}

/// On Logistics 4-0 (binary variables, the monotone groups), with a small
/// bound on each pattern database every added one has at most
/// `max_pdb_states` states, and with a small bound on the collection it has
/// at most `max_collection_states`; each bound turns candidates away, and
/// the climb still adds patterns. The same seed gives the same patterns.
#[test]
fn the_patterns_stay_within_the_size_bounds_and_are_the_same_in_two_runs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ipc/logistics00/");
    let task = crate::load::load(
        format!("{dir}domain.pddl"),
        format!("{dir}probLOGISTICS-4-0.pddl"),
    )
    .expect("bundled problem");
    let groups = crate::invariants::monotone_groups(&task);
    let vars = Variables::new(&task, &groups);
    let costs: Vec<u32> = task.operators.iter().map(|o| o.cost).collect();
    let per_pdb = HillClimbing {
        max_pdb_states: 40,
        ..HillClimbing::default()
    };
    let selected = hill_climbing(&task, &vars, &costs, &per_pdb, 7);
    assert!(selected.stats.steps > 0, "{:?}", selected.stats);
    assert!(selected.stats.too_large > 0, "{:?}", selected.stats);
    for p in selected
        .projections
        .iter()
        .filter(|p| p.pattern().len() > 1)
    {
        assert!(
            p.num_states() <= 40,
            "{:?}: {}",
            p.pattern(),
            p.num_states()
        );
    }
    let collection = HillClimbing {
        max_collection_states: 150,
        ..HillClimbing::default()
    };
    let selected = hill_climbing(&task, &vars, &costs, &collection, 7);
    assert!(selected.stats.steps > 0, "{:?}", selected.stats);
    assert!(selected.stats.too_large > 0, "{:?}", selected.stats);
    let total: u64 = (selected.projections.iter())
        .map(|p| u64::from(p.num_states()))
        .sum();
    assert!(total <= 150, "{total} states");
    let again = hill_climbing(&task, &vars, &costs, &collection, 7);
    assert_eq!(patterns(&selected), patterns(&again));
}
