//! Robustness: thousands of deterministic random mutations of valid PDDL files
//! go through the parser, the checker and the grounder, and none may panic.
//!
//! A mutation works on tokens (parentheses, names, whitespace runs): it deletes,
//! duplicates or swaps tokens, inserts a stray parenthesis or a PDDL keyword, or
//! truncates the file. Most mutants are rejected with an error; the test only
//! demands that every mutant ends in `Ok` or `Err`, never a panic. Mutants are
//! grounded only when their lifted size is small, so that a mutation that drops
//! a precondition cannot make the test run for minutes.

use crate::common::{Rng, root};
use planbox::pddl::{self, ast::Source};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// (domain, problem) pairs, small enough to ground any mutant of.
const SEEDS: &[(&str, &str)] = &[
    (
        "problems/ipc/gripper/domain.pddl",
        "problems/ipc/gripper/prob01.pddl",
    ),
    (
        "problems/ipc/blocks/domain.pddl",
        "problems/ipc/blocks/probBLOCKS-4-0.pddl",
    ),
    (
        "tests/data/bad/domain.pddl",
        "tests/data/mutation-seed-problem.pddl",
    ),
    (
        "problems/ipc/sokoban-opt08-strips/domain.pddl",
        "problems/ipc/sokoban-opt08-strips/p01.pddl",
    ),
    (
        "problems/ipc/childsnack-opt14-strips/domain.pddl",
        "problems/ipc/childsnack-opt14-strips/child-snack_pfile01.pddl",
    ),
    (
        "problems/ipc/movie/domain.pddl",
        "problems/ipc/movie/prob01.pddl",
    ),
    // ADL: `or`, `exists`, `forall`, `imply` and `either` types ...
    (
        "tests/data/adl/lamps-domain.pddl",
        "tests/data/adl/lamps.pddl",
    ),
    // ... derived predicates over two strata, one rule recursive ...
    (
        "tests/data/adl/doors-domain.pddl",
        "tests/data/adl/doors.pddl",
    ),
    // ... and `forall`/`when` effects, from the IPC.
    (
        "problems/ipc-adl/miconic-simpleadl/domain.pddl",
        "problems/ipc-adl/miconic-simpleadl/s1-0.pddl",
    ),
];

const INSERTS: &[&str] = &[
    "(",
    ")",
    "(and",
    "(not",
    "?x",
    "-",
    "object",
    ":action",
    ":parameters",
    ":effect",
    ":precondition",
    "forall",
    "(when",
    "(= ?x ?y)",
    "(increase (total-cost) 1.5)",
    "(either a b)",
    ":requirements",
    ":adl",
    "; comment\n",
    "\r\n",
    "é",
    "0",
    "-1",
    "(:types a - a)",
    "(:derived (p) (q))",
    "(:init)",
    "(:goal)",
    "define",
    "domain",
];

/// Splits text into `(`, `)`, whitespace runs and other runs.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let kind = |c: char| match c {
        '(' | ')' => 0,
        c if c.is_whitespace() => 1,
        _ => 2,
    };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for w in 0..chars.len() {
        let (i, c) = chars[w];
        let boundary = w + 1 == chars.len() || kind(c) == 0 || kind(chars[w + 1].1) != kind(c);
        if boundary {
            let end = i + c.len_utf8();
            out.push(&text[start..end]);
            start = end;
        }
    }
    out
}

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut toks: Vec<String> = tokens(text).into_iter().map(String::from).collect();
    let rounds = 1 + rng.below(2);
    for _ in 0..rounds {
        let n = toks.len();
        if n == 0 {
            break;
        }
        let i = rng.below(n);
        match rng.below(8) {
            0 => {
                toks.remove(i);
            }
            1 => {
                let t = toks[i].clone();
                toks.insert(i, t);
            }
            2 => {
                let j = rng.below(n);
                toks.swap(i, j);
            }
            3 => toks.insert(i, INSERTS[rng.below(INSERTS.len())].to_string()),
            4 => {
                let keep = rng.below(n);
                toks.truncate(keep);
            }
            5 => toks[i] = toks[i].to_uppercase(),
            // Swapping neighbours keeps most structure and often still parses.
            _ => toks.swap(i, (i + 2).min(n - 1)),
        }
    }
    toks.concat()
}

