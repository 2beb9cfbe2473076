//! Reading moves: the canonical leg lists, the rule page's own notation (`Ng4:e5,f6,h6`,
//! `Ne5,f6,h6-d3,e4,g4`, `Nb8-c6,a6`, `Qh5-f5,h3,f3`, `Rh8:h6`), and SAN for one-leg moves.
//! Writing game scores: SAN for one-leg moves, the page's notation for the others.

use super::position::{Leg, Move, MoveKind, TirebiterPosition};
use super::rules::Rules;
use crate::core::{MoveErrorKind, MoveParseError};
use crate::variants::chess::{Role, Square};

pub fn parse<R: Rules>(pos: &TirebiterPosition<R>, token: &str) -> Result<Move, MoveParseError> {
    let legal = pos.legal_tokens();
    if let Some((m, _)) = legal.iter().find(|(_, t)| t == token) {
        return Ok(*m);
    }
    let not_legal = || MoveParseError::new(token, MoveErrorKind::NotLegal);
    let fits: Vec<Move> = if let Some(legs) = page_legs(token) {
        let (mut legs, promotion) = legs;
        legs.sort();
        legal
            .iter()
            .filter(|(m, _)| {
                pos.legs(*m).as_slice() == legs.as_slice()
                    && (promotion.is_none() || m.promotion == promotion)
            })
            .map(|(m, _)| *m)
            .collect()
    } else if let Some(found) = san(pos, token, &legal) {
        found
    } else {
        return Err(not_legal());
    };
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(not_legal()),
        _ => Err(MoveParseError::new(token, MoveErrorKind::Ambiguous)),
    }
}

fn squares(text: &str) -> Option<Vec<Square>> {
    text.split(',').map(|s| s.parse::<Square>().ok()).collect()
}

/// The rule page's notation: `[letter]origins(-|:|x)destinations[=X]`.
fn page_legs(token: &str) -> Option<(Vec<Leg>, Option<Role>)> {
    let text = token.trim_end_matches(['+', '#', '!', '?']);
    let (text, promotion) = match text.split_once('=') {
        Some((t, p)) => (t, Some(Role::from_letter(p.chars().next()?)?)),
        None => (text, None),
    };
    let text = text.strip_prefix(|c: char| c.is_ascii_uppercase()).unwrap_or(text);
    let (origins, destinations) = text.split_once(['-', ':', 'x'])?;
    let (origins, destinations) = (squares(origins)?, squares(destinations)?);
    let legs: Vec<Leg> = match (origins.len(), destinations.len()) {
        (a, b) if a == b => origins.iter().zip(&destinations).map(|(&from, &to)| Leg { from, to }).collect(),
        (1, _) => destinations.iter().map(|&to| Leg { from: origins[0], to }).collect(),
        (_, 1) => origins.iter().map(|&from| Leg { from, to: destinations[0] }).collect(),
        _ => return None,
    };
    Some((legs, promotion))
}

/// SAN for moves of one leg: `Nf3`, `e4`, `exd5`, `Nbd2`, `e8=Q`, `O-O`, `O-O-O`.
fn san<R: Rules>(pos: &TirebiterPosition<R>, token: &str, legal: &[(Move, String)]) -> Option<Vec<Move>> {
    let text = token.trim_end_matches(['+', '#', '!', '?']);
    if matches!(text, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        let long = text.len() > 3;
        return Some(
            legal
                .iter()
                .filter(|(m, _)| m.kind == MoveKind::Castle)
                .filter(|(m, _)| (Square::new(m.arg).file() == 2) == long)
                .map(|(m, _)| *m)
                .collect(),
        );
    }
    let (text, promotion) = match text.split_once('=') {
        Some((t, p)) => (t, Some(Role::from_letter(p.chars().next()?)?)),
        None => (text, None),
    };
    let (role, rest) = match text.chars().next()? {
        c if c.is_ascii_uppercase() => (Role::from_letter(c)?, &text[1..]),
        _ => (Role::Pawn, text),
    };
    let rest = rest.replace('x', "");
    if rest.len() < 2 || !rest.is_ascii() {
        return None;
    }
    let to: Square = rest[rest.len() - 2..].parse().ok()?;
    let hint = &rest[..rest.len() - 2];
    Some(
        legal
            .iter()
            .filter(|(m, _)| m.kind != MoveKind::Castle && (promotion.is_none() || m.promotion == promotion))
            .filter(|(m, _)| {
                let legs = pos.legs(*m);
                let unit = pos.unit(m.slot as usize);
                legs.len() == 1
                    && legs[0].to == to
                    && unit.is_some_and(|u| u.role == role)
                    && legs[0].from.to_string().contains(hint)
                    // A pawn move without its file (`d5`) is a push, never a capture (`exd5`).
                    && (role != Role::Pawn
                        || hint.chars().any(|c| c.is_ascii_lowercase())
                        || legs[0].from.file() == to.file())
            })
            .map(|(m, _)| *m)
            .collect(),
    )
}

