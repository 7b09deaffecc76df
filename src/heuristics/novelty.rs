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
//! one bit per unordered pair of facts. The pairs `(p, q)`, `p < q`, of one
//! fact `q` make its *row*, bit `p` of `⌈q / 64⌉` words, and the rows lie
//! back to back: about `n² / 2` bits for `n` facts, 0.6 MB for 3,000 facts.
//! Partitions get their bits when they see their first state. Pair bits are
//! what fills memory, so the table takes a byte limit: a partition opened
//! when the pair bits of the partitions so far (and its own) would pass the
//! limit gets fact bits only, and answers 1 or "more than 2"
//! ([`Novelty::More`]): a state that only a new pair would have made novel
//! is treated as not novel. [`NoveltyCounts::without_pairs`] says how often
//! that happened.
//!
//! Answering costs one bit test per true fact and, for width 2, the pairs
//! of true facts, tested the cheaper of two ways: one at a time, `m (m - 1)
//! / 2` for a state of `m` facts; or row by row, where the state's own bits
//! below `q` are the pairs it holds with `q`, so that row `q` takes `⌈q /
//! 64⌉` word operations (a state of 200 facts among 2,000: 20,000 tests or
//! about 3,000 words). The state's new tuples are recorded in the same pass.
//! A successor in its parent's partition needs only the pairs that hold a
//! fact its operator added ([`NoveltyTable::evaluate_successor`]).

use crate::task::FactId;
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
    /// Where each fact's row of pairs starts, in words (`n + 1` entries;
    /// empty for width 1).
    rows: Box<[u32]>,
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
    /// The partition of the last state answered.
    last: u32,
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
        let mut rows = Vec::new();
        if width == 2 {
            let mut start = 0u32;
            for q in 0..facts {
                rows.push(start);
                start += bits::words_for(q) as u32;
            }
            rows.push(start);
        }
        NoveltyTable {
            width,
            fact_words: bits::words_for(facts),
            pair_words: rows.last().map_or(0, |&w| w as usize),
            rows: rows.into_boxed_slice(),
            index: FastMap::default(),
            singles: Vec::new(),
            pairs: Vec::new(),
            byte_limit,
            pair_bytes: 0,
            true_facts: Vec::new(),
            last: 0,
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
        self.last = p as u32;
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
            let facts = &self.true_facts;
            let row_words: usize = (facts.iter()).map(|&q| bits::words_for(q as usize)).sum();
            let pair_tests = facts.len() * facts.len().saturating_sub(1) / 2;
            let mut new_pair = false;
            if row_words < pair_tests {
                // Row by row: the state's bits below `q` are its pairs with `q`.
                for &q in facts {
                    let start = self.rows[q as usize] as usize;
                    let len = bits::words_for(q as usize);
                    for (k, row) in pairs[start..start + len].iter_mut().enumerate() {
                        let below = q as usize - 64 * k;
                        let held = if below >= 64 {
                            state[k]
                        } else {
                            state[k] & ((1u64 << below) - 1)
                        };
                        new_pair |= held & !*row != 0;
                        *row |= held;
                    }
                }
            } else {
                for (j, &q) in facts.iter().enumerate() {
                    for &f in &facts[..j] {
                        new_pair |= record_pair(pairs, &self.rows, f, q);
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

    /// The novelty of `state`, a successor of a state this table answered in
    /// the partition numbered `parent` ([`Self::last_partition`]), reached by
    /// an operator that adds `added`; the same answer as [`Self::evaluate`].
    ///
    /// When the successor falls in its parent's partition, every fact and
    /// pair of the parent is recorded there already. A tuple of the
    /// successor that the parent lacks holds a fact the parent lacks, and
    /// that fact was added. So only the added facts, and the pairs that hold
    /// one, need testing: `|added| · m` tests instead of `m (m - 1) / 2`
    /// (LAPKT's novelty tables take the same shortcut). In another
    /// partition the whole state is tested.
    pub fn evaluate_successor(
        &mut self,
        partition: u64,
        state: &[u64],
        parent: u32,
        added: &[FactId],
    ) -> Novelty {
        let p = self.partition(partition);
        if p as u32 != parent {
            return self.evaluate(partition, state);
        }
        self.last = p as u32;
        let singles = &mut self.singles[p * self.fact_words..(p + 1) * self.fact_words];
        let mut novelty = Novelty::More;
        for &a in added {
            if bits::contains(state, a.0) && !bits::contains(singles, a.0) {
                bits::insert(singles, a.0);
                novelty = Novelty::One;
            }
        }
        if let Some(pairs) = &mut self.pairs[p] {
            self.true_facts.clear();
            self.true_facts.extend(bits::iter::<u32>(state));
            let mut new_pair = false;
            for &a in added.iter().filter(|a| bits::contains(state, a.0)) {
                for &f in self.true_facts.iter().filter(|&&f| f != a.0) {
                    new_pair |= record_pair(pairs, &self.rows, f.min(a.0), f.max(a.0));
                }
            }
            if new_pair && novelty == Novelty::More {
                novelty = Novelty::Two;
            }
        }
        self.counts.levels[novelty as usize - 1] += 1;
        novelty
    }

    /// The number of the partition the last state answered fell in, for
    /// [`Self::evaluate_successor`] on its successors.
    pub fn last_partition(&self) -> u32 {
        self.last
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

/// Records the pair `p < q` in `pairs`, bit `p` of `q`'s row (which starts
/// at word `rows[q]`); whether it was new.
fn record_pair(pairs: &mut [u64], rows: &[u32], p: u32, q: u32) -> bool {
    let i = rows[q as usize] as usize * 64 + p as usize;
    let (word, mask) = (i / 64, 1u64 << (i % 64));
    let new = pairs[word] & mask == 0;
    pairs[word] |= mask;
    new
}

#[cfg(test)]
mod tests;
