use super::*;
use crate::search::toy::Graph;
use crate::search::{Limits, dfs};
use crate::task::OpId;

fn run(g: &mut Graph, max: Option<u32>) -> SearchResult {
    iddfs(g, max, true, &mut Monitor::new(Limits::none()))
}

#[test]
fn the_module_example_deepens_three_times() {
    let mut g = Graph::line(3, 0, 2);
    let r = run(&mut g, None);
    assert_eq!(r.outcome, Outcome::Plan(vec![OpId(0), OpId(2)]));
    // Bound 1 expands 0; bound 2 expands 0 and 1.
    assert_eq!(r.stats.expanded, 3);
}

#[test]
fn finds_the_shortest_plan_where_dfs_does_not() {
    let edges = [(0, 1, 1), (1, 2, 1), (2, 3, 1), (0, 3, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    assert_eq!(run(&mut g, None).outcome, Outcome::Plan(vec![OpId(3)]));
    let d = dfs(&mut g, None, true, &mut Monitor::new(Limits::none()));
    assert_eq!(d.outcome, Outcome::Plan(vec![OpId(0), OpId(1), OpId(2)]));
}

#[test]
fn unsolvable_and_incomplete() {
    let edges = [(0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 1, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    assert_eq!(run(&mut g, None).outcome, Outcome::Unsolvable);
    let mut g = Graph::line(10, 0, 9);
    assert_eq!(run(&mut g, Some(4)).outcome, Outcome::Incomplete);
}
