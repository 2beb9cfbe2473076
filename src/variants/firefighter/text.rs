//! Position text (protocol-docs/notation.md): FEN with crowds in parentheses, the
//! `!` and `~` marks, a seventh field for unused arson rights and an optional eighth for lost
//! Firefighters.

use super::piece::Piece;
use super::position::{FireFighter, CASTLINGS, MAX_PIECES};
use crate::variants::chess::armies;
use crate::variants::chess::fen::armies_suffix;
use crate::variants::chess::{Color, Role, Square};
use crate::variants::fields::{self, FieldError};
use std::fmt;

/// Why a FireFighter position text was rejected. Each variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A field rejected as in every such position text (not 4 to 8 fields, ...).
    Field(FieldError),
    /// A character or group that is not a piece entry, a digit or a parenthesised group.
    BadEntry {
        rank: String,
        token: String,
    },
    Arson {
        token: String,
    },
    Lost {
        token: String,
    },
    TooManyPieces {
        token: String,
    },
    /// Two declared Firefighters of one side, or one of a side whose Firefighter is lost.
    Firefighter {
        token: String,
    },
    CastlingWithoutPieces {
        token: String,
    },
    /// The side not to move has its King threatened (F8).
    OpponentInCheck {
        token: String,
    },
}

impl From<FieldError> for SetupError {
    fn from(e: FieldError) -> Self {
        SetupError::Field(e)
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Field(e) => e.fmt(f),
            SetupError::BadEntry { rank, token } => {
                write!(f, "rank '{rank}' has invalid piece entry '{token}'")
            }
            SetupError::Arson { token } => {
                write!(f, "invalid arson field '{token}' (expected Aa, A, a or -)")
            }
            SetupError::Lost { token } => {
                write!(f, "invalid lost-Firefighter field '{token}' (expected Ff, F, f or -)")
            }
            SetupError::TooManyPieces { token } => {
                write!(f, "board '{token}' has more than {MAX_PIECES} pieces")
            }
            SetupError::Firefighter { token } => write!(f, "impossible Firefighter mark '{token}'"),
            SetupError::CastlingWithoutPieces { token } => {
                write!(f, "castling right '{token}' without its king and one rook at home")
            }
            SetupError::OpponentInCheck { token } => {
                write!(f, "the king of the side not to move can be taken (side field '{token}')")
            }
        }
    }
}

impl std::error::Error for SetupError {}

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Aa";

fn parse_board(board: &str, pos: &mut FireFighter) -> Result<(), SetupError> {
    for (rank, rank_text) in fields::ranks(board)? {
        let mut file = 0u8;
        let too_long = || SetupError::from(FieldError::RankLength { rank: rank_text.to_string() });
        let bad =
            |token: &str| SetupError::BadEntry { rank: rank_text.to_string(), token: token.to_string() };
        let mut rest = rank_text;
        while let Some(c) = rest.chars().next() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(too_long());
                }
                rest = &rest[1..];
                continue;
            }
            if file >= 8 {
                return Err(too_long());
            }
            let square = Square::from_file_rank(file, rank);
            if c == '(' {
                let close = rest.find(')').ok_or_else(|| bad(rest))?;
                let group = &rest[1..close];
                let mut inner = group;
                if inner.is_empty() {
                    return Err(bad(&rest[..=close]));
                }
                while !inner.is_empty() {
                    let (piece, used) = Piece::parse_entry(inner).ok_or_else(|| bad(&rest[..=close]))?;
                    put(pos, square, piece, board)?;
                    inner = &inner[used..];
                }
                rest = &rest[close + 1..];
            } else {
                let (piece, used) = Piece::parse_entry(rest).ok_or_else(|| bad(&rest[..c.len_utf8()]))?;
                put(pos, square, piece, board)?;
                rest = &rest[used..];
            }
            file += 1;
        }
        if file != 8 {
            return Err(too_long());
        }
    }
    Ok(())
}

fn put(pos: &mut FireFighter, square: Square, piece: Piece, board: &str) -> Result<(), SetupError> {
    if pos.pieces.is_full() {
        return Err(SetupError::TooManyPieces { token: board.to_string() });
    }
    pos.add(square, piece);
    Ok(())
}

/// Parses a pair field (`Aa`, `A`, `a`, `-`) into flags by colour.
fn parse_pair(token: &str, upper: char) -> Option<[bool; 2]> {
    let lower = upper.to_ascii_lowercase();
    match token {
        "-" => Some([false, false]),
        t if t == format!("{upper}{lower}") => Some([true, true]),
        t if t == upper.to_string() => Some([true, false]),
        t if t == lower.to_string() => Some([false, true]),
        _ => None,
    }
}

