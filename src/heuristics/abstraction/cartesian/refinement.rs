//! The refinement loop's working state: a Cartesian abstraction while CEGAR
//! refines it ([`super`] explains the loop).
//!
//! Every abstract state keeps its value sets, one bitset over all variables'
//! values, and its transitions both ways, self-loops included: splitting a
//! state `a` on variable `v` into `a'` and `a''` only tests `v` again, for
//! each transition into `a`, out of it, and each of its self-loops, which may
//! become a transition between the two halves. Example: with the truck at
//! `a` or `b` in one state, `drive a b` is a self-loop; split on the truck,
//! it becomes the transition from "at `a`" to "at `b`".

use super::{Hierarchy, LEAF, Node};
use crate::heuristics::abstraction::transitions::INFINITY;
use crate::heuristics::abstraction::variables::{Var, Variables};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[inline]
fn bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// The abstraction while it is refined: every state's value sets, and the
/// transitions both ways, with self-loops (a split may turn one into a
/// transition between the two halves).
pub(super) struct Refinement<'a> {
    vars: &'a Variables,
    costs: &'a [u32],
    /// Variable `v`'s values are bits `offsets[v]..offsets[v + 1]` of a set.
    offsets: Vec<usize>,
    /// Words per state.
    words: usize,
    /// State `s`'s sets: `sets[s * words..(s + 1) * words]`.
    sets: Vec<u64>,
    /// The goal facts, in the same layout, and their variables.
    goal_bits: Vec<u64>,
    goal_vars: Vec<Var>,
    pub(super) goal: Vec<bool>,
    /// Per state: `(operator, target)` out, `(operator, source)` in, loops.
    pub(super) out: Vec<Vec<(u32, u32)>>,
    into: Vec<Vec<(u32, u32)>>,
    pub(super) loops: Vec<Vec<u32>>,
    pub(super) transitions: usize,
    /// Lower bounds on the goal distances (A*'s heuristic).
    h: Vec<u32>,
    pub(super) hierarchy: Hierarchy,
    /// Per state: its slot in the hierarchy (node, child), or the root.
    slot: Vec<(u32, u8)>,
    /// A*'s scratch: g-values valid where `seen == epoch`, and parents.
    g: Vec<u32>,
    seen: Vec<u32>,
    parent: Vec<(u32, u32)>,
    epoch: u32,
}

