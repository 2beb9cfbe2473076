//! CECP (XBoard) transcripts against the built binary: handshake, ping ordering, games,
//! setboard, errors, analysis, and hostile input.

mod common;

use common::is_legal;
use common::process::{Jester, PROMPT};
use std::time::Duration;

fn xboard() -> Jester {
    let mut j = Jester::start();
    j.send("xboard");
    j.send("protover 2");
    j.read_until(PROMPT, |l| l.contains("done=1"));
    j
}

/// A client that reads jester's own notation in every variant, as `jester match` does: it
/// accepts `feature jester_notation=1`.
fn referee() -> Jester {
    let mut j = xboard();
    j.send("accepted jester_notation");
    j
}

/// Sends `ping n` and returns everything printed before `pong n`.
fn ping(j: &mut Jester, n: u32) -> Vec<String> {
    j.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    let mut lines = j.read_until(PROMPT, |l| l == pong);
    lines.pop();
    lines
}

fn engine_move(j: &mut Jester) -> String {
    let lines = j.read_until(Duration::from_secs(60), |l| l.starts_with("move "));
    lines.last().unwrap()[5..].to_string()
}

#[test]
fn handshake_announces_the_features() {
    let mut j = Jester::start();
    j.send("xboard");
    j.send("protover 2");
    let lines = j.read_until(PROMPT, |l| l.contains("done=1"));
    let features = lines.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "memory=1",
        "smp=1",
        "analyze=1",
        "exclude=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "time=1",
        "myname=\"jester",
        "variants=\"normal",
    ] {
        assert!(features.contains(f), "missing {f}: {features}");
    }
    assert_eq!(ping(&mut j, 7), Vec::<String>::new());
    j.send("quit");
    j.finish();
}

/// CECP's `new` starts standard chess: after a Throne Kings game, XBoard's "New Variant: normal"
/// sends only `new`, and 1.e4 must be legal again.
#[test]
fn new_returns_to_standard_chess() {
    let mut j = xboard();
    j.send("new");
    j.send("variant thronekings");
    j.send("force");
    j.send("usermove e3e4");
    let replies = ping(&mut j, 1);
    assert!(replies.iter().all(|l| !l.contains("Illegal")), "e3e4 is Throne Kings' first move: {replies:?}");
    j.send("new");
    j.send("force");
    j.send("usermove e2e4");
    assert_eq!(ping(&mut j, 2), Vec::<String>::new(), "e2e4 after new");
    j.send("quit");
    j.finish();
}

/// A game with no `level`, `st` or `sd` gets XBoard's default `level 40 5 0`: the engine answers,
/// spending its clock (`time`) over the 40 moves, instead of thinking forever.
#[test]
fn go_without_a_time_control_still_answers() {
    let mut j = xboard();
    j.send("new");
    j.send("time 1000");
    j.send("otim 1000");
    j.send("usermove e2e4");
    let started = std::time::Instant::now();
    let m = engine_move(&mut j);
    assert!(is_legal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &m), "{m}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?} for one move of ten seconds",
        started.elapsed()
    );
    j.send("quit");
    j.finish();
}

/// A command refused while the engine thinks on its move changes nothing, and a settings change
/// restarts the thinking: the move still comes (no time loss in a GUI game).
#[test]
fn refused_commands_do_not_stop_the_engine_thinking() {
    let mut j = xboard();
    j.send("new");
    j.send("st 1");
    j.send("go");
    std::thread::sleep(Duration::from_millis(200));
    for line in ["usermove e7e5", "usermove zzzz", "setboard garbage", "undo", "memory 1"] {
        j.send(line);
    }
    let m = engine_move(&mut j);
    assert!(is_legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &m), "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn plays_both_colours_and_answers_pings_in_order() {
    let mut j = xboard();
    j.send("new");
    j.send("level 0 1 0");
    j.send("post");
    j.send("usermove e2e4");
    let reply = engine_move(&mut j);
    assert!(is_legal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &reply), "{reply}");
    // Thinking output: ply score time nodes pv.
    let lines = ping(&mut j, 1);
    assert!(lines.is_empty(), "{lines:?}");
    // Force mode: moves are only recorded; `go` makes the engine play the side to move.
    j.send("new");
    j.send("force");
    j.send("usermove d2d4");
    j.send("usermove d7d5");
    assert_eq!(ping(&mut j, 2), Vec::<String>::new(), "no move in force mode");
    j.send("go");
    let m = engine_move(&mut j);
    assert!(is_legal("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", &m), "{m}");
    j.send("quit");
    j.finish();
}

