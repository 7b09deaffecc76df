//! Invariant candidates: parts, canonical form, the initial candidates and
//! their refinement.
//!
//! A *part* names a fluent predicate and says, for each of its argument
//! positions, which invariant parameter sits there, or that the position is
//! *counted* (free, summed over). A candidate is a set of parts over the same
//! parameters, at most one part per predicate. It claims: for every value of
//! the parameters, the number of true atoms that match some part never
//! increases.
//!
//! Example (Sokoban): the parts `man(p0)`, `box(p0)`, `clear(p0)` form the
//! candidate "for each cell `p0`, the count of `(man p0)`, `(box p0)`,
//! `(clear p0)` never increases"; the single part `box(*)`, with its only
//! position counted, claims that the number of boxes never increases.
//!
//! The search starts, as Fast Downward's translator does, from every fluent
//! predicate alone, once with no counted position and once for each position
//! counted. When an action adds an atom of a candidate without deleting one
//! ([`super::balance`]), the candidate is *refined*: each atom the action
//! deletes, of a predicate not yet in the candidate, is tried as a new part
//! whose parameters sit where the added atom's parameter values sit. Gripper's
//! `pick` adds `(carry ?o ?g)` and deletes `(at ?o ?r)`, so `carry(p0, *)`
//! grows into `{at(p0, *), carry(p0, *)}`: a ball is in one room or one hand.

use crate::lifted::{Arg, LAtom, Lifted, PredId};

/// What sits at one argument position of a [`Part`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// The invariant parameter with this index.
    Param(u32),
    /// The counted position: any object, summed over.
    Counted,
}

/// One predicate of an invariant, with its argument positions mapped to the
/// invariant's parameters (each parameter exactly once) or to [`Slot::Counted`]
/// (at most once).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    pub pred: PredId,
    pub args: Box<[Slot]>,
}

impl Part {
    /// The invariant parameter values of an atom `args` of this part's
    /// predicate, in parameter order, written into `out` (cleared first).
    pub fn params_of<T: Copy>(&self, args: &[T], out: &mut Vec<T>) {
        out.clear();
        for (i, slot) in self.args.iter().enumerate() {
            if let Slot::Param(p) = *slot {
                let p = p as usize;
                if out.len() <= p {
                    out.resize(p + 1, args[i]);
                }
                out[p] = args[i];
            }
        }
    }
}

/// A candidate (or proven) invariant: parts sorted by predicate, parameters
/// numbered by first appearance, so equal invariants compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Invariant {
    pub parts: Box<[Part]>,
    /// Number of parameters (the arguments of each part minus its counted one).
    pub arity: u32,
}

impl Invariant {
    /// The canonical invariant over `parts` (which must use the same parameters
    /// and distinct predicates).
    pub fn new(mut parts: Vec<Part>) -> Invariant {
        parts.sort_by_key(|p| p.pred);
        let arity = parts
            .first()
            .map(|p| p.args.iter().filter(|s| **s != Slot::Counted).count())
            .unwrap_or(0);
        let mut renumber: Vec<Option<u32>> = vec![None; arity];
        let mut next = 0;
        for part in &mut parts {
            for slot in part.args.iter_mut() {
                if let Slot::Param(p) = slot {
                    let Some(entry) = renumber.get_mut(*p as usize) else {
                        continue;
                    };
                    let new = *entry.get_or_insert_with(|| {
                        next += 1;
                        next - 1
                    });
                    *p = new;
                }
            }
        }
        Invariant {
            parts: parts.into_boxed_slice(),
            arity: arity as u32,
        }
    }

    /// The part for predicate `pred`, if the invariant has one.
    pub fn part(&self, pred: PredId) -> Option<&Part> {
        self.parts
            .binary_search_by_key(&pred, |p| p.pred)
            .ok()
            .map(|i| &self.parts[i])
    }

    pub fn covers(&self, pred: PredId) -> bool {
        self.part(pred).is_some()
    }
}

/// The initial candidates: each fluent predicate alone, with no counted
/// position and with each position counted in turn.
pub fn initial_candidates(lifted: &Lifted) -> Vec<Invariant> {
    let mut out = Vec::new();
    for (pred, &arity) in lifted.arity.iter().enumerate() {
        if !lifted.fluent[pred] {
            continue;
        }
        let pred = pred as PredId;
        out.push(Invariant::new(vec![Part {
            pred,
            args: (0..arity as u32).map(Slot::Param).collect(),
        }]));
        for counted in 0..arity {
            let args = (0..arity)
                .map(|i| match i.cmp(&counted) {
                    std::cmp::Ordering::Less => Slot::Param(i as u32),
                    std::cmp::Ordering::Equal => Slot::Counted,
                    std::cmp::Ordering::Greater => Slot::Param(i as u32 - 1),
                })
                .collect();
            out.push(Invariant::new(vec![Part { pred, args }]));
        }
    }
    out
}

/// The refinements of `inv` that make the deleted atom `del` count for the
/// same parameter values as the added atom `add`, pushed onto `out`.
///
/// `del` must be of a predicate that `inv` lacks. Each parameter `i` must be
/// placed at a position of `del` holding the same value as `add` holds at
/// parameter `i`'s position; at most one position of `del` is left over, and it
/// becomes the counted one. Example: `add = (carry ?o ?g)` under the part
/// `carry(p0, *)` and `del = (at ?o ?r)` give the part `at(p0, *)`. Values
/// are compared through `value`, which maps the action's arguments to an
/// equality pattern's values (so that, with `?x = ?y`, `(p ?x)` and `(q ?y)`
/// match).
pub fn refinements(
    inv: &Invariant,
    add: &LAtom,
    del: &LAtom,
    value: impl Fn(Arg) -> u32,
    out: &mut Vec<Invariant>,
) {
    let Some(part) = inv.part(add.pred) else {
        return;
    };
    let arity = inv.arity as usize;
    if inv.covers(del.pred) || !(del.args.len() == arity || del.args.len() == arity + 1) {
        return;
    }
    let mut values: Vec<u32> = Vec::with_capacity(arity);
    let add_values: Vec<u32> = add.args.iter().map(|&a| value(a)).collect();
    part.params_of(&add_values, &mut values);
    let del_values: Vec<u32> = del.args.iter().map(|&a| value(a)).collect();
    let mut slots = vec![Slot::Counted; del.args.len()];
    place(inv, &values, del.pred, &del_values, 0, &mut slots, out);
}

/// Backtracking for [`refinements`]: places parameters `p..` into `slots`.
fn place(
    inv: &Invariant,
    values: &[u32],
    pred: PredId,
    del: &[u32],
    p: usize,
    slots: &mut [Slot],
    out: &mut Vec<Invariant>,
) {
    if p == values.len() {
        let mut parts = inv.parts.to_vec();
        parts.push(Part {
            pred,
            args: slots.to_vec().into_boxed_slice(),
        });
        out.push(Invariant::new(parts));
        return;
    }
    for j in 0..del.len() {
        if slots[j] == Slot::Counted && del[j] == values[p] {
            slots[j] = Slot::Param(p as u32);
            place(inv, values, pred, del, p + 1, slots, out);
            slots[j] = Slot::Counted;
        }
    }
}

#[cfg(test)]
mod tests;
