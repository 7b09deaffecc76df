//! The IPC-2008 `sokoban-sequential` encoding, as used by the 100 Sokoban
//! problems of IPC 2008 and 2011 (all of them Microban levels), so that
//! planbox can produce those files from the XSB text and compare planners on
//! both encodings.
//!
//! Unlike the `mbc` encoding, every cell of the level's bounding box is a
//! location, walls included, named `pos-C-R` (column first, 1-based,
//! zero-padded to two digits once the grid is 10 or more cells wide or high).
//! The man is the object `player-01`, the boxes are `stone-01`, `stone-02`,
//! ... in row-major order of their cells. The initial state holds:
//!
//! * `(IS-GOAL l)` for goal cells and `(IS-NONGOAL l)` for all others;
//! * `(MOVE-DIR a b dir-D)` for every pair of orthogonally adjacent non-wall
//!   cells (the space outside the outer wall too), both ways;
//! * `(at player-01 l)`, `(at stone-NN l)`, `(at-goal stone-NN)` for stones
//!   that start on a goal;
//! * `(clear l)` for every non-wall cell without man or stone, outside the
//!   outer wall included;
//! * `(= (total-cost) 0)`, with `(:metric minimize (total-cost))`: pushes cost
//!   1 and moves 0 in the IPC domain.
//!
//! The goal is `(at-goal s)` for every stone. Objects and facts are written in
//! sorted order, as in the competition files. Example, `#@$.#` between two
//! wall rows gives `(at player-01 pos-2-2)`, `(at stone-01 pos-3-2)`,
//! `(IS-GOAL pos-4-2)` and `(MOVE-DIR pos-2-2 pos-3-2 dir-right)`.

use std::fmt::Write;

use super::level::{Dir, Level, Tile};

/// The IPC domain, byte for byte (all four IPC Sokoban sets share it).
pub const DOMAIN: &str = include_str!("../../problems/ipc/sokoban-opt08-strips/domain.pddl");

/// Digits of the position numbers: 2 once the grid is 10 or more cells wide
/// or high, else 1 (more for grids of 100 and beyond).
pub fn digits(level: &Level) -> usize {
    level.width().max(level.height()).to_string().len()
}

/// The IPC direction object: `dir-up`, ...
pub fn dir_name(dir: Dir) -> String {
    format!("dir-{}", dir.name())
}

/// The stone objects with their cells, in row-major order of the cells.
pub fn stones(level: &Level) -> Vec<(String, super::level::Cell)> {
    (level.boxes().into_iter().enumerate())
        .map(|(i, cell)| (format!("stone-{:02}", i + 1), cell))
        .collect()
}

/// The problem file text for `level` in the IPC encoding.
pub fn problem(level: &Level, name: &str) -> String {
    let d = digits(level);
    let open = |c| level.tile(c) != Tile::Wall;
    let stones = stones(level);
    let man = level.man();

    let mut objects: Vec<String> = Dir::ALL
        .iter()
        .map(|&dir| format!("{} - direction", dir_name(dir)))
        .collect();
    objects.push("player-01 - player".into());
    objects.extend(
        level
            .cells()
            .map(|c| format!("{} - location", c.ipc_name(d))),
    );
    objects.extend(stones.iter().map(|(s, _)| format!("{s} - stone")));
    objects.sort();

    let mut init = Vec::new();
    for cell in level.cells() {
        let goal = if level.is_goal(cell) {
            "IS-GOAL"
        } else {
            "IS-NONGOAL"
        };
        init.push(format!("({goal} {})", cell.ipc_name(d)));
        if !open(cell) {
            continue;
        }
        for dir in Dir::ALL {
            if let Some(next) = level.neighbour(cell, dir).filter(|&n| open(n)) {
                init.push(format!(
                    "(MOVE-DIR {} {} {})",
                    cell.ipc_name(d),
                    next.ipc_name(d),
                    dir_name(dir)
                ));
            }
        }
        if cell != man && !level.has_box(cell) {
            init.push(format!("(clear {})", cell.ipc_name(d)));
        }
    }
    init.push(format!("(at player-01 {})", man.ipc_name(d)));
    for (stone, cell) in &stones {
        init.push(format!("(at {stone} {})", cell.ipc_name(d)));
        if level.is_goal(*cell) {
            init.push(format!("(at-goal {stone})"));
        }
    }
    init.sort();
    init.push("(= (total-cost) 0)".into());

    let naming = [
        "Translated by `planbox xsb2pddl --format ipc` for the IPC-2008 domain",
        "sokoban-sequential. Cells are named pos-C-R: column C, row R, from 1.",
    ];
    let mut out = super::to_pddl::header(level, ";;", &naming);
    let _ = writeln!(out, "\n(define (problem {name})");
    let _ = writeln!(out, "  (:domain sokoban-sequential)");
    let _ = writeln!(out, "  (:objects");
    for object in &objects {
        let _ = writeln!(out, "    {object}");
    }
    let _ = writeln!(out, "  )\n  (:init");
    for fact in &init {
        let _ = writeln!(out, "    {fact}");
    }
    let _ = writeln!(out, "  )\n  (:goal (and");
    for (stone, _) in &stones {
        let _ = writeln!(out, "    (at-goal {stone})");
    }
    let _ = writeln!(out, "  ))\n  (:metric minimize (total-cost))\n)");
    out
}

#[cfg(test)]
mod tests;
