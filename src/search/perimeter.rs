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
//!
//! A ring need not be breadth-first only. A forward search of any algorithm
//! run through [`Recording`] stores every node it generates in the ring, with
//! the path it was reached by, so a backward search run afterwards meets
//! whatever the forward search reached, however deep (bidirectional search in
//! turns, as Sokolution and YASS pair their pushes with pulls). Growing the
//! ring breadth-first afterwards ([`Perimeter::extend`]) crosses the recorded
//! nodes and keeps their paths.

use super::meeting::Meeting;
use super::node::{NodeArena, NodeId, SearchNode};
use super::packing::Packing;
use super::registry::StateRegistry;
use super::{SearchSpace, Stats, Successors};
use crate::task::OpId;
use crate::util::bits;
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
    /// The nodes [`Recording`] searches stored.
    pub recorded: usize,
    /// Which nodes they were.
    by_recording: Reached,
}

/// What growing a perimeter gave.
pub enum Grown<M> {
    /// The forward search reached a target itself: the plan, and its counters.
    Plan(Vec<OpId>, Box<Stats>),
    /// The ring, for a backward search to aim at.
    Ring(Box<Perimeter<M>>),
}

impl<M: Meeting> Perimeter<M> {
    /// An empty ring over nodes packed as `packing`, for
    /// [`Perimeter::extend`] and [`Recording`] searches to fill.
    pub fn new(packing: Packing, meeting: M) -> Self {
        Perimeter {
            registry: StateRegistry::with_packing(packing),
            nodes: NodeArena::new(),
            ops: Vec::new(),
            meeting,
            stats: Stats::default(),
            exhausted: false,
            stopped: None,
            partners: Vec::new(),
            recorded: 0,
            by_recording: Reached::default(),
        }
    }

    /// Stores nodes of `forward` breadth-first from its start until `budget`
    /// are stored (or none is left, or `monitor` stops it: see
    /// [`Perimeter::stopped`]), telling `meeting` about each.
    pub fn grow<F: SearchSpace + ?Sized>(
        forward: &mut F,
        meeting: M,
        budget: usize,
        monitor: &mut Monitor,
    ) -> Grown<M> {
        let mut ring = Perimeter::new(forward.packing(), meeting);
        match ring.extend(forward, budget, monitor) {
            Ok(Some(plan)) => Grown::Plan(plan, Box::new(ring.stats)),
            Ok(None) => Grown::Ring(Box::new(ring)),
            Err(stop) => {
                ring.stopped = Some(stop);
                Grown::Ring(Box::new(ring))
            }
        }
    }

