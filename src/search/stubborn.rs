//! Partial-order reduction with strong stubborn sets: expanding a state with
//! only some of its applicable operators, without losing any optimal plan.
//!
//! Many plans are the same operators in another order. In movie, buying
//! chips and then dip leads where buying dip and then chips does, so a
//! search that tries both orders in every state explores the same states by
//! many paths. A *strong stubborn set* `T(s)` is a set of operators that is
//! closed under three rules (Alkhazraji, Wehrle, Mattmüller and Helmert 2012;
//! Wehrle and Helmert 2014):
//!
//! 1. **a landmark**: `T(s)` holds the operators that achieve some goal
//!    literal false in `s`, so every plan from `s` uses one of them;
//! 2. **necessary enabling sets**: for every operator `o` in `T(s)` *not
//!    applicable* in `s`, `T(s)` holds the achievers of one precondition
//!    literal of `o` false in `s` (`o` cannot come first without one of them);
//! 3. **interference**: for every operator `o` in `T(s)` *applicable* in `s`,
//!    `T(s)` holds every operator that interferes with `o`: one that makes a
//!    precondition of `o` false or whose precondition `o` makes false (the
//!    one *disables* the other), or whose effect contradicts one of `o`
//!    (they *conflict*: their order matters).
//!
//! Then from `s` every plan can be reordered, at the same cost and length, to
//! start with an operator of `T(s)` applicable in `s`, so the search keeps
//! only those successors. Every state keeps its optimal cost to the goal
//! (`h*`): A* with an admissible heuristic still returns optimal plans, zero
//! costs included, and a search that exhausts the pruned space has still
//! proved the task unsolvable.
//!
//! # Atoms, not operator pairs
//!
//! Rule 3 asks for interference between operators, quadratic in their
//! number. The *atom-centric* computation (Röger, Helmert, Seipp and Sievers,
//! SoCS 2020; Fast Downward's `atom_centric_stubborn_sets`) never pairs
//! operators: it marks *literals* (a fact true, `2f`, or false, `2f + 1`, as
//! in [`successors::Lit`]) whose producers (the operators that make them
//! true) or consumers (those that need them) must join the set, each literal
//! at most once per state:
//!
//! | operator `o` in `T(s)` | marks |
//! |---|---|
//! | not applicable | producers of one false precondition literal `l` |
//! | applicable, precondition `l` | producers of `¬l` (they disable `o`) |
//! | applicable, effect `l` | producers of `¬l` (they conflict with `o`) and consumers of `¬l` (`o` disables them) |
//!
//! A STRIPS operator's effects are literals: `add f` makes `f` true, and
//! `del f` (without `add f`, which wins) makes it false. A negative
//! precondition or goal is the literal `¬f`, whose producers are the
//! operators that delete `f`. Effects that the precondition already
//! guarantees (`add f` with `f` in `pre`) change nothing and are left out.
//! Among the false literals of a precondition the *quick skip* rule takes
//! one whose producers are already marked (nothing new enters the set), and
//! otherwise the first; the goal literal is the first false one.
//!
//! Example: balls `a` and `b` each move from room 0 to room 1, facts
//! `a0, a1, b0, b1`, operators `move-a` (`pre a0`, `add a1`, `del a0`) and
//! `move-b` alike, goal `{a1, b1}`. In `{a0, b0}` the first false goal literal
//! is `a1`: `move-a` joins. It is applicable; its precondition `a0` marks the
//! deleters of `a0` (`move-a` again), its effects `a1` and `¬a0` mark the
//! deleters of `a1` and the adders of `a0` (none) and the operators that
//! need `¬a1` (none) or `a0` (`move-a`). So `T = {move-a}`,
//! `move-b` is pruned: the order `move-b, move-a` is never tried. With
//! three balls alike, A* with the blind heuristic expands 3 states instead
//! of 5.
//!
//! # When it does not pay
//!
//! Computing `T(s)` costs time in every state, and on some domains it prunes
//! nothing: in gripper every `pick` needs the robot's room, which every
//! `move` deletes, so the two balls' picks are tied together through the
//! moves, and the set always holds every applicable operator.
//! [`LimitedPruning`] (Fast Downward's `limited_pruning`) checks after
//! [`PruningLimit::check_after`] expansions (1,000) what share of the
//! applicable operators it pruned, and below [`PruningLimit::min_ratio`]
//! (20 %) switches the pruning off for the rest of the search. Tasks with
//! conditional effects or axioms are never pruned: the rules above are for
//! STRIPS operators.

use super::successors::{self, Lit};
use crate::task::{Feature, OpId, Task};

crate::choices! {
    /// Which applicable operators a forward search may leave out of a state.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Pruning {
        /// None: every applicable operator gives a successor
        None = "none",
        /// Atom-centric strong stubborn sets (partial-order reduction; keeps
        /// optimal plans), switched off when they prune too little
        StubbornSets = "stubborn-sets",
    }
}

/// When [`LimitedPruning`] gives up: after `check_after` expansions, if the
/// share of applicable operators pruned so far is below `min_ratio`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PruningLimit {
    /// The least share of pruned operators (0 to 1) that keeps the pruning
    /// on; 0 never switches it off.
    pub min_ratio: f64,
    /// The expansions after which the share is checked, once.
    pub check_after: u64,
}

