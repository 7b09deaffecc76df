use super::*;
use crate::choice::Choice;
use crate::heuristics::testing::chain;
use crate::search::Outcome;

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
