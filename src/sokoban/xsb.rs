//! Reading XSB level files: one or many Sokoban levels in plain text.
//!
//! ```text
//! ; 1                <- a title (a comment line before the board)
//!
//! #####              # wall        @ man      + man on a goal
//! #@$.#              $ box         * box on a goal
//! #####              . goal        space, - or _ floor
//! ```
//!
//! Rows may be run-length encoded (`5#` is `#####`) and several rows may share a
//! line, separated by `|`: `5#|#@$.#|5#` is the level above. Lines that start
//! with `;` or `::` are comments; CRLF line endings and rows of different
//! lengths are fine.
//!
//! A *board* is a run of consecutive board lines: a line made of XSB characters
//! with at least one piece on it, or a line that contains a `#` and starts
//! like a board row (so `#  X #` is a board line with an unknown character,
//! while `Level #5` is text). The first line of a board must contain a `#`.
//! Anything else (comments and free text) is a *note*. A level's title is
//! found among the notes next to its board, in this order:
//!
//! 1. a `Title:` line right after or before the board (the SOK convention);
//! 2. the last note of a block that touches the board from above (Boxoban's
//!    `; 17` line, `teaching.xsb`);
//! 3. the first note of a block that touches the board from below
//!    (`original_and_extra.xsb` writes `; 1` after each board); this block
//!    then belongs to the level and is no title candidate for the next one;
//! 4. the last note of the block above, even across blank lines (Microban
//!    writes `; 1`, a blank line, then the board).
//!
//! Notes of the form `Author: ...` and `Copyright: ...` next to a board give
//! its author and copyright; those in the file header (before the first board)
//! apply to every level that names none of its own. Other `Key: value` notes
//! (`E-Mail:`, `Web Site:`, `Comment:`, ...) are never titles.
//!
//! Reading a file never fails: [`parse`] only splits it into boards and notes.
//! Each board is checked when it is turned into a [`Level`] by
//! [`Collection::level`] (see `sokoban/board.rs`), so one broken level does not
//! hide the others.

use std::ops::Range;
use std::path::{Path, PathBuf};

use super::error::{Located, XsbError, XsbErrorKind};
use super::level::Level;

/// The largest width and height of a board, in cells.
pub const MAX_SIZE: usize = 1000;

/// The levels of one XSB file, not yet checked.
#[derive(Clone, Debug)]
pub struct Collection {
    pub path: PathBuf,
    pub(super) text: String,
    entries: Vec<Entry>,
}

/// One board of a file with the names found next to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub title: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
    /// Byte ranges of the board's rows in the file text (a line holds
    /// several rows when they are separated by `|`).
    pub(super) rows: Vec<Range<usize>>,
}

/// Splits the text of an XSB file into boards and the notes around them.
pub fn parse(path: &Path, text: &str) -> Collection {
    let mut lines = classify(text);
    demote_headless(&mut lines, text);
    let runs = board_runs(&lines);
    let header_end = runs.first().map_or(lines.len(), |r| r.start);
    let header = &lines[..header_end];
    let header_copyright = key_in(header, "copyright");
    let header_author = key_in(header, "author");
    let mut entries = Vec::new();
    let mut consumed = 0;
    for run in &runs {
        // The block above: notes, maybe blank lines, then the board.
        let mut j = run.start;
        while j > consumed && lines[j - 1].kind == Kind::Blank {
            j -= 1;
        }
        let mut k = j;
        while k > consumed && lines[k - 1].kind == Kind::Note {
            k -= 1;
        }
        let before = &lines[k..j];
        let before_touches = j == run.start && !before.is_empty();
        // The block below: notes right after the board.
        let mut a = run.end;
        while a < lines.len() && lines[a].kind == Kind::Note {
            a += 1;
        }
        let after = &lines[run.end..a];
        let (title, use_after) = if let Some(t) = key_in(after, "title") {
            (Some(t), true)
        } else if let Some(t) = key_in(before, "title") {
            (Some(t), false)
        } else if before_touches {
            (plain_notes(before).last(), false)
        } else if let Some(t) = plain_notes(after).next() {
            (Some(t), true)
        } else {
            (plain_notes(before).last(), false)
        };
        let near = |key| key_in(after, key).or_else(|| key_in(before, key));
        entries.push(Entry {
            title: title.map(str::to_string),
            author: near("author").or(header_author).map(str::to_string),
            copyright: near("copyright").or(header_copyright).map(str::to_string),
            rows: run.clone().flat_map(|i| lines[i].rows(text)).collect(),
        });
        consumed = if use_after { a } else { run.end };
    }
    Collection {
        path: path.to_path_buf(),
        text: text.to_string(),
        entries,
    }
}

impl Collection {
    /// The number of boards in the file.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The unchecked boards in file order (level `i` is `entries()[i - 1]`).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The file name without folders, as levels name their source.
    pub fn file_name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Checks level `index` (1-based) and returns it; `None` past the end.
    pub fn level(&self, index: usize) -> Option<Result<Level, XsbError>> {
        let entry = self.entries.get(index.checked_sub(1)?)?;
        Some(super::board::build(self, index, entry))
    }

