//! Subsumption: remembering expanded subgoal sets so that harder ones can be
//! skipped.
//!
//! In regression, a subgoal set `G'` that contains an already expanded set `E`
//! (`E ⊆ G'`), reached at no greater cost (`g(E) <= g(G')`), is at least as hard
//! as `E`: every plan that achieves `G'` from the initial state also achieves
//! `E`. So `G'` can be pruned without losing any plan, nor any optimal one.
//!
//! The question "is some stored set a subset of `G'`?" must not scan every
//! stored set. The index is a *burst trie*. Each stored set is written as a
//! path of its elements in one fixed order, rarest first, and filed at the
//! shallowest node of that path that still has room. A node holds up to 256
//! sets; when it is full, it *bursts*: its sets move one level down, each
//! under its next element, and so do the sets that come later (a set whose
//! path ends at the node stays there). Every node on the path of a stored
//! `E ⊆ G'` is keyed by an element of `G'`, so a query only walks down
//! through its own elements, and reads the sets of the nodes it meets.
//!
//! The order decides how selective the walk is. Rarity comes first: it is
//! given up front (regression uses the mutex groups: a fact that excludes
//! many others, like the man's cell or a box's cell in Sokoban, holds in few
//! states), so the top levels split sets by where the man and the boxes are.
//! Ties go to the smaller element, the same for every set, so that sets with
//! the same rare facts share one path. (Breaking ties by how often each
//! element had been stored so far made the order drift as the store grew,
//! scattered such sets over many nodes, and made queries twice as slow on
//! Sokoban opt08 p13.) Each set carries a 64-bit *signature* (one bit per
//! element, hashed), which rejects almost every non-subset with one `AND`
//! before the exact check.
//!
//! Pruning is optional (it only saves work), so a query also stops after a
//! fixed budget of entries and answers "not subsumed", a guard that no query
//! reached on Sokoban opt08 p07 and p13. A node's sets are read from the
//! newest back, because a subsuming set is often a recent one (a parent, or a
//! sibling reached through the man's zero-cost moves).
//!
//! Example: after storing `{1, 4}` at g = 2 and `{2}` at g = 5, the query
//! `{1, 3, 4}` with g = 3 finds `{1, 4}` (2 <= 3): subsumed. The query `{2, 3}`
//! with g = 4 finds `{2}`, but at g = 5 > 4: kept.

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

/// Sets filed under a path of elements (their rarest ones, in order). A node
/// keeps up to `BURST` sets itself; once full, they go one level down, filed
/// under their next element, and so do the sets that come later.
#[derive(Debug, Default)]
struct Node {
    entries: Vec<Entry>,
    /// Whether the node has been full: its sets are in its children (but
    /// those that end here).
    burst: bool,
    /// The children's elements, ascending, and the children in that order.
    keys: Vec<u32>,
    children: Vec<Node>,
}

impl Node {
    /// The child filed under `next`, made if missing.
    fn child(&mut self, next: u32, node_bytes: &mut usize) -> &mut Node {
        let i = match self.keys.binary_search(&next) {
            Ok(i) => i,
            Err(i) => {
                *node_bytes += 4 + std::mem::size_of::<Node>();
                self.keys.insert(i, next);
                self.children.insert(i, Node::default());
                i
            }
        };
        &mut self.children[i]
    }
}

/// Most sets a node holds before it bursts. A node visited costs a few cache
/// misses, a set read in it a few nanoseconds: the inserts and queries of
/// Sokoban opt08 p13 (A* h_max, 1.78M sets stored), replayed against the
/// index alone, take 6.3, 4.4, 3.5 and 4.0 s with 8, 32, 256 and 1,024.
const BURST: usize = 256;

/// Most entries a query reads before it gives up (answering "not subsumed").
pub const QUERY_BUDGET: usize = 4096;

/// An index of sets of `u32` elements answering "is a stored set with cost at
/// most `g` a subset of this set?".
#[derive(Debug, Default)]
pub struct SubsetIndex {
    /// Per element, how rare it is (larger: rarer); missing elements count 0.
    rarity: Vec<u32>,
    /// The elements of the set being stored, rarest first (reused).
    order: Vec<u32>,
    /// The top level, by first element.
    roots: Vec<Node>,
    /// The elements of every stored set, each set ended by `u32::MAX`.
    elements: Vec<u32>,
    len: usize,
    /// The cheapest cost of the empty set, if stored (it subsumes everything).
    empty: Option<u32>,
    /// Membership of the current query's elements, by element (reused).
    member: Vec<bool>,
    /// Queries that ran out of budget.
    cut_short: u64,
    /// Bytes of the entries and nodes below the roots (kept as sets come:
    /// walking the nodes to count them would cost more than the queries).
    node_bytes: usize,
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

