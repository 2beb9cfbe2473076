//! Text forms of search events shared by UCI, the CLI `analyze` command, and CECP's conversions.

use super::wdl::wdl;
use crate::search::{BestMove, Info};

/// A UCI `info` line: `info depth 8 seldepth 12 multipv 1 score cp 31 nodes .. nps .. hashfull ..
/// time .. pv e2e4 e7e5`.
pub fn uci_info(info: &Info) -> String {
    info_line(info, None)
}

/// A UCI `info` line with the score's win/draw/loss estimate in permille after it (`UCI_ShowWDL`,
/// as Stockfish): `... score cp 31 wdl 377 430 193 nodes ...`.
pub fn uci_info_with_wdl(info: &Info) -> String {
    info_line(info, Some(wdl(info.score)))
}

fn info_line(info: &Info, wdl: Option<(u32, u32, u32)>) -> String {
    let wdl = wdl.map_or(String::new(), |(w, d, l)| format!(" wdl {w} {d} {l}"));
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}{wdl} nodes {} nps {} hashfull {} time {}",
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
