//! Position text and turn tokens (protocol-docs/notation.md).
//!
//! Position: `<board> <side> <wires> <halfmove> <fullmove>`, the board ranks 7 down to 1 with `*`
//! for the squares that are not on the board. Positions inside a turn (which protocols never
//! see) add a sixth field: `wire` or `wire-x` (the piece has moved, without or with a capture,
//! and the wire is due) or `opening-<n>-<edge>` (`n` opening wires down, the last on `edge`).
//!
//! Turns: the opening's five edges sorted and joined by `,`; later `<from><to>/<edge>` or
//! `pass/<edge>`.

use super::board::{bit, coord, square_at, EdgeId, Square, BOARD, SIDE};
use super::forest::{Placement, Wires};
use super::pieces::Role;
use super::position::{Action, Phase, Piece, Position, OPENING_WIRES};
use super::rules::LoopRule;
use crate::core::{Coord, MoveErrorKind, MoveParseError, Turn};
use crate::variants::chess::Color;
use std::fmt;

/// The start position (N1).
pub const START: &str = "**akca*/redder*/7/7/7/*REDDER/*ACKA** w - 0 1";

/// Why a position text was rejected; each variant carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    FieldCount {
        found: usize,
        token: String,
    },
    RankCount {
        board: String,
    },
    /// A rank whose entries do not fill exactly the 7 files, or whose holes (`*`) are not where
    /// the board has none.
    RankShape {
        rank: String,
    },
    PieceChar {
        rank: String,
        found: char,
    },
    Side {
        token: String,
    },
    Wire {
        token: String,
    },
    DuplicateWire {
        token: String,
    },
    /// The wire closes a loop with those before it (N2: the wires are always a forest).
    WireLoop {
        token: String,
    },
    /// The wire completes a square's outline with those before it (N11: no outline stays whole).
    WireOutline {
        token: String,
    },
    HalfmoveClock {
        token: String,
    },
    FullmoveNumber {
        token: String,
    },
    /// The turn-state field, or a turn state that does not fit the fullmove number.
    TurnState {
        token: String,
    },
    KingCount {
        color: Color,
        token: String,
    },
    /// The King of the side that just finished its turn is attacked (N9 forbids that).
    OpponentInCheck {
        token: String,
    },
    /// An opening turn is due (fullmove 1) with the King to move attacked.
    CheckAtOpening {
        token: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::FieldCount { found, token } => {
                write!(f, "position '{token}' has {found} fields, expected 5 (or 6 inside a turn)")
            }
            SetupError::RankCount { board } => write!(f, "board '{board}' does not have 7 ranks"),
            SetupError::RankShape { rank } => {
                write!(f, "rank '{rank}' does not fill files a-g with '*' exactly on the holes")
            }
            SetupError::PieceChar { rank, found } => {
                write!(f, "rank '{rank}' has invalid character '{found}'")
            }
            SetupError::Side { token } => write!(f, "invalid side to move '{token}' (expected w or b)"),
            SetupError::Wire { token } => write!(f, "invalid wire '{token}'"),
            SetupError::DuplicateWire { token } => write!(f, "wire '{token}' is listed twice"),
            SetupError::WireLoop { token } => write!(f, "wire '{token}' closes a loop"),
            SetupError::WireOutline { token } => write!(f, "wire '{token}' completes a square's outline"),
            SetupError::HalfmoveClock { token } => write!(f, "invalid halfmove clock '{token}'"),
            SetupError::FullmoveNumber { token } => write!(f, "invalid fullmove number '{token}'"),
            SetupError::TurnState { token } => write!(f, "invalid turn state '{token}'"),
            SetupError::KingCount { color, token } => write!(
                f,
                "board '{token}' must have exactly one {} king",
                if *color == Color::White { "white" } else { "black" }
            ),
            SetupError::OpponentInCheck { token } => {
                write!(f, "the king of the side not to move is attacked (side field '{token}')")
            }
            SetupError::CheckAtOpening { token } => {
                write!(f, "the king to move is attacked before its opening turn (fullmove '{token}')")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// The most a clock may say: far beyond any game, small enough never to overflow.
const MAX_COUNTER: u32 = 1_000_000;

fn read_counter(token: &str, min: u32) -> Option<u32> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) || token.len() > 7 {
        return None;
    }
    token.parse().ok().filter(|&n| n >= min && n <= MAX_COUNTER)
}

