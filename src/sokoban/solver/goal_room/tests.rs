use super::*;
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;

/// Four goals in a corridor closed on the left, entered from the right.
const CORRIDOR: &str = "##########\n#....$$$$@#\n##########\n";

#[test]
fn a_dead_end_room_is_filled_from_the_far_end() {
    let board = Board::new(&level(CORRIDOR));
    let rooms = GoalRooms::new(&board);
    let at = |col| board.cell(Cell::new(1, col)).unwrap();
    assert_eq!(rooms.orders(), &[vec![at(1), at(2), at(3), at(4)]]);
}

#[test]
fn a_box_pushed_onto_the_entrance_goes_on_to_the_next_goal() {
    let board = Board::new(&level(CORRIDOR));
    let rooms = GoalRooms::new(&board);
    let at = |col| board.cell(Cell::new(1, col)).unwrap();
    // The box pushed from column 6 onto the entrance (column 5) goes
    // on to the far goal (column 1) in four more pushes left.
    let mut boxes = vec![0u64; 1];
    for c in [5, 7, 8] {
        bits::insert(&mut boxes, at(c));
    }
    let m = rooms.goal_macro(&board, &boxes, at(6), at(5)).unwrap();
    assert_eq!(m.goal, at(1));
    let pushes: Vec<_> = [5, 4, 3, 2].iter().map(|&c| (at(c), 2)).collect();
    assert_eq!(m.pushes, pushes);
    // A push along the room's goals is no entry: no macro.
    assert_eq!(rooms.goal_macro(&board, &boxes, at(3), at(2)), None);
}

#[test]
fn a_lone_goal_is_no_room() {
    // One goal, entered from below: too small to pack in an order, so
    // a box pushed next to it gets no macro (and no goal cut).
    let board = Board::new(&level("#####\n#.###\n#  $#\n##@ #\n#####\n"));
    let rooms = GoalRooms::new(&board);
    assert_eq!(rooms.orders(), &[Vec::<u32>::new()]);
    let mut boxes = vec![0u64; 1];
    let entrance = board.cell(Cell::new(2, 1)).unwrap();
    bits::insert(&mut boxes, entrance);
    let from = board.cell(Cell::new(2, 2)).unwrap();
    assert_eq!(rooms.goal_macro(&board, &boxes, from, entrance), None);
}

#[test]
fn a_room_that_cannot_be_emptied_has_no_order() {
    // Four goals in a column whose only opening has a wall beyond it:
    // the man can never pull the last box out.
    let text = "#####\n#.###\n#.###\n#.###\n#.###\n#  $#\n##$ #\n# $$#\n# @ #\n#####\n";
    let board = Board::new(&level(text));
    let rooms = GoalRooms::new(&board);
    assert_eq!(rooms.orders(), &[Vec::<u32>::new()]);
}

#[test]
fn boxes_past_the_first_empty_goal_of_the_order_are_out_of_plan() {
    let board = Board::new(&level(CORRIDOR));
    let rooms = GoalRooms::new(&board);
    let at = |col| board.cell(Cell::new(1, col)).unwrap();
    let boxes = |cols: &[usize]| {
        let mut b = vec![0u64; 1];
        for &c in cols {
            bits::insert(&mut b, at(c));
        }
        b
    };
    // The order fills columns 1, 2, 3, 4.
    assert_eq!(rooms.out_of_plan(&boxes(&[6, 7, 8])), 0);
    assert_eq!(rooms.out_of_plan(&boxes(&[1, 2, 8])), 0);
    assert_eq!(rooms.out_of_plan(&boxes(&[3, 7, 8])), 1);
    assert_eq!(rooms.out_of_plan(&boxes(&[1, 3, 4, 8])), 2);
    assert_eq!(rooms.out_of_plan(&boxes(&[1, 2, 3, 4])), 0);
}

#[test]
fn the_packing_box_moves_run_only_where_the_goal_cut_can_fire() {
    use crate::sokoban::solver::schedule::AUTO;
    // XSokoban 20 packs 17 goals in one room; XSokoban 1 has six goals,
    // where the packing box moves would be the box moves' first seconds.
    let rooms = |screen: u32| {
        let path = format!("problems/sokoban/xsokoban/screen.{screen}");
        GoalRooms::new(&Board::new(&level(&std::fs::read_to_string(path).unwrap())))
    };
    let (large, small) = (rooms(20), rooms(1));
    assert!(large.cuts() && !small.cuts());
    let runs = |r: &GoalRooms| AUTO.iter().map(|p| p.runs_on(|| r)).collect::<Vec<_>>();
    assert_eq!(runs(&large), [true; 8]);
    let skipped: Vec<&str> = (AUTO.iter().zip(runs(&small)))
        .filter(|&(_, runs)| !runs)
        .map(|(p, _)| p.name)
        .collect();
    assert_eq!(skipped, ["packing box moves"]);
}
