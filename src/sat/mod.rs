//! Planning as satisfiability: is there a plan of `T` steps? Ask a SAT solver.
//!
//! Progression and regression search through states one at a time. The SAT
//! engine (Kautz and Selman's SATPLAN, Rintanen's Madagascar) instead writes
//! "the task has a plan with `T` steps" as one propositional formula over
//! copies of the facts for every time point `0..=T` and of the operators
//! for every step ([`encode`]), and hands it to a CDCL solver ([`solver`]).
//! A model is a plan: read off which operators are true at each step.
//! If the formula is unsatisfiable there is no plan of `T` steps, and the
//! engine tries a longer horizon ([`Schedule`]).
//!
//! ```text
//! Task --Encoder::start/extend--> clauses of horizon T --Solver::solve(goal@T)-->
//!   sat:   model --Encoder::steps--> steps (each in an executable order) --> plan
//!   unsat: T + 1 (or the next horizon of the schedule)
//! ```
//!
//! Three encodings decide what one step may hold ([`Encoding`]): one
//! operator (sequential: the first satisfiable `T` is the fewest steps), or
//! several that do not interfere (∀-step and ∃-step: `T` is then the
//! *makespan*, the number of parallel steps, and a plan of 40 operators may
//! need only 12 of them). Invariants (mutex groups and h² pairs, as
//! regression uses them) go in as extra clauses in every layer.
//!
//! Example: in Sokoban, the man one cell from a box that is one push from
//! its goal: horizons 0 and 1 are unsatisfiable (the goal is not yet
//! reachable there: no variable for the box on the goal), horizon 2 has the
//! model "move next to the box, push it".
//!
//! A "no" at every horizon up to a limit proves nothing beyond it, so the
//! engine reports a task unsolvable only with a complete argument: the goal
//! is unreachable even without deletes, or two of its facts break an
//! invariant, or the horizon has reached the number of states the
//! invariants leave (a plan never needs to visit a state twice). Otherwise
//! it stops at the depth limit (exit 12) or the time limit.

pub mod cnf;
pub mod encode;
pub mod solver;

use std::collections::VecDeque;
use std::time::Duration;

pub use cnf::Cnf;
pub use encode::{ClauseSink, Encoder, Encoding, Invariants, Lit};
pub use solver::{Answer, Solver};

use crate::search::{Horizon, Outcome, SearchResult, Stats};
use crate::task::{OpId, Task};
use crate::util::limits::{Footprint, Monitor, Progress, Stop};

/// Which horizons are tried, in which order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// `T = 0, 1, 2, ...`, each to the end, on one incremental solver: the
    /// first plan found has the fewest steps (sequential) or the smallest
    /// makespan (∀-step, ∃-step) there is.
    Linear,
    /// Madagascar's algorithm B: horizons `0, 5, 10, ...`, up to 20 at a
    /// time, each on its own solver; they take turns, the `k`-th in flight
    /// getting `0.9^k` of the conflicts of the first. A long horizon that is
    /// easy to satisfy is found without first proving every shorter one
    /// unsatisfiable; the plan need not be the shortest.
    Interleaved,
}

impl Schedule {
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Linear => "linear",
            Schedule::Interleaved => "interleaved",
        }
    }
}

crate::choices!(impl Schedule {
    Linear = "linear": "T = 0, 1, 2, ... on one incremental solver: the fewest steps (or the \
        smallest makespan)",
    Interleaved = "interleaved": "Madagascar's algorithm B: T = 0, 5, 10, ... taking turns, 20 \
        at a time (any plan, found sooner)",
});

crate::choices!(impl Encoding {
    Sequential = "sequential": "One operator per step: T counts the plan's steps",
    ForallStep = "forall-step": "Parallel steps of operators that can go in any order (T: \
        makespan)",
    ExistsStep = "exists-step": "Parallel steps of operators that can go in one fixed order (T: \
        makespan)",
});

/// The interleaved schedule's horizon step, horizons in flight, rate and
/// the conflicts of the first one's turn.
const STEP: usize = 5;
const IN_FLIGHT: usize = 20;
const RATE: f64 = 0.9;
const TURN: u64 = 2_000;

/// How the engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SatOptions {
    pub encoding: Encoding,
    pub schedule: Schedule,
    /// The largest horizon tried (`--depth-limit`).
    pub max_horizon: Option<usize>,
    /// Try this horizon only (`--horizon`).
    pub horizon: Option<usize>,
}

