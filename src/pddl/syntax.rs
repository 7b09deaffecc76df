//! Syntax errors in plain English.
//!
//! pest reports a syntax error as the position where parsing stopped and the
//! grammar rules it tried there. planbox turns the rule names into the words a
//! PDDL user knows (`expected a variable such as `?x``) and adds hints for
//! two common mistakes: a file that ends inside an unclosed parenthesis, and a
//! domain file given where a problem was expected.
//!
//! Example: `(:parameters (?x y)` gives "expected a variable such as `?x` or
//! `)`, found `y`" at the `y`.

use super::ast::{Name, Source, Span};
use super::error::PddlError;
use super::parser::Rule;

/// Turns a pest error into a located, plain-English [`PddlError`].
pub(super) fn syntax_error(source: &Source, e: pest::error::Error<Rule>) -> PddlError {
    let start = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = Vec::new();
            for rule in positives {
                let phrase = describe(*rule);
                if !wanted.contains(&phrase) {
                    wanted.push(phrase);
                }
            }
            let found = found_at(&source.text, start);
            let mut message = match wanted.len() {
                0 => format!("unexpected {found}"),
                1 => format!("expected {}, found {found}", wanted[0]),
                _ => {
                    let last = wanted.pop().expect("invariant: at least two phrases");
                    format!("expected {} or {last}, found {found}", wanted.join(", "))
                }
            };
            message.push_str(&hint(&source.text, start, positives));
            message
        }
        // pest's guard against running out of stack, on a thread with a small
        // one (the main thread has room for `MAX_NESTING` levels).
        pest::error::ErrorVariant::CustomError { message } if message == "stack limit reached" => {
            "the text nests too deeply for this thread's stack".to_string()
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = token_end(&source.text, start);
    PddlError::invalid(source, Span { start, end }, message)
}

/// Extra help for two common mistakes: a file that ends inside an unclosed
/// parenthesis, and a domain file given where a problem was expected (or the
/// other way round).
fn hint(text: &str, at: usize, positives: &[Rule]) -> String {
    if at >= text.len()
        && let Some((line, column)) = unclosed_paren(text)
    {
        return format!(" (the `(` at line {line}, column {column} is never closed)");
    }
    let rest = text[at.min(text.len())..].to_ascii_lowercase();
    if positives.contains(&Rule::kw_problem) && rest.starts_with("domain") {
        return " (this is a domain file; give the domain first, then the problem)".into();
    }
    if positives.contains(&Rule::kw_domain) && rest.starts_with("problem") {
        return " (this is a problem file; give the domain first, then the problem)".into();
    }
    String::new()
}

/// Line and column of the innermost `(` that is never closed, skipping comments.
fn unclosed_paren(text: &str) -> Option<(usize, usize)> {
    let mut open: Vec<usize> = Vec::new();
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => in_comment = false,
            _ if in_comment => {}
            ';' => in_comment = true,
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    let at = *open.last()?;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() + 1;
    Some((line, text[line_start..at].chars().count() + 1))
}

/// What a grammar rule stands for, in words a PDDL user knows.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::name => "a name such as `truck1`",
        Rule::variable => "a variable such as `?x`",
        Rule::number => "a number",
        Rule::requirement => "a requirement such as `:typing`",
        Rule::lp => "`(`",
        Rule::rp => "`)`",
        Rule::kw_define => "`define`",
        Rule::kw_domain => "`domain`",
        Rule::kw_problem => "`problem`",
        Rule::kw_and => "`and`",
        Rule::kw_not => "`not`",
        Rule::kw_either => "`either`",
        Rule::kw_increase => "`increase`",
        Rule::kw_minimize => "`minimize`",
        Rule::kw_or => "`or`",
        Rule::kw_imply => "`imply`",
        Rule::kw_exists => "`exists`",
        Rule::kw_forall => "`forall`",
        Rule::kw_when => "`when`",
        Rule::domain | Rule::problem => "`(define ...)`",
        Rule::domain_name => "`(domain NAME)`",
        Rule::problem_name => "`(problem NAME)`",
        Rule::requirements
        | Rule::types
        | Rule::constants
        | Rule::predicates
        | Rule::functions
        | Rule::action
        | Rule::derived
        | Rule::unsupported_section
        | Rule::unsupported_section_keyword => {
            "a domain section such as `(:predicates ...)` or `(:action ...)`"
        }
        Rule::domain_ref
        | Rule::objects
        | Rule::init
        | Rule::problem_goal
        | Rule::metric
        | Rule::timed_literal => "a problem section such as `(:objects ...)` or `(:init ...)`",
        Rule::typed_names => "a list of names such as `a b - block`",
        Rule::typed_variables => "a list of variables such as `?x ?y - block`",
        Rule::either_type | Rule::type_ref => "a type name",
        Rule::parameters => "`:parameters`",
        Rule::precondition => "`:precondition`",
        Rule::action_effect => "`:effect`",
        Rule::atom_skeleton | Rule::function_skeleton => "a declaration such as `(on ?x ?y)`",
        Rule::empty
        | Rule::and_goal
        | Rule::not_goal
        | Rule::or_goal
        | Rule::imply_goal
        | Rule::exists_goal
        | Rule::forall_goal
        | Rule::when_in_goal
        | Rule::formula_keyword
        | Rule::equality
        | Rule::atom
        | Rule::unsupported_formula
        | Rule::unsupported_keyword => "a condition such as `(on ?x ?y)` or `(and ...)`",
        Rule::and_effect
        | Rule::not_effect
        | Rule::increase
        | Rule::forall_effect
        | Rule::when_effect => "an effect such as `(on ?x ?y)`, `(not (on ?x ?y))` or `(and ...)`",
        Rule::function_term => "a function such as `(total-cost)`",
        Rule::function_value => "a fact such as `(on a b)` or `(= (total-cost) 0)`",
        Rule::unsupported_numeric => "a number or a function such as `(total-cost)`",
        // Silent rules never reach error messages; their named parts do.
        _ => "PDDL text",
    }
}

