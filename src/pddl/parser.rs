//! From text to AST: the pest grammar (`grammar.pest`) builds a parse tree, and
//! this module walks it into [`ast::Domain`] and [`ast::Problem`].
//!
//! Parsing is where three kinds of mistakes are caught, each with its position:
//!
//! * syntax errors, reported in plain English (`expected a variable such as
//!   `?x``), never as pest rule names;
//! * constructs outside planbox's subset of PDDL (durative actions, numeric
//!   fluents, ...), refused *by name* with [`ErrorKind::Unsupported`];
//! * structural problems a grammar cannot express nicely: a problem without
//!   `:init`, a variable in `:init`, a negative action cost.
//!
//! Name resolution, arities and types are left to [`crate::pddl::check`].
//!
//! Example: `(:action pick :parameters (?b) :precondition (at ?b) :effect (not (at ?b)))`
//! becomes an [`ast::Action`] with one parameter `?b - object`, one positive
//! precondition literal and one delete effect.
//!
//! [`ErrorKind::Unsupported`]: crate::pddl::ErrorKind::Unsupported

use crate::pddl::ast::{self, Name, Source, Span, Term, TypedName};
use crate::pddl::error::PddlError;
use pest::Parser as _;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "pddl/grammar.pest"]
pub(super) struct PddlParser;

/// Parses a domain file.
pub fn parse_domain(source: Source) -> Result<ast::Domain, PddlError> {
    let source = without_bom(source);
    // A domain that declares a requirement planbox refuses fails to parse at
    // the first construct of it (`(= (fuel) 1)`): name the requirement, exit 34.
    let tree = parse(&source, Rule::domain).map_err(|syntax| {
        let declared = super::syntax::declared_requirements(&source.text);
        super::check::refused_requirement(&declared, &source).unwrap_or(syntax)
    })?;
    let walker = Walker { source: &source };
    let domain = walker.domain(tree)?;
    Ok(ast::Domain { source, ..domain })
}

/// Parses a problem file.
pub fn parse_problem(source: Source) -> Result<ast::Problem, PddlError> {
    let source = without_bom(source);
    let tree = parse(&source, Rule::problem)?;
    let walker = Walker { source: &source };
    let problem = walker.problem(tree)?;
    Ok(ast::Problem { source, ..problem })
}

/// Drops a UTF-8 byte-order mark at the start of the text, as editors on
/// Windows write one; it is invisible, so an error about it would puzzle.
fn without_bom(mut source: Source) -> Source {
    if source.text.starts_with('\u{feff}') {
        source.text.drain(..'\u{feff}'.len_utf8());
    }
    source
}

fn parse<'i>(source: &'i Source, rule: Rule) -> Result<Pair<'i, Rule>, PddlError> {
    super::syntax::check_nesting(source)?;
    match PddlParser::parse(rule, &source.text) {
        Ok(mut pairs) => Ok(pairs.next().expect("invariant: the start rule matched")),
        Err(e) => Err(super::syntax::syntax_error(source, e)),
    }
}

pub(super) fn span(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span {
        start: s.start(),
        end: s.end(),
    }
}

/// The children of `pair` without the parentheses.
pub(super) fn children<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::lp | Rule::rp | Rule::EOI))
}

pub(super) fn name(pair: &Pair<'_, Rule>) -> Name {
    Name {
        text: pair.as_str().to_ascii_lowercase(),
        span: span(pair),
    }
}

pub(super) fn term(pair: &Pair<'_, Rule>) -> Term {
    match pair.as_rule() {
        Rule::variable => Term::Variable(name(pair)),
        _ => Term::Constant(name(pair)),
    }
}

/// The part of a domain or problem assembled while walking its sections.
pub(super) struct Walker<'a> {
    pub(super) source: &'a Source,
}

