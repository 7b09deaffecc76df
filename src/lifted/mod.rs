//! The lifted task in integer form, ready for grounding.
//!
//! Grounding works on numbers, not strings: every object, type and predicate
//! gets a dense id, and each action schema is rewritten with its arguments as
//! [`Arg::Var`] (the index of a parameter) or [`Arg::Obj`] (a constant).
//! Predicates are split into *static* ones, which no action changes (such as
//! `(adjacent ?from ?to)`), and *fluent* ones, which some action adds or deletes.
//! Static atoms are known once and for all from `:init`; they are tested while
//! grounding and never become facts of the task.
//!
//! Example: in Gripper, `(move ?from ?to)` with precondition `(at-robby ?from)`
//! becomes a [`Schema`] with two parameters of type `object` and one positive
//! condition `at-robby(Var(0))`; `at-robby` is fluent because `move` changes it.

pub mod normalize;
pub mod reachability;
mod strata;

use strata::cycle_error;
pub use strata::{NegativeCycle, strata};

use crate::pddl::ast::{self, CostExpr, Term, either_members};
use crate::pddl::{PddlError, TypeHierarchy, type_tests};
use crate::util::hash::{FastBuildHasher, FastMap, FastSet};
use indexmap::IndexSet;
pub use normalize::LEffect;
use normalize::Normalizer;

/// Object id: index in [`Lifted::objects`].
pub type ObjId = u32;
/// Predicate id: index in [`Lifted::predicates`].
pub type PredId = u32;

/// An argument of a lifted atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// The schema's parameter with this index.
    Var(u32),
    /// A constant.
    Obj(ObjId),
}

/// A lifted atom `pred(args)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LAtom {
    pub pred: PredId,
    pub args: Vec<Arg>,
}

/// A ground atom over object ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GAtom {
    pub pred: PredId,
    pub args: Box<[ObjId]>,
}

/// A borrowed ground atom, to look up a [`GAtom`] without allocating. It hashes
/// exactly like the `GAtom` it stands for.
#[derive(Hash)]
pub struct AtomRef<'a> {
    pub pred: PredId,
    pub args: &'a [ObjId],
}

impl indexmap::Equivalent<GAtom> for AtomRef<'_> {
    fn equivalent(&self, key: &GAtom) -> bool {
        self.pred == key.pred && *self.args == *key.args
    }
}

/// One term of an action's cost: a number or a static function's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CostTerm {
    Const(u64),
    Function { name: String, args: Vec<Arg> },
}

/// An action schema in integer form: one disjunct of an action's normalised
/// precondition (see [`normalize`]). Axiom rules use the same form,
/// with the rule's head as the one `add` atom.
#[derive(Clone, Debug)]
pub struct Schema {
    pub name: String,
    /// The index of the action in the domain (for an axiom rule: of the
    /// `(:derived ...)` it comes from, or `u32::MAX` for a rule that
    /// normalisation made).
    pub action: u32,
    /// The parameters the action declares, printed in plans; the ones after
    /// them stand for `exists` variables of the precondition.
    pub external: u32,
    /// The type id of each parameter.
    pub params: Vec<u32>,
    /// Positive preconditions, static and fluent.
    pub pos: Vec<LAtom>,
    /// Negative preconditions, static and fluent.
    pub neg: Vec<LAtom>,
    /// `(= a b)` (true) and `(not (= a b))` (false) preconditions.
    pub eq: Vec<(Arg, Arg, bool)>,
    pub add: Vec<LAtom>,
    pub del: Vec<LAtom>,
    /// The `forall`/`when` effects.
    pub effects: Vec<LEffect>,
    pub cost: Vec<CostTerm>,
}

