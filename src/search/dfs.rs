//! Depth-first tree search, optionally bounded in depth.
//!
//! Depth-first search follows one path as deep as it goes before it backs up
//! and tries the next successor. As a *tree search* it keeps no closed list: it
//! remembers only the current path, so its memory grows with the depth, not
//! with the number of nodes seen, and it may visit the same node many times
//! along different paths.
//!
//! Two details decide whether it terminates and what its answers mean:
//!
//! * **Depth bound.** With a bound `d`, nodes at depth `d` are goal-tested but
//!   not expanded. If some node at the bound had a successor (off the path,
//!   with the cycle check), the bound *cut the search off*: not finding a plan
//!   then means [`Outcome::Incomplete`], not [`Outcome::Unsolvable`].
//! * **Cycle check on the current path** (optional). A successor that is
//!   already on the current path is skipped. Without a bound the check is what
//!   makes the search end (otherwise `inc`, `dec`, `inc`, ... runs forever);
//!   with a bound it only saves work. The classroom version, as in Russell and
//!   Norvig's depth-limited search (3rd edition), has no check: it relies on the
//!   bound alone. Nodes on *other* paths are never remembered.
//!
//! The goal test is done when a node is generated (and on the start node). The
//! first plan found is the one on the leftmost path, not the shortest or
//! cheapest one.
//!
//! ```text
//! dfs(s, depth): if depth == bound: note a cut-off if s has a successor; return
//!     for (o, t) in successors(s): if not (cycle_check and t on path):
//!         if target(t): return path + o
//!         dfs(t, depth + 1)
//! ```
//!
//! Example: on the number line 0..=3 from 1 to 3 with successors in the order
//! `dec`, `inc`, DFS walks 1, 0, back, then 2 and finds 3: plan `[inc, inc]`.

use super::registry::StateRegistry;
use super::{Outcome, SearchResult, SearchSpace, Stats, Successors};
use crate::task::OpId;
use crate::util::limits::{Footprint, Monitor, Progress, Stop};

/// Depth-first tree search over `space`, to depth `bound` (unbounded if
/// `None`), skipping successors on the current path if `cycle_check`. Without
/// a bound the cycle check is always on, or the search might never end.
pub fn dfs<S: SearchSpace + ?Sized>(
    space: &mut S,
    bound: Option<u32>,
    cycle_check: bool,
    monitor: &mut Monitor,
) -> SearchResult {
    let mut stats = Stats::default();
    let mut search = Dfs::new(space.words(), cycle_check || bound.is_none());
    let outcome = match search.run(space, bound.unwrap_or(u32::MAX), monitor, &mut stats) {
        Ok(End::Plan(plan)) => Outcome::Plan(plan),
        Ok(End::Exhausted { cut_off: false }) => Outcome::Unsolvable,
        Ok(End::Exhausted { cut_off: true }) => Outcome::Incomplete,
        Err(stop) => stop.into(),
    };
    stats.finish(
        monitor.elapsed(),
        space.pruning_counters(),
        (search.bytes() + space.bytes()) as u64,
    );
    SearchResult { outcome, stats }
}

/// How one bounded depth-first search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    Plan(Vec<OpId>),
    Exhausted { cut_off: bool },
}

/// The current path: its nodes back to back, a set of them for the cycle check
/// (a state registry used as a stack: with the check on, no node is twice on
/// the path, so node `d` of the registry is the node at depth `d`), and for
/// each depth the successors still to try.
pub(crate) struct Dfs {
    words: usize,
    path: Vec<u64>,
    on_path: StateRegistry,
    ops: Vec<OpId>,
    g: Vec<u32>,
    /// Successors of the node at each depth, and the next one to try.
    succ: Vec<(Successors, usize)>,
    /// Skip successors that are on the current path.
    cycle_check: bool,
}

