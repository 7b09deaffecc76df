//! Helpers shared by the integration tests. Each test binary includes the
//! module and uses part of it, so the rest is not dead code.
#![allow(dead_code)]

pub mod golden;
pub mod tools;
