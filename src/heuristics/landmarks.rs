//! Landmarks: facts that every plan makes true at some point, found by
//! backchaining from the goal (after Richter, Helmert and Westphal 2008, the
//! landmarks of LAMA).
//!
//! Every goal fact is a landmark. If every plan must make `l` true, and `l`
//! is false at the start, some operator achieves `l` for the first time.
//! Only the *possible first achievers* can: those whose preconditions can be
//! reached (deletes ignored) **without** achieving `l` on the way. So
//!
//! * a fact that every possible first achiever needs is a landmark too, and
//!   it must be true in the step right before `l` first becomes true: a
//!   *greedy-necessary ordering* `p -> l`;
//! * if every possible first achiever needs some fact of the same predicate
//!   (one needs `(at truck1 depot)`, another `(at truck2 depot)`), then one
//!   of those facts is a *disjunctive landmark*, ordered before `l` the same
//!   way (kept when it has at most [`MAX_DISJUNCTION`] facts, none of them
//!   true at the start, a landmark of its own or part of another
//!   disjunction: as in Fast Downward, landmarks do not share facts, so the
//!   landmark sum pays for one fact once).
//!
//! The search goes on from each new landmark that is false at the start.
//!
//! Example: in gripper, `(at ball1 roomb)` is a goal; its first achievers are
//! the `drop ball1 roomb` operators with either gripper, which all need
//! `(at-robby roomb)`: a landmark, ordered before the goal. They need
//! `(carry ball1 left)` or `(carry ball1 right)`: a disjunctive landmark.
//! Backchaining from it finds `(at ball1 rooma)` (true at the start) and
//! `(at-robby rooma)`.
//!
//! Negative preconditions and goals make landmarks too: "`p` is false" is
//! achieved by the operators that delete `p` (Fast Downward's translator turns
//! such a precondition into a value of a variable, which its landmarks then
//! see).
//!
//! Tasks with axioms and conditional effects: the exploration that finds
//! the possible first achievers also fires the axioms (operators may need
//! derived facts), starts with the negation of every derived fact (it may
//! come true after any step), and lets an operator that achieves `l` only
//! by a conditional effect give its other effects. A first achiever missed
//! would make what the others need look like a landmark.
//!
//! *Reasonable orderings* say which landmark to achieve first when achieving
//! one would undo the other ([`LandmarkGraph::add_reasonable_orderings`]).
//!
//! What LAMA adds and this module leaves out, for now: landmarks read from
//! the domain transition graphs of finite-domain variables, and natural
//! orderings.

use crate::task::{FactId, OpId, Task};
use crate::util::hash::FastMap;
use std::collections::VecDeque;

/// The largest disjunctive landmark kept.
pub const MAX_DISJUNCTION: usize = 4;

/// One landmark: a fact, a fact's negation, or a set of facts of which one
/// must become true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landmark {
    /// Ascending; one fact for a simple landmark.
    pub facts: Vec<FactId>,
    /// A simple landmark on the fact being **false** (a negative
    /// precondition or goal every plan needs at some point).
    pub negated: bool,
    /// A goal (a goal landmark that does not hold must be made true again).
    pub goal: bool,
    /// True in the initial state (reached before the search starts).
    pub initial: bool,
    /// The operators that achieve it (add one of its facts; for a negated
    /// landmark, delete its fact).
    pub achievers: Vec<OpId>,
}

impl Landmark {
    /// Whether the landmark holds in a packed state.
    pub fn holds(&self, state: &[u64]) -> bool {
        if self.negated {
            !crate::util::bits::contains(state, self.facts[0])
        } else {
            self.facts
                .iter()
                .any(|&f| crate::util::bits::contains(state, f))
        }
    }
}

