//! Semantic checks: every name is declared, used with the right number of
//! arguments, and objects have the types the predicates ask for.
//!
//! PDDL is a typed language. A declaration `(:predicates (at ?t - truck ?l - location))`
//! promises that `at` always takes two arguments, a truck and then a location. The
//! checker holds every use to that promise and reports the first broken one at
//! its position, so a problem like `(at depot1 truck1)` (arguments swapped) is
//! caught before grounding rather than silently producing an empty task.
//!
//! Rules checked here:
//!
//! * requirements are known and supported (others are refused by name, exit 34);
//! * constants, objects, predicates, functions and actions are declared once
//!   (a type declared twice with different parents has both, as in Fast
//!   Downward);
//! * atoms use declared predicates with the declared arity (in a condition, a
//!   type may stand for a predicate: `(truck ?x)` tests the type);
//! * action bodies use only their own parameters, the variables of enclosing
//!   quantifiers and `forall` effects, and domain constants;
//! * derived predicates are declared, set by no action, and not defined
//!   through their own negation (the rules must be *stratified*, so that
//!   evaluating them stratum by stratum gives one well-defined state);
//! * in `:init` and `:goal`, every argument is an object or constant, whose
//!   type fits the predicate's parameter (else a warning, see below);
//! * a problem's `(:domain ...)` names the domain it is checked against.
//!
//! Where the input breaks a rule but has one clear meaning, Fast Downward's,
//! the checker reads it so and returns a [`Warning`] instead of an error: a
//! cycle in `:types` (its types are one), a predicate declared twice with the
//! same parameters, `(not ...)` in `:init` (the atom is false anyway), an
//! object whose type does not fit its predicate in `:init` or `:goal` (the
//! atom is kept), a type used as a predicate in a condition, and the
//! requirement `:negation`. What has no single meaning stays an error: a
//! predicate declared twice with different parameters, an action declared
//! twice (a plan names its actions), an atom both in `:init` and negated there.

mod derived;

pub(crate) use derived::signed_literals;
use derived::{check_derived, not_derived};

use crate::pddl::ast::{
    Atom, Condition, CostExpr, Derived, Domain, Literal, Name, Problem, Signature, Span, TypedName,
};
use crate::pddl::error::{PddlError, Warning};
use crate::pddl::scope::{Scope, Warnings};
use crate::pddl::suggest::{plural, position, suggest};
use crate::pddl::types::TypeTable;
use crate::util::hash::FastMap;

/// Requirements planbox supports.
const SUPPORTED: &[&str] = &[
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":equality",
    ":action-costs",
    ":adl",
    ":conditional-effects",
    ":disjunctive-preconditions",
    ":existential-preconditions",
    ":universal-preconditions",
    ":quantified-preconditions",
    ":derived-predicates",
];

/// Requirements of PDDL that planbox knows and refuses, with what they add.
const REFUSED: &[(&str, &str)] = &[
    (":durative-actions", "durative actions"),
    (":duration-inequalities", "duration inequalities"),
    (":continuous-effects", "continuous effects"),
    (":numeric-fluents", "numeric fluents"),
    (":fluents", "numeric fluents"),
    (":object-fluents", "object fluents"),
    (":timed-initial-literals", "timed initial literals"),
    (":preferences", "preferences"),
    (":constraints", "state-trajectory constraints"),
];

