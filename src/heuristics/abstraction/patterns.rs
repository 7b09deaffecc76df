//! Which patterns to project on: the *interesting* ones, systematically.
//!
//! The *causal graph* has an arc `u -> v` when some operator changes `v` and
//! requires `u` (a precondition arc) or changes `u` too (an effect arc).
//! Pommerening, Röger and Helmert (IJCAI 2013) call a pattern *interesting*
//! when its causal graph is weakly connected and every variable in it reaches
//! a goal variable of the pattern by precondition arcs: any other pattern's
//! database is no better than the sum over its parts, so only interesting
//! patterns are worth building.
//!
//! [`systematic`] lists them by size, as Fast Downward's
//! `systematic(max_pattern_size)` does: size 1 is each goal variable; a
//! pattern of size `k + 1` adds to an interesting pattern of size `k` a
//! variable with a precondition arc into it, or a goal variable with any arc
//! to or from it.
//!
//! Example (a truck moves a package): the goal is the package's variable
//! `p`; `drive` changes the truck's variable `t`, and `load` requires `t` and
//! changes `p`, so `t -> p` is a precondition arc. The interesting patterns
//! up to size 2 are `{p}` and `{t, p}`; `{t}` alone is not (no goal).

use super::variables::{Effect, Var, Variables};

/// The causal graph's arcs, by head: `preconditions[v]` holds every `u` with
/// a precondition arc `u -> v`, `effects[v]` every `u` with an effect arc
/// `u -> v` (sorted, without `v` itself).
#[derive(Clone, Debug)]
pub struct CausalGraph {
    pub preconditions: Vec<Vec<Var>>,
    pub effects: Vec<Vec<Var>>,
}

impl CausalGraph {
    pub fn new(vars: &Variables) -> CausalGraph {
        let n = vars.len();
        let (mut preconditions, mut effects) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        for op in vars.operators.iter().filter(|o| o.possible) {
            let changed: Vec<Var> = (op.parts.iter())
                .filter(|p| p.effect != Effect::Keep)
                .map(|p| p.var)
                .collect();
            for &v in &changed {
                for p in &op.parts {
                    if p.var == v {
                        continue;
                    }
                    if p.pre.is_some() || !p.forbidden.is_empty() {
                        preconditions[v as usize].push(p.var);
                    }
                    if p.effect != Effect::Keep {
                        effects[v as usize].push(p.var);
                    }
                }
            }
        }
        for list in preconditions.iter_mut().chain(effects.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        CausalGraph {
            preconditions,
            effects,
        }
    }

    /// Whether there is an arc of either kind between `u` and `v`.
    fn adjacent(&self, u: Var, v: Var) -> bool {
        let has = |list: &Vec<Var>, x: Var| list.binary_search(&x).is_ok();
        has(&self.preconditions[v as usize], u)
            || has(&self.preconditions[u as usize], v)
            || has(&self.effects[v as usize], u)
    }
}

/// The interesting patterns of `vars` with at most `max_size` variables, by
/// size, each sorted, in a deterministic order; at most `max_patterns` of
/// them (the smaller first).
pub fn systematic(vars: &Variables, max_size: usize, max_patterns: usize) -> Vec<Vec<Var>> {
    let mut interesting = Interesting::new(vars, max_size, max_patterns);
    let mut out = Vec::new();
    while let Some(pattern) = interesting.get(out.len()) {
        out.push(pattern.to_vec());
    }
    out
}

/// The interesting patterns, made one size at a time as they are asked for:
/// [`systematic`]'s list, without making the size-4 patterns before the
/// size-3 ones have been looked at. Pattern `i` is the same in every run
/// and for every caller; the patterns of one size are sorted.
#[derive(Clone, Debug)]
pub struct Interesting {
    graph: CausalGraph,
    is_goal: Vec<bool>,
    max_size: usize,
    max_patterns: usize,
    /// The patterns made so far, of sizes `1..=layers.len()`, each size's
    /// patterns one after another (`size` variables each).
    layers: Vec<Vec<Var>>,
    /// The index of each layer's first pattern, and one past the last.
    starts: Vec<usize>,
}

impl Interesting {
    /// The generator for patterns of at most `max_size` variables, at most
    /// `max_patterns` of them.
    pub fn new(vars: &Variables, max_size: usize, max_patterns: usize) -> Interesting {
        let mut is_goal = vec![false; vars.len()];
        for &(v, _) in vars.goal.iter().chain(&vars.neg_goal) {
            is_goal[v as usize] = true;
        }
        Interesting {
            graph: CausalGraph::new(vars),
            is_goal,
            max_size,
            max_patterns,
            layers: Vec::new(),
            starts: vec![0],
        }
    }

    /// Pattern `i`, `None` past the last.
    pub fn get(&mut self, i: usize) -> Option<&[Var]> {
        while i >= self.made() {
            if !self.grow() {
                return None;
            }
        }
        let size = self.starts.partition_point(|&s| s <= i);
        let at = (i - self.starts[size - 1]) * size;
        Some(&self.layers[size - 1][at..at + size])
    }

    /// The patterns made so far.
    pub fn made(&self) -> usize {
        self.starts[self.starts.len() - 1]
    }

    /// The size of the largest patterns made so far (0: none).
    pub fn largest(&self) -> usize {
        self.layers.len()
    }

    /// Makes the patterns one variable larger than the last layer: size 1
    /// is each goal variable; a pattern of size `k + 1` adds to one of size
    /// `k` a variable with a precondition arc into it, or a goal variable
    /// with any arc to or from it. Returns whether it made any.
    fn grow(&mut self) -> bool {
        let size = self.layers.len() + 1;
        let room = self.max_patterns.saturating_sub(self.made());
        if size > self.max_size || room == 0 {
            return false;
        }
        let goals = (0..self.is_goal.len() as Var).filter(|&g| self.is_goal[g as usize]);
        let mut next: Vec<Vec<Var>> = Vec::new();
        if size == 1 {
            next.extend(goals.map(|g| vec![g]));
        } else {
            let last = &self.layers[size - 2];
            let mut candidates: Vec<Var> = Vec::new();
            for pattern in last.chunks_exact(size - 1) {
                candidates.clear();
                for &v in pattern {
                    candidates.extend(&self.graph.preconditions[v as usize]);
                }
                for g in goals.clone() {
                    if pattern.iter().any(|&v| self.graph.adjacent(g, v)) {
                        candidates.push(g);
                    }
                }
                candidates.sort_unstable();
                candidates.dedup();
                for &u in &candidates {
                    if let Err(at) = pattern.binary_search(&u) {
                        let mut larger = Vec::with_capacity(size);
                        larger.extend_from_slice(&pattern[..at]);
                        larger.push(u);
                        larger.extend_from_slice(&pattern[at..]);
                        next.push(larger);
                    }
                }
                // Memory stays in check where a layer explodes: the first
                // `room` sorted patterns of all are the first `room` of the
                // first `room` so far and the rest.
                if next.len() > 2 * room + 1024 {
                    next.sort_unstable();
                    next.dedup();
                    next.truncate(room);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        next.truncate(room);
        if next.is_empty() {
            return false;
        }
        let count = next.len();
        self.layers.push(next.concat());
        self.starts.push(self.made() + count);
        true
    }
}

#[cfg(test)]
mod tests;
