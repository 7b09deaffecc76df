use super::*;
use crate::choice::Choice;
use crate::heuristics::testing::chain;
use crate::search::{Outcome, SearchSpace};

fn cost(task: &Task, config: &Config) -> Option<u64> {
    let run = solve(task, config, Limits::none()).expect("runs");
    match run.result.outcome {
        Outcome::Plan(plan) => Some(task.plan_cost(&plan)),
        _ => None,
    }
}

#[test]
fn every_engine_and_alias_finds_the_chains_plan() {
    let task = chain();
    for engine in Engine::ALL {
        let config = Config {
            engine: *engine,
            search: Algorithm::Bfs,
            ..Config::default()
        };
        assert_eq!(cost(&task, &config), Some(3), "{engine}");
    }
    for alias in Alias::ALL {
        assert_eq!(cost(&task, &Config::alias(*alias)), Some(3), "{alias}");
    }
    // Regression's A* with its own LM-cut.
    let config = Config {
        engine: Engine::Regression,
        ..Config::alias(Alias::SeqOptLmcut)
    };
    assert_eq!(cost(&task, &config), Some(3));
}

#[test]
fn a_heuristic_without_a_backward_builder_is_refused_by_name() {
    let config = Config {
        engine: Engine::Regression,
        ..Config::default()
    };
    let refused = solve(&chain(), &config, Limits::none()).err();
    let message = refused.map(|e| e.to_string());
    assert_eq!(
        message.as_deref(),
        Some("heuristic `hff` is not available for regression")
    );
}

#[test]
fn every_name_reads_back_as_its_value() {
    fn round_trip<T: Choice + std::str::FromStr + std::fmt::Debug>()
    where
        T::Err: std::fmt::Debug,
    {
        for &v in T::ALL {
            assert_eq!(v.name().parse::<T>().expect("a name"), v);
            assert!(!v.help().is_empty(), "{v:?} has help");
        }
        assert!("no-such-value".parse::<T>().is_err());
    }
    round_trip::<Engine>();
    round_trip::<Alias>();
    round_trip::<MutexChoice>();
    round_trip::<Algorithm>();
    round_trip::<crate::sat::Encoding>();
    round_trip::<crate::sat::Schedule>();
    round_trip::<crate::search::Ties>();
}

#[test]
fn forward_search_packs_states_by_the_tighter_groups() {
    // Blocksworld's monotone groups pack nothing (two words a state for 8 blocks); the
    // invariant synthesis's on(b, ?) groups fit a state in one word.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ipc/blocks/");
    let loaded = crate::load::Loader::new()
        .files(
            format!("{dir}domain.pddl"),
            format!("{dir}probBLOCKS-8-0.pddl"),
        )
        .expect("loads");
    let config = Config::alias(Alias::SeqOptLmcut);
    let known = Known::analyse(&loaded, &config);
    let task = &loaded.task;
    let plain = crate::search::Progression::new(task).packing();
    let packed = crate::search::Progression::new(task)
        .with_groups(known.groups.as_deref())
        .packing();
    assert!(
        packed.packed_words() < plain.packed_words(),
        "{} words with the synthesis's groups, {} without",
        packed.packed_words(),
        plain.packed_words()
    );
    // Every state the search stores round-trips: the plan is optimal.
    let mut monitor = Monitor::new(Limits::none());
    let run = plan(task, &config, &known, &mut monitor, &mut |_, _| {}).expect("runs");
    let Outcome::Plan(p) = run.result.outcome else {
        panic!("blocks 8-0 is solvable");
    };
    assert_eq!(crate::plan::check_plan(task, &p), Ok(18));
}