/// The landmarks of a task and their greedy-necessary orderings.
#[derive(Clone, Debug, Default)]
pub struct LandmarkGraph {
    pub landmarks: Vec<Landmark>,
    /// `children[l]`: the landmarks `c` with `l -> c` (greedy-necessary:
    /// `l` holds right before `c` first becomes true).
    pub children: Vec<Vec<usize>>,
    /// `reasonable[l]`: the landmarks `a` with `a ->r l`: achieving `l`
    /// before `a` is wasted, as achieving `a` would undo it (see
    /// [`LandmarkGraph::add_reasonable_orderings`]).
    pub reasonable: Vec<Vec<usize>>,
}

impl LandmarkGraph {
    /// Finds the landmarks of `task` by backchaining from its goal, and
    /// their reasonable orderings with the facts of one of
    /// [`crate::invariants::monotone_groups`] as the mutexes.
    pub fn new(task: &Task) -> LandmarkGraph {
        let mut group = vec![u32::MAX; task.facts.len()];
        for (g, facts) in crate::invariants::monotone_groups(task).iter().enumerate() {
            for f in facts {
                group[f.index()] = g as u32;
            }
        }
        let same_group = |f: FactId, g: FactId| {
            group[f.index()] != u32::MAX && group[f.index()] == group[g.index()]
        };
        Self::with_mutexes(task, &same_group)
    }

    /// The same with the mutexes `is_mutex` (two distinct facts that never
    /// hold together; the state invariants, say).
    pub fn with_mutexes(task: &Task, is_mutex: &dyn Fn(FactId, FactId) -> bool) -> LandmarkGraph {
        let mut graph = Builder::new(task).run();
        graph.add_reasonable_orderings(task, is_mutex);
        graph
    }

    /// Reasonable orderings (Hoffmann, Porteous and Sebastia 2004, as LAMA
    /// approximates them): `a ->r b` when achieving `a` *interferes* with
    /// `b` (makes it false: `a` and `b` are mutex, or every achiever of `a`
    /// makes `b` false or makes true a fact mutex with it), and `b` must
    /// hold at the end (a goal) or until some landmark `c` that `a` must
    /// also precede (`b` is a greedy-necessary parent of `c`, `a` another
    /// parent or an ancestor of one, as Fast Downward's
    /// `lm_reasonable_orders_hps` takes them). A plan that achieves `b`
    /// first has to achieve it again after `a`.
    pub fn add_reasonable_orderings(
        &mut self,
        task: &Task,
        is_mutex: &dyn Fn(FactId, FactId) -> bool,
    ) {
        // A literal as (fact, true) or (fact, false).
        let mutex = |(f, fv): (FactId, bool), (g, gv): (FactId, bool)| {
            if f == g {
                fv != gv
            } else {
                fv && gv && is_mutex(f, g)
            }
        };
        let simple = |l: &Landmark| (l.facts.len() == 1).then(|| (l.facts[0], !l.negated));
        // The effects every achiever of each landmark has.
        let shared_effects: Vec<Vec<(FactId, bool)>> = (self.landmarks.iter())
            .map(|l| {
                let mut shared: Option<Vec<(FactId, bool)>> = None;
                for o in &l.achievers {
                    let op = &task.operators[o.index()];
                    let mut effects: Vec<(FactId, bool)> =
                        op.add.iter().map(|&f| (f, true)).collect();
                    effects.extend(
                        op.del
                            .iter()
                            .filter(|f| !op.add.contains(f))
                            .map(|&f| (f, false)),
                    );
                    shared = Some(match shared {
                        None => effects,
                        Some(mut s) => {
                            s.retain(|e| effects.contains(e));
                            s
                        }
                    });
                }
                shared.unwrap_or_default()
            })
            .collect();
        let interferes = |a: usize, b: usize| -> bool {
            let (Some(x), Some(y)) = (simple(&self.landmarks[a]), simple(&self.landmarks[b]))
            else {
                return false;
            };
            mutex(x, y) || shared_effects[a].iter().any(|&e| mutex(e, y))
        };
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for (a, children) in self.children.iter().enumerate() {
            for &c in children {
                parents[c].push(a);
            }
        }
        let reasonable = (0..self.len())
            .map(|b| {
                let candidates: Vec<usize> = if self.landmarks[b].goal {
                    (0..self.len()).collect()
                } else {
                    // The other parents of b's children, and their
                    // ancestors.
                    let mut seen = vec![false; self.len()];
                    let mut stack: Vec<usize> = (self.children[b].iter())
                        .flat_map(|&c| parents[c].iter().copied())
                        .filter(|&p| p != b)
                        .collect();
                    while let Some(a) = stack.pop() {
                        if !std::mem::replace(&mut seen[a], true) {
                            stack.extend(parents[a].iter().copied());
                        }
                    }
                    (0..self.len()).filter(|&a| seen[a]).collect()
                };
                (candidates.into_iter())
                    .filter(|&a| {
                        // One that holds at the start was reached before
                        // any plan could achieve `b` too early.
                        a != b
                            && !self.landmarks[a].initial
                            && !self.children[b].contains(&a)
                            && !self.children[a].contains(&b)
                            && interferes(a, b)
                    })
                    .collect()
            })
            .collect();
        self.reasonable = reasonable;
        self.break_reasonable_cycles();
    }

