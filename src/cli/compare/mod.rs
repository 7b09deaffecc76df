//! `planbox compare [DOMAIN] PROBLEM`: progression, regression,
//! bidirectional search and the SAT engine side by side, with the same
//! algorithm, heuristic and limits, on the same ground task. Bidirectional
//! search runs one algorithm, `bfs` (breadth-first layers from both ends,
//! uniform cost with action costs), so its column is filled for `--search
//! bfs` and says `skipped` otherwise. Both backward searches get the same
//! regression techniques; the SAT engine gets the same limits and mutexes,
//! and its own `--encoding` and `--schedule` (it searches no states, so its
//! counts of states say `n/a`, `null` in `--json`; its rows are the horizons
//! and the makespan). The first row names what each engine ran.
//!
//! Each option goes to the engines that read it; one that none of the
//! engines chosen reads is refused. `--alias` names one of Fast Downward's
//! forward configurations: progression runs it, regression and bidirectional
//! search say `skipped`, and the SAT engine runs as always.
//!
//! Each direction runs in a child process (`planbox plan --json ...`), so that
//! its time, peak memory and limits are its own: the second search does not
//! inherit the first one's memory high-water mark. The children's stderr
//! (progress lines every 5 s, each led by the engine's name, and `--trace`)
//! passes through. Stopping `compare` (SIGTERM, Ctrl-C) ends the child it is
//! waiting for before `compare` exits (see [`stop`]).
//!
//! `--html FILE` also writes the comparison as a web page ([`super::html`]):
//! the children then add their first expansions to their records (`plan
//! --json-trace`), which the page draws as trees and the table and `--json`
//! leave out.

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::Value;
use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

mod table;

pub use table::{MEASURED_KEYS, configurations, reasons, rows, shown};

use super::options::{self, SearchOptions};
use super::{Coded, exit, html};
use planbox::planner::Engine;
use planbox::search::Algorithm;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// `[DOMAIN] PROBLEM`; without DOMAIN, the domain is looked for beside the
    /// problem as for `ground`.
    #[arg(num_args = 1..=2, required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub options: SearchOptions,
    /// Print one JSON object `{"outcome": "compared", "exit_code": 0,
    /// "progression": {...}, "regression": {...}, "bidirectional": {...},
    /// "sat": {...}}`.
    #[arg(long)]
    pub json: bool,
    /// The columns, in this order [default: all four].
    #[arg(long, value_parser = options::choice::<Engine>(), value_delimiter = ',', value_name = "ENGINE,...")]
    pub engines: Vec<Engine>,
    /// Also write the comparison as one self-contained web page: the counters,
    /// and the first --trace-limit expansions of progression and regression as
    /// trees to explore, with each Sokoban node's board and the pruning rule
    /// at each cut branch.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// The engines, in the order of the columns, unless `--engines` says
/// otherwise.
const ENGINES: [Engine; 4] = [
    Engine::Progression,
    Engine::Regression,
    Engine::Bidirectional,
    Engine::Sat,
];

/// What one column does: run its engine with these options, or say why it
/// cannot.
enum Column {
    Run(SearchOptions),
    Skipped(String),
}

/// The options engine `engine` runs with: bidirectional search takes no
/// algorithm settings and no traces; the SAT engine, which searches no
/// states, none of the state-space searches' settings.
fn options_for(o: &SearchOptions, engine: Engine) -> SearchOptions {
    match engine {
        Engine::Bidirectional => o.for_bidirectional(),
        Engine::Sat => SearchOptions {
            search: None,
            heuristic: Vec::new(),
            alias: None,
            weight: None,
            no_preferred: false,
            landmark_preferred: false,
            cycle_check: false,
            trace: false,
            dot: None,
            ..o.clone()
        },
        _ => o.clone(),
    }
}

/// The options of the state-space searches, each with whether it was given
/// and the engines that read it (bidirectional search reads `--search` to
/// say that it runs bfs only).
fn search_only(o: &SearchOptions) -> [(&'static str, bool, &'static [Engine]); 10] {
    use Engine::{Bidirectional, Progression, Regression, Sat};
    const BOTH: &[Engine] = &[Progression, Regression];
    [
        (
            "--search",
            o.search.is_some(),
            &[Progression, Regression, Bidirectional],
        ),
        ("--heuristic", !o.heuristic.is_empty(), BOTH),
        ("--alias", o.alias.is_some(), &[Progression]),
        ("--weight", o.weight.is_some(), BOTH),
        (
            "--depth-limit",
            o.depth_limit.is_some(),
            &[Progression, Regression, Sat],
        ),
        ("--no-preferred", o.no_preferred, BOTH),
        ("--landmark-preferred", o.landmark_preferred, &[Progression]),
        ("--cycle-check", o.cycle_check, BOTH),
        ("--trace", o.trace, BOTH),
        ("--dot", o.dot.is_some(), BOTH),
    ]
}

