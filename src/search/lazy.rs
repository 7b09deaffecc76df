//! Lazy best-first search: evaluate a node when it is taken from the open
//! list, not when it is generated (deferred evaluation, as in Fast Downward's
//! `lazy_greedy` and `lazy_wastar`, the searches of LAMA).
//!
//! Eager search evaluates every successor it generates, although most are
//! never expanded: with a branching factor of 50 it pays 50 heuristic calls
//! per expansion. Lazy search puts the pair *(parent, operator)* on the open
//! list under the **parent's** estimate and builds and evaluates the child only
//! when the pair comes out. Estimates are one step stale, so guidance is
//! coarser, but each heuristic call now buys an expansion.
//!
//! Two more ideas make it work, both from LAMA:
//!
//! * **Several heuristics, taken in turn.** One queue per heuristic (h^FF and
//!   the landmark count in LAMA), popped alternately ([`Sublists`]): a node
//!   that one heuristic ranks badly still comes out when the other ranks it
//!   well.
//! * **Preferred operators with boosting.** Each heuristic also has a queue
//!   of the children reached by its preferred operators. Whenever a node
//!   improves on the best estimate seen so far of some heuristic, the
//!   preferred queues get [`LazyOptions::boost`] pops ahead of the others.
//!
//! A third idea comes from NOLAN (Corrêa & Seipp, ICAPS 2025): **novelty as
//! a tie-break** ([`NoveltyQueue`]). The plain queue of one heuristic (the
//! landmark count) is ordered by the novelty `w` of the parent first
//! ([`crate::heuristics::novelty`]), measured among the states with the same
//! estimate of that heuristic, then by that estimate, then by the child's
//! `g`; parents whose novelty is above the table's width put nothing on it.
//! Where every state looks the same to the heuristic, the queue still
//! prefers the children of states that brought something new, so the
//! search spreads out over a plateau instead of walking in circles.
//!
//! With a weight `W` the key is `g + W * h` (weighted A*, `g` of the child,
//! `h` of the parent), and a node reached again more cheaply is evaluated
//! and expanded again (Fast Downward's `reopen_closed`); the greedy search
//! keys on `h` alone and never reopens.
//!
//! Example: from `s` with operators `a` and `b`, lazy greedy search evaluates
//! `s`, pushes `(s, a)` and `(s, b)` under `h(s)`, pops `(s, a)`, builds and
//! evaluates `a(s)`, pushes its pairs under `h(a(s))`, and so on: one
//! evaluation per expansion, where eager search would already have
//! evaluated both `a(s)` and `b(s)`.

use super::chunked::Chunked;
use super::node::{NodeArena, NodeId, SearchNode};
use super::open_list::Sublists;
use super::registry::StateRegistry;
use super::{Outcome, SearchResult, SearchSpace, Stats, Successors};
use crate::heuristics::novelty::{DEFAULT_BYTE_LIMIT, NoveltyTable};
use crate::heuristics::{Estimate, Heuristic};
use crate::task::OpId;
use crate::util::limits::{Footprint, Monitor, Progress, Stop};

/// The settings of a lazy search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LazyOptions {
    /// `None`: greedy (key `h`); `Some(w)`: weighted A* (key `g + w * h`),
    /// reopening nodes reached again more cheaply.
    pub weight: Option<u32>,
    /// Keep a second queue per heuristic for the children reached by its
    /// preferred operators.
    pub preferred: bool,
    /// How many pops ahead the preferred queues jump after progress (LAMA:
    /// 1000; 0 turns boosting off).
    pub boost: u32,
    /// Only paths cheaper than this are followed (an anytime search's best
    /// plan so far, see [`super::iterated()`]).
    pub bound: Option<u32>,
    /// Order one heuristic's plain queue by novelty first (NOLAN).
    pub novelty: Option<NoveltyQueue>,
}

