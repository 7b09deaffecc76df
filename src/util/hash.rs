//! The one fast hasher, for every map and set keyed by planbox's own data.
//!
//! std's `HashMap` hashes with SipHash under a random seed: safe against keys
//! chosen by an attacker, but several times slower on the short integer keys
//! planners hash (fact ids, object tuples, packed states), and its iteration
//! order changes from run to run. planbox's keys come from its own grounding,
//! not from an adversary, so it uses [foldhash](https://docs.rs/foldhash)'s
//! fast hasher with a fixed seed: one folded multiply per word, good
//! distribution also on keys that differ only in their high bits (where the
//! FxHash of `rustc-hash` is weaker), the default hasher of hashbrown (the
//! table behind std's map), and the same table layouts on every run.
//!
//! Example: `let mut seen: FastSet<u32> = FastSet::default(); seen.insert(7);`
//!
//! Code that must not depend on a map's order (the grounder's fact order,
//! plans) never iterates a map: it uses `IndexMap`/`IndexSet` with
//! [`FastBuildHasher`], or sorts.

/// The hasher builder: foldhash's fast hasher with a fixed seed.
pub type FastBuildHasher = foldhash::fast::FixedState;

/// A `HashMap` with the fast hasher.
pub type FastMap<K, V> = std::collections::HashMap<K, V, FastBuildHasher>;

/// A `HashSet` with the fast hasher.
pub type FastSet<K> = std::collections::HashSet<K, FastBuildHasher>;
