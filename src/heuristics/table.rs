//! The heuristics by name: one row per heuristic, read by the planner and by
//! the command line alike (Fast Downward's plugin registry, without macros).
//!
//! A row gives the name, a line of help, the properties the planner checks
//! (admissible, whether it handles conditional effects and axioms) and a
//! builder per direction: `forward` over states for progression, and
//! `backward` over the subgoal sets of regression (the HSPr family of
//! [`super::subgoals`]).
//! Adding a heuristic means writing its file and adding its row here.
//!
//! ```
//! use planbox::heuristics::HeuristicName;
//! let h: HeuristicName = "lmcut".parse().unwrap();
//! assert!(h.entry().admissible && h.entry().backward.is_some());
//! assert!("hff".parse::<HeuristicName>().unwrap().entry().backward.is_none());
//! ```

use super::abstraction::cost_partitioning::Saturator;
use super::abstraction::selection::{HillClimbing, Selection};
use super::abstraction::{CostPartitioned, FactGroups, Options, Partitioning};
use super::{Blind, GoalCount, Hadd, Heuristic, Hff, Hmax, LmCount, LmCut, RegressionHeuristic};
use crate::choice::UnknownChoice;
use crate::task::{FactId, Task};

/// What a builder may use beyond the task.
#[derive(Clone, Copy, Default)]
pub struct Context<'a> {
    /// Facts that never hold together (the landmark count orders its
    /// landmarks by them, as LAMA does with its translator's mutexes).
    pub is_mutex: Option<&'a dyn Fn(FactId, FactId) -> bool>,
    /// The landmark count also gives preferred operators
    /// (`--landmark-preferred`).
    pub landmark_preferred: bool,
    /// Disjoint groups of facts of which at most one holds (the invariant
    /// synthesis's), the variables of the abstraction heuristics.
    pub groups: Option<&'a [Vec<FactId>]>,
    /// Every proven group of facts of which at most one holds, overlapping
    /// ones included: the abstraction heuristics strengthen their operators
    /// with them.
    pub mutex_groups: &'a [Vec<FactId>],
}

impl Context<'_> {
    /// What the abstraction heuristics build their variables from.
    fn fact_groups(&self) -> FactGroups<'_> {
        FactGroups {
            variables: self.groups,
            mutexes: self.mutex_groups,
        }
    }

    /// The same variables, their operators as they are: the projections
    /// that Scorpion's `projections(systematic(2))` builds, for comparing
    /// with it.
    fn plain_groups(&self) -> FactGroups<'_> {
        FactGroups {
            variables: self.groups,
            mutexes: &[],
        }
    }
}

/// Builds a heuristic over states for a task.
pub type Build = fn(&Task, &Context) -> Box<dyn Heuristic>;

/// One heuristic: its name, help, properties and builders.
pub struct Entry {
    /// Its name on the command line and in records.
    pub name: &'static str,
    /// One line for the command line's list ("" when the name says it all).
    pub help: &'static str,
    /// Never overestimates (goal count: with unit costs and operators that
    /// add one goal each; see the module docs of [`crate::heuristics`]).
    pub admissible: bool,
    /// Handles conditional effects and axioms.
    pub adl: bool,
    /// The heuristic over states, for progression.
    pub forward: Option<Build>,
    /// The heuristic over subgoal sets, for regression.
    pub backward: Option<BuildBackward>,
}

/// Builds a heuristic over regression's subgoal sets for a task.
pub type BuildBackward = fn(&Task) -> Box<dyn Heuristic>;

