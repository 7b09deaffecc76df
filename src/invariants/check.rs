//! The consistency check for regression: can a subgoal set hold in a
//! reachable state?
//!
//! A regression search calls this on every subgoal set it generates, so the
//! check reads the packed set once and does not allocate. The mutex groups are
//! stored three ways, each suited to its bound:
//!
//! - bound 0: one mask of facts that never hold;
//! - bound 1 (most groups): for each fact, the later facts that share a group
//!   with it, as `(word, mask)` pairs, so a set with facts `f` and `g` in one
//!   group is caught by one AND when `f` is visited;
//! - bound k ≥ 2 (few groups, like `at most 2 of {(box ?l)}`): the group's
//!   `(word, mask)` pairs, counted with popcount, and only when the set has
//!   more than k facts at all.
//!
//! h² pairs use the rows of the [`H2`] matrix: the set is consistent when each
//! of its facts' rows contains the whole set.
//!
//! Example: with the group `{(man c1), (box c1), (clear c1)}` at most 1, the
//! set `{(man c1), (box c1)}` is rejected with [`Violation::Group`].

use super::ground::MutexGroup;
use super::h2::H2;
use crate::task::FactId;
use crate::util::bits;

/// Why a subgoal set cannot hold in any reachable state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A fact is both required and forbidden.
    Contradiction(FactId),
    /// More facts than its bound of this group (an index into
    /// [`Mutexes::groups`]).
    Group(usize),
    /// An h² mutex pair; `(f, f)` when `f` alone is h²-unreachable.
    H2Pair(FactId, FactId),
}

/// The mutex groups and h² pairs of a task, ready for fast checks.
#[derive(Clone, Debug)]
pub struct Mutexes {
    n: usize,
    groups: Vec<MutexGroup>,
    /// Each group's facts as `(word, mask)` pairs: `masks[ranges[g]..ranges[g + 1]]`.
    ranges: Vec<u32>,
    masks: Vec<(u32, u64)>,
    /// Facts of groups with bound 0.
    never: Vec<u64>,
    /// For each fact, its later partners in bound-1 groups, merged by word:
    /// `partners[starts[f]..starts[f + 1]]`.
    starts: Vec<u32>,
    partners: Vec<(u32, u64)>,
    /// Groups with bound 2 or more.
    counting: Vec<u32>,
    /// The groups of each fact: `fact_groups[group_starts[f]..group_starts[f + 1]]`.
    group_starts: Vec<u32>,
    fact_groups: Vec<u32>,
    h2: Option<H2>,
}

impl Mutexes {
    /// Prepares the checks over a task with `n_facts` facts. Facts out of
    /// range are dropped from the groups.
    pub fn new(n_facts: usize, mut groups: Vec<MutexGroup>, h2: Option<H2>) -> Mutexes {
        let words = bits::words_for(n_facts);
        for g in &mut groups {
            g.facts.retain(|f| f.index() < n_facts);
        }
        groups.retain(|g| g.facts.len() > g.at_most as usize);
        let mut m = Mutexes {
            n: n_facts,
            groups: Vec::new(),
            ranges: vec![0],
            masks: Vec::new(),
            never: vec![0; words],
            starts: Vec::with_capacity(n_facts + 1),
            partners: Vec::new(),
            counting: Vec::new(),
            group_starts: Vec::with_capacity(n_facts + 1),
            fact_groups: Vec::new(),
            h2,
        };
        let mut of_fact: Vec<Vec<u32>> = vec![Vec::new(); n_facts];
        for (g, group) in groups.iter().enumerate() {
            push_masks(&mut m.masks, &group.facts);
            m.ranges.push(m.masks.len() as u32);
            for &f in &group.facts {
                of_fact[f.index()].push(g as u32);
            }
            match group.at_most {
                0 => group
                    .facts
                    .iter()
                    .for_each(|&f| bits::insert(&mut m.never, f)),
                1 => {}
                _ => m.counting.push(g as u32),
            }
        }
        let mut later: Vec<FactId> = Vec::new();
        for (f, gs) in of_fact.iter().enumerate() {
            m.starts.push(m.partners.len() as u32);
            m.group_starts.push(m.fact_groups.len() as u32);
            m.fact_groups.extend_from_slice(gs);
            later.clear();
            for &g in gs {
                let group = &groups[g as usize];
                if group.at_most == 1 {
                    later.extend(group.facts.iter().filter(|h| h.index() > f));
                }
            }
            later.sort_unstable();
            later.dedup();
            push_masks(&mut m.partners, &later);
        }
        m.starts.push(m.partners.len() as u32);
        m.group_starts.push(m.fact_groups.len() as u32);
        m.groups = groups;
        m
    }

