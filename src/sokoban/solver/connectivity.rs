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

/// The matching bound plus `weight` times the number of free-floor regions.
pub struct Guide<'b> {
    pub bound: MatchingBound<'b>,
    board: &'b Board,
    weight: u32,
    box_words: usize,
    /// The flood's marks: `mark[c] == stamp` once cell `c` is counted.
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
}

impl<'b> Guide<'b> {
    /// The guide over `bound` (to goals or to start cells) on `board`.
    pub fn new(board: &'b Board, bound: MatchingBound<'b>, weight: u32) -> Guide<'b> {
        Guide {
            bound,
            board,
            weight,
            box_words: board.len().div_ceil(64).max(1),
            mark: vec![0; board.len()],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// The number of connected areas of floor without a box.
    pub fn regions(&mut self, boxes: &[u64]) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let mut count = 0;
        for c in 0..self.board.len() as u32 {
            if self.mark[c as usize] == self.stamp || has(boxes, c) {
                continue;
            }
            count += 1;
            self.mark[c as usize] = self.stamp;
            self.stack.push(c);
            while let Some(c) = self.stack.pop() {
                for &n in &self.board.next[c as usize] {
                    if n != NONE && self.mark[n as usize] != self.stamp && !has(boxes, n) {
                        self.mark[n as usize] = self.stamp;
                        self.stack.push(n);
                    }
                }
            }
        }
        count
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
