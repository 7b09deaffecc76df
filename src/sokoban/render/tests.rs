use super::*;
use crate::sokoban::xsb;
use std::path::Path;

fn level(text: &str) -> Level {
    let c = xsb::parse(Path::new("t.xsb"), text);
    c.level(1).expect("one level").expect("valid level")
}

#[test]
fn draws_states_from_atoms() {
    let l = level("#####\n#@$.#\n#####\n");
    assert_eq!(l.to_xsb(), "#####\n#@$.#\n#####\n");
    let moved = state(
        &l,
        ["(man r2c3)", "(box r2c4)", "(adjacent r2c2 r2c3 right)"],
    );
    assert_eq!(moved, "#####\n# @*#\n#####\n");
    let ipc = state(&l, ["(AT PLAYER-01 POS-3-2)", "(at stone-01 pos-4-2)"]);
    assert_eq!(ipc, moved);
}

#[test]
fn draws_subgoals_with_their_symbols() {
    let l = level("######\n#@$ .#\n######\n");
    let g = subgoals(
        &l,
        ["(box r2c5)", "(man r2c4)", "(clear r2c3)", "(clear r2c2)"],
    );
    assert_eq!(g, "######\n#--@*#\n######\n");
    let clash = subgoals(&l, ["(box r2c3)", "(clear r2c3)", "(clear r2c5)"]);
    assert_eq!(clash, "######\n# ! =#\n######\n");
}
