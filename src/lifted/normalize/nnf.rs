//! Steps 1 and 2 of normalisation: negation normal form, and the universal
//! quantifiers expanded over the objects or turned into derived atoms.
//!
//! `not` is pushed down to the literals by De Morgan's laws (`not (and a b)`
//! is `(or (not a) (not b))`, `not forall` is `exists not`) and `imply` becomes
//! `or`. A closed `forall` becomes the conjunction of its instances, with the
//! static atoms decided on the spot; one over outer variables becomes a
//! negated derived atom (see the module docs of [`super`]).
//!
//! Example: `(not (and (p ?x) (forall (?y) (q ?y))))` over objects `a`, `b`
//! becomes `(or (not (p ?x)) (not (q a)) (not (q b)))`.

use super::*;

impl<'l> Normalizer<'l> {
    /// Step 1 and 2: negation normal form, with `forall` expanded and static
    /// atoms over objects decided. `positive` is false under a negation.
    pub(super) fn nnf<'a>(
        &mut self,
        c: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        crate::util::deep(|| self.nnf_here(c, positive, env, span))
    }

    pub(super) fn nnf_here<'a>(
        &mut self,
        c: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        self.grow(1, span)?;
        Ok(match c {
            Condition::Literal(Literal::Atom { atom, positive: p }) => {
                let atom = self.latom(atom, env);
                let sign = *p == positive;
                if self.is_static[atom.pred as usize]
                    && atom.args.iter().all(|a| matches!(a, Arg::Obj(_)))
                {
                    let holds = self.static_init.contains(&ground_atom(&atom));
                    if holds == sign { F::True } else { F::False }
                } else {
                    F::Atom(atom, sign)
                }
            }
            Condition::Literal(Literal::Equality {
                left,
                right,
                positive: p,
                ..
            }) => {
                let (l, r) = (self.arg(left, env), self.arg(right, env));
                let sign = *p == positive;
                match (l, r) {
                    (Arg::Obj(a), Arg::Obj(b)) => {
                        if (a == b) == sign {
                            F::True
                        } else {
                            F::False
                        }
                    }
                    _ if l == r => {
                        if sign {
                            F::True
                        } else {
                            F::False
                        }
                    }
                    _ => F::Eq(l, r, sign),
                }
            }
            Condition::And(parts, _) | Condition::Or(parts, _) => {
                let conjunctive = matches!(c, Condition::And(..)) == positive;
                let mut out = Vec::with_capacity(parts.len());
                for p in parts {
                    out.push(self.nnf(p, positive, env, span)?);
                }
                if conjunctive { and(out) } else { or(out) }
            }
            Condition::Not(inner, _) => self.nnf(inner, !positive, env, span)?,
            Condition::Imply(a, b, _) => {
                let a = self.nnf(a, !positive, env, span)?;
                let b = self.nnf(b, positive, env, span)?;
                if positive {
                    or(vec![a, b])
                } else {
                    and(vec![a, b])
                }
            }
            Condition::Exists(vars, body, s) | Condition::Forall(vars, body, s) => {
                let universal = matches!(c, Condition::Forall(..)) == positive;
                if universal && self.mentions_free(body, vars, env) {
                    if self.recursive(body) {
                        self.universal_instances(vars, body, positive, env, *s)?
                    } else {
                        self.universal_axiom(vars, body, positive, env, *s)?
                    }
                } else if universal {
                    self.expand(vars, body, positive, env, *s)?
                } else {
                    self.exists(vars, body, positive, env, *s)?
                }
            }
        })
    }

    /// Whether `body` uses a variable from outside the quantifier over `vars`
    /// that is still a variable (not bound to an object by an outer `forall`).
    pub(super) fn mentions_free(
        &self,
        body: &Condition,
        vars: &[TypedName],
        env: &Env<'_>,
    ) -> bool {
        fn walk(c: &Condition, bound: &mut Vec<String>, env: &Env<'_>) -> bool {
            let free = |t: &Term, bound: &[String]| match t {
                Term::Variable(v) => {
                    !bound.contains(&v.text) && matches!(env.lookup(&v.text), Arg::Var(_))
                }
                Term::Constant(_) => false,
            };
            match c {
                Condition::Literal(Literal::Atom { atom, .. }) => {
                    atom.args.iter().any(|t| free(t, bound))
                }
                Condition::Literal(Literal::Equality { left, right, .. }) => {
                    free(left, bound) || free(right, bound)
                }
                Condition::And(parts, _) | Condition::Or(parts, _) => {
                    parts.iter().any(|p| walk(p, bound, env))
                }
                Condition::Not(inner, _) => walk(inner, bound, env),
                Condition::Imply(a, b, _) => walk(a, bound, env) || walk(b, bound, env),
                Condition::Exists(vars, body, _) | Condition::Forall(vars, body, _) => {
                    let mark = bound.len();
                    bound.extend(vars.iter().map(|v| v.name.text.clone()));
                    let out = walk(body, bound, env);
                    bound.truncate(mark);
                    out
                }
            }
        }
        let mut bound: Vec<String> = vars.iter().map(|v| v.name.text.clone()).collect();
        walk(body, &mut bound, env)
    }

    /// A universal condition over free variables, as Fast Downward's
    /// translator makes it: `forall x: φ` is `not exists x: not φ`, and the
    /// existential part becomes a new derived predicate over the free
    /// variables. (Expanding it over the objects would copy `φ` once per
    /// object with the free variables still open.)
    pub(super) fn universal_axiom<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let counter = self.exists(vars, body, !positive, env, span)?;
        let disjuncts = self.dnf(counter, env)?;
        Ok(F::Atom(
            self.derived_atom("@forall", &disjuncts, env),
            false,
        ))
    }

    /// Whether `body` uses a derived predicate that depends on the one whose
    /// rules are being normalised (that one included).
    pub(super) fn recursive(&self, body: &Condition) -> bool {
        let Some(c) = self.defining else {
            return false;
        };
        (crate::pddl::signed_literals(body).into_iter()).any(|(literal, _)| match literal {
            Literal::Atom { atom, .. } => {
                self.component.get(self.pred(&atom.predicate.text) as usize) == Some(&c)
            }
            Literal::Equality { .. } => false,
        })
    }

    /// A universal condition over free variables in the rule of a derived
    /// predicate `d`, whose body uses `d` or a predicate defined through `d`:
    /// `forall y: φ(x, y)` is the conjunction of the atoms `(@each x o)` for
    /// every object `o` of `y`'s type, with the rules `(@each x y) :- φ(x, y)`.
    ///
    /// PDDL allows such recursion when `d` stays positive once negations are
    /// pushed in, and means the least fixpoint of the rules. The negated
    /// derived atom of [`Normalizer::universal_axiom`] would make `d` depend
    /// on its own negation, which no layering evaluates (Fast Downward's
    /// translator stops there: "axioms are not stratifiable"). The
    /// conjunction over the objects keeps every rule positive in `d`.
    pub(super) fn universal_instances<'a>(
        &mut self,
        vars: &'a [TypedName],
        body: &'a Condition,
        positive: bool,
        env: &mut Env<'a>,
        span: ast::Span,
    ) -> Result<F, PddlError> {
        let mark = env.names.len();
        let Some(fresh) = self.bind_quantified(vars, env) else {
            // A universal over no objects holds.
            return Ok(F::True);
        };
        let f = self.nnf(body, positive, env, span);
        env.names.truncate(mark);
        let disjuncts = match f? {
            F::True => return Ok(F::True),
            F::False => return Ok(F::False),
            f => self.dnf(f, env)?,
        };
        if disjuncts.is_empty() {
            return Ok(F::False);
        }
        let each = self.derived_atom("@each", &disjuncts, env);
        // Every binding of the quantified variables that `@each` keeps to
        // objects of their types, as an odometer.
        let open: Vec<u32> = (fresh.into_iter())
            .filter(|&v| each.args.contains(&Arg::Var(v)))
            .collect();
        let table = self.objects_of_type;
        let choices: Vec<&[ObjId]> = (open.iter())
            .map(|&v| &table[env.types[v as usize] as usize][..])
            .collect();
        let mut digit = vec![0usize; open.len()];
        let mut parts: Vec<LAtom> = Vec::new();
        'bindings: loop {
            self.grow(1, span)?;
            let args = (each.args.iter())
                .map(|&a| match a {
                    Arg::Var(v) => match open.iter().position(|&o| o == v) {
                        Some(k) => Arg::Obj(choices[k][digit[k]]),
                        None => a,
                    },
                    Arg::Obj(_) => a,
                })
                .collect();
            parts.push(LAtom {
                pred: each.pred,
                args,
            });
            let mut k = 0;
            loop {
                if k == digit.len() {
                    break 'bindings;
                }
                digit[k] += 1;
                if digit[k] < choices[k].len() {
                    break;
                }
                digit[k] = 0;
                k += 1;
            }
        }
        // A rule over a thousand atoms would join all the others again for
        // each new one in the reachability fixpoint: the conjunction becomes
        // a tree of derived atoms `@all`, each over at most MAX_CONJUNCTS.
        while parts.len() > MAX_CONJUNCTS {
            let mut groups = Vec::with_capacity(parts.len().div_ceil(MAX_CONJUNCTS));
            for chunk in parts.chunks(MAX_CONJUNCTS) {
                let conj = Conj {
                    atoms: chunk.iter().map(|a| (a.clone(), true)).collect(),
                    ..Conj::default()
                };
                groups.push(self.derived_atom("@all", &[conj], env));
            }
            parts = groups;
        }
        Ok(and(parts.into_iter().map(|a| F::Atom(a, true)).collect()))
    }

    /// The atom of a new derived predicate over the free variables of
    /// `disjuncts`, with one rule per disjunct. The same disjuncts (up to the
    /// names of their variables) give the same predicate, so that two actions
    /// with the same quantified condition share its rules, as in Fast Downward.
    pub(super) fn derived_atom(&mut self, stem: &str, disjuncts: &[Conj], env: &Env<'_>) -> LAtom {
        let free = free_vars(disjuncts);
        let args: Vec<Arg> = free.iter().map(|&v| Arg::Var(v)).collect();
        let key = canonical(stem, disjuncts, &free, env);
        if let Some(&pred) = self.made.get(&key) {
            return LAtom { pred, args };
        }
        let pred = self.new_predicate(stem, free.len());
        self.made.insert(key, pred);
        let head = LAtom { pred, args };
        for conj in disjuncts {
            self.rule(u32::MAX, head.clone(), env, &free, conj);
        }
        head
    }
}
