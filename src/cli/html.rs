//! `compare --html FILE`: the comparison as one web page for the classroom.
//!
//! A text trace lists the expansions one after the other; a reader has to
//! rebuild the tree in their head. The page draws it: each search's first
//! expansions (`--trace-limit`) as nested `<details>` elements, one per
//! expanded node, whose summary is the operator that led there and whose
//! body holds the node's board (Sokoban) or facts and the operators tried
//! from it. A tried operator either became a node expanded later (nested
//! inside), was generated but not expanded within the trace, or was *cut*: its
//! branch carries the name of the pruning rule (`duplicate`, `invariant`,
//! `subsumed`, ...). The path of the plan found is drawn in green. A
//! heuristic search adds to each node what it computed: `h`, and `f` in A*
//! and weighted A*; the page has a key to the boards' symbols, those of a
//! subgoal set included. Past [`PAGE_CAP`] the trees are cut, and the page
//! says where.
//!
//! ```text
//! #1 start, g = 0
//! ├─ #2 (move r4c3 r3c3 up), g = 1
//! │   ├─ (move r3c3 r2c3 up)          generated, not expanded here
//! │   └─ (move r3c3 r4c3 down)        ✂ pruned: duplicate
//! └─ ...
//! ```
//!
//! The page is self-contained, so it opens without a network: the style
//! sheet and the script are inlined (`html/page.css`, `html/page.js`), and the
//! data (each engine's `--json` record and its trace) sits in a
//! `<script type="application/json">` element, written with `<`, `>` and `&`
//! escaped so that no string in it can end the element. The counters table
//! is plain HTML, written here; the script only adds the summary line of
//! each engine and the view of the node clicked. The same records give the
//! same page, byte for byte: nothing in it depends on the clock or on hash
//! order (only the measured times and memory differ between runs).

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::compare::{MEASURED_KEYS, configurations, reasons, rows, shown};
use super::report::PRUNING_KEYS;

mod tree;

use tree::column;

const CSS: &str = include_str!("html/page.css");
const JS: &str = include_str!("html/page.js");

/// What the page shows: one column per engine, in the order of `compare`'s.
pub struct Page<'a> {
    /// The command that made the page, shown so that a reader can repeat it.
    pub command: String,
    /// The problem file, for the title.
    pub problem: String,
    /// The engines' names, each with its `--json` record (without the trace)
    /// and its trace, if it recorded one.
    pub engines: Vec<(&'a str, &'a Value, Option<&'a Value>)>,
    /// How many expansions each trace holds at most (`--trace-limit`).
    pub limit: usize,
}

/// How many expansions the search of `record` recorded, of which it sent
/// `sent`: more where it sent only what a page can draw (`trace_recorded`).
fn recorded(record: &Value, sent: usize) -> usize {
    (record["trace_recorded"].as_u64()).map_or(sent, |n| sent.max(n as usize))
}

/// Escapes text for HTML element content and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` only
/// occur inside JSON strings, where `\u003c` and friends mean the same.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// A Sokoban board as HTML, each symbol in the class the style sheet colours.
fn board(rows: &[Value]) -> String {
    let mut out = String::from("<pre class=\"board\">");
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for c in row.as_str().unwrap_or("").chars() {
            let class = match c {
                '#' => "wall",
                '$' => "box",
                '*' => "done",
                '.' | '!' => "goal",
                '@' | '+' => "man",
                '-' | '=' => "clear",
                _ => "",
            };
            match class {
                "" => out.push_str(&esc(&c.to_string())),
                _ => {
                    let _ = write!(
                        out,
                        "<span class=\"{class}\">{}</span>",
                        esc(&c.to_string())
                    );
                }
            }
        }
    }
    out.push_str("</pre>");
    out
}

/// The most a page may weigh, in bytes. A trace of a big task is large (a
/// regression node tries hundreds of operators, each drawn with its board),
/// and a page of hundreds of megabytes no browser opens; past this size the
/// trees are cut.
pub const PAGE_CAP: usize = 20_000_000;

/// A page that was cut to stay under [`PAGE_CAP`]: its trees show the first
/// `drawn` expansions of each search, of the `recorded` ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    pub drawn: usize,
    pub recorded: usize,
}