#[test]
fn thinking_output_has_the_cecp_columns() {
    let mut j = xboard();
    j.send("new");
    j.send("post");
    j.send("sd 4");
    j.send("go");
    let lines = j.read_until(PROMPT, |l| l.starts_with("move "));
    let thinking: Vec<&String> = lines.iter().filter(|l| !l.starts_with("move ")).collect();
    assert!(!thinking.is_empty());
    for l in &thinking {
        let cols: Vec<&str> = l.split_whitespace().collect();
        assert!(cols.len() >= 5, "{l}");
        for c in &cols[..4] {
            assert!(c.parse::<i64>().is_ok(), "{l}");
        }
    }
    assert!(thinking.last().unwrap().starts_with("4 "), "sd 4 stops at depth 4: {thinking:?}");
    j.send("quit");
    j.finish();
}

#[test]
fn claims_mate_and_reports_illegal_moves() {
    let mut j = xboard();
    j.send("new");
    j.send("force");
    j.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    j.send("go");
    let lines = j.read_until(PROMPT, |l| l.starts_with("1-0"));
    assert!(lines.iter().any(|l| l == "move a1a8"), "{lines:?}");
    assert!(lines.last().unwrap().contains("checkmate"), "{lines:?}");
    // After the game: moves are illegal, the position is kept.
    j.send("new");
    j.send("usermove e2e5");
    j.send("usermove e7e5");
    j.send("usermove zz");
    let lines = ping(&mut j, 3);
    assert_eq!(lines, vec!["Illegal move: e2e5", "Illegal move: e7e5", "Illegal move: zz"]);
    j.send("quit");
    j.finish();
}

/// In `fightingkings` XBoard's Royal Pawn may two-step from anywhere (protocol-docs/xboard.md),
/// so here it believes b6b4 saves Black and would call a mate claim false. The mating engine
/// leaves the verdict to XBoard; the mated engine admits the loss, which XBoard always accepts.
#[test]
fn mates_xboard_cannot_see_are_claimed_by_the_loser() {
    const MATE_IN_ONE: &str = "8/R5pp/nkp5/p1p1P3/P7/5r2/5PPP/6K1 w - - 0 33";
    let mut j = xboard();
    j.send("new");
    j.send("variant fightingkings");
    j.send("force");
    j.send(&format!("setboard {MATE_IN_ONE}"));
    j.send("go");
    assert_eq!(engine_move(&mut j), "a7a6");
    let after = ping(&mut j, 1);
    assert!(after.iter().all(|l| !l.starts_with("1-0") && !l.starts_with("0-1")), "{after:?}");

    j.send("new");
    j.send("variant fightingkings");
    j.send("force");
    j.send(&format!("setboard {MATE_IN_ONE}"));
    j.send("black");
    j.send("usermove a7a6");
    let lines = ping(&mut j, 2);
    assert!(lines.iter().any(|l| l == "1-0 {White wins by checkmate}"), "{lines:?}");

    // Where XBoard's pieces are the real ones the mating engine claims at once.
    j.send("new");
    j.send("variant thronekings");
    j.send("force");
    j.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    j.send("go");
    let lines = j.read_until(PROMPT, |l| l.starts_with("1-0"));
    assert!(lines.iter().any(|l| l == "move a1a8"), "{lines:?}");
    j.send("quit");
    j.finish();
}

