//! The landmark-based heuristics against brute force: LM-cut to subgoal sets
//! (regression), the admissible landmark heuristic under A*, the landmark
//! heuristics along random walks, the landmark graph against every plan, and
//! incremental LM-cut along transitions.

use super::*;

/// Regression's LM-cut: from the initial state to subgoal sets `G` instead of
/// the task's goal. One instance serves every `G` (its first exploration is
/// reused), and it must give what a fresh instance gives, lie between h^max and
/// h+ of `G`, and call `G` a dead end exactly when h+ does.
#[test]
fn lmcut_to_subgoal_sets_lies_between_hmax_and_h_plus() {
    let mut rng = Rng(0xBAC4);
    let mut above_hmax = false;
    for seed in 0..200 {
        let task = random_task(&mut rng);
        let m = Masks::new(&task);
        let init = mask(&task.init);
        let state = [u64::from(init)];
        let fact_hmax = m.relaxed_fact_costs(init, Combine::Max);
        let mut shared = LmCut::new(&task);
        let step = ((1u32 << m.n) / 40).max(1);
        for g in (0..1u32 << m.n).step_by(step as usize) {
            let ctx = format!("seed {seed}, subgoals {g:#b}, task {task:?}");
            let goal: Vec<crate::task::FactId> = (0..m.n)
                .filter(|f| g >> f & 1 == 1)
                .map(crate::task::FactId)
                .collect();
            let v = value(shared.estimate_goal(&state, &goal));
            let fresh = value(LmCut::new(&task).estimate_goal(&state, &goal));
            assert_eq!(v, fresh, "reused first exploration: {ctx}");
            let plus = Masks {
                goal: g,
                neg_goal: 0,
                ..Masks::new(&task)
            }
            .relaxed_optimal_costs()[init as usize];
            let hmax = subgoal_cost(&fact_hmax, goal.iter().copied(), Combine::Max);
            assert_eq!(v.is_some(), plus.is_some(), "dead end: {ctx}");
            if let (Some(v), Some(plus), Some(hmax)) = (v, plus, hmax) {
                assert!(hmax <= v && v <= plus, "{hmax} <= {v} <= {plus}: {ctx}");
                above_hmax |= v > hmax;
            }
        }
    }
    assert!(above_hmax, "no subgoal set where LM-cut beats h^max");
}

/// The admissible landmark heuristic (`lmcp`) is path-dependent, so h <= h*
/// holds on the paths from the initial state (see
/// [`landmark_heuristics_are_sound_along_random_walks`]), not state by
/// state; what it promises is A*'s: on random tasks (negative preconditions
/// and goals included, then conditional effects and axioms), A* with it
/// returns plans as cheap as blind A*'s, and proves the same tasks
/// unsolvable.
#[test]
fn astar_with_the_admissible_landmark_heuristic_is_optimal() {
    use crate::search::{Limits, Monitor, Outcome, Progression, astar};
    let mut rng = Rng(0x1A4D);
    let (mut solved, mut informed, mut adl) = (0, 0, 0);
    for seed in 0..450 {
        let task = if seed < 300 {
            random_task(&mut rng)
        } else {
            random_adl_task(&mut rng)
        };
        let run = |h: &mut dyn Heuristic| {
            let mut space = Progression::new(&task);
            astar(&mut space, h, &mut Monitor::new(Limits::none()))
        };
        let blind = run(&mut Blind::new(&task));
        let landmarks = run(&mut LmCount::admissible(&task));
        match (&blind.outcome, &landmarks.outcome) {
            (Outcome::Plan(a), Outcome::Plan(b)) => {
                assert_eq!(
                    task.plan_cost(a),
                    task.plan_cost(b),
                    "seed {seed}: {task:?}"
                );
                solved += 1;
                informed += usize::from(landmarks.stats.expanded < blind.stats.expanded);
                adl += usize::from(seed >= 300);
            }
            (a, b) => assert_eq!(a, b, "seed {seed}: {task:?}"),
        }
    }
    assert!(
        solved > 250 && informed > 50 && adl > 80,
        "{solved} solved ({adl} with conditional effects or axioms), {informed} informed"
    );
}

