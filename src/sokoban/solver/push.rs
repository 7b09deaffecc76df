//! Push-level search: a node is where the boxes stand and which region the
//! man is in; a step is one push.
//!
//! Walking the man one cell at a time, as the PDDL encodings do, makes every
//! walk between two pushes a chain of search nodes. Sokoban solvers search
//! pushes instead. Between pushes the man can walk anywhere his region (the
//! floor he reaches without moving a box) allows, so the node records the
//! region, not the cell: its *normalised* position, the lowest-numbered cell
//! of the region. The successors of a node are the pushes of a box next to
//! the region into a free cell beyond it; after a push the man stands where
//! the box was, and the new region is flooded from there. The walks are
//! filled in when the plan is turned into LURD ([`super::walk`]).
//!
//! Example: `#@ $ .#` has one region (the man's cells left of the box) and
//! one useful push, the box right; after it the man's region grows by a cell.
//!
//! A node is `[box bits..., man]`: one bit per floor cell, then the
//! normalised man cell in a word of its own. An operator is `box * 4 + d`,
//! the box's cell and the direction (`Dir::ALL[d]`) of the push.
//!
//! **Moves.** For move-optimal solutions ([`PushOptions::moves`]) the node
//! keeps the man's exact cell instead (a push leaves him where the box was),
//! and a push costs the walk to it plus one. The walk's length rides in the
//! operator's top bits, so that [`SearchSpace::cost`] reads it from the
//! operator alone: `walk << 22 | box * 4 + d` (boards of up to
//! [`MAX_MOVE_CELLS`] floor cells).
//!
//! **Box moves** ([`PushOptions::box_moves`], [`super::box_move`]): a step
//! takes one box to any cell it can be pushed to, the other boxes standing
//! still; the operator names the box's first and last cell, and the pushes
//! are found again when the plan is written out. Goal and tunnel macros are
//! then off (a box move holds them), but the goal cut stays: when a box can
//! be taken to the next goal of its room's packing order, only the moves
//! that do are kept ([`GoalRooms::packs`]).
//!
//! Pruning, each rule with its counter and its switch ([`PushOptions`]):
//! `dead_square` (the box would stand on a dead square, see [`super::board`]),
//! `freeze` (a box not on a goal can never move again, see
//! [`super::deadlock`]), `corral` (see [`super::corral`]), `matching` (the
//! boxes cannot all be matched to distinct goals, see [`super::matching`]),
//! `corral_deadlock` and `deadlock_pattern` (see [`super::corral`]),
//! `bipartite` (the boxes that can move cannot be matched to the goals left
//! by the boxes frozen on goals, see [`super::matching`]).

use super::board::{Board, NONE};
use super::box_move::{BOX_MOVE, BoxMoves, MAX_BOX_MOVE_CELLS};
use super::corral::{self, CorralDeadlocks};
use super::deadlock;
use super::goal_room::GoalRooms;
use super::matching::Matcher;
use super::reach::{Reach, man_after_step};
use super::tunnel;
use crate::search::{Packing, SearchSpace, Successors};
use crate::task::OpId;
use crate::util::bits;

/// Which pruning rules the push space applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushOptions {
    pub dead_squares: bool,
    pub freeze: bool,
    /// Count moves, not pushes: the man's exact cell is part of the node.
    pub moves: bool,
    /// PI-corral pruning (see [`super::corral`]): complete for finding a
    /// solution, not for optimal ones nor for proofs of unsolvability;
    /// with `strict_corrals`, for those too.
    pub corrals: bool,
    /// Prune with the strict PI-corrals alone, which keep every optimal
    /// solution.
    pub strict_corrals: bool,
    /// Goal macros and goal cuts (see [`super::goal_room`]): for finding a
    /// solution fast, not for optimal ones nor for proofs of unsolvability.
    /// Not with `moves`.
    pub goal_macros: bool,
    /// Tunnel macros (see [`super::tunnel`]), on the same terms.
    pub tunnels: bool,
    /// Corral deadlocks (see [`super::corral::CorralDeadlocks`]): sound, so
    /// also for optimal searches and proofs.
    pub corral_deadlocks: bool,
    /// Boxes that cannot all be matched to distinct goals.
    pub matching: bool,
    /// Deadlock patterns (see [`super::corral::CorralDeadlocks`]): every
    /// corral deadlock proved so far, matched against each node's boxes and
    /// man: sound. Learnt only with `corral_deadlocks` on.
    pub patterns: bool,
    /// Bipartite deadlocks: the boxes frozen on goals as walls, the others
    /// cannot be matched to the goals left (sound).
    pub bipartite: bool,
    /// A step is a box move, not a push ([`super::box_move`]; boards of up
    /// to [`MAX_BOX_MOVE_CELLS`] floor cells, not with `moves`).
    pub box_moves: bool,
}