/// Checks a parsed domain: the first error, or the warnings (in file order).
pub fn check_domain(domain: &Domain) -> Result<Vec<Warning>, PddlError> {
    let err = |span, msg: String| PddlError::invalid(&domain.source, span, msg);
    let warnings = Warnings::default();
    check_requirements(&domain.requirements, &domain.source, &warnings)?;

    // Types: no parent for `object`; a cycle is one type.
    let types = TypeTable::new(domain)?;
    for w in types.cycle_warnings() {
        warnings.push_warning(w);
    }

    let mut constants: FastMap<&str, &Name> = FastMap::default();
    for c in &domain.constants {
        types.check_declared(&c.ty, &domain.source)?;
        declare_once(
            &mut constants,
            &c.name,
            &c.name,
            "constant",
            &domain.source,
            |v| v.span,
        )?;
    }

    let mut predicates: FastMap<&str, &Signature> = FastMap::default();
    for p in &domain.predicates {
        check_parameters(&p.parameters, &types, &domain.source, "predicate")?;
        if p.name.text == "=" {
            return Err(err(
                p.name.span,
                "`=` is built in; expected another predicate name".into(),
            ));
        }
        let Some(first) = predicates.get(p.name.text.as_str()) else {
            predicates.insert(&p.name.text, p);
            continue;
        };
        let at = position(&domain.source, first.name.span);
        if same_parameters(first, p) {
            warnings.push(
                &domain.source,
                p.name.span,
                format!(
                    "predicate `{}` is declared twice (first at {at}), with the same parameters; \
                     read as one predicate, as Fast Downward reads it",
                    p.name.text
                ),
            );
        } else {
            return Err(err(
                p.name.span,
                format!(
                    "predicate `{}` is declared twice with different parameters: {} here, {} at \
                     {at}; expected one declaration",
                    p.name.text,
                    parameters_text(p),
                    parameters_text(first)
                ),
            ));
        }
    }

    let mut functions: FastMap<&str, &Signature> = FastMap::default();
    for f in &domain.functions {
        check_parameters(&f.parameters, &types, &domain.source, "function")?;
        declare_once(
            &mut functions,
            &f.name,
            f,
            "function",
            &domain.source,
            |v| v.name.span,
        )?;
    }

    let mut actions: FastMap<&str, &Name> = FastMap::default();
    for action in &domain.actions {
        // Fast Downward keeps both actions, but a plan names its steps by
        // action, so the plan would not say which one it took.
        if let Some(first) = actions.get(action.name.text.as_str()) {
            return Err(err(
                action.name.span,
                format!(
                    "duplicate action `{}` (first declared at {}); expected a name of its own, \
                     as plans name the actions they take",
                    action.name.text,
                    position(&domain.source, first.span)
                ),
            ));
        }
        actions.insert(&action.name.text, &action.name);
        let names = check_parameters(&action.parameters, &types, &domain.source, "action")?;
        let scope = Scope {
            domain,
            types: &types,
            predicates: &predicates,
            parameters: action.parameters.iter().collect(),
            parameter_names: names,
            constants: &constants,
            objects: None,
            warnings: &warnings,
        };
        scope.condition(&action.precondition)?;
        for atom in action.effect.add.iter().chain(&action.effect.del) {
            scope.atom(atom)?;
            not_derived(
                domain,
                atom.predicate.span,
                &atom.predicate.text,
                &action.name,
            )?;
        }
        for c in &action.effect.conditional {
            let inner = scope.with_vars(&c.vars)?;
            for condition in &c.condition {
                inner.condition(condition)?;
            }
            for atom in c.add.iter().chain(&c.del) {
                inner.atom(atom)?;
                not_derived(
                    domain,
                    atom.predicate.span,
                    &atom.predicate.text,
                    &action.name,
                )?;
            }
        }
        for cost in &action.effect.cost {
            if let CostExpr::Function { name, args, span } = cost {
                let Some(sig) = functions.get(name.text.as_str()) else {
                    return Err(err(
                        name.span,
                        format!(
                            "unknown function `{}`; expected one declared in `:functions`{}",
                            name.text,
                            suggest(&name.text, functions.keys().copied())
                        ),
                    ));
                };
                if sig.parameters.len() != args.len() {
                    return Err(err(
                        *span,
                        format!(
                            "function `{}` takes {} argument{}, got {}",
                            name.text,
                            sig.parameters.len(),
                            plural(sig.parameters.len()),
                            args.len()
                        ),
                    ));
                }
                for t in args {
                    scope.term(t)?;
                }
            }
        }
        if !action.effect.cost.is_empty() && !functions.contains_key("total-cost") {
            return Err(err(
                action.name.span,
                format!(
                    "action `{}` increases `total-cost`, but the domain does not declare it; \
                     expected `(:functions (total-cost) - number)`",
                    action.name.text
                ),
            ));
        }
    }
    check_derived(domain, &types, &predicates, &constants, &warnings)?;
    Ok(warnings.into_sorted())
}

/// Whether two declarations of a predicate have the same parameters: as
/// many, with the same types (the variable names do not matter).
fn same_parameters(a: &Signature, b: &Signature) -> bool {
    a.parameters.len() == b.parameters.len()
        && (a.parameters.iter())
            .zip(&b.parameters)
            .all(|(x, y)| x.ty.text == y.ty.text)
}

/// A declaration's parameters as the message shows them: `(?x - a ?y - b)`.
fn parameters_text(p: &Signature) -> String {
    let each: Vec<String> = (p.parameters.iter())
        .map(|t| format!("{} - {}", t.name.text, t.ty.text))
        .collect();
    format!("`({})`", each.join(" "))
}

