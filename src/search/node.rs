//! Search nodes: how each stored node was reached.
//!
//! The registry stores *what* a node is; the node arena stores *how the search
//! got there*: the parent node, the operator applied to the parent, and `g`, the
//! cost of that path. Both are indexed by the same [`NodeId`], so following
//! parents from a target back to the start (whose parent is [`NodeId::NONE`])
//! and reversing gives the path.
//!
//! Example: start `0`, then `1 = apply(0, inc)`, `2 = apply(1, inc)`: the arena
//! holds `[(NONE, -, 0), (0, inc, 1), (1, inc, 2)]` and `path(2) = [inc, inc]`.

use super::chunked::Chunked;
use super::registry::OutOfMemory;
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

/// How a node was reached: 12 bytes per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchNode {
    pub parent: NodeId,
    /// The operator applied to `parent` (meaningless for the start node).
    pub op: OpId,
    /// Cost of the cheapest path found so far.
    pub g: u32,
}

const _: () = assert!(std::mem::size_of::<NodeId>() == 4);
const _: () = assert!(std::mem::size_of::<SearchNode>() == 12);

/// The search nodes, indexed by [`NodeId`] (in chunks: growing never
/// copies them, see `src/search/chunked.rs`).
#[derive(Clone, Debug, Default)]
pub struct NodeArena {
    nodes: Chunked<SearchNode>,
}

impl NodeArena {
    pub fn new() -> Self {
        NodeArena::default()
    }

    /// Appends the node for the next id (the id the registry just handed out).
    #[inline]
    pub fn push(&mut self, node: SearchNode) -> Result<(), OutOfMemory> {
        self.nodes.push(node)
    }

    #[inline]
    pub fn get(&self, id: NodeId) -> SearchNode {
        self.nodes.get(id.index())
    }

    #[inline]
    pub fn get_mut(&mut self, id: NodeId) -> &mut SearchNode {
        self.nodes.get_mut(id.index())
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The operators from the start node to `id`, in the order applied.
    pub fn path(&self, mut id: NodeId) -> Vec<OpId> {
        let mut ops = Vec::new();
        // A parent chain is at most as long as the arena; the bound guards
        // against a cycle that a buggy algorithm might have made.
        for _ in 0..=self.nodes.len() {
            let node = self.nodes.get(id.index());
            if node.parent == NodeId::NONE {
                break;
            }
            ops.push(node.op);
            id = node.parent;
        }
        ops.reverse();
        ops
    }

    pub fn bytes(&self) -> usize {
        self.footprint().total
    }

    /// The chunks held, and the next one.
    pub fn footprint(&self) -> Footprint {
        self.nodes.footprint()
    }
}

#[cfg(test)]
mod tests;
