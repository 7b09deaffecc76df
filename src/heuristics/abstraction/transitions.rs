//! What every abstraction has: an explicit abstract transition system.
//!
//! An abstraction maps each concrete state to one of `n` abstract states
//! (`0..n`). Whatever kind it is, a projection ([`super::projection`]) or a
//! Cartesian abstraction ([`super::cartesian`]), it then needs only its
//! transitions `s -o-> t` and its goal states to answer what cost
//! partitioning asks of it:
//!
//! - the goal distances under any cost function: Dijkstra's algorithm
//!   backwards from the goal states, which is why the transitions are stored
//!   by target;
//! - the *saturated* costs of those distances: per operator, the most any of
//!   its transitions needs, `max(0, h(s) - h(t))`; or, allowing negative
//!   costs, `max h(s) - h(t)` alone ([`Transitions::general_saturated_costs`]).
//!
//! Self-loops `s -o-> s` are left out: they never shorten a path. What is
//! kept of them is which operators never loop ([`Transitions::new`]): only
//! those may get a negative saturated cost, since a loop needs a cost of at
//! least 0 to keep every cycle's cost from going below 0.
//!
//! [`Abstraction`] is the closed set of kinds. Only the mapping of a concrete
//! state to its abstract state differs between them, and that lookup, done
//! for every abstraction in every evaluated state, is a `match` rather than a
//! virtual call.
//!
//! Example: states `0` (truck at `a`) and `1` (at `b`), transitions
//! `0 -drive-> 1` and `1 -drive back-> 0`, goal state `1`: under cost 1 for
//! both, the distances are `[1, 0]`, and the saturated cost of `drive` is 1,
//! of `drive back` 0.

use super::cartesian::Cartesian;
use super::projection::Projection;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An unreachable goal: the abstract state is a dead end.
pub const INFINITY: u32 = u32::MAX;

/// Abstract states, goal states and transitions, stored by target.
#[derive(Clone, Debug, Default)]
pub struct Transitions {
    num_states: u32,
    /// The abstract goal states, sorted.
    goals: Vec<u32>,
    /// Transitions into state `t`: `sources[starts[t]..starts[t + 1]]`, each
    /// with its operator in `operators` at the same index.
    starts: Vec<u32>,
    sources: Vec<u32>,
    operators: Vec<u32>,
    /// The operators with a transition here and no self-loop, sorted.
    strict: Vec<u32>,
}

