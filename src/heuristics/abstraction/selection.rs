//! Pattern selection: which interesting patterns to build projections of.
//!
//! Every interesting pattern up to size 2 ([`Selection::Systematic`]) is
//! cheap and often enough; size 3 already gives hundreds or thousands of
//! projections, most of which add nothing to a saturated cost partitioning
//! of the smaller ones. *Sys-SCP* (Seipp, IJCAI 2019) keeps a larger pattern
//! only when it adds something ([`Selection::SysScp`]):
//!
//! ```text
//! repeat                                   (a restart)
//!     left = c                             (the full costs)
//!     for P in the interesting patterns, by size, not yet selected:
//!         h_P = goal distances of the projection on P under left
//!         if 0 < h_P(s) < ∞ for some abstract state s:
//!             select P;  left = left - saturate(h_P)
//! until a restart selects nothing, or a limit is reached
//! ```
//!
//! A projection whose every finite distance under the costs left is 0 adds
//! nothing to the saturated cost partitioning in this order, so it is
//! skipped. Once the costs are used up, nothing more can be selected under
//! them; a *restart* goes over the patterns again with the full costs, where
//! a pattern skipped before can be useful (in a different order, which the
//! greedy orders of [`super::CostPartitioned`] find). Every limit is a count
//! ([`SysScp`]), so the selection is the same in every run.
//!
//! Example (a truck `t` takes package `p` from `a` to `b`, goal `p = b`):
//! `{p}` comes first and takes the costs of loading and unloading (its
//! distance from `p = a` is 2); `{t, p}` then sees only the driving costs,
//! and keeps its place since the truck must drive to `b` (distance 1 under
//! the costs left). Had the task no driving cost, `{t, p}` would have only
//! distances 0 left and be skipped.

use super::patterns::Interesting;
use super::projection::{INFINITY, Projection};
use super::variables::{Effect, Var, Variables};
use std::collections::HashSet;

/// How the patterns are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every interesting pattern up to [`super::Options::max_pattern_size`]
    /// variables whose projection has a positive distance.
    Systematic,
    /// Sys-SCP, within these limits.
    SysScp(SysScp),
}

/// The limits of Sys-SCP, all counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SysScp {
    /// The largest pattern.
    pub max_pattern_size: usize,
    /// The most interesting patterns made (by size, smallest first).
    pub max_patterns: usize,
    /// The most abstract states of one projection; a larger one is passed
    /// over.
    pub max_states: u32,
    /// The most abstract states of the selected projections together.
    pub max_total_states: u64,
    /// The most transitions of the selected projections together.
    pub max_total_transitions: usize,
    /// The most projections built and judged, over all restarts.
    pub max_evaluations: usize,
    /// The most projections built and judged in one restart.
    pub max_evaluations_per_restart: usize,
    /// The most projections selected.
    pub max_selected: usize,
    /// The most restarts (1: a single pass).
    pub max_restarts: usize,
}

impl Default for SysScp {
    fn default() -> Self {
        SysScp {
            max_pattern_size: 10,
            max_patterns: 100_000,
            max_states: 100_000,
            max_total_states: 2_000_000,
            max_total_transitions: 10_000_000,
            max_evaluations: 2_000,
            max_evaluations_per_restart: 1_000,
            max_selected: 1_000,
            max_restarts: 10,
        }
    }
}

/// What a selection did, for the heuristic's summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Interesting patterns made.
    pub made: usize,
    /// The largest of them.
    pub largest: usize,
    /// Projections built and judged.
    pub evaluated: usize,
    /// Patterns passed over for their number of states or transitions.
    pub too_large: usize,
    /// Restarts (Sys-SCP; 0 for the systematic selection).
    pub restarts: usize,
}

/// The projections selected, in the order they were, and what it took.
pub struct Selected {
    pub projections: Vec<Projection>,
    pub stats: Stats,
}