impl Default for PruningLimit {
    /// Fast Downward's: 20 % after 1,000 expansions.
    fn default() -> Self {
        PruningLimit {
            min_ratio: 0.2,
            check_after: 1000,
        }
    }
}

/// What partial-order reduction did in one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PruningStats {
    /// The states expanded while the pruning was on.
    pub states: u64,
    /// Their applicable operators, and those left after pruning.
    pub applicable: u64,
    pub kept: u64,
    /// Why and when the pruning went off, if it did.
    pub off: Option<SwitchedOff>,
}

impl PruningStats {
    /// The share of the applicable operators pruned (0 when none applied).
    pub fn ratio(&self) -> f64 {
        if self.applicable == 0 {
            0.0
        } else {
            1.0 - self.kept as f64 / self.applicable as f64
        }
    }
}

/// Why the pruning went off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchedOff {
    /// From the start: the task has conditional effects or axioms.
    Unsupported(Feature),
    /// After this many expansions, for pruning too little.
    AfterExpansions(u64),
}

/// Rows of items, stored flat: row `i` is `items[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug)]
struct Rows<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Rows<T> {
    fn new(lists: Vec<Vec<T>>) -> Self {
        let mut starts = Vec::with_capacity(lists.len() + 1);
        starts.push(0);
        let mut items = Vec::new();
        for list in lists {
            items.extend(list);
            starts.push(items.len() as u32);
        }
        Rows { starts, items }
    }

    #[inline]
    fn row(&self, i: usize) -> &[T] {
        &self.items[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// The literals and operators of a task, indexed for the stubborn sets.
#[derive(Clone, Debug)]
struct Index {
    /// Per literal: the operators with that literal as an effect.
    producers: Rows<OpId>,
    /// Per literal: the operators with that literal in their precondition.
    consumers: Rows<OpId>,
    /// Per operator: its precondition and effect literals, sorted.
    pre: Rows<Lit>,
    effects: Rows<Lit>,
    /// The goal literals, sorted.
    goal: Box<[Lit]>,
}

impl Index {
    fn new(task: &Task) -> Self {
        let lits = 2 * task.facts.len();
        let mut producers = vec![Vec::new(); lits];
        let mut consumers = vec![Vec::new(); lits];
        let mut pre = Vec::with_capacity(task.operators.len());
        let mut effects = Vec::with_capacity(task.operators.len());
        for (o, op) in task.operators.iter().enumerate() {
            let mut p: Vec<Lit> = op.pre.iter().map(|f| 2 * f.0).collect();
            p.extend(op.neg_pre.iter().map(|f| 2 * f.0 + 1));
            p.sort_unstable();
            p.dedup();
            let mut e: Vec<Lit> = op.add.iter().map(|f| 2 * f.0).collect();
            e.extend(
                (op.del.iter())
                    .filter(|f| op.add.binary_search(f).is_err())
                    .map(|f| 2 * f.0 + 1),
            );
            // An effect the precondition guarantees changes nothing.
            e.retain(|l| p.binary_search(l).is_err());
            e.sort_unstable();
            for &l in &p {
                consumers[l as usize].push(OpId(o as u32));
            }
            for &l in &e {
                producers[l as usize].push(OpId(o as u32));
            }
            pre.push(p);
            effects.push(e);
        }
        let mut goal: Vec<Lit> = task.goal.iter().map(|f| 2 * f.0).collect();
        goal.extend(task.neg_goal.iter().map(|f| 2 * f.0 + 1));
        goal.sort_unstable();
        Index {
            producers: Rows::new(producers),
            consumers: Rows::new(consumers),
            pre: Rows::new(pre),
            effects: Rows::new(effects),
            goal: goal.into(),
        }
    }
}

/// The marks of one state's computation: an entry equal to `epoch` is set,
/// so starting the next state is one increment, not a reset of every entry.
#[derive(Clone, Debug)]
struct Marks {
    epoch: u32,
    /// Per operator: in the stubborn set.
    member: Vec<u32>,
    /// Per literal: producers, consumers queued.
    produced: Vec<u32>,
    consumed: Vec<u32>,
    producer_queue: Vec<Lit>,
    consumer_queue: Vec<Lit>,
}

impl Marks {
    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Once in 2^32 states: old marks could read as new.
            for marks in [&mut self.member, &mut self.produced, &mut self.consumed] {
                marks.fill(0);
            }
            self.epoch = 1;
        }
    }

    #[inline]
    fn enqueue_producers(&mut self, l: Lit) {
        if self.produced[l as usize] != self.epoch {
            self.produced[l as usize] = self.epoch;
            self.producer_queue.push(l);
        }
    }

    #[inline]
    fn enqueue_consumers(&mut self, l: Lit) {
        if self.consumed[l as usize] != self.epoch {
            self.consumed[l as usize] = self.epoch;
            self.consumer_queue.push(l);
        }
    }

    /// The literal of `lits` false in `state` whose producers to add: one
    /// already marked if there is one (quick skip), else the first; `None`
    /// when all hold.
    #[inline]
    fn select(&self, lits: &[Lit], state: &[u64]) -> Option<Lit> {
        let mut first = None;
        for &l in lits {
            if !successors::holds(state, l) {
                if self.produced[l as usize] == self.epoch {
                    return Some(l);
                }
                first.get_or_insert(l);
            }
        }
        first
    }

    /// Adds `op` to the set and queues what the rules then ask for.
    #[inline]
    fn add(&mut self, index: &Index, op: OpId, state: &[u64]) {
        let o = op.index();
        if self.member[o] == self.epoch {
            return;
        }
        self.member[o] = self.epoch;
        let pre = index.pre.row(o);
        if let Some(l) = self.select(pre, state) {
            // A necessary enabling set.
            self.enqueue_producers(l);
            return;
        }
        // Applicable: every operator that interferes with it.
        for &l in pre {
            self.enqueue_producers(l ^ 1);
        }
        for &l in index.effects.row(o) {
            self.enqueue_producers(l ^ 1);
            self.enqueue_consumers(l ^ 1);
        }
    }
}

/// Strong stubborn sets, computed atom-centrically (see the module docs).
#[derive(Clone, Debug)]
pub struct StubbornSets {
    index: Index,
    marks: Marks,
}

impl StubbornSets {
    /// Indexes the operators of `task`, a STRIPS task (negative
    /// preconditions and goals allowed; conditional effects are not read).
    pub fn new(task: &Task) -> Self {
        let index = Index::new(task);
        let lits = 2 * task.facts.len();
        StubbornSets {
            index,
            marks: Marks {
                epoch: 0,
                member: vec![0; task.operators.len()],
                produced: vec![0; lits],
                consumed: vec![0; lits],
                producer_queue: Vec::new(),
                consumer_queue: Vec::new(),
            },
        }
    }

