use super::*;
use crate::heuristics::testing::{OpSpec, task};
use crate::invariants::MutexGroup;

/// Facts `0 = (holding a)`, `1 = (clear a)`, `2 = (on a a)`, `3 = (arm-empty)`,
/// with the group `{0, 1}` at most 1 (holding a block means it is not clear).
fn blocks() -> (Task, Mutexes) {
    let ops: &[OpSpec] = &[
        // pick up a: clear and an empty arm, then held.
        (&[1, 3], &[0], &[1, 3], 1),
        // stack a on a: needs a held and clear at once.
        (&[0, 1], &[2, 3], &[0, 1], 1),
        // put down a.
        (&[0], &[1, 3], &[0], 1),
        // a bad drop: keeps (holding a) and adds (clear a).
        (&[0], &[1], &[], 1),
    ];
    let t = task(4, &[1, 3], &[1], ops);
    let groups = vec![MutexGroup {
        facts: vec![FactId(0), FactId(1)],
        at_most: 1,
        invariant: 0,
    }];
    let m = Mutexes::new(4, groups, None);
    (t, m)
}

#[test]
fn operators_with_mutex_preconditions_or_results_are_removed() {
    let (t, m) = blocks();
    let pruned = prune_operators(&t, &m);
    assert_eq!(pruned.original, vec![OpId(0), OpId(2)]);
    assert_eq!(pruned.removed(&t), 2);
    assert_eq!(pruned.task.operators[1].name, "op2");
    assert_eq!(
        pruned.original_plan(&[OpId(0), OpId(1)]),
        vec![OpId(0), OpId(2)]
    );
    // Without the group, every operator stays.
    let none = prune_operators(&t, &Mutexes::new(4, Vec::new(), None));
    assert_eq!(none.task.operators.len(), 4);
}

/// A task with an operator that leads nowhere: `0 = at-a`, `1 = at-b`,
/// `2 = at-c`, `3 = key`, `4 = lost`. The goal `at-c` is reached from `b`
/// with the key, which is taken at `a`. At `b` the key can also be dropped
/// for good (`drop` adds `lost`): reachable, so forward h² keeps it, but no
/// state from which the goal is reachable holds `lost`, since `lost` comes
/// without the key and nothing brings the key back. Backward h², from the
/// goal, never reaches `lost`: it removes `drop` and the fact.
fn lost_key() -> Task {
    let ops: &[OpSpec] = &[
        // take the key at a.
        (&[0], &[3], &[], 1),
        // a → b with the key.
        (&[0, 3], &[1], &[0], 1),
        // drop the key for good at b.
        (&[1, 3], &[4], &[3], 1),
        // b → c with the key.
        (&[1, 3], &[2], &[1], 1),
    ];
    task(5, &[0], &[2], ops)
}

#[test]
fn backward_h2_removes_operators_that_lead_to_no_goal() {
    let t = lost_key();
    let groups = Mutexes::new(5, Vec::new(), None);
    let forward = preprocess(&t, &groups, H2Preprocess::Forward, &H2Limits::default());
    assert_eq!(
        forward.task.operators.len(),
        4,
        "every operator is reachable"
    );
    assert_eq!(forward.stats.removed_backward, 0);
    let both = preprocess(&t, &groups, H2Preprocess::Both, &H2Limits::default());
    assert_eq!(both.original, vec![OpId(0), OpId(1), OpId(3)]);
    assert_eq!(both.stats.removed_forward, 0);
    assert_eq!(both.stats.removed_backward, 1);
    assert_eq!(both.dead_facts, vec![FactId(4)]);
    assert_eq!(
        (both.stats.unreachable_facts, both.stats.irrelevant_facts),
        (0, 1)
    );
    // The mode none removes nothing.
    let none = preprocess(&t, &groups, H2Preprocess::None, &H2Limits::default());
    assert_eq!(none.task.operators.len(), 4);
}

/// Brute force over the `2^n` states of a task of at most 10 facts.
mod brute {
    use crate::task::{OpId, Operator, Task};

    pub fn mask(facts: &[crate::task::FactId]) -> u32 {
        facts.iter().fold(0, |m, f| m | 1 << f.0)
    }

