//! The CDCL SAT solver behind the engine: batsat, MiniSat 2.2 in Rust.
//!
//! Conflict-driven clause learning is what makes planning as satisfiability
//! work: when an assignment falsifies a clause, the solver learns a new
//! clause that explains why, and it never tries that combination again,
//! however far apart in time its variables are. The solver is used
//! *incrementally*: the clauses of horizon `T` stay, the next layer's are
//! added, and the goal at the new horizon is passed as assumptions, so the
//! clauses learnt on shorter horizons keep helping.
//!
//! Why batsat (benches/README.md has the measurement): it is pure Rust (a
//! fresh machine with only the Rust toolchain builds it, as the README
//! promises), it solves under assumptions, keeps learnt clauses between
//! calls, and polls a callback that lets a run stop at a deadline or after a
//! number of conflicts (so that horizons can take turns).

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::util::limits::{CpuClock, cpu_limit_reached};

use batsat::{Callbacks, ClauseKind, Lit as BatLit, SolverInterface, SolverOpts, Var, lbool};

use super::encode::{ClauseSink, Lit};

/// What a call to the solver found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat,
    Unsat,
    /// Stopped at the deadline or after the conflicts allowed.
    Unknown,
}

/// When a solve call must give up.
#[derive(Default)]
struct Stop {
    /// The CPU time the call may use, and the CPU clock at its start.
    budget: Option<(CpuClock, Duration)>,
    /// When to read the CPU clock next. Reading it is a system call, so the
    /// wall clock is read first: one thread spends at most one CPU second
    /// per second, so the budget cannot run out before the budget left has
    /// passed on the wall clock (it takes longer on a busy machine).
    next_look: Cell<Option<Instant>>,
    /// Conflicts counted since the solver was made, and the count at which
    /// the current call stops.
    conflicts: u64,
    conflict_limit: Option<u64>,
}

impl Callbacks for Stop {
    fn on_new_clause(&mut self, _clause: &[BatLit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.conflict_limit.is_some_and(|l| self.conflicts >= l)
            || cpu_limit_reached()
            || self.out_of_time()
    }
}

impl Stop {
    /// Whether the call has used its CPU time (see [`Stop::next_look`]).
    fn out_of_time(&self) -> bool {
        let (Some((start, budget)), Some(look)) = (self.budget, self.next_look.get()) else {
            return false;
        };
        let now = Instant::now();
        if now < look {
            return false;
        }
        let used = start.elapsed();
        if used >= budget {
            return true;
        }
        self.next_look.set(now.checked_add(budget - used));
        false
    }
}

/// A solver that clauses are added to as the horizon grows.
pub struct Solver {
    inner: batsat::Solver<Stop>,
    buffer: Vec<BatLit>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl ClauseSink for Solver {
    fn new_var(&mut self) -> Lit {
        let v = self.inner.new_var_default();
        v.idx() as Lit + 1
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.buffer.clear();
        self.buffer.extend(clause.iter().map(|&l| lit(l)));
        // `false` means the clauses are unsatisfiable already; the next
        // solve call says so.
        let _ = self.inner.add_clause_reuse(&mut self.buffer);
    }
}

fn lit(l: Lit) -> BatLit {
    BatLit::new(Var::unsafe_from_idx(l.unsigned_abs() - 1), l > 0)
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            inner: batsat::Solver::new(SolverOpts::default(), Stop::default()),
            buffer: Vec::new(),
        }
    }

    /// Solves under `assumptions`, for at most `time` more CPU time (the
    /// process's, as every limit counts it) and at most `conflicts` more
    /// conflicts.
    pub fn solve(
        &mut self,
        assumptions: &[Lit],
        time: Option<Duration>,
        conflicts: Option<u64>,
    ) -> Answer {
        let stop = self.inner.cb_mut();
        stop.budget = time.map(|t| (CpuClock::now(), t));
        stop.next_look = Cell::new(time.and_then(|t| Instant::now().checked_add(t)));
        stop.conflict_limit = conflicts.map(|c| stop.conflicts.saturating_add(c));
        let assumed: Vec<BatLit> = assumptions.iter().map(|&l| lit(l)).collect();
        let answer = self.inner.solve_limited(&assumed);
        if answer == lbool::TRUE {
            Answer::Sat
        } else if answer == lbool::FALSE {
            Answer::Unsat
        } else {
            Answer::Unknown
        }
    }

    /// The value of variable `v` in the last model.
    pub fn value(&self, v: Lit) -> bool {
        self.inner.value_lit(lit(v)) == lbool::TRUE
    }

    /// Conflicts so far, over all calls.
    pub fn conflicts(&self) -> u64 {
        self.inner.num_conflicts()
    }

    /// Clauses the solver holds (the problem's, not the learnt ones).
    pub fn clauses(&self) -> u64 {
        self.inner.num_clauses()
    }
}

#[cfg(test)]
mod tests;
