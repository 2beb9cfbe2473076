//! How a game ends.

use super::Seat;
use std::fmt;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One seat has won. (Multi-seat variants report the elimination order separately.)
    Win { winner: Seat, reason: WinReason },
    /// Every seat still in the game shares the draw.
    Draw { reason: DrawReason },
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    Checkmate,
    /// The opponent's royal piece was removed or taken over (e.g. FireFighter rescue, F5).
    RoyalLost,
    /// The opponent is stalemated and that loses in this variant (FireFighter, F11).
    Stalemate,
    /// Every other seat has been eliminated (Fimbriation, M7).
    LastSeatStanding,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Stalemate,
    Repetition,
    /// The N-move rule (50 moves in FIDE chess) ran out.
    MoveRule,
    InsufficientMaterial,
}

impl Outcome {
    /// The outcome in words, with seats named by `name` ("Black wins by checkmate").
    pub fn describe(&self, name: impl Fn(Seat) -> String) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins by {reason}", name(*winner)),
            Outcome::Draw { reason } => format!("draw by {reason}"),
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Checkmate => "checkmate",
            WinReason::RoyalLost => "royal piece lost",
            WinReason::Stalemate => "stalemate loss",
            WinReason::LastSeatStanding => "last seat standing",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "threefold repetition",
            DrawReason::MoveRule => "move-count rule",
            DrawReason::InsufficientMaterial => "insufficient material",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins by {reason}"),
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}
