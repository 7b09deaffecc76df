//! Connectivity: a greedy solver's second feature beside the matching bound.
//!
//! The matching bound ([`super::bound`]) counts the pushes the boxes need to
//! reach goals, and nothing else; a greedy search led by it alone happily
//! pushes boxes a little nearer their goals while walling the man off from
//! half of the level, and then spends millions of nodes undoing the walls.
//! The boxes cut the free floor into *regions* (connected areas of floor
//! without boxes); the man walks in one of them, and every other region is
//! a closed room that some later push has to open. Counting the regions is
//! the *connectivity* feature of Festival's feature space search (Shoham
//! and Schaeffer, FESS), which steers its search towards positions that
//! keep the level open.
//!
//! [`Guide`] adds `weight` times the number of regions to the matching
//! bound. A push that brings a box one cell nearer its goal (bound -1) but
//! closes off a room (+1 region) is then worth less than one that keeps the
//! floor connected. The sum is not a lower bound, so it serves only the
//! greedy solver that wants any solution (`--optimize none`); with weight 0
//! the guide is the matching bound itself, admissible as before.
//!
//! Example: in `#@$ $..#` the boxes cut the free floor into three regions
//! (the man's cell, the cell between the boxes, the goals), and with weight 8 the guide is `matching + 24`.
//!
//! **Feature space.** Festival does not rank its nodes on one scale at all.
//! It projects each node onto a few *features* and keeps the nodes of each
//! cell of that feature space apart; every round it takes the most promising
//! node of each cell in turn, so that no cell, however poor its features
//! look, waits for ever behind another. With [`Guide::with_features`] the
//! guide names each node's cell, boxes *home* (on a goal; on a start cell
//! when pulling) and regions, and greedy best-first search
//! ([`crate::search::open_list::Cells`]) takes turns between the cells,
//! expanding the node with the smallest matching bound of each. A level whose
//! solution must first cut the floor into more regions, or take a box off a
//! goal, is then searched along that path too, at its cell's share of the
//! expansions. With [`Guide::with_rooms`] Festival's *room connectivity*
//! is a feature too: the pairs of adjacent rooms whose passages all hold a
//! box ([`super::rooms`]). With [`Guide::with_out_of_plan`], forward, so is
//! Festival's *out of plan*: the boxes on goals past the first empty goal of
//! their room's packing order ([`GoalRooms::out_of_plan`]), which then do
//! not count as home; a node that filled a room out of order waits apart
//! from those that did not.
//!
//! Measured on XSokoban (benches/README.md): the forward greedy solver at
//! 10 s per level solves 11 levels on the bound alone, 24 with weight 4 and
//! 23 with weight 8, which solves three of the levels the default solver
//! missed at 60 s (4, 65, 75; weight 4: 4 and 63). The backward (pull)
//! solver gains only a level the pushes solve anyway (63), so it goes
//! without.
//! With features, at 20 s per level, the pushes solve 33 XSokoban levels
//! (62 among them, which no other search of planbox solves at 60 s) and the
//! pulls 49 (29, 41, 71 and 85 among them); both are phases of the default
//! solver's schedule.

use super::board::{Board, NONE};
use super::bound::MatchingBound;
use super::goal_room::GoalRooms;
use super::rooms::Rooms;
use crate::heuristics::{Estimate, Features, Heuristic};
use crate::util::bits;

/// The weight of a region in the default greedy forward solver.
pub const DEFAULT_WEIGHT: u32 = 8;

/// Counts the connected areas of free floor (reusable buffers, no
/// allocation per count).
///
/// The count is the classic connected-component labelling with union-find,
/// done on *runs*: the free cells of a grid row form runs (maximal stretches
/// of free cells side by side), each run is one area to start with, and two
/// runs in rows next to each other that share a column are joined. The
/// count is the runs less the joins that merged two areas. With each row's
/// free cells as the bits of one word, a row's runs and the overlaps with the
/// row above come from a few bit operations, so the work grows with the
/// runs (a few per row), not with the cells. Boards wider than 64 cells
/// join cell by cell instead.
#[derive(Clone, Debug)]
pub struct Regions {
    /// Union-find parents: of the runs (or of the cells) counted last.
    parent: Vec<u32>,
    /// The free cells of the position counted last, by rows
    /// ([`Board::rows`]), and the index of each row's first run in `parent`.
    free: Vec<u64>,
    base: Vec<u32>,
}

