//! Position text (protocol-docs/notation.md): FEN with a letter on every square a piece occupies, an en passant
//! field that may list several squares, and a seventh field grouping each Tirebiter piece's
//! squares.

use super::position::{TirebiterPosition, Unit, CASTLINGS};
use super::rules::Rules;
use crate::variants::chess::armies;
use crate::variants::chess::fen::armies_suffix;
use crate::variants::chess::{Bitboard, Color, Role, Square};
use crate::variants::fields::{self, FieldError};
use std::fmt;

/// Why a Tirebiter position text was rejected; each variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A field rejected as in every such position text (not 4 to 7 fields, ...).
    Field(FieldError),
    PieceChar {
        rank: String,
        found: char,
    },
    /// A group that is not two or more squares holding one kind of piece, or a square in two
    /// groups, or a pawn group on several ranks.
    Group {
        token: String,
    },
    PawnOnBackRank {
        token: String,
    },
    OpponentInCheck {
        token: String,
    },
    CastlingWithoutPieces {
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
            SetupError::PieceChar { rank, found } => {
                write!(f, "rank '{rank}' has invalid character '{found}'")
            }
            SetupError::Group { token } => write!(f, "invalid Tirebiter group '{token}'"),
            SetupError::PawnOnBackRank { token } => write!(f, "pawn on back rank square '{token}'"),
            SetupError::OpponentInCheck { token } => {
                write!(f, "side not to move is in check (side field '{token}')")
            }
            SetupError::CastlingWithoutPieces { token } => {
                write!(f, "castling right '{token}' without a normal king and rook at home")
            }
        }
    }
}

impl std::error::Error for SetupError {}

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn squares_list(token: &str) -> Option<Vec<Square>> {
    token.split(',').map(|s| s.parse::<Square>().ok()).collect()
}

