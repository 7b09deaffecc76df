//! Hand-built tasks for the heuristic tests (compiled only for tests).
//!
//! Facts are numbered `0..n` and named `(f0)`, `(f1)`, ...; an operator is
//! written `(pre, add, del, cost)`.

use crate::task::FactSet;
use crate::task::{Atom, FactId, Operator, Task};
use indexmap::IndexSet;

/// An operator as `(pre, add, del, cost)` over fact numbers.
pub type OpSpec<'a> = (&'a [u32], &'a [u32], &'a [u32], u32);

fn facts(ids: &[u32]) -> Box<[FactId]> {
    let mut v: Vec<FactId> = ids.iter().map(|&i| FactId(i)).collect();
    v.sort_unstable();
    v.dedup();
    v.into_boxed_slice()
}

/// A task with `n` facts named `(f0)` .. `(f{n-1})`.
pub fn task(n: usize, init: &[u32], goal: &[u32], ops: &[OpSpec]) -> Task {
    let atoms = (0..n).map(|i| Atom {
        predicate: format!("f{i}"),
        args: Vec::new(),
    });
    Task {
        domain_name: "test".into(),
        problem_name: "test".into(),
        facts: atoms.collect(),
        operators: ops
            .iter()
            .enumerate()
            .map(|(i, &(pre, add, del, cost))| Operator {
                name: format!("op{i}"),
                pre: facts(pre),
                neg_pre: Box::new([]),
                add: facts(add),
                del: facts(del),
                cost,
                conditional: Box::new([]),
            })
            .collect(),
        init: facts(init),
        goal: facts(goal),
        neg_goal: Box::new([]),
        has_action_costs: true,
        axioms: Vec::new(),
        derived: Box::new([]),
    }
}

/// The packed state of `facts` in `task`.
pub fn state(task: &Task, facts: &[u32]) -> Vec<u64> {
    let ids: Vec<FactId> = facts.iter().map(|&i| FactId(i)).collect();
    FactSet::from_facts(task.facts.len(), &ids).words().to_vec()
}

/// The chain `a -(1)-> b -(2)-> c` over facts `a = 0`, `b = 1`, `c = 2`, from
/// `{a}` to `{c}`; each step deletes its precondition. Every relaxation
/// heuristic gives 3 from `{a}`.
pub fn chain() -> Task {
    task(
        3,
        &[0],
        &[2],
        &[(&[0], &[1], &[0], 1), (&[1], &[2], &[1], 2)],
    )
}

/// From `{a}`: `a → r` (cost 2), `r → p` (1), `r → q` (1); goal `{p, q}` with
/// `a, r, p, q = 0, 1, 2, 3`. h^max 3, LM-cut 4, h^FF 4, h^add 6, h* 4.
pub fn shared_supporter() -> Task {
    task(
        4,
        &[0],
        &[2, 3],
        &[
            (&[0], &[1], &[], 2),
            (&[1], &[2], &[], 1),
            (&[1], &[3], &[], 1),
        ],
    )
}

/// A landmark that looks needed again, though it is not: facts `p, a, b, c,
/// q = 0..5`, `p` at the start, `c` the goal. Operators: 0 `p -> b`,
/// deleting `p` (so `p` is a greedy-necessary parent of `b`); 1 `-> a`,
/// deleting `b` (so `a ->r b`, as `c` needs both); 2 `a, b -> c`; 3 `q ->
/// b`; 4 `b -> q`; 5 deletes `p`. After 0, `b` does not count as reached
/// (`a` comes first), so `p` looks needed before `b` and nothing achieves
/// it; but `b` was achieved, and `4, 1, 3, 2` is a plan.
pub fn landmark_needed_again() -> Task {
    task(
        5,
        &[0],
        &[3],
        &[
            (&[0], &[2], &[0], 1),
            (&[], &[1], &[2], 1),
            (&[1, 2], &[3], &[], 1),
            (&[4], &[2], &[], 1),
            (&[2], &[4], &[], 1),
            (&[0], &[], &[0], 1),
        ],
    )
}

