/// Two tokens on three places: `step` moves a token to a free place,
/// `join` needs two tokens (two preconditions of one fluent predicate).
pub(crate) const TOKENS: (&str, &str) = (
    "(define (domain t) (:requirements :strips)
           (:predicates (at ?p) (free ?p) (joined))
           (:action join :parameters (?p ?q)
             :precondition (and (at ?p) (at ?q))
             :effect (joined))
           (:action step :parameters (?p ?q)
             :precondition (and (at ?p) (free ?q))
             :effect (and (not (at ?p)) (free ?p) (not (free ?q)) (at ?q))))",
    "(define (problem p) (:domain t) (:objects x y z)
           (:init (at x) (at y) (free z))
           (:goal (joined)))",
);

/// The ground task of a domain and problem given as text.
pub(crate) fn ground_text(
    (domain, problem): (&str, &str),
) -> (crate::task::Task, crate::ground::GroundStats) {
    let (d, p) = crate::invariants::tests::parse(domain, problem);
    crate::ground::ground(&d, &p).expect("grounds")
}

/// Two preconditions of one fluent predicate both match the atom being
/// processed when their parameters are bound alike: `join x x` is met
/// through either, and must be found once (Fast Downward's translator
/// has each of the nine `join` instances once).
#[test]
fn an_atom_matching_two_preconditions_gives_one_instance() {
    let (task, _) = ground_text(TOKENS);
    let mut joins: Vec<&str> = (task.operators.iter())
        .map(|o| o.name.as_str())
        .filter(|n| n.starts_with("join"))
        .collect();
    joins.sort_unstable();
    let before = joins.len();
    joins.dedup();
    assert_eq!((before, joins.len()), (9, 9), "{joins:?}");
}