impl PushOptions {
    /// Every rule and macro off: the plain push space, for measuring what
    /// each rule does.
    pub const NONE: PushOptions = PushOptions {
        dead_squares: false,
        freeze: false,
        moves: false,
        corrals: false,
        strict_corrals: false,
        goal_macros: false,
        tunnels: false,
        corral_deadlocks: false,
        matching: false,
        patterns: false,
        bipartite: false,
        box_moves: false,
    };

    /// Whether a rule or macro narrows the pushes of a node, so that a
    /// search may miss solutions (corrals but strict ones, goal macros,
    /// tunnels).
    pub fn narrows(self) -> bool {
        (self.corrals && !self.strict_corrals) || self.goal_macros || self.tunnels
    }

    /// The same rules without those that narrow the pushes: every push of a
    /// node is kept (for proofs, optimal meetings and perimeters).
    pub fn keeping_every_push(self) -> PushOptions {
        PushOptions {
            corrals: false,
            goal_macros: false,
            tunnels: false,
            ..self
        }
    }
}

impl Default for PushOptions {
    fn default() -> Self {
        PushOptions {
            dead_squares: true,
            freeze: true,
            moves: false,
            corrals: false,
            strict_corrals: false,
            goal_macros: false,
            tunnels: false,
            corral_deadlocks: true,
            matching: true,
            patterns: true,
            bipartite: true,
            box_moves: false,
        }
    }
}

/// The largest board (floor cells) move-optimal search handles: a walk's
/// length must fit the operator's top 10 bits.
pub const MAX_MOVE_CELLS: usize = 1 << 10;

/// The pruning rules, in the order of [`SearchSpace::pruning_counters`].
pub const RULES: [&str; 8] = [
    "dead_square",
    "freeze",
    "corral",
    "matching",
    "goal_cut",
    "corral_deadlock",
    "deadlock_pattern",
    "bipartite",
];

/// The flag of a goal macro's operator: `MACRO | box * 4 + d` is the push
/// onto the room's entrance and the pushes that take the box on to its goal
/// ([`super::goal_room`]), found again from the node when the plan is
/// written out.
pub const MACRO: u32 = 1 << 31;

/// The flag of a tunnel macro's operator: the push and those that take the
/// box on through the tunnel ([`super::tunnel`]), found again when the plan
/// is written out; a goal macro may follow them.
pub const TUNNEL: u32 = 1 << 30;

/// The push operator of moving the box on `cell` in direction `d`.
pub fn push_op(cell: u32, d: usize) -> OpId {
    OpId(cell * 4 + d as u32)
}

/// The push operator that walks `walk` cells first (move-optimal search).
fn walk_push_op(cell: u32, d: usize, walk: u32) -> OpId {
    OpId((walk << 22) | (cell * 4 + d as u32))
}

/// The box cell and direction of a push operator.
pub fn push_of(op: OpId) -> (u32, usize) {
    let push = op.0 & ((1 << 22) - 1);
    (push / 4, (push % 4) as usize)
}

/// The forward push-level space of a board.
pub struct PushSpace<'b> {
    board: &'b Board,
    options: PushOptions,
    /// Words of the box bit set.
    box_words: usize,
    goal_bits: Vec<u64>,
    reach: Reach,
    after: Reach,
    rooms: Option<GoalRooms>,
    tunnels: bool,
    /// The boxes after a push, while its goal macro is looked for.
    scratch: Vec<u64>,
    counters: [u64; 8],
    corral_deadlocks: CorralDeadlocks,
    rejected: Vec<(OpId, &'static str)>,
    matcher: Matcher,
    /// The boxes frozen on goals after a push (the bipartite rule's).
    frozen: Vec<u64>,
    /// The freeze check's boxes counted as walls.
    walls: Vec<u32>,
    /// Whether the start's boxes have a perfect matching (see `successors`).
    start_matched: bool,
    /// With box moves: their search.
    box_moves: Option<BoxMoves>,
}

