//! Corral pruning: when the man is shut out of an area that still needs
//! work, push into it first.
//!
//! A *corral* is a connected area of free cells the man cannot reach,
//! fenced off from his region by boxes (and walls). If every push of a fence
//! box leads into the corral (an *I-corral*), and the man can reach every
//! position from which a fence box is pushed into it (*PI-corral*), then a
//! solution must sooner or later make one of those pushes, and nothing done
//! outside first can help: a solver may consider those pushes only (Brian
//! Damgaard's PI-corral pruning, from YASS). A corral whose boxes all stand
//! on goals, with no empty goal inside, needs no work and is skipped.
//!
//! Example: the man on the left, a wall of boxes with an empty goal behind
//! it: only the pushes of those boxes into the goal's side are tried.
//!
//! The rule narrows a node's successors; it never makes a plan invalid, and
//! the solver proves unsolvability only with the rule off.
//!
//! **Optimal searches** take the *strict* PI-corrals alone
//! ([`pi_corrals`] with `strict`): those whose fence boxes no later position
//! could push anywhere but into the corral. A fence push that is out of
//! reach now (the man cannot get behind the box, or another box stands where
//! it would go) counts as if it could be made, unless what blocks it is a
//! wall, a box of the corral itself, or a dead square. Then every solution
//! keeps its length with a push into the corral first. Take a solution and
//! its first push of a box of the corral: the pushes before it move boxes
//! outside the corral only (the man cannot get in, and no box can get past
//! the fence); that push goes into the corral (the strict rule leaves no
//! other), and it could be made at the start already (P). Made first, it
//! frees a fence cell and fills a corral cell that the pushes before it
//! never used, so they can all still be made after it, and they end in the
//! same position with the man in the same region. The same count of pushes,
//! the corral push first: the pruning keeps an optimal solution, and with it
//! every proof of unsolvability. (The plain rule allows a fence push along
//! the fence that some outside push first makes possible, which such a
//! solution could need.)

use super::board::{Board, NONE};
use super::deadlock;
use super::reach::Reach;
use crate::util::bits;
use crate::util::hash::{FastMap, FastSet};
use std::collections::VecDeque;

/// A PI-corral of a node: the pushes into it, and its boxes (the fence and
/// those inside) and free cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiCorral {
    pub pushes: Vec<(u32, usize)>,
    pub boxes: Vec<u32>,
    pub free: Vec<u32>,
}

/// The pushes `(box, d)` of the PI-corral with the fewest pushes, if the
/// node has one (strict: one that keeps optimal solutions, see the module
/// text). `reach` holds the man's region (from [`Reach::flood`]).
pub fn pi_corral_pushes(
    board: &Board,
    boxes: &[u64],
    reach: &Reach,
    strict: bool,
) -> Option<Vec<(u32, usize)>> {
    let (best, strictly) = pi_corrals(board, boxes, reach, strict);
    if strict {
        strictly
    } else {
        best.map(|c| c.pushes)
    }
}

/// The PI-corral with the fewest pushes, if the node has one.
pub fn pi_corral(board: &Board, boxes: &[u64], reach: &Reach) -> Option<PiCorral> {
    pi_corrals(board, boxes, reach, false).0
}

