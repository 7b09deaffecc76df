//! Regression: backward search from the goal through relevant operators.
//!
//! A node is a *subgoal set* `G`: literals that must hold, positive facts `P`
//! and negated facts `N`, packed side by side as two bitsets (`2 * words`
//! words). The start node is the goal; a node is a target when the initial
//! state satisfies it (`P ⊆ init`, `N ∩ init = ∅`). Walking back from `G`
//! through an operator `o` asks: what must hold *before* `o` so that `G` holds
//! after it?
//!
//! * `o` is **relevant** to `G` if it achieves some subgoal: it adds a fact of
//!   `P` or deletes a fact of `N`;
//! * `o` is **consistent** with `G` if it destroys none: it deletes no fact of
//!   `P` and adds no fact of `N`;
//! * the **regression** of `G` through a relevant, consistent `o` is
//!
//! ```text
//! P' = (P \ add(o)) ∪ pre(o)        N' = (N \ del(o)) ∪ neg_pre(o)
//! ```
//!
//! Example (Blocksworld): `G = {(on a b)}` and `o = stack(a, b)` with
//! `pre = {(holding a), (clear b)}`, `add = {(on a b), ...}` give
//! `G' = {(holding a), (clear b)}`.
//!
//! The plan is found from the goal backwards, so [`SearchSpace::plan_from_path`]
//! reverses it into execution order.
//!
//! Many regressed sets describe no reachable state at all, such as "the man is
//! in two places". Progression never meets such states; regression must prune
//! them or drown in them. Each pruning rule has its own counter:
//!
//! | counter        | pruned when                                                  |
//! |----------------|--------------------------------------------------------------|
//! | `irrelevant`   | the operator achieves no subgoal (skipped via an index)       |
//! | `inconsistent` | the operator destroys a subgoal, or `P' ∩ N' ≠ ∅`             |
//! | `invariant`    | `P'` breaks a state invariant ("the man is in one place")    |
//! | `h2_mutex`     | `P'` contains an h²-mutex pair of facts                       |
//! | `subsumed`     | an expanded set `E ⊆ G'` was reached at no greater cost       |
//!
//! (Duplicates are counted by the search algorithms.)

mod goal_order;
mod masks;
mod subsume;

pub use goal_order::{rank, sort_subgoals, sorted_subgoals};
pub use subsume::SubsetIndex;

use super::{Packing, SearchSpace, Successors};
use crate::task::FactSet;
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// Mutex knowledge that makes a subgoal set impossible (see `crate::invariants`).
pub trait MutexOracle {
    /// Whether the positive subgoals `pos` break a state invariant.
    fn violates_invariant(&self, pos: &[u64]) -> bool;
    /// Whether `pos` contains two facts that are h²-mutex.
    fn violates_h2(&self, pos: &[u64]) -> bool;
    /// Whether `pos` overfills an invariant whose bound is 2 or more (the
    /// ones [`add_partners`](Self::add_partners) cannot express as pairs).
    fn violates_counting(&self, pos: &[u64]) -> bool;
    /// Adds to the packed sets `invariant` and `h2` the facts that can never
    /// hold together with `f` (by an at-most-one invariant, by h²); `f` itself
    /// if it can never hold at all.
    fn add_partners(&self, f: FactId, invariant: &mut [u64], h2: &mut [u64]);
    /// Disjoint groups of facts of which at most one can hold (each group a
    /// subset of an at-most-one invariant), for packed storage.
    fn exclusive_groups(&self) -> Vec<Vec<FactId>>;
}

/// The state invariants' mutexes, as the oracle.
impl MutexOracle for crate::invariants::Mutexes {
    fn violates_invariant(&self, pos: &[u64]) -> bool {
        crate::invariants::Mutexes::violates_invariant(self, pos)
    }

    fn violates_h2(&self, pos: &[u64]) -> bool {
        crate::invariants::Mutexes::violates_h2(self, pos)
    }

    fn violates_counting(&self, pos: &[u64]) -> bool {
        crate::invariants::Mutexes::violates_counting(self, pos)
    }

