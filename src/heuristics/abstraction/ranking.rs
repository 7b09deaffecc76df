//! The abstract states of a concrete state in the abstractions a heuristic
//! looks up, computed in one pass over flat arrays.
//!
//! Ranking is most of an evaluation's work when there are hundreds of small
//! projections (`scp-sys2` on depot p04: 186 of one or two variables). Each
//! [`Projection`](super::projection::Projection) keeps its own pattern and
//! multipliers; reaching them through every abstraction's vectors costs
//! more than the few multiplications. A [`Ranking`] lays the projections of
//! up to two variables out as two `(variable, multiplier)` terms each,
//! side by side, and leaves the rest to [`Abstraction::abstract_state`].

use super::transitions::Abstraction;

/// How to rank a state in some of a heuristic's abstractions.
#[derive(Clone, Debug, Default)]
pub struct Ranking {
    /// Per projection of one or two variables: its abstraction and two
    /// `(variable, multiplier)` terms (for one variable, the second term's
    /// multiplier is 0).
    small: Vec<(u32, [(u32, u32); 2])>,
    /// The other abstractions, ranked one by one.
    others: Vec<u32>,
}

impl Ranking {
    /// The ranking of `abstractions[a]` for each `a` in `used`.
    pub fn new(abstractions: &[Abstraction], used: &[usize]) -> Ranking {
        let mut ranking = Ranking::default();
        for &a in used {
            match &abstractions[a] {
                Abstraction::Projection(p) if p.pattern().len() <= 2 => {
                    let mut terms = [(0, 0); 2];
                    for (term, (&v, &m)) in terms.iter_mut().zip(p.terms()) {
                        *term = (v, m);
                    }
                    ranking.small.push((a as u32, terms));
                }
                _ => ranking.others.push(a as u32),
            }
        }
        ranking
    }

    /// Writes into `ranks[a]`, for each abstraction `a` of the ranking, the
    /// abstract state of the state `state` whose variables have `values`.
    #[inline]
    pub fn rank(
        &self,
        abstractions: &[Abstraction],
        values: &[u32],
        state: &[u64],
        ranks: &mut [usize],
    ) {
        for &(a, [(v0, m0), (v1, m1)]) in &self.small {
            ranks[a as usize] = (values[v0 as usize] * m0 + values[v1 as usize] * m1) as usize;
        }
        for &a in &self.others {
            ranks[a as usize] = abstractions[a as usize].abstract_state(values, state);
        }
    }
}
