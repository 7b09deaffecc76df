use super::*;
use crate::search::Limits;
use crate::search::toy::Graph;
use crate::task::OpId;

fn run(g: &mut Graph) -> SearchResult {
    bfs(g, &mut Monitor::new(Limits::none()))
}

#[test]
fn finds_the_shortest_plan_on_the_number_line() {
    let mut g = Graph::line(5, 0, 3);
    let r = run(&mut g);
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    // Expands 0, 1, 2; generates 1, then 0 and 2, then 1 and 3.
    assert_eq!((r.stats.expanded, r.stats.generated), (3, 5));
}

#[test]
fn start_that_is_a_target_gives_the_empty_plan() {
    let mut g = Graph::line(3, 1, 1);
    assert_eq!(run(&mut g).outcome, Outcome::Plan(vec![]));
}

#[test]
fn exhausting_the_space_proves_unsolvability() {
    // 0 <-> 1 <-> 2, and 3 unreachable.
    let mut g = Graph::new(4, &[(0, 1, 1), (1, 0, 1), (1, 2, 1), (2, 1, 1)], 0, &[3]);
    let r = run(&mut g);
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.expanded, 3);
}

#[test]
fn an_expansion_budget_leaves_the_search_incomplete() {
    // The target is 5 steps away: a budget of 3 expansions stops before.
    let mut g = Graph::line(8, 0, 5);
    let limits = Limits {
        expansions: Some(3),
        ..Limits::none()
    };
    let r = bfs(&mut g, &mut Monitor::new(limits));
    assert_eq!(r.outcome, Outcome::Incomplete);
    assert_eq!(r.stats.expanded, 3);
}

#[test]
fn fewest_steps_not_cheapest() {
    // 0 -> 2 directly at cost 10, or 0 -> 1 -> 2 at cost 2.
    let mut g = Graph::new(3, &[(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, &[2]);
    let r = run(&mut g);
    assert_eq!(r.outcome, Outcome::Plan(vec![OpId(0)]));
}

#[test]
fn the_space_sees_expansions_and_can_veto() {
    let mut g = Graph::line(4, 0, 3);
    g.vetoed = vec![2];
    let r = run(&mut g);
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.pruned, vec![("vetoed", 1)]);
    assert_eq!(g.expanded, vec![(0, 0), (1, 1)]);
}
