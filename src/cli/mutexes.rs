//! The mutex knowledge regression prunes with, and the SAT engine adds as
//! clauses, built once per task: state invariants (always cheap) and h²
//! mutex pairs (skipped when the task is too large; see
//! `planbox::invariants::H2Limits`).

use planbox::invariants::{self, MutexMode};
use planbox::sat::Invariants;
use planbox::search::regression::MutexOracle;

use super::options::{EngineName, MutexName, SearchOptions};
use super::plan::Loaded;

/// The state invariants and h² mutexes of the loaded task, for regression
/// (alone or as the backward side of bidirectional search). Progression does
/// not need them.
pub fn build(
    loaded: &Loaded,
    options: &SearchOptions,
    engine: EngineName,
) -> Option<Box<dyn MutexOracle>> {
    if matches!(engine, EngineName::Progression | EngineName::Sat)
        || options.mutex() == MutexName::None
    {
        return None;
    }
    let mode = match options.mutex() {
        MutexName::All | MutexName::H2 => MutexMode::H2,
        MutexName::Invariants | MutexName::None => MutexMode::None,
    };
    let analysis = invariants::analyse(
        &loaded.lifted,
        Some(&loaded.reachable),
        &loaded.task,
        &invariants::Options {
            mutex: mode,
            ..invariants::Options::default()
        },
    );
    Some(Box::new(analysis.mutexes))
}

/// The invariants the SAT engine adds as clauses in every layer (`--mutex`:
/// the at-most-one groups, the h² pairs, both, or none).
pub fn for_sat(loaded: &Loaded, options: &SearchOptions) -> Invariants {
    let want = options.mutex();
    if want == MutexName::None {
        return Invariants::default();
    }
    let with_groups = matches!(want, MutexName::All | MutexName::Invariants);
    let with_pairs = matches!(want, MutexName::All | MutexName::H2);
    let analysis = invariants::analyse(
        &loaded.lifted,
        Some(&loaded.reachable),
        &loaded.task,
        &invariants::Options {
            mutex: if with_pairs {
                MutexMode::H2
            } else {
                MutexMode::None
            },
            ..invariants::Options::default()
        },
    );
    Invariants::from_mutexes(&analysis.mutexes, with_groups, with_pairs)
}
