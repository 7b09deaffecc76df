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
//!
//! The modules form layers, each importing only from the layers before it
//! (modules named together are peers and import neither each other); the
//! `layers` test reads this line and fails on an upward import:
//!
//! `util, exit, snippet ← pddl ← task ← lifted ← invariants ← ground ← validate ← plan ← heuristics ← search ← sat, sokoban ← cli`
//!
//! `util` holds the building blocks (bitsets, the hasher, limits and clocks);
//! `lifted` the lifted task with ids (normalised formulas, the reachability
//! fixpoint), which both the invariant synthesis and the grounder read; the
//! engines (`search`'s planners, `sat`, the Sokoban solver) sit above the
//! heuristics; the command line (`src/cli/`, the binary) is the top.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod exit;
pub mod ground;
pub mod heuristics;
pub mod invariants;
#[cfg(test)]
mod layers;
pub mod lifted;
pub mod pddl;
pub mod plan;
pub mod sat;
pub mod search;
pub mod snippet;
pub mod sokoban;
pub mod task;
pub mod util;
pub mod validate;
