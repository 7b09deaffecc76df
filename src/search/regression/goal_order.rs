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
mod tests {
    use super::*;
    use crate::util::bits;

    #[test]
    fn the_four_passes_give_the_sorted_order() {
        let n = 150;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let pick = |next: &mut dyn FnMut() -> u64| -> Vec<FactId> {
                (0..n)
                    .filter(|_| next().is_multiple_of(3))
                    .map(FactId)
                    .collect()
            };
            let init = FactSet::from_facts(n as usize, &pick(&mut next));
            let pos = FactSet::from_facts(n as usize, &pick(&mut next));
            let neg = FactSet::from_facts(n as usize, &pick(&mut next));
            let mut expected: Vec<(FactId, bool)> = bits::iter(pos.words())
                .map(|f| (f, true))
                .chain(bits::iter(neg.words()).map(|f| (f, false)))
                .collect();
            sort_subgoals(&init, &mut expected);
            let mut got = Vec::new();
            sorted_subgoals(&init, pos.words(), neg.words(), &mut got);
            assert_eq!(got, expected);
            got.clear();
            sorted_subgoals(&init, pos.words(), &[], &mut got);
            assert!(got.iter().all(|&(_, positive)| positive));
            assert_eq!(got.len(), pos.len());
        }
    }

    #[test]
    fn false_in_init_first_then_positive_then_by_id() {
        let init = FactSet::from_facts(8, &[FactId(0), FactId(5)]);
        let mut goals = vec![
            (FactId(0), true),  // holds initially
            (FactId(3), true),  // false initially
            (FactId(5), false), // (not 5): 5 holds initially, so it is false
            (FactId(2), true),  // false initially
            (FactId(6), false), // (not 6) holds initially
        ];
        sort_subgoals(&init, &mut goals);
        assert_eq!(
            goals,
            vec![
                (FactId(2), true),
                (FactId(3), true),
                (FactId(5), false),
                (FactId(0), true),
                (FactId(6), false),
            ]
        );
    }
}
