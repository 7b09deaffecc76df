//! Progression: forward search from the initial state.
//!
//! A node is a *state*, the set of fluent facts that hold, packed one bit per
//! fact (see [`crate::util::bits`]). The start node is the initial state, a target is a
//! state where every goal fact holds and no negative goal fact does, and the
//! successors of a state `s` are
//!
//! ```text
//! apply(s, o) = (s \ del(o)) ∪ add(o)    for every o applicable in s
//! ```
//!
//! where the applicable operators come from a [`SuccessorGenerator`] instead of
//! a scan of all operators. Deleting before adding makes a fact in both lists
//! end up true, as PDDL says.
//!
//! The state registry stores states packed: facts of a proven mutex group
//! (`(at stone-01 ?l)` for every cell `?l`) share one field (see [`Packing`]).
//!
//! With conditional effects or axioms, [`Task::apply`] makes the successor
//! (effects read in the old state, derived facts recomputed); STRIPS tasks keep
//! the two loops above.
//!
//! With [`Progression::with_pruning`], the applicable operators of a state
//! pass through partial-order reduction first ([`super::stubborn`]): only
//! those in the state's strong stubborn set give successors, and the others
//! are reported as rejected (`stubborn_set` in traces).
//!
//! Example: facts `0 = (at 0)`, `1 = (at 1)`, operator `go` with `pre = [0]`,
//! `del = [0]`, `add = [1]`: the start state `{0}` is `[0b01]` and its one
//! successor is `[0b10]`.

use super::stubborn::{LimitedPruning, Pruning, PruningLimit, PruningStats};
use super::successors::{self, SuccessorGenerator};
use super::{Packing, SearchSpace, Successors};
use crate::task::FactSet;
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// The forward search space of a task, with successor generator `G`.
pub struct Progression<'t, G = successors::Default> {
    task: &'t Task,
    words: usize,
    goal: FactSet,
    neg_goal: FactSet,
    generator: G,
    applicable: Vec<OpId>,
    packing: Packing,
    /// Whether the task has conditional effects or axioms (the slow path).
    adl: bool,
    /// Partial-order reduction, if asked for.
    pruning: Option<LimitedPruning>,
    /// The applicable operators the last `successors` pruned.
    pruned: Vec<OpId>,
}

impl<'t> Progression<'t> {
    /// The forward space of `task` with the default successor generator.
    pub fn new(task: &'t Task) -> Self {
        Progression::with_generator(task)
    }
}

impl<'t, G: SuccessorGenerator> Progression<'t, G> {
    /// The forward space of `task` with successor generator `G`.
    pub fn with_generator(task: &'t Task) -> Self {
        let n = task.facts.len();
        Progression {
            task,
            words: bits::words_for(n),
            goal: FactSet::from_facts(n, &task.goal),
            neg_goal: FactSet::from_facts(n, &task.neg_goal),
            generator: G::new(task),
            applicable: Vec::new(),
            packing: Packing::for_task(task),
            adl: task.adl_feature().is_some(),
            pruning: None,
            pruned: Vec::new(),
        }
    }

    /// The same space, storing states packed by the tighter of the task's
    /// monotone groups and `groups` (see [`Packing::for_task_with`]): other
    /// disjoint at-most-one groups proven for the reachable states, such as
    /// the invariant synthesis's.
    pub fn with_groups(mut self, groups: Option<&[Vec<FactId>]>) -> Self {
        if groups.is_some() {
            self.packing = Packing::for_task_with(self.task, groups);
        }
        self
    }

    /// The same space with partial-order reduction: with
    /// [`Pruning::StubbornSets`], each state keeps only the applicable
    /// operators of its strong stubborn set, until `limit` switches the
    /// pruning off (see [`super::stubborn`]).
    pub fn with_pruning(mut self, pruning: Pruning, limit: PruningLimit) -> Self {
        self.pruning = match pruning {
            Pruning::None => None,
            Pruning::StubbornSets => Some(LimitedPruning::new(self.task, limit)),
        };
        self
    }

    /// What the pruning did so far; `None` without pruning.
    pub fn pruning_stats(&self) -> Option<PruningStats> {
        self.pruning.as_ref().map(LimitedPruning::stats)
    }

    pub fn task(&self) -> &'t Task {
        self.task
    }

    /// Bytes held by the successor generator.
    pub fn generator_bytes(&self) -> usize {
        self.generator.bytes()
    }
}

impl<G: SuccessorGenerator> SearchSpace for Progression<'_, G> {
    fn words(&self) -> usize {
        self.words
    }

    fn start(&self, node: &mut [u64]) {
        for &f in self.task.init.iter() {
            bits::insert(node, f);
        }
        self.task.evaluate_axioms(node);
    }

    #[inline]
    fn is_target(&self, node: &[u64]) -> bool {
        bits::is_subset(self.goal.words(), node)
            && self
                .neg_goal
                .words()
                .iter()
                .zip(node)
                .all(|(n, s)| n & s == 0)
    }

    #[inline]
    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        out.clear();
        self.applicable.clear();
        self.generator.applicable(node, &mut self.applicable);
        if let Some(pruning) = &mut self.pruning {
            self.pruned.clear();
            pruning.prune(node, &mut self.applicable, &mut self.pruned);
        }
        for &o in &self.applicable {
            let op = &self.task.operators[o.index()];
            let next = out.push(o, node);
            if self.adl {
                self.task.apply(op, node, next);
                continue;
            }
            for &f in op.del.iter() {
                bits::remove(next, f);
            }
            for &f in op.add.iter() {
                bits::insert(next, f);
            }
        }
    }

    /// Applies `op` alone (lazy search): the search took it from the list of
    /// `node`'s successors, so it is applicable.
    fn successor(&mut self, node: &[u64], op: OpId, out: &mut [u64]) -> bool {
        let o = &self.task.operators[op.index()];
        out.copy_from_slice(node);
        if self.adl {
            self.task.apply(o, node, out);
        } else {
            for &f in o.del.iter() {
                bits::remove(out, f);
            }
            for &f in o.add.iter() {
                bits::insert(out, f);
            }
        }
        true
    }

    #[inline]
    fn cost(&self, op: OpId) -> u32 {
        self.task.operators[op.index()].cost
    }

    /// Tries every applicable operator, without the stubborn-set pruning
    /// (which counts what it prunes): the operators it lists include every
    /// successor listed before.
    fn operator_between(&mut self, from: &[u64], to: &[u64]) -> Option<OpId> {
        self.applicable.clear();
        self.generator.applicable(from, &mut self.applicable);
        let applicable = std::mem::take(&mut self.applicable);
        let mut child = vec![0; self.words];
        let mut best: Option<OpId> = None;
        for &o in &applicable {
            self.successor(from, o, &mut child);
            if child == to && best.is_none_or(|b| self.cost(o) < self.cost(b)) {
                best = Some(o);
            }
        }
        self.applicable = applicable;
        best
    }

    fn min_cost(&self) -> u32 {
        self.task
            .operators
            .iter()
            .map(|o| o.cost)
            .min()
            .unwrap_or(0)
    }

    fn goal_facts(&self) -> Option<&[FactId]> {
        Some(&self.task.goal)
    }

    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        path
    }

    /// The applicable operators outside the state's stubborn set.
    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.pruned.iter().map(|&o| (o, "stubborn_set")).collect()
    }

    /// Stored states pack the task's mutex groups (see [`Packing`]).
    fn packing(&self) -> Packing {
        self.packing.clone()
    }
}

#[cfg(test)]
mod tests;
