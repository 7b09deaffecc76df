//! ADL through the real binary: small hand-written tasks, one per feature
//! (conditional and universal effects, disjunctive, existential and universal
//! preconditions, `imply`, `either` types, derived predicates over two strata
//! and recursive through `forall`, a goal that is not a conjunction), whose
//! optimal costs the problem files state and explain. Every configuration's
//! plan is checked by `planbox validate`, which simulates the lifted task
//! without the normaliser; the optimal ones must cost what the file says.
//! Engines that cannot handle the features refuse them by name with exit 34.
//!
//! Then a thousand random small ADL tasks go through the library's pipeline,
//! and the ground task is compared, state by state and by optimal plan
//! length, with the lifted semantics of `planbox::validate::Simulator`.

use crate::common::{Rng, planbox, root, scratch_path, stderr};
use planbox::pddl::ast::Source;
use planbox::search::{Limits, Monitor, Outcome, Progression};
use planbox::task::{FactId, Task};
use planbox::validate::{PlanStep, Simulator, State};
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;

const DIR: &str = "tests/data/adl";

/// `(domain, problem, optimal cost)`: the optimum is argued in each file.
const TASKS: &[(&str, &str, u64)] = &[
    ("briefcase-domain", "briefcase", 5),
    ("lamps-domain", "lamps", 5),
    ("lamps-domain", "rooms-goal", 3),
    ("doors-domain", "doors", 3),
    ("doors-domain", "doors-late", 3),
    ("toggle-domain", "toggle", 3),
    ("toggle-domain", "toggle-one", 2),
    ("recursive-forall-domain", "recursive-forall", 1),
];

fn files(domain: &str, problem: &str) -> (String, String) {
    (
        format!("{DIR}/{domain}.pddl"),
        format!("{DIR}/{problem}.pddl"),
    )
}

/// Plans with `config`, checks the plan with `planbox validate`, and returns
/// the `--json` record.
fn plan_and_validate(domain: &str, problem: &str, config: &[&str]) -> Value {
    let (d, p) = files(domain, problem);
    let plan = scratch_path(&format!("{problem}-{}.plan", config.join("-")));
    let plan_file = plan.to_str().expect("utf-8 temp path");
    let mut args = vec!["plan", &d, &p, "--json", "--plan-file", plan_file];
    args.extend_from_slice(config);
    let out = planbox(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{problem} {config:?}: {}",
        stderr(&out)
    );
    let record: Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    let check = planbox(&["validate", &d, &p, plan_file]);
    let verdict = String::from_utf8_lossy(&check.stdout);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{problem} {config:?}: {verdict}{}",
        stderr(&check)
    );
    assert!(verdict.contains("Plan valid"), "{verdict}");
    record
}

#[test]
fn optimal_searches_find_the_stated_optimum_of_every_feature() {
    let optimal: &[&[&str]] = &[
        &["--search", "astar", "--heuristic", "hmax"],
        &["--search", "astar", "--heuristic", "blind"],
        // A* without a heuristic: LM-cut cannot read these tasks, h^max can;
        // nor can the optimal alias's pattern databases.
        &["--search", "astar"],
        &["--alias", "optimal"],
    ];
    for &(domain, problem, cost) in TASKS {
        for config in optimal {
            let record = plan_and_validate(domain, problem, config);
            assert_eq!(record["cost"], cost, "{problem} {config:?}: {record}");
        }
    }
    // Breadth-first search is optimal in steps, which the unit-cost tasks count.
    for &(domain, problem, cost) in TASKS.iter().filter(|t| !t.0.starts_with("toggle")) {
        let record = plan_and_validate(domain, problem, &["--search", "bfs"]);
        assert_eq!(record["length"], cost, "{problem}: {record}");
    }
}

#[test]
fn satisficing_searches_return_valid_plans() {
    for &(domain, problem, cost) in TASKS {
        for config in [
            &["--search", "gbfs", "--heuristic", "hff"][..],
            &["--search", "gbfs", "--heuristic", "goalcount"],
            &["--search", "wastar", "--heuristic", "hadd"],
            &["--search", "iddfs"],
        ] {
            let record = plan_and_validate(domain, problem, config);
            let found = record["cost"].as_u64().expect("a cost");
            assert!(
                found >= cost,
                "{problem} {config:?}: {found} below the optimum {cost}"
            );
        }
    }
}

