//! From text to AST: the pest grammar (`grammar.pest`) builds a parse tree, and
//! this module walks it into [`ast::Domain`] and [`ast::Problem`].
//!
//! Parsing is where three kinds of mistakes are caught, each with its position:
//!
//! * syntax errors, reported in plain English (`expected a variable such as
//!   `?x``), never as pest rule names;
//! * constructs outside planbox's fragment (`forall`, `when`, durative actions,
//!   numeric fluents, ...), refused *by name* with [`ErrorKind::Unsupported`];
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
struct PddlParser;

/// Parses a domain file.
pub fn parse_domain(source: Source) -> Result<ast::Domain, PddlError> {
    let tree = parse(&source, Rule::domain)?;
    let walker = Walker { source: &source };
    let domain = walker.domain(tree)?;
    Ok(ast::Domain { source, ..domain })
}

/// Parses a problem file.
pub fn parse_problem(source: Source) -> Result<ast::Problem, PddlError> {
    let tree = parse(&source, Rule::problem)?;
    let walker = Walker { source: &source };
    let problem = walker.problem(tree)?;
    Ok(ast::Problem { source, ..problem })
}

fn parse<'i>(source: &'i Source, rule: Rule) -> Result<Pair<'i, Rule>, PddlError> {
    match PddlParser::parse(rule, &source.text) {
        Ok(mut pairs) => Ok(pairs.next().expect("invariant: the start rule matched")),
        Err(e) => Err(syntax_error(source, e)),
    }
}

/// Turns a pest error into a located, plain-English [`PddlError`].
fn syntax_error(source: &Source, e: pest::error::Error<Rule>) -> PddlError {
    let start = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = Vec::new();
            for rule in positives {
                let phrase = describe(*rule);
                if !wanted.contains(&phrase) {
                    wanted.push(phrase);
                }
            }
            let found = found_at(&source.text, start);
            let mut message = match wanted.len() {
                0 => format!("unexpected {found}"),
                1 => format!("expected {}, found {found}", wanted[0]),
                _ => {
                    let last = wanted.pop().expect("invariant: at least two phrases");
                    format!("expected {} or {last}, found {found}", wanted.join(", "))
                }
            };
            message.push_str(&hint(&source.text, start, positives));
            message
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = token_end(&source.text, start);
    PddlError::invalid(source, Span { start, end }, message)
}

/// Extra help for two common mistakes: a file that ends inside an unclosed
/// parenthesis, and a domain file given where a problem was expected (or the
/// other way round).
fn hint(text: &str, at: usize, positives: &[Rule]) -> String {
    if at >= text.len()
        && let Some((line, column)) = unclosed_paren(text)
    {
        return format!(" (the `(` at line {line}, column {column} is never closed)");
    }
    let rest = text[at.min(text.len())..].to_ascii_lowercase();
    if positives.contains(&Rule::kw_problem) && rest.starts_with("domain") {
        return " (this is a domain file; give the domain first, then the problem)".into();
    }
    if positives.contains(&Rule::kw_domain) && rest.starts_with("problem") {
        return " (this is a problem file; give the domain first, then the problem)".into();
    }
    String::new()
}

/// Line and column of the innermost `(` that is never closed, skipping comments.
fn unclosed_paren(text: &str) -> Option<(usize, usize)> {
    let mut open: Vec<usize> = Vec::new();
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => in_comment = false,
            _ if in_comment => {}
            ';' => in_comment = true,
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    let at = *open.last()?;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() + 1;
    Some((line, text[line_start..at].chars().count() + 1))
}

