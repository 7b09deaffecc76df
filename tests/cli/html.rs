//! `compare --html`: the page is self-contained, its counters are the run's
//! `--json` counters, its trees are the traces the children recorded, cut
//! branches carry their rule, and the same run gives the same page.
//! (`tests/cli/browser.rs` opens the page in a real browser.)

use crate::common::{planbox, scratch};
use serde_json::Value;
use std::path::Path;

const LEVEL: &str = "problems/sokoban/teaching/teaching-lvl0.pddl";

/// The keys whose values differ between runs (times, memory).
const MEASURED: [&str; 4] = [
    "search_time_s",
    "total_time_s",
    "expansions_per_s",
    "peak_memory_kb",
];

/// Runs `compare --json --html PAGE` with `extra` options; returns the
/// records printed and the page.
fn compare(dir: &Path, extra: &[&str]) -> (Value, String) {
    let page = dir.join("search.html");
    let page_arg = page.to_str().expect("UTF-8 path");
    let mut args = vec!["compare", LEVEL, "--json", "--html", page_arg];
    args.extend_from_slice(extra);
    let out = planbox(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Value = serde_json::from_slice(&out.stdout).expect("--json prints one object");
    let html = std::fs::read_to_string(&page).expect("the page was written");
    (records, html)
}

/// The text between `start` (exclusive) and the next `end`.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(&text[from..from + len])
}

/// The JSON data embedded in the page.
fn data(html: &str) -> Value {
    let json = between(
        html,
        "<script type=\"application/json\" id=\"planbox-data\">",
        "</script>",
    )
    .expect("the page embeds its data");
    serde_json::from_str(json).expect("the embedded data is JSON")
}

/// A value as the table shows it, in a run where every engine finds a plan:
/// `null` is a counter that does not apply to the engine.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "n/a".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The section of the page that draws `engine`'s tree.
fn column<'a>(html: &'a str, engine: &str) -> &'a str {
    let start = format!("<div class=\"column\" id=\"column-{engine}\"");
    let from = html.find(&start).expect("the engine has a column");
    let rest = &html[from + 1..];
    let end = rest
        .find("<div class=\"column\"")
        .or_else(|| rest.find("</section>"))
        .expect("the column ends");
    &rest[..end]
}

