//! The balance check: can an action raise the count of an invariant?
//!
//! Take one action instance applied in a state `s` that satisfies its
//! precondition, and one instance (parameter values) of the invariant. The
//! count rises by the atoms of that instance that the action adds and that were
//! false in `s`, and falls by the atoms of that instance that it deletes, that
//! were true in `s`, and that it does not add back. In the worst state, the
//! only true atoms are the ones the precondition requires. So, for a fixed
//! equality pattern of the parameters ([`super::pattern`]), the action is
//! *balanced* when, for each invariant instance,
//!
//! ```text
//! #{added atoms not required by pre}  <=  #{deleted atoms required by pre, not re-added}
//! ```
//!
//! where atoms are compared under the pattern. The invariant holds when every
//! pattern of every action is balanced. Counting (rather than Fast Downward's
//! "at most one added atom per instance, and each must be matched by a
//! delete") is what allows bounds above one.
//!
//! Example (Sokoban, the part `box(*)`): `push(?from ?box ?to ?d)` adds
//! `(box ?to)` and deletes `(box ?box)`, which `pre` requires. With `?box` and
//! `?to` distinct the count stays; with them equal, `(box ?to)` is required by
//! `pre`, so nothing new is added. Both patterns are balanced.

use super::candidate::{Invariant, Part};
use super::pattern::Patterns;
use crate::lifted::{Arg, LAtom, Schema};

/// An atom of a predicate that the invariant covers, with its part.
struct Covered<'a> {
    atom: &'a LAtom,
    /// `positions[i]`: where parameter `i` sits in the atom.
    positions: Vec<usize>,
}

impl<'a> Covered<'a> {
    fn new(atom: &'a LAtom, part: &Part) -> Covered<'a> {
        let mut positions = Vec::new();
        let idx: Vec<usize> = (0..part.args.len()).collect();
        part.params_of(&idx, &mut positions);
        Covered { atom, positions }
    }
}

/// The outcome of checking one action against one invariant.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Balanced,
    /// Some instance can grow: each `(pattern, add)` names a pattern (an
    /// index into the patterns) and an add effect (an index into
    /// `Schema::add`) that is a new atom of an unbalanced instance under it.
    Unbalanced(Vec<(usize, usize)>),
}

/// Checks `schema` against `inv` under every pattern of the parameters
/// `relevant` (those in atoms of covered predicates). An unbalanced verdict
/// lists the culprits of every unbalanced pattern, since each suggests its own
/// refinements.
pub fn check(schema: &Schema, inv: &Invariant, relevant: &[u32], patterns: &Patterns) -> Verdict {
    let pos = covered(&schema.pos, inv);
    let neg = covered(&schema.neg, inv);
    let add = covered(&schema.add, inv);
    let del = covered(&schema.del, inv);
    if add.is_empty() {
        return Verdict::Balanced;
    }
    let mut slot_of = vec![usize::MAX; schema.params.len()];
    for (i, &p) in relevant.iter().enumerate() {
        slot_of[p as usize] = i;
    }
    let mut new: Vec<usize> = Vec::new();
    let mut gone: Vec<usize> = Vec::new();
    let mut culprits: Vec<(usize, usize)> = Vec::new();
    for (k, values) in patterns.iter().enumerate() {
        let val = |a: Arg| match a {
            Arg::Var(p) => values[slot_of[p as usize]],
            Arg::Obj(c) => c,
        };
        let same_atom = |x: &LAtom, y: &LAtom| {
            x.pred == y.pred && x.args.iter().zip(&y.args).all(|(&a, &b)| val(a) == val(b))
        };
        let same_instance = |x: &Covered, y: &Covered| {
            x.positions
                .iter()
                .zip(&y.positions)
                .all(|(&i, &j)| val(x.atom.args[i]) == val(y.atom.args[j]))
        };
        // No state satisfies a precondition that requires and forbids one atom.
        if pos
            .iter()
            .any(|(_, p)| neg.iter().any(|(_, n)| same_atom(p.atom, n.atom)))
        {
            continue;
        }
        let required = |x: &LAtom| pos.iter().any(|(_, p)| same_atom(p.atom, x));
        new.clear();
        for (k, (_, a)) in add.iter().enumerate() {
            if !required(a.atom) && !new.iter().any(|&j| same_atom(add[j].1.atom, a.atom)) {
                new.push(k);
            }
        }
        gone.clear();
        for (k, (_, d)) in del.iter().enumerate() {
            if required(d.atom)
                && !add.iter().any(|(_, a)| same_atom(a.atom, d.atom))
                && !gone.iter().any(|&j| same_atom(del[j].1.atom, d.atom))
            {
                gone.push(k);
            }
        }
        for &n in &new {
            let a = &add[n].1;
            let rising = new.iter().filter(|&&j| same_instance(&add[j].1, a)).count();
            let falling = gone
                .iter()
                .filter(|&&j| same_instance(&del[j].1, a))
                .count();
            if rising > falling {
                culprits.extend(
                    new.iter()
                        .filter(|&&j| same_instance(&add[j].1, a))
                        .map(|&j| (k, add[j].0)),
                );
            }
        }
    }
    if culprits.is_empty() {
        Verdict::Balanced
    } else {
        culprits.sort_unstable();
        culprits.dedup();
        Verdict::Unbalanced(culprits)
    }
}

/// The parameters and constants that occur in atoms of predicates covered by
/// `inv`, sorted: the only ones a balance check depends on.
pub fn relevant_terms(
    schema: &Schema,
    inv: &Invariant,
    params: &mut Vec<u32>,
    consts: &mut Vec<u32>,
) {
    params.clear();
    consts.clear();
    let atoms = schema
        .pos
        .iter()
        .chain(&schema.neg)
        .chain(&schema.add)
        .chain(&schema.del);
    for atom in atoms.filter(|a| inv.covers(a.pred)) {
        for &arg in &atom.args {
            match arg {
                Arg::Var(p) => params.push(p),
                Arg::Obj(c) => consts.push(c),
            }
        }
    }
    params.sort_unstable();
    params.dedup();
    consts.sort_unstable();
    consts.dedup();
}

/// The atoms of `atoms` whose predicate `inv` covers, with their indices.
fn covered<'a>(atoms: &'a [LAtom], inv: &Invariant) -> Vec<(usize, Covered<'a>)> {
    atoms
        .iter()
        .enumerate()
        .filter_map(|(i, a)| inv.part(a.pred).map(|part| (i, Covered::new(a, part))))
        .collect()
}

#[cfg(test)]
mod tests;
