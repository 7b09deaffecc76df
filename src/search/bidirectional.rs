//! Bidirectional search: grow a tree from the start and one from the target
//! until they meet.
//!
//! A breadth-first search to depth `d` with branching factor `b` stores about
//! `b^d` nodes; two searches that each go halfway store about `2 b^(d/2)`.
//! This one runs a *forward* space (from the start towards targets) and a
//! *backward* space (from the targets towards the start: regression, or pulls
//! in Sokoban) and joins them with a [`Meeting`] test. Each direction is a
//! uniform-cost search (Dijkstra; breadth-first layers when every operator
//! costs 1) over its own [`StateRegistry`]; each time a side stores a node, or
//! reaches a stored one more cheaply, it asks the meeting test which nodes of
//! the other side the node meets, and keeps the cheapest pair seen so far,
//! of cost `μ`. A target found by one side alone (a goal state, a subgoal set
//! that the initial state satisfies) counts as a meeting too.
//!
//! ```text
//! open_f = {start_f}; open_b = {start_b}; μ = ∞
//! loop:
//!     if top(open_f) + top(open_b) + ε >= μ: return the best pair's plan
//!     if a side's open list is empty and its space is complete: unsolvable
//!     expand the cheapest node of the side with fewer open nodes
//!     for each successor t stored or improved: μ = min(μ, g(t) + g(partner))
//! ```
//!
//! **Which side.** The side with fewer open nodes is expanded next (Pohl's
//! cardinality rule), so that the cheaper direction does more of the work;
//! on a tie, the side that has expanded fewer nodes, then forward. Any policy
//! keeps the guarantee below.
//!
//! **When to stop.** The first meeting is not always the cheapest: the
//! search stops only when `top_f + top_b + ε >= μ`, where `top` is the
//! smallest `g` on a side's open list and `ε` the cheapest operator's cost
//! ([`SearchSpace::min_cost`]: 1 with unit costs, 0 when some operator is
//! free). Why that is enough: take a cheapest plan of cost `C`, and on it the
//! first node `s` the forward side has not expanded. Its predecessor was
//! expanded, so `s` is open at its cheapest cost `c`, and `top_f <= c`. On the
//! backward side, follow the rest of the plan back from the target: either a
//! backward node for a part of that rest that starts after `s` is still open
//! at no more than its cost, so `top_b + ε <= C - c` (at least one operator
//! lies between the two) and the search goes on; or the backward node for
//! the rest from `s` on was stored, and `s` met it when the later of the two
//! was stored, so `μ <= C`. So for **any
//! non-negative operator costs** (zero included) the plan is **optimal**, and
//! with unit costs it has the fewest steps. The argument also covers
//! regression's pruning: a subgoal set dropped as *subsumed* has an expanded
//! subset, reached at no greater cost, that every state satisfying the set
//! satisfies too (the walk back continues from it), and sound mutexes only
//! drop sets that no reachable state satisfies.
//!
//! **Unsolvable** is reported only when a side runs out of open nodes and its
//! space says it is complete ([`SearchSpace::is_complete`]): then every node
//! that side can reach was stored and tested as a target. An exhausted side
//! that is not complete lets the other side go on alone; when both run out,
//! the outcome is [`Outcome::Incomplete`].
//!
//! **The plan** is the forward space's `plan_from_path` of the path to the
//! forward node, followed by the backward space's `plan_from_path` of the path
//! to the backward node (regression reverses its path into execution order).
//!
//! The statistics add both sides up, and [`Stats::sides`] keeps each side's
//! expanded and generated counts; the pruning counters of both spaces are
//! summed by name.
//!
//! Example: on the number line `0..=4` from 0 to 4 with the backward space
//! the same line walked from 4, the forward side expands 0 (storing 1), the
//! backward side expands 4 (storing 3), the forward side expands 1 and
//! stores 2, the backward side expands 3, reaches 2, which the forward side
//! stored at cost 2: `μ = 2 + 2 = 4 <= top_f + top_b + 1`, and the plan is
//! `[inc, inc]` followed by the reverse of `[dec, dec]`.
//!
//! # Plugging in a pair of spaces
//!
//! A forward space and a backward space with the same node layout use
//! [`Exact`](super::Exact); a PDDL progression/regression pair uses
//! [`Subsumption`](super::Subsumption). See [`super::meeting`].

