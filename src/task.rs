//! The ground STRIPS task that every planner searches: facts and operators as
//! integer ids, with no strings on the hot path.
//!
//! A *fact* is a ground atom such as `(on a b)`; [`FactId`] is its index in
//! [`Task::facts`]. A state is the set of facts that are true. An [`Operator`] is
//! *applicable* in a state when all of `pre` hold and none of `neg_pre` hold;
//! applying it removes `del`, then adds `add` (so a fact in both ends up true):
//!
//! ```text
//! apply(s, o) = (s \ del(o)) ∪ add(o)
//! ```
//!
//! Example: with facts `0 = (clear a)`, `1 = (holding a)`, the operator
//! `pick a` with `pre = [0]`, `add = [1]`, `del = [0]` takes `{0}` to `{1}`.
//!
//! Only *fluent* facts (those some operator can change) are in the table; static
//! facts such as `(adjacent c1 c2)` were evaluated by the grounder and are gone.
//!
//! Tasks from ADL domains have two more things (STRIPS tasks have neither):
//!
//! * **conditional effects** ([`ConditionalEffect`]): an operator's effect
//!   that applies only when its condition holds in the state *before* the
//!   operator. All conditions are read first, then every delete of the
//!   operator and its firing effects is applied, then every add:
//!
//!   ```text
//!   apply(s, o) = (s \ (del(o) ∪ ⋃ del(e))) ∪ add(o) ∪ ⋃ add(e)   for e in o's effects with cond(e) ⊆ s
//!   ```
//!
//! * **axioms** ([`Axiom`]): rules `head :- pre, not neg_pre` that set the
//!   *derived* facts. A derived fact holds exactly when it follows from the
//!   basic facts by the rules, computed layer by layer ([`Task::evaluate_axioms`])
//!   after every change of state; no operator adds or deletes one.

use indexmap::IndexSet;
use std::fmt;

/// Index of a ground atom in [`Task::facts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FactId(pub u32);

/// Index of an operator in [`Task::operators`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);

const _: () = assert!(std::mem::size_of::<FactId>() == 4);
const _: () = assert!(std::mem::size_of::<OpId>() == 4);

impl FactId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl crate::util::bits::BitIndex for FactId {
    #[inline]
    fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    fn from_index(i: usize) -> Self {
        FactId(i as u32)
    }
}

/// A set of facts, packed one bit per fact (see [`crate::util::bits`]): a
/// state, a subgoal set, a precondition.
pub type FactSet = crate::util::bits::Bits<FactId>;

impl OpId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A ground atom: a predicate applied to objects, all lower case.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    pub predicate: String,
    pub args: Vec<String>,
}

impl fmt::Display for Atom {
    /// PDDL syntax: `(on a b)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}", self.predicate)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        write!(f, ")")
    }
}

/// A ground STRIPS operator with sorted, duplicate-free fact lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operator {
    /// The action name and its arguments, `"move r1c1 r1c2"`; printed in a plan
    /// as `(move r1c1 r1c2)`.
    pub name: String,
    /// Facts that must hold.
    pub pre: Box<[FactId]>,
    /// Facts that must not hold (`:negative-preconditions` on fluents).
    pub neg_pre: Box<[FactId]>,
    pub add: Box<[FactId]>,
    /// Facts made false. A fact in both `add` and `del` ends up true.
    pub del: Box<[FactId]>,
    /// Cost: the `total-cost` increase, or 1 when the problem has no metric.
    pub cost: u32,
    /// Effects under a condition (`when`, `forall`); empty in STRIPS tasks.
    pub conditional: Box<[ConditionalEffect]>,
}

/// An effect that applies when `cond` holds and `neg_cond` does not, in the
/// state the operator is applied to. Lists sorted and duplicate-free.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalEffect {
    pub cond: Box<[FactId]>,
    pub neg_cond: Box<[FactId]>,
    pub add: Box<[FactId]>,
    pub del: Box<[FactId]>,
}