/// NOLAN's novelty queue: the plain (not preferred-only) queue of heuristic
/// `heuristic` keyed by `⟨w, h, g⟩`, where `w` is the novelty of the parent
/// among the states evaluated before it with the same `h`, `h` is the
/// parent's estimate and `g` the child's cost from the start (Scorpion's
/// `tiebreaking([novelty(width, evals=[h]), h, g()])`). Parents of novelty
/// above `width` put no children on it: those stay on the other queues.
///
/// Example, `width` 2: the children of a parent with `h = 7` that made a
/// fact true for the first time among the states with `h = 7` come before
/// those of a parent with `h = 3` whose facts had all been seen with
/// `h = 3` and only a pair of them is new (`⟨1, 7, g⟩` before `⟨2, 3, g⟩`);
/// plain LAMA would take the `h = 3` children first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoveltyQueue {
    /// Which heuristic (index into the search's heuristics) partitions the
    /// novelty and whose plain queue this one replaces.
    pub heuristic: usize,
    /// The largest tuple size measured, 1 or 2.
    pub width: u32,
}

impl LazyOptions {
    /// LAMA's greedy search: preferred operators, boost 1000.
    pub const GREEDY: LazyOptions = LazyOptions {
        weight: None,
        preferred: true,
        boost: 1000,
        bound: None,
        novelty: None,
    };

    /// NOLAN's first search: LAMA's greedy search with the plain queue of
    /// heuristic `heuristic` ordered by novelty up to `width` first.
    pub fn nolan(heuristic: usize, width: u32) -> LazyOptions {
        LazyOptions {
            novelty: Some(NoveltyQueue { heuristic, width }),
            ..LazyOptions::GREEDY
        }
    }
}

/// One open-list entry: the child of `parent` by `op` (its g is read when it
/// is taken out, from the parent's g then).
#[derive(Clone, Copy, Debug)]
struct Entry {
    parent: NodeId,
    op: OpId,
}