    /// The number of facts of the task.
    pub fn facts(&self) -> usize {
        self.n
    }

    pub fn groups(&self) -> &[MutexGroup] {
        &self.groups
    }

    pub fn h2(&self) -> Option<&H2> {
        self.h2.as_ref()
    }

    /// Whether more facts of `pos` than its bound lie in some group.
    #[inline]
    pub fn violates_invariant(&self, pos: &[u64]) -> bool {
        self.first_crowded_fact(pos).is_some() || self.crowded_counting_group(pos).is_some()
    }

    /// Like [`Mutexes::violates_invariant`], naming the group.
    pub fn invariant_violation(&self, pos: &[u64]) -> Option<Violation> {
        if let Some(f) = self.first_crowded_fact(pos) {
            let groups =
                &self.fact_groups[self.group_starts[f] as usize..self.group_starts[f + 1] as usize];
            // A crowded fact always has a crowded group.
            if let Some(g) = groups
                .iter()
                .map(|&g| g as usize)
                .find(|&g| self.count(g, pos) > self.groups[g].at_most)
            {
                return Some(Violation::Group(g));
            }
        }
        self.crowded_counting_group(pos).map(Violation::Group)
    }

    /// Whether two facts of `pos` are h²-mutex (false when h² was not computed).
    #[inline]
    pub fn violates_h2(&self, pos: &[u64]) -> bool {
        self.h2.as_ref().is_some_and(|h| h.violation(pos).is_some())
    }

    /// Like [`Mutexes::violates_h2`], naming the pair.
    pub fn h2_violation(&self, pos: &[u64]) -> Option<Violation> {
        let (f, g) = self.h2.as_ref()?.violation(pos)?;
        Some(Violation::H2Pair(f, g))
    }

    /// The full check of a subgoal set with positive facts `pos` and negative
    /// literals `neg`: a fact in both, then the groups, then h². Groups and h²
    /// constrain only positive facts.
    pub fn check(&self, pos: &[u64], neg: &[u64]) -> Option<Violation> {
        for (w, (p, n)) in pos.iter().zip(neg).enumerate() {
            let both = p & n;
            if both != 0 {
                let f = w * 64 + both.trailing_zeros() as usize;
                return Some(Violation::Contradiction(FactId(f as u32)));
            }
        }
        self.invariant_violation(pos)
            .or_else(|| self.h2_violation(pos))
    }

    /// Whether `f` and `g` (distinct) share a bound-1 group, or are h²-mutex.
    pub fn is_mutex(&self, f: FactId, g: FactId) -> bool {
        if f.index() >= self.n || g.index() >= self.n {
            return false;
        }
        let (lo, hi) = if f < g { (f, g) } else { (g, f) };
        let partners =
            &self.partners[self.starts[lo.index()] as usize..self.starts[lo.index() + 1] as usize];
        let in_group = partners
            .iter()
            .any(|&(w, m)| w as usize == bits::word(hi) && m & bits::mask(hi) != 0);
        in_group || self.h2.as_ref().is_some_and(|h| h.is_mutex(f, g))
    }

    /// The first fact of `pos` that never holds or has a later bound-1 partner
    /// in `pos`.
    #[inline]
    fn first_crowded_fact(&self, pos: &[u64]) -> Option<usize> {
        for (w, (&word, &never)) in pos.iter().zip(&self.never).enumerate() {
            if word & never != 0 {
                return Some(w * 64 + (word & never).trailing_zeros() as usize);
            }
            let mut rest = word;
            while rest != 0 {
                let f = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if f >= self.n {
                    return None; // bits past the last fact name no fact
                }
                let (a, b) = (self.starts[f] as usize, self.starts[f + 1] as usize);
                for &(pw, mask) in &self.partners[a..b] {
                    if pos.get(pw as usize).is_some_and(|&p| p & mask != 0) {
                        return Some(f);
                    }
                }
            }
        }
        None
    }

