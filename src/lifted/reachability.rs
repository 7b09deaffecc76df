//! Relaxed reachability: which atoms and which action instances can ever occur.
//!
//! Grounding every action with every combination of objects is hopeless (a
//! Sokoban `push` over 100 cells has a million bindings, of which a few hundred
//! make sense). Instead, as Fast Downward's translator does, planbox computes
//! the fixpoint of the *delete relaxation*: start from the initial atoms; an
//! action instance is reachable when all its positive preconditions are
//! reachable atoms (negative fluent preconditions are assumed satisfiable, and
//! delete effects are ignored); its add effects then become reachable too.
//!
//! The fixpoint is computed semi-naively, one new atom at a time. When atom `a`
//! is taken from the queue, every precondition of every schema that `a` can
//! match is *joined* with the atoms processed so far: `a` binds some
//! parameters, and the remaining preconditions are matched one by one, each
//! time choosing the precondition with the fewest candidate atoms (found
//! through an index from `(predicate, position, object)` to atoms). Static
//! preconditions join against the initial static atoms. Each instance is
//! found exactly once: when the last of its precondition atoms is processed,
//! with that atom matched to the first precondition it satisfies.
//!
//! Example (Gripper): from `(at-robby rooma)` the join of `move(?from, ?to)`
//! binds `?from = rooma` and, with `?to` in no precondition, enumerates every
//! object for `?to`: `move rooma rooma`, `move rooma roomb`, ... Each makes
//! `(at-robby ?to)` reachable, which triggers `move` again from there.

use super::{Arg, AtomRef, GAtom, Lifted, ObjId, Schema};
use crate::util::hash::FastBuildHasher;
use indexmap::IndexSet;
use std::collections::VecDeque;

/// Marks an unbound parameter.
const UNBOUND: ObjId = ObjId::MAX;

/// What relaxed reachability found.
pub struct Reachable {
    /// Every known atom: the static initial atoms first, then the fluent atoms
    /// in the order they became reachable (initial fluent atoms first).
    pub atoms: IndexSet<GAtom, FastBuildHasher>,
    /// The rule of each reachable instance, in discovery order: an index in
    /// [`Lifted::rules`] (action schemas first, then conditional-effect rules,
    /// then axiom rules).
    pub schemas: Vec<u32>,
    /// The bindings of the instances, one after the other (an instance of
    /// rule `r` takes `rules[r].params.len()` objects).
    pub bindings: Vec<ObjId>,
}

impl Reachable {
    /// Every reachable instance as `(rule, binding)`.
    pub fn instances<'a>(
        &'a self,
        lifted: &'a Lifted,
    ) -> impl Iterator<Item = (u32, &'a [ObjId])> + 'a {
        let rules = lifted.rules();
        let mut at = 0;
        self.schemas.iter().map(move |&s| {
            let n = rules[s as usize].params.len();
            at += n;
            (s, &self.bindings[at - n..at])
        })
    }

    /// The reachable action instances as `(schema, binding)`.
    pub fn actions<'a>(&'a self, lifted: &'a Lifted) -> impl Iterator<Item = (u32, &'a [ObjId])> {
        let n = lifted.schemas.len() as u32;
        self.instances(lifted).filter(move |&(s, _)| s < n)
    }
}

/// The atoms processed so far, indexed for joins.
struct Index {
    n_obj: usize,
    /// `base[p]`: the first slot of predicate `p` in `by_arg`.
    base: Vec<usize>,
    /// `by_arg[base[p] + i * n_obj + o]`: processed atoms of `p` with object
    /// `o` at argument `i`.
    by_arg: Vec<Vec<u32>>,
    /// `by_pred[p]`: all processed atoms of `p`.
    by_pred: Vec<Vec<u32>>,
}

impl Index {
    fn new(lifted: &Lifted) -> Index {
        let n_obj = lifted.objects.len();
        let mut base = Vec::with_capacity(lifted.arity.len());
        let mut slots = 0;
        for &a in &lifted.arity {
            base.push(slots);
            slots += a * n_obj;
        }
        Index {
            n_obj,
            base,
            by_arg: vec![Vec::new(); slots],
            by_pred: vec![Vec::new(); lifted.arity.len()],
        }
    }

