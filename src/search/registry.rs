//! The state registry: every distinct node stored once, under a dense id.
//!
//! Duplicate detection asks, for each generated node, "have I seen this one
//! before, and under which id?". Fast Downward answers with a *state registry*:
//! all packed states live back to back in one arena, a state's id is its index
//! there, and a hash set of ids finds a state by its contents. planbox does the
//! same. With `w` words per node, node `i` is `arena[i * w .. (i + 1) * w]`, and
//! the hash table stores 8 bytes per node: the id and 32 bits of the node's hash.
//!
//! Example: with one word per node, inserting `[5]`, `[9]`, `[5]` returns
//! `(0, new)`, `(1, new)`, `(0, seen)`, and the arena is `[5, 9]`.
//!
//! The table is a `hashbrown::HashTable` (the SwissTable behind
//! `std::collections::HashMap`, used without its key type so that the keys can
//! stay in the arena) with foldhash's fixed-seed fast hasher, one multiply per
//! word. Both grow with `try_reserve`: a refused allocation is reported as
//! [`OutOfMemory`] instead of aborting the process.

use super::node::NodeId;
use foldhash::fast::FixedState;
use hashbrown::HashTable;
use std::hash::{BuildHasher, Hasher};

/// An allocation for the search's own structures was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

/// Stores each distinct node once and hands out dense ids `0, 1, 2, ...`.
///
/// A table entry packs a node's id (low 32 bits) with 32 bits of its hash (high
/// 32 bits). Growing the table then needs no access to the arena, and a lookup
/// compares a node's words only when the stored hash bits match.
#[derive(Clone, Debug)]
pub struct StateRegistry {
    words: usize,
    len: u32,
    arena: Vec<u64>,
    table: HashTable<u64>,
    hasher: FixedState,
}

/// The full table hash of a table entry, from its stored 32 hash bits.
#[inline]
fn entry_hash(entry: u64) -> u64 {
    let h = entry >> 32;
    h << 32 | h
}

/// Whether two nodes are equal, word by word (short slices: faster than memcmp).
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl StateRegistry {
    /// An empty registry for nodes of `words` words.
    pub fn new(words: usize) -> Self {
        StateRegistry {
            words,
            len: 0,
            arena: Vec::new(),
            table: HashTable::new(),
            hasher: FixedState::with_seed(0x9e37_79b9_7f4a_7c15),
        }
    }

    /// Number of nodes stored.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The words of node `id`.
    #[inline]
    pub fn get(&self, id: NodeId) -> &[u64] {
        let start = id.index() * self.words;
        &self.arena[start..start + self.words]
    }

    /// The table entry for a node with hash bits `h32`, if the node is stored.
    #[inline]
    fn find(&self, h32: u64, node: &[u64]) -> Option<u32> {
        let (arena, w) = (&self.arena, self.words);
        self.table
            .find(entry_hash(h32 << 32), |&e| {
                e >> 32 == h32 && {
                    let id = (e & 0xffff_ffff) as usize;
                    same(&arena[id * w..(id + 1) * w], node)
                }
            })
            .map(|&e| e as u32)
    }

    /// The id of `node` if it is stored.
    pub fn lookup(&self, node: &[u64]) -> Option<NodeId> {
        self.find(hash_words(&self.hasher, node), node).map(NodeId)
    }

    /// Stores `node` unless it is already stored. Returns its id and whether it
    /// is new.
    #[inline]
    pub fn insert(&mut self, node: &[u64]) -> Result<(NodeId, bool), OutOfMemory> {
        debug_assert_eq!(node.len(), self.words);
        let h32 = hash_words(&self.hasher, node);
        if let Some(id) = self.find(h32, node) {
            return Ok((NodeId(id), false));
        }
        if self.len == NodeId::NONE.0 {
            return Err(OutOfMemory);
        }
        self.arena
            .try_reserve(self.words)
            .map_err(|_| OutOfMemory)?;
        self.table
            .try_reserve(1, |&e| entry_hash(e))
            .map_err(|_| OutOfMemory)?;
        self.arena.extend_from_slice(node);
        let id = self.len;
        let entry = h32 << 32 | u64::from(id);
        self.table
            .insert_unique(entry_hash(entry), entry, |&e| entry_hash(e));
        self.len += 1;
        Ok((NodeId(id), true))
    }

    /// Bytes held by the arena and the table.
    pub fn bytes(&self) -> usize {
        self.arena_bytes() + self.table_bytes()
    }

    /// Bytes held by the arena of node words.
    pub fn arena_bytes(&self) -> usize {
        self.arena.capacity() * 8
    }

    /// Bytes held by the hash table.
    pub fn table_bytes(&self) -> usize {
        self.table.allocation_size()
    }
}

/// 32 bits of foldhash's hash of `words`.
#[inline]
fn hash_words(state: &FixedState, words: &[u64]) -> u64 {
    let mut h = state.build_hasher();
    for &w in words {
        h.write_u64(w);
    }
    h.finish() >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_each_node_once_under_dense_ids() {
        let mut r = StateRegistry::new(1);
        assert_eq!(r.insert(&[5]), Ok((NodeId(0), true)));
        assert_eq!(r.insert(&[9]), Ok((NodeId(1), true)));
        assert_eq!(r.insert(&[5]), Ok((NodeId(0), false)));
        assert_eq!(r.len(), 2);
        assert_eq!(r.get(NodeId(1)), &[9]);
        assert_eq!(r.lookup(&[9]), Some(NodeId(1)));
        assert_eq!(r.lookup(&[7]), None);
    }

    #[test]
    fn survives_growth_with_multi_word_nodes() {
        let mut r = StateRegistry::new(3);
        for i in 0..10_000u64 {
            let node = [i, i.wrapping_mul(31), !i];
            assert_eq!(r.insert(&node), Ok((NodeId(i as u32), true)));
        }
        for i in (0..10_000u64).rev() {
            let node = [i, i.wrapping_mul(31), !i];
            assert_eq!(r.insert(&node), Ok((NodeId(i as u32), false)));
            assert_eq!(r.get(NodeId(i as u32)), &node);
        }
        assert!(r.bytes() >= 10_000 * 3 * 8);
    }

    #[test]
    fn zero_word_nodes_are_one_node() {
        let mut r = StateRegistry::new(0);
        assert_eq!(r.insert(&[]), Ok((NodeId(0), true)));
        assert_eq!(r.insert(&[]), Ok((NodeId(0), false)));
    }
}
