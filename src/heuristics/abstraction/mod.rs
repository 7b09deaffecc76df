//! Abstraction heuristics: pattern databases, added up by cost partitioning.
//!
//! An *abstraction* maps every state to an abstract state such that each
//! transition of the task is a transition between their images. The goal
//! distance of a state's image, in the small abstract space, is then an
//! admissible estimate of its own, computed once for every abstract state
//! before the search and looked up during it.
//!
//! The pieces, from the bottom up:
//!
//! 1. [`variables`]: the task as finite-domain variables, one per mutex
//!    group (a truck's position), which is what abstractions project.
//! 2. [`projection`]: a pattern database, the task projected on a few
//!    variables, its transitions explicit and its states perfectly hashed.
//! 3. [`patterns`]: which patterns to project on (the interesting ones, by
//!    size).
//! 4. [`cost_partitioning`]: adding the abstractions' estimates without
//!    overestimating: saturated cost partitioning over orders, uniform as a
//!    baseline.
//!
//! [`CostPartitioned`] puts them together as a [`Heuristic`]: `scp` is the
//! maximum over saturated cost partitionings of the interesting projections,
//! one order chosen greedily for the initial state and more added *online*
//! (Seipp 2021): every so many evaluations, a greedy order for the state at
//! hand is computed, and kept if it raises that state's estimate. `ucp` is
//! the uniform partitioning of the same projections.
//!
//! Example (Gripper, two balls): the projection on ball 1's variable has
//! the abstract states "in room a", "in room b", "carried by the left
//! gripper", "carried by the right gripper"; from "in room a" the goal
//! "in room b" is two steps away (pick, drop), which the robot's moves do not
//! change since the robot is not in the pattern.

pub mod cost_partitioning;
pub mod patterns;
pub mod projection;
pub mod report;
pub mod variables;

use super::{Estimate, Heuristic};
use crate::task::{FactId, Task};
use cost_partitioning::Lookup;
use projection::{INFINITY, Projection};
use variables::Variables;

/// Limits on what [`CostPartitioned`] builds.
#[derive(Clone, Debug)]
pub struct Options {
    /// The largest pattern.
    pub max_pattern_size: usize,
    /// The most patterns tried.
    pub max_patterns: usize,
    /// The most abstract states of one projection.
    pub max_states: u32,
    /// The most transitions of all projections together.
    pub max_transitions: usize,
    /// Online orders: one is tried every this many evaluations (0: the
    /// initial state's order only).
    pub interval: u64,
    /// The most bytes of lookup tables; no order is added beyond it.
    pub max_table_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_pattern_size: 2,
            max_patterns: 10_000,
            max_states: 1_000_000,
            max_transitions: 10_000_000,
            interval: 10_000,
            max_table_bytes: 256 << 20,
        }
    }
}

/// How the costs are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partitioning {
    /// Saturated, over greedy orders (online).
    Saturated,
    /// Uniform.
    Uniform,
}

/// The maximum over cost partitionings of projections; see the module docs.
pub struct CostPartitioned {
    name: &'static str,
    vars: Variables,
    projections: Vec<Projection>,
    costs: Vec<u32>,
    /// Each projection's goal distances under the full costs, and the sum of
    /// its saturated costs under them (for greedy orders).
    full: Vec<Box<[u32]>>,
    stolen: Vec<u64>,
    lookups: Vec<Lookup>,
    partitioning: Partitioning,
    interval: u64,
    max_table_bytes: usize,
    table_bytes: usize,
    evaluations: u64,
    /// Online orders tried and kept.
    tried: u64,
    values: Vec<u32>,
    ranks: Vec<usize>,
    scratch: Vec<u32>,
    /// Patterns skipped for their size.
    skipped: usize,
}

