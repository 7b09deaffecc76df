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
//! The penalties are computed when a pair is first met and kept: a
//! best-first search over the two boxes' cells and the man's region, for
//! each side of the pair the man could be on, ordered by a lower bound on
//! the excess over the push distances (see [`PairPenalties`]'s
//! `search_from`), so that a pair that costs nothing extra is settled along
//! its straight lines of pushes. A pair whose sides differ keeps each
//! cell's side, so that a node looks its penalty up without a flood. Only
//! pairs within two rows and two columns of each other are looked at, so
//! that a push rarely parts a pair (which drops its penalty at once), and
//! the disjoint pairs are chosen greedily, dearest first.
//!
//! Measured on XSokoban, `--optimize pushes` (benches/README.md).

use super::board::{Board, NONE};
use super::reach::Reach;
use super::sides::{SIDES, Sides};
use crate::util::bits;
use crate::util::hash::FastMap;

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

/// A cell from which a box reaches none of the goals the other cell's box
/// reaches.
const UNREACHABLE: i32 = i32::MAX;

/// A pair whose penalty depends on the man's side of it: each cell's side
/// (the regions the two boxes alone cut the floor into), and each side's
/// penalty.
struct Split {
    side: Vec<u32>,
    penalties: Vec<u32>,
}

/// The pair penalties of one board, computed when first asked for.
pub struct PairPenalties {
    /// For each cell, the cells that form a pair with it: right, down, two
    /// right, two down, right-and-down, left-and-down (so that each pair of
    /// near cells is listed once, at its first cell).
    near: Vec<[u32; NEAR]>,
    /// The penalties by `a * n + b` (`a < b`) on small boards.
    dense: Vec<u32>,
    sparse: FastMap<u64, u32>,
    /// The penalties of [`SPLIT`] pairs, by the man's side.
    by_region: FastMap<u64, Split>,
    /// Each goal's index in `push_dist`, by cell ([`NONE`]: not a goal).
    goal_index: Vec<u32>,
    reach: Reach,
    /// Buffers: the two boxes' bits, the pairs of a node, the boxes taken.
    two: Vec<u64>,
    found: Vec<(u32, u32, u32)>,
    taken: Vec<u64>,
    /// The two-box search: each box's potential by cell (its least push
    /// distance to a goal less the pair's first box's distance to the same
    /// goal), the fewest pushes to each node, and the nodes by bound.
    potential: [Vec<i32>; 2],
    best_g: FastMap<u64, u32>,
    buckets: Vec<Vec<(u32, u32, u32, u32)>>,
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
            potential: [Vec::new(), Vec::new()],
            best_g: FastMap::default(),
            buckets: Vec::new(),
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
    /// a deadlock. With `sides`, penalties are measured against the push
    /// distances that know the man's side ([`super::sides`]); a table of
    /// penalties must be asked with the same `sides` every time.
    pub fn total(
        &mut self,
        board: &Board,
        boxes: &[u64],
        man: u32,
        sides: Option<&Sides>,
    ) -> Option<u32> {
        self.found.clear();
        for a in bits::iter::<u32>(boxes) {
            for k in 0..NEAR {
                let b = self.near[a as usize][k];
                if b == NONE || !bits::contains(boxes, b) {
                    continue;
                }
                match self.penalty(board, a, b, man, sides) {
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
    pub fn penalty(
        &mut self,
        board: &Board,
        a: u32,
        b: u32,
        man: u32,
        sides: Option<&Sides>,
    ) -> u32 {
        let (a, b) = (a.min(b), a.max(b));
        let n = board.len();
        let key = u64::from(a) << 32 | u64::from(b);
        let entry = if n <= DENSE_CELLS {
            if self.dense.is_empty() {
                self.dense = vec![UNKNOWN; n * n];
            }
            let at = a as usize * n + b as usize;
            if self.dense[at] == UNKNOWN {
                self.dense[at] = self.search(board, a, b, sides);
            }
            self.dense[at]
        } else if let Some(&p) = self.sparse.get(&key) {
            p
        } else {
            let p = self.search(board, a, b, sides);
            self.sparse.insert(key, p);
            p
        };
        if entry != SPLIT {
            return entry;
        }
        // The two boxes cut the floor, and the penalty depends on the side
        // the man is on.
        let split = &self.by_region[&key];
        split.penalties[split.side[man as usize] as usize]
    }

    /// Floods the man's region with boxes on `x` and `y` alone, from `man`;
    /// the region's lowest cell.
    fn region(&mut self, board: &Board, x: u32, y: u32, man: u32) -> u32 {
        self.two.fill(0);
        bits::insert(&mut self.two, x);
        bits::insert(&mut self.two, y);
        self.reach.flood(board, &self.two, man)
    }

    /// The push distance from `cell` to the goal on `goal`, the man on
    /// `man` (his side counts with `sides`).
    fn dist(&self, board: &Board, sides: Option<&Sides>, cell: u32, man: u32, goal: u32) -> u32 {
        push_dist(
            board,
            sides,
            self.goal_index[goal as usize] as usize,
            cell,
            man,
        )
    }

    /// For the box starting on `from`, the man on `man`: at each cell (and,
    /// with `sides`, each side of it) the least push distance to a goal less
    /// the starting box's own distance to that goal.
    fn potential(board: &Board, sides: Option<&Sides>, from: u32, man: u32) -> Vec<i32> {
        let n = board.len();
        let per_cell = if sides.is_some() { SIDES } else { 1 };
        let start: Vec<u32> = (0..board.goals.len())
            .map(|g| push_dist(board, sides, g, from, man))
            .collect();
        let mut out = vec![UNREACHABLE; n * per_cell];
        for (at, p) in out.iter_mut().enumerate() {
            let (c, side) = (at / per_cell, at % per_cell);
            for (g, &s) in start.iter().enumerate() {
                let d = match sides {
                    Some(sides) => sides.dist(g, c as u32, side),
                    None => board.push_dist[g][c],
                };
                if s != NONE && d != NONE {
                    *p = (*p).min(d as i32 - s as i32);
                }
            }
        }
        out
    }

    /// The penalty of boxes on `a` (`a < b`) and `b`: the same from every
    /// region the man could start in, or [`SPLIT`], with each region's
    /// penalty in `by_region`.
    fn search(&mut self, board: &Board, a: u32, b: u32, sides: Option<&Sides>) -> u32 {
        self.searches += 1;
        let n = board.len();
        // The regions the man could start in, each flooded once, and each
        // cell's region.
        let mut starts = Vec::new();
        let mut side = vec![NONE; n];
        for man in 0..n as u32 {
            if man == a || man == b || side[man as usize] != NONE {
                continue;
            }
            let region = self.region(board, a, b, man);
            for (c, s) in side.iter_mut().enumerate() {
                if self.reach.reached(c as u32) {
                    *s = starts.len() as u32;
                }
            }
            starts.push(region);
        }
        let penalties: Vec<u32> = (starts.iter())
            .map(|&r| self.search_from(board, a, b, r, sides))
            .collect();
        let first = penalties.first().copied().unwrap_or(DEAD);
        if penalties.iter().all(|&p| p == first) {
            return first;
        }
        let key = u64::from(a) << 32 | u64::from(b);
        self.by_region.insert(key, Split { side, penalties });
        SPLIT
    }

    /// The least pushes over the push distances of any pair of goals that
    /// boxes on `a` and `b`, alone with the man in the region of `man`, can
    /// reach. A best-first search by a lower bound on that excess: the
    /// pushes so far plus, for each box, the least of its push distance to
    /// a goal less the first box's distance to the same goal (each box
    /// needs at least its push distance to the goal it ends on). A push
    /// lowers a box's distances by one at most, so the bound never drops
    /// along a line of pushes, and the search stops at the first bucket no
    /// lower than the best excess found.
    fn search_from(
        &mut self,
        board: &Board,
        a: u32,
        b: u32,
        man: u32,
        sides: Option<&Sides>,
    ) -> u32 {
        self.potential = [
            Self::potential(board, sides, a, man),
            Self::potential(board, sides, b, man),
        ];
        // A box's potential on its cell, the man in `region`.
        let slot = |cell: u32, region: u32| match sides {
            Some(sides) => sides.slot(cell, region),
            None => cell as usize,
        };
        let n = board.len() as u64;
        let key = |x: u32, y: u32, r: u32| (u64::from(x) * n + u64::from(y)) * n + u64::from(r);
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.best_g.clear();
        self.best_g.insert(key(a, b, man), 0);
        self.push_bucket(0, (a, b, man, 0));
        let mut best = DEAD;
        let mut at = 0;
        while at < self.buckets.len() && (at as u32) < best {
            let Some((x, y, r, g)) = self.buckets[at].pop() else {
                at += 1;
                continue;
            };
            if self
                .best_g
                .get(&key(x, y, r))
                .is_some_and(|&known| known < g)
            {
                continue;
            }
            self.searched += 1;
            if board.goal[x as usize] && board.goal[y as usize] {
                let alone = self.dist(board, sides, a, man, x) + self.dist(board, sides, b, man, y);
                debug_assert!(g >= alone, "each box needs its push distance");
                best = best.min(g.saturating_sub(alone));
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
                let (px, py) = (
                    self.potential[0][slot(nx, man)],
                    self.potential[1][slot(ny, man)],
                );
                if px == UNREACHABLE || py == UNREACHABLE {
                    continue;
                }
                // The man stands where the box was.
                let region = self.region(board, nx, ny, man);
                let k = key(nx, ny, region);
                if self.best_g.get(&k).is_some_and(|&known| known <= g + 1) {
                    continue;
                }
                self.best_g.insert(k, g + 1);
                let bound = (g + 1) as i32 + px + py;
                debug_assert!(bound >= at as i32, "the bound never drops");
                self.push_bucket(bound.max(0) as usize, (nx, ny, region, g + 1));
            }
        }
        best
    }

    fn push_bucket(&mut self, at: usize, node: (u32, u32, u32, u32)) {
        if self.buckets.len() <= at {
            self.buckets.resize_with(at + 1, Vec::new);
        }
        self.buckets[at].push(node);
    }
}

/// The push distance of a box on `cell` to `board.goals[goal]`, the man on
/// `man`: by its side of the box with `sides`, else wherever he needs to be.
fn push_dist(board: &Board, sides: Option<&Sides>, goal: usize, cell: u32, man: u32) -> u32 {
    match sides {
        Some(sides) => sides.dist(goal, cell, sides.side(cell, man)),
        None => board.push_dist[goal][cell as usize],
    }
}

#[cfg(test)]
mod tests;
