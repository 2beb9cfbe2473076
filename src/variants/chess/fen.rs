//! FEN: reading with typed errors that name the offending token, and writing.
//!
//! Accepted: the six standard fields; the two move counters may be left out (EPD style, taken as
//! `0 1`). Rejected, each with its own error: a wrong field count, a malformed board, side,
//! castling, en passant or counter field, and positions that break the invariants of
//! [`Position`] (kings, pawns on the back ranks, the side not to move in check, castling rights
//! without their pieces, an en passant square that no double step could have made).
//! An en passant square that is well formed but admits no legal capture is dropped, so the key
//! and the written FEN are canonical.

use super::armies::{self, Armies, Army};
use super::bitboard::{Bitboard, Square};
use super::position::{CastlingRights, Color, Piece, Position, Role, CASTLINGS};
use super::rules::Rules;
use std::fmt;

/// Why a FEN was rejected. Every variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 whitespace-separated fields (`token` is the whole text).
    FieldCount { found: usize, token: String },
    /// The board field does not have 8 ranks.
    RankCount { board: String },
    /// A rank that does not describe exactly 8 squares.
    RankLength { rank: String },
    /// A character that is not a piece letter or a digit 1-8.
    PieceChar { rank: String, found: char },
    /// The side to move is not `w` or `b`.
    Side { token: String },
    /// The castling field is not `-` or a duplicate-free subset of `KQkq`.
    Castling { token: String },
    /// The en passant field is not `-` or a square.
    EnPassant { token: String },
    /// The halfmove clock is not a non-negative number.
    HalfmoveClock { token: String },
    /// The fullmove number is not a positive number.
    FullmoveNumber { token: String },
    /// A side has no royal piece (`K`) or several (`token` is the board field).
    KingCount { color: Color, token: String },
    /// A pawn on the first or last rank (`token` is its square).
    PawnOnBackRank { token: String },
    /// The side that is not to move is in check.
    OpponentInCheck { token: String },
    /// A castling right whose king or rook is not on its original square (`token` is the letter).
    CastlingWithoutPieces { token: String },
    /// An en passant square that no double step of the last move could have made.
    ImpossibleEnPassant { token: String },
    /// An armies field (`clobberers/nutty`) that names no armies, or one in a variant without
    /// armies.
    Armies { token: String },
    /// A piece that belongs to neither army (`token` is its letter and square, `Ma1`).
    PieceNotInArmies { token: String, armies: String },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found, token } => {
                write!(f, "FEN '{token}' has {found} fields, expected 4 to 6")
            }
            FenError::RankCount { board } => write!(f, "FEN board '{board}' does not have 8 ranks"),
            FenError::RankLength { rank } => write!(f, "FEN rank '{rank}' does not have 8 squares"),
            FenError::PieceChar { rank, found } => {
                write!(f, "FEN rank '{rank}' has invalid character '{found}'")
            }
            FenError::Side { token } => {
                write!(f, "invalid side to move '{token}' (expected w or b)")
            }
            FenError::Castling { token } => write!(f, "invalid castling field '{token}'"),
            FenError::EnPassant { token } => write!(f, "invalid en passant field '{token}'"),
            FenError::HalfmoveClock { token } => write!(f, "invalid halfmove clock '{token}'"),
            FenError::FullmoveNumber { token } => write!(f, "invalid fullmove number '{token}'"),
            FenError::KingCount { color, token } => {
                write!(
                    f,
                    "board '{token}' must have exactly one {} king",
                    if *color == Color::White { "white" } else { "black" }
                )
            }
            FenError::PawnOnBackRank { token } => write!(f, "pawn on back rank square '{token}'"),
            FenError::OpponentInCheck { token } => {
                write!(f, "side not to move is in check (side field '{token}')")
            }
            FenError::CastlingWithoutPieces { token } => {
                write!(f, "castling right '{token}' without king and rook on their original squares")
            }
            FenError::ImpossibleEnPassant { token } => {
                write!(f, "impossible en passant square '{token}'")
            }
            FenError::Armies { token } => write!(
                f,
                "invalid armies field '{token}' (expected <white>/<black> from fide, clobberers, nutty, rookies, in cwda, firefighter, tirebiter or nickdanger)"
            ),
            FenError::PieceNotInArmies { token, armies } => {
                write!(f, "piece '{token}' belongs to neither army ({armies})")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// The standard start position.
pub const START_FEN: &str = <super::rules::Fide as Rules>::START_FEN;

fn parse_board<R: Rules>(board: &str, pos: &mut Position<R>) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { board: board.to_string() });
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let too_long = || FenError::RankLength { rank: rank_text.to_string() };
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(too_long());
                }
            } else if let Some(piece) = Piece::from_letter(c).filter(|p| {
                c.is_ascii_alphabetic()
                    && (R::COMMONER || p.role != Role::Commoner)
                    && (R::ARMIES || !p.role.is_army_piece())
            }) {
                if file >= 8 {
                    return Err(too_long());
                }
                pos.put(Square::from_file_rank(file, rank), piece);
                file += 1;
            } else {
                return Err(FenError::PieceChar { rank: rank_text.to_string(), found: c });
            }
        }
        if file != 8 {
            return Err(too_long());
        }
    }
    Ok(())
}

fn parse_castling(token: &str) -> Result<CastlingRights, FenError> {
    read_castling(token).map(CastlingRights).ok_or_else(|| FenError::Castling { token: token.to_string() })
}

