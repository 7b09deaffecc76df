//! `planbox xsb2pddl LEVELS.xsb [--level N | --title T | --all] [--out-dir DIR]
//! [--format mbc|ipc] [--write-domain]`: Sokoban levels to PDDL problems.
//!
//! One level without `--out-dir` is printed on stdout; with `--out-dir`, every
//! selected level is written to `DIR/<collection>-<label>.pddl` (names as in
//! `planbox::sokoban::names`), and `--write-domain` adds `DIR/domain.pddl`,
//! where `planbox plan` and Fast Downward look for it.

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use planbox::exit;
use planbox::sokoban::{Format, names, xsb};
use std::path::{Path, PathBuf};

use super::Coded;
use super::input::read_sokoban_text;

#[derive(Args, Debug)]
pub struct Xsb2pddlArgs {
    /// A level file in XSB format (one or many levels).
    levels: PathBuf,
    /// Levels by position in the file, from 1: `3`, `1-30` or `2,5,9-12`.
    #[arg(long, value_name = "N", conflicts_with_all = ["title", "all"])]
    level: Option<String>,
    /// The level with this title (or whose title starts with this word: `155`).
    #[arg(long, value_name = "T", conflicts_with = "all")]
    title: Option<String>,
    /// Every level of the file (needs --out-dir).
    #[arg(long)]
    all: bool,
    /// Write one problem file per level into DIR (created if missing; one
    /// that cannot be written is an error, exit 31, before any level is translated).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// `mbc`: domains/sokoban.pddl (unit costs); `ipc`: the IPC-2008
    /// sokoban-sequential encoding (pushes cost 1).
    #[arg(long, value_enum, default_value = "mbc")]
    format: FormatArg,
    /// Also write the format's domain as DIR/domain.pddl.
    #[arg(long, requires = "out_dir")]
    write_domain: bool,
    /// The collection part of file and problem names (default: from the file name).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Mbc,
    Ipc,
}

/// A usage error (exit code 2).
pub(super) fn usage(message: String) -> anyhow::Error {
    Coded {
        code: exit::USAGE,
        message,
    }
    .into()
}

/// An error of the library turned into invalid input (exit code 31).
pub(super) fn invalid(err: impl std::fmt::Display) -> anyhow::Error {
    Coded {
        code: exit::INPUT_ERROR,
        message: err.to_string(),
    }
    .into()
}

/// Reads an XSB file that must hold at least one board.
pub(super) fn load_collection(path: &Path) -> Result<xsb::Collection> {
    let collection = xsb::parse(path, &read_sokoban_text(path, "level file")?);
    if collection.is_empty() {
        return Err(invalid(collection.no_levels_error()));
    }
    Ok(collection)
}

/// The 1-based levels chosen by `--level` or `--title`, or the only level.
pub(super) fn select(
    collection: &xsb::Collection,
    level: Option<&str>,
    title: Option<&str>,
    offers_all: bool,
) -> Result<Vec<usize>> {
    let n = collection.len();
    let file = collection.path.display();
    if let Some(spec) = level {
        // Quoted as typed: `--level=-1` needs the `=`.
        let typed = if spec.is_empty() || spec.starts_with('-') {
            format!("--level={spec}")
        } else {
            format!("--level {spec}")
        };
        return parse_levels(spec, n).map_err(|m| usage(format!("`{typed}`: {m}")));
    }
    if let Some(title) = title {
        return match collection.find_title(title).as_slice() {
            [] => Err(usage(format!("no level titled `{title}` in `{file}`"))),
            [one] => Ok(vec![*one]),
            many => Err(usage(format!(
                "{} levels titled `{title}` in `{file}` (positions {many:?}); use --level",
                many.len()
            ))),
        };
    }
    if n == 1 {
        return Ok(vec![1]);
    }
    let all = if offers_all {
        ", --title T or --all"
    } else {
        " or --title T"
    };
    Err(usage(format!(
        "`{file}` holds {n} levels: choose with --level N{all}"
    )))
}

