//! Tests of the independent FireFighter reference move generator (`reference/firefighter.rs`),
//! and its perft counts for cross-checking the engine. Every expected number below is derived by
//! hand in the comment next to it (or taken from the rule page's example, F12).

mod common;
#[path = "reference/firefighter.rs"]
mod firefighter;

use firefighter::{parse, start, RefPosition};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Aa";

fn pos(fen: &str) -> RefPosition {
    parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    pos(fen).legal_moves()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays the tokens one after another (each must be legal).
fn play_all(fen: &str, tokens: &[&str]) -> RefPosition {
    let mut p = pos(fen);
    for t in tokens {
        p = p.play(t).unwrap_or_else(|| panic!("{t} is not legal in {}: {:?}", p.to_text(), p.legal_moves()));
    }
    p
}

#[test]
fn f12_the_rule_pages_example() {
    let p = play_all(START, &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "b8c6", "f3g5", "f8c5", "g5f7"]);
    assert_eq!(p.to_text(), "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa");
    // The Nf7 threatens to squirt the Ke8 off the board (to d9): Black is in check.
    assert!(p.in_check());
    let m = p.legal_moves();
    // The three moves F12 names: 5...Ke7, 5...Nf6 squirting the knight f7-f8, 5...Ke8 squirting
    // it f7-g6 (no letters needed: f6, e8 and f7 each hold one piece).
    for t in ["e8e7", "f6~f7", "e8~f7"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    // The moves F12 calls illegal: Kf8 (then f7 squirts f8 to f9), O-O (king in check),
    // g7 squirting the knight to e7 (then e7 squirts e8 to e9).
    for t in ["e8f8", "e8g8", "g7~f7"] {
        assert!(!m.contains(&t.to_string()), "{t} should be illegal");
    }
    // F6 allows setting one's own King on fire and a burning King is extinguished, not pushed,
    // by a squirt, so 5...@e8 would answer the threat; F12 lists three moves only. The project
    // reads arson as no answer to check (protocol-docs/variants.md), which gives F12's count.
    assert_eq!(m, sorted(&["e8e7", "f6~f7", "e8~f7"]));
    // The resulting positions.
    assert_eq!(
        p.play("f6~f7").unwrap().to_text(),
        "r1bqkN1r/pppp2pp/2n2n~2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6 Aa"
    );
    assert_eq!(
        p.play("e8~f7").unwrap().to_text(),
        "r1bqk~2r/pppp2pp/2n2nN1/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6 Aa"
    );
    assert_eq!(
        p.play("e8e7").unwrap().to_text(),
        "r1bq3r/ppppkNpp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R w KQ - 1 6 Aa"
    );
    assert!(p.play("@e8").is_none());
}

#[test]
fn start_position_by_kind() {
    let m = moves(START);
    // Ordinary: 16 pawn moves + 4 knight moves = 20.
    let ordinary = m.iter().filter(|t| !t.contains('~') && !t.starts_with('@')).count();
    assert_eq!(ordinary, 20);
    // Arson: one per White piece, 16.
    assert_eq!(m.iter().filter(|t| t.starts_with('@')).count(), 16);
    // Squirts: every White piece may squirt (undeclared) any occupied neighbour. Neighbours on
    // ranks 1-2: a1, h1, a2, h2 have 3 each, the twelve others 5 each: 4*3 + 12*5 = 72. Three
    // of them push the own King off the board (d2~e1, e2~e1, f2~e1) and are illegal: 69.
    assert_eq!(m.iter().filter(|t| t.contains('~')).count(), 69);
    for t in ["d2~e1", "e2~e1", "f2~e1"] {
        assert!(!m.contains(&t.to_string()));
    }
    for t in ["d1~e1", "f1~e1", "e1~e2", "a2~a1", "b1~a1"] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
    assert_eq!(m.len(), 105);
    // Nothing White does in one action reaches Black's half or threatens Black's King, and Black
    // has the same 105 by symmetry: 105 * 105.
    assert_eq!(pos(START).perft(2), 105 * 105);
}

#[test]
fn f1_crowd_is_captured_whole() {
    // White Rd1, Ke1, and a crowd of a White and a Black knight on d4. No arson, no Firefighters.
    // Rook: a1, b1, c1, d2, d3, d4 (captures both knights; stops there) = 6.
    // White knight on d4: 8 free squares. King: d2, f1, f2 (e2 is attacked by the Black knight on
    // d4, d1 holds only a friendly rook) = 3. Total 17.
    let fen = "4k3/8/8/8/3(Nn)4/8/8/3RK3 w - - 0 1 - Ff";
    let m = moves(fen);
    assert_eq!(
        m,
        sorted(&[
            "d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d4", "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6",
            "d4f3", "d4f5", "e1d2", "e1f1", "e1f2"
        ])
    );
    assert_eq!(pos(fen).play("d1d4").unwrap().to_text(), "4k3/8/8/8/3R4/8/8/4K3 b - - 0 1 - Ff");
    // The White knight leaving the crowd leaves the Black one behind.
    assert_eq!(pos(fen).play("d4f5").unwrap().to_text(), "4k3/8/8/5N2/3n4/8/8/3RK3 b - - 1 1 - Ff");
}

#[test]
fn f1_no_move_onto_friendly_crowd_and_crowds_block() {
    // A White crowd (BN) on a4. Ra1: a2, a3 (a4 holds only friends), b1, c1, d1 = 5.
    // Ba4: b5, c6, d7, e8, b3, c2, d1 = 7. Na4: b6, c5, c3, b2 = 4. Ke1: d1, d2, e2, f2, f1 = 5.
    // The bishop and the knight never share a target: no prefix letters. Total 21.
    let m = moves("7k/8/8/8/(BN)7/8/8/R3K3 w - - 0 1 - Ff");
    assert_eq!(
        m,
        sorted(&[
            "a1a2", "a1a3", "a1b1", "a1c1", "a1d1", "a4b5", "a4c6", "a4d7", "a4e8", "a4b3", "a4c2", "a4d1",
            "a4b6", "a4c5", "a4c3", "a4b2", "e1d1", "e1d2", "e1e2", "e1f2", "e1f1"
        ])
    );
}

#[test]
fn prefix_letters_and_castling_from_a_crowd() {
    // King and Queen share e1; Rh1 with the K right; Black: Ka8 only, no Firefighters, no arson.
    // King: d1 d2 e2 f2 f1 + castling g1 = 6. Queen: e2-e8 (7), d1 c1 b1 a1 (4), f1 g1 (2),
    // d2 c3 b4 a5 (4), f2 g3 h4 (3) = 20. Rook: h2-h8 (7), g1, f1 = 9.
    // King and Queen share d1 d2 e2 f2 f1 g1: those 6 pairs take prefixes (12 tokens); the
    // Queen's 14 others and the Rook's 9 take none. Total 35.
    let fen = "k7/8/8/8/8/8/8/4(KQ)2R w K - 0 1 - Ff";
    let m = moves(fen);
    assert_eq!(m.len(), 35);
    for t in ["Ke1g1", "Qe1g1", "Ke1f1", "Qe1f1", "Ke1d2", "Qe1d2", "e1e8", "e1a5", "h1g1", "h1f1"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"e1g1".to_string()));
    // Castling: the Queen stays on e1, the right goes.
    assert_eq!(pos(fen).play("Ke1g1").unwrap().to_text(), "k7/8/8/8/8/8/8/4QRK1 b - - 1 1 - Ff");
    assert_eq!(pos(fen).play("Qe1g1").unwrap().to_text(), "k7/8/8/8/8/8/8/4K1QR b K - 1 1 - Ff");

    // Two identical knights with a Black knight on d4: every knight move is written with the
    // letter (two own pieces can make it) and is one move. King: d1, d2, f1, f2 (e2 attacked by
    // the Black knight) = 4; knights 8; arson on e1 and on "a knight" of d4 = 2. Total 14.
    let m = moves("k7/8/8/8/3(NNn)4/8/8/4K3 w - - 0 1 A Ff");
    assert_eq!(
        m,
        sorted(&[
            "Nd4b3", "Nd4b5", "Nd4c2", "Nd4c6", "Nd4e2", "Nd4e6", "Nd4f3", "Nd4f5", "e1d1", "e1d2", "e1f1",
            "e1f2", "@d4N", "@e1"
        ])
    );
}

