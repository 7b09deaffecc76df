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

use crate::task::{FactId, Task};
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

impl H2 {
    /// Runs the fixpoint, unless the task is over `limits`.
    pub fn compute(task: &Task, limits: &H2Limits) -> Result<H2, H2Skip> {
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
        let start = Instant::now();
        let words = bits::words_for(n);
        let mut h2 = H2 {
            n,
            words,
            rows: vec![0; n * words].into_boxed_slice(),
            passes: 0,
        };
        for &f in task.init.iter() {
            for &g in task.init.iter() {
                h2.set(f, g);
            }
        }
        let mut reached: Vec<u64> = vec![0; words];
        for &f in task.init.iter() {
            bits::insert(&mut reached, f);
        }
        // Pass in which a row (or the reached set) last changed, and in which
        // an operator was last evaluated (0: never). An operator is evaluated
        // again only when a row of its preconditions changed since.
        let mut changed_in: Vec<u32> = vec![1; n];
        let mut reached_changed_in = 1;
        let mut evaluated_in: Vec<u32> = vec![0; task.operators.len()];
        let mut acc: Vec<u64> = vec![0; words];
        let mut pass = 1;
        loop {
            let mut changed = false;
            for (o, op) in task.operators.iter().enumerate() {
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
                    if !bits::contains(&reached, a) {
                        bits::insert(&mut reached, a);
                        reached_changed_in = pass;
                    }
                    let base = a.index() * words;
                    for (w, &reach_w) in acc.iter().enumerate() {
                        let mut new = reach_w & !h2.rows[base + w];
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
        Ok(h2)
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
        let end = self.n.saturating_sub(w * 64);
        if end >= 64 {
            u64::MAX
        } else {
            (1u64 << end) - 1
        }
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

#[cfg(test)]
pub(crate) mod tests;
