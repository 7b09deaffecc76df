//! Plan files: writing them the Fast Downward way, reading the common formats.
//!
//! A plan is a sequence of ground actions. Planners write one step per line in
//! PDDL syntax and end with a comment that gives the cost; Fast Downward's
//! `sas_plan` looks like this, and it is what [`format_plan`] writes:
//!
//! ```text
//! (pick ball1 rooma left)
//! (move rooma roomb)
//! ; cost = 2 (unit cost)
//! ```
//!
//! The last line says `(general cost)` instead when the task has action costs.
//! [`parse_plan`] reads that format, pyperplan's `.soln` files (the same lines)
//! and VAL's timed format, where each step has a start time and may have a
//! duration: `0: (pick ball1 rooma left) [1]`. Blank lines and `;` comments are
//! skipped; anything else is an error that names the line, the column and what
//! was expected there, never silently dropped.
//!
//! Before `planbox plan` writes a plan it replays it on the ground task with
//! [`check_plan`], so a plan it prints is a plan that works.

use crate::task::FactSet;
use crate::task::{OpId, Task};
use crate::validate::PlanStep;
use std::fmt;

/// The plan file text: one `(op args)` line per step and a cost comment.
pub fn format_plan(task: &Task, plan: &[OpId]) -> String {
    let mut text = String::new();
    for &o in plan {
        text.push_str(&task.operator(o).plan_step());
        text.push('\n');
    }
    let kind = if task.has_action_costs {
        "general cost"
    } else {
        "unit cost"
    };
    text.push_str(&format!("; cost = {} ({kind})\n", task.plan_cost(plan)));
    text
}

/// Why a plan does not work on the ground task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanCheckError {
    /// Step `index` (0-based) is not applicable: these facts are false (or, for
    /// negative preconditions, true).
    NotApplicable { index: usize, facts: Vec<String> },
    /// After the last step these goal facts are false (or true, for negative goals).
    GoalNotReached { facts: Vec<String> },
}

impl fmt::Display for PlanCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanCheckError::NotApplicable { index, facts } => write!(
                f,
                "step {} is not applicable: {}",
                index + 1,
                facts.join(", ")
            ),
            PlanCheckError::GoalNotReached { facts } => {
                write!(f, "the goal is not reached: {}", facts.join(", "))
            }
        }
    }
}

impl std::error::Error for PlanCheckError {}

/// Replays `plan` on the ground task from its initial state; returns its cost.
pub fn check_plan(task: &Task, plan: &[OpId]) -> Result<u64, PlanCheckError> {
    let n = task.facts.len();
    let mut state = FactSet::from_facts(n, &task.init);
    task.evaluate_axioms(state.words_mut());
    let show = |f, want: bool| {
        let atom = task.fact(f);
        if want {
            atom.to_string()
        } else {
            format!("(not {atom})")
        }
    };
    for (index, &o) in plan.iter().enumerate() {
        let Some(op) = task.operators.get(o.index()) else {
            return Err(PlanCheckError::NotApplicable {
                index,
                facts: vec![format!("operator {} does not exist", o.0)],
            });
        };
        let mut facts: Vec<String> = op
            .pre
            .iter()
            .filter(|&&f| !state.contains(f))
            .map(|&f| show(f, true))
            .collect();
        facts.extend(
            op.neg_pre
                .iter()
                .filter(|&&f| state.contains(f))
                .map(|&f| show(f, false)),
        );
        if !facts.is_empty() {
            return Err(PlanCheckError::NotApplicable { index, facts });
        }
        let before = state.clone();
        task.apply(op, before.words(), state.words_mut());
    }
    let mut facts: Vec<String> = task
        .goal
        .iter()
        .filter(|&&f| !state.contains(f))
        .map(|&f| show(f, true))
        .collect();
    facts.extend(
        task.neg_goal
            .iter()
            .filter(|&&f| state.contains(f))
            .map(|&f| show(f, false)),
    );
    if !facts.is_empty() {
        return Err(PlanCheckError::GoalNotReached { facts });
    }
    Ok(task.plan_cost(plan))
}

/// A plan file that is not a plan: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanParseError {
    /// 1-based line and column (in characters).
    pub line: usize,
    pub column: usize,
    pub expected: &'static str,
    /// What is there instead (a short excerpt, or "end of line").
    pub found: String,
}

impl fmt::Display for PlanParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )
    }
}

impl std::error::Error for PlanParseError {}

/// Reads the steps of a plan in `sas_plan`, `.soln` or VAL's timed format.
pub fn parse_plan(text: &str) -> Result<Vec<PlanStep>, PlanParseError> {
    // A byte-order mark (written by some Windows editors) is not part of the plan.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut steps = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut cur = Cursor {
            chars: line.char_indices().collect(),
            pos: 0,
            line: i + 1,
            text: line,
        };
        cur.skip_spaces();
        if cur.at_end_of_step() {
            continue;
        }
        if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            cur.number("a step time such as `0:` or `0.000:`")?;
            cur.skip_spaces();
            cur.expect(':', "`:` after the step time")?;
            cur.skip_spaces();
        }
        cur.expect('(', "`(` to start a plan step such as `(move a b)`")?;
        cur.skip_spaces();
        let action = cur.name("an action name")?;
        let mut args = Vec::new();
        loop {
            cur.skip_spaces();
            if cur.peek() == Some(')') {
                cur.pos += 1;
                break;
            }
            args.push(cur.name("an object name or `)`")?);
        }
        cur.skip_spaces();
        if cur.peek() == Some('[') {
            cur.pos += 1;
            cur.skip_spaces();
            cur.number("a duration such as `[1]`")?;
            cur.skip_spaces();
            cur.expect(']', "`]` after the duration")?;
            cur.skip_spaces();
        }
        if !cur.at_end_of_step() {
            return Err(cur.error("the end of the line or a `;` comment"));
        }
        steps.push(PlanStep {
            action,
            args,
            line: i + 1,
        });
    }
    Ok(steps)
}

/// A position in one line of a plan file.
struct Cursor<'a> {
    chars: Vec<(usize, char)>,
    pos: usize,
    line: usize,
    text: &'a str,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// At the end of the line or at a comment.
    fn at_end_of_step(&self) -> bool {
        matches!(self.peek(), None | Some(';'))
    }

    fn error(&self, expected: &'static str) -> PlanParseError {
        let found = match self.chars.get(self.pos) {
            None => "the end of the line".to_string(),
            Some(&(byte, _)) => {
                let rest: String = self.text[byte..].chars().take(20).collect();
                format!("`{rest}`")
            }
        };
        PlanParseError {
            line: self.line,
            column: self.pos + 1,
            expected,
            found,
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), PlanParseError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A PDDL name: a letter, then letters, digits, `-` and `_`; lower-cased.
    fn name(&mut self, expected: &'static str) -> Result<String, PlanParseError> {
        if !self.peek().is_some_and(|c| c.is_alphabetic()) {
            return Err(self.error(expected));
        }
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_')
        {
            name.extend(c.to_lowercase());
            self.pos += 1;
        }
        Ok(name)
    }

    /// A decimal number such as `3` or `0.001`.
    fn number(&mut self, expected: &'static str) -> Result<(), PlanParseError> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error(expected));
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.pos += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
