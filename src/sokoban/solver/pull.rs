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
//! **Box moves** (`PullOptions::box_moves`, [`super::box_move`]): a step
//! pulls one box to any cell it can be pulled to while the others stand
//! still, in place of one pull (and of the tunnel macros, which it
//! contains). Its operator is the box move's; the plan spells it out as the
//! pushes that undo its pulls.
//!
//! Pruning, each rule with its counter and its switch ([`PullOptions`]):
//! `pull_dead_square` (the box would stand on a cell no start box can be
//! pushed to, [`Board::pull_live`]), `pull_freeze` (a box off the start
//! cells can never be pulled again, see [`super::deadlock`]),
//! `pull_corral_deadlock` (the man shut in a region of at most
//! [`MAX_FENCED_REGION`] cells by boxes that, searched alone, never let him
//! out nor go home, see [`super::corral`]) and `pull_deadlock_pattern` (such
//! a deadlock proved before, matched when a pull brings one of its boxes).
//! The matching bound over pull distances
//! ([`super::bound::MatchingBound::to_starts`]) adds one more, boxes that
//! cannot all go home to distinct start cells.
//!
//! Example of a pull corral deadlock: in the level `#@ .  $ #`, the pulls
//! start with the box on the goal. With the man left of it, every pull
//! drags the box further into his dead end, never back to its start cell on
//! the right; with the man right of it, three pulls take it home.

use super::board::{Board, NONE};
use super::box_move::{BOX_MOVE, BoxMoves, MAX_BOX_MOVE_CELLS};
use super::corral::{self, CorralDeadlocks};
use super::deadlock;
use super::push::{push_of, push_op};
use super::reach::{Reach, man_after_step};
use super::tunnel;
use crate::search::{Packing, SearchSpace, Successors};
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

