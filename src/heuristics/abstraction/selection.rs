//! Pattern selection: which interesting patterns to build projections of.
//!
//! Every interesting pattern up to size 2 ([`Selection::Systematic`]) is
//! cheap and often enough; size 3 already gives hundreds or thousands of
//! projections (992 on Depot p04), most of which add nothing to a saturated
//! cost partitioning of the smaller ones. *Sys-SCP* (Seipp, IJCAI 2019)
//! keeps a pattern only when it adds something ([`Selection::SysScp`]):
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
//! skipped (without being built, when no operator that changes it has a
//! cost left). Once the costs are used up, nothing more can be selected
//! under them; a *restart* goes over the patterns again with the full
//! costs, where a pattern skipped before can be useful (in a different
//! order, which the greedy orders of [`super::CostPartitioned`] find).
//!
//! planbox keeps every pattern of up to two variables, as the systematic
//! selection does ([`SysScp::keep_up_to`]), and judges only the larger
//! ones. The small ones use up most costs in the first pass, so the larger
//! ones mostly come in with the restarts (until one selects nothing, within
//! the limits): more collections, good where the small ones are weak. Pure Sys-SCP
//! (`keep_up_to: 0`) drops size-2 patterns that greedy orders for other
//! states would have used: on Logistics 10-0 it expands 3.2 million states
//! where the size-2 patterns need 88,000. Every limit is a count
//! ([`SysScp`]), so the selection is the same in every run. The defaults
//! let it judge ten thousand larger projections, twenty million transitions
//! in all (Scorpion judges for up to 100 s instead): on the tenth problem of
//! each of our 28 optimal-track domains, building `scp` (both sets of
//! variables, [`super::choice`]) takes at most 16 s, and on 38 smaller
//! problems A* expands 13 % fewer states until the last f layer (geometric
//! mean) than with a tenth of these limits (`benches/README.md`).
//!
//! The third selection, iPDB ([`Selection::HillClimbing`], in
//! [`hill_climbing`](mod@hill_climbing)), grows one collection from the goal variables' patterns
//! by hill climbing, judged by the canonical heuristic on sampled states.
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

pub mod hill_climbing;
pub use hill_climbing::{HillClimbing, hill_climbing};

/// How the patterns are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every interesting pattern up to [`super::Options::max_pattern_size`]
    /// variables whose projection has a positive distance.
    Systematic,
    /// Sys-SCP, within these limits.
    SysScp(SysScp),
    /// iPDB's hill climbing ([`hill_climbing`](mod@hill_climbing)), within these limits.
    HillClimbing(HillClimbing),
}

/// The limits of Sys-SCP, all counts. Patterns of up to [`keep_up_to`]
/// variables are kept as the systematic selection keeps them; the other
/// limits are on the larger ones, which must earn their place.
///
/// [`keep_up_to`]: SysScp::keep_up_to
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SysScp {
    /// Patterns of at most this many variables are all kept (if their
    /// projection has a positive distance under the full costs), in the
    /// first pass, where they take their saturated costs in turn like the
    /// others; 0: every pattern must be useful.
    pub keep_up_to: usize,
    /// The largest pattern.
    pub max_pattern_size: usize,
    /// The most interesting patterns made (by size, smallest first).
    pub max_patterns: usize,
    /// The most abstract states of one projection; a larger one is passed
    /// over.
    pub max_states: u32,
    /// The most abstract states of the larger projections selected.
    pub max_total_states: u64,
    /// The most transitions of all projections selected.
    pub max_total_transitions: usize,
    /// The most larger projections built and judged, over all restarts.
    pub max_evaluations: usize,
    /// The most transitions of those projections together, selected or
    /// not: a measure of the work, which grows with the projections' sizes.
    pub max_judged_transitions: usize,
    /// The most larger projections built and judged in one restart.
    pub max_evaluations_per_restart: usize,
    /// No larger projection is selected once there are this many.
    pub max_selected: usize,
    /// The most passes over the patterns (1: no restart). The selection
    /// also stops after a pass that selects nothing; Scorpion restarts
    /// until its time runs out. 100 passes: on nomystery p01 the patterns
    /// up to the whole task come in over several restarts (A* then
    /// expands nothing until the last f-layer, against 20 with 2 passes).
    pub max_passes: usize,
}

