//! LM-cut (Helmert & Domshlak 2009): a sum of disjunctive action landmarks
//! found as cuts in the h^max justification graph.
//!
//! A *disjunctive action landmark* is a set of operators of which every plan
//! must use at least one, so every plan pays at least its cheapest member.
//! LM-cut finds such sets one at a time and makes them cost-disjoint:
//!
//! 1. Compute h^max. Every reached operator has an h^max *supporter*: its most
//!    expensive precondition. Stop when `h^max(goal) = 0`.
//! 2. The *goal zone* is the goal plus every fact from which the goal is
//!    reachable through zero-cost operators (walking from an effect back to the
//!    operator's supporter; where preconditions tie for supporter, one on the
//!    zone's border is taken, as Fast Downward does, so that cuts stay apart).
//! 3. Explore forwards from the state, again only from an operator's supporter
//!    to its effects, without entering the goal zone. The operators that would
//!    enter it form the *cut*, a landmark. Every cut operator costs more than 0.
//! 4. Add the cut's minimum cost `m` to h, subtract `m` from each cut operator,
//!    update h^max for the new costs, and repeat.
//!
//! Example: from `{}` with `o1: → {p, q}` (cost 5), `o2: → p` (3), `o3: → q` (3)
//! and the goal `{p, q}`, h^max is 3 and `p` is the goal's supporter (a tie with
//! `q`, broken by settling order). The first cut `{o1, o2}` (into `p`) adds 3
//! and leaves `o1` with cost 2; the second, `{o1, o3}` (into `q`), adds 2. Then
//! h^max is 0 and LM-cut is 5, the optimal cost.
//!
//! As in Fast Downward, an artificial goal operator turns the goal into one
//! fact, and an always-true fact stands in for empty preconditions (see
//! [`RelaxedTask`]). h^max is updated incrementally after each cut: only facts
//! that became cheaper are pushed again. No buffer is allocated per call.
//!
//! Regression asks the converse question: the cost from the one initial state
//! to a changing subgoal set `G`. [`LmCut::estimate_goal`] runs the same
//! rounds with `G` in place of the task's goal (the goal operator's supporter
//! becomes the dearest fact of `G`), and since the first h^max exploration
//! from a fixed state is the same on every call, it is computed once and
//! copied back afterwards.
//!
//! [`LmCut::incremental`] (the `lmcut` of the command line) lets a search
//! hand each child the landmarks of its parent that the operator applied is
//! not in (module `reuse`, file `lmcut/reuse.rs`); [`LmCut::new`]
//! (`lmcut-scratch`) computes every state anew, as Fast Downward does.
//!
//! Properties: **admissible**, not consistent in general. It dominates h^max
//! and is dominated by h^+ (the optimal relaxed plan cost). A fact
//! needed false is a relaxed fact of its own (see [`super::relaxed`]).
//! [`Estimate::DeadEnd`] exactly when h^max says so.

use super::relaxed::{RelaxedOpId, RelaxedTask, UNREACHED, add_cost};
use super::{Estimate, Heuristic};
use crate::task::{FactId, OpId, Task};
use crate::util::bucket_queue::BucketQueue;

const NO_FACT: FactId = FactId(u32::MAX);

/// What LM-cut measures the distance to.
#[derive(Clone, Copy)]
enum Target<'a> {
    /// The task's goal, through the artificial goal operator.
    TaskGoal,
    /// These facts (a regression subgoal set).
    Facts(&'a [FactId]),
}

/// The result of the first h^max exploration from one state, kept so that
/// calls from the same state can start from a copy.
#[derive(Clone, Debug)]
struct FirstExploration {
    state: Vec<u64>,
    fact_cost: Vec<u32>,
    supporter: Vec<FactId>,
    supporter_cost: Vec<u32>,
    supported: Vec<RelaxedOpId>,
    supported_len: Vec<u32>,
    supported_at: Vec<u32>,
}

