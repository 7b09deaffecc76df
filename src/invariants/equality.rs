//! Which parameters of an action can be equal, as far as the task tells.
//!
//! The balance check tries every way the parameters of an action can coincide
//! ([`super::pattern`]); this module rules some out beforehand, from:
//!
//! - `(not (= ?a ?b))` and `(= ?a ?b)` preconditions;
//! - static preconditions: if no `:init` atom of `adjacent` repeats an object
//!   at positions 0 and 1, then `(adjacent ?from ?to ?d)` implies
//!   `?from != ?to`; a static precondition with no `:init` atom at all means
//!   the action has no instance;
//! - the grounder's reachable action instances, when given: parameters that no
//!   reachable instance makes equal always differ (Fast Downward's translator
//!   does the same), and an action with no reachable instance is dead.
//!
//! Example: Sokoban's `push(?from ?box ?to ?d)` with the usual level facts
//! gives `?from != ?box` and `?box != ?to` (from `adjacent`), but not
//! `?from != ?to`: `(adjacent c1 c2 right)` and `(adjacent c2 c1 left)` allow
//! `?from = ?to`, and the balance check must consider it.

use crate::lifted::reachability::Reachable;
use crate::lifted::{Arg, Lifted, ObjId, Schema};

/// What the task says about which parameters of one schema may be equal.
#[derive(Clone, Debug)]
pub struct SchemaFacts {
    /// The schema has no instance at all (a static precondition with no
    /// matching `:init` atom, contradictory equalities, or none reachable).
    pub dead: bool,
    n: usize,
    /// `never_equal[a * n + b]`: parameters `a` and `b` always differ.
    never_equal: Vec<bool>,
    /// `(parameter, constant)` pairs that always differ.
    pub(crate) never_const: Vec<(u32, ObjId)>,
    /// `(= ?a ?b)` preconditions.
    pub(crate) same: Vec<(u32, u32)>,
    /// `(= ?a c)` preconditions.
    pub(crate) fixed: Vec<(u32, ObjId)>,
}

impl SchemaFacts {
    /// Gathers the facts for every schema of `lifted`.
    pub fn all(lifted: &Lifted, reachable: Option<&Reachable>) -> Vec<SchemaFacts> {
        // seen_equal[pred][i * arity + j]: some :init atom has equal args at i, j.
        let mut seen_equal: Vec<Vec<bool>> =
            lifted.arity.iter().map(|&a| vec![false; a * a]).collect();
        let mut has_atoms = vec![false; lifted.arity.len()];
        for atom in &lifted.static_init {
            let p = atom.pred as usize;
            let Some(seen) = seen_equal.get_mut(p) else {
                continue;
            };
            has_atoms[p] = true;
            let a = atom.args.len();
            for i in 0..a {
                for j in 0..a {
                    if atom.args[i] == atom.args[j] {
                        seen[i * a + j] = true;
                    }
                }
            }
        }
        let mut facts: Vec<SchemaFacts> = lifted
            .schemas
            .iter()
            .map(|s| SchemaFacts::of_schema(lifted, s, &seen_equal, &has_atoms))
            .collect();
        if let Some(reachable) = reachable {
            let mut equal_somewhere: Vec<Vec<bool>> = facts
                .iter()
                .map(|f| vec![false; f.never_equal.len()])
                .collect();
            let mut instances = vec![false; facts.len()];
            for (s, binding) in reachable.actions(lifted) {
                let s = s as usize;
                instances[s] = true;
                let n = binding.len();
                for a in 0..n {
                    for b in 0..n {
                        if binding[a] == binding[b] {
                            equal_somewhere[s][a * n + b] = true;
                        }
                    }
                }
            }
            for (s, f) in facts.iter_mut().enumerate() {
                f.dead |= !instances[s];
                for (never, seen) in f.never_equal.iter_mut().zip(&equal_somewhere[s]) {
                    *never |= !seen;
                }
            }
        }
        facts
    }

    fn of_schema(
        lifted: &Lifted,
        schema: &Schema,
        seen_equal: &[Vec<bool>],
        has_atoms: &[bool],
    ) -> SchemaFacts {
        let n = schema.params.len();
        let mut f = SchemaFacts {
            dead: false,
            n,
            never_equal: vec![false; n * n],
            never_const: Vec::new(),
            same: Vec::new(),
            fixed: Vec::new(),
        };
        for atom in &schema.pos {
            let p = atom.pred as usize;
            if lifted.fluent[p] {
                continue;
            }
            if !has_atoms[p] {
                f.dead = true;
            }
            let a = atom.args.len();
            for i in 0..a {
                for j in 0..a {
                    if i == j || seen_equal[p][i * a + j] {
                        continue;
                    }
                    match (atom.args[i], atom.args[j]) {
                        (Arg::Var(x), Arg::Var(y)) if x == y => f.dead = true,
                        (Arg::Var(x), Arg::Var(y)) => f.set_never_equal(x, y),
                        (Arg::Var(x), Arg::Obj(c)) => f.never_const.push((x, c)),
                        (Arg::Obj(c), Arg::Obj(d)) if c == d => f.dead = true,
                        _ => {}
                    }
                }
            }
        }
        for &(l, r, positive) in &schema.eq {
            match (l, r, positive) {
                (Arg::Var(x), Arg::Var(y), true) => f.same.push((x, y)),
                (Arg::Var(x), Arg::Var(y), false) if x == y => f.dead = true,
                (Arg::Var(x), Arg::Var(y), false) => f.set_never_equal(x, y),
                (Arg::Var(x), Arg::Obj(c), true) | (Arg::Obj(c), Arg::Var(x), true) => {
                    f.fixed.push((x, c))
                }
                (Arg::Var(x), Arg::Obj(c), false) | (Arg::Obj(c), Arg::Var(x), false) => {
                    f.never_const.push((x, c))
                }
                (Arg::Obj(c), Arg::Obj(d), positive) => f.dead |= (c == d) != positive,
            }
        }
        f
    }

    fn set_never_equal(&mut self, a: u32, b: u32) {
        let (a, b) = (a as usize, b as usize);
        if a < self.n && b < self.n {
            self.never_equal[a * self.n + b] = true;
            self.never_equal[b * self.n + a] = true;
        }
    }

    /// Whether parameters `a` and `b` always differ.
    pub fn never_equal(&self, a: u32, b: u32) -> bool {
        self.never_equal[a as usize * self.n + b as usize]
    }

    /// The constants named in the schema's equalities (patterns must be able to
    /// pin parameters to them).
    pub fn eq_constants(&self) -> impl Iterator<Item = ObjId> + '_ {
        self.fixed.iter().map(|&(_, c)| c)
    }
}
