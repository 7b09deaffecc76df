use super::*;
use crate::sokoban::level::Cell;
use crate::sokoban::solver::board::tests::level;
use crate::sokoban::xsb;
use std::collections::VecDeque;
use std::path::Path;

/// The fewest pushes that bring a box alone from `from` to `goal`, the man
/// starting on `man`: breadth-first over (box cell, man cell), walks free.
fn brute_force(board: &Board, from: u32, man: u32, goal: u32) -> u32 {
    let n = board.len();
    let mut dist = vec![NONE; n * n];
    let mut queue = VecDeque::from([(from, man)]);
    dist[from as usize * n + man as usize] = 0;
    // 0-1 breadth-first: a step costs nothing, a push one.
    while let Some((b, m)) = queue.pop_front() {
        let here = dist[b as usize * n + m as usize];
        if b == goal {
            return here;
        }
        for d in 0..4 {
            let to = board.next[m as usize][d];
            if to == NONE {
                continue;
            }
            let (nb, cost) = if to == b {
                match board.next[b as usize][d] {
                    NONE => continue,
                    beyond => (beyond, 1),
                }
            } else {
                (b, 0)
            };
            let at = nb as usize * n + to as usize;
            if dist[at] == NONE || dist[at] > here + cost {
                dist[at] = here + cost;
                if cost == 0 {
                    queue.push_front((nb, to));
                } else {
                    queue.push_back((nb, to));
                }
            }
        }
    }
    NONE
}

/// Every (box, man, goal) of a board agrees with brute force; returns how
/// many distances exceed the man-blind [`Board::push_dist`].
fn agrees_with_brute_force(text: &str) -> usize {
    agrees(&Board::new(&level(text)), text)
}

fn agrees(board: &Board, text: &str) -> usize {
    let sides = Sides::new(board);
    let mut longer = 0;
    for b in 0..board.len() as u32 {
        for m in (0..board.len() as u32).filter(|&m| m != b) {
            for (g, &goal) in board.goals.iter().enumerate() {
                let expected = brute_force(board, b, m, goal);
                let got = sides.dist(g, b, sides.side(b, m));
                assert_eq!(got, expected, "box {b}, man {m}, goal {goal}\n{text}");
                longer += usize::from(got > board.push_dist[g][b as usize]);
            }
        }
    }
    longer
}

#[test]
fn a_box_in_a_corridor_is_pushed_away_from_the_man() {
    // The goal is behind the man: the box must leave the corridor at its
    // right end, where the room lets the man walk round it.
    let text = "#########\n#.@$    #\n####### #\n#       #\n#########\n";
    let board = Board::new(&level(text));
    let sides = Sides::new(&board);
    let at = |r, c| board.cell(Cell::new(r, c)).expect("floor");
    let (b, man) = (at(1, 3), at(1, 2));
    assert_eq!(
        board.push_dist[0][b as usize], 2,
        "man-blind: two pushes left"
    );
    assert_eq!(sides.dist(0, b, sides.side(b, man)), NONE, "no way round");
    assert!(sides.cutting() > 0);
    assert!(agrees_with_brute_force(text) > 0);
}

#[test]
fn distances_equal_brute_force_on_every_box_and_man_cell() {
    let mut longer = 0;
    let text = std::fs::read_to_string("problems/sokoban/microban.xsb").expect("microban");
    let collection = xsb::parse(Path::new("microban.xsb"), &text);
    for i in 1..=12 {
        let level = collection.level(i).expect("a level").expect("valid");
        longer += agrees(&Board::new(&level), &format!("Microban {i}"));
    }
    longer += agrees_with_brute_force(
        "  #####\n###   #\n#.@$  #\n### $.#\n#.##$ #\n# # . ##\n#$ *$$.#\n#   .  #\n########\n",
    );
    assert!(longer > 0, "no distance grew: the test shows nothing");
}
