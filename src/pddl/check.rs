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

use crate::pddl::ast::{
    Atom, CostExpr, Domain, Literal, Name, Problem, Signature, Term, TypedName,
};
use crate::pddl::error::PddlError;
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
        if let Some(first) = constants.insert(&c.name.text, &c.name) {
            return Err(err(
                c.name.span,
                format!(
                    "duplicate constant `{}` (first declared at {})",
                    c.name.text,
                    position(&domain.source, first.span)
                ),
            ));
        }
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
        if let Some(first) = predicates.insert(&p.name.text, p) {
            return Err(err(
                p.name.span,
                format!(
                    "duplicate predicate `{}` (first declared at {})",
                    p.name.text,
                    position(&domain.source, first.name.span)
                ),
            ));
        }
    }

    let mut functions: HashMap<&str, &Signature> = HashMap::new();
    for f in &domain.functions {
        check_parameters(&f.parameters, &types, &domain.source, "function")?;
        if let Some(first) = functions.insert(&f.name.text, f) {
            return Err(err(
                f.name.span,
                format!(
                    "duplicate function `{}` (first declared at {})",
                    f.name.text,
                    position(&domain.source, first.name.span)
                ),
            ));
        }
    }

    let mut actions: HashMap<&str, &Name> = HashMap::new();
    for action in &domain.actions {
        if let Some(first) = actions.insert(&action.name.text, &action.name) {
            return Err(err(
                action.name.span,
                format!(
                    "duplicate action `{}` (first declared at {})",
                    action.name.text,
                    position(&domain.source, first.span)
                ),
            ));
        }
        check_parameters(&action.parameters, &types, &domain.source, "action")?;
        let scope = Scope {
            domain,
            types: &types,
            predicates: &predicates,
            parameters: &action.parameters,
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
    let scope = Scope {
        domain,
        types: &types,
        predicates: &predicates,
        parameters: &[],
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

fn check_parameters(
    parameters: &[TypedName],
    types: &TypeTable<'_>,
    source: &crate::pddl::ast::Source,
    what: &str,
) -> Result<(), PddlError> {
    for (i, p) in parameters.iter().enumerate() {
        types.check_declared(&p.ty, source)?;
        // In declarations only the arity and types matter: IPC's logistics
        // declares `(in ?obj ?obj)`. Action parameters must be distinct.
        if what != "action" {
            continue;
        }
        if let Some(first) = parameters[..i].iter().find(|q| q.name.text == p.name.text) {
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
    Ok(())
}

/// The declared types and their parents.
struct TypeTable<'a> {
    parent: HashMap<&'a str, &'a str>,
    domain: &'a Domain,
}

impl<'a> TypeTable<'a> {
    fn new(domain: &'a Domain) -> Result<Self, PddlError> {
        let mut parent: HashMap<&str, &str> = HashMap::new();
        let mut declared_at: HashMap<&str, &Name> = HashMap::new();
        for t in &domain.types {
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

    fn is_declared(&self, ty: &str) -> bool {
        ty == "object" || self.parent.contains_key(ty)
    }

    fn check_declared(
        &self,
        ty: &Name,
        source: &crate::pddl::ast::Source,
    ) -> Result<(), PddlError> {
        if self.is_declared(&ty.text) {
            return Ok(());
        }
        Err(PddlError::invalid(
            source,
            ty.span,
            format!(
                "unknown type `{}`; expected `object` or a type declared in `:types`{}",
                ty.text,
                suggest(
                    &ty.text,
                    self.domain.types.iter().map(|t| t.name.text.as_str())
                )
            ),
        ))
    }

    /// Whether `ty` is `ancestor` or one of its descendants.
    fn is_subtype(&self, ty: &str, ancestor: &str) -> bool {
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

/// What names are visible where an atom is checked.
struct Scope<'a> {
    domain: &'a Domain,
    types: &'a TypeTable<'a>,
    predicates: &'a HashMap<&'a str, &'a Signature>,
    /// The action's parameters (empty in a problem).
    parameters: &'a [TypedName],
    /// Domain constants (in an action body).
    constants: &'a HashMap<&'a str, &'a Name>,
    /// In a problem: the problem and its objects (constants included).
    objects: Option<(&'a Problem, &'a HashMap<&'a str, &'a TypedName>)>,
}

impl Scope<'_> {
    fn source(&self) -> &crate::pddl::ast::Source {
        match self.objects {
            Some((problem, _)) => &problem.source,
            None => &self.domain.source,
        }
    }

    fn literal(&self, literal: &Literal) -> Result<(), PddlError> {
        match literal {
            Literal::Atom { atom, .. } => self.atom(atom),
            Literal::Equality { left, right, .. } => {
                self.term(left)?;
                self.term(right)
            }
        }
    }

    fn atom(&self, atom: &Atom) -> Result<(), PddlError> {
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
    fn term(&self, term: &Term) -> Result<(), PddlError> {
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
                if !self.parameters.iter().any(|p| p.name.text == v.text) {
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
                                params.join(" ")
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
    fn object_of_type(&self, name: &Name, ty: &str) -> Result<(), PddlError> {
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

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `line:column` of a span, for "first declared at ..." notes.
fn position(source: &crate::pddl::ast::Source, span: crate::pddl::ast::Span) -> String {
    let e = PddlError::invalid(source, span, "");
    format!("{}:{}", e.line, e.column)
}

/// "; did you mean `x`?" when a declared name is within a small edit distance.
fn suggest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    let limit = (wrong.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(wrong, c);
        if d <= limit && best.is_none_or(|(bd, bc)| (d, c) < (bd, bc)) {
            best = Some((d, c));
        }
    }
    match best {
        Some((_, c)) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// Levenshtein distance between two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("on", "on"), 0);
        assert_eq!(edit_distance("ontable", "on-table"), 1);
        assert_eq!(edit_distance("truck", "trucks"), 1);
        assert_eq!(edit_distance("abc", "xyz"), 3);
    }

    #[test]
    fn suggests_only_close_names() {
        assert_eq!(
            suggest("holdng", ["holding", "clear"].into_iter()),
            " (did you mean `holding`?)"
        );
        assert_eq!(suggest("zzz", ["holding", "clear"].into_iter()), "");
    }
}
