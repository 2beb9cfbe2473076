//! Tests of the independent Chess with Different Armies reference move generator
//! (`reference/cwda.rs`), and its perft counts for cross-checking the engine. Every expected
//! number below is derived by hand in the comment next to it (squares are written as on the board;
//! "d4 lines" means: 3 squares left (a-c), 4 right (e-h), 3 down (ranks 3-1), 4 up (ranks 5-8);
//! diagonals 4 up-right to h8, 3 up-left to a7, 3 down-right to g1, 3 down-left to a1).

#[path = "reference/cwda.rs"]
mod cwda;

use cwda::{parse, start, RefPosition};

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

/// The legal moves of the piece on `from`.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    moves(fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

/// Plays the tokens one after another (each must be legal).
fn play_all(fen: &str, tokens: &[&str]) -> RefPosition {
    let mut p = pos(fen);
    for t in tokens {
        p = p.play(t).unwrap_or_else(|| panic!("{t} is not legal in {}: {:?}", p.to_text(), p.legal_moves()));
    }
    p
}

/// Builds position text from (square, letter) pairs.
fn fen(pieces: &[(&str, char)], side: char, armies: &str) -> String {
    let mut board = [[None::<char>; 8]; 8];
    for (sq, c) in pieces {
        let b = sq.as_bytes();
        board[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = Some(*c);
    }
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in board[r] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    format!("{} {side} - - 0 1 {armies}", rows.join("/"))
}

/// The army that owns a (lower-case) piece letter.
fn army_of(letter: char) -> &'static str {
    match letter {
        'r' | 'n' | 'b' | 'q' => "fide",
        'd' | 'e' | 'f' | 'a' => "clobberers",
        't' | 'i' | 'u' | 'l' => "nutty",
        _ => "rookies",
    }
}

/// A piece alone with both Kings (White h2, Black f8: on none of the lines or leaps used from d4
/// or a1), the piece's army given to its own side, the other side `fide`.
fn alone(letter: char, white: bool, sq: &str) -> String {
    let l = letter.to_ascii_lowercase();
    let piece = if white { l.to_ascii_uppercase() } else { l };
    let armies = if white { format!("{}/fide", army_of(l)) } else { format!("fide/{}", army_of(l)) };
    fen(&[("h2", 'K'), ("f8", 'k'), (sq, piece)], if white { 'w' } else { 'b' }, &armies)
}

// ----------------------------------------------------------------------------------------------
// Every piece alone.
// ----------------------------------------------------------------------------------------------