/// What a grammar rule stands for, in words a PDDL user knows.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::name => "a name such as `truck1`",
        Rule::variable => "a variable such as `?x`",
        Rule::number => "a number",
        Rule::requirement => "a requirement such as `:typing`",
        Rule::lp => "`(`",
        Rule::rp => "`)`",
        Rule::kw_define => "`define`",
        Rule::kw_domain => "`domain`",
        Rule::kw_problem => "`problem`",
        Rule::kw_and => "`and`",
        Rule::kw_not => "`not`",
        Rule::kw_either => "`either`",
        Rule::kw_increase => "`increase`",
        Rule::kw_minimize => "`minimize`",
        Rule::domain | Rule::problem => "`(define ...)`",
        Rule::domain_name => "`(domain NAME)`",
        Rule::problem_name => "`(problem NAME)`",
        Rule::requirements
        | Rule::types
        | Rule::constants
        | Rule::predicates
        | Rule::functions
        | Rule::action
        | Rule::unsupported_section
        | Rule::unsupported_section_keyword => {
            "a domain section such as `(:predicates ...)` or `(:action ...)`"
        }
        Rule::domain_ref
        | Rule::objects
        | Rule::init
        | Rule::problem_goal
        | Rule::metric
        | Rule::timed_literal => "a problem section such as `(:objects ...)` or `(:init ...)`",
        Rule::typed_names => "a list of names such as `a b - block`",
        Rule::typed_variables => "a list of variables such as `?x ?y - block`",
        Rule::either_type | Rule::type_ref => "a type name",
        Rule::parameters => "`:parameters`",
        Rule::precondition => "`:precondition`",
        Rule::action_effect => "`:effect`",
        Rule::atom_skeleton | Rule::function_skeleton => "a declaration such as `(on ?x ?y)`",
        Rule::empty
        | Rule::and_goal
        | Rule::not_goal
        | Rule::equality
        | Rule::atom
        | Rule::unsupported_formula
        | Rule::unsupported_keyword => "a condition such as `(on ?x ?y)` or `(and ...)`",
        Rule::and_effect | Rule::not_effect | Rule::increase => {
            "an effect such as `(on ?x ?y)`, `(not (on ?x ?y))` or `(and ...)`"
        }
        Rule::function_term => "a function such as `(total-cost)`",
        Rule::function_value => "a fact such as `(on a b)` or `(= (total-cost) 0)`",
        Rule::unsupported_numeric => "a number or a function such as `(total-cost)`",
        // Silent rules never reach error messages; their named parts do.
        _ => "PDDL text",
    }
}

/// A short description of the text at `at`, for "found ..." in messages.
fn found_at(text: &str, at: usize) -> String {
    let rest = &text[at.min(text.len())..];
    match rest.chars().next() {
        None => "the end of the file".into(),
        Some('(') => "`(`".into(),
        Some(')') => "`)`".into(),
        Some(_) => {
            let token: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ')')
                .take(40)
                .collect();
            format!("`{token}`")
        }
    }
}

/// The end of the token that starts at `at` (at least one character long).
fn token_end(text: &str, at: usize) -> usize {
    let rest = &text[at.min(text.len())..];
    let len: usize = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ')')
        .map(char::len_utf8)
        .sum();
    let len = if len == 0 {
        rest.chars().next().map_or(0, char::len_utf8)
    } else {
        len
    };
    at + len
}

fn span(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span {
        start: s.start(),
        end: s.end(),
    }
}

/// The children of `pair` without the parentheses.
fn children<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::lp | Rule::rp | Rule::EOI))
}

fn name(pair: &Pair<'_, Rule>) -> Name {
    Name {
        text: pair.as_str().to_ascii_lowercase(),
        span: span(pair),
    }
}

fn term(pair: &Pair<'_, Rule>) -> Term {
    match pair.as_rule() {
        Rule::variable => Term::Variable(name(pair)),
        _ => Term::Constant(name(pair)),
    }
}

/// The part of a domain or problem assembled while walking its sections.
struct Walker<'a> {
    source: &'a Source,
}