#[test]
fn setboard_errors_keep_the_position() {
    let mut j = xboard();
    j.send("new");
    j.send("force");
    j.send("setboard 7k/8/8/8/8/8/6q1/7K w - - 0 1");
    for bad in ["8/8/8 w - -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", ""] {
        j.send(&format!("setboard {bad}"));
        let lines = ping(&mut j, 4);
        assert!(lines.iter().any(|l| l.starts_with("tellusererror")), "{bad}: {lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("Error (illegal position)")), "{bad}: {lines:?}");
    }
    j.send("go");
    assert_eq!(engine_move(&mut j), "h1g2", "the last good position is still on the board");
    j.send("quit");
    j.finish();
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut j = xboard();
    j.send("new");
    j.send("force");
    for m in ["e2e4", "e7e5", "g1f3"] {
        j.send(&format!("usermove {m}"));
    }
    j.send("remove");
    j.send("undo");
    j.send("undo");
    let lines = ping(&mut j, 5);
    assert_eq!(lines, vec!["Error (no move to take back): undo"], "three moves, four taken back");
    // Back at the start: e2e4 is legal again, a Black move is not.
    j.send("usermove e7e5");
    j.send("usermove e2e4");
    assert_eq!(ping(&mut j, 6), vec!["Illegal move: e7e5"]);
    j.send("quit");
    j.finish();
}

#[test]
fn analysis_mode_follows_moves_and_reports_stat01() {
    let mut j = xboard();
    j.send("new");
    j.send("force");
    j.send("post");
    j.send("analyze");
    j.read_until(PROMPT, |l| l.starts_with("5 "));
    j.send(".");
    j.read_until(PROMPT, |l| l.starts_with("stat01: "));
    // A move in analysis mode restarts the analysis on the new position; nothing is played.
    j.send("usermove e2e4");
    let lines = j.read_until(PROMPT, |l| l.starts_with("5 "));
    assert!(lines.iter().all(|l| !l.starts_with("move ")), "{lines:?}");
    // Exclude a move: it must disappear from the principal variations.
    j.send("exclude e7e5");
    j.send("exclude c7c5");
    std::thread::sleep(Duration::from_millis(200));
    let lines = ping(&mut j, 8);
    j.send("exit");
    let after = ping(&mut j, 9);
    let fresh: Vec<&String> =
        lines.iter().chain(after.iter()).filter(|l| l.split_whitespace().count() >= 5).collect();
    assert!(!fresh.is_empty());
    for l in fresh.iter().rev().take(3) {
        let first = l.split_whitespace().nth(4).unwrap();
        assert!(first != "e7e5" && first != "c7c5", "excluded move in {l}");
    }
    j.send("quit");
    j.finish();
}

/// `notachessweak` (variants.md N11) is offered in `feature variants` and set by `variant` for a
/// client that reads jester's notation (no `setup`: it needs no board description). The loop that
/// a3a4/d4e closes stays, so d4e cannot be wired again; c4e then completes two outlines.
#[test]
fn notachessweak_is_a_cecp_variant_that_keeps_larger_loops() {
    let mut j = Jester::start();
    j.send("xboard");
    j.send("protover 2");
    let features = j.read_until(PROMPT, |l| l.contains("done=1")).join(" ");
    assert!(features.contains(",notachessweak"), "{features}");
    j.send("accepted jester_notation");
    j.send("variant notachessweak");
    assert_eq!(ping(&mut j, 1), Vec::<String>::new());
    j.send("setboard **4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n,d3n,d4n 0 10");
    j.send("force");
    j.send("usermove a3a4/d4e");
    j.send("usermove g5f5/d4e");
    assert_eq!(ping(&mut j, 2), ["Illegal move: g5f5/d4e"]);
    j.send("usermove g5f5/c4e");
    assert_eq!(ping(&mut j, 3), Vec::<String>::new());
    j.send("quit");
    j.finish();
}

/// `exclude all` never lists every move (a Not A Chess Variant opening has 61 million turns): the
/// engine answers at once, and after `exclude all` an `include` leaves only that move.
#[test]
fn exclude_all_is_not_a_list_of_every_move() {
    let mut j = referee();
    j.send("variant notachessvariant");
    j.send("exclude all");
    let replies = ping(&mut j, 1);
    assert!(replies.iter().all(|l| l.starts_with("Error")), "{replies:?}");
    j.send("new");
    j.send("force");
    j.send("post");
    j.send("analyze");
    j.send("exclude all");
    j.send("include g1h3");
    j.read_until(PROMPT, |l| l.split_whitespace().nth(4) == Some("g1h3"));
    // Nothing left to analyse: the analysis stops.
    j.send("exclude g1h3");
    ping(&mut j, 2);
    let late = j.drain(Duration::from_millis(500));
    assert!(late.is_empty(), "{late:?}");
    j.send("exit");
    j.send("quit");
    j.finish();
}

#[test]
fn unknown_commands_get_an_error_reply() {
    let mut j = xboard();
    for (line, reply) in [
        ("hello", "Error (unknown command): hello"),
        ("foo bar baz", "Error (unknown command): foo bar baz"),
        ("sd -1", "Error (bad sd value): sd -1"),
        ("sd many", "Error (bad sd value): sd many"),
        ("st 0", "Error (bad st value): st 0"),
        ("level 40", "Error (bad level): level 40"),
        ("level 40 5 x", "Error (bad level): level 40 5 x"),
        ("time abc", "Error (bad time): time abc"),
        ("memory 0", "Error (bad memory value): memory 0"),
        ("cores -2", "Error (bad cores value): cores -2"),
        ("variant xiangqi", "Error (unknown variant 'xiangqi' (try 'jester variants')): variant xiangqi"),
        ("exit", "Error (not analyzing): exit"),
        ("option Nonsense=3", "Error (unknown option): option Nonsense=3"),
        (
            "option lmr_divisor=wide",
            "Error (invalid value 'wide' for search parameter 'lmr_divisor' (expected 50 to 2000)): option lmr_divisor=wide",
        ),
    ] {
        j.send(line);
        assert_eq!(ping(&mut j, 10), vec![reply.to_string()], "{line}");
    }
    j.send("quit");
    j.finish();
}

/// Hostile lines: the engine stays alive, keeps `ping` order, and never panics.
#[test]
fn hostile_lines_never_break_the_engine() {
    let hostile: Vec<String> = vec![
        "level 99999999999 99999999:99 99999999".into(),
        "level 40 0:99999999999999999999 0".into(),
        "level -1 5 0".into(),
        "level 0 5 NaN".into(),
        "level 0 5 inf".into(),
        "st 1e308".into(),
        "st -0".into(),
        "st NaN".into(),
        "sd 99999999999999999999".into(),
        "sd 0".into(),
        "time -99999".into(),
        "otim x".into(),
        "nps -1".into(),
        "nps 18446744073709551616".into(),
        "memory 99999999999999".into(),
        "cores 99999999".into(),
        "ping".into(),
        "usermove".into(),
        "usermove e2e4 e7e5".into(),
        "setboard".into(),
        format!("setboard {}", "k".repeat(10_000)),
        "variant".into(),
        "exclude".into(),
        "include zz".into(),
        "option".into(),
        "option =".into(),
        "result".into(),
        ".".into(),
        "?".into(),
        "\u{0}\u{1b}[2J".into(),
        "x".repeat(100_000),
    ];
    let mut j = xboard();
    j.send("new");
    j.send("force");
    for (i, line) in hostile.iter().enumerate() {
        j.send(line);
        let replies = ping(&mut j, 100 + i as u32);
        assert!(replies.iter().all(|r| !r.starts_with("move ")), "{line:.60}: {replies:?}");
    }
    // Still playing correctly afterwards.
    j.send("new");
    j.send("sd 3");
    j.send("usermove e2e4");
    let m = engine_move(&mut j);
    assert!(is_legal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &m), "{m}");
    j.send("quit");
    j.finish();
    assert!(hostile.len() >= 30);
}