/// (letter, White from d4, White from a1, Black from d4, Black from a1).
const ALONE: [(char, usize, usize, usize, usize); 16] = [
    // Rook: d4 lines 3+4+3+4 = 14; a1: 7 up + 7 right = 14. Symmetric for Black.
    ('r', 14, 14, 14, 14),
    // Knight: all 8 leaps from d4 land on the board; from a1 only b3, c2.
    ('n', 8, 2, 8, 2),
    // Bishop: d4 diagonals 4+3+3+3 = 13; a1: b2..h8 = 7.
    ('b', 13, 7, 13, 7),
    // Queen: 14+13 = 27; a1: 14+7 = 21.
    ('q', 27, 21, 27, 21),
    // Bede (BD): 13 diagonal + b4, f4, d2, d6 = 17; a1: 7 diagonal + c1, a3 = 9.
    ('d', 17, 9, 17, 9),
    // Waffle (WA): c4, e4, d3, d5 + b2, f2, b6, f6 = 8; a1: b1, a2, c3 = 3.
    ('e', 8, 3, 8, 3),
    // FAD: c3, e3, c5, e5 + b2, f2, b6, f6 + b4, f4, d2, d6 = 12; a1: b2, c3, c1, a3 = 4.
    ('f', 12, 4, 12, 4),
    // Cardinal (BN): 13 + 8 = 21; a1: 7 + 2 = 9.
    ('a', 21, 9, 21, 9),
    // Charging Rook (fsRbK). White d4: up d5-d8 4 + sideways 3+4 = 7 + back steps d3, c3, e3
    // = 14. White a1: up 7 + right 7, no back steps = 14. Black d4: forward is down, d3-d1 3 +
    // sideways 7 + back steps (up) d5, c5, e5 3 = 13. Black a1: no forward, sideways b1-h1 7,
    // back steps a2, b2 = 9.
    ('t', 14, 14, 13, 9),
    // Fibnif (ffbbNF): c6, e6, c2, e2 + four diagonal steps = 8; a1: b3 + b2 = 2. Symmetric
    // (narrow leaps go both ways), so Black's counts are the same.
    ('i', 8, 2, 8, 2),
    // Charging Knight (fhNsWbK). White d4: c6, e6, b5, f5 + c4, e4 + d3, c3, e3 = 9. White a1:
    // b3, c2 + b1 = 3. Black d4: c2, e2, b3, f3 + c4, e4 + d5, c5, e5 = 9. Black a1: no forward
    // leap on the board, b1, back steps a2, b2 = 3.
    ('u', 9, 3, 9, 3),
    // Colonel (fhNfsRK). White d4: leaps c6, e6, b5, f5 (4) + slides up 4 + sideways 7 (11) + King
    // steps not already counted c5, e5, c3, d3, e3 (5) = 20. White a1: leaps b3, c2 (2) + up 7 +
    // right 7 + King step b2 (a2, b1 already slides) = 17. Black d4: leaps c2, e2, b3, f3 (4) +
    // slides down d3-d1 3 + sideways 7 + King steps c5, d5, e5, c3, e3 (5) = 19. Black a1: no
    // leaps, no forward slide, sideways 7 + King steps a2, b2 = 9.
    ('l', 20, 17, 19, 9),
    // Short Rook (R4): from d4 no line is longer than 4: 14; a1: a2-a5 + b1-e1 = 8.
    ('s', 14, 8, 14, 8),
    // Woody Rook (WD): c4, e4, d3, d5, b4, f4, d2, d6 = 8; a1: b1, c1, a2, a3 = 4.
    ('w', 8, 4, 8, 4),
    // Half-Duck (HFD): a4, g4, d1, d7 + c3, e3, c5, e5 + b4, f4, d2, d6 = 12; a1: d1, a4, b2, c1,
    // a3 = 5.
    ('h', 12, 5, 12, 5),
    // Chancellor (RN): 14 + 8 = 22; a1: 14 + 2 = 16.
    ('m', 22, 16, 22, 16),
];

#[test]
fn every_piece_alone_from_the_centre_and_the_corner() {
    for (letter, wd4, wa1, bd4, ba1) in ALONE {
        for (white, sq, expected) in
            [(true, "d4", wd4), (true, "a1", wa1), (false, "d4", bd4), (false, "a1", ba1)]
        {
            let f = alone(letter, white, sq);
            let got = moves_from(&f, sq);
            assert_eq!(got.len(), expected, "{f}: {got:?}");
        }
    }
}