    /// Widens the ring breadth-first from `forward`'s start until `budget`
    /// nodes have been reached that way (or none is left, or `monitor` stops
    /// it); a plan if the forward search reaches a target. Nodes that
    /// [`Recording`] searches stored are crossed like the others and keep the
    /// path they were stored with.
    pub fn extend<F: SearchSpace + ?Sized>(
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
        let root = ring.root(forward, &mut node)?;
        // The nodes this growth has reached (a bit per node id).
        let mut reached = Reached::default();
        reached.insert(root);
        let mut queue = VecDeque::from([root]);
        let mut succ = Successors::new(forward.words());
        while let Some(id) = queue.pop_front() {
            if reached.len >= budget {
                return Ok(None);
            }
            let g = ring.nodes.g(id);
            monitor.tick(
                || {
                    let mut f = ring.footprint();
                    f.total += forward.bytes() + queue.capacity() * 4 + reached.bytes();
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
                let (child_id, _) = ring.store((id, &node), child_g, op, child)?;
                if !reached.insert(child_id) {
                    ring.stats.duplicates += 1;
                    continue;
                }
                if forward.is_target(child) {
                    return Ok(Some(forward.plan_from_path(ring.path(child_id))));
                }
                queue.try_reserve(1).map_err(|_| Stop::Memory)?;
                queue.push_back(child_id);
            }
        }
        ring.exhausted = true;
        Ok(None)
    }

    /// The ring's node for `forward`'s start (written into `node`), stored
    /// first if the ring is empty.
    fn root<F: SearchSpace + ?Sized>(
        &mut self,
        forward: &F,
        node: &mut [u64],
    ) -> Result<NodeId, Stop> {
        forward.start(node);
        if let Some(id) = self.registry.lookup(node) {
            return Ok(id);
        }
        let (id, new) = self.registry.insert(node)?;
        if new {
            self.nodes.push(SearchNode {
                parent: NodeId::NONE,
                g: 0,
            })?;
            self.ops.try_reserve(1).map_err(|_| Stop::Memory)?;
            self.ops.push(OpId(u32::MAX));
            self.meeting.forward_stored(id, node);
        }
        Ok(id)
    }

    /// Stores `child`, reached from the stored node `parent` (whose words
    /// are given) by `op` at cost `g`, unless it is stored: its id and
    /// whether it is new.
    fn store(
        &mut self,
        (parent, parent_words): (NodeId, &[u64]),
        g: u32,
        op: OpId,
        child: &[u64],
    ) -> Result<(NodeId, bool), Stop> {
        let (id, new) = self
            .registry
            .insert_successor(parent, parent_words, child)?;
        if new {
            self.nodes.push(SearchNode { parent, g })?;
            self.ops.try_reserve(1).map_err(|_| Stop::Memory)?;
            self.ops.push(op);
            self.meeting.forward_stored(id, child);
        }
        Ok((id, new))
    }

    /// Stores the children `out` of `node`, which `forward` generated, if
    /// the ring holds `node` (the start, or a node stored the same way):
    /// `false` once the ring holds `cap` nodes or memory ran out.
    fn record<F: SearchSpace + ?Sized>(
        &mut self,
        forward: &F,
        node: &[u64],
        out: &Successors,
        cap: usize,
    ) -> bool {
        let Some(parent) = self.registry.lookup(node) else {
            return true;
        };
        let g = self.nodes.g(parent);
        for i in 0..out.len() {
            if self.nodes.len() >= cap {
                return false;
            }
            let (op, child) = out.get(i);
            let child_g = g.saturating_add(forward.cost(op));
            match self.store((parent, node), child_g, op, child) {
                Ok((id, true)) => {
                    self.recorded += 1;
                    self.by_recording.insert(id);
                }
                Ok(_) => {}
                Err(_) => return false,
            }
        }
        true
    }

    /// Nodes in the ring.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether a [`Recording`] search stored node `id`.
    pub fn is_recorded(&self, id: NodeId) -> bool {
        self.by_recording.contains(id)
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
        Footprint::of(&[self.meeting.bytes(), self.by_recording.bytes()])
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

    /// The ring node that the last target met (after a plan: the node the
    /// plan passes through), `None` if it was the backward space's own.
    pub fn met(&self) -> Option<NodeId> {
        self.met.get()
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

/// The nodes one growth of the ring has reached: a bit per node id.
#[derive(Default)]
struct Reached {
    words: Vec<u64>,
    len: usize,
}

impl Reached {
    /// Adds `id`: whether it is new.
    fn insert(&mut self, id: NodeId) -> bool {
        let word = id.index() / 64;
        if word >= self.words.len() {
            self.words.resize((word + 1).next_power_of_two(), 0);
        }
        if self.contains(id) {
            return false;
        }
        bits::insert(&mut self.words, id.index());
        self.len += 1;
        true
    }

    fn contains(&self, id: NodeId) -> bool {
        self.words.len() > id.index() / 64 && bits::contains(&self.words, id.index())
    }

    fn bytes(&self) -> usize {
        8 * self.words.capacity()
    }
}

/// A forward space whose every expansion adds the children it generates to
/// a [`Perimeter`], each with its path from the start, so that a backward
/// search run afterwards through [`Toward`] aims at everything a forward
/// search reached, not only at a breadth-first ring. Every other call goes
/// to the forward space, so the search runs as it would alone. The ring
/// stops growing once it holds `cap` nodes (or memory runs out); the search
/// goes on.
///
/// A plan through a recorded node is the ring's path to it, read by the
/// space given to [`Toward::new`]: its `plan_from_path` must spell every
/// operator the recording spaces generate.
pub struct Recording<'a, F: ?Sized, M> {
    forward: &'a mut F,
    ring: &'a mut Perimeter<M>,
    cap: usize,
    full: bool,
}

impl<'a, F, M> Recording<'a, F, M>
where
    F: SearchSpace + ?Sized,
    M: Meeting,
{
    /// `forward`, storing what it generates in `ring` (which gets
    /// `forward`'s start if it is empty) up to `cap` nodes.
    pub fn new(forward: &'a mut F, ring: &'a mut Perimeter<M>, cap: usize) -> Self {
        let mut node = vec![0; forward.words()];
        let full = ring.root(&*forward, &mut node).is_err() || ring.len() >= cap;
        Recording {
            forward,
            ring,
            cap,
            full,
        }
    }
}

impl<F, M> SearchSpace for Recording<'_, F, M>
where
    F: SearchSpace + ?Sized,
    M: Meeting,
{
    super::delegate!(forward =>
        words, start, is_target, successor, cost, operator_between, min_cost, on_expand, prune,
        pruned_by, on_evaluate, on_novelty, on_duplicate, rejections, on_restart,
        pruning_counters, is_complete, goal_facts, plan_from_path, packing
    );

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        self.forward.successors(node, out);
        if !self.full {
            self.full = !self.ring.record(&*self.forward, node, out, self.cap);
        }
    }

    fn bytes(&self) -> usize {
        self.forward.bytes() + self.ring.footprint().total
    }
}

#[cfg(test)]
mod tests;
