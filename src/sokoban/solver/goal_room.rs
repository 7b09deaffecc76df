//! Goal macros: fill a goal room in an order that keeps it open.
//!
//! Many levels gather their goals in a *room*: a connected area of goal
//! cells, entered from the floor around it (its *entrances*). Filled in the
//! wrong order, the room locks itself: a box on a goal near the door walls
//! off the goals behind it. A search that is guided by distances to goals
//! fills the nearest goals first and wastes its time on exactly those
//! positions.
//!
//! The remedy of Rolling Stone and of the solvers after it is a *packing
//! order*, found before the search by emptying the full room backwards: with
//! a box on every goal of the room and the man outside, pull out the box that
//! leaves with the fewest pulls, then the next, until the room is empty. Read
//! backwards, that is an order in which boxes can be pushed in, each past
//! the ones already placed. During the search, a box pushed onto an entrance
//! is taken on at once to the first empty goal of the order (a *goal macro*:
//! one search step, several pushes), and when a node has a goal macro, its
//! other pushes are not tried (a *goal cut*: bringing a box home never hurts
//! the rest much, and it is nearly always what a solution does next). When
//! boxes move whole ([`super::box_move`]) there is no entrance to wait for:
//! in a room of at least [`MIN_CUT_ROOM_GOALS`] goals, a node with a box
//! move onto the next empty goal of the order keeps only such moves.
//!
//! Example: a dead-end corridor of goals `#...` entered from the right is
//! emptied from the right, so it is filled from the left: the first box goes
//! to the far end, and the box on the entrance is pushed all the way there
//! in one macro.
//!
//! Macros and cuts change which solutions are found, never whether one is
//! valid (each macro is a sequence of legal pushes, replayed like any other);
//! they are used by the solver that looks for any solution (`--optimize
//! none`), which proves unsolvability only with them off.

use super::board::{Board, NONE};
use super::reach::Reach;
use crate::util::bits;
use crate::util::hash::FastMap;
use std::collections::VecDeque;

/// The fewest goals a room needs for goal macros.
pub const MIN_ROOM_GOALS: usize = 4;

/// The fewest goals a room needs for the goal cut of box moves
/// ([`GoalRooms::packs`]). A box move reaches a room's next goal from
/// anywhere, not only from an entrance, so the cut fires far more often
/// than among pushes; in a small room with several doors the order is a poor
/// guide (XSokoban 44, nine goals and four doors: out of time at 20 s with
/// the cut, 0.8 s without), in a large one it is what the level is about
/// (XSokoban 20, 24 and 75, 17 to 20 goals: out of time at 20 s without the
/// cut, 4.3, 4.0 and 0.6 s with it).
pub const MIN_CUT_ROOM_GOALS: usize = 12;

/// The goal rooms of a board, their entrances and packing orders.
#[derive(Clone, Debug)]
pub struct GoalRooms {
    /// The room each cell is an entrance of ([`NONE`]: none).
    entrance_of: Vec<u32>,
    /// The room each goal cell belongs to, if that room has a packing order.
    room_of: Vec<u32>,
    /// Per room: its goals in the order to fill them (empty: no order found).
    order: Vec<Vec<u32>>,
}

/// A goal macro found for a push: the pushes after the first one, which
/// bring the box from the entrance to its goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Macro {
    pub goal: u32,
    /// `(box cell, direction)` of each further push.
    pub pushes: Vec<(u32, usize)>,
}

impl GoalRooms {
    /// Finds the rooms of `board` and a packing order for each.
    pub fn new(board: &Board) -> GoalRooms {
        let n = board.len();
        let mut rooms = GoalRooms {
            entrance_of: vec![NONE; n],
            room_of: vec![NONE; n],
            order: Vec::new(),
        };
        let mut seen = vec![false; n];
        for &g in &board.goals {
            if seen[g as usize] {
                continue;
            }
            // One room: the goals connected to g.
            let mut room = vec![g];
            seen[g as usize] = true;
            let mut head = 0;
            while let Some(&c) = room.get(head) {
                head += 1;
                for &m in &board.next[c as usize] {
                    if m != NONE && board.goal[m as usize] && !seen[m as usize] {
                        seen[m as usize] = true;
                        room.push(m);
                    }
                }
            }
            let r = rooms.order.len() as u32;
            let mut entrances = Vec::new();
            for &c in &room {
                for &m in &board.next[c as usize] {
                    if m != NONE && !board.goal[m as usize] && !entrances.contains(&m) {
                        entrances.push(m);
                    }
                }
            }
            // A room is a place to pack into: several goals behind few
            // doors. Goals scattered over the floor are not filled in any
            // fixed order, and a goal cut there would only mislead.
            let room_like = room.len() >= MIN_ROOM_GOALS && entrances.len() <= room.len();
            let order = if room_like {
                packing_order(board, &room, &entrances)
            } else {
                Vec::new()
            };
            if !order.is_empty() {
                for &e in &entrances {
                    if rooms.entrance_of[e as usize] == NONE {
                        rooms.entrance_of[e as usize] = r;
                    }
                }
                for &c in &room {
                    rooms.room_of[c as usize] = r;
                }
            }
            rooms.order.push(order);
        }
        rooms
    }

