//! Which operators may share a time step: the ∀-step and ∃-step semantics.
//!
//! A step of the formula may hold several operators, which makes the
//! horizon, and so the formula, shorter. Sequential steps hold one. A
//! *∀-step* (Kautz and Selman's parallel plans) holds operators that do not
//! interfere: none deletes what another needs, so *every* order of them is
//! a valid sequence. An *∃-step* (Rintanen, Heljanko and Niemelä 2006) asks
//! only that *one* fixed order works: operators are ranked once, and an
//! operator may not delete what a later-ranked operator of the same step
//! needs, written as a chain of auxiliary variables so that the clauses stay
//! linear in the number of operators instead of quadratic.
//!
//! Example: `a` needs `p`, `b` deletes `p`. ∀-step forbids both in a step;
//! ∃-step allows them when `a` is ranked before `b`.

use super::{ClauseSink, Encoder, Lit, MAX_ORDER_EDGES, split};
use crate::task::OpId;

impl Encoder<'_> {
    /// ∀-step: for each fact, no operator of the step deletes it while
    /// another one needs it (and the same for negative preconditions, with
    /// the adders as the deleters).
    pub(super) fn forall_step(&mut self, sink: &mut impl ClauseSink, t: usize) {
        for p in 0..self.task.facts.len() {
            let need = self.present(&self.need[p], t);
            let delete = self.present(&self.delete[p], t);
            self.no_disabling(sink, &need, &delete);
            let need_not = self.present(&self.need_not[p], t);
            let add = self.present(&self.add[p], t);
            self.no_disabling(sink, &need_not, &add);
        }
    }

    /// No operator of `disable` together with a *different* one of `need`.
    /// Linear in their sizes: those in both sets (an operator that needs
    /// the fact and deletes it) exclude every other; the rest split into
    /// needers only and disablers only, which exclude each other through
    /// one auxiliary variable each.
    pub(super) fn no_disabling(
        &mut self,
        sink: &mut impl ClauseSink,
        need: &[Lit],
        disable: &[Lit],
    ) {
        if need.is_empty() || disable.is_empty() {
            return;
        }
        // The step's variables are numbered in operator order, so both lists
        // are ascending.
        let (only_need, both, only_disable) = split(need, disable);
        let mut group = both;
        // One member of the at-most-one below stands for all the others
        // (`either`: one of them is taken), which do not exclude each other
        // unless one needs and the other disables.
        let either = if !group.is_empty() && only_need.len() + only_disable.len() > 0 {
            Some(self.var(sink))
        } else {
            None
        };
        if !only_need.is_empty() && !only_disable.is_empty() {
            let (r, d) = (self.var(sink), self.var(sink));
            only_need.iter().for_each(|&v| self.clause(sink, &[-v, r]));
            only_disable
                .iter()
                .for_each(|&v| self.clause(sink, &[-v, d]));
            self.clause(sink, &[-r, -d]);
            if let Some(e) = either {
                self.clause(sink, &[-r, e]);
                self.clause(sink, &[-d, e]);
            }
        } else if let Some(e) = either {
            for &v in only_need.iter().chain(&only_disable) {
                self.clause(sink, &[-v, e]);
            }
        }
        group.extend(either);
        self.at_most_one(sink, &group);
    }

    /// ∃-step: walking the step's operators in the order, an operator that
    /// needs a fact may not come after one that deletes it. A chain of
    /// auxiliary variables `c_i` ("a deleter at position `i` or before is
    /// taken") keeps it linear.
    pub(super) fn exists_step(&mut self, sink: &mut impl ClauseSink, t: usize) {
        for p in 0..self.task.facts.len() {
            let items = self.chain_items(t, &self.need[p], &self.delete[p]);
            self.chain(sink, &items);
            let items = self.chain_items(t, &self.need_not[p], &self.add[p]);
            self.chain(sink, &items);
        }
    }

    /// The operators of step `t` that need the fact or disable it, as
    /// `(position, variable, needs, disables)` in the ∃-step order.
    pub(super) fn chain_items(
        &self,
        t: usize,
        need: &[OpId],
        disable: &[OpId],
    ) -> Vec<(u32, Lit, bool, bool)> {
        if need.is_empty() || disable.is_empty() {
            return Vec::new();
        }
        // Both lists are in operator order.
        let (only_need, both, only_disable) = split(need, disable);
        let mut items: Vec<(u32, Lit, bool, bool)> = [
            (only_need, true, false),
            (both, true, true),
            (only_disable, false, true),
        ]
        .into_iter()
        .flat_map(|(ops, needs, disables)| {
            ops.into_iter().filter_map(move |o| {
                let v = self.ops[t][o.index()];
                (v != 0).then(|| (self.position[o.index()], v, needs, disables))
            })
        })
        .collect();
        items.sort_unstable();
        items
    }

    pub(super) fn chain(&mut self, sink: &mut impl ClauseSink, items: &[(u32, Lit, bool, bool)]) {
        // The last needer: disablers after it need no chain.
        let Some(last_need) = items.iter().rposition(|i| i.2) else {
            return;
        };
        let mut chain: Lit = 0;
        for &(_, v, needs, disables) in &items[..last_need + 1] {
            if needs && chain != 0 {
                self.clause(sink, &[-v, -chain]);
            }
            if disables {
                let next = self.var(sink);
                self.clause(sink, &[-v, next]);
                if chain != 0 {
                    self.clause(sink, &[-chain, next]);
                }
                chain = next;
            }
        }
    }

    /// The ∃-step order: if `a` deletes what `b` needs, `b` should come
    /// first, so that both can share a step. Operators that disable each
    /// other in a cycle (a strongly connected component of the disabling
    /// graph) keep their own order among themselves.
    pub(super) fn exists_step_order(&self) -> Vec<u32> {
        use petgraph::algo::tarjan_scc;
        use petgraph::graph::DiGraph;
        let m = self.task.operators.len();
        let identity = (0..m as u32).collect();
        let pairs = |need: &[Vec<OpId>], disable: &[Vec<OpId>]| -> usize {
            need.iter()
                .zip(disable)
                .map(|(n, d)| n.len() * d.len())
                .sum()
        };
        let edges = pairs(&self.need, &self.delete) + pairs(&self.need_not, &self.add);
        if edges > MAX_ORDER_EDGES {
            return identity;
        }
        let mut graph = DiGraph::<(), ()>::with_capacity(m, edges);
        for _ in 0..m {
            graph.add_node(());
        }
        for (need, disable) in [(&self.need, &self.delete), (&self.need_not, &self.add)] {
            for (n, d) in need.iter().zip(disable.iter()) {
                for &b in n {
                    for &a in d {
                        if a != b {
                            // `b` (disabled) before `a` (disabler).
                            graph.add_edge(b.0.into(), a.0.into(), ());
                        }
                    }
                }
            }
        }
        // Tarjan lists the components with every edge's target first.
        let mut position = vec![0u32; m];
        let mut next = 0u32;
        for component in tarjan_scc(&graph).iter().rev() {
            let mut ops: Vec<usize> = component.iter().map(|n| n.index()).collect();
            ops.sort_unstable();
            for o in ops {
                position[o] = next;
                next += 1;
            }
        }
        position
    }
}
