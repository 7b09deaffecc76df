//! Tests that need a program planbox does not (Chromium, Graphviz's `dot`,
//! minisat) skip where it is missing, saying so, so that `cargo test` passes
//! on a machine with only the Rust toolchain. In CI they must not skip:
//! `.ci/run` installs the programs and sets `PLANBOX_REQUIRE_TOOLS=1`, and
//! then a missing program fails the test.

use std::io::Write as _;

/// Whether a test that needs `tool` should skip: `true` (after saying so on
/// the terminal) where it is missing; a failure where it is required.
pub fn skip_without(tool: &str, why: &str) -> bool {
    if std::env::var_os("PLANBOX_REQUIRE_TOOLS").is_some() {
        panic!("{tool} is required (PLANBOX_REQUIRE_TOOLS is set) but is not installed: {why}");
    }
    // Straight to the terminal: the test harness captures `eprintln!`.
    let _ = writeln!(std::io::stderr(), "skipped: {tool} not installed, so {why}");
    true
}
