//! A successor generator that watches one precondition per operator.
//!
//! An operator can only apply in states where its *rarest* precondition fact
//! holds (see [`super::literal_keys`]). So list each operator under that one
//! fact, the way SAT solvers watch one literal per clause. In a state, go
//! through the facts that hold; for each operator listed under one of them,
//! test the rest of its precondition bit by bit. Operators without a positive
//! precondition are always tested.
//!
//! Example: `move-from-a` with pre `{(at a), (clear b)}` is listed under
//! `(at a)`. In a state with the player at `c`, the list of `(at a)` is never
//! looked at, however many `(clear x)` facts hold.
//!
//! The work per state is one pass over the state's true facts plus a few bit
//! tests per operator whose rarest precondition holds.

use super::{Lit, SuccessorGenerator, holds, ordered_preconditions};
use crate::task::{OpId, Task};
use crate::util::bits;

/// The watched-fact successor generator.
#[derive(Clone, Debug)]
pub struct Watched {
    /// Operators watched on fact `f`: `watching[starts[f]..starts[f + 1]]`.
    starts: Vec<u32>,
    watching: Vec<u32>,
    /// Operators with no positive precondition.
    unconditional: Vec<u32>,
    /// The literals still to test of operator `o` (all but the watched one):
    /// `rest[rest_starts[o]..rest_starts[o + 1]]`.
    rest_starts: Vec<u32>,
    rest: Vec<Lit>,
}

impl SuccessorGenerator for Watched {
    fn new(task: &Task) -> Self {
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); task.facts.len()];
        let mut unconditional = Vec::new();
        let mut rest_starts = vec![0];
        let mut rest = Vec::new();
        for (o, lits) in ordered_preconditions(task).into_iter().enumerate() {
            // The rarest positive literal is watched; the others are tested.
            match lits.iter().position(|&l| l & 1 == 0) {
                Some(i) => {
                    lists[(lits[i] >> 1) as usize].push(o as u32);
                    rest.extend(lits[..i].iter().chain(&lits[i + 1..]));
                }
                None => {
                    unconditional.push(o as u32);
                    rest.extend(&lits);
                }
            }
            rest_starts.push(rest.len() as u32);
        }
        let mut starts = vec![0];
        let mut watching = Vec::new();
        for list in lists {
            watching.extend(list);
            starts.push(watching.len() as u32);
        }
        Watched {
            starts,
            watching,
            unconditional,
            rest_starts,
            rest,
        }
    }

    #[inline]
    fn applicable(&mut self, state: &[u64], out: &mut Vec<OpId>) {
        let first = out.len();
        let rest_holds = |o: u32| {
            let r = &self.rest[self.rest_starts[o as usize] as usize..]
                [..(self.rest_starts[o as usize + 1] - self.rest_starts[o as usize]) as usize];
            r.iter().all(|&l| holds(state, l))
        };
        for &o in &self.unconditional {
            if rest_holds(o) {
                out.push(OpId(o));
            }
        }
        for f in bits::iter::<crate::task::FactId>(state) {
            let (a, b) = (self.starts[f.index()], self.starts[f.index() + 1]);
            for &o in &self.watching[a as usize..b as usize] {
                if rest_holds(o) {
                    out.push(OpId(o));
                }
            }
        }
        out[first..].sort_unstable();
    }

    fn bytes(&self) -> usize {
        (self.starts.capacity()
            + self.watching.capacity()
            + self.unconditional.capacity()
            + self.rest_starts.capacity()
            + self.rest.capacity())
            * 4
    }
}

#[cfg(test)]
mod tests;
