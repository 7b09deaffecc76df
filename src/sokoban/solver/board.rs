//! The board as the solver sees it: floor cells numbered `0..n`, each with
//! its four neighbours, the goals, and what can be known before searching.
//!
//! * **Dead squares.** A box on a cell from which no sequence of pushes can
//!   bring it to any goal (even with every other box gone) makes the level
//!   unsolvable. The live cells are found backwards, by *pulling* a box from
//!   each goal: a box on cell `c` can be pulled to its neighbour `c'` when the
//!   man can stand on `c'` and step one further, onto `c''`. Every cell a
//!   pulled box reaches is live; the others are dead. A corner without a goal
//!   is the classic dead square.
//! * **Push distances.** The same pulls, counted, give for every goal and
//!   cell the fewest pushes that bring a box from the cell to the goal when
//!   nothing else is in the way: the ingredient of the lower bounds.
//!
//! * **Start distances**, for the backward (pull) search: pushing a box from
//!   each start cell, alone, gives the fewest pushes from that start cell to
//!   every other cell. A cell no start box can be pushed to is dead for pulls:
//!   a box pulled there can never be pulled back to a start cell.
//!
//! Example: in `#@$ .#` the box can be pushed right twice onto the goal; the
//! cell left of the box is dead (a box there could only be pushed into the
//! wall) and the push distance from the box's cell to the goal is 2. The
//! start distances from the box's cell are 1 and 2 for the two cells right of
//! it, and 1 for the man's cell (as a box alone could be pushed left, were
//! the man on its right): the relaxation ignores where the man can walk.

use crate::sokoban::level::{Cell, Dir, Level, Tile};
use crate::util::bits;
use std::collections::VecDeque;

/// No cell: a wall or the edge of the grid.
pub const NONE: u32 = u32::MAX;

/// The index of `dir` in [`Dir::ALL`] (up, down, left, right); `d ^ 1` is the
/// opposite direction.
pub fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

/// A level's floor as numbered cells, with the facts the solver needs.
#[derive(Clone, Debug)]
pub struct Board {
    /// Grid cell of each solver cell, in row-major order.
    pub cells: Vec<Cell>,
    /// Row-major grid index to solver cell ([`NONE`] for walls and void).
    cell_of: Vec<u32>,
    width: usize,
    /// `next[c][d]`: the neighbour of cell `c` in direction `Dir::ALL[d]`.
    pub next: Vec<[u32; 4]>,
    pub goal: Vec<bool>,
    /// The goal cells, ascending.
    pub goals: Vec<u32>,
    /// The boxes at the start, ascending.
    pub start_boxes: Vec<u32>,
    pub start_man: u32,
    /// Whether a box on the cell can still reach some goal (not a dead square).
    pub live: Vec<bool>,
    /// `push_dist[g][c]`: the fewest pushes that bring a box from cell `c` to
    /// goal `goals[g]` with no other box in the way ([`NONE`]: never).
    pub push_dist: Vec<Vec<u32>>,
    /// `start_dist[s][c]`: the fewest pushes that bring a box from start cell
    /// `start_boxes[s]` to cell `c` with no other box in the way ([`NONE`]:
    /// never); the pull search's distances.
    pub start_dist: Vec<Vec<u32>>,
    /// Whether a box on the cell can have come from some start cell (a cell
    /// the pull search may pull a box to).
    pub pull_live: Vec<bool>,
    /// The floor as one word per grid row, if the grid is at most 64 wide.
    pub rows: Option<Rows>,
}

/// The floor of a board as one word per grid row, bit `k` for column `k`:
/// the layout of the bit-parallel floods ([`super::reach::Reach`]) and region
/// counts ([`super::connectivity`]), which handle a row's cells at once.
#[derive(Clone, Debug)]
pub struct Rows {
    /// The floor cells of each row (the first row is the first with floor).
    pub floor: Vec<u64>,
    /// Each cell's place as `row * 64 + column`: its bit in a set of rows.
    pub at: Vec<u32>,
    /// The cell at each place (`row * 64 + column`; [`NONE`]: no floor).
    pub cell: Vec<u32>,
}

