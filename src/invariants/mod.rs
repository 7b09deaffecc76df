//! State invariants and mutexes: facts that can never hold together.
//!
//! A backward (regression) search builds subgoal sets that no reachable state
//! satisfies, such as "the man stands on two cells". Pruning them needs
//! knowledge about *all* reachable states, computed once per task:
//!
//! 1. **Monotonicity invariants** (Helmert 2009, §5; Fast Downward's
//!    translator). An invariant is a set of lifted *parts* over some
//!    parameters ([`candidate`]); it claims that for every value of the
//!    parameters, the number of true atoms matching a part never increases.
//!    It is proven action by action ([`balance`]): every action that adds a
//!    matching atom must also delete one that its precondition requires. A
//!    claim that fails is refined by adding a part for an atom the offending
//!    action deletes, and checked again.
//! 2. **Mutex groups** ([`ground`]): each instance of an invariant, over the
//!    task's facts, with its count in the initial state as the bound: *at most
//!    k* of these facts hold in any reachable state.
//! 3. **h² mutex pairs** ([`h2`]): pairs of facts that a pairwise reachability
//!    fixpoint never reaches together (Haslum & Geffner 2000).
//!    Predicates that conditional effects change, and derived ones, are left
//!    out of every invariant (the check reads only the unconditional effects).
//! 4. **The consistency check** ([`check`]): is a subgoal set over a bound, or
//!    does it hold an h² pair? Allocation-free, for every regressed node.
//!
//! Example (Sokoban, a man and two boxes on a line of five cells): the
//! invariants found are `at most 1 of {(man ?l)}`, `at most 2 of {(box ?l)}`,
//! `at most 2 of {(clear ?l)}` and `for each ?l: at most 1 of {(man ?l)
//! (box ?l) (clear ?l)}`. The subgoal set `{(man c1), (box c1)}` breaks the
//! last one for `?l = c1`.

pub mod balance;
pub mod candidate;
pub mod check;
pub mod equality;
pub mod ground;
pub mod h2;
pub mod monotone;
pub mod pattern;
mod pipeline;
pub mod prune;

pub use candidate::{Invariant, Part, Slot};
pub use check::{Mutexes, Violation};
pub use ground::{Grounding, InstanceCounts, MutexGroup, describe, ground_groups};
pub use h2::{H2, H2Limits, H2Skip};
pub use monotone::monotone_groups;
pub use pipeline::{Analysis, H2Status, MutexMode, Options, analyse};

use crate::lifted::reachability::Reachable;
use crate::lifted::{Arg, Lifted};
use crate::util::hash::{FastMap, FastSet};
use balance::Verdict;
use pattern::{Patterns, SchemaFacts};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Bounds on the invariant search, so that it always ends quickly.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Candidates ever queued (Fast Downward's `--invariant-generation-max-candidates`).
    pub max_candidates: usize,
    /// Time for the whole search; candidates proven until then are kept.
    pub max_time: Duration,
    /// Equality patterns per (action, candidate); an action with more is
    /// taken to break the candidate.
    pub max_patterns: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_candidates: 100_000,
            max_time: Duration::from_secs(5),
            max_patterns: 20_000,
        }
    }
}

/// Why the search ended before trying every candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Refinements were dropped because `max_candidates` were queued.
    CandidateLimit,
    /// `max_time` ran out; the candidates left in the queue were not tried.
    TimeLimit,
}

/// The proven invariants and figures about the search.
#[derive(Clone, Debug)]
pub struct Synthesis {
    /// Proven invariants, in the order they were proven.
    pub invariants: Vec<Invariant>,
    /// Candidates checked.
    pub candidates: usize,
    /// Action checks given up because of `max_patterns`.
    pub too_complex: usize,
    pub stopped: Option<Stop>,
    pub time: Duration,
}