#[test]
fn letters_for_squirts_rescues_and_the_firefighter() {
    // Undeclared White crowd (BN) on d4, Black pe5, Black Firefighter lost. King: d1 d2 e2 f1 f2
    // = 5. Bishop: c5 b6 a7, e3 f2 g1, c3 b2 a1, xe5 = 10. Knight: 8. Squirts of e5 (to f6): both
    // pieces may squirt, so each takes its letter = 2. Total 25.
    let m = moves("k7/8/8/4p3/3(BN)4/8/8/4K3 w - - 0 1 - f");
    assert_eq!(m.len(), 25);
    assert!(m.contains(&"Bd4~e5".to_string()) && m.contains(&"Nd4~e5".to_string()));
    // The pawn burning: both may extinguish it; only the bishop reaches e5, so its rescue needs
    // no letter (READING: "can make that same move").
    let m = moves("k7/8/8/4p!3/3(BN)4/8/8/4K3 w - - 0 1 - f");
    for t in ["Bd4~e5", "Nd4~e5", "d4^e5"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"Bd4^e5".to_string()));

    // A White pawn and a burning Black pawn share e5; White's knight d4 undeclared. King 5,
    // knight 8, pawn e6 1; squirts: d4 pushes P (to f6) or extinguishes p!, and the pawn (any
    // undeclared piece may squirt) pushes the knight d4 to c3 = 3. No rescue reaches e5. 17.
    assert_eq!(
        moves("k7/8/8/4(Pp!)3/3N4/8/8/4K3 w - - 0 1 -"),
        sorted(&[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3",
            "d4f5", "e5e6", "d4~e5P", "d4~e5p!", "e5~d4"
        ])
    );
    // The knight declared: duty (nothing White has is attacked); the only duty move is the
    // extinguish, written with the burning pawn's entry.
    assert_eq!(moves("k7/8/8/4(Pp!)3/3N~4/8/8/4K3 w - - 0 1 -"), sorted(&["d4~e5p!"]));

    // Two knights on d4, one the Firefighter: the same 8 targets, written with N and N~ (16),
    // and the King's 5. Only the Firefighter squirts (nothing next to it). 21.
    let m = moves("k7/8/8/8/3(NN~)4/8/8/4K3 w - - 0 1 -");
    assert_eq!(m.len(), 21);
    assert!(m.contains(&"Nd4f3".to_string()) && m.contains(&"N~d4f3".to_string()));
    // With a burning Black knight on h1 (distance 4) the duty leaves the Firefighter's moves to e2
    // (distance 3) and f3 (distance 2); only one piece can then make them, so no letter
    // (READING: the letter rule counts legal moves, after the duty filter).
    assert_eq!(moves("k7/8/8/8/3(NN~)4/8/8/4K2n! w - - 0 1 -"), sorted(&["d4e2", "d4f3"]));
}

#[test]
fn f3_squirt_off_the_board_declares_the_firefighter() {
    // White undeclared: Ka1, Ng7; Black: Kd8, Rh8, its Firefighter lost; no arson.
    // King: a2, b1, b2 = 3. Knight: e6, e8, f5, h5 = 4. Squirts: the only occupied neighbour of
    // either White piece is h8 (of g7), pushed to i9: off the board, captured = 1. Total 8.
    let fen = "3k3r/6N1/8/8/8/8/8/K7 w - - 0 1 - f";
    assert_eq!(moves(fen), sorted(&["a1a2", "a1b1", "a1b2", "g7e6", "g7e8", "g7f5", "g7h5", "g7~h8"]));
    let p = pos(fen).play("g7~h8").unwrap();
    assert_eq!(p.to_text(), "3k4/6N~1/8/8/8/8/8/K7 b - - 0 1 - f");
    // Black: Kc7, Kc8, Kd7, Ke7; e8 is attacked by the knight = 4.
    assert_eq!(p.legal_moves(), sorted(&["d8c7", "d8c8", "d8d7", "d8e7"]));
}

#[test]
fn f4_extinguish_is_the_only_duty_move() {
    // White's declared Firefighter Ne4 faces a burning Black knight on e5; nothing White has is
    // attacked (a burning piece attacks nothing), so the duty (F7) applies. Duty moves: extinguish
    // e5 (e4~e5); no knight move from e4 gets closer than distance 1; no rescue (not a knight
    // move away). So the only legal move is e4~e5.
    let fen = "7k/8/8/4n!3/4N~3/8/8/K7 w - - 0 1 -";
    assert_eq!(moves(fen), sorted(&["e4~e5"]));
    assert_eq!(pos(fen).play("e4~e5").unwrap().to_text(), "7k/8/8/4n3/4N~3/8/8/K7 b - - 1 1 -");
}

