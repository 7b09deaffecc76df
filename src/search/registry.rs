//! The state registry: every distinct node stored once, under a dense id.
//!
//! Duplicate detection asks, for each generated node, "have I seen this one
//! before, and under which id?". Fast Downward answers with a *state registry*:
//! all packed states live back to back in one arena, a state's id is its index
//! there, and a hash set of ids finds a state by its contents. planbox does the
//! same. Nodes are stored packed (see [`Packing`]): with `p` packed words per
//! node, node `i` is `arena[i * p .. (i + 1) * p]`, and the hash table stores
//! only the 4-byte id.
//!
//! Example: with one word per node, inserting `[5]`, `[9]`, `[5]` returns
//! `(0, new)`, `(1, new)`, `(0, seen)`, and the arena is `[5, 9]`.
//!
//! The table is a `hashbrown::HashTable` (the SwissTable behind
//! `std::collections::HashMap`, used without its key type so that the keys can
//! stay in the arena) with foldhash's fixed-seed fast hasher, one multiply per
//! word. Each slot costs 5 bytes: the id and a control byte holding 7 bits of
//! the hash, so a lookup reads the arena only on a 7-bit match. When the table
//! is full, it is rebuilt at twice the capacity by re-inserting the ids in
//! order, which reads the arena sequentially. Both structures grow with
//! `try_reserve`: a refused allocation is reported as [`Stop::Memory`] instead
//! of aborting the process.
//!
//! A doubling is the one step of a search that can take long: at 100 million
//! nodes it re-inserts them all, tens of seconds of cache misses. So a
//! registry given the search's deadline ([`StateRegistry::with_deadline`])
//! looks at the clock every [`CLOCK_EVERY`] ids while it grows, and past the
//! deadline gives the doubling up with [`Stop::Time`]: the old table stays
//! whole, and the search stops at its time limit instead of a doubling
//! later.
//!
//! The other node tables wrap this one: the transposition table
//! ([`super::transposition`]) adds the cheapest `g` per id, and depth-first
//! search (`dfs`) keeps the nodes of its current path in one, used
//! as a stack ([`StateRegistry::pop`]).
//!
//! Memory per stored node: `8 * p` bytes of arena plus 5 bytes per table slot,
//! at a load between 7/16 and 7/8 (`5 / load` bytes per node). The arena is
//! kept in chunks of 65,536 nodes ([`super::chunked::Rows`], Fast Downward's
//! segmented vector): it grows a chunk at a time and never copies, so a
//! search under a memory limit can fill what the limit leaves.

use super::chunked::Rows;
use super::node::NodeId;
use super::packing::Packing;
use crate::util::hash::FastBuildHasher;
use crate::util::limits::{Footprint, Stop, cpu_limit_reached, cpu_time};
use hashbrown::HashTable;
use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

/// While the table grows, the clock is read once every this many ids.
pub const CLOCK_EVERY: u32 = 1 << 16;

/// An allocation for the search's own structures was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

/// Stores each distinct node once, packed, and hands out dense ids `0, 1, 2, ...`.
#[derive(Clone, Debug)]
pub struct StateRegistry {
    packing: Packing,
    len: u32,
    /// The packed nodes, one row each, in chunks (growing never copies them).
    arena: Rows,
    table: HashTable<u32>,
    hasher: FastBuildHasher,
    /// The packed form of the node being inserted or looked up.
    scratch: Vec<u64>,
    /// The process CPU time past which a doubling of the table gives up.
    deadline: Option<Duration>,
}

