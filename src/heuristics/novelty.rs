//! Novelty: how new a state is among the states seen before it.
//!
//! The *novelty* of a state `s` is the size of the smallest set (tuple) of
//! facts that are all true in `s` and were never all true together in an
//! earlier state (Lipovetzky & Geffner 2012). A state that makes some fact
//! true for the first time has novelty 1; one whose facts were all seen
//! before, but which makes a *pair* of them true together for the first time,
//! has novelty 2; and so on. Width-based search keeps only the states of low
//! novelty (IW), or expands them first (BFWS).
//!
//! Example, over facts `a, b, c`: the states `{a}`, `{b}`, `{a, b}`, `{a}`
//! have novelty 1 (`a` is new), 1 (`b` is new), 2 (`{a, b}` is a new pair)
//! and more than 2 (nothing in `{a}` is new).
//!
//! # Partitions
//!
//! Novelty may be measured among the states that share a *partition*, the
//! values of other evaluators (BFWS: the number of goals not achieved and of
//! relaxed-plan facts reached). A state with fewer goals left then starts a
//! fresh partition and is novel there, whatever came before. A table answers
//! for the partition it is given, and records the state's facts in it.
//!
//! # Layout and memory
//!
//! Each partition holds one bit per fact (tuples of size 1) and, for width 2,
//! one bit per unordered pair of facts, the pair `p < q` at the triangular
//! index `q (q - 1) / 2 + p`: `n (n - 1) / 2` bits for `n` facts, 0.6 MB for
//! 3,000 facts. Partitions get their bits when they see their first state.
//! Pair bits are what fills memory, so the table takes a byte limit: a
//! partition opened when the pair bits of the partitions so far (and its own)
//! would pass the limit gets fact bits only, and answers 1 or "more than 2"
//! ([`Novelty::More`]): a state that only a new pair would have made novel
//! is treated as not novel. [`NoveltyCounts::without_pairs`] says how often
//! that happened.
//!
//! Answering costs one bit test per true fact and, for width 2, one per pair
//! of true facts: `m (m - 1) / 2` for a state of `m` facts. The state's new
//! tuples are recorded in the same pass.

use crate::util::bits;
use crate::util::hash::FastMap;
use crate::util::limits::Footprint;

/// The novelty of a state, as far as a table of width 1 or 2 measures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Novelty {
    /// A fact of the state is new (in its partition).
    One = 1,
    /// No fact is new, but a pair of the state's facts is.
    Two = 2,
    /// No tuple of the table's width is new (or the partition keeps no pair
    /// bits, see the module docs).
    More = 3,
}

impl Novelty {
    /// 1, 2 or 3 (more than 2), the value search orders nodes by.
    pub fn value(self) -> u32 {
        self as u32
    }
}

/// What a table has answered and holds, for the search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoveltyCounts {
    /// States answered with novelty 1, 2, and more than the table measures
    /// (indices 0, 1, 2).
    pub levels: [u64; 3],
    /// The table's width (1 or 2); 0 for the counts of tables of both
    /// widths added together (SIW, Dual-BFWS), whose "more" is more than
    /// each state's own table measured.
    pub width: u32,
    /// Partitions that have seen a state.
    pub partitions: u64,
    /// Partitions opened without pair bits, because of the byte limit.
    pub without_pairs: u64,
    /// Bytes of fact and pair bits held.
    pub bytes: u64,
}

impl NoveltyCounts {
    /// The counts of two tables (the phases of one search) together.
    pub fn add(&mut self, other: &NoveltyCounts) {
        let empty = self.partitions == 0 && self.levels == [0; 3];
        self.width = match (empty, self.width == other.width) {
            (true, _) => other.width,
            (false, true) => self.width,
            (false, false) => 0,
        };
        for (a, b) in self.levels.iter_mut().zip(other.levels) {
            *a += b;
        }
        self.partitions += other.partitions;
        self.without_pairs += other.without_pairs;
        self.bytes = self.bytes.max(other.bytes);
    }
}

/// The bytes of pair bits a table keeps by default: 1 GiB.
pub const DEFAULT_BYTE_LIMIT: usize = 1 << 30;

