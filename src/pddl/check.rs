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
//! * types, constants, objects, predicates, functions and actions are declared
//!   once; type hierarchies have no cycles and name declared parents;
//! * atoms use declared predicates with the declared arity;
//! * action bodies use only their own parameters and domain constants;
//! * in `:init` and `:goal`, every argument is an object or constant whose type
//!   fits the predicate's parameter;
//! * a problem's `(:domain ...)` names the domain it is checked against.

use crate::pddl::ast::{CostExpr, Domain, Name, Problem, Signature, TypedName};
use crate::pddl::error::PddlError;
use crate::pddl::scope::Scope;
use crate::pddl::suggest::{plural, position, suggest};
use crate::pddl::types::TypeTable;
use std::collections::HashMap;

/// Requirements planbox supports.
const SUPPORTED: &[&str] = &[
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":equality",
    ":action-costs",
];

/// Requirements of PDDL that planbox knows and refuses, with what they add.
const REFUSED: &[(&str, &str)] = &[
    (":adl", "conditional effects, quantifiers and disjunction"),
    (":conditional-effects", "conditional effects (`when`)"),
    (
        ":disjunctive-preconditions",
        "disjunctive preconditions (`or`)",
    ),
    (
        ":existential-preconditions",
        "existential quantifiers (`exists`)",
    ),
    (
        ":universal-preconditions",
        "universal quantifiers (`forall`)",
    ),
    (
        ":quantified-preconditions",
        "quantifiers (`forall`, `exists`)",
    ),
    (":derived-predicates", "derived predicates"),
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

/// Checks a parsed domain.
pub fn check_domain(domain: &Domain) -> Result<(), PddlError> {
    let err = |span, msg: String| PddlError::invalid(&domain.source, span, msg);
    check_requirements(&domain.requirements, &domain.source)?;

    // Types: each declared once, parents declared, no cycles.
    let types = TypeTable::new(domain)?;

    let mut constants: HashMap<&str, &Name> = HashMap::new();
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

    let mut predicates: HashMap<&str, &Signature> = HashMap::new();
    for p in &domain.predicates {
        check_parameters(&p.parameters, &types, &domain.source, "predicate")?;
        if p.name.text == "=" {
            return Err(err(
                p.name.span,
                "`=` is built in; expected another predicate name".into(),
            ));
        }
        declare_once(
            &mut predicates,
            &p.name,
            p,
            "predicate",
            &domain.source,
            |v| v.name.span,
        )?;
    }

    let mut functions: HashMap<&str, &Signature> = HashMap::new();
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

    let mut actions: HashMap<&str, &Name> = HashMap::new();
    for action in &domain.actions {
        declare_once(
            &mut actions,
            &action.name,
            &action.name,
            "action",
            &domain.source,
            |v| v.span,
        )?;
        let names = check_parameters(&action.parameters, &types, &domain.source, "action")?;
        let scope = Scope {
            domain,
            types: &types,
            predicates: &predicates,
            parameters: &action.parameters,
            parameter_names: &names,
            constants: &constants,
            objects: None,
        };
        for literal in &action.precondition {
            scope.literal(literal)?;
        }
        for atom in action.effect.add.iter().chain(&action.effect.del) {
            scope.atom(atom)?;
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
    Ok(())
}

/// Checks a parsed problem against its (checked) domain.
pub fn check_problem(domain: &Domain, problem: &Problem) -> Result<(), PddlError> {
    let err = |span, msg: String| PddlError::invalid(&problem.source, span, msg);
    if problem.domain.text != domain.name.text {
        return Err(err(
            problem.domain.span,
            format!(
                "problem `{}` is for domain `{}`, but the domain file defines `{}`",
                problem.name.text, problem.domain.text, domain.name.text
            ),
        ));
    }
    check_requirements(&problem.requirements, &problem.source)?;
    let types = TypeTable::new(domain)?;

    let mut objects: HashMap<&str, &TypedName> = HashMap::new();
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

    let predicates: HashMap<&str, &Signature> = domain
        .predicates
        .iter()
        .map(|p| (p.name.text.as_str(), p))
        .collect();
    let constants: HashMap<&str, &Name> = HashMap::new();
    let no_parameters = HashMap::new();
    let scope = Scope {
        domain,
        types: &types,
        predicates: &predicates,
        parameters: &[],
        parameter_names: &no_parameters,
        constants: &constants,
        objects: Some((problem, &objects)),
    };
    for atom in &problem.init {
        scope.atom(atom)?;
    }
    for literal in &problem.goal {
        scope.literal(literal)?;
    }

    let functions: HashMap<&str, &Signature> = domain
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
    Ok(())
}

/// Adds `name` to `map`, or reports that it was declared before (where).
fn declare_once<'a, T>(
    map: &mut HashMap<&'a str, T>,
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

fn check_requirements(
    requirements: &[Name],
    source: &crate::pddl::ast::Source,
) -> Result<(), PddlError> {
    for r in requirements {
        if SUPPORTED.contains(&r.text.as_str()) {
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
) -> Result<HashMap<&'a str, &'a TypedName>, PddlError> {
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
    let mut seen: HashMap<&str, &TypedName> = HashMap::with_capacity(parameters.len());
    for p in parameters {
        types.check_declared(&p.ty, source)?;
        // In declarations only the arity and types matter: IPC's logistics
        // declares `(in ?obj ?obj)`. Action parameters must be distinct.
        let first = *seen.entry(p.name.text.as_str()).or_insert(p);
        if what == "action" && !std::ptr::eq(first, p) {
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
