//! Width-based search: IW(k) and serialized IW (Lipovetzky & Geffner 2012).
//!
//! How many facts must a state remember? IW(k) answers "k": it is
//! breadth-first search that drops every generated state whose *novelty*
//! is greater than `k` ([`crate::heuristics::novelty`]): a state is kept only
//! if it makes some set of at most `k` facts true together for the first time
//! in the search. IW(k) thus expands at most one state per tuple of `k`
//! facts, `O(n^k)` states for `n` facts, whatever the size of the state
//! space. It is incomplete: a goal that needs more than `k` facts remembered
//! along the way (a goal of higher *width*) may be pruned away, and the
//! search then ends [`Outcome::Incomplete`].
//!
//! Many IPC goals of one fact have width 1 or 2, so **serialized IW** (SIW)
//! splits the goal: from the current state, run IW(1), and if it fails
//! IW(2), to a state where one more goal fact holds and every goal fact
//! already reached still does; continue from there with a fresh novelty
//! table, until the goal holds. The plan is the concatenation of the pieces.
//! SIW is incomplete too: a piece may commit to a state from which the rest
//! is unreachable, or need width 3.
//!
//! | search   | prunes a generated state when       | target            |
//! |----------|-------------------------------------|-------------------|
//! | [`iw`]   | novelty > k (among all generated)   | the space's       |
//! | [`siw`]  | novelty > k (within the piece)      | one more goal fact, or the space's |
//!
//! Best-first width search (BFWS) orders a greedy best-first search by
//! novelty rather than pruning a breadth-first one; its evaluators are
//! [`crate::heuristics::bfws`], and [`dual`] runs Dual-BFWS's two searches
//! in turn.
//!
//! Example: two switches `a` and `b`, both off, goal both on (facts `a-on`,
//! `a-off`, `b-on`, `b-off`). IW(1) expands the start, then `{a-on, b-off}`
//! and `{a-off, b-on}`: each has a new fact. Their successors `{a-on, b-on}`
//! and the start again have none, so both are pruned and IW(1) fails: the
//! goal has width 2. IW(2) keeps `{a-on, b-on}`, the first state where the
//! pair `(a-on, b-on)` holds, and finds the plan `[a-on, b-on]`. SIW
//! reaches `a-on` with IW(1), then `b-on` with IW(1) from there.

use super::{
    Outcome, Priority, SearchResult, SearchSpace, Stats, Successors, Ties, best_first, bfs,
};
use crate::heuristics::Heuristic;
use crate::heuristics::novelty::{DEFAULT_BYTE_LIMIT, NoveltyCounts, NoveltyTable};
use crate::task::{FactId, OpId};
use crate::util::bits;
use crate::util::limits::Monitor;

/// IW(`k`), `k` 1 or 2: breadth-first search on `space` that prunes every
/// generated node of novelty greater than `k` (see the module docs). The
/// novelty counts end up in [`Stats::novelty`], the pruned nodes in the
/// `novelty` pruning counter.
pub fn iw<S: SearchSpace + ?Sized>(space: &mut S, k: u32, monitor: &mut Monitor) -> SearchResult {
    let mut novel = Novel::new(space, k);
    let mut result = bfs(&mut novel, monitor);
    // Exhausting the space proves nothing once a node was pruned.
    if result.outcome == Outcome::Unsolvable && novel.pruned > 0 {
        result.outcome = Outcome::Incomplete;
    }
    result.stats.novelty = Some(novel.table.counts());
    result
}

/// Serialized IW on `space`: IW(1), then IW(2), to one more goal fact at a
/// time (see the module docs). The goal facts are the space's
/// [`SearchSpace::goal_facts`]; a space without them is searched as one
/// piece. Fails [`Outcome::Incomplete`] when a piece needs more than IW(2).
pub fn siw<S: SearchSpace + ?Sized>(space: &mut S, monitor: &mut Monitor) -> SearchResult {
    let goal: Vec<FactId> = space.goal_facts().map(<[_]>::to_vec).unwrap_or_default();
    let mut state = vec![0; space.words()];
    space.start(&mut state);
    let mut path: Vec<OpId> = Vec::new();
    let mut stats = Stats::default();
    let mut novelty = NoveltyCounts::default();
    let outcome = 'pieces: loop {
        if space.is_target(&state) {
            break Outcome::Plan(space.plan_from_path(path));
        }
        let mut piece = Piece::new(space, &state, &goal);
        let mut found = None;
        for k in 1..=2 {
            let r = iw(&mut piece, k, monitor);
            stats.add_counts(&r.stats);
            add_counters(&mut stats.pruned, &r.stats.pruned);
            novelty.add(&r.stats.novelty.unwrap_or_default());
            match r.outcome {
                Outcome::Plan(p) => {
                    found = Some(p);
                    break;
                }
                Outcome::Unsolvable | Outcome::Incomplete => {}
                stop => break 'pieces stop,
            }
        }
        let Some(piece_path) = found else {
            break Outcome::Incomplete;
        };
        // Walk the piece to the state it reached, the next piece's start.
        let mut next = vec![0; space.words()];
        let mut all = Successors::new(space.words());
        for &op in &piece_path {
            space.successors(&state, &mut all);
            space.successor(&state, op, &mut next);
            std::mem::swap(&mut state, &mut next);
        }
        path.extend(piece_path);
    };
    stats.novelty = Some(novelty);
    stats.finish(monitor.elapsed(), stats.pruned.clone(), 0);
    SearchResult { outcome, stats }
}