impl CostPartitioned {
    /// The heuristic over `task`'s projections, with the variables of the
    /// disjoint at-most-one `groups` (the proven monotone groups of the task
    /// when `None`).
    pub fn new(
        task: &Task,
        groups: Option<&[Vec<FactId>]>,
        partitioning: Partitioning,
        options: &Options,
    ) -> CostPartitioned {
        let monotone;
        let groups = match groups {
            Some(g) => g,
            None => {
                monotone = crate::invariants::monotone_groups(task);
                &monotone
            }
        };
        let vars = Variables::new(task, groups);
        let costs: Vec<u32> = task.operators.iter().map(|o| o.cost).collect();
        let mut projections = Vec::new();
        let (mut full, mut stolen) = (Vec::new(), Vec::new());
        let mut transitions = 0;
        let mut skipped = 0;
        let mut h = Vec::new();
        let mut saturated = vec![0u32; costs.len()];
        let patterns = patterns::systematic(&vars, options.max_pattern_size, options.max_patterns);
        for pattern in &patterns {
            let budget = options.max_transitions.saturating_sub(transitions);
            let Ok(p) = Projection::new(&vars, pattern, options.max_states, budget) else {
                skipped += 1;
                continue;
            };
            p.distances(&costs, &mut h);
            // An abstraction whose every distance is 0 never helps.
            if h.iter().all(|&x| x == 0) {
                continue;
            }
            transitions += p.num_transitions();
            p.saturated_costs(&h, &mut saturated);
            stolen.push(saturated.iter().map(|&c| u64::from(c)).sum());
            full.push(h.clone().into_boxed_slice());
            projections.push(p);
        }
        let name = match partitioning {
            Partitioning::Saturated => "scp",
            Partitioning::Uniform => "ucp",
        };
        let mut heuristic = CostPartitioned {
            name,
            vars,
            projections,
            costs,
            full,
            stolen,
            lookups: Vec::new(),
            partitioning,
            interval: options.interval,
            max_table_bytes: options.max_table_bytes,
            table_bytes: 0,
            evaluations: 0,
            tried: 0,
            values: Vec::new(),
            ranks: Vec::new(),
            scratch: Vec::new(),
            skipped,
        };
        let first = match partitioning {
            Partitioning::Uniform => {
                cost_partitioning::uniform(&heuristic.projections, &heuristic.costs)
            }
            Partitioning::Saturated => {
                let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
                heuristic.rank(init.words());
                heuristic.saturated_for_ranks()
            }
        };
        heuristic.table_bytes = first.bytes();
        heuristic.lookups.push(first);
        heuristic
    }

    /// The projections, in the order they were built.
    pub fn projections(&self) -> &[Projection] {
        &self.projections
    }

    /// Fills `ranks` with each projection's abstract state of `state`.
    fn rank(&mut self, state: &[u64]) {
        self.vars.values(state, &mut self.values);
        self.ranks.clear();
        self.ranks
            .extend(self.projections.iter().map(|p| p.rank(&self.values)));
    }

    /// The saturated cost partitioning of the greedy order for the state
    /// last ranked.
    fn saturated_for_ranks(&mut self) -> Lookup {
        self.scratch.clear();
        self.scratch
            .extend(self.full.iter().zip(&self.ranks).map(|(h, &r)| h[r]));
        let order = cost_partitioning::greedy_order(&self.scratch, &self.stolen);
        cost_partitioning::saturated(&self.projections, &order, &self.costs)
    }
}

impl Heuristic for CostPartitioned {
    fn name(&self) -> &'static str {
        self.name
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.rank(state);
        let mut best = 0;
        for lookup in &self.lookups {
            match lookup.value(&self.ranks) {
                None => return Estimate::DeadEnd,
                Some(v) => best = best.max(v),
            }
        }
        self.evaluations += 1;
        if self.partitioning == Partitioning::Saturated
            && self.interval > 0
            && self.evaluations.is_multiple_of(self.interval)
            && self.table_bytes < self.max_table_bytes
        {
            self.tried += 1;
            let lookup = self.saturated_for_ranks();
            if let Some(v) = lookup.value(&self.ranks)
                && v > best
            {
                best = v;
                self.table_bytes += lookup.bytes();
                self.lookups.push(lookup);
            }
        }
        debug_assert!(best != INFINITY);
        Estimate::Value(best)
    }

    fn summary(&self) -> Vec<String> {
        let states: u64 = (self.projections.iter())
            .map(|p| u64::from(p.num_states()))
            .sum();
        let transitions: usize = self
            .projections
            .iter()
            .map(Projection::num_transitions)
            .sum();
        let mut sizes = [0usize; 8];
        for p in &self.projections {
            sizes[p.pattern().len().min(7)] += 1;
        }
        vec![format!(
            "{}: {} variables, {} projections (sizes 1/2/3: {}/{}/{}), {} abstract states, \
                 {} transitions, {} patterns too large",
            self.name,
            self.vars.len(),
            self.projections.len(),
            sizes[1],
            sizes[2],
            sizes[3],
            states,
            transitions,
            self.skipped,
        )]
    }
}

#[cfg(test)]
mod tests;
