//! Step 3 of normalisation: disjunctive normal form.
//!
//! A condition in negation normal form is multiplied out into a disjunction
//! of conjunctions, each `exists` adding its variables to its conjunction.
//! Where the disjuncts would multiply beyond [`MAX_DISJUNCTS`], a disjunction
//! becomes a derived atom instead (an axiom, one rule per disjunct), and two
//! such atoms for the same disjuncts up to renaming are one ([`canonical`]).
//!
//! Example: `(and (or a b) (or c d))` becomes `(or (and a c) (and a d) (and b
//! c) (and b d))`.

use super::*;

impl<'l> Normalizer<'l> {
    /// Binds quantified `vars` to fresh variables of `env`, in order; `None`,
    /// with `env` as it was, if a variable's type has no objects (the caller
    /// knows what the quantifier means then).
    pub(super) fn bind_quantified<'a>(
        &self,
        vars: &'a [TypedName],
        env: &mut Env<'a>,
    ) -> Option<Vec<u32>> {
        let mark = env.names.len();
        let mut fresh = Vec::with_capacity(vars.len());
        for v in vars {
            let ty = self.type_id(&v.ty.text);
            if self.objects_of_type[ty as usize].is_empty() {
                env.names.truncate(mark);
                return None;
            }
            fresh.push(env.fresh(&v.name.text, ty));
        }
        Some(fresh)
    }

    /// `exists` (or a negated `forall`): fresh variables.
    pub(super) fn exists<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let mark = env.names.len();
        let Some(fresh) = self.bind_quantified(vars, env) else {
            // An existential over no objects fails.
            return Ok(F::False);
        };
        let f = self.nnf(body, positive, env, span)?;
        env.names.truncate(mark);
        Ok(match f {
            F::True | F::False => f,
            f => F::Exists(fresh, Box::new(f)),
        })
    }

    /// `forall` (or a negated `exists`): the conjunction over every binding of
    /// the variables to objects of their types.
    pub(super) fn expand<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let Some((first, rest)) = vars.split_first() else {
            return self.nnf(body, positive, env, span);
        };
        let ty = self.type_id(&first.ty.text) as usize;
        let mut parts = Vec::new();
        for i in 0..self.objects_of_type[ty].len() {
            let o = self.objects_of_type[ty][i];
            env.names.push((&first.name.text, Arg::Obj(o)));
            let f = self.expand(rest, body, positive, env, span);
            env.names.pop();
            match f? {
                F::True => {}
                F::False => return Ok(F::False),
                f => parts.push(f),
            }
        }
        Ok(and(parts))
    }

    /// Step 3: the disjuncts of an NNF formula. An `and` whose disjuncts would
    /// multiply past [`MAX_DISJUNCTS`] has its widest parts replaced by
    /// derived atoms.
    pub(super) fn dnf(&mut self, f: F, env: &mut Env<'_>) -> Result<Vec<Conj>, PddlError> {
        crate::util::deep(|| self.dnf_here(f, env))
    }

    pub(super) fn dnf_here(&mut self, f: F, env: &mut Env<'_>) -> Result<Vec<Conj>, PddlError> {
        Ok(match f {
            F::True => vec![Conj::default()],
            F::False => Vec::new(),
            F::Atom(a, positive) => vec![Conj {
                atoms: vec![(a, positive)],
                ..Conj::default()
            }],
            F::Eq(l, r, positive) => vec![Conj {
                eqs: vec![(l, r, positive)],
                ..Conj::default()
            }],
            F::Or(parts) => {
                // The same disjunct twice would make the same schema twice.
                let mut out: Vec<Conj> = Vec::new();
                let mut seen: FastSet<Conj> = FastSet::default();
                for p in parts {
                    for c in self.dnf(p, env)? {
                        if seen.insert(c.clone()) {
                            out.push(c);
                        }
                    }
                }
                out
            }
            F::Exists(vars, body) => {
                let mut out = self.dnf(*body, env)?;
                for conj in &mut out {
                    let mut v = vars.clone();
                    v.append(&mut conj.vars);
                    conj.vars = v;
                }
                out
            }
            F::And(parts) => {
                let mut each: Vec<Vec<Conj>> = Vec::with_capacity(parts.len());
                for p in parts {
                    let d = self.dnf(p, env)?;
                    if d.is_empty() {
                        return Ok(Vec::new());
                    }
                    each.push(d);
                }
                // The widest parts (the first of equal widths) become derived
                // atoms, one after the other, until the product fits: the
                // parts are sorted once, and the product of the parts left
                // is known for each prefix of that order.
                let mut order: Vec<usize> = (0..each.len()).collect();
                order.sort_by_key(|&i| (std::cmp::Reverse(each[i].len()), i));
                let mut keep_from = order.len();
                let mut rest = 1usize;
                for k in (0..order.len()).rev() {
                    rest = rest.saturating_mul(each[order[k]].len());
                    if rest > MAX_DISJUNCTS {
                        break;
                    }
                    keep_from = k;
                }
                for &widest in &order[..keep_from] {
                    let disjuncts = std::mem::take(&mut each[widest]);
                    each[widest] = vec![self.axiomatize(disjuncts, env)];
                }
                let mut out = vec![Conj::default()];
                for d in each {
                    // One disjunct (most parts are): extend every conjunction
                    // in place, rather than copy the growing ones each time.
                    if let [right] = &d[..] {
                        for c in &mut out {
                            c.atoms.extend(right.atoms.iter().cloned());
                            c.eqs.extend(right.eqs.iter().cloned());
                            c.vars.extend(right.vars.iter().copied());
                        }
                        continue;
                    }
                    let mut next = Vec::with_capacity(out.len() * d.len());
                    for left in &out {
                        for right in &d {
                            let mut c = left.clone();
                            c.atoms.extend(right.atoms.iter().cloned());
                            c.eqs.extend(right.eqs.iter().cloned());
                            c.vars.extend(right.vars.iter().copied());
                            next.push(c);
                        }
                    }
                    out = next;
                }
                out
            }
        })
    }

    /// A disjunction as a new derived atom over its free variables, with one
    /// rule per disjunct.
    pub(super) fn axiomatize(&mut self, disjuncts: Vec<Conj>, env: &Env<'_>) -> Conj {
        Conj {
            atoms: vec![(self.derived_atom("@or", &disjuncts, env), true)],
            ..Conj::default()
        }
    }
}

