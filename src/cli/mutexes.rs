//! The mutex knowledge regression prunes with, built once per task: state
//! invariants (always cheap) and h² mutex pairs (skipped when the task is too
//! large; see `planbox::invariants::H2Limits`).

use planbox::invariants::{self, MutexMode};
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
    if engine == EngineName::Progression || options.mutex() == MutexName::None {
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
