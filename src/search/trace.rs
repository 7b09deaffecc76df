//! Traces: a record of what a search did, step by step, for students.
//!
//! [`Traced`] wraps any [`SearchSpace`] and passes every call through, while it
//! writes down, for the first expansions, the node expanded, its cost `g`, and
//! each operator tried: the successor it led to, or the rule that pruned it.
//! The algorithms cannot tell the difference, so a traced search expands
//! exactly the nodes an untraced one does.
//!
//! Example (number line, breadth-first from 0 to 2): the first record is node
//! `{0}` at g = 0 with two tries, `inc -> {1}` and `dec -> {-1}`.
//!
//! The record is plain data; the command line turns it into text, Sokoban
//! boards, or a Graphviz graph.

use super::{SearchSpace, Successors};
use crate::task::OpId;

/// What became of one operator tried at an expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    pub op: OpId,
    /// The successor's words, if the operator produced one.
    pub successor: Option<Vec<u64>>,
    /// The rule that discarded it (`invariant`, `subsumed`, ...), if any.
    pub pruned: Option<&'static str>,
}

/// One expansion: the node, its cost so far, and what was tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub node: Vec<u64>,
    pub g: u32,
    pub tries: Vec<Try>,
}

/// A space that records its first `limit` expansions.
pub struct Traced<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    limit: usize,
    /// The recorded expansions, in order.
    pub expansions: Vec<Expansion>,
    /// Whether the last `on_expand` was recorded (so its successors are too).
    recording: bool,
    /// Index of the next try to match with a `prune` call.
    next_try: usize,
}

impl<'s, S: SearchSpace + ?Sized> Traced<'s, S> {
    pub fn new(inner: &'s mut S, limit: usize) -> Self {
        Traced {
            inner,
            limit,
            expansions: Vec::new(),
            recording: false,
            next_try: 0,
        }
    }
}

impl<S: SearchSpace + ?Sized> SearchSpace for Traced<'_, S> {
    fn words(&self) -> usize {
        self.inner.words()
    }

    fn start(&self, node: &mut [u64]) {
        self.inner.start(node)
    }

    fn is_target(&self, node: &[u64]) -> bool {
        self.inner.is_target(node)
    }

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        self.inner.successors(node, out);
        if !std::mem::take(&mut self.recording) {
            return;
        }
        let Some(record) = self.expansions.last_mut() else {
            return;
        };
        for i in 0..out.len() {
            let (op, words) = out.get(i);
            record.tries.push(Try {
                op,
                successor: Some(words.to_vec()),
                pruned: None,
            });
        }
        for (op, rule) in self.inner.rejections() {
            record.tries.push(Try {
                op,
                successor: None,
                pruned: Some(rule),
            });
        }
        self.next_try = 0;
    }

    fn cost(&self, op: OpId) -> u32 {
        self.inner.cost(op)
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.inner.on_expand(node, g);
        self.recording = self.expansions.len() < self.limit;
        if self.recording {
            self.expansions.push(Expansion {
                node: node.to_vec(),
                g,
                tries: Vec::new(),
            });
        }
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        let pruned = self.inner.prune(node, g);
        if pruned
            && let Some(record) = self.expansions.last_mut()
            && let Some(k) = record.tries[self.next_try.min(record.tries.len())..]
                .iter()
                .position(|t| t.successor.as_deref() == Some(node) && t.pruned.is_none())
        {
            let k = self.next_try + k;
            record.tries[k].pruned = Some("subsumed");
            self.next_try = k + 1;
        }
        pruned
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.inner.rejections()
    }

    fn on_restart(&mut self) {
        self.inner.on_restart()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        self.inner.pruning_counters()
    }

    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        self.inner.plan_from_path(path)
    }

    fn bytes(&self) -> usize {
        self.inner.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::toy::Graph;
    use crate::search::{Limits, Monitor, bfs};

    #[test]
    fn records_the_first_expansions_and_changes_nothing() {
        let mut plain = Graph::line(5, 0, 4);
        let untraced = bfs(&mut plain, &mut Monitor::new(Limits::none()));
        let mut g = Graph::line(5, 0, 4);
        let mut traced = Traced::new(&mut g, 2);
        let result = bfs(&mut traced, &mut Monitor::new(Limits::none()));
        assert_eq!(result.outcome, untraced.outcome);
        assert_eq!(result.stats.expanded, untraced.stats.expanded);
        assert_eq!(traced.expansions.len(), 2);
        let first = &traced.expansions[0];
        assert_eq!(first.g, 0);
        assert!(!first.tries.is_empty());
        assert!(first.tries.iter().all(|t| t.successor.is_some()));
    }
}
