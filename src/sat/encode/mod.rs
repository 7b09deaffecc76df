//! The time-expanded encoding: a plan of at most `T` steps as a formula.
//!
//! For every step `t < T` and operator `o` there is a variable `o@t` ("`o` is
//! taken at step `t`"), and for every layer `t <= T` and fact `p` a variable
//! `p@t` ("`p` holds after `t` steps"). The clauses say:
//!
//! * **initial state**: `p@0` for the facts of the initial state (the
//!   others have no variable at layer 0: they are false);
//! * **preconditions and effects**: `o@t -> p@t` for each precondition `p`,
//!   `o@t -> q@t+1` for each add effect `q`, `o@t -> -d@t+1` for each delete
//!   effect `d` (a fact both added and deleted ends up true, as in
//!   [`crate::task`]);
//! * **explanatory frame axioms**: a fact changes only if an operator changes
//!   it: `p@t & -p@t+1 -> (o1@t | o2@t | ...)` over the operators that delete
//!   `p`, and `-p@t & p@t+1 -> (...)` over those that add it;
//! * **which operators may share a step** (the [`Encoding`]);
//! * **invariants** (optional, [`Invariants`]): at most one fact of each
//!   mutex group, and no h²-mutex pair, in every layer. They follow from the
//!   clauses above (every layer of a model is a state the plan reaches), so
//!   they change no answer; they let the solver see at once what it would
//!   otherwise have to learn, such as "the man is in one place";
//! * **goal**: `g@T` for each goal fact, given to the solver as *assumptions*
//!   so that the same clauses serve the next horizon (incremental solving).
//!
//! Layers are built from the planning graph's relaxed reachability: a fact
//! gets a variable at layer `t` only if it can hold after `t` steps in the
//! relaxation (no deletes), an operator at step `t` only if its preconditions
//! can hold at layer `t`. Early layers stay small.
//!
//! Example: one operator `go` with `pre = {at-a}`, `add = {at-b}`,
//! `del = {at-a}`, from `{at-a}` to the goal `{at-b}`. With `T = 1`:
//! variables `at-a@0`, `at-a@1`, `at-b@1`, `go@0`; clauses `at-a@0`
//! (initial state), `-go@0 | at-a@0`, `-go@0 | at-b@1`, `-go@0 | -at-a@1`
//! (the operator), `-at-a@1 | at-a@0` (nothing adds at-a),
//! `-at-a@0 | at-a@1 | go@0` (only go deletes it), `-at-b@1 | go@0` (at-b was
//! false at 0, only go adds it); goal `at-b@1`. The only model takes `go` at
//! step 0 (the test `the_module_example_has_the_clauses_it_lists`).

mod steps;

use crate::invariants::Mutexes;
use crate::task::{FactId, OpId, Task};

/// A literal as in DIMACS: variable `v >= 1` is `v`, its negation `-v`.
pub type Lit = i32;

/// Where clauses go: a SAT solver, or a [`super::Cnf`] to be written out.
pub trait ClauseSink {
    /// A fresh variable: 1, 2, 3, ...
    fn new_var(&mut self) -> Lit;
    fn add_clause(&mut self, clause: &[Lit]);
}

/// Which operators may be taken in one step, and so what `T` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// At most one operator per step: `T` bounds the plan's length, so the
    /// first horizon that has a plan gives the fewest steps.
    Sequential,
    /// ∀-step: operators that may be taken in any order with the same
    /// result. No operator in a step deletes (or, for negative
    /// preconditions, adds) what another one of the step needs. `T` bounds the
    /// *makespan*, the number of parallel steps.
    ForallStep,
    /// ∃-step: operators that can be taken in one fixed order, chosen before
    /// solving ([`Encoder::order`]): an operator may delete what another one
    /// needs only if that one comes earlier in the order. More operators
    /// per step than ∀-step, so shorter horizons.
    ExistsStep,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Sequential => "sequential",
            Encoding::ForallStep => "forall-step",
            Encoding::ExistsStep => "exists-step",
        }
    }
}

/// The invariants added as clauses in every layer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invariants {
    /// Groups of facts of which at most one holds in any reachable state.
    pub groups: Vec<Vec<FactId>>,
    /// Pairs of facts that never hold together (h²).
    pub pairs: Vec<(FactId, FactId)>,
}

/// More h² pairs than this (beyond the groups) and they are left out: a
/// million clauses in every layer would cost more than they save.
const MAX_PAIRS: usize = 1_000_000;

