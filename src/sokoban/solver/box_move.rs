//! Box moves: one step takes a box to any cell it can be pushed to while
//! the other boxes stand still.
//!
//! The push-level space ([`super::push`]) takes one push a step, so a box
//! carried across the level is as many steps as pushes, and a greedy search
//! weighs each of them on its own. Festival (Shoham and Schaeffer, FESS)
//! moves boxes instead: a *box move* is a box pushed along any path of
//! pushes, the man walking between them, to wherever it stops. A solution
//! then has a few dozen moves, one for each time a box is taken somewhere,
//! and a search that counts moves (Festival's move weights, see
//! [`super::connectivity::Guide::with_weights`]) counts decisions rather
//! than pushes.
//!
//! The moves of a box are found breadth-first over its cell and the side
//! the man pushed it from: from each such state the box is pushed on from
//! every side of it the man reaches (the box on its cell, the other boxes
//! in place), onto a free cell that is not a dead square. Which sides he
//! reaches, and his region's lowest cell, come from one depth-first search
//! of the floor per box ([`super::cut`]) rather than a flood per state:
//! 16 % less time on XSokoban 24's box moves, 10 % on 44's pulled ones. Each cell the box reaches with the man in a region not seen
//! there before is one move, named by the box's first cell, its last cell
//! and the direction of its last push ([`BoxMoves::op`]); the fewest pushes
//! that make it are found again when the plan is written out
//! ([`BoxMoves::spell`]). A single push is a box move too, so the moves
//! reach every position the pushes reach.
//!
//! Example: in `#@$  .#` the box has three moves: one, two and three cells
//! right; the last puts it on the goal in three pushes, one step.
//!
//! **Pulls** ([`BoxMoves::pulling`], for [`super::pull::PullSpace`]): the
//! same search with the man ahead of the box, stepping back and dragging it
//! along, the box never on a cell from which no start box could have been
//! pushed ([`Board::pull_live`]). A pull move is spelled as the pushes that
//! undo its pulls, last pull first, so that the plan read forwards is pushes.

use super::board::{Board, NONE};
use super::cut::CutTree;
use super::push::push_op;
use super::reach::Reach;
use crate::task::OpId;
use crate::util::bits;

/// The flag of a box move's operator (below the push space's macro flags).
pub const BOX_MOVE: u32 = 1 << 29;

/// The largest board (floor cells) whose box moves fit an operator: the
/// first cell, the last and a direction in 29 bits.
pub const MAX_BOX_MOVE_CELLS: usize = 11_585;

/// One state of a box's breadth-first search: the box on `cell`, pushed
/// there in direction `dir` (the man on the cell behind it), reached from
/// state `parent` (`NONE`: by the first push).
#[derive(Clone, Copy, Debug)]
struct Step {
    cell: u32,
    dir: u8,
    parent: u32,
}

/// Which way the box moves: pushed, the man behind it, or pulled, the man
/// ahead of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Way {
    #[default]
    Push,
    Pull,
}

/// The box moves of one box at a time, with reusable buffers.
#[derive(Clone, Debug, Default)]
pub struct BoxMoves {
    way: Way,
    /// Per cell, the directions the box has been pushed onto it in.
    seen: Vec<u8>,
    steps: Vec<Step>,
    /// The boxes without the one that moves, then with it on a step's cell.
    boxes: Vec<u64>,
    /// The man's regions beside the box wherever it stands ([`super::cut`]).
    cuts: CutTree,
    /// The moves found: the operator and the man's region (its lowest
    /// cell) after it, breadth-first (the fewest pushes first).
    pub found: Vec<(OpId, u32)>,
}

impl BoxMoves {
    /// The moves of pushed boxes.
    pub fn new(board: &Board) -> BoxMoves {
        BoxMoves {
            seen: vec![0; board.len()],
            boxes: vec![0; board.len().div_ceil(64).max(1)],
            cuts: CutTree::new(board),
            ..BoxMoves::default()
        }
    }

    /// The moves of pulled boxes.
    pub fn pulling(board: &Board) -> BoxMoves {
        BoxMoves {
            way: Way::Pull,
            ..BoxMoves::new(board)
        }
    }

    /// Where the box on `cell` goes when the man pushes or pulls it in
    /// direction `d`, if he can (`man` says whether he reaches a cell beside
    /// the box) and it may (`self.boxes` without it; with `live`, never onto
    /// a dead square).
    fn step(
        &self,
        board: &Board,
        man: impl Fn(u32) -> bool,
        cell: u32,
        d: usize,
        live: bool,
    ) -> Option<u32> {
        let to = board.next[cell as usize][d];
        let free = |c: u32| c != NONE && !bits::contains(&self.boxes, c);
        let ok = match self.way {
            Way::Push => {
                let behind = board.next[cell as usize][d ^ 1];
                free(behind) && man(behind) && free(to) && (!live || board.live[to as usize])
            }
            // The man stands on `to` and steps back onto the cell beyond.
            Way::Pull => {
                free(to)
                    && man(to)
                    && free(board.next[to as usize][d])
                    && (!live || board.pull_live[to as usize])
            }
        };
        ok.then_some(to)
    }

