//! Search nodes: how each stored node was reached.
//!
//! The registry stores *what* a node is; the node arena stores *how the search
//! got there*: the parent node and `g`, the cost of the cheapest path found to
//! it (in 2 bytes while every `g` is below 65,535, as on most tasks). Both are indexed by the same [`NodeId`], so following parents from a
//! target back to the start (whose parent is [`NodeId::NONE`]) and reversing
//! gives the path.
//!
//! The operator applied to the parent is not stored. A plan needs it only
//! for the few nodes of the path found, and the space finds it again there:
//! among the parent's successors, the cheapest operator that leads to the
//! child ([`SearchSpace::operator_between`]). This saves 4 bytes a
//! node, on millions of nodes, for a few dozen successor generations per
//! plan. If the parent's `g` fell since the child was reached (a cheaper
//! path to the parent was found and the child was not reached again from
//! it), the operator found is still applicable and leads to the child: the
//! plan is valid, and costs at most the child's `g`.
//!
//! Example: start `0`, then `1 = apply(0, inc)`, `2 = apply(1, inc)`: the
//! arena holds `[(NONE, 0), (0, 1), (1, 2)]`, the nodes of `2`'s path are
//! `[0, 1, 2]`, and the space finds `inc` between each pair: `[inc, inc]`.

use super::SearchSpace;
use super::chunked::{Chunked, Narrowed};
use super::registry::{OutOfMemory, StateRegistry};
use crate::task::OpId;
use crate::util::limits::Footprint;

/// Dense id of a node in the [`super::StateRegistry`] and the [`NodeArena`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl crate::util::bits::BitIndex for NodeId {
    #[inline]
    fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    fn from_index(i: usize) -> Self {
        NodeId(i as u32)
    }
}

impl NodeId {
    /// The parent of the start node.
    pub const NONE: NodeId = NodeId(u32::MAX);

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How a node was reached (stored in 6 bytes while `g` fits 2, else 8;
/// see [`NodeArena`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchNode {
    pub parent: NodeId,
    /// Cost of the cheapest path found so far.
    pub g: u32,
}

const _: () = assert!(std::mem::size_of::<NodeId>() == 4);
const _: () = assert!(std::mem::size_of::<SearchNode>() == 8);

/// The search nodes, indexed by [`NodeId`]: the parents and the `g` values
/// in two arrays (in chunks: growing never copies them, see
/// `src/search/chunked.rs`), `g` in 2 bytes while it fits (`Narrowed`).
#[derive(Clone, Debug, Default)]
pub struct NodeArena {
    parents: Chunked<NodeId>,
    g: Narrowed,
}

impl NodeArena {
    pub fn new() -> Self {
        NodeArena::default()
    }

    /// Appends the node for the next id (the id the registry just handed out).
    #[inline]
    pub fn push(&mut self, node: SearchNode) -> Result<(), OutOfMemory> {
        self.parents.push(node.parent)?;
        self.g.push(node.g)
    }

    #[inline]
    pub fn get(&self, id: NodeId) -> SearchNode {
        SearchNode {
            parent: self.parents.get(id.index()),
            g: self.g.get(id.index()),
        }
    }

    /// The cost of the cheapest path found to `id`.
    #[inline]
    pub fn g(&self, id: NodeId) -> u32 {
        self.g.get(id.index())
    }

    /// Replaces node `id` (a cheaper path to it).
    #[inline]
    pub fn set(&mut self, id: NodeId, node: SearchNode) -> Result<(), OutOfMemory> {
        *self.parents.get_mut(id.index()) = node.parent;
        self.g.set(id.index(), node.g)
    }

    pub fn len(&self) -> usize {
        self.parents.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// The nodes from the start node to `id`, in order (both included).
    pub fn path_nodes(&self, mut id: NodeId) -> Vec<NodeId> {
        let mut nodes = vec![id];
        // A parent chain is at most as long as the arena; the bound guards
        // against a cycle that a buggy algorithm might have made.
        for _ in 0..=self.parents.len() {
            let parent = self.parents.get(id.index());
            if parent == NodeId::NONE {
                break;
            }
            nodes.push(parent);
            id = parent;
        }
        nodes.reverse();
        nodes
    }

    /// The operators from the start node to `id`, in the order applied,
    /// found again by `space` between each node of the path and the next
    /// (see the module docs); `registry` holds the nodes' words.
    pub fn path<S: SearchSpace + ?Sized>(
        &self,
        id: NodeId,
        registry: &StateRegistry,
        space: &mut S,
    ) -> Vec<OpId> {
        let nodes = self.path_nodes(id);
        let (mut from, mut to) = (vec![0; registry.words()], vec![0; registry.words()]);
        let mut ops = Vec::with_capacity(nodes.len().saturating_sub(1));
        for pair in nodes.windows(2) {
            registry.get(pair[0], &mut from);
            registry.get(pair[1], &mut to);
            let op = space.operator_between(&from, &to);
            ops.push(op.expect("a stored node is a successor of its parent"));
        }
        ops
    }

    pub fn bytes(&self) -> usize {
        self.footprint().total
    }

    /// The chunks held, and the next one.
    pub fn footprint(&self) -> Footprint {
        self.parents.footprint().and(self.g.footprint())
    }
}

#[cfg(test)]
mod tests;
