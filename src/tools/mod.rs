//! Tools built on the rules: perft, position rendering (text and SVG), and the CLI's commands.

pub mod commands;
pub mod perft;
pub mod render;
pub mod svg;
