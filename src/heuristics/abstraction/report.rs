//! What the abstraction heuristics see in one state, for people: each
//! pattern database as a table, each one's estimate, and how the cost
//! partitionings add them up (`planbox abstractions`, docs/teaching.md).

use super::CostPartitioned;
use super::cost_partitioning::optimal::{Optimal, Solved};
use super::cost_partitioning::{self, greedy_order};
use super::transitions::{Abstraction, INFINITY, Transitions};
use super::variables::Var;
use crate::task::{FactId, OpId, Task};

/// One row of a pattern database: an abstract state and its goal distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// One value per pattern variable (see [`Report::value_name`]).
    pub values: Vec<u32>,
    /// `None` for a dead end.
    pub distance: Option<u32>,
    pub goal: bool,
}

/// One projection (or Cartesian abstraction, without a pattern or rows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectionReport {
    /// Empty for a Cartesian abstraction.
    pub pattern: Vec<Var>,
    pub states: u32,
    pub transitions: usize,
    /// Every abstract state under the full costs, in rank order (empty when
    /// there are more than the report's row limit).
    pub rows: Vec<Row>,
    /// The state's estimate under the full costs.
    pub estimate: Option<u32>,
}

/// One step of a saturated cost partitioning: an abstraction, the
/// estimate it gives the state under the costs left to it, and the
/// operators whose cost it takes (the saturated costs above 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub projection: usize,
    pub estimate: Option<u32>,
    pub takes: Vec<(OpId, u32)>,
}

/// The abstractions of a task seen from one state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Per variable, its facts (its values, *none* not included) and
    /// whether it has the value *none*.
    pub variables: Vec<(Vec<FactId>, bool)>,
    pub projections: Vec<ProjectionReport>,
    /// The best single projection's estimate.
    pub maximum: Option<u32>,
    pub uniform: Option<u32>,
    /// The greedy order for the state, step by step, and the sum.
    pub saturated: Vec<Step>,
    pub saturated_total: Option<u32>,
}

impl Report {
    /// The name of value `value` of variable `var`: its fact, or `none`.
    pub fn value_name(&self, task: &Task, var: Var, value: u32) -> String {
        let (facts, _) = &self.variables[var as usize];
        match facts.get(value as usize) {
            Some(&f) => task.fact(f).to_string(),
            None => "none".to_string(),
        }
    }
}

fn finite(h: u32) -> Option<u32> {
    (h != INFINITY).then_some(h)
}

impl CostPartitioned {
    /// The optimal cost partitioning of the abstractions for `state`: the
    /// linear program of [`cost_partitioning::optimal`], solved once (slow
    /// where the abstractions have many states).
    pub fn optimal_for(&mut self, state: &[u64]) -> Solved {
        self.rank(state);
        Optimal::new(&self.abstractions, &self.costs).solve(&self.ranks)
    }

    /// The report of `state`, with the tables of projections of at most
    /// `max_rows` states.
    pub fn report(&mut self, state: &[u64], max_rows: u32) -> Report {
        self.rank(state);
        let variables = (self.vars.domains.iter())
            .map(|d| (d.facts.clone(), d.none))
            .collect();
        let mut projections = Vec::new();
        for (i, a) in self.abstractions.iter().enumerate() {
            let mut rows = Vec::new();
            let system: &Transitions = a.as_ref();
            let Abstraction::Projection(p) = a else {
                projections.push(ProjectionReport {
                    pattern: Vec::new(),
                    states: system.num_states(),
                    transitions: system.num_transitions(),
                    rows,
                    estimate: finite(self.full[i][self.ranks[i]]),
                });
                continue;
            };
            if p.num_states() <= max_rows {
                for rank in 0..p.num_states() {
                    rows.push(Row {
                        values: p.values_of(rank, &self.vars),
                        distance: finite(self.full[i][rank as usize]),
                        goal: p.is_goal(rank),
                    });
                }
            }
            projections.push(ProjectionReport {
                pattern: p.pattern().to_vec(),
                states: p.num_states(),
                transitions: p.num_transitions(),
                rows,
                estimate: finite(self.full[i][self.ranks[i]]),
            });
        }
        let estimates: Vec<Option<u32>> = projections.iter().map(|p| p.estimate).collect();
        let maximum = if estimates.contains(&None) {
            None
        } else {
            estimates.iter().flatten().max().copied().or(Some(0))
        };
        let uniform = maximum.map(|_| {
            cost_partitioning::uniform(&self.abstractions, &self.costs).value(&self.ranks)
        });
        // The greedy order, replayed step by step.
        let h_state: Vec<u32> = (self.full.iter().zip(&self.ranks))
            .map(|(h, &r)| h[r])
            .collect();
        let order = greedy_order(&h_state, &self.stolen);
        let mut left = self.costs.clone();
        let (mut h, mut saturated) = (Vec::new(), vec![0; left.len()]);
        let mut steps = Vec::new();
        for &a in &order {
            let p: &Transitions = self.abstractions[a].as_ref();
            p.distances(&left, &mut h);
            p.saturated_costs(&h, &mut saturated);
            let takes = (saturated.iter().enumerate())
                .filter(|&(_, &c)| c > 0)
                .map(|(o, &c)| (OpId(o as u32), c))
                .collect();
            for (l, s) in left.iter_mut().zip(&saturated) {
                *l -= s;
            }
            steps.push(Step {
                projection: a,
                estimate: finite(h[self.ranks[a]]),
                takes,
            });
        }
        // The steps are the partitioning: its estimate is their sum.
        let saturated_total = (steps.iter()).map(|s| s.estimate).sum::<Option<u32>>();
        Report {
            variables,
            projections,
            maximum,
            uniform,
            saturated: steps,
            saturated_total,
        }
    }
}
