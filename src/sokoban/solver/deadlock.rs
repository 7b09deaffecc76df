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

use super::board::{Board, NONE};
use super::push::has;

/// Whether the box just pushed to `cell`, or a box next to it, is frozen
/// off a goal.
pub fn frozen_off_goal(board: &Board, boxes: &[u64], cell: u32) -> bool {
    let mut walls = Vec::new();
    if !board.goal[cell as usize] && frozen(board, boxes, cell, &mut walls) {
        return true;
    }
    board.next[cell as usize].iter().any(|&n| {
        n != NONE && has(boxes, n) && !board.goal[n as usize] && frozen(board, boxes, n, &mut walls)
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
    let result = (has(boxes, a) && blocked(board, boxes, a, other, walls))
        || (has(boxes, b) && blocked(board, boxes, b, other, walls));
    walls.pop();
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sokoban::level::Cell;
    use crate::sokoban::solver::board::tests::level;

    fn check(text: &str, at: (usize, usize)) -> bool {
        let level = level(text);
        let board = Board::new(&level);
        let mut boxes = vec![0u64; board.len().div_ceil(64)];
        for &b in &board.start_boxes {
            boxes[(b / 64) as usize] |= 1 << (b % 64);
        }
        let cell = board.cell(Cell::new(at.0, at.1)).expect("floor");
        frozen_off_goal(&board, &boxes, cell)
    }

    #[test]
    fn two_boxes_side_by_side_on_a_wall_are_frozen() {
        assert!(check("######\n#$$  #\n#   @#\n#  ..#\n######\n", (1, 2)));
    }

    #[test]
    fn a_box_that_can_still_move_is_not_frozen() {
        // Against the wall, but free to slide left or right, towards goals.
        assert!(!check("######\n#.$ .#\n#  $@#\n#    #\n######\n", (1, 2)));
    }

    #[test]
    fn a_two_by_two_block_of_boxes_is_frozen() {
        let text = "#######\n#     #\n# $$  #\n# $$ @#\n#.... #\n#######\n";
        assert!(check(text, (2, 2)));
    }

    #[test]
    fn frozen_boxes_on_goals_are_fine() {
        assert!(!check("######\n#**  #\n#   @#\n######\n", (1, 2)));
    }
}
