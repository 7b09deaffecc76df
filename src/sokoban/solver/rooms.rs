//! Rooms and passages: Festival's *room connectivity* feature.
//!
//! Sokoban levels are drawn as rooms joined by narrow passages, and a box
//! left standing in a passage shuts the man out of whatever lies beyond it.
//! The feature space search (Shoham and Schaeffer, FESS) counts the pairs of
//! neighbouring rooms the man cannot walk between because a box blocks the
//! way, and prefers positions with fewer of them. This module splits the
//! board once per level and counts the blocked pairs of a position.
//!
//! **Definitions.** A *passage cell* is a floor cell one cell wide:
//!
//! * it has exactly two floor neighbours, opposite each other (a corridor
//!   cell, walls on both sides), or at right angles with no floor on the
//!   diagonal between them (the bend of a corridor: in a room's corner the
//!   diagonal is floor and the man walks round); or
//! * it has one floor neighbour (the end of a dead-end corridor).
//!
//! A *passage* is a connected set of passage cells (a corridor, however
//! long and bent), and a *room* a connected set of the other floor cells.
//! A passage *joins* the rooms next to its cells; one that touches fewer
//! than two rooms (a dead end, or a loop back into one room) joins nothing
//! and is dropped, as is one touching more than two (it cannot arise from
//! the definition, but a board could be odd). Two rooms are *adjacent* when
//! a passage joins them, and a pair of adjacent rooms is *blocked* when a
//! box stands in every passage between them. The feature is the number of
//! blocked pairs (fewer is better).
//!
//! Example: two rooms of six cells joined by a corridor of two cells.
//!
//! ```text
//! ########
//! #  ##  #
//! #      #     the corridor's two cells (row 2, columns 3 and 4) are one
//! #  ##  #     passage; a box on either blocks the one pair of rooms: 1
//! ########
//! ```
//!
//! **Cost.** Rooms and passages are found once per level (a flood over the
//! floor). Per position only the passage cells are tested against the box
//! bits, a handful of bit tests; the passages are kept sorted by the pair
//! they join, so one pass counts the blocked pairs without allocating.
//!
//! Measured on XSokoban (forward pushes with features, 30 s of CPU per
//! level, on the 27 levels the default solver missed at 60 s): the feature
//! solves 10, 32, 70 and 76 (3.2, 5.8, 12.9 and 0.7 s), where the features
//! without it solve 32 alone (24.2 s); the schedule at 60 s then solves 10
//! and 76 in its second phase.

use super::board::{Board, NONE};
use crate::util::bits;

/// The board split into rooms and the passages between them.
#[derive(Clone, Debug)]
pub struct Rooms {
    /// The room of each floor cell; [`NONE`] for passage cells.
    room_of: Vec<u32>,
    /// The number of rooms.
    rooms: u32,
    /// The passages that join two rooms, sorted by the pair.
    passages: Vec<Passage>,
}

/// A passage between two rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    /// The two rooms it joins, the smaller first.
    pub rooms: (u32, u32),
    /// Its cells, ascending.
    pub cells: Vec<u32>,
}

/// Whether `cell` is one cell wide (see the module docs).
pub fn is_passage_cell(board: &Board, cell: u32) -> bool {
    let next = &board.next[cell as usize];
    let floor: Vec<usize> = (0..4).filter(|&d| next[d] != NONE).collect();
    match floor[..] {
        [_] => true,
        // Up and down (0, 1), or left and right (2, 3): a corridor.
        [a, b] if a ^ 1 == b => true,
        // At right angles: a bend unless the diagonal between is floor.
        [a, b] => {
            let diagonal = board.next[next[a] as usize][b];
            diagonal == NONE
        }
        _ => false,
    }
}

impl Rooms {
    /// Splits `board` into rooms and passages.
    pub fn new(board: &Board) -> Rooms {
        let n = board.len();
        let passage: Vec<bool> = (0..n as u32).map(|c| is_passage_cell(board, c)).collect();
        let (room_of, rooms) = components(board, |c| !passage[c as usize]);
        let (passage_of, count) = components(board, |c| passage[c as usize]);
        let mut cells = vec![Vec::new(); count as usize];
        let mut touches = vec![Vec::new(); count as usize];
        for c in 0..n as u32 {
            let p = passage_of[c as usize];
            if p == NONE {
                continue;
            }
            cells[p as usize].push(c);
            for &m in &board.next[c as usize] {
                if m != NONE && room_of[m as usize] != NONE {
                    touches[p as usize].push(room_of[m as usize]);
                }
            }
        }
        let mut passages: Vec<Passage> = (cells.into_iter().zip(touches))
            .filter_map(|(cells, mut touches)| {
                touches.sort_unstable();
                touches.dedup();
                match touches[..] {
                    [a, b] => Some(Passage {
                        rooms: (a, b),
                        cells,
                    }),
                    _ => None,
                }
            })
            .collect();
        passages.sort_by(|a, b| (a.rooms, &a.cells).cmp(&(b.rooms, &b.cells)));
        Rooms {
            room_of,
            rooms,
            passages,
        }
    }

    /// The number of rooms.
    pub fn rooms(&self) -> u32 {
        self.rooms
    }

    /// The room of `cell`, or `None` for a passage cell.
    pub fn room_of(&self, cell: u32) -> Option<u32> {
        Some(self.room_of[cell as usize]).filter(|&r| r != NONE)
    }

    /// The passages that join two rooms, sorted by the pair they join.
    pub fn passages(&self) -> &[Passage] {
        &self.passages
    }

    /// The number of pairs of adjacent rooms with a box in every passage
    /// between them.
    pub fn blocked(&self, boxes: &[u64]) -> u32 {
        let mut count = 0;
        let mut i = 0;
        while i < self.passages.len() {
            let pair = self.passages[i].rooms;
            let mut open = false;
            while i < self.passages.len() && self.passages[i].rooms == pair {
                open |= !(self.passages[i].cells.iter()).any(|&c| bits::contains(boxes, c));
                i += 1;
            }
            count += u32::from(!open);
        }
        count
    }
}

/// Numbers the connected sets of the floor cells for which `keep` holds
/// (4-neighbourhood); the others get [`NONE`]. Returns the numbers and how
/// many sets there are.
fn components(board: &Board, keep: impl Fn(u32) -> bool) -> (Vec<u32>, u32) {
    let mut of = vec![NONE; board.len()];
    let mut count = 0;
    let mut stack = Vec::new();
    for start in 0..board.len() as u32 {
        if of[start as usize] != NONE || !keep(start) {
            continue;
        }
        of[start as usize] = count;
        stack.push(start);
        while let Some(c) = stack.pop() {
            for &m in &board.next[c as usize] {
                if m != NONE && of[m as usize] == NONE && keep(m) {
                    of[m as usize] = count;
                    stack.push(m);
                }
            }
        }
        count += 1;
    }
    (of, count)
}

#[cfg(test)]
mod tests;
