//! The planners on bundled and generated tasks, through the library and the
//! binary: grounding, heuristics, invariants' soundness, every search and
//! engine (progression, regression, bidirectional, SAT, the Sokoban solver),
//! ADL, and robustness to mutated input. Every plan is checked by the lifted
//! validator. One module per theme, one test binary for all of them.
//!
//! Run one theme with a filter: `cargo test --release --test planning -- sat::`.

#[path = "../common/mod.rs"]
mod common;

mod adl;
mod bidirectional;
mod deadlock_rules;
mod ground;
mod heuristics;
mod mutations;
mod mutex_soundness;
mod regression;
mod sat;
mod sokoban_solver;
mod solve;
mod stubborn;
