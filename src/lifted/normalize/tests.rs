use crate::invariants::tests::lifted_of;
use crate::lifted::{Arg, Lifted};

const PROBLEM: &str = "(define (problem p) (:domain d) (:objects a b c) (:init (s a) (s b)) \
                       (:goal (q a)))";

fn domain(precondition: &str) -> String {
    format!(
        "(define (domain d) (:requirements :adl)
           (:predicates (p ?x) (q ?x) (r ?x ?y) (s ?x))
           (:action act :parameters (?x) :precondition {precondition}
             :effect (and (q ?x) (p ?x))))"
    )
}

fn schemas(precondition: &str) -> Lifted {
    lifted_of(&domain(precondition), PROBLEM)
}

fn pred(l: &Lifted, name: &str) -> u32 {
    l.predicates.get_index_of(name).expect("declared") as u32
}

#[test]
fn a_disjunction_splits_the_action_into_schemas_of_the_same_name() {
    let l = schemas("(or (p ?x) (and (q ?x) (not (p ?x))))");
    assert_eq!(l.schemas.len(), 2);
    assert!(l.schemas.iter().all(|s| s.name == "act" && s.external == 1));
    assert_eq!(l.schemas[0].pos.len(), 1);
    assert_eq!(l.schemas[1].pos.len(), 1);
    assert_eq!(l.schemas[1].neg.len(), 1);
    assert!(l.axioms.is_empty());
}

#[test]
fn an_existential_variable_is_a_parameter_the_plan_does_not_print() {
    let l = schemas("(exists (?y) (r ?x ?y))");
    let s = &l.schemas[0];
    assert_eq!((s.params.len(), s.external), (2, 1));
    assert_eq!(s.pos[0].args, vec![Arg::Var(0), Arg::Var(1)]);
}

#[test]
fn a_closed_universal_is_expanded_and_its_static_atoms_decided() {
    // (s a) and (s b) hold, (s c) does not: only c needs (p c).
    let l = schemas("(forall (?y) (or (s ?y) (p ?y)))");
    assert_eq!(l.schemas.len(), 1);
    let s = &l.schemas[0];
    assert_eq!(s.pos.len(), 1);
    assert_eq!(s.pos[0].pred, pred(&l, "p"));
    assert_eq!(s.pos[0].args, vec![Arg::Obj(2)]);
    assert!(l.axioms.is_empty());
}

#[test]
fn a_universal_over_an_outer_variable_becomes_a_negated_derived_atom() {
    let l = schemas("(forall (?y) (not (r ?x ?y)))");
    let s = &l.schemas[0];
    assert!(s.pos.is_empty());
    assert_eq!(s.neg.len(), 1);
    let forall = s.neg[0].pred;
    assert_eq!(l.predicates[forall as usize], "@forall");
    assert!(l.derived[forall as usize]);
    // (@forall ?x) :- (r ?x ?y): one rule over ?x and ?y.
    assert_eq!(l.axioms.len(), 1);
    let rule = &l.axioms[0];
    assert_eq!(rule.add[0].pred, forall);
    assert_eq!(rule.params.len(), 2);
    assert_eq!(rule.pos[0].pred, pred(&l, "r"));
}

#[test]
fn a_universal_over_the_predicate_being_defined_is_a_conjunction_over_the_objects() {
    let l = lifted_of(
        "(define (domain d) (:requirements :adl :derived-predicates)
           (:predicates (p ?x) (r ?x ?y) (q ?x) (s ?x))
           (:derived (q ?x) (or (p ?x) (forall (?y) (imply (r ?x ?y) (q ?y)))))
           (:action act :parameters (?x) :precondition (q ?x) :effect (p ?x)))",
        PROBLEM,
    );
    // (q ?x) :- (@each ?x a), (@each ?x b), (@each ?x c), and
    // (@each ?x ?y) :- not (r ?x ?y) | (q ?y): no rule negates a
    // derived predicate.
    let each = pred(&l, "@each");
    assert!(
        l.axioms
            .iter()
            .all(|r| r.neg.iter().all(|a| !l.derived[a.pred as usize]))
    );
    let conjunction = (l.axioms.iter())
        .find(|r| r.add[0].pred == pred(&l, "q") && !r.pos.is_empty() && r.pos[0].pred == each)
        .expect("a rule over @each");
    let objects: Vec<Arg> = (conjunction.pos.iter()).map(|a| a.args[1]).collect();
    assert_eq!(objects, [Arg::Obj(0), Arg::Obj(1), Arg::Obj(2)]);
    // Elsewhere, a universal over an outer variable stays a negated atom.
    let l = schemas("(forall (?y) (imply (r ?x ?y) (q ?y)))");
    assert_eq!(l.predicates[l.schemas[0].neg[0].pred as usize], "@forall");
}

