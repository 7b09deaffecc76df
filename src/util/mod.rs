//! The bottom layer: building blocks every other layer may use, and which use
//! nothing of planbox's own.
//!
//! - [`bits`]: packed bitsets, one bit per index, 64 to a word;
//! - [`bucket_queue`]: the min-priority queue over small integer keys that
//!   Dijkstra-style explorations use;
//! - [`hash`]: the one fast hasher for maps and sets keyed by planbox's data;
//! - [`limits`]: the CPU clock, memory figures, and the [`limits::Monitor`] that
//!   stops a long computation (grounding, search, SAT) at its limits;
//! - [`deep`]: recursion that grows the stack on demand.

pub mod bits;
pub mod bucket_queue;
pub mod hash;
pub mod limits;

/// Runs `f`, on a fresh stack segment when less than 64 KiB of this thread's
/// stack is left. The walks over conditions recurse once per level of
/// nesting, up to [`crate::pddl::MAX_NESTING`] levels, and an unoptimised build needs
/// a few KiB per level: they call this at every level, so that any thread's
/// stack is enough.
#[inline]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, f)
}
