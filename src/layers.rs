//! The layering check: every module of the library imports only from the
//! layers below its own, in the order the crate docs state in one line
//! (`src/lib.rs`, the line with the `←` arrows). Modules named together in
//! one layer (`sat, sokoban`) are peers and import neither each other.
//!
//! It reads the source tree, not the compiler's view: each `crate::name` path
//! in a module's code (in `use` items and inline paths, `crate::{a, b}`
//! groups included) is an edge from the module's layer to `name`'s. Comments
//! are skipped, and so is test code (`#[cfg(test)]` modules, inline or in
//! their own files): a test may build its input with any layer. `src/cli/`
//! and `src/main.rs` are the binary, the top, and import the library as
//! `planbox::`. A new top-level module must be placed in the line first.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers from the bottom up, read from the crate docs.
fn layers(lib: &str) -> Vec<Vec<String>> {
    let line = (lib.lines())
        .filter(|l| l.starts_with("//!") && l.contains('←'))
        .find_map(|l| l.split('`').nth(1))
        .expect("src/lib.rs's crate docs state the layers in one line, in backticks, with ←");
    line.split('←')
        .map(|layer| layer.split(',').map(|m| m.trim().to_string()).collect())
        .collect()
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = (fs::read_dir(dir).expect("src/ is readable"))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The files that are test code as a whole: those declared after
/// `#[cfg(test)]` as `mod name;` (with or without a `#[path]`), and the
/// files of their submodules.
fn test_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).expect("a source file");
        let dir = file.parent().expect("a file has a folder");
        let own_dir = match file.file_stem().and_then(|s| s.to_str()) {
            Some("mod" | "lib" | "main") => dir.to_path_buf(),
            Some(stem) => dir.join(stem),
            None => continue,
        };
        let mut after_cfg_test = false;
        let mut path_attr: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if line == "#[cfg(test)]" {
                after_cfg_test = true;
            } else if after_cfg_test && line.starts_with("#[path") {
                path_attr = line.split('"').nth(1).map(str::to_string);
            } else if after_cfg_test && line.starts_with('#') {
            } else {
                let item = line
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ");
                if after_cfg_test
                    && let Some(name) = item.strip_prefix("mod ")
                    && let Some(name) = name.strip_suffix(';')
                {
                    match path_attr.take() {
                        Some(p) => out.push(dir.join(p)),
                        None => {
                            out.push(own_dir.join(format!("{name}.rs")));
                            out.push(own_dir.join(name).join("mod.rs"));
                        }
                    }
                }
                after_cfg_test = false;
                path_attr = None;
            }
        }
    }
    // A test module's own submodules (`properties/mod.rs` declares
    // `properties/estimates.rs`) are test code too.
    let roots: Vec<PathBuf> = (out.iter())
        .filter(|f| files.contains(f))
        .map(|f| match f.file_stem().and_then(|s| s.to_str()) {
            Some("mod") => f.parent().expect("a file has a folder").to_path_buf(),
            _ => f.with_extension(""),
        })
        .collect();
    out.extend(
        (files.iter())
            .filter(|f| roots.iter().any(|root| f.starts_with(root)))
            .cloned(),
    );
    out
}

/// The code lines of `text` with their numbers: comments and inline
/// `#[cfg(test)]` modules left out.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut after_cfg_test = false;
    let mut skip_depth: Option<i64> = None;
    let mut depth = 0i64;
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let opens = code.matches('{').count() as i64;
        let closes = code.matches('}').count() as i64;
        let trimmed = line.trim();
        if skip_depth.is_none() && after_cfg_test && !trimmed.starts_with('#') {
            after_cfg_test = false;
            if trimmed.contains("mod ") && opens > 0 {
                skip_depth = Some(depth);
            }
        }
        if trimmed == "#[cfg(test)]" {
            after_cfg_test = true;
        }
        depth += opens - closes;
        match skip_depth {
            Some(d) => {
                if depth <= d {
                    skip_depth = None;
                }
            }
            None => out.push((i + 1, code.to_string())),
        }
    }
    out
}

/// The module names after each `crate::` in `code` (`crate::{a, b::c}` gives
/// `a` and `b`).
fn crate_paths(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start => {
                        out.push(ident(&group[j..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.push(ident(after));
        }
        rest = after;
    }
    out
}

/// The upward (or sideways) edges in the library, as messages.
fn violations(src: &Path) -> Vec<String> {
    let lib = fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let layers = layers(&lib);
    let layer_of: HashMap<&str, usize> = (layers.iter().enumerate())
        .flat_map(|(i, ms)| ms.iter().map(move |m| (m.as_str(), i)))
        .collect();
    let line = (layers.iter().map(|l| l.join(", ")))
        .collect::<Vec<_>>()
        .join(" ← ");
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let tests = test_files(&files);
    let mut out = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(src).expect("under src/");
        let top = rel.components().next().expect("a path");
        let module = top
            .as_os_str()
            .to_str()
            .expect("UTF-8")
            .trim_end_matches(".rs");
        if matches!(module, "lib" | "main" | "cli" | "layers") || tests.contains(file) {
            continue;
        }
        let Some(&own) = layer_of.get(module) else {
            out.push(format!(
                "src/{}: module `{module}` is in no layer: place it in src/lib.rs's line `{line}`",
                rel.display()
            ));
            continue;
        };
        let text = fs::read_to_string(file).expect("a source file");
        for (n, code) in code_lines(&text) {
            for target in crate_paths(&code) {
                let Some(&theirs) = layer_of.get(target.as_str()) else {
                    continue; // an item of the crate root
                };
                if target != module && theirs >= own {
                    let how = if theirs == own {
                        "its peer"
                    } else {
                        "a layer above it"
                    };
                    out.push(format!(
                        "src/{}:{n}: `{module}` imports `{target}`, {how} (layers: `{line}`): {}",
                        rel.display(),
                        code.trim()
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn each_module_imports_only_from_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "upward imports:\n{}", found.join("\n"));
}

#[test]
fn the_check_reads_paths_groups_and_skips_tests_and_comments() {
    assert_eq!(
        crate_paths("use crate::{task::Task, util::bits}; x(crate::search::Limits)"),
        ["task", "util", "search"]
    );
    let text = "use crate::a; // crate::b\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\nfn f() { crate::d(); }\n";
    let paths: Vec<String> = (code_lines(text).iter())
        .flat_map(|(_, c)| crate_paths(c))
        .collect();
    assert_eq!(paths, ["a", "d"]);
    let lib = "//! Layers: `util ← pddl, task ← cli`\n";
    assert_eq!(
        layers(lib),
        [vec!["util"], vec!["pddl", "task"], vec!["cli"]]
    );
}