#[test]
fn f7_no_duty_when_a_piece_is_attacked() {
    // As before, plus White Pb2 attacked by Black pc3: no duty. King: a2, b1 = 2. Pawn: b3, b4,
    // xc3 = 3. Knight: c3 (capture), c5, d2, d6, f2, f6, g3, g5 = 8. Extinguish e5 = 1. Total 14.
    let fen = "7k/8/8/4n!3/4N~3/2p5/1P6/K7 w - - 0 1 -";
    assert_eq!(
        moves(fen),
        sorted(&[
            "a1a2", "a1b1", "b2b3", "b2b4", "b2c3", "e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3",
            "e4g5", "e4~e5"
        ])
    );
}

#[test]
fn f7_duty_to_approach_unattacked_squares() {
    // White Firefighter Ra2, Black burning knight e5 (distance 4 from a2). The rook's moves along
    // the a-file stay at distance 4; b2-h2 are at distance 3: 7 duty moves, all else filtered.
    let fen = "7k/8/8/4n!3/8/8/R~7/7K w - - 0 1 -";
    assert_eq!(moves(fen), sorted(&["a2b2", "a2c2", "a2d2", "a2e2", "a2f2", "a2g2", "a2h2"]));
    // A Black pawn on e3 attacks d2 and f2: those two are no longer duty moves (5 remain).
    let fen = "7k/8/8/4n!3/8/4p3/R~7/7K w - - 0 1 -";
    assert_eq!(moves(fen), sorted(&["a2b2", "a2c2", "a2e2", "a2g2", "a2h2"]));
}

#[test]
fn f7_no_duty_move_frees_all_moves() {
    // White Firefighter Pb2 is blocked by Black pb3 (which attacks a2, c2: nothing White has), so
    // the duty applies, but the pawn has no move, no rescue, no extinguish: no duty move exists,
    // every legal move may be played: squirt b3 to b4, and Kg1, Kg2, Kh2. Total 4.
    let fen = "k7/8/8/4n!3/8/1p6/1P~6/7K w - - 0 1 -";
    assert_eq!(moves(fen), sorted(&["b2~b3", "h1g1", "h1g2", "h1h2"]));
}

#[test]
fn f5_rescue_changes_colour() {
    // White undeclared: Ka1, Bc1; a burning Black rook on e3. King: a2, b1, b2 = 3. Bishop: b2,
    // a3, d2, xe3 = 4. No squirts (no occupied neighbours). Rescue c1^e3 = 1. Total 8.
    let fen = "7k/8/8/8/8/4r!3/8/K1B5 w - - 0 1 -";
    assert_eq!(moves(fen), sorted(&["a1a2", "a1b1", "a1b2", "c1a3", "c1b2", "c1d2", "c1e3", "c1^e3"]));
    let p = pos(fen).play("c1^e3").unwrap();
    assert_eq!(p.to_text(), "7k/8/8/8/8/8/8/K1(B~R)5 b - - 1 1 -");
    // Black: Kg7, Kg8, Kh7 (the new White rook watches the c-file and rank 1) = 3.
    assert_eq!(p.legal_moves(), sorted(&["h8g7", "h8g8", "h8h7"]));

    // The same with a burning Black pawn: once White's, it moves up the board from c1.
    let fen = "7k/8/8/8/8/4p!3/8/K1B5 w - - 0 1 -";
    let p = pos(fen).play("c1^e3").unwrap();
    assert_eq!(p.to_text(), "7k/8/8/8/8/8/8/K1(B~P)5 b - - 1 1 -");
    // After ...Kg8, White: King a2, b1, b2 = 3; Bishop b2, a3, d2, e3, f4, g5, h6 = 7; pawn c2
    // only (one step: c1 is not its second rank) = 1. Total 11.
    let p = p.play("h8g8").unwrap();
    assert_eq!(
        p.legal_moves(),
        sorted(&["a1a2", "a1b1", "a1b2", "c1a3", "c1b2", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6", "c1c2"])
    );
}

#[test]
fn f6_arson() {
    // Arson tokens: the King, and each of two different own pieces sharing d4 with an enemy.
    let m = moves("k7/8/8/8/3(BNn)4/8/8/4K3 w - - 0 1 A Ff");
    let arson: Vec<String> = m.into_iter().filter(|t| t.starts_with('@')).collect();
    assert_eq!(arson, sorted(&["@d4B", "@d4N", "@e1"]));
    // Once used, the right is gone; a burning piece makes no move.
    let p = pos("k7/8/8/8/3(BNn)4/8/8/4K3 w - - 0 1 A Ff").play("@d4B").unwrap();
    assert_eq!(p.to_text(), "k7/8/8/8/3(B!Nn)4/8/8/4K3 b - - 1 1 - Ff");
    // A burning Black knight on f3 attacks nothing: White is not in check and has all five King
    // moves (d1, d2, e2, f1, f2); unburnt, it checks and takes d2 away (d1, e2, f1, f2).
    let p = pos("7k/8/8/8/8/5n!2/8/4K3 w - - 0 1 - f");
    assert!(!p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]));
    let p = pos("7k/8/8/8/8/5n2/8/4K3 w - - 0 1 - f");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["e1d1", "e1e2", "e1f1", "e1f2"]));
}

#[test]
fn f8_rescue_threat_to_a_burning_king() {
    // White's King burns on a1; Black's declared Firefighter pa2 could rescue it by its forward
    // step (taking it over). Its squirt would only extinguish it. The rook's 14 moves: only
    // Rxa2 removes the threat.
    let fen = "4k3/8/8/8/8/8/p~6R/K!7 w - - 0 1 -";
    assert!(pos(fen).in_check());
    assert_eq!(moves(fen), sorted(&["h2a2"]));
    // Black's Firefighter lost: no threat, all 14 rook moves (h1, h3-h8, g2-a2).
    let fen = "4k3/8/8/8/8/8/p6R/K!7 w - - 0 1 - f";
    assert!(!pos(fen).in_check());
    assert_eq!(moves(fen).len(), 14);
}

