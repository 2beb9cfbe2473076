//! The Fimbriation Chess rule scenes both programs are held to: the engine (through the adapter
//! `Pos` of `fimbriation.rs`) and the independent reference generator (`reference/fimbriation.rs`,
//! tested in `fimbriation_reference.rs`). Each scene is written once here, generic over
//! [`ScenePosition`], and each of the two test binaries runs it against its program; every
//! expected value is derived by hand in the comment next to it (rulings M1-M8 of
//! protocol-docs/variants.md, the text forms of protocol-docs/notation.md).
//!
//! Board reminder (M1), `*` = not a square; blocks: bottom d-k x 1-5, top d-k x 10-14,
//! left a-e x 4-11, right j-n x 4-11.
//! ```text
//! 14  * * * d e f g h i j k * * *
//! 13  * * * . . . . . . . . * * *
//! 12  * * * . . . . . . . . * * *
//! 11  a b c d e f g h i j k l m n
//! 10  . . . . . . . . . . . . . .
//!  9  . . . . . * * * * . . . . .
//!  8  . . . . . * * * * . . . . .
//!  7  . . . . . * * * * . . . . .
//!  6  . . . . . * * * * . . . . .
//!  5  . . . . . . . . . . . . . .
//!  4  . . . . . . . . . . . . . .
//!  3  * * * . . . . . . . . * * *
//!  2  * * * . . . . . . . . * * *
//!  1  * * * d e f g h i j k * * *
//!     a b c d e f g h i j k l m n
//! ```
//!
//! Most scenes are written in Red's frame and then also checked rotated to every other seat
//! (M2's rotation (x, y) -> (15-y, x), seats r->b->y->g->r, pawn directions n->w->s->e->n), which
//! turns each hand derivation into four.
//!
//! No dependencies beyond `std`, so that `fimbriation_reference.rs` still builds on its own with
//! `rustc --test`.

use std::panic::catch_unwind;
use std::time::Instant;

// ---------------------------------------------------------------------------------------------
// What a scene needs of a program
// ---------------------------------------------------------------------------------------------

/// A Fimbriation position as the scenes see it: position texts, move tokens, and seat, piece
/// and square letters (`'r'`, `"bPw"`, `"e5"`), whatever the program's own types.
pub trait ScenePosition: Sized {
    /// The program's name in printed lines ("engine", "reference").
    const NAME: &'static str;
    /// The program's start position text.
    const START: &'static str;
    /// The start position as the program builds it (not read from a text).
    fn start() -> Self;
    /// The program's board squares, rank 1 first, files a..n within a rank.
    fn squares() -> Vec<String>;
    /// Reads a position text; `Err` with the reason when the text is refused.
    fn parse(text: &str) -> Result<Self, String>;
    /// The program's own consistency checks on a position read or reached (at least the text
    /// round trip).
    fn check(&self);
    /// The canonical position text.
    fn to_text(&self) -> String;
    /// The seat to move, `'r'`, `'b'`, `'y'` or `'g'`.
    fn to_move(&self) -> char;
    /// Sorted tokens; `["pass"]` when the seat has no move; empty when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// The position after the action `token`; `None` when it is not legal here.
    fn play(&self, token: &str) -> Option<Self>;
    fn perft(&self, depth: u32) -> u64;
    /// Each legal token with the perft count below it (`depth` >= 1), in token order.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The eliminated seats' letters, in elimination order.
    fn eliminated(&self) -> String;
    fn winner(&self) -> Option<char>;
    fn in_check(&self) -> bool;
    /// `"rK"`, `"bPw"` (a pawn always with its direction letter); `None` for an empty square or
    /// a name that is not a board square.
    fn piece_at(&self, sq: &str) -> Option<String>;
    fn halfmove(&self) -> u32;
    fn fullmove(&self) -> u32;
}

// ---------------------------------------------------------------------------------------------
// Helpers (the test's own geometry, written from M1 independently of either program)
// ---------------------------------------------------------------------------------------------

pub fn m1_square(x: i32, y: i32) -> bool {
    let corner = (x <= 3 || x >= 12) && (y <= 3 || y >= 12);
    let hole = (6..=9).contains(&x) && (6..=9).contains(&y);
    (1..=14).contains(&x) && (1..=14).contains(&y) && !corner && !hole
}

pub fn coords(name: &str) -> (i32, i32) {
    let x = name.as_bytes()[0] as i32 - 'a' as i32 + 1;
    let y: i32 = name[1..].parse().unwrap();
    (x, y)
}

pub fn name(s: (i32, i32)) -> String {
    format!("{}{}", (b'a' + (s.0 - 1) as u8) as char, s.1)
}

/// Every board square by M1, rank 1 first, files a..n within a rank.
pub fn board_squares() -> Vec<String> {
    let mut v = Vec::new();
    for y in 1..=14 {
        for x in 1..=14 {
            if m1_square(x, y) {
                v.push(name((x, y)));
            }
        }
    }
    v
}

pub const SEATS: [char; 4] = ['r', 'b', 'y', 'g'];

pub fn rot_seat(c: char, k: usize) -> char {
    let i = SEATS.iter().position(|&s| s == c).unwrap();
    SEATS[(i + k) % 4]
}

pub fn rot_sq(sq: &str, k: usize) -> String {
    let mut s = coords(sq);
    for _ in 0..k {
        s = (15 - s.1, s.0);
    }
    name(s)
}

/// "rK" -> "bK"; pawns carry a direction letter, which turns n -> w -> s -> e -> n.
pub fn rot_piece(p: &str, k: usize) -> String {
    let c: Vec<char> = p.chars().collect();
    let mut out = format!("{}{}", rot_seat(c[0], k), c[1]);
    if c.len() == 3 {
        let dirs = ['n', 'w', 's', 'e'];
        let i = dirs.iter().position(|&d| d == c[2]).unwrap();
        out.push(dirs[(i + k) % 4]);
    }
    out
}

/// Splits a move token into (from, to, promotion).
pub fn split_token(t: &str) -> (String, String, String) {
    let b: Vec<char> = t.chars().collect();
    let mut i = 1;
    while b[i].is_ascii_digit() {
        i += 1;
    }
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    (b[..i].iter().collect(), b[i..j].iter().collect(), b[j..].iter().collect())
}

pub fn rot_token(t: &str, k: usize) -> String {
    if t == "pass" {
        return t.to_string();
    }
    let (f, to, p) = split_token(t);
    format!("{}{}{}", rot_sq(&f, k), rot_sq(&to, k), p)
}

/// A board text from a list of (square, piece); pawns written with their direction suffix.
/// A piece given on a non-square is written where the `*` would go (to build refused texts).
pub fn board_text(pieces: &[(&str, &str)]) -> String {
    let mut ranks = Vec::new();
    for y in (1..=14).rev() {
        let mut r = String::new();
        let mut run = 0;
        for x in 1..=14 {
            let here = pieces.iter().find(|(s, _)| coords(s) == (x, y));
            let cell = match here {
                Some((_, p)) => Some(p.to_string()),
                None if !m1_square(x, y) => Some("*".to_string()),
                None => None,
            };
            match cell {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        r.push_str(&run.to_string());
                        run = 0;
                    }
                    r.push_str(&c);
                }
            }
        }
        if run > 0 {
            r.push_str(&run.to_string());
        }
        ranks.push(r);
    }
    ranks.join("/")
}

