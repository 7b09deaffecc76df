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
//!
//! **Bipartite deadlocks** (`bipartite`, after Festival's). A box frozen on a
//! goal ([`super::deadlock`]) never moves again in a solution: it keeps its
//! goal and is a wall for the other boxes, which may then reach fewer goals
//! than on the empty board. So the boxes that can still move must be matched
//! to the goals left, each reachable with the frozen boxes as walls. The
//! goals each cell reaches around a set of frozen boxes are found once per
//! set (pulls from each goal left) and kept.
//!
//! Example: the two boxes in the corridor are frozen on their goals (walls
//! above and below, each other on the sides) and shut the corridor, so the
//! third box can no longer reach the goal at its end, although on the empty
//! board it can, and the plain matching holds:
//!
//! ```text
//! #########
//! #.**    #
//! ####$   #
//! ####  @ #
//! #########
//! ```

use super::board::{Board, NONE};
use crate::util::bits;
use crate::util::hash::FastMap;

/// How many sets of frozen boxes the matcher keeps the reachable goals of;
/// past it the kept ones are dropped and found again as needed.
const WALLED_SETS: usize = 4096;

/// The buffers of the matching check, kept between calls, and for every
/// cell the goals a box there can reach.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    /// `reach[c * words..][..words]`: bit `g` is set when a box on cell `c`
    /// can reach goal `g` on the empty board.
    reach: Vec<u64>,
    words: usize,
    kuhn: Kuhn,
    /// For a set of frozen boxes (cell bits): the table like `reach` with
    /// them as walls, over the goals they leave free.
    walled: FastMap<Box<[u64]>, Box<[u64]>>,
}

/// Kuhn's augmenting paths over a table of reachable goals.
#[derive(Clone, Debug, Default)]
struct Kuhn {
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
        let words = bits::words_for(board.goals.len()).max(1);
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
        self.kuhn.boxes.clear();
        self.kuhn.boxes.extend(bits::iter::<u32>(boxes));
        self.kuhn
            .matches(board.goals.len(), self.words, &self.reach)
    }

    /// Whether the boxes of `boxes` that are not `frozen` (boxes frozen on
    /// goals) can be matched to distinct goals of the rest, each reachable
    /// with the frozen boxes as walls.
    pub fn has_matching_around(&mut self, board: &Board, boxes: &[u64], frozen: &[u64]) -> bool {
        if !self.walled.contains_key(frozen) {
            if self.walled.len() >= WALLED_SETS {
                self.walled.clear();
            }
            let table = walled_reach(board, frozen, self.words);
            self.walled.insert(frozen.into(), table);
        }
        let table = &self.walled[frozen];
        self.kuhn.boxes.clear();
        let moving = bits::iter::<u32>(boxes).filter(|&c| !bits::contains(frozen, c));
        self.kuhn.boxes.extend(moving);
        self.kuhn.matches(board.goals.len(), self.words, table)
    }

    /// Bytes of the kept tables of sets of frozen boxes.
    pub fn bytes(&self) -> usize {
        let words: usize = (self.walled.iter()).map(|(k, v)| k.len() + v.len()).sum();
        words * 8
    }
}

/// For every cell, the goals not under a `frozen` box that a box there can
/// reach alone, the frozen boxes as walls: pulls from each such goal.
fn walled_reach(board: &Board, frozen: &[u64], words: usize) -> Box<[u64]> {
    let mut table = vec![0u64; board.len() * words];
    let mut seen = vec![false; board.len()];
    let mut stack = Vec::new();
    let open = |c: u32| c != NONE && !bits::contains(frozen, c);
    for (g, &goal) in board.goals.iter().enumerate() {
        if !open(goal) {
            continue;
        }
        seen.fill(false);
        seen[goal as usize] = true;
        stack.push(goal);
        while let Some(c) = stack.pop() {
            bits::insert(&mut table[c as usize * words..], g);
            for d in 0..4 {
                // Pull the box from c to c1: the man stands on c1 and steps
                // on to c2.
                let c1 = board.next[c as usize][d];
                if !open(c1) || !open(board.next[c1 as usize][d]) || seen[c1 as usize] {
                    continue;
                }
                seen[c1 as usize] = true;
                stack.push(c1);
            }
        }
    }
    table.into_boxed_slice()
}

impl Kuhn {
    /// Whether `self.boxes` can be matched to distinct goals of `table`'s.
    fn matches(&mut self, goals: usize, words: usize, table: &[u64]) -> bool {
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
            if !self.augment(words, table, i) {
                return false;
            }
        }
        true
    }

    /// Finds a goal for box `i`, moving matched boxes on along the way.
    fn augment(&mut self, words: usize, table: &[u64], i: usize) -> bool {
        let cell = self.boxes[i] as usize;
        let reach = &table[cell * words..][..words];
        // A free goal first: in open rooms that ends the search at once.
        for g in bits::iter::<usize>(reach) {
            if self.box_of[g] == FREE {
                self.box_of[g] = i as u32;
                return true;
            }
        }
        for g in bits::iter::<usize>(reach) {
            if self.visited[g] == self.stamp {
                continue;
            }
            self.visited[g] = self.stamp;
            let other = self.box_of[g] as usize;
            if self.augment(words, table, other) {
                self.box_of[g] = i as u32;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