impl Transitions {
    /// The system of `num_states` states with the goal states `goals`
    /// (sorted) and the transitions `edges` as `(target, source, operator)`;
    /// self-loops are dropped, after noting their operators (so `edges` must
    /// hold every self-loop: an operator that changes none of the
    /// abstraction's variables and has no edge counts as looping).
    /// Transitions into one state keep their order.
    pub fn new(num_states: u32, goals: Vec<u32>, edges: &[(u32, u32, u32)]) -> Transitions {
        let (mut moving, mut looping): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
        for &(t, s, o) in edges {
            if s == t {
                looping.push(o)
            } else {
                moving.push(o)
            }
        }
        for ops in [&mut moving, &mut looping] {
            ops.sort_unstable();
            ops.dedup();
        }
        moving.retain(|o| looping.binary_search(o).is_err());
        let mut starts = vec![0u32; num_states as usize + 1];
        for &(t, s, _) in edges {
            if s != t {
                starts[t as usize + 1] += 1;
            }
        }
        for i in 0..num_states as usize {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let total = starts[num_states as usize] as usize;
        let (mut sources, mut operators) = (vec![0; total], vec![0; total]);
        for &(t, s, o) in edges {
            if s != t {
                let at = next[t as usize] as usize;
                next[t as usize] += 1;
                sources[at] = s;
                operators[at] = o;
            }
        }
        Transitions {
            num_states,
            goals,
            starts,
            sources,
            operators,
            strict: moving,
        }
    }

    pub fn num_states(&self) -> u32 {
        self.num_states
    }

    pub fn num_transitions(&self) -> usize {
        self.sources.len()
    }

    /// Bytes of the transitions and indexes.
    pub fn bytes(&self) -> usize {
        4 * (self.starts.len()
            + self.sources.len()
            + self.operators.len()
            + self.goals.len()
            + self.strict.len())
    }

    /// Whether abstract state `s` is a goal state.
    pub fn is_goal(&self, s: u32) -> bool {
        self.goals.binary_search(&s).is_ok()
    }

    /// The operators with a transition here, sorted.
    pub fn operators_used(&self) -> Vec<usize> {
        let mut used: Vec<usize> = self.operators.iter().map(|&o| o as usize).collect();
        used.sort_unstable();
        used.dedup();
        used
    }

    /// Calls `visit(source, operator, target)` for every transition.
    pub fn for_each(&self, mut visit: impl FnMut(u32, u32, u32)) {
        for t in 0..self.num_states as usize {
            for i in self.starts[t] as usize..self.starts[t + 1] as usize {
                visit(self.sources[i], self.operators[i], t as u32);
            }
        }
    }

    /// Every abstract state's cheapest cost to an abstract goal state under
    /// `costs` (one per operator of the task), [`INFINITY`] where there is
    /// none: Dijkstra's algorithm backwards from the goal states.
    pub fn distances(&self, costs: &[u32], out: &mut Vec<u32>) {
        out.clear();
        out.resize(self.num_states as usize, INFINITY);
        let mut queue: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
        for &g in &self.goals {
            out[g as usize] = 0;
            queue.push(Reverse((0, g)));
        }
        while let Some(Reverse((d, t))) = queue.pop() {
            if d > out[t as usize] {
                continue;
            }
            let range = self.starts[t as usize] as usize..self.starts[t as usize + 1] as usize;
            for i in range {
                let s = self.sources[i] as usize;
                let nd = d.saturating_add(costs[self.operators[i] as usize]);
                if nd < out[s] {
                    out[s] = nd;
                    queue.push(Reverse((nd, s as u32)));
                }
            }
        }
    }

    /// The *saturated* costs of goal distances `h`: the least cost of each
    /// operator that keeps every finite distance, `max(0, h(s) - h(t))` over
    /// its transitions `s -> t` with `h(t)` finite. Written into `out` (one
    /// per operator; operators without transitions here get 0).
    pub fn saturated_costs(&self, h: &[u32], out: &mut [u32]) {
        out.fill(0);
        for t in 0..self.num_states as usize {
            if h[t] == INFINITY {
                continue;
            }
            let range = self.starts[t] as usize..self.starts[t + 1] as usize;
            for i in range {
                let needed = h[self.sources[i] as usize].saturating_sub(h[t]);
                let o = self.operators[i] as usize;
                out[o] = out[o].max(needed);
            }
        }
    }

    /// The saturated costs of goal distances `h` when costs may be negative
    /// (general cost partitioning; Seipp, Keller and Helmert 2020, Sect. 3):
    /// per operator, `max h(s) - h(t)` over its transitions between states of
    /// finite distance, which is below 0 where the operator only leads away
    /// from the goal. An operator with a self-loop gets at least 0, one
    /// without transitions here 0, and one whose every transition touches a
    /// dead end [`NEVER_NEEDED`]: no plan from a state that can reach the
    /// goal uses it.
    pub fn general_saturated_costs(&self, h: &[u32], out: &mut [i64]) {
        out.fill(0);
        for &o in &self.strict {
            out[o as usize] = NEVER_NEEDED;
        }
        for t in 0..self.num_states as usize {
            if h[t] == INFINITY {
                continue;
            }
            let range = self.starts[t] as usize..self.starts[t + 1] as usize;
            for i in range {
                let source = h[self.sources[i] as usize];
                if source == INFINITY {
                    continue;
                }
                let o = self.operators[i] as usize;
                out[o] = out[o].max(i64::from(source) - i64::from(h[t]));
            }
        }
    }
}

/// The general saturated cost of an operator no plan from a solvable state
/// uses here ([`Transitions::general_saturated_costs`]): minus infinity, so
/// that the abstractions after it may charge it any cost.
pub const NEVER_NEEDED: i64 = i64::MIN;

impl AsRef<Transitions> for Transitions {
    fn as_ref(&self) -> &Transitions {
        self
    }
}

/// An abstraction of either kind; cost partitioning sees only its
/// [`Transitions`] (through `AsRef`).
#[derive(Clone, Debug)]
pub enum Abstraction {
    Projection(Projection),
    Cartesian(Cartesian),
}

impl Abstraction {
    /// The abstract state of a concrete state, given as a packed state and
    /// all its variables' values (see
    /// [`super::variables::Variables::values`]).
    #[inline]
    pub fn abstract_state(&self, values: &[u32], state: &[u64]) -> usize {
        match self {
            Abstraction::Projection(p) => p.rank(values),
            Abstraction::Cartesian(c) => c.abstract_state(values, state),
        }
    }

    /// Bytes of the transitions and of the mapping from concrete states.
    pub fn bytes(&self) -> usize {
        match self {
            Abstraction::Projection(p) => p.bytes(),
            Abstraction::Cartesian(c) => c.bytes(),
        }
    }
}

impl AsRef<Transitions> for Abstraction {
    fn as_ref(&self) -> &Transitions {
        match self {
            Abstraction::Projection(p) => p.as_ref(),
            Abstraction::Cartesian(c) => c.as_ref(),
        }
    }
}