#[test]
fn a_conjunction_over_many_objects_is_a_tree_of_derived_atoms() {
    // 1,100 objects: (q ?x) :- 2 atoms `@all`, over 32 `@all` each, over
    // 32 `@each` atoms each (the last ones fewer).
    let objects: String = (0..1100).map(|i| format!(" o{i}")).collect();
    let l = lifted_of(
        "(define (domain d) (:requirements :adl :derived-predicates)
           (:predicates (p ?x) (r ?x ?y) (q ?x))
           (:derived (q ?x) (forall (?y) (imply (r ?x ?y) (q ?y))))
           (:action act :parameters (?x) :precondition (q ?x) :effect (p ?x)))",
        &format!("(define (problem p) (:domain d) (:objects{objects}) (:init) (:goal (p o0)))"),
    );
    let q = pred(&l, "q");
    let rules: Vec<_> = l.axioms.iter().filter(|r| r.add[0].pred == q).collect();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].pos.len(), 2);
    assert!(l.axioms.iter().all(|r| r.pos.len() <= super::MAX_CONJUNCTS));
    let all = |name: &str| name == "@all" || name.starts_with("@all-");
    let groups = l.predicates.iter().filter(|p| all(p)).count();
    assert_eq!(groups, 1100usize.div_ceil(32) + 2);
}

#[test]
fn disjuncts_past_the_bound_become_derived_atoms_instead() {
    // Six binary disjunctions would make 64 schemas.
    let parts: String = (0..6)
        .map(|i| format!(" (or (p ?x) (r ?x c{i}))"))
        .collect();
    let d = format!(
        "(define (domain d) (:requirements :adl) (:constants c0 c1 c2 c3 c4 c5)
           (:predicates (p ?x) (q ?x) (r ?x ?y))
           (:action act :parameters (?x) :precondition (and{parts}) :effect (q ?x)))"
    );
    let l = lifted_of(
        &d,
        "(define (problem p) (:domain d) (:objects a) (:init) (:goal (q a)))",
    );
    assert!(
        l.schemas.len() <= super::MAX_DISJUNCTS,
        "{}",
        l.schemas.len()
    );
    assert!(
        l.axioms
            .iter()
            .any(|r| l.predicates[r.add[0].pred as usize].starts_with("@or"))
    );
}

#[test]
fn a_goal_that_is_not_a_conjunction_is_a_derived_atom() {
    let l = lifted_of(
        &domain("(p ?x)"),
        "(define (problem p) (:domain d) (:objects a b) (:init) (:goal (or (q a) (q b))))",
    );
    assert_eq!(l.goal.len(), 1);
    let goal = l.goal[0].0.pred;
    assert_eq!(l.predicates[goal as usize], "@goal");
    assert_eq!(l.axioms.len(), 2);
    // A quantified conjunction stays a list of ground literals.
    let l = lifted_of(
        &domain("(p ?x)"),
        "(define (problem p) (:domain d) (:objects a b) (:init) (:goal (forall (?y) (q ?y))))",
    );
    assert_eq!(l.goal.len(), 2);
    assert!(l.axioms.is_empty());
}

// The meaning of negated connectives: for every assignment of the atoms
// of a tiny task, the normalised schemas of an action (with the rules of
// the derived predicates normalisation made) hold exactly when the
// precondition as written does, by the lifted semantics of
// `validate::Simulator`.

use crate::lifted::{GAtom, LAtom, ObjId, Schema};
use crate::util::hash::FastSet;

/// Whether `rule`'s conjunction holds for some binding of its parameters
/// that extends `binding` and satisfies `also`.
fn satisfied(
    l: &Lifted,
    state: &FastSet<GAtom>,
    rule: &Schema,
    binding: &mut Vec<ObjId>,
    also: &dyn Fn(&[ObjId]) -> bool,
) -> bool {
    if binding.len() < rule.params.len() {
        let ty = rule.params[binding.len()] as usize;
        for &o in &l.objects_of_type[ty] {
            binding.push(o);
            let found = satisfied(l, state, rule, binding, also);
            binding.pop();
            if found {
                return true;
            }
        }
        return false;
    }
    let value = |a: &Arg| match *a {
        Arg::Var(v) => binding[v as usize],
        Arg::Obj(o) => o,
    };
    let ground = |a: &LAtom| GAtom {
        pred: a.pred,
        args: a.args.iter().map(value).collect(),
    };
    also(binding)
        && rule.pos.iter().all(|a| holds(l, state, &ground(a)))
        && !rule.neg.iter().any(|a| holds(l, state, &ground(a)))
        && (rule.eq.iter()).all(|(x, y, same)| (value(x) == value(y)) == *same)
}

/// Whether `atom` holds: a basic one when the state has it, a derived one
/// when some rule for it is satisfied (normalisation's rules do not recurse).
fn holds(l: &Lifted, state: &FastSet<GAtom>, atom: &GAtom) -> bool {
    if !l.derived[atom.pred as usize] {
        return state.contains(atom);
    }
    (l.axioms.iter())
        .filter(|r| r.add[0].pred == atom.pred)
        .any(|r| {
            let head = |b: &[ObjId]| {
                (r.add[0].args.iter().zip(atom.args.iter())).all(|(a, &o)| match *a {
                    Arg::Var(v) => b[v as usize] == o,
                    Arg::Obj(p) => p == o,
                })
            };
            satisfied(l, state, r, &mut Vec::new(), &head)
        })
}

