//! Tools built on the rules: perft, position rendering, and the CLI's commands.

pub mod commands;
pub mod perft;
pub mod render;
