use super::*;
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;

fn board(text: &str) -> Board {
    Board::new(&level(text))
}

fn cell(board: &Board, row: usize, col: usize) -> u32 {
    board.cell(Cell { row, col }).expect("a floor cell")
}

/// The box bits of the cells at `places`.
fn boxes(board: &Board, places: &[(usize, usize)]) -> Vec<u64> {
    let mut bits = vec![0; board.len().div_ceil(64).max(1)];
    for &(row, col) in places {
        bits::insert(&mut bits, cell(board, row, col));
    }
    bits
}

/// Two rooms of six cells, a corridor of two cells between them (the
/// module docs' example).
const TWO_ROOMS: &str = "\
########
#@ ## .#
#  $   #
#  ##  #
########
";

#[test]
fn a_corridor_between_two_rooms_is_one_passage() {
    let b = board(TWO_ROOMS);
    let rooms = Rooms::new(&b);
    assert_eq!(rooms.rooms(), 2);
    assert_eq!(rooms.passages().len(), 1);
    assert_eq!(rooms.passages()[0].cells, [cell(&b, 2, 3), cell(&b, 2, 4)]);
    assert_eq!(rooms.passages()[0].rooms, (0, 1));
    // A room's corner is no passage cell: the man walks round it over the
    // diagonal.
    assert!(rooms.room_of(cell(&b, 1, 2)).is_some());
    assert!(rooms.room_of(cell(&b, 2, 3)).is_none());
    assert_ne!(rooms.room_of(cell(&b, 1, 1)), rooms.room_of(cell(&b, 1, 6)));
}

#[test]
fn a_box_in_the_passage_blocks_the_pair() {
    let b = board(TWO_ROOMS);
    let rooms = Rooms::new(&b);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 2)])), 0);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 3)])), 1);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 4)])), 1);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 5), (1, 1)])), 0);
}

#[test]
fn a_pair_joined_twice_is_blocked_only_when_both_passages_are() {
    let b = board(
        "\
########
#@ ## .#
#  $   #
#  ##  #
#      #
#  ##  #
########
",
    );
    let rooms = Rooms::new(&b);
    assert_eq!(rooms.rooms(), 2);
    assert_eq!(rooms.passages().len(), 2);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 3)])), 0);
    assert_eq!(rooms.blocked(&boxes(&b, &[(2, 3), (4, 4)])), 1);
}

#[test]
fn a_bent_corridor_is_one_passage_and_a_dead_end_none() {
    // From the top-left room a corridor runs right, bends down and enters
    // the bottom room; a dead end leaves the bottom room downwards.
    let b = board(
        "\
########
#@ #####
#     ##
#  ## ##
##### ##
#     .#
#  $   #
# ######
########
",
    );
    let rooms = Rooms::new(&b);
    assert_eq!(rooms.rooms(), 2);
    let corridor = [(2, 3), (2, 4), (2, 5), (3, 5), (4, 5)].map(|(r, c)| cell(&b, r, c));
    assert_eq!(rooms.passages().len(), 1, "{:?}", rooms.passages());
    assert_eq!(rooms.passages()[0].cells, corridor);
    // The dead end is a passage cell that joins nothing.
    assert!(is_passage_cell(&b, cell(&b, 7, 1)));
    assert_eq!(rooms.blocked(&boxes(&b, &[(7, 1)])), 0);
    assert_eq!(rooms.blocked(&boxes(&b, &[(3, 5)])), 1);
}
