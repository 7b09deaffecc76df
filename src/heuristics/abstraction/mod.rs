//! Abstraction heuristics: pattern databases and Cartesian abstractions,
//! added up by cost partitioning.
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
//!    group (a truck's position), which is what abstractions abstract,
//!    their operators strengthened by the other mutex groups ([`FactGroups`]);
//!    [`choice`]: which of two sets of mutex groups to take.
//! 2. [`transitions`]: what every abstraction has, an explicit abstract
//!    transition system with its goal distances under any costs and their
//!    saturated costs; [`transitions::Abstraction`] is either kind below.
//! 3. [`projection`]: a pattern database, the task projected on a few
//!    variables, its states perfectly hashed; [`patterns`]: the patterns
//!    worth projecting on (the interesting ones, by size), and
//!    [`selection`]: which of them to build. By default every one of up to
//!    two variables, and larger ones (up to ten) only where they add to a
//!    saturated cost partitioning of those selected before them (Sys-SCP,
//!    Seipp 2019), within counts of projections judged and of their
//!    transitions; or, for `ipdb`, the collection that iPDB's hill climbing
//!    grows from the goal variables ([`selection::hill_climbing`](mod@selection::hill_climbing)).
//! 4. [`cartesian`]: a Cartesian abstraction (every abstract state a product
//!    of value sets), refined by CEGAR where its abstract plans fail in the
//!    task; [`decomposition`]: which ones to build (one per goal fact, one
//!    per landmark).
//! 5. [`cost_partitioning`]: adding the abstractions' estimates without
//!    overestimating: saturated cost partitioning over orders, uniform and
//!    optimal (by linear programming) as baselines.
//!
//! [`CostPartitioned`] puts them together as a [`Heuristic`]: `scp` is the
//! maximum over saturated cost partitionings of the selected projections
//! and the Cartesian abstractions of the goals and landmarks (each refined
//! under the costs the ones before it left, within a shared budget of
//! states; [`Options::cartesian`] switches them off, [`Options::projections`]
//! the projections, which is the `cegar` heuristic), in three kinds of orders
//! (Seipp, Keller and Helmert 2020; Seipp 2021):
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
//! abstractions. `ocp` is the optimal partitioning of the projections of up
//! to two variables, a linear program solved in every state
//! ([`cost_partitioning::optimal`]): a slow baseline that no partitioning of
//! the same abstractions beats.
//!
//! Example (Gripper, two balls): the projection on ball 1's variable has
//! the abstract states "in room a", "in room b", "carried by the left
//! gripper", "carried by the right gripper"; from "in room a" the goal
//! "in room b" is two steps away (pick, drop), which the robot's moves do not
//! change since the robot is not in the pattern. The Cartesian abstraction
//! for the same goal also splits the robot's variable where its plans fail
//! (the drop needs the robot in room b), and estimates three steps from
//! the initial state (pick, move, drop).

pub mod cartesian;
pub mod choice;
pub mod cost_partitioning;
pub mod decomposition;
pub mod patterns;
pub mod projection;
mod ranking;
pub mod report;
pub mod sampling;
pub mod selection;
pub mod transitions;
pub mod variables;

use super::{Estimate, Heuristic};
use crate::task::{FactId, Task};
use cartesian::Cartesian;
use cost_partitioning::{DeadEnds, Lookup, Saturator};
use projection::Projection;
use selection::Selection;
use transitions::{Abstraction, INFINITY};
use variables::Variables;

/// What the abstractions are built from besides the task's operators: the
/// groups that become variables, and the mutex groups that strengthen the
/// operators ([`Variables::forbid_mutexes`]).
///
/// On Floortile the variables are a robot's tile and each tile's paint (or
/// "clear"), and the robot standing on a tile is mutex with the tile being
/// clear or painted. Painting a tile from below then forbids the tile below
/// to be painted, so the projection on a tile and its two neighbours sees
/// that a clear tile between two painted ones can never be painted: opt-p04-008
/// expands 88,469 states where the plain operators expand more than 1.2
/// million in 60 s without finishing.
#[derive(Clone, Copy, Debug, Default)]
pub struct FactGroups<'a> {
    /// Disjoint at-most-one groups, one variable each (Fast Downward's SAS+
    /// variables); `None`: the task's monotone groups
    /// ([`crate::invariants::monotone_groups`]).
    pub variables: Option<&'a [Vec<FactId>]>,
    /// Proven at-most-one groups, overlapping ones included (the invariant
    /// synthesis's); empty: the operators as they are.
    pub mutexes: &'a [Vec<FactId>],
}

