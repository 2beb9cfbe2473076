//! The `Game` trait: what every variant provides to search, protocols and tools.

use super::army::has_armies_field;
use super::{Armies, Army, Diagram, Outcome, Seat};
use std::fmt::{self, Debug};
use std::hash::Hash;

/// The most legal actions any position of any variant may have.
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity move list: no allocation per node.
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;

/// The most actions one turn may have (Not A Chess Variant's opening places five wires).
pub const MAX_TURN_ACTIONS: usize = 8;

/// The actions of one turn, in the order they are played.
pub type Turn<M> = arrayvec::ArrayVec<M, MAX_TURN_ACTIONS>;

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

    /// The variant's canonical name (protocol-docs/notation.md).
    const NAME: &'static str;

    /// Whether each side chooses its army (Chess with Different Armies, protocol-docs/variants.md A4).
    const ARMIES: bool = false;

    /// The variant's start position.
    fn start() -> Self;
    /// The start position with these armies (A4); `None` where the variant has no such choice
    /// (only FIDE v FIDE is then accepted, as the plain start).
    fn start_with_armies(armies: Armies) -> Option<Self> {
        (armies == [Army::Fide; 2]).then(Self::start)
    }
    /// White's and Black's armies; FIDE v FIDE in variants without armies.
    fn armies(&self) -> Armies {
        [Army::Fide; 2]
    }
    /// Reads a position text whose armies field, if it has none, is `armies` (the engine's
    /// WhiteArmy/BlackArmy options, the CLI flags): the text's own field wins.
    fn from_text_with_armies(text: &str, armies: Armies) -> Result<Self, Self::SetupError> {
        if Self::ARMIES && armies != [Army::Fide; 2] && !has_armies_field(text) {
            Self::from_text(&format!("{} {}", text.trim(), Army::write_pair(armies)))
        } else {
            Self::from_text(text)
        }
    }
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

    /// Whether the seat is still in the game (four-seat variants eliminate seats: Fimbriation M7).
    fn is_live(&self, _seat: Seat) -> bool {
        true
    }
    /// The seats eliminated so far, first out first; empty for two-seat variants.
    fn elimination_order(&self) -> Vec<Seat> {
        Vec::new()
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

    /// Whether the seat to move has begun its turn with earlier actions (Not A Chess Variant:
    /// the piece has moved and the wire is due). Protocols, records and perft speak in whole
    /// turns, so they only stop at positions where this is false. Every position inside a turn
    /// has at least one legal action: variants offer no action that cannot be completed.
    fn mid_turn(&self) -> bool {
        false
    }
    /// Whether every legal action here ends the turn (perft counts such a node in bulk).
    fn last_action_of_turn(&self) -> bool {
        true
    }

    /// The outcome judged from this position alone (mate, stalemate, move-count rule, material);
    /// repetition needs the game's history: see [`super::Record::outcome`].
    fn outcome(&self) -> Option<Outcome>;
    /// Plies since the last irreversible action: positions further back cannot repeat this one.
    fn reversible_plies(&self) -> usize;

    /// The Zobrist key, maintained incrementally by [`Game::play`].
    fn key(&self) -> u64;
    /// The Zobrist key computed from scratch (tests compare it with [`Game::key`]).
    fn recomputed_key(&self) -> u64;

    /// The canonical token of a legal action (protocol-docs/notation.md).
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

    /// The token of a whole turn whose actions, played from here, are `actions` (protocol-docs/notation.md).
    /// Variants with several actions per turn join them; the default is the one action's token.
    fn render_turn(&self, actions: &[Self::Move]) -> String {
        let mut pos = self.clone();
        let mut tokens = Vec::with_capacity(actions.len());
        for &m in actions {
            tokens.push(pos.render_move(m));
            pos.play(m);
        }
        tokens.join(" ")
    }
    /// Reads the token of the rest of the current turn into its actions, each legal where it is
    /// played. The default reads one action.
    fn parse_turn(&self, token: &str) -> Result<Turn<Self::Move>, MoveParseError> {
        let mut turn = Turn::new();
        turn.push(self.parse_move(token)?);
        Ok(turn)
    }

    /// The squares an action moves from and to, as (from, to) pairs one after another: one pair
    /// for an ordinary move, one per leg for a Tirebiter move, `from == to` for an action on one
    /// square (FireFighter arson). Empty for an action that moves nothing (a wire, a pass).
    /// Pictures mark the last move with them; the browser board matches clicks against them.
    fn move_squares(&self, _m: Self::Move) -> Vec<super::Coord> {
        Vec::new()
    }

    /// The edge an action places something on (Not A Chess Variant's wires), in canonical form.
    fn move_edge(&self, _m: Self::Move) -> Option<super::Edge> {
        None
    }

    /// The move number of the position (FEN's fullmove counter), where game scores number from.
    fn move_number(&self) -> u32 {
        1
    }

    /// The token of a whole turn for people reading a game score (PGN movetext): SAN where the
    /// variant has it (the chess family), else the canonical token of [`Game::render_turn`].
    fn render_turn_for_score(&self, actions: &[Self::Move]) -> String {
        self.render_turn(actions)
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

/// Calls `visit` with the actions of every legal turn from `pos` (the rest of the current turn
/// if `pos` is inside one), depth first in the order of the legal action lists.
pub fn for_each_turn<G: Game>(pos: &G, mut visit: impl FnMut(&[G::Move], &G)) {
    fn walk<G: Game>(pos: &G, prefix: &mut Turn<G::Move>, visit: &mut dyn FnMut(&[G::Move], &G)) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &m in &moves {
            let mut child = pos.clone();
            child.play(m);
            if prefix.try_push(m).is_err() {
                continue; // a turn longer than MAX_TURN_ACTIONS: no variant has one
            }
            if child.mid_turn() {
                walk(&child, prefix, visit);
            } else {
                visit(prefix, &child);
            }
            prefix.pop();
        }
    }
    walk(pos, &mut Turn::new(), &mut visit);
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
