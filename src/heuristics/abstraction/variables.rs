//! The task as finite-domain variables, the view that abstractions project.
//!
//! A STRIPS task has one bit per fact, but many facts exclude each other:
//! a truck is at one place at a time. Fast Downward's translator turns each
//! such *mutex group* into one SAS+ variable whose value says which of its
//! facts holds, or "none of them". A projection onto a set of variables then
//! keeps exactly the facts of those variables, and an abstract state is one
//! value per variable of the pattern.
//!
//! Here a variable's values `0..k` are its `k` facts, and value `k` is
//! *none*, present unless one of its facts always holds (the initial state
//! has one, and every operator that deletes one adds one; groups of two or
//! more facts). A fact in no group
//! is a variable of its own with values `0` (true) and `1` (none, false).
//!
//! Each operator becomes, per variable it mentions, a [`Part`]: the value it
//! requires, the values it forbids (negative preconditions), and its effect
//! as a function of the old value. Deleting a fact that the operator does not
//! require is a conditional effect in this view: `(at t a)` becomes *none*
//! only if it held, and a truck at `b` stays there.
//!
//! Example (a truck on places `a`, `b` and a package `p` loaded or not):
//! the groups `{(at t a), (at t b)}` and `{(in p t)}`, where the truck is
//! always somewhere, give variable 0 with values `a`, `b` (no *none*) and
//! variable 1 with values `(in p t)`, *none*. `drive a b` (requires
//! `(at t a)`, deletes it, adds `(at t b)`) has one part: variable 0,
//! requires 0, sets 1.
//!
//! The groups must be proven mutex groups (at most one of their facts in
//! every reachable state): an operator that adds a fact of a group while
//! another holds must then delete it, so the view agrees with the task on
//! every reachable state.

use crate::task::{FactId, Task};
use crate::util::bits;

/// Index of a variable in [`Variables`].
pub type Var = u32;

/// A finite-domain variable: its facts, and whether it has the value *none*.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    /// Value `i` is "fact `facts[i]` holds".
    pub facts: Vec<FactId>,
    /// Whether value `facts.len()` ("none of them holds") can occur.
    pub none: bool,
}

impl Domain {
    /// The number of values.
    pub fn size(&self) -> u32 {
        self.facts.len() as u32 + u32::from(self.none)
    }

    /// The value *none* (only meaningful when [`Domain::none`] is set).
    pub fn none_value(&self) -> u32 {
        self.facts.len() as u32
    }
}

/// What an operator does to the value `v` of one variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Leaves it unchanged.
    Keep,
    /// Sets it to this value.
    Set(u32),
    /// Sets it to *none* if it is this value (a delete not required).
    Clear(u32),
}

/// What an operator requires of one variable and does to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub var: Var,
    /// The value it requires, if any.
    pub pre: Option<u32>,
    /// Values it forbids (negative preconditions), sorted.
    pub forbidden: Vec<u32>,
    pub effect: Effect,
}

impl Part {
    /// Whether the operator can apply with the variable at `value`.
    pub fn allows(&self, value: u32) -> bool {
        self.pre.is_none_or(|p| p == value) && !self.forbidden.contains(&value)
    }

    /// The value after the operator, from `value` before it.
    pub fn apply(&self, value: u32, none: u32) -> u32 {
        match self.effect {
            Effect::Keep => value,
            Effect::Set(v) => v,
            Effect::Clear(v) if v == value => none,
            Effect::Clear(_) => value,
        }
    }
}

/// An operator over the variables: its parts, sorted by variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarOperator {
    pub parts: Vec<Part>,
    /// False when the operator adds two facts of one variable: it can then
    /// never apply in a reachable state (the groups are mutex groups).
    pub possible: bool,
}

/// The task's variables and operators in finite-domain form.
#[derive(Clone, Debug)]
pub struct Variables {
    pub domains: Vec<Domain>,
    /// Per fact: its variable and value.
    of_fact: Vec<(Var, u32)>,
    /// Per operator of the task, in order.
    pub operators: Vec<VarOperator>,
    /// The goal as `(variable, value)`, sorted; a variable appears once.
    pub goal: Vec<(Var, u32)>,
    /// Negative goals: `(variable, value)` that must not hold.
    pub neg_goal: Vec<(Var, u32)>,
}

impl Variables {
    /// The variables of `task` from its disjoint at-most-one `groups` (each
    /// fact in at most one; groups of one fact are fine). Facts in no group
    /// become binary variables, in fact order after the groups.
    pub fn new(task: &Task, groups: &[Vec<FactId>]) -> Variables {
        let n = task.facts.len();
        let mut of_fact = vec![(Var::MAX, 0); n];
        let mut domains: Vec<Domain> = Vec::new();
        for group in groups {
            let facts: Vec<FactId> = (group.iter().copied())
                .filter(|f| f.index() < n && of_fact[f.index()].0 == Var::MAX)
                .collect();
            if facts.is_empty() {
                continue;
            }
            for (i, f) in facts.iter().enumerate() {
                of_fact[f.index()] = (domains.len() as Var, i as u32);
            }
            domains.push(Domain { facts, none: true });
        }
        for (f, slot) in of_fact.iter_mut().enumerate() {
            if slot.0 == Var::MAX {
                *slot = (domains.len() as Var, 0);
                domains.push(Domain {
                    facts: vec![FactId(f as u32)],
                    none: true,
                });
            }
        }
        let mut vars = Variables {
            domains,
            of_fact,
            operators: Vec::new(),
            goal: Vec::new(),
            neg_goal: Vec::new(),
        };
        vars.operators = (task.operators.iter())
            .map(|o| vars.operator(&o.pre, &o.neg_pre, &o.add, &o.del))
            .collect();
        vars.goal = task.goal.iter().map(|&f| vars.of_fact(f)).collect();
        vars.goal.sort_unstable();
        vars.neg_goal = task.neg_goal.iter().map(|&f| vars.of_fact(f)).collect();
        vars.neg_goal.sort_unstable();
        vars.drop_unused_none(task);
        vars
    }