impl<'a> FactGroups<'a> {
    /// The variables of `groups`, no mutex groups besides them.
    pub fn of(groups: &'a [Vec<FactId>]) -> FactGroups<'a> {
        FactGroups {
            variables: Some(groups),
            mutexes: &[],
        }
    }

    /// The task's monotone groups as the variables, their operators as they
    /// are.
    ///
    /// The monotone groups are many small variables (Grid: 854 of them, 2,445
    /// projections of up to two), and strengthened they win [`choice`]'s
    /// judgement on Grid while taking ten times as long to build: prob04 took
    /// 183 s instead of 16 s, Parking pfile04-015 106 s instead of 23 s. Only
    /// the synthesised variables are strengthened.
    pub fn monotone(self) -> FactGroups<'a> {
        FactGroups {
            variables: None,
            mutexes: &[],
        }
    }
}

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
    /// Projections on the interesting patterns.
    pub projections: bool,
    /// Cartesian abstractions, one per goal fact and per landmark
    /// ([`decomposition`]), refined by CEGAR.
    pub cartesian: bool,
    /// The most abstract states of all Cartesian abstractions together;
    /// each gets an equal share of what the ones before it left. 20,000
    /// (Scorpion allows 100,000 or more, within a time limit): on our
    /// benchmarks (benches/README.md) five times as many states cut few
    /// more expansions and cost more time to refine and, on Blocksworld, to
    /// look up.
    pub cartesian_max_states: u32,
    /// The most transitions of all Cartesian abstractions together (ten
    /// per state allowed).
    pub cartesian_max_transitions: usize,
    /// How the partitionings made for a state (the initial state's, the
    /// diversified and the online ones) saturate: `perimstar` over general
    /// costs by default, as Scorpion.
    pub saturator: Saturator,
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
            projections: true,
            cartesian: true,
            cartesian_max_states: 20_000,
            cartesian_max_transitions: 200_000,
            saturator: Saturator::default(),
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
    /// Optimal, by a linear program in every state (a baseline, slow).
    Optimal,
}

/// The maximum over cost partitionings of abstractions; see the module docs.
pub struct CostPartitioned {
    name: &'static str,
    vars: Variables,
    abstractions: Vec<Abstraction>,
    costs: Vec<u32>,
    /// Each abstraction's goal distances under the full costs, and the sum
    /// of its saturated costs under them (for greedy orders).
    full: Vec<Box<[u32]>>,
    stolen: Vec<u64>,
    /// The abstract dead ends, checked once per state before the lookups.
    dead_ends: DeadEnds,
    lookups: Vec<Lookup>,
    partitioning: Partitioning,
    saturator: Saturator,
    /// The linear program of optimal cost partitioning (`ocp` only), in
    /// place of the lookups.
    optimal: Option<cost_partitioning::optimal::Optimal>,
    interval: u64,
    optimization_budget: u64,
    online_optimization_budget: u64,
    max_table_bytes: usize,
    table_bytes: usize,
    evaluations: u64,
    /// Online orders tried.
    tried: u64,
    /// Online orders kept: each raised the estimate of the state it was
    /// made for.
    kept_online: u64,
    values: Vec<u32>,
    ranks: Vec<usize>,
    /// The abstractions in some kept partitioning, sorted: only they are
    /// looked up during the search.
    used: Vec<usize>,
    /// How to rank a state in the `used` abstractions.
    ranking: ranking::Ranking,
    scratch: Vec<u32>,
    /// What the pattern selection did.
    selection: selection::Stats,
}

