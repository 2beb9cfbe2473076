//! jester: an engine for unusual chess variants.
//!
//! Dependencies point one way: [`core`] (shared vocabulary) <- [`variants`] (the rules) <-
//! [`search`] and [`eval`] <- [`protocol`] and [`tools`] <- the `jester` binary.

pub mod core;
pub mod eval;
pub mod protocol;
pub mod search;
pub mod tools;
pub mod variants;
