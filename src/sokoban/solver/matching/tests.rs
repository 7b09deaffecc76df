use super::*;
use crate::sokoban::solver::board::tests::level;

fn matchable(text: &str) -> bool {
    let board = Board::new(&level(text));
    let mut boxes = vec![0u64; board.len().div_ceil(64)];
    for &b in &board.start_boxes {
        bits::insert(&mut boxes, b);
    }
    Matcher::new(&board).has_perfect_matching(&board, &boxes)
}

#[test]
fn two_boxes_that_reach_only_the_same_goal_cannot_be_matched() {
    assert!(!matchable("#######\n# $ $.#\n#     #\n#.  @ #\n#######\n"));
}

#[test]
fn boxes_in_an_open_room_are_matched() {
    assert!(matchable("#######\n#.   .#\n# $$  #\n#  @  #\n#######\n"));
}

#[test]
fn an_augmenting_path_moves_a_box_to_its_other_goal() {
    // The first box reaches both goals, the second (against the right
    // wall) only the top one: the greedy first choice (first box, top
    // goal) must be undone.
    let text = "#######\n#    .#\n# $   #\n#    $#\n#.  @ #\n#######\n";
    let board = Board::new(&level(text));
    let second = board.start_boxes[1] as usize;
    assert_eq!(board.push_dist[1][second], NONE, "only the top goal");
    assert!(matchable(text));
}

#[test]
fn a_box_pushed_onto_the_top_row_loses_the_bottom_goal() {
    let board = Board::new(&level("#######\n#    .#\n#  $  #\n#*  @ #\n#######\n"));
    let matcher = Matcher::new(&board);
    let at = |r, c| {
        board
            .cell(crate::sokoban::level::Cell::new(r, c))
            .expect("floor")
    };
    assert!(!matcher.keeps_its_goals(at(2, 3), at(1, 3)), "pushed up");
    assert!(matcher.keeps_its_goals(at(2, 3), at(2, 2)), "pushed left");
}

/// The module's example: two boxes frozen on the corridor's goals shut the
/// third box off the goal at its end. The plain matching holds; around the
/// frozen boxes there is none; around no frozen box, the plain one.
#[test]
fn boxes_frozen_on_goals_shut_the_corridor_to_the_last_goal() {
    let text = "#########\n#.**    #\n####$   #\n####  @ #\n#########\n";
    let board = Board::new(&level(text));
    let mut boxes = vec![0u64; board.len().div_ceil(64)];
    for &b in &board.start_boxes {
        bits::insert(&mut boxes, b);
    }
    let at = |r, c| {
        board
            .cell(crate::sokoban::level::Cell::new(r, c))
            .expect("floor")
    };
    let mut matcher = Matcher::new(&board);
    assert!(matcher.has_perfect_matching(&board, &boxes));
    let mut frozen = vec![0u64; boxes.len()];
    bits::insert(&mut frozen, at(1, 2));
    bits::insert(&mut frozen, at(1, 3));
    assert!(!matcher.has_matching_around(&board, &boxes, &frozen));
    // Found again from the kept table, the same answer.
    assert!(!matcher.has_matching_around(&board, &boxes, &frozen));
    assert!(matcher.bytes() > 0);
    // No frozen box: the plain matching.
    let none = vec![0u64; boxes.len()];
    assert!(matcher.has_matching_around(&board, &boxes, &none));
}
