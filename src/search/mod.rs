//! Search: walking a graph of nodes from a start node to a target node.
//!
//! Every planner in planbox is a search through a [`SearchSpace`]. The space says
//! where to start, which nodes are targets, and which successors a node has; the
//! algorithms ([`bfs`], [`dfs`], [`iddfs`], [`astar`], [`wastar`], [`gbfs`],
//! and the width-based [`iw`] and [`siw`]) know
//! nothing else, so one algorithm serves every direction of search
//! ([`bidirectional()`] runs a forward and a backward space at once):
//!
//! * **Progression** ([`Progression`]) walks forward. A node is a *state*, the set
//!   of facts that hold, packed one bit per fact. It starts at the initial state,
//!   a target is a state that satisfies the goal, and the successors of `s` are
//!   `apply(s, o)` for every operator `o` applicable in `s`.
//! * **Regression** (a later module) walks backward. A node is a *subgoal set*, a
//!   partial state with a positive and a negative literal bitset packed side by side
//!   (`2 * words`). It starts at the goal, a target is a subgoal set that the
//!   initial state satisfies, and the successors of `G` are the regressions of `G`
//!   through the relevant operators. The path it finds runs from the goal back to
//!   the initial state, so [`SearchSpace::plan_from_path`] reverses it.
//!
//! Example, on a number line with operators `inc` (+1) and `dec` (-1), start 0 and
//! target 2: breadth-first search expands 0, generates 1 and -1, expands 1,
//! generates 2, sees the target and returns the plan `[inc, inc]`.
//!
//! # Nodes are packed words
//!
//! A node is a `&[u64]` of [`SearchSpace::words`] words, the same length for every
//! node of a space. That lets all algorithms share one [`StateRegistry`]: each
//! distinct node is stored once, in one contiguous arena, and gets a dense
//! [`NodeId`]; the search bookkeeping ([`NodeArena`]: parent and g) is a
//! plain vector indexed by that id. Heuristics evaluate the same packed words.
//! The registry may store nodes more compactly still ([`SearchSpace::packing`]:
//! progression stores a mutex group of facts as one small field, see
//! [`Packing`]) and unpacks them when the algorithm reads them back.
//!
//! # Pruning hooks
//!
//! A space may refuse nodes that the algorithm would otherwise keep. Regression
//! prunes subgoal sets that are inconsistent or *subsumed* (a subset of them was
//! already expanded at no greater cost). For that the algorithms tell the space
//! what they expand ([`SearchSpace::on_expand`]) and ask it about every successor
//! ([`SearchSpace::prune`]); the space counts each rule and reports the counts
//! ([`SearchSpace::pruning_counters`]), which end up in [`Stats::pruned`].
//! Progression prunes no successor it generated: its hooks are the empty
//! defaults and compile away. It may generate fewer, though: with
//! partial-order reduction ([`stubborn`]) a state's successors are those of
//! the operators in its strong stubborn set, counted in [`Stats::stubborn`].
//! A transposition table ([`transposition::Transpositions`]) is such a hook
//! too: it wraps any space and prunes the nodes reached before at no greater
//! cost, which turns depth-first tree search into a graph search.

pub mod algorithm;
mod best_first;
mod bfs;
pub mod bidirectional;
mod chunked;
mod delegate;
mod dfs;
mod iddfs;
pub mod iterated;
pub mod lazy;
pub mod meeting;
pub mod neighborhood;
mod node;
pub mod open_list;
mod packing;
pub mod perimeter;
mod progression;
mod registry;
pub mod regression;
mod stats;
pub mod stubborn;
pub mod successors;
pub mod trace;
pub mod transposition;
pub mod width;

#[cfg(test)]
pub(crate) mod toy;

pub use crate::util::limits::{
    CHECK_EVERY, CpuClock, Footprint, Limits, Monitor, Progress, Stop, cpu_limit_reached, cpu_time,
    note_cpu_limit, peak_memory_kb, resident_bytes,
};
pub use algorithm::Algorithm;
pub use best_first::{Priority, astar, best_first, best_first_features, gbfs, wastar};
pub use bfs::bfs;
pub use bidirectional::bidirectional;
pub(crate) use delegate::delegate;
pub use dfs::dfs;
pub use iddfs::iddfs;
pub use iterated::iterated;
pub use lazy::{LazyOptions, lazy};
pub use meeting::{Exact, Meeting, Subsumption};
pub use node::{NodeArena, NodeId, SearchNode};
pub use open_list::Ties;
pub use packing::Packing;
pub use perimeter::{Grown, Perimeter, Toward};
pub use progression::Progression;
pub use registry::{OutOfMemory, StateRegistry, hash_node};
pub use regression::{Regression, RegressionOptions};
pub use stats::{Horizon, SideStats, Stats};
pub use stubborn::{Pruning, PruningLimit, PruningStats, SwitchedOff};
pub use width::{iw, siw};