    pub fn applicable(o: &Operator, s: u32) -> bool {
        s & mask(&o.pre) == mask(&o.pre) && s & mask(&o.neg_pre) == 0
    }

    pub fn apply(o: &Operator, s: u32) -> u32 {
        (s & !mask(&o.del)) | mask(&o.add)
    }

    pub fn is_goal(t: &Task, s: u32) -> bool {
        s & mask(&t.goal) == mask(&t.goal) && s & mask(&t.neg_goal) == 0
    }

    /// The states reachable from the start.
    pub fn reachable(t: &Task) -> Vec<bool> {
        let mut seen = vec![false; 1 << t.facts.len()];
        let mut stack = vec![mask(&t.init)];
        seen[mask(&t.init) as usize] = true;
        while let Some(s) = stack.pop() {
            for o in &t.operators {
                if applicable(o, s) && !seen[apply(o, s) as usize] {
                    seen[apply(o, s) as usize] = true;
                    stack.push(apply(o, s));
                }
            }
        }
        seen
    }

    /// The states from which a goal state is reachable.
    pub fn goal_reaching(t: &Task) -> Vec<bool> {
        let states = 1u32 << t.facts.len();
        let mut good: Vec<bool> = (0..states).map(|s| is_goal(t, s)).collect();
        loop {
            let mut changed = false;
            for s in 0..states {
                if !good[s as usize]
                    && (t.operators.iter()).any(|o| applicable(o, s) && good[apply(o, s) as usize])
                {
                    good[s as usize] = true;
                    changed = true;
                }
            }
            if !changed {
                return good;
            }
        }
    }

    /// An optimal plan (Dijkstra), if there is one.
    pub fn optimal_plan(t: &Task) -> Option<Vec<OpId>> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let states = 1usize << t.facts.len();
        let mut dist = vec![u64::MAX; states];
        let mut parent: Vec<Option<(u32, OpId)>> = vec![None; states];
        let start = mask(&t.init);
        dist[start as usize] = 0;
        let mut heap = BinaryHeap::from([Reverse((0u64, start))]);
        while let Some(Reverse((d, s))) = heap.pop() {
            if d > dist[s as usize] {
                continue;
            }
            if is_goal(t, s) {
                let mut plan = Vec::new();
                let mut at = s;
                while let Some((p, o)) = parent[at as usize] {
                    plan.push(o);
                    at = p;
                }
                plan.reverse();
                return Some(plan);
            }
            for (i, o) in t.operators.iter().enumerate() {
                if applicable(o, s) {
                    let (next, nd) = (apply(o, s), d + u64::from(o.cost));
                    if nd < dist[next as usize] {
                        dist[next as usize] = nd;
                        parent[next as usize] = Some((s, OpId(i as u32)));
                        heap.push(Reverse((nd, next)));
                    }
                }
            }
        }
        None
    }

    /// Whether `plan` leads from the start to a goal state of `t`.
    pub fn valid(t: &Task, plan: &[OpId]) -> bool {
        let mut s = mask(&t.init);
        for &o in plan {
            let o = t.operator(o);
            if !applicable(o, s) {
                return false;
            }
            s = apply(o, s);
        }
        is_goal(t, s)
    }

    /// Groups of facts of which at most one holds in every reachable state
    /// (greedy cliques of the pairs never true together), as the invariant
    /// analysis would prove them.
    pub fn at_most_one_groups(t: &Task) -> Vec<crate::invariants::MutexGroup> {
        let n = t.facts.len();
        let reachable = reachable(t);
        let together = |f: usize, g: usize| {
            (0..1u32 << n).any(|s| reachable[s as usize] && s >> f & 1 == 1 && s >> g & 1 == 1)
        };
        let mut groups = Vec::new();
        for f in 0..n {
            let mut group = vec![f];
            for g in f + 1..n {
                if group.iter().all(|&h| !together(h, g)) {
                    group.push(g);
                }
            }
            if group.len() > 1 {
                groups.push(crate::invariants::MutexGroup {
                    facts: group
                        .into_iter()
                        .map(|f| crate::task::FactId(f as u32))
                        .collect(),
                    at_most: 1,
                    invariant: 0,
                });
            }
        }
        groups
    }

    /// S*: the states on some path from the start to a goal state.
    pub fn on_a_plan(t: &Task) -> Vec<bool> {
        let (reachable, good) = (reachable(t), goal_reaching(t));
        reachable.iter().zip(&good).map(|(r, g)| *r && *g).collect()
    }

    /// Asserts that no operator of `t` that `pruned` removed leads from a
    /// state of S* (`on_a_plan`) to another: none is on a plan's path.
    pub fn assert_removed_off_every_plan(
        t: &Task,
        pruned: &super::Pruned,
        on_a_plan: &[bool],
        case: usize,
    ) {
        let n = t.facts.len();
        for (o, op) in t.operators.iter().enumerate() {
            if pruned.original.contains(&OpId(o as u32)) {
                continue;
            }
            for s in (0..1u32 << n).filter(|&s| on_a_plan[s as usize]) {
                assert!(
                    !applicable(op, s) || !on_a_plan[apply(op, s) as usize],
                    "case {case}: removed {} leads from {s:b} to {:b}, both on a plan's path\n{t:?}",
                    op.name,
                    apply(op, s)
                );
            }
        }
    }
}

