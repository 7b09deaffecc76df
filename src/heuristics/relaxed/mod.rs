//! The delete relaxation, shared by h^max, h^add, h^FF and LM-cut.
//!
//! Ignoring delete lists turns planning into a monotone problem: a fact, once
//! reached, stays true. The relaxed cost of a fact `p` from a state `s` is then
//! a shortest-path-like fixpoint (Bonet & Geffner 2001):
//!
//! ```text
//! cost(p) = 0                                          if p ∈ s
//! cost(p) = min over o with p ∈ add(o) of  cost(o) + C{ cost(q) : q ∈ pre(o) }
//! ```
//!
//! where the combination `C` is `max` for h^max and `+` for h^add. Example: in a
//! chain `a -(1)-> b -(2)-> c` (operator `a→b` costs 1, `b→c` costs 2) from
//! `s = {a}`, `cost(a) = 0`, `cost(b) = 1`, `cost(c) = 3` under both combinations;
//! with one operator `{b, c} → d` of cost 1 added, h^max gives `cost(d) = 4` and
//! h^add `cost(d) = 1 + 3 + 1 = 5`.
//!
//! The fixpoint is computed Dijkstra-style, as Fast Downward's
//! `relaxation_heuristic` does: each operator counts its unreached
//! preconditions; when a fact is settled (popped from a [`BucketQueue`](crate::util::bucket_queue::BucketQueue) in order
//! of cost), the counters of the operators that need it drop, and an operator
//! whose counter reaches zero offers its add effects at its own cost.
//!
//! [`RelaxedTask`] is the compact form built once per task:
//!
//! - two artificial facts: `true_fact`, a precondition of every operator with an
//!   empty `pre` (so every operator is triggered by some fact), and
//!   `goal_fact`, added by an artificial *goal operator* of cost 0 whose
//!   preconditions are the goal. The cost of `goal_fact` is the heuristic value.
//! - add effects that are also preconditions are dropped (they can never help
//!   in the relaxation), operators left with no add effect are dropped, and
//!   operators with the same `pre` and `add` are merged into the cheapest one.
//!   None of this changes h^max, h^add, h^FF or LM-cut values.
//! - a fact that some precondition or goal needs **false** gets a relaxed
//!   fact of its own, "p is false": true in a state without `p`, added by the
//!   operators that delete `p` (for a derived `p`, by the negated axiom rules
//!   below). Fast Downward's translator gives the same facts to its
//!   heuristics as values of finite-domain variables; without them, a
//!   negative precondition would count as free. Measured on tidybot (whose
//!   actions need `(not (base-obstacle ...))`), LM-cut's initial estimates
//!   rose to Fast Downward's.
//! - a conditional effect becomes an operator of its own, with the operator's
//!   precondition and the effect's condition, at the operator's cost; an axiom
//!   becomes an operator of cost 0 that stands for no task operator (as in
//!   Fast Downward). Both keep h^max admissible.
//!
//! All arrays are flat (compressed rows) and indexed by [`FactId`] or
//! [`RelaxedOpId`]. [`fact_costs`] exposes the per-fact costs, which is what a
//! goal-regression planner (HSPr) computes once from the initial state.

mod exploration;
#[cfg(test)]
mod tests;

pub use exploration::{Exploration, fact_costs, subgoal_cost};

use crate::task::{FactId, OpId, Task};
use crate::util::bits;
use indexmap::IndexMap;

/// An operator's preconditions and add effects, the key for merging.
type PreAdd = (Box<[FactId]>, Box<[FactId]>);

/// Index of an operator of a [`RelaxedTask`] (not the same as an [`OpId`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelaxedOpId(pub u32);

impl RelaxedOpId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The origin of a relaxed operator that stands for an axiom.
const NO_OPERATOR: OpId = OpId(u32::MAX);

/// The cost of a fact that has not been reached (internal arrays only; the API
/// returns `Option` or [`Estimate`]).
pub(crate) const UNREACHED: u32 = u32::MAX;

/// The largest finite cost: sums saturate here, one below the internal
/// "unreached" marker `u32::MAX`.
pub const MAX_COST: u32 = u32::MAX - 1;

/// `a + b`, saturating at [`MAX_COST`].
#[inline]
pub fn add_cost(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(MAX_COST)
}

