//! Sokoban solutions as LURD strings, and plans as solutions.
//!
//! A LURD string spells a walk one step per letter: `l`, `u`, `r`, `d` move
//! the man left, up, right or down; the upper-case letter is the same step
//! pushing a box. Each step of a plan is one letter:
//!
//! ```text
//! (move r4c3 r4c4 right)                                   r
//! (push r4c4 r4c5 r4c6 right)                              R
//! (move player-01 pos-4-4 pos-4-3 dir-up)                  u   (IPC encoding)
//! (push-to-goal player-01 stone-01 pos-4-3 pos-4-2 pos-4-1 dir-up)   U
//! ```
//!
//! [`parse`] also reads run-length encoded LURD (`3r2U` is `rrrUU`, and
//! `2(ru)` is `ruru`), with blanks and line breaks anywhere and `;` comments.
//!
//! Converting a plan replays it on the level ([`super::game`]), so every step
//! is checked: it must start where the man stands, go to the neighbour in its
//! direction, and be a push exactly when that neighbour holds a box.

use super::game::{Naming, State, Step};
use super::ipc;
use super::level::{Cell, Dir, Level};
use super::to_pddl::Format;
use crate::validate::PlanStep;

/// One LURD letter: direction, push or move, and its byte offset in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    pub dir: Dir,
    pub push: bool,
    pub offset: usize,
}

impl Letter {
    pub fn char(self) -> char {
        let c = self.dir.lurd();
        if self.push { c.to_ascii_uppercase() } else { c }
    }
}

/// The longest solution [`parse`] expands (against `999999(999999(...))`).
pub const MAX_LETTERS: usize = 1_000_000;
const MAX_NESTING: usize = 20;

/// Reads a LURD string, plain or run-length encoded. An error gives a byte
/// offset and a message.
pub fn parse(text: &str) -> Result<Vec<Letter>, (usize, String)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    let mut out = Vec::new();
    sequence(&chars, &mut i, 0, &mut out)?;
    Ok(out)
}

