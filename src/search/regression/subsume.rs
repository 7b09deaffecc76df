//! Subsumption: remembering expanded subgoal sets so that harder ones can be
//! skipped.
//!
//! In regression, a subgoal set `G'` that contains an already expanded set `E`
//! (`E ⊆ G'`), reached at no greater cost (`g(E) <= g(G')`), is at least as hard
//! as `E`: every plan that achieves `G'` from the initial state also achieves
//! `E`. So `G'` can be pruned without losing any plan, nor any optimal one.
//!
//! The question "is some stored set a subset of `G'`?" must not scan every
//! stored set. The index files each stored set under two of its elements, a
//! *first* and a *second*: its *rarest* elements. Rarity is given up front
//! (regression uses the mutex groups: a fact that excludes many others, like
//! the man's cell in Sokoban, is true in few states), with ties broken by how
//! few stored sets contain the element so far. A stored `E ⊆ G'` is filed
//! under two elements of `G'`, so a query only visits the lists keyed by pairs
//! of its own elements, rarest first. Each entry carries a 64-bit *signature* (one bit per element,
//! hashed), which rejects almost every non-subset with one `AND` before the
//! exact check.
//!
//! Pruning is optional (it only saves work), so a query also stops after a
//! fixed budget of entries and answers "not subsumed": the cost of an
//! expansion stays bounded however many sets are stored. Lists are read from
//! the newest entry back, because a subsuming set is most often a recent one
//! (a parent, or a sibling reached through the man's zero-cost moves).
//!
//! Example: after storing `{1, 4}` at g = 2 and `{2}` at g = 5, the query
//! `{1, 3, 4}` with g = 3 finds `{1, 4}` (2 <= 3): subsumed. The query `{2, 3}`
//! with g = 4 finds `{2}`, but at g = 5 > 4: kept.

use rustc_hash::FxHashMap;

/// One stored set.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Bits of the set's elements, hashed into 64.
    signature: u64,
    g: u32,
    /// Where the set's elements start in `SubsetIndex::elements`.
    start: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

/// The sets filed under one first element.
#[derive(Debug, Default)]
struct Bucket {
    /// Sets whose only element is the first element.
    single: Option<u32>,
    /// `(second element, sets)`, with `slot` to find a second element's list.
    lists: Vec<(u32, Vec<Entry>)>,
    slot: FxHashMap<u32, u32>,
}

/// Most entries a query reads before it gives up (answering "not subsumed").
pub const QUERY_BUDGET: usize = 4096;

/// An index of sets of `u32` elements answering "is a stored set with cost at
/// most `g` a subset of this set?".
#[derive(Debug, Default)]
pub struct SubsetIndex {
    /// Per element, how rare it is (larger: rarer); missing elements count 0.
    rarity: Vec<u32>,
    /// The current query's elements, rarest first (reused).
    order: Vec<u32>,
    buckets: Vec<Bucket>,
    /// How many stored sets contain each element.
    occurrences: Vec<u32>,
    /// The elements of every stored set, each set ended by `u32::MAX`.
    elements: Vec<u32>,
    len: usize,
    /// The cheapest cost of the empty set, if stored (it subsumes everything).
    empty: Option<u32>,
    /// Membership of the current query's elements, by element (reused).
    member: Vec<bool>,
    /// Queries that ran out of budget.
    cut_short: u64,
}

#[inline]
fn bit(e: u32) -> u64 {
    1 << (e.wrapping_mul(0x9e37_79b9) >> 26)
}

fn signature(set: &[u32]) -> u64 {
    set.iter().fold(0, |s, &e| s | bit(e))
}

impl SubsetIndex {
    /// An empty index whose elements have the given rarity (larger: rarer).
    pub fn with_rarity(rarity: Vec<u32>) -> Self {
        SubsetIndex {
            rarity,
            ..SubsetIndex::default()
        }
    }

    #[inline]
    fn rarity(&self, e: u32) -> u32 {
        self.rarity.get(e as usize).copied().unwrap_or(0)
    }

    /// Stores `set` (no duplicates) reached at cost `g`.
    pub fn insert(&mut self, set: &[u32], g: u32) {
        self.len += 1;
        let Some(&max) = set.iter().max() else {
            self.empty = Some(self.empty.map_or(g, |e| e.min(g)));
            return;
        };
        let n = max as usize + 1;
        if self.buckets.len() < n {
            self.buckets.resize_with(n, Bucket::default);
            self.occurrences.resize(n, 0);
        }
        // The two rarest elements (ties: the smaller element).
        let (occurrences, rarity) = (&self.occurrences, &self.rarity);
        let key = |e: &u32| {
            let r = rarity.get(*e as usize).copied().unwrap_or(0);
            (std::cmp::Reverse(r), occurrences[*e as usize], *e)
        };
        let first = set
            .iter()
            .copied()
            .min_by_key(key)
            .expect("invariant: non-empty");
        let second = set.iter().copied().filter(|&e| e != first).min_by_key(key);
        for &e in set {
            self.occurrences[e as usize] += 1;
        }
        let bucket = &mut self.buckets[first as usize];
        let Some(second) = second else {
            bucket.single = Some(bucket.single.map_or(g, |s| s.min(g)));
            return;
        };
        let start = self.elements.len() as u32;
        self.elements.extend_from_slice(set);
        self.elements.push(u32::MAX);
        let entry = Entry {
            signature: signature(set),
            g,
            start,
        };
        let slot = *bucket.slot.entry(second).or_insert_with(|| {
            bucket.lists.push((second, Vec::new()));
            bucket.lists.len() as u32 - 1
        });
        bucket.lists[slot as usize].1.push(entry);
    }