/// A scenario written in Red's frame, rotated by `k` seats.
#[derive(Clone, Copy)]
pub struct Scene<'a> {
    pub pieces: &'a [(&'a str, &'a str)],
    pub seat: char,
    pub castling: &'a str,
    pub ep: &'a str,
    pub eliminated: &'a str,
    pub clocks: &'a str,
}

impl Scene<'_> {
    pub fn text(&self, k: usize) -> String {
        let pieces: Vec<(String, String)> =
            self.pieces.iter().map(|(s, p)| (rot_sq(s, k), rot_piece(p, k))).collect();
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(s, p)| (s.as_str(), p.as_str())).collect();
        format!(
            "{} {} {} {} {} {}",
            board_text(&refs),
            rot_seat(self.seat, k),
            rot_castling(self.castling, k),
            rot_ep(self.ep, k),
            rot_letters(self.eliminated, k),
            self.clocks
        )
    }

    pub fn pos<P: ScenePosition>(&self, k: usize) -> P {
        pos(&self.text(k))
    }
}

pub fn rot_letters(s: &str, k: usize) -> String {
    if s == "-" {
        return s.to_string();
    }
    s.chars().map(|c| rot_seat(c, k)).collect()
}

pub fn rot_castling(s: &str, k: usize) -> String {
    if s == "-" {
        return s.to_string();
    }
    let c: Vec<char> = s.chars().collect();
    let mut pairs: Vec<(usize, char)> =
        c.chunks(2).map(|p| (SEATS.iter().position(|&x| x == rot_seat(p[0], k)).unwrap(), p[1])).collect();
    pairs.sort_by_key(|&(seat, arm)| (seat, if arm == 'K' { 0 } else { 1 }));
    pairs.iter().map(|&(seat, arm)| format!("{}{}", SEATS[seat], arm)).collect()
}

pub fn rot_ep(s: &str, k: usize) -> String {
    if s == "-" {
        return s.to_string();
    }
    let mut entries: Vec<String> = s
        .split(',')
        .map(|e| format!("{}{}", rot_seat(e.chars().next().unwrap(), k), rot_sq(&e[1..], k)))
        .collect();
    entries.sort_by_key(|e| SEATS.iter().position(|&x| e.starts_with(x)).unwrap());
    entries.join(",")
}

/// The whole position turned by `k` seats (board, seat to move, rights, entries, eliminations;
/// the clocks kept). The turn order r, b, y, g is cyclic, so the turned position is the same
/// game seen from another seat: its legal moves are the turned legal moves.
pub fn rotated<P: ScenePosition>(p: &P, k: usize) -> P {
    let text = p.to_text();
    let f: Vec<&str> = text.split(' ').collect();
    let pieces: Vec<(String, String)> = board_squares()
        .into_iter()
        .filter_map(|s| p.piece_at(&s).map(|pc| (rot_sq(&s, k), rot_piece(&pc, k))))
        .collect();
    let refs: Vec<(&str, &str)> = pieces.iter().map(|(s, pc)| (s.as_str(), pc.as_str())).collect();
    pos(&format!(
        "{} {} {} {} {} {} {}",
        board_text(&refs),
        rot_seat(f[1].chars().next().unwrap(), k),
        rot_castling(f[2], k),
        rot_ep(f[3], k),
        rot_letters(f[4], k),
        f[5],
        f[6]
    ))
}

/// The program's position for `text`, which must be accepted and pass the program's checks.
pub fn pos<P: ScenePosition>(text: &str) -> P {
    let p = P::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.check();
    p
}

pub fn sorted(list: &[String]) -> Vec<String> {
    let mut v = list.to_vec();
    v.sort();
    v
}

pub fn rot_all(list: &[&str], k: usize) -> Vec<String> {
    sorted(&list.iter().map(|t| rot_token(t, k)).collect::<Vec<_>>())
}

/// The legal tokens moving the piece on `sq`.
pub fn moves_from<P: ScenePosition>(p: &P, sq: &str) -> Vec<String> {
    p.legal_moves().into_iter().filter(|t| t != "pass" && split_token(t).0 == sq).collect()
}

/// The position after `t`, which must be legal; the program's checks pass on it.
pub fn play<P: ScenePosition>(p: &P, t: &str) -> P {
    let q = p
        .play(t)
        .unwrap_or_else(|| panic!("{t} is not legal in {}\nlegal: {:?}", p.to_text(), p.legal_moves()));
    q.check();
    q
}

pub fn field_of(text: &str, i: usize) -> String {
    text.split(' ').nth(i).unwrap().to_string()
}

pub fn field<P: ScenePosition>(p: &P, i: usize) -> String {
    field_of(&p.to_text(), i)
}

/// `Ok` when the program refuses `text` without panicking; else what it did instead.
pub fn refusal<P: ScenePosition>(text: &str) -> Result<(), String> {
    match catch_unwind(|| P::parse(text).map(|p| p.to_text())) {
        Err(_) => Err(format!("PANIC on {text:?}")),
        Ok(Ok(back)) => Err(format!("accepted {text:?} (reads back as {back:?})")),
        Ok(Err(_)) => Ok(()),
    }
}

/// The program refuses `text` without panicking.
pub fn refused<P: ScenePosition>(text: &str) {
    if let Err(e) = refusal::<P>(text) {
        panic!("should be refused: {e}");
    }
}

pub const KINGS: [(&str, &str); 4] = [("d4", "rK"), ("k4", "bK"), ("k11", "yK"), ("d11", "gK")];

// ---------------------------------------------------------------------------------------------
// Board (M1)
// ---------------------------------------------------------------------------------------------

pub fn board_has_144_squares<P: ScenePosition>() {
    // 14 x 14 = 196 cells, minus four 3x3 corners (36) and the 4x4 hole (16): 196 - 52 = 144.
    let squares = P::squares();
    assert_eq!(squares.len(), 144);
    assert_eq!(squares, board_squares());
    for s in ["d1", "k1", "a4", "n4", "a11", "n11", "d14", "k14", "e5", "f5", "e6", "f10", "j9"] {
        assert!(squares.contains(&s.to_string()), "{s}");
    }
    for s in ["a1", "c3", "l1", "n3", "a12", "c14", "l12", "n14", "f6", "i6", "f9", "i9", "g7", "h8"] {
        assert!(!squares.contains(&s.to_string()), "{s}");
    }
}