/// Searches for a plan with the horizons of `options.schedule`.
pub fn plan(
    task: &Task,
    invariants: &Invariants,
    options: &SatOptions,
    monitor: &mut Monitor,
) -> SearchResult {
    let start = crate::util::limits::CpuClock::now();
    let mut stats = Stats::default();
    let encoder = Encoder::new(task, options.encoding, invariants.clone());
    let outcome = if !encoder.goal_reachable() || goal_breaks(task, invariants) {
        Outcome::Unsolvable
    } else {
        let bound = state_bound(task, &invariants.groups);
        match (options.horizon, options.schedule) {
            (Some(t), _) => linear(encoder, t, Some(t), None, monitor, &mut stats.horizons),
            (None, Schedule::Linear) => linear(
                encoder,
                0,
                options.max_horizon,
                bound,
                monitor,
                &mut stats.horizons,
            ),
            (None, Schedule::Interleaved) => interleaved(
                task,
                invariants,
                options,
                bound,
                monitor,
                &mut stats.horizons,
            ),
        }
    };
    // The largest formula held at once (a linear schedule's horizons are
    // one growing formula), where the system reports no peak memory.
    let tracked = stats
        .horizons
        .iter()
        .map(|h| bytes(h.variables, h.clauses))
        .max()
        .unwrap_or(0);
    stats.finish(start.elapsed(), Vec::new(), tracked);
    SearchResult { outcome, stats }
}

/// Whether two goal facts can never hold together (an invariant or an h²
/// pair says so): then no horizon has a plan.
fn goal_breaks(task: &Task, invariants: &Invariants) -> bool {
    let goal = |f: &crate::task::FactId| task.goal.binary_search(f).is_ok();
    invariants
        .groups
        .iter()
        .any(|g| g.iter().filter(|f| goal(f)).count() > 1)
        || invariants.pairs.iter().any(|(f, g)| goal(f) && goal(g))
}

/// The plan in the solver's model, steps one after the other.
fn read_plan(encoder: &Encoder, solver: &Solver) -> Vec<OpId> {
    encoder
        .steps(|v| solver.value(v))
        .into_iter()
        .flatten()
        .collect()
}

/// A rough size of the solver's clause database, for the memory limit.
fn bytes(variables: u64, clauses: u64) -> u64 {
    variables * 64 + clauses * 40
}

/// Checks the limits between solver calls, and reports progress.
fn check(monitor: &mut Monitor, horizon: usize, footprint: u64) -> Result<(), Stop> {
    let total = footprint as usize;
    // The solver compacts its clause database by copying it into a new one,
    // so the database may be held twice over, plus its growth.
    let footprint = Footprint {
        total,
        growth: total.saturating_mul(2),
    };
    monitor.check(footprint, || Progress {
        expanded: 0,
        generated: 0,
        evaluated: 0,
        value: Some(("horizon", horizon as u32)),
        elapsed: Duration::ZERO,
        memory: 0,
    })
}

/// `T = first, first + 1, ...` on one incremental solver, up to `last`; a
/// task with at most `bound` states has a plan within `bound - 1` steps if
/// it has one at all.
fn linear(
    mut encoder: Encoder,
    first: usize,
    last: Option<usize>,
    bound: Option<u64>,
    monitor: &mut Monitor,
    horizons: &mut Vec<Horizon>,
) -> Outcome {
    let mut solver = Solver::new();
    encoder.start(&mut solver);
    for t in 0.. {
        while encoder.horizon() < t {
            encoder.extend(&mut solver);
        }
        if t < first {
            continue;
        }
        let (variables, clauses) = encoder.size();
        if let Err(stop) = check(monitor, t, bytes(variables, clauses)) {
            return stop.into();
        }
        let started = crate::util::limits::CpuClock::now();
        let conflicts = solver.conflicts();
        let answer = match encoder.goal() {
            None => Answer::Unsat,
            Some(goal) => solver.solve(&goal, monitor.time_left(), None),
        };
        horizons.push(Horizon {
            horizon: t as u32,
            variables,
            clauses,
            answer: answer_name(answer),
            conflicts: solver.conflicts() - conflicts,
            time: started.elapsed(),
        });
        match answer {
            Answer::Sat => return Outcome::Plan(read_plan(&encoder, &solver)),
            Answer::Unknown => return Outcome::OutOfTime,
            Answer::Unsat => {
                if bound.is_some_and(|b| t as u64 + 1 >= b) {
                    return Outcome::Unsolvable;
                }
                if last.is_some_and(|l| t >= l) {
                    return Outcome::Incomplete;
                }
            }
        }
    }
    unreachable!("the loop over horizons returns")
}

/// One horizon of the interleaved schedule, with its own solver.
struct Run<'t> {
    horizon: usize,
    encoder: Encoder<'t>,
    solver: Solver,
    time: Duration,
    conflicts: u64,
}

