use super::*;
use crate::search::toy::{Graph, Table, Zero};
use crate::search::{Limits, astar};

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

#[test]
fn lazy_greedy_evaluates_once_per_expansion() {
    // A line 0 - 1 - 2 - 3 with the goal 3 and the perfect heuristic:
    // each popped entry is built, evaluated and expanded once.
    let mut g = Graph::line(4, 0, 3);
    let mut h = Table::new(g.perfect());
    let r = lazy(&mut g, &mut [&mut h], LazyOptions::GREEDY, &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    assert_eq!(r.stats.expanded, 3);
    // The start, then the three nodes on the way (the goal is evaluated
    // before it is recognised); eager search evaluates the dead-end
    // neighbours too.
    assert!(r.stats.evaluated <= r.stats.expanded + 1);
}

#[test]
fn lazy_weighted_astar_without_estimates_is_uniform_cost_search() {
    // With h = 0 the key is the child's g: the search pops entries in
    // order of cost, so the first target it builds is reached cheapest
    // (reopening takes the cheaper of two ways to a node).
    for seed in 0..100 {
        let mut g = Graph::random(seed, 12, 30);
        let optimum = astar(&mut g, &mut Zero, &mut monitor());
        let options = LazyOptions {
            weight: Some(2),
            preferred: false,
            boost: 0,
            bound: None,
            novelty: None,
        };
        let r = lazy(&mut g, &mut [&mut Zero], options, &mut monitor());
        match (&optimum.outcome, &r.outcome) {
            (Outcome::Plan(a), Outcome::Plan(b)) => {
                assert_eq!(g.plan_cost(a), g.plan_cost(b), "seed {seed}")
            }
            (a, b) => assert_eq!(a, b, "seed {seed}"),
        }
    }
}

#[test]
fn a_bound_keeps_only_cheaper_paths() {
    // 0 -> 3 costs 10; 0 -> 1 -> 2 -> 3 costs 3.
    let edges = [(0, 3, 10), (0, 1, 1), (1, 2, 1), (2, 3, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let bounded = |bound| LazyOptions {
        bound: Some(bound),
        ..LazyOptions::GREEDY
    };
    let r = lazy(&mut g, &mut [&mut Zero], bounded(4), &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(g.plan_cost(plan), Some(3));
    let r = lazy(&mut g, &mut [&mut Zero], bounded(3), &mut monitor());
    assert_eq!(r.outcome, Outcome::Unsolvable);
}

#[test]
fn lazy_search_proves_unsolvability_and_is_deterministic() {
    let edges = [(0, 1, 1), (1, 2, 1), (2, 0, 1)];
    let mut g = Graph::new(4, &edges, 0, &[3]);
    let r = lazy(
        &mut g,
        &mut [&mut Zero],
        LazyOptions::GREEDY,
        &mut monitor(),
    );
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert_eq!(r.stats.expanded, 3);
    let mut g = Graph::random(7, 30, 80);
    let mut h1 = Table::new(g.perfect());
    let a = lazy(&mut g, &mut [&mut h1], LazyOptions::GREEDY, &mut monitor());
    let mut h2 = Table::new(g.perfect());
    let b = lazy(&mut g, &mut [&mut h2], LazyOptions::GREEDY, &mut monitor());
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(
        (a.stats.expanded, a.stats.evaluated),
        (b.stats.expanded, b.stats.evaluated)
    );
}

/// A graph whose nodes are fact sets (bit `i` of a node is fact `fi`) on
/// which NOLAN's novelty queue and LAMA's plain queue part ways:
///
/// ```text
/// S{f0} h1 ─> A{f1} h1 ─> P{f1,f2} h1 ─> P1{f4} h1 ─> T{f6} h0
///   ├───────> B{f2} h1                                 ^
///   └───────> Q{f3} h3 ─> Q1{f5} h3 ───────────────────┘
/// ```
///
/// Among the states with h = 1, P's facts were all seen (in A and B) and
/// only the pair `{f1, f2}` is new: novelty 2. Q1's parent Q is the first
/// state with h = 3: novelty 1. So the novelty queue takes Q1 (key
/// `⟨1, 3, 2⟩`) before P1 (`⟨2, 1, 3⟩`), where the plain queue, keyed by h
/// alone, takes P1 first.
fn plateau_and_novel_branch() -> (Graph, Table) {
    let (s, a, b, q, p, p1, q1, t) = (1, 2, 4, 8, 6, 16, 32, 64);
    let edges = [
        (s, a, 1),
        (s, b, 1),
        (s, q, 1),
        (a, p, 1),
        (p, p1, 1),
        (q, q1, 1),
        (p1, t, 1),
        (q1, t, 1),
    ];
    let mut h = vec![None; 65];
    for (node, v) in [
        (s, 1),
        (a, 1),
        (b, 1),
        (q, 3),
        (p, 1),
        (p1, 1),
        (q1, 3),
        (t, 0),
    ] {
        h[node as usize] = Some(v);
    }
    (Graph::new(65, &edges, s, &[t]), Table::new(h))
}

#[test]
fn the_novelty_queue_takes_novel_parents_first() {
    let options = |novelty| LazyOptions {
        preferred: false,
        boost: 0,
        novelty,
        ..LazyOptions::GREEDY
    };
    let expanded = |g: &Graph| g.expanded.iter().map(|&(v, _)| v).collect::<Vec<_>>();
    // NOLAN: after S, A, B, Q and P, the child of the novel Q comes first.
    let (mut g, mut h) = plateau_and_novel_branch();
    let r = lazy(
        &mut g,
        &mut [&mut h],
        LazyOptions::nolan(0, 2),
        &mut monitor(),
    );
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(expanded(&g), [1, 2, 4, 8, 6, 32]);
    assert_eq!(g.plan_cost(plan), Some(3), "S, Q, Q1, T");
    // Every state is measured once: P is the only one of novelty 2.
    assert_eq!(r.stats.novelty.map(|n| n.levels), Some([6, 1, 0]));
    // LAMA's plain queue: h alone, so P's child P1 goes before Q1.
    let (mut g, mut h) = plateau_and_novel_branch();
    let r = lazy(&mut g, &mut [&mut h], options(None), &mut monitor());
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert_eq!(expanded(&g), [1, 2, 4, 8, 6, 16]);
    assert_eq!(g.plan_cost(plan), Some(4), "S, A, P, P1, T");
    assert_eq!(r.stats.novelty, None);
}

#[test]
fn parents_above_the_width_put_nothing_on_the_novelty_queue() {
    // Width 1, and Q1 leads nowhere: P makes no fact new among the states
    // with h = 1, so P1 is never queued. The novelty queue is the only
    // queue here, so it runs dry before the only way to T.
    let (mut g, mut h) = plateau_and_novel_branch();
    g.edges.retain(|&e| e != (32, 64, 1));
    let r = lazy(
        &mut g,
        &mut [&mut h],
        LazyOptions::nolan(0, 1),
        &mut monitor(),
    );
    assert_eq!(r.outcome, Outcome::Unsolvable);
    assert!(
        !g.expanded.iter().any(|&(v, _)| v == 16),
        "{:?}",
        g.expanded
    );
    // S, A, B, Q and Q1 make a fact new; P does not.
    assert_eq!(r.stats.novelty.map(|n| n.levels), Some([5, 0, 1]));
    // With width 2, P is novel (the pair {f1, f2}) and the plan is found.
    let (mut g, mut h) = plateau_and_novel_branch();
    g.edges.retain(|&e| e != (32, 64, 1));
    let r = lazy(
        &mut g,
        &mut [&mut h],
        LazyOptions::nolan(0, 2),
        &mut monitor(),
    );
    assert!(matches!(r.outcome, Outcome::Plan(_)), "{:?}", r.outcome);
}
