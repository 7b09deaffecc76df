//! Lower bounds on the pushes still needed.
//!
//! Every box needs at least its push distance to the goal it ends on (the
//! pushes it would need alone on the board), and every goal takes one box.
//! The cheapest way to give each box its own goal, a *minimum-cost perfect
//! matching* between boxes and goals, is therefore a lower bound on the
//! pushes of any solution: an admissible heuristic for push-optimal A*. It
//! is computed with the Hungarian method (Kuhn and Munkres) in `O(n^3)` for
//! `n` boxes. When no perfect matching exists (two boxes that can only reach
//! the same goal), the node is a dead end: one more deadlock rule.
//!
//! Example: boxes at push distances `[1, 4]` from goal A and `[2, 3]` from
//! goal B: matching box 1 to A and box 2 to B costs `1 + 3 = 4`, the other way
//! `4 + 2 = 6`; the bound is 4.
//!
//! **Pulls.** The backward search ([`super::pull`]) pulls the boxes back to
//! their start cells, so the same matching, of boxes to start cells over
//! *start distances* (the pushes from each start cell to each cell, which are
//! the pulls back), bounds the pulls still needed. One [`MatchingBound`]
//! serves both: [`MatchingBound::to_goals`] and [`MatchingBound::to_starts`]
//! differ only in the distance table.

use super::board::{Board, NONE};
use super::push::cells_of;
use crate::heuristics::{Estimate, Heuristic};

/// The matching lower bound on the pushes left (forward) or the pulls left
/// (backward).
pub struct MatchingBound<'b> {
    /// `dist[t][c]`: pushes (or pulls) from cell `c` to target cell `t`.
    dist: &'b [Vec<u32>],
    box_words: usize,
    boxes: Vec<u32>,
    cost: Vec<i64>,
    hungarian: Hungarian,
}

/// A cost that stands for "impossible" in the matching.
const FORBIDDEN: i64 = 1 << 40;

/// The forward bound's name of old: boxes matched to goals.
pub type PushBound<'b> = MatchingBound<'b>;

impl<'b> MatchingBound<'b> {
    /// The forward bound: boxes matched to goals over push distances.
    pub fn new(board: &'b Board) -> MatchingBound<'b> {
        MatchingBound::to_goals(board)
    }

    /// Boxes matched to goals over push distances ([`Board::push_dist`]).
    pub fn to_goals(board: &'b Board) -> MatchingBound<'b> {
        MatchingBound::over(board, &board.push_dist)
    }

    /// Boxes matched to start cells over pull distances
    /// ([`Board::start_dist`]): the backward bound.
    pub fn to_starts(board: &'b Board) -> MatchingBound<'b> {
        MatchingBound::over(board, &board.start_dist)
    }

    fn over(board: &'b Board, dist: &'b [Vec<u32>]) -> MatchingBound<'b> {
        MatchingBound {
            dist,
            box_words: board.len().div_ceil(64).max(1),
            boxes: Vec::new(),
            cost: Vec::new(),
            hungarian: Hungarian::default(),
        }
    }
}

impl Heuristic for MatchingBound<'_> {
    fn name(&self) -> &'static str {
        "matching"
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, node: &[u64]) -> Estimate {
        self.boxes.clear();
        self.boxes.extend(cells_of(&node[..self.box_words]));
        let n = self.boxes.len();
        if self.dist.len() != n {
            return Estimate::DeadEnd;
        }
        self.cost.clear();
        for &b in &self.boxes {
            let mut reachable = false;
            for g in 0..n {
                let d = self.dist[g][b as usize];
                reachable |= d != NONE;
                self.cost
                    .push(if d == NONE { FORBIDDEN } else { i64::from(d) });
            }
            if !reachable {
                return Estimate::DeadEnd;
            }
        }
        // Fast path: when every box's nearest goal is a different goal, those
        // nearest goals are the matching (no assignment can do better).
        let mut taken = 0u128;
        let mut sum = 0i64;
        let mut distinct = n <= 128;
        for row in self.cost.chunks(n.max(1)) {
            if !distinct {
                break;
            }
            let (g, &d) = (row.iter().enumerate())
                .min_by_key(|&(_, d)| *d)
                .expect("a row per goal");
            distinct = taken >> g & 1 == 0;
            taken |= 1 << g;
            sum += d;
        }
        if distinct && sum < FORBIDDEN {
            return Estimate::Value(sum as u32);
        }
        match self.hungarian.solve(n, &self.cost) {
            Some(total) if total < FORBIDDEN => Estimate::Value(total as u32),
            _ => Estimate::DeadEnd,
        }
    }
}

