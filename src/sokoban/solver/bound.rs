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
//!
//! **Pulls.** The backward search ([`super::pull`]) pulls the boxes back to
//! their start cells, so the same matching, of boxes to start cells over
//! *start distances* (the pushes from each start cell to each cell, which are
//! the pulls back), bounds the pulls still needed. One [`MatchingBound`]
//! serves both: [`MatchingBound::to_goals`] and [`MatchingBound::to_starts`]
//! differ only in the distance table.
//!
//! **Pairs.** The matching prices each box alone; two boxes in each other's
//! way cost more. [`MatchingBound::with_pairs`] adds, for disjoint pairs of
//! near boxes, what the two need beyond their push distances when solved
//! alone ([`super::pairs`], which says why the sum stays a lower bound):
//! the push-optimal search's bound.

use super::board::{Board, NONE};
use super::pairs::PairPenalties;
use super::sides::Sides;
use crate::heuristics::{Estimate, Heuristic};
use crate::util::bits;

/// The matching lower bound on the pushes left (forward) or the pulls left
/// (backward).
///
/// A search evaluates the successors of one node in a row, and each differs
/// from the last by a box or two; so the bound keeps its last matching (the
/// rows: one box each, with the row's costs) and, when few boxes changed,
/// repairs it ([`Hungarian::resolve`]) instead of solving from scratch.
pub struct MatchingBound<'b> {
    /// `dist[t][c]`: pushes (or pulls) from cell `c` to target cell `t`
    /// (a goal, or a start cell).
    dist: &'b [Vec<u32>],
    box_words: usize,
    /// The box cell of each row of `cost`.
    rows: Vec<u32>,
    /// The row of each cell's box ([`NONE`]: no row).
    row_at: Vec<u32>,
    /// Rows whose box is gone, and new box cells, since the last matching.
    gone: Vec<usize>,
    new: Vec<u32>,
    cost: Vec<i64>,
    hungarian: Hungarian,
    /// Whether `hungarian` holds the matching of `rows` and `cost`.
    solved: bool,
    /// Matchings repaired rather than solved afresh.
    pub repairs: u64,
    /// Whether to repair at all (off only to measure what it saves).
    pub repair: bool,
    /// Whether a node without a perfect matching is a dead end (else it
    /// gets a finite value).
    dead_ends: bool,
    /// The pair penalties added to the matching ([`MatchingBound::with_pairs`]).
    pairs: Option<Box<PairPenalties>>,
    /// Distances that know the man's side of each box
    /// ([`MatchingBound::with_sides`]), the man's cell in the node being
    /// estimated, and each row's side.
    sides: Option<Box<Sides>>,
    man: u32,
    row_side: Vec<u8>,
    board: &'b Board,
    /// Estimates that pair penalties raised, and by how much in all.
    pub raised: u64,
    pub raised_by: u64,
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
            rows: Vec::new(),
            row_at: vec![NONE; board.len()],
            gone: Vec::new(),
            new: Vec::new(),
            cost: Vec::new(),
            hungarian: Hungarian::default(),
            solved: false,
            repairs: 0,
            repair: true,
            dead_ends: true,
            pairs: None,
            sides: None,
            man: 0,
            row_side: Vec::new(),
            board,
            raised: 0,
            raised_by: 0,
        }
    }

    /// The forward bound with the penalties of pairs of near boxes added
    /// ([`super::pairs`]): still admissible, and a pair that cannot reach two
    /// goals is a dead end.
    pub fn with_pairs(mut self) -> Self {
        debug_assert!(
            std::ptr::eq(self.dist, self.board.push_dist.as_slice()),
            "pair penalties are over push distances"
        );
        self.pairs = Some(Box::new(PairPenalties::new(self.board)));
        self
    }

    /// The forward bound over push distances that know the man's side of
    /// each box ([`super::sides`]): still admissible, and at least the
    /// matching over [`Board::push_dist`]. Pair penalties, if any, are then
    /// measured against the same distances.
    pub fn with_sides(mut self) -> Self {
        debug_assert!(
            std::ptr::eq(self.dist, self.board.push_dist.as_slice()),
            "sides are for push distances"
        );
        self.sides = Some(Box::new(Sides::new(self.board)));
        self
    }

    /// The side of the box on `cell` that the man is on (0 without sides).
    fn side_of(&self, cell: u32) -> u8 {
        self.sides
            .as_ref()
            .map_or(0, |s| s.side(cell, self.man) as u8)
    }

    /// Fills row `r`'s costs for the box on `cell`; false if it can reach
    /// no goal.
    fn fill_row(&mut self, r: usize, cell: u32) -> bool {
        let n = self.dist.len();
        let side = self.side_of(cell);
        if self.row_side.len() <= r {
            self.row_side.resize(r + 1, 0);
        }
        self.row_side[r] = side;
        let mut reachable = false;
        for g in 0..n {
            let d = match &self.sides {
                Some(sides) => sides.dist(g, cell, usize::from(side)),
                None => self.dist[g][cell as usize],
            };
            reachable |= d != NONE;
            self.cost[r * n + g] = if d == NONE { FORBIDDEN } else { i64::from(d) };
        }
        reachable
    }

    /// The matching after a few boxes moved since the last one, if only a
    /// few did (`None`: solve afresh).
    fn repaired(&mut self, bits: &[u64]) -> Option<Estimate> {
        if !self.solved || !self.repair {
            return None;
        }
        let n = self.rows.len();
        self.gone.clear();
        for (r, &c) in self.rows.iter().enumerate() {
            if !bits::contains(bits, c) {
                self.gone.push(r);
                if self.gone.len() > n / 4 + 1 {
                    return None;
                }
            }
        }
        self.new.clear();
        for c in bits::iter::<u32>(bits) {
            if self.row_at[c as usize] == NONE {
                self.new.push(c);
            }
        }
        if self.sides.is_some() {
            // A box that stayed where it was, but with the man now on its
            // other side, is a changed row too.
            for r in 0..n {
                let c = self.rows[r];
                if bits::contains(bits, c) && self.row_side[r] != self.side_of(c) {
                    self.gone.push(r);
                    self.new.push(c);
                }
            }
            if self.gone.len() > n / 4 + 1 {
                return None;
            }
        }
        if self.new.len() != self.gone.len() {
            return None;
        }
        let mut unreachable = false;
        for k in 0..self.gone.len() {
            let (r, c) = (self.gone[k], self.new[k]);
            self.row_at[self.rows[r] as usize] = NONE;
            self.rows[r] = c;
            self.row_at[c as usize] = r as u32;
            unreachable |= !self.fill_row(r, c);
        }
        if unreachable {
            self.solved = false;
            return Some(self.unmatched(n));
        }
        self.repairs += 1;
        let total = self.hungarian.resolve(n, &self.cost, &self.gone);
        self.solved = total.is_some();
        Some(match total {
            Some(total) if total < FORBIDDEN => Estimate::Value(total as u32),
            _ => self.unmatched(n),
        })
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

impl Heuristic for MatchingBound<'_> {
    fn name(&self) -> &'static str {
        "matching"
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, node: &[u64]) -> Estimate {
        if self.sides.is_some() {
            self.man = node[self.box_words] as u32;
        }
        let matching = self.estimate_matching(node);
        let (Estimate::Value(v), Some(pairs)) = (matching, &mut self.pairs) else {
            return matching;
        };
        let man = node[self.box_words] as u32;
        match pairs.total(
            self.board,
            &node[..self.box_words],
            man,
            self.sides.as_deref(),
        ) {
            Some(0) => matching,
            Some(p) => {
                self.raised += 1;
                self.raised_by += u64::from(p);
                Estimate::Value(v.saturating_add(p))
            }
            None if self.dead_ends => Estimate::DeadEnd,
            None => matching,
        }
    }

    fn summary(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(sides) = &self.sides {
            lines.push(format!(
                "man's sides: {} of {} cells cut the floor",
                sides.cutting(),
                self.board.len()
            ));
        }
        if let Some(pairs) = &self.pairs {
            lines.push(format!(
                "pair penalties: {} estimates raised by {} pushes in all; {} pairs searched \
                 ({} nodes)",
                self.raised, self.raised_by, pairs.searches, pairs.searched
            ));
        }
        lines
    }
}

