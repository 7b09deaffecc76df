//! Four SAT solver crates behind one command, to choose planbox's built-in
//! solver by measurement (benches/sat_solvers.py runs it; benches/README.md
//! has the results).
//!
//! ```text
//! satsolvers-reference --solver batsat|cadical|splr|varisat --time-limit SECONDS FILE.cnf
//! ```
//!
//! Reads a DIMACS CNF, solves it with the named crate and prints one JSON
//! line: `{"solver", "file", "answer": "sat"|"unsat"|"unknown", "time_s",
//! "parse_s"}`. `time_s` is everything after parsing: handing the clauses to
//! the solver and solving. A model is checked against every clause; a wrong
//! one adds `"model": "invalid"` and exits with status 3.
//!
//! The time limit is passed to each crate as far as it allows one: batsat
//! and CaDiCaL poll a callback against the deadline, splr has a timeout in
//! its configuration (whole seconds, checked between search stages), and
//! varisat cannot be stopped at all, so the bench script also runs every
//! process under a wall-clock timeout.

use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A formula in conjunctive normal form, literals as DIMACS integers.
struct Cnf {
    num_vars: u32,
    clauses: Vec<Vec<i32>>,
}

/// Parses DIMACS CNF: `c` comment lines, one `p cnf VARS CLAUSES` header,
/// then clauses as literals ending in `0`, free to span lines.
fn parse_dimacs(text: &str) -> Result<Cnf, String> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut clause = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        let at = |msg: String| format!("line {}: {msg}", number + 1);
        if line.starts_with('p') {
            if header.is_some() {
                return Err(at("a second `p` line".into()));
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (vars, count) = match fields.as_slice() {
                ["p", "cnf", vars, count] => (vars.parse().ok(), count.parse().ok()),
                _ => (None, None),
            };
            match (vars, count) {
                (Some(vars), Some(count)) => header = Some((vars, count)),
                _ => return Err(at(format!("expected `p cnf VARS CLAUSES`, found `{line}`"))),
            }
            continue;
        }
        let Some((num_vars, _)) = header else {
            return Err(at("a clause before the `p cnf` line".into()));
        };
        for token in line.split_whitespace() {
            let lit: i32 = token
                .parse()
                .map_err(|_| at(format!("`{token}` is not a literal")))?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut clause));
            } else if lit.unsigned_abs() > num_vars {
                return Err(at(format!(
                    "literal {lit} beyond the {num_vars} variables declared"
                )));
            } else {
                clause.push(lit);
            }
        }
    }
    let Some((num_vars, count)) = header else {
        return Err("no `p cnf` line".into());
    };
    if !clause.is_empty() {
        return Err("the last clause does not end in 0".into());
    }
    if clauses.len() != count {
        return Err(format!(
            "the header declares {count} clauses, the file has {}",
            clauses.len()
        ));
    }
    Ok(Cnf { num_vars, clauses })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    Sat,
    Unsat,
    Unknown,
}

impl Answer {
    fn name(self) -> &'static str {
        match self {
            Answer::Sat => "sat",
            Answer::Unsat => "unsat",
            Answer::Unknown => "unknown",
        }
    }
}

/// What a solver said. `model[v]` is the value of variable `v` (index 0
/// unused) when the answer is sat; a variable the solver left out is false.
struct Outcome {
    answer: Answer,
    model: Vec<bool>,
    /// Why the answer is unknown, when the solver said more than "time out".
    note: Option<String>,
}

impl Outcome {
    fn unsat() -> Outcome {
        Outcome {
            answer: Answer::Unsat,
            model: Vec::new(),
            note: None,
        }
    }

    fn unknown(note: Option<String>) -> Outcome {
        Outcome {
            answer: Answer::Unknown,
            model: Vec::new(),
            note,
        }
    }

