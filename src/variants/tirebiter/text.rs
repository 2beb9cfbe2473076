//! Position text (protocol-docs/notation.md): FEN with a letter on every square a piece occupies, an en passant
//! field that may list several squares, and a seventh field grouping each Tirebiter piece's
//! squares.

use super::position::{TirebiterPosition, Unit, CASTLINGS};
use super::rules::Rules;
use crate::variants::chess::armies::{self, Army};
use crate::variants::chess::fen::{armies_suffix, read_castling, read_counter, split_armies};
use crate::variants::chess::{Bitboard, Color, Role, Square};
use std::fmt;

/// Why a Tirebiter position text was rejected; each variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    FieldCount {
        found: usize,
        token: String,
    },
    RankCount {
        board: String,
    },
    RankLength {
        rank: String,
    },
    PieceChar {
        rank: String,
        found: char,
    },
    Side {
        token: String,
    },
    Castling {
        token: String,
    },
    EnPassant {
        token: String,
    },
    HalfmoveClock {
        token: String,
    },
    FullmoveNumber {
        token: String,
    },
    /// A group that is not two or more squares holding one kind of piece, or a square in two
    /// groups, or a pawn group on several ranks.
    Group {
        token: String,
    },
    KingCount {
        color: Color,
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
    ImpossibleEnPassant {
        token: String,
    },
    /// An armies field (`clobberers/nutty`) that names no armies.
    Armies {
        token: String,
    },
    /// A piece that belongs to neither army (`token` is its letter and square).
    PieceNotInArmies {
        token: String,
        armies: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::FieldCount { found, token } => {
                write!(f, "position '{token}' has {found} fields, expected 4 to 7")
            }
            SetupError::RankCount { board } => write!(f, "board '{board}' does not have 8 ranks"),
            SetupError::RankLength { rank } => write!(f, "rank '{rank}' does not have 8 squares"),
            SetupError::PieceChar { rank, found } => {
                write!(f, "rank '{rank}' has invalid character '{found}'")
            }
            SetupError::Side { token } => write!(f, "invalid side to move '{token}' (expected w or b)"),
            SetupError::Castling { token } => write!(f, "invalid castling field '{token}'"),
            SetupError::EnPassant { token } => write!(f, "invalid en passant field '{token}'"),
            SetupError::HalfmoveClock { token } => write!(f, "invalid halfmove clock '{token}'"),
            SetupError::FullmoveNumber { token } => write!(f, "invalid fullmove number '{token}'"),
            SetupError::Group { token } => write!(f, "invalid Tirebiter group '{token}'"),
            SetupError::KingCount { color, token } => write!(
                f,
                "board '{token}' must have exactly one {} king",
                if *color == Color::White { "white" } else { "black" }
            ),
            SetupError::PawnOnBackRank { token } => write!(f, "pawn on back rank square '{token}'"),
            SetupError::Armies { token } => write!(
                f,
                "invalid armies field '{token}' (expected <white>/<black> from fide, clobberers, nutty, rookies)"
            ),
            SetupError::PieceNotInArmies { token, armies } => {
                write!(f, "piece '{token}' belongs to neither army ({armies})")
            }
            SetupError::OpponentInCheck { token } => {
                write!(f, "side not to move is in check (side field '{token}')")
            }
            SetupError::CastlingWithoutPieces { token } => {
                write!(f, "castling right '{token}' without a normal king and rook at home")
            }
            SetupError::ImpossibleEnPassant { token } => write!(f, "impossible en passant square '{token}'"),
        }
    }
}

impl std::error::Error for SetupError {}

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn counter(token: &str, min: u32, err: impl Fn() -> SetupError) -> Result<u32, SetupError> {
    read_counter(token, min).ok_or_else(err)
}

fn squares_list(token: &str) -> Option<Vec<Square>> {
    token.split(',').map(|s| s.parse::<Square>().ok()).collect()
}

pub fn parse<R: Rules>(text: &str) -> Result<TirebiterPosition<R>, SetupError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let armies = match split_armies(&mut fields) {
        Some(token) => {
            Army::parse_pair(token).map_err(|_| SetupError::Armies { token: token.to_string() })?
        }
        None => [Army::Fide; 2],
    };
    if !(4..=7).contains(&fields.len()) {
        return Err(SetupError::FieldCount { found: fields.len(), token: text.to_string() });
    }
    // The letters of the board.
    let mut letters: [Option<(Color, Role)>; 64] = [None; 64];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(SetupError::RankCount { board: fields[0].to_string() });
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let too_long = || SetupError::RankLength { rank: rank_text.to_string() };
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
            return Err(SetupError::PieceNotInArmies {
                token: format!("{letter}{square}"),
                armies: Army::write_pair(armies),
            });
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
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        token => return Err(SetupError::Side { token: token.to_string() }),
    };
    pos.castling = parse_castling(fields[2])?;
    if let Some(token) = fields.get(4) {
        pos.halfmove = counter(token, 0, || SetupError::HalfmoveClock { token: token.to_string() })?;
    }
    if let Some(token) = fields.get(5) {
        pos.fullmove = counter(token, 1, || SetupError::FullmoveNumber { token: token.to_string() })?;
    }
    for color in [Color::White, Color::Black] {
        if pos.units().filter(|(_, u)| u.color == color && u.role == Role::King).count() != 1 {
            return Err(SetupError::KingCount { color, token: fields[0].to_string() });
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
            squares_list(token).ok_or_else(|| SetupError::EnPassant { token: token.to_string() })?;
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
                return Err(SetupError::ImpossibleEnPassant { token: ep.to_string() });
            }
            pos.en_passant |= ep.bb();
        }
    }
    pos.key = pos.compute_key();
    pos.canonicalise_en_passant();
    Ok(pos)
}

fn parse_castling(token: &str) -> Result<u8, SetupError> {
    read_castling(token).ok_or_else(|| SetupError::Castling { token: token.to_string() })
}

/// The squares of a set, comma-joined in lexicographic order.
pub fn square_list(squares: Bitboard) -> String {
    let mut names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    names.sort();
    names.join(",")
}

pub fn write<R: Rules>(pos: &TirebiterPosition<R>) -> String {
    let mut board = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.unit_at(Square::from_file_rank(file, rank)) {
                None => empty += 1,
                Some((_, u)) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(u.letter());
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let castling: String =
        CASTLINGS.iter().filter(|c| pos.castling & c.right != 0).map(|c| c.letter).collect();
    let castling = if castling.is_empty() { "-".to_string() } else { castling };
    let ep = if pos.en_passant.is_empty() { "-".to_string() } else { square_list(pos.en_passant) };
    let mut groups: Vec<String> =
        pos.units().filter(|(_, u)| u.is_tirebiter()).map(|(_, u)| square_list(u.squares)).collect();
    groups.sort();
    let groups = if groups.is_empty() { "-".to_string() } else { groups.join(";") };
    let side = if pos.side == Color::White { 'w' } else { 'b' };
    format!(
        "{board} {side} {castling} {ep} {} {} {groups}{}",
        pos.halfmove,
        pos.fullmove,
        armies_suffix(pos.armies)
    )
}
