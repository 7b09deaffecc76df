//! h² mutexes: pairs of facts that are never reachable together.
//!
//! The delete relaxation asks which single facts can become true. h² (Haslum
//! and Geffner 2000) asks the same of *pairs*, which lets it see some deletes.
//! The pair `{p, q}` is reached when both hold initially, or when some
//! operator `o` whose preconditions are pairwise reached
//!
//! - adds both `p` and `q`, or
//! - adds `p`, does not delete `q`, and `q` is reached together with every
//!   precondition of `o` (so `q` can hold before `o` and survive it).
//!
//! The fixpoint of these rules over-approximates the pairs that hold together
//! in some reachable state, so a pair it never reaches is a *mutex*, and a fact
//! never reached even with itself is unreachable. Negative preconditions are
//! taken to be satisfiable.
//!
//! Example (Blocksworld): `(on a b)` and `(on b a)` are h²-mutex. Stacking `b`
//! on `a` needs `(holding b)`, and `(holding b)` with `(on a b)` needs `(clear
//! b)` with `(on a b)` first, which the invariant "at most one of `(clear b)`,
//! `(on ?x b)`, `(holding b)`" forbids. No single counting invariant links the
//! two `on` facts: this is what h² adds. Monotonicity invariants, for their
//! part, give bounds above one (`at most 2 of {(box ?l)}`), which pairs cannot.
//!
//! The pairs live in a symmetric bit matrix: row `f` holds the facts reached
//! together with `f`, and bit `f` of row `f` says whether `f` is reached. Each
//! operator is evaluated with whole-word operations: the facts that can
//! accompany all its preconditions are the AND of their rows.

use crate::task::{FactId, Operator, Task};
use crate::util::bits;
use std::time::{Duration, Instant};

/// When to skip h²: the fixpoint costs about `facts / 64` word operations per
/// precondition and add effect of each operator, per pass.
#[derive(Clone, Debug)]
pub struct H2Limits {
    /// The largest estimated work of one pass (word operations).
    pub max_work: u64,
    /// The largest matrix, in facts (the matrix takes `facts² / 8` bytes).
    pub max_facts: usize,
    pub max_time: Duration,
}

impl Default for H2Limits {
    fn default() -> Self {
        H2Limits {
            max_work: 1_000_000_000,
            max_facts: 30_000,
            max_time: Duration::from_secs(10),
        }
    }
}

/// Why h² was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum H2Skip {
    /// Estimated work of one pass (or facts) over the limit.
    TooLarge { estimated_work: u64, facts: usize },
    /// The fixpoint did not finish within `max_time`.
    TimeLimit,
    /// The task has conditional effects or axioms, which this fixpoint does
    /// not model (its pairs would not be sound).
    Unsupported(crate::task::Feature),
}

/// The h² reachable pairs of a task.
#[derive(Clone, Debug)]
pub struct H2 {
    n: usize,
    words: usize,
    /// Row `f` is `rows[f * words..(f + 1) * words]`.
    rows: Box<[u64]>,
    /// Passes over the operators until nothing changed.
    pub passes: u32,
}

/// The work estimate that [`H2Limits::max_work`] bounds.
pub fn estimated_work(task: &Task) -> u64 {
    let words = bits::words_for(task.facts.len()) as u64;
    let per_pass: u64 = task
        .operators
        .iter()
        .map(|o| (o.pre.len() + o.add.len() + 1) as u64)
        .sum();
    per_pass.saturating_mul(words)
}

/// One rule of the fixpoint: when `pre` is pairwise reached, every pair of
/// `add` is reached, and so is every `add` fact with each fact reached
/// together with all of `pre` that `del` does not name. A forward rule is an
/// operator; a backward rule is an operator read in reverse (see
/// [`H2::backward`]).
struct Rule<'a> {
    pre: &'a [FactId],
    add: &'a [FactId],
    del: &'a [FactId],
}

impl H2 {
    /// Runs the fixpoint, unless the task is over `limits`.
    pub fn compute(task: &Task, limits: &H2Limits) -> Result<H2, H2Skip> {
        let keep = vec![true; task.operators.len()];
        H2::forward(task, &keep, None, limits)
    }

