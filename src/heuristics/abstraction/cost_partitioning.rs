//! Cost partitioning: adding abstraction heuristics without overestimating.
//!
//! Two abstractions' goal distances cannot simply be added: a plan's
//! operator may be counted by both. A *cost partitioning* splits each
//! operator's cost among the abstractions, `c_1(o) + ... + c_n(o) <= c(o)`,
//! and adds the distances each abstraction has under its own share; the sum
//! is admissible, since every plan pays at least each share's part
//! (Katz and Domshlak 2008; Yang et al. 2008).
//!
//! *Saturated* cost partitioning (Seipp and Helmert 2014; Seipp, Keller and
//! Helmert, JAIR 2020) takes the abstractions in an *order*. Each one gets
//! all the cost still left, computes its goal distances `h_i`, and keeps
//! only the *saturated* costs, the least it needs for the same distances
//! (`max(0, h_i(s) - h_i(t))` over each operator's transitions `s -> t`).
//! The rest is left to the abstractions after it:
//!
//! ```text
//! left_0 = c          c_i = saturate(h_i under left_{i-1})          left_i = left_{i-1} - c_i
//! ```
//!
//! Different orders favour different states, so the heuristic takes the
//! maximum over several orders. A *greedy* order sorts the abstractions by
//! their value in a state per cost they take from the others (Seipp 2017:
//! `h_i(s) / stolen_i`), which makes an order good for that state.
//!
//! A greedy order is only a guess. [`optimize`] improves it for one state by
//! *hill climbing* (Seipp, Keller and Helmert 2020, Sect. 6): swap two
//! abstractions of the order, keep the swap if the state's estimate rises,
//! and start over until no swap helps or the budget of tries is spent.
//!
//! *Optimal* cost partitioning ([`optimal`], a baseline) solves a linear
//! program in each state for the split that gives it the largest sum, which
//! no other partitioning of the same abstractions beats.
//!
//! [`Lookup`] holds one order's result: a table of goal distances per
//! abstraction that contributes.
//!
//! Example: two projections that both need the operator `o` of cost 4 to
//! reach the goal. Uniformly they get 2 each and add up to 4; under
//! saturated costs the first takes what it needs of `o` (4), the second gets
//! 0 for `o`, and the sum is 4 as well, but an abstraction that needed only
//! 1 of `o` would leave 3 to the next.

use super::transitions::{INFINITY, Transitions};

pub mod optimal;

/// The goal distances of one cost partitioning: for each abstraction that
/// contributes (a finite value above 0 somewhere), its table.
///
/// Dead ends are not in it. An abstract state from which no abstract goal
/// state is reachable is one under every cost function, so whether a state
/// is a dead end does not depend on the partitioning: [`DeadEnds`] tells,
/// once per state, before any lookup. The tables hold 0 for dead abstract
/// states, and an abstraction whose every other value is 0 is left out, as
/// Scorpion does: after the first abstractions of an order have taken the
/// costs, most of the others see only zeros and dead ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    tables: Vec<(u32, Box<[u32]>)>,
    /// The costs were multiplied by this (uniform partitioning: shares in
    /// whole numbers); the sum is divided by it, rounding down.
    scale: u32,
}

impl Default for Lookup {
    fn default() -> Self {
        Lookup {
            tables: Vec::new(),
            scale: 1,
        }
    }
}

impl Lookup {
    /// The estimate for a state that is not a dead end (see [`DeadEnds`]),
    /// given each abstraction's rank of it.
    #[inline]
    pub fn value(&self, ranks: &[usize]) -> u32 {
        let sum: u64 = (self.tables.iter())
            .map(|(a, table)| u64::from(table[ranks[*a as usize]]))
            .sum();
        (sum / u64::from(self.scale)).min(u64::from(INFINITY - 1)) as u32
    }

    /// Adds abstraction `a`'s distances `h` if a finite one is above 0.
    fn add(&mut self, a: usize, h: &[u32]) {
        if h.iter().any(|&x| x > 0 && x != INFINITY) {
            let table = h.iter().map(|&x| if x == INFINITY { 0 } else { x });
            self.tables.push((a as u32, table.collect()));
        }
    }

    /// Bytes of the tables.
    pub fn bytes(&self) -> usize {
        (self.tables.iter()).map(|(_, t)| 4 * t.len() + 16).sum()
    }

    /// The abstractions that contribute, in order.
    pub fn abstractions(&self) -> impl Iterator<Item = usize> + '_ {
        self.tables.iter().map(|(a, _)| *a as usize)
    }

    /// How many abstractions contribute.
    pub fn contributors(&self) -> usize {
        self.tables.len()
    }
}

/// The abstract dead ends of every abstraction that has one, as one bit per
/// abstract state: a state is a dead end if one of its abstract states is.
#[derive(Clone, Debug, Default)]
pub struct DeadEnds {
    tables: Vec<(u32, Box<[u64]>)>,
}

