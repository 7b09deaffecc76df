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
pub mod util;
pub mod validate;
