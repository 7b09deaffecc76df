//! `planbox replay LEVELS [--level N | --title T] SOLUTION [--show]`: checks a
//! LURD solution, from planbox or any Sokoban program.
//!
//! LEVELS is an XSB file (choose the level as for `xsb2pddl`) or a translated
//! problem (`*.pddl`). SOLUTION is read from the file of that name if there is
//! one, from stdin if it is `-`, and is otherwise the LURD text itself:
//! `planbox replay microban.xsb --level 1 3r2U...`. Run-length encoded LURD is
//! accepted. Prints `M moves, P pushes: solved` (moves count every step,
//! pushes included, as Sokoban programs do), or the first illegal step and
//! why; exit code 1 if the solution is illegal or does not solve the level.

use anyhow::{Context, Result};
use clap::Args;
use planbox::exit;
use planbox::sokoban::game::{State, Step};
use planbox::sokoban::{Level, Located, TextError, decode, lurd};
use std::io::Read;
use std::path::{Path, PathBuf};

use super::input;
use super::xsb2pddl::{invalid, load_collection, select, usage};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// An XSB level file, or a translated Sokoban problem (`.pddl`).
    levels: PathBuf,
    /// The solution: a file, `-` for stdin, or the LURD string itself.
    solution: String,
    /// The level by position in the file, from 1.
    #[arg(long, value_name = "N", conflicts_with = "title")]
    level: Option<usize>,
    /// The level with this title (or whose title starts with this word).
    #[arg(long, value_name = "T")]
    title: Option<String>,
    /// Draw the board before the first step and after every step.
    #[arg(long)]
    show: bool,
}

fn load_level(args: &ReplayArgs) -> Result<Level> {
    let is_pddl = args
        .levels
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pddl"));
    if is_pddl {
        if args.level.is_some() || args.title.is_some() {
            return Err(usage(format!(
                "`--level` and `--title` choose among the levels of an XSB file; `{}` is a \
                 problem, which holds one",
                args.levels.display()
            )));
        }
        let text = input::read_text(&args.levels, "problem file")?;
        return decode::level_from_problem(&args.levels, &text).map_err(invalid);
    }
    let collection = load_collection(&args.levels)?;
    let spec = args.level.map(|n| n.to_string());
    let chosen = select(&collection, spec.as_deref(), args.title.as_deref(), false)?;
    let [index] = chosen.as_slice() else {
        return Err(usage("replay checks one level at a time".into()));
    };
    collection
        .level(*index)
        .context("level index")?
        .map_err(invalid)
}

/// The solution text and the name to show in messages.
fn load_solution(arg: &str) -> Result<(String, PathBuf)> {
    if arg == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read the solution from stdin")?;
        let path = PathBuf::from("<stdin>");
        return Ok((input::sokoban_text(&path, "solution", bytes)?, path));
    }
    let path = Path::new(arg);
    if path.is_file() {
        let text = input::read_sokoban_text(path, "solution file")?;
        return Ok((text, path.to_path_buf()));
    }
    Ok((arg.to_string(), PathBuf::from("<solution>")))
}

pub fn run(args: &ReplayArgs) -> Result<u8> {
    let level = load_level(args)?;
    let (text, source) = load_solution(&args.solution)?;
    let letters = lurd::parse(&text).map_err(|(offset, m)| {
        let mut m = m;
        if source == Path::new("<solution>") {
            m.push_str(" (SOLUTION is neither a file nor a LURD string)");
        }
        invalid(TextError::new(m, Located::at(&source, &text, offset, 1)))
    })?;
    let mut state = State::initial(&level);
    if args.show {
        println!("start:\n{}", state.to_xsb(&level));
    }
    let mut pushes = 0;
    for (k, &letter) in letters.iter().enumerate() {
        match lurd::apply(&mut state, &level, letter) {
            Ok(step) => {
                if matches!(step, Step::Push { .. }) {
                    pushes += 1;
                }
                if args.show {
                    println!(
                        "step {} `{}`:\n{}",
                        k + 1,
                        letter.char(),
                        state.to_xsb(&level)
                    );
                }
            }
            Err(why) => {
                println!(
                    "step {} `{}` is illegal: {why}\n{}",
                    k + 1,
                    letter.char(),
                    Located::at(&source, &text, letter.offset, 1)
                );
                return Ok(exit::INVALID_PLAN);
            }
        }
    }
    let moves = letters.len();
    let (done, goals) = state.goals_done(&level);
    if done == goals {
        println!(
            "{}, {}: solved",
            count(moves, "move"),
            count(pushes, "push")
        );
        Ok(exit::SUCCESS)
    } else {
        println!(
            "{}, {}: not solved ({done} of {goals} goals hold a box)",
            count(moves, "move"),
            count(pushes, "push")
        );
        Ok(exit::INVALID_PLAN)
    }
}

/// `1 move`, `2 moves`, `1 push`, `3 pushes`.
fn count(n: usize, noun: &str) -> String {
    match (n, noun.ends_with(['s', 'h'])) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}
