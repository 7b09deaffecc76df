//! Finding the landmarks: backchaining from the goal over the relaxed task.
//!
//! A landmark is a literal (or a disjunction of a few) that every plan makes
//! true at some point. The goal's literals are landmarks; so is every
//! literal that all *first achievers* of a landmark need (the achievers
//! applicable before the landmark can first hold, found by a relaxed
//! exploration without it), and a disjunction of such preconditions when
//! the achievers need one of several. Each new landmark `p` of `l` gets the
//! greedy-necessary ordering `p -> l`. This is the backchaining of Richter,
//! Helmert and Westphal (2008) that LAMA uses, over literals so that negative
//! preconditions and goals are landmarks too.
//!
//! Example: in a chain `a -> b -> c` with goal `c`, the landmarks are `c`,
//! `b` and `a`, ordered `a -> b -> c`.

use super::{Landmark, LandmarkGraph, MAX_DISJUNCTION};
use crate::task::{FactId, OpId, Task};
use crate::util::hash::FastMap;
use std::collections::VecDeque;

/// A literal of the builder: fact `f` is `f`, its negation `n + f` (with
/// `n` facts), so that negative preconditions and goals are landmarks too.
pub(super) type Lit = u32;

pub(super) struct Builder<'t> {
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
    pub(super) fn new(task: &'t Task) -> Builder<'t> {
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

    pub(super) fn run(mut self) -> LandmarkGraph {
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
    pub(super) fn disjunctions(&mut self, l: usize, first: &[OpId], shared: &[Lit]) {
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
    pub(super) fn add(&mut self, lits: Vec<Lit>) -> usize {
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

    pub(super) fn order(&mut self, before: usize, after: usize) {
        if before != after && !self.graph.children[before].contains(&after) {
            self.graph.children[before].push(after);
        }
    }

    /// The achievers of landmark `l` whose preconditions can all be reached
    /// from the initial state, deletes ignored, without achieving `l`: an
    /// operator that always achieves `l` is left out, and one that may
    /// (by a conditional effect) gives its other effects.
    pub(super) fn first_achievers(&self, l: usize) -> Vec<OpId> {
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
