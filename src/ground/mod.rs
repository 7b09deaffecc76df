//! Placeholder: grounding by relaxed reachability lands here.

use crate::pddl::ast::{Domain, Problem};
use crate::task::Task;
use std::fmt;
use std::time::Duration;

/// Figures about one grounding run, for `planbox ground`.
#[derive(Clone, Debug, Default)]
pub struct GroundStats {
    pub objects: usize,
    pub types: usize,
    pub predicates: usize,
    pub actions: usize,
    /// Ground atoms of static predicates true in the initial state.
    pub static_facts: usize,
    /// Reachable fluent facts (the size of `Task::facts`).
    pub facts: usize,
    /// Relaxed-reachable ground operators (the size of `Task::operators`).
    pub operators: usize,
    /// Time of the relaxed reachability fixpoint.
    pub reachability_time: Duration,
    /// Time to build the task from the reachable atoms and bindings.
    pub instantiate_time: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroundError {
    pub message: String,
}

impl fmt::Display for GroundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GroundError {}

pub fn ground(_domain: &Domain, _problem: &Problem) -> Result<(Task, GroundStats), GroundError> {
    Err(GroundError {
        message: "the grounder is not written yet".into(),
    })
}