/// A novelty table of width 1 or 2, partitioned; see the module docs.
#[derive(Clone, Debug)]
pub struct NoveltyTable {
    width: u32,
    /// Words of fact bits per partition.
    fact_words: usize,
    /// Words of pair bits per partition (0 for width 1).
    pair_words: usize,
    /// The dense index of each partition key seen.
    index: FastMap<u64, u32>,
    /// Fact bits, `fact_words` per partition, back to back.
    singles: Vec<u64>,
    /// Pair bits of each partition, if it has them.
    pairs: Vec<Option<Box<[u64]>>>,
    byte_limit: usize,
    pair_bytes: usize,
    /// The true facts of the state being answered, ascending.
    true_facts: Vec<u32>,
    counts: NoveltyCounts,
}

impl NoveltyTable {
    /// An empty table over `facts` facts, measuring tuples up to `width`
    /// (1 or 2), with pair bits up to `byte_limit` bytes.
    pub fn new(facts: usize, width: u32, byte_limit: usize) -> Self {
        assert!(
            width == 1 || width == 2,
            "novelty tables measure width 1 or 2"
        );
        let pairs = if width == 2 {
            facts * facts.saturating_sub(1) / 2
        } else {
            0
        };
        NoveltyTable {
            width,
            fact_words: bits::words_for(facts),
            pair_words: bits::words_for(pairs),
            index: FastMap::default(),
            singles: Vec::new(),
            pairs: Vec::new(),
            byte_limit,
            pair_bytes: 0,
            true_facts: Vec::new(),
            counts: NoveltyCounts {
                width,
                ..NoveltyCounts::default()
            },
        }
    }

    /// The width the table measures (1 or 2).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The novelty of `state` among the states recorded before in
    /// `partition`; records the state's facts (and pairs) there.
    pub fn evaluate(&mut self, partition: u64, state: &[u64]) -> Novelty {
        let p = self.partition(partition);
        self.true_facts.clear();
        self.true_facts.extend(bits::iter::<u32>(state));
        let singles = &mut self.singles[p * self.fact_words..(p + 1) * self.fact_words];
        let mut novelty = Novelty::More;
        for &f in &self.true_facts {
            if !bits::contains(singles, f) {
                bits::insert(singles, f);
                novelty = Novelty::One;
            }
        }
        if let Some(pairs) = &mut self.pairs[p] {
            let mut new_pair = false;
            for (j, &q) in self.true_facts.iter().enumerate() {
                let base = q as usize * (q as usize).saturating_sub(1) / 2;
                for &f in &self.true_facts[..j] {
                    let i = base + f as usize;
                    let (word, mask) = (i / 64, 1u64 << (i % 64));
                    if pairs[word] & mask == 0 {
                        pairs[word] |= mask;
                        new_pair = true;
                    }
                }
            }
            if new_pair && novelty == Novelty::More {
                novelty = Novelty::Two;
            }
        }
        self.counts.levels[novelty as usize - 1] += 1;
        novelty
    }

    /// The dense index of `key`, opening the partition if it is new.
    fn partition(&mut self, key: u64) -> usize {
        if let Some(&p) = self.index.get(&key) {
            return p as usize;
        }
        let p = self.pairs.len();
        self.index.insert(key, p as u32);
        self.singles.resize(self.singles.len() + self.fact_words, 0);
        let bytes = self.pair_words * 8;
        let pairs = if self.width == 2 && self.pair_bytes + bytes <= self.byte_limit {
            self.pair_bytes += bytes;
            Some(vec![0; self.pair_words].into_boxed_slice())
        } else {
            if self.width == 2 {
                self.counts.without_pairs += 1;
            }
            None
        };
        self.pairs.push(pairs);
        self.counts.partitions += 1;
        p
    }

    /// Bytes held by the table's bits and index.
    pub fn bytes(&self) -> usize {
        self.singles.capacity() * 8
            + self.pair_bytes
            + self.pairs.capacity() * 16
            + self.index.capacity() * 16
    }

    /// The bytes held, and the most one more state can add: a new
    /// partition's pair bits, or its fact bits when the array of them
    /// doubles.
    pub fn footprint(&self) -> Footprint {
        let pairs = if self.width == 2 {
            self.pair_words * 8
        } else {
            0
        };
        Footprint {
            total: self.bytes(),
            growth: pairs.max(self.singles.capacity() * 8),
        }
    }

    /// What the table has answered so far, and its size.
    pub fn counts(&self) -> NoveltyCounts {
        NoveltyCounts {
            bytes: self.bytes() as u64,
            ..self.counts
        }
    }
}

#[cfg(test)]
mod tests;
