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

use super::relaxed::{Combine, fact_costs, subgoal_cost};
use super::testing::OpSpec;
use super::*;
use crate::task::Task;
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
/// cannot be checked state by state; what it promises is A*'s: on random
/// tasks (negative preconditions and goals included), A* with it returns
/// plans as cheap as blind A*'s, and proves the same tasks unsolvable.
#[test]
fn astar_with_the_admissible_landmark_heuristic_is_optimal() {
    use crate::search::{Limits, Monitor, Outcome, Progression, astar};
    let mut rng = Rng(0x1A4D);
    let (mut solved, mut informed) = (0, 0);
    for seed in 0..300 {
        let task = random_task(&mut rng);
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
            }
            (a, b) => assert_eq!(a, b, "seed {seed}: {task:?}"),
        }
    }
    assert!(
        solved > 50 && informed > 10,
        "{solved} solved, {informed} informed"
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