#[test]
fn four_seats_play_their_turns_and_report_the_result_in_a_comment() {
    use jester::core::{Game, Record};
    use jester::variants::fimbriation::Fimbriation;
    let mut j = referee();
    j.send("variant fimbriation");
    assert_eq!(ping(&mut j, 1), Vec::<String>::new(), "a referee gets no setup");
    // The engine plays Blue: it answers at Blue's turns only, after the other three seats.
    j.send("new");
    j.send("variant fimbriation");
    j.send("force");
    j.send("sd 2");
    j.send("usermove e1g1");
    j.send("go");
    let mut record = Record::new(Fimbriation::start());
    record.play_token("e1g1").unwrap();
    let blue = engine_move(&mut j);
    record.play_token(&blue).unwrap_or_else(|e| panic!("Blue's {blue}: {e}"));
    // Yellow, Green and Red move (their first legal moves); then Blue again.
    for _ in 0..3 {
        let m = record.position();
        let mut legal = jester::core::MoveList::new();
        m.legal_moves(&mut legal);
        let token = m.render_move(legal[0]);
        record.play_token(&token).unwrap();
        j.send(&format!("usermove {token}"));
    }
    let blue = engine_move(&mut j);
    record.play_token(&blue).unwrap_or_else(|e| panic!("Blue's second {blue}: {e}"));
    assert_eq!(ping(&mut j, 2), Vec::<String>::new());
    // The four-seat search is an option here too.
    j.send("option MultiSeatSearch=Paranoid");
    assert_eq!(ping(&mut j, 5), Vec::<String>::new());
    j.send("option MultiSeatSearch=maxn");
    let lines = ping(&mut j, 6);
    assert!(lines.iter().any(|l| l.starts_with("Error (bad option value)")), "{lines:?}");
    // `playother` names no one seat of four.
    j.send("playother");
    let lines = ping(&mut j, 3);
    assert!(lines.iter().any(|l| l.starts_with("Error (playother needs two seats")), "{lines:?}");
    // `go` in a finished game answers with the result: `*`, the winner and the elimination order
    // in the comment (CECP's results know only two colours).
    j.send("force");
    j.send("setboard ***8***/***8***/***8***/14/14/5****5/5****5/5****5/5****5/14/3rK10/***8***/***8***/***8*** r - - ybg 0 40");
    j.send("go");
    let lines = ping(&mut j, 4);
    assert!(
        lines
            .iter()
            .any(|l| l == "* {Red wins by last seat standing; eliminated in order: Yellow, Blue, Green}"),
        "{lines:?}"
    );
    j.send("quit");
    j.finish();
}

