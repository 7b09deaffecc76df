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
//! 3. [`patterns`]: the patterns worth projecting on (the interesting ones,
//!    by size), and [`selection`]: which of them to build. By default every
//!    one of up to two variables, and larger ones (up to ten) only where
//!    they add to a saturated cost partitioning of those selected before
//!    them (Sys-SCP, Seipp 2019), within counts of projections judged and
//!    of their transitions.
//! 4. [`cost_partitioning`]: adding the abstractions' estimates without
//!    overestimating: saturated cost partitioning over orders, uniform as a
//!    baseline.
//!
//! [`CostPartitioned`] puts them together as a [`Heuristic`]: `scp` is the
//! maximum over saturated cost partitionings of the selected projections,
//! in three kinds of orders (Seipp, Keller and Helmert 2020; Seipp 2021):
//!
//! - one chosen greedily for the initial state;
//! - *diversified* ones, before the search: [`sampling`] draws states by
//!   random walks (1,000 by default), the first 100 get a greedy order, and
//!   an order is kept only if it raises the estimate of some sample above
//!   what the orders kept before give it;
//! - *online* ones, during the search: every so many evaluations, a greedy
//!   order for the state at hand, kept if it raises that state's estimate.
//!
//! Any of them can be improved by hill climbing on swaps
//! ([`cost_partitioning::optimize`]) within a budget of partitionings
//! computed ([`Options::optimization_budget`],
//! [`Options::online_optimization_budget`]); it is off by default, since on
//! our benchmarks its time costs more than its fewer expansions save. Every
//! limit is a count, not a time, so that the same task gives the same
//! orders and estimates. `ucp` is the uniform partitioning of the same
//! projections.
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
pub mod sampling;
pub mod selection;
pub mod variables;

use super::{Estimate, Heuristic};
use crate::task::{FactId, Task};
use cost_partitioning::{DeadEnds, Lookup};
use projection::{INFINITY, Projection};
use selection::Selection;
use variables::Variables;

/// Limits on what [`CostPartitioned`] builds.
#[derive(Clone, Debug)]
pub struct Options {
    /// Which patterns to project on.
    pub selection: Selection,
    /// The largest pattern of the systematic selection.
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
    /// Hill climbing on the greedy orders made before the search (the
    /// initial state's, the diversified ones): the most saturated cost
    /// partitionings it computes per order (0: the greedy order as it is).
    pub optimization_budget: u64,
    /// The same for each online order.
    pub online_optimization_budget: u64,
    /// Offline diversification: states sampled by random walks before the
    /// search (0: none).
    pub samples: usize,
    /// Offline diversification: the most orders tried, one per sample.
    pub max_diversification_orders: usize,
    /// The seed of the random walks.
    pub seed: u64,
    /// Greedy orders score a projection by the costs it takes that others
    /// want too (Scorpion's surplus rule; `stolen_costs` below) rather than by
    /// all the costs it takes.
    pub contested_stolen_costs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            selection: Selection::SysScp(selection::SysScp::default()),
            max_pattern_size: 2,
            max_patterns: 10_000,
            max_states: 1_000_000,
            max_transitions: 10_000_000,
            interval: 10_000,
            max_table_bytes: 256 << 20,
            optimization_budget: 0,
            online_optimization_budget: 0,
            samples: 1000,
            max_diversification_orders: 100,
            seed: 2020,
            contested_stolen_costs: false,
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
    /// The abstract dead ends, checked once per state before the lookups.
    dead_ends: DeadEnds,
    lookups: Vec<Lookup>,
    partitioning: Partitioning,
    interval: u64,
    optimization_budget: u64,
    online_optimization_budget: u64,
    max_table_bytes: usize,
    table_bytes: usize,
    evaluations: u64,
    /// Online orders tried and kept.
    tried: u64,
    values: Vec<u32>,
    ranks: Vec<usize>,
    scratch: Vec<u32>,
    /// What the pattern selection did.
    selection: selection::Stats,
}

