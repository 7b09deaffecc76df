//! Errors in PDDL input, located in the source text.
//!
//! A [`PddlError`] carries the file, the 1-based line and column, the offending
//! source line and a plain-English message, and renders like a compiler:
//!
//! ```text
//! error: predicate `on` takes 2 arguments, got 3
//!  --> blocks/p01.pddl:12:5
//!    |
//! 12 |     (on a b c)
//!    |     ^^^^^^^^^^
//! ```
//!
//! [`ErrorKind`] tells invalid input (exit code 31) from input that is valid
//! PDDL but outside the fragment planbox supports (exit code 34), following
//! Fast Downward's exit codes.
//!
//! A [`Warning`] is located and rendered the same way, for input that planbox
//! reads, with the one meaning Fast Downward's translator gives it, though it
//! is most likely a slip: `(not (at t1 depot))` in `:init`, say.

use crate::pddl::ast::{Source, Span};
use std::fmt;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Malformed or inconsistent input: syntax errors, unknown names, wrong arity.
    Invalid,
    /// Well-formed PDDL that uses a construct planbox does not support.
    Unsupported,
    /// Grounding reached a size limit or the memory limit (exit code 22).
    OutOfMemory,
    /// Grounding reached the time limit or its work limit (exit code 23).
    OutOfTime,
}

impl ErrorKind {
    /// The process exit code for this kind (Fast Downward's convention).
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorKind::Invalid => crate::exit::INPUT_ERROR,
            ErrorKind::Unsupported => crate::exit::UNSUPPORTED,
            ErrorKind::OutOfMemory => crate::exit::OUT_OF_MEMORY,
            ErrorKind::OutOfTime => crate::exit::OUT_OF_TIME,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PddlError {
    pub kind: ErrorKind,
    pub path: PathBuf,
    /// 1-based line and column of the start of the span (column counts chars).
    pub line: usize,
    pub column: usize,
    /// The full text of the source line, without its line ending.
    pub source_line: String,
    /// Number of characters to underline (at least 1).
    pub width: usize,
    pub message: String,
}

impl PddlError {
    /// An error of `kind` about the text at `span` in `source`.
    pub fn new(kind: ErrorKind, source: &Source, span: Span, message: impl Into<String>) -> Self {
        let text = &source.text;
        let start = floor_char_boundary(text, span.start.min(text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let source_line = text[line_start..line_end]
            .trim_end_matches('\r')
            .to_string();
        let line = text[..start].matches('\n').count() + 1;
        let column = text[line_start..start].chars().count() + 1;
        let end = floor_char_boundary(text, span.end.clamp(start, line_end));
        let width = text[start..end].chars().count().max(1);
        PddlError {
            kind,
            path: source.path.clone(),
            line,
            column,
            source_line,
            width,
            message: crate::snippet::clip_quoted(&message.into()),
        }
    }

    pub fn invalid(source: &Source, span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Invalid, source, span, message)
    }

    pub fn unsupported(source: &Source, span: Span, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unsupported, source, span, message)
    }

    pub fn exit_code(&self) -> u8 {
        self.kind.exit_code()
    }
}

/// Input that planbox reads, as Fast Downward's translator does, but that is
/// most likely a slip: a cycle in `:types`, `(not ...)` in `:init`, an object
/// whose type does not fit its predicate. The checker returns warnings beside
/// its verdict; the library never prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub path: PathBuf,
    /// 1-based line and column of the start of the span (column counts chars).
    pub line: usize,
    pub column: usize,
    /// The full text of the source line, without its line ending.
    pub source_line: String,
    /// Number of characters to underline (at least 1).
    pub width: usize,
    pub message: String,
}

impl Warning {
    /// A warning about the text at `span` in `source`.
    pub fn new(source: &Source, span: Span, message: impl Into<String>) -> Self {
        let located = PddlError::invalid(source, span, message);
        Warning {
            path: located.path,
            line: located.line,
            column: located.column,
            source_line: located.source_line,
            width: located.width,
            message: located.message,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
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

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for PddlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message)?;
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

impl std::error::Error for PddlError {}

#[cfg(test)]
mod tests;
