use super::*;

#[test]
fn collection_names() {
    assert_eq!(
        collection_name(Path::new("a/Microban_II.xsb")),
        "microban-ii"
    );
    assert_eq!(collection_name(Path::new("xsokoban/screen.7")), "screen-7");
    assert_eq!(collection_name(Path::new("000.txt")), "000");
    assert_eq!(collection_name(Path::new("___.xsb")), "levels");
}

#[test]
fn labels_from_titles() {
    assert_eq!(label(Some("1"), 1), "001");
    assert_eq!(label(Some("155 'The Dungeon'"), 155), "155");
    assert_eq!(label(Some("lvl9a"), 7), "lvl9a");
    assert_eq!(
        label(Some("'Take the long way home.'"), 3),
        "take-the-long-way-home"
    );
    assert_eq!(label(Some("***"), 4), "004");
    assert_eq!(label(None, 12), "012");
    assert_eq!(problem_name("000-017"), "sokoban-000-017");
}

#[test]
fn duplicate_titles_get_positions() {
    let b = "####\n#@$.#\n####\n";
    let c =
        crate::sokoban::xsb::parse(Path::new("x.xsb"), &format!("; A\n{b}\n; A\n{b}\n; B\n{b}"));
    assert_eq!(stems(&c, "x"), ["x-a-001", "x-a-002", "x-b"]);
    let single = crate::sokoban::xsb::parse(Path::new("screen.3"), b);
    assert_eq!(stems(&single, "screen-3"), ["screen-3"]);
}
