//! Sampling states by random walks, for diversifying orders.
//!
//! An order is good for the states it was made for. To choose orders before
//! the search that are good for the states the search will meet, we sample
//! states the way Fast Downward's `RandomWalkSampler` does: walk from the
//! initial state, applying operators picked uniformly among the applicable
//! ones, for a length drawn from a binomial distribution with mean
//! `2 * h(init) / average operator cost` (twice the estimated number of
//! steps to the goal, so the samples spread around the search's frontier).
//! A walk that reaches a state where no operator applies stops there. A
//! caller that knows dead ends (iPDB's hill climbing) can ask for walks that
//! avoid them: a walk that enters a state its test calls a dead end starts
//! over from the initial state with the steps it has left, as Fast
//! Downward's sampler does, so that no sample is a known dead end.
//!
//! Example (the truck task: the truck at a or b, the package at a, in the
//! truck, or at b): h(init) = 3 with unit costs gives walks of 0 to 12
//! steps, 6 on average, such as drive, load, drive, unload, load, drive.
//!
//! The random numbers come from a seeded SplitMix64 generator, so the same
//! task and seed give the same samples.

use crate::task::{Operator, Task};
use crate::util::bits;

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, seedable generator.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiplying and shifting (Lemire).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A draw from the binomial distribution of `n` fair coin flips.
    pub fn binomial_half(&mut self, n: u64) -> u64 {
        let mut count = 0;
        let mut left = n;
        while left > 0 {
            let flips = left.min(64);
            let word = self.next_u64();
            let word = if flips == 64 {
                word
            } else {
                word & ((1 << flips) - 1)
            };
            count += u64::from(word.count_ones());
            left -= flips;
        }
        count
    }
}

/// Whether `op` applies in `state`: all of `pre` holds, none of `neg_pre`.
fn applicable(op: &Operator, state: &[u64]) -> bool {
    op.pre.iter().all(|&f| bits::contains(state, f))
        && !op.neg_pre.iter().any(|&f| bits::contains(state, f))
}

/// `count` states (one bit per fact) sampled by random walks from `init`,
/// with walks of `2 * h_init / average cost` steps on average.
pub fn random_walks(
    task: &Task,
    init: &[u64],
    h_init: u32,
    count: usize,
    rng: &mut SplitMix,
) -> Vec<Vec<u64>> {
    random_walks_avoiding(task, init, h_init, count, rng, |_| false)
}

/// [`random_walks`] that avoid the states `is_dead_end` accepts: a walk
/// that enters one goes back to `init` and goes on from there with the
/// steps it has left (`init` itself is taken not to be one).
pub fn random_walks_avoiding(
    task: &Task,
    init: &[u64],
    h_init: u32,
    count: usize,
    rng: &mut SplitMix,
    mut is_dead_end: impl FnMut(&[u64]) -> bool,
) -> Vec<Vec<u64>> {
    let total: u64 = task.operators.iter().map(|o| u64::from(o.cost)).sum();
    let ops = task.operators.len() as u64;
    // Steps to the goal, estimated: h(init) over the average cost (at least 1).
    let steps = if total == 0 {
        u64::from(h_init)
    } else {
        (u64::from(h_init) * ops).div_ceil(total)
    };
    let mut samples = Vec::with_capacity(count);
    let mut choices = Vec::new();
    for _ in 0..count {
        let mut state = init.to_vec();
        let mut next = init.to_vec();
        for _ in 0..rng.binomial_half(4 * steps) {
            choices.clear();
            choices.extend((task.operators.iter()).filter(|o| applicable(o, &state)));
            if choices.is_empty() {
                break;
            }
            let op = choices[rng.below(choices.len())];
            next.copy_from_slice(&state);
            task.apply(op, &state, &mut next);
            if is_dead_end(&next) {
                state.copy_from_slice(init);
            } else {
                std::mem::swap(&mut state, &mut next);
            }
        }
        samples.push(state);
    }
    samples
}
