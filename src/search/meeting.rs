//! Meeting tests: when does a forward node meet a backward node?
//!
//! A bidirectional search (see [`mod@super::bidirectional`]) grows a tree from the
//! start and a tree from the target, and stops when a node of one *meets* a
//! node of the other: then a path runs from the start to the forward node, and
//! on from there along the backward path to a target. What "meet" means
//! depends on what the two directions store:
//!
//! * [`Exact`]: both spaces store the same kind of node in the same layout
//!   (push and pull search in Sokoban: `[box bits..., normalised man cell]`),
//!   and two nodes meet when their words are equal. The test is one hash lookup
//!   in the other side's [`StateRegistry`], so it needs no index of its own.
//! * [`Subsumption`]: forward nodes are *states* and backward nodes are
//!   *subgoal sets* (progression and regression on a PDDL task). A state `s`
//!   meets a subgoal set `G = (P, N)` when `s` satisfies it: `P ⊆ s` and
//!   `N ∩ s = ∅`. Then the regression path from `G` back to the goal,
//!   executed from `s`, reaches the goal.
//!
//! The search tells the meeting test about every node it stores
//! (`forward_stored`, `backward_stored`) and asks it, for every node it
//! stores or reaches more cheaply, which nodes of the other side it meets; it
//! keeps the cheapest pair itself.
//!
//! # Indexing subgoal sets and states by a literal that differs from init
//!
//! A search side may store a million nodes, so "which stored subgoal sets
//! does `s` satisfy?" must not scan them all. The index uses one observation:
//! *a node meets another only through the literals in which they differ from
//! the initial state*. Call a literal `f` or `(not f)` *changed* when the
//! initial state does not satisfy it. Then:
//!
//! * a subgoal set with no changed literal is satisfied by the initial state
//!   itself, the forward node of cost 0, so its best partner is always the
//!   initial state (one lookup) and it goes into no list;
//! * any other subgoal set `G` goes into the list of **one** of its changed
//!   literals, its *key*: the one whose list of states is shortest when `G` is
//!   stored (a literal few states have, such as a box on the goal cell);
//! * every stored state `s` goes into the list of **each** of its changed
//!   literals (`s \ init` and, when the task has negative subgoals,
//!   `init \ s`), usually a handful: what the plan so far has changed.
//!
//! A state `s` can only satisfy `G` if the key of `G` is one of the changed
//! literals of `s`, so the sets to test for `s` are in the lists of its
//! changed literals; the states to test for `G` are in the list of the key of
//! `G`. Both lookups are exact (every candidate is tested bit by bit), so the
//! index only decides how many candidates are tested, never which meetings
//! are found. Keying by the rarest literal is the choice a database makes for
//! an index join; keying states by every changed literal costs 4 bytes per
//! changed literal per state, far less than the state itself in most tasks.
//!
//! Example: init `{a}`, goal `{c}`. The state `{b}` (changed literals `b`,
//! `not a`) goes into the lists of `b` and `not a`; the subgoal set `{b}`
//! (key `b`) is found from the state through the list of `b`, and the state
//! from the subgoal set through the same list.

use super::SearchSpace;
use super::node::NodeId;
use super::registry::StateRegistry;
use super::regression::Regression;
use crate::task::FactSet;
use crate::task::Task;
use crate::util::bits;

/// When a forward node meets a backward node; see the module docs.
///
/// Ids are those of the side's [`StateRegistry`] (and node arena): the
/// search passes the other side's registry so that the test can read or look
/// up nodes there.
pub trait Meeting {
    /// The forward search stored `node` under `id`.
    fn forward_stored(&mut self, _id: NodeId, _node: &[u64]) {}

    /// The backward search stored `node` under `id`.
    fn backward_stored(&mut self, _id: NodeId, _node: &[u64]) {}

    /// Appends to `out` the stored backward nodes that the forward `node` meets.
    fn forward_meets(&mut self, node: &[u64], backward: &mut StateRegistry, out: &mut Vec<NodeId>);

    /// Appends to `out` the stored forward nodes that the backward `node` meets.
    fn backward_meets(&mut self, node: &[u64], forward: &mut StateRegistry, out: &mut Vec<NodeId>);