use super::meeting::Meeting;
use super::node::{NodeArena, NodeId, SearchNode};
use super::registry::StateRegistry;
use super::stats::SideStats;
use super::{Outcome, SearchResult, SearchSpace, Stats, Successors};
use crate::util::limits::{Footprint, Monitor, Progress, Stop};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Bidirectional uniform-cost search over `forward` and `backward`, meeting by
/// `meeting`; see the module docs.
pub fn bidirectional<F, B, M>(
    forward: &mut F,
    backward: &mut B,
    meeting: &mut M,
    monitor: &mut Monitor,
) -> SearchResult
where
    F: SearchSpace + ?Sized,
    B: SearchSpace + ?Sized,
    M: Meeting + ?Sized,
{
    let mut f = Side::new(&*forward, monitor);
    let mut b = Side::new(&*backward, monitor);
    let mut best = Best::NONE;
    let outcome = run(
        forward, backward, meeting, monitor, &mut f, &mut b, &mut best,
    )
    .unwrap_or_else(Outcome::from);
    let mut stats = Stats::default();
    stats.add_counts(&f.stats);
    stats.add_counts(&b.stats);
    stats.sides = Some([f.side_stats(), b.side_stats()]);
    let pruned = merge_counters(forward.pruning_counters(), backward.pruning_counters());
    let bytes = f.footprint().total + b.footprint().total + meeting.bytes();
    let bytes = bytes + forward.bytes() + backward.bytes();
    stats.finish(monitor.elapsed(), pruned, bytes as u64);
    SearchResult { outcome, stats }
}

/// The two directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Forward,
    Backward,
}

/// The cheapest meeting so far: its cost and the node on each side (`None`
/// for a side's start when the other side reached a target on its own).
#[derive(Clone, Copy, Debug)]
struct Best {
    cost: u64,
    forward: Option<NodeId>,
    backward: Option<NodeId>,
}

impl Best {
    const NONE: Best = Best {
        cost: u64::MAX,
        forward: None,
        backward: None,
    };

    fn offer(&mut self, cost: u64, forward: Option<NodeId>, backward: Option<NodeId>) {
        if cost < self.cost {
            *self = Best {
                cost,
                forward,
                backward,
            };
        }
    }
}

/// One direction's search: its registry, nodes and open list.
struct Side {
    registry: StateRegistry,
    nodes: NodeArena,
    /// One flag per node: expanded.
    closed: Vec<bool>,
    /// `(g, id)`, smallest first; an entry whose `g` is above the node's
    /// current `g` is stale and skipped.
    open: BinaryHeap<Reverse<(u32, NodeId)>>,
    /// Nodes on the open list (each counted once).
    open_nodes: usize,
    /// The words of the node being expanded.
    node: Vec<u64>,
    succ: Successors,
    stats: Stats,
}

impl Side {
    fn new<S: SearchSpace + ?Sized>(space: &S, monitor: &Monitor) -> Side {
        Side {
            registry: StateRegistry::with_packing(space.packing())
                .with_deadline(monitor.deadline()),
            nodes: NodeArena::new(),
            closed: Vec::new(),
            open: BinaryHeap::new(),
            open_nodes: 0,
            node: vec![0; space.words()],
            succ: Successors::new(space.words()),
            stats: Stats::default(),
        }
    }

    fn footprint(&self) -> Footprint {
        Footprint::of(&[
            self.closed.capacity(),
            self.open.capacity() * std::mem::size_of::<(u32, NodeId)>(),
            self.succ.bytes(),
        ])
        .and(self.nodes.footprint())
        .and(self.registry.footprint())
    }

    fn side_stats(&self) -> SideStats {
        SideStats {
            expanded: self.stats.expanded,
            generated: self.stats.generated,
        }
    }

    /// The smallest `g` on the open list, after dropping stale entries.
    fn top(&mut self) -> Option<u32> {
        while let Some(&Reverse((g, id))) = self.open.peek() {
            if self.closed[id.index()] || g > self.nodes.g(id) {
                self.open.pop();
            } else {
                return Some(g);
            }
        }
        None
    }

