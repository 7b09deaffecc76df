//! Property tests: every heuristic against brute force on random small tasks.
//!
//! Each task has at most 10 facts, so all `2^n` states can be enumerated. For
//! every state we compute by brute force
//!
//! - `h*`, the optimal cost to a goal state (Dijkstra backwards over the
//!   state space, negative preconditions and goals respected),
//! - `h+`, the optimal cost with deletes ignored (dynamic programming over
//!   the relaxed states, which only grow); a fact needed false is a literal
//!   of its own, "p is false", true where `p` is false at the start and added
//!   by every operator that deletes `p`, as in the heuristics' relaxation, and
//! - the h^max and h^add cost of every fact (a naive Bellman-Ford fixpoint),
//!
//! and check `hmax <= lmcut <= h+ <= hff <= hadd`, `h+ <= h*`, exact h^max and
//! h^add values, dead-end agreement, consistency of h^max, blind and (when it
//! says so) goal count, and the preferred operators of h^FF.
//!
//! Tasks with conditional effects and axioms ([`random_adl_task`]) get h*
//! from their own semantics ([`Space`]: [`Task::apply`], the axioms
//! evaluated after each step) and the checks that need no `h+`, for the
//! heuristics that accept them (all but LM-cut). The landmark heuristics,
//! path-dependent, are checked along random walks as a search would tell
//! them, and the landmark graph itself against every plan.

use super::relaxed::{Combine, fact_costs, subgoal_cost};
use super::testing::OpSpec;
use super::*;
use crate::task::{FactId, Task};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod abstractions;
mod estimates;
mod landmark_based;

/// SplitMix64: a tiny deterministic generator, enough for test inputs
/// (the search's property tests draw their tasks with it too).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// Between `lo` and `hi` distinct facts below `n` (at most `n`).
    pub(crate) fn facts(&mut self, n: u32, lo: u32, hi: u32) -> Vec<u32> {
        let k = self.range(lo, hi);
        let mut v: Vec<u32> = Vec::new();
        while v.len() < k.min(n) as usize {
            let f = self.range(0, n - 1);
            if !v.contains(&f) {
                v.push(f);
            }
        }
        v
    }
}

fn mask(facts: &[crate::task::FactId]) -> u32 {
    facts.iter().fold(0, |m, f| m | 1 << f.0)
}

/// `(pre, add, del, cost)` with owned fact lists.
type OwnedSpec = (Vec<u32>, Vec<u32>, Vec<u32>, u32);

/// A random task with 4-10 facts, 5-15 operators and costs 0-3; one task in
/// four also has negative preconditions and goals.
pub(crate) fn random_task(rng: &mut Rng) -> Task {
    let n = rng.range(4, 10);
    let num_ops = rng.range(5, 15);
    let mut specs: Vec<OwnedSpec> = Vec::new();
    for _ in 0..num_ops {
        let pre = rng.facts(n, 0, 3);
        let add = rng.facts(n, 1, 3);
        let del = rng.facts(n, 0, 3);
        specs.push((pre, add, del, rng.range(0, 3)));
    }
    let spec_refs: Vec<OpSpec> = specs
        .iter()
        .map(|(p, a, d, c)| (&p[..], &a[..], &d[..], *c))
        .collect();
    let init = rng.facts(n, 0, n / 2);
    let goal = rng.facts(n, 1, 3);
    let mut task = testing::task(n as usize, &init, &goal, &spec_refs);
    if rng.range(0, 3) == 0 {
        for op in &mut task.operators {
            let f = crate::task::FactId(rng.range(0, n - 1));
            if rng.range(0, 2) == 0 && op.pre.binary_search(&f).is_err() {
                op.neg_pre = Box::new([f]);
            }
        }
        let f = crate::task::FactId(rng.range(0, n - 1));
        if task.goal.binary_search(&f).is_err() {
            task.neg_goal = Box::new([f]);
        }
    }
    task
}