    /// Drops the reasonable orderings that close a cycle of them (the back
    /// edges of a depth-first search in landmark order). The landmark count
    /// counts a landmark as reached only after its reasonable parents, so
    /// on such a cycle each would wait for the other forever; Fast
    /// Downward's older landmark graphs dropped the weakest ordering of
    /// each cycle for the same reason.
    fn break_reasonable_cycles(&mut self) {
        use petgraph::graph::{DiGraph, NodeIndex};
        use petgraph::visit::{DfsEvent, depth_first_search};
        let mut after: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for (b, parents) in self.reasonable.iter().enumerate() {
            for &a in parents {
                after[a].push(b);
            }
        }
        // petgraph walks a node's edges newest first: add them backwards so
        // the search takes them in landmark order.
        let mut graph = DiGraph::<(), ()>::with_capacity(self.len(), 0);
        let nodes: Vec<NodeIndex> = (0..self.len()).map(|_| graph.add_node(())).collect();
        for (a, bs) in after.iter().enumerate() {
            for &b in bs.iter().rev() {
                graph.add_edge(nodes[a], nodes[b], ());
            }
        }
        let mut back = Vec::new();
        depth_first_search(&graph, nodes.iter().copied(), |event| {
            if let DfsEvent::BackEdge(a, b) = event {
                back.push((a.index(), b.index()));
            }
        });
        for (a, b) in back {
            self.reasonable[b].retain(|&x| x != a);
        }
    }

    pub fn len(&self) -> usize {
        self.landmarks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.landmarks.is_empty()
    }

    /// The number of greedy-necessary orderings.
    pub fn orderings(&self) -> usize {
        self.children.iter().map(Vec::len).sum()
    }

    /// The number of reasonable orderings.
    pub fn reasonable_orderings(&self) -> usize {
        self.reasonable.iter().map(Vec::len).sum()
    }
}

/// A literal of the builder: fact `f` is `f`, its negation `n + f` (with
/// `n` facts), so that negative preconditions and goals are landmarks too.
type Lit = u32;