/// Lazy best-first search over `space` with the heuristics `hs` (at least
/// one), each with its own queue; see the module docs.
pub fn lazy<S>(
    space: &mut S,
    hs: &mut [&mut dyn Heuristic],
    options: LazyOptions,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
{
    assert!(!hs.is_empty(), "lazy search needs a heuristic");
    let n = hs.len();
    if let Some(q) = options.novelty {
        assert!(
            q.heuristic < n,
            "the novelty queue's heuristic is not searched with"
        );
    }
    let mut preferred_only = vec![false; n];
    if options.preferred {
        preferred_only.extend(std::iter::repeat_n(true, n));
    }
    let mut search = Lazy {
        registry: StateRegistry::with_packing(space.packing()).with_deadline(monitor.deadline()),
        nodes: NodeArena::new(),
        dead: Vec::new(),
        entries: Chunked::new(),
        open: Sublists::new(preferred_only),
        succ: Successors::new(space.words()),
        parent: vec![0; space.words()],
        child: vec![0; space.words()],
        values: vec![0; n],
        best: vec![u32::MAX; n],
        is_preferred: Vec::new(),
        preferred_ops: Vec::new(),
        novelty: (options.novelty)
            .map(|q| NoveltyTable::new(space.words() * 64, q.width, DEFAULT_BYTE_LIMIT)),
        stats: Stats::default(),
    };
    let outcome = search
        .run(space, hs, options, monitor)
        .unwrap_or_else(Outcome::from);
    let mut stats = std::mem::take(&mut search.stats);
    stats.novelty = search.novelty.as_ref().map(NoveltyTable::counts);
    let bytes = search.footprint().total + space.bytes();
    stats.finish(monitor.elapsed(), space.pruning_counters(), bytes as u64);
    SearchResult { outcome, stats }
}

struct Lazy {
    registry: StateRegistry,
    nodes: NodeArena,
    /// Whether each registered node is a dead end.
    dead: Vec<bool>,
    entries: Chunked<Entry>,
    open: Sublists,
    succ: Successors,
    /// The words of the entry's parent and of the child built from it.
    parent: Vec<u64>,
    child: Vec<u64>,
    /// The estimates of the node being expanded, one per heuristic.
    values: Vec<u32>,
    /// The best estimate seen so far, one per heuristic (for boosting).
    best: Vec<u32>,
    is_preferred: Vec<bool>,
    preferred_ops: Vec<OpId>,
    /// The novelty queue's table, partitioned by its heuristic's estimate.
    novelty: Option<NoveltyTable>,
    stats: Stats,
}

impl Lazy {
    fn footprint(&self) -> Footprint {
        Footprint::of(&[self.dead.capacity(), self.succ.bytes()])
            .and(self.nodes.footprint())
            .and(self.registry.footprint())
            .and(self.open.footprint())
            .and(self.entries.footprint())
            .and(
                self.novelty
                    .as_ref()
                    .map_or_else(Footprint::default, NoveltyTable::footprint),
            )
    }

    fn run<S>(
        &mut self,
        space: &mut S,
        hs: &mut [&mut dyn Heuristic],
        options: LazyOptions,
        monitor: &mut Monitor,
    ) -> Result<Outcome, Stop>
    where
        S: SearchSpace + ?Sized,
    {
        space.start(&mut self.child);
        let (root, _) = self.registry.insert(&self.child)?;
        self.nodes.push(SearchNode {
            parent: NodeId::NONE,
            g: 0,
        })?;
        self.dead.push(false);
        for h in hs.iter_mut() {
            h.notify_start(root.0, &self.child);
        }
        let mut current = Some((root, 0));
        loop {
            if let Some((id, g)) = current.take()
                && let Some(plan) = self.visit(space, hs, options, id, g, monitor)?
            {
                return Ok(Outcome::Plan(plan));
            }
            let Some((_, e)) = self.open.pop() else {
                return Ok(Outcome::Unsolvable);
            };
            let Entry { parent, op } = self.entries.get(e.index());
            // The parent's g now, as Fast Downward takes it: lower than when
            // the entry was pushed if the parent has been reopened since.
            let g = self.nodes.g(parent).saturating_add(space.cost(op));
            self.registry.get(parent, &mut self.parent);
            if !space.successor(&self.parent, op, &mut self.child) {
                continue;
            }
            if space.prune(&self.child, g) {
                continue;
            }
            let (id, new) = (self.registry).insert_successor(parent, &self.parent, &self.child)?;
            let node = SearchNode { parent, g };
            if new {
                self.nodes.push(node)?;
                self.dead.push(false);
            } else if options.weight.is_some() && !self.dead[id.index()] && g < self.nodes.g(id) {
                // Reached again more cheaply: evaluate and expand it again.
                self.nodes.set(id, node)?;
                self.stats.reopened += 1;
            } else {
                self.stats.duplicates += 1;
                space.on_duplicate(&self.child);
                continue;
            }
            for h in hs.iter_mut().filter(|h| h.is_path_dependent()) {
                h.notify_transition(parent.0, op, id.0, &self.child);
            }
            current = Some((id, g));
        }
    }

    /// Evaluates node `id` (its words in `self.child`), and unless it is a
    /// dead end or a target, expands it: its successors go on the open list
    /// under its estimates. A plan if it is a target.
    fn visit<S>(
        &mut self,
        space: &mut S,
        hs: &mut [&mut dyn Heuristic],
        options: LazyOptions,
        id: NodeId,
        g: u32,
        monitor: &mut Monitor,
    ) -> Result<Option<Vec<OpId>>, Stop>
    where
        S: SearchSpace + ?Sized,
    {
        monitor.tick(
            || {
                (hs.iter())
                    .map(|h| h.footprint())
                    .fold(self.footprint(), Footprint::and)
            },
            || Progress {
                expanded: self.stats.expanded,
                generated: self.stats.generated,
                evaluated: self.stats.evaluated,
                value: self.best.first().map(|&b| ("h", b)),
                elapsed: Default::default(),
                memory: 0,
            },
        )?;
        self.stats.evaluated += 1;
        self.preferred_ops.clear();
        let mut dead = false;
        for (i, h) in hs.iter_mut().enumerate() {
            let estimate = h.estimate(&self.child);
            if self.stats.initial_h.is_none() && i == 0 {
                let value = match estimate {
                    Estimate::Value(v) => Some(v),
                    Estimate::DeadEnd => None,
                };
                self.stats.initial_h = Some((h.name(), value));
            }
            match estimate {
                Estimate::Value(v) => self.values[i] = v,
                Estimate::DeadEnd => {
                    dead = true;
                    break;
                }
            }
            if options.preferred {
                self.preferred_ops
                    .extend_from_slice(h.preferred_operators());
            }
        }
        space.on_evaluate(&self.child, (!dead).then_some(&self.values[..]));
        if monitor.time_is_up() {
            return Err(Stop::Time);
        }
        if dead {
            self.stats.dead_ends += 1;
            self.dead[id.index()] = true;
            return Ok(None);
        }
        // The novelty of the node among those with its estimate, and whether
        // its children go on the novelty queue.
        let mut novel = None;
        if let (Some(q), Some(table)) = (options.novelty, &mut self.novelty) {
            let w = table
                .evaluate(u64::from(self.values[q.heuristic]), &self.child)
                .value();
            space.on_novelty(&self.child, w, q.width, w > q.width);
            novel = (w <= q.width).then_some((q.heuristic, w));
        }
        if space.is_target(&self.child) {
            let path = self.nodes.path(id, &self.registry, space);
            return Ok(Some(space.plan_from_path(path)));
        }
        let mut progress = false;
        for (best, &v) in self.best.iter_mut().zip(&self.values) {
            if v < *best {
                *best = v;
                progress = true;
            }
        }
        if progress && options.boost > 0 {
            self.open.boost_preferred(i64::from(options.boost));
        }
        for &o in &self.preferred_ops {
            if self.is_preferred.len() <= o.index() {
                self.is_preferred.resize(o.index() + 1, false);
            }
            self.is_preferred[o.index()] = true;
        }
        space.on_expand(&self.child, g);
        space.successors(&self.child, &mut self.succ);
        self.stats.expanded += 1;
        let n = self.values.len();
        for i in 0..self.succ.len() {
            let op = self.succ.get(i).0;
            let child_g = g.saturating_add(space.cost(op));
            if options.bound.is_some_and(|b| child_g >= b) {
                continue;
            }
            let entry = NodeId(u32::try_from(self.entries.len()).map_err(|_| Stop::Memory)?);
            let pushed = self.entries.push(Entry { parent: id, op });
            pushed.map_err(|_| Stop::Memory)?;
            self.stats.generated += 1;
            let is_pref = self.is_preferred.get(op.index()).copied().unwrap_or(false);
            for (q, &h) in self.values.iter().enumerate() {
                let key = match options.weight {
                    None => u64::from(h),
                    Some(w) => u64::from(child_g) + u64::from(w) * u64::from(h),
                };
                match (options.novelty, novel) {
                    // The novelty queue: ⟨w, h, g⟩, novel parents only.
                    (_, Some((nq, w))) if nq == q => {
                        self.open.queues[q].push((u64::from(w), h, child_g), entry)?
                    }
                    (Some(nq), _) if nq.heuristic == q => {}
                    _ => self.open.queues[q].push((key, 0, 0), entry)?,
                }
                if options.preferred && is_pref {
                    self.open.queues[n + q].push((key, 0, 0), entry)?;
                }
            }
        }
        for &o in &self.preferred_ops {
            self.is_preferred[o.index()] = false;
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
