//! Sokoban, the toolkit's home domain: levels in XSB text, their translation
//! to PDDL, and plans back to LURD solutions.
//!
//! ```text
//! levels.xsb --xsb::parse--> Collection --Collection::level(i)--> Level
//!   --to_pddl::problem / ipc::problem--> problem.pddl   (for domains/sokoban.pddl)
//! problem.pddl --decode::level_from_problem--> Level      (cell names carry coordinates)
//! sas_plan --plan::parse_plan--> steps --lurd::from_plan(&level)--> "rrdLU..."
//! "rrdLU..." --lurd::parse--> letters --game::State::step--> solved or the illegal step
//! state atoms {(man l), (box l)} --render::state / render::subgoals--> XSB picture
//! ```
//!
//! Example: the level `#@$.#` (between two wall rows) becomes a problem with
//! locations `r2c2 r2c3 r2c4`, init `(man r2c2) (box r2c3) (clear r2c4)` plus
//! `adjacent` links, and goal `(box r2c4)`; its one-step plan
//! `(push r2c2 r2c3 r2c4 right)` is the LURD string `R`.

mod board;
pub mod decode;
pub mod error;
pub mod game;
pub mod ipc;
pub mod level;
pub mod lurd;
pub mod names;
pub mod render;
pub mod solver;
pub mod to_pddl;
pub mod xsb;

pub use error::{Located, TextError, XsbError, XsbErrorKind};
pub use level::{Cell, Dir, Level, Tile};
pub use to_pddl::Format;
