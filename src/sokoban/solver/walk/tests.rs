use super::*;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::push::push_op;

#[test]
fn walks_are_filled_in_before_each_push() {
    let board = Board::new(&level("######\n#@ $.#\n######\n"));
    let b = board.start_boxes[0];
    assert_eq!(lurd(&board, &[push_op(b, 3)]).unwrap(), "rR");
}

#[test]
fn an_impossible_push_is_reported() {
    let board = Board::new(&level("######\n#@ $.#\n######\n"));
    let b = board.start_boxes[0];
    assert!(
        lurd(&board, &[push_op(b, 2)]).is_err(),
        "the man cannot get behind"
    );
}
