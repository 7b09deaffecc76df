//! `compare`'s children: each engine runs as `planbox plan --json ...` in a
//! child process with the options of its column, so that its time, peak
//! memory and limits are its own; and the signal handling that ends the
//! child `compare` waits for when `compare` is told to stop ([`stop`]).

use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use clap::ValueEnum;

use super::CompareArgs;
use crate::cli::options::{EngineName, SearchOptions};
use crate::cli::{Coded, exit};

/// This run's command line, as the page shows it: `planbox compare ...`,
/// with arguments quoted where a shell needs it.
pub(super) fn command_line() -> String {
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
pub(super) fn child(args: &CompareArgs, engine: EngineName, o: &SearchOptions) -> Result<Value> {
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
fn run_child(cmd: &mut Command, engine: EngineName) -> Result<(ExitStatus, Vec<u8>)> {
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

/// Stopping `compare` stops its searches. SIGTERM, SIGINT (Ctrl-C) and
/// SIGHUP would end `compare` and leave the child it waits for searching
/// on, an orphan; so while the children run, a handler only notes the
/// signal, and [`run_child`] ends the child (SIGTERM, then SIGKILL after a
/// second), reaps it, and exits with 128 + the signal (143 for SIGTERM, 130
/// for SIGINT), as a shell reports a process the signal killed. A signal
/// that was ignored when `compare` started (`nohup`, a background job of a
/// script) stays ignored. On Linux each child also gets SIGTERM should
/// `compare` die without a chance to clean up (SIGKILL).
#[cfg(unix)]
pub(super) mod stop {
    use super::{Child, Coded, Command, Duration, EngineName};
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::Instant;

    /// The signal caught, 0 for none.
    static CAUGHT: AtomicI32 = AtomicI32::new(0);

    const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

    extern "C" fn on_signal(signal: libc::c_int) {
        // Async-signal-safe: one store to a lock-free atomic.
        CAUGHT.store(signal, Ordering::SeqCst);
    }

    /// From now on the signals are noted rather than fatal.
    pub fn catch() {
        for signal in SIGNALS {
            // SAFETY: the handler only stores to an atomic, which is
            // async-signal-safe; `signal` has no other precondition.
            unsafe {
                let handler = on_signal as *const () as libc::sighandler_t;
                if libc::signal(signal, handler) == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    }

    /// The signals are fatal again (for what `compare` does after its
    /// children: the page, the table), unless ignored from the start.
    pub fn release() {
        for signal in SIGNALS {
            // SAFETY: as in `catch`.
            unsafe {
                if libc::signal(signal, libc::SIG_DFL) == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    }

    /// The signal caught since [`catch`], if any.
    pub fn requested() -> Option<i32> {
        Some(CAUGHT.load(Ordering::SeqCst)).filter(|&s| s != 0)
    }

    /// Ends `child`: SIGTERM, a second's grace, then SIGKILL; and reaps it.
    pub fn end(child: &mut Child) {
        if let Ok(None) = child.try_wait() {
            // SAFETY: `kill` has no memory-safety preconditions; the child
            // has not been reaped, so its pid is still its own.
            unsafe {
                libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
            }
            let grace = Instant::now() + Duration::from_secs(1);
            while let Ok(None) = child.try_wait() {
                if Instant::now() > grace {
                    let _ = child.kill();
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = child.wait();
    }

    /// The error `compare` exits with: 128 + the signal; `engine` is the
    /// search it ended, if one was running.
    pub fn stopped(signal: i32, engine: Option<EngineName>) -> Coded {
        let name = match signal {
            libc::SIGINT => "SIGINT",
            libc::SIGHUP => "SIGHUP",
            _ => "SIGTERM",
        };
        let ended = engine.map(|e| format!("; the {} search was ended", e.name()));
        Coded {
            code: u8::try_from(128 + signal).unwrap_or(u8::MAX),
            message: format!("stopped by {name}{}", ended.unwrap_or_default()),
        }
    }

    /// Linux: the child gets SIGTERM when `compare` dies, however it dies.
    #[cfg(target_os = "linux")]
    pub fn end_with_parent(cmd: &mut Command) {
        use std::os::unix::process::CommandExt;
        let parent = std::process::id();
        // SAFETY: between fork and exec the closure makes only the system
        // calls `prctl`, `getppid` and `_exit`, which are async-signal-safe,
        // and allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                // `compare` died before the line above: no signal will come.
                if libc::getppid() as u32 != parent {
                    libc::_exit(1);
                }
                Ok(())
            });
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn end_with_parent(_: &mut Command) {}
}

/// Without Unix signals, nothing to catch: the children end with `compare`'s
/// console.
#[cfg(not(unix))]
pub(super) mod stop {
    use super::{Child, Coded, Command, EngineName};
    pub fn catch() {}
    pub fn release() {}
    pub fn requested() -> Option<i32> {
        None
    }
    pub fn end(child: &mut Child) {
        let _ = child.kill();
        let _ = child.wait();
    }
    pub fn stopped(_: i32, _: Option<EngineName>) -> Coded {
        Coded {
            code: 1,
            message: "stopped".into(),
        }
    }
    pub fn end_with_parent(_: &mut Command) {}
}

/// Whether `engine`'s child records its first expansions for the page
/// (the two engines that search one direction state by state).
fn traced(args: &CompareArgs, engine: EngineName) -> bool {
    args.html.is_some() && matches!(engine, EngineName::Progression | EngineName::Regression)
}

/// The command-line options of `plan` that reproduce `o` for `engine`: the
/// algorithm and its settings for the engines that search, the limits and
/// costs for all, the mutexes for all but progression, regression's
/// switches for the backward searches, and the SAT engine's own settings
/// (its largest horizon is the depth limit).
fn forwarded(o: &SearchOptions, engine: EngineName) -> Vec<OsString> {
    let sat = engine == EngineName::Sat;
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
    if engine != EngineName::Progression {
        push("--mutex", Some(o.mutex().name().into()));
    }
    if matches!(engine, EngineName::Regression | EngineName::Bidirectional) {
        if o.no_goal_sorting {
            push("--no-goal-sorting", None);
        }
        if o.no_subsumption {
            push("--no-subsumption", None);
        }
    }
    if sat {
        let name = |v: Option<clap::builder::PossibleValue>| v.map(|v| v.get_name().to_string());
        if let Some(e) = o.encoding {
            push("--encoding", name(e.to_possible_value()));
        }
        if let Some(s) = o.schedule {
            push("--schedule", name(s.to_possible_value()));
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
pub(super) fn dot_path(dot: &Path, engine: EngineName) -> PathBuf {
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
