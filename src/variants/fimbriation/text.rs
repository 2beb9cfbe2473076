//! Position text and move tokens (protocol-docs/notation.md; the pawn-direction suffix and the pass are
//! readings documented in protocol-docs/notation.md).
//!
//! `<board> <seat> <castling> <en passant> <eliminated> <halfmove> <fullmove>`, the board ranks 14
//! down to 1, each rank's files a-n: `*` off the board, a number for a run of empty squares, a
//! piece as seat letter + piece letter (`rK`), a pawn optionally followed by its direction
//! (`rPw`) where that differs from its seat's own on that side of the seat's diagonal.

use super::board::{coord, is_square, name, square, square_at, Square, EAST, NORTH, SIDE, SOUTH, STEP, WEST};
use super::position::{
    castling, pawn_line_of, pawn_lines, pawn_misplaced, Arm, EnPassant, Fimbriation, Move, MoveKind, Piece,
    Role, SEATS, SEAT_LETTERS,
};
use crate::core::{Coord, Seat};
use std::fmt;

/// The start position (M2).
pub const START: &str = "***gRgP4yPyR***/***gBgP4yPyN***/***gQgP4yPyB***/gRgNgBgKgP4yPyKyQyByR/\
gPgPgPgPgN4yNyPyPyPyP/5****5/5****5/5****5/5****5/rPrPrPrPrN4bNbPbPbPbP/rRrBrQrKrP4bPbKbBbNbR/\
***rBrP4bPbQ***/***rNrP4bPbB***/***rRrP4bPbR*** r rKrQbKbQyKyQgKgQ - - 0 1";

/// A position text that was refused: the field, the offending token, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub field: &'static str,
    pub token: String,
    pub reason: &'static str,
}

impl SetupError {
    fn new(field: &'static str, token: &str, reason: &'static str) -> SetupError {
        SetupError { field, token: token.to_string(), reason }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {} '{}': {}", self.field, self.token, self.reason)
    }
}

impl std::error::Error for SetupError {}

pub fn seat_letter(seat: Seat) -> char {
    SEAT_LETTERS[seat.index()]
}

pub fn seat_from_letter(c: char) -> Option<Seat> {
    SEAT_LETTERS.iter().position(|&l| l == c).map(|i| Seat(i as u8))
}

const DIRECTION_LETTERS: [char; 4] = ['n', 'e', 's', 'w'];

/// The direction a pawn of `seat` on `sq` has when its text carries no suffix: the seat's own
/// direction on that side of its diagonal (Red: north above a1-n14, east below; the other seats
/// by rotation). `None` on the diagonal itself.
pub fn default_pawn_direction(seat: Seat, sq: Square) -> Option<usize> {
    let (x, y) = (coord(sq).file as i32 + 1, coord(sq).rank as i32 + 1);
    let (above, below) = match seat.index() {
        0 => ((y - x).signum(), (NORTH, EAST)),
        1 => ((x + y - 15).signum(), (NORTH, WEST)),
        2 => ((y - x).signum(), (WEST, SOUTH)),
        _ => ((x + y - 15).signum(), (EAST, SOUTH)),
    };
    match above {
        1 => Some(below.0),
        -1 => Some(below.1),
        _ => None,
    }
}

/// The text of one piece.
fn piece_text(p: Piece, sq: Square) -> String {
    let mut s = format!("{}{}", seat_letter(p.owner()), p.role().letter());
    if p.role() == Role::Pawn && default_pawn_direction(p.owner(), sq) != Some(p.direction()) {
        s.push(DIRECTION_LETTERS[p.direction()]);
    }
    s
}