/// The index, among the runs of a row that start at `starts`, of the run
/// that holds column `col`.
fn run_index(starts: u64, col: u32) -> u32 {
    (starts & (u64::MAX >> (63 - col))).count_ones() - 1
}

impl Regions {
    pub fn new(board: &Board) -> Regions {
        let rows = board.rows.as_ref().map_or(0, |r| r.floor.len());
        Regions {
            parent: vec![0; board.len()],
            free: vec![0; rows],
            base: vec![0; rows],
        }
    }

    fn find(&mut self, mut c: u32) -> u32 {
        while self.parent[c as usize] != c {
            let up = self.parent[self.parent[c as usize] as usize];
            self.parent[c as usize] = up;
            c = up;
        }
        c
    }

    /// Joins the areas of `a` and `b`; whether they were two.
    fn join(&mut self, a: u32, b: u32) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b) as usize] = a.min(b);
        }
        a != b
    }

    /// The number of connected areas of floor without a box.
    pub fn count(&mut self, board: &Board, boxes: &[u64]) -> u32 {
        let Some(rows) = &board.rows else {
            return self.count_cells(board, boxes);
        };
        rows.free_cells(boxes, &mut self.free);
        let (mut runs, mut count) = (0, 0);
        for r in 0..self.free.len() {
            let free = self.free[r];
            let starts = free & !(free << 1);
            self.base[r] = runs;
            for run in runs..runs + starts.count_ones() {
                self.parent[run as usize] = run;
            }
            runs += starts.count_ones();
            count += starts.count_ones();
            if r == 0 {
                continue;
            }
            let above = self.free[r - 1];
            let above_starts = above & !(above << 1);
            // Each stretch of columns free in both rows lies in one run of
            // each: join those two.
            let mut shared = free & above;
            while shared != 0 {
                let col = shared.trailing_zeros();
                let here = self.base[r] + run_index(starts, col);
                let there = self.base[r - 1] + run_index(above_starts, col);
                if self.join(here, there) {
                    count -= 1;
                }
                // Drop the lowest stretch of set bits.
                shared &= shared + (shared & shared.wrapping_neg());
            }
        }
        count
    }

    /// [`Regions::count`] cell by cell: each free cell is joined to its free
    /// neighbours above and to the left (for boards wider than 64 cells, and
    /// the benches' reference).
    pub fn count_cells(&mut self, board: &Board, boxes: &[u64]) -> u32 {
        let mut count = 0;
        let cells = board.len();
        // The free cells, a word of 64 at a time, lowest first.
        for (w, &word) in boxes.iter().enumerate().take(bits::words_for(cells)) {
            let beyond = cells.saturating_sub(w * 64).min(64);
            let mut free = !word & (u64::MAX >> (64 - beyond));
            while free != 0 {
                let c = (w * 64) as u32 + free.trailing_zeros();
                free &= free - 1;
                // A new area, less each area it joins.
                count = count + 1 - self.add_cell(board, boxes, c);
            }
        }
        count
    }

    /// Adds the free cell `c` to the forest as an area of its own, then
    /// joins it to its free neighbours above and to the left (cells are
    /// numbered row by row, so those are in the forest already). Returns the
    /// number of areas it joined.
    #[inline]
    fn add_cell(&mut self, board: &Board, boxes: &[u64], c: u32) -> u32 {
        self.parent[c as usize] = c;
        let mut joined = 0;
        for d in [0, 2] {
            let n = board.next[c as usize][d];
            if n == NONE || bits::contains(boxes, n) {
                continue;
            }
            debug_assert!(n < c, "cells are numbered row by row");
            if self.join(n, c) {
                joined += 1;
            }
        }
        joined
    }
}

/// The matching bound plus `weight` times the number of free-floor regions.
pub struct Guide<'b> {
    pub bound: MatchingBound<'b>,
    board: &'b Board,
    weight: u32,
    box_words: usize,
    regions: Regions,
    /// With features: the target cells (goals, or start cells backward) as
    /// bits, and the feature-space cell of the last estimate.
    targets: Option<Vec<u64>>,
    feature: u32,
    /// With features: the rooms whose blocked pairs are a feature too
    /// ([`Guide::with_rooms`]).
    rooms: Option<Rooms>,
    /// With features: whether moves have Festival's weights
    /// ([`Guide::with_weights`]).
    weights: bool,
    /// With features: the goal rooms whose boxes out of plan are a feature
    /// too ([`Guide::with_out_of_plan`]).
    plan: Option<GoalRooms>,
}

