//! Normalisation: from PDDL's condition and effect trees to what grounding
//! handles, conjunctions of literals.
//!
//! A precondition such as `(or (at ?x ?y) (exists (?z) (and (p ?z) (not (q ?z)))))`
//! cannot be matched against atoms as it stands. Following Fast Downward's
//! translator (`normalize.py`), planbox rewrites every condition in steps:
//!
//! 1. **Negation normal form**: `imply` becomes `or`, and `not` is pushed down
//!    to the literals (De Morgan; `not forall` is `exists not`).
//! 2. **Universal quantifiers**: a closed one (its body uses no outer
//!    variable, as in most goals) is expanded over the problem's objects:
//!    `(forall (?b - ball) (at ?b rooma))` becomes the conjunction of
//!    `(at o rooma)` for every ball `o`, and static atoms are decided on the
//!    spot, so the relaxed heuristics see every conjunct. One over outer
//!    variables becomes, as in Fast Downward, a negated derived atom:
//!    `(forall (?b) (not (holding ?r ?b)))` is `(not (@forall ?r))` with the rule
//!    `(@forall ?r) :- (holding ?r ?b)`. Not in the rule of a derived predicate
//!    that the quantifier's body uses (recursion, which PDDL allows where the
//!    predicate stays positive): there `(forall (?y) φ)` is the conjunction of
//!    `(@each ?x o)` over the objects `o`, with `(@each ?x ?y) :- φ` (in
//!    derived atoms `@all` of 32 conjuncts each when there are more), so that
//!    the predicate does not depend on its own negation.
//! 3. **Disjunctive normal form**: the condition becomes a disjunction of
//!    conjunctions, and each `exists` a list of extra variables of its
//!    conjunction. An action gets one schema per disjunct, whose existential
//!    variables become parameters that the plan does not print (the action's
//!    *external* parameters come first). Where the disjuncts would multiply
//!    beyond [`MAX_DISJUNCTS`], a disjunction becomes a new derived predicate
//!    instead (an *axiom*, one rule per disjunct), so the size stays linear.
//! 4. **Effects**: each `forall`/`when` effect becomes [`LEffect`]s whose
//!    variables stay lifted (reachability binds them), one per disjunct of its
//!    condition; `(when (exists (?x) c) e)` is `(forall (?x) (when c e))`.
//! 5. **Derived predicates** and a goal that is not a conjunction become axiom
//!    rules the same way; the goal is then the single atom `(@goal)`.
//!
//! Example: `(:action a :parameters (?x) :precondition (or (p ?x) (q ?x)) ...)`
//! gives two schemas named `a`, one with precondition `(p ?x)` and one with
//! `(q ?x)`; both print as `(a o)`.

use super::{Arg, GAtom, LAtom, ObjId, PredId, Schema};
use crate::pddl::ast::{self, Condition, Literal, Term, TypedName};
use crate::pddl::{ErrorKind, PddlError};
use crate::util::hash::{FastBuildHasher, FastMap, FastSet};
use indexmap::IndexSet;

/// The most disjuncts a condition may split into before its disjunctions
/// become derived predicates.
pub const MAX_DISJUNCTS: usize = 32;

/// The most formula nodes the expansion of universal quantifiers may build
/// for one condition.
pub const MAX_EXPANSION: usize = 4_000_000;

/// The most atoms of a conjunction over the objects that one rule joins
/// (for a universal quantifier in a recursive rule); wider ones are split into
/// derived atoms, each the conjunction of this many.
pub const MAX_CONJUNCTS: usize = 32;

/// A conditional effect of a schema: for every binding of its own variables
/// (numbered after the schema's parameters) under which the conjunction
/// `pos`/`neg`/`eq` holds before the action, `add` and `del` apply.
#[derive(Clone, Debug)]
pub struct LEffect {
    /// The type of each of the effect's own variables.
    pub params: Vec<u32>,
    pub pos: Vec<LAtom>,
    pub neg: Vec<LAtom>,
    pub eq: Vec<(Arg, Arg, bool)>,
    pub add: Vec<LAtom>,
    pub del: Vec<LAtom>,
}

/// A condition in negation normal form, with variables as indices.
#[derive(Clone, Debug)]
enum F {
    True,
    False,
    Atom(LAtom, bool),
    Eq(Arg, Arg, bool),
    And(Vec<F>),
    Or(Vec<F>),
    Exists(Vec<u32>, Box<F>),
}

/// One disjunct: literals and the existential variables it introduced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Conj {
    atoms: Vec<(LAtom, bool)>,
    eqs: Vec<(Arg, Arg, bool)>,
    vars: Vec<u32>,
}

/// Variables in scope while a condition is normalised.
#[derive(Default)]
struct Env<'a> {
    /// Name to argument, innermost last (a `forall` binds names to objects).
    names: Vec<(&'a str, Arg)>,
    /// The type of every variable index handed out so far.
    types: Vec<u32>,
}

impl<'a> Env<'a> {
    fn lookup(&self, name: &str) -> Arg {
        (self.names.iter().rev())
            .find(|(n, _)| *n == name)
            .map_or(Arg::Obj(0), |&(_, a)| a)
    }

    /// A new variable of type `ty`, visible as `name`.
    fn fresh(&mut self, name: &'a str, ty: u32) -> u32 {
        let v = self.types.len() as u32;
        self.types.push(ty);
        self.names.push((name, Arg::Var(v)));
        v
    }
}

/// The tables normalisation reads and the predicates and axioms it adds.
pub struct Normalizer<'l> {
    pub objects: &'l IndexSet<String, FastBuildHasher>,
    pub types: &'l IndexSet<String, FastBuildHasher>,
    pub objects_of_type: &'l [Vec<ObjId>],
    pub predicates: &'l mut IndexSet<String, FastBuildHasher>,
    pub arity: &'l mut Vec<usize>,
    /// Whether a predicate is static (no action changes it, no rule derives it).
    pub is_static: &'l mut Vec<bool>,
    pub static_init: &'l FastSet<GAtom>,
    /// The axiom rules: `add` holds the head, the rest the body.
    pub axioms: Vec<Schema>,
    /// The predicates made for conditions, by [`canonical`] key.
    made: FastMap<String, PredId>,
    /// The last number given to a new predicate of each stem (`@or-7`).
    numbered: FastMap<String, usize>,
    /// Formula nodes built by the current expansion.
    work: usize,
    /// The strongly connected component of each derived predicate of the
    /// domain among the derived predicates its rules use (`u32::MAX` for the
    /// other predicates): set by [`Normalizer::recursion`].
    component: Vec<u32>,
    /// The component of the derived predicate whose rules are normalised.
    defining: Option<u32>,
    /// The source of the text being normalised, for errors.
    pub source: &'l ast::Source,
}

