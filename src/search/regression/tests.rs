//! Regression against progression on hand-built and random tasks.

use super::*;
use crate::heuristics::testing::task as make_task;
use crate::search::{Limits, Monitor, Outcome, Progression, astar, bfs, dfs, iddfs};
use crate::task::Operator;

fn monitor() -> Monitor<'static> {
    Monitor::new(Limits::none())
}

/// Applies `plan` from the initial state; the goal must hold at the end.
fn is_valid(task: &Task, plan: &[OpId]) -> bool {
    let mut state = FactSet::from_facts(task.facts.len(), &task.init);
    for &o in plan {
        let op = &task.operators[o.index()];
        if !op.pre.iter().all(|&f| state.contains(f))
            || op.neg_pre.iter().any(|&f| state.contains(f))
        {
            return false;
        }
        for &f in op.del.iter() {
            state.remove(f);
        }
        for &f in op.add.iter() {
            state.insert(f);
        }
    }
    task.goal.iter().all(|&f| state.contains(f))
        && task.neg_goal.iter().all(|&f| !state.contains(f))
}

/// Blocksworld fragment: 0 = (holding a), 1 = (clear b), 2 = (on a b),
/// 3 = (handempty), 4 = (ontable a), 5 = (clear a).
fn blocks() -> Task {
    make_task(
        6,
        &[1, 3, 4, 5],
        &[2],
        &[
            // stack(a, b)
            (&[0, 1], &[2, 3, 5], &[0, 1], 1),
            // pickup(a)
            (&[3, 4, 5], &[0], &[3, 4, 5], 1),
        ],
    )
}

#[test]
fn regressing_the_module_example() {
    let task = blocks();
    let mut space = Regression::new(&task, RegressionOptions::default(), None);
    let mut start = vec![0; space.words()];
    space.start(&mut start);
    assert!(space.is_relevant(&start, OpId(0)));
    assert!(!space.is_relevant(&start, OpId(1)));
    assert!(space.is_consistent(&start, OpId(0)));
    let mut out = Successors::new(space.words());
    space.successors(&start, &mut out);
    assert_eq!(out.len(), 1);
    let (op, next) = out.get(0);
    assert_eq!(op, OpId(0));
    let (pos, neg) = space.split(next);
    assert_eq!(
        bits::iter::<FactId>(pos).collect::<Vec<_>>(),
        vec![FactId(0), FactId(1)]
    );
    assert!(neg.iter().all(|&w| w == 0));
    // `stack` deletes (holding a): it cannot be the last step for a set that
    // still needs (holding a).
    assert!(!space.is_consistent(next, OpId(0)));
    let result = bfs(&mut space, &mut monitor());
    assert_eq!(result.outcome, Outcome::Plan(vec![OpId(1), OpId(0)]));
}

/// A mutex oracle that forbids two facts together.
struct Forbid(FactId, FactId);

impl MutexOracle for Forbid {
    fn violates_invariant(&self, pos: &[u64]) -> bool {
        bits::contains(pos, self.0) && bits::contains(pos, self.1)
    }
    fn violates_h2(&self, _pos: &[u64]) -> bool {
        false
    }
    fn violates_counting(&self, _pos: &[u64]) -> bool {
        false
    }
    fn exclusive_groups(&self) -> Vec<Vec<FactId>> {
        vec![vec![self.0, self.1]]
    }
    fn add_partners(&self, f: FactId, invariant: &mut [u64], _h2: &mut [u64]) {
        if f == self.0 {
            bits::insert(invariant, self.1);
        }
        if f == self.1 {
            bits::insert(invariant, self.0);
        }
    }
}

