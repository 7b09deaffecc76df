use super::*;
use crate::heuristics::Features;
use crate::search::{Limits, Monitor, Outcome, Priority, SearchSpace, Ties, best_first_features};
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::bound::MatchingBound;
use crate::sokoban::solver::connectivity::{DEFAULT_WEIGHT, Guide};
use crate::sokoban::solver::push::tests::Random;
use crate::sokoban::solver::push::{PushOptions, PushSpace, push_of};

fn boxes_of(board: &Board, cells: &[u32]) -> Vec<u64> {
    let mut bits = vec![0; board.len().div_ceil(64).max(1)];
    for &c in cells {
        bits::insert(&mut bits, c);
    }
    bits
}

#[test]
fn a_box_in_a_corridor_moves_to_every_cell_ahead_in_one_step() {
    let board = Board::new(&level("#######\n#@$  .#\n#######\n"));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    let boxes = boxes_of(&board, &board.start_boxes);
    let mut man = Reach::new(&board);
    man.flood(&board, &boxes, board.start_man);
    let mut moves = BoxMoves::new(&board);
    moves.search(&board, &boxes, &man, at(2), |_| true, true);
    let ends: Vec<u32> = (moves.found.iter())
        .map(|&(op, _)| BoxMoves::of(&board, op).1)
        .collect();
    assert_eq!(
        ends,
        [at(3), at(4), at(5)],
        "one, two and three cells right"
    );
    // The move onto the goal is three pushes right, spelled out.
    let (onto_goal, _) = moves.found[2];
    assert_eq!(BoxMoves::of(&board, onto_goal), (at(2), at(5), 3));
    let pushes = moves.spell(&board, &boxes, board.start_man, onto_goal);
    let cells: Vec<(u32, usize)> = pushes.iter().map(|&op| push_of(op)).collect();
    assert_eq!(cells, [(at(2), 3), (at(3), 3), (at(4), 3)]);
}

/// Calls `check` with 60 random positions on each of three XSokoban boards
/// (seeded by the screen and `seed`): the board, the boxes, the man's cell
/// and his region flooded.
fn on_random_positions(seed: u64, mut check: impl FnMut(&Board, &[u64], u32, &Reach)) {
    for screen in [1, 10, 44] {
        let path = format!("problems/sokoban/xsokoban/screen.{screen}");
        let board = Board::new(&level(&std::fs::read_to_string(path).unwrap()));
        let mut random = Random(screen + seed);
        let mut man = Reach::new(&board);
        for round in 0..60u64 {
            let boxes = random.boxes(&board, 8 + round % 8);
            let round = round as usize;
            let free: Vec<u32> = (0..board.len() as u32)
                .filter(|&c| !bits::contains(&boxes, c))
                .collect();
            let start = free[round * 37 % free.len()];
            man.flood(&board, &boxes, start);
            check(&board, &boxes, start, &man);
        }
    }
}

/// Replays `pushes` on `now`, the man on `at`, one push at a time, each
/// checked (the man walks behind the box, the cell ahead is free); returns
/// the man's cell after the last.
fn replay(board: &Board, now: &mut [u64], mut at: u32, pushes: &[OpId]) -> u32 {
    let mut walk = Reach::new(board);
    for &push in pushes {
        let (cell, d) = push_of(push);
        let behind = board.next[cell as usize][d ^ 1];
        let ahead = board.next[cell as usize][d];
        walk.flood(board, now, at);
        assert!(walk.reached(behind), "the man walks behind the box");
        assert!(bits::contains(now, cell) && !bits::contains(now, ahead));
        bits::remove(now, cell);
        bits::insert(now, ahead);
        at = cell;
    }
    at
}

/// Every move found, spelled out as pushes and replayed one push at a time
/// (the man walking to the cell behind the box, the cell ahead free), takes
/// its box to the move's last cell and leaves the man in the region the move
/// names; on random positions of three XSokoban boards.
#[test]
fn every_move_spelled_out_and_replayed_lands_where_it_says() {
    let mut checked = 0;
    on_random_positions(0, |board, boxes, start, man| {
        let mut moves = BoxMoves::new(board);
        let mut walk = Reach::new(board);
        for b in bits::iter::<u32>(boxes) {
            moves.search(board, boxes, man, b, |_| true, false);
            for (op, region) in moves.found.clone() {
                let pushes = moves.spell(board, boxes, start, op);
                let mut now = boxes.to_vec();
                let at = replay(board, &mut now, start, &pushes);
                let (_, end, _) = BoxMoves::of(board, op);
                let mut expected = boxes.to_vec();
                bits::remove(&mut expected, b);
                bits::insert(&mut expected, end);
                assert_eq!(now, expected);
                assert_eq!(walk.flood(board, &now, at), region);
                checked += 1;
            }
        }
    });
    assert!(checked > 1_000, "{checked} moves replayed");
}

