//! Which finite-domain variables the abstractions project: the invariant
//! synthesis's mutex groups (Fast Downward's SAS+ variables) or the task's
//! monotone groups of one predicate.
//!
//! Neither set always wins. On Blocksworld 9-0 the synthesis's groups,
//! their operators strengthened by the mutexes ([`FactGroups`]), estimate
//! the start 23 and let A* expand 1,724 states until the last f layer,
//! where the monotone groups (`(on a ?)`, `(clear a)`, ... each of its own)
//! give 18 and need 24,248; on Elevators p01 the synthesis's nine variables
//! expand 362 states where the 42 monotone ones expand 1,539. On Sokoban
//! (IPC 2008, p01) the monotone groups give the start 11, its optimal cost,
//! where the synthesis's give 10 and need 132 expansions. So both heuristics
//! are built in full, and the one whose estimates are higher on
//! [`JUDGE_SAMPLES`] states sampled by random walks ([`super::sampling`]),
//! and on the initial state, is kept.

use super::{CostPartitioned, FactGroups, Options, Partitioning, sampling};
use crate::heuristics::{Estimate, Heuristic};
use crate::task::{FactSet, Task};

/// States sampled by random walks on which [`CostPartitioned::best_of`]
/// judges the two sets of variables.
pub const JUDGE_SAMPLES: usize = 100;

impl CostPartitioned {
    /// The heuristic on the better of two sets of variables (see the module
    /// docs): those of `groups` and the task's monotone groups, `groups` on
    /// a tie, only the former strengthened by the mutex groups
    /// ([`FactGroups::monotone`] says why). A sampled state
    /// that one calls a dead end counts for it as one more than the highest
    /// estimate seen. Without variables in `groups`, or without projections,
    /// the heuristic is built on the monotone groups, or on `groups`,
    /// without a choice.
    pub fn best_of(
        task: &Task,
        groups: FactGroups,
        partitioning: Partitioning,
        options: &Options,
    ) -> CostPartitioned {
        if groups.variables.is_none() || !options.projections {
            return CostPartitioned::new(task, groups, partitioning, options);
        }
        // Optimal cost partitioning chooses as saturated does: without an
        // LP, and so over the same abstractions as `scp` with these options.
        let judge = match partitioning {
            Partitioning::Optimal => Partitioning::Saturated,
            other => other,
        };
        let (mut chosen, monotone) = Self::judged(task, groups, judge, options);
        if judge != partitioning {
            let groups = if monotone { groups.monotone() } else { groups };
            chosen = CostPartitioned::new(task, groups, partitioning, options);
        }
        // The judges' estimates count as evaluations; start afresh.
        chosen.evaluations = 0;
        chosen
    }

    /// Whether [`CostPartitioned::best_of`] with these options keeps the
    /// task's monotone groups rather than `groups`.
    pub fn prefers_monotone(task: &Task, groups: FactGroups, options: &Options) -> bool {
        Self::judged(task, groups, Partitioning::Saturated, options).1
    }

    /// The heuristic of the two sets of variables that [`Self::best_of`]
    /// keeps, and whether it is the monotone groups'.
    fn judged(
        task: &Task,
        groups: FactGroups,
        partitioning: Partitioning,
        options: &Options,
    ) -> (CostPartitioned, bool) {
        let mut first = CostPartitioned::new(task, groups, partitioning, options);
        let mut second = CostPartitioned::new(task, groups.monotone(), partitioning, options);
        let init = FactSet::from_facts(task.facts.len(), &task.init);
        let h_init = |h: &mut CostPartitioned| match h.estimate(init.words()) {
            Estimate::Value(v) => v,
            Estimate::DeadEnd => 0,
        };
        let walk = h_init(&mut first).max(h_init(&mut second));
        let mut rng = sampling::SplitMix(options.seed);
        let mut states = sampling::random_walks(task, init.words(), walk, JUDGE_SAMPLES, &mut rng);
        states.push(init.words().to_vec());
        let estimates: Vec<_> = states
            .iter()
            .map(|s| (first.estimate(s), second.estimate(s)))
            .collect();
        let highest = estimates
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter_map(|e| match e {
                Estimate::Value(v) => Some(u64::from(v)),
                Estimate::DeadEnd => None,
            })
            .max()
            .unwrap_or(0);
        let score = |e: Estimate| match e {
            Estimate::Value(v) => u64::from(v),
            Estimate::DeadEnd => highest + 1,
        };
        let a: u64 = estimates.iter().map(|&(a, _)| score(a)).sum();
        let b: u64 = estimates.iter().map(|&(_, b)| score(b)).sum();
        if b > a {
            (second, true)
        } else {
            (first, false)
        }
    }
}
