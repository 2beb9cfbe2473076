//! Reading moves: the canonical leg lists, the rule page's own notation (`Ng4:e5,f6,h6`,
//! `Ne5,f6,h6-d3,e4,g4`, `Nb8-c6,a6`, `Qh5-f5,h3,f3`, `Rh8:h6`), and SAN for one-leg moves.

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
            })
            .map(|(m, _)| *m)
            .collect(),
    )
}