    fn push_open(&mut self, g: u32, id: NodeId) -> Result<(), Stop> {
        self.open.try_reserve(1).map_err(|_| Stop::Memory)?;
        self.open.push(Reverse((g, id)));
        Ok(())
    }

    /// Stores a new node reached from `parent` at cost `g`.
    fn add(&mut self, parent: NodeId, g: u32) -> Result<(), Stop> {
        self.nodes.push(SearchNode { parent, g })?;
        self.closed.try_reserve(1).map_err(|_| Stop::Memory)?;
        self.closed.push(false);
        self.open_nodes += 1;
        Ok(())
    }
}

/// The meeting test in direction `dir`: nodes of `other` that `node` meets.
fn meets<M: Meeting + ?Sized>(
    meeting: &mut M,
    dir: Dir,
    node: &[u64],
    other: &mut StateRegistry,
    out: &mut Vec<NodeId>,
) {
    out.clear();
    match dir {
        Dir::Forward => meeting.forward_meets(node, other, out),
        Dir::Backward => meeting.backward_meets(node, other, out),
    }
}

fn stored<M: Meeting + ?Sized>(meeting: &mut M, dir: Dir, id: NodeId, node: &[u64]) {
    match dir {
        Dir::Forward => meeting.forward_stored(id, node),
        Dir::Backward => meeting.backward_stored(id, node),
    }
}

/// Offers the meetings of node `id` (side `dir`, cost `g`, a target or not)
/// with the nodes `partners` of the other side.
fn offer(
    best: &mut Best,
    dir: Dir,
    id: NodeId,
    g: u32,
    target: bool,
    partners: &[NodeId],
    other: &Side,
) {
    let at = |x: Option<NodeId>, y: Option<NodeId>| match dir {
        Dir::Forward => (x, y),
        Dir::Backward => (y, x),
    };
    if target {
        let (f, b) = at(Some(id), None);
        best.offer(u64::from(g), f, b);
    }
    for &p in partners {
        let cost = u64::from(g) + u64::from(other.nodes.g(p));
        let (f, b) = at(Some(id), Some(p));
        best.offer(cost, f, b);
    }
}

fn run<F, B, M>(
    forward: &mut F,
    backward: &mut B,
    meeting: &mut M,
    monitor: &mut Monitor,
    f: &mut Side,
    b: &mut Side,
    best: &mut Best,
) -> Result<Outcome, Stop>
where
    F: SearchSpace + ?Sized,
    B: SearchSpace + ?Sized,
    M: Meeting + ?Sized,
{
    let mut partners = Vec::new();
    // Any plan through an open node on each side that have not met yet has
    // at least one operator between them.
    let step = u64::from(forward.min_cost().min(backward.min_cost()));
    // The two start nodes, forward first.
    for dir in [Dir::Forward, Dir::Backward] {
        let (side, other, words) = match dir {
            Dir::Forward => (&mut *f, &mut *b, forward.words()),
            Dir::Backward => (&mut *b, &mut *f, backward.words()),
        };
        let mut start = vec![0; words];
        let target = match dir {
            Dir::Forward => {
                forward.start(&mut start);
                forward.is_target(&start)
            }
            Dir::Backward => {
                backward.start(&mut start);
                backward.is_target(&start)
            }
        };
        let (id, _) = side.registry.insert(&start)?;
        side.add(NodeId::NONE, 0)?;
        side.push_open(0, id)?;
        meets(meeting, dir, &start, &mut other.registry, &mut partners);
        offer(best, dir, id, 0, target, &partners, other);
        stored(meeting, dir, id, &start);
    }
    loop {
        let (top_f, top_b) = (f.top(), b.top());
        let bound = match (top_f, top_b) {
            (Some(x), Some(y)) => u64::from(x) + u64::from(y) + step,
            _ => u64::MAX,
        };
        if best.cost != u64::MAX && best.cost <= bound {
            let mut plan = match best.forward {
                Some(id) => {
                    let path = f.nodes.path(id, &f.registry, forward);
                    forward.plan_from_path(path)
                }
                None => Vec::new(),
            };
            if let Some(id) = best.backward {
                let path = b.nodes.path(id, &b.registry, backward);
                plan.extend(backward.plan_from_path(path));
            }
            return Ok(Outcome::Plan(plan));
        }
        let dir = match (top_f, top_b) {
            (None, _) if forward.is_complete() => return Ok(Outcome::Unsolvable),
            (_, None) if backward.is_complete() => return Ok(Outcome::Unsolvable),
            (None, None) => return Ok(Outcome::Incomplete),
            (None, Some(_)) => Dir::Backward,
            (Some(_), None) => Dir::Forward,
            (Some(_), Some(_)) => {
                let fewer = (f.open_nodes, f.stats.expanded) <= (b.open_nodes, b.stats.expanded);
                if fewer { Dir::Forward } else { Dir::Backward }
            }
        };
        let g = match dir {
            Dir::Forward => top_f,
            Dir::Backward => top_b,
        }
        .unwrap_or(0);
        monitor.tick(
            || {
                let mut fp = (f.footprint())
                    .and(b.footprint())
                    .and(Footprint::of(&[meeting.bytes()]));
                fp.total += forward.bytes() + backward.bytes();
                fp
            },
            || Progress {
                expanded: f.stats.expanded + b.stats.expanded,
                generated: f.stats.generated + b.stats.generated,
                evaluated: 0,
                value: Some(("g_f + g_b", bound.min(u64::from(u32::MAX)) as u32)),
                elapsed: Default::default(),
                memory: 0,
            },
        )?;
        match dir {
            Dir::Forward => expand(forward, dir, f, b, meeting, best, g, &mut partners)?,
            Dir::Backward => expand(backward, dir, b, f, meeting, best, g, &mut partners)?,
        }
    }
}

