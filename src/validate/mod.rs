//! Plan validation in the spirit of VAL: simulate the plan on the *lifted* task,
//! step by step, and say exactly where it breaks.
//!
//! The simulation does not use the grounder or the normaliser, so it also
//! judges plans whose actions a grounder would have pruned as unreachable, and
//! it checks the planner's rewriting of ADL rather than trusting it. A state is
//! the set of ground atoms that hold, statics included. Each step `(a o1 ... on)`
//! binds the parameters of action `a` to the objects, checks their types,
//! evaluates the precondition in the current state (quantifiers range over the
//! objects of their types), then applies the effect: every `when` condition is
//! read in the state before the step, deletes go first and adds second, so an
//! atom both deleted and added stays true. Derived predicates are recomputed
//! from their rules after every step, stratum by stratum.
//!
//! [`Simulator`] holds these semantics (initial state, applicable steps,
//! successor, goal test); [`validate`] replays a plan with it, and the tests
//! search random ADL tasks with it to check the grounder against it.
//!
//! Example: in Gripper, `(pick ball1 rooma left)` in a state without
//! `(free left)` fails with `step 1 ... precondition not satisfied: (free left)`.

use crate::pddl::ast::{Action, CostExpr, Domain, Problem, Term};
use crate::pddl::suggest;
use crate::pddl::{TypeHierarchy, type_tests};
use crate::task::Atom;
use semantics::{World, layers};

mod semantics;
use crate::util::hash::FastMap;
use std::collections::BTreeSet;
use std::fmt;

/// One step of a plan as read from a plan file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanStep {
    /// Action name, lower case.
    pub action: String,
    /// Object names, lower case.
    pub args: Vec<String>,
    /// 1-based line in the plan file.
    pub line: usize,
}

impl fmt::Display for PlanStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}", self.action)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        write!(f, ")")
    }
}

/// Why a plan is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The plan names an action the domain does not have; `suggestion` is
    /// ` (did you mean `x`?)` when a declared action is a near miss, or empty.
    UnknownAction { suggestion: String },
    /// The step has the wrong number of arguments.
    WrongArity { expected: usize },
    /// An argument is not an object or constant of the task (`suggestion` as
    /// for [`Failure::UnknownAction`]).
    UnknownObject { object: String, suggestion: String },
    /// An argument has a type the action's parameter does not accept.
    WrongType {
        object: String,
        object_type: String,
        parameter: String,
        expected: String,
    },
    /// Some precondition literals are false in the state before the step.
    Precondition { unsatisfied: Vec<String> },
    /// A cost function value the step needs is not given in `:init`.
    UndefinedCost { term: String },
}

/// The verdict of [`validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every step was applicable and the goal holds at the end.
    Valid,
    /// Step `index` (0-based) cannot be executed.
    StepFailed {
        index: usize,
        step: PlanStep,
        failure: Failure,
    },
    /// The plan executes but leaves these goal literals unsatisfied.
    GoalNotReached { unmet: Vec<String> },
}

/// A validation report: the verdict, the number of steps executed, and the cost
/// of those steps (`total-cost` with a metric, otherwise one per step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub verdict: Verdict,
    pub length: usize,
    pub cost: u64,
}

impl Report {
    pub fn is_valid(&self) -> bool {
        self.verdict == Verdict::Valid
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::UnknownAction { suggestion } => {
                write!(f, "the domain has no such action{suggestion}")
            }
            Failure::WrongArity { expected } => {
                write!(f, "wrong number of arguments: the action takes {expected}")
            }
            Failure::UnknownObject { object, suggestion } => {
                write!(f, "unknown object `{object}`{suggestion}")
            }
            Failure::WrongType {
                object,
                object_type,
                parameter,
                expected,
            } => write!(
                f,
                "object `{object}` has type `{object_type}`, but parameter `{parameter}` \
                 needs type `{expected}`"
            ),
            Failure::Precondition { unsatisfied } => {
                write!(f, "precondition not satisfied: {}", unsatisfied.join(", "))
            }
            Failure::UndefinedCost { term } => {
                write!(f, "the cost {term} has no value in the problem's :init")
            }
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Valid => write!(f, "Plan valid"),
            Verdict::StepFailed {
                index,
                step,
                failure,
            } => write!(
                f,
                "Plan invalid: step {} `{step}` (plan line {}): {failure}",
                index + 1,
                step.line
            ),
            Verdict::GoalNotReached { unmet } => {
                write!(f, "Plan invalid: goal not satisfied: {}", unmet.join(", "))
            }
        }
    }
}