fn write_pair(flags: [bool; 2], upper: char) -> String {
    let mut s = String::new();
    if flags[0] {
        s.push(upper);
    }
    if flags[1] {
        s.push(upper.to_ascii_lowercase());
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

pub fn parse(text: &str) -> Result<FireFighter, SetupError> {
    let (fields, armies) = fields::split(text, 8)?;
    let mut pos = FireFighter::empty();
    pos.set_armies(armies);
    parse_board(fields[0], &mut pos)?;
    pos.side = fields::read_side(fields[1])?;
    pos.castling = fields::read_castling(fields[2])?;
    let en_passant = match fields[3] {
        "-" => None,
        token => {
            Some(token.parse::<Square>().map_err(|_| FieldError::EnPassant { token: token.to_string() })?)
        }
    };
    (pos.halfmove, pos.fullmove) = fields::read_counters(&fields)?;
    pos.arson = match fields.get(6) {
        Some(token) => {
            parse_pair(token, 'A').ok_or_else(|| SetupError::Arson { token: token.to_string() })?
        }
        None => [true, true],
    };
    pos.lost = match fields.get(7) {
        Some(token) => parse_pair(token, 'F').ok_or_else(|| SetupError::Lost { token: token.to_string() })?,
        None => [false, false],
    };
    pos.refresh();

    for color in [Color::White, Color::Black] {
        let kings =
            pos.pieces.iter().filter(|p| p.piece.color() == color && p.piece.role() == Role::King).count();
        if kings != 1 {
            return Err(FieldError::KingCount { color, token: fields[0].to_string() }.into());
        }
        let marked =
            pos.pieces.iter().filter(|p| p.piece.color() == color && p.piece.is_firefighter()).count();
        if marked > 1 || (marked == 1 && pos.lost[color as usize]) {
            return Err(SetupError::Firefighter { token: fields[0].to_string() });
        }
    }
    // A1, A2: every piece is a Pawn, a King or a type of either army (a rescued piece keeps its
    // type, so either colour may hold either army's types).
    if let Some(p) = pos.pieces.iter().find(|p| !armies::in_game(p.piece.role(), armies)) {
        return Err(FieldError::not_in_armies(p.piece.letter(), p.square, armies).into());
    }
    for c in &CASTLINGS {
        if pos.castling & c.right == 0 {
            continue;
        }
        let own = |p: &Piece| p.color() == c.color;
        let corner = armies::corner(armies[c.color as usize]);
        let king_home = pos.crowd(c.king_from).any(|p| own(&p) && p.role() == Role::King && !p.is_burning());
        let rooks: Vec<Piece> = pos.crowd(c.rook_from).filter(|p| own(p) && p.role() == corner).collect();
        if !king_home || rooks.len() != 1 || rooks[0].is_burning() {
            return Err(SetupError::CastlingWithoutPieces { token: c.letter.to_string() });
        }
    }
    if pos.king_threatened(!pos.side) {
        return Err(SetupError::OpponentInCheck { token: fields[1].to_string() });
    }
    if let Some(ep) = en_passant {
        // The pawn that just made a two-step stands alone beyond `ep` (a pawn steps only to
        // empty squares), with `ep` empty. Its start square may still hold the rest of a crowd
        // the pawn stepped out of.
        let them = !pos.side;
        let (ep_rank, step): (u8, i8) = if them == Color::White { (2, 8) } else { (5, -8) };
        let ok = ep.rank() == ep_rank && {
            let pawn_square = ep.offset(step);
            let mut crowd = pos.crowd(pawn_square);
            let lone_pawn = matches!((crowd.next(), crowd.next()),
                (Some(p), None) if p.color() == them && p.role() == Role::Pawn);
            lone_pawn && !pos.occupied().has(ep)
        };
        if !ok {
            return Err(FieldError::ImpossibleEnPassant { token: fields[3].to_string() }.into());
        }
        pos.en_passant = Some(ep);
    }
    pos.key = pos.compute_key();
    pos.canonicalise_en_passant();
    Ok(pos)
}

/// The entries on `square`, sorted by byte order, as the board field shows them.
pub fn square_text(pos: &FireFighter, square: Square) -> Option<String> {
    let mut entries: Vec<String> = pos.crowd(square).map(|p| p.to_string()).collect();
    entries.sort();
    match entries.len() {
        0 => None,
        1 => entries.pop(),
        _ => Some(format!("({})", entries.concat())),
    }
}

pub fn write(pos: &FireFighter) -> String {
    let ep = pos.en_passant.map_or("-".to_string(), |s| s.to_string());
    let mut text = fields::write_fen(
        |square| square_text(pos, square),
        pos.side,
        pos.castling,
        &ep,
        (pos.halfmove, pos.fullmove),
    );
    text.push(' ');
    text.push_str(&write_pair(pos.arson, 'A'));
    if pos.lost.iter().any(|&l| l) {
        text.push(' ');
        text.push_str(&write_pair(pos.lost, 'F'));
    }
    text.push_str(&armies_suffix(pos.armies));
    text
}
