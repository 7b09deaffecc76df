//! Goal sorting: in which order regression tries the operators of a node.
//!
//! A subgoal that already holds in the initial state may need no work at all,
//! while a subgoal that is false there must be achieved by some operator. So
//! regression first tries the operators that achieve subgoals *false in the
//! initial state* (the classroom notebook's `SortGoals`), then those that
//! achieve subgoals that are already true. Depth-first search, which commits
//! to the first successor, profits most.
//!
//! The rule, applied to the subgoals of each node:
//!
//! 1. subgoals false in the initial state before subgoals true in it
//!    (for a negative subgoal `(not f)`: `f` true initially counts as false);
//! 2. then positive subgoals before negative ones;
//! 3. then by fact id (the grounder's deterministic order).
//!
//! The operators achieving the first subgoal come first, in operator order,
//! then those achieving the second subgoal that were not already listed, and
//! so on. Without goal sorting (`--no-goal-sorting`), the relevant operators
//! come in plain operator order.
//!
//! Example: initial state `{(at a)}`, subgoals `{(at a), (at b)}`: operators
//! adding `(at b)` are tried before operators adding `(at a)`.

use crate::task::FactId;
use crate::task::FactSet;

/// The sort key of a literal: smaller keys are tried first.
#[inline]
pub fn rank(init: &FactSet, fact: FactId, positive: bool) -> (bool, bool, u32) {
    let holds_initially = init.contains(fact) == positive;
    (holds_initially, !positive, fact.0)
}

/// The subgoal literals of a node (`(fact, positive)`), in goal-sorting order.
pub fn sort_subgoals(init: &FactSet, subgoals: &mut [(FactId, bool)]) {
    subgoals.sort_unstable_by_key(|&(f, positive)| rank(init, f, positive));
}

/// Appends the literals of the packed subgoals `pos` and `neg` (`neg` may be
/// empty) to `out` in goal-sorting order, as [`sort_subgoals`] would order
/// them, without sorting: the four groups of the rule are four passes over the
/// words, each in fact-id order.
pub fn sorted_subgoals(init: &FactSet, pos: &[u64], neg: &[u64], out: &mut Vec<(FactId, bool)>) {
    let init = init.words();
    // (positive, keep words where the literal holds initially)
    let groups = [(true, false), (false, false), (true, true), (false, true)];
    for (positive, holds) in groups {
        let words = if positive { pos } else { neg };
        for (i, (&w, &s)) in words.iter().zip(init).enumerate() {
            // A positive literal holds initially where `init` has the fact,
            // a negative one where it does not.
            let mut m = w & if positive == holds { s } else { !s };
            while m != 0 {
                out.push((FactId(i as u32 * 64 + m.trailing_zeros()), positive));
                m &= m - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