/// For every assignment of the atoms of `p`, `q`, `s` and `r` over the
/// objects `a` (a constant of the domain) and `b`, static (no action changes them) and fluent:
/// `act o` is applicable by the normalised schemas exactly when the
/// lifted semantics say so. Returns how many cases held and failed.
fn same_meaning(precondition: &str) -> (usize, usize) {
    let atoms = [
        "(p)", "(q)", "(s a)", "(s b)", "(r a a)", "(r a b)", "(r b a)", "(r b b)",
    ];
    let (mut held, mut failed) = (0, 0);
    for fluent in [false, true] {
        let change = if fluent {
            "(:action change :parameters (?x ?y) :precondition (and)
               :effect (and (not (p)) (not (q)) (not (s ?x)) (not (r ?x ?y))))"
        } else {
            ""
        };
        let domain = format!(
            "(define (domain d) (:requirements :adl) (:constants a)
               (:predicates (p) (q) (s ?x) (r ?x ?y) (done ?x))
               (:action act :parameters (?x) :precondition {precondition}
                 :effect (done ?x))
               {change})"
        );
        for mask in 0..1u32 << atoms.len() {
            let init: String = (atoms.iter().enumerate())
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, a)| *a)
                .collect();
            let problem = format!(
                "(define (problem p) (:domain d) (:objects b) (:init {init}) \
                 (:goal (done a)))"
            );
            let (d, p) = crate::invariants::tests::parse(&domain, &problem);
            let l = Lifted::new(&d, &p).expect("normalises");
            let sim = crate::validate::Simulator::new(&d, &p);
            let lifted: Vec<String> = (sim.applicable(&sim.initial()).iter())
                .filter(|s| s.action == "act")
                .map(|s| s.args[0].clone())
                .collect();
            let state: FastSet<GAtom> = (l.static_init.iter())
                .chain(&l.fluent_init)
                .cloned()
                .collect();
            for (o, name) in l.objects.iter().enumerate() {
                let normalised = (l.schemas.iter())
                    .filter(|s| s.name == "act")
                    .any(|s| satisfied(&l, &state, s, &mut vec![o as ObjId], &|_| true));
                let expected = lifted.contains(name);
                if normalised == expected {
                    held += usize::from(expected);
                } else {
                    failed += 1;
                    eprintln!(
                        "{precondition} with ?x = {name}, init {init} ({}): normalised \
                         says {normalised}, lifted {expected}",
                        if fluent { "fluent" } else { "static" }
                    );
                }
            }
        }
    }
    (held, failed)
}

/// Asserts [`same_meaning`], and that the precondition holds in some cases.
fn assert_same_meaning(precondition: &str) {
    let (held, failed) = same_meaning(precondition);
    assert_eq!(
        failed, 0,
        "{precondition}: {failed} cases differ (listed above)"
    );
    assert!(held > 0, "{precondition} holds nowhere");
}

#[test]
fn a_negated_conjunction_means_what_it_says() {
    assert_same_meaning("(not (and (p) (or (q) (s ?x))))");
    assert_same_meaning("(not (and (s ?x) (not (r ?x ?x)) (not (= ?x a))))");
}

#[test]
fn a_negated_disjunction_means_what_it_says() {
    assert_same_meaning("(not (or (p) (not (s ?x)) (r ?x ?x)))");
    assert_same_meaning("(and (q) (not (or (and (p) (s ?x)) (r ?x a))))");
}

#[test]
fn a_negated_universal_means_what_it_says() {
    // Closed, over outer variables, and nested.
    assert_same_meaning("(not (forall (?y) (or (s ?y) (q))))");
    assert_same_meaning("(not (forall (?y) (imply (s ?y) (r ?x ?y))))");
    assert_same_meaning("(not (forall (?y) (exists (?z) (and (r ?y ?z) (not (= ?y ?z))))))");
    assert_same_meaning("(forall (?y) (not (and (s ?y) (r ?x ?y))))");
}

#[test]
fn a_negated_implication_means_what_it_says() {
    assert_same_meaning("(not (imply (p) (s ?x)))");
    assert_same_meaning("(not (imply (not (q)) (exists (?y) (r ?y ?x))))");
    assert_same_meaning("(imply (not (imply (s ?x) (p))) (r ?x ?x))");
}

#[test]
fn a_negated_existential_means_what_it_says() {
    assert_same_meaning("(not (exists (?y) (and (s ?y) (not (q)))))");
    assert_same_meaning("(not (exists (?y) (r ?x ?y)))");
    assert_same_meaning("(not (exists (?y ?z) (and (r ?y ?z) (or (s ?z) (not (s ?x))))))");
}
