//! The search options shared by `plan` and `compare`: algorithm, heuristic,
//! limits, regression's techniques, traces; and the checks that refuse
//! combinations that make no sense.

use anyhow::{Result, bail};
use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use planbox::choice::Choice;
use planbox::heuristics::HeuristicName;
use planbox::heuristics::table::TABLE;
use planbox::invariants::prune::H2Preprocess;
use planbox::planner::{Alias, Config, Engine, MutexChoice};
use planbox::sat::{Encoding, Schedule};
use planbox::search::{Algorithm, Pruning, PruningLimit};
use std::path::PathBuf;
use std::time::Duration;

use super::{Coded, exit};

/// clap's parser for one of the library's named choices: its values listed
/// with their help, read with `FromStr`.
pub fn choice<T>() -> impl TypedValueParser<Value = T>
where
    T: Choice + Send + Sync,
{
    let values = T::ALL.iter().map(|v| listed(v.name(), v.help()));
    PossibleValuesParser::new(values).map(|name| planbox::choice::parse(&name).expect("listed"))
}

/// clap's parser for a heuristic: the rows of the heuristics' table.
pub fn heuristic() -> impl TypedValueParser<Value = HeuristicName> {
    let values = TABLE.iter().map(|e| listed(e.name, e.help));
    PossibleValuesParser::new(values).map(|name| HeuristicName::get(&name).expect("listed"))
}

/// A heuristic of the table the options name as a default.
pub fn named(name: &str) -> HeuristicName {
    HeuristicName::get(name).expect("a row of the heuristics' table")
}

fn listed(name: &'static str, help: &'static str) -> PossibleValue {
    let value = PossibleValue::new(name);
    if help.is_empty() {
        value
    } else {
        value.help(help)
    }
}