/// Box moves lose no solution: a single push is a move too. Breadth-first
/// search over moves solves every level of the first 40 of Microban, as the
/// pushes do, and the moves spelled out are pushes that solve the level.
#[test]
fn box_moves_solve_what_the_pushes_solve() {
    let text = std::fs::read_to_string("problems/sokoban/microban.xsb").unwrap();
    let levels = crate::sokoban::xsb::parse(std::path::Path::new("microban.xsb"), &text);
    for k in 1..=40 {
        let level = levels.level(k).expect("level").expect("valid");
        let board = Board::new(&level);
        let solve = |box_moves| {
            let options = PushOptions {
                box_moves,
                ..PushOptions::default()
            };
            let mut space = PushSpace::new(&board, options);
            let r = crate::search::bfs(&mut space, &mut Monitor::new(Limits::none()));
            match r.outcome {
                Outcome::Plan(plan) => Some(plan),
                _ => None,
            }
        };
        assert!(solve(false).is_some(), "level {k} by pushes");
        let plan = solve(true).expect("solved by box moves");
        let replayed = crate::sokoban::solver::solve::replayed(&board, &level, &plan);
        assert!(replayed.is_ok(), "level {k}: {replayed:?}");
    }
}

/// Festival's move weights order each cell of feature space: with box
/// moves, XSokoban 62 is solved within 20,000 expansions with the weights
/// (6,661) and not without them.
#[test]
fn move_weights_order_the_cells_of_the_box_moves() {
    let text = std::fs::read_to_string("problems/sokoban/xsokoban/screen.62").unwrap();
    let board = Board::new(&level(&text));
    let run = |weights: bool| {
        let options = PushOptions {
            box_moves: true,
            ..PushOptions::default()
        };
        let mut space = PushSpace::new(&board, options);
        let guide = Guide::new(&board, MatchingBound::to_goals(&board), DEFAULT_WEIGHT);
        let mut guide = guide.with_features(&board.goals).with_rooms();
        if weights {
            guide = guide.with_weights();
        }
        assert_eq!(guide.move_weight(1, 1).is_some(), weights);
        let mut monitor = Monitor::new(Limits {
            expansions: Some(20_000),
            ..Limits::none()
        });
        let greedy = Priority::Greedy;
        let r = best_first_features(
            &mut space,
            &mut guide,
            greedy,
            false,
            Ties::Fifo,
            &mut monitor,
        );
        matches!(r.outcome, Outcome::Plan(_)).then(|| (r.stats.expanded, space.words()))
    };
    assert!(run(true).is_some(), "solved with the weights");
    assert_eq!(run(false), None, "not within the budget without them");
}

#[test]
fn a_pulled_box_moves_to_every_cell_behind_the_man_in_one_step() {
    let board = Board::new(&level("########\n#.   @$#\n########\n"));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    let boxes = boxes_of(&board, &board.start_boxes);
    let mut man = Reach::new(&board);
    man.flood(&board, &boxes, board.start_man);
    let mut moves = BoxMoves::pulling(&board);
    moves.search(&board, &boxes, &man, at(6), |_| true, false);
    let ends: Vec<u32> = (moves.found.iter())
        .map(|&(op, _)| BoxMoves::of(&board, op).1)
        .collect();
    // The box stops a cell short of the wall: the man needs a cell to step
    // back onto.
    assert_eq!(ends, [at(5), at(4), at(3), at(2)], "one to four cells left");
    // Pulled four cells left, undone by four pushes right, the last pull's
    // first.
    let (farthest, _) = moves.found[3];
    assert_eq!(BoxMoves::of(&board, farthest), (at(6), at(2), 2));
    let pushes = moves.spell(&board, &boxes, board.start_man, farthest);
    let cells: Vec<(u32, usize)> = pushes.iter().map(|&op| push_of(op)).collect();
    assert_eq!(cells, [(at(2), 3), (at(3), 3), (at(4), 3), (at(5), 3)]);
}

/// Every pull move found, spelled out as the pushes that undo it and
/// replayed one push at a time from where the move leaves its box (the man
/// beside it, on the cell he stepped back onto last), brings the box back
/// to its first cell and the man into the region he pulled from; the move's
/// region is the man's after the last pull. On random positions of three
/// XSokoban boards.
#[test]
fn every_pull_move_undone_push_by_push_comes_back_where_it_started() {
    let mut checked = 0;
    on_random_positions(100, |board, boxes, start, man| {
        let mut moves = BoxMoves::pulling(board);
        let mut walk = Reach::new(board);
        let region = walk.flood(board, boxes, start);
        for b in bits::iter::<u32>(boxes) {
            moves.search(board, boxes, man, b, |_| true, true);
            for (op, after) in moves.found.clone() {
                let (_, end, d) = BoxMoves::of(board, op);
                assert!(board.pull_live[end as usize], "never onto a dead square");
                let mut now = boxes.to_vec();
                bits::remove(&mut now, b);
                bits::insert(&mut now, end);
                let beside = board.next[end as usize][d];
                assert_eq!(walk.flood(board, &now, beside), after, "the man's region");
                let pushes = moves.spell(board, boxes, start, op);
                let at = replay(board, &mut now, beside, &pushes);
                assert_eq!(now, boxes, "the box is back");
                assert_eq!(walk.flood(board, &now, at), region);
                checked += 1;
            }
        }
    });
    assert!(checked > 1_000, "{checked} pull moves undone");
}