impl CostPartitioned {
    /// The heuristic over `task`'s abstractions, with the variables and
    /// mutex groups of `groups`.
    pub fn new(
        task: &Task,
        groups: FactGroups,
        partitioning: Partitioning,
        options: &Options,
    ) -> CostPartitioned {
        let monotone;
        let variables = match groups.variables {
            Some(g) => g,
            None => {
                monotone = crate::invariants::monotone_groups(task);
                &monotone
            }
        };
        let mut vars = Variables::new(task, variables);
        vars.forbid_mutexes(task, groups.mutexes);
        let costs: Vec<u32> = task.operators.iter().map(|o| o.cost).collect();
        let mut abstractions = Vec::new();
        let (mut full, mut stolen) = (Vec::new(), Vec::new());
        let mut h = Vec::new();
        let mut saturated = vec![0u32; costs.len()];
        // Keeps an abstraction unless its every distance is 0 (it never
        // helps), with its distances and saturated costs under the full costs.
        let mut keep = |a: Abstraction, abstractions: &mut Vec<Abstraction>| -> bool {
            let system: &transitions::Transitions = a.as_ref();
            system.distances(&costs, &mut h);
            if h.iter().all(|&x| x == 0) {
                return false;
            }
            system.saturated_costs(&h, &mut saturated);
            stolen.push(saturated.iter().map(|&c| u64::from(c)).sum());
            full.push(h.clone().into_boxed_slice());
            abstractions.push(a);
            true
        };
        let mut selection = selection::Stats::default();
        if options.projections {
            let selected = select_patterns(task, &vars, &costs, options);
            selection = selected.stats;
            for p in selected.projections {
                keep(Abstraction::Projection(p), &mut abstractions);
            }
        }
        if options.cartesian {
            for a in cartesian_abstractions(task, &vars, &costs, options) {
                keep(a, &mut abstractions);
            }
        }
        if options.contested_stolen_costs {
            stolen = stolen_costs(&abstractions, &full, &costs);
        }
        let name = match partitioning {
            Partitioning::Saturated => "scp",
            Partitioning::Uniform => "ucp",
            Partitioning::Optimal => "ocp",
        };
        let dead_ends = DeadEnds::new(full.iter().map(|h| &h[..]));
        let mut heuristic = CostPartitioned {
            name,
            vars,
            abstractions,
            costs,
            full,
            stolen,
            dead_ends,
            lookups: Vec::new(),
            partitioning,
            saturator: options.saturator,
            optimal: None,
            interval: options.interval,
            optimization_budget: options.optimization_budget,
            online_optimization_budget: options.online_optimization_budget,
            max_table_bytes: options.max_table_bytes,
            table_bytes: 0,
            evaluations: 0,
            tried: 0,
            kept_online: 0,
            values: Vec::new(),
            ranks: Vec::new(),
            used: Vec::new(),
            ranking: ranking::Ranking::default(),
            scratch: Vec::new(),
            selection,
        };
        let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        let first = match partitioning {
            Partitioning::Uniform => {
                cost_partitioning::uniform(&heuristic.abstractions, &heuristic.costs)
            }
            Partitioning::Saturated => {
                heuristic.rank(init.words());
                heuristic.saturated_for_ranks(options.optimization_budget)
            }
            Partitioning::Optimal => {
                heuristic.optimal = Some(cost_partitioning::optimal::Optimal::new(
                    &heuristic.abstractions,
                    &heuristic.costs,
                ));
                // Every abstraction is looked up: none is dropped as it is
                // from the lookups of the other partitionings.
                heuristic.used = (0..heuristic.abstractions.len()).collect();
                heuristic.ranking = ranking::Ranking::new(&heuristic.abstractions, &heuristic.used);
                return heuristic;
            }
        };
        heuristic.table_bytes = first.bytes();
        heuristic.lookups.push(first);
        if partitioning == Partitioning::Saturated {
            heuristic.add_kind_orders(init.words());
        }
        if partitioning == Partitioning::Saturated && options.samples > 0 {
            heuristic.diversify(task, init.words(), options);
        }
        heuristic.update_used();
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

    /// Keeps two more orders, each if it raises the estimate of `init`: the
    /// Cartesian abstractions first, in the order they were built (so each
    /// gets the costs it was refined under), then the projections in the
    /// greedy order; and the projections first, greedily, then the Cartesian
    /// abstractions. A greedy order over both kinds can miss either: on
    /// elevators p02 it gives 13 where the first gives 26, on blocks 7-0 15
    /// where the second gives 16.
    fn add_kind_orders(&mut self, init: &[u64]) {
        let is_cartesian = |a: &Abstraction| matches!(a, Abstraction::Cartesian(_));
        let cartesian: Vec<usize> = (0..self.abstractions.len())
            .filter(|&a| is_cartesian(&self.abstractions[a]))
            .collect();
        if cartesian.is_empty() {
            return;
        }
        self.rank(init);
        self.scratch.clear();
        (self.scratch).extend(self.full.iter().zip(&self.ranks).map(|(h, &r)| h[r]));
        let greedy = cost_partitioning::greedy_order(&self.scratch, &self.stolen);
        let projections: Vec<usize> = (greedy.into_iter())
            .filter(|&a| !is_cartesian(&self.abstractions[a]))
            .collect();
        let orders = [
            cartesian
                .iter()
                .chain(&projections)
                .copied()
                .collect::<Vec<usize>>(),
            projections.iter().chain(&cartesian).copied().collect(),
        ];
        for order in &orders {
            let lookup = cost_partitioning::saturate(
                &self.abstractions,
                order,
                &self.costs,
                self.saturator,
                &self.ranks,
            );
            let before = self.max_value();
            if before.is_some_and(|b| lookup.value(&self.ranks) > b) {
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

    /// The abstractions, in the order they were built: the projections,
    /// then the Cartesian abstractions.
    pub fn abstractions(&self) -> &[Abstraction] {
        &self.abstractions
    }

    /// The same heuristic under another name (the table's rows that
    /// configure it differently: `cegar`, `scp-sys2`, `ipdb`).
    pub fn named(mut self, name: &'static str) -> Self {
        self.name = name;
        self
    }

    /// The linear program of optimal cost partitioning (`ocp` only): how
    /// many it solved and failed on.
    pub fn optimal(&self) -> Option<&cost_partitioning::optimal::Optimal> {
        self.optimal.as_ref()
    }

    /// The projections among the abstractions.
    pub fn projections(&self) -> impl Iterator<Item = &Projection> {
        (self.abstractions.iter()).filter_map(|a| match a {
            Abstraction::Projection(p) => Some(p),
            Abstraction::Cartesian(_) => None,
        })
    }

    /// Collects the abstractions of the kept partitionings and those with
    /// abstract dead ends.
    fn update_used(&mut self) {
        let lookups = self.lookups.iter().flat_map(Lookup::abstractions);
        self.used = lookups.chain(self.dead_ends.abstractions()).collect();
        self.used.sort_unstable();
        self.used.dedup();
        self.ranking = ranking::Ranking::new(&self.abstractions, &self.used);
    }

    /// Fills `ranks` with the abstract state of `state` in each abstraction
    /// that some kept partitioning uses (the others' entries are stale).
    fn rank_used(&mut self, state: &[u64]) {
        self.vars.values(state, &mut self.values);
        self.ranks.resize(self.abstractions.len(), 0);
        (self.ranking).rank(&self.abstractions, &self.values, state, &mut self.ranks);
    }

    /// Fills `ranks` with each abstraction's abstract state of `state`.
    fn rank(&mut self, state: &[u64]) {
        self.vars.values(state, &mut self.values);
        self.ranks.clear();
        let values = &self.values;
        (self.ranks).extend(
            self.abstractions
                .iter()
                .map(|a| a.abstract_state(values, state)),
        );
    }

    /// The saturated cost partitioning of the greedy order for the state
    /// last ranked, improved by hill climbing within `budget`.
    fn saturated_for_ranks(&mut self, mut budget: u64) -> Lookup {
        self.scratch.clear();
        self.scratch
            .extend(self.full.iter().zip(&self.ranks).map(|(h, &r)| h[r]));
        let mut order = cost_partitioning::greedy_order(&self.scratch, &self.stolen);
        let lookup = cost_partitioning::saturate(
            &self.abstractions,
            &order,
            &self.costs,
            self.saturator,
            &self.ranks,
        );
        if budget == 0 {
            return lookup;
        }
        // The greedy order puts the abstractions that see the state's goal
        // distance as 0 last.
        let relevant = order.iter().take_while(|&&a| self.scratch[a] > 0).count();
        let (abstractions, costs, saturator, ranks) =
            (&self.abstractions, &self.costs, self.saturator, &self.ranks);
        cost_partitioning::optimize(ranks, &mut order, relevant, lookup, &mut budget, |o| {
            cost_partitioning::saturate(abstractions, o, costs, saturator, ranks)
        })
    }
}

/// The projections the selection of `options` chooses, under `costs`.
fn select_patterns(
    task: &Task,
    vars: &Variables,
    costs: &[u32],
    options: &Options,
) -> selection::Selected {
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
        Selection::HillClimbing(limits) => {
            selection::hill_climbing(task, vars, costs, limits, options.seed)
        }
    }
}

/// The costs each abstraction takes from the others (Seipp, Keller and
/// Helmert 2020): of the saturated costs `want_i(o)` it wants under the
/// full costs, only the part that the others then lack,
/// `min(want_i(o), max(0, sum_j want_j(o) - c(o)))`, summed over the
/// operators. An operator no other abstraction needs is free to take.
fn stolen_costs(abstractions: &[Abstraction], full: &[Box<[u32]>], costs: &[u32]) -> Vec<u64> {
    let mut wanted = vec![0u64; costs.len()];
    let mut saturated = vec![0u32; costs.len()];
    for (p, h) in abstractions.iter().zip(full) {
        p.as_ref().saturated_costs(h, &mut saturated);
        for (w, &s) in wanted.iter_mut().zip(&saturated) {
            *w += u64::from(s);
        }
    }
    let surplus: Vec<u64> = (wanted.iter().zip(costs))
        .map(|(&w, &c)| w.saturating_sub(u64::from(c)))
        .collect();
    (abstractions.iter().zip(full))
        .map(|(p, h)| {
            p.as_ref().saturated_costs(h, &mut saturated);
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
        self.rank_used(state);
        let Some(mut best) = self.max_value() else {
            return Estimate::DeadEnd;
        };
        self.evaluations += 1;
        if let Some(lp) = &mut self.optimal {
            return match lp.solve(&self.ranks).estimate() {
                Some(h) => Estimate::Value(h),
                None => Estimate::DeadEnd,
            };
        }
        if self.partitioning == Partitioning::Saturated
            && self.interval > 0
            && self.evaluations.is_multiple_of(self.interval)
            && self.table_bytes < self.max_table_bytes
        {
            self.tried += 1;
            self.rank(state);
            let lookup = self.saturated_for_ranks(self.online_optimization_budget);
            let v = lookup.value(&self.ranks);
            if v > best {
                best = v;
                self.kept_online += 1;
                self.table_bytes += lookup.bytes();
                self.lookups.push(lookup);
                self.update_used();
            }
        }
        debug_assert!(best != INFINITY);
        Estimate::Value(best)
    }

    fn summary(&self) -> Vec<String> {
        let (mut projections, mut cartesian) = (Vec::new(), Vec::new());
        for a in &self.abstractions {
            match a {
                Abstraction::Projection(p) => projections.push(p),
                Abstraction::Cartesian(c) => cartesian.push(c),
            }
        }
        let states: u64 = (projections.iter())
            .map(|p| u64::from(p.num_states()))
            .sum();
        let transitions: usize = projections.iter().map(|p| p.num_transitions()).sum();
        let bytes: usize = projections.iter().map(|p| p.bytes()).sum();
        // Projections by pattern size, from 1 to the largest (at least 3).
        let largest = (projections.iter().map(|p| p.pattern().len()))
            .max()
            .unwrap_or(0)
            .max(3);
        let mut sizes = vec![0usize; largest];
        for p in &projections {
            sizes[p.pattern().len() - 1] += 1;
        }
        let join = |parts: Vec<String>| parts.join("/");
        let stats = &self.selection;
        let passes = match (stats.passes, stats.steps) {
            (0, 0) => String::new(),
            (1, _) => " in 1 pass".to_string(),
            (0, 1) => " in 1 hill-climbing step".to_string(),
            (0, n) => format!(" in {n} hill-climbing steps"),
            (n, _) => format!(" in {n} passes"),
        };
        let mut lines = vec![format!(
            "{}: {} variables, {} projections (sizes {}: {}), {} abstract states, \
                 {} transitions, {} bytes; patterns: {} made (up to size {}), {} evaluated{}, \
                 {} too large",
            self.name,
            self.vars.len(),
            projections.len(),
            join((1..=largest).map(|k| k.to_string()).collect()),
            join(sizes.iter().map(usize::to_string).collect()),
            states,
            transitions,
            bytes,
            stats.made,
            stats.largest,
            stats.evaluated,
            passes,
            stats.too_large,
        )];
        if !cartesian.is_empty() {
            let states: u64 = (cartesian.iter()).map(|c| u64::from(c.num_states())).sum();
            let transitions: usize = cartesian.iter().map(|c| c.num_transitions()).sum();
            let bytes: usize = cartesian.iter().map(|c| c.bytes()).sum();
            let solved = (cartesian.iter())
                .filter(|c| c.outcome() == cartesian::Outcome::Solved)
                .count();
            lines.push(format!(
                "{}: {} Cartesian abstractions ({} refined to a concrete plan), {} abstract \
                 states, {} transitions, {} bytes",
                self.name,
                cartesian.len(),
                solved,
                states,
                transitions,
                bytes,
            ));
        }
        let tables: usize = self.lookups.iter().map(Lookup::bytes).sum();
        let in_all = self.bytes().unwrap_or(0);
        lines.push(match self.partitioning {
            Partitioning::Saturated => format!(
                "{}: {} orders ({} added during the search, of {} tried), {} bytes of lookup \
                 tables, {} bytes in all",
                self.name,
                self.lookups.len(),
                self.kept_online,
                self.tried,
                tables,
                in_all,
            ),
            Partitioning::Uniform => format!(
                "{}: {} bytes of lookup tables, {} bytes in all",
                self.name, tables, in_all
            ),
            Partitioning::Optimal => format!(
                "{}: a linear program in every state over {} abstractions, {} bytes in all \
                 (the program's own data left out)",
                self.name,
                self.abstractions.len(),
                in_all
            ),
        });
        lines
    }

    /// The abstractions, their distances under the full costs and their dead
    /// ends, and every kept cost partitioning's lookup tables (`ocp`'s linear
    /// program left out).
    fn bytes(&self) -> Option<usize> {
        let abstractions: usize = self.abstractions.iter().map(Abstraction::bytes).sum();
        let full: usize = self.full.iter().map(|h| 4 * h.len()).sum();
        let tables: usize = self.lookups.iter().map(Lookup::bytes).sum();
        Some(abstractions + full + tables + self.dead_ends.bytes())
    }
}

/// The Cartesian abstractions of the goal and landmark subtasks
/// ([`decomposition`]), landmarks first, with *cost saturation* (Seipp and
/// Helmert 2018): each is refined under the costs the ones before it left,
/// and leaves what its saturated costs do not take, so that later ones
/// look where earlier ones did not. Each gets an equal share of the states
/// and transitions left.
fn cartesian_abstractions(
    task: &Task,
    vars: &Variables,
    costs: &[u32],
    options: &Options,
) -> Vec<Abstraction> {
    let init = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
    let mut values = Vec::new();
    vars.values(init.words(), &mut values);
    let mut subtasks = decomposition::landmarks(task, vars);
    subtasks.extend(decomposition::goals(vars));
    let mut left = costs.to_vec();
    let (mut states, mut transitions) = (options.cartesian_max_states, 0usize);
    let (mut h, mut saturated) = (Vec::new(), vec![0u32; costs.len()]);
    let mut built = Vec::new();
    for (i, goal) in subtasks.iter().enumerate() {
        let share = (subtasks.len() - i) as u32;
        let limits = cartesian::Limits {
            max_states: (states / share).max(1),
            max_transitions: (options.cartesian_max_transitions - transitions) / share as usize,
            max_refinements: u32::MAX,
        };
        let c = Cartesian::new(vars, &values, goal, &left, &limits);
        states -= c.num_states().min(states);
        transitions += c
            .num_transitions()
            .min(options.cartesian_max_transitions - transitions);
        let system: &transitions::Transitions = c.as_ref();
        system.distances(&left, &mut h);
        system.saturated_costs(&h, &mut saturated);
        for (l, s) in left.iter_mut().zip(&saturated) {
            *l -= s;
        }
        built.push(Abstraction::Cartesian(c));
    }
    built
}

#[cfg(test)]
mod tests;
