//! Subsumption: remembering expanded subgoal sets so that harder ones can be
//! skipped.
//!
//! In regression, a subgoal set `G'` that contains an already expanded set `E`
//! (`E ⊆ G'`), reached at no greater cost (`g(E) <= g(G')`), is at least as hard
//! as `E`: every plan that achieves `G'` from the initial state also achieves
//! `E`. So `G'` can be pruned without losing any plan, nor any optimal one.
//!
//! The question "is some stored set a subset of `G'`?" must not scan every
//! stored set. A *set-trie* (Savnik 2013) stores each set as the path of its
//! sorted elements from the root; a subset query walks only the paths made of
//! elements of the query. Each node remembers the cheapest `g` of a set ending
//! there.
//!
//! Example: after storing `{1, 4}` at g = 2 and `{2}` at g = 5, the query
//! `{1, 3, 4}` with g = 3 follows `1` then `4` and finds `{1, 4}` (2 <= 3): it is
//! subsumed. The query `{2, 3}` with g = 4 finds `{2}`, but at g = 5 > 4: kept.

use rustc_hash::FxHashMap;

/// No set ends at this node.
const NONE: u32 = u32::MAX;

/// A set-trie over `u32` elements, with the cheapest cost of each stored set.
#[derive(Debug)]
pub struct SetTrie {
    /// `(node, element) -> child`.
    children: FxHashMap<(u32, u32), u32>,
    /// For each node, the least `g` of a set ending there, or [`NONE`].
    best_g: Vec<u32>,
    /// Sets stored (inserting the same set again counts once).
    len: usize,
}

impl Default for SetTrie {
    fn default() -> Self {
        SetTrie {
            children: FxHashMap::default(),
            best_g: vec![NONE],
            len: 0,
        }
    }
}

impl SetTrie {
    /// Stores `set` (sorted, no duplicates) reached at cost `g`, keeping the
    /// cheaper cost if it is already there.
    pub fn insert(&mut self, set: &[u32], g: u32) {
        let mut node = 0u32;
        for &e in set {
            let next = self.best_g.len() as u32;
            node = *self.children.entry((node, e)).or_insert_with(|| next);
            if node == next {
                self.best_g.push(NONE);
            }
        }
        let slot = &mut self.best_g[node as usize];
        if *slot == NONE {
            self.len += 1;
        }
        *slot = (*slot).min(g);
    }

    /// Whether some stored set with cost `<= g` is a subset of `query` (sorted).
    pub fn contains_subset(&self, query: &[u32], g: u32) -> bool {
        self.search(0, query, g)
    }

    fn search(&self, node: u32, rest: &[u32], g: u32) -> bool {
        if self.best_g[node as usize] <= g {
            return true;
        }
        for (i, &e) in rest.iter().enumerate() {
            if let Some(&child) = self.children.get(&(node, e))
                && self.search(child, &rest[i + 1..], g)
            {
                return true;
            }
        }
        false
    }

    /// Number of distinct sets stored.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every set (iterative deepening starts each iteration afresh).
    pub fn clear(&mut self) {
        self.children.clear();
        self.best_g.clear();
        self.best_g.push(NONE);
        self.len = 0;
    }

    /// Approximate bytes held.
    pub fn bytes(&self) -> usize {
        self.children.capacity() * 16 + self.best_g.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_example() {
        let mut trie = SetTrie::default();
        trie.insert(&[1, 4], 2);
        trie.insert(&[2], 5);
        assert!(trie.contains_subset(&[1, 3, 4], 3));
        assert!(!trie.contains_subset(&[2, 3], 4));
        assert!(trie.contains_subset(&[2, 3], 5));
        assert!(!trie.contains_subset(&[1, 3], 10));
        assert_eq!(trie.len(), 2);
    }

    #[test]
    fn the_empty_set_subsumes_everything_and_cheaper_costs_win() {
        let mut trie = SetTrie::default();
        assert!(!trie.contains_subset(&[], 0));
        trie.insert(&[3, 7], 9);
        trie.insert(&[3, 7], 4);
        assert_eq!(trie.len(), 1);
        assert!(trie.contains_subset(&[3, 7], 4));
        trie.insert(&[], 6);
        assert!(trie.contains_subset(&[0], 6));
        assert!(!trie.contains_subset(&[0], 5));
    }

    /// Against a brute-force list of stored sets, on pseudo-random sets.
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
            let mut s: Vec<u32> = (0..rand(6)).map(|_| rand(12) as u32).collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        let mut trie = SetTrie::default();
        let mut stored: Vec<(Vec<u32>, u32)> = Vec::new();
        for _ in 0..400 {
            let s = random_set(&mut rand);
            let g = rand(10) as u32;
            let q = random_set(&mut rand);
            let qg = rand(10) as u32;
            let expected = stored
                .iter()
                .any(|(t, tg)| *tg <= qg && t.iter().all(|e| q.binary_search(e).is_ok()));
            assert_eq!(trie.contains_subset(&q, qg), expected, "{q:?} at {qg}");
            trie.insert(&s, g);
            stored.push((s, g));
        }
    }
}
