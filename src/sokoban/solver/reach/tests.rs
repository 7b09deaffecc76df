use super::*;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::solver::push::tests::Random;

#[test]
fn flooding_by_rows_agrees_with_flooding_by_cells() {
    let text = std::fs::read_to_string("problems/sokoban/xsokoban/screen.18").unwrap();
    let board = Board::new(&level(&text));
    let mut by_rows = Reach::new(&board);
    let mut by_cells = Reach {
        mark: vec![0; board.len()],
        ..Reach::default()
    };
    let mut random = Random(3);
    let mut sizes = std::collections::BTreeSet::new();
    for k in 0..2000u32 {
        let boxes = random.boxes(&board, 3);
        // From a free cell, and now and then from under a box.
        let from = k % board.len() as u32;
        let lowest = by_rows.flood(&board, &boxes, from);
        assert!(by_rows.by_rows);
        assert_eq!(lowest, by_cells.flood(&board, &boxes, from));
        let reached: Vec<u32> = (0..board.len() as u32)
            .filter(|&c| by_rows.reached(c))
            .collect();
        let expected: Vec<u32> = (0..board.len() as u32)
            .filter(|&c| by_cells.reached(c))
            .collect();
        assert_eq!(reached, expected, "from {from}, boxes {boxes:?}");
        sizes.insert(reached.len());
    }
    assert!(sizes.len() > 20, "regions of many sizes: {sizes:?}");
}
