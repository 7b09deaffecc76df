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

use crate::pddl::ast::{self, CostExpr, Literal, Term};
use indexmap::{IndexMap, IndexSet};
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};

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

/// An action schema in integer form.
#[derive(Clone, Debug)]
pub struct Schema {
    pub name: String,
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
    pub cost: Vec<CostTerm>,
}

/// The whole lifted task in integer form.
#[derive(Debug)]
pub struct Lifted {
    pub domain_name: String,
    pub problem_name: String,
    pub objects: IndexSet<String, FxBuildHasher>,
    /// Type names; id 0 is `object`.
    pub types: IndexSet<String, FxBuildHasher>,
    /// `objects_of_type[t]`: the objects of type `t` or a subtype, ascending.
    pub objects_of_type: Vec<Vec<ObjId>>,
    /// `is_of_type[t * objects.len() + o]`.
    pub is_of_type: Vec<bool>,
    pub predicates: IndexSet<String, FxBuildHasher>,
    pub arity: Vec<usize>,
    /// Whether some action adds or deletes atoms of the predicate.
    pub fluent: Vec<bool>,
    pub schemas: Vec<Schema>,
    /// Initial atoms of static predicates.
    pub static_init: FxHashSet<GAtom>,
    /// Initial atoms of fluent predicates, in file order, without duplicates.
    pub fluent_init: Vec<GAtom>,
    /// `(= (f o1 o2) N)` values from `:init`.
    pub function_values: FxHashMap<(String, Box<[ObjId]>), u64>,
    /// Goal literals: atom and polarity.
    pub goal: Vec<(GAtom, bool)>,
    /// Goal equalities `(= a b)` / `(not (= a b))` that are false.
    pub false_goal_equalities: Vec<GAtom>,
    pub metric: bool,
}

impl Lifted {
    /// Translates a checked domain and problem. Checking guarantees that every
    /// name used is declared, so lookups here cannot fail.
    pub fn new(domain: &ast::Domain, problem: &ast::Problem) -> Lifted {
        let mut types: IndexSet<String, FxBuildHasher> = IndexSet::default();
        types.insert("object".into());
        let mut parent: IndexMap<String, String, FxBuildHasher> = IndexMap::default();
        for t in &domain.types {
            types.insert(t.name.text.clone());
            if t.name.text != "object" {
                parent.insert(t.name.text.clone(), t.ty.text.clone());
            }
        }
        for t in &domain.types {
            types.insert(t.ty.text.clone());
        }

        let mut objects: IndexSet<String, FxBuildHasher> = IndexSet::default();
        let mut object_type: Vec<u32> = Vec::new();
        for o in domain.constants.iter().chain(&problem.objects) {
            if objects.insert(o.name.text.clone()) {
                object_type.push(types.get_index_of(&o.ty.text).unwrap_or(0) as u32);
            }
        }
        let n_obj = objects.len();
        let mut is_of_type = vec![false; types.len() * n_obj];
        for (o, &t) in object_type.iter().enumerate() {
            let mut ty = types.get_index(t as usize).map(String::as_str);
            // Bounded walk up the (acyclic, checked) hierarchy.
            for _ in 0..=types.len() {
                let Some(name) = ty else { break };
                let id = types.get_index_of(name).unwrap_or(0);
                is_of_type[id * n_obj + o] = true;
                ty = parent.get(name).map(String::as_str);
            }
            is_of_type[o] = true; // everything is an `object`
        }
        let objects_of_type = (0..types.len())
            .map(|t| {
                (0..n_obj as u32)
                    .filter(|&o| is_of_type[t * n_obj + o as usize])
                    .collect()
            })
            .collect();

        let mut predicates: IndexSet<String, FxBuildHasher> = IndexSet::default();
        let mut arity = Vec::new();
        for p in &domain.predicates {
            if predicates.insert(p.name.text.clone()) {
                arity.push(p.parameters.len());
            }
        }
        let mut fluent = vec![false; predicates.len()];
        for a in &domain.actions {
            for atom in a.effect.add.iter().chain(&a.effect.del) {
                if let Some(p) = predicates.get_index_of(&atom.predicate.text) {
                    fluent[p] = true;
                }
            }
        }

        let obj = |name: &str| objects.get_index_of(name).unwrap_or(0) as ObjId;
        let pred = |name: &str| predicates.get_index_of(name).unwrap_or(0) as PredId;

        let schemas = domain
            .actions
            .iter()
            .map(|a| {
                let index: FxHashMap<&str, u32> = (a.parameters.iter().enumerate())
                    .map(|(i, p)| (p.name.text.as_str(), i as u32))
                    .collect();
                let arg = |t: &Term| match t {
                    Term::Variable(v) => Arg::Var(index.get(v.text.as_str()).copied().unwrap_or(0)),
                    Term::Constant(c) => Arg::Obj(obj(&c.text)),
                };
                let latom = |atom: &ast::Atom| LAtom {
                    pred: pred(&atom.predicate.text),
                    args: atom.args.iter().map(arg).collect(),
                };
                let mut schema = Schema {
                    name: a.name.text.clone(),
                    params: a
                        .parameters
                        .iter()
                        .map(|p| types.get_index_of(&p.ty.text).unwrap_or(0) as u32)
                        .collect(),
                    pos: Vec::new(),
                    neg: Vec::new(),
                    eq: Vec::new(),
                    add: a.effect.add.iter().map(latom).collect(),
                    del: a.effect.del.iter().map(latom).collect(),
                    cost: a
                        .effect
                        .cost
                        .iter()
                        .map(|c| match c {
                            CostExpr::Number { value, .. } => CostTerm::Const(*value),
                            CostExpr::Function { name, args, .. } => CostTerm::Function {
                                name: name.text.clone(),
                                args: args.iter().map(arg).collect(),
                            },
                        })
                        .collect(),
                };
                // Each literal once, in the order written.
                let mut seen = FxHashSet::default();
                for literal in &a.precondition {
                    match literal {
                        Literal::Atom { atom, positive } => {
                            let l = latom(atom);
                            if seen.insert((*positive, l.clone())) {
                                if *positive {
                                    schema.pos.push(l);
                                } else {
                                    schema.neg.push(l);
                                }
                            }
                        }
                        Literal::Equality {
                            left,
                            right,
                            positive,
                            ..
                        } => schema.eq.push((arg(left), arg(right), *positive)),
                    }
                }
                schema
            })
            .collect();

        let ground = |atom: &ast::Atom| GAtom {
            pred: pred(&atom.predicate.text),
            args: atom.args.iter().map(|t| obj(&t.name().text)).collect(),
        };
        let mut static_init = FxHashSet::default();
        let mut seen_fluent = FxHashSet::default();
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
        let mut goal = Vec::new();
        let mut false_goal_equalities = Vec::new();
        for literal in &problem.goal {
            match literal {
                Literal::Atom { atom, positive } => goal.push((ground(atom), *positive)),
                Literal::Equality {
                    left,
                    right,
                    positive,
                    ..
                } => {
                    let (l, r) = (obj(&left.name().text), obj(&right.name().text));
                    if (l == r) != *positive {
                        false_goal_equalities.push(GAtom {
                            pred: u32::MAX,
                            args: vec![l, r].into(),
                        });
                    }
                }
            }
        }

        Lifted {
            domain_name: domain.name.text.clone(),
            problem_name: problem.name.text.clone(),
            objects,
            types,
            objects_of_type,
            is_of_type,
            predicates,
            arity,
            fluent,
            schemas,
            static_init,
            fluent_init,
            function_values,
            goal,
            false_goal_equalities,
            metric: problem.metric,
        }
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
