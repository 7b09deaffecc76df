//! Perimeter search: a breadth-first ring of nodes around the start, then one
//! search from the target that stops as soon as it touches the ring.
//!
//! A backward search (regression, or pulls in Sokoban) often gets close to
//! the start and then wanders: its heuristic says "a few steps left", but the
//! last steps must undo exactly what the start looks like (in Sokoban, the
//! boxes packed around the man's start cell), and greedy search is poor at
//! that. A forward search is good at it: the start is where it begins. So a
//! *perimeter search* (Dillenburg and Nelson 1994; Manzini's BIDA* 1995)
//! first stores every node within a few steps of the start, breadth-first, up
//! to a node budget (the *perimeter*, with the path to each), then runs any
//! of the shared algorithms backward with a wider target: a backward node is
//! a target when it is the space's own target *or when it meets a stored
//! forward node* (the same [`Meeting`] tests as [`super::bidirectional()`]).
//! The plan is the forward path to the node met, followed by the backward
//! path from there.
//!
//! ```text
//! perimeter = breadth-first from start, until `budget` nodes are stored
//! search backward (gbfs, A*, ...) with
//!     is_target(n) = backward.is_target(n) or n meets a node p of perimeter
//! plan = path(start -> p) + backward plan from n
//! ```
//!
//! Unlike the uniform-cost bidirectional search, the backward side may be
//! greedy, so the plan is not optimal; but the target test is one hash lookup
//! ([`super::Exact`]) for a ring of a million nodes, which widens the target
//! a million times. A forward search that reaches a target while the ring is
//! grown has found a plan of its own, and a ring that holds every node the
//! forward space can reach proves a task unsolvable when that space is
//! complete. A ring cut short by the time limit of its growth is still a
//! perimeter, only a smaller one (every node in it has its path), so a
//! caller can give the growth part of its time and keep the rest for the
//! search; and one ring can serve several backward searches in turn.
//!
//! Example: on the number line `0..=6` from 0 to 6, a ring of 3 nodes holds
//! 0, 1 and 2; the backward search from 6 expands 6, 5, 4, 3 and meets 2, so
//! the plan is `[inc, inc]` (forward, to 2) then four more `inc`.

use super::meeting::Meeting;
use super::node::{NodeArena, NodeId, SearchNode};
use super::registry::StateRegistry;
use super::{SearchSpace, Stats, Successors};
use crate::task::OpId;
use crate::util::limits::{Footprint, Monitor, Progress, Stop};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// The nodes stored around the start, with how each was reached.
pub struct Perimeter<M> {
    registry: StateRegistry,
    nodes: NodeArena,
    /// The operator that reached each node (none for the start). The ring
    /// keeps them, unlike the searches (see [`NodeArena::path`]): it is
    /// small, and [`Toward`] sees the forward space only to read it.
    ops: Vec<OpId>,
    meeting: M,
    /// The forward search's counters (expanded, generated, duplicates).
    pub stats: Stats,
    /// Every node the forward space can reach is stored.
    pub exhausted: bool,
    /// Why the growth stopped before the budget, if a limit stopped it: the
    /// ring holds the nodes stored until then.
    pub stopped: Option<Stop>,
    partners: Vec<NodeId>,
}

/// What growing a perimeter gave.
pub enum Grown<M> {
    /// The forward search reached a target itself: the plan, and its counters.
    Plan(Vec<OpId>, Box<Stats>),
    /// The ring, for a backward search to aim at.
    Ring(Box<Perimeter<M>>),
}

impl<M: Meeting> Perimeter<M> {
    /// Stores nodes of `forward` breadth-first from its start until `budget`
    /// are stored (or none is left, or `monitor` stops it: see
    /// [`Perimeter::stopped`]), telling `meeting` about each.
    pub fn grow<F: SearchSpace + ?Sized>(
        forward: &mut F,
        meeting: M,
        budget: usize,
        monitor: &mut Monitor,
    ) -> Grown<M> {
        let mut ring = Perimeter {
            registry: StateRegistry::with_packing(forward.packing()),
            nodes: NodeArena::new(),
            ops: Vec::new(),
            meeting,
            stats: Stats::default(),
            exhausted: false,
            stopped: None,
            partners: Vec::new(),
        };
        match ring.fill(forward, budget, monitor) {
            Ok(Some(plan)) => Grown::Plan(plan, Box::new(ring.stats)),
            Ok(None) => Grown::Ring(Box::new(ring)),
            Err(stop) => {
                ring.stopped = Some(stop);
                Grown::Ring(Box::new(ring))
            }
        }
    }

