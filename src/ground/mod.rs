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
//! 1. [`lifted`]: names become ids; predicates are split into static and fluent;
//!    [`lifted::normalize`] turns quantified, disjunctive and conditional formulas into
//!    conjunctive schemas, conditional effects and axiom rules.
//! 2. [`reachability`]: the relaxed-reachability fixpoint finds the atoms and
//!    action instances that can ever occur (never a product of all objects).
//! 3. [`instantiate`]: reachable instances become operators with sorted
//!    `pre`/`add`/`del` fact lists and integer costs; [`contradiction`] drops
//!    those whose precondition no reachable state meets (by the state
//!    invariants) and [`relevance`] those no plan needs (backwards from the
//!    goal).
//!
//! Grounding is deterministic: the same files give the same facts and
//! operators, in the same order, on every run.

pub mod contradiction;
pub mod instantiate;
pub mod relevance;

pub use crate::lifted::reachability::GroundLimits;

use crate::invariants;
use crate::lifted::{self, reachability};
use crate::pddl::ast::{Domain, Problem};
use crate::pddl::{ErrorKind, PddlError};
use crate::task::Task;
use reachability::Limit;
use std::time::{Duration, Instant};

/// The bytes of the tables grounding keeps per object: one flag per (type,
/// object) pair, and one list head per (predicate argument, object) pair in
/// the join index. Known before grounding starts, from the sizes alone.
pub fn table_bytes(domain: &Domain, problem: &Problem) -> u64 {
    let objects = (domain.constants.len() + problem.objects.len()) as u64;
    let types = domain.types.len() as u64 + 1;
    let positions: u64 = (domain.predicates.iter())
        .map(|p| p.parameters.len() as u64)
        .sum();
    let list_head = std::mem::size_of::<Vec<u32>>() as u64;
    objects.saturating_mul(types.saturating_add(positions.saturating_mul(list_head)))
}

/// Refuses, before allocating anything, a task whose per-object tables would
/// not fit: many objects times many types or predicate arguments.
fn check_table_sizes(
    domain: &Domain,
    problem: &Problem,
    limits: &GroundLimits,
) -> Result<(), PddlError> {
    let bytes = table_bytes(domain, problem);
    let (max, what) = match limits.memory {
        Some(m) => (m, "the memory limit"),
        None => (GroundLimits::MAX_TABLE_BYTES, "planbox's grounding limit"),
    };
    if bytes <= max {
        return Ok(());
    }
    let span = problem
        .objects
        .first()
        .map_or(problem.name.span, |o| o.name.span);
    Err(PddlError::new(
        ErrorKind::OutOfMemory,
        &problem.source,
        span,
        format!(
            "grounding stopped: its tables for {}, {} and {} would take {} MB, more than \
             {what} ({} MB)",
            counted(domain.constants.len() + problem.objects.len(), "object"),
            counted(domain.types.len() + 1, "type"),
            counted(
                domain.predicates.iter().map(|p| p.parameters.len()).sum(),
                "predicate argument"
            ),
            bytes >> 20,
            max >> 20
        ),
    ))
}

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
    /// Relaxed-reachable ground operators with an effect (what Fast
    /// Downward's `instantiate.explore` returns).
    pub reachable_operators: usize,
    /// Those left after [`relevance::simplify`] (the size of
    /// `Task::operators`; Fast Downward's "operators necessary").
    pub operators: usize,
    /// What [`relevance::simplify`] dropped.
    pub dropped: relevance::Dropped,
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

/// Grounds as [`ground`] does, within `limits`.
pub fn ground_with(
    domain: &Domain,
    problem: &Problem,
    limits: &GroundLimits,
) -> Result<(Task, GroundStats), PddlError> {
    let g = ground_all_with(domain, problem, limits)?;
    Ok((g.task, g.stats))
}

/// Grounds as [`ground`] does, keeping the intermediate results.
pub fn ground_all(domain: &Domain, problem: &Problem) -> Result<Grounded, PddlError> {
    ground_all_with(domain, problem, &GroundLimits::default())
}