/// Objects and their types, and the type hierarchy, for type checks.
struct Types<'a> {
    hierarchy: TypeHierarchy<'a>,
    object_type: FastMap<&'a str, &'a str>,
    /// Every object, in declaration order.
    objects: Vec<&'a str>,
}

impl<'a> Types<'a> {
    fn new(domain: &'a Domain, problem: &'a Problem) -> Self {
        let mut objects = Vec::new();
        let mut object_type = FastMap::default();
        for o in domain.constants.iter().chain(&problem.objects) {
            if object_type
                .insert(o.name.text.as_str(), o.ty.text.as_str())
                .is_none()
            {
                objects.push(o.name.text.as_str());
            }
        }
        Types {
            hierarchy: TypeHierarchy::new(domain),
            object_type,
            objects,
        }
    }

    /// Whether type `ty` is `ancestor` or one of its subtypes; either side
    /// may be an `(either ...)` type.
    fn is_subtype(&self, ty: &str, ancestor: &str) -> bool {
        self.hierarchy.is_subtype(ty, ancestor)
    }

    /// The objects whose type fits `ty`.
    fn objects_of(&self, ty: &str) -> Vec<&'a str> {
        (self.objects.iter())
            .filter(|o| self.is_subtype(self.object_type[*o], ty))
            .copied()
            .collect()
    }
}

/// Simulates `plan` from the problem's initial state and checks the goal.
pub fn validate(domain: &Domain, problem: &Problem, plan: &[PlanStep]) -> Report {
    let sim = Simulator::new(domain, problem);
    let mut state = sim.initial();
    let mut cost = 0u64;
    for (index, step) in plan.iter().enumerate() {
        let outcome = sim.bind(step).and_then(|(action, mut binding)| {
            sim.check_precondition(action, &state, &mut binding)?;
            let step_cost = sim.step_cost(action, &binding)?;
            Ok((sim.successor(&state, action, &mut binding), step_cost))
        });
        match outcome {
            Ok((next, step_cost)) => {
                state = next;
                cost += step_cost;
            }
            Err(failure) => {
                return Report {
                    verdict: Verdict::StepFailed {
                        index,
                        step: step.clone(),
                        failure,
                    },
                    length: index,
                    cost,
                };
            }
        }
    }
    let unmet = sim.unmet_goal(&state);
    let verdict = if unmet.is_empty() {
        Verdict::Valid
    } else {
        Verdict::GoalNotReached { unmet }
    };
    Report {
        verdict,
        length: plan.len(),
        cost,
    }
}

/// A state of the lifted task: the ground atoms that hold, static and derived
/// ones included. Sorted, so that two states with the same atoms are equal and
/// hash alike (a search can keep them in a set).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    atoms: BTreeSet<Atom>,
}

impl State {
    /// Whether `atom` holds.
    pub fn contains(&self, atom: &Atom) -> bool {
        self.atoms.contains(atom)
    }

    /// The atoms that hold, sorted.
    pub fn atoms(&self) -> impl Iterator<Item = &Atom> {
        self.atoms.iter()
    }

    pub fn len(&self) -> usize {
        self.atoms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }
}

/// The semantics of a PDDL task, read straight off the lifted domain and
/// problem: no grounding, no normalisation, just the definitions.
///
/// * A **state** is the set of ground atoms that hold ([`State`]); the
///   initial one is `:init` plus the derived atoms it implies.
/// * A **step** `(a o1 ... on)` binds action `a`'s parameters to objects of
///   their types. It is **applicable** in a state when its precondition holds
///   there: `not`, `and`, `or`, `imply` as in logic, `(= x y)` when both name
///   the same object, `exists`/`forall` over every object of the variable's
///   type (constants included).
/// * **Applying** it evaluates every `when` condition, for every binding of
///   the enclosing `forall` variables, in the state *before* the step; then
///   the deletes of the step and of its firing effects go, then all their adds
///   come, so an atom both deleted and added stays true.
/// * **Derived predicates** are then recomputed from the basic atoms: all
///   derived atoms false, then stratum by stratum (lowest first, negated
///   derived predicates from lower strata only) the rules applied to their
///   least fixpoint.
/// * A state is a **goal** when the goal condition holds in it.
///
/// [`validate`] replays a plan with these operations. Planners compute the
/// same semantics on the ground task (`task::Task::apply`), which is how the
/// tests check the grounder and the normaliser: same applicable steps, same
/// successors, same goal states.
///
/// Example: in Gripper's initial state, `applicable` lists `(move rooma
/// rooma)`, `(move rooma roomb)` and a `pick` for every ball and gripper.
pub struct Simulator<'a> {
    domain: &'a Domain,
    problem: &'a Problem,
    world: World<'a>,
    /// The `:init` values of the cost functions.
    values: FastMap<(&'a str, Vec<&'a str>), u64>,
}