/// The LM-cut heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct LmCut {
    relaxed: RelaxedTask,
    /// Operator costs, reduced by the cuts found so far in this call.
    op_cost: Vec<u32>,
    /// The h^max supporter of each reached operator; `NO_FACT` if unreached.
    supporter: Vec<FactId>,
    /// The supporter's cost when it was chosen.
    supporter_cost: Vec<u32>,
    unsatisfied: Vec<u32>,
    fact_cost: Vec<u32>,
    /// `zone[f] == goal_zone` marks the goal zone of this round,
    /// `zone[f] == goal_zone + 1` the facts reached before it.
    zone: Vec<u32>,
    goal_zone: u32,
    queue: BucketQueue<FactId>,
    stack: Vec<FactId>,
    /// The depth-first walk of [`LmCut::mark_goal_zone`]: a fact and the
    /// index of its next achiever.
    frames: Vec<(FactId, u32)>,
    cut: Vec<RelaxedOpId>,
    /// The operators each fact supports, in no particular order: fact `f`'s
    /// list is `supported[offset(f)..offset(f) + supported_len[f]]`, inside the
    /// space of `f`'s consumer row (a supporter is always a precondition).
    supported: Vec<RelaxedOpId>,
    supported_len: Vec<u32>,
    /// Where each operator with a supporter stands in its supporter's list,
    /// so that a change of supporter moves it in constant time.
    supported_at: Vec<u32>,
    /// Whether `supported` lists the supporters of the last exploration.
    indexed: bool,
    /// A copy of one fact's supported list while the list changes.
    scratch: Vec<RelaxedOpId>,
    /// The first exploration of the last [`LmCut::estimate_goal`] state.
    first: Option<Box<FirstExploration>>,
    /// The landmarks of evaluated nodes, for incremental LM-cut (see
    /// [`reuse`]); `None` computes every estimate from scratch.
    reuse: Option<Box<reuse::Reuse>>,
}

impl LmCut {
    pub fn new(task: &Task) -> Self {
        let relaxed = RelaxedTask::new(task);
        let (facts, ops) = (relaxed.num_facts(), relaxed.num_ops());
        LmCut {
            op_cost: relaxed.costs().to_vec(),
            supporter: vec![NO_FACT; ops],
            supporter_cost: vec![0; ops],
            unsatisfied: vec![0; ops],
            fact_cost: vec![UNREACHED; facts],
            zone: vec![0; facts],
            goal_zone: 0,
            queue: BucketQueue::new(2 * facts as u32 + 64),
            stack: Vec::new(),
            frames: Vec::new(),
            cut: Vec::new(),
            supported: vec![RelaxedOpId(0); relaxed.num_consumer_entries()],
            supported_len: vec![0; facts],
            supported_at: vec![0; ops],
            indexed: false,
            scratch: Vec::new(),
            first: None,
            reuse: None,
            relaxed,
        }
    }

    /// Lowers to `reached` the cost of every effect of `op` that is dearer,
    /// and queues it.
    #[inline]
    fn offer_effects(
        rt: &RelaxedTask,
        op: RelaxedOpId,
        reached: u32,
        fact_cost: &mut [u32],
        queue: &mut BucketQueue<FactId>,
    ) {
        for &g in rt.add(op) {
            if reached < fact_cost[g.index()] {
                fact_cost[g.index()] = reached;
                queue.push(reached, g);
            }
        }
    }

    /// Step 1: h^max from scratch, recording each operator's supporter (the
    /// precondition settled last, which is a most expensive one).
    fn first_exploration(&mut self, state: &[u64]) {
        let LmCut {
            relaxed: rt,
            op_cost,
            supporter,
            supporter_cost,
            unsatisfied,
            fact_cost,
            queue,
            indexed,
            ..
        } = self;
        // Plain slices, so that the loop keeps their lengths in registers
        // across the queue's pushes.
        let (fact_cost, supporter) = (&mut fact_cost[..], &mut supporter[..]);
        let (supporter_cost, unsatisfied) = (&mut supporter_cost[..], &mut unsatisfied[..]);
        let op_cost = &op_cost[..];
        fact_cost.fill(UNREACHED);
        supporter.fill(NO_FACT);
        unsatisfied.copy_from_slice(rt.pre_counts());
        queue.clear();
        rt.for_each_initial(state, |f| {
            fact_cost[f.index()] = 0;
            queue.push(0, f);
        });
        while let Some((key, fact)) = queue.pop() {
            if fact_cost[fact.index()] < key {
                continue;
            }
            for &op in rt.consumers(fact) {
                let i = op.index();
                unsatisfied[i] -= 1;
                if unsatisfied[i] == 0 {
                    supporter[i] = fact;
                    supporter_cost[i] = key;
                    let reached = add_cost(key, op_cost[i]);
                    Self::offer_effects(rt, op, reached, fact_cost, queue);
                }
            }
        }
        *indexed = false;
    }

