//! planbox: classical planning with STRIPS/PDDL, forwards and backwards.
//!
//! ```text
//! domain.pddl + problem.pddl --pddl::parse_*--> ast::{Domain, Problem}
//!   --pddl::check_*--> (same, validated)
//!   --ground::ground--> task::Task { facts, operators, init, goal, axioms }   (ids from here on;
//!                       ADL formulas normalised into conditional effects and axioms first)
//!   --invariants::analyse--> Mutexes (groups "at most k of these facts", h² pairs)
//!   --search::{Progression, Regression} + bfs/astar/gbfs/...--> plan
//!   --sat::plan (the task over horizon T as a formula, a CDCL solver)--> plan
//! ```
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

/// Runs `f`, on a fresh stack segment when less than 64 KiB of this thread's
/// stack is left. The walks over conditions recurse once per level of
/// nesting, up to [`pddl::MAX_NESTING`] levels, and an unoptimised build needs
/// a few KiB per level: they call this at every level, so that any thread's
/// stack is enough.
#[inline]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, f)
}

pub mod bits;
pub mod exit;
pub mod ground;
pub mod heuristics;
pub mod invariants;
pub mod pddl;
pub mod plan;
pub mod sat;
pub mod search;
pub mod snippet;
pub mod sokoban;
pub mod task;
pub mod validate;