impl<'b> Guide<'b> {
    /// The guide over `bound` (to goals or to start cells) on `board`.
    pub fn new(board: &'b Board, bound: MatchingBound<'b>, weight: u32) -> Guide<'b> {
        Guide {
            bound,
            board,
            weight,
            box_words: board.len().div_ceil(64).max(1),
            regions: Regions::new(board),
            targets: None,
            feature: 0,
            rooms: None,
            weights: false,
            plan: None,
        }
    }

    /// The guide with features: each estimate also names its node's cell of
    /// feature space, the number of boxes on `targets` (goals forward, start
    /// cells backward) and the number of regions.
    pub fn with_features(mut self, targets: &[u32]) -> Guide<'b> {
        let mut bits = vec![0; self.box_words];
        for &t in targets {
            bits::insert(&mut bits, t);
        }
        self.targets = Some(bits);
        self
    }

    /// The guide with features and Festival's *room connectivity* among
    /// them: the pairs of adjacent rooms a box in every passage between
    /// them keeps the man from walking between ([`super::rooms`]).
    pub fn with_rooms(mut self) -> Guide<'b> {
        self.rooms = Some(Rooms::new(self.board));
        self
    }

    /// The guide with features and Festival's *out of plan* among them: the
    /// boxes on goals past the first empty goal of their room's packing
    /// order ([`GoalRooms::out_of_plan`]), which no longer count as home, so
    /// that the boxes home are those packed as the plan packs them
    /// (Festival's *packing*). Forward only: pulling, the targets are the
    /// start cells, which have no packing order.
    pub fn with_out_of_plan(mut self) -> Guide<'b> {
        self.plan = Some(GoalRooms::new(self.board));
        self
    }

    /// The guide with features and Festival's move weights: a move that
    /// brings more boxes home, leaves fewer regions or frees a pair of
    /// rooms weighs 0, any other 1 ([`Features::move_weight`]). Festival
    /// weighs the moves its advisors propose 0; the moves that gain in a
    /// feature are the ones its packing, connectivity and room
    /// connectivity advisors look for. Meant for box moves
    /// ([`super::box_move`]), where a move is a decision: with a push a
    /// step, every push of a box carried across the level would weigh 1.
    pub fn with_weights(mut self) -> Guide<'b> {
        self.weights = true;
        self
    }

    /// The number of connected areas of floor without a box.
    pub fn regions(&mut self, boxes: &[u64]) -> u32 {
        self.regions.count(self.board, boxes)
    }
}

impl Features for Guide<'_> {
    fn feature(&self) -> Option<u32> {
        self.targets.as_ref().map(|_| self.feature)
    }

    fn move_weight(&self, parent: u32, child: u32) -> Option<u32> {
        // The cell's fields, as `estimate` packs them.
        let (home, regions, blocked) = (|c: u32| c >> 8 & 0x3ff, |c| c & 0xff, |c| c >> 24);
        let gains = home(child) > home(parent)
            || regions(child) < regions(parent)
            || blocked(child) < blocked(parent);
        (self.weights && self.targets.is_some()).then_some(u32::from(!gains))
    }

    fn as_heuristic(&mut self) -> &mut dyn Heuristic {
        self
    }
}

impl Heuristic for Guide<'_> {
    fn name(&self) -> &'static str {
        if self.weight == 0 {
            "matching"
        } else {
            "matching+connectivity"
        }
    }

    fn is_admissible(&self) -> bool {
        self.weight == 0
    }

    fn estimate(&mut self, node: &[u64]) -> Estimate {
        match self.bound.estimate(node) {
            Estimate::Value(v) if self.weight > 0 || self.targets.is_some() => {
                let boxes = &node[..self.box_words];
                let regions = self.regions(boxes);
                if let Some(targets) = &self.targets {
                    let home: u32 = boxes
                        .iter()
                        .zip(targets)
                        .map(|(b, t)| (b & t).count_ones())
                        .sum();
                    let blocked = self.rooms.as_ref().map_or(0, |r| r.blocked(boxes));
                    // With a plan, a box out of plan is not home: the boxes
                    // home are those packed as the plan packs them.
                    let out = self.plan.as_ref().map_or(0, |p| p.out_of_plan(boxes));
                    self.feature = blocked.min(255) << 24
                        | out.min(63) << 18
                        | (home - out).min(1023) << 8
                        | regions.min(255);
                }
                Estimate::Value(v.saturating_add(self.weight.saturating_mul(regions)))
            }
            estimate => estimate,
        }
    }
}

#[cfg(test)]
mod tests;
