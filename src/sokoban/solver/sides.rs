//! Push distances that know which side of the box the man is on.
//!
//! [`Board::push_dist`] lets the man stand wherever a push needs him: a box
//! in a corridor is pushed either way. Alone on the board, though, a box that
//! cuts the floor in two leaves the man on one side of it, and he can only
//! push it away from himself until it reaches a place where he can walk
//! round it. So the distances here are over a box *and the man's side of
//! it*: the parts the floor falls into when the box's cell is taken out
//! (at most four, one for each neighbour; a cell that does not cut the floor
//! has one). A push from `c` toward `d` needs the man on the side of `c`
//! that holds the cell behind it, and leaves him on `c`, on one side of the
//! box's new cell.
//!
//! **Why they stay lower bounds.** In a solution, take the pushes of one box
//! and remove every other box: the man's walks stay legal (a box gone never
//! blocks him), so they push the box alone from its cell, the man on his
//! side of it, to its goal. Every other box only narrows where the man can
//! go, and walking never takes him across the box, so the side he starts
//! on is the side of the box alone. Hence a box needs at least its
//! distance from its own side, and the matching over these distances
//! ([`super::bound::MatchingBound::with_sides`]) is still a lower bound on
//! the pushes left, and the pair penalties ([`super::pairs`]) measured
//! against them too.
//!
//! Example: a box in a corridor, the goal at the corridor's end behind the
//! man. By [`Board::push_dist`] the box is one push from the goal; with the
//! man on the goal's side it must be pushed out at the far end, round, and
//! back: the distance here counts those pushes, or none if no way round
//! exists (the box can never reach that goal).

use super::board::{Board, NONE};

/// The side of a cell the man is on when nothing joins him to the box: he
/// can never push it.
const APART: usize = 4;

/// Sides per cell in the distance table: the four neighbours, and
/// [`APART`].
pub(super) const SIDES: usize = 5;

/// The sides of every cell that cuts the floor, and the push distances over
/// (box cell, man's side).
#[derive(Clone, Debug)]
pub struct Sides {
    /// For each cell, where its row of sides starts in `table` ([`NONE`]:
    /// taking the cell out leaves the rest of the floor in one piece).
    at: Vec<u32>,
    /// For each cutting cell, the side of every cell (the cell itself:
    /// [`APART`]).
    table: Vec<u8>,
    /// `dist[g][c * SIDES + s]`: the fewest pushes that bring a box alone
    /// from `c`, the man on side `s`, to goal `board.goals[g]`.
    dist: Vec<Vec<u32>>,
}

impl Sides {
    pub fn new(board: &Board) -> Sides {
        let n = board.len();
        let mut at = vec![NONE; n];
        let mut table = Vec::new();
        let mut side = vec![APART as u8; n];
        let mut stack = Vec::new();
        for (b, at) in at.iter_mut().enumerate() {
            side.fill(APART as u8);
            let (mut covered, mut floods) = (0, 0);
            for d in 0..4 {
                let start = board.next[b][d];
                if start == NONE || side[start as usize] != APART as u8 {
                    continue;
                }
                side[start as usize] = d as u8;
                stack.push(start);
                covered += 1;
                floods += 1;
                while let Some(c) = stack.pop() {
                    for &x in &board.next[c as usize] {
                        if x != NONE && x as usize != b && side[x as usize] == APART as u8 {
                            side[x as usize] = d as u8;
                            stack.push(x);
                            covered += 1;
                        }
                    }
                }
            }
            if covered < n - 1 || floods > 1 {
                *at = table.len() as u32;
                table.extend_from_slice(&side);
            }
        }
        let mut sides = Sides {
            at,
            table,
            dist: Vec::new(),
        };
        sides.dist = (board.goals.iter())
            .map(|&g| sides.pull_distances(board, g))
            .collect();
        sides
    }

    /// The side of a box on `cell` that the man on `man` is on, the box alone.
    #[inline]
    pub fn side(&self, cell: u32, man: u32) -> usize {
        match self.at[cell as usize] {
            NONE => 0,
            at => self.table[at as usize + man as usize] as usize,
        }
    }

    /// Where a box on `cell` with the man on `man` sits in a table with
    /// `SIDES` entries per cell, such as [`Sides::dist`]'s.
    #[inline]
    pub fn slot(&self, cell: u32, man: u32) -> usize {
        cell as usize * SIDES + self.side(cell, man)
    }

    /// The fewest pushes that bring a box alone from `cell`, the man on
    /// `side`, to the goal `goal` (an index into `board.goals`; [`NONE`]:
    /// never).
    #[inline]
    pub fn dist(&self, goal: usize, cell: u32, side: usize) -> u32 {
        self.dist[goal][cell as usize * SIDES + side]
    }

    /// The cells that cut the floor in two or more.
    pub fn cutting(&self) -> usize {
        self.at.iter().filter(|&&a| a != NONE).count()
    }

    /// Distances to `goal` by pulls from it: the box pulled back from
    /// `c1` to `c`, the man going from `c` to the cell beyond.
    fn pull_distances(&self, board: &Board, goal: u32) -> Vec<u32> {
        let mut dist = vec![NONE; board.len() * SIDES];
        let mut queue = std::collections::VecDeque::new();
        for s in 0..SIDES {
            dist[goal as usize * SIDES + s] = 0;
            queue.push_back((goal, s));
        }
        while let Some((c1, s1)) = queue.pop_front() {
            let d1 = dist[c1 as usize * SIDES + s1];
            for d in 0..4 {
                // The push that ended here went in direction `d`, from `c`,
                // and left the man on `c`, which must be on side `s1`.
                let c = board.next[c1 as usize][d ^ 1];
                if c == NONE || self.side(c1, c) != s1 {
                    continue;
                }
                let behind = board.next[c as usize][d ^ 1];
                if behind == NONE {
                    continue;
                }
                let at = self.slot(c, behind);
                if dist[at] == NONE {
                    dist[at] = d1 + 1;
                    queue.push_back((c, at % SIDES));
                }
            }
        }
        dist
    }
}

#[cfg(test)]
mod tests;
