//! Process exit codes, following Fast Downward's `driver/returncodes.py` so that
//! experiment scripts that already read them keep working, plus VAL's `1` for an
//! invalid plan.

/// A plan was found (or the input checked fine, or a plan validated).
pub const SUCCESS: u8 = 0;
/// `planbox validate`: the plan is not valid (VAL's convention).
pub const INVALID_PLAN: u8 = 1;
/// Command-line usage error (clap's own code).
pub const USAGE: u8 = 2;
/// The whole reachable search space was explored without reaching the goal.
pub const UNSOLVABLE: u8 = 11;
/// An incomplete search (depth-bounded DFS, ...) ended without a plan.
pub const INCOMPLETE: u8 = 12;
/// The memory limit was reached.
pub const OUT_OF_MEMORY: u8 = 22;
/// The time limit was reached.
pub const OUT_OF_TIME: u8 = 23;
/// Invalid input: PDDL, XSB or plan text that is malformed or inconsistent, or a
/// file that cannot be read.
pub const INPUT_ERROR: u8 = 31;
/// A bug: planbox found a plan (or a Sokoban solution) that does not work,
/// caught by the check that replays every plan before it is written (Fast
/// Downward's `SEARCH_CRITICAL_ERROR`).
pub const CRITICAL_ERROR: u8 = 32;
/// Valid input that uses a feature planbox does not support.
pub const UNSUPPORTED: u8 = 34;