/// A random task with conditional effects, axioms or both (each kind in one
/// task of three): [`random_task`]'s, then
///
/// - conditional effects: each operator gets 0-2, each with a condition of
///   1-2 facts that must hold and 0-1 that must not, and 1-4 adds and
///   deletes;
/// - axioms: the last 1-2 facts become derived, the first in layer 1 and
///   the second in layer 2, each the head of 1-2 rules with a body of 0-2
///   facts that must hold and 0-1 that must not, among the basic facts and
///   the derived ones of lower layers. As in a grounded task, no operator
///   adds or deletes a derived fact and the initial state names none, but
///   preconditions, conditions and goals may.
pub(crate) fn random_adl_task(rng: &mut Rng) -> Task {
    use crate::task::{Axiom, ConditionalEffect};
    let ids = |v: Vec<u32>| -> Box<[FactId]> {
        let mut v: Vec<FactId> = v.into_iter().map(FactId).collect();
        v.sort_unstable();
        v.into()
    };
    let mut task = random_task(rng);
    let n = task.facts.len() as u32;
    let kind = rng.range(0, 2); // 0 conditional effects, 1 axioms, 2 both
    let basic = n - if kind == 0 { 0 } else { rng.range(1, 2) };
    let only_basic =
        |v: &[FactId]| -> Box<[FactId]> { v.iter().copied().filter(|f| f.0 < basic).collect() };
    task.init = only_basic(&task.init);
    for op in &mut task.operators {
        op.add = only_basic(&op.add);
        op.del = only_basic(&op.del);
        if kind == 1 {
            continue;
        }
        let effects = (0..rng.range(0, 2)).map(|_| {
            let cond = rng.facts(n, 1, 2);
            let mut neg = rng.facts(n, 0, 1);
            neg.retain(|f| !cond.contains(f));
            let add = rng.facts(basic, 0, 2);
            let del = rng.facts(basic, u32::from(add.is_empty()), 2);
            ConditionalEffect {
                cond: ids(cond),
                neg_cond: ids(neg),
                add: ids(add),
                del: ids(del),
            }
        });
        op.conditional = effects.collect();
    }
    for head in basic..n {
        // The body's facts: basic ones and derived ones of lower layers.
        let below = head;
        for _ in 0..rng.range(1, 2) {
            let pre = rng.facts(below, 0, 2);
            let mut neg = rng.facts(below, 0, 1);
            neg.retain(|f| !pre.contains(f));
            task.axioms.push(Axiom {
                head: FactId(head),
                pre: ids(pre),
                neg_pre: ids(neg),
                layer: head - basic + 1,
            });
        }
    }
    task.derived = (basic..n).map(FactId).collect();
    task
}

/// A random task around `base` (a STRIPS task): its facts renumbered at
/// random, with 0-2 facts and 0-4 operators more (as [`random_task`] makes
/// them), one of its operators left out one time in four, and costs 0-3.
fn random_variant(rng: &mut Rng, base: &Task) -> Task {
    let n = base.facts.len() as u32 + rng.range(0, 2);
    let mut perm: Vec<u32> = (0..n).collect();
    for i in (1..n as usize).rev() {
        perm.swap(i, rng.range(0, i as u32) as usize);
    }
    let map = |v: &[FactId]| -> Vec<u32> { v.iter().map(|f| perm[f.index()]).collect() };
    let left_out = (rng.range(0, 3) == 0).then(|| rng.range(0, base.operators.len() as u32 - 1));
    let mut specs: Vec<OwnedSpec> = Vec::new();
    for (i, o) in base.operators.iter().enumerate() {
        if left_out != Some(i as u32) {
            specs.push((map(&o.pre), map(&o.add), map(&o.del), rng.range(0, 3)));
        }
    }
    for _ in 0..rng.range(0, 4) {
        let (pre, add, del) = (rng.facts(n, 0, 2), rng.facts(n, 1, 2), rng.facts(n, 0, 2));
        specs.push((pre, add, del, rng.range(0, 3)));
    }
    let spec_refs: Vec<OpSpec> = (specs.iter())
        .map(|(p, a, d, c)| (&p[..], &a[..], &d[..], *c))
        .collect();
    testing::task(n as usize, &map(&base.init), &map(&base.goal), &spec_refs)
}

/// A task's state space by the library's own semantics: a state assigns the
/// basic facts, and its derived facts are what the axioms derive from them
/// ([`Task::evaluate_axioms`]); the successor under an operator is
/// [`Task::apply`]'s (conditions read before the step, deletes before adds,
/// axioms evaluated after). States are masks over at most 10 facts.
struct Space<'t> {
    task: &'t Task,
    /// Per mask: `None` if its derived facts are not what the axioms derive
    /// (no state), else its transitions `(operator, successor, cost)`.
    transitions: Vec<Option<Vec<(OpId, u32, u32)>>>,
}