/// Madagascar's algorithm B ([`Schedule::Interleaved`]), with the horizons
/// joining one per round of turns.
fn interleaved(
    task: &Task,
    invariants: &Invariants,
    options: &SatOptions,
    bound: Option<u64>,
    monitor: &mut Monitor,
    horizons: &mut Vec<Horizon>,
) -> Outcome {
    let last = options.max_horizon.unwrap_or(usize::MAX);
    // Beyond the state bound no horizon is needed: it is the last one.
    let cap = bound.map_or(usize::MAX, |b| b.saturating_sub(1) as usize);
    let mut next = 0usize;
    let mut runs: VecDeque<Run> = VecDeque::new();
    let mut proven_beyond_cap = false;
    loop {
        // One more horizon joins each round (its formula is built then), so
        // that an easy task is done before twenty formulas are built.
        if runs.len() < IN_FLIGHT && next <= last.min(cap) {
            let mut encoder = Encoder::new(task, options.encoding, invariants.clone());
            let mut solver = Solver::new();
            encoder.start(&mut solver);
            while encoder.horizon() < next {
                encoder.extend(&mut solver);
            }
            runs.push_back(Run {
                horizon: next,
                encoder,
                solver,
                time: Duration::ZERO,
                conflicts: 0,
            });
            next = if next < cap && next.saturating_add(STEP) > cap {
                cap
            } else {
                next.saturating_add(STEP)
            };
        }
        if runs.is_empty() {
            return if proven_beyond_cap {
                Outcome::Unsolvable
            } else {
                Outcome::Incomplete
            };
        }
        let footprint: u64 = runs
            .iter()
            .map(|r| {
                let (v, c) = r.encoder.size();
                bytes(v, c)
            })
            .sum();
        if let Err(stop) = check(monitor, runs[0].horizon, footprint) {
            return stop.into();
        }
        let mut k = 0;
        while k < runs.len() {
            let run = &mut runs[k];
            let turn = ((TURN as f64) * RATE.powi(k as i32)).ceil() as u64;
            let started = crate::util::limits::CpuClock::now();
            let before = run.solver.conflicts();
            let answer = match run.encoder.goal() {
                None => Answer::Unsat,
                Some(goal) => run.solver.solve(&goal, monitor.time_left(), Some(turn)),
            };
            run.time += started.elapsed();
            run.conflicts += run.solver.conflicts() - before;
            if answer == Answer::Unknown {
                if monitor.time_left().is_some_and(|t| t.is_zero())
                    || crate::util::limits::cpu_limit_reached()
                {
                    return Outcome::OutOfTime;
                }
                k += 1;
                continue;
            }
            let (variables, clauses) = run.encoder.size();
            horizons.push(Horizon {
                horizon: run.horizon as u32,
                variables,
                clauses,
                answer: answer_name(answer),
                conflicts: run.conflicts,
                time: run.time,
            });
            if answer == Answer::Sat {
                return Outcome::Plan(read_plan(&run.encoder, &run.solver));
            }
            if run.horizon == cap {
                proven_beyond_cap = true;
            }
            runs.remove(k);
        }
    }
}

fn answer_name(answer: Answer) -> &'static str {
    match answer {
        Answer::Sat => "sat",
        Answer::Unsat => "unsat",
        Answer::Unknown => "unknown",
    }
}

/// An upper bound on the number of reachable states: each group of facts
/// of which at most one holds takes one of `|group| + 1` values, every
/// other fact one of 2. `None` when it is beyond any horizon worth trying.
pub fn state_bound(task: &Task, groups: &[Vec<crate::task::FactId>]) -> Option<u64> {
    const HUGE: u64 = 1 << 24;
    let mut taken = vec![false; task.facts.len()];
    let mut sorted: Vec<&Vec<crate::task::FactId>> = groups.iter().collect();
    sorted.sort_by_key(|g| (std::cmp::Reverse(g.len()), g.first().copied()));
    let mut bound: u64 = 1;
    for group in sorted {
        let free = group.iter().filter(|f| !taken[f.index()]).count() as u64;
        if free > 1 {
            group.iter().for_each(|f| taken[f.index()] = true);
            bound = bound.checked_mul(free + 1).filter(|&b| b <= HUGE)?;
        }
    }
    let rest = taken.iter().filter(|&&t| !t).count() as u32;
    if rest >= 24 {
        return None;
    }
    bound.checked_mul(1 << rest).filter(|&b| b <= HUGE)
}

/// The formula for exactly horizon `t` with the goal as unit clauses, for
/// `--dump-cnf` (any SAT solver can read it).
pub fn formula(task: &Task, invariants: &Invariants, encoding: Encoding, t: usize) -> Cnf {
    let mut cnf = Cnf::default();
    let mut encoder = Encoder::new(task, encoding, invariants.clone());
    encoder.start(&mut cnf);
    while encoder.horizon() < t {
        encoder.extend(&mut cnf);
    }
    match encoder.goal() {
        Some(goal) => goal.iter().for_each(|&g| cnf.add_clause(&[g])),
        // A goal fact that cannot hold yet: the empty clause.
        None => cnf.add_clause(&[]),
    }
    cnf
}

#[cfg(test)]
mod tests;