/// What the landmark heuristics promise on the paths a search follows, on
/// random tasks with and without conditional effects and axioms, and
/// around [`testing::landmark_needed_again`] (where a landmark achieved
/// before its reasonable parent makes another look needed again). A search
/// tells a path-dependent heuristic every transition it generates, with one
/// node per state, so a state reached again keeps only what every path to it
/// reached; here random walks from the initial state, over one set of nodes
/// per task, do the same. At every step:
///
/// - a dead end of `lmcount` (with reasonable orderings) is one: no plan
///   from the state (h* by brute force); and `lmcp`, with the same
///   landmarks and the same dead-end test, says so too;
/// - `lmcp <= h*`: it is admissible on every path from the initial state;
/// - `lmcount >= lmcp`: it needs every landmark `lmcp` needs (fewer count
///   as reached: not one achieved before a reasonable parent) and pays each
///   its cheapest achiever, not a share of one;
/// - `lmcount` is 0 only where every goal holds, but those whose landmark
///   costs nothing (a derived fact, a zero-cost achiever), and it is 0 on
///   a goal state where every landmark counts as reached;
/// - its preferred operators are applicable.
#[test]
fn landmark_heuristics_are_sound_along_random_walks() {
    use std::collections::HashMap;
    let mut rng = Rng(0x1A2D);
    let (mut checked, mut dead, mut exact, mut goal_zero, mut gap) = (0, 0, 0, 0, 0);
    // Where lmcount and lmcp first disagree on a dead end: told at the end,
    // so that a false dead end, the worse fault, is told first.
    let mut disagree: Option<String> = None;
    for seed in 0..3000 {
        let task = match seed % 3 {
            0 => random_task(&mut rng),
            1 => random_adl_task(&mut rng),
            _ => random_variant(&mut rng, &testing::landmark_needed_again()),
        };
        let space = Space::new(&task);
        let h_star = space.optimal_costs();
        let mut lmcount = LmCount::new(&task).preferring(&task);
        let mut lmcp = LmCount::admissible(&task);
        let free = |l: &landmarks::Landmark| {
            l.facts.iter().any(|&f| task.is_derived(f))
                || l.achievers.iter().any(|&o| task.operator(o).cost == 0)
        };
        let mut check = |lmcount: &mut LmCount, lmcp: &mut LmCount, s: u32, node, path: &[OpId]| {
            let ctx =
                || format!("seed {seed}, path {path:?} to {s:#b} (node {node}), task {task:?}");
            let state = [u64::from(s)];
            let star = h_star[s as usize];
            let (count, cp) = (
                value(lmcount.estimate(&state)),
                value(lmcp.estimate(&state)),
            );
            checked += 1;
            gap += usize::from(lmcount.reached(node) != lmcp.reached(node));
            if count.is_none() {
                assert_eq!(star, None, "lmcount dead end, h* {star:?}: {}", ctx());
                dead += 1;
            }
            if cp.is_none() != count.is_none() && disagree.is_none() {
                disagree = Some(format!("lmcp {cp:?}, lmcount {count:?}: {}", ctx()));
            }
            if let (Some(cp), Some(star)) = (cp, star) {
                assert!(cp <= star, "lmcp {cp} > h* {star}: {}", ctx());
                exact += usize::from(cp == star && star > 0);
            }
            if let (Some(count), Some(cp)) = (count, cp) {
                assert!(count >= cp, "lmcount {count} < lmcp {cp}: {}", ctx());
            }
            let landmarks = &lmcount.graph().landmarks;
            if count == Some(0) {
                for l in landmarks.iter().filter(|l| l.goal) {
                    assert!(l.holds(&state) || free(l), "0 with {l:?} false: {}", ctx());
                }
            }
            if space.is_goal(s) && lmcount.reached(node).len() == landmarks.len() {
                assert_eq!(count, Some(0), "at a goal, all reached: {}", ctx());
                goal_zero += 1;
            }
            for &o in lmcount.preferred_operators() {
                let op = task.operator(o);
                assert!(
                    s & mask(&op.pre) == mask(&op.pre) && s & mask(&op.neg_pre) == 0,
                    "inapplicable {o:?}: {}",
                    ctx()
                );
            }
            count.is_some()
        };
        let init = space.init();
        let mut nodes: HashMap<u32, u32> = HashMap::from([(init, 0)]);
        lmcount.notify_start(0, &[u64::from(init)]);
        lmcp.notify_start(0, &[u64::from(init)]);
        if !check(&mut lmcount, &mut lmcp, init, 0, &[]) {
            continue;
        }
        let mut path = Vec::new();
        for _ in 0..8 {
            let (mut s, mut node) = (init, 0);
            path.clear();
            for _ in 0..15 {
                let moves = space.transitions(s);
                if moves.is_empty() {
                    break;
                }
                let (op, t, _) = moves[rng.range(0, moves.len() as u32 - 1) as usize];
                let next = nodes.len() as u32;
                let child = *nodes.entry(t).or_insert(next);
                lmcount.notify_transition(node, op, child, &[u64::from(t)]);
                lmcp.notify_transition(node, op, child, &[u64::from(t)]);
                path.push(op);
                if !check(&mut lmcount, &mut lmcp, t, child, &path) {
                    break;
                }
                (s, node) = (t, child);
            }
        }
    }
    assert_eq!(disagree, None, "lmcount and lmcp disagree on a dead end");
    assert!(
        checked > 150_000 && gap > 10_000 && dead > 1_000,
        "{checked} states, {gap} with a landmark achieved but not counted, {dead} dead ends"
    );
    assert!(
        exact > 20_000 && goal_zero > 50_000,
        "{exact} with lmcp = h* > 0, {goal_zero} goals with all reached"
    );
}