pub fn every_square_holds_a_piece_and_no_corner_or_hole_cell_does<P: ScenePosition>() {
    // A blue Knight on each of the 140 board squares not holding a King (Red to move: only Red's
    // attacks could make a text invalid) is accepted and read back where it was put.
    let mut accepted = 0;
    for s in board_squares() {
        if KINGS.iter().any(|(k, _)| *k == s) {
            continue;
        }
        let mut pieces = KINGS.to_vec();
        pieces.push((s.as_str(), "bN"));
        let p = pos::<P>(&format!("{} r - - - 0 1", board_text(&pieces)));
        assert_eq!(p.piece_at(&s), Some("bN".to_string()), "{s}");
        accepted += 1;
    }
    assert_eq!(accepted, 140);
    // Every one of the 52 cells off the board (36 corner cells, 16 hole cells) is refused, a
    // Knight of the seat to move there as well as another seat's.
    let mut off = 0;
    for y in 1..=14 {
        for x in 1..=14 {
            if m1_square(x, y) {
                continue;
            }
            let s = name((x, y));
            for knight in ["bN", "rN"] {
                let mut pieces = KINGS.to_vec();
                pieces.push((s.as_str(), knight));
                refused::<P>(&format!("{} r - - - 0 1", board_text(&pieces)));
            }
            off += 1;
        }
    }
    assert_eq!(off, 52);
    // `*` written on a board square (a5), an empty run covering a `*` (rank 6 as `9*4`: the 9
    // would cover f6), and a rank one file short.
    refused::<P>(&P::START.replacen("5****5/rPrPrPrPrN", "5****5/*rPrPrPrN", 1));
    refused::<P>(&P::START.replacen("5****5", "9*4", 1));
    refused::<P>(&P::START.replacen("***gRgP4yPyR***", "***gRgP3yPyR***", 1));
    // Squares off the board read as nothing.
    let p = pos::<P>(P::START);
    assert_eq!(p.piece_at("a1"), None);
    assert_eq!(p.piece_at("g7"), None);
    assert_eq!(p.piece_at("o4"), None);
}

// ---------------------------------------------------------------------------------------------
// The start position (M2)
// ---------------------------------------------------------------------------------------------

pub fn start_text_round_trip_and_pieces<P: ScenePosition>() {
    let p = pos::<P>(P::START);
    assert_eq!(p.to_text(), P::START);
    assert_eq!(P::start().to_text(), P::START);
    assert_eq!(p.to_move(), 'r');
    assert_eq!(p.eliminated(), "");
    assert_eq!(p.winner(), None);
    assert!(!p.in_check());
    // M2's lists, read back square by square (64 pieces, nothing else on the board).
    let red = "Kd4 Qc4 Bb4 Ra4 Bd3 Nd2 Rd1 Ne5 Pna5 Pnb5 Pnc5 Pnd5 Pee1 Pee2 Pee3 Pee4";
    let blue = "Kk4 Qk3 Bk2 Rk1 Bl4 Nm4 Rn4 Nj5 Pwj1 Pwj2 Pwj3 Pwj4 Pnk5 Pnl5 Pnm5 Pnn5";
    let yellow = "Kk11 Ql11 Bm11 Rn11 Bk12 Nk13 Rk14 Nj10 Psn10 Psm10 Psl10 Psk10 Pwj11 Pwj12 Pwj13 Pwj14";
    let green = "Kd11 Qd12 Bd13 Rd14 Bc11 Nb11 Ra11 Ne10 Psa10 Psb10 Psc10 Psd10 Pee11 Pee12 Pee13 Pee14";
    let mut count = 0;
    for (seat, list) in [('r', red), ('b', blue), ('y', yellow), ('g', green)] {
        for item in list.split(' ') {
            let (piece, sq) = if item.starts_with('P') {
                (format!("{seat}P{}", &item[1..2]), &item[2..])
            } else {
                (format!("{seat}{}", &item[..1]), &item[1..])
            };
            assert_eq!(p.piece_at(sq), Some(piece.clone()), "{sq}");
            count += 1;
        }
    }
    assert_eq!(count, 64);
    let occupied = board_squares().iter().filter(|s| p.piece_at(s).is_some()).count();
    assert_eq!(occupied, 64);
    // The M2 rotation maps Red's array onto each other seat's.
    for item in red.split(' ') {
        let (piece, sq) = if item.starts_with('P') {
            (format!("rP{}", &item[1..2]), &item[2..])
        } else {
            (format!("r{}", &item[..1]), &item[1..])
        };
        for k in 1..4 {
            assert_eq!(p.piece_at(&rot_sq(sq, k)), Some(rot_piece(&piece, k)), "{sq} rotated {k}");
        }
    }
}