    /// Every level in file order, checked one by one.
    pub fn levels(&self) -> impl Iterator<Item = Result<Level, XsbError>> + '_ {
        (1..=self.len()).filter_map(|i| self.level(i))
    }

    /// The 1-based indices of the levels called `title`: an exact match, or
    /// else a match of the title's first word (`155` finds `155 'The Dungeon'`).
    pub fn find_title(&self, title: &str) -> Vec<usize> {
        let find = |matches: &dyn Fn(&str) -> bool| -> Vec<usize> {
            let titled = self.entries.iter().enumerate();
            titled
                .filter(|(_, e)| e.title.as_deref().is_some_and(matches))
                .map(|(i, _)| i + 1)
                .collect()
        };
        let exact = find(&|t| t == title);
        if exact.is_empty() {
            find(&|t| t.split_whitespace().next() == Some(title))
        } else {
            exact
        }
    }

    /// The error for a file without any board.
    pub fn no_levels_error(&self) -> XsbError {
        XsbError {
            level: None,
            kind: XsbErrorKind::NoLevels,
            at: Box::new(Located::at(&self.path, &self.text, 0, 1)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blank,
    Board,
    Note,
}

/// A line of the file: its kind, its byte range without the line ending and
/// trailing blanks, and for a note the text without the comment marker.
#[derive(Clone, Debug)]
struct Line {
    kind: Kind,
    span: Range<usize>,
    note: String,
}

impl Line {
    /// The byte ranges of the rows on a board line (split at `|`).
    fn rows(&self, text: &str) -> Vec<Range<usize>> {
        let mut rows = Vec::new();
        let mut start = self.span.start;
        for (i, c) in text[self.span.clone()].char_indices() {
            if c == '|' {
                rows.push(start..self.span.start + i);
                start = self.span.start + i + 1;
            }
        }
        if start < self.span.end || rows.is_empty() {
            rows.push(start..self.span.end);
        }
        rows
    }
}

fn classify(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let content = raw.trim_end();
        let span = offset..offset + content.len();
        offset += raw.len();
        let trimmed = content.trim_start();
        let (kind, note) = if trimmed.is_empty() {
            (Kind::Blank, String::new())
        } else if let Some(rest) = trimmed.strip_prefix(';').or(trimmed.strip_prefix("::")) {
            (Kind::Note, rest.trim().to_string())
        } else if is_board_line(content) {
            (Kind::Board, String::new())
        } else {
            (Kind::Note, trimmed.to_string())
        };
        lines.push(Line { kind, span, note });
    }
    lines
}

fn is_piece(c: char) -> bool {
    matches!(c, '#' | '@' | '+' | '$' | '*' | '.')
}

fn is_xsb(c: char) -> bool {
    is_piece(c) || matches!(c, ' ' | '-' | '_' | '|') || c.is_ascii_digit()
}

fn is_board_line(line: &str) -> bool {
    let first = line.trim_start_matches(' ').chars().next();
    (line.chars().all(is_xsb) && line.chars().any(is_piece))
        || (line.contains('#') && first.is_some_and(is_xsb))
}

/// Runs of board lines; a run starts at a line with a `#`.
fn board_runs(lines: &[Line]) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].kind != Kind::Board {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && lines[i].kind == Kind::Board {
            i += 1;
        }
        runs.push(start..i);
    }
    runs
}

/// Marks board lines without a `#` that do not follow a board line as notes,
/// so that a stray `*****` separator is not taken for a board.
fn demote_headless(lines: &mut [Line], text: &str) {
    let mut previous_board = false;
    for line in lines.iter_mut() {
        if line.kind == Kind::Board && !previous_board && !text[line.span.clone()].contains('#') {
            line.kind = Kind::Note;
            line.note = text[line.span.clone()].trim().to_string();
        }
        previous_board = line.kind == Kind::Board;
    }
}

/// Keys of `Key: value` notes; a note with one of them is never a title.
const KEYS: [&str; 12] = [
    "title",
    "author",
    "copyright",
    "e-mail",
    "email",
    "web site",
    "website",
    "homepage",
    "comment",
    "comment-end",
    "date",
    "collection",
];

fn key_value(note: &str) -> Option<(String, &str)> {
    let (key, value) = note.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    KEYS.contains(&key.as_str()).then_some((key, value.trim()))
}

/// The value of the first non-empty `key: value` note in `lines`.
fn key_in<'a>(lines: &'a [Line], key: &str) -> Option<&'a str> {
    lines
        .iter()
        .filter_map(|l| key_value(&l.note))
        .find(|(k, v)| k == key && !v.is_empty())
        .map(|(_, v)| v)
}

/// Notes that could be titles: not empty, not `Key: value`.
fn plain_notes(lines: &[Line]) -> impl DoubleEndedIterator<Item = &str> {
    lines
        .iter()
        .map(|l| l.note.as_str())
        .filter(|n| !n.is_empty() && key_value(n).is_none())
}

#[cfg(test)]
mod tests;
