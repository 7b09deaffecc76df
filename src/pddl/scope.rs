//! Name resolution for atoms: which predicate a name stands for, which
//! variables an action may use, which objects a problem has, and whether an
//! object's type fits the predicate's parameter.
//!
//! Example: in a problem, `(at truck1 depot)` resolves `at` to the domain's
//! predicate, checks that it takes two arguments, and that `truck1` and
//! `depot` are objects whose types fit `at`'s parameters (an object that does
//! not fit is a warning: Fast Downward does not check, and keeps the atom).
//!
//! In a condition, a type used as a predicate, `(truck ?x)`, is a *type
//! test*, true when the argument is of type `truck` (or a subtype), as in
//! Fast Downward's translator; a declared predicate of the same name wins.

use super::ast::{
    Atom, Condition, Domain, Literal, Name, Problem, Signature, Source, Span, Term, TypedName,
};
use super::check::MAX_PARAMETERS;
use super::error::{PddlError, Warning};
use super::suggest::{plural, suggest};
use super::types::TypeTable;
use crate::util::hash::FastMap;
use std::cell::RefCell;
use std::collections::BTreeSet;

/// The warnings found while checking one file.
#[derive(Default)]
pub(super) struct Warnings {
    list: RefCell<Vec<Warning>>,
    /// The types already warned about as used as a predicate (once each).
    type_tests: RefCell<BTreeSet<String>>,
}

impl Warnings {
    pub(super) fn push(&self, source: &Source, span: Span, message: impl Into<String>) {
        self.list
            .borrow_mut()
            .push(Warning::new(source, span, message));
    }

    pub(super) fn push_warning(&self, warning: Warning) {
        self.list.borrow_mut().push(warning);
    }

    /// The warnings in the order of their positions in the file.
    pub(super) fn into_sorted(self) -> Vec<Warning> {
        let mut list = self.list.into_inner();
        list.sort_by_key(|w| (w.line, w.column));
        list
    }
}

/// What names are visible where an atom is checked.
pub(super) struct Scope<'a> {
    pub(super) domain: &'a Domain,
    pub(super) types: &'a TypeTable<'a>,
    pub(super) predicates: &'a FastMap<&'a str, &'a Signature>,
    /// The variables in scope: the action's parameters (none in a problem)
    /// and the variables of the enclosing quantifiers, innermost last.
    pub(super) parameters: Vec<&'a TypedName>,
    /// The same variables by name (an inner quantifier shadows an outer one).
    pub(super) parameter_names: FastMap<&'a str, &'a TypedName>,
    /// Domain constants (in an action body).
    pub(super) constants: &'a FastMap<&'a str, &'a Name>,
    /// In a problem: the problem and its objects (constants included).
    pub(super) objects: Option<(&'a Problem, &'a FastMap<&'a str, &'a TypedName>)>,
    pub(super) warnings: &'a Warnings,
}

impl<'a> Scope<'a> {
    /// The scope inside a quantifier or `forall` effect over `vars`, of at
    /// most [`MAX_PARAMETERS`] variables (like an action's parameters: the
    /// normaliser and the validator bind them one recursion level each).
    pub(super) fn with_vars(&self, vars: &'a [TypedName]) -> Result<Scope<'a>, PddlError> {
        if let Some(v) = vars.get(MAX_PARAMETERS) {
            return Err(PddlError::unsupported(
                self.source(),
                v.name.span,
                format!(
                    "a quantifier over more than {MAX_PARAMETERS} variables (planbox's limit; \
                     this one has {})",
                    vars.len()
                ),
            ));
        }
        let mut inner = Scope {
            domain: self.domain,
            types: self.types,
            predicates: self.predicates,
            parameters: self.parameters.clone(),
            parameter_names: self.parameter_names.clone(),
            constants: self.constants,
            objects: self.objects,
            warnings: self.warnings,
        };
        for v in vars {
            self.types.check_declared(&v.ty, self.source())?;
            inner.parameters.push(v);
            inner.parameter_names.insert(&v.name.text, v);
        }
        Ok(inner)
    }

    /// Checks every atom and term of a condition, with quantified variables
    /// in scope inside their quantifier.
    pub(super) fn condition(&self, condition: &'a Condition) -> Result<(), PddlError> {
        crate::util::deep(|| self.condition_here(condition))
    }

    fn condition_here(&self, condition: &'a Condition) -> Result<(), PddlError> {
        match condition {
            Condition::Literal(l) => self.literal(l),
            Condition::And(parts, _) | Condition::Or(parts, _) => {
                parts.iter().try_for_each(|p| self.condition(p))
            }
            Condition::Not(inner, _) => self.condition(inner),
            Condition::Imply(a, b, _) => {
                self.condition(a)?;
                self.condition(b)
            }
            Condition::Exists(vars, body, _) | Condition::Forall(vars, body, _) => {
                self.with_vars(vars)?.condition(body)
            }
        }
    }

    fn source(&self) -> &'a Source {
        match self.objects {
            Some((problem, _)) => &problem.source,
            None => &self.domain.source,
        }
    }