    /// Stores `set` (no duplicates) reached at cost `g`.
    pub fn insert(&mut self, set: &[u32], g: u32) {
        self.len += 1;
        let Some(&max) = set.iter().max() else {
            self.empty = Some(self.empty.map_or(g, |e| e.min(g)));
            return;
        };
        let n = max as usize + 1;
        if self.roots.len() < n {
            self.roots.resize_with(n, Node::default);
        }
        // Rarest first, ties to the smaller element.
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend_from_slice(set);
        let rarity = &self.rarity;
        order.sort_unstable_by_key(|&e| {
            let r = rarity.get(e as usize).copied().unwrap_or(0);
            (std::cmp::Reverse(r), e)
        });
        let entry = Entry {
            signature: signature(set),
            g,
            start: self.elements.len() as u32,
        };
        // The elements are kept in path order, so that a full node can send
        // its sets one level down under their next element.
        self.elements.extend_from_slice(&order);
        self.elements.push(u32::MAX);
        let elements = &self.elements;
        let mut node = &mut self.roots[order[0] as usize];
        for depth in 1..order.len() {
            if !node.burst {
                if node.entries.len() < BURST {
                    break;
                }
                node.burst = true;
                for e in std::mem::take(&mut node.entries) {
                    match elements[e.start as usize + depth] {
                        u32::MAX => node.entries.push(e),
                        next => node.child(next, &mut self.node_bytes).entries.push(e),
                    }
                }
            }
            node = node.child(order[depth], &mut self.node_bytes);
        }
        self.node_bytes += std::mem::size_of::<Entry>();
        node.entries.push(entry);
        self.order = order;
    }

    /// Whether some stored set with cost `<= g` is a subset of `query`
    /// (ascending, no duplicates), within `QUERY_BUDGET` entries read.
    pub fn contains_subset(&mut self, query: &[u32], g: u32) -> bool {
        debug_assert!(query.windows(2).all(|w| w[0] < w[1]), "query not ascending");
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
        let mut search = Search {
            index: self,
            query,
            g,
            signature: signature(query),
            budget: QUERY_BUDGET,
        };
        let found = query
            .iter()
            .filter_map(|&first| search.index.roots.get(first as usize))
            .map(|root| search.visit(root))
            .find(|r| *r != Some(false));
        for &e in query {
            self.member[e as usize] = false;
        }
        match found {
            Some(Some(true)) => true,
            Some(None) => {
                self.cut_short += 1;
                false
            }
            _ => false,
        }
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
        self.roots.clear();
        self.node_bytes = 0;
        self.elements.clear();
        self.len = 0;
        self.empty = None;
    }

    /// Levels below the roots (a root alone: 0).
    #[cfg(test)]
    fn depth(&self) -> usize {
        fn below(node: &Node) -> usize {
            node.children
                .iter()
                .map(|c| 1 + below(c))
                .max()
                .unwrap_or(0)
        }
        self.roots.iter().map(below).max().unwrap_or(0)
    }

    /// Approximate bytes held.
    pub fn bytes(&self) -> usize {
        self.node_bytes
            + self.roots.capacity() * std::mem::size_of::<Node>()
            + self.elements.capacity() * 4
            + self.member.len()
    }
}

/// One subset query: `Some(true)` found, `Some(false)` none, `None` out of
/// budget.
struct Search<'a> {
    index: &'a SubsetIndex,
    /// The query's elements.
    query: &'a [u32],
    g: u32,
    signature: u64,
    budget: usize,
}

impl Search<'_> {
    fn visit(&mut self, node: &Node) -> Option<bool> {
        // Newest first: a subsuming set is most often a recent one (a parent,
        // or a sibling reached through the man's zero-cost moves).
        for entry in node.entries.iter().rev() {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            if entry.g > self.g || entry.signature & !self.signature != 0 {
                continue;
            }
            let member = &self.index.member;
            if self.index.elements[entry.start as usize..]
                .iter()
                .take_while(|&&x| x != u32::MAX)
                .all(|&x| member.get(x as usize).copied().unwrap_or(false))
            {
                return Some(true);
            }
        }
        // The children filed under the query's own elements: both lists are
        // ascending, so one merge finds them.
        let (keys, query) = (&node.keys, self.query);
        let (mut i, mut j) = (0, 0);
        while i < keys.len() && j < query.len() {
            match keys[i].cmp(&query[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    let r = self.visit(&node.children[i]);
                    if r != Some(false) {
                        return r;
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests;
