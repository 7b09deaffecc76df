//! Relevance: operators that can never help reach the goal are dropped.
//!
//! First the operators that change nothing go: an add effect that the
//! precondition already requires leaves the fact as it was (`drive truck1
//! pos1 pos1` in Logistics, `move rooma rooma` in Gripper), and an operator
//! left with no effect is a self-loop in every state.
//!
//! Reachability (forward) keeps every action instance that *can* be applied;
//! relevance (backward) asks which of them can *matter*. A fact matters true
//! if the goal or a relevant operator's precondition needs it true, and false
//! if the goal or a relevant precondition needs it false (`not p`). An
//! operator is relevant if it makes a fact true that matters true, or false
//! that matters false. That is a fixpoint from the goal backwards, like Fast
//! Downward's translator computes on its causal graph ("138 of 174 operators
//! necessary" on logistics-7-0, where the parcels without a goal location may
//! still be loaded and driven around).
//!
//! Dropping the others keeps every plan's essence: take a plan, remove its
//! irrelevant steps, and it is still a plan (no cheaper or dearer in any way
//! but their costs). Those steps never made a needed fact true or a fact
//! needed false false, so every fact the remaining steps and the goal need
//! true is at least as often true, and every fact they need false at least
//! as often false. Conditions of conditional effects and the bodies of the
//! axioms behind a relevant derived fact decide *whether* something happens,
//! so they matter both ways: no irrelevant operator touches them.
//!
//! Example: in Logistics, a parcel with no goal location can still be loaded
//! and unloaded, but no goal and no other operator's precondition mentions
//! where it is, so its `load` and `unload` operators are dropped. In Gripper
//! every ball's `pick` stays: `drop` frees a gripper, which every `pick`
//! needs, and a ball is dropped only after it was picked.
//!
//! The same question for facts: a fact that nothing needs, neither true nor
//! false, is *irrelevant*, and the relevant operators stop changing it. It
//! is made false from the start, so it is false in every state (Fast
//! Downward's translator drops such variables). Two states that differed
//! only in irrelevant facts are then one state, which a search stores and
//! expands once. Example: in Visitall with half the cells as the goal, the
//! `visited` facts of the other cells are irrelevant, and the states of a
//! 6 x 6 grid are the robot's cell and the goal cells visited, not every
//! cell visited. A fact false in every state keeps every invariant that at
//! most one fact of a group holds, so the mutex groups proven on the lifted
//! task still hold; derived facts stay as their axioms compute them.

use crate::task::{FactId, Task};

/// What [`simplify`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    /// Operators that change no state: every add effect is already required
    /// by the precondition, and nothing is deleted.
    pub no_effect: usize,
    /// Operators no plan needs (see the module docs).
    pub irrelevant: usize,
    /// Operators whose precondition no reachable state satisfies (see
    /// [`super::contradiction`]), dropped before the others.
    pub contradictory: usize,
    /// Facts that nothing needs, true or false, made false in every state.
    pub irrelevant_facts: usize,
}

/// Drops the add effects an operator's precondition already requires (Fast
/// Downward's translator turns them into prevail conditions), the operators
/// left without an effect, and the operators irrelevant to the goal, and
/// makes the irrelevant facts false in every state (see the module docs).
/// Operator order is otherwise kept.
pub fn simplify(task: &mut Task) -> Dropped {
    for op in &mut task.operators {
        // Unless the add protects the fact from a conditional delete: in
        // PDDL the add wins, so without it the fact could become false.
        let conditional = &op.conditional;
        let pre = &op.pre;
        if op.add.iter().any(|f| pre.binary_search(f).is_ok()) {
            let kept: Vec<FactId> = (op.add.iter().copied())
                .filter(|f| {
                    pre.binary_search(f).is_err() || conditional.iter().any(|e| e.del.contains(f))
                })
                .collect();
            op.add = kept.into();
        }
    }
    let before = task.operators.len();
    task.operators
        .retain(|op| !(op.add.is_empty() && op.del.is_empty() && op.conditional.is_empty()));
    let no_effect = before - task.operators.len();
    let Relevance { operators, needed } = relevance(task);
    let mut keep = operators.iter();
    task.operators
        .retain(|_| *keep.next().expect("one flag per operator"));
    let irrelevant_facts = forget_irrelevant_facts(task, &needed);
    Dropped {
        no_effect,
        irrelevant: operators.len() - task.operators.len(),
        contradictory: 0,
        irrelevant_facts,
    }
}