impl<L: LoopRule> Position<L> {
    pub fn from_text(text: &str) -> Result<Position<L>, SetupError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(5..=6).contains(&fields.len()) {
            return Err(SetupError::FieldCount { found: fields.len(), token: text.to_string() });
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(SetupError::Side { token: other.to_string() }),
        };
        let halfmove = read_counter(fields[3], 0)
            .ok_or_else(|| SetupError::HalfmoveClock { token: fields[3].to_string() })?;
        let fullmove = read_counter(fields[4], 1)
            .ok_or_else(|| SetupError::FullmoveNumber { token: fields[4].to_string() })?;
        let wires = read_wires::<L>(fields[2])?;
        let phase = read_turn_state(fields.get(5).copied(), fullmove, &wires)?;

        let mut pos = Position::<L>::empty(side, phase, halfmove, fullmove);
        read_board(fields[0], &mut pos)?;
        for e in wires.iter() {
            pos.place_wire(e);
        }
        let at_turn_start = matches!(phase, Phase::Move | Phase::Opening { placed: 0, .. });
        if at_turn_start && pos.king_attacked(!side) {
            return Err(SetupError::OpponentInCheck { token: fields[1].to_string() });
        }
        // An opening turn cannot move the King, and whether five wires can parry a check is a
        // search over millions of sets: no game reaches such a position, so none is accepted.
        if phase == (Phase::Opening { placed: 0, last: None }) && pos.king_attacked(side) {
            return Err(SetupError::CheckAtOpening { token: fields[4].to_string() });
        }
        Ok(pos)
    }

    pub fn to_text(&self) -> String {
        let mut board = String::new();
        for rank in (0..SIDE).rev() {
            let mut empty = 0;
            for file in 0..SIDE {
                let sq = file + 8 * rank;
                let entry =
                    if BOARD & bit(sq) == 0 { Some('*') } else { self.piece_at(sq).map(Piece::letter) };
                match entry {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        board.push(c);
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
        let side = if self.side() == Color::White { 'w' } else { 'b' };
        let mut text =
            format!("{board} {side} {} {} {}", wires_text(&self.wires()), self.halfmove(), self.fullmove());
        match self.phase() {
            Phase::Wire { captured: false } => text.push_str(" wire"),
            Phase::Wire { captured: true } => text.push_str(" wire-x"),
            Phase::Opening { placed, last: Some(e) } if placed > 0 => {
                text.push_str(&format!(" opening-{placed}-{}", e.name()))
            }
            _ => {}
        }
        text
    }

    /// The token of one action (inside a turn).
    pub fn action_token(&self, action: Action) -> String {
        match action {
            Action::Move { from, to } => format!("{}{}", coord(from), coord(to)),
            Action::Pass => "pass".to_string(),
            Action::Wire(e) => e.name(),
        }
    }

    /// The token of a whole turn played from here (the rest of the turn if inside one).
    pub fn turn_token(&self, actions: &[Action]) -> String {
        let wires = |list: &[Action]| {
            let mut names: Vec<String> = list.iter().map(|&a| self.action_token(a)).collect();
            names.sort();
            names.join(",")
        };
        match (self.phase(), actions) {
            (Phase::Move, [first, rest @ ..]) => format!("{}/{}", self.action_token(*first), wires(rest)),
            _ => wires(actions),
        }
    }

    /// Reads the rest of the current turn. Edges may be given by any of their names and the
    /// opening's edges in any order; every action must be legal where it is played.
    pub fn parse_turn_token(&self, token: &str) -> Result<Turn<Action>, MoveParseError> {
        let illegal = || MoveParseError::new(token, MoveErrorKind::NotLegal);
        let mut actions: Turn<Action> = Turn::new();
        match self.phase() {
            Phase::Move => {
                let (piece, wire) = token.split_once('/').ok_or_else(illegal)?;
                let first = if piece == "pass" {
                    Action::Pass
                } else {
                    let (from, to) = split_squares(piece).ok_or_else(illegal)?;
                    Action::Move { from, to }
                };
                actions.push(first);
                actions.push(Action::Wire(EdgeId::parse(wire).ok_or_else(illegal)?));
            }
            Phase::Wire { .. } => actions.push(Action::Wire(EdgeId::parse(token).ok_or_else(illegal)?)),
            Phase::Opening { placed, .. } => {
                let mut edges = Vec::new();
                for name in token.split(',') {
                    edges.push(EdgeId::parse(name).ok_or_else(illegal)?);
                }
                if edges.len() != usize::from(OPENING_WIRES - placed) {
                    return Err(illegal());
                }
                edges.sort();
                for e in edges {
                    actions.try_push(Action::Wire(e)).map_err(|_| illegal())?;
                }
            }
        }
        let mut pos = self.clone();
        for (i, &a) in actions.iter().enumerate() {
            if !pos.is_legal(a) {
                return Err(illegal());
            }
            pos.apply(a);
            // The turn must end with its last action, and not before.
            if pos.is_mid_turn() != (i + 1 < actions.len()) {
                return Err(illegal());
            }
        }
        Ok(actions)
    }

    pub fn is_mid_turn(&self) -> bool {
        matches!(self.phase(), Phase::Wire { .. } | Phase::Opening { placed: 1.., .. })
    }
}

fn split_squares(text: &str) -> Option<(Square, Square)> {
    // Squares are a letter and one digit on this 7x7 board.
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    let from = square_at(text[..2].parse::<Coord>().ok()?)?;
    let to = square_at(text[2..].parse::<Coord>().ok()?)?;
    Some((from, to))
}

/// The wires field: sorted canonical names joined by `,`, or `-`.
pub fn wires_text(wires: &Wires) -> String {
    let mut names: Vec<String> = wires.iter().map(EdgeId::name).collect();
    if names.is_empty() {
        return "-".to_string();
    }
    names.sort();
    names.join(",")
}

/// The wires field, refusing a wire that completes, with those before it, what the loop rule
/// removes (a loop under N2, a square's outline under N11).
fn read_wires<L: LoopRule>(field: &str) -> Result<Wires, SetupError> {
    let mut wires = Wires::EMPTY;
    if field == "-" {
        return Ok(wires);
    }
    for name in field.split(',') {
        let e = EdgeId::parse(name).ok_or_else(|| SetupError::Wire { token: name.to_string() })?;
        if wires.contains(e) {
            return Err(SetupError::DuplicateWire { token: name.to_string() });
        }
        if L::removes(&wires, e) {
            return Err(L::refused_wire(name));
        }
        let placed = L::place(&mut wires, e);
        debug_assert_eq!(placed, Placement::Added);
    }
    Ok(wires)
}

fn read_turn_state(field: Option<&str>, fullmove: u32, wires: &Wires) -> Result<Phase, SetupError> {
    let opening = fullmove == 1;
    let bad = |t: &str| SetupError::TurnState { token: t.to_string() };
    let phase = match field {
        None if opening => Phase::Opening { placed: 0, last: None },
        None => Phase::Move,
        Some("wire") if !opening => Phase::Wire { captured: false },
        Some("wire-x") if !opening => Phase::Wire { captured: true },
        Some(t) if opening => {
            let rest = t.strip_prefix("opening-").ok_or_else(|| bad(t))?;
            let (count, edge) = rest.split_once('-').ok_or_else(|| bad(t))?;
            let placed: u8 = match count {
                "1" | "2" | "3" | "4" => count.parse().map_err(|_| bad(t))?,
                _ => return Err(bad(t)),
            };
            let last = EdgeId::parse(edge).ok_or_else(|| bad(t))?;
            if !wires.contains(last) || wires.len() < u32::from(placed) {
                return Err(bad(t));
            }
            Phase::Opening { placed, last: Some(last) }
        }
        Some(t) => return Err(bad(t)),
    };
    Ok(phase)
}

fn read_board<L: LoopRule>(field: &str, pos: &mut Position<L>) -> Result<(), SetupError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != usize::from(SIDE) {
        return Err(SetupError::RankCount { board: field.to_string() });
    }
    let mut kings = [0; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = SIDE - 1 - i as u8;
        let shape_error = || SetupError::RankShape { rank: rank_text.to_string() };
        let mut file = 0u8;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                // A run of empty squares (two digits allowed, though 7 is the most that fits).
                let mut run = d;
                if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + d2;
                    chars.next();
                }
                if run == 0 {
                    return Err(shape_error());
                }
                for _ in 0..run {
                    if file >= SIDE || square_at(Coord::new(file, rank)).is_none() {
                        return Err(shape_error());
                    }
                    file += 1;
                }
            } else if c == '*' {
                if file >= SIDE || square_at(Coord::new(file, rank)).is_some() {
                    return Err(shape_error());
                }
                file += 1;
            } else {
                let role = Role::from_letter(c)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or_else(|| SetupError::PieceChar { rank: rank_text.to_string(), found: c })?;
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let sq = (file < SIDE)
                    .then(|| square_at(Coord::new(file, rank)))
                    .flatten()
                    .ok_or_else(shape_error)?;
                if role == Role::King {
                    kings[color as usize] += 1;
                    if kings[color as usize] > 1 {
                        return Err(SetupError::KingCount { color, token: field.to_string() });
                    }
                }
                pos.put(sq, Piece { color, role });
                file += 1;
            }
        }
        if file != SIDE {
            return Err(shape_error());
        }
    }
    for color in [Color::White, Color::Black] {
        if kings[color as usize] != 1 {
            return Err(SetupError::KingCount { color, token: field.to_string() });
        }
    }
    Ok(())
}
