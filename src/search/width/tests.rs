use super::*;
use crate::search::toy::task;
use crate::search::trace::Traced;
use crate::search::{Limits, Progression};
use crate::task::{Operator, Task};

/// Switches `0..n`, all off, goal all on: fact `2i` is "i on", `2i + 1` is
/// "i off"; operator `2i` turns switch `i` on, `2i + 1` turns it off.
fn switches(n: u32) -> Task {
    let op = |name: String, pre: u32, add: u32| Operator {
        name,
        pre: Box::new([FactId(pre)]),
        neg_pre: Box::new([]),
        add: Box::new([FactId(add)]),
        del: Box::new([FactId(pre)]),
        cost: 1,
        conditional: Box::new([]),
    };
    let ops = (0..n)
        .flat_map(|i| {
            [
                op(format!("on{i}"), 2 * i + 1, 2 * i),
                op(format!("off{i}"), 2 * i, 2 * i + 1),
            ]
        })
        .collect();
    let off: Vec<u32> = (0..n).map(|i| 2 * i + 1).collect();
    let on: Vec<u32> = (0..n).map(|i| 2 * i).collect();
    task(2 * n, ops, &off, &on)
}

/// Whether `plan` is applicable from the initial state and ends in a goal
/// state (STRIPS tasks).
fn replays(t: &Task, plan: &[OpId]) -> bool {
    let mut state: Vec<FactId> = t.init.to_vec();
    for o in plan {
        let op = &t.operators[o.index()];
        if !op.pre.iter().all(|f| state.contains(f)) {
            return false;
        }
        state.retain(|f| !op.del.contains(f));
        state.extend(
            op.add
                .iter()
                .filter(|f| !state.contains(f))
                .collect::<Vec<_>>(),
        );
    }
    t.goal.iter().all(|f| state.contains(f))
}

/// The facts of a state, as indices.
fn facts(words: &[u64]) -> Vec<u32> {
    bits::iter::<u32>(words).collect()
}

/// Runs IW(k) and returns the outcome, the states it expanded (in order)
/// and the statistics.
fn run_iw(t: &Task, k: u32) -> (Outcome, Vec<Vec<u32>>, Stats) {
    let mut space = Progression::new(t);
    let mut traced = Traced::new(&mut space, usize::MAX);
    let r = iw(&mut traced, k, &mut Monitor::new(Limits::none()));
    let expanded = traced.expansions.iter().map(|e| facts(&e.node)).collect();
    (r.outcome, expanded, r.stats)
}

/// The module example: IW(1) expands the start and the two states with a
/// switch on, prunes everything else, and fails; the goal has width 2.
#[test]
fn iw1_expands_one_state_per_new_fact_and_fails_on_a_goal_of_width_2() {
    let t = switches(2);
    let (outcome, expanded, stats) = run_iw(&t, 1);
    assert_eq!(outcome, Outcome::Incomplete);
    // {0 off, 1 off}, {0 on, 1 off}, {0 off, 1 on}.
    assert_eq!(expanded, [vec![1, 3], vec![0, 3], vec![1, 2]]);
    // Generated: 2 from the start, 2 from each of the others; all four of
    // the latter pruned (the start again twice, {0 on, 1 on} twice).
    assert_eq!(stats.generated, 2);
    assert_eq!(stats.pruned, [("novelty", 4)]);
    let novelty = stats.novelty.expect("IW counts novelty");
    assert_eq!(novelty.levels, [3, 0, 4]);
}

/// IW(2) keeps the state where both switches are on (a new pair) and finds
/// the plan; it expands exactly the states whose novelty is at most 2 in
/// breadth-first order until that state is generated.
#[test]
fn iw2_keeps_new_pairs_and_reaches_a_goal_of_width_2() {
    let t = switches(2);
    let (outcome, expanded, stats) = run_iw(&t, 2);
    let Outcome::Plan(plan) = outcome else {
        panic!("IW(2) solves two switches: {outcome:?}")
    };
    let names: Vec<&str> = plan.iter().map(|o| &*t.operators[o.index()].name).collect();
    assert_eq!(names, ["on0", "on1"]);
    assert_eq!(expanded, [vec![1, 3], vec![0, 3]]);
    // The start (1), {0 on, 1 off} (1), back to the start (pruned), then
    // the goal state (2): found at generation.
    assert_eq!(stats.novelty.map(|n| n.levels), Some([3, 1, 1]));
    assert_eq!(stats.pruned, [("novelty", 1)]);
}

