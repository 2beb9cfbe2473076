//! The `jester` binary's command-line contract (protocol-docs/cli.md), tested by
//! running the shipped binary.
//!
//! * Bad input of any kind: exit status 2, nothing on stdout, exactly one line on stderr naming
//!   the offending token, never a panic.
//! * `perft`, `moves`, `show`, `variants`: the output shapes scripts rely on.
//! * A closed stdout pipe is not a crash.

#[path = "common/pgn_library.rs"]
mod pgn_library;

use pgn_library::read_pgn;
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The 20 legal first moves, written out by hand, sorted as strings.
const START_MOVES: [&str; 20] = [
    "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
    "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
];

fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jester"));
    cmd.args(args)
        // A RUST_LOG from the caller's environment would add log lines to stderr.
        .env_remove("RUST_LOG")
        .stdin(Stdio::null());
    cmd
}

/// Runs the binary to completion.
fn jester(args: &[&str]) -> Output {
    command(args).output().unwrap_or_else(|e| panic!("cannot run jester {args:?}: {e}"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let out = jester(args);
    assert!(out.status.success(), "jester {args:?} failed with {:?}; stderr: {}", out.status, stderr(&out));
    assert!(out.stderr.is_empty(), "jester {args:?} wrote to stderr: {}", stderr(&out));
    stdout(&out)
}

/// The count on perft's last line, `Nodes searched: N`.
fn nodes_searched(text: &str) -> u64 {
    let last = text.lines().last().expect("perft printed nothing");
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line of perft is not 'Nodes searched: N': {last:?}"))
}

/// A canonical FIDE move token: `e2e4`, `e7e8q`.
fn is_move_token(t: &str) -> bool {
    let b = t.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------------------------

/// One bad invocation and the token its error line must name.
struct Case {
    what: &'static str,
    args: Vec<String>,
    /// Must appear verbatim in the stderr line, as a whole word (see [`names`]).
    token: String,
    /// Further text the stderr line must contain.
    also: Option<&'static str>,
}

fn case(what: &'static str, args: &[&str], token: &str) -> Case {
    Case { what, args: args.iter().map(|a| a.to_string()).collect(), token: token.to_string(), also: None }
}

impl Case {
    fn also(mut self, text: &'static str) -> Case {
        self.also = Some(text);
        self
    }
}

/// `moves --fen <fen>`, expecting `token` in the error.
fn fen(what: &'static str, fen: &str, token: &str) -> Case {
    case(what, &["moves", "--fen", fen], token)
}

/// `moves --moves <moves>`, expecting `token` in the error.
fn moves(what: &'static str, moves: &str, token: &str) -> Case {
    case(what, &["moves", "--moves", moves], token)
}

fn hostile_cases() -> Vec<Case> {
    let long = "x".repeat(10_000);
    let long_move = "a".repeat(10_000);
    let long_number = "9".repeat(10_000);
    let long_clock_fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {long_number} 1");
    let too_few = "4k3/8/8/8/8/8/8/4K3 w -";
    vec![
        // Variants.
        case("unknown variant", &["perft", "--variant", "xiangqi", "--depth", "1"], "xiangqi"),
        // Armies (A4): unknown names, armies asked of a variant without them, pieces of neither army.
        case("unknown army", &["moves", "--variant", "cwda", "--white-army", "zulus"], "zulus"),
        case("army in normal", &["moves", "--black-army", "nutty"], "fide/nutty").also("has no armies"),
        case(
            "piece of neither army",
            &["moves", "--variant", "cwda", "--fen", "4k3/8/8/8/8/8/8/M3K3 w - - 0 1 clobberers/nutty"],
            "Ma1",
        ),
        case(
            "bad armies field",
            &["moves", "--variant", "cwda", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 fide/zulus"],
            "fide/zulus",
        ),
        fen("armies field in normal", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 fide/nutty", "fide/nutty"),
        // Control characters in a quoted token are shown escaped, keeping the message one line.
        case("variant name with a newline", &["moves", "--variant", "foo\nbar"], "foo\\nbar"),
        // FEN: fields.
        fen("too few fields", too_few, too_few),
        fen("too many fields", &format!("{START_FEN} extra"), "extra"),
        // FEN: board.
        fen("7 ranks", "4k3/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/4K3"),
        fen("9 ranks", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/8/4K3"),
        fen("rank of 9 squares", "4k4/8/8/8/8/8/8/4K3 w - - 0 1", "4k4"),
        fen("rank of 7 squares", "4k2/8/8/8/8/8/8/4K3 w - - 0 1", "4k2"),
        fen("bad piece letter", "4k3/8/8/3x4/8/8/8/4K3 w - - 0 1", "x"),
        fen("digit 0", "4k3/8/8/08/8/8/8/4K3 w - - 0 1", "0"),
        fen("digit 9", "4k3/8/8/9/8/8/8/4K3 w - - 0 1", "9"),
        fen("emoji in a rank", "4k3/8/8/8/😀/8/8/4K3 w - - 0 1", "😀"),
        // FEN: side, castling, en passant, counters.
        fen("bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "x"),
        fen("castling KQkqK", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "KQkqK"),
        fen("castling Z", "4k3/8/8/8/8/8/8/4K3 w Z - 0 1", "Z"),
        fen("castling é", "4k3/8/8/8/8/8/8/4K3 w é - 0 1", "é"),
        fen("ep e9", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "e9"),
        fen("ep z3", "4k3/8/8/8/8/8/8/4K3 w - z3 0 1", "z3"),
        fen("ep e3 with white to move", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "e3"),
        fen("ep e6 without a pawn on e5", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "e6"),
        fen("halfmove -1", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "-1"),
        fen("halfmove abc", "4k3/8/8/8/8/8/8/4K3 w - - abc 1", "abc"),
        fen("fullmove 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "0"),
        // FEN: position invariants.
        fen("no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8"),
        fen("two black kings", "4k3/8/8/8/8/8/8/k3K3 w - - 0 1", "4k3/8/8/8/8/8/8/k3K3"),
        fen("pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"),
        fen("pawn on rank 1", "4k3/8/8/8/8/8/8/3pK3 w - - 0 1", "d1"),
        fen("side not to move in check", "4k3/8/8/8/8/8/8/4R2K w - - 0 1", "w"),
        fen("castling right without rook", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "Q"),
        // Long tokens.
        fen("10,000-character FEN", &long, &long),
        fen("10,000-digit halfmove clock", &long_clock_fen, &long_number),
        moves("10,000-character move", &long_move, &long_move),
        // Moves.
        moves("pawn three squares", "e2e5", "e2e5"),
        moves("black move for white", "e7e5", "e7e5"),
        moves("garbage", "zz", "zz"),
        moves("half a move", "e2", "e2"),
        moves("promotion letter on a plain move", "e2e4q", "e2e4q"),
        moves("legal only after another move", "f1c4", "f1c4"),
        moves("illegal after legal ones", "e2e4 e7e5 e1e3", "e1e3"),
        moves("illegal SAN", "Nf6", "Nf6"),
        moves("ambiguous SAN", "Nf3 a6 Nc3 a5 Nd4 h6 Nb5", "Nb5"),
        moves("accented garbage", "é4", "é4"),
        moves("emoji", "e2e4 😀", "😀"),
        moves("move after checkmate", "f2f3 e7e5 g2g4 d8h4 e2e4", "e2e4"),
        // Command line.
        case("depth abc", &["perft", "--depth", "abc"], "abc"),
        case("depth -1", &["perft", "--depth", "-1"], "-1"),
        case("depth 99", &["perft", "--depth", "99"], "99"),
        case("depth 33", &["perft", "--depth", "33"], "33"),
        case("threads 0", &["perft", "--depth", "1", "--threads", "0"], "0"),
        case("unknown flag", &["perft", "--depth", "1", "--bogus"], "--bogus"),
        case("missing --depth", &["perft"], "--depth"),
        case("--depth twice", &["perft", "--depth", "1", "--depth", "2"], "--depth"),
        case("--moves without a value", &["moves", "--moves"], "--moves"),
        case("stray positional", &["perft", "--depth", "1", "extra"], "extra"),
        case("unknown subcommand", &["frobnicate"], "frobnicate"),
        // jester tune.
        case(
            "tune: positions of another variant",
            &["tune", "--variant", "fimbriation", "--data", SAMPLE],
            "tune-normal.epd: line 4",
        ),
        case("tune: a missing data file", &["tune", "--data", "no-such-file.pgn"], "no-such-file.pgn"),
        case(
            "tune: a weight prefix that names none",
            &["tune", "--data", SAMPLE, "--only", "materiel"],
            "materiel",
        ),
        case("tune: learning rate 0", &["tune", "--data", SAMPLE, "--learning-rate", "0"], "0"),
        case("tune: no --data", &["tune"], "--data"),
        case(
            "tune: a missing held-out file",
            &["tune", "--data", SAMPLE, "--validate", "no-such-held-out.epd"],
            "no-such-held-out.epd",
        ),
        case(
            "tune: held-out files without a position",
            &["tune", "--data", SAMPLE, "--validate", "/dev/null"],
            "/dev/null",
        ),
        case(
            "tune: an EPD line without a result",
            &["tune", "--data", "engine-tests/data/tactics.epd"],
            "tactics.epd",
        ),
        case("tune: score weight above 1", &["tune", "--data", SAMPLE, "--score-weight", "1.5"], "1.5"),
        case(
            "tune: a score weight without scores in the data",
            &["tune", "--data", SAMPLE, "--score-weight", "0.5"],
            "--score-weight 0.5",
        ),
    ]
}

/// The contract violations of one run, empty if it meets the contract.
fn violations(case: &Case, out: &Output) -> Vec<String> {
    let mut bad = Vec::new();
    let err = stderr(out);
    if out.status.code() != Some(2) {
        bad.push(format!("exit status {:?}, expected 2", out.status));
    }
    if !out.stdout.is_empty() {
        bad.push(format!("stdout not empty: {:?}", stdout(out)));
    }
    if err.contains("panicked") {
        bad.push("stderr reports a panic".to_string());
    }
    if err.trim().is_empty() {
        bad.push("stderr is empty".to_string());
    }
    if !(err.ends_with('\n') && err.matches('\n').count() == 1) {
        bad.push("stderr is not exactly one line".to_string());
    }
    if !names(&err, &case.token) {
        bad.push(format!("stderr does not name the token {:?}", clip(&case.token)));
    }
    if let Some(text) = case.also {
        if !err.contains(text) {
            bad.push(format!("stderr does not say {text:?}"));
        }
    }
    bad
}

/// Whether `text` contains `token` as a whole word: not run together with letters or digits on
/// either side (so `'0'` names the token `0`, but `10` does not).
fn names(text: &str, token: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(token)
        .any(|(i, _)| !word(text[..i].chars().next_back()) && !word(text[i + token.len()..].chars().next()))
}

fn clip(s: &str) -> String {
    if s.chars().count() > 80 {
        format!("{}...", s.chars().take(80).collect::<String>())
    } else {
        s.to_string()
    }
}

/// Runs the cases and reports every violation at once.
fn check_cases<'a>(cases: impl Iterator<Item = &'a Case>) {
    let mut report = Vec::new();
    let mut n = 0;
    for case in cases {
        n += 1;
        let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
        let out = jester(&args);
        let bad = violations(case, &out);
        if !bad.is_empty() {
            let shown: Vec<String> = args.iter().map(|a| clip(a)).collect();
            report.push(format!(
                "{} (jester {:?}):\n    {}\n    stderr: {}",
                case.what,
                shown,
                bad.join("\n    "),
                clip(&stderr(&out))
            ));
        }
    }
    assert!(n > 0, "no cases ran");
    assert!(
        report.is_empty(),
        "{} of {n} cases broke the bad-input contract:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn hostile_inputs_are_rejected_cleanly() {
    let cases = hostile_cases();
    assert!(cases.len() >= 30);
    check_cases(cases.iter());
}

// ---------------------------------------------------------------------------------------------
// Output contracts
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_depth_3_from_the_start() {
    assert_eq!(nodes_searched(&ok(&["perft", "--depth", "3"])), 8902);
}

#[test]
fn perft_depth_0_is_one_node() {
    assert_eq!(nodes_searched(&ok(&["perft", "--depth", "0"])), 1);
}

#[test]
fn perft_with_threads() {
    let text = ok(&["perft", "--depth", "4", "--threads", "2"]);
    assert_eq!(nodes_searched(&text), 197_281);
}

#[test]
fn perft_from_a_fen_and_moves() {
    // "Kiwipete" (chessprogramming.org perft results, position 2).
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(nodes_searched(&ok(&["perft", "--fen", kiwipete, "--depth", "3"])), 97_862);
    // After 1. e4 there are 20 replies.
    assert_eq!(nodes_searched(&ok(&["perft", "--moves", "e2e4", "--depth", "1"])), 20);
}

#[test]
fn perft_divide_lists_each_root_move() {
    let text = ok(&["perft", "--depth", "2", "--divide"]);
    let divide: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|line| {
            let (token, count) = line.split_once(": ")?;
            if !is_move_token(token) {
                return None;
            }
            Some((token, count.parse().ok()?))
        })
        .collect();
    let tokens: Vec<&str> = divide.iter().map(|&(t, _)| t).collect();
    assert_eq!(tokens, START_MOVES, "divide lines in:\n{text}");
    assert!(divide.iter().all(|&(_, n)| n == 20), "{text}");
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 400);
    assert_eq!(nodes_searched(&text), 400);
    // The divide lines come before the total.
    let lines: Vec<&str> = text.lines().collect();
    let last_divide = lines.iter().rposition(|l| l.starts_with("h2h4: ")).unwrap();
    assert!(last_divide < lines.len() - 1);
}

#[test]
fn moves_from_the_start() {
    let text = ok(&["moves"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines, START_MOVES);
    assert!(text.ends_with('\n'));
}

#[test]
fn moves_are_sorted_canonical_tokens() {
    // Castling as the king's move, promotions with a lowercase letter.
    let text = ok(&["moves", "--fen", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().all(|t| is_move_token(t)), "{text}");
    let mut sorted = lines.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(lines, sorted, "not sorted or has duplicates");
    for token in ["e1g1", "e1c1", "b7b8q", "b7b8n", "b7a8r", "b7a8b"] {
        assert!(lines.contains(&token), "{token} missing from:\n{text}");
    }
    assert!(!lines.contains(&"e1h1") && !lines.contains(&"e1a1"));
}

#[test]
fn moves_accepts_san() {
    let san = ok(&["moves", "--moves", "e4 e5 Nf3"]);
    let canonical = ok(&["moves", "--moves", "e2e4 e7e5 g1f3"]);
    assert_eq!(san, canonical);
    assert_eq!(san.lines().count(), 29);
    let show = ok(&["show", "--moves", "e4 e5 Nf3"]);
    assert!(
        show.lines().any(|l| l == "Position: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
        "{show}"
    );
}

/// A SAN pawn move without its file is a push, never a capture: with the Bishop on b5, `b5` is
/// refused (only axb5 reaches it), as is `d5` where only exd5 could; with the Bishop gone to a4,
/// `b5` is the b-pawn's two-step.
#[test]
fn san_pawn_push_is_never_read_as_a_capture() {
    for (line, token) in [("e4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6 Re1 b5", "'b5'"), ("e4 d5 d5", "'d5'")] {
        let out = jester(&["show", "--moves", line]);
        assert_eq!(out.status.code(), Some(2), "{line}: {}", stdout(&out));
        assert!(stderr(&out).contains(token), "{line}: {}", stderr(&out));
    }
    // Tirebiter's SAN for one-leg moves reads pawns alike.
    let out = jester(&["show", "--variant", "tirebiter", "--moves", "e4 d5 d5"]);
    assert_eq!(out.status.code(), Some(2), "tirebiter: {}", stdout(&out));
    assert!(stderr(&out).contains("'d5'"), "tirebiter: {}", stderr(&out));
    let san = ok(&["show", "--moves", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 b5"]);
    let canonical = ok(&["show", "--moves", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 b7b5"]);
    assert_eq!(san, canonical);
}

/// A missing required flag is named on one line, without clap's line breaks shown as `\n`.
#[test]
fn a_missing_flag_is_named_on_one_readable_line() {
    let out = jester(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--depth") && !err.contains("\\n"), "{err}");
}

/// A placement alone is read with White to move, no castling and no en passant.
#[test]
fn a_placement_alone_is_a_position() {
    let show = ok(&["show", "--fen", "4k3/8/8/8/8/8/4P3/4K3"]);
    assert!(show.lines().any(|l| l == "Position: 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "{show}");
    let show = ok(&["show", "--variant", "tirebiter", "--fen", "4k3/8/8/8/8/8/4P3/4K3"]);
    assert!(show.lines().any(|l| l == "Position: 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -"), "{show}");
    // Still refused when the placement itself is wrong, naming it.
    let out = jester(&["show", "--fen", "4k3/8/8/8/8/8/4P3/4K2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("4K2"), "{}", stderr(&out));
}

/// `analyze` ends with a complete `info` line whose pv starts with the best move and then the
/// ponder move, whatever an unfinished last iteration changed (node and time limits stop
/// mid-iteration).
#[test]
fn analysis_ends_with_a_line_that_starts_with_the_best_move() {
    let cases: [&[&str]; 3] = [
        &["analyze", "--nodes", "20000", "--moves", "e4 e5 Nf3 Nc6 Bb5"],
        &["analyze", "--nodes", "7777", "--variant", "firefighter"],
        &["analyze", "--depth", "2", "--variant", "notachessvariant"],
    ];
    for args in cases {
        let out = ok(args);
        let lines: Vec<&str> = out.lines().collect();
        let best: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
        assert_eq!(best[0], "bestmove", "{args:?}: {out}");
        let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
        let pv: Vec<&str> = info.split_whitespace().skip_while(|w| *w != "pv").skip(1).collect();
        assert_eq!(pv.first(), Some(&best[1]), "{args:?}: {info} / {}", lines.last().unwrap());
        if let Some(ponder) = best.get(3) {
            assert_eq!(pv.get(1), Some(ponder), "{args:?}: {info}");
        }
        for field in ["score", "nodes", "time"] {
            assert!(info.contains(field), "{args:?}: {info}");
        }
    }
}

#[test]
fn show_the_start() {
    let text = ok(&["show"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&format!("Position: {START_FEN}").as_str()));
    let key = lines.iter().find_map(|l| l.strip_prefix("Key: ")).expect("no Key line");
    assert!(!key.is_empty() && key.chars().all(|c| c.is_ascii_hexdigit()), "{key}");
    assert!(!text.contains("Game over"));
    // The board comes first: the back ranks are drawn.
    let board_end = lines.iter().position(|l| l.starts_with("Key: ")).unwrap();
    let board = lines[..board_end].join("\n");
    assert!(board.contains('r') && board.contains('K'), "{text}");
}

#[test]
fn fools_mate_is_game_over() {
    let mate = "f2f3 e7e5 g2g4 d8h4";
    let text = ok(&["show", "--moves", mate]);
    let game_over = text
        .lines()
        .find(|l| l.starts_with("Game over:"))
        .unwrap_or_else(|| panic!("no 'Game over:' line in:\n{text}"));
    assert!(game_over.contains("checkmate"), "{game_over}");
    assert!(text
        .lines()
        .any(|l| l == "Position: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    assert_eq!(ok(&["moves", "--moves", mate]), "");
}

#[test]
fn stalemate_is_game_over() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let text = ok(&["show", "--fen", fen]);
    assert!(text.lines().any(|l| l.starts_with("Game over:") && l.contains("stalemate")), "{text}");
    assert_eq!(ok(&["moves", "--fen", fen]), "");
}

#[test]
fn variants_lists_normal() {
    let text = ok(&["variants"]);
    assert!(text.lines().any(|l| l.split_whitespace().next() == Some("normal")), "{text}");
}

#[test]
fn variant_aliases_work() {
    for name in ["normal", "standard", "chess", "fide", "Standard"] {
        let text = ok(&["perft", "--variant", name, "--depth", "2"]);
        assert_eq!(nodes_searched(&text), 400, "--variant {name}");
        assert_eq!(ok(&["moves", "--variant", name]).lines().collect::<Vec<_>>(), START_MOVES);
    }
}

#[test]
fn help_and_version_exit_zero() {
    for args in [&["--help"][..], &["perft", "--help"], &["help"], &["--version"]] {
        let out = jester(args);
        assert!(out.status.success(), "jester {args:?}: {:?}", out.status);
        assert!(!out.stdout.is_empty(), "jester {args:?} printed nothing");
    }
    assert!(ok(&["--help"]).contains("Usage"));
}

// ---------------------------------------------------------------------------------------------
// Closed pipes
// ---------------------------------------------------------------------------------------------

/// The brief's scenario: read one line, then hang up.
#[test]
fn reader_hanging_up_is_not_a_crash() {
    let mut child =
        command(&["moves"]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn jester");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first, "a2a3\n");
    // The reader is dropped here: the pipe's read end is closed.
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?}: {err}", out.status);
}

/// A pipe whose reader is gone before the first write, so every write fails with EPIPE (the
/// output above is small enough that the child may finish before the hang-up).
#[test]
fn writing_to_a_closed_pipe_is_not_a_crash() {
    for args in [&["moves"][..], &["variants"], &["show"], &["perft", "--depth", "2", "--divide"]] {
        // A child that never reads its stdin holds the only read end of that pipe; once it has
        // exited, the write end we keep leads nowhere.
        let mut holder =
            command(&["variants"]).stdin(Stdio::piped()).stdout(Stdio::null()).spawn().expect("spawn jester");
        let dead_end = holder.stdin.take().unwrap();
        assert!(holder.wait().unwrap().success());

        let out = command(args)
            .stdout(Stdio::from(dead_end))
            .stderr(Stdio::piped())
            .output()
            .expect("spawn jester");
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "jester {args:?}: {err}");
        assert!(
            out.status.success() && err.is_empty(),
            "jester {args:?} into a closed pipe: {:?}: {err}",
            out.status
        );
    }
}

/// Without a command, jester is a protocol engine on stdin/stdout: closing the input (or `quit`
/// before choosing a protocol) ends it cleanly.
#[test]
fn no_command_starts_the_protocol_loop() {
    use std::io::Write;
    use std::process::Stdio;
    for input in ["", "quit\n", "hello\nquit\n"] {
        let mut child =
            command(&[]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "input {input:?}: {:?}", out.status);
        assert!(!stderr(&out).contains("panicked"));
        if input.starts_with("hello") {
            assert!(stdout(&out).contains("'hello'"), "the stray command is named: {}", stdout(&out));
        }
    }
}

/// The tuner's shipped sample: quiet positions of `normal` with results.
const SAMPLE: &str = "engine-tests/data/tune-normal.epd";

/// `jester tune` on the shipped sample: it reports the loss before and after, lower after, and
/// writes a params file; with no epochs that file is the compiled one, byte for byte.
#[test]
fn tune_fits_the_sample_and_writes_the_params_file() {
    let file = temp("tuned.rs");
    let path = file.to_str().unwrap();
    let out = ok(&["tune", "--data", SAMPLE, "--epochs", "60", "--threads", "2", "--out", path]);
    let summary =
        out.lines().find(|l| l.starts_with("loss before ")).unwrap_or_else(|| panic!("no summary: {out}"));
    let losses: Vec<f64> = summary.split([' ', ',']).filter_map(|w| w.parse().ok()).take(2).collect();
    assert!(losses.len() == 2 && losses[1] < losses[0], "{summary}");
    assert!(out.contains("tune-normal.epd: "), "{out}");
    let tuned = std::fs::read_to_string(&file).unwrap();
    assert!(tuned.contains("pub const PARAMS: NormalParams = NormalParams {"), "{tuned}");
    let compiled = include_str!("../src/eval/params/normal.rs");
    assert_ne!(tuned, compiled, "60 epochs changed no weight");

    ok(&["tune", "--data", SAMPLE, "--epochs", "0", "--out", path]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), compiled);

    // Held-out data is read like the fitted data and scored before and after.
    let out = ok(&["tune", "--data", SAMPLE, "--validate", SAMPLE, "--epochs", "20", "--threads", "2"]);
    assert!(out.contains("tune-normal.epd: ") && out.contains(" quiet positions (held out)"), "{out}");
    let held =
        out.lines().find(|l| l.starts_with("held-out loss before ")).unwrap_or_else(|| panic!("{out}"));
    let losses: Vec<f64> = held.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
    // The same positions held out as fitted: the same losses as the fit's own.
    let fit: Vec<f64> = out
        .lines()
        .find(|l| l.starts_with("loss before "))
        .unwrap()
        .split([' ', ','])
        .filter_map(|w| w.parse().ok())
        .take(2)
        .collect();
    assert_eq!(losses, fit, "{out}");
    std::fs::remove_file(&file).unwrap();
}

/// Four-seat games of Fimbriation with their standings (`jester match --pgn`).
const FIMBRIATION: &str = "engine-tests/data/tune-fimbriation.pgn";

/// `jester tune --variant fimbriation`: each seat's score is fitted to its share of the
/// points; the loss falls, and the params file is Fimbriation's (the compiled one with no epochs).
#[test]
fn tune_fits_four_seat_games() {
    let file = temp("fimbriation.rs");
    let path = file.to_str().unwrap();
    let args = ["tune", "--variant", "fimbriation", "--data", FIMBRIATION, "--threads", "2", "--out", path];
    let out = ok(&[&args[..], &["--epochs", "60", "--min-positions", "20"]].concat());
    let summary = out.lines().find(|l| l.starts_with("loss before ")).unwrap_or_else(|| panic!("{out}"));
    let losses: Vec<f64> = summary.split([' ', ',']).filter_map(|w| w.parse().ok()).take(2).collect();
    assert!(losses.len() == 2 && losses[1] < losses[0], "{summary}");
    let tuned = std::fs::read_to_string(&file).unwrap();
    assert!(tuned.contains("pub const PARAMS: FimbriationParams = FimbriationParams {"), "{tuned}");
    ok(&[&args[..], &["--epochs", "0"]].concat());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), include_str!("../src/eval/params/fimbriation.rs"));
    std::fs::remove_file(&file).unwrap();
}

/// `jester tune --variant fimbriation --positions-out`: each quiet position with its mover's
/// share of the points, which `jester tune` reads back as the same positions.
#[test]
fn tune_writes_four_seat_positions_it_reads_back() {
    let file = temp("fimbriation.epd");
    let path = file.to_str().unwrap();
    let out = ok(&[
        "tune",
        "--variant",
        "fimbriation",
        "--data",
        FIMBRIATION,
        "--epochs",
        "0",
        "--positions-out",
        path,
    ]);
    let kept = |out: &str| -> usize {
        let line = out.lines().find(|l| l.ends_with(" quiet positions")).unwrap_or_else(|| panic!("{out}"));
        line.split_whitespace().rev().nth(2).unwrap().parse().unwrap()
    };
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.lines().count(), kept(&out));
    for line in written.lines() {
        let (_, share) = line.rsplit_once(' ').unwrap();
        let share: f64 = share.strip_prefix('[').and_then(|s| s.strip_suffix(']')).unwrap().parse().unwrap();
        // Places give 3, 2, 1 or 0 points (shared places share them): a share is in thirds or sixths.
        assert!((0.0..=1.0).contains(&share) && ((share * 6.0).round() - share * 6.0).abs() < 0.01, "{line}");
    }
    // Read back: the positions are quiet already, so each stays itself.
    let back = ok(&["tune", "--variant", "fimbriation", "--data", path, "--epochs", "0"]);
    assert_eq!(kept(&back), kept(&out), "{back}");
    std::fs::remove_file(&file).unwrap();
}

/// `jester tune --score-weight` on the shipped scored sample: the scores' scale is fitted and
/// reported, and the fit lowers the loss against the blended targets.
#[test]
fn tune_fits_scored_positions() {
    let scored = "engine-tests/data/tune-normal-scored.epd";
    let out = ok(&["tune", "--data", scored, "--score-weight", "0.8", "--epochs", "60", "--threads", "2"]);
    let line =
        out.lines().find(|l| l.contains(" positions scored, K_s = ")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.ends_with("targets 0.80 score, 0.20 result"), "{line}");
    let k: f64 = line.split("K_s = ").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
    assert!(k > 0.1 && k < 4.0, "{line}");
    let summary = out.lines().find(|l| l.starts_with("loss before ")).unwrap();
    let losses: Vec<f64> = summary.split([' ', ',']).filter_map(|w| w.parse().ok()).take(2).collect();
    assert!(losses.len() == 2 && losses[1] < losses[0], "{summary}");
    // Without a score weight the scores are read and not used; `--positions-out` keeps them,
    // in the mover's view as read (a position already quiet comes out as its input line).
    let file = temp("scored.epd");
    let out = ok(&["tune", "--data", scored, "--epochs", "0", "--positions-out", file.to_str().unwrap()]);
    assert!(!out.contains("K_s"), "{out}");
    let input = std::fs::read_to_string(scored).unwrap();
    let written = std::fs::read_to_string(&file).unwrap();
    let position = |line: &str| line.split(" ce ").next().unwrap().to_string();
    let mut same = 0;
    for line in written.lines() {
        assert!(line.contains(" ce "), "{line}");
        if let Some(original) = input.lines().find(|l| position(l) == position(line)) {
            assert_eq!(line, original);
            same += 1;
        }
    }
    assert!(same > 0, "{written}");
    std::fs::remove_file(&file).unwrap();
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("jester-cli-{}-{name}", std::process::id()))
}

/// The `pv` words of the `info` lines.
fn pvs(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| l.split_whitespace().skip_while(|w| *w != "pv").skip(1).map(str::to_string).collect())
        .collect()
}

/// `--san` writes the pv as a game score does: SAN in the chess family, canonical tokens where
/// the variant has no SAN (FireFighter); `bestmove` stays canonical.
#[test]
fn analyze_writes_the_pv_in_san_where_the_variant_has_it() {
    let canonical = ok(&["analyze", "--depth", "4", "--moves", "e4 e5"]);
    let san = ok(&["analyze", "--depth", "4", "--moves", "e4 e5", "--san"]);
    let (canonical_pvs, san_pvs) = (pvs(&canonical), pvs(&san));
    assert_eq!(canonical_pvs.len(), san_pvs.len(), "{san}");
    for (tokens, words) in canonical_pvs.iter().zip(&san_pvs) {
        assert_eq!(tokens.len(), words.len(), "{san}");
        // Each SAN move names the same move as its canonical token.
        let played = ok(&["moves", "--moves", &format!("e4 e5 {}", words.join(" "))]);
        let replayed = ok(&["moves", "--moves", &format!("e2e4 e7e5 {}", tokens.join(" "))]);
        assert_eq!(played, replayed, "{tokens:?} / {words:?}");
        assert!(words.iter().all(|w| !is_move_token(w)), "not SAN: {words:?}");
    }
    let best = san.lines().last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(is_move_token(&best), "{san}");

    let fire = ["analyze", "--depth", "3", "--variant", "firefighter"];
    assert_eq!(pvs(&ok(&fire)), pvs(&ok(&[&fire[..], &["--san"]].concat())));
    let throne = ok(&["analyze", "--depth", "3", "--variant", "thronekings", "--san"]);
    assert!(pvs(&throne).iter().flatten().all(|w| !is_move_token(w)), "{throne}");
}

/// python-chess, where it is installed (`pip install chess`), reads `path`: each game's errors,
/// main-line moves and variations, as lines `errors moves variations`; `None` without it.
fn python_chess(path: &std::path::Path) -> Option<Vec<String>> {
    let script = "import sys, chess.pgn\n\
                  f = open(sys.argv[1])\n\
                  while True:\n\
                  \x20   g = chess.pgn.read_game(f)\n\
                  \x20   if g is None: break\n\
                  \x20   moves = list(g.mainline())\n\
                  \x20   print(len(g.errors), len(moves), sum(len(n.parent.variations) - 1 for n in moves))\n";
    let out = Command::new("python3").args(["-c", script]).arg(path).output().ok()?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("No module named 'chess'"), "python-chess failed: {err}");
        eprintln!("python-chess not installed (pip install chess): the PGN is checked with pgn-reader only");
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}

/// `--pgn` annotates every turn: a score comment `{+0.35/4}` from the mover's point of view, and
/// where the engine prefers another turn, that line as a variation; a move that ends the game
/// gets the end in words. The output reads back in PGN libraries, python-chess among them.
#[test]
fn analyze_annotates_every_turn_of_a_pgn_game() {
    let input = temp("fools.pgn");
    let games = "[Event \"Fools\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
                 1. f3 e5 2. g4?? {a comment} (2. e4 Nf6) $4 Qh4# 0-1\n\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    std::fs::write(&input, games).unwrap();
    let out = ok(&["analyze", "--pgn", input.to_str().unwrap(), "--depth", "4"]);
    assert!(out.starts_with("[Event \"Fools\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n"), "{out}");
    assert_eq!(out.matches("[Annotator \"jester ").count(), 2, "{out}");
    assert!(out.contains("(depth 4)"), "{out}");
    assert!(!out.contains("a comment") && !out.contains("$4"), "the game's own notes are replaced: {out}");
    // g4 loses to mate in one, and a better second move is offered.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("2. g4 {-M1/4} (2."), "{flat}");
    assert!(flat.contains("Qh4# {Black wins by checkmate} 0-1"), "{flat}");
    assert!(flat.ends_with(" *"), "{flat}");

    let seen = read_pgn(&out);
    assert!(seen.errors.is_empty(), "{:?}", seen.errors);
    assert_eq!((seen.games, seen.moves), (2, 10), "{out}");
    assert!(seen.variations >= 2, "{out}");
    let scores = seen.comments.iter().filter(|c| {
        let c = c.trim();
        let (score, depth) = c.split_once('/').unwrap_or(("", ""));
        (score.starts_with('+') || score.starts_with('-')) && depth.parse::<u32>().is_ok()
    });
    // A score after each of the 10 main-line turns but the mate (the variations are not entered).
    assert_eq!(scores.count(), 9, "{:?}", seen.comments);

    // --out: the file, and nothing on standard output.
    let written = temp("fools-annotated.pgn");
    let quiet = ok(&[
        "analyze",
        "--pgn",
        input.to_str().unwrap(),
        "--nodes",
        "3000",
        "--out",
        written.to_str().unwrap(),
    ]);
    assert!(quiet.is_empty(), "{quiet}");
    let text = std::fs::read_to_string(&written).unwrap();
    assert_eq!(read_pgn(&text).games, 2, "{text}");
    if let Some(games) = python_chess(&written) {
        assert_eq!(games.len(), 2, "{games:?}");
        let first: Vec<usize> = games[0].split_whitespace().map(|n| n.parse().unwrap()).collect();
        let second: Vec<usize> = games[1].split_whitespace().map(|n| n.parse().unwrap()).collect();
        assert_eq!((first[0], first[1], second[0], second[1]), (0, 4, 0, 6), "{games:?}");
        assert!(first[2] >= 1, "python-chess sees the variations: {games:?}");
    }
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&written);
}

/// A game of another variant from a set-up position: its Variant and FEN tags say how to play
/// it, and are kept.
#[test]
fn analyze_annotates_a_variant_game_from_its_fen() {
    let input = temp("throne.pgn");
    let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    std::fs::write(
        &input,
        format!("[Variant \"thronekings\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Kd2 h6 2. Ra8+ Kh7 *\n"),
    )
    .unwrap();
    let out = ok(&["analyze", "--pgn", input.to_str().unwrap(), "--depth", "3"]);
    assert!(out.contains("[Variant \"thronekings\"]") && out.contains(&format!("[FEN \"{fen}\"]")), "{out}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // Ra8 mated at once: the King's move is not the best.
    assert!(flat.contains("1. Kd2 {") && flat.contains("(1. Ra8# "), "{flat}");
    let _ = std::fs::remove_file(&input);
}

/// Bad PGN input is refused like any bad input: one line naming the offending token, nothing
/// written (not even the `--out` file).
#[test]
fn analyze_pgn_refuses_bad_games_by_name() {
    let file = |name: &str, text: &str| {
        let path = temp(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = file("good.pgn", "1. e4 e5 *\n");
    let illegal = file("illegal.pgn", "1. e4 e5 *\n\n1. e4 Nf6 2. Ke3 *\n");
    let unknown = file("unknown.pgn", "[Variant \"shogi\"]\n\n1. e4 *\n");
    let bad_fen = file("fen.pgn", "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
    let open_comment = file("comment.pgn", "1. e4 {never closed\n");
    let out_file = temp("never-written.pgn");
    let out = out_file.to_str().unwrap();
    let cases = [
        case("illegal move", &["analyze", "--pgn", &illegal, "--depth", "1", "--out", out], "Ke3")
            .also("game 2"),
        case("unknown variant", &["analyze", "--pgn", &unknown, "--depth", "1"], "shogi"),
        case("bad FEN", &["analyze", "--pgn", &bad_fen, "--depth", "1"], "8/8/8 w - - 0 1"),
        case("comment never closed", &["analyze", "--pgn", &open_comment, "--depth", "1"], "{"),
        case(
            "missing file",
            &["analyze", "--pgn", "/nonexistent/g.pgn", "--depth", "1"],
            "/nonexistent/g.pgn",
        ),
        case("no limit", &["analyze", "--pgn", &good], "--pgn"),
        case("with --fen", &["analyze", "--pgn", &good, "--depth", "1", "--fen", START_FEN], "--fen"),
        case("--out alone", &["analyze", "--depth", "1", "--out", out], "--pgn"),
    ];
    check_cases(cases.iter());
    assert!(!out_file.exists(), "nothing is written for a bad game");
    for path in [good, illegal, unknown, bad_fen, open_comment] {
        let _ = std::fs::remove_file(path);
    }
}
