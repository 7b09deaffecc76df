use super::*;
use crate::search::toy::Graph;
use crate::search::{Limits, bfs};

fn run(g: &mut Graph, bound: Option<u32>) -> SearchResult {
    dfs(g, bound, true, &mut Monitor::new(Limits::none()))
}

#[test]
fn without_the_cycle_check_a_bounded_search_walks_back_and_forth() {
    // Number line 0..=3 from 1 to 3, `dec` first: the tree search without
    // a cycle check also tries 1 -> 0 -> 1 -> ... until the bound.
    let edges = [(1, 0, 1), (1, 2, 1), (2, 1, 1), (0, 1, 1), (2, 3, 1)];
    let mut g = Graph::new(4, &edges, 1, &[3]);
    let checked = dfs(&mut g, Some(4), true, &mut Monitor::new(Limits::none()));
    let mut g = Graph::new(4, &edges, 1, &[3]);
    let pure = dfs(&mut g, Some(4), false, &mut Monitor::new(Limits::none()));
    assert_eq!(checked.outcome, Outcome::Plan(vec![OpId(1), OpId(4)]));
    // 1 -> 0 -> 1 -> 2 -> 3: the walk back fits in the bound of 4.
    let walk = vec![OpId(0), OpId(3), OpId(1), OpId(4)];
    assert_eq!(pure.outcome, Outcome::Plan(walk));
    assert_eq!(pure.stats.duplicates, 0);
    // Without a bound the check is on anyway, so the search ends.
    let mut g = Graph::new(4, &edges, 1, &[3]);
    let unbounded = dfs(&mut g, None, false, &mut Monitor::new(Limits::none()));
    assert_eq!(unbounded.outcome, Outcome::Plan(vec![OpId(1), OpId(4)]));
}

#[test]
fn the_module_example_backs_up_from_0() {
    let mut g = Graph::new(
        4,
        &[(1, 0, 1), (1, 2, 1), (2, 1, 1), (0, 1, 1), (2, 3, 1)],
        1,
        &[3],
    );
    let r = run(&mut g, None);
    assert_eq!(r.outcome, Outcome::Plan(vec![OpId(1), OpId(4)]));
    // Expanded 1, 0, 2.
    assert_eq!(g.expanded, vec![(1, 0), (0, 1), (2, 1)]);
}

#[test]
fn first_plan_found_is_not_the_shortest() {
    // 0 -> 1 -> 2 -> 3 is tried first; 0 -> 3 is the short way.
    let mut g = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (2, 3, 1), (0, 3, 1)], 0, &[3]);
    let r = run(&mut g, None);
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    let b = bfs(&mut g, &mut Monitor::new(Limits::none()));
    assert_eq!(b.outcome, Outcome::Plan(vec![OpId(3)]));
}

#[test]
fn a_bound_that_cuts_off_gives_incomplete() {
    let mut g = Graph::line(6, 0, 5);
    assert_eq!(run(&mut g, Some(3)).outcome, Outcome::Incomplete);
    let r = run(&mut g, Some(5));
    assert_eq!(
        r.outcome,
        Outcome::Plan((0..5).map(|i| OpId(2 * i)).collect())
    );
}

#[test]
fn a_bound_beyond_every_path_proves_unsolvability() {
    // 0 <-> 1 <-> 2 with target 3 unreachable: the longest simple path has
    // 2 steps, so bound 2 cuts nothing off.
    let mut g = Graph::new(4, &[(0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 1, 1)], 0, &[3]);
    assert_eq!(run(&mut g, Some(2)).outcome, Outcome::Unsolvable);
    assert_eq!(run(&mut g, Some(1)).outcome, Outcome::Incomplete);
    assert_eq!(run(&mut g, None).outcome, Outcome::Unsolvable);
}

#[test]
fn same_stats_twice() {
    let mut g = Graph::line(8, 3, 7);
    let a = run(&mut g, Some(6));
    let b = run(&mut g, Some(6));
    assert_eq!((a.outcome, a.stats.expanded), (b.outcome, b.stats.expanded));
    assert!(a.stats.expanded > 0);
}
