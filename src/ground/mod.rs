//! Grounding: from the lifted PDDL task to a STRIPS [`Task`] over integer ids.
//!
//! | PDDL (lifted, `ast`)      | planbox (ground, `task`)            |
//! |---------------------------|-------------------------------------|
//! | `ast::Action` (schema)    | `lifted::Schema` → `task::Operator` |
//! | `ast::Atom` with `?vars`  | `lifted::LAtom` → `task::FactId`    |
//! | `:init`, `:goal`          | `Task::init`, `Task::goal`          |
//!
//! The pipeline has three stages, each timed separately, as in Fast
//! Downward's translator:
//!
//! 1. [`lifted`]: names become ids; predicates are split into static and fluent.
//! 2. [`reachability`]: the relaxed-reachability fixpoint finds the atoms and
//!    action instances that can ever occur (never a product of all objects).
//! 3. [`instantiate`]: reachable instances become operators with sorted
//!    `pre`/`add`/`del` fact lists and integer costs.
//!
//! Grounding is deterministic: the same files give the same facts and
//! operators, in the same order, on every run.

pub mod instantiate;
pub mod lifted;
pub mod reachability;

use crate::pddl::PddlError;
use crate::pddl::ast::{Domain, Problem};
use crate::task::Task;
use std::time::{Duration, Instant};

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
    /// Time to translate names into ids.
    pub lifted_time: Duration,
    /// Time of the relaxed reachability fixpoint.
    pub reachability_time: Duration,
    /// Time to build the task from the reachable atoms and bindings.
    pub instantiate_time: Duration,
}

/// Everything grounding produces: the task and its figures, and the lifted
/// task and reachable instances it was built from (for invariant synthesis).
pub struct Grounded {
    pub task: Task,
    pub stats: GroundStats,
    pub lifted: lifted::Lifted,
    pub reachable: reachability::Reachable,
}

/// Grounds a checked domain and problem.
///
/// The only errors left at this stage concern action costs: an instance whose
/// cost function has no value in `:init`, or a cost that does not fit in 32 bits.
/// They point at the cost expression in the domain file.
pub fn ground(domain: &Domain, problem: &Problem) -> Result<(Task, GroundStats), PddlError> {
    let g = ground_all(domain, problem)?;
    Ok((g.task, g.stats))
}

/// Grounds as [`ground`] does, keeping the intermediate results.
pub fn ground_all(domain: &Domain, problem: &Problem) -> Result<Grounded, PddlError> {
    let start = Instant::now();
    let lifted = lifted::Lifted::new(domain, problem);
    let lifted_time = start.elapsed();

    let start = Instant::now();
    let reachable = reachability::explore(&lifted);
    let reachability_time = start.elapsed();

    let start = Instant::now();
    let task = instantiate::build_task(&lifted, &reachable, domain)?;
    let instantiate_time = start.elapsed();

    let stats = GroundStats {
        objects: lifted.objects.len(),
        types: lifted.types.len(),
        predicates: lifted.predicates.len(),
        actions: lifted.schemas.len(),
        static_facts: lifted.static_init.len(),
        facts: task.facts.len(),
        operators: task.operators.len(),
        lifted_time,
        reachability_time,
        instantiate_time,
    };
    Ok(Grounded {
        task,
        stats,
        lifted,
        reachable,
    })
}
