use super::*;
use crate::sokoban::xsb;
use std::path::Path;

/// The first level of an XSB text.
pub(crate) fn level(text: &str) -> Level {
    xsb::parse(Path::new("t.xsb"), text)
        .level(1)
        .expect("one level")
        .expect("valid level")
}

#[test]
fn corners_without_goals_are_dead_and_distances_count_pushes() {
    let board = Board::new(&level("#######\n#@$  .#\n#######\n"));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    // The box can go right only: the man's cell and the corner are dead.
    assert!(!board.live[at(1) as usize]);
    assert!(board.live[at(2) as usize] && board.live[at(4) as usize]);
    assert!(board.live[at(5) as usize], "the goal itself");
    assert_eq!(board.push_dist[0][at(2) as usize], 3);
    assert_eq!(board.push_dist[0][at(1) as usize], NONE);
    // Forward from the box, alone: right, and left into the man's cell.
    assert_eq!(board.start_dist[0][at(3) as usize], 1);
    assert_eq!(board.start_dist[0][at(5) as usize], 3);
    assert_eq!(board.start_dist[0][at(1) as usize], 1);
    assert!(board.pull_live.iter().all(|&l| l), "a corridor: every cell");
}

#[test]
fn a_wall_side_without_goals_is_dead_but_open_floor_is_not() {
    let board = Board::new(&level("######\n#    #\n# $@ #\n#   .#\n######\n"));
    let at = |r, c| board.live[board.cell(Cell::new(r, c)).expect("floor") as usize];
    // The top row runs along a wall with no goal: a box there stays there.
    assert!(!at(1, 2) && !at(1, 3));
    // The middle can be pushed down and right to the goal.
    assert!(at(2, 2) && at(2, 3) && at(3, 4));
}
