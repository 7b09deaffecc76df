//! Drawing Sokoban states as XSB text, for planner traces and `replay --show`.
//!
//! A state of a translated problem is a set of true atoms; only `(man l)` and
//! `(box l)` matter for the picture (in the IPC encoding, `(at player-01 l)`
//! and `(at stone-NN l)`), because walls and goals never change. So
//!
//! ```text
//! {(man r2c2), (box r2c3)}  on  #####   draws   #####
//!                               #@$.#           #@$.#
//!                               #####           #####
//! ```
//!
//! and `{(man r2c3), (box r2c4)}` draws `# @*#` in the middle row.
//!
//! A *subgoal set* of a regression planner says what must hold, not what
//! does; [`subgoals`] draws one with these symbols (cells without a
//! requirement show the plain board: `#` wall, `.` goal, space):
//!
//! | symbol | requirement |
//! |---|---|
//! | `$` / `*` | a box must be here (on a non-goal / goal cell) |
//! | `@` / `+` | the man must be here (on a non-goal / goal cell) |
//! | `-` / `=` | the cell must be clear (non-goal / goal cell) |
//! | `!` | contradictory: two of box, man and clear on one cell |
//!
//! Atoms over other predicates (`adjacent`, `at-goal`, ...) and cells off the
//! board are ignored.

use super::level::{Cell, Level, Tile};

/// The pieces that a set of atoms places on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pieces {
    pub men: Vec<Cell>,
    pub boxes: Vec<Cell>,
    pub clear: Vec<Cell>,
}

/// Reads atoms such as `(man r3c4)`, `(box r2c2)`, `(clear r5c1)`,
/// `(at player-01 pos-4-3)` or `(at stone-02 pos-2-2)`, in any case.
pub fn pieces<'a>(atoms: impl IntoIterator<Item = &'a str>) -> Pieces {
    let mut pieces = Pieces::default();
    for atom in atoms {
        let words: Vec<String> = (atom.trim().trim_start_matches('(').trim_end_matches(')'))
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let (list, name) = match words.as_slice() {
            ["man", l] => (&mut pieces.men, *l),
            ["box", l] => (&mut pieces.boxes, *l),
            ["clear", l] => (&mut pieces.clear, *l),
            ["at", t, l] if t.starts_with("player") => (&mut pieces.men, *l),
            ["at", t, l] if t.starts_with("stone") => (&mut pieces.boxes, *l),
            _ => continue,
        };
        if let Some(cell) = Cell::from_any_name(name) {
            list.push(cell);
        }
    }
    pieces
}

/// The board with the man at `man` and boxes where `boxes` (row-major flags,
/// as [`super::game::State`] keeps them) is true.
pub fn board(level: &Level, man: Option<Cell>, boxes: &[bool]) -> String {
    draw(level, |cell, i| {
        let goal = level.is_goal(cell);
        if man == Some(cell) {
            Some(if goal { '+' } else { '@' })
        } else if boxes.get(i).copied().unwrap_or(false) {
            Some(if goal { '*' } else { '$' })
        } else {
            None
        }
    })
}

/// The board of the state in which exactly `atoms` hold (see the module docs).
pub fn state<'a>(level: &Level, atoms: impl IntoIterator<Item = &'a str>) -> String {
    let pieces = pieces(atoms);
    let mut boxes = vec![false; level.width() * level.height()];
    for &cell in &pieces.boxes {
        if let Some(i) = level.index(cell) {
            boxes[i] = true;
        }
    }
    board(level, pieces.men.first().copied(), &boxes)
}

/// The board marked with what a subgoal set requires (symbols in the module docs).
pub fn subgoals<'a>(level: &Level, atoms: impl IntoIterator<Item = &'a str>) -> String {
    let pieces = pieces(atoms);
    let size = level.width() * level.height();
    let mut need = vec![[false; 3]; size];
    for (k, cells) in [&pieces.boxes, &pieces.men, &pieces.clear]
        .into_iter()
        .enumerate()
    {
        for &cell in cells {
            if let Some(i) = level.index(cell) {
                need[i][k] = true;
            }
        }
    }
    draw(level, |cell, i| {
        let goal = level.is_goal(cell);
        match need[i] {
            [false, false, false] => None,
            [true, false, false] => Some(if goal { '*' } else { '$' }),
            [false, true, false] => Some(if goal { '+' } else { '@' }),
            [false, false, true] => Some(if goal { '=' } else { '-' }),
            _ => Some('!'),
        }
    })
}

/// Draws every row: `piece(cell, index)` for what stands on a cell, else the
/// board itself. Trailing blanks are cut, and each row ends with `\n`.
fn draw(level: &Level, piece: impl Fn(Cell, usize) -> Option<char>) -> String {
    let mut out = String::new();
    for row in 0..level.height() {
        let start = out.len();
        for col in 0..level.width() {
            let cell = Cell::new(row, col);
            let i = row * level.width() + col;
            out.push(piece(cell, i).unwrap_or(match level.tile(cell) {
                Tile::Wall => '#',
                Tile::Floor if level.is_goal(cell) => '.',
                Tile::Floor | Tile::Void => ' ',
            }));
        }
        let kept = out[start..].trim_end().len();
        out.truncate(start + kept);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
