//! Successor generators: finding the operators applicable in a state without
//! testing every operator.
//!
//! The obvious way (pyperplan's) tests all `n` operators' preconditions in every
//! state. Real tasks have thousands of operators of which a handful apply, so
//! planners index the operators by their preconditions once, before the search:
//!
//! * [`DecisionTree`] (Fast Downward's successor generator): a tree whose inner
//!   nodes test one precondition fact and whose nodes list the operators whose
//!   preconditions are all tested on the way down. A state walks only the
//!   branches whose tests it passes.
//! * [`Counters`]: for every fact, the operators that need it. A state bumps a
//!   counter for each operator per true fact; an operator whose counter reaches
//!   its number of preconditions applies.
//! * [`Watched`]: every operator is listed under one precondition fact only,
//!   its rarest; a state goes through its true facts and tests the rest of the
//!   preconditions of the operators listed there.
//!
//! Example: operators `a` (pre `{0}`), `b` (pre `{0, 1}`), `c` (pre `{2}`) in state
//! `{0, 2}`. The tree tests fact 0 (passes: `a` applies, then test fact 1: fails)
//! and fact 2 (passes: `c` applies). The counters reach `a: 1/1`, `b: 1/2`,
//! `c: 1/1`. Both answer `{a, c}`.
//!
//! Both return the operators in increasing id order, so the choice of generator
//! never changes what a search does, only how fast. `benches/successors.rs`
//! compares them; see `benches/README.md` for the figures behind the default.

mod counters;
mod tree;
mod watched;

pub use counters::Counters;
pub use tree::DecisionTree;
pub use watched::Watched;

use crate::task::{OpId, Task};
use crate::util::bits;
use crate::util::hash::FastMap;

/// A precondition literal: `2 * fact` for "fact holds", `2 * fact + 1` for
/// "fact does not hold".
pub type Lit = u32;

/// A sort key for every literal that puts the literals *least likely to hold*
/// first: the share of its predicate's facts that are true in the initial
/// state (false, for a negative literal), then the fact id.
///
/// Testing a rare literal first rules most operators out at once. In Sokoban,
/// `(at player-01 pos-3-4)` holds for one position of many, `(clear pos-3-4)`
/// for most, so `move` and `push` are indexed by the player's position.
pub fn literal_keys(task: &Task) -> Vec<(u64, Lit)> {
    let mut total: FastMap<&str, u64> = FastMap::default();
    let mut true_at_init: FastMap<&str, u64> = FastMap::default();
    for atom in &task.facts {
        *total.entry(atom.predicate.as_str()).or_default() += 1;
    }
    for &f in task.init.iter() {
        *true_at_init
            .entry(task.fact(f).predicate.as_str())
            .or_default() += 1;
    }
    let mut keys = Vec::with_capacity(2 * task.facts.len());
    for (f, atom) in task.facts.iter().enumerate() {
        let p = atom.predicate.as_str();
        let share = true_at_init.get(p).copied().unwrap_or(0) * 1_000_000
            / total.get(p).copied().unwrap_or(1).max(1);
        keys.push((share, 2 * f as Lit));
        keys.push((1_000_000 - share, 2 * f as Lit + 1));
    }
    keys
}

/// The literals of each operator's precondition, rarest first (see
/// [`literal_keys`]).
pub fn ordered_preconditions(task: &Task) -> Vec<Vec<Lit>> {
    let keys = literal_keys(task);
    task.operators
        .iter()
        .map(|op| {
            let mut l: Vec<Lit> = op.pre.iter().map(|f| 2 * f.0).collect();
            l.extend(op.neg_pre.iter().map(|f| 2 * f.0 + 1));
            l.sort_unstable_by_key(|&lit| keys[lit as usize]);
            l.dedup();
            l
        })
        .collect()
}

/// Whether literal `lit` holds in `state`.
#[inline]
pub fn holds(state: &[u64], lit: Lit) -> bool {
    let fact = (lit >> 1) as usize;
    // Branch-free: the fact's bit against the literal's sign.
    bits::bit(state, fact) ^ u64::from(lit & 1) == 1
}

/// Finds the operators applicable in a packed state.
pub trait SuccessorGenerator {
    /// Indexes the operators of `task`.
    fn new(task: &Task) -> Self
    where
        Self: Sized;

    /// Appends to `out` every operator applicable in `state`, in increasing id
    /// order. An operator is applicable when all of `pre` hold and none of
    /// `neg_pre` hold.
    fn applicable(&mut self, state: &[u64], out: &mut Vec<OpId>);

    /// Bytes held by the index.
    fn bytes(&self) -> usize;
}

/// The generator used unless another is asked for (the faster on Sokoban).
pub type Default = DecisionTree;

#[cfg(test)]
mod tests;
