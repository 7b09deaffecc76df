//! The shared search algorithms by name, as a configuration names them
//! (`--search astar`), and the one dispatch that runs the named algorithm on
//! any space with its heuristics ([`run`]): the planner runs it on
//! progression and regression, the Sokoban solver on pushes and pulls.

crate::choices! {
    /// A search algorithm of this module.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Algorithm {
        /// Breadth-first search (fewest steps)
        Bfs = "bfs",
        /// Depth-first tree search (with --depth-limit: bounded)
        Dfs = "dfs",
        /// Iterative deepening depth-first search (fewest steps)
        Iddfs = "iddfs",
        /// A* (optimal with an admissible heuristic)
        Astar = "astar",
        /// Weighted A*, f = g + W * h
        Wastar = "wastar",
        /// Greedy best-first search with preferred operators
        Gbfs = "gbfs",
        /// Lazy greedy best-first search: successors evaluated when taken from the open list, preferred operators boosted (LAMA's search)
        LazyGbfs = "lazy-gbfs",
        /// Lazy weighted A*, f = g + W * h, evaluated when taken from the open list
        LazyWastar = "lazy-wastar",
        /// IW(1): breadth-first search keeping only states that make a fact true for the first time (incomplete)
        Iw1 = "iw1",
        /// IW(2): breadth-first search keeping only states that make a fact or a pair of facts true for the first time (incomplete)
        Iw2 = "iw2",
        /// Serialized IW: IW(1), then IW(2), to one more goal fact at a time (incomplete)
        Siw = "siw",
    }
}

impl Algorithm {
    /// A* and its greedy kin, whose open list orders nodes by an estimate.
    pub fn is_best_first(self) -> bool {
        matches!(
            self,
            Algorithm::Astar
                | Algorithm::Wastar
                | Algorithm::Gbfs
                | Algorithm::LazyGbfs
                | Algorithm::LazyWastar
        )
    }

    /// The lazy searches, which take several heuristics in turn.
    pub fn is_lazy(self) -> bool {
        matches!(self, Algorithm::LazyGbfs | Algorithm::LazyWastar)
    }

    /// The depth-first searches, which take a depth limit.
    pub fn is_depth_first(self) -> bool {
        matches!(self, Algorithm::Dfs | Algorithm::Iddfs)
    }
}

crate::choices!(impl Ties {
    Fifo = "fifo": "The oldest node first (breadth-first through a plateau)",
    Lifo = "lifo": "The newest node first (depth-first through a plateau)",
});

use super::lazy::NoveltyQueue;
use super::{
    LazyOptions, Monitor, Priority, SearchResult, SearchSpace, Ties, best_first_features, bfs, dfs,
    iddfs, iw, lazy, siw,
};
use crate::heuristics::{Features, Heuristic};

/// How the algorithms run, beyond their heuristics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// wastar and lazy-wastar: the weight W of `f = g + W * h` (wastar: 2
    /// if none); lazy-gbfs: none.
    pub weight: Option<u32>,
    /// Greedy and lazy searches use the heuristics' preferred operators
    /// (the lazy ones boosting them by 1000).
    pub preferred: bool,
    /// dfs, iddfs: the deepest they go.
    pub depth_limit: Option<u32>,
    /// dfs, iddfs: skip successors already on the current path.
    pub cycle_check: bool,
    /// astar, wastar, gbfs: the order among equal keys.
    pub ties: Ties,
    /// lazy-gbfs, lazy-wastar: order one heuristic's plain queue by novelty
    /// first (NOLAN, [`super::lazy::NoveltyQueue`]).
    pub novelty: Option<NoveltyQueue>,
}

/// Runs `algorithm` on `space` with the heuristics `hs`: the lazy searches
/// take them all in turn, the best-first searches the first (with its
/// feature-space cells, if it has them), the blind searches none.
pub fn run<S, H>(
    space: &mut S,
    algorithm: Algorithm,
    hs: &mut [&mut H],
    settings: &Settings,
    monitor: &mut Monitor,
) -> SearchResult
where
    S: SearchSpace + ?Sized,
    H: Features + ?Sized,
{
    let s = settings;
    if algorithm.is_lazy() && !hs.is_empty() {
        let options = LazyOptions {
            weight: s.weight,
            preferred: s.preferred,
            boost: if s.preferred { 1000 } else { 0 },
            bound: None,
            novelty: s.novelty,
        };
        let mut hs: Vec<&mut dyn Heuristic> = hs.iter_mut().map(|h| h.as_heuristic()).collect();
        return lazy(space, &mut hs, options, monitor);
    }
    let best_first = |space: &mut S, h: &mut H, priority, preferred, monitor: &mut Monitor| {
        best_first_features(space, h, priority, preferred, s.ties, monitor)
    };
    match (algorithm, hs.first_mut().map(|h| &mut **h)) {
        (Algorithm::Bfs, _) => bfs(space, monitor),
        (Algorithm::Iw1, _) => iw(space, 1, monitor),
        (Algorithm::Iw2, _) => iw(space, 2, monitor),
        (Algorithm::Siw, _) => siw(space, monitor),
        (Algorithm::Dfs, _) => dfs(space, s.depth_limit, s.cycle_check, monitor),
        (Algorithm::Iddfs, _) => iddfs(space, s.depth_limit, s.cycle_check, monitor),
        (Algorithm::Astar, Some(h)) => best_first(space, h, Priority::AStar, false, monitor),
        (Algorithm::Wastar, Some(h)) => {
            let weight = Priority::Weighted(s.weight.unwrap_or(2));
            best_first(space, h, weight, false, monitor)
        }
        (Algorithm::Gbfs, Some(h)) => best_first(space, h, Priority::Greedy, s.preferred, monitor),
        // An informed search without a heuristic searches blind; the lazy
        // searches with heuristics returned above.
        (_, None) | (Algorithm::LazyGbfs | Algorithm::LazyWastar, _) => bfs(space, monitor),
    }
}
