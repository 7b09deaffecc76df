//! The man's region: the cells he reaches from a cell without moving a box.
//!
//! Between two pushes the man walks anywhere his region allows, so the
//! push-level spaces ([`super::push`], [`super::pull`]) flood it once per
//! node, and the flood is the solver's innermost loop. Two floods give the
//! same cells: row by row, with bit operations on whole rows of the board,
//! and cell by cell, with a stack (boards wider than 64 cells, and the
//! benches' reference).
//!
//! Example: in `#@ $ .#` the man reaches the one cell left of the box, so
//! the region is `{@}`; once the box has moved right it is two cells.

use super::board::{Board, NONE, Rows};
use crate::util::bits;

/// Marks the cells the man reaches from a cell without moving a box.
///
/// On boards at most 64 cells wide ([`Board::rows`]) the flood works on
/// whole rows: the free cells of a row are one word, the stretch of free
/// cells around a reached cell is found with a few bit operations, and each
/// stretch passes the flood to the free cells above and below it. Its work
/// grows with the stretches of the region, not with its cells. Wider boards
/// are flooded cell by cell.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// Steps from the flood's start, for the cells it reached (see
    /// [`Reach::flood_distances`]).
    dist: Vec<u32>,
    /// Each cell's bit in a set of rows (empty: flood cell by cell).
    at: Vec<u32>,
    /// The free cells and the reached ones, by rows.
    free: Vec<u64>,
    region: Vec<u64>,
    /// Stretches reached whose rows above and below are still to look at.
    stretches: Vec<(usize, u64)>,
    /// Whether the last flood was by rows (`region`) or by cells (`mark`).
    by_rows: bool,
    /// The cells the last flood by cells reached.
    count: usize,
}

/// The stretch of set bits of `free` that holds bit `k` (which is set).
#[inline]
fn stretch(free: u64, k: u32) -> u64 {
    let below = !free & ((1 << k) - 1);
    let above = !free & !(u64::MAX >> (63 - k));
    let bottom = if below == 0 {
        0
    } else {
        64 - below.leading_zeros()
    };
    let end = if above == 0 {
        64
    } else {
        above.trailing_zeros()
    };
    (u64::MAX >> (64 - end)) & (u64::MAX << bottom)
}

impl Reach {
    pub fn new(board: &Board) -> Reach {
        let cells = board.len();
        let (at, rows) = board
            .rows
            .as_ref()
            .map_or((Vec::new(), 0), |r| (r.at.clone(), r.floor.len()));
        Reach {
            mark: vec![0; cells],
            stamp: 0,
            queue: Vec::new(),
            dist: vec![0; cells],
            at,
            free: vec![0; rows],
            region: vec![0; rows],
            stretches: Vec::new(),
            by_rows: false,
            count: 0,
        }
    }

    /// Floods breadth-first from `from`, as [`Reach::flood`] does, and
    /// records every reached cell's distance ([`Reach::distance`]).
    pub fn flood_distances(&mut self, board: &Board, boxes: &[u64], from: u32) {
        self.by_rows = false;
        self.next_stamp();
        self.mark[from as usize] = self.stamp;
        self.dist[from as usize] = 0;
        self.queue.clear();
        self.queue.push(from);
        let mut head = 0;
        while let Some(&c) = self.queue.get(head) {
            head += 1;
            for &n in &board.next[c as usize] {
                if n != NONE && self.mark[n as usize] != self.stamp && !bits::contains(boxes, n) {
                    self.mark[n as usize] = self.stamp;
                    self.dist[n as usize] = self.dist[c as usize] + 1;
                    self.queue.push(n);
                }
            }
        }
    }

