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

use super::GroundError;
use super::lifted::{CostTerm, GAtom, Lifted, ObjId};
use super::reachability::Reachable;
use crate::task::{Atom, FactId, Operator, Task};
use indexmap::IndexSet;
use rustc_hash::FxHashMap;

/// Builds the task. Fact ids follow the order in which atoms became reachable,
/// so the initial state comes first.
pub fn build_task(lifted: &Lifted, reachable: &Reachable) -> Result<Task, GroundError> {
    // GAtom -> FactId for the reachable fluent atoms.
    let mut ids: FxHashMap<&GAtom, FactId> = FxHashMap::default();
    let mut facts: IndexSet<Atom> = IndexSet::new();
    for atom in &reachable.atoms {
        if lifted.fluent[atom.pred as usize] {
            let (i, _) = facts.insert_full(lifted.atom_text(atom));
            ids.insert(atom, FactId(i as u32));
        }
    }
    let init: Vec<FactId> = lifted.fluent_init.iter().map(|a| ids[a]).collect();

    let mut operators = Vec::with_capacity(reachable.actions.len());
    for (s, binding) in &reachable.actions {
        let schema = &lifted.schemas[*s as usize];
        let lookup = |atoms: &[super::lifted::LAtom], fluent_only: bool| -> Vec<FactId> {
            let mut out: Vec<FactId> = atoms
                .iter()
                .filter(|a| !fluent_only || lifted.fluent[a.pred as usize])
                .filter_map(|a| ids.get(&a.ground(binding)).copied())
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let pre = lookup(&schema.pos, true);
        let neg_pre = lookup(&schema.neg, true);
        let add = lookup(&schema.add, false);
        let mut del = lookup(&schema.del, false);
        del.retain(|f| add.binary_search(f).is_err());
        let cost = if lifted.metric {
            cost(lifted, schema, binding)?
        } else {
            1
        };
        let mut name = schema.name.clone();
        for &o in binding.iter() {
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
        });
    }

    // Goals. An atom no action can reach is still interned, with no achiever,
    // so that the search proves the task unsolvable instead of mis-reading it.
    let mut goal = Vec::new();
    let mut neg_goal = Vec::new();
    let mut extra_init = Vec::new();
    let intern = |facts: &mut IndexSet<Atom>, atom: &GAtom| -> FactId {
        match ids.get(atom) {
            Some(&f) => f,
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
                if let Some(&f) = ids.get(atom) {
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

/// The `total-cost` increase of an action instance.
fn cost(
    lifted: &Lifted,
    schema: &super::lifted::Schema,
    binding: &[ObjId],
) -> Result<u32, GroundError> {
    let mut total: u64 = 0;
    for term in &schema.cost {
        total += match term {
            CostTerm::Const(c) => *c,
            CostTerm::Function { name, args } => {
                let objs: Box<[ObjId]> = args
                    .iter()
                    .map(|a| match *a {
                        super::lifted::Arg::Var(v) => binding[v as usize],
                        super::lifted::Arg::Obj(o) => o,
                    })
                    .collect();
                match lifted.function_values.get(&(name.clone(), objs.clone())) {
                    Some(&v) => v,
                    None => {
                        let shown: Vec<&str> = objs
                            .iter()
                            .map(|&o| lifted.objects[o as usize].as_str())
                            .collect();
                        return Err(GroundError {
                            message: format!(
                                "action `{}` needs the cost `({} {})`, which `:init` does not \
                                 define; expected `(= ({} {}) N)` in the problem",
                                schema.name,
                                name,
                                shown.join(" "),
                                name,
                                shown.join(" ")
                            ),
                        });
                    }
                }
            }
        };
    }
    u32::try_from(total).map_err(|_| GroundError {
        message: format!(
            "an instance of action `{}` costs {total}; expected a cost below 2^32",
            schema.name
        ),
    })
}
