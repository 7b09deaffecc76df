use super::*;

#[test]
fn the_cheapest_perfect_matching_is_found() {
    assert_eq!(min_cost_matching(2, &[1, 2, 4, 3]), Some(4));
    assert_eq!(min_cost_matching(3, &[4, 1, 3, 2, 0, 5, 3, 2, 2]), Some(5));
    assert_eq!(min_cost_matching(0, &[]), Some(0));
}

#[test]
fn matching_equals_brute_force_on_small_matrices() {
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 10
    };
    for n in 1..=5 {
        for _ in 0..50 {
            let cost: Vec<i64> = (0..n * n).map(|_| next() as i64).collect();
            let mut perm: Vec<usize> = (0..n).collect();
            let mut best = i64::MAX;
            permutations(&mut perm, 0, &mut |p| {
                best = best.min((0..n).map(|i| cost[i * n + p[i]]).sum());
            });
            assert_eq!(min_cost_matching(n, &cost), Some(best), "{cost:?}");
        }
    }
}

#[test]
fn a_resolve_after_changed_rows_equals_a_fresh_solve() {
    let mut seed = 11u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 20
    };
    for n in 1..=8usize {
        let mut cost: Vec<i64> = (0..n * n).map(|_| next() as i64).collect();
        let mut h = Hungarian::default();
        h.solve(n, &cost);
        for round in 0..30 {
            let changed: Vec<usize> = (0..n).filter(|&r| (r + round) % 3 == 0).collect();
            for &r in &changed {
                for j in 0..n {
                    cost[r * n + j] = next() as i64;
                }
            }
            let fresh = min_cost_matching(n, &cost);
            assert_eq!(h.resolve(n, &cost, &changed), fresh, "{cost:?}");
        }
    }
}

#[test]
fn the_repaired_matching_equals_a_fresh_one_on_every_node() {
    // Microban 7: six boxes, so that nearest goals often clash and the
    // matching is solved and repaired. XSokoban 17: corridors, where a box
    // that stays put changes its row when the man changes side.
    repaired_equals_fresh("microban.xsb", 7, false);
    repaired_equals_fresh("microban.xsb", 7, true);
    repaired_equals_fresh("xsokoban/screen.17", 1, true);
}

/// Along a depth-first walk of 2,000 successors, the kept and repaired
/// matching equals a fresh one (over the distances that know the man's side
/// with `sides`).
fn repaired_equals_fresh(file: &str, index: usize, sides: bool) {
    use crate::search::{SearchSpace, Successors};
    use crate::sokoban::solver::{PushOptions, PushSpace};
    let path = format!("{}/problems/sokoban/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a level file");
    let collection = crate::sokoban::xsb::parse(std::path::Path::new(&path), &text);
    let board = Board::new(&collection.level(index).expect("a level").expect("valid"));
    let bound = |board| match sides {
        true => PushBound::new(board).with_sides(),
        false => PushBound::new(board),
    };
    let mut space = PushSpace::new(&board, PushOptions::default());
    let mut kept = bound(&board);
    let (mut node, mut out) = (vec![0; space.words()], Successors::new(space.words()));
    space.start(&mut node);
    let mut frontier = vec![node];
    let mut compared = 0;
    while let Some(node) = frontier.pop()
        && compared < 2000
    {
        space.successors(&node, &mut out);
        for i in 0..out.len() {
            let succ = out.get(i).1.to_vec();
            let fresh = bound(&board).estimate(&succ);
            assert_eq!(kept.estimate(&succ), fresh, "{file} {index}");
            compared += 1;
            if sides {
                // The same boxes, the man beside each box in turn: a box in
                // a corridor sees him on one side, then the other.
                let words = space.words() - 1;
                for b in bits::iter::<u32>(&succ[..words]) {
                    for &man in &board.next[b as usize] {
                        if man == NONE || bits::contains(&succ[..words], man) {
                            continue;
                        }
                        let mut moved = succ.clone();
                        moved[words] = u64::from(man);
                        let fresh = bound(&board).estimate(&moved);
                        assert_eq!(kept.estimate(&moved), fresh, "{file} {index}");
                    }
                }
            }
            frontier.push(succ);
        }
    }
    assert!(compared >= 2000, "{compared} nodes compared");
    assert!(kept.repairs > 100, "{} repairs", kept.repairs);
}

#[test]
fn boxes_without_a_matching_are_a_dead_end_or_get_their_nearest_goals() {
    use crate::sokoban::solver::board::tests::level;
    // Both boxes slide along the top wall to its goal only (3 and 1
    // pushes away); the goal below is out of their reach.
    let board = Board::new(&level("#######\n# $ $.#\n#     #\n#.  @ #\n#######\n"));
    let mut node = vec![0u64; board.len().div_ceil(64) + 1];
    for &b in &board.start_boxes {
        bits::insert(&mut node, b);
    }
    assert_eq!(PushBound::new(&board).estimate(&node), Estimate::DeadEnd);
    let mut finite = PushBound::new(&board).without_dead_ends();
    assert_eq!(finite.estimate(&node), Estimate::Value(3 + 1));
}

fn permutations(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, f);
        p.swap(k, i);
    }
}
