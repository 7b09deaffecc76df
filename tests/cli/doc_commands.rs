//! The shell blocks of `README.md` and of every page of `docs/`, run as a new
//! user would run them: each block in order, as one `bash` script, from a
//! fresh folder that holds the repository's files, so that one command's
//! output file is the next one's input (as `sas_plan` is). A ```text block
//! marked as a block's output must show lines the block printed. And every
//! option of every verb's `--help` must be on the verb's page, `docs/VERB.md`.
//!
//! `cargo` is replaced by a stand-in on `PATH`: `cargo run --release -- ARGS`
//! runs the `planbox` binary under test with ARGS; `cargo test` and
//! `cargo install` (the README's other commands) are recorded, not run. Every
//! other command (`dot`, shell built-ins) is the real one; a block that needs a
//! program the machine lacks (Graphviz's `dot`) is run up to that line.

use crate::common::{root, scratch_path};
use std::path::PathBuf;
use std::process::Command;

/// The ```sh blocks of a Markdown file.
fn sh_blocks(markdown: &str) -> Vec<String> {
    blocks(markdown).into_iter().map(|b| b.script).collect()
}

/// Marks a ```text block as the output of the ```sh block before it.
const OUTPUT_MARK: &str = "<!-- output of the block above";

/// A ```sh block, and the output the document shows for it, if it shows one.
struct Block {
    script: String,
    shown: Option<String>,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut lines = markdown.lines();
    let mut marked = false;
    while let Some(line) = lines.next() {
        let fence = line.trim();
        if line.starts_with(OUTPUT_MARK) {
            marked = true;
            continue;
        }
        if fence != "```sh" && fence != "```text" {
            if !fence.is_empty() {
                marked = false;
            }
            continue;
        }
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let body = body.join("\n");
        match (fence, blocks.last_mut()) {
            ("```sh", _) => blocks.push(Block {
                script: body,
                shown: None,
            }),
            (_, Some(last)) if marked => last.shown = Some(body),
            _ => {}
        }
        marked = false;
    }
    blocks
}

/// A line of output with its times (`0.000s`) blanked, which vary by run.
fn untimed(line: &str) -> String {
    let mut out = String::new();
    for word in line.split(' ') {
        let number = word.trim_end_matches(',').trim_end_matches('s');
        let timed = word.trim_end_matches(',').ends_with('s')
            && number.contains('.')
            && number.parse::<f64>().is_ok();
        out.push_str(if timed { "T" } else { word });
        out.push(' ');
    }
    out
}

/// A fresh folder with the repository's inputs and a `bin/cargo` stand-in.
fn workspace(name: &str) -> PathBuf {
    let dir = scratch_path("doc-commands").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).expect("scratch folder");
    for entry in [
        "problems",
        "domains",
        "docs",
        "tests",
        "Cargo.toml",
        "README.md",
    ] {
        std::os::unix::fs::symlink(root().join(entry), dir.join(entry)).expect("link");
    }
    let cargo = format!(
        r#"#!/usr/bin/env bash
# Stand-in for cargo in the documentation's commands.
case "$1" in
  run) shift; while [ "$1" != "--" ]; do shift; done; shift; exec "{planbox}" "$@" ;;
  test|install) echo "cargo $*" >> "{log}"; exit 0 ;;
  *) echo "unexpected cargo command: $*" >&2; exit 99 ;;
esac
"#,
        planbox = env!("CARGO_BIN_EXE_planbox"),
        log = dir.join("cargo.log").display()
    );
    let shim = dir.join("bin/cargo");
    std::fs::write(&shim, cargo).expect("write shim");
    Command::new("chmod")
        .arg("+x")
        .arg(&shim)
        .status()
        .expect("chmod");
    dir
}

/// Runs the blocks of `doc` in order; returns each block's output.
fn run_blocks(doc: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(doc)).expect("document");
    let docs = blocks(&text);
    let blocks = sh_blocks(&text);
    assert!(!blocks.is_empty(), "{doc} has no ```sh block");
    let dir = workspace(&doc.replace('/', "-"));
    let has_dot = Command::new("dot").arg("-V").output().is_ok()
        || !crate::common::tools::skip_without(
            "dot (apt-get install graphviz)",
            "the lines from the first `dot` command on were not run",
        );
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut outputs = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        let script: String = block
            .lines()
            .take_while(|l| has_dot || !l.trim_start().starts_with("dot "))
            .collect::<Vec<_>>()
            .join("\n");
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", &script])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{doc}, block {} failed ({}):\n{script}\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
            i + 1,
            out.status
        );
        let output = format!("{stdout}{stderr}");
        if let Some(shown) = &docs[i].shown {
            let printed: Vec<String> = output.lines().map(untimed).collect();
            for line in shown.lines() {
                assert!(
                    printed.contains(&untimed(line)),
                    "{doc}, block {}: the document shows `{line}`, the run printed:\n{output}",
                    i + 1
                );
            }
        }
        outputs.push(output);
    }
    outputs
}

