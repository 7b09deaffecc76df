//! The PDDL reader and checker: any text ends in a checked domain and problem
//! or in a located error, never a panic or a stack overflow.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    if let Some((domain, problem)) = common::split(data) {
        common::load(domain, problem);
    }
});