pub fn start_moves_for_red<P: ScenePosition>() {
    // Red: Kd4 Qc4 Bb4 Ra4 Bd3 Nd2 Rd1 Ne5, pawns a5-d5 (north), e1-e4 (east).
    // - Pawns a5-d5: one step (a6..d6) and two steps (a7..d7), all empty; their capture squares
    //   (b6, a6/c6, ..., c6/e6) are empty: 4 x 2 = 8. (d5's e6 capture square would be allowed by
    //   M3 - d5 and e6 are both in the left block - but e6 is empty.)
    // - Pawns e1-e4: f1..f4 and g1..g4 empty; capture squares f2..f5 empty: 4 x 2 = 8.
    // - Ne5 (in the left AND bottom blocks): d7 (left block), c6 (left), g4 (bottom), f3 (bottom);
    //   f7 and g6 are the hole; c4 and d3 hold Red's own Queen and Bishop: 4.
    // - Nd2 (bottom block only): f3, f1; e4 own pawn; b3, b1, c0, e0 off; c4 own Queen and, by
    //   M3, also refused (d2 bottom only, c4 left only): 2.
    // - Bd3: e4, e2 own; c2 off; c4 own and refused by M3 (no common block): 0.
    // - Bb4: a5, c5 own; a3, c3 off: 0. Ra4, Rd1: boxed in by own pieces and corners: 0.
    // - Qc4: c5, b4, d4, b5, d5 own; c3 off; d3 own and refused by M3: 0.
    // - Kd4: all eight neighbours own pieces or off (c3); castling: b4, c4, d3, d2 occupied: 0.
    // Total 8 + 8 + 4 + 2 = 22.
    let p = pos::<P>(P::START);
    let expected = [
        "a5a6", "a5a7", "b5b6", "b5b7", "c5c6", "c5c7", "d5d6", "d5d7", "e1f1", "e1g1", "e2f2", "e2g2",
        "e3f3", "e3g3", "e4f4", "e4g4", "e5d7", "e5c6", "e5g4", "e5f3", "d2f3", "d2f1",
    ];
    assert_eq!(expected.len(), 22);
    assert_eq!(p.legal_moves(), sorted(&expected.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
    // Each other seat to move in the same array has the rotated 22 (the array is symmetric).
    for k in 1..4 {
        let text = P::START.replacen(" r ", &format!(" {} ", rot_seat('r', k)), 1);
        let q = pos::<P>(&text);
        assert_eq!(q.legal_moves(), rot_all(&expected, k), "k={k}");
    }
}

pub fn clocks_and_text_after_a_round<P: ScenePosition>() {
    // Four knight moves (no capture, no pawn move): halfmove 1, 2, 3, 4; after Green's move the
    // next seat (Red) comes before Green in the order, so the fullmove number becomes 2.
    let p0 = pos::<P>(P::START);
    let p1 = play(&p0, "e5d7"); // Ne5-d7 inside the left block
    assert_eq!((p1.to_move(), p1.halfmove(), p1.fullmove()), ('b', 1, 1));
    let p2 = play(&p1, "j5h4"); // Nj5-h4 inside the bottom block
    assert_eq!((p2.to_move(), p2.halfmove(), p2.fullmove()), ('y', 2, 1));
    let p3 = play(&p2, "j10h11"); // Nj10-h11 inside the top block
    assert_eq!((p3.to_move(), p3.halfmove(), p3.fullmove()), ('g', 3, 1));
    let p4 = play(&p3, "e10d8"); // Ne10-d8 inside the left block
    assert_eq!((p4.to_move(), p4.halfmove(), p4.fullmove()), ('r', 4, 2));
    // The text, written out by hand rank by rank from START with the four knights moved:
    // rank 11: a-e gR gN gB gK gP, f g empty (2), h11 yN, i11 empty (1), j-n yP yK yQ yB yR;
    // rank 10: a-d gP, e10..j10 empty (6), k-n yP; rank 8: a-c (3), d8 gN, e8 (1), hole, 5;
    // rank 7: 3, d7 rN, 1, hole, 5; rank 5: a-d rP, e5..j5 empty (6), k-n bP;
    // rank 4: a-e rR rB rQ rK rP, f g (2), h4 bN, i4 (1), j-n bP bK bB bN bR.
    let expected = "***gRgP4yPyR***/***gBgP4yPyN***/***gQgP4yPyB***/gRgNgBgKgP2yN1yPyKyQyByR/gPgPgPgP6yPyPyPyP/5****5/3gN1****5/3rN1****5/5****5/rPrPrPrP6bPbPbPbP/rRrBrQrKrP2bN1bPbKbBbNbR/***rBrP4bPbQ***/***rNrP4bPbB***/***rRrP4bPbR*** r rKrQbKbQyKyQgKgQ - - 4 2";
    assert_eq!(p4.to_text(), expected);
    // A pawn two-step resets the clock and opens an en passant entry on the skipped square.
    let p5 = play(&p4, "a5a7");
    assert_eq!(field(&p5, 3), "ra6");
    assert_eq!((p5.halfmove(), p5.fullmove()), (0, 2));
    // Tokens that are not legal: an occupied target, a non-square, garbage, a pass while moves
    // exist, an unnecessary promotion suffix.
    for bad in ["e5c4", "e5f7", "pass", "0000", "@@@@", "a5a8", "a5a6q", "", "zz", "a5", "d4d4", "é5a6"] {
        assert!(p0.play(bad).is_none(), "{bad}");
    }
}

// ---------------------------------------------------------------------------------------------
// Knights, bishops and Kings at block corners (M3)
// ---------------------------------------------------------------------------------------------

pub fn knight_leaps_need_one_block<P: ScenePosition>() {
    // Nc4 (left block only): a5, b6, d6, e5 lie in the left block; e3 and d2 lie only in the
    // bottom block, so those two leaps cross the corner of two blocks and are refused (M3);
    // a3 and b2 are off the board. 4 moves.
    // Ne4 (left AND bottom blocks): g5, g3, f2, d2 inside the bottom block, c5, d6 inside the
    // left block; f6 is the hole, c3 is off. 6 moves.
    let pieces = [KINGS[0], KINGS[1], KINGS[2], KINGS[3], ("c4", "rN"), ("e4", "rN")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        assert_eq!(moves_from(&p, &rot_sq("c4", k)), rot_all(&["c4a5", "c4b6", "c4d6", "c4e5"], k), "k={k}");
        assert_eq!(
            moves_from(&p, &rot_sq("e4", k)),
            rot_all(&["e4g5", "e4g3", "e4f2", "e4d2", "e4c5", "e4d6"], k),
            "k={k}"
        );
    }
}

pub fn bishop_steps_need_one_block_each<P: ScenePosition>() {
    // Ba6 north-east: b7, c8, d9, e10 (each step inside the left block), then f11, g12, h13, i14
    // (each step inside the top block: the diagonal changes block at e10, allowed by M3), then
    // j15 is off: 8. South-east: b5, c4 (left block); the step c4-d3 has no common block
    // (c4 left only, d3 bottom only), so the ray ends there and the blue Knight on d3 cannot be
    // taken: 2. North-west and south-west leave the board: 0. Total 10.
    // Be6 north-east: f7 is the hole: 0. South-east: the step e6-f5 has no common block (e6
    // left only, f5 bottom only): 0. North-west: d7, c8, b9, a10: 4. South-west: d5, c4, then
    // b3 is off: 2. Total 6.
    let pieces = [KINGS[0], KINGS[1], KINGS[2], KINGS[3], ("a6", "rB"), ("e6", "rB"), ("d3", "bN")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        assert_eq!(
            moves_from(&p, &rot_sq("a6", k)),
            rot_all(
                &["a6b7", "a6c8", "a6d9", "a6e10", "a6f11", "a6g12", "a6h13", "a6i14", "a6b5", "a6c4"],
                k
            ),
            "k={k}"
        );
        assert_eq!(
            moves_from(&p, &rot_sq("e6", k)),
            rot_all(&["e6d7", "e6c8", "e6b9", "e6a10", "e6d5", "e6c4"], k),
            "k={k}"
        );
        // The King on d4 may take the Knight on d3 (an orthogonal step needs no common block).
        assert!(moves_from(&p, &rot_sq("d4", k)).contains(&rot_token("d4d3", k)));
    }
}

pub fn king_diagonal_steps_need_one_block<P: ScenePosition>() {
    // Kc4 (left block only): b4, d4, c5 orthogonal; b5, d5 diagonal inside the left block; the
    // diagonal step to d3 crosses the corner of two blocks and is refused; b3, c3 are off.
    // Red has no other piece: exactly 5 moves.
    let pieces = [("c4", "rK"), KINGS[1], KINGS[2], KINGS[3]];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        assert_eq!(p.legal_moves(), rot_all(&["c4b4", "c4d4", "c4c5", "c4b5", "c4d5"], k), "k={k}");
    }
}

// ---------------------------------------------------------------------------------------------
// Pawns (M4)
// ---------------------------------------------------------------------------------------------

/// Red pawns a5, d5 (north, on the start line), b10 (north, one step from the promotion line),
/// e9 (north); a green Knight b6, green Rook c11, green pawn c7 (south), green Bishops d10 and
/// f10, a blue pawn e7 (west, one step from its promotion line, file d).
pub const PAWN_SCENE: [(&str, &str); 14] = [
    ("d4", "rK"),
    ("k4", "bK"),
    ("k11", "yK"),
    ("d11", "gK"),
    ("a5", "rPn"),
    ("d5", "rPn"),
    ("b10", "rPn"),
    ("e9", "rPn"),
    ("b6", "gN"),
    ("c11", "gR"),
    ("c7", "gPs"),
    ("d10", "gB"),
    ("f10", "gB"),
    ("e7", "bPw"),
];

pub fn pawn_scene() -> Scene<'static> {
    Scene { pieces: &PAWN_SCENE, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "5 9" }
}

