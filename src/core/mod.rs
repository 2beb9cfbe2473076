//! The vocabulary every variant shares. Imports nothing else from the crate.

mod diagram;
mod game;
pub mod geometry;
mod outcome;
mod record;
mod score;
mod seat;
pub mod zobrist;

pub use diagram::{Cell, Diagram};
pub use game::{Game, InvariantError, MoveErrorKind, MoveList, MoveParseError, MAX_MOVES};
pub use geometry::{Compass, Coord, CoordSet, Edge, Shape, SquareNameError};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use record::{Record, REPETITION_COUNT};
pub use score::Score;
pub use seat::{BySeat, Seat};