use crate::task::{FactId, OpId};

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A plan, in execution order.
    Plan(Vec<OpId>),
    /// The whole reachable space was searched and no target was found.
    Unsolvable,
    /// An incomplete search (depth-bounded DFS, or any search that made its
    /// [`Limits::expansions`]) ended without a plan: a plan may still exist
    /// beyond the bound.
    Incomplete,
    /// The time limit was reached.
    OutOfTime,
    /// The memory limit was reached.
    OutOfMemory,
}

impl Outcome {
    /// The outcome's name in records (`plan`, `unsolvable`, `incomplete`,
    /// `out_of_time`, `out_of_memory`).
    pub fn key(&self) -> &'static str {
        match self {
            Outcome::Plan(_) => "plan",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Incomplete => "incomplete",
            Outcome::OutOfTime => "out_of_time",
            Outcome::OutOfMemory => "out_of_memory",
        }
    }
}

/// The outcome of a search together with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub outcome: Outcome,
    pub stats: Stats,
}

impl From<OutOfMemory> for Stop {
    fn from(_: OutOfMemory) -> Stop {
        Stop::Memory
    }
}

impl From<Stop> for Outcome {
    fn from(stop: Stop) -> Outcome {
        match stop {
            Stop::Time => Outcome::OutOfTime,
            Stop::Memory => Outcome::OutOfMemory,
            Stop::Expansions => Outcome::Incomplete,
        }
    }
}

/// The successors of one node: for each, the operator that leads there and the
/// node's words. Filled by [`SearchSpace::successors`]; reused between calls so
/// that expanding a node allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Successors {
    words: usize,
    ops: Vec<OpId>,
    data: Vec<u64>,
}

impl Successors {
    /// An empty buffer for nodes of `words` words.
    pub fn new(words: usize) -> Self {
        Successors {
            words,
            ops: Vec::new(),
            data: Vec::new(),
        }
    }

    pub fn clear(&mut self) {
        self.ops.clear();
        self.data.clear();
    }

    /// Appends a successor reached by `op`, starting as a copy of `from`, and
    /// returns its words for the space to change.
    #[inline]
    pub fn push(&mut self, op: OpId, from: &[u64]) -> &mut [u64] {
        debug_assert_eq!(from.len(), self.words);
        self.ops.push(op);
        let start = self.data.len();
        self.data.extend_from_slice(from);
        &mut self.data[start..]
    }

    /// Drops the last successor pushed (a space that finds a successor invalid
    /// after building it).
    pub fn pop(&mut self) {
        if self.ops.pop().is_some() {
            self.data.truncate(self.ops.len() * self.words);
        }
    }

    /// Keeps only the successors whose operator satisfies `keep`, in order
    /// (a space that narrows a node's successors after building them).
    pub fn retain(&mut self, mut keep: impl FnMut(OpId) -> bool) {
        let mut kept = 0;
        for i in 0..self.ops.len() {
            if keep(self.ops[i]) {
                self.ops[kept] = self.ops[i];
                self.data
                    .copy_within(i * self.words..(i + 1) * self.words, kept * self.words);
                kept += 1;
            }
        }
        self.ops.truncate(kept);
        self.data.truncate(kept * self.words);
    }

    pub fn len(&self) -> usize {
        self.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// The `i`-th successor: its operator and words.
    #[inline]
    pub fn get(&self, i: usize) -> (OpId, &[u64]) {
        (
            self.ops[i],
            &self.data[i * self.words..(i + 1) * self.words],
        )
    }

    /// The `i`-th successor: its operator and its words, to change (a space
    /// that completes its successors after choosing among them).
    #[inline]
    pub fn get_mut(&mut self, i: usize) -> (OpId, &mut [u64]) {
        (
            self.ops[i],
            &mut self.data[i * self.words..(i + 1) * self.words],
        )
    }

    /// Bytes held by the buffer.
    pub fn bytes(&self) -> usize {
        self.ops.capacity() * 4 + self.data.capacity() * 8
    }
}

/// A graph for the algorithms to search, with nodes packed as `u64` words.
///
/// The algorithms call, in this order: [`words`](Self::words) once,
/// [`start`](Self::start) once, then for every node they select:
/// [`is_target`](Self::is_target), [`on_expand`](Self::on_expand),
/// [`successors`](Self::successors), and [`prune`](Self::prune) on each successor.
/// When they reach a target they hand the operators on the path from the start,
/// in the order they were applied, to [`plan_from_path`](Self::plan_from_path).
pub trait SearchSpace {
    /// Number of `u64` words in every node of this space.
    fn words(&self) -> usize;

    /// Writes the start node into `node` (`words()` long, zeroed).
    fn start(&self, node: &mut [u64]);

    /// Whether `node` ends the search (progression: the goal holds; regression:
    /// the initial state satisfies the subgoals).
    fn is_target(&self, node: &[u64]) -> bool;

    /// Clears `out`, then appends every successor of `node`, in a deterministic
    /// order.
    fn successors(&mut self, node: &[u64], out: &mut Successors);

