//! jester: an engine for unusual chess variants.
//!
//! Dependencies point one way: [`core`] (shared vocabulary) <- [`variants`] (the rules) <-
//! [`tools`] (perft, rendering) <- the `jester` binary (CLI and, later, the protocols).

pub mod core;
pub mod tools;
pub mod variants;
