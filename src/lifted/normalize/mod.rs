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

mod dnf;
mod nnf;
#[cfg(test)]
mod tests;

use super::{Arg, GAtom, LAtom, ObjId, PredId, Schema};
use crate::pddl::ast::{self, Condition, Literal, Term, TypedName};
use crate::pddl::{ErrorKind, PddlError};
use crate::util::hash::{FastBuildHasher, FastMap, FastSet};
use dnf::{and, canonical, free_vars, or};
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
