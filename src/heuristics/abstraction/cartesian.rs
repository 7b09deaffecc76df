//! Cartesian abstractions, refined by CEGAR (Seipp and Helmert, JAIR 2018).
//!
//! A projection keeps some variables entirely and forgets the others. A
//! *Cartesian* abstraction keeps a little of every variable: each abstract
//! state is a product of value sets, one per variable,
//!
//! ```text
//! a = A_1 × A_2 × ... × A_n        A_i ⊆ dom(v_i)
//! ```
//!
//! and the abstract states partition the concrete ones. There is a
//! transition `a -o-> b` if some concrete state of `a` goes by `o` to one of
//! `b`. Since both are products, this is a test per variable: `o`'s part on
//! `v_i` can take some value of `A_i` to one of `B_i`.
//!
//! *Counterexample-guided abstraction refinement* (CEGAR) grows the
//! abstraction where it is wrong. It starts from the single abstract state
//! (every value of every variable) and repeats:
//!
//! 1. find an optimal abstract plan from the initial state's abstract state
//!    to an abstract goal state (A*, with the goal distances found so far as
//!    its heuristic);
//! 2. execute it in the concrete task from the initial state, following the
//!    concrete state through the abstract states the plan visits, until a
//!    *flaw* shows: (a) the concrete state is not in the abstract state the
//!    plan visits next, (b) the next operator's precondition fails, or
//!    (c) the plan ends but the concrete state is not a goal;
//! 3. split the abstract state where the flaw showed in two, on the flawed
//!    variable: the values that would have gone on along the plan (the
//!    *wanted* ones) and the rest, which hold the concrete state;
//!
//! until the plan has no flaw (it is a concrete plan, so the abstraction's
//! estimate of the initial state is perfect) or a limit on states,
//! transitions or refinements is reached. A split only touches the
//! transitions of the state split, so they are updated in place.
//!
//! The splits form a binary tree, the *refinement hierarchy*: each inner
//! node asks whether a variable's value is in a set. Walking it from the root
//! maps a concrete state to its abstract state.
//!
//! Example (the truck task of the tests: a truck on `a`, `b` and a package
//! at `a`, at `b` or in the truck; the goal is the package at `b`): the one
//! state is a goal, so the empty plan's flaw is (c), and the split on the
//! package separates "at `b`" (goal) from the rest. The next plan is
//! `unload at b` from the rest, whose precondition (package in the truck)
//! fails: split the rest into "in the truck" and "at `a`". Then `load at a`
//! needs the truck at `a`, and so on, until the abstract plan is the real
//! one, of cost 3.
//!
//! A state's abstract goal here is a set of facts of which it must hold one
//! (for a goal fact, just that fact; for a landmark, see
//! [`super::decomposition`]).

mod refinement;

use super::transitions::Transitions;
use super::variables::{Var, Variables};
use refinement::Refinement;

/// Limits on one refinement loop; whichever is reached first ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most abstract states.
    pub max_states: u32,
    /// The most transitions (self-loops not counted).
    pub max_transitions: usize,
    /// The most splits.
    pub max_refinements: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 10_000,
            max_transitions: 1_000_000,
            max_refinements: u32::MAX,
        }
    }
}

/// How a refinement loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The abstract plan is a concrete plan: the initial state's estimate is
    /// its true cost (to the abstraction's goal, under its costs).
    Solved,
    /// No abstract plan: the initial state is a dead end.
    Unsolvable,
    /// A limit was reached first.
    Limit,
}

/// A marker in a hierarchy's child slot: the child is abstract state
/// `slot & !LEAF`.
const LEAF: u32 = 1 << 31;

/// A split: states with the variable's value in the set go to `child[1]`.
#[derive(Clone, Copy, Debug)]
struct Node {
    var: Var,
    /// The set's first word in [`Hierarchy::pool`].
    set: u32,
    child: [u32; 2],
}

const _: () = assert!(std::mem::size_of::<Node>() == 16);

/// The refinement hierarchy: concrete state to abstract state.
#[derive(Clone, Debug)]
struct Hierarchy {
    nodes: Vec<Node>,
    /// The value sets of the nodes, each over its variable's domain.
    pool: Vec<u64>,
    /// The root: a node, or a leaf while there is one state.
    root: u32,
}

impl Hierarchy {
    #[inline]
    fn lookup(&self, values: &[u32]) -> usize {
        let mut at = self.root;
        while at & LEAF == 0 {
            let node = &self.nodes[at as usize];
            let v = values[node.var as usize];
            let word = self.pool[(node.set + v / 64) as usize];
            at = node.child[(word >> (v % 64) & 1) as usize];
        }
        (at & !LEAF) as usize
    }
}

/// The most entries of a [`Cartesian::table`].
const MAX_TABLE: u64 = 1 << 16;

/// A Cartesian abstraction, refined and then frozen: its hierarchy and its
/// transitions.
#[derive(Clone, Debug)]
pub struct Cartesian {
    /// The facts of the abstraction's goal, as a packed state's bits, and
    /// a goal state: every goal state has distance 0 under any costs, so a
    /// state with a goal fact may be sent to any of them.
    goal_facts: Vec<u64>,
    goal_state: u32,
    /// The refinement hierarchy for the states without a goal fact: a split
    /// that only sets goal values apart is left out, as such a state always
    /// takes its other side. (On a landmark's subtask these splits form a
    /// chain, one per variable with values after the landmark, that every
    /// state would otherwise walk.)
    hierarchy: Hierarchy,
    /// The variables the hierarchy tests, sorted, with mixed-radix
    /// multipliers as a projection's ([`super::projection`]).
    split_vars: Vec<(Var, u32)>,
    /// When those variables have at most [`MAX_TABLE`] combinations of
    /// values, the abstract state of each (the hierarchy walked once for
    /// all, so a lookup is a rank and a read); else empty.
    table: Vec<u32>,
    system: Transitions,
    outcome: Outcome,
    refinements: u32,
}