impl<'l> Normalizer<'l> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        objects: &'l IndexSet<String, FastBuildHasher>,
        types: &'l IndexSet<String, FastBuildHasher>,
        objects_of_type: &'l [Vec<ObjId>],
        predicates: &'l mut IndexSet<String, FastBuildHasher>,
        arity: &'l mut Vec<usize>,
        is_static: &'l mut Vec<bool>,
        static_init: &'l FastSet<GAtom>,
        source: &'l ast::Source,
    ) -> Self {
        Normalizer {
            objects,
            types,
            objects_of_type,
            predicates,
            arity,
            is_static,
            static_init,
            axioms: Vec::new(),
            made: FastMap::default(),
            numbered: FastMap::default(),
            work: 0,
            component: Vec::new(),
            defining: None,
            source,
        }
    }

    /// Notes which derived predicates depend on each other through their
    /// rules, for [`Normalizer::derived`]: a universal quantifier over one of
    /// the predicates being defined cannot become a negated derived atom.
    pub fn recursion(&mut self, derived: &[ast::Derived]) {
        use petgraph::graph::{DiGraph, NodeIndex};
        let n = self.predicates.len();
        let heads: FastSet<PredId> = (derived.iter())
            .map(|d| self.pred(&d.predicate.text))
            .collect();
        let mut graph: DiGraph<(), ()> = DiGraph::default();
        for _ in 0..n {
            graph.add_node(());
        }
        for d in derived {
            let head = NodeIndex::new(self.pred(&d.predicate.text) as usize);
            for (literal, _) in crate::pddl::signed_literals(&d.body) {
                if let Literal::Atom { atom, .. } = literal {
                    let body = self.pred(&atom.predicate.text);
                    if heads.contains(&body) {
                        graph.add_edge(head, NodeIndex::new(body as usize), ());
                    }
                }
            }
        }
        self.component = vec![u32::MAX; n];
        for (c, members) in petgraph::algo::tarjan_scc(&graph).iter().enumerate() {
            for m in members {
                if heads.contains(&(m.index() as PredId)) {
                    self.component[m.index()] = c as u32;
                }
            }
        }
    }

    fn type_id(&self, ty: &str) -> u32 {
        self.types.get_index_of(ty).unwrap_or(0) as u32
    }

    /// The schemas of an action: one per disjunct of its precondition, each
    /// with the action's effects.
    pub fn action(&mut self, index: u32, action: &ast::Action) -> Result<Vec<Schema>, PddlError> {
        let mut env = Env::default();
        for p in &action.parameters {
            let ty = self.type_id(&p.ty.text);
            env.fresh(&p.name.text, ty);
        }
        let external = action.parameters.len();
        self.work = 0;
        let pre = self.nnf(
            &action.precondition,
            true,
            &mut env,
            action.precondition_span(),
        )?;
        let prefix: Vec<u32> = (0..external as u32).collect();
        let mut schemas = Vec::new();
        for conj in self.dnf(pre, &mut env)? {
            let (params, map) = self.params(&env, &prefix, &conj, &[]);
            let mut schema = Schema {
                name: action.name.text.clone(),
                action: index,
                external: external as u32,
                params,
                pos: Vec::new(),
                neg: Vec::new(),
                eq: Vec::new(),
                add: Vec::new(),
                del: Vec::new(),
                effects: Vec::new(),
                cost: Vec::new(),
            };
            fill(
                &conj,
                &map,
                &mut schema.pos,
                &mut schema.neg,
                &mut schema.eq,
            );
            self.effects(action, &mut schema)?;
            schemas.push(schema);
        }
        Ok(schemas)
    }

    /// The add and delete lists and the conditional effects of `schema`.
    fn effects(&mut self, action: &ast::Action, schema: &mut Schema) -> Result<(), PddlError> {
        // The action's parameters as written; the schema's extra
        // (existential) parameters are invisible to effects.
        let mut env = Env::default();
        for p in &action.parameters {
            let ty = self.type_id(&p.ty.text);
            env.fresh(&p.name.text, ty);
        }
        let n = schema.params.len();
        env.types.resize(n, 0);
        for a in &action.effect.add {
            schema.add.push(self.latom(a, &env));
        }
        for a in &action.effect.del {
            schema.del.push(self.latom(a, &env));
        }
        for c in &action.effect.conditional {
            let mark = (env.names.len(), env.types.len());
            let mut own: Vec<u32> = Vec::new();
            for v in &c.vars {
                let ty = self.type_id(&v.ty.text);
                own.push(env.fresh(&v.name.text, ty));
            }
            // A `forall` over a type without objects has no instance.
            if own
                .iter()
                .any(|&v| self.objects_of_type[env.types[v as usize] as usize].is_empty())
            {
                env.names.truncate(mark.0);
                env.types.truncate(mark.1);
                continue;
            }
            let add: Vec<LAtom> = c.add.iter().map(|a| self.latom(a, &env)).collect();
            let del: Vec<LAtom> = c.del.iter().map(|a| self.latom(a, &env)).collect();
            self.work = 0;
            let mut parts = Vec::with_capacity(c.condition.len());
            for condition in &c.condition {
                parts.push(self.nnf(condition, true, &mut env, c.span)?);
            }
            let f = and(parts);
            let prefix: Vec<u32> = (0..n as u32).collect();
            for mut conj in self.dnf(f, &mut env)? {
                // The forall variables come first, then the condition's
                // existential ones; all are the effect's own.
                let mut vars = own.clone();
                vars.append(&mut conj.vars);
                conj.vars = vars;
                let written: Vec<&LAtom> = add.iter().chain(&del).collect();
                let (params, map) = self.params(&env, &prefix, &conj, &written);
                let mut e = LEffect {
                    params: params[n..].to_vec(),
                    pos: Vec::new(),
                    neg: Vec::new(),
                    eq: Vec::new(),
                    add: add.iter().map(|a| remap(a, &map)).collect(),
                    del: del.iter().map(|a| remap(a, &map)).collect(),
                };
                fill(&conj, &map, &mut e.pos, &mut e.neg, &mut e.eq);
                if e.params.is_empty() && e.pos.is_empty() && e.neg.is_empty() && e.eq.is_empty() {
                    schema.add.append(&mut e.add);
                    schema.del.append(&mut e.del);
                } else {
                    schema.effects.push(e);
                }
            }
            env.names.truncate(mark.0);
            env.types.truncate(mark.1);
        }
        Ok(())
    }

    /// The rules of a `(:derived ...)` definition, added to the axioms.
    pub fn derived(&mut self, index: u32, rule: &ast::Derived) -> Result<(), PddlError> {
        let mut env = Env::default();
        for p in &rule.parameters {
            let ty = self.type_id(&p.ty.text);
            env.fresh(&p.name.text, ty);
        }
        let head = LAtom {
            pred: self.pred(&rule.predicate.text),
            args: (0..rule.parameters.len() as u32).map(Arg::Var).collect(),
        };
        self.work = 0;
        self.defining =
            (self.component.get(head.pred as usize).copied()).filter(|&c| c != u32::MAX);
        let body = self.nnf(&rule.body, true, &mut env, rule.span);
        self.defining = None;
        let body = body?;
        let prefix: Vec<u32> = (0..rule.parameters.len() as u32).collect();
        for conj in self.dnf(body, &mut env)? {
            self.rule(index, head.clone(), &env, &prefix, &conj);
        }
        Ok(())
    }

    /// The goal as ground literals, or, when it is not a conjunction, the
    /// atom of a new 0-ary derived predicate `@goal` with its rules.
    pub fn goal(&mut self, goal: &Condition) -> Result<Vec<(GAtom, bool)>, PddlError> {
        // A conjunction of literals stays as written (static atoms included,
        // so that `planbox ground` shows them), unless an equality is false.
        if let Some(literals) = goal.conjunction() {
            let env = Env::default();
            let mut out = Vec::new();
            let mut holds = true;
            for l in literals {
                match l {
                    Literal::Atom { atom, positive } => {
                        out.push((ground_atom(&self.latom(atom, &env)), *positive))
                    }
                    Literal::Equality {
                        left,
                        right,
                        positive,
                        ..
                    } => holds &= (self.arg(left, &env) == self.arg(right, &env)) == *positive,
                }
            }
            if holds {
                return Ok(out);
            }
        }
        let mut env = Env::default();
        self.work = 0;
        let f = self.nnf(goal, true, &mut env, span_of(goal))?;
        let mut disjuncts = self.dnf(f, &mut env)?;
        if disjuncts.len() == 1 && disjuncts[0].vars.is_empty() && disjuncts[0].eqs.is_empty() {
            let conj = disjuncts.pop().expect("invariant: one disjunct");
            return Ok((conj.atoms.into_iter())
                .map(|(a, positive)| (ground_atom(&a), positive))
                .collect());
        }
        let pred = self.new_predicate("@goal", 0);
        let head = LAtom {
            pred,
            args: Vec::new(),
        };
        for conj in &disjuncts {
            self.rule(u32::MAX, head.clone(), &env, &[], conj);
        }
        Ok(vec![(
            GAtom {
                pred,
                args: Box::new([]),
            },
            true,
        )])
    }

    fn pred(&self, name: &str) -> PredId {
        self.predicates.get_index_of(name).unwrap_or(0) as PredId
    }

    /// A new predicate named `stem`, or `stem-2`, `stem-3`, ... when taken.
    fn new_predicate(&mut self, stem: &str, arity: usize) -> PredId {
        // Numbering goes on from the last one of the stem, so that a
        // thousand `@or` predicates are not a million name lookups.
        let k = self.numbered.entry(stem.to_string()).or_insert(1);
        let mut name = if *k == 1 {
            stem.to_string()
        } else {
            format!("{stem}-{k}")
        };
        while self.predicates.contains(&name) {
            *k += 1;
            name = format!("{stem}-{k}");
        }
        let (p, _) = self.predicates.insert_full(name);
        self.arity.push(arity);
        self.is_static.push(false);
        p as PredId
    }

    /// Adds the rule `head :- conj`, whose parameters are `prefix` (the head's
    /// variables) followed by the disjunct's existential variables.
    fn rule(&mut self, origin: u32, head: LAtom, env: &Env<'_>, prefix: &[u32], conj: &Conj) {
        let (params, map) = self.params(env, prefix, conj, &[]);
        let mut schema = Schema {
            name: self.predicates[head.pred as usize].clone(),
            action: origin,
            external: prefix.len() as u32,
            params,
            pos: Vec::new(),
            neg: Vec::new(),
            eq: Vec::new(),
            add: vec![remap(&head, &map)],
            del: Vec::new(),
            effects: Vec::new(),
            cost: Vec::new(),
        };
        fill(conj, &map, &mut schema.pos, &mut schema.neg, &mut schema.eq);
        self.axioms.push(schema);
    }

    /// The parameter types of a schema or rule over `prefix` and the
    /// existential variables of `conj` that its literals use, with the map
    /// from variable index to parameter index.
    fn params(
        &self,
        env: &Env<'_>,
        prefix: &[u32],
        conj: &Conj,
        also: &[&LAtom],
    ) -> (Vec<u32>, FastMap<u32, u32>) {
        let mut map: FastMap<u32, u32> = FastMap::default();
        let mut types = Vec::new();
        for &v in prefix {
            map.insert(v, types.len() as u32);
            types.push(env.types[v as usize]);
        }
        let mut used: FastSet<u32> = FastSet::default();
        let mut note = |a: &Arg| {
            if let Arg::Var(v) = a {
                used.insert(*v);
            }
        };
        for atom in conj
            .atoms
            .iter()
            .map(|(a, _)| a)
            .chain(also.iter().copied())
        {
            atom.args.iter().for_each(&mut note);
        }
        for (l, r, _) in &conj.eqs {
            note(l);
            note(r);
        }
        for &v in &conj.vars {
            if used.contains(&v) && !map.contains_key(&v) {
                map.insert(v, types.len() as u32);
                types.push(env.types[v as usize]);
            }
        }
        (types, map)
    }

    fn latom(&self, atom: &ast::Atom, env: &Env<'_>) -> LAtom {
        LAtom {
            pred: self.pred(&atom.predicate.text),
            args: atom.args.iter().map(|t| self.arg(t, env)).collect(),
        }
    }

    fn arg(&self, term: &Term, env: &Env<'_>) -> Arg {
        match term {
            Term::Variable(v) => env.lookup(&v.text),
            Term::Constant(c) => Arg::Obj(self.objects.get_index_of(&c.text).unwrap_or(0) as ObjId),
        }
    }

    fn grow(&mut self, nodes: usize, span: ast::Span) -> Result<(), PddlError> {
        self.work += nodes;
        if self.work > MAX_EXPANSION {
            return Err(PddlError::new(
                ErrorKind::OutOfMemory,
                self.source,
                span,
                format!(
                    "expanding the universal quantifiers of this condition over the objects \
                     builds more than {MAX_EXPANSION} formula nodes (planbox's limit)"
                ),
            ));
        }
        Ok(())
    }

    /// Step 1 and 2: negation normal form, with `forall` expanded and static
    /// atoms over objects decided. `positive` is false under a negation.
    fn nnf<'a>(
        &mut self,
        c: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        crate::util::deep(|| self.nnf_here(c, positive, env, span))
    }

    fn nnf_here<'a>(
        &mut self,
        c: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        self.grow(1, span)?;
        Ok(match c {
            Condition::Literal(Literal::Atom { atom, positive: p }) => {
                let atom = self.latom(atom, env);
                let sign = *p == positive;
                if self.is_static[atom.pred as usize]
                    && atom.args.iter().all(|a| matches!(a, Arg::Obj(_)))
                {
                    let holds = self.static_init.contains(&ground_atom(&atom));
                    if holds == sign { F::True } else { F::False }
                } else {
                    F::Atom(atom, sign)
                }
            }
            Condition::Literal(Literal::Equality {
                left,
                right,
                positive: p,
                ..
            }) => {
                let (l, r) = (self.arg(left, env), self.arg(right, env));
                let sign = *p == positive;
                match (l, r) {
                    (Arg::Obj(a), Arg::Obj(b)) => {
                        if (a == b) == sign {
                            F::True
                        } else {
                            F::False
                        }
                    }
                    _ if l == r => {
                        if sign {
                            F::True
                        } else {
                            F::False
                        }
                    }
                    _ => F::Eq(l, r, sign),
                }
            }
            Condition::And(parts, _) | Condition::Or(parts, _) => {
                let conjunctive = matches!(c, Condition::And(..)) == positive;
                let mut out = Vec::with_capacity(parts.len());
                for p in parts {
                    out.push(self.nnf(p, positive, env, span)?);
                }
                if conjunctive { and(out) } else { or(out) }
            }
            Condition::Not(inner, _) => self.nnf(inner, !positive, env, span)?,
            Condition::Imply(a, b, _) => {
                let a = self.nnf(a, !positive, env, span)?;
                let b = self.nnf(b, positive, env, span)?;
                if positive {
                    or(vec![a, b])
                } else {
                    and(vec![a, b])
                }
            }
            Condition::Exists(vars, body, s) | Condition::Forall(vars, body, s) => {
                let universal = matches!(c, Condition::Forall(..)) == positive;
                if universal && self.mentions_free(body, vars, env) {
                    if self.recursive(body) {
                        self.universal_instances(vars, body, positive, env, *s)?
                    } else {
                        self.universal_axiom(vars, body, positive, env, *s)?
                    }
                } else if universal {
                    self.expand(vars, body, positive, env, *s)?
                } else {
                    self.exists(vars, body, positive, env, *s)?
                }
            }
        })
    }

    /// Whether `body` uses a variable from outside the quantifier over `vars`
    /// that is still a variable (not bound to an object by an outer `forall`).
    fn mentions_free(&self, body: &Condition, vars: &[TypedName], env: &Env<'_>) -> bool {
        fn walk(c: &Condition, bound: &mut Vec<String>, env: &Env<'_>) -> bool {
            let free = |t: &Term, bound: &[String]| match t {
                Term::Variable(v) => {
                    !bound.contains(&v.text) && matches!(env.lookup(&v.text), Arg::Var(_))
                }
                Term::Constant(_) => false,
            };
            match c {
                Condition::Literal(Literal::Atom { atom, .. }) => {
                    atom.args.iter().any(|t| free(t, bound))
                }
                Condition::Literal(Literal::Equality { left, right, .. }) => {
                    free(left, bound) || free(right, bound)
                }
                Condition::And(parts, _) | Condition::Or(parts, _) => {
                    parts.iter().any(|p| walk(p, bound, env))
                }
                Condition::Not(inner, _) => walk(inner, bound, env),
                Condition::Imply(a, b, _) => walk(a, bound, env) || walk(b, bound, env),
                Condition::Exists(vars, body, _) | Condition::Forall(vars, body, _) => {
                    let mark = bound.len();
                    bound.extend(vars.iter().map(|v| v.name.text.clone()));
                    let out = walk(body, bound, env);
                    bound.truncate(mark);
                    out
                }
            }
        }
        let mut bound: Vec<String> = vars.iter().map(|v| v.name.text.clone()).collect();
        walk(body, &mut bound, env)
    }

    /// A universal condition over free variables, as Fast Downward's
    /// translator makes it: `forall x: φ` is `not exists x: not φ`, and the
    /// existential part becomes a new derived predicate over the free
    /// variables. (Expanding it over the objects would copy `φ` once per
    /// object with the free variables still open.)
    fn universal_axiom<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let counter = self.exists(vars, body, !positive, env, span)?;
        let disjuncts = self.dnf(counter, env)?;
        Ok(F::Atom(
            self.derived_atom("@forall", &disjuncts, env),
            false,
        ))
    }

    /// Whether `body` uses a derived predicate that depends on the one whose
    /// rules are being normalised (that one included).
    fn recursive(&self, body: &Condition) -> bool {
        let Some(c) = self.defining else {
            return false;
        };
        (crate::pddl::signed_literals(body).into_iter()).any(|(literal, _)| match literal {
            Literal::Atom { atom, .. } => {
                self.component.get(self.pred(&atom.predicate.text) as usize) == Some(&c)
            }
            Literal::Equality { .. } => false,
        })
    }

    /// A universal condition over free variables in the rule of a derived
    /// predicate `d`, whose body uses `d` or a predicate defined through `d`:
    /// `forall y: φ(x, y)` is the conjunction of the atoms `(@each x o)` for
    /// every object `o` of `y`'s type, with the rules `(@each x y) :- φ(x, y)`.
    ///
    /// PDDL allows such recursion when `d` stays positive once negations are
    /// pushed in, and means the least fixpoint of the rules. The negated
    /// derived atom of [`Normalizer::universal_axiom`] would make `d` depend
    /// on its own negation, which no layering evaluates (Fast Downward's
    /// translator stops there: "axioms are not stratifiable"). The
    /// conjunction over the objects keeps every rule positive in `d`.
    fn universal_instances<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let mark = env.names.len();
        let mut fresh = Vec::new();
        for v in vars {
            let ty = self.type_id(&v.ty.text);
            if self.objects_of_type[ty as usize].is_empty() {
                // A universal over no objects holds.
                env.names.truncate(mark);
                return Ok(F::True);
            }
            fresh.push(env.fresh(&v.name.text, ty));
        }
        let f = self.nnf(body, positive, env, span);
        env.names.truncate(mark);
        let disjuncts = match f? {
            F::True => return Ok(F::True),
            F::False => return Ok(F::False),
            f => self.dnf(f, env)?,
        };
        if disjuncts.is_empty() {
            return Ok(F::False);
        }
        let each = self.derived_atom("@each", &disjuncts, env);
        // Every binding of the quantified variables that `@each` keeps to
        // objects of their types, as an odometer.
        let open: Vec<u32> = (fresh.into_iter())
            .filter(|&v| each.args.contains(&Arg::Var(v)))
            .collect();
        let table = self.objects_of_type;
        let choices: Vec<&[ObjId]> = (open.iter())
            .map(|&v| &table[env.types[v as usize] as usize][..])
            .collect();
        let mut digit = vec![0usize; open.len()];
        let mut parts: Vec<LAtom> = Vec::new();
        'bindings: loop {
            self.grow(1, span)?;
            let args = (each.args.iter())
                .map(|&a| match a {
                    Arg::Var(v) => match open.iter().position(|&o| o == v) {
                        Some(k) => Arg::Obj(choices[k][digit[k]]),
                        None => a,
                    },
                    Arg::Obj(_) => a,
                })
                .collect();
            parts.push(LAtom {
                pred: each.pred,
                args,
            });
            let mut k = 0;
            loop {
                if k == digit.len() {
                    break 'bindings;
                }
                digit[k] += 1;
                if digit[k] < choices[k].len() {
                    break;
                }
                digit[k] = 0;
                k += 1;
            }
        }
        // A rule over a thousand atoms would join all the others again for
        // each new one in the reachability fixpoint: the conjunction becomes
        // a tree of derived atoms `@all`, each over at most MAX_CONJUNCTS.
        while parts.len() > MAX_CONJUNCTS {
            let mut groups = Vec::with_capacity(parts.len().div_ceil(MAX_CONJUNCTS));
            for chunk in parts.chunks(MAX_CONJUNCTS) {
                let conj = Conj {
                    atoms: chunk.iter().map(|a| (a.clone(), true)).collect(),
                    ..Conj::default()
                };
                groups.push(self.derived_atom("@all", &[conj], env));
            }
            parts = groups;
        }
        Ok(and(parts.into_iter().map(|a| F::Atom(a, true)).collect()))
    }

    /// The atom of a new derived predicate over the free variables of
    /// `disjuncts`, with one rule per disjunct. The same disjuncts (up to the
    /// names of their variables) give the same predicate, so that two actions
    /// with the same quantified condition share its rules, as in Fast Downward.
    fn derived_atom(&mut self, stem: &str, disjuncts: &[Conj], env: &Env<'_>) -> LAtom {
        let free = free_vars(disjuncts);
        let args: Vec<Arg> = free.iter().map(|&v| Arg::Var(v)).collect();
        let key = canonical(stem, disjuncts, &free, env);
        if let Some(&pred) = self.made.get(&key) {
            return LAtom { pred, args };
        }
        let pred = self.new_predicate(stem, free.len());
        self.made.insert(key, pred);
        let head = LAtom { pred, args };
        for conj in disjuncts {
            self.rule(u32::MAX, head.clone(), env, &free, conj);
        }
        head
    }

    /// `exists` (or a negated `forall`): fresh variables.
    fn exists<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let mark = env.names.len();
        let mut fresh = Vec::new();
        for v in vars {
            let ty = self.type_id(&v.ty.text);
            if self.objects_of_type[ty as usize].is_empty() {
                env.names.truncate(mark);
                return Ok(F::False);
            }
            fresh.push(env.fresh(&v.name.text, ty));
        }
        let f = self.nnf(body, positive, env, span)?;
        env.names.truncate(mark);
        Ok(match f {
            F::True | F::False => f,
            f => F::Exists(fresh, Box::new(f)),
        })
    }

    /// `forall` (or a negated `exists`): the conjunction over every binding of
    /// the variables to objects of their types.
    fn expand<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let Some((first, rest)) = vars.split_first() else {
            return self.nnf(body, positive, env, span);
        };
        let ty = self.type_id(&first.ty.text) as usize;
        let mut parts = Vec::new();
        for i in 0..self.objects_of_type[ty].len() {
            let o = self.objects_of_type[ty][i];
            env.names.push((&first.name.text, Arg::Obj(o)));
            let f = self.expand(rest, body, positive, env, span);
            env.names.pop();
            match f? {
                F::True => {}
                F::False => return Ok(F::False),
                f => parts.push(f),
            }
        }
        Ok(and(parts))
    }

    /// Step 3: the disjuncts of an NNF formula. An `and` whose disjuncts would
    /// multiply past [`MAX_DISJUNCTS`] has its widest parts replaced by
    /// derived atoms.
    fn dnf(&mut self, f: F, env: &mut Env<'_>) -> Result<Vec<Conj>, PddlError> {
        crate::util::deep(|| self.dnf_here(f, env))
    }

    fn dnf_here(&mut self, f: F, env: &mut Env<'_>) -> Result<Vec<Conj>, PddlError> {
        Ok(match f {
            F::True => vec![Conj::default()],
            F::False => Vec::new(),
            F::Atom(a, positive) => vec![Conj {
                atoms: vec![(a, positive)],
                ..Conj::default()
            }],
            F::Eq(l, r, positive) => vec![Conj {
                eqs: vec![(l, r, positive)],
                ..Conj::default()
            }],
            F::Or(parts) => {
                // The same disjunct twice would make the same schema twice.
                let mut out: Vec<Conj> = Vec::new();
                let mut seen: FastSet<Conj> = FastSet::default();
                for p in parts {
                    for c in self.dnf(p, env)? {
                        if seen.insert(c.clone()) {
                            out.push(c);
                        }
                    }
                }
                out
            }
            F::Exists(vars, body) => {
                let mut out = self.dnf(*body, env)?;
                for conj in &mut out {
                    let mut v = vars.clone();
                    v.append(&mut conj.vars);
                    conj.vars = v;
                }
                out
            }
            F::And(parts) => {
                let mut each: Vec<Vec<Conj>> = Vec::with_capacity(parts.len());
                for p in parts {
                    let d = self.dnf(p, env)?;
                    if d.is_empty() {
                        return Ok(Vec::new());
                    }
                    each.push(d);
                }
                // The widest parts (the first of equal widths) become derived
                // atoms, one after the other, until the product fits: the
                // parts are sorted once, and the product of the parts left
                // is known for each prefix of that order.
                let mut order: Vec<usize> = (0..each.len()).collect();
                order.sort_by_key(|&i| (std::cmp::Reverse(each[i].len()), i));
                let mut keep_from = order.len();
                let mut rest = 1usize;
                for k in (0..order.len()).rev() {
                    rest = rest.saturating_mul(each[order[k]].len());
                    if rest > MAX_DISJUNCTS {
                        break;
                    }
                    keep_from = k;
                }
                for &widest in &order[..keep_from] {
                    let disjuncts = std::mem::take(&mut each[widest]);
                    each[widest] = vec![self.axiomatize(disjuncts, env)];
                }
                let mut out = vec![Conj::default()];
                for d in each {
                    // One disjunct (most parts are): extend every conjunction
                    // in place, rather than copy the growing ones each time.
                    if let [right] = &d[..] {
                        for c in &mut out {
                            c.atoms.extend(right.atoms.iter().cloned());
                            c.eqs.extend(right.eqs.iter().cloned());
                            c.vars.extend(right.vars.iter().copied());
                        }
                        continue;
                    }
                    let mut next = Vec::with_capacity(out.len() * d.len());
                    for left in &out {
                        for right in &d {
                            let mut c = left.clone();
                            c.atoms.extend(right.atoms.iter().cloned());
                            c.eqs.extend(right.eqs.iter().cloned());
                            c.vars.extend(right.vars.iter().copied());
                            next.push(c);
                        }
                    }
                    out = next;
                }
                out
            }
        })
    }

    /// A disjunction as a new derived atom over its free variables, with one
    /// rule per disjunct.
    fn axiomatize(&mut self, disjuncts: Vec<Conj>, env: &Env<'_>) -> Conj {
        Conj {
            atoms: vec![(self.derived_atom("@or", &disjuncts, env), true)],
            ..Conj::default()
        }
    }
}

