//! The landmark-sum heuristic (LAMA's `landmark_sum`): what the landmarks a
//! plan from here must still achieve cost, each at its cheapest achiever;
//! with unit costs, their number (the landmark *count*).
//!
//! A landmark ([`super::landmarks`]) that was true at some point on the path
//! to a state has been *reached*; the others must still be achieved. Some
//! reached ones must be achieved **again**: a goal landmark that is false
//! now, and a landmark that is false now but must hold right before a
//! landmark not yet reached (a greedy-necessary ordering `l -> c`). The
//! estimate counts both kinds.
//!
//! Which landmarks were reached depends on the path, not only on the state,
//! so the heuristic is *path-dependent*: the searches tell it each transition
//! ([`Heuristic::notify_transition`]) and it keeps a bit set of reached
//! landmarks per node. A node reached along several paths keeps the
//! landmarks reached on all of them (the intersection), as in LAMA.
//!
//! Example: gripper with one ball, robot and ball in room a, the goal the
//! ball in room b. Landmarks: the goal, `at-robby b`, `carry ball` (either
//! gripper), `at-robby a` and `at ball a` (both reached at the start). The
//! start estimate is 3. After moving to b without the ball, `at-robby b` is
//! reached, but `at-robby a` must hold again before `carry ball`: still 3.
//!
//! *Preferred operators* ([`LmCount::preferring`], Fast Downward's
//! `landmark_sum(pref=true)`, LAMA 2011's setting): the applicable operators
//! that achieve a landmark still needed (an add effect on one of its facts
//! that fires in this state). In the gripper example, at the start, `move a
//! b` (it achieves `at-robby b`) and the picks (`carry ball`).
//!
//! Not admissible (one operator may achieve several landmarks), not
//! consistent. [`LmCount::admissible`] is the admissible variant for A*
//! (`lmcp`, after Karpas and Domshlak's landmark heuristics and Fast
//! Downward's `landmark_cost_partitioning` with uniform costs): each
//! operator's cost is shared out equally among the landmarks still needed
//! that it achieves, and each landmark counts its cheapest share; no
//! reasonable orderings (they are preferences, not facts about every plan).
//!
//! A landmark that every plan from here must still achieve, and no operator
//! achieves, makes the state a dead end (a derived fact, which axioms
//! achieve, never does), as in Fast Downward. The test reads which
//! landmarks were *achieved* (true at some point on every path found), not
//! which were counted as reached: with reasonable orderings the two differ,
//! as a landmark achieved before its reasonable parent is not counted, and
//! the landmark that must hold right before it would look "needed again"
//! though every plan through the state has moved past it. So each node
//! also keeps one bit per landmark with a reasonable parent, and a dead end
//! is a proof: a landmark not achieved on some path to the state must be
//! achieved after it (the path and a plan from the state make a plan), and
//! so must a greedy-necessary parent of such a landmark, or a goal, that is
//! false now.

use super::landmarks::LandmarkGraph;
use super::{Estimate, Heuristic};
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// The landmark-count heuristic; see the module docs.
#[derive(Clone, Debug)]
pub struct LmCount {
    graph: LandmarkGraph,
    /// The cost of each landmark: its cheapest achiever's (0 for a derived
    /// fact); `None` if no operator achieves it.
    cost: Vec<Option<u32>>,
    /// Words of one node's bit set.
    words: usize,
    /// Per landmark, the bit that says it was achieved: its own (the bit
    /// that says it was reached) when it has no reasonable parent, as the
    /// two then agree, or one after the landmarks' bits.
    achieved_bit: Vec<usize>,
    /// Per node, `words` words: the reached landmarks, then the achieved
    /// bits of those with a reasonable parent.
    reached: Vec<u64>,
    /// Whether node `i` has a reached set yet.
    known: Vec<bool>,
    /// The node the next `estimate` is for; `None`: no search told us, so
    /// the landmarks true in the state or at the start count as reached.
    current: Option<u32>,
    /// Scratch: the landmarks true in a state, and the reached set in use.
    true_now: Vec<u64>,
    scratch: Vec<u64>,
    /// Uniform cost partitioning (admissible): the operators' costs, and per
    /// operator the number of needed landmarks it achieves (scratch).
    uniform: Option<Vec<u32>>,
    uses: Vec<u32>,
    /// With preferred operators: how each landmark's achievers achieve it.
    preferring: Option<Preferring>,
    /// The preferred operators of the last estimate, ascending.
    preferred: Vec<OpId>,
}