/// The text without its `;` comments, so that text inserted into it is code.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("seed file")
}

/// How far a mutant got.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Rejected,
    Checked,
    Grounded,
}

/// Parse, check and (when small) ground; errors are fine, panics are not.
fn pipeline(domain_text: String, problem_text: String) -> Stage {
    let source = |text| Source {
        path: "mutant.pddl".into(),
        text,
    };
    let Ok(domain) = pddl::parse_domain(source(domain_text)) else {
        return Stage::Rejected;
    };
    // Exercise error rendering too.
    if let Err(e) = pddl::check_domain(&domain) {
        let _ = e.to_string();
        return Stage::Rejected;
    }
    let problem = match pddl::parse_problem(source(problem_text)) {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            return Stage::Rejected;
        }
    };
    if let Err(e) = pddl::check_problem(&domain, &problem) {
        let _ = e.to_string();
        return Stage::Rejected;
    }
    let objects = (domain.constants.len() + problem.objects.len()) as f64;
    let widest = domain
        .actions
        .iter()
        .map(|a| a.parameters.len())
        .max()
        .unwrap_or(0);
    if objects.powi(widest as i32) <= 2e5 && planbox::ground::ground(&domain, &problem).is_ok() {
        return Stage::Grounded;
    }
    Stage::Checked
}

/// Rounds of mutants, one of each seed per round.
const ROUNDS: usize = 1700;
const _: () = assert!(ROUNDS * SEEDS.len() >= 10_000, "ten thousand mutants");

#[test]
fn ten_thousand_mutants_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let count = ROUNDS * SEEDS.len();
    let mut panics = Vec::new();
    let mut grounded = 0;
    for round in 0..ROUNDS {
        for (d, p) in SEEDS {
            let (domain, problem) = (read(d), read(p));
            // Mutate the domain, the problem, or both.
            let which = round % 3;
            let md = if which != 1 {
                mutate(&domain, &mut rng)
            } else {
                domain
            };
            let mp = if which != 0 {
                mutate(&problem, &mut rng)
            } else {
                problem
            };
            let (md2, mp2) = (md.clone(), mp.clone());
            match catch_unwind(AssertUnwindSafe(|| pipeline(md2, mp2))) {
                Ok(Stage::Grounded) => grounded += 1,
                Ok(_) => {}
                Err(_) => panics.push(format!(
                    "seed {d} / {p}:\n--- domain\n{md}\n--- problem\n{mp}"
                )),
            }
        }
    }
    // Enough mutants must survive to exercise the grounder, not just the parser.
    assert!(
        grounded >= 700,
        "only {grounded} of {count} mutants were grounded"
    );
    assert!(
        panics.is_empty(),
        "{} mutants panicked; first:\n{}",
        panics.len(),
        panics[0]
    );
}

/// Fewer mutants for the families below, which each take a whole seed.
const FAMILY_ROUNDS: usize = 200;

/// The error of a mutant, if it has one at parsing or checking.
fn first_error(domain_text: String, problem_text: String) -> Option<pddl::PddlError> {
    let source = |text| Source {
        path: "mutant.pddl".into(),
        text,
    };
    let domain = match pddl::parse_domain(source(domain_text)) {
        Ok(d) => d,
        Err(e) => return Some(e),
    };
    if let Err(e) = pddl::check_domain(&domain) {
        return Some(e);
    }
    let problem = match pddl::parse_problem(source(problem_text)) {
        Ok(p) => p,
        Err(e) => return Some(e),
    };
    pddl::check_problem(&domain, &problem).err()
}

