//! A FireFighter piece: colour and role, plus the two marks the game adds (burning, declared
//! Firefighter), packed into one byte so that a crowd is a list of bytes.

use crate::variants::chess::{Color, Role};
use std::fmt;

const ROLE_MASK: u8 = 0b1_1111;
const BLACK: u8 = 0b10_0000;
const BURNING: u8 = 0b100_0000;
const FIREFIGHTER: u8 = 0b1000_0000;

/// One piece. Two pieces with equal values are interchangeable: they make the same moves with
/// the same results, so the move generator treats them as one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Piece(u8);

impl Piece {
    /// Distinct piece values (for key tables): 8 bits.
    pub const CODES: usize = 256;

    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(role as u8 | if matches!(color, Color::Black) { BLACK } else { 0 })
    }

    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn color(self) -> Color {
        if self.0 & BLACK != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    #[inline]
    pub fn role(self) -> Role {
        Role::from_index((self.0 & ROLE_MASK) as usize)
    }

    #[inline]
    pub const fn is_burning(self) -> bool {
        self.0 & BURNING != 0
    }

    /// Whether this is its side's declared Firefighter (F2).
    #[inline]
    pub const fn is_firefighter(self) -> bool {
        self.0 & FIREFIGHTER != 0
    }

    pub const fn burning(self, on: bool) -> Piece {
        Piece(if on { self.0 | BURNING } else { self.0 & !BURNING })
    }

    pub const fn firefighter(self, on: bool) -> Piece {
        Piece(if on { self.0 | FIREFIGHTER } else { self.0 & !FIREFIGHTER })
    }

    pub fn with_color(self, color: Color) -> Piece {
        Piece::new(color, self.role()).burning(self.is_burning()).firefighter(self.is_firefighter())
    }

    pub fn with_role(self, role: Role) -> Piece {
        Piece::new(self.color(), role).burning(self.is_burning()).firefighter(self.is_firefighter())
    }

    /// The FEN letter: upper case for White.
    pub fn letter(self) -> char {
        let upper = self.role().upper();
        if self.color() == Color::White {
            upper
        } else {
            upper.to_ascii_lowercase()
        }
    }

    /// Reads an entry (`N`, `n!`, `Q~`, `p!~`) at the start of `text`; returns the piece and the
    /// bytes it used.
    pub fn parse_entry(text: &str) -> Option<(Piece, usize)> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        let role =
            Role::from_letter(letter).filter(|&r| r != Role::Commoner && letter.is_ascii_alphabetic())?;
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        let mut piece = Piece::new(color, role);
        let mut used = 1;
        let rest = &text[1..];
        if rest.starts_with('!') {
            piece = piece.burning(true);
            used += 1;
        }
        if text[used..].starts_with('~') {
            piece = piece.firefighter(true);
            used += 1;
        }
        Some((piece, used))
    }
}

/// The entry: letter, then `!` if burning, then `~` if the declared Firefighter.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())?;
        if self.is_burning() {
            f.write_str("!")?;
        }
        if self.is_firefighter() {
            f.write_str("~")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        for text in ["N", "n!", "Q~", "p!~", "K", "k!"] {
            let (piece, used) = Piece::parse_entry(text).unwrap();
            assert_eq!(used, text.len());
            assert_eq!(piece.to_string(), text);
        }
        assert_eq!(Piece::parse_entry("N~!").map(|(_, used)| used), Some(2));
        assert!(Piece::parse_entry("C").is_none());
        assert!(Piece::parse_entry("1").is_none());
    }
}