/// A key that is the same for two lists of disjuncts exactly when they are
/// the same up to renaming variables (free ones in order of first use, each
/// disjunct's existential ones likewise), with free variables of the same types.
fn canonical(stem: &str, disjuncts: &[Conj], free: &[u32], env: &Env<'_>) -> String {
    use std::fmt::Write;
    let mut key = String::from(stem);
    for &v in free {
        let _ = write!(key, " t{}", env.types[v as usize]);
    }
    for conj in disjuncts {
        key.push_str(" |");
        let mut own: Vec<u32> = Vec::new();
        let mut name = |a: &Arg, key: &mut String| {
            let _ = match *a {
                Arg::Obj(o) => write!(key, " o{o}"),
                Arg::Var(v) => match free.iter().position(|&f| f == v) {
                    Some(i) => write!(key, " f{i}"),
                    None => {
                        let j = own.iter().position(|&e| e == v).unwrap_or_else(|| {
                            own.push(v);
                            own.len() - 1
                        });
                        write!(key, " e{j}:{}", env.types[v as usize])
                    }
                },
            };
        };
        for (atom, positive) in &conj.atoms {
            let _ = write!(key, " {}{}(", if *positive { "" } else { "!" }, atom.pred);
            for a in &atom.args {
                name(a, &mut key);
            }
            key.push(')');
        }
        for (l, r, positive) in &conj.eqs {
            key.push_str(if *positive { " =(" } else { " !=(" });
            name(l, &mut key);
            name(r, &mut key);
            key.push(')');
        }
    }
    key
}

