//! A successor generator by precondition counting.
//!
//! Before the search, list for every fact the operators that have it as a
//! precondition. In a state, go through the facts that hold and add one to the
//! counter of each operator on the fact's list: an operator whose counter
//! reaches the size of its precondition has all of it true, and applies if none
//! of its negative preconditions holds. This is the counting trick of the h^max
//! and h^add fixpoints, done once per state.
//!
//! Example: `a` (pre `{0}`), `b` (pre `{0, 1}`), `c` (pre `{2}`), state `{0, 2}`:
//! fact 0 bumps `a` to 1/1 (applies) and `b` to 1/2; fact 2 bumps `c` to 1/1.
//!
//! The work per state is the sum, over the true facts, of how many operators
//! need each: cheap when facts are needed by few operators, expensive when a fact
//! such as `(clear x)` is in many preconditions.

use super::SuccessorGenerator;
use crate::task::{OpId, Task};
use crate::util::bits;

/// The counting successor generator.
#[derive(Clone, Debug)]
pub struct Counters {
    /// Operators that need fact `f`: `by_fact[starts[f]..starts[f + 1]]`.
    starts: Vec<u32>,
    by_fact: Vec<u32>,
    /// Number of positive preconditions of each operator.
    need: Vec<u32>,
    /// Scratch counters, all zero between calls.
    count: Vec<u32>,
    /// Operators with no positive precondition.
    unconditional: Vec<u32>,
    /// Negative preconditions: `neg[neg_starts[o]..neg_starts[o + 1]]`.
    neg_starts: Vec<u32>,
    neg: Vec<u32>,
}

impl SuccessorGenerator for Counters {
    fn new(task: &Task) -> Self {
        let n = task.facts.len();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut need = Vec::with_capacity(task.operators.len());
        let mut unconditional = Vec::new();
        let mut neg_starts = vec![0];
        let mut neg = Vec::new();
        for (o, op) in task.operators.iter().enumerate() {
            for f in op.pre.iter() {
                lists[f.index()].push(o as u32);
            }
            need.push(op.pre.len() as u32);
            if op.pre.is_empty() {
                unconditional.push(o as u32);
            }
            neg.extend(op.neg_pre.iter().map(|f| f.0));
            neg_starts.push(neg.len() as u32);
        }
        let mut starts = Vec::with_capacity(n + 1);
        let mut by_fact = Vec::new();
        starts.push(0);
        for list in lists {
            by_fact.extend(list);
            starts.push(by_fact.len() as u32);
        }
        Counters {
            starts,
            by_fact,
            count: vec![0; need.len()],
            need,
            unconditional,
            neg_starts,
            neg,
        }
    }

    fn applicable(&mut self, state: &[u64], out: &mut Vec<OpId>) {
        let first = out.len();
        out.extend(self.unconditional.iter().map(|&o| OpId(o)));
        for f in bits::iter::<crate::task::FactId>(state) {
            let list = &self.by_fact[self.starts[f.index()] as usize..][..self.list_len(f.index())];
            for &o in list {
                let c = &mut self.count[o as usize];
                *c += 1;
                if *c == self.need[o as usize] {
                    out.push(OpId(o));
                }
            }
        }
        // Reset the counters, then drop operators a negative precondition blocks.
        for f in bits::iter::<crate::task::FactId>(state) {
            let list = &self.by_fact[self.starts[f.index()] as usize..][..self.list_len(f.index())];
            for &o in list {
                self.count[o as usize] = 0;
            }
        }
        let (neg, neg_starts) = (&self.neg, &self.neg_starts);
        let mut i = first;
        for j in first..out.len() {
            let o = out[j].index();
            let blocked = neg[neg_starts[o] as usize..neg_starts[o + 1] as usize]
                .iter()
                .any(|&f| bits::contains(state, crate::task::FactId(f)));
            if !blocked {
                out[i] = out[j];
                i += 1;
            }
        }
        out.truncate(i);
        out[first..].sort_unstable();
    }

    fn bytes(&self) -> usize {
        (self.starts.capacity()
            + self.by_fact.capacity()
            + self.need.capacity()
            + self.count.capacity()
            + self.unconditional.capacity()
            + self.neg_starts.capacity()
            + self.neg.capacity())
            * 4
    }
}

impl Counters {
    #[inline]
    fn list_len(&self, f: usize) -> usize {
        (self.starts[f + 1] - self.starts[f]) as usize
    }
}

#[cfg(test)]
mod tests;