    /// Where the man stands once the box has been pushed or pulled onto
    /// `cell` in direction `d`.
    fn man_beside(&self, board: &Board, cell: u32, d: usize) -> u32 {
        match self.way {
            Way::Push => board.next[cell as usize][d ^ 1],
            Way::Pull => board.next[cell as usize][d],
        }
    }

    /// The operator of the move that takes the box on `from` to `to`, its
    /// last push in direction `dir`.
    pub fn op(board: &Board, from: u32, to: u32, dir: usize) -> OpId {
        let n = board.len() as u32;
        OpId(BOX_MOVE | ((from * n + to) * 4 + dir as u32))
    }

    /// The first cell, the last cell and the last push's direction of a
    /// box move's operator.
    pub fn of(board: &Board, op: OpId) -> (u32, u32, usize) {
        let n = board.len() as u32;
        let x = op.0 & !BOX_MOVE;
        let cells = x / 4;
        (cells / n, cells % n, (x % 4) as usize)
    }

    /// Finds into [`BoxMoves::found`] the moves of the box on `b` among
    /// `boxes`, the man's region in `man` (flooded on `boxes`), each first
    /// push in a direction `first` allows. With `live` the box never stands
    /// on a dead square.
    pub fn search(
        &mut self,
        board: &Board,
        boxes: &[u64],
        man: &Reach,
        b: u32,
        first: impl Fn(usize) -> bool,
        live: bool,
    ) {
        self.seen.fill(0);
        self.steps.clear();
        self.found.clear();
        self.boxes.copy_from_slice(boxes);
        bits::remove(&mut self.boxes, b);
        for d in 0..4 {
            if let Some(to) = self.step(board, |c| man.reached(c), b, d, live)
                && first(d)
            {
                self.seen[to as usize] |= 1 << d;
                self.steps.push(Step {
                    cell: to,
                    dir: d as u8,
                    parent: NONE,
                });
            }
        }
        if self.steps.is_empty() {
            return;
        }
        // The man's region with the box on a cell is a region of the floor
        // without the other boxes and without that cell: one search of that
        // floor names them all.
        self.cuts.build(board, &self.boxes, b);
        let mut i = 0;
        while i < self.steps.len() {
            let Step { cell, dir, .. } = self.steps[i];
            let beside = self.man_beside(board, cell, usize::from(dir));
            let side = self.cuts.side(board, cell, beside);
            let lowest = self.cuts.lowest(board, cell, side);
            let op = BoxMoves::op(board, b, cell, usize::from(dir));
            let new =
                !(self.found.iter()).any(|&(o, m)| m == lowest && BoxMoves::of(board, o).1 == cell);
            if new {
                self.found.push((op, lowest));
            }
            for d in 0..4 {
                let man = |c: u32| self.cuts.side(board, cell, c) == side;
                if let Some(to) = self.step(board, man, cell, d, live)
                    && self.seen[to as usize] & (1 << d) == 0
                {
                    self.seen[to as usize] |= 1 << d;
                    self.steps.push(Step {
                        cell: to,
                        dir: d as u8,
                        parent: i as u32,
                    });
                }
            }
            i += 1;
        }
    }

    /// The pushes of the box move `op` from `boxes`, the man on `man`: the
    /// fewest that make it, found again breadth-first. A pull move's are the
    /// pushes that undo its pulls, the last pull's first.
    pub fn spell(&mut self, board: &Board, boxes: &[u64], man: u32, op: OpId) -> Vec<OpId> {
        let (b, to, dir) = BoxMoves::of(board, op);
        let mut region = Reach::new(board);
        region.flood(board, boxes, man);
        self.search(board, boxes, &region, b, |_| true, false);
        let last = (self.steps.iter())
            .position(|s| s.cell == to && usize::from(s.dir) == dir)
            .expect("a box move is found again from the same boxes");
        let mut pushes = Vec::new();
        let mut at = last as u32;
        while at != NONE {
            let Step { cell, dir, parent } = self.steps[at as usize];
            let d = usize::from(dir);
            pushes.push(match self.way {
                Way::Push => push_op(board.next[cell as usize][d ^ 1], d),
                // The box pulled onto `cell` in direction `d`, pushed back.
                Way::Pull => push_op(cell, d ^ 1),
            });
            at = parent;
        }
        if self.way == Way::Push {
            pushes.reverse();
        }
        pushes
    }
}

#[cfg(test)]
mod tests;
