//! Traces: a record of what a search did, step by step, for students.
//!
//! [`Traced`] wraps any [`SearchSpace`] and passes every call through, while it
//! writes down, for the first expansions, the node expanded, its cost `g`, and
//! each operator tried: the successor it led to, or the rule that pruned it
//! (the space's own rules, and `duplicate` when the algorithm had seen the
//! successor before). The algorithms cannot tell the difference, so a traced
//! search expands exactly the nodes an untraced one does.
//!
//! Example (number line, breadth-first from 1 to 3): the first record is node
//! `{1}` at g = 0 with two tries, `inc -> {2}` and `dec -> {0}`; the second,
//! `{2}`, has `inc -> {3}` and `dec -> {1}`, a duplicate.
//!
//! An algorithm looks at the successors of an expansion in order, but not
//! always at once: depth-first search goes down into the first successor
//! before it looks at the second. So the wrapper keeps a stack of the
//! expansions whose successors are still being looked at, as the depth-first
//! search does, and counts each successor off as `prune` sees it.
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

/// An expansion whose successors the algorithm is still looking at.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The expansion's record, if it is one of the first `limit`.
    record: Option<usize>,
    /// Its number of successors, and how many `prune` has seen.
    len: usize,
    seen: usize,
}

/// A space that records its first `limit` expansions.
pub struct Traced<'s, S: SearchSpace + ?Sized> {
    inner: &'s mut S,
    limit: usize,
    /// The recorded expansions, in order.
    pub expansions: Vec<Expansion>,
    /// Whether the last `on_expand` was recorded (so its successors are too).
    recording: bool,
    /// Whether `on_expand` came since the last `successors` call (depth-first
    /// search also asks for the successors of a node at its depth bound, only
    /// to see whether the bound cut something off, and looks at none).
    expanding: bool,
    /// The expansions with successors not yet seen, innermost last.
    frames: Vec<Frame>,
    /// The try of the successor `prune` saw last, if recorded.
    last: Option<(usize, usize)>,
}

impl<'s, S: SearchSpace + ?Sized> Traced<'s, S> {
    pub fn new(inner: &'s mut S, limit: usize) -> Self {
        Traced {
            inner,
            limit,
            expansions: Vec::new(),
            recording: false,
            expanding: false,
            frames: Vec::new(),
            last: None,
        }
    }

    /// Forgets the innermost expansions whose successors have all been seen.
    fn drop_finished_frames(&mut self) {
        while self.frames.last().is_some_and(|f| f.seen == f.len) {
            self.frames.pop();
        }
    }

    /// Marks the try of the successor `prune` saw last as pruned by `rule`.
    fn mark_last(&mut self, rule: &'static str) {
        if let Some((record, k)) = self.last {
            self.expansions[record].tries[k].pruned = Some(rule);
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
        if !std::mem::take(&mut self.expanding) {
            return;
        }
        self.drop_finished_frames();
        let record = std::mem::take(&mut self.recording).then(|| self.expansions.len() - 1);
        self.frames.push(Frame {
            record,
            len: out.len(),
            seen: 0,
        });
        let Some(record) = record else {
            return;
        };
        let tries = &mut self.expansions[record].tries;
        for i in 0..out.len() {
            let (op, words) = out.get(i);
            tries.push(Try {
                op,
                successor: Some(words.to_vec()),
                pruned: None,
            });
        }
        for (op, rule) in self.inner.rejections() {
            tries.push(Try {
                op,
                successor: None,
                pruned: Some(rule),
            });
        }
    }

    fn successor(&mut self, node: &[u64], op: OpId, out: &mut [u64]) -> bool {
        self.inner.successor(node, op, out)
    }

    fn cost(&self, op: OpId) -> u32 {
        self.inner.cost(op)
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.inner.on_expand(node, g);
        self.expanding = true;
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
        // `node` is the next successor of the innermost expansion that has
        // successors left (depth-first search has come back up to it).
        self.drop_finished_frames();
        self.last = None;
        if let Some(frame) = self.frames.last_mut() {
            let k = frame.seen;
            frame.seen += 1;
            if let Some(record) = frame.record {
                debug_assert_eq!(
                    self.expansions[record].tries[k].successor.as_deref(),
                    Some(node)
                );
                self.last = Some((record, k));
            }
        }
        if pruned {
            let rule = self.inner.pruned_by();
            self.mark_last(rule);
        }
        pruned
    }

    fn on_duplicate(&mut self, node: &[u64]) {
        self.inner.on_duplicate(node);
        self.mark_last("duplicate");
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.inner.rejections()
    }

    fn pruned_by(&self) -> &'static str {
        self.inner.pruned_by()
    }

    fn on_restart(&mut self) {
        self.frames.clear();
        self.last = None;
        self.inner.on_restart()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        self.inner.pruning_counters()
    }

    fn min_cost(&self) -> u32 {
        self.inner.min_cost()
    }

    fn is_complete(&self) -> bool {
        self.inner.is_complete()
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
    use crate::search::{Limits, Monitor, bfs, dfs};

    /// A recorded expansion as (node, [(successor, rule)]).
    type Summary = (u64, Vec<(u64, Option<&'static str>)>);

    fn summary(expansions: &[Expansion]) -> Vec<Summary> {
        expansions
            .iter()
            .map(|e| {
                let tries = e.tries.iter();
                (
                    e.node[0],
                    tries
                        .map(|t| (t.successor.as_ref().unwrap()[0], t.pruned))
                        .collect(),
                )
            })
            .collect()
    }

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

    /// Breadth-first on the number line from 1 to 4: the successors seen
    /// before are marked as duplicates, in the expansion that met them.
    #[test]
    fn breadth_first_marks_duplicates() {
        let mut g = Graph::line(5, 1, 4);
        let mut traced = Traced::new(&mut g, 10);
        let result = bfs(&mut traced, &mut Monitor::new(Limits::none()));
        let dup = Some("duplicate");
        assert_eq!(
            summary(&traced.expansions),
            [
                (1, vec![(0, None), (2, None)]),
                (0, vec![(1, dup)]),
                (2, vec![(1, dup), (3, None)]),
                (3, vec![(2, dup), (4, None)]),
            ]
        );
        assert_eq!(result.stats.duplicates, 3);
    }

    /// Depth-first search goes down into a successor before it looks at the
    /// next one, and keeps going past the recorded expansions: each mark
    /// still lands on the expansion that met the successor. From 2 on the
    /// number line, with 3 pruned by the space and a cycle check: 2 expands
    /// 1, which expands 0 (not recorded), whose only successor 1 is on the
    /// path; back at 1, its successor 2 is on the path; back at 2, 3 is
    /// pruned. The target 4 is never reached.
    #[test]
    fn depth_first_marks_land_on_the_right_expansion() {
        let mut g = Graph::line(5, 2, 4);
        g.vetoed = vec![3];
        let mut traced = Traced::new(&mut g, 2);
        let result = dfs(
            &mut traced,
            Some(10),
            true,
            &mut Monitor::new(Limits::none()),
        );
        assert_eq!(result.stats.expanded, 3);
        assert_eq!(result.stats.duplicates, 2);
        assert_eq!(
            summary(&traced.expansions),
            [
                (2, vec![(1, None), (3, Some("subsumed"))]),
                (1, vec![(0, None), (2, Some("duplicate"))]),
            ]
        );
    }
}