    /// Bytes held by the test's own index, for the memory limit.
    fn bytes(&self) -> usize {
        0
    }
}

/// Nodes meet when their words are equal: both spaces use the same node
/// layout, and the test looks a node up in the other side's registry.
///
/// A pair of spaces plugs in by agreeing on `words()` and on what each word
/// means: a Sokoban push space and pull space both write a node as the box
/// bits followed by the man's normalised cell, so a push node and a pull node
/// with equal words are the same position, reached from the level's start and
/// from the solved positions. The backward space's
/// [`SearchSpace::plan_from_path`] turns its path (pulls from the solved
/// position) into moves in execution order, and the plan is the forward plan
/// followed by it. What else the pair must agree on:
///
/// * the words, not the storage: each registry may pack nodes its own way
///   ([`SearchSpace::packing`]); the lookup packs the node the other side's way;
/// * one start per space: a pull space whose solved positions differ in the
///   man's region can start from a node of its own (say, no man cell) whose
///   successors are the real starts, reached by zero-cost steps that its
///   `plan_from_path` drops; that node never equals a push node;
/// * [`SearchSpace::is_target`] still counts on its own: a push node with
///   every box on a goal ends the search even if no pull node equals it;
/// * [`SearchSpace::is_complete`]: a space whose pruning may cut off
///   solutions (Sokoban's PI-corral rule) says `false`, so that running out of
///   nodes proves nothing on that side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Meeting for Exact {
    fn forward_meets(&mut self, node: &[u64], backward: &mut StateRegistry, out: &mut Vec<NodeId>) {
        out.extend(backward.lookup(node));
    }

    fn backward_meets(&mut self, node: &[u64], forward: &mut StateRegistry, out: &mut Vec<NodeId>) {
        out.extend(forward.lookup(node));
    }
}

/// A progression state meets a regression subgoal set when it satisfies it;
/// states and sets are indexed by their changed literals (module docs).
#[derive(Clone, Debug)]
pub struct Subsumption {
    /// Words of a state, and of each half of a subgoal set.
    w: usize,
    /// Whether subgoal sets carry negative literals (`w` more words).
    negative: bool,
    init: FactSet,
    /// Literal `2f` (`f`) or `2f + 1` (`not f`) -> stored states with it.
    states: Vec<Vec<NodeId>>,
    /// Literal -> stored subgoal sets keyed by it.
    sets: Vec<Vec<NodeId>>,
    /// Per stored state and per stored set: the [`signature`] of its changed
    /// literals (`u64::MAX` for ids not recorded).
    state_sigs: Vec<u64>,
    set_sigs: Vec<u64>,
    /// A node of the other side, unpacked.
    other: Vec<u64>,
    literals: Vec<u32>,
    /// Entries in `states` and `sets`.
    entries: usize,
}

impl Subsumption {
    /// The test between `Progression::new(task)` and `regression` (which
    /// knows whether its subgoal sets have a negative half).
    pub fn new(task: &Task, regression: &Regression) -> Self {
        let n = task.facts.len();
        let w = bits::words_for(n);
        let negative = regression.words() > w;
        Subsumption {
            w,
            negative,
            init: FactSet::from_facts(n, &task.init),
            states: vec![Vec::new(); 2 * n],
            sets: vec![Vec::new(); 2 * n],
            state_sigs: Vec::new(),
            set_sigs: Vec::new(),
            other: Vec::new(),
            literals: Vec::new(),
            entries: 0,
        }
    }

    /// The changed literals of a state, into `self.literals`.
    fn state_literals(&mut self, state: &[u64]) {
        self.literals.clear();
        for (k, (&s, &i)) in state.iter().zip(self.init.words()).enumerate() {
            push_bits(&mut self.literals, k, s & !i, 0);
            if self.negative {
                push_bits(&mut self.literals, k, i & !s, 1);
            }
        }
    }

    /// The changed literals of a subgoal set, into `self.literals`.
    fn set_literals(&mut self, set: &[u64]) {
        self.literals.clear();
        let (pos, neg) = set.split_at(self.w);
        for (k, (&p, &i)) in pos.iter().zip(self.init.words()).enumerate() {
            push_bits(&mut self.literals, k, p & !i, 0);
            if let Some(&n) = neg.get(k) {
                push_bits(&mut self.literals, k, n & i, 1);
            }
        }
    }