#[test]
fn invariants_prune_and_count() {
    // Two ways to reach the goal 2: via 0 (with 1 also needed) or via 3.
    let task = make_task(
        4,
        &[3],
        &[2],
        &[(&[0, 1], &[2], &[], 1), (&[3], &[2], &[], 1)],
    );
    let oracle = Forbid(FactId(0), FactId(1));
    let mut space = Regression::new(&task, RegressionOptions::default(), Some(&oracle));
    let result = bfs(&mut space, &mut monitor());
    assert_eq!(result.outcome, Outcome::Plan(vec![OpId(1)]));
    assert_eq!(space.pruned().invariant, 1);
    assert_eq!(space.last_rejections().len(), 1);
    let off = RegressionOptions {
        invariants: false,
        ..RegressionOptions::default()
    };
    let mut space = Regression::new(&task, off, Some(&oracle));
    bfs(&mut space, &mut monitor());
    assert_eq!(space.pruned().invariant, 0);
}

#[test]
fn contradictory_subgoals_are_inconsistent() {
    // The goal needs 1 and (not 0); the only achiever of 1 needs 0 and keeps it.
    let mut task = make_task(2, &[0], &[1], &[(&[0], &[1], &[], 1)]);
    task.neg_goal = Box::new([FactId(0)]);
    let mut space = Regression::new(&task, RegressionOptions::default(), None);
    let result = bfs(&mut space, &mut monitor());
    assert_eq!(result.outcome, Outcome::Unsolvable);
    assert_eq!(space.pruned().inconsistent, 1);
}

#[test]
fn goal_sorting_orders_candidates() {
    // Goal {0, 1}; 0 holds initially. Operator 0 adds 0, operator 1 adds 1.
    let task = make_task(
        3,
        &[0, 2],
        &[0, 1],
        &[(&[2], &[0], &[], 1), (&[2], &[1], &[], 1)],
    );
    let mut space = Regression::new(&task, RegressionOptions::default(), None);
    let mut start = vec![0; space.words()];
    space.start(&mut start);
    let mut out = Successors::new(space.words());
    space.successors(&start, &mut out);
    assert_eq!(
        out.get(0).0,
        OpId(1),
        "the achiever of the false subgoal first"
    );
    let off = RegressionOptions {
        goal_sorting: false,
        ..RegressionOptions::default()
    };
    let mut space = Regression::new(&task, off, None);
    space.successors(&start, &mut out);
    assert_eq!(out.get(0).0, OpId(0));
}

