use super::*;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::push::tests::Random;
use crate::sokoban::solver::reach::Reach;

/// On random boxes of three XSokoban boards, for every free cell `c` (a
/// search from each part of the floor) and every two free neighbours of
/// `c`: they have the same side exactly when a flood from one, with a box
/// on `c`, reaches the other, and a side's lowest cell is the flood's.
#[test]
fn the_sides_of_a_cell_are_the_regions_a_flood_finds() {
    let mut checked = 0;
    for screen in [1, 10, 44] {
        let path = format!("problems/sokoban/xsokoban/screen.{screen}");
        let board = Board::new(&level(&std::fs::read_to_string(path).unwrap()));
        let mut random = Random(screen * 7);
        let (mut cuts, mut reach) = (CutTree::new(&board), Reach::new(&board));
        for round in 0..20u64 {
            let mut boxes = random.boxes(&board, 4 + round % 8);
            let free = |boxes: &[u64], c: u32| c != NONE && !bits::contains(boxes, c);
            // A search from each part of the floor in turn.
            let mut searched = vec![false; board.len()];
            for root in 0..board.len() as u32 {
                if searched[root as usize] || !free(&boxes, root) {
                    continue;
                }
                cuts.build(&board, &boxes, root);
                for c in cuts.cells.clone() {
                    searched[c as usize] = true;
                    let around: Vec<u32> = (board.next[c as usize].iter().copied())
                        .filter(|&u| free(&boxes, u))
                        .collect();
                    bits::insert(&mut boxes, c);
                    for &u in &around {
                        let lowest = reach.flood(&board, &boxes, u);
                        let side = cuts.side(&board, c, u);
                        assert_eq!(cuts.lowest(&board, c, side), lowest, "cell {c}, beside {u}");
                        for &v in &around {
                            let joined = reach.reached(v);
                            assert_eq!(cuts.side(&board, c, v) == side, joined, "{c}: {u}, {v}");
                            checked += 1;
                        }
                    }
                    bits::remove(&mut boxes, c);
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} pairs");
}

#[test]
fn a_corridor_cell_cuts_it_in_two() {
    let board = Board::new(&level("#######\n#@ $ .#\n#######\n"));
    let boxes = vec![0; board.len().div_ceil(64)];
    let at = |col| {
        board
            .cell(crate::sokoban::level::Cell::new(1, col))
            .expect("floor")
    };
    let mut cuts = CutTree::new(&board);
    cuts.build(&board, &boxes, at(1));
    // A box on the third cell: the man left of it or right of it.
    let (left, right) = (
        cuts.side(&board, at(3), at(2)),
        cuts.side(&board, at(3), at(4)),
    );
    assert_ne!(left, right);
    assert_eq!(cuts.lowest(&board, at(3), left), at(1));
    assert_eq!(cuts.lowest(&board, at(3), right), at(4));
}