#[test]
fn removed_operators_and_facts_are_on_no_plan_of_random_tasks() {
    use crate::heuristics::properties::{Rng, random_task};
    let mut rng = Rng(45);
    let (mut removed_forward, mut removed_backward, mut dead, mut unsolvable) = (0, 0, 0, 0);
    let (mut removed_backward_solvable, mut grouped) = (0, 0);
    for case in 0..3000 {
        let t = random_task(&mut rng);
        let n = t.facts.len();
        // Every other task with the at-most-one groups its reachable states
        // obey, as the invariant analysis hands them over: the groups'
        // removals (and the closed groups' emptying) are checked too.
        let at_most_one = if case % 2 == 1 {
            brute::at_most_one_groups(&t)
        } else {
            Vec::new()
        };
        grouped += usize::from(!at_most_one.is_empty());
        let groups = Mutexes::new(n, at_most_one, None);
        let pruned = preprocess(&t, &groups, H2Preprocess::Both, &H2Limits::default());
        let on_a_plan = brute::on_a_plan(&t);
        brute::assert_removed_off_every_plan(&t, &pruned, &on_a_plan, case);
        for &f in &pruned.dead_facts {
            for s in (0..1u32 << n).filter(|&s| on_a_plan[s as usize]) {
                assert_eq!(
                    s & 1 << f.0,
                    0,
                    "case {case}: dead fact {f:?} in {s:b}\n{t:?}"
                );
            }
        }
        // The same optimal cost; the pruned task's plans are the original's.
        let original = brute::optimal_plan(&t);
        let after = brute::optimal_plan(&pruned.task);
        assert_eq!(
            original.as_ref().map(|p| t.plan_cost(p)),
            after.as_ref().map(|p| pruned.task.plan_cost(p)),
            "case {case}\n{t:?}"
        );
        if let Some(plan) = &after {
            assert!(brute::valid(&t, &pruned.original_plan(plan)), "case {case}");
        }
        removed_forward += pruned.stats.removed_forward;
        removed_backward += pruned.stats.removed_backward;
        dead += pruned.dead_facts.len();
        unsolvable += usize::from(original.is_none() && pruned.task.operators.is_empty());
        if original.is_some() {
            removed_backward_solvable += pruned.stats.removed_backward;
        }
    }
    // The cases the rules are for do occur.
    assert!(removed_forward > 100, "{removed_forward} removed forward");
    assert!(
        removed_backward > 100,
        "{removed_backward} removed backward"
    );
    assert!(
        removed_backward_solvable > 50,
        "{removed_backward_solvable} removed backward from solvable tasks"
    );
    assert!(dead > 100, "{dead} dead facts");
    assert!(unsolvable > 10, "{unsolvable} unsolvable tasks emptied");
    assert!(grouped > 500, "{grouped} tasks with groups");
}