    /// The distance of a cell the last [`Reach::flood_distances`] reached.
    pub fn distance(&self, cell: u32) -> u32 {
        self.dist[cell as usize]
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    /// Floods from `from` over cells without a box; returns the lowest cell
    /// reached. [`Reach::reached`] answers until the next flood.
    pub fn flood(&mut self, board: &Board, boxes: &[u64], from: u32) -> u32 {
        match &board.rows {
            Some(rows) if !self.at.is_empty() => self.flood_rows(rows, boxes, from),
            _ => self.flood_cells(board, boxes, from),
        }
    }

    fn flood_rows(&mut self, rows: &Rows, boxes: &[u64], from: u32) -> u32 {
        self.by_rows = true;
        rows.free_cells(boxes, &mut self.free);
        // The flood starts on `from` even if a box stands there.
        let at = self.at[from as usize];
        let (row, k) = ((at / 64) as usize, at % 64);
        self.free[row] |= 1 << k;
        self.region.fill(0);
        let first = stretch(self.free[row], k);
        self.region[row] = first;
        self.stretches.clear();
        self.stretches.push((row, first));
        while let Some((row, run)) = self.stretches.pop() {
            for next in [row.wrapping_sub(1), row + 1] {
                let Some(&free) = self.free.get(next) else {
                    continue;
                };
                let mut open = free & run & !self.region[next];
                while open != 0 {
                    let run = stretch(free, open.trailing_zeros());
                    self.region[next] |= run;
                    self.stretches.push((next, run));
                    open &= !run;
                }
            }
        }
        let (row, &word) = (self.region.iter().enumerate())
            .find(|(_, w)| **w != 0)
            .expect("the flood reaches its start");
        rows.cell[row * 64 + word.trailing_zeros() as usize]
    }

    /// [`Reach::flood`] cell by cell, a stack of cells to look around (for
    /// boards wider than 64 cells, and the benches' reference).
    pub fn flood_cells(&mut self, board: &Board, boxes: &[u64], from: u32) -> u32 {
        self.by_rows = false;
        self.next_stamp();
        let mut lowest = from;
        self.mark[from as usize] = self.stamp;
        self.queue.clear();
        self.queue.push(from);
        self.count = 1;
        while let Some(c) = self.queue.pop() {
            for &n in &board.next[c as usize] {
                if n != NONE && self.mark[n as usize] != self.stamp && !bits::contains(boxes, n) {
                    self.mark[n as usize] = self.stamp;
                    lowest = lowest.min(n);
                    self.queue.push(n);
                    self.count += 1;
                }
            }
        }
        lowest
    }

    /// How many cells the last flood reached.
    pub fn size(&self) -> usize {
        if self.by_rows {
            self.region.iter().map(|w| w.count_ones() as usize).sum()
        } else {
            self.count
        }
    }

    #[inline]
    pub fn reached(&self, cell: u32) -> bool {
        if self.by_rows {
            let at = self.at[cell as usize];
            bits::contains(&self.region, at)
        } else {
            self.mark[cell as usize] == self.stamp
        }
    }
}

/// The normalised man after a step that moved a box from `b` to `to` (a
/// push, the man then on `b`; or a pull, the man ahead of the box), when
/// the step changes his region only next to the box, so that no flood is
/// needed. `lowest` is the node's normalised man, `reach` holds his region
/// `R`, and `after` are the boxes after the step.
///
/// The new region is `R` with `b` added and `to` taken out, as long as the
/// free cells around `b` are in `R` (else freeing `b` joins another region),
/// and taking `to` out does not cut `R`: either `to` was not in `R`, or its
/// free neighbours (`b` among them) are joined round it by the ring of eight
/// cells about it. Its lowest cell is then the lower of `lowest` and `b`,
/// unless `to` was that lowest cell. `None` when a flood is needed.
pub fn man_after_step(
    board: &Board,
    reach: &Reach,
    after: &[u64],
    lowest: u32,
    b: u32,
    to: u32,
) -> Option<u32> {
    for &c in &board.next[b as usize] {
        if c != to && c != NONE && !bits::contains(after, c) && !reach.reached(c) {
            return None;
        }
    }
    if reach.reached(to) && (lowest == to || !ring_joined(board, after, to)) {
        return None;
    }
    Some(lowest.min(b))
}

/// Whether the free orthogonal neighbours of `c` are joined to each other by
/// the free cells of the ring of eight cells around `c`, so that taking `c`
/// out of a region cannot cut it. `boxes` are the boxes after the push.
fn ring_joined(board: &Board, boxes: &[u64], c: u32) -> bool {
    let next = |c: u32, d: usize| {
        if c == NONE {
            NONE
        } else {
            board.next[c as usize][d]
        }
    };
    // The diagonal between the neighbours in directions `a` and `b`.
    let diagonal = |a: usize, b: usize| {
        let via = next(next(c, a), b);
        if via != NONE {
            via
        } else {
            next(next(c, b), a)
        }
    };
    // Clockwise from above: up, up-right, right, down-right, down, ...
    let ring = [
        next(c, 0),
        diagonal(0, 3),
        next(c, 3),
        diagonal(1, 3),
        next(c, 1),
        diagonal(1, 2),
        next(c, 2),
        diagonal(0, 2),
    ];
    let open = ring.map(|x| x != NONE && !bits::contains(boxes, x));
    let Some(closed) = (0..8).find(|&k| !open[k]) else {
        return true;
    };
    // Count the runs of open ring cells that hold an orthogonal neighbour
    // (even positions), going round once from a closed cell.
    let (mut runs, mut in_run, mut orthogonal) = (0, false, false);
    for i in 1..=8 {
        let k = (closed + i) % 8;
        if open[k] {
            if !in_run {
                (in_run, orthogonal) = (true, false);
            }
            orthogonal |= k % 2 == 0;
        } else if in_run {
            runs += u32::from(orthogonal);
            in_run = false;
        }
    }
    runs <= 1
}

#[cfg(test)]
mod tests;