/// Reads letters up to the end, or up to the `)` that closes a group when
/// `depth > 0`.
fn sequence(
    chars: &[(usize, char)],
    i: &mut usize,
    depth: usize,
    out: &mut Vec<Letter>,
) -> Result<(), (usize, String)> {
    let end = chars.last().map_or(0, |&(a, c)| a + c.len_utf8());
    while let Some(&(at, c)) = chars.get(*i) {
        *i += 1;
        if c == ';' {
            while chars.get(*i).is_some_and(|&(_, c)| c != '\n') {
                *i += 1;
            }
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        if c == ')' {
            if depth > 0 {
                return Ok(());
            }
            return Err((at, "a `)` without its `(`".into()));
        }
        // An optional count, then the letter or group it repeats.
        let (mut count, mut what) = (1, (at, c));
        if c.is_ascii_digit() {
            let mut n = c as usize - '0' as usize;
            while let Some(&(_, d)) = chars.get(*i).filter(|(_, d)| d.is_ascii_digit()) {
                n = n
                    .saturating_mul(10)
                    .saturating_add(d as usize - '0' as usize);
                *i += 1;
            }
            if n == 0 || n > MAX_LETTERS {
                return Err((at, format!("a count must be between 1 and {MAX_LETTERS}")));
            }
            count = n;
            what = chars.get(*i).copied().unwrap_or((end, '\0'));
            *i += 1;
        }
        let (at_what, c) = what;
        let mut letters = Vec::new();
        if c == '(' {
            if depth >= MAX_NESTING {
                return Err((at_what, "groups nested too deep".into()));
            }
            sequence(chars, i, depth + 1, &mut letters)?;
        } else {
            let dir = match c.to_ascii_lowercase() {
                'l' => Dir::Left,
                'u' => Dir::Up,
                'r' => Dir::Right,
                'd' => Dir::Down,
                _ => {
                    let found = if c == '\0' {
                        "the end".into()
                    } else {
                        format!("{c:?}")
                    };
                    let m = format!("expected a LURD letter (l u r d, L U R D), found {found}");
                    return Err((at_what, m));
                }
            };
            let push = c.is_ascii_uppercase();
            letters.push(Letter {
                dir,
                push,
                offset: at_what,
            });
        }
        if letters
            .len()
            .saturating_mul(count)
            .saturating_add(out.len())
            > MAX_LETTERS
        {
            return Err((at, format!("more than {MAX_LETTERS} steps")));
        }
        for _ in 0..count {
            out.extend_from_slice(&letters);
        }
    }
    if depth > 0 {
        return Err((end, "a `(` group is never closed".into()));
    }
    Ok(())
}

/// The letters as a plain LURD string.
pub fn to_string(letters: &[Letter]) -> String {
    letters.iter().map(|l| l.char()).collect()
}

/// Makes one LURD step on `state`; the letter's case must match what happens.
pub fn apply(state: &mut State, level: &Level, letter: Letter) -> Result<Step, String> {
    apply_named(state, level, letter, Naming::Rows)
}

/// [`apply`], with messages that name cells as `naming` does.
fn apply_named(
    state: &mut State,
    level: &Level,
    letter: Letter,
    naming: Naming,
) -> Result<Step, String> {
    let before = state.clone();
    let step = (state.step(level, letter.dir)).map_err(|e| e.message(naming))?;
    let pushes = matches!(step, Step::Push { .. });
    if pushes != letter.push {
        *state = before;
        let next = level
            .neighbour(state.man, letter.dir)
            .map_or(String::new(), |c| naming.cell(c));
        return Err(if pushes {
            format!(
                "`{}` is a move, but it pushes the box at {next} (write `{}`)",
                letter.char(),
                letter.char().to_ascii_uppercase()
            )
        } else {
            format!(
                "`{}` is a push, but {next} holds no box (write `{}`)",
                letter.char(),
                letter.char().to_ascii_lowercase()
            )
        });
    }
    Ok(step)
}

/// The LURD string of a plan over either encoding, checked step by step. An
/// error gives the 0-based index of the offending step and why.
pub fn from_plan(level: &Level, plan: &[PlanStep]) -> Result<String, (usize, String)> {
    let mut state = State::initial(level);
    let mut out = String::new();
    // Name cells in messages as the plan does.
    let ipc = plan
        .iter()
        .flat_map(|s| &s.args)
        .any(|a| a.starts_with("pos-"));
    let naming = if ipc {
        Naming::Ipc {
            digits: ipc::digits(level),
        }
    } else {
        Naming::Rows
    };
    for (k, step) in plan.iter().enumerate() {
        let fail = |m: String| (k, m);
        let args: Vec<&str> = step.args.iter().map(String::as_str).collect();
        // (push?, the man's cell, the cell he steps to, direction)
        let (push, from, to, dir) = match (step.action.as_str(), args.as_slice()) {
            ("move", [from, to, dir]) | ("move", [_, from, to, dir]) => (false, *from, *to, *dir),
            ("push", [from, to, _, dir]) => (true, *from, *to, *dir),
            ("push-to-goal" | "push-to-nongoal", [_, _, from, to, _, dir]) => {
                (true, *from, *to, *dir)
            }
            _ => return Err(fail(format!("`{step}` is not a Sokoban move or push"))),
        };
        let dir = Dir::from_name(dir).ok_or_else(|| fail(format!("`{dir}` is not a direction")))?;
        let cell = |name: &str| {
            Cell::from_any_name(name).ok_or_else(|| fail(format!("`{name}` is not a cell name")))
        };
        let (from, to) = (cell(from)?, cell(to)?);
        if from != state.man {
            return Err(fail(format!(
                "the man is at {}, not at {}",
                naming.cell(state.man),
                naming.cell(from)
            )));
        }
        if level.neighbour(from, dir) != Some(to) {
            return Err(fail(format!(
                "{} is not {} of {}",
                naming.cell(to),
                dir.name(),
                naming.cell(from)
            )));
        }
        let letter = Letter {
            dir,
            push,
            offset: 0,
        };
        apply_named(&mut state, level, letter, naming).map_err(fail)?;
        out.push(letter.char());
    }
    Ok(out)
}

/// The plan (one action per entry) that walks `letters` in `format`. An error
/// gives the index of the first illegal letter and why.
pub fn to_plan(
    level: &Level,
    letters: &[Letter],
    format: Format,
) -> Result<Vec<String>, (usize, String)> {
    let digits = ipc::digits(level);
    let mut stones: Vec<(String, Cell)> = ipc::stones(level);
    let mut state = State::initial(level);
    let mut plan = Vec::new();
    for (k, &letter) in letters.iter().enumerate() {
        let man = state.man;
        let step = apply(&mut state, level, letter).map_err(|m| (k, m))?;
        let dir = letter.dir;
        plan.push(match (format, step) {
            (Format::Mbc, Step::Move) => {
                format!("(move {} {} {})", man.name(), state.man.name(), dir.name())
            }
            (Format::Mbc, Step::Push { from, to }) => format!(
                "(push {} {} {} {})",
                man.name(),
                from.name(),
                to.name(),
                dir.name()
            ),
            (Format::Ipc, Step::Move) => format!(
                "(move player-01 {} {} {})",
                man.ipc_name(digits),
                state.man.ipc_name(digits),
                ipc::dir_name(dir)
            ),
            (Format::Ipc, Step::Push { from, to }) => {
                let stone =
                    stones
                        .iter_mut()
                        .find(|(_, c)| *c == from)
                        .map_or_else(String::new, |s| {
                            s.1 = to;
                            s.0.clone()
                        });
                let kind = if level.is_goal(to) { "goal" } else { "nongoal" };
                format!(
                    "(push-to-{kind} player-01 {stone} {} {} {} {})",
                    man.ipc_name(digits),
                    from.ipc_name(digits),
                    to.ipc_name(digits),
                    ipc::dir_name(dir)
                )
            }
        });
    }
    Ok(plan)
}

#[cfg(test)]
mod tests;
