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
use super::{Packing, SearchSpace, Stats, Successors};
use crate::task::OpId;
use crate::util::limits::{Footprint, Monitor, Progress, Stop};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// The nodes stored around the start, with how each was reached.
pub struct Perimeter<M> {
    registry: StateRegistry,
    nodes: NodeArena,
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
            op: OpId(u32::MAX),
            g: 0,
        })?;
        ring.meeting.forward_stored(root, &node);
        let mut queue = VecDeque::from([root]);
        let mut succ = Successors::new(forward.words());
        while let Some(id) = queue.pop_front() {
            if ring.nodes.len() >= budget {
                return Ok(None);
            }
            let g = ring.nodes.get(id).g;
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
                    op,
                    g: child_g,
                })?;
                if forward.is_target(child) {
                    return Ok(Some(forward.plan_from_path(ring.nodes.path(child_id))));
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

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn footprint(&self) -> Footprint {
        Footprint::of(&[self.nodes.bytes(), self.meeting.bytes()]).and(self.registry.footprint())
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
    fn words(&self) -> usize {
        self.backward.words()
    }

    fn start(&self, node: &mut [u64]) {
        self.backward.start(node)
    }

    fn is_target(&self, node: &[u64]) -> bool {
        if self.backward.is_target(node) {
            self.met.set(None);
            return true;
        }
        let met = self.ring.borrow_mut().met_by(node);
        self.met.set(met);
        met.is_some()
    }

    fn successors(&mut self, node: &[u64], out: &mut Successors) {
        self.backward.successors(node, out)
    }

    fn successor(&mut self, node: &[u64], op: OpId, out: &mut [u64]) -> bool {
        self.backward.successor(node, op, out)
    }

    fn cost(&self, op: OpId) -> u32 {
        self.backward.cost(op)
    }

    fn min_cost(&self) -> u32 {
        self.backward.min_cost()
    }

    fn on_expand(&mut self, node: &[u64], g: u32) {
        self.backward.on_expand(node, g)
    }

    fn prune(&mut self, node: &[u64], g: u32) -> bool {
        self.backward.prune(node, g)
    }

    fn pruned_by(&self) -> &'static str {
        self.backward.pruned_by()
    }

    fn on_duplicate(&mut self, node: &[u64]) {
        self.backward.on_duplicate(node)
    }

    fn on_evaluate(&mut self, node: &[u64], h: Option<&[u32]>) {
        self.backward.on_evaluate(node, h)
    }

    fn rejections(&self) -> Vec<(OpId, &'static str)> {
        self.backward.rejections()
    }

    fn on_restart(&mut self) {
        self.backward.on_restart()
    }

    fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
        self.backward.pruning_counters()
    }

    fn is_complete(&self) -> bool {
        self.backward.is_complete()
    }

    /// The forward path to the ring node met, then the backward plan.
    fn plan_from_path(&self, path: Vec<OpId>) -> Vec<OpId> {
        let mut plan = match self.met.get() {
            Some(id) => self
                .forward
                .plan_from_path(self.ring.borrow().nodes.path(id)),
            None => Vec::new(),
        };
        plan.extend(self.backward.plan_from_path(path));
        plan
    }

    fn bytes(&self) -> usize {
        self.backward.bytes() + self.ring.borrow().footprint().total
    }

    fn packing(&self) -> Packing {
        self.backward.packing()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::toy::{Graph, Zero, line_task};
    use crate::search::{
        Exact, Limits, Outcome, Progression, Regression, RegressionOptions, Subsumption, bfs, gbfs,
    };

    fn monitor() -> Monitor<'static> {
        Monitor::new(Limits::none())
    }

    fn ring<M: Meeting>(g: &mut Graph, meeting: M, budget: usize) -> Box<Perimeter<M>> {
        match Perimeter::grow(g, meeting, budget, &mut monitor()) {
            Grown::Ring(ring) if ring.stopped.is_none() => ring,
            Grown::Ring(ring) => panic!("{:?}", ring.stopped),
            Grown::Plan(plan, _) => panic!("the ring reached a target: {plan:?}"),
        }
    }

    #[test]
    fn the_backward_search_stops_at_the_ring() {
        // The module docs' example: a ring of 0, 1, 2 on the line 0..=6.
        let mut g = Graph::line(7, 0, 6);
        let mut ring = ring(&mut g, Exact, 3);
        assert_eq!((ring.len(), ring.stats.expanded), (3, 2));
        let mut back = g.reversed();
        let mut toward = Toward::new(&g, &mut back, &mut ring);
        let r = bfs(&mut toward, &mut monitor());
        let Outcome::Plan(plan) = &r.outcome else {
            panic!("{r:?}")
        };
        assert_eq!(g.plan_cost(plan), Some(6));
        // Breadth-first from 6 generates 2 while expanding 3.
        assert_eq!(r.stats.expanded, 4);
        let expanded: Vec<u64> = back.expanded.iter().map(|e| e.0).collect();
        assert_eq!(expanded, [6, 5, 4, 3]);
    }

    #[test]
    fn plans_through_the_ring_are_valid_on_random_graphs() {
        let mut solved = 0;
        for seed in 0..300 {
            let mut g = Graph::random(seed, 14, 30);
            let budget = 1 + seed as usize % 6;
            let grown = Perimeter::grow(&mut g, Exact, budget, &mut monitor());
            let r = match grown {
                Grown::Plan(plan, _) => {
                    assert!(g.plan_cost(&plan).is_some(), "seed {seed}: {plan:?}");
                    solved += 1;
                    continue;
                }
                Grown::Ring(mut ring) => {
                    let mut back = g.reversed();
                    let mut toward = Toward::new(&g, &mut back, &mut ring);
                    gbfs(&mut toward, &mut Zero, false, &mut monitor())
                }
            };
            match (&r.outcome, g.perfect()[0]) {
                (Outcome::Plan(plan), Some(_)) => {
                    assert!(g.plan_cost(plan).is_some(), "seed {seed}: {plan:?}");
                    solved += 1;
                }
                (Outcome::Unsolvable, None) => {}
                (outcome, optimum) => panic!("seed {seed}: {outcome:?}, optimum {optimum:?}"),
            }
        }
        assert!(solved > 100, "the random graphs should mostly be solvable");
    }

    #[test]
    fn a_forward_target_inside_the_budget_is_a_plan() {
        let mut g = Graph::line(4, 0, 2);
        match Perimeter::grow(&mut g, Exact, 10, &mut monitor()) {
            Grown::Plan(plan, stats) => {
                assert_eq!(g.plan_cost(&plan), Some(2));
                assert_eq!(stats.expanded, 2);
            }
            _ => panic!("the ring should reach 2"),
        }
    }

    #[test]
    fn a_ring_of_everything_reachable_is_exhausted() {
        // 0 <-> 1, target 2 unreachable.
        let mut g = Graph::new(3, &[(0, 1, 1), (1, 0, 1)], 0, &[2]);
        let ring = ring(&mut g, Exact, 100);
        assert!(ring.exhausted);
        assert_eq!(ring.len(), 2);
        let bigger = Graph::line(5, 0, 4);
        let ring = Perimeter::grow(&mut bigger.clone(), Exact, 2, &mut monitor());
        assert!(matches!(ring, Grown::Ring(r) if !r.exhausted));
    }

    #[test]
    fn a_ring_cut_short_by_time_is_a_smaller_perimeter_for_several_searches() {
        // No time at all: the growth stops at the monitor's first check,
        // with the nodes stored so far.
        let mut g = Graph::line(500, 0, 499);
        let mut out_of_time = Monitor::new(Limits {
            time: Some(std::time::Duration::ZERO),
            ..Limits::none()
        });
        let Grown::Ring(mut ring) = Perimeter::grow(&mut g, Exact, 400, &mut out_of_time) else {
            panic!("no plan on a line of 500 nodes within the ring");
        };
        assert_eq!(ring.stopped, Some(Stop::Time));
        assert!(ring.len() > 1 && ring.len() < 400, "{} nodes", ring.len());
        assert_eq!(ring.stats.expanded as usize, ring.len() - 1);
        // Two searches in turn aim at the same ring, and both plans are valid.
        for _ in 0..2 {
            let mut back = g.reversed();
            let mut toward = Toward::new(&g, &mut back, &mut ring);
            let r = bfs(&mut toward, &mut monitor());
            let Outcome::Plan(plan) = &r.outcome else {
                panic!("{r:?}")
            };
            assert_eq!(g.plan_cost(plan), Some(499));
            assert!(r.stats.expanded < 499, "{:?}", r.stats);
        }
    }

    #[test]
    fn regression_meets_a_ring_of_states() {
        let task = line_task(9);
        let mut forward = Progression::new(&task);
        let mut backward = Regression::new(&task, RegressionOptions::default(), None);
        let meeting = Subsumption::new(&task, &backward);
        let Grown::Ring(mut ring) = Perimeter::grow(&mut forward, meeting, 4, &mut monitor())
        else {
            panic!("a ring of 4 states");
        };
        let mut toward = Toward::new(&forward, &mut backward, &mut ring);
        let r = bfs(&mut toward, &mut monitor());
        let Outcome::Plan(plan) = &r.outcome else {
            panic!("{r:?}")
        };
        assert_eq!(crate::plan::check_plan(&task, plan), Ok(8));
        assert!(r.stats.expanded < 8, "the ring saves steps: {r:?}");
    }
}