    fn add_partners(&self, f: FactId, invariant: &mut [u64], h2: &mut [u64]) {
        crate::invariants::Mutexes::add_partners(self, f, invariant, h2)
    }

    fn exclusive_groups(&self) -> Vec<Vec<FactId>> {
        crate::invariants::Mutexes::exclusive_groups(self)
    }
}

/// Which of regression's optional techniques are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegressionOptions {
    /// Try operators achieving subgoals false in the initial state first.
    pub goal_sorting: bool,
    /// Prune sets that break a state invariant (needs a [`MutexOracle`]).
    pub invariants: bool,
    /// Prune sets with an h²-mutex pair (needs a [`MutexOracle`]).
    pub h2: bool,
    /// Prune sets subsumed by an expanded set.
    pub subsumption: bool,
}

impl Default for RegressionOptions {
    fn default() -> Self {
        RegressionOptions {
            goal_sorting: true,
            invariants: true,
            h2: true,
            subsumption: true,
        }
    }
}

/// The pruning counters of a regression search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub irrelevant: u64,
    pub inconsistent: u64,
    pub invariant: u64,
    pub h2_mutex: u64,
    pub subsumed: u64,
}

/// Why a candidate operator produced no successor (for traces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    Inconsistent,
    Invariant,
    H2Mutex,
}

impl Rejection {
    pub fn name(self) -> &'static str {
        match self {
            Rejection::Inconsistent => "inconsistent",
            Rejection::Invariant => "invariant",
            Rejection::H2Mutex => "h2_mutex",
        }
    }
}

/// The backward search space of a task.
pub struct Regression<'t> {
    task: &'t Task,
    /// Words of one literal bitset. A node has `w` words of positive
    /// subgoals, then `neg_words` of negative ones: `w`, or 0 when the task
    /// has no negative preconditions or goals (then no subgoal is negative).
    w: usize,
    neg_words: usize,
    init: FactSet,
    /// `achievers[f]`: operators adding `f`, ascending.
    achievers: Vec<Vec<OpId>>,
    /// `deleters[f]`: operators deleting `f`, ascending.
    deleters: Vec<Vec<OpId>>,
    options: RegressionOptions,
    mutexes: Option<&'t dyn MutexOracle>,
    /// Word masks of the operators (`None` for very large tasks).
    masks: Option<masks::OpMasks>,
    /// Per operator: the expansion in which it was last listed.
    stamp: Vec<u32>,
    expansion: u32,
    subgoals: Vec<(FactId, bool)>,
    candidates: Vec<OpId>,
    rejected: Vec<(OpId, Rejection)>,
    subsumption: SubsetIndex,
    literals: Vec<u32>,
    pruned: Pruned,
    /// Set by `on_expand`: the next `successors` call is a real expansion, so
    /// its prunings count (depth-first search also lists the successors of
    /// nodes at its depth bound, without expanding them).
    counting: bool,
}

impl<'t> Regression<'t> {
    /// The backward space of `task`. `mutexes` feeds the invariant and h²
    /// checks; without it they prune nothing.
    pub fn new(
        task: &'t Task,
        options: RegressionOptions,
        mutexes: Option<&'t dyn MutexOracle>,
    ) -> Self {
        let n = task.facts.len();
        let mut achievers = vec![Vec::new(); n];
        let mut deleters = vec![Vec::new(); n];
        for (i, op) in task.operators.iter().enumerate() {
            for &f in op.add.iter() {
                achievers[f.index()].push(OpId(i as u32));
            }
            for &f in op.del.iter() {
                deleters[f.index()].push(OpId(i as u32));
            }
        }
        let w = bits::words_for(n);
        let negative =
            !task.neg_goal.is_empty() || task.operators.iter().any(|o| !o.neg_pre.is_empty());
        Regression {
            task,
            w,
            neg_words: if negative { w } else { 0 },
            init: FactSet::from_facts(n, &task.init),
            achievers,
            deleters,
            options,
            mutexes,
            masks: masks::OpMasks::new(task, mutexes),
            stamp: vec![0; task.operators.len()],
            expansion: 0,
            subgoals: Vec::new(),
            candidates: Vec::new(),
            rejected: Vec::new(),
            subsumption: SubsetIndex::with_rarity(rarity(task, mutexes)),
            literals: Vec::new(),
            pruned: Pruned::default(),
            counting: false,
        }
    }

