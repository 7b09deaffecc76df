//! Packed sets of facts: one bit per fact, 64 facts to a `u64` word.
//!
//! A planning state is the set of facts that hold, so with facts numbered
//! `0..n` it fits in `ceil(n / 64)` words: fact `f` is bit `f % 64` of word
//! `f / 64`. Testing a precondition is a shift and a mask, comparing two states
//! is comparing a few words, and a state can be hashed as a slice of integers.
//!
//! Example: with 70 facts a state takes two words; the state `{0, 3, 65}` is
//! `[0b1001, 0b10]`.
//!
//! Search code keeps states as plain `&[u64]` slices inside an arena; [`FactSet`]
//! is the owned form for everything else.

use crate::task::FactId;

/// Number of words needed for `n` facts.
pub fn words_for(n: usize) -> usize {
    n.div_ceil(64)
}

/// Whether fact `f` is in the packed set `words`.
#[inline]
pub fn contains(words: &[u64], f: FactId) -> bool {
    words[f.index() / 64] >> (f.index() % 64) & 1 == 1
}

/// Adds fact `f` to the packed set `words`.
#[inline]
pub fn insert(words: &mut [u64], f: FactId) {
    words[f.index() / 64] |= 1 << (f.index() % 64);
}

/// Removes fact `f` from the packed set `words`.
#[inline]
pub fn remove(words: &mut [u64], f: FactId) {
    words[f.index() / 64] &= !(1 << (f.index() % 64));
}

/// The facts in `words`, in increasing order.
pub fn iter(words: &[u64]) -> impl Iterator<Item = FactId> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let bit = w.trailing_zeros();
            w &= w - 1;
            Some(FactId(i as u32 * 64 + bit))
        })
    })
}

/// Whether every fact of `a` is in `b`.
#[inline]
pub fn is_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// An owned packed fact set over a fixed number of facts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactSet {
    words: Box<[u64]>,
}

impl FactSet {
    /// The empty set over `n` facts.
    pub fn new(n: usize) -> Self {
        FactSet {
            words: vec![0; words_for(n)].into_boxed_slice(),
        }
    }

    /// The set of `facts`, over `n` facts.
    pub fn from_facts(n: usize, facts: &[FactId]) -> Self {
        let mut set = FactSet::new(n);
        for &f in facts {
            set.insert(f);
        }
        set
    }

    pub fn contains(&self, f: FactId) -> bool {
        contains(&self.words, f)
    }

    pub fn insert(&mut self, f: FactId) {
        insert(&mut self.words, f)
    }

    pub fn remove(&mut self, f: FactId) {
        remove(&mut self.words, f)
    }

    pub fn iter(&self) -> impl Iterator<Item = FactId> + '_ {
        iter(&self.words)
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_facts_into_words() {
        let set = FactSet::from_facts(70, &[FactId(0), FactId(3), FactId(65)]);
        assert_eq!(set.words(), &[0b1001, 0b10]);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![FactId(0), FactId(3), FactId(65)]
        );
        assert_eq!(set.len(), 3);
    }

    #[test]
    fn subset_compares_word_by_word() {
        let a = FactSet::from_facts(130, &[FactId(1), FactId(129)]);
        let mut b = a.clone();
        b.insert(FactId(64));
        assert!(is_subset(a.words(), b.words()));
        assert!(!is_subset(b.words(), a.words()));
        b.remove(FactId(64));
        assert_eq!(a, b);
    }
}