    /// Whether some stored set with cost `<= g` is a subset of `query`
    /// (within `QUERY_BUDGET` entries read).
    pub fn contains_subset(&mut self, query: &[u32], g: u32) -> bool {
        if self.empty.is_some_and(|e| e <= g) {
            return true;
        }
        if self.len == 0 {
            return false;
        }
        let n = query.iter().max().map_or(0, |&m| m as usize + 1);
        if self.member.len() < n {
            self.member.resize(n, false);
        }
        for &e in query {
            self.member[e as usize] = true;
        }
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend_from_slice(query);
        order.sort_unstable_by_key(|&e| (std::cmp::Reverse(self.rarity(e)), e));
        let found = self.search(&order, g, signature(query));
        self.order = order;
        for &e in query {
            self.member[e as usize] = false;
        }
        found
    }

    /// `query` holds the query's elements, rarest first.
    fn search(&mut self, query: &[u32], g: u32, sig: u64) -> bool {
        let mut budget = QUERY_BUDGET;
        for &first in query {
            let Some(bucket) = self.buckets.get(first as usize) else {
                continue;
            };
            if bucket.single.is_some_and(|s| s <= g) {
                return true;
            }
            // Visit the lists keyed by the query's elements: through the slot
            // map when the bucket has more lists than the query has elements.
            let scan = |list: &[Entry], budget: &mut usize| -> Option<bool> {
                for entry in list.iter().rev() {
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    if entry.g > g || entry.signature & !sig != 0 {
                        continue;
                    }
                    let subset = self.elements[entry.start as usize..]
                        .iter()
                        .take_while(|&&x| x != u32::MAX)
                        .all(|&x| self.member.get(x as usize).copied().unwrap_or(false));
                    if subset {
                        return Some(true);
                    }
                }
                Some(false)
            };
            let outcome = if bucket.lists.len() <= query.len() {
                bucket
                    .lists
                    .iter()
                    .filter(|(second, _)| self.member.get(*second as usize) == Some(&true))
                    .map(|(_, list)| scan(list, &mut budget))
                    .find(|r| *r != Some(false))
            } else {
                query
                    .iter()
                    .filter_map(|e| bucket.slot.get(e))
                    .map(|&slot| scan(&bucket.lists[slot as usize].1, &mut budget))
                    .find(|r| *r != Some(false))
            };
            match outcome {
                Some(Some(true)) => return true,
                Some(None) => {
                    self.cut_short += 1;
                    return false;
                }
                _ => {}
            }
        }
        false
    }

    /// Number of sets stored.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Queries that stopped at the budget.
    pub fn cut_short(&self) -> u64 {
        self.cut_short
    }

    /// Removes every set (iterative deepening starts each iteration afresh).
    pub fn clear(&mut self) {
        self.buckets.clear();
        self.occurrences.clear();
        self.elements.clear();
        self.len = 0;
        self.empty = None;
    }

    /// Approximate bytes held.
    pub fn bytes(&self) -> usize {
        let lists: usize = self
            .buckets
            .iter()
            .map(|b| {
                b.lists
                    .iter()
                    .map(|(_, l)| l.capacity() * 16 + 32)
                    .sum::<usize>()
                    + b.slot.capacity() * 12
                    + 64
            })
            .sum();
        lists + self.elements.capacity() * 4 + self.occurrences.capacity() * 4 + self.member.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_example() {
        let mut index = SubsetIndex::default();
        index.insert(&[1, 4], 2);
        index.insert(&[2], 5);
        assert!(index.contains_subset(&[1, 3, 4], 3));
        assert!(!index.contains_subset(&[2, 3], 4));
        assert!(index.contains_subset(&[2, 3], 5));
        assert!(!index.contains_subset(&[1, 3], 10));
        assert_eq!(index.len(), 2);
    }

    #[test]
    fn the_empty_set_subsumes_everything_and_cheaper_costs_win() {
        let mut index = SubsetIndex::default();
        assert!(!index.contains_subset(&[], 0));
        index.insert(&[3, 7], 9);
        index.insert(&[3, 7], 4);
        assert!(index.contains_subset(&[3, 7], 4));
        index.insert(&[], 6);
        assert!(index.contains_subset(&[0], 6));
        assert!(index.contains_subset(&[5], 6));
        assert!(!index.contains_subset(&[5], 5));
        index.clear();
        assert!(!index.contains_subset(&[3, 7], 100));
    }

    /// Against a brute-force list of stored sets, on pseudo-random sets (few
    /// enough that the budget never cuts a query short).
    #[test]
    fn agrees_with_a_scan_of_all_sets() {
        let mut seed = 0x1234_5678_u64;
        let mut rand = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let random_set = |rand: &mut dyn FnMut(u64) -> u64| {
            let mut s: Vec<u32> = (0..rand(7)).map(|_| rand(16) as u32).collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        let mut index = SubsetIndex::default();
        let mut stored: Vec<(Vec<u32>, u32)> = Vec::new();
        for _ in 0..3000 {
            let s = random_set(&mut rand);
            let g = rand(10) as u32;
            let q = random_set(&mut rand);
            let qg = rand(10) as u32;
            let expected = stored
                .iter()
                .any(|(t, tg)| *tg <= qg && t.iter().all(|e| q.binary_search(e).is_ok()));
            assert_eq!(index.contains_subset(&q, qg), expected, "{q:?} at {qg}");
            index.insert(&s, g);
            stored.push((s, g));
        }
        assert_eq!(index.cut_short(), 0);
    }
}