    /// A group with bound 2 or more that `pos` overfills.
    #[inline]
    fn crowded_counting_group(&self, pos: &[u64]) -> Option<usize> {
        if self.counting.is_empty() {
            return None;
        }
        let total: u32 = pos.iter().map(|w| w.count_ones()).sum();
        self.counting.iter().map(|&g| g as usize).find(|&g| {
            total > self.groups[g].at_most && self.count(g, pos) > self.groups[g].at_most
        })
    }

    /// How many facts of group `g` are in `pos`.
    #[inline]
    fn count(&self, g: usize, pos: &[u64]) -> u32 {
        self.masks[self.ranges[g] as usize..self.ranges[g + 1] as usize]
            .iter()
            .map(|&(w, m)| pos.get(w as usize).map_or(0, |p| (p & m).count_ones()))
            .sum()
    }
}

/// Appends sorted `facts` as `(word, mask)` pairs, one per word used.
fn push_masks(out: &mut Vec<(u32, u64)>, facts: &[FactId]) {
    let start = out.len();
    for &f in facts {
        let (w, bit) = (bits::word(f) as u32, bits::mask(f));
        let len = out.len();
        match out.last_mut() {
            Some((lw, m)) if len > start && *lw == w => *m |= bit,
            _ => out.push((w, bit)),
        }
    }
}

/// What the regression planner asks of the mutexes (its `MutexOracle`).
impl Mutexes {
    /// Whether `pos` overfills an invariant whose bound is 2 or more.
    pub fn violates_counting(&self, pos: &[u64]) -> bool {
        self.crowded_counting_group(pos).is_some()
    }

    /// Every group of facts of which at most one can hold (they overlap).
    pub fn at_most_one_groups(&self) -> Vec<Vec<FactId>> {
        (self.groups.iter())
            .filter(|g| g.at_most == 1)
            .map(|g| g.facts.clone())
            .collect()
    }

    /// Disjoint groups of facts of which at most one can hold (each a subset
    /// of an at-most-one invariant, the largest first), for packed storage.
    pub fn exclusive_groups(&self) -> Vec<Vec<FactId>> {
        let mut groups: Vec<&MutexGroup> = self.groups.iter().filter(|g| g.at_most == 1).collect();
        groups.sort_by_key(|g| (std::cmp::Reverse(g.facts.len()), g.facts.first().copied()));
        let mut taken = vec![false; self.n];
        let mut out = Vec::new();
        for g in groups {
            let free: Vec<FactId> = g
                .facts
                .iter()
                .copied()
                .filter(|f| !taken[f.index()])
                .collect();
            if free.len() > 1 {
                free.iter().for_each(|f| taken[f.index()] = true);
                out.push(free);
            }
        }
        out
    }

    /// Adds to the packed sets `invariant` and `h2` the facts that can never
    /// hold together with `f` (by an at-most-one invariant, by h²); `f` itself
    /// if it can never hold at all.
    pub fn add_partners(&self, f: FactId, invariant: &mut [u64], h2: &mut [u64]) {
        if f.index() >= self.n {
            return;
        }
        if bits::contains(&self.never, f) {
            bits::insert(invariant, f);
        }
        let groups = &self.fact_groups
            [self.group_starts[f.index()] as usize..self.group_starts[f.index() + 1] as usize];
        for &g in groups {
            if self.groups[g as usize].at_most != 1 {
                continue;
            }
            for &(w, m) in
                &self.masks[self.ranges[g as usize] as usize..self.ranges[g as usize + 1] as usize]
            {
                invariant[w as usize] |= m;
            }
        }
        // A fact is not its own partner in a group of one-at-most.
        if !bits::contains(&self.never, f) {
            bits::remove(invariant, f);
        }
        if let Some(h) = &self.h2 {
            for (w, (out, &row)) in h2.iter_mut().zip(h.row(f)).enumerate() {
                *out |= !row & h.valid_bits(w);
            }
        }
    }
}

#[cfg(test)]
mod tests;