/// The h² preprocessing on IPC problems: what each direction removes, and
/// `--alias optimal` still finds the optimal cost (Scorpion's).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a minute unoptimised (the optimal alias on Woodworking p01, twice): runs in release \
              (`cargo test --release`)"
)]
fn h2_preprocessing_removes_operators_in_both_directions_and_keeps_the_optimal_cost() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ipc/");
    // (problem, optimal cost, operators removed forward by `forward`, then
    // forward and backward by `both` (what the backward side removes lets
    // later forward passes remove more), facts found irrelevant backward)
    let cases = [
        ("woodworking-opt11-strips/p01.pddl", 195, [145, 147, 22], 1),
        ("blocks/probBLOCKS-4-0.pddl", 6, [0, 0, 0], 0),
    ];
    for (problem, optimal, [forward_only, forward, backward], irrelevant) in cases {
        let dir = format!("{root}{}", &problem[..problem.find('/').unwrap() + 1]);
        let loaded = crate::load::Loader::new()
            .files(format!("{dir}domain.pddl"), format!("{root}{problem}"))
            .expect("loads");
        let task = &loaded.task;
        for mode in [H2Preprocess::Forward, H2Preprocess::Both] {
            let config = Config {
                h2_preprocess: mode,
                ..Config::alias(Alias::Optimal)
            };
            let known = Known::analyse(&loaded, &config);
            let mut monitor = Monitor::new(Limits::none());
            let run = plan(task, &config, &known, &mut monitor, &mut |_, _| {}).expect("runs");
            let Outcome::Plan(p) = run.result.outcome else {
                panic!("{problem} is solvable");
            };
            assert_eq!(crate::plan::check_plan(task, &p), Ok(optimal), "{problem}");
            let s = run.result.stats.h2_preprocess.expect("preprocessed");
            let both = mode == H2Preprocess::Both;
            let expected = if both { forward } else { forward_only };
            assert_eq!(s.removed_forward, expected, "{problem} {mode:?}");
            assert_eq!(
                s.removed_backward,
                if both { backward } else { 0 },
                "{problem}"
            );
            assert_eq!(
                s.irrelevant_facts,
                if both { irrelevant } else { 0 },
                "{problem}"
            );
        }
    }
}

/// The h² preprocessing serves every engine, since the pruned task has the
/// original's plans. On Woodworking p01 (optimum 195; 169 of 287 operators
/// go) regression's A* with LM-cut and bidirectional search find the optimum
/// with and without it, and the SAT engine a plan; every plan is checked
/// against the original task. Bidirectional search, blind, expands fewer
/// states on the pruned task.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "seconds unoptimised (regression's A* on Woodworking p01, twice): runs in release \
              (`cargo test --release`)"
)]
fn h2_preprocessing_serves_every_engine() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/ipc/woodworking-opt11-strips/"
    );
    let loaded = crate::load::Loader::new()
        .files(format!("{dir}domain.pddl"), format!("{dir}p01.pddl"))
        .expect("loads");
    let task = &loaded.task;
    let engines = [
        Config {
            engine: Engine::Regression,
            ..Config::alias(Alias::SeqOptLmcut)
        },
        Config {
            engine: Engine::Bidirectional,
            search: Algorithm::Bfs,
            ..Config::default()
        },
        Config {
            engine: Engine::Sat,
            ..Config::default()
        },
    ];
    for base in engines {
        let (mut costs, mut expanded) = (Vec::new(), Vec::new());
        for mode in [H2Preprocess::None, H2Preprocess::Both] {
            let config = Config {
                h2_preprocess: mode,
                ..base.clone()
            };
            let known = Known::analyse(&loaded, &config);
            let mut monitor = Monitor::new(Limits::none());
            let run = plan(task, &config, &known, &mut monitor, &mut |_, _| {}).expect("runs");
            let Outcome::Plan(p) = run.result.outcome else {
                panic!("{} {mode:?}: Woodworking p01 is solvable", base.engine);
            };
            let cost = crate::plan::check_plan(task, &p).expect("a plan of the original task");
            let s = run.result.stats.h2_preprocess;
            let removed = s.map(|s| s.removed_forward + s.removed_backward);
            let want = (mode == H2Preprocess::Both).then_some(169);
            assert_eq!(removed, want, "{} {mode:?}", base.engine);
            costs.push(cost);
            expanded.push(run.result.stats.expanded);
        }
        if base.engine != Engine::Sat {
            assert_eq!(costs, [195, 195], "{}", base.engine);
        }
        if base.engine == Engine::Bidirectional {
            assert!(expanded[1] < expanded[0], "{expanded:?}");
        }
    }
}
