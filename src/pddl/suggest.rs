//! Helpers for messages: "did you mean `holding`?", plurals, positions.

use super::ast::{Source, Span};
use super::error::PddlError;

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `line:column` of a span, for "first declared at ..." notes.
pub(super) fn position(source: &Source, span: Span) -> String {
    let e = PddlError::invalid(source, span, "");
    format!("{}:{}", e.line, e.column)
}

/// "; did you mean `x`?" when a declared name is within a small edit distance:
/// a third of the name's length, at least one edit, and fewer edits than
/// either name has characters (so `z` suggests nothing, not `a`).
pub(crate) fn suggest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    let limit = (wrong.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(wrong, c);
        let shares_a_letter = d < wrong.chars().count() && d < c.chars().count();
        if d <= limit && shares_a_letter && best.is_none_or(|(bd, bc)| (d, c) < (bd, bc)) {
            best = Some((d, c));
        }
    }
    match best {
        Some((_, c)) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// Levenshtein distance between two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests;
