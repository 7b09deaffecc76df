//! Placeholder: semantic checks land here.

use crate::pddl::ast::{Domain, Problem};
use crate::pddl::error::PddlError;

pub fn check_domain(_domain: &Domain) -> Result<(), PddlError> {
    Ok(())
}

pub fn check_problem(_domain: &Domain, _problem: &Problem) -> Result<(), PddlError> {
    Ok(())
}