    /// Strengthens every operator by what its preconditions exclude: a fact
    /// that can never hold together with one of them (both in one of the
    /// at-most-one `groups`) is a value the operator forbids. In a
    /// reachable state the operator never applies with that value, so the
    /// abstractions lose only transitions from unreachable states.
    pub fn forbid_mutexes(&mut self, task: &Task, groups: &[Vec<FactId>]) {
        let n = task.facts.len();
        let mut of: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (g, group) in groups.iter().enumerate() {
            for f in group {
                if f.index() < n {
                    of[f.index()].push(g as u32);
                }
            }
        }
        for (op, vop) in task.operators.iter().zip(self.operators.iter_mut()) {
            for &p in op.pre.iter() {
                for &g in &of[p.index()] {
                    for &q in &groups[g as usize] {
                        if q == p || q.index() >= n {
                            continue;
                        }
                        let (v, value) = self.of_fact[q.index()];
                        match vop.parts.binary_search_by_key(&v, |part| part.var) {
                            Ok(i) => {
                                let part = &mut vop.parts[i];
                                match part.pre {
                                    Some(x) if x == value => vop.possible = false,
                                    Some(_) => {}
                                    None => {
                                        if let Err(at) = part.forbidden.binary_search(&value) {
                                            part.forbidden.insert(at, value);
                                        }
                                    }
                                }
                            }
                            Err(at) => vop.parts.insert(
                                at,
                                Part {
                                    var: v,
                                    pre: None,
                                    forbidden: vec![value],
                                    effect: Effect::Keep,
                                },
                            ),
                        }
                    }
                }
            }
        }
    }

    /// The variable and value of fact `f`.
    #[inline]
    pub fn of_fact(&self, f: FactId) -> (Var, u32) {
        self.of_fact[f.index()]
    }

    pub fn len(&self) -> usize {
        self.domains.len()
    }

    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// Writes the value of every variable in the packed state `state`.
    pub fn values(&self, state: &[u64], out: &mut Vec<u32>) {
        out.clear();
        // A state where no fact of a variable without *none* holds is not
        // reachable; it reads as value 0.
        out.extend(
            self.domains
                .iter()
                .map(|d| if d.none { d.none_value() } else { 0 }),
        );
        for f in bits::iter::<FactId>(state) {
            if let Some(&(v, value)) = self.of_fact.get(f.index()) {
                out[v as usize] = value;
            }
        }
    }

    /// One operator's parts.
    fn operator(
        &self,
        pre: &[FactId],
        neg_pre: &[FactId],
        add: &[FactId],
        del: &[FactId],
    ) -> VarOperator {
        let mut parts: Vec<Part> = Vec::new();
        let mut possible = true;
        let part = |parts: &mut Vec<Part>, var: Var| -> usize {
            match parts.iter().position(|p| p.var == var) {
                Some(i) => i,
                None => {
                    parts.push(Part {
                        var,
                        pre: None,
                        forbidden: Vec::new(),
                        effect: Effect::Keep,
                    });
                    parts.len() - 1
                }
            }
        };
        for &f in pre {
            let (v, value) = self.of_fact(f);
            let i = part(&mut parts, v);
            // Two required facts of one variable: never applicable.
            possible &= parts[i].pre.is_none_or(|p| p == value);
            parts[i].pre = Some(value);
        }
        for &f in neg_pre {
            let (v, value) = self.of_fact(f);
            let i = part(&mut parts, v);
            parts[i].forbidden.push(value);
        }
        for &f in del {
            let (v, value) = self.of_fact(f);
            let i = part(&mut parts, v);
            let none = self.domains[v as usize].none_value();
            parts[i].effect = match parts[i].pre {
                Some(p) if p == value => Effect::Set(none),
                Some(_) => Effect::Keep,
                None => Effect::Clear(value),
            };
        }
        let mut added: Vec<Var> = Vec::new();
        for &f in add {
            let (v, value) = self.of_fact(f);
            possible &= !added.contains(&v);
            added.push(v);
            let i = part(&mut parts, v);
            parts[i].effect = Effect::Set(value);
        }
        for p in &mut parts {
            p.forbidden.sort_unstable();
            p.forbidden.dedup();
            possible &= p.pre.is_none_or(|v| !p.forbidden.contains(&v));
            // Setting the value it requires changes nothing.
            if p.effect == Effect::Set(p.pre.unwrap_or(u32::MAX)) {
                p.effect = Effect::Keep;
            }
        }
        parts.sort_unstable_by_key(|p| p.var);
        VarOperator { parts, possible }
    }

    /// Drops the value *none* of the groups where one fact always holds: the
    /// initial state has one, and every operator that can make one false
    /// makes another true. A single fact keeps both values.
    fn drop_unused_none(&mut self, task: &Task) {
        let mut holds = vec![0u32; self.len()];
        for &f in task.init.iter() {
            holds[self.of_fact(f).0 as usize] += 1;
        }
        let mut keeps = vec![true; self.len()];
        for op in &self.operators {
            for p in &op.parts {
                if matches!(p.effect, Effect::Clear(_))
                    || p.effect == Effect::Set(self.domains[p.var as usize].none_value())
                {
                    keeps[p.var as usize] = false;
                }
            }
        }
        for (v, d) in self.domains.iter_mut().enumerate() {
            d.none = d.facts.len() < 2 || !(holds[v] == 1 && keeps[v]);
        }
    }
}

#[cfg(test)]
mod tests;
