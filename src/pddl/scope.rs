//! Name resolution for atoms: which predicate a name stands for, which
//! variables an action may use, which objects a problem has, and whether an
//! object's type fits the predicate's parameter.
//!
//! Example: in a problem, `(at truck1 depot)` resolves `at` to the domain's
//! predicate, checks that it takes two arguments, and that `truck1` and
//! `depot` are objects whose types fit `at`'s parameters.

use super::ast::{
    Atom, Condition, Domain, Literal, Name, Problem, Signature, Source, Term, TypedName,
};
use super::check::MAX_PARAMETERS;
use super::error::PddlError;
use super::suggest::{plural, suggest};
use super::types::TypeTable;
use std::collections::HashMap;

/// What names are visible where an atom is checked.
pub(super) struct Scope<'a> {
    pub(super) domain: &'a Domain,
    pub(super) types: &'a TypeTable<'a>,
    pub(super) predicates: &'a HashMap<&'a str, &'a Signature>,
    /// The variables in scope: the action's parameters (none in a problem)
    /// and the variables of the enclosing quantifiers, innermost last.
    pub(super) parameters: Vec<&'a TypedName>,
    /// The same variables by name (an inner quantifier shadows an outer one).
    pub(super) parameter_names: HashMap<&'a str, &'a TypedName>,
    /// Domain constants (in an action body).
    pub(super) constants: &'a HashMap<&'a str, &'a Name>,
    /// In a problem: the problem and its objects (constants included).
    pub(super) objects: Option<(&'a Problem, &'a HashMap<&'a str, &'a TypedName>)>,
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
        crate::deep(|| self.condition_here(condition))
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
