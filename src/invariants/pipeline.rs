//! The whole analysis, stage by stage and timed: invariant synthesis, mutex
//! groups, h², and the [`Mutexes`] checks built from them.
//!
//! Use [`crate::ground::ground_and_analyse`] from parsed files (it grounds once
//! and keeps the grounder's reachable action instances for the synthesis), or
//! [`analyse`] when the task is already ground.

use super::check::Mutexes;
use super::ground::{Grounding, ground_groups};
use super::h2::{H2, H2Limits, H2Skip};
use super::{Limits, Synthesis, synthesize};
use crate::lifted::Lifted;
use crate::lifted::reachability::Reachable;
use crate::task::Task;
use std::time::{Duration, Instant};

/// Whether to compute h² pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MutexMode {
    /// h² when within [`H2Limits`], else skipped.
    #[default]
    H2,
    /// Invariant groups only.
    None,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub limits: Limits,
    pub mutex: MutexMode,
    pub h2: H2Limits,
}

/// What became of h².
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum H2Status {
    Computed,
    Skipped(H2Skip),
    NotRequested,
}

/// The results of every stage.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub synthesis: Synthesis,
    pub grounding: Grounding,
    pub h2: H2Status,
    /// The checks, over the groups and (when computed) h².
    pub mutexes: Mutexes,
    pub groups_time: Duration,
    pub h2_time: Duration,
}

/// Runs every stage on a ground `task` whose lifted form is `lifted`.
pub fn analyse(
    lifted: &Lifted,
    reachable: Option<&Reachable>,
    task: &Task,
    options: &Options,
) -> Analysis {
    let synthesis = synthesize(lifted, reachable, &options.limits);
    let start = Instant::now();
    let grounding = ground_groups(lifted, &synthesis.invariants, task);
    let groups_time = start.elapsed();
    let start = Instant::now();
    let (h2, status) = match options.mutex {
        MutexMode::None => (None, H2Status::NotRequested),
        MutexMode::H2 => match H2::compute(task, &options.h2) {
            Ok(h2) => (Some(h2), H2Status::Computed),
            Err(skip) => (None, H2Status::Skipped(skip)),
        },
    };
    let h2_time = start.elapsed();
    let mutexes = Mutexes::new(task.facts.len(), grounding.groups.clone(), h2);
    Analysis {
        synthesis,
        grounding,
        h2: status,
        mutexes,
        groups_time,
        h2_time,
    }
}