impl<'t> Space<'t> {
    fn new(task: &'t Task) -> Self {
        let n = task.facts.len();
        let transitions = (0..1u32 << n)
            .map(|s| {
                let state = [u64::from(s)];
                let mut evaluated = state;
                task.evaluate_axioms(&mut evaluated);
                (evaluated == state).then(|| {
                    (task.operators.iter().enumerate())
                        .filter(|(_, o)| {
                            s & mask(&o.pre) == mask(&o.pre) && s & mask(&o.neg_pre) == 0
                        })
                        .map(|(i, o)| {
                            let mut next = state;
                            task.apply(o, &state, &mut next);
                            (OpId(i as u32), next[0] as u32, o.cost)
                        })
                        .collect()
                })
            })
            .collect();
        Space { task, transitions }
    }

    /// The states, ascending.
    fn states(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.transitions.len() as u32).filter(|&s| self.transitions[s as usize].is_some())
    }

    fn init(&self) -> u32 {
        let mut state = [u64::from(mask(&self.task.init))];
        self.task.evaluate_axioms(&mut state);
        state[0] as u32
    }

    fn is_goal(&self, s: u32) -> bool {
        s & mask(&self.task.goal) == mask(&self.task.goal) && s & mask(&self.task.neg_goal) == 0
    }

    fn transitions(&self, s: u32) -> &[(OpId, u32, u32)] {
        self.transitions[s as usize].as_deref().expect("a state")
    }

    /// h* of every state (`None` for masks that are no state), by Dijkstra
    /// backwards from the goal states.
    fn optimal_costs(&self) -> Vec<Option<u32>> {
        let mut preds: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.transitions.len()];
        for s in self.states() {
            for &(_, t, c) in self.transitions(s) {
                preds[t as usize].push((s, c));
            }
        }
        let mut dist = vec![None; self.transitions.len()];
        let mut heap: BinaryHeap<Reverse<(u32, u32)>> = (self.states())
            .filter(|&s| self.is_goal(s))
            .map(|s| Reverse((0, s)))
            .collect();
        while let Some(Reverse((d, s))) = heap.pop() {
            if dist[s as usize].is_some() {
                continue;
            }
            dist[s as usize] = Some(d);
            for &(p, c) in &preds[s as usize] {
                if dist[p as usize].is_none() {
                    heap.push(Reverse((d + c, p)));
                }
            }
        }
        dist
    }
}

/// The task with facts and operators as bit masks.
struct Masks {
    n: u32,
    ops: Vec<(u32, u32, u32, u32, u32)>, // pre, neg_pre, add, del, cost
    goal: u32,
    neg_goal: u32,
    /// The facts some precondition or goal needs false: bit `n + j` of a
    /// relaxed state is "`negs[j]` is false".
    negs: Vec<u32>,
}

impl Masks {
    fn new(t: &Task) -> Self {
        Masks {
            n: t.facts.len() as u32,
            ops: t
                .operators
                .iter()
                .map(|o| {
                    (
                        mask(&o.pre),
                        mask(&o.neg_pre),
                        mask(&o.add),
                        mask(&o.del),
                        o.cost,
                    )
                })
                .collect(),
            goal: mask(&t.goal),
            neg_goal: mask(&t.neg_goal),
            negs: {
                let all = t
                    .operators
                    .iter()
                    .fold(mask(&t.neg_goal), |m, o| m | mask(&o.neg_pre));
                (0..t.facts.len() as u32)
                    .filter(|f| all >> f & 1 == 1)
                    .collect()
            },
        }
    }

    /// The "is false" bits of the facts of `facts` (a mask) among `negs`.
    fn neg_bits(&self, facts: u32) -> u32 {
        (self.negs.iter().enumerate())
            .filter(|&(_, &f)| facts >> f & 1 == 1)
            .fold(0, |m, (j, _)| m | 1 << (self.n + j as u32))
    }

    /// The relaxed state of `s`: its facts and "p is false" for each fact of
    /// `negs` not in `s`.
    fn lift(&self, s: u32) -> u32 {
        let all = self.negs.iter().fold(0, |m, &f| m | 1 << f);
        s | self.neg_bits(all & !s)
    }

