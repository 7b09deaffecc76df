//! Incremental LM-cut (Pommerening & Helmert 2013): a child starts from the
//! landmarks of its parent.
//!
//! LM-cut's landmarks are sets of operators of which every plan from the
//! state must use one. If `L` is a landmark of `s` and the search applies
//! `o ∉ L` to reach `s'`, then `L` is still a landmark of `s'`: a plan `π'`
//! from `s'` makes `o·π'` a plan from `s`, which uses a member of `L`, and
//! that member is not `o`, so it is in `π'`. The costs LM-cut gave the
//! landmarks of `s` are a cost partitioning (no operator pays more than its
//! cost over all landmarks it is in), so any subset of them is one too.
//!
//! So the estimate of `s'` begins with every landmark of `s` that does not
//! contain `o`: their costs are summed, subtracted from the costs of their
//! members, and LM-cut runs from `s'` on what is left, adding the new
//! landmarks it finds. The sum stays admissible. Where `o` sits in few of
//! the parent's landmarks, this needs a few cut rounds instead of one per
//! landmark: on a unit-cost task with `h = 30` a child typically starts
//! from 28 or 29 of them.
//!
//! The estimate is path-dependent: it depends on the parent that generated
//! the state, and so on the search order (which is deterministic). It can
//! be above or below LM-cut from scratch.
//!
//! Where reuse loses: a kept partition can be poorer than a fresh one. It
//! shows in A* as a child whose estimate does not raise f = g + h above its
//! parent's (`h(s') <= h(s) - cost(o)`): such a *stalled* child joins its
//! parent's f layer, and on satellite p09 the layer below the optimum grew
//! to 275,000 expansions where LM-cut from scratch needs 3,738. So a stalled
//! child is also estimated from scratch, the higher value is kept, and the
//! winner's landmarks are stored for its own children. The checks are paid
//! from a budget, so that they cost little where reuse does not lose: each
//! estimate earns 1/[`CHECK_PRICE`] of a check, and a check that scratch
//! wins earns [`WIN_REWARD`] back. Where scratch wins one check in three or
//! more, every stalled child is checked (satellite: nearly all of them);
//! where it never wins (gripper, logistics), one stalled child per 256
//! estimates is. The budget is part of the heuristic's state, so the
//! estimates stay deterministic. A stalled child never needs a cut round of
//! its own (its kept landmarks already sum to `h(s) - cost(o)`), so a check
//! costs one LM-cut from scratch.
//!
//! Storage: each landmark is kept once in a table (its cost and members),
//! and each evaluated node keeps the ids of its landmarks, most of them
//! shared with its parent. Past [`STORE_LIMIT`] bytes no more nodes are
//! stored, and the children of an unstored node start from scratch.

use super::{Estimate, LmCut, RelaxedOpId, Target, add_cost};
use crate::task::OpId;
use crate::util::limits::Footprint;

/// The most bytes the landmark tables may hold; past it, nodes are no
/// longer stored (their children are estimated from scratch).
pub const STORE_LIMIT: usize = 1 << 30;

const NOT_STORED: u64 = u64::MAX;

/// A check of a stalled child from scratch costs the credit that this many
/// estimates earn.
pub const CHECK_PRICE: i64 = 256;

/// The credit a check earns back when scratch is higher: three checks, so
/// that checking pays for itself where scratch wins one in three.
pub const WIN_REWARD: i64 = 3 * CHECK_PRICE;

/// The credit of a new search: its first eight stalled children are checked.
const INITIAL_CREDIT: i64 = 8 * CHECK_PRICE;

/// What the estimate of the pending node starts from
/// ([`LmCut::start_from_parent`]).
pub(super) struct Start {
    /// The node whose landmarks are stored (`None`: not stored).
    pub(super) node: Option<u32>,
    /// The summed cost of the parent's landmarks kept.
    pub(super) reused: u32,
    /// `h(parent) - cost(o)`: an estimate at or below it is stalled (`None`
    /// without a stored parent).
    stalled_at: Option<u32>,
    /// The length of the landmark table before this estimate.
    first_new: usize,
}