#[test]
fn the_page_shows_the_runs_counters_and_trees() {
    let dir = scratch("html-page");
    let (records, html) = compare(&dir, &["--search", "bfs", "--trace-limit", "30"]);

    // Small enough to draw whole.
    assert!(!html.contains("id=\"cut\""));
    // Self-contained: nothing to fetch.
    for needle in ["http://", "https://", "<link", " src=", "url(", "@import"] {
        assert!(!html.contains(needle), "the page refers to `{needle}`");
    }

    // The counters table: every counter of every engine, as `--json` says.
    let engines = ["progression", "regression", "bidirectional", "sat"];
    let keys = [
        "outcome",
        "length",
        "cost",
        "expanded",
        "generated",
        "evaluated",
        "forward_expanded",
        "backward_expanded",
        "horizons_tried",
        "makespan",
        "irrelevant",
        "inconsistent",
        "invariant",
        "h2_mutex",
        "subsumed",
        "duplicates",
    ];
    for engine in engines {
        for key in keys {
            let id = format!("<td id=\"c-{engine}-{key}\"");
            let cell = between(&html, &id, "</td>")
                .unwrap_or_else(|| panic!("no cell {id}"))
                .trim_start_matches(" class=\"nonzero\"")
                .trim_start_matches('>');
            assert_eq!(cell, shown(&records[engine][key]), "{engine} {key}");
        }
    }
    assert_eq!(records["progression"]["expanded"], 100);
    // What does not apply says so: the SAT engine expands no states,
    // progression has none of regression's rules. Each column names what
    // its engine ran.
    let td = |engine: &str, key: &str| {
        let id = format!("<td id=\"c-{engine}-{key}\">");
        between(&html, &id, "</td>").unwrap_or_else(|| panic!("no cell {id}"))
    };
    for key in ["expanded", "generated", "duplicates", "expansions_per_s"] {
        assert_eq!(records["sat"][key], Value::Null, "{key}");
        assert_eq!(td("sat", key), "n/a", "{key}");
    }
    assert_eq!(td("progression", "invariant"), "n/a");
    assert_eq!(td("progression", "forward_expanded"), "n/a");
    assert_eq!(td("regression", "makespan"), "n/a");
    let searches = ["bfs", "bfs", "bfs", "sat exists-step"];
    for (engine, search) in engines.iter().zip(searches) {
        assert_eq!(td(engine, "search"), search, "{engine}");
    }

    // The data: the same records (times included: it is the same run),
    // without the traces, which the page keeps apart.
    let data = data(&html);
    for engine in engines {
        assert_eq!(data["records"][engine], records[engine], "{engine}");
        assert!(records[engine].get("trace").is_none());
    }

    // The trees: 30 expansions each, a node element per expansion, every
    // parent an earlier expansion whose try names this one as its child.
    for engine in ["progression", "regression"] {
        let trace = data["traces"][engine].as_array().expect("a trace");
        assert_eq!(trace.len(), 30, "{engine}");
        let col = column(&html, engine);
        assert_eq!(col.matches("<details class=\"node").count(), 30);
        assert_eq!(trace[0]["parent"], Value::Null);
        for (k, e) in trace.iter().enumerate() {
            assert_eq!(e["id"], k + 1);
            if k > 0 {
                let p = e["parent"].as_u64().expect("a parent") as usize;
                assert!(p <= k, "{engine} #{}: parent #{p}", k + 1);
                let via = e["via"].as_u64().expect("a try") as usize;
                assert_eq!(trace[p - 1]["tries"][via]["child"], k + 1);
                assert_eq!(trace[p - 1]["tries"][via]["rule"], Value::Null);
                assert_eq!(e["g"], trace[p - 1]["g"].as_u64().unwrap() + 1);
            }
            // A Sokoban level: each node drawn as its board.
            assert!(e["board"].as_array().is_some_and(|b| b.len() == 7));
        }
    }
    // Cut branches carry their rule: duplicates forward, regression's own
    // rules backward.
    assert!(column(&html, "progression").contains("<span class=\"rule rule-duplicate\">"));
    for rule in ["invariant", "inconsistent", "subsumed"] {
        let tag = format!("<span class=\"rule rule-{rule}\">{rule}</span>");
        assert!(column(&html, "regression").contains(&tag), "{rule}");
        assert!(!column(&html, "progression").contains(&tag), "{rule}");
    }
    // Breadth-first search evaluates nothing: no `h` anywhere.
    for engine in ["progression", "regression"] {
        let trace = data["traces"][engine].as_array().expect("a trace");
        assert!(trace.iter().all(|e| e["h"].is_null()), "{engine}");
    }
    assert!(!html.contains("class=\"h\""));
    // The key to the boards, the subgoal sets' symbols included.
    let key = between(&html, "<section id=\"board-key\">", "</section>").expect("a key");
    for (symbol, meaning) in [
        (
            "<span class=\"clear\">-</span> <span class=\"clear\">=</span>",
            "must be clear",
        ),
        ("<span class=\"goal\">!</span>", "contradictory"),
        (
            "<span class=\"box\">$</span> <span class=\"done\">*</span>",
            "a box must be here",
        ),
        ("<span class=\"man\">@</span>", "man"),
    ] {
        let entry = format!("<code class=\"board\">{symbol}</code></dt> <dd>");
        let at = key
            .find(&entry)
            .unwrap_or_else(|| panic!("no {symbol} in {key}"));
        assert!(key[at..].contains(meaning), "{symbol}");
    }
    // Bidirectional search and SAT have counters, no tree.
    assert!(!html.contains("id=\"column-bidirectional\""));
    assert!(!html.contains("id=\"column-sat\""));
}