impl<'b> PushSpace<'b> {
    /// The push of the box on `b` in direction `d` from `node`, whose man's
    /// region `self.reach` holds, and the cell the box moves to; `None` if
    /// the man cannot stand behind the box or the cell ahead is not free.
    fn push_from(&self, node: &[u64], b: u32, d: usize) -> Option<(OpId, u32)> {
        let behind = self.board.next[b as usize][d ^ 1];
        let to = self.board.next[b as usize][d];
        if behind == NONE || to == NONE || !self.reach.reached(behind) || bits::contains(node, to) {
            return None;
        }
        let op = if self.options.moves {
            walk_push_op(b, d, self.reach.distance(behind))
        } else {
            push_op(b, d)
        };
        Some((op, to))
    }

    /// Where the push `op` of the box on `b` to `to` (direction `d`) ends
    /// among `boxes`: the operator with its macro flags, the cell the man
    /// pushes from last and the box's last cell. One push, or a tunnel's or
    /// a goal macro's several.
    fn spell(
        &mut self,
        boxes: &[u64],
        mut op: OpId,
        b: u32,
        to: u32,
        d: usize,
    ) -> (OpId, u32, u32) {
        let (mut man_at, mut end) = (b, to);
        if self.tunnels {
            (man_at, end) = tunnel::run(self.board, boxes, b, to, d);
            if end != to {
                op = OpId(op.0 | TUNNEL);
            }
        }
        if let Some(rooms) = &self.rooms {
            self.scratch.copy_from_slice(boxes);
            bits::remove(&mut self.scratch, b);
            bits::insert(&mut self.scratch, end);
            if let Some(m) = rooms.goal_macro(self.board, &self.scratch, man_at, end) {
                op = OpId(op.0 | MACRO);
                end = m.goal;
                man_at = m.pushes.last().map_or(man_at, |&(c, _)| c);
            }
        }
        (op, man_at, end)
    }