/// A short description of the text at `at`, for "found ..." in messages.
fn found_at(text: &str, at: usize) -> String {
    let rest = &text[at.min(text.len())..];
    match rest.chars().next() {
        None => "the end of the file".into(),
        Some('(') => "`(`".into(),
        Some(')') => "`)`".into(),
        Some(_) => {
            let token: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ')')
                .take(40)
                .collect();
            format!("`{token}`")
        }
    }
}

/// The end of the token that starts at `at` (at least one character long).
fn token_end(text: &str, at: usize) -> usize {
    let rest = &text[at.min(text.len())..];
    let len: usize = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ')')
        .map(char::len_utf8)
        .sum();
    let len = if len == 0 {
        rest.chars().next().map_or(0, char::len_utf8)
    } else {
        len
    };
    at + len
}

/// The deepest nesting of parentheses planbox reads. Real domains stay far
/// below it (IPC files nest a dozen levels or so); the limit keeps the
/// recursive parser, checker and grounder within the stack of any thread,
/// so that hostile input gets an error instead of a stack overflow.
pub const MAX_NESTING: usize = 500;

/// Refuses text whose parentheses nest deeper than [`MAX_NESTING`], at the
/// `(` that goes one level too deep. Comments are skipped; unbalanced
/// parentheses are left to the grammar, which says which one is missing.
pub(super) fn check_nesting(source: &Source) -> Result<(), PddlError> {
    let bytes = source.text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b';' => {
                i += bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(bytes.len() - i);
                continue;
            }
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(PddlError::invalid(
                        source,
                        Span {
                            start: i,
                            end: i + 1,
                        },
                        format!(
                            "parentheses nested more than {MAX_NESTING} levels deep \
                             (planbox's limit; PDDL files seldom nest more than 20)"
                        ),
                    ));
                }
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The requirements a file declares, read from its raw text: the `:name`
/// tokens after `(:requirements`, outside comments, up to the closing `)`,
/// in lower case as the parser keeps them. The parser uses them when the
/// grammar rejects a domain: a declared requirement that planbox refuses
/// (`:numeric-fluents`, `:durative-actions`) is then the real reason, since
/// the constructs it allows are not in planbox's grammar.
///
/// Example: `(:requirements :strips :numeric-fluents)` gives `:strips` and
/// `:numeric-fluents`, each with its span.
pub(super) fn declared_requirements(text: &str) -> Vec<Name> {
    // Comments blanked out, letters in lower case: byte offsets stay as they are.
    let mut bytes = text.as_bytes().to_ascii_lowercase();
    let mut in_comment = false;
    for b in bytes.iter_mut() {
        match *b {
            b';' => in_comment = true,
            b'\n' => in_comment = false,
            _ => {}
        }
        if in_comment {
            *b = b' ';
        }
    }
    let keyword = b":requirements";
    // The keyword first: the look back for `(` then runs only at a match, not
    // at every offset (a long run of blanks would make that quadratic).
    let opened =
        |i: usize| bytes[..i].iter().rev().find(|b| !b.is_ascii_whitespace()) == Some(&b'(');
    let Some(at) = (bytes.windows(keyword.len()).enumerate())
        .find_map(|(i, w)| (w == keyword && opened(i)).then_some(i + keyword.len()))
    else {
        return Vec::new();
    };
    let mut names = Vec::new();
    let mut i = at;
    while i < bytes.len() && !matches!(bytes[i], b')' | b'(') {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !matches!(bytes[i], b')' | b'(')
        {
            i += 1;
        }
        names.push(Name {
            text: String::from_utf8_lossy(&bytes[start..i]).into_owned(),
            span: Span { start, end: i },
        });
    }
    names
}

#[cfg(test)]
mod requirement_tests {
    use super::declared_requirements;

    fn texts(text: &str) -> Vec<(String, usize)> {
        declared_requirements(text)
            .into_iter()
            .map(|n| (n.text, n.span.start))
            .collect()
    }

    #[test]
    fn reads_the_requirements_in_lower_case_with_their_offsets() {
        let text =
            "(define (domain d)\n ( :REQUIREMENTS :strips :Numeric-Fluents)\n (:x (= (f) 1)))";
        assert_eq!(
            texts(text),
            [
                (":strips".to_string(), 36),
                (":numeric-fluents".to_string(), 44)
            ]
        );
    }

    #[test]
    fn skips_comments_and_needs_the_opening_parenthesis() {
        let text = "; (:requirements :durative-actions)\n(define (domain d) :requirements :fluents\n (:requirements :typing))";
        assert_eq!(texts(text), [(":typing".to_string(), 94)]);
        assert!(texts("(define (domain d))").is_empty());
    }
}
