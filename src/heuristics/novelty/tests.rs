use super::*;
use crate::heuristics::properties::Rng;

/// The novelty of `state` by the definition: the size of the smallest tuple
/// of its facts (up to `width`) not contained in any earlier state of the
/// same partition; `More` if there is none.
fn brute_force(earlier: &[&[u32]], state: &[u32], width: u32) -> Novelty {
    let seen = |tuple: &[u32]| earlier.iter().any(|s| tuple.iter().all(|f| s.contains(f)));
    if state.iter().any(|&f| !seen(&[f])) {
        return Novelty::One;
    }
    let pairs = state
        .iter()
        .enumerate()
        .flat_map(|(j, &q)| state[..j].iter().map(move |&p| [p, q]));
    if width == 2 && pairs.into_iter().any(|pair| !seen(&pair)) {
        return Novelty::Two;
    }
    Novelty::More
}

fn words(facts: &[u32], n: u32) -> Vec<u64> {
    let mut w = vec![0; bits::words_for(n as usize)];
    for &f in facts {
        bits::insert(&mut w, f);
    }
    w
}

/// Random sequences of states over up to 70 facts (so that pairs cross word
/// boundaries), in up to 3 partitions: the table answers as the definition.
#[test]
fn tables_agree_with_the_definition_on_random_sequences() {
    let mut rng = Rng(46);
    let mut checked = [0u64; 3];
    for round in 0..300 {
        let n = rng.range(1, if round % 3 == 0 { 70 } else { 8 });
        let width = 1 + round % 2;
        let partitions = rng.range(1, 3);
        let mut table = NoveltyTable::new(n as usize, width, DEFAULT_BYTE_LIMIT);
        let mut history: Vec<(u64, Vec<u32>)> = Vec::new();
        for _ in 0..rng.range(1, 25) {
            let key = u64::from(rng.range(0, partitions - 1));
            let mut state = rng.facts(n, 0, n.min(6));
            state.sort_unstable();
            let earlier: Vec<&[u32]> = (history.iter())
                .filter(|(k, _)| *k == key)
                .map(|(_, s)| &s[..])
                .collect();
            let expected = brute_force(&earlier, &state, width);
            let answer = table.evaluate(key, &words(&state, n));
            assert_eq!(
                answer, expected,
                "width {width}, {state:?} after {earlier:?}"
            );
            checked[expected as usize - 1] += 1;
            history.push((key, state));
        }
    }
    // Every level was seen, so the comparison covered each answer.
    assert!(checked.iter().all(|&c| c > 50), "{checked:?}");
}

#[test]
fn the_module_example() {
    let mut table = NoveltyTable::new(3, 2, DEFAULT_BYTE_LIMIT);
    let answers: Vec<Novelty> = [&[0][..], &[1], &[0, 1], &[0]]
        .iter()
        .map(|s| table.evaluate(0, &words(s, 3)))
        .collect();
    assert_eq!(
        answers,
        [Novelty::One, Novelty::One, Novelty::Two, Novelty::More]
    );
    assert_eq!(table.counts().levels, [2, 1, 1]);
    // Another partition has seen nothing.
    assert_eq!(table.evaluate(7, &words(&[0], 3)), Novelty::One);
    assert_eq!(table.counts().partitions, 2);
}

/// Past the byte limit a partition keeps fact bits only: a state that only a
/// new pair makes novel is answered `More`, and the table says so.
#[test]
fn partitions_past_the_byte_limit_answer_without_pairs() {
    let pair_bytes = 16; // 3 facts: the rows of facts 1 and 2, a word each
    let mut table = NoveltyTable::new(3, 2, pair_bytes);
    for key in [0, 1] {
        table.evaluate(key, &words(&[0], 3));
        table.evaluate(key, &words(&[1], 3));
    }
    assert_eq!(table.evaluate(0, &words(&[0, 1], 3)), Novelty::Two);
    assert_eq!(table.evaluate(1, &words(&[0, 1], 3)), Novelty::More);
    let counts = table.counts();
    assert_eq!((counts.partitions, counts.without_pairs), (2, 1));
}

/// Random paths of successors, each made from an earlier state by deleting
/// and adding facts (a few of the added ones true already), in up to 3
/// partitions: answering a successor from what its operator added gives the
/// same answers as testing the whole state, whichever partition it falls in.
#[test]
fn successors_answered_from_their_added_facts_agree_with_whole_states() {
    let mut rng = Rng(4646);
    let mut checked = [0u64; 3];
    let mut shortcuts = 0;
    for round in 0..300 {
        let n = rng.range(2, if round % 3 == 0 { 70 } else { 10 });
        let width = 1 + round % 2;
        let partitions = rng.range(1, 3);
        let mut whole = NoveltyTable::new(n as usize, width, DEFAULT_BYTE_LIMIT);
        let mut delta = NoveltyTable::new(n as usize, width, DEFAULT_BYTE_LIMIT);
        let mut start = rng.facts(n, 1, n.min(6));
        start.sort_unstable();
        let key = u64::from(rng.range(0, partitions - 1));
        assert_eq!(
            whole.evaluate(key, &words(&start, n)),
            delta.evaluate(key, &words(&start, n))
        );
        // Each state with the partition `delta` put it in.
        let mut states = vec![(start, delta.last_partition())];
        for _ in 0..rng.range(1, 30) {
            let (parent, parent_partition) =
                states[rng.range(0, states.len() as u32 - 1) as usize].clone();
            let deleted = rng.facts(n, 0, 2);
            let added: Vec<FactId> = rng.facts(n, 0, 3).into_iter().map(FactId).collect();
            let mut state: Vec<u32> = (parent.iter())
                .filter(|f| !deleted.contains(f))
                .copied()
                .chain(added.iter().map(|a| a.0))
                .collect();
            state.sort_unstable();
            state.dedup();
            let key = u64::from(rng.range(0, partitions - 1));
            let expected = whole.evaluate(key, &words(&state, n));
            let answer = delta.evaluate_successor(key, &words(&state, n), parent_partition, &added);
            assert_eq!(answer, expected, "width {width}, {parent:?} -> {state:?}");
            shortcuts += u64::from(delta.last_partition() == parent_partition);
            checked[expected as usize - 1] += 1;
            states.push((state, delta.last_partition()));
        }
    }
    assert!(checked.iter().all(|&c| c > 50), "{checked:?}");
    assert!(shortcuts > 1000, "{shortcuts}");
}