impl MatchingBound<'_> {
    fn estimate_matching(&mut self, node: &[u64]) -> Estimate {
        let bits = &node[..self.box_words];
        if let Some(estimate) = self.repaired(bits) {
            return estimate;
        }
        self.solved = false;
        for &c in &self.rows {
            self.row_at[c as usize] = NONE;
        }
        self.rows.clear();
        self.rows.extend(bits::iter::<u32>(bits));
        let n = self.rows.len();
        if self.dist.len() != n {
            // Levels are checked to have as many goals as boxes.
            self.rows.clear();
            return Estimate::DeadEnd;
        }
        self.cost.clear();
        self.cost.resize(n * n, 0);
        let mut unreachable = false;
        for r in 0..n {
            let c = self.rows[r];
            self.row_at[c as usize] = r as u32;
            unreachable |= !self.fill_row(r, c);
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
        let total = self.hungarian.solve(n, &self.cost);
        self.solved = total.is_some();
        match total {
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
        for x in [&mut self.u, &mut self.v] {
            x.clear();
            x.resize(n + 1, 0);
        }
        self.row_of.clear();
        self.row_of.resize(n + 1, 0);
        self.way.clear();
        self.way.resize(n + 1, 0);
        for i in 1..=n {
            if !self.augment(n, cost, i) {
                return None;
            }
        }
        Some(self.total(n, cost))
    }

    /// The matching again after the rows `changed` (0-based) of `cost` have
    /// changed since the last [`Hungarian::solve`] or `resolve` on an `n` by
    /// `n` matrix: each changed row loses its column, gets a feasible
    /// potential, and is matched again by one augmenting path, `O(n^2)` per
    /// row instead of `O(n^3)` in all.
    pub fn resolve(&mut self, n: usize, cost: &[i64], changed: &[usize]) -> Option<i64> {
        debug_assert_eq!(self.u.len(), n + 1, "a solve of this size came first");
        for &r in changed {
            let i = r + 1;
            if let Some(j) = (1..=n).find(|&j| self.row_of[j] == i) {
                self.row_of[j] = 0;
            }
            let row = &cost[r * n..(r + 1) * n];
            self.u[i] = (1..=n).map(|j| row[j - 1] - self.v[j]).min().unwrap_or(0);
        }
        for &r in changed {
            if !self.augment(n, cost, r + 1) {
                return None;
            }
        }
        Some(self.total(n, cost))
    }

    fn total(&self, n: usize, cost: &[i64]) -> i64 {
        (1..=n)
            .map(|j| cost[(self.row_of[j] - 1) * n + (j - 1)])
            .sum()
    }

    /// Matches row `i` (1-based) along a shortest augmenting path, keeping
    /// the potentials feasible and the matched pairs tight.
    fn augment(&mut self, n: usize, cost: &[i64], i: usize) -> bool {
        let inf = i64::MAX / 4;
        let Hungarian {
            u,
            v,
            row_of,
            way,
            minv,
            used,
        } = self;
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
                return false;
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
        true
    }
}

#[cfg(test)]
mod tests;
