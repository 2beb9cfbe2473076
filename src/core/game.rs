//! The `Game` trait: what every variant provides to search, protocols and tools.

use super::{Diagram, Outcome, Seat};
use std::fmt::{self, Debug};
use std::hash::Hash;

/// The most legal actions any position of any variant may have.
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity move list: no allocation per node.
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;

/// A position of one variant, with its rules.
///
/// A value is a validated position (the invariants each variant documents hold); unvalidated
/// input goes through [`Game::from_text`]. Positions are cheap to clone: search and perft use
/// copy-make. History that spans positions (repetition) lives in [`super::Record`], not here.
///
/// Nothing here assumes two seats that alternate: a seat may act several times in a row (a turn
/// made of several actions), and [`Game::to_move`] is the only source of truth for who acts next.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// One action. Variants whose turns consist of several actions make each one a move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Why a position text was rejected.
    type SetupError: std::error::Error + Send + Sync + 'static;

    /// The variant's canonical name (NOTATION.md).
    const NAME: &'static str;

    /// The variant's start position.
    fn start() -> Self;
    /// Reads a position text (FEN or the variant's extension of it).
    fn from_text(text: &str) -> Result<Self, Self::SetupError>;
    /// Writes the position text; `from_text(&p.to_text())` gives back `p`.
    fn to_text(&self) -> String;

    /// How many seats the variant has.
    fn seats(&self) -> usize;
    /// The seat that acts next.
    fn to_move(&self) -> Seat;
    /// The seat's name for people: White and Black unless the variant names its seats.
    fn seat_name(&self, seat: Seat) -> String {
        match seat {
            Seat::WHITE => "White".to_string(),
            Seat::BLACK => "Black".to_string(),
            other => other.to_string(),
        }
    }

    /// Appends every legal action of the seat to move.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);
    /// The number of legal actions; variants override this with a faster count (perft's bulk
    /// counting at the leaves).
    fn count_legal_moves(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }
    /// Plays a legal action. Playing anything else is a logic error (checked in debug builds).
    fn play(&mut self, m: Self::Move);

    /// The outcome judged from this position alone (mate, stalemate, move-count rule, material);
    /// repetition needs the game's history: see [`super::Record::outcome`].
    fn outcome(&self) -> Option<Outcome>;
    /// Plies since the last irreversible action: positions further back cannot repeat this one.
    fn reversible_plies(&self) -> usize;

    /// The Zobrist key, maintained incrementally by [`Game::play`].
    fn key(&self) -> u64;
    /// The Zobrist key computed from scratch (tests compare it with [`Game::key`]).
    fn recomputed_key(&self) -> u64;

    /// The canonical token of a legal action (NOTATION.md).
    fn render_move(&self, m: Self::Move) -> String;
    /// Reads an action by membership: renders each legal action and compares, so malformed and
    /// illegal tokens are one check. Variants may accept extra forms (SAN) on top.
    fn parse_move(&self, token: &str) -> Result<Self::Move, MoveParseError> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.render_move(m) == token)
            .ok_or_else(|| MoveParseError::new(token, MoveErrorKind::NotLegal))
    }

    /// A picture of the position for renderers.
    fn diagram(&self) -> Diagram;

    /// Checks the invariants the variant documents for its positions.
    fn validate(&self) -> Result<(), InvariantError>;
    /// [`Game::validate`] in debug builds, panicking on a broken invariant: called at the top of
    /// perft and search, where a broken position is a bug, not bad input.
    #[inline]
    fn debug_validate(&self) {
        #[cfg(debug_assertions)]
        if let Err(e) = self.validate() {
            panic!("{} position {} is invalid: {e}", Self::NAME, self.to_text());
        }
    }
}

/// A position invariant that does not hold (a bug, never bad input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvariantError(pub &'static str);

impl fmt::Display for InvariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for InvariantError {}

/// Why a move token was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// Not the token of any legal action here (malformed, or a move that is not legal).
    NotLegal,
    /// Matches more than one legal action (an under-specified SAN move).
    Ambiguous,
}

/// A move token that could not be read, with the token itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    pub token: String,
    pub kind: MoveErrorKind,
}

impl MoveParseError {
    pub fn new(token: &str, kind: MoveErrorKind) -> MoveParseError {
        MoveParseError { token: token.to_string(), kind }
    }
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveErrorKind::NotLegal => write!(f, "illegal move '{}'", self.token),
            MoveErrorKind::Ambiguous => write!(f, "ambiguous move '{}'", self.token),
        }
    }
}

impl std::error::Error for MoveParseError {}
