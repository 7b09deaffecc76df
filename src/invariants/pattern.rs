//! Equality patterns: the ways an action's parameters can coincide.
//!
//! Whether an action can raise the count of an invariant depends on its
//! parameters only through which of them are equal (to each other or to a
//! constant): that decides which added, deleted and required atoms are the same
//! atom, and which of them belong to the same instance of the invariant. So
//! instead of reasoning about the unknown objects, the balance check
//! ([`super::balance`]) tries every *equality pattern*: a partition of the
//! parameters into blocks of equal values, where a block may also be pinned to
//! one of the constants that the action mentions.
//!
//! Example: Sokoban's `move(?from ?to ?d)` restricted to `?from ?to` has two
//! patterns, `{?from} {?to}` and `{?from ?to}`. The second is impossible,
//! because no `(adjacent ?from ?to ?d)` fact in `:init` repeats a cell, so
//! only the first is checked.
//!
//! Patterns are pruned by the parameter types (a block needs an object of all
//! its members' types) and by what [`super::equality`] knows about which
//! parameters always differ. Ruling out fewer patterns is always sound; it
//! only makes the check more cautious.

pub use super::equality::SchemaFacts;
use crate::lifted::{Lifted, ObjId, Schema};

/// Pattern values at or above this stand for fresh objects (block ids);
/// values below it are constants.
pub const FRESH: u32 = 1 << 31;

/// Equality patterns over some parameters: `values[k * width + i]` is the value
/// of parameter `relevant[i]` in pattern `k` (a constant, or `FRESH + block`).
#[derive(Clone, Debug, Default)]
pub struct Patterns {
    pub width: usize,
    pub values: Vec<u32>,
}

impl Patterns {
    pub fn iter(&self) -> impl Iterator<Item = &[u32]> {
        self.values.chunks(self.width.max(1))
    }
}

/// Every equality pattern of the parameters `relevant` of `schema`, with
/// blocks possibly pinned to `consts`; `None` when there would be more than
/// `max` patterns.
pub fn enumerate(
    lifted: &Lifted,
    schema: &Schema,
    facts: &SchemaFacts,
    relevant: &[u32],
    consts: &[ObjId],
    max: usize,
) -> Option<Patterns> {
    let mut e = Enumeration {
        lifted,
        schema,
        facts,
        relevant,
        consts,
        max,
        values: vec![0; relevant.len()],
        blocks: Vec::new(),
        out: Patterns {
            width: relevant.len(),
            values: Vec::new(),
        },
        overflow: false,
    };
    if !facts.dead {
        e.extend(0);
    }
    (!e.overflow).then_some(e.out)
}

struct Enumeration<'a> {
    lifted: &'a Lifted,
    schema: &'a Schema,
    facts: &'a SchemaFacts,
    relevant: &'a [u32],
    consts: &'a [ObjId],
    max: usize,
    values: Vec<u32>,
    /// The members (indices into `relevant`) of each fresh block.
    blocks: Vec<Vec<usize>>,
    out: Patterns,
    overflow: bool,
}

impl Enumeration<'_> {
    fn extend(&mut self, k: usize) {
        if self.overflow {
            return;
        }
        if k == self.relevant.len() {
            if self.satisfies_equalities() {
                if self.out.values.len() / self.out.width.max(1) >= self.max {
                    self.overflow = true;
                    return;
                }
                self.out.values.extend_from_slice(&self.values);
                if self.out.width == 0 {
                    self.out.values.push(0); // one empty pattern
                }
            }
            return;
        }
        let p = self.relevant[k];
        let ty = self.schema.params[p as usize];
        for i in 0..self.consts.len() {
            let c = self.consts[i];
            let ok = self.lifted.has_type(c, ty)
                && !self.facts.never_const.contains(&(p, c))
                && (0..k)
                    .all(|q| self.values[q] != c || !self.facts.never_equal(p, self.relevant[q]));
            if ok {
                self.values[k] = c;
                self.extend(k + 1);
            }
        }
        for b in 0..self.blocks.len() {
            if self.can_join(b, k) {
                self.values[k] = FRESH + b as u32;
                self.blocks[b].push(k);
                self.extend(k + 1);
                self.blocks[b].pop();
            }
        }
        self.values[k] = FRESH + self.blocks.len() as u32;
        self.blocks.push(vec![k]);
        self.extend(k + 1);
        self.blocks.pop();
    }

    /// Whether parameter `relevant[k]` may join fresh block `b`: no member is
    /// known to differ from it, and some object has all their types.
    fn can_join(&self, b: usize, k: usize) -> bool {
        let p = self.relevant[k];
        let members = &self.blocks[b];
        if members
            .iter()
            .any(|&q| self.facts.never_equal(p, self.relevant[q]))
        {
            return false;
        }
        let ty = |i: usize| self.schema.params[self.relevant[i] as usize];
        let first = ty(k);
        let objects = self
            .lifted
            .objects_of_type
            .get(first as usize)
            .map_or(&[][..], Vec::as_slice);
        objects.iter().any(|&o| {
            !self.consts.contains(&o) && members.iter().all(|&q| self.lifted.has_type(o, ty(q)))
        })
    }

    /// The `(= ..)` preconditions between relevant parameters and constants.
    fn satisfies_equalities(&self) -> bool {
        let value = |p: u32| {
            self.relevant
                .iter()
                .position(|&r| r == p)
                .map(|i| self.values[i])
        };
        self.facts
            .same
            .iter()
            .all(|&(a, b)| match (value(a), value(b)) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            })
            && self
                .facts
                .fixed
                .iter()
                .all(|&(a, c)| value(a).is_none_or(|x| x == c))
    }
}

#[cfg(test)]
mod tests;
