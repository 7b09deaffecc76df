//! `planbox lurd PROBLEM PLANFILE`: a plan for a translated Sokoban problem
//! as a LURD string, alone on stdout so that scripts can pipe it on:
//!
//! ```sh
//! planbox lurd microban-001.pddl sas_plan | planbox replay microban.xsb --level 1 -
//! ```
//!
//! The board is read back from the problem's facts (either encoding), and the
//! plan is replayed on it, so a step that does not fit is reported at its line.

use anyhow::{Context, Result};
use clap::Args;
use planbox::exit;
use planbox::sokoban::{Located, TextError, decode, lurd};
use std::path::PathBuf;

use super::input::read_text;
use super::xsb2pddl::invalid;

#[derive(Args, Debug)]
pub struct LurdArgs {
    /// The Sokoban problem the plan solves (from `planbox xsb2pddl`, or an IPC
    /// `sokoban-sequential` problem).
    problem: PathBuf,
    /// The plan, in Fast Downward's `sas_plan` format.
    plan: PathBuf,
}

pub fn run(args: &LurdArgs) -> Result<u8> {
    let problem = read_text(&args.problem, "problem file")?;
    let level = decode::level_from_problem(&args.problem, &problem)
        .map_err(invalid)
        .with_context(|| {
            format!(
                "`{}` is not a Sokoban problem (from `planbox xsb2pddl` or IPC Sokoban)",
                args.problem.display()
            )
        })?;
    let text = read_text(&args.plan, "plan file")?;
    let steps = planbox::plan::parse_plan(&text).map_err(|e| {
        let at = Located::offset_of(&text, e.line, e.column);
        invalid(TextError::new(
            format!("expected {}, found {}", e.expected, e.found),
            Located::at(&args.plan, &text, at, 1),
        ))
    })?;
    let solution = lurd::from_plan(&level, &steps).map_err(|(k, m)| {
        let step = &steps[k];
        let at = Located::offset_of(&text, step.line, 1);
        let width = text[at..].lines().next().map_or(1, |l| l.trim_end().len());
        let located = Located::at(&args.plan, &text, at, width);
        invalid(TextError::new(
            format!("step {} `{step}`: {m}", k + 1),
            located,
        ))
    })?;
    println!("{solution}");
    Ok(exit::SUCCESS)
}