#[test]
fn f9_pawns() {
    // Pb1 (pushed there): one step only. Pc8 (pushed there): no move. Pd7: promotes four ways.
    // King: 5. Total 10.
    let fen = "2P4k/3P4/8/8/8/8/8/1P2K3 w - - 0 1 - Ff";
    assert_eq!(
        moves(fen),
        sorted(&["b1b2", "d7d8b", "d7d8n", "d7d8q", "d7d8r", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    // Two-step and en passant; the field is written only when the capture is legal.
    let p = play_all("4k3/1p6/8/2P5/8/8/8/4K3 b - - 0 1 - Ff", &["b7b5"]);
    assert_eq!(p.to_text(), "4k3/8/8/1pP5/8/8/8/4K3 w - b6 0 2 - Ff");
    assert_eq!(p.legal_moves(), sorted(&["c5b6", "c5c6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]));
    assert_eq!(p.play("c5b6").unwrap().to_text(), "4k3/8/1P6/8/8/8/8/4K3 b - - 0 2 - Ff");
    let p = play_all("4k3/1p6/8/8/2P5/8/8/4K3 b - - 0 1 - Ff", &["b7b5"]);
    assert_eq!(p.to_text(), "4k3/8/8/1p6/2P5/8/8/4K3 w - - 0 2 - Ff");
    // A pawn squirted onto its last rank does not promote and has no move there.
    let p = play_all("7k/3P4/3N~4/8/8/8/8/4K3 w - - 0 1 -", &["d6~d7"]);
    assert_eq!(p.to_text(), "3P3k/8/3N~4/8/8/8/8/4K3 b - - 1 1 -");
    let p = p.play("h8g8").unwrap();
    assert!(p.legal_moves().iter().all(|t| !t.starts_with("d8")));
}

#[test]
fn f10_castling() {
    // FIDE's r3k2r/R3K2R position without firefighting or arson: 26, as in FIDE (Ra1 10, Rh1 9,
    // King 5, castling 2).
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 - Ff";
    assert_eq!(moves(fen).len(), 26);
    // The Rook set on fire loses its right.
    let p = play_all("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 A Ff", &["@h1"]);
    assert_eq!(p.to_text(), "r3k2r/8/8/8/8/8/8/R3K2R! b Qkq - 1 1 - Ff");
    // The King pushed off e1 (by Black's Firefighter on f1, along the rank) loses the right.
    let p = play_all("4k3/8/8/8/8/8/8/4Kb~1R b K - 0 1 -", &["f1~e1"]);
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/3K1b~1R w - - 1 2 -");
}

#[test]
fn f11_stalemate_with_a_burning_piece() {
    // Black: Ka8 boxed in by Qc7 (a7, b7, b8 attacked), not in check; a burning knight on h1 that
    // cannot move; Firefighter lost, no arson: no legal move, and a burning piece of its own.
    let p = pos("k7/2Q5/8/8/8/8/8/4K2n! b - - 0 1 - f");
    assert!(p.legal_moves().is_empty());
    assert!(!p.in_check());
    assert!(p.side_has_burning_piece());
    assert!(!p.white_to_move());
}

#[test]
fn parse_rejects_bad_text() {
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 X",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN() w KQkq - 0 1 Aa",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN(R w KQkq - 0 1 Aa",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~! w KQkq - 0 1 Aa",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1 Aa",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R~NBQKBN~R w KQkq - 0 1 Aa",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~ w KQkq - 0 1 Aa F",
    ] {
        assert!(parse(bad).is_err(), "accepted {bad}");
    }
}

/// Every position reached within `depth` plies: its text reads back to the same text.
fn round_trip_walk(p: &RefPosition, depth: u32, seen: &mut usize) {
    let text = p.to_text();
    let back = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.to_text(), text);
    *seen += 1;
    if depth == 0 {
        return;
    }
    for t in p.legal_moves() {
        round_trip_walk(&p.play(&t).unwrap(), depth - 1, seen);
    }
}

#[test]
fn round_trip() {
    for (fen, depth) in [
        (START, 2),
        ("r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa", 2),
        ("7k/8/8/4n!3/4N~3/2p5/1P6/K7 w - - 0 1 -", 3),
        ("7k/8/8/8/8/4p!3/8/K1B5 w - - 0 1 -", 3),
    ] {
        let mut seen = 0;
        round_trip_walk(&pos(fen), depth, &mut seen);
        println!("round trip: {seen} positions from {fen}");
    }
}

/// The same position with the colours exchanged and the board turned upside down (the armies,
/// when the text names them, exchanged too).
fn colour_mirror(fen: &str) -> String {
    let mut f: Vec<&str> = fen.split_whitespace().collect();
    let armies = match f.last() {
        Some(last) if f.len() > 7 && last.contains('/') => {
            let (w, b) = last.split_once('/').unwrap();
            f.pop();
            Some(format!("{b}/{w}"))
        }
        _ => None,
    };
    let swap = |t: &str| -> String {
        t.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let ep = match f[3] {
        "-" => "-".to_string(),
        sq => format!("{}{}", &sq[..1], if &sq[1..] == "3" { "6" } else { "3" }),
    };
    let arson = match f[6] {
        "A" => "a",
        "a" => "A",
        other => other,
    };
    let mut out = format!("{} {side} {} {ep} {} {} {arson}", board.join("/"), swap(f[2]), f[4], f[5]);
    if let Some(lost) = f.get(7) {
        out.push(' ');
        out.push_str(match *lost {
            "F" => "f",
            "f" => "F",
            other => other,
        });
    }
    if let Some(a) = armies {
        out.push(' ');
        out.push_str(&a);
    }
    out
}

#[test]
fn colour_symmetry() {
    // Exchanging the colours (and turning the board over) must not change any count.
    for &(label, fen, depth) in PERFT_POSITIONS {
        let depth = depth.min(if label == "start" || label == "kiwipete" { 2 } else { 3 });
        let a = pos(fen);
        let b = pos(&colour_mirror(fen));
        for d in 1..=depth {
            assert_eq!(a.perft(d), b.perft(d), "{label} depth {d}: {fen} vs {}", colour_mirror(fen));
        }
    }
}

/// The positions of engine-tests/perft/firefighter.perft, for the colour-symmetry check.
const PERFT_POSITIONS: &[(&str, &str, u32)] = &[
    ("start", START, 3),
    ("F12 after 5.Nxf7", "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 Aa", 3),
    ("crowds, burning, declared, edges", "r3k2r/1p!5(Pp)/8/3(BNb~)4/8/8/P~4n2/(NR)3K3 w Qk - 3 20 A", 4),
    ("duty", "4k3/2p5/8/4n!3/8/8/1B~4P1/4K3 w - - 0 30 A", 5),
    ("lost Firefighters, en passant", "r3k2r/8/8/1pP5/8/8/8/R3K2R w KQkq b6 0 1 Aa Ff", 4),
    ("burning king, rescuers", "4k3/8/8/2n5/8/8/p6P/K!B6 w - - 0 1 a", 5),
];

/// The reference gives every count of engine-tests/perft/firefighter.perft up to `limit` nodes
/// (the engine must give them all too: perft.rs).
fn agrees_with_the_perft_file(limit: u64) {
    common::check_perft_file("firefighter", limit, |epd, depth| pos(epd).perft(depth));
}

#[test]
fn perft_file_agrees_with_the_reference() {
    agrees_with_the_perft_file(300_000);
}

/// Every count (minutes in `--release`):
/// `cargo test --release --test firefighter_reference -- --ignored`.
#[test]
#[ignore]
fn perft_file_agrees_with_the_reference_at_every_depth() {
    agrees_with_the_perft_file(u64::MAX);
}

// ------------------------------------------------------------------------------------------------
// Armies (rule zero: Chess with Different Armies, A1-A4)
// ------------------------------------------------------------------------------------------------

const ARMY_NAMES: [&str; 4] = ["fide", "clobberers", "nutty", "rookies"];

/// The ordinary moves of the pieces on rank 1 (no pawn moves, squirts or arson) at the start.
fn back_rank_moves(p: &RefPosition) -> Vec<String> {
    p.legal_moves()
        .into_iter()
        .filter(|t| !t.contains('~') && !t.starts_with('@') && &t[1..2] == "1")
        .collect()
}

#[test]
fn armies_start_positions_by_hand() {
    // The text: White's array on rank 1, Black's on rank 8, the armies last (A1, spec example).
    assert_eq!(
        start("clobberers", "nutty").to_text(),
        "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 Aa clobberers/nutty"
    );
    assert_eq!(start("fide", "fide").to_text(), START);
    assert_eq!(
        start("Rookies", "FIDE").to_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/SWHMKHWS w KQkq - 0 1 Aa rookies/fide"
    );
    // From the FIDE start count (105 = 20 ordinary + 16 arson + 69 squirts): arson (one per
    // piece, 16) and squirts (they depend only on which squares are occupied: 72 minus the three
    // pushing the own King e1 off the board, 69; nothing Black has reaches ranks 1-3, so no squirt
    // exposes the King) are the same for every army. Pawns: 16. Only the rank-1 moves change:
    // - fide: Nb1 a3 c3, Ng1 f3 h3 = 4 -> 105.
    // - clobberers DEFAKFED: Bede a1: diagonal b2 own, jumps c1 own, a3 = 1; Waffle b1: steps a1
    //   c1 b2 own, (2,2) d3 = 1; FAD c1: diagonal steps own, (±2,2) a3 e3, (0,2) c3, (±2,0) a1 e1
    //   own = 3; Cardinal d1: diagonals blocked, knight c3 e3 (b2 f2 own) = 2; King 0; FAD f1 d3
    //   f3 h3 = 3; Waffle g1 e3 = 1; Bede h1 h3 = 1. 12 -> 16 + 12 + 16 + 69 = 113.
    // - nutty TIULKUIT: Charging Rooks a1 h1: forward and sideways blocked, nothing behind = 0;
    //   Fibnif b1: narrow leaps a3 c3 (diagonal steps own) = 2, g1: f3 h3 = 2; Charging Knight c1:
    //   forward leaps b3 d3 (a2 e2 own), sideways b1 d1 own = 2, f1: e3 g3 = 2; Colonel d1: c3 e3
    //   (b2 f2 own; slides and King steps blocked) = 2. 10 -> 111.
    // - rookies SWHMKHWS: Short Rooks 0; Woody Rook b1: b3 (steps own, d1 own) = 1, g1: g3 = 1;
    //   Half-Duck c1: (0,3) c4, (0,2) c3 (f1 a1 e1 own, diagonal steps own) = 2, f1: f4 f3 = 2;
    //   Chancellor d1: c3 e3 = 2. 8 -> 109.
    let expected: [(&str, &[&str], usize); 4] = [
        ("fide", &["b1a3", "b1c3", "g1f3", "g1h3"], 105),
        (
            "clobberers",
            &["a1a3", "b1d3", "c1a3", "c1c3", "c1e3", "d1c3", "d1e3", "f1d3", "f1f3", "f1h3", "g1e3", "h1h3"],
            113,
        ),
        ("nutty", &["b1a3", "b1c3", "c1b3", "c1d3", "d1c3", "d1e3", "f1e3", "f1g3", "g1f3", "g1h3"], 111),
        ("rookies", &["b1b3", "c1c3", "c1c4", "d1c3", "d1e3", "f1f3", "f1f4", "g1g3"], 109),
    ];
    for (army, back, total) in expected {
        for black in ARMY_NAMES {
            let p = start(army, black);
            let m = p.legal_moves();
            assert_eq!(back_rank_moves(&p), sorted(back), "{army} v {black}");
            assert_eq!(m.iter().filter(|t| t.starts_with('@')).count(), 16);
            assert_eq!(m.iter().filter(|t| t.contains('~')).count(), 69);
            assert_eq!(m.len(), total, "{army} v {black}");
        }
    }
    // Black's count is White's for the same army, mirrored. No first action of either side
    // reaches a square of the other's (the Half-Duck's c1-c4 / c8-c5 and the two-steps stop short)
    // with one exception: a White rook-slider that lands on e3 in one move - the Colonel (d1e3,
    // knight leap) or the Chancellor (d1e3) - slides up the e-file to the pawn e7 and pins it to
    // the King e8 (F8). Then the four squirts that push e7 off the e-file are illegal for Black:
    // d8~e7 (to f6), f8~e7 (to d6), d7~e7 (to f7), f7~e7 (to d7); e8~e7 pushes it to e6, still in
    // the way. (A Cardinal on e3 looks along the diagonals: nothing.) So perft 2 is the product,
    // minus 4 when White has the Colonel or the Chancellor:
    // white nutty v black clobberers: 111 * 113 - 4 = 12539; white rookies v black nutty:
    // 109 * 111 - 4 = 12095; white clobberers v black rookies: 113 * 109 = 12317.
    assert_eq!(start("nutty", "clobberers").perft(2), 111 * 113 - 4);
    assert_eq!(start("rookies", "nutty").perft(2), 109 * 111 - 4);
    assert_eq!(start("clobberers", "rookies").perft(2), 113 * 109);
    let p = start("nutty", "clobberers").play("d1e3").unwrap();
    let m = p.legal_moves();
    assert_eq!(m.len(), 113 - 4);
    for t in ["d8~e7", "f8~e7", "d7~e7", "f7~e7"] {
        assert!(!m.contains(&t.to_string()), "{t}");
    }
    assert!(m.contains(&"e8~e7".to_string()));
    // Black to move after a quiet White move has its army's count: after 1.Hc4 (rookies) Black
    // nutty has 111.
    assert_eq!(start("rookies", "nutty").play("c1c4").unwrap().legal_moves().len(), 111);
}

#[test]
fn armies_field_reads_and_writes() {
    // Written last, after the arson and lost-Firefighter fields, only when an army is not fide.
    for fen in [
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 - Ff rookies/fide",
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 A fide/rookies",
        "4k3/8/8/8/8/8/8/3mK3 w - - 0 1 A fide/rookies",
        "4k3/8/8/8/8/8/8/3(Ul)K3 w - - 0 1 Aa F nutty/fide",
    ] {
        assert_eq!(pos(fen).to_text(), fen);
    }
    // Read case-insensitively; fide/fide is read and then left out.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/3MK3 w - - 0 1 - Ff Rookies/FIDE").to_text(),
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 - Ff rookies/fide"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 - fide/fide").to_text(),
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 -"
    );
    assert_eq!(pos("4k3/8/8/8/8/8/8/3AK3 w - - 0 1 - nutty/clobberers").armies(), ("nutty", "clobberers"));
    for bad in [
        // M belongs to neither clobberers nor nutty; Q to neither rookies army.
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 - clobberers/nutty",
        "4k3/8/8/8/8/8/8/3qK3 w - - 0 1 - rookies/rookies",
        // Without the field the armies are fide: army letters are refused.
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 -",
        // Unknown army, field not last, a ninth field without armies, no such letter.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - dragons/fide",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - nutty/fide Ff",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - Ff -",
        "4k3/8/8/8/8/8/8/3XK3 w - - 0 1 - fide/fide",
        // Castling rights need the army's own corner piece (a Rook is not the nutty corner piece).
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 - nutty/fide",
        "4k3/8/8/8/8/8/8/4K2T w K - 0 1 - fide/nutty",
    ] {
        assert!(parse(bad).is_err(), "accepted {bad}");
    }
}

#[test]
fn armies_squirt_by_an_army_piece() {
    // White (rookies) Ka1 and an undeclared Half-Duck d4; Black (fide) Kh8 and pe5, Black's
    // Firefighter lost, no arson. King: a2 b1 b2 = 3. Half-Duck: (±3,0) a4 g4, (0,±3) d7 d1,
    // diagonal steps c5 c3 e3 and xe5, (±2,0) b4 f4, (0,±2) d6 d2 = 12. Squirt: e5 is the only
    // occupied neighbour of a White piece, pushed to f6 = 1. Total 16.
    let fen = "7k/8/8/4p3/3H4/8/8/K7 w - - 0 1 - f rookies/fide";
    assert_eq!(
        moves(fen),
        sorted(&[
            "a1a2", "a1b1", "a1b2", "d4a4", "d4g4", "d4d7", "d4d1", "d4c5", "d4c3", "d4e3", "d4e5", "d4b4",
            "d4f4", "d4d6", "d4d2", "d4~e5"
        ])
    );
    let p = pos(fen).play("d4~e5").unwrap();
    assert_eq!(p.to_text(), "7k/8/5p2/8/3H~4/8/8/K7 b - - 1 1 - f rookies/fide");
    // Black: Kg8 g7 h7 (none reached by the Half-Duck: g7 is (3,3) away) and f6-f5 = 4.
    assert_eq!(p.legal_moves(), sorted(&["f6f5", "h8g7", "h8g8", "h8h7"]));

    // A Black (nutty) Charging Rook squirts: Black t~ d5 next to a White pawn d4 pushes it to d3.
    // Black: Ka8 (a7 b7 b8 = 3); the Charging Rook (forward toward rank 1): xd4 = 1; sideways
    // a5 b5 c5, e5 f5 g5 h5 = 7; backward steps toward rank 8: d6 c6 e6 = 3 -> 11. Squirt d4
    // (to d3) = 1; the King's neighbours are empty. White's Kh1 and pawn d4 (attacks c5, e5:
    // nothing Black has): no burning piece, no duty. Total 15.
    let fen = "k7/8/8/3t~4/3P4/8/8/7K b - - 0 1 - F fide/nutty";
    let m = moves(fen);
    assert_eq!(m.len(), 15, "{m:?}");
    for t in ["d5~d4", "d5d4", "d5d6", "d5c6", "d5e6", "d5a5", "d5h5"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"d5d7".to_string()));
    assert_eq!(pos(fen).play("d5~d4").unwrap().to_text(), "k7/8/8/3t~4/8/3P4/8/7K w - - 1 2 - F fide/nutty");
}

#[test]
fn armies_rescue_through_army_patterns() {
    // White (rookies): Kh1, undeclared Half-Duck c3, pawn d3; Black (fide): Ka8, a burning
    // knight f3; Black's Firefighter lost, no arson. The Half-Duck's (3,0) leap reaches f3 over
    // d3 (and empty e3).
    // King: g1 g2 h2 = 3. Pawn d3: d4 = 1. Half-Duck: xf3, c6, c5, c1, a3, e3, b4 d4 b2 d2 = 10.
    // Squirts: c3 pushes d3 to e3, d3 pushes c3 to b3 = 2 (f3 is next to no White piece).
    // Rescue c3^f3 = 1. No duty (White undeclared). Total 17.
    let fen = "k7/8/8/8/8/2HP1n!2/8/7K w - - 0 1 - f rookies/fide";
    assert_eq!(
        moves(fen),
        sorted(&[
            "h1g1", "h1g2", "h1h2", "d3d4", "c3f3", "c3c6", "c3c5", "c3c1", "c3a3", "c3e3", "c3b4", "c3d4",
            "c3b2", "c3d2", "c3~d3", "d3~c3", "c3^f3"
        ])
    );
    assert_eq!(
        pos(fen).play("c3^f3").unwrap().to_text(),
        "k7/8/8/8/8/2(H~N)P4/8/7K b - - 1 1 - f rookies/fide"
    );
    // A Rook (fide) there is blocked by d3: no rescue.
    assert!(moves("k7/8/8/8/8/2RP1n!2/8/7K w - - 0 1 - f").iter().all(|t| !t.contains('^')));

    // White (nutty): Kh1, undeclared Charging Rook d4; Black (fide): Ka8 and burning knights on
    // d6 (forward, 2), a4 (sideways, 3), c3 (a backward diagonal step) and d2 (backward, 2).
    // King: g1 g2 h2 = 3. Charging Rook: d5, xd6 = 2; c4 b4 xa4 = 3; e4 f4 g4 h4 = 4; backward
    // steps d3, xc3, e3 = 3 -> 12. Extinguish c3 (its only occupied neighbour) = 1. Rescues: d6,
    // a4, c3 = 3; d2 is two steps backward, out of reach. Total 19.
    let fen = "k7/8/3n!4/8/n!2T4/2n!5/3n!4/7K w - - 0 1 - f nutty/fide";
    let m = moves(fen);
    assert_eq!(m.len(), 19, "{m:?}");
    let rescues: Vec<String> = m.iter().filter(|t| t.contains('^')).cloned().collect();
    assert_eq!(rescues, sorted(&["d4^a4", "d4^c3", "d4^d6"]));
    assert!(m.contains(&"d4~c3".to_string()) && !m.contains(&"d4d2".to_string()));
    // The Black Charging Rook mirrored: forward is toward rank 1 (same counts, colour mirror).
    let mirrored = colour_mirror(fen);
    assert_eq!(mirrored, "7k/3N!4/2N!5/N!2t4/8/3N!4/8/K7 b - - 0 1 - F fide/nutty");
    let rescues: Vec<String> = moves(&mirrored).into_iter().filter(|t| t.contains('^')).collect();
    assert_eq!(rescues, sorted(&["d5^a5", "d5^c6", "d5^d3"]));

    // A rescued Charging Rook changes colour and its forward direction with it (READING: as F5
    // says of a pawn): White's undeclared Kd1 rescues the burning Black t on d2, which comes to
    // d1 (the rescuer stays). After 1.d1^d2 Kb8-a8, White: the Charging Rook slides up d2-d8 (7)
    // and along rank 1 c1 b1 a1 e1 f1 g1 h1 (7), nothing behind = 14; the King c1 c2 d2 e2 e1 =
    // 5. c1, d2, e1 are reached by both, written with letters (K~ for the Firefighter). 19.
    let p = play_all("1k6/8/8/8/8/8/3t!4/3K4 w - - 0 1 - f fide/nutty", &["d1^d2", "b8a8"]);
    assert_eq!(p.to_text(), "k7/8/8/8/8/8/8/3(K~T)4 w - - 2 2 - f fide/nutty");
    assert_eq!(
        p.legal_moves(),
        sorted(&[
            "K~d1c1", "Td1c1", "K~d1d2", "Td1d2", "K~d1e1", "Td1e1", "d1c2", "d1e2", "d1d3", "d1d4", "d1d5",
            "d1d6", "d1d7", "d1d8", "d1b1", "d1a1", "d1f1", "d1g1", "d1h1"
        ])
    );
}

#[test]
fn armies_duty_with_an_army_firefighter() {
    // Black (nutty) declared Charging Knight u~ d4; White (fide): Kh1, pawn b4, a burning knight
    // d8 (distance 4 from d4). Nothing Black has is attacked (the pawn b4 attacks a5 c5), so the
    // duty applies. For Black the forward leaps go toward rank 1 (c2 e2 b3 f3: distance 6, 5),
    // the sideways steps c4 e4 stay at 4, the backward steps d5 c5 e5 come to 3; c5 is attacked
    // by the pawn b4: duty moves d4d5, d4e5. No extinguish or rescue reaches d8.
    let fen = "k2N!4/8/8/8/1P1u~4/8/8/7K b - - 0 1 - fide/nutty";
    assert_eq!(moves(fen), sorted(&["d4d5", "d4e5"]));
    // The same with a declared Fibnif i~ d4 (narrow leaps c6 e6 at distance 2, diagonal steps
    // c5 e5 at 3, c5 attacked): d4c6, d4e6, d4e5.
    let fen = "k2N!4/8/8/8/1P1i~4/8/8/7K b - - 0 1 - fide/nutty";
    assert_eq!(moves(fen), sorted(&["d4c6", "d4e5", "d4e6"]));
    // White's declared Half-Duck h~ a1 and a burning Black knight a5 (distance 4): (0,3) a4 at 1
    // and (0,2) a3 at 2; b2 at 3; c1 (2,0) and d1 (3,0) stay at 4. A Black pawn b5 attacks a4:
    // duty moves a1a3, a1b2.
    let fen = "7k/8/8/n!p6/8/8/8/H~6K w - - 0 1 - rookies/fide";
    assert_eq!(moves(fen), sorted(&["a1a3", "a1b2"]));
}

#[test]
fn armies_castling() {
    // White (nutty) Charging Rooks on a1 h1: King d1 d2 e2 f2 f1 + e1g1 + e1c1 = 7; Ta1: a2-a8 (7),
    // b1 c1 d1 (3) = 10; Th1: h2-h8 (7), g1 f1 (2) = 9. Total 26 (FIDE's Rooks count the same
    // here: nothing lies behind rank 1).
    let fen = "4k3/8/8/8/8/8/8/T3K2T w KQ - 0 1 - Ff nutty/fide";
    assert_eq!(moves(fen).len(), 26);
    assert_eq!(pos(fen).play("e1g1").unwrap().to_text(), "4k3/8/8/8/8/8/8/T4TK1 b - - 1 1 - Ff nutty/fide");
    assert_eq!(pos(fen).play("e1c1").unwrap().to_text(), "4k3/8/8/8/8/8/8/2KT3T b - - 1 1 - Ff nutty/fide");
    // F10 for the corner piece: Th1 moving or burning loses K.
    assert_eq!(pos(fen).play("h1h2").unwrap().to_text(), "4k3/8/8/8/8/8/7T/T3K3 b Q - 1 1 - Ff nutty/fide");
    let p = pos("4k3/8/8/8/8/8/8/T3K2T w KQ - 0 1 A Ff nutty/fide").play("@a1").unwrap();
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/T!3K2T b K - 1 1 - Ff nutty/fide");
    // Black (nutty) the same, its Charging Rooks sliding toward rank 1: 26 (colour mirror).
    assert_eq!(colour_mirror(fen), "t3k2t/8/8/8/8/8/8/4K3 b kq - 0 1 - Ff fide/nutty");
    assert_eq!(moves(&colour_mirror(fen)).len(), 26);

    // White (clobberers) Bedes on a1 h1. King: d1 d2 e2 f2 f1 + e1g1 + e1b1 = 7. Bede a1:
    // b2-h8 (7), jumps c1 a3 = 9; Bede h1: g2-a8 (7), jumps f1 h3 = 9. Total 25.
    let fen = "4k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 - Ff clobberers/fide";
    let m = moves(fen);
    assert_eq!(m.len(), 25);
    assert!(m.contains(&"e1b1".to_string()) && !m.contains(&"e1c1".to_string()));
    assert_eq!(
        pos(fen).play("e1b1").unwrap().to_text(),
        "4k3/8/8/8/8/8/8/1KD4D b - - 1 1 - Ff clobberers/fide"
    );
    assert_eq!(
        pos(fen).play("e1g1").unwrap().to_text(),
        "4k3/8/8/8/8/8/8/D4DK1 b - - 1 1 - Ff clobberers/fide"
    );
    // The Bede's long castle lands the King on b1: a Black knight a3 attacking b1 forbids it
    // (the FIDE long castle, King to c1, would stand: b1 need only be empty).
    let m = moves("4k3/8/8/8/8/n7/8/D3K2D w KQ - 0 1 - Ff clobberers/fide");
    assert!(!m.contains(&"e1b1".to_string()) && m.contains(&"e1g1".to_string()));
    assert!(moves("4k3/8/8/8/8/n7/8/R3K2R w KQ - 0 1 - Ff").contains(&"e1c1".to_string()));
    // The King passes c1: a Black knight b3 attacking c1 (and a1, d2) forbids it.
    assert!(!moves("4k3/8/8/8/8/1n6/8/D3K2D w KQ - 0 1 - Ff clobberers/fide").contains(&"e1b1".to_string()));
    // b1, c1, d1 must be empty: a White Waffle on b1 blocks it.
    assert!(!moves("4k3/8/8/8/8/8/8/DE2K2D w KQ - 0 1 - Ff clobberers/fide").contains(&"e1b1".to_string()));
    // Black's Bede long castle: e8b8, the Bede to c8.
    let black = colour_mirror(fen);
    assert_eq!(black, "d3k2d/8/8/8/8/8/8/4K3 b kq - 0 1 - Ff fide/clobberers");
    assert_eq!(
        pos(&black).play("e8b8").unwrap().to_text(),
        "1kd4d/8/8/8/8/8/8/4K3 w - - 1 2 - Ff fide/clobberers"
    );
    // From the start of clobberers v clobberers, clearing b1 c1 d1: 1.b1d3 (Waffle (2,2)) e7e6
    // 2.c1c3 (FAD (0,2)) e6e5 3.d1e3 (Cardinal knight leap) e5e4 4.e1b1 (the Bede to c1; White's
    // rights go, Black's stay).
    let p = play_all(
        &start("clobberers", "clobberers").to_text(),
        &["b1d3", "e7e6", "c1c3", "e6e5", "d1e3", "e5e4"],
    );
    let p = p.play("e1b1").unwrap_or_else(|| panic!("{:?}", p.legal_moves()));
    assert_eq!(
        p.to_text(),
        "defakfed/pppp1ppp/8/8/4p3/2FEA3/PPPPPPPP/1KD2FED b kq - 1 4 Aa clobberers/clobberers"
    );
}

#[test]
fn armies_promotion() {
    // clobberers/nutty: Pd7 promotes to d e f a t i u l (A2: either army's types) = 8; King 5.
    let fen = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1 - Ff clobberers/nutty";
    assert_eq!(
        moves(fen),
        sorted(&[
            "d7d8a", "d7d8d", "d7d8e", "d7d8f", "d7d8i", "d7d8l", "d7d8t", "d7d8u", "e1d1", "e1d2", "e1e2",
            "e1f1", "e1f2"
        ])
    );
    // The Colonel on d8 slides sideways to h8: check. Black: Kg7 Kh7 (g8 is on the slide; the
    // Colonel's King steps and backward reach are c7 d7 e7) = 2.
    let p = pos(fen).play("d7d8l").unwrap();
    assert_eq!(p.to_text(), "3L3k/8/8/8/8/8/8/4K3 b - - 0 1 - Ff clobberers/nutty");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["h8g7", "h8h7"]));
    // A Cardinal there does not check (diagonals c7 e7..., knight b7 f7 c6 e6): Kg7 g8 h7 = 3.
    assert_eq!(pos(fen).play("d7d8a").unwrap().legal_moves().len(), 3);
    // fide/rookies: q r b n s w h m = 8, plus King 5 = 13.
    let m = moves("7k/3P4/8/8/8/8/8/4K3 w - - 0 1 - Ff fide/rookies");
    assert_eq!(m.len(), 13);
    for t in ["d7d8q", "d7d8r", "d7d8b", "d7d8n", "d7d8s", "d7d8w", "d7d8h", "d7d8m"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    // Black promotes too (fide/nutty: q r b n t i u l); a Firefighter pawn stays the Firefighter.
    let p = pos("4k3/8/8/8/8/8/3p~4/7K b - - 0 1 - F fide/nutty");
    let promos: Vec<String> = p.legal_moves().into_iter().filter(|t| t.starts_with("d2d1")).collect();
    assert_eq!(promos, sorted(&["d2d1b", "d2d1i", "d2d1l", "d2d1n", "d2d1q", "d2d1r", "d2d1t", "d2d1u"]));
    assert_eq!(p.play("d2d1u").unwrap().to_text(), "4k3/8/8/8/8/8/8/3u~3K w - - 0 2 - F fide/nutty");
}

#[test]
fn armies_colour_symmetry_and_round_trip() {
    for fen in [
        "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 Aa clobberers/nutty",
        "t3k2t/ppp1p!2(Pp)/3h~4/8/2(HL)1u3/8/P2P~4/S3K2S w Qk - 0 9 A rookies/nutty",
        "t3k2t/2pp1p!2/8/4(Ai)3/8/8/2E~2PP1/D3K2D b KQkq - 0 9 a clobberers/nutty",
    ] {
        let a = pos(fen);
        let b = pos(&colour_mirror(fen));
        for d in 1..=2 {
            assert_eq!(a.perft(d), b.perft(d), "depth {d}: {fen}");
        }
        let mut seen = 0;
        round_trip_walk(&a, 2, &mut seen);
    }
}

/// Perft 1-3 from the start of all 16 pairings: `cargo test --release --test firefighter_reference
/// armies_perft_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn armies_perft_table() {
    for white in ARMY_NAMES {
        for black in ARMY_NAMES {
            let p = start(white, black);
            let counts: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
            println!("perft {white}/{black}: {counts:?}");
        }
    }
}
