//! Loading a planning problem: the one pipeline from PDDL text to a ground
//! [`Task`], which the command line, the tests, the benches and the fuzz
//! targets all run.
//!
//! ```text
//! domain.pddl, problem.pddl --read--> Source --pddl::parse_*--> ast::{Domain, Problem}
//!   --pddl::check_*--> (same, with warnings) --ground::ground_all_with--> Task
//! ```
//!
//! [`load`] reads two files and returns the task; a [`Loader`] also takes
//! texts instead of files, grounding limits, unit costs and a receiver for
//! the checker's warnings, and returns what the analyses after grounding
//! need besides the task ([`Loaded`]).
//!
//! ```
//! let task = planbox::load(
//!     "problems/ipc/gripper/domain.pddl",
//!     "problems/ipc/gripper/prob01.pddl",
//! )?;
//! assert!(!task.operators.is_empty());
//! # Ok::<(), planbox::LoadError>(())
//! ```

use crate::ground::{self, GroundLimits};
use crate::pddl::{self, PddlError, Warning, ast};
use crate::task::Task;
use std::path::{Path, PathBuf};

/// A problem read, checked and grounded.
pub struct Loaded {
    pub task: Task,
    pub domain: ast::Domain,
    pub problem: ast::Problem,
    /// The lifted task and its reachable instances, for invariant synthesis.
    pub lifted: crate::lifted::Lifted,
    pub reachable: crate::lifted::reachability::Reachable,
}

impl Loaded {
    /// The invariants, mutex groups and h² pairs of the task (what
    /// regression, the SAT engine and the landmarks prune with), from the
    /// lifted task and its reachable instances.
    pub fn analyse(&self, options: &crate::invariants::Options) -> crate::invariants::Analysis {
        crate::invariants::analyse(&self.lifted, Some(&self.reachable), &self.task, options)
    }
}

/// Why a problem could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// A file could not be read (the I/O error is the source).
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The text is not valid PDDL, uses what planbox does not support, or
    /// is too large to ground.
    Pddl(PddlError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Read { path, .. } => write!(f, "cannot read `{}`", path.display()),
            LoadError::Pddl(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Read { error, .. } => Some(error),
            LoadError::Pddl(_) => None,
        }
    }
}

impl From<PddlError> for LoadError {
    fn from(e: PddlError) -> Self {
        LoadError::Pddl(e)
    }
}

/// Reads, checks and grounds a domain file and a problem file.
pub fn load(domain: impl AsRef<Path>, problem: impl AsRef<Path>) -> Result<Task, LoadError> {
    Ok(Loader::new().files(domain, problem)?.task)
}

/// A receiver of the checker's warnings.
type OnWarning<'a> = Box<dyn FnMut(&Warning) + 'a>;

/// The loading pipeline with its options.
#[derive(Default)]
pub struct Loader<'a> {
    limits: GroundLimits,
    unit_cost: bool,
    on_warning: Option<OnWarning<'a>>,
}

impl<'a> Loader<'a> {
    /// No limits beyond the grounder's table sizes, real costs, warnings
    /// dropped.
    pub fn new() -> Self {
        Self::default()
    }

    /// Grounds within `limits` (time and memory, as Fast Downward's driver
    /// limits its translator).
    pub fn limits(mut self, limits: GroundLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Counts every action as costing 1.
    pub fn unit_cost(mut self, yes: bool) -> Self {
        self.unit_cost = yes;
        self
    }

    /// Hands each warning of the checker to `f` as it is found (the domain's
    /// before the problem is parsed).
    pub fn on_warning(mut self, f: impl FnMut(&Warning) + 'a) -> Self {
        self.on_warning = Some(Box::new(f));
        self
    }

    /// Loads the domain and problem files.
    pub fn files(
        self,
        domain: impl AsRef<Path>,
        problem: impl AsRef<Path>,
    ) -> Result<Loaded, LoadError> {
        let read = |path: &Path| {
            std::fs::read_to_string(path)
                .map(|text| ast::Source {
                    path: path.to_path_buf(),
                    text,
                })
                .map_err(|error| LoadError::Read {
                    path: path.to_path_buf(),
                    error,
                })
        };
        let domain = read(domain.as_ref())?;
        let problem = read(problem.as_ref())?;
        self.sources(domain, problem)
    }

    /// Loads a domain and a problem given as text.
    pub fn texts(self, domain: &str, problem: &str) -> Result<Loaded, LoadError> {
        let source = |name: &str, text: &str| ast::Source {
            path: PathBuf::from(name),
            text: text.to_string(),
        };
        self.sources(source("domain", domain), source("problem", problem))
    }

    /// Loads a domain and a problem read already (their paths name them in
    /// error messages).
    pub fn sources(
        mut self,
        domain: ast::Source,
        problem: ast::Source,
    ) -> Result<Loaded, LoadError> {
        let domain = self.domain(domain)?;
        let problem = self.problem(&domain, problem)?;
        self.ground(domain, problem)
    }

    /// The first step: parses and checks a domain.
    pub fn domain(&mut self, source: ast::Source) -> Result<ast::Domain, LoadError> {
        let domain = pddl::parse_domain(source)?;
        self.warn(&pddl::check_domain(&domain)?);
        Ok(domain)
    }

    /// The second step: parses and checks a problem of `domain`.
    pub fn problem(
        &mut self,
        domain: &ast::Domain,
        source: ast::Source,
    ) -> Result<ast::Problem, LoadError> {
        let problem = pddl::parse_problem(source)?;
        self.warn(&pddl::check_problem(domain, &problem)?);
        Ok(problem)
    }

    /// The last step: grounds a checked domain and problem.
    pub fn ground(&self, domain: ast::Domain, problem: ast::Problem) -> Result<Loaded, LoadError> {
        let grounded = ground::ground_all_with(&domain, &problem, &self.limits)?;
        let mut task = grounded.task;
        if self.unit_cost {
            task = task.with_unit_costs();
        }
        Ok(Loaded {
            task,
            domain,
            problem,
            lifted: grounded.lifted,
            reachable: grounded.reachable,
        })
    }

    fn warn(&mut self, warnings: &[Warning]) {
        if let Some(f) = &mut self.on_warning {
            warnings.iter().for_each(f);
        }
    }
}
