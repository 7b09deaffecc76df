//! Open lists: which node a best-first search expands next.
//!
//! A [`TieBreaking`] list keeps one first-in-first-out bucket per key and always
//! pops from the bucket with the smallest key, as Fast Downward's
//! `tiebreaking` open list does (a map from keys to deques). Keys are triples
//! compared lexicographically, so A* can order by `(f, h, t)`: smallest `f`
//! first, among equal `f` the smallest `h` (the node that looks closest to the
//! goal), among equal `h` the smallest tie-breaker `t` (a second estimate, 0
//! when the heuristic has none), and then the node that was pushed first.
//!
//! Example: pushing `a` with `(3, 1, 0)`, `b` with `(2, 5, 0)`, `c` with
//! `(3, 1, 0)` pops `b`, `a`, `c`.
//!
//! Among entries with equal keys, first-in-first-out explores a plateau of
//! equal estimates breadth-first: every node of it at one depth before any
//! deeper one. [`Ties::Lifo`] pops the newest entry instead, so a greedy
//! search dives through a plateau depth-first, following the last node it
//! reached (the *depth-biased* tie-breaking studied by Asai and Fukunaga for
//! plateaus). In the example, last-in-first-out pops `b`, `c`, `a`.
//!
//! An [`Alternation`] list holds two bucket queues, one for every node and one
//! for the nodes reached by a *preferred operator* (one the heuristic marked as
//! useful, such as h^FF's helpful actions), and pops from them in turn, as Fast
//! Downward's `alt` open list does: it takes from the queue that has been popped
//! fewer times, the all-nodes queue on a tie, skipping an empty queue.

use super::node::NodeId;
use super::registry::OutOfMemory;
use crate::util::limits::Footprint;
use std::collections::{BTreeMap, VecDeque};

/// The key of an open-list entry; smaller is expanded first.
pub type Key = (u64, u32, u32);

/// Which of the entries with equal keys is popped first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The oldest (first in, first out), as Fast Downward's open lists do.
    #[default]
    Fifo,
    /// The newest (last in, first out).
    Lifo,
}

/// A min-priority queue of node ids; ties are broken by [`Ties`].
#[derive(Clone, Debug, Default)]
pub struct TieBreaking {
    buckets: BTreeMap<Key, VecDeque<NodeId>>,
    len: usize,
    capacity: usize,
    /// The largest capacity a bucket has grown to (it may have been emptied
    /// since: an upper bound on the next growth).
    largest: usize,
    ties: Ties,
}

impl TieBreaking {
    #[inline]
    pub fn push(&mut self, key: Key, id: NodeId) -> Result<(), OutOfMemory> {
        let bucket = self.buckets.entry(key).or_default();
        if bucket.len() == bucket.capacity() {
            grow(bucket, &mut self.capacity, &mut self.largest)?;
        }
        bucket.push_back(id);
        self.len += 1;
        Ok(())
    }

    /// An empty queue that breaks ties by `ties`.
    pub fn with_ties(ties: Ties) -> Self {
        TieBreaking {
            ties,
            ..TieBreaking::default()
        }
    }

    /// The smallest key and the oldest (or, [`Ties::Lifo`], newest) node
    /// under it.
    #[inline]
    pub fn pop(&mut self) -> Option<(Key, NodeId)> {
        let mut entry = self.buckets.first_entry()?;
        let key = *entry.key();
        let id = match self.ties {
            Ties::Fifo => entry.get_mut().pop_front(),
            Ties::Lifo => entry.get_mut().pop_back(),
        };
        if entry.get().is_empty() {
            self.capacity -= entry.get().capacity();
            entry.remove();
        }
        self.len -= 1;
        id.map(|id| (key, id))
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held, roughly: the deques plus a map node per bucket.
    pub fn bytes(&self) -> usize {
        self.capacity * 4 + self.buckets.len() * 64
    }

    /// The bytes held, and the growth of one bucket: each bucket is an array
    /// of its own, so the largest one (at most all of them) bounds it.
    pub fn footprint(&self) -> Footprint {
        Footprint {
            total: self.bytes(),
            growth: self.largest.min(self.capacity) * 4,
        }
    }
}

/// Doubles a full `bucket`, adding what it grew by to `capacity` and keeping
/// `largest` the largest capacity a bucket has had (out of line: the hot
/// `push` stays small).
#[cold]
fn grow(
    bucket: &mut VecDeque<NodeId>,
    capacity: &mut usize,
    largest: &mut usize,
) -> Result<(), OutOfMemory> {
    let before = bucket.capacity();
    bucket.try_reserve(1).map_err(|_| OutOfMemory)?;
    *capacity += bucket.capacity() - before;
    *largest = (*largest).max(bucket.capacity());
    Ok(())
}

/// Two bucket queues, all nodes and preferred nodes, popped in turn.
#[derive(Clone, Debug, Default)]
pub struct Alternation {
    pub all: TieBreaking,
    pub preferred: TieBreaking,
    pops: [u64; 2],
}

impl Alternation {
    pub fn new() -> Self {
        Alternation::default()
    }

