//! Time and memory limits, checked cheaply from inside the search loop.
//!
//! Reading the clock and the memory figures costs far more than expanding a node
//! in a fast search, so the algorithms call [`Monitor::tick`] once per expansion
//! and the monitor does the real check only every [`CHECK_EVERY`] ticks. A search
//! that hits a limit stops cleanly and returns [`Stop`] with the statistics so far.
//!
//! **Memory.** The limit is compared with an estimate of the most memory the
//! process may need before the next check: the resident set size when the search
//! started (the task, the heuristic's tables, ...), plus the bytes that the
//! search's own growing structures hold (the state registry's arena and hash
//! table, the node arena, the open list; each algorithm lists them in a
//! [`Footprint`]), plus what the next growth of one of them claims while it
//! grows. A vector grows in place: the allocator remaps a large buffer's pages
//! into a region twice its size (glibc's `realloc` calls `mremap`), so doubling
//! it claims its own size once more, and the old pages are not copied. A hash
//! table grows by rehashing into a new table of twice the size while the old
//! one still lives, so it claims twice its size. The arrays that hold a
//! search's nodes (the registry's arena, the node arena, best-first search's
//! estimates) grow a chunk of 65,536 nodes at a time instead
//! (`src/search/chunked.rs`), so near the limit the largest claim is the
//! hash table's, and the search fills most of what the limit leaves (on
//! XSokoban 2 with `--optimize pushes --memory-limit 2000`, 29.4 million
//! nodes where doubling arrays stopped it at 22.4 million). The search stops while the
//! next growth would still fit, so the process stays under the limit (where
//! an allocator copies a vector instead, a growth may pass an explicit
//! `--memory-limit` for a moment). The structures also grow with
//! `try_reserve`, so an allocation the system refuses (under an
//! address-space rlimit) becomes [`Stop::Memory`], never an abort.
//!
//! Example: with `--memory-limit 1` the first check already finds more than
//! 1 MB in use and the search ends with `OutOfMemory` (exit code 22).
//!
//! **Time** is the CPU time of the process ([`cpu_time`]), as in Fast
//! Downward (whose timers read the same clock) and in the IPC and Downward
//! Lab, which limit CPU seconds: a run that shares its core with others gets
//! its full budget of work, and its reported times say what it cost. Reading
//! that clock is a system call (half a microsecond), so the monitor reads the
//! wall clock first: the search runs on one thread, whose CPU time never
//! runs ahead of the wall clock, so the CPU clock is read only once the wall
//! clock says that the limit or the next progress report may be due.

use std::time::{Duration, Instant};

/// The real check runs once every this many ticks.
pub const CHECK_EVERY: u32 = 64;

/// Limits on one search run. `None` means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub time: Option<Duration>,
    /// Memory limit in bytes.
    pub memory: Option<u64>,
    /// The most expansions (calls to [`Monitor::tick`]) the monitor allows,
    /// after which the search stops with [`Stop::Expansions`]. Unlike time,
    /// the same budget does the same work on every machine, so a run cut
    /// short by it is reproducible (the tests learn deadlock patterns within
    /// one).
    pub expansions: Option<u64>,
    /// How often to report progress (see [`Monitor::with_progress`]).
    pub progress_every: Option<Duration>,
}

impl Limits {
    /// The memory limit in bytes for `--memory-limit MB`, or without one, for
    /// the address-space rlimit that Downward Lab and the IPC scripts set
    /// (`ulimit -v`): what it leaves after headroom for what the estimate does
    /// not see (see [`Limits::within_address_space`]). So the search stops
    /// with exit 22 before an allocation fails, which would abort the process.
    pub fn memory_from(mb: Option<u64>) -> Option<u64> {
        match mb {
            Some(mb) => Some(mb.saturating_mul(1 << 20)),
            None => address_space_limit().map(Limits::within_address_space),
        }
    }

    /// The memory limit under an address space of `bytes`: the headroom for
    /// the binary and the allocator's reserves is an eighth plus 64 MB, and
    /// at most half of it, so that a small address space (Downward Lab's
    /// tests run with 48 MB) still leaves the search some memory.
    pub fn within_address_space(bytes: u64) -> u64 {
        bytes - (bytes / 8 + (64 << 20)).min(bytes / 2)
    }

    /// No limits at all.
    pub fn none() -> Limits {
        Limits::default()
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Time,
    Memory,
    /// [`Limits::expansions`] were made.
    Expansions,
}

/// What a search reports about itself every few seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub expanded: u64,
    pub generated: u64,
    pub evaluated: u64,
    /// The value that orders the search, with its name: `("f", 12)` for A*,
    /// `("h", 3)` (the best so far) for GBFS, `("depth", 7)` for BFS and DFS.
    pub value: Option<(&'static str, u32)>,
    pub elapsed: Duration,
    /// The estimated memory use in bytes (see the module docs).
    pub memory: u64,
}

/// The bytes held by a search's growing structures, and what the next growth
/// of one of them claims while it grows (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// All structures together.
    pub total: usize,
    /// The most that growing one structure adds while it grows.
    pub growth: usize,
}