    fn add(&mut self, id: u32, atom: &GAtom) {
        let p = atom.pred as usize;
        self.by_pred[p].push(id);
        for (i, &o) in atom.args.iter().enumerate() {
            self.by_arg[self.base[p] + i * self.n_obj + o as usize].push(id);
        }
    }

    fn with_arg(&self, pred: u32, i: usize, o: ObjId) -> &[u32] {
        &self.by_arg[self.base[pred as usize] + i * self.n_obj + o as usize]
    }
}

/// The atoms and index a join reads (they do not change during a join).
struct Db<'a> {
    lifted: &'a Lifted,
    rules: &'a [&'a Schema],
    atoms: &'a IndexSet<GAtom, FastBuildHasher>,
    index: &'a Index,
}

/// Bounds on grounding. A task whose grounding explodes (an action with many
/// parameters over many objects, a join that tries billions of bindings) stops
/// at the first bound it reaches, with an error that names the bound and the
/// action being instantiated, instead of running out of memory and aborting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundLimits {
    /// Reachable atoms, static and fluent (ids are 32 bits).
    pub max_atoms: usize,
    /// Reachable action instances, that is ground operators.
    pub max_actions: usize,
    /// Steps of the fixpoint: candidate atoms tried in joins plus objects tried
    /// for parameters no precondition binds. A deterministic bound on time.
    pub max_work: Option<u64>,
    /// CPU time for the fixpoint (`--time-limit`).
    pub time: Option<std::time::Duration>,
    /// Peak resident memory of the process, in bytes (`--memory-limit`).
    pub memory: Option<u64>,
}

impl GroundLimits {
    /// The default bounds on atoms and operators: far above any IPC task
    /// (the largest bundled ones have a few hundred thousand operators), and
    /// below what fits in 32-bit ids.
    pub const MAX_ATOMS: usize = 20_000_000;
    pub const MAX_ACTIONS: usize = 20_000_000;
    /// The most bytes the grounder's per-object tables may take (see
    /// [`crate::ground::table_bytes`]), when no memory limit is given.
    pub const MAX_TABLE_BYTES: u64 = 4 << 30;
}

impl Default for GroundLimits {
    fn default() -> Self {
        GroundLimits {
            max_atoms: Self::MAX_ATOMS,
            max_actions: Self::MAX_ACTIONS,
            max_work: None,
            time: None,
            memory: None,
        }
    }
}

/// Which limit of [`GroundLimits`] stopped the fixpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Atoms,
    Actions,
    Work,
    Time,
    Memory,
}

/// The fixpoint stopped at a limit while instantiating schema `schema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Halt {
    pub schema: u32,
    pub limit: Limit,
}

/// The real checks of time and memory run once every this many steps of work.
const CHECK_EVERY: u64 = 1 << 16;

/// Counts the work of the fixpoint and stops it at the limits.
struct Budget<'l> {
    limits: &'l GroundLimits,
    /// [`crate::search::cpu_time`] when the fixpoint started: the time limit
    /// is on CPU time, as the search's is.
    start: crate::util::limits::CpuClock,
    /// Candidate atoms tried in joins and objects tried for free parameters.
    work: u64,
    halt: Option<Halt>,
}

