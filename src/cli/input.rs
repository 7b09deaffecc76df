//! Finding, reading, parsing and checking the input files of a command.

use anyhow::{Context, Result, bail};
use planbox::pddl::{self, ast};
use planbox::{LoadError, Loader};
use std::path::{Path, PathBuf};

use super::Coded;
use planbox::exit;

/// The largest input file planbox reads. IPC problem files stay below a few
/// dozen megabytes; the limit turns a mistaken argument (a disk image, a log
/// of gigabytes) into an error rather than a long wait or an abort.
pub const MAX_FILE_BYTES: u64 = 512 << 20;

/// Reads a file of UTF-8 text (PDDL, plans), in one piece. Bytes that are not
/// UTF-8 (a binary file given by mistake) are an input error of one line.
pub fn read_text(path: &Path, what: &str) -> Result<String> {
    let bytes = read_bytes(path, what)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes()[at];
        not_text(
            path,
            what,
            &format!("UTF-8 text (byte 0x{byte:02x} at offset {at})"),
        )
    })
}

/// Reads a Sokoban text (levels, solutions): UTF-8, or else Latin-1, which
/// old level files use for accented titles. A file with control bytes other
/// than white space (NUL, ...) is binary, not text, and an input error.
pub fn read_sokoban_text(path: &Path, what: &str) -> Result<String> {
    sokoban_text(path, what, read_bytes(path, what)?)
}

/// Bytes of a Sokoban text (read from `path`, or stdin), decoded as
/// [`read_sokoban_text`] says.
pub fn sokoban_text(path: &Path, what: &str, bytes: Vec<u8>) -> Result<String> {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return Ok(text),
        Err(e) => e.into_bytes(),
    };
    if let Some(at) = bytes
        .iter()
        .position(|&b| b < 0x20 && !b"\t\n\r\x0c".contains(&b) || b == 0x7f)
    {
        let how = format!(
            "UTF-8 or Latin-1 text (byte 0x{:02x} at offset {at})",
            bytes[at]
        );
        return Err(not_text(path, what, &how));
    }
    Ok(bytes.iter().map(|&b| char::from(b)).collect())
}

fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>> {
    let shown = path.display();
    check_file(path, what)?;
    let size = std::fs::metadata(path)
        .with_context(|| format!("cannot read {what} `{shown}`"))?
        .len();
    if size > MAX_FILE_BYTES {
        bail!(Coded {
            code: exit::INPUT_ERROR,
            message: format!(
                "{what} `{shown}` is too large: {} MiB, and planbox reads at most {} MiB",
                size >> 20,
                MAX_FILE_BYTES >> 20
            ),
        });
    }
    std::fs::read(path).with_context(|| format!("cannot read {what} `{shown}`"))
}

fn not_text(path: &Path, what: &str, expected: &str) -> anyhow::Error {
    Coded {
        code: exit::INPUT_ERROR,
        message: format!("{what} `{}` is not {expected}", path.display()),
    }
    .into()
}

/// Reads a PDDL file into a [`ast::Source`].
pub fn read_source(path: &Path, what: &str) -> Result<ast::Source> {
    Ok(ast::Source {
        path: path.to_path_buf(),
        text: read_text(path, what)?,
    })
}

/// Resolves `[DOMAIN] PROBLEM` positional arguments as Fast Downward does: with
/// one argument it is the problem, and the domain is looked for beside it.
pub fn domain_and_problem(files: &[PathBuf]) -> Result<(PathBuf, PathBuf)> {
    // A problem that is not there is said so, before the domain is looked for.
    match files {
        [problem] => check_file(problem, "problem file")?,
        [domain, problem] => {
            check_file(domain, "domain file")?;
            check_file(problem, "problem file")?;
        }
        _ => {}
    }
    match files {
        [problem] => Ok((find_domain(problem)?, problem.clone())),
        [domain, problem] => Ok((domain.clone(), problem.clone())),
        _ => bail!(Coded {
            code: exit::USAGE,
            message: "expected [DOMAIN] PROBLEM".into()
        }),
    }
}

/// Refuses a path that does not exist or is a folder, naming it as `what`.
pub fn check_file(path: &Path, what: &str) -> Result<()> {
    let shown = path.display();
    let message = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => format!("{what} `{shown}` is a folder, not a file"),
        Ok(_) => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            format!("{what} `{shown}` does not exist")
        }
        Err(e) => format!("cannot read {what} `{shown}`: {e}"),
    };
    bail!(Coded {
        code: exit::INPUT_ERROR,
        message
    })
}

/// Whether a PDDL text defines a problem (`(define (problem ...`), not a
/// domain: the first word after `(define (`, comments skipped. Text that is
/// neither is taken for a domain, whose parser then says what is wrong.
pub fn is_problem_text(text: &str) -> bool {
    let code: String = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ");
    let mut words = code
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|w| !w.is_empty());
    words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("define"))
        && words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("problem"))
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

/// Reads, parses and checks a domain file; prints the checker's warnings on
/// stderr.
pub fn load_domain(path: &Path) -> Result<ast::Domain> {
    let source = read_source(path, "domain file")?;
    (Loader::new().on_warning(print_warning).domain(source)).map_err(load_error)
}

/// Reads, parses and checks a problem file against its domain; prints the
/// checker's warnings on stderr.
pub fn load_problem(domain: &ast::Domain, path: &Path) -> Result<ast::Problem> {
    let source = read_source(path, "problem file")?;
    (Loader::new()
        .on_warning(print_warning)
        .problem(domain, source))
    .map_err(load_error)
}

/// A loading error with its PDDL error as such (which knows its exit code).
pub fn load_error(e: LoadError) -> anyhow::Error {
    match e {
        LoadError::Pddl(e) => e.into(),
        e => e.into(),
    }
}

/// Whether the warnings about the input were shown already by another
/// process: `compare` reads the input itself, once, and tells its searches
/// so (`plan --no-warnings`, hidden).
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Leaves out the input's warnings (see [`QUIET`]).
pub fn quiet_warnings() {
    QUIET.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// A warning as the errors are shown: `warning: ` and the snippet.
pub fn print_warning(w: &pddl::Warning) {
    if !QUIET.load(std::sync::atomic::Ordering::Relaxed) {
        eprintln!("warning: {w}");
    }
}