    /// The packing order of each room (goal cells; empty where none exists).
    pub fn orders(&self) -> &[Vec<u32>] {
        &self.order
    }

    /// Whether the goal cut of box moves ([`GoalRooms::packs`]) can fire on
    /// the board: a room of at least [`MIN_CUT_ROOM_GOALS`] goals has a
    /// packing order.
    pub fn cuts(&self) -> bool {
        self.order.iter().any(|o| o.len() >= MIN_CUT_ROOM_GOALS)
    }

    /// Whether a box taken from outside a room of at least
    /// [`MIN_CUT_ROOM_GOALS`] goals to `to` fills that room's next goal: the
    /// first goal of its packing order without a box among `boxes` (the
    /// boxes before the move). A box move that does is the goal cut's move
    /// when boxes move whole ([`super::box_move`]).
    pub fn packs(&self, boxes: &[u64], from: u32, to: u32) -> bool {
        let r = self.room_of[to as usize];
        if r == NONE || self.room_of[from as usize] == r {
            return false;
        }
        if self.order[r as usize].len() < MIN_CUT_ROOM_GOALS {
            return false;
        }
        let next = self.order[r as usize]
            .iter()
            .find(|&&g| !bits::contains(boxes, g));
        next == Some(&to)
    }

    /// Festival's *out of plan* feature: the boxes on a room's goals past
    /// the first empty goal of its packing order. The order fills each goal
    /// before the ones after it because a box there first may wall the
    /// earlier goal off; a box that went ahead of the plan has to be taken
    /// out again, or the goals it passed are filled some other way.
    ///
    /// Example: in a dead-end corridor `#....` filled from the far end, a
    /// box on the third goal with the first two empty is out of plan; with
    /// the first two full it is not.
    pub fn out_of_plan(&self, boxes: &[u64]) -> u32 {
        let mut count = 0;
        for order in &self.order {
            let mut empty_before = false;
            for &g in order {
                if !bits::contains(boxes, g) {
                    empty_before = true;
                } else if empty_before {
                    count += 1;
                }
            }
        }
        count
    }

    /// The goal macro that follows pushing a box from `from` onto `to`
    /// (`boxes` already shows it on `to`), if the push brings a box to a
    /// room: from outside onto an entrance, or from an entrance into the
    /// room. The box goes on to the room's first empty goal in packing order,
    /// by the fewest pushes over the room and its entrances.
    pub fn goal_macro(&self, board: &Board, boxes: &[u64], from: u32, to: u32) -> Option<Macro> {
        let (entering, r) = if self.entrance_of[to as usize] != NONE {
            let r = self.entrance_of[to as usize];
            let outside = self.entrance_of[from as usize] != r && self.room_of[from as usize] != r;
            (outside, r)
        } else if self.room_of[to as usize] != NONE {
            let r = self.room_of[to as usize];
            (self.entrance_of[from as usize] == r, r)
        } else {
            return None;
        };
        if !entering {
            return None;
        }
        let goal = *self.order[r as usize]
            .iter()
            .find(|&&g| g == to || !bits::contains(boxes, g))?;
        let inside = |c: u32| self.room_of[c as usize] == r || self.entrance_of[c as usize] == r;
        let pushes = box_path(board, boxes, to, from, goal, inside)?;
        Some(Macro { goal, pushes })
    }
}

/// A box cell and the man's normalised cell.
type State = (u32, u32);