impl Walker<'_> {
    fn unsupported(&self, pair: &Pair<'_, Rule>, what: &str) -> PddlError {
        PddlError::unsupported(self.source, span(pair), what)
    }

    fn invalid(&self, span: Span, what: impl Into<String>) -> PddlError {
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
            ":derived" | ":axiom" => "derived predicates (`:derived`) are not supported",
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
    fn typed(&self, list: Pair<'_, Rule>) -> Result<Vec<TypedName>, PddlError> {
        let mut out = Vec::new();
        let mut pending: Vec<Name> = Vec::new();
        for item in list.into_inner() {
            match item.as_rule() {
                Rule::name | Rule::variable => pending.push(name(&item)),
                Rule::type_ref => {
                    let ty = item.into_inner().next().expect("invariant: grammar");
                    if ty.as_rule() == Rule::either_type {
                        return Err(self.unsupported(
                            &ty,
                            "`either` types are not supported; declare a common supertype instead",
                        ));
                    }
                    let ty = name(&ty);
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
            precondition: Vec::new(),
            effect: ast::Effect::default(),
            span: action_span,
        };
        for part in inner {
            let rule = part.as_rule();
            let body = children(part).next().expect("invariant: grammar");
            match rule {
                Rule::parameters => action.parameters = self.typed(body)?,
                Rule::precondition => self.goal(body, true, &mut action.precondition)?,
                Rule::action_effect => self.effect(body, &mut action.effect)?,
                other => unreachable!("grammar: unexpected {other:?} in an action"),
            }
        }
        Ok(action)
    }

    /// Flattens a precondition or goal into its literals.
    fn goal(
        &self,
        pair: Pair<'_, Rule>,
        positive: bool,
        out: &mut Vec<ast::Literal>,
    ) -> Result<(), PddlError> {
        match pair.as_rule() {
            Rule::empty => Ok(()),
            Rule::and_goal => {
                if !positive {
                    return Err(self.unsupported(
                        &pair,
                        "`not` around a conjunction is a disjunction, which is not supported",
                    ));
                }
                for part in children(pair).filter(|p| p.as_rule() != Rule::kw_and) {
                    self.goal(part, true, out)?;
                }
                Ok(())
            }
            Rule::not_goal => {
                if !positive {
                    return Err(self
                        .unsupported(&pair, "double negation `(not (not ...))` is not supported"));
                }
                let inner = children(pair)
                    .find(|p| p.as_rule() != Rule::kw_not)
                    .expect("invariant: grammar");
                self.goal(inner, false, out)
            }
            Rule::equality => {
                let s = span(&pair);
                let mut terms = children(pair);
                let left = term(&terms.next().expect("invariant: grammar"));
                let right = term(&terms.next().expect("invariant: grammar"));
                out.push(ast::Literal::Equality {
                    left,
                    right,
                    positive,
                    span: s,
                });
                Ok(())
            }
            Rule::atom => {
                out.push(ast::Literal::Atom {
                    atom: self.atom(pair),
                    positive,
                });
                Ok(())
            }
            Rule::unsupported_formula => Err(self.unsupported_formula(&pair)),
            other => unreachable!("grammar: unexpected {other:?} in a condition"),
        }
    }

    fn unsupported_formula(&self, pair: &Pair<'_, Rule>) -> PddlError {
        let keyword = pair
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::unsupported_keyword)
            .map(|p| p.as_str().to_ascii_lowercase())
            .unwrap_or_default();
        let what = match keyword.as_str() {
            "forall" => "universal quantification `forall` is not supported".to_string(),
            "exists" => "existential quantification `exists` is not supported".to_string(),
            "or" => "disjunction `or` is not supported".to_string(),
            "imply" => "implication `imply` is not supported".to_string(),
            "when" => "conditional effects (`when`) are not supported".to_string(),
            "preference" => "preferences are not supported".to_string(),
            "decrease" | "assign" | "scale-up" | "scale-down" => {
                format!(
                    "numeric effect `{keyword}` is not supported; only `(increase (total-cost) N)` is"
                )
            }
            "<" | ">" | "<=" | ">=" => {
                format!("numeric comparison `{keyword}` is not supported")
            }
            other => format!("`{other}` is not supported"),
        };
        self.unsupported(pair, &what)
    }

    fn atom(&self, pair: Pair<'_, Rule>) -> ast::Atom {
        let s = span(&pair);
        let mut inner = children(pair);
        let predicate = name(&inner.next().expect("invariant: grammar"));
        ast::Atom {
            predicate,
            args: inner.map(|p| term(&p)).collect(),
            span: s,
        }
    }

    fn effect(&self, pair: Pair<'_, Rule>, out: &mut ast::Effect) -> Result<(), PddlError> {
        match pair.as_rule() {
            Rule::empty => Ok(()),
            Rule::and_effect => {
                for part in children(pair).filter(|p| p.as_rule() != Rule::kw_and) {
                    self.effect(part, out)?;
                }
                Ok(())
            }
            Rule::atom => {
                out.add.push(self.atom(pair));
                Ok(())
            }
            Rule::not_effect => {
                let atom = children(pair)
                    .find(|p| p.as_rule() == Rule::atom)
                    .expect("invariant: grammar");
                out.del.push(self.atom(atom));
                Ok(())
            }
            Rule::increase => {
                let mut inner = children(pair).filter(|p| p.as_rule() != Rule::kw_increase);
                let target = inner.next().expect("invariant: grammar");
                let amount = inner.next().expect("invariant: grammar");
                let (target_name, target_args) = self.function_term(&target);
                if target_name.text != "total-cost" || !target_args.is_empty() {
                    return Err(self.unsupported(
                        &target,
                        "numeric fluents are not supported; only `(increase (total-cost) N)` is",
                    ));
                }
                out.cost.push(self.cost_expr(amount)?);
                Ok(())
            }
            Rule::unsupported_formula => Err(self.unsupported_formula(&pair)),
            other => unreachable!("grammar: unexpected {other:?} in an effect"),
        }
    }

    /// `(f a b)` or a bare `f` in a numeric position.
    fn function_term(&self, pair: &Pair<'_, Rule>) -> (Name, Vec<Term>) {
        let mut inner = children(pair.clone());
        let n = name(&inner.next().expect("invariant: grammar"));
        (n, inner.map(|p| term(&p)).collect())
    }

    fn cost_expr(&self, pair: Pair<'_, Rule>) -> Result<ast::CostExpr, PddlError> {
        match pair.as_rule() {
            Rule::number => Ok(ast::CostExpr::Number {
                value: self.cost_number(&pair)?,
                span: span(&pair),
            }),
            Rule::function_term => {
                let s = span(&pair);
                let (name, args) = self.function_term(&pair);
                Ok(ast::CostExpr::Function {
                    name,
                    args,
                    span: s,
                })
            }
            _ => Err(self.unsupported(
                &pair,
                "arithmetic in cost expressions is not supported; expected a number or a \
                 function such as `(road-length ?from ?to)`",
            )),
        }
    }

    /// A non-negative integer cost.
    fn cost_number(&self, pair: &Pair<'_, Rule>) -> Result<u64, PddlError> {
        let text = pair.as_str();
        if text.starts_with('-') {
            return Err(self.unsupported(pair, "negative action costs are not supported"));
        }
        if text.contains('.') {
            let (whole, frac) = text.split_once('.').expect("invariant: contains '.'");
            if frac.chars().all(|c| c == '0') {
                return whole
                    .parse()
                    .map_err(|_| self.invalid(span(pair), "number too large"));
            }
            return Err(self.unsupported(
                pair,
                "non-integer action costs are not supported; expected a whole number",
            ));
        }
        text.parse()
            .map_err(|_| self.invalid(span(pair), "number too large; expected at most 2^64 - 1"))
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
            init_values: Vec::new(),
            goal: Vec::new(),
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
                    self.goal(goal, true, &mut problem.goal)?;
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
                    return Err(self.invalid(
                        span(&element),
                        "negative literal in `:init`; the initial state lists only the true \
                         facts (everything else is false)",
                    ));
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