/// The landmarks of the evaluated nodes; see the module docs.
#[derive(Clone, Debug, Default)]
pub(super) struct Reuse {
    /// Landmark `l` costs `lm_cost[l]`; its members are
    /// `lm_ops[lm_start[l]..lm_start[l + 1]]`.
    lm_cost: Vec<u32>,
    lm_start: Vec<u64>,
    lm_ops: Vec<RelaxedOpId>,
    /// Node `n`'s landmark ids are `node_lms[node_start[n]..][..node_len[n]]`
    /// (`node_start[n] == NOT_STORED` if it has none stored).
    node_start: Vec<u64>,
    node_len: Vec<u32>,
    node_lms: Vec<u32>,
    /// The node the next [`LmCut::estimate`] is for, and the parent and
    /// operator it was reached by (`None` for the start node).
    pending: Option<(u32, Option<(u32, OpId)>)>,
    /// The landmark ids of the state being estimated.
    current: Vec<u32>,
    /// Marks the relaxed operators of the operator just applied.
    applied: Vec<bool>,
    /// Whether the cuts of the current estimate are recorded (only when it
    /// is for a node that the search named).
    recording: bool,
    /// Landmarks reused and found by cut rounds, in the estimates' final
    /// landmark sets (a check's losing set does not count).
    reused: u64,
    found: u64,
    /// The most bytes the tables may hold ([`STORE_LIMIT`]).
    limit: usize,
    /// The budget of checks from scratch, in estimates (see the module docs).
    credit: i64,
    /// Stalled children checked from scratch, and checks where scratch was
    /// higher.
    checks: u64,
    wins: u64,
}

impl Reuse {
    pub(super) fn new(num_ops: usize) -> Self {
        Reuse {
            lm_start: vec![0],
            applied: vec![false; num_ops],
            limit: STORE_LIMIT,
            credit: INITIAL_CREDIT,
            ..Reuse::default()
        }
    }

    /// The bytes the tables hold.
    pub(super) fn footprint(&self) -> Footprint {
        Footprint::of(&[
            4 * self.lm_cost.capacity(),
            8 * self.lm_start.capacity(),
            4 * self.lm_ops.capacity(),
            8 * self.node_start.capacity(),
            4 * self.node_len.capacity(),
            4 * self.node_lms.capacity(),
        ])
    }

    /// A new search: forget every node.
    pub(super) fn start(&mut self, node: u32) {
        self.lm_cost.clear();
        self.lm_start.truncate(1);
        self.lm_ops.clear();
        self.node_start.clear();
        self.node_len.clear();
        self.node_lms.clear();
        self.pending = Some((node, None));
        self.credit = INITIAL_CREDIT;
    }

    pub(super) fn transition(&mut self, parent: u32, op: OpId, child: u32) {
        self.pending = Some((child, Some((parent, op))));
    }

    /// Records a landmark found by a cut round of the current estimate.
    pub(super) fn found_cut(&mut self, cost: u32, ops: &[RelaxedOpId]) {
        if !self.recording {
            return;
        }
        self.current.push(self.lm_cost.len() as u32);
        self.lm_cost.push(cost);
        self.lm_ops.extend_from_slice(ops);
        self.lm_start.push(self.lm_ops.len() as u64);
        self.found += 1;
    }

    /// Whether the budget pays for checking a stalled child from scratch
    /// (and if so, pays).
    fn may_check(&mut self) -> bool {
        if self.credit < CHECK_PRICE {
            return false;
        }
        self.credit -= CHECK_PRICE;
        self.checks += 1;
        true
    }

    /// Scratch was higher: its landmarks (already current) replace the
    /// incremental estimate's `kept`, all of them reused (see
    /// [`LmCut::check_stalled`]).
    fn scratch_won(&mut self, kept: &[u32]) {
        self.credit += WIN_REWARD;
        self.wins += 1;
        self.reused -= kept.len() as u64;
    }

    /// Scratch was not higher: drop its landmarks (from `scratch_from` on)
    /// and make the incremental estimate's `kept` current again.
    fn scratch_lost(&mut self, kept: Vec<u32>, scratch_from: usize) {
        self.found -= (self.lm_cost.len() - scratch_from) as u64;
        self.lm_cost.truncate(scratch_from);
        self.lm_start.truncate(scratch_from + 1);
        self.lm_ops.truncate(self.lm_start[scratch_from] as usize);
        self.current = kept;
    }

    /// Stores the current landmarks under `node` (only while recording:
    /// not once the tables are full).
    fn store(&mut self, node: u32) {
        if !self.recording {
            return;
        }
        let n = node as usize;
        if self.node_start.len() <= n {
            self.node_start.resize(n + 1, NOT_STORED);
            self.node_len.resize(n + 1, 0);
        }
        self.node_start[n] = self.node_lms.len() as u64;
        self.node_len[n] = self.current.len() as u32;
        self.node_lms.extend_from_slice(&self.current);
    }
}

impl LmCut {
    /// Incremental LM-cut: the estimate of a state whose parent the search
    /// names starts from the parent's landmarks (see the module docs of
    /// `lmcut/reuse.rs`); other estimates are computed from scratch.
    pub fn incremental(task: &crate::task::Task) -> Self {
        let mut h = LmCut::new(task);
        h.reuse = Some(Box::new(Reuse::new(h.relaxed.num_ops())));
        h
    }