impl Budget<'_> {
    /// Counts one step of work on schema `s`; false once a limit is reached.
    /// `growing` is the bytes held by the vectors the fixpoint fills: the next
    /// growth of one of them may double it, so the memory check counts it twice.
    #[inline]
    fn step(&mut self, s: u32, growing: impl FnOnce() -> usize) -> bool {
        if self.halt.is_some() {
            return false;
        }
        self.work += 1;
        if self.work.is_multiple_of(CHECK_EVERY) {
            let limit = if self.limits.max_work.is_some_and(|w| self.work >= w) {
                Some(Limit::Work)
            } else if (self.limits.time).is_some_and(|t| self.start.elapsed() >= t) {
                Some(Limit::Time)
            } else if let Some(bytes) = self.limits.memory
                && crate::util::limits::peak_memory_kb().is_some_and(|kb| {
                    kb.saturating_mul(1024).saturating_add(2 * growing() as u64) > bytes
                })
            {
                Some(Limit::Memory)
            } else {
                None
            };
            if let Some(limit) = limit {
                self.halt = Some(Halt { schema: s, limit });
            }
        }
        self.halt.is_none()
    }

    /// Stops at `limit` when `count` is past `max`.
    fn within(&mut self, s: u32, count: usize, max: usize, limit: Limit) -> bool {
        if count > max && self.halt.is_none() {
            self.halt = Some(Halt { schema: s, limit });
        }
        self.halt.is_none()
    }
}

impl Found<'_> {
    /// Counts one step of work (see [`Budget::step`]).
    #[inline]
    fn step(&mut self, s: u32) -> bool {
        let (schemas, bindings) = (&self.schemas, &self.bindings);
        let pending = &self.pending;
        self.budget.step(s, || {
            4 * (schemas.capacity() + bindings.capacity())
                + pending.capacity() * std::mem::size_of::<GAtom>()
        })
    }
}

/// What joins produce.
struct Found<'l> {
    budget: Budget<'l>,
    schemas: Vec<u32>,
    bindings: Vec<ObjId>,
    /// Add effects of new action instances, not yet known to be new atoms.
    pending: Vec<GAtom>,
    /// Parameters bound so far, innermost last (undone by truncating).
    trail: Vec<u32>,
    /// When joining from a new atom: the atom and the precondition it matched.
    pivot: Option<(u32, u32)>,
    scratch: Vec<ObjId>,
}

/// Computes the relaxed-reachable atoms and action instances, or stops at the
/// first of `limits` reached.
pub fn explore(lifted: &Lifted, limits: &GroundLimits) -> Result<Reachable, Halt> {
    let rules = lifted.rules();
    let mut triggers: Vec<Vec<(u32, u32)>> = vec![Vec::new(); lifted.predicates.len()];
    for (s, schema) in rules.iter().enumerate() {
        for (c, cond) in schema.pos.iter().enumerate() {
            if lifted.fluent[cond.pred as usize] {
                triggers[cond.pred as usize].push((s as u32, c as u32));
            }
        }
    }
    let mut atoms: IndexSet<GAtom, FastBuildHasher> = IndexSet::default();
    let mut index = Index::new(lifted);
    let mut queue = VecDeque::new();
    let mut found = Found {
        budget: Budget {
            limits,
            start: crate::util::limits::CpuClock::now(),
            work: 0,
            halt: None,
        },
        schemas: Vec::new(),
        bindings: Vec::new(),
        pending: Vec::new(),
        trail: Vec::new(),
        pivot: None,
        scratch: Vec::new(),
    };
    // Static atoms are all known from the start, in a fixed order.
    let mut statics: Vec<&GAtom> = lifted.static_init.iter().collect();
    statics.sort_unstable();
    for atom in statics {
        let (id, _) = atoms.insert_full(atom.clone());
        index.add(id as u32, atom);
    }
    let reach =
        |atoms: &mut IndexSet<GAtom, FastBuildHasher>, queue: &mut VecDeque<u32>, atom: GAtom| {
            let (id, new) = atoms.insert_full(atom);
            if new {
                queue.push_back(id as u32);
            }
        };
    for atom in &lifted.fluent_init {
        reach(&mut atoms, &mut queue, atom.clone());
    }
    // Schemas without fluent positive preconditions fire once, right away.
    for (s, schema) in rules.iter().enumerate() {
        if schema.pos.iter().all(|c| !lifted.fluent[c.pred as usize]) {
            let db = Db {
                lifted,
                rules: &rules,
                atoms: &atoms,
                index: &index,
            };
            let mut binding = vec![UNBOUND; schema.params.len()];
            let mut remaining: Vec<u32> = (0..schema.pos.len() as u32).collect();
            join(&db, &mut found, s as u32, &mut binding, &mut remaining);
            for atom in found.pending.drain(..) {
                reach(&mut atoms, &mut queue, atom);
            }
            let (n, max) = (atoms.len(), limits.max_atoms);
            if !found.budget.within(s as u32, n, max, Limit::Atoms) {
                break;
            }
        }
    }
    while let Some(id) = queue.pop_front() {
        if let Some(halt) = found.budget.halt {
            return Err(halt);
        }
        index.add(id, &atoms[id as usize]);
        let db = Db {
            lifted,
            rules: &rules,
            atoms: &atoms,
            index: &index,
        };
        let atom = &atoms[id as usize];
        for &(s, c) in &triggers[atom.pred as usize] {
            let schema = rules[s as usize];
            let mut binding = vec![UNBOUND; schema.params.len()];
            if bind(
                lifted,
                schema,
                c as usize,
                &atom.args,
                &mut binding,
                &mut found.trail,
            ) {
                let mut remaining: Vec<u32> =
                    (0..schema.pos.len() as u32).filter(|&i| i != c).collect();
                found.pivot = Some((id, c));
                join(&db, &mut found, s, &mut binding, &mut remaining);
                found.pivot = None;
            }
            found.trail.clear();
        }
        for atom in found.pending.drain(..) {
            reach(&mut atoms, &mut queue, atom);
        }
        if let Some(&(s, _)) = triggers[atoms[id as usize].pred as usize].last() {
            found
                .budget
                .within(s, atoms.len(), limits.max_atoms, Limit::Atoms);
        }
    }
    if let Some(halt) = found.budget.halt {
        return Err(halt);
    }
    Ok(Reachable {
        atoms,
        schemas: found.schemas,
        bindings: found.bindings,
    })
}