    /// Forward h² over the operators `keep` marks, from the initial state.
    /// With `allowed`, a pair that `allowed` does not reach is never reached
    /// (it is known not to hold in any state that matters), so the result
    /// is the intersection of both.
    pub fn forward(
        task: &Task,
        keep: &[bool],
        allowed: Option<&H2>,
        limits: &H2Limits,
    ) -> Result<H2, H2Skip> {
        let start = Instant::now();
        let n = task.facts.len();
        check_limits(task, limits)?;
        let mut seed = H2::empty(n);
        for &f in task.init.iter() {
            for &g in task.init.iter() {
                if allowed.is_none_or(|a| a.get(f, g)) {
                    seed.set(f, g);
                }
            }
        }
        let rules: Vec<Rule> = (task.operators.iter().zip(keep))
            .filter(|(_, keep)| **keep)
            .map(|(o, _)| Rule {
                pre: &o.pre,
                add: &o.add,
                del: &o.del,
            })
            .collect();
        seed.fixpoint(&rules, allowed, limits, start)
    }

    /// Backward (regression) h² over the operators `keep` marks, from the
    /// goal (Alcázar and Torralba 2015). A pair is reached when some state
    /// from which the goal can be reached may hold both facts.
    ///
    /// - *Start*: a goal state holds the goal and may hold any other fact.
    ///   Alone this makes every pair reached, so the start keeps only the
    ///   facts `allowed` (the forward pairs) reaches together with every
    ///   goal fact, and none of the negative goals: the states that matter
    ///   are reachable as well.
    /// - *Rules*: operator `o` leads from `s` to `s' = (s \ del) ∪ add`,
    ///   which holds its *result* `post(o) = add ∪ (pre \ del)`. Read in
    ///   reverse, `o` needs `post(o)` in `s'` and gives `s`, which holds
    ///   `pre`, may hold the facts of `add ∪ del` outside `pre` (their value
    ///   before `o` is not fixed), and holds every other fact of `s'`
    ///   unchanged. So the backward rule of `o` has precondition `post(o)`,
    ///   adds `pre ∪ add ∪ del` and deletes nothing: a fact reached with all
    ///   of `post(o)` is reached with each fact it adds. Negative
    ///   preconditions are ignored, which only reaches more.
    ///
    /// The fixpoint over-approximates the pairs of the states from which the
    /// goal is reachable (and, with `allowed`, that are reachable), as the
    /// forward one does for the states reachable from the start.
    pub fn backward(
        task: &Task,
        keep: &[bool],
        allowed: Option<&H2>,
        limits: &H2Limits,
    ) -> Result<H2, H2Skip> {
        let start = Instant::now();
        let n = task.facts.len();
        check_limits(task, limits)?;
        let words = bits::words_for(n);
        // The facts a goal state may hold: together with every goal fact.
        let mut candidates: Vec<u64> = (0..words).map(|w| valid_bits(n, w)).collect();
        if let Some(a) = allowed {
            for &g in task.goal.iter() {
                candidates
                    .iter_mut()
                    .zip(a.row(g))
                    .for_each(|(c, r)| *c &= r);
            }
        }
        for &g in task.neg_goal.iter() {
            bits::remove(&mut candidates, g);
        }
        let goal_holds = task.goal.iter().all(|&g| bits::contains(&candidates, g));
        let mut seed = H2::empty(n);
        if goal_holds {
            let facts: Vec<FactId> = bits::iter(&candidates).collect();
            for &f in &facts {
                let base = f.index() * words;
                for (w, c) in candidates.iter().enumerate() {
                    seed.rows[base + w] = match allowed {
                        Some(a) => c & a.row(f)[w],
                        None => *c,
                    };
                }
            }
        }
        let posts: Vec<Box<[FactId]>> = task.operators.iter().map(post).collect();
        let adds: Vec<Box<[FactId]>> = (task.operators.iter())
            .map(|o| sorted_union(&[&o.pre, &o.add, &o.del]))
            .collect();
        let rules: Vec<Rule> = (0..task.operators.len())
            .filter(|&o| keep[o])
            .map(|o| Rule {
                pre: &posts[o],
                add: &adds[o],
                del: &[],
            })
            .collect();
        seed.fixpoint(&rules, allowed, limits, start)
    }

    /// Every pair of `n` facts reached: nothing known.
    pub fn all(n: usize) -> H2 {
        let mut h2 = H2::empty(n);
        let words = h2.words;
        for (i, r) in h2.rows.iter_mut().enumerate() {
            *r = valid_bits(n, i % words.max(1));
        }
        h2
    }