impl DeadEnds {
    /// The dead ends of the abstractions whose goal distances (under any
    /// costs) are `h`.
    pub fn new<'a>(h: impl IntoIterator<Item = &'a [u32]>) -> DeadEnds {
        let mut tables = Vec::new();
        for (a, h) in h.into_iter().enumerate() {
            if !h.contains(&INFINITY) {
                continue;
            }
            let mut bits = vec![0u64; h.len().div_ceil(64)].into_boxed_slice();
            for (s, _) in h.iter().enumerate().filter(|&(_, &x)| x == INFINITY) {
                bits[s / 64] |= 1 << (s % 64);
            }
            tables.push((a as u32, bits));
        }
        DeadEnds { tables }
    }

    /// Whether the state whose abstract states are `ranks` is a dead end.
    #[inline]
    pub fn contains(&self, ranks: &[usize]) -> bool {
        (self.tables.iter()).any(|(a, bits)| {
            let r = ranks[*a as usize];
            bits[r / 64] >> (r % 64) & 1 == 1
        })
    }

    /// Bytes of the bit tables.
    pub fn bytes(&self) -> usize {
        (self.tables.iter()).map(|(_, t)| 8 * t.len() + 16).sum()
    }

    /// The abstractions that have dead ends.
    pub fn abstractions(&self) -> impl Iterator<Item = usize> + '_ {
        self.tables.iter().map(|(a, _)| *a as usize)
    }
}

/// Saturated cost partitioning of `costs` over `abstractions` in `order`.
pub fn saturated<A: AsRef<Transitions>>(
    abstractions: &[A],
    order: &[usize],
    costs: &[u32],
) -> Lookup {
    let mut left = costs.to_vec();
    let mut saturated = vec![0u32; costs.len()];
    let mut h = Vec::new();
    let mut lookup = Lookup::default();
    for &a in order {
        let p = abstractions[a].as_ref();
        p.distances(&left, &mut h);
        if h.iter().any(|&x| x > 0) {
            p.saturated_costs(&h, &mut saturated);
            for (l, s) in left.iter_mut().zip(&saturated) {
                // s <= l: the distances were computed under `left`.
                *l -= s;
            }
            lookup.add(a, &h);
        }
    }
    lookup
}

/// Costs are multiplied by this before uniform partitioning divides them,
/// so that shares of up to 8 abstractions are whole (840 = lcm(1, ..., 8)).
pub const UNIFORM_SCALE: u32 = 840;

/// Uniform cost partitioning (a baseline): each operator's cost is split
/// evenly among the abstractions it changes a state of. The shares are of
/// the cost times [`UNIFORM_SCALE`], rounded down, and the sum is divided
/// by it: every share is at most its part, so the estimate stays admissible.
pub fn uniform<A: AsRef<Transitions>>(abstractions: &[A], costs: &[u32]) -> Lookup {
    let mut users = vec![0u32; costs.len()];
    for p in abstractions {
        for o in p.as_ref().operators_used() {
            users[o] += 1;
        }
    }
    let share: Vec<u32> = (costs.iter().zip(&users))
        .map(|(&c, &k)| c.saturating_mul(UNIFORM_SCALE) / k.max(1))
        .collect();
    let mut h = Vec::new();
    let mut lookup = Lookup {
        scale: UNIFORM_SCALE,
        ..Lookup::default()
    };
    for (a, p) in abstractions.iter().enumerate() {
        p.as_ref().distances(&share, &mut h);
        lookup.add(a, &h);
    }
    lookup
}

/// A greedy order for a state: the abstractions by `h_i(s) / stolen_i`,
/// largest first (ties by index), where `h[i]` is abstraction `i`'s goal
/// distance of the state under the full costs and `stolen[i]` the sum of
/// its saturated costs under them. Dead ends (`INFINITY`) come first.
pub fn greedy_order(h: &[u32], stolen: &[u64]) -> Vec<usize> {
    let score = |i: usize| -> f64 {
        if h[i] == INFINITY {
            f64::INFINITY
        } else {
            f64::from(h[i]) / stolen[i].max(1) as f64
        }
    };
    let mut order: Vec<usize> = (0..h.len()).collect();
    order.sort_by(|&a, &b| score(b).total_cmp(&score(a)).then(a.cmp(&b)));
    order
}

/// Hill climbing on `order` for the state whose abstract states are
/// `ranks` (not a dead end): tries the swaps of positions `i < j < relevant` in turn, keeps
/// the first that raises the state's estimate, and starts over, until no
/// swap helps or `budget` (saturated cost partitionings computed) runs out.
/// `lookup` is `order`'s partitioning; the result is the final order's.
///
/// Only the first `relevant` positions are swapped: the caller puts there
/// the abstractions with a positive distance for the state (a greedy order
/// does), since swapping two of the others cannot change its estimate.
pub fn optimize<A: AsRef<Transitions>>(
    abstractions: &[A],
    costs: &[u32],
    ranks: &[usize],
    order: &mut [usize],
    relevant: usize,
    mut lookup: Lookup,
    budget: &mut u64,
) -> Lookup {
    let mut best = lookup.value(ranks);
    let relevant = relevant.min(order.len());
    'climb: loop {
        for i in 0..relevant {
            for j in i + 1..relevant {
                if *budget == 0 {
                    return lookup;
                }
                *budget -= 1;
                order.swap(i, j);
                let candidate = saturated(abstractions, order, costs);
                let v = candidate.value(ranks);
                if v <= best {
                    order.swap(i, j);
                } else {
                    best = v;
                    lookup = candidate;
                    continue 'climb;
                }
            }
        }
        return lookup;
    }
}

#[cfg(test)]
mod tests;
