//! Iterative deepening depth-first search.
//!
//! Run the depth-bounded [`super::dfs`] with bound 0, then 1, then 2, ... until
//! an iteration finds a plan. Each iteration repeats the work of the previous
//! ones, but the layers grow so fast that the last iteration dominates, while
//! the memory stays that of one path. The first plan found has the fewest
//! steps, as in breadth-first search (not necessarily the lowest cost).
//!
//! With the cycle check, an iteration that ends without a plan and without a
//! cut-off (no node at the bound had a successor off its path) has seen every
//! simple path from the start: then no plan exists at all and the answer is
//! [`Outcome::Unsolvable`]. Without it (the classroom version), a task with
//! reversible actions is cut off at every bound, so only a plan or a limit
//! ends the search. With a maximum bound (`--depth-limit`), reaching it
//! without a plan gives [`Outcome::Incomplete`].
//!
//! Statistics add up over all iterations, as if it were one search.
//!
//! Example: on the number line 0..=2 from 0 to 2, bound 0 tests 0, bound 1
//! expands 0 and tests 1, bound 2 expands 0 and 1 and finds 2.

use super::dfs::{Dfs, End};
use super::{Outcome, SearchResult, SearchSpace, Stats};
use crate::util::limits::Monitor;

/// Iterative deepening over `space`, up to bound `max_bound` (no limit if
/// `None`), each iteration skipping successors on the current path if
/// `cycle_check`.
pub fn iddfs<S: SearchSpace + ?Sized>(
    space: &mut S,
    max_bound: Option<u32>,
    cycle_check: bool,
    monitor: &mut Monitor,
) -> SearchResult {
    let mut stats = Stats::default();
    let mut search = Dfs::new(space.words(), cycle_check);
    let max_bound = max_bound.unwrap_or(u32::MAX);
    let mut bound = 0;
    let outcome = loop {
        space.on_restart();
        match search.run(space, bound, monitor, &mut stats) {
            Ok(End::Plan(plan)) => break Outcome::Plan(plan),
            Ok(End::Exhausted { cut_off: false }) => break Outcome::Unsolvable,
            Ok(End::Exhausted { cut_off: true }) if bound >= max_bound => {
                break Outcome::Incomplete;
            }
            Ok(End::Exhausted { cut_off: true }) => bound += 1,
            Err(stop) => break stop.into(),
        }
    };
    stats.finish(
        monitor.elapsed(),
        space.pruning_counters(),
        (search.bytes() + space.bytes()) as u64,
    );
    SearchResult { outcome, stats }
}

#[cfg(test)]
mod tests;
