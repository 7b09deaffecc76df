//! Tunnel macros: a box pushed into a tunnel goes on to its far end.
//!
//! A *tunnel* is a corridor one cell wide, walls on both sides. When the man
//! pushes a box into one and stands in the tunnel himself, he can neither
//! walk round the box nor push it sideways: all he can usefully do with it
//! is push it on (leaving it inside blocks the corridor for him as well). A
//! tunnel macro makes those pushes one search step, so that the search does
//! not store, evaluate and expand a node per cell of the corridor. The box
//! stops on a goal (it may be wanted there), before another box, before a
//! dead square, or where the corridor widens.
//!
//! Example: in `#@$   .#` walled above and below, one push of the box sends
//! it on through the corridor; the macro ends where the walls end or on the
//! goal. The pull search ([`super::pull`]) has the same macro turned round
//! ([`run_pulls`]): a box pulled into a tunnel is pulled on to its far end.
//!
//! The macro is a sequence of legal pushes (replayed like any other), but a
//! search with it may miss solutions that park a box inside a tunnel; it is
//! used by the solver that looks for any solution (`--optimize none`), which
//! proves unsolvability only with it off.

use super::board::{Board, NONE};
use crate::util::bits;

/// Whether walls stand on both sides of `cell` across direction `d`.
fn walled_across(board: &Board, cell: u32, d: usize) -> bool {
    let across = if d < 2 { [2, 3] } else { [0, 1] };
    across.iter().all(|&s| board.next[cell as usize][s] == NONE)
}

/// Where the box just pushed from `from` onto `to` in direction `d` ends
/// when the pushes go on through a tunnel, and the cell the man stands on
/// after the last push: `(man, box)`; `(from, to)` when there is no tunnel.
/// `boxes` are the other boxes.
pub fn run(board: &Board, boxes: &[u64], from: u32, to: u32, d: usize) -> (u32, u32) {
    let (mut man, mut at) = (from, to);
    while !board.goal[at as usize] && walled_across(board, at, d) && walled_across(board, man, d) {
        let next = board.next[at as usize][d];
        if next == NONE || bits::contains(boxes, next) || !board.live[next as usize] {
            break;
        }
        (man, at) = (at, next);
    }
    (man, at)
}

/// The same run for pulls: the box just pulled onto `to`, the man onto
/// `man` ahead of it in direction `d`, is pulled on while box and man both
/// stand between walls across `d`, the box is off the `stop` cells (the
/// start cells), and the man's next cell is free; at most `max` pulls.
/// Returns `(box, man, pulls)`. No dead square needs checking on the way:
/// once `to` is live for pulls ([`Board::pull_live`]), so is each cell
/// further on, a box there being pushed on from the cell it came from.
pub fn run_pulls(
    board: &Board,
    boxes: &[u64],
    stop: &[u64],
    to: u32,
    man: u32,
    d: usize,
    max: u32,
) -> (u32, u32, u32) {
    let (mut at, mut man, mut pulls) = (to, man, 1);
    while pulls < max
        && !bits::contains(stop, at)
        && walled_across(board, at, d)
        && walled_across(board, man, d)
    {
        let next = board.next[man as usize][d];
        if next == NONE || bits::contains(boxes, next) {
            break;
        }
        (at, man, pulls) = (man, next, pulls + 1);
    }
    (at, man, pulls)
}

#[cfg(test)]
mod tests;