struct Builder<'t> {
    task: &'t Task,
    n: u32,
    /// Per operator, then per axiom (a rule of the relaxed exploration, no
    /// achiever of anything): its preconditions and its effects as literals
    /// (a delete is the negation made true; conditional effects count, as
    /// in any relaxation).
    pre: Vec<Vec<Lit>>,
    eff: Vec<Vec<Lit>>,
    /// Per operator: the literals it makes true whenever it applies (its
    /// effects but the conditional ones, and a delete only if not added).
    always: Vec<Vec<Lit>>,
    /// Per literal: the operators that make it true, and the operators and
    /// axioms that need it.
    achievers: Vec<Vec<OpId>>,
    consumers: Vec<Vec<usize>>,
    /// Per literal: whether it holds in the initial state (derived facts as
    /// the axioms derive them).
    initial: Vec<bool>,
    /// Per literal: whether the relaxed exploration starts with it: the
    /// initial ones, and the negation of every derived fact (which may come
    /// true after any step; the relaxation does not follow it).
    start: Vec<bool>,
    /// Per landmark: its literals.
    lits: Vec<Vec<Lit>>,
    graph: LandmarkGraph,
    known: FastMap<Vec<Lit>, usize>,
    /// Per literal: whether it is part of a disjunctive landmark.
    in_disjunction: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'t> Builder<'t> {
    fn new(task: &'t Task) -> Builder<'t> {
        let n = task.facts.len() as u32;
        let lits = 2 * task.facts.len();
        let neg = |f: &FactId| n + f.0;
        let (mut pre, mut eff, mut always) = (Vec::new(), Vec::new(), Vec::new());
        let mut achievers = vec![Vec::new(); lits];
        let mut consumers = vec![Vec::new(); lits];
        for (i, op) in task.operators.iter().enumerate() {
            let mut a: Vec<Lit> = op.add.iter().map(|f| f.0).collect();
            a.extend(op.del.iter().filter(|f| !op.add.contains(f)).map(neg));
            always.push(a);
            let mut p: Vec<Lit> = op.pre.iter().map(|f| f.0).collect();
            p.extend(op.neg_pre.iter().map(neg));
            let conditional = op.conditional.iter();
            let mut e: Vec<Lit> = (op.add.iter())
                .chain(conditional.clone().flat_map(|c| c.add.iter()))
                .map(|f| f.0)
                .collect();
            e.extend(
                (op.del.iter())
                    .chain(conditional.flat_map(|c| c.del.iter()))
                    .map(neg),
            );
            e.sort_unstable();
            e.dedup();
            for &l in &e {
                achievers[l as usize].push(OpId(i as u32));
            }
            for &l in &p {
                consumers[l as usize].push(i);
            }
            pre.push(p);
            eff.push(e);
        }
        for a in &task.axioms {
            let mut p: Vec<Lit> = a.pre.iter().map(|f| f.0).collect();
            p.extend(a.neg_pre.iter().map(neg));
            for &l in &p {
                consumers[l as usize].push(pre.len());
            }
            pre.push(p);
            eff.push(vec![a.head.0]);
        }
        let mut state = crate::task::FactSet::from_facts(task.facts.len(), &task.init);
        task.evaluate_axioms(state.words_mut());
        let mut initial = vec![false; lits];
        for f in 0..n {
            let holds = state.contains(FactId(f));
            initial[f as usize] = holds;
            initial[(n + f) as usize] = !holds;
        }
        let mut start = initial.clone();
        for d in task.derived.iter() {
            start[(n + d.0) as usize] = true;
        }
        Builder {
            task,
            n,
            pre,
            eff,
            always,
            achievers,
            consumers,
            initial,
            start,
            lits: Vec::new(),
            graph: LandmarkGraph::default(),
            known: FastMap::default(),
            in_disjunction: vec![false; lits],
            queue: VecDeque::new(),
        }
    }

    fn run(mut self) -> LandmarkGraph {
        let n = self.n;
        let goals =
            (self.task.goal.iter().map(|f| f.0)).chain(self.task.neg_goal.iter().map(|f| n + f.0));
        for g in goals.collect::<Vec<_>>() {
            let l = self.add(vec![g]);
            self.graph.landmarks[l].goal = true;
        }
        while let Some(l) = self.queue.pop_front() {
            if self.graph.landmarks[l].initial {
                continue;
            }
            let first = self.first_achievers(l);
            if first.is_empty() {
                continue;
            }
            let mut shared: Vec<Lit> = self.pre[first[0].index()].clone();
            for &o in &first[1..] {
                shared.retain(|x| self.pre[o.index()].contains(x));
            }
            for &p in &shared {
                if !self.lits[l].contains(&p) {
                    let before = self.add(vec![p]);
                    self.order(before, l);
                }
            }
            self.disjunctions(l, &first, &shared);
        }
        self.graph
    }

    /// Disjunctive landmarks before `l`: one positive precondition per first
    /// achiever, all of one predicate.
    fn disjunctions(&mut self, l: usize, first: &[OpId], shared: &[Lit]) {
        let task = self.task;
        let mut by_predicate: Vec<(&str, Vec<Lit>, usize)> = Vec::new();
        for (k, &o) in first.iter().enumerate() {
            for &p in &self.pre[o.index()] {
                if p >= self.n || shared.contains(&p) {
                    continue;
                }
                let name = task.facts[p as usize].predicate.as_str();
                match by_predicate.iter_mut().find(|(n, ..)| *n == name) {
                    Some((_, lits, seen)) if *seen == k || *seen + 1 == k => {
                        lits.push(p);
                        *seen = k;
                    }
                    Some(_) => {}
                    None if k == 0 => by_predicate.push((name, vec![p], 0)),
                    None => {}
                }
            }
        }
        let last = first.len() - 1;
        for (_, mut lits, seen) in by_predicate {
            lits.sort_unstable();
            lits.dedup();
            // The same disjunction found again is ordered before `l` too;
            // one that shares a fact with another is left out.
            let same = self.known.contains_key(&lits);
            let clashes = lits.iter().any(|&p| {
                self.initial[p as usize]
                    || self.known.contains_key(&vec![p])
                    || self.lits[l].contains(&p)
                    || (self.in_disjunction[p as usize] && !same)
            });
            if seen == last && (2..=MAX_DISJUNCTION).contains(&lits.len()) && !clashes {
                let before = self.add(lits);
                self.order(before, l);
            }
        }
    }

    /// The landmark with exactly the literals `lits`, added (and queued) if
    /// new.
    fn add(&mut self, lits: Vec<Lit>) -> usize {
        if let Some(&l) = self.known.get(&lits) {
            return l;
        }
        let l = self.graph.landmarks.len();
        let mut achievers: Vec<OpId> = (lits.iter())
            .flat_map(|&x| self.achievers[x as usize].iter().copied())
            .collect();
        achievers.sort_unstable();
        achievers.dedup();
        let negated = lits[0] >= self.n;
        let facts = (lits.iter())
            .map(|&x| FactId(if x >= self.n { x - self.n } else { x }))
            .collect();
        self.graph.landmarks.push(Landmark {
            facts,
            negated,
            goal: false,
            initial: lits.iter().any(|&x| self.initial[x as usize]),
            achievers,
        });
        self.graph.children.push(Vec::new());
        self.known.insert(lits.clone(), l);
        if lits.len() > 1 {
            for &x in &lits {
                self.in_disjunction[x as usize] = true;
            }
        }
        self.lits.push(lits);
        self.queue.push_back(l);
        l
    }

    fn order(&mut self, before: usize, after: usize) {
        if before != after && !self.graph.children[before].contains(&after) {
            self.graph.children[before].push(after);
        }
    }

    /// The achievers of landmark `l` whose preconditions can all be reached
    /// from the initial state, deletes ignored, without achieving `l`: an
    /// operator that always achieves `l` is left out, and one that may
    /// (by a conditional effect) gives its other effects.
    fn first_achievers(&self, l: usize) -> Vec<OpId> {
        let lits = &self.lits[l];
        let achievers = &self.graph.landmarks[l].achievers;
        let mut reached = self.start.clone();
        let mut stack: Vec<Lit> = (0..reached.len() as u32)
            .filter(|&x| reached[x as usize])
            .collect();
        let mut unmet: Vec<u32> = self.pre.iter().map(|p| p.len() as u32).collect();
        let fire = |o: usize, reached: &mut Vec<bool>, stack: &mut Vec<Lit>| {
            if (self.always.get(o)).is_some_and(|a| a.iter().any(|x| lits.contains(x))) {
                return;
            }
            for &x in &self.eff[o] {
                if !reached[x as usize] && !lits.contains(&x) {
                    reached[x as usize] = true;
                    stack.push(x);
                }
            }
        };
        for (o, &u) in unmet.iter().enumerate() {
            if u == 0 {
                fire(o, &mut reached, &mut stack);
            }
        }
        while let Some(x) = stack.pop() {
            for &o in &self.consumers[x as usize] {
                unmet[o] -= 1;
                if unmet[o] == 0 {
                    fire(o, &mut reached, &mut stack);
                }
            }
        }
        (achievers.iter().copied())
            .filter(|o| self.pre[o.index()].iter().all(|&p| reached[p as usize]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::testing::task;

    #[test]
    fn shared_preconditions_and_disjunctions_are_landmarks() {
        // Facts: 0 at-a, 1 at-b, 2 carry-l, 3 carry-r, 4 ball-a, 5 ball-b.
        // move a->b, b->a; pick with left or right at a; drop either at b.
        let mut t = task(
            6,
            &[0, 4],
            &[5],
            &[
                (&[0], &[1], &[0], 1),
                (&[1], &[0], &[1], 1),
                (&[0, 4], &[2], &[4], 1),
                (&[0, 4], &[3], &[4], 1),
                (&[1, 2], &[5], &[2], 1),
                (&[1, 3], &[5], &[3], 1),
            ],
        );
        // The two carry facts share a predicate.
        t.facts = (t.facts.iter().enumerate())
            .map(|(i, a)| match i {
                2 | 3 => crate::task::Atom {
                    predicate: "carry".into(),
                    args: vec![format!("g{i}")],
                },
                _ => a.clone(),
            })
            .collect();
        let g = LandmarkGraph::new(&t);
        let facts: Vec<Vec<u32>> = g
            .landmarks
            .iter()
            .map(|l| l.facts.iter().map(|f| f.0).collect())
            .collect();
        // The goal, at-b (shared by both drops), carry-l or carry-r, then
        // from the disjunction: at-a and ball-a (both true at the start).
        assert_eq!(facts, vec![vec![5], vec![1], vec![2, 3], vec![0], vec![4]]);
        assert!(g.landmarks[0].goal && !g.landmarks[1].goal);
        assert_eq!(
            g.landmarks.iter().map(|l| l.initial).collect::<Vec<_>>(),
            vec![false, false, false, true, true]
        );
        // at-b -> goal, carry -> goal; at-a -> at-b, at-a and ball-a -> carry.
        assert_eq!(g.children[1], vec![0]);
        assert_eq!(g.children[2], vec![0]);
        assert_eq!(g.children[3], vec![1, 2]);
        assert_eq!(g.children[4], vec![2]);
    }

    #[test]
    fn disjunctive_landmarks_do_not_share_facts() {
        // An elevator at s (0) can go to x, y or z (1, 2, 3). Goal g1 (4)
        // needs it at x or y, goal g2 (5) at y or z: plan s->y, then both
        // goals, three steps. {x, y} comes first; {y, z} shares y with it
        // and is left out, or the landmark sum would pay for y twice.
        let mut t = task(
            6,
            &[0],
            &[4, 5],
            &[
                (&[0], &[1], &[0], 1),
                (&[0], &[2], &[0], 1),
                (&[0], &[3], &[0], 1),
                (&[1], &[4], &[], 1),
                (&[2], &[4], &[], 1),
                (&[2], &[5], &[], 1),
                (&[3], &[5], &[], 1),
            ],
        );
        t.facts = (t.facts.iter().enumerate())
            .map(|(i, a)| match ["s", "x", "y", "z"].get(i) {
                Some(place) => crate::task::Atom {
                    predicate: "lift-at".into(),
                    args: vec![place.to_string()],
                },
                None => a.clone(),
            })
            .collect();
        let g = LandmarkGraph::new(&t);
        let facts: Vec<Vec<u32>> = (g.landmarks.iter())
            .map(|l| l.facts.iter().map(|f| f.0).collect())
            .collect();
        assert_eq!(facts, vec![vec![4], vec![5], vec![1, 2], vec![0]]);
        assert_eq!(g.children[2], vec![0]);
        // The landmark sum from the start: g1, g2 and {x, y}, the optimum.
        use crate::heuristics::{Heuristic, lmcount::LmCount};
        let mut h = LmCount::new(&t);
        let start = crate::heuristics::testing::state(&t, &[0]);
        h.notify_start(0, &start);
        assert_eq!(h.estimate(&start), crate::heuristics::Estimate::Value(3));
    }

    #[test]
    fn a_negative_precondition_every_achiever_needs_is_a_landmark() {
        // Fact 0 locked (true at the start), 1 inside. o0 unlocks (deletes
        // 0); o1 enters, needing `(not (locked))`.
        let mut t = task(2, &[0], &[1], &[(&[], &[], &[0], 1), (&[], &[1], &[], 1)]);
        t.operators[1].neg_pre = Box::new([FactId(0)]);
        let g = LandmarkGraph::new(&t);
        assert_eq!(g.len(), 2);
        let unlocked = &g.landmarks[1];
        assert!(unlocked.negated && !unlocked.initial);
        assert_eq!(
            (unlocked.facts.as_slice(), unlocked.achievers.as_slice()),
            (&[FactId(0)][..], &[OpId(0)][..])
        );
        assert_eq!(g.children[1], vec![0]);
        let (locked, open) = (
            crate::heuristics::testing::state(&t, &[0]),
            crate::heuristics::testing::state(&t, &[]),
        );
        assert!(!unlocked.holds(&locked) && unlocked.holds(&open));
    }

    #[test]
    fn a_goal_that_undoes_another_is_reasonably_ordered_first() {
        // Goals p (0) and q (1): o0 achieves p; o1 achieves q and deletes p.
        // Achieving p first is wasted: q ->r p.
        let t = task(
            2,
            &[],
            &[0, 1],
            &[(&[], &[0], &[], 1), (&[], &[1], &[0], 1)],
        );
        let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
        assert_eq!(g.reasonable, vec![vec![1], vec![]]);
        // With o1 no longer deleting p, nothing is ordered.
        let t = task(2, &[], &[0, 1], &[(&[], &[0], &[], 1), (&[], &[1], &[], 1)]);
        let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
        assert_eq!(g.reasonable_orderings(), 0);
        // Mutex goals interfere either way, but a cycle of reasonable
        // orderings would keep both from ever counting as reached: the
        // ordering that closes it goes.
        let g = LandmarkGraph::with_mutexes(&t, &|_, _| true);
        assert_eq!(g.reasonable, vec![vec![], vec![0]]);
    }

    #[test]
    fn a_cycle_of_reasonable_orderings_loses_one_ordering() {
        // 0 ->r 1 ->r 2 ->r 0, and 0 ->r 2; 3 ->r 3 would wait for itself.
        let mut g = LandmarkGraph::default();
        for f in 0..4 {
            g.landmarks.push(Landmark {
                facts: vec![FactId(f)],
                negated: false,
                goal: false,
                initial: false,
                achievers: Vec::new(),
            });
        }
        // reasonable[b]: the a with a ->r b.
        g.reasonable = vec![vec![2], vec![0], vec![1, 0], vec![3]];
        g.break_reasonable_cycles();
        // The search from 0 meets 2 -> 0 and 3 -> 3 closing cycles.
        assert_eq!(g.reasonable, vec![vec![], vec![0], vec![1, 0], vec![]]);
    }

    #[test]
    fn an_ancestor_of_a_landmark_needed_beside_another_is_ordered_before_it() {
        // Goal c (2) needs b (0) and p (1) together; p needs x (3), and
        // achieving x deletes b. So x must come before b (x ->r b), though
        // x is no parent of c, only an ancestor of b's sibling p.
        let t = task(
            4,
            &[],
            &[2],
            &[
                (&[], &[0], &[], 1),
                (&[3], &[1], &[], 1),
                (&[0, 1], &[2], &[], 1),
                (&[], &[3], &[0], 1),
            ],
        );
        let g = LandmarkGraph::with_mutexes(&t, &|_, _| false);
        let lm = |f: u32| {
            (g.landmarks.iter())
                .position(|l| l.facts == [FactId(f)])
                .unwrap()
        };
        assert!(g.children[lm(3)].contains(&lm(1)));
        assert_eq!(g.reasonable[lm(0)], vec![lm(3)]);
        assert_eq!(g.reasonable_orderings(), 1);
    }

    fn landmark_facts(t: &Task) -> Vec<Vec<u32>> {
        (LandmarkGraph::new(t).landmarks.iter())
            .map(|l| l.facts.iter().map(|f| f.0).collect())
            .collect()
    }

    #[test]
    fn an_achiever_that_needs_a_derived_fact_may_come_first() {
        // Goal g (0): A needs d (1) and B needs p (2). An axiom derives d
        // from q (3); op C adds q, op D adds p. The plan C, A needs no p.
        let mut t = task(
            4,
            &[],
            &[0],
            &[
                (&[1], &[0], &[], 1),
                (&[2], &[0], &[], 1),
                (&[], &[3], &[], 1),
                (&[], &[2], &[], 5),
            ],
        );
        t.axioms = vec![crate::task::Axiom {
            head: FactId(1),
            pre: Box::new([FactId(3)]),
            neg_pre: Box::new([]),
            layer: 1,
        }];
        t.derived = Box::new([FactId(1)]);
        assert_eq!(landmark_facts(&t), vec![vec![0]]);
        // A needs `not d` instead, d holds at the start (q does), and C
        // deletes q: still no p.
        t.init = Box::new([FactId(3)]);
        t.operators[0].pre = Box::new([]);
        t.operators[0].neg_pre = Box::new([FactId(1)]);
        t.operators[2].add = Box::new([]);
        t.operators[2].del = Box::new([FactId(3)]);
        assert_eq!(landmark_facts(&t), vec![vec![0]]);
        // d holds at the start, though the initial state does not name it.
        t.goal = Box::new([FactId(1)]);
        assert!(LandmarkGraph::new(&t).landmarks[0].initial);
    }

    #[test]
    fn an_operator_that_may_achieve_a_landmark_has_its_other_effects() {
        // Goal g (0). X needs m (1), adds q (2) and deletes m, and adds g
        // when c (3) holds; Y needs q and adds g. The plan X (c false), Y
        // has m false right before g: m is no greedy-necessary parent.
        let mut t = task(
            4,
            &[1],
            &[0],
            &[(&[1], &[2], &[1], 1), (&[2], &[0], &[], 1)],
        );
        t.operators[0].conditional = Box::new([crate::task::ConditionalEffect {
            cond: Box::new([FactId(3)]),
            neg_cond: Box::new([]),
            add: Box::new([FactId(0)]),
            del: Box::new([]),
        }]);
        assert_eq!(landmark_facts(&t), vec![vec![0]]);
    }

    #[test]
    fn only_first_achievers_count() {
        // Goal 2. o0: 0 -> 2; o1: 1 -> 2; o2: 2 -> 1. Fact 1 is reachable
        // only through 2 itself, so o1 is no first achiever, and 0 is a
        // landmark (the only first achiever's precondition).
        let t = task(
            3,
            &[0],
            &[2],
            &[
                (&[0], &[2], &[], 1),
                (&[1], &[2], &[], 1),
                (&[2], &[1], &[], 1),
            ],
        );
        let g = LandmarkGraph::new(&t);
        let facts: Vec<Vec<u32>> = g
            .landmarks
            .iter()
            .map(|l| l.facts.iter().map(|f| f.0).collect())
            .collect();
        assert_eq!(facts, vec![vec![2], vec![0]]);
    }
}
