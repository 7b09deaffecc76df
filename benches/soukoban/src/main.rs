//! Solves every level of an XSB file with the `soukoban` crate's solver (A*
//! with its quick strategy, as sokoban-rs runs it), a time limit per level,
//! and prints one JSON record per level: outcome, moves, pushes, time. Each
//! solution is replayed with the crate's own level before it counts.
//!
//!     soukoban-reference LEVELS.xsb SECONDS [quick|push|move]

use soukoban::prelude::*;
use soukoban::solver::{Algorithm, Solver, Strategy};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, file, seconds, rest @ ..] = args.as_slice() else {
        eprintln!("usage: soukoban-reference LEVELS.xsb SECONDS [quick|push|move]");
        std::process::exit(2);
    };
    let limit = Duration::from_secs_f64(seconds.parse().expect("seconds"));
    let strategy = match rest.first().map(String::as_str) {
        None | Some("quick") => Strategy::Quick,
        Some("push") => Strategy::PushOptimal,
        Some("move") => Strategy::MoveOptimal,
        Some(other) => panic!("unknown strategy {other}"),
    };
    let text = std::fs::read_to_string(file).expect("level file");
    for (i, level) in Level::load_from_str(&text).enumerate() {
        let Ok(mut level) = level else {
            println!("{}", serde_json::json!({"level": i + 1, "outcome": "invalid"}));
            continue;
        };
        let solver = Solver::new(level.map().clone(), strategy);
        let stopper = solver.clone();
        let start = Instant::now();
        let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
        let timer = std::thread::spawn(move || {
            if done_rx.recv_timeout(limit).is_err() {
                stopper.request_stop();
            }
        });
        let result = solver.search(Algorithm::AStar);
        let time = start.elapsed().as_secs_f64();
        let _ = done_tx.send(());
        let _ = timer.join();
        let record = match result {
            Ok(actions) => {
                let replayed = level
                    .execute_batch(actions.iter().map(|a| a.direction()))
                    .is_ok()
                    && level.is_solved();
                serde_json::json!({
                    "level": i + 1,
                    "outcome": if replayed { "solved" } else { "invalid_solution" },
                    "moves": actions.moves(),
                    "pushes": actions.shifts(),
                    "total_time_s": time,
                })
            }
            Err(e) => serde_json::json!({
                "level": i + 1,
                "outcome": if time >= limit.as_secs_f64() { "out_of_time" } else { "unsolved" },
                "error": format!("{e:?}"),
                "total_time_s": time,
            }),
        };
        println!("{record}");
    }
}
