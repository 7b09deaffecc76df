use super::*;
use crate::search::{Limits, Monitor, Outcome, Successors, bfs};
use crate::sokoban::solver::board::tests::level;

fn solve(text: &str, options: PushOptions) -> (Outcome, crate::search::Stats) {
    let board = Board::new(&level(text));
    let mut space = PushSpace::new(&board, options);
    let r = bfs(&mut space, &mut Monitor::new(Limits::none()));
    (r.outcome, r.stats)
}

/// A small deterministic generator of test positions.
pub struct Random(pub u64);

impl Random {
    /// Boxes on about one cell in `one_in`.
    pub fn boxes(&mut self, board: &Board, one_in: u64) -> Vec<u64> {
        let mut bits = vec![0; board.len().div_ceil(64)];
        for c in 0..board.len() as u32 {
            self.0 = (self.0)
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (self.0 >> 33).is_multiple_of(one_in) {
                bits::insert(&mut bits, c);
            }
        }
        bits
    }
}

#[test]
fn one_push_solves_the_smallest_level() {
    let (outcome, _) = solve("#####\n#@$.#\n#####\n", PushOptions::default());
    let Outcome::Plan(plan) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(plan.len(), 1);
    assert_eq!(push_of(plan[0]).1, 3, "a push to the right");
}

#[test]
fn a_board_wider_than_a_word_is_flooded_cell_by_cell() {
    // 70 columns: no row fits in a word, so the floods go cell by cell.
    let mut text = format!("{}\n", "#".repeat(70));
    text += &format!("#@ $ {}.#\n", " ".repeat(63));
    text += &format!("#  {}#\n", " ".repeat(66));
    text += &format!("{}\n", "#".repeat(70));
    assert!(Board::new(&level(&text)).rows.is_none());
    let (outcome, _) = solve(&text, PushOptions::default());
    let Outcome::Plan(plan) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(plan.len(), 65, "the box goes right to the far goal");
}

#[test]
fn the_man_walks_around_to_push_from_the_other_side() {
    // The box must go left, so the man walks round it first.
    let text = "#######\n#.$  @#\n#     #\n#######\n";
    let (outcome, _) = solve(text, PushOptions::default());
    let Outcome::Plan(plan) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(plan.len(), 1);
    assert_eq!(push_of(plan[0]).1, 2, "a push to the left");
}

#[test]
fn regions_not_cells_make_nodes() {
    // Wherever the man walks in his region, it is one node: BFS expands
    // the start and finds the one push.
    let (_, stats) = solve(
        "#######\n#   $.#\n#@    #\n#######\n",
        PushOptions::default(),
    );
    assert_eq!(stats.expanded, 1);
}

#[test]
fn a_box_that_can_only_reach_corners_is_unsolvable_and_dead_squares_prune_it() {
    // The box is against the top wall, which has no goal: it can only
    // slide along it, into the corners at either end.
    let text = "######\n#@$  #\n#   .#\n######\n";
    // Without rules the search pushes it along the wall until nothing
    // is left to try.
    let (without, stats) = solve(text, PushOptions::NONE);
    assert_eq!(without, Outcome::Unsolvable);
    assert!(stats.expanded > 3, "{} expanded", stats.expanded);
    // With dead squares both pushes from the start (left, and right
    // once the man walks round) are pruned: only the start is expanded.
    let dead_squares = PushOptions {
        dead_squares: true,
        ..PushOptions::NONE
    };
    let (with, stats) = solve(text, dead_squares);
    assert_eq!(with, Outcome::Unsolvable);
    assert_eq!(stats.expanded, 1);
    let pruned = stats.pruned.iter().find(|p| p.0 == "dead_square");
    assert_eq!(pruned.expect("a counter").1, 2);
}

#[test]
fn a_level_without_a_way_is_proven_unsolvable() {
    // The box sits against the top wall and the goal is below.
    let (outcome, _) = solve("#####\n#@$ #\n#  .#\n#####\n", PushOptions::default());
    assert_eq!(outcome, Outcome::Unsolvable);
}

/// Along random walks through XSokoban 1 and 10 and Microban 1 (corrals,
/// goal macros, tunnels and every deadlock rule on; and counting moves),
/// `operator_between` names, for every successor a node lists, the operator
/// it was listed with (the cheapest, the first on a tie), without moving a
/// counter: the plan a search writes takes its steps from it.
#[test]
fn operator_between_names_the_listed_operator_of_every_successor() {
    let levels = [
        include_str!("../../../../problems/sokoban/xsokoban/screen.1"),
        include_str!("../../../../problems/sokoban/xsokoban/screen.10"),
        "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n",
    ];
    let greedy = PushOptions {
        corrals: true,
        goal_macros: true,
        tunnels: true,
        ..PushOptions::default()
    };
    let moves = PushOptions {
        moves: true,
        ..PushOptions::default()
    };
    let mut checked = 0;
    for text in levels {
        let board = Board::new(&level(text));
        for options in [greedy, moves] {
            let mut space = PushSpace::new(&board, options);
            let mut rng = Random(7);
            let mut node = vec![0; space.words()];
            let mut succ = Successors::new(space.words());
            for _ in 0..300 {
                node.fill(0);
                space.start(&mut node);
                for _ in 0..40 {
                    space.successors(&node, &mut succ);
                    if succ.is_empty() {
                        break;
                    }
                    let counters = space.pruning_counters();
                    for i in 0..succ.len() {
                        let (op, child) = succ.get(i);
                        let listed = (0..succ.len())
                            .filter(|&j| succ.get(j).1 == child)
                            .map(|j| succ.get(j).0)
                            .min_by_key(|&o| space.cost(o));
                        if listed != Some(op) {
                            continue; // a later, dearer listing of the same child
                        }
                        let found = space.operator_between(&node, child);
                        assert_eq!(found, listed, "from {node:?} to {child:?}");
                        checked += 1;
                    }
                    assert_eq!(space.pruning_counters(), counters, "counters moved");
                    rng.0 = rng.0.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let pick = (rng.0 >> 33) as usize % succ.len();
                    node.copy_from_slice(succ.get(pick).1);
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} successors checked");
}
