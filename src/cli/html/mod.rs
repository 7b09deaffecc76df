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

mod legend;

use super::compare::{MEASURED_KEYS, configurations, reasons, rows, shown};
use super::report::PRUNING_KEYS;
use legend::{board_key, legend};

const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

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

/// Which tries lie on the plan's path: the operators from the start to a
/// node, in the order the search applied them, are the plan's first steps
/// (progression) or its last steps, backwards (regression).
fn on_plan(record: &Value, trace: &[Value], regression: bool) -> Vec<Vec<bool>> {
    let mut plan: Vec<&str> = record["plan"]
        .as_array()
        .map(|p| p.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if regression {
        plan.reverse();
    }
    // The path to each expansion, as long as it follows the plan.
    let mut depth: Vec<Option<usize>> = vec![None; trace.len()];
    let mut marks: Vec<Vec<bool>> = Vec::with_capacity(trace.len());
    for (k, e) in trace.iter().enumerate() {
        depth[k] = match parent_of(e) {
            None => Some(0).filter(|_| !plan.is_empty()),
            Some((p, t)) if p < k => {
                let follows = marks[p].get(t).copied().unwrap_or(false);
                depth[p].filter(|_| follows).map(|d| d + 1)
            }
            Some(_) => None,
        };
        let tries = e["tries"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        marks.push(
            tries
                .iter()
                .map(|t| {
                    depth[k].is_some_and(|d| {
                        t["rule"].is_null() && plan.get(d).copied() == t["op"].as_str()
                    })
                })
                .collect(),
        );
    }
    marks
}

/// An expansion's parent as (index of the parent expansion, try).
fn parent_of(e: &Value) -> Option<(usize, usize)> {
    let p = e["parent"].as_u64()?.checked_sub(1)?;
    let t = e["via"].as_u64()?;
    Some((usize::try_from(p).ok()?, usize::try_from(t).ok()?))
}

/// One engine's column: its view and its tree.
fn column(
    out: &mut String,
    name: &str,
    record: &Value,
    trace: &Value,
    limit: usize,
    cut: Option<Cut>,
) {
    let trace = trace.as_array().map(Vec::as_slice).unwrap_or(&[]);
    let regression = name == "regression";
    let expanded = record["expanded"].as_u64().unwrap_or(0);
    let what = if regression { "subgoal set" } else { "state" };
    let capped = match cut {
        Some(c) => format!(
            ", cut to {} to keep the page under {} MB",
            c.drawn,
            PAGE_CAP / 1_000_000
        ),
        None => String::new(),
    };
    let _ = write!(
        out,
        "<div class=\"column\" id=\"column-{0}\" data-engine=\"{0}\">\n<h2>{0}</h2>\n\
         <p class=\"note\">The first {1} of {2} expansion(s) (<code>--trace-limit {3}</code>{4}). \
         Open a node to see its {what} and what was tried from it; click a node or a branch to \
         see it above the tree.</p>\n\
         <div class=\"buttons\"><button type=\"button\" data-action=\"plan\">the plan's path</button>\
         <button type=\"button\" data-action=\"open\">open all</button>\
         <button type=\"button\" data-action=\"close\">close all</button></div>\n\
         <div class=\"view\" id=\"view-{0}\"><p class=\"hint\">Click a node or a branch.</p></div>\n\
         <div class=\"tree\" id=\"tree-{0}\">\n",
        esc(name),
        trace.len(),
        expanded,
        limit,
        esc(&capped)
    );
    let marks = on_plan(record, trace, regression);
    let plan_len = record["plan"].as_array().map_or(0, Vec::len);
    // children[(k, t)]: the expansions that try t of expansion k became.
    let mut children: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    let mut roots = Vec::new();
    for (k, e) in trace.iter().enumerate() {
        match parent_of(e) {
            Some((p, t)) if p < k => children.entry((p, t)).or_default().push(k),
            _ => roots.push(k),
        }
    }
    let depth_on_plan = |k: usize| -> bool {
        parent_of(&trace[k]).is_none_or(|(p, t)| marks[p].get(t).copied().unwrap_or(false))
    };
    // Depth-first, with an explicit stack: a trace may be thousands deep.
    enum Step {
        Node(usize, usize),
        Try(usize, usize),
        Close(&'static str),
    }
    out.push_str("<ul>\n");
    let mut stack: Vec<Step> = roots.iter().rev().map(|&k| Step::Node(k, 0)).collect();
    while let Some(step) = stack.pop() {
        match step {
            Step::Close(tags) => out.push_str(tags),
            Step::Node(k, depth) => {
                let e = &trace[k];
                let tries = e["tries"].as_array().map(Vec::as_slice).unwrap_or(&[]);
                let cut = tries.iter().filter(|t| !t["rule"].is_null()).count();
                let plan_class = if depth_on_plan(k) && plan_len > 0 {
                    " on-plan"
                } else {
                    ""
                };
                let op = e["op"].as_str().unwrap_or("start");
                let g = e["g"].as_u64().unwrap_or(0);
                let h = match estimates(record, Some(g), &e["h"]) {
                    Some(text) => format!(" <span class=\"h\">{}</span>", esc(&text)),
                    None => String::new(),
                };
                let _ = write!(
                    out,
                    "<li><details class=\"node{plan_class}\" data-id=\"{}\"{}>\
                     <summary><span class=\"nid\">#{}</span> <span class=\"op\">{}</span> \
                     <span class=\"g\">g = {g}</span>{h} <span class=\"counts\">{} tried, {} cut</span></summary>\n\
                     <div class=\"body\">",
                    k + 1,
                    if depth < 2 { " open" } else { "" },
                    k + 1,
                    esc(op),
                    tries.len(),
                    cut
                );
                match e["board"].as_array() {
                    Some(rows) => out.push_str(&board(rows)),
                    None => {
                        let facts: Vec<&str> = e["facts"]
                            .as_array()
                            .map(|f| f.iter().filter_map(Value::as_str).collect())
                            .unwrap_or_default();
                        let _ = write!(out, "<p class=\"facts\">{}</p>", esc(&facts.join(" ")));
                    }
                }
                if tries.is_empty() {
                    out.push_str("<p class=\"tag\">no operator applies</p>");
                }
                out.push_str("\n<ul>\n");
                stack.push(Step::Close("</ul></div></details></li>\n"));
                for t in (0..tries.len()).rev() {
                    match children.get(&(k, t)) {
                        Some(kids) => {
                            for &c in kids.iter().rev() {
                                stack.push(Step::Node(c, depth + 1));
                            }
                        }
                        None => stack.push(Step::Try(k, t)),
                    }
                }
            }
            Step::Try(k, t) => {
                let tried = &trace[k]["tries"][t];
                let plan = marks[k].get(t).copied().unwrap_or(false);
                let goal = plan && {
                    // The last step of the plan: the target was reached here.
                    let mut d = 0;
                    let mut at = Some(k);
                    while let Some(a) = at {
                        d += 1;
                        at = parent_of(&trace[a]).map(|(p, _)| p);
                    }
                    d == plan_len
                };
                let (class, tag) = match tried["rule"].as_str() {
                    Some(rule) => (
                        "cut".to_string(),
                        format!("<span class=\"rule rule-{0}\">{0}</span>", esc(rule)),
                    ),
                    None if goal => (
                        "on-plan goal".into(),
                        "<span class=\"tag goal\">the search reached its target: plan found</span>"
                            .into(),
                    ),
                    None if tried["dead_end"] == true => (
                        "open dead".into(),
                        "<span class=\"tag\">a dead end: the heuristic proved that no plan \
                         goes through it</span>"
                            .into(),
                    ),
                    None => {
                        let h = match estimates(record, None, &tried["h"]) {
                            Some(text) => format!(", <span class=\"h\">{}</span>", esc(&text)),
                            None => String::new(),
                        };
                        (
                            if plan { "on-plan open" } else { "open" }.into(),
                            format!("<span class=\"tag\">generated, not expanded here</span>{h}"),
                        )
                    }
                };
                let _ = writeln!(
                    out,
                    "<li class=\"try {class}\" data-node=\"{}\" data-try=\"{t}\"><span class=\"op\">{}</span> {tag}</li>",
                    k + 1,
                    esc(tried["op"].as_str().unwrap_or("?"))
                );
            }
        }
    }
    out.push_str("</ul>\n</div>\n</div>\n");
}

/// What the search's heuristics said of a node at cost `g`, whose
/// estimates are `h` (from the trace): `h = 5, f = 8` in A* (`f = g + h`)
/// and weighted A* (`f = g + W * h`), `h = 5` in greedy search, each
/// heuristic named when there are two (`hff = 10, lmcount = 7`); `None`
/// where the search evaluated nothing. Without `g`, no `f`.
fn estimates(record: &Value, g: Option<u64>, h: &Value) -> Option<String> {
    let values: Vec<u64> = h.as_array()?.iter().filter_map(Value::as_u64).collect();
    let names: Vec<&str> = record["heuristic"]
        .as_str()
        .unwrap_or("")
        .split(',')
        .collect();
    if let [h] = values[..] {
        let weighted = matches!(
            record["search"].as_str(),
            Some("astar" | "wastar" | "lazy-wastar")
        );
        // An anytime search changes its weight from search to search.
        let f = g.filter(|_| weighted && record["phases"].is_null());
        let w = record["weight"].as_u64().unwrap_or(1);
        return Some(match f {
            Some(g) => format!("h = {h}, f = {}", g + w * h),
            None => format!("h = {h}"),
        });
    }
    let named: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{} = {v}", names.get(i).copied().unwrap_or("h")))
        .collect();
    (!named.is_empty()).then(|| named.join(", "))
}

#[cfg(test)]
mod tests;
