//! The lifted PDDL task as written in the files: domains with typed, parameterised
//! actions, and problems with objects, an initial state and a goal.
//!
//! Every name is normalised to lower case (PDDL is case-insensitive) and keeps the
//! [`Span`] where it was written, so that later checks can point at the text.
//! Example: `(:action pick :parameters (?b - ball) ...)` becomes an [`Action`] named
//! `pick` with one [`TypedName`] parameter `?b` of type `ball`.
//!
//! The AST holds the classical subset of PDDL 2.2 as written: preconditions,
//! goals and derived-predicate bodies are [`Condition`] trees (`and`, `or`,
//! `not`, `imply`, `exists`, `forall` over literals and equalities); effects
//! are add and delete lists with `(increase (total-cost) ...)`, plus
//! [`ConditionalEffect`]s for `forall` and `when`; `(:derived ...)` rules are
//! [`Derived`]. Numeric fluents, durative actions and the rest are refused by
//! the parser with [`crate::pddl::ErrorKind::Unsupported`] before an AST
//! exists. Turning the formulas into what a STRIPS-like grounder handles is
//! [`crate::lifted::normalize`]'s job, not the parser's.

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
/// of the name itself. An `(either a b)` type is kept as the text `(either a b)`
/// (see [`either_members`]).
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

/// The member types of an `(either a b)` type text, or `None` for a plain type.
pub fn either_members(ty: &str) -> Option<impl Iterator<Item = &str>> {
    let inner = ty.strip_prefix("(either ")?.strip_suffix(')')?;
    Some(inner.split(' '))
}

/// An atom or equality, possibly negated: the leaves of a [`Condition`].
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

impl Literal {
    pub fn span(&self) -> Span {
        match self {
            Literal::Atom { atom, .. } => atom.span,
            Literal::Equality { span, .. } => *span,
        }
    }
}

/// A precondition, goal, effect condition or derived-predicate body.
///
/// `(not (p ?x))` is a negative [`Literal`]; `not` around anything else is
/// [`Condition::Not`]. `(and)` is true and `(or)` is false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    Literal(Literal),
    And(Vec<Condition>, Span),
    Or(Vec<Condition>, Span),
    Not(Box<Condition>, Span),
    /// `(imply A B)`, that is `(or (not A) B)`.
    Imply(Box<Condition>, Box<Condition>, Span),
    Exists(Vec<TypedName>, Box<Condition>, Span),
    Forall(Vec<TypedName>, Box<Condition>, Span),
}

impl Default for Condition {
    /// The empty conjunction, which always holds.
    fn default() -> Self {
        Condition::And(Vec::new(), Span::default())
    }
}

impl Condition {
    /// The literals of a conjunction of literals (`(and (p) (not (q)))`,
    /// nested `and`s flattened), or `None` when the condition is anything
    /// else: the STRIPS case, which several engines need.
    pub fn conjunction(&self) -> Option<Vec<&Literal>> {
        fn walk<'a>(c: &'a Condition, out: &mut Vec<&'a Literal>) -> bool {
            match c {
                Condition::Literal(l) => {
                    out.push(l);
                    true
                }
                Condition::And(parts, _) => parts.iter().all(|p| walk(p, out)),
                _ => false,
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out).then_some(out)
    }

    /// Every literal in the condition, in the order written.
    pub fn literals(&self) -> Vec<&Literal> {
        fn walk<'a>(c: &'a Condition, out: &mut Vec<&'a Literal>) {
            match c {
                Condition::Literal(l) => out.push(l),
                Condition::And(parts, _) | Condition::Or(parts, _) => {
                    parts.iter().for_each(|p| walk(p, out))
                }
                Condition::Not(inner, _)
                | Condition::Exists(_, inner, _)
                | Condition::Forall(_, inner, _) => walk(inner, out),
                Condition::Imply(a, b, _) => {
                    walk(a, out);
                    walk(b, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out);
        out
    }
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

/// The effect of an action: add and delete lists, the cost increases, and the
/// effects under `forall` or `when`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    pub add: Vec<Atom>,
    pub del: Vec<Atom>,
    pub cost: Vec<CostExpr>,
    pub conditional: Vec<ConditionalEffect>,
}

/// The literal effects written directly inside one `forall` or `when`, with
/// everything around them flattened: for every binding of `vars` (the
/// variables of the enclosing `forall`s, outermost first) under which every
/// condition of the enclosing `when`s holds in the state *before* the action,
/// `add` becomes true and `del` false.
///
/// `(forall (?b - ball) (when (in ?b ?r) (not (in ?b ?r))))` is one
/// conditional effect with `vars = [?b]`, `condition = [(in ?b ?r)]` and
/// `del = [(in ?b ?r)]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalEffect {
    pub vars: Vec<TypedName>,
    /// The conditions of the enclosing `when`s, outermost first (all must hold).
    pub condition: Vec<Condition>,
    pub add: Vec<Atom>,
    pub del: Vec<Atom>,
    /// The innermost `forall` or `when`.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub name: Name,
    pub parameters: Vec<TypedName>,
    pub precondition: Condition,
    pub effect: Effect,
    pub span: Span,
}

/// `(:derived (p ?x - t) BODY)`: `(p o)` holds in a state exactly when it
/// follows from the rules, that is when some rule's body holds with `?x = o`
/// (the least fixpoint, evaluated stratum by stratum).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    pub predicate: Name,
    pub parameters: Vec<TypedName>,
    pub body: Condition,
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
    /// `(:derived ...)` rules, in file order.
    pub derived: Vec<Derived>,
}

impl Domain {
    /// Whether the domain uses anything beyond STRIPS with negative
    /// preconditions and equality: a precondition that is not a conjunction of
    /// literals, a conditional effect, or a derived predicate.
    pub fn is_adl(&self) -> bool {
        !self.derived.is_empty()
            || self
                .actions
                .iter()
                .any(|a| a.precondition.conjunction().is_none() || !a.effect.conditional.is_empty())
    }
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
    /// `(not (p a))` in `:init`, with the span of the `(not ...)`: atoms said
    /// to be false, which they are anyway (every atom not in `init` is). Kept
    /// for the checker, which warns, as nothing else reads them.
    pub negated_init: Vec<(Span, Atom)>,
    /// Numeric initial values, e.g. `(= (total-cost) 0)`.
    pub init_values: Vec<FunctionValue>,
    pub goal: Condition,
    /// True for `(:metric minimize (total-cost))`.
    pub metric: bool,
}