/// One scan of the node's corrals: the PI-corral with the fewest pushes and,
/// with `strict` and if there is a PI-corral at all, the pushes of the strict
/// one with the fewest.
pub fn pi_corrals(
    board: &Board,
    boxes: &[u64],
    reach: &Reach,
    strict: bool,
) -> (Option<PiCorral>, Option<Vec<(u32, usize)>>) {
    let n = board.len();
    let mut seen = vec![false; n];
    let mut best: Option<PiCorral> = None;
    let mut strictly: Option<Vec<(u32, usize)>> = None;
    let touches_region =
        |b: u32| (board.next[b as usize].iter()).any(|&m| m != NONE && reach.reached(m));
    for start in 0..n as u32 {
        if seen[start as usize] || reach.reached(start) || bits::contains(boxes, start) {
            continue;
        }
        // One corral: the cells the man cannot reach, connected, through
        // free cells and the boxes inside; the boxes next to his region are
        // its fence and stop the flood.
        let (mut area, mut fence) = (vec![start], Vec::new());
        seen[start as usize] = true;
        let mut head = 0;
        while let Some(&c) = area.get(head) {
            head += 1;
            for &m in &board.next[c as usize] {
                if m == NONE || seen[m as usize] || reach.reached(m) {
                    continue;
                }
                seen[m as usize] = true;
                if bits::contains(boxes, m) && touches_region(m) {
                    fence.push(m);
                } else {
                    area.push(m);
                }
            }
        }
        // Fence boxes may border several corrals: let each corral see them.
        for &b in &fence {
            seen[b as usize] = false;
        }
        if strict
            && let Some(pushes) = pi_pushes(board, boxes, reach, &area, &fence, true)
            && strictly.as_ref().is_none_or(|p| pushes.len() < p.len())
        {
            strictly = Some(pushes);
        }
        if let Some(pushes) = pi_pushes(board, boxes, reach, &area, &fence, false)
            && best.as_ref().is_none_or(|b| pushes.len() < b.pushes.len())
        {
            let (inside, free) = area.iter().partition(|&&c| bits::contains(boxes, c));
            let mut corral_boxes: Vec<u32> = inside;
            corral_boxes.extend(&fence);
            best = Some(PiCorral {
                pushes,
                boxes: corral_boxes,
                free,
            });
        }
    }
    let strictly = strictly.filter(|_| best.is_some());
    (best, strictly)
}

/// Proves PI-corrals deadlocked by a small search of their own boxes.
///
/// All boxes but the corral's are taken off the board (fewer boxes never
/// make a position harder), and every push of the rest is searched
/// breadth-first, with dead squares and freeze deadlocks pruned. If no
/// position is reached in which the corral's boxes all stand on goals or
/// the man gets into the corral, the corral can never be solved: the node is
/// a deadlock. A search that hits its node limit proves nothing. Results are
/// kept per (corral boxes, man), as the same corral recurs under many
/// arrangements of the boxes outside it.
///
/// Each deadlock proved is also kept as a *pattern* (Junghanns and
/// Schaeffer's deadlock patterns, learnt here from the corral searches): the
/// corral's boxes, and the region the man had on a board with only those
/// boxes. Any later position whose boxes include the pattern's, with the
/// man in that region, is deadlocked too: taking its other boxes away gives
/// the pattern's position, and fewer boxes never make a position harder
/// (the man's region among more boxes lies inside the pattern's). The
/// pattern matches where the corral's exact key does not: an extra box
/// inside the corral, or a corral that is no longer PI, or none at all.
///
/// A pattern is *minimised* before it is kept (as Rolling Stone does): each
/// box in turn is taken away, and if the corral search still proves the
/// rest deadlocked, the box stays out. Fewer boxes match more positions; on
/// XSokoban 18 the patterns then catch nearly every corral that a corral
/// search proved dead before (128 searches prove a deadlock instead of
/// 6,943).
///
/// **Pulls** ([`CorralDeadlocks::pulling`]). The backward search has its
/// own corrals: the man's region, fenced by the boxes next to it. A pull
/// takes a fence box into the region, so the man gets out only by pulling
/// boxes in until one leaves a way open. The same search, made of pulls,
/// proves a fence deadlocked if it reaches no position in which the man
/// stands outside the region and fence, or the fence boxes all stand on
/// start cells; the start position can then never be reached
/// ([`man_fence`]). A pattern's boxes and region match later positions as
/// for pushes, since fewer boxes never make pulling harder either.
#[derive(Clone, Debug, Default)]
pub struct CorralDeadlocks {
    /// The start cells as bits for the pull search's deadlocks; `None` for
    /// the push search's.
    starts: Option<Vec<u64>>,
    known: FastMap<Vec<u64>, bool>,
    reach: Option<Reach>,
    key: Vec<u64>,
    /// Deadlocks proved so far, as patterns: `[boxes..., region...]`, the
    /// corral's boxes and the man's region on a board with only them.
    patterns: Vec<Vec<u64>>,
    /// Per cell, the patterns whose lowest box off a goal stands there.
    by_cell: Vec<Vec<u32>>,
    /// Per cell, the patterns with a box there.
    with_box: Vec<Vec<u32>>,
}

