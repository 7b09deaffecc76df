use super::*;
use crate::search::toy::Graph;
use crate::search::{Limits, Monitor, Outcome, dfs, iddfs};
use crate::task::OpId;

/// Two ways from 0 to 3 (0-1-3 and 0-2-3), and 3 leads on through a
/// chain 3-4-5 to nowhere; the target 6 hangs off 2 at the far end.
fn square() -> Graph {
    let edges = [
        (0, 1, 1),
        (0, 2, 1),
        (1, 3, 1),
        (2, 3, 1),
        (3, 4, 1),
        (4, 5, 1),
        (2, 6, 1),
    ];
    Graph::new(7, &edges, 0, &[6])
}

#[test]
fn the_second_way_to_a_node_is_dropped() {
    let mut plain = square();
    let without = dfs(&mut plain, None, true, &mut Monitor::new(Limits::none()));
    let mut g = square();
    let mut tt = Transpositions::new(&mut g);
    let with = dfs(&mut tt, None, true, &mut Monitor::new(Limits::none()));
    // Without the table 3, 4 and 5 are explored twice.
    assert_eq!(without.stats.expanded, 9);
    assert_eq!(with.stats.expanded, 6);
    assert_eq!(with.outcome, without.outcome);
    assert_eq!(with.stats.pruned, vec![("vetoed", 0), ("transposition", 1)]);
    assert!(matches!(with.outcome, Outcome::Plan(_)));
}

#[test]
fn a_cheaper_way_is_explored_again() {
    // 0-1-3 reaches 3 at g = 2 first, then 0-3 at g = 1: with depth
    // bound 3, only the cheaper way reaches the target 5 (3-4-5).
    let edges = [(0, 1, 1), (1, 3, 1), (0, 3, 1), (3, 4, 1), (4, 5, 1)];
    let mut g = Graph::new(6, &edges, 0, &[5]);
    let mut tt = Transpositions::new(&mut g);
    let r = dfs(&mut tt, Some(3), true, &mut Monitor::new(Limits::none()));
    assert_eq!(r.outcome, Outcome::Plan(vec![OpId(2), OpId(3), OpId(4)]));
}

#[test]
fn iterative_deepening_empties_the_table_between_iterations() {
    let mut g = Graph::line(5, 0, 4);
    let mut tt = Transpositions::new(&mut g);
    let r = iddfs(&mut tt, None, true, &mut Monitor::new(Limits::none()));
    assert_eq!(
        r.outcome,
        Outcome::Plan(vec![OpId(0), OpId(2), OpId(4), OpId(6)])
    );
}
