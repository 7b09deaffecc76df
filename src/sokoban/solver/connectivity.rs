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
//! Measured on XSokoban (benches/README.md): the forward greedy solver at
//! 10 s per level solves 11 levels on the bound alone, 24 with weight 4 and
//! 23 with weight 8, which solves three of the levels the default solver
//! missed at 60 s (4, 65, 75; weight 4: 4 and 63). The backward (pull)
//! solver gains only a level the pushes solve anyway (63), so it goes
//! without.

use super::board::{Board, NONE};
use super::bound::MatchingBound;
use super::push::has;
use crate::heuristics::{Estimate, Heuristic};

/// The weight of a region in the default greedy forward solver.
pub const DEFAULT_WEIGHT: u32 = 8;

/// Counts the connected areas of free floor (reusable buffers, no
/// allocation per count).
///
/// One pass over the cells in row-major order joins each free cell to its
/// free neighbours above and to the left (union-find, the classic
/// connected-component labelling): the count is the free cells less the
/// joins that merged two areas. No queue and no second look at a cell, which
/// makes it about twice as fast as flooding each area in turn.
#[derive(Clone, Debug)]
pub struct Regions {
    /// Union-find parents of the free cells counted last.
    parent: Vec<u32>,
}

impl Regions {
    pub fn new(cells: usize) -> Regions {
        Regions {
            parent: vec![0; cells],
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

    /// The number of connected areas of floor without a box.
    pub fn count(&mut self, board: &Board, boxes: &[u64]) -> u32 {
        let mut count = 0;
        for c in 0..board.len() as u32 {
            if has(boxes, c) {
                continue;
            }
            self.parent[c as usize] = c;
            count += 1;
            // Cells are numbered row by row: the cells above and to the
            // left come first, so they are already in the forest.
            for d in [0, 2] {
                let n = board.next[c as usize][d];
                if n == NONE || has(boxes, n) {
                    continue;
                }
                debug_assert!(n < c, "cells are numbered row by row");
                let (a, b) = (self.find(n), self.find(c));
                if a != b {
                    self.parent[a.max(b) as usize] = a.min(b);
                    count -= 1;
                }
            }
        }
        count
    }
}

/// The matching bound plus `weight` times the number of free-floor regions.
pub struct Guide<'b> {
    pub bound: MatchingBound<'b>,
    board: &'b Board,
    weight: u32,
    box_words: usize,
    regions: Regions,
}

impl<'b> Guide<'b> {
    /// The guide over `bound` (to goals or to start cells) on `board`.
    pub fn new(board: &'b Board, bound: MatchingBound<'b>, weight: u32) -> Guide<'b> {
        Guide {
            bound,
            board,
            weight,
            box_words: board.len().div_ceil(64).max(1),
            regions: Regions::new(board.len()),
        }
    }

    /// The number of connected areas of floor without a box.
    pub fn regions(&mut self, boxes: &[u64]) -> u32 {
        self.regions.count(self.board, boxes)
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
            Estimate::Value(v) if self.weight > 0 => {
                let regions = self.regions(&node[..self.box_words]);
                Estimate::Value(v.saturating_add(self.weight.saturating_mul(regions)))
            }
            estimate => estimate,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sokoban::solver::board::tests::level;
    use crate::sokoban::solver::push::set;

    fn board(text: &str) -> Board {
        Board::new(&level(text))
    }

    fn boxes(board: &Board) -> Vec<u64> {
        let mut bits = vec![0; board.len().div_ceil(64).max(1)];
        for &c in &board.start_boxes {
            set(&mut bits, c);
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
}
