use super::*;
use crate::sokoban::solver::board::tests::level;

fn board(text: &str) -> Board {
    Board::new(&level(text))
}

fn boxes(board: &Board) -> Vec<u64> {
    let mut bits = vec![0; board.len().div_ceil(64).max(1)];
    for &c in &board.start_boxes {
        bits::insert(&mut bits, c);
    }
    bits
}

#[test]
fn boxes_in_a_corridor_cut_it_into_regions() {
    let b = board("########\n#@$ $..#\n########\n");
    let mut guide = Guide::new(&b, MatchingBound::to_goals(&b), 8);
    assert_eq!(guide.regions(&boxes(&b)), 3);
    let mut node = boxes(&b);
    node.push(0);
    let Estimate::Value(bound) = MatchingBound::to_goals(&b).estimate(&node) else {
        panic!("solvable");
    };
    assert_eq!(guide.estimate(&node), Estimate::Value(bound + 24));
}

#[test]
fn features_count_the_boxes_home_and_the_regions() {
    let b = board("########\n#@$ $..#\n########\n");
    let mut plain = Guide::new(&b, MatchingBound::to_goals(&b), 8);
    let mut node = boxes(&b);
    node.push(0);
    plain.estimate(&node);
    assert_eq!(plain.feature(), None);
    let mut guide = Guide::new(&b, MatchingBound::to_goals(&b), 8).with_features(&b.goals);
    let value = guide.estimate(&node);
    // No box home, three regions; the estimate is the guide's as before.
    assert_eq!(guide.feature(), Some(3));
    assert_eq!(value, plain.estimate(&node));
    // The second box pushed onto the first goal: one box home, and still
    // three regions (the man's cell, the two cells between the boxes,
    // the last goal).
    let mut pushed = node.clone();
    bits::remove(&mut pushed, b.start_boxes[1]);
    bits::insert(&mut pushed, b.goals[0]);
    guide.estimate(&pushed);
    assert_eq!(guide.feature(), Some(1 << 8 | 3));
}

#[test]
fn with_rooms_the_blocked_pairs_of_rooms_are_a_feature() {
    // The box stands in the one-cell passage between two rooms: one
    // blocked pair, no box home, two regions.
    let b = board("#######\n#@ # .#\n#  $  #\n#  #  #\n#######\n");
    let mut node = boxes(&b);
    node.push(0);
    let mut guide = Guide::new(&b, MatchingBound::to_goals(&b), 8).with_features(&b.goals);
    guide.estimate(&node);
    assert_eq!(guide.feature(), Some(2));
    let mut guide = guide.with_rooms();
    guide.estimate(&node);
    assert_eq!(guide.feature(), Some(1 << 24 | 2));
}

#[test]
fn with_out_of_plan_the_boxes_ahead_of_the_packing_order_are_a_feature() {
    // A dead-end corridor of four goals, filled from the far end (column
    // 1). Three boxes still outside, one home on column 3 with columns 1
    // and 2 empty: out of plan.
    let b = board("#############\n#....  $$$$@#\n#############\n");
    let at = |col| b.cell(crate::sokoban::level::Cell::new(1, col)).unwrap();
    let mut node = boxes(&b);
    bits::remove(&mut node, at(7));
    bits::insert(&mut node, at(3));
    node.push(0);
    let mut guide = Guide::new(&b, MatchingBound::to_goals(&b), 8).with_features(&b.goals);
    guide.estimate(&node);
    // One box home, three regions (the goals behind the box, the floor
    // between the boxes, the man's cell).
    assert_eq!(guide.feature(), Some(1 << 8 | 3));
    // With the plan, that box is out of plan and no longer home.
    let mut guide = guide.with_out_of_plan();
    guide.estimate(&node);
    assert_eq!(guide.feature(), Some(1 << 18 | 3));
    // On the far goal instead, the box is where the order wants it.
    bits::remove(&mut node, at(3));
    bits::insert(&mut node, at(1));
    guide.estimate(&node);
    assert_eq!(guide.feature(), Some(1 << 8 | 2));
}

#[test]
fn counting_by_runs_agrees_with_counting_by_cells() {
    let text = std::fs::read_to_string("problems/sokoban/xsokoban/screen.18").unwrap();
    let b = board(&text);
    assert!(b.rows.is_some(), "XSokoban 18 fits in words");
    let mut regions = Regions::new(&b);
    let mut random = crate::sokoban::solver::push::tests::Random(7);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..2000 {
        let bits = random.boxes(&b, 4);
        let runs = regions.count(&b, &bits);
        assert_eq!(runs, regions.count_cells(&b, &bits), "{bits:?}");
        seen.insert(runs);
    }
    assert!(seen.len() > 5, "positions of many regions: {seen:?}");
}

#[test]
fn an_open_room_is_one_region_and_weight_zero_is_the_bound() {
    let b = board("#####\n#@  #\n# $ #\n#  .#\n#####\n");
    let mut guide = Guide::new(&b, MatchingBound::to_goals(&b), 0);
    assert_eq!(guide.regions(&boxes(&b)), 1);
    assert!(guide.is_admissible());
    let mut node = boxes(&b);
    node.push(0);
    let bound = MatchingBound::to_goals(&b).estimate(&node);
    assert_eq!(guide.estimate(&node), bound);
}