impl Rows {
    fn new(cells: &[Cell]) -> Option<Rows> {
        let first = cells.first()?.row;
        let height = cells.last()?.row - first + 1;
        if cells.iter().any(|c| c.col >= 64) {
            return None;
        }
        let mut rows = Rows {
            floor: vec![0; height],
            at: Vec::with_capacity(cells.len()),
            cell: vec![NONE; height * 64],
        };
        for (id, c) in cells.iter().enumerate() {
            let at = (c.row - first) * 64 + c.col;
            bits::insert(&mut rows.floor, at);
            rows.at.push(at as u32);
            rows.cell[at] = id as u32;
        }
        Some(rows)
    }

    /// Writes into `free` (one word per row) the floor cells without a box.
    #[inline]
    pub fn free_cells(&self, boxes: &[u64], free: &mut [u64]) {
        free.copy_from_slice(&self.floor);
        for b in bits::iter::<u32>(boxes) {
            let at = self.at[b as usize];
            bits::remove(free, at);
        }
    }
}

impl Board {
    pub fn new(level: &Level) -> Board {
        let width = level.width();
        let mut cell_of = vec![NONE; width * level.height()];
        let mut cells = Vec::new();
        for cell in level.cells() {
            if level.tile(cell) == Tile::Floor {
                cell_of[cell.row * width + cell.col] = cells.len() as u32;
                cells.push(cell);
            }
        }
        let id = |c: Cell| cell_of[c.row * width + c.col];
        let next: Vec<[u32; 4]> = (cells.iter())
            .map(|&c| {
                Dir::ALL.map(|d| {
                    level
                        .neighbour(c, d)
                        .filter(|&n| level.tile(n) == Tile::Floor)
                        .map_or(NONE, id)
                })
            })
            .collect();
        let goal: Vec<bool> = cells.iter().map(|&c| level.is_goal(c)).collect();
        let goals: Vec<u32> = (0..cells.len() as u32)
            .filter(|&c| goal[c as usize])
            .collect();
        let start_boxes = (0..cells.len() as u32)
            .filter(|&c| level.has_box(cells[c as usize]))
            .collect();
        let mut board = Board {
            start_man: id(level.man()),
            rows: Rows::new(&cells),
            cells,
            cell_of,
            width,
            next,
            goal,
            goals,
            start_boxes,
            live: Vec::new(),
            push_dist: Vec::new(),
            start_dist: Vec::new(),
            pull_live: Vec::new(),
        };
        board.push_dist = (board.goals.iter())
            .map(|&g| board.pull_distances(g))
            .collect();
        board.live = (0..board.len())
            .map(|c| board.push_dist.iter().any(|d| d[c] != NONE))
            .collect();
        board.start_dist = (board.start_boxes.iter())
            .map(|&s| board.push_distances(s))
            .collect();
        board.pull_live = (0..board.len())
            .map(|c| board.start_dist.iter().any(|d| d[c] != NONE))
            .collect();
        board
    }

    /// Number of floor cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The solver cell of a grid cell, if it is floor.
    pub fn cell(&self, cell: Cell) -> Option<u32> {
        (cell.col < self.width)
            .then(|| self.cell_of.get(cell.row * self.width + cell.col).copied())
            .flatten()
            .filter(|&c| c != NONE)
    }

    /// Pulls from `goal`: the fewest pushes from every cell to it, alone.
    fn pull_distances(&self, goal: u32) -> Vec<u32> {
        let mut dist = vec![NONE; self.len()];
        dist[goal as usize] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(c) = queue.pop_front() {
            for d in 0..4 {
                // Pull the box from c to c' = next[c][d]: the man stands on c'
                // and steps on to c''.
                let c1 = self.next[c as usize][d];
                if c1 == NONE || self.next[c1 as usize][d] == NONE {
                    continue;
                }
                if dist[c1 as usize] == NONE {
                    dist[c1 as usize] = dist[c as usize] + 1;
                    queue.push_back(c1);
                }
            }
        }
        dist
    }

    /// Pushes from `from`: the fewest pushes from it to every cell, alone.
    fn push_distances(&self, from: u32) -> Vec<u32> {
        let mut dist = vec![NONE; self.len()];
        dist[from as usize] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for d in 0..4 {
                // Push the box from c to next[c][d]: the man stands behind it.
                let to = self.next[c as usize][d];
                if to == NONE || self.next[c as usize][d ^ 1] == NONE {
                    continue;
                }
                if dist[to as usize] == NONE {
                    dist[to as usize] = dist[c as usize] + 1;
                    queue.push_back(to);
                }
            }
        }
        dist
    }
}

#[cfg(test)]
pub(crate) mod tests;
