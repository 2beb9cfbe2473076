//! Cross-check against a peer engine: Debian's `fairy-stockfish` (11.1), which can define
//! `thronekings` through a variants.ini (`commoner = c`), must give the same per-root-move
//! counts as jester. Its version is too old for the custom Royal Pawn of `fightingkings`.
//!
//! `scripts/test.sh` installs fairy-stockfish. Without it this test fails, naming the package; set
//! `JESTER_SKIP_PEER_TESTS=1` to skip it knowingly.

mod common;

use jester::core::Game;
use jester::tools::perft;
use jester::variants::chess::{Position, ThroneKings};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const VARIANTS_INI: &str = "[thronekings:chess]
commoner = c
startFen = rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1
";

/// (position, depth)
const CASES: &[(&str, u32)] = &[
    ("rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1", 4),
    // Castling with Fighting Kings beside the Kings.
    ("r3k2r/ppp1cppp/4p3/8/8/4P3/PPP1CPPP/R3K2R w KQkq - 0 1", 3),
    // A Fighting King next to the enemy King gives check (K2: only never receives it).
    ("4k3/8/3C4/8/8/8/3c4/4K3 w - - 0 1", 4),
    ("4k3/8/8/8/8/8/3c4/4K3 w - - 0 1", 5),
    ("r1bqkbnr/pppp1ppp/2n1p3/4c3/3PC3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1", 3),
    // Promotions (never to a Fighting King) and en passant.
    ("4k3/1P3c2/8/3pP3/8/8/2C5/4K3 w - d6 0 1", 3),
];

fn fairy_stockfish() -> Option<PathBuf> {
    common::find_program("fairy-stockfish")
}

fn peer_divide(bin: &PathBuf, ini: &std::path::Path, fen: &str, depth: u32) -> BTreeMap<String, u64> {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start");
    let mut stdin = child.stdin.take().unwrap();
    write!(
        stdin,
        "uci\nsetoption name VariantPath value {}\nsetoption name UCI_Variant value thronekings\n\
         position fen {fen}\ngo perft {depth}\nquit\n",
        ini.display()
    )
    .unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("output");
    common::parse_divide(&String::from_utf8_lossy(&out.stdout))
}

#[test]
fn thronekings_divide_agrees_with_fairy_stockfish() {
    let Some(bin) = fairy_stockfish() else {
        if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() {
            eprintln!("fairy-stockfish not installed: skipped (JESTER_SKIP_PEER_TESTS)");
            return;
        }
        panic!("fairy-stockfish not found: install Debian's `fairy-stockfish` (scripts/test.sh installs it) or set JESTER_SKIP_PEER_TESTS=1");
    };
    let dir = std::env::temp_dir().join(format!("jester-peer-fairy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("variants.ini");
    std::fs::write(&ini, VARIANTS_INI).unwrap();
    for &(fen, depth) in CASES {
        let pos = Position::<ThroneKings>::from_text(fen).unwrap();
        let ours: BTreeMap<String, u64> =
            perft::divide(&pos, depth).into_iter().map(|(turn, n)| (pos.render_turn(&turn), n)).collect();
        let theirs = peer_divide(&bin, &ini, fen, depth);
        assert!(!theirs.is_empty(), "{fen}: no output from fairy-stockfish");
        assert_eq!(ours, theirs, "{fen}: divide at depth {depth} differs from fairy-stockfish");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
