//! What the invariant analysis knows about a task's reachable states, for
//! the engines that use it: regression's mutex oracle, the SAT engine's
//! clauses, and the mutexes that order the landmark count's landmarks.
//! State invariants are always cheap; h² mutex pairs are skipped when the
//! task is too large (see [`crate::invariants::H2Limits`]).

use super::{Config, Engine, MutexChoice};
use crate::Loaded;
use crate::invariants::prune::H2Preprocess;
use crate::invariants::{self, MutexMode, Mutexes};
use crate::sat::Invariants;
use crate::search::regression::MutexOracle;
use crate::task::FactId;

/// What is known about the task beyond its operators.
#[derive(Default)]
pub struct Known {
    /// Regression's mutexes (alone, or as bidirectional search's backward
    /// side).
    pub mutexes: Option<Box<dyn MutexOracle>>,
    /// The SAT engine's invariants, added as clauses in every layer.
    pub invariants: Invariants,
    /// The mutexes the landmark count orders its landmarks by, as LAMA
    /// does with its translator's.
    pub landmark_mutexes: Option<Mutexes>,
    /// Disjoint groups of facts of which at most one holds, as Fast
    /// Downward's translator makes its finite-domain variables: the
    /// abstraction heuristics' variables, and a packing of the states
    /// forward search stores (STRIPS tasks).
    pub groups: Option<Vec<Vec<FactId>>>,
    /// Every proven at-most-one group, overlapping ones included (STRIPS
    /// tasks, forward): the abstraction heuristics strengthen their
    /// operators with them.
    pub mutex_groups: Vec<Vec<FactId>>,
    /// The mutex groups the h² preprocessing starts from
    /// ([`Config::h2_preprocess`]; it computes h² itself).
    pub mutex_pruning: Option<Mutexes>,
}

impl Known {
    /// Analyses the loaded task for what `config` uses.
    pub fn analyse(loaded: &Loaded, config: &Config) -> Known {
        let analyse = |mode| {
            let options = invariants::Options {
                mutex: mode,
                ..invariants::Options::default()
            };
            invariants::analyse(
                &loaded.lifted,
                Some(&loaded.reachable),
                &loaded.task,
                &options,
            )
            .mutexes
        };
        let h2 = |yes: bool| if yes { MutexMode::H2 } else { MutexMode::None };
        let mut known = Known::default();
        let backward = matches!(config.engine, Engine::Regression | Engine::Bidirectional);
        if backward && config.mutex != MutexChoice::None {
            known.mutexes = Some(Box::new(analyse(h2(config.mutex.h2()))));
        }
        if config.engine == Engine::Sat && config.mutex != MutexChoice::None {
            let (groups, pairs) = (config.mutex.invariants(), config.mutex.h2());
            let mutexes = analyse(h2(pairs));
            known.invariants = Invariants::from_mutexes(&mutexes, groups, pairs);
        }
        if config.uses_landmarks() && config.engine == Engine::Progression {
            known.landmark_mutexes = Some(analyse(MutexMode::None));
        }
        let forward = config.engine == Engine::Progression;
        let strips = loaded.task.adl_feature().is_none();
        let preprocess = config.h2_preprocess != H2Preprocess::None;
        if preprocess && strips && config.trace_limit == 0 {
            known.mutex_pruning = Some(analyse(MutexMode::None));
        }
        // The groups pack the states forward search stores (and are the
        // abstraction heuristics' variables); the synthesis is cheap beside
        // grounding (0.02 s against 0.36 s on the largest Scanalyzer).
        if forward && strips {
            let analysed;
            let mutexes = match &known.mutex_pruning {
                Some(m) => m,
                None => {
                    analysed = analyse(MutexMode::None);
                    &analysed
                }
            };
            known.groups = Some(mutexes.exclusive_groups());
            known.mutex_groups = mutexes.at_most_one_groups();
        }
        known
    }
}