/// Every heuristic, in the order the command line lists them.
pub const TABLE: &[Entry] = &[
    Entry {
        name: "blind",
        help: "",
        admissible: true,
        adl: true,
        forward: Some(|t, _| Box::new(Blind::new(t))),
        backward: Some(|t| Box::new(RegressionHeuristic::blind(t))),
    },
    Entry {
        name: "goalcount",
        help: "",
        admissible: true,
        adl: true,
        forward: Some(|t, _| Box::new(GoalCount::new(t))),
        backward: Some(|t| Box::new(RegressionHeuristic::goal_count(t))),
    },
    Entry {
        name: "hmax",
        help: "",
        admissible: true,
        adl: true,
        forward: Some(|t, _| Box::new(Hmax::new(t))),
        backward: Some(|t| Box::new(RegressionHeuristic::hmax(t))),
    },
    Entry {
        name: "hadd",
        help: "",
        admissible: false,
        adl: true,
        forward: Some(|t, _| Box::new(Hadd::new(t))),
        backward: Some(|t| Box::new(RegressionHeuristic::hadd(t))),
    },
    Entry {
        name: "hff",
        help: "",
        admissible: false,
        adl: true,
        forward: Some(|t, _| Box::new(Hff::new(t))),
        backward: None,
    },
    Entry {
        name: "lmcut",
        help: "LM-cut, incremental: a state reached by the search starts from the landmarks \
               of its parent (Pommerening & Helmert 2013)",
        admissible: true,
        adl: false,
        forward: Some(|t, _| Box::new(LmCut::incremental(t))),
        backward: Some(|t| Box::new(RegressionHeuristic::lmcut(t))),
    },
    Entry {
        name: "lmcut-scratch",
        help: "LM-cut computed anew in every state, as Fast Downward's lmcut()",
        admissible: true,
        adl: false,
        forward: Some(|t, _| Box::new(LmCut::new(t))),
        backward: None,
    },
    Entry {
        name: "lmcount",
        help: "The landmark count (LAMA's landmark heuristic; path-dependent)",
        admissible: false,
        adl: true,
        forward: Some(|t, c| Box::new(landmark_count(t, c))),
        backward: None,
    },
    Entry {
        name: "lmcp",
        help: "Landmarks with uniform cost partitioning (admissible, for A*)",
        admissible: true,
        adl: true,
        forward: Some(|t, _| Box::new(LmCount::admissible(t))),
        backward: None,
    },
    Entry {
        name: "scp",
        help: "Saturated cost partitioning over projections (the interesting patterns up \
               to size 2, larger ones where they add to a saturated cost partitioning: \
               Sys-SCP) and Cartesian abstractions of the goals and landmarks, greedy and \
               diversified orders, more added online (Seipp et al. 2020)",
        admissible: true,
        adl: false,
        forward: Some(|t, c| Box::new(cost_partitioned(t, c, Partitioning::Saturated))),
        backward: None,
    },
    Entry {
        name: "cegar",
        help: "Saturated cost partitioning over Cartesian abstractions of the goals and \
               landmarks only, refined by CEGAR (Seipp and Helmert 2018)",
        admissible: true,
        adl: false,
        forward: Some(|t, c| {
            let options = Options {
                projections: false,
                ..Options::default()
            };
            let kind = Partitioning::Saturated;
            Box::new(CostPartitioned::best_of(t, c.fact_groups(), kind, &options).named("cegar"))
        }),
        backward: None,
    },
    Entry {
        name: "scp-sys2",
        help: "scp over the interesting projections of up to two variables alone, no \
               Sys-SCP, Cartesian abstractions or operators strengthened by mutexes \
               (Scorpion's scp_online([projections(systematic(2))]), for comparing speed)",
        admissible: true,
        adl: false,
        forward: Some(|t, c| {
            let kind = Partitioning::Saturated;
            Box::new(
                CostPartitioned::best_of(t, c.plain_groups(), kind, &pairs()).named("scp-sys2"),
            )
        }),
        backward: None,
    },
    Entry {
        name: "ipdb",
        help: "scp over the projections iPDB's hill climbing selects (Haslum et al. 2007: \
               from one pattern per goal variable, add the pattern grown by one causally \
               relevant variable that raises the canonical heuristic on the most sampled \
               states), no Cartesian abstractions",
        admissible: true,
        adl: false,
        forward: Some(|t, c| {
            let options = Options {
                selection: Selection::HillClimbing(HillClimbing::default()),
                cartesian: false,
                ..Options::default()
            };
            let kind = Partitioning::Saturated;
            Box::new(CostPartitioned::best_of(t, c.fact_groups(), kind, &options).named("ipdb"))
        }),
        backward: None,
    },
    Entry {
        name: "ucp",
        help: "Uniform cost partitioning over the same abstractions as scp (a baseline)",
        admissible: true,
        adl: false,
        forward: Some(|t, c| Box::new(cost_partitioned(t, c, Partitioning::Uniform))),
        backward: None,
    },
    Entry {
        name: "ocp",
        help: "Optimal cost partitioning by linear programming over the projections of \
               scp-sys2 (the interesting patterns of up to two variables), an LP per state \
               (Katz and Domshlak 2010); a baseline, slow",
        admissible: true,
        adl: false,
        forward: Some(|t, c| {
            let kind = Partitioning::Optimal;
            Box::new(CostPartitioned::best_of(
                t,
                c.plain_groups(),
                kind,
                &pairs(),
            ))
        }),
        backward: None,
    },
];

