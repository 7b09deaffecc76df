use super::*;
use crate::sokoban::xsb;
use std::path::Path;

#[test]
fn moves_pushes_and_refuses() {
    let c = xsb::parse(Path::new("t.xsb"), "######\n#@$ .#\n#  $.#\n######\n");
    let level = c.level(1).expect("a level").expect("valid");
    let mut s = State::initial(&level);
    assert!(matches!(
        s.step(&level, Dir::Up),
        Err(Illegal::Blocked { .. })
    ));
    assert_eq!(s.step(&level, Dir::Down), Ok(Step::Move));
    assert_eq!(s.step(&level, Dir::Up), Ok(Step::Move));
    let push = s.step(&level, Dir::Right);
    assert!(matches!(push, Ok(Step::Push { .. })), "{push:?}");
    assert_eq!(s.to_xsb(&level), "######\n# @$.#\n#  $.#\n######\n");
    assert!(!s.is_solved(&level));
    assert_eq!(
        s.step(&level, Dir::Right),
        Ok(Step::Push {
            from: Cell::new(1, 3),
            to: Cell::new(1, 4)
        })
    );
    let err = s.step(&level, Dir::Right).expect_err("wall behind the box");
    assert_eq!(
        err.to_string(),
        "the box at r2c5 cannot be pushed right: r2c6 is a wall"
    );
}