/// A deterministic random STRIPS task with effects, negative preconditions
/// and costs.
fn random_task(seed: u64) -> Task {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    let n = 4 + next(4) as usize;
    let pick = |k: u64, next: &mut dyn FnMut(u64) -> u64| {
        let mut v: Vec<FactId> = (0..k).map(|_| FactId(next(n as u64) as u32)).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut operators = Vec::new();
    for i in 0..(3 + next(8)) {
        let pre = pick(next(3), &mut next);
        let add = pick(1 + next(2), &mut next);
        let del: Vec<FactId> = pick(next(3), &mut next)
            .into_iter()
            .filter(|f| !add.contains(f))
            .collect();
        let neg_pre: Vec<FactId> = if next(4) == 0 {
            pick(1, &mut next)
                .into_iter()
                .filter(|f| !pre.contains(f))
                .collect()
        } else {
            Vec::new()
        };
        operators.push(Operator {
            name: format!("op{i}"),
            pre: pre.into(),
            neg_pre: neg_pre.into(),
            add: add.into(),
            del: del.into(),
            cost: next(3) as u32,
            conditional: Box::new([]),
        });
    }
    let init: Vec<u32> = pick(1 + next(3), &mut next).iter().map(|f| f.0).collect();
    let goal: Vec<u32> = pick(1 + next(2), &mut next).iter().map(|f| f.0).collect();
    let mut task = make_task(n, &init, &goal, &[]);
    task.operators = operators;
    task
}

#[test]
fn both_directions_agree_on_random_tasks() {
    let mut solved = 0;
    for seed in 0..300 {
        let task = random_task(seed);
        let unit = task.clone().with_unit_costs();
        for sorting in [true, false] {
            let options = RegressionOptions {
                goal_sorting: sorting,
                ..RegressionOptions::default()
            };
            // Breadth-first: the same number of steps.
            let forward = bfs(&mut Progression::new(&unit), &mut monitor()).outcome;
            let mut back = Regression::new(&unit, options, None);
            let backward = bfs(&mut back, &mut monitor()).outcome;
            let shortest = match (&forward, &backward) {
                (Outcome::Plan(f), Outcome::Plan(b)) => {
                    assert_eq!(f.len(), b.len(), "seed {seed}");
                    assert!(is_valid(&unit, f), "seed {seed}: {f:?}");
                    assert!(is_valid(&unit, b), "seed {seed}: {b:?}");
                    solved += 1;
                    Some(b.len())
                }
                (Outcome::Unsolvable, Outcome::Unsolvable) => None,
                other => panic!("seed {seed}: {other:?}"),
            };
            // A* with h_max: the same optimal cost.
            let mut hmax = crate::heuristics::regression_by_name("hmax", &task).expect("hmax");
            let mut back = Regression::new(&task, options, None);
            let backward = astar(&mut back, hmax.as_mut(), &mut monitor()).outcome;
            let mut blind = crate::heuristics::Blind::new(&task);
            let forward = astar(&mut Progression::new(&task), &mut blind, &mut monitor()).outcome;
            match (&forward, &backward) {
                (Outcome::Plan(f), Outcome::Plan(b)) => {
                    assert_eq!(task.plan_cost(f), task.plan_cost(b), "seed {seed}");
                    assert!(is_valid(&task, f), "seed {seed}");
                    assert!(is_valid(&task, b), "seed {seed}");
                }
                (Outcome::Unsolvable, Outcome::Unsolvable) => {}
                other => panic!("seed {seed}: {other:?}"),
            }
            // Iterative deepening up to depth 12: a shortest plan (the length
            // BFS found) when there is one that short, and none otherwise.
            let mut back = Regression::new(&unit, options, None);
            match (
                iddfs(&mut back, Some(12), true, &mut monitor()).outcome,
                shortest,
            ) {
                (Outcome::Plan(i), Some(n)) if n <= 12 => {
                    assert_eq!(i.len(), n, "seed {seed}: iddfs against bfs");
                    assert!(is_valid(&unit, &i), "seed {seed}");
                }
                (Outcome::Plan(i), _) => panic!("seed {seed}: iddfs found {i:?}, bfs {shortest:?}"),
                (_, Some(n)) if n <= 12 => panic!("seed {seed}: iddfs missed a plan of {n}"),
                _ => {}
            }
            // Depth-first: any plan it finds is valid.
            let mut back = Regression::new(&unit, options, None);
            if let Outcome::Plan(d) = dfs(&mut back, Some(10), false, &mut monitor()).outcome {
                assert!(is_valid(&unit, &d), "seed {seed}");
            }
        }
    }
    assert!(solved > 100, "only {solved} solvable random tasks");
}

#[test]
fn subsumption_keeps_optimality_and_saves_work() {
    let mut with = 0;
    let mut without = 0;
    for seed in 0..200 {
        let task = random_task(seed).with_unit_costs();
        let off = RegressionOptions {
            subsumption: false,
            ..RegressionOptions::default()
        };
        let mut a = Regression::new(&task, RegressionOptions::default(), None);
        let mut b = Regression::new(&task, off, None);
        let ra = bfs(&mut a, &mut monitor());
        let rb = bfs(&mut b, &mut monitor());
        match (&ra.outcome, &rb.outcome) {
            (Outcome::Plan(x), Outcome::Plan(y)) => assert_eq!(x.len(), y.len(), "seed {seed}"),
            (x, y) => assert_eq!(x, y, "seed {seed}"),
        }
        with += ra.stats.expanded;
        without += rb.stats.expanded;
    }
    assert!(
        with < without,
        "subsumption expanded {with}, without {without}"
    );
}
