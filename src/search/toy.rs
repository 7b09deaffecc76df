//! Toy tasks and search spaces for the unit tests (pyperplan's `dummy_task`).
//!
//! [`Graph`] is an explicit weighted digraph: node `v` is the one word `[v]`,
//! edge `i` is operator `OpId(i)`. Heuristics for it: [`Zero`], [`Table`]
//! (any fixed values, e.g. the perfect one from [`Graph::perfect`]).

use super::{SearchSpace, Successors};
use crate::heuristics::{Estimate, Heuristic};
use crate::task::{Atom, FactId, OpId, Operator, Task};
use indexmap::IndexSet;

/// An explicit graph with costed edges, a start node and target nodes.
#[derive(Clone, Debug)]
pub struct Graph {
    pub nodes: u64,
    /// `(from, to, cost)`; edge `i` is operator `OpId(i)`.
    pub edges: Vec<(u64, u64, u32)>,
    pub start: u64,
    pub targets: Vec<u64>,
    /// Nodes `prune` refuses, and how often it was asked to (for the hook tests).
    pub vetoed: Vec<u64>,
    pub pruned: u64,
    pub expanded: Vec<(u64, u32)>,
    /// The graph walked backwards ([`Graph::reversed`]): plans are reversed.
    pub backward: bool,
    /// What [`SearchSpace::is_complete`] says.
    pub complete: bool,
}

impl Graph {
    pub fn new(nodes: u64, edges: &[(u64, u64, u32)], start: u64, targets: &[u64]) -> Graph {
        Graph {
            nodes,
            edges: edges.to_vec(),
            start,
            targets: targets.to_vec(),
            vetoed: Vec::new(),
            pruned: 0,
            expanded: Vec::new(),
            backward: false,
            complete: true,
        }
    }

    /// The backward space of a graph with one target: every edge turned
    /// around (keeping its operator id), from the target to the start.
    pub fn reversed(&self) -> Graph {
        assert_eq!(self.targets.len(), 1, "one target to start from");
        let edges: Vec<(u64, u64, u32)> = self.edges.iter().map(|&(a, b, c)| (b, a, c)).collect();
        let mut g = Graph::new(self.nodes, &edges, self.targets[0], &[self.start]);
        g.backward = true;
        g
    }

    /// A random graph from `seed` with `n` nodes and `m` edges of costs 0, 1,
    /// 2 and 5 (zero-cost edges included), from node 0 to node `n - 1`.
    pub fn random(seed: u64, n: u64, m: usize) -> Graph {
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move |k: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % k
        };
        let costs = [0, 1, 2, 5];
        let edges: Vec<(u64, u64, u32)> = (0..m)
            .map(|_| (next(n), next(n), costs[next(4) as usize]))
            .collect();
        Graph::new(n, &edges, 0, &[n - 1])
    }

    /// The number line `0..n` with unit-cost `inc` and `dec` between neighbours.
    pub fn line(n: u64, start: u64, target: u64) -> Graph {
        let mut edges = Vec::new();
        for v in 0..n.saturating_sub(1) {
            edges.push((v, v + 1, 1));
            edges.push((v + 1, v, 1));
        }
        Graph::new(n, &edges, start, &[target])
    }

    /// The cost of the cheapest path from each node to a target (Bellman-Ford,
    /// fine for toy sizes); `None` where no target is reachable.
    pub fn perfect(&self) -> Vec<Option<u32>> {
        let mut h: Vec<Option<u32>> = (0..self.nodes)
            .map(|v| self.targets.contains(&v).then_some(0))
            .collect();
        for _ in 0..self.nodes {
            for &(from, to, cost) in &self.edges {
                if let Some(ht) = h[to as usize] {
                    let via = ht + cost;
                    if h[from as usize].is_none_or(|hf| via < hf) {
                        h[from as usize] = Some(via);
                    }
                }
            }
        }
        h
    }

    /// The sum of the costs of `plan`, if it is a path from the start to a target.
    pub fn plan_cost(&self, plan: &[OpId]) -> Option<u32> {
        let mut at = self.start;
        let mut cost = 0;
        for op in plan {
            let (from, to, c) = self.edges[op.index()];
            if from != at {
                return None;
            }
            at = to;
            cost += c;
        }
        self.targets.contains(&at).then_some(cost)
    }
}

impl SearchSpace for Graph {
    fn words(&self) -> usize {
        1
    }
    fn start(&self, node: &mut [u64]) {
        node[0] = self.start;
    }
    fn is_target(&self, node: &[u64]) -> bool {
        self.targets.contains(&node[0])
    }
    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        out.clear();
        for (i, &(from, to, _)) in self.edges.iter().enumerate() {
            if from == node[0] {
                out.push(OpId(i as u32), node)[0] = to;
            }
        }
    }
    fn cost(&self, op: OpId) -> u32 {
        self.edges[op.index()].2
    }
    fn min_cost(&self) -> u32 {
        self.edges.iter().map(|e| e.2).min().unwrap_or(0)
    }
    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.expanded.push((node[0], g));
    }
    fn prune(&mut self, node: &[u64], _g: u32) -> bool {
        let veto = self.vetoed.contains(&node[0]);
        self.pruned += u64::from(veto);
        veto
    }
    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        vec![("vetoed", self.pruned)]
    }
    fn is_complete(&self) -> bool {
        self.complete
    }
    fn plan_from_path(&self, mut path: Vec<OpId>) -> Vec<OpId> {
        if self.backward {
            path.reverse();
        }
        path
    }
}