/// A key that is the same for two lists of disjuncts exactly when they are
/// the same up to renaming variables (free ones in order of first use, each
/// disjunct's existential ones likewise), with free variables of the same types.
pub(super) fn canonical(stem: &str, disjuncts: &[Conj], free: &[u32], env: &Env<'_>) -> String {
    use std::fmt::Write;
    let mut key = String::from(stem);
    for &v in free {
        let _ = write!(key, " t{}", env.types[v as usize]);
    }
    for conj in disjuncts {
        key.push_str(" |");
        let mut own: Vec<u32> = Vec::new();
        let mut name = |a: &Arg, key: &mut String| {
            let _ = match *a {
                Arg::Obj(o) => write!(key, " o{o}"),
                Arg::Var(v) => match free.iter().position(|&f| f == v) {
                    Some(i) => write!(key, " f{i}"),
                    None => {
                        let j = own.iter().position(|&e| e == v).unwrap_or_else(|| {
                            own.push(v);
                            own.len() - 1
                        });
                        write!(key, " e{j}:{}", env.types[v as usize])
                    }
                },
            };
        };
        for (atom, positive) in &conj.atoms {
            let _ = write!(key, " {}{}(", if *positive { "" } else { "!" }, atom.pred);
            for a in &atom.args {
                name(a, &mut key);
            }
            key.push(')');
        }
        for (l, r, positive) in &conj.eqs {
            key.push_str(if *positive { " =(" } else { " !=(" });
            name(l, &mut key);
            name(r, &mut key);
            key.push(')');
        }
    }
    key
}

/// The variables the disjuncts use that none of them introduced, in order of
/// first use.
pub(super) fn free_vars(disjuncts: &[Conj]) -> Vec<u32> {
    let mut free: Vec<u32> = Vec::new();
    for conj in disjuncts {
        let mut note = |a: &Arg| {
            if let Arg::Var(v) = *a
                && !conj.vars.contains(&v)
                && !free.contains(&v)
            {
                free.push(v);
            }
        };
        for (atom, _) in &conj.atoms {
            atom.args.iter().for_each(&mut note);
        }
        for (l, r, _) in &conj.eqs {
            note(l);
            note(r);
        }
    }
    free
}

pub(super) fn and(parts: Vec<F>) -> F {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            F::True => {}
            F::False => return F::False,
            F::And(inner) => out.extend(inner),
            p => out.push(p),
        }
    }
    match out.len() {
        0 => F::True,
        1 => out.pop().expect("invariant: one part"),
        _ => F::And(out),
    }
}

pub(super) fn or(parts: Vec<F>) -> F {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            F::False => {}
            F::True => return F::True,
            F::Or(inner) => out.extend(inner),
            p => out.push(p),
        }
    }
    match out.len() {
        0 => F::False,
        1 => out.pop().expect("invariant: one part"),
        _ => F::Or(out),
    }
}
