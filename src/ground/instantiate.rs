//! From reachable atoms and action instances to the ground [`Task`].
//!
//! Each reachable instance of a schema becomes an [`Operator`]: its positive
//! fluent preconditions become `pre`, its negated fluent preconditions `neg_pre`
//! (dropping atoms that are never reachable: their negation always holds), its
//! add effects `add`, and its delete effects `del` (dropping unreachable atoms,
//! whose deletion changes nothing, and atoms it also adds, since an atom both
//! deleted and added ends up true). Static preconditions were already decided
//! by the grounder, so they vanish.
//!
//! Example: `(move rooma roomb)` in Gripper becomes `pre = {(at-robby rooma)}`,
//! `add = {(at-robby roomb)}`, `del = {(at-robby rooma)}`; the static `(room ?x)`
//! tests are gone.
//!
//! An instance left with no effect at all is dropped, as Fast Downward does.
//!
//! A conditional effect of an instance gets one ground effect per reachable
//! instance of its rule whose binding starts with the instance's own; the
//! axiom rules' reachable instances become the task's [`Axiom`]s.

use crate::lifted::reachability::Reachable;
use crate::lifted::{Arg, AtomRef, CostTerm, GAtom, LAtom, Lifted, ObjId};
use crate::pddl::PddlError;
use crate::pddl::ast::Domain;
use crate::task::{Atom, Axiom, ConditionalEffect, FactId, Operator, Task};
use crate::util::hash::FastMap;
use indexmap::IndexSet;

/// A reachable instance of a conditional effect: its index in the schema and
/// the binding of the schema's parameters followed by the effect's own.
type EffectInstance<'a> = (u32, &'a [ObjId]);

