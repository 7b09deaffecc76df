//! Shared by the fuzz targets: reading PDDL from fuzz bytes.

#![allow(dead_code)]

use planbox::pddl::ast;
use planbox::{LoadError, Loader};

/// Splits the input at its first NUL byte into a domain and a problem; without
/// one, the same text is tried as both. Inputs that are not UTF-8 are skipped:
/// the command line refuses them before any reader sees them.
pub fn split(data: &[u8]) -> Option<(&str, &str)> {
    let text = std::str::from_utf8(data).ok()?;
    Some(text.split_once('\0').unwrap_or((text, text)))
}

pub fn source(path: &str, text: &str) -> ast::Source {
    ast::Source {
        path: path.into(),
        text: text.to_string(),
    }
}

/// Parses and checks a domain and a problem, as `planbox check` does (the
/// first two steps of `planbox::Loader`). Every error must render (the
/// snippet code runs on whatever position it names).
pub fn load(domain: &str, problem: &str) -> Option<(ast::Domain, ast::Problem)> {
    let rendered = |e: LoadError| {
        let _ = e.to_string();
    };
    let mut loader = Loader::new();
    let domain = (loader.domain(source("domain.pddl", domain)))
        .map_err(rendered)
        .ok()?;
    let problem = (loader.problem(&domain, source("problem.pddl", problem)))
        .map_err(rendered)
        .ok()?;
    Some((domain, problem))
}
