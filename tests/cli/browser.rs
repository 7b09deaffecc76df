//! `compare --html` in a real browser: headless Chromium opens the page,
//! runs its script, and dumps the DOM and a screenshot. The summary the
//! script writes from the embedded data, and the counters table, must say
//! what the run's `--json` says; the screenshot must be a real picture.
//!
//! Where Chromium is not installed the test says so on the terminal and
//! passes (skipped): `apt-get install chromium` (Debian's package), or point
//! `PLANBOX_CHROMIUM` at another Chromium. `.ci/run` installs it and sets
//! `PLANBOX_REQUIRE_TOOLS=1`, under which a missing Chromium fails the test.

use crate::common::{command, root, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const LEVEL: &str = "problems/sokoban/teaching/teaching-lvl0.pddl";
const ENGINES: [&str; 4] = ["progression", "regression", "bidirectional", "sat"];
const PRUNING: [&str; 6] = [
    "irrelevant",
    "inconsistent",
    "invariant",
    "h2_mutex",
    "subsumed",
    "duplicates",
];
const WIDTH: u32 = 1400;
const HEIGHT: u32 = 1800;

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PLANBOX_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    path.exists().then_some(path)
}

/// Runs headless Chromium on `page` with `extra` arguments (at most a minute).
fn browse(chromium: &Path, dir: &Path, page: &Path, extra: &[String]) -> Vec<u8> {
    let profile = dir.join(format!("profile-{}", extra.len()));
    let out = Command::new("timeout")
        .arg("120")
        .arg(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The text of the element that starts with `start`, tags removed.
fn text_of(dom: &str, start: &str, end: &str) -> String {
    let from = dom
        .find(start)
        .unwrap_or_else(|| panic!("no `{start}` in the DOM"));
    let len = dom[from..].find(end).expect("the element ends");
    let mut text = String::new();
    let mut in_tag = false;
    for c in dom[from..from + len].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// What the summary line of an engine says: its outcome, then its figures.
fn expected_summary(name: &str, r: &Value) -> String {
    let mut parts = vec![r["outcome"].as_str().expect("an outcome").to_string()];
    if r["outcome"] == "skipped" {
        parts.push(r["reason"].as_str().unwrap_or("").to_string());
    } else {
        for key in ["length", "cost", "expanded", "generated", "evaluated"] {
            if !r[key].is_null() {
                parts.push(format!("{key} {}", r[key]));
            }
        }
        for key in PRUNING {
            if r[key].as_u64().is_some_and(|n| n > 0) {
                parts.push(format!("{key} {}", r[key]));
            }
        }
    }
    format!("{name}: {}", parts.join(", "))
}

#[test]
fn the_page_renders_in_chromium_with_the_runs_counters() {
    let Some(chromium) = chromium() else {
        crate::common::tools::skip_without(
            "chromium (apt-get install chromium)",
            "the page was not opened in a browser",
        );
        return;
    };
    let dir = scratch("html-browser");
    let page = dir.join("search.html");
    let out = command()
        .args(["compare", LEVEL, "--search", "bfs", "--trace-limit", "30"])
        .args(["--json", "--html"])
        .arg(&page)
        .current_dir(root())
        .output()
        .expect("planbox runs");
    assert_eq!(out.status.code(), Some(0));
    let records: Value = serde_json::from_slice(&out.stdout).expect("--json");

    let dom = browse(&chromium, &dir, &page, &["--dump-dom".into()]);
    let dom = String::from_utf8_lossy(&dom);
    // The script ran to its end, and wrote each engine's summary from the data.
    assert!(dom.contains("data-ready=\"yes\""), "the script did not run");
    for engine in ENGINES {
        let shown = text_of(&dom, &format!("<li id=\"summary-{engine}\""), "</li>");
        assert_eq!(shown, expected_summary(engine, &records[engine]));
        for key in ["expanded", "generated", "duplicates", "invariant"] {
            let cell = text_of(&dom, &format!("<td id=\"c-{engine}-{key}\""), "</td>");
            // `null` where the counter does not apply (SAT expands nothing).
            let expected = match &records[engine][key] {
                Value::Null => "n/a".to_string(),
                v => v.to_string(),
            };
            assert_eq!(cell, expected, "{engine} {key}");
        }
    }
    assert!(text_of(&dom, "<li id=\"summary-progression\"", "</li>").contains("expanded 100"));
    // The view above each tree shows the start node's board.
    for engine in ["progression", "regression"] {
        let view = text_of(
            &dom,
            &format!("<div class=\"view\" id=\"view-{engine}\""),
            "</pre>",
        );
        assert!(view.starts_with("#1 start, g = 0"), "{view}");
    }

    let shot = dir.join("search.png");
    browse(
        &chromium,
        &dir,
        &page,
        &[
            format!("--screenshot={}", shot.display()),
            format!("--window-size={WIDTH},{HEIGHT}"),
        ],
    );
    let png = std::fs::read(&shot).expect("the screenshot was written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!((be(16), be(20)), (WIDTH, HEIGHT), "the window's size");
    // A blank page of this size compresses to a few KB; text, tables and
    // boards do not.
    assert!(
        png.len() > 50_000,
        "a nearly blank screenshot: {} bytes",
        png.len()
    );
}
