use super::*;
use crate::sokoban::xsb;
use std::path::Path;

#[test]
fn encodes_like_the_competition() {
    let c = xsb::parse(Path::new("t.xsb"), "#####\n#@$.#\n#####\n");
    let level = c.level(1).expect("a level").expect("valid");
    let text = problem(&level, "t");
    for fact in [
        "    (at player-01 pos-2-2)\n",
        "    (at stone-01 pos-3-2)\n",
        "    (IS-GOAL pos-4-2)\n",
        "    (IS-NONGOAL pos-1-1)\n",
        "    (MOVE-DIR pos-2-2 pos-3-2 dir-right)\n",
        "    (clear pos-4-2)\n",
        "    (at-goal stone-01)\n",
        "    stone-01 - stone\n",
    ] {
        assert!(text.contains(fact), "{fact} missing in\n{text}");
    }
    assert!(!text.contains("(clear pos-1-1)"), "{text}");
    assert_eq!(digits(&level), 1);
}
