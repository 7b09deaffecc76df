//! Projections: the task seen through a few of its variables, solved exactly.
//!
//! A *pattern* is a set of variables. Projecting a state onto it keeps their
//! values and forgets the rest; projecting an operator keeps what it
//! requires of and does to the pattern's variables. Every plan of the task is
//! then a path of the projection, so the cheapest abstract path from a
//! state's projection to an abstract goal state is an admissible estimate.
//! Computing it for every abstract state once, before the search, gives a
//! *pattern database* (Culberson and Schaeffer 1998; Edelkamp 2001).
//!
//! An abstract state is one value per pattern variable, and its index is
//! its *perfect hash* (a mixed-radix number):
//!
//! ```text
//! rank(s) = Σ_i value(s, v_i) · N_i      N_0 = 1, N_{i+1} = N_i · |dom(v_i)|
//! ```
//!
//! The transitions are built once, explicitly: for every operator that
//! changes a pattern variable, every abstract state where it can apply
//! (its other variables are unknown, so it can apply wherever the pattern's
//! part allows it) leads to the state its effects give. They are stored by
//! target state, so a backward Dijkstra search from the goal states gives the
//! goal distances under any cost function, which saturated cost partitioning
//! ([`super::cost_partitioning`]) asks for again and again.
//!
//! Example: a truck drives between `a` and `b` (cost 1 each way), and the
//! goal is to be at `b`. The projection on the truck's variable has the two
//! states `a` (rank 0) and `b` (rank 1), the transitions `a -> b` and
//! `b -> a`, and goal distances `[1, 0]`.

pub use super::transitions::INFINITY;
use super::transitions::Transitions;
use super::variables::{Var, Variables};

/// The projection of a task on one pattern, with its transitions.
#[derive(Clone, Debug)]
pub struct Projection {
    /// The variables, sorted.
    pattern: Vec<Var>,
    /// `N_i` of the module docs, per pattern variable.
    multipliers: Vec<u32>,
    num_states: u32,
    /// The abstract states, goal states and transitions.
    system: Transitions,
}

/// Why a projection was not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooLarge {
    States,
    Transitions,
}

impl Projection {
    /// The projection of `vars` on `pattern` (sorted, distinct variables),
    /// unless it has more than `max_states` states or `max_transitions`
    /// transitions.
    pub fn new(
        vars: &Variables,
        pattern: &[Var],
        max_states: u32,
        max_transitions: usize,
    ) -> Result<Projection, TooLarge> {
        let mut multipliers = Vec::with_capacity(pattern.len());
        let mut n: u64 = 1;
        for &v in pattern {
            multipliers.push(n as u32);
            n *= u64::from(vars.domains[v as usize].size());
            if n > u64::from(max_states) {
                return Err(TooLarge::States);
            }
        }
        let num_states = n as u32;
        let sizes: Vec<u32> = (pattern.iter())
            .map(|&v| vars.domains[v as usize].size())
            .collect();
        let nones: Vec<u32> = (pattern.iter())
            .map(|&v| vars.domains[v as usize].none_value())
            .collect();
        let mut p = Projection {
            pattern: pattern.to_vec(),
            multipliers,
            num_states,
            system: Transitions::default(),
        };
        // Goal states: every state that agrees with the goal on the pattern.
        let mut required: Vec<Option<u32>> = vec![None; pattern.len()];
        let mut forbidden: Vec<Vec<u32>> = vec![Vec::new(); pattern.len()];
        for &(v, value) in &vars.goal {
            if let Ok(i) = pattern.binary_search(&v) {
                required[i] = Some(value);
            }
        }
        for &(v, value) in &vars.neg_goal {
            if let Ok(i) = pattern.binary_search(&v) {
                forbidden[i].push(value);
            }
        }
        let allowed: Vec<Vec<u32>> = (0..pattern.len())
            .map(|i| {
                (0..sizes[i])
                    .filter(|&x| required[i].is_none_or(|r| r == x) && !forbidden[i].contains(&x))
                    .collect()
            })
            .collect();
        let mut goals = Vec::new();
        p.for_each_state(&allowed, |rank, _| goals.push(rank));
        goals.sort_unstable();

        // Transitions, as (target, source, operator).
        let mut edges: Vec<(u32, u32, u32)> = Vec::new();
        let mut moves = 0;
        let mut values: Vec<u32> = vec![0; pattern.len()];
        for (o, op) in vars.operators.iter().enumerate() {
            if !op.possible {
                continue;
            }
            let parts: Vec<(usize, &super::variables::Part)> = (op.parts.iter())
                .filter_map(|part| pattern.binary_search(&part.var).ok().map(|i| (i, part)))
                .collect();
            if parts
                .iter()
                .all(|(_, part)| part.effect == super::variables::Effect::Keep)
            {
                continue;
            }
            let allowed: Vec<Vec<u32>> = (0..pattern.len())
                .map(|i| match parts.iter().find(|(j, _)| *j == i) {
                    Some((_, part)) => (0..sizes[i]).filter(|&x| part.allows(x)).collect(),
                    None => (0..sizes[i]).collect(),
                })
                .collect();
            let (mut too_many, mut looped) = (false, false);
            p.for_each_state(&allowed, |source, vals| {
                values.copy_from_slice(vals);
                let mut target = source;
                for &(i, part) in &parts {
                    let after = part.apply(values[i], nones[i]);
                    target = target - values[i] * p.multipliers[i] + after * p.multipliers[i];
                }
                if target != source {
                    edges.push((target, source, o as u32));
                    moves += 1;
                    too_many |= moves > max_transitions;
                } else if !looped {
                    // One self-loop tells the system that the operator loops.
                    edges.push((target, source, o as u32));
                    looped = true;
                }
            });
            if too_many {
                return Err(TooLarge::Transitions);
            }
        }
        p.system = Transitions::new(num_states, goals, &edges);
        Ok(p)
    }

