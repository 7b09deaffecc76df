//! Packed storage: fewer bits per stored state, using facts that exclude each other.
//!
//! A search stores every state it reaches, so the bits per state decide how
//! large a search fits in memory. One bit per fact wastes most of them: in
//! Sokoban, `(at stone-01 ?l)` has one fact per cell, and at most one of them
//! holds. Fast Downward's translator turns such a *mutex group* into one SAS+
//! variable whose value says which fact holds (or none), stored in
//! `ceil(log2(n + 1))` bits instead of `n`.
//!
//! [`Packing`] does the same for storage only: search code, successor
//! generators and heuristics keep seeing one bit per fact, and the state
//! registry packs each state before hashing and storing it, and unpacks it when
//! the search reads it back. The groups are proven, not guessed
//! ([`crate::invariants::monotone_groups`]), so packing never merges two reachable states.
//!
//! Example: Sokoban IPC opt08 p05 has 368 facts (6 words). Nine groups `(at
//! thing ?l)` of 36 facts take 6 bits each, and the other 44 facts one bit
//! each: 98 bits, 2 words, as in Fast Downward's packed state.
//!
//! Layout: group fields first (widest first), each put in the first word
//! with room, never straddling two words; then the single-bit facts fill the
//! gaps. Packing ORs, for every true fact, its precomputed field value into
//! its word (a fact of a group is worth `(index in group + 1) << shift`);
//! unpacking reads each group field and the single bits back.

use crate::task::{FactId, Task};
use crate::util::bits;

/// Where a fact goes in the packed form: its field is `word & mask`, and the
/// field holds `value` when the fact is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    word: usize,
    mask: u64,
    value: u64,
}

/// A group field: `field_facts[first + v - 1]` holds when the field's value
/// `v` is non-zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Field {
    word: u32,
    shift: u32,
    mask: u64,
    first: usize,
}

/// How states of a task are packed for storage; see the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// Words of an unpacked state.
    words: usize,
    /// Words of a packed state.
    packed_words: usize,
    /// No group was found: packed = unpacked, packing is a copy.
    identity: bool,
    /// [`Packing::tail`]: the shift and mask of the last word's field in
    /// the word before it (none of the other fields are used).
    tail: Option<(u32, u64)>,
    /// Per fact: its slot. Indexed by fact id (bit position of the unpacked state).
    slots: Vec<Slot>,
    fields: Vec<Field>,
    /// The facts of all group fields, one field after the other.
    field_facts: Vec<FactId>,
    /// Per packed word: the bits that are single facts, and the fact of each bit.
    single_mask: Vec<u64>,
    single_fact: Vec<FactId>,
}

impl Packing {
    /// States of `words` words stored as they are.
    pub fn identity(words: usize) -> Packing {
        Packing {
            words,
            packed_words: words,
            identity: true,
            tail: None,
            slots: Vec::new(),
            fields: Vec::new(),
            field_facts: Vec::new(),
            single_mask: Vec::new(),
            single_fact: Vec::new(),
        }
    }

    /// The packing of `task`'s states from its proven mutex groups.
    pub fn for_task(task: &Task) -> Packing {
        let n = task.facts.len();
        Packing::from_groups(n, &crate::invariants::monotone_groups(task))
    }

    /// The tighter of two packings of `task`'s states: from its proven
    /// monotone groups ([`Packing::for_task`]) and from `groups`, other
    /// disjoint at-most-one groups proven for its reachable states (the
    /// invariant synthesis's, which Fast Downward's translator makes its
    /// variables of). Fewer packed words wins, then fewer bits; the monotone
    /// groups on a tie.
    ///
    /// Neither set always wins. On Blocksworld (blocks 10-0) the monotone
    /// groups leave every fact a bit of its own (3 words), while the
    /// synthesis's `on(b, ?)` groups take 64 bits (1 word); on Satellite p05
    /// the monotone groups take 59 bits and the synthesis's 63.
    pub fn for_task_with(task: &Task, groups: Option<&[Vec<FactId>]>) -> Packing {
        let monotone = Packing::for_task(task);
        let Some(groups) = groups else {
            return monotone;
        };
        let other = Packing::from_groups(task.facts.len(), groups);
        let size = |p: &Packing| (p.packed_words, p.used_bits());
        if size(&other) < size(&monotone) {
            other
        } else {
            monotone
        }
    }