    /// The man's cell in a node after the push `op` (the smallest cell of
    /// his region), `boxes` its boxes, `man_at` where he stands after the
    /// last push, and `man` his cell before it, whose region `self.reach`
    /// holds. A single push moves him one step, which seldom changes his
    /// region; a macro's pushes need a flood.
    fn man_after(&mut self, boxes: &[u64], man: u32, op: OpId, man_at: u32) -> u32 {
        let (b, d) = push_of(op);
        let to = self.board.next[b as usize][d];
        let single = op.0 & (MACRO | TUNNEL) == 0;
        debug_assert!(!single || man_at == b);
        match single
            .then(|| man_after_step(self.board, &self.reach, boxes, man, b, to))
            .flatten()
        {
            Some(m) => {
                debug_assert_eq!(m, self.after.flood(self.board, boxes, b));
                m
            }
            None => self.after.flood(self.board, boxes, man_at),
        }
    }
    pub fn new(board: &'b Board, options: PushOptions) -> PushSpace<'b> {
        let box_words = board.len().div_ceil(64).max(1);
        let mut goal_bits = vec![0; box_words];
        for &g in &board.goals {
            bits::insert(&mut goal_bits, g);
        }
        let box_moves = options.box_moves && !options.moves && board.len() <= MAX_BOX_MOVE_CELLS;
        let pushes = !options.moves && !box_moves;
        PushSpace {
            board,
            options,
            box_words,
            goal_bits,
            reach: Reach::new(board),
            after: Reach::new(board),
            rooms: (options.goal_macros && (pushes || box_moves)).then(|| GoalRooms::new(board)),
            tunnels: options.tunnels && pushes,
            scratch: vec![0; box_words],
            counters: [0; 8],
            corral_deadlocks: CorralDeadlocks::default(),
            rejected: Vec::new(),
            matcher: Matcher::new(board),
            frozen: vec![0; box_words],
            walls: Vec::new(),
            start_matched: true,
            box_moves: box_moves.then(|| BoxMoves::new(board)),
        }
        .check_start()
    }

    /// Asks whether the start's boxes have a perfect matching (only with the
    /// `matching` rule on).
    fn check_start(mut self) -> Self {
        if self.options.matching {
            let mut boxes = vec![0; self.box_words];
            for &b in &self.board.start_boxes {
                bits::insert(&mut boxes, b);
            }
            self.start_matched = self.matcher.has_perfect_matching(self.board, &boxes);
        }
        self
    }

    /// Starts from the corral deadlocks and patterns that an earlier push
    /// space of the same board proved (they hold whatever the rules).
    pub fn learning_from(mut self, learnt: CorralDeadlocks) -> Self {
        self.corral_deadlocks = learnt;
        self
    }

    /// The corral deadlocks and patterns proved so far, for a later space.
    pub fn into_learnt(self) -> CorralDeadlocks {
        self.corral_deadlocks
    }

    /// The box bits of a node.
    pub fn boxes<'n>(&self, node: &'n [u64]) -> &'n [u64] {
        &node[..self.box_words]
    }

    /// The rule that cuts the position `boxes` after a step took the box on
    /// `b` to `end`, by its index in [`RULES`]: freeze, matching or bipartite.
    fn cut(&mut self, boxes: &[u64], b: u32, end: u32) -> Option<usize> {
        // A node has a perfect matching if the start has one (it passed the
        // rule when generated; a push never lets a box reach a new goal), so
        // a step that keeps its box's goals keeps the matching and only the
        // others need the full check. An unchecked node only prunes less.
        let matched = self.start_matched;
        if self.options.freeze && deadlock::frozen_off_goal(self.board, boxes, end) {
            return Some(1);
        }
        if self.options.matching
            && (!matched
                || !self.matcher.keeps_its_goals(b, end)
                    && !self.matcher.has_perfect_matching(self.board, boxes))
        {
            return Some(3);
        }
        if self.options.bipartite && self.bipartite(boxes, end) {
            return Some(7);
        }
        None
    }

    /// Adds to `out` the successor of `node` in which `op` took the box on
    /// `b` to `end`, its man word `man`, unless a rule of `cut` cuts it.
    fn add_step(
        &mut self,
        node: &[u64],
        out: &mut Successors,
        op: OpId,
        (b, end): (u32, u32),
        man: u32,
    ) {
        let n = self.box_words;
        let succ = out.push(op, node);
        bits::remove(succ, b);
        bits::insert(succ, end);
        if let Some(rule) = self.cut(&succ[..n], b, end) {
            out.pop();
            self.counters[rule] += 1;
            self.rejected.push((op, RULES[rule]));
            return;
        }
        succ[n] = u64::from(man);
    }

    /// The box moves of `node` ([`super::box_move`]), each first push one
    /// of `corral`'s if a PI-corral narrows the pushes, into `out`, the
    /// deadlock rules applied to where each move leaves its box.
    fn box_move_successors(
        &mut self,
        node: &[u64],
        out: &mut Successors,
        corral: Option<&Vec<(u32, usize)>>,
    ) {
        let n = self.box_words;
        let Some(mut moves) = self.box_moves.take() else {
            return;
        };
        for b in bits::iter::<u32>(&node[..n]) {
            let first = |d| corral.is_none_or(|pushes| pushes.contains(&(b, d)));
            let live = self.options.dead_squares;
            moves.search(self.board, &node[..n], &self.reach, b, first, live);
            for &(op, man) in &moves.found {
                let (_, end, _) = BoxMoves::of(self.board, op);
                self.add_step(node, out, op, (b, end), man);
            }
        }
        self.box_moves = Some(moves);
        // A goal cut: a box can fill its room's next goal, so nothing else
        // is tried.
        if let Some(rooms) = &self.rooms {
            let board = self.board;
            let packs = |op: OpId| {
                let (b, end, _) = BoxMoves::of(board, op);
                rooms.packs(&node[..n], b, end)
            };
            if (0..out.len()).any(|i| packs(out.get(i).0)) {
                let (counter, rejected) = (&mut self.counters[4], &mut self.rejected);
                out.retain(|op| {
                    let keep = packs(op);
                    if !keep {
                        *counter += 1;
                        rejected.push((op, RULES[4]));
                    }
                    keep
                });
            }
        }
    }

    /// Whether the push that left a box on `end` makes a bipartite
    /// deadlock: with the boxes frozen on goals as walls, the others cannot
    /// be matched to the goals left. Checked when the push freezes its box
    /// on a goal, the one new wall a push makes (a box it freezes beside it
    /// freezes it too, nearly always); earlier walls were checked when they
    /// came.
    fn bipartite(&mut self, boxes: &[u64], end: u32) -> bool {
        let board = self.board;
        if !board.goal[end as usize] || !deadlock::frozen(board, boxes, end, &mut self.walls) {
            return false;
        }
        self.frozen.fill(0);
        for c in bits::iter::<u32>(boxes).filter(|&c| board.goal[c as usize]) {
            if deadlock::frozen(board, boxes, c, &mut self.walls) {
                bits::insert(&mut self.frozen, c);
            }
        }
        !self.matcher.has_matching_around(board, boxes, &self.frozen)
    }
}