impl CostPartitioned {
    /// The better of two sets of variables: those of `groups` (the invariant
    /// synthesis's) and the task's monotone groups, by the estimate of the
    /// initial state (the first on a tie). Neither always wins: on
    /// Blocksworld the monotone groups give 18 where the synthesis's give 15
    /// (blocks 10-0), on Logistics 9 where they give 35 (logistics 9-0).
    pub fn best_of(
        task: &Task,
        groups: Option<&[Vec<FactId>]>,
        partitioning: Partitioning,
        options: &Options,
    ) -> CostPartitioned {
        let mut first = CostPartitioned::new(task, groups, partitioning, options);
        if groups.is_none() {
            return first;
        }
        let mut second = CostPartitioned::new(task, None, partitioning, options);
        let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        let a = first.estimate(init.words());
        let b = second.estimate(init.words());
        // Estimates of the initial state count as evaluations; start afresh.
        first.evaluations = 0;
        second.evaluations = 0;
        if b > a { second } else { first }
    }

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
        let mut h = Vec::new();
        let mut saturated = vec![0u32; costs.len()];
        let selected = select_patterns(&vars, &costs, options);
        for p in selected.projections {
            p.distances(&costs, &mut h);
            // An abstraction whose every distance is 0 never helps.
            if h.iter().all(|&x| x == 0) {
                continue;
            }
            p.saturated_costs(&h, &mut saturated);
            stolen.push(saturated.iter().map(|&c| u64::from(c)).sum());
            full.push(h.clone().into_boxed_slice());
            projections.push(p);
        }
        if options.contested_stolen_costs {
            stolen = stolen_costs(&projections, &full, &costs);
        }
        let name = match partitioning {
            Partitioning::Saturated => "scp",
            Partitioning::Uniform => "ucp",
        };
        let dead_ends = DeadEnds::new(full.iter().map(|h| &h[..]));
        let mut heuristic = CostPartitioned {
            name,
            vars,
            projections,
            costs,
            full,
            stolen,
            dead_ends,
            lookups: Vec::new(),
            partitioning,
            interval: options.interval,
            optimization_budget: options.optimization_budget,
            online_optimization_budget: options.online_optimization_budget,
            max_table_bytes: options.max_table_bytes,
            table_bytes: 0,
            evaluations: 0,
            tried: 0,
            values: Vec::new(),
            ranks: Vec::new(),
            scratch: Vec::new(),
            selection: selected.stats,
        };
        let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        let first = match partitioning {
            Partitioning::Uniform => {
                cost_partitioning::uniform(&heuristic.projections, &heuristic.costs)
            }
            Partitioning::Saturated => {
                heuristic.rank(init.words());
                heuristic.saturated_for_ranks(options.optimization_budget)
            }
        };
        heuristic.table_bytes = first.bytes();
        heuristic.lookups.push(first);
        if partitioning == Partitioning::Saturated && options.samples > 0 {
            heuristic.diversify(task, init.words(), options);
        }
        heuristic
    }

    /// Offline diversification (Seipp, Keller and Helmert 2020, Sect. 7):
    /// samples states by random walks, makes an order for each in turn, and
    /// keeps it if it raises the estimate of some sample above what the
    /// orders kept so far give it. Samples that are dead ends are dropped.
    fn diversify(&mut self, task: &Task, init: &[u64], options: &Options) {
        self.rank(init);
        let Some(h_init) = self.max_value() else {
            return;
        };
        let mut rng = sampling::SplitMix(options.seed);
        let states = sampling::random_walks(task, init, h_init, options.samples, &mut rng);
        let (mut samples, mut best) = (Vec::new(), Vec::new());
        for state in &states {
            self.rank(state);
            if let Some(v) = self.max_value() {
                samples.push(self.ranks.clone());
                best.push(v);
            }
        }
        for ranks in samples.iter().take(options.max_diversification_orders) {
            if self.table_bytes >= self.max_table_bytes {
                break;
            }
            self.ranks.clone_from(ranks);
            let lookup = self.saturated_for_ranks(self.optimization_budget);
            let values: Vec<u32> = samples.iter().map(|r| lookup.value(r)).collect();
            if values.iter().zip(&best).any(|(v, b)| v > b) {
                for (b, &v) in best.iter_mut().zip(&values) {
                    *b = (*b).max(v);
                }
                self.table_bytes += lookup.bytes();
                self.lookups.push(lookup);
            }
        }
    }

    /// The maximum over the orders kept for the state last ranked, `None`
    /// for a dead end.
    fn max_value(&self) -> Option<u32> {
        if self.dead_ends.contains(&self.ranks) {
            return None;
        }
        let values = self.lookups.iter().map(|l| l.value(&self.ranks));
        Some(values.max().unwrap_or(0))
    }

    /// The orders whose partitionings are kept (the initial state's, the
    /// diversified and the online ones).
    pub fn orders(&self) -> usize {
        self.lookups.len()
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
    /// last ranked, improved by hill climbing within `budget`.
    fn saturated_for_ranks(&mut self, mut budget: u64) -> Lookup {
        self.scratch.clear();
        self.scratch
            .extend(self.full.iter().zip(&self.ranks).map(|(h, &r)| h[r]));
        let mut order = cost_partitioning::greedy_order(&self.scratch, &self.stolen);
        let lookup = cost_partitioning::saturated(&self.projections, &order, &self.costs);
        if budget == 0 {
            return lookup;
        }
        // The greedy order puts the abstractions that see the state's goal
        // distance as 0 last.
        let relevant = order.iter().take_while(|&&a| self.scratch[a] > 0).count();
        cost_partitioning::optimize(
            &self.projections,
            &self.costs,
            &self.ranks,
            &mut order,
            relevant,
            lookup,
            &mut budget,
        )
    }
}