/// How the costs of an operator's preconditions are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// h^max: the most expensive precondition (admissible).
    Max,
    /// h^add: the sum of the preconditions (assumes independent subgoals).
    Sum,
}

impl Combine {
    #[inline]
    pub fn apply(self, a: u32, b: u32) -> u32 {
        match self {
            Combine::Max => a.max(b),
            Combine::Sum => add_cost(a, b),
        }
    }
}

/// The delete relaxation of a [`Task`], in flat arrays; see the module docs.
#[derive(Clone, Debug)]
pub struct RelaxedTask {
    /// Task facts plus the two artificial ones.
    num_facts: usize,
    /// Precondition of the operators whose `pre` is empty; true in every state.
    pub true_fact: FactId,
    /// Added by the goal operator only.
    pub goal_fact: FactId,
    /// The artificial goal operator: `pre = goal`, `add = [goal_fact]`, cost 0.
    pub goal_op: RelaxedOpId,
    pre_start: Vec<u32>,
    pre: Vec<FactId>,
    add_start: Vec<u32>,
    add: Vec<FactId>,
    cost: Vec<u32>,
    num_pre: Vec<u32>,
    /// The task operator each relaxed operator stands for (the goal operator has none).
    origin: Vec<OpId>,
    consumer_start: Vec<u32>,
    consumers: Vec<RelaxedOpId>,
    achiever_start: Vec<u32>,
    achievers: Vec<RelaxedOpId>,
    /// The number of task facts (the artificial ones come after them).
    task_facts: usize,
    /// The relaxed operators each task operator became (its own and those of
    /// its conditional effects, after merging), in compressed rows.
    relaxed_start: Vec<u32>,
    relaxed: Vec<RelaxedOpId>,
    /// The facts whose falsity is a relaxed fact, sorted: fact
    /// `task_facts + 2 + k` stands for "`negated[k]` is false".
    negated: Vec<FactId>,
}

