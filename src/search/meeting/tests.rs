use super::*;
use crate::search::RegressionOptions;
use crate::search::toy::line_task;

/// Facts `0..4` of the line task, init `{0}`: states and subgoal sets as
/// words (no negative subgoals in this task).
fn setup() -> (Task, StateRegistry, StateRegistry) {
    let task = line_task(4);
    (task, StateRegistry::new(1), StateRegistry::new(1))
}

#[test]
fn a_state_meets_the_sets_it_satisfies_whichever_came_first() {
    let (task, mut states, mut sets) = setup();
    let regression = Regression::new(&task, RegressionOptions::default(), None);
    let mut m = Subsumption::new(&task, &regression);
    let mut out = Vec::new();
    // The set {2} first, then the states {2} (meets) and {1} (does not).
    let (g, _) = sets.insert(&[0b0100]).expect("memory");
    m.backward_stored(g, &[0b0100]);
    m.forward_meets(&[0b0100], &mut sets, &mut out);
    assert_eq!(out, vec![g]);
    out.clear();
    m.forward_meets(&[0b0010], &mut sets, &mut out);
    assert_eq!(out, vec![]);
    // The state {3} first, then the sets {3} (meets) and {1, 3} (does not).
    let (s, _) = states.insert(&[0b1000]).expect("memory");
    m.forward_stored(s, &[0b1000]);
    m.backward_meets(&[0b1000], &mut states, &mut out);
    assert_eq!(out, vec![s]);
    out.clear();
    m.backward_meets(&[0b1010], &mut states, &mut out);
    assert_eq!(out, vec![]);
    // A set the initial state satisfies meets the initial state.
    let (init, _) = states.insert(&[0b0001]).expect("memory");
    m.forward_stored(init, &[0b0001]);
    m.backward_meets(&[0b0001], &mut states, &mut out);
    assert_eq!(out, vec![init]);
}

#[test]
fn exact_meets_equal_words_only() {
    let (_, mut states, _) = setup();
    let (s, _) = states.insert(&[7]).expect("memory");
    let mut out = Vec::new();
    Exact.backward_meets(&[7], &mut states, &mut out);
    Exact.backward_meets(&[6], &mut states, &mut out);
    assert_eq!(out, vec![s]);
}

#[test]
fn signatures_of_subsets_are_subsets() {
    let (a, b) = (signature(&[3, 40, 77]), signature(&[1, 3, 40, 77, 90]));
    assert_eq!(a & !b, 0);
    assert_ne!(signature(&[5]), 0);
}
