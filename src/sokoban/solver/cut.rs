//! The man's regions around one box, wherever it stands: the floor's cut
//! cells.
//!
//! A box move ([`super::box_move`]) takes one box across the level while
//! the others stand still. At each cell the box passes, the man's region is
//! the floor without the boxes and without that cell; flooding it again for
//! every cell is the box moves' innermost cost. Those regions all come from
//! one graph, though: the free floor `G` with the moving box lifted off. A
//! box on cell `c` splits the part of `G` it stands in exactly where `c` is
//! a *cut cell* (an articulation point) of `G`, and one depth-first search
//! of `G` (Hopcroft and Tarjan's lowpoints) tells for every `c` at once which
//! cells beside it the man can walk between: two neighbours of `c` are in
//! one region of `G - c` unless one of them lies in a subtree of `c` that no
//! edge joins to the cells above `c`.
//!
//! Each region of `G - c` is named by a *side*: a child `w` of `c` whose
//! subtree only `c` joins to the rest (the region is that subtree), or `c`
//! itself for the region of everything else. Its lowest cell, the man's
//! normalised position once the box stands on `c`, comes from the subtree
//! minima and the least cell before and after `c`'s subtree in the search's
//! order, without a flood.
//!
//! Example: in a corridor `#a b c#` (the box lifted off), the search from
//! `a` goes `a, b, c`; `b` is a cut cell, since `c`'s subtree has no edge
//! above `b`. A box on `b` leaves the man's regions `{c}` (side `c`) and
//! `{a}` (side `b`, the rest).

use super::board::{Board, NONE};
use crate::util::bits;

/// The depth-first search of the floor without some boxes, from one cell,
/// with what it takes to name the man's region beside any cell of its part.
#[derive(Clone, Debug, Default)]
pub struct CutTree {
    /// Preorder number of each cell reached (`NONE`: not reached).
    order: Vec<u32>,
    /// The least preorder number reachable from the cell's subtree by one
    /// edge that is not a tree edge.
    low: Vec<u32>,
    /// Cells in the cell's subtree, itself included.
    size: Vec<u32>,
    parent: Vec<u32>,
    /// The least cell of the cell's subtree.
    least: Vec<u32>,
    /// The cells reached, in preorder.
    cells: Vec<u32>,
    /// `before[i]`: the least of `cells[..i]`; `after[i]`: of `cells[i..]`.
    before: Vec<u32>,
    after: Vec<u32>,
    stack: Vec<(u32, u8)>,
}

impl CutTree {
    pub fn new(board: &Board) -> CutTree {
        let n = board.len();
        CutTree {
            order: vec![NONE; n],
            low: vec![0; n],
            size: vec![0; n],
            parent: vec![NONE; n],
            least: vec![0; n],
            ..CutTree::default()
        }
    }

    /// Searches the cells without a box of `boxes` that `root` (free)
    /// reaches.
    pub fn build(&mut self, board: &Board, boxes: &[u64], root: u32) {
        for &c in &self.cells {
            self.order[c as usize] = NONE;
        }
        self.cells.clear();
        self.visit(root, NONE);
        self.stack.push((root, 0));
        while let Some(top) = self.stack.last_mut() {
            let (v, d) = *top;
            if d < 4 {
                top.1 += 1;
                let w = board.next[v as usize][usize::from(d)];
                if w == NONE || bits::contains(boxes, w) {
                    continue;
                }
                if self.order[w as usize] == NONE {
                    self.visit(w, v);
                    self.stack.push((w, 0));
                } else if w != self.parent[v as usize] {
                    let o = self.order[w as usize];
                    let low = &mut self.low[v as usize];
                    *low = (*low).min(o);
                }
                continue;
            }
            self.stack.pop();
            let v = v as usize;
            self.size[v] = self.cells.len() as u32 - self.order[v];
            let p = self.parent[v];
            if p != NONE {
                let p = p as usize;
                self.low[p] = self.low[p].min(self.low[v]);
                self.least[p] = self.least[p].min(self.least[v]);
            }
        }
        let n = self.cells.len();
        self.before.clear();
        self.before.push(NONE);
        for i in 0..n {
            let c = self.before[i].min(self.cells[i]);
            self.before.push(c);
        }
        self.after.clear();
        self.after.resize(n + 1, NONE);
        for i in (0..n).rev() {
            self.after[i] = self.after[i + 1].min(self.cells[i]);
        }
    }

    fn visit(&mut self, c: u32, parent: u32) {
        let o = self.cells.len() as u32;
        let c = c as usize;
        self.order[c] = o;
        self.low[c] = o;
        self.parent[c] = parent;
        self.least[c] = c as u32;
        self.cells.push(c as u32);
    }

    /// Whether `u` is in the subtree of `w` (both reached).
    fn under(&self, u: u32, w: u32) -> bool {
        let (ou, ow) = (self.order[u as usize], self.order[w as usize]);
        ou >= ow && ou < ow + self.size[w as usize]
    }

    /// The side of the region of `G - c` that holds `u`, a free neighbour
    /// of `c` (both reached): the child of `c` whose subtree it is, or `c`
    /// for the rest.
    pub fn side(&self, board: &Board, c: u32, u: u32) -> u32 {
        if self.under(u, c) {
            for &w in &board.next[c as usize] {
                if w != NONE
                    && self.order[w as usize] != NONE
                    && self.parent[w as usize] == c
                    && self.under(u, w)
                {
                    return if self.low[w as usize] >= self.order[c as usize] {
                        w
                    } else {
                        c
                    };
                }
            }
        }
        c
    }

    /// The lowest cell of the region of `G - c` on `side` (of
    /// [`CutTree::side`]).
    pub fn lowest(&self, board: &Board, c: u32, side: u32) -> u32 {
        if side != c {
            return self.least[side as usize];
        }
        let o = self.order[c as usize] as usize;
        let end = o + self.size[c as usize] as usize;
        let mut lowest = self.before[o].min(self.after[end]);
        for &w in &board.next[c as usize] {
            if w != NONE
                && self.order[w as usize] != NONE
                && self.parent[w as usize] == c
                && self.low[w as usize] < self.order[c as usize]
            {
                lowest = lowest.min(self.least[w as usize]);
            }
        }
        lowest
    }
}

#[cfg(test)]
mod tests;