/// Corrals with more boxes than this are not searched.
pub const MAX_CORRAL_BOXES: usize = 10;
/// Nodes one corral search may expand before it gives up.
pub const MAX_CORRAL_NODES: usize = 2000;
/// Deadlock patterns kept at most; later deadlocks are not learnt.
pub const MAX_PATTERNS: usize = 1 << 16;

impl CorralDeadlocks {
    /// The deadlocks of the pull search: boxes go home to the start cells,
    /// and the corral searches pull them.
    pub fn pulling(board: &Board) -> Self {
        let mut starts = vec![0; board.len().div_ceil(64).max(1)];
        for &s in &board.start_boxes {
            bits::insert(&mut starts, s);
        }
        CorralDeadlocks {
            starts: Some(starts),
            ..CorralDeadlocks::default()
        }
    }

    /// Whether `corral`, found in a node whose man stands in the region
    /// flooded from `man`, can never be solved.
    pub fn is_deadlock(&mut self, board: &Board, corral: &PiCorral, man: u32) -> bool {
        self.is_dead(board, &corral.boxes, &corral.free, man)
    }

    /// Whether the boxes on `cells`, alone on the board with the man in the
    /// region flooded from `man`, can never all go home while he stays out
    /// of `free` (a corral's free cells; pulling, the cells beyond the
    /// man's fence, [`man_fence`]).
    pub fn is_dead(&mut self, board: &Board, cells: &[u32], free: &[u32], man: u32) -> bool {
        if cells.len() > MAX_CORRAL_BOXES {
            return false;
        }
        let words = board.len().div_ceil(64).max(1);
        let reach = self.reach.get_or_insert_with(|| Reach::new(board));
        // The key is built in a buffer kept between calls: most corrals
        // are known, and a lookup then allocates nothing.
        let start = &mut self.key;
        start.clear();
        start.resize(words + 1, 0);
        for &b in cells {
            bits::insert(start, b);
        }
        start[words] = u64::from(reach.flood(board, &start[..words], man));
        if let Some(&dead) = self.known.get(start.as_slice()) {
            return dead;
        }
        let starts = self.starts.as_deref();
        let dead = search(board, reach, start, free, starts);
        if self.known.len() >= 1 << 16 {
            self.known.clear();
        }
        self.known.insert(start.clone(), dead);
        if !dead || self.patterns.len() >= MAX_PATTERNS {
            return dead;
        }
        // Minimise the pattern: drop each box whose deadlock holds without it.
        let mut boxes = start[..words].to_vec();
        let mut trial = vec![0; words + 1];
        for &b in cells {
            trial[..words].copy_from_slice(&boxes);
            bits::remove(&mut trial, b);
            if trial[..words].iter().all(|&w| w == 0) {
                continue;
            }
            trial[words] = u64::from(reach.flood(board, &trial[..words], man));
            if search(board, reach, &trial, free, starts) {
                boxes.copy_from_slice(&trial[..words]);
            }
        }
        let first = bits::iter::<u32>(&boxes).find(|&b| !home(board, starts, b));
        if let Some(first) = first {
            if self.by_cell.is_empty() {
                self.by_cell = vec![Vec::new(); board.len()];
                self.with_box = vec![Vec::new(); board.len()];
            }
            // The searches flooded other positions since: the man's region
            // among the pattern's boxes again.
            let mut pattern = boxes;
            pattern.resize(2 * words, 0);
            reach.flood(board, &pattern[..words], man);
            for c in (0..board.len() as u32).filter(|&c| reach.reached(c)) {
                bits::insert(&mut pattern[words..], c);
            }
            let id = self.patterns.len() as u32;
            self.by_cell[first as usize].push(id);
            for b in bits::iter::<u32>(&pattern[..words]) {
                self.with_box[b as usize].push(id);
            }
            self.patterns.push(pattern);
        }
        dead
    }