impl<'a> Simulator<'a> {
    pub fn new(domain: &'a Domain, problem: &'a Problem) -> Self {
        let values = (problem.init_values.iter())
            .map(|v| {
                let args = v.args.iter().map(|a| a.text.as_str()).collect();
                ((v.name.text.as_str(), args), v.value)
            })
            .collect();
        Simulator {
            domain,
            problem,
            world: World {
                types: Types::new(domain, problem),
                derived: &domain.derived,
                layers: layers(&domain.derived),
            },
            values,
        }
    }

    /// The initial state: the atoms of `:init` and what the rules derive from them.
    pub fn initial(&self) -> State {
        let mut state = State {
            atoms: (self.problem.init.iter())
                .map(|a| ground(&a.predicate.text, &a.args, &[]))
                .collect(),
        };
        // A type tested in a condition, `(truck ?x)`, holds of the objects
        // of the type: no effect can change it.
        for t in type_tests(self.domain, &self.problem.goal) {
            for o in self.world.types.objects_of(t) {
                state.atoms.insert(Atom {
                    predicate: t.to_string(),
                    args: vec![o.to_string()],
                });
            }
        }
        self.world.derive(&mut state);
        state
    }

    /// Every step applicable in `state`: each action (in domain order) with
    /// each binding of its parameters to objects of their types (in
    /// declaration order) under which its precondition holds. The steps'
    /// `line` is 0.
    pub fn applicable(&self, state: &State) -> Vec<PlanStep> {
        let mut out = Vec::new();
        for action in &self.domain.actions {
            let mut binding = Vec::new();
            (self.world).for_each_binding(&action.parameters, &mut binding, &mut |world, b| {
                if world.holds(&action.precondition, state, b) {
                    out.push(PlanStep {
                        action: action.name.text.clone(),
                        args: b.iter().map(|(_, o)| o.to_string()).collect(),
                        line: 0,
                    });
                }
            });
        }
        out
    }

    /// The state after `step`, or why `step` cannot be executed in `state`
    /// (an unknown action or object, a wrong type, a false precondition).
    pub fn apply(&self, state: &State, step: &PlanStep) -> Result<State, Failure> {
        let (action, mut binding) = self.bind(step)?;
        self.check_precondition(action, state, &mut binding)?;
        Ok(self.successor(state, action, &mut binding))
    }

    /// What `step` costs: the sum of its `total-cost` increases with a
    /// metric, otherwise 1.
    pub fn cost(&self, step: &PlanStep) -> Result<u64, Failure> {
        let (action, binding) = self.bind(step)?;
        self.step_cost(action, &binding)
    }

    /// Whether the goal holds in `state`.
    pub fn is_goal(&self, state: &State) -> bool {
        self.world.holds(&self.problem.goal, state, &mut Vec::new())
    }

    /// The conjuncts of the goal that are false in `state`, in PDDL syntax.
    pub fn unmet_goal(&self, state: &State) -> Vec<String> {
        (self.world).false_parts(&self.problem.goal, state, &mut Vec::new())
    }