    /// Lists, for every fact, the operators it supports (in increasing order,
    /// which later moves do not keep), unless the lists are up to date. Only cut rounds need them, so an
    /// estimate whose first exploration already finds h^max 0 (common once
    /// a parent's landmarks are reused) never builds them.
    fn index_supporters(&mut self) {
        if self.indexed {
            return;
        }
        self.indexed = true;
        let LmCut {
            relaxed: rt,
            supporter,
            supported,
            supported_len,
            supported_at,
            ..
        } = self;
        supported_len.fill(0);
        for (op, &s) in supporter.iter().enumerate() {
            if s != NO_FACT {
                let len = &mut supported_len[s.index()];
                supported[rt.consumer_offset(s) + *len as usize] = RelaxedOpId(op as u32);
                supported_at[op] = *len;
                *len += 1;
            }
        }
    }

    /// The operators that `fact` supports.
    #[inline]
    fn supported_by<'a>(
        rt: &RelaxedTask,
        supported: &'a [RelaxedOpId],
        supported_len: &[u32],
        fact: FactId,
    ) -> &'a [RelaxedOpId] {
        let start = rt.consumer_offset(fact);
        &supported[start..start + supported_len[fact.index()] as usize]
    }

    /// Moves `op` from the supported list of `from` to the end of that of
    /// `to`; the last operator of `from`'s list takes its place.
    fn move_supported(&mut self, op: RelaxedOpId, from: FactId, to: FactId) {
        let rt = &self.relaxed;
        let start = rt.consumer_offset(from);
        let last = start + self.supported_len[from.index()] as usize - 1;
        let at = self.supported_at[op.index()];
        debug_assert_eq!(self.supported[start + at as usize], op);
        let moved = self.supported[last];
        self.supported[start + at as usize] = moved;
        self.supported_at[moved.index()] = at;
        self.supported_len[from.index()] -= 1;
        let len = &mut self.supported_len[to.index()];
        self.supported[rt.consumer_offset(to) + *len as usize] = op;
        self.supported_at[op.index()] = *len;
        *len += 1;
    }

    /// Step 4's update: after the costs of the cut operators dropped, settle
    /// again only the facts that became cheaper, re-choosing the supporter of
    /// every operator whose supporter got cheaper (Fast Downward's
    /// `first_exploration_incremental`).
    fn incremental_exploration(&mut self) {
        self.queue.clear();
        for &op in self.cut.iter() {
            // The recorded supporter cost, not the supporter's current cost: an
            // earlier cut operator may already have lowered the supporter, which
            // then need not be a most expensive precondition any more.
            let i = op.index();
            let reached = add_cost(self.supporter_cost[i], self.op_cost[i]);
            Self::offer_effects(
                &self.relaxed,
                op,
                reached,
                &mut self.fact_cost,
                &mut self.queue,
            );
        }
        while let Some((key, fact)) = self.queue.pop() {
            if self.fact_cost[fact.index()] < key {
                continue;
            }
            // The operators `fact` supports (the consumers of `fact` whose
            // supporter it is), copied, since their supporters may change
            // below, and taken in increasing order, as Fast Downward walks
            // the consumers, so that ties fall the same way.
            let mut ops = std::mem::take(&mut self.scratch);
            ops.clear();
            ops.extend_from_slice(Self::supported_by(
                &self.relaxed,
                &self.supported,
                &self.supported_len,
                fact,
            ));
            ops.sort_unstable();
            for &op in &ops {
                let i = op.index();
                let old = self.supporter_cost[i];
                if old <= key {
                    continue;
                }
                let mut best = fact;
                for &p in self.relaxed.pre(op) {
                    if self.fact_cost[p.index()] > self.fact_cost[best.index()] {
                        best = p;
                    }
                }
                let new = self.fact_cost[best.index()];
                if best != fact {
                    self.supporter[i] = best;
                    self.move_supported(op, fact, best);
                }
                self.supporter_cost[i] = new;
                if new != old {
                    let reached = add_cost(new, self.op_cost[i]);
                    Self::offer_effects(
                        &self.relaxed,
                        op,
                        reached,
                        &mut self.fact_cost,
                        &mut self.queue,
                    );
                }
            }
            self.scratch = ops;
        }
    }

    /// Step 2: marks the goal zone by walking back from `start` (the goal
    /// fact, or for a [`Target::Facts`] goal its dearest fact, which is what
    /// the goal operator's supporter would be) through zero-cost operators to
    /// their supporters, depth first.
    ///
    /// Before the walk follows a zero-cost operator, its supporter is chosen
    /// again among the preconditions of the same cost (after Fast Downward's
    /// `goal_zone_detection` and `border_detection`): one that is already in
    /// the zone, so that the zone does not grow, else one that no zero-cost
    /// operator achieves (the zone's border: the cut then enters the zone
    /// there), and of those the one with the most achievers. Without it, a
    /// supporter reached through earlier zero-cost operators drags their
    /// supporters into the zone, and one cut then pays for what several
    /// landmarks would each have paid. Visitall shows it at its starkest:
    /// there a cut is the moves into one cell; with the tie-break LM-cut is
    /// the number of unvisited cells (h+), without it cuts merge cells and
    /// the estimate of a 4 x 4 grid from a corner drops from 15 to 12.
    ///
    /// The order of the two tests and the count of achievers were measured
    /// (benches/README.md, "LM-cut's tie-break"): against taking the first
    /// precondition in the zone or on the border, they cut woodworking p09's
    /// expansions from 38,994 to 99 and the geometric mean over 166 IPC
    /// problems by 4 %. Which border fact is best is a matter of the domain:
    /// the fewest achievers (the smallest cut) does better on barman and
    /// worse on satellite, where it costs p07 123 times the expansions.
    fn mark_goal_zone(&mut self, start: FactId) {
        self.mark_zone_fact(start);
        let mut frames = std::mem::take(&mut self.frames);
        frames.clear();
        frames.push((start, 0));
        while let Some((fact, next)) = frames.pop() {
            let achievers = self.relaxed.achievers(fact);
            let Some(&op) = achievers.get(next as usize) else {
                continue;
            };
            frames.push((fact, next + 1));
            if self.op_cost[op.index()] != 0 || self.supporter[op.index()] == NO_FACT {
                continue;
            }
            self.break_supporter_tie(op);
            let s = self.supporter[op.index()];
            if self.zone[s.index()] != self.goal_zone {
                self.mark_zone_fact(s);
                frames.push((s, 0));
            }
        }
        self.frames = frames;
    }

    fn mark_zone_fact(&mut self, fact: FactId) {
        self.zone[fact.index()] = self.goal_zone;
    }

    /// Re-chooses the supporter of a zero-cost operator, see
    /// [`LmCut::mark_goal_zone`].
    fn break_supporter_tie(&mut self, op: RelaxedOpId) {
        let i = op.index();
        let (old, cost) = (self.supporter[i], self.supporter_cost[i]);
        let tied = || {
            (self.relaxed.pre(op).iter().copied()).filter(|&p| self.fact_cost[p.index()] == cost)
        };
        let better = tied()
            .find(|&p| self.zone[p.index()] == self.goal_zone)
            .or_else(|| self.border_fact(tied()));
        if let Some(p) = better
            && p != old
        {
            self.supporter[i] = p;
            self.move_supported(op, old, p);
        }
    }

    /// Of `facts`, one that no zero-cost operator achieves, and of those the
    /// first with the most achievers; see [`LmCut::mark_goal_zone`].
    fn border_fact(&self, facts: impl Iterator<Item = FactId>) -> Option<FactId> {
        let rt = &self.relaxed;
        facts
            .filter(|&p| rt.achievers(p).iter().all(|a| self.op_cost[a.index()] != 0))
            .min_by_key(|&p| std::cmp::Reverse(rt.achievers(p).len()))
    }

    /// Step 3: explores from the state along supporter → effect edges, stopping
    /// at the goal zone; collects the operators that cross into it.
    fn find_cut(&mut self, state: &[u64]) {
        let LmCut {
            relaxed: rt,
            op_cost,
            supported,
            supported_len,
            zone,
            goal_zone,
            stack,
            cut,
            ..
        } = self;
        let (goal_zone, before) = (*goal_zone, *goal_zone + 1);
        cut.clear();
        stack.clear();
        rt.for_each_initial(state, |f| {
            zone[f.index()] = before;
            stack.push(f);
        });
        while let Some(fact) = stack.pop() {
            for &op in Self::supported_by(rt, supported, supported_len, fact) {
                let effects = rt.add(op);
                if effects.iter().any(|g| zone[g.index()] == goal_zone) {
                    debug_assert!(op_cost[op.index()] > 0, "zero-cost cut operator");
                    cut.push(op);
                    continue;
                }
                for &g in effects {
                    if zone[g.index()] != before {
                        zone[g.index()] = before;
                        stack.push(g);
                    }
                }
            }
        }
        // The same cut whatever the order of the supported lists.
        cut.sort_unstable();
    }

    /// Test-only check (Fast Downward's `validate_h_max`): the incrementally
    /// maintained costs equal h^max recomputed naively with the reduced
    /// operator costs, every supporter is a most expensive precondition, and
    /// the supported lists hold exactly the operators of each supporter.
    #[cfg(test)]
    fn validate_hmax(&self, state: &[u64]) {
        let rt = &self.relaxed;
        let mut cost = vec![UNREACHED; rt.num_facts()];
        rt.for_each_initial(state, |f| cost[f.index()] = 0);
        let mut changed = true;
        while changed {
            changed = false;
            for op in (0..rt.num_ops() as u32).map(RelaxedOpId) {
                let pre = rt.pre(op).iter().map(|p| cost[p.index()]).max();
                let Some(pre) = pre.filter(|&c| c != UNREACHED) else {
                    continue;
                };
                let reached = add_cost(pre, self.op_cost[op.index()]);
                for g in rt.add(op) {
                    if reached < cost[g.index()] {
                        cost[g.index()] = reached;
                        changed = true;
                    }
                }
            }
        }
        assert_eq!(cost, self.fact_cost, "incremental h^max went wrong");
        let mut listed = 0;
        for f in (0..rt.num_facts() as u32)
            .map(FactId)
            .filter(|_| self.indexed)
        {
            let list = Self::supported_by(rt, &self.supported, &self.supported_len, f);
            for (k, op) in list.iter().enumerate() {
                assert_eq!(self.supporter[op.index()], f, "listed under another fact");
                assert_eq!(self.supported_at[op.index()], k as u32, "position wrong");
            }
            listed += list.len();
        }
        let with_supporter = self.supporter.iter().filter(|&&s| s != NO_FACT).count();
        if self.indexed {
            assert_eq!(listed, with_supporter, "supported lists incomplete");
        }
        for op in (0..rt.num_ops() as u32).map(RelaxedOpId) {
            let supporter = self.supporter[op.index()];
            if supporter != NO_FACT {
                let max = rt.pre(op).iter().map(|p| cost[p.index()]).max();
                assert_eq!(Some(cost[supporter.index()]), max, "supporter not maximal");
                assert_eq!(self.supporter_cost[op.index()], cost[supporter.index()]);
            }
        }
    }

    /// The cost of `target` under the current (reduced) costs (`UNREACHED`
    /// if some fact of it is), and the fact the goal zone grows from.
    fn target_cost(&self, target: Target) -> (u32, FactId) {
        match target {
            Target::TaskGoal => {
                let goal = self.relaxed.goal_fact;
                (self.fact_cost[goal.index()], goal)
            }
            Target::Facts(goal) => {
                let (cost, first) = dearest(&self.fact_cost, goal);
                // The goal operator's tie-break (see `mark_goal_zone`; its
                // zone is still empty): a dearest fact on the border, if
                // there is one.
                let dearest = goal.iter().copied();
                let border =
                    self.border_fact(dearest.filter(|g| self.fact_cost[g.index()] == cost));
                (cost, border.unwrap_or(first))
            }
        }
    }

    /// Steps 2 to 4, after the first exploration: cuts until h^max of
    /// `target` is 0, and sums the cuts.
    fn cut_rounds(&mut self, state: &[u64], target: Target) -> Estimate {
        #[cfg(test)]
        self.validate_hmax(state);
        if self.target_cost(target).0 == UNREACHED {
            return Estimate::DeadEnd;
        }
        let mut h = 0;
        loop {
            let (cost, start) = self.target_cost(target);
            if cost == 0 {
                break;
            }
            self.index_supporters();
            self.next_round();
            self.mark_goal_zone(start);
            self.find_cut(state);
            let m = self.cut.iter().map(|op| self.op_cost[op.index()]).min();
            let Some(m) = m.filter(|&m| m > 0) else {
                // Cannot happen: h^max > 0 implies a cut of positive cost. Should
                // it anyway, h so far is a sum of landmark costs, so admissible.
                debug_assert!(false, "LM-cut found an empty or free cut");
                break;
            };
            if let (Target::TaskGoal, Some(reuse)) = (target, self.reuse.as_deref_mut()) {
                reuse.found_cut(m, &self.cut);
            }
            for &op in &self.cut {
                self.op_cost[op.index()] -= m;
            }
            h = add_cost(h, m);
            self.incremental_exploration();
            #[cfg(test)]
            self.validate_hmax(state);
        }
        Estimate::Value(h)
    }

    /// LM-cut from `state` to the facts `goal` instead of the task's goal:
    /// the regression heuristic (the cost of reaching a subgoal set from the
    /// initial state). The first h^max exploration is reused while `state`
    /// stays the same. An empty `goal` costs 0.
    pub fn estimate_goal(&mut self, state: &[u64], goal: &[FactId]) -> Estimate {
        self.op_cost.copy_from_slice(self.relaxed.costs());
        match &self.first {
            Some(first) if first.state == state => {
                self.fact_cost.copy_from_slice(&first.fact_cost);
                self.supporter.copy_from_slice(&first.supporter);
                self.supporter_cost.copy_from_slice(&first.supporter_cost);
                self.supported.copy_from_slice(&first.supported);
                self.supported_len.copy_from_slice(&first.supported_len);
                self.supported_at.copy_from_slice(&first.supported_at);
                self.indexed = true;
            }
            _ => {
                self.first_exploration(state);
                self.index_supporters();
                self.first = Some(Box::new(FirstExploration {
                    state: state.to_vec(),
                    fact_cost: self.fact_cost.clone(),
                    supporter: self.supporter.clone(),
                    supporter_cost: self.supporter_cost.clone(),
                    supported: self.supported.clone(),
                    supported_len: self.supported_len.clone(),
                    supported_at: self.supported_at.clone(),
                }));
            }
        }
        self.cut_rounds(state, Target::Facts(goal))
    }

    /// Starts a new round: fresh zone marks without clearing the array.
    fn next_round(&mut self) {
        self.goal_zone = match self.goal_zone.checked_add(2) {
            Some(z) if z < u32::MAX => z,
            _ => {
                self.zone.fill(0);
                2
            }
        };
    }
}