/// Three switches: IW(2) expands the start, the three states with one
/// switch on (a new fact each) and the three with two on (a new pair each),
/// in breadth-first order. The goal, all three on, holds no new pair by the
/// time it is generated (each of its pairs was seen in a two-on state), so
/// it is pruned: a conjunction of three goals has width 3 here, and IW(2)
/// fails. (SIW solves it, one switch at a time.)
#[test]
fn iw2_expands_exactly_the_states_of_novelty_at_most_2_on_three_switches() {
    let t = switches(3);
    let (outcome, expanded, stats) = run_iw(&t, 2);
    assert_eq!(outcome, Outcome::Incomplete);
    assert_eq!(
        expanded,
        [
            vec![1, 3, 5],
            vec![0, 3, 5],
            vec![1, 2, 5],
            vec![1, 3, 4],
            vec![0, 2, 5],
            vec![0, 3, 4],
            vec![1, 2, 4],
        ]
    );
    // Start, three one-on states of novelty 1, three two-on states of
    // novelty 2; the other 15 of the 21 generated have novelty 3.
    assert_eq!(stats.novelty.map(|n| n.levels), Some([4, 3, 15]));
}

/// SIW reaches one switch at a time, each with IW(1).
#[test]
fn siw_serializes_the_goal_into_pieces_of_width_1() {
    let t = switches(3);
    let mut space = Progression::new(&t);
    let r = siw(&mut space, &mut Monitor::new(Limits::none()));
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("SIW solves the switches: {r:?}")
    };
    assert_eq!(t.plan_cost(plan), 3);
    assert!(replays(&t, plan));
    // Three pieces of IW(1), none needing IW(2): no state of novelty 2.
    let novelty = r.stats.novelty.expect("SIW counts novelty");
    assert_eq!(novelty.levels[1], 0);
    assert_eq!(novelty.width, 1);
}

/// A goal whose second fact can only be reached by first undoing the first
/// one: SIW keeps achieved goals, so the second piece must find a state
/// with both; IW(1) from `{a}` cannot (only `b` is new, and `{b}` loses
/// `a`), IW(2) can.
#[test]
fn siw_falls_back_to_iw2_and_keeps_the_goals_it_reached() {
    // Facts a = 0, b = 1, c = 2, x = 3 (initial): x -> a, a -> c, c -> b
    // (each deleting its precondition), b -> a + b.
    let op = |name: &str, pre: &[u32], add: &[u32], del: &[u32]| Operator {
        name: name.into(),
        pre: pre.iter().map(|&f| FactId(f)).collect(),
        neg_pre: Box::new([]),
        add: add.iter().map(|&f| FactId(f)).collect(),
        del: del.iter().map(|&f| FactId(f)).collect(),
        cost: 1,
        conditional: Box::new([]),
    };
    let t = task(
        4,
        vec![
            op("get-a", &[3], &[0], &[3]),
            op("a-to-c", &[0], &[2], &[0]),
            op("c-to-b", &[2], &[1], &[2]),
            op("b-to-ab", &[1], &[0], &[]),
        ],
        &[3],
        &[0, 1],
    );
    let mut space = Progression::new(&t);
    let r = siw(&mut space, &mut Monitor::new(Limits::none()));
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("SIW solves it: {r:?}")
    };
    assert!(replays(&t, plan));
    assert_eq!(plan.len(), 4);
    // The second piece needed IW(2): `{a, b}` was a new pair (tables of
    // both widths were used: width 0).
    let novelty = r.stats.novelty.expect("SIW counts novelty");
    assert_eq!((novelty.width, novelty.levels[1]), (0, 1));
}

#[test]
fn iw_on_a_graph_without_pruning_is_breadth_first_search() {
    // The number line: every state has a new fact.
    let t = crate::search::toy::line_task(5);
    let (outcome, expanded, stats) = run_iw(&t, 1);
    assert!(matches!(outcome, Outcome::Plan(ref p) if p.len() == 4));
    assert_eq!(expanded.len(), 4);
    assert_eq!(stats.pruned, [("novelty", 3)]);
}
