//! Freeze deadlocks: a box that can never move again, off a goal.
//!
//! A box is *blocked along an axis* (left-right, or up-down) when it can
//! never move along it: a wall on either side; dead squares on both sides (it
//! could move, but only into a deadlock); or a box on either side that is
//! itself blocked along the other axis, the first box counting as a wall
//! while that is checked (which also stops the check from going round in
//! circles). A box blocked along both axes is *frozen*. A frozen box that is
//! not on a goal makes the level unsolvable; so does a frozen box that
//! freezes a neighbour off a goal.
//!
//! Example: two boxes side by side against a wall,
//!
//! ```text
//! #####
//! #$$ #
//! ```
//!
//! are both frozen: each is blocked up-down by the wall and left-right by the
//! other, which is blocked up-down too.
//!
//! **Pull freezes** (the backward search, [`super::pull`]). A pull in
//! direction `d` needs two cells on that side: the one the box comes to, and
//! the one the man steps back onto. So a pull is shut by a wall on either of
//! them, by a cell no start box can reach ([`Board::pull_live`]: the box
//! could never go home from there), or by a box on either of them that is
//! itself pull-frozen (with the first box counting as a wall). A box whose
//! four pulls are shut never moves again in the backward search; if it is not
//! on a start cell, the start position can never be reached.
//!
//! Example: in a room two rows high no box can be pulled up or down (the
//! man would need a third row to step back onto), so in
//!
//! ```text
//! #######
//! # $ $@#
//! #     #
//! #######
//! ```
//!
//! the left box's pull left hits the wall and its pull right needs the cell
//! of the right box, whose own pulls hit the wall or the left box: both are
//! pull-frozen, a dead end unless both stand on start cells.

use super::board::{Board, NONE};
use crate::util::bits;

/// Whether the box just pushed to `cell`, or a box next to it, is frozen
/// off a goal.
pub fn frozen_off_goal(board: &Board, boxes: &[u64], cell: u32) -> bool {
    let mut walls = Vec::new();
    if !board.goal[cell as usize] && frozen(board, boxes, cell, &mut walls) {
        return true;
    }
    board.next[cell as usize].iter().any(|&n| {
        n != NONE
            && bits::contains(boxes, n)
            && !board.goal[n as usize]
            && frozen(board, boxes, n, &mut walls)
    })
}

/// Whether the box on `cell` is blocked along both axes.
pub fn frozen(board: &Board, boxes: &[u64], cell: u32, walls: &mut Vec<u32>) -> bool {
    blocked(board, boxes, cell, 0, walls) && blocked(board, boxes, cell, 2, walls)
}

/// Whether the box on `cell` can never move along the axis of directions
/// `axis` and `axis + 1` (0: up-down, 2: left-right).
fn blocked(board: &Board, boxes: &[u64], cell: u32, axis: usize, walls: &mut Vec<u32>) -> bool {
    let (a, b) = (
        board.next[cell as usize][axis],
        board.next[cell as usize][axis + 1],
    );
    let wall = |c: u32| c == NONE || walls.contains(&c);
    if wall(a) || wall(b) {
        return true;
    }
    if !board.live[a as usize] && !board.live[b as usize] {
        return true;
    }
    let other = 2 - axis;
    walls.push(cell);
    let result = (bits::contains(boxes, a) && blocked(board, boxes, a, other, walls))
        || (bits::contains(boxes, b) && blocked(board, boxes, b, other, walls));
    walls.pop();
    result
}

/// How many boxes a pull-freeze check may chain through before it gives up
/// (and says "not frozen", which is always safe).
const PULL_CHAIN: usize = 8;

/// Whether the box just pulled to `cell`, or a box whose pulls it may shut
/// (one or two cells away in a line), is pull-frozen off a start cell
/// (`start`: the start cells as bits).
pub fn pull_frozen_off_start(board: &Board, boxes: &[u64], start: &[u64], cell: u32) -> bool {
    let mut walls = Vec::new();
    let mut off_start_frozen = |c: u32| {
        !bits::contains(start, c)
            && bits::contains(boxes, c)
            && pull_frozen(board, boxes, c, &mut walls)
    };
    if off_start_frozen(cell) {
        return true;
    }
    (0..4).any(|d| {
        let c1 = board.next[cell as usize][d];
        let c2 = if c1 == NONE {
            NONE
        } else {
            board.next[c1 as usize][d]
        };
        (c1 != NONE && off_start_frozen(c1)) || (c2 != NONE && off_start_frozen(c2))
    })
}

/// Whether the box on `cell` can never be pulled again.
pub fn pull_frozen(board: &Board, boxes: &[u64], cell: u32, walls: &mut Vec<u32>) -> bool {
    if walls.len() >= PULL_CHAIN {
        return false;
    }
    walls.push(cell);
    let frozen = (0..4).all(|d| pull_shut(board, boxes, cell, d, walls));
    walls.pop();
    frozen
}

/// Whether the box on `cell` can never be pulled in direction `d`.
fn pull_shut(board: &Board, boxes: &[u64], cell: u32, d: usize, walls: &mut Vec<u32>) -> bool {
    let wall = |c: u32, walls: &[u32]| c == NONE || walls.contains(&c);
    let to = board.next[cell as usize][d];
    if wall(to, walls) || !board.pull_live[to as usize] {
        return true;
    }
    let man = board.next[to as usize][d];
    if wall(man, walls) {
        return true;
    }
    (bits::contains(boxes, to) && pull_frozen(board, boxes, to, walls))
        || (bits::contains(boxes, man) && pull_frozen(board, boxes, man, walls))
}

#[cfg(test)]
mod tests;