/// Names engines as a reader would: `regression, bidirectional and sat`.
fn listed(engines: &[Engine]) -> String {
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Decides, before any search starts, what each column of `engines` runs.
/// An option that none of the engines chosen reads is refused, naming
/// `--engines`; options that only some read go to those. An alias is Fast
/// Downward's name for a forward search: progression runs it, the SAT
/// engine runs as always, and the backward searches say `skipped`.
fn columns(o: &SearchOptions, engines: &[Engine]) -> Result<Vec<Column>> {
    let chosen = || {
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        names.join(",")
    };
    for (flag, given, readers) in search_only(o).into_iter().chain(o.engine_only()) {
        if given && !readers.iter().any(|r| engines.contains(r)) {
            let which = match readers.len() {
                1 => "does not run it",
                2 => "runs neither",
                _ => "runs none of them",
            };
            bail!(options::usage(format!(
                "`{flag}` only applies to {}, and `--engines {}` {which}",
                listed(readers),
                chosen()
            )));
        }
    }
    let mut columns = Vec::new();
    let mut refused = None;
    for &engine in engines {
        let column = match (engine, o.alias) {
            (Engine::Regression | Engine::Bidirectional, Some(alias)) => Column::Skipped(format!(
                "`--alias {}` is a forward search, as in Fast Downward; \
                     regression and bidirectional search cannot run it",
                alias.name()
            )),
            // (The algorithm of the other columns, gbfs by default.)
            (Engine::Bidirectional, None) if o.search(Engine::Progression) != Algorithm::Bfs => {
                Column::Skipped(format!(
                    "bidirectional search runs bfs only, not {}",
                    o.search(Engine::Progression).name()
                ))
            }
            _ => {
                let own = options_for(o, engine);
                if let Err(e) = options::configure(&own, engine) {
                    refused.get_or_insert((engine, e));
                }
                Column::Run(own)
            }
        };
        columns.push(column);
    }
    let Some((engine, e)) = refused else {
        return Ok(columns);
    };
    // Progression and regression read the same settings; if one of them
    // takes what the other refuses (`--heuristic hff`), say which column.
    let other = match engine {
        Engine::Progression => Engine::Regression,
        Engine::Regression => Engine::Progression,
        _ => return Err(e),
    };
    if !engines.contains(&other) || options::configure(o, other).is_err() {
        return Err(e);
    }
    let rest: Vec<&str> = (engines.iter().filter(|&&x| x != engine))
        .map(|x| x.name())
        .collect();
    bail!(options::usage(format!(
        "{e:#} (for the {} column; `--engines {}` leaves it out)",
        engine.name(),
        rest.join(",")
    )))
}

pub fn run(args: &CompareArgs) -> Result<u8> {
    if args.options.dump_cnf.is_some() {
        bail!(options::usage(
            "`--dump-cnf` writes one formula: use `plan --engine sat`, not `compare`".into()
        ));
    }
    let engines: Vec<Engine> = if args.engines.is_empty() {
        ENGINES.to_vec()
    } else {
        args.engines.clone()
    };
    for (i, engine) in engines.iter().enumerate() {
        if engines[..i].contains(engine) {
            bail!(options::usage(format!(
                "`--engines` names `{}` twice",
                engine.name()
            )));
        }
    }
    // Refuse bad combinations before starting anything.
    let columns = columns(&args.options, &engines)?;
    options::check_memory_limit(args.options.memory_limit)?;
    // The input reads, with its warnings shown once here (not by each
    // search), and every output can be written, before the first search.
    let (domain_path, problem_path) = super::input::domain_and_problem(&args.files)?;
    let domain = super::input::load_domain(&domain_path)?;
    super::input::load_problem(&domain, &problem_path)?;
    let inputs = [domain_path.as_path(), problem_path.as_path()];
    if let Some(path) = &args.html {
        let option = format!("--html {}", path.display());
        super::output::check_not_input(path, &inputs, &option)?;
        super::output::check_writable(path, "page")?;
    }
    for (&engine, column) in engines.iter().zip(&columns) {
        if let (Column::Run(own), false) = (column, engine == Engine::Sat)
            && let Some(dot) = &own.dot
        {
            let path = dot_path(dot, engine);
            let option = format!("--dot {}", dot.display());
            super::output::check_not_input(&path, &inputs, &option)?;
            super::output::check_writable(&path, "graph file")?;
        }
    }
    let mut records = Vec::new();
    // Told to stop (SIGTERM, Ctrl-C), compare ends the running search and
    // still prints the columns that finished, then exits 128 + the signal.
    let mut stopped: Option<Coded> = None;
    stop::catch();
    for (&engine, column) in engines.iter().zip(&columns) {
        if let Some(stop) = &stopped {
            records.push(serde_json::json!({
                "engine": engine.name(),
                "outcome": "skipped",
                "reason": format!("not run: compare was {}", stop.message),
            }));
            continue;
        }
        if let Some(signal) = stop::requested() {
            let stop = stop::stopped(signal, None);
            records.push(serde_json::json!({
                "engine": engine.name(),
                "outcome": "skipped",
                "reason": format!("not run: compare was {}", stop.message),
            }));
            stopped = Some(stop);
            continue;
        }
        records.push(match column {
            Column::Skipped(reason) => serde_json::json!({
                "engine": engine.name(),
                "outcome": "skipped",
                "reason": reason,
            }),
            Column::Run(own) => match child(args, engine, own) {
                Ok(record) => record,
                Err(e) => match stop::requested() {
                    Some(signal) => {
                        stopped = Some(stop::stopped(signal, None));
                        serde_json::json!({
                            "engine": engine.name(),
                            "outcome": "stopped",
                            "reason": format!("{e:#}"),
                        })
                    }
                    None => return Err(e),
                },
            },
        });
    }
    stop::release();
    if stopped.is_none()
        && let Some(signal) = stop::requested()
    {
        stopped = Some(stop::stopped(signal, None));
    }
    // The traces go to the page, not into the table or the JSON.
    let traces: Vec<Option<Value>> = records
        .iter_mut()
        .map(|r| r.as_object_mut().and_then(|r| r.remove("trace")))
        .collect();

    if let (Some(path), Some(_)) = (&args.html, &stopped) {
        eprintln!(
            "The page {} was not written: compare was stopped",
            path.display()
        );
    }
    if let Some(path) = args.html.as_ref().filter(|_| stopped.is_none()) {
        let problem = args.files.last().map(|p| p.display().to_string());
        let page = html::Page {
            command: command_line(),
            problem: problem.unwrap_or_default(),
            engines: engines
                .iter()
                .zip(&records)
                .zip(&traces)
                .map(|((e, r), t)| (e.name(), r, t.as_ref()))
                .collect(),
            limit: args.options.trace_limit,
        };
        let (text, cut) = html::render(&page);
        if let Some(cut) = cut {
            eprintln!("warning: the trees of `{}` {}", path.display(), cut.said());
        }
        std::fs::write(path, text)
            .with_context(|| format!("cannot write page `{}`", path.display()))?;
        if !args.json {
            eprintln!("Page written to {}", path.display());
        }
    }
    // (How many expansions a search recorded is the page's business.)
    for record in &mut records {
        if let Some(fields) = record.as_object_mut() {
            fields.remove("trace_recorded");
        }
    }
    if args.json {
        // The run's own outcome, as every `--json` record has, then one
        // record per engine.
        let mut all = serde_json::Map::new();
        let (outcome, code) = match &stopped {
            Some(stop) => ("stopped", stop.code),
            None => ("compared", exit::SUCCESS),
        };
        all.insert("outcome".into(), outcome.into());
        all.insert("exit_code".into(), code.into());
        all.insert(
            "error".into(),
            stopped.as_ref().map(|s| s.message.clone()).into(),
        );
        for (engine, record) in engines.iter().zip(records) {
            all.insert(engine.name().into(), record);
        }
        super::print_record(&Value::Object(all));
    } else {
        print!("{}", table::table(&engines, &records));
    }
    if let Some(stop) = stopped {
        // The columns are printed; the error says why the run ended early.
        return Err(stop.into());
    }
    Ok(exit::SUCCESS)
}

/// This run's command line, as the page shows it: `planbox compare ...`,
/// with arguments quoted where a shell needs it.
fn command_line() -> String {
    let quote = |a: String| {
        let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c);
        if !a.is_empty() && a.chars().all(plain) {
            a
        } else {
            format!("'{}'", a.replace('\'', "'\\''"))
        }
    };
    let args = std::env::args_os()
        .skip(1)
        .map(|a| quote(a.to_string_lossy().into_owned()));
    std::iter::once("planbox".to_string())
        .chain(args)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `planbox plan --engine ENGINE --json` with the options `o` of its
/// column.
fn child(args: &CompareArgs, engine: Engine, o: &SearchOptions) -> Result<Value> {
    let exe = std::env::current_exe().context("cannot find the planbox executable")?;
    let mut cmd = Command::new(exe);
    cmd.arg("plan")
        .args(["--engine", engine.name(), "--json", "--plan-file", "-"])
        .arg("--no-warnings")
        .args(forwarded(o, engine))
        .args(match args.json {
            true => vec![],
            false => vec!["--progress-label", engine.name()],
        })
        .args(match traced(args, engine) {
            // (`--trace` forwards the limit already.)
            true if args.options.trace => vec!["--json-trace".to_string()],
            true => vec![
                "--json-trace".to_string(),
                "--trace-limit".into(),
                args.options.trace_limit.to_string(),
            ],
            false => vec![],
        })
        .args(&args.files)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit());
    stop::end_with_parent(&mut cmd);
    let (status, stdout) = run_child(&mut cmd, engine)?;
    let stdout = String::from_utf8_lossy(&stdout);
    let code = status.code();
    // A child that could not search prints an error record (`plan --json`):
    // its outcome names an error, not a search's end.
    let searched = |r: &Value| {
        !matches!(
            r["outcome"].as_str(),
            Some("usage_error" | "input_error" | "unsupported" | "error")
        )
    };
    match serde_json::from_str::<Value>(stdout.trim()) {
        // The plans are in the records; `compare` writes no plan file
        // (an anytime child says `-.1` for its best plan on stdout).
        Ok(mut record) if searched(&record) => {
            if let Some(fields) = record.as_object_mut() {
                fields.insert("plan_file".into(), Value::Null);
            }
            Ok(record)
        }
        // An engine that cannot run this task (it said why on stderr) gets
        // an empty column; the others still run.
        _ if code == Some(i32::from(exit::UNSUPPORTED)) => Ok(serde_json::json!({
            "engine": engine.name(),
            "outcome": "skipped",
            "reason": "the task needs a feature this engine does not support",
        })),
        // The child printed its error on stderr already; keep its exit code.
        // (It said why on stderr already; the record says it again.)
        Ok(record) => bail!(Coded {
            code: code.map_or(exit::INPUT_ERROR, |c| c as u8),
            message: match record["error"].as_str().filter(|_| args.json) {
                Some(why) => format!("the {} search could not run: {why}", engine.name()),
                None => format!("the {} search could not run (see above)", engine.name()),
            },
        }),
        Err(_) => bail!(Coded {
            code: code.map_or(exit::INPUT_ERROR, |c| c as u8),
            message: format!("the {} search failed (see above)", engine.name()),
        }),
    }
}