    /// The relaxed operators: `(pre, add, cost)` over facts and "is false" bits.
    fn relaxed_ops(&self) -> Vec<(u32, u32, u32)> {
        (self.ops.iter())
            .map(|o| {
                (
                    o.0 | self.neg_bits(o.1),
                    o.2 | self.neg_bits(o.3 & !o.2),
                    o.4,
                )
            })
            .collect()
    }

    fn is_goal(&self, s: u32) -> bool {
        s & self.goal == self.goal && s & self.neg_goal == 0
    }

    /// `(successor, cost)` for every applicable operator.
    fn successors(&self, s: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.transitions(s).map(|(_, t, c)| (t, c))
    }

    /// The operators applicable in `s`, each with its successor and cost.
    fn transitions(&self, s: u32) -> impl Iterator<Item = (OpId, u32, u32)> + '_ {
        (self.ops.iter().enumerate())
            .filter(move |(_, o)| s & o.0 == o.0 && s & o.1 == 0)
            .map(move |(i, o)| (OpId(i as u32), (s & !o.3) | o.2, o.4))
    }

    /// h* of every state, by Dijkstra backwards from the goal states.
    fn optimal_costs(&self) -> Vec<Option<u32>> {
        let size = 1usize << self.n;
        let mut preds: Vec<Vec<(u32, u32)>> = vec![Vec::new(); size];
        for s in 0..size as u32 {
            for (t, c) in self.successors(s) {
                preds[t as usize].push((s, c));
            }
        }
        let mut dist = vec![None; size];
        let mut heap: BinaryHeap<Reverse<(u32, u32)>> = (0..size as u32)
            .filter(|&s| self.is_goal(s))
            .map(|s| Reverse((0, s)))
            .collect();
        while let Some(Reverse((d, s))) = heap.pop() {
            if dist[s as usize].is_some() {
                continue;
            }
            dist[s as usize] = Some(d);
            for &(p, c) in &preds[s as usize] {
                if dist[p as usize].is_none() {
                    heap.push(Reverse((d + c, p)));
                }
            }
        }
        dist
    }

    /// h+ of every state, over the relaxed states (see the module docs).
    /// Relaxed successors only grow, so larger masks come first.
    fn relaxed_optimal_costs(&self) -> Vec<Option<u32>> {
        let size = 1usize << (self.n as usize + self.negs.len());
        let ops = self.relaxed_ops();
        let goal = self.goal | self.neg_bits(self.neg_goal);
        let mut best: Vec<Option<u32>> = vec![None; size];
        for s in (0..size as u32).rev() {
            best[s as usize] = if s & goal == goal {
                Some(0)
            } else {
                ops.iter()
                    .filter(|o| s & o.0 == o.0 && s | o.1 != s)
                    .filter_map(|o| best[(s | o.1) as usize].map(|h| h + o.2))
                    .min()
            };
        }
        (0..1u32 << self.n)
            .map(|s| best[self.lift(s) as usize])
            .collect()
    }

    /// h^max or h^add of every fact, then every "is false" literal, from
    /// `s`, by naive fixpoint iteration.
    fn relaxed_fact_costs(&self, s: u32, combine: Combine) -> Vec<Option<u32>> {
        let (lits, start) = (self.n + self.negs.len() as u32, self.lift(s));
        let mut cost: Vec<Option<u32>> = (0..lits)
            .map(|f| (start >> f & 1 == 1).then_some(0))
            .collect();
        let ops = self.relaxed_ops();
        loop {
            let mut changed = false;
            for o in &ops {
                let pre = (0..lits)
                    .filter(|f| o.0 >> f & 1 == 1)
                    .try_fold(0, |acc, f| Some(combine.apply(acc, cost[f as usize]?)));
                let Some(pre) = pre else { continue };
                for f in (0..lits).filter(|f| o.1 >> f & 1 == 1) {
                    if cost[f as usize].is_none_or(|c| pre + o.2 < c) {
                        cost[f as usize] = Some(pre + o.2);
                        changed = true;
                    }
                }
            }
            if !changed {
                return cost;
            }
        }
    }
}

fn value(e: Estimate) -> Option<u32> {
    match e {
        Estimate::Value(v) => Some(v),
        Estimate::DeadEnd => None,
    }
}
