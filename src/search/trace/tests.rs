use super::*;
use crate::search::toy::Graph;
use crate::search::{Limits, Monitor, bfs, dfs};

/// A recorded expansion as (node, [(successor, rule)]).
type Summary = (u64, Vec<(u64, Option<&'static str>)>);

fn summary(expansions: &[Expansion]) -> Vec<Summary> {
    expansions
        .iter()
        .map(|e| {
            let tries = e.tries.iter();
            (
                e.node[0],
                tries
                    .map(|t| (t.successor.as_ref().unwrap()[0], t.pruned))
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn records_the_first_expansions_and_changes_nothing() {
    let mut plain = Graph::line(5, 0, 4);
    let untraced = bfs(&mut plain, &mut Monitor::new(Limits::none()));
    let mut g = Graph::line(5, 0, 4);
    let mut traced = Traced::new(&mut g, 2);
    let result = bfs(&mut traced, &mut Monitor::new(Limits::none()));
    assert_eq!(result.outcome, untraced.outcome);
    assert_eq!(result.stats.expanded, untraced.stats.expanded);
    assert_eq!(traced.expansions.len(), 2);
    let first = &traced.expansions[0];
    assert_eq!(first.g, 0);
    assert!(!first.tries.is_empty());
    assert!(first.tries.iter().all(|t| t.successor.is_some()));
}

/// Breadth-first on the number line from 1 to 4: the successors seen
/// before are marked as duplicates, in the expansion that met them.
#[test]
fn breadth_first_marks_duplicates() {
    let mut g = Graph::line(5, 1, 4);
    let mut traced = Traced::new(&mut g, 10);
    let result = bfs(&mut traced, &mut Monitor::new(Limits::none()));
    let dup = Some("duplicate");
    assert_eq!(
        summary(&traced.expansions),
        [
            (1, vec![(0, None), (2, None)]),
            (0, vec![(1, dup)]),
            (2, vec![(1, dup), (3, None)]),
            (3, vec![(2, dup), (4, None)]),
        ]
    );
    assert_eq!(result.stats.duplicates, 3);
}

/// Each expansion names the try that led to it: breadth-first from 1 to
/// 4, 0 and 2 come from the start's two tries, 3 from 2's second try.
#[test]
fn breadth_first_records_each_parent() {
    let mut g = Graph::line(5, 1, 4);
    let mut traced = Traced::new(&mut g, 10);
    bfs(&mut traced, &mut Monitor::new(Limits::none()));
    let parents: Vec<_> = traced.expansions.iter().map(|e| e.parent).collect();
    assert_eq!(parents, [None, Some((0, 0)), Some((0, 1)), Some((2, 1))]);
    // A duplicate met before the node is expanded is not its parent:
    // 3 comes from 1; 2 meets it again.
    let edges = [(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1), (3, 4, 1)];
    let mut g = Graph::new(5, &edges, 0, &[4]);
    let mut traced = Traced::new(&mut g, 10);
    bfs(&mut traced, &mut Monitor::new(Limits::none()));
    let parents: Vec<_> = traced.expansions.iter().map(|e| e.parent).collect();
    assert_eq!(parents, [None, Some((0, 0)), Some((0, 1)), Some((1, 0))]);
    assert_eq!(traced.expansions[2].tries[0].pruned, Some("duplicate"));
}

/// A tree search meets the same node on several paths: each expansion's
/// parent is the try it came down from. From 1, `dec` first, to depth 3:
/// 1, 0, 1 again (from 0), then 2 from the root's second try, though 2 was
/// also generated (at the bound, not expanded) below the second 1.
#[test]
fn depth_first_parents_follow_the_path() {
    let mut g = Graph::line(5, 1, 4);
    let mut traced = Traced::new(&mut g, 10);
    dfs(
        &mut traced,
        Some(3),
        false,
        &mut Monitor::new(Limits::none()),
    );
    let nodes: Vec<_> = traced.expansions.iter().map(|e| e.node[0]).collect();
    let parents: Vec<_> = traced.expansions.iter().map(|e| e.parent).collect();
    assert_eq!(nodes[..4], [1, 0, 1, 2]);
    assert_eq!(
        parents[..4],
        [None, Some((0, 0)), Some((1, 0)), Some((0, 1))]
    );
}

/// Iterative deepening starts again at the start node, which has no
/// parent though an earlier iteration generated it below another node.
#[test]
fn iterative_deepening_roots_have_no_parent() {
    let mut g = Graph::line(5, 1, 4);
    let mut traced = Traced::new(&mut g, 10);
    crate::search::iddfs(&mut traced, None, false, &mut Monitor::new(Limits::none()));
    let roots: Vec<usize> = (0..traced.expansions.len())
        .filter(|&k| traced.expansions[k].parent.is_none())
        .collect();
    assert!(roots.len() >= 2, "{:?}", traced.expansions);
    assert!(roots.iter().all(|&k| traced.expansions[k].node == [1]));
    for (k, e) in traced.expansions.iter().enumerate() {
        if let Some((p, t)) = e.parent {
            assert!(p < k);
            let tried = &traced.expansions[p].tries[t];
            assert_eq!(tried.successor.as_deref(), Some(&e.node[..]));
            assert_eq!(tried.pruned, None);
        }
    }
}

/// Depth-first search goes down into a successor before it looks at the
/// next one, and keeps going past the recorded expansions: each mark
/// still lands on the expansion that met the successor. From 2 on the
/// number line, with 3 pruned by the space and a cycle check: 2 expands
/// 1, which expands 0 (not recorded), whose only successor 1 is on the
/// path; back at 1, its successor 2 is on the path; back at 2, 3 is
/// pruned. The target 4 is never reached.
#[test]
fn depth_first_marks_land_on_the_right_expansion() {
    let mut g = Graph::line(5, 2, 4);
    g.vetoed = vec![3];
    let mut traced = Traced::new(&mut g, 2);
    let result = dfs(
        &mut traced,
        Some(10),
        true,
        &mut Monitor::new(Limits::none()),
    );
    assert_eq!(result.stats.expanded, 3);
    assert_eq!(result.stats.duplicates, 2);
    assert_eq!(
        summary(&traced.expansions),
        [
            (2, vec![(1, None), (3, Some("subsumed"))]),
            (1, vec![(0, None), (2, Some("duplicate"))]),
        ]
    );
}

/// A* on the number line from 1 to 4 with the perfect heuristic records
/// `h` of each expansion and of each successor it evaluated: the start
/// (h = 3) tries 0 (h = 4) and 2 (h = 2); 2 tries 1, a duplicate never
/// evaluated again, and 3 (h = 1). Breadth-first search records none.
#[test]
fn heuristic_searches_record_h() {
    use crate::search::toy::Table;
    let mut g = Graph::line(5, 1, 4);
    let mut h = Table::new(g.perfect());
    let mut traced = Traced::new(&mut g, 10);
    crate::search::astar(&mut traced, &mut h, &mut Monitor::new(Limits::none()));
    let of = |v: u32| Some(Evaluation::Estimates(vec![v]));
    let e = &traced.expansions;
    assert_eq!((e[0].node[0], &e[0].h), (1, &of(3)));
    let tried: Vec<_> = e[0].tries.iter().map(|t| &t.h).collect();
    assert_eq!(tried, [&of(4), &of(2)]);
    assert_eq!((e[1].node[0], &e[1].h), (2, &of(2)));
    let tried: Vec<_> = e[1].tries.iter().map(|t| (t.pruned, &t.h)).collect();
    assert_eq!(tried, [(Some("duplicate"), &None), (None, &of(1))]);
    // Lazy search evaluates a node just before it expands it; the
    // start's successors share its h on the open list, so 0 (h = 4)
    // comes before 2.
    let mut g = Graph::line(5, 1, 4);
    let mut h = Table::new(g.perfect());
    let mut traced = Traced::new(&mut g, 10);
    let options = crate::search::LazyOptions::GREEDY;
    let mut monitor = Monitor::new(Limits::none());
    crate::search::lazy(&mut traced, &mut [&mut h], options, &mut monitor);
    let hs: Vec<_> = traced.expansions.iter().map(|e| e.h.clone()).collect();
    assert_eq!(hs[..3], [of(3), of(4), of(2)]);
    // It applies each operator when it takes it off the open list, not
    // in the order of the tries; each still lands on its own try: 2's
    // way back to 1 and 3's back to 2 are duplicates (0's, at h = 4, is
    // never taken off), and 3 and 4 are reached from 2 and 3.
    let e = &traced.expansions;
    let nodes: Vec<_> = e.iter().map(|e| e.node[0]).collect();
    assert_eq!(nodes, [1, 0, 2, 3]);
    let marks = |i: usize| e[i].tries.iter().map(|t| t.pruned).collect::<Vec<_>>();
    assert_eq!(marks(1), [None]);
    assert_eq!(marks(2), [Some("duplicate"), None]);
    assert_eq!(marks(3), [Some("duplicate"), None]);
    assert_eq!(e[3].parent, Some((2, 1)));

    let mut g = Graph::line(5, 1, 4);
    let mut traced = Traced::new(&mut g, 10);
    bfs(&mut traced, &mut Monitor::new(Limits::none()));
    assert_eq!(traced.expansions.len(), 4, "1, 0, 2, 3");
    assert!(traced.expansions.iter().all(|e| e.h.is_none()));
}
