//! Pair penalties: what two boxes near each other cost beyond their push
//! distances, added to the matching bound.
//!
//! The matching bound ([`super::bound`]) prices every box alone: the pushes
//! it needs to reach its goal when nothing else is on the board. Two boxes
//! side by side often cost more: in a corridor one must be pushed out of the
//! other's way and back, a box may stand where the man must stand to push
//! the other, or the two may only fit their goals in one order. A *pair
//! penalty* is that extra, found by solving the two boxes alone:
//!
//! ```text
//! penalty(a, b) = min over goals g != h reachable by the pair of
//!                 pushes(a -> g, b -> h, the two alone) - dist(a, g) - dist(b, h)
//! ```
//!
//! where `pushes` is the optimum of the two-box level (every other box
//! gone, the man where he stands) and `dist` the push distance of
//! [`super::Board::push_dist`]. It is at least 0, and it is taken over
//! *every* pair of goals, so it holds whichever goals a solution gives the
//! two boxes. Where the two boxes cut the floor in two, the penalty depends
//! on the man's side: each side gets its own.
//!
//! **Why the sum stays a lower bound.** Take any solution from a position
//! and the goal `σ(x)` it brings each box `x` to. Remove every box but `a`
//! and `b`: the solution's pushes of `a` and `b`, in their order, are still
//! legal (a box gone never blocks the man or a push), so they solve the
//! two-box level, and there are at least `dist(a, σ(a)) + dist(b, σ(b)) +
//! penalty(a, b)` of them. For pairs that share no box these pushes are
//! different pushes, and every other box `x` needs `dist(x, σ(x))` at least;
//! so the solution has at least `Σ dist(x, σ(x)) + Σ penalties`, and the
//! matching is the least `Σ dist(x, σ(x))` of any assignment. Hence
//! `matching + Σ penalty` over disjoint pairs is admissible for push-optimal
//! A*. (It is not consistent: a push can end a pair and drop the bound by
//! more than one; A* reopens nodes, so it stays optimal. A penalty of the
//! man's side, rather than the least over both sides, drops less, and so
//! reopens less.) A pair that cannot reach any two goals at all is a
//! deadlock, for the same reason.
//!
//! The penalties are computed when a pair is first met (a breadth-first
//! search over the two boxes' positions and the man's region, a few
//! thousand nodes, for each side of the pair the man could be on) and
//! kept. Only pairs within two rows and two columns of each other are
//! looked at, so that a push rarely parts a pair (which drops its penalty
//! at once), and the disjoint pairs are chosen greedily, dearest first.
//!
//! Measured on XSokoban, `--optimize pushes` (benches/README.md).

use super::board::{Board, NONE};
use super::reach::Reach;
use crate::util::bits;
use crate::util::hash::{FastMap, FastSet};
use std::collections::VecDeque;

/// A pair that cannot reach two goals: a deadlock.
pub const DEAD: u32 = u32::MAX;

/// Boards up to this many cells keep the penalties in a dense table (4 bytes
/// per pair of cells); larger ones in a hash map.
const DENSE_CELLS: usize = 1024;

/// The cells that form a pair with a cell: those within two rows and two
/// columns of it, each pair listed once (at its first cell in row order).
const OFFSETS: [(isize, isize); 12] = [
    (0, 1),
    (0, 2),
    (1, -2),
    (1, -1),
    (1, 0),
    (1, 1),
    (1, 2),
    (2, -2),
    (2, -1),
    (2, 0),
    (2, 1),
    (2, 2),
];
const NEAR: usize = OFFSETS.len();

/// Not computed yet, in the dense table.
const UNKNOWN: u32 = u32::MAX - 1;

/// The penalty depends on the side of the pair the man is on.
const SPLIT: u32 = u32::MAX - 2;