/// Whether two nodes are equal, word by word (short slices: faster than memcmp).
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl StateRegistry {
    /// An empty registry for nodes of `words` words, stored as they are.
    pub fn new(words: usize) -> Self {
        StateRegistry::with_packing(Packing::identity(words))
    }

    /// An empty registry that stores nodes packed by `packing`.
    pub fn with_packing(packing: Packing) -> Self {
        let packed = packing.packed_words();
        StateRegistry {
            packing,
            len: 0,
            arena: Rows::new(packed),
            table: HashTable::new(),
            hasher: FastBuildHasher::with_seed(SEED),
            scratch: vec![0; packed],
            deadline: None,
        }
    }

    /// The registry, made to give a doubling of the table up with
    /// [`Stop::Time`] once the process's CPU time ([`cpu_time`]) passes
    /// `deadline` or the CPU-time limit is signalled (see the module docs).
    /// Without it, or with `None`, every doubling finishes. A search passes
    /// its monitor's [`deadline`](crate::util::limits::Monitor::deadline).
    pub fn with_deadline(mut self, deadline: Option<Duration>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Number of nodes stored.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Words of an (unpacked) node.
    pub fn words(&self) -> usize {
        self.packing.words()
    }

    /// The packed words of node `id`.
    #[inline]
    fn packed(&self, id: u32) -> &[u64] {
        self.arena.get(id as usize)
    }

    /// Writes the words of node `id` into `out` (`words()` long).
    #[inline]
    pub fn get(&self, id: NodeId, out: &mut [u64]) {
        self.packing.unpack(self.packed(id.0), out);
    }

    /// The words of node `id`, as a new vector.
    pub fn to_vec(&self, id: NodeId) -> Vec<u64> {
        let mut out = vec![0; self.words()];
        self.get(id, &mut out);
        out
    }

    #[inline]
    fn hash(&self, packed: &[u64]) -> u64 {
        hash_words(&self.hasher, packed)
    }

    /// The id of the node packed in `self.scratch`, if stored.
    #[inline]
    fn find_scratch(&self, hash: u64) -> Option<u32> {
        let (arena, node) = (&self.arena, &self.scratch);
        self.table
            .find(hash, |&id| same(arena.get(id as usize), node))
            .copied()
    }

    /// The id of `node` if it is stored.
    pub fn lookup(&mut self, node: &[u64]) -> Option<NodeId> {
        self.packing.pack(node, &mut self.scratch);
        self.find_scratch(self.hash(&self.scratch)).map(NodeId)
    }

    /// Stores `node` unless it is already stored. Returns its id and whether it
    /// is new. Fails with [`Stop::Memory`] when an allocation is refused and
    /// with [`Stop::Time`] when a doubling of the table passes the deadline;
    /// either way the registry is left as it was.
    #[inline]
    pub fn insert(&mut self, node: &[u64]) -> Result<(NodeId, bool), Stop> {
        debug_assert_eq!(node.len(), self.words());
        self.packing.pack(node, &mut self.scratch);
        self.insert_scratch()
    }

    /// [`insert`](Self::insert) for a successor `child` of the stored node
    /// `parent`, whose words are `parent_words`: packs only the facts in which
    /// the two differ, starting from the parent's packed words.
    #[inline]
    pub fn insert_successor(
        &mut self,
        parent: NodeId,
        parent_words: &[u64],
        child: &[u64],
    ) -> Result<(NodeId, bool), Stop> {
        debug_assert_eq!(child.len(), self.words());
        if self.packing.packs_by_copy() {
            self.packing.pack(child, &mut self.scratch);
        } else {
            (self.scratch).copy_from_slice(self.arena.get(parent.index()));
            self.packing.repack(parent_words, child, &mut self.scratch);
        }
        self.insert_scratch()
    }

    /// Stores the node packed in `self.scratch` unless it is already stored.
    #[inline]
    fn insert_scratch(&mut self) -> Result<(NodeId, bool), Stop> {
        let hash = self.hash(&self.scratch);
        if let Some(id) = self.find_scratch(hash) {
            return Ok((NodeId(id), false));
        }
        if self.len == NodeId::NONE.0 {
            return Err(Stop::Memory);
        }
        if self.table.len() == self.table.capacity() {
            self.grow_table()?;
        }
        self.arena.push(&self.scratch)?;
        let id = self.len;
        let (arena, hasher) = (&self.arena, &self.hasher);
        self.table
            .insert_unique(hash, id, |&id| hash_words(hasher, arena.get(id as usize)));
        self.len += 1;
        Ok((NodeId(id), true))
    }

    /// Replaces the table by one of twice the capacity, inserting the ids in
    /// increasing order (so the arena is read front to back). Past the
    /// deadline, gives up and keeps the old table.
    #[cold]
    fn grow_table(&mut self) -> Result<(), Stop> {
        let want = (self.table.capacity() * 2).max(16);
        let mut table = HashTable::new();
        table
            .try_reserve(want, |_: &u32| 0)
            .map_err(|_| Stop::Memory)?;
        let (arena, hasher) = (&self.arena, &self.hasher);
        let hash_of = |id: &u32| hash_words(hasher, arena.get(*id as usize));
        for id in 0..self.len {
            if id % CLOCK_EVERY == 0 && self.past_deadline() {
                return Err(Stop::Time);
            }
            table.insert_unique(hash_of(&id), id, hash_of);
        }
        self.table = table;
        Ok(())
    }

    /// Whether the deadline (or the signalled CPU-time limit) has passed.
    fn past_deadline(&self) -> bool {
        cpu_limit_reached() || self.deadline.is_some_and(|d| cpu_time() >= d)
    }

    /// Forgets every node, keeping the allocations: ids start again at 0.
    pub fn clear(&mut self) {
        self.arena.truncate(0);
        self.table.clear();
        self.len = 0;
    }

    /// Forgets the node stored last, for a registry used as a stack (the
    /// nodes on the path of depth-first search).
    pub fn pop(&mut self) {
        let Some(id) = self.len.checked_sub(1) else {
            return;
        };
        let hash = self.hash(self.packed(id));
        if let Ok(entry) = self.table.find_entry(hash, |&i| i == id) {
            entry.remove();
        }
        self.arena.truncate(id as usize);
        self.len = id;
    }

    /// Bytes held by the arena and the table.
    pub fn bytes(&self) -> usize {
        self.arena_bytes() + self.table_bytes()
    }

    /// Bytes held by the arena of node words.
    fn arena_bytes(&self) -> usize {
        self.arena.footprint().total
    }

    /// Bytes held by the hash table.
    fn table_bytes(&self) -> usize {
        self.table.allocation_size()
    }

    /// The arena (an array) and the table, for the memory limit.
    pub fn footprint(&self) -> Footprint {
        (self.arena.footprint()).and(Footprint::table(self.table_bytes()))
    }
}

/// The seed of the registry's hasher (fixed: the same runs give the same
/// table layouts).
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash under which the registry files a node's packed `words` (for
/// benches that weigh it against other hashes).
pub fn hash_node(words: &[u64]) -> u64 {
    hash_words(&FastBuildHasher::with_seed(SEED), words)
}

/// foldhash's hash of `words`.
#[inline]
fn hash_words(state: &FastBuildHasher, words: &[u64]) -> u64 {
    let mut h = state.build_hasher();
    for &w in words {
        h.write_u64(w);
    }
    h.finish()
}

#[cfg(test)]
mod tests;