/// The whole lifted task in integer form.
#[derive(Debug)]
pub struct Lifted {
    pub domain_name: String,
    pub problem_name: String,
    pub objects: IndexSet<String, FastBuildHasher>,
    /// Type names; id 0 is `object`.
    pub types: IndexSet<String, FastBuildHasher>,
    /// `objects_of_type[t]`: the objects of type `t` or a subtype, ascending.
    pub objects_of_type: Vec<Vec<ObjId>>,
    /// `is_of_type[t * objects.len() + o]`.
    pub is_of_type: Vec<bool>,
    pub predicates: IndexSet<String, FastBuildHasher>,
    pub arity: Vec<usize>,
    /// Whether some action adds or deletes atoms of the predicate.
    pub fluent: Vec<bool>,
    /// Whether a predicate is derived (by the domain's rules or by
    /// normalisation); derived atoms are fluent facts set only by axioms.
    pub derived: Vec<bool>,
    /// Whether some conditional effect adds or deletes atoms of the predicate.
    pub conditional: Vec<bool>,
    pub schemas: Vec<Schema>,
    /// The reachability rules of the schemas' conditional effects: each is
    /// its schema's precondition joined with the effect's condition, over the
    /// schema's parameters followed by the effect's own, and
    /// [`Lifted::effect_of`] says which effect it stands for.
    pub effect_rules: Vec<Schema>,
    /// `(schema, effect)` for each of [`Lifted::effect_rules`].
    pub effect_of: Vec<(u32, u32)>,
    /// Axiom rules, `add[0] :- pos, not neg, eq`.
    pub axioms: Vec<Schema>,
    /// The stratum of each predicate (0 for basic ones): a derived predicate
    /// depends positively on its stratum or lower ones, negatively on lower ones.
    pub layer: Vec<u32>,
    /// Initial atoms of static predicates.
    pub static_init: FastSet<GAtom>,
    /// Initial atoms of fluent predicates, in file order, without duplicates.
    pub fluent_init: Vec<GAtom>,
    /// `(= (f o1 o2) N)` values from `:init`.
    pub function_values: FastMap<(String, Box<[ObjId]>), u64>,
    /// Goal literals: atom and polarity.
    pub goal: Vec<(GAtom, bool)>,
    pub metric: bool,
}

