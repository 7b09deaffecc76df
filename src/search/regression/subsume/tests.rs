use super::*;

#[test]
fn the_module_example() {
    let mut index = SubsetIndex::default();
    index.insert(&[1, 4], 2);
    index.insert(&[2], 5);
    assert!(index.contains_subset(&[1, 3, 4], 3));
    assert!(!index.contains_subset(&[2, 3], 4));
    assert!(index.contains_subset(&[2, 3], 5));
    assert!(!index.contains_subset(&[1, 3], 10));
    assert_eq!(index.len(), 2);
}

#[test]
fn the_empty_set_subsumes_everything_and_cheaper_costs_win() {
    let mut index = SubsetIndex::default();
    assert!(!index.contains_subset(&[], 0));
    index.insert(&[3, 7], 9);
    index.insert(&[3, 7], 4);
    assert!(index.contains_subset(&[3, 7], 4));
    index.insert(&[], 6);
    assert!(index.contains_subset(&[0], 6));
    assert!(index.contains_subset(&[5], 6));
    assert!(!index.contains_subset(&[5], 5));
    index.clear();
    assert!(!index.contains_subset(&[3, 7], 100));
}

/// Stores `n` pseudo-random sets and asks as many queries, each checked
/// against a scan of every stored set. A set has up to six elements
/// below `universe`, plus one of the two "rare" elements 100 and 101 when
/// `rare` is set (as every Sokoban subgoal set names the man's cell).
/// Returns the index's depth.
fn agrees_with_a_scan(n: usize, universe: u64, rare: bool) -> usize {
    let mut seed = 0x1234_5678_u64;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let random_set = |rand: &mut dyn FnMut(u64) -> u64| {
        let mut s: Vec<u32> = (0..rand(7)).map(|_| rand(universe) as u32).collect();
        if rare {
            s.push(100 + rand(2) as u32);
        }
        s.sort_unstable();
        s.dedup();
        s
    };
    let mut rarity = vec![0; 102];
    rarity[100] = 5;
    rarity[101] = 5;
    let mut index = SubsetIndex::with_rarity(rarity);
    let mut stored: Vec<(Vec<u32>, u32)> = Vec::new();
    for _ in 0..n {
        let s = random_set(&mut rand);
        let g = rand(10) as u32;
        let q = random_set(&mut rand);
        let qg = rand(10) as u32;
        let expected = stored
            .iter()
            .any(|(t, tg)| *tg <= qg && t.iter().all(|e| q.binary_search(e).is_ok()));
        assert_eq!(index.contains_subset(&q, qg), expected, "{q:?} at {qg}");
        index.insert(&s, g);
        stored.push((s, g));
    }
    assert_eq!(index.cut_short(), 0);
    index.depth()
}

#[test]
fn agrees_with_a_scan_of_all_sets() {
    agrees_with_a_scan(3000, 16, false);
}

/// Enough sets under two rare elements that nodes burst two levels down,
/// and sets that end at a burst node stay there.
#[test]
fn agrees_with_a_scan_after_nodes_burst() {
    assert!(agrees_with_a_scan(6000, 6, true) >= 2);
}
