//! The command line's contract, through the real binary: subcommands and
//! their output, plan files and logs, exit codes, error messages (golden
//! files), hostile input, the pages `compare --html` writes, and the
//! documents' commands. One module per theme, one test binary for all of
//! them, so that `cargo test` links it once (as ripgrep's `tests/tests.rs`).
//!
//! Run one theme with a filter: `cargo test --release --test cli -- plan_cli::`.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod cli;
mod doc_commands;
mod hostile;
mod html;
mod invariants;
mod lab_log;
mod pddl_errors;
mod plan_cli;
mod sokoban;
mod teaching_doc;
mod validate;
mod xsb_errors;
