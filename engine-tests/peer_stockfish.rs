//! Cross-check against a peer engine: Debian's `stockfish` (UCI `go perft`) must give the same
//! per-root-move counts as jester for every position of `normal.perft`, at small depths.
//!
//! `scripts/test.sh` installs stockfish. Without it this test fails, naming the package; set
//! `JESTER_SKIP_PEER_TESTS=1` to skip it knowingly on a machine without it.

mod common;

use jester::core::Game;
use jester::tools::perft;
use jester::variants::chess::Chess;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn stockfish() -> Option<PathBuf> {
    common::find_program("stockfish")
}

/// Stockfish's divide: `move: count` lines from `go perft`.
fn stockfish_divide(bin: &PathBuf, fen: &str, depth: u32) -> BTreeMap<String, u64> {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start stockfish");
    let mut stdin = child.stdin.take().unwrap();
    write!(stdin, "uci\nposition fen {fen}\ngo perft {depth}\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("stockfish output");
    common::parse_divide(&String::from_utf8_lossy(&out.stdout))
}

#[test]
fn divide_agrees_with_stockfish() {
    let Some(bin) = stockfish() else {
        if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() {
            eprintln!("stockfish not installed: skipped (JESTER_SKIP_PEER_TESTS)");
            return;
        }
        panic!(
            "stockfish not found: install Debian's `stockfish` (scripts/test.sh installs it) or set JESTER_SKIP_PEER_TESTS=1"
        );
    };
    let path = common::data_dir().join("perft/normal.perft");
    let mut compared = 0;
    for case in common::read_perft_file(&path) {
        let pos = Chess::from_text(&case.epd).unwrap();
        // Depth 3 keeps the test quick and still reaches every special move of these positions.
        let depth = 3;
        let ours: BTreeMap<String, u64> =
            perft::divide(&pos, depth).into_iter().map(|(turn, n)| (pos.render_turn(&turn), n)).collect();
        let theirs = stockfish_divide(&bin, &case.epd, depth);
        assert!(!theirs.is_empty() || ours.is_empty(), "{}: no output from stockfish", case.id);
        assert_eq!(ours, theirs, "{}: divide at depth {depth} differs from stockfish", case.id);
        compared += 1;
    }
    assert!(compared >= 20);
}