/// Mutants with a byte-order mark in front behave exactly as without: the
/// same stage, and errors at the same line and column.
#[test]
fn a_byte_order_mark_changes_nothing() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for round in 0..FAMILY_ROUNDS {
        for (d, p) in SEEDS {
            let (domain, problem) = (mutate(&read(d), &mut rng), mutate(&read(p), &mut rng));
            let bom = |t: &str| format!("\u{feff}{t}");
            let (with, without) = if round % 2 == 0 {
                ((bom(&domain), problem.clone()), (domain, problem))
            } else {
                ((domain.clone(), bom(&problem)), (domain, problem))
            };
            let where_ = |e: Option<pddl::PddlError>| e.map(|e| (e.line, e.column, e.message));
            assert_eq!(
                where_(first_error(with.0.clone(), with.1.clone())),
                where_(first_error(without.0.clone(), without.1.clone())),
                "seed {d} / {p}"
            );
            assert!(pipeline(with.0, with.1) == pipeline(without.0, without.1));
        }
    }
}

/// Parentheses nested around a random token, to depths on both sides of the
/// limit (up to fifty thousand): never a crash, and past the limit always the
/// nesting error.
#[test]
fn deeply_nested_mutants_end_in_a_result_or_the_nesting_error() {
    let depths = [
        10,
        100,
        pddl::MAX_NESTING - 10,
        pddl::MAX_NESTING + 1,
        5_000,
        50_000,
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ 0xdead_beef);
    for round in 0..FAMILY_ROUNDS {
        for (d, p) in SEEDS {
            let depth = depths[rng.below(depths.len())];
            let wrap = |text: &str, rng: &mut Rng| {
                let mut toks: Vec<String> = tokens(text).into_iter().map(String::from).collect();
                let i = rng.below(toks.len());
                let open = if rng.below(2) == 0 { "(and " } else { "(" };
                toks.insert(i, open.repeat(depth));
                let j = (i + 2).min(toks.len());
                toks.insert(j, ")".repeat(depth));
                toks.concat()
            };
            let (mut domain, mut problem) = (without_comments(&read(d)), read(p));
            problem = without_comments(&problem);
            if round % 2 == 0 {
                domain = wrap(&domain, &mut rng);
            } else {
                problem = wrap(&problem, &mut rng);
            }
            let error = first_error(domain.clone(), problem.clone());
            if depth > pddl::MAX_NESTING {
                let e = error.expect("too deep to be accepted");
                assert!(e.message.contains("nested more than"), "{e}");
                assert!(e.to_string().len() < 1000, "{} bytes", e.to_string().len());
            }
            pipeline(domain, problem);
        }
    }
}

/// A run of a hundred thousand characters on one line (a long name, blanks,
/// or many names): an error message stays short whatever it quotes.
#[test]
fn long_line_mutants_get_short_messages() {
    let runs = [
        "x".repeat(100_000),
        " ".repeat(100_000),
        (0..15_000).map(|i| format!(" o{i}")).collect::<String>(),
        "?v".repeat(50_000),
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for round in 0..FAMILY_ROUNDS {
        for (d, p) in SEEDS {
            let run = &runs[rng.below(runs.len())];
            let insert = |text: &str, rng: &mut Rng| {
                let mut toks: Vec<String> = tokens(text).into_iter().map(String::from).collect();
                let i = rng.below(toks.len());
                toks.insert(i, run.clone());
                toks.concat()
            };
            let (mut domain, mut problem) = (read(d), read(p));
            if round % 2 == 0 {
                domain = insert(&domain, &mut rng);
            } else {
                problem = insert(&problem, &mut rng);
            }
            if let Some(e) = first_error(domain.clone(), problem.clone()) {
                let shown = e.to_string();
                assert!(
                    shown.len() < 1500,
                    "{} bytes:\n{}",
                    shown.len(),
                    &shown[..2000.min(shown.len())]
                );
            }
            pipeline(domain, problem);
        }
    }
}
