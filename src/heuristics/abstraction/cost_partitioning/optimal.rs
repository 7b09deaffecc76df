//! Optimal cost partitioning: the best split of the costs for one state,
//! found by linear programming (Katz and Domshlak 2010; Pommerening,
//! Helmert, Röger and Seipp 2015).
//!
//! Saturated and uniform cost partitioning each pick one split of the
//! costs by a rule. The *optimal* one asks for the split that gives the
//! state at hand the largest sum, and it can be found exactly, because the
//! goal distance in an abstraction is itself the optimum of a linear
//! program (the dual of shortest paths): under costs `c_i`, the distances
//! `h_i` are the largest numbers `d_i(a)` with
//!
//! ```text
//! d_i(a) <= c_i(o) + d_i(b)    for every abstract transition a -o-> b
//! d_i(g) <= 0                  for every abstract goal state g
//! ```
//!
//! since every path to a goal bounds `d_i` by its cost, and the true
//! distances meet every constraint. Letting the costs be variables too
//! gives one LP for all abstractions at once, solved anew in each state s:
//!
//! ```text
//! maximise   sum_i d_i(alpha_i(s))
//! subject to d_i(a) <= c_i(o) + d_i(b)      each transition a -o-> b of abstraction i
//!            d_i(g)  = 0                    each abstract goal state g of abstraction i
//!            sum_i c_i(o) <= c(o)           each operator o
//!            c_i(o) >= 0                    (non-negative cost partitioning)
//! ```
//!
//! Its optimum is at least the estimate of every cost partitioning of the
//! same abstractions (each is one feasible point), saturated in any order
//! and uniform alike, and at most h*(s).
//!
//! This is the goal-distance form of the LP. Scorpion's and the papers' is
//! the forward form: distances *from* `alpha_i(s)`, fixed at 0 there, and
//! `h_i <= d_i(g)` for every goal state. Both are duals of the same shortest
//! paths and give the same optimum; the goal-distance form fits planbox's
//! transitions, stored by target for the backward Dijkstra, and only its
//! objective depends on the state. Self-loops `a -o-> a` are left out, as
//! [`Transitions`] leaves them out: they say `c_i(o) >= 0`, which the
//! non-negative variant asks of every cost anyway. (The *general* variant,
//! which lets costs go negative, needs them, and is not built here.)
//!
//! The LP is kept small without changing its optimum:
//!
//! - only abstract states reachable from `alpha_i(s)` that can reach a goal
//!   get a variable (the others' constraints can always be met by a
//!   distance low enough or high enough), and an abstract goal state is the
//!   constant 0;
//! - an abstraction whose `alpha_i(s)` is a goal state adds at most 0, so it
//!   is left out, which leaves its costs to the others;
//! - an operator with a transition in the LP of only one abstraction gives
//!   it all its cost (no other abstraction wants any), a constant rather
//!   than a variable;
//! - `0 <= d_i(a) <= h_i(a)` (the distance under the full costs): no share
//!   of the costs makes a distance longer than under the full costs, or
//!   negative.
//!
//! The LP is solved in floating point (microlp, a simplex method in pure
//! Rust). Its optimum need not be a whole number (three abstractions that
//! each need one of two operators shared pairwise get 1.5 together), but
//! h* is one, so the estimate is the optimum rounded *up* after taking off
//! 0.01 for round-off, `ceil(optimum - 0.01)`: admissible while the solver
//! errs by less than 0.01 (its tolerance is 1e-7 per constraint), and the
//! rounding Fast Downward and Scorpion use for their LP heuristics.
//!
//! Example: abstraction A reaches its goal by `o1` or `o2`, B by `o2` or
//! `o3`, C by `o3` or `o1`, each operator of cost 1. Saturated cost
//! partitioning gives 1 in every order (the first takes both its
//! operators), the optimal one half of each operator to each abstraction
//! that uses it, 0.5 + 0.5 + 0.5 = 1.5, estimate 2.

use super::super::transitions::{INFINITY, Transitions};
use microlp::{ComparisonOp, OptimizationDirection, Problem, Variable};

/// Round-off taken off the LP's optimum before rounding it up.
pub const EPSILON: f64 = 0.01;

