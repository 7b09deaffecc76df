use super::*;
use crate::sat::Cnf;
use crate::task::{Atom, Operator};

fn atom(name: &str) -> Atom {
    Atom {
        predicate: name.into(),
        args: Vec::new(),
    }
}

/// The task of the module's example: `go` from at-a to at-b.
fn go_task() -> Task {
    Task {
        domain_name: "d".into(),
        problem_name: "p".into(),
        facts: [atom("at-a"), atom("at-b")].into_iter().collect(),
        operators: vec![Operator {
            name: "go".into(),
            pre: vec![FactId(0)].into(),
            neg_pre: Vec::new().into(),
            add: vec![FactId(1)].into(),
            del: vec![FactId(0)].into(),
            cost: 1,
            conditional: Box::new([]),
        }],
        init: vec![FactId(0)].into(),
        goal: vec![FactId(1)].into(),
        neg_goal: Vec::new().into(),
        has_action_costs: false,
        axioms: Vec::new(),
        derived: Box::new([]),
    }
}

#[test]
fn the_module_example_has_the_clauses_it_lists() {
    let task = go_task();
    let mut cnf = Cnf::default();
    let mut e = Encoder::new(&task, Encoding::Sequential, Invariants::default());
    e.start(&mut cnf);
    assert_eq!(e.goal(), None, "at-b has no variable at layer 0");
    e.extend(&mut cnf);
    // Variables in order of creation: at-a@0, at-a@1, at-b@1, go@0.
    let (a0, a1, b1, go) = (1, 2, 3, 4);
    let mut clauses: Vec<Vec<Lit>> = cnf
        .iter()
        .map(|c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            c
        })
        .collect();
    clauses.sort();
    let mut expected: Vec<Vec<Lit>> = vec![
        vec![a0],
        vec![-go, a0],
        vec![-go, b1],
        vec![-go, -a1],
        vec![-a1, a0],
        vec![-a0, a1, go],
        vec![-b1, go],
    ];
    expected.iter_mut().for_each(|c| c.sort_unstable());
    expected.sort();
    assert_eq!(clauses, expected);
    assert_eq!(e.goal(), Some(vec![b1]));
    assert_eq!(e.size(), (4, 7));
    assert_eq!(
        e.steps(|v| v == go || v == b1 || v == a0),
        vec![vec![OpId(0)]]
    );
}

/// Sinz's counter: every assignment with at most one true literal
/// extends to a model of the clauses, none with two does.
#[test]
fn the_at_most_one_counter_allows_exactly_one_or_none() {
    let task = go_task();
    for n in [2usize, 5, 6, 9] {
        for mask in 0u32..(1 << n) {
            let mut solver = crate::sat::Solver::new();
            let mut e = Encoder::new(&task, Encoding::Sequential, Invariants::default());
            let lits: Vec<Lit> = (0..n).map(|_| e.var(&mut solver)).collect();
            e.at_most_one(&mut solver, &lits);
            let assumed: Vec<Lit> = lits
                .iter()
                .enumerate()
                .map(|(i, &l)| if mask & (1 << i) != 0 { l } else { -l })
                .collect();
            let answer = solver.solve(&assumed, None, None);
            let expected = if mask.count_ones() <= 1 {
                crate::sat::Answer::Sat
            } else {
                crate::sat::Answer::Unsat
            };
            assert_eq!(answer, expected, "n = {n}, mask = {mask:b}");
        }
    }
}
