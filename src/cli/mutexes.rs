//! The mutex knowledge regression prunes with, and the SAT engine adds as
//! clauses, built once per task: state invariants (always cheap) and h²
//! mutex pairs (skipped when the task is too large; see
//! `planbox::invariants::H2Limits`).

use planbox::invariants::{self, MutexMode};
use planbox::sat::Invariants;
use planbox::search::regression::MutexOracle;
use planbox::task::FactId;

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

/// More h² pairs than this (beyond the groups) and the SAT engine leaves
/// them out: a million clauses in every layer would cost more than they
/// save.
const MAX_SAT_PAIRS: usize = 1_000_000;

/// The invariants the SAT engine adds as clauses in every layer (`--mutex`:
/// the at-most-one groups, the h² pairs that no group already covers, both,
/// or none).
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
    let n = loaded.task.facts.len();
    let groups: Vec<Vec<FactId>> = analysis
        .mutexes
        .groups()
        .iter()
        .filter(|g| g.at_most == 1 && with_groups)
        .map(|g| g.facts.clone())
        .collect();
    let mut group_of: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, g) in groups.iter().enumerate() {
        g.iter().for_each(|f| group_of[f.index()].push(i));
    }
    let mut pairs = Vec::new();
    if let Some(h2) = analysis.mutexes.h2().filter(|_| with_pairs) {
        for f in (0..n as u32).map(FactId) {
            if !h2.is_reachable(f) {
                continue;
            }
            for g in (f.0 + 1..n as u32).map(FactId) {
                let shared = group_of[f.index()]
                    .iter()
                    .any(|i| group_of[g.index()].contains(i));
                if h2.is_reachable(g) && h2.is_mutex(f, g) && !shared {
                    pairs.push((f, g));
                }
            }
            if pairs.len() > MAX_SAT_PAIRS {
                pairs.clear();
                break;
            }
        }
    }
    Invariants { groups, pairs }
}
