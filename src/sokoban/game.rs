//! The rules of Sokoban, for replaying solutions step by step.
//!
//! A state is where the man and the boxes are. A step in a direction is
//! a *move* if the next cell is free floor, a *push* if it holds a box and
//! the cell beyond is free floor (the box slides on, the man takes its
//! place), and illegal otherwise. The level is solved when every goal holds
//! a box. Example on `#@$ .#`: `R` pushes to `# @$.#`, `R` again to `#  @*#`.
//!
//! These are exactly the `move` and `push` actions of `domains/sokoban.pddl`,
//! so a plan and its LURD string describe the same walk.

use std::fmt;

use super::level::{Cell, Dir, Level, Tile};

/// The man's cell and the boxes (row-major flags over the level's grid).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub man: Cell,
    pub boxes: Vec<bool>,
}

/// What a legal step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Move,
    /// A push; the box went from `from` to `to`.
    Push {
        from: Cell,
        to: Cell,
    },
}

/// Why a step cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The man would walk into a wall (or off the board).
    Blocked { dir: Dir, cell: Option<Cell> },
    /// The box next to the man cannot move: behind it is a wall, another box,
    /// or nothing.
    BoxStuck {
        dir: Dir,
        at: Cell,
        behind: Option<Cell>,
        by_box: bool,
    },
}

impl Illegal {
    /// The message, naming cells as `naming` does.
    pub fn message(&self, naming: Naming) -> String {
        let name = |c: &Option<Cell>| c.map_or("the edge of the board".into(), |c| naming.cell(c));
        match self {
            Illegal::Blocked { dir, cell } => format!(
                "the man cannot step {}: {} is a wall",
                dir.name(),
                name(cell)
            ),
            Illegal::BoxStuck {
                dir,
                at,
                behind,
                by_box,
            } => format!(
                "the box at {} cannot be pushed {}: {} {}",
                naming.cell(*at),
                dir.name(),
                name(behind),
                if *by_box {
                    "holds another box"
                } else {
                    "is a wall"
                }
            ),
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Naming::Rows))
    }
}

/// How messages name cells: `r3c4` (the toolkit's own encoding and LURD
/// replays) or IPC's `pos-04-03`, so that a message about an IPC plan uses
/// the plan's own names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    Rows,
    Ipc { digits: usize },
}

impl Naming {
    pub fn cell(self, cell: Cell) -> String {
        match self {
            Naming::Rows => cell.name(),
            Naming::Ipc { digits } => cell.ipc_name(digits),
        }
    }
}

impl State {
    /// The level's starting position.
    pub fn initial(level: &Level) -> State {
        let mut boxes = vec![false; level.width() * level.height()];
        for cell in level.boxes() {
            if let Some(i) = level.index(cell) {
                boxes[i] = true;
            }
        }
        State {
            man: level.man(),
            boxes,
        }
    }

    pub fn has_box(&self, level: &Level, cell: Cell) -> bool {
        level.index(cell).is_some_and(|i| self.boxes[i])
    }

    /// Makes one step in `dir`, or says why it is illegal (leaving `self` as it was).
    pub fn step(&mut self, level: &Level, dir: Dir) -> Result<Step, Illegal> {
        let next = level.neighbour(self.man, dir);
        let Some(next) = next.filter(|&n| level.tile(n) == Tile::Floor) else {
            return Err(Illegal::Blocked { dir, cell: next });
        };
        if !self.has_box(level, next) {
            self.man = next;
            return Ok(Step::Move);
        }
        let beyond = level.neighbour(next, dir);
        match beyond {
            Some(to) if level.tile(to) == Tile::Floor && !self.has_box(level, to) => {
                self.set_box(level, next, false);
                self.set_box(level, to, true);
                self.man = next;
                Ok(Step::Push { from: next, to })
            }
            _ => Err(Illegal::BoxStuck {
                dir,
                at: next,
                behind: beyond,
                by_box: beyond.is_some_and(|b| self.has_box(level, b)),
            }),
        }
    }

    fn set_box(&mut self, level: &Level, cell: Cell, on: bool) {
        if let Some(i) = level.index(cell) {
            self.boxes[i] = on;
        }
    }

    /// How many goals hold a box, and how many goals there are.
    pub fn goals_done(&self, level: &Level) -> (usize, usize) {
        let goals = level.goals();
        let done = goals.iter().filter(|&&g| self.has_box(level, g)).count();
        (done, goals.len())
    }

    /// Every goal holds a box.
    pub fn is_solved(&self, level: &Level) -> bool {
        let (done, all) = self.goals_done(level);
        done == all
    }

    /// The board of this state as XSB text.
    pub fn to_xsb(&self, level: &Level) -> String {
        super::render::board(level, Some(self.man), &self.boxes)
    }
}

#[cfg(test)]
mod tests;
