//! Stable names for translated levels: file names and PDDL problem names.
//!
//! A problem is called `<collection>-<label>`. The collection is the level
//! file's name without `.xsb`/`.sok`/`.txt`, in lower case with every run of
//! other characters than letters and digits turned into `-` (`microban_ii.xsb`
//! gives `microban-ii`, `screen.7` gives `screen-7`). The label comes from the
//! level's title:
//!
//! | title | label |
//! |---|---|
//! | starts with a number: `1`, `155 'The Dungeon'` | the number, 3 digits: `001`, `155` |
//! | other text: `lvl9a`, `Take the long way` | the text the same way: `lvl9a`, `take-the-long-way` (at most 40 characters) |
//! | none | the level's position in the file, 3 digits |
//!
//! A file with a single untitled level (`xsokoban/screen.7`) gives just the
//! collection name, and two levels that would get the same label get their
//! positions appended (`7-012`, `7-013`), so names never collide and do not
//! depend on which levels are translated.

use crate::util::hash::FastMap;
use std::path::Path;

use super::xsb::Collection;

/// The collection part of the names, from the file name.
pub fn collection_name(path: &Path) -> String {
    let file = path
        .file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
    let lower = file.to_ascii_lowercase();
    let stem = [".xsb", ".sok", ".txt"]
        .iter()
        .find_map(|ext| lower.strip_suffix(ext))
        .unwrap_or(&lower);
    let name = sanitize(stem);
    if name.is_empty() {
        "levels".to_string()
    } else {
        name
    }
}

/// Lower-case ASCII letters and digits; every other run becomes one `-`.
pub fn sanitize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The label of a level from its title and 1-based position.
fn label(title: Option<&str>, index: usize) -> String {
    let Some(title) = title else {
        return format!("{index:03}");
    };
    let digits: String = title.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() && digits.len() <= 9 {
        return format!("{:03}", digits.parse::<u32>().unwrap_or(0));
    }
    let text = sanitize(title);
    let mut text = text
        .get(..40)
        .unwrap_or(&text)
        .trim_end_matches('-')
        .to_string();
    if text.is_empty() {
        text = format!("{index:03}");
    }
    text
}

/// The file stem of every level of `collection`, in file order, with
/// `prefix` as the collection part.
pub fn stems(collection: &Collection, prefix: &str) -> Vec<String> {
    let entries = collection.entries();
    if let [only] = entries
        && only.title.is_none()
    {
        return vec![prefix.to_string()];
    }
    let labels: Vec<String> = (entries.iter().enumerate())
        .map(|(i, e)| label(e.title.as_deref(), i + 1))
        .collect();
    let mut seen: FastMap<&str, usize> = FastMap::default();
    for l in &labels {
        *seen.entry(l).or_default() += 1;
    }
    (labels.iter().enumerate())
        .map(|(i, l)| match seen.get(l.as_str()) {
            Some(&n) if n > 1 => format!("{prefix}-{l}-{:03}", i + 1),
            _ => format!("{prefix}-{l}"),
        })
        .collect()
}

/// A PDDL name for the problem: the stem, prefixed with `sokoban-` if it does
/// not start with a letter (Boxoban's `000.txt` gives `000-017`).
pub fn problem_name(stem: &str) -> String {
    if stem.starts_with(|c: char| c.is_ascii_alphabetic()) {
        stem.to_string()
    } else {
        format!("sokoban-{stem}")
    }
}

#[cfg(test)]
mod tests;