    pub fn task(&self) -> &'t Task {
        self.task
    }

    pub fn pruned(&self) -> Pruned {
        self.pruned
    }

    /// The positive and negative subgoals of a packed node.
    pub fn split<'n>(&self, node: &'n [u64]) -> (&'n [u64], &'n [u64]) {
        node.split_at(self.w)
    }

    /// The candidates rejected during the last [`SearchSpace::successors`]
    /// call, with the reason (for traces).
    pub fn last_rejections(&self) -> &[(OpId, Rejection)] {
        &self.rejected
    }

    /// Lists the relevant operators of `node` into `self.candidates`, in
    /// goal-sorting order or in operator order.
    fn relevant_operators(&mut self, node: &[u64]) {
        let (pos, neg) = node.split_at(self.w);
        self.expansion = self.expansion.wrapping_add(1);
        if self.expansion == 0 {
            self.stamp.fill(0);
            self.expansion = 1;
        }
        self.subgoals.clear();
        if self.options.goal_sorting {
            sorted_subgoals(&self.init, pos, neg, &mut self.subgoals);
        } else {
            self.subgoals.extend(bits::iter(pos).map(|f| (f, true)));
            self.subgoals.extend(bits::iter(neg).map(|f| (f, false)));
        }
        self.candidates.clear();
        for &(f, positive) in &self.subgoals {
            let list = if positive {
                &self.achievers[f.index()]
            } else {
                &self.deleters[f.index()]
            };
            for &o in list {
                if self.stamp[o.index()] != self.expansion {
                    self.stamp[o.index()] = self.expansion;
                    self.candidates.push(o);
                }
            }
        }
        if !self.options.goal_sorting {
            self.candidates.sort_unstable();
        }
    }

    /// Whether regressing through `o` keeps every subgoal: `o` deletes no
    /// positive subgoal and adds no negative one.
    pub fn is_consistent(&self, node: &[u64], o: OpId) -> bool {
        let (pos, neg) = node.split_at(self.w);
        let op = &self.task.operators[o.index()];
        op.del.iter().all(|&f| !bits::contains(pos, f)) && op.add.iter().all(|&f| !in_set(neg, f))
    }

    /// Whether `o` achieves a subgoal of `node`.
    pub fn is_relevant(&self, node: &[u64], o: OpId) -> bool {
        let (pos, neg) = node.split_at(self.w);
        let op = &self.task.operators[o.index()];
        op.add.iter().any(|&f| bits::contains(pos, f)) || op.del.iter().any(|&f| in_set(neg, f))
    }

    /// Writes the regression of `node` through `o` into `out` (a copy of `node`).
    pub fn regress(&self, o: OpId, out: &mut [u64]) {
        let op = &self.task.operators[o.index()];
        let (pos, neg) = out.split_at_mut(self.w);
        for &f in op.add.iter() {
            bits::remove(pos, f);
        }
        for &f in op.pre.iter() {
            bits::insert(pos, f);
        }
        if neg.is_empty() {
            return; // no negative subgoals in this task
        }
        for &f in op.del.iter() {
            bits::remove(neg, f);
        }
        for &f in op.neg_pre.iter() {
            bits::insert(neg, f);
        }
    }

    /// The reason to drop the regressed set `node`, if any.
    fn rejection(&self, node: &[u64]) -> Option<Rejection> {
        let (pos, neg) = node.split_at(self.w);
        if pos.iter().zip(neg).any(|(p, n)| p & n != 0) {
            return Some(Rejection::Inconsistent);
        }
        if let Some(m) = self.mutexes {
            if self.options.invariants && m.violates_invariant(pos) {
                return Some(Rejection::Invariant);
            }
            if self.options.h2 && m.violates_h2(pos) {
                return Some(Rejection::H2Mutex);
            }
        }
        None
    }

    fn count(&mut self, why: Rejection) {
        match why {
            Rejection::Inconsistent => self.pruned.inconsistent += 1,
            Rejection::Invariant => self.pruned.invariant += 1,
            Rejection::H2Mutex => self.pruned.h2_mutex += 1,
        }
    }

    /// [`is_consistent`](Self::is_consistent), [`regress`](Self::regress) and
    /// the mutex checks in one pass over the operator's words (see
    /// [`masks`]); pushes the regressed set on `out` or says why not.
    #[inline]
    fn regress_masked(
        &self,
        masks: &masks::OpMasks,
        node: &[u64],
        o: OpId,
        out: &mut Successors,
    ) -> Result<(), Rejection> {
        let w = self.w;
        let words = masks.of(o);
        let (pos, neg) = node.split_at(w);
        let mut invariant = false;
        let mut h2 = false;
        let negative = !neg.is_empty();
        for x in words {
            let k = x.word as usize;
            if pos[k] & x.del != 0 || (negative && neg[k] & x.add != 0) {
                return Err(Rejection::Inconsistent);
            }
            let p = (pos[k] & !x.add) | x.pre;
            invariant |= p & x.forbid_invariant != 0;
            h2 |= p & x.forbid_h2 != 0;
        }
        if invariant && self.options.invariants {
            return Err(Rejection::Invariant);
        }
        if h2 && self.options.h2 {
            return Err(Rejection::H2Mutex);
        }
        let next = out.push(o, node);
        let mut contradiction = false;
        for x in words {
            let k = x.word as usize;
            let p = (next[k] & !x.add) | x.pre;
            next[k] = p;
            if negative {
                let n = (next[w + k] & !x.del) | x.neg_pre;
                next[w + k] = n;
                contradiction |= p & n != 0;
            }
        }
        let why = if contradiction {
            Some(Rejection::Inconsistent)
        } else if self.options.invariants
            && self
                .mutexes
                .is_some_and(|m| m.violates_counting(&next[..w]))
        {
            Some(Rejection::Invariant)
        } else {
            None
        };
        match why {
            Some(why) => {
                out.pop();
                Err(why)
            }
            None => Ok(()),
        }
    }

    /// The literals of `node` as sorted integers: `2f` for `f`, `2f + 1` for
    /// `(not f)`.
    fn encode(&mut self, node: &[u64]) {
        let (pos, neg) = node.split_at(self.w);
        self.literals.clear();
        self.literals
            .extend(bits::iter::<FactId>(pos).map(|f| 2 * f.0));
        let positive = self.literals.len();
        self.literals
            .extend(bits::iter::<FactId>(neg).map(|f| 2 * f.0 + 1));
        if self.literals.len() > positive {
            self.literals.sort_unstable(); // already sorted without negatives
        }
    }
}