impl Dfs {
    pub(crate) fn new(words: usize, cycle_check: bool) -> Dfs {
        Dfs {
            cycle_check,
            words,
            path: Vec::new(),
            on_path: StateRegistry::new(words),
            ops: Vec::new(),
            g: Vec::new(),
            succ: Vec::new(),
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.path.capacity() * 8
            + self.on_path.bytes()
            + self.ops.capacity() * 8
            + self.succ.iter().map(|(s, _)| s.bytes()).sum::<usize>()
    }

    /// Pushes `node` (reached by `op` at cost `g`) onto the path. With the
    /// cycle check on, a node already on the path is not pushed: returns
    /// false.
    fn push(&mut self, node: &[u64], op: OpId, g: u32) -> Result<bool, Stop> {
        if self.cycle_check && !self.on_path.insert(node)?.1 {
            return Ok(false);
        }
        let depth = self.g.len() as u32;
        self.path.extend_from_slice(node);
        self.ops.push(op);
        self.g.push(g);
        if self.succ.len() <= depth as usize {
            self.succ.push((Successors::new(self.words), 0));
        }
        self.succ[depth as usize].1 = usize::MAX; // not yet expanded
        Ok(true)
    }

    fn pop(&mut self) {
        let depth = self.g.len() - 1;
        if self.cycle_check {
            self.on_path.pop();
        }
        self.path.truncate(depth * self.words);
        self.ops.pop();
        self.g.pop();
    }

    /// Searches from the start node of `space` to depth `bound`.
    pub(crate) fn run<S: SearchSpace + ?Sized>(
        &mut self,
        space: &mut S,
        bound: u32,
        monitor: &mut Monitor,
        stats: &mut Stats,
    ) -> Result<End, Stop> {
        let mut start = vec![0; self.words];
        space.start(&mut start);
        self.path.clear();
        self.on_path.clear();
        self.ops.clear();
        self.g.clear();
        self.push(&start, OpId(u32::MAX), 0)?;
        if space.is_target(&start) {
            return Ok(End::Plan(space.plan_from_path(Vec::new())));
        }
        let mut cut_off = false;
        let mut child = vec![0; self.words];
        while let Some(&g) = self.g.last() {
            let depth = self.g.len() - 1;
            if self.succ[depth].1 == usize::MAX {
                // First visit: expand, or at the bound only look for a cut-off.
                monitor.tick(
                    || Footprint::of(&[self.bytes(), space.bytes()]),
                    || Progress {
                        expanded: stats.expanded,
                        generated: stats.generated,
                        evaluated: 0,
                        value: Some(("depth", depth as u32)),
                        elapsed: Default::default(),
                        memory: 0,
                    },
                )?;
                let mut succ = std::mem::take(&mut self.succ[depth].0);
                let node = &self.path[depth * self.words..(depth + 1) * self.words];
                if depth as u32 >= bound {
                    space.successors(node, &mut succ);
                    cut_off = cut_off
                        || (0..succ.len()).any(|i| {
                            !self.cycle_check || self.on_path.lookup(succ.get(i).1).is_none()
                        });
                    self.succ[depth].0 = succ;
                    self.pop();
                    continue;
                }
                space.on_expand(node, g);
                space.successors(node, &mut succ);
                stats.expanded += 1;
                self.succ[depth] = (succ, 0);
            }
            let (succ, next) = &mut self.succ[depth];
            if *next == succ.len() {
                self.pop();
                continue;
            }
            let (op, node) = succ.get(*next);
            *next += 1;
            child.copy_from_slice(node);
            let child_g = g.saturating_add(space.cost(op));
            if space.prune(&child, child_g) {
                continue;
            }
            stats.generated += 1;
            if !self.push(&child, op, child_g)? {
                stats.duplicates += 1;
                space.on_duplicate(&child);
                continue;
            }
            if space.is_target(&child) {
                return Ok(End::Plan(space.plan_from_path(self.ops[1..].to_vec())));
            }
        }
        Ok(End::Exhausted { cut_off })
    }
}

#[cfg(test)]
mod tests;
