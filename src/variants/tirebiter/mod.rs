//! Tirebiter Chess and Nick Danger Chess (Betza; readings T1-T9 in protocol-docs/variants.md):
//! pieces that stand on several squares at once. A normal piece that captures must take
//! everything it could legally take on its own, and then stands on every captured square (T2);
//! such a Tirebiter piece moves all its locations by one vector or gathers them on one square
//! (T3); it falls when any location is captured (T4), and checks only through a complete
//! composite capture (T5). Nick Danger adds forced splitting onto every square at the distance
//! that the piece could legally reach alone (T8).
//!
//! Each piece is a bitboard of squares; a move is the piece plus what it does (a vector, a
//! target, a distance, and for a composite capture or split the squares it goes to), and its legs
//! are derived from the position. Legality is tested on the board a move leaves, worked out
//! without playing it; the moves of pieces that cannot expose their King skip the test.

mod notation;
mod position;
mod rules;
mod text;

#[cfg(test)]
mod tests;

pub use position::{
    capture_pattern, steps, Leg, Move, MoveKind, TirebiterPosition, Unit, CASTLINGS, MAX_LEGS, MAX_PIECES,
};
pub use rules::{NickDanger, Rules, Tirebiter};
pub use text::{SetupError, START};

use crate::core::{
    Cell, Diagram, DrawReason, Game, InvariantError, MoveList, MoveParseError, Outcome, WinReason,
};
use crate::variants::chess::attacks::pawn_attacks;
use crate::variants::chess::info::eight_by_eight_board;
use crate::variants::chess::{Bitboard, Color, Role, Square};
use crate::variants::{Variant, VariantInfo, XboardRefusal, XboardSupport};

pub const TIREBITER_INFO: VariantInfo = VariantInfo {
    variant: Variant::Tirebiter,
    name: "tirebiter",
    aliases: &["tire-biter"],
    description: "Betza: a capture takes everything it can, and the piece stands on every square it took",
    // XBoard's pieces stand on one square, and its multi-leg moves chain one piece's steps.
    xboard: XboardSupport::Refused(TIREBITER_REFUSAL),
    bench: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6",
    ],
};

const TIREBITER_REFUSAL: XboardRefusal = XboardRefusal {
    cannot_show: "a piece standing on several squares, nor a move that takes it to several at once",
    board: eight_by_eight_board,
};

pub const NICK_DANGER_INFO: VariantInfo = VariantInfo {
    variant: Variant::NickDanger,
    name: "nickdanger",
    aliases: &["nick-danger"],
    description:
        "Betza: Tirebiter Chess, where even quiet moves split a piece over every square at its distance",
    xboard: XboardSupport::Refused(TIREBITER_REFUSAL),
    bench: &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"],
};

impl<R: Rules> TirebiterPosition<R> {
    /// Keeps only the en passant squares an en passant capture of the side to move could be
    /// played onto on its own, so that equal positions have equal keys and texts (as in
    /// `normal`): a normal pawn's single capture there leaves its King safe (by T2 it then joins
    /// the pawn's composite capture, and changes it, or makes it illegal through an enemy
    /// Tirebiter piece), or a Tirebiter pawn has a legal move with a leg there. Any other passed
    /// square changes no move (protocol-docs/notation.md).
    fn canonicalise_en_passant(&mut self) {
        if self.en_passant.is_empty() {
            return;
        }
        let us = self.side;
        let mut used = Bitboard::EMPTY;
        let mut tirebiter_pawn_attacks = Bitboard::EMPTY;
        for (slot, u) in self.units() {
            if u.color != us || u.role != Role::Pawn {
                continue;
            }
            if u.is_tirebiter() {
                for s in u.squares {
                    tirebiter_pawn_attacks |= pawn_attacks(us, s);
                }
                continue;
            }
            for target in pawn_attacks(us, u.squares.first()) & self.en_passant {
                if self.legal_alone(slot as u8, MoveKind::CaptureAll, target) {
                    used |= target.bb();
                }
            }
        }
        if (tirebiter_pawn_attacks & self.en_passant & !used).nonempty() {
            let mut moves = MoveList::new();
            self.generate_legal(&mut moves);
            for &m in moves.iter() {
                if self.unit(m.slot as usize).is_some_and(|u| u.role == Role::Pawn && u.is_tirebiter()) {
                    for leg in self.legs(m) {
                        used |= leg.to.bb() & self.en_passant;
                    }
                }
            }
        }
        let kept = self.en_passant & used;
        if kept != self.en_passant {
            self.key ^= self.state_key();
            self.en_passant = kept;
            self.key ^= self.state_key();
        }
    }