/// Binds the parameters of precondition `c` of `schema` to `args`, pushing the
/// newly bound ones on `trail`. On a mismatch, undoes them and returns false.
fn bind(
    lifted: &Lifted,
    schema: &Schema,
    c: usize,
    args: &[ObjId],
    binding: &mut [ObjId],
    trail: &mut Vec<u32>,
) -> bool {
    let mark = trail.len();
    for (arg, &o) in schema.pos[c].args.iter().zip(args) {
        let ok = match *arg {
            Arg::Obj(k) => k == o,
            Arg::Var(v) => {
                let b = binding[v as usize];
                if b == UNBOUND {
                    let fits = lifted.has_type(o, schema.params[v as usize]);
                    if fits {
                        binding[v as usize] = o;
                        trail.push(v);
                    }
                    fits
                } else {
                    b == o
                }
            }
        };
        if !ok {
            undo(binding, trail, mark);
            return false;
        }
    }
    true
}

fn undo(binding: &mut [ObjId], trail: &mut Vec<u32>, mark: usize) {
    for v in trail.drain(mark..) {
        binding[v as usize] = UNBOUND;
    }
}

/// Matches the `remaining` positive preconditions of schema `s` against the
/// processed atoms, extending `binding`; completes every full match.
fn join(
    db: &Db<'_>,
    found: &mut Found<'_>,
    s: u32,
    binding: &mut [ObjId],
    remaining: &mut Vec<u32>,
) {
    let schema = db.rules[s as usize];
    if remaining.is_empty() {
        complete(db, found, s, binding, 0);
        return;
    }
    // Pick the precondition with the fewest candidate atoms.
    let mut best: (usize, usize, Option<(usize, ObjId)>) = (usize::MAX, 0, None);
    for (k, &c) in remaining.iter().enumerate() {
        let cond = &schema.pos[c as usize];
        let mut count = db.index.by_pred[cond.pred as usize].len();
        let mut key = None;
        for (i, arg) in cond.args.iter().enumerate() {
            let o = match *arg {
                Arg::Obj(o) => o,
                Arg::Var(v) if binding[v as usize] != UNBOUND => binding[v as usize],
                Arg::Var(_) => continue,
            };
            let n = db.index.with_arg(cond.pred, i, o).len();
            if n < count {
                count = n;
                key = Some((i, o));
            }
        }
        if count == 0 {
            return;
        }
        if count < best.0 {
            best = (count, k, key);
            if count == 1 {
                // No precondition can do better (0 returned above): stop
                // looking, so that a schema with thousands of preconditions
                // does not cost a scan of all of them per level.
                break;
            }
        }
    }
    let (_, k, key) = best;
    let c = remaining.swap_remove(k);
    let pred = schema.pos[c as usize].pred;
    let candidates: &[u32] = match key {
        Some((i, o)) => db.index.with_arg(pred, i, o),
        None => &db.index.by_pred[pred as usize],
    };
    for &id in candidates {
        if !found.step(s) {
            return;
        }
        let mark = found.trail.len();
        let args = &db.atoms[id as usize].args;
        if bind(
            db.lifted,
            schema,
            c as usize,
            args,
            binding,
            &mut found.trail,
        ) {
            join(db, found, s, binding, remaining);
            undo(binding, &mut found.trail, mark);
        }
    }
    remaining.push(c);
    let last = remaining.len() - 1;
    remaining.swap(k, last);
}

