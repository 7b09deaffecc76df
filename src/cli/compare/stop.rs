//! Stopping `compare` stops its searches. SIGTERM, SIGINT (Ctrl-C) and
//! SIGHUP would end `compare` and leave the child it waits for searching
//! on, an orphan; so while the children run, a handler only notes the
//! signal, and [`super::run_child`] ends the child (SIGTERM, then SIGKILL after a
//! second), reaps it, and exits with 128 + the signal (143 for SIGTERM, 130
//! for SIGINT), as a shell reports a process the signal killed. A signal
//! that was ignored when `compare` started (`nohup`, a background job of a
//! script) stays ignored. On Linux each child also gets SIGTERM should
//! `compare` die without a chance to clean up (SIGKILL).

use super::{Child, Coded, Command, Duration, Engine};
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
pub fn stopped(signal: i32, engine: Option<Engine>) -> Coded {
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
