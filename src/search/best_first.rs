//! Best-first search: A*, weighted A* and greedy best-first search in one loop.
//!
//! Keep an *open list* of reached nodes ordered by a priority, repeatedly expand
//! the best one, and put its successors on the list. The three searches differ
//! only in the priority of a node reached at cost `g` with estimate `h`
//! (pyperplan's `make_open_entry`):
//!
//! | search     | priority `f`  | ties                     | closed nodes     |
//! |------------|---------------|--------------------------|------------------|
//! | [`astar`]  | `g + h`       | lower `h`, `t`, then FIFO | reopened         |
//! | [`wastar`] | `g + W * h`   | lower `h`, `t`, then FIFO | reopened         |
//! | [`gbfs`]   | `h`           | lower `t`, then FIFO      | not reopened     |
//!
//! [`best_first`] with [`Ties::Lifo`] breaks the last ties the other way, newest
//! node first (greedy search then dives through plateaus; see
//! [`super::open_list`]).
//!
//! `t` is the heuristic's [`Heuristic::tie_breaker`], 0 when it has none (the
//! progression heuristics). Regression uses it to cross plateaus of zero-cost
//! operators, where `f` and `h` stay the same for many nodes.
//!
//! **A\*.** The goal test is done at *expansion*: a target popped from the open
//! list with the smallest `f` has the cheapest path when `h` is admissible.
//! When a cheaper path to a node already seen is found, the node gets the new
//! parent and `g` and goes back on the open list, even if it was closed
//! (*reopening*, counted in [`super::Stats::reopened`]); with a consistent
//! heuristic that never happens to closed nodes, with an inconsistent one it is
//! what keeps A* optimal. Zero-cost operators are fine: `g` only has to be
//! strictly smaller to count as cheaper.
//!
//! **Greedy best-first search** ignores `g`. It does not reopen closed nodes,
//! but a cheaper path to a seen node still replaces its parent (as Fast
//! Downward's `eager_greedy` does), so the plan is the cheapest one through the
//! nodes it has seen. With *preferred operators*, it keeps a second open list of
//! the nodes reached by an operator the heuristic marked as preferred in their
//! parent, and takes turns between the two lists (see [`super::open_list`]),
//! as Fast Downward's `eager_greedy([h], preferred=[h])` does. The heuristic is
//! evaluated again on the node being expanded to get its preferred operators
//! (these re-evaluations are not counted as evaluated states).
//!
//! **Feature space.** When the heuristic places each node in a cell of a
//! feature space ([`Features::feature`], with [`best_first_features`]), greedy search keeps one open list
//! per cell and takes the best node of each cell in turn
//! ([`super::open_list::Cells`]), as Festival's feature space search does for
//! Sokoban, instead of always the best node of all. A* and weighted A* ignore
//! features. If the heuristic also weighs moves ([`Features::move_weight`],
//! Festival's move weights), each node carries the sum of the weights of the
//! moves on its path (fixed when the node is first reached), and a cell's
//! best node is the one of least weight, then of least `h`.
//!
//! A successor the heuristic calls a dead end is counted and dropped; if the
//! open list runs empty, the reachable space without dead ends has been
//! searched and the task is [`Outcome::Unsolvable`].
//!
//! Example: on the number line from 0 to 2 with the perfect heuristic, A*
//! expands exactly 0 and 1 and returns `[inc, inc]`.

use super::chunked::{Chunked, Narrowed};
use super::node::{NodeArena, NodeId, SearchNode};
use super::open_list::{Alternation, Cells, Key, Ties};
use super::registry::StateRegistry;
use super::{Outcome, SearchResult, SearchSpace, Stats, Successors};
use crate::heuristics::{Estimate, Features, Heuristic};
use crate::task::OpId;
use crate::util::bits;
use crate::util::limits::{Footprint, Monitor, Progress, Stop};

/// How the open list orders nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// `f = g + h`.
    AStar,
    /// `f = g + W * h`.
    Weighted(u32),
    /// `f = h`.
    Greedy,
}

impl Priority {
    #[inline]
    fn key(self, g: u32, h: u32, t: u32) -> Key {
        match self {
            Priority::AStar => (u64::from(g) + u64::from(h), h, t),
            Priority::Weighted(w) => (u64::from(g) + u64::from(w) * u64::from(h), h, t),
            Priority::Greedy => (u64::from(h), t, 0),
        }
    }

    fn reopens(self) -> bool {
        self != Priority::Greedy
    }
}

/// A* search: cost-optimal with an admissible heuristic.
pub fn astar<S, H>(space: &mut S, h: &mut H, monitor: &mut Monitor) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Heuristic + ?Sized,
{
    best_first(space, h, Priority::AStar, false, Ties::Fifo, monitor)
}

