//! From pushes to LURD: the walks between pushes, filled in.
//!
//! A push-level plan says which box goes which way; the man must first walk
//! to the cell behind the box. Each walk is a breadth-first search over the
//! floor without boxes, from where the man stands to where he must push
//! from, so it is a shortest walk for that push (the push count is what the
//! search optimises; see `--optimize moves` for the walks as well).
//!
//! Example: `#@ $.#` and the plan "push the box right" give `rR`.

use super::board::{Board, NONE};
use super::push::push_of;
use crate::sokoban::level::Dir;
use crate::task::OpId;
use crate::util::bits;
use std::collections::VecDeque;

/// The LURD string of a push-level plan, or the index of the first push
/// that cannot be made and why.
pub fn lurd(board: &Board, plan: &[OpId]) -> Result<String, (usize, String)> {
    let mut boxes = vec![0u64; board.len().div_ceil(64).max(1)];
    for &b in &board.start_boxes {
        bits::insert(&mut boxes, b);
    }
    let mut man = board.start_man;
    let mut out = String::new();
    for (k, &op) in plan.iter().enumerate() {
        let (b, d) = push_of(op);
        let behind = board.next[b as usize][d ^ 1];
        let to = board.next[b as usize][d];
        if !bits::contains(&boxes, b) || behind == NONE || to == NONE || bits::contains(&boxes, to)
        {
            return Err((k, format!("push {} cannot be made", k + 1)));
        }
        let walk = shortest_walk(board, &boxes, man, behind)
            .ok_or_else(|| (k, format!("the man cannot reach push {}", k + 1)))?;
        out.extend(walk.iter().map(|&d| Dir::ALL[d].lurd()));
        out.push(Dir::ALL[d].lurd().to_ascii_uppercase());
        bits::remove(&mut boxes, b);
        bits::insert(&mut boxes, to);
        man = b;
    }
    Ok(out)
}

/// The directions of a shortest walk from `from` to `to` over cells without
/// a box; `None` if there is none.
pub fn shortest_walk(board: &Board, boxes: &[u64], from: u32, to: u32) -> Option<Vec<usize>> {
    let mut came: Vec<(u32, u8)> = vec![(NONE, 0); board.len()];
    came[from as usize] = (from, 0);
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            let mut dirs = Vec::new();
            let mut at = to;
            while at != from {
                let (prev, d) = came[at as usize];
                dirs.push(d as usize);
                at = prev;
            }
            dirs.reverse();
            return Some(dirs);
        }
        for (d, &n) in board.next[c as usize].iter().enumerate() {
            if n != NONE && came[n as usize].0 == NONE && !bits::contains(boxes, n) {
                came[n as usize] = (c, d as u8);
                queue.push_back(n);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