#[derive(Args, Clone, Debug)]
pub struct SearchOptions {
    /// The search algorithm [default: gbfs; bfs for `--engine
    /// bidirectional`, which runs only bfs: breadth-first layers, uniform
    /// cost with action costs, from both ends].
    #[arg(long, value_parser = choice::<Algorithm>())]
    pub search: Option<Algorithm>,
    /// The heuristic for astar, wastar and gbfs [default: lmcut for astar, hff
    /// otherwise; for regression lmcut for astar, hadd otherwise]. The lazy
    /// searches take two, comma-separated, in turn (`hff,lmcount`).
    #[arg(long, value_parser = heuristic(), value_delimiter = ',')]
    pub heuristic: Vec<HeuristicName>,
    /// A named configuration, as Fast Downward's `--alias` (instead of
    /// `--search`, `--heuristic` and `--unit-cost`).
    #[arg(long, value_parser = choice::<Alias>())]
    pub alias: Option<Alias>,
    /// Maximum depth for dfs and iddfs; for `--engine sat`, the largest
    /// horizon tried.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count::<u32>)]
    pub depth_limit: Option<u32>,
    /// gbfs, lazy-gbfs, lazy-wastar: ignore the heuristic's preferred operators (Fast Downward's
    /// `eager_greedy([h])`); by default they get a second open list, taken in
    /// turn with the first (`eager_greedy([h], preferred=[h])`).
    #[arg(long)]
    pub no_preferred: bool,
    /// lmcount also gives preferred operators: the applicable operators that
    /// achieve a landmark still needed (Fast Downward's
    /// `landmark_sum(pref=true)`; `--alias seq-sat-lama-2011` sets it).
    #[arg(long)]
    pub landmark_preferred: bool,
    /// dfs, iddfs: skip successors already on the current path. Without it the
    /// search is the classroom tree search, bounded by --depth-limit alone
    /// (dfs without --depth-limit always checks, or it might never end).
    #[arg(long)]
    pub cycle_check: bool,
    /// The weight W of wastar and lazy-wastar, f = g + W * h [default: 2].
    #[arg(long, value_name = "W", allow_negative_numbers = true, value_parser = count::<u32>)]
    pub weight: Option<u32>,
    /// Treat every action as costing 1.
    #[arg(long)]
    pub unit_cost: bool,
    /// Stop the search after this many CPU seconds of the process, parsing
    /// and grounding included (exit 23; anytime searches exit 0 with their
    /// best plan).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub time_limit: Option<f64>,
    /// Stop when the process would use more than this many MB (exit 22):
    /// its resident memory, checked when the run starts (a limit below it is
    /// refused), while grounding, and as the search's tables grow [default:
    /// none, or the address-space rlimit (`ulimit -v`) less an eighth and
    /// 64 MB, at most half of it].
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = count::<u64>)]
    pub memory_limit: Option<u64>,
    /// Regression (alone or as bidirectional search's backward side): which
    /// mutexes prune impossible subgoal sets; SAT: which ones are added as
    /// clauses in every layer [default: all].
    #[arg(long, value_parser = choice::<MutexChoice>())]
    pub mutex: Option<MutexChoice>,
    /// Regression: try relevant operators in operator order, not subgoals
    /// false in the initial state first.
    #[arg(long)]
    pub no_goal_sorting: bool,
    /// Regression: keep subgoal sets that contain an expanded set.
    #[arg(long)]
    pub no_subsumption: bool,
    /// Progression: partial-order reduction, expanding each state with the
    /// applicable operators of its strong stubborn set only (optimal plans
    /// stay optimal); switched off after --pruning-check-after expansions if
    /// it pruned less than --min-pruning-ratio [default: none].
    #[arg(long, value_parser = choice::<Pruning>())]
    pub pruning: Option<Pruning>,
    /// Progression on STRIPS tasks: before the search, remove the operators
    /// and facts that h² shows no plan uses, forward (from the start) or in
    /// both directions (also back from the goal, until nothing changes)
    /// [default: none; both with --alias optimal, dual-bfws, nolan,
    /// nolan-anytime and sat].
    #[arg(long, value_parser = choice::<H2Preprocess>())]
    pub h2_preprocess: Option<H2Preprocess>,
    /// --pruning stubborn-sets: the least share of applicable operators
    /// pruned (0 to 1) that keeps the pruning on [default: 0.2; 0: never
    /// switch it off].
    #[arg(long, value_name = "RATIO", allow_negative_numbers = true, value_parser = ratio)]
    pub min_pruning_ratio: Option<f64>,
    /// --pruning stubborn-sets: after how many expansions the share is
    /// checked [default: 1000].
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count::<u64>)]
    pub pruning_check_after: Option<u64>,
    /// Print the first expansions (see --trace-limit) in the log (stdout, or
    /// stderr when stdout carries the plan, LURD or JSON): the node, each
    /// operator tried, its successor or the rule that pruned it.
    #[arg(long)]
    pub trace: bool,
    /// How many expansions --trace prints (and `compare --html` draws).
    #[arg(long, value_name = "N", default_value_t = 20, allow_negative_numbers = true, value_parser = count::<usize>)]
    pub trace_limit: usize,
    /// Record the first --trace-limit expansions for the `--json` record
    /// (`plan --json-trace`, which `compare --html` asks its children for).
    #[arg(skip)]
    pub json_trace: bool,
    /// Write the explored search graph (its first expansions) to FILE in
    /// Graphviz format.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// How many expansions --dot draws.
    #[arg(long, value_name = "N", default_value_t = 50, allow_negative_numbers = true, value_parser = count::<usize>)]
    pub dot_limit: usize,
    /// SAT: which operators may share a step [default: exists-step].
    #[arg(long, value_parser = choice::<Encoding>())]
    pub encoding: Option<Encoding>,
    /// SAT: which horizons are tried, in which order [default: linear].
    #[arg(long, value_parser = choice::<Schedule>())]
    pub schedule: Option<Schedule>,
    /// SAT: try this horizon only (exit 12 if no plan has this many steps).
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = count::<usize>)]
    pub horizon: Option<usize>,
    /// SAT: write the formula of `--horizon T` to FILE in DIMACS (the goal as
    /// unit clauses), for any SAT solver, and stop without solving.
    #[arg(long, value_name = "FILE")]
    pub dump_cnf: Option<PathBuf>,
}

impl SearchOptions {
    /// The mutexes regression prunes with (`--mutex`, by default all).
    pub fn mutex(&self) -> MutexChoice {
        self.mutex.unwrap_or(MutexChoice::All)
    }