impl Footprint {
    /// Arrays (`Vec`, `VecDeque`) of these sizes: growing one doubles it in
    /// place, which claims its size once more.
    pub fn of(arrays: &[usize]) -> Footprint {
        Footprint {
            total: arrays.iter().sum(),
            growth: arrays.iter().copied().max().unwrap_or(0),
        }
    }

    /// A hash table of this size: it grows by rehashing into a new table of
    /// twice the size before the old one is freed.
    pub fn table(bytes: usize) -> Footprint {
        Footprint {
            total: bytes,
            growth: bytes.saturating_mul(2),
        }
    }

    /// Both footprints together (one structure grows at a time).
    pub fn and(self, other: Footprint) -> Footprint {
        Footprint {
            total: self.total.saturating_add(other.total),
            growth: self.growth.max(other.growth),
        }
    }

    /// The most the structures can hold at once: everything, plus the growth
    /// of the one that claims most.
    pub fn peak(&self) -> usize {
        self.total.saturating_add(self.growth)
    }
}

/// A callback that receives progress reports.
type Report<'a> = Box<dyn FnMut(&Progress) + 'a>;

/// The limits of one run, its clock, and the progress callback.
pub struct Monitor<'a> {
    limits: Limits,
    /// The CPU clock when the monitor was made, and the wall clock then.
    start: CpuClock,
    wall: Instant,
    baseline: u64,
    ticks: u32,
    /// Calls to [`Monitor::tick`] so far, for [`Limits::expansions`].
    expansions: u64,
    next_report: Duration,
    report: Option<Report<'a>>,
    /// [`Monitor::time_is_up`]: calls since the clock was last read, calls
    /// between readings (adapted to how long calls take), the last reading.
    calls: u32,
    calls_between: u32,
    last_reading: Duration,
}

impl<'a> Monitor<'a> {
    /// Starts the clock. Reads the process's resident memory as the baseline when
    /// a memory limit is set.
    pub fn new(limits: Limits) -> Monitor<'a> {
        let baseline = if limits.memory.is_some() {
            resident_bytes().unwrap_or(0)
        } else {
            0
        };
        Monitor {
            limits,
            start: CpuClock::now(),
            wall: Instant::now(),
            baseline,
            ticks: 0,
            expansions: 0,
            next_report: limits.progress_every.unwrap_or(Duration::MAX),
            report: None,
            calls: 0,
            calls_between: 1,
            last_reading: Duration::ZERO,
        }
    }

    /// Calls `report` every `limits.progress_every` during the search.
    pub fn with_progress(mut self, report: impl FnMut(&Progress) + 'a) -> Monitor<'a> {
        self.report = Some(Box::new(report));
        self
    }

    /// Makes the first progress report due after `after` instead of after
    /// `limits.progress_every` (and every `progress_every` from then on), so
    /// that a run of several searches, each with its own monitor, keeps one
    /// rhythm of reports.
    pub fn first_report_after(mut self, after: Duration) -> Monitor<'a> {
        self.next_report = after;
        self
    }

    /// CPU time since the monitor was made.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The process CPU time ([`cpu_time`]) at which the time limit passes, for
    /// work that cannot reach the monitor but must not run past it (a state
    /// registry doubling its table); `None` without a limit.
    pub fn deadline(&self) -> Option<Duration> {
        Some(self.start.0.saturating_add(self.limits.time?))
    }

    /// The CPU time left under the time limit, for work that watches the
    /// clock itself (a SAT solver between conflicts); `None` without a limit.
    pub fn time_left(&self) -> Option<Duration> {
        Some(self.limits.time?.saturating_sub(self.elapsed()))
    }

    /// The estimated memory of the process while the search holds `footprint`.
    pub fn memory(&self, footprint: Footprint) -> u64 {
        self.baseline.saturating_add(footprint.total as u64)
    }

    /// Counts one expansion, called before it is made: past
    /// [`Limits::expansions`], stops the search; every [`CHECK_EVERY`] calls,
    /// checks the other limits (`footprint` and `progress` are only evaluated
    /// then).
    #[inline]
    pub fn tick(
        &mut self,
        footprint: impl FnOnce() -> Footprint,
        progress: impl FnOnce() -> Progress,
    ) -> Result<(), Stop> {
        self.expansions += 1;
        if self.limits.expansions.is_some_and(|n| self.expansions > n) {
            return Err(Stop::Expansions);
        }
        self.ticks += 1;
        if self.ticks < CHECK_EVERY {
            return Ok(());
        }
        self.ticks = 0;
        self.check(footprint(), progress)
    }

    /// Whether the time limit has passed, for costly work *within* one
    /// expansion (a heuristic evaluation on a task with a million operators can
    /// take a second, and one expansion may evaluate thousands of successors).
    /// The clock is read about once a millisecond: every call when calls are
    /// slow, every few hundred when they are fast.
    #[inline]
    pub fn time_is_up(&mut self) -> bool {
        if cpu_limit_reached() {
            return true;
        }
        let Some(limit) = self.limits.time else {
            return false;
        };
        self.calls += 1;
        if self.calls < self.calls_between {
            return false;
        }
        self.calls = 0;
        let now = self.wall.elapsed();
        let between = now.saturating_sub(self.last_reading);
        self.last_reading = now;
        if between > Duration::from_millis(1) {
            self.calls_between = (self.calls_between / 2).max(1);
        } else if between < Duration::from_micros(100) {
            self.calls_between = (self.calls_between * 2).min(1024);
        }
        now >= limit && self.elapsed() >= limit
    }

    /// Runs `f` with at most `budget` expansions more than made so far (and
    /// never past [`Limits::expansions`]), for one search of a schedule that
    /// must leave the rest of the run to the searches after it. A search cut
    /// by the budget stops with [`Stop::Expansions`], as one cut by the
    /// run's own; [`Monitor::expansions_spent`] tells them apart. Without a
    /// budget, `f` runs under the run's limits alone.
    pub fn within<R>(&mut self, budget: Option<u64>, f: impl FnOnce(&mut Self) -> R) -> R {
        let own = self.limits.expansions;
        if let Some(budget) = budget {
            let cap = self.expansions.saturating_add(budget);
            self.limits.expansions = Some(own.map_or(cap, |own| own.min(cap)));
        }
        let r = f(self);
        self.limits.expansions = own;
        r
    }

    /// Whether the run's own [`Limits::expansions`] are spent.
    pub fn expansions_spent(&self) -> bool {
        self.limits.expansions.is_some_and(|n| self.expansions >= n)
    }

    /// Checks the limits now.
    #[cold]
    pub fn check(
        &mut self,
        footprint: Footprint,
        progress: impl FnOnce() -> Progress,
    ) -> Result<(), Stop> {
        // The wall clock first, the CPU clock only when something may be due
        // (see the module docs).
        let wall = self.wall.elapsed();
        let over = |t: Duration| wall >= t && self.elapsed() >= t;
        if self.limits.time.is_some_and(over) || cpu_limit_reached() {
            return Err(Stop::Time);
        }
        let memory = self.memory(footprint);
        let peak = self.baseline.saturating_add(footprint.peak() as u64);
        if self.limits.memory.is_some_and(|m| peak > m) {
            return Err(Stop::Memory);
        }
        if wall < self.next_report {
            return Ok(());
        }
        let elapsed = self.elapsed();
        if elapsed >= self.next_report {
            if let Some(report) = self.report.as_mut() {
                let mut p = progress();
                p.elapsed = elapsed;
                p.memory = memory;
                report(&p);
            }
            let every = self.limits.progress_every.unwrap_or(Duration::MAX);
            self.next_report = elapsed.saturating_add(every);
        }
        Ok(())
    }
}

