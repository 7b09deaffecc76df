//! iPDB: a pattern collection grown by hill climbing (Haslum, Botea,
//! Helmert, Bonet and Koenig, AAAI 2007), as Fast Downward's
//! `hillclimbing()` pattern generator does it.
//!
//! The search is over pattern *collections*, judged by their *canonical
//! heuristic*. Two patterns are *additive* when no operator changes a
//! variable of each: no plan step is then counted by both, so their
//! estimates may be added. The canonical heuristic of a collection is the
//! maximum, over its maximal sets of pairwise additive patterns (the
//! maximal cliques of the additivity graph), of the sum of their estimates:
//!
//! ```text
//! C = {one pattern per goal variable}
//! candidates = C's patterns, each grown by one causally relevant variable
//! repeat
//!     samples = states drawn by random walks from s0, about 2 h^C(s0) / average cost long
//!     for each candidate P (within the size bounds):
//!         count the samples s where P says dead end, or where some maximal
//!         additive subset S of C, cut down to the patterns additive with P,
//!         has  h_P(s) + Σ_{Q in S} h_Q(s) > h^C(s)
//!     if the best count < min_improvement: stop
//!     C = C ∪ {best P};  candidates += best P grown by one relevant variable
//! ```
//!
//! A variable is *causally relevant* to a pattern when it is a precondition
//! of an operator that changes a variable of the pattern (a precondition
//! arc of the causal graph into the pattern, [`CausalGraph`]). Growing a
//! pattern that way lets its projection see why its operators cannot apply
//! everywhere, which is what raises the estimates.
//!
//! The walks avoid the states the current collection calls dead ends (a
//! walk that enters one starts over from `s0`, as in Fast Downward), so every
//! sample has a finite canonical estimate; a candidate that calls a sample a
//! dead end improves it. Each step draws fresh samples from the same seeded
//! generator, so the same task and seed give the same collection.
//!
//! The bounds are Fast Downward's: 2 million abstract states per pattern
//! database, 20 million in the collection, 1,000 samples and an improvement
//! on at least 10 of them. Fast Downward's time limit (none by default)
//! becomes counts, so that runs are reproducible: the most steps, and the
//! most transitions of all candidate projections built (each candidate is
//! built once, and its goal distances kept while it waits).
//!
//! planbox then adds the collection's projections up by saturated cost
//! partitioning, like its other selections ([`super::super::CostPartitioned`],
//! the `ipdb` heuristic); the canonical heuristic only guides the climb.
//! Seipp, Keller and Helmert (JAIR 2020) found saturated cost partitioning
//! over hill-climbing patterns stronger than the canonical heuristic.
//!
//! Example (a truck `t` drives between `0` and `1`, must deliver `p` at `1`,
//! then `r` at `0`, which needs `p` delivered; unit costs, h* = 4): the
//! start collection `{p}`, `{r}` estimates 1 + 1 = 2 (neither sees the
//! truck). Growing `{p}` by `t` (loading needs the truck at `1`) sees the
//! drive there: 2 + 1 = 3; growing that by `r` sees the drive back, 4.

use super::super::patterns::CausalGraph;
use super::super::projection::{INFINITY, Projection, TooLarge};
use super::super::sampling::{self, SplitMix};
use super::super::variables::{Effect, Var, Variables};
use super::{Selected, Stats, num_states};
use crate::task::{FactSet, Task};
use std::collections::HashSet;

/// The limits of iPDB's hill climbing, all counts (Fast Downward's defaults
/// where it has them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HillClimbing {
    /// The most abstract states of one pattern database (a candidate
    /// larger than this is not made).
    pub max_pdb_states: u32,
    /// The most abstract states of all pattern databases in the collection.
    pub max_collection_states: u64,
    /// States sampled per step.
    pub samples: usize,
    /// The fewest samples a candidate must improve to be added (at least 1).
    pub min_improvement: usize,
    /// The most patterns added.
    pub max_steps: usize,
    /// The most transitions of all candidate projections built: the
    /// measure of the work, in place of Fast Downward's time limit.
    pub max_candidate_transitions: usize,
    /// The climb ends once the collection has more maximal additive subsets
    /// than this: each sample's canonical estimate sums over every one of
    /// them, and their number can grow exponentially with the patterns.
    pub max_additive_subsets: usize,
}

