//! Stratification: the order in which derived predicates are computed.
//!
//! A derived predicate may use another one, also negated (`(not (p ?x))`).
//! Negation is only meaningful once `p` is complete, so the predicates are
//! put in *strata*: a predicate's rules use predicates of lower strata
//! negatively and of its own or lower strata positively, and each stratum is
//! computed to its fixpoint before the next (PDDL 2.2's semantics, Fast
//! Downward's axiom layers). Rules that depend on their own negation have no
//! strata: an error that names a derived predicate on the cycle.
//!
//! Example: with `(:derived (a) (b))` and `(:derived (c) (not (a)))`, `b` is
//! basic (stratum 0), `a` is at stratum 1 and `c` at stratum 2.

use super::{PredId, Schema};
use crate::pddl::ast;
use crate::pddl::{ErrorKind, PddlError};
use crate::util::hash::FastBuildHasher;
use indexmap::IndexSet;

/// The error for rules that depend on their own negation after
/// normalisation: it names a derived predicate of the domain on the cycle,
/// at its `(:derived ...)`.
pub(super) fn cycle_error(
    domain: &ast::Domain,
    predicates: &IndexSet<String, FastBuildHasher>,
    axioms: &[Schema],
    cycle: &NegativeCycle,
) -> PddlError {
    // Best a rule as written that negates a predicate of the cycle, then
    // any rule as written of the cycle, then the rule layering tripped on.
    let on_cycle = |r: &&Schema| cycle.members.contains(&r.add[0].pred);
    let negating = |r: &&Schema| r.neg.iter().any(|a| cycle.members.contains(&a.pred));
    let cycle_rules = || axioms.iter().filter(on_cycle);
    let rule = (cycle_rules().filter(negating).chain(cycle_rules()))
        .find_map(|r| domain.derived.get(r.action as usize).map(|d| (r, d)));
    let negated = match rule {
        Some((r, _)) => (r.neg.iter())
            .find(|a| cycle.members.contains(&a.pred))
            .map_or(cycle.negated, |a| a.pred),
        None => cycle.negated,
    };
    let negated = &predicates[negated as usize];
    let through = if negated.starts_with('@') {
        format!("the negation of `{negated}`, a predicate normalisation made")
    } else {
        format!("the negation of `{negated}`")
    };
    let (name, span) = match rule {
        Some((_, d)) => (d.predicate.text.as_str(), d.predicate.span),
        None => (
            predicates[axioms[cycle.rule].add[0].pred as usize].as_str(),
            domain.name.span,
        ),
    };
    PddlError::new(
        ErrorKind::Unsupported,
        &domain.source,
        span,
        format!(
            "derived predicate `{name}` depends on itself through {through}; planbox \
             evaluates derived predicates in layers, and a cycle through negation has none"
        ),
    )
}

/// Rules that no layering evaluates: `rule` uses `negated` under a negation,
/// and `negated` depends, through the rules, on the rule's head.
#[derive(Debug, PartialEq, Eq)]
pub struct NegativeCycle {
    /// Index in the axioms.
    pub rule: usize,
    pub negated: PredId,
    /// The predicates of the cycle (one strongly connected component).
    pub members: Vec<PredId>,
}

/// The stratum of each predicate: 0 for basic ones; a derived predicate is at
/// least as high as the derived predicates its rules use positively, and
/// higher than the ones they use negatively, as low as that allows.
///
/// Layers exist only when no predicate depends on its own negation. The
/// checker refuses such rules as written, but the rules here are the
/// normalised ones, with predicates normalisation made: a cycle through
/// negation among them is an error, never a layering whose evaluation
/// computes something else than the rules mean.
pub fn strata(axioms: &[Schema], derived: &[bool]) -> Result<Vec<u32>, NegativeCycle> {
    use petgraph::graph::{DiGraph, NodeIndex};
    use petgraph::visit::EdgeRef;
    // An edge from each head to each derived predicate of its body, marked
    // true when the body uses it positively.
    let mut graph: DiGraph<(), bool, u32> = DiGraph::default();
    for _ in 0..derived.len() {
        graph.add_node(());
    }
    for rule in axioms {
        let head = NodeIndex::new(rule.add[0].pred as usize);
        for (atoms, positive) in [(&rule.pos, true), (&rule.neg, false)] {
            for a in atoms.iter().filter(|a| derived[a.pred as usize]) {
                graph.add_edge(head, NodeIndex::new(a.pred as usize), positive);
            }
        }
    }
    // Tarjan lists the components bodies first: each one after every
    // component its rules use.
    let components = petgraph::algo::tarjan_scc(&graph);
    let mut component = vec![0usize; derived.len()];
    for (c, members) in components.iter().enumerate() {
        for n in members {
            component[n.index()] = c;
        }
    }
    for (r, rule) in axioms.iter().enumerate() {
        let head = rule.add[0].pred as usize;
        if let Some(a) = (rule.neg.iter())
            .find(|a| derived[a.pred as usize] && component[a.pred as usize] == component[head])
        {
            let mut members: Vec<PredId> = (components[component[head]].iter())
                .map(|n| n.index() as PredId)
                .collect();
            members.sort_unstable();
            return Err(NegativeCycle {
                rule: r,
                negated: a.pred,
                members,
            });
        }
    }
    let mut layer = vec![0u32; derived.len()];
    for members in &components {
        let mut need = 0;
        for &n in members {
            if derived[n.index()] {
                need = need.max(1);
            }
            for e in graph.edges(n) {
                let body = e.target().index();
                if component[body] != component[n.index()] {
                    need = need.max(layer[body] + u32::from(!*e.weight()));
                }
            }
        }
        for &n in members {
            layer[n.index()] = need;
        }
    }
    Ok(layer)
}

#[cfg(test)]
mod tests;
