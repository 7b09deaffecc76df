//! The bucket queue: the priority queue behind every Dijkstra-style
//! exploration over small integer keys.
//!
//! h^max, h^add and LM-cut all settle facts in order of increasing cost, like
//! Dijkstra's algorithm. Costs are small integers, so Fast Downward keeps the
//! open facts in a *bucket queue*: bucket `k` holds the facts pushed with cost
//! `k`, and popping scans upwards from the lowest bucket that may be non-empty.
//! A push and a pop then cost O(1) plus the scan over empty buckets, which in a
//! whole run is at most the largest key.
//!
//! Example: push `(3, f7)`, `(1, f2)`, `(3, f5)`; pops give `(1, f2)`, then the
//! two facts of bucket 3 (last in, first out within a bucket), then `None`.
//! The entries may be any small copyable items (facts here; cells, nodes).
//!
//! (A search's open list, whose keys are triples and whose buckets are
//! first-in-first-out, is [`crate::search::open_list::TieBreaking`].)
//!
//! Sums of action costs (h^add) can be far larger than the number of facts, and
//! then the scan over empty buckets would dominate. Keys at or above `limit` go
//! to a binary heap instead, which is popped only once all buckets are empty
//! (every bucket key is below every heap key, so the order stays correct). Fast
//! Downward's `AdaptiveQueue` switches to a heap for the same reason.
//!
//! Entries are not removed when a fact gets cheaper: the caller pushes the fact
//! again and skips the stale entry when it pops a key above the fact's cost.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A min-priority queue of items `T` keyed by `u32` costs; see the module docs.
#[derive(Clone, Debug)]
pub struct BucketQueue<T> {
    /// `buckets[k]` holds the facts pushed with key `k < limit`.
    buckets: Vec<Vec<T>>,
    /// Entries with keys `>= limit`.
    overflow: BinaryHeap<Reverse<(u32, T)>>,
    /// No bucket below this index holds an entry.
    current: usize,
    len: usize,
    limit: u32,
}

impl<T: Copy + Ord> BucketQueue<T> {
    /// An empty queue that keeps keys below `limit` in buckets. The buckets are
    /// allocated lazily, up to the largest key pushed, and reused across runs.
    pub fn new(limit: u32) -> Self {
        BucketQueue {
            buckets: Vec::new(),
            overflow: BinaryHeap::new(),
            current: 0,
            len: 0,
            limit,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every entry, keeping the allocated capacity.
    pub fn clear(&mut self) {
        if self.len > 0 {
            let from = self.current.min(self.buckets.len());
            for bucket in &mut self.buckets[from..] {
                bucket.clear();
            }
            self.overflow.clear();
            self.len = 0;
        }
        self.current = self.buckets.len();
    }

    /// Adds `fact` with priority `key`. Keys need not be monotone, though
    /// Dijkstra-style callers never push below the last popped key.
    #[inline]
    pub fn push(&mut self, key: u32, fact: T) {
        if key < self.limit {
            let k = key as usize;
            if k >= self.buckets.len() {
                self.buckets.resize_with(k + 1, Vec::new);
            }
            self.buckets[k].push(fact);
            self.current = self.current.min(k);
        } else {
            self.overflow.push(Reverse((key, fact)));
        }
        self.len += 1;
    }

    /// Removes and returns an entry with the smallest key.
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, T)> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        while self.current < self.buckets.len() {
            if let Some(fact) = self.buckets[self.current].pop() {
                return Some((self.current as u32, fact));
            }
            self.current += 1;
        }
        self.overflow.pop().map(|Reverse(entry)| entry)
    }
}

#[cfg(test)]
mod tests;