/// Blocksworld (4 operators: pick-up, put-down, stack, unstack) grounded over
/// `blocks`, with every block on the table and clear initially and the goal
/// given as `(upper, lower)` pairs for `on`. Unit costs.
pub fn blocksworld(blocks: &[&str], goal_on: &[(&str, &str)]) -> Task {
    let mut atoms: IndexSet<Atom> = IndexSet::new();
    let mut id = |p: &str, args: &[&str]| {
        let atom = Atom {
            predicate: p.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        };
        FactId(atoms.insert_full(atom).0 as u32)
    };
    let mut init = vec![id("handempty", &[])];
    for b in blocks {
        init.extend([id("clear", &[b]), id("ontable", &[b])]);
    }
    let mut ops = Vec::new();
    let mut op = |name: String, pre: Vec<FactId>, add: Vec<FactId>, del: Vec<FactId>| {
        let sorted = |mut v: Vec<FactId>| {
            v.sort_unstable();
            v.into_boxed_slice()
        };
        ops.push(Operator {
            name,
            pre: sorted(pre),
            neg_pre: Box::new([]),
            add: sorted(add),
            del: sorted(del),
            cost: 1,
            conditional: Box::new([]),
        });
    };
    let hand = id("handempty", &[]);
    for &x in blocks {
        let (clear, table, holding) = (id("clear", &[x]), id("ontable", &[x]), id("holding", &[x]));
        op(
            format!("pick-up {x}"),
            vec![clear, table, hand],
            vec![holding],
            vec![clear, table, hand],
        );
        op(
            format!("put-down {x}"),
            vec![holding],
            vec![clear, hand, table],
            vec![holding],
        );
        for &y in blocks.iter().filter(|&&y| y != x) {
            let (on, clear_y) = (id("on", &[x, y]), id("clear", &[y]));
            op(
                format!("stack {x} {y}"),
                vec![holding, clear_y],
                vec![clear, hand, on],
                vec![holding, clear_y],
            );
            op(
                format!("unstack {x} {y}"),
                vec![on, clear, hand],
                vec![holding, clear_y],
                vec![on, clear, hand],
            );
        }
    }
    let goal: Vec<FactId> = goal_on.iter().map(|&(x, y)| id("on", &[x, y])).collect();
    let sorted = |mut v: Vec<FactId>| {
        v.sort_unstable();
        v.into_boxed_slice()
    };
    Task {
        domain_name: "blocks".into(),
        problem_name: "test".into(),
        facts: atoms,
        operators: ops,
        init: sorted(init),
        goal: sorted(goal),
        neg_goal: Box::new([]),
        has_action_costs: false,
        axioms: Vec::new(),
        derived: Box::new([]),
    }
}

/// Applies the operator named `name` to `state`; panics if it is unknown or
/// not applicable.
pub fn apply(task: &Task, state: &[u64], name: &str) -> Vec<u64> {
    let op = task
        .operators
        .iter()
        .find(|o| o.name == name)
        .unwrap_or_else(|| panic!("no operator {name}"));
    assert!(
        op.pre
            .iter()
            .all(|&f| crate::util::bits::contains(state, f)),
        "{name} not applicable"
    );
    let mut next = state.to_vec();
    for &f in &op.del {
        crate::util::bits::remove(&mut next, f);
    }
    for &f in &op.add {
        crate::util::bits::insert(&mut next, f);
    }
    next
}

/// A truck moves a package from `a` to `b`: facts `0 = (at t a)`,
/// `1 = (at t b)`, `2 = (at p a)`, `3 = (at p b)`, `4 = (in p t)`, with the
/// groups `{0, 1}` (the truck) and `{2, 3, 4}` (the package), from `{0, 2}`
/// to `{3}`. Operators, each of cost 1: `0` drive a b, `1` drive b a,
/// `2` load at a, `3` load at b, `4` unload at a, `5` unload at b. h* = 3.
pub fn truck() -> (Task, Vec<Vec<FactId>>) {
    let ops: &[OpSpec] = &[
        (&[0], &[1], &[0], 1),
        (&[1], &[0], &[1], 1),
        (&[0, 2], &[4], &[2], 1),
        (&[1, 3], &[4], &[3], 1),
        (&[0, 4], &[2], &[4], 1),
        (&[1, 4], &[3], &[4], 1),
    ];
    let groups = vec![
        vec![FactId(0), FactId(1)],
        vec![FactId(2), FactId(3), FactId(4)],
    ];
    (task(5, &[0, 2], &[3], ops), groups)
}
