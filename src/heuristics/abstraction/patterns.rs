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
    let graph = CausalGraph::new(vars);
    let mut is_goal = vec![false; vars.len()];
    for &(v, _) in vars.goal.iter().chain(&vars.neg_goal) {
        is_goal[v as usize] = true;
    }
    let mut layer: Vec<Vec<Var>> = (0..vars.len() as Var)
        .filter(|&v| is_goal[v as usize])
        .map(|v| vec![v])
        .collect();
    layer.dedup();
    let mut out: Vec<Vec<Var>> = Vec::new();
    for size in 1..=max_size {
        if layer.is_empty() || out.len() >= max_patterns {
            break;
        }
        out.extend(layer.iter().take(max_patterns - out.len()).cloned());
        if size == max_size {
            break;
        }
        let mut next: Vec<Vec<Var>> = Vec::new();
        for pattern in &layer {
            let mut candidates: Vec<Var> = Vec::new();
            for &v in pattern {
                candidates.extend(&graph.preconditions[v as usize]);
            }
            for g in (0..vars.len() as Var).filter(|&g| is_goal[g as usize]) {
                if pattern.iter().any(|&v| graph.adjacent(g, v)) {
                    candidates.push(g);
                }
            }
            candidates.sort_unstable();
            candidates.dedup();
            for u in candidates {
                if pattern.binary_search(&u).is_err() {
                    let mut larger = pattern.clone();
                    let at = larger.partition_point(|&x| x < u);
                    larger.insert(at, u);
                    next.push(larger);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        layer = next;
    }
    out
}

#[cfg(test)]
mod tests;