impl<'a> Refinement<'a> {
    /// The one-state abstraction: every possible operator is a self-loop.
    pub(super) fn new(
        vars: &'a Variables,
        goal: &[(Var, u32)],
        costs: &'a [u32],
    ) -> Refinement<'a> {
        let mut offsets = vec![0usize];
        for d in &vars.domains {
            offsets.push(offsets[offsets.len() - 1] + d.size() as usize);
        }
        let bits = offsets[vars.len()];
        let words = bits.div_ceil(64).max(1);
        let mut sets = vec![0u64; words];
        for i in 0..bits {
            sets[i / 64] |= 1 << (i % 64);
        }
        let mut goal_bits = vec![0u64; words];
        let mut goal_vars = Vec::new();
        for &(v, x) in goal {
            let i = offsets[v as usize] + x as usize;
            goal_bits[i / 64] |= 1 << (i % 64);
            goal_vars.push(v);
        }
        goal_vars.sort_unstable();
        goal_vars.dedup();
        let mut r = Refinement {
            vars,
            costs,
            offsets,
            words,
            sets,
            goal_bits,
            goal_vars,
            goal: vec![false],
            out: vec![Vec::new()],
            into: vec![Vec::new()],
            loops: vec![Vec::new()],
            transitions: 0,
            h: vec![0],
            hierarchy: Hierarchy {
                nodes: Vec::new(),
                pool: Vec::new(),
                root: LEAF,
            },
            slot: vec![(u32::MAX, 0)],
            g: vec![0],
            seen: vec![0],
            parent: vec![(0, 0)],
            epoch: 0,
        };
        r.goal[0] = r.is_goal(0);
        let all = r.state(0).to_vec();
        r.loops[0] = (0..vars.operators.len() as u32)
            .filter(|&o| {
                let op = &vars.operators[o as usize];
                op.possible && op.parts.iter().all(|p| r.step(o, p.var, &all, &all))
            })
            .collect();
        r
    }

    pub(super) fn num_states(&self) -> u32 {
        self.goal.len() as u32
    }

    fn state(&self, s: u32) -> &[u64] {
        &self.sets[s as usize * self.words..(s as usize + 1) * self.words]
    }

    fn has(&self, s: u32, v: Var, x: u32) -> bool {
        bit(self.state(s), self.offsets[v as usize] + x as usize)
    }

    /// Whether state `s` holds a goal fact.
    fn is_goal(&self, s: u32) -> bool {
        let set = self.state(s);
        self.goal_vars.iter().any(|&v| {
            let (lo, hi) = (self.offsets[v as usize], self.offsets[v as usize + 1]);
            (lo..hi).any(|i| bit(set, i) && bit(&self.goal_bits, i))
        })
    }

    /// Whether operator `o` can take a value of `v` in `from` to one in `to`
    /// (both a state's sets).
    fn step(&self, o: u32, v: Var, from: &[u64], to: &[u64]) -> bool {
        let off = self.offsets[v as usize];
        let domain = &self.vars.domains[v as usize];
        let parts = &self.vars.operators[o as usize].parts;
        match parts.binary_search_by_key(&v, |p| p.var) {
            Err(_) => (0..domain.size() as usize).any(|x| bit(from, off + x) && bit(to, off + x)),
            Ok(i) => {
                let p = &parts[i];
                let none = domain.none_value();
                let goes = |x: u32| {
                    bit(from, off + x as usize)
                        && p.allows(x)
                        && bit(to, off + p.apply(x, none) as usize)
                };
                match p.pre {
                    Some(x) => goes(x),
                    None => (0..domain.size()).any(goes),
                }
            }
        }
    }

    /// An optimal abstract plan from `start` to a goal state, as
    /// `(operator, next state)` steps; `None` if there is none. A* with `h`,
    /// which is admissible and consistent; afterwards every expanded state
    /// `s` gets `h(s) = max(h(s), g* - g(s))`, still both (Adaptive A*,
    /// Koenig and Likhachev 2006), so each search starts better informed.
    pub(super) fn astar(&mut self, start: u32) -> Option<Vec<(u32, u32)>> {
        self.epoch += 1;
        let epoch = self.epoch;
        let mut queue: BinaryHeap<Reverse<(u32, u32, u32)>> = BinaryHeap::new();
        let mut expanded: Vec<u32> = Vec::new();
        self.g[start as usize] = 0;
        self.seen[start as usize] = epoch;
        queue.push(Reverse((
            self.h[start as usize],
            self.h[start as usize],
            start,
        )));
        while let Some(Reverse((f, _, s))) = queue.pop() {
            let g = self.g[s as usize];
            if f > g.saturating_add(self.h[s as usize]) {
                continue;
            }
            if self.goal[s as usize] {
                for &x in &expanded {
                    let x = x as usize;
                    self.h[x] = self.h[x].max(g - self.g[x]);
                }
                let mut plan = Vec::new();
                let mut at = s;
                while at != start {
                    let (o, from) = self.parent[at as usize];
                    plan.push((o, at));
                    at = from;
                }
                plan.reverse();
                return Some(plan);
            }
            expanded.push(s);
            for &(o, t) in &self.out[s as usize] {
                let ng = g.saturating_add(self.costs[o as usize]);
                let t = t as usize;
                if self.seen[t] != epoch || ng < self.g[t] {
                    self.seen[t] = epoch;
                    self.g[t] = ng;
                    self.parent[t] = (o, s);
                    if self.h[t] != INFINITY {
                        queue.push(Reverse((ng.saturating_add(self.h[t]), self.h[t], t as u32)));
                    }
                }
            }
        }
        None
    }

    /// The values of `v` in state `s` that `keep` accepts, as a bitset over
    /// the variable's domain.
    fn values(&self, s: u32, v: Var, keep: impl Fn(u32) -> bool) -> Vec<u64> {
        let size = self.vars.domains[v as usize].size();
        let mut bits = vec![0u64; (size as usize).div_ceil(64)];
        for x in (0..size).filter(|&x| self.has(s, v, x) && keep(x)) {
            bits[x as usize / 64] |= 1 << (x % 64);
        }
        bits
    }

    /// Executes `plan` from the concrete state `init` (in abstract state
    /// `start`) and returns its first flaw as the state to split, the
    /// variable and the wanted values; `None` if it has none.
    pub(super) fn flaw(
        &self,
        init: &[u32],
        start: u32,
        plan: &[(u32, u32)],
    ) -> Option<(u32, Var, Vec<u64>)> {
        let mut concrete = init.to_vec();
        let mut s = start;
        for &(o, t) in plan {
            let op = &self.vars.operators[o as usize];
            // (b) A precondition fails: want the values that satisfy it.
            if let Some(p) = (op.parts.iter()).find(|p| !p.allows(concrete[p.var as usize])) {
                return Some((s, p.var, self.values(s, p.var, |x| p.allows(x))));
            }
            for p in &op.parts {
                let none = self.vars.domains[p.var as usize].none_value();
                concrete[p.var as usize] = p.apply(concrete[p.var as usize], none);
            }
            // (a) The concrete state misses the planned one: want the values
            // that the operator takes into it.
            let missed =
                (0..self.vars.len() as Var).find(|&v| !self.has(t, v, concrete[v as usize]));
            if let Some(v) = missed {
                let parts = &op.parts;
                let part = (parts.binary_search_by_key(&v, |p| p.var)).map(|i| &parts[i]);
                let none = self.vars.domains[v as usize].none_value();
                let into = |x: u32| match part {
                    Err(_) => self.has(t, v, x),
                    Ok(p) => p.allows(x) && self.has(t, v, p.apply(x, none)),
                };
                return Some((s, v, self.values(s, v, into)));
            }
            s = t;
        }
        // (c) The plan ends in a goal state but the concrete state is no
        // goal: want the goal values of a variable that has some here.
        let is_goal = |v: Var, x: u32| bit(&self.goal_bits, self.offsets[v as usize] + x as usize);
        if (self.goal_vars.iter()).any(|&v| is_goal(v, concrete[v as usize])) {
            return None;
        }
        let size = |v: Var| self.vars.domains[v as usize].size();
        let v = *(self.goal_vars.iter())
            .find(|&&v| (0..size(v)).any(|x| self.has(s, v, x) && is_goal(v, x)))
            .expect("invariant: the plan ends in a goal state");
        Some((s, v, self.values(s, v, |x| is_goal(v, x))))
    }

    /// Splits state `s` on variable `v`: `s` keeps the values not in
    /// `wanted`, a new state gets those in it; the transitions of `s` are
    /// divided between the two.
    pub(super) fn split(&mut self, s: u32, v: Var, wanted: &[u64]) {
        let b = self.num_states();
        let (off, size) = (
            self.offsets[v as usize],
            self.vars.domains[v as usize].size() as usize,
        );
        let words = self.words;
        self.sets
            .extend_from_within(s as usize * words..(s as usize + 1) * words);
        for x in 0..size {
            let i = off + x;
            // `s` keeps the rest, `b` the wanted values.
            let cleared = if bit(wanted, x) { s } else { b } as usize;
            self.sets[cleared * words + i / 64] &= !(1 << (i % 64));
        }
        debug_assert!((0..size).any(|x| self.has(s, v, x as u32)));
        debug_assert!((0..size).any(|x| self.has(b, v, x as u32)));
        // The hierarchy: the leaf of `s` becomes a node over both.
        let node = self.hierarchy.nodes.len() as u32;
        let set = self.hierarchy.pool.len() as u32;
        self.hierarchy.pool.extend_from_slice(wanted);
        self.hierarchy.nodes.push(Node {
            var: v,
            set,
            child: [LEAF | s, LEAF | b],
        });
        match self.slot[s as usize] {
            (u32::MAX, _) => self.hierarchy.root = node,
            (p, side) => self.hierarchy.nodes[p as usize].child[side as usize] = node,
        }
        self.slot[s as usize] = (node, 0);
        self.slot.push((node, 1));
        // Per-state data of the new state.
        self.h.push(self.h[s as usize]);
        self.goal.push(false);
        self.goal[s as usize] = self.is_goal(s);
        self.goal[b as usize] = self.is_goal(b);
        self.g.push(0);
        self.seen.push(0);
        self.parent.push((0, 0));
        self.out.push(Vec::new());
        self.into.push(Vec::new());
        self.loops.push(Vec::new());
        self.rewire(s, b, v);
    }

    /// Divides the transitions of the state split into `a` and `b` on `v`:
    /// only `v`'s sets changed, so only `v` is tested again.
    fn rewire(&mut self, a: u32, b: u32, v: Var) {
        let into = std::mem::take(&mut self.into[a as usize]);
        let out = std::mem::take(&mut self.out[a as usize]);
        let loops = std::mem::take(&mut self.loops[a as usize]);
        self.transitions -= into.len() + out.len();
        let halves = [a, b];
        // Transitions into the old state, from other states.
        let mut sources: Vec<u32> = into.iter().map(|&(_, u)| u).collect();
        sources.sort_unstable();
        sources.dedup();
        for &u in &sources {
            self.out[u as usize].retain(|&(_, t)| t != a);
        }
        for &(o, u) in &into {
            for &t in &halves {
                if self.step(o, v, self.state(u), self.state(t)) {
                    self.add(u, o, t);
                }
            }
        }
        // Transitions out of it.
        let mut targets: Vec<u32> = out.iter().map(|&(_, t)| t).collect();
        targets.sort_unstable();
        targets.dedup();
        for &w in &targets {
            self.into[w as usize].retain(|&(_, u)| u != a);
        }
        for &(o, w) in &out {
            for &x in &halves {
                if self.step(o, v, self.state(x), self.state(w)) {
                    self.add(x, o, w);
                }
            }
        }
        // Its self-loops: loops of either half, or transitions between them.
        for &o in &loops {
            for &x in &halves {
                for &y in &halves {
                    if self.step(o, v, self.state(x), self.state(y)) {
                        if x == y {
                            self.loops[x as usize].push(o);
                        } else {
                            self.add(x, o, y);
                        }
                    }
                }
            }
        }
    }

    /// The hierarchy without the splits whose wanted values are all goal
    /// values: a state without a goal fact never goes their wanted way.
    pub(super) fn without_goal_splits(&self) -> Hierarchy {
        let h = &self.hierarchy;
        let goal_only = |n: &Node| {
            let (off, size) = (
                self.offsets[n.var as usize],
                self.vars.domains[n.var as usize].size(),
            );
            (0..size as usize)
                .all(|x| !bit(&h.pool[n.set as usize..], x) || bit(&self.goal_bits, off + x))
        };
        let resolve = |mut at: u32| {
            while at & LEAF == 0 && goal_only(&h.nodes[at as usize]) {
                at = h.nodes[at as usize].child[0];
            }
            at
        };
        let mut kept = Hierarchy {
            nodes: Vec::new(),
            pool: Vec::new(),
            root: resolve(h.root),
        };
        // Copies the nodes reached, depth first, renumbering them.
        let mut stack: Vec<(u32, u32)> = Vec::new();
        if kept.root & LEAF == 0 {
            stack.push((kept.root, 0));
            kept.root = 0;
            kept.nodes.push(h.nodes[0]);
        }
        while let Some((old, new)) = stack.pop() {
            let node = h.nodes[old as usize];
            let words = (self.vars.domains[node.var as usize].size() as usize).div_ceil(64);
            let set = kept.pool.len() as u32;
            (kept.pool).extend_from_slice(&h.pool[node.set as usize..node.set as usize + words]);
            let mut child = node.child.map(resolve);
            for c in &mut child {
                if *c & LEAF == 0 {
                    let at = kept.nodes.len() as u32;
                    kept.nodes.push(node);
                    stack.push((*c, at));
                    *c = at;
                }
            }
            kept.nodes[new as usize] = Node {
                var: node.var,
                set,
                child,
            };
        }
        kept
    }

    fn add(&mut self, from: u32, o: u32, to: u32) {
        self.out[from as usize].push((o, to));
        self.into[to as usize].push((o, from));
        self.transitions += 1;
    }
}
