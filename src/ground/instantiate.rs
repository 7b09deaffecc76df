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

use super::lifted::{Arg, AtomRef, CostTerm, GAtom, LAtom, Lifted, ObjId};
use super::reachability::Reachable;
use crate::pddl::PddlError;
use crate::pddl::ast::Domain;
use crate::task::{Atom, FactId, Operator, Task};
use indexmap::IndexSet;

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

    let mut operators = Vec::with_capacity(reachable.schemas.len());
    let mut scratch: Vec<ObjId> = Vec::new();
    for (s, binding) in reachable.actions(lifted) {
        let schema = &lifted.schemas[s as usize];
        let mut lookup = |atoms: &[LAtom], fluent_only: bool| -> Box<[FactId]> {
            let mut out: Vec<FactId> = Vec::with_capacity(atoms.len());
            for a in atoms {
                if fluent_only && !lifted.fluent[a.pred as usize] {
                    continue;
                }
                a.ground_into(binding, &mut scratch);
                let key = AtomRef {
                    pred: a.pred,
                    args: &scratch,
                };
                if let Some(f) = reachable.atoms.get_index_of(&key).and_then(|i| fact_of[i]) {
                    out.push(f);
                }
            }
            out.sort_unstable();
            out.dedup();
            out.into_boxed_slice()
        };
        let pre = lookup(&schema.pos, true);
        let neg_pre = lookup(&schema.neg, true);
        let add = lookup(&schema.add, false);
        let del: Box<[FactId]> = lookup(&schema.del, false)
            .iter()
            .copied()
            .filter(|f| add.binary_search(f).is_err())
            .collect();
        let cost = if lifted.metric {
            cost(lifted, s as usize, binding, domain)?
        } else {
            1
        };
        let mut name = schema.name.clone();
        for &o in binding {
            name.push(' ');
            name.push_str(&lifted.objects[o as usize]);
        }
        operators.push(Operator {
            name,
            pre,
            neg_pre,
            add,
            del,
            cost,
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
    for atom in &lifted.false_goal_equalities {
        goal.push(intern(&mut facts, atom));
    }
    let mut init = init;
    init.extend(extra_init);
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
    })
}

/// The `total-cost` increase of an instance of schema `s`.
fn cost(lifted: &Lifted, s: usize, binding: &[ObjId], domain: &Domain) -> Result<u32, PddlError> {
    let schema = &lifted.schemas[s];
    let exprs = &domain.actions[s].effect.cost;
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
            domain.actions[s].name.span,
            format!(
                "an instance of action `{}` costs {total}; expected a cost below 2^32",
                schema.name
            ),
        )
    })
}
