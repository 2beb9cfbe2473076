//! The vocabulary every variant shares. Imports nothing else from the crate.

mod army;
mod diagram;
mod game;
pub mod geometry;
mod outcome;
mod record;
mod score;
mod seat;
pub mod zobrist;

pub use army::{has_armies_field, without_armies_field, Armies, Army, UnknownArmy};
pub use diagram::{Cell, Diagram};
pub use game::{
    for_each_turn, Game, InvariantError, MoveErrorKind, MoveList, MoveParseError, Turn, MAX_MOVES,
    MAX_TURN_ACTIONS,
};
pub use geometry::{Compass, Coord, CoordSet, Edge, Shape, SquareNameError};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use record::{Record, REPETITION_COUNT};
pub use score::Score;
pub use seat::{BySeat, Seat};