/// Set when the process was told its CPU time is up (SIGXCPU, see
/// [`note_cpu_limit`]); every search then stops as at its time limit.
static CPU_LIMIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Records that the CPU-time limit was reached: the binary calls it from its
/// SIGXCPU handler (a store to an atomic, safe in a signal handler).
pub fn note_cpu_limit() {
    CPU_LIMIT.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether [`note_cpu_limit`] was called.
#[inline]
pub fn cpu_limit_reached() -> bool {
    CPU_LIMIT.load(std::sync::atomic::Ordering::Relaxed)
}

/// The CPU time (user and system, all threads) this process has used:
/// `CLOCK_PROCESS_CPUTIME_ID`, the clock of Fast Downward's timers. Where the
/// platform has none, the wall-clock time since the first call.
pub fn cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `now` is a valid timespec for the call to write.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) } == 0 {
            return Duration::new(now.tv_sec as u64, now.tv_nsec as u32);
        }
    }
    static FIRST: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    FIRST.get_or_init(Instant::now).elapsed()
}

/// A reading of [`cpu_time`], to measure CPU time from, as an [`Instant`]
/// measures wall-clock time.
#[derive(Clone, Copy, Debug)]
pub struct CpuClock(Duration);

impl CpuClock {
    pub fn now() -> CpuClock {
        CpuClock(cpu_time())
    }

    /// CPU time since this reading.
    pub fn elapsed(self) -> Duration {
        cpu_time().saturating_sub(self.0)
    }
}

/// The soft limit on the process's address space (RLIMIT_AS) in bytes;
/// `None` where there is none.
pub fn address_space_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: `limit` is a valid rlimit for the call to write.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0
            && limit.rlim_cur != libc::RLIM_INFINITY
        {
            #[allow(clippy::unnecessary_cast)] // `rlim_t` is not `u64` everywhere
            return Some(limit.rlim_cur as u64);
        }
    }
    None
}

/// The process's resident set size in bytes (`VmRSS`), where `/proc` has it.
pub fn resident_bytes() -> Option<u64> {
    proc_status_kb("VmRSS:").map(|kb| kb * 1024)
}

/// The process's peak resident memory in KB, read from `VmHWM` in
/// `/proc/self/status` as Fast Downward does; `None` where there is no `/proc`.
pub fn peak_memory_kb() -> Option<u64> {
    proc_status_kb("VmHWM:")
}

/// The value in KB of the line starting with `key` in `/proc/self/status`.
fn proc_status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests;