    /// Whether `state` satisfies the subgoal set `set`.
    fn satisfies(&self, state: &[u64], set: &[u64]) -> bool {
        let (pos, neg) = set.split_at(self.w);
        bits::is_subset(pos, state) && neg.iter().zip(state).all(|(n, s)| n & s == 0)
    }
}

/// A 64-bit summary of a set of literals: one bit per literal, chosen by a
/// multiplicative hash. If the literals of `a` are a subset of those of `b`,
/// then `signature(a) & !signature(b) == 0`; the converse may fail, so a
/// candidate that passes is still tested bit by bit. Only *changed* literals
/// go in (a handful), so signatures stay sparse and reject most candidates
/// without reading the node from its registry.
fn signature(literals: &[u32]) -> u64 {
    literals.iter().fold(0, |sig, &l| {
        sig | 1 << ((u64::from(l).wrapping_mul(0x9e37_79b9_7f4a_7c15)) >> 58)
    })
}

/// Stores `sig` at `id` in `sigs`, growing it.
fn record(sigs: &mut Vec<u64>, id: NodeId, sig: u64) {
    if sigs.len() <= id.index() {
        sigs.resize(id.index() + 1, u64::MAX);
    }
    sigs[id.index()] = sig;
}

/// Pushes literal `2f + polarity` for every bit `f` of word `k` in `bits`.
#[inline]
fn push_bits(out: &mut Vec<u32>, k: usize, mut bits: u64, polarity: u32) {
    while bits != 0 {
        let f = (k * 64) as u32 + bits.trailing_zeros();
        out.push(2 * f + polarity);
        bits &= bits - 1;
    }
}

impl Meeting for Subsumption {
    fn forward_stored(&mut self, id: NodeId, node: &[u64]) {
        self.state_literals(node);
        for &l in &self.literals {
            self.states[l as usize].push(id);
        }
        self.entries += self.literals.len();
        record(&mut self.state_sigs, id, signature(&self.literals));
    }

    fn backward_stored(&mut self, id: NodeId, node: &[u64]) {
        self.set_literals(node);
        let states = &self.states;
        let key = self
            .literals
            .iter()
            .copied()
            .min_by_key(|&l| (states[l as usize].len(), l));
        if let Some(key) = key {
            self.sets[key as usize].push(id);
            self.entries += 1;
            record(&mut self.set_sigs, id, signature(&self.literals));
        }
    }

    fn forward_meets(&mut self, node: &[u64], backward: &mut StateRegistry, out: &mut Vec<NodeId>) {
        self.state_literals(node);
        let sig = signature(&self.literals);
        self.other.resize(backward.words(), 0);
        for &l in &self.literals {
            for &id in &self.sets[l as usize] {
                if self.set_sigs[id.index()] & !sig != 0 {
                    continue;
                }
                backward.get(id, &mut self.other);
                if self.satisfies(node, &self.other) {
                    out.push(id);
                }
            }
        }
    }

    fn backward_meets(&mut self, node: &[u64], forward: &mut StateRegistry, out: &mut Vec<NodeId>) {
        self.set_literals(node);
        let states = &self.states;
        let key = self
            .literals
            .iter()
            .copied()
            .min_by_key(|&l| (states[l as usize].len(), l));
        let Some(key) = key else {
            // No changed literal: the initial state satisfies the set.
            out.extend(forward.lookup(self.init.words()));
            return;
        };
        let sig = signature(&self.literals);
        self.other.resize(forward.words(), 0);
        for &id in &self.states[key as usize] {
            if sig & !self.state_sigs[id.index()] != 0 {
                continue;
            }
            forward.get(id, &mut self.other);
            if self.satisfies(&self.other, node) {
                out.push(id);
            }
        }
    }

    fn bytes(&self) -> usize {
        // The lists' own buffers, and their headers.
        self.entries * 4
            + (self.states.len() + self.sets.len()) * 24
            + (self.state_sigs.capacity() + self.set_sigs.capacity()) * 8
    }
}

#[cfg(test)]
mod tests;