/// One abstraction's transitions by source, between states that can reach
/// a goal, with each state's goal distance under the full costs.
#[derive(Clone, Debug)]
struct Graph {
    /// Transitions out of `a`: `edges[starts[a]..starts[a + 1]]`, each as
    /// `(operator, target)`.
    starts: Vec<u32>,
    edges: Vec<(u32, u32)>,
    goal: Vec<bool>,
    /// Goal distances under the full costs, [`INFINITY`] for a dead end.
    full: Vec<u32>,
}

impl Graph {
    fn new(system: &Transitions, costs: &[u32]) -> Graph {
        let n = system.num_states() as usize;
        let mut full = Vec::new();
        system.distances(costs, &mut full);
        let alive = |s: u32| full[s as usize] != INFINITY;
        let mut starts = vec![0u32; n + 1];
        system.for_each(|a, _, b| {
            if alive(a) && alive(b) {
                starts[a as usize + 1] += 1;
            }
        });
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut edges = vec![(0, 0); starts[n] as usize];
        system.for_each(|a, o, b| {
            if alive(a) && alive(b) {
                edges[next[a as usize] as usize] = (o, b);
                next[a as usize] += 1;
            }
        });
        let goal = (0..n as u32).map(|s| system.is_goal(s)).collect();
        Graph {
            starts,
            edges,
            goal,
            full,
        }
    }

    fn out(&self, a: u32) -> &[(u32, u32)] {
        &self.edges[self.starts[a as usize] as usize..self.starts[a as usize + 1] as usize]
    }
}

/// What one state's LP came to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Solved {
    /// An abstraction's abstract state cannot reach a goal.
    DeadEnd,
    /// The LP's optimum (0 without an LP, when no abstraction is left).
    Optimum(f64),
    /// The solver failed; this is the maximum over the single abstractions'
    /// estimates instead, admissible but weaker.
    Failed(u32),
}

impl Solved {
    /// The estimate: the optimum rounded up after [`EPSILON`] is taken off;
    /// `None` for a dead end.
    pub fn estimate(self) -> Option<u32> {
        match self {
            Solved::DeadEnd => None,
            Solved::Optimum(x) => Some((x - EPSILON).ceil().max(0.0) as u32),
            Solved::Failed(h) => Some(h),
        }
    }
}

/// The optimal cost partitioning of a set of abstractions, one LP per
/// state; see the module docs.
#[derive(Clone, Debug)]
pub struct Optimal {
    graphs: Vec<Graph>,
    costs: Vec<u32>,
    /// LPs solved, and those the solver failed on.
    pub solved: u64,
    pub failed: u64,
    /// Scratch: each abstract state's LP variable (per abstraction, reset
    /// after use), the states reached, and per operator the abstraction
    /// that last used it and how many use it.
    var_of: Vec<Vec<Option<Variable>>>,
    seen: Vec<Vec<bool>>,
    reached: Vec<Vec<u32>>,
    last_user: Vec<u32>,
    users: Vec<u32>,
}

impl Optimal {
    /// The LP's data for `abstractions` under the task's `costs`.
    pub fn new<A: AsRef<Transitions>>(abstractions: &[A], costs: &[u32]) -> Optimal {
        let graphs: Vec<Graph> = (abstractions.iter())
            .map(|a| Graph::new(a.as_ref(), costs))
            .collect();
        let var_of = (graphs.iter()).map(|g| vec![None; g.goal.len()]).collect();
        let seen = (graphs.iter()).map(|g| vec![false; g.goal.len()]).collect();
        Optimal {
            seen,
            reached: vec![Vec::new(); graphs.len()],
            graphs,
            costs: costs.to_vec(),
            solved: 0,
            failed: 0,
            var_of,
            last_user: vec![u32::MAX; costs.len()],
            users: vec![0; costs.len()],
        }
    }

    /// Solves the LP of the state whose abstract state in abstraction `i`
    /// is `ranks[i]`.
    pub fn solve(&mut self, ranks: &[usize]) -> Solved {
        if (self.graphs.iter().zip(ranks)).any(|(g, &r)| g.full[r] == INFINITY) {
            return Solved::DeadEnd;
        }
        self.reach(ranks);
        if self.reached.iter().all(Vec::is_empty) {
            return Solved::Optimum(0.0);
        }
        self.count_users();
        let problem = self.build(ranks);
        let optimum = problem
            .solve()
            .ok()
            .and_then(|outcome| outcome.into_solution().ok())
            .map(|solution| solution.objective());
        for (i, reached) in self.reached.iter().enumerate() {
            for &a in reached {
                self.var_of[i][a as usize] = None;
                self.seen[i][a as usize] = false;
            }
        }
        match optimum {
            Some(x) if x.is_finite() => {
                self.solved += 1;
                Solved::Optimum(x)
            }
            _ => {
                self.failed += 1;
                let single = (self.graphs.iter().zip(ranks)).map(|(g, &r)| g.full[r]);
                Solved::Failed(single.max().unwrap_or(0))
            }
        }
    }

