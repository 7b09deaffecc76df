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

use super::transitions::{INFINITY, NEVER_NEEDED, Transitions};

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
    /// Per contributing abstraction: its index and where its table starts
    /// in `values` (the tables side by side, so that a lookup reads one
    /// array).
    tables: Vec<(u32, usize)>,
    values: Vec<u32>,
    /// The costs were multiplied by this (uniform partitioning: shares in
    /// whole numbers); the sum is divided by it, rounding down.
    scale: u32,
}

impl Default for Lookup {
    fn default() -> Self {
        Lookup {
            tables: Vec::new(),
            values: Vec::new(),
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
            .map(|&(a, start)| u64::from(self.values[start + ranks[a as usize]]))
            .sum();
        (sum / u64::from(self.scale)).min(u64::from(INFINITY - 1)) as u32
    }

    /// Adds abstraction `a`'s distances `h` if a finite one is above 0.
    fn add(&mut self, a: usize, h: &[u32]) {
        if h.iter().any(|&x| x > 0 && x != INFINITY) {
            self.tables.push((a as u32, self.values.len()));
            (self.values).extend(h.iter().map(|&x| if x == INFINITY { 0 } else { x }));
        }
    }

    /// Bytes of the tables.
    pub fn bytes(&self) -> usize {
        4 * self.values.len() + 16 * self.tables.len()
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
    let mut lookup = Lookup::default();
    for (a, h) in saturate_pass(abstractions, order, &mut left, None, false) {
        lookup.add(a, &h);
    }
    lookup
}

/// How the partitionings made for one state saturate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saturator {
    /// Scorpion's `perimstar` (Seipp, Keller and Helmert 2020, Sect. 5.2):
    /// [`perimstar`]; otherwise every finite distance is kept, as
    /// [`saturated`] does.
    pub perimstar: bool,
    /// General cost partitioning: saturated costs may be negative
    /// ([`Transitions::general_saturated_costs`]), which leaves the
    /// abstractions after more than the operator's cost.
    pub general_costs: bool,
}

impl Default for Saturator {
    /// Scorpion's: `perimstar` over general costs.
    fn default() -> Self {
        Saturator {
            perimstar: true,
            general_costs: true,
        }
    }
}

/// The partitioning of `saturator` over `order`, made for the state whose
/// abstract states are `ranks`.
pub fn saturate<A: AsRef<Transitions>>(
    abstractions: &[A],
    order: &[usize],
    costs: &[u32],
    saturator: Saturator,
    ranks: &[usize],
) -> Lookup {
    let mut left = costs.to_vec();
    let general = saturator.general_costs;
    let mut first = if saturator.perimstar {
        saturate_pass(abstractions, order, &mut left, Some(ranks), general)
    } else {
        saturate_pass(abstractions, order, &mut left, None, general)
    };
    if saturator.perimstar {
        let second = saturate_pass(abstractions, order, &mut left, None, general);
        add_tables(&mut first, second);
    }
    let mut lookup = Lookup::default();
    for (a, h) in &first {
        lookup.add(*a, h);
    }
    lookup
}

/// Saturated cost partitioning that keeps only what the state `ranks`
/// needs, then gives the rest to a second pass.
///
/// An abstraction's distances above the state's own, `h_i(s)`, matter only
/// to states farther from the goal than `s`. Capping them at `h_i(s)` keeps
/// the state's estimate and saturates less: an operator that only leads
/// down from beyond the *perimeter* `h_i(s)` keeps its cost for the
/// abstractions after it. The first pass does that over the whole order.
/// The second pass runs the plain saturated partitioning over the same
/// order with the costs the first left, and the two are added (their costs
/// are disjoint shares of `c`, so the sum stays admissible). `s` gets at
/// least its plain estimate, and the states around it gain from the
/// second pass. (Non-negative costs; [`saturate`] does the same with
/// either.)
pub fn perimstar<A: AsRef<Transitions>>(
    abstractions: &[A],
    order: &[usize],
    costs: &[u32],
    ranks: &[usize],
) -> Lookup {
    let saturator = Saturator {
        perimstar: true,
        general_costs: false,
    };
    saturate(abstractions, order, costs, saturator, ranks)
}

/// Adds each abstraction's distances in `second` to its distances in
/// `first`, or appends them. Dead ends are dead under every cost function,
/// so INFINITY sits in the same places in both.
fn add_tables(first: &mut Vec<(usize, Vec<u32>)>, second: Vec<(usize, Vec<u32>)>) {
    for (a, h) in second {
        match first.iter_mut().find(|(b, _)| *b == a) {
            Some((_, sum)) => {
                for (x, y) in sum.iter_mut().zip(&h) {
                    if *x != INFINITY {
                        *x = x.saturating_add(*y).min(INFINITY - 1);
                    }
                }
            }
            None => first.push((a, h)),
        }
    }
}

/// One pass of saturation over `order`, taking the costs from `left`: each
/// abstraction with a distance above 0 under them, with its distances. With
/// `perimeter`, each abstraction's finite distances are first capped at
/// those of its abstract state of that state. With `general`, saturated
/// costs may be negative, which raises what is left; an operator no plan
/// needs ([`NEVER_NEEDED`]) is left at [`INFINITY`], which stays.
fn saturate_pass<A: AsRef<Transitions>>(
    abstractions: &[A],
    order: &[usize],
    left: &mut [u32],
    perimeter: Option<&[usize]>,
    general: bool,
) -> Vec<(usize, Vec<u32>)> {
    let mut saturated = vec![0u32; left.len()];
    let mut signed = vec![0i64; if general { left.len() } else { 0 }];
    let mut h = Vec::new();
    let mut out = Vec::new();
    for &a in order {
        let p = abstractions[a].as_ref();
        p.distances(left, &mut h);
        if let Some(ranks) = perimeter {
            let cap = h[ranks[a]];
            for x in h.iter_mut().filter(|x| **x != INFINITY) {
                *x = (*x).min(cap);
            }
        }
        if !h.iter().any(|&x| x > 0) {
            continue;
        }
        if general {
            p.general_saturated_costs(&h, &mut signed);
            for (l, &s) in left.iter_mut().zip(&signed) {
                *l = match (*l, s) {
                    (INFINITY, _) | (_, NEVER_NEEDED) => INFINITY,
                    // s <= l: the distances were computed under `left`.
                    (l, s) => (i64::from(l) - s).min(i64::from(INFINITY - 1)) as u32,
                };
            }
        } else {
            p.saturated_costs(&h, &mut saturated);
            for (l, s) in left.iter_mut().zip(&saturated) {
                // s <= l: the distances were computed under `left`.
                *l -= s;
            }
        }
        out.push((a, h.clone()));
    }
    out
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
/// `ranks` (not a dead end): tries the swaps of positions `i < j <
/// relevant` in turn, keeps the first that raises the state's estimate, and
/// starts over, until no swap helps or `budget` (partitionings computed)
/// runs out. `partition` makes an order's cost partitioning (saturated, or
/// by [`saturate`] for the state); `lookup` is `order`'s, and the result is
/// the final order's.
///
/// Only the first `relevant` positions are swapped: the caller puts there
/// the abstractions with a positive distance for the state (a greedy order
/// does), since swapping two of the others cannot change its estimate.
pub fn optimize(
    ranks: &[usize],
    order: &mut [usize],
    relevant: usize,
    mut lookup: Lookup,
    budget: &mut u64,
    partition: impl Fn(&[usize]) -> Lookup,
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
                let candidate = partition(order);
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
