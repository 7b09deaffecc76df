//! The `planbox` command: a thin layer over the library (see `cli/`).

mod cli;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    cli::main()
}

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