/// The variables the disjuncts use that none of them introduced, in order of
/// first use.
fn free_vars(disjuncts: &[Conj]) -> Vec<u32> {
    let mut free: Vec<u32> = Vec::new();
    for conj in disjuncts {
        let mut note = |a: &Arg| {
            if let Arg::Var(v) = *a
                && !conj.vars.contains(&v)
                && !free.contains(&v)
            {
                free.push(v);
            }
        };
        for (atom, _) in &conj.atoms {
            atom.args.iter().for_each(&mut note);
        }
        for (l, r, _) in &conj.eqs {
            note(l);
            note(r);
        }
    }
    free
}

impl ast::Action {
    /// Where the precondition is written (the action itself when it has none).
    fn precondition_span(&self) -> ast::Span {
        match span_of(&self.precondition) {
            s if s == ast::Span::default() => self.span,
            s => s,
        }
    }
}

fn span_of(c: &Condition) -> ast::Span {
    match c {
        Condition::Literal(l) => l.span(),
        Condition::And(_, s)
        | Condition::Or(_, s)
        | Condition::Not(_, s)
        | Condition::Imply(_, _, s)
        | Condition::Exists(_, _, s)
        | Condition::Forall(_, _, s) => *s,
    }
}

fn and(parts: Vec<F>) -> F {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            F::True => {}
            F::False => return F::False,
            F::And(inner) => out.extend(inner),
            p => out.push(p),
        }
    }
    match out.len() {
        0 => F::True,
        1 => out.pop().expect("invariant: one part"),
        _ => F::And(out),
    }
}

