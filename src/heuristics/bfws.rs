//! BFWS: the evaluators of best-first width search (Lipovetzky & Geffner,
//! AAAI 2017).
//!
//! Greedy best-first search with a heuristic dives toward the goal and gets
//! lost on plateaus, where every state looks the same. Width-based search
//! explores instead, keeping the states that are *new* ([`super::novelty`]).
//! BFWS does both: it orders the open list by the novelty `w` of a state
//! first, and by a goal estimate second. Novelty is measured in partitions:
//! among the states with the same goal estimates, so that a state closer to
//! the goal starts afresh and is novel again.
//!
//! **BFWS(f5)** orders by `⟨w, #g⟩`, with `w` measured among the states of
//! the same `(#g, #r)`:
//!
//! * `#g`: the goal facts not true in the state (the goal count);
//! * `#r`: the facts of a relaxed plan reached on the path to the state. The
//!   relaxed plan (`h^FF`'s, every action costing 1) is computed in the
//!   initial state and again in each state where `#g` went down; its facts
//!   are those its actions add that were false there, and `#r` counts those
//!   that the actions on the path since then have added.
//!
//! Ties go to fewer steps from the start, then to the oldest node (LAPKT's
//! `BFWS-f5` breaks them the same way). The search itself is the shared
//! greedy best-first search ([`crate::search::best_first`]): this module only
//! gives each state `h = w` and a tie-breaker `t = #g · 2^16 + depth`
//! (both below 2^16, saturating: an open-list key holds two numbers besides
//! the FIFO order).
//!
//! **Dual-BFWS** (LAPKT's default) first runs **1-BFWS**: BFWS(f5) with a
//! width-1 table that prunes every state of novelty above 1 (it answers such
//! a state as a dead end, which the search counts and drops). That search
//! is fast and incomplete; if it fails, a complete BFWS follows, ordered by
//! `⟨w, #l, h^FF⟩` with `w` measured among the states of the same
//! `(#l, h^FF)`, where `#l` is the landmark count ([`super::lmcount`]).
//!
//! Example: on two switches to turn on (goal `{a-on, b-on}`), the start has
//! `#g = 2`, `w = 1`. Turning `a` on gives `#g = 1`, a new partition, `w =
//! 1`; it comes first (smaller `t`), and from it turning `b` on reaches the
//! goal. Turning `a` off again returns to the start's partition, where
//! nothing is new: `w = 3`, expanded last if ever.
//!
//! Properties: not admissible; path-dependent (`#r`, and the landmark
//! count); meant for greedy best-first search without preferred operators
//! (a second `estimate` of the same state would count it again).

use super::hff::Hff;
use super::lmcount::LmCount;
use super::novelty::{DEFAULT_BYTE_LIMIT, NoveltyCounts, NoveltyTable};
use super::{Estimate, Heuristic};
use crate::task::{FactId, OpId, Task};
use crate::util::bits;
use crate::util::hash::FastMap;
use crate::util::limits::Footprint;

/// What partitions the novelty and orders ties.
enum Counters {
    /// BFWS(f5): `(#g, #r)`.
    GoalsAndRelaxedPlan,
    /// Dual-BFWS's second phase: `(#l, h^FF)`.
    LandmarksAndHff(Box<LmCount>),
}

/// A BFWS evaluator; see the module docs.
pub struct Bfws {
    counters: Counters,
    name: &'static str,
    goal: Box<[FactId]>,
    /// The facts each task operator adds (its conditional effects' included).
    adds: Vec<Box<[FactId]>>,
    /// h^FF with every action costing 1: the relaxed plans of `#r`, and
    /// Dual-BFWS's second estimate.
    hff: Hff,
    table: NoveltyTable,
    /// Answer a dead end for novelty above this (1-BFWS: 1).
    prune_above: Option<u32>,
    /// Per node: its parent, the operator that reached it, its `#g` (or
    /// `#l`), its depth, the node whose relaxed plan its children count, and
    /// the novelty table's partition it fell in (`NONE` before its estimate).
    parent: Vec<u32>,
    op: Vec<u32>,
    goals: Vec<u32>,
    depth: Vec<u32>,
    anchor: Vec<u32>,
    partition: Vec<u32>,
    /// The relaxed-plan facts of each anchor, as a bitset.
    plans: FastMap<u32, Box<[u64]>>,
    /// The node the search named last, which `estimate` answers for.
    current: u32,
    tie: u32,
    /// The partition of the last estimate: `(#g, #r)` or `(#l, h^FF)`.
    last: (u32, u32),
    facts: Vec<FactId>,
    counted: Vec<u64>,
    words: usize,
}