/// Whether `f` is in `set`; false for the empty negative part of a task
/// without negative subgoals.
#[inline]
fn in_set(set: &[u64], f: FactId) -> bool {
    set.get(bits::word(f))
        .is_some_and(|w| w & bits::mask(f) != 0)
}

/// How rare each literal (`2f`, `2f + 1`) is in subgoal sets, for the
/// subsumption index: a fact that excludes many others by an invariant (the
/// man's cell in Sokoban) holds in few states. Negative literals count 0.
fn rarity(task: &Task, mutexes: Option<&dyn MutexOracle>) -> Vec<u32> {
    let n = task.facts.len();
    let Some(m) = mutexes else {
        return Vec::new();
    };
    let w = bits::words_for(n);
    let (mut inv, mut h2) = (vec![0u64; w], vec![0u64; w]);
    let mut out = vec![0; 2 * n];
    for f in 0..n {
        inv.fill(0);
        m.add_partners(FactId(f as u32), &mut inv, &mut h2);
        out[2 * f] = inv.iter().map(|x| x.count_ones()).sum();
    }
    out
}

impl SearchSpace for Regression<'_> {
    fn words(&self) -> usize {
        self.w + self.neg_words
    }

    fn start(&self, node: &mut [u64]) {
        let (pos, neg) = node.split_at_mut(self.w);
        for &f in self.task.goal.iter() {
            bits::insert(pos, f);
        }
        for &f in self.task.neg_goal.iter() {
            bits::insert(neg, f);
        }
    }

    #[inline]
    fn is_target(&self, node: &[u64]) -> bool {
        let (pos, neg) = node.split_at(self.w);
        let init = self.init.words();
        bits::is_subset(pos, init) && neg.iter().zip(init).all(|(n, i)| n & i == 0)
    }

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        out.clear();
        self.rejected.clear();
        self.relevant_operators(node);
        let before = self.pruned;
        self.pruned.irrelevant += (self.task.operators.len() - self.candidates.len()) as u64;
        let candidates = std::mem::take(&mut self.candidates);
        if let Some(masks) = self.masks.take() {
            for &o in &candidates {
                if let Err(why) = self.regress_masked(&masks, node, o, out) {
                    self.count(why);
                    self.rejected.push((o, why));
                }
            }
            self.masks = Some(masks);
            self.candidates = candidates;
            if !std::mem::take(&mut self.counting) {
                self.pruned = before;
            }
            return;
        }
        for &o in &candidates {
            if !self.is_consistent(node, o) {
                self.pruned.inconsistent += 1;
                self.rejected.push((o, Rejection::Inconsistent));
                continue;
            }
            let next = out.push(o, node);
            self.regress(o, next);
            let (_, next) = out.get(out.len() - 1);
            if let Some(why) = self.rejection(next) {
                match why {
                    Rejection::Inconsistent => self.pruned.inconsistent += 1,
                    Rejection::Invariant => self.pruned.invariant += 1,
                    Rejection::H2Mutex => self.pruned.h2_mutex += 1,
                }
                self.rejected.push((o, why));
                out.pop();
            }
        }
        self.candidates = candidates;
        if !std::mem::take(&mut self.counting) {
            self.pruned = before;
        }
    }

    #[inline]
    fn cost(&self, op: OpId) -> u32 {
        self.task.operators[op.index()].cost
    }

    fn min_cost(&self) -> u32 {
        self.task
            .operators
            .iter()
            .map(|o| o.cost)
            .min()
            .unwrap_or(0)
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.counting = true;
        if self.options.subsumption {
            self.encode(node);
            let literals = std::mem::take(&mut self.literals);
            self.subsumption.insert(&literals, g);
            self.literals = literals;
        }
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        if !self.options.subsumption {
            return false;
        }
        self.encode(node);
        let literals = std::mem::take(&mut self.literals);
        let subsumed = self.subsumption.contains_subset(&literals, g);
        self.literals = literals;
        if subsumed {
            self.pruned.subsumed += 1;
        }
        subsumed
    }

    fn on_restart(&mut self) {
        self.subsumption.clear();
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.rejected
            .iter()
            .map(|&(o, why)| (o, why.name()))
            .collect()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        let p = self.pruned;
        vec![
            ("irrelevant", p.irrelevant),
            ("inconsistent", p.inconsistent),
            ("invariant", p.invariant),
            ("h2_mutex", p.h2_mutex),
            ("subsumed", p.subsumed),
        ]
    }

    /// With the invariant checks on, no stored subgoal set holds two facts of
    /// an at-most-one group, so the registry may store each group as one
    /// small field (as progression stores states), unless the goal itself
    /// breaks an invariant.
    fn packing(&self) -> Packing {
        let words = self.words();
        let Some(m) = self.mutexes.filter(|_| self.options.invariants) else {
            return Packing::identity(words);
        };
        let mut goal = vec![0; self.w];
        for &f in self.task.goal.iter() {
            bits::insert(&mut goal, f);
        }
        if m.violates_invariant(&goal) {
            return Packing::identity(words);
        }
        // Negative literals (if any) follow as single bits.
        let bits = if self.neg_words == 0 {
            self.task.facts.len()
        } else {
            self.w * 64 + self.task.facts.len()
        };
        Packing::from_groups(bits, &m.exclusive_groups())
    }

    fn plan_from_path(&self, mut path: Vec<OpId>) -> Vec<OpId> {
        path.reverse();
        path
    }

    fn bytes(&self) -> usize {
        self.subsumption.bytes() + self.masks.as_ref().map_or(0, masks::OpMasks::bytes)
    }
}

#[cfg(test)]
mod tests;
