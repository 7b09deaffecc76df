//! Reading PDDL: a pest grammar turns the text into an [`ast`], and
//! [`check_domain`] / [`check_problem`] make sure every name is declared and
//! used with the right arity and types. Input that breaks a rule but has one
//! clear meaning (Fast Downward's) passes with a [`Warning`]; the caller
//! decides whether and where to show it.
//!
//! ```text
//! domain.pddl --parse_domain--> ast::Domain --check_domain--> warnings, or the first error
//! problem.pddl --parse_problem--> ast::Problem --check_problem(&domain)--> warnings, or error
//! ```

pub mod ast;
mod check;
mod error;
mod formula;
mod parser;
mod scope;
mod suggest;
mod syntax;
mod types;

pub(crate) use check::signed_literals;
pub use check::{MAX_PARAMETERS, check_domain, check_problem};
pub use error::{ErrorKind, PddlError, Warning};
pub use parser::{parse_domain, parse_problem};
pub(crate) use suggest::suggest;
pub use syntax::MAX_NESTING;
pub(crate) use types::{TypeHierarchy, type_tests};
