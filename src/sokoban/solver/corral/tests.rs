use super::*;
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;

/// The bit set of `cells` on `board`.
fn bits(board: &Board, cells: &[u32]) -> Vec<u64> {
    let mut bits = vec![0u64; board.len().div_ceil(64).max(1)];
    for &c in cells {
        crate::util::bits::insert(&mut bits, c);
    }
    bits
}

/// The PI-corral pushes of a level's start, as (row, col, d) triples.
fn corral_pushes(text: &str) -> Option<Vec<(usize, usize, usize)>> {
    pushes_of(text, false)
}

/// The strict PI-corral pushes of a level's start (see [`corral_pushes`]).
fn strict_corral_pushes(text: &str) -> Option<Vec<(usize, usize, usize)>> {
    pushes_of(text, true)
}

fn pushes_of(text: &str, strict: bool) -> Option<Vec<(usize, usize, usize)>> {
    let board = Board::new(&level(text));
    let mut boxes = vec![0u64; board.len().div_ceil(64)];
    for &b in &board.start_boxes {
        bits::insert(&mut boxes, b);
    }
    let mut reach = Reach::new(&board);
    reach.flood(&board, &boxes, board.start_man);
    pi_corral_pushes(&board, &boxes, &reach, strict).map(|pushes| {
        pushes
            .iter()
            .map(|&(b, d)| {
                let c: Cell = board.cells[b as usize];
                (c.row, c.col, d)
            })
            .collect()
    })
}

#[test]
fn a_proved_deadlock_matches_later_positions_with_more_boxes() {
    // A corridor with a goal at each end: the man, left of both boxes,
    // can only push them right, where one goal waits for two boxes.
    let board = Board::new(&level("#########\n#.@ $ $.#\n##$.#####\n#########\n"));
    let at = |row, col| board.cell(Cell { row, col }).expect("floor");
    let corral = PiCorral {
        pushes: Vec::new(),
        boxes: vec![at(1, 4), at(1, 6)],
        free: Vec::new(),
    };
    let mut deadlocks = CorralDeadlocks::default();
    assert!(deadlocks.is_deadlock(&board, &corral, at(1, 2)));
    assert_eq!(deadlocks.patterns(), 1);
    let bits = |cells: &[u32]| bits(&board, cells);
    // The pattern's two boxes and the third, the man on the left:
    // deadlocked, from any cell of his region.
    let more = bits(&[at(1, 4), at(1, 6), at(2, 2)]);
    assert!(deadlocks.matches_pattern(&board, &more, at(1, 2)));
    assert!(deadlocks.matches_pattern(&board, &more, at(1, 1)));
    // The man between the boxes (outside the pattern's region), or one
    // of the pattern's boxes missing: no match.
    assert!(!deadlocks.matches_pattern(&board, &more, at(1, 5)));
    assert!(!deadlocks.matches_pattern(&board, &bits(&[at(1, 4), at(2, 2)]), at(1, 2)));
    // Boxes that can go home are no deadlock, and teach no pattern.
    let open = PiCorral {
        boxes: vec![at(1, 4)],
        ..corral
    };
    assert!(!deadlocks.is_deadlock(&board, &open, at(1, 2)));
    assert_eq!(deadlocks.patterns(), 1);
}

#[test]
fn a_pattern_keeps_only_the_boxes_its_deadlock_needs() {
    // The corridor of the test above, and a third box, home below it,
    // that the corral happens to hold but the deadlock does not need.
    let board = Board::new(&level("#########\n#.@ $ $.#\n###*#####\n#########\n"));
    let at = |row, col| board.cell(Cell { row, col }).expect("floor");
    let corral = PiCorral {
        pushes: Vec::new(),
        boxes: vec![at(1, 4), at(1, 6), at(2, 3)],
        free: Vec::new(),
    };
    let mut deadlocks = CorralDeadlocks::default();
    assert!(deadlocks.is_deadlock(&board, &corral, at(1, 2)));
    assert_eq!(deadlocks.patterns(), 1);
    let node = bits(&board, &[at(1, 4), at(1, 6), at(1, 1)]);
    // The third box elsewhere (on the left goal): the two in the
    // corridor are still dead, and the pattern says so.
    assert!(deadlocks.matches_pattern(&board, &node, at(1, 2)));
    assert!(deadlocks.matches_pattern(&board, &node, at(2, 3)));
}

