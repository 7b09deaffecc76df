//! Source snippets for error messages, drawn the way a compiler draws them: the
//! file and position, the offending line, and a caret line under the mistake.
//!
//! ```text
//!  --> blocks/p01.pddl:12:5
//!    |
//! 12 |     (on a b c)
//!    |     ^^^^^^^^^^
//! ```
//!
//! A line longer than [`MAX_SHOWN`] characters (a generated file may hold a
//! whole problem on one line) is cut to a window around the column, marked with
//! `...` on the side that was cut, so that a message stays one screen long
//! whatever the input. Tabs are shown as single spaces, so the caret lines up.

use std::fmt;
use std::path::Path;

/// The most characters of a source line a snippet shows.
pub const MAX_SHOWN: usize = 100;

/// How many characters of context a cut line keeps before the column.
const CONTEXT_BEFORE: usize = 30;

/// Writes the ` --> path:line:column` line, the (possibly cut) source line and
/// the caret line; `column` and `width` count characters, `column` from 1.
pub fn write(
    f: &mut fmt::Formatter<'_>,
    path: &Path,
    line: usize,
    column: usize,
    source_line: &str,
    width: usize,
) -> fmt::Result {
    let number = line.to_string();
    let pad = " ".repeat(number.len());
    let (shown, caret_at, caret_width) = window(source_line, column, width);
    writeln!(f, "{pad}--> {}:{line}:{column}", path.display())?;
    writeln!(f, "{pad} |")?;
    writeln!(f, "{number} | {shown}")?;
    write!(
        f,
        "{pad} | {}{}",
        " ".repeat(caret_at),
        "^".repeat(caret_width)
    )
}

/// The part of `source_line` to show, the caret's offset in it and the caret's
/// width (all in characters). `column` is 1-based.
pub fn window(source_line: &str, column: usize, width: usize) -> (String, usize, usize) {
    let chars: Vec<char> = source_line
        .chars()
        .map(|c| if c == '\t' || c.is_control() { ' ' } else { c })
        .collect();
    let at = column.saturating_sub(1).min(chars.len());
    let width = width.max(1);
    if chars.len() <= MAX_SHOWN {
        return (chars.into_iter().collect(), at, width);
    }
    let start = at.saturating_sub(CONTEXT_BEFORE);
    let end = (start + MAX_SHOWN).min(chars.len());
    let mut shown = String::new();
    let mut caret_at = at - start;
    if start > 0 {
        shown.push_str("...");
        caret_at += 3;
    }
    shown.extend(&chars[start..end]);
    if end < chars.len() {
        shown.push_str("...");
    }
    // The caret stops at the end of the window (and covers the `...` after it
    // when the underlined text goes on past the window).
    let room = (end - at.min(end)).max(1);
    let caret_width = if width > room && end < chars.len() {
        room + 3
    } else {
        width.min(room)
    };
    (shown, caret_at, caret_width)
}

/// The most characters of one quoted name (`` `name` ``) a message shows.
pub const MAX_QUOTED: usize = 60;

/// Cuts every `` `quoted` `` piece of `message` longer than [`MAX_QUOTED`]
/// characters to its start and end around `...`, so that a message about a
/// name of a hundred thousand characters stays one line long; and shows
/// control characters quoted from the input escaped (`\u{1b}`), so that a
/// message cannot drive the terminal (a file of escape sequences, say).
pub fn clip_quoted(message: &str) -> String {
    if message.chars().any(char::is_control) {
        let escaped: String = message
            .chars()
            .map(|c| match c {
                c if c.is_control() => c.escape_debug().to_string(),
                c => c.to_string(),
            })
            .collect();
        return clip_quoted(&escaped);
    }
    if message.len() <= 2 * MAX_QUOTED {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(4 * MAX_QUOTED));
    for (i, piece) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd pieces are between backticks.
        let n = piece.chars().count();
        if i % 2 == 1 && n > MAX_QUOTED {
            let keep = MAX_QUOTED / 2 - 2;
            out.extend(piece.chars().take(keep));
            out.push_str("...");
            out.extend(piece.chars().skip(n - keep));
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// The names joined with `, `, each cut as [`clip_quoted`] cuts, and at
/// most `max` of them, then how many more there are.
pub fn list<'a>(names: impl ExactSizeIterator<Item = &'a str>, max: usize) -> String {
    let more = names.len().saturating_sub(max);
    let mut shown: Vec<String> = names
        .take(max)
        .map(|n| clip_quoted(&format!("`{n}`")).trim_matches('`').to_string())
        .collect();
    if more > 0 {
        shown.push(format!("... ({more} more)"));
    }
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_a_message_are_escaped() {
        let message = "expected `(`, found `\u{1b}]0;x\u{7}\u{1b}[2J`";
        let shown = clip_quoted(message);
        assert_eq!(shown, "expected `(`, found `\\u{1b}]0;x\\u{7}\\u{1b}[2J`");
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
    }

    #[test]
    fn long_quoted_names_are_cut() {
        let name = format!("a{}z", "x".repeat(10_000));
        let message = format!("unknown predicate `{name}`; expected one declared");
        let clipped = clip_quoted(&message);
        assert!(clipped.len() < 120, "{clipped}");
        assert!(clipped.starts_with("unknown predicate `axxx"), "{clipped}");
        assert!(
            clipped.ends_with("xxxz`; expected one declared"),
            "{clipped}"
        );
        assert_eq!(clip_quoted("short `name`"), "short `name`");
        // Text outside the quotes stays whole, however long.
        let long = format!("`:adl` {} `x`", "words ".repeat(50));
        assert_eq!(clip_quoted(&long), long);
    }

    #[test]
    fn long_lists_are_cut() {
        let names: Vec<String> = (0..100).map(|i| format!("?v{i}")).collect();
        let shown = list(names.iter().map(String::as_str), 3);
        assert_eq!(shown, "?v0, ?v1, ?v2, ... (97 more)");
        let long = "x".repeat(1000);
        assert!(list([long.as_str()].into_iter(), 3).len() < 70);
    }

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(window("\t(on a b c)", 2, 10), (" (on a b c)".into(), 1, 10));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("{}(bad){}", "x".repeat(5000), "y".repeat(5000));
        let (shown, at, width) = window(&line, 5001, 5);
        assert!(
            shown.starts_with("...") && shown.ends_with("..."),
            "{shown}"
        );
        assert_eq!(shown.chars().count(), MAX_SHOWN + 6);
        assert_eq!(&shown[at..at + width], "(bad)");
    }

    #[test]
    fn a_column_near_the_start_keeps_the_start() {
        let line = "z".repeat(1000);
        let (shown, at, width) = window(&line, 1, 2000);
        assert!(!shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!((at, width), (0, MAX_SHOWN + 3));
    }

    #[test]
    fn a_column_at_the_end_of_a_long_line() {
        let line = "z".repeat(1000);
        let (shown, at, width) = window(&line, 1001, 1);
        assert!(shown.starts_with("...") && !shown.ends_with("..."));
        assert_eq!((at, width), (3 + CONTEXT_BEFORE, 1));
        assert_eq!(shown.chars().count(), 3 + CONTEXT_BEFORE);
    }
}