/// The same command gives the same page, but for the measured times and
/// memory; JSON in the data cannot end its element early.
#[test]
fn the_page_is_deterministic() {
    let strip = |html: &str| -> (String, Value) {
        let mut data = data(html);
        for record in data["records"]
            .as_object_mut()
            .expect("records")
            .values_mut()
        {
            for key in MEASURED {
                record[key] = Value::Null;
            }
            // The SAT engine's time per horizon.
            for h in record["horizons"].as_array_mut().into_iter().flatten() {
                h["time_s"] = Value::Null;
            }
        }
        let rest: Vec<&str> = html
            .lines()
            .filter(|l| !l.contains("class=\"measured\"") && !l.contains("id=\"planbox-data\""))
            .collect();
        (rest.join("\n"), data)
    };
    let dir = scratch("html-deterministic");
    let args = [
        "--search",
        "dfs",
        "--depth-limit",
        "13",
        "--trace-limit",
        "40",
    ];
    let (_, first) = compare(&dir, &args);
    let (_, second) = compare(&dir, &args);
    let (a, b) = (strip(&first), strip(&second));
    assert!(a.0.len() > 10_000, "the page has its trees");
    assert!(a.0 == b.0, "the pages differ outside their data");
    assert!(a.1 == b.1, "the pages' data differ beyond times and memory");
    // Depth-first: each of the first 13 expansions is the child of the one
    // before (the search goes down before it goes across).
    let trace = &a.1["traces"]["progression"];
    for k in 1..13 {
        assert_eq!(trace[k]["parent"], k, "{}", trace[k]);
    }
    let script = between(&first, "id=\"planbox-data\">", "</script>").expect("data");
    assert!(!script.contains('<'));
}

/// Iterative deepening starts again from the start: the page draws one tree
/// per iteration, each rooted at the start node.
#[test]
fn iterative_deepening_draws_one_tree_per_iteration() {
    let dir = scratch("html-iddfs");
    let (_, html) = compare(
        &dir,
        &[
            "--search",
            "iddfs",
            "--engines",
            "regression",
            "--trace-limit",
            "12",
        ],
    );
    let trace = data(&html)["traces"]["regression"].clone();
    let roots = trace
        .as_array()
        .expect("a trace")
        .iter()
        .filter(|e| e["parent"].is_null())
        .count();
    assert!(roots >= 3, "{trace}");
    let col = column(&html, "regression");
    assert_eq!(
        col.matches("<span class=\"op\">start</span>").count(),
        roots
    );
}