/// The pair penalties of one board, computed when first asked for.
pub struct PairPenalties {
    /// For each cell, the cells that form a pair with it: right, down, two
    /// right, two down, right-and-down, left-and-down (so that each pair of
    /// near cells is listed once, at its first cell).
    near: Vec<[u32; NEAR]>,
    /// The penalties by `a * n + b` (`a < b`) on small boards.
    dense: Vec<u32>,
    sparse: FastMap<u64, u32>,
    /// The penalties of [`SPLIT`] pairs, by the lowest cell of each region
    /// the man could be in.
    by_region: FastMap<u64, Vec<(u32, u32)>>,
    /// Each goal's index in `push_dist`, by cell ([`NONE`]: not a goal).
    goal_index: Vec<u32>,
    reach: Reach,
    /// Buffers: the two boxes' bits, the pairs of a node, the boxes taken.
    two: Vec<u64>,
    found: Vec<(u32, u32, u32)>,
    taken: Vec<u64>,
    /// The two-box search's nodes seen and queue.
    seen: FastSet<u64>,
    queue: VecDeque<(u32, u32, u32, u32)>,
    /// Pairs searched, and the two-box nodes expanded.
    pub searches: u64,
    pub searched: u64,
}

impl PairPenalties {
    pub fn new(board: &Board) -> PairPenalties {
        let n = board.len();
        let at = |c: u32, dr: isize, dc: isize| {
            let cell = board.cells[c as usize];
            let (Some(row), Some(col)) = (
                cell.row.checked_add_signed(dr),
                cell.col.checked_add_signed(dc),
            ) else {
                return NONE;
            };
            board
                .cell(crate::sokoban::level::Cell { row, col })
                .unwrap_or(NONE)
        };
        let near = (0..n as u32)
            .map(|c| {
                let mut out = [NONE; NEAR];
                for (k, &(dr, dc)) in OFFSETS.iter().enumerate() {
                    out[k] = at(c, dr, dc);
                }
                out
            })
            .collect();
        let mut goal_index = vec![NONE; n];
        for (i, &g) in board.goals.iter().enumerate() {
            goal_index[g as usize] = i as u32;
        }
        let words = bits::words_for(n).max(1);
        PairPenalties {
            near,
            dense: Vec::new(),
            sparse: FastMap::default(),
            by_region: FastMap::default(),
            seen: FastSet::default(),
            queue: VecDeque::new(),
            goal_index,
            reach: Reach::new(board),
            two: vec![0; words],
            found: Vec::new(),
            taken: vec![0; words],
            searches: 0,
            searched: 0,
        }
    }

    /// The sum of the penalties of disjoint pairs of near boxes among
    /// `boxes`, the man on `man`, dearest pairs first; `None` if a pair is
    /// a deadlock.
    pub fn total(&mut self, board: &Board, boxes: &[u64], man: u32) -> Option<u32> {
        self.found.clear();
        for a in bits::iter::<u32>(boxes) {
            for k in 0..NEAR {
                let b = self.near[a as usize][k];
                if b == NONE || !bits::contains(boxes, b) {
                    continue;
                }
                match self.penalty(board, a, b, man) {
                    DEAD => return None,
                    0 => {}
                    p => self.found.push((p, a, b)),
                }
            }
        }
        if self.found.is_empty() {
            return Some(0);
        }
        self.found.sort_unstable_by(|x, y| y.cmp(x));
        let mut sum = 0;
        for &(p, a, b) in &self.found {
            if bits::contains(&self.taken, a) || bits::contains(&self.taken, b) {
                continue;
            }
            bits::insert(&mut self.taken, a);
            bits::insert(&mut self.taken, b);
            sum += p;
        }
        for &(_, a, b) in &self.found {
            bits::remove(&mut self.taken, a);
            bits::remove(&mut self.taken, b);
        }
        Some(sum)
    }

    /// The penalty of boxes on `a` and `b` with the man on `man` ([`DEAD`]:
    /// they cannot both reach goals from there), computed on first use.
    pub fn penalty(&mut self, board: &Board, a: u32, b: u32, man: u32) -> u32 {
        let (a, b) = (a.min(b), a.max(b));
        let n = board.len();
        let key = u64::from(a) << 32 | u64::from(b);
        let entry = if n <= DENSE_CELLS {
            if self.dense.is_empty() {
                self.dense = vec![UNKNOWN; n * n];
            }
            let at = a as usize * n + b as usize;
            if self.dense[at] == UNKNOWN {
                self.dense[at] = self.search(board, a, b);
            }
            self.dense[at]
        } else if let Some(&p) = self.sparse.get(&key) {
            p
        } else {
            let p = self.search(board, a, b);
            self.sparse.insert(key, p);
            p
        };
        if entry != SPLIT {
            return entry;
        }
        // The two boxes cut the floor, and the penalty depends on the side
        // the man is on.
        let region = self.region(board, a, b, man);
        let sides = &self.by_region[&key];
        (sides.iter())
            .find(|&&(r, _)| r == region)
            .map_or(DEAD, |&(_, p)| p)
    }

