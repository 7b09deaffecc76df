use super::*;
use crate::heuristics::{Estimate, Heuristic};
use crate::search::{Limits, Monitor, Outcome, astar, bfs};
use crate::sokoban::game::{State, Step};
use crate::sokoban::level::Cell;
use crate::sokoban::lurd;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::bound::MatchingBound;
use crate::sokoban::solver::push::{PushOptions, PushSpace, push_of};
use crate::sokoban::solver::walk;

fn solve(text: &str) -> (Outcome, crate::search::Stats) {
    let board = Board::new(&level(text));
    let mut space = PullSpace::new(&board, PullOptions::default());
    let r = bfs(&mut space, &mut Monitor::new(Limits::none()));
    (r.outcome, r.stats)
}

#[test]
fn one_pull_solves_the_smallest_level_as_one_push() {
    let text = "#####\n#@$.#\n#####\n";
    let (outcome, _) = solve(text);
    let Outcome::Plan(plan) = outcome else {
        panic!("{outcome:?}")
    };
    let board = Board::new(&level(text));
    assert_eq!(plan, [push_op(board.start_boxes[0], 3)], "the push right");
    assert_eq!(walk::lurd(&board, &plan).unwrap(), "R");
}

#[test]
fn a_pull_drags_the_box_one_cell_and_the_man_steps_back() {
    // Solved: the box on the goal at (1,3), the man left of it at (1,2).
    let board = Board::new(&level("######\n#  *@#\n######\n"));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    let mut space = PullSpace::new(&board, PullOptions::default());
    let mut node = vec![0; space.words()];
    bits::insert(&mut node, at(3));
    node[space.box_words] = u64::from(at(1));
    let mut out = Successors::new(space.words());
    space.successors(&node, &mut out);
    // One pull: left (the man's side); the man would need a cell right of
    // (1,4) to pull it right.
    assert_eq!(out.len(), 1);
    let (op, succ) = out.get(0);
    assert_eq!(push_of(op), (at(2), 3), "undone by pushing (1,2) right");
    assert!(bits::contains(succ, at(2)) && !bits::contains(succ, at(3)));
    assert_eq!(succ[space.box_words], u64::from(at(1)), "man at (1,1)");
}

#[test]
fn a_box_pulled_into_a_tunnel_goes_on_to_its_start_cell_in_one_step() {
    // Backwards, the box leaves the goal on (1,7) into the corridor; with
    // tunnel macros the pulls go on until it stands on its start cell
    // (1,3), not further to (1,2): one step of four pulls, four pushes
    // right in the plan.
    let text = "#########\n#@ $   .#\n#########\n";
    let board = Board::new(&level(text));
    let run = |tunnels| {
        let options = PullOptions {
            tunnels,
            ..PullOptions::default()
        };
        let mut space = PullSpace::new(&board, options);
        let r = bfs(&mut space, &mut Monitor::new(Limits::none()));
        let Outcome::Plan(plan) = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        (walk::lurd(&board, &plan).unwrap(), r.stats.expanded)
    };
    let (lurd, with) = run(true);
    assert_eq!(lurd, "rRRRR");
    let (lurd, without) = run(false);
    assert_eq!(lurd, "rRRRR");
    // The root and the man's region, then the target: one pull node
    // against four.
    assert_eq!((with, without), (2, 5));
}

#[test]
fn a_tunnel_macro_stops_where_the_walls_end_and_is_counted_as_its_pulls() {
    // A side pocket opens below (1,4): pulled left from the goal, the box
    // runs from (1,6) on to (1,5) and stops there, the man on (1,4), no
    // longer between walls.
    let text = "#########\n#@$    .#\n#### ####\n   ###\n";
    let board = Board::new(&level(text));
    let at = |col| board.cell(Cell::new(1, col)).expect("floor");
    let options = PullOptions {
        tunnels: true,
        ..PullOptions::default()
    };
    let mut space = PullSpace::new(&board, options);
    let mut node = vec![0; space.words()];
    bits::insert(&mut node, at(7));
    node[space.box_words] = u64::from(at(1));
    let mut out = Successors::new(space.words());
    space.successors(&node, &mut out);
    assert_eq!(out.len(), 1);
    let (op, succ) = out.get(0);
    assert_eq!((push_of(op), pulls_of(op)), ((at(5), 3), 2));
    assert_eq!(space.cost(op), 2);
    assert!(bits::contains(succ, at(5)) && !bits::contains(succ, at(7)));
    assert_eq!(
        space.plan_from_path(vec![op]),
        [push_op(at(5), 3), push_op(at(6), 3)]
    );
}

