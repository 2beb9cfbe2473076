//! UCI transcripts against the built binary: handshake, games, positions, errors, analysis,
//! pondering, and hostile input.

mod common;

use common::is_legal;
use common::process::{Jester, PROMPT};
use jester::search::Skill;
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn uci() -> Jester {
    let mut j = Jester::start();
    j.send("uci");
    j.read_until(PROMPT, |l| l == "uciok");
    j
}

/// Sends `isready` and returns everything printed before `readyok`.
fn sync(j: &mut Jester) -> Vec<String> {
    j.send("isready");
    let mut lines = j.read_until(PROMPT, |l| l == "readyok");
    lines.pop();
    lines
}

/// Sends `line` and checks that its only reply is an error naming `token`.
fn assert_refused(j: &mut Jester, line: &str, token: &str) {
    j.send(line);
    let replies = sync(j);
    assert!(
        replies.len() == 1 && replies[0].starts_with("info string error:") && replies[0].contains(token),
        "{line}: {replies:?}"
    );
}

fn bestmove(j: &mut Jester) -> String {
    let lines = j.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn handshake_lists_identity_and_options() {
    let mut j = Jester::start();
    j.send("uci");
    let lines = j.read_until(PROMPT, |l| l == "uciok");
    assert!(lines[0].starts_with("id name jester"), "{lines:?}");
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "UCI_Variant",
        "Clear Hash",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
        "UCI_ShowWDL",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}: {lines:?}"
        );
    }
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    assert!(variant.contains("var normal"), "{variant}");
    // The UCI_Elo range is the calibrated one (protocol-docs/strength.md).
    let (min_elo, max_elo) = (Skill::MIN_ELO, Skill::MAX_ELO);
    assert!(min_elo < 1350 && max_elo > 1800, "{min_elo} to {max_elo}");
    for option in [
        "option name Clear Hash type button".to_string(),
        "option name Skill Level type spin default 20 min 0 max 20".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {max_elo} min {min_elo} max {max_elo}"),
        "option name UCI_ShowWDL type check default false".to_string(),
    ] {
        assert!(lines.contains(&option), "{option}: {lines:?}");
    }
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("quit");
    j.finish();
}

