use super::{NegativeCycle, strata};
use crate::lifted::Lifted;
use crate::pddl::{self, ErrorKind, ast};

fn unchecked(domain: &str, problem: &str) -> (ast::Domain, ast::Problem) {
    let source = |text: &str, name: &str| ast::Source {
        path: name.into(),
        text: text.into(),
    };
    let d = pddl::parse_domain(source(domain, "domain.pddl")).expect("domain parses");
    let p = pddl::parse_problem(source(problem, "problem.pddl")).expect("problem parses");
    (d, p)
}

const PROBLEM: &str = "(define (problem p) (:domain d) (:objects o) (:init) (:goal (g)))";

#[test]
fn rules_through_their_own_negation_are_an_error_not_layers() {
    // The checker refuses these; layering must too, whatever reaches it.
    let (d, p) = unchecked(
        "(define (domain d) (:requirements :derived-predicates :negative-preconditions)
               (:predicates (b ?x) (q ?x) (r ?x) (g))
               (:derived (q ?x) (and (b ?x) (not (r ?x))))
               (:derived (r ?x) (q ?x))
           (:action a :parameters (?x) :precondition (q ?x) :effect (g)))",
        PROBLEM,
    );
    let e = Lifted::new(&d, &p).expect_err("no layers");
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert_eq!((e.line, e.column), (3, 27), "{e}");
    assert!(
        e.message
            .contains("derived predicate `q` depends on itself through the negation of `r`"),
        "{e}"
    );
}

#[test]
fn layers_are_the_lowest_that_put_negations_below() {
    // (q) :- (b); (r) :- (q), not (s); (s) :- (q); (t) :- not (r), (t).
    let l = crate::invariants::tests::lifted_of(
        "(define (domain d) (:requirements :derived-predicates :negative-preconditions)
               (:predicates (b) (q) (r) (s) (t) (g))
               (:derived (q) (b))
               (:derived (s) (q))
               (:derived (r) (and (q) (not (s))))
               (:derived (t) (or (not (r)) (t)))
           (:action a :parameters () :precondition (t) :effect (g)))",
        PROBLEM,
    );
    let layer = |name: &str| l.layer[l.predicates.get_index_of(name).expect("declared")];
    let got: Vec<u32> = ["b", "q", "s", "r", "t"].map(layer).to_vec();
    assert_eq!(got, [0, 1, 1, 2, 3]);
    // The same rules with one more, (s) :- not (t), close a cycle
    // through negation: s, r and t depend on each other.
    let mut axioms = l.axioms.clone();
    let mut extra = axioms[0].clone();
    extra.add[0].pred = l.predicates.get_index_of("s").expect("s") as u32;
    extra.pos.clear();
    extra.neg = vec![crate::lifted::LAtom {
        pred: l.predicates.get_index_of("t").expect("t") as u32,
        args: Vec::new(),
    }];
    axioms.push(extra);
    let Err(NegativeCycle { members, .. }) = strata(&axioms, &l.derived) else {
        panic!("layered a cycle through negation");
    };
    let names: Vec<&str> = members
        .iter()
        .map(|&p| l.predicates[p as usize].as_str())
        .collect();
    assert_eq!(names, ["r", "s", "t"]);
}
