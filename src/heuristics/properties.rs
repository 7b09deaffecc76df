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

/// SplitMix64: a tiny deterministic generator, enough for test inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// Between `lo` and `hi` distinct facts below `n` (at most `n`).
    fn facts(&mut self, n: u32, lo: u32, hi: u32) -> Vec<u32> {
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
fn random_task(rng: &mut Rng) -> Task {
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
fn random_adl_task(rng: &mut Rng) -> Task {
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

/// Checks every property on every state of one task.
fn check_task(task: &Task, seed: u64) {
    let m = Masks::new(task);
    let h_star = m.optimal_costs();
    let h_plus = m.relaxed_optimal_costs();
    assert_eq!(
        Space::new(task).optimal_costs(),
        h_star,
        "the two oracles disagree: seed {seed}, task {task:?}"
    );
    let names = ["blind", "goalcount", "hmax", "hadd", "hff", "lmcut"];
    let mut hs: Vec<Box<dyn Heuristic>> = names
        .iter()
        .map(|n| by_name(n, task).expect("known name"))
        .collect();
    let goal_count_admissible = hs[1].is_admissible();
    let min_cost = task.operators.iter().map(|o| o.cost).min();
    let all: Vec<Vec<Option<u32>>> = (0..1u32 << m.n)
        .map(|s| {
            hs.iter_mut()
                .map(|h| value(h.estimate(&[u64::from(s)])))
                .collect()
        })
        .collect();

    for s in 0..1u32 << m.n {
        let ctx = format!("seed {seed}, state {s:#b}, task {task:?}");
        let (star, plus) = (h_star[s as usize], h_plus[s as usize]);
        let h = &all[s as usize];
        let (blind, gc, hmax, hadd, hff, lmcut) = (h[0], h[1], h[2], h[3], h[4], h[5]);

        // Blind and goal count.
        let goal = m.is_goal(s);
        assert_eq!(blind, if goal { Some(0) } else { min_cost }, "blind: {ctx}");
        assert_eq!(gc == Some(0), goal, "goalcount: {ctx}");
        if let Some(star) = star {
            assert!(blind.expect("finite") <= star, "blind > h*: {ctx}");
            if goal_count_admissible {
                assert!(gc.expect("finite") <= star, "goalcount > h*: {ctx}");
            }
        }

        // Relaxation heuristics: dead ends agree with h+, then the chain of bounds.
        for (name, v) in [
            ("hmax", hmax),
            ("hadd", hadd),
            ("hff", hff),
            ("lmcut", lmcut),
        ] {
            assert_eq!(v.is_some(), plus.is_some(), "{name} dead end: {ctx}");
        }
        if star.is_some() {
            assert!(plus.is_some() && plus <= star, "h+ > h*: {ctx}");
        }
        if let Some(plus) = plus {
            let [hmax, hadd, hff, lmcut] = [hmax, hadd, hff, lmcut].map(|v| v.expect("finite"));
            assert!(hmax <= lmcut, "hmax {hmax} > lmcut {lmcut}: {ctx}");
            assert!(lmcut <= plus, "lmcut {lmcut} > h+ {plus}: {ctx}");
            assert!(plus <= hff, "h+ {plus} > hff {hff}: {ctx}");
            assert!(hff <= hadd, "hff {hff} > hadd {hadd}: {ctx}");
        }

        // Exact h^max and h^add against the naive fixpoint, also via fact_costs.
        let state = [u64::from(s)];
        for (combine, v) in [(Combine::Max, hmax), (Combine::Sum, hadd)] {
            let naive = m.relaxed_fact_costs(s, combine);
            let neg_goal = (m.negs.iter().enumerate())
                .filter(|&(_, &f)| m.neg_goal >> f & 1 == 1)
                .map(|(j, _)| crate::task::FactId(m.n + j as u32));
            assert_eq!(
                subgoal_cost(&naive, task.goal.iter().copied().chain(neg_goal), combine),
                v,
                "{ctx}"
            );
            if s % 5 == 0 {
                assert_eq!(
                    fact_costs(task, &state, combine),
                    naive[..m.n as usize],
                    "{combine:?}: {ctx}"
                );
            }
        }

        // Consistency: h(s) <= cost(o) + h(s') over applicable operators.
        for (t, c) in m.successors(s) {
            let next = &all[t as usize];
            for (i, name) in names.iter().enumerate() {
                let consistent = matches!(i, 0 | 2) || (i == 1 && goal_count_admissible);
                if let (true, Some(now), Some(then)) = (consistent, h[i], next[i]) {
                    assert!(
                        now <= c + then,
                        "{name} inconsistent on {s:#b} -> {t:#b}: {ctx}"
                    );
                }
            }
        }

        // Preferred operators: deterministic, sorted, applicable, and present
        // whenever the relaxed plan is non-empty (its first steps are
        // applicable, negative preconditions included, as "p is false" is a
        // relaxed fact).
        let v = hs[4].estimate(&state);
        assert_eq!(value(v), hff, "hff changed on re-evaluation: {ctx}");
        let preferred = hs[4].preferred_operators().to_vec();
        assert!(preferred.windows(2).all(|w| w[0] < w[1]), "unsorted: {ctx}");
        for o in &preferred {
            let op = m.ops[o.index()];
            assert!(
                s & op.0 == op.0 && s & op.1 == 0,
                "inapplicable {o:?}: {ctx}"
            );
        }
        if hff.is_some() {
            assert_eq!(preferred.is_empty(), m.is_goal(s), "preferred: {ctx}");
        }
        if s % 7 == 0 {
            let mut fresh = LmCut::new(task);
            assert_eq!(
                value(fresh.estimate(&state)),
                lmcut,
                "lmcut not repeatable: {ctx}"
            );
        }
    }
}

#[test]
fn heuristics_agree_with_brute_force_on_random_tasks() {
    let mut rng = Rng(0x5EED);
    for seed in 0..400 {
        let task = random_task(&mut rng);
        check_task(&task, seed);
    }
}

/// What the ADL check met, so that its test can tell it is not weak.
#[derive(Default, Debug)]
struct AdlCases {
    /// States where some conditional effect of an applicable operator fires.
    conditional: usize,
    /// States where some derived fact holds.
    derived: usize,
    /// States h^max calls dead ends, and those that are dead ends it misses.
    dead: usize,
    missed: usize,
    /// Solvable states where h^max is below h*, and where it is positive.
    below: usize,
    positive: usize,
}

/// Checks, on every state of a task with conditional effects or axioms,
/// the heuristics that accept them (all but LM-cut) against h* by the
/// task's own semantics ([`Space`]): h^max is admissible and consistent;
/// h^max, h^add and h^FF call the same states dead ends, and those are;
/// `hmax <= hff <= hadd`; blind and goal count behave as on STRIPS tasks;
/// h^FF's preferred operators are applicable, and (without axioms) there
/// are some exactly off the goal.
fn check_adl_task(task: &Task, seed: u64, cases: &mut AdlCases) {
    let space = Space::new(task);
    let h_star = space.optimal_costs();
    let names = ["blind", "goalcount", "hmax", "hadd", "hff"];
    let mut hs: Vec<Box<dyn Heuristic>> = (names.iter())
        .map(|n| by_name(n, task).expect("known name"))
        .collect();
    let goal_count_admissible = hs[1].is_admissible();
    let min_cost = task.operators.iter().map(|o| o.cost).min();
    let mut all: Vec<Vec<Option<u32>>> = vec![Vec::new(); h_star.len()];
    for s in space.states() {
        all[s as usize] = (hs.iter_mut())
            .map(|h| value(h.estimate(&[u64::from(s)])))
            .collect();
    }
    let applicable = |o: &crate::task::Operator, s: u32| {
        s & mask(&o.pre) == mask(&o.pre) && s & mask(&o.neg_pre) == 0
    };
    for s in space.states() {
        let ctx = || format!("seed {seed}, state {s:#b}, task {task:?}");
        let star = h_star[s as usize];
        let h = &all[s as usize];
        let (blind, gc, hmax, hadd, hff) = (h[0], h[1], h[2], h[3], h[4]);
        let goal = space.is_goal(s);

        assert_eq!(
            blind,
            if goal { Some(0) } else { min_cost },
            "blind: {}",
            ctx()
        );
        assert_eq!(gc == Some(0), goal, "goalcount: {}", ctx());
        if let Some(star) = star {
            assert!(blind.expect("finite") <= star, "blind > h*: {}", ctx());
            if goal_count_admissible {
                assert!(gc.expect("finite") <= star, "goalcount > h*: {}", ctx());
            }
        }

        for (name, v) in [("hadd", hadd), ("hff", hff)] {
            assert_eq!(v.is_some(), hmax.is_some(), "{name} dead end: {}", ctx());
        }
        match (hmax, star) {
            (None, Some(star)) => panic!("hmax dead end, h* = {star}: {}", ctx()),
            (Some(hmax), Some(star)) => {
                assert!(hmax <= star, "hmax {hmax} > h* {star}: {}", ctx());
                cases.below += usize::from(hmax < star);
                cases.positive += usize::from(hmax > 0);
            }
            (None, None) => cases.dead += 1,
            (Some(_), None) => cases.missed += 1,
        }
        if let (Some(hmax), Some(hadd), Some(hff)) = (hmax, hadd, hff) {
            assert!(hmax <= hff, "hmax {hmax} > hff {hff}: {}", ctx());
            assert!(hff <= hadd, "hff {hff} > hadd {hadd}: {}", ctx());
        }

        for &(o, t, c) in space.transitions(s) {
            let next = &all[t as usize];
            for (i, name) in names.iter().enumerate() {
                let consistent = matches!(i, 0 | 2) || (i == 1 && goal_count_admissible);
                if let (true, Some(now), Some(then)) = (consistent, h[i], next[i]) {
                    assert!(
                        now <= c + then,
                        "{name} inconsistent on {s:#b} -{o:?}-> {t:#b}: {}",
                        ctx()
                    );
                }
            }
        }

        hs[4].estimate(&[u64::from(s)]);
        let preferred = hs[4].preferred_operators();
        assert!(
            preferred.windows(2).all(|w| w[0] < w[1]),
            "unsorted: {}",
            ctx()
        );
        for &o in preferred {
            assert!(
                applicable(task.operator(o), s),
                "inapplicable {o:?}: {}",
                ctx()
            );
        }
        // With axioms, a relaxed plan off the goal may hold axioms alone
        // (a negated derived goal, which the relaxation gets for free).
        if hff.is_some() && (goal || task.axioms.is_empty()) {
            assert_eq!(preferred.is_empty(), goal, "preferred: {}", ctx());
        }

        let fires = |e: &crate::task::ConditionalEffect| {
            s & mask(&e.cond) == mask(&e.cond) && s & mask(&e.neg_cond) == 0
        };
        cases.conditional += usize::from(
            (task.operators.iter()).any(|o| applicable(o, s) && o.conditional.iter().any(fires)),
        );
        cases.derived += usize::from(s & mask(&task.derived) != 0);
    }
}

/// The heuristics that accept conditional effects and axioms, on random
/// tasks that have them; see [`check_adl_task`].
#[test]
fn heuristics_agree_with_brute_force_on_random_adl_tasks() {
    let mut rng = Rng(0xAD1);
    let mut cases = AdlCases::default();
    for seed in 0..1500 {
        let task = random_adl_task(&mut rng);
        check_adl_task(&task, seed, &mut cases);
    }
    let AdlCases {
        conditional,
        derived,
        dead,
        missed,
        below,
        positive,
    } = cases;
    assert!(
        conditional > 50_000 && derived > 30_000 && dead > 20_000 && missed > 5_000,
        "{cases:?}"
    );
    assert!(below > 10_000 && positive > 40_000, "{cases:?}");
}

#[test]
fn random_tasks_exercise_interesting_cases() {
    // Guards the generator: the checks above must meet strict gaps and dead ends.
    let mut rng = Rng(0x5EED);
    let (mut lmcut_above_hmax, mut dead, mut solvable) = (false, false, false);
    for _ in 0..400 {
        let task = random_task(&mut rng);
        let init = [u64::from(mask(&task.init))];
        let mut hmax = Hmax::new(&task);
        let mut lmcut = LmCut::new(&task);
        match (hmax.estimate(&init), lmcut.estimate(&init)) {
            (Estimate::Value(a), Estimate::Value(b)) => {
                solvable = true;
                lmcut_above_hmax |= b > a;
            }
            _ => dead = true,
        }
    }
    assert!(lmcut_above_hmax && dead && solvable);
}

/// Regression's LM-cut: from the initial state to subgoal sets `G` instead of
/// the task's goal. One instance serves every `G` (its first exploration is
/// reused), and it must give what a fresh instance gives, lie between h^max and
/// h+ of `G`, and call `G` a dead end exactly when h+ does.
#[test]
fn lmcut_to_subgoal_sets_lies_between_hmax_and_h_plus() {
    let mut rng = Rng(0xBAC4);
    let mut above_hmax = false;
    for seed in 0..200 {
        let task = random_task(&mut rng);
        let m = Masks::new(&task);
        let init = mask(&task.init);
        let state = [u64::from(init)];
        let fact_hmax = m.relaxed_fact_costs(init, Combine::Max);
        let mut shared = LmCut::new(&task);
        let step = ((1u32 << m.n) / 40).max(1);
        for g in (0..1u32 << m.n).step_by(step as usize) {
            let ctx = format!("seed {seed}, subgoals {g:#b}, task {task:?}");
            let goal: Vec<crate::task::FactId> = (0..m.n)
                .filter(|f| g >> f & 1 == 1)
                .map(crate::task::FactId)
                .collect();
            let v = value(shared.estimate_goal(&state, &goal));
            let fresh = value(LmCut::new(&task).estimate_goal(&state, &goal));
            assert_eq!(v, fresh, "reused first exploration: {ctx}");
            let plus = Masks {
                goal: g,
                neg_goal: 0,
                ..Masks::new(&task)
            }
            .relaxed_optimal_costs()[init as usize];
            let hmax = subgoal_cost(&fact_hmax, goal.iter().copied(), Combine::Max);
            assert_eq!(v.is_some(), plus.is_some(), "dead end: {ctx}");
            if let (Some(v), Some(plus), Some(hmax)) = (v, plus, hmax) {
                assert!(hmax <= v && v <= plus, "{hmax} <= {v} <= {plus}: {ctx}");
                above_hmax |= v > hmax;
            }
        }
    }
    assert!(above_hmax, "no subgoal set where LM-cut beats h^max");
}

/// The admissible landmark heuristic (`lmcp`) is path-dependent, so h <= h*
/// holds on the paths from the initial state (see
/// [`landmark_heuristics_are_sound_along_random_walks`]), not state by
/// state; what it promises is A*'s: on random tasks (negative preconditions
/// and goals included, then conditional effects and axioms), A* with it
/// returns plans as cheap as blind A*'s, and proves the same tasks
/// unsolvable.
#[test]
fn astar_with_the_admissible_landmark_heuristic_is_optimal() {
    use crate::search::{Limits, Monitor, Outcome, Progression, astar};
    let mut rng = Rng(0x1A4D);
    let (mut solved, mut informed, mut adl) = (0, 0, 0);
    for seed in 0..450 {
        let task = if seed < 300 {
            random_task(&mut rng)
        } else {
            random_adl_task(&mut rng)
        };
        let run = |h: &mut dyn Heuristic| {
            let mut space = Progression::new(&task);
            astar(&mut space, h, &mut Monitor::new(Limits::none()))
        };
        let blind = run(&mut Blind::new(&task));
        let landmarks = run(&mut LmCount::admissible(&task));
        match (&blind.outcome, &landmarks.outcome) {
            (Outcome::Plan(a), Outcome::Plan(b)) => {
                assert_eq!(
                    task.plan_cost(a),
                    task.plan_cost(b),
                    "seed {seed}: {task:?}"
                );
                solved += 1;
                informed += usize::from(landmarks.stats.expanded < blind.stats.expanded);
                adl += usize::from(seed >= 300);
            }
            (a, b) => assert_eq!(a, b, "seed {seed}: {task:?}"),
        }
    }
    assert!(
        solved > 250 && informed > 50 && adl > 80,
        "{solved} solved ({adl} with conditional effects or axioms), {informed} informed"
    );
}

/// What the landmark heuristics promise on the paths a search follows, on
/// random tasks with and without conditional effects and axioms, and
/// around [`testing::landmark_needed_again`] (where a landmark achieved
/// before its reasonable parent makes another look needed again). A search
/// tells a path-dependent heuristic every transition it generates, with one
/// node per state, so a state reached again keeps only what every path to it
/// reached; here random walks from the initial state, over one set of nodes
/// per task, do the same. At every step:
///
/// - a dead end of `lmcount` (with reasonable orderings) is one: no plan
///   from the state (h* by brute force); and `lmcp`, with the same
///   landmarks and the same dead-end test, says so too;
/// - `lmcp <= h*`: it is admissible on every path from the initial state;
/// - `lmcount >= lmcp`: it needs every landmark `lmcp` needs (fewer count
///   as reached: not one achieved before a reasonable parent) and pays each
///   its cheapest achiever, not a share of one;
/// - `lmcount` is 0 only where every goal holds, but those whose landmark
///   costs nothing (a derived fact, a zero-cost achiever), and it is 0 on
///   a goal state where every landmark counts as reached;
/// - its preferred operators are applicable.
#[test]
fn landmark_heuristics_are_sound_along_random_walks() {
    use std::collections::HashMap;
    let mut rng = Rng(0x1A2D);
    let (mut checked, mut dead, mut exact, mut goal_zero, mut gap) = (0, 0, 0, 0, 0);
    // Where lmcount and lmcp first disagree on a dead end: told at the end,
    // so that a false dead end, the worse fault, is told first.
    let mut disagree: Option<String> = None;
    for seed in 0..3000 {
        let task = match seed % 3 {
            0 => random_task(&mut rng),
            1 => random_adl_task(&mut rng),
            _ => random_variant(&mut rng, &testing::landmark_needed_again()),
        };
        let space = Space::new(&task);
        let h_star = space.optimal_costs();
        let mut lmcount = LmCount::new(&task).preferring(&task);
        let mut lmcp = LmCount::admissible(&task);
        let free = |l: &landmarks::Landmark| {
            l.facts.iter().any(|&f| task.is_derived(f))
                || l.achievers.iter().any(|&o| task.operator(o).cost == 0)
        };
        let mut check = |lmcount: &mut LmCount, lmcp: &mut LmCount, s: u32, node, path: &[OpId]| {
            let ctx =
                || format!("seed {seed}, path {path:?} to {s:#b} (node {node}), task {task:?}");
            let state = [u64::from(s)];
            let star = h_star[s as usize];
            let (count, cp) = (
                value(lmcount.estimate(&state)),
                value(lmcp.estimate(&state)),
            );
            checked += 1;
            gap += usize::from(lmcount.reached(node) != lmcp.reached(node));
            if count.is_none() {
                assert_eq!(star, None, "lmcount dead end, h* {star:?}: {}", ctx());
                dead += 1;
            }
            if cp.is_none() != count.is_none() && disagree.is_none() {
                disagree = Some(format!("lmcp {cp:?}, lmcount {count:?}: {}", ctx()));
            }
            if let (Some(cp), Some(star)) = (cp, star) {
                assert!(cp <= star, "lmcp {cp} > h* {star}: {}", ctx());
                exact += usize::from(cp == star && star > 0);
            }
            if let (Some(count), Some(cp)) = (count, cp) {
                assert!(count >= cp, "lmcount {count} < lmcp {cp}: {}", ctx());
            }
            let landmarks = &lmcount.graph().landmarks;
            if count == Some(0) {
                for l in landmarks.iter().filter(|l| l.goal) {
                    assert!(l.holds(&state) || free(l), "0 with {l:?} false: {}", ctx());
                }
            }
            if space.is_goal(s) && lmcount.reached(node).len() == landmarks.len() {
                assert_eq!(count, Some(0), "at a goal, all reached: {}", ctx());
                goal_zero += 1;
            }
            for &o in lmcount.preferred_operators() {
                let op = task.operator(o);
                assert!(
                    s & mask(&op.pre) == mask(&op.pre) && s & mask(&op.neg_pre) == 0,
                    "inapplicable {o:?}: {}",
                    ctx()
                );
            }
            count.is_some()
        };
        let init = space.init();
        let mut nodes: HashMap<u32, u32> = HashMap::from([(init, 0)]);
        lmcount.notify_start(0, &[u64::from(init)]);
        lmcp.notify_start(0, &[u64::from(init)]);
        if !check(&mut lmcount, &mut lmcp, init, 0, &[]) {
            continue;
        }
        let mut path = Vec::new();
        for _ in 0..8 {
            let (mut s, mut node) = (init, 0);
            path.clear();
            for _ in 0..15 {
                let moves = space.transitions(s);
                if moves.is_empty() {
                    break;
                }
                let (op, t, _) = moves[rng.range(0, moves.len() as u32 - 1) as usize];
                let next = nodes.len() as u32;
                let child = *nodes.entry(t).or_insert(next);
                lmcount.notify_transition(node, op, child, &[u64::from(t)]);
                lmcp.notify_transition(node, op, child, &[u64::from(t)]);
                path.push(op);
                if !check(&mut lmcount, &mut lmcp, t, child, &path) {
                    break;
                }
                (s, node) = (t, child);
            }
        }
    }
    assert_eq!(disagree, None, "lmcount and lmcp disagree on a dead end");
    assert!(
        checked > 150_000 && gap > 10_000 && dead > 1_000,
        "{checked} states, {gap} with a landmark achieved but not counted, {dead} dead ends"
    );
    assert!(
        exact > 20_000 && goal_zero > 50_000,
        "{exact} with lmcp = h* > 0, {goal_zero} goals with all reached"
    );
}

/// The landmark graph against brute force, on random tasks with and without
/// conditional effects and axioms and around
/// [`testing::landmark_needed_again`], as the landmark heuristics'
/// soundness rests on it:
///
/// - a landmark is true at the start exactly when it says so;
/// - every step that makes a landmark true (in any state) is one of its
///   achievers, unless it is a derived fact, which axioms make true;
/// - every plan makes every landmark true at some point: no goal state is
///   reachable from the initial state through states where it is false;
/// - every plan has every greedy-necessary parent `p` of a landmark `c`
///   true right before `c` first becomes true: in every state reachable
///   from the initial state with `c` false all along, from which a step
///   makes `c` true in a state that can still reach a goal, `p` holds.
#[test]
fn landmarks_and_their_orderings_hold_on_every_plan() {
    let mut rng = Rng(0x1A4B);
    let (mut landmarks, mut orderings, mut first_steps) = (0, 0, 0);
    for seed in 0..2000 {
        let task = match seed % 3 {
            0 => random_task(&mut rng),
            1 => random_adl_task(&mut rng),
            _ => random_variant(&mut rng, &testing::landmark_needed_again()),
        };
        let space = Space::new(&task);
        let h_star = space.optimal_costs();
        let graph = landmarks::LandmarkGraph::new(&task);
        let init = space.init();
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); graph.len()];
        for (p, children) in graph.children.iter().enumerate() {
            for &c in children {
                parents[c].push(p);
            }
        }
        for (c, lm) in graph.landmarks.iter().enumerate() {
            let ctx = || format!("seed {seed}, landmark {lm:?}, graph {graph:?}, task {task:?}");
            let holds = |s: u32| lm.holds(&[u64::from(s)]);
            assert_eq!(lm.initial, holds(init), "initial: {}", ctx());
            let derived = lm.facts.iter().any(|&f| task.is_derived(f));
            for s in space.states().filter(|&s| !holds(s)) {
                for &(o, t, _) in space.transitions(s) {
                    assert!(
                        derived || !holds(t) || lm.achievers.contains(&o),
                        "{o:?} achieves it from {s:#b}: {}",
                        ctx()
                    );
                }
            }
            landmarks += 1;
            orderings += parents[c].len();
            let mut seen = vec![false; h_star.len()];
            let mut stack = Vec::new();
            if !holds(init) {
                seen[init as usize] = true;
                stack.push(init);
            }
            while let Some(s) = stack.pop() {
                assert!(
                    !space.is_goal(s),
                    "a plan without it reaches {s:#b}: {}",
                    ctx()
                );
                for &(o, t, _) in space.transitions(s) {
                    if !holds(t) {
                        if !std::mem::replace(&mut seen[t as usize], true) {
                            stack.push(t);
                        }
                    } else if h_star[t as usize].is_some() {
                        first_steps += 1;
                        for &p in &parents[c] {
                            let before = &graph.landmarks[p];
                            assert!(
                                before.holds(&[u64::from(s)]),
                                "{before:?} false before {o:?} from {s:#b}: {}",
                                ctx()
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        landmarks > 4_000 && orderings > 1_000 && first_steps > 15_000,
        "{landmarks} landmarks, {orderings} orderings, {first_steps} first steps"
    );
}

/// Incremental LM-cut is path-dependent, so it is checked along
/// transitions: from every (sampled) state, estimated from scratch, to each
/// successor and on to each of theirs, every estimate must call a state a
/// dead end exactly when h+ does and stay at most h+ (so at most h*).
#[test]
fn incremental_lmcut_stays_below_h_plus_along_transitions() {
    let mut rng = Rng(0x1C07);
    let (mut checked, mut below_scratch, mut reused) = (0, 0, 0);
    for seed in 0..150 {
        let task = random_task(&mut rng);
        let m = Masks::new(&task);
        let h_plus = m.relaxed_optimal_costs();
        let mut scratch = LmCut::new(&task);
        let mut inc = LmCut::incremental(&task);
        let step = ((1u32 << m.n) / 24).max(1) as usize;
        let mut check = |inc: &mut LmCut, s: u32, ctx: &str| {
            let v = value(inc.estimate(&[u64::from(s)]));
            let plus = h_plus[s as usize];
            assert_eq!(v.is_some(), plus.is_some(), "dead end: {ctx}");
            assert!(v <= plus, "incremental lmcut {v:?} > h+ {plus:?}: {ctx}");
            if v < value(scratch.estimate(&[u64::from(s)])) {
                below_scratch += 1;
            }
            checked += 1;
            v.is_some()
        };
        for s in (0..1u32 << m.n).step_by(step) {
            inc.notify_start(0, &[u64::from(s)]);
            if !check(&mut inc, s, &format!("seed {seed}, start {s:#b}")) {
                continue;
            }
            for (o, t, _) in m.transitions(s) {
                inc.notify_transition(0, o, 1, &[u64::from(t)]);
                let ctx = format!("seed {seed}, {s:#b} -{o:?}-> {t:#b}, task {task:?}");
                if !check(&mut inc, t, &ctx) {
                    continue;
                }
                for (o2, u, _) in m.transitions(t) {
                    inc.notify_transition(1, o2, 2, &[u64::from(u)]);
                    check(&mut inc, u, &format!("{ctx} -{o2:?}-> {u:#b}"));
                }
            }
        }
        reused += inc.reuse_counts().0;
    }
    assert!(
        checked > 10_000 && reused > 1_000,
        "{checked} checked, {reused} reused"
    );
    assert!(
        below_scratch > 0,
        "never below LM-cut from scratch: the test is weak"
    );
}