    /// Fills `reached[i]` with abstraction `i`'s non-goal states reachable
    /// from `ranks[i]` (none when that is a goal state), in the order a
    /// depth-first walk finds them.
    fn reach(&mut self, ranks: &[usize]) {
        for (i, g) in self.graphs.iter().enumerate() {
            let reached = &mut self.reached[i];
            reached.clear();
            let start = ranks[i] as u32;
            if g.goal[start as usize] {
                continue;
            }
            let seen = &mut self.seen[i];
            seen[start as usize] = true;
            reached.push(start);
            let mut stack = vec![start];
            while let Some(a) = stack.pop() {
                for &(_, b) in g.out(a) {
                    if !seen[b as usize] && !g.goal[b as usize] {
                        seen[b as usize] = true;
                        reached.push(b);
                        stack.push(b);
                    }
                }
            }
        }
    }

    /// Counts, per operator, the abstractions with a transition of it in
    /// the LP.
    fn count_users(&mut self) {
        self.users.fill(0);
        self.last_user.fill(u32::MAX);
        for (i, g) in self.graphs.iter().enumerate() {
            for &a in &self.reached[i] {
                for &(o, _) in g.out(a) {
                    if self.last_user[o as usize] != i as u32 {
                        self.last_user[o as usize] = i as u32;
                        self.users[o as usize] += 1;
                    }
                }
            }
        }
    }

    /// The LP of the module docs over the states reached.
    fn build(&mut self, ranks: &[usize]) -> Problem {
        let mut problem = Problem::new(OptimizationDirection::Maximize);
        for (i, g) in self.graphs.iter().enumerate() {
            for &a in &self.reached[i] {
                let objective = if a as usize == ranks[i] { 1.0 } else { 0.0 };
                let bound = f64::from(g.full[a as usize]);
                self.var_of[i][a as usize] = Some(problem.add_var(objective, (0.0, bound)));
            }
        }
        // Cost variables c_i(o) of the shared operators: all of each
        // operator's, and the current abstraction's (`owner` tells whose).
        let mut shares: Vec<Vec<Variable>> = vec![Vec::new(); self.costs.len()];
        let mut share_of: Vec<Option<Variable>> = vec![None; self.costs.len()];
        let mut owner = vec![u32::MAX; self.costs.len()];
        let mut terms = Vec::with_capacity(3);
        for (i, g) in self.graphs.iter().enumerate() {
            let vars = &self.var_of[i];
            for &a in &self.reached[i] {
                for &(o, b) in g.out(a) {
                    let o = o as usize;
                    let cost = f64::from(self.costs[o]);
                    terms.clear();
                    terms.push((vars[a as usize].expect("reached"), 1.0));
                    let mut rhs = 0.0;
                    // b is reached from a, or else a goal state: d(b) = 0.
                    if let Some(d_b) = vars[b as usize] {
                        terms.push((d_b, -1.0));
                    }
                    if self.users[o] > 1 {
                        if owner[o] != i as u32 {
                            owner[o] = i as u32;
                            let c = problem.add_var(0.0, (0.0, cost));
                            shares[o].push(c);
                            share_of[o] = Some(c);
                        }
                        terms.push((share_of[o].expect("added above"), -1.0));
                    } else {
                        rhs = cost;
                    }
                    problem.add_constraint(&terms[..], ComparisonOp::Le, rhs);
                }
            }
        }
        for (o, vars) in shares.iter().enumerate() {
            if !vars.is_empty() {
                let terms: Vec<(Variable, f64)> = vars.iter().map(|&c| (c, 1.0)).collect();
                problem.add_constraint(&terms[..], ComparisonOp::Le, f64::from(self.costs[o]));
            }
        }
        problem
    }
}