#[test]
fn a_fence_that_can_only_be_pushed_in_is_a_pi_corral() {
    // Two boxes seal the right-hand room, whose goals are empty; each can
    // only be pushed right, into it, and the man reaches both pushes.
    let text = "########\n#   $ .#\n#@  $ .#\n########\n";
    assert_eq!(corral_pushes(text), Some(vec![(1, 4, 3), (2, 4, 3)]));
    // Strict too: the only other pushes would go into a wall or the other
    // fence box, which stay where they are until a push into the room.
    assert_eq!(strict_corral_pushes(text), corral_pushes(text));
}

#[test]
fn a_fence_push_that_a_later_position_allows_is_no_strict_corral() {
    // The box left of the empty goal can be pushed right, into the corral,
    // and nowhere else for now: up is the other box (on its goal), down
    // needs the man where that box stands. A PI-corral; but once the top
    // box moves off, the fence box can go up, out of the fence: not a
    // strict one, which optimal searches need.
    let text = "#######\n#  *###\n#@ $.##\n#   ###\n#######\n";
    assert_eq!(corral_pushes(text), Some(vec![(2, 3, 3)]));
    assert_eq!(strict_corral_pushes(text), None);
}

#[test]
fn a_fence_box_that_can_move_along_the_fence_is_no_corral() {
    // The lower box could also be pushed up or down: not an I-corral.
    let text = "########\n#   $ .#\n#@    .#\n#   $  #\n########\n";
    assert_eq!(corral_pushes(text), None);
}

#[test]
fn a_corral_with_nothing_to_do_is_skipped() {
    // Everything behind the fence is done: both boxes on goals.
    let text = "#######\n#   * #\n#@  * #\n#######\n";
    assert_eq!(corral_pushes(text), None);
}

#[test]
fn a_push_the_man_cannot_reach_spoils_the_corral() {
    // The lower fence box can be pushed in only from its left, which a
    // third box blocks: not PI.
    let text = "#########\n#   $  .#\n#@ $$  .#\n#   .   #\n#########\n";
    assert_eq!(corral_pushes(text), None);
}

#[test]
fn a_man_shut_in_with_a_box_he_can_only_pull_in_is_a_pull_deadlock() {
    // Pulling from the solved position (the box on the goal), the man left
    // of the box can only drag it left, into his own dead end: it never
    // gets back to its start cell on the right.
    let board = Board::new(&level("#########\n#@ .  $ #\n#########\n"));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    let starts = bits(&board, &[at(6)]);
    let boxes = bits(&board, &[at(3)]);
    let mut reach = Reach::new(&board);
    let mut deadlocks = CorralDeadlocks::pulling(&board);
    reach.flood(&board, &boxes, at(1));
    let (fence, beyond) = man_fence(&board, &boxes, &starts, &reach).expect("a fence");
    assert_eq!((fence.clone(), beyond.clone()), (vec![at(3)], vec![at(4)]));
    assert!(deadlocks.is_dead(&board, &fence, &beyond, at(1)));
    assert_eq!(deadlocks.patterns(), 1);
    // The pattern: the box on the goal, the man left of it, whatever else
    // stands on the board; checked from the box's cell after a step.
    let more = bits(&board, &[at(3), at(7)]);
    assert!(deadlocks.matches_pattern(&board, &more, at(2)));
    assert!(deadlocks.matches_pattern_at(&more, at(1), at(3)));
    assert!(!deadlocks.matches_pattern_at(&more, at(1), at(7)));
    assert!(!deadlocks.matches_pattern(&board, &more, at(4)));
    // The man right of the box pulls it home: no deadlock.
    reach.flood(&board, &boxes, at(5));
    let (fence, beyond) = man_fence(&board, &boxes, &starts, &reach).expect("a fence");
    assert!(!deadlocks.is_dead(&board, &fence, &beyond, at(5)));
    // A box already on its start cell fences nothing that needs work.
    let home = bits(&board, &[at(6)]);
    reach.flood(&board, &home, at(7));
    assert_eq!(man_fence(&board, &home, &starts, &reach), None);
}