/// The minimum total cost of a perfect matching of rows to columns of the
/// `n` by `n` row-major `cost` matrix (the Hungarian method with potentials).
pub fn min_cost_matching(n: usize, cost: &[i64]) -> Option<i64> {
    Hungarian::default().solve(n, cost)
}

/// The Hungarian method's arrays, kept between calls so that a search that
/// evaluates millions of nodes does not allocate for each.
#[derive(Clone, Debug, Default)]
pub struct Hungarian {
    u: Vec<i64>,
    v: Vec<i64>,
    row_of: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
}

impl Hungarian {
    /// As [`min_cost_matching`].
    pub fn solve(&mut self, n: usize, cost: &[i64]) -> Option<i64> {
        if n == 0 {
            return Some(0);
        }
        // 1-based arrays, as the method is usually written: column 0 is a sentinel.
        let inf = i64::MAX / 4;
        let reset = |v: &mut Vec<i64>| {
            v.clear();
            v.resize(n + 1, 0);
        };
        reset(&mut self.u);
        reset(&mut self.v);
        self.row_of.clear();
        self.row_of.resize(n + 1, 0);
        self.way.clear();
        self.way.resize(n + 1, 0);
        let Hungarian {
            u,
            v,
            row_of,
            way,
            minv,
            used,
        } = self;
        for i in 1..=n {
            row_of[0] = i;
            let mut j0 = 0;
            minv.clear();
            minv.resize(n + 1, inf);
            used.clear();
            used.resize(n + 1, false);
            loop {
                used[j0] = true;
                let i0 = row_of[j0];
                let (mut delta, mut j1) = (inf, 0);
                for j in 1..=n {
                    if !used[j] {
                        let cur = cost[(i0 - 1) * n + (j - 1)] - u[i0] - v[j];
                        if cur < minv[j] {
                            minv[j] = cur;
                            way[j] = j0;
                        }
                        if minv[j] < delta {
                            delta = minv[j];
                            j1 = j;
                        }
                    }
                }
                if j1 == 0 {
                    return None;
                }
                for j in 0..=n {
                    if used[j] {
                        u[row_of[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
                if row_of[j0] == 0 {
                    break;
                }
            }
            loop {
                let j1 = way[j0];
                row_of[j0] = row_of[j1];
                j0 = j1;
                if j0 == 0 {
                    break;
                }
            }
        }
        Some((1..=n).map(|j| cost[(row_of[j] - 1) * n + (j - 1)]).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheapest_perfect_matching_is_found() {
        assert_eq!(min_cost_matching(2, &[1, 2, 4, 3]), Some(4));
        assert_eq!(min_cost_matching(3, &[4, 1, 3, 2, 0, 5, 3, 2, 2]), Some(5));
        assert_eq!(min_cost_matching(0, &[]), Some(0));
    }

    #[test]
    fn matching_equals_brute_force_on_small_matrices() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 10
        };
        for n in 1..=5 {
            for _ in 0..50 {
                let cost: Vec<i64> = (0..n * n).map(|_| next() as i64).collect();
                let mut perm: Vec<usize> = (0..n).collect();
                let mut best = i64::MAX;
                permutations(&mut perm, 0, &mut |p| {
                    best = best.min((0..n).map(|i| cost[i * n + p[i]]).sum());
                });
                assert_eq!(min_cost_matching(n, &cost), Some(best), "{cost:?}");
            }
        }
    }

    fn permutations(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
        if k == p.len() {
            f(p);
            return;
        }
        for i in k..p.len() {
            p.swap(k, i);
            permutations(p, k + 1, f);
            p.swap(k, i);
        }
    }
}