    /// Starts the estimate of the pending node: sets the operator costs to
    /// those left over by the parent's landmarks that survive the operator
    /// applied, and says what they sum to.
    pub(super) fn start_from_parent(&mut self) -> Start {
        self.op_cost.copy_from_slice(self.relaxed.costs());
        let mut start = Start {
            node: None,
            reused: 0,
            stalled_at: None,
            first_new: 0,
        };
        let Some(reuse) = self.reuse.as_deref_mut() else {
            return start;
        };
        reuse.current.clear();
        reuse.credit += 1;
        start.first_new = reuse.lm_cost.len();
        // Once the tables are full, neither new landmarks nor nodes are kept.
        reuse.recording = reuse.pending.is_some() && reuse.footprint().total <= reuse.limit;
        let Some((node, from)) = reuse.pending.take() else {
            return start;
        };
        start.node = Some(node);
        let Some((parent, op)) = from else {
            return start;
        };
        let Reuse {
            lm_cost,
            lm_start,
            lm_ops,
            node_start,
            node_len,
            node_lms,
            current,
            applied,
            reused,
            ..
        } = reuse;
        let first = node_start
            .get(parent as usize)
            .copied()
            .unwrap_or(NOT_STORED);
        if first == NOT_STORED {
            return start;
        }
        let lms = &node_lms[first as usize..][..node_len[parent as usize] as usize];
        let mine = self.relaxed.relaxed_of(op);
        for &r in mine {
            applied[r.index()] = true;
        }
        let mut parent_h: u32 = 0;
        for &l in lms {
            let l = l as usize;
            parent_h = add_cost(parent_h, lm_cost[l]);
            let members = &lm_ops[lm_start[l] as usize..lm_start[l + 1] as usize];
            if members.iter().any(|r| applied[r.index()]) {
                continue;
            }
            for r in members {
                self.op_cost[r.index()] -= lm_cost[l];
            }
            start.reused += lm_cost[l];
            current.push(l as u32);
        }
        let costs = self.relaxed.costs();
        let op_cost = mine.iter().map(|r| costs[r.index()]).max().unwrap_or(0);
        for &r in mine {
            applied[r.index()] = false;
        }
        *reused += current.len() as u64;
        start.stalled_at = Some(parent_h.saturating_sub(op_cost));
        start
    }

    /// The incremental estimate `h` of a stalled child is checked against
    /// LM-cut from scratch when the budget allows (see the module docs);
    /// returns the higher value, whose landmarks are now current.
    pub(super) fn check_stalled(&mut self, state: &[u64], start: &Start, h: u32) -> u32 {
        let Some(reuse) = self.reuse.as_deref_mut() else {
            return h;
        };
        // A stalled estimate found no cut of its own: the parent's landmarks
        // without `o` cost at least h(parent) - cost(o), as `o` pays at most
        // its cost over the landmarks it is in. So its landmarks are the
        // parent's, and only the table's tail is scratch's.
        let stalled = start.stalled_at.is_some_and(|bound| h <= bound);
        if !stalled || reuse.lm_cost.len() != start.first_new || !reuse.may_check() {
            return h;
        }
        let scratch_from = reuse.lm_cost.len();
        let kept = std::mem::take(&mut reuse.current);
        self.op_cost.copy_from_slice(self.relaxed.costs());
        self.first_exploration(state);
        let fresh = self.cut_rounds(state, Target::TaskGoal);
        let reuse = self.reuse.as_deref_mut().expect("checked above");
        match fresh {
            Estimate::Value(fresh) if fresh > h => {
                reuse.scratch_won(&kept);
                fresh
            }
            _ => {
                reuse.scratch_lost(kept, scratch_from);
                h
            }
        }
    }

    /// Incremental LM-cut whose tables hold at most `bytes`.
    #[cfg(test)]
    pub(crate) fn with_store_limit(mut self, bytes: usize) -> Self {
        if let Some(reuse) = self.reuse.as_deref_mut() {
            reuse.limit = bytes;
        }
        self
    }

    /// The landmarks and the nodes the tables hold.
    #[cfg(test)]
    pub(crate) fn stored_counts(&self) -> (usize, usize) {
        self.reuse.as_deref().map_or((0, 0), |r| {
            let nodes = r.node_start.iter().filter(|&&s| s != NOT_STORED).count();
            (r.lm_cost.len(), nodes)
        })
    }

    /// Landmarks reused from parents and found by cut rounds so far.
    #[cfg(test)]
    pub(crate) fn reuse_counts(&self) -> (u64, u64) {
        self.reuse
            .as_deref()
            .map_or((0, 0), |r| (r.reused, r.found))
    }

    /// Stalled children checked from scratch, and checks scratch won.
    #[cfg(test)]
    pub(crate) fn check_counts(&self) -> (u64, u64) {
        self.reuse.as_deref().map_or((0, 0), |r| (r.checks, r.wins))
    }

    /// Ends the estimate of `node`: stores its landmarks.
    pub(super) fn finish(&mut self, node: Option<u32>) {
        if let (Some(reuse), Some(node)) = (self.reuse.as_deref_mut(), node) {
            reuse.store(node);
            reuse.recording = false;
        }
    }
}