/// How many pulls the operator `op` makes (0 for a root step; a box move
/// counts as one).
pub fn pulls_of(op: OpId) -> u32 {
    if is_root_op(op) {
        0
    } else if op.0 & BOX_MOVE != 0 {
        1
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
    /// A step is a box move (for boards of up to [`MAX_BOX_MOVE_CELLS`]
    /// floor cells; tunnel macros are then off).
    pub box_moves: bool,
    /// Corral deadlocks of the pulls ([`super::corral::man_fence`]): the
    /// boxes fencing the man's region, searched alone (sound).
    pub corral_deadlocks: bool,
    /// Every pull corral deadlock proved so far, matched against each
    /// node's boxes and man (sound). Learnt only with `corral_deadlocks`.
    pub patterns: bool,
}

impl Default for PullOptions {
    fn default() -> Self {
        PullOptions {
            dead_squares: true,
            freeze: true,
            tunnels: false,
            box_moves: false,
            corral_deadlocks: true,
            patterns: true,
        }
    }
}

/// The pruning rules, in the order of [`SearchSpace::pruning_counters`].
pub const RULES: [&str; 4] = [
    "pull_dead_square",
    "pull_freeze",
    "pull_corral_deadlock",
    "pull_deadlock_pattern",
];

/// The largest region of the man whose fence is searched for a pull corral
/// deadlock. A man shut in is shut in a small space; searching the fences
/// of larger regions cost more time than the deadlocks they found saved
/// (benches/README.md).
pub const MAX_FENCED_REGION: usize = 8;

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
    counters: [u64; 4],
    rejected: Vec<(OpId, &'static str)>,
    box_moves: Option<BoxMoves>,
    learnt: CorralDeadlocks,
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
            counters: [0; 4],
            rejected: Vec::new(),
            box_moves: (options.box_moves && board.len() <= MAX_BOX_MOVE_CELLS)
                .then(|| BoxMoves::pulling(board)),
            learnt: CorralDeadlocks::pulling(board),
        }
    }

    /// Starts from the pull corral deadlocks and patterns that an earlier
    /// pull space of the same board proved (they hold whatever the rules).
    pub fn learning_from(mut self, learnt: CorralDeadlocks) -> Self {
        self.learnt = learnt;
        self
    }

    /// The pull corral deadlocks and patterns proved so far, for a later
    /// space.
    pub fn into_learnt(self) -> CorralDeadlocks {
        self.learnt
    }

    /// Takes the last successor of `out`, which `op` made by taking a box to
    /// `end`, out again if a pattern with a box on `end` matches it: a step
    /// that completes a pattern brings one of its boxes (or the man into its
    /// region, which is left to the node's expansion).
    fn cut_by_pattern(&mut self, out: &mut Successors, op: OpId, end: u32) {
        let n = self.box_words;
        let succ = out.get_mut(out.len() - 1).1;
        if self.options.patterns
            && self
                .learnt
                .matches_pattern_at(&succ[..n], succ[n] as u32, end)
        {
            out.pop();
            self.counters[3] += 1;
            self.rejected.push((op, RULES[3]));
        }
    }

    /// Whether the node, its man's region flooded in `self.reach`, is a
    /// deadlock that a pattern or the search of its man's fence proves;
    /// counted.
    fn fenced_in(&mut self, node: &[u64]) -> bool {
        let (board, n) = (self.board, self.box_words);
        let man = node[n] as u32;
        if self.options.patterns && self.learnt.matches_pattern(board, &node[..n], man) {
            self.counters[3] += 1;
            return true;
        }
        if self.options.corral_deadlocks
            && self.reach.size() <= MAX_FENCED_REGION
            && let Some((fence, beyond)) =
                corral::man_fence(board, &node[..n], &self.start_bits, &self.reach)
            && self.learnt.is_dead(board, &fence, &beyond, man)
        {
            self.counters[2] += 1;
            return true;
        }
        false
    }

    /// Adds to `out` the successor of `node` in which `op` took the box on
    /// `b` to `end`, its man word left for the caller, unless the freeze
    /// rule cuts it; whether it was added.
    fn add_pull(
        &mut self,
        node: &[u64],
        out: &mut Successors,
        op: OpId,
        (b, end): (u32, u32),
    ) -> bool {
        let n = self.box_words;
        let succ = out.push(op, node);
        bits::remove(succ, b);
        bits::insert(succ, end);
        if self.options.freeze
            && deadlock::pull_frozen_off_start(self.board, &succ[..n], &self.start_bits, end)
        {
            out.pop();
            self.counters[1] += 1;
            self.rejected.push((op, RULES[1]));
            return false;
        }
        true
    }

    /// The box moves of `node` ([`super::box_move`]), the man's region
    /// flooded in `reach`, into `out`, the freeze rule applied where each
    /// move leaves its box.
    fn box_move_successors(&mut self, node: &[u64], out: &mut Successors) {
        let n = self.box_words;
        let Some(mut moves) = self.box_moves.take() else {
            return;
        };
        let live = self.options.dead_squares;
        for b in bits::iter::<u32>(&node[..n]) {
            moves.search(self.board, &node[..n], &self.reach, b, |_| true, live);
            for &(op, man) in &moves.found {
                let (_, end, _) = BoxMoves::of(self.board, op);
                if self.add_pull(node, out, op, (b, end)) {
                    let succ = out.get_mut(out.len() - 1).1;
                    succ[n] = u64::from(man);
                    self.cut_by_pattern(out, op, end);
                }
            }
        }
        self.box_moves = Some(moves);
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

    /// The man's cell in the bits the boxes leave free, where they fit.
    fn packing(&self) -> Packing {
        Packing::tail(self.words(), self.board.len(), self.board.len() as u64 - 1)
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
        if self.fenced_in(node) {
            return;
        }
        if self.box_moves.is_some() {
            self.box_move_successors(node, out);
            return;
        }
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
                if !self.add_pull(node, out, op, (b, end)) {
                    continue;
                }
                let succ = out.get_mut(out.len() - 1).1;
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
                self.cut_by_pattern(out, op, end);
            }
        }
    }

    /// The successors listed again, with the rule counters kept as they were.
    fn operator_between(&mut self, from: &[u64], to: &[u64]) -> Option<OpId> {
        let counters = self.counters;
        let mut all = Successors::new(self.words());
        self.successors(from, &mut all);
        self.counters = counters;
        crate::search::cheapest_between(self, &all, to)
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
        if self.box_moves.is_some() {
            return self.box_moves_spelled(path);
        }
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

impl PullSpace<'_> {
    /// The pushes of a path of box moves: the moves replayed from the
    /// solved position, each spelled out as the pushes that undo its pulls,
    /// and the moves' pushes taken last move first.
    fn box_moves_spelled(&self, path: Vec<OpId>) -> Vec<OpId> {
        let mut moves = BoxMoves::pulling(self.board);
        let mut boxes = self.goal_bits.clone();
        let mut man = NONE;
        let mut spelled = Vec::with_capacity(path.len());
        for op in path {
            if is_root_op(op) {
                man = root_region(op);
                continue;
            }
            debug_assert!(op.0 & BOX_MOVE != 0 && man != NONE);
            spelled.push(moves.spell(self.board, &boxes, man, op));
            let (b, end, d) = BoxMoves::of(self.board, op);
            bits::remove(&mut boxes, b);
            bits::insert(&mut boxes, end);
            man = self.board.next[end as usize][d];
        }
        spelled.into_iter().rev().flatten().collect()
    }
}

#[cfg(test)]
mod tests;