/// The armies over CECP: `option WhiteArmy=...` before `variant cwda` shapes the `setup` and
/// `piece` lines (each side's corner piece in its Rook slot, the Clobberers' King castling three
/// squares); `new` keeps the options; a bad value is refused by name; `setboard` texts without
/// an armies field get the options'.
#[test]
fn army_options_shape_the_setup() {
    let mut j = xboard();
    j.send("option WhiteArmy=rookies");
    j.send("option BlackArmy=clobberers");
    j.send("new");
    j.send("variant cwda");
    let lines = ping(&mut j, 1);
    assert_eq!(
        lines.first().map(String::as_str),
        Some(
            "setup (PNBSQFEAMW..IDTHL.R.UKpnbdqfeamw..irthl.s.uk) 8x8+0_fairy \
             defakfed/pppppppp/8/8/8/8/PPPPPPPP/SWHMKHWS w KQkq - 0 1"
        ),
        "{lines:?}"
    );
    for piece in ["piece S R4", "piece d BD", "piece t fsRbWbF", "piece K KisO2", "piece k KilO2rO3"] {
        assert!(lines.iter().any(|l| l == piece), "missing '{piece}' in {lines:?}");
    }
    j.send("option BlackArmy=zebras");
    let lines = ping(&mut j, 2);
    assert!(lines.len() == 1 && lines[0].starts_with("Error") && lines[0].contains("zebras"), "{lines:?}");
    // A Black Bede is a Clobberer: accepted. A Charging Rook belongs to neither army.
    j.send("setboard 3dk3/8/8/8/8/8/8/4K2S b - - 0 1");
    assert_eq!(ping(&mut j, 3), Vec::<String>::new());
    j.send("setboard 3tk3/8/8/8/8/8/8/4K2S b - - 0 1");
    let lines = ping(&mut j, 4);
    assert!(lines.iter().any(|l| l.starts_with("tellusererror") && l.contains("'td8'")), "{lines:?}");
    // The engine plays from the position kept (Black to move, a Bede on d8).
    j.send("sd 3");
    j.send("go");
    let reply = engine_move(&mut j);
    assert!(reply.starts_with("d8") || reply.starts_with("e8"), "{reply}");
    // A new game keeps the armies: the same setup again.
    j.send("new");
    j.send("variant cwda");
    let lines = ping(&mut j, 5);
    assert!(lines.first().is_some_and(|l| l.ends_with("SWHMKHWS w KQkq - 0 1")), "{lines:?}");
    j.send("quit");
    j.finish();
}