impl Lifted {
    /// Translates a checked domain and problem. Checking guarantees that every
    /// name used is declared, so lookups here cannot fail; normalisation can
    /// (a universal quantifier over too many objects).
    pub fn new(domain: &ast::Domain, problem: &ast::Problem) -> Result<Lifted, PddlError> {
        let mut types: IndexSet<String, FastBuildHasher> = IndexSet::default();
        types.insert("object".into());
        for t in &domain.types {
            types.insert(t.name.text.clone());
        }
        for t in &domain.types {
            if either_members(&t.ty.text).is_none() {
                types.insert(t.ty.text.clone());
            }
        }
        // `(either a b)` types, wherever written, are types of their own: the
        // union of their members.
        let mut unions: Vec<String> = Vec::new();
        {
            let mut note = |ty: &str| {
                if either_members(ty).is_some() && !unions.iter().any(|u| u == ty) {
                    unions.push(ty.to_string());
                }
            };
            for list in [&domain.constants, &problem.objects] {
                list.iter().for_each(|o| note(&o.ty.text));
            }
            for a in &domain.actions {
                a.parameters.iter().for_each(|p| note(&p.ty.text));
                for l in quantified(&a.precondition) {
                    note(&l.ty.text);
                }
                for c in &a.effect.conditional {
                    c.vars.iter().for_each(|v| note(&v.ty.text));
                    for cond in &c.condition {
                        quantified(cond).iter().for_each(|v| note(&v.ty.text));
                    }
                }
            }
            for d in &domain.derived {
                d.parameters.iter().for_each(|p| note(&p.ty.text));
                quantified(&d.body).iter().for_each(|v| note(&v.ty.text));
            }
            quantified(&problem.goal)
                .iter()
                .for_each(|v| note(&v.ty.text));
        }
        for u in &unions {
            types.insert(u.clone());
        }

        let mut objects: IndexSet<String, FastBuildHasher> = IndexSet::default();
        let mut object_types: Vec<Vec<u32>> = Vec::new();
        for o in domain.constants.iter().chain(&problem.objects) {
            if objects.insert(o.name.text.clone()) {
                let declared: Vec<u32> = match either_members(&o.ty.text) {
                    Some(members) => members
                        .map(|m| types.get_index_of(m).unwrap_or(0) as u32)
                        .collect(),
                    None => vec![types.get_index_of(&o.ty.text).unwrap_or(0) as u32],
                };
                object_types.push(declared);
            }
        }
        // An object of type `t` is of `t` and of every ancestor of `t`,
        // along each of its parent chains.
        let hierarchy = TypeHierarchy::new(domain);
        let up: Vec<Vec<usize>> = (types.iter())
            .map(|name| {
                (hierarchy.supertypes(name).into_iter())
                    .map(|p| types.get_index_of(p).unwrap_or(0))
                    .collect()
            })
            .collect();
        let n_obj = objects.len();
        let mut is_of_type = vec![false; types.len() * n_obj];
        for (o, declared) in object_types.iter().enumerate() {
            for &t in declared {
                is_of_type[t as usize * n_obj + o] = true;
                for &id in &up[t as usize] {
                    is_of_type[id * n_obj + o] = true;
                }
            }
            is_of_type[o] = true; // everything is an `object`
        }
        for u in &unions {
            let id = types.get_index_of(u).unwrap_or(0);
            for member in either_members(u).into_iter().flatten() {
                let m = types.get_index_of(member).unwrap_or(0);
                for o in 0..n_obj {
                    if is_of_type[m * n_obj + o] {
                        is_of_type[id * n_obj + o] = true;
                    }
                }
            }
        }
        let objects_of_type: Vec<Vec<ObjId>> = (0..types.len())
            .map(|t| {
                (0..n_obj as u32)
                    .filter(|&o| is_of_type[t * n_obj + o as usize])
                    .collect()
            })
            .collect();

        let mut predicates: IndexSet<String, FastBuildHasher> = IndexSet::default();
        let mut arity = Vec::new();
        for p in &domain.predicates {
            if predicates.insert(p.name.text.clone()) {
                arity.push(p.parameters.len());
            }
        }
        // A type tested in a condition, `(truck ?x)`, is a static predicate
        // whose atoms are the objects of the type.
        let type_tests = type_tests(domain, &problem.goal);
        for &t in &type_tests {
            predicates.insert(t.to_string());
            arity.push(1);
        }
        let mut fluent = vec![false; predicates.len()];
        let mut conditional = vec![false; predicates.len()];
        let mut derived = vec![false; predicates.len()];
        for a in &domain.actions {
            for atom in a.effect.add.iter().chain(&a.effect.del) {
                if let Some(p) = predicates.get_index_of(&atom.predicate.text) {
                    fluent[p] = true;
                }
            }
            for c in &a.effect.conditional {
                for atom in c.add.iter().chain(&c.del) {
                    if let Some(p) = predicates.get_index_of(&atom.predicate.text) {
                        fluent[p] = true;
                        conditional[p] = true;
                    }
                }
            }
        }
        for d in &domain.derived {
            if let Some(p) = predicates.get_index_of(&d.predicate.text) {
                fluent[p] = true;
                derived[p] = true;
            }
        }

        let obj = |name: &str| objects.get_index_of(name).unwrap_or(0) as ObjId;
        let pred = |name: &str| predicates.get_index_of(name).unwrap_or(0) as PredId;
        let ground = |atom: &ast::Atom| GAtom {
            pred: pred(&atom.predicate.text),
            args: atom.args.iter().map(|t| obj(&t.name().text)).collect(),
        };
        let mut static_init = FastSet::default();
        let mut seen_fluent = FastSet::default();
        let mut fluent_init = Vec::new();
        for atom in &problem.init {
            let g = ground(atom);
            if fluent[g.pred as usize] {
                if seen_fluent.insert(g.clone()) {
                    fluent_init.push(g);
                }
            } else {
                static_init.insert(g);
            }
        }
        for &t in &type_tests {
            let ty = types.get_index_of(t).unwrap_or(0);
            for &o in &objects_of_type[ty] {
                static_init.insert(GAtom {
                    pred: pred(t),
                    args: Box::new([o]),
                });
            }
        }
        let function_values = problem
            .init_values
            .iter()
            .map(|v| {
                (
                    (
                        v.name.text.clone(),
                        v.args.iter().map(|a| obj(&a.text)).collect(),
                    ),
                    v.value,
                )
            })
            .collect();

        let mut is_static: Vec<bool> = fluent.iter().map(|f| !f).collect();
        let mut normalizer = Normalizer::new(
            &objects,
            &types,
            &objects_of_type,
            &mut predicates,
            &mut arity,
            &mut is_static,
            &static_init,
            &domain.source,
        );
        let mut schemas = Vec::new();
        for (i, a) in domain.actions.iter().enumerate() {
            let index: FastMap<&str, u32> = (a.parameters.iter().enumerate())
                .map(|(i, p)| (p.name.text.as_str(), i as u32))
                .collect();
            let cost: Vec<CostTerm> = (a.effect.cost.iter())
                .map(|c| match c {
                    CostExpr::Number { value, .. } => CostTerm::Const(*value),
                    CostExpr::Function { name, args, .. } => CostTerm::Function {
                        name: name.text.clone(),
                        args: (args.iter())
                            .map(|t| match t {
                                Term::Variable(v) => {
                                    Arg::Var(index.get(v.text.as_str()).copied().unwrap_or(0))
                                }
                                Term::Constant(c) => Arg::Obj(obj(&c.text)),
                            })
                            .collect(),
                    },
                })
                .collect();
            for mut schema in normalizer.action(i as u32, a)? {
                schema.cost = cost.clone();
                schemas.push(schema);
            }
        }
        normalizer.recursion(&domain.derived);
        for (i, d) in domain.derived.iter().enumerate() {
            normalizer.derived(i as u32, d)?;
        }
        normalizer.source = &problem.source;
        let goal_literals = normalizer.goal(&problem.goal)?;
        let axioms = std::mem::take(&mut normalizer.axioms);
        drop(normalizer);
        // Predicates made by normalisation are derived.
        fluent.resize(predicates.len(), true);
        conditional.resize(predicates.len(), false);
        derived.resize(predicates.len(), true);

        let mut effect_rules = Vec::new();
        let mut effect_of = Vec::new();
        for (s, schema) in schemas.iter().enumerate() {
            for (e, effect) in schema.effects.iter().enumerate() {
                let mut params = schema.params.clone();
                params.extend_from_slice(&effect.params);
                let mut pos = schema.pos.clone();
                pos.extend(
                    effect
                        .pos
                        .iter()
                        .filter(|a| !schema.pos.contains(a))
                        .cloned(),
                );
                let mut neg = schema.neg.clone();
                neg.extend(effect.neg.iter().cloned());
                let mut eq = schema.eq.clone();
                eq.extend(effect.eq.iter().copied());
                effect_rules.push(Schema {
                    name: schema.name.clone(),
                    action: schema.action,
                    external: schema.external,
                    params,
                    pos,
                    neg,
                    eq,
                    add: effect.add.clone(),
                    del: Vec::new(),
                    effects: Vec::new(),
                    cost: Vec::new(),
                });
                effect_of.push((s as u32, e as u32));
            }
        }
        let layer = strata(&axioms, &derived)
            .map_err(|cycle| cycle_error(domain, &predicates, &axioms, &cycle))?;

        let goal = goal_literals;

        Ok(Lifted {
            domain_name: domain.name.text.clone(),
            problem_name: problem.name.text.clone(),
            objects,
            types,
            objects_of_type,
            is_of_type,
            predicates,
            arity,
            fluent,
            derived,
            conditional,
            schemas,
            effect_rules,
            effect_of,
            axioms,
            layer,
            static_init,
            fluent_init,
            function_values,
            goal,
            metric: problem.metric,
        })
    }