    /// Whether a deadlock proved before lies within the node: its boxes
    /// among `boxes` and the man (`man`, any cell of his region) in its
    /// region. Fewer boxes never make a position harder, and the man's
    /// region among more boxes lies within the pattern's.
    pub fn matches_pattern(&self, board: &Board, boxes: &[u64], man: u32) -> bool {
        if self.patterns.is_empty() {
            return false;
        }
        let words = boxes.len();
        bits::iter::<u32>(boxes)
            .filter(|&b| !home(board, self.starts.as_deref(), b))
            .any(|b| {
                self.by_cell[b as usize].iter().any(|&p| {
                    let p = &self.patterns[p as usize];
                    bits::contains(&p[words..], man)
                        && p[..words].iter().zip(boxes).all(|(q, b)| q & !b == 0)
                })
            })
    }

    /// [`CorralDeadlocks::matches_pattern`] for the patterns with a box on
    /// `cell` only: after a step that brought a box there, the patterns
    /// that the step can have completed (those it did not change, the
    /// parent's check answered, unless the man's region grew).
    pub fn matches_pattern_at(&self, boxes: &[u64], man: u32, cell: u32) -> bool {
        let words = boxes.len();
        self.with_box.get(cell as usize).is_some_and(|ids| {
            ids.iter().any(|&p| {
                let p = &self.patterns[p as usize];
                bits::contains(&p[words..], man)
                    && p[..words].iter().zip(boxes).all(|(q, b)| q & !b == 0)
            })
        })
    }

    /// How many deadlock patterns are known.
    pub fn patterns(&self) -> usize {
        self.patterns.len()
    }

    /// Bytes held by the table of known corrals.
    pub fn bytes(&self) -> usize {
        let key = self.known.keys().next().map_or(0, |k| k.len() * 8);
        let pattern = self.patterns.first().map_or(0, |p| p.len() * 8);
        self.known.capacity() * (std::mem::size_of::<(Vec<u64>, bool)>() + 1)
            + self.known.len() * key
            + self.patterns.len() * (pattern + std::mem::size_of::<Vec<u64>>() + 4)
            + (self.by_cell.len() + self.with_box.len()) * std::mem::size_of::<Vec<u32>>()
            + (self.by_cell.iter().chain(&self.with_box))
                .map(|ids| ids.capacity() * 4)
                .sum::<usize>()
    }
}

/// Whether a box on `cell` is home: on a goal, or pulling (`starts`, the
/// start cells' bits), on a start cell.
fn home(board: &Board, starts: Option<&[u64]>, cell: u32) -> bool {
    starts.map_or(board.goal[cell as usize], |s| bits::contains(s, cell))
}

/// The corral search behind [`CorralDeadlocks::is_dead`]: true if it
/// exhausts every position without solving or opening the corral. It
/// pushes, or with `starts` (the start cells' bits) pulls.
fn search(
    board: &Board,
    reach: &mut Reach,
    start: &[u64],
    free: &[u32],
    starts: Option<&[u64]>,
) -> bool {
    let words = start.len() - 1;
    let mut seen: FastSet<Vec<u64>> = FastSet::from_iter([start.to_vec()]);
    let mut queue = VecDeque::from([start.to_vec()]);
    let mut expanded = 0;
    while let Some(node) = queue.pop_front() {
        expanded += 1;
        if expanded > MAX_CORRAL_NODES {
            return false;
        }
        let boxes = &node[..words];
        reach.flood(board, boxes, node[words] as u32);
        if bits::iter::<u32>(boxes).all(|b| home(board, starts, b))
            || free.iter().any(|&c| reach.reached(c))
        {
            return false;
        }
        let mut next = Vec::new();
        for b in bits::iter::<u32>(boxes) {
            for d in 0..4 {
                if let Some(starts) = starts {
                    // The man on `to`, next to the box, steps back onto `man`.
                    let to = board.next[b as usize][d];
                    if to == NONE || !reach.reached(to) || !board.pull_live[to as usize] {
                        continue;
                    }
                    let man = board.next[to as usize][d];
                    if man == NONE || bits::contains(boxes, man) {
                        continue;
                    }
                    let mut succ = node.clone();
                    bits::remove(&mut succ, b);
                    bits::insert(&mut succ, to);
                    if !deadlock::pull_frozen_off_start(board, &succ[..words], starts, to) {
                        next.push((succ, man));
                    }
                    continue;
                }
                let behind = board.next[b as usize][d ^ 1];
                let to = board.next[b as usize][d];
                if behind == NONE
                    || to == NONE
                    || !reach.reached(behind)
                    || bits::contains(boxes, to)
                    || !board.live[to as usize]
                {
                    continue;
                }
                let mut succ = node.clone();
                bits::remove(&mut succ, b);
                bits::insert(&mut succ, to);
                if deadlock::frozen_off_goal(board, &succ[..words], to) {
                    continue;
                }
                next.push((succ, b));
            }
        }
        for (mut succ, man) in next {
            succ[words] = u64::from(reach.flood(board, &succ[..words], man));
            if seen.insert(succ.clone()) {
                queue.push_back(succ);
            }
        }
    }
    true
}