    pub(super) fn literal(&self, literal: &Literal) -> Result<(), PddlError> {
        match literal {
            Literal::Atom { atom, .. } => self.condition_atom(atom),
            Literal::Equality { left, right, .. } => {
                self.term(left)?;
                self.term(right)
            }
        }
    }

    /// An atom in a condition: of a declared predicate, or a type test.
    fn condition_atom(&self, atom: &Atom) -> Result<(), PddlError> {
        let name = atom.predicate.text.as_str();
        if self.predicates.contains_key(name) || !self.types.is_declared(name) {
            return self.atom(atom);
        }
        if atom.args.len() != 1 {
            return Err(PddlError::invalid(
                self.source(),
                atom.span,
                format!(
                    "`{name}` is a type; used as a predicate it tests the type of 1 argument, \
                     got {}",
                    atom.args.len()
                ),
            ));
        }
        self.term(&atom.args[0])?;
        if self
            .warnings
            .type_tests
            .borrow_mut()
            .insert(name.to_string())
        {
            self.warnings.push(
                self.source(),
                atom.predicate.span,
                format!(
                    "`{name}` is a type, not a predicate; read as a type test, true when the \
                     argument is of type `{name}` (as Fast Downward reads it)"
                ),
            );
        }
        Ok(())
    }

    /// An atom of a declared predicate, with the declared arity; in a
    /// problem, of objects whose types fit (or a warning).
    pub(super) fn atom(&self, atom: &Atom) -> Result<(), PddlError> {
        let source = self.source();
        let Some(sig) = self.predicates.get(atom.predicate.text.as_str()) else {
            let name = &atom.predicate.text;
            // A type may be tested in a condition, but not set.
            let why = match self.objects {
                _ if !self.types.is_declared(name) => String::new(),
                Some(_) => format!(
                    " (`{name}` is a type: the objects of type `{name}` are those declared so in \
                     `:objects` or `:constants`)"
                ),
                None => format!(" (`{name}` is a type: an effect cannot change an object's type)"),
            };
            return Err(PddlError::invalid(
                source,
                atom.predicate.span,
                format!(
                    "unknown predicate `{name}`; expected one declared in `:predicates`{}{why}",
                    suggest(name, self.predicates.keys().copied())
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
                if self.objects.is_some() && !self.parameter_names.contains_key(v.text.as_str()) {
                    return Err(PddlError::invalid(
                        source,
                        v.span,
                        format!(
                            "variable `{}` outside an action or quantifier; expected an object \
                             name",
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
                            "variable `{}` is not a parameter of this action or a quantified \
                             variable in scope; expected one of: {}",
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

    /// In a problem: `name` is an object, whose type fits `ty` (else a
    /// warning: Fast Downward does not check, and keeps the atom as written).
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
        if !self.types.is_subtype(&object.ty.text, ty) {
            self.warnings.push(
                &problem.source,
                name.span,
                format!(
                    "object `{}` has type `{}`, but this argument expects type `{ty}`; \
                     the atom is kept as written (Fast Downward does not check)",
                    name.text, object.ty.text
                ),
            );
        }
        Ok(())
    }
}
