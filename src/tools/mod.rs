//! Tools built on the rules: perft, position rendering (text and SVG), PGN, the CLI's commands
//! and the browser board (`jester serve`).

pub mod annotate;
pub mod arena;
pub mod commands;
pub mod perft;
pub mod pgn;
pub mod render;
pub mod serve;
pub mod svg;
pub mod tune;
