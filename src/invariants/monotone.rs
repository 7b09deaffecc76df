//! Mutex groups proven on the ground task alone: the monotonicity invariants
//! of [`super`], in the simple form that needs no lifted task.
//!
//! The synthesis of [`super::synthesize`] works on the lifted task, so it
//! covers a task that grounding made. This check needs only a [`Task`], so it
//! also covers a hand-built one, and it is what state packing
//! ([`crate::search::Packing`]) and the landmark orderings
//! ([`crate::heuristics::landmarks`]) use. It finds groups of one predicate
//! only: `(at stone-01 ?l)` over every cell `?l`, not the lifted synthesis's
//! groups across predicates (`holding ?x` with `ontable ?x`). On the bundled
//! problems the two sets of at-most-one groups differ (Airport, Caldera, ...),
//! so switching the users to the lifted groups would change their plans.
//!
//! Example: on a line `p0 - p1 - p2 - p3` where every move requires and
//! deletes the old position, `{at p0, at p1, at p2, at p3}` is a group.

use crate::task::{FactId, Task};
use crate::util::hash::FastMap;

/// Disjoint groups of facts of which at most one holds in every reachable
/// state, each proven by induction over the task's operators.
///
/// Candidates are the facts of one predicate that agree on all arguments but
/// one: `(at stone-01 ?l)` for every cell `?l`. A candidate is kept when at
/// most one of its facts holds initially and no operator can make a second one
/// true: an operator that adds a fact `a` of the group (and no other) either
/// requires a fact `p` of the group and deletes it (or `p = a`), or, requiring
/// none, deletes or forbids (`neg_pre`) every other fact of the group. This is
/// the ground form of Fast Downward's monotonicity invariants, without their
/// refinement step. Larger candidates are taken first; every fact is in at
/// most one group. Facts that conditional effects or axioms change are in none.
pub fn monotone_groups(task: &Task) -> Vec<Vec<FactId>> {
    // Candidate key: predicate, the free argument's position, the other arguments.
    let mut index: FastMap<(&str, usize, Vec<&str>), usize> = FastMap::default();
    let mut candidates: Vec<Vec<FactId>> = Vec::new();
    // For each fact, the candidates it belongs to (one per argument position).
    let mut of_fact: Vec<Vec<u32>> = vec![Vec::new(); task.facts.len()];
    for (f, atom) in task.facts.iter().enumerate() {
        for i in 0..atom.args.len() {
            let mut rest: Vec<&str> = atom.args.iter().map(String::as_str).collect();
            rest.remove(i);
            let next = candidates.len();
            let c = *index
                .entry((atom.predicate.as_str(), i, rest))
                .or_insert(next);
            if c == next {
                candidates.push(Vec::new());
            }
            candidates[c].push(FactId(f as u32));
            of_fact[f].push(c as u32);
        }
    }
    // Facts that conditional effects change, and derived facts, change outside
    // the operators' add and delete lists: no group may hold one.
    let mut touched = vec![false; task.facts.len()];
    for &f in task.derived.iter() {
        touched[f.index()] = true;
    }
    for op in &task.operators {
        for e in op.conditional.iter() {
            for &f in e.add.iter().chain(e.del.iter()) {
                touched[f.index()] = true;
            }
        }
    }
    let mut ok: Vec<bool> = (candidates.iter())
        .map(|c| c.len() >= 2 && c.iter().all(|f| !touched[f.index()]))
        .collect();
    let in_group = |f: FactId, c: u32| of_fact[f.index()].contains(&c);
    for (c, facts) in candidates.iter().enumerate() {
        let init = facts.iter().filter(|f| task.init.binary_search(f).is_ok());
        if init.count() > 1 {
            ok[c] = false;
        }
    }
    for op in &task.operators {
        for &a in op.add.iter() {
            for &c in &of_fact[a.index()] {
                if !ok[c as usize] {
                    continue;
                }
                let adds = op.add.iter().filter(|&&x| in_group(x, c)).count();
                let kept = adds == 1
                    && match op.pre.iter().find(|&&p| in_group(p, c)) {
                        Some(&p) => p == a || op.del.binary_search(&p).is_ok(),
                        None => candidates[c as usize].iter().all(|x| {
                            *x == a || op.del.binary_search(x).is_ok() || op.neg_pre.contains(x)
                        }),
                    };
                ok[c as usize] = kept;
            }
        }
    }
    let mut order: Vec<usize> = (0..candidates.len()).filter(|&c| ok[c]).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(candidates[c].len()));
    let mut taken = vec![false; task.facts.len()];
    let mut groups = Vec::new();
    for c in order {
        let facts = &candidates[c];
        if facts.iter().all(|f| !taken[f.index()]) {
            for f in facts {
                taken[f.index()] = true;
            }
            groups.push(facts.clone());
        }
    }
    groups
}

#[cfg(test)]
mod tests;
