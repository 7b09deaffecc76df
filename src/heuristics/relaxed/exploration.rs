//! The relaxed exploration: h^max and h^add costs of every fact from a state,
//! settled in order of increasing cost as in Dijkstra's algorithm.
//!
//! Each fact's cost starts at 0 in the state and unreached elsewhere; an
//! operator becomes applicable once its last precondition is settled, at the
//! combination (maximum for h^max, sum for h^add) of their costs plus its own
//! cost, and offers that to its add effects. The facts wait in a bucket
//! queue; each operator's progress is one 8-byte slot.
//!
//! Example: on the chain `f0 -> f1 -> f2` with unit costs, from `{f0}` the
//! costs are 0, 1, 2 under both h^max and h^add.

use super::{Combine, RelaxedOpId, RelaxedTask, UNREACHED, add_cost};
use crate::heuristics::Estimate;
use crate::task::{FactId, Task};
use crate::util::bucket_queue::BucketQueue;

/// The progress of one operator during a fixpoint: the combination of the
/// costs of its preconditions settled so far, and how many are still unsettled.
/// Side by side, so that settling a precondition touches one 8-byte slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OpProgress {
    cost: u32,
    unsatisfied: u32,
}

const _: () = assert!(std::mem::size_of::<OpProgress>() == 8);

/// Reusable buffers for one h^max or h^add fixpoint; see the module docs.
#[derive(Clone, Debug)]
pub struct Exploration {
    fact_cost: Vec<u32>,
    /// The operator that reached each fact at its cost; `NONE` for state facts.
    supporter: Vec<RelaxedOpId>,
    ops: Vec<OpProgress>,
    /// `ops` before a run: cost 0, every precondition unsettled.
    ops_start: Vec<OpProgress>,
    queue: BucketQueue<FactId>,
}

const NONE: RelaxedOpId = RelaxedOpId(u32::MAX);

impl Exploration {
    pub fn new(rt: &RelaxedTask) -> Self {
        let ops_start: Vec<OpProgress> = rt
            .pre_counts()
            .iter()
            .map(|&n| OpProgress {
                cost: 0,
                unsatisfied: n,
            })
            .collect();
        Exploration {
            fact_cost: vec![UNREACHED; rt.num_facts()],
            supporter: vec![NONE; rt.num_facts()],
            ops: ops_start.clone(),
            ops_start,
            queue: BucketQueue::new(2 * rt.num_facts() as u32 + 64),
        }
    }

    /// Computes the relaxed cost of every fact from `state`. With
    /// `stop_at_goal`, stops once the goal fact is settled: facts costlier than
    /// the goal may then be left unreached or too expensive.
    pub fn run(&mut self, rt: &RelaxedTask, state: &[u64], combine: Combine, stop_at_goal: bool) {
        // One copy of the loop per combination, so that it has no branch on it.
        match combine {
            Combine::Max => self.run_with::<true>(rt, state, stop_at_goal),
            Combine::Sum => self.run_with::<false>(rt, state, stop_at_goal),
        }
    }

    pub(super) fn run_with<const MAX: bool>(
        &mut self,
        rt: &RelaxedTask,
        state: &[u64],
        stop_at_goal: bool,
    ) {
        self.fact_cost.fill(UNREACHED);
        self.ops.copy_from_slice(&self.ops_start);
        self.queue.clear();
        rt.for_each_initial(state, |f| {
            self.fact_cost[f.index()] = 0;
            self.supporter[f.index()] = NONE;
            self.queue.push(0, f);
        });
        while let Some((key, fact)) = self.queue.pop() {
            if self.fact_cost[fact.index()] < key {
                continue; // stale entry: the fact was settled more cheaply
            }
            if stop_at_goal && fact == rt.goal_fact {
                break;
            }
            for &op in rt.consumers(fact) {
                let progress = &mut self.ops[op.index()];
                progress.cost = if MAX {
                    progress.cost.max(key)
                } else {
                    add_cost(progress.cost, key)
                };
                progress.unsatisfied -= 1;
                if progress.unsatisfied == 0 {
                    let reached = add_cost(progress.cost, rt.cost(op));
                    for &g in rt.add(op) {
                        if reached < self.fact_cost[g.index()] {
                            self.fact_cost[g.index()] = reached;
                            self.supporter[g.index()] = op;
                            self.queue.push(reached, g);
                        }
                    }
                }
            }
        }
    }

    /// The cost of `fact` after the last [`run`](Self::run), `None` if unreached.
    #[inline]
    pub fn cost(&self, fact: FactId) -> Option<u32> {
        Some(self.fact_cost[fact.index()]).filter(|&c| c != UNREACHED)
    }

    /// The cost of the goal fact as an [`Estimate`].
    pub fn goal_estimate(&self, rt: &RelaxedTask) -> Estimate {
        self.cost(rt.goal_fact)
            .map_or(Estimate::DeadEnd, Estimate::Value)
    }

    /// The operator through which `fact` got its cost (its *best supporter*),
    /// or `None` if `fact` was in the state. Meaningful only for reached facts.
    #[inline]
    pub fn supporter(&self, fact: FactId) -> Option<RelaxedOpId> {
        Some(self.supporter[fact.index()]).filter(|&op| op != NONE)
    }
}

/// The h^max (`Combine::Max`) or h^add (`Combine::Sum`) cost of every fact of
/// `task` from `state`; `None` marks facts unreachable even when deletes are
/// ignored.
///
/// A regression planner calls this once on the initial state and estimates a
/// subgoal set with [`subgoal_cost`]; that is HSPr's heuristic.
pub fn fact_costs(task: &Task, state: &[u64], combine: Combine) -> Vec<Option<u32>> {
    let rt = RelaxedTask::new(task);
    let mut exploration = Exploration::new(&rt);
    exploration.run(&rt, state, combine, false);
    (0..task.facts.len() as u32)
        .map(|f| exploration.cost(FactId(f)))
        .collect()
}

/// Combines per-fact costs from [`fact_costs`] over `subgoals`: the maximum or
/// the (saturating) sum; `None` if some subgoal is unreachable, `Some(0)` for
/// the empty set.
pub fn subgoal_cost(
    costs: &[Option<u32>],
    subgoals: impl IntoIterator<Item = FactId>,
    combine: Combine,
) -> Option<u32> {
    subgoals
        .into_iter()
        .try_fold(0, |acc, f| Some(combine.apply(acc, costs[f.index()]?)))
}
