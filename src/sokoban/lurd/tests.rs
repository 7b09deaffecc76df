use super::*;
use crate::sokoban::xsb;
use std::path::Path;

fn letters(text: &str) -> String {
    parse(text)
        .map(|l| to_string(&l))
        .unwrap_or_else(|e| format!("error at {}: {}", e.0, e.1))
}

#[test]
fn reads_plain_and_run_length_lurd() {
    assert_eq!(letters("3r2U l"), "rrrUUl");
    assert_eq!(letters("2(ru)\nD ; done"), "ruruD");
    assert_eq!(letters("12l"), "llllllllllll");
    assert_eq!(
        letters("rx"),
        "error at 1: expected a LURD letter (l u r d, L U R D), found 'x'"
    );
    assert_eq!(
        letters("3"),
        "error at 1: expected a LURD letter (l u r d, L U R D), found the end"
    );
    assert!(letters("0r").starts_with("error at 0"));
    assert!(letters("(r").starts_with("error at 2"));
    assert!(letters("99999999(99999999(r))").starts_with("error"));
    assert!(letters(&"(".repeat(50)).starts_with("error"));
}

#[test]
fn plans_and_lurd_round_trip() {
    let c = xsb::parse(Path::new("t.xsb"), "######\n#@$ .#\n#    #\n######\n");
    let level = c.level(1).expect("a level").expect("valid");
    let lurd = parse("RdlurR").expect("lurd");
    for format in [Format::Mbc, Format::Ipc] {
        let plan = to_plan(&level, &lurd, format).expect("legal");
        let text = plan.join("\n");
        let steps = crate::plan::parse_plan(&text).expect("a plan");
        assert_eq!(
            from_plan(&level, &steps),
            Ok("RdlurR".to_string()),
            "{text}"
        );
    }
    let plan = to_plan(&level, &lurd, Format::Mbc).expect("legal");
    assert_eq!(plan[0], "(push r2c2 r2c3 r2c4 right)");
    assert_eq!(plan[1], "(move r2c3 r3c3 down)");
}

#[test]
fn wrong_case_and_wrong_cells_are_reported() {
    let c = xsb::parse(Path::new("t.xsb"), "#####\n#@$.#\n#####\n");
    let level = c.level(1).expect("a level").expect("valid");
    let err = to_plan(&level, &parse("r").expect("lurd"), Format::Mbc).expect_err("a push");
    assert_eq!(
        err,
        (
            0,
            "`r` is a move, but it pushes the box at r2c3 (write `R`)".into()
        )
    );
    let steps = crate::plan::parse_plan("(move r2c3 r2c4 right)").expect("a plan");
    assert_eq!(
        from_plan(&level, &steps),
        Err((0, "the man is at r2c2, not at r2c3".into()))
    );
}