    /// The canonical token of a move: its legs, sorted, joined by `,`.
    pub fn token(&self, m: Move) -> String {
        let promotion = m.promotion.map(|r| r.upper().to_ascii_lowercase());
        let mut legs: Vec<String> = self
            .legs(m)
            .iter()
            .map(|leg| {
                let mut s = format!("{}{}", leg.from, leg.to);
                if let Some(p) = promotion {
                    s.push(p);
                }
                s
            })
            .collect();
        legs.sort();
        legs.join(",")
    }

    /// Every legal move with its token.
    pub fn legal_tokens(&self) -> Vec<(Move, String)> {
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        moves.iter().map(|&m| (m, self.token(m))).collect()
    }
}

impl<R: Rules> Game for TirebiterPosition<R> {
    type Move = Move;
    type SetupError = SetupError;
    const NAME: &'static str = R::NAME;
    // The author "would prefer that you play this game with different armies".
    const ARMIES: bool = true;

    // start, start_with_armies, armies, from_text, to_text, seats, to_move, legal_moves, play,
    // reversible_plies, key, recomputed_key and move_number, written once for both.
    crate::variants::fields::game_glue!(text, "-");

    fn count_legal_moves(&self) -> usize {
        self.count_legal()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(if self.in_check() {
                Outcome::Win { winner: (!self.side).seat(), reason: WinReason::Checkmate }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        (self.halfmove >= 100).then_some(Outcome::Draw { reason: DrawReason::MoveRule })
    }

    fn move_squares(&self, m: Move) -> Vec<crate::core::Coord> {
        self.legs(m)
            .iter()
            .flat_map(|leg| [leg.from, leg.to])
            .map(|s| crate::core::Coord::new(s.file(), s.rank()))
            .collect()
    }

    fn render_move(&self, m: Move) -> String {
        self.token(m)
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveParseError> {
        notation::parse(self, token)
    }

    fn render_turn_for_score(&self, actions: &[Move]) -> String {
        match actions {
            [m] => notation::score_token(self, *m),
            _ => self.render_turn(actions),
        }
    }

    fn diagram(&self) -> Diagram {
        let mut cells = Vec::with_capacity(64);
        // Tirebiter pieces are numbered so their squares can be matched: `N1` on e5, f6, h6.
        let mut numbers = [0usize; 32];
        let mut next = 0;
        for (slot, u) in self.units() {
            if u.is_tirebiter() {
                next += 1;
                numbers[slot] = next;
            }
        }
        for index in 0..64 {
            let square = Square::new(index);
            cells.push(match self.unit_at(square) {
                None => Cell::Empty,
                Some((slot, u)) if numbers[slot] > 0 => {
                    Cell::Pieces(vec![format!("{}{}", u.letter(), numbers[slot])])
                }
                Some((_, u)) => Cell::Pieces(vec![u.letter().to_string()]),
            });
        }
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let mut notes = vec![format!("{} to move", name(self.side))];
        for (slot, u) in self.units() {
            if numbers[slot] > 0 {
                notes.push(format!(
                    "{}{}: one Tirebiter {} on {}",
                    u.letter(),
                    numbers[slot],
                    name(u.color),
                    text::square_list(u.squares)
                ));
            }
        }
        Diagram { files: 8, ranks: 8, cells, notes, wires: Vec::new() }
    }

    fn validate(&self) -> Result<(), InvariantError> {
        let mut seen = Bitboard::EMPTY;
        for (slot, u) in self.units() {
            if (seen & u.squares).nonempty() || u.squares.is_empty() {
                return Err(InvariantError("pieces overlap or a piece has no square"));
            }
            seen |= u.squares;
            if u.squares.into_iter().any(|s| self.owner[s.index()] as usize != slot) {
                return Err(InvariantError("square map disagrees with a piece"));
            }
            if u.role == Role::Pawn && u.squares.into_iter().any(|s| s.rank() != u.squares.first().rank()) {
                return Err(InvariantError("a Tirebiter pawn on several ranks"));
            }
        }
        if seen != self.occupied() {
            return Err(InvariantError("occupancy disagrees with the pieces"));
        }
        let mut by_role = [Bitboard::EMPTY; Role::COUNT];
        let (mut multi, mut tirebiter_slots) = (Bitboard::EMPTY, 0u32);
        for (slot, u) in self.units() {
            by_role[u.role as usize] |= u.squares;
            if u.is_tirebiter() {
                multi |= u.squares;
                tirebiter_slots |= 1 << slot;
            }
        }
        if by_role != self.by_role || multi != self.multi || tirebiter_slots != self.tirebiter_slots {
            return Err(InvariantError("role boards disagree with the pieces"));
        }
        if self.key != self.compute_key() {
            return Err(InvariantError("incremental key differs from the recomputed key"));
        }
        if self.king_in_check(!self.side) {
            return Err(InvariantError("the side not to move is in check"));
        }
        Ok(())
    }
}
