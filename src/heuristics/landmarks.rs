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
//!   true at the start).
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
//! What LAMA adds and this module leaves out, for now: landmarks read from
//! the domain transition graphs of finite-domain variables, and reasonable
//! orderings.

use crate::task::{FactId, OpId, Task};
use std::collections::{HashMap, VecDeque};

/// The largest disjunctive landmark kept.
pub const MAX_DISJUNCTION: usize = 4;

/// One landmark: a fact, or a set of facts of which one must become true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landmark {
    /// Ascending; one fact for a simple landmark.
    pub facts: Vec<FactId>,
    /// A goal fact (a goal landmark that is false must be made true again).
    pub goal: bool,
    /// True in the initial state (reached before the search starts).
    pub initial: bool,
    /// The operators that achieve it (add one of its facts).
    pub achievers: Vec<OpId>,
}

/// The landmarks of a task and their greedy-necessary orderings.
#[derive(Clone, Debug, Default)]
pub struct LandmarkGraph {
    pub landmarks: Vec<Landmark>,
    /// `children[l]`: the landmarks `c` with `l -> c` (greedy-necessary:
    /// `l` holds right before `c` first becomes true).
    pub children: Vec<Vec<usize>>,
    /// `of_fact[f]`: the landmarks that contain fact `f`.
    pub of_fact: Vec<Vec<usize>>,
}

impl LandmarkGraph {
    /// Finds the landmarks of `task` by backchaining from its goal.
    pub fn new(task: &Task) -> LandmarkGraph {
        Builder::new(task).run()
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
}

struct Builder<'t> {
    task: &'t Task,
    achievers: Vec<Vec<OpId>>,
    initial: Vec<bool>,
    graph: LandmarkGraph,
    simple: HashMap<FactId, usize>,
    disjunctive: HashMap<Vec<FactId>, usize>,
    queue: VecDeque<usize>,
}