impl Walker<'_> {
    pub(super) fn unsupported(&self, pair: &Pair<'_, Rule>, what: &str) -> PddlError {
        PddlError::unsupported(self.source, span(pair), what)
    }

    pub(super) fn invalid(&self, span: Span, what: impl Into<String>) -> PddlError {
        PddlError::invalid(self.source, span, what)
    }

    fn domain(&self, tree: Pair<'_, Rule>) -> Result<ast::Domain, PddlError> {
        let mut domain = ast::Domain {
            source: Source {
                path: Default::default(),
                text: String::new(),
            },
            name: Name {
                text: String::new(),
                span: Span::default(),
            },
            requirements: Vec::new(),
            types: Vec::new(),
            constants: Vec::new(),
            predicates: Vec::new(),
            functions: Vec::new(),
            actions: Vec::new(),
            derived: Vec::new(),
        };
        let mut seen: Vec<(Rule, Span)> = Vec::new();
        for section in children(tree) {
            let rule = section.as_rule();
            if matches!(
                rule,
                Rule::requirements
                    | Rule::types
                    | Rule::constants
                    | Rule::predicates
                    | Rule::functions
            ) {
                self.once(&mut seen, &section)?;
            }
            match rule {
                Rule::kw_define => {}
                Rule::domain_name => {
                    let n = children(section)
                        .find(|p| p.as_rule() == Rule::name)
                        .expect("invariant: grammar");
                    domain.name = name(&n);
                }
                Rule::requirements => domain.requirements = self.requirements(section),
                Rule::types => domain.types = self.typed_list(section)?,
                Rule::constants => domain.constants = self.typed_list(section)?,
                Rule::predicates => {
                    for skeleton in children(section) {
                        domain.predicates.push(self.skeleton(skeleton)?);
                    }
                }
                Rule::functions => {
                    for f in children(section) {
                        domain.functions.push(self.function_skeleton(f)?);
                    }
                }
                Rule::action => domain.actions.push(self.action(section)?),
                Rule::derived => domain.derived.push(self.derived(section)?),
                Rule::unsupported_section => return Err(self.unsupported_section(&section)),
                _ => unreachable!("grammar: unexpected {:?} in a domain", rule),
            }
        }
        Ok(domain)
    }

    /// Refuses a second `(:types ...)`, `(:init ...)`, ... section.
    fn once(
        &self,
        seen: &mut Vec<(Rule, Span)>,
        section: &Pair<'_, Rule>,
    ) -> Result<(), PddlError> {
        let rule = section.as_rule();
        if seen.iter().any(|(r, _)| *r == rule) {
            let keyword = section
                .as_str()
                .trim_start_matches('(')
                .trim_start()
                .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            return Err(self.invalid(
                span(section),
                format!("duplicate `{keyword}` section; expected each section at most once"),
            ));
        }
        seen.push((rule, span(section)));
        Ok(())
    }

    fn unsupported_section(&self, section: &Pair<'_, Rule>) -> PddlError {
        let keyword = section
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::unsupported_section_keyword)
            .map(|p| p.as_str().to_ascii_lowercase())
            .unwrap_or_default();
        let what = match keyword.as_str() {
            ":durative-action" => "durative actions (`:durative-action`) are not supported",
            ":axiom" => {
                "PDDL 1.2 axioms (`:axiom`) are not supported; expected `(:derived (p ?x) BODY)`"
            }
            ":constraints" => "state-trajectory constraints (`:constraints`) are not supported",
            ":process" | ":event" => "processes and events (PDDL+) are not supported",
            _ => "timed initial literals are not supported",
        };
        self.unsupported(section, what)
    }

    fn requirements(&self, section: Pair<'_, Rule>) -> Vec<ast::Requirement> {
        children(section).map(|p| name(&p)).collect()
    }

    /// `a b - t c`: a typed list of names; untyped names get type `object`.
    fn typed_list(&self, section: Pair<'_, Rule>) -> Result<Vec<TypedName>, PddlError> {
        let list = children(section)
            .find(|p| p.as_rule() == Rule::typed_names)
            .expect("invariant: grammar");
        self.typed(list)
    }

    /// Shared by `typed_names` and `typed_variables`.
    pub(super) fn typed(&self, list: Pair<'_, Rule>) -> Result<Vec<TypedName>, PddlError> {
        let mut out = Vec::new();
        let mut pending: Vec<Name> = Vec::new();
        for item in list.into_inner() {
            match item.as_rule() {
                Rule::name | Rule::variable => pending.push(name(&item)),
                Rule::type_ref => {
                    let ty = item.into_inner().next().expect("invariant: grammar");
                    let ty = if ty.as_rule() == Rule::either_type {
                        let s = span(&ty);
                        let members: Vec<Name> = children(ty)
                            .filter(|p| p.as_rule() == Rule::name)
                            .map(|p| name(&p))
                            .collect();
                        match members.as_slice() {
                            [] => {
                                return Err(self.invalid(
                                    s,
                                    "`(either)` names no type; expected `(either TYPE ...)`",
                                ));
                            }
                            // `(either t)` is just `t`.
                            [one] => one.clone(),
                            _ => {
                                let texts: Vec<&str> =
                                    members.iter().map(|m| m.text.as_str()).collect();
                                Name {
                                    text: format!("(either {})", texts.join(" ")),
                                    span: s,
                                }
                            }
                        }
                    } else {
                        name(&ty)
                    };
                    out.extend(pending.drain(..).map(|n| TypedName {
                        name: n,
                        ty: ty.clone(),
                    }));
                }
                other => unreachable!("grammar: unexpected {other:?} in a typed list"),
            }
        }
        out.extend(pending.into_iter().map(|n| {
            let ty = Name {
                text: "object".into(),
                span: n.span,
            };
            TypedName { name: n, ty }
        }));
        Ok(out)
    }

    fn skeleton(&self, pair: Pair<'_, Rule>) -> Result<ast::Signature, PddlError> {
        let mut inner = children(pair);
        let n = inner.next().expect("invariant: grammar");
        let vars = inner.next().expect("invariant: grammar");
        Ok(ast::Signature {
            name: name(&n),
            parameters: self.typed(vars)?,
        })
    }

    fn function_skeleton(&self, pair: Pair<'_, Rule>) -> Result<ast::Signature, PddlError> {
        let mut inner = children(pair);
        let skeleton = inner.next().expect("invariant: grammar");
        if let Some(ty) = inner.next()
            && !ty.as_str().eq_ignore_ascii_case("number")
        {
            return Err(self.unsupported(
                &ty,
                "object-valued functions are not supported; expected `- number`",
            ));
        }
        self.skeleton(skeleton)
    }

    fn action(&self, pair: Pair<'_, Rule>) -> Result<ast::Action, PddlError> {
        let action_span = span(&pair);
        let mut inner = children(pair);
        let action_name = name(&inner.next().expect("invariant: grammar"));
        let mut action = ast::Action {
            name: action_name,
            parameters: Vec::new(),
            precondition: ast::Condition::default(),
            effect: ast::Effect::default(),
            span: action_span,
        };
        for part in inner {
            let rule = part.as_rule();
            let body = children(part).next().expect("invariant: grammar");
            match rule {
                Rule::parameters => action.parameters = self.typed(body)?,
                Rule::precondition => action.precondition = self.goal(body)?,
                Rule::action_effect => self.effect(body, &mut action.effect)?,
                other => unreachable!("grammar: unexpected {other:?} in an action"),
            }
        }
        Ok(action)
    }

    /// `(:derived (p ?x - t) BODY)`.
    fn derived(&self, pair: Pair<'_, Rule>) -> Result<ast::Derived, PddlError> {
        let s = span(&pair);
        let mut inner = children(pair);
        let head = self.skeleton(inner.next().expect("invariant: grammar"))?;
        let body = self.goal(inner.next().expect("invariant: grammar"))?;
        Ok(ast::Derived {
            predicate: head.name,
            parameters: head.parameters,
            body,
            span: s,
        })
    }

    fn problem(&self, tree: Pair<'_, Rule>) -> Result<ast::Problem, PddlError> {
        let mut problem = ast::Problem {
            source: Source {
                path: Default::default(),
                text: String::new(),
            },
            name: Name {
                text: String::new(),
                span: Span::default(),
            },
            domain: Name {
                text: String::new(),
                span: Span::default(),
            },
            requirements: Vec::new(),
            objects: Vec::new(),
            init: Vec::new(),
            negated_init: Vec::new(),
            init_values: Vec::new(),
            goal: ast::Condition::default(),
            metric: false,
        };
        let mut seen: Vec<(Rule, Span)> = Vec::new();
        for section in children(tree) {
            let rule = section.as_rule();
            if rule != Rule::kw_define && rule != Rule::problem_name {
                if rule == Rule::unsupported_section {
                    return Err(self.unsupported_section(&section));
                }
                self.once(&mut seen, &section)?;
            }
            match rule {
                Rule::kw_define => {}
                Rule::problem_name => {
                    let n = children(section)
                        .find(|p| p.as_rule() == Rule::name)
                        .expect("invariant: grammar");
                    problem.name = name(&n);
                }
                Rule::domain_ref => {
                    let n = children(section).next().expect("invariant: grammar");
                    problem.domain = name(&n);
                }
                Rule::requirements => problem.requirements = self.requirements(section),
                Rule::objects => problem.objects = self.typed_list(section)?,
                Rule::init => self.init(section, &mut problem)?,
                Rule::problem_goal => {
                    let goal = children(section).next().expect("invariant: grammar");
                    problem.goal = self.goal(goal)?;
                }
                Rule::metric => problem.metric = self.metric(section)?,
                _ => unreachable!("grammar: unexpected {rule:?} in a problem"),
            }
        }
        let whole = Span {
            start: 0,
            end: self.source.text.len(),
        };
        let header = problem.name.span;
        let missing = |what: &str| {
            self.invalid(
                if header == Span::default() {
                    whole
                } else {
                    header
                },
                format!("problem `{}` has no `{what}` section", problem.name.text),
            )
        };
        if !seen.iter().any(|(r, _)| *r == Rule::domain_ref) {
            return Err(missing("(:domain ...)"));
        }
        if !seen.iter().any(|(r, _)| *r == Rule::init) {
            return Err(missing(":init"));
        }
        if !seen.iter().any(|(r, _)| *r == Rule::problem_goal) {
            return Err(missing(":goal"));
        }
        Ok(problem)
    }

    fn init(&self, section: Pair<'_, Rule>, problem: &mut ast::Problem) -> Result<(), PddlError> {
        for element in children(section) {
            match element.as_rule() {
                Rule::atom => {
                    let atom = self.atom(element);
                    if let Some(Term::Variable(v)) =
                        atom.args.iter().find(|t| matches!(t, Term::Variable(_)))
                    {
                        return Err(self.invalid(
                            v.span,
                            format!(
                                "variable `{}` in `:init`; expected an object name such as `a`",
                                v.text
                            ),
                        ));
                    }
                    problem.init.push(atom);
                }
                Rule::function_value => {
                    let s = span(&element);
                    let mut inner = children(element);
                    let head = inner.next().expect("invariant: grammar");
                    let value = inner.next().expect("invariant: grammar");
                    let (fname, args) = self.function_term(&head);
                    let mut objects = Vec::new();
                    for t in args {
                        match t {
                            Term::Constant(n) => objects.push(n),
                            Term::Variable(v) => {
                                return Err(self.invalid(
                                    v.span,
                                    format!(
                                        "variable `{}` in `:init`; expected an object name",
                                        v.text
                                    ),
                                ));
                            }
                        }
                    }
                    problem.init_values.push(ast::FunctionValue {
                        name: fname,
                        args: objects,
                        value: self.cost_number(&value)?,
                        span: s,
                    });
                }
                Rule::not_goal => {
                    let whole = span(&element);
                    let inner = children(element)
                        .find(|p| p.as_rule() != Rule::kw_not)
                        .expect("invariant: grammar");
                    if inner.as_rule() != Rule::atom {
                        return Err(self.invalid(
                            whole,
                            "`(not ...)` of a formula in `:init`; expected true atoms only \
                             (every atom not listed is false)",
                        ));
                    }
                    let atom = self.atom(inner);
                    if let Some(Term::Variable(v)) =
                        atom.args.iter().find(|t| matches!(t, Term::Variable(_)))
                    {
                        return Err(self.invalid(
                            v.span,
                            format!(
                                "variable `{}` in `:init`; expected an object name such as `a`",
                                v.text
                            ),
                        ));
                    }
                    problem.negated_init.push((whole, atom));
                }
                Rule::timed_literal => {
                    return Err(
                        self.unsupported(&element, "timed initial literals are not supported")
                    );
                }
                Rule::unsupported_formula => return Err(self.unsupported_formula(&element)),
                other => unreachable!("grammar: unexpected {other:?} in :init"),
            }
        }
        Ok(())
    }

    /// `(:metric minimize (total-cost))` is the only supported metric.
    fn metric(&self, section: Pair<'_, Rule>) -> Result<bool, PddlError> {
        let mut inner = children(section);
        let direction = inner.next().expect("invariant: grammar");
        if direction.as_rule() != Rule::kw_minimize {
            return Err(self.unsupported(
                &direction,
                "only `(:metric minimize (total-cost))` is supported",
            ));
        }
        let expr = inner.next().expect("invariant: grammar");
        let ok = expr.as_rule() == Rule::function_term && {
            let (n, args) = self.function_term(&expr);
            n.text == "total-cost" && args.is_empty()
        };
        if !ok {
            return Err(
                self.unsupported(&expr, "only `(:metric minimize (total-cost))` is supported")
            );
        }
        Ok(true)
    }
}