/// A car at `x` (fact 0) or `y` (fact 1), the group `{0, 1}` at most 1;
/// `2 = free-x`. `op0` drives x → y, `op1` y → x, and `op2` parks the car
/// out of the world (as parking's `move-curb-to-car c x c` does once the
/// grounder forgot "behind itself"): it needs `x`, deletes it and adds no
/// place. The goal is `y`.
fn lost_car(teleport: bool) -> (Task, Mutexes) {
    let mut ops: Vec<OpSpec> = vec![
        (&[0], &[1, 2], &[0], 1),
        (&[1], &[0], &[1, 2], 1),
        (&[0], &[2], &[0], 1),
    ];
    if teleport {
        // From `free-x` straight to `y`: a place added without one needed.
        ops.push((&[2], &[1], &[], 1));
    }
    let t = task(3, &[0], &[1], &ops);
    let groups = vec![MutexGroup {
        facts: vec![FactId(0), FactId(1)],
        at_most: 1,
        invariant: 0,
    }];
    (t, Mutexes::new(3, groups, None))
}

#[test]
fn an_operator_that_empties_a_closed_group_is_removed() {
    let (t, m) = lost_car(false);
    let both = preprocess(&t, &m, H2Preprocess::Both, &H2Limits::default());
    assert_eq!(both.original, vec![OpId(0), OpId(1)]);
    assert_eq!(both.stats.removed_backward, 1);
    // Forward only, or without the group, it stays: no pair rules it out.
    let forward = preprocess(&t, &m, H2Preprocess::Forward, &H2Limits::default());
    assert_eq!(forward.task.operators.len(), 3);
    let bare = Mutexes::new(3, Vec::new(), None);
    let without = preprocess(&t, &bare, H2Preprocess::Both, &H2Limits::default());
    assert_eq!(without.task.operators.len(), 3);
    // An operator that adds a place without needing one opens the group:
    // after `op2`, the teleport still reaches the goal.
    let (t, m) = lost_car(true);
    let open = preprocess(&t, &m, H2Preprocess::Both, &H2Limits::default());
    assert_eq!(open.task.operators.len(), 4);
}

/// The at-most-one groups of random facts that hold in every reachable
/// state of `t` (found by brute force), at most four.
fn true_groups(t: &Task, rng: &mut crate::heuristics::properties::Rng) -> Vec<MutexGroup> {
    let n = t.facts.len() as u32;
    let reachable = brute::reachable(t);
    let mut groups = Vec::new();
    for _ in 0..12 {
        let mut facts: Vec<FactId> = rng.facts(n, 2, 3).into_iter().map(FactId).collect();
        facts.sort_unstable();
        let m = brute::mask(&facts);
        let holds = (0..reachable.len() as u32)
            .filter(|&s| reachable[s as usize])
            .all(|s| (s & m).count_ones() <= 1);
        if holds && groups.len() < 4 {
            groups.push(MutexGroup {
                facts,
                at_most: 1,
                invariant: groups.len(),
            });
        }
    }
    groups
}

#[test]
fn emptied_groups_remove_no_operator_on_a_plan_of_random_tasks() {
    use crate::heuristics::properties::{Rng, random_task};
    let mut rng = Rng(46);
    let (mut with_groups, mut without) = (0, 0);
    for case in 0..3000 {
        let t = random_task(&mut rng);
        let n = t.facts.len();
        let groups = true_groups(&t, &mut rng);
        let m = Mutexes::new(n, groups, None);
        let pruned = preprocess(&t, &m, H2Preprocess::Both, &H2Limits::default());
        let bare = Mutexes::new(n, Vec::new(), None);
        let plain = preprocess(&t, &bare, H2Preprocess::Both, &H2Limits::default());
        brute::assert_removed_off_every_plan(&t, &pruned, &brute::on_a_plan(&t), case);
        let original = brute::optimal_plan(&t).map(|p| t.plan_cost(&p));
        let after = brute::optimal_plan(&pruned.task).map(|p| pruned.task.plan_cost(&p));
        assert_eq!(original, after, "case {case}\n{t:?}");
        with_groups += pruned.stats.removed_backward;
        without += plain.stats.removed_backward;
    }
    // The groups make the backward side remove more.
    assert!(with_groups > without, "{with_groups} against {without}");
}
