use super::*;

#[test]
fn locates_and_underlines() {
    let text = "ab\r\n  cde\r\n";
    let at = Located::at(Path::new("f.txt"), text, 6, 2);
    assert_eq!((at.line, at.column, at.width), (2, 3, 2));
    assert_eq!(at.source_line, "  cde");
    let shown = at.to_string();
    assert!(shown.contains("--> f.txt:2:3"), "{shown}");
    assert!(shown.ends_with("2 |   cde\n  |   ^^"), "{shown}");
}

#[test]
fn clamps_offsets_past_the_end() {
    let at = Located::at(Path::new("f"), "x", 99, 5);
    assert_eq!((at.line, at.column, at.width), (1, 2, 1));
}