/// Runs the child `cmd` to its end and returns its exit status and its
/// stdout; if `compare` is told to stop meanwhile (SIGTERM, Ctrl-C), ends
/// the child first, then fails with the signal's exit code.
fn run_child(cmd: &mut Command, engine: Engine) -> Result<(ExitStatus, Vec<u8>)> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run the {} search", engine.name()))?;
    // A thread drains stdout (a record with a trace can be megabytes, more
    // than a pipe holds) while this one watches the child and the signals.
    let mut pipe = child.stdout.take().context("the child's stdout")?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        pipe.read_to_end(&mut out).map(|_| out)
    });
    let status = loop {
        if let Some(signal) = stop::requested() {
            stop::end(&mut child);
            let _ = reader.join();
            bail!(stop::stopped(signal, Some(engine)));
        }
        if let Some(status) = child.try_wait()? {
            break status;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let stdout = match reader.join() {
        Ok(read) => read.with_context(|| format!("cannot read the {} search", engine.name()))?,
        Err(_) => bail!("the {} search's output was lost", engine.name()),
    };
    Ok((status, stdout))
}

#[cfg(unix)]
mod stop;

/// Without Unix signals, nothing to catch: the children end with `compare`'s
/// console.
#[cfg(not(unix))]
mod stop {
    use super::{Child, Coded, Command, Engine};
    pub fn catch() {}
    pub fn release() {}
    pub fn requested() -> Option<i32> {
        None
    }
    pub fn end(child: &mut Child) {
        let _ = child.kill();
        let _ = child.wait();
    }
    pub fn stopped(_: i32, _: Option<Engine>) -> Coded {
        Coded {
            code: 1,
            message: "stopped".into(),
        }
    }
    pub fn end_with_parent(_: &mut Command) {}
}

/// Whether `engine`'s child records its first expansions for the page
/// (the two engines that search one direction state by state).
fn traced(args: &CompareArgs, engine: Engine) -> bool {
    args.html.is_some() && matches!(engine, Engine::Progression | Engine::Regression)
}

/// The command-line options of `plan` that reproduce `o` for `engine`: the
/// algorithm and its settings for the engines that search, the limits and
/// costs for all, the mutexes for all but progression, regression's
/// switches for the backward searches, and the SAT engine's own settings
/// (its largest horizon is the depth limit).
fn forwarded(o: &SearchOptions, engine: Engine) -> Vec<OsString> {
    let sat = engine == Engine::Sat;
    let mut a: Vec<OsString> = Vec::new();
    let mut push = |flag: &str, value: Option<String>| {
        a.push(flag.into());
        if let Some(v) = value {
            a.push(v.into());
        }
    };
    if let Some(alias) = o.alias {
        push("--alias", Some(alias.name().into()));
    } else if !sat {
        push("--search", Some(o.search(engine).name().into()));
    }
    if !o.heuristic.is_empty() && !sat {
        // Both of a lazy search's heuristics, as given.
        let names: Vec<&str> = o.heuristic.iter().map(|h| h.name()).collect();
        push("--heuristic", Some(names.join(",")));
    }
    if let Some(d) = o.depth_limit {
        push("--depth-limit", Some(d.to_string()));
    }
    if let Some(w) = o.weight.filter(|_| !sat) {
        push("--weight", Some(w.to_string()));
    }
    if o.no_preferred && !sat {
        push("--no-preferred", None);
    }
    if o.landmark_preferred && !sat {
        push("--landmark-preferred", None);
    }
    if o.cycle_check && !sat {
        push("--cycle-check", None);
    }
    if o.unit_cost {
        push("--unit-cost", None);
    }
    if let Some(t) = o.time_limit {
        push("--time-limit", Some(t.to_string()));
    }
    if let Some(m) = o.memory_limit {
        push("--memory-limit", Some(m.to_string()));
    }
    if engine != Engine::Progression {
        push("--mutex", Some(o.mutex().name().into()));
    }
    if matches!(engine, Engine::Regression | Engine::Bidirectional) {
        if o.no_goal_sorting {
            push("--no-goal-sorting", None);
        }
        if o.no_subsumption {
            push("--no-subsumption", None);
        }
    }
    if let Some(h) = o.h2_preprocess {
        push("--h2-preprocess", Some(h.name().into()));
    }
    if engine == Engine::Progression {
        if let Some(p) = o.pruning {
            push("--pruning", Some(p.name().into()));
        }
        if let Some(r) = o.min_pruning_ratio {
            push("--min-pruning-ratio", Some(r.to_string()));
        }
        if let Some(n) = o.pruning_check_after {
            push("--pruning-check-after", Some(n.to_string()));
        }
    }
    if sat {
        if let Some(e) = o.encoding {
            push("--encoding", Some(e.name().to_string()));
        }
        if let Some(s) = o.schedule {
            push("--schedule", Some(s.name().to_string()));
        }
        if let Some(t) = o.horizon {
            push("--horizon", Some(t.to_string()));
        }
    }
    if o.trace && !sat {
        push("--trace", None);
        push("--trace-limit", Some(o.trace_limit.to_string()));
    }
    if let Some(dot) = o.dot.as_ref().filter(|_| !sat) {
        push("--dot", Some(dot_path(dot, engine).display().to_string()));
        push("--dot-limit", Some(o.dot_limit.to_string()));
    }
    a
}

/// One graph per direction: `g.dot` becomes `g.progression.dot`, ...
fn dot_path(dot: &Path, engine: Engine) -> PathBuf {
    let stem = dot.file_stem().map(|s| s.to_string_lossy().into_owned());
    let ext = dot.extension().map(|s| s.to_string_lossy().into_owned());
    let name = format!(
        "{}.{}.{}",
        stem.unwrap_or_else(|| "graph".into()),
        engine.name(),
        ext.unwrap_or_else(|| "dot".into())
    );
    dot.with_file_name(name)
}
