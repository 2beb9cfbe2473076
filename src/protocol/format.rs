//! Text forms of search events shared by UCI, the CLI `analyze` command, and CECP's conversions.

use crate::search::{BestMove, Info};

/// A UCI `info` line: `info depth 8 seldepth 12 multipv 1 score cp 31 nodes .. nps .. hashfull ..
/// time .. pv e2e4 e7e5`.
pub fn uci_info(info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&info.pv.join(" "));
    }
    s
}

/// A UCI `bestmove` line; `bestmove 0000` when there is no legal move.
pub fn uci_bestmove(best: &BestMove) -> String {
    match (&best.best, &best.ponder) {
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
        (Some(m), None) => format!("bestmove {m}"),
        (None, _) => "bestmove 0000".to_string(),
    }
}
