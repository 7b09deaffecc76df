//! From the rows of one XSB board to a checked [`Level`].
//!
//! Each row is expanded (run-length counts: `3#$` is `###$`), padded to the
//! width of the longest row with [`Tile::Void`], and the board is checked in
//! this order, the first failure being reported at its place in the file:
//!
//! 1. every character is an XSB character;
//! 2. exactly one man (`@` or `+`);
//! 3. at least one box, and as many boxes as goals;
//! 4. the board is closed: the man, walking through boxes as if they were
//!    floor, cannot reach the edge of the grid or a spot past a row's end
//!    (the error points at that spot, the gap in the wall).
//!
//! Boxes and goals outside the man's region are legal: Microban 155 has boxes
//! already on goals in rooms nobody can enter.

use std::ops::Range;

use super::error::{Located, XsbError, XsbErrorKind};
use super::level::{Cell, Info, Level, Tile};
use super::xsb::{Collection, Entry, MAX_SIZE};

/// One expanded row: each cell's character and the byte offset it came from.
type Row = Vec<(char, usize)>;

/// Checks board `index` (1-based) of `collection` and builds its level.
pub(super) fn build(
    collection: &Collection,
    index: usize,
    entry: &Entry,
) -> Result<Level, XsbError> {
    let fail = |kind: XsbErrorKind, offset: usize, width: usize| XsbError {
        level: Some((index, entry.title.clone())),
        kind,
        at: Box::new(Located::at(
            &collection.path,
            &collection.text,
            offset,
            width,
        )),
    };
    let text = collection.text.as_str();
    let first_row = entry.rows.first().cloned().unwrap_or(0..0);
    // Errors about the whole board underline its first row.
    let width_1 = text.get(first_row.clone()).map_or(1, |s| s.chars().count());

    let mut rows: Vec<Row> = Vec::new();
    for range in &entry.rows {
        rows.push(expand(text, range.clone()).map_err(|(kind, at, w)| fail(kind, at, w))?);
    }
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if rows.len() > MAX_SIZE {
        return Err(fail(XsbErrorKind::TooLarge, first_row.start, 1));
    }

    let mut tiles = Vec::with_capacity(width * rows.len());
    let mut goals = Vec::with_capacity(width * rows.len());
    let mut boxes = Vec::with_capacity(width * rows.len());
    let mut men: Vec<(Cell, usize)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for c in 0..width {
            let ch = row.get(c).map(|&(ch, _)| ch);
            tiles.push(match ch {
                None => Tile::Void,
                Some('#') => Tile::Wall,
                Some(_) => Tile::Floor,
            });
            goals.push(matches!(ch, Some('.' | '*' | '+')));
            boxes.push(matches!(ch, Some('$' | '*')));
            if let Some(&('@' | '+', at)) = row.get(c) {
                men.push((Cell::new(r, c), at));
            }
        }
    }

    let man = match men.as_slice() {
        [] => return Err(fail(XsbErrorKind::NoMan, first_row.start, width_1)),
        [(man, _)] => *man,
        [(_, first), (_, second), ..] => {
            let at = Located::at(&collection.path, text, *first, 1);
            let kind = XsbErrorKind::SeveralMen {
                first: (at.line, at.column),
            };
            return Err(fail(kind, *second, 1));
        }
    };
    let (n_boxes, n_goals) = (count(&boxes), count(&goals));
    if n_boxes == 0 {
        return Err(fail(XsbErrorKind::NoBoxes, first_row.start, width_1));
    }
    if n_boxes != n_goals {
        let kind = XsbErrorKind::BoxesGoals {
            boxes: n_boxes,
            goals: n_goals,
        };
        return Err(fail(kind, first_row.start, width_1));
    }

    let info = Info {
        source: collection.file_name(),
        index,
        title: entry.title.clone(),
        author: entry.author.clone(),
        copyright: entry.copyright.clone(),
    };
    let level = Level::new(info, width, tiles, goals, boxes, man)
        .expect("invariant: the grids are width x height and pieces stand on floor");
    if let Some((cell, dir)) = level.exit() {
        let at = match level.neighbour(cell, dir) {
            // Void past the end of a row: just after its last character,
            // and as many columns further as the void cell lies.
            Some(gap) => {
                let row = &rows[gap.row];
                let end = row
                    .last()
                    .map_or(entry.rows[gap.row].start, |&(_, at)| at + 1);
                let mut at = Located::at(&collection.path, text, end, 1);
                at.column += gap.col - row.len();
                // Void shows as blanks, so that the caret can stand on it.
                let shown = at.source_line.chars().count();
                let blanks = (at.column - 1).saturating_sub(shown);
                at.source_line.extend(std::iter::repeat_n(' ', blanks));
                at
            }
            // Off the edge of the grid: the region's cell is the gap.
            None => Located::at(&collection.path, text, rows[cell.row][cell.col].1, 1),
        };
        return Err(XsbError {
            level: Some((index, entry.title.clone())),
            kind: XsbErrorKind::Open,
            at: Box::new(at),
        });
    }
    Ok(level)
}

fn count(flags: &[bool]) -> usize {
    flags.iter().filter(|&&f| f).count()
}

/// Expands the run-length counts of one row. An error gives the kind, the
/// byte offset and the width to underline.
fn expand(text: &str, range: Range<usize>) -> Result<Row, (XsbErrorKind, usize, usize)> {
    let mut row = Vec::new();
    let mut count: Option<(usize, usize)> = None; // (value, offset of its first digit)
    let slice = text.get(range.clone()).unwrap_or("");
    for (i, ch) in slice.char_indices() {
        let at = range.start + i;
        if let Some(d) = ch.to_digit(10) {
            let (value, start) = count.unwrap_or((0, at));
            let value = value * 10 + d as usize;
            if value > MAX_SIZE {
                let why = format!("a count larger than {MAX_SIZE}");
                return Err((XsbErrorKind::BadRunLength(why), start, at + 1 - start));
            }
            count = Some((value, start));
            continue;
        }
        if !matches!(ch, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_') {
            return Err((XsbErrorKind::UnknownChar(ch), at, 1));
        }
        let n = match count.take() {
            Some((0, start)) => {
                let why = "a count of 0".to_string();
                return Err((XsbErrorKind::BadRunLength(why), start, at - start));
            }
            Some((n, _)) => n,
            None => 1,
        };
        row.extend(std::iter::repeat_n((ch, at), n));
        if row.len() > MAX_SIZE {
            return Err((XsbErrorKind::TooLarge, at, 1));
        }
    }
    if let Some((_, start)) = count {
        let why = "a count must be followed by the character to repeat".to_string();
        return Err((XsbErrorKind::BadRunLength(why), start, range.end - start));
    }
    // Trailing spaces are nothing (as at the end of a line), so a row ends
    // where its text visibly ends.
    while row.last().is_some_and(|&(ch, _)| ch == ' ') {
        row.pop();
    }
    Ok(row)
}
