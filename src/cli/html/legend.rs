//! The page's keys: what each pruning rule means, and what the symbols of
//! a drawn board stand for.

use std::fmt::Write as _;

use super::{board, esc};
use serde_json::Value;

/// What each pruning rule means.
pub fn legend(out: &mut String) {
    const RULES: [(&str, &str); 6] = [
        (
            "duplicate",
            "the node was reached before (graph search), or is on the current path (--cycle-check)",
        ),
        (
            "irrelevant",
            "regression: the operator achieves none of the subgoals (counted, not drawn)",
        ),
        (
            "inconsistent",
            "regression: the operator destroys a subgoal, or the set would need a fact and its negation",
        ),
        (
            "invariant",
            "regression: the set breaks a state invariant (the man in two places, a box on the man)",
        ),
        (
            "h2_mutex",
            "regression: the set holds two facts that are never true together (h\u{b2})",
        ),
        (
            "subsumed",
            "regression: a subset of the set was expanded already, at no greater cost",
        ),
    ];
    out.push_str("<section id=\"rules\">\n<h2>Pruning rules</h2>\n<dl class=\"legend\">\n");
    for (rule, meaning) in RULES {
        let _ = writeln!(
            out,
            "<div><dt><span class=\"rule rule-{rule}\">{rule}</span></dt> <dd>{}</dd></div>",
            esc(meaning)
        );
    }
    out.push_str("</dl>\n</section>\n");
}

/// The key to the boards: the symbols of a state, and those of a subgoal
/// set (regression), which says what must hold, not what does
/// ([`planbox::sokoban::render`]).
pub fn board_key(out: &mut String) {
    const STATE: [(&str, &str); 6] = [
        ("#", "wall"),
        (".", "goal cell"),
        ("$", "box"),
        ("*", "box on a goal cell"),
        ("@", "man"),
        ("+", "man on a goal cell"),
    ];
    const SUBGOALS: [(&str, &str); 4] = [
        ("$ *", "a box must be here (on a goal cell: *)"),
        ("@ +", "the man must be here (on a goal cell: +)"),
        ("- =", "the cell must be clear (on a goal cell: =)"),
        (
            "!",
            "contradictory: two of box, man and clear required on one cell",
        ),
    ];
    out.push_str(
        "<section id=\"board-key\">\n<h2>Board symbols</h2>\n\
         <p class=\"note\">A state (progression) shows the level as it is:</p>\n\
         <dl class=\"legend\">\n",
    );
    let entry = |out: &mut String, symbols: &str, meaning: &str| {
        let drawn: Vec<String> = symbols.split(' ').map(board_symbol).collect();
        let _ = writeln!(
            out,
            "<div><dt><code class=\"board\">{}</code></dt> <dd>{}</dd></div>",
            drawn.join(" "),
            esc(meaning)
        );
    };
    for (symbols, meaning) in STATE {
        entry(out, symbols, meaning);
    }
    out.push_str(
        "</dl>\n<p class=\"note\">A subgoal set (regression) shows what must hold \
         where it constrains a cell; the other cells show the plain board:</p>\n\
         <dl class=\"legend\">\n",
    );
    for (symbols, meaning) in SUBGOALS {
        entry(out, symbols, meaning);
    }
    out.push_str("</dl>\n</section>\n");
}

/// One board symbol, in the class the style sheet colours.
fn board_symbol(c: &str) -> String {
    let inner = board(&[Value::String(c.to_string())]);
    inner
        .trim_start_matches("<pre class=\"board\">")
        .trim_end_matches("</pre>")
        .to_string()
}
