use super::*;
use crate::util::bits;

#[test]
fn the_four_passes_give_the_sorted_order() {
    let n = 150;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..200 {
        let pick = |next: &mut dyn FnMut() -> u64| -> Vec<FactId> {
            (0..n)
                .filter(|_| next().is_multiple_of(3))
                .map(FactId)
                .collect()
        };
        let init = FactSet::from_facts(n as usize, &pick(&mut next));
        let pos = FactSet::from_facts(n as usize, &pick(&mut next));
        let neg = FactSet::from_facts(n as usize, &pick(&mut next));
        let mut expected: Vec<(FactId, bool)> = bits::iter(pos.words())
            .map(|f| (f, true))
            .chain(bits::iter(neg.words()).map(|f| (f, false)))
            .collect();
        sort_subgoals(&init, &mut expected);
        let mut got = Vec::new();
        sorted_subgoals(&init, pos.words(), neg.words(), &mut got);
        assert_eq!(got, expected);
        got.clear();
        sorted_subgoals(&init, pos.words(), &[], &mut got);
        assert!(got.iter().all(|&(_, positive)| positive));
        assert_eq!(got.len(), pos.len());
    }
}

#[test]
fn false_in_init_first_then_positive_then_by_id() {
    let init = FactSet::from_facts(8, &[FactId(0), FactId(5)]);
    let mut goals = vec![
        (FactId(0), true),  // holds initially
        (FactId(3), true),  // false initially
        (FactId(5), false), // (not 5): 5 holds initially, so it is false
        (FactId(2), true),  // false initially
        (FactId(6), false), // (not 6) holds initially
    ];
    sort_subgoals(&init, &mut goals);
    assert_eq!(
        goals,
        vec![
            (FactId(2), true),
            (FactId(3), true),
            (FactId(5), false),
            (FactId(0), true),
            (FactId(6), false),
        ]
    );
}