    /// The search algorithm for `engine` (`--search`, or its default).
    pub fn search(&self, engine: Engine) -> Algorithm {
        self.search.unwrap_or(match engine {
            Engine::Bidirectional => Algorithm::Bfs,
            _ => Algorithm::Gbfs,
        })
    }

    /// The options that `compare` gives its bidirectional side: the same
    /// limits, costs and regression techniques, but not the algorithm and its
    /// settings, or traces (bidirectional search runs its own algorithm).
    pub fn for_bidirectional(&self) -> SearchOptions {
        SearchOptions {
            search: None,
            heuristic: Vec::new(),
            alias: None,
            depth_limit: None,
            no_preferred: false,
            landmark_preferred: false,
            cycle_check: false,
            weight: None,
            trace: false,
            dot: None,
            ..self.clone()
        }
    }

    /// The options that only some engines read: each flag, whether it was
    /// given, and the engines that read it.
    pub fn engine_only(&self) -> [(&'static str, bool, &'static [Engine]); 10] {
        use Engine::{Bidirectional, Progression, Regression, Sat};
        const BACKWARD: &[Engine] = &[Regression, Bidirectional];
        [
            (
                "--mutex",
                self.mutex.is_some(),
                &[Regression, Bidirectional, Sat],
            ),
            ("--no-goal-sorting", self.no_goal_sorting, BACKWARD),
            ("--no-subsumption", self.no_subsumption, BACKWARD),
            ("--encoding", self.encoding.is_some(), &[Sat]),
            ("--schedule", self.schedule.is_some(), &[Sat]),
            ("--horizon", self.horizon.is_some(), &[Sat]),
            ("--dump-cnf", self.dump_cnf.is_some(), &[Sat]),
            ("--pruning", self.pruning.is_some(), &[Progression]),
            (
                "--min-pruning-ratio",
                self.min_pruning_ratio.is_some(),
                &[Progression],
            ),
            (
                "--pruning-check-after",
                self.pruning_check_after.is_some(),
                &[Progression],
            ),
        ]
    }

    /// The pruning of a forward search (`--pruning`, by default none).
    pub fn pruning(&self) -> Pruning {
        self.pruning.unwrap_or(Pruning::None)
    }

    /// When the pruning switches itself off.
    pub fn pruning_limit(&self) -> PruningLimit {
        let default = PruningLimit::default();
        PruningLimit {
            min_ratio: self.min_pruning_ratio.unwrap_or(default.min_ratio),
            check_after: self.pruning_check_after.unwrap_or(default.check_after),
        }
    }

    /// Refuses the options that `engine` does not read: regression's for
    /// progression and SAT, the SAT engine's for the others (`compare`
    /// passes each engine only its own).
    pub fn check_engine(&self, engine: Engine) -> Result<()> {
        const BACKWARD: &str = "`--engine regression` (or bidirectional)";
        const BACKWARD_OR_SAT: &str = "`--engine regression` (or bidirectional) and `--engine sat`";
        const SAT: &str = "`--engine sat`";
        const FORWARD: &str = "`--engine progression`";
        for (flag, given, readers) in self.engine_only() {
            if given && !readers.contains(&engine) {
                let engines = match readers {
                    [Engine::Sat] => SAT,
                    [Engine::Progression] => FORWARD,
                    _ if readers.contains(&Engine::Sat) => BACKWARD_OR_SAT,
                    _ => BACKWARD,
                };
                bail!(usage(format!("`{flag}` only applies to {engines}")));
            }
        }
        Ok(())
    }

    /// The options of the SAT engine.
    pub fn sat(&self) -> planbox::sat::SatOptions {
        planbox::sat::SatOptions {
            encoding: self.encoding.unwrap_or(Encoding::ExistsStep),
            schedule: self.schedule.unwrap_or(Schedule::Linear),
            max_horizon: self.depth_limit.map(|d| d as usize),
            horizon: self.horizon,
        }
    }
}