/// Checks a parsed problem against its (checked) domain: the first error, or
/// the warnings about the problem file (in file order).
pub fn check_problem(domain: &Domain, problem: &Problem) -> Result<Vec<Warning>, PddlError> {
    let err = |span, msg: String| PddlError::invalid(&problem.source, span, msg);
    let warnings = Warnings::default();
    if problem.domain.text != domain.name.text {
        return Err(err(
            problem.domain.span,
            format!(
                "problem `{}` is for domain `{}`, but the domain file defines `{}`",
                problem.name.text, problem.domain.text, domain.name.text
            ),
        ));
    }
    check_requirements(&problem.requirements, &problem.source, &warnings)?;
    let types = TypeTable::new(domain)?;

    let mut objects: FastMap<&str, &TypedName> = FastMap::default();
    for c in &domain.constants {
        objects.insert(&c.name.text, c);
    }
    for o in &problem.objects {
        types.check_declared(&o.ty, &problem.source)?;
        match objects.get(o.name.text.as_str()) {
            // Re-declaring a domain constant with the same type is harmless
            // (several IPC problem generators do it).
            Some(c) if domain.constants.iter().any(|k| std::ptr::eq(k, *c)) => {
                if c.ty.text != o.ty.text {
                    return Err(err(
                        o.name.span,
                        format!(
                            "object `{}` is a constant of the domain with type `{}`; \
                             expected the same type, got `{}`",
                            o.name.text, c.ty.text, o.ty.text
                        ),
                    ));
                }
            }
            Some(first) => {
                return Err(err(
                    o.name.span,
                    format!(
                        "duplicate object `{}` (first declared at {})",
                        o.name.text,
                        position(&problem.source, first.name.span)
                    ),
                ));
            }
            None => {
                objects.insert(&o.name.text, o);
            }
        }
    }

    let predicates: FastMap<&str, &Signature> = domain
        .predicates
        .iter()
        .map(|p| (p.name.text.as_str(), p))
        .collect();
    let constants: FastMap<&str, &Name> = FastMap::default();
    let scope = Scope {
        domain,
        types: &types,
        predicates: &predicates,
        parameters: Vec::new(),
        parameter_names: FastMap::default(),
        constants: &constants,
        objects: Some((problem, &objects)),
        warnings: &warnings,
    };
    for atom in &problem.init {
        scope.atom(atom)?;
        if domain
            .derived
            .iter()
            .any(|d| d.predicate.text == atom.predicate.text)
        {
            return Err(err(
                atom.span,
                format!(
                    "`{}` is a derived predicate: its atoms follow from the domain's rules; \
                     expected only basic facts in `:init`",
                    atom.predicate.text
                ),
            ));
        }
    }
    // Fast Downward drops `(not p)` from `:init` (an atom not listed is
    // false), and refuses `p` with `(not p)`.
    for (span, atom) in &problem.negated_init {
        scope.atom(atom)?;
        let same = |a: &&Atom| {
            a.predicate.text == atom.predicate.text
                && a.args.len() == atom.args.len()
                && (a.args.iter().zip(&atom.args)).all(|(x, y)| x.name().text == y.name().text)
        };
        if let Some(positive) = problem.init.iter().find(same) {
            return Err(err(
                *span,
                format!(
                    "`:init` says `{}` is false here and true at {}; expected one of the two",
                    atom_text(atom),
                    position(&problem.source, positive.span)
                ),
            ));
        }
        warnings.push(
            &problem.source,
            *span,
            "`(not ...)` in `:init` is ignored: the initial state lists the true atoms, and \
             every other atom is false already",
        );
    }
    scope.condition(&problem.goal)?;

    let functions: FastMap<&str, &Signature> = domain
        .functions
        .iter()
        .map(|f| (f.name.text.as_str(), f))
        .collect();
    for value in &problem.init_values {
        let Some(sig) = functions.get(value.name.text.as_str()) else {
            return Err(err(
                value.name.span,
                format!(
                    "unknown function `{}`; expected one declared in the domain's `:functions`{}",
                    value.name.text,
                    suggest(&value.name.text, functions.keys().copied())
                ),
            ));
        };
        if sig.parameters.len() != value.args.len() {
            return Err(err(
                value.span,
                format!(
                    "function `{}` takes {} argument{}, got {}",
                    value.name.text,
                    sig.parameters.len(),
                    plural(sig.parameters.len()),
                    value.args.len()
                ),
            ));
        }
        for (arg, param) in value.args.iter().zip(&sig.parameters) {
            scope.object_of_type(arg, &param.ty.text)?;
        }
    }
    if problem.metric && !functions.contains_key("total-cost") {
        return Err(err(
            problem.name.span,
            "the problem minimises `total-cost`, but the domain does not declare it; \
             expected `(:functions (total-cost) - number)` in the domain"
                .into(),
        ));
    }
    Ok(warnings.into_sorted())
}