impl Default for HillClimbing {
    fn default() -> Self {
        HillClimbing {
            max_pdb_states: 2_000_000,
            max_collection_states: 20_000_000,
            samples: 1000,
            min_improvement: 10,
            max_steps: 1000,
            max_candidate_transitions: 10_000_000,
            max_additive_subsets: 10_000,
        }
    }
}

/// A pattern database without its transitions: the pattern and its goal
/// distances under the full costs, indexed by the projection's perfect hash.
struct Pdb {
    pattern: Vec<Var>,
    /// `N_i` of the projection's rank (see [`super::super::projection`]).
    multipliers: Vec<u32>,
    h: Box<[u32]>,
}

impl Pdb {
    /// The distances of projection `p` under `costs`.
    fn new(p: &Projection, vars: &Variables, costs: &[u32]) -> Pdb {
        let mut h = Vec::new();
        p.distances(costs, &mut h);
        let mut multipliers = Vec::with_capacity(p.pattern().len());
        let mut n = 1;
        for &v in p.pattern() {
            multipliers.push(n);
            n *= vars.domains[v as usize].size();
        }
        Pdb {
            pattern: p.pattern().to_vec(),
            multipliers,
            h: h.into_boxed_slice(),
        }
    }

    /// The estimate of the state whose variables have `values`.
    fn value(&self, values: &[u32]) -> u32 {
        let rank: u32 = (self.pattern.iter().zip(&self.multipliers))
            .map(|(&v, &m)| values[v as usize] * m)
            .sum();
        self.h[rank as usize]
    }
}

/// Which variables no operator changes together: patterns of such
/// variables only are additive.
struct Additivity {
    n: usize,
    /// `conflict[u * n + v]`: some operator changes both `u` and `v` (for
    /// `u = v`: some operator changes `u`).
    conflict: Vec<bool>,
}

impl Additivity {
    fn new(vars: &Variables) -> Additivity {
        let n = vars.len();
        let mut conflict = vec![false; n * n];
        for op in vars.operators.iter().filter(|o| o.possible) {
            let changed = op.parts.iter().filter(|p| p.effect != Effect::Keep);
            for a in changed.clone() {
                for b in changed.clone() {
                    conflict[a.var as usize * n + b.var as usize] = true;
                }
            }
        }
        Additivity { n, conflict }
    }

    /// Whether no operator changes a variable of `p` and one of `q`.
    fn additive(&self, p: &[Var], q: &[Var]) -> bool {
        (p.iter()).all(|&u| (q.iter()).all(|&v| !self.conflict[u as usize * self.n + v as usize]))
    }
}

/// The maximal cliques of the graph on `0..n` whose edges `adjacent` tells
/// (Bron and Kerbosch 1973, with Tomita's pivot), each sorted; `[[]]` when
/// `n = 0`.
fn max_cliques(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| j != i && adjacent(i, j)).collect())
        .collect();
    let mut cliques = Vec::new();
    expand(
        &neighbours,
        &mut Vec::new(),
        (0..n).collect(),
        Vec::new(),
        &mut cliques,
    );
    for c in &mut cliques {
        c.sort_unstable();
    }
    cliques.sort();
    cliques
}

/// Bron-Kerbosch: every maximal clique that extends `clique` by vertices of
/// `p` and none of `x`.
fn expand(
    neighbours: &[Vec<usize>],
    clique: &mut Vec<usize>,
    mut p: Vec<usize>,
    mut x: Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if p.is_empty() {
        if x.is_empty() {
            out.push(clique.clone());
        }
        return;
    }
    let adjacent = |u: usize, v: usize| neighbours[u].binary_search(&v).is_ok();
    // The pivot with the most neighbours in p: its neighbours need no branch.
    let pivot = (p.iter().chain(&x).copied())
        .max_by_key(|&u| {
            (
                p.iter().filter(|&&v| adjacent(u, v)).count(),
                usize::MAX - u,
            )
        })
        .expect("p is not empty");
    let branches: Vec<usize> = (p.iter().copied())
        .filter(|&v| !adjacent(pivot, v))
        .collect();
    for v in branches {
        clique.push(v);
        let p_v = p.iter().copied().filter(|&w| adjacent(v, w)).collect();
        let x_v = x.iter().copied().filter(|&w| adjacent(v, w)).collect();
        expand(neighbours, clique, p_v, x_v, out);
        clique.pop();
        p.retain(|&w| w != v);
        x.push(v);
    }
}