impl SearchSpace for PushSpace<'_> {
    fn words(&self) -> usize {
        self.box_words + 1
    }

    /// The man's cell in the bits the boxes leave free, where they fit.
    fn packing(&self) -> Packing {
        Packing::tail(self.words(), self.board.len(), self.board.len() as u64 - 1)
    }

    fn start(&self, node: &mut [u64]) {
        for &b in &self.board.start_boxes {
            bits::insert(node, b);
        }
        let man = if self.options.moves {
            self.board.start_man
        } else {
            let mut reach = Reach::new(self.board);
            reach.flood(self.board, &node[..self.box_words], self.board.start_man)
        };
        node[self.box_words] = u64::from(man);
    }

    fn is_target(&self, node: &[u64]) -> bool {
        let boxes = self.boxes(node);
        boxes.iter().zip(&self.goal_bits).all(|(b, g)| b & !g == 0)
    }

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        out.clear();
        self.rejected.clear();
        let n = self.box_words;
        let man = node[n] as u32;
        if self.options.moves {
            self.reach.flood_distances(self.board, &node[..n], man);
        } else {
            self.reach.flood(self.board, &node[..n], man);
        }
        let mut any_macro = false;
        if self.options.patterns
            && self
                .corral_deadlocks
                .matches_pattern(self.board, &node[..n], man)
        {
            self.counters[6] += 1;
            return;
        }
        // Optimal searches prune with a strict PI-corral only; any one
        // serves the deadlock search.
        let strict = self.options.corrals && self.options.strict_corrals;
        let (pi_corral, strictly) = if self.options.corrals || self.options.corral_deadlocks {
            corral::pi_corrals(self.board, &node[..n], &self.reach, strict)
        } else {
            (None, None)
        };
        if self.options.corral_deadlocks
            && let Some(c) = &pi_corral
            && self.corral_deadlocks.is_deadlock(self.board, c, man)
        {
            self.counters[5] += 1;
            return;
        }
        let corral = match pi_corral {
            _ if strict => strictly,
            Some(c) if self.options.corrals => Some(c.pushes),
            _ => None,
        };
        if self.box_moves.is_some() {
            self.box_move_successors(node, out, corral.as_ref());
            return;
        }
        for b in bits::iter::<u32>(&node[..n]) {
            for d in 0..4 {
                let Some((mut op, to)) = self.push_from(node, b, d) else {
                    continue;
                };
                if let Some(pushes) = &corral
                    && !pushes.contains(&(b, d))
                {
                    self.counters[2] += 1;
                    self.rejected.push((op, RULES[2]));
                    continue;
                }
                if self.options.dead_squares && !self.board.live[to as usize] {
                    self.counters[0] += 1;
                    self.rejected.push((op, RULES[0]));
                    continue;
                }
                let (spelled, man_at, end) = self.spell(&node[..n], op, b, to, d);
                op = spelled;
                any_macro |= op.0 & MACRO != 0;
                // The man's cell after the push for now: his region is
                // found below, for the successors that a goal cut keeps.
                self.add_step(node, out, op, (b, end), man_at);
            }
        }
        // A goal cut: a box can go home, so nothing else is tried.
        if any_macro {
            let (counter, rejected) = (&mut self.counters[4], &mut self.rejected);
            out.retain(|op| {
                let keep = op.0 & MACRO != 0;
                if !keep {
                    *counter += 1;
                    rejected.push((op, RULES[4]));
                }
                keep
            });
        }
        if !self.options.moves {
            for i in 0..out.len() {
                let (op, succ) = out.get_mut(i);
                let man_at = succ[n] as u32;
                succ[n] = u64::from(self.man_after(&succ[..n], man, op, man_at));
            }
        }
    }

    /// The pushes of `from` tried again without the rules, which only cut
    /// pushes and cost far more than the push itself: the one whose boxes
    /// are `to`'s, the man's cell settled only for it (the plan's steps are
    /// found this way, one per push, when a search ends).
    fn operator_between(&mut self, from: &[u64], to: &[u64]) -> Option<OpId> {
        let n = self.box_words;
        let man = from[n] as u32;
        if self.options.moves {
            self.reach.flood_distances(self.board, &from[..n], man);
        } else {
            self.reach.flood(self.board, &from[..n], man);
        }
        if let Some(moves) = &mut self.box_moves {
            // The box that moved (any box, if the move took one round to
            // its own cell and only the man's region changed), and the move
            // that leaves the man in `to`'s region, the fewest pushes first.
            let moved = bits::iter::<u32>(&from[..n]).find(|&c| !bits::contains(&to[..n], c));
            let boxes: Vec<u32> = match moved {
                Some(b) => vec![b],
                None => bits::iter(&from[..n]).collect(),
            };
            let board = self.board;
            for b in boxes {
                moves.search(board, &from[..n], &self.reach, b, |_| true, false);
                let lands = |&&(op, man): &&(OpId, u32)| {
                    let end = BoxMoves::of(board, op).1;
                    (end == b) == moved.is_none()
                        && bits::contains(&to[..n], end)
                        && u64::from(man) == to[n]
                };
                if let Some(&(op, _)) = moves.found.iter().find(lands) {
                    return Some(op);
                }
            }
            return None;
        }
        let mut boxes = vec![0; n];
        let mut best: Option<OpId> = None;
        for b in bits::iter::<u32>(&from[..n]) {
            for d in 0..4 {
                let Some((op, step)) = self.push_from(from, b, d) else {
                    continue;
                };
                let (op, man_at, end) = self.spell(&from[..n], op, b, step, d);
                boxes.copy_from_slice(&from[..n]);
                bits::remove(&mut boxes, b);
                bits::insert(&mut boxes, end);
                if boxes[..] != to[..n] {
                    continue;
                }
                let man_after = if self.options.moves {
                    man_at
                } else {
                    self.man_after(&boxes, man, op, man_at)
                };
                let cheaper = best.is_none_or(|o| self.cost(op) < self.cost(o));
                if u64::from(man_after) == to[n] && cheaper {
                    best = Some(op);
                }
            }
        }
        best
    }

    /// One push, or with [`PushOptions::moves`] the walk to it and the push.
    fn cost(&self, op: OpId) -> u32 {
        if self.options.moves {
            (op.0 >> 22) + 1
        } else {
            1
        }
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.rejected.clone()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        RULES.iter().copied().zip(self.counters).collect()
    }

    fn bytes(&self) -> usize {
        self.corral_deadlocks.bytes() + self.matcher.bytes()
    }

    /// The pushes in order, each macro spelled out: replayed from the start,
    /// a macro is found again from the same boxes.
    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        if self.box_moves.is_none() && self.rooms.is_none() && !self.tunnels {
            return path;
        }
        let mut boxes = vec![0; self.box_words];
        for &b in &self.board.start_boxes {
            bits::insert(&mut boxes, b);
        }
        if self.box_moves.is_some() {
            let mut moves = BoxMoves::new(self.board);
            let mut man = self.board.start_man;
            let mut plan = Vec::with_capacity(path.len());
            for op in path {
                debug_assert!(op.0 & BOX_MOVE != 0);
                let pushes = moves.spell(self.board, &boxes, man, op);
                let (b, end, d) = BoxMoves::of(self.board, op);
                bits::remove(&mut boxes, b);
                bits::insert(&mut boxes, end);
                man = self.board.next[end as usize][d ^ 1];
                plan.extend(pushes);
            }
            return plan;
        }
        let mut plan = Vec::with_capacity(path.len());
        for op in path {
            let (b, d) = push_of(op);
            let to = self.board.next[b as usize][d];
            bits::remove(&mut boxes, b);
            plan.push(push_op(b, d));
            let (mut man, mut at) = (b, to);
            if op.0 & TUNNEL != 0 {
                (man, at) = tunnel::run(self.board, &boxes, b, to, d);
                let mut c = to;
                while c != at {
                    plan.push(push_op(c, d));
                    c = self.board.next[c as usize][d];
                }
            }
            bits::insert(&mut boxes, at);
            if op.0 & MACRO != 0 {
                let rooms = self.rooms.as_ref().expect("goal macros are on");
                let m = (rooms.goal_macro(self.board, &boxes, man, at))
                    .expect("a goal macro is found again on the same boxes");
                plan.extend(m.pushes.iter().map(|&(c, d)| push_op(c, d)));
                bits::remove(&mut boxes, at);
                bits::insert(&mut boxes, m.goal);
            }
        }
        plan
    }
}

#[cfg(test)]
pub(super) mod tests;