#[test]
fn the_charging_rook_and_colonel_lists_by_colour() {
    // White Charging Rook a1 (rank 1 is its back edge): the a-file up and rank 1 to the right.
    let w = moves_from(&alone('t', true, "a1"), "a1");
    assert_eq!(
        w,
        sorted(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1",
            "a1g1", "a1h1"
        ])
    );
    // Black Charging Rook a1 (rank 1 is its front edge): rank 1 and the two back steps a2, b2.
    let b = moves_from(&alone('t', false, "a1"), "a1");
    assert_eq!(b, sorted(&["a1a2", "a1b2", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1"]));
    // Black Colonel d4: leaps c2, e2, b3, f3; slides d3, d2, d1 and rank 4; King steps.
    let l = moves_from(&alone('l', false, "d4"), "d4");
    assert_eq!(
        l,
        sorted(&[
            "d4c2", "d4e2", "d4b3", "d4f3", "d4d3", "d4d2", "d4d1", "d4a4", "d4b4", "d4c4", "d4e4", "d4f4",
            "d4g4", "d4h4", "d4c5", "d4d5", "d4e5", "d4c3", "d4e3"
        ])
    );
}

#[test]
fn a_promoted_piece_moves_for_its_own_colour() {
    // A White Charging Rook with armies fide/nutty (only reachable by promotion) still moves
    // forward toward rank 8: from a1 as in the table, 14.
    let f = fen(&[("h2", 'K'), ("f8", 'k'), ("a1", 'T')], 'w', "fide/nutty");
    assert_eq!(moves_from(&f, "a1").len(), 14);
}

// ----------------------------------------------------------------------------------------------
// Blockers.
// ----------------------------------------------------------------------------------------------

#[test]
fn a_bede_among_blockers() {
    // White Bede d4; own pawn e5 (blocks up-right), own Waffle c3 (blocks down-left), own FAD d5
    // (jumped over); Black pawns f2 and f4. Moves: c5, b6, a7 (up-left), e3, f2x (down-right,
    // stops at the capture), b4, f4x, d2, d6 (jumps; d6 over the FAD) = 9.
    let f = fen(
        &[
            ("h2", 'K'),
            ("f8", 'k'),
            ("d4", 'D'),
            ("e5", 'P'),
            ("c3", 'E'),
            ("d5", 'F'),
            ("f2", 'p'),
            ("f4", 'p'),
        ],
        'w',
        "clobberers/fide",
    );
    assert_eq!(
        moves_from(&f, "d4"),
        sorted(&["d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4b4", "d4f4", "d4d2", "d4d6"])
    );
}

#[test]
fn a_charging_rook_among_blockers_for_both_colours() {
    // White T d4; own pawns d6, g4, e3; Black pawns b4, c3. Up: d5 (d6 own) = 1; left: c4, b4x
    // = 2; right: e4, f4 (g4 own) = 2; back steps: d3, c3x (e3 own) = 2. Total 7.
    let w = fen(
        &[
            ("h2", 'K'),
            ("f8", 'k'),
            ("d4", 'T'),
            ("d6", 'P'),
            ("g4", 'P'),
            ("e3", 'P'),
            ("b4", 'p'),
            ("c3", 'p'),
        ],
        'w',
        "nutty/fide",
    );
    assert_eq!(moves_from(&w, "d4"), sorted(&["d4d5", "d4c4", "d4b4", "d4e4", "d4f4", "d4d3", "d4c3"]));
    // The same mirrored for Black on d5 (Kings h7 / f1): forward (down) d4 (d3 own); sideways
    // c5, b5x and e5, f5 (g5 own); back steps (up) d6, c6x (e6 own). Total 7.
    let b = fen(
        &[
            ("h7", 'K'),
            ("f1", 'k'),
            ("d5", 't'),
            ("d3", 'p'),
            ("g5", 'p'),
            ("e6", 'p'),
            ("b5", 'P'),
            ("c6", 'P'),
        ],
        'b',
        "fide/nutty",
    );
    assert_eq!(moves_from(&b, "d5"), sorted(&["d5d4", "d5c5", "d5b5", "d5e5", "d5f5", "d5d6", "d5c6"]));
}

#[test]
fn a_short_rook_stops_at_four_squares_and_at_blockers() {
    // White S a1; Black pawn a6 (5 squares away: out of range), Black knight c1. Up a2-a5 (4),
    // right b1, c1x (2) = 6.
    let f = fen(&[("h2", 'K'), ("f8", 'k'), ("a1", 'S'), ("a6", 'p'), ("c1", 'n')], 'w', "rookies/fide");
    assert_eq!(moves_from(&f, "a1"), sorted(&["a1a2", "a1a3", "a1a4", "a1a5", "a1b1", "a1c1"]));
}

#[test]
fn a_colonel_among_blockers() {
    // White L d4; own pawn d5 blocks the forward slide; Black pawn f4. Right: e4, f4x (2); left:
    // c4, b4, a4 (3); King steps not on a slide: c5, e5, c3, d3, e3 (5; d5 own); leaps c6, e6,
    // b5, f5 (4). Total 14.
    let f = fen(&[("h2", 'K'), ("f8", 'k'), ("d4", 'L'), ("d5", 'P'), ("f4", 'p')], 'w', "nutty/fide");
    assert_eq!(moves_from(&f, "d4").len(), 14);
}

/// (letter, moves from d4 when its 8 neighbours hold OWN pawns, when they hold ENEMY pawns).
const SURROUNDED: [(char, usize, usize); 16] = [
    // Slides stop at once; own: nothing, enemy: the 4 adjacent captures.
    ('r', 0, 4),
    // Leaps jump: all 8 either way.
    ('n', 8, 8),
    ('b', 0, 4),
    ('q', 0, 8),
    // Bede: jumps b4, f4, d2, d6 (+4 diagonal captures).
    ('d', 4, 8),
    // Waffle: (2,2) leaps b2, f2, b6, f6 (+4 orthogonal step captures).
    ('e', 4, 8),
    // FAD: 8 two-square leaps (+4 diagonal step captures).
    ('f', 8, 12),
    // Cardinal: 8 knight leaps (+4 diagonal captures).
    ('a', 8, 12),
    // Charging Rook: nothing free; captures d5, c4, e4 (slides) and d3, c3, e3 (back steps) = 6.
    ('t', 0, 6),
    // Fibnif: c6, e6, c2, e2 (+4 diagonal step captures).
    ('i', 4, 8),
    // Charging Knight: c6, e6, b5, f5 (+ c4, e4, d3, c3, e3 captures = 5).
    ('u', 4, 9),
    // Colonel: the 4 forward leaps (+ all 8 neighbours as captures).
    ('l', 4, 12),
    ('s', 0, 4),
    // Woody Rook: b4, f4, d2, d6 (+4 orthogonal captures).
    ('w', 4, 8),
    // Half-Duck: a4, g4, d1, d7, b4, f4, d2, d6 (+4 diagonal captures).
    ('h', 8, 12),
    // Chancellor: 8 knight leaps (+4 orthogonal captures).
    ('m', 8, 12),
];

#[test]
fn every_white_piece_surrounded_by_own_and_by_enemy_pawns() {
    let ring = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"];
    for (letter, own, enemy) in SURROUNDED {
        for (pawn, expected) in [('P', own), ('p', enemy)] {
            let mut pieces = vec![("h2", 'K'), ("f8", 'k'), ("d4", letter.to_ascii_uppercase())];
            pieces.extend(ring.iter().map(|&s| (s, pawn)));
            let f = fen(&pieces, 'w', &format!("{}/fide", army_of(letter)));
            let got = moves_from(&f, "d4");
            assert_eq!(got.len(), expected, "{f}: {got:?}");
        }
    }
}

#[test]
fn every_black_piece_surrounded_by_own_pawns() {
    // Black on d4 among Black pawns: the same counts as White's first column (the Charging Knight
    // and Colonel leap forward to c2, e2, b3, f3 instead: still 4).
    let ring = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"];
    for (letter, own, _) in SURROUNDED {
        let mut pieces = vec![("h2", 'K'), ("f8", 'k'), ("d4", letter)];
        pieces.extend(ring.iter().map(|&s| (s, 'p')));
        let f = fen(&pieces, 'b', &format!("fide/{}", army_of(letter)));
        let got = moves_from(&f, "d4");
        assert_eq!(got.len(), own, "{f}: {got:?}");
    }
    let mut pieces = vec![("h2", 'K'), ("f8", 'k'), ("d4", 'u')];
    pieces.extend(ring.iter().map(|&s| (s, 'p')));
    assert_eq!(moves_from(&fen(&pieces, 'b', "fide/nutty"), "d4"), sorted(&["d4c2", "d4e2", "d4b3", "d4f3"]));
}

#[test]
fn a_pinned_leaper_cannot_move() {
    // White Fibnif e2 between its King e1 and a Black rook e8: every Fibnif move (d4, f4, d1, f1,
    // d3, f3) leaves the e-file.
    let f = fen(&[("e1", 'K'), ("a8", 'k'), ("e2", 'I'), ("e8", 'r')], 'w', "nutty/fide");
    assert_eq!(moves_from(&f, "e2"), Vec::<String>::new());
}

// ----------------------------------------------------------------------------------------------
// Starts.
// ----------------------------------------------------------------------------------------------

const ARMIES: [&str; 4] = ["fide", "clobberers", "nutty", "rookies"];

/// White's opening moves by army (16 pawn moves plus the pieces' free moves).
fn opening_moves(army: &str) -> u64 {
    match army {
        // FIDE: 16 + 2 Knights x 2 = 20.
        "fide" => 20,
        // DEFAKFED: Bede a1: a3 (1); Waffle b1: d3 (1); FAD c1: a3, c3, e3 (3); Cardinal d1: c3,
        // e3 (2); King 0; FAD f1: d3, f3, h3 (3); Waffle g1: e3 (1); Bede h1: h3 (1). 12 + 16 = 28.
        "clobberers" => 28,
        // TIULKUIT: Charging Rooks 0 (a2/h2 and b1/g1 own, no back steps off rank 1); Fibnif b1:
        // a3, c3; Charging Knight c1: b3, d3 (a2, e2 own); Colonel d1: c3, e3 (b2, f2 own, slides
        // and steps blocked); Charging Knight f1: e3, g3; Fibnif g1: f3, h3. 10 + 16 = 26.
        "nutty" => 26,
        // SWHMKHWS: Short Rooks 0; Woody Rook b1: b3 (d1 own); Half-Duck c1: c3, c4 (a1, e1, f1
        // own); Chancellor d1: c3, e3; Half-Duck f1: f3, f4 (c1, d1, h1 own); Woody Rook g1: g3.
        // 8 + 16 = 24.
        "rookies" => 24,
        _ => unreachable!(),
    }
}

#[test]
fn start_texts() {
    assert_eq!(
        start("clobberers", "nutty").to_text(),
        "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 clobberers/nutty"
    );
    assert_eq!(start("fide", "fide").to_text(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        start("fide", "rookies").to_text(),
        "swhmkhws/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 fide/rookies"
    );
    // Army names are read case-insensitively and written in lower case.
    assert_eq!(
        pos("tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 Clobberers/NUTTY").to_text(),
        start("clobberers", "nutty").to_text()
    );
    // An explicit fide/fide field is dropped.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 fide/fide").to_text(),
        start("fide", "fide").to_text()
    );
}

#[test]
fn perft_1_from_the_symmetric_starts() {
    for a in ARMIES {
        assert_eq!(start(a, a).perft(1), opening_moves(a), "{a}/{a}");
    }
}

#[test]
fn perft_1_and_2_from_every_pairing() {
    // White's first move reaches at most rank 4 and Black's at most rank 5 (a pawn two-step or
    // the Half-Duck's c8-c5 / f8-f5), nothing gives check and no castling is possible, so the
    // two sides' first moves never interact: perft 2 = White's count x Black's count (Black's
    // array is White's mirrored in rank, so its count is the same as White's with that army).
    for w in ARMIES {
        for b in ARMIES {
            let p = start(w, b);
            assert_eq!(p.perft(1), opening_moves(w), "{w}/{b}");
            assert_eq!(p.perft(2), opening_moves(w) * opening_moves(b), "{w}/{b}");
        }
    }
}

#[test]
#[ignore]
fn print_perft_table() {
    println!("| white \\ black | depth | fide | clobberers | nutty | rookies |");
    println!("|---|---|---|---|---|---|");
    for w in ARMIES {
        for d in 1..=3 {
            let row: Vec<String> = ARMIES.iter().map(|b| start(w, b).perft(d).to_string()).collect();
            println!("| {w} | {d} | {} |", row.join(" | "));
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Castling (A3).
// ----------------------------------------------------------------------------------------------

#[test]
fn fide_castling_both_ways() {
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    // King e1: d1, d2, e2, f2, f1 + short e1g1 + long e1c1 = 7.
    assert_eq!(moves_from(f, "e1"), sorted(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1c1"]));
    assert_eq!(pos(f).play("e1g1").unwrap().to_text(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_eq!(pos(f).play("e1c1").unwrap().to_text(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn charging_rook_and_short_rook_castle_like_rooks() {
    // The corner piece of nutty is the Charging Rook, of rookies the Short Rook: short castling
    // puts it on f1, long on d1 with the King on c1.
    let t = "t3k2t/8/8/8/8/8/8/T3K2T w KQkq - 0 1 nutty/nutty";
    assert_eq!(moves_from(t, "e1"), sorted(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1c1"]));
    assert_eq!(pos(t).play("e1g1").unwrap().to_text(), "t3k2t/8/8/8/8/8/8/T4TK1 b kq - 1 1 nutty/nutty");
    assert_eq!(pos(t).play("e1c1").unwrap().to_text(), "t3k2t/8/8/8/8/8/8/2KT3T b kq - 1 1 nutty/nutty");
    let s = "s3k2s/8/8/8/8/8/8/S3K2S b KQkq - 0 1 rookies/rookies";
    assert_eq!(moves_from(s, "e8"), sorted(&["e8d8", "e8d7", "e8e7", "e8f7", "e8f8", "e8g8", "e8c8"]));
    assert_eq!(pos(s).play("e8c8").unwrap().to_text(), "2ks3s/8/8/8/8/8/8/S3K2S w KQ - 1 2 rookies/rookies");
}

#[test]
fn the_bede_castles_long_to_b1() {
    let f = "d3k2d/8/8/8/8/8/8/D3K2D w KQkq - 0 1 clobberers/clobberers";
    // King e1: d1, d2, e2, f2, f1 + short e1g1 + the Bede's long e1b1 (no e1c1) = 7.
    assert_eq!(moves_from(f, "e1"), sorted(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1g1", "e1b1"]));
    // Long: King e1 -> b1, Bede a1 -> c1.
    let p = pos(f).play("e1b1").unwrap();
    assert_eq!(p.to_text(), "d3k2d/8/8/8/8/8/8/1KD4D b kq - 1 1 clobberers/clobberers");
    // Short is FIDE's: King g1, Bede f1.
    assert_eq!(
        pos(f).play("e1g1").unwrap().to_text(),
        "d3k2d/8/8/8/8/8/8/D4DK1 b kq - 1 1 clobberers/clobberers"
    );
    // Black likewise: e8b8 puts the Bede on c8.
    assert_eq!(p.play("e8b8").unwrap().to_text(), "1kd4d/8/8/8/8/8/8/1KD4D w - - 2 2 clobberers/clobberers");
}

#[test]
fn castling_refused_through_attacked_squares() {
    // A Black rook on d8 attacks d1: FIDE long castling is refused, short is not.
    let m = moves("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!m.contains(&"e1c1".to_string()) && m.contains(&"e1g1".to_string()), "{m:?}");
    // A Black rook on b8 attacks b1 only: FIDE long castling passes b1 with the rook, not the
    // King, so it stays legal ...
    assert!(moves("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").contains(&"e1c1".to_string()));
    // ... but the Bede's long castling lands the King on b1: refused.
    assert!(!moves("1r2k3/8/8/8/8/8/8/D3K3 w Q - 0 1 clobberers/fide").contains(&"e1b1".to_string()));
    // The Bede's castling passes c1 and d1: a rook on c8 or d8 refuses it.
    assert!(!moves("2r1k3/8/8/8/8/8/8/D3K3 w Q - 0 1 clobberers/fide").contains(&"e1b1".to_string()));
    assert!(!moves("3rk3/8/8/8/8/8/8/D3K3 w Q - 0 1 clobberers/fide").contains(&"e1b1".to_string()));
    // A Black Half-Duck on c4 attacks c1 with its (0,-3) leap (and nothing on rank 1 or e1).
    assert!(!moves("4k3/8/8/8/2h5/8/8/D3K3 w Q - 0 1 clobberers/rookies").contains(&"e1b1".to_string()));
    // Control: without the attacker the Bede castles.
    assert!(moves("4k3/8/8/8/8/8/8/D3K3 w Q - 0 1 clobberers/rookies").contains(&"e1b1".to_string()));
    // In check (rook e8 on the open e-file; Black King g8): no castling at all.
    let m = moves("4r1k1/8/8/8/8/8/8/D3K2D w KQ - 0 1 clobberers/fide");
    assert!(!m.contains(&"e1b1".to_string()) && !m.contains(&"e1g1".to_string()), "{m:?}");
}

#[test]
fn castling_refused_when_b1_c1_or_d1_is_occupied() {
    for rank1 in ["DE2K3", "D1F1K3", "D2AK3", "Dn2K3"] {
        let f = format!("4k3/8/8/8/8/8/8/{rank1} w Q - 0 1 clobberers/fide");
        assert!(!moves(&f).contains(&"e1b1".to_string()), "{f}");
    }
    // FIDE long castling needs b1 empty too.
    assert!(!moves("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1").contains(&"e1c1".to_string()));
}

#[test]
fn castling_rights_are_lost() {
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(play_all(f, &["h1h2"]).to_text(), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
    assert_eq!(play_all(f, &["h1h2", "h8h7"]).to_text(), "r3k3/7r/8/8/8/8/7R/R3K3 w Qq - 2 2");
    // Capturing a corner piece removes the capturer's and the victim's rights.
    assert_eq!(pos(f).play("a1a8").unwrap().to_text(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    // The Bede going away and back: no e1b1 any more.
    let d = "4k3/8/8/8/8/8/8/D3K3 w Q - 0 1 clobberers/fide";
    let p = play_all(d, &["a1c1", "e8d8", "c1a1", "d8e8"]);
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/D3K3 w - - 4 3 clobberers/fide");
    assert!(!p.legal_moves().contains(&"e1b1".to_string()));
}

#[test]
fn castling_rights_need_the_own_corner_piece() {
    assert!(parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err());
    // White clobberers castle with the Bede, not with a Rook.
    assert!(parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1 clobberers/fide").is_err());
    assert!(parse("4k3/8/8/8/8/8/8/4K2D w K - 0 1 clobberers/fide").is_ok());
    // The King must be at home.
    assert!(parse("4k3/8/8/8/8/8/8/3K3D w K - 0 1 clobberers/fide").is_err());
}

// ----------------------------------------------------------------------------------------------
// Promotion (A2).
// ----------------------------------------------------------------------------------------------

#[test]
fn promotion_choices() {
    // A pawn on a7 with a8 empty (Kings a1, c1): one move per promotion type.
    let base = "8/P7/8/8/8/8/8/k1K5 w - - 0 1";
    assert_eq!(moves_from(base, "a7"), sorted(&["a7a8q", "a7a8r", "a7a8b", "a7a8n"]));
    assert_eq!(
        moves_from(&format!("{base} clobberers/nutty"), "a7"),
        sorted(&["a7a8d", "a7a8e", "a7a8f", "a7a8a", "a7a8t", "a7a8i", "a7a8u", "a7a8l"])
    );
    assert_eq!(
        moves_from(&format!("{base} fide/rookies"), "a7"),
        sorted(&["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7a8s", "a7a8w", "a7a8h", "a7a8m"])
    );
    // Both armies equal: 4 choices (clobberers/clobberers).
    assert_eq!(moves_from(&format!("{base} clobberers/clobberers"), "a7").len(), 4);
    // Capture promotions: b7 takes a8 or c8 (b8 blocked), 8 letters each = 16.
    assert_eq!(moves_from("tut5/1P6/8/8/8/8/8/k6K w - - 0 1 clobberers/nutty", "b7").len(), 16);
    // Black promotes on h1 to any of rookies + clobberers = 8.
    assert_eq!(
        moves_from("K7/8/8/8/8/8/7p/k7 b - - 0 1 rookies/clobberers", "h2"),
        sorted(&["h2h1s", "h2h1w", "h2h1h", "h2h1m", "h2h1d", "h2h1e", "h2h1f", "h2h1a"])
    );
}

#[test]
fn promoted_pieces_move_for_their_colour() {
    // a8=Q checks the King on a1 down the a-file; a White Colonel on a8 slides only forward
    // (up) and sideways, so a8=L does not check; a White Charging Rook neither.
    let base = "8/P7/8/8/8/8/8/k1K5 w - - 0 1";
    assert!(pos(base).play("a7a8q").unwrap().in_check());
    let cn = format!("{base} clobberers/nutty");
    let p = pos(&cn).play("a7a8l").unwrap();
    assert_eq!(p.to_text(), "L7/8/8/8/8/8/8/k1K5 b - - 0 1 clobberers/nutty");
    assert!(!p.in_check());
    assert!(!pos(&cn).play("a7a8t").unwrap().in_check());
    // With rookies: the Chancellor (RN) checks along the file, the Short Rook (R4) reaches a4 only.
    let fr = format!("{base} fide/rookies");
    assert!(pos(&fr).play("a7a8m").unwrap().in_check());
    assert!(!pos(&fr).play("a7a8s").unwrap().in_check());
}

// ----------------------------------------------------------------------------------------------
// En passant.
// ----------------------------------------------------------------------------------------------

#[test]
fn en_passant() {
    // e5 pawn: push e6 and en passant e5d6.
    let f = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(moves_from(f, "e5"), sorted(&["e5e6", "e5d6"]));
    assert_eq!(pos(f).play("e5d6").unwrap().to_text(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    // The two-step writes the square when a pawn of the side to move stands beside ...
    let p = play_all("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    assert_eq!(p.to_text(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    // ... and not otherwise.
    assert_eq!(
        play_all("4k3/p7/8/4P3/8/8/8/4K3 b - - 0 1", &["a7a5"]).to_text(),
        "4k3/8/8/p3P3/8/8/8/4K3 w - - 0 2"
    );
    // A square given with nobody to capture is read and dropped.
    assert_eq!(pos("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").to_text(), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1");
    // An impossible square (no Black pawn on d5) is refused.
    assert!(parse("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1").is_err());
    // The capture that would expose the King along rank 5 (Ka5 ... rh5) is illegal, so the
    // square is not written: as in FIDE chess, only a legal en passant capture keeps it
    // (protocol-docs/notation.md).
    let pin = "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1";
    assert_eq!(moves_from(pin, "e5"), sorted(&["e5e6"]));
    assert_eq!(pos(pin).to_text(), "8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1");
    // Black captures en passant in an army game.
    let b = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1 nutty/clobberers";
    assert_eq!(moves_from(b, "e4"), sorted(&["e4e3", "e4d3"]));
    assert_eq!(pos(b).play("e4d3").unwrap().to_text(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2 nutty/clobberers");
}

// ----------------------------------------------------------------------------------------------
// Check and mate with army pieces.
// ----------------------------------------------------------------------------------------------

fn mated(fen: &str) -> bool {
    let p = pos(fen);
    p.in_check() && p.legal_moves().is_empty()
}

#[test]
fn checkmates_with_army_pieces() {
    // Colonel g7 (guarded by Kf6) against Kh8: g8 and h7 are Colonel King steps, g7 is guarded.
    assert!(mated("7k/6L1/5K2/8/8/8/8/8 b - - 0 1 nutty/fide"));
    // Half-Duck d8 checks a8 with its (-3,0) leap and covers b8 with (-2,0); Ka6 covers a7, b7.
    assert!(mated("k2H4/8/K7/8/8/8/8/8 b - - 0 1 rookies/fide"));
    // Bede a1 checks h8 along the long diagonal; Waffle e6 covers g8 with its (2,2) leap; Kg6
    // covers g7, h7.
    assert!(mated("7k/8/4E1K1/8/8/8/8/D7 b - - 0 1 clobberers/fide"));
    // Smothered: a Black Charging Knight f2 leaps (2,-1) forward for Black onto h1; g1 (a
    // Charging Rook that cannot reach f2), g2, h2 hem the King in.
    assert!(mated("4k3/8/8/8/8/8/5uPP/6TK w - - 0 1 nutty/nutty"));
    // A Fibnif on f2 has no (2,-1) leap: no check there.
    let p = pos("4k3/8/8/8/8/8/5iPP/6TK w - - 0 1 nutty/nutty");
    assert!(!p.in_check() && !p.legal_moves().is_empty());
    // Not mate: with the Colonel unguarded (no Kf6; White King far away on a1) Kh8 takes g7.
    let p = pos("7k/6L1/8/8/8/8/8/K7 b - - 0 1 nutty/fide");
    assert!(p.in_check());
    assert_eq!(p.legal_moves(), sorted(&["h8g7"]));
}

// ----------------------------------------------------------------------------------------------
// Position text refusals.
// ----------------------------------------------------------------------------------------------

#[test]
fn refused_texts() {
    let bad = [
        // M belongs to neither clobberers nor nutty.
        "4k3/8/8/8/8/8/8/M3K3 w - - 0 1 clobberers/nutty",
        // Nor does Q.
        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 clobberers/nutty",
        // Without an armies field both armies are fide: D is refused.
        "4k3/8/8/8/8/8/8/D3K3 w - - 0 1",
        // X is no piece letter at all.
        "4k3/8/8/8/8/8/8/X3K3 w - - 0 1",
        // Missing Black King.
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        // Two White Kings.
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        // Unknown army.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 fide/knights",
        // A pawn on the last rank.
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // A short rank.
        "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
        // Bad side.
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        // The side not to move in check.
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    ];
    for f in bad {
        assert!(parse(f).is_err(), "{f} should be refused");
    }
    // The letter's army may be either side's (a promoted piece): a White Colonel with fide/nutty.
    assert!(parse("4k3/8/8/8/8/8/8/L3K3 w - - 0 1 fide/nutty").is_ok());
    // Move counters are optional.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - nutty/fide").to_text(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 nutty/fide"
    );
}
