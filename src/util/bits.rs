//! Packed bitsets: one bit per index, 64 indices to a `u64` word.
//!
//! A planning state is the set of facts that hold, so with facts numbered
//! `0..n` it fits in `ceil(n / 64)` words: fact `f` is bit `f % 64` of word
//! `f / 64`. Testing a precondition is a shift and a mask, comparing two states
//! is comparing a few words, and a state can be hashed as a slice of integers.
//! The same layout serves any dense index: facts, operators, Sokoban cells.
//!
//! Example: over 70 indices a set takes two words; the set `{0, 3, 65}` is
//! `[0b1001, 0b10]`.
//!
//! Hot code keeps sets as plain `&[u64]` slices inside an arena and uses the
//! free functions; [`Bits`] is the owned form for everything else. Both are
//! generic over the index type ([`BitIndex`]), so a set of facts hands out
//! `FactId`s and a set of cells hands out cell numbers.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A dense index `0..n` that a bitset is keyed by.
pub trait BitIndex: Copy {
    fn index(self) -> usize;
    fn from_index(i: usize) -> Self;
}

impl BitIndex for usize {
    #[inline]
    fn index(self) -> usize {
        self
    }
    #[inline]
    fn from_index(i: usize) -> Self {
        i
    }
}

impl BitIndex for u32 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
    #[inline]
    fn from_index(i: usize) -> Self {
        i as u32
    }
}

impl BitIndex for u16 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
    #[inline]
    fn from_index(i: usize) -> Self {
        i as u16
    }
}

/// Number of words needed for `n` indices.
#[inline]
pub fn words_for(n: usize) -> usize {
    n.div_ceil(64)
}

/// The word that holds index `i`.
#[inline]
pub fn word<I: BitIndex>(i: I) -> usize {
    i.index() / 64
}

/// The mask of index `i`'s bit within its [`word`].
#[inline]
pub fn mask<I: BitIndex>(i: I) -> u64 {
    1 << (i.index() % 64)
}

/// Index `i`'s bit in the packed set `words`, as 0 or 1 (for branch-free
/// arithmetic on it).
#[inline]
pub fn bit<I: BitIndex>(words: &[u64], i: I) -> u64 {
    words[word(i)] >> (i.index() % 64) & 1
}

/// Whether index `i` is in the packed set `words`.
#[inline]
pub fn contains<I: BitIndex>(words: &[u64], i: I) -> bool {
    words[word(i)] & mask(i) != 0
}

/// Adds index `i` to the packed set `words`.
#[inline]
pub fn insert<I: BitIndex>(words: &mut [u64], i: I) {
    words[word(i)] |= mask(i);
}

/// Removes index `i` from the packed set `words`.
#[inline]
pub fn remove<I: BitIndex>(words: &mut [u64], i: I) {
    words[word(i)] &= !mask(i);
}

/// The indices in `words`, in increasing order.
pub fn iter<I: BitIndex>(words: &[u64]) -> impl Iterator<Item = I> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let bit = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(I::from_index(i * 64 + bit))
        })
    })
}

/// Whether every index of `a` is in `b`.
#[inline]
pub fn is_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// An owned packed set over a fixed number of indices of type `I`.
pub struct Bits<I> {
    words: Box<[u64]>,
    index: PhantomData<fn(I) -> I>,
}

impl<I: BitIndex> Bits<I> {
    /// The empty set over `n` indices.
    pub fn new(n: usize) -> Self {
        Bits::from_words(vec![0; words_for(n)].into_boxed_slice())
    }

    /// The set whose packed words are `words`.
    pub fn from_words(words: Box<[u64]>) -> Self {
        Bits {
            words,
            index: PhantomData,
        }
    }

    /// The set of `indices`, over `n` indices.
    pub fn from_facts(n: usize, indices: &[I]) -> Self {
        let mut set = Bits::new(n);
        for &i in indices {
            set.insert(i);
        }
        set
    }

    #[inline]
    pub fn contains(&self, i: I) -> bool {
        contains(&self.words, i)
    }

    #[inline]
    pub fn insert(&mut self, i: I) {
        insert(&mut self.words, i)
    }

    #[inline]
    pub fn remove(&mut self, i: I) {
        remove(&mut self.words, i)
    }

    pub fn iter(&self) -> impl Iterator<Item = I> + '_ {
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

// By hand rather than derived, so that they do not ask `I` for the trait.
impl<I> Clone for Bits<I> {
    fn clone(&self) -> Self {
        Bits {
            words: self.words.clone(),
            index: PhantomData,
        }
    }
}

impl<I> PartialEq for Bits<I> {
    fn eq(&self, other: &Self) -> bool {
        self.words == other.words
    }
}

impl<I> Eq for Bits<I> {}

impl<I> PartialOrd for Bits<I> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<I> Ord for Bits<I> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.words.cmp(&other.words)
    }
}

impl<I> Hash for Bits<I> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.words.hash(state)
    }
}

impl<I> fmt::Debug for Bits<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bits").field("words", &self.words).finish()
    }
}

#[cfg(test)]
mod tests;