/// Expands the top node of `side` (at cost `g`) in `space`.
#[allow(clippy::too_many_arguments)]
fn expand<S, M>(
    space: &mut S,
    dir: Dir,
    side: &mut Side,
    other: &mut Side,
    meeting: &mut M,
    best: &mut Best,
    g: u32,
    partners: &mut Vec<NodeId>,
) -> Result<(), Stop>
where
    S: SearchSpace + ?Sized,
    M: Meeting + ?Sized,
{
    let Some(Reverse((_, id))) = side.open.pop() else {
        return Ok(());
    };
    side.closed[id.index()] = true;
    side.open_nodes -= 1;
    side.registry.get(id, &mut side.node);
    space.on_expand(&side.node, g);
    // Taken out while the successors are stored (put back below).
    let mut succ = std::mem::take(&mut side.succ);
    space.successors(&side.node, &mut succ);
    side.stats.expanded += 1;
    for i in 0..succ.len() {
        let (op, child) = succ.get(i);
        let child_g = g.saturating_add(space.cost(op));
        if space.prune(child, child_g) {
            continue;
        }
        side.stats.generated += 1;
        let (child_id, new) = side.registry.insert_successor(id, &side.node, child)?;
        if new {
            side.add(id, child_g)?;
        } else {
            if side.closed[child_id.index()] || child_g >= side.nodes.g(child_id) {
                side.stats.duplicates += 1;
                space.on_duplicate(child);
                continue;
            }
            // Reached more cheaply while still open: a new parent and cost.
            let cheaper = SearchNode {
                parent: id,
                g: child_g,
            };
            side.nodes.set(child_id, cheaper)?;
        }
        side.push_open(child_g, child_id)?;
        let target = space.is_target(child);
        meets(meeting, dir, child, &mut other.registry, partners);
        offer(best, dir, child_id, child_g, target, partners, other);
        if new {
            stored(meeting, dir, child_id, child);
        }
    }
    side.succ = succ;
    Ok(())
}

/// The counters of both spaces, summed by rule, in first-seen order.
fn merge_counters(
    a: Vec<(&'static str, u64)>,
    b: Vec<(&'static str, u64)>,
) -> Vec<(&'static str, u64)> {
    let mut out: Vec<(&'static str, u64)> = Vec::new();
    for (rule, n) in a.into_iter().chain(b) {
        match out.iter_mut().find(|(r, _)| *r == rule) {
            Some((_, m)) => *m += n,
            None => out.push((rule, n)),
        }
    }
    out
}

#[cfg(test)]
mod tests;
