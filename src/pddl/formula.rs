//! Preconditions, goals and effects: from the parse tree to [`ast::Condition`]
//! trees and flattened [`ast::Effect`]s.
//!
//! Conditions keep their shape (`and`, `or`, `not`, `imply`, `exists`,
//! `forall`); only `(not (p ...))` and `(not (= a b))` fold into negative
//! literals. Effects are flattened: literal effects outside any `forall` or
//! `when` go to the add and delete lists, and the literals inside one are
//! gathered into an [`ast::ConditionalEffect`] that carries the variables and
//! conditions of everything around it:
//!
//! ```text
//! (and (at ?to) (forall (?b) (when (in ?b) (and (at-b ?b ?to) (not (at-b ?b ?from))))))
//!   add = [(at ?to)]
//!   conditional = [{ vars [?b], condition [(in ?b)], add [(at-b ?b ?to)], del [(at-b ?b ?from)] }]
//! ```

use super::ast::{self, Name, Term, TypedName};
use super::error::PddlError;
use super::parser::{Rule, Walker, children, name, span, term};
use pest::iterators::Pair;

/// The `forall` variables and `when` conditions around an effect.
#[derive(Clone, Default)]
struct Context {
    vars: Vec<TypedName>,
    condition: Vec<ast::Condition>,
    /// The index in `Effect::conditional` of the effect that gathers the
    /// literals written directly in this context, once one was met.
    slot: Option<usize>,
    span: ast::Span,
}

