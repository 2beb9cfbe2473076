//! Tests of the independent Tirebiter / Nick Danger reference move generator
//! (`reference/tirebiter.rs`), and its perft counts for cross-checking the engine. Every expected
//! number below is derived by hand in the comment next to it, or taken from the rule page's
//! examples (T9). The `armies_*` tests play the armies of Chess with Different Armies (A1-A4)
//! on both sides.

mod common;
#[path = "reference/tirebiter.rs"]
mod tirebiter;

use tirebiter::{parse, start, RefPosition};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn tb(fen: &str) -> RefPosition {
    parse(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn nd(fen: &str) -> RefPosition {
    parse(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays the tokens one after another (each must be legal).
fn play_all(mut p: RefPosition, tokens: &[&str]) -> RefPosition {
    for t in tokens {
        p = p.play(t).unwrap_or_else(|| panic!("{t} is not legal in {}: {:?}", p.to_text(), p.legal_moves()));
    }
    p
}

fn has(p: &RefPosition, token: &str) -> bool {
    p.legal_moves().iter().any(|m| m == token)
}

/// The piece on `sq`: its FEN letter and all its squares.
fn at(p: &RefPosition, sq: &str) -> Option<(char, Vec<String>)> {
    p.piece_at(sq)
}

fn piece(letter: char, squares: &[&str]) -> Option<(char, Vec<String>)> {
    Some((letter, squares.iter().map(|s| s.to_string()).collect()))
}

// ---------------------------------------------------------------------------------------------
// T9: the rule page's examples.

#[test]
fn t9_sample_game() {
    let p = play_all(tb(START), &["g1f3", "h7h6", "f3e5", "f7f6", "e5g4", "e7e5"]);
    // 4.Ng4:e5,f6,h6 is one move: the knight's three captures (its fourth leap, e3, is empty;
    // f2 and h2 are own pawns).
    let caps: Vec<String> = p.legal_moves().into_iter().filter(|m| m.starts_with("g4")).collect();
    assert_eq!(caps, sorted(&["g4e3", "g4e5,g4f6,g4h6"]));
    let p = play_all(p, &["g4e5,g4f6,g4h6"]);
    // The diagram; the position text of protocol-docs/notation.md.
    assert_eq!(p.to_text(), "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6");
    assert_eq!(at(&p, "f6"), piece('N', &["e5", "f6", "h6"]));
    // Check: Ne5,f6,h6:d7,e8,g8 (vector -1,+2, three captures) is a move.
    assert!(p.in_check());
    // Black's legal moves, by hand:
    // - captures (each removes the whole knight, so the check is gone): Rh8:h6 (h7 empty),
    //   Ng8:f6,h6 (e7 is empty: not a capture), g7:f6,h6, Qd8:f6 (via e7);
    // - moves emptying d7, e8 or g8 so that the vector -1,+2 is no longer all captures:
    //   d7-d6, d7-d5, Ng8-e7, Ke8-e7 (no knight location reaches e7), Ke8-f7 (e5-f7 is +1,+2
    //   but h6+(1,2) is off the board; h6-f7 is -2,+1 but e5-c6 is not a capture; f6 cannot
    //   reach f7, so no converge).
    assert_eq!(
        p.legal_moves(),
        sorted(&["h8h6", "g8f6,g8h6", "g7f6,g7h6", "d8f6", "d7d6", "d7d5", "g8e7", "e8e7", "e8f7"])
    );
    // 4...Rh8:h6: the knight is gone from f6 and e5 too.
    let r = play_all(p.clone(), &["h8h6"]);
    assert_eq!(at(&r, "h6"), piece('r', &["h6"]));
    assert_eq!(at(&r, "f6"), None);
    assert_eq!(at(&r, "e5"), None);
    assert_eq!(r.to_text(), "rnbqkbn1/pppp2p1/7r/8/8/8/PPPPPPPP/RNBQKB1R w KQq - 0 5 -");
    // 4...Ng8:f6,h6: e5 is empty; the black knight is one Tirebiter piece on f6 and h6.
    let n = play_all(p.clone(), &["g8f6,g8h6"]);
    assert_eq!(at(&n, "e5"), None);
    assert_eq!(at(&n, "f6"), piece('n', &["f6", "h6"]));
    assert_eq!(at(&n, "h6"), piece('n', &["f6", "h6"]));
    assert_eq!(n.to_text(), "rnbqkb1r/pppp2p1/5n1n/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 5 f6,h6");
    // 4...Ne7 is legal and answers the check; then both White knight moves of the page.
    let e = play_all(p, &["g8e7"]);
    assert!(!e.in_check());
    assert!(has(&e, "e5g4,f6g4,h6g4"));
    assert!(has(&e, "e5d3,f6e4,h6g4"));
    let g = play_all(e.clone(), &["e5g4,f6g4,h6g4"]);
    assert_eq!(at(&g, "g4"), piece('N', &["g4"]));
    let d = play_all(e, &["e5d3,f6e4,h6g4"]);
    assert_eq!(at(&d, "e4"), piece('N', &["d3", "e4", "g4"]));
}

#[test]
fn t9_tirebiter_problem() {
    // White: Tirebiter King f6,h6, Tirebiter Rook f7,h7, Tirebiter Pawn f5,g5; Black: Kg8.
    // "White makes a move and says that it's mate next move": White is to move.
    // ROT13: "White moves the Rooks forwards, Black moves the King to h7. White expected Black
    // to capture the Rook, allowing White to make a normal King at g7, checkmate."
    let p = tb("6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7");
    assert!(!p.in_check());
    let p = play_all(p, &["f7f8,h7h8"]);
    // Check: the rook converges on g8 (f8-g8 and h8-g8, both captures).
    assert!(p.in_check());
    // The expected capture is there (Kg8:f8,h8, both rook locations at once) ...
    assert!(has(&p, "g8f8,g8h8"));
    // ... and so is the answer Kh7.
    let m = play_all(p, &["g8h7"]);
    // Kh7 captures h6 and h8 at once: the white King (h6) is attacked. Every way out fails:
    // the King's vectors -1,0 / -1,+1 and its converges to g6 / g7 stay next to h7, -1,-1 and
    // 0,-1 land on own pawns, 0,+1 is a capture (h7) mixed with a non-capture (f7), and nothing
    // can capture the black King (rook 0,-1 mixes f7 with h7; pawns have no capture).
    assert!(m.in_check());
    assert_eq!(m.legal_moves(), Vec::<String>::new());
}

#[test]
fn t9_tirebiter_problem_side_line() {
    // The page's side remark: after 2...Kg8:f8,h8 White "makes a normal King at g7, checkmate".
    // By T3(b) the black Tirebiter King f8,h8 then converges onto g7 (two diagonal king steps,
    // both captures), so by T5 Kg7 would leave White's King in check: under the rulings that
    // move is illegal. This test records the reading (see the report), not the page's claim.
    let p =
        play_all(tb("6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7"), &["f7f8,h7h8", "g8f8,g8h8"]);
    assert_eq!(p.to_text(), "5k1k/8/5K1K/5PP1/8/8/8/8 w - - 0 2 f5,g5;f6,h6;f8,h8");
    assert!(!has(&p, "f6g7,h6g7"));
}

#[test]
fn t9_nick_danger_sample() {
    let p = play_all(nd(START), &["e2e4", "e7e5", "d1h5"]);
    // The knight b8 must split: a6 and c6 (d7 is own) are both at distance 1.
    assert!(!has(&p, "b8c6"));
    assert!(!has(&p, "b8a6"));
    assert!(has(&p, "b8a6,b8c6"));
    let p = play_all(p, &["b8a6,b8c6"]);
    assert_eq!(at(&p, "c6"), piece('n', &["a6", "c6"]));
    // The Queen h5: distance 1 g4,g5,g6,h4,h6; distance 2 f3,f5,h3 (f7 and h7 are captures,
    // not non-captures); distance 3 e2; distance 4 d1 (both emptied by e4 and Qh5); captures
    // e5 (via g5,f5), f7 (via g6), h7 (via h6) all at once.
    let q: Vec<String> = p.legal_moves().into_iter().filter(|m| m.starts_with("h5")).collect();
    assert_eq!(q, sorted(&["h5g4,h5g5,h5g6,h5h4,h5h6", "h5f3,h5f5,h5h3", "h5e2", "h5d1", "h5e5,h5f7,h5h7"]));
    assert!(!has(&p, "h5f5"));
    let p = play_all(p, &["h5f3,h5f5,h5h3"]);
    assert_eq!(at(&p, "f5"), piece('Q', &["f3", "f5", "h3"]));
    // In Tirebiter Chess the same knight move is two separate moves.
    let t = play_all(tb(START), &["e2e4", "e7e5", "d1h5"]);
    assert!(has(&t, "b8c6") && has(&t, "b8a6") && !has(&t, "b8a6,b8c6"));
}

// ---------------------------------------------------------------------------------------------
// T1: representation and position text.

#[test]
fn t1_position_text() {
    // A letter on every location; the seventh field groups them. Groups sorted.
    let p = tb("4k3/8/1n3n2/8/8/8/P1P5/4K3 w - - 0 1 c2,a2;f6,b6");
    assert_eq!(p.to_text(), "4k3/8/1n3n2/8/8/8/P1P5/4K3 w - - 0 1 a2,c2;b6,f6");
    assert_eq!(at(&p, "a2"), piece('P', &["a2", "c2"]));
    // Without a seventh field (or with only 4 fields) every piece is normal.
    assert_eq!(tb("4k3/8/8/8/8/8/8/4K3 w - -").to_text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    assert_eq!(tb(START).to_text(), START);
    for bad in [
        "4k3/8/8/8/8/8/N1n5/4K3 w - - 0 1 a2,c2", // a group over two different pieces
        "4k3/8/8/8/8/8/N7/4K3 w - - 0 1 a2",      // a group of one square
        "4k3/8/8/8/8/8/N7/4K3 w - - 0 1 a2,b2",   // a group over an empty square
        "4k3/8/8/8/8/P7/2P5/4K3 w - - 0 1 a3,c2", // a Tirebiter pawn on two ranks (T6)
        "4k3/8/8/8/8/7R/8/4K2R w K - 0 1 h1,h3",  // castling right with a Tirebiter rook (T7)
        "4k3/8/8/8/8/8/8/4K2K w - - 0 1 -",       // two Kings
        "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 -",      // the side not to move in check
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1 -",       // no pawn passed e6
    ] {
        assert!(parse(bad, false).is_err(), "{bad} should be rejected");
    }
}

// ---------------------------------------------------------------------------------------------
// T2: a normal piece's captures, all at once.

#[test]
fn t2_all_captures_at_once() {
    // Ka1, Nd4 v Kh8, pawns c6 e6. The knight: 6 non-captures (b3 b5 c2 e2 f3 f5) + 1 move
    // capturing c6 and e6; the King a2 b1 b2: 10. Nick Danger: the 6 non-captures are one move,
    // the King's 3 one move: 3.
    let fen = "7k/8/2p1p3/8/3N4/8/8/K7 w - - 0 1 -";
    assert_eq!(tb(fen).perft(1), 10);
    assert!(has(&tb(fen), "d4c6,d4e6"));
    assert!(!has(&tb(fen), "d4c6"));
    assert_eq!(
        nd(fen).legal_moves(),
        sorted(&["a1a2,a1b1,a1b2", "d4b3,d4b5,d4c2,d4e2,d4f3,d4f5", "d4c6,d4e6"])
    );
    let after = tb(fen).play("d4c6,d4e6").unwrap();
    assert_eq!(after.to_text(), "7k/8/2N1N3/8/8/8/8/K7 b - - 0 1 c6,e6");
}

#[test]
fn t2_king_takes_only_its_safe_target() {
    // Ke1 v Kh8, Rf8, Nd2, Nf2. Revised T2 (2026-11-26): the King captures only where it could
    // legally capture on its own. Kxf2 alone stands on the f8 rook's file; Kxd2 alone is safe
    // (Nf2 covers d1 d3 e4 g4 h1 h3, not d2): the capture is d2 alone. (The old reading made
    // the King take d2 and f2 at once, so it had no capture and only e1-e2 was legal.) d1 (Nf2)
    // and f1 (Nd2) are attacked; e2 is not: e1-d2 and e1-e2.
    let fen = "5r1k/8/8/8/8/8/3n1n2/4K3 w - - 0 1 -";
    assert!(!tb(fen).in_check());
    assert_eq!(tb(fen).legal_moves(), sorted(&["e1d2", "e1e2"]));
    assert_eq!(tb(fen).play("e1d2").unwrap().to_text(), "5r1k/8/8/8/8/8/3K1n2/8 b - - 0 1 -");
    // Nick Danger (T8, revised): the King's non-capture goes only to the squares it could
    // legally step to on its own: e2 (d1, f1 attacked), so it is a single step; the capture as
    // in Tirebiter. (The old reading made it go to d1, e2 and f1 at once: stalemate.)
    assert_eq!(nd(fen).legal_moves(), sorted(&["e1d2", "e1e2"]));
    assert!(!nd(fen).in_check());
}

#[test]
fn t2_en_passant_and_promotion_in_the_composite() {
    // Ke1, Pe5 v Ke8, Pd5 (just two-stepped), Nf6. The pawn: e6, and one move capturing d6 en
    // passant and f6; the King: d1 d2 e2 f1 f2 (the knight covers e4 g4 d7 ...): 7.
    // Nick Danger: e6, the capture, one King move: 3.
    let fen = "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1 -";
    assert_eq!(tb(fen).to_text(), fen);
    assert_eq!(tb(fen).perft(1), 7);
    assert_eq!(nd(fen).perft(1), 3);
    let after = tb(fen).play("e5d6,e5f6").unwrap();
    // Both black pieces are gone; the pawn stands on d6 and f6.
    assert_eq!(after.to_text(), "4k3/8/3P1P2/8/8/8/8/4K3 b - - 0 1 d6,f6");
    // Without the two-step (no en passant square) the capture is f6 alone.
    assert!(has(&tb("4k3/8/5n2/3pP3/8/8/8/4K3 w - - 0 1 -"), "e5f6"));

    // Kh1, Pc7 v Kh8, Nb8, Nd8. The pawn: c8 (4 promotions) and b8+d8 at once (4 promotions,
    // one type for both locations); the King g1 g2 h2: 11.
    let fen = "1n1n3k/2P5/8/8/8/8/8/7K w - - 0 1 -";
    assert_eq!(tb(fen).perft(1), 11);
    let after = tb(fen).play("c7b8r,c7d8r").unwrap();
    assert_eq!(after.to_text(), "1R1R3k/8/8/8/8/8/8/7K b - - 0 1 b8,d8");
}

// ---------------------------------------------------------------------------------------------
// T3: Tirebiter pieces.

#[test]
fn t3_tirebiter_rook() {
    // Tirebiter Rook a1,a8, Kh1 v Ke5. Vectors +1..+6 along the ranks (a1+7 = h1 is own; a8 and
    // a1 cannot go further up/down, and a1 blocks a8 on the file): 6; converging on a2..a7: 6;
    // the King g1 g2 h2: 15. Nick Danger: the King's 3 squares are one move: 13.
    let fen = "R7/8/8/4k3/8/8/8/R6K w - - 0 1 a1,a8";
    assert_eq!(tb(fen).perft(1), 15);
    assert_eq!(nd(fen).perft(1), 13);
    assert!(has(&tb(fen), "a1f1,a8f8"));
    assert!(has(&tb(fen), "a1a4,a8a4"));
    assert!(!has(&tb(fen), "a1h1,a8h8"));
    // With black Knights on b1 and b8: +1,0 captures both (all captures): 1 vector move, the
    // rest blocked; converge a2..a7: 6; King 3: 10 (Nick Danger 8).
    let fen = "Rn6/8/8/4k3/8/8/8/Rn5K w - - 0 1 a1,a8";
    assert_eq!(tb(fen).perft(1), 10);
    assert_eq!(nd(fen).perft(1), 8);
    assert_eq!(tb(fen).play("a1b1,a8b8").unwrap().to_text(), "1R6/8/8/4k3/8/8/8/1R5K b - - 0 1 b1,b8");
    // Only b8: +1,0 mixes a capture (b8) with a non-capture (b1): no vector move at all; the
    // converges remain: 6 + 3 = 9.
    let fen = "Rn6/8/8/4k3/8/8/8/R6K w - - 0 1 a1,a8";
    assert_eq!(tb(fen).perft(1), 9);
}

// ---------------------------------------------------------------------------------------------
// T4: capturing a Tirebiter piece.

#[test]
fn t4_removed_from_every_location() {
    // Rd1 takes the knight on d5: it vanishes from f5 as well.
    let p = tb("7k/8/8/3n1n2/8/8/8/K2R4 w - - 0 1 d5,f5");
    assert_eq!(p.play("d1d5").unwrap().to_text(), "7k/8/8/3R4/8/8/8/K7 b - - 0 1 -");
    // Bd4 captures both locations of one knight: it occupies both squares. Moves: bishop c5 e5
    // c3 b2 e3 f2 g1 + the capture, King a2 b1 b2 (the knight's leaps from b6/f6 reach none of
    // them): 11.
    let p = tb("7k/8/1n3n2/8/3B4/8/8/K7 w - - 0 1 b6,f6");
    assert_eq!(p.perft(1), 11);
    assert_eq!(p.play("d4b6,d4f6").unwrap().to_text(), "7k/8/1B3B2/8/8/8/8/K7 b - - 0 1 b6,f6");
}

// ---------------------------------------------------------------------------------------------
// T5: check.

#[test]
fn t5_check_through_complete_captures() {
    // Tirebiter Rook a1,h1 v Ka8, Nh8: 0,+7 captures a8 and h8: check.
    let p = tb("k6n/8/8/8/8/2K5/8/R6R b - - 0 1 a1,h1");
    assert!(p.in_check());
    // Black: Ka7 (0,+6 mixes a7 with empty h7), Kb7, Kb8, and the knight leaving h8 (f7, g6)
    // breaks the composite: 5.
    assert_eq!(p.legal_moves(), sorted(&["a8a7", "a8b7", "a8b8", "h8f7", "h8g6"]));
    // Without the knight the capture on a8 would be mixed with a non-capture on h8: no check.
    assert!(!tb("k7/8/8/8/8/2K5/8/R6R b - - 0 1 a1,h1").in_check());
}

#[test]
fn t5_checker_own_king_safety_ignored() {
    // White Rd2 is pinned by Bb4 against Ke1, but it still checks Ka2 along the second rank.
    let p = tb("8/8/8/8/1b6/8/k2R4/4K3 b - - 0 1 -");
    assert!(p.in_check());
    // Black: King a1 a3 b1 b3 (b2 is on the rook's rank), Bb4:d2: 5.
    assert_eq!(p.legal_moves(), sorted(&["a2a1", "a2a3", "a2b1", "a2b3", "b4d2"]));
}

#[test]
fn t5_tirebiter_king_in_check() {
    // White Tirebiter King f6,h6 v Ke8, Rh8: h6 is attacked, so White is in check. Ways out:
    // vectors -1,0 (e6,g6) and -1,-1 (e5,g5); converging on g5, g6, g7. Not: 0,+1 (h7 on the
    // rook's file), 0,-1 (h5 likewise), -1,+1 (e7 next to the black King), +1,x (off board).
    let fen = "4k2r/8/5K1K/8/8/8/8/8 w - - 0 1 f6,h6";
    let expect = sorted(&["f6e5,h6g5", "f6e6,h6g6", "f6g5,h6g5", "f6g6,h6g6", "f6g7,h6g7"]);
    assert!(tb(fen).in_check());
    assert_eq!(tb(fen).legal_moves(), expect);
    // A Tirebiter piece does not split further in Nick Danger: the same 5.
    assert_eq!(nd(fen).legal_moves(), expect);
}

// ---------------------------------------------------------------------------------------------
// T6: pawns.

#[test]
fn t6_tirebiter_pawns_and_en_passant() {
    // Tirebiter Pawn c2,e2, Kh1 v Kh8, Pd4. Pawn: one step, two steps (b3, d3, f3 are empty, so
    // no capture); King g1 g2 h2: 5. Nick Danger: 2 + 1 = 3.
    let fen = "7k/8/8/8/3p4/8/2P1P3/7K w - - 0 1 c2,e2";
    assert_eq!(tb(fen).legal_moves(), sorted(&["c2c3,e2e3", "c2c4,e2e4", "h1g1", "h1g2", "h1h2"]));
    assert_eq!(nd(fen).perft(1), 3);
    // The two-step passes c3 and e3; d4 takes both en passant at once (one move).
    let p = tb(fen).play("c2c4,e2e4").unwrap();
    assert_eq!(p.to_text(), "7k/8/8/8/2PpP3/8/8/7K b - c3,e3 0 1 c4,e4");
    assert_eq!(p.legal_moves(), sorted(&["d4c3,d4e3", "d4d3", "h8g7", "h8g8", "h8h7"]));
    let q = p.play("d4c3,d4e3").unwrap();
    assert_eq!(q.to_text(), "7k/8/8/8/8/2p1p3/8/7K w - - 0 2 c3,e3");
    // A Tirebiter pawn converging on an en passant square (both legs en passant captures; the
    // reading of the report): c5,e5 after ...d7-d5 takes d5 from c5 and e5 at once.
    let p = play_all(tb(OTHER_POSITIONS[1]), &["d7d5"]);
    assert_eq!(p.to_text(), "r3k3/1p3p2/8/2PpP3/8/8/1Q4Q1/R3K3 w Qq d6 0 2 b2,g2;c5,e5");
    let q = p.play("c5d6,e5d6").unwrap();
    assert_eq!(q.to_text(), "r3k3/1p3p2/3P4/8/8/8/1Q4Q1/R3K3 b Qq - 0 2 b2,g2");
    // After ...b7-b5 the pawn on c5 attacks b6, but no legal move captures there (the Tirebiter
    // pawn's -1,+1 leg from e5 would land on an empty d6, and nothing else converges on b6), so
    // b6 is not written: only passed squares onto which a legal move captures en passant are.
    // (The old text rule wrote every passed square a pawn of the side to move attacks; b6 was
    // written then.) Reading the text back gives the same moves.
    let p = play_all(tb(OTHER_POSITIONS[1]), &["b7b5"]);
    assert_eq!(p.to_text(), "r3k3/3p1p2/8/1pP1P3/8/8/1Q4Q1/R3K3 w Qq - 0 2 b2,g2;c5,e5");
    assert!(!p.legal_moves().iter().any(|m| m.contains("b6")));
    assert_eq!(tb(&p.to_text()).legal_moves(), p.legal_moves());
    // After a one-step there is no en passant square.
    assert_eq!(tb(fen).play("c2c3,e2e3").unwrap().to_text(), "7k/8/8/8/3p4/2P1P3/8/7K b - - 0 1 c3,e3");
}

#[test]
fn t6_tirebiter_pawn_converges_and_promotes() {
    // Tirebiter Pawn c2,e2 v Nd3: one step, two steps, converge on d3 capturing; King 3: 6.
    let fen = "7k/8/8/8/8/3n4/2P1P3/7K w - - 0 1 c2,e2";
    assert_eq!(tb(fen).perft(1), 6);
    assert_eq!(at(&tb(fen).play("c2d3,e2d3").unwrap(), "d3"), piece('P', &["d3"]));
    // Tirebiter Pawn b7,d7 v Rc8, Kh8: 0,+1 (4 promotion types, all locations alike), converge
    // on c8 capturing (4); +1,+1 and -1,+1 mix c8 with an empty square. King 3: 11 (ND 9).
    let fen = "2r4k/1P1P4/8/8/8/8/8/7K w - - 0 1 b7,d7";
    assert_eq!(tb(fen).perft(1), 11);
    assert_eq!(nd(fen).perft(1), 9);
    assert!(has(&tb(fen), "b7b8q,d7d8q"));
    assert!(has(&tb(fen), "b7c8n,d7c8n"));
    assert!(!has(&tb(fen), "b7b8q,d7d8r"));
    assert_eq!(tb(fen).play("b7b8n,d7d8n").unwrap().to_text(), "1NrN3k/8/8/8/8/8/8/7K b - - 0 1 b8,d8");
}

// ---------------------------------------------------------------------------------------------
// T7: castling.

#[test]
fn t7_castling() {
    // Ra1 10, Rh1 9, King 5 + both castlings: 26 (as in FIDE chess). Nick Danger: each rook one
    // move per distance (1: a2+b1, 2: a3+c1, 3: a4+d1, 4..7: one square; h-rook alike with g1,
    // f1): 7 + 7, the King's 5 squares one move, castling 2: 17.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -";
    assert_eq!(tb(fen).perft(1), 26);
    assert_eq!(nd(fen).perft(1), 17);
    assert_eq!(tb(fen).play("e1g1").unwrap().to_text(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1 -");
    assert_eq!(nd(fen).play("e1c1").unwrap().to_text(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1 -");
    // Black Rf8 covers f1 and f2: no O-O, no Kf1/Kf2: 10 + 9 + d1 d2 e2 + O-O-O = 23.
    // Nick Danger (T8 revised): the King's step goes to its legal squares d1 d2 e2 only (f1, f2
    // attacked), one move; rooks 7 + 7; O-O-O: 16. (The old reading put f1 and f2 in the
    // composite, so the King could not step: 15.)
    let fen = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -";
    assert_eq!(tb(fen).perft(1), 23);
    assert!(!has(&tb(fen), "e1g1") && has(&tb(fen), "e1c1"));
    assert_eq!(nd(fen).perft(1), 16);
    assert!(has(&nd(fen), "e1d1,e1d2,e1e2"));
    // Re8 checks: no castling, the King d1 d2 f1 f2 (e2 on the file): 4. Nick Danger (T8
    // revised): the King goes to its legal squares d1 d2 f1 f2 at once (e2 is left out), which
    // is out of check; no rook square blocks the e-file (e1 is the King's), so every rook
    // distance is empty: that one move. (The old reading put the attacked e2 in the composite:
    // checkmate.)
    let fen = "4rk2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -";
    assert_eq!(tb(fen).legal_moves(), sorted(&["e1d1", "e1d2", "e1f1", "e1f2"]));
    assert!(nd(fen).in_check());
    assert_eq!(nd(fen).legal_moves(), sorted(&["e1d1,e1d2,e1f1,e1f2"]));
    // A Tirebiter rook on h1 (h1,h3) never castles: rook -1,0 (g1/g3, f1/f3; e1 blocks), 0,+1,
    // converging on h2: 4; King d1 d2 e2 f1 f2: 9. Nick Danger 4 + 1 = 5.
    let fen = "4k3/8/8/8/8/7R/8/4K2R w - - 0 1 h1,h3";
    assert_eq!(tb(fen).perft(1), 9);
    assert_eq!(nd(fen).perft(1), 5);
    // Rights go when the King or Rook moves (and come back never).
    let p = play_all(tb("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -"), &["h1h2", "e8e7", "h2h1", "e7e8"]);
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/R3K2R w Q - 4 3 -");
    assert!(!has(&p, "e1g1") && has(&p, "e1c1"));
}

// ---------------------------------------------------------------------------------------------
// T8: Nick Danger.

#[test]
fn t8_nick_danger_splits() {
    // Start: 16 pawn moves (never split) and each knight's two squares at once: 18. After any of
    // them Black has the same 18 (no capture or check is possible yet): 324.
    let p = nd(START);
    assert_eq!(p.perft(1), 18);
    assert!(has(&p, "b1a3,b1c3") && has(&p, "e2e4") && !has(&p, "b1c3"));
    assert_eq!(p.perft(2), 324);
    // A queen on d4, Ka1 v Kh7 (on none of the queen's lines). Rays: N d5 d6 d7 d8; S d3 d2 d1;
    // E e4 f4 g4 h4; W c4 b4 a4; NE e5 f6 g7 h8; NW c5 b6 a7; SE e3 f2 g1; SW c3 b2 (a1 is own).
    // Distance 1: 8 squares, 2: 8, 3: 7 (SW ends at b2), 4: d8 h4 h8. One move per distance;
    // the King's a2 b1 b2 one move: 5.
    let p = nd("8/7k/8/8/3Q4/8/8/K7 w - - 0 1 -");
    assert_eq!(
        p.legal_moves(),
        sorted(&[
            "d4c3,d4c4,d4c5,d4d3,d4d5,d4e3,d4e4,d4e5",
            "d4b2,d4b4,d4b6,d4d2,d4d6,d4f2,d4f4,d4f6",
            "d4a4,d4a7,d4d1,d4d7,d4g1,d4g4,d4g7",
            "d4d8,d4h4,d4h8",
            "a1a2,a1b1,a1b2",
        ])
    );
    // In Tirebiter Chess: 8 + 8 + 7 + 3 queen moves + 3 King moves = 29.
    assert_eq!(tb("8/7k/8/8/3Q4/8/8/K7 w - - 0 1 -").perft(1), 29);
    // A square the piece could not legally reach on its own is left out of its distance.
    // Ka1, Re1 v Kc6, Tirebiter Rook a8,h8: the vector 0,-7 would capture a1 if h1 also held a
    // White piece. The rook's distances: 1 d1 e2 f1; 2 c1 e3 g1; 3 b1 e4 (h1 alone would let
    // a8-a1 and h8-h1 both capture: check, so h1 is left out; b1 and e4 together leave h1
    // empty: legal); 4..7 e5..e8 alone: 7; King a2 b1 b2 at once (0,-6 mixes a2 with an empty
    // h2): 8. (The old reading put h1 in distance 3, which made that distance unavailable: 7.)
    let fen = "r6r/8/2k5/8/8/8/8/K3R3 w - - 0 1 a8,h8";
    let p = nd(fen);
    assert!(has(&p, "e1d1,e1e2,e1f1") && has(&p, "e1c1,e1e3,e1g1") && has(&p, "e1e5"));
    assert!(has(&p, "e1b1,e1e4") && !has(&p, "e1b1,e1e4,e1h1"));
    assert_eq!(p.perft(1), 8);
    // Tirebiter: d1 c1 b1 f1 g1 (not h1) and e2..e8: 12; King a2 b1 b2: 15.
    assert_eq!(tb(fen).perft(1), 15);
    assert!(!has(&tb(fen), "e1h1"));
}

// ---------------------------------------------------------------------------------------------
// Revised T2 / T8 (2026-11-26): a normal piece's composite joins only the parts it could legally
// play on its own; the composite as a whole must still leave its King out of check.

#[test]
fn t2_pinned_queen_captures_only_on_its_pin_line() {
    // Tirebiter. Ke1, Qe2 v Kg8, Re7, Nb5: the queen is pinned on the e-file. Qxb5 alone
    // exposes e1 to Re7: not legal, so not in the composite; Qxe7 alone is legal: the capture
    // is e7 alone. Its quiet moves: only e3..e6 keep the file closed. King d1 d2 f1 f2 (e2 own;
    // Nb5 covers a3 c3 d4 d6 a7 c7). (The old reading took b5 and e7 at once, which removes the
    // rook and so was legal: e2b5,e2e7.)
    let p = tb("6k1/4r3/8/1n6/8/8/4Q3/4K3 w - - 0 1");
    assert_eq!(
        p.legal_moves(),
        sorted(&["e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7"])
    );
    assert_eq!(p.play("e2e7").unwrap().to_text(), "6k1/4Q3/8/1n6/8/8/8/4K3 b - - 0 1 -");
}

#[test]
fn t2_knight_takes_only_the_capture_that_ends_the_check() {
    // Tirebiter. Ke1, Nd3 v Kg8, Nb5, Re5, Pf4: Re5 checks down the open e-file. The knight
    // attacks e5 and f4 (b2 b4 c1 c5 f2 empty, e1 own). Nxe5 alone ends the check: legal;
    // Nxf4 alone leaves it: not legal, so not in the composite: the capture is e5 alone. No
    // quiet knight square is on e2..e4. King d1 d2 f1 f2 (e2 on the file; f4 covers e3 g3,
    // Nb5 a3 c3 d4 d6). (The old reading joined e5 and f4, which is also out of check.)
    let p = tb("6k1/8/8/1n2r3/5p2/3N4/8/4K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["d3e5", "e1d1", "e1d2", "e1f1", "e1f2"]));
    assert!(!has(&p, "d3e5,d3f4"));
}

#[test]
fn t2_king_captures_only_the_undefended_pawn() {
    // Tirebiter. Ke2 v Ke8, Pd3, Pf3, Pg4: both d3 and f3 check the King (black pawns take
    // toward rank 1). Kxd3 alone is legal (nothing covers d3); Kxf3 alone is not (g4 covers f3
    // and h3): the capture is d3 alone. Quiet: d1 d2 e1 e3 f1 f2 are covered by no pawn (d3
    // covers c2 e2, f3 e2 g2). (The old reading joined d3 and f3: no capture, since the King
    // would stand on f3.)
    let p = tb("4k3/8/8/8/6p1/3p1p2/4K3/8 w - - 0 1");
    assert_eq!(p.legal_moves(), sorted(&["e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2"]));
}

#[test]
fn t8_king_steps_to_its_safe_squares_only() {
    // Nick Danger. Ke1 v Ke8, Ra2. The King's distance 1 squares: d1 d2 e2 f1 f2; d2 e2 f2 are
    // on the a2 rook's rank, so only d1 and f1 are legal alone: one move to d1 and f1 at once.
    // (The old reading put d2 e2 f2 in the composite: no move, stalemate.)
    let p = nd("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(p.legal_moves(), sorted(&["e1d1,e1f1"]));
    assert!(!p.in_check());
}

#[test]
fn t8_pinned_rook_splits_only_along_its_pin_line() {
    // Nick Danger. Ke1, Re2 v Kg8, Re8: the rook e2 is pinned on the e-file. Its squares off
    // the file (a2..d2, f2..h2) open it: not legal alone. So each distance 1..5 keeps only its
    // e-file square e3..e7 (a single move each), and the capture is e8 alone. The King: d1 d2
    // f1 f2 (e2 own), one move. (The old reading split the rook sideways as well: d2,e3,f2 /
    // c2,e4,g2 / b2,e5,h2 / a2,e6 / e7, each legal since its e-file location keeps the file
    // closed.)
    let p = nd("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        p.legal_moves(),
        sorted(&["e1d1,e1d2,e1f1,e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"])
    );
}

#[test]
fn t8_bishop_split_keeps_only_the_blocking_square() {
    // Nick Danger. Ke1, Bd1, Rf1, Pd2, Pf2 v Kh8, Re8: Re8 checks down the open e-file. The
    // King's only square, e2, is on the file. The bishop's distance 1 squares are c2 and e2;
    // only Bd1-e2 alone blocks the file, so the split keeps e2 alone: d1-e2. Its distance 2
    // squares b3 f3 (and 3, 4: a4 g4, h5) do not block. The rook f1 (g1 h1) and the pawns do
    // not block either. (The old reading made the bishop go to c2 and e2 at once: d1c2,d1e2.)
    let p = nd("4r2k/8/8/8/8/8/3P1P2/3BKR2 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["d1e2"]));
}

#[test]
fn t8_composite_of_legal_steps_still_in_check() {
    // Nick Danger. Ke3, Pa4 v Ke8, Rh2 and a black Tirebiter Bishop a1,c1 (not checking now:
    // its vector (2,2) would mix e3 with the empty c3). The King's steps d2 e2 f2 are on the
    // h2 rook's rank: not legal alone. d3 d4 e4 f3 f4 are each legal alone: the bishop captures
    // only by one vector from both locations at once (or converging, onto b2 only), and a
    // single King square is never both a1+v and c1+v. Together the five squares put the King on
    // d4 and f4, which the vector (3,3) captures at once (a1-d4, c1-f4): still in check, so the
    // distance is unavailable (the composite clause). Only a4-a5 remains.
    let fen = "4k3/8/8/8/P7/4K3/7r/b1b5 w - - 0 1 a1,c1";
    assert!(!nd(fen).in_check());
    assert_eq!(nd(fen).legal_moves(), sorted(&["a4a5"]));
    // In Tirebiter the King's five single steps and a4-a5: 6.
    assert_eq!(tb(fen).legal_moves(), sorted(&["a4a5", "e3d3", "e3d4", "e3e4", "e3f3", "e3f4"]));
}

#[test]
fn t2_composite_capture_still_in_check() {
    // Tirebiter. Ke3 v Ke8, Nd4, Nf4 and a black Tirebiter Bishop a1,c1. Kxd4 alone and Kxf4
    // alone are each legal: the bishop's vector (3,3) then meets a black knight on the other
    // square (own piece: no leg), and no knight covers d4 or f4. Together they put the King on
    // d4 and f4: a1-d4 and c1-f4 both capture: the composite is in check, so the King may not
    // capture at all (T2's last clause). Quiet: d3 (Nf4), e2 (both), f3 (Nd4) are covered;
    // d2 e4 f2 are free (the bishop's (1,1) from c1 to d2 pairs with the empty b2).
    let p = tb("4k3/8/8/8/3n1n2/4K3/8/b1b5 w - - 0 1 a1,c1");
    assert!(!p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["e3d2", "e3e4", "e3f2"]));
}

#[test]
fn t2_king_between_two_mutually_defending_knights() {
    // Tirebiter. Ke4 v Ka8, Nd3, Ne5. Kxd3 alone stands on a square Ne5 covers, Kxe5 alone on
    // one Nd3 covers: neither single capture is legal, so the King has no capture. (The old
    // reading took both at once, which removes both defenders: e4d3,e4e5 was legal.) Quiet:
    // e3 f4 f3 ... Nd3 covers f4 (and f2 e1 c1 b2 b4 c5), Ne5 covers f3 (and c4 c6 d7 f7 g4
    // g6): d4 d5 e3 f5 remain.
    let p = tb("k7/8/8/4n3/4K3/3n4/8/8 w - - 0 1");
    assert_eq!(p.legal_moves(), sorted(&["e4d4", "e4d5", "e4e3", "e4f5"]));
    assert!(!has(&p, "e4d3,e4e5"));
}

// ---------------------------------------------------------------------------------------------
// Round trip: parse(to_text) gives the same text and the same moves along a short walk.

fn walk(p: &RefPosition, depth: u32, nick: bool, seen: &mut u64) {
    let text = p.to_text();
    let q = parse(&text, nick).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(q.to_text(), text);
    let actions = p.legal_actions();
    assert_eq!(q.legal_moves(), actions.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(), "{text}");
    // Tokens are distinct and sorted, and each plays back to the same position.
    for w in actions.windows(2) {
        assert!(w[0].0 < w[1].0);
    }
    *seen += 1;
    if depth == 0 {
        return;
    }
    for (t, next) in &actions {
        assert_eq!(p.play(t).unwrap().to_text(), next.to_text());
        walk(next, depth - 1, nick, seen);
    }
}

#[test]
fn round_trip() {
    for fen in OTHER_POSITIONS.iter().chain([START].iter()) {
        for nick in [false, true] {
            let mut seen = 0;
            walk(&parse(fen, nick).unwrap(), 2, nick, &mut seen);
            assert!(seen > 1);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Perft.

#[test]
fn perft_start_small() {
    // Tirebiter: within three plies no piece can have two captures at once (after one move a
    // White piece reaches at most rank 6 and only the single black piece that moved can be in
    // reach), and there is no Tirebiter piece yet, so the counts are FIDE chess's.
    let p = tb(START);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 400);
    assert_eq!(p.perft(3), 8902);
    // Depth 4: FIDE chess has 197281. The only difference is Black's 2nd move when one black
    // piece has two captures (they become one move; none of these positions has a check or a
    // pin, so every composite is legal: one move fewer each). A black piece can have two
    // targets only if both White pieces stand where one White move each can put them:
    // - a pawn that two-stepped to x5 with White pieces on both (x-1)4 and (x+1)4: two pawn
    //   two-steps (files b..g, either order: 12), or 1.e4 d5 2.Bc4, 1.e4 f5 2.Qg4,
    //   1.d4 e5 2.Bf4, 1.c4 b5 2.Qa4 (4): 16;
    // - Nf6 with e4+g4 (two pawns, either order: 2; 1.e4 Nf6 2.Qg4: 1) or e4+h5 (1.e4 Nf6
    //   2.Qh5: 1): 4; Nc6 with b4+d4 (either order): 2; Nh6 (g4, f5) and Na6 (b4, c5) cannot
    //   have two, the black queen and bishops see along one line each.
    // 197281 - 22 = 197259.
    assert_eq!(p.perft(4), 197259);
}

#[test]
fn en_passant_square_dropped_when_its_capture_is_illegal_alone() {
    // Revised T2: e5 captures only where it could legally capture on its own. After 1...d7-d5
    // here, e5xd6 e.p. alone removes d5 and empties e5, opening the fifth rank from Rh5 to Ka5:
    // not legal, so it is not in the composite; e5xf6 alone leaves d5 blocking: legal. The
    // capture is f6 alone. No en passant capture onto d6 could be played on its own, so the text
    // does not write d6 (as in FIDE chess), and reading it back gives the same moves. (The old reading put the
    // e.p. capture in the composite, making it illegal, so e5 had no capture and d6 was kept.)
    let played = play_all(tb("7k/3p4/5n2/K3P2r/8/8/8/8 b - - 0 1 -"), &["d7d5"]);
    assert_eq!(played.to_text(), "7k/8/5n2/K2pP2r/8/8/8/8 w - - 0 2 -");
    // King a4 a6 b4 b5 b6 (b5 is shielded by d5; d5 attacks c4 e4), e5-e6, e5xf6.
    let expect = sorted(&["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5e6", "e5f6"]);
    assert_eq!(played.legal_moves(), expect);
    assert_eq!(tb(&played.to_text()).legal_moves(), expect);
    // The same position with the e.p. square given explicitly: the same moves.
    assert_eq!(tb("7k/8/5n2/K2pP2r/8/8/8/8 w - d6 0 2 -").legal_moves(), expect);
}

#[test]
fn en_passant_square_written_when_the_capture_is_legal() {
    // As above with the King on a4 (off the fifth rank): e5xd6 e.p. alone and e5xf6 alone are
    // both legal, so e5 takes both at once (T2) and d6 is written. King a3 a5 b3 b4 b5 (Rh5 is
    // blocked by e5; Pd5 covers c4 e4, Nf6 d5 e4 g4 ...), e5-e6, e5:d6,f6: 7.
    let played = play_all(tb("7k/3p4/5n2/4P2r/K7/8/8/8 b - - 0 1 -"), &["d7d5"]);
    assert_eq!(played.to_text(), "7k/8/5n2/3pP2r/K7/8/8/8 w - d6 0 2 -");
    let expect = sorted(&["a4a3", "a4a5", "a4b3", "a4b4", "a4b5", "e5e6", "e5d6,e5f6"]);
    assert_eq!(played.legal_moves(), expect);
    assert_eq!(tb(&played.to_text()).legal_moves(), expect);
    let after = played.play("e5d6,e5f6").unwrap();
    assert_eq!(after.to_text(), "7k/8/3P1P2/7r/K7/8/8/8 b - - 0 2 d6,f6");
    // A pawn that attacks the passed square but whose only e.p. capture is illegal: Ka5 and
    // e5 alone (no f6 knight). e5xd6 opens the fifth rank: no capture at all, d6 not written.
    let played = play_all(tb("7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1 -"), &["d7d5"]);
    assert_eq!(played.to_text(), "7k/8/8/K2pP2r/8/8/8/8 w - - 0 2 -");
    assert_eq!(played.legal_moves(), sorted(&["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5e6"]));
}

#[test]
fn en_passant_square_kept_when_legal_alone_but_the_composite_is_not() {
    // Black's Tirebiter Rook stands on d8, f8, h8. After 1...d7-d5, e5xd6 e.p. alone and e5xf6
    // alone are both legal, so both join the composite (T2); but on d6 and f6 together the
    // Rook's vector (0,-2) takes d6, f6 and the King on h6 at once: the composite is illegal and
    // e5 has no capture. Without d6, e5xf6 alone would be legal: the square changes the moves,
    // so it is written.
    let played = play_all(tb("3r1r1r/3p4/5n1K/4P3/8/8/8/k7 b - - 0 1 d8,f8,h8"), &["d7d5"]);
    assert_eq!(played.to_text(), "3r1r1r/8/5n1K/3pP3/8/8/8/k7 w - d6 0 2 d8,f8,h8");
    let expect = sorted(&["e5e6", "h6g5", "h6g6", "h6g7"]);
    assert_eq!(played.legal_moves(), expect);
    assert_eq!(tb(&played.to_text()).legal_moves(), expect);
    let without = tb("3r1r1r/8/5n1K/3pP3/8/8/8/k7 w - - 0 2 d8,f8,h8");
    assert!(without.legal_moves().contains(&"e5f6".to_string()));
}

/// Positions with Tirebiter pieces of several kinds, en passant, promotion and castling.
const OTHER_POSITIONS: [&str; 4] = [
    // Tirebiter Knight c3,e3; e5 can take d6 en passant; b7 promotes (and captures a8);
    // castling everywhere.
    "r3k2r/pP4pp/8/3pP3/8/2N1N3/P5PP/R3K2R w KQkq d6 0 1 c3,e3",
    // Tirebiter Queen b2,g2 and Tirebiter Pawn c5,e5 (after ...d5 it converges on d6 en
    // passant); long castling for both.
    "r3k3/1p1p1p2/8/2P1P3/8/8/1Q4Q1/R3K3 b Qq - 0 1 b2,g2;c5,e5",
    // Tirebiter King b1,d1 against two rooks that may castle.
    "r3k2r/8/8/8/8/8/8/1K1K4 w kq - 0 1 b1,d1",
    // Black Tirebiter Rook and Bishop, a white pawn about to promote.
    "4k3/1P2r1r1/8/2b1b3/8/8/6PP/4K2R w K - 0 1 c5,e5;e7,g7",
];

/// The reference gives every count of engine-tests/perft/tirebiter.perft and nickdanger.perft up
/// to `limit` nodes (the engine must give them all too: perft.rs).
fn agrees_with_the_perft_files(limit: u64) {
    common::check_perft_file("tirebiter", limit, |epd, depth| tb(epd).perft(depth));
    common::check_perft_file("nickdanger", limit, |epd, depth| nd(epd).perft(depth));
}

#[test]
fn perft_files_agree_with_the_reference() {
    agrees_with_the_perft_files(300_000);
}

/// Every count, depth 5 included (a minute or so in `--release`):
/// `cargo test --release --test tirebiter_reference -- --ignored`.
#[test]
#[ignore]
fn perft_files_agree_with_the_reference_at_every_depth() {
    agrees_with_the_perft_files(u64::MAX);
}

// ---------------------------------------------------------------------------------------------
// Chess with Different Armies (A1-A4): the army pieces in every leg.

const ARMY_NAMES: [&str; 4] = ["fide", "clobberers", "nutty", "rookies"];

#[test]
fn armies_position_text() {
    // The armies are the last field, written only when one is not fide.
    let p = start("clobberers", "nutty", false);
    assert_eq!(p.to_text(), "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 - clobberers/nutty");
    assert_eq!(start("fide", "fide", false).to_text(), START);
    assert_eq!(
        start("FIDE", "Rookies", true).to_text(),
        "swhmkhws/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - fide/rookies"
    );
    // The field may follow the groups, the six fields or the four fields; read case-insensitively;
    // an explicit fide/fide is not written back.
    assert_eq!(
        tb("4k3/8/8/8/8/8/8/4K1A1 w - - 0 1 - Clobberers/FIDE").to_text(),
        "4k3/8/8/8/8/8/8/4K1A1 w - - 0 1 - clobberers/fide"
    );
    assert_eq!(
        tb("4k3/8/8/8/8/8/8/4K1A1 w - - clobberers/fide").to_text(),
        "4k3/8/8/8/8/8/8/4K1A1 w - - 0 1 - clobberers/fide"
    );
    assert_eq!(
        tb("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 - fide/fide").to_text(),
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1 -"
    );
    // A White piece may carry a letter of Black's army (promotion, A2).
    assert_eq!(
        tb("4k3/8/8/8/8/8/8/4K1l1 w - - 0 1 - fide/nutty").to_text(),
        "4k3/8/8/8/8/8/8/4K1l1 w - - 0 1 - fide/nutty"
    );
    let g = tb("4k3/8/8/8/8/8/8/1W1WK3 w - - 0 1 b1,d1 rookies/fide");
    assert_eq!(g.to_text(), "4k3/8/8/8/8/8/8/1W1WK3 w - - 0 1 b1,d1 rookies/fide");
    assert_eq!(at(&g, "b1"), piece('W', &["b1", "d1"]));
    for bad in [
        "4k3/8/8/8/8/8/8/4K1M1 w - - 0 1 - clobberers/nutty", // M belongs to neither army
        "4k3/8/8/8/8/8/8/4K1A1 w - - 0 1 -",                  // A without an armies field
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - clobberers",         // no '/': a stray eighth field
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - clobberers/pawns",   // unknown army
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 - clobberers/fide",   // clobberers castle with the Bede
        "4k3/8/8/8/8/8/8/D3K3 w Q - 0 1 - fide/clobberers",   // fide castles with the Rook
    ] {
        assert!(parse(bad, false).is_err(), "{bad} should be rejected");
    }
}

#[test]
fn armies_start_perft_1_and_2() {
    // By hand, White's moves from each array (pawns: 16 everywhere, no capture is possible):
    // - fide: 16 + knights 4 = 20; Nick Danger 16 + 2 knight splits = 18.
    // - clobberers DEFAKFED: Bede a1 jumps to a3 (c1 own; the bishop slides are blocked by b2),
    //   Bede h1 to h3: 2; Waffle b1 only d3 (its W steps land on own pieces, (-2,+2) is off
    //   the board), Waffle g1 only e3: 2; FAD c1 a3, c3, e3 (its F steps and (±2,0) hit own
    //   pieces), FAD f1 d3, f3, h3: 6; Cardinal d1 c3, e3 (knight; b2 f2 own, bishop blocked):
    //   2; King 0. Tirebiter 28. Nick Danger: every one of these is a leap (distance 1), so
    //   each piece makes one move: Bedes 2, Waffles 2, FADs 2, Cardinal 1: 16 + 7 = 23.
    // - nutty TIULKUIT: Charging Rooks none (a2/h2 and b1/g1 own, back steps off the board);
    //   Fibnif b1 a3, c3 and g1 f3, h3: 4; Charging Knight c1 b3, d3 and f1 e3, g3 (the
    //   (±2,+1) leaps and the sideways steps hit own pieces): 4; Colonel d1 c3, e3: 2. Tirebiter
    //   26; Nick Danger 16 + 2 + 2 + 1 = 21.
    // - rookies SWHMKHWS: Short Rooks none; Woody Rook b1 b3 (D over b2), g1 g3: 2; Half-Duck c1
    //   c3 and c4 (the (0,+3) leap), f1 f3, f4 ((±3,0) lands on own pieces or off): 4;
    //   Chancellor d1 c3, e3: 2. Tirebiter 24; Nick Danger 16 + 2 + 2 + 1 = 21.
    let tb1 = [20u64, 28, 26, 24];
    let nd1 = [18u64, 23, 21, 21];
    // Perft 2 is the product of the two sides' counts: Black's arrays are White's mirrored in
    // the rank, so Black's first-move counts are the same per army; after any White first move
    // no White piece stands above rank 4 (pawn two-steps, Half-Duck c1-c4 / f1-f4), while
    // Black's first moves reach rank 5 at the lowest (its Half-Duck's (0,-3) leap, pawns) and
    // capture on rank 6 at the lowest (pawns), and no slide line opens: no capture, no check, no
    // blocked square, in Nick Danger too.
    for (w, white) in ARMY_NAMES.iter().enumerate() {
        for (b, black) in ARMY_NAMES.iter().enumerate() {
            let t = start(white, black, false);
            let n = start(white, black, true);
            assert_eq!(t.perft(1), tb1[w], "tirebiter {white}/{black}");
            assert_eq!(n.perft(1), nd1[w], "nickdanger {white}/{black}");
            assert_eq!(t.perft(2), tb1[w] * tb1[b], "tirebiter {white}/{black}");
            assert_eq!(n.perft(2), nd1[w] * nd1[b], "nickdanger {white}/{black}");
        }
    }
    // The Nick Danger splits from the start.
    let n = start("clobberers", "rookies", true);
    assert!(has(&n, "c1a3,c1c3,c1e3") && has(&n, "f1d3,f1f3,f1h3") && has(&n, "d1c3,d1e3"));
    assert!(has(&n, "a1a3") && has(&n, "b1d3") && !has(&n, "c1c3"));
    let p = play_all(n, &["c1a3,c1c3,c1e3"]);
    assert_eq!(at(&p, "c3"), piece('F', &["a3", "c3", "e3"]));
    // Black's rookies: Woody Rook b8-b6 alone (its only move), Half-Duck c8-c6,c5 together.
    assert!(has(&p, "b8b6") && has(&p, "c8c5,c8c6") && !has(&p, "c8c5"));
    let n = start("nutty", "fide", true);
    assert!(has(&n, "b1a3,b1c3") && has(&n, "c1b3,c1d3") && has(&n, "d1c3,d1e3"));
    let n = start("rookies", "nutty", true);
    assert!(has(&n, "b1b3") && has(&n, "c1c3,c1c4") && has(&n, "f1f3,f1f4"));
    let p = play_all(n, &["c1c3,c1c4"]);
    // Black's nutty: Fibnif b8-a6,c6 and the Charging Knight c8-b6,d6, toward rank 1.
    assert!(has(&p, "b8a6,b8c6") && has(&p, "c8b6,c8d6") && has(&p, "d8c6,d8e6"));
}

#[test]
fn armies_multi_captures() {
    // White Cardinal d4, Ka8 v Kh1, Pb3, Ne6, Rf6, Pg7. Bishop rays: NE e5 then f6 (capture;
    // g7 behind it is not reached), NW c5 b6 a7, SE e3 f2 g1, SW c3 b2 a1; knight leaps b5 c2
    // c6 e2 f3 f5 quiet, b3 and e6 captures. Quiet 1 + 3 + 3 + 3 + 6 = 16, one move capturing
    // b3, e6 and f6; the King a7 b7 b8 (the rook sees f-file and rank 6, the knight c7 d8 ...,
    // none of them): 20. Nick Danger: distance 1 = e5 c5 e3 c3 + the 6 knight squares, 2 = b6
    // f2 b2, 3 = a7 g1 a1: 3 moves, the capture, the King's one move: 5.
    let fen = "K7/6p1/4nr2/8/3A4/1p6/8/7k w - - 0 1 - clobberers/fide";
    assert_eq!(tb(fen).perft(1), 20);
    assert_eq!(nd(fen).perft(1), 5);
    assert!(has(&tb(fen), "d4b3,d4e6,d4f6"));
    assert!(!has(&tb(fen), "d4f6"));
    let mut d1 = vec!["d4b5", "d4c2", "d4c3", "d4c5", "d4c6", "d4e2", "d4e3", "d4e5", "d4f3", "d4f5"];
    d1.sort();
    assert!(has(&nd(fen), &d1.join(",")));
    assert!(has(&nd(fen), "d4b2,d4b6,d4f2") && has(&nd(fen), "d4a1,d4a7,d4g1"));
    assert_eq!(
        tb(fen).play("d4b3,d4e6,d4f6").unwrap().to_text(),
        "K7/6p1/4AA2/8/8/1A6/8/7k b - - 0 1 b3,e6,f6 clobberers/fide"
    );

    // White Half-Duck d4, Kh1 v Ka8, Nd7, Pd5, Pe5, Bb4. Its 12 leaps: (±3,0) a4 g4, (0,±3) d7
    // (over d5, d6: a capture) d1, F c3 c5 e3 e5 (capture), D b4 (capture) f4 d6 d2. Quiet 9,
    // one move capturing b4, d7 and e5 (d5 is no Half-Duck square); King g1 g2 h2 (none
    // attacked: Bb4 sees e1 and f8, the pawns d4/e4/c4/f4, the knight b6 b8 c5 f6 f8): 13.
    // Nick Danger: the 9 quiet leaps are one move (all distance 1), the capture, the King: 3.
    let fen = "k7/3n4/8/3pp3/1b1H4/8/8/7K w - - 0 1 - rookies/fide";
    assert_eq!(tb(fen).perft(1), 13);
    assert_eq!(nd(fen).perft(1), 3);
    assert!(has(&nd(fen), "d4a4,d4c3,d4c5,d4d1,d4d2,d4d6,d4e3,d4f4,d4g4"));
    assert_eq!(
        tb(fen).play("d4b4,d4d7,d4e5").unwrap().to_text(),
        "k7/3H4/8/3pH3/1H6/8/8/7K b - - 0 1 b4,d7,e5 rookies/fide"
    );

    // White Charging Knight d4, Kh1 v Ka8 and black pawns c6, f5, e4, d3, b3, c2. Its leaps:
    // forward knight c6 (capture) e6 b5 f5 (capture), sideways c4 e4 (capture), backward d3
    // (capture) c3 e3. The backward knight squares b3 and c2 are not its squares: not
    // captured. Quiet 5 + one move capturing c6, d3, e4, f5 + King g1 g2 h2 (the pawns attack
    // rank 3 and below only from d3/c2: c2 e2 b1 d1): 9. Nick Danger: 1 + 1 + 1 = 3.
    let fen = "k7/8/2p5/5p2/3Up3/1p1p4/2p5/7K w - - 0 1 - nutty/fide";
    assert_eq!(tb(fen).perft(1), 9);
    assert_eq!(nd(fen).perft(1), 3);
    assert!(has(&tb(fen), "d4c6,d4d3,d4e4,d4f5"));
    assert!(has(&nd(fen), "d4b5,d4c3,d4c4,d4e3,d4e6"));
    assert!(!tb(fen).legal_moves().iter().any(|m| m.contains("b3") || m.contains("c2")));
    // A Black Charging Knight uses its own forward (toward rank 1): u e5 v Pd3, Pd7. Forward
    // knight d3 (capture) f3 c4 g4, sideways d5 f5, backward (toward rank 8) e6 d6 f6; d7 is a
    // backward knight square: not captured. 8 quiet + 1 capture + King a7 b7 b8 (Pd7 attacks
    // c8 e8): 12.
    let fen = "k7/3P4/8/4u3/8/3P4/8/7K b - - 0 1 - fide/nutty";
    assert_eq!(tb(fen).perft(1), 12);
    assert!(has(&tb(fen), "e5d3") && has(&tb(fen), "e5e6") && !has(&tb(fen), "e5d7"));
}

#[test]
fn armies_tirebiter_colonel() {
    // White Tirebiter Colonel a1,c1, Kh5 v Kh8. From a1: forward knight b3 (1,2), c2 (2,1);
    // slides up a2..a8 (0,1..7), right b1 (then c1, its own location, blocks); king steps a2 b2
    // b1. From c1: forward knight d3 (1,2) b3 (-1,2) e2 (2,1) a2 (-2,1); slides up c2..c8, right
    // d1..h1, left b1 (a1 blocks); king steps b1 b2 c2 d1 d2.
    // (a) vectors both locations have: (1,2) (2,1) (0,1)..(0,7) (1,0) (1,1): 11.
    // (b) squares both reach: b3, c2, a2, b1, b2: 5.
    // King g4 g5 g6 h4 h6 (g7/h7/g8 are next to h8): 5. Total 21. Nick Danger: a Tirebiter
    // piece does not split further, the King's five squares are one move: 17.
    let fen = "7k/8/8/7K/8/8/8/L1L5 w - - 0 1 a1,c1 nutty/fide";
    assert_eq!(tb(fen).perft(1), 21);
    assert_eq!(nd(fen).perft(1), 17);
    let p = tb(fen);
    assert!(has(&p, "a1b3,c1d3") && has(&p, "a1a8,c1c8") && has(&p, "a1b1,c1d1") && has(&p, "a1b2,c1d2"));
    assert!(has(&p, "a1b3,c1b3") && has(&p, "a1c2,c1c2") && has(&p, "a1a2,c1a2"));
    // (-1,2) from c1 has no partner from a1; (2,0) is blocked from a1.
    assert!(!has(&p, "a1a3,c1b3") && !has(&p, "a1c1,c1e1"));
    assert_eq!(p.play("a1b3,c1d3").unwrap().to_text(), "7k/8/8/7K/8/1L1L4/8/8 b - - 1 1 b3,d3 nutty/fide");
    assert_eq!(p.play("a1c2,c1c2").unwrap().to_text(), "7k/8/8/7K/8/8/2L5/8 b - - 1 1 - nutty/fide");
}

#[test]
fn armies_nick_danger_rook_splits() {
    // Short Rook b2, Kh1 v Kh8. Up b3..b6 (R4: not b7, b8), right c2..f2 (not g2, h2), left
    // a2, down b1. Distance 1: a2 b1 b3 c2; 2: b4 d2; 3: b5 e2; 4: b6 f2. The King g1 g2 h2
    // at once. Nick Danger 5; Tirebiter 10 + 3 = 13.
    let fen = "7k/8/8/8/8/8/1S6/7K w - - 0 1 - rookies/fide";
    assert_eq!(
        nd(fen).legal_moves(),
        sorted(&["b2a2,b2b1,b2b3,b2c2", "b2b4,b2d2", "b2b5,b2e2", "b2b6,b2f2", "h1g1,h1g2,h1h2"])
    );
    assert_eq!(tb(fen).perft(1), 13);
    // Charging Rook d4, Ka1 v Kh8: slides forward d5..d8 and sideways c4 b4 a4 / e4..h4, back
    // steps c3 d3 e3. Distance 1: the three one-square slides and the three back steps; 2: d6
    // b4 f4; 3: d7 a4 g4; 4: d8 h4. The King a2 b1 b2 at once: 5. Tirebiter 6+3+3+2 + 3 = 17.
    let fen = "7k/8/8/8/3T4/8/8/K7 w - - 0 1 - nutty/fide";
    assert_eq!(
        nd(fen).legal_moves(),
        sorted(&[
            "d4c3,d4c4,d4d3,d4d5,d4e3,d4e4",
            "d4b4,d4d6,d4f4",
            "d4a4,d4d7,d4g4",
            "d4d8,d4h4",
            "a1a2,a1b1,a1b2",
        ])
    );
    assert_eq!(tb(fen).perft(1), 17);
    // Black's Charging Rook d5 slides toward rank 1 and steps back toward rank 8.
    let fen = "7k/8/8/3t4/8/8/8/K7 b - - 0 1 - fide/nutty";
    assert_eq!(
        nd(fen).legal_moves(),
        sorted(&[
            "d5c5,d5c6,d5d4,d5d6,d5e5,d5e6",
            "d5b5,d5d3,d5f5",
            "d5a5,d5d2,d5g5",
            "d5d1,d5h5",
            "h8g7,h8g8,h8h7",
        ])
    );
    // Woody Rook d4: its W steps and D jumps are all distance 1, one move to all eight.
    let fen = "7k/8/8/8/3W4/8/8/K7 w - - 0 1 - rookies/fide";
    assert_eq!(nd(fen).legal_moves(), sorted(&["d4b4,d4c4,d4d2,d4d3,d4d5,d4d6,d4e4,d4f4", "a1a2,a1b1,a1b2"]));
}

#[test]
fn armies_castling() {
    // Bede castling (A3). Ke1, Da1, pawns a2..h2 v Ke8. Pawns 16, Bede c1 and a3 (jumps; the
    // slide is blocked by b2), King d1 f1, long castling e1-b1 with the Bede to c1: 21. Nick
    // Danger: the Bede's two leaps are one move, the King's two squares one move: 19.
    let fen = "4k3/8/8/8/8/8/PPPPPPPP/D3K3 w Q - 0 1 - clobberers/fide";
    assert_eq!(tb(fen).perft(1), 21);
    assert_eq!(nd(fen).perft(1), 19);
    assert!(has(&tb(fen), "e1b1") && !has(&tb(fen), "e1c1"));
    assert_eq!(
        tb(fen).play("e1b1").unwrap().to_text(),
        "4k3/8/8/8/8/8/PPPPPPPP/1KD5 b - - 1 1 - clobberers/fide"
    );
    assert_eq!(
        nd(fen).play("e1b1").unwrap().to_text(),
        "4k3/8/8/8/8/8/PPPPPPPP/1KD5 b - - 1 1 - clobberers/fide"
    );
    // The same for Black, long castling e8-b8.
    let fen = "d3k3/pppppppp/8/8/8/8/8/4K3 b q - 0 1 - fide/clobberers";
    assert!(has(&tb(fen), "e8b8"));
    assert_eq!(
        tb(fen).play("e8b8").unwrap().to_text(),
        "1kd5/pppppppp/8/8/8/8/8/4K3 w - - 1 2 - fide/clobberers"
    );
    // c1 is passed: a black Rook on the open c-file forbids it. Pawns 14, Bede c1 a3, King d1
    // f1: 18.
    let fen = "2r1k3/8/8/8/8/8/PP1PPPPP/D3K3 w Q - 0 1 - clobberers/fide";
    assert_eq!(tb(fen).perft(1), 18);
    assert!(!has(&tb(fen), "e1b1"));
    // b1 is the landing square: a black Knight a3 (attacking b1 and c2) forbids it. Pawns: a2
    // blocked, b2 b3 b4 and b2:a3, c2..h2 12: 15; Bede c1 and a3 (its jump captures the
    // knight): 2; King d1 f1: 2. 19. With a FIDE Rook the King lands on c1, which the knight
    // does not attack: O-O-O stays legal.
    let fen = "4k3/8/8/8/8/n7/PPPPPPPP/D3K3 w Q - 0 1 - clobberers/fide";
    assert_eq!(tb(fen).perft(1), 19);
    assert!(!has(&tb(fen), "e1b1"));
    assert!(has(&tb("4k3/8/8/8/8/n7/PPPPPPPP/R3K3 w Q - 0 1 -"), "e1c1"));
    // Other corner pieces castle as the Rook: Charging Rooks a1, h1. Pawns 16, Charging Rook
    // a1 b1 c1 d1, h1 g1 f1 (back steps off the board, the file blocked), King d1 f1, O-O and
    // O-O-O: 16 + 3 + 2 + 2 + 2 = 25.
    let fen = "4k3/8/8/8/8/8/PPPPPPPP/T3K2T w KQ - 0 1 - nutty/fide";
    assert_eq!(tb(fen).perft(1), 25);
    assert_eq!(
        tb(fen).play("e1c1").unwrap().to_text(),
        "4k3/8/8/8/8/8/PPPPPPPP/2KT3T b - - 1 1 - nutty/fide"
    );
    assert_eq!(
        tb(fen).play("e1g1").unwrap().to_text(),
        "4k3/8/8/8/8/8/PPPPPPPP/T4TK1 b - - 1 1 - nutty/fide"
    );
    // A Tirebiter corner piece never castles (T7): Short Rook h1,h3 may not hold the K right.
    assert!(parse("4k3/8/8/8/8/7S/8/4K2S w K - 0 1 h1,h3 rookies/fide", false).is_err());
}

#[test]
fn armies_promotion() {
    // Kh1, Pb7 v Ke8, clobberers v nutty: b8 with the eight types d e f a t i u l; King g1 g2
    // h2: 11. Nick Danger: pawns never split: 8 + 1 = 9.
    let fen = "4k3/1P6/8/8/8/8/8/7K w - - 0 1 - clobberers/nutty";
    assert_eq!(tb(fen).perft(1), 11);
    assert_eq!(nd(fen).perft(1), 9);
    let mut promos: Vec<String> = tb(fen).legal_moves().into_iter().filter(|m| m.starts_with("b7")).collect();
    promos.sort();
    assert_eq!(promos, sorted(&["b7b8a", "b7b8d", "b7b8e", "b7b8f", "b7b8i", "b7b8l", "b7b8t", "b7b8u"]));
    assert!(!has(&tb(fen), "b7b8q"));
    assert_eq!(tb(fen).play("b7b8l").unwrap().to_text(), "1L2k3/8/8/8/8/8/8/7K b - - 0 1 - clobberers/nutty");
    // A Tirebiter pawn b7,d7 v Rc8, Kh8, rookies v fide: 0,+1 in 8 types (q r b n s w h m,
    // every location alike), converging on c8 in 8; King g1 g2 h2: 19. Nick Danger 17.
    let fen = "2r4k/1P1P4/8/8/8/8/8/7K w - - 0 1 b7,d7 rookies/fide";
    assert_eq!(tb(fen).perft(1), 19);
    assert_eq!(nd(fen).perft(1), 17);
    assert!(has(&tb(fen), "b7b8h,d7d8h") && has(&tb(fen), "b7c8m,d7c8m") && !has(&tb(fen), "b7b8h,d7d8q"));
    assert_eq!(
        tb(fen).play("b7b8h,d7d8h").unwrap().to_text(),
        "1HrH3k/8/8/8/8/8/8/7K b - - 0 1 b8,d8 rookies/fide"
    );
}

#[test]
fn armies_round_trip() {
    for fen in [
        "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 - clobberers/nutty",
        "r3k2r/p1p1p1p1/8/1M6/8/8/P1P1P1P1/S3K2S w KQkq - 0 1 - rookies/fide",
        "d3k2d/1P4p1/8/8/8/8/1p4P1/T3K2T w KQkq - 0 1 - nutty/clobberers",
    ] {
        for nick in [false, true] {
            let mut seen = 0;
            walk(&parse(fen, nick).unwrap(), 2, nick, &mut seen);
            assert!(seen > 1);
        }
    }
}

#[test]
#[ignore]
fn armies_perft_print() {
    for nick in [false, true] {
        println!("{}", if nick { "nickdanger" } else { "tirebiter" });
        for white in ARMY_NAMES {
            for black in ARMY_NAMES {
                let p = start(white, black, nick);
                let counts: Vec<u64> = (1..=3).map(|d| p.perft(d)).collect();
                println!("  {white}/{black}: {counts:?}");
            }
        }
    }
}