    /// Makes `f` mutex with every fact of the packed set `mask` (with
    /// itself, if `mask` holds `f`: then `f` is unreachable).
    pub fn forbid(&mut self, f: FactId, mask: &[u64]) {
        let w = self.words;
        for g in bits::iter::<FactId>(mask) {
            if g.index() < self.n && f.index() < self.n {
                bits::remove(&mut self.rows[f.index() * w..(f.index() + 1) * w], g);
                bits::remove(&mut self.rows[g.index() * w..(g.index() + 1) * w], f);
            }
        }
    }

    /// Whether `self` and `other` (over the same facts) reach different pairs.
    pub fn pairs_differ(&self, other: &H2) -> bool {
        self.rows != other.rows
    }

    /// No pair reached over `n` facts.
    fn empty(n: usize) -> H2 {
        let words = bits::words_for(n);
        H2 {
            n,
            words,
            rows: vec![0; n * words].into_boxed_slice(),
            passes: 0,
        }
    }

    /// Applies `rules` to the pairs reached so far until nothing changes;
    /// with `allowed`, only pairs it reaches are added.
    fn fixpoint(
        mut self,
        rules: &[Rule],
        allowed: Option<&H2>,
        limits: &H2Limits,
        start: Instant,
    ) -> Result<H2, H2Skip> {
        let (n, words) = (self.n, self.words);
        let h2 = &mut self;
        // The facts reached (alone), for the rules without precondition.
        let mut reached: Vec<u64> = vec![0; words];
        for f in 0..n {
            if h2.get(FactId(f as u32), FactId(f as u32)) {
                bits::insert(&mut reached, FactId(f as u32));
            }
        }
        // Pass in which a row (or the reached set) last changed, and in which
        // a rule was last evaluated (0: never). A rule is evaluated again
        // only when a row of its preconditions changed since.
        let mut changed_in: Vec<u32> = vec![1; n];
        let mut reached_changed_in = 1;
        let mut evaluated_in: Vec<u32> = vec![0; rules.len()];
        let mut acc: Vec<u64> = vec![0; words];
        let mut pass = 1;
        loop {
            let mut changed = false;
            for (o, op) in rules.iter().enumerate() {
                if o % 256 == 0 && start.elapsed() > limits.max_time {
                    return Err(H2Skip::TimeLimit);
                }
                let stale = if op.pre.is_empty() {
                    reached_changed_in < evaluated_in[o]
                } else {
                    op.pre
                        .iter()
                        .all(|p| changed_in[p.index()] < evaluated_in[o])
                };
                if stale || !op.pre.iter().all(|&p| op.pre.iter().all(|&q| h2.get(p, q))) {
                    continue;
                }
                evaluated_in[o] = pass;
                // acc = facts reached with every precondition, minus deletes, plus adds.
                match op.pre.first() {
                    Some(&p) => acc.copy_from_slice(h2.row(p)),
                    None => acc.copy_from_slice(&reached),
                }
                for &p in op.pre.iter().skip(1) {
                    for (a, r) in acc.iter_mut().zip(h2.row(p)) {
                        *a &= r;
                    }
                }
                for &d in op.del.iter() {
                    bits::remove(&mut acc, d);
                }
                for &a in op.add.iter() {
                    bits::insert(&mut acc, a);
                }
                for &a in op.add.iter() {
                    if allowed.is_some_and(|al| !al.get(a, a)) {
                        continue;
                    }
                    if !bits::contains(&reached, a) {
                        bits::insert(&mut reached, a);
                        reached_changed_in = pass;
                    }
                    let base = a.index() * words;
                    for (w, &reach_w) in acc.iter().enumerate() {
                        let mut new = reach_w & !h2.rows[base + w];
                        if let Some(al) = allowed {
                            new &= al.rows[base + w];
                        }
                        if new == 0 {
                            continue;
                        }
                        h2.rows[base + w] |= new;
                        changed = true;
                        changed_in[a.index()] = pass;
                        while new != 0 {
                            let r = w * 64 + new.trailing_zeros() as usize;
                            new &= new - 1;
                            bits::insert(&mut h2.rows[r * words..(r + 1) * words], a);
                            changed_in[r] = pass;
                        }
                    }
                }
            }
            h2.passes = pass;
            if !changed {
                break;
            }
            pass += 1;
        }
        Ok(self)
    }

    fn set(&mut self, f: FactId, g: FactId) {
        let w = self.words;
        bits::insert(&mut self.rows[f.index() * w..(f.index() + 1) * w], g);
        bits::insert(&mut self.rows[g.index() * w..(g.index() + 1) * w], f);
    }