impl Walker<'_> {
    /// Builds the condition tree of a precondition, goal or body.
    pub(super) fn goal(&self, pair: Pair<'_, Rule>) -> Result<ast::Condition, PddlError> {
        crate::util::deep(|| self.goal_here(pair))
    }

    fn goal_here(&self, pair: Pair<'_, Rule>) -> Result<ast::Condition, PddlError> {
        let s = span(&pair);
        let parts = |pair: Pair<'_, Rule>| -> Result<Vec<ast::Condition>, PddlError> {
            children(pair)
                .filter(|p| !is_keyword(p.as_rule()))
                .map(|p| self.goal(p))
                .collect()
        };
        match pair.as_rule() {
            Rule::empty => Ok(ast::Condition::And(Vec::new(), s)),
            Rule::and_goal => Ok(ast::Condition::And(parts(pair)?, s)),
            Rule::or_goal => Ok(ast::Condition::Or(parts(pair)?, s)),
            Rule::imply_goal => {
                let mut p = parts(pair)?.into_iter();
                let (a, b) = (p.next(), p.next());
                let (Some(a), Some(b)) = (a, b) else {
                    unreachable!("grammar: imply has two parts")
                };
                Ok(ast::Condition::Imply(Box::new(a), Box::new(b), s))
            }
            Rule::exists_goal | Rule::forall_goal => {
                let universal = pair.as_rule() == Rule::forall_goal;
                let mut inner = children(pair).filter(|p| !is_keyword(p.as_rule()));
                let vars = self.typed(inner.next().expect("invariant: grammar"))?;
                let body = Box::new(self.goal(inner.next().expect("invariant: grammar"))?);
                Ok(if universal {
                    ast::Condition::Forall(vars, body, s)
                } else {
                    ast::Condition::Exists(vars, body, s)
                })
            }
            Rule::not_goal => {
                let inner = children(pair)
                    .find(|p| p.as_rule() != Rule::kw_not)
                    .expect("invariant: grammar");
                match self.goal(inner)? {
                    ast::Condition::Literal(ast::Literal::Atom { atom, positive }) => {
                        Ok(ast::Condition::Literal(ast::Literal::Atom {
                            atom,
                            positive: !positive,
                        }))
                    }
                    ast::Condition::Literal(ast::Literal::Equality {
                        left,
                        right,
                        positive,
                        span,
                    }) => Ok(ast::Condition::Literal(ast::Literal::Equality {
                        left,
                        right,
                        positive: !positive,
                        span,
                    })),
                    other => Ok(ast::Condition::Not(Box::new(other), s)),
                }
            }
            Rule::equality => {
                let mut terms = children(pair);
                let left = term(&terms.next().expect("invariant: grammar"));
                let right = term(&terms.next().expect("invariant: grammar"));
                Ok(ast::Condition::Literal(ast::Literal::Equality {
                    left,
                    right,
                    positive: true,
                    span: s,
                }))
            }
            Rule::atom => Ok(ast::Condition::Literal(ast::Literal::Atom {
                atom: self.atom(pair),
                positive: true,
            })),
            Rule::when_in_goal => Err(self.invalid(
                s,
                "`when` is an effect and cannot stand in a condition; expected a condition \
                 such as `(on ?x ?y)`, `(and ...)`, `(or ...)` or `(forall ...)`",
            )),
            Rule::unsupported_formula => Err(self.unsupported_formula(&pair)),
            other => unreachable!("grammar: unexpected {other:?} in a condition"),
        }
    }

    pub(super) fn unsupported_formula(&self, pair: &Pair<'_, Rule>) -> PddlError {
        let keyword = pair
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::unsupported_keyword)
            .map(|p| p.as_str().to_ascii_lowercase())
            .unwrap_or_default();
        let what = match keyword.as_str() {
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

    pub(super) fn atom(&self, pair: Pair<'_, Rule>) -> ast::Atom {
        let s = span(&pair);
        let mut inner = children(pair);
        let predicate = name(&inner.next().expect("invariant: grammar"));
        ast::Atom {
            predicate,
            args: inner.map(|p| term(&p)).collect(),
            span: s,
        }
    }

    pub(super) fn effect(
        &self,
        pair: Pair<'_, Rule>,
        out: &mut ast::Effect,
    ) -> Result<(), PddlError> {
        self.effect_in(pair, &mut Context::default(), out)
    }

    fn effect_in(
        &self,
        pair: Pair<'_, Rule>,
        ctx: &mut Context,
        out: &mut ast::Effect,
    ) -> Result<(), PddlError> {
        crate::util::deep(|| self.effect_here(pair, ctx, out))
    }

    fn effect_here(
        &self,
        pair: Pair<'_, Rule>,
        ctx: &mut Context,
        out: &mut ast::Effect,
    ) -> Result<(), PddlError> {
        match pair.as_rule() {
            Rule::empty => Ok(()),
            Rule::and_effect => {
                for part in children(pair).filter(|p| p.as_rule() != Rule::kw_and) {
                    self.effect_in(part, ctx, out)?;
                }
                Ok(())
            }
            Rule::forall_effect | Rule::when_effect => {
                let s = span(&pair);
                let universal = pair.as_rule() == Rule::forall_effect;
                let mut inner = children(pair).filter(|p| !is_keyword(p.as_rule()));
                let head = inner.next().expect("invariant: grammar");
                let body = inner.next().expect("invariant: grammar");
                let mut nested = Context {
                    vars: ctx.vars.clone(),
                    condition: ctx.condition.clone(),
                    slot: None,
                    span: s,
                };
                if universal {
                    nested.vars.extend(self.typed(head)?);
                } else {
                    nested.condition.push(self.goal(head)?);
                }
                self.effect_in(body, &mut nested, out)
            }
            Rule::atom | Rule::not_effect => {
                let positive = pair.as_rule() == Rule::atom;
                let atom = if positive {
                    self.atom(pair)
                } else {
                    let atom = children(pair)
                        .find(|p| p.as_rule() == Rule::atom)
                        .expect("invariant: grammar");
                    self.atom(atom)
                };
                let (add, del) = if ctx.vars.is_empty() && ctx.condition.is_empty() {
                    (&mut out.add, &mut out.del)
                } else {
                    let slot = *ctx.slot.get_or_insert_with(|| {
                        out.conditional.push(ast::ConditionalEffect {
                            vars: ctx.vars.clone(),
                            condition: ctx.condition.clone(),
                            add: Vec::new(),
                            del: Vec::new(),
                            span: ctx.span,
                        });
                        out.conditional.len() - 1
                    });
                    let c = &mut out.conditional[slot];
                    (&mut c.add, &mut c.del)
                };
                if positive { add } else { del }.push(atom);
                Ok(())
            }
            Rule::increase => {
                if !(ctx.vars.is_empty() && ctx.condition.is_empty()) {
                    return Err(self.unsupported(
                        &pair,
                        "a cost increase inside `forall` or `when` is not supported; \
                         expected `(increase (total-cost) N)` outside them",
                    ));
                }
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
    pub(super) fn function_term(&self, pair: &Pair<'_, Rule>) -> (Name, Vec<Term>) {
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
    pub(super) fn cost_number(&self, pair: &Pair<'_, Rule>) -> Result<u64, PddlError> {
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
}

/// The keyword tokens of compound conditions and effects.
fn is_keyword(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::kw_and
            | Rule::kw_or
            | Rule::kw_not
            | Rule::kw_imply
            | Rule::kw_exists
            | Rule::kw_forall
            | Rule::kw_when
    )
}
