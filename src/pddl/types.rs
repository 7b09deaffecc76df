//! Type hierarchies: `(:types car truck - vehicle vehicle - object)` makes
//! `car` and `truck` subtypes of `vehicle`, and every type a subtype of
//! `object`. An object of type `car` may stand where a `vehicle` is expected,
//! not the other way round.
//!
//! A type declared twice with different parents has them all, as in Fast
//! Downward's translator: IPC 2006 Storage declares `area - object` and then
//! `area crate - surface`, so an `area` is a `surface` too. The ancestors of a
//! type are its parents, their parents, and so on along every chain. A parent
//! named only after `-` is declared implicitly. A type that is its own
//! ancestor (`a - b b - a`) is most likely a slip, but it has one meaning,
//! Fast Downward's: each type of the cycle is an ancestor of the others, so
//! they are one type. The checker warns, and every walk below stops at the
//! types it has seen.

use super::ast::{Condition, Domain, Literal, Name, Source, either_members};
use super::error::{PddlError, Warning};
use super::suggest::suggest;
use crate::util::hash::{FastMap, FastSet};

/// Each declared type's parents: the whole hierarchy, without checks. The
/// checker ([`TypeTable`]), the grounder and the validator all ask this one
/// table, so they agree on which objects are of which type.
#[derive(Debug)]
pub(crate) struct TypeHierarchy<'a> {
    /// Each type's parents in the order declared, with the index in
    /// `Domain::types` of the declaration that names each (for errors). A
    /// parent named only after `-` has no entry of its own and no parents:
    /// it is a child of `object`, as every type is.
    parents: FastMap<&'a str, Vec<(&'a str, usize)>>,
}

impl<'a> TypeHierarchy<'a> {
    /// The hierarchy of `domain`'s `:types`. Declarations the checker refuses
    /// (a parent for `object`, an `either` parent) are left out; a cycle is
    /// kept, and every walk below stops at types it has seen.
    pub(crate) fn new(domain: &'a Domain) -> Self {
        let mut parents: FastMap<&str, Vec<(&str, usize)>> = FastMap::default();
        for (i, t) in domain.types.iter().enumerate() {
            if t.name.text == "object" || either_members(&t.ty.text).is_some() {
                continue;
            }
            let list = parents.entry(&t.name.text).or_default();
            if !list.iter().any(|&(p, _)| p == t.ty.text) {
                list.push((&t.ty.text, i));
            }
        }
        for t in &domain.types {
            if t.ty.text != "object" && either_members(&t.ty.text).is_none() {
                parents.entry(&t.ty.text).or_default();
            }
        }
        TypeHierarchy { parents }
    }

    /// Whether `ty` is `object` or a type of `:types` (declared or named as a
    /// parent).
    pub(crate) fn is_declared(&self, ty: &str) -> bool {
        ty == "object" || self.parents.contains_key(ty)
    }

    /// The proper ancestors of `ty`, each once, nearest first (breadth-first,
    /// parents in declaration order); `object` only where declared as a
    /// parent, though every type descends from it.
    pub(crate) fn supertypes(&self, ty: &str) -> Vec<&'a str> {
        let mut found: Vec<&'a str> = Vec::new();
        let mut seen: FastSet<&str> = FastSet::from_iter([ty]);
        let mut next = 0;
        let mut at: Option<&str> = Some(ty);
        while let Some(t) = at {
            for &(p, _) in self.parents.get(t).into_iter().flatten() {
                if seen.insert(p) {
                    found.push(p);
                }
            }
            at = found.get(next).copied();
            next += 1;
        }
        found
    }

    /// Whether `ty` is `ancestor` or one of its descendants; either may be an
    /// `(either ...)` type (an object of `(either a b)` is of both types).
    pub(crate) fn is_subtype(&self, ty: &str, ancestor: &str) -> bool {
        if let Some(mut members) = either_members(ancestor) {
            return members.any(|m| self.is_subtype(ty, m));
        }
        if let Some(mut members) = either_members(ty) {
            return members.any(|m| self.is_subtype(m, ancestor));
        }
        if ty == ancestor || ancestor == "object" {
            return true;
        }
        // A chain of single parents (the common case) is walked without
        // allocating; the step bound stops it on a cycle.
        let mut at = ty;
        for _ in 0..=self.parents.len() {
            match self.parents.get(at).map(Vec::as_slice) {
                Some(&[(p, _)]) if p == ancestor => return true,
                Some(&[(p, _)]) => at = p,
                Some([]) | None => return false,
                Some(_) => return self.supertypes(at).contains(&ancestor),
            }
        }
        false
    }

    /// The declarations `t - p` whose parent `p` descends from `t`, making `t`
    /// its own ancestor: their indices in `Domain::types`, empty when the
    /// hierarchy has no cycle, and at least one for each cycle. A depth-first
    /// search from each type in file order, so the same text always names
    /// the same declarations.
    fn cycles(&self, domain: &Domain) -> Vec<usize> {
        let mut closing = Vec::new();
        // A type is absent (unvisited), `false` (on the search path) or `true` (done).
        let mut done: FastMap<&str, bool> = FastMap::default();
        for t in &domain.types {
            let root = t.name.text.as_str();
            if done.contains_key(root) {
                continue;
            }
            done.insert(root, false);
            // (type, how many of its parents were followed)
            let mut path: Vec<(&str, usize)> = vec![(root, 0)];
            while let Some((at, followed)) = path.last_mut() {
                let parents = self.parents.get(*at).map_or(&[][..], Vec::as_slice);
                let Some(&(p, _)) = parents.get(*followed) else {
                    done.insert(*at, true);
                    path.pop();
                    continue;
                };
                *followed += 1;
                match done.get(p) {
                    None => {
                        done.insert(p, false);
                        path.push((p, 0));
                    }
                    // `p` is on the path: the edge it took closes a cycle.
                    Some(false) => {
                        let edge = (path.iter().find(|&&(t, _)| t == p)).and_then(|&(_, taken)| {
                            self.parents.get(p)?.get(taken.checked_sub(1)?)
                        });
                        closing.extend(edge.map(|&(_, i)| i));
                    }
                    Some(true) => {}
                }
            }
        }
        closing
    }
}