/// A ground axiom: `head` holds when every fact of `pre` holds and none of
/// `neg_pre` does. The facts of `neg_pre` are basic or of lower layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axiom {
    pub head: FactId,
    pub pre: Box<[FactId]>,
    pub neg_pre: Box<[FactId]>,
    /// The stratum: axioms are evaluated in increasing layer order.
    pub layer: u32,
}

impl Operator {
    /// The operator as a plan step, `(move r1c1 r1c2)`.
    pub fn plan_step(&self) -> String {
        format!("({})", self.name)
    }
}

/// A ground planning task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub domain_name: String,
    pub problem_name: String,
    /// The fluent facts; [`FactId`] `i` is `facts[i]`. Insertion order is
    /// deterministic (initial state first, then in order of discovery).
    pub facts: IndexSet<Atom>,
    pub operators: Vec<Operator>,
    /// Facts true in the initial state, sorted.
    pub init: Box<[FactId]>,
    /// Facts that must hold in a goal state, sorted.
    pub goal: Box<[FactId]>,
    /// Facts that must not hold in a goal state, sorted.
    pub neg_goal: Box<[FactId]>,
    /// True when the problem minimises `total-cost`; false means unit costs.
    pub has_action_costs: bool,
    /// The axioms, sorted by layer; empty in STRIPS tasks.
    pub axioms: Vec<Axiom>,
    /// The derived facts (heads of axioms), sorted.
    pub derived: Box<[FactId]>,
}

/// What a task needs beyond STRIPS, for engines that refuse it by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    ConditionalEffects,
    DerivedPredicates,
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Feature::ConditionalEffects => "conditional effects (`when`, `forall` in effects)",
            Feature::DerivedPredicates => "derived predicates (axioms)",
        })
    }
}

impl Task {
    pub fn fact(&self, id: FactId) -> &Atom {
        self.facts
            .get_index(id.index())
            .expect("invariant: fact ids come from this task")
    }

    pub fn operator(&self, id: OpId) -> &Operator {
        &self.operators[id.index()]
    }

    pub fn fact_id(&self, atom: &Atom) -> Option<FactId> {
        self.facts.get_index_of(atom).map(|i| FactId(i as u32))
    }

    /// The first feature beyond STRIPS the task has, if any.
    pub fn adl_feature(&self) -> Option<Feature> {
        if !self.axioms.is_empty() {
            Some(Feature::DerivedPredicates)
        } else if self.operators.iter().any(|o| !o.conditional.is_empty()) {
            Some(Feature::ConditionalEffects)
        } else {
            None
        }
    }

    /// Whether `f` is a derived fact.
    pub fn is_derived(&self, f: FactId) -> bool {
        self.derived.binary_search(&f).is_ok()
    }

    /// The successor of `state` (one bit per fact) under `op`, written into
    /// `next` (which holds a copy of `state`): conditions are read in
    /// `state`, deletes go before adds, and the axioms are evaluated last.
    pub fn apply(&self, op: &Operator, state: &[u64], next: &mut [u64]) {
        use crate::util::bits;
        for &f in op.del.iter() {
            bits::remove(next, f);
        }
        if op.conditional.is_empty() {
            for &f in op.add.iter() {
                bits::insert(next, f);
            }
        } else {
            let fires = |e: &ConditionalEffect| {
                e.cond.iter().all(|&f| bits::contains(state, f))
                    && !e.neg_cond.iter().any(|&f| bits::contains(state, f))
            };
            for e in op.conditional.iter().filter(|e| fires(e)) {
                for &f in e.del.iter() {
                    bits::remove(next, f);
                }
            }
            for &f in op.add.iter() {
                bits::insert(next, f);
            }
            for e in op.conditional.iter().filter(|e| fires(e)) {
                for &f in e.add.iter() {
                    bits::insert(next, f);
                }
            }
        }
        if !self.axioms.is_empty() {
            self.evaluate_axioms(next);
        }
    }

