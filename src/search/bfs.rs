//! Breadth-first search with duplicate detection.
//!
//! Expand nodes in the order they were first reached, a first-in-first-out
//! queue, and never store a node twice. Nodes are therefore expanded by
//! increasing *depth* (number of steps from the start), so the first plan found
//! has the fewest steps; with differing operator costs it need not be the
//! cheapest (use [`super::astar`] for that).
//!
//! The goal test is done when a node is *generated*, not when it is expanded:
//! the first target generated is at the smallest depth anyway (everything in
//! the queue is at depth `d` or `d + 1`), and testing early saves expanding the
//! whole last layer. The start node is tested before the loop.
//!
//! ```text
//! queue = [start]; seen = {start}
//! while queue: s = pop_front(queue)
//!     for (o, t) in successors(s): if t not in seen:
//!         if target(t): return path to t
//!         seen.add(t); push_back(queue, t)
//! return unsolvable
//! ```
//!
//! Example: on the number line from 0 to 2, BFS expands 0 (generating 1 and, if
//! it exists, -1) and then 1, where it generates 2 and stops.

use super::node::{NodeArena, NodeId, SearchNode};
use super::registry::StateRegistry;
use super::{Outcome, SearchResult, SearchSpace, Stats, Successors};
use crate::util::limits::{Footprint, Monitor, Progress, Stop};
use std::collections::VecDeque;

/// Breadth-first search over `space`.
pub fn bfs<S: SearchSpace + ?Sized>(space: &mut S, monitor: &mut Monitor) -> SearchResult {
    let mut search = Bfs {
        registry: StateRegistry::with_packing(space.packing()).with_deadline(monitor.deadline()),
        node: vec![0; space.words()],
        nodes: NodeArena::new(),
        queue: VecDeque::new(),
        succ: Successors::new(space.words()),
        stats: Stats::default(),
    };
    let outcome = search.run(space, monitor).unwrap_or_else(Outcome::from);
    let mut stats = search.stats.clone();
    let bytes = search.bytes() + space.bytes();
    stats.finish(monitor.elapsed(), space.pruning_counters(), bytes as u64);
    SearchResult { outcome, stats }
}

struct Bfs {
    registry: StateRegistry,
    /// The words of the node being expanded.
    node: Vec<u64>,
    nodes: NodeArena,
    queue: VecDeque<NodeId>,
    succ: Successors,
    stats: Stats,
}

impl Bfs {
    fn bytes(&self) -> usize {
        self.footprint().total
    }

    fn footprint(&self) -> Footprint {
        Footprint::of(&[self.queue.capacity() * 4, self.succ.bytes()])
            .and(self.nodes.footprint())
            .and(self.registry.footprint())
    }

    fn run<S: SearchSpace + ?Sized>(
        &mut self,
        space: &mut S,
        monitor: &mut Monitor,
    ) -> Result<Outcome, Stop> {
        let mut start = vec![0; space.words()];
        space.start(&mut start);
        let (root, _) = self.registry.insert(&start)?;
        self.nodes.push(SearchNode {
            parent: NodeId::NONE,
            g: 0,
        })?;
        if space.is_target(&start) {
            return Ok(Outcome::Plan(space.plan_from_path(Vec::new())));
        }
        self.queue.push_back(root);
        while let Some(id) = self.queue.pop_front() {
            let g = self.nodes.g(id);
            monitor.tick(
                || {
                    let mut f = self.footprint();
                    f.total += space.bytes();
                    f
                },
                || Progress {
                    expanded: self.stats.expanded,
                    generated: self.stats.generated,
                    evaluated: 0,
                    value: Some(("g", g)),
                    elapsed: Default::default(),
                    memory: 0,
                },
            )?;
            self.registry.get(id, &mut self.node);
            let node = &self.node[..];
            space.on_expand(node, g);
            space.successors(node, &mut self.succ);
            self.stats.expanded += 1;
            for i in 0..self.succ.len() {
                let (op, child) = self.succ.get(i);
                let child_g = g.saturating_add(space.cost(op));
                if space.prune(child, child_g) {
                    continue;
                }
                self.stats.generated += 1;
                let (child_id, new) = self.registry.insert_successor(id, &self.node, child)?;
                if !new {
                    self.stats.duplicates += 1;
                    space.on_duplicate(child);
                    continue;
                }
                self.nodes.push(SearchNode {
                    parent: id,
                    g: child_g,
                })?;
                if space.is_target(child) {
                    let path = self.nodes.path(child_id, &self.registry, space);
                    return Ok(Outcome::Plan(space.plan_from_path(path)));
                }
                self.queue.try_reserve(1).map_err(|_| Stop::Memory)?;
                self.queue.push_back(child_id);
            }
        }
        Ok(Outcome::Unsolvable)
    }
}

#[cfg(test)]
mod tests;