impl Fimbriation {
    pub fn to_text(&self) -> String {
        let mut ranks = Vec::with_capacity(SIDE as usize);
        for rank in (0..SIDE).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..SIDE {
                let sq = square(file, rank);
                let on = is_square(sq as usize);
                if (!on || self.board[sq as usize].is_some()) && empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                match self.board[sq as usize] {
                    _ if !on => s.push('*'),
                    None => empty += 1,
                    Some(p) => s.push_str(&piece_text(p, sq)),
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let mut rights = String::new();
        for seat in 0..SEATS as u8 {
            for arm in Arm::BOTH {
                if self.castling & arm.bit(Seat(seat)) != 0 {
                    rights.push(seat_letter(Seat(seat)));
                    rights.push(arm.letter());
                }
            }
        }
        let ep: Vec<String> = (0..SEATS as u8)
            .filter_map(|s| {
                self.en_passant[s as usize].map(|e| format!("{}{}", seat_letter(Seat(s)), name(e.skipped)))
            })
            .collect();
        let eliminated: String = self.eliminated.iter().map(|&s| seat_letter(s)).collect();
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        format!(
            "{} {} {} {} {} {} {}",
            ranks.join("/"),
            seat_letter(self.to_move),
            dash(rights),
            dash(ep.join(",")),
            dash(eliminated),
            self.halfmove,
            self.fullmove
        )
    }

    pub fn from_text(text: &str) -> Result<Fimbriation, SetupError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 {
            return Err(SetupError::new("position", text.trim(), "expected 7 fields"));
        }
        let seat_token = fields[1];
        let to_move = match seat_token.chars().collect::<Vec<_>>()[..] {
            [c] => seat_from_letter(c),
            _ => None,
        }
        .ok_or_else(|| SetupError::new("seat to move", seat_token, "expected r, b, y or g"))?;
        let mut pos = Fimbriation::empty(to_move);
        read_board(&mut pos, fields[0])?;

        // Eliminated seats first: the King checks depend on them.
        let elim = fields[4];
        if elim != "-" {
            for c in elim.chars() {
                let seat = seat_from_letter(c).ok_or_else(|| {
                    SetupError::new("eliminated seats", elim, "expected seat letters or '-'")
                })?;
                if pos.eliminated.contains(&seat) || pos.eliminated.is_full() {
                    return Err(SetupError::new("eliminated seats", elim, "a seat is listed twice"));
                }
                pos.eliminated.push(seat);
            }
            if pos.eliminated.len() == SEATS {
                return Err(SetupError::new("eliminated seats", elim, "every seat is eliminated"));
            }
        }
        let mut kings = [0usize; SEATS];
        let mut owns = [false; SEATS];
        for p in pos.board.iter().flatten() {
            owns[p.owner().index()] = true;
            if p.role() == Role::King {
                kings[p.owner().index()] += 1;
            }
        }
        for seat in 0..SEATS {
            let letter = SEAT_LETTERS[seat].to_string();
            if pos.eliminated.contains(&Seat(seat as u8)) {
                if owns[seat] {
                    return Err(SetupError::new("board", &letter, "an eliminated seat still has pieces"));
                }
            } else if kings[seat] != 1 {
                return Err(SetupError::new("board", &letter, "every live seat needs exactly one King"));
            }
        }
        if !pos.is_live(to_move) {
            return Err(SetupError::new("seat to move", seat_token, "that seat is eliminated"));
        }

        let rights = fields[2];
        if rights != "-" {
            let chars: Vec<char> = rights.chars().collect();
            if chars.len() % 2 != 0 || chars.is_empty() {
                return Err(SetupError::new(
                    "castling",
                    rights,
                    "expected seat letter + K or Q pairs, or '-'",
                ));
            }
            for pair in chars.chunks(2) {
                let seat = seat_from_letter(pair[0]);
                let arm = match pair[1] {
                    'K' => Some(Arm::King),
                    'Q' => Some(Arm::Queen),
                    _ => None,
                };
                let (Some(seat), Some(arm)) = (seat, arm) else {
                    return Err(SetupError::new(
                        "castling",
                        rights,
                        "expected seat letter + K or Q pairs, or '-'",
                    ));
                };
                let bit = arm.bit(seat);
                if pos.castling & bit != 0 {
                    return Err(SetupError::new("castling", rights, "a right is listed twice"));
                }
                let c = castling(seat, arm);
                let home = |sq: Square, role: Role| {
                    pos.board[sq as usize].is_some_and(|p| p.owner() == seat && p.role() == role)
                };
                if !home(c.king_from, Role::King) || !home(c.rook_from, Role::Rook) {
                    return Err(SetupError::new(
                        "castling",
                        rights,
                        "the King or Rook of that right is not at home",
                    ));
                }
                pos.castling |= bit;
            }
        }

        let ep_field = fields[3];
        if ep_field != "-" {
            for entry in ep_field.split(',') {
                let mut chars = entry.chars();
                let seat = chars.next().and_then(seat_from_letter);
                let skipped = chars.as_str().parse::<Coord>().ok().and_then(square_at);
                let (Some(seat), Some(skipped)) = (seat, skipped) else {
                    return Err(SetupError::new("en passant", entry, "expected <seat><square>"));
                };
                if seat == to_move {
                    return Err(SetupError::new(
                        "en passant",
                        entry,
                        "the seat to move has no entry: it ended when its turn began",
                    ));
                }
                if pos.en_passant[seat.index()].is_some() {
                    return Err(SetupError::new("en passant", entry, "a seat has one entry at most"));
                }
                if pos.board[skipped as usize].is_some() {
                    return Err(SetupError::new("en passant", entry, "the skipped square is occupied"));
                }
                // The pawn that two-stepped over `skipped`: one step beyond it, moving away from it,
                // having started one step before it.
                let landing = [NORTH, EAST, SOUTH, WEST].into_iter().find_map(|dir| {
                    let landing = STEP[skipped as usize][dir];
                    let p = pos.board.get(landing as usize).copied().flatten()?;
                    let (start, _) = pawn_lines(dir);
                    let from = STEP[skipped as usize][super::position::opposite(dir)];
                    let ok = p.role() == Role::Pawn
                        && p.owner() == seat
                        && p.direction() == dir
                        && from != super::board::NO_SQUARE
                        && pawn_line_of(dir, from) == start;
                    ok.then_some(landing)
                });
                let Some(landing) = landing else {
                    return Err(SetupError::new(
                        "en passant",
                        entry,
                        "no pawn of that seat two-stepped over it",
                    ));
                };
                pos.en_passant[seat.index()] = Some(EnPassant { skipped, landing });
            }
        }

        pos.halfmove = fields[5]
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 100_000)
            .ok_or_else(|| SetupError::new("halfmove clock", fields[5], "expected a number of plies"))?;
        pos.fullmove = fields[6]
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=1_000_000).contains(&n))
            .ok_or_else(|| SetupError::new("fullmove number", fields[6], "expected a number from 1"))?;

        let us = to_move;
        for seat in 0..SEATS as u8 {
            let them = Seat(seat);
            if them != us && pos.king(them).is_some_and(|k| pos.attacked(k, |o| o == us)) {
                return Err(SetupError::new(
                    "seat to move",
                    seat_token,
                    "it attacks a live King, which M7 removes before its move: give the seat before it",
                ));
            }
        }
        pos.finish();
        debug_assert_eq!(pos.check_invariants(), Ok(()));
        Ok(pos)
    }

    /// The canonical token of a legal move.
    pub fn move_token(&self, m: Move) -> String {
        if m.kind == MoveKind::Pass {
            return "pass".to_string();
        }
        let mut s = format!("{}{}", name(m.from), name(m.to));
        if let Some(r) = m.promotion {
            s.push(r.letter().to_ascii_lowercase());
        }
        s
    }
}