impl Default for SysScp {
    fn default() -> Self {
        SysScp {
            keep_up_to: 2,
            max_pattern_size: 10,
            max_patterns: 100_000,
            max_states: 100_000,
            max_total_states: 20_000_000,
            max_total_transitions: 50_000_000,
            max_evaluations: 10_000,
            max_judged_transitions: 20_000_000,
            max_evaluations_per_restart: 1_000,
            max_selected: 10_000,
            max_passes: 100,
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
    /// Passes over the patterns, the first one and the restarts (Sys-SCP;
    /// 0 for the systematic selection).
    pub passes: usize,
    /// Patterns added by hill climbing (iPDB; 0 for the others).
    pub steps: usize,
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
    // Projections of the larger patterns judged, over all restarts.
    let (mut judged, mut judged_transitions) = (0, 0);
    let mut left = costs.to_vec();
    let (mut h, mut saturated) = (Vec::new(), vec![0u32; costs.len()]);
    'restarts: while stats.passes < limits.max_passes {
        stats.passes += 1;
        left.copy_from_slice(costs);
        // The sum of the costs left, to see at once when they are used up.
        let mut left_sum: u64 = costs.iter().map(|&c| u64::from(c)).sum();
        let before = projections.len();
        let mut judged_here = 0;
        let mut i = 0;
        while let Some(pattern) = interesting.get(i) {
            i += 1;
            let small = pattern.len() <= limits.keep_up_to;
            // The small patterns are taken or left once, in the first pass.
            if selected.contains(pattern) || (small && stats.passes > 1) {
                continue;
            }
            let states = num_states(vars, pattern);
            if states > u64::from(limits.max_states) {
                stats.too_large += 1;
                continue;
            }
            if !small
                && (projections.len() >= limits.max_selected
                    || total_states + states > limits.max_total_states
                    || judged >= limits.max_evaluations
                    || judged_transitions >= limits.max_judged_transitions)
            {
                break 'restarts;
            }
            if !small {
                // Once the costs are used up, nothing more is useful.
                if judged_here >= limits.max_evaluations_per_restart || left_sum == 0 {
                    break;
                }
                // Without an operator that changes the pattern at a
                // positive cost, every finite distance is 0: no need to
                // build it.
                let costly = |&v: &Var| changing[v as usize].iter().any(|&o| left[o as usize] > 0);
                if !pattern.iter().any(costly) {
                    continue;
                }
            }
            let mut budget = limits.max_total_transitions - total_transitions;
            if !small {
                budget = budget.min(limits.max_judged_transitions - judged_transitions);
            }
            let built = Projection::new(vars, pattern, limits.max_states, budget);
            if !small {
                judged += 1;
                judged_here += 1;
                // A projection given up on spent the whole budget.
                judged_transitions += built.as_ref().map_or(budget, Projection::num_transitions);
            }
            let Ok(p) = built else {
                stats.too_large += 1;
                continue;
            };
            stats.evaluated += 1;
            p.distances(&left, &mut h);
            if h.iter().any(|&x| x > 0 && x != INFINITY) {
                p.saturated_costs(&h, &mut saturated);
                for (l, s) in left.iter_mut().zip(&saturated) {
                    // s <= l: the distances were computed under `left`.
                    *l -= s;
                    left_sum -= u64::from(*s);
                }
            } else if !(small && positive_under(&p, costs, &mut h)) {
                continue;
            }
            selected.insert(pattern.to_vec());
            if !small {
                total_states += states;
            }
            total_transitions += p.num_transitions();
            projections.push(p);
        }
        if projections.len() == before {
            break;
        }
    }
    stats.made = interesting.made();
    stats.largest = interesting.largest();
    Selected { projections, stats }
}

/// Whether some goal distance of `p` under `costs` is positive (infinite
/// included), computed into `h`.
fn positive_under(p: &Projection, costs: &[u32], h: &mut Vec<u32>) -> bool {
    p.distances(costs, h);
    h.iter().any(|&x| x > 0)
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
