//! The XSB reader and the translation to PDDL: every level the reader accepts
//! becomes, in both encodings, a problem that parses and checks against its
//! domain and decodes back to the same game: the man, the boxes, the goals
//! and the cells he can reach. (Walls beyond those cells are decoration: the
//! decoded board draws its own.)

#![no_main]

use libfuzzer_sys::fuzz_target;
use planbox::sokoban::{Cell, Format, Level, decode, to_pddl, xsb};
use std::path::Path;

#[path = "common.rs"]
mod common;

/// What a level is as a game: the man, the boxes, the goals and the cells
/// that become PDDL locations.
fn game(level: &Level) -> (Cell, Vec<Cell>, Vec<Cell>, Vec<Cell>) {
    let (mut boxes, mut goals) = (level.boxes(), level.goals());
    boxes.sort();
    goals.sort();
    (level.man(), boxes, goals, to_pddl::locations(level))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let collection = xsb::parse(Path::new("fuzz.xsb"), text);
    if collection.is_empty() {
        let _ = collection.no_levels_error().to_string();
    }
    for level in collection.levels() {
        let level = match level {
            Ok(level) => level,
            Err(e) => {
                let _ = e.to_string();
                continue;
            }
        };
        // Keep each run short: large boards take long to check, not to read.
        if level.width() * level.height() > 400 {
            continue;
        }
        for format in [Format::Mbc, Format::Ipc] {
            let problem = format.problem(&level, "fuzz");
            assert!(
                common::load(format.domain(), &problem).is_some(),
                "the translation does not check:\n{problem}"
            );
            let back = decode::level_from_problem(Path::new("fuzz.pddl"), &problem)
                .expect("a translated problem decodes");
            assert_eq!(
                game(&back),
                game(&level),
                "the game changed on the way:\n{}\n{}",
                level.to_xsb(),
                back.to_xsb()
            );
        }
    }
});
