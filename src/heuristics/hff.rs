//! h^FF: the cost of a relaxed plan (Hoffmann & Nebel 2001), extracted from
//! h^add best supporters as in Fast Downward's `ff_heuristic`.
//!
//! After the h^add fixpoint, every reached fact that is not in the state has a
//! *best supporter*: the operator through which it got its cost. Starting from
//! the goal facts, we collect the best supporter of each fact, then recurse into
//! that operator's preconditions. The collected operators form a *relaxed plan*
//! (a plan when deletes are ignored), and h^FF is their total cost, each
//! operator counted once, where h^add counts it once per use.
//!
//! Example: from `{a}` with `a → r` (cost 2), `r → p` (1), `r → q` (1) and the
//! goal `{p, q}`, the relaxed plan is `{a → r, r → p, r → q}` and `h^FF = 4`,
//! while `h^add = 6` counts `a → r` twice.
//!
//! *Preferred* (helpful) operators are the relaxed-plan operators that are
//! applicable in the state (all of `pre` true and no `neg_pre` true); searches
//! such as GBFS with a preferred-operator queue try them first. They come in
//! increasing [`OpId`] order.
//!
//! Properties: **not admissible**, not consistent. Since a relaxed plan is at
//! least as expensive as an optimal one, `h^max <= LM-cut <= h^+ <= h^FF <= h^add`.
//! A fact needed false is a relaxed fact of its own (see [`super::relaxed`]).
//! [`Estimate::DeadEnd`] exactly when h^max says so.

use super::relaxed::{Combine, Exploration, RelaxedOpId, RelaxedTask, add_cost};
use super::{Estimate, Heuristic};
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// The h^FF heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct Hff {
    relaxed: RelaxedTask,
    exploration: Exploration,
    /// `neg_pre` of each task operator, to decide applicability.
    neg_pre: Vec<Box<[FactId]>>,
    /// Facts and operators already in the relaxed plan carry the current `epoch`.
    fact_mark: Vec<u32>,
    op_mark: Vec<u32>,
    epoch: u32,
    stack: Vec<FactId>,
    preferred: Vec<OpId>,
    /// The relaxed operators of the last relaxed plan.
    plan: Vec<RelaxedOpId>,
    /// The number of task facts (relaxed facts past it are artificial).
    task_facts: usize,
}

impl Hff {
    pub fn new(task: &Task) -> Self {
        let relaxed = RelaxedTask::new(task);
        Hff {
            exploration: Exploration::new(&relaxed),
            neg_pre: task.operators.iter().map(|o| o.neg_pre.clone()).collect(),
            fact_mark: vec![0; relaxed.num_facts()],
            op_mark: vec![0; relaxed.num_ops()],
            epoch: 0,
            stack: Vec::new(),
            preferred: Vec::new(),
            plan: Vec::new(),
            task_facts: task.facts.len(),
            relaxed,
        }
    }

    /// Collects the relaxed plan from the supporters of the last exploration,
    /// records its applicable operators as preferred and returns its cost.
    fn extract_relaxed_plan(&mut self, state: &[u64]) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.fact_mark.fill(0);
            self.op_mark.fill(0);
            self.epoch = 1;
        }
        let (rt, ex) = (&self.relaxed, &self.exploration);
        let mut cost = 0;
        self.plan.clear();
        self.stack.clear();
        self.stack.extend_from_slice(rt.pre(rt.goal_op));
        while let Some(fact) = self.stack.pop() {
            if std::mem::replace(&mut self.fact_mark[fact.index()], self.epoch) == self.epoch {
                continue;
            }
            let Some(op) = ex.supporter(fact) else {
                continue; // true in the state
            };
            if std::mem::replace(&mut self.op_mark[op.index()], self.epoch) == self.epoch {
                continue;
            }
            cost = add_cost(cost, rt.cost(op));
            self.plan.push(op);
            let pre = rt.pre(op);
            self.stack.extend_from_slice(pre);
            // Applicable: every precondition holds in the state (has no supporter)
            // and no negative precondition does.
            if pre.iter().all(|&p| ex.supporter(p).is_none())
                && let Some(o) = rt.origin(op)
                && !self.neg_pre[o.index()]
                    .iter()
                    .any(|&f| bits::contains(state, f))
            {
                self.preferred.push(o);
            }
        }
        // A task operator with conditional effects stands for several
        // relaxed ones, which the plan may all use.
        self.preferred.sort_unstable();
        self.preferred.dedup();
        cost
    }
}

impl Hff {
    /// Writes into `out` (cleared first) the task facts that the operators of
    /// `state`'s relaxed plan add, each once, ascending; false if the goal is
    /// unreachable even with deletes ignored. BFWS counts how many of them a
    /// path has reached ([`super::bfws`]).
    pub fn relaxed_plan_facts(&mut self, state: &[u64], out: &mut Vec<FactId>) -> bool {
        out.clear();
        if self.estimate(state) == Estimate::DeadEnd {
            return false;
        }
        for &op in &self.plan {
            let added = self.relaxed.add(op).iter();
            out.extend(added.filter(|f| f.index() < self.task_facts));
        }
        out.sort_unstable();
        out.dedup();
        true
    }
}

impl Heuristic for Hff {
    fn name(&self) -> &'static str {
        "hff"
    }

    fn is_admissible(&self) -> bool {
        false
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.preferred.clear();
        self.exploration
            .run(&self.relaxed, state, Combine::Sum, true);
        match self.exploration.goal_estimate(&self.relaxed) {
            Estimate::DeadEnd => Estimate::DeadEnd,
            Estimate::Value(_) => Estimate::Value(self.extract_relaxed_plan(state)),
        }
    }

    fn preferred_operators(&self) -> &[OpId] {
        &self.preferred
    }
}

#[cfg(test)]
mod tests;
