//! Pull-level search: the push-level search run backwards, from the solved
//! position to the start, one *pull* per step.
//!
//! A push moves a box away from the man; its inverse, a pull, has the man,
//! standing next to a box, step away from it and drag it one cell along. So
//! every push solution read backwards is a sequence of pulls from the solved
//! position (every box on a goal) to the start position, and the reverse.
//! Searching that way starts where the boxes are most constrained, and its
//! nodes are those of the forward search ([`super::push`]): `[box bits...,
//! man]`, the man normalised to the lowest-numbered cell of his region, so
//! that a bidirectional search can meet a pushed position and a pulled one by
//! comparing words.
//!
//! **Several starts, one root.** Where the man stands at the end of a
//! solution is not known: in the solved position he may be in any of the
//! regions the boxes cut the floor into. The shared algorithms take one start
//! node, so the space starts from a *virtual root*, the solved boxes with the
//! man word set to [`ROOT`] (no cell: it never equals a real node), whose
//! successors, at cost 0, are the solved position with the man in each
//! region, in ascending order of the region's lowest cell. Their operators
//! ([`root_op`]) are no pushes; [`SearchSpace::plan_from_path`] drops them.
//!
//! **The target** is the start position: the boxes on their start cells and
//! the man's start cell in the node's region (the same normalised word as
//! [`super::push::PushSpace`]'s start node).
//!
//! **Operators.** A pull is written as the push it undoes: pulling the box on
//! `b` in direction `d` brings it to `c = b + d` and the man to `c + d`; the
//! push that undoes it is the box on `c` pushed in direction `-d`, operator
//! `push_op(c, d ^ 1)`. So the plan is the path's pulls, reversed, as they are
//! ([`super::walk::lurd`] fills in the walks as for a forward plan).
//!
//! Example: `#@$.#` is solved by one push right. Backwards, the root's one
//! successor is the box on the goal with the man left of it; pulling the box
//! left brings the man to his start cell and the box to its start: the
//! target, and the plan is the push right.
//!
//! **Tunnel macros** (`PullOptions::tunnels`, as [`super::tunnel`] for
//! pushes): a box pulled into a tunnel, the man in the tunnel ahead of it,
//! is pulled on to the far end in one step, stopping on a start cell, before
//! another box or a dead square, or where the corridor widens. The step is
//! one operator that records how many pulls it makes, and costs that many.
//!
//! Pruning, each rule with its counter and its switch ([`PullOptions`]):
//! `pull_dead_square` (the box would stand on a cell no start box can be
//! pushed to, [`Board::pull_live`]) and `pull_freeze` (a box off the start
//! cells can never be pulled again, see [`super::deadlock`]). The matching
//! bound over pull distances ([`super::bound::MatchingBound::to_starts`])
//! adds the third rule, boxes that cannot all go home to distinct start
//! cells.

use super::board::{Board, NONE};
use super::deadlock;
use super::push::{man_after_step, push_of, push_op};
use super::reach::Reach;
use super::tunnel;
use crate::search::{SearchSpace, Successors};
use crate::task::OpId;
use crate::util::bits;

/// The man word of the virtual root node: no cell.
pub const ROOT: u64 = u64::MAX;

/// Operators at or above this are the root's steps into a region.
const ROOT_OPS: u32 = 1 << 31;

/// The operator of the root's step to the solved position with the man in
/// the region whose lowest cell is `region`.
pub fn root_op(region: u32) -> OpId {
    OpId(ROOT_OPS | region)
}

/// Whether `op` is a root step (not a push).
pub fn is_root_op(op: OpId) -> bool {
    op.0 >= ROOT_OPS
}

/// Where a pull operator keeps its number of pulls less one (a tunnel
/// macro's), above the push it undoes ([`push_op`]'s 22 bits).
const RUN_SHIFT: u32 = 22;

/// The longest tunnel macro, in pulls (9 bits, below [`ROOT_OPS`]).
const MAX_RUN: u32 = 1 << 9;

/// The operator of `pulls` pulls in a row that bring a box onto `end`,
/// written as the first push that undoes them: the box on `end` pushed in
/// direction `d`.
pub fn pull_op(end: u32, d: usize, pulls: u32) -> OpId {
    debug_assert!((1..=MAX_RUN).contains(&pulls));
    OpId(push_op(end, d).0 | (pulls - 1) << RUN_SHIFT)
}

/// How many pulls the operator `op` makes (0 for a root step).
pub fn pulls_of(op: OpId) -> u32 {
    if is_root_op(op) {
        0
    } else {
        (op.0 >> RUN_SHIFT) + 1
    }
}

/// The region (its lowest cell) that the root step `op` puts the man into.
pub fn root_region(op: OpId) -> u32 {
    op.0 & !ROOT_OPS
}

/// Which pruning rules the pull space applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PullOptions {
    pub dead_squares: bool,
    pub freeze: bool,
    /// Tunnel macros: for finding a solution fast, not for optimal ones nor
    /// for proofs of unsolvability (a box left inside a tunnel is never
    /// tried).
    pub tunnels: bool,
}

impl Default for PullOptions {
    fn default() -> Self {
        PullOptions {
            dead_squares: true,
            freeze: true,
            tunnels: false,
        }
    }
}

/// The pruning rules, in the order of [`SearchSpace::pruning_counters`].
pub const RULES: [&str; 2] = ["pull_dead_square", "pull_freeze"];