/// Weighted A* with `f = g + weight * h`: plans cost at most `weight` times the
/// optimum with an admissible heuristic.
pub fn wastar<S, H>(space: &mut S, h: &mut H, weight: u32, monitor: &mut Monitor) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Heuristic + ?Sized,
{
    best_first(
        space,
        h,
        Priority::Weighted(weight),
        false,
        Ties::Fifo,
        monitor,
    )
}

/// Greedy best-first search, with a preferred-operator queue if `preferred`.
pub fn gbfs<S, H>(space: &mut S, h: &mut H, preferred: bool, monitor: &mut Monitor) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Heuristic + ?Sized,
{
    best_first(space, h, Priority::Greedy, preferred, Ties::Fifo, monitor)
}

/// `h` of a node that is a dead end.
const DEAD: u32 = u32::MAX;

/// The best-first search loop behind [`astar`], [`wastar`] and [`gbfs`];
/// `ties` orders the nodes whose keys are equal.
pub fn best_first<S, H>(
    space: &mut S,
    h: &mut H,
    priority: Priority,
    preferred: bool,
    ties: Ties,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Heuristic + ?Sized,
{
    best_first_by(space, h, Cell::none(), priority, preferred, ties, monitor)
}

/// [`best_first`] with a heuristic that has [`Features`]: greedy search
/// takes turns between the cells of feature space.
pub fn best_first_features<S, H>(
    space: &mut S,
    h: &mut H,
    priority: Priority,
    preferred: bool,
    ties: Ties,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Features + ?Sized,
{
    best_first_by(
        space,
        h,
        Cell {
            of: |h: &H| h.feature(),
            weight: |h: &H, parent, child| h.move_weight(parent, child),
        },
        priority,
        preferred,
        ties,
        monitor,
    )
}

/// How the search reads a node's cell of feature space from the heuristic
/// (`of`, after each estimate) and the weight of a move between two cells.
struct Cell<F, W> {
    of: F,
    weight: W,
}

impl<H: ?Sized> Cell<fn(&H) -> Option<u32>, fn(&H, u32, u32) -> Option<u32>> {
    /// No features.
    fn none() -> Self {
        Cell {
            of: |_| None,
            weight: |_, _, _| None,
        }
    }
}

fn best_first_by<S, H>(
    space: &mut S,
    h: &mut H,
    cell: Cell<impl Fn(&H) -> Option<u32>, impl Fn(&H, u32, u32) -> Option<u32>>,
    priority: Priority,
    preferred: bool,
    ties: Ties,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Heuristic + ?Sized,
{
    let mut search = BestFirst {
        priority,
        preferred,
        registry: StateRegistry::with_packing(space.packing()).with_deadline(monitor.deadline()),
        node: vec![0; space.words()],
        nodes: NodeArena::new(),
        h_values: Narrowed::new(),
        ties: Vec::new(),
        closed: Vec::new(),
        open: Alternation::with_ties(ties),
        cells: None,
        cell_of: Chunked::new(),
        weight_of: None,
        ties_order: ties,
        succ: Successors::new(space.words()),
        is_preferred: Vec::new(),
        preferred_ops: Vec::new(),
        stats: Stats::default(),
        best: u32::MAX,
    };
    let outcome = (search.run(space, h, &cell, monitor)).unwrap_or_else(Outcome::from);
    let mut stats = std::mem::take(&mut search.stats);
    stats.novelty = h.novelty();
    let bytes = search.bytes() + space.bytes();
    stats.finish(monitor.elapsed(), space.pruning_counters(), bytes as u64);
    SearchResult { outcome, stats }
}

struct BestFirst {
    priority: Priority,
    preferred: bool,
    registry: StateRegistry,
    /// The words of the node being expanded, unpacked from the registry.
    node: Vec<u64>,
    nodes: NodeArena,
    /// `h` of every node, [`DEAD`] for dead ends (2 bytes a node while
    /// every `h` fits them).
    h_values: Narrowed,
    /// The tie-breaker of every node; empty if the heuristic has none.
    ties: Vec<u32>,
    /// One bit per node: closed.
    closed: Vec<u64>,
    open: Alternation,
    /// Greedy search with a heuristic that has features: one queue per
    /// cell of feature space, popped in turn, instead of `open`.
    cells: Option<Cells>,
    /// The feature-space cell of every node (with `cells`).
    cell_of: Chunked<u32>,
    /// The accumulated move weight of every node (with `cells`, if the
    /// heuristic weighs moves).
    weight_of: Option<Chunked<u32>>,
    ties_order: Ties,
    succ: Successors,
    /// `is_preferred[o]`: operator `o` is preferred in the node being expanded.
    is_preferred: Vec<bool>,
    /// The preferred operators of the node being expanded.
    preferred_ops: Vec<OpId>,
    stats: Stats,
    /// The value reported as progress: the last `f` (A*) or best `h` (GBFS).
    best: u32,
}

impl BestFirst {
    fn bytes(&self) -> usize {
        self.footprint().total
    }

    fn footprint(&self) -> Footprint {
        Footprint::of(&[
            self.ties.capacity() * 4,
            self.closed.capacity() * 8,
            self.succ.bytes(),
        ])
        .and(self.nodes.footprint())
        .and(self.h_values.footprint())
        .and(self.cell_of.footprint())
        .and(
            self.weight_of
                .as_ref()
                .map_or_else(Footprint::default, Chunked::footprint),
        )
        .and(self.registry.footprint())
        .and(self.open.footprint())
        .and(
            self.cells
                .as_ref()
                .map_or_else(Footprint::default, Cells::footprint),
        )
    }

    /// Stores a new node with its estimate, tie-breaker, cell and weight;
    /// returns the estimate.
    fn add_node(
        &mut self,
        estimate: Estimate,
        tie: Option<u32>,
        (feature, weight): (Option<u32>, u32),
        node: SearchNode,
    ) -> Result<u32, Stop> {
        self.stats.evaluated += 1;
        let value = match estimate {
            Estimate::Value(v) => v.min(DEAD - 1),
            Estimate::DeadEnd => {
                self.stats.dead_ends += 1;
                DEAD
            }
        };
        self.nodes.push(node)?;
        self.h_values.push(value)?;
        if let Some(t) = tie {
            // Nodes stored without a tie-breaker count as 0.
            let id = self.h_values.len() - 1;
            self.ties
                .try_reserve(id + 1 - self.ties.len())
                .map_err(|_| Stop::Memory)?;
            self.ties.resize(id, 0);
            self.ties.push(t);
        }
        if self.cells.is_some() {
            self.cell_of.push(feature.unwrap_or(0))?;
        }
        if let Some(weights) = &mut self.weight_of {
            weights.push(weight)?;
        }
        if self.h_values.len() > self.closed.len() * 64 {
            self.closed.try_reserve(1).map_err(|_| Stop::Memory)?;
            self.closed.push(0);
        }
        Ok(value)
    }

    /// Whether node `id` is closed (expanded and not reopened since).
    #[inline]
    fn is_closed(&self, id: NodeId) -> bool {
        bits::contains(&self.closed, id)
    }

    #[inline]
    fn set_closed(&mut self, id: NodeId, closed: bool) {
        let (word, mask) = (bits::word(id), bits::mask(id));
        self.closed[word] = self.closed[word] & !mask | if closed { mask } else { 0 };
    }

    fn push_open(&mut self, id: NodeId, g: u32, h: u32, preferred: bool) -> Result<(), Stop> {
        let tie = self.ties.get(id.index()).copied().unwrap_or(0);
        let key = self.priority.key(g, h, tie);
        if let Some(cells) = &mut self.cells {
            let key = match &self.weight_of {
                Some(weights) => (u64::from(weights.get(id.index())), h, tie),
                None => key,
            };
            cells.push(self.cell_of.get(id.index()), key, id)?;
            return Ok(());
        }
        self.open.all.push(key, id)?;
        if preferred {
            self.open.preferred.push(key, id)?;
        }
        Ok(())
    }

    fn run<S, H>(
        &mut self,
        space: &mut S,
        h: &mut H,
        cell: &Cell<impl Fn(&H) -> Option<u32>, impl Fn(&H, u32, u32) -> Option<u32>>,
        monitor: &mut Monitor,
    ) -> Result<Outcome, Stop>
    where
        S: SearchSpace + ?Sized,
        H: Heuristic + ?Sized,
    {
        let mut start = vec![0; space.words()];
        space.start(&mut start);
        let (root, _) = self.registry.insert(&start)?;
        let root_node = SearchNode {
            parent: NodeId::NONE,
            g: 0,
        };
        let path_dependent = h.is_path_dependent();
        if path_dependent {
            h.notify_start(root.0, &start);
        }
        let h0 = h.estimate(&start);
        self.stats.initial_h_time = Some(monitor.elapsed());
        self.stats.initial_h = Some((
            h.name(),
            match h0 {
                Estimate::Value(v) => Some(v),
                Estimate::DeadEnd => None,
            },
        ));
        let f0 = (cell.of)(h);
        if self.priority == Priority::Greedy
            && let Some(f0) = f0
        {
            self.cells = Some(Cells::with_ties(self.ties_order));
            if (cell.weight)(h, f0, f0).is_some() {
                self.weight_of = Some(Chunked::new());
            }
        }
        let h0 = self.add_node(h0, h.tie_breaker(), (f0, 0), root_node)?;
        space.on_evaluate(&start, (h0 != DEAD).then_some(&[h0]));
        if h0 == DEAD {
            return Ok(Outcome::Unsolvable);
        }
        self.push_open(root, 0, h0, false)?;
        while let Some((key, id)) = match &mut self.cells {
            Some(cells) => cells.pop(),
            None => self.open.pop(),
        } {
            if self.is_closed(id) {
                continue;
            }
            self.set_closed(id, true);
            let g = self.nodes.g(id);
            self.best = match self.priority {
                Priority::Greedy => self.best.min(self.h_values.get(id.index())),
                _ => {
                    let f = key.0.min(u64::from(DEAD)) as u32;
                    // The highest f so far, as Fast Downward counts jumps
                    // (with an inconsistent h, f may also go down).
                    if self.stats.f_reached.is_none_or(|top| f > top) {
                        self.stats.expanded_until_last_jump = Some(self.stats.expanded);
                        self.stats.f_reached = Some(f);
                    }
                    f
                }
            };
            let label = if self.priority == Priority::Greedy {
                "h"
            } else {
                "f"
            };
            monitor.tick(
                || {
                    let mut f = self.footprint().and(h.footprint());
                    f.total += space.bytes();
                    f
                },
                || Progress {
                    expanded: self.stats.expanded,
                    generated: self.stats.generated,
                    evaluated: self.stats.evaluated,
                    value: Some((label, self.best)),
                    elapsed: Default::default(),
                    memory: 0,
                },
            )?;
            self.registry.get(id, &mut self.node);
            let node = &self.node[..];
            if space.is_target(node) {
                let path = self.nodes.path(id, &self.registry, space);
                return Ok(Outcome::Plan(space.plan_from_path(path)));
            }
            if self.preferred {
                h.estimate(node);
                self.preferred_ops.clear();
                self.preferred_ops
                    .extend_from_slice(h.preferred_operators());
                for &o in &self.preferred_ops {
                    if self.is_preferred.len() <= o.index() {
                        self.is_preferred.resize(o.index() + 1, false);
                    }
                    self.is_preferred[o.index()] = true;
                }
            }
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
                let is_pref = self.is_preferred.get(op.index()).copied().unwrap_or(false);
                let (child_id, new) = self.registry.insert_successor(id, &self.node, child)?;
                if path_dependent {
                    h.notify_transition(id.0, op, child_id.0, child);
                }
                let child_node = SearchNode {
                    parent: id,
                    g: child_g,
                };
                if new {
                    let estimate = h.estimate(child);
                    if monitor.time_is_up() {
                        return Err(Stop::Time);
                    }
                    let value = match estimate {
                        Estimate::Value(v) => Some([v.min(DEAD - 1)]),
                        Estimate::DeadEnd => None,
                    };
                    space.on_evaluate(child, value.as_ref().map(|v| &v[..]));
                    let feature = (cell.of)(h);
                    let weight = match (&self.weight_of, feature) {
                        (Some(weights), Some(f)) => {
                            let parent = self.cell_of.get(id.index());
                            let step = (cell.weight)(h, parent, f).unwrap_or(1);
                            weights.get(id.index()).saturating_add(step)
                        }
                        _ => 0,
                    };
                    let child_h =
                        self.add_node(estimate, h.tie_breaker(), (feature, weight), child_node)?;
                    if child_h != DEAD {
                        self.push_open(child_id, child_g, child_h, is_pref)?;
                    }
                    continue;
                }
                let child_h = self.h_values.get(child_id.index());
                if child_h == DEAD || child_g >= self.nodes.g(child_id) {
                    self.stats.duplicates += 1;
                    space.on_duplicate(child);
                    continue;
                }
                // A cheaper path to a node seen before.
                self.nodes.set(child_id, child_node)?;
                if self.priority.reopens() {
                    if self.is_closed(child_id) {
                        self.set_closed(child_id, false);
                        self.stats.reopened += 1;
                    }
                    self.push_open(child_id, child_g, child_h, is_pref)?;
                }
            }
            for &o in &self.preferred_ops {
                self.is_preferred[o.index()] = false;
            }
        }
        Ok(Outcome::Unsolvable)
    }
}

#[cfg(test)]
mod tests;
