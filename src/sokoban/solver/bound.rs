//! Lower bounds on the pushes still needed.
//!
//! Every box needs at least its push distance to the goal it ends on (the
//! pushes it would need alone on the board), and every goal takes one box.
//! The cheapest way to give each box its own goal, a *minimum-cost perfect
//! matching* between boxes and goals, is therefore a lower bound on the
//! pushes of any solution: an admissible heuristic for push-optimal A*. It
//! is computed with the Hungarian method (Kuhn and Munkres) in `O(n^3)` for
//! `n` boxes. When no perfect matching exists (two boxes that can only reach
//! the same goal), the node is a dead end: the deadlock rule `matching` of
//! the push space ([`super::matching`]) prunes such nodes before the bound
//! sees them. With that rule switched off, the bound must not prune in its
//! place ([`PushBound::without_dead_ends`]): it then gives such a node the sum
//! of each box's nearest reachable goal instead, a finite value, and
//! admissible because no solution exists from it (any value is).
//!
//! Example: boxes at push distances `[1, 4]` from goal A and `[2, 3]` from
//! goal B: matching box 1 to A and box 2 to B costs `1 + 3 = 4`, the other way
//! `4 + 2 = 6`; the bound is 4.

use super::board::{Board, NONE};
use super::push::cells_of;
use crate::heuristics::{Estimate, Heuristic};

/// The matching lower bound on the pushes left.
pub struct PushBound<'b> {
    board: &'b Board,
    box_words: usize,
    boxes: Vec<u32>,
    cost: Vec<i64>,
    hungarian: Hungarian,
    /// Whether a node without a perfect matching is a dead end (else it
    /// gets a finite value).
    dead_ends: bool,
}

/// A cost that stands for "impossible" in the matching.
const FORBIDDEN: i64 = 1 << 40;

impl<'b> PushBound<'b> {
    pub fn new(board: &'b Board) -> PushBound<'b> {
        PushBound {
            board,
            box_words: board.len().div_ceil(64).max(1),
            boxes: Vec::new(),
            cost: Vec::new(),
            hungarian: Hungarian::default(),
            dead_ends: true,
        }
    }

    /// The bound that never reports a dead end, for measuring the search
    /// with the `matching` rule off: a node whose boxes cannot all be matched
    /// to distinct goals gets the sum of each box's nearest reachable goal
    /// (0 for a box that reaches none).
    pub fn without_dead_ends(mut self) -> Self {
        self.dead_ends = false;
        self
    }

    /// The value of a node without a perfect matching.
    fn unmatched(&self, n: usize) -> Estimate {
        if self.dead_ends {
            return Estimate::DeadEnd;
        }
        let nearest = self.cost.chunks(n.max(1)).map(|row| {
            let d = row.iter().copied().min().unwrap_or(0);
            if d >= FORBIDDEN { 0 } else { d }
        });
        Estimate::Value(nearest.sum::<i64>() as u32)
    }
}

impl Heuristic for PushBound<'_> {
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
        let goals = &self.board.goals;
        if goals.len() != n {
            // Levels are checked to have as many goals as boxes.
            return Estimate::DeadEnd;
        }
        self.cost.clear();
        let mut unreachable = false;
        for &b in &self.boxes {
            let mut reachable = false;
            for g in 0..n {
                let d = self.board.push_dist[g][b as usize];
                reachable |= d != NONE;
                self.cost
                    .push(if d == NONE { FORBIDDEN } else { i64::from(d) });
            }
            unreachable |= !reachable;
        }
        if unreachable {
            return self.unmatched(n);
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
            _ => self.unmatched(n),
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

    #[test]
    fn boxes_without_a_matching_are_a_dead_end_or_get_their_nearest_goals() {
        use crate::sokoban::solver::board::tests::level;
        // Both boxes slide along the top wall to its goal only (3 and 1
        // pushes away); the goal below is out of their reach.
        let board = Board::new(&level("#######\n# $ $.#\n#     #\n#.  @ #\n#######\n"));
        let mut node = vec![0u64; board.len().div_ceil(64) + 1];
        for &b in &board.start_boxes {
            node[(b / 64) as usize] |= 1 << (b % 64);
        }
        assert_eq!(PushBound::new(&board).estimate(&node), Estimate::DeadEnd);
        let mut finite = PushBound::new(&board).without_dead_ends();
        assert_eq!(finite.estimate(&node), Estimate::Value(3 + 1));
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
