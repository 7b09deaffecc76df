use super::*;
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;

fn check(text: &str, at: (usize, usize)) -> bool {
    let level = level(text);
    let board = Board::new(&level);
    let mut boxes = vec![0u64; board.len().div_ceil(64)];
    for &b in &board.start_boxes {
        bits::insert(&mut boxes, b);
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

/// Whether the box at `at` is pull-frozen off a start cell, in the
/// position `boxes_text` (a board with the same walls as `text`).
fn check_pull(text: &str, boxes_text: &str, at: (usize, usize)) -> bool {
    let board = Board::new(&level(text));
    let position = Board::new(&level(boxes_text));
    let bits = |cells: &[u32]| {
        let mut bits = vec![0u64; board.len().div_ceil(64)];
        for &b in cells {
            bits::insert(&mut bits, b);
        }
        bits
    };
    let cell = board.cell(Cell::new(at.0, at.1)).expect("floor");
    let (boxes, start) = (bits(&position.start_boxes), bits(&board.start_boxes));
    pull_frozen_off_start(&board, &boxes, &start, cell)
}

#[test]
fn boxes_that_shut_each_others_pulls_are_pull_frozen_off_their_start() {
    // A room two rows high: no box can be pulled up or down (the man
    // would need a third row). The boxes start at (1,1) and (1,3).
    let start = "#######\n#$ $ @#\n#  .. #\n#######\n";
    // Boxes at (1,2) and (1,4): each one's pull along the row needs the
    // cell the other stands on, or the wall: both frozen, neither home.
    let stuck = "#######\n# $ $@#\n#  .. #\n#######\n";
    assert!(check_pull(start, stuck, (1, 2)));
    assert!(check_pull(start, stuck, (1, 4)));
    // The same position is fine when it is the start itself.
    assert!(!check_pull(stuck, stuck, (1, 2)));
    // With room to step back on the right, (1,2) can be pulled right.
    let open = "#######\n# $  $#\n#  ..@#\n#######\n";
    assert!(!check_pull(start, open, (1, 2)));
}

#[test]
fn frozen_boxes_on_goals_are_fine() {
    assert!(!check("######\n#**  #\n#   @#\n######\n", (1, 2)));
}
