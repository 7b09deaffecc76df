//! Fast Downward's successor generator: a decision tree over preconditions.
//!
//! Write each operator's preconditions as a list of literals (fact `f` true, or
//! fact `f` false for a negative precondition), sorted rarest first (see
//! [`super::literal_keys`]; Fast Downward sorts by variable instead). Operators that share a
//! first literal share a branch, and so on down the lists: the tree is a trie of
//! precondition lists. A tree node holds
//!
//! * the operators whose whole list ends here (they apply if the state got here),
//! * edges `(literal, child)`, one per distinct next literal.
//!
//! A state walks from the root, descending into every edge whose literal holds.
//! Operators without preconditions sit at the root.
//!
//! Example: `a` = `[0]`, `b` = `[0, 1]`, `c` = `[2]`, `d` = `[0, not 3]`:
//!
//! ```text
//! root ─ 0 ─ node {a} ─ 1 ───── node {b}
//!      │              └ not 3 ─ node {d}
//!      └ 2 ─ node {c}
//! ```
//!
//! Fast Downward's tree switches on multi-valued variables (one vector lookup
//! per variable); planbox's facts are binary, so a node's edges are a flat list
//! of literals, each one bit test. The tree is stored flat: nodes and edges live
//! in two vectors and refer to each other by index.

use super::{Lit, SuccessorGenerator, holds, literal_keys, ordered_preconditions};
use crate::task::{OpId, Task};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Operators whose preconditions are all tested on the path to this node:
    /// `ops[ops_start..ops_end]`.
    ops_start: u32,
    ops_end: u32,
    /// Outgoing edges: `edges[edges_start..edges_end]`.
    edges_start: u32,
    edges_end: u32,
}

#[derive(Clone, Copy, Debug)]
struct Edge {
    lit: Lit,
    child: u32,
}

/// The decision tree successor generator.
#[derive(Clone, Debug)]
pub struct DecisionTree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    ops: Vec<OpId>,
    stack: Vec<u32>,
}

impl SuccessorGenerator for DecisionTree {
    fn new(task: &Task) -> Self {
        let lits = ordered_preconditions(task);
        let keys = literal_keys(task);
        let mut tree = DecisionTree {
            nodes: Vec::new(),
            edges: Vec::new(),
            ops: Vec::new(),
            stack: Vec::new(),
        };
        let all: Vec<u32> = (0..task.operators.len() as u32).collect();
        tree.build(&lits, &keys, all, 0);
        tree
    }

    #[inline]
    fn applicable(&mut self, state: &[u64], out: &mut Vec<OpId>) {
        let first = out.len();
        self.stack.clear();
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let node = self.nodes[n as usize];
            out.extend_from_slice(&self.ops[node.ops_start as usize..node.ops_end as usize]);
            for e in &self.edges[node.edges_start as usize..node.edges_end as usize] {
                if holds(state, e.lit) {
                    self.stack.push(e.child);
                }
            }
        }
        out[first..].sort_unstable();
    }

    fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.edges.capacity() * std::mem::size_of::<Edge>()
            + self.ops.capacity() * 4
    }
}

impl DecisionTree {
    /// Builds the node for operators `group`, whose first `depth` literals are
    /// tested on the way here; returns its index.
    fn build(
        &mut self,
        lits: &[Vec<Lit>],
        keys: &[(u64, Lit)],
        group: Vec<u32>,
        depth: usize,
    ) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            ops_start: 0,
            ops_end: 0,
            edges_start: 0,
            edges_end: 0,
        });
        let mut by_next: BTreeMap<(u64, Lit), Vec<u32>> = BTreeMap::new();
        let ops_start = self.ops.len() as u32;
        for op in group {
            match lits[op as usize].get(depth) {
                None => self.ops.push(OpId(op)),
                Some(&lit) => by_next.entry(keys[lit as usize]).or_default().push(op),
            }
        }
        let ops_end = self.ops.len() as u32;
        // Reserve this node's edges contiguously, then build the children.
        let edges_start = self.edges.len() as u32;
        let lits_here: Vec<Lit> = by_next.keys().map(|&(_, lit)| lit).collect();
        for &lit in &lits_here {
            self.edges.push(Edge { lit, child: 0 });
        }
        let edges_end = self.edges.len() as u32;
        for (i, (_, ops)) in by_next.into_iter().enumerate() {
            let child = self.build(lits, keys, ops, depth + 1);
            self.edges[edges_start as usize + i].child = child;
        }
        self.nodes[index as usize] = Node {
            ops_start,
            ops_end,
            edges_start,
            edges_end,
        };
        index
    }
}

#[cfg(test)]
mod tests;
