//! Fimbriation Chess (Gilman; protocol-docs/variants.md M1-M8): four seats on a 144-square cross.
//!
//! FIDE armies in the corners of the cross, One Foot in the Grave for knight leaps and diagonal
//! steps (baked into the move tables of [`board`]), pawns in four directions, castling along
//! both arms, and the four-seat rules: a King attacked by the seat about to move is removed at
//! the start of that seat's turn and its army is recruited (M7); a seat with no legal move passes
//! (`pass`); the last seat standing wins. Readings beyond the rulings are in
//! protocol-docs/variants.md.

pub mod board;
mod position;
mod text;

pub use position::{
    castling, pawn_line_of, pawn_lines, Arm, Castling, EnPassant, Fimbriation, Move, MoveKind, Piece, Role,
    BLUE, GREEN, NO_PROGRESS_PLIES, RED, SEATS, SEAT_LETTERS, YELLOW,
};
pub use text::{default_pawn_direction, seat_from_letter, seat_letter, SetupError, START};

use crate::core::Armies;
use crate::core::{
    Cell, Coord, Diagram, DrawReason, Game, InvariantError, MoveErrorKind, MoveList, MoveParseError, Outcome,
    Seat, WinReason,
};
use crate::variants::{Variant, VariantInfo, XboardBoard, XboardRefusal, XboardSupport};
use board::{coord, square, Square, SIDE};

pub const FIMBRIATION_INFO: VariantInfo = VariantInfo {
    variant: Variant::Fimbriation,
    name: "fimbriation",
    aliases: &["fimbriation-chess"],
    description: "Gilman: four seats on a 144-square cross; a checkmated army joins the seat that mated it",
    // XBoard has no four-seat games: engines play it over CECP in jester's notation, people in
    // `jester serve` (protocol-docs/xboard.md).
    xboard: XboardSupport::Refused(XboardRefusal {
        cannot_show: "four players: its boards have two colours",
        board: empty_cross,
    }),
    bench: &[START],
};

/// The cross without its pieces, for XBoard (which has no four-seat armies to draw): 14x14 with
/// the corners and the centre as holes.
fn empty_cross(_: Armies) -> XboardBoard {
    let corner = "***8***";
    let rank = |r: usize| match r {
        1..=3 | 12..=14 => corner,
        6..=9 => "5****5",
        _ => "14",
    };
    let ranks: Vec<&str> = (1..=14).rev().map(rank).collect();
    XboardBoard {
        piece_to_char: "PNBRQKpnbrqk".to_string(),
        geometry: "14x14+0_fairy",
        fen: format!("{} w - - 0 1", ranks.join("/")),
    }
}

/// Seat names for people, in turn order.
pub const SEAT_NAMES: [&str; SEATS] = ["Red", "Blue", "Yellow", "Green"];

impl Game for Fimbriation {
    type Move = Move;
    type SetupError = SetupError;

    const NAME: &'static str = "fimbriation";

    fn start() -> Self {
        Fimbriation::start_position()
    }

    fn from_text(text: &str) -> Result<Self, SetupError> {
        Fimbriation::from_text(text)
    }

    fn to_text(&self) -> String {
        Fimbriation::to_text(self)
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn to_move(&self) -> Seat {
        self.side()
    }

    fn seat_name(&self, seat: Seat) -> String {
        SEAT_NAMES.get(seat.index()).map_or_else(|| seat.to_string(), |n| n.to_string())
    }

    fn is_live(&self, seat: Seat) -> bool {
        Fimbriation::is_live(self, seat)
    }

    fn elimination_order(&self) -> Vec<Seat> {
        self.eliminated().to_vec()
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate(out);
    }

    fn count_legal_moves(&self) -> usize {
        self.count_legal()
    }

    fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m:?} in {}", self.to_text());
        self.apply(m);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_over() {
            let winner = (0..SEATS as u8).map(Seat).find(|&s| self.is_live(s)).unwrap_or(self.side());
            return Some(Outcome::Win { winner, reason: WinReason::LastSeatStanding });
        }
        (self.halfmove() >= NO_PROGRESS_PLIES).then_some(Outcome::Draw { reason: DrawReason::MoveRule })
    }

    fn reversible_plies(&self) -> usize {
        self.halfmove() as usize
    }

    fn key(&self) -> u64 {
        self.full_key()
    }

    fn recomputed_key(&self) -> u64 {
        self.compute_key() ^ self.compute_ep_key()
    }

    fn render_move(&self, m: Move) -> String {
        self.move_token(m)
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveParseError> {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        let pass = matches!(token, "pass" | "0000" | "@@@@");
        moves
            .into_iter()
            .find(|&m| if pass { m == Move::PASS } else { self.move_token(m) == token })
            .ok_or_else(|| MoveParseError::new(token, MoveErrorKind::NotLegal))
    }

    fn move_squares(&self, m: Move) -> Vec<Coord> {
        match m.kind {
            MoveKind::Pass => Vec::new(),
            MoveKind::Castle(arm) => {
                let c = castling(self.side(), arm);
                vec![coord(c.king_from), coord(c.king_to), coord(c.rook_from), coord(c.rook_to)]
            }
            _ => vec![coord(m.from), coord(m.to)],
        }
    }

    fn move_number(&self) -> u32 {
        self.fullmove()
    }

    fn diagram(&self) -> Diagram {
        let mut cells = Vec::with_capacity(SIDE as usize * SIDE as usize);
        for rank in 0..SIDE {
            for file in 0..SIDE {
                let sq: Square = square(file, rank);
                cells.push(if !board::is_square(sq as usize) {
                    Cell::Hole
                } else {
                    match self.piece_at(sq) {
                        None => Cell::Empty,
                        Some(p) => {
                            Cell::Pieces(vec![format!("{}{}", seat_letter(p.owner()), p.role().letter())])
                        }
                    }
                });
            }
        }
        let mut to_move = format!("{} to move", SEAT_NAMES[self.side().index()]);
        if self.in_check() {
            to_move.push_str(" (in check)");
        }
        let live: Vec<&str> =
            (0..SEATS as u8).filter(|&s| self.is_live(Seat(s))).map(|s| SEAT_NAMES[s as usize]).collect();
        let out: Vec<&str> = self.eliminated().iter().map(|s| SEAT_NAMES[s.index()]).collect();
        let mut notes = vec![to_move, format!("In play: {}", live.join(", "))];
        if !out.is_empty() {
            notes.push(format!("Eliminated, in order: {}", out.join(", ")));
        }
        notes.push(format!("Plies without capture or pawn move: {}", self.halfmove()));
        Diagram { files: SIDE, ranks: SIDE, cells, notes, wires: Vec::new() }
    }

    fn validate(&self) -> Result<(), InvariantError> {
        self.check_invariants().map_err(InvariantError)
    }
}

#[cfg(test)]
mod tests;
