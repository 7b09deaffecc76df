//! Every heuristic's estimates against brute force, state by state: on random
//! STRIPS tasks against h*, h+ and the exact h^max and h^add costs; on random
//! tasks with conditional effects and axioms against h* by their own semantics.

use super::*;

/// Checks every property on every state of one task.
fn check_task(task: &Task, seed: u64) {
    let m = Masks::new(task);
    let h_star = m.optimal_costs();
    let h_plus = m.relaxed_optimal_costs();
    assert_eq!(
        Space::new(task).optimal_costs(),
        h_star,
        "the two oracles disagree: seed {seed}, task {task:?}"
    );
    let names = ["blind", "goalcount", "hmax", "hadd", "hff", "lmcut"];
    let mut hs: Vec<Box<dyn Heuristic>> = names
        .iter()
        .map(|n| by_name(n, task).expect("known name"))
        .collect();
    let goal_count_admissible = hs[1].is_admissible();
    let min_cost = task.operators.iter().map(|o| o.cost).min();
    let all: Vec<Vec<Option<u32>>> = (0..1u32 << m.n)
        .map(|s| {
            hs.iter_mut()
                .map(|h| value(h.estimate(&[u64::from(s)])))
                .collect()
        })
        .collect();

    for s in 0..1u32 << m.n {
        let ctx = format!("seed {seed}, state {s:#b}, task {task:?}");
        let (star, plus) = (h_star[s as usize], h_plus[s as usize]);
        let h = &all[s as usize];
        let (blind, gc, hmax, hadd, hff, lmcut) = (h[0], h[1], h[2], h[3], h[4], h[5]);

        // Blind and goal count.
        let goal = m.is_goal(s);
        assert_eq!(blind, if goal { Some(0) } else { min_cost }, "blind: {ctx}");
        assert_eq!(gc == Some(0), goal, "goalcount: {ctx}");
        if let Some(star) = star {
            assert!(blind.expect("finite") <= star, "blind > h*: {ctx}");
            if goal_count_admissible {
                assert!(gc.expect("finite") <= star, "goalcount > h*: {ctx}");
            }
        }

        // Relaxation heuristics: dead ends agree with h+, then the chain of bounds.
        for (name, v) in [
            ("hmax", hmax),
            ("hadd", hadd),
            ("hff", hff),
            ("lmcut", lmcut),
        ] {
            assert_eq!(v.is_some(), plus.is_some(), "{name} dead end: {ctx}");
        }
        if star.is_some() {
            assert!(plus.is_some() && plus <= star, "h+ > h*: {ctx}");
        }
        if let Some(plus) = plus {
            let [hmax, hadd, hff, lmcut] = [hmax, hadd, hff, lmcut].map(|v| v.expect("finite"));
            assert!(hmax <= lmcut, "hmax {hmax} > lmcut {lmcut}: {ctx}");
            assert!(lmcut <= plus, "lmcut {lmcut} > h+ {plus}: {ctx}");
            assert!(plus <= hff, "h+ {plus} > hff {hff}: {ctx}");
            assert!(hff <= hadd, "hff {hff} > hadd {hadd}: {ctx}");
        }

        // Exact h^max and h^add against the naive fixpoint, also via fact_costs.
        let state = [u64::from(s)];
        for (combine, v) in [(Combine::Max, hmax), (Combine::Sum, hadd)] {
            let naive = m.relaxed_fact_costs(s, combine);
            let neg_goal = (m.negs.iter().enumerate())
                .filter(|&(_, &f)| m.neg_goal >> f & 1 == 1)
                .map(|(j, _)| crate::task::FactId(m.n + j as u32));
            assert_eq!(
                subgoal_cost(&naive, task.goal.iter().copied().chain(neg_goal), combine),
                v,
                "{ctx}"
            );
            if s % 5 == 0 {
                assert_eq!(
                    fact_costs(task, &state, combine),
                    naive[..m.n as usize],
                    "{combine:?}: {ctx}"
                );
            }
        }

        // Consistency: h(s) <= cost(o) + h(s') over applicable operators.
        for (t, c) in m.successors(s) {
            let next = &all[t as usize];
            for (i, name) in names.iter().enumerate() {
                let consistent = matches!(i, 0 | 2) || (i == 1 && goal_count_admissible);
                if let (true, Some(now), Some(then)) = (consistent, h[i], next[i]) {
                    assert!(
                        now <= c + then,
                        "{name} inconsistent on {s:#b} -> {t:#b}: {ctx}"
                    );
                }
            }
        }

        // Preferred operators: deterministic, sorted, applicable, and present
        // whenever the relaxed plan is non-empty (its first steps are
        // applicable, negative preconditions included, as "p is false" is a
        // relaxed fact).
        let v = hs[4].estimate(&state);
        assert_eq!(value(v), hff, "hff changed on re-evaluation: {ctx}");
        let preferred = hs[4].preferred_operators().to_vec();
        assert!(preferred.windows(2).all(|w| w[0] < w[1]), "unsorted: {ctx}");
        for o in &preferred {
            let op = m.ops[o.index()];
            assert!(
                s & op.0 == op.0 && s & op.1 == 0,
                "inapplicable {o:?}: {ctx}"
            );
        }
        if hff.is_some() {
            assert_eq!(preferred.is_empty(), m.is_goal(s), "preferred: {ctx}");
        }
        if s % 7 == 0 {
            let mut fresh = LmCut::new(task);
            assert_eq!(
                value(fresh.estimate(&state)),
                lmcut,
                "lmcut not repeatable: {ctx}"
            );
        }
    }
}

