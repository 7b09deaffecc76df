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
//! As a library, three entry points cover it: [`load()`] (or a [`Loader`])
//! runs the pipeline up to the task, [`planner::plan`] runs an engine with a
//! [`planner::Config`] (engine, algorithm, heuristics from the
//! [`heuristics::table`], an alias such as LAMA's anytime schedule, limits
//! and progress in a [`search::Monitor`]), and [`sokoban::solver::Solver`]
//! solves a Sokoban level with its own schedule. The `planbox` binary maps
//! its arguments to these and prints.
//!
//! Solving an IPC problem:
//!
//! ```
//! use planbox::planner::{self, Config};
//! use planbox::search::{Limits, Outcome};
//! let task = planbox::load(
//!     "problems/ipc/gripper/domain.pddl",
//!     "problems/ipc/gripper/prob01.pddl",
//! )?;
//! let run = planner::solve(&task, &Config::default(), Limits::none())?; // gbfs, h^FF
//! let Outcome::Plan(plan) = run.result.outcome else { panic!("gripper is solvable") };
//! for &op in &plan {
//!     println!("{}", task.operator(op).plan_step());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Solving a Sokoban level:
//!
//! ```
//! use planbox::sokoban::{solver::{Solver, SolverOptions}, xsb};
//! let path = std::path::Path::new("problems/sokoban/microban.xsb");
//! let levels = xsb::parse(path, &std::fs::read_to_string(path)?);
//! let level = levels.level(2).expect("a second level")?;
//! let solved = Solver::new(SolverOptions::default()).solve(&level)?;
//! let (lurd, moves, pushes) = solved.solution.expect("solvable");
//! println!("{lurd} ({moves} moves, {pushes} pushes)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules form layers, each importing only from the layers before it
//! (modules named together are peers and import neither each other); the
//! `layers` test reads this line and fails on an upward import:
//!
//! `util, exit, snippet, choice ← pddl ← task ← lifted ← invariants ← ground ← load, validate ← plan ← heuristics ← search ← sat, sokoban ← planner ← cli`
//!
//! `util` holds the building blocks (bitsets, the hasher, limits and clocks);
//! `lifted` the lifted task with ids (normalised formulas, the reachability
//! fixpoint), which both the invariant synthesis and the grounder read; the
//! engines (`search`'s planners, `sat`, the Sokoban solver) sit above the
//! heuristics; the command line (`src/cli/`, the binary) is the top.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub use load::{LoadError, Loaded, Loader, load};

pub mod choice;
pub mod exit;
pub mod ground;
pub mod heuristics;
pub mod invariants;
#[cfg(test)]
mod layers;
pub mod lifted;
pub mod load;
pub mod pddl;
pub mod plan;
pub mod planner;
pub mod sat;
pub mod search;
pub mod snippet;
pub mod sokoban;
pub mod task;
pub mod util;
pub mod validate;