/// `option FischerCastling=1` (for an XBoard started with `-fischerCastling`): the cwda
/// `setup` keeps every piece in its own slot (the Rookies' Short Rook `S` and the Clobberers'
/// Bede `d` stay out of the Rook's, so no two kinds share a picture) and names the castling
/// corners by their files; a `setboard` in that form keeps its castling rights (the King then
/// castles), while a file naming no corner is refused by name and the position kept. A bad
/// value is refused; switching back restores the Rook-slot form.
#[test]
fn fischer_castling_option_gives_each_piece_its_own_slot() {
    let mut j = xboard();
    j.send("option WhiteArmy=rookies");
    j.send("option BlackArmy=clobberers");
    j.send("option FischerCastling=1");
    j.send("new");
    j.send("variant cwda");
    let lines = ping(&mut j, 1);
    assert_eq!(
        lines.first().map(String::as_str),
        Some(
            "setup (PNBRQFEAMW..IDTHL.S.UKpnbrqfeamw..idthl.s.uk) 8x8+0_fairy \
             defakfed/pppppppp/8/8/8/8/PPPPPPPP/SWHMKHWS w HAha - 0 1"
        ),
        "{lines:?}"
    );
    // Castling rights in file letters, as XBoard writes them: White may castle on the h-side.
    j.send("setboard d3k2d/8/8/8/8/8/8/S3K2S w Hh - 0 1");
    assert_eq!(ping(&mut j, 2), Vec::<String>::new());
    j.send("usermove e1g1");
    assert_eq!(ping(&mut j, 3), Vec::<String>::new(), "castling with the right kept");
    // A file that is no castling corner: refused naming the field, the position kept.
    j.send("setboard d3k2d/8/8/8/8/8/8/S3K2S w Bh - 0 1");
    let lines = ping(&mut j, 4);
    assert!(lines.iter().any(|l| l.starts_with("tellusererror") && l.contains("'Bh'")), "{lines:?}");
    j.send("usermove e8d7");
    assert_eq!(ping(&mut j, 5), Vec::<String>::new(), "Black to move after e1g1 in the kept game");
    j.send("option FischerCastling=maybe");
    let lines = ping(&mut j, 6);
    assert!(lines.len() == 1 && lines[0].starts_with("Error") && lines[0].contains("maybe"), "{lines:?}");
    j.send("option FischerCastling=0");
    j.send("new");
    j.send("variant cwda");
    let lines = ping(&mut j, 7);
    assert!(
        lines.first().is_some_and(|l| l.starts_with("setup (PNBSQ") && l.ends_with(" w KQkq - 0 1")),
        "{lines:?}"
    );
    j.send("quit");
    j.finish();
}

