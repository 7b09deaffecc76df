//! Operators as word masks, for regression's inner loop.
//!
//! Regression tries many operators per node and rejects most of them, so each
//! try must be cheap. An operator touches only a few words of the packed
//! subgoal set; for each such word this module keeps its `add`, `del`, `pre`
//! and `neg_pre` bits, and the facts that can never hold together with one of
//! its preconditions (by an at-most-one invariant, by h²). Then, word by word:
//!
//! ```text
//! consistent:  P & del == 0  and  N & add == 0
//! regressed:   P' = (P & !add) | pre        N' = (N & !del) | neg_pre
//! mutex-free:  P' & forbidden == 0
//! ```
//!
//! The last test is complete for pairs: `P` itself passed the test when it was
//! made, so a new mutex pair in `P'` involves a precondition of the operator.
//!
//! Example: in Sokoban, `move(c1, c2)` has `pre = {(man c1), (clear c2)}`;
//! its forbidden facts include `(man c)` for every other cell `c`, so a
//! subgoal set that already puts the man elsewhere is rejected by one `AND`.

use super::MutexOracle;
use crate::task::{FactId, OpId, Task};
use crate::util::bits;

/// One word of an operator.
#[derive(Clone, Copy, Debug, Default)]
pub struct WordOp {
    pub word: u32,
    pub add: u64,
    pub del: u64,
    pub pre: u64,
    pub neg_pre: u64,
    pub forbid_invariant: u64,
    pub forbid_h2: u64,
}

/// The words of every operator.
#[derive(Debug)]
pub struct OpMasks {
    starts: Vec<u32>,
    words: Vec<WordOp>,
}

/// Most `operators × words` the masks may take (about 230 MB); larger tasks
/// use the plain checks.
const MAX_WORDS: usize = 1 << 22;

impl OpMasks {
    /// The masks of `task`'s operators, or `None` if the task is too large.
    pub fn new(task: &Task, mutexes: Option<&dyn MutexOracle>) -> Option<OpMasks> {
        let w = bits::words_for(task.facts.len());
        if task.operators.len().saturating_mul(w) > MAX_WORDS {
            return None;
        }
        let mut masks = OpMasks {
            starts: Vec::with_capacity(task.operators.len() + 1),
            words: Vec::new(),
        };
        let mut full = vec![WordOp::default(); w];
        let set = |list: &[FactId], full: &mut [WordOp], field: fn(&mut WordOp) -> &mut u64| {
            for &f in list {
                *field(&mut full[bits::word(f)]) |= bits::mask(f);
            }
        };
        let (mut inv, mut h2) = (vec![0u64; w], vec![0u64; w]);
        for op in &task.operators {
            masks.starts.push(masks.words.len() as u32);
            full.iter_mut().for_each(|x| *x = WordOp::default());
            set(&op.add, &mut full, |x| &mut x.add);
            set(&op.del, &mut full, |x| &mut x.del);
            set(&op.pre, &mut full, |x| &mut x.pre);
            set(&op.neg_pre, &mut full, |x| &mut x.neg_pre);
            if let Some(m) = mutexes {
                inv.fill(0);
                h2.fill(0);
                for &p in op.pre.iter() {
                    m.add_partners(p, &mut inv, &mut h2);
                }
                for (x, (&i, &h)) in full.iter_mut().zip(inv.iter().zip(&h2)) {
                    x.forbid_invariant = i;
                    x.forbid_h2 = h;
                }
            }
            for (k, x) in full.iter().enumerate() {
                let any = x.add | x.del | x.pre | x.neg_pre | x.forbid_invariant | x.forbid_h2;
                if any != 0 {
                    masks.words.push(WordOp {
                        word: k as u32,
                        ..*x
                    });
                }
            }
        }
        masks.starts.push(masks.words.len() as u32);
        Some(masks)
    }

    /// The words of operator `o`.
    #[inline]
    pub fn of(&self, o: OpId) -> &[WordOp] {
        &self.words[self.starts[o.index()] as usize..self.starts[o.index() + 1] as usize]
    }

    pub fn bytes(&self) -> usize {
        self.starts.capacity() * 4 + self.words.capacity() * std::mem::size_of::<WordOp>()
    }
}