#[test]
fn the_root_steps_into_every_region_of_the_solved_position_for_free() {
    // The goals at (1,3) and (2,3) wall the floor into a left and a right
    // region; the man may end in either.
    let board = Board::new(&level("#######\n#@$.  #\n# $.  #\n#######\n"));
    let mut space = PullSpace::new(&board, PullOptions::default());
    let mut root = vec![0; space.words()];
    space.start(&mut root);
    assert_eq!(root[space.box_words], ROOT);
    assert!(!space.is_target(&root));
    let mut out = Successors::new(space.words());
    space.successors(&root, &mut out);
    let regions: Vec<u64> = (0..out.len())
        .map(|i| out.get(i).1[space.box_words])
        .collect();
    let at = |r, c| u64::from(board.cell(Cell::new(r, c)).expect("floor"));
    assert_eq!(regions, [at(1, 1), at(1, 4)]);
    for i in 0..out.len() {
        let (op, succ) = out.get(i);
        assert!(is_root_op(op) && space.cost(op) == 0);
        assert_eq!(succ[..space.box_words], root[..space.box_words]);
    }
    assert!(space.plan_from_path(vec![out.get(1).0]).is_empty());
}

#[test]
fn the_man_ends_in_the_region_the_last_push_leaves_him_in() {
    // The only solution pushes the box right, leaving the man in the
    // left region; the right region's node has no pull that leads home.
    let text = "#######\n#@ $. #\n#######\n";
    let (outcome, _) = solve(text);
    let Outcome::Plan(plan) = outcome else {
        panic!("{outcome:?}")
    };
    let board = Board::new(&level(text));
    assert_eq!(walk::lurd(&board, &plan).unwrap(), "rR");
}

#[test]
fn nodes_are_the_push_spaces_nodes() {
    // The pull search's target node is word for word the push search's
    // start node.
    let text = "#######\n#   $.#\n#@ $ .#\n#######\n";
    let board = Board::new(&level(text));
    let pull = PullSpace::new(&board, PullOptions::default());
    let push = PushSpace::new(&board, PushOptions::default());
    let mut start = vec![0; push.words()];
    push.start(&mut start);
    assert_eq!(pull.words(), push.words());
    assert!(pull.is_target(&start));
}

#[test]
fn backward_astar_is_push_optimal_and_replays() {
    // Two boxes, two goals; the forward and backward optima agree.
    let text = "########\n#      #\n# $$ @ #\n#  ..  #\n########\n";
    let board = Board::new(&level(text));
    let mut forward = PushSpace::new(&board, PushOptions::default());
    let mut monitor = Monitor::new(Limits::none());
    let f = astar(
        &mut forward,
        &mut MatchingBound::to_goals(&board),
        &mut monitor,
    );
    let mut backward = PullSpace::new(&board, PullOptions::default());
    let b = astar(
        &mut backward,
        &mut MatchingBound::to_starts(&board),
        &mut monitor,
    );
    let (Outcome::Plan(f), Outcome::Plan(b)) = (f.outcome, b.outcome) else {
        panic!("both directions solve it")
    };
    assert_eq!(f.len(), b.len());
    // The pulls, turned into pushes, replay move by move on the level
    // and leave every box on a goal.
    let level = level(text);
    let moves = walk::lurd(&board, &b).expect("the pushes can be made");
    let mut state = State::initial(&level);
    let mut pushes = 0;
    for letter in lurd::parse(&moves).expect("LURD") {
        let step = lurd::apply(&mut state, &level, letter).expect("a legal step");
        pushes += usize::from(matches!(step, Step::Push { .. }));
    }
    assert!(state.is_solved(&level), "{moves}");
    assert_eq!(pushes, f.len(), "{moves}");
}

#[test]
fn the_pull_bound_counts_pulls_home() {
    // The box is on its goal two cells right of its start: two pulls.
    let board = Board::new(&level("######\n#@$ .#\n######\n"));
    let mut bound = MatchingBound::to_starts(&board);
    let mut node = vec![0; board.len().div_ceil(64) + 1];
    bits::insert(&mut node, board.goals[0]);
    assert_eq!(bound.estimate(&node), Estimate::Value(2));
}

#[test]
fn a_level_solved_at_the_start_needs_no_pull() {
    // The root's step into the man's region reaches the target at once.
    let (outcome, stats) = solve("#####\n#@* #\n#####\n");
    assert_eq!(outcome, Outcome::Plan(Vec::new()));
    assert_eq!(stats.expanded, 1, "the root only");
}

#[test]
fn a_level_without_a_way_is_proven_unsolvable_backwards() {
    let (outcome, _) = solve("#####\n#@$ #\n#  .#\n#####\n");
    assert_eq!(outcome, Outcome::Unsolvable);
}