    /// The action `step` names and its parameters bound to the step's objects,
    /// after checking the arity and the objects' types.
    fn bind(&self, step: &PlanStep) -> Result<(&'a Action, Binding<'a>), Failure> {
        let types = &self.world.types;
        let Some(action) = (self.domain.actions.iter()).find(|a| a.name.text == step.action) else {
            let names = self.domain.actions.iter().map(|a| a.name.text.as_str());
            return Err(Failure::UnknownAction {
                suggestion: suggest(&step.action, names),
            });
        };
        if action.parameters.len() != step.args.len() {
            return Err(Failure::WrongArity {
                expected: action.parameters.len(),
            });
        }
        let mut binding: Binding<'a> = Vec::with_capacity(step.args.len());
        for (param, arg) in action.parameters.iter().zip(&step.args) {
            let Some((&object, &object_type)) = types.object_type.get_key_value(arg.as_str())
            else {
                let names = types.object_type.keys().copied();
                return Err(Failure::UnknownObject {
                    object: arg.clone(),
                    suggestion: suggest(arg, names),
                });
            };
            if !types.is_subtype(object_type, &param.ty.text) {
                return Err(Failure::WrongType {
                    object: arg.clone(),
                    object_type: object_type.to_string(),
                    parameter: param.name.text.clone(),
                    expected: param.ty.text.clone(),
                });
            }
            binding.push((param.name.text.as_str(), object));
        }
        Ok((action, binding))
    }

    /// `Err` with the false conjuncts of the precondition, if any.
    fn check_precondition(
        &self,
        action: &'a Action,
        state: &State,
        binding: &mut Binding<'a>,
    ) -> Result<(), Failure> {
        let unsatisfied = (self.world).false_parts(&action.precondition, state, binding);
        if unsatisfied.is_empty() {
            Ok(())
        } else {
            Err(Failure::Precondition { unsatisfied })
        }
    }

    fn step_cost(&self, action: &'a Action, binding: &Binding<'a>) -> Result<u64, Failure> {
        if !self.problem.metric {
            return Ok(1);
        }
        let mut cost = 0;
        for expr in &action.effect.cost {
            match expr {
                CostExpr::Number { value, .. } => cost += value,
                CostExpr::Function { name, args, .. } => {
                    let args: Vec<&str> = args.iter().map(|t| resolve(t, binding)).collect();
                    match self.values.get(&(name.text.as_str(), args.clone())) {
                        Some(v) => cost += v,
                        None => {
                            return Err(Failure::UndefinedCost {
                                term: format!("({} {})", name.text, args.join(" ")),
                            });
                        }
                    }
                }
            }
        }
        Ok(cost)
    }

    /// The state after the bound action: conditions read in `state`, deletes
    /// before adds, derived atoms recomputed.
    fn successor(&self, state: &State, action: &'a Action, binding: &mut Binding<'a>) -> State {
        let mut del: Vec<Atom> = Vec::new();
        let mut add: Vec<Atom> = Vec::new();
        for atom in &action.effect.del {
            del.push(ground(&atom.predicate.text, &atom.args, binding));
        }
        for atom in &action.effect.add {
            add.push(ground(&atom.predicate.text, &atom.args, binding));
        }
        for effect in &action.effect.conditional {
            (self.world).for_each_binding(&effect.vars, binding, &mut |world, binding| {
                if (effect.condition.iter()).all(|c| world.holds(c, state, binding)) {
                    for atom in &effect.del {
                        del.push(ground(&atom.predicate.text, &atom.args, binding));
                    }
                    for atom in &effect.add {
                        add.push(ground(&atom.predicate.text, &atom.args, binding));
                    }
                }
            });
        }
        let mut next = state.clone();
        for atom in &del {
            next.atoms.remove(atom);
        }
        next.atoms.extend(add);
        self.world.derive(&mut next);
        next
    }
}

/// The name a term stands for under `binding` (constants stand for themselves).
fn resolve<'a>(term: &'a Term, binding: &[(&'a str, &'a str)]) -> &'a str {
    match term {
        Term::Constant(n) => &n.text,
        Term::Variable(v) => binding
            .iter()
            .rev()
            .find(|(param, _)| *param == v.text)
            .map_or(v.text.as_str(), |(_, object)| object),
    }
}

fn ground(predicate: &str, args: &[Term], binding: &[(&str, &str)]) -> Atom {
    Atom {
        predicate: predicate.to_string(),
        args: args
            .iter()
            .map(|t| resolve(t, binding).to_string())
            .collect(),
    }
}

/// Variables and the objects they stand for, innermost last.
type Binding<'a> = Vec<(&'a str, &'a str)>;

#[cfg(test)]
mod tests;