/// The planner's configuration from the options, before the search's own
/// fields (algorithm, heuristics, weight, alias) are set.
fn base(o: &SearchOptions, engine: Engine) -> Config {
    let traced = if o.trace || o.json_trace {
        o.trace_limit
    } else {
        0
    };
    Config {
        engine,
        preferred: !o.no_preferred,
        depth_limit: o.depth_limit,
        cycle_check: o.cycle_check,
        mutex: o.mutex(),
        goal_sorting: !o.no_goal_sorting,
        subsumption: !o.no_subsumption,
        // `compare` hands its other engines the same options: they ignore it.
        pruning: if engine == Engine::Progression {
            o.pruning()
        } else {
            Pruning::None
        },
        pruning_limit: o.pruning_limit(),
        // The pruned task has the original's plans, so every engine takes it.
        h2_preprocess: o.h2_preprocess.unwrap_or(H2Preprocess::None),
        sat: o.sat(),
        trace_limit: traced.max(if o.dot.is_some() { o.dot_limit } else { 0 }),
        ..Config::default()
    }
}

pub fn usage(message: String) -> anyhow::Error {
    Coded {
        code: exit::USAGE,
        message,
    }
    .into()
}

/// Applies the defaults and refuses options that do not fit the search.
pub fn configure(o: &SearchOptions, engine: Engine) -> Result<Config> {
    let config = configure_search(o, engine)?;
    check_landmark_preferred(o, &config)?;
    check_pruning(o, &config)?;
    Ok(config)
}

/// Refuses the pruning's limits without the pruning, and the pruning where
/// no search would apply it: LAMA's anytime schedule.
fn check_pruning(o: &SearchOptions, config: &Config) -> Result<()> {
    let stubborn = config.pruning == Pruning::StubbornSets;
    for (flag, given) in [
        ("--min-pruning-ratio", o.min_pruning_ratio.is_some()),
        ("--pruning-check-after", o.pruning_check_after.is_some()),
    ] {
        if given && !stubborn {
            bail!(usage(format!(
                "`{flag}` only applies with `--pruning stubborn-sets`"
            )));
        }
    }
    if stubborn && config.anytime {
        let alias = o.alias.map_or("lama", Alias::name);
        bail!(usage(format!(
            "`--pruning stubborn-sets` does not apply to `--alias {alias}`: its anytime \
             searches run without pruning; use it with `--alias lama-first`, \
             `seq-opt-lmcut` or a `--search`"
        )));
    }
    Ok(())
}

fn configure_search(o: &SearchOptions, engine: Engine) -> Result<Config> {
    if let Some(alias) = o.alias {
        return alias_config(o, engine, alias);
    }
    let s = o.search(engine);
    let name = s.name();
    if engine == Engine::Bidirectional {
        check_bidirectional(o)?;
    }
    if engine == Engine::Sat {
        return check_sat(o).map(|()| Config {
            engine,
            // Not read: the SAT engine does not search the state space.
            search: Algorithm::Bfs,
            heuristic: None,
            second: None,
            weight: None,
            unit_search: false,
            anytime: false,
            landmark_preferred: false,
            ..base(o, engine)
        });
    }
    let informed = s.is_best_first();
    if !o.heuristic.is_empty() && !informed {
        bail!(usage(format!(
            "`--heuristic` needs a heuristic search (astar, wastar, gbfs, lazy-gbfs or \
             lazy-wastar), not `{name}`"
        )));
    }
    if o.heuristic.len() > 2 || (o.heuristic.len() == 2 && !s.is_lazy()) {
        bail!(usage(format!(
            "`--heuristic` takes one heuristic for `{name}`; lazy-gbfs and lazy-wastar take \
             one or two, comma-separated"
        )));
    }
    let weighted = matches!(s, Algorithm::Wastar | Algorithm::LazyWastar);
    if o.weight.is_some() && !weighted {
        bail!(usage(format!(
            "`--weight` only applies to `--search wastar` or `lazy-wastar`, not `{name}`"
        )));
    }
    if o.weight == Some(0) {
        bail!(usage("`--weight` must be at least 1".into()));
    }
    if o.depth_limit.is_some() && !matches!(s, Algorithm::Dfs | Algorithm::Iddfs) {
        bail!(usage(format!(
            "`--depth-limit` only applies to `--search dfs` or `iddfs`, not `{name}`"
        )));
    }
    if o.no_preferred && !matches!(s, Algorithm::Gbfs) && !s.is_lazy() {
        bail!(usage(format!(
            "`--no-preferred` only applies to `--search gbfs`, `lazy-gbfs` or `lazy-wastar`, \
             not `{name}`"
        )));
    }
    if o.cycle_check && !matches!(s, Algorithm::Dfs | Algorithm::Iddfs) {
        bail!(usage(format!(
            "`--cycle-check` only applies to `--search dfs` or `iddfs`, not `{name}`"
        )));
    }
    let regression = engine == Engine::Regression;
    let given = o.heuristic.first().copied();
    let heuristic = match s {
        Algorithm::Astar => Some(given.unwrap_or(named("lmcut"))),
        _ if !informed => None,
        _ if regression => Some(given.unwrap_or(named("hadd"))),
        _ => Some(given.unwrap_or(named("hff"))),
    };
    for h in [heuristic, o.heuristic.get(1).copied()]
        .into_iter()
        .flatten()
    {
        if regression && h.entry().backward.is_none() {
            bail!(usage(format!(
                "heuristic `{}` is not available for regression; use hmax or lmcut \
                 (admissible), hadd, goalcount or blind",
                h.name()
            )));
        }
    }
    let weight = weighted.then(|| o.weight.unwrap_or(2));
    Ok(Config {
        engine,
        search: s,
        heuristic,
        second: o.heuristic.get(1).copied(),
        weight,
        unit_search: false,
        anytime: false,
        landmark_preferred: o.landmark_preferred,
        ..base(o, engine)
    })
}