/// The move as a game score writes it: SAN for a move of one leg (`Nf3`, `exd5`, `Nbd2`,
/// `e8=Q`, `O-O`), the rule page's notation for the others (`Ng4:e5,f6,h6`,
/// `Ne5,f6,h6-d3,e4,g4`, `Nb8-a6,c6`, `b7,d7-b8,d8=Q`). [`parse`] reads either back.
pub fn score_token<R: Rules>(pos: &TirebiterPosition<R>, m: Move) -> String {
    if m.kind == MoveKind::Castle {
        return if Square::new(m.arg).file() == 2 { "O-O-O".into() } else { "O-O".into() };
    }
    let legs = pos.legs(m);
    let role = pos.unit(m.slot as usize).map_or(Role::Pawn, |u| u.role);
    let letter = if role == Role::Pawn { String::new() } else { role.upper().to_string() };
    let capture = m.kind == MoveKind::CaptureAll;
    let promotion = m.promotion.map_or(String::new(), |p| format!("={}", p.upper()));
    if let ([leg], MoveKind::Step | MoveKind::CaptureAll) = (legs.as_slice(), m.kind) {
        // Another legal one-leg move of the same role to the same square needs telling apart.
        let rivals: Vec<Square> = pos
            .legal_tokens()
            .iter()
            .filter(|(other, _)| other.slot != m.slot && other.promotion == m.promotion)
            .filter(|(other, _)| pos.unit(other.slot as usize).is_some_and(|u| u.role == role))
            .filter_map(|(other, _)| match pos.legs(*other).as_slice() {
                [l] if l.to == leg.to => Some(l.from),
                _ => None,
            })
            .collect();
        let from = leg.from.to_string();
        let hint = if role == Role::Pawn {
            if capture {
                from[..1].to_string()
            } else {
                String::new()
            }
        } else if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.file() != leg.from.file()) {
            from[..1].to_string()
        } else if rivals.iter().all(|r| r.rank() != leg.from.rank()) {
            from[1..].to_string()
        } else {
            from
        };
        let x = if capture { "x" } else { "" };
        return format!("{letter}{hint}{x}{}{promotion}", leg.to);
    }
    let origin = legs[0].from.to_string();
    let target = legs[0].to.to_string();
    let origins = || square_list(legs.iter().map(|l| l.from));
    let targets = || square_list(legs.iter().map(|l| l.to));
    let (origins, destinations) = match m.kind {
        // One origin: a capture of several pieces, a split.
        MoveKind::CaptureAll | MoveKind::Split => (origin, targets()),
        // One destination: converging.
        MoveKind::Converge => (origins(), target),
        // Leg by leg: a vector move, several pawn locations promoting.
        _ => (origins(), targets()),
    };
    let separator = if capture { ':' } else { '-' };
    format!("{letter}{origins}{separator}{destinations}{promotion}")
}

/// Square names joined by `,`.
fn square_list(squares: impl Iterator<Item = Square>) -> String {
    squares.map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}