/// Binds the parameters that no positive precondition mentions (to every
/// object of their type), then checks the remaining conditions.
fn complete(db: &Db<'_>, found: &mut Found<'_>, s: u32, binding: &mut [ObjId], from: usize) {
    let lifted = db.lifted;
    let schema = db.rules[s as usize];
    if let Some(v) = (from..binding.len()).find(|&v| binding[v] == UNBOUND) {
        for &o in &lifted.objects_of_type[schema.params[v] as usize] {
            if !found.step(s) {
                break;
            }
            binding[v] = o;
            complete(db, found, s, binding, v + 1);
        }
        binding[v] = UNBOUND;
        return;
    }
    if !conditions_hold(lifted, schema, binding) || !first_match_of_pivot(db, found, s, binding) {
        return;
    }
    let (n, max) = (found.schemas.len() + 1, found.budget.limits.max_actions);
    if !found.budget.within(s, n, max, Limit::Actions) {
        return;
    }
    found.schemas.push(s);
    found.bindings.extend_from_slice(binding);
    for add in &schema.add {
        add.ground_into(binding, &mut found.scratch);
        let key = AtomRef {
            pred: add.pred,
            args: &found.scratch,
        };
        if !db.atoms.contains(&key) {
            found.pending.push(GAtom {
                pred: add.pred,
                args: found.scratch.as_slice().into(),
            });
        }
    }
}

/// An instance whose precondition atoms include the pivot atom several times
/// is met once per such precondition; it counts only at the first of them.
fn first_match_of_pivot(db: &Db<'_>, found: &mut Found<'_>, s: u32, binding: &[ObjId]) -> bool {
    let Some((atom, c)) = found.pivot else {
        return true;
    };
    let pivot = &db.atoms[atom as usize];
    let schema = db.rules[s as usize];
    for cond in &schema.pos[..c as usize] {
        if cond.pred == pivot.pred {
            cond.ground_into(binding, &mut found.scratch);
            if found.scratch[..] == pivot.args[..] {
                return false;
            }
        }
    }
    true
}

/// Equalities and negated static preconditions under a complete binding.
/// (Negated fluent preconditions are left to the planner.)
fn conditions_hold(lifted: &Lifted, schema: &Schema, binding: &[ObjId]) -> bool {
    let value = |a: Arg| match a {
        Arg::Var(v) => binding[v as usize],
        Arg::Obj(o) => o,
    };
    for &(l, r, positive) in &schema.eq {
        if (value(l) == value(r)) != positive {
            return false;
        }
    }
    for cond in &schema.neg {
        if !lifted.fluent[cond.pred as usize] && lifted.static_init.contains(&cond.ground(binding))
        {
            return false;
        }
    }
    true
}

#[cfg(test)]
pub(crate) mod tests;