    /// Computes the stubborn set of `state`; false, and no set, when `state`
    /// satisfies the goal (the search stops there, so nothing is pruned).
    pub fn compute(&mut self, state: &[u64]) -> bool {
        let (index, marks) = (&self.index, &mut self.marks);
        marks.next_epoch();
        let Some(goal) = marks.select(&index.goal, state) else {
            return false;
        };
        marks.enqueue_producers(goal);
        loop {
            let (row, lit) = if let Some(l) = marks.producer_queue.pop() {
                (&index.producers, l)
            } else if let Some(l) = marks.consumer_queue.pop() {
                (&index.consumers, l)
            } else {
                return true;
            };
            for &op in row.row(lit as usize) {
                marks.add(index, op, state);
            }
        }
    }

    /// Whether `op` is in the set the last [`compute`](Self::compute) found.
    #[inline]
    pub fn contains(&self, op: OpId) -> bool {
        self.marks.member[op.index()] == self.marks.epoch
    }

    /// Keeps the operators of `applicable` (those applicable in `state`) that
    /// are in its stubborn set, and moves the others to `pruned`.
    pub fn prune(&mut self, state: &[u64], applicable: &mut Vec<OpId>, pruned: &mut Vec<OpId>) {
        if !self.compute(state) {
            return;
        }
        applicable.retain(|&op| {
            let keep = self.contains(op);
            if !keep {
                pruned.push(op);
            }
            keep
        });
    }
}

/// Stubborn sets that switch themselves off when they prune too little
/// (Fast Downward's `limited_pruning`), with their counts.
#[derive(Clone, Debug)]
pub struct LimitedPruning {
    /// `None` for a task the stubborn sets do not support.
    sets: Option<StubbornSets>,
    limit: PruningLimit,
    stats: PruningStats,
}

impl LimitedPruning {
    /// Stubborn sets for `task`, or none (and the reason in the statistics)
    /// when it has conditional effects or axioms.
    pub fn new(task: &Task, limit: PruningLimit) -> Self {
        let feature = task.adl_feature();
        LimitedPruning {
            sets: feature.is_none().then(|| StubbornSets::new(task)),
            limit,
            stats: PruningStats {
                off: feature.map(SwitchedOff::Unsupported),
                ..PruningStats::default()
            },
        }
    }

    /// Prunes the operators applicable in `state` (see
    /// [`StubbornSets::prune`]), unless the pruning is off; first checks,
    /// at the expansion the limit names, whether it pays.
    #[inline]
    pub fn prune(&mut self, state: &[u64], applicable: &mut Vec<OpId>, pruned: &mut Vec<OpId>) {
        let s = &mut self.stats;
        let Some(sets) = self.sets.as_mut().filter(|_| s.off.is_none()) else {
            return;
        };
        if s.states == self.limit.check_after
            && self.limit.min_ratio > 0.0
            && s.ratio() < self.limit.min_ratio
            && s.applicable > 0
        {
            s.off = Some(SwitchedOff::AfterExpansions(s.states));
            return;
        }
        s.states += 1;
        s.applicable += applicable.len() as u64;
        sets.prune(state, applicable, pruned);
        s.kept += applicable.len() as u64;
    }

    pub fn stats(&self) -> PruningStats {
        self.stats
    }
}

#[cfg(test)]
mod tests;