    /// Writes into `out` the successor of `node` reached by `op`, an operator
    /// that the last [`successors`](Self::successors) of `node` listed; false
    /// if there is none. Lazy search ([`lazy()`]) generates a node's children
    /// one at a time, when it takes them from the open list. The default
    /// generates every successor and picks `op`'s; progression applies `op`.
    fn successor(&mut self, node: &[u64], op: OpId, out: &mut [u64]) -> bool {
        let mut all = Successors::new(self.words());
        self.successors(node, &mut all);
        (0..all.len()).any(|i| {
            let (o, child) = all.get(i);
            if o == op {
                out.copy_from_slice(child);
            }
            o == op
        })
    }

    /// The cost of operator `op` (zero is allowed).
    fn cost(&self, op: OpId) -> u32;

    /// The operator that leads from `from` to `to`, one of its successors:
    /// the cheapest of those that do, the first listed on a tie; `None` if
    /// none does. Searches store each node's parent but not the operator,
    /// and find a plan's operators with this (see [`NodeArena::path`]).
    /// It leaves the space as it was: no counter moves and nothing is
    /// learnt. The default lists the successors of `from`, which is right
    /// for spaces whose [`successors`](Self::successors) count nothing
    /// unless [`on_expand`](Self::on_expand) was called first; a space that
    /// wraps another (tracing, novelty pruning) hands the call to it.
    fn operator_between(&mut self, from: &[u64], to: &[u64]) -> Option<OpId> {
        let mut all = Successors::new(self.words());
        self.successors(from, &mut all);
        cheapest_between(self, &all, to)
    }

    /// A lower bound on the cost of every operator (0 is always safe).
    /// [`bidirectional()`] stops one step earlier when it is positive.
    fn min_cost(&self) -> u32 {
        0
    }

    /// Called when the algorithm expands `node`, reached at cost `g`.
    #[inline]
    fn on_expand(&mut self, _node: &[u64], _g: u32) {}

    /// Whether to discard successor `node`, reached at cost `g`, before the
    /// algorithm looks it up or stores it. A space that prunes counts why.
    #[inline]
    fn prune(&mut self, _node: &[u64], _g: u32) -> bool {
        false
    }

    /// The rule of the last [`prune`](Self::prune) that returned true, for
    /// traces (regression's `subsumed`, a transposition table's `transposition`).
    fn pruned_by(&self) -> &'static str {
        "subsumed"
    }

    /// Called when the algorithm has evaluated `node` with its heuristics:
    /// `h` holds one estimate per heuristic (the lazy searches take two in
    /// turn), or is `None` for a dead end. Only traces listen.
    #[inline]
    fn on_evaluate(&mut self, _node: &[u64], _h: Option<&[u32]>) {}

    /// Called by a wrapping space that measures novelty (IW's,
    /// [`width`]) once it has measured `node`: its novelty `w` in a table of
    /// width `width`, and whether it pruned the node (after this space's own
    /// [`prune`](Self::prune) let it through). Only traces listen.
    #[inline]
    fn on_novelty(&mut self, _node: &[u64], _w: u32, _width: u32, _pruned: bool) {}

    /// Called when the algorithm discards successor `node` as a duplicate:
    /// seen before at no greater cost, or (depth-first search with a cycle
    /// check) already on the current path. Only traces listen.
    #[inline]
    fn on_duplicate(&mut self, _node: &[u64]) {}

    /// The operators the last [`successors`](Self::successors) call tried and
    /// rejected, each with the rule that rejected it (for traces). Progression
    /// rejects none: an inapplicable operator is never tried.
    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        Vec::new()
    }

    /// Called by iterative deepening before each new iteration: a space that
    /// remembers expanded nodes (regression's subsumption store) forgets them,
    /// since the next iteration explores them again with a larger bound.
    fn on_restart(&mut self) {}

    /// One `(rule, count)` pair per pruning rule of the space, in a fixed order.
    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// Whether exhausting this space proves that no target can be reached:
    /// every pruning rule of the space is sound (regression's sound mutexes
    /// and subsumption are). [`bidirectional()`] reports a task unsolvable only
    /// when a complete side runs out of nodes.
    fn is_complete(&self) -> bool {
        true
    }

    /// The facts every target holds, when the targets are the nodes that hold
    /// a set of facts (progression: the goal's facts); serialized IW
    /// ([`siw`]) reaches them one at a time. `None` (the default) otherwise.
    fn goal_facts(&self) -> Option<&[FactId]> {
        None
    }

    /// Turns the operators on the path from the start node to the target node
    /// into a plan in execution order. Progression keeps the order; regression
    /// reverses it.
    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId>;

    /// Bytes held by the space's own structures that grow during search (such
    /// as a subsumption store), for the memory limit.
    fn bytes(&self) -> usize {
        0
    }

    /// How the algorithms' state registry may store nodes compactly. The
    /// default stores them as they are; progression packs mutex groups.
    fn packing(&self) -> Packing {
        Packing::identity(self.words())
    }
}

/// Of the successors `all`, the operator of the cheapest one equal to `to`
/// (the first listed on a tie).
pub fn cheapest_between<S: SearchSpace + ?Sized>(
    space: &S,
    all: &Successors,
    to: &[u64],
) -> Option<OpId> {
    (0..all.len())
        .filter_map(|i| {
            let (op, child) = all.get(i);
            (child == to).then_some(op)
        })
        .min_by_key(|&op| space.cost(op))
}
