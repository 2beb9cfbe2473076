//! What the position texts of FireFighter and Tirebiter (protocol-docs/notation.md) share: the
//! FEN fields around their own board entries and extra fields, the armies field (A4), the errors
//! those fields give, and the [`Game`](crate::core::Game) glue of such a position.

use crate::core::{Armies, Army};
use crate::variants::chess::armies::start_fen;
use crate::variants::chess::fen::{self, armies_suffix, read_counter, split_armies};
use crate::variants::chess::{Color, Square, CASTLINGS};
use std::fmt::{self, Write as _};

/// Why a field of such a position text was rejected, in the words every such variant uses; each
/// variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// Not 4 to `most` whitespace-separated fields (`token` is the whole text).
    FieldCount {
        found: usize,
        most: usize,
        token: String,
    },
    RankCount {
        board: String,
    },
    RankLength {
        rank: String,
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
    KingCount {
        color: Color,
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

impl FieldError {
    /// A piece (its FEN letter) on `square` that belongs to neither of `armies` (A1, A2).
    pub fn not_in_armies(letter: char, square: Square, armies: Armies) -> FieldError {
        FieldError::PieceNotInArmies { token: format!("{letter}{square}"), armies: Army::write_pair(armies) }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::FieldCount { found, most, token } => {
                write!(f, "position '{token}' has {found} fields, expected 4 to {most}")
            }
            FieldError::RankCount { board } => write!(f, "board '{board}' does not have 8 ranks"),
            FieldError::RankLength { rank } => write!(f, "rank '{rank}' does not have 8 squares"),
            FieldError::Side { token } => write!(f, "invalid side to move '{token}' (expected w or b)"),
            FieldError::Castling { token } => write!(f, "invalid castling field '{token}'"),
            FieldError::EnPassant { token } => write!(f, "invalid en passant field '{token}'"),
            FieldError::HalfmoveClock { token } => write!(f, "invalid halfmove clock '{token}'"),
            FieldError::FullmoveNumber { token } => write!(f, "invalid fullmove number '{token}'"),
            FieldError::KingCount { color, token } => write!(
                f,
                "board '{token}' must have exactly one {} king",
                if *color == Color::White { "white" } else { "black" }
            ),
            FieldError::ImpossibleEnPassant { token } => write!(f, "impossible en passant square '{token}'"),
            FieldError::Armies { token } => write!(
                f,
                "invalid armies field '{token}' (expected <white>/<black> from fide, clobberers, nutty, rookies)"
            ),
            FieldError::PieceNotInArmies { token, armies } => {
                write!(f, "piece '{token}' belongs to neither army ({armies})")
            }
        }
    }
}

impl std::error::Error for FieldError {}

/// Splits a position text into its fields and takes off the armies field (FIDE v FIDE where
/// there is none); 4 to `most` fields must be left.
pub fn split(text: &str, most: usize) -> Result<(Vec<&str>, Armies), FieldError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let armies = match split_armies(&mut fields) {
        Some(token) => {
            Army::parse_pair(token).map_err(|_| FieldError::Armies { token: token.to_string() })?
        }
        None => [Army::Fide; 2],
    };
    if !(4..=most).contains(&fields.len()) {
        return Err(FieldError::FieldCount { found: fields.len(), most, token: text.to_string() });
    }
    Ok((fields, armies))
}

/// The board field's ranks with their indices, the eighth rank (7) first.
pub fn ranks(board: &str) -> Result<Vec<(u8, &str)>, FieldError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FieldError::RankCount { board: board.to_string() });
    }
    Ok(ranks.into_iter().enumerate().map(|(i, text)| (7 - i as u8, text)).collect())
}

/// Reads the side to move: `w` or `b`.
pub fn read_side(token: &str) -> Result<Color, FieldError> {
    match token {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(FieldError::Side { token: token.to_string() }),
    }
}

/// Reads the castling field as right bits.
pub fn read_castling(token: &str) -> Result<u8, FieldError> {
    fen::read_castling(token).ok_or_else(|| FieldError::Castling { token: token.to_string() })
}

/// Reads the halfmove clock and the fullmove number (the fifth and sixth fields), `0` and `1`
/// where they are left out.
pub fn read_counters(fields: &[&str]) -> Result<(u32, u32), FieldError> {
    let halfmove = match fields.get(4) {
        Some(&token) => {
            read_counter(token, 0).ok_or_else(|| FieldError::HalfmoveClock { token: token.to_string() })?
        }
        None => 0,
    };
    let fullmove = match fields.get(5) {
        Some(&token) => {
            read_counter(token, 1).ok_or_else(|| FieldError::FullmoveNumber { token: token.to_string() })?
        }
        None => 1,
    };
    Ok((halfmove, fullmove))
}

/// The position text of the start with these armies: the armies' start arrays, `seventh` as the
/// seventh field, then the armies field.
pub fn start_text(armies: Armies, seventh: &str) -> String {
    format!("{} {seventh}{}", start_fen(armies), armies_suffix(armies))
}

/// Writes the six FEN fields: the board (`cell` gives a square's text, `None` where it is
/// empty), the side to move, the castling rights, the en passant field and the two counters.
pub fn write_fen<T: fmt::Display>(
    cell: impl Fn(Square) -> Option<T>,
    side: Color,
    castling: u8,
    en_passant: &str,
    (halfmove, fullmove): (u32, u32),
) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match cell(Square::from_file_rank(file, rank)) {
                None => empty += 1,
                Some(entry) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    let _ = write!(text, "{entry}");
                }
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let castling: String = CASTLINGS.iter().filter(|c| castling & c.right != 0).map(|c| c.letter).collect();
    let castling = if castling.is_empty() { "-" } else { &castling };
    let side = if side == Color::White { 'w' } else { 'b' };
    let _ = write!(text, " {side} {castling} {en_passant} {halfmove} {fullmove}");
    text
}

/// The [`Game`](crate::core::Game) methods that FireFighter and Tirebiter write alike, for their
/// `impl Game`: the position text through the module `$text` (`parse`, `write`, `START`), the
/// start with armies with `$seventh` as its seventh field ([`start_text`]), two seats, and the
/// type's fields `side`, `halfmove`, `fullmove`, `key` and methods `armies`, `generate_legal`,
/// `apply`, `canonicalise_en_passant`, `compute_key`.
macro_rules! game_glue {
    ($text:ident, $seventh:literal) => {
        fn start() -> Self {
            $text::parse($text::START).expect("the start position is valid")
        }

        fn start_with_armies(armies: $crate::core::Armies) -> Option<Self> {
            $text::parse(&$crate::variants::fields::start_text(armies, $seventh)).ok()
        }

        fn armies(&self) -> $crate::core::Armies {
            Self::armies(self)
        }

        fn from_text(text: &str) -> Result<Self, Self::SetupError> {
            $text::parse(text)
        }

        fn to_text(&self) -> String {
            $text::write(self)
        }

        fn seats(&self) -> usize {
            2
        }

        fn to_move(&self) -> $crate::core::Seat {
            self.side.seat()
        }

        fn legal_moves(&self, out: &mut $crate::core::MoveList<Self::Move>) {
            self.generate_legal(out);
        }

        fn play(&mut self, m: Self::Move) {
            self.apply(m);
            self.canonicalise_en_passant();
        }

        fn reversible_plies(&self) -> usize {
            self.halfmove as usize
        }

        fn key(&self) -> u64 {
            self.key
        }

        fn recomputed_key(&self) -> u64 {
            self.compute_key()
        }

        fn move_number(&self) -> u32 {
            self.fullmove
        }
    };
}
pub(super) use game_glue;
