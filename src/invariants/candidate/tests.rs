use super::*;

/// Arguments compared as written (the pattern with all parameters distinct).
fn syntactic(a: Arg) -> u32 {
    match a {
        Arg::Var(p) => 1000 + p,
        Arg::Obj(c) => c,
    }
}

fn part(pred: PredId, args: &[Option<u32>]) -> Part {
    Part {
        pred,
        args: args
            .iter()
            .map(|a| a.map_or(Slot::Counted, Slot::Param))
            .collect(),
    }
}

#[test]
fn canonical_form_ignores_part_order_and_parameter_names() {
    let a = Invariant::new(vec![
        part(3, &[Some(1), Some(0)]),
        part(1, &[None, Some(0), Some(1)]),
    ]);
    let b = Invariant::new(vec![
        part(1, &[None, Some(1), Some(0)]),
        part(3, &[Some(0), Some(1)]),
    ]);
    assert_eq!(a, b);
    assert_eq!(a.parts[0].args[1], Slot::Param(0));
    assert_eq!(a.arity, 2);
}

#[test]
fn refinement_maps_shared_arguments_and_counts_the_rest() {
    // carry(p0, *) with add (carry ?o ?g) and del (at ?o ?r).
    let inv = Invariant::new(vec![part(0, &[Some(0), None])]);
    let add = LAtom {
        pred: 0,
        args: vec![Arg::Var(0), Arg::Var(2)],
    };
    let del = LAtom {
        pred: 1,
        args: vec![Arg::Var(0), Arg::Var(1)],
    };
    let mut out = Vec::new();
    refinements(&inv, &add, &del, syntactic, &mut out);
    assert_eq!(
        out,
        vec![Invariant::new(vec![
            part(0, &[Some(0), None]),
            part(1, &[Some(0), None])
        ])]
    );
    // A deleted atom without the parameter's value cannot join.
    let del = LAtom {
        pred: 1,
        args: vec![Arg::Var(1), Arg::Var(1)],
    };
    out.clear();
    refinements(&inv, &add, &del, syntactic, &mut out);
    assert!(out.is_empty());
}

#[test]
fn repeated_arguments_give_every_placement() {
    // p(p0, p1) with add (p ?x ?x): del (q ?x ?x) maps both ways.
    let inv = Invariant::new(vec![part(0, &[Some(0), Some(1)])]);
    let x = Arg::Var(0);
    let add = LAtom {
        pred: 0,
        args: vec![x, x],
    };
    let del = LAtom {
        pred: 1,
        args: vec![x, x],
    };
    let mut out = Vec::new();
    refinements(&inv, &add, &del, syntactic, &mut out);
    assert_eq!(out.len(), 2);
    assert_ne!(out[0], out[1]);
}