impl Invariants {
    /// The at-most-one groups of `mutexes` (with `groups`) and its h² pairs
    /// that no group already covers (with `pairs`).
    pub fn from_mutexes(mutexes: &Mutexes, groups: bool, pairs: bool) -> Invariants {
        let n = mutexes.facts();
        let groups: Vec<Vec<FactId>> = mutexes
            .groups()
            .iter()
            .filter(|g| g.at_most == 1 && groups)
            .map(|g| g.facts.clone())
            .collect();
        let mut group_of: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, g) in groups.iter().enumerate() {
            g.iter().for_each(|f| group_of[f.index()].push(i));
        }
        let mut found = Vec::new();
        if let Some(h2) = mutexes.h2().filter(|_| pairs) {
            for f in (0..n as u32).map(FactId) {
                if !h2.is_reachable(f) {
                    continue;
                }
                for g in (f.0 + 1..n as u32).map(FactId) {
                    let shared = || {
                        group_of[f.index()]
                            .iter()
                            .any(|i| group_of[g.index()].contains(i))
                    };
                    if h2.is_reachable(g) && h2.is_mutex(f, g) && !shared() {
                        found.push((f, g));
                    }
                }
                if found.len() > MAX_PAIRS {
                    found.clear();
                    break;
                }
            }
        }
        Invariants {
            groups,
            pairs: found,
        }
    }
}

/// More disabling edges than this and the ∃-step order is the operators' own.
const MAX_ORDER_EDGES: usize = 4_000_000;

/// Builds the formula horizon by horizon, into any [`ClauseSink`].
pub struct Encoder<'t> {
    task: &'t Task,
    encoding: Encoding,
    invariants: Invariants,
    /// The first layer each fact can hold at in the relaxation (`u32::MAX`:
    /// never), and the first step each operator can be taken at.
    fact_level: Vec<u32>,
    op_level: Vec<u32>,
    /// Per fact: the operators that need it, that delete it (and do not add
    /// it), that add it, and that need it false.
    need: Vec<Vec<OpId>>,
    delete: Vec<Vec<OpId>>,
    add: Vec<Vec<OpId>>,
    need_not: Vec<Vec<OpId>>,
    /// The ∃-step order: each operator's position.
    position: Vec<u32>,
    /// `facts[t][p]`: the variable of `p@t`, 0 where `p` cannot hold.
    facts: Vec<Vec<Lit>>,
    /// `ops[t][o]`: the variable of `o@t`, 0 where `o` cannot be taken.
    ops: Vec<Vec<Lit>>,
    clauses: u64,
    variables: u64,
}

