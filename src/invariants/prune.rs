//! h² preprocessing: operators and facts that no plan uses, removed before
//! the search (Alcázar and Torralba, ICAPS 2015; Scorpion's `--preprocess`).
//!
//! The grounder keeps every operator that relaxed reachability reaches, which
//! ignores deletes: in Blocksworld it keeps `(stack a a)`, since `(holding a)`
//! and `(clear a)` are each reachable, though never together. Mutexes know
//! better, and they can be found in both directions:
//!
//! - **forward** h² ([`H2::forward`]) over-approximates the pairs of facts
//!   that hold together in some state reachable from the start;
//! - **backward** h² ([`H2::backward`]) over-approximates the pairs that
//!   hold together in some state from which the goal is reachable, by the
//!   same fixpoint over the operators read in reverse, from the goal.
//!
//! Let `S*` be the states on the paths from the start to a goal state: the
//! states a plan passes through. Each is both reachable and goal-reaching,
//! so neither fixpoint misses a pair of one of them. Each fixpoint may
//! therefore start from the other's result and never add a pair the other
//! left out: the pairs kept only shrink, and still hold every pair of every
//! state of `S*`. An operator `o` is removed when
//!
//! - its precondition `pre(o)` holds a pair that is not kept (or a fact
//!   that is not: a pair of a fact with itself): `o` applies in no state of
//!   `S*`; or
//! - its *result* `post(o) = add(o) ∪ (pre(o) \ del(o))`, which holds after
//!   `o` in every state it applies to, holds such a pair: `o` leads to no
//!   state of `S*`.
//!
//! A plan's every step goes from a state of `S*` to a state of `S*`, so no
//! plan uses a removed operator: the pruned task has exactly the original's
//! plans (over the operators kept), and the same optimal cost. Removing
//! operators removes reached pairs, so the two directions alternate until a
//! round removes no operator and kills no pair (the paper's fixpoint), within
//! [`H2Limits`]' time. The at-most-one mutex groups of the invariant analysis
//! hold in every reachable state, so their pairs are left out from the start,
//! and every group (at most `k`) still removes operators as before.
//!
//! **Facts.** A fact that no state of `S*` holds is *dead*: the forward pass
//! finds the unreachable ones, the backward pass those from which the goal
//! cannot be reached. Every operator that needs a dead fact goes (its
//! precondition holds the fact), and so does every one that adds it (its
//! result holds it). So no operator kept adds a dead fact, and none needs
//! it; if the start or the goal holds one, `S*` is empty, the task has no
//! plan, and every operator goes. A dead fact is then never true on any run
//! of the pruned task, so deleting it, or requiring it false, does nothing:
//! it is dropped from the deletes and negative preconditions of the
//! operators kept. The fact ids stay as they are (the mutex groups that pack
//! the states are built over them), so a dead fact stays in the fact table,
//! named in no operator, the start or the goal; [`Pruned::dead_facts`] lists
//! them (the facts the task named before, not those it never named).

//!
//! **Empty groups.** Fast Downward's translator gives each mutex group a
//! variable, whose values include facts that nothing needs: in parking,
//! `move-curb-to-car c x c` parks a car behind itself, a value that the
//! backward pass finds no plan passes through, so the operator goes. planbox's
//! grounder forgets such facts (no precondition or goal needs them), and the
//! operator is left emptying the car's group: no fact of `{at-curb-num c *,
//! behind-car c *}` holds after it. With `Both`, the backward side also
//! removes every operator that leaves a *closed* group empty: an at-most-one
//! group with a fact in the goal whose every adder needs one of its facts.
//! Once none holds, none can be added again, so the goal is out of reach
//! (`remove_emptying`). The rest of the pairs' reasoning sees the same
//! states, so this is a backward removal like the others.

use super::{H2, H2Limits, H2Skip, MutexGroup, Mutexes};
use crate::invariants::h2::post;
use crate::task::{FactId, OpId, Task};
use crate::util::bits;
use std::time::{Duration, Instant};

crate::choices! {
    /// Which h² preprocessing runs before the search (any engine's).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum H2Preprocess {
        /// None: the search sees every operator the grounder kept
        None = "none",
        /// Forward h² and the mutex groups: operators no reachable state applies
        Forward = "forward",
        /// Forward and backward h², alternated until nothing changes (as Scorpion's --preprocess)
        Both = "both",
    }
}

/// What the preprocessing removed, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreprocessStats {
    pub mode: H2Preprocess,
    /// Operators removed after a forward pass (the mutex groups included).
    pub removed_forward: usize,
    /// Operators removed after a backward pass.
    pub removed_backward: usize,
    /// Dead facts found by a forward pass: unreachable.
    pub unreachable_facts: usize,
    /// Dead facts found by a backward pass: reachable, but in no state
    /// from which the goal can be reached.
    pub irrelevant_facts: usize,
    /// h² passes run, forward and backward together.
    pub passes: u32,
    /// Why h² stopped early (or was not computed: then the mutex groups
    /// alone removed operators); what was removed until then stays removed.
    pub skipped: Option<H2Skip>,
    pub time: Duration,
}