    /// A sat answer whose model is given as the DIMACS literals set true.
    fn sat_from_literals(num_vars: u32, literals: impl IntoIterator<Item = i32>) -> Outcome {
        let mut model = vec![false; num_vars as usize + 1];
        for lit in literals {
            if lit > 0 && lit as u32 <= num_vars {
                model[lit as usize] = true;
            }
        }
        Outcome {
            answer: Answer::Sat,
            model,
            note: None,
        }
    }
}

fn satisfies(cnf: &Cnf, model: &[bool]) -> bool {
    let holds = |lit: i32| {
        let value = model
            .get(lit.unsigned_abs() as usize)
            .copied()
            .unwrap_or(false);
        value == (lit > 0)
    };
    cnf.clauses
        .iter()
        .all(|clause| clause.iter().any(|&lit| holds(lit)))
}

fn solve_batsat(cnf: &Cnf, deadline: Instant) -> Outcome {
    use batsat::{Lit, SolverInterface, SolverOpts, lbool};

    /// Stops the search once the deadline has passed.
    struct Deadline(Instant);
    impl batsat::Callbacks for Deadline {
        fn stop(&self) -> bool {
            Instant::now() >= self.0
        }
    }

    let mut solver = batsat::Solver::new(SolverOpts::default(), Deadline(deadline));
    if cnf.num_vars > 0 {
        solver.var_of_int(cnf.num_vars - 1);
    }
    let mut buffer = Vec::new();
    for clause in &cnf.clauses {
        buffer.clear();
        for &lit in clause {
            let var = solver.var_of_int(lit.unsigned_abs() - 1);
            buffer.push(Lit::new(var, lit > 0));
        }
        if !solver.add_clause_reuse(&mut buffer) {
            return Outcome::unsat();
        }
    }
    let answer = solver.solve_limited(&[]);
    if answer == lbool::TRUE {
        let literals = (1..=cnf.num_vars).map(|v| {
            let var = solver.var_of_int(v - 1);
            if solver.value_var(var) == lbool::TRUE {
                v as i32
            } else {
                -(v as i32)
            }
        });
        let literals: Vec<i32> = literals.collect();
        Outcome::sat_from_literals(cnf.num_vars, literals)
    } else if answer == lbool::FALSE {
        Outcome::unsat()
    } else {
        Outcome::unknown(None)
    }
}

fn solve_cadical(cnf: &Cnf, deadline: Instant) -> Outcome {
    /// Asks CaDiCaL to terminate once the deadline has passed.
    struct Deadline(Instant);
    impl cadical::Callbacks for Deadline {
        fn terminate(&mut self) -> bool {
            Instant::now() >= self.0
        }
    }

    let mut solver: cadical::Solver<Deadline> = cadical::Solver::new();
    solver.set_callbacks(Some(Deadline(deadline)));
    solver.reserve(cnf.num_vars as i32);
    for clause in &cnf.clauses {
        solver.add_clause(clause.iter().copied());
    }
    match solver.solve() {
        Some(true) => {
            let literals = (1..=cnf.num_vars as i32)
                .filter(|&v| solver.value(v) == Some(true))
                .collect::<Vec<_>>();
            Outcome::sat_from_literals(cnf.num_vars, literals)
        }
        Some(false) => Outcome::unsat(),
        None => Outcome::unknown(None),
    }
}

fn solve_splr(cnf: &Cnf, limit: Duration) -> Outcome {
    use splr::{Certificate, Config, SolveIF, Solver, SolverError};

    let config = Config {
        quiet_mode: true,
        // splr keeps whole seconds of it, counted from building the solver.
        c_timeout: limit.as_secs_f64().ceil().max(1.0),
        ..Config::default()
    };
    let answer = match Solver::try_from((config, cnf.clauses.as_slice())) {
        Ok(mut solver) => solver.solve(),
        Err(answer) => answer,
    };
    match answer {
        Ok(Certificate::SAT(model)) => Outcome::sat_from_literals(cnf.num_vars, model),
        Ok(Certificate::UNSAT) => Outcome::unsat(),
        // The errors that splr documents as "unsatisfiable, found early".
        Err(
            SolverError::EmptyClause
            | SolverError::Inconsistent
            | SolverError::RootLevelConflict(_),
        ) => Outcome::unsat(),
        Err(SolverError::TimeOut) => Outcome::unknown(None),
        Err(error) => Outcome::unknown(Some(format!("splr: {error:?}"))),
    }
}

