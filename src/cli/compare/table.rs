//! `compare`'s table, and what the `--html` page shares with it: the rows
//! (each label with the key of the `--json` record it shows), the cells, the
//! first row that says what each engine ran, and the reasons under the table.

use serde_json::Value;

use crate::cli::options::EngineName;
use crate::cli::report::{self, PRUNING_KEYS};

/// The rows of the table (and of `--html`'s counters): each label with the
/// key of the `--json` record it shows; the first row, `search`, says what
pub fn rows() -> Vec<(String, &'static str)> {
    let mut rows: Vec<(String, &'static str)> = [
        ("search", "search"),
        ("outcome", "outcome"),
        ("plan length", "length"),
        ("plan cost", "cost"),
        ("expanded", "expanded"),
        ("expanded forward", "forward_expanded"),
        ("expanded backward", "backward_expanded"),
        ("generated", "generated"),
        ("evaluated", "evaluated"),
        ("horizons tried", "horizons_tried"),
        ("makespan", "makespan"),
    ]
    .map(|(label, key)| (label.to_string(), key))
    .to_vec();
    for key in PRUNING_KEYS {
        rows.push((format!("pruned: {key}"), key));
    }
    rows.extend(
        [
            ("search time (s)", "search_time_s"),
            ("total time (s)", "total_time_s"),
            ("expansions per second", "expansions_per_s"),
            ("peak memory (KB)", "peak_memory_kb"),
        ]
        .map(|(label, key)| (label.to_string(), key)),
    );
    rows
}

/// The keys whose values change from run to run (times, memory).
pub const MEASURED_KEYS: &[&str] = &[
    "search_time_s",
    "total_time_s",
    "expansions_per_s",
    "peak_memory_kb",
];

/// One value of a record as a table cell: `-` for none, seconds with four
/// decimals, large rates rounded.
pub fn cell(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f >= 100.0 => format!("{f:.0}"),
            Some(f) if n.is_f64() => format!("{f:.4}"),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// The cell of row `key` for `record`: what the engine ran, `n/a` for a
/// counter that does not apply to it, or the value.
pub fn shown(record: &Value, key: &str) -> String {
    let skipped = record["outcome"] == "skipped";
    match key {
        "search" => ran(record),
        _ if skipped && key != "outcome" => "-".into(),
        _ if !report::applies(record["engine"].as_str().unwrap_or(""), key) => "n/a".into(),
        _ => cell(&record[key]),
    }
}

/// What the engine of `record` ran, from its record: `gbfs hff`, `astar
/// lmcut`, `dfs (depth limit 13)`, `bfs`, `lama-first: lazy-gbfs
/// hff,lmcount`, `sat exists-step (T <= 13)` (its horizons T); `-` for a
/// column skipped.
pub fn ran(r: &Value) -> String {
    if r["outcome"] == "skipped" {
        return "-".into();
    }
    let text = |key: &str| r[key].as_str().unwrap_or("").to_string();
    let mut out = if r["engine"] == "sat" {
        let mut out = format!("sat {}", text("encoding"));
        if r["schedule"] != "linear" {
            out = format!("{out} {}", text("schedule"));
        }
        out
    } else {
        // An anytime search: its searches in turn, each with its weights.
        let mut searches: Vec<(String, Vec<u64>)> = Vec::new();
        for phase in r["phases"].as_array().into_iter().flatten() {
            let search = phase["search"].as_str().unwrap_or("?").to_string();
            if searches.last().is_none_or(|(s, _)| *s != search) {
                searches.push((search, Vec::new()));
            }
            let weights = &mut searches.last_mut().expect("pushed").1;
            if let Some(w) = phase["weight"].as_u64()
                && weights.last() != Some(&w)
            {
                weights.push(w);
            }
        }
        if searches.is_empty() {
            let weights = r["weight"].as_u64().into_iter().collect();
            searches.push((text("search"), weights));
        }
        let out: Vec<String> = searches
            .iter()
            .map(|(search, weights)| match weights.as_slice() {
                [] => search.clone(),
                w => {
                    let w: Vec<String> = w.iter().map(u64::to_string).collect();
                    format!("{search} w={}", w.join(","))
                }
            })
            .collect();
        let mut out = out.join(" then ");
        if let Some(h) = r["heuristic"].as_str() {
            out = format!("{out} {h}");
        }
        match r["alias"].as_str() {
            Some(alias) => format!("{alias}: {out}"),
            None => out,
        }
    };
    if let Some(t) = r["horizon"].as_u64() {
        out = format!("{out} (T = {t})");
    } else if let Some(d) = r["depth_limit"].as_u64() {
        match r["engine"] == "sat" {
            true => out = format!("{out} (T <= {d})"),
            false => out = format!("{out} (depth limit {d})"),
        }
    }
    out
}

/// What each engine ran, on one line: `progression gbfs hff, regression gbfs
/// hadd, ...` (the page's title).
pub fn configurations(engines: &[(&str, &Value)]) -> String {
    let all: Vec<String> = engines
        .iter()
        .map(|(name, r)| format!("{name} {}", ran(r)))
        .collect();
    all.join(", ")
}

/// The side-by-side table, one column per engine.
pub(super) fn table(engines: &[EngineName], records: &[Value]) -> String {
    let rows: Vec<(String, Vec<String>)> = rows()
        .into_iter()
        .map(|(label, key)| (label, records.iter().map(|r| shown(r, key)).collect()))
        .collect();
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let widths: Vec<usize> = engines
        .iter()
        .enumerate()
        .map(|(i, e)| {
            rows.iter()
                .map(|r| r.1[i].len())
                .max()
                .unwrap_or(0)
                .max(e.name().len())
        })
        .collect();
    let line = |label: &str, cells: &[String]| {
        let mut out = format!("{label:<w0$}");
        for (c, w) in cells.iter().zip(&widths) {
            out.push_str(&format!("  {c:>w$}"));
        }
        out.push('\n');
        out
    };
    let names: Vec<String> = engines.iter().map(|e| e.name().to_string()).collect();
    let mut out = line("", &names);
    let dashes: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    out.push_str(&line(&"-".repeat(w0), &dashes));
    for (label, cells) in &rows {
        out.push_str(&line(label, cells));
    }
    for reason in reasons(records) {
        out.push_str(&format!("({reason})\n"));
    }
    out
}

/// Why the columns skipped were skipped, each reason once.
pub fn reasons(records: &[Value]) -> Vec<&str> {
    let mut reasons: Vec<&str> = Vec::new();
    for reason in records.iter().filter_map(|r| r["reason"].as_str()) {
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    reasons
}
