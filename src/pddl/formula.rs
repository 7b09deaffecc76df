//! Preconditions, goals and effects: from the parse tree to flat lists of
//! literals, add and delete effects and cost terms.
//!
//! planbox reads conjunctions only, so nested `and`s are flattened:
//! `(and (p) (and (q) (not (r))))` becomes the literals `p`, `q`, `not r`.
//! Everything that is not a conjunction of literals (`or`, `forall`, `when`,
//! numeric comparisons, ...) is refused by name.

use super::ast::{self, Name, Term};
use super::error::PddlError;
use super::parser::{Rule, Walker, children, name, span, term};
use pest::iterators::Pair;

impl Walker<'_> {
    /// Flattens a precondition or goal into its literals.
    pub(super) fn goal(
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

    pub(super) fn unsupported_formula(&self, pair: &Pair<'_, Rule>) -> PddlError {
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