fn solve_varisat(cnf: &Cnf) -> Outcome {
    use varisat::{ExtendFormula, Lit, Solver};

    let mut solver = Solver::new();
    let mut buffer = Vec::new();
    for clause in &cnf.clauses {
        buffer.clear();
        buffer.extend(clause.iter().map(|&lit| Lit::from_dimacs(lit as isize)));
        solver.add_clause(&buffer);
    }
    match solver.solve() {
        Ok(true) => {
            let model = solver.model().unwrap_or_default();
            let literals = model.iter().map(|lit| lit.to_dimacs() as i32);
            Outcome::sat_from_literals(cnf.num_vars, literals.collect::<Vec<_>>())
        }
        Ok(false) => Outcome::unsat(),
        Err(error) => Outcome::unknown(Some(format!("varisat: {error}"))),
    }
}

const SOLVERS: [&str; 4] = ["batsat", "cadical", "splr", "varisat"];

struct Args {
    solver: String,
    time_limit: Duration,
    file: String,
}

fn parse_args() -> Result<Args, String> {
    let mut solver = None;
    let mut time_limit = None;
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--solver" => solver = args.next(),
            "--time-limit" => {
                let value = args.next().ok_or("--time-limit needs a value")?;
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| format!("bad --time-limit `{value}`"))?;
                time_limit = Some(Duration::from_secs_f64(seconds));
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option `{arg}`")),
            _ if file.is_none() => file = Some(arg),
            _ => return Err(format!("unexpected argument `{arg}`")),
        }
    }
    let solver = solver.ok_or("--solver NAME is required")?;
    if !SOLVERS.contains(&solver.as_str()) {
        return Err(format!(
            "unknown solver `{solver}` (known: {})",
            SOLVERS.join(", ")
        ));
    }
    Ok(Args {
        solver,
        time_limit: time_limit.ok_or("--time-limit SECONDS is required")?,
        file: file.ok_or("a FILE.cnf is required")?,
    })
}

fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(msg) => {
            eprintln!("satsolvers-reference: {msg}");
            eprintln!(
                "usage: satsolvers-reference --solver {} --time-limit SECONDS FILE.cnf",
                SOLVERS.join("|")
            );
            return ExitCode::from(2);
        }
    };

    let parse_start = Instant::now();
    let cnf = std::fs::read_to_string(&args.file)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_dimacs(&text));
    let cnf = match cnf {
        Ok(cnf) => cnf,
        Err(msg) => {
            eprintln!("satsolvers-reference: {}: {msg}", args.file);
            return ExitCode::from(2);
        }
    };
    let parse_s = parse_start.elapsed().as_secs_f64();

    let start = Instant::now();
    let deadline = start + args.time_limit;
    let outcome = match args.solver.as_str() {
        "batsat" => solve_batsat(&cnf, deadline),
        "cadical" => solve_cadical(&cnf, deadline),
        "splr" => solve_splr(&cnf, args.time_limit),
        "varisat" => solve_varisat(&cnf),
        _ => unreachable!("checked in parse_args"),
    };
    let time_s = start.elapsed().as_secs_f64();

    let model_ok = outcome.answer != Answer::Sat || satisfies(&cnf, &outcome.model);
    let mut line = format!(
        "{{\"solver\":{},\"file\":{},\"answer\":\"{}\",\"time_s\":{time_s:.6},\"parse_s\":{parse_s:.6}",
        json_string(&args.solver),
        json_string(&args.file),
        outcome.answer.name(),
    );
    if !model_ok {
        line.push_str(",\"model\":\"invalid\"");
    }
    if let Some(note) = &outcome.note {
        line.push_str(&format!(",\"note\":{}", json_string(note)));
    }
    line.push('}');
    println!("{line}");
    if model_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    }
}