    /// Sets the derived facts of `state` to what the axioms derive from its
    /// basic facts: all false, then each layer to its least fixpoint.
    pub fn evaluate_axioms(&self, state: &mut [u64]) {
        use crate::util::bits;
        for &f in self.derived.iter() {
            bits::remove(state, f);
        }
        let mut start = 0;
        while start < self.axioms.len() {
            let layer = self.axioms[start].layer;
            let end = start
                + self.axioms[start..]
                    .iter()
                    .position(|a| a.layer != layer)
                    .unwrap_or(self.axioms.len() - start);
            // Naive fixpoint of the layer: few rounds in practice, as rules
            // chain only through the layer's own heads.
            loop {
                let mut changed = false;
                for a in &self.axioms[start..end] {
                    if !bits::contains(state, a.head)
                        && a.pre.iter().all(|&f| bits::contains(state, f))
                        && !a.neg_pre.iter().any(|&f| bits::contains(state, f))
                    {
                        bits::insert(state, a.head);
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            start = end;
        }
    }

    /// Sum of the costs of `plan`'s operators.
    pub fn plan_cost(&self, plan: &[OpId]) -> u64 {
        plan.iter().map(|&o| u64::from(self.operator(o).cost)).sum()
    }
}

impl Task {
    /// The same task with every operator costing 1 (`--unit-cost`).
    /// The same task with every action costing one more (LAMA's
    /// `plusone`: zero-cost actions still count for the heuristics).
    pub fn with_costs_plus_one(mut self) -> Task {
        for op in &mut self.operators {
            op.cost = op.cost.saturating_add(1);
        }
        self.has_action_costs = true;
        self
    }

    pub fn with_unit_costs(mut self) -> Task {
        for op in &mut self.operators {
            op.cost = 1;
        }
        self.has_action_costs = false;
        self
    }
}

/// An operator in PDDL-like syntax, for `planbox ground --dump`:
///
/// ```text
/// (:action move rooma roomb
///   :precondition (and (at-robby rooma))
///   :effect (and (at-robby roomb) (not (at-robby rooma)))
///   :cost 1)
/// ```
pub fn dump_operator(task: &Task, op: &Operator) -> String {
    let mut pre: Vec<String> = op.pre.iter().map(|&f| task.fact(f).to_string()).collect();
    pre.extend(
        op.neg_pre
            .iter()
            .map(|&f| format!("(not {})", task.fact(f))),
    );
    let mut eff: Vec<String> = op.add.iter().map(|&f| task.fact(f).to_string()).collect();
    eff.extend(op.del.iter().map(|&f| format!("(not {})", task.fact(f))));
    for e in op.conditional.iter() {
        let mut cond: Vec<String> = e.cond.iter().map(|&f| task.fact(f).to_string()).collect();
        cond.extend(
            e.neg_cond
                .iter()
                .map(|&f| format!("(not {})", task.fact(f))),
        );
        let mut then: Vec<String> = e.add.iter().map(|&f| task.fact(f).to_string()).collect();
        then.extend(e.del.iter().map(|&f| format!("(not {})", task.fact(f))));
        eff.push(format!(
            "(when (and {}) (and {}))",
            cond.join(" "),
            then.join(" ")
        ));
    }
    format!(
        "(:action {}\n  :precondition (and {})\n  :effect (and {})\n  :cost {})\n",
        op.name,
        pre.join(" "),
        eff.join(" "),
        op.cost
    )
}

/// An axiom in PDDL-like syntax, with its layer, for `planbox ground --dump`:
///
/// ```text
/// (:derived (@forall r1) (and (holding r1 b1)) :layer 1)
/// ```
pub fn dump_axiom(task: &Task, axiom: &Axiom) -> String {
    let mut body: Vec<String> = axiom
        .pre
        .iter()
        .map(|&f| task.fact(f).to_string())
        .collect();
    body.extend(
        axiom
            .neg_pre
            .iter()
            .map(|&f| format!("(not {})", task.fact(f))),
    );
    format!(
        "(:derived {} (and {}) :layer {})\n",
        task.fact(axiom.head),
        body.join(" "),
        axiom.layer
    )
}

#[cfg(test)]
mod tests;