/// Pull moves lose no solution either: breadth-first search backwards over
/// them solves the first 40 levels of Microban, and the plan, the pushes
/// that undo the moves, solves the level.
#[test]
fn pull_moves_solve_what_the_pulls_solve() {
    use crate::sokoban::solver::pull::{PullOptions, PullSpace};
    let text = std::fs::read_to_string("problems/sokoban/microban.xsb").unwrap();
    let levels = crate::sokoban::xsb::parse(std::path::Path::new("microban.xsb"), &text);
    for k in 1..=40 {
        let level = levels.level(k).expect("level").expect("valid");
        let board = Board::new(&level);
        let options = PullOptions {
            box_moves: true,
            ..PullOptions::default()
        };
        let mut space = PullSpace::new(&board, options);
        let r = crate::search::bfs(&mut space, &mut Monitor::new(Limits::none()));
        let Outcome::Plan(plan) = r.outcome else {
            panic!("level {k}: {:?}", r.outcome);
        };
        let replayed = crate::sokoban::solver::solve::replayed(&board, &level, &plan);
        assert!(replayed.is_ok(), "level {k}: {replayed:?}");
    }
}

/// The moves of the box on `b` found as they were before the cut cells: a
/// flood of the man's region at every cell and side the box reaches.
fn found_by_floods(
    moves: &BoxMoves,
    board: &Board,
    boxes: &[u64],
    man: &Reach,
    b: u32,
    live: bool,
) -> Vec<(OpId, u32)> {
    let mut others = boxes.to_vec();
    bits::remove(&mut others, b);
    let mut seen = vec![0u8; board.len()];
    let mut queue: Vec<(u32, usize)> = Vec::new();
    let mut found = Vec::new();
    let mut reach = Reach::new(board);
    let free = |boxes: &[u64], c: u32| c != NONE && !bits::contains(boxes, c);
    // Where the box on `cell` goes in direction `d`, the man's region in
    // `man` (flooded with the box on `cell`).
    let step = |man: &Reach, cell: u32, d: usize| {
        let to = board.next[cell as usize][d];
        let ok = match moves.way {
            Way::Push => {
                let behind = board.next[cell as usize][d ^ 1];
                behind != NONE
                    && man.reached(behind)
                    && free(&others, to)
                    && (!live || board.live[to as usize])
            }
            Way::Pull => {
                to != NONE
                    && man.reached(to)
                    && free(&others, board.next[to as usize][d])
                    && (!live || board.pull_live[to as usize])
            }
        };
        ok.then_some(to)
    };
    for d in 0..4 {
        if let Some(to) = step(man, b, d) {
            seen[to as usize] |= 1 << d;
            queue.push((to, d));
        }
    }
    let mut i = 0;
    while let Some(&(cell, dir)) = queue.get(i) {
        i += 1;
        let mut with = others.clone();
        bits::insert(&mut with, cell);
        let lowest = reach.flood(board, &with, moves.man_beside(board, cell, dir));
        if !found
            .iter()
            .any(|&(o, m)| m == lowest && BoxMoves::of(board, o).1 == cell)
        {
            found.push((BoxMoves::op(board, b, cell, dir), lowest));
        }
        for d in 0..4 {
            if let Some(to) = step(&reach, cell, d)
                && seen[to as usize] & (1 << d) == 0
            {
                seen[to as usize] |= 1 << d;
                queue.push((to, d));
            }
        }
    }
    found
}

#[test]
fn the_moves_found_by_cut_cells_are_those_a_flood_at_every_step_finds() {
    for way in [Way::Push, Way::Pull] {
        for live in [false, true] {
            let mut compared = 0;
            on_random_positions(3, |board, boxes, _, man| {
                let mut moves = match way {
                    Way::Push => BoxMoves::new(board),
                    Way::Pull => BoxMoves::pulling(board),
                };
                for b in bits::iter::<u32>(boxes) {
                    moves.search(board, boxes, man, b, |_| true, live);
                    let expected = found_by_floods(&moves, board, boxes, man, b, live);
                    assert_eq!(moves.found, expected, "{way:?}, box {b}, live {live}");
                    compared += expected.len();
                }
            });
            assert!(compared > 1000, "{way:?}: {compared} moves");
        }
    }
}