    /// Calls `visit(rank, values)` for every state whose value of pattern
    /// variable `i` is in `allowed[i]`, in increasing rank.
    fn for_each_state(&self, allowed: &[Vec<u32>], mut visit: impl FnMut(u32, &[u32])) {
        if allowed.iter().any(Vec::is_empty) {
            return;
        }
        let k = allowed.len();
        let mut at = vec![0usize; k];
        let mut values: Vec<u32> = allowed.iter().map(|a| a[0]).collect();
        loop {
            let rank = (values.iter().zip(&self.multipliers))
                .map(|(v, m)| v * m)
                .sum();
            visit(rank, &values);
            // The next combination, the first variable fastest.
            let mut i = 0;
            loop {
                if i == k {
                    return;
                }
                at[i] += 1;
                if at[i] < allowed[i].len() {
                    values[i] = allowed[i][at[i]];
                    break;
                }
                at[i] = 0;
                values[i] = allowed[i][0];
                i += 1;
            }
        }
    }

    pub fn pattern(&self) -> &[Var] {
        &self.pattern
    }

    /// Each pattern variable with its multiplier in the perfect hash.
    pub fn terms(&self) -> impl Iterator<Item = (&Var, &u32)> {
        self.pattern.iter().zip(&self.multipliers)
    }

    pub fn num_states(&self) -> u32 {
        self.num_states
    }

    pub fn num_transitions(&self) -> usize {
        self.system.num_transitions()
    }

    /// Bytes of the transitions and indexes.
    pub fn bytes(&self) -> usize {
        self.system.bytes() + 8 * self.pattern.len()
    }

    /// The operators with a transition here (one that changes the state),
    /// sorted.
    pub fn operators_used(&self) -> Vec<usize> {
        self.system.operators_used()
    }

    /// The values of the pattern's variables in abstract state `rank`.
    pub fn values_of(&self, rank: u32, vars: &Variables) -> Vec<u32> {
        (self.pattern.iter().zip(&self.multipliers))
            .map(|(&v, &m)| rank / m % vars.domains[v as usize].size())
            .collect()
    }

    /// Whether abstract state `rank` is a goal state.
    pub fn is_goal(&self, rank: u32) -> bool {
        self.system.is_goal(rank)
    }

    /// The abstract state of a concrete state, given all its variables'
    /// values (see [`Variables::values`]).
    #[inline]
    pub fn rank(&self, values: &[u32]) -> usize {
        (self.pattern.iter().zip(&self.multipliers))
            .map(|(&v, &m)| (values[v as usize] * m) as usize)
            .sum()
    }

    /// Every abstract state's goal distance under `costs`; see
    /// [`Transitions::distances`].
    pub fn distances(&self, costs: &[u32], out: &mut Vec<u32>) {
        self.system.distances(costs, out);
    }

    /// The saturated costs of goal distances `h`; see
    /// [`Transitions::saturated_costs`].
    pub fn saturated_costs(&self, h: &[u32], out: &mut [u32]) {
        self.system.saturated_costs(h, out);
    }
}

impl AsRef<Transitions> for Projection {
    fn as_ref(&self) -> &Transitions {
        &self.system
    }
}

#[cfg(test)]
mod tests;