#[test]
fn a_conditional_effect_reads_the_state_before_the_action() {
    let (d, p) = files("toggle-domain", "toggle");
    // `toggle-all` swaps every light; read after the first `when`, the second
    // would switch l1 back on.
    let good = scratch_path("toggle-all.plan");
    std::fs::write(&good, "(toggle-all)\n").expect("write");
    let out = planbox(&["validate", &d, &p, good.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Plan valid") && text.contains("Plan cost: 3"),
        "{text}"
    );
    // Toggling twice restores the start, which misses the goal.
    let twice = scratch_path("toggle-twice.plan");
    std::fs::write(&twice, "(toggle-all)\n(toggle-all)\n").expect("write");
    let out = planbox(&["validate", &d, &p, twice.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("goal not satisfied: (not (on l1)), (on l2), (on l3)"),
        "{text}"
    );
    // Moving the briefcase where it is adds and deletes `(at dict home)`
    // under the same condition: the add wins, in the validator as in search.
    let (d, _) = files("briefcase-domain", "briefcase");
    let stay = scratch_path("stay.pddl");
    std::fs::write(
        &stay,
        "(define (problem stay) (:domain briefcase)
           (:objects home office - location dict paycheck - portable)
           (:init (is-at home) (at dict home) (at paycheck office))
           (:goal (and (in dict) (at dict home) (is-at home))))",
    )
    .expect("write");
    let plan = scratch_path("stay.plan");
    std::fs::write(&plan, "(put-in dict home)\n(move home home)\n").expect("write");
    let stay = stay.to_str().expect("utf-8");
    let out = planbox(&["validate", &d, stay, plan.to_str().expect("utf-8")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = planbox(&[
        "plan",
        &d,
        stay,
        "--search",
        "bfs",
        "--json",
        "--plan-file",
        "-",
    ]);
    let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["length"], 1, "put-in alone: {record}");
}

/// A derived predicate that uses itself under a universal quantifier means
/// its least fixpoint, as `validate` computes it: `(d a)` holds through
/// `(d b)` and `(d c)` when `(p c)` does, and not at all on a cycle without p.
#[test]
fn a_derived_predicate_recursive_through_forall_is_its_least_fixpoint() {
    let (d, p) = files("recursive-forall-domain", "recursive-forall");
    let plan = scratch_path("recursive-forall.plan");
    let plan_file = plan.to_str().expect("utf-8 temp path");
    let out = planbox(&["plan", &d, &p, "--plan-file", plan_file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&plan).expect("plan file");
    let steps: Vec<&str> = text.lines().filter(|l| !l.starts_with(';')).collect();
    assert_eq!(steps, ["(win)"], "{text}");
    let check = planbox(&["validate", &d, &p, plan_file]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));

    let (d, p) = files("recursive-forall-domain", "recursive-forall-cycle");
    let out = planbox(&["plan", &d, &p, "--plan-file", plan_file]);
    assert_eq!(out.status.code(), Some(11), "{}", stderr(&out));
    std::fs::write(&plan, "(win)\n").expect("plan file");
    let check = planbox(&["validate", &d, &p, plan_file]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));

    // A chain a -> n0 -> ... -> n99 with (p n99): over a hundred objects the
    // conjunction is split into derived atoms of 32, and d still reaches a;
    // with the last edge bent back onto the chain, d holds nowhere.
    for (last, code) in [("(p n99)", 0), ("(e n99 n50)", 11)] {
        let objects: String = (0..100).map(|i| format!(" n{i}")).collect();
        let edges: String = (0..99).map(|i| format!(" (e n{i} n{})", i + 1)).collect();
        let problem = scratch_path(&format!("recursive-forall-chain-{code}.pddl"));
        std::fs::write(
            &problem,
            format!(
                "(define (problem chain) (:domain rec) (:objects{objects})\n\
                 (:init (e a n0){edges} {last}) (:goal (g)))\n"
            ),
        )
        .expect("problem file");
        let p = problem.to_str().expect("utf-8 temp path");
        let out = planbox(&["plan", &d, p, "--plan-file", plan_file]);
        assert_eq!(out.status.code(), Some(code), "{last}: {}", stderr(&out));
        std::fs::write(&plan, "(win)\n").expect("plan file");
        let check = planbox(&["validate", &d, p, plan_file]);
        assert_eq!(check.status.code(), Some(code.min(1)), "{last}");
    }
}

#[test]
fn validate_names_the_false_quantified_precondition() {
    let (d, p) = files("lamps-domain", "lamps");
    let plan = scratch_path("leave-at-once.plan");
    std::fs::write(&plan, "(leave)\n").expect("write");
    let out = planbox(&["validate", &d, &p, plan.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    // Both conjuncts are false: l2 and l3 are dark, and l3 is held.
    assert!(
        text.contains(
            "precondition not satisfied: (forall (?l - lamp) (imply (not (mains ?l)) (lit ?l))), \
             (not (exists (?x - lamp) (holding ?x)))"
        ),
        "{text}"
    );
    // A derived precondition: `raise-alarm b` while b is connected to c.
    let (d, p) = files("doors-domain", "doors");
    let plan = scratch_path("alarm-b.plan");
    std::fs::write(&plan, "(raise-alarm b)\n").expect("write");
    let out = planbox(&["validate", &d, &p, plan.to_str().expect("utf-8")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("precondition not satisfied: (cut-off b)"),
        "{text}"
    );
}

#[test]
fn engines_and_heuristics_without_adl_support_refuse_it_by_name() {
    let (d, p) = files("briefcase-domain", "briefcase");
    for (args, words) in [
        (
            &["--engine", "regression"][..],
            "the regression engine does not support conditional effects",
        ),
        (
            &["--engine", "bidirectional"],
            "the bidirectional engine does not support conditional effects",
        ),
        (
            &["--engine", "sat"],
            "the sat engine does not support conditional effects",
        ),
        (
            &["--search", "astar", "--heuristic", "lmcut"],
            "heuristic `lmcut` does not support conditional effects",
        ),
    ] {
        let mut all = vec!["plan", &d, &p];
        all.extend_from_slice(args);
        let out = planbox(&all);
        assert_eq!(out.status.code(), Some(34), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
    let (d, p) = files("doors-domain", "doors");
    let out = planbox(&["plan", &d, &p, "--engine", "regression"]);
    assert_eq!(out.status.code(), Some(34));
    assert!(
        stderr(&out).contains("derived predicates (axioms)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn compare_runs_progression_and_marks_the_engines_that_cannot_run() {
    let (d, p) = files("briefcase-domain", "briefcase");
    let out = planbox(&["compare", &d, &p, "--search", "bfs", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let all: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(all["progression"]["length"], 5, "{all}");
    for engine in ["regression", "bidirectional", "sat"] {
        assert_eq!(all[engine]["outcome"], "skipped", "{engine}: {all}");
    }
}

#[test]
fn ground_dump_shows_conditional_effects_and_derived_facts() {
    let (d, p) = files("briefcase-domain", "briefcase");
    let out = planbox(&["ground", &d, &p, "--dump"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(when (and (in dict)) (and (at dict office) (not (at dict home))))"),
        "{text}"
    );
}

/// The bundled first problem of every IPC ADL domain (`problems/ipc-adl/`):
/// GBFS with h_FF finds a plan that `planbox validate` accepts.
#[test]
fn the_first_problem_of_every_ipc_adl_domain_is_solved_and_validated() {
    let base = root().join("problems/ipc-adl");
    let mut domains: Vec<PathBuf> = std::fs::read_dir(&base)
        .expect("problems/ipc-adl")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    domains.sort();
    assert_eq!(domains.len(), 19, "{domains:?}");
    for dir in domains {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("domain folder")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        let (domain, problem): (Vec<PathBuf>, Vec<PathBuf>) = files.into_iter().partition(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("domain"))
        });
        let (d, p) = (
            domain[0].to_str().expect("utf-8"),
            problem[0].to_str().expect("utf-8"),
        );
        let plan = scratch_path(&format!(
            "{}.plan",
            dir.file_name().expect("name").to_string_lossy()
        ));
        let plan = plan.to_str().expect("utf-8");
        let out = planbox(&[
            "plan",
            d,
            p,
            "--search",
            "gbfs",
            "--heuristic",
            "hff",
            "--time-limit",
            "60",
            "--plan-file",
            plan,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            dir.display(),
            stderr(&out)
        );
        let check = planbox(&["validate", d, p, plan]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}: {}",
            dir.display(),
            String::from_utf8_lossy(&check.stdout)
        );
    }
}

// ---------------------------------------------------------------------------
// Random ADL tasks: the ground task against the lifted semantics.
//
// The grounder rewrites ADL (negation normal form, `imply`, quantifiers,
// `when`, derived predicates) before it instantiates anything; the lifted
// simulator of `planbox::validate` reads the same PDDL without rewriting it.
// On small random domains the two must agree on every state the lifted
// semantics reaches: the same applicable steps, the same successors, the same
// goal states, the same derived atoms, the same optimal plan length. The
// grounder's relevance analysis drops operators and facts that cannot matter
// for the goal, so states are compared on the facts the ground task needs (its
// goal, its operators' conditions, and the axiom bodies behind those), and a
// lifted step without an applicable ground operator must leave every needed
// fact as it was, or change it only in the direction nothing needs.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// No action changes it.
    Static,
    Fluent,
    /// Defined by a `:derived` rule of this stratum.
    Derived(usize),
}

struct Pred {
    name: String,
    /// Type index of each parameter.
    params: Vec<usize>,
    kind: Kind,
}

/// Where a formula is written, which decides the predicates it may use.
#[derive(Clone, Copy)]
struct Ctx {
    /// In the body of the derived predicate of this stratum.
    stratum: Option<usize>,
    /// Even number of negations above (an `imply`'s antecedent counts one).
    positive: bool,
}

/// A random small ADL domain and problem, written as PDDL.
struct RandomTask {
    rng: Rng,
    /// A second stream, for the rules recursive through a universal.
    side: Rng,
    typed: bool,
    /// Type names and parents; type 0 is `object`.
    types: Vec<(String, usize)>,
    constants: Vec<(String, usize)>,
    objects: Vec<(String, usize)>,
    preds: Vec<Pred>,
    /// Counter for quantified variable names, unique in the task.
    fresh: usize,
    /// The predicates some effect adds, and those some effect deletes.
    added: HashSet<String>,
    deleted: HashSet<String>,
}

/// A variable or object usable as an argument, with its type.
type Scope = Vec<(String, usize)>;

impl RandomTask {
    fn new(seed: u64) -> Self {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        for _ in 0..4 {
            rng.next();
        }
        let typed = rng.chance(60);
        let mut types = vec![("object".to_string(), 0)];
        if typed {
            types.push(("t1".to_string(), 0));
            types.push(("t2".to_string(), rng.below(2)));
        }
        let mut t = RandomTask {
            rng,
            side: Rng(seed.wrapping_mul(0xd1b5_4a32_d192_ed03) | 1),
            typed,
            types,
            constants: Vec::new(),
            objects: Vec::new(),
            preds: Vec::new(),
            fresh: 0,
            added: HashSet::new(),
            deleted: HashSet::new(),
        };
        if t.rng.chance(25) {
            let ty = t.object_type();
            t.constants.push(("c0".into(), ty));
        }
        for i in 0..t.rng.range(2, 4) - t.constants.len().min(1) {
            let ty = t.object_type();
            t.objects.push((format!("o{i}"), ty));
        }
        // p0 is 0-ary and fluent, so that every effect and formula has an atom
        // to use; the others are random.
        let base = t.rng.range(3, 5);
        for i in 0..base {
            let arity = match (i, t.rng.below(20)) {
                (0, _) => 0,
                (_, 0..=2) => 0,
                (_, 3..=12) => 1,
                _ => 2,
            };
            let params = (0..arity).map(|_| t.any_type()).collect();
            let kind = if i > 0 && t.rng.chance(20) {
                Kind::Static
            } else {
                Kind::Fluent
            };
            t.preds.push(Pred {
                name: format!("p{i}"),
                params,
                kind,
            });
        }
        for i in 0..t.rng.range(0, 2) {
            let arity = t.rng.range(0, 2);
            let params = (0..arity).map(|_| t.any_type()).collect();
            t.preds.push(Pred {
                name: format!("d{i}"),
                params,
                kind: Kind::Derived(i),
            });
        }
        t
    }

    /// A type for a variable: `object` now and then, else a declared one.
    fn any_type(&mut self) -> usize {
        if self.types.len() == 1 || self.rng.chance(20) {
            0
        } else {
            1 + self.rng.below(self.types.len() - 1)
        }
    }

    /// A type for an object: a declared one, when there are.
    fn object_type(&mut self) -> usize {
        if self.types.len() == 1 {
            0
        } else {
            1 + self.rng.below(self.types.len() - 1)
        }
    }

    fn type_name(&self, ty: usize) -> &str {
        &self.types[ty].0
    }

    fn is_subtype(&self, mut ty: usize, ancestor: usize) -> bool {
        loop {
            if ty == ancestor {
                return true;
            }
            if ty == 0 {
                return false;
            }
            ty = self.types[ty].1;
        }
    }

    /// `?x - t` or, untyped, `?x`.
    fn typed_var(&self, name: &str, ty: usize) -> String {
        if self.typed {
            format!("{name} - {}", self.type_name(ty))
        } else {
            name.to_string()
        }
    }

    /// A term of a type that fits `ty`: mostly a variable of `scope`, now and
    /// then a constant; `None` if there is none.
    fn term(&mut self, scope: &Scope, ty: usize) -> Option<String> {
        let vars: Vec<&String> = (scope.iter())
            .filter(|(_, t)| self.is_subtype(*t, ty))
            .map(|(n, _)| n)
            .collect();
        let consts: Vec<&String> = (self.constants.iter())
            .filter(|(_, t)| self.is_subtype(*t, ty))
            .map(|(n, _)| n)
            .collect();
        let use_const = vars.is_empty() || (!consts.is_empty() && self.rng.chance(15));
        let pool = if use_const { consts } else { vars };
        if pool.is_empty() {
            return None;
        }
        Some(pool[self.rng.below(pool.len())].clone())
    }

    /// An atom of a predicate accepted by `allowed` whose arguments `scope`
    /// (or the constants) can fill, predicates with arguments three times as
    /// likely as 0-ary ones; `None` if there is none.
    fn atom(&mut self, scope: &Scope, allowed: &dyn Fn(&Pred) -> bool) -> Option<String> {
        let fits =
            |ty: usize| (scope.iter().chain(&self.constants)).any(|(_, t)| self.is_subtype(*t, ty));
        let mut candidates: Vec<usize> = Vec::new();
        for (i, p) in self.preds.iter().enumerate() {
            if allowed(p) && p.params.iter().all(|&ty| fits(ty)) {
                let weight = if p.params.is_empty() { 1 } else { 3 };
                candidates.extend(std::iter::repeat_n(i, weight));
            }
        }
        if candidates.is_empty() {
            return None;
        }
        let p = candidates[self.rng.below(candidates.len())];
        let mut text = format!("({}", self.preds[p].name);
        for k in 0..self.preds[p].params.len() {
            let ty = self.preds[p].params[k];
            let term = self.term(scope, ty).expect("a term that fits");
            text.push(' ');
            text.push_str(&term);
        }
        Some(text + ")")
    }

    /// Whether a condition in `ctx` may use predicate `p`: derived ones in a
    /// rule body only from lower strata, or its own stratum where it is used
    /// positively (also under a universal quantifier, which the grounder
    /// must not turn into a negated derived atom there).
    fn may_use(ctx: Ctx, p: &Pred) -> bool {
        match (p.kind, ctx.stratum) {
            (Kind::Derived(j), Some(i)) => j < i || (j == i && ctx.positive),
            _ => true,
        }
    }

    fn literal(&mut self, scope: &Scope, ctx: Ctx) -> String {
        if scope.len() >= 2 && self.rng.chance(12) {
            let a = scope[self.rng.below(scope.len())].0.clone();
            let b = scope[self.rng.below(scope.len())].0.clone();
            return if self.rng.chance(50) {
                format!("(= {a} {b})")
            } else {
                format!("(not (= {a} {b}))")
            };
        }
        let negate = self.rng.chance(35);
        let inner = Ctx {
            positive: ctx.positive != negate,
            ..ctx
        };
        let atom = self
            .atom(scope, &|p| Self::may_use(inner, p))
            .unwrap_or_else(|| "(p0)".to_string());
        if negate {
            format!("(not {atom})")
        } else {
            atom
        }
    }

    /// A condition of up to `depth` levels of `and`, `or`, `not`, `imply`,
    /// `exists` and `forall` over the variables of `scope`.
    fn formula(&mut self, scope: &mut Scope, depth: usize, ctx: Ctx) -> String {
        if depth == 0 || self.rng.chance(25) {
            return self.literal(scope, ctx);
        }
        match self.rng.below(7) {
            0 | 1 => {
                let word = if self.rng.chance(50) { "and" } else { "or" };
                let mut text = format!("({word}");
                for _ in 0..self.rng.range(2, 3) {
                    text.push(' ');
                    text.push_str(&self.formula(scope, depth - 1, ctx));
                }
                text + ")"
            }
            2 => {
                let flipped = Ctx {
                    positive: !ctx.positive,
                    ..ctx
                };
                format!("(not {})", self.formula(scope, depth - 1, flipped))
            }
            3 => {
                let flipped = Ctx {
                    positive: !ctx.positive,
                    ..ctx
                };
                let a = self.formula(scope, depth - 1, flipped);
                let b = self.formula(scope, depth - 1, ctx);
                format!("(imply {a} {b})")
            }
            _ => {
                let forall = self.rng.chance(50);
                let ty = self.any_type();
                let var = format!("?v{}", self.fresh);
                self.fresh += 1;
                scope.push((var.clone(), ty));
                let body = self.formula(scope, depth - 1, ctx);
                scope.pop();
                let q = if forall { "forall" } else { "exists" };
                format!("({q} ({}) {body})", self.typed_var(&var, ty))
            }
        }
    }

    /// The body of derived predicate `i` as `(or B (forall (?v) (imply A
    /// (d ?v ...))))`: `d` holds at `x` when `B` does, or when it holds at
    /// every `?v` that `A` relates to `x`. A least fixpoint that needs several
    /// rounds (like reachability) through a universal quantifier.
    fn recursive_universal(&mut self, i: usize, scope: &mut Scope, ctx: Ctx) -> String {
        let base = self.formula(scope, 1, ctx);
        let ty = self.preds[i].params[0];
        let var = format!("?v{}", self.fresh);
        self.fresh += 1;
        scope.push((var.clone(), ty));
        let negative = Ctx {
            positive: false,
            ..ctx
        };
        let antecedent = self.literal(scope, negative);
        scope.pop();
        let mut recursive = format!("({} {var}", self.preds[i].name);
        for k in 1..self.preds[i].params.len() {
            recursive.push_str(&format!(" ?a{k}"));
        }
        recursive.push(')');
        format!(
            "(or {base} (forall ({}) (imply {antecedent} {recursive})))",
            self.typed_var(&var, ty)
        )
    }

    /// One to three add or delete literals of fluent predicates.
    fn effect_literals(&mut self, scope: &Scope) -> String {
        let mut parts = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let atom = self
                .atom(scope, &|p| p.kind == Kind::Fluent)
                .unwrap_or_else(|| "(p0)".to_string());
            let name = atom[1..].split([' ', ')']).next().unwrap_or("").to_string();
            if self.rng.chance(40) {
                parts.push(format!("(not {atom})"));
                self.deleted.insert(name);
            } else {
                parts.push(atom);
                self.added.insert(name);
            }
        }
        parts.join(" ")
    }

    /// Plain literals, `when` effects and `forall` effects (with or without
    /// a `when` inside).
    fn effect(&mut self, scope: &mut Scope) -> String {
        let plain = Ctx {
            stratum: None,
            positive: true,
        };
        let mut parts = vec![self.effect_literals(scope)];
        for _ in 0..self.rng.range(0, 2) {
            let depth = self.rng.range(1, 3);
            let c = self.formula(scope, depth, plain);
            let e = self.effect_literals(scope);
            parts.push(format!("(when {c} (and {e}))"));
        }
        if self.rng.chance(45) {
            let ty = self.any_type();
            let var = format!("?v{}", self.fresh);
            self.fresh += 1;
            scope.push((var.clone(), ty));
            let body = if self.rng.chance(60) {
                let depth = self.rng.range(1, 2);
                let c = self.formula(scope, depth, plain);
                let e = self.effect_literals(scope);
                format!("(when {c} (and {e}))")
            } else {
                format!("(and {})", self.effect_literals(scope))
            };
            scope.pop();
            parts.push(format!("(forall ({}) {body})", self.typed_var(&var, ty)));
        }
        format!("(and {})", parts.join(" "))
    }

    fn domain(&mut self) -> String {
        let mut text =
            String::from("(define (domain rnd)\n  (:requirements :adl :derived-predicates");
        if self.typed {
            text.push_str(" :typing)\n  (:types");
            for (name, parent) in &self.types[1..] {
                text.push_str(&format!(" {name} - {}", self.types[*parent].0));
            }
        }
        text.push_str(")\n");
        if !self.constants.is_empty() {
            let cs: Vec<String> = (self.constants.iter())
                .map(|(n, t)| self.typed_var(n, *t))
                .collect();
            text.push_str(&format!("  (:constants {})\n", cs.join(" ")));
        }
        text.push_str("  (:predicates");
        for p in &self.preds {
            text.push_str(&format!(" ({}", p.name));
            for (k, &ty) in p.params.iter().enumerate() {
                text.push_str(&format!(" {}", self.typed_var(&format!("?a{k}"), ty)));
            }
            text.push(')');
        }
        text.push_str(")\n");
        for i in 0..self.preds.len() {
            let Kind::Derived(stratum) = self.preds[i].kind else {
                continue;
            };
            let mut scope: Scope = (self.preds[i].params.iter().enumerate())
                .map(|(k, &ty)| (format!("?a{k}"), ty))
                .collect();
            let head: Vec<String> = (scope.iter()).map(|(n, t)| self.typed_var(n, *t)).collect();
            let ctx = Ctx {
                stratum: Some(stratum),
                positive: true,
            };
            let depth = self.rng.range(1, 3);
            let mut body = self.formula(&mut scope, depth, ctx);
            if !self.preds[i].params.is_empty() && self.side.chance(35) {
                // Drawn from the second stream: the main one goes on as if
                // the rule were the random one, so the rest of the task does
                // not change.
                std::mem::swap(&mut self.rng, &mut self.side);
                body = self.recursive_universal(i, &mut scope, ctx);
                std::mem::swap(&mut self.rng, &mut self.side);
            }
            text.push_str(&format!(
                "  (:derived ({} {}) {body})\n",
                self.preds[i].name,
                head.join(" ")
            ));
        }
        for a in 0..if self.rng.chance(15) {
            1
        } else {
            self.rng.range(2, 3)
        } {
            let mut scope: Scope = Vec::new();
            let arity = if self.rng.chance(10) {
                0
            } else {
                self.rng.range(1, 2)
            };
            for name in ["?x", "?y"].iter().take(arity) {
                let ty = self.any_type();
                scope.push((name.to_string(), ty));
            }
            let params: Vec<String> = (scope.iter()).map(|(n, t)| self.typed_var(n, *t)).collect();
            let ctx = Ctx {
                stratum: None,
                positive: true,
            };
            // Mostly a literal and something more complex, so that the
            // actions are often applicable and differ by their parameters.
            let pre = if self.rng.chance(25) {
                self.literal(&scope, ctx)
            } else if self.rng.chance(65) {
                let depth = self.rng.range(1, 3);
                let first = self.literal(&scope, ctx);
                format!("(and {first} {})", self.formula(&mut scope, depth, ctx))
            } else {
                let depth = self.rng.range(1, 3);
                self.formula(&mut scope, depth, ctx)
            };
            let eff = self.effect(&mut scope);
            text.push_str(&format!(
                "  (:action a{a} :parameters ({})\n    :precondition {pre}\n    :effect {eff})\n",
                params.join(" ")
            ));
        }
        text + ")\n"
    }

    /// Random initial atoms of the basic predicates.
    fn init(&mut self) -> Vec<String> {
        let mut init = Vec::new();
        let everything: Scope = self
            .objects
            .iter()
            .chain(&self.constants)
            .cloned()
            .collect();
        for p in self
            .preds
            .iter()
            .filter(|p| !matches!(p.kind, Kind::Derived(_)))
        {
            let mut tuples: Vec<Vec<&str>> = vec![Vec::new()];
            for &ty in &p.params {
                let fits: Vec<&str> = (everything.iter())
                    .filter(|(_, t)| self.is_subtype(*t, ty))
                    .map(|(n, _)| n.as_str())
                    .collect();
                tuples = (tuples.iter())
                    .flat_map(|t| {
                        fits.iter().map(move |o| {
                            let mut t = t.clone();
                            t.push(o);
                            t
                        })
                    })
                    .collect();
            }
            for t in tuples {
                if self.rng.chance(50) {
                    let args: String = t.iter().map(|o| format!(" {o}")).collect();
                    init.push(format!("({}{args})", p.name));
                }
            }
        }
        init
    }

    /// A goal: mostly literals that tell `target`, a state the lifted
    /// semantics reaches, from the initial state `start`, at times with a
    /// random closed condition; otherwise literals of atoms the initial state
    /// falsifies, or just a random condition.
    fn goal(&mut self, start: &State, target: Option<&State>) -> String {
        let ctx = Ctx {
            stratum: None,
            positive: true,
        };
        let mut scope: Scope = self
            .objects
            .iter()
            .chain(&self.constants)
            .cloned()
            .collect();
        let mut parts = Vec::new();
        let changed: Vec<String> = match target {
            Some(target) if self.rng.chance(75) => {
                let shown = |a: &planbox::task::Atom| a.to_string();
                let made = target.atoms().filter(|a| !start.contains(a)).map(shown);
                let unmade = (start.atoms())
                    .filter(|a| !target.contains(a))
                    .map(|a| format!("(not {a})"));
                made.chain(unmade).collect()
            }
            _ => Vec::new(),
        };
        if !changed.is_empty() {
            for _ in 0..self.rng.range(1, 3) {
                parts.push(changed[self.rng.below(changed.len())].clone());
            }
        } else if self.rng.chance(60) {
            for _ in 0..self.rng.range(1, 3) {
                if let Some(atom) = self.atom(&scope, &|p| p.kind != Kind::Static) {
                    let held = start.atoms().any(|a| a.to_string() == atom);
                    parts.push(if held { format!("(not {atom})") } else { atom });
                }
            }
        }
        if parts.is_empty() || self.rng.chance(30) {
            let depth = self.rng.range(1, 3);
            parts.push(self.formula(&mut scope, depth, ctx));
        }
        format!("(and {})", parts.join(" "))
    }

    fn problem(&self, init: &[String], goal: &str) -> String {
        let objects: Vec<String> = (self.objects.iter())
            .map(|(n, t)| self.typed_var(n, *t))
            .collect();
        format!(
            "(define (problem rnd-p) (:domain rnd)\n  (:objects {})\n  (:init {})\n  (:goal {goal}))\n",
            objects.join(" "),
            init.join(" ")
        )
    }
}

/// The lifted initial state and the last state a breadth-first search of
/// at most `cap` states meets (one of the farthest), if it is not the first.
fn far_state(sim: &Simulator, cap: usize) -> (State, Option<State>) {
    let start = sim.initial();
    let mut seen: HashSet<State> = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start.clone()]);
    let mut last = None;
    while let Some(s) = queue.pop_front() {
        for step in sim.applicable(&s) {
            let next = sim.apply(&s, &step).expect("applicable");
            if seen.len() < cap && seen.insert(next.clone()) {
                last = Some(next.clone());
                queue.push_back(next);
            }
        }
    }
    (start, last)
}

fn parse_task(
    domain: &str,
    problem: &str,
) -> (planbox::pddl::ast::Domain, planbox::pddl::ast::Problem) {
    let source = |text: &str, path: &str| Source {
        path: path.into(),
        text: text.into(),
    };
    let d = planbox::pddl::parse_domain(source(domain, "random-domain.pddl"))
        .unwrap_or_else(|e| panic!("{e}\n{domain}"));
    planbox::pddl::check_domain(&d).unwrap_or_else(|e| panic!("{e}\n{domain}"));
    let p = planbox::pddl::parse_problem(source(problem, "random-problem.pddl"))
        .unwrap_or_else(|e| panic!("{e}\n{problem}"));
    planbox::pddl::check_problem(&d, &p).unwrap_or_else(|e| panic!("{e}\n{problem}"));
    (d, p)
}

/// The ground task seen from the lifted one: which facts it needs, and how a
/// lifted state looks in it.
struct GroundView<'t> {
    task: &'t Task,
    /// Facts the goal or a kept operator's condition needs true, or false
    /// (conditions of conditional effects and bodies of needed axioms count
    /// both ways).
    need_true: Vec<bool>,
    need_false: Vec<bool>,
    /// Kept operators by plan step name, `a0 o1 o2`.
    by_name: HashMap<String, Vec<usize>>,
    /// Predicates some action changes or some rule derives.
    changing: HashSet<String>,
    words: usize,
}

impl<'t> GroundView<'t> {
    fn new(task: &'t Task, domain: &planbox::pddl::ast::Domain) -> Self {
        let n = task.facts.len();
        let mut need_true = vec![false; n];
        let mut need_false = vec![false; n];
        let mark = |need: &mut Vec<bool>, facts: &[FactId]| {
            for f in facts {
                need[f.index()] = true;
            }
        };
        mark(&mut need_true, &task.goal);
        mark(&mut need_false, &task.neg_goal);
        for op in &task.operators {
            mark(&mut need_true, &op.pre);
            mark(&mut need_false, &op.neg_pre);
            for e in op.conditional.iter() {
                for list in [&e.cond, &e.neg_cond] {
                    mark(&mut need_true, list);
                    mark(&mut need_false, list);
                }
            }
        }
        loop {
            let mut changed = false;
            for a in &task.axioms {
                let h = a.head.index();
                if need_true[h] || need_false[h] {
                    for list in [&a.pre, &a.neg_pre] {
                        for f in list.iter() {
                            changed |= !need_true[f.index()] || !need_false[f.index()];
                            need_true[f.index()] = true;
                            need_false[f.index()] = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, op) in task.operators.iter().enumerate() {
            by_name.entry(op.name.clone()).or_default().push(i);
        }
        let mut changing: HashSet<String> = HashSet::new();
        for action in &domain.actions {
            let e = &action.effect;
            let conditional = e
                .conditional
                .iter()
                .flat_map(|c| c.add.iter().chain(&c.del));
            for atom in e.add.iter().chain(&e.del).chain(conditional) {
                changing.insert(atom.predicate.text.clone());
            }
        }
        changing.extend(domain.derived.iter().map(|d| d.predicate.text.clone()));
        GroundView {
            task,
            need_true,
            need_false,
            by_name,
            changing,
            words: planbox::util::bits::words_for(n),
        }
    }

    fn needed(&self, f: FactId) -> bool {
        self.need_true[f.index()] || self.need_false[f.index()]
    }

    /// The ground state of a lifted one: its needed basic facts, then the
    /// axioms. Checks on the way that every atom the lifted state has and the
    /// ground task lacks is static, and that the needed derived facts of the
    /// domain agree.
    fn state(&self, s: &State, context: &dyn Fn() -> String) -> Vec<u64> {
        let mut g = vec![0u64; self.words];
        for atom in s.atoms() {
            match self.task.fact_id(atom) {
                Some(f) if self.needed(f) && !self.task.is_derived(f) => {
                    planbox::util::bits::insert(&mut g, f)
                }
                Some(_) => {}
                None => assert!(
                    !self.changing.contains(&atom.predicate),
                    "{atom} holds in a reachable state but is no fact of the ground task\n{}",
                    context()
                ),
            }
        }
        self.task.evaluate_axioms(&mut g);
        for &f in self.task.derived.iter() {
            let atom = self.task.fact(f);
            if self.needed(f) && !atom.predicate.starts_with('@') {
                assert_eq!(
                    planbox::util::bits::contains(&g, f),
                    s.contains(atom),
                    "derived {atom}: ground and lifted disagree\n{}",
                    context()
                );
            }
        }
        g
    }

    /// `g` with only the needed facts.
    fn needed_part(&self, g: &[u64]) -> Vec<FactId> {
        planbox::util::bits::iter(g)
            .filter(|&f| self.needed(f))
            .collect()
    }

    fn applicable(&self, op: usize, g: &[u64]) -> bool {
        let op = &self.task.operators[op];
        op.pre.iter().all(|&f| planbox::util::bits::contains(g, f))
            && !op
                .neg_pre
                .iter()
                .any(|&f| planbox::util::bits::contains(g, f))
    }

    fn is_goal(&self, g: &[u64]) -> bool {
        self.task
            .goal
            .iter()
            .all(|&f| planbox::util::bits::contains(g, f))
            && !self
                .task
                .neg_goal
                .iter()
                .any(|&f| planbox::util::bits::contains(g, f))
    }

    fn apply(&self, op: usize, g: &[u64]) -> Vec<u64> {
        let mut next = g.to_vec();
        self.task.apply(&self.task.operators[op], g, &mut next);
        next
    }

    fn show(&self, facts: &[FactId]) -> String {
        let names: Vec<String> = facts
            .iter()
            .map(|&f| self.task.fact(f).to_string())
            .collect();
        names.join(" ")
    }
}

fn step_name(step: &PlanStep) -> String {
    let mut name = step.action.clone();
    for a in &step.args {
        name.push(' ');
        name.push_str(a);
    }
    name
}

fn step_of(name: &str) -> PlanStep {
    let mut words = name.split(' ').map(String::from);
    PlanStep {
        action: words.next().expect("an action name"),
        args: words.collect(),
        line: 0,
    }
}

/// What the comparison of one task found.
#[derive(Default)]
struct Compared {
    states: usize,
    /// Lifted steps checked against an applicable ground operator.
    matched_steps: usize,
    /// Lifted steps the grounder dropped (irrelevant to the goal).
    dropped_steps: usize,
    /// `Some(length)` of an optimal plan, `Some(None)` when the whole
    /// reachable space has no goal state, `None` when the cap stopped the search.
    optimum: Option<Option<usize>>,
}

/// The most lifted states one task's breadth-first search expands.
const STATE_CAP: usize = 250;

/// Breadth-first search on the lifted task, comparing each expanded state
/// with the ground task.
fn compare(sim: &Simulator, view: &GroundView, text: &str) -> Compared {
    let mut out = Compared::default();
    let init = sim.initial();
    let mut depth_of: HashMap<State, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    depth_of.insert(init.clone(), 0);
    queue.push_back(init.clone());
    // The ground task's own initial state agrees with the lifted one.
    let mut start = vec![0u64; view.words];
    for &f in view.task.init.iter() {
        planbox::util::bits::insert(&mut start, f);
    }
    view.task.evaluate_axioms(&mut start);
    let ctx0 = || format!("initial state\n{text}");
    assert_eq!(
        view.show(&view.needed_part(&start)),
        view.show(&view.needed_part(&view.state(&init, &ctx0))),
        "initial state: ground and lifted disagree\n{text}"
    );
    let mut goal_depth = None;
    while let Some(s) = queue.pop_front() {
        if out.states == STATE_CAP {
            out.optimum = goal_depth.map(Some);
            return out;
        }
        out.states += 1;
        let depth = depth_of[&s];
        let shown = || {
            let atoms: Vec<String> = s.atoms().map(|a| a.to_string()).collect();
            format!("in state {{{}}}\n{text}", atoms.join(" "))
        };
        let g = view.state(&s, &shown);
        let is_goal = sim.is_goal(&s);
        assert_eq!(view.is_goal(&g), is_goal, "goal test disagrees {}", shown());
        if is_goal && goal_depth.is_none() {
            goal_depth = Some(depth);
        }
        let steps = sim.applicable(&s);
        let names: HashSet<String> = steps.iter().map(step_name).collect();
        for (name, ops) in &view.by_name {
            for &op in ops {
                if view.applicable(op, &g) {
                    assert!(
                        names.contains(name),
                        "ground operator ({name}) is applicable, the lifted step is not {}",
                        shown()
                    );
                }
            }
        }
        for step in &steps {
            let name = step_name(step);
            let next = sim
                .apply(&s, step)
                .unwrap_or_else(|f| panic!("({name}) listed as applicable: {f}"));
            let next_g = view.state(&next, &|| format!("after ({name}) {}", shown()));
            let ground_ops: Vec<usize> = (view.by_name.get(&name).into_iter().flatten())
                .copied()
                .filter(|&op| view.applicable(op, &g))
                .collect();
            if ground_ops.is_empty() {
                // Dropped as irrelevant: it may not make a needed fact true,
                // or a fact needed false false.
                for f in planbox::util::bits::iter::<planbox::task::FactId>(&next_g) {
                    assert!(
                        !view.need_true[f.index()]
                            || planbox::util::bits::contains(&g, f)
                            || view.task.is_derived(f),
                        "({name}) has no ground operator but makes needed {} true {}",
                        view.task.fact(f),
                        shown()
                    );
                }
                for f in planbox::util::bits::iter::<planbox::task::FactId>(&g) {
                    assert!(
                        !view.need_false[f.index()]
                            || planbox::util::bits::contains(&next_g, f)
                            || view.task.is_derived(f),
                        "({name}) has no ground operator but makes needed {} false {}",
                        view.task.fact(f),
                        shown()
                    );
                }
                out.dropped_steps += 1;
            } else {
                let want = view.needed_part(&next_g);
                for op in ground_ops {
                    let got = view.needed_part(&view.apply(op, &g));
                    assert_eq!(
                        view.show(&got),
                        view.show(&want),
                        "({name}): ground successor (left) and lifted one (right) differ {}",
                        shown()
                    );
                }
                out.matched_steps += 1;
            }
            if !depth_of.contains_key(&next) {
                if goal_depth.is_none() && sim.is_goal(&next) {
                    goal_depth = Some(depth + 1);
                }
                depth_of.insert(next.clone(), depth + 1);
                queue.push_back(next);
            }
        }
    }
    out.optimum = Some(goal_depth);
    out
}

/// Several hundred random ADL tasks: on every lifted state reached (up to a
/// cap), the ground task applies the same steps with the same results, and
/// the optimal plan length by breadth-first search agrees; every ground plan
/// is valid on the lifted task.
#[test]
fn random_adl_tasks_ground_to_their_lifted_semantics() {
    const TASKS: u64 = 1000;
    let mut states = 0;
    let (mut matched, mut dropped) = (0, 0);
    let (mut solvable, mut unsolvable, mut capped) = (0, 0, 0);
    let mut nontrivial = 0;
    // Tasks with a derived predicate used under a universal quantifier in its
    // own rule (grounded as a conjunction over the objects).
    let mut recursive = 0;
    let started = std::time::Instant::now();
    for seed in 0..TASKS {
        let mut random = RandomTask::new(seed);
        let domain = random.domain();
        let init = random.init();
        let probe = random.problem(&init, "(and)");
        let (d, p) = parse_task(&domain, &probe);
        let (start, target) = far_state(&Simulator::new(&d, &p), 100);
        let goal = random.goal(&start, target.as_ref());
        let problem = random.problem(&init, &goal);
        let text = format!("seed {seed}\n{domain}{problem}");
        let (d, p) = parse_task(&domain, &problem);
        let (task, _) = planbox::ground::ground(&d, &p).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let lifted = planbox::lifted::Lifted::new(&d, &p).expect("grounded above");
        recursive += usize::from(lifted.predicates.iter().any(|p| p.starts_with("@each")));
        let sim = Simulator::new(&d, &p);
        let view = GroundView::new(&task, &d);
        let c = compare(&sim, &view, &text);
        states += c.states;
        matched += c.matched_steps;
        dropped += c.dropped_steps;
        let monitor_limits = Limits {
            time: Some(std::time::Duration::from_secs(20)),
            ..Limits::none()
        };
        let result = planbox::search::bfs(
            &mut Progression::new(&task),
            &mut Monitor::new(monitor_limits),
        );
        match (c.optimum, &result.outcome) {
            (Some(Some(length)), Outcome::Plan(plan)) => {
                assert_eq!(plan.len(), length, "optimal plan length differs\n{text}");
                let steps: Vec<PlanStep> = plan
                    .iter()
                    .map(|&o| step_of(&task.operator(o).name))
                    .collect();
                let report = planbox::validate::validate(&d, &p, &steps);
                assert!(report.is_valid(), "{}\n{text}", report.verdict);
                solvable += 1;
                nontrivial += usize::from(length >= 2);
            }
            (Some(None), Outcome::Unsolvable) => unsolvable += 1,
            (None, Outcome::Plan(plan)) => {
                let steps: Vec<PlanStep> = plan
                    .iter()
                    .map(|&o| step_of(&task.operator(o).name))
                    .collect();
                let report = planbox::validate::validate(&d, &p, &steps);
                assert!(report.is_valid(), "{}\n{text}", report.verdict);
                capped += 1;
            }
            (None, _) => capped += 1,
            (lifted, ground) => panic!(
                "lifted search says {lifted:?} (Some(None): unsolvable), ground search {ground:?}\n{text}"
            ),
        }
    }
    let figures = format!(
        "{TASKS} tasks: {solvable} solvable ({nontrivial} needing 2 or more steps), \
         {unsolvable} unsolvable, {capped} beyond the state cap, {recursive} recursive through \
         a universal; {states} states compared, \
         {matched} steps matched with ground operators, {dropped} dropped as irrelevant; {:.1?}",
        started.elapsed()
    );
    eprintln!("{figures}");
    // The generator must keep producing tasks worth comparing.
    assert!(
        solvable >= 450 && nontrivial >= 80 && unsolvable >= 300 && recursive >= 120,
        "{figures}"
    );
    assert!(
        states >= 10_000 && matched >= 80_000 && dropped >= 10_000,
        "{figures}"
    );
}
