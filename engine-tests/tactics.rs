//! Search quality: every position of `data/tactics.epd` (mates in 1-4 and standard tactics,
//! each verified with Stockfish) must be solved within a fixed node budget on one thread, which
//! makes the result deterministic. Mates must also be reported with the right distance.

mod common;

use jester::core::{Game, Record};
use jester::search::{Engine, Limits};
use jester::variants::chess::Chess;

/// Nodes per position. Release builds only: a debug build is ~30x slower.
const NODE_BUDGET: u64 = 1_000_000;

struct Case {
    fen: String,
    best: String,
    id: String,
    mate: Option<i32>,
}

fn read_cases() -> Vec<Case> {
    let path = common::data_dir().join("data/tactics.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = fields[..4].join(" ");
            let ops = fields[4..].join(" ");
            let op = |name: &str| {
                ops.split(';')
                    .map(str::trim)
                    .find_map(|o| o.strip_prefix(name).map(|v| v.trim().trim_matches('"').to_string()))
            };
            let best = op("bm ").unwrap_or_else(|| panic!("no bm: {line}"));
            let id = op("id ").unwrap_or_default();
            let kind = op("c0 ").unwrap_or_default();
            let mate = kind.strip_prefix("mate ").and_then(|n| n.trim().parse().ok());
            Case { fen, best, id, mate }
        })
        .collect()
}

#[test]
fn tactics_suite_is_solved_within_the_node_budget() {
    let cases = read_cases();
    assert!(cases.len() >= 30, "only {} positions", cases.len());
    if cfg!(debug_assertions) {
        eprintln!("debug build: checking the suite's positions only (search needs --release)");
        for c in &cases {
            let pos = Chess::from_text(&c.fen).unwrap_or_else(|e| panic!("{}: {e}", c.id));
            assert!(pos.parse_move(&c.best).is_ok(), "{}: bm {} is not legal", c.id, c.best);
        }
        return;
    }
    let mut engine = Engine::new();
    let mut failures = Vec::new();
    for c in &cases {
        let pos = Chess::from_text(&c.fen).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        engine.new_game();
        let limits = Limits { nodes: Some(NODE_BUDGET), mate: c.mate, multipv: 1, ..Limits::default() };
        let best = engine.search(&Record::new(pos), &limits, &mut |_| {});
        let found = best.best.clone().unwrap_or_default();
        let mate_ok = c.mate.is_none_or(|n| best.score.mate_moves() == Some(n));
        if found != c.best || !mate_ok {
            failures.push(format!(
                "{}: expected {}{}, got {found} ({}) at depth {} after {} nodes",
                c.id,
                c.best,
                c.mate.map_or(String::new(), |n| format!(" (mate {n})")),
                best.score,
                best.depth,
                best.nodes
            ));
        }
    }
    eprintln!("{} of {} solved", cases.len() - failures.len(), cases.len());
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}