impl Heuristic for LmCut {
    fn name(&self) -> &'static str {
        if self.reuse.is_some() {
            "lmcut"
        } else {
            "lmcut-scratch"
        }
    }

    fn is_admissible(&self) -> bool {
        true
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        let start = self.start_from_parent();
        self.first_exploration(state);
        match self.cut_rounds(state, Target::TaskGoal) {
            Estimate::Value(h) => {
                let h = self.check_stalled(state, &start, add_cost(start.reused, h));
                self.finish(start.node);
                Estimate::Value(h)
            }
            Estimate::DeadEnd => Estimate::DeadEnd,
        }
    }

    fn is_path_dependent(&self) -> bool {
        self.reuse.is_some()
    }

    fn notify_start(&mut self, node: u32, _state: &[u64]) {
        if let Some(reuse) = self.reuse.as_deref_mut() {
            reuse.start(node);
        }
    }

    fn notify_transition(&mut self, parent: u32, op: OpId, child: u32, _state: &[u64]) {
        if let Some(reuse) = self.reuse.as_deref_mut() {
            reuse.transition(parent, op, child);
        }
    }

    fn footprint(&self) -> crate::util::limits::Footprint {
        self.reuse
            .as_deref()
            .map_or_else(Default::default, reuse::Reuse::footprint)
    }
}

/// The highest cost of a fact of `goal` and the first fact with that cost
/// (`UNREACHED` if one is unreached); `(0, NO_FACT)` for an empty goal.
fn dearest(fact_cost: &[u32], goal: &[FactId]) -> (u32, FactId) {
    let mut best = (0, NO_FACT);
    for &g in goal {
        let c = fact_cost[g.index()];
        if best.1 == NO_FACT || c > best.0 {
            best = (c, g);
        }
    }
    best
}

mod reuse;

#[cfg(test)]
mod tests;