    /// Floods the man's region with boxes on `x` and `y` alone, from `man`;
    /// the region's lowest cell.
    fn region(&mut self, board: &Board, x: u32, y: u32, man: u32) -> u32 {
        self.two.fill(0);
        bits::insert(&mut self.two, x);
        bits::insert(&mut self.two, y);
        self.reach.flood(board, &self.two, man)
    }

    /// The push distance from `cell` to the goal on `goal`.
    fn dist(&self, board: &Board, cell: u32, goal: u32) -> u32 {
        board.push_dist[self.goal_index[goal as usize] as usize][cell as usize]
    }

    /// The penalty of boxes on `a` (`a < b`) and `b`: the same from every
    /// region the man could start in, or [`SPLIT`], with each region's
    /// penalty in `by_region`.
    fn search(&mut self, board: &Board, a: u32, b: u32) -> u32 {
        self.searches += 1;
        let mut sides = Vec::new();
        for man in 0..board.len() as u32 {
            if man != a && man != b && self.region(board, a, b, man) == man {
                let p = self.search_from(board, a, b, man);
                sides.push((man, p));
            }
        }
        let first = sides.first().map_or(DEAD, |s| s.1);
        if sides.iter().all(|s| s.1 == first) {
            return first;
        }
        self.by_region
            .insert(u64::from(a) << 32 | u64::from(b), sides);
        SPLIT
    }

    /// Breadth-first search of the two-box level from boxes on `a` and `b`
    /// and the man in the region of `man`, for the least pushes over the
    /// push distances of any pair of goals reached.
    fn search_from(&mut self, board: &Board, a: u32, b: u32, man: u32) -> u32 {
        let farthest = |c: u32| {
            (board.push_dist.iter())
                .map(|d| d[c as usize])
                .filter(|&d| d != NONE)
                .max()
        };
        let (Some(far_a), Some(far_b)) = (farthest(a), farthest(b)) else {
            return DEAD;
        };
        let n = board.len() as u64;
        let key = |x: u32, y: u32, r: u32| (u64::from(x) * n + u64::from(y)) * n + u64::from(r);
        self.seen.clear();
        self.queue.clear();
        self.seen.insert(key(a, b, man));
        self.queue.push_back((a, b, man, 0u32));
        let mut best = DEAD;
        while let Some((x, y, r, d)) = self.queue.pop_front() {
            // A pair of goals reached later costs d or more, and its push
            // distances are at most the farthest.
            if best == 0 || (best != DEAD && d >= best + far_a + far_b) {
                break;
            }
            self.searched += 1;
            if board.goal[x as usize] && board.goal[y as usize] {
                let alone = self.dist(board, a, x) + self.dist(board, b, y);
                debug_assert!(d >= alone, "each box needs its push distance");
                best = best.min(d.saturating_sub(alone));
            }
            // The pushes of this node, then their children's regions (each
            // flood replaces the last).
            self.region(board, x, y, r);
            let mut pushes = [(0, 0, 0); 8];
            let mut count = 0;
            for from in [x, y] {
                for dir in 0..4 {
                    let man = board.next[from as usize][dir ^ 1];
                    let to = board.next[from as usize][dir];
                    if man == NONE || to == NONE || to == x || to == y {
                        continue;
                    }
                    if board.live[to as usize] && self.reach.reached(man) {
                        let (nx, ny) = if from == x { (to, y) } else { (x, to) };
                        pushes[count] = (nx, ny, from);
                        count += 1;
                    }
                }
            }
            for &(nx, ny, man) in &pushes[..count] {
                // The man stands where the box was.
                let region = self.region(board, nx, ny, man);
                if self.seen.insert(key(nx, ny, region)) {
                    self.queue.push_back((nx, ny, region, d + 1));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests;
