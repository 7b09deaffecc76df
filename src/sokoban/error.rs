//! Errors in Sokoban input (level files, plans, LURD strings, problem files),
//! located in the text and rendered like a compiler's, as `pddl::PddlError` is:
//!
//! ```text
//! level 2 (`2`): 3 boxes but 2 goals
//!  --> microban.xsb:25:1
//!    |
//! 25 | #  $ #
//!    | ^^^^^^
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

/// A place in a text file: path, 1-based line and column (in characters), the
/// source line and how many characters to underline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
    pub source_line: String,
    pub width: usize,
}

impl Located {
    /// The place of byte `offset` in `text`, underlining `width` characters
    /// (at least one, at most to the end of the line).
    /// The byte offset of 1-based `line` and `column` (in characters) in `text`.
    pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
        let start: usize = text
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .map(str::len)
            .sum();
        let rest = &text[start.min(text.len())..];
        start
            + rest
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(rest.len(), |(i, _)| i)
    }

    pub fn at(path: &Path, text: &str, offset: usize, width: usize) -> Located {
        let mut start = offset.min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let source_line = text[line_start..line_end].trim_end_matches('\r');
        let column = text[line_start..start].chars().count() + 1;
        let rest = source_line.chars().count().saturating_sub(column - 1);
        Located {
            path: path.to_path_buf(),
            line: text[..start].matches('\n').count() + 1,
            column,
            source_line: source_line.to_string(),
            width: width.min(rest).max(1),
        }
    }
}

impl fmt::Display for Located {
    /// The ` --> file:line:column` line, the source line and the caret line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::snippet::write(
            f,
            &self.path,
            self.line,
            self.column,
            &self.source_line,
            self.width,
        )
    }
}

/// What is wrong with a level in an XSB file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XsbErrorKind {
    /// The file holds no board at all.
    NoLevels,
    /// A character that is not part of the XSB alphabet, on a board line.
    UnknownChar(char),
    /// A run-length count with nothing after it, a zero count, or a count so
    /// large the board would exceed the size limit.
    BadRunLength(String),
    /// The board is wider or higher than [`super::xsb::MAX_SIZE`].
    TooLarge,
    NoMan,
    /// A second man; the first one stands at this 1-based line and column.
    SeveralMen {
        first: (usize, usize),
    },
    NoBoxes,
    BoxesGoals {
        boxes: usize,
        goals: usize,
    },
    /// The man can walk off the map through the located gap in the wall.
    Open,
}

/// An XSB level that cannot be read, with the level and the place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XsbError {
    /// 1-based index and title of the level (none for [`XsbErrorKind::NoLevels`]).
    pub level: Option<(usize, Option<String>)>,
    pub kind: XsbErrorKind,
    /// Boxed to keep `Result<Level, XsbError>` small.
    pub at: Box<Located>,
}

impl XsbError {
    /// Invalid input: Fast Downward's exit code 31.
    pub fn exit_code(&self) -> u8 {
        crate::exit::INPUT_ERROR
    }

    /// What is wrong, without the level or the location (for a line that
    /// names the level already).
    pub fn what(&self) -> String {
        match &self.kind {
            XsbErrorKind::NoLevels => "no Sokoban level (board lines) in the file".to_string(),
            XsbErrorKind::UnknownChar(c) => format!(
                "unknown character {c:?} on the board (expected `#`, `@`, `+`, `$`, `*`, `.`, \
                 space, `-`, `_`, run-length digits or `|`)"
            ),
            XsbErrorKind::BadRunLength(why) => format!("bad run-length encoding: {why}"),
            XsbErrorKind::TooLarge => format!(
                "the board is larger than {0}x{0} cells",
                super::xsb::MAX_SIZE
            ),
            XsbErrorKind::NoMan => "no man on the board (`@`, or `+` on a goal)".to_string(),
            XsbErrorKind::SeveralMen { first } => format!(
                "a second man on the board (the first is at line {}, column {})",
                first.0, first.1
            ),
            XsbErrorKind::NoBoxes => "no boxes on the board (`$`, or `*` on a goal)".to_string(),
            XsbErrorKind::BoxesGoals { boxes, goals } => {
                let plural = |n: &usize, one: &str, many: &str| {
                    format!("{n} {}", if *n == 1 { one } else { many })
                };
                format!(
                    "{} but {}: the numbers must be equal",
                    plural(boxes, "box", "boxes"),
                    plural(goals, "goal", "goals")
                )
            }
            XsbErrorKind::Open => "the board is not closed: the man can walk off the map \
                                   through this gap in the wall"
                .to_string(),
        }
    }

    /// The message with the level, without the location.
    pub fn message(&self) -> String {
        let what = self.what();
        match &self.level {
            None => what,
            Some((index, None)) => format!("level {index}: {what}"),
            Some((index, Some(title))) => format!("level {index} (`{title}`): {what}"),
        }
    }
}

impl fmt::Display for XsbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", crate::snippet::clip_quoted(&self.message()))?;
        write!(f, "{}", self.at)
    }
}

impl std::error::Error for XsbError {}

/// A problem in plan text, a LURD string or a problem file: a message and the
/// place it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    pub message: String,
    pub at: Located,
}

impl TextError {
    pub fn new(message: impl Into<String>, at: Located) -> TextError {
        TextError {
            message: crate::snippet::clip_quoted(&message.into()),
            at,
        }
    }

    /// Invalid input: Fast Downward's exit code 31.
    pub fn exit_code(&self) -> u8 {
        crate::exit::INPUT_ERROR
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
        write!(f, "{}", self.at)
    }
}

impl std::error::Error for TextError {}

#[cfg(test)]
mod tests;