/// Refuses `--landmark-preferred` where no lmcount gives preferred operators
/// to a search that uses them.
fn check_landmark_preferred(o: &SearchOptions, config: &Config) -> Result<()> {
    if !o.landmark_preferred {
        return Ok(());
    }
    let uses = config.search == Algorithm::Gbfs || config.search.is_lazy();
    let lmcount = [config.heuristic, config.second].contains(&Some(named("lmcount")));
    if config.engine != Engine::Progression || !uses || !lmcount {
        bail!(usage(
            "`--landmark-preferred` needs the heuristic lmcount in a forward search that \
             uses preferred operators (gbfs, lazy-gbfs, lazy-wastar, or `--alias lama-first` \
             or `lama`)"
                .to_string()
        ));
    }
    if o.no_preferred {
        bail!(usage(
            "`--landmark-preferred` cannot be combined with `--no-preferred`".to_string()
        ));
    }
    Ok(())
}

/// The configuration an alias names; refuses the options it sets.
fn alias_config(o: &SearchOptions, engine: Engine, alias: Alias) -> Result<Config> {
    let name = alias.name();
    let set = [
        ("--search", o.search.is_some()),
        ("--heuristic", !o.heuristic.is_empty()),
        ("--weight", o.weight.is_some()),
        ("--unit-cost", o.unit_cost),
        (
            "--landmark-preferred",
            o.landmark_preferred && alias == Alias::SeqSatLama2011,
        ),
    ];
    for (flag, given) in set {
        if given {
            bail!(usage(format!(
                "`{flag}` cannot be combined with `--alias {name}`, which sets it"
            )));
        }
    }
    if engine != Engine::Progression {
        bail!(usage(format!(
            "`--alias {name}` searches forward; expected `--engine progression`"
        )));
    }
    if alias.astar_heuristic().is_some() {
        for (flag, given) in [
            ("--no-preferred", o.no_preferred),
            ("--landmark-preferred", o.landmark_preferred),
        ] {
            if given {
                bail!(usage(format!(
                    "`{flag}` does not apply to `--alias {name}` (A*, which uses no \
                     preferred operators)"
                )));
            }
        }
    }
    if alias.width_search().is_some() && (o.no_preferred || o.landmark_preferred) {
        bail!(usage(format!(
            "`--alias {name}` uses no preferred operators; drop `--no-preferred` and \
             `--landmark-preferred`"
        )));
    }
    // The library's configuration of the alias is the search; the command
    // line adds the run's own switches, and may name another pruning or h²
    // preprocessing than the alias's.
    let named = Config::alias(alias);
    Ok(Config {
        engine,
        search: named.search,
        heuristic: named.heuristic,
        second: named.second,
        weight: named.weight,
        unit_search: named.unit_search,
        anytime: named.anytime,
        novelty: named.novelty,
        width: named.width,
        preferred: named.preferred && !o.no_preferred,
        landmark_preferred: named.landmark_preferred || o.landmark_preferred,
        pruning: o.pruning.unwrap_or(named.pruning),
        h2_preprocess: o.h2_preprocess.unwrap_or(named.h2_preprocess),
        ..base(o, engine)
    })
}