/// Builds the task. Fact ids follow the order in which atoms became reachable,
/// so the initial state comes first.
pub fn build_task(
    lifted: &Lifted,
    reachable: &Reachable,
    domain: &Domain,
) -> Result<Task, PddlError> {
    // Atom index in `reachable.atoms` -> FactId, for the fluent atoms.
    let mut fact_of: Vec<Option<FactId>> = vec![None; reachable.atoms.len()];
    let mut facts: IndexSet<Atom> = IndexSet::new();
    for (i, atom) in reachable.atoms.iter().enumerate() {
        if lifted.fluent[atom.pred as usize] {
            let (f, _) = facts.insert_full(lifted.atom_text(atom));
            fact_of[i] = Some(FactId(f as u32));
        }
    }
    let id_of = |atom: &GAtom| -> Option<FactId> { fact_of[reachable.atoms.get_index_of(atom)?] };
    let init: Vec<FactId> = lifted.fluent_init.iter().filter_map(id_of).collect();

    let lookup = |atoms: &[LAtom], binding: &[ObjId], scratch: &mut Vec<ObjId>| {
        let mut out: Vec<FactId> = Vec::with_capacity(atoms.len());
        for a in atoms {
            if !lifted.fluent[a.pred as usize] {
                continue;
            }
            a.ground_into(binding, scratch);
            let key = AtomRef {
                pred: a.pred,
                args: scratch,
            };
            if let Some(f) = reachable.atoms.get_index_of(&key).and_then(|i| fact_of[i]) {
                out.push(f);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    };

    // The reachable bindings of each conditional effect, by the binding of
    // the action instance they belong to.
    let n_schemas = lifted.schemas.len() as u32;
    let n_effects = lifted.effect_rules.len() as u32;
    let mut effects_of: FastMap<(u32, &[ObjId]), Vec<EffectInstance>> = FastMap::default();
    let mut axioms = Vec::new();
    let mut scratch: Vec<ObjId> = Vec::new();
    for (r, binding) in reachable.instances(lifted) {
        if r < n_schemas {
            continue;
        }
        if r < n_schemas + n_effects {
            let (s, e) = lifted.effect_of[(r - n_schemas) as usize];
            let n = lifted.schemas[s as usize].params.len();
            effects_of
                .entry((s, &binding[..n]))
                .or_default()
                .push((e, binding));
        } else {
            let rule = &lifted.axioms[(r - n_schemas - n_effects) as usize];
            let head = lookup(&rule.add, binding, &mut scratch);
            let Some(&head) = head.first() else { continue };
            axioms.push(Axiom {
                head,
                pre: lookup(&rule.pos, binding, &mut scratch).into(),
                neg_pre: lookup(&rule.neg, binding, &mut scratch).into(),
                layer: lifted.layer[rule.add[0].pred as usize],
            });
        }
    }
    axioms.sort_by_key(|a| a.layer);
    axioms.dedup();
    let mut derived: Vec<FactId> = axioms.iter().map(|a| a.head).collect();
    derived.sort_unstable();
    derived.dedup();

    let mut operators = Vec::with_capacity(reachable.schemas.len());
    for (s, binding) in reachable.actions(lifted) {
        let schema = &lifted.schemas[s as usize];
        let pre = lookup(&schema.pos, binding, &mut scratch);
        let neg_pre = lookup(&schema.neg, binding, &mut scratch);
        let mut add = lookup(&schema.add, binding, &mut scratch);
        let mut del = lookup(&schema.del, binding, &mut scratch);
        let mut conditional: Vec<ConditionalEffect> = Vec::new();
        for &(e, full) in effects_of.get(&(s, binding)).into_iter().flatten() {
            let effect = &schema.effects[e as usize];
            let cond = lookup(&effect.pos, full, &mut scratch);
            let neg_cond = lookup(&effect.neg, full, &mut scratch);
            let e_add = lookup(&effect.add, full, &mut scratch);
            let e_del = lookup(&effect.del, full, &mut scratch);
            if e_add.is_empty() && e_del.is_empty() {
                continue;
            }
            if cond.is_empty() && neg_cond.is_empty() {
                add.extend(e_add);
                del.extend(e_del);
            } else {
                conditional.push(ConditionalEffect {
                    cond: cond.into(),
                    neg_cond: neg_cond.into(),
                    add: e_add.into(),
                    del: e_del.into(),
                });
            }
        }
        // Delete-only effects of actions with no adds are still found by
        // their rule; an effect whose condition can never hold has none.
        add.sort_unstable();
        add.dedup();
        del.sort_unstable();
        del.dedup();
        del.retain(|f| add.binary_search(f).is_err());
        conditional.sort_by(|a, b| (&a.cond, &a.neg_cond).cmp(&(&b.cond, &b.neg_cond)));
        // An instance with no effect left (its conditional effects can never
        // fire) changes nothing: Fast Downward drops it too.
        if add.is_empty() && del.is_empty() && conditional.is_empty() {
            continue;
        }
        let cost = if lifted.metric {
            cost(lifted, s as usize, binding, domain)?
        } else {
            1
        };
        let mut name = schema.name.clone();
        for &o in &binding[..schema.external as usize] {
            name.push(' ');
            name.push_str(&lifted.objects[o as usize]);
        }
        operators.push(Operator {
            name,
            pre: pre.into(),
            neg_pre: neg_pre.into(),
            add: add.into(),
            del: del.into(),
            cost,
            conditional: conditional.into(),
        });
    }

    // Goals. An atom no action can reach is still interned, with no achiever,
    // so that the search proves the task unsolvable instead of mis-reading it.
    let mut goal = Vec::new();
    let mut neg_goal = Vec::new();
    let mut extra_init = Vec::new();
    let intern = |facts: &mut IndexSet<Atom>, atom: &GAtom| -> FactId {
        match id_of(atom) {
            Some(f) => f,
            None => FactId(facts.insert_full(lifted.atom_text(atom)).0 as u32),
        }
    };
    for (atom, positive) in &lifted.goal {
        let fluent = lifted.fluent[atom.pred as usize];
        let holds_forever = !fluent && lifted.static_init.contains(atom);
        match (positive, fluent) {
            (true, true) => goal.push(intern(&mut facts, atom)),
            // A static goal atom holds forever or never.
            (true, false) if holds_forever => {}
            (true, false) => goal.push(intern(&mut facts, atom)),
            (false, true) => {
                if let Some(f) = id_of(atom) {
                    neg_goal.push(f);
                }
            }
            (false, false) if !holds_forever => {}
            (false, false) => {
                // `(not p)` with `p` static and true: unsatisfiable. Keep `p` as a
                // fact that is true initially and never deleted.
                let f = intern(&mut facts, atom);
                extra_init.push(f);
                neg_goal.push(f);
            }
        }
    }
    let mut init = init;
    init.extend(extra_init);
    init.retain(|f| derived.binary_search(f).is_err());
    for list in [&mut init, &mut goal, &mut neg_goal] {
        list.sort_unstable();
        list.dedup();
    }
    Ok(Task {
        domain_name: lifted.domain_name.clone(),
        problem_name: lifted.problem_name.clone(),
        facts,
        operators,
        init: init.into(),
        goal: goal.into(),
        neg_goal: neg_goal.into(),
        has_action_costs: lifted.metric,
        axioms,
        derived: derived.into(),
    })
}

/// The `total-cost` increase of an instance of schema `s`.
fn cost(lifted: &Lifted, s: usize, binding: &[ObjId], domain: &Domain) -> Result<u32, PddlError> {
    let schema = &lifted.schemas[s];
    let exprs = &domain.actions[schema.action as usize].effect.cost;
    let mut total: u64 = 0;
    for (term, expr) in schema.cost.iter().zip(exprs) {
        total += match term {
            CostTerm::Const(c) => *c,
            CostTerm::Function { name, args } => {
                let objs: Box<[ObjId]> = args
                    .iter()
                    .map(|a| match *a {
                        Arg::Var(v) => binding[v as usize],
                        Arg::Obj(o) => o,
                    })
                    .collect();
                match lifted.function_values.get(&(name.clone(), objs.clone())) {
                    Some(&v) => v,
                    None => {
                        let mut shown = name.clone();
                        for &o in objs.iter() {
                            shown.push(' ');
                            shown.push_str(&lifted.objects[o as usize]);
                        }
                        let mut instance = schema.name.clone();
                        for &o in binding {
                            instance.push(' ');
                            instance.push_str(&lifted.objects[o as usize]);
                        }
                        return Err(PddlError::invalid(
                            &domain.source,
                            expr.span(),
                            format!(
                                "the reachable action `({instance})` costs `({shown})`, but the \
                                 problem's `:init` gives it no value; expected `(= ({shown}) N)`"
                            ),
                        ));
                    }
                }
            }
        };
    }
    u32::try_from(total).map_err(|_| {
        PddlError::invalid(
            &domain.source,
            domain.actions[schema.action as usize].name.span,
            format!(
                "an instance of action `{}` costs {total}; expected a cost below 2^32",
                schema.name
            ),
        )
    })
}
