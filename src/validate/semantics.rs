//! The meaning of a PDDL condition in a state: what the validator and the
//! simulator evaluate, straight from the lifted syntax.
//!
//! A condition holds in a state under a binding of its free variables:
//! an atom when the state contains it (a derived atom when the rules of its
//! predicate derive it), `and`/`or`/`not`/`imply` as in logic, and `forall`
//! and `exists` over the objects of the variable's type. Derived predicates
//! are computed layer by layer ([`layers`]), each layer to its fixpoint, as
//! PDDL 2.2 defines them.
//!
//! Example: `(forall (?b - ball) (at ?b rooma))` holds when every ball is in
//! `rooma`; with no balls at all it holds too.

use super::{Binding, State, Types, ground, resolve};
use crate::pddl::ast::{Condition, Derived, Literal, TypedName};
use crate::task::Atom;
use crate::util::hash::FastMap;

/// What conditions are evaluated against: the objects and the rules of the
/// derived predicates.
pub(super) struct World<'a> {
    pub(super) types: Types<'a>,
    pub(super) derived: &'a [Derived],
    /// The rules, grouped by stratum, lowest first.
    pub(super) layers: Vec<Vec<&'a Derived>>,
}

impl<'a> World<'a> {
    /// Whether `condition` holds in `state` under `binding` (innermost
    /// variables last); quantifiers range over the objects of their types.
    pub(super) fn holds(
        &self,
        condition: &'a Condition,
        state: &State,
        binding: &mut Vec<(&'a str, &'a str)>,
    ) -> bool {
        crate::util::deep(|| self.holds_here(condition, state, binding))
    }

    pub(super) fn holds_here(
        &self,
        condition: &'a Condition,
        state: &State,
        binding: &mut Vec<(&'a str, &'a str)>,
    ) -> bool {
        match condition {
            Condition::Literal(l) => literal_holds(l, state, binding),
            Condition::And(parts, _) => parts.iter().all(|p| self.holds(p, state, binding)),
            Condition::Or(parts, _) => parts.iter().any(|p| self.holds(p, state, binding)),
            Condition::Not(inner, _) => !self.holds(inner, state, binding),
            Condition::Imply(a, b, _) => {
                !self.holds(a, state, binding) || self.holds(b, state, binding)
            }
            Condition::Exists(vars, body, _) => {
                let mut found = false;
                self.for_each_binding(vars, binding, &mut |world, binding| {
                    found = found || world.holds(body, state, binding);
                });
                found
            }
            Condition::Forall(vars, body, _) => {
                let mut all = true;
                self.for_each_binding(vars, binding, &mut |world, binding| {
                    all = all && world.holds(body, state, binding);
                });
                all
            }
        }
    }