impl<'t> Builder<'t> {
    fn new(task: &'t Task) -> Builder<'t> {
        let n = task.facts.len();
        let mut achievers = vec![Vec::new(); n];
        for (i, op) in task.operators.iter().enumerate() {
            for &f in op
                .add
                .iter()
                .chain(op.conditional.iter().flat_map(|c| c.add.iter()))
            {
                achievers[f.index()].push(OpId(i as u32));
            }
        }
        for list in &mut achievers {
            list.dedup();
        }
        let mut initial = vec![false; n];
        for &f in task.init.iter() {
            initial[f.index()] = true;
        }
        Builder {
            task,
            achievers,
            initial,
            graph: LandmarkGraph {
                of_fact: vec![Vec::new(); n],
                ..LandmarkGraph::default()
            },
            simple: HashMap::new(),
            disjunctive: HashMap::new(),
            queue: VecDeque::new(),
        }
    }

    fn run(mut self) -> LandmarkGraph {
        for &g in self.task.goal.iter() {
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
            let task = self.task;
            let pre = |o: OpId| &task.operators[o.index()].pre;
            let mut shared: Vec<FactId> = pre(first[0]).to_vec();
            for &o in &first[1..] {
                shared.retain(|f| pre(o).contains(f));
            }
            for &p in &shared {
                if !self.graph.landmarks[l].facts.contains(&p) {
                    let before = self.add(vec![p]);
                    self.order(before, l);
                }
            }
            // Disjunctive landmarks: one precondition per first achiever, all
            // of one predicate.
            let mut by_predicate: Vec<(&str, Vec<FactId>, usize)> = Vec::new();
            for (k, &o) in first.iter().enumerate() {
                for &p in pre(o).iter() {
                    if shared.contains(&p) {
                        continue;
                    }
                    let name = task.facts[p.index()].predicate.as_str();
                    match by_predicate.iter_mut().find(|(n, ..)| *n == name) {
                        Some((_, facts, seen)) => {
                            if *seen == k {
                                facts.push(p);
                            } else if *seen + 1 == k {
                                facts.push(p);
                                *seen = k;
                            }
                        }
                        None if k == 0 => by_predicate.push((name, vec![p], 0)),
                        None => {}
                    }
                }
            }
            let last = first.len() - 1;
            for (_, mut facts, seen) in by_predicate {
                facts.sort_unstable();
                facts.dedup();
                if seen != last
                    || facts.len() < 2
                    || facts.len() > MAX_DISJUNCTION
                    || facts
                        .iter()
                        .any(|f| self.initial[f.index()] || self.simple.contains_key(f))
                    || facts
                        .iter()
                        .any(|f| self.graph.landmarks[l].facts.contains(f))
                {
                    continue;
                }
                let before = self.add(facts);
                self.order(before, l);
            }
        }
        self.graph
    }

    /// The landmark with exactly `facts`, added (and queued) if new.
    fn add(&mut self, facts: Vec<FactId>) -> usize {
        let known = if facts.len() == 1 {
            self.simple.get(&facts[0])
        } else {
            self.disjunctive.get(&facts)
        };
        if let Some(&l) = known {
            return l;
        }
        let l = self.graph.landmarks.len();
        let mut achievers: Vec<OpId> = facts
            .iter()
            .flat_map(|f| self.achievers[f.index()].iter().copied())
            .collect();
        achievers.sort_unstable();
        achievers.dedup();
        for f in &facts {
            self.graph.of_fact[f.index()].push(l);
        }
        if facts.len() == 1 {
            self.simple.insert(facts[0], l);
        } else {
            self.disjunctive.insert(facts.clone(), l);
        }
        self.graph.landmarks.push(Landmark {
            initial: facts.iter().any(|f| self.initial[f.index()]),
            facts,
            goal: false,
            achievers,
        });
        self.graph.children.push(Vec::new());
        self.queue.push_back(l);
        l
    }

    fn order(&mut self, before: usize, after: usize) {
        if before != after && !self.graph.children[before].contains(&after) {
            self.graph.children[before].push(after);
        }
    }

    /// The achievers of landmark `l` whose preconditions can all be reached
    /// from the initial state, deletes ignored, without achieving `l`.
    fn first_achievers(&self, l: usize) -> Vec<OpId> {
        let task = self.task;
        let lm = &self.graph.landmarks[l];
        let n = task.facts.len();
        let mut reached = vec![false; n];
        let mut stack: Vec<FactId> = Vec::new();
        for &f in task.init.iter() {
            reached[f.index()] = true;
            stack.push(f);
        }
        let excluded = |o: OpId| lm.achievers.binary_search(&o).is_ok();
        // Operators by precondition, counting down unmet preconditions.
        let mut unmet: Vec<u32> = task.operators.iter().map(|o| o.pre.len() as u32).collect();
        let consumers = self.consumers();
        let fire = |o: usize, reached: &mut Vec<bool>, stack: &mut Vec<FactId>| {
            if excluded(OpId(o as u32)) {
                return;
            }
            let op = &task.operators[o];
            for &f in op
                .add
                .iter()
                .chain(op.conditional.iter().flat_map(|c| c.add.iter()))
            {
                if !reached[f.index()] && !lm.facts.contains(&f) {
                    reached[f.index()] = true;
                    stack.push(f);
                }
            }
        };
        for (o, &u) in unmet.iter().enumerate() {
            if u == 0 {
                fire(o, &mut reached, &mut stack);
            }
        }
        while let Some(f) = stack.pop() {
            for &o in &consumers[f.index()] {
                unmet[o] -= 1;
                if unmet[o] == 0 {
                    fire(o, &mut reached, &mut stack);
                }
            }
        }
        (lm.achievers.iter().copied())
            .filter(|o| {
                task.operators[o.index()]
                    .pre
                    .iter()
                    .all(|p| reached[p.index()])
            })
            .collect()
    }

    /// The operators that need each fact.
    fn consumers(&self) -> Vec<Vec<usize>> {
        let mut consumers = vec![Vec::new(); self.task.facts.len()];
        for (o, op) in self.task.operators.iter().enumerate() {
            for &p in op.pre.iter() {
                consumers[p.index()].push(o);
            }
        }
        consumers
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
