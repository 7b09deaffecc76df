//! Finding, reading, parsing and checking the input files of a command.

use anyhow::{Context, Result, bail};
use planbox::pddl::{self, ast};
use std::path::{Path, PathBuf};

use super::Coded;
use planbox::exit;

/// Reads a file into a [`ast::Source`].
pub fn read_source(path: &Path, what: &str) -> Result<ast::Source> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read {what} `{}`", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| Coded {
        code: exit::INPUT_ERROR,
        message: format!(
            "{what} `{}` is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ),
    })?;
    Ok(ast::Source {
        path: path.to_path_buf(),
        text,
    })
}

/// Resolves `[DOMAIN] PROBLEM` positional arguments as Fast Downward does: with
/// one argument it is the problem, and the domain is looked for beside it.
pub fn domain_and_problem(files: &[PathBuf]) -> Result<(PathBuf, PathBuf)> {
    match files {
        [problem] => Ok((find_domain(problem)?, problem.clone())),
        [domain, problem] => Ok((domain.clone(), problem.clone())),
        _ => bail!(Coded {
            code: exit::USAGE,
            message: "expected [DOMAIN] PROBLEM".into()
        }),
    }
}

/// The domain file for `problem`: `domain.pddl` in the same folder, else
/// `<name>-domain.pddl`, `domain_<file>`, `domain-<file>`, or the IPC style
/// `<first three chars>-domain.pddl`.
pub fn find_domain(problem: &Path) -> Result<PathBuf> {
    let dir = problem.parent().unwrap_or(Path::new(""));
    let file = problem
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = problem
        .file_stem()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut candidates = vec![
        "domain.pddl".to_string(),
        format!("{stem}-domain.pddl"),
        format!("domain_{file}"),
        format!("domain-{file}"),
    ];
    if let Some(prefix) = stem.get(..3) {
        candidates.push(format!("{prefix}-domain.pddl"));
    }
    for name in &candidates {
        let path = dir.join(name);
        if path.is_file() {
            return Ok(path);
        }
    }
    bail!(Coded {
        code: exit::INPUT_ERROR,
        message: format!(
            "no domain file given and none found beside `{}` (looked for {} in `{}`)",
            problem.display(),
            candidates
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", "),
            if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            }
            .display()
        )
    })
}

/// Reads, parses and checks a domain file.
pub fn load_domain(path: &Path) -> Result<ast::Domain> {
    let domain = pddl::parse_domain(read_source(path, "domain file")?)?;
    pddl::check_domain(&domain)?;
    Ok(domain)
}

/// Reads, parses and checks a problem file against its domain.
pub fn load_problem(domain: &ast::Domain, path: &Path) -> Result<ast::Problem> {
    let problem = pddl::parse_problem(read_source(path, "problem file")?)?;
    pddl::check_problem(domain, &problem)?;
    Ok(problem)
}
