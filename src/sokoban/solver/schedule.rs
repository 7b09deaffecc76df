//! The solver's options and its schedule: what to optimise, which way to
//! search, which rules to keep, and the phases of the default greedy solver
//! ([`AUTO`]), each a search of one direction with a share of the time.

use super::connectivity;
use super::goal_room::GoalRooms;
use super::push::PushOptions;
use crate::search::{Algorithm, Ties};
use std::time::Duration;

/// The greedy pulls' default perimeter ([`SolverOptions::perimeter`]):
/// positions pushed breadth-first around the start before the pulls begin.
pub const PERIMETER: usize = 200_000;

crate::choices! {
    /// What the solution should be best in.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Optimize {
        /// Any solution, found fast (greedy best-first search on the matching bound)
        None = "none",
        /// The fewest pushes (A* on the matching bound, which is admissible)
        Pushes = "pushes",
        /// The fewest moves, walks included (A* over the man's exact cell)
        Moves = "moves",
    }
}

crate::choices! {
    /// Which way the solver searches.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Direction {
        /// --optimize none with gbfs or wastar: push (guided by connectivity)
        /// for a share of the time, then pull; otherwise forward
        Auto = "auto",
        /// Push the boxes from the start to the goals
        Forward = "forward",
        /// Pull the boxes from the goals back to the start (the man in every
        /// region he could end in)
        Backward = "backward",
        /// Push forward and pull backward at once, until a pushed position
        /// equals a pulled one (uniform-cost: push-optimal)
        Bidirectional = "bidirectional",
    }
}

impl Direction {
    /// What one step of a search in this direction is, for progress lines.
    pub fn steps(self) -> &'static str {
        match self {
            Direction::Backward => "pulls",
            Direction::Bidirectional => "pushes and pulls",
            _ => "pushes",
        }
    }
}

/// How the solver runs (the defaults: any solution, the [`AUTO`] schedule,
/// every rule on, no limits).
#[derive(Clone, Debug)]
pub struct SolverOptions {
    pub optimize: Optimize,
    /// The algorithm [default: gbfs for `Optimize::None`, astar otherwise,
    /// bfs bidirectionally].
    pub search: Option<Algorithm>,
    pub direction: Direction,
    /// dfs, iddfs: the most pushes to look at.
    pub depth_limit: Option<u32>,
    /// CPU time for the level (the schedule shares it among its phases).
    pub time_limit: Option<Duration>,
    /// Bytes the process may use ([`crate::search::Limits::memory`]).
    pub memory_limit: Option<u64>,
    /// Expansions each search may make ([`crate::search::Limits::expansions`]):
    /// unlike time, the same budget does the same work on every machine.
    pub expansions: Option<u64>,
    /// The deadlock rules and macros (each on unless switched off; some
    /// apply only to some searches, see [`SolverOptions::push_options`]).
    pub dead_squares: bool,
    pub freeze: bool,
    pub corrals: bool,
    pub goal_macros: bool,
    pub tunnels: bool,
    pub corral_deadlocks: bool,
    pub deadlock_patterns: bool,
    pub matching: bool,
    pub bipartite: bool,
    /// Push-optimal searches forward add the penalties of pairs of near
    /// boxes to the matching bound ([`super::pairs`]).
    pub pairs: bool,
    /// Push-optimal searches forward measure each box's push distance from
    /// the side of it the man is on ([`super::sides`]).
    pub sides: bool,
    /// The greedy forward search's weight of each region of free floor
    /// [default: that of the phase, [`connectivity::DEFAULT_WEIGHT`]].
    pub connectivity: Option<u32>,
    /// Greedy search in one direction takes turns between feature cells.
    pub features: bool,
    /// With features: the blocked pairs of rooms are a feature
    /// ([`super::rooms`]).
    pub rooms: bool,
    /// With features and box moves, forward: the boxes out of plan are a
    /// feature ([`super::goal_room::GoalRooms::out_of_plan`]).
    pub out_of_plan: bool,
    /// In one direction: a step takes a box as far as it goes, pushed or
    /// pulled ([`super::box_move`]); with features, Festival's move weights
    /// order each cell.
    pub box_moves: bool,
    /// The greedy pulls' perimeter (0: the start alone).
    pub perimeter: usize,
    /// The order among equal estimates [default: the phase's].
    pub ties: Option<Ties>,
    /// dfs, iddfs: a transposition table.
    pub transposition_table: bool,
    /// Record the first expansions of the search (one search: no schedule,
    /// no perimeter).
    pub trace: Option<usize>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            optimize: Optimize::None,
            search: None,
            direction: Direction::Auto,
            depth_limit: None,
            time_limit: None,
            memory_limit: None,
            expansions: None,
            dead_squares: true,
            freeze: true,
            corrals: true,
            goal_macros: true,
            tunnels: true,
            corral_deadlocks: true,
            deadlock_patterns: true,
            matching: true,
            bipartite: true,
            pairs: true,
            sides: true,
            connectivity: None,
            features: false,
            rooms: true,
            out_of_plan: true,
            box_moves: false,
            perimeter: PERIMETER,
            ties: None,
            transposition_table: false,
            trace: None,
        }
    }
}