fn or(parts: Vec<F>) -> F {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            F::False => {}
            F::True => return F::True,
            F::Or(inner) => out.extend(inner),
            p => out.push(p),
        }
    }
    match out.len() {
        0 => F::False,
        1 => out.pop().expect("invariant: one part"),
        _ => F::Or(out),
    }
}

fn remap(atom: &LAtom, map: &FastMap<u32, u32>) -> LAtom {
    LAtom {
        pred: atom.pred,
        args: atom.args.iter().map(|a| remap_arg(*a, map)).collect(),
    }
}

fn remap_arg(a: Arg, map: &FastMap<u32, u32>) -> Arg {
    match a {
        Arg::Var(v) => Arg::Var(*map.get(&v).expect("invariant: every variable is mapped")),
        o => o,
    }
}

/// The literals of `conj`, renumbered, each once.
fn fill(
    conj: &Conj,
    map: &FastMap<u32, u32>,
    pos: &mut Vec<LAtom>,
    neg: &mut Vec<LAtom>,
    eq: &mut Vec<(Arg, Arg, bool)>,
) {
    // A set to spot repeats: a universal expanded over thousands of objects
    // makes conjunctions of thousands of literals.
    let mut seen: FastSet<(LAtom, bool)> = FastSet::default();
    seen.extend(pos.iter().map(|a| (a.clone(), true)));
    seen.extend(neg.iter().map(|a| (a.clone(), false)));
    for (atom, positive) in &conj.atoms {
        let a = remap(atom, map);
        if seen.insert((a.clone(), *positive)) {
            if *positive { pos.push(a) } else { neg.push(a) }
        }
    }
    for &(l, r, positive) in &conj.eqs {
        eq.push((remap_arg(l, map), remap_arg(r, map), positive));
    }
}

