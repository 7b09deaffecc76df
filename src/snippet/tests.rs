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