/// Reads `3`, `1-30` or `2,5,9-12` against a file of `n` levels. The
/// message of an error says what is wrong with the part typed.
fn parse_levels(spec: &str, n: usize) -> Result<Vec<usize>, String> {
    let number = |s: &str, place: &str| -> Result<usize, String> {
        let s = s.trim();
        if s.is_empty() {
            return Err(format!("expected a level number {place}"));
        }
        let k: usize = s
            .parse()
            .map_err(|_| format!("`{s}` is not a level number (1 to {n})"))?;
        if k == 0 || k > n {
            return Err(format!(
                "there is no level {k}: the file holds levels 1 to {n}"
            ));
        }
        Ok(k)
    };
    if spec.trim().is_empty() {
        return Err(
            "expected a level number (`3`), a range (`1-30`) or a list (`2,5,9-12`)".to_string(),
        );
    }
    let parts: Vec<&str> = spec.split(',').collect();
    let mut out = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        // Where an empty part is, for the message.
        let place = match (k, k + 1 == parts.len()) {
            (0, _) => "before `,`",
            (_, true) => "after `,`",
            _ => "between two commas",
        };
        match part.split_once('-') {
            Some((_, b)) if b.contains('-') => {
                return Err(format!(
                    "`{}` is not a range: expected FIRST-LAST, such as `1-30`",
                    part.trim()
                ));
            }
            Some((a, b)) => {
                let (first, last) = (number(a, "before `-`")?, number(b, "after `-`")?);
                if first > last {
                    return Err(format!(
                        "the range {first}-{last} is empty (did you mean {last}-{first}?)"
                    ));
                }
                out.extend(first..=last);
            }
            None => out.push(number(part, place)?),
        }
    }
    Ok(out)
}

pub fn run(args: &Xsb2pddlArgs) -> Result<u8> {
    let collection = load_collection(&args.levels)?;
    let chosen = if args.all {
        (1..=collection.len()).collect()
    } else {
        select(
            &collection,
            args.level.as_deref(),
            args.title.as_deref(),
            true,
        )?
    };
    let prefix = match &args.name {
        Some(name) => names::sanitize(name),
        None => names::collection_name(&args.levels),
    };
    let stems = names::stems(&collection, &prefix);
    let format = match args.format {
        FormatArg::Mbc => Format::Mbc,
        FormatArg::Ipc => Format::Ipc,
    };

    let Some(dir) = &args.out_dir else {
        let [index] = chosen.as_slice() else {
            bail!(usage(format!(
                "{} levels chosen: give --out-dir to write one file per level",
                chosen.len()
            )));
        };
        let level = collection
            .level(*index)
            .context("level index")?
            .map_err(invalid)?;
        print!(
            "{}",
            format.problem(&level, &names::problem_name(&stems[index - 1]))
        );
        return Ok(exit::SUCCESS);
    };

    super::output::make_folder(dir, "the folder")?;
    let mut written = 0;
    let mut refused = 0;
    for &index in &chosen {
        match collection.level(index).context("level index")? {
            Ok(level) => {
                let stem = &stems[index - 1];
                let path = dir.join(format!("{stem}.pddl"));
                let text = format.problem(&level, &names::problem_name(stem));
                std::fs::write(&path, text)
                    .with_context(|| format!("cannot write `{}`", path.display()))?;
                println!("level {index} -> {}", path.display());
                written += 1;
            }
            Err(err) => {
                eprintln!("error: {err}");
                refused += 1;
            }
        }
    }
    if args.write_domain {
        let path = dir.join("domain.pddl");
        std::fs::write(&path, format.domain())
            .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    println!(
        "{}: wrote {written} problem file{}{} to `{}`",
        args.levels.display(),
        if written == 1 { "" } else { "s" },
        if args.write_domain {
            " and domain.pddl"
        } else {
            ""
        },
        dir.display()
    );
    if refused > 0 {
        bail!(Coded {
            code: exit::INPUT_ERROR,
            message: format!(
                "{refused} of {} levels could not be translated",
                chosen.len()
            ),
        });
    }
    Ok(exit::SUCCESS)
}

#[cfg(test)]
mod tests;
