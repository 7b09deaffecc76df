//! `planbox solve --trace`: the first expansions of a push-level search,
//! drawn on the level.
//!
//! A push-level node is the boxes plus the man's *region*; the board shows
//! the man on the region's normalised cell (its lowest-numbered one, so not
//! necessarily where he stands), or on his exact cell with `--optimize
//! moves`. Each push tried is written `push r4c3 up -> r3c3`: the box on row
//! 4, column 3 (the cell names of `xsb2pddl`, 1-based) pushed up onto row 3;
//! a push that a rule cut says which rule (`dead_square`, `freeze`, `corral`,
//! `matching`, `duplicate`, `transposition`).

use planbox::search::trace::Expansion;
use planbox::sokoban::level::Dir;
use planbox::sokoban::solver::Board;
use planbox::sokoban::solver::push::{cells_of, push_of};
use planbox::sokoban::{Level, render};
use planbox::task::OpId;
use std::fmt::Write as _;

/// How to print the nodes of one level's push space.
pub struct PushViewer<'a> {
    pub level: &'a Level,
    pub board: &'a Board,
    /// Move-optimal search: the man's exact cell, and walks in the operators.
    pub moves: bool,
}

impl PushViewer<'_> {
    fn box_words(&self) -> usize {
        self.board.len().div_ceil(64).max(1)
    }

    fn name(&self, cell: u32) -> String {
        self.board.cells[cell as usize].name()
    }

    /// The node drawn as the level, boxes and man in place.
    fn draw(&self, node: &[u64]) -> String {
        let (boxes, man) = node.split_at(self.box_words());
        let mut flags = vec![false; self.level.width() * self.level.height()];
        for b in cells_of(boxes) {
            if let Some(i) = self.level.index(self.board.cells[b as usize]) {
                flags[i] = true;
            }
        }
        let man = self.board.cells[man[0] as usize];
        render::board(self.level, Some(man), &flags)
    }

    /// `push r4c3 up`, with the walk before it for move-optimal search.
    fn push(&self, op: OpId) -> String {
        let (cell, d) = push_of(op);
        let walk = if self.moves {
            format!(" (walk {})", op.0 >> 22)
        } else {
            String::new()
        };
        format!("push {} {}{walk}", self.name(cell), Dir::ALL[d].name())
    }

    /// The `--trace` text of the recorded expansions.
    pub fn trace(&self, expansions: &[Expansion]) -> String {
        let mut out = String::new();
        let man = if self.moves { "man" } else { "man's region" };
        for (k, e) in expansions.iter().enumerate() {
            let (boxes, at) = e.node.split_at(self.box_words());
            let names: Vec<String> = cells_of(boxes).map(|b| self.name(b)).collect();
            let _ = writeln!(out, "expansion {} (g = {}):", k + 1, e.g);
            let _ = writeln!(
                out,
                "  boxes {}; {man} {}",
                names.join(" "),
                self.name(at[0] as u32)
            );
            for line in self.draw(&e.node).lines() {
                let _ = writeln!(out, "    {line}");
            }
            if e.tries.is_empty() {
                let _ = writeln!(out, "  (no push possible)");
            }
            for t in &e.tries {
                let push = self.push(t.op);
                match (&t.successor, t.pruned) {
                    (Some(_), rule) => {
                        let (cell, d) = push_of(t.op);
                        let to = self.board.next[cell as usize][d];
                        let pruned = rule.map(|r| format!("  pruned: {r}"));
                        let _ = writeln!(
                            out,
                            "  {push} -> {}{}",
                            self.name(to),
                            pruned.unwrap_or_default()
                        );
                    }
                    (None, rule) => {
                        let _ = writeln!(out, "  {push}  pruned: {}", rule.unwrap_or("?"));
                    }
                }
            }
        }
        out
    }
}
