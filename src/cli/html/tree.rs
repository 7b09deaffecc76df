//! The search trees of the page: each engine's first expansions as nested
//! `<details>` elements, the plan's path marked, cut branches with their
//! rule, and what the heuristics said of each node.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Cut, PAGE_CAP, board, esc};

/// Which tries lie on the plan's path: the operators from the start to a
/// node, in the order the search applied them, are the plan's first steps
/// (progression) or its last steps, backwards (regression).
pub(super) fn on_plan(record: &Value, trace: &[Value], regression: bool) -> Vec<Vec<bool>> {
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
pub(super) fn column(
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