/// Dual-BFWS's schedule: greedy best-first search on `space` ordered by
/// `first` (1-BFWS, which prunes: an incomplete search), then, if that ends
/// without a plan and within the limits, by `second` (a complete BFWS). The
/// evaluators are [`crate::heuristics::Bfws`]'s; the statistics are those
/// of both searches together.
pub fn dual<S, H1, H2>(
    space: &mut S,
    first: &mut H1,
    second: &mut H2,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H1: Heuristic + ?Sized,
    H2: Heuristic + ?Sized,
{
    let greedy = Priority::Greedy;
    let fast = best_first(space, first, greedy, false, Ties::Fifo, monitor);
    if !matches!(fast.outcome, Outcome::Unsolvable | Outcome::Incomplete) {
        return fast;
    }
    let mut complete = best_first(space, second, greedy, false, Ties::Fifo, monitor);
    let mut stats = fast.stats;
    stats.add_counts(&complete.stats);
    add_counters(&mut stats.pruned, &complete.stats.pruned);
    if let Some(more) = &complete.stats.novelty {
        stats
            .novelty
            .get_or_insert_with(NoveltyCounts::default)
            .add(more);
    }
    stats.search_time = complete.stats.search_time;
    stats.peak_memory_kb = complete.stats.peak_memory_kb;
    complete.stats = stats;
    complete
}

/// Adds each `(rule, count)` of `more` to the same rule's count in `sum`.
fn add_counters(sum: &mut Vec<(&'static str, u64)>, more: &[(&'static str, u64)]) {
    for &(rule, n) in more {
        match sum.iter_mut().find(|(r, _)| *r == rule) {
            Some((_, total)) => *total += n,
            None => sum.push((rule, n)),
        }
    }
}

/// A space whose generated nodes of novelty above `k` are pruned: IW(k)'s
/// view of the space it wraps.
pub struct Novel<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    k: u32,
    table: NoveltyTable,
    /// Whether the start node has entered the table.
    started: bool,
    pruned: u64,
    last_rule: &'static str,
}

impl<'s, S: SearchSpace + ?Sized> Novel<'s, S> {
    /// IW(`k`)'s view of `inner`, with one novelty table over all its nodes.
    pub fn new(inner: &'s mut S, k: u32) -> Self {
        let facts = inner.words() * 64;
        Novel {
            inner,
            k,
            table: NoveltyTable::new(facts, k, DEFAULT_BYTE_LIMIT),
            started: false,
            pruned: 0,
            last_rule: "novelty",
        }
    }

    /// The novelty counts so far.
    pub fn counts(&self) -> NoveltyCounts {
        self.table.counts()
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for Novel<'_, S> {
    super::delegate!(inner =>
        words, start, is_target, successors, successor, cost, operator_between, on_duplicate,
        on_novelty, rejections, goal_facts, plan_from_path, packing
    );

    fn on_expand(&mut self, node: &[u64], g: u32) {
        // The start node is never generated: it enters the table here,
        // before its successors are measured against it.
        if !self.started {
            self.started = true;
            let w = self.table.evaluate(0, node).value();
            self.inner.on_novelty(node, w, self.k, false);
        }
        self.inner.on_expand(node, g)
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        if self.inner.prune(node, g) {
            self.last_rule = self.inner.pruned_by();
            return true;
        }
        let w = self.table.evaluate(0, node).value().min(self.k + 1);
        let pruned = w > self.k;
        self.inner.on_novelty(node, w, self.k, pruned);
        if !pruned {
            return false;
        }
        self.pruned += 1;
        self.last_rule = "novelty";
        true
    }

    fn pruned_by(&self) -> &'static str {
        self.last_rule
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        let mut counters = self.inner.pruning_counters();
        counters.push(("novelty", self.pruned));
        counters
    }

    fn is_complete(&self) -> bool {
        false
    }

    fn bytes(&self) -> usize {
        self.inner.bytes() + self.table.bytes()
    }
}

/// One piece of SIW: from `start`, to a node where the space's target holds,
/// or more goal facts than at `start` hold and all of those that held there
/// still do. Paths are kept in the order found (the whole plan is put in
/// order once, at the end).
struct Piece<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    start: Vec<u64>,
    /// The goal facts true at `start`, to keep.
    keep: Vec<FactId>,
    goal: &'s [FactId],
}

impl<'s, S: SearchSpace + ?Sized> Piece<'s, S> {
    fn new(inner: &'s mut S, start: &[u64], goal: &'s [FactId]) -> Self {
        let keep = (goal.iter().copied())
            .filter(|&f| bits::contains(start, f))
            .collect();
        Piece {
            inner,
            start: start.to_vec(),
            keep,
            goal,
        }
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for Piece<'_, S> {
    super::delegate!(inner =>
        words, successors, successor, cost, operator_between, on_expand, prune, on_novelty,
        pruned_by, pruning_counters, bytes, packing
    );

    fn start(&self, node: &mut [u64]) {
        node.copy_from_slice(&self.start);
    }

    fn is_target(&self, node: &[u64]) -> bool {
        let reached = self.goal.iter().filter(|&&f| bits::contains(node, f));
        self.inner.is_target(node)
            || (reached.count() > self.keep.len()
                && self.keep.iter().all(|&f| bits::contains(node, f)))
    }

    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        path
    }
}

#[cfg(test)]
mod tests;