/// Every interesting pattern of at most `max_size` variables (at most
/// `max_patterns` of them) whose projection has a positive goal distance
/// under `costs`, up to `max_transitions` in all and `max_states` each.
pub fn systematic(
    vars: &Variables,
    costs: &[u32],
    max_size: usize,
    max_patterns: usize,
    max_states: u32,
    max_transitions: usize,
) -> Selected {
    let mut interesting = Interesting::new(vars, max_size, max_patterns);
    let mut stats = Stats::default();
    let (mut projections, mut h, mut transitions) = (Vec::new(), Vec::new(), 0);
    let mut i = 0;
    while let Some(pattern) = interesting.get(i) {
        i += 1;
        let budget = max_transitions.saturating_sub(transitions);
        let Ok(p) = Projection::new(vars, pattern, max_states, budget) else {
            stats.too_large += 1;
            continue;
        };
        stats.evaluated += 1;
        p.distances(costs, &mut h);
        if h.iter().any(|&x| x > 0) {
            transitions += p.num_transitions();
            projections.push(p);
        }
    }
    stats.made = interesting.made();
    stats.largest = interesting.largest();
    Selected { projections, stats }
}

/// Sys-SCP (see the module docs): the patterns selected, in the order they
/// were, their projections built.
pub fn sys_scp(vars: &Variables, costs: &[u32], limits: &SysScp) -> Selected {
    let mut interesting = Interesting::new(vars, limits.max_pattern_size, limits.max_patterns);
    let changing = changing_operators(vars);
    let mut stats = Stats::default();
    let mut projections: Vec<Projection> = Vec::new();
    let mut selected: HashSet<Vec<Var>> = HashSet::new();
    let (mut total_states, mut total_transitions) = (0u64, 0usize);
    let mut left = costs.to_vec();
    let (mut h, mut saturated) = (Vec::new(), vec![0u32; costs.len()]);
    'restarts: while stats.restarts < limits.max_restarts {
        stats.restarts += 1;
        left.copy_from_slice(costs);
        let before = projections.len();
        let mut evaluated = 0;
        let mut i = 0;
        while let Some(pattern) = interesting.get(i) {
            i += 1;
            if selected.contains(pattern) {
                continue;
            }
            let states = num_states(vars, pattern);
            if states > u64::from(limits.max_states) {
                stats.too_large += 1;
                continue;
            }
            if projections.len() >= limits.max_selected
                || total_states + states > limits.max_total_states
                || stats.evaluated >= limits.max_evaluations
            {
                break 'restarts;
            }
            // Once the costs are used up, nothing more is useful.
            if evaluated >= limits.max_evaluations_per_restart || left.iter().all(|&c| c == 0) {
                break;
            }
            // Without an operator that changes the pattern at a positive
            // cost, every finite distance is 0: no need to build it.
            let costly = |&v: &Var| changing[v as usize].iter().any(|&o| left[o as usize] > 0);
            if !pattern.iter().any(costly) {
                continue;
            }
            let budget = limits.max_total_transitions - total_transitions;
            let Ok(p) = Projection::new(vars, pattern, limits.max_states, budget) else {
                stats.too_large += 1;
                continue;
            };
            evaluated += 1;
            stats.evaluated += 1;
            p.distances(&left, &mut h);
            if h.iter().any(|&x| x > 0 && x != INFINITY) {
                p.saturated_costs(&h, &mut saturated);
                for (l, s) in left.iter_mut().zip(&saturated) {
                    // s <= l: the distances were computed under `left`.
                    *l -= s;
                }
                selected.insert(pattern.to_vec());
                total_states += states;
                total_transitions += p.num_transitions();
                projections.push(p);
            }
        }
        if projections.len() == before {
            break;
        }
    }
    stats.made = interesting.made();
    stats.largest = interesting.largest();
    Selected { projections, stats }
}

/// The abstract states of the projection on `pattern`, saturating.
fn num_states(vars: &Variables, pattern: &[Var]) -> u64 {
    (pattern.iter()).fold(1u64, |n, &v| {
        n.saturating_mul(u64::from(vars.domains[v as usize].size()))
    })
}

/// For each variable, the (possible) operators that change it.
fn changing_operators(vars: &Variables) -> Vec<Vec<u32>> {
    let mut changing = vec![Vec::new(); vars.len()];
    for (o, op) in vars.operators.iter().enumerate() {
        if op.possible {
            for part in op.parts.iter().filter(|p| p.effect != Effect::Keep) {
                changing[part.var as usize].push(o as u32);
            }
        }
    }
    changing
}

#[cfg(test)]
mod tests;