pub fn parse<R: Rules>(text: &str) -> Result<TirebiterPosition<R>, SetupError> {
    let (fields, armies) = fields::split(text, 7)?;
    // The letters of the board.
    let mut letters: [Option<(Color, Role)>; 64] = [None; 64];
    for (rank, rank_text) in fields::ranks(fields[0])? {
        let mut file = 0u8;
        let too_long = || SetupError::from(FieldError::RankLength { rank: rank_text.to_string() });
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(too_long());
                }
            } else if let Some(role) =
                Role::from_letter(c).filter(|&r| c.is_ascii_alphabetic() && r != Role::Commoner)
            {
                if file >= 8 {
                    return Err(too_long());
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                letters[Square::from_file_rank(file, rank).index()] = Some((color, role));
                file += 1;
            } else {
                return Err(SetupError::PieceChar { rank: rank_text.to_string(), found: c });
            }
        }
        if file != 8 {
            return Err(too_long());
        }
    }
    // A1, A2: every piece is a Pawn, a King or a type of either army.
    for square in Square::all() {
        if let Some((color, role)) =
            letters[square.index()].filter(|&(_, role)| !armies::in_game(role, armies))
        {
            let letter = if color == Color::White { role.upper() } else { role.upper().to_ascii_lowercase() };
            return Err(FieldError::not_in_armies(letter, square, armies).into());
        }
    }
    let mut pos = TirebiterPosition::<R>::empty();
    pos.armies = armies;
    // The groups, then every other letter as a normal piece.
    let mut grouped = Bitboard::EMPTY;
    if let Some(&groups) = fields.get(6).filter(|&&g| g != "-") {
        for group in groups.split(';') {
            let bad = || SetupError::Group { token: group.to_string() };
            let squares = squares_list(group).ok_or_else(bad)?;
            let set = squares.iter().fold(Bitboard::EMPTY, |b, s| b | s.bb());
            if squares.len() < 2 || set.count() != squares.len() || (set & grouped).nonempty() {
                return Err(bad());
            }
            let kind = letters[squares[0].index()].ok_or_else(bad)?;
            if squares.iter().any(|s| letters[s.index()] != Some(kind)) {
                return Err(bad());
            }
            if kind.1 == Role::Pawn && squares.iter().any(|s| s.rank() != squares[0].rank()) {
                return Err(bad());
            }
            grouped |= set;
            pos.put(Unit { color: kind.0, role: kind.1, squares: set });
        }
    }
    for square in Square::all() {
        if let (Some((color, role)), false) = (letters[square.index()], grouped.has(square)) {
            if !pos.put(Unit { color, role, squares: square.bb() }) {
                return Err(SetupError::Group { token: "more than 32 pieces".to_string() });
            }
        }
    }
    pos.side = fields::read_side(fields[1])?;
    pos.castling = fields::read_castling(fields[2])?;
    (pos.halfmove, pos.fullmove) = fields::read_counters(&fields)?;
    for color in [Color::White, Color::Black] {
        if pos.units().filter(|(_, u)| u.color == color && u.role == Role::King).count() != 1 {
            return Err(FieldError::KingCount { color, token: fields[0].to_string() }.into());
        }
    }
    for (_, u) in pos.units() {
        if u.role == Role::Pawn {
            if let Some(s) = u.squares.into_iter().find(|s| s.rank() == 0 || s.rank() == 7) {
                return Err(SetupError::PawnOnBackRank { token: s.to_string() });
            }
        }
    }
    for c in &CASTLINGS {
        if pos.castling & c.right == 0 {
            continue;
        }
        let normal = |s: Square, role: Role| {
            pos.unit_at(s).is_some_and(|(_, u)| u.color == c.color && u.role == role && !u.is_tirebiter())
        };
        if !normal(c.king_from, Role::King) || !normal(c.rook_from, armies::corner(armies[c.color as usize]))
        {
            return Err(SetupError::CastlingWithoutPieces { token: c.letter.to_string() });
        }
    }
    if pos.king_in_check(!pos.side) {
        return Err(SetupError::OpponentInCheck { token: fields[1].to_string() });
    }
    if fields[3] != "-" {
        let token = fields[3];
        let squares =
            squares_list(token).ok_or_else(|| FieldError::EnPassant { token: token.to_string() })?;
        let them = !pos.side;
        let (rank, step) = if them == Color::White { (2u8, 1i8) } else { (5u8, -1i8) };
        for ep in squares {
            let ok = ep.rank() == rank && !pos.occupied().has(ep) && {
                let pawn = super::position::offset(ep, 0, step);
                let start = super::position::offset(ep, 0, -step);
                pawn.and_then(|p| pos.unit_at(p))
                    .is_some_and(|(_, u)| u.color == them && u.role == Role::Pawn)
                    && start.is_some_and(|s| !pos.occupied().has(s))
            };
            if !ok {
                return Err(FieldError::ImpossibleEnPassant { token: ep.to_string() }.into());
            }
            pos.en_passant |= ep.bb();
        }
    }
    pos.key = pos.compute_key();
    pos.canonicalise_en_passant();
    Ok(pos)
}

/// The squares of a set, comma-joined in lexicographic order.
pub fn square_list(squares: Bitboard) -> String {
    let mut names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    names.sort();
    names.join(",")
}

pub fn write<R: Rules>(pos: &TirebiterPosition<R>) -> String {
    let ep = if pos.en_passant.is_empty() { "-".to_string() } else { square_list(pos.en_passant) };
    let board = fields::write_fen(
        |square| pos.unit_at(square).map(|(_, u)| u.letter()),
        pos.side,
        pos.castling,
        &ep,
        (pos.halfmove, pos.fullmove),
    );
    let mut groups: Vec<String> =
        pos.units().filter(|(_, u)| u.is_tirebiter()).map(|(_, u)| square_list(u.squares)).collect();
    groups.sort();
    let groups = if groups.is_empty() { "-".to_string() } else { groups.join(";") };
    format!("{board} {groups}{}", armies_suffix(pos.armies))
}
