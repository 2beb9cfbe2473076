//! Not A Chess Variant (Muñiz; protocol-docs/variants.md N1-N10): 41 squares, wires on the edges of squares,
//! and the mobility rule: every piece but the King must cross exactly one wire when it moves.
//! Its weakened loop rule (`notachessweak`, N11 in protocol-docs/variants.md: only a square's
//! outline is removed) is the same position type with another [`LoopRule`], chosen at compile
//! time: [`WirePosition`] and [`WeakWirePosition`] are `Position<WholeLoops>` and
//! `Position<SquareLoops>`.
//!
//! A turn is several actions of one seat (the search sees the whole turn as one move): the opening turn places five
//! wires, one action each, in increasing edge order so that each set of five is reached once;
//! every later turn is a piece move (or a pass) and then a wire. Check is judged when the turn
//! is complete (N9), so a piece move is offered only if some wire then leaves the King safe, and
//! the search and perft never meet a turn they cannot finish. Protocols join a turn's actions
//! into one token (`b2b5/c4n`, `b3n,c4e,d2n,e5e,f3n`).

pub mod board;
pub mod forest;
pub mod pieces;
mod position;
pub mod rules;
mod text;

pub use position::{Action, Phase, Piece, Position, WeakWirePosition, WirePosition, OPENING_WIRES};
pub use rules::{LoopRule, SquareLoops, WholeLoops};
pub use text::{wires_text, SetupError, START};

use crate::core::Armies;
use crate::core::{
    Cell, Compass, Diagram, DrawReason, Edge, Game, InvariantError, MoveList, MoveParseError, Outcome, Seat,
    Turn, WinReason,
};
use crate::variants::chess::Color;
use crate::variants::{Variant, VariantInfo, XboardBoard, XboardRefusal, XboardSupport};
use board::{coord, square_at, BOARD, SIDE};

pub const NACV_INFO: VariantInfo = VariantInfo {
    variant: Variant::NotAChessVariant,
    name: "notachessvariant",
    aliases: &["not-a-chess-variant", "nacv", "wires"],
    description: "Muñiz: 41 squares, wires on the edges; every piece but the King crosses exactly one",
    // XBoard can draw the pieces on the 7x7 board with holes, but not the wires, and reads a turn
    // of a move and a wire, or of five wires, as one piece's multi-leg move
    // (protocol-docs/xboard.md).
    xboard: XboardSupport::Refused(XboardRefusal {
        cannot_show: "wires on the square edges, nor a turn of a move and a wire or of five wires",
        board: nacv_board,
    }),
    bench: &["**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b5n,c3n,c5n,d3n,d5n,e3n,e5n,f3n,f5n 2 2"],
};

pub const NACV_WEAK_INFO: VariantInfo = VariantInfo {
    variant: Variant::NotAChessWeak,
    name: "notachessweak",
    aliases: &["nacvweak", "not-a-chess-variant-weak"],
    description:
        "Not A Chess Variant with the inventor's weaker loop rule: only a square's outline is removed",
    // XBoard is told the same board and pieces as for `notachessvariant`.
    xboard: NACV_INFO.xboard,
    bench: NACV_INFO.bench,
};

/// Not A Chess Variant's pieces for XBoard's piece slots: the Rook as R, the Android in the
/// Archbishop's slot (A), the Caretaker in the Chancellor's (C), the WireRider in the
/// Elephant's (E), the Short Windrider in the Dragon's (D), the King last.
const NACV_TABLE: &str = "...R..EAC.......D....K...r..eac.......d....k";

/// The start for XBoard: the pieces on the 7x7 board with holes; the wires field has no place
/// in a FEN, whose castling and en passant fields are empty instead.
fn nacv_board(_: Armies) -> XboardBoard {
    XboardBoard {
        piece_to_char: NACV_TABLE.to_string(),
        geometry: "7x7+0_fairy",
        fen: "**akca*/redder*/7/7/7/*REDDER/*ACKA** w - - 0 1".to_string(),
    }
}

/// No-capture turns after which the game is drawn (N10).
pub const NO_CAPTURE_TURNS: u32 = 100;

impl<L: LoopRule> Position<L> {
    /// Every legal whole turn from here, as tokens (sorted).
    pub fn legal_turn_tokens(&self) -> Vec<String> {
        let mut tokens = Vec::new();
        crate::core::for_each_turn(self, |turn, _| tokens.push(self.turn_token(turn)));
        tokens.sort_unstable();
        tokens
    }
}

impl<L: LoopRule> Game for Position<L> {
    type Move = Action;
    type SetupError = SetupError;

    const NAME: &'static str = L::NAME;

    fn start() -> Self {
        Position::<L>::from_text(START).unwrap_or_else(|e| unreachable!("start position: {e}"))
    }

    fn from_text(text: &str) -> Result<Self, SetupError> {
        Position::<L>::from_text(text)
    }