/// The page, and how it was cut, if it was.
pub fn render(page: &Page) -> (String, Option<Cut>) {
    let traces: Vec<&[Value]> = page
        .engines
        .iter()
        .filter_map(|(_, _, t)| t.and_then(Value::as_array).map(Vec::as_slice))
        .collect();
    let drawable = traces.iter().map(|t| t.len()).max().unwrap_or(0);
    let recorded = (page.engines.iter())
        .map(|(_, r, t)| recorded(r, t.and_then(Value::as_array).map_or(0, Vec::len)))
        .max()
        .unwrap_or(0);
    // A first guess from the size of each expansion's JSON: the page holds
    // it once as data and draws it about once more in its tree.
    let sizes: Vec<Vec<usize>> = traces
        .iter()
        .map(|t| t.iter().map(|e| 3 * e.to_string().len()).collect())
        .collect();
    let weight = |n: usize| -> usize {
        sizes
            .iter()
            .map(|s| s[..n.min(s.len())].iter().sum::<usize>())
            .sum()
    };
    let mut drawn = drawable;
    if weight(drawn) > PAGE_CAP {
        // The largest prefix that fits (the weight grows with n).
        let (mut lo, mut hi) = (0, drawable);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if weight(mid) <= PAGE_CAP {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        drawn = lo;
    }
    loop {
        let cut = (drawn < recorded).then_some(Cut { drawn, recorded });
        let html = render_drawn(page, cut);
        if html.len() <= PAGE_CAP || drawn == 0 {
            return (html, cut);
        }
        // The guess was low: shrink in proportion, and by one at least.
        let scaled = (drawn as f64 * PAGE_CAP as f64 / html.len() as f64 * 0.95) as usize;
        drawn = scaled.min(drawn - 1);
    }
}

/// The page with the first `cut.drawn` expansions of each trace, or all.
fn render_drawn(page: &Page, cut: Option<Cut>) -> String {
    let drawn = cut.map_or(usize::MAX, |c| c.drawn);
    let traces: Vec<Option<Value>> = page
        .engines
        .iter()
        .map(|(_, _, t)| {
            t.and_then(Value::as_array)
                .map(|t| Value::Array(t[..drawn.min(t.len())].to_vec()))
        })
        .collect();
    let named: Vec<(&str, &Value)> = page.engines.iter().map(|(n, r, _)| (*n, *r)).collect();
    let algorithm = configurations(&named);
    let mut out = String::new();
    let title = format!("planbox compare: {} ({algorithm})", page.problem);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n",
        esc(&title)
    );
    let _ = write!(
        out,
        "<header>\n<h1>Forward and backward search on <code>{}</code></h1>\n\
         <p class=\"config\">Searches: <code>{}</code>; made by <code>{}</code></p>\n",
        esc(&page.problem),
        esc(&algorithm),
        esc(&page.command)
    );
    if let Some(cut) = cut {
        let _ = writeln!(
            out,
            "<p class=\"note cut\" id=\"cut\">The trees {}.</p>",
            esc(&cut.said())
        );
    }
    out.push_str(
        "<div id=\"summary\">The summary of each search appears here when JavaScript runs.</div>\n\
         </header>\n",
    );
    out.push_str("<div class=\"top\">\n");
    counters(&mut out, page);
    legend(&mut out);
    let boards = traces
        .iter()
        .flatten()
        .filter_map(Value::as_array)
        .any(|t| t.first().is_some_and(|e| e["board"].is_array()));
    if boards {
        board_key(&mut out);
    }
    out.push_str("</div>\n<section class=\"columns\" id=\"trees\">\n");
    for ((name, record, full), trace) in page.engines.iter().zip(&traces) {
        if let Some(trace) = trace {
            // Only the traces longer than the cut were cut.
            let length = recorded(record, full.and_then(Value::as_array).map_or(0, Vec::len));
            let cut = cut.filter(|c| length > c.drawn);
            column(&mut out, name, record, trace, page.limit, cut);
        }
    }
    out.push_str("</section>\n");
    let mut data_records = BTreeMap::new();
    let mut data_traces = BTreeMap::new();
    for ((name, record, _), trace) in page.engines.iter().zip(traces) {
        let mut record = (*record).clone();
        if let Some(fields) = record.as_object_mut() {
            fields.remove("trace_recorded");
        }
        data_records.insert(*name, record);
        if let Some(trace) = trace {
            data_traces.insert(*name, trace);
        }
    }
    let data = json!({
        "problem": page.problem,
        "engines": page.engines.iter().map(|(n, _, _)| *n).collect::<Vec<_>>(),
        "pruning": PRUNING_KEYS,
        "records": data_records,
        "traces": data_traces,
    });
    let _ = write!(
        out,
        "<footer>Made by planbox. The page needs no network; its data is in the \
         <code>planbox-data</code> element below, as JSON.</footer>\n\
         <script type=\"application/json\" id=\"planbox-data\">{}</script>\n\
         <script>\n{JS}</script>\n</body>\n</html>\n",
        script_json(&data)
    );
    out
}

impl Cut {
    /// What the page says of its trees' cut (and `compare` on stderr).
    pub fn said(self) -> String {
        format!(
            "show the first {} of the {} expansions recorded for each search: the page \
             is capped at {} MB (a smaller --trace-limit records fewer)",
            self.drawn,
            self.recorded,
            PAGE_CAP / 1_000_000
        )
    }
}

/// The counters table: one row per counter, one column per engine; each
/// cell's id is `c-ENGINE-KEY` (`c-progression-expanded`).
fn counters(out: &mut String, page: &Page) {
    out.push_str(
        "<section id=\"counters\">\n<h2>Counters</h2>\n<table class=\"counters\" id=\"counters-table\">\n<thead><tr><th>counter</th>",
    );
    for (name, _, _) in &page.engines {
        let _ = write!(out, "<th>{}</th>", esc(name));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (label, key) in rows() {
        let class = if PRUNING_KEYS.contains(&key) {
            " class=\"pruning\""
        } else if MEASURED_KEYS.contains(&key) {
            " class=\"measured\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<tr{class} data-key=\"{key}\"><th>{}</th>",
            esc(&label)
        );
        for (name, record, _) in &page.engines {
            let value = &record[key];
            let nonzero = PRUNING_KEYS.contains(&key) && value.as_u64().is_some_and(|n| n > 0);
            let _ = write!(
                out,
                "<td id=\"c-{}-{key}\"{}>{}</td>",
                esc(name),
                if nonzero { " class=\"nonzero\"" } else { "" },
                esc(&shown(record, key))
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    let records: Vec<Value> = page.engines.iter().map(|(_, r, _)| (*r).clone()).collect();
    for reason in reasons(&records) {
        let _ = writeln!(out, "<p class=\"note\">({})</p>", esc(reason));
    }
    out.push_str("</section>\n");
}

/// What each pruning rule means.
fn legend(out: &mut String) {
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
fn board_key(out: &mut String) {
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

#[cfg(test)]
mod tests;