/// The projections the selection of `options` chooses, under `costs`.
fn select_patterns(vars: &Variables, costs: &[u32], options: &Options) -> selection::Selected {
    match &options.selection {
        Selection::Systematic => selection::systematic(
            vars,
            costs,
            options.max_pattern_size,
            options.max_patterns,
            options.max_states,
            options.max_transitions,
        ),
        Selection::SysScp(limits) => selection::sys_scp(vars, costs, limits),
    }
}

/// The costs each projection takes from the others (Seipp, Keller and
/// Helmert 2020): of the saturated costs `want_i(o)` it wants under the
/// full costs, only the part that the others then lack,
/// `min(want_i(o), max(0, sum_j want_j(o) - c(o)))`, summed over the
/// operators. An operator no other projection needs is free to take.
fn stolen_costs(projections: &[Projection], full: &[Box<[u32]>], costs: &[u32]) -> Vec<u64> {
    let mut wanted = vec![0u64; costs.len()];
    let mut saturated = vec![0u32; costs.len()];
    for (p, h) in projections.iter().zip(full) {
        p.saturated_costs(h, &mut saturated);
        for (w, &s) in wanted.iter_mut().zip(&saturated) {
            *w += u64::from(s);
        }
    }
    let surplus: Vec<u64> = (wanted.iter().zip(costs))
        .map(|(&w, &c)| w.saturating_sub(u64::from(c)))
        .collect();
    (projections.iter().zip(full))
        .map(|(p, h)| {
            p.saturated_costs(h, &mut saturated);
            (saturated.iter().zip(&surplus))
                .map(|(&s, &over)| u64::from(s).min(over))
                .sum()
        })
        .collect()
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
        let Some(mut best) = self.max_value() else {
            return Estimate::DeadEnd;
        };
        self.evaluations += 1;
        if self.partitioning == Partitioning::Saturated
            && self.interval > 0
            && self.evaluations.is_multiple_of(self.interval)
            && self.table_bytes < self.max_table_bytes
        {
            self.tried += 1;
            let lookup = self.saturated_for_ranks(self.online_optimization_budget);
            let v = lookup.value(&self.ranks);
            if v > best {
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
        // Projections by pattern size, from 1 to the largest (at least 3).
        let largest = (self.projections.iter().map(|p| p.pattern().len()))
            .max()
            .unwrap_or(0)
            .max(3);
        let mut sizes = vec![0usize; largest];
        for p in &self.projections {
            sizes[p.pattern().len() - 1] += 1;
        }
        let join = |parts: Vec<String>| parts.join("/");
        let stats = &self.selection;
        let passes = match stats.passes {
            0 => String::new(),
            1 => " in 1 pass".to_string(),
            n => format!(" in {n} passes"),
        };
        vec![format!(
            "{}: {} variables, {} projections (sizes {}: {}), {} abstract states, \
                 {} transitions; patterns: {} made (up to size {}), {} evaluated{}, \
                 {} too large",
            self.name,
            self.vars.len(),
            self.projections.len(),
            join((1..=largest).map(|k| k.to_string()).collect()),
            join(sizes.iter().map(usize::to_string).collect()),
            states,
            transitions,
            stats.made,
            stats.largest,
            stats.evaluated,
            passes,
            stats.too_large,
        )]
    }
}

#[cfg(test)]
mod tests;
