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
mod tests;
