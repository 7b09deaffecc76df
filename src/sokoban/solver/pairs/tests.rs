use super::*;
use crate::heuristics::{Estimate, Heuristic};
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::bound::MatchingBound;

/// Two boxes side by side in the middle row of a room five rows high, the
/// goals at the end of that row. Alone, each box goes straight along the
/// row: 4 + 4 pushes (or 5 + 3). Together, the man cannot stand behind the
/// front box, so one box steps out of the row and back: 2 more.
const IN_A_ROW: &str =
    "#########\n#       #\n#       #\n#@$$  ..#\n#       #\n#       #\n#########\n";

/// The penalty of the level's two boxes, and its matching bound with and
/// without pair penalties.
fn start(text: &str) -> (u32, Estimate, Estimate) {
    let board = Board::new(&level(text));
    let (a, b) = (board.start_boxes[0], board.start_boxes[1]);
    let penalty = PairPenalties::new(&board).penalty(&board, a, b, board.start_man, None);
    let mut node = vec![0; bits::words_for(board.len()).max(1)];
    for &b in &board.start_boxes {
        bits::insert(&mut node, b);
    }
    node.push(u64::from(board.start_man));
    let plain = MatchingBound::to_goals(&board).estimate(&node);
    let paired = MatchingBound::to_goals(&board).with_pairs().estimate(&node);
    (penalty, plain, paired)
}

#[test]
fn a_box_in_front_of_another_steps_aside_and_back() {
    let (penalty, plain, paired) = start(IN_A_ROW);
    assert_eq!(penalty, 2);
    assert_eq!((plain, paired), (Estimate::Value(8), Estimate::Value(10)));
    assert_eq!(optimum(IN_A_ROW), 10);
}

#[test]
fn boxes_with_a_cell_between_them_pay_nothing() {
    // The man walks round the first box to push the second from between.
    let text = IN_A_ROW.replace("#@$$  ..#", "#@$ $ ..#");
    let (penalty, plain, paired) = start(&text);
    assert_eq!(penalty, 0);
    assert_eq!(plain, paired);
}

#[test]
fn a_pair_that_cannot_reach_the_goals_is_a_dead_end() {
    // Three rows: a box pushed off the middle row sticks to a wall, so the
    // front box can never be pushed from behind.
    let text = "#########\n#       #\n#@$$  ..#\n#       #\n#########\n";
    let (penalty, plain, paired) = start(text);
    assert_eq!(penalty, DEAD);
    assert_eq!((plain, paired), (Estimate::Value(8), Estimate::DeadEnd));
}

#[test]
fn pairs_that_share_a_box_count_once() {
    // Three boxes in a row: the two pairs share the middle box, so one
    // penalty counts.
    let text =
        "##########\n#        #\n#        #\n#@$$$ ...#\n#        #\n#        #\n##########\n";
    let board = Board::new(&level(text));
    let mut pairs = PairPenalties::new(&board);
    let s = &board.start_boxes;
    let (first, second) = (
        pairs.penalty(&board, s[0], s[1], board.start_man, None),
        pairs.penalty(&board, s[1], s[2], board.start_man, None),
    );
    assert!(first > 0 && second > 0, "{first} {second}");
    let mut boxes = vec![0; bits::words_for(board.len())];
    for &b in s {
        bits::insert(&mut boxes, b);
    }
    assert_eq!(
        pairs.total(&board, &boxes, board.start_man, None),
        Some(first.max(second))
    );
}

/// The fewest pushes of a level, by A* on the matching bound alone.
fn optimum(text: &str) -> usize {
    use crate::search::{self, Limits, Monitor, Outcome};
    use crate::sokoban::solver::{PushOptions, PushSpace};
    let board = Board::new(&level(text));
    let mut space = PushSpace::new(&board, PushOptions::NONE);
    let mut bound = MatchingBound::to_goals(&board);
    match search::astar(&mut space, &mut bound, &mut Monitor::new(Limits::none())).outcome {
        Outcome::Plan(plan) => plan.len(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_penalty_is_that_of_the_side_the_man_is_on() {
    // Microban 1 with its second box beside the first: the two close the
    // top of the level. From above, the man must push a box down and walk
    // round to push it back up; from below, he pushes the free box up to
    // the top goal at once.
    let above = "####\n#@.#\n#  ###\n#*$  #\n#    #\n#  ###\n####\n";
    let below = "####\n# .#\n#  ###\n#*$  #\n#   @#\n#  ###\n####\n";
    let (p_above, plain_above, paired_above) = start(above);
    let (p_below, plain_below, paired_below) = start(below);
    assert!(p_above > 0, "from above the pair costs more");
    assert_eq!(p_below, 0);
    assert_eq!(
        (plain_above, plain_below),
        (Estimate::Value(2), Estimate::Value(2))
    );
    // Two boxes alone: the bound with the penalty is the optimum itself.
    assert_eq!(paired_above, Estimate::Value(optimum(above) as u32));
    assert_eq!(paired_below, Estimate::Value(optimum(below) as u32));
}