/// A condition on a state: facts that must hold, and facts that must not.
type Condition = (Box<[FactId]>, Box<[FactId]>);

/// What telling the preferred operators needs: each operator's
/// preconditions, and per landmark its achievers with the conditions of the
/// effects through which they achieve it.
#[derive(Clone, Debug)]
struct Preferring {
    /// Per operator, its precondition.
    pre: Vec<Condition>,
    /// Per landmark, its achievers, in the order of `Landmark::achievers`.
    achieves: Vec<Vec<(OpId, Achieves)>>,
}

impl Preferring {
    /// Sets `out` to the operators applicable in `state` that achieve a
    /// landmark `l` with `needed(l)`, ascending.
    fn find(&self, state: &[u64], needed: impl Fn(usize) -> bool, out: &mut Vec<OpId>) {
        out.clear();
        let holds = |(pos, neg): &Condition| {
            pos.iter().all(|&f| bits::contains(state, f))
                && !neg.iter().any(|&f| bits::contains(state, f))
        };
        for (l, achievers) in self.achieves.iter().enumerate() {
            if !needed(l) {
                continue;
            }
            for (o, how) in achievers {
                let fires = match how {
                    Achieves::Always => true,
                    Achieves::When(conditions) => conditions.iter().any(holds),
                };
                if fires && holds(&self.pre[o.index()]) {
                    out.push(*o);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// How an operator achieves a landmark.
#[derive(Clone, Debug)]
enum Achieves {
    /// By an effect of its own, in every state it applies to.
    Always,
    /// Only through conditional effects: the conditions of those that
    /// achieve it.
    When(Vec<Condition>),
}

impl LmCount {
    pub fn new(task: &Task) -> Self {
        Self::from_graph(task, LandmarkGraph::new(task))
    }

    /// The admissible variant: uniform cost partitioning over the landmarks
    /// still needed, no reasonable orderings (see the module docs).
    pub fn admissible(task: &Task) -> Self {
        let mut graph = LandmarkGraph::new(task);
        graph.reasonable.iter_mut().for_each(Vec::clear);
        let mut h = Self::from_graph(task, graph);
        h.uses = vec![0; task.operators.len()];
        h.uniform = Some(task.operators.iter().map(|o| o.cost).collect());
        h
    }

    /// With the mutexes `is_mutex` for the reasonable orderings (see
    /// [`LandmarkGraph::with_mutexes`]).
    pub fn with_mutexes(task: &Task, is_mutex: &dyn Fn(FactId, FactId) -> bool) -> Self {
        Self::from_graph(task, LandmarkGraph::with_mutexes(task, is_mutex))
    }

    pub fn from_graph(task: &Task, mut graph: LandmarkGraph) -> Self {
        graph.reasonable.resize(graph.len(), Vec::new());
        let mut bits = graph.len();
        let achieved_bit = (graph.reasonable.iter().enumerate())
            .map(|(l, parents)| {
                if parents.is_empty() {
                    l
                } else {
                    bits += 1;
                    bits - 1
                }
            })
            .collect();
        let words = bits.div_ceil(64).max(1);
        let cost = (graph.landmarks.iter())
            .map(|l| {
                if l.facts.iter().any(|&f| task.is_derived(f)) {
                    return Some(0);
                }
                (l.achievers.iter())
                    .map(|o| task.operators[o.index()].cost)
                    .min()
            })
            .collect();
        LmCount {
            cost,
            graph,
            words,
            achieved_bit,
            reached: Vec::new(),
            known: Vec::new(),
            current: None,
            true_now: vec![0; words],
            scratch: vec![0; words],
            uniform: None,
            uses: Vec::new(),
            preferring: None,
            preferred: Vec::new(),
        }
    }

    /// Also finds preferred operators (see the module docs), as Fast
    /// Downward's `landmark_sum(pref=true)`; `task` is the one the landmarks
    /// were found for.
    pub fn preferring(mut self, task: &Task) -> Self {
        let pre = (task.operators.iter())
            .map(|op| (op.pre.clone(), op.neg_pre.clone()))
            .collect();
        let achieves = (self.graph.landmarks.iter())
            .map(|lm| {
                // The landmark's facts an effect list makes true (for a
                // negated landmark: deletes without adding back).
                let hits = |add: &[FactId], del: &[FactId]| {
                    if lm.negated {
                        del.contains(&lm.facts[0]) && !add.contains(&lm.facts[0])
                    } else {
                        lm.facts.iter().any(|f| add.contains(f))
                    }
                };
                (lm.achievers.iter())
                    .map(|&o| {
                        let op = &task.operators[o.index()];
                        if hits(&op.add, &op.del) {
                            return (o, Achieves::Always);
                        }
                        let when = (op.conditional.iter())
                            .filter(|e| hits(&e.add, &e.del))
                            .map(|e| (e.cond.clone(), e.neg_cond.clone()))
                            .collect();
                        (o, Achieves::When(when))
                    })
                    .collect()
            })
            .collect();
        self.preferring = Some(Preferring { pre, achieves });
        self
    }

    pub fn graph(&self) -> &LandmarkGraph {
        &self.graph
    }

    /// The landmarks reached on the way to `node`, ascending.
    pub fn reached(&self, node: u32) -> Vec<usize> {
        let at = node as usize * self.words;
        let set = &self.reached[at..at + self.words];
        (0..self.graph.len())
            .filter(|&l| bits::contains(set, l))
            .collect()
    }

    /// Bytes held by the reached sets.
    pub fn bytes(&self) -> usize {
        self.reached.capacity() * 8 + self.known.capacity()
    }

    /// Sets `self.true_now` to the landmarks true in `state`.
    fn mark_true(&mut self, state: &[u64]) {
        self.true_now.fill(0);
        for (l, lm) in self.graph.landmarks.iter().enumerate() {
            if lm.holds(state) {
                bits::insert(&mut self.true_now, l);
            }
        }
    }

    /// Adds to `self.scratch` the landmarks true now (`self.true_now`) whose
    /// reasonable parents are reached at `at` (in `self.reached`; with
    /// `start`, true now): one achieved too early does not count, as it
    /// must be achieved again. Marks every landmark true now achieved. With
    /// `start`, also stores the set at `at`.
    fn accept(&mut self, at: usize, start: bool) {
        for l in 0..self.graph.len() {
            if !bits::contains(&self.true_now, l) {
                continue;
            }
            bits::insert(&mut self.scratch, self.achieved_bit[l]);
            let before = if start {
                &self.true_now[..]
            } else {
                &self.reached[at..at + self.words]
            };
            if self.graph.reasonable[l]
                .iter()
                .all(|&a| bits::contains(before, a))
            {
                bits::insert(&mut self.scratch, l);
            }
        }
        if start {
            self.reached[at..at + self.words].copy_from_slice(&self.scratch);
        }
    }

    fn slot(&mut self, node: u32) -> usize {
        let i = node as usize;
        if self.known.len() <= i {
            self.known.resize(i + 1, false);
            self.reached.resize((i + 1) * self.words, 0);
        }
        i * self.words
    }
}

/// Whether landmark `l` is needed in a state where the landmarks `now` are
/// true, given which count as reached: not reached yet, or false now and a
/// goal or a greedy-necessary parent of one not reached.
fn is_needed(
    graph: &LandmarkGraph,
    now: &[u64],
    l: usize,
    reached: impl Fn(usize) -> bool,
) -> bool {
    if !reached(l) {
        true
    } else if bits::contains(now, l) {
        false
    } else {
        graph.landmarks[l].goal || graph.children[l].iter().any(|&c| !reached(c))
    }
}

impl Heuristic for LmCount {
    fn name(&self) -> &'static str {
        if self.uniform.is_some() {
            "lmcp"
        } else {
            "lmcount"
        }
    }

    fn is_admissible(&self) -> bool {
        self.uniform.is_some()
    }

    /// In Fast Downward's words: `Discovered N landmarks, ...`.
    fn summary(&self) -> Vec<String> {
        let lms = &self.graph.landmarks;
        let disjunctive = lms.iter().filter(|l| l.facts.len() > 1).count();
        let negated = lms.iter().filter(|l| l.negated).count();
        vec![
            format!(
                "Discovered {} landmarks, of which {disjunctive} are disjunctive and \
                 {negated} are negated facts.",
                lms.len()
            ),
            format!(
                "There are {} landmark orderings ({} reasonable).",
                self.graph.orderings() + self.graph.reasonable_orderings(),
                self.graph.reasonable_orderings()
            ),
        ]
    }

    fn is_path_dependent(&self) -> bool {
        true
    }

    fn preferred_operators(&self) -> &[OpId] {
        &self.preferred
    }

    fn footprint(&self) -> crate::util::limits::Footprint {
        crate::util::limits::Footprint::of(&[8 * self.reached.capacity(), self.known.capacity()])
    }

    /// A new search starts: the nodes of an earlier one are forgotten.
    fn notify_start(&mut self, node: u32, state: &[u64]) {
        self.known.fill(false);
        self.mark_true(state);
        let at = self.slot(node);
        self.scratch.fill(0);
        self.accept(at, true);
        self.known[node as usize] = true;
        self.current = Some(node);
    }

    fn notify_transition(&mut self, parent: u32, _op: OpId, child: u32, state: &[u64]) {
        self.mark_true(state);
        let from = self.slot(parent);
        let to = self.slot(child);
        self.scratch
            .copy_from_slice(&self.reached[from..from + self.words]);
        self.accept(from, false);
        for w in 0..self.words {
            let now = self.scratch[w];
            self.reached[to + w] = if self.known[child as usize] {
                self.reached[to + w] & now
            } else {
                now
            };
        }
        self.known[child as usize] = true;
        self.current = Some(child);
    }

    fn estimate(&mut self, state: &[u64]) -> Estimate {
        self.mark_true(state);
        match self.current {
            Some(node) if self.known.get(node as usize) == Some(&true) => {
                let at = node as usize * self.words;
                self.scratch
                    .copy_from_slice(&self.reached[at..at + self.words]);
            }
            _ => {
                self.scratch.fill(0);
                for (l, lm) in self.graph.landmarks.iter().enumerate() {
                    if lm.initial || bits::contains(&self.true_now, l) {
                        bits::insert(&mut self.scratch, l);
                        bits::insert(&mut self.scratch, self.achieved_bit[l]);
                    }
                }
            }
        }
        let (graph, reached, now) = (&self.graph, &self.scratch, &self.true_now);
        // What the estimate counts, and what every plan from here must
        // achieve (the dead-end test; see the module docs).
        let needed = |l: usize| is_needed(graph, now, l, |l| bits::contains(reached, l));
        let must = |l: usize| {
            is_needed(graph, now, l, |l| {
                bits::contains(reached, self.achieved_bit[l])
            })
        };
        let Some(op_cost) = &self.uniform else {
            self.preferred.clear();
            let mut h: u32 = 0;
            for l in 0..graph.len() {
                if needed(l) {
                    match self.cost[l] {
                        Some(c) => h = h.saturating_add(c),
                        None if must(l) => return Estimate::DeadEnd,
                        // Achieved before its reasonable parent, and it
                        // cannot be achieved again: nothing to count.
                        None => {}
                    }
                }
            }
            if let Some(p) = &self.preferring {
                p.find(state, needed, &mut self.preferred);
            }
            return Estimate::Value(h);
        };
        // Uniform cost partitioning: count, per operator, the needed
        // landmarks it achieves (derived ones cost nothing and take no
        // share), then give each landmark its cheapest share.
        let counted = |l: usize| needed(l) && self.cost[l] != Some(0);
        let mut dead = false;
        for (l, lm) in self.graph.landmarks.iter().enumerate() {
            if counted(l) {
                dead |= lm.achievers.is_empty() && must(l);
                for o in &lm.achievers {
                    self.uses[o.index()] += 1;
                }
            }
        }
        let mut h = 0.0f64;
        for (l, lm) in self.graph.landmarks.iter().enumerate() {
            if counted(l) {
                let share = (lm.achievers.iter())
                    .map(|o| f64::from(op_cost[o.index()]) / f64::from(self.uses[o.index()]))
                    .fold(f64::INFINITY, f64::min);
                if share.is_finite() {
                    h += share;
                }
            }
        }
        for lm in &self.graph.landmarks {
            for o in &lm.achievers {
                self.uses[o.index()] = 0;
            }
        }
        if dead {
            return Estimate::DeadEnd;
        }
        // Costs are whole numbers, so the bound may be rounded up (less a
        // margin for the float sums).
        Estimate::Value((h - 1e-6).max(0.0).ceil() as u32)
    }
}

#[cfg(test)]
mod tests;
