//! The mutex knowledge regression prunes with, built once per task.

use planbox::search::regression::MutexOracle;

use super::options::{EngineName, MutexName, SearchOptions};
use super::plan::Loaded;

/// The state invariants and h² mutexes of the loaded task, for regression.
/// Progression does not need them.
pub fn build(
    _loaded: &Loaded,
    options: &SearchOptions,
    engine: EngineName,
) -> Option<Box<dyn MutexOracle>> {
    if engine != EngineName::Regression || options.mutex == MutexName::None {
        return None;
    }
    // merge point: invariant synthesis and h² (branch `invariants`).
    None
}