/// The backward pull-level space of a board.
pub struct PullSpace<'b> {
    board: &'b Board,
    options: PullOptions,
    box_words: usize,
    goal_bits: Vec<u64>,
    start_bits: Vec<u64>,
    /// The normalised man of the start position.
    start_man: u64,
    reach: Reach,
    after: Reach,
    counters: [u64; 2],
    rejected: Vec<(OpId, &'static str)>,
}

impl<'b> PullSpace<'b> {
    pub fn new(board: &'b Board, options: PullOptions) -> PullSpace<'b> {
        let box_words = board.len().div_ceil(64).max(1);
        let bits = |cells: &[u32]| {
            let mut bits = vec![0; box_words];
            for &c in cells {
                bits::insert(&mut bits, c);
            }
            bits
        };
        let (goal_bits, start_bits) = (bits(&board.goals), bits(&board.start_boxes));
        let mut reach = Reach::new(board);
        let start_man = u64::from(reach.flood(board, &start_bits, board.start_man));
        PullSpace {
            board,
            options,
            box_words,
            goal_bits,
            start_bits,
            start_man,
            reach,
            after: Reach::new(board),
            counters: [0; 2],
            rejected: Vec::new(),
        }
    }

    /// The root's successors: the solved position with the man in each
    /// region, lowest region cell first.
    fn regions(&mut self, node: &[u64], out: &mut Successors) {
        let n = self.box_words;
        let mut seen = vec![false; self.board.len()];
        for c in 0..self.board.len() as u32 {
            if seen[c as usize] || bits::contains(&node[..n], c) {
                continue;
            }
            let lowest = self.reach.flood(self.board, &node[..n], c);
            for m in 0..self.board.len() as u32 {
                seen[m as usize] |= self.reach.reached(m);
            }
            let succ = out.push(root_op(lowest), node);
            succ[n] = u64::from(lowest);
        }
    }
}

impl SearchSpace for PullSpace<'_> {
    fn words(&self) -> usize {
        self.box_words + 1
    }

    /// The virtual root: the boxes on the goals, the man nowhere.
    fn start(&self, node: &mut [u64]) {
        node[..self.box_words].copy_from_slice(&self.goal_bits);
        node[self.box_words] = ROOT;
    }

    fn is_target(&self, node: &[u64]) -> bool {
        node[self.box_words] == self.start_man && node[..self.box_words] == self.start_bits[..]
    }

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        out.clear();
        self.rejected.clear();
        let n = self.box_words;
        if node[n] == ROOT {
            self.regions(node, out);
            return;
        }
        self.reach.flood(self.board, &node[..n], node[n] as u32);
        for b in bits::iter::<u32>(&node[..n]) {
            for d in 0..4 {
                // The man on `to`, next to the box, steps back onto `man`.
                let to = self.board.next[b as usize][d];
                if to == NONE || !self.reach.reached(to) {
                    continue;
                }
                let man = self.board.next[to as usize][d];
                if man == NONE || bits::contains(node, man) {
                    continue;
                }
                let mut op = push_op(to, d ^ 1);
                if self.options.dead_squares && !self.board.pull_live[to as usize] {
                    self.counters[0] += 1;
                    self.rejected.push((op, RULES[0]));
                    continue;
                }
                let (mut end, mut stand, mut pulls) = (to, man, 1);
                if self.options.tunnels {
                    let stop = &self.start_bits;
                    (end, stand, pulls) =
                        tunnel::run_pulls(self.board, node, stop, to, man, d, MAX_RUN);
                    op = pull_op(end, d ^ 1, pulls);
                }
                let succ = out.push(op, node);
                bits::remove(succ, b);
                bits::insert(succ, end);
                if self.options.freeze
                    && deadlock::pull_frozen_off_start(
                        self.board,
                        &succ[..n],
                        &self.start_bits,
                        end,
                    )
                {
                    out.pop();
                    self.counters[1] += 1;
                    self.rejected.push((op, RULES[1]));
                    continue;
                }
                let lowest = node[n] as u32;
                let quick = (pulls == 1)
                    .then(|| man_after_step(self.board, &self.reach, &succ[..n], lowest, b, to))
                    .flatten();
                succ[n] = match quick {
                    Some(m) => {
                        debug_assert_eq!(m, self.after.flood(self.board, &succ[..n], man));
                        u64::from(m)
                    }
                    None => u64::from(self.after.flood(self.board, &succ[..n], stand)),
                };
            }
        }
    }

    /// One per pull; the root's steps into the regions are free.
    fn cost(&self, op: OpId) -> u32 {
        pulls_of(op)
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.rejected.clone()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        RULES.iter().copied().zip(self.counters).collect()
    }

    /// The pulls from the root to the start, undone in the other order: each
    /// pull's operator is already the push that undoes it (a tunnel macro's,
    /// the first of its pushes, the box going on the same way).
    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        let mut plan = Vec::with_capacity(path.len());
        for op in path.into_iter().rev() {
            let (mut at, d) = push_of(op);
            for _ in 0..pulls_of(op) {
                plan.push(push_op(at, d));
                at = self.board.next[at as usize][d];
            }
        }
        plan
    }
}

#[cfg(test)]
mod tests {
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
        let text = include_str!("../../../problems/sokoban/microban.xsb");
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
}