    /// The breadth-first growth of [`Perimeter::grow`]: a plan if the forward
    /// search reaches a target.
    fn fill<F: SearchSpace + ?Sized>(
        &mut self,
        forward: &mut F,
        budget: usize,
        monitor: &mut Monitor,
    ) -> Result<Option<Vec<OpId>>, Stop> {
        let ring = self;
        let mut node = vec![0; forward.words()];
        forward.start(&mut node);
        if forward.is_target(&node) {
            return Ok(Some(forward.plan_from_path(Vec::new())));
        }
        let (root, _) = ring.registry.insert(&node)?;
        ring.nodes.push(SearchNode {
            parent: NodeId::NONE,
            g: 0,
        })?;
        ring.ops.push(OpId(u32::MAX));
        ring.meeting.forward_stored(root, &node);
        let mut queue = VecDeque::from([root]);
        let mut succ = Successors::new(forward.words());
        while let Some(id) = queue.pop_front() {
            if ring.nodes.len() >= budget {
                return Ok(None);
            }
            let g = ring.nodes.g(id);
            monitor.tick(
                || {
                    let mut f = ring.footprint();
                    f.total += forward.bytes() + queue.capacity() * 4;
                    f
                },
                || Progress {
                    expanded: ring.stats.expanded,
                    generated: ring.stats.generated,
                    evaluated: 0,
                    value: Some(("g", g)),
                    elapsed: Default::default(),
                    memory: 0,
                },
            )?;
            ring.registry.get(id, &mut node);
            forward.on_expand(&node, g);
            forward.successors(&node, &mut succ);
            ring.stats.expanded += 1;
            for i in 0..succ.len() {
                let (op, child) = succ.get(i);
                let child_g = g.saturating_add(forward.cost(op));
                if forward.prune(child, child_g) {
                    continue;
                }
                ring.stats.generated += 1;
                let (child_id, new) = ring.registry.insert_successor(id, &node, child)?;
                if !new {
                    ring.stats.duplicates += 1;
                    continue;
                }
                ring.nodes.push(SearchNode {
                    parent: id,
                    g: child_g,
                })?;
                ring.ops.try_reserve(1).map_err(|_| Stop::Memory)?;
                ring.ops.push(op);
                if forward.is_target(child) {
                    return Ok(Some(forward.plan_from_path(ring.path(child_id))));
                }
                ring.meeting.forward_stored(child_id, child);
                queue.try_reserve(1).map_err(|_| Stop::Memory)?;
                queue.push_back(child_id);
            }
        }
        ring.exhausted = true;
        Ok(None)
    }

    /// Nodes in the ring.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The operators from the start to ring node `id`.
    fn path(&self, id: NodeId) -> Vec<OpId> {
        let nodes = self.nodes.path_nodes(id);
        nodes[1..].iter().map(|n| self.ops[n.index()]).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn footprint(&self) -> Footprint {
        Footprint::of(&[self.meeting.bytes()])
            .and(self.nodes.footprint())
            .and(Footprint::of(&[4 * self.ops.capacity()]))
            .and(self.registry.footprint())
    }

    /// A stored node that the backward `node` meets, if any (the first the
    /// meeting test names).
    fn met_by(&mut self, node: &[u64]) -> Option<NodeId> {
        self.partners.clear();
        self.meeting
            .backward_meets(node, &mut self.registry, &mut self.partners);
        self.partners.first().copied()
    }
}

/// A backward space whose targets are widened to the nodes that meet a
/// [`Perimeter`]; every other call goes to the backward space. The ring is
/// borrowed, so that it can serve another search afterwards.
pub struct Toward<'a, F: ?Sized, B: ?Sized, M> {
    forward: &'a F,
    backward: &'a mut B,
    ring: RefCell<&'a mut Perimeter<M>>,
    /// The ring node met by the last target, `None` if it was the backward
    /// space's own target.
    met: Cell<Option<NodeId>>,
}

impl<'a, F, B, M> Toward<'a, F, B, M>
where
    F: SearchSpace + ?Sized,
    B: SearchSpace + ?Sized,
    M: Meeting,
{
    /// `backward`, aiming at `ring` (grown in `forward`) as well as its own
    /// targets.
    pub fn new(forward: &'a F, backward: &'a mut B, ring: &'a mut Perimeter<M>) -> Self {
        Toward {
            forward,
            backward,
            ring: RefCell::new(ring),
            met: Cell::new(None),
        }
    }
}

impl<F, B, M> SearchSpace for Toward<'_, F, B, M>
where
    F: SearchSpace + ?Sized,
    B: SearchSpace + ?Sized,
    M: Meeting,
{
    super::delegate!(backward =>
        words, start, successors, successor, cost, operator_between, min_cost, on_expand, prune,
        pruned_by, on_duplicate, on_evaluate, rejections, on_restart, pruning_counters,
        is_complete, packing
    );

    fn is_target(&self, node: &[u64]) -> bool {
        if self.backward.is_target(node) {
            self.met.set(None);
            return true;
        }
        let met = self.ring.borrow_mut().met_by(node);
        self.met.set(met);
        met.is_some()
    }

    /// The forward path to the ring node met, then the backward plan.
    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        let mut plan = match self.met.get() {
            Some(id) => self.forward.plan_from_path(self.ring.borrow().path(id)),
            None => Vec::new(),
        };
        plan.extend(self.backward.plan_from_path(path));
        plan
    }

    fn bytes(&self) -> usize {
        self.backward.bytes() + self.ring.borrow().footprint().total
    }
}

#[cfg(test)]
mod tests;