impl SolverOptions {
    /// The algorithm, given or by default.
    pub fn algorithm(&self) -> Algorithm {
        self.search.unwrap_or(match self.optimize {
            _ if self.direction == Direction::Bidirectional => Algorithm::Bfs,
            Optimize::None => Algorithm::Gbfs,
            Optimize::Pushes | Optimize::Moves => Algorithm::Astar,
        })
    }

    /// Whether any solution will do and a heuristic search looks for it
    /// (macros, corral pruning and the schedule are for it).
    pub fn greedy(&self) -> bool {
        let search = self.algorithm();
        self.optimize == Optimize::None && matches!(search, Algorithm::Gbfs | Algorithm::Wastar)
    }

    /// Refuses options that do not fit together, saying why.
    pub fn check(&self) -> Result<(), String> {
        let bidirectional = self.direction == Direction::Bidirectional;
        if bidirectional && self.search.is_some_and(|s| s != Algorithm::Bfs) {
            return Err(
                "--direction bidirectional is a search of its own (uniform-cost from \
                        both ends); leave out --search, or give bfs"
                    .into(),
            );
        }
        let search = self.algorithm();
        let (what, optimal) = match self.optimize {
            Optimize::None => ("", true),
            Optimize::Pushes => (
                "pushes needs astar, bfs or iddfs",
                matches!(search, Algorithm::Astar | Algorithm::Bfs | Algorithm::Iddfs),
            ),
            // Breadth-first search counts pushes, not the moves they cost.
            Optimize::Moves => ("moves needs astar", search == Algorithm::Astar),
        };
        if !optimal {
            return Err(format!(
                "--optimize {what}, an optimal search, not `{search}`"
            ));
        }
        if bidirectional && self.trace.is_some() {
            return Err("--trace follows one search; --direction bidirectional runs two".into());
        }
        let one_way = matches!(self.direction, Direction::Forward | Direction::Auto);
        if !one_way && self.optimize == Optimize::Moves {
            return Err(
                "--optimize moves searches forward only (a pull's walk is paid by the \
                        next pull, which a pulled node does not know yet); use --direction \
                        forward"
                    .into(),
            );
        }
        if self.depth_limit.is_some() && !search.is_depth_first() {
            return Err(format!(
                "`--depth-limit` only applies to `--search dfs` or `iddfs`, not `{search}`"
            ));
        }
        if self.ties.is_some() && (!search.is_best_first() || bidirectional) {
            return Err(format!(
                "`--ties` only applies to `--search astar`, `wastar` or `gbfs` in one \
                 direction, not `{search}`{}",
                if bidirectional { " both ways" } else { "" }
            ));
        }
        if self.features
            && (search != Algorithm::Gbfs
                || self.optimize != Optimize::None
                || !matches!(self.direction, Direction::Forward | Direction::Backward))
        {
            return Err(
                "`--features` only applies to `--search gbfs` with `--optimize none` \
                        in one direction (`--direction forward` or `backward`; `auto` has a \
                        phase with features)"
                    .into(),
            );
        }
        // A box move costs 1 whatever its pushes, so a search over moves
        // optimises nothing that the solver reports.
        if self.box_moves
            && (!matches!(self.direction, Direction::Forward | Direction::Backward)
                || self.optimize != Optimize::None)
        {
            return Err(
                "`--box-moves` searches in one direction (`--direction forward` or \
                        `backward`) for any solution (`--optimize none`): a box move costs 1, \
                        not its pushes"
                    .into(),
            );
        }
        if self.transposition_table && !search.is_depth_first() {
            return Err(format!(
                "`--transposition-table` only applies to `--search dfs` or `iddfs` (`{search}` \
                 keeps its own closed list)"
            ));
        }
        Ok(())
    }