#[test]
fn bad_uses_get_clear_errors() {
    let dir = scratch("html-errors");
    // A page that cannot be written: an error naming it, no panic.
    let missing = dir.join("no-such-folder/page.html");
    let out = planbox(&[
        "compare",
        LEVEL,
        "--search",
        "bfs",
        "--engines",
        "progression",
        "--html",
        missing.to_str().expect("UTF-8 path"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(31), "{err}");
    assert!(err.contains("cannot write page"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // `--html` needs a file.
    let out = planbox(&["compare", LEVEL, "--html"]);
    assert_eq!(out.status.code(), Some(2));
    // The children's option: only with `--json`, only for one direction.
    let out = planbox(&["plan", LEVEL, "--json-trace"]);
    assert_eq!(out.status.code(), Some(2));
    let out = planbox(&["plan", "--engine", "sat", "--json", "--json-trace", LEVEL]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`--json-trace` is not available"));
}

/// With the whole search in the trace, the plan's path runs from the start
/// to the try that reached the target: one node per step before the last,
/// and one goal, in each direction.
#[test]
fn the_plans_path_ends_at_the_goal() {
    let dir = scratch("html-plan-path");
    let (records, html) = compare(
        &dir,
        &[
            "--search",
            "bfs",
            "--engines",
            "progression,regression",
            "--trace-limit",
            "200",
        ],
    );
    for engine in ["progression", "regression"] {
        let length = records[engine]["length"].as_u64().expect("a plan") as usize;
        assert_eq!(length, 13);
        let col = column(&html, engine);
        assert_eq!(
            col.matches("<details class=\"node on-plan\"").count(),
            length
        );
        assert_eq!(col.matches("class=\"try on-plan goal\"").count(), 1);
    }
}

/// A big trace does not make a page no browser opens: regression on p05
/// tries some 200 operators per subgoal set, each with its board, so 300
/// expansions would weigh about 50 MB. The page stays under its cap of
/// 20 MB, draws a prefix of each trace, and says so, as does stderr.
#[test]
fn a_big_trace_is_cut_to_the_pages_cap() {
    let dir = scratch("html-cap");
    let page = dir.join("p05.html");
    let out = planbox(&[
        "compare",
        "problems/ipc/sokoban-opt08-strips/p05.pddl",
        "--engines",
        "regression",
        "--search",
        "astar",
        "--heuristic",
        "lmcut",
        "--trace-limit",
        "300",
        "--html",
        page.to_str().expect("UTF-8 path"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.len() <= 20_000_000, "{} bytes", html.len());
    let trace = data(&html)["traces"]["regression"].clone();
    let drawn = trace.as_array().expect("a trace").len();
    assert!((50..300).contains(&drawn), "{drawn} expansions drawn");
    let said = format!("show the first {drawn} of the 300 expansions recorded for each search");
    let cut = between(&html, "<p class=\"note cut\" id=\"cut\">", "</p>").expect("a note");
    assert!(cut.contains(&said), "{cut}");
    assert!(cut.contains("the page is capped at 20 MB"), "{cut}");
    assert!(err.contains(&said), "{err}");
    let col = column(&html, "regression");
    assert!(col.contains(&format!("cut to {drawn} to keep the page under 20 MB")));
    assert_eq!(col.matches("<details class=\"node").count(), drawn);
    // The search sends no more than a page can draw: its record stays small
    // (it was 87 MB for 1,000 expansions of this search, which `compare`
    // held in memory ten times over), and says how many it recorded.
    let out = planbox(&[
        "plan",
        "--engine",
        "regression",
        "--search",
        "astar",
        "--json",
        "--json-trace",
        "--trace-limit",
        "1000",
        "--plan-file",
        "-",
        "problems/ipc/sokoban-opt08-strips/p05.pddl",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.len() < 8_000_000, "{} bytes", out.stdout.len());
    let record: Value = serde_json::from_slice(&out.stdout).expect("one record");
    assert_eq!(record["trace_recorded"], 1000);
    let sent = record["trace"].as_array().expect("a trace").len();
    assert!((50..1000).contains(&sent), "{sent}");
}

/// A* shows what it computed for each node: `h`, and `f = g + h`, on each
/// node of both trees (the values the search ordered its open list by), and
/// `h` on each successor it evaluated but did not expand; greedy search
/// shows `h` only, a lazy search each of its heuristics by name.
#[test]
fn heuristic_searches_show_h_and_f() {
    let dir = scratch("html-h");
    let (records, html) = compare(
        &dir,
        &[
            "--search",
            "astar",
            "--heuristic",
            "hmax",
            "--engines",
            "progression,regression",
            "--trace-limit",
            "30",
        ],
    );
    let data = data(&html);
    for engine in ["progression", "regression"] {
        let trace = data["traces"][engine].as_array().expect("a trace");
        assert_eq!(trace[0]["h"][0], records[engine]["initial_h"], "{engine}");
        let col = column(&html, engine);
        for e in trace {
            let (g, h) = (e["g"].as_u64().expect("g"), e["h"][0].as_u64().expect("h"));
            let shown = format!(
                "<span class=\"g\">g = {g}</span> <span class=\"h\">h = {h}, f = {}</span>",
                g + h
            );
            assert!(col.contains(&shown), "{engine} #{}: {shown}", e["id"]);
        }
        // A successor evaluated but not expanded shows its h.
        let leaf = trace
            .iter()
            .flat_map(|e| e["tries"].as_array().expect("tries"))
            .find(|t| t["child"].is_null() && t["rule"].is_null() && t["h"].is_array())
            .expect("a leaf evaluated");
        let shown = format!(
            "generated, not expanded here</span>, <span class=\"h\">h = {}</span>",
            leaf["h"][0]
        );
        assert!(col.contains(&shown), "{engine}: {shown}");
    }

    let (_, html) = compare(
        &dir,
        &[
            "--engines",
            "progression",
            "--search",
            "gbfs",
            "--trace-limit",
            "5",
        ],
    );
    let col = column(&html, "progression");
    assert!(col.contains("<span class=\"h\">h = "), "gbfs: no h");
    assert!(!col.contains(", f = "), "gbfs shows f");
    let (_, html) = compare(
        &dir,
        &[
            "--engines",
            "progression",
            "--alias",
            "lama-first",
            "--trace-limit",
            "5",
        ],
    );
    let col = column(&html, "progression");
    assert!(
        col.contains("<span class=\"h\">hff = "),
        "lama-first: no hff"
    );
    assert!(col.contains(", lmcount = "), "lama-first: no lmcount");
}
