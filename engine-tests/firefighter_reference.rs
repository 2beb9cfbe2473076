//! Tests of the independent FireFighter reference move generator (`reference/firefighter.rs`),
//! and its perft counts for cross-checking the engine. Every expected number below is derived by
//! hand in the comment next to it (or taken from the rule page's example, F12).

#[path = "reference/firefighter.rs"]
mod firefighter;

use firefighter::{parse, RefPosition};

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

/// The same position with the colours exchanged and the board turned upside down.
fn colour_mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
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

/// Positions for the cross-check, with the depth printed by `perft_counts` (more in `perft_deep`).
const PERFT_POSITIONS: &[(&str, &str, u32)] = &[
    ("start", START, 3),
    ("F12 after 5.Nxf7", "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 Aa", 3),
    ("crowds, burning, declared, edges", "r3k2r/1p!5(Pp)/8/3(BNb~)4/8/8/P~4n2/(NR)3K3 w Qk - 3 20 A", 4),
    ("duty", "4k3/2p5/8/4n!3/8/8/1B~4P1/4K3 w - - 0 30 A", 5),
    ("lost Firefighters, en passant", "r3k2r/8/8/1pP5/8/8/8/R3K2R w KQkq b6 0 1 Aa Ff", 4),
    ("burning king, rescuers", "4k3/8/8/2n5/8/8/p6P/K!B6 w - - 0 1 a", 5),
];

#[test]
fn perft_counts() {
    for &(label, fen, depth) in PERFT_POSITIONS {
        let p = pos(fen);
        for d in 1..=depth {
            let t = std::time::Instant::now();
            println!("perft {label:?} [{fen}] depth {d}: {} ({:.1?})", p.perft(d), t.elapsed());
        }
    }
}

/// Slower counts (minutes in `--release`): `cargo test --release --test firefighter_reference
/// perft_deep -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_deep() {
    for &(label, fen, depth) in PERFT_POSITIONS {
        if matches!(label, "F12 after 5.Nxf7" | "kiwipete") {
            continue; // depth + 1 takes too long here
        }
        let p = pos(fen);
        let d = depth + 1;
        let t = std::time::Instant::now();
        println!("perft {label:?} [{fen}] depth {d}: {} ({:.1?})", p.perft(d), t.elapsed());
    }
}
