use super::*;
use crate::util::bits;

fn ids(v: &[u32]) -> Box<[FactId]> {
    v.iter().map(|&f| FactId(f)).collect()
}

fn task(n: u32, operators: Vec<Operator>, axioms: Vec<Axiom>) -> Task {
    let mut derived: Vec<FactId> = axioms.iter().map(|a| a.head).collect();
    derived.sort_unstable();
    derived.dedup();
    Task {
        domain_name: "d".into(),
        problem_name: "p".into(),
        facts: (0..n)
            .map(|i| Atom {
                predicate: format!("f{i}"),
                args: Vec::new(),
            })
            .collect(),
        operators,
        init: ids(&[]),
        goal: ids(&[]),
        neg_goal: ids(&[]),
        has_action_costs: false,
        axioms,
        derived: derived.into(),
    }
}

fn state(n: u32, facts: &[u32]) -> Vec<u64> {
    let mut s = vec![0; bits::words_for(n as usize)];
    for &f in facts {
        bits::insert(&mut s, FactId(f));
    }
    s
}

fn holds(s: &[u64], n: u32) -> Vec<u32> {
    (0..n).filter(|&f| bits::contains(s, FactId(f))).collect()
}

#[test]
fn conditional_effects_read_the_old_state_and_adds_win() {
    // Flip fact 0; add fact 1 unless fact 2 holds; delete fact 1 when 0 holds.
    let effect = |cond: &[u32], neg: &[u32], add: &[u32], del: &[u32]| ConditionalEffect {
        cond: ids(cond),
        neg_cond: ids(neg),
        add: ids(add),
        del: ids(del),
    };
    let op = Operator {
        name: "flip".into(),
        pre: ids(&[]),
        neg_pre: ids(&[]),
        add: ids(&[]),
        del: ids(&[]),
        cost: 1,
        conditional: vec![
            effect(&[0], &[], &[], &[0]),
            effect(&[], &[0], &[0], &[]),
            effect(&[], &[2], &[1], &[]),
            effect(&[0], &[], &[], &[1]),
        ]
        .into(),
    };
    let t = task(3, vec![op], Vec::new());
    let op = &t.operators[0];
    let apply = |facts: &[u32]| {
        let before = state(3, facts);
        let mut next = before.clone();
        t.apply(op, &before, &mut next);
        holds(&next, 3)
    };
    // 0 held: it goes, and 1 is both deleted and added: added.
    assert_eq!(apply(&[0]), [1]);
    // 0 did not hold: it comes; the deletes conditioned on 0 do not fire.
    assert_eq!(apply(&[]), [0, 1]);
    assert_eq!(apply(&[2]), [0, 2]);
}

#[test]
fn axioms_are_evaluated_layer_by_layer_to_their_fixpoint() {
    // Layer 1: 2 :- 3 and 3 :- 0 (listed so that one round is not enough);
    // layer 2: 4 :- not 2. Facts 0 and 1 are basic.
    let axiom = |head: u32, pre: &[u32], neg: &[u32], layer| Axiom {
        head: FactId(head),
        pre: ids(pre),
        neg_pre: ids(neg),
        layer,
    };
    let t = task(
        5,
        Vec::new(),
        vec![
            axiom(2, &[3], &[], 1),
            axiom(3, &[0], &[], 1),
            axiom(4, &[], &[2], 2),
        ],
    );
    let eval = |facts: &[u32]| {
        let mut s = state(5, facts);
        t.evaluate_axioms(&mut s);
        holds(&s, 5)
    };
    assert_eq!(eval(&[0]), [0, 2, 3]);
    assert_eq!(eval(&[1]), [1, 4]);
    // Stale derived facts are cleared first.
    assert_eq!(eval(&[1, 2, 3]), [1, 4]);
}
