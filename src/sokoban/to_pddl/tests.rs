use super::*;
use crate::sokoban::xsb;
use std::path::Path;

#[test]
fn translates_the_smallest_level() {
    let c = xsb::parse(Path::new("t.xsb"), "; tiny\n#####\n#@$.#\n#####\n");
    let level = c.level(1).expect("a level").expect("valid");
    let text = problem(&level, "t-tiny");
    let body = &text[text.find("(define").expect("a define")..];
    assert_eq!(
        body,
        "(define (problem t-tiny)\n  (:domain sokoban)\n  (:objects\n    r2c2 r2c3 r2c4\n    \
         - location)\n  (:init\n    (man r2c2)\n    (box r2c3)\n    (clear r2c4)\n    \
         (adjacent r2c2 r2c3 right)\n    (adjacent r2c3 r2c2 left) (adjacent r2c3 r2c4 right)\n    \
         (adjacent r2c4 r2c3 left)\n  )\n  (:goal (and (box r2c4))))\n"
    );
    assert!(
        text.starts_with("; Sokoban level `tiny` (level 1 of t.xsb)\n"),
        "{text}"
    );
    assert!(text.contains("\n; #@$.#\n"), "{text}");
}

#[test]
fn boxes_in_closed_rooms_are_locations_without_links() {
    let text = "#######\n#@$.#*#\n#######\n";
    let c = xsb::parse(Path::new("t.xsb"), text);
    let level = c.level(1).expect("a level").expect("valid");
    let cells: Vec<String> = locations(&level).iter().map(|c| c.name()).collect();
    assert_eq!(cells, ["r2c2", "r2c3", "r2c4", "r2c6"]);
    let pddl = problem(&level, "t");
    assert!(pddl.contains("(box r2c3) (box r2c6)"), "{pddl}");
    assert!(
        pddl.contains("(:goal (and (box r2c4) (box r2c6))))"),
        "{pddl}"
    );
    assert!(!pddl.contains("(adjacent r2c6"), "{pddl}");
}