impl Cartesian {
    /// Refines the abstraction of `vars` whose goal states are those with a
    /// fact of `goal`, from the concrete state `init` (its values), with the
    /// operator costs `costs`, within `limits`.
    pub fn new(
        vars: &Variables,
        init: &[u32],
        goal: &[(Var, u32)],
        costs: &[u32],
        limits: &Limits,
    ) -> Cartesian {
        let mut r = Refinement::new(vars, goal, costs);
        let mut refinements = 0;
        let outcome = loop {
            if r.num_states() >= limits.max_states
                || r.transitions >= limits.max_transitions
                || refinements >= limits.max_refinements
            {
                break Outcome::Limit;
            }
            let start = r.hierarchy.lookup(init) as u32;
            let Some(plan) = r.astar(start) else {
                break Outcome::Unsolvable;
            };
            let Some((state, var, wanted)) = r.flaw(init, start, &plan) else {
                break Outcome::Solved;
            };
            r.split(state, var, &wanted);
            refinements += 1;
        };
        let mut edges = Vec::with_capacity(r.transitions);
        for (s, out) in r.out.iter().enumerate() {
            edges.extend(out.iter().map(|&(o, t)| (t, s as u32, o)));
        }
        // Self-loops too: the system notes which operators loop.
        for (s, loops) in r.loops.iter().enumerate() {
            edges.extend(loops.iter().map(|&o| (s as u32, s as u32, o)));
        }
        let goals = (0..r.num_states())
            .filter(|&s| r.goal[s as usize])
            .collect();
        let hierarchy = r.without_goal_splits();
        let (split_vars, table) = tabulate(vars, &hierarchy);
        let mut goal_facts = Vec::new();
        for &(v, x) in goal {
            let f = vars.domains[v as usize].facts[x as usize].index();
            if goal_facts.len() <= f / 64 {
                goal_facts.resize(f / 64 + 1, 0);
            }
            goal_facts[f / 64] |= 1 << (f % 64);
        }
        let goal_state = (0..r.num_states())
            .find(|&s| r.goal[s as usize])
            .unwrap_or(0);
        Cartesian {
            system: Transitions::new(r.num_states(), goals, &edges),
            goal_facts,
            goal_state,
            hierarchy,
            split_vars,
            table,
            outcome,
            refinements,
        }
    }

    /// The abstract state of a concrete state, given as a packed state and
    /// all its variables' values: a goal state if it has a goal fact, else a
    /// read from the table if there is one, else a walk down the refinement
    /// hierarchy.
    #[inline]
    pub fn abstract_state(&self, values: &[u32], state: &[u64]) -> usize {
        if (self.goal_facts.iter().zip(state)).any(|(g, s)| g & s != 0) {
            return self.goal_state as usize;
        }
        if self.table.is_empty() {
            return self.hierarchy.lookup(values);
        }
        let rank: usize = (self.split_vars.iter())
            .map(|&(v, m)| (values[v as usize] * m) as usize)
            .sum();
        self.table[rank] as usize
    }

    pub fn num_states(&self) -> u32 {
        self.system.num_states()
    }

    pub fn num_transitions(&self) -> usize {
        self.system.num_transitions()
    }

    /// Bytes of the transitions and of the hierarchy.
    pub fn bytes(&self) -> usize {
        self.system.bytes()
            + 16 * self.hierarchy.nodes.len()
            + 8 * self.hierarchy.pool.len()
            + 4 * self.table.len()
            + 8 * self.split_vars.len()
            + 8 * self.goal_facts.len()
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    pub fn refinements(&self) -> u32 {
        self.refinements
    }
}

impl AsRef<Transitions> for Cartesian {
    fn as_ref(&self) -> &Transitions {
        &self.system
    }
}

/// The variables `hierarchy` tests with their multipliers, and the table of
/// abstract states by rank if it has at most [`MAX_TABLE`] entries.
fn tabulate(vars: &Variables, hierarchy: &Hierarchy) -> (Vec<(Var, u32)>, Vec<u32>) {
    let mut tested: Vec<Var> = hierarchy.nodes.iter().map(|n| n.var).collect();
    tested.sort_unstable();
    tested.dedup();
    let mut split_vars = Vec::with_capacity(tested.len());
    let mut n: u64 = 1;
    for &v in &tested {
        split_vars.push((v, n as u32));
        n *= u64::from(vars.domains[v as usize].size());
        if n > MAX_TABLE {
            return (split_vars, Vec::new());
        }
    }
    // Every combination of values, the first variable fastest.
    let mut values = vec![0u32; vars.len()];
    let mut table = Vec::with_capacity(n as usize);
    for _ in 0..n {
        table.push(hierarchy.lookup(&values) as u32);
        for &(v, _) in &split_vars {
            values[v as usize] += 1;
            if values[v as usize] < vars.domains[v as usize].size() {
                break;
            }
            values[v as usize] = 0;
        }
    }
    (split_vars, table)
}

#[cfg(test)]
mod tests;
