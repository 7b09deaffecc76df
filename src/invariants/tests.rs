use super::*;
use crate::pddl::{self, ast};

/// The lifted task of a domain and problem given as text.
pub(crate) fn lifted_of(domain: &str, problem: &str) -> Lifted {
    let (d, p) = parse(domain, problem);
    Lifted::new(&d, &p).expect("normalises")
}

pub(crate) fn parse(domain: &str, problem: &str) -> (ast::Domain, ast::Problem) {
    let source = |text: &str, name: &str| ast::Source {
        path: name.into(),
        text: text.into(),
    };
    let d = pddl::parse_domain(source(domain, "domain.pddl")).expect("domain parses");
    pddl::check_domain(&d).expect("domain checks");
    let p = pddl::parse_problem(source(problem, "problem.pddl")).expect("problem parses");
    pddl::check_problem(&d, &p).expect("problem checks");
    (d, p)
}

/// The fixture Sokoban domain and 3x3 problem of `tests/data/`.
pub(crate) fn sokoban() -> (ast::Domain, ast::Problem) {
    parse(
        include_str!("../../tests/data/sokoban-domain.pddl"),
        include_str!("../../tests/data/sokoban-3x3.pddl"),
    )
}

/// The invariants of a domain and problem, described.
fn found(d: &ast::Domain, p: &ast::Problem, limits: &Limits) -> (Vec<String>, Synthesis) {
    let (task, _) = crate::ground::ground(d, p).expect("grounds");
    let lifted = Lifted::new(d, p).expect("normalises");
    let syn = synthesize(&lifted, None, limits);
    let g = ground::ground_groups(&lifted, &syn.invariants, &task);
    let texts = syn
        .invariants
        .iter()
        .zip(&g.counts)
        .map(|(inv, c)| describe(inv, &lifted, d, c))
        .collect();
    (texts, syn)
}

#[test]
fn sokoban_has_the_notebook_invariants_and_clear_cells() {
    let (d, p) = sokoban();
    let (texts, syn) = found(&d, &p, &Limits::default());
    assert_eq!(
        texts,
        vec![
            "at most 1 of {(man ?l)}",
            "at most 2 of {(box ?l)}",
            "at most 6 of {(clear ?l)}",
            "for each ?l: at most 1 of {(man ?l) (box ?l) (clear ?l)}",
        ]
    );
    assert_eq!(syn.stopped, None);
}

#[test]
fn an_unbalanced_add_kills_the_candidate() {
    // `spawn` adds a box from nothing: no invariant with `box` survives.
    let domain = include_str!("../../tests/data/sokoban-domain.pddl").replace(
        "(:action move",
        "(:action spawn :parameters (?l - location) :precondition (clear ?l)
               :effect (and (box ?l)))
             (:action move",
    );
    let (d, p) = parse(&domain, include_str!("../../tests/data/sokoban-3x3.pddl"));
    let (texts, _) = found(&d, &p, &Limits::default());
    assert_eq!(
        texts,
        vec!["at most 1 of {(man ?l)}", "at most 6 of {(clear ?l)}"]
    );
}

#[test]
fn limits_stop_the_search_early() {
    let (d, p) = sokoban();
    let limits = Limits {
        max_time: Duration::ZERO,
        ..Limits::default()
    };
    let (texts, syn) = found(&d, &p, &limits);
    assert!(texts.is_empty());
    assert_eq!(syn.stopped, Some(Stop::TimeLimit));
    let limits = Limits {
        max_candidates: 6, // the initial candidates only: no refinement
        ..Limits::default()
    };
    let (texts, syn) = found(&d, &p, &limits);
    assert_eq!(texts.len(), 3);
    assert_eq!(syn.stopped, Some(Stop::CandidateLimit));
}
