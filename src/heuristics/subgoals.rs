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
//! LM-cut (`lmcut`) cannot be split into per-fact costs: its landmarks depend
//! on the whole of `G`. It is computed per node from the initial state to `G`
//! (HSPr*'s idea of a stronger admissible estimate paid per node, with LM-cut
//! in place of h²); only its first h^max exploration is shared. It dominates
//! h_max, so A* with it expands no more nodes, and it sees that subgoals
//! needing different operators add up: eight boxes that each need a push give
//! 8 where h_max gives 1.
//!
//! Every regression heuristic also offers a tie-breaker for nodes of equal `f`
//! and `h`: the h_add of `G` with every operator costing 1, a guess at the
//! number of *steps* still needed. It matters when operators cost 0, such as
//! the man's moves in IPC Sokoban: walking the man back one cell changes
//! neither `g` nor `h`, and without it A* would try every walk through the
//! room breadth-first.
//!
//! A fact the relaxation cannot reach makes `G` a dead end. Negative subgoals
//! cost nothing (the relaxation ignores them). Goal count counts the subgoals
//! that do not hold initially; blind gives 0 on targets and the cheapest
//! operator cost elsewhere.
//!
//! Example: with `cost((holding a)) = 1` and `cost((clear b)) = 2` from the
//! initial state, `G = {(holding a), (clear b)}` has `h_max = 2`, `h_add = 3`.

use super::relaxed::add_cost;
use super::{Combine, Estimate, Heuristic, LmCut, fact_costs};
use crate::task::FactSet;
use crate::task::{FactId, Task};
use crate::util::bits;

/// Which regression heuristic.
enum Kind {
    Blind,
    GoalCount,
    Relaxed(Combine),
    /// LM-cut and a buffer for the positive subgoals of a node.
    LmCut(Box<LmCut>, Vec<FactId>),
}

/// A heuristic over regression nodes: subgoal sets packed as
/// `[positive | negative]` bitsets of the task's facts (the nodes of
/// `search::Regression`).
pub struct RegressionHeuristic {
    kind: Kind,
    w: usize,
    init: FactSet,
    /// Per fact: its relaxed cost from the initial state (`u32::MAX`: unreachable).
    costs: Vec<u32>,
    /// Per fact: its h_add cost from the initial state with unit costs.
    steps: Vec<u32>,
    /// The tie-breaker of the last estimate.
    tie: u32,
    min_cost: u32,
}

impl RegressionHeuristic {
    /// 0 on subgoal sets that hold initially, the cheapest operator's cost
    /// elsewhere.
    pub fn blind(task: &Task) -> Self {
        Self::with(Kind::Blind, task)
    }

    /// The number of subgoals that do not hold initially.
    pub fn goal_count(task: &Task) -> Self {
        Self::with(Kind::GoalCount, task)
    }

    /// The largest h^max cost of a subgoal from the initial state.
    pub fn hmax(task: &Task) -> Self {
        Self::with(Kind::Relaxed(Combine::Max), task)
    }

    /// The sum of the subgoals' h^add costs from the initial state.
    pub fn hadd(task: &Task) -> Self {
        Self::with(Kind::Relaxed(Combine::Sum), task)
    }

    /// LM-cut from the initial state to each subgoal set.
    pub fn lmcut(task: &Task) -> Self {
        Self::with(Kind::LmCut(Box::new(LmCut::new(task)), Vec::new()), task)
    }

    fn with(kind: Kind, task: &Task) -> Self {
        let n = task.facts.len();
        let init = FactSet::from_facts(n, &task.init);
        let costs = match &kind {
            &Kind::Relaxed(combine) => per_fact(task, &init, combine),
            _ => Vec::new(),
        };
        let steps = per_fact(&task.clone().with_unit_costs(), &init, Combine::Sum);
        RegressionHeuristic {
            kind,
            steps,
            tie: 0,
            w: bits::words_for(n),
            init,
            costs,
            min_cost: task.operators.iter().map(|o| o.cost).min().unwrap_or(0),
        }
    }
}

/// The relaxed cost of every fact from `init` (`u32::MAX`: unreachable).
fn per_fact(task: &Task, init: &FactSet, combine: Combine) -> Vec<u32> {
    fact_costs(task, init.words(), combine)
        .into_iter()
        .map(|c| c.unwrap_or(u32::MAX))
        .collect()
}

impl Heuristic for RegressionHeuristic {
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::Blind => "blind",
            Kind::GoalCount => "goalcount",
            Kind::Relaxed(Combine::Max) => "hmax",
            Kind::Relaxed(Combine::Sum) => "hadd",
            Kind::LmCut(..) => "lmcut",
        }
    }

    fn is_admissible(&self) -> bool {
        matches!(
            self.kind,
            Kind::Blind | Kind::Relaxed(Combine::Max) | Kind::LmCut(..)
        )
    }

    fn tie_breaker(&self) -> Option<u32> {
        Some(self.tie)
    }

    fn estimate(&mut self, node: &[u64]) -> Estimate {
        let (pos, neg) = node.split_at(self.w);
        let init = self.init.words();
        self.tie = bits::iter::<FactId>(pos).fold(0, |t, f| add_cost(t, self.steps[f.index()]));
        match &mut self.kind {
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
            &mut Kind::Relaxed(combine) => {
                let mut h = 0u32;
                for f in bits::iter::<FactId>(pos) {
                    let c = self.costs[f.index()];
                    if c == u32::MAX {
                        return Estimate::DeadEnd;
                    }
                    h = combine.apply(h, c);
                }
                Estimate::Value(h)
            }
            Kind::LmCut(lmcut, goal) => {
                goal.clear();
                goal.extend(bits::iter::<FactId>(pos));
                lmcut.estimate_goal(init, goal)
            }
        }
    }
}