    /// The rules of a search in direction `d`. Macros make one search step
    /// of several pushes: for the heuristic searches after any solution
    /// (`greedy`), not for the blind ones, whose depth counts pushes
    /// (`--depth-limit`, the classroom's tables).
    pub fn push_options(&self, d: Direction, greedy: bool) -> PushOptions {
        let forward = d == Direction::Forward;
        let backward = d == Direction::Backward;
        PushOptions {
            dead_squares: self.dead_squares,
            freeze: self.freeze,
            moves: self.optimize == Optimize::Moves,
            // Push-optimal searches keep the strict PI-corrals, which keep
            // every optimal solution; move-optimal ones none (reordering
            // the pushes changes the walks).
            corrals: self.optimize != Optimize::Moves && self.corrals && forward,
            strict_corrals: self.optimize == Optimize::Pushes,
            goal_macros: greedy && self.goal_macros && forward,
            // Tunnels for pushes forward, for pulls backward.
            tunnels: greedy && self.tunnels && (forward || backward),
            corral_deadlocks: self.corral_deadlocks,
            matching: self.matching,
            patterns: self.deadlock_patterns,
            bipartite: self.bipartite,
            // A phase's guidance says whether its steps are box moves.
            box_moves: false,
        }
    }

    /// The phases to run: the [`AUTO`] schedule for the greedy solver in
    /// direction `auto` (without a time limit its last phase alone), else
    /// one search.
    pub fn phases(&self) -> Vec<Phase> {
        let direction = match self.direction {
            Direction::Auto => Direction::Forward,
            d => d,
        };
        let alone = Phase {
            name: match direction {
                Direction::Backward => "pulls",
                Direction::Bidirectional => "pushes and pulls",
                _ => "pushes",
            },
            direction,
            guide: Guidance {
                weight: connectivity::DEFAULT_WEIGHT,
                features: self.features,
                rooms: self.features && self.rooms,
                // Measured alone, the feature pays with box moves and not
                // with single pushes (benches/README.md).
                out_of_plan: self.features && self.box_moves && self.out_of_plan,
                box_moves: self.box_moves,
                goal_cut: self.box_moves,
            },
            share: 1.0,
            // Push-optimal A* takes the newest of the nodes with equal f and
            // h first: it dives through the last f layer instead of widening
            // it (XSokoban at 15 s: 9 levels against 6, benches/README.md).
            ties: if self.optimize == Optimize::Pushes && self.algorithm() == Algorithm::Astar {
                Ties::Lifo
            } else {
                Ties::Fifo
            },
        };
        let scheduled = self.greedy() && self.trace.is_none() && !self.transposition_table;
        match (self.direction, self.time_limit) {
            (Direction::Auto, Some(_)) if scheduled => AUTO.to_vec(),
            // Without a time limit there are no shares: the widening pulls
            // alone, the strongest of the phases.
            (Direction::Auto, None) if scheduled => AUTO[AUTO.len() - 1..].to_vec(),
            _ => vec![alone],
        }
    }
}

/// How a greedy search is guided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guidance {
    /// The connectivity weight (forward only; see [`connectivity::Guide`]).
    pub weight: u32,
    /// Whether it takes turns between the cells of feature space
    /// ([`connectivity::Guide::with_features`]).
    pub features: bool,
    /// With features: whether the blocked pairs of rooms are one of them
    /// ([`connectivity::Guide::with_rooms`]).
    pub rooms: bool,
    /// With features, forward: whether the boxes out of plan are one of
    /// them ([`connectivity::Guide::with_out_of_plan`]).
    pub out_of_plan: bool,
    /// Whether a step is a box move, pushed or pulled ([`super::box_move`]),
    /// and with features whether each cell is ordered by Festival's move
    /// weights ([`connectivity::Guide::with_weights`]).
    pub box_moves: bool,
    /// With box moves forward: whether the goal cut keeps only the moves
    /// that fill a large room's next goal ([`super::goal_room::GoalRooms::packs`]).
    pub goal_cut: bool,
}

/// One search of the solver's schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phase {
    /// Its name in the record and the messages.
    pub name: &'static str,
    pub direction: Direction,
    /// How a greedy search of the phase is guided.
    pub guide: Guidance,
    /// Its share of the time limit, if it is not the last.
    pub share: f64,
    /// Which of the nodes with equal estimates goes first.
    pub ties: Ties,
}