/// A node with no parent.
const NONE: u32 = u32::MAX;

impl Bfws {
    /// BFWS(f5) over `task`, novelty up to `width` (1 or 2).
    pub fn f5(task: &Task, width: u32) -> Bfws {
        Bfws::new(task, Counters::GoalsAndRelaxedPlan, width, "bfws-f5")
    }

    /// 1-BFWS, Dual-BFWS's first phase: BFWS(f5) with a width-1 table that
    /// answers a dead end for every state of novelty above 1.
    pub fn pruning_f5(task: &Task) -> Bfws {
        let mut h = Bfws::new(task, Counters::GoalsAndRelaxedPlan, 1, "1-bfws");
        h.prune_above = Some(1);
        h
    }

    /// Dual-BFWS's second phase: `⟨w_{#l, h^FF}, #l, h^FF⟩` with the landmark
    /// count `landmarks`, novelty up to `width`.
    pub fn landmarks(task: &Task, landmarks: LmCount, width: u32) -> Bfws {
        let counters = Counters::LandmarksAndHff(Box::new(landmarks));
        Bfws::new(task, counters, width, "bfws-lm-hff")
    }

    fn new(task: &Task, counters: Counters, width: u32, name: &'static str) -> Bfws {
        let adds = (task.operators.iter())
            .map(|o| {
                let conditional = o.conditional.iter().flat_map(|e| e.add.iter());
                let mut a: Vec<FactId> = o.add.iter().chain(conditional).copied().collect();
                a.sort_unstable();
                a.dedup();
                a.into_boxed_slice()
            })
            .collect();
        let words = bits::words_for(task.facts.len());
        Bfws {
            counters,
            name,
            goal: task.goal.clone(),
            adds,
            hff: Hff::new(&task.clone().with_unit_costs()),
            table: NoveltyTable::new(task.facts.len(), width, DEFAULT_BYTE_LIMIT),
            prune_above: None,
            parent: Vec::new(),
            op: Vec::new(),
            goals: Vec::new(),
            depth: Vec::new(),
            anchor: Vec::new(),
            partition: Vec::new(),
            plans: FastMap::default(),
            current: 0,
            tie: 0,
            last: (0, 0),
            facts: Vec::new(),
            counted: vec![0; words],
            words,
        }
    }

    /// The partition of the last state estimated: `(#g, #r)` for BFWS(f5),
    /// `(#l, h^FF)` for Dual-BFWS's second phase.
    pub fn last_partition(&self) -> (u32, u32) {
        self.last
    }

    /// Records the relaxed plan of `state` as node `node`'s, for its
    /// children to count; false for a relaxed dead end.
    fn anchor_at(&mut self, node: u32, state: &[u64]) -> bool {
        if !self.hff.relaxed_plan_facts(state, &mut self.facts) {
            return false;
        }
        let mut plan = vec![0; self.words].into_boxed_slice();
        for &f in &self.facts {
            if !bits::contains(state, f) {
                bits::insert(&mut plan, f);
            }
        }
        self.plans.insert(node, plan);
        true
    }

    /// `#r` of `node`: the relaxed-plan facts of its parent's anchor that the
    /// operators on the path from there to `node` add, each counted once.
    fn reached(&mut self, node: u32) -> u32 {
        let anchor = self.anchor[self.parent[node as usize] as usize];
        let Some(plan) = self.plans.get(&anchor) else {
            return 0;
        };
        let mut count = 0;
        let mut n = node;
        while n != anchor && n != NONE {
            for &f in self.adds[self.op[n as usize] as usize].iter() {
                if bits::contains(plan, f) && !bits::contains(&self.counted, f) {
                    bits::insert(&mut self.counted, f);
                    count += 1;
                }
            }
            n = self.parent[n as usize];
        }
        // Clear only the bits set, walking the path again.
        let mut n = node;
        while n != anchor && n != NONE {
            for &f in self.adds[self.op[n as usize] as usize].iter() {
                bits::remove(&mut self.counted, f);
            }
            n = self.parent[n as usize];
        }
        count
    }
}

/// `(a, b)` as one tie-breaker, `a` first: both saturate at 2^16 - 1.
fn pack(a: u32, b: u32) -> u32 {
    (a.min(0xFFFF) << 16) | b.min(0xFFFF)
}