    /// Whether the task needs more than STRIPS: conditional effects or axioms.
    pub fn is_adl(&self) -> bool {
        !self.axioms.is_empty() || !self.effect_rules.is_empty()
    }

    /// Every rule relaxed reachability runs: the action schemas, then the
    /// conditional-effect rules, then the axiom rules.
    pub fn rules(&self) -> Vec<&Schema> {
        (self.schemas.iter())
            .chain(&self.effect_rules)
            .chain(&self.axioms)
            .collect()
    }

    /// Whether object `o` has type `t` (or a subtype of it).
    #[inline]
    pub fn has_type(&self, o: ObjId, t: u32) -> bool {
        self.is_of_type[t as usize * self.objects.len() + o as usize]
    }

    /// `(pred a b)` with names, for the task's fact table and messages.
    pub fn atom_text(&self, atom: &GAtom) -> crate::task::Atom {
        crate::task::Atom {
            predicate: if atom.pred == u32::MAX {
                "=".into()
            } else {
                self.predicates[atom.pred as usize].clone()
            },
            args: atom
                .args
                .iter()
                .map(|&o| self.objects[o as usize].clone())
                .collect(),
        }
    }
}

impl LAtom {
    /// Writes the arguments under a complete `binding` into `out` (cleared first).
    pub fn ground_into(&self, binding: &[ObjId], out: &mut Vec<ObjId>) {
        out.clear();
        out.extend(self.args.iter().map(|a| match *a {
            Arg::Var(v) => binding[v as usize],
            Arg::Obj(o) => o,
        }));
    }

    /// The ground atom under a complete `binding` of the schema's parameters.
    pub fn ground(&self, binding: &[ObjId]) -> GAtom {
        GAtom {
            pred: self.pred,
            args: self
                .args
                .iter()
                .map(|a| match *a {
                    Arg::Var(v) => binding[v as usize],
                    Arg::Obj(o) => o,
                })
                .collect(),
        }
    }
}

/// The variables of every quantifier in a condition.
fn quantified(c: &ast::Condition) -> Vec<&ast::TypedName> {
    let mut out = Vec::new();
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        match c {
            ast::Condition::Literal(_) => {}
            ast::Condition::And(parts, _) | ast::Condition::Or(parts, _) => stack.extend(parts),
            ast::Condition::Not(inner, _) => stack.push(inner),
            ast::Condition::Imply(a, b, _) => {
                stack.push(a);
                stack.push(b);
            }
            ast::Condition::Exists(vars, body, _) | ast::Condition::Forall(vars, body, _) => {
                out.extend(vars);
                stack.push(body);
            }
        }
    }
    out
}