    /// A packing for states over `num_facts` facts in which at most one fact of
    /// each of the disjoint `groups` holds.
    pub fn from_groups(num_facts: usize, groups: &[Vec<FactId>]) -> Packing {
        let words = bits::words_for(num_facts);
        // Only groups that save bits are worth a field.
        let mut groups: Vec<&Vec<FactId>> =
            groups.iter().filter(|g| width(g.len()) < g.len()).collect();
        if groups.is_empty() {
            return Packing::identity(words);
        }
        groups.sort_by_key(|g| std::cmp::Reverse(width(g.len())));
        let mut free: Vec<u32> = Vec::new(); // bits left in each packed word
        let take = |bits: u32, free: &mut Vec<u32>| -> (u32, u32) {
            let word = match free.iter().position(|&f| f >= bits) {
                Some(w) => w,
                None => {
                    free.push(64);
                    free.len() - 1
                }
            };
            let shift = 64 - free[word];
            free[word] -= bits;
            (word as u32, shift)
        };
        let mut slots = vec![
            Slot {
                word: usize::MAX,
                mask: 0,
                value: 0
            };
            num_facts
        ];
        let (mut fields, mut field_facts) = (Vec::new(), Vec::new());
        for g in groups {
            let w = width(g.len()) as u32;
            let (word, shift) = take(w, &mut free);
            for (i, f) in g.iter().enumerate() {
                slots[f.index()] = Slot {
                    word: word as usize,
                    mask: ((1 << w) - 1) << shift,
                    value: (i as u64 + 1) << shift,
                };
            }
            fields.push(Field {
                word,
                shift,
                mask: (1 << w) - 1,
                first: field_facts.len(),
            });
            field_facts.extend_from_slice(g);
        }
        let mut single_fact = Vec::new();
        for (f, slot) in slots.iter_mut().enumerate() {
            if slot.word == usize::MAX {
                let (word, shift) = take(1, &mut free);
                *slot = Slot {
                    word: word as usize,
                    mask: 1 << shift,
                    value: 1 << shift,
                };
                let at = word as usize * 64 + shift as usize;
                if single_fact.len() <= at {
                    single_fact.resize(at + 1, FactId(u32::MAX));
                }
                single_fact[at] = FactId(f as u32);
            }
        }
        let packed_words = free.len();
        single_fact.resize(packed_words * 64, FactId(u32::MAX));
        let single_mask = (0..packed_words)
            .map(|w| {
                (0..64)
                    .filter(|&b| single_fact[w * 64 + b] != FactId(u32::MAX))
                    .fold(0u64, |m, b| m | 1 << b)
            })
            .collect();
        Packing {
            words,
            packed_words,
            identity: false,
            tail: None,
            slots,
            fields,
            field_facts,
            single_mask,
            single_fact,
        }
    }

    /// States of `words` words whose first `used_bits` bits (of the words
    /// before the last) may hold, and whose last word holds a number up to
    /// `max`, or `u64::MAX`. Where the number fits in the bits that the word
    /// before it leaves unused, it is stored there, one word less (the
    /// Sokoban solver's nodes: a bit per cell for the boxes, then the man's
    /// cell); otherwise the states are stored as they are.
    ///
    /// Example: 100 cells and a man below 100 take two words instead of
    /// three: the man's field (7 bits, all ones for `u64::MAX`) sits at bit
    /// 36 of the second word.
    pub fn tail(words: usize, used_bits: usize, max: u64) -> Packing {
        let bits = u64::BITS - (max + 1).leading_zeros();
        let shift = used_bits % 64;
        if words < 2
            || bits::words_for(used_bits) != words - 1
            || shift == 0
            || shift as u32 + bits > 64
        {
            return Packing::identity(words);
        }
        Packing {
            packed_words: words - 1,
            identity: false,
            tail: Some((shift as u32, (1 << bits) - 1)),
            ..Packing::identity(words)
        }
    }

    /// Words of an unpacked state.
    pub fn words(&self) -> usize {
        self.words
    }

    /// Words of a packed state.
    pub fn packed_words(&self) -> usize {
        self.packed_words
    }

