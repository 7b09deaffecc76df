use super::*;

#[test]
fn locates_line_and_column() {
    let source = Source {
        path: "x.pddl".into(),
        text: "(define\r\n  (domain d)\r\n  (:foo))".into(),
    };
    let start = source.text.find(":foo").unwrap();
    let err = PddlError::invalid(
        &source,
        Span {
            start,
            end: start + 4,
        },
        "bad",
    );
    assert_eq!((err.line, err.column, err.width), (3, 4, 4));
    assert_eq!(err.source_line, "  (:foo))");
    let shown = err.to_string();
    assert!(shown.contains("--> x.pddl:3:4"), "{shown}");
    assert!(
        shown.ends_with("  | ^^^^".trim_start()) || shown.contains("   ^^^^"),
        "{shown}"
    );
}