/// The current collection with its canonical heuristic.
struct Collection {
    pdbs: Vec<Pdb>,
    /// The maximal additive subsets (indices into `pdbs`).
    cliques: Vec<Vec<usize>>,
    states: u64,
}

impl Collection {
    fn new() -> Collection {
        Collection {
            pdbs: Vec::new(),
            cliques: vec![Vec::new()],
            states: 0,
        }
    }

    fn add(&mut self, pdb: Pdb, additivity: &Additivity) {
        self.states += pdb.h.len() as u64;
        self.pdbs.push(pdb);
        let pdbs = &self.pdbs;
        self.cliques = max_cliques(pdbs.len(), |a, b| {
            additivity.additive(&pdbs[a].pattern, &pdbs[b].pattern)
        });
    }

    /// Whether some pattern database calls the state with `values` a dead
    /// end (then so does the canonical heuristic).
    fn is_dead_end(&self, values: &[u32]) -> bool {
        self.pdbs.iter().any(|p| p.value(values) == INFINITY)
    }

    /// Each pattern database's estimate of the state with `values`, into
    /// `out`; returns the canonical estimate ([`INFINITY`]: a dead end).
    fn values(&self, values: &[u32], out: &mut Vec<u32>) -> u32 {
        out.clear();
        out.extend(self.pdbs.iter().map(|p| p.value(values)));
        if out.contains(&INFINITY) {
            return INFINITY;
        }
        let sums = (self.cliques.iter()).map(|c| c.iter().map(|&i| u64::from(out[i])).sum::<u64>());
        sums.max().unwrap_or(0).min(u64::from(INFINITY - 1)) as u32
    }
}

/// A sampled state: its variables' values, each pattern database's estimate
/// and the canonical one (finite).
struct Sample {
    values: Vec<u32>,
    h: Vec<u32>,
    canonical: u32,
}

/// Whether adding `candidate` (whose restricted additive subsets are
/// `subsets`) raises the canonical estimate of `sample`.
fn improves(candidate: &Pdb, subsets: &[Vec<usize>], sample: &Sample) -> bool {
    let h = candidate.value(&sample.values);
    let sum = |s: &Vec<usize>| s.iter().map(|&i| u64::from(sample.h[i])).sum::<u64>();
    h == INFINITY || (subsets.iter()).any(|s| u64::from(h) + sum(s) > u64::from(sample.canonical))
}