pub fn pawn_steps_captures_promotion_all_directions<P: ScenePosition>() {
    // Checked in Red's frame (north pawns) and rotated: Blue's west, Yellow's south and Green's
    // east pawns.
    for k in 0..4 {
        let p: P = pawn_scene().pos(k);
        let r = |s: &str| rot_sq(s, k);
        // a5: one step a6, two steps a7 (a6, a7 empty, a5 on the start line); captures: b6 holds
        // a green Knight (a5, b6 both in the left block); the other side is off the board.
        assert_eq!(moves_from(&p, &r("a5")), rot_all(&["a5a6", "a5a7", "a5b6"], k), "k={k}");
        // d5: d6, d7; capture squares c6 and e6 are empty.
        assert_eq!(moves_from(&p, &r("d5")), rot_all(&["d5d6", "d5d7"], k), "k={k}");
        // b10: b11 is the promotion line (six steps from rank 5), so the step promotes (4 tokens);
        // c11 holds a green Rook: a capture that promotes (4 tokens); a11 is empty.
        assert_eq!(
            moves_from(&p, &r("b10")),
            rot_all(
                &["b10b11q", "b10b11r", "b10b11b", "b10b11n", "b10c11q", "b10c11r", "b10c11b", "b10c11n"],
                k
            ),
            "k={k}"
        );
        // e9: e10 empty (not yet the promotion line); d10 holds a green Bishop and e9, d10 are both
        // in the left block: capture; f10 holds a green Bishop but e9 (left only) and f10 (top
        // only) share no block: refused (M3).
        assert_eq!(moves_from(&p, &r("e9")), rot_all(&["e9e10", "e9d10"], k), "k={k}");

        // Captures and promotions played out.
        let q = play(&p, &rot_token("a5b6", k));
        assert_eq!(q.piece_at(&r("b6")), Some(rot_piece("rPn", k)));
        assert_eq!(q.piece_at(&r("a5")), None);
        assert_eq!(q.halfmove(), 0);
        let q = play(&p, &rot_token("b10c11n", k));
        assert_eq!(q.piece_at(&r("c11")), Some(rot_piece("rN", k)));
        assert_eq!(q.piece_at(&r("b10")), None);
        let q = play(&p, &rot_token("b10b11q", k));
        assert_eq!(q.piece_at(&r("b11")), Some(rot_piece("rQ", k)));
        assert!(p.play(&rot_token("b10b11", k)).is_none(), "promotion is required");
        assert!(p.play(&rot_token("b10b11k", k)).is_none(), "no promotion to King");
        assert!(p.play(&rot_token("b10b11p", k)).is_none(), "no promotion to pawn");
        // A one-step pawn move resets the halfmove clock (5 -> 0) and opens no entry.
        let q = play(&p, &rot_token("d5d6", k));
        assert_eq!((q.halfmove(), field(&q, 3)), (0, "-".to_string()));
        // A two-step opens an entry on the skipped square.
        let q = play(&p, &rot_token("a5a7", k));
        assert_eq!(field(&q, 3), rot_ep("ra6", k));
        assert_eq!(q.piece_at(&r("a7")), Some(rot_piece("rPn", k)));
        // A pawn never moves backwards or sideways.
        for bad in ["a5a4", "d5c5", "d5e5", "d5d3"] {
            assert!(p.play(&rot_token(bad, k)).is_none(), "{bad} k={k}");
        }
    }
}

