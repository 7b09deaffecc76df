//! The lifted PDDL task as written in the files: domains with typed, parameterised
//! actions, and problems with objects, an initial state and a goal.
//!
//! Every name is normalised to lower case (PDDL is case-insensitive) and keeps the
//! [`Span`] where it was written, so that later checks can point at the text.
//! Example: `(:action pick :parameters (?b - ball) ...)` becomes an [`Action`] named
//! `pick` with one [`TypedName`] parameter `?b` of type `ball`.
//!
//! Only the STRIPS fragment planbox supports has a place here: conjunctions of
//! literals and equalities in preconditions and goals, add and delete effects, and
//! `(increase (total-cost) ...)` cost effects. Anything else is refused by the
//! parser with [`crate::pddl::ErrorKind::Unsupported`] before an AST exists.

use std::path::PathBuf;

/// A source file: its path (for messages) and its whole text (for snippets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
}

/// A byte range `start..end` in a [`Source`]'s text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// A name (object, type, predicate, action, variable with its `?`), lower-cased.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// `name - type` in a typed list. Untyped entries get type `object` with the span
/// of the name itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedName {
    pub name: Name,
    pub ty: Name,
}

/// An argument of an atom: a variable (`?x`, text includes the `?`) or a
/// constant/object name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Variable(Name),
    Constant(Name),
}

impl Term {
    pub fn name(&self) -> &Name {
        match self {
            Term::Variable(n) | Term::Constant(n) => n,
        }
    }
}

/// `(predicate term ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub predicate: Name,
    pub args: Vec<Term>,
    pub span: Span,
}

/// One conjunct of a precondition or goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    /// `(p ...)` or, when `positive` is false, `(not (p ...))`.
    Atom { atom: Atom, positive: bool },
    /// `(= t1 t2)` or `(not (= t1 t2))`.
    Equality {
        left: Term,
        right: Term,
        positive: bool,
        span: Span,
    },
}

/// The amount of an `(increase (total-cost) AMOUNT)` effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostExpr {
    /// A non-negative integer literal.
    Number { value: u64, span: Span },
    /// A static numeric function such as `(travel-slow ?f1 ?f2)`, whose values are
    /// given in the problem's `:init` as `(= (travel-slow n0 n1) 6)`.
    Function {
        name: Name,
        args: Vec<Term>,
        span: Span,
    },
}

impl CostExpr {
    pub fn span(&self) -> Span {
        match self {
            CostExpr::Number { span, .. } | CostExpr::Function { span, .. } => *span,
        }
    }
}

/// The effect of an action: add and delete lists and the cost increases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    pub add: Vec<Atom>,
    pub del: Vec<Atom>,
    pub cost: Vec<CostExpr>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub name: Name,
    pub parameters: Vec<TypedName>,
    pub precondition: Vec<Literal>,
    pub effect: Effect,
    pub span: Span,
}

/// A predicate or function declaration: `(on ?x ?y - block)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub name: Name,
    pub parameters: Vec<TypedName>,
}

/// A requirement flag such as `:typing`, without the colon.
pub type Requirement = Name;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    pub source: Source,
    pub name: Name,
    pub requirements: Vec<Requirement>,
    /// `(:types a b - c)`: each declared type with its parent (`object` when none).
    pub types: Vec<TypedName>,
    pub constants: Vec<TypedName>,
    pub predicates: Vec<Signature>,
    /// `(:functions ...)`, including `total-cost`.
    pub functions: Vec<Signature>,
    pub actions: Vec<Action>,
}

/// `(= (f o1 o2) N)` in a problem's `:init`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionValue {
    pub name: Name,
    pub args: Vec<Name>,
    pub value: u64,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub source: Source,
    pub name: Name,
    /// The `(:domain d)` reference.
    pub domain: Name,
    pub requirements: Vec<Requirement>,
    pub objects: Vec<TypedName>,
    /// Ground atoms true initially (arguments are always [`Term::Constant`]).
    pub init: Vec<Atom>,
    /// Numeric initial values, e.g. `(= (total-cost) 0)`.
    pub init_values: Vec<FunctionValue>,
    pub goal: Vec<Literal>,
    /// True for `(:metric minimize (total-cost))`.
    pub metric: bool,
}
