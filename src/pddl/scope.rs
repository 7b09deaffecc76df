//! Name resolution for atoms: which predicate a name stands for, which
//! variables an action may use, which objects a problem has, and whether an
//! object's type fits the predicate's parameter.
//!
//! Example: in a problem, `(at truck1 depot)` resolves `at` to the domain's
//! predicate, checks that it takes two arguments, and that `truck1` and
//! `depot` are objects whose types fit `at`'s parameters.

use super::ast::{Atom, Domain, Literal, Name, Problem, Signature, Source, Term, TypedName};
use super::error::PddlError;
use super::suggest::{plural, suggest};
use super::types::TypeTable;
use std::collections::HashMap;

/// What names are visible where an atom is checked.
pub(super) struct Scope<'a> {
    pub(super) domain: &'a Domain,
    pub(super) types: &'a TypeTable<'a>,
    pub(super) predicates: &'a HashMap<&'a str, &'a Signature>,
    /// The action's parameters (empty in a problem).
    pub(super) parameters: &'a [TypedName],
    /// The same parameters by name.
    pub(super) parameter_names: &'a HashMap<&'a str, &'a TypedName>,
    /// Domain constants (in an action body).
    pub(super) constants: &'a HashMap<&'a str, &'a Name>,
    /// In a problem: the problem and its objects (constants included).
    pub(super) objects: Option<(&'a Problem, &'a HashMap<&'a str, &'a TypedName>)>,
}

impl Scope<'_> {
    fn source(&self) -> &Source {
        match self.objects {
            Some((problem, _)) => &problem.source,
            None => &self.domain.source,
        }
    }

    pub(super) fn literal(&self, literal: &Literal) -> Result<(), PddlError> {
        match literal {
            Literal::Atom { atom, .. } => self.atom(atom),
            Literal::Equality { left, right, .. } => {
                self.term(left)?;
                self.term(right)
            }
        }
    }

    pub(super) fn atom(&self, atom: &Atom) -> Result<(), PddlError> {
        let source = self.source();
        let Some(sig) = self.predicates.get(atom.predicate.text.as_str()) else {
            return Err(PddlError::invalid(
                source,
                atom.predicate.span,
                format!(
                    "unknown predicate `{}`; expected one declared in `:predicates`{}",
                    atom.predicate.text,
                    suggest(&atom.predicate.text, self.predicates.keys().copied())
                ),
            ));
        };
        if sig.parameters.len() != atom.args.len() {
            return Err(PddlError::invalid(
                source,
                atom.span,
                format!(
                    "predicate `{}` takes {} argument{}, got {}",
                    atom.predicate.text,
                    sig.parameters.len(),
                    plural(sig.parameters.len()),
                    atom.args.len()
                ),
            ));
        }
        for (arg, param) in atom.args.iter().zip(&sig.parameters) {
            self.term(arg)?;
            if let (Some(_), Term::Constant(name)) = (self.objects, arg) {
                self.object_of_type(name, &param.ty.text)?;
            }
        }
        Ok(())
    }

    /// A term is a parameter of the action, a domain constant, or (in a
    /// problem) an object.
    pub(super) fn term(&self, term: &Term) -> Result<(), PddlError> {
        let source = self.source();
        match term {
            Term::Variable(v) => {
                if self.objects.is_some() {
                    return Err(PddlError::invalid(
                        source,
                        v.span,
                        format!(
                            "variable `{}` outside an action; expected an object name",
                            v.text
                        ),
                    ));
                }
                if !self.parameter_names.contains_key(v.text.as_str()) {
                    let params: Vec<&str> = self
                        .parameters
                        .iter()
                        .map(|p| p.name.text.as_str())
                        .collect();
                    return Err(PddlError::invalid(
                        source,
                        v.span,
                        format!(
                            "variable `{}` is not a parameter of this action; expected one of: {}",
                            v.text,
                            if params.is_empty() {
                                "(the action has no parameters)".to_string()
                            } else {
                                crate::snippet::list(params.into_iter(), 12).replace(", ", " ")
                            }
                        ),
                    ));
                }
                Ok(())
            }
            Term::Constant(c) => match self.objects {
                Some((_, objects)) => {
                    if objects.contains_key(c.text.as_str()) {
                        Ok(())
                    } else {
                        Err(PddlError::invalid(
                            source,
                            c.span,
                            format!(
                                "unknown object `{}`; expected one declared in `:objects` or the \
                                 domain's `:constants`{}",
                                c.text,
                                suggest(&c.text, objects.keys().copied())
                            ),
                        ))
                    }
                }
                None => {
                    if self.constants.contains_key(c.text.as_str()) {
                        Ok(())
                    } else {
                        Err(PddlError::invalid(
                            source,
                            c.span,
                            format!(
                                "unknown constant `{}`; expected a parameter such as `?x` or a \
                                 constant declared in `:constants`{}",
                                c.text,
                                suggest(&c.text, self.constants.keys().copied())
                            ),
                        ))
                    }
                }
            },
        }
    }

    /// In a problem: `name` is an object whose type fits `ty`.
    pub(super) fn object_of_type(&self, name: &Name, ty: &str) -> Result<(), PddlError> {
        let Some((problem, objects)) = self.objects else {
            return Ok(());
        };
        let Some(object) = objects.get(name.text.as_str()) else {
            return Err(PddlError::invalid(
                &problem.source,
                name.span,
                format!(
                    "unknown object `{}`; expected one declared in `:objects` or the domain's \
                     `:constants`{}",
                    name.text,
                    suggest(&name.text, objects.keys().copied())
                ),
            ));
        };
        if self.types.is_subtype(&object.ty.text, ty) {
            return Ok(());
        }
        Err(PddlError::invalid(
            &problem.source,
            name.span,
            format!(
                "object `{}` has type `{}`, but this argument expects type `{ty}`",
                name.text, object.ty.text
            ),
        ))
    }
}
