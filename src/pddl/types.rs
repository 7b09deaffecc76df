//! Type hierarchies: `(:types car truck - vehicle vehicle - object)` makes
//! `car` and `truck` subtypes of `vehicle`, and every type a subtype of
//! `object`. An object of type `car` may stand where a `vehicle` is expected,
//! not the other way round.
//!
//! A parent named only after `-` is declared implicitly; a type that is its
//! own ancestor is an error.

use super::ast::{Domain, Name, Source, either_members};
use super::error::PddlError;
use super::suggest::{position, suggest};
use std::collections::HashMap;

/// The declared types and their parents.
pub(super) struct TypeTable<'a> {
    parent: HashMap<&'a str, &'a str>,
    domain: &'a Domain,
}

impl<'a> TypeTable<'a> {
    pub(super) fn new(domain: &'a Domain) -> Result<Self, PddlError> {
        let mut parent: HashMap<&str, &str> = HashMap::new();
        let mut declared_at: HashMap<&str, &Name> = HashMap::new();
        for t in &domain.types {
            if either_members(&t.ty.text).is_some() {
                return Err(PddlError::unsupported(
                    &domain.source,
                    t.ty.span,
                    "a type with an `either` parent is not supported; expected one parent type",
                ));
            }
            if t.name.text == "object" {
                if t.ty.text != "object" {
                    return Err(PddlError::invalid(
                        &domain.source,
                        t.ty.span,
                        "type `object` is the root of every hierarchy; it cannot have a parent",
                    ));
                }
                continue;
            }
            if let Some(first) = declared_at.insert(&t.name.text, &t.name) {
                // `a - t1 a - t2` is an `either` in disguise; the same parent twice is harmless.
                if parent.get(t.name.text.as_str()) != Some(&t.ty.text.as_str()) {
                    return Err(PddlError::invalid(
                        &domain.source,
                        t.name.span,
                        format!(
                            "type `{}` is declared twice with different parents (first at {})",
                            t.name.text,
                            position(&domain.source, first.span)
                        ),
                    ));
                }
            }
            parent.insert(&t.name.text, &t.ty.text);
        }
        // A parent named only after `-` (`truck - vehicle` with no `vehicle`
        // entry of its own) is declared implicitly, as a child of `object`.
        for t in &domain.types {
            if t.ty.text != "object" && !parent.contains_key(t.ty.text.as_str()) {
                parent.insert(&t.ty.text, "object");
            }
        }
        let table = TypeTable { parent, domain };
        for t in &domain.types {
            // Walk up; more steps than types means a cycle.
            let mut at = t.name.text.as_str();
            for _ in 0..=table.parent.len() {
                match table.parent.get(at) {
                    Some(&p) => at = p,
                    None => break,
                }
            }
            if table.parent.contains_key(at) {
                return Err(PddlError::invalid(
                    &domain.source,
                    t.name.span,
                    format!(
                        "type `{}` is its own ancestor (a cycle in `:types`)",
                        t.name.text
                    ),
                ));
            }
        }
        Ok(table)
    }

    pub(super) fn is_declared(&self, ty: &str) -> bool {
        ty == "object" || self.parent.contains_key(ty)
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

    /// Whether `ty` is `ancestor` or one of its descendants; either may be an
    /// `(either ...)` type (an object of `(either a b)` is of both types).
    pub(super) fn is_subtype(&self, ty: &str, ancestor: &str) -> bool {
        if let Some(mut members) = either_members(ancestor) {
            return members.any(|m| self.is_subtype(ty, m));
        }
        if let Some(mut members) = either_members(ty) {
            return members.any(|m| self.is_subtype(m, ancestor));
        }
        self.is_plain_subtype(ty, ancestor)
    }

    fn is_plain_subtype(&self, ty: &str, ancestor: &str) -> bool {
        let mut ty: &str = ty;
        if ancestor == "object" {
            return true;
        }
        for _ in 0..=self.parent.len() {
            if ty == ancestor {
                return true;
            }
            match self.parent.get(ty) {
                Some(&p) => ty = p,
                None => return false,
            }
        }
        false
    }
}