    /// Two empty queues that break ties by `ties`.
    pub fn with_ties(ties: Ties) -> Self {
        Alternation {
            all: TieBreaking::with_ties(ties),
            preferred: TieBreaking::with_ties(ties),
            pops: [0; 2],
        }
    }

    /// Pops from the queue with fewer pops so far (the all-nodes queue on a tie).
    pub fn pop(&mut self) -> Option<(Key, NodeId)> {
        let take_preferred =
            !self.preferred.is_empty() && (self.all.is_empty() || self.pops[1] < self.pops[0]);
        if take_preferred {
            self.pops[1] += 1;
            self.preferred.pop()
        } else {
            self.pops[0] += 1;
            self.all.pop()
        }
    }

    pub fn footprint(&self) -> Footprint {
        self.all.footprint().and(self.preferred.footprint())
    }
}

/// Several bucket queues popped in turn, some of them only for preferred
/// nodes, with *boosting* (Fast Downward's `alt` open list as LAMA uses it):
/// each queue has a priority, the number of times it was popped; the
/// non-empty queue with the lowest priority is popped next (the first on a
/// tie). [`Sublists::boost_preferred`] lowers the priority of the preferred
/// queues, so that after progress (a better estimate) the search follows
/// preferred operators for a while.
///
/// Example: queues `[all_h1, all_h2, pref_h1, pref_h2]` popped in turn;
/// a boost of 1000 makes the two preferred queues take the next 2000 pops
/// between them (while they hold nodes).
#[derive(Clone, Debug, Default)]
pub struct Sublists {
    pub queues: Vec<TieBreaking>,
    /// Whether queue `i` holds preferred nodes only.
    preferred_only: Vec<bool>,
    priority: Vec<i64>,
}

impl Sublists {
    /// One queue per entry of `preferred_only`, first-in-first-out on ties.
    pub fn new(preferred_only: Vec<bool>) -> Self {
        Sublists {
            queues: vec![TieBreaking::default(); preferred_only.len()],
            priority: vec![0; preferred_only.len()],
            preferred_only,
        }
    }

    /// Pops from the non-empty queue with the lowest priority.
    pub fn pop(&mut self) -> Option<(Key, NodeId)> {
        let best = (0..self.queues.len())
            .filter(|&i| !self.queues[i].is_empty())
            .min_by_key(|&i| self.priority[i])?;
        self.priority[best] += 1;
        self.queues[best].pop()
    }

    /// Makes the preferred queues `amount` pops more urgent.
    pub fn boost_preferred(&mut self, amount: i64) {
        for (p, &only) in self.priority.iter_mut().zip(&self.preferred_only) {
            if only {
                *p -= amount;
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.queues.iter().all(TieBreaking::is_empty)
    }

    pub fn footprint(&self) -> Footprint {
        (self.queues.iter())
            .map(TieBreaking::footprint)
            .fold(Footprint::default(), Footprint::and)
    }
}

/// One bucket queue per cell of feature space, popped in turn: each pop
/// takes the best node of the next non-empty cell after the one popped last
/// (in ascending cell order, wrapping around), so every cell gets the same
/// share of the expansions however good its nodes look (Festival's feature
/// space search cycles through its cells this way).
///
/// Example: cells 1 and 4 hold nodes with keys `[5, 6]` and `[9]`; pops take
/// 5 (cell 1), 9 (cell 4), 6 (cell 1).
#[derive(Clone, Debug, Default)]
pub struct Cells {
    cells: BTreeMap<u32, TieBreaking>,
    /// The cell popped last.
    last: Option<u32>,
    ties: Ties,
}

impl Cells {
    /// No cells yet; each cell's queue breaks ties by `ties`.
    pub fn with_ties(ties: Ties) -> Self {
        Cells {
            ties,
            ..Cells::default()
        }
    }

    pub fn push(&mut self, cell: u32, key: Key, id: NodeId) -> Result<(), OutOfMemory> {
        let ties = self.ties;
        self.cells
            .entry(cell)
            .or_insert_with(|| TieBreaking::with_ties(ties))
            .push(key, id)
    }

    /// Pops the best node of the cell after the last one popped.
    pub fn pop(&mut self) -> Option<(Key, NodeId)> {
        let cell = *self
            .last
            .and_then(|last| last.checked_add(1))
            .and_then(|after| self.cells.range(after..).next())
            .or_else(|| self.cells.iter().next())?
            .0;
        self.last = Some(cell);
        let queue = self.cells.get_mut(&cell)?;
        let popped = queue.pop();
        if queue.is_empty() {
            self.cells.remove(&cell);
        }
        popped
    }

    pub fn footprint(&self) -> Footprint {
        let mut footprint = (self.cells.values())
            .map(TieBreaking::footprint)
            .fold(Footprint::default(), Footprint::and);
        footprint.total += self.cells.len() * 64;
        footprint
    }
}

#[cfg(test)]
mod tests;
