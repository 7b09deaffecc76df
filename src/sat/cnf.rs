//! A formula in conjunctive normal form, kept in memory, and its DIMACS text.
//!
//! DIMACS is the format every SAT solver reads: a header `p cnf VARS
//! CLAUSES`, then one clause per line, its literals as signed variable
//! numbers ending with `0`; lines starting with `c` are comments. The
//! clause `(x1 | -x3)` is the line `1 -3 0`.

use std::fmt::Write as _;

use super::encode::{ClauseSink, Lit};

/// Clauses stored one after the other, each ended by a 0 as in DIMACS.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    pub variables: u32,
    pub clauses: usize,
    literals: Vec<Lit>,
}

impl ClauseSink for Cnf {
    fn new_var(&mut self) -> Lit {
        self.variables += 1;
        self.variables as Lit
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(
            clause
                .iter()
                .all(|&l| l != 0 && l.unsigned_abs() <= self.variables)
        );
        self.literals.extend_from_slice(clause);
        self.literals.push(0);
        self.clauses += 1;
    }
}

impl Cnf {
    /// The clauses, each without its ending 0.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> {
        self.literals.split(|&l| l == 0).take(self.clauses)
    }

    /// The DIMACS text, with `comments` (one per line) after the header's
    /// `c` lines.
    pub fn to_dimacs(&self, comments: &[String]) -> String {
        let mut text = String::with_capacity(self.literals.len() * 6 + 64);
        for c in comments {
            let _ = writeln!(text, "c {c}");
        }
        let _ = writeln!(text, "p cnf {} {}", self.variables, self.clauses);
        for clause in self.iter() {
            for l in clause {
                let _ = write!(text, "{l} ");
            }
            text.push_str("0\n");
        }
        text
    }

    /// Reads DIMACS text (for tests and tools: the header's counts must
    /// match what follows).
    pub fn from_dimacs(text: &str) -> Result<Cnf, String> {
        let mut cnf = Cnf::default();
        let mut header: Option<(u32, usize)> = None;
        let mut open = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('c') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("p cnf") {
                let nums: Vec<&str> = rest.split_whitespace().collect();
                let parse = |s: &str| {
                    s.parse::<u64>()
                        .map_err(|_| format!("line {}: bad header", i + 1))
                };
                if nums.len() != 2 {
                    return Err(format!("line {}: expected `p cnf VARS CLAUSES`", i + 1));
                }
                header = Some((parse(nums[0])? as u32, parse(nums[1])? as usize));
                cnf.variables = header.map_or(0, |h| h.0);
                continue;
            }
            let Some((vars, _)) = header else {
                return Err(format!(
                    "line {}: a clause before the `p cnf` header",
                    i + 1
                ));
            };
            for word in line.split_whitespace() {
                let l: Lit = word
                    .parse()
                    .map_err(|_| format!("line {}: `{word}` is not a literal", i + 1))?;
                if l.unsigned_abs() > vars {
                    return Err(format!(
                        "line {}: variable {l} beyond the header's {vars}",
                        i + 1
                    ));
                }
                cnf.literals.push(l);
                if l == 0 {
                    cnf.clauses += 1;
                    open = false;
                } else {
                    open = true;
                }
            }
        }
        let Some((_, clauses)) = header else {
            return Err("no `p cnf` header".into());
        };
        if open {
            return Err("the last clause does not end with 0".into());
        }
        if cnf.clauses != clauses {
            return Err(format!(
                "the header says {clauses} clauses, the file has {}",
                cnf.clauses
            ));
        }
        Ok(cnf)
    }
}

#[cfg(test)]
mod tests;