#[test]
fn heuristics_agree_with_brute_force_on_random_tasks() {
    let mut rng = Rng(0x5EED);
    for seed in 0..400 {
        let task = random_task(&mut rng);
        check_task(&task, seed);
    }
}

/// What the ADL check met, so that its test can tell it is not weak.
#[derive(Default, Debug)]
struct AdlCases {
    /// States where some conditional effect of an applicable operator fires.
    conditional: usize,
    /// States where some derived fact holds.
    derived: usize,
    /// States h^max calls dead ends, and those that are dead ends it misses.
    dead: usize,
    missed: usize,
    /// Solvable states where h^max is below h*, and where it is positive.
    below: usize,
    positive: usize,
}

/// Checks, on every state of a task with conditional effects or axioms,
/// the heuristics that accept them (all but LM-cut) against h* by the
/// task's own semantics ([`Space`]): h^max is admissible and consistent;
/// h^max, h^add and h^FF call the same states dead ends, and those are;
/// `hmax <= hff <= hadd`; blind and goal count behave as on STRIPS tasks;
/// h^FF's preferred operators are applicable, and (without axioms) there
/// are some exactly off the goal.
fn check_adl_task(task: &Task, seed: u64, cases: &mut AdlCases) {
    let space = Space::new(task);
    let h_star = space.optimal_costs();
    let names = ["blind", "goalcount", "hmax", "hadd", "hff"];
    let mut hs: Vec<Box<dyn Heuristic>> = (names.iter())
        .map(|n| by_name(n, task).expect("known name"))
        .collect();
    let goal_count_admissible = hs[1].is_admissible();
    let min_cost = task.operators.iter().map(|o| o.cost).min();
    let mut all: Vec<Vec<Option<u32>>> = vec![Vec::new(); h_star.len()];
    for s in space.states() {
        all[s as usize] = (hs.iter_mut())
            .map(|h| value(h.estimate(&[u64::from(s)])))
            .collect();
    }
    let applicable = |o: &crate::task::Operator, s: u32| {
        s & mask(&o.pre) == mask(&o.pre) && s & mask(&o.neg_pre) == 0
    };
    for s in space.states() {
        let ctx = || format!("seed {seed}, state {s:#b}, task {task:?}");
        let star = h_star[s as usize];
        let h = &all[s as usize];
        let (blind, gc, hmax, hadd, hff) = (h[0], h[1], h[2], h[3], h[4]);
        let goal = space.is_goal(s);

        assert_eq!(
            blind,
            if goal { Some(0) } else { min_cost },
            "blind: {}",
            ctx()
        );
        assert_eq!(gc == Some(0), goal, "goalcount: {}", ctx());
        if let Some(star) = star {
            assert!(blind.expect("finite") <= star, "blind > h*: {}", ctx());
            if goal_count_admissible {
                assert!(gc.expect("finite") <= star, "goalcount > h*: {}", ctx());
            }
        }

        for (name, v) in [("hadd", hadd), ("hff", hff)] {
            assert_eq!(v.is_some(), hmax.is_some(), "{name} dead end: {}", ctx());
        }
        match (hmax, star) {
            (None, Some(star)) => panic!("hmax dead end, h* = {star}: {}", ctx()),
            (Some(hmax), Some(star)) => {
                assert!(hmax <= star, "hmax {hmax} > h* {star}: {}", ctx());
                cases.below += usize::from(hmax < star);
                cases.positive += usize::from(hmax > 0);
            }
            (None, None) => cases.dead += 1,
            (Some(_), None) => cases.missed += 1,
        }
        if let (Some(hmax), Some(hadd), Some(hff)) = (hmax, hadd, hff) {
            assert!(hmax <= hff, "hmax {hmax} > hff {hff}: {}", ctx());
            assert!(hff <= hadd, "hff {hff} > hadd {hadd}: {}", ctx());
        }

        for &(o, t, c) in space.transitions(s) {
            let next = &all[t as usize];
            for (i, name) in names.iter().enumerate() {
                let consistent = matches!(i, 0 | 2) || (i == 1 && goal_count_admissible);
                if let (true, Some(now), Some(then)) = (consistent, h[i], next[i]) {
                    assert!(
                        now <= c + then,
                        "{name} inconsistent on {s:#b} -{o:?}-> {t:#b}: {}",
                        ctx()
                    );
                }
            }
        }

        hs[4].estimate(&[u64::from(s)]);
        let preferred = hs[4].preferred_operators();
        assert!(
            preferred.windows(2).all(|w| w[0] < w[1]),
            "unsorted: {}",
            ctx()
        );
        for &o in preferred {
            assert!(
                applicable(task.operator(o), s),
                "inapplicable {o:?}: {}",
                ctx()
            );
        }
        // With axioms, a relaxed plan off the goal may hold axioms alone
        // (a negated derived goal, which the relaxation gets for free).
        if hff.is_some() && (goal || task.axioms.is_empty()) {
            assert_eq!(preferred.is_empty(), goal, "preferred: {}", ctx());
        }

        let fires = |e: &crate::task::ConditionalEffect| {
            s & mask(&e.cond) == mask(&e.cond) && s & mask(&e.neg_cond) == 0
        };
        cases.conditional += usize::from(
            (task.operators.iter()).any(|o| applicable(o, s) && o.conditional.iter().any(fires)),
        );
        cases.derived += usize::from(s & mask(&task.derived) != 0);
    }
}