#[test]
fn dead_squares_for_pulls_prune_cells_no_start_box_reaches() {
    // The box starts against the top wall: no box ever reaches the
    // bottom row, so pulls into it are pruned.
    let text = "######\n#@$  #\n#  . #\n#    #\n######\n";
    let (outcome, stats) = solve(text);
    assert_eq!(outcome, Outcome::Unsolvable);
    let pruned = stats.pruned.iter().find(|p| p.0 == RULES[0]).unwrap().1;
    assert!(pruned > 0);
}

/// Walks the first `limit` nodes of `space` breadth-first and checks
/// every successor's man word against a flood of its region from the
/// man's cell after the step (`man_of(op)`); returns the steps checked.
fn check_men<S: SearchSpace>(
    board: &Board,
    space: &mut S,
    limit: usize,
    man_of: impl Fn(OpId) -> Option<u32>,
) -> usize {
    let n = board.len().div_ceil(64).max(1);
    let mut start = vec![0; space.words()];
    space.start(&mut start);
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut out = Successors::new(space.words());
    let (mut reach, mut checked, mut expanded) = (Reach::new(board), 0, 0);
    while let Some(node) = queue.pop_front() {
        if expanded == limit {
            break;
        }
        expanded += 1;
        space.successors(&node, &mut out);
        for i in 0..out.len() {
            let (op, succ) = out.get(i);
            if let Some(man) = man_of(op) {
                let lowest = reach.flood(board, &succ[..n], man);
                assert_eq!(succ[n], u64::from(lowest), "after {:?}", push_of(op));
                checked += 1;
            }
            if seen.insert(succ.to_vec()) {
                queue.push_back(succ.to_vec());
            }
        }
    }
    checked
}

#[test]
fn the_man_after_each_push_and_pull_is_the_lowest_cell_of_his_region() {
    // Pushes and pulls work out the man's new region without a flood
    // where the step changes it only next to the box: compare with a
    // flood on every step of the first nodes of Microban 1-40.
    let text = include_str!("../../../../problems/sokoban/microban.xsb");
    let collection = crate::sokoban::xsb::parse(std::path::Path::new("microban.xsb"), text);
    let (mut pushes, mut pulls) = (0, 0);
    for index in 1..=40 {
        let level = collection.level(index).unwrap().unwrap();
        let board = Board::new(&level);
        // A push leaves the man on the box's cell.
        let mut space = PushSpace::new(&board, PushOptions::NONE);
        pushes += check_men(&board, &mut space, 300, |op| Some(push_of(op).0));
        // A pull written as the push that undoes it: the man stands
        // behind the pushed box (after a tunnel macro's last pull too).
        for tunnels in [false, true] {
            let options = PullOptions {
                tunnels,
                ..PullOptions::default()
            };
            let mut space = PullSpace::new(&board, options);
            pulls += check_men(&board, &mut space, 300, |op| {
                let (to, d) = push_of(op);
                (!is_root_op(op)).then(|| board.next[to as usize][d ^ 1])
            });
        }
    }
    assert!(
        pushes > 10_000 && pulls > 10_000,
        "{pushes} pushes, {pulls} pulls"
    );
}

#[test]
fn pull_corral_deadlocks_keep_every_optimal_solution() {
    // Push-optimal A* over pulls on the first Microban levels, with the
    // pull corral deadlocks and their patterns and without: the same
    // number of pushes on every level, and the rules cut somewhere.
    let text = std::fs::read_to_string("problems/sokoban/microban.xsb").unwrap();
    let levels = crate::sokoban::xsb::parse(std::path::Path::new("microban.xsb"), &text);
    let (mut cut, mut fewer) = (0, 0);
    for k in 1..=30 {
        let level = levels.level(k).expect("level").expect("valid");
        let board = Board::new(&level);
        let run = |rules: bool| {
            let options = PullOptions {
                corral_deadlocks: rules,
                patterns: rules,
                ..PullOptions::default()
            };
            let mut space = PullSpace::new(&board, options);
            let mut bound = MatchingBound::to_starts(&board);
            let r = astar(&mut space, &mut bound, &mut Monitor::new(Limits::none()));
            let Outcome::Plan(plan) = r.outcome else {
                panic!("Microban {k}: {:?}", r.outcome)
            };
            let counters = space.pruning_counters();
            (plan.len(), r.stats.generated, counters[2].1 + counters[3].1)
        };
        let (with, generated_with, pruned) = run(true);
        let (without, generated_without, _) = run(false);
        assert_eq!(with, without, "Microban {k}");
        cut += pruned;
        fewer += usize::from(generated_with < generated_without);
    }
    assert!(
        cut > 0 && fewer > 0,
        "{cut} cut, {fewer} levels with fewer nodes"
    );
}
