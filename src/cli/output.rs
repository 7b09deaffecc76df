//! The files a command writes: each checked before any work, and old plans
//! removed before a search, as Fast Downward's driver does.
//!
//! A search can take hours. Finding out only at its end that the plan file
//! cannot be written loses its result, so every verb checks its output paths
//! (`--plan-file`, `--dot`, `--dump-cnf`, `--html`, `--out-dir`) when it starts,
//! in well under a second. A path passes when its folder exists and takes a
//! new file, and an existing file there can be opened for writing; the check
//! leaves nothing behind.
//!
//! A script that reads `sas_plan` after a run must never read an old plan as
//! new. So `plan` deletes `PLAN_FILE` and every `PLAN_FILE.N` (Fast Downward's
//! driver deletes `PLAN_FILE` and `PLAN_FILE.1`, `.2`, ... up to the first gap;
//! planbox deletes past gaps too, so a stale `sas_plan.7` goes as well) before
//! it reads the task, and says so in its log.

use anyhow::{Context, Result};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use super::{Coded, exit};

/// Checks that `path` can be written, without changing what is there.
/// `what` names the file in messages (`plan file`, `page`).
pub fn check_writable(path: &Path, what: &str) -> Result<()> {
    let shown = path.display();
    if path.is_dir() {
        return Err(unwritable(format!(
            "cannot write {what} `{shown}`: it is a folder"
        )));
    }
    if path.exists() {
        // Appending changes nothing until something is written.
        OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write {what} `{shown}`"))?;
        return Ok(());
    }
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("cannot write {what} `{shown}`"))?;
    std::fs::remove_file(path).with_context(|| format!("cannot write {what} `{shown}`"))
}

/// Refuses an output that is one of the input files (the domain found
/// beside the problem included): writing it would destroy the input.
/// `option` is the option as the user typed it (`--dot g.dot`).
pub fn check_not_input(output: &Path, inputs: &[&Path], option: &str) -> Result<()> {
    let Ok(target) = std::fs::canonicalize(output) else {
        return Ok(()); // not there yet, so not an input
    };
    for input in inputs {
        if std::fs::canonicalize(input).is_ok_and(|i| i == target) {
            return Err(Coded {
                code: exit::USAGE,
                message: format!(
                    "`{option}` would overwrite the input file `{}`",
                    input.display()
                ),
            }
            .into());
        }
    }
    Ok(())
}

/// Makes `dir` (with its parents) if it is missing, and checks that it takes
/// new files by writing and removing a probe: permissions alone do not say
/// (root writes into read-only folders; `/proc` refuses everyone).
pub fn make_folder(dir: &Path, what: &str) -> Result<()> {
    let fail = |why: String| {
        unwritable(format!(
            "cannot write into {what} `{}`: {why}",
            dir.display()
        ))
    };
    if dir.exists() && !dir.is_dir() {
        return Err(fail("it is not a folder".to_string()));
    }
    std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    let probe = dir.join(format!(".planbox-probe-{}", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| fail(e.to_string()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The old plans of `plan_file`: the file itself and every `plan_file.N`
/// (N = 1, 2, ...) beside it, sorted by N.
pub fn old_plans(plan_file: &Path) -> Result<Vec<PathBuf>> {
    let mut found: Vec<(u64, PathBuf)> = Vec::new();
    if plan_file.is_file() {
        found.push((0, plan_file.to_path_buf()));
    }
    let Some(name) = plan_file.file_name().map(|n| n.to_string_lossy()) else {
        return Ok(Vec::new());
    };
    let dir = match plan_file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let prefix = format!("{name}.");
    let Ok(entries) = std::fs::read_dir(dir) else {
        // A folder that cannot be listed: `check_writable` says why.
        return Ok(found.into_iter().map(|(_, p)| p).collect());
    };
    for entry in entries.flatten() {
        let entry_name = entry.file_name().to_string_lossy().into_owned();
        let Some(number) = entry_name.strip_prefix(&prefix) else {
            continue;
        };
        let numbered = !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit())
            && !number.starts_with('0');
        if let (true, Ok(n)) = (numbered, number.parse::<u64>())
            && entry.path().is_file()
        {
            found.push((n, plan_file.with_file_name(&entry_name)));
        }
    }
    found.sort();
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

/// Deletes the old plans of `plan_file` (see [`old_plans`]); returns what
/// it deleted.
pub fn remove_old_plans(plan_file: &Path) -> Result<Vec<PathBuf>> {
    let old = old_plans(plan_file)?;
    for path in &old {
        std::fs::remove_file(path)
            .with_context(|| format!("cannot remove the old plan file `{}`", path.display()))?;
    }
    Ok(old)
}

fn unwritable(message: String) -> anyhow::Error {
    Coded {
        code: exit::INPUT_ERROR,
        message,
    }
    .into()
}

#[cfg(test)]
mod tests;
