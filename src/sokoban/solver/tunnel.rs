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
mod tests {
    use super::*;
    use crate::sokoban::level::Cell;
    use crate::sokoban::solver::board::tests::level;

    #[test]
    fn a_box_goes_through_the_corridor_and_stops_on_the_goal() {
        let board = Board::new(&level("#########\n#@$    .#\n#########\n"));
        let at = |col| board.cell(Cell::new(1, col)).unwrap();
        let none = vec![0u64; 1];
        // Pushed from column 2 to 3 (right), it runs on to the goal on 7.
        assert_eq!(run(&board, &none, at(2), at(3), 3), (at(6), at(7)));
    }

    #[test]
    fn the_macro_stops_where_the_walls_end_and_before_a_box() {
        let text = "##########\n#@$   .  #\n#####  ###\n    ####\n";
        let board = Board::new(&level(text));
        let at = |col| board.cell(Cell::new(1, col)).unwrap();
        // Floor below column 5 ends the tunnel: the box stops there.
        let none = vec![0u64; 1];
        assert_eq!(run(&board, &none, at(2), at(3), 3), (at(4), at(5)));
        // Another box on column 5: it stops before it, on 4.
        let mut others = vec![0u64; 1];
        others[0] |= 1 << at(5);
        assert_eq!(run(&board, &others, at(2), at(3), 3), (at(3), at(4)));
    }

    #[test]
    fn no_macro_while_the_man_is_outside_the_tunnel() {
        // The box enters the corridor, but the man behind it still stands
        // in the open: he could walk away, so the push is one step.
        let board = Board::new(&level("########\n#  #####\n#@$   .#\n#  #####\n########\n"));
        let at = |col| board.cell(Cell::new(2, col)).unwrap();
        let none = vec![0u64; 1];
        assert_eq!(run(&board, &none, at(2), at(3), 3), (at(2), at(3)));
        // One push further the man is in the corridor too: on to the goal.
        assert_eq!(run(&board, &none, at(3), at(4), 3), (at(5), at(6)));
    }

    #[test]
    fn no_macro_in_open_floor() {
        let board = Board::new(&level("#######\n#     #\n#@$  .#\n#     #\n#######\n"));
        let at = |col| board.cell(Cell::new(2, col)).unwrap();
        let none = vec![0u64; 1];
        assert_eq!(run(&board, &none, at(2), at(3), 3), (at(2), at(3)));
    }

    #[test]
    fn pulls_run_to_the_wall_or_to_the_most_pulls_allowed() {
        // With no start cell on the way, the box pulled left from (1,6)
        // runs on until the man meets the wall: box on (1,2), man on (1,1).
        let board = Board::new(&level("#########\n#  @$  .#\n#########\n"));
        let at = |col| board.cell(Cell::new(1, col)).unwrap();
        let none = vec![0u64; 1];
        let left = 2;
        let run = run_pulls(&board, &none, &none, at(6), at(5), left, 512);
        assert_eq!(run, (at(2), at(1), 5));
        // A start cell on (1,4) stops it there.
        let mut start = vec![0u64; 1];
        start[0] |= 1 << at(4);
        let run = run_pulls(&board, &none, &start, at(6), at(5), left, 512);
        assert_eq!(run, (at(4), at(3), 3));
        // Another box on (1,3): the man stops before it, on (1,4).
        let mut other = vec![0u64; 1];
        other[0] |= 1 << at(3);
        let run = run_pulls(&board, &other, &none, at(6), at(5), left, 512);
        assert_eq!(run, (at(5), at(4), 2));
        // At most `max` pulls.
        let run = run_pulls(&board, &none, &none, at(6), at(5), left, 3);
        assert_eq!(run, (at(4), at(3), 3));
    }
}
