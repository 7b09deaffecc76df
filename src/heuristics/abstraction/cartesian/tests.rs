use super::*;
use crate::heuristics::testing::truck;

#[test]
fn refining_the_truck_task_to_the_end_gives_its_true_cost() {
    let (t, groups) = truck();
    let vars = Variables::new(&t, &groups);
    let init = [0, 0];
    let c = Cartesian::new(&vars, &init, &vars.goal, &[1; 6], &Limits::default());
    assert_eq!(c.outcome(), Outcome::Solved);
    let mut h = Vec::new();
    c.as_ref().distances(&[1; 6], &mut h);
    assert_eq!(h[c.abstract_state(&init, &[0b101])], 3);
}