/// Grounds as [`ground_all`] does, within `limits`.
pub fn ground_all_with(
    domain: &Domain,
    problem: &Problem,
    limits: &GroundLimits,
) -> Result<Grounded, PddlError> {
    check_table_sizes(domain, problem, limits)?;
    let start = Instant::now();
    let lifted = lifted::Lifted::new(domain, problem)?;
    let lifted_time = start.elapsed();

    let start = Instant::now();
    let reachable = explore_on_own_stack(&lifted, limits)
        .map_err(|halt| limit_error(domain, &lifted, limits, halt))?;
    let reachability_time = start.elapsed();

    let start = Instant::now();
    let mut task = instantiate::build_task(&lifted, &reachable, domain)?;
    let reachable_operators = task.operators.len();
    let contradictory = contradiction::drop_contradictory(&mut task, &lifted, &reachable);
    let dropped = relevance::Dropped {
        contradictory,
        ..relevance::simplify(&mut task)
    };
    let instantiate_time = start.elapsed();

    let stats = GroundStats {
        objects: lifted.objects.len(),
        types: lifted.types.len(),
        predicates: lifted.predicates.len(),
        actions: lifted.schemas.len(),
        static_facts: lifted.static_init.len(),
        facts: task.facts.len(),
        reachable_operators,
        operators: task.operators.len(),
        dropped,
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

/// Grounds a checked domain and problem (as [`ground`] does) and analyses the
/// task's invariants ([`invariants::analyse`]), using the grounder's reachable
/// action instances.
pub fn ground_and_analyse(
    domain: &Domain,
    problem: &Problem,
    options: &invariants::Options,
) -> Result<(Task, GroundStats, lifted::Lifted, invariants::Analysis), PddlError> {
    let g = ground_all(domain, problem)?;
    let analysis = invariants::analyse(&g.lifted, Some(&g.reachable), &g.task, options);
    Ok((g.task, g.stats, g.lifted, analysis))
}

/// Stack bytes the fixpoint may need per parameter and per precondition of a
/// schema: a join recurses once per precondition, the binding of free
/// parameters once per parameter. Generous for debug and sanitizer builds.
const STACK_PER_LEVEL: usize = 2048;

/// Up to this many parameters plus preconditions, the fixpoint runs on the
/// caller's thread: 512 KiB of stack at most, a quarter of a test thread's.
const IN_PLACE_LEVELS: usize = 256;

/// Runs [`reachability::explore`] on a thread with a stack deep enough for
/// the widest schema. Real schemas have a handful of parameters and
/// preconditions, but a generated one may have thousands, and the joins stay
/// recursive (as the textbook writes them) rather than overflow the caller's
/// stack. The stack is reserved, not touched, beyond what is used.
fn explore_on_own_stack(
    lifted: &lifted::Lifted,
    limits: &GroundLimits,
) -> Result<reachability::Reachable, reachability::Halt> {
    let widest = (lifted.rules().iter())
        .map(|s| s.params.len() + s.pos.len())
        .max()
        .unwrap_or(0);
    // Schemas as real domains write them fit any thread's stack: stay here
    // (a thread of its own would also allocate from another malloc arena).
    if widest <= IN_PLACE_LEVELS {
        return reachability::explore(lifted, limits);
    }
    let stack = (1 << 20) + widest.saturating_mul(STACK_PER_LEVEL);
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("grounding".into())
            .stack_size(stack)
            .spawn_scoped(scope, || reachability::explore(lifted, limits));
        match worker {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread to be had: run here, as deep as this stack allows.
            Err(_) => reachability::explore(lifted, limits),
        }
    })
}

/// The error for a grounding stopped at a limit, at the name of the action
/// (or derived predicate) that was being instantiated.
fn limit_error(
    domain: &Domain,
    lifted: &lifted::Lifted,
    limits: &GroundLimits,
    halt: reachability::Halt,
) -> PddlError {
    let rules = lifted.rules();
    let rule = rules[halt.schema as usize];
    let is_axiom = halt.schema as usize >= lifted.schemas.len() + lifted.effect_rules.len();
    let (what, action) = match (is_axiom, rule.action) {
        (false, a) => ("action", &domain.actions[a as usize].name),
        (true, d) if (d as usize) < domain.derived.len() => {
            ("derived predicate", &domain.derived[d as usize].predicate)
        }
        // A rule normalisation made (for a goal or a disjunction).
        (true, _) => ("rule", &domain.name),
    };
    let (kind, why) = match halt.limit {
        Limit::Atoms => (
            ErrorKind::OutOfMemory,
            format!(
                "more than {} reachable atoms (planbox's limit)",
                thousands(limits.max_atoms)
            ),
        ),
        Limit::Actions => (
            ErrorKind::OutOfMemory,
            format!(
                "more than {} ground actions (planbox's limit)",
                thousands(limits.max_actions)
            ),
        ),
        Limit::Work => (
            ErrorKind::OutOfTime,
            format!(
                "more than {} steps of instantiation (the work limit)",
                thousands(limits.max_work.unwrap_or_default() as usize)
            ),
        ),
        Limit::Memory => (
            ErrorKind::OutOfMemory,
            format!(
                "out of memory (the limit is {} MB)",
                limits.memory.unwrap_or_default() >> 20
            ),
        ),
        Limit::Time => (
            ErrorKind::OutOfTime,
            format!(
                "out of time (the limit is {} s)",
                limits.time.unwrap_or_default().as_secs_f64()
            ),
        ),
    };
    PddlError::new(
        kind,
        &domain.source,
        action.span,
        format!(
            "grounding stopped: {why}, while instantiating {what} `{}`",
            action.text
        ),
    )
}

/// `1 type`, `12,345 objects`.
fn counted(n: usize, what: &str) -> String {
    format!("{} {what}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// `12345678` as `12,345,678`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