/// Reads a castling field (`-` or a duplicate-free subset of `KQkq`) as right bits; shared by
/// every 8x8 variant's position text.
pub fn read_castling(token: &str) -> Option<u8> {
    if token == "-" {
        return Some(0);
    }
    let mut rights = 0u8;
    for ch in token.chars() {
        let c = CASTLINGS.iter().find(|c| c.letter == ch)?;
        if rights & c.right != 0 {
            return None;
        }
        rights |= c.right;
    }
    Some(rights)
}

/// Reads a move counter: digits only (no sign, no spaces), at least `min`, within `u32`.
pub fn read_counter(token: &str, min: u32) -> Option<u32> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<u32>().ok().filter(|&n| n >= min)
}

fn parse_counter(token: &str, min: u32, err: impl Fn() -> FenError) -> Result<u32, FenError> {
    read_counter(token, min).ok_or_else(err)
}

/// Reads a FEN into a validated position.
pub fn parse<R: Rules>(fen: &str) -> Result<Position<R>, FenError> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let armies = match split_armies(&mut fields) {
        Some(token) if !R::ARMIES => return Err(FenError::Armies { token: token.to_string() }),
        Some(token) => Army::parse_pair(token).map_err(|_| FenError::Armies { token: token.to_string() })?,
        None => [Army::Fide; 2],
    };
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount { found: fields.len(), token: fen.trim().to_string() });
    }
    let mut pos = Position::<R>::empty();
    pos.set_armies(armies);
    parse_board(fields[0], &mut pos)?;
    check_armies(&pos)?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Side { token: other.to_string() }),
    };
    pos.set_turn(turn);
    let rights = parse_castling(fields[2])?;
    let ep = match fields[3] {
        "-" => None,
        token => Some(token.parse::<Square>().map_err(|_| FenError::EnPassant { token: token.to_string() })?),
    };
    if let Some(token) = fields.get(4) {
        pos.halfmove_clock =
            parse_counter(token, 0, || FenError::HalfmoveClock { token: token.to_string() })?;
    }
    if let Some(token) = fields.get(5) {
        pos.fullmove_number =
            parse_counter(token, 1, || FenError::FullmoveNumber { token: token.to_string() })?;
    }

    for color in [Color::White, Color::Black] {
        if pos.pieces(color, Role::King).count() != 1 {
            return Err(FenError::KingCount { color, token: fields[0].to_string() });
        }
    }
    if let Some(sq) = (pos.role_bb(Role::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).next() {
        return Err(FenError::PawnOnBackRank { token: sq.to_string() });
    }
    let them = !turn;
    if (pos.attackers_to(pos.king(them), pos.occupied()) & pos.color_bb(turn)).nonempty() {
        return Err(FenError::OpponentInCheck { token: fields[1].to_string() });
    }
    for c in CASTLINGS.iter().filter(|c| rights.has(c)) {
        let corner = armies::corner(armies[c.color as usize]);
        if pos.piece_at(c.king_from) != Some(Piece { color: c.color, role: Role::King })
            || pos.piece_at(c.rook_from) != Some(Piece { color: c.color, role: corner })
        {
            return Err(FenError::CastlingWithoutPieces { token: c.letter.to_string() });
        }
    }
    pos.set_castling(rights);
    if let Some(ep) = ep {
        // The last move must have been a double step over `ep`: the pawn beyond it, the start
        // square and `ep` itself empty.
        // (The rank test comes first: only then are the neighbouring squares on the board.)
        let possible = ep.rank() == turn.relative_rank(5)
            && pos.piece_at(ep.offset(them.forward())) == Some(Piece { color: them, role: Role::Pawn })
            && pos.piece_at(ep).is_none()
            && pos.piece_at(ep.offset(-them.forward())).is_none();
        if !possible {
            return Err(FenError::ImpossibleEnPassant { token: fields[3].to_string() });
        }
        pos.set_ep_if_capturable(ep);
    }
    Ok(pos)
}

/// Takes the armies field (A4) off the end of a position text's fields, if there is one: the
/// last field after the board that holds a `/` (shared by every 8x8 variant's position text).
pub fn split_armies<'a>(fields: &mut Vec<&'a str>) -> Option<&'a str> {
    if fields.len() > 1 && fields.last().is_some_and(|f| f.contains('/')) {
        fields.pop()
    } else {
        None
    }
}

/// The armies field to append to a position text: empty for FIDE v FIDE.
pub fn armies_suffix(armies: Armies) -> String {
    if armies == [Army::Fide; 2] {
        String::new()
    } else {
        format!(" {}", Army::write_pair(armies))
    }
}

/// Every piece on the board must be a Pawn, a King or a type of either army (A1, A2).
fn check_armies<R: Rules>(pos: &Position<R>) -> Result<(), FenError> {
    if !R::ARMIES {
        return Ok(());
    }
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            if !armies::in_game(p.role, pos.armies()) {
                return Err(FenError::PieceNotInArmies {
                    token: format!("{}{sq}", p.letter()),
                    armies: Army::write_pair(pos.armies()),
                });
            }
        }
    }
    Ok(())
}

/// Writes the position as FEN (all six fields).
pub fn write<R: Rules>(pos: &Position<R>) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.piece_at(Square::from_file_rank(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(p.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if pos.turn() == Color::White { 'w' } else { 'b' });
    out.push(' ');
    let rights = pos.castling_rights();
    if rights.0 == 0 {
        out.push('-');
    }
    for c in CASTLINGS.iter().filter(|c| rights.has(c)) {
        out.push(c.letter);
    }
    out.push(' ');
    match pos.ep_square() {
        Some(ep) => out.push_str(&ep.to_string()),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmove_clock(), pos.fullmove_number()));
    out.push_str(&armies_suffix(pos.armies()));
    out
}
