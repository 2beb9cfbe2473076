//! Standard Algebraic Notation: writing, and reading by matching against the legal moves.

use super::movegen::legal_moves;
use super::position::{Move, MoveKind, Position, Role};
use super::rules::Rules;
use crate::core::{MoveErrorKind, MoveList, MoveParseError};

/// The SAN of a legal move, with `+` or `#`.
pub fn write<R: Rules>(pos: &Position<R>, m: Move) -> String {
    let mut san = String::with_capacity(8);
    let (from, to) = (m.from(), m.to());
    let role = pos.piece_at(from).map_or(Role::Pawn, |p| p.role);
    let capture = pos.piece_at(to).is_some() || m.kind() == MoveKind::EnPassant;
    if m.kind() == MoveKind::Castle {
        san.push_str(if to.file() > from.file() { "O-O" } else { "O-O-O" });
    } else if role == Role::Pawn {
        if capture {
            san.push((b'a' + from.file()) as char);
            san.push('x');
        }
        san.push_str(&to.to_string());
        if let Some(promotion) = m.promotion() {
            san.push('=');
            san.push(promotion.upper());
        }
    } else {
        san.push(role.upper());
        // Disambiguate against other pieces of the same kind that can reach the same square:
        // by file if that suffices, else by rank, else by both.
        let mut moves = MoveList::new();
        legal_moves(pos, &mut moves);
        let rivals: Vec<_> = moves
            .iter()
            .filter(|r| r.to() == to && r.from() != from)
            .map(|r| r.from())
            .filter(|&f| pos.piece_at(f).map(|p| p.role) == Some(role))
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|r| r.file() != from.file());
            let rank_unique = rivals.iter().all(|r| r.rank() != from.rank());
            if file_unique {
                san.push((b'a' + from.file()) as char);
            } else if rank_unique {
                san.push((b'1' + from.rank()) as char);
            } else {
                san.push_str(&from.to_string());
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&to.to_string());
    }
    let mut after = pos.clone();
    after.play(m);
    if after.in_check() {
        san.push(if super::movegen::count_legal_moves(&after) == 0 { '#' } else { '+' });
    }
    san
}

/// What a SAN token says about its move.
struct SanPattern {
    castle: Option<bool>, // Some(true): king side
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: (u8, u8),
    promotion: Option<Role>,
}

fn pattern(token: &str) -> Option<SanPattern> {
    // Check marks and annotations carry no information about the move.
    let s = token.trim_end_matches(['+', '#', '!', '?']);
    match s {
        "O-O" | "0-0" => return Some(castle(true)),
        "O-O-O" | "0-0-0" => return Some(castle(false)),
        _ => {}
    }
    let mut chars: Vec<char> = s.chars().collect();
    let role = match chars.first() {
        // Any piece letter, the armies' included (A1): files are lower case.
        Some(&c) if c.is_ascii_uppercase() && c != 'P' => {
            chars.remove(0);
            Role::from_letter(c)?
        }
        _ => Role::Pawn,
    };
    // Promotion suffix: `=Q`, or a bare `Q`/`q` after the destination.
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if let Some(r) =
            Role::from_letter(last).filter(|r| !matches!(r, Role::Pawn | Role::King | Role::Commoner))
        {
            if role == Role::Pawn {
                promotion = Some(r);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let to_chars = chars.split_off(chars.len() - 2);
    let to = square(to_chars[0], to_chars[1])?;
    let mut from_file = None;
    let mut from_rank = None;
    let mut rest = chars.as_slice();
    if let Some((&last, init)) = rest.split_last() {
        if last == 'x' || last == ':' || last == '-' {
            rest = init;
        }
    }
    for &c in rest {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return None,
        }
    }
    Some(SanPattern { castle: None, role, from_file, from_rank, to, promotion })
}

fn castle(king_side: bool) -> SanPattern {
    SanPattern {
        castle: Some(king_side),
        role: Role::King,
        from_file: None,
        from_rank: None,
        to: (0, 0),
        promotion: None,
    }
}

fn square(file: char, rank: char) -> Option<(u8, u8)> {
    (('a'..='h').contains(&file) && ('1'..='8').contains(&rank))
        .then(|| (file as u8 - b'a', rank as u8 - b'1'))
}

/// Reads a SAN token (lenient about check marks, `=`, `0-0`) against the legal moves.
pub fn parse<R: Rules>(pos: &Position<R>, token: &str) -> Result<Move, MoveParseError> {
    let not_legal = || MoveParseError::new(token, MoveErrorKind::NotLegal);
    let p = pattern(token).ok_or_else(not_legal)?;
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    let mut found = moves.into_iter().filter(|&m| {
        let (from, to) = (m.from(), m.to());
        if let Some(king_side) = p.castle {
            return m.kind() == MoveKind::Castle && (to.file() > from.file()) == king_side;
        }
        // A castling may also be written as its King move (`Kg1`, XBoard's `Kb1` for the Bede's
        // castling, A3): the canonical castling token is the King's from and to.
        (m.kind() != MoveKind::Castle || p.role == Role::King)
            && pos.piece_at(from).map(|pc| pc.role) == Some(p.role)
            && (to.file(), to.rank()) == p.to
            && p.from_file.is_none_or(|f| f == from.file())
            && p.from_rank.is_none_or(|r| r == from.rank())
            // A pawn move without its file (`b5`) is a push: never read it as a capture (`axb5`).
            && (p.role != Role::Pawn || p.from_file.is_some() || from.file() == to.file())
            && m.promotion() == p.promotion
    });
    match (found.next(), found.next()) {
        (Some(m), None) => Ok(m),
        (Some(_), Some(_)) => Err(MoveParseError::new(token, MoveErrorKind::Ambiguous)),
        _ => Err(not_legal()),
    }
}
