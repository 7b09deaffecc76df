use super::*;
use crate::invariants::tests::parse;

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("bundled file")
}

fn step(text: &str) -> PlanStep {
    let mut words = text.split(' ').map(String::from);
    PlanStep {
        action: words.next().expect("a name"),
        args: words.collect(),
        line: 0,
    }
}

#[test]
fn the_simulator_lists_grippers_first_steps_and_follows_them() {
    let (d, p) = parse(
        &read("problems/ipc/gripper/domain.pddl"),
        &read("problems/ipc/gripper/prob01.pddl"),
    );
    let sim = Simulator::new(&d, &p);
    let start = sim.initial();
    let names: Vec<String> = (sim.applicable(&start).iter())
        .map(|s| s.to_string())
        .collect();
    let mut expected = vec![
        "(move rooma rooma)".to_string(),
        "(move rooma roomb)".into(),
    ];
    for ball in ["ball4", "ball3", "ball2", "ball1"] {
        for gripper in ["left", "right"] {
            expected.push(format!("(pick {ball} rooma {gripper})"));
        }
    }
    assert_eq!(names, expected);
    let next = sim
        .apply(&start, &step("pick ball1 rooma left"))
        .expect("applicable");
    let carry = Atom {
        predicate: "carry".into(),
        args: vec!["ball1".into(), "left".into()],
    };
    assert!(next.contains(&carry) && !start.contains(&carry));
    assert_eq!(
        next.len(),
        start.len() - 2 + 1,
        "(at ball1 rooma), (free left) go"
    );
    // A second pick with the left hand: `(free left)` is false.
    assert_eq!(
        sim.apply(&next, &step("pick ball2 rooma left")),
        Err(Failure::Precondition {
            unsatisfied: vec!["(free left)".into()]
        })
    );
    assert!(!sim.is_goal(&next));
    assert_eq!(sim.cost(&step("move rooma roomb")), Ok(1));
}