/// The variants XBoard cannot show, talking to XBoard (which rejects `feature jester_notation`):
/// a `setup` of the start as far as XBoard can draw it (so it does not fall back to chess), one
/// `tellusererror` saying why and where to play it (XBoard's two `variant` commands at start-up
/// bring one), `setboard` of that board taken without complaint, and asked to move, a claim of
/// its own loss naming the reason (the one claim XBoard accepts untested), never a move. The
/// engine stays usable: the next game of chess is played.
#[test]
fn variants_xboard_cannot_show_are_declined_with_one_message() {
    for variant in
        ["firefighter", "tirebiter", "nickdanger", "notachessvariant", "notachessweak", "fimbriation"]
    {
        let mut j = xboard();
        j.send("rejected jester_notation");
        j.send("new");
        j.send(&format!("variant {variant}"));
        j.send("new");
        j.send(&format!("variant {variant}"));
        let lines = ping(&mut j, 1);
        let setups: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
        assert_eq!(setups.len(), 2, "{variant}: {lines:?}");
        let told: Vec<&String> = lines.iter().filter(|l| l.starts_with("tellusererror")).collect();
        assert_eq!(told.len(), 1, "{variant}: {lines:?}");
        assert!(
            told[0].contains(&format!("XBoard cannot show {variant} (")) && told[0].contains("jester serve"),
            "{variant}: {told:?}"
        );
        assert_eq!(lines.len(), 3, "{variant}: nothing else: {lines:?}");
        // XBoard echoes the setup's FEN to the second engine.
        let fen = setups[0].splitn(3, ' ').nth(2).unwrap().split_once(' ').unwrap().1;
        j.send(&format!("setboard {fen}"));
        assert_eq!(ping(&mut j, 2), Vec::<String>::new(), "{variant}: setboard {fen}");
        // The engine plays White (`go`): it claims its own loss.
        j.send("go");
        let lines = ping(&mut j, 3);
        assert_eq!(lines.len(), 1, "{variant}: {lines:?}");
        assert!(lines[0].starts_with(&format!("0-1 {{XBoard cannot show {variant} (")), "{lines:?}");
        // A person plays White against it: after their move, Black claims its loss.
        j.send("new");
        j.send(&format!("variant {variant}"));
        j.send("usermove e2e4");
        let lines: Vec<String> = ping(&mut j, 4).into_iter().filter(|l| !l.starts_with("setup")).collect();
        assert!(lines.len() == 1 && lines[0].starts_with("1-0 {XBoard cannot show"), "{variant}: {lines:?}");
        // Standard chess again: the engine plays.
        j.send("new");
        j.send("sd 2");
        j.send("usermove e2e4");
        let m = engine_move(&mut j);
        assert!(is_legal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &m), "{m}");
        j.send("quit");
        j.finish();
    }
}

/// A client that accepts `feature jester_notation=1` gets every variant, with no board
/// description and no refusal: the engine plays the variant's own moves.
#[test]
fn a_client_reading_jester_notation_plays_every_variant() {
    use jester::variants::VARIANTS;
    let mut j = referee();
    for info in VARIANTS {
        j.send("new");
        j.send(&format!("variant {}", info.name));
        let lines = ping(&mut j, 1);
        assert!(
            lines.iter().all(|l| !l.starts_with("tellusererror") && !l.starts_with("Error")),
            "{lines:?}"
        );
        j.send("sd 1");
        j.send("go");
        let m = engine_move(&mut j);
        assert!(!m.is_empty(), "{}", info.name);
        j.send("force");
    }
    j.send("quit");
    j.finish();
}

/// Every `setup` FEN jester sends XBoard is read back by `setboard` (XBoard sends it to the
/// second engine): the variants XBoard carries, with every pair of armies in `cwda`.
#[test]
fn every_setup_fen_is_read_back_by_setboard() {
    let mut j = xboard();
    let armies = ["fide", "clobberers", "nutty", "rookies"];
    let mut games: Vec<(String, Option<(&str, &str)>)> =
        ["fightingkings", "thronekings"].iter().map(|v| (v.to_string(), None)).collect();
    for white in armies {
        for black in armies {
            games.push(("cwda".to_string(), Some((white, black))));
        }
    }
    for (n, (variant, armies)) in games.iter().enumerate() {
        if let Some((white, black)) = armies {
            j.send(&format!("option WhiteArmy={white}"));
            j.send(&format!("option BlackArmy={black}"));
        }
        j.send("new");
        j.send(&format!("variant {variant}"));
        let lines = ping(&mut j, 2 * n as u32);
        let setup =
            lines.iter().rev().find(|l| l.starts_with("setup (")).unwrap_or_else(|| panic!("{lines:?}"));
        let fen = setup.splitn(3, ' ').nth(2).unwrap().split_once(' ').unwrap().1;
        j.send(&format!("setboard {fen}"));
        assert_eq!(
            ping(&mut j, 2 * n as u32 + 1),
            Vec::<String>::new(),
            "{variant} {armies:?}: setboard {fen}"
        );
    }
    j.send("quit");
    j.finish();
}
