//! From a [`Level`] to a PDDL problem for `domains/sokoban.pddl` (the `mbc`
//! format, after the classroom notebook it comes from).
//!
//! Every cell the game can use becomes a `location` named `rRcC`; walls and
//! the space outside them are simply absent. The initial state places the man
//! and the boxes, marks every other location `clear`, and links orthogonal
//! neighbours with `adjacent` in both directions. The goal asks for a box on
//! every goal cell. Example, for `#@$.#` between two wall rows:
//!
//! ```text
//! (:objects r2c2 r2c3 r2c4 - location)
//! (:init (man r2c2) (box r2c3) (clear r2c4)
//!   (adjacent r2c2 r2c3 right) (adjacent r2c3 r2c2 left)
//!   (adjacent r2c3 r2c4 right) (adjacent r2c4 r2c3 left))
//! (:goal (and (box r2c4)))
//! ```
//!
//! Which cells are locations: the man's region (the floor he could reach if
//! boxes were floor, see [`Level::man_region`]), plus any box or goal cell
//! outside it. Such cells exist in walled-off rooms (Microban 155 keeps boxes
//! on goals there for decoration). They get objects but no `adjacent` facts,
//! so `(box g)` can be stated and holds from the start, and nothing can ever
//! move there. Dropping the rest of the outside keeps the task small: a
//! planner never sees a cell that play cannot reach.
//!
//! The file starts with `;` comment lines that draw the level and name its
//! title and source, so a reader can check the translation by eye; the cell
//! names carry the coordinates, so plans map back to the board (see
//! [`super::lurd`]).

use std::fmt::Write;

use super::level::{Cell, Dir, Level};

/// The domain every `mbc` problem is written for (`domains/sokoban.pddl`).
pub const DOMAIN: &str = include_str!("../../domains/sokoban.pddl");

/// The encodings `planbox xsb2pddl` can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `domains/sokoban.pddl`: `man`, `box`, `clear`, `adjacent`; unit costs.
    Mbc,
    /// The IPC-2008 `sokoban-sequential` encoding (see [`super::ipc`]).
    Ipc,
}

impl Format {
    /// The domain file text for this format.
    pub fn domain(self) -> &'static str {
        match self {
            Format::Mbc => DOMAIN,
            Format::Ipc => super::ipc::DOMAIN,
        }
    }

    /// The problem text for `level`, with PDDL problem name `name`.
    pub fn problem(self, level: &Level, name: &str) -> String {
        match self {
            Format::Mbc => problem(level, name),
            Format::Ipc => super::ipc::problem(level, name),
        }
    }
}

/// The cells that become `location` objects, in row-major order.
pub fn locations(level: &Level) -> Vec<Cell> {
    let region = level.man_region();
    level
        .cells()
        .filter(|&c| {
            level.index(c).is_some_and(|i| region[i]) || level.has_box(c) || level.is_goal(c)
        })
        .collect()
}

/// The comment block at the top of a problem file: title, source, credits,
/// how cells are named, and the level itself. Every line starts with `marker`.
pub(super) fn header(level: &Level, marker: &str, naming: &[&str]) -> String {
    let info = &level.info;
    let mut out = String::new();
    let title = info
        .title
        .as_ref()
        .map_or(String::new(), |t| format!(" `{t}`"));
    let _ = writeln!(
        out,
        "{marker} Sokoban level{title} (level {} of {})",
        info.index, info.source
    );
    for (key, value) in [("Author", &info.author), ("Copyright", &info.copyright)] {
        if let Some(value) = value {
            let _ = writeln!(out, "{marker} {key}: {value}");
        }
    }
    for line in naming {
        let _ = writeln!(out, "{marker} {line}");
    }
    let _ = writeln!(out, "{marker}");
    for row in level.to_xsb().lines() {
        let _ = writeln!(out, "{marker} {row}");
    }
    out
}

/// The problem file text for `level` (see the module docs).
pub fn problem(level: &Level, name: &str) -> String {
    let cells = locations(level);
    let is_location = |c: Cell| cells.binary_search(&c).is_ok();
    let region = level.man_region();
    let in_region = |c: Cell| level.index(c).is_some_and(|i| region[i]);
    let naming = [
        "Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are",
        "named rRcC: row R, column C, counted from 1 at the top left.",
    ];
    let mut out = header(level, ";", &naming);
    let _ = writeln!(out, "\n(define (problem {name})");
    let _ = writeln!(out, "  (:domain sokoban)");
    let _ = writeln!(out, "  (:objects");
    for row in cells.chunk_by(|a, b| a.row == b.row) {
        let _ = writeln!(out, "    {}", names(row));
    }
    let _ = writeln!(out, "    - location)");
    let _ = writeln!(out, "  (:init");
    let _ = writeln!(out, "    (man {})", level.man().name());
    let boxes = level.boxes();
    if !boxes.is_empty() {
        let _ = writeln!(out, "    {}", atoms("box", &boxes));
    }
    let clear: Vec<Cell> = (cells.iter().copied())
        .filter(|&c| c != level.man() && !level.has_box(c))
        .collect();
    for row in clear.chunk_by(|a, b| a.row == b.row) {
        let _ = writeln!(out, "    {}", atoms("clear", row));
    }
    for &cell in cells.iter().filter(|&&c| in_region(c)) {
        let links: Vec<String> = (Dir::ALL.iter())
            .filter_map(|&d| {
                let next = level
                    .neighbour(cell, d)
                    .filter(|&n| is_location(n) && in_region(n))?;
                Some(format!(
                    "(adjacent {} {} {})",
                    cell.name(),
                    next.name(),
                    d.name()
                ))
            })
            .collect();
        if !links.is_empty() {
            let _ = writeln!(out, "    {}", links.join(" "));
        }
    }
    let _ = writeln!(out, "  )");
    let _ = writeln!(out, "  (:goal (and {})))", atoms("box", &level.goals()));
    out
}

fn names(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

fn atoms(predicate: &str, cells: &[Cell]) -> String {
    (cells.iter())
        .map(|c| format!("({predicate} {})", c.name()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
