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