    fn to_text(&self) -> String {
        Position::<L>::to_text(self)
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        match self.side() {
            Color::White => Seat::WHITE,
            Color::Black => Seat::BLACK,
        }
    }

    fn legal_moves(&self, out: &mut MoveList<Action>) {
        self.generate(out);
    }

    fn count_legal_moves(&self) -> usize {
        self.count()
    }

    fn play(&mut self, m: Action) {
        debug_assert!(self.is_legal(m), "illegal action {m:?} in {}", self.to_text());
        self.apply(m);
    }

    fn mid_turn(&self) -> bool {
        self.is_mid_turn()
    }

    fn last_action_of_turn(&self) -> bool {
        match self.phase() {
            Phase::Wire { .. } => true,
            Phase::Opening { placed, .. } => placed + 1 == OPENING_WIRES,
            Phase::Move => false,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_mid_turn() {
            return None;
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            // No legal turn: mated, whether or not in check (N9: there is no stalemate).
            let winner = if self.side() == Color::White { Seat::BLACK } else { Seat::WHITE };
            return Some(Outcome::Win { winner, reason: WinReason::Checkmate });
        }
        (self.halfmove() >= NO_CAPTURE_TURNS).then_some(Outcome::Draw { reason: DrawReason::MoveRule })
    }

    fn reversible_plies(&self) -> usize {
        // Two actions a turn; inside a turn, the actions since it began.
        let inside = match self.phase() {
            Phase::Wire { captured: true } => return 0,
            Phase::Wire { captured: false } => 1,
            Phase::Opening { placed, .. } => placed as usize,
            Phase::Move => 0,
        };
        2 * self.halfmove() as usize + inside
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn recomputed_key(&self) -> u64 {
        self.compute_key()
    }

    fn move_squares(&self, m: Action) -> Vec<crate::core::Coord> {
        match m {
            Action::Move { from, to } => vec![coord(from), coord(to)],
            Action::Pass | Action::Wire(_) => Vec::new(),
        }
    }

    fn move_number(&self) -> u32 {
        self.fullmove()
    }

    fn move_edge(&self, m: Action) -> Option<Edge> {
        match m {
            Action::Wire(e) => canonical_edge(e),
            Action::Move { .. } | Action::Pass => None,
        }
    }

    fn render_move(&self, m: Action) -> String {
        self.action_token(m)
    }

    fn render_turn(&self, actions: &[Action]) -> String {
        self.turn_token(actions)
    }

    fn parse_move(&self, token: &str) -> Result<Action, MoveParseError> {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        let wanted = board::EdgeId::parse(token).map(Action::Wire);
        moves
            .into_iter()
            .find(|&m| Some(m) == wanted || self.action_token(m) == token)
            .ok_or_else(|| MoveParseError::new(token, crate::core::MoveErrorKind::NotLegal))
    }

    fn parse_turn(&self, token: &str) -> Result<Turn<Action>, MoveParseError> {
        self.parse_turn_token(token)
    }

    fn diagram(&self) -> Diagram {
        let mut cells = Vec::with_capacity(49);
        for rank in 0..SIDE {
            for file in 0..SIDE {
                let c = crate::core::Coord::new(file, rank);
                cells.push(match square_at(c) {
                    None => Cell::Hole,
                    Some(sq) => match self.piece_at(sq) {
                        None => Cell::Empty,
                        Some(p) => Cell::Pieces(vec![p.letter().to_string()]),
                    },
                });
            }
        }
        let wires = self.wires().iter().filter_map(canonical_edge).collect();
        let side = if self.side() == Color::White { "White" } else { "Black" };
        let doing = match self.phase() {
            Phase::Opening { placed, .. } => {
                format!("opening turn, {placed} of {OPENING_WIRES} wires placed")
            }
            Phase::Move => "to move a piece, then place a wire".to_string(),
            Phase::Wire { .. } => "to place the turn's wire".to_string(),
        };
        let notes = vec![
            format!("{side} {doing}"),
            format!("Wires ({}): {}", self.wires().len(), wires_text(&self.wires())),
            format!("Turns without capture: {}", self.halfmove()),
        ];
        Diagram { files: SIDE, ranks: SIDE, cells, notes, wires }
    }

    fn validate(&self) -> Result<(), InvariantError> {
        debug_assert_eq!(BOARD.count_ones(), 41);
        self.check_invariants().map_err(InvariantError)
    }
}

/// An edge under its canonical name (protocol-docs/notation.md): from the square below or to the left where
/// there is one, else from the square above or to the right.
fn canonical_edge(e: board::EdgeId) -> Option<Edge> {
    let horizontal = e.is_horizontal();
    match e.sides() {
        (Some(sq), _) => {
            Some(Edge { square: coord(sq), side: if horizontal { Compass::North } else { Compass::East } })
        }
        (None, Some(sq)) => {
            Some(Edge { square: coord(sq), side: if horizontal { Compass::South } else { Compass::West } })
        }
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests;