/// The pull search's corral of a node: the boxes next to the man's region
/// (`reach`, flooded), and the cells beyond them that are neither in the
/// region nor fence, which the man reaches only by getting out. `None` if
/// the fence is empty, too large to search, or all home on start cells.
pub fn man_fence(
    board: &Board,
    boxes: &[u64],
    starts: &[u64],
    reach: &Reach,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let fence: Vec<u32> = bits::iter::<u32>(boxes)
        .filter(|&b| {
            board.next[b as usize]
                .iter()
                .any(|&m| m != NONE && reach.reached(m))
        })
        .collect();
    if fence.is_empty()
        || fence.len() > MAX_CORRAL_BOXES
        || fence.iter().all(|&b| bits::contains(starts, b))
    {
        return None;
    }
    let mut beyond = Vec::new();
    for &b in &fence {
        for &c in &board.next[b as usize] {
            if c != NONE && !reach.reached(c) && !fence.contains(&c) && !beyond.contains(&c) {
                beyond.push(c);
            }
        }
    }
    Some((fence, beyond))
}

/// The pushes into the corral `area` (free cells and inside boxes) with
/// `fence`, if it is a PI-corral (a strict one with `strict`) that needs
/// work.
fn pi_pushes(
    board: &Board,
    boxes: &[u64],
    reach: &Reach,
    area: &[u32],
    fence: &[u32],
    strict: bool,
) -> Option<Vec<(u32, usize)>> {
    // Work to do: an empty goal inside, or a box inside or on the fence off a goal.
    let needs_work = area
        .iter()
        .any(|&c| board.goal[c as usize] != bits::contains(boxes, c))
        || fence.iter().any(|&b| !board.goal[b as usize]);
    if !needs_work || fence.is_empty() {
        return None;
    }
    let inside = |c: u32| area.contains(&c);
    // Cells that stay walled until a box of the corral moves.
    let shut = |c: u32| inside(c) || fence.contains(&c);
    let mut pushes = Vec::new();
    for &b in fence {
        for d in 0..4 {
            let behind = board.next[b as usize][d ^ 1];
            let to = board.next[b as usize][d];
            if behind == NONE || to == NONE {
                continue;
            }
            if strict && !inside(to) {
                // I, strictly: no position before a push into the corral
                // may push a fence box elsewhere.
                if board.live[to as usize] && !shut(to) && !shut(behind) {
                    return None;
                }
                continue;
            }
            if bits::contains(boxes, to) {
                continue;
            }
            if inside(to) {
                // P: every push into the corral can be made now.
                if !reach.reached(behind) {
                    return None;
                }
                pushes.push((b, d));
            } else if reach.reached(behind) {
                // I: no fence box may be pushed anywhere but into the corral.
                return None;
            }
        }
    }
    (!pushes.is_empty()).then_some(pushes)
}

#[cfg(test)]
mod tests;