impl RelaxedTask {
    pub fn new(task: &Task) -> Self {
        let n = task.facts.len() as u32;
        let (true_fact, goal_fact) = (FactId(n), FactId(n + 1));
        let or_true = |facts: &[FactId]| -> Box<[FactId]> {
            if facts.is_empty() {
                Box::new([true_fact])
            } else {
                facts.into()
            }
        };
        // Derived facts that conditions need false get a relaxed fact of their
        // own, "d is false", after the two artificial facts (see `negations`).
        let negated = negated_facts(task);
        // Those derived get the negated axiom rules (see `negations`).
        let derived: Vec<FactId> = (negated.iter().copied())
            .filter(|&f| task.is_derived(f))
            .collect();
        let neg_id = |f: FactId| -> Option<FactId> {
            negated
                .binary_search(&f)
                .ok()
                .map(|k| FactId(n + 2 + k as u32))
        };
        let with_negations = |pre: &[FactId], neg: &[FactId]| -> Vec<FactId> {
            let mut out: Vec<FactId> = pre
                .iter()
                .copied()
                .chain(neg.iter().filter_map(|&f| neg_id(f)))
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        // (pre, add) -> (cost, origin), in order of first appearance; operators
        // with the same pre and add merge into the cheapest.
        let mut ops: IndexMap<PreAdd, (u32, OpId)> = IndexMap::new();
        // The relaxed operator (its index in `ops`) that each task operator
        // and conditional effect became, if any.
        let mut offer = |pre: Vec<FactId>, add: Vec<FactId>, entry: (u32, OpId)| {
            let add: Box<[FactId]> = (add.into_iter())
                .filter(|f| pre.binary_search(f).is_err())
                .collect();
            if add.is_empty() {
                return None;
            }
            let e = ops.entry((or_true(&pre), add));
            let index = e.index();
            e.and_modify(|e| *e = (*e).min(entry)).or_insert(entry);
            Some(RelaxedOpId(index as u32))
        };
        let mut relaxed_of: Vec<Vec<RelaxedOpId>> = Vec::with_capacity(task.operators.len());
        // The effects of deletes on "p is false" (a fact the operator also
        // adds stays true).
        let falsified = |add: &[FactId], del: &[FactId]| -> Vec<FactId> {
            (del.iter())
                .filter(|f| !add.contains(f))
                .filter_map(|&f| neg_id(f))
                .collect()
        };
        for (i, op) in task.operators.iter().enumerate() {
            let pre = with_negations(&op.pre, &op.neg_pre);
            let mut add = op.add.to_vec();
            add.extend(falsified(&op.add, &op.del));
            let mut mine: Vec<RelaxedOpId> = Vec::new();
            mine.extend(offer(pre.clone(), add, (op.cost, OpId(i as u32))));
            // A conditional effect is an operator of its own: the operator's
            // precondition with the effect's condition, at the operator's cost.
            for e in op.conditional.iter() {
                let mut cond = with_negations(&e.cond, &e.neg_cond);
                cond.extend_from_slice(&pre);
                cond.sort_unstable();
                cond.dedup();
                let mut add = e.add.to_vec();
                add.extend(falsified(&e.add, &e.del));
                mine.extend(offer(cond, add, (op.cost, OpId(i as u32))));
            }
            mine.sort_unstable();
            mine.dedup();
            relaxed_of.push(mine);
        }
        // An axiom is an operator of cost 0 that stands for no task operator.
        for a in &task.axioms {
            let _ = offer(
                with_negations(&a.pre, &a.neg_pre),
                vec![a.head],
                (0, NO_OPERATOR),
            );
        }
        for (pre, d) in negations(task, &derived) {
            let not_d = neg_id(d).expect("invariant: d is negated");
            let _ = offer(pre, vec![not_d], (0, NO_OPERATOR));
        }
        let mut ops = ops;
        let goal_op = RelaxedOpId(ops.len() as u32);
        let goal_key: PreAdd = (
            or_true(&with_negations(&task.goal, &task.neg_goal)),
            Box::new([goal_fact]),
        );
        ops.insert(goal_key, (0, OpId(u32::MAX)));

        let num_facts = n as usize + 2 + negated.len();
        let (pre_start, pre) = rows(ops.keys().map(|k| &k.0[..]));
        let (add_start, add) = rows(ops.keys().map(|k| &k.1[..]));
        let (consumer_start, consumers) = invert(num_facts, &pre_start, &pre);
        let (achiever_start, achievers) = invert(num_facts, &add_start, &add);
        let (mut relaxed_start, mut relaxed) = (vec![0], Vec::new());
        for mine in relaxed_of {
            relaxed.extend(mine);
            relaxed_start.push(relaxed.len() as u32);
        }
        RelaxedTask {
            relaxed_start,
            relaxed,
            num_facts,
            true_fact,
            goal_fact,
            goal_op,
            num_pre: ops.keys().map(|k| k.0.len() as u32).collect(),
            cost: ops.values().map(|v| v.0).collect(),
            origin: ops.values().take(goal_op.index()).map(|v| v.1).collect(),
            task_facts: n as usize,
            negated,
            pre_start,
            pre,
            add_start,
            add,
            consumer_start,
            consumers,
            achiever_start,
            achievers,
        }
    }

    /// Number of facts, the two artificial ones included.
    pub fn num_facts(&self) -> usize {
        self.num_facts
    }

    /// Number of relaxed operators, the goal operator included.
    pub fn num_ops(&self) -> usize {
        self.cost.len()
    }

    #[inline]
    pub fn pre(&self, op: RelaxedOpId) -> &[FactId] {
        &self.pre[self.pre_start[op.index()] as usize..self.pre_start[op.index() + 1] as usize]
    }

    #[inline]
    pub fn add(&self, op: RelaxedOpId) -> &[FactId] {
        &self.add[self.add_start[op.index()] as usize..self.add_start[op.index() + 1] as usize]
    }

    #[inline]
    pub fn cost(&self, op: RelaxedOpId) -> u32 {
        self.cost[op.index()]
    }

    /// All operator costs, indexed by [`RelaxedOpId`].
    pub fn costs(&self) -> &[u32] {
        &self.cost
    }

    /// Number of preconditions of every operator, indexed by [`RelaxedOpId`].
    pub fn pre_counts(&self) -> &[u32] {
        &self.num_pre
    }

    /// The task operator behind `op`, or `None` for the goal operator.
    pub fn origin(&self, op: RelaxedOpId) -> Option<OpId> {
        self.origin
            .get(op.index())
            .copied()
            .filter(|&o| o != NO_OPERATOR)
    }

    /// The relaxed operators that task operator `op` became, in increasing
    /// order: its own (unless it adds nothing beyond its precondition) and
    /// one per conditional effect, each possibly merged with other task
    /// operators of the same precondition and add effects.
    pub fn relaxed_of(&self, op: OpId) -> &[RelaxedOpId] {
        let i = op.index();
        &self.relaxed[self.relaxed_start[i] as usize..self.relaxed_start[i + 1] as usize]
    }

    /// The operators with `fact` in their precondition.
    #[inline]
    pub fn consumers(&self, fact: FactId) -> &[RelaxedOpId] {
        let i = fact.index();
        &self.consumers[self.consumer_start[i] as usize..self.consumer_start[i + 1] as usize]
    }

    /// Where the row of `fact` starts in the flat consumer array: a per-fact
    /// list of at most `consumers(fact).len()` operators can live at this
    /// offset of an array as long as [`Self::num_consumer_entries`].
    #[inline]
    pub fn consumer_offset(&self, fact: FactId) -> usize {
        self.consumer_start[fact.index()] as usize
    }

    /// Length of the flat consumer array (all rows together).
    pub fn num_consumer_entries(&self) -> usize {
        self.consumers.len()
    }

    /// The operators with `fact` in their add effects.
    #[inline]
    pub fn achievers(&self, fact: FactId) -> &[RelaxedOpId] {
        let i = fact.index();
        &self.achievers[self.achiever_start[i] as usize..self.achiever_start[i + 1] as usize]
    }

    /// Calls `f` on every fact of `state`, on `true_fact`, and on "d is
    /// false" for every negated derived fact `d` not in `state`: the facts of
    /// cost 0.
    #[inline]
    pub fn for_each_initial(&self, state: &[u64], mut f: impl FnMut(FactId)) {
        for fact in bits::iter::<FactId>(state) {
            if fact.index() < self.task_facts {
                f(fact);
            }
        }
        f(self.true_fact);
        for (k, &d) in self.negated.iter().enumerate() {
            if !bits::contains(state, d) {
                f(FactId((self.task_facts + 2 + k) as u32));
            }
        }
    }
}

/// The facts that some condition or goal needs false: in an operator's
/// `neg_pre`, an effect's `neg_cond`, an axiom's `neg_pre` or `neg_goal`.
/// Sorted.
fn negated_facts(task: &Task) -> Vec<FactId> {
    let mut out: Vec<FactId> = task.neg_goal.to_vec();
    for op in &task.operators {
        out.extend_from_slice(&op.neg_pre);
        for e in op.conditional.iter() {
            out.extend_from_slice(&e.neg_cond);
        }
    }
    for a in &task.axioms {
        out.extend_from_slice(&a.neg_pre);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The most rules "d is false" gets; past it, one rule with no condition.
const MAX_NEGATION_RULES: usize = 16;

/// Relaxed rules for "d is false", for each `d` of `negated` (in that order):
/// `d` is false when every one of its axioms' bodies is, that is
///
/// ```text
/// not d  <=  AND over axioms a of d:  (OR over p in pre(a): not p)  or  (OR over g in neg_pre(a): g)
/// ```
///
/// as Fast Downward's translator computes negated axioms. In the relaxation a
/// negated condition `not p` counts as true, so an axiom with a positive
/// condition adds nothing, and one whose body is `not g1, not g2` asks for
/// `g1` or `g2`. The product of those disjunctions is the list of rules (each
/// the facts it needs); past [`MAX_NEGATION_RULES`] it is one rule with no
/// condition, which only relaxes further. Example: `(@forall w) :-
/// (not (committed r1 w))` and `(@forall w) :- (not (committed r2 w))` give
/// the one rule `not (@forall w) <= (committed r1 w), (committed r2 w)`.
fn negations(task: &Task, negated: &[FactId]) -> Vec<(Vec<FactId>, FactId)> {
    let mut out = Vec::new();
    for &d in negated {
        let mut rules: Vec<Vec<FactId>> = vec![Vec::new()];
        let mut possible = true;
        for a in task.axioms.iter().filter(|a| a.head == d) {
            if !a.pre.is_empty() {
                continue;
            }
            if a.neg_pre.is_empty() {
                // `d` holds unconditionally: it is never false.
                possible = false;
                break;
            }
            if rules.len() * a.neg_pre.len() > MAX_NEGATION_RULES {
                rules = vec![Vec::new()];
                break;
            }
            rules = (rules.iter())
                .flat_map(|r| {
                    a.neg_pre.iter().map(move |&g| {
                        let mut r = r.clone();
                        if let Err(at) = r.binary_search(&g) {
                            r.insert(at, g);
                        }
                        r
                    })
                })
                .collect();
        }
        if possible {
            out.extend(rules.into_iter().map(|r| (r, d)));
        }
    }
    out
}

/// Concatenates `lists` into compressed rows: `(start, items)` with row `i` in
/// `items[start[i]..start[i + 1]]`.
fn rows<'a>(lists: impl Iterator<Item = &'a [FactId]>) -> (Vec<u32>, Vec<FactId>) {
    let (mut start, mut items) = (vec![0], Vec::new());
    for list in lists {
        items.extend_from_slice(list);
        start.push(items.len() as u32);
    }
    (start, items)
}

/// Transposes operator → facts rows into fact → operators rows (operators in
/// increasing order within each row).
fn invert(num_facts: usize, start: &[u32], items: &[FactId]) -> (Vec<u32>, Vec<RelaxedOpId>) {
    let mut count = vec![0u32; num_facts + 1];
    for f in items {
        count[f.index() + 1] += 1;
    }
    for i in 0..num_facts {
        count[i + 1] += count[i];
    }
    let mut next = count.clone();
    let mut out = vec![RelaxedOpId(0); items.len()];
    for op in 0..start.len() - 1 {
        for f in &items[start[op] as usize..start[op + 1] as usize] {
            out[next[f.index()] as usize] = RelaxedOpId(op as u32);
            next[f.index()] += 1;
        }
    }
    (count, out)
}

#[cfg(test)]
mod negation_tests {
    use super::*;
    use crate::heuristics::testing;
    use crate::task::Axiom;

    /// Facts: 0 = b1, 1 = b2, 2 = goal, 3 = d with `d :- not b1` and
    /// `d :- not b2`. `finish` needs `d` false (both b's) and adds the goal;
    /// `set1`, `set2` add b1, b2 at cost 1 each.
    fn task() -> Task {
        let mut t = testing::task(
            4,
            &[],
            &[2],
            &[
                (&[], &[2], &[], 1),
                (&[], &[0], &[], 1),
                (&[], &[1], &[], 1),
            ],
        );
        t.operators[0].neg_pre = Box::new([FactId(3)]);
        let axiom = |g| Axiom {
            head: FactId(3),
            pre: Box::new([]),
            neg_pre: Box::new([FactId(g)]),
            layer: 1,
        };
        t.axioms = vec![axiom(0), axiom(1)];
        t.derived = Box::new([FactId(3)]);
        t
    }

    #[test]
    fn a_negated_derived_condition_asks_for_what_makes_every_rule_fail() {
        let t = task();
        let rt = RelaxedTask::new(&t);
        // "d is false" is one relaxed fact, reached by one rule needing b1
        // and b2 (after "b1 is false" and "b2 is false", which the axioms'
        // conditions need).
        assert_eq!(rt.num_facts(), 4 + 2 + 3);
        let not_d = FactId(8);
        assert_eq!(rt.achievers(not_d).len(), 1);
        assert_eq!(rt.pre(rt.achievers(not_d)[0]), &[FactId(0), FactId(1)]);
        let mut state = testing::state(&t, &[]);
        t.evaluate_axioms(&mut state);
        assert!(bits::contains(&state, FactId(3)), "d holds at the start");
        let mut hadd = crate::heuristics::by_name("hadd", &t).expect("hadd");
        let mut hmax = crate::heuristics::by_name("hmax", &t).expect("hmax");
        assert_eq!(hadd.estimate(&state), super::super::Estimate::Value(3));
        assert_eq!(hmax.estimate(&state), super::super::Estimate::Value(2));
        // With b1 and b2 true, d is false and only `finish` is left.
        let mut state = testing::state(&t, &[0, 1]);
        t.evaluate_axioms(&mut state);
        assert_eq!(hadd.estimate(&state), super::super::Estimate::Value(1));
    }
}