/// A lifted atom whose arguments are all objects, as a ground atom.
fn ground_atom(atom: &LAtom) -> GAtom {
    GAtom {
        pred: atom.pred,
        args: (atom.args.iter())
            .map(|a| match a {
                Arg::Obj(o) => *o,
                Arg::Var(_) => ObjId::MAX,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use crate::invariants::tests::lifted_of;
    use crate::lifted::{Arg, Lifted};

    const PROBLEM: &str = "(define (problem p) (:domain d) (:objects a b c) (:init (s a) (s b)) \
                           (:goal (q a)))";

    fn domain(precondition: &str) -> String {
        format!(
            "(define (domain d) (:requirements :adl)
               (:predicates (p ?x) (q ?x) (r ?x ?y) (s ?x))
               (:action act :parameters (?x) :precondition {precondition}
                 :effect (and (q ?x) (p ?x))))"
        )
    }

    fn schemas(precondition: &str) -> Lifted {
        lifted_of(&domain(precondition), PROBLEM)
    }

    fn pred(l: &Lifted, name: &str) -> u32 {
        l.predicates.get_index_of(name).expect("declared") as u32
    }

    #[test]
    fn a_disjunction_splits_the_action_into_schemas_of_the_same_name() {
        let l = schemas("(or (p ?x) (and (q ?x) (not (p ?x))))");
        assert_eq!(l.schemas.len(), 2);
        assert!(l.schemas.iter().all(|s| s.name == "act" && s.external == 1));
        assert_eq!(l.schemas[0].pos.len(), 1);
        assert_eq!(l.schemas[1].pos.len(), 1);
        assert_eq!(l.schemas[1].neg.len(), 1);
        assert!(l.axioms.is_empty());
    }

    #[test]
    fn an_existential_variable_is_a_parameter_the_plan_does_not_print() {
        let l = schemas("(exists (?y) (r ?x ?y))");
        let s = &l.schemas[0];
        assert_eq!((s.params.len(), s.external), (2, 1));
        assert_eq!(s.pos[0].args, vec![Arg::Var(0), Arg::Var(1)]);
    }

    #[test]
    fn a_closed_universal_is_expanded_and_its_static_atoms_decided() {
        // (s a) and (s b) hold, (s c) does not: only c needs (p c).
        let l = schemas("(forall (?y) (or (s ?y) (p ?y)))");
        assert_eq!(l.schemas.len(), 1);
        let s = &l.schemas[0];
        assert_eq!(s.pos.len(), 1);
        assert_eq!(s.pos[0].pred, pred(&l, "p"));
        assert_eq!(s.pos[0].args, vec![Arg::Obj(2)]);
        assert!(l.axioms.is_empty());
    }

    #[test]
    fn a_universal_over_an_outer_variable_becomes_a_negated_derived_atom() {
        let l = schemas("(forall (?y) (not (r ?x ?y)))");
        let s = &l.schemas[0];
        assert!(s.pos.is_empty());
        assert_eq!(s.neg.len(), 1);
        let forall = s.neg[0].pred;
        assert_eq!(l.predicates[forall as usize], "@forall");
        assert!(l.derived[forall as usize]);
        // (@forall ?x) :- (r ?x ?y): one rule over ?x and ?y.
        assert_eq!(l.axioms.len(), 1);
        let rule = &l.axioms[0];
        assert_eq!(rule.add[0].pred, forall);
        assert_eq!(rule.params.len(), 2);
        assert_eq!(rule.pos[0].pred, pred(&l, "r"));
    }

    #[test]
    fn a_universal_over_the_predicate_being_defined_is_a_conjunction_over_the_objects() {
        let l = lifted_of(
            "(define (domain d) (:requirements :adl :derived-predicates)
               (:predicates (p ?x) (r ?x ?y) (q ?x) (s ?x))
               (:derived (q ?x) (or (p ?x) (forall (?y) (imply (r ?x ?y) (q ?y)))))
               (:action act :parameters (?x) :precondition (q ?x) :effect (p ?x)))",
            PROBLEM,
        );
        // (q ?x) :- (@each ?x a), (@each ?x b), (@each ?x c), and
        // (@each ?x ?y) :- not (r ?x ?y) | (q ?y): no rule negates a
        // derived predicate.
        let each = pred(&l, "@each");
        assert!(
            l.axioms
                .iter()
                .all(|r| r.neg.iter().all(|a| !l.derived[a.pred as usize]))
        );
        let conjunction = (l.axioms.iter())
            .find(|r| r.add[0].pred == pred(&l, "q") && !r.pos.is_empty() && r.pos[0].pred == each)
            .expect("a rule over @each");
        let objects: Vec<Arg> = (conjunction.pos.iter()).map(|a| a.args[1]).collect();
        assert_eq!(objects, [Arg::Obj(0), Arg::Obj(1), Arg::Obj(2)]);
        // Elsewhere, a universal over an outer variable stays a negated atom.
        let l = schemas("(forall (?y) (imply (r ?x ?y) (q ?y)))");
        assert_eq!(l.predicates[l.schemas[0].neg[0].pred as usize], "@forall");
    }

    #[test]
    fn a_conjunction_over_many_objects_is_a_tree_of_derived_atoms() {
        // 1,100 objects: (q ?x) :- 2 atoms `@all`, over 32 `@all` each, over
        // 32 `@each` atoms each (the last ones fewer).
        let objects: String = (0..1100).map(|i| format!(" o{i}")).collect();
        let l = lifted_of(
            "(define (domain d) (:requirements :adl :derived-predicates)
               (:predicates (p ?x) (r ?x ?y) (q ?x))
               (:derived (q ?x) (forall (?y) (imply (r ?x ?y) (q ?y))))
               (:action act :parameters (?x) :precondition (q ?x) :effect (p ?x)))",
            &format!("(define (problem p) (:domain d) (:objects{objects}) (:init) (:goal (p o0)))"),
        );
        let q = pred(&l, "q");
        let rules: Vec<_> = l.axioms.iter().filter(|r| r.add[0].pred == q).collect();
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].pos.len(), 2);
        assert!(l.axioms.iter().all(|r| r.pos.len() <= super::MAX_CONJUNCTS));
        let all = |name: &str| name == "@all" || name.starts_with("@all-");
        let groups = l.predicates.iter().filter(|p| all(p)).count();
        assert_eq!(groups, 1100usize.div_ceil(32) + 2);
    }

    #[test]
    fn disjuncts_past_the_bound_become_derived_atoms_instead() {
        // Six binary disjunctions would make 64 schemas.
        let parts: String = (0..6)
            .map(|i| format!(" (or (p ?x) (r ?x c{i}))"))
            .collect();
        let d = format!(
            "(define (domain d) (:requirements :adl) (:constants c0 c1 c2 c3 c4 c5)
               (:predicates (p ?x) (q ?x) (r ?x ?y))
               (:action act :parameters (?x) :precondition (and{parts}) :effect (q ?x)))"
        );
        let l = lifted_of(
            &d,
            "(define (problem p) (:domain d) (:objects a) (:init) (:goal (q a)))",
        );
        assert!(
            l.schemas.len() <= super::MAX_DISJUNCTS,
            "{}",
            l.schemas.len()
        );
        assert!(
            l.axioms
                .iter()
                .any(|r| l.predicates[r.add[0].pred as usize].starts_with("@or"))
        );
    }

    #[test]
    fn a_goal_that_is_not_a_conjunction_is_a_derived_atom() {
        let l = lifted_of(
            &domain("(p ?x)"),
            "(define (problem p) (:domain d) (:objects a b) (:init) (:goal (or (q a) (q b))))",
        );
        assert_eq!(l.goal.len(), 1);
        let goal = l.goal[0].0.pred;
        assert_eq!(l.predicates[goal as usize], "@goal");
        assert_eq!(l.axioms.len(), 2);
        // A quantified conjunction stays a list of ground literals.
        let l = lifted_of(
            &domain("(p ?x)"),
            "(define (problem p) (:domain d) (:objects a b) (:init) (:goal (forall (?y) (q ?y))))",
        );
        assert_eq!(l.goal.len(), 2);
        assert!(l.axioms.is_empty());
    }

    // The meaning of negated connectives: for every assignment of the atoms
    // of a tiny task, the normalised schemas of an action (with the rules of
    // the derived predicates normalisation made) hold exactly when the
    // precondition as written does, by the lifted semantics of
    // `validate::Simulator`.

    use crate::lifted::{GAtom, LAtom, ObjId, Schema};
    use crate::util::hash::FastSet;

    /// Whether `rule`'s conjunction holds for some binding of its parameters
    /// that extends `binding` and satisfies `also`.
    fn satisfied(
        l: &Lifted,
        state: &FastSet<GAtom>,
        rule: &Schema,
        binding: &mut Vec<ObjId>,
        also: &dyn Fn(&[ObjId]) -> bool,
    ) -> bool {
        if binding.len() < rule.params.len() {
            let ty = rule.params[binding.len()] as usize;
            for &o in &l.objects_of_type[ty] {
                binding.push(o);
                let found = satisfied(l, state, rule, binding, also);
                binding.pop();
                if found {
                    return true;
                }
            }
            return false;
        }
        let value = |a: &Arg| match *a {
            Arg::Var(v) => binding[v as usize],
            Arg::Obj(o) => o,
        };
        let ground = |a: &LAtom| GAtom {
            pred: a.pred,
            args: a.args.iter().map(value).collect(),
        };
        also(binding)
            && rule.pos.iter().all(|a| holds(l, state, &ground(a)))
            && !rule.neg.iter().any(|a| holds(l, state, &ground(a)))
            && (rule.eq.iter()).all(|(x, y, same)| (value(x) == value(y)) == *same)
    }

    /// Whether `atom` holds: a basic one when the state has it, a derived one
    /// when some rule for it is satisfied (normalisation's rules do not recurse).
    fn holds(l: &Lifted, state: &FastSet<GAtom>, atom: &GAtom) -> bool {
        if !l.derived[atom.pred as usize] {
            return state.contains(atom);
        }
        (l.axioms.iter())
            .filter(|r| r.add[0].pred == atom.pred)
            .any(|r| {
                let head = |b: &[ObjId]| {
                    (r.add[0].args.iter().zip(atom.args.iter())).all(|(a, &o)| match *a {
                        Arg::Var(v) => b[v as usize] == o,
                        Arg::Obj(p) => p == o,
                    })
                };
                satisfied(l, state, r, &mut Vec::new(), &head)
            })
    }

    /// For every assignment of the atoms of `p`, `q`, `s` and `r` over the
    /// objects `a` (a constant of the domain) and `b`, static (no action changes them) and fluent:
    /// `act o` is applicable by the normalised schemas exactly when the
    /// lifted semantics say so. Returns how many cases held and failed.
    fn same_meaning(precondition: &str) -> (usize, usize) {
        let atoms = [
            "(p)", "(q)", "(s a)", "(s b)", "(r a a)", "(r a b)", "(r b a)", "(r b b)",
        ];
        let (mut held, mut failed) = (0, 0);
        for fluent in [false, true] {
            let change = if fluent {
                "(:action change :parameters (?x ?y) :precondition (and)
                   :effect (and (not (p)) (not (q)) (not (s ?x)) (not (r ?x ?y))))"
            } else {
                ""
            };
            let domain = format!(
                "(define (domain d) (:requirements :adl) (:constants a)
                   (:predicates (p) (q) (s ?x) (r ?x ?y) (done ?x))
                   (:action act :parameters (?x) :precondition {precondition}
                     :effect (done ?x))
                   {change})"
            );
            for mask in 0..1u32 << atoms.len() {
                let init: String = (atoms.iter().enumerate())
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, a)| *a)
                    .collect();
                let problem = format!(
                    "(define (problem p) (:domain d) (:objects b) (:init {init}) \
                     (:goal (done a)))"
                );
                let (d, p) = crate::invariants::tests::parse(&domain, &problem);
                let l = Lifted::new(&d, &p).expect("normalises");
                let sim = crate::validate::Simulator::new(&d, &p);
                let lifted: Vec<String> = (sim.applicable(&sim.initial()).iter())
                    .filter(|s| s.action == "act")
                    .map(|s| s.args[0].clone())
                    .collect();
                let state: FastSet<GAtom> = (l.static_init.iter())
                    .chain(&l.fluent_init)
                    .cloned()
                    .collect();
                for (o, name) in l.objects.iter().enumerate() {
                    let normalised = (l.schemas.iter())
                        .filter(|s| s.name == "act")
                        .any(|s| satisfied(&l, &state, s, &mut vec![o as ObjId], &|_| true));
                    let expected = lifted.contains(name);
                    if normalised == expected {
                        held += usize::from(expected);
                    } else {
                        failed += 1;
                        eprintln!(
                            "{precondition} with ?x = {name}, init {init} ({}): normalised \
                             says {normalised}, lifted {expected}",
                            if fluent { "fluent" } else { "static" }
                        );
                    }
                }
            }
        }
        (held, failed)
    }

    /// Asserts [`same_meaning`], and that the precondition holds in some cases.
    fn assert_same_meaning(precondition: &str) {
        let (held, failed) = same_meaning(precondition);
        assert_eq!(
            failed, 0,
            "{precondition}: {failed} cases differ (listed above)"
        );
        assert!(held > 0, "{precondition} holds nowhere");
    }

    #[test]
    fn a_negated_conjunction_means_what_it_says() {
        assert_same_meaning("(not (and (p) (or (q) (s ?x))))");
        assert_same_meaning("(not (and (s ?x) (not (r ?x ?x)) (not (= ?x a))))");
    }

    #[test]
    fn a_negated_disjunction_means_what_it_says() {
        assert_same_meaning("(not (or (p) (not (s ?x)) (r ?x ?x)))");
        assert_same_meaning("(and (q) (not (or (and (p) (s ?x)) (r ?x a))))");
    }

    #[test]
    fn a_negated_universal_means_what_it_says() {
        // Closed, over outer variables, and nested.
        assert_same_meaning("(not (forall (?y) (or (s ?y) (q))))");
        assert_same_meaning("(not (forall (?y) (imply (s ?y) (r ?x ?y))))");
        assert_same_meaning("(not (forall (?y) (exists (?z) (and (r ?y ?z) (not (= ?y ?z))))))");
        assert_same_meaning("(forall (?y) (not (and (s ?y) (r ?x ?y))))");
    }

    #[test]
    fn a_negated_implication_means_what_it_says() {
        assert_same_meaning("(not (imply (p) (s ?x)))");
        assert_same_meaning("(not (imply (not (q)) (exists (?y) (r ?y ?x))))");
        assert_same_meaning("(imply (not (imply (s ?x) (p))) (r ?x ?x))");
    }

    #[test]
    fn a_negated_existential_means_what_it_says() {
        assert_same_meaning("(not (exists (?y) (and (s ?y) (not (q)))))");
        assert_same_meaning("(not (exists (?y) (r ?x ?y)))");
        assert_same_meaning("(not (exists (?y ?z) (and (r ?y ?z) (or (s ?z) (not (s ?x))))))");
    }
}