/// `(at t1 depot)`.
fn atom_text(atom: &Atom) -> String {
    let mut text = format!("({}", atom.predicate.text);
    for t in &atom.args {
        text.push(' ');
        text.push_str(&t.name().text);
    }
    text.push(')');
    text
}

/// Adds `name` to `map`, or reports that it was declared before (where).
fn declare_once<'a, T>(
    map: &mut FastMap<&'a str, T>,
    name: &'a Name,
    value: T,
    kind: &str,
    source: &crate::pddl::ast::Source,
    first_span: impl Fn(&T) -> crate::pddl::ast::Span,
) -> Result<(), PddlError> {
    if let Some(first) = map.get(name.text.as_str()) {
        return Err(PddlError::invalid(
            source,
            name.span,
            format!(
                "duplicate {kind} `{}` (first declared at {})",
                name.text,
                position(source, first_span(first))
            ),
        ));
    }
    map.insert(&name.text, value);
    Ok(())
}

/// The first of `requirements` that planbox knows and refuses, as the error
/// `check_domain` would give for it (exit 34).
pub(super) fn refused_requirement(
    requirements: &[Name],
    source: &crate::pddl::ast::Source,
) -> Option<PddlError> {
    requirements.iter().find_map(|r| {
        check_requirements(std::slice::from_ref(r), source, &Warnings::default())
            .err()
            .filter(|e| e.kind == crate::pddl::error::ErrorKind::Unsupported)
    })
}

fn check_requirements(
    requirements: &[Name],
    source: &crate::pddl::ast::Source,
    warnings: &Warnings,
) -> Result<(), PddlError> {
    for r in requirements {
        if SUPPORTED.contains(&r.text.as_str()) {
            continue;
        }
        // IPP's name, older than PDDL 2.1's; Fast Downward accepts it, and
        // planbox needs no requirement declared to read what it supports.
        if r.text == ":negation" {
            warnings.push(
                source,
                r.span,
                "requirement `:negation` is not standard PDDL; read as `:negative-preconditions`, \
                 as Fast Downward accepts it",
            );
            continue;
        }
        if let Some((_, what)) = REFUSED.iter().find(|(k, _)| *k == r.text) {
            return Err(PddlError::unsupported(
                source,
                r.span,
                format!(
                    "requirement `{}` ({what}) is not supported; planbox reads {}",
                    r.text,
                    SUPPORTED.join(" ")
                ),
            ));
        }
        return Err(PddlError::invalid(
            source,
            r.span,
            format!(
                "unknown requirement `{}`; expected one of {}",
                r.text,
                SUPPORTED.join(" ")
            ),
        ));
    }
    Ok(())
}

/// The most parameters an action, predicate or function may have. IPC domains
/// use a dozen at most; the bound keeps the tables that grounding and
/// invariant synthesis build per parameter pair small.
pub const MAX_PARAMETERS: usize = 100;

fn check_parameters<'a>(
    parameters: &'a [TypedName],
    types: &TypeTable<'_>,
    source: &crate::pddl::ast::Source,
    what: &str,
) -> Result<FastMap<&'a str, &'a TypedName>, PddlError> {
    if let Some(p) = parameters.get(MAX_PARAMETERS) {
        return Err(PddlError::unsupported(
            source,
            p.name.span,
            format!(
                "{} {what} with more than {MAX_PARAMETERS} parameters (planbox's limit; \
                 this one has {})",
                if what.starts_with('a') { "an" } else { "a" },
                parameters.len()
            ),
        ));
    }
    let mut seen: FastMap<&str, &TypedName> =
        FastMap::with_capacity_and_hasher(parameters.len(), Default::default());
    for p in parameters {
        types.check_declared(&p.ty, source)?;
        // In declarations only the arity and types matter: IPC's logistics
        // declares `(in ?obj ?obj)`. Action parameters must be distinct.
        let first = *seen.entry(p.name.text.as_str()).or_insert(p);
        if (what == "action" || what == "rule") && !std::ptr::eq(first, p) {
            return Err(PddlError::invalid(
                source,
                p.name.span,
                format!(
                    "duplicate parameter `{}` of this {what} (first at {})",
                    p.name.text,
                    position(source, first.name.span)
                ),
            ));
        }
    }
    Ok(seen)
}
