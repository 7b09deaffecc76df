//! [`delegate!`]: the [`SearchSpace`](super::SearchSpace) methods that a space
//! wrapping another (a trace, a transposition table, a novelty test, a plan's
//! neighbourhood, a perimeter) hands to it unchanged.
//!
//! Inside the wrapper's `impl SearchSpace`, `delegate!(inner => words, start,
//! cost)` writes `fn words(&self) -> usize { self.inner.words() }` and so on,
//! so the impl spells out only what the wrapper changes. A method left out of
//! the list and not written by hand takes the trait's default, which is what a
//! wrapper that hides something of the inner space wants (novelty pruning is
//! never complete, say); listing the rest keeps that choice visible.

macro_rules! delegate {
    ($inner:ident => $($method:ident),+ $(,)?) => {
        $( $crate::search::delegate!(@ $inner $method); )+
    };
    (@ $i:ident words) => {
        fn words(&self) -> usize {
            self.$i.words()
        }
    };
    (@ $i:ident start) => {
        fn start(&self, node: &mut [u64]) {
            self.$i.start(node)
        }
    };
    (@ $i:ident is_target) => {
        fn is_target(&self, node: &[u64]) -> bool {
            self.$i.is_target(node)
        }
    };
    (@ $i:ident successors) => {
        fn successors(&mut self, node: &[u64], out: &mut $crate::search::Successors) {
            self.$i.successors(node, out)
        }
    };
    (@ $i:ident successor) => {
        fn successor(&mut self, node: &[u64], op: $crate::task::OpId, out: &mut [u64]) -> bool {
            self.$i.successor(node, op, out)
        }
    };
    (@ $i:ident cost) => {
        fn cost(&self, op: $crate::task::OpId) -> u32 {
            self.$i.cost(op)
        }
    };
    (@ $i:ident operator_between) => {
        fn operator_between(&mut self, from: &[u64], to: &[u64]) -> Option<$crate::task::OpId> {
            self.$i.operator_between(from, to)
        }
    };
    (@ $i:ident min_cost) => {
        fn min_cost(&self) -> u32 {
            self.$i.min_cost()
        }
    };
    (@ $i:ident on_expand) => {
        fn on_expand(&mut self, node: &[u64], g: u32) {
            self.$i.on_expand(node, g)
        }
    };
    (@ $i:ident prune) => {
        fn prune(&mut self, node: &[u64], g: u32) -> bool {
            self.$i.prune(node, g)
        }
    };
    (@ $i:ident pruned_by) => {
        fn pruned_by(&self) -> &'static str {
            self.$i.pruned_by()
        }
    };
    (@ $i:ident on_evaluate) => {
        fn on_evaluate(&mut self, node: &[u64], h: Option<&[u32]>) {
            self.$i.on_evaluate(node, h)
        }
    };
    (@ $i:ident on_novelty) => {
        fn on_novelty(&mut self, node: &[u64], w: u32, width: u32, pruned: bool) {
            self.$i.on_novelty(node, w, width, pruned)
        }
    };
    (@ $i:ident on_duplicate) => {
        fn on_duplicate(&mut self, node: &[u64]) {
            self.$i.on_duplicate(node)
        }
    };
    (@ $i:ident rejections) => {
        fn rejections(&self) -> Vec<($crate::task::OpId, &'static str)> {
            self.$i.rejections()
        }
    };
    (@ $i:ident on_restart) => {
        fn on_restart(&mut self) {
            self.$i.on_restart()
        }
    };
    (@ $i:ident pruning_counters) => {
        fn pruning_counters(&self) -> Vec<(&'static str, u64)> {
            self.$i.pruning_counters()
        }
    };
    (@ $i:ident is_complete) => {
        fn is_complete(&self) -> bool {
            self.$i.is_complete()
        }
    };
    (@ $i:ident goal_facts) => {
        fn goal_facts(&self) -> Option<&[$crate::task::FactId]> {
            self.$i.goal_facts()
        }
    };
    (@ $i:ident plan_from_path) => {
        fn plan_from_path(&self, path: Vec<$crate::task::OpId>) -> Vec<$crate::task::OpId> {
            self.$i.plan_from_path(path)
        }
    };
    (@ $i:ident bytes) => {
        fn bytes(&self) -> usize {
            self.$i.bytes()
        }
    };
    (@ $i:ident packing) => {
        fn packing(&self) -> $crate::search::Packing {
            self.$i.packing()
        }
    };
}

pub(crate) use delegate;

#[cfg(test)]
mod tests {
    use crate::search::{SearchSpace, Successors};
    use crate::task::OpId;

    /// A space whose every answer is recognisable.
    struct Inner;

    impl SearchSpace for Inner {
        fn words(&self) -> usize {
            3
        }
        fn start(&self, node: &mut [u64]) {
            node[0] = 7;
        }
        fn is_target(&self, node: &[u64]) -> bool {
            node[0] == 9
        }
        fn successors(&mut self, _node: &[u64], out: &mut Successors) {
            out.clear();
            out.push(OpId(4), &[9, 0, 0]);
        }
        fn cost(&self, op: OpId) -> u32 {
            op.0 * 10
        }
        fn min_cost(&self) -> u32 {
            5
        }
        fn pruned_by(&self) -> &'static str {
            "inner rule"
        }
        fn is_complete(&self) -> bool {
            false
        }
        fn plan_from_path(&self, mut path: Vec<OpId>) -> Vec<OpId> {
            path.reverse();
            path
        }
        fn bytes(&self) -> usize {
            123
        }
    }

    struct Wrapper {
        inner: Inner,
    }

    impl SearchSpace for Wrapper {
        super::delegate!(inner => words, start, is_target, successors, cost, min_cost,
            pruned_by, is_complete, plan_from_path, bytes);
    }

    #[test]
    fn the_listed_methods_answer_as_the_inner_space() {
        let mut wrapped = Wrapper { inner: Inner };
        assert_eq!(wrapped.words(), 3);
        let mut node = [0; 3];
        wrapped.start(&mut node);
        assert_eq!(node, [7, 0, 0]);
        assert!(wrapped.is_target(&[9, 0, 0]) && !wrapped.is_target(&node));
        let mut out = Successors::new(3);
        wrapped.successors(&node, &mut out);
        assert_eq!(out.get(0), (OpId(4), &[9, 0, 0][..]));
        assert_eq!((wrapped.cost(OpId(2)), wrapped.min_cost()), (20, 5));
        assert_eq!(wrapped.pruned_by(), "inner rule");
        assert!(!wrapped.is_complete());
        assert_eq!(
            wrapped.plan_from_path(vec![OpId(1), OpId(2)]),
            [OpId(2), OpId(1)]
        );
        assert_eq!(wrapped.bytes(), 123);
    }
}