#[test]
fn the_readme_commands_run_in_order() {
    let outputs = run_blocks("README.md");
    let all = outputs.join("\n");
    // The quick start's job, then the commands that read what it wrote.
    assert!(all.contains("Plan written to sas_plan"), "{all}");
    assert!(all.contains("Zero-cost steps: 38 of 49"), "{all}");
    assert!(all.contains("Plan valid"), "{all}");
    assert!(all.contains("solved"), "the replay of level 3: {all}");
    let log = std::fs::read_to_string(scratch_path("doc-commands/README.md/cargo.log"))
        .expect("cargo log");
    assert!(log.contains("cargo test --release"), "{log}");
    assert!(log.contains("cargo install --locked --path ."), "{log}");
}

#[test]
fn the_teaching_commands_run_in_order() {
    let outputs = run_blocks("docs/teaching.md");
    let dir = scratch_path("doc-commands/docs-teaching.md");
    let dot = std::fs::read_to_string(dir.join("lvl0.dot")).expect("the --dot example's graph");
    let edges = dot.matches("->").count();
    // Small enough to read, and for Graphviz's bitmap renderers.
    assert!((10..=150).contains(&edges), "{edges} edges");
    assert!(!outputs.is_empty());
}

/// The pages of `docs/` with ```sh blocks, but for `teaching.md` (above).
#[test]
fn the_user_guide_commands_run_in_order() {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "teaching.md")
        .collect();
    pages.sort();
    let mut run = Vec::new();
    let mut all = String::new();
    for page in &pages {
        let doc = format!("docs/{page}");
        let text = std::fs::read_to_string(root().join(&doc)).expect("page");
        if sh_blocks(&text).is_empty() {
            continue;
        }
        all.push_str(&run_blocks(&doc).join("\n"));
        run.push(page.as_str());
    }
    // The pages with the SAT, LAMA and web-page examples, and the verbs'
    // pages with an example each.
    for page in [
        "plan.md",
        "compare.md",
        "check.md",
        "ground.md",
        "validate.md",
        "invariants.md",
        "xsb2pddl.md",
        "replay.md",
    ] {
        assert!(
            run.contains(&page),
            "docs/{page} has no ```sh block: {run:?}"
        );
    }
    assert!(
        all.contains("Horizon 16: sat"),
        "the SAT engine's log: {all}"
    );
    assert!(all.contains("Plan valid"), "{all}");
    let page = scratch_path("doc-commands/docs-compare.md/search.html");
    assert!(page.exists(), "compare --html wrote no page");
}

/// The long options a `--help` text lists (`--time-limit`, ...).
fn options_in_help(help: &str) -> Vec<String> {
    let mut options = Vec::new();
    for line in help.lines() {
        let line = line.trim_start();
        let line = line.strip_prefix("-h, ").unwrap_or(line);
        let Some(rest) = line.strip_prefix("--") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        options.push(format!("--{name}"));
    }
    options
}

#[test]
fn every_option_of_every_verb_is_on_its_page() {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_planbox"))
            .args(args)
            .output()
            .expect("planbox runs");
        assert!(out.status.success(), "planbox {args:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let top = help(&["--help"]);
    let verbs: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .collect();
    assert!(verbs.len() >= 10, "{verbs:?}");
    let mut missing = Vec::new();
    for verb in verbs {
        let page = format!("docs/{verb}.md");
        let Ok(text) = std::fs::read_to_string(root().join(&page)) else {
            missing.push(format!("{page} does not exist"));
            continue;
        };
        let options = options_in_help(&help(&[verb, "--help"]));
        assert!(
            options.contains(&"--help".to_string()),
            "{verb}: {options:?}"
        );
        for option in options {
            let named = text.match_indices(&option).any(|(at, _)| {
                let after = text[at + option.len()..].chars().next();
                !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
            });
            if !named {
                missing.push(format!("{page} does not name {option}"));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}
