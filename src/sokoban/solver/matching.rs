//! Matching deadlocks: boxes that cannot all be given distinct goals.
//!
//! In a solved position every goal holds one box, so every box must be able
//! to reach a goal of its own. Draw a bipartite graph with an edge from each
//! box to each goal it could reach alone on the board (a finite push
//! distance, see [`super::board`]). If this graph has no *perfect matching*,
//! no solution exists: the node is a deadlock, even though each box on its
//! own may still reach some goal. A box on a dead square reaches no goal at
//! all, the simplest case.
//!
//! A perfect matching is looked for with augmenting paths (Kuhn's method):
//! each box in turn takes a free goal it reaches, or one whose box can move
//! on to another goal, and so on along the path. `O(n · e)` for `n` boxes
//! and `e` edges; in open rooms the first free goal is nearly always taken.
//!
//! Example: two boxes against the top wall can only slide along it, so both
//! reach the goal at its end and neither reaches the goal below:
//!
//! ```text
//! #######
//! # $ $.#      each box reaches a goal, but only the same one:
//! #     #      no perfect matching, a deadlock (and neither box is on
//! #.  @ #      a dead square, nor frozen)
//! #######
//! ```

use super::board::{Board, NONE};
use crate::util::bits;

/// The buffers of the matching check, kept between calls, and for every
/// cell the goals a box there can reach.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    /// `reach[c * words..][..words]`: bit `g` is set when a box on cell `c`
    /// can reach goal `g`.
    reach: Vec<u64>,
    words: usize,
    boxes: Vec<u32>,
    /// `box_of[g]`: the index in `boxes` matched to goal `g`, if any.
    box_of: Vec<u32>,
    /// Goals visited by the current augmenting-path search, by stamp.
    visited: Vec<u32>,
    stamp: u32,
}

/// No box.
const FREE: u32 = u32::MAX;

impl Matcher {
    pub fn new(board: &Board) -> Matcher {
        let words = board.goals.len().div_ceil(64).max(1);
        let mut reach = vec![0u64; board.len() * words];
        for (g, dist) in board.push_dist.iter().enumerate() {
            for (c, &d) in dist.iter().enumerate() {
                if d != NONE {
                    bits::insert(&mut reach[c * words..], g);
                }
            }
        }
        Matcher {
            reach,
            words,
            ..Matcher::default()
        }
    }

    /// Whether a box pushed from `from` to `to` can still reach every goal
    /// it could reach before. If so, and the boxes before the push had a
    /// perfect matching, they still have one: the moved box keeps its goal.
    /// (A push never lets a box reach a goal it could not reach before: the
    /// pushes from `to` are pushes from `from` too, one later.)
    pub fn keeps_its_goals(&self, from: u32, to: u32) -> bool {
        let w = self.words;
        let (a, b) = (from as usize * w, to as usize * w);
        (0..w).all(|i| self.reach[a + i] & !self.reach[b + i] == 0)
    }

    /// Whether the boxes of `boxes` (a bit set over the board's cells) can
    /// be matched to distinct goals each of them can reach.
    pub fn has_perfect_matching(&mut self, board: &Board, boxes: &[u64]) -> bool {
        self.boxes.clear();
        self.boxes.extend(bits::iter::<u32>(boxes));
        let goals = board.goals.len();
        if self.boxes.len() > goals {
            return false;
        }
        self.box_of.clear();
        self.box_of.resize(goals, FREE);
        self.visited.resize(goals, 0);
        for i in 0..self.boxes.len() {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.visited.fill(0);
                self.stamp = 1;
            }
            if !self.augment(board, i) {
                return false;
            }
        }
        true
    }

    /// Finds a goal for box `i`, moving matched boxes on along the way.
    fn augment(&mut self, board: &Board, i: usize) -> bool {
        let cell = self.boxes[i] as usize;
        // A free goal first: in open rooms that ends the search at once.
        for g in 0..board.goals.len() {
            if self.box_of[g] == FREE && board.push_dist[g][cell] != NONE {
                self.box_of[g] = i as u32;
                return true;
            }
        }
        for g in 0..board.goals.len() {
            if board.push_dist[g][cell] == NONE || self.visited[g] == self.stamp {
                continue;
            }
            self.visited[g] = self.stamp;
            let other = self.box_of[g] as usize;
            if self.augment(board, other) {
                self.box_of[g] = i as u32;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