/// The types used as predicates in conditions, `(truck ?x)`: the names of
/// atoms in preconditions, `when` conditions, rule bodies and `goal` that no
/// predicate declares but a type does, each once, sorted. Such an atom is a
/// type test, true when its argument is of that type (or a subtype), as in
/// Fast Downward's translator: the grounder and the validator both read it
/// as a static predicate whose atoms are the objects of the type.
pub(crate) fn type_tests<'a>(domain: &'a Domain, goal: &'a Condition) -> Vec<&'a str> {
    let hierarchy = TypeHierarchy::new(domain);
    let declared: FastSet<&str> = (domain.predicates.iter())
        .map(|p| p.name.text.as_str())
        .collect();
    let conditions = (domain.actions.iter())
        .flat_map(|a| {
            std::iter::once(&a.precondition)
                .chain(a.effect.conditional.iter().flat_map(|c| &c.condition))
        })
        .chain(domain.derived.iter().map(|d| &d.body))
        .chain(std::iter::once(goal));
    let mut tests = std::collections::BTreeSet::new();
    for condition in conditions {
        for literal in condition.literals() {
            if let Literal::Atom { atom, .. } = literal {
                let name = atom.predicate.text.as_str();
                if !declared.contains(name) && hierarchy.is_declared(name) {
                    tests.insert(name);
                }
            }
        }
    }
    tests.into_iter().collect()
}

/// The declared types, checked: the hierarchy and the checker's errors.
pub(super) struct TypeTable<'a> {
    hierarchy: TypeHierarchy<'a>,
    domain: &'a Domain,
}

impl<'a> TypeTable<'a> {
    pub(super) fn new(domain: &'a Domain) -> Result<Self, PddlError> {
        for t in &domain.types {
            if either_members(&t.ty.text).is_some() {
                return Err(PddlError::unsupported(
                    &domain.source,
                    t.ty.span,
                    "a type with an `either` parent is not supported; expected one parent type",
                ));
            }
            if t.name.text == "object" && t.ty.text != "object" {
                return Err(PddlError::invalid(
                    &domain.source,
                    t.ty.span,
                    "type `object` is the root of every hierarchy; it cannot have a parent",
                ));
            }
        }
        let hierarchy = TypeHierarchy::new(domain);
        Ok(TypeTable { hierarchy, domain })
    }

    /// A warning for each declaration that closes a cycle in `:types`.
    pub(super) fn cycle_warnings(&self) -> Vec<Warning> {
        let mut closing = self.hierarchy.cycles(self.domain);
        closing.sort_unstable();
        closing.dedup();
        (closing.into_iter())
            .map(|i| {
                let t = &self.domain.types[i];
                Warning::new(
                    &self.domain.source,
                    t.name.span,
                    format!(
                        "type `{}` is its own ancestor (a cycle in `:types`); the types of the \
                         cycle are read as one type, as Fast Downward reads them",
                        t.name.text
                    ),
                )
            })
            .collect()
    }

    pub(super) fn is_declared(&self, ty: &str) -> bool {
        self.hierarchy.is_declared(ty)
    }

    /// Checks that `ty` (or each member of an `(either ...)` type) is declared.
    pub(super) fn check_declared(&self, ty: &Name, source: &Source) -> Result<(), PddlError> {
        let unknown = match either_members(&ty.text) {
            Some(mut members) => members.find(|m| !self.is_declared(m)),
            None => (!self.is_declared(&ty.text)).then_some(ty.text.as_str()),
        };
        let Some(unknown) = unknown else {
            return Ok(());
        };
        Err(PddlError::invalid(
            source,
            ty.span,
            format!(
                "unknown type `{unknown}`; expected `object` or a type declared in `:types`{}",
                suggest(
                    unknown,
                    self.domain.types.iter().map(|t| t.name.text.as_str())
                )
            ),
        ))
    }

    /// Whether `ty` is `ancestor` or one of its descendants (see
    /// [`TypeHierarchy::is_subtype`]).
    pub(super) fn is_subtype(&self, ty: &str, ancestor: &str) -> bool {
        self.hierarchy.is_subtype(ty, ancestor)
    }
}

#[cfg(test)]
mod tests;
