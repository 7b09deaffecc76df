use super::*;
use crate::heuristics::properties::{Rng, random_task};
use crate::heuristics::testing::{self, state};
use crate::plan::check_plan;
use crate::search::{self, Limits, Monitor, Outcome, Priority, Progression, Ties};

/// The number line p0 - p1 - p2 - p3 from p0 to p3: operator `2i` moves
/// right from `pi`, `2i + 1` left to it.
fn line() -> Task {
    crate::search::toy::line_task(4)
}

/// `#r` counts the facts of the start's relaxed plan (p1, p2, p3) reached on
/// the path; `#g` the goals left. Each new `(#g, #r)` is a new partition.
#[test]
fn f5_counts_goals_left_and_relaxed_plan_facts_reached_on_the_path() {
    let t = line();
    let mut h = Bfws::f5(&t, 2);
    h.notify_start(0, &state(&t, &[0]));
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(1));
    assert_eq!(h.last_partition(), (1, 0));
    h.notify_transition(0, OpId(0), 1, &state(&t, &[1]));
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(1));
    assert_eq!(h.last_partition(), (1, 1));
    h.notify_transition(1, OpId(2), 2, &state(&t, &[2]));
    h.estimate(&state(&t, &[2]));
    assert_eq!(h.last_partition(), (1, 2));
    // Back left from p2 to p1 by another path: p1 was reached before on it,
    // so it is counted once.
    h.notify_transition(2, OpId(3), 3, &state(&t, &[1]));
    h.estimate(&state(&t, &[1]));
    assert_eq!(h.last_partition(), (1, 2));
    // Ties: fewer goals left first, then fewer steps.
    assert_eq!(h.tie_breaker(), Some(1 << 16 | 3));
    h.notify_transition(2, OpId(4), 4, &state(&t, &[3]));
    assert_eq!(h.estimate(&state(&t, &[3])), Estimate::Value(1));
    assert_eq!(h.last_partition(), (0, 3));
}

/// 1-BFWS answers a state of novelty above 1 in its partition as a dead
/// end: p1 reached a second time, at `(#g, #r) = (1, 1)` like the first.
#[test]
fn one_bfws_prunes_states_of_novelty_above_1() {
    let t = line();
    let mut h = Bfws::pruning_f5(&t);
    h.notify_start(0, &state(&t, &[0]));
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(1));
    h.notify_transition(0, OpId(0), 1, &state(&t, &[1]));
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::Value(1));
    // p0 again, reached from p1 by a new node: partition (1, 1), where p1's
    // state was seen, but p0 is new there.
    h.notify_transition(1, OpId(1), 2, &state(&t, &[0]));
    assert_eq!(h.estimate(&state(&t, &[0])), Estimate::Value(1));
    // p1 again from that p0: partition (1, 1), p1 seen there: pruned.
    h.notify_transition(2, OpId(0), 3, &state(&t, &[1]));
    assert_eq!(h.estimate(&state(&t, &[1])), Estimate::DeadEnd);
    assert_eq!(h.novelty().map(|n| n.levels), Some([3, 0, 1]));
}

fn greedy(t: &Task, h: &mut Bfws) -> search::SearchResult {
    let mut space = Progression::new(t);
    let mut monitor = Monitor::new(Limits::none());
    search::best_first(
        &mut space,
        h,
        Priority::Greedy,
        false,
        Ties::Fifo,
        &mut monitor,
    )
}

/// The module example: two switches. BFWS expands the start and `a-on`,
/// whose child with both on is novel in its own partition and comes first.
#[test]
fn f5_on_two_switches_follows_the_goal_count() {
    let spec: &[testing::OpSpec] = &[
        (&[1], &[0], &[1], 1),
        (&[0], &[1], &[0], 1),
        (&[3], &[2], &[3], 1),
        (&[2], &[3], &[2], 1),
    ];
    let t = testing::task(4, &[1, 3], &[0, 2], spec);
    let r = greedy(&t, &mut Bfws::f5(&t, 2));
    let Outcome::Plan(plan) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(plan, &[OpId(0), OpId(2)]);
    assert_eq!(r.stats.expanded, 2);
    assert!(r.stats.novelty.is_some());
}

/// On random tasks, BFWS(f5) and Dual-BFWS find a plan exactly when
/// breadth-first search does (both are complete), and every plan is valid.
#[test]
fn bfws_plans_are_valid_and_found_whenever_one_exists() {
    let mut rng = Rng(2017);
    let mut solved = 0;
    for _ in 0..300 {
        let t = random_task(&mut rng);
        let mut space = Progression::new(&t);
        let bfs = search::bfs(&mut space, &mut Monitor::new(Limits::none()));
        let solvable = matches!(bfs.outcome, Outcome::Plan(_));
        let f5 = greedy(&t, &mut Bfws::f5(&t, 2));
        let mut space = Progression::new(&t);
        let (mut first, mut second) = (
            Bfws::pruning_f5(&t),
            Bfws::landmarks(&t, super::super::LmCount::new(&t), 2),
        );
        let mut monitor = Monitor::new(Limits::none());
        let dual = search::width::dual(&mut space, &mut first, &mut second, &mut monitor);
        for (name, r) in [("f5", &f5), ("dual", &dual)] {
            match &r.outcome {
                Outcome::Plan(plan) => {
                    assert!(solvable, "{name} found a plan BFS did not: {t:?}");
                    assert!(
                        check_plan(&t, plan).is_ok(),
                        "{name}: invalid plan {plan:?}"
                    );
                }
                other => assert!(!solvable, "{name}: {other:?} on a solvable task"),
            }
        }
        solved += usize::from(solvable);
    }
    assert!(solved > 100, "{solved} solvable tasks");
}