impl<'t> Encoder<'t> {
    /// An encoder with no layer yet; [`Encoder::start`] adds layer 0.
    pub fn new(task: &'t Task, encoding: Encoding, invariants: Invariants) -> Encoder<'t> {
        let n = task.facts.len();
        let (fact_level, op_level) = relaxed_levels(task);
        let mut need = vec![Vec::new(); n];
        let mut delete = vec![Vec::new(); n];
        let mut add = vec![Vec::new(); n];
        let mut need_not = vec![Vec::new(); n];
        for (i, op) in task.operators.iter().enumerate() {
            let o = OpId(i as u32);
            if op_level[i] == u32::MAX {
                continue;
            }
            op.pre.iter().for_each(|p| need[p.index()].push(o));
            op.neg_pre.iter().for_each(|p| need_not[p.index()].push(o));
            op.add.iter().for_each(|p| add[p.index()].push(o));
            for d in op.del.iter().filter(|d| op.add.binary_search(d).is_err()) {
                delete[d.index()].push(o);
            }
        }
        let mut encoder = Encoder {
            task,
            encoding,
            invariants,
            fact_level,
            op_level,
            need,
            delete,
            add,
            need_not,
            position: Vec::new(),
            facts: Vec::new(),
            ops: Vec::new(),
            clauses: 0,
            variables: 0,
        };
        encoder.position = match encoding {
            Encoding::ExistsStep => encoder.exists_step_order(),
            _ => (0..task.operators.len() as u32).collect(),
        };
        encoder
    }

    /// The current horizon: the number of steps encoded.
    pub fn horizon(&self) -> usize {
        self.facts.len().saturating_sub(1)
    }

    /// Variables and clauses added so far.
    pub fn size(&self) -> (u64, u64) {
        (self.variables, self.clauses)
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Whether the goal can hold at some layer of the relaxation; if not, no
    /// horizon has a plan.
    pub fn goal_reachable(&self) -> bool {
        self.task
            .goal
            .iter()
            .all(|g| self.fact_level[g.index()] != u32::MAX)
    }

    /// Adds layer 0: the initial state.
    pub fn start(&mut self, sink: &mut impl ClauseSink) {
        debug_assert!(self.facts.is_empty());
        let mut layer = vec![0; self.task.facts.len()];
        for &p in self.task.init.iter() {
            let v = self.var(sink);
            layer[p.index()] = v;
            self.clause(sink, &[v]);
        }
        self.facts.push(layer);
    }

    /// Adds step `T` and layer `T + 1`: the horizon grows by one.
    pub fn extend(&mut self, sink: &mut impl ClauseSink) {
        let t = self.horizon();
        let n = self.task.facts.len();
        let next: Vec<Lit> = (0..n)
            .map(|p| {
                if self.fact_level[p] <= t as u32 + 1 {
                    self.var(sink)
                } else {
                    0
                }
            })
            .collect();
        let step: Vec<Lit> = (0..self.task.operators.len())
            .map(|o| {
                if self.op_level[o] <= t as u32 {
                    self.var(sink)
                } else {
                    0
                }
            })
            .collect();
        self.facts.push(next);
        self.ops.push(step);
        self.operator_clauses(sink, t);
        self.frame_axioms(sink, t);
        match self.encoding {
            Encoding::Sequential => {
                let taken: Vec<Lit> = self.ops[t].iter().copied().filter(|&v| v != 0).collect();
                self.at_most_one(sink, &taken);
            }
            Encoding::ForallStep => self.forall_step(sink, t),
            Encoding::ExistsStep => self.exists_step(sink, t),
        }
        self.invariant_clauses(sink, t + 1);
    }

    /// The goal at the current horizon as literals to assume; `None` when a
    /// goal fact cannot hold there (no plan of this many steps).
    pub fn goal(&self) -> Option<Vec<Lit>> {
        let layer = self.facts.last()?;
        let mut lits = Vec::new();
        for g in self.task.goal.iter() {
            match layer[g.index()] {
                0 => return None,
                v => lits.push(v),
            }
        }
        for g in self.task.neg_goal.iter() {
            if layer[g.index()] != 0 {
                lits.push(-layer[g.index()]);
            }
        }
        Some(lits)
    }

    /// The plan in a model (`value(v)`: whether variable `v` is true): the
    /// operators of each step, in an order in which they can be applied one
    /// after the other (for ∃-step, [`Encoder::order`]'s).
    pub fn steps(&self, value: impl Fn(Lit) -> bool) -> Vec<Vec<OpId>> {
        self.ops
            .iter()
            .map(|step| {
                let mut taken: Vec<OpId> = step
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0 && value(v))
                    .map(|(o, _)| OpId(o as u32))
                    .collect();
                taken.sort_by_key(|o| self.position[o.index()]);
                taken
            })
            .collect()
    }

    /// The facts that hold at layer `t` in a model (for showing it).
    pub fn layer(&self, t: usize, value: impl Fn(Lit) -> bool) -> Vec<FactId> {
        self.facts[t]
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0 && value(v))
            .map(|(p, _)| FactId(p as u32))
            .collect()
    }

    /// The ∃-step order: operators sorted by position.
    pub fn order(&self) -> Vec<OpId> {
        let mut ops: Vec<OpId> = (0..self.position.len() as u32).map(OpId).collect();
        ops.sort_by_key(|o| self.position[o.index()]);
        ops
    }

    fn var(&mut self, sink: &mut impl ClauseSink) -> Lit {
        self.variables += 1;
        sink.new_var()
    }

    fn clause(&mut self, sink: &mut impl ClauseSink, lits: &[Lit]) {
        self.clauses += 1;
        sink.add_clause(lits);
    }

    /// Preconditions and effects of the operators of step `t`.
    fn operator_clauses(&mut self, sink: &mut impl ClauseSink, t: usize) {
        let task = self.task;
        for (o, op) in task.operators.iter().enumerate() {
            let v = self.ops[t][o];
            if v == 0 {
                continue;
            }
            for p in op.pre.iter() {
                let f = self.facts[t][p.index()];
                debug_assert!(f != 0, "an operator's preconditions are reachable");
                self.clause(sink, &[-v, f]);
            }
            for p in op.neg_pre.iter() {
                let f = self.facts[t][p.index()];
                if f != 0 {
                    self.clause(sink, &[-v, -f]);
                }
            }
            for p in op.add.iter() {
                let f = self.facts[t + 1][p.index()];
                self.clause(sink, &[-v, f]);
            }
            for p in op.del.iter() {
                let f = self.facts[t + 1][p.index()];
                if f != 0 && op.add.binary_search(p).is_err() {
                    self.clause(sink, &[-v, -f]);
                }
            }
        }
    }

