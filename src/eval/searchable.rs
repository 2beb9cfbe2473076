//! `normal` as the search sees it: evaluation and move-ordering facts.

use crate::search::Searchable;
use crate::variants::chess::{movegen, Move, MoveKind, Position, Role, Rules};

/// Piece values for MVV/LVA ordering only (evaluation has its own).
const ORDER_VALUE: [i32; Role::COUNT] =
    [100, 300, 300, 500, 900, 10_000, 330, 500, 300, 450, 850, 480, 300, 400, 900, 400, 300, 450, 900];

impl<R: Rules> Searchable for Position<R> {
    fn evaluate(&self) -> i32 {
        super::normal::evaluate(self)
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        self.piece_at(m.to()).is_some() || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion(_))
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let victim = match m.kind() {
            MoveKind::EnPassant => ORDER_VALUE[Role::Pawn as usize],
            _ => self.piece_at(m.to()).map_or(0, |p| ORDER_VALUE[p.role as usize]),
        };
        let attacker = self.piece_at(m.from()).map_or(0, |p| ORDER_VALUE[p.role as usize]);
        let promotion = m.promotion().map_or(0, |r| ORDER_VALUE[r as usize]);
        victim * 16 + promotion * 16 - attacker
    }

    fn null_move(&self) -> Option<Self> {
        // Zugzwang guard: with only king and pawns, passing is no proof of anything.
        let us = self.turn();
        let pieces = self.color_bb(us) & !self.role_bb(Role::Pawn) & !self.role_bb(Role::King);
        if pieces.is_empty() || Position::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let piece = self.piece_at(m.from()).map_or(0, |p| p.color as usize * Role::COUNT + p.role as usize);
        piece * 64 + m.to().index()
    }

    fn pack_move(m: Move) -> u32 {
        m.bits()
    }

    fn draw_by_rule(&self) -> bool {
        if !R::ARMIES && self.is_insufficient_material() {
            return true;
        }
        // The 100th reversible ply draws unless it delivered mate.
        self.halfmove_clock() >= 100 && !(Position::in_check(self) && movegen::count_legal_moves(self) == 0)
    }
}