impl PreprocessStats {
    /// The dead facts of both directions.
    pub fn removed_facts(&self) -> usize {
        self.unreachable_facts + self.irrelevant_facts
    }
}

/// A task without the operators that no plan uses.
#[derive(Clone, Debug)]
pub struct Pruned {
    pub task: Task,
    /// For each operator of `task`, its id in the original task.
    pub original: Vec<OpId>,
    /// The facts that no state on a plan's path holds (see the module docs),
    /// in id order.
    pub dead_facts: Vec<FactId>,
    pub stats: PreprocessStats,
}

impl Pruned {
    /// The number of operators removed.
    pub fn removed(&self, of: &Task) -> usize {
        of.operators.len() - self.task.operators.len()
    }

    /// A plan of the pruned task as a plan of the original one.
    pub fn original_plan(&self, plan: &[OpId]) -> Vec<OpId> {
        plan.iter().map(|o| self.original[o.index()]).collect()
    }
}

/// `task` without the operators that the mutex groups and h² forward find
/// no reachable state applies (see [`preprocess`]).
pub fn prune_operators(task: &Task, mutexes: &Mutexes) -> Pruned {
    preprocess(task, mutexes, H2Preprocess::Forward, &H2Limits::default())
}

/// The preprocessing of the module docs, over `mutexes`' groups (and its h²
/// pairs, if it has them, as pairs known not to be kept), in the directions
/// `mode` names, within `limits` (its time for the whole alternation).
/// Tasks with conditional effects or axioms are returned whole: their
/// operators' effects depend on the state.
pub fn preprocess(task: &Task, mutexes: &Mutexes, mode: H2Preprocess, limits: &H2Limits) -> Pruned {
    let start = Instant::now();
    let n = task.facts.len();
    let mut stats = PreprocessStats {
        mode,
        removed_forward: 0,
        removed_backward: 0,
        unreachable_facts: 0,
        irrelevant_facts: 0,
        passes: 0,
        skipped: None,
        time: Duration::ZERO,
    };
    let mut keep = vec![true; task.operators.len()];
    // A fact that no operator, the start or the goal names (the grounder
    // drops adds that nothing needs) is not counted as removed.
    let mut named = vec![false; n];
    let lists = (task.operators.iter())
        .flat_map(|o| [&o.pre, &o.neg_pre, &o.add, &o.del])
        .chain([&task.init, &task.goal, &task.neg_goal]);
    for f in lists.flat_map(|l| l.iter()) {
        named[f.index()] = true;
    }
    let mut dead: Vec<bool> = vec![false; n];
    if mode != H2Preprocess::None && task.adl_feature().is_none() {
        let mut sweep = Sweep::new(task, mutexes);
        stats.removed_forward += sweep.remove(&mut keep, None);
        let mut kept = sweep.allowed.clone();
        'rounds: loop {
            let mut changed = false;
            for backward in [false, true] {
                if backward && mode == H2Preprocess::Forward {
                    break 'rounds;
                }
                let left = H2Limits {
                    max_time: limits.max_time.saturating_sub(start.elapsed()),
                    ..limits.clone()
                };
                let next = if backward {
                    H2::backward(task, &keep, Some(&kept), &left)
                } else {
                    H2::forward(task, &keep, Some(&kept), &left)
                };
                let next = match next {
                    Ok(next) => next,
                    Err(skip) => {
                        stats.skipped = Some(skip);
                        break 'rounds;
                    }
                };
                stats.passes += next.passes;
                for (f, is_dead) in dead.iter_mut().enumerate() {
                    if !*is_dead && named[f] && !next.is_reachable(FactId(f as u32)) {
                        *is_dead = true;
                        match backward {
                            false => stats.unreachable_facts += 1,
                            true => stats.irrelevant_facts += 1,
                        }
                    }
                }
                changed |= next.pairs_differ(&kept);
                kept = next;
                let removed = sweep.remove(&mut keep, Some(&kept));
                changed |= removed > 0;
                match backward {
                    false => stats.removed_forward += removed,
                    true => {
                        stats.removed_backward += removed;
                        let emptying = remove_emptying(task, mutexes.groups(), &mut keep);
                        stats.removed_backward += emptying;
                        changed |= emptying > 0;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    let dead_facts: Vec<FactId> = (0..n as u32)
        .map(FactId)
        .filter(|f| dead[f.index()])
        .collect();
    let mut pruned_task = Task {
        operators: Vec::new(),
        ..task.clone()
    };
    let mut original = Vec::new();
    for (i, op) in task.operators.iter().enumerate() {
        if keep[i] {
            let mut op = op.clone();
            let alive = |list: &[FactId]| -> Box<[FactId]> {
                list.iter().copied().filter(|f| !dead[f.index()]).collect()
            };
            op.del = alive(&op.del);
            op.neg_pre = alive(&op.neg_pre);
            pruned_task.operators.push(op);
            original.push(OpId(i as u32));
        }
    }
    stats.time = start.elapsed();
    Pruned {
        task: pruned_task,
        original,
        dead_facts,
        stats,
    }
}

/// Clears `keep` for the kept operators that leave a *closed* group empty;
/// the number cleared (see the module docs, "Empty groups").
///
/// An at-most-one group is closed when the goal holds one of its facts and
/// every kept operator that adds one of its facts needs one of them: once
/// none of them holds, none ever holds again, and the goal is out of reach.
/// An operator that needs a fact `m` of the group, deletes it and adds no
/// other leaves the group empty (at most `m` held before), so it leads to
/// no state from which the goal can be reached. Removing operators may
/// close more groups, so this runs to a fixpoint.
fn remove_emptying(task: &Task, groups: &[MutexGroup], keep: &mut [bool]) -> usize {
    let n = task.facts.len();
    let mut member: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (g, group) in groups.iter().enumerate() {
        if group.at_most == 1 {
            for f in &group.facts {
                member[f.index()].push(g);
            }
        }
    }
    let in_goal = |g: usize| task.goal.iter().any(|f| member[f.index()].contains(&g));
    let needs_one =
        |facts: &[FactId], g: usize| facts.iter().any(|f| member[f.index()].contains(&g));
    let mut removed = 0;
    loop {
        // Open groups: not in the goal, or added by a kept operator that
        // needs none of their facts.
        let mut open: Vec<bool> = (0..groups.len()).map(|g| !in_goal(g)).collect();
        for (o, op) in task.operators.iter().enumerate() {
            if keep[o] {
                for f in op.add.iter() {
                    for &g in &member[f.index()] {
                        if !needs_one(&op.pre, g) {
                            open[g] = true;
                        }
                    }
                }
            }
        }
        let mut changed = false;
        for (o, op) in task.operators.iter().enumerate() {
            if !keep[o] {
                continue;
            }
            let empties = op.pre.iter().any(|m| {
                op.del.contains(m)
                    && member[m.index()]
                        .iter()
                        .any(|&g| !open[g] && !needs_one(&op.add, g))
            });
            if empties {
                keep[o] = false;
                removed += 1;
                changed = true;
            }
        }
        if !changed {
            return removed;
        }
    }
}

/// The removal of operators by the pairs kept so far and the groups.
struct Sweep<'a> {
    task: &'a Task,
    mutexes: &'a Mutexes,
    /// The pairs the at-most-one groups (and `mutexes`' h², if any) allow.
    allowed: H2,
    pos: Vec<u64>,
    neg: Vec<u64>,
}

impl<'a> Sweep<'a> {
    fn new(task: &'a Task, mutexes: &'a Mutexes) -> Sweep<'a> {
        let n = task.facts.len();
        let words = bits::words_for(n);
        let mut allowed = H2::all(n);
        let (mut invariant, mut h2) = (vec![0u64; words], vec![0u64; words]);
        for f in 0..n as u32 {
            invariant.fill(0);
            h2.fill(0);
            mutexes.add_partners(FactId(f), &mut invariant, &mut h2);
            for (i, h) in invariant.iter_mut().zip(&h2) {
                *i |= h;
            }
            allowed.forbid(FactId(f), &invariant);
        }
        Sweep {
            task,
            mutexes,
            allowed,
            pos: vec![0; words],
            neg: vec![0; words],
        }
    }

    /// Clears `keep` for every kept operator whose precondition or result
    /// the groups or the pairs `kept` rule out (every operator, if the start
    /// or the goal holds a pair `kept` leaves out); the number cleared.
    fn remove(&mut self, keep: &mut [bool], kept: Option<&H2>) -> usize {
        let task = self.task;
        let mut hopeless = false;
        if let Some(k) = kept {
            for facts in [&task.init, &task.goal] {
                fill(&mut self.pos, facts);
                hopeless |= k.violation(&self.pos).is_some();
            }
        }
        let mut removed = 0;
        for (o, op) in task.operators.iter().enumerate() {
            if !keep[o] {
                continue;
            }
            let bad = hopeless
                || [&op.pre[..], &post(op)].into_iter().any(|facts| {
                    fill(&mut self.pos, facts);
                    self.mutexes.check(&self.pos, &self.neg).is_some()
                        || kept.is_some_and(|k| k.violation(&self.pos).is_some())
                });
            if bad {
                keep[o] = false;
                removed += 1;
            }
        }
        removed
    }
}

/// Makes `pos` the packed set of `facts`.
fn fill(pos: &mut [u64], facts: &[FactId]) {
    pos.fill(0);
    facts.iter().for_each(|&f| bits::insert(pos, f));
}

#[cfg(test)]
mod tests;
