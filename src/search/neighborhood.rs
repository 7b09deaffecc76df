//! Plan neighbourhood graph search (Nakhost and Müller 2010, the plan
//! improver of their planner Aras): a cheaper plan among the states near a
//! plan's own.
//!
//! A plan found by a greedy search wanders: it moves a car away and back, it
//! takes a detour that a step elsewhere would have spared. The states next to
//! its trajectory often hold a shortcut. So from every state the plan passes
//! through, at once, breadth-first search collects the states around it until
//! the *neighbourhood* holds `budget` states; then uniform-cost search (the
//! shared [`astar`] with the blind heuristic) finds the cheapest path from
//! the start to a target that stays inside the neighbourhood
//! ([`Neighborhood`], a [`SearchSpace`] that prunes every other state). The
//! plan's own path is in it, so the result is never dearer; when it is
//! cheaper it replaces the plan and the search starts again around the new
//! trajectory, and when it is not the budget doubles ([`improve`]).
//!
//! Example: the plan `0-1-2-3` costs 5 a step, and a detour `0-10-11-12-13-3`
//! costs 1 a step. A neighbourhood of 5 states holds the trajectory and the
//! start's other successor 10: the plan stays. One of 10 states holds the
//! whole detour, and uniform-cost search returns it, of cost 5 instead of 15.
//!
//! The plan's steps must lead from the space's start to a target
//! (progression; not a regression space, whose plans run the other way).

use super::registry::StateRegistry;
use super::{Outcome, SearchSpace, Successors, astar};
use crate::heuristics::blind::Blind;
use crate::task::OpId;
use crate::util::limits::Monitor;
use std::collections::VecDeque;

/// A space whose successors outside a fixed set of states are pruned
/// (counted as `neighbourhood`); everything else is the inner space's.
pub struct Neighborhood<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    members: StateRegistry,
    pruned: u64,
    last_rule: &'static str,
}

impl<'s, S: SearchSpace + ?Sized> Neighborhood<'s, S> {
    /// The states within breadth-first reach of `trajectory` (a plan's
    /// states, the start first), at most about `budget` of them: the states
    /// of the trajectory, then their successors, then those of the next
    /// layer, until the set is full. `None` when time runs out.
    pub fn around(
        inner: &'s mut S,
        trajectory: &[Vec<u64>],
        budget: usize,
        monitor: &mut Monitor,
    ) -> Option<Self> {
        let words = inner.words();
        let mut members = StateRegistry::with_packing(inner.packing());
        let mut queue = VecDeque::new();
        for node in trajectory {
            if let Ok((id, true)) = members.insert(node) {
                queue.push_back(id);
            }
        }
        let mut node = vec![0; words];
        let mut succ = Successors::new(words);
        'grow: while let Some(id) = queue.pop_front() {
            if monitor.time_is_up() {
                return None;
            }
            members.get(id, &mut node);
            inner.successors(&node, &mut succ);
            for i in 0..succ.len() {
                if members.len() >= budget {
                    break 'grow;
                }
                match members.insert(succ.get(i).1) {
                    Ok((child, true)) => queue.push_back(child),
                    Ok((_, false)) => {}
                    Err(_) => break 'grow,
                }
            }
        }
        Some(Neighborhood {
            inner,
            members,
            pruned: 0,
            last_rule: "neighbourhood",
        })
    }

    /// The number of states in the neighbourhood.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for Neighborhood<'_, S> {
    super::delegate!(inner =>
        words, start, is_target, successors, successor, cost, operator_between, min_cost,
        on_expand, on_duplicate, on_evaluate, rejections, goal_facts, plan_from_path, packing
    );

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        if self.inner.prune(node, g) {
            self.last_rule = self.inner.pruned_by();
            return true;
        }
        if self.members.lookup(node).is_some() {
            return false;
        }
        self.pruned += 1;
        self.last_rule = "neighbourhood";
        true
    }

    fn pruned_by(&self) -> &'static str {
        self.last_rule
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        let mut counters = self.inner.pruning_counters();
        counters.push(("neighbourhood", self.pruned));
        counters
    }
}

/// What [`improve`] did: the plans it found, each cheaper than the one
/// before, and the largest neighbourhood it searched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Improvement {
    pub plans: Vec<(Vec<OpId>, u32)>,
    pub largest: usize,
    /// The uniform-cost searches' expansions, all together.
    pub expanded: u64,
}

/// Improves `plan` (of cost `cost`) by plan neighbourhood graph search:
/// neighbourhoods of `first_budget` states, doubled each time one holds no
/// cheaper plan, up to `max_budget`; each cheaper plan is handed to
/// `on_plan` as it is found. Stops early when time runs out.
pub fn improve<S: SearchSpace + ?Sized>(
    space: &mut S,
    plan: &[OpId],
    cost: u32,
    (first_budget, max_budget): (usize, usize),
    on_plan: &mut dyn FnMut(&[OpId], u32),
    monitor: &mut Monitor,
) -> Improvement {
    let mut best = (plan.to_vec(), cost);
    let mut out = Improvement::default();
    let mut budget = first_budget.max(1);
    while budget <= max_budget && !monitor.time_is_up() {
        let Some(trajectory) = trajectory(space, &best.0) else {
            break;
        };
        let Some(mut within) = Neighborhood::around(space, &trajectory, budget, monitor) else {
            break;
        };
        out.largest = out.largest.max(within.len());
        let mut blind = Blind::zero();
        let r = astar(&mut within, &mut blind, monitor);
        out.expanded += r.stats.expanded;
        match r.outcome {
            Outcome::Plan(found) => {
                let c = found.iter().map(|&o| space.cost(o)).sum::<u32>();
                if c < best.1 {
                    on_plan(&found, c);
                    out.plans.push((found.clone(), c));
                    best = (found, c);
                } else {
                    budget = budget.saturating_mul(2);
                }
            }
            _ => break,
        }
    }
    out
}

/// The states `plan` passes through, the start first; `None` if a step does
/// not apply.
fn trajectory<S: SearchSpace + ?Sized>(space: &mut S, plan: &[OpId]) -> Option<Vec<Vec<u64>>> {
    let words = space.words();
    let mut node = vec![0; words];
    space.start(&mut node);
    let mut succ = Successors::new(words);
    let mut states = vec![node.clone()];
    for &op in plan {
        space.successors(&node, &mut succ);
        let mut next = vec![0; words];
        if !space.successor(&node, op, &mut next) {
            return None;
        }
        states.push(next.clone());
        node = next;
    }
    Some(states)
}

#[cfg(test)]
mod tests;
