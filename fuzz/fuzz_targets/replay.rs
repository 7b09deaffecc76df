//! LURD solutions replayed on XSB levels (`planbox replay`), and the plans
//! they spell: a walk the replay accepts becomes a plan in both encodings that
//! the lifted validator accepts step for step, and that `lurd::from_plan`
//! turns back into the same walk.

#![no_main]

use libfuzzer_sys::fuzz_target;
use planbox::plan::parse_plan;
use planbox::sokoban::game::State;
use planbox::sokoban::{Format, lurd, xsb};
use planbox::validate::{Verdict, validate};
use std::path::Path;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The level, then a NUL, then the solution.
    let Some((board, solution)) = text.split_once('\0') else {
        return;
    };
    let collection = xsb::parse(Path::new("fuzz.xsb"), board);
    let Some(Ok(level)) = collection.level(1) else {
        return;
    };
    let Ok(letters) = lurd::parse(solution) else {
        return;
    };
    // The legal prefix of the walk.
    let mut state = State::initial(&level);
    let mut legal = Vec::new();
    for &letter in &letters {
        if lurd::apply(&mut state, &level, letter).is_err() {
            break;
        }
        legal.push(letter);
    }
    if level.width() * level.height() > 400 || legal.len() > 200 {
        return;
    }
    for format in [Format::Mbc, Format::Ipc] {
        let plan = lurd::to_plan(&level, &legal, format).expect("a legal walk is a plan");
        let problem = format.problem(&level, "fuzz");
        let (domain, problem) =
            common::load(format.domain(), &problem).expect("the translation checks");
        let steps = parse_plan(&plan.join("\n")).expect("the plan reads back");
        let report = validate(&domain, &problem, &steps);
        assert!(
            matches!(report.verdict, Verdict::Valid | Verdict::GoalNotReached { .. }),
            "step rejected: {report:?}"
        );
        assert_eq!(report.length, legal.len());
        assert_eq!(
            report.is_valid(),
            state.is_solved(&level),
            "the validator and the replay disagree on the goal"
        );
        let back = lurd::from_plan(&level, &steps).expect("the plan converts back");
        assert_eq!(back, lurd::to_string(&legal));
    }
});
