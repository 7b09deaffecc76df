//! Plan validation in the spirit of VAL: simulate the plan on the *lifted* task,
//! step by step, and say exactly where it breaks.
//!
//! The simulation does not use the grounder, so it also judges plans whose
//! actions a grounder would have pruned as unreachable. A state is the set of
//! ground atoms that hold, statics included. Each step `(a o1 ... on)` binds the
//! parameters of action `a` to the objects, checks their types, checks the
//! precondition in the current state, then applies the effect: deletes first,
//! adds second, so an atom both deleted and added stays true.
//!
//! Example: in Gripper, `(pick ball1 rooma left)` in a state without
//! `(free left)` fails with `step 1 ... precondition not satisfied: (free left)`.

use crate::pddl::ast::{CostExpr, Domain, Literal, Problem, Term};
use crate::pddl::suggest;
use crate::task::Atom;
use std::collections::{HashMap, HashSet};
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
    parent: HashMap<&'a str, &'a str>,
    object_type: HashMap<&'a str, &'a str>,
}

impl<'a> Types<'a> {
    fn new(domain: &'a Domain, problem: &'a Problem) -> Self {
        let parent = domain
            .types
            .iter()
            .map(|t| (t.name.text.as_str(), t.ty.text.as_str()))
            .collect();
        let object_type = domain
            .constants
            .iter()
            .chain(&problem.objects)
            .map(|o| (o.name.text.as_str(), o.ty.text.as_str()))
            .collect();
        Types {
            parent,
            object_type,
        }
    }

    /// Whether type `ty` is `ancestor` or one of its subtypes.
    fn is_subtype(&self, mut ty: &'a str, ancestor: &str) -> bool {
        // The checker refuses cyclic hierarchies; the bound keeps this total anyway.
        for _ in 0..=self.parent.len() + 1 {
            if ty == ancestor || ancestor == "object" {
                return true;
            }
            match self.parent.get(ty) {
                Some(&p) if p != ty => ty = p,
                _ => return false,
            }
        }
        false
    }
}

/// Simulates `plan` from the problem's initial state and checks the goal.
pub fn validate(domain: &Domain, problem: &Problem, plan: &[PlanStep]) -> Report {
    let types = Types::new(domain, problem);
    let values: HashMap<(&str, Vec<&str>), u64> = problem
        .init_values
        .iter()
        .map(|v| {
            (
                (
                    v.name.text.as_str(),
                    v.args.iter().map(|a| a.text.as_str()).collect(),
                ),
                v.value,
            )
        })
        .collect();
    let mut state: HashSet<Atom> = problem
        .init
        .iter()
        .map(|a| ground(&a.predicate.text, &a.args, &[]))
        .collect();
    let mut cost = 0u64;
    for (index, step) in plan.iter().enumerate() {
        let fail = |failure| Report {
            verdict: Verdict::StepFailed {
                index,
                step: step.clone(),
                failure,
            },
            length: index,
            cost,
        };
        let Some(action) = domain.actions.iter().find(|a| a.name.text == step.action) else {
            let names = domain.actions.iter().map(|a| a.name.text.as_str());
            return fail(Failure::UnknownAction {
                suggestion: suggest(&step.action, names),
            });
        };
        if action.parameters.len() != step.args.len() {
            return fail(Failure::WrongArity {
                expected: action.parameters.len(),
            });
        }
        let mut binding: Vec<(&str, &str)> = Vec::with_capacity(step.args.len());
        for (param, arg) in action.parameters.iter().zip(&step.args) {
            let Some(&object_type) = types.object_type.get(arg.as_str()) else {
                let names = types.object_type.keys().copied();
                return fail(Failure::UnknownObject {
                    object: arg.clone(),
                    suggestion: suggest(arg, names),
                });
            };
            if !types.is_subtype(object_type, &param.ty.text) {
                return fail(Failure::WrongType {
                    object: arg.clone(),
                    object_type: object_type.to_string(),
                    parameter: param.name.text.clone(),
                    expected: param.ty.text.clone(),
                });
            }
            binding.push((param.name.text.as_str(), arg.as_str()));
        }
        let unsatisfied = false_literals(&action.precondition, &state, &binding);
        if !unsatisfied.is_empty() {
            return fail(Failure::Precondition { unsatisfied });
        }
        let mut step_cost = 0;
        if problem.metric {
            for expr in &action.effect.cost {
                match expr {
                    CostExpr::Number { value, .. } => step_cost += value,
                    CostExpr::Function { name, args, .. } => {
                        let args: Vec<&str> = args.iter().map(|t| resolve(t, &binding)).collect();
                        match values.get(&(name.text.as_str(), args.clone())) {
                            Some(v) => step_cost += v,
                            None => {
                                let term = format!("({} {})", name.text, args.join(" "));
                                return fail(Failure::UndefinedCost {
                                    term: term.to_string(),
                                });
                            }
                        }
                    }
                }
            }
        } else {
            step_cost = 1;
        }
        cost += step_cost;
        for atom in &action.effect.del {
            state.remove(&ground(&atom.predicate.text, &atom.args, &binding));
        }
        for atom in &action.effect.add {
            state.insert(ground(&atom.predicate.text, &atom.args, &binding));
        }
    }
    let unmet = false_literals(&problem.goal, &state, &[]);
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

/// The name a term stands for under `binding` (constants stand for themselves).
fn resolve<'a>(term: &'a Term, binding: &[(&'a str, &'a str)]) -> &'a str {
    match term {
        Term::Constant(n) => &n.text,
        Term::Variable(v) => binding
            .iter()
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

/// The literals of `conditions` that are false in `state`, in PDDL syntax.
fn false_literals(
    conditions: &[Literal],
    state: &HashSet<Atom>,
    binding: &[(&str, &str)],
) -> Vec<String> {
    let mut out = Vec::new();
    for literal in conditions {
        match literal {
            Literal::Atom { atom, positive } => {
                let ground = ground(&atom.predicate.text, &atom.args, binding);
                if state.contains(&ground) != *positive {
                    out.push(if *positive {
                        ground.to_string()
                    } else {
                        format!("(not {ground})")
                    });
                }
            }
            Literal::Equality {
                left,
                right,
                positive,
                ..
            } => {
                let (l, r) = (resolve(left, binding), resolve(right, binding));
                if (l == r) != *positive {
                    out.push(if *positive {
                        format!("(= {l} {r})")
                    } else {
                        format!("(not (= {l} {r}))")
                    });
                }
            }
        }
    }
    out
}