/// The heuristics that accept conditional effects and axioms, on random
/// tasks that have them; see [`check_adl_task`].
#[test]
fn heuristics_agree_with_brute_force_on_random_adl_tasks() {
    let mut rng = Rng(0xAD1);
    let mut cases = AdlCases::default();
    for seed in 0..1500 {
        let task = random_adl_task(&mut rng);
        check_adl_task(&task, seed, &mut cases);
    }
    let AdlCases {
        conditional,
        derived,
        dead,
        missed,
        below,
        positive,
    } = cases;
    assert!(
        conditional > 50_000 && derived > 30_000 && dead > 20_000 && missed > 5_000,
        "{cases:?}"
    );
    assert!(below > 10_000 && positive > 40_000, "{cases:?}");
}

#[test]
fn random_tasks_exercise_interesting_cases() {
    // Guards the generator: the checks above must meet strict gaps and dead ends.
    let mut rng = Rng(0x5EED);
    let (mut lmcut_above_hmax, mut dead, mut solvable) = (false, false, false);
    for _ in 0..400 {
        let task = random_task(&mut rng);
        let init = [u64::from(mask(&task.init))];
        let mut hmax = Hmax::new(&task);
        let mut lmcut = LmCut::new(&task);
        match (hmax.estimate(&init), lmcut.estimate(&init)) {
            (Estimate::Value(a), Estimate::Value(b)) => {
                solvable = true;
                lmcut_above_hmax |= b > a;
            }
            _ => dead = true,
        }
    }
    assert!(lmcut_above_hmax && dead && solvable);
}