impl Heuristic for Bfws {
    fn name(&self) -> &'static str {
        self.name
    }

    fn is_admissible(&self) -> bool {
        false
    }

    fn is_path_dependent(&self) -> bool {
        true
    }

    fn notify_start(&mut self, node: u32, state: &[u64]) {
        self.current = node;
        if node as usize == self.parent.len() {
            self.parent.push(NONE);
            self.op.push(NONE);
            self.goals.push(u32::MAX);
            self.depth.push(0);
            self.anchor.push(node);
            self.partition.push(NONE);
        }
        if let Counters::LandmarksAndHff(lm) = &mut self.counters {
            lm.notify_start(node, state);
        }
    }

    fn notify_transition(&mut self, parent: u32, op: OpId, child: u32, state: &[u64]) {
        self.current = child;
        // A node reached again keeps the path it was first reached by.
        if child as usize == self.parent.len() {
            self.parent.push(parent);
            self.op.push(op.0);
            self.goals.push(u32::MAX);
            self.depth
                .push(self.depth[parent as usize].saturating_add(1));
            self.anchor.push(self.anchor[parent as usize]);
            self.partition.push(NONE);
        }
        if let Counters::LandmarksAndHff(lm) = &mut self.counters {
            lm.notify_transition(parent, op, child, state);
        }
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        let node = self.current;
        let i = node as usize;
        let (first, second) = match &mut self.counters {
            Counters::GoalsAndRelaxedPlan => {
                let goals = (self.goal.iter())
                    .filter(|&&f| !bits::contains(state, f))
                    .count() as u32;
                self.goals[i] = goals;
                let parent = self.parent[i];
                let reached = if parent == NONE {
                    0
                } else {
                    self.reached(node)
                };
                // The start, and every state with fewer goals left than its
                // parent, computes the relaxed plan its children count.
                if (parent == NONE || goals < self.goals[parent as usize])
                    && goals > 0
                    && !self.anchor_at(node, state)
                {
                    return Estimate::DeadEnd;
                }
                if parent == NONE || goals < self.goals[parent as usize] {
                    self.anchor[i] = node;
                }
                (goals, reached)
            }
            Counters::LandmarksAndHff(lm) => {
                let Estimate::Value(l) = lm.estimate(state) else {
                    return Estimate::DeadEnd;
                };
                let Estimate::Value(ff) = self.hff.estimate(state) else {
                    return Estimate::DeadEnd;
                };
                (l, ff)
            }
        };
        self.last = (first, second);
        // A successor in its parent's partition tests only what its operator
        // added (`NoveltyTable::evaluate_successor`).
        let key = u64::from(first) << 32 | u64::from(second);
        let parent = self.parent[i];
        let w = match parent {
            NONE => self.table.evaluate(key, state),
            _ if self.partition[parent as usize] == NONE => self.table.evaluate(key, state),
            _ => self.table.evaluate_successor(
                key,
                state,
                self.partition[parent as usize],
                &self.adds[self.op[i] as usize],
            ),
        }
        .value();
        self.partition[i] = self.table.last_partition();
        if self.prune_above.is_some_and(|k| w > k) {
            return Estimate::DeadEnd;
        }
        self.tie = match self.counters {
            Counters::GoalsAndRelaxedPlan => pack(first, self.depth[i]),
            Counters::LandmarksAndHff(_) => pack(first, second),
        };
        Estimate::Value(w)
    }

    fn tie_breaker(&self) -> Option<u32> {
        Some(self.tie)
    }

    fn novelty(&self) -> Option<NoveltyCounts> {
        Some(self.table.counts())
    }

    fn summary(&self) -> Vec<String> {
        match &self.counters {
            Counters::LandmarksAndHff(lm) => lm.summary(),
            Counters::GoalsAndRelaxedPlan => Vec::new(),
        }
    }

    fn footprint(&self) -> Footprint {
        let per_node = self.parent.capacity() * 24;
        let plans = self.plans.len() * (self.words * 8 + 16);
        let lm = match &self.counters {
            Counters::LandmarksAndHff(lm) => lm.footprint(),
            Counters::GoalsAndRelaxedPlan => Footprint::default(),
        };
        Footprint::of(&[per_node, plans, self.table.bytes()]).and(lm)
    }
}

#[cfg(test)]
mod tests;
