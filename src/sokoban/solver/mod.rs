//! A native Sokoban solver: search over pushes, not steps.
//!
//! ```text
//! Level --Board::new--> Board (numbered floor, dead squares, push distances)
//!   --PushSpace--> the shared algorithms (bfs, dfs, iddfs, astar, wastar, gbfs)
//!   with PushBound (matching lower bound) --> pushes --walk::lurd--> "rrdLU..."
//!   --PullSpace--> the same algorithms backwards, from the goals, with the
//!   matching to start cells --> pulls, read back as pushes --walk::lurd--> ...
//! ```
//!
//! The space implements [`crate::search::SearchSpace`], so every algorithm,
//! limit, statistic and trace of the PDDL engines works on it unchanged.
//! Its deadlock rules, each a named counter with a switch in
//! [`PushOptions`]: `dead_square` ([`board`]), `freeze` ([`deadlock`]),
//! `matching` ([`matching`]), `corral_deadlock` and `deadlock_pattern`
//! (the corral deadlocks proved so far, matched in later nodes; [`corral`]);
//! and, for the solver that wants any solution fast, PI-corral pruning (`corral`),
//! goal macros with goal cuts (`goal_cut`, [`goal_room`]) and tunnel macros
//! ([`tunnel`]); its heuristic adds the free floor's regions to the bound
//! ([`connectivity`]).

pub mod board;
pub mod bound;
pub mod box_move;
pub mod connectivity;
pub mod corral;
pub mod cut;
pub mod deadlock;
pub mod goal_room;
pub mod matching;
pub mod pairs;
pub mod pull;
pub mod push;
pub mod reach;
pub mod rooms;
pub mod schedule;
pub mod sides;
pub mod solve;
pub mod tunnel;
pub mod walk;

pub use board::Board;
pub use bound::{MatchingBound, PushBound};
pub use pull::{PullOptions, PullSpace};
pub use push::{PushOptions, PushSpace};
pub use schedule::{Direction, Optimize, SolverOptions};
pub use solve::{SolveError, Solved, Solver};
