//! Which Cartesian abstractions to build: one per goal fact, one per landmark.
//!
//! One Cartesian abstraction of the whole task, refined until its limit,
//! spends its states on whatever its abstract plans trip over first. Seipp
//! and Helmert (JAIR 2018) build many small ones instead, each for an easier
//! *subtask*, and add them up by cost partitioning:
//!
//! - **goals**: for each goal fact `g`, the task whose only goal is `g`.
//!   Every plan ends with `g` true, so the distance to a state with `g` is a
//!   lower bound for every state.
//! - **landmarks**: for each fact landmark `l` false at the start (every plan
//!   makes it true at some point), the task whose goal is to reach `l`. This
//!   is admissible only in states from which every plan must still reach
//!   `l`. Those are found with the facts *possibly before* `l`: the facts
//!   reached from the initial state, deletes ignored, without any operator
//!   that adds `l`. If the goal is not among them, `l` is a landmark of the
//!   delete relaxation, and a state all of whose facts are possibly before
//!   `l` cannot reach the goal without `l` (its relaxed exploration would
//!   stay within them). A state with a fact *not* possibly before `l` may
//!   have passed `l` already, so it counts as an abstract goal (estimate 0):
//!   the subtask's goal facts are `l` and every fact not possibly before it.
//!
//! Example (Gripper, ball 1 to room `b`): the goal subtask of
//! `(at ball1 roomb)`; the landmark `(at-robby roomb)`, whose subtask has
//! the goal facts `(at-robby roomb)` and everything that only comes after
//! it, such as `(at ball1 roomb)`.

use super::variables::{Var, Variables};
use crate::heuristics::landmarks::LandmarkGraph;
use crate::task::{FactId, Task};

/// The abstract goal of each goal subtask: one fact each.
pub fn goals(vars: &Variables) -> Vec<Vec<(Var, u32)>> {
    vars.goal.iter().map(|&g| vec![g]).collect()
}

/// The abstract goal of each landmark subtask (the landmark and the facts
/// not possibly before it), for the single-fact landmarks of `task` that are
/// neither true at the start nor goals, in the landmark graph's order;
/// landmarks after which the goal is still possibly reached are left out.
pub fn landmarks(task: &Task, vars: &Variables) -> Vec<Vec<(Var, u32)>> {
    let graph = LandmarkGraph::new(task);
    let mut subtasks = Vec::new();
    for l in &graph.landmarks {
        if l.facts.len() != 1 || l.negated || l.initial || l.goal {
            continue;
        }
        let before = possibly_before(task, l.facts[0]);
        if task.goal.iter().all(|g| before[g.index()]) {
            continue;
        }
        let goal: Vec<(Var, u32)> = (0..task.facts.len())
            .filter(|&f| !before[f])
            .map(|f| vars.of_fact(FactId(f as u32)))
            .collect();
        subtasks.push(goal);
    }
    subtasks
}

/// The facts reached from the initial state, deletes and negative
/// preconditions ignored, by operators that do not add `l`.
fn possibly_before(task: &Task, l: FactId) -> Vec<bool> {
    let n = task.facts.len();
    let mut reached = vec![false; n];
    // Per operator, its preconditions not yet reached; per fact, the
    // operators that need it.
    let mut missing: Vec<u32> = task.operators.iter().map(|o| o.pre.len() as u32).collect();
    let mut needed_by: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, o) in task.operators.iter().enumerate() {
        for &f in o.pre.iter() {
            needed_by[f.index()].push(i as u32);
        }
    }
    let mut queue: Vec<FactId> = Vec::new();
    let reach = |f: FactId, reached: &mut Vec<bool>, queue: &mut Vec<FactId>| {
        if !reached[f.index()] {
            reached[f.index()] = true;
            queue.push(f);
        }
    };
    for &f in task.init.iter() {
        reach(f, &mut reached, &mut queue);
    }
    let fire = |o: usize, reached: &mut Vec<bool>, queue: &mut Vec<FactId>| {
        let op = &task.operators[o];
        if !op.add.contains(&l) {
            for &f in op.add.iter() {
                reach(f, reached, queue);
            }
        }
    };
    for (o, _) in missing.iter().enumerate().filter(|&(_, &m)| m == 0) {
        fire(o, &mut reached, &mut queue);
    }
    while let Some(f) = queue.pop() {
        for &o in &needed_by[f.index()] {
            missing[o as usize] -= 1;
            if missing[o as usize] == 0 {
                fire(o as usize, &mut reached, &mut queue);
            }
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::testing::truck;

    #[test]
    fn the_truck_tasks_landmark_in_the_truck_has_the_goal_after_it() {
        let (t, groups) = truck();
        let vars = Variables::new(&t, &groups);
        // Without loading, only the truck's places are reached.
        let before = possibly_before(&t, FactId(4));
        assert_eq!(before, vec![true, true, true, false, false]);
        let subtasks = landmarks(&t, &vars);
        assert!(
            subtasks.contains(&vec![vars.of_fact(FactId(3)), vars.of_fact(FactId(4))]),
            "{subtasks:?}"
        );
        assert_eq!(goals(&vars), vec![vec![vars.of_fact(FactId(3))]]);
    }
}
