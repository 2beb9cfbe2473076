//! Shared helpers for the integration tests.
#![allow(dead_code)] // Each test binary uses a different part.

use std::path::{Path, PathBuf};

/// One position of a `.perft` file with its expected counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    pub id: String,
    pub epd: String,
    /// (depth, nodes)
    pub counts: Vec<(u32, u64)>,
}

/// The directory of test data.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests")
}

/// Reads a shakmaty-style `.perft` file: `id`, `epd`, `perft <depth> <nodes>`; `#` comments.
pub fn read_perft_file(path: &Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) =
            line.split_once(' ').unwrap_or_else(|| panic!("{}:{}: bad line", path.display(), n + 1));
        match key {
            "id" => cases.push(PerftCase { id: value.to_string(), epd: String::new(), counts: Vec::new() }),
            "epd" => cases.last_mut().expect("epd before id").epd = value.to_string(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                let case = cases.last_mut().expect("perft before id");
                case.counts.push((d.parse().expect("depth"), nodes.trim().parse().expect("nodes")));
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), n + 1),
        }
    }
    assert!(
        cases.iter().all(|c| !c.epd.is_empty() && !c.counts.is_empty()),
        "{}: incomplete case",
        path.display()
    );
    cases
}

/// Every `.perft` file with its variant name (the file stem).
pub fn perft_files() -> Vec<(String, PathBuf)> {
    let mut files: Vec<_> = std::fs::read_dir(data_dir().join("perft"))
        .expect("engine-tests/perft")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    files.sort();
    files
}

pub mod process;

/// Whether `token` is a legal move of `fen` (jester's own rules).
pub fn is_legal(fen: &str, token: &str) -> bool {
    use jester::core::Game;
    let pos = jester::variants::chess::Chess::from_text(fen).expect("valid FEN");
    pos.parse_move(token).is_ok_and(|m| pos.render_move(m) == token)
}

/// A program from Debian's packages: on PATH, or in /usr/games or /usr/bin.
pub fn find_program(name: &str) -> Option<std::path::PathBuf> {
    let dirs =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default();
    dirs.into_iter()
        .chain([PathBuf::from("/usr/games"), PathBuf::from("/usr/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The `move: count` lines of a Stockfish-family `go perft` output.
pub fn parse_divide(output: &str) -> std::collections::BTreeMap<String, u64> {
    output
        .lines()
        .filter_map(|l| {
            let (m, n) = l.split_once(": ")?;
            let is_move = (4..=5).contains(&m.len()) && m.bytes().all(|b| b.is_ascii_alphanumeric());
            is_move.then_some(())?;
            Some((m.to_string(), n.trim().parse().ok()?))
        })
        .collect()
}

/// Checks `perft(position text, depth)` against every count of `engine-tests/perft/<variant>.perft`
/// up to `limit` nodes (a reference generator's agreement with the file); at least ten counts.
pub fn check_perft_file(variant: &str, limit: u64, perft: impl Fn(&str, u32) -> u64) {
    let path = data_dir().join("perft").join(format!("{variant}.perft"));
    let mut checked = 0;
    for case in read_perft_file(&path) {
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            assert_eq!(perft(&case.epd, depth), expected, "{variant} {} depth {depth}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 10, "{variant}: only {checked} counts checked");
}
