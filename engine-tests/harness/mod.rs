//! A small game driver for engine-against-engine tests, on top of jester's own referee
//! (`jester::tools::arena`, the engine of `jester match`):
//!
//! * engines on pipes ([`EngineSpec`], [`UciPlayer`], [`CecpPlayer`]), reduced to "new game" and
//!   "your move";
//! * [`play_game`]: the referee for chess ([`play_game_as`] for any variant). In tests it is
//!   strict: a move must be the canonical token (`e2e4`, `e7e8q`, castling `e1g1`), and the
//!   engine at fault is named for an illegal move, a flag fall, a false claim or a dead engine.
//!
//! [`xboard_gui`] runs real XBoard headless and checks the PGN it saves.
#![allow(dead_code)] // Each test binary uses a different part.

pub mod xboard_gui;

pub use jester::tools::arena::*;

use jester::core::Game;
use jester::variants::chess::Chess;
use std::path::PathBuf;

/// Plays one game of chess; `players[0]` has White.
pub fn play_game(players: [&mut dyn Player; 2], config: &GameConfig) -> GameResult {
    play_game_as::<Chess>(players, config)
}

/// A random legal opening of `plies` plies from the start position (none that ends the game).
pub fn random_opening(rng: &mut impl rand::Rng, plies: usize) -> Vec<String> {
    random_opening_as::<Chess>(rng, plies)
}

/// A random legal opening of the variant `G`: `plies` whole turns, each made of random actions.
pub fn random_opening_as<G: Game>(rng: &mut impl rand::Rng, plies: usize) -> Vec<String> {
    random_turns::<G>(rng, plies).1
}

/// Finds a program in `PATH` or the given directories.
pub fn find_program(name: &str, extra_dirs: &[&str]) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain(extra_dirs.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Finds a peer program. Without it the test fails naming the Debian package, unless
/// `JESTER_SKIP_PEER_TESTS` is set: then `None`, and the test skips with a message.
pub fn require_peer(name: &str, package: &str) -> Option<PathBuf> {
    if let Some(p) = find_program(name, &["/usr/games", "/usr/bin"]) {
        return Some(p);
    }
    if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() {
        eprintln!("{name} not installed: skipped (JESTER_SKIP_PEER_TESTS)");
        return None;
    }
    panic!("{name} not found: install Debian's `{package}` (scripts/test.sh installs it) or set JESTER_SKIP_PEER_TESTS=1");
}

/// The jester binary built for these tests.
pub fn jester_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_jester"))
}

/// Reads a count from the environment, with a default.
pub fn env_count(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name}={v}: expected a number")),
        Err(_) => default,
    }
}
