//! Shared by the fuzz targets: reading PDDL from fuzz bytes.

#![allow(dead_code)]

use planbox::pddl::{self, ast};

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

/// Parses and checks a domain and a problem, as `planbox check` does. Every
/// error must render (the snippet code runs on whatever position it names).
pub fn load(domain: &str, problem: &str) -> Option<(ast::Domain, ast::Problem)> {
    let domain = match pddl::parse_domain(source("domain.pddl", domain)) {
        Ok(d) => d,
        Err(e) => {
            let _ = e.to_string();
            return None;
        }
    };
    if let Err(e) = pddl::check_domain(&domain) {
        let _ = e.to_string();
        return None;
    }
    let problem = match pddl::parse_problem(source("problem.pddl", problem)) {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            return None;
        }
    };
    if let Err(e) = pddl::check_problem(&domain, &problem) {
        let _ = e.to_string();
        return None;
    }
    Some((domain, problem))
}
