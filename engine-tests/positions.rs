//! Position text (FEN), SAN and game outcomes for `normal`.

mod common;

use jester::core::{DrawReason, Game, MoveErrorKind, Outcome, Record, Seat, WinReason};
use jester::variants::chess::{Chess, FenError, Position, START_FEN};

fn pos(fen: &str) -> Position {
    Chess::from_text(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FenError variant's name, from its Debug form.
fn kind(e: &FenError) -> String {
    let debug = format!("{e:?}");
    debug.split([' ', '{', '(']).next().unwrap_or_default().to_string()
}

#[test]
fn invalid_fen_corpus_gives_the_expected_errors() {
    let text = std::fs::read_to_string(common::data_dir().join("data/invalid-fen.txt")).unwrap();
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut parts = line.splitn(3, '|').map(str::trim);
        let (expected, token, fen) =
            (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap_or(""));
        let err = Chess::from_text(fen).expect_err(&format!("accepted: {fen}"));
        assert_eq!(kind(&err), expected, "{fen}: {err}");
        let message = err.to_string();
        assert!(message.contains(&format!("'{token}'")), "message {message:?} does not quote {token:?}");
        cases += 1;
    }
    assert!(cases >= 40, "only {cases} cases");
}

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 250",
    ] {
        assert_eq!(pos(fen).to_text(), fen);
    }
}

#[test]
fn fen_counters_may_be_omitted() {
    assert_eq!(pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").to_text(), START_FEN);
    // Adjacent digits are unambiguous: read, and written canonically.
    assert_eq!(pos("rnbqkbnr/pppppppp/8/44/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").to_text(), START_FEN);
    // Castling letters in any order, extra whitespace.
    assert_eq!(pos("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w qkQK - 0  1 ").to_text(), START_FEN);
}

#[test]
fn en_passant_square_is_kept_only_when_capturable() {
    // After 1.e4 no black pawn can capture on e3: the square is dropped (canonical FEN and key).
    let after_e4 = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(after_e4.to_text(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mut played = Chess::start();
    played.play(played.parse_move("e2e4").unwrap());
    assert_eq!(played.key(), after_e4.key());
    // A capturable one is kept.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    assert_eq!(pos(fen).to_text(), fen);
    // Pinned capturer: the square is dropped (the capture would expose the king on the rank).
    assert_eq!(pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1").to_text(), "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
}

#[test]
fn san_is_written_with_disambiguation_checks_and_promotions() {
    let cases = [
        (START_FEN, "g1f3", "Nf3"),
        (START_FEN, "e2e4", "e4"),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d5e6", "dxe6"),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7", "Nxf7"),
        // Two knights reach d2 from b1 and f3: disambiguated by file.
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"),
        // Two rooks on the a-file: disambiguated by rank.
        ("4k3/8/R7/8/8/8/R7/4K3 w - - 0 1", "a2a4", "R2a4"),
        // Three queens: neither file nor rank alone suffices.
        ("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3", "Qa4b3"),
        ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q"),
        ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", "e8=N"),
        ("8/8/8/8/2k5/8/3p4/7K b - - 0 1", "d2d1q", "d1=Q+"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"),
        ("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "d4e3", "dxe3"),
    ];
    for (fen, coordinate, san) in cases {
        let p = pos(fen);
        let m = p.parse_move(coordinate).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(jester::variants::chess::san::write(&p, m), san, "{fen} {coordinate}");
        assert_eq!(p.parse_move(san), Ok(m), "{fen}: reading {san}");
    }
}

#[test]
fn san_input_is_lenient_but_never_guesses() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let castle = p.parse_move("e1g1").unwrap();
    for alias in ["O-O", "0-0", "O-O+", "O-O!?"] {
        assert_eq!(p.parse_move(alias), Ok(castle), "{alias}");
    }
    let start = Chess::start();
    assert_eq!(start.parse_move("Ng1f3"), start.parse_move("g1f3"));
    assert_eq!(start.parse_move("Ng1-f3"), start.parse_move("g1f3"));
    let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(promo.parse_move("e8Q"), promo.parse_move("e7e8q"));
    assert_eq!(promo.parse_move("e8=q"), promo.parse_move("e7e8q"));
    // A promotion must say what it promotes to.
    assert_eq!(promo.parse_move("e8").unwrap_err().kind, MoveErrorKind::NotLegal);
    // Two knights can reach d2: `Nd2` is ambiguous, not guessed.
    let two = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(two.parse_move("Nd2").unwrap_err().kind, MoveErrorKind::Ambiguous);
    for bad in ["", "e5", "Ke2", "Nf4", "O-O", "e2e5", "xx", "e4e5e6", "P", "Qxd8", "é4", "e2e4\0"] {
        let err = start.parse_move(bad).expect_err(bad);
        assert_eq!(err.token, bad);
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut fools = Record::new(Chess::start());
    for m in ["f3", "e5", "g4", "Qh4#"] {
        fools.play_token(m).unwrap();
    }
    assert_eq!(fools.outcome(), Some(Outcome::Win { winner: Seat::BLACK, reason: WinReason::Checkmate }));
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    assert_eq!(Chess::start().outcome(), None);
}

#[test]
fn fifty_move_rule_counts_plies_and_yields_to_mate() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(p.outcome(), None);
    let mut after = p.clone();
    after.play(p.parse_move("a1a2").unwrap());
    assert_eq!(after.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveRule }));
    // A pawn move or a capture resets the clock.
    let mut pawn = pos("4k3/8/8/8/8/8/P7/4K3 w - - 99 80");
    pawn.play(pawn.parse_move("a2a3").unwrap());
    assert_eq!(pawn.halfmove_clock(), 0);
    // Mate on the 100th ply is mate, not a draw.
    let mut mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    mate.play(mate.parse_move("Ra8").unwrap());
    assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Seat::WHITE, reason: WinReason::Checkmate }));
}

#[test]
fn insufficient_material_is_exactly_ruling_g4() {
    let draw = Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome(), draw);
    assert_eq!(pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").outcome(), draw);
    assert_eq!(pos("4k3/8/8/8/8/8/8/4KN2 b - - 0 1").outcome(), draw);
    assert_eq!(pos("4kn2/8/8/8/8/8/8/4K3 w - - 0 1").outcome(), draw);
    for playable in [
        "4k3/8/8/8/8/8/8/4KNN1 w - - 0 1",
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
    ] {
        assert_eq!(pos(playable).outcome(), None, "{playable}");
    }
}

#[test]
fn threefold_repetition_needs_three_occurrences_with_equal_rights() {
    let mut game = Record::new(Chess::start());
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for m in shuffle {
        game.play_token(m).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
    for m in shuffle {
        game.play_token(m).unwrap();
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));

    // Same placement but castling rights lost in between: not a repetition of the start.
    let mut rights = Record::new(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    for m in ["Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"] {
        rights.play_token(m).unwrap();
    }
    assert_eq!(rights.occurrences(), 2, "the start (with rights) is a different position");
    assert_eq!(rights.outcome(), None);
}

#[test]
fn bad_moves_leave_the_record_unchanged() {
    let mut game = Record::new(Chess::start());
    game.play_token("e4").unwrap();
    let before = game.position().to_text();
    let err = game.play_token("e4").unwrap_err();
    assert_eq!(err.token, "e4");
    assert_eq!(game.position().to_text(), before);
    assert_eq!(game.moves().len(), 1);
}
