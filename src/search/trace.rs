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
//! search does, and counts each successor off as `prune` sees it. Lazy search
//! is different: it puts (parent, operator) pairs on its open list and applies
//! the operator ([`SearchSpace::successor`]) only when it takes the pair off,
//! in the open list's order. There the wrapper finds the try by the parent's
//! record and the operator.
//!
//! Each expansion also remembers the try that led to it (its *parent*), so
//! that the record can be drawn as the tree the search grew: the try the
//! search accepted last for that node before expanding it. Breadth-first and
//! best-first search expand a node long after they generated it, and depth-first
//! search right after; either way no accepted try for the same node comes in
//! between (a later one would be a duplicate, or, in A*, a cheaper path that
//! reopens the node, which is then the parent indeed). The start node has none,
//! also when iterative deepening starts again from it.
//!
//! A heuristic search also reports each node it evaluates
//! ([`SearchSpace::on_evaluate`]): the record keeps `h` of each expansion and
//! of each successor evaluated when generated (eager search; lazy search
//! evaluates a node when it takes it from the open list, just before it
//! expands it). Blind searches record none.
//!
//! The record is plain data; the command line turns it into text, Sokoban
//! boards, a Graphviz graph, or a web page.

use super::{SearchSpace, Successors};
use crate::task::OpId;
use crate::util::hash::FastMap;

/// What the heuristics said of a node the search evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// One estimate per heuristic (the lazy searches take two in turn).
    Estimates(Vec<u32>),
    /// A heuristic proved that no plan goes through the node.
    DeadEnd,
    /// Width-based search (IW): the node's novelty `w` as a table of width
    /// `width` measures it (`w = width + 1`: more than `width`).
    Novelty { w: u32, width: u32 },
}

impl Evaluation {
    fn of(h: Option<&[u32]>) -> Self {
        h.map_or(Evaluation::DeadEnd, |h| Evaluation::Estimates(h.to_vec()))
    }
}

/// What became of one operator tried at an expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    pub op: OpId,
    /// The successor's words, if the operator produced one.
    pub successor: Option<Vec<u64>>,
    /// The rule that discarded it (`invariant`, `subsumed`, ...), if any.
    pub pruned: Option<&'static str>,
    /// `h` of the successor, if the search evaluated it when it generated it.
    pub h: Option<Evaluation>,
}

/// One expansion: the node, its cost so far, and what was tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    pub node: Vec<u64>,
    pub g: u32,
    /// `h` of the node, if the search evaluated it.
    pub h: Option<Evaluation>,
    pub tries: Vec<Try>,
    /// The try that led to this node, as (expansion, try) indices into the
    /// record; `None` for the start node.
    pub parent: Option<(usize, usize)>,
}