/// h = 0 everywhere.
pub struct Zero;

impl Heuristic for Zero {
    fn name(&self) -> &'static str {
        "zero"
    }
    fn is_admissible(&self) -> bool {
        true
    }
    fn estimate(&mut self, _state: &[u64]) -> Estimate {
        Estimate::Value(0)
    }
}

/// Fixed values per graph node (`None` is a dead end), fixed preferred
/// operators for every node, and optional fixed tie-breakers per node.
pub struct Table {
    pub h: Vec<Option<u32>>,
    pub preferred: Vec<OpId>,
    /// Per node; empty for no tie-breaker.
    pub ties: Vec<u32>,
    /// The feature-space cell per node; empty for no features.
    pub features: Vec<u32>,
    pub calls: u64,
    last: usize,
}

impl Table {
    pub fn new(h: Vec<Option<u32>>) -> Table {
        Table {
            h,
            preferred: Vec::new(),
            ties: Vec::new(),
            features: Vec::new(),
            calls: 0,
            last: 0,
        }
    }
}

impl Heuristic for Table {
    fn name(&self) -> &'static str {
        "table"
    }
    fn is_admissible(&self) -> bool {
        false
    }
    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.calls += 1;
        self.last = state[0] as usize;
        match self.h[state[0] as usize] {
            Some(v) => Estimate::Value(v),
            None => Estimate::DeadEnd,
        }
    }
    fn preferred_operators(&self) -> &[OpId] {
        &self.preferred
    }
    fn tie_breaker(&self) -> Option<u32> {
        self.ties.get(self.last).copied()
    }
}

impl crate::heuristics::Features for Table {
    fn feature(&self) -> Option<u32> {
        self.features.get(self.last).copied()
    }

    fn as_heuristic(&mut self) -> &mut dyn Heuristic {
        self
    }
}

/// A task over `n` facts with one operator per `(pre, neg_pre)` and no effects.
pub fn task_with_ops(n: u32, ops: &[(&[u32], &[u32])]) -> Task {
    let ids = |l: &[u32]| l.iter().map(|&f| FactId(f)).collect::<Box<[FactId]>>();
    let operators = ops
        .iter()
        .enumerate()
        .map(|(i, (pre, neg))| Operator {
            name: format!("op{i}"),
            pre: ids(pre),
            neg_pre: ids(neg),
            add: Box::new([]),
            del: Box::new([]),
            cost: 1,
            conditional: Box::new([]),
        })
        .collect();
    task(n, operators, &[], &[])
}

/// A task with facts `(p0) .. (p{n-1})`.
pub fn task(n: u32, operators: Vec<Operator>, init: &[u32], goal: &[u32]) -> Task {
    let facts: IndexSet<Atom> = (0..n)
        .map(|i| Atom {
            predicate: format!("p{i}"),
            args: Vec::new(),
        })
        .collect();
    Task {
        domain_name: "toy".into(),
        problem_name: "toy".into(),
        facts,
        operators,
        init: init.iter().map(|&f| FactId(f)).collect(),
        goal: goal.iter().map(|&f| FactId(f)).collect(),
        neg_goal: Box::new([]),
        has_action_costs: false,
        axioms: Vec::new(),
        derived: Box::new([]),
    }
}

/// The number line as a STRIPS task: fact `i` is "at i", operator `2i` moves
/// right from `i`, `2i + 1` moves left to `i`; from 0 to `n - 1`.
pub fn line_task(n: u32) -> Task {
    let mut ops = Vec::new();
    for i in 0..n.saturating_sub(1) {
        for (from, to, dir) in [(i, i + 1, "right"), (i + 1, i, "left")] {
            ops.push(Operator {
                name: format!("{dir} p{from} p{to}"),
                pre: Box::new([FactId(from)]),
                neg_pre: Box::new([]),
                add: Box::new([FactId(to)]),
                del: Box::new([FactId(from)]),
                cost: 1,
                conditional: Box::new([]),
            });
        }
    }
    task(n, ops, &[0], &[n.saturating_sub(1)])
}

/// A random task: `ops` operators with 0-4 preconditions, some negative.
pub fn random_task(seed: u64, facts: usize, ops: usize) -> Task {
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
        | 1;
    let mut next = move |m: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % m as u64) as u32
    };
    let list = |k: usize, next: &mut dyn FnMut(usize) -> u32| {
        let mut l: Vec<u32> = (0..k).map(|_| next(facts)).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    let mut spec = Vec::new();
    for _ in 0..ops {
        let k = next(5) as usize;
        let pre = list(k, &mut next);
        let neg: Vec<u32> = list(next(2) as usize, &mut next)
            .into_iter()
            .filter(|f| !pre.contains(f))
            .collect();
        spec.push((pre, neg));
    }
    let refs: Vec<(&[u32], &[u32])> = spec.iter().map(|(p, n)| (&p[..], &n[..])).collect();
    task_with_ops(facts as u32, &refs)
}
