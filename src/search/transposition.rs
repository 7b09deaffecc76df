//! Transposition tables: depth-first search that remembers where it has been.
//!
//! Depth-first *tree* search ([`super::dfs`]) remembers only the current path,
//! so it explores a node again each time another path leads to it (a
//! *transposition*: the same position by moves in another order). A
//! transposition table keeps every node seen with the cheapest cost `g` it was
//! reached at, and a successor that was already reached at no greater cost is
//! dropped: everything below it was, or is being, explored with at least as
//! much of the depth bound left. The search then visits each node about once,
//! as a graph search does, and pays for it with the memory of every node seen,
//! not just one path. Game-playing and Sokoban solvers have always used one
//! (Junghanns and Schaeffer's Rolling Stone keeps one for its IDA*).
//!
//! [`Transpositions`] wraps any [`SearchSpace`], so it adds a table to any
//! algorithm; it counts what it drops as `transposition`. Iterative deepening
//! empties it before each iteration ([`SearchSpace::on_restart`]), since a
//! node reached in a shallow iteration must be explored again deeper.
//!
//! Example: on a square `a -> b -> d`, `a -> c -> d`, depth-first search
//! from `a` reaches `d` twice; with the table, the second time `d` (again at
//! g = 2) is dropped.

use super::SearchSpace;
use super::registry::StateRegistry;

/// A space whose successors are dropped when seen before at no greater cost.
pub struct Transpositions<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    words: usize,
    /// The nodes seen, and the cheapest `g` of each, by id.
    nodes: StateRegistry,
    g: Vec<u32>,
    dropped: u64,
    /// The rule of the last `prune` that returned true.
    last_rule: &'static str,
}

impl<'s, S: SearchSpace + ?Sized> Transpositions<'s, S> {
    pub fn new(inner: &'s mut S) -> Self {
        let words = inner.words();
        Transpositions {
            inner,
            words,
            nodes: StateRegistry::new(words),
            g: Vec::new(),
            dropped: 0,
            last_rule: "transposition",
        }
    }

    /// Number of nodes in the table.
    pub fn len(&self) -> usize {
        self.g.len()
    }

    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// Records `node` at cost `g`; returns false if it was already recorded
    /// at no greater cost. A node the table has no memory left for is not
    /// recorded, and so never dropped.
    fn record(&mut self, node: &[u64], g: u32) -> bool {
        match self.nodes.insert(node) {
            Ok((_, true)) => self.g.push(g),
            Ok((id, false)) => {
                let old = &mut self.g[id.index()];
                if *old <= g {
                    return false;
                }
                *old = g;
            }
            Err(_) => {}
        }
        true
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for Transpositions<'_, S> {
    super::delegate!(inner =>
        start, is_target, successors, successor, cost, operator_between, on_duplicate,
        on_evaluate, rejections, goal_facts, plan_from_path
    );

    fn words(&self) -> usize {
        self.words
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        // The start node is never a successor: it enters the table here.
        self.record(node, g);
        self.inner.on_expand(node, g)
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        if self.inner.prune(node, g) {
            self.last_rule = self.inner.pruned_by();
            return true;
        }
        if self.record(node, g) {
            return false;
        }
        self.dropped += 1;
        self.last_rule = "transposition";
        true
    }

    fn pruned_by(&self) -> &'static str {
        self.last_rule
    }

    fn on_restart(&mut self) {
        self.nodes.clear();
        self.g.clear();
        self.inner.on_restart()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        let mut counters = self.inner.pruning_counters();
        counters.push(("transposition", self.dropped));
        counters
    }

    fn bytes(&self) -> usize {
        self.inner.bytes() + self.nodes.bytes() + self.g.capacity() * 4
    }
}

#[cfg(test)]
mod tests;