/// The landmark graph against brute force, on random tasks with and without
/// conditional effects and axioms and around
/// [`testing::landmark_needed_again`], as the landmark heuristics'
/// soundness rests on it:
///
/// - a landmark is true at the start exactly when it says so;
/// - every step that makes a landmark true (in any state) is one of its
///   achievers, unless it is a derived fact, which axioms make true;
/// - every plan makes every landmark true at some point: no goal state is
///   reachable from the initial state through states where it is false;
/// - every plan has every greedy-necessary parent `p` of a landmark `c`
///   true right before `c` first becomes true: in every state reachable
///   from the initial state with `c` false all along, from which a step
///   makes `c` true in a state that can still reach a goal, `p` holds.
#[test]
fn landmarks_and_their_orderings_hold_on_every_plan() {
    let mut rng = Rng(0x1A4B);
    let (mut landmarks, mut orderings, mut first_steps) = (0, 0, 0);
    for seed in 0..2000 {
        let task = match seed % 3 {
            0 => random_task(&mut rng),
            1 => random_adl_task(&mut rng),
            _ => random_variant(&mut rng, &testing::landmark_needed_again()),
        };
        let space = Space::new(&task);
        let h_star = space.optimal_costs();
        let graph = landmarks::LandmarkGraph::new(&task);
        let init = space.init();
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); graph.len()];
        for (p, children) in graph.children.iter().enumerate() {
            for &c in children {
                parents[c].push(p);
            }
        }
        for (c, lm) in graph.landmarks.iter().enumerate() {
            let ctx = || format!("seed {seed}, landmark {lm:?}, graph {graph:?}, task {task:?}");
            let holds = |s: u32| lm.holds(&[u64::from(s)]);
            assert_eq!(lm.initial, holds(init), "initial: {}", ctx());
            let derived = lm.facts.iter().any(|&f| task.is_derived(f));
            for s in space.states().filter(|&s| !holds(s)) {
                for &(o, t, _) in space.transitions(s) {
                    assert!(
                        derived || !holds(t) || lm.achievers.contains(&o),
                        "{o:?} achieves it from {s:#b}: {}",
                        ctx()
                    );
                }
            }
            landmarks += 1;
            orderings += parents[c].len();
            let mut seen = vec![false; h_star.len()];
            let mut stack = Vec::new();
            if !holds(init) {
                seen[init as usize] = true;
                stack.push(init);
            }
            while let Some(s) = stack.pop() {
                assert!(
                    !space.is_goal(s),
                    "a plan without it reaches {s:#b}: {}",
                    ctx()
                );
                for &(o, t, _) in space.transitions(s) {
                    if !holds(t) {
                        if !std::mem::replace(&mut seen[t as usize], true) {
                            stack.push(t);
                        }
                    } else if h_star[t as usize].is_some() {
                        first_steps += 1;
                        for &p in &parents[c] {
                            let before = &graph.landmarks[p];
                            assert!(
                                before.holds(&[u64::from(s)]),
                                "{before:?} false before {o:?} from {s:#b}: {}",
                                ctx()
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(
        landmarks > 4_000 && orderings > 1_000 && first_steps > 15_000,
        "{landmarks} landmarks, {orderings} orderings, {first_steps} first steps"
    );
}

/// Incremental LM-cut is path-dependent, so it is checked along
/// transitions: from every (sampled) state, estimated from scratch, to each
/// successor and on to each of theirs, every estimate must call a state a
/// dead end exactly when h+ does and stay at most h+ (so at most h*).
#[test]
fn incremental_lmcut_stays_below_h_plus_along_transitions() {
    let mut rng = Rng(0x1C07);
    let (mut checked, mut below_scratch, mut reused) = (0, 0, 0);
    for seed in 0..150 {
        let task = random_task(&mut rng);
        let m = Masks::new(&task);
        let h_plus = m.relaxed_optimal_costs();
        let mut scratch = LmCut::new(&task);
        let mut inc = LmCut::incremental(&task);
        let step = ((1u32 << m.n) / 24).max(1) as usize;
        let mut check = |inc: &mut LmCut, s: u32, ctx: &str| {
            let v = value(inc.estimate(&[u64::from(s)]));
            let plus = h_plus[s as usize];
            assert_eq!(v.is_some(), plus.is_some(), "dead end: {ctx}");
            assert!(v <= plus, "incremental lmcut {v:?} > h+ {plus:?}: {ctx}");
            if v < value(scratch.estimate(&[u64::from(s)])) {
                below_scratch += 1;
            }
            checked += 1;
            v.is_some()
        };
        for s in (0..1u32 << m.n).step_by(step) {
            inc.notify_start(0, &[u64::from(s)]);
            if !check(&mut inc, s, &format!("seed {seed}, start {s:#b}")) {
                continue;
            }
            for (o, t, _) in m.transitions(s) {
                inc.notify_transition(0, o, 1, &[u64::from(t)]);
                let ctx = format!("seed {seed}, {s:#b} -{o:?}-> {t:#b}, task {task:?}");
                if !check(&mut inc, t, &ctx) {
                    continue;
                }
                for (o2, u, _) in m.transitions(t) {
                    inc.notify_transition(1, o2, 2, &[u64::from(u)]);
                    check(&mut inc, u, &format!("{ctx} -{o2:?}-> {u:#b}"));
                }
            }
        }
        reused += inc.reuse_counts().0;
    }
    assert!(
        checked > 10_000 && reused > 1_000,
        "{checked} checked, {reused} reused"
    );
    assert!(
        below_scratch > 0,
        "never below LM-cut from scratch: the test is weak"
    );
}