    /// A fact changes between layers `t` and `t + 1` only if an operator of
    /// step `t` changes it.
    fn frame_axioms(&mut self, sink: &mut impl ClauseSink, t: usize) {
        let mut lits = Vec::new();
        for p in 0..self.task.facts.len() {
            let (now, next) = (self.facts[t][p], self.facts[t + 1][p]);
            if next == 0 {
                continue;
            }
            // Made true: -p@t & p@t+1 -> some adder (p@t is false if it has
            // no variable).
            lits.clear();
            lits.push(-next);
            if now != 0 {
                lits.push(now);
            }
            lits.extend(
                self.add[p]
                    .iter()
                    .map(|o| self.ops[t][o.index()])
                    .filter(|&v| v != 0),
            );
            self.clause(sink, &lits.clone());
            // Made false: p@t & -p@t+1 -> some deleter.
            if now != 0 {
                lits.clear();
                lits.extend([-now, next]);
                lits.extend(
                    self.delete[p]
                        .iter()
                        .map(|o| self.ops[t][o.index()])
                        .filter(|&v| v != 0),
                );
                self.clause(sink, &lits.clone());
            }
        }
    }

    /// The variables of `ops` at step `t` (those that exist).
    fn present(&self, ops: &[OpId], t: usize) -> Vec<Lit> {
        ops.iter()
            .map(|o| self.ops[t][o.index()])
            .filter(|&v| v != 0)
            .collect()
    }

    /// The invariants at layer `t`.
    fn invariant_clauses(&mut self, sink: &mut impl ClauseSink, t: usize) {
        let groups = std::mem::take(&mut self.invariants.groups);
        for group in &groups {
            let lits: Vec<Lit> = group
                .iter()
                .map(|p| self.facts[t][p.index()])
                .filter(|&v| v != 0)
                .collect();
            self.at_most_one(sink, &lits);
        }
        self.invariants.groups = groups;
        let pairs = std::mem::take(&mut self.invariants.pairs);
        for &(p, q) in &pairs {
            let (a, b) = (self.facts[t][p.index()], self.facts[t][q.index()]);
            if a != 0 && b != 0 {
                self.clause(sink, &[-a, -b]);
            }
        }
        self.invariants.pairs = pairs;
    }

    /// At most one of `lits`: pairwise for a few, else Sinz's sequential
    /// counter (`s_i`: one of the first `i` is true), 3n clauses.
    fn at_most_one(&mut self, sink: &mut impl ClauseSink, lits: &[Lit]) {
        let n = lits.len();
        if n <= 5 {
            for i in 0..n {
                for j in i + 1..n {
                    self.clause(sink, &[-lits[i], -lits[j]]);
                }
            }
            return;
        }
        let mut before = self.var(sink);
        self.clause(sink, &[-lits[0], before]);
        for &x in &lits[1..n - 1] {
            let now = self.var(sink);
            self.clause(sink, &[-x, now]);
            self.clause(sink, &[-before, now]);
            self.clause(sink, &[-x, -before]);
            before = now;
        }
        self.clause(sink, &[-lits[n - 1], -before]);
    }
}

/// Splits two ascending lists into what is only in `a`, in both, and only
/// in `b`, in one pass (a merge).
fn split<T: Ord + Copy>(a: &[T], b: &[T]) -> (Vec<T>, Vec<T>, Vec<T>) {
    debug_assert!(a.is_sorted() && b.is_sorted());
    let (mut only_a, mut both, mut only_b) = (Vec::new(), Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                only_a.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                only_b.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                both.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    only_a.extend_from_slice(&a[i..]);
    only_b.extend_from_slice(&b[j..]);
    (only_a, both, only_b)
}

/// Relaxed reachability layers (the planning graph without mutexes): the
/// first layer each fact can hold at, the first step each operator can be
/// taken at; `u32::MAX` for never.
fn relaxed_levels(task: &Task) -> (Vec<u32>, Vec<u32>) {
    let mut fact = vec![u32::MAX; task.facts.len()];
    let mut op = vec![u32::MAX; task.operators.len()];
    for p in task.init.iter() {
        fact[p.index()] = 0;
    }
    let mut t = 0;
    loop {
        let mut reached = Vec::new();
        for (i, o) in task.operators.iter().enumerate() {
            if op[i] == u32::MAX && o.pre.iter().all(|p| fact[p.index()] <= t) {
                op[i] = t;
                reached.extend(o.add.iter().copied());
            }
        }
        let mut grew = false;
        for p in reached {
            if fact[p.index()] == u32::MAX {
                fact[p.index()] = t + 1;
                grew = true;
            }
        }
        if !grew {
            return (fact, op);
        }
        t += 1;
    }
}

#[cfg(test)]
mod tests;
