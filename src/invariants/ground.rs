//! From lifted invariants to mutex groups over the task's facts.
//!
//! An invariant with parameters stands for one claim per value of the
//! parameters, its *instances*. The instance of a fact is read off its
//! arguments at the parameter positions of its predicate's part. Grouping the
//! task's facts by (invariant, instance) gives the mutex groups, and counting
//! the initial atoms of each instance gives its bound: since the count never
//! increases, at most that many of the group's facts hold in any reachable
//! state. A group no larger than its bound can never be exceeded and is left
//! out; a group with bound 0 holds facts that are never true.
//!
//! Example (Gripper, `for each ?b: at most 1 of {(at ?b ?r) (carry ?b ?g)}`):
//! the instance `?b = ball1` gives the group `{(at ball1 rooma) (at ball1
//! roomb) (carry ball1 left) (carry ball1 right)}`, at most 1, since
//! `(at ball1 rooma)` alone holds initially.

use super::candidate::{Invariant, Slot};
use crate::lifted::{GAtom, Lifted, ObjId, PredId};
use crate::pddl::ast;
use crate::task::{FactId, Task};
use crate::util::hash::{FastBuildHasher, FastMap};
use indexmap::IndexMap;

/// At most `at_most` of `facts` hold in any reachable state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutexGroup {
    /// Sorted, without duplicates; more than `at_most` of them.
    pub facts: Vec<FactId>,
    pub at_most: u32,
    /// The index of the invariant it comes from.
    pub invariant: usize,
}

/// The initial counts of an invariant's instances, over the instances that
/// have a fact in the task or an atom in the initial state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InstanceCounts {
    pub instances: usize,
    pub min: u32,
    pub max: u32,
}

/// The ground mutex groups of some invariants, and their instances' counts.
#[derive(Clone, Debug, Default)]
pub struct Grounding {
    pub groups: Vec<MutexGroup>,
    /// One entry per invariant.
    pub counts: Vec<InstanceCounts>,
}

/// Groups `task`'s facts by invariant instance; `lifted` must be the task's
/// lifted form (it gives predicate and object ids, and the initial atoms).
pub fn ground_groups(lifted: &Lifted, invariants: &[Invariant], task: &Task) -> Grounding {
    // Task facts by predicate, with object ids.
    let mut by_pred: Vec<Vec<(FactId, Vec<ObjId>)>> = vec![Vec::new(); lifted.arity.len()];
    for (i, atom) in task.facts.iter().enumerate() {
        let Some(p) = lifted.predicates.get_index_of(&atom.predicate) else {
            continue;
        };
        let args: Option<Vec<ObjId>> = atom
            .args
            .iter()
            .map(|a| lifted.objects.get_index_of(a).map(|o| o as ObjId))
            .collect();
        if let Some(args) = args {
            by_pred[p].push((FactId(i as u32), args));
        }
    }
    let mut init_by_pred: Vec<Vec<&GAtom>> = vec![Vec::new(); lifted.arity.len()];
    for atom in &lifted.fluent_init {
        init_by_pred[atom.pred as usize].push(atom);
    }

    let mut out = Grounding::default();
    let mut seen: FastMap<Vec<FactId>, usize> = FastMap::default();
    let mut theta: Vec<ObjId> = Vec::new();
    for (k, inv) in invariants.iter().enumerate() {
        // instance -> (facts, initial count)
        let mut instances: IndexMap<Vec<ObjId>, (Vec<FactId>, u32), FastBuildHasher> =
            IndexMap::default();
        for part in inv.parts.iter() {
            let p = part.pred as usize;
            for atom in &init_by_pred[p] {
                part.params_of(&atom.args, &mut theta);
                instances.entry(theta.clone()).or_default().1 += 1;
            }
            for (f, args) in &by_pred[p] {
                part.params_of(args, &mut theta);
                instances.entry(theta.clone()).or_default().0.push(*f);
            }
        }
        let mut counts = InstanceCounts {
            instances: instances.len(),
            min: u32::MAX,
            max: 0,
        };
        for (_, (mut facts, at_most)) in instances {
            counts.min = counts.min.min(at_most);
            counts.max = counts.max.max(at_most);
            facts.sort_unstable();
            facts.dedup();
            if facts.len() <= at_most as usize {
                continue;
            }
            match seen.get(&facts) {
                Some(&g) => {
                    let group: &mut MutexGroup = &mut out.groups[g];
                    group.at_most = group.at_most.min(at_most);
                }
                None => {
                    seen.insert(facts.clone(), out.groups.len());
                    out.groups.push(MutexGroup {
                        facts,
                        at_most,
                        invariant: k,
                    });
                }
            }
        }
        if counts.instances == 0 {
            counts.min = 0;
        }
        out.counts.push(counts);
    }
    out
}

/// An invariant in PDDL-like text, with its bound from `counts`, naming
/// variables after the domain's predicate declarations:
///
/// ```text
/// at most 1 of {(man ?l)}
/// for each ?l: at most 1 of {(man ?l) (box ?l) (clear ?l)}
/// for each ?x: at most 1 per instance (initial counts 0..1) of {(p ?x)}
/// ```
pub fn describe(
    inv: &Invariant,
    lifted: &Lifted,
    domain: &ast::Domain,
    counts: &InstanceCounts,
) -> String {
    let declared = |pred: PredId, pos: usize| -> Option<String> {
        let name = lifted.predicates.get_index(pred as usize)?;
        let sig = domain.predicates.iter().find(|s| &s.name.text == name)?;
        Some(sig.parameters.get(pos)?.name.text.clone())
    };
    // Parameter names, from the first part that declares a free name.
    let mut names: Vec<String> = Vec::with_capacity(inv.arity as usize);
    for p in 0..inv.arity {
        let mut chosen = None;
        for part in inv.parts.iter() {
            if let Some(pos) = part.args.iter().position(|s| *s == Slot::Param(p))
                && let Some(name) = declared(part.pred, pos)
                && !names.contains(&name)
            {
                chosen = Some(name);
                break;
            }
        }
        names.push(chosen.unwrap_or_else(|| format!("?x{p}")));
    }
    let mut body = Vec::new();
    for part in inv.parts.iter() {
        let pred = lifted
            .predicates
            .get_index(part.pred as usize)
            .map_or("?", String::as_str);
        let mut atom = format!("({pred}");
        for (pos, slot) in part.args.iter().enumerate() {
            let arg = match *slot {
                Slot::Param(p) => names[p as usize].clone(),
                Slot::Counted => {
                    let mut name = declared(part.pred, pos).unwrap_or_else(|| "?c".into());
                    while names.contains(&name) {
                        name.push('\'');
                    }
                    name
                }
            };
            atom.push(' ');
            atom.push_str(&arg);
        }
        atom.push(')');
        body.push(atom);
    }
    let body = format!("{{{}}}", body.join(" "));
    let bound = if counts.min == counts.max || inv.arity == 0 {
        format!("at most {}", counts.max)
    } else {
        format!(
            "at most {} per instance (initial counts {}..{})",
            counts.max, counts.min, counts.max
        )
    };
    if inv.arity == 0 {
        format!("{bound} of {body}")
    } else {
        format!("for each {}: {bound} of {body}", names.join(" "))
    }
}

#[cfg(test)]
mod tests;
