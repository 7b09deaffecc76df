//! The `planbox` command: a thin layer over the library (see `cli/`).

mod cli;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    catch_cpu_limit();
    cli::main()
}

/// The IPC and experiment tools (Downward Lab, `ulimit -t`) limit CPU time
/// with an rlimit, whose soft limit sends SIGXCPU: the search then stops as
/// if its own time limit had run out (statistics printed, exit 23), as Fast
/// Downward does, instead of the process dying without a word.
#[cfg(unix)]
fn catch_cpu_limit() {
    extern "C" fn on_sigxcpu(_: libc::c_int) {
        planbox::search::note_cpu_limit();
    }
    // SAFETY: called once at start-up, before any other thread exists; the
    // handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGXCPU, on_sigxcpu as *const () as libc::sighandler_t);
    }
}

#[cfg(not(unix))]
fn catch_cpu_limit() {}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`planbox lurd ... |
/// head -c 5`) would panic. Like other command-line tools, planbox should just
/// stop: restore the default action.
#[cfg(unix)]
fn restore_sigpipe() {
    // SAFETY: called once at start-up, before any other thread exists; setting
    // a signal's disposition to SIG_DFL has no other precondition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}