pub fn en_passant_by_the_next_seat_with_promotion<P: ScenePosition>() {
    for k in 0..4 {
        let p: P = pawn_scene().pos(k);
        let r = |s: &str| rot_sq(s, k);
        // Before Red's two-step (the same board with Blue to move), the blue pawn e7 (west) could
        // only step to d7, its promotion line (file d): 4 tokens; its capture squares d8, d6 are
        // empty and there is no entry.
        let before: P = Scene { seat: 'b', ..pawn_scene() }.pos(k);
        assert_eq!(moves_from(&before, &r("e7")), rot_all(&["e7d7q", "e7d7r", "e7d7b", "e7d7n"], k), "k={k}");
        // Red d5-d7 skips d6. Blue's e7 pawn: d7 is now blocked; d6 is one of its capture squares
        // (e7, d6 in the left block) and is Red's skipped square: en passant, landing on file d,
        // the west pawn's promotion line, so it promotes: 4 tokens.
        let q = play(&p, &rot_token("d5d7", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        assert_eq!(q.to_move(), rot_seat('b', k));
        assert_eq!(moves_from(&q, &r("e7")), rot_all(&["e7d6q", "e7d6r", "e7d6b", "e7d6n"], k), "k={k}");
        let e = play(&q, &rot_token("e7d6q", k));
        assert_eq!(e.piece_at(&r("d6")), Some(rot_piece("bQ", k)));
        assert_eq!(e.piece_at(&r("d7")), None, "the two-stepped pawn is removed");
        assert_eq!(e.piece_at(&r("e7")), None);
        assert_eq!(field(&e, 3), "-");
        assert_eq!(e.halfmove(), 0);
    }
}

pub fn en_passant_by_a_later_seat_and_expiry<P: ScenePosition>() {
    for k in 0..4 {
        let p: P = pawn_scene().pos(k);
        let r = |s: &str| rot_sq(s, k);
        // Red d5-d7; Blue Kk4-k5 and Yellow Kk11-k10 (quiet King steps): the entry stays until
        // Red's next turn. Green's c7 pawn (south) has d6 among its capture squares (c7, d6 in the
        // left block): c7-d6 en passant (rank 6 is not rank 4, no promotion); b6 holds Green's
        // own Knight; one step to c6.
        let q = play(&p, &rot_token("d5d7", k));
        let q = play(&q, &rot_token("k4k5", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        let q = play(&q, &rot_token("k11k10", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        assert_eq!(q.to_move(), rot_seat('g', k));
        assert_eq!(moves_from(&q, &r("c7")), rot_all(&["c7c6", "c7d6"], k), "k={k}");
        let e = play(&q, &rot_token("c7d6", k));
        assert_eq!(e.piece_at(&r("d6")), Some(rot_piece("gPs", k)));
        assert_eq!(e.piece_at(&r("d7")), None);
        assert_eq!(field(&e, 3), "-");
        assert_eq!(e.to_move(), rot_seat('r', k));
        // If Green plays a King step instead, the entry is dropped when Red's turn starts.
        let f = play(&q, &rot_token("d11e11", k));
        assert_eq!(field(&f, 3), "-");
        assert_eq!(f.piece_at(&r("d7")), Some(rot_piece("rPn", k)));
    }
}

pub fn east_pawns_and_the_hole<P: ScenePosition>() {
    // Red's other pawn direction, east (start file e, promotion file k), in Red's frame and
    // rotated (Blue's north, Yellow's west, Green's south pawns).
    // Blue's King stands on n7, out of the way; Blue Bishops on f3 and k2 are capture targets
    // (neither attacks d4: f3's diagonals run e4-d5 and e2, g4, g2; k2's run j3 (blocked), j1).
    let pieces = [
        ("d4", "rK"),
        ("n7", "bK"),
        ("k11", "yK"),
        ("d11", "gK"),
        ("e2", "rPe"),
        ("j3", "rPe"),
        ("e8", "rPe"),
        ("f3", "bB"),
        ("k2", "bB"),
    ];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        // e2: f2, g2 (two-step from file e, both empty); captures f3 (blue Bishop; e2, f3 both in
        // the bottom block) and f1 (empty).
        assert_eq!(moves_from(&p, &r("e2")), rot_all(&["e2f2", "e2g2", "e2f3"], k), "k={k}");
        // j3: k3 promotion step (4); k2 holds a blue Bishop (j3, k2 bottom block): capture with
        // promotion (4); k4 empty.
        assert_eq!(
            moves_from(&p, &r("j3")),
            rot_all(&["j3k3q", "j3k3r", "j3k3b", "j3k3n", "j3k2q", "j3k2r", "j3k2b", "j3k2n"], k),
            "k={k}"
        );
        // e8 (east, on its start file): f8 (step), f9 and f7 (captures) are all in the hole.
        assert_eq!(moves_from(&p, &r("e8")), Vec::<String>::new(), "k={k}");
        // Red's e-pawns carry no suffix below the diagonal (file > rank); e8 is above it, so its
        // east direction is written out.
        let text = p.to_text();
        if k == 0 {
            assert!(text.contains("rPe"), "{text}");
            assert_eq!(p.piece_at("e2"), Some("rPe".to_string()));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Castling (M5)
// ---------------------------------------------------------------------------------------------

pub fn castle_scene(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("d4", "rK"), ("a4", "rR"), ("d1", "rR"), ("k4", "bK"), ("k11", "yK"), ("d11", "gK")];
    v.extend_from_slice(extra);
    v
}

pub fn castles<P: ScenePosition>(p: &P, k: usize) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|t| *t == rot_token("d4b4", k) || *t == rot_token("d4d2", k))
        .collect();
    v.sort();
    v
}

pub fn castling_both_arms_every_seat<P: ScenePosition>() {
    // Red: Q arm Kd4-b4 with Ra4-c4 (b4, c4 empty); K arm Kd4-d2 with Rd1-d3 (d2, d3 empty).
    // Rotated: Blue k4-k2 / k4-m4, Yellow k11-m11 / k11-k13, Green d11-d13 / d11-b11.
    let pieces = castle_scene(&[]);
    let scene =
        Scene { pieces: &pieces, seat: 'r', castling: "rKrQ", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        assert_eq!(castles(&p, k), rot_all(&["d4b4", "d4d2"], k), "k={k}");
        let q = play(&p, &rot_token("d4b4", k));
        assert_eq!(q.piece_at(&r("b4")), Some(rot_piece("rK", k)));
        assert_eq!(q.piece_at(&r("c4")), Some(rot_piece("rR", k)));
        assert_eq!(q.piece_at(&r("a4")), None);
        assert_eq!(q.piece_at(&r("d4")), None);
        assert_eq!(field(&q, 2), "-");
        let q = play(&p, &rot_token("d4d2", k));
        assert_eq!(q.piece_at(&r("d2")), Some(rot_piece("rK", k)));
        assert_eq!(q.piece_at(&r("d3")), Some(rot_piece("rR", k)));
        assert_eq!(q.piece_at(&r("d1")), None);
        assert_eq!(field(&q, 2), "-");
        // Moving the Q-arm Rook loses only that right; a King step loses both.
        let q = play(&p, &rot_token("a4a5", k));
        assert_eq!(field(&q, 2), rot_castling("rK", k));
        let q = play(&p, &rot_token("d1e1", k));
        assert_eq!(field(&q, 2), rot_castling("rQ", k));
        let q = play(&p, &rot_token("d4e4", k));
        assert_eq!(field(&q, 2), "-");
        // Without the rights the same King steps two squares nowhere.
        let bare: P = Scene { castling: "-", ..scene }.pos(k);
        assert_eq!(castles(&bare, k), Vec::<String>::new(), "k={k}");
        // With one right only, that arm only.
        let one: P = Scene { castling: "rK", ..scene }.pos(k);
        assert_eq!(castles(&one, k), rot_all(&["d4d2"], k), "k={k}");
    }
    // Every seat's rights at once, in the canonical order (START).
    let p = pos::<P>(P::START);
    assert_eq!(field(&p, 2), "rKrQbKbQyKyQgKgQ");
}

/// Extra pieces, and the castling moves still legal with them.
pub type CastleCase = (&'static [(&'static str, &'static str)], &'static [&'static str]);

pub fn castling_refused_when_attacked_or_blocked<P: ScenePosition>() {
    // Each case: (extra pieces, castling moves still legal), in Red's frame.
    let cases: [CastleCase; 6] = [
        // gR c11 sweeps c10..c4: c4 is the square the King passes on the Q arm: only d4d2.
        (&[("c11", "gR")], &["d4d2"]),
        // bR h3 sweeps g3, f3, e3, d3 (then c3 is off): d3 is the K arm's passed square: only d4b4.
        (&[("h3", "bR")], &["d4b4"]),
        // gN a6 attacks b4 (a6, b4 in the left block), the Q arm's landing square: only d4d2.
        (&[("a6", "gN")], &["d4d2"]),
        // bR h2 sweeps g2, f2, e2, d2: the K arm's landing square: only d4b4.
        (&[("h2", "bR")], &["d4b4"]),
        // yR h4 sweeps g4, f4, e4 to the King on d4: in check, neither.
        (&[("h4", "yR")], &[]),
        // A red Knight on b4 blocks the Q arm: only d4d2.
        (&[("b4", "rN")], &["d4d2"]),
    ];
    for (extra, legal) in cases.iter() {
        let pieces = castle_scene(extra);
        let scene =
            Scene { pieces: &pieces, seat: 'r', castling: "rKrQ", ep: "-", eliminated: "-", clocks: "0 1" };
        for k in 0..4 {
            let p: P = scene.pos(k);
            assert_eq!(castles(&p, k), rot_all(legal, k), "{extra:?} k={k}");
        }
    }
    // A Rook attacking the Rook's start square or the square next to it on the Q arm (b4 is
    // the landing square, a4 the Rook's own square): only squares the King uses matter. A green
    // Rook on a10 sweeps a9..a5 to the red Rook a4 (attacking it): both arms still legal.
    let pieces = castle_scene(&[("a10", "gR")]);
    let scene =
        Scene { pieces: &pieces, seat: 'r', castling: "rKrQ", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        assert_eq!(castles(&scene.pos::<P>(k), k), rot_all(&["d4b4", "d4d2"], k), "k={k}");
    }
    // In check from the yellow Rook on h4.
    let pieces = castle_scene(&[("h4", "yR")]);
    let scene =
        Scene { pieces: &pieces, seat: 'r', castling: "rKrQ", ep: "-", eliminated: "-", clocks: "0 1" };
    assert!(scene.pos::<P>(0).in_check());
    // A right is lost when its Rook is captured: bR h1 takes the Rook on d1 (g1, f1, e1 empty).
    let pieces = castle_scene(&[("h1", "bR")]);
    let scene =
        Scene { pieces: &pieces, seat: 'b', castling: "rKrQ", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let q = play(&scene.pos::<P>(k), &rot_token("h1d1", k));
        assert_eq!(field(&q, 2), rot_castling("rQ", k));
    }
}

// ---------------------------------------------------------------------------------------------
// Elimination (M6, M7), passes, the end of the game
// ---------------------------------------------------------------------------------------------

/// Green to move, checkmated by Red: gK b11 is attacked by rR b4 (b5..b10 empty); its
/// neighbours a10 (rR a4 up the a-file), b10 (rR b4), c10 and c11 (rR c4 up the c-file) are all
/// attacked, a11 holds Green's Rook, a12, b12, c12 are off. Green's Rook (a10..a5, xa4) and pawn
/// d10 (d9, d8) cannot block the b-file or take rR b4: no legal move.
/// The green Rook on a11 is aimed along rank 11 (b11..f11) at the yellow King g11 but Green's
/// own King b11 blocks it.
pub fn mate_scene(red_king: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("a4", "rR"),
        ("b4", "rR"),
        ("c4", "rR"),
        (red_king, "rK"),
        ("k4", "bK"),
        ("g11", "yK"),
        ("j12", "yPw"),
        ("b11", "gK"),
        ("a11", "gR"),
        ("d10", "gPs"),
    ]
}

/// `also`: the program's own further checks of each position after Green's pass in the frame
/// turned by `k` (Red to move, Green and then Yellow eliminated, the game going on).
pub fn checkmated_seat_passes_and_is_eliminated_with_a_chain<P: ScenePosition>(also: impl Fn(&P, usize)) {
    let pieces = mate_scene("d4");
    let scene = Scene { pieces: &pieces, seat: 'g', castling: "-", ep: "-", eliminated: "-", clocks: "7 12" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        assert!(p.in_check());
        assert_eq!(p.legal_moves(), vec!["pass".to_string()]);
        assert_eq!(p.perft(1), 1);
        // Green passes; Red's turn starts: Red attacks Green's King -> Green is eliminated: its
        // King leaves b11, Rook a11 and pawn d10 become Red's (the pawn still moves south).
        // With b11 empty, the now-red Rook a11 sweeps b11..f11 to the yellow King g11: Yellow is
        // eliminated in the next pass, its pawn j12 becomes Red's (still moving west).
        // Blue's King k4 is screened by Red's own King on d4: Blue survives.
        for token in ["pass", "0000", "@@@@"] {
            let q = play(&p, token);
            assert_eq!(q.eliminated(), rot_letters("gy", k));
            assert_eq!(q.to_move(), rot_seat('r', k));
            assert_eq!(q.piece_at(&r("a11")), Some(rot_piece("rR", k)));
            assert_eq!(q.piece_at(&r("d10")), Some(rot_piece("rPs", k)));
            assert_eq!(q.piece_at(&r("j12")), Some(rot_piece("rPw", k)));
            assert_eq!(q.piece_at(&r("b11")), None);
            assert_eq!(q.piece_at(&r("g11")), None);
            // Elimination resets the halfmove clock. The fullmove number counts rounds of the
            // fixed order r, b, y, g, so it depends on the frame: the passer -> next seat is
            // g -> r (k=0, new round: 12 -> 13), r -> b, b -> y, y -> g (k=1..3: stays 12).
            assert_eq!((q.halfmove(), q.fullmove()), (0, [13, 12, 12, 12][k]));
            assert_eq!(q.winner(), None);
            also(&q, k);
        }
        let q = play(&p, "pass");
        if k == 0 {
            // Written out by hand: rank 12: d12..i12 empty (6), j12 rPw (red, direction w, not
            // Red's default n above the diagonal), k12 (1); rank 11: a11 rR, then 13 empty;
            // rank 10: a-c (3), d10 rPs (red moving south), e10..n10 (10); rank 5: 14 empty;
            // rank 4: rR rR rR rK, e4..j4 (6), bK, l4..n4 (3).
            assert_eq!(
                q.to_text(),
                "***8***/***8***/***6rPw1***/rR13/3rPs10/5****5/5****5/5****5/5****5/14/rRrRrRrK6bK3/***8***/***8***/***8*** r - - gy 0 13"
            );
        }
        // Turn order now: Red, Blue, Red, ... (Yellow and Green skipped). Kd4-e4 keeps rR c4's
        // rank screened from Blue's King. Fullmove: k=0: r -> b (13), b -> r (new round, 14);
        // k=1: b -> y (12), y -> b (13); k=2: y -> g (12), g -> y (13); k=3: g -> r (13), r -> g (13).
        let q = play(&q, &rot_token("d4e4", k));
        assert_eq!(q.to_move(), rot_seat('b', k));
        assert_eq!(q.fullmove(), [13, 12, 12, 13][k]);
        let q = play(&q, &rot_token("k4k5", k));
        assert_eq!(q.to_move(), rot_seat('r', k));
        assert_eq!(q.fullmove(), [14, 13, 13, 13][k]);
        // The recruited pawn d10 moves south: d9 (one step; d10 is the south start line, so also
        // d8), never north.
        let m = moves_from(&q, &r("d10"));
        assert_eq!(m, rot_all(&["d10d9", "d10d8"], k), "k={k}");
    }
}

pub fn same_pass_eliminations_in_turn_order_and_game_end<P: ScenePosition>() {
    // As above, but Red's King stands on e1, so rR c4 sweeps d4..j4 to Blue's King k4 as well.
    // Green passes; Red's turn: first pass finds Blue and Green (appended in turn order after
    // Red: b then g); second pass finds Yellow via the recruited Rook a11: "bgy". Red is the
    // last seat standing.
    let pieces = mate_scene("e1");
    let scene = Scene { pieces: &pieces, seat: 'g', castling: "-", ep: "-", eliminated: "-", clocks: "0 3" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        assert_eq!(p.legal_moves(), vec!["pass".to_string()]);
        let q = play(&p, "pass");
        assert_eq!(q.eliminated(), rot_letters("bgy", k));
        assert_eq!(q.winner(), Some(rot_seat('r', k)));
        assert_eq!(q.to_move(), rot_seat('r', k));
        assert!(q.legal_moves().is_empty());
        assert!(q.play("pass").is_none());
        assert!(q.play(&rot_token("e1e2", k)).is_none());
        assert_eq!(q.perft(1), 0);
        assert_eq!(q.perft(0), 1);
        assert_eq!(field(&q, 4), rot_letters("bgy", k));
        assert_eq!(pos::<P>(&q.to_text()).winner(), Some(rot_seat('r', k)));
    }
}

pub fn stalemated_seat_passes<P: ScenePosition>() {
    // Blue to move, bK n4: neighbours n5 (rR f5 sweeps g5..n5), m5 (the same Rook, and rR m8
    // down the m-file), m4 (rR m8 sweeps m7..m4); m3, n3 are off. n4 itself is attacked by
    // nothing (rank 4 holds only Red's King d4, no Rook on the n-file): not in check.
    // Blue has no other piece: no legal move, one action: pass. Nobody is eliminated.
    let pieces = [("d4", "rK"), ("f5", "rR"), ("m8", "rR"), ("n4", "bK"), ("k11", "yK"), ("d11", "gK")];
    let scene = Scene { pieces: &pieces, seat: 'b', castling: "-", ep: "-", eliminated: "-", clocks: "3 5" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        assert!(!p.in_check());
        assert_eq!(p.legal_moves(), vec!["pass".to_string()]);
        assert_eq!(p.divide(1), vec![("pass".to_string(), 1)]);
        let q = play(&p, "pass");
        assert_eq!(q.to_move(), rot_seat('y', k));
        assert_eq!(q.eliminated(), "");
        // A pass is a ply without capture or pawn move: 3 -> 4. Fullmove: passer -> next is
        // b -> y, y -> g, g -> r (new round: 6), r -> b for k = 0..3.
        assert_eq!((q.halfmove(), q.fullmove()), (4, [5, 5, 6, 5][k]));
        assert_eq!(q.piece_at(&rot_sq("n4", k)), Some(rot_piece("bK", k)));
        assert!(p.play(&rot_token("n4n5", k)).is_none());
    }
}

pub fn a_seat_in_check_escapes_before_the_checker_moves_again<P: ScenePosition>() {
    // Red gives check to Blue; at Blue's turn start only Blue eliminates, so Blue must answer.
    // rR a5 plays a5-k5 along the open rank 5 (b5..j5, k5 empty) and attacks Blue's King k4.
    let pieces = [("d1", "rK"), ("a5", "rR"), ("k4", "bK"), ("m11", "yK"), ("d11", "gK")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: P = scene.pos(k);
        let q = play(&p, &rot_token("a5k5", k));
        assert_eq!(q.to_move(), rot_seat('b', k));
        assert_eq!(q.eliminated(), "");
        assert!(q.in_check());
        // Blue's King k4 (bottom and right blocks): k5 takes the unguarded Rook; j4, l4 are off
        // the Rook's lines; j3 is a diagonal step inside the bottom block, off its lines; k3 stays
        // on the Rook's file (k4 is vacated), j5, l5 are on its rank; l3 is off the board.
        assert_eq!(q.legal_moves(), rot_all(&["k4k5", "k4j4", "k4l4", "k4j3"], k), "k={k}");
    }
}

// ---------------------------------------------------------------------------------------------
// Text validation
// ---------------------------------------------------------------------------------------------

pub fn invalid_texts_are_refused<P: ScenePosition>() {
    let kings = KINGS;
    let with = |extra: &[(&str, &str)], rest: &str| {
        let mut v = kings.to_vec();
        v.extend_from_slice(extra);
        format!("{} {rest}", board_text(&v))
    };
    pos::<P>(&with(&[], "r - - - 0 1"));
    // A red pawn on e5 sits on Red's diagonal (file = rank): the suffix is required.
    refused::<P>(&with(&[("e5", "rP")], "r - - - 0 1"));
    let p = pos::<P>(&with(&[("e5", "rPn")], "r - - - 0 1"));
    assert_eq!(p.piece_at("e5"), Some("rPn".to_string()));
    assert!(p.to_text().contains("rPn"));
    // A redundant suffix is accepted and dropped in the canonical text.
    let p = pos::<P>(&with(&[("a5", "rPn")], "r - - - 0 1"));
    assert!(!p.to_text().contains("rPn"));
    assert_eq!(p.piece_at("a5"), Some("rPn".to_string()));
    // Pawns behind the start line or on the promotion line.
    refused::<P>(&with(&[("a4", "rPn")], "r - - - 0 1"));
    refused::<P>(&with(&[("a11", "rPn")], "r - - - 0 1"));
    refused::<P>(&with(&[("d8", "gPe")], "r - - - 0 1")); // east pawn behind file e
    refused::<P>(&with(&[("k8", "yPe")], "r - - - 0 1")); // east pawn on file k
    pos::<P>(&with(&[("j8", "yPe")], "r - - - 0 1"));
    // Kings: two for one seat, none for a live seat; an eliminated seat with pieces.
    refused::<P>(&with(&[("a5", "rK")], "r - - - 0 1"));
    refused::<P>(&format!("{} r - - - 0 1", board_text(&kings[..3])));
    pos::<P>(&format!("{} r - - g 0 1", board_text(&kings[..3])));
    refused::<P>(&with(&[], "r - - g 0 1"));
    refused::<P>(&format!("{} g - - g 0 1", board_text(&kings[..3])));
    // Castling rights need King and Rook on their start squares; canonical order.
    refused::<P>(&with(&[], "r rK - - 0 1"));
    pos::<P>(&with(&[("d1", "rR")], "r rK - - 0 1"));
    pos::<P>(&with(&[("d1", "rR"), ("a4", "rR")], "r rKrQ - - 0 1"));
    // (Rights out of the canonical order, `rQrK`, are refused by the reference but read by the
    // engine: see `lenient_forms_read_as_their_canonical_text` in `fimbriation.rs`.)
    // En passant: the entry needs the two-stepped pawn beyond the empty skipped square.
    pos::<P>(&with(&[("a7", "rPn")], "b - ra6 - 0 1"));
    refused::<P>(&with(&[("a7", "rPn")], "b - ra5 - 0 1"));
    refused::<P>(&with(&[("a8", "rPn")], "b - ra7 - 0 1")); // a8 is three steps from rank 5
    refused::<P>(&with(&[("a7", "rPn"), ("a6", "bN")], "b - ra6 - 0 1"));
    // The seat to move's own entry has expired.
    refused::<P>(&with(&[("a7", "rPn")], "r - ra6 - 0 1"));
    // The seat to move may not attack a live King (its turn start would have eliminated it).
    refused::<P>(&with(&[("h4", "rR")], "r - - - 0 1"));
    pos::<P>(&with(&[("h4", "rR")], "b - - - 0 1"));
    // Fields.
    refused::<P>(&with(&[], "x - - - 0 1"));
    refused::<P>(&with(&[], "r - - - 0 0"));
    refused::<P>(&with(&[], "r - - - 0"));
}

// ---------------------------------------------------------------------------------------------
// Perft from the start
// ---------------------------------------------------------------------------------------------

pub fn perft_from_start<P: ScenePosition>() {
    let p = pos::<P>(P::START);
    // Depth 1: Red's 22 moves, derived piece by piece in `start_moves_for_red`.
    // Depth 2: each of Red's first moves leaves Blue's 22 (the rotation of Red's) untouched:
    // Red's moved piece lands on a6-d6, a7-d7, c6, d7 (left block, far from Blue), f1-f4, g1-g4,
    // f3, f1 or g4; Blue's moves use h1-h4, i1-i4 (west pawns j1-j4), k6-n6, k7-n7 (north pawns),
    // h4, i3, k7, l6 (Nj5); Blue's capture squares (i-file squares next to j1-j4, rank 6 next to
    // k5-n5, and the knight's targets) stay empty; no red piece on those squares attacks k4.
    // So 22 x 22 = 484.
    // Depth 3: Yellow's 22 (k9-n9, k8-n8, i11-i14, h11-h14, h11, i12, k8, l8) are out of reach of
    // one red and one blue move (Blue's farthest: rank 7 on k-n, or k7 / l6), and nothing
    // attacks k11: 22^3 = 10648.
    // Depth 4: Green's 22 (a9-d9, a8-d8, f11-f14, g11-g14, Ne10 to d8, c9, f12, g11) likewise:
    // Red's pieces reach rank 7 at most (a knight on d7 attacks c9 and e9, which only matters for
    // Green's King, on d11), Yellow's reach h11-h14, i11-i14, h11, i12 (not Green's targets, and
    // none attacks d11): 22^4 = 234256.
    let expected = [22u64, 484, 10648, 234256];
    for depth in 1..=4u32 {
        let t = Instant::now();
        let n = p.perft(depth);
        println!("{} perft({depth}) from START = {n} ({:.2?})", P::NAME, t.elapsed());
        assert_eq!(n, expected[depth as usize - 1], "depth {depth}");
    }
    // divide agrees with perft and lists the legal tokens.
    let d = p.divide(2);
    assert_eq!(d.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(), p.legal_moves());
    assert!(d.iter().all(|(_, n)| *n == 22));
}
