//! Partial-order reduction on bundled IPC problems, through the planner: A*
//! with stubborn sets finds plans of the optimal cost (validated), expands
//! far fewer states where operators are independent (woodworking, movie,
//! driverlog), and switches the pruning off after 1,000 expansions where
//! every operator interferes with every other (gripper, blocks, miconic).

use crate::common::{load, plan_of, validate_plan};
use planbox::heuristics::HeuristicName;
use planbox::planner::{self, Config};
use planbox::search::{Algorithm, Limits, Pruning, PruningStats, Stats, SwitchedOff};

/// A* with `heuristic` on `problems/ipc/<set>/<file>`, with and without
/// stubborn sets: the optimal cost (checked equal, plans validated) and the
/// statistics of both runs.
fn both(set: &str, file: &str, heuristic: &str) -> (u64, Stats, Stats) {
    let l = load(
        &format!("problems/ipc/{set}/domain.pddl"),
        &format!("problems/ipc/{set}/{file}"),
    );
    let run = |pruning| {
        let config = Config {
            search: Algorithm::Astar,
            heuristic: HeuristicName::get(heuristic),
            pruning,
            ..Config::default()
        };
        let what = format!("{set}/{file}, {heuristic}, pruning {pruning}");
        let r = planner::solve(&l.task, &config, Limits::none()).expect("runs");
        let plan = plan_of(&r.result, &what);
        validate_plan(&l.domain, &l.problem, &l.task, plan, &what);
        (l.task.plan_cost(plan), r.result.stats)
    };
    let (cost, without) = run(Pruning::None);
    let (pruned_cost, with) = run(Pruning::StubbornSets);
    assert_eq!(pruned_cost, cost, "{set}/{file} with {heuristic}");
    assert_eq!(without.stubborn, None);
    (cost, without, with)
}

fn pruning(stats: &Stats) -> PruningStats {
    stats.stubborn.expect("pruning on")
}

#[test]
fn independent_operators_are_tried_in_one_order() {
    // (set, file, heuristic, optimal cost, expansions without, with at most)
    let cases = [
        (
            "woodworking-opt11-strips",
            "p03.pddl",
            "lmcut",
            215,
            3690,
            100,
        ),
        ("movie", "prob01.pddl", "blind", 7, 121, 8),
        ("driverlog", "p01.pddl", "blind", 7, 171, 33),
    ];
    for (set, file, h, optimum, expanded, at_most) in cases {
        let (cost, without, with) = both(set, file, h);
        assert_eq!(
            (cost, without.expanded),
            (optimum, expanded),
            "{set}/{file}"
        );
        assert!(with.expanded <= at_most, "{set}/{file}: {with:?}");
        let p = pruning(&with);
        assert_eq!(p.off, None, "{set}/{file}: {p:?}");
        assert!(p.ratio() > 0.4, "{set}/{file}: {p:?}");
    }
}

#[test]
fn the_pruning_goes_off_where_it_prunes_too_little() {
    for (set, file) in [
        ("gripper", "prob02.pddl"),
        ("blocks", "probBLOCKS-6-0.pddl"),
        ("miconic", "s4-0.pddl"),
        ("logistics00", "probLOGISTICS-5-0.pddl"),
    ] {
        let (_, without, with) = both(set, file, "blind");
        let p = pruning(&with);
        assert_eq!(
            p.off,
            Some(SwitchedOff::AfterExpansions(1000)),
            "{set}/{file}"
        );
        assert_eq!(p.states, 1000);
        assert!(p.ratio() < 0.2, "{set}/{file}: {p:?}");
        if p.kept == p.applicable {
            // Nothing pruned: the same search.
            assert_eq!(with.expanded, without.expanded, "{set}/{file}");
        }
    }
}

#[test]
fn elevators_keeps_the_pruning_and_expands_fewer_states() {
    let (cost, without, with) = both("elevators-opt08-strips", "p01.pddl", "blind");
    assert_eq!(cost, 42);
    let p = pruning(&with);
    assert_eq!(p.off, None, "{p:?}");
    assert_eq!(p.states, with.expanded);
    assert!(with.expanded < without.expanded, "{with:?}");
}

/// The other forward searches take the pruning too: lazy search (LAMA's
/// first search) applies one kept operator at a time, greedy search and
/// depth-first search take the kept successors; every plan validates.
#[test]
fn lazy_greedy_and_depth_first_searches_prune_too() {
    let l = load(
        "problems/ipc/woodworking-opt11-strips/domain.pddl",
        "problems/ipc/woodworking-opt11-strips/p03.pddl",
    );
    let configs = [
        Config::alias(planbox::planner::Alias::LamaFirst),
        Config::default(),
        Config {
            search: Algorithm::Dfs,
            ..Config::default()
        },
    ];
    for base in configs {
        let config = Config {
            pruning: Pruning::StubbornSets,
            ..base
        };
        let what = format!("woodworking p03, {}", config.search);
        let r = planner::solve(&l.task, &config, Limits::none()).expect("runs");
        validate_plan(
            &l.domain,
            &l.problem,
            &l.task,
            plan_of(&r.result, &what),
            &what,
        );
        let p = pruning(&r.result.stats);
        assert!(p.applicable > p.kept, "{what}: {p:?}");
    }
}