    #[inline]
    fn get(&self, f: FactId, g: FactId) -> bool {
        bits::contains(self.row(f), g)
    }

    /// The facts reached together with `f`, packed.
    #[inline]
    pub fn row(&self, f: FactId) -> &[u64] {
        &self.rows[f.index() * self.words..(f.index() + 1) * self.words]
    }

    /// The bits of word `w` that stand for facts.
    #[inline]
    pub fn valid_bits(&self, w: usize) -> u64 {
        self.valid(w)
    }

    #[inline]
    fn valid(&self, w: usize) -> u64 {
        valid_bits(self.n, w)
    }

    /// Number of facts of the task.
    pub fn facts(&self) -> usize {
        self.n
    }

    /// Whether `f` and `g` never hold together (for `f == g`: `f` never holds).
    /// Ids out of range are not mutex.
    pub fn is_mutex(&self, f: FactId, g: FactId) -> bool {
        f.index() < self.n && g.index() < self.n && !self.get(f, g)
    }

    /// Whether `f` is h²-reachable.
    pub fn is_reachable(&self, f: FactId) -> bool {
        !self.is_mutex(f, f)
    }

    /// Facts never reached.
    pub fn unreachable_facts(&self) -> usize {
        (0..self.n)
            .filter(|&f| !self.is_reachable(FactId(f as u32)))
            .count()
    }

    /// Unordered pairs of distinct reachable facts that are mutex.
    pub fn mutex_pairs(&self) -> u64 {
        let reached: Vec<FactId> = (0..self.n as u32)
            .map(FactId)
            .filter(|&f| self.is_reachable(f))
            .collect();
        let mut mask = vec![0u64; self.words];
        for &f in &reached {
            bits::insert(&mut mask, f);
        }
        let twice: u64 = reached
            .iter()
            .map(|&f| {
                self.row(f)
                    .iter()
                    .zip(&mask)
                    .map(|(r, m)| u64::from((m & !r).count_ones()))
                    .sum::<u64>()
            })
            .sum();
        twice / 2
    }

    /// The first pair `(f, g)`, `f <= g`, of facts in the packed set `pos` that
    /// is mutex (`f == g` for an unreachable fact).
    #[inline]
    pub fn violation(&self, pos: &[u64]) -> Option<(FactId, FactId)> {
        let pos = &pos[..pos.len().min(self.words)];
        for (w, &word) in pos.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let f = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if f >= self.n {
                    return None; // bits past the last fact name no fact
                }
                let row = &self.rows[f * self.words..(f + 1) * self.words];
                // Pairs with facts before f were checked from their side.
                for (v, (&p, &r)) in pos.iter().zip(row).enumerate().skip(w) {
                    let bad = p & !r & self.valid(v);
                    if bad != 0 {
                        let g = v * 64 + bad.trailing_zeros() as usize;
                        return Some((FactId(f as u32), FactId(g as u32)));
                    }
                }
            }
        }
        None
    }
}

/// The bits of word `w` that stand for one of `n` facts.
#[inline]
fn valid_bits(n: usize, w: usize) -> u64 {
    let end = n.saturating_sub(w * 64);
    if end >= 64 {
        u64::MAX
    } else {
        (1u64 << end) - 1
    }
}

/// Refuses a task h² cannot be computed for, or is over `limits` for.
fn check_limits(task: &Task, limits: &H2Limits) -> Result<(), H2Skip> {
    if let Some(feature) = task.adl_feature() {
        return Err(H2Skip::Unsupported(feature));
    }
    let n = task.facts.len();
    let estimated_work = estimated_work(task);
    if estimated_work > limits.max_work || n > limits.max_facts {
        return Err(H2Skip::TooLarge {
            estimated_work,
            facts: n,
        });
    }
    Ok(())
}

/// The facts that hold after `o` in every state it applies to: its adds and
/// the preconditions it does not delete, `add ∪ (pre \ del)`, sorted.
pub fn post(o: &Operator) -> Box<[FactId]> {
    let kept: Vec<FactId> = (o.pre.iter().copied())
        .filter(|f| !o.del.contains(f))
        .collect();
    sorted_union(&[&kept, &o.add])
}

/// The sorted union of `lists`, without duplicates.
fn sorted_union(lists: &[&[FactId]]) -> Box<[FactId]> {
    let mut all: Vec<FactId> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all.into_boxed_slice()
}

#[cfg(test)]
pub(crate) mod tests;
