//! Heuristics for regression, in the HSPr way (Bonet & Geffner 2001).
//!
//! A progression heuristic estimates the cost from each new *state* to the one
//! fixed goal, so it must redo its relaxed exploration for every state. In
//! regression every node is a subgoal set to be reached *from the one fixed
//! initial state*. So the per-fact costs of the relaxation are computed **once**,
//! from the initial state, and a subgoal set `G` is evaluated by combining the
//! costs of its facts:
//!
//! ```text
//! h_max(G) = max_{p ∈ G} cost(p)        (admissible: A* finds optimal plans)
//! h_add(G) = Σ_{p ∈ G} cost(p)          (more informed, not admissible)
//! ```
//!
//! A fact the relaxation cannot reach makes `G` a dead end. Negative subgoals
//! cost nothing (the relaxation ignores them). Goal count counts the subgoals
//! that do not hold initially; blind gives 0 on targets and the cheapest
//! operator cost elsewhere.
//!
//! Example: with `cost((holding a)) = 1` and `cost((clear b)) = 2` from the
//! initial state, `G = {(holding a), (clear b)}` has `h_max = 2`, `h_add = 3`.

use crate::bits::{self, FactSet};
use crate::heuristics::{Combine, Estimate, Heuristic, fact_costs};
use crate::task::Task;

/// Which regression heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blind,
    GoalCount,
    Relaxed(Combine),
}

/// A heuristic over regression nodes (packed `[positive | negative]` subgoals).
pub struct RegressionHeuristic {
    kind: Kind,
    w: usize,
    init: FactSet,
    /// Per fact: its relaxed cost from the initial state (`u32::MAX`: unreachable).
    costs: Vec<u32>,
    min_cost: u32,
}

impl RegressionHeuristic {
    /// The names regression supports.
    pub const NAMES: &'static [&'static str] = &["blind", "goalcount", "hmax", "hadd"];

    /// The regression heuristic called `name`, or `None` if regression has no
    /// such heuristic (h_FF and LM-cut are progression-only).
    pub fn by_name(name: &str, task: &Task) -> Option<Self> {
        let kind = match name {
            "blind" => Kind::Blind,
            "goalcount" => Kind::GoalCount,
            "hmax" => Kind::Relaxed(Combine::Max),
            "hadd" => Kind::Relaxed(Combine::Sum),
            _ => return None,
        };
        let n = task.facts.len();
        let init = FactSet::from_facts(n, &task.init);
        let costs = match kind {
            Kind::Relaxed(combine) => fact_costs(task, init.words(), combine)
                .into_iter()
                .map(|c| c.unwrap_or(u32::MAX))
                .collect(),
            _ => Vec::new(),
        };
        Some(RegressionHeuristic {
            kind,
            w: bits::words_for(n),
            init,
            costs,
            min_cost: task.operators.iter().map(|o| o.cost).min().unwrap_or(0),
        })
    }
}

impl Heuristic for RegressionHeuristic {
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::Blind => "blind",
            Kind::GoalCount => "goalcount",
            Kind::Relaxed(Combine::Max) => "hmax",
            Kind::Relaxed(Combine::Sum) => "hadd",
        }
    }

    fn is_admissible(&self) -> bool {
        matches!(self.kind, Kind::Blind | Kind::Relaxed(Combine::Max))
    }

    fn estimate(&mut self, node: &[u64]) -> Estimate {
        let (pos, neg) = node.split_at(self.w);
        let init = self.init.words();
        match self.kind {
            Kind::Blind => {
                let target =
                    bits::is_subset(pos, init) && neg.iter().zip(init).all(|(n, i)| n & i == 0);
                Estimate::Value(if target { 0 } else { self.min_cost })
            }
            Kind::GoalCount => {
                // `neg` is empty in tasks without negative subgoals.
                let missing: u32 = pos
                    .iter()
                    .zip(init)
                    .map(|(p, i)| (p & !i).count_ones())
                    .chain(neg.iter().zip(init).map(|(n, i)| (n & i).count_ones()))
                    .sum();
                Estimate::Value(missing)
            }
            Kind::Relaxed(combine) => {
                let mut h = 0u32;
                for f in bits::iter(pos) {
                    let c = self.costs[f.index()];
                    if c == u32::MAX {
                        return Estimate::DeadEnd;
                    }
                    h = combine.apply(h, c);
                }
                Estimate::Value(h)
            }
        }
    }
}
