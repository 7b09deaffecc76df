//! Reading and writing plan files in Fast Downward's `sas_plan` format:
//!
//! ```text
//! (move r4c3 r4c4 right)
//! (push r4c4 r4c5 r4c6 right)
//! ; cost = 2 (unit cost)
//! ```
//!
//! One `(action arg ...)` per line; `;` starts a comment; blank lines are
//! skipped; names are read in lower case.
//!
//! merge point: use crate::plan (this reader only serves the Sokoban
//! commands until the shared plan module is on `main`).

/// One step of a plan: action name and arguments (lower case), and the byte
/// offset of its `(` in the plan text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanStep {
    pub action: String,
    pub args: Vec<String>,
    pub offset: usize,
}

impl std::fmt::Display for PlanStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}", self.action)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        write!(f, ")")
    }
}

/// Reads a plan. An error gives a byte offset and a message.
pub fn read(text: &str) -> Result<Vec<PlanStep>, (usize, String)> {
    let mut steps = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.split(';').next().unwrap_or("");
        let body = line.trim();
        if body.is_empty() {
            continue;
        }
        let at = start + (line.len() - line.trim_start().len());
        let inner = body
            .strip_prefix('(')
            .and_then(|b| b.strip_suffix(')'))
            .ok_or((
                at,
                "expected a step such as `(move r1c1 r1c2 right)`".to_string(),
            ))?;
        if let Some(i) = inner.find(['(', ')']) {
            return Err((
                at + 1 + i,
                "unexpected parenthesis inside a step".to_string(),
            ));
        }
        let mut words = inner.split_whitespace().map(str::to_ascii_lowercase);
        let action = words
            .next()
            .ok_or((at, "a step needs an action name".to_string()))?;
        steps.push(PlanStep {
            action,
            args: words.collect(),
            offset: at,
        });
    }
    Ok(steps)
}

/// Writes a plan: one step per line and the `; cost = N` line (`unit` says
/// whether every action costs 1, as in `domains/sokoban.pddl`).
pub fn write(steps: &[String], cost: usize, unit: bool) -> String {
    let mut out: String = steps.iter().map(|s| format!("{s}\n")).collect();
    let kind = if unit { "unit cost" } else { "general cost" };
    out.push_str(&format!("; cost = {cost} ({kind})\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sas_plan_files() {
        let text = "(MOVE r1c1 r1c2 right)\r\n\n  (push a b c d) ; why\n; cost = 2 (unit cost)\n";
        let steps = read(text).expect("a plan");
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].to_string(), "(move r1c1 r1c2 right)");
        assert_eq!(steps[1].offset, 27);
        assert_eq!(
            write(&["(a)".into()], 1, true),
            "(a)\n; cost = 1 (unit cost)\n"
        );
    }

    #[test]
    fn refuses_malformed_lines() {
        assert_eq!(read("(a b\n").map_err(|e| e.0), Err(0));
        assert_eq!(read("ok\n").map_err(|e| e.0), Err(0));
        assert_eq!(read("(a (b))").map_err(|e| e.0), Err(3));
        assert_eq!(read("  ()").map_err(|e| e.0), Err(2));
    }
}
