use super::*;
use crate::search::toy::random_task;
use crate::task::FactId;
use crate::task::FactSet;

/// The definition: test every operator.
fn scan(task: &Task, state: &[u64]) -> Vec<OpId> {
    let holds = |f: &FactId| crate::util::bits::contains(state, *f);
    (0..task.operators.len() as u32)
        .map(OpId)
        .filter(|&o| {
            let op = task.operator(o);
            op.pre.iter().all(holds) && !op.neg_pre.iter().any(holds)
        })
        .collect()
}

/// Both generators agree with the definition on random tasks and states.
#[test]
fn generators_agree_with_a_full_scan() {
    for seed in 0..20u64 {
        let task = random_task(seed, 70 + seed as usize, 200);
        let mut tree = DecisionTree::new(&task);
        let mut counters = Counters::new(&task);
        let mut watched = Watched::new(&task);
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..50 {
            let mut state = FactSet::new(task.facts.len());
            for f in 0..task.facts.len() as u32 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if rng % 3 != 0 {
                    state.insert(FactId(f));
                }
            }
            let expected = scan(&task, state.words());
            let mut got = Vec::new();
            tree.applicable(state.words(), &mut got);
            assert_eq!(got, expected, "tree, seed {seed}");
            got.clear();
            counters.applicable(state.words(), &mut got);
            assert_eq!(got, expected, "counters, seed {seed}");
            got.clear();
            watched.applicable(state.words(), &mut got);
            assert_eq!(got, expected, "watched, seed {seed}");
        }
    }
}