/// A try, as (expansion, try) indices into the record.
type TryAt = (usize, usize);

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
    /// For each recorded successor the search accepted, the try that did so
    /// last (the parent of its expansion, if it comes).
    accepted: FastMap<Vec<u64>, TryAt>,
    /// What `accepted` held for the successor `prune` saw last, so that a
    /// duplicate (accepted by `prune`, then dropped) can be taken back.
    undo: Option<(Vec<u64>, Option<TryAt>)>,
    /// The next expansion is of the start node (the search began or began again).
    at_start: bool,
    /// What the search's heuristics said of the nodes evaluated while
    /// recording, for their expansions to come.
    evaluated: FastMap<Vec<u64>, Evaluation>,
    /// Whether the search applies operators one at a time (lazy search), so
    /// that `prune` sees successors in the open list's order, not by frame.
    lazy: bool,
    /// The parent and operator of the successor lazy search applied last.
    applied: Option<(Vec<u64>, OpId)>,
    /// The last record of each node expanded while recording.
    records: FastMap<Vec<u64>, usize>,
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
            accepted: FastMap::default(),
            undo: None,
            at_start: true,
            evaluated: FastMap::default(),
            lazy: false,
            applied: None,
            records: FastMap::default(),
        }
    }

    /// The try of the successor `prune` is looking at, if it is recorded:
    /// the next one of the innermost frame, or in lazy search the try of the
    /// operator just applied at its parent's record.
    fn next_try(&mut self, node: &[u64]) -> Option<TryAt> {
        if self.lazy {
            let (parent, op) = self.applied.take()?;
            let record = *self.records.get(&parent)?;
            let k = (self.expansions[record].tries.iter())
                .position(|t| t.op == op && t.successor.as_deref() == Some(node))?;
            return Some((record, k));
        }
        self.drop_finished_frames();
        let frame = self.frames.last_mut()?;
        let k = frame.seen;
        frame.seen += 1;
        let record = frame.record?;
        debug_assert_eq!(
            self.expansions[record].tries[k].successor.as_deref(),
            Some(node)
        );
        Some((record, k))
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
    super::delegate!(inner =>
        words, start, is_target, cost, operator_between, rejections, pruned_by,
        pruning_counters, min_cost, is_complete, goal_facts, plan_from_path, bytes
    );

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        self.inner.successors(node, out);
        if !std::mem::take(&mut self.expanding) {
            return;
        }
        let record = std::mem::take(&mut self.recording).then(|| self.expansions.len() - 1);
        if let Some(record) = record {
            self.records.insert(node.to_vec(), record);
        }
        if !self.lazy {
            self.drop_finished_frames();
            self.frames.push(Frame {
                record,
                len: out.len(),
                seen: 0,
            });
        }
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
                h: None,
            });
        }
        for (op, rule) in self.inner.rejections() {
            tries.push(Try {
                op,
                successor: None,
                pruned: Some(rule),
                h: None,
            });
        }
    }

    fn successor(&mut self, node: &[u64], op: OpId, out: &mut [u64]) -> bool {
        if !self.lazy {
            self.lazy = true;
            self.frames.clear();
        }
        self.applied = Some((node.to_vec(), op));
        self.inner.successor(node, op, out)
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.inner.on_expand(node, g);
        self.expanding = true;
        self.recording = self.expansions.len() < self.limit;
        let at_start = std::mem::take(&mut self.at_start);
        if self.recording {
            let parent = match at_start {
                true => None,
                false => self.accepted.get(node).copied(),
            };
            self.expansions.push(Expansion {
                node: node.to_vec(),
                g,
                h: self.evaluated.get(node).cloned(),
                tries: Vec::new(),
                parent,
            });
        } else if !self.accepted.is_empty()
            || !self.evaluated.is_empty()
            || !self.records.is_empty()
        {
            // Past the record, no expansion needs a parent or `h` any more.
            self.accepted = FastMap::default();
            self.evaluated = FastMap::default();
            self.records = FastMap::default();
        }
    }

    fn on_evaluate(&mut self, node: &[u64], h: Option<&[u32]>) {
        self.inner.on_evaluate(node, h);
        if self.expansions.len() >= self.limit {
            return;
        }
        let evaluation = Evaluation::of(h);
        // Eager search evaluates the successor `prune` has just let through.
        if let Some((record, k)) = self.last {
            let tried = &mut self.expansions[record].tries[k];
            if tried.successor.as_deref() == Some(node) {
                tried.h = Some(evaluation.clone());
            }
        }
        self.evaluated.insert(node.to_vec(), evaluation);
    }

    fn on_novelty(&mut self, node: &[u64], w: u32, width: u32, pruned: bool) {
        self.inner.on_novelty(node, w, width, pruned);
        if self.expansions.len() >= self.limit {
            return;
        }
        let evaluation = Evaluation::Novelty { w, width };
        if let Some((record, k)) = self.last {
            let tried = &mut self.expansions[record].tries[k];
            if tried.successor.as_deref() == Some(node) {
                tried.h = Some(evaluation.clone());
            }
        }
        if !pruned {
            self.evaluated.insert(node.to_vec(), evaluation);
            return;
        }
        // Pruned after `prune` let it through: take the acceptance back.
        self.mark_last("novelty");
        match self.undo.take() {
            Some((key, Some(before))) => {
                self.accepted.insert(key, before);
            }
            Some((key, None)) => {
                self.accepted.remove(&key);
            }
            None => {}
        }
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        let pruned = self.inner.prune(node, g);
        self.undo = None;
        self.last = self.next_try(node);
        if pruned {
            let rule = self.inner.pruned_by();
            self.mark_last(rule);
        } else if let Some(at) = self.last {
            let before = self.accepted.insert(node.to_vec(), at);
            self.undo = Some((node.to_vec(), before));
        }
        pruned
    }

    fn on_duplicate(&mut self, node: &[u64]) {
        self.inner.on_duplicate(node);
        self.mark_last("duplicate");
        match self.undo.take() {
            Some((key, Some(before))) => {
                self.accepted.insert(key, before);
            }
            Some((key, None)) => {
                self.accepted.remove(&key);
            }
            None => {}
        }
    }

    fn on_restart(&mut self) {
        self.frames.clear();
        self.applied = None;
        self.last = None;
        self.undo = None;
        self.at_start = true;
        self.inner.on_restart()
    }
}

#[cfg(test)]
mod tests;