impl Phase {
    /// Whether the schedule runs the phase on a level whose goal rooms
    /// `rooms` gives (asked only for the phase that needs them, so that the
    /// levels solved before it do not pay for them). The packing box moves
    /// differ from the box moves after them only by the goal cut, which
    /// fires only where a room of
    /// [`MIN_CUT_ROOM_GOALS`](super::goal_room::MIN_CUT_ROOM_GOALS) goals has
    /// a packing order ([`GoalRooms::cuts`]); elsewhere they would search
    /// the box moves' first seconds twice, so they are left out and their
    /// share goes to the phases after them.
    pub fn runs_on<'r>(&self, rooms: impl FnOnce() -> &'r GoalRooms) -> bool {
        !(self.guide.box_moves && self.guide.goal_cut) || rooms().cuts()
    }
}

/// The default greedy solver (`--direction auto`) with a time limit: pushes
/// guided by connectivity, pushes with features, box moves with features and
/// move weights that fill the large goal rooms in their packing order (the
/// goal cut: 8 % of the time, XSokoban 20 and 24 within 5 s of it, which no
/// other phase solves), the same box moves without the cut (it loses 27 and
/// 47), pulls with features, pulled box moves, pulls that dive
/// through plateaus (newest node first), then pulls that widen them (oldest
/// first) in the time that is left. Each solves levels the others do not
/// (benches/README.md). Measured alone on XSokoban at 20 s per level, the
/// pushes with connectivity solve all but one of their levels within 4 s,
/// the pushes with features the levels the box moves miss (15, 18, 48, 76)
/// within 3.5 s, the box moves 44 of their 52 within 6.4 s (27, 44 and 47,
/// which every other phase misses, among them), the pulls with features
/// theirs within 12 s, the pulled box moves 37, 44 and 72 within 4 s (66,
/// which no other phase solves, takes 18 s), the diving pulls theirs within
/// 3.3 s, and the widening pulls need up to 25 s; so the phases get 5 %, 10
/// %, 8 %, 15 %, 23 %, 5 % and 7 % of the time (of their sum with the last
/// phase's 35 %), and the widening pulls what is left. The pushes with features go before the box moves for the
/// small levels: at 10 s a level they need 1.5 s on Microban II 131. The
/// pulls' perimeter is grown once, by the first pull phase, in at most half
/// the time left then, and the pull phases share what it leaves in the same
/// proportions. The pushes with connectivity weight 4 (`--connectivity 4`)
/// are left out: they alone solve XSokoban 32, in 11 s, which the box moves
/// solve in 5 s. On a level where the goal cut cannot fire, the packing box
/// moves are left out and the phases after them share their time
/// ([`Phase::runs_on`]).
pub const AUTO: [Phase; 8] = [
    Phase {
        name: "pushes",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: false,
            rooms: false,
            out_of_plan: false,
            box_moves: false,
            goal_cut: false,
        },
        share: 0.05,
        ties: Ties::Fifo,
    },
    Phase {
        name: "pushes with features",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: true,
            rooms: true,
            out_of_plan: false,
            box_moves: false,
            goal_cut: false,
        },
        share: 0.10,
        ties: Ties::Fifo,
    },
    Phase {
        name: "packing box moves",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: true,
            rooms: true,
            out_of_plan: false,
            box_moves: true,
            goal_cut: true,
        },
        share: 0.08,
        ties: Ties::Fifo,
    },
    Phase {
        name: "box moves",
        direction: Direction::Forward,
        guide: Guidance {
            weight: connectivity::DEFAULT_WEIGHT,
            features: true,
            rooms: true,
            out_of_plan: false,
            box_moves: true,
            goal_cut: false,
        },
        share: 0.15,
        ties: Ties::Fifo,
    },
    Phase {
        name: "pulls with features",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: true,
            // Room connectivity in these pulls solves XSokoban 20, 44 and
            // 74, but loses 41, 71 and 75 (benches/README.md).
            rooms: false,
            out_of_plan: false,
            box_moves: false,
            goal_cut: false,
        },
        share: 0.23,
        ties: Ties::Fifo,
    },
    Phase {
        name: "pulled box moves",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: true,
            rooms: true,
            out_of_plan: false,
            box_moves: true,
            goal_cut: false,
        },
        share: 0.05,
        ties: Ties::Fifo,
    },
    Phase {
        name: "diving pulls",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: false,
            rooms: false,
            out_of_plan: false,
            box_moves: false,
            goal_cut: false,
        },
        share: 0.07,
        ties: Ties::Lifo,
    },
    Phase {
        name: "widening pulls",
        direction: Direction::Backward,
        guide: Guidance {
            weight: 0,
            features: false,
            rooms: false,
            out_of_plan: false,
            box_moves: false,
            goal_cut: false,
        },
        share: 0.35,
        ties: Ties::Fifo,
    },
];