/// Reads the board field into `pos`.
fn read_board(pos: &mut Fimbriation, board: &str) -> Result<(), SetupError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIDE as usize {
        return Err(SetupError::new("board", board, "expected 14 ranks joined by '/'"));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = SIDE - 1 - i as u8;
        let bad = |reason| SetupError::new("rank", text, reason);
        let chars: Vec<char> = text.chars().collect();
        let mut file: usize = 0;
        let mut at = 0;
        while at < chars.len() {
            let c = chars[at];
            if file >= SIDE as usize {
                return Err(bad("more than 14 files"));
            }
            let sq = square(file as u8, rank);
            if c == '*' {
                if is_square(sq as usize) {
                    return Err(bad("'*' on a square of the board"));
                }
                file += 1;
                at += 1;
            } else if c.is_ascii_digit() {
                let digits: String = chars[at..].iter().take_while(|c| c.is_ascii_digit()).collect();
                at += digits.len();
                let run: usize = digits.parse().map_err(|_| bad("bad number"))?;
                // Compared without adding: a huge number must not wrap around.
                if run == 0 || digits.starts_with('0') || run > SIDE as usize - file {
                    return Err(bad("an empty run of 0, with a leading zero, or past the last file"));
                }
                for f in file..file + run {
                    if !is_square(square(f as u8, rank) as usize) {
                        return Err(bad("an empty run over a square that is not on the board"));
                    }
                }
                file += run;
            } else {
                let seat =
                    seat_from_letter(c).ok_or_else(|| bad("expected '*', a number or a seat letter"))?;
                let role = chars
                    .get(at + 1)
                    .filter(|c| c.is_ascii_uppercase())
                    .and_then(|&c| Role::from_letter(c))
                    .ok_or_else(|| bad("a seat letter must be followed by K, Q, R, B, N or P"))?;
                at += 2;
                if !is_square(sq as usize) {
                    return Err(bad("a piece on a square that is not on the board"));
                }
                let mut dir = 0;
                if role == Role::Pawn {
                    let suffix = chars.get(at).and_then(|c| DIRECTION_LETTERS.iter().position(|d| d == c));
                    if suffix.is_some() {
                        at += 1;
                    }
                    dir = suffix.or_else(|| default_pawn_direction(seat, sq)).ok_or_else(|| {
                        bad("a pawn on its seat's diagonal needs a direction (n, e, s or w)")
                    })?;
                    if pawn_misplaced(dir, sq) {
                        return Err(bad("a pawn behind its start line or on its promotion line"));
                    }
                }
                pos.place(sq, Piece::new(seat, role, dir));
                file += 1;
            }
        }
        if file != SIDE as usize {
            return Err(bad("the rank does not cover 14 files"));
        }
    }
    Ok(())
}
