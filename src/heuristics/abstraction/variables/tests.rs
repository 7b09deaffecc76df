use super::*;
use crate::heuristics::testing::{OpSpec, state, task, truck};

#[test]
fn groups_become_variables_without_none_when_a_fact_always_holds() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    assert_eq!(vars.len(), 2);
    // The truck is always somewhere, the package too: no *none*.
    assert!(!vars.domains[0].none && !vars.domains[1].none);
    assert_eq!(vars.of_fact(FactId(4)), (1, 2));
    assert_eq!(vars.goal, vec![(1, 1)]);
    // drive a b: requires the truck at a (value 0), sets it to b.
    let drive = &vars.operators[0];
    assert_eq!(drive.parts.len(), 1);
    assert_eq!(drive.parts[0].pre, Some(0));
    assert_eq!(drive.parts[0].effect, Effect::Set(1));
    // load at a: requires the truck at a, takes the package from a into the truck.
    let load = &vars.operators[2];
    assert_eq!(load.parts[0].effect, Effect::Keep);
    assert_eq!(
        (load.parts[1].pre, load.parts[1].effect),
        (Some(0), Effect::Set(2))
    );
    let mut values = Vec::new();
    vars.values(&state(&t, &[1, 4]), &mut values);
    assert_eq!(values, vec![1, 2]);
}

#[test]
fn a_delete_not_required_clears_only_its_own_value() {
    // Facts 0, 1 of one group; `lose` deletes 0 without requiring it.
    let ops: &[OpSpec] = &[(&[], &[], &[0], 1), (&[], &[1], &[0], 1)];
    let t = task(3, &[0], &[1], ops);
    let vars = Variables::new(&t, &[vec![FactId(0), FactId(1)]]);
    let lose = &vars.operators[0].parts[0];
    assert_eq!(lose.effect, Effect::Clear(0));
    assert_eq!(lose.apply(0, 2), 2, "0 becomes none");
    assert_eq!(lose.apply(1, 2), 1, "1 stays");
    // The group can be emptied, so it keeps *none*; fact 2 is binary.
    assert!(vars.domains[0].none);
    assert_eq!(vars.domains[1].size(), 2);
    // The second adds 1, which overrides its delete of 0.
    assert_eq!(vars.operators[1].parts[0].effect, Effect::Set(1));
}

#[test]
fn a_precondition_forbids_the_values_of_its_mutex_facts() {
    // Facts 0, 1 (the robot at a, at b) are one variable, 2 (a clear) and 3
    // (b clear) binary ones; the robot stands on no clear tile: {0, 2} and
    // {1, 3} are mutex groups. `paint` needs the robot at a; `jump` needs it
    // at a with a clear, which no reachable state has.
    let ops: &[OpSpec] = &[(&[0], &[3], &[], 1), (&[0, 2], &[1], &[0], 1)];
    let t = task(4, &[0, 3], &[3], ops);
    let mut vars = Variables::new(&t, &[vec![FactId(0), FactId(1)]]);
    let (a_clear, b_clear) = (vars.of_fact(FactId(2)), vars.of_fact(FactId(3)));
    let before = vars.operators.clone();
    vars.forbid_mutexes(
        &t,
        &[vec![FactId(0), FactId(2)], vec![FactId(1), FactId(3)]],
    );
    // `paint` now forbids a clear, which it did not mention before.
    let paint = &vars.operators[0];
    let part = paint
        .parts
        .iter()
        .find(|p| p.var == a_clear.0)
        .expect("a part");
    assert_eq!(
        (part.pre, &part.forbidden, part.effect),
        (None, &vec![a_clear.1], Effect::Keep)
    );
    assert!(paint.possible && before[0].parts.iter().all(|p| p.var != a_clear.0));
    // Its effect on b clear and its precondition on the robot are kept.
    let b = paint
        .parts
        .iter()
        .find(|p| p.var == b_clear.0)
        .expect("a part");
    assert_eq!((b.pre, b.effect), (None, Effect::Set(b_clear.1)));
    // `jump` requires two mutex facts: it can never apply.
    assert!(before[1].possible && !vars.operators[1].possible);
}