/// `notachessweak` (variants.md N11) is a UCI_Variant (canonical name in the combo, alias
/// accepted). In the first example, a3a4/d4e closes the loop around c4 and d4: the weak
/// rule keeps it, so Black cannot wire d4e again, while notachessvariant has removed it.
#[test]
fn notachessweak_is_a_uci_variant_that_keeps_larger_loops() {
    let mut j = Jester::start();
    j.send("uci");
    let lines = j.read_until(PROMPT, |l| l == "uciok");
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    assert!(variant.contains("var notachessweak"), "{variant}");
    let fen = "**4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n,d3n,d4n 0 10";
    for (name, legal) in [("nacvweak", false), ("notachessvariant", true)] {
        j.send(&format!("setoption name UCI_Variant value {name}"));
        j.send(&format!("position fen {fen} moves a3a4/d4e g5f5/d4e"));
        let replies = sync(&mut j);
        assert_eq!(
            replies.iter().all(|l| !l.contains("illegal move 'g5f5/d4e'")),
            legal,
            "{name}: {replies:?}"
        );
    }
    j.send("setoption name UCI_Variant value notachessweak");
    j.send(&format!("position fen {fen} moves a3a4/d4e"));
    j.send("go depth 3");
    let m = bestmove(&mut j);
    use jester::core::Game;
    let weak = jester::variants::wires::WeakWirePosition::from_text(
        "**4*/6*/6k/K6/7/*6/*4** b b4e,c3n,c4n,d3n,d4e,d4n 1 10",
    )
    .unwrap();
    assert!(weak.parse_turn(&m).is_ok(), "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn plays_a_short_game_with_legal_moves() {
    let mut j = uci();
    j.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..8 {
        j.send(&format!("position startpos moves {}", moves.join(" ")));
        j.send("go wtime 5000 btime 5000 winc 50 binc 50");
        let m = bestmove(&mut j);
        let mut record =
            jester::core::Record::new(<jester::variants::chess::Chess as jester::core::Game>::start());
        for t in &moves {
            record.play_token(t).unwrap();
        }
        assert!(record.play_token(&m).is_ok(), "illegal bestmove {m} after {moves:?}");
        moves.push(m);
    }
    j.send("quit");
    j.finish();
}

#[test]
fn finds_mate_in_one_from_a_fen_and_reports_mate_score() {
    let mut j = uci();
    j.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    j.send("go depth 5");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1), Some("a1a8"));
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    // Being mated is reported as a negative mate.
    j.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a2 g8f8 a2a7 f8g8");
    j.send("go depth 6");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
    j.send("position fen 6k1/8/8/8/8/8/r4PPP/6K1 b - - 0 1 moves a2a1");
    j.send("go depth 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "checkmated: no move");
    // As Stockfish: the reason comes first, `score mate 0` when mated, `cp 0` in a stalemate.
    assert!(lines.iter().any(|l| l.starts_with("info depth 0") && l.contains("score mate 0")), "{lines:?}");
    j.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    j.send("go depth 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "stalemate: no move");
    assert!(lines.iter().any(|l| l.starts_with("info depth 0") && l.contains("score cp 0")), "{lines:?}");
    j.send("quit");
    j.finish();
}

#[test]
fn bad_positions_are_reported_and_the_previous_position_kept() {
    let mut j = uci();
    // The king's only legal move is to take the queen: the reply proves which position is current.
    let only_move = "7k/8/8/8/8/8/6q1/7K w - - 0 1";
    j.send(&format!("position fen {only_move}"));
    for (bad, token) in [
        ("position fen 8/8/8/8 w - - 0 1", "8/8/8/8"),
        ("position startpos moves e2e4 e7e5 e1e3", "e1e3"),
        ("position startpos moves e2e4 zz", "zz"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "x"),
        ("position", "empty"),
        ("position fen", "fen"),
        ("position startpos extra", "extra"),
        ("position somewhere", "somewhere"),
    ] {
        j.send(bad);
        let replies = sync(&mut j);
        assert_eq!(replies.len(), 1, "{bad}: {replies:?}");
        assert!(replies[0].starts_with("info string error:"), "{bad}: {replies:?}");
        assert!(replies[0].contains(token), "{bad}: {replies:?} should name {token}");
    }
    j.send("go depth 3");
    assert_eq!(bestmove(&mut j), "h1g2");
    j.send("quit");
    j.finish();
}

#[test]
fn unknown_commands_are_ignored() {
    let mut j = uci();
    for line in ["hello", "debug on", "register later", "xyzzy 1 2 3", "GO", "Uci", "stop", "ponderhit"] {
        j.send(line);
    }
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("quit");
    j.finish();
}

#[test]
fn infinite_analysis_stops_promptly_with_a_bestmove() {
    let mut j = uci();
    j.send("position startpos moves e2e4");
    j.send("go infinite");
    j.read_until(PROMPT, |l| l.starts_with("info depth 6 "));
    // No bestmove before stop, whatever the depth.
    assert!(sync(&mut j).iter().all(|l| !l.starts_with("bestmove")));
    let sent = Instant::now();
    j.send("stop");
    let m = bestmove(&mut j);
    let latency = sent.elapsed();
    assert!(latency < Duration::from_millis(500), "stop answered after {latency:?}");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(is_legal(after_e4, &m), "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut j = uci();
    j.send("setoption name Ponder value true");
    j.send("position startpos moves e2e4 e7e5");
    j.send("go ponder wtime 1000 btime 1000 winc 10 binc 10 depth 4");
    // Even after the depth is reached, no bestmove until the ponder hit.
    std::thread::sleep(Duration::from_millis(300));
    assert!(sync(&mut j).iter().all(|l| !l.starts_with("bestmove")));
    j.send("ponderhit");
    let m = bestmove(&mut j);
    assert!(is_legal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", &m), "{m}");
    j.send("quit");
    j.finish();
}

/// The time spent pondering counts towards the move (as in Stockfish): after pondering longer
/// than the whole budget of a 30 s clock, a ponder hit is answered at once, not with a fresh
/// budget spent again.
#[test]
fn ponder_time_counts_towards_the_move() {
    let mut j = uci();
    j.send("setoption name Ponder value true");
    j.send("position startpos moves e2e4 e7e5");
    j.send("go ponder wtime 30000 btime 30000");
    std::thread::sleep(Duration::from_secs(5));
    let sent = Instant::now();
    j.send("ponderhit");
    let m = bestmove(&mut j);
    let answer = sent.elapsed();
    assert!(answer < Duration::from_millis(450), "answered {answer:?} after the ponder hit");
    assert!(is_legal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", &m), "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn every_go_gets_exactly_one_bestmove_in_order() {
    let mut j = uci();
    // Each new `go` stops the search before it, which still answers first.
    for _ in 0..5 {
        j.send("go infinite");
    }
    j.send("go depth 2");
    let mut bestmoves = 0;
    while bestmoves < 6 {
        let line = j.next_line(PROMPT).expect("a bestmove for every go");
        bestmoves += usize::from(line.starts_with("bestmove"));
    }
    assert!(sync(&mut j).iter().all(|l| !l.starts_with("bestmove")), "a seventh bestmove");
    j.send("quit");
    j.finish();
}

#[test]
fn multipv_reports_distinct_lines_and_searchmoves_restricts() {
    let mut j = uci();
    j.send("setoption name MultiPV value 3");
    j.send("go depth 6");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let last_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 6 ")).collect();
    assert_eq!(last_depth.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<&str> =
        last_depth.iter().map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()).collect();
    assert_eq!(firsts.len(), 3, "{last_depth:?}");
    j.send("setoption name MultiPV value 1");
    j.send("go depth 5 searchmoves a2a3 h2h3");
    let m = bestmove(&mut j);
    assert!(m == "a2a3" || m == "h2h3", "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn options_are_checked() {
    let mut j = uci();
    let (below, above) = (format!("'{}'", Skill::MIN_ELO - 1), format!("'{}'", Skill::MAX_ELO + 1));
    let below_elo = format!("setoption name UCI_Elo value {}", Skill::MIN_ELO - 1);
    let above_elo = format!("setoption name UCI_Elo value {}", Skill::MAX_ELO + 1);
    for (line, token) in [
        ("setoption name Hash value 0", "0"),
        ("setoption name Hash value 99999999", "99999999"),
        ("setoption name Threads value many", "many"),
        ("setoption name MultiPV value -1", "-1"),
        ("setoption name Ponder value maybe", "maybe"),
        ("setoption name UCI_Variant value xiangqi", "xiangqi"),
        ("setoption name NoSuchOption value 1", "NoSuchOption"),
        ("setoption name Move Overhead value 99999", "99999"),
        ("setoption name Skill Level value 21", "'21'"),
        ("setoption name Skill Level value weak", "'weak'"),
        ("setoption name UCI_LimitStrength value yes", "'yes'"),
        (below_elo.as_str(), below.as_str()),
        (above_elo.as_str(), above.as_str()),
        ("setoption name UCI_ShowWDL value 1", "'1'"),
    ] {
        assert_refused(&mut j, line, token);
    }
    j.send("setoption name Hash value 32");
    j.send("setoption name Threads value 2");
    j.send("setoption name Move Overhead value 50");
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("setoption name UCI_Variant value normal");
    let replies = sync(&mut j);
    assert_eq!(replies, vec![format!("info string variant normal files 8 ranks 8 startpos {START}")]);
    j.send("go depth 4");
    bestmove(&mut j);
    j.send("quit");
    j.finish();
}

/// The search parameters a tuner sets by name (`jester params`): a value changes the search
/// from the next `go`; a bad name or value is refused, naming it, and changes nothing.
#[test]
fn search_parameters_are_set_by_name() {
    let mut j = uci();
    let nodes_at_depth_7 = |j: &mut Jester| -> u64 {
        j.send("ucinewgame");
        j.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
        j.send("go depth 7");
        let lines = j.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
        let last = lines.iter().rev().find(|l| l.starts_with("info depth 7 ")).expect("depth 7 reported");
        let words: Vec<&str> = last.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").unwrap();
        words[at + 1].parse().unwrap()
    };
    let default = nodes_at_depth_7(&mut j);
    for (line, token) in [
        ("setoption name lmr_divisor value 20000", "'20000'"),
        ("setoption name lmr_divisor value wide", "'wide'"),
        ("setoption name lmr_divisr value 300", "'lmr_divisr'"),
    ] {
        assert_refused(&mut j, line, token);
    }
    assert_eq!(nodes_at_depth_7(&mut j), default, "refused values changed the search");
    // Fewer late-move reductions: a bigger tree at the same depth.
    j.send("setoption name lmr_divisor value 2000");
    assert_eq!(sync(&mut j), Vec::<String>::new());
    let wider = nodes_at_depth_7(&mut j);
    assert!(wider > default, "{wider} nodes against {default}");
    j.send("setoption name LMR_Divisor value 225");
    assert_eq!(nodes_at_depth_7(&mut j), default, "the default again");
    j.send("quit");
    j.finish();
}

/// Hostile lines: after each, the engine is alive, answers `isready`, never panics, and the
/// searches it starts all end with a legal bestmove.
#[test]
fn hostile_lines_never_break_the_engine() {
    const REFUSED: [&str; 4] = ["go depth", "go wtime", "go searchmoves zz e2e4 depth 2", "go banana 7"];
    let hostile: Vec<String> = vec![
        "go depth 99999999999".into(),
        "go depth -5".into(),
        "go nodes 0".into(),
        "go nodes 99999999999999999999999999".into(),
        "go movetime -1".into(),
        "go movetime 0".into(),
        "go wtime -1000 btime -1000".into(),
        "go wtime 99999999999999 btime 1".into(),
        "go movestogo 0 wtime 100".into(),
        "go mate 0".into(),
        "go depth".into(),
        "go wtime".into(),
        "go searchmoves".into(),
        "go searchmoves zz e2e4 depth 2".into(),
        "go infinite depth 3 infinite".into(),
        "go banana 7".into(),
        "go depth 2 depth 3".into(),
        "position startpos moves".into(),
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1".into(),
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 0".into(),
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 z9z9".into(),
        "setoption".into(),
        "setoption name".into(),
        "setoption name Hash".into(),
        "setoption name Hash value".into(),
        "setoption value 3".into(),
        "setoption name Threads value 0".into(),
        "x".repeat(100_000),
        format!("position fen {}", "p".repeat(10_000)),
        format!("position startpos moves {}", "e2e4 ".repeat(5_000)),
        "\u{0}\u{1}\u{7f}".into(),
        "position startpos moves e2e4\te7e5".into(),
        "   isready   ".into(),
        "quit now please".into(),
    ];
    let mut j = uci();
    for line in &hostile {
        if line.starts_with("quit") {
            continue; // `quit ...` ends the session: tested below.
        }
        j.send(line);
        if line.trim() == "isready" {
            // Surrounding whitespace is fine: this one is answered.
            j.read_until(PROMPT, |l| l == "readyok");
        }
        if line.starts_with("go") {
            // Stop anything still searching (`infinite`): the search may also have ended by
            // itself, but either way exactly one bestmove comes before `readyok`.
            j.send("stop");
        }
        let replies = sync(&mut j);
        assert!(replies.iter().all(|r| !r.contains("panicked")), "{line:.80}: {replies:?}");
        let bestmoves: Vec<&String> = replies.iter().filter(|l| l.starts_with("bestmove")).collect();
        if REFUSED.contains(&line.as_str()) {
            // A malformed `go` is reported and starts nothing.
            assert!(bestmoves.is_empty(), "{line}: {replies:?}");
            assert!(replies.iter().any(|r| r.starts_with("info string error:")), "{line}: {replies:?}");
        } else if line.starts_with("go") {
            assert_eq!(bestmoves.len(), 1, "{line}: {replies:?}");
            assert!(!bestmoves[0].starts_with("bestmove 0000"), "{line}: no move");
        } else {
            assert!(bestmoves.is_empty(), "{line:.80}: {replies:?}");
        }
    }
    // Invalid UTF-8 is replaced, not fatal.
    j.send_bytes(b"position startpos moves \xff\xfe\n");
    let replies = sync(&mut j);
    assert!(replies.iter().any(|r| r.starts_with("info string error:")), "{replies:?}");
    j.send("quit now please");
    j.finish();
    assert!(hostile.len() >= 30);
}

#[test]
fn end_of_input_ends_the_engine_even_while_searching() {
    let mut j = uci();
    j.send("go infinite");
    j.read_until(PROMPT, |l| l.starts_with("info depth 3 "));
    j.finish();
}

/// Fimbriation positions: Red alone after Yellow, Blue and Green went out; three Kings with
/// Yellow out; Red's King on a4 with no move (Blue's Rooks hold a5, b5 and b4), so Red passes.
const FIMBRIATION_OVER: &str =
    "***8***/***8***/***8***/14/14/5****5/5****5/5****5/5****5/14/3rK10/***8***/***8***/***8*** r - - ybg 0 40";
const FIMBRIATION_YELLOW_OUT: &str =
    "***8***/***8***/***8***/3gK10/14/5****5/5****5/5****5/5****5/14/3rK6bK3/***8***/***8***/***8*** r - - y 0 10";
const FIMBRIATION_RED_PASSES: &str = "***8***/***3gK4***/***8***/1bR12/13yK/5****5/5****5/5****5/5****5/4bR9/rK9bK3/***8***/***8***/***8*** r - - - 0 20";

#[test]
fn four_seats_take_four_clocks_and_report_standings() {
    use jester::core::{Game, Record};
    use jester::variants::fimbriation::Fimbriation;
    let mut j = uci();
    j.send("setoption name UCI_Variant value fimbriation");
    let lines = sync(&mut j);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string variant fimbriation files 14 ranks 14 startpos ***gRgP4yPyR***")
    );
    // Two rounds: every seat's move sent back in turn order, each clock by its seat's name.
    let mut record = Record::new(Fimbriation::start());
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..8 {
        j.send(&format!("position startpos moves {}", moves.join(" ")));
        j.send("go rtime 3000 btime 3000 ytime 3000 gtime 3000 rinc 20 binc 20 yinc 20 ginc 20");
        let m = bestmove(&mut j);
        record.play_token(&m).unwrap_or_else(|e| panic!("{m} after {moves:?}: {e}"));
        moves.push(m);
    }
    // Both algorithms, and a bad value named.
    for algorithm in ["Paranoid", "BRS+"] {
        j.send(&format!("setoption name MultiSeatSearch value {algorithm}"));
        assert_eq!(sync(&mut j), Vec::<String>::new());
        j.send(&format!("position startpos moves {}", moves.join(" ")));
        j.send("go depth 2");
        let m = bestmove(&mut j);
        assert!(record.position().parse_move(&m).is_ok(), "{algorithm}: {m}");
    }
    j.send("setoption name MultiSeatSearch value maxn");
    let lines = sync(&mut j);
    assert!(
        lines.iter().any(|l| l.contains("invalid value 'maxn' for option 'MultiSeatSearch'")),
        "{lines:?}"
    );
    // White's clock names no seat here: reported, and no search starts.
    j.send("position startpos");
    j.send("go wtime 100 depth 1");
    let lines = sync(&mut j);
    assert!(lines.len() == 1 && lines[0].contains("'wtime' names no seat"), "{lines:?}");
    // Standings after a position command, and the result of a finished game.
    j.send(&format!("position fen {FIMBRIATION_YELLOW_OUT}"));
    assert_eq!(sync(&mut j), vec!["info string eliminated Yellow".to_string()]);
    j.send(&format!("position fen {FIMBRIATION_OVER}"));
    assert_eq!(
        sync(&mut j),
        vec!["info string result Red wins by last seat standing; eliminated Yellow Blue Green".to_string()]
    );
    j.send("go depth 3");
    assert_eq!(bestmove(&mut j), "0000");
    // A draw ends a four-seat game as a win does: threefold repetition (M8, M9), then the
    // 200-ply rule. `go` answers `0000` after saying why.
    let repeated =
        "a5a7 j5i3 j10l9 e10f12 e5c6 i3j5 l9j10 f12e10 c6e5 j5i3 j10l9 e10f12 e5c6 i3j5 l9j10 f12e10 c6e5";
    j.send(&format!("position startpos moves {repeated}"));
    assert_eq!(sync(&mut j), vec!["info string result draw by threefold repetition".to_string()]);
    j.send("go depth 3");
    let lines = j.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    assert!(
        lines.len() == 2 && lines[0].starts_with("info depth 0 seldepth 0 multipv 1 score cp 0 "),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove 0000");
    let drawn = Fimbriation::start().to_text().replacen("- - 0 1", "- - 199 90", 1);
    j.send(&format!("position fen {drawn} moves e5d7"));
    assert_eq!(sync(&mut j), vec!["info string result draw by move-count rule".to_string()]);
    j.send("go movetime 100");
    assert_eq!(bestmove(&mut j), "0000");
    // A seat with no legal move passes.
    j.send(&format!("position fen {FIMBRIATION_RED_PASSES}"));
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("go depth 3");
    assert_eq!(bestmove(&mut j), "pass");
    j.send(&format!("position fen {FIMBRIATION_RED_PASSES} moves pass"));
    j.send("go depth 2");
    let m = bestmove(&mut j);
    let after = Fimbriation::from_text(FIMBRIATION_RED_PASSES).unwrap();
    let mut after = Record::new(after);
    after.play_token("pass").unwrap();
    assert!(after.position().parse_move(&m).is_ok(), "Blue's move {m}");
    j.send("quit");
    j.finish();
}

/// The armies (A4): `WhiteArmy` / `BlackArmy` choose the start position and fill in position
/// texts without an armies field; a bad value is refused by name and changes nothing; a game
/// under way keeps its armies; `ucinewgame` keeps the options.
#[test]
fn army_options_choose_the_armies() {
    use jester::core::Game;
    use jester::variants::chess::CwdaPosition;
    let mut j = Jester::start();
    j.send("uci");
    let lines = j.read_until(PROMPT, |l| l == "uciok");
    for side in ["WhiteArmy", "BlackArmy"] {
        let option = format!(
            "option name {side} type combo default fide var fide var clobberers var nutty var rookies"
        );
        assert!(lines.contains(&option), "{lines:?}");
    }
    j.send("setoption name UCI_Variant value cwda");
    j.send("setoption name WhiteArmy value clobberers");
    j.send("setoption name BlackArmy value Nutty Knights");
    let replies = sync(&mut j);
    let start = "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 clobberers/nutty";
    assert_eq!(replies.last(), Some(&format!("info string variant cwda files 8 ranks 8 startpos {start}")));
    j.send("setoption name BlackArmy value zebras");
    let replies = sync(&mut j);
    assert!(replies.len() == 1 && replies[0].contains("'zebras'"), "{replies:?}");
    // The start position is the chosen armies'; the engine plays a legal move of it.
    j.send("position startpos moves b2b3");
    j.send("go depth 5");
    let reply = bestmove(&mut j);
    let after = CwdaPosition::from_text(start).unwrap();
    let after = {
        let mut p = after;
        let m = p.parse_move("b2b3").unwrap();
        p.play(m);
        p
    };
    assert!(after.parse_move(&reply).is_ok(), "{reply} in {}", after.to_text());
    // A position text without armies gets the options' (a White Bede is a Clobberer).
    j.send("position fen 4k3/8/8/8/8/8/8/D3K3 w - - 0 1");
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("go depth 3");
    assert!(bestmove(&mut j).starts_with(['a', 'e']));
    // Back to FIDE for White: the same text is refused, naming the piece, and the previous
    // position stays.
    j.send("setoption name WhiteArmy value fide");
    j.send("ucinewgame");
    j.send("position fen 4k3/8/8/8/8/8/8/D3K3 w - - 0 1");
    let replies = sync(&mut j);
    assert!(replies.len() == 1 && replies[0].contains("'Da1'"), "{replies:?}");
    // A text's own armies field wins over the options.
    j.send("position fen 4k3/8/8/8/8/8/8/D3K3 w - - 0 1 clobberers/fide");
    assert_eq!(sync(&mut j), Vec::<String>::new());
    j.send("quit");
    j.finish();
}

/// A `go` with a malformed or missing limit, an unknown parameter or an illegal `searchmoves`
/// move is reported by name and starts nothing: no search, no `bestmove`. A search already
/// running is left alone.
#[test]
fn a_malformed_go_starts_no_search() {
    let mut j = uci();
    for (line, token) in [
        ("go depth abc", "'abc'"),
        ("go depth", "'depth'"),
        ("go wtime 1000 btime x", "'x'"),
        ("go nodes 1e6", "'1e6'"),
        ("go movetime", "'movetime'"),
        ("go searchmoves e2e4 e2e5 depth 2", "e2e5"),
        ("go banana", "'banana'"),
    ] {
        assert_refused(&mut j, line, token);
    }
    j.send("go infinite");
    j.read_until(PROMPT, |l| l.starts_with("info depth 3 "));
    j.send("go depth x");
    let replies = sync(&mut j);
    assert!(replies.iter().any(|l| l.starts_with("info string error:") && l.contains("'x'")), "{replies:?}");
    assert!(
        replies.iter().all(|l| !l.starts_with("bestmove")),
        "the running search was stopped: {replies:?}"
    );
    j.send("stop");
    bestmove(&mut j);
    assert!(sync(&mut j).iter().all(|l| !l.starts_with("bestmove")), "a second bestmove");
    j.send("quit");
    j.finish();
}

/// The `move: count` lines of `jester perft --divide`.
fn cli_divide(variant: &str, depth: u32) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jester"))
        .args(["perft", "--variant", variant, "--depth", &depth.to_string(), "--divide"])
        .output()
        .expect("run jester perft");
    assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().take_while(|l| !l.is_empty()).map(str::to_string).collect()
}

/// `go perft N` prints as Stockfish does: `move: count` per legal move, an empty line, then
/// `Nodes searched: total`; in every variant, with the moves as `jester perft --divide` names
/// them. A bad depth is refused by name and prints nothing else.
#[test]
fn go_perft_divides_as_stockfish_does_in_every_variant() {
    let mut j = uci();
    j.send("position startpos");
    j.send("go perft 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("Nodes searched"));
    let (total, rest) = lines.split_last().unwrap();
    assert_eq!(total, "Nodes searched: 8902");
    let (empty, moves) = rest.split_last().unwrap();
    assert_eq!(empty, "");
    assert_eq!(moves.len(), 20, "{moves:?}");
    assert!(
        moves.contains(&"e2e4: 600".to_string()) && moves.contains(&"g1f3: 440".to_string()),
        "{moves:?}"
    );
    assert_eq!(moves, cli_divide("normal", 3).as_slice());
    for (variant, depth) in [("firefighter", 2), ("tirebiter", 2), ("fimbriation", 2), ("cwda", 2)] {
        j.send(&format!("setoption name UCI_Variant value {variant}"));
        j.send("position startpos");
        sync(&mut j);
        j.send(&format!("go perft {depth}"));
        let lines = j.read_until(PROMPT, |l| l.starts_with("Nodes searched"));
        let expected = cli_divide(variant, depth);
        let total: u64 = expected.iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
        assert_eq!(lines[..lines.len() - 2], expected[..], "{variant}");
        assert_eq!(lines[lines.len() - 1], format!("Nodes searched: {total}"), "{variant}");
    }
    for (line, token) in [
        ("go perft", "perft"),
        ("go perft 0", "'0'"),
        ("go perft -1", "'-1'"),
        ("go perft two", "'two'"),
        ("go perft 21", "'21'"),
        ("go perft 2 depth 3", "'depth'"),
    ] {
        assert_refused(&mut j, line, token);
    }
    j.send("quit");
    j.finish();
}

/// The node count and best move of a fixed-depth search (one thread: deterministic).
fn search_nodes(j: &mut Jester, go: &str) -> (u64, String) {
    j.send(go);
    let lines = j.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let nodes = words[words.iter().position(|&w| w == "nodes").unwrap() + 1].parse().unwrap();
    (nodes, lines.last().unwrap().to_string())
}

/// `Clear Hash` forgets what earlier searches stored, as a fresh engine, and keeps the position.
#[test]
fn clear_hash_forgets_earlier_searches_and_keeps_the_position() {
    let mut j = uci();
    j.send("position startpos moves e2e4 c7c5");
    let fresh = search_nodes(&mut j, "go depth 7");
    let warm = search_nodes(&mut j, "go depth 7");
    assert!(warm.0 < fresh.0, "the table should have helped: {warm:?} after {fresh:?}");
    j.send("setoption name Clear Hash");
    assert_eq!(sync(&mut j), Vec::<String>::new());
    assert_eq!(search_nodes(&mut j, "go depth 7"), fresh, "as fresh, in the same position");
    // While searching: the search answers first.
    j.send("go infinite");
    j.read_until(PROMPT, |l| l.starts_with("info depth 2 "));
    j.send("setoption name Clear Hash");
    let replies = sync(&mut j);
    assert_eq!(replies.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{replies:?}");
    j.send("quit");
    j.finish();
}

/// Middlegame and opening positions where several moves are close.
const SKILL_POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 4 8",
    "r1bq1rk1/pp3ppp/2nbpn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
];

/// The best move of each of [`SKILL_POSITIONS`], each searched from a cleared table; and the
/// deepest depth reported.
fn skill_moves(j: &mut Jester) -> (Vec<String>, i32) {
    let mut moves = Vec::new();
    let mut deepest = 0;
    for fen in SKILL_POSITIONS {
        j.send("ucinewgame");
        j.send(&format!("position fen {fen}"));
        j.send("go depth 6");
        let lines = j.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
        for l in lines.iter().filter(|l| l.starts_with("info depth ")) {
            deepest = deepest.max(l.split_whitespace().nth(2).unwrap().parse().unwrap());
        }
        let m = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        assert!(is_legal(fen, &m), "{m} in {fen}");
        // The move played is one of the lines reported.
        assert!(lines.iter().any(|l| l.contains(&format!(" pv {m}"))), "{m}: {lines:?}");
        moves.push(m);
    }
    (moves, deepest)
}

/// `Skill Level` below 20 plays weaker, reproducibly: a shallow search over at least four lines,
/// then one of them chosen with a random bonus seeded by the position. `UCI_LimitStrength` with
/// `UCI_Elo` picks a level; without it the rating is ignored. Every move is legal.
#[test]
fn skill_level_and_elo_weaken_the_play_reproducibly() {
    let mut j = uci();
    let (full, full_depth) = skill_moves(&mut j);
    assert_eq!(full_depth, 6);
    j.send("setoption name Skill Level value 0");
    let (weakest, weakest_depth) = skill_moves(&mut j);
    assert_eq!(weakest_depth, 1, "level 0 searches one ply");
    let differ = full.iter().zip(&weakest).filter(|(a, b)| a != b).count();
    assert!(differ >= 2, "level 0 played as full strength: {weakest:?} and {full:?}");
    assert_eq!(skill_moves(&mut j).0, weakest, "the same level, the same moves");
    // Level 0 reports four lines at depth 1, though MultiPV is 1.
    j.send(&format!("position fen {}", SKILL_POSITIONS[1]));
    j.send("go depth 6");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    for k in 1..=4 {
        let line = |l: &&String| l.starts_with("info depth 1 ") && l.contains(&format!(" multipv {k} "));
        assert!(lines.iter().any(|l| line(&l)), "line {k}: {lines:?}");
    }
    // A bad value changes nothing: still level 0.
    j.send("setoption name Skill Level value 42");
    sync(&mut j);
    assert_eq!(skill_moves(&mut j).0, weakest);
    // The rating counts only with UCI_LimitStrength: the lowest is level 0, the highest full
    // strength.
    j.send("setoption name Skill Level value 20");
    j.send(&format!("setoption name UCI_Elo value {}", Skill::MIN_ELO));
    assert_eq!(skill_moves(&mut j).0, full, "UCI_Elo without UCI_LimitStrength");
    j.send("setoption name UCI_LimitStrength value true");
    assert_eq!(skill_moves(&mut j).0, weakest, "UCI_Elo {}", Skill::MIN_ELO);
    j.send(&format!("setoption name UCI_Elo value {}", Skill::MAX_ELO));
    assert_eq!(skill_moves(&mut j), (full, 6), "UCI_Elo {}", Skill::MAX_ELO);
    j.send("quit");
    j.finish();
}

/// `UCI_ShowWDL`: every `info` line with a score carries `wdl W D L` after it, permille summing
/// to 1000, growing with the score; mates are certain. Off by default and in four-seat games.
#[test]
fn show_wdl_adds_win_draw_loss_to_every_score() {
    let wdl = |line: &str| -> Option<(u32, u32, u32)> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "wdl")?;
        assert_eq!(words[at - 3], "score", "wdl right after the score: {line}");
        let n = |k: usize| words[at + k].parse::<u32>().unwrap();
        Some((n(1), n(2), n(3)))
    };
    let mut j = uci();
    j.send("go depth 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| wdl(l).is_none()), "off by default: {lines:?}");
    j.send("setoption name UCI_ShowWDL value true");
    // White is a queen up: White wins most of the time, Black rarely.
    for (fen, winning) in
        [("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1", true), ("3qk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", false)]
    {
        j.send(&format!("position fen {fen}"));
        j.send("go depth 4");
        let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
        let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!infos.is_empty());
        for l in infos {
            let (w, d, l3) = wdl(l).unwrap_or_else(|| panic!("no wdl: {l}"));
            assert_eq!(w + d + l3, 1000, "{l}");
            assert!(if winning { w > 800 } else { l3 > 800 }, "{l}");
        }
    }
    // Mate in one, and mated.
    j.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    j.send("go depth 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains("score mate 1 wdl 1000 0 0 ")), "{lines:?}");
    j.send("position fen 6k1/8/8/8/8/8/r4PPP/6K1 b - - 0 1 moves a2a1");
    j.send("go depth 3");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(
        lines[0].starts_with("info depth 0 ") && lines[0].contains("score mate 0 wdl 0 0 1000 "),
        "{lines:?}"
    );
    // Four seats: no two-seat curve.
    j.send("setoption name UCI_Variant value fimbriation");
    j.send("go depth 1");
    let lines = j.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| wdl(l).is_none()), "{lines:?}");
    j.send("setoption name UCI_Variant value normal");
    j.send("setoption name UCI_ShowWDL value false");
    j.send("go depth 2");
    let lines = j.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| wdl(l).is_none()), "switched off: {lines:?}");
    j.send("quit");
    j.finish();
}

/// `d` draws the position as `jester show` does, with its text, key and seat to move; `eval`
/// gives the static evaluation from the seat to move's view.
#[test]
fn d_draws_the_position_and_eval_scores_it() {
    let mut j = uci();
    j.send("position startpos moves e2e4");
    j.send("d");
    let lines = sync(&mut j);
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(lines.contains(&format!("Position: {after_e4}")), "{lines:?}");
    assert!(lines.contains(&" 4 | . | . | . | . | P | . | . | . |".to_string()), "{lines:?}");
    assert!(lines.contains(&"To move: Black".to_string()), "{lines:?}");
    let key = lines.iter().find_map(|l| l.strip_prefix("Key: ")).expect("a key");
    assert!(key.len() == 16 && key.chars().all(|c| c.is_ascii_hexdigit()), "{key}");
    let show = std::process::Command::new(env!("CARGO_BIN_EXE_jester"))
        .args(["show", "--variant", "normal", "--moves", "e2e4"])
        .output()
        .unwrap();
    let show = String::from_utf8_lossy(&show.stdout);
    for line in show.lines() {
        assert!(lines.iter().any(|l| l == line), "jester show's line {line:?} missing: {lines:?}");
    }
    // White a queen up: good for White to move, bad for Black to move.
    let eval = |j: &mut Jester, fen: &str| -> i32 {
        j.send(&format!("position fen {fen}"));
        j.send("eval");
        let lines = sync(j);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].starts_with("Terms: "), "{lines:?}");
        let words: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(words[..2], ["Static", "evaluation:"], "{lines:?}");
        words[2].parse().unwrap()
    };
    assert!(eval(&mut j, "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1") > 500);
    assert!(eval(&mut j, "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1") < -500);
    // Every variant: Fimbriation's Red moves first.
    j.send("setoption name UCI_Variant value fimbriation");
    j.send("d");
    let lines = sync(&mut j);
    assert!(lines.contains(&"To move: Red".to_string()), "{lines:?}");
    j.send("eval");
    assert_eq!(sync(&mut j).len(), 2);
    j.send("quit");
    j.finish();
}