/// Makes the facts that are not `needed` (and not derived) false in the
/// initial state and drops every effect on them; returns how many facts
/// that concerns.
fn forget_irrelevant_facts(task: &mut Task, needed: &[bool]) -> usize {
    let irrelevant: Vec<bool> = (0..task.facts.len() as u32)
        .map(|f| !needed[f as usize] && !task.is_derived(FactId(f)))
        .collect();
    let count = irrelevant.iter().filter(|&&i| i).count();
    if count == 0 {
        return 0;
    }
    let keep = |facts: &[FactId]| -> Box<[FactId]> {
        (facts.iter().copied())
            .filter(|f| !irrelevant[f.index()])
            .collect()
    };
    task.init = keep(&task.init);
    for op in task.operators.iter_mut() {
        op.add = keep(&op.add);
        op.del = keep(&op.del);
        for e in op.conditional.iter_mut() {
            e.add = keep(&e.add);
            e.del = keep(&e.del);
        }
    }
    count
}

/// The result of the backward fixpoint: which operators are relevant (one
/// flag per operator) and which facts some relevant condition or the goal
/// needs true or false (one flag per fact).
struct Relevance {
    operators: Vec<bool>,
    needed: Vec<bool>,
}

/// Which operators are relevant, and which facts are needed.
fn relevance(task: &Task) -> Relevance {
    let n = task.facts.len();
    // need_true[f]: some relevant precondition (or the goal) needs f true;
    // need_false[f]: some needs it false.
    let mut need_true = vec![false; n];
    let mut need_false = vec![false; n];
    let mut relevant = vec![false; task.operators.len()];
    let mark = |need: &mut [bool], facts: &[FactId], changed: &mut bool| {
        for f in facts {
            if !need[f.index()] {
                need[f.index()] = true;
                *changed = true;
            }
        }
    };
    let mut changed = false;
    mark(&mut need_true, &task.goal, &mut changed);
    mark(&mut need_false, &task.neg_goal, &mut changed);
    // A round over all operators and axioms per new fact layer; relevance
    // settles in a few rounds, each linear in the task's size.
    while changed {
        changed = false;
        for axiom in &task.axioms {
            let head = axiom.head.index();
            if need_true[head] || need_false[head] {
                for list in [&axiom.pre, &axiom.neg_pre] {
                    mark(&mut need_true, list, &mut changed);
                    mark(&mut need_false, list, &mut changed);
                }
            }
        }
        for (op, flag) in task.operators.iter().zip(relevant.iter_mut()) {
            if *flag {
                continue;
            }
            let helps = |add: &[FactId], del: &[FactId]| {
                add.iter().any(|f| need_true[f.index()])
                    || del.iter().any(|f| need_false[f.index()])
            };
            let conditional = op.conditional.iter().any(|e| helps(&e.add, &e.del));
            if !helps(&op.add, &op.del) && !conditional {
                continue;
            }
            *flag = true;
            changed = true;
            mark(&mut need_true, &op.pre, &mut changed);
            mark(&mut need_false, &op.neg_pre, &mut changed);
            for e in op.conditional.iter() {
                for list in [&e.cond, &e.neg_cond] {
                    mark(&mut need_true, list, &mut changed);
                    mark(&mut need_false, list, &mut changed);
                }
            }
        }
    }
    let needed = (need_true.iter().zip(&need_false))
        .map(|(&t, &f)| t || f)
        .collect();
    Relevance {
        operators: relevant,
        needed,
    }
}

#[cfg(test)]
mod tests;
