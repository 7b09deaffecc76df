use super::*;
use crate::invariants::h2::{H2, H2Limits, tests::toy_task};
use crate::task::FactSet;

fn group(facts: &[u32], at_most: u32) -> MutexGroup {
    MutexGroup {
        facts: facts.iter().map(|&f| FactId(f)).collect(),
        at_most,
        invariant: 0,
    }
}

fn set(facts: &[u32]) -> FactSet {
    let ids: Vec<FactId> = facts.iter().map(|&f| FactId(f)).collect();
    FactSet::from_facts(200, &ids)
}

fn mutexes() -> Mutexes {
    // 0: never; {1, 70, 130} at most 1; {2, 3, 4, 150} at most 2.
    Mutexes::new(
        200,
        vec![
            group(&[0], 0),
            group(&[1, 70, 130], 1),
            group(&[2, 3, 4, 150], 2),
        ],
        None,
    )
}

#[test]
fn each_bound_is_checked() {
    let m = mutexes();
    let ok = |facts: &[u32]| !m.violates_invariant(set(facts).words());
    assert!(ok(&[]));
    assert!(ok(&[1, 2, 3, 199]));
    assert!(!ok(&[0]));
    assert!(!ok(&[70, 130]));
    assert!(!ok(&[1, 130]));
    assert!(ok(&[2, 150, 70]));
    assert!(!ok(&[2, 4, 150]));
    assert_eq!(
        m.invariant_violation(set(&[5, 70, 130]).words()),
        Some(Violation::Group(1))
    );
    assert_eq!(
        m.invariant_violation(set(&[2, 3, 4]).words()),
        Some(Violation::Group(2))
    );
    assert_eq!(
        m.invariant_violation(set(&[0, 9]).words()),
        Some(Violation::Group(0))
    );
    assert!(m.is_mutex(FactId(130), FactId(1)));
    assert!(!m.is_mutex(FactId(2), FactId(3)));
}

#[test]
fn the_fast_check_agrees_with_counting() {
    let m = mutexes();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2000 {
        let mut facts = Vec::new();
        for f in [0, 1, 2, 3, 4, 5, 70, 130, 150, 199] {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if seed.is_multiple_of(4) {
                facts.push(f);
            }
        }
        let s = set(&facts);
        let slow = m
            .groups()
            .iter()
            .any(|g| g.facts.iter().filter(|f| s.contains(**f)).count() > g.at_most as usize);
        assert_eq!(m.violates_invariant(s.words()), slow, "{facts:?}");
        assert_eq!(m.invariant_violation(s.words()).is_some(), slow);
    }
}

#[test]
fn check_reports_contradictions_groups_then_h2() {
    let task = toy_task(
        &["x", "y", "z"],
        &[],
        &[(&[], &[0], &[1]), (&[], &[1], &[0])],
    );
    let h2 = H2::compute(&task, &H2Limits::default()).expect("small task");
    let m = Mutexes::new(3, vec![group(&[2], 0)], Some(h2));
    let (p, n) = (|f: &[u32]| set(f), |f: &[u32]| set(f));
    assert_eq!(
        m.check(p(&[0]).words(), n(&[0]).words()),
        Some(Violation::Contradiction(FactId(0)))
    );
    assert_eq!(
        m.check(p(&[0, 2]).words(), n(&[]).words()),
        Some(Violation::Group(0))
    );
    assert_eq!(
        m.check(p(&[0, 1]).words(), n(&[2]).words()),
        Some(Violation::H2Pair(FactId(0), FactId(1)))
    );
    assert!(m.violates_h2(p(&[0, 1]).words()));
    assert!(!m.violates_h2(p(&[0]).words()));
    assert!(m.is_mutex(FactId(1), FactId(0)));
    assert_eq!(m.check(p(&[1]).words(), n(&[0]).words()), None);
    // Sets longer than the task, or with ids past it, do not panic.
    assert_eq!(m.check(p(&[150]).words(), n(&[]).words()), None);
}
