//! `planbox solve --trace`: the first expansions of a push-level search,
//! drawn on the level.
//!
//! A push-level node is the boxes plus the man's *region*; the board shows
//! the man on the region's normalised cell (its lowest-numbered one, so not
//! necessarily where he stands), or on his exact cell with `--optimize
//! moves`. Each push tried is written `push r4c3 up -> r3c3`: the box on row
//! 4, column 3 (the cell names of `xsb2pddl`, 1-based) pushed up onto row 3;
//! a push that a rule cut says which rule (`dead_square`, `freeze`, `corral`,
//! `matching`, `duplicate`, `transposition`). A macro is one step of several
//! pushes and names the cell the box ends on: `push r6c6 down (through a
//! tunnel) -> r8c6`, `push r3c8 right (goal macro) -> r3c13`.
//!
//! The pull search (`--direction backward`) is drawn the same way, each step
//! a pull: `pull r3c4 left -> r3c3` drags the box on row 3, column 4 one cell
//! left, the man stepping back before it. Its first node is the virtual root
//! (the boxes on the goals, the man nowhere yet), whose steps put the man
//! into each region of the solved position: `man into r2c2's region`. Pulls
//! through a tunnel are one step too: `pull r3c12 left (3 pulls through a
//! tunnel) -> r3c9`.

use planbox::search::trace::Expansion;
use planbox::sokoban::level::Dir;
use planbox::sokoban::solver::Board;
use planbox::sokoban::solver::pull::{ROOT, is_root_op, pulls_of, root_region};
use planbox::sokoban::solver::push::{MACRO, TUNNEL, push_of};
use planbox::sokoban::{Level, render};
use planbox::task::OpId;
use planbox::util::bits;
use std::fmt::Write as _;

/// How to print the nodes of one level's push space.
pub struct PushViewer<'a> {
    pub level: &'a Level,
    pub board: &'a Board,
    /// Move-optimal search: the man's exact cell, and walks in the operators.
    pub moves: bool,
    /// The pull search: each step a pull (see [`planbox::sokoban::solver::pull`]).
    pub pulls: bool,
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
        for b in bits::iter::<u32>(boxes) {
            if let Some(i) = self.level.index(self.board.cells[b as usize]) {
                flags[i] = true;
            }
        }
        let man = (man[0] != ROOT).then(|| self.board.cells[man[0] as usize]);
        render::board(self.level, man, &flags)
    }

    /// The text of the step `op`.
    fn step(&self, op: OpId) -> String {
        if !self.pulls {
            return self.push(op);
        }
        if is_root_op(op) {
            let region = self.name(root_region(op));
            return format!("man into {region}'s region");
        }
        // A pull is stored as the push that undoes it: the box on `to`
        // pushed in direction `d` goes back to where the pull took it from
        // (a tunnel macro's pulls, as many cells away).
        let (to, d) = push_of(op);
        let pulls = pulls_of(op);
        let mut from = to;
        for _ in 0..pulls {
            from = self.board.next[from as usize][d];
        }
        let dir = Dir::ALL[d ^ 1].name();
        let run = if pulls > 1 {
            format!(" ({pulls} pulls through a tunnel)")
        } else {
            String::new()
        };
        format!("pull {} {dir}{run}", self.name(from))
    }

    /// The cell a box moved onto from `node` to `successor` (none for the
    /// pull search's steps into a region): read off the boxes, so that a
    /// macro's last cell is named, not the first push's.
    fn moved(&self, node: &[u64], successor: &[u64]) -> Option<u32> {
        let w = self.box_words();
        bits::iter::<u32>(&successor[..w]).find(|&c| !bits::contains(&node[..w], c))
    }

    /// `push r4c3 up`, with the walk before it for move-optimal search.
    fn push(&self, op: OpId) -> String {
        let (cell, d) = push_of(op);
        let walk = if self.moves {
            format!(" (walk {})", op.0 >> 22)
        } else {
            String::new()
        };
        // Macros are off for move-optimal search, whose walks use the bits
        // of the flags.
        let r#macro = if self.moves {
            ""
        } else if op.0 & MACRO != 0 {
            " (goal macro)"
        } else if op.0 & TUNNEL != 0 {
            " (through a tunnel)"
        } else {
            ""
        };
        format!(
            "push {} {}{walk}{}",
            self.name(cell),
            Dir::ALL[d].name(),
            r#macro
        )
    }

    /// The `--trace` text of the recorded expansions.
    pub fn trace(&self, expansions: &[Expansion]) -> String {
        let mut out = String::new();
        let man = if self.moves { "man" } else { "man's region" };
        let none = if self.pulls { "pull" } else { "push" };
        for (k, e) in expansions.iter().enumerate() {
            let (boxes, at) = e.node.split_at(self.box_words());
            let names: Vec<String> = bits::iter::<u32>(boxes).map(|b| self.name(b)).collect();
            let _ = writeln!(out, "expansion {} (g = {}):", k + 1, e.g);
            let at = if at[0] == ROOT {
                "not placed yet".to_string()
            } else {
                self.name(at[0] as u32)
            };
            let _ = writeln!(out, "  boxes {}; {man} {at}", names.join(" "));
            for line in self.draw(&e.node).lines() {
                let _ = writeln!(out, "    {line}");
            }
            if e.tries.is_empty() {
                let _ = writeln!(out, "  (no {none} possible)");
            }
            for t in &e.tries {
                let step = self.step(t.op);
                match (&t.successor, t.pruned) {
                    (Some(succ), rule) => {
                        let to =
                            (self.moved(&e.node, succ)).map(|c| format!(" -> {}", self.name(c)));
                        let pruned = rule.map(|r| format!("  pruned: {r}"));
                        let _ = writeln!(
                            out,
                            "  {step}{}{}",
                            to.unwrap_or_default(),
                            pruned.unwrap_or_default()
                        );
                    }
                    (None, rule) => {
                        let _ = writeln!(out, "  {step}  pruned: {}", rule.unwrap_or("?"));
                    }
                }
            }
        }
        out
    }
}