/// Finds monotonicity invariants of `lifted`. With `reachable` (the
/// grounder's action instances), parameters that no reachable instance makes
/// equal are known to differ, which proves more invariants; the invariants
/// then hold in the states reachable in this problem.
pub fn synthesize(lifted: &Lifted, reachable: Option<&Reachable>, limits: &Limits) -> Synthesis {
    let start = Instant::now();
    let facts = SchemaFacts::all(lifted, reachable);
    // adders[p]: the schemas that add atoms of predicate p.
    let mut adders: Vec<Vec<u32>> = vec![Vec::new(); lifted.arity.len()];
    for (s, schema) in lifted.schemas.iter().enumerate() {
        for atom in &schema.add {
            let list = &mut adders[atom.pred as usize];
            if list.last() != Some(&(s as u32)) {
                list.push(s as u32);
            }
        }
    }
    let mut queue: VecDeque<Invariant> = VecDeque::new();
    let mut seen: FastSet<Invariant> = FastSet::default();
    let mut out = Synthesis {
        invariants: Vec::new(),
        candidates: 0,
        too_complex: 0,
        stopped: None,
        time: Duration::ZERO,
    };
    let mut enqueue =
        |inv: Invariant, queue: &mut VecDeque<Invariant>, stopped: &mut Option<Stop>| {
            if seen.contains(&inv) {
                return;
            }
            if seen.len() >= limits.max_candidates {
                *stopped = Some(Stop::CandidateLimit);
                return;
            }
            seen.insert(inv.clone());
            queue.push_back(inv);
        };
    for inv in candidate::initial_candidates(lifted) {
        enqueue(inv, &mut queue, &mut out.stopped);
    }
    let mut cache: FastMap<(u32, Vec<u32>, Vec<u32>), Option<Patterns>> = FastMap::default();
    let (mut params, mut consts) = (Vec::new(), Vec::new());
    let mut schemas: Vec<u32> = Vec::new();
    let mut refined: Vec<Invariant> = Vec::new();
    while let Some(inv) = queue.pop_front() {
        if start.elapsed() > limits.max_time {
            out.stopped = Some(Stop::TimeLimit);
            break;
        }
        out.candidates += 1;
        // Conditional effects and axioms change atoms outside the schemas'
        // add and delete lists, which the balance check reads: a candidate
        // over such a predicate is not claimed.
        if (inv.parts.iter())
            .any(|p| lifted.conditional[p.pred as usize] || lifted.derived[p.pred as usize])
        {
            continue;
        }
        schemas.clear();
        for part in inv.parts.iter() {
            schemas.extend_from_slice(&adders[part.pred as usize]);
        }
        schemas.sort_unstable();
        schemas.dedup();
        let mut proven = true;
        for &s in &schemas {
            let schema = &lifted.schemas[s as usize];
            let f = &facts[s as usize];
            if f.dead {
                continue;
            }
            balance::relevant_terms(schema, &inv, &mut params, &mut consts);
            consts.extend(f.eq_constants());
            consts.sort_unstable();
            consts.dedup();
            let key = (s, params.clone(), consts.clone());
            let patterns = cache.entry(key).or_insert_with(|| {
                pattern::enumerate(lifted, schema, f, &params, &consts, limits.max_patterns)
            });
            let Some(patterns) = patterns else {
                out.too_complex += 1;
                proven = false;
                break;
            };
            if let Verdict::Unbalanced(culprits) = balance::check(schema, &inv, &params, patterns) {
                proven = false;
                refined.clear();
                for &(k, a) in &culprits {
                    let values = &patterns.values[k * params.len()..(k + 1) * params.len()];
                    let value = |arg: Arg| match arg {
                        Arg::Var(p) => params
                            .iter()
                            .position(|&q| q == p)
                            .map_or(u32::MAX - p, |i| values[i]),
                        Arg::Obj(c) => c,
                    };
                    for del in &schema.del {
                        candidate::refinements(&inv, &schema.add[a], del, value, &mut refined);
                    }
                }
                for r in refined.drain(..) {
                    enqueue(r, &mut queue, &mut out.stopped);
                }
                break;
            }
        }
        if proven {
            out.invariants.push(inv);
        }
    }
    out.time = start.elapsed();
    out
}

#[cfg(test)]
pub(crate) mod tests;
