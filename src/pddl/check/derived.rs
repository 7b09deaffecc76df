//! The checks of derived predicates (PDDL 2.2's `:derived-predicates`).
//!
//! A derived predicate is defined by its rules alone, so an action may not
//! change it; its rules must use declared predicates with the right
//! parameters; and no predicate may depend on its own negation through the
//! rules (the rules must be *stratified*), or they would have no single
//! meaning.
//!
//! Example: `(:derived (above ?x ?y) (on ?x ?y))` with an action that adds
//! `(above a b)` is refused at the action's effect.

use super::*;

/// An action may not change a derived predicate: its atoms follow from the
/// rules alone.
pub(super) fn not_derived(
    domain: &Domain,
    span: Span,
    predicate: &str,
    action: &Name,
) -> Result<(), PddlError> {
    if let Some(rule) = domain
        .derived
        .iter()
        .find(|d| d.predicate.text == predicate)
    {
        return Err(PddlError::invalid(
            &domain.source,
            span,
            format!(
                "action `{}` changes `{predicate}`, a derived predicate (defined at {}); \
                 expected only its `(:derived ...)` rules to make it true",
                action.text,
                position(&domain.source, rule.predicate.span)
            ),
        ));
    }
    Ok(())
}

/// The rules of derived predicates: each head a declared predicate with the
/// declared arity and distinct variables, each body checked with the head's
/// variables in scope, and no predicate defined through its own negation.
pub(super) fn check_derived<'a>(
    domain: &'a Domain,
    types: &'a TypeTable<'a>,
    predicates: &'a FastMap<&'a str, &'a Signature>,
    constants: &'a FastMap<&'a str, &'a Name>,
    warnings: &'a Warnings,
) -> Result<(), PddlError> {
    let err = |span, msg: String| PddlError::invalid(&domain.source, span, msg);
    for rule in &domain.derived {
        let Some(sig) = predicates.get(rule.predicate.text.as_str()) else {
            return Err(err(
                rule.predicate.span,
                format!(
                    "derived predicate `{}` is not declared; expected it in `:predicates`{}",
                    rule.predicate.text,
                    suggest(&rule.predicate.text, predicates.keys().copied())
                ),
            ));
        };
        if sig.parameters.len() != rule.parameters.len() {
            return Err(err(
                rule.predicate.span,
                format!(
                    "predicate `{}` takes {} argument{}, but this rule's head has {}",
                    rule.predicate.text,
                    sig.parameters.len(),
                    plural(sig.parameters.len()),
                    rule.parameters.len()
                ),
            ));
        }
        let names = check_parameters(&rule.parameters, types, &domain.source, "rule")?;
        let scope = Scope {
            domain,
            types,
            predicates,
            parameters: rule.parameters.iter().collect(),
            parameter_names: names,
            constants,
            objects: None,
            warnings,
        };
        scope.condition(&rule.body)?;
    }
    check_stratified(domain)
}

/// Refuses rules that define a derived predicate through its own negation,
/// directly or through other derived predicates: `(:derived (p) (not (q)))`
/// with `(:derived (q) (p))`. Such rules have no single least fixpoint, so
/// planners (Fast Downward's translator among them) require *stratified*
/// rules: the predicates split into layers, a predicate depending positively
/// on its own layer or below and negatively only on layers below.
fn check_stratified(domain: &Domain) -> Result<(), PddlError> {
    use petgraph::graph::DiGraph;
    let derived: FastMap<&str, usize> = (domain.derived.iter())
        .map(|d| d.predicate.text.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    if derived.is_empty() {
        return Ok(());
    }
    let mut graph: DiGraph<(), ()> = DiGraph::new();
    let nodes: Vec<_> = (0..derived.len()).map(|_| graph.add_node(())).collect();
    // (rule, head, body predicate, the literal) for each negative use.
    let mut negative: Vec<(&Derived, usize, usize, Span)> = Vec::new();
    for rule in &domain.derived {
        let head = derived[rule.predicate.text.as_str()];
        for (literal, positive) in signed_literals(&rule.body) {
            if let Literal::Atom { atom, .. } = literal
                && let Some(&body) = derived.get(atom.predicate.text.as_str())
            {
                graph.add_edge(nodes[head], nodes[body], ());
                if !positive {
                    negative.push((rule, head, body, atom.span));
                }
            }
        }
    }
    let mut component = vec![0usize; derived.len()];
    for (c, scc) in petgraph::algo::tarjan_scc(&graph).iter().enumerate() {
        for n in scc {
            component[n.index()] = c;
        }
    }
    if let Some((rule, _, _, span)) = negative
        .iter()
        .find(|(_, h, b, _)| component[*h] == component[*b])
    {
        return Err(PddlError::invalid(
            &domain.source,
            *span,
            format!(
                "derived predicate `{}` depends on its own negation through this literal; \
                 expected stratified rules (no cycle through `not` among derived predicates)",
                rule.predicate.text
            ),
        ));
    }
    Ok(())
}

/// Each literal of a condition with its polarity: false when it is under an
/// odd number of negations (`not`, the premise of `imply`).
pub(crate) fn signed_literals(condition: &Condition) -> Vec<(&Literal, bool)> {
    pub(super) fn walk<'a>(c: &'a Condition, sign: bool, out: &mut Vec<(&'a Literal, bool)>) {
        match c {
            Condition::Literal(l) => {
                let positive = match l {
                    Literal::Atom { positive, .. } | Literal::Equality { positive, .. } => {
                        *positive
                    }
                };
                out.push((l, positive == sign));
            }
            Condition::And(parts, _) | Condition::Or(parts, _) => {
                parts.iter().for_each(|p| walk(p, sign, out))
            }
            Condition::Not(inner, _) => walk(inner, !sign, out),
            Condition::Imply(a, b, _) => {
                walk(a, !sign, out);
                walk(b, sign, out);
            }
            Condition::Exists(_, body, _) | Condition::Forall(_, body, _) => walk(body, sign, out),
        }
    }
    let mut out = Vec::new();
    walk(condition, true, &mut out);
    out
}