/// Refuses what bidirectional search does not do: heuristics (by name),
/// algorithms other than its own, traces.
fn check_bidirectional(o: &SearchOptions) -> Result<()> {
    if let Some(h) = o.heuristic.first() {
        bail!(usage(format!(
            "heuristic `{}` is not available for bidirectional: it searches blind \
             (breadth-first, uniform cost with action costs) from both ends",
            h.name()
        )));
    }
    let s = o.search(Engine::Bidirectional);
    if s != Algorithm::Bfs {
        bail!(usage(format!(
            "`--search {}` is not available for bidirectional, which runs its own \
             breadth-first (uniform-cost) search from both ends; use `--search bfs` or leave \
             it out",
            s.name()
        )));
    }
    for (flag, given) in [("--trace", o.trace), ("--dot", o.dot.is_some())] {
        if given {
            bail!(usage(format!(
                "`{flag}` is not available for bidirectional (it records one direction)"
            )));
        }
    }
    Ok(())
}

/// Refuses what the SAT engine does not do: search algorithms and their
/// settings, traces; `--dump-cnf` without `--horizon`, `--horizon` with
/// `--schedule`.
fn check_sat(o: &SearchOptions) -> Result<()> {
    let refused = [
        ("--search", o.search.is_some()),
        ("--heuristic", !o.heuristic.is_empty()),
        ("--alias", o.alias.is_some()),
        ("--weight", o.weight.is_some()),
        ("--no-preferred", o.no_preferred),
        ("--cycle-check", o.cycle_check),
        ("--trace", o.trace),
        ("--dot", o.dot.is_some()),
    ];
    for (flag, given) in refused {
        if given {
            bail!(usage(format!(
                "`{flag}` is not available for sat, which hands the whole task over \
                 T steps to a SAT solver instead of searching state by state"
            )));
        }
    }
    if o.dump_cnf.is_some() && o.horizon.is_none() {
        bail!(usage(
            "`--dump-cnf` needs `--horizon T`: the formula is for one horizon".into()
        ));
    }
    if o.horizon.is_some() && (o.schedule.is_some() || o.depth_limit.is_some()) {
        bail!(usage(
            "`--horizon` tries one horizon; `--schedule` and `--depth-limit` choose several".into()
        ));
    }
    Ok(())
}

/// Refuses a `--memory-limit` below what the process already uses, before
/// any work: such a run could only end out of memory, and the reason would
/// be hidden behind exit 22.
pub fn check_memory_limit(mb: Option<u64>) -> Result<()> {
    let (Some(mb), Some(now)) = (mb, planbox::search::resident_bytes()) else {
        return Ok(());
    };
    let now_mb = now.div_ceil(1 << 20);
    if mb.saturating_mul(1 << 20) < now {
        bail!(usage(format!(
            "`--memory-limit {mb}` is below what planbox uses before reading any input \
             ({now_mb} MB resident); give at least {now_mb}, and more for the task"
        )));
    }
    Ok(())
}

/// Parses a whole number of 0 or more, with a message that says so (a
/// negative number reaches here too, rather than being taken for an option).
pub(super) fn count<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    let digits = text.trim();
    digits.parse().map_err(|_| {
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!("`{text}` is too large")
        } else {
            format!("expected a whole number of 0 or more, got `{text}`")
        }
    })
}

/// Parses a share between 0 and 1.
pub(super) fn ratio(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ => Err(format!("expected a number from 0 to 1, got `{text}`")),
    }
}

/// Parses a number of seconds: finite, 0 or more, and a duration the clock
/// can hold.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.0 => match Duration::try_from_secs_f64(t) {
            Ok(_) => Ok(t),
            Err(_) => Err(format!("`{text}` seconds is too large")),
        },
        _ => Err(format!(
            "expected a number of seconds, 0 or more, got `{text}`"
        )),
    }
}

#[cfg(test)]
mod tests;