    /// Bits of a packed state that hold a fact or a group field.
    pub fn used_bits(&self) -> usize {
        if self.identity || self.tail.is_some() {
            return 64 * self.packed_words;
        }
        let fields: usize = (self.fields.iter())
            .map(|f| f.mask.count_ones() as usize)
            .sum();
        let singles: usize = (self.single_mask.iter())
            .map(|m| m.count_ones() as usize)
            .sum();
        fields + singles
    }

    /// Writes the packed form of `state` into `out` (`packed_words()` long).
    #[inline]
    pub fn pack(&self, state: &[u64], out: &mut [u64]) {
        if self.identity {
            out.copy_from_slice(state);
            return;
        }
        if let Some((shift, mask)) = self.tail {
            let last = self.packed_words - 1;
            out.copy_from_slice(&state[..=last]);
            let value = state[last + 1].min(mask);
            debug_assert!(value < mask || state[last + 1] == u64::MAX, "the tail fits");
            out[last] |= value << shift;
            return;
        }
        out.fill(0);
        for (i, &w) in state.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let f = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let slot = self.slots[f];
                debug_assert_eq!(
                    out[slot.word] & slot.mask,
                    0,
                    "two facts of a mutex group hold"
                );
                out[slot.word] |= slot.value;
            }
        }
    }

    /// Whether packed states are the states themselves.
    #[inline]
    pub fn is_identity(&self) -> bool {
        self.identity
    }

    /// Whether packing a state whole costs no more than [`Packing::repack`]
    /// from its parent's packed form (the identity and [`Packing::tail`]:
    /// a copy of the words).
    #[inline]
    pub fn packs_by_copy(&self) -> bool {
        self.identity || self.tail.is_some()
    }

    /// Turns `packed`, the packed form of `from`, into the packed form of `to`,
    /// changing only the fields of the facts in which the two states differ
    /// (a successor differs from its parent in a few facts). A fact that became
    /// true sets its field; one that became false clears its field only if the
    /// field still names it, so the order of the changes does not matter.
    #[inline]
    pub fn repack(&self, from: &[u64], to: &[u64], packed: &mut [u64]) {
        if self.tail.is_some() {
            self.pack(to, packed);
            return;
        }
        for (i, (&a, &b)) in from.iter().zip(to).enumerate() {
            let mut changed = a ^ b;
            while changed != 0 {
                let bit = changed.trailing_zeros();
                changed &= changed - 1;
                let slot = self.slots[i * 64 + bit as usize];
                let w = &mut packed[slot.word];
                if b >> bit & 1 == 1 {
                    *w = *w & !slot.mask | slot.value;
                } else if *w & slot.mask == slot.value {
                    *w &= !slot.mask;
                }
            }
        }
    }

    /// Writes the state packed as `packed` into `out` (`words()` long).
    #[inline]
    pub fn unpack(&self, packed: &[u64], out: &mut [u64]) {
        if self.identity {
            out.copy_from_slice(packed);
            return;
        }
        if let Some((shift, mask)) = self.tail {
            let last = self.packed_words - 1;
            out[..=last].copy_from_slice(packed);
            out[last] &= !(mask << shift);
            let value = packed[last] >> shift & mask;
            out[last + 1] = if value == mask { u64::MAX } else { value };
            return;
        }
        out.fill(0);
        for field in &self.fields {
            let v = (packed[field.word as usize] >> field.shift) & field.mask;
            if v != 0 {
                bits::insert(out, self.field_facts[field.first + v as usize - 1]);
            }
        }
        // Single facts were laid out in increasing fact order, so their words
        // in `out` come in increasing order too: collect each word's bits in a
        // register and store it once.
        let (mut word, mut acc) = (0, 0u64);
        for (i, (&w, &mask)) in packed.iter().zip(&self.single_mask).enumerate() {
            let mut w = w & mask;
            while w != 0 {
                let f = self.single_fact[i * 64 + w.trailing_zeros() as usize].index();
                w &= w - 1;
                if bits::word(f) != word {
                    out[word] |= acc;
                    (word, acc) = (bits::word(f), 0);
                }
                acc |= bits::mask(f);
            }
        }
        if acc != 0 {
            out[word] |= acc;
        }
    }
}

/// Bits for a field that holds "none" or one of `n` facts.
fn width(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()) as usize
}

#[cfg(test)]
mod tests;