/// iPDB's hill climbing on `task` (see the module docs): the collection's
/// projections, the goal variables' first, then the added ones in order.
pub fn hill_climbing(
    task: &Task,
    vars: &Variables,
    costs: &[u32],
    limits: &HillClimbing,
    seed: u64,
) -> Selected {
    let graph = CausalGraph::new(vars);
    let additivity = Additivity::new(vars);
    let mut stats = Stats::default();
    let mut budget = limits.max_candidate_transitions;
    let mut collection = Collection::new();
    let mut goals: Vec<Var> = (vars.goal.iter().chain(&vars.neg_goal))
        .map(|&(v, _)| v)
        .collect();
    goals.sort_unstable();
    goals.dedup();
    for &g in &goals {
        // A single variable is far below any sensible bound.
        if let Ok(p) = Projection::new(vars, &[g], u32::MAX, usize::MAX) {
            collection.add(Pdb::new(&p, vars, costs), &additivity);
        }
    }
    let init = FactSet::from_facts(task.facts.len(), &task.init);
    let mut values = Vec::new();
    // The patterns made as candidates so far (each is made once), and those
    // waiting to be judged, with their distances (`None`: taken or dropped).
    let mut made: HashSet<Vec<Var>> = HashSet::new();
    let mut candidates: Vec<Option<Pdb>> = Vec::new();
    let mut new_patterns: Vec<Vec<Var>> = Vec::new();
    for pdb in &collection.pdbs {
        grow(
            &pdb.pattern,
            vars,
            &graph,
            limits,
            &mut new_patterns,
            &mut stats,
        );
    }
    let mut rng = SplitMix(seed);
    'climb: while stats.steps < limits.max_steps {
        for pattern in new_patterns.drain(..) {
            if !made.insert(pattern.clone()) {
                continue;
            }
            stats.largest = stats.largest.max(pattern.len());
            match Projection::new(vars, &pattern, limits.max_pdb_states, budget) {
                Ok(p) => {
                    budget -= p.num_transitions();
                    stats.evaluated += 1;
                    candidates.push(Some(Pdb::new(&p, vars, costs)));
                }
                Err(TooLarge::States) => stats.too_large += 1,
                // The budget of transitions is spent: the climb ends.
                Err(TooLarge::Transitions) => break 'climb,
            }
        }
        vars.values(init.words(), &mut values);
        let h_init = collection.values(&values, &mut Vec::new());
        if h_init == INFINITY {
            break;
        }
        let walks = sampling::random_walks_avoiding(
            task,
            init.words(),
            h_init,
            limits.samples,
            &mut rng,
            |s| {
                vars.values(s, &mut values);
                collection.is_dead_end(&values)
            },
        );
        let samples: Vec<Sample> = (walks.iter())
            .map(|s| {
                let mut sample = Sample {
                    values: Vec::new(),
                    h: Vec::new(),
                    canonical: 0,
                };
                vars.values(s, &mut sample.values);
                sample.canonical = collection.values(&sample.values, &mut sample.h);
                sample
            })
            .collect();
        let mut best: Option<(usize, usize)> = None;
        for (i, slot) in candidates.iter_mut().enumerate() {
            let Some(candidate) = slot else {
                continue;
            };
            if collection.states + candidate.h.len() as u64 > limits.max_collection_states {
                // The collection only grows: it will never fit.
                stats.too_large += 1;
                *slot = None;
                continue;
            }
            let mut subsets: Vec<Vec<usize>> = (collection.cliques.iter())
                .map(|c| {
                    (c.iter().copied())
                        .filter(|&q| {
                            additivity.additive(&candidate.pattern, &collection.pdbs[q].pattern)
                        })
                        .collect()
                })
                .collect();
            subsets.sort();
            subsets.dedup();
            // The count only has to beat the best so far: stop once the
            // samples left cannot make it (the choice is the same).
            let to_beat = best.map_or(0, |(c, _)| c);
            let (mut count, mut left) = (0, samples.len());
            for sample in &samples {
                if count + left <= to_beat && best.is_some() {
                    break;
                }
                left -= 1;
                count += usize::from(improves(candidate, &subsets, sample));
            }
            if best.is_none_or(|(c, _)| count > c) {
                best = Some((count, i));
            }
        }
        let Some((count, i)) = best else {
            break;
        };
        if count < limits.min_improvement.max(1) {
            break;
        }
        let pdb = candidates[i].take().expect("the best candidate is waiting");
        grow(
            &pdb.pattern,
            vars,
            &graph,
            limits,
            &mut new_patterns,
            &mut stats,
        );
        collection.add(pdb, &additivity);
        stats.steps += 1;
        if collection.cliques.len() > limits.max_additive_subsets {
            break;
        }
    }
    stats.made = made.len();
    let projections = (collection.pdbs.iter())
        .map(|pdb| {
            Projection::new(vars, &pdb.pattern, u32::MAX, usize::MAX)
                .expect("invariant: built before, within smaller limits")
        })
        .collect();
    Selected { projections, stats }
}

/// Appends to `out` each pattern that adds to `pattern` one variable that is
/// a precondition of an operator changing it, within the states of one
/// pattern database (the others count as too large).
fn grow(
    pattern: &[Var],
    vars: &Variables,
    graph: &CausalGraph,
    limits: &HillClimbing,
    out: &mut Vec<Vec<Var>>,
    stats: &mut Stats,
) {
    let states = num_states(vars, pattern);
    let mut relevant: Vec<Var> = (pattern.iter())
        .flat_map(|&v| graph.preconditions[v as usize].iter().copied())
        .filter(|u| pattern.binary_search(u).is_err())
        .collect();
    relevant.sort_unstable();
    relevant.dedup();
    for u in relevant {
        let size = u64::from(vars.domains[u as usize].size());
        if states.saturating_mul(size) > u64::from(limits.max_pdb_states) {
            stats.too_large += 1;
            continue;
        }
        let mut larger = pattern.to_vec();
        let at = larger.partition_point(|&v| v < u);
        larger.insert(at, u);
        out.push(larger);
    }
}

#[cfg(test)]
mod tests;