/// The fewest pushes `(cell, d)` that bring the box on `start` to `goal`,
/// the man standing on `man`, the other boxes in place, the box's cells
/// limited to `allowed`: a breadth-first search over (box cell, man
/// region).
fn box_path(
    board: &Board,
    boxes: &[u64],
    start: u32,
    man: u32,
    goal: u32,
    allowed: impl Fn(u32) -> bool,
) -> Option<Vec<(u32, usize)>> {
    if start == goal {
        return Some(Vec::new());
    }
    let mut others = boxes.to_vec();
    bits::remove(&mut others, start);
    let mut reach = Reach::new(board);
    // Per (box cell, normalised man): the state it came from and the push.
    let mut came: FastMap<State, (State, (u32, usize))> = FastMap::default();
    let mut queue = VecDeque::new();
    bits::insert(&mut others, start);
    let first = (start, reach.flood(board, &others, man));
    bits::remove(&mut others, start);
    came.insert(first, (first, (NONE, 0)));
    queue.push_back((first, man));
    while let Some(((b, key), man)) = queue.pop_front() {
        bits::insert(&mut others, b);
        reach.flood(board, &others, man);
        let mut steps = Vec::new();
        for d in 0..4 {
            let behind = board.next[b as usize][d ^ 1];
            let to = board.next[b as usize][d];
            if behind != NONE
                && to != NONE
                && reach.reached(behind)
                && !bits::contains(&others, to)
                && board.live[to as usize]
                && allowed(to)
            {
                steps.push((d, to));
            }
        }
        bits::remove(&mut others, b);
        for (d, to) in steps {
            bits::insert(&mut others, to);
            let next = (to, reach.flood(board, &others, b));
            bits::remove(&mut others, to);
            if came.contains_key(&next) {
                continue;
            }
            came.insert(next, ((b, key), (b, d)));
            if to == goal {
                let mut pushes = Vec::new();
                let mut at = next;
                while at != first {
                    let (prev, push) = came[&at];
                    pushes.push(push);
                    at = prev;
                }
                pushes.reverse();
                return Some(pushes);
            }
            queue.push_back((next, b));
        }
    }
    None
}

/// A packing order for the goals of `room`: the room emptied backwards, the
/// box with the fewest pulls out first, read in reverse. Empty if the full
/// room cannot be emptied.
fn packing_order(board: &Board, room: &[u32], entrances: &[u32]) -> Vec<u32> {
    let words = board.len().div_ceil(64).max(1);
    let mut boxes = vec![0u64; words];
    for &g in room {
        bits::insert(&mut boxes, g);
    }
    let mut reach = Reach::new(board);
    let mut left: Vec<u32> = room.to_vec();
    let mut emptied = Vec::new();
    while !left.is_empty() {
        // The man may stand anywhere outside that an entrance leads to.
        let mut region = vec![false; board.len()];
        for &e in entrances {
            if !region[e as usize] {
                reach.flood(board, &boxes, e);
                for (c, r) in region.iter_mut().enumerate() {
                    *r |= reach.reached(c as u32);
                }
            }
        }
        let best = (left.iter().enumerate())
            .filter_map(|(i, &g)| pulls_out(board, &boxes, g, &region).map(|p| (p, g, i)))
            .min();
        let Some((_, g, i)) = best else {
            return Vec::new();
        };
        bits::remove(&mut boxes, g);
        left.remove(i);
        emptied.push(g);
    }
    emptied.reverse();
    emptied
}

/// The fewest pulls that bring the box on goal `g` onto a cell that is no
/// goal, the man starting anywhere in `region`, the other boxes in place.
fn pulls_out(board: &Board, boxes: &[u64], g: u32, region: &[bool]) -> Option<u32> {
    let mut others = boxes.to_vec();
    bits::remove(&mut others, g);
    let mut reach = Reach::new(board);
    let mut seen: FastMap<(u32, u32), ()> = FastMap::default();
    let mut queue = VecDeque::new();
    // The first pull: the man comes from his region.
    for d in 0..4 {
        let m = board.next[g as usize][d];
        if m == NONE || !region[m as usize] || bits::contains(&others, m) {
            continue;
        }
        let beyond = board.next[m as usize][d];
        if beyond == NONE || bits::contains(&others, beyond) {
            continue;
        }
        if !board.goal[m as usize] {
            return Some(1);
        }
        queue.push_back((m, beyond, 1));
    }
    while let Some((b, man, pulls)) = queue.pop_front() {
        bits::insert(&mut others, b);
        let key = (b, reach.flood(board, &others, man));
        if seen.insert(key, ()).is_some() {
            bits::remove(&mut others, b);
            continue;
        }
        let mut steps = Vec::new();
        for d in 0..4 {
            let m = board.next[b as usize][d];
            if m == NONE || !reach.reached(m) {
                continue;
            }
            let beyond = board.next[m as usize][d];
            if beyond != NONE && !bits::contains(&others, beyond) {
                steps.push((m, beyond));
            }
        }
        bits::remove(&mut others, b);
        for (m, beyond) in steps {
            if !board.goal[m as usize] {
                return Some(pulls + 1);
            }
            queue.push_back((m, beyond, pulls + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests;
