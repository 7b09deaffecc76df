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

mod backchain;
#[cfg(test)]
mod tests;

use backchain::Builder;

use crate::task::{FactId, OpId, Task};

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