/// The abstractions of `scp-sys2` and `ocp`: the interesting projections of
/// up to two variables alone, saturated plainly with non-negative costs (as
/// `ocp` partitions, so that it gets the same variables; Scorpion's
/// `saturator=all` allows negative costs, and the expansions agree within
/// 4 %, benches/README.md).
fn pairs() -> Options {
    Options {
        selection: Selection::Systematic,
        max_pattern_size: 2,
        cartesian: false,
        saturator: Saturator {
            perimstar: false,
            general_costs: false,
        },
        ..Options::default()
    }
}

/// The abstraction heuristic over the context's mutex groups or the task's
/// monotone ones, whichever estimates the initial state higher.
fn cost_partitioned(task: &Task, context: &Context, kind: Partitioning) -> CostPartitioned {
    CostPartitioned::best_of(task, context.fact_groups(), kind, &Options::default())
}

/// The names of [`TABLE`], in its order.
pub const NAMES: &[&str] = &{
    let mut names = [""; TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        names[i] = TABLE[i].name;
        i += 1;
    }
    names
};

/// The landmark count with the context's mutexes and preferred operators.
pub fn landmark_count(task: &Task, context: &Context) -> LmCount {
    let h = match context.is_mutex {
        Some(is_mutex) => LmCount::with_mutexes(task, is_mutex),
        None => LmCount::new(task),
    };
    if context.landmark_preferred {
        h.preferring(task)
    } else {
        h
    }
}

/// A heuristic of [`TABLE`], by name: what a configuration holds.
#[derive(Clone, Copy)]
pub struct HeuristicName(&'static Entry);

impl HeuristicName {
    /// The heuristic called `name`, if there is one.
    pub fn get(name: &str) -> Option<HeuristicName> {
        TABLE.iter().find(|e| e.name == name).map(HeuristicName)
    }

    /// Every heuristic, in the table's order.
    pub fn all() -> impl Iterator<Item = HeuristicName> {
        TABLE.iter().map(HeuristicName)
    }

    /// The heuristic's row.
    pub fn entry(self) -> &'static Entry {
        self.0
    }

    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The heuristic over states for `task`.
    pub fn forward(self, task: &Task, context: &Context) -> Option<Box<dyn Heuristic>> {
        self.0.forward.map(|build| build(task, context))
    }

    /// The heuristic over subgoal sets for `task`, if regression has it.
    pub fn backward(self, task: &Task) -> Option<Box<dyn Heuristic>> {
        self.0.backward.map(|build| build(task))
    }
}

impl PartialEq for HeuristicName {
    fn eq(&self, other: &Self) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for HeuristicName {}

impl std::fmt::Debug for HeuristicName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeuristicName({})", self.0.name)
    }
}

impl std::fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

impl std::str::FromStr for HeuristicName {
    type Err = UnknownChoice;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        HeuristicName::get(text).ok_or_else(|| UnknownChoice {
            given: text.to_string(),
            expected: TABLE.iter().map(|e| e.name).collect(),
        })
    }
}