    /// Calls `f` once per binding of `vars` to objects of their types, each
    /// pushed on `binding` for the call.
    pub(super) fn for_each_binding(
        &self,
        vars: &'a [TypedName],
        binding: &mut Vec<(&'a str, &'a str)>,
        f: &mut dyn FnMut(&Self, &mut Binding<'a>),
    ) {
        let Some((first, rest)) = vars.split_first() else {
            f(self, binding);
            return;
        };
        for o in self.types.objects_of(&first.ty.text) {
            binding.push((first.name.text.as_str(), o));
            self.for_each_binding(rest, binding, f);
            binding.pop();
        }
    }

    /// The conjuncts of `condition` that are false, in PDDL syntax with the
    /// binding's objects in place of variables.
    pub(super) fn false_parts(
        &self,
        condition: &'a Condition,
        state: &State,
        binding: &mut Vec<(&'a str, &'a str)>,
    ) -> Vec<String> {
        let mut conjuncts = Vec::new();
        let mut stack = vec![condition];
        while let Some(c) = stack.pop() {
            match c {
                Condition::And(parts, _) => stack.extend(parts.iter().rev()),
                c => conjuncts.push(c),
            }
        }
        let mut out = Vec::new();
        for c in conjuncts {
            if !self.holds(c, state, binding) {
                out.push(show(c, binding));
            }
        }
        out
    }

    /// Replaces the derived atoms of `state` with what the rules derive from
    /// its basic atoms: each stratum to its least fixpoint, lowest first.
    pub(super) fn derive(&self, state: &mut State) {
        if self.derived.is_empty() {
            return;
        }
        state
            .atoms
            .retain(|a| !self.derived.iter().any(|d| d.predicate.text == a.predicate));
        for layer in &self.layers {
            loop {
                let mut new: Vec<Atom> = Vec::new();
                for rule in layer {
                    let mut binding = Vec::new();
                    self.for_each_binding(&rule.parameters, &mut binding, &mut |world, b| {
                        let head = Atom {
                            predicate: rule.predicate.text.clone(),
                            args: b.iter().map(|(_, o)| o.to_string()).collect(),
                        };
                        if !state.contains(&head) && world.holds(&rule.body, state, b) {
                            new.push(head);
                        }
                    });
                }
                if new.is_empty() {
                    break;
                }
                state.atoms.extend(new);
            }
        }
    }
}

/// The rules grouped by stratum: a predicate sits at least as high as the
/// derived predicates its rules use, and higher than the ones they negate.
pub(super) fn layers(derived: &[Derived]) -> Vec<Vec<&Derived>> {
    let mut layer: FastMap<&str, usize> = derived
        .iter()
        .map(|d| (d.predicate.text.as_str(), 0))
        .collect();
    for _ in 0..=derived.len() {
        let mut changed = false;
        for rule in derived {
            let mut need = layer[rule.predicate.text.as_str()];
            for (l, positive) in crate::pddl::signed_literals(&rule.body) {
                if let Literal::Atom { atom, .. } = l
                    && let Some(&k) = layer.get(atom.predicate.text.as_str())
                {
                    need = need.max(if positive { k } else { k + 1 });
                }
            }
            if need > layer[rule.predicate.text.as_str()] {
                layer.insert(rule.predicate.text.as_str(), need);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let top = layer.values().copied().max().unwrap_or(0);
    (0..=top)
        .map(|k| {
            (derived.iter())
                .filter(|d| layer[d.predicate.text.as_str()] == k)
                .collect()
        })
        .collect()
}

pub(super) fn literal_holds(literal: &Literal, state: &State, binding: &[(&str, &str)]) -> bool {
    match literal {
        Literal::Atom { atom, positive } => {
            state.contains(&ground(&atom.predicate.text, &atom.args, binding)) == *positive
        }
        Literal::Equality {
            left,
            right,
            positive,
            ..
        } => (resolve(left, binding) == resolve(right, binding)) == *positive,
    }
}

/// A condition in PDDL syntax, with bound variables replaced by objects.
fn show(condition: &Condition, binding: &[(&str, &str)]) -> String {
    crate::util::deep(|| show_here(condition, binding))
}

pub(super) fn show_here(condition: &Condition, binding: &[(&str, &str)]) -> String {
    let list = |parts: &[Condition]| -> String {
        parts
            .iter()
            .map(|p| format!(" {}", show(p, binding)))
            .collect()
    };
    let vars = |vars: &[TypedName]| -> String {
        let v: Vec<String> = (vars.iter())
            .map(|v| format!("{} - {}", v.name.text, v.ty.text))
            .collect();
        v.join(" ")
    };
    match condition {
        Condition::Literal(Literal::Atom { atom, positive }) => {
            let g = ground(&atom.predicate.text, &atom.args, binding);
            if *positive {
                g.to_string()
            } else {
                format!("(not {g})")
            }
        }
        Condition::Literal(Literal::Equality {
            left,
            right,
            positive,
            ..
        }) => {
            let (l, r) = (resolve(left, binding), resolve(right, binding));
            if *positive {
                format!("(= {l} {r})")
            } else {
                format!("(not (= {l} {r}))")
            }
        }
        Condition::And(parts, _) => format!("(and{})", list(parts)),
        Condition::Or(parts, _) => format!("(or{})", list(parts)),
        Condition::Not(inner, _) => format!("(not {})", show(inner, binding)),
        Condition::Imply(a, b, _) => format!("(imply {} {})", show(a, binding), show(b, binding)),
        Condition::Exists(v, body, _) | Condition::Forall(v, body, _) => {
            // Inner variables shadow outer ones of the same name.
            let inner: Vec<(&str, &str)> = (binding.iter())
                .filter(|(name, _)| !v.iter().any(|x| x.name.text == *name))
                .copied()
                .collect();
            let q = if matches!(condition, Condition::Exists(..)) {
                "exists"
            } else {
                "forall"
            };
            format!("({q} ({}) {})", vars(v), show(body, &inner))
        }
    }
}
