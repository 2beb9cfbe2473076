//! Not A Chess Variant as the search sees it: evaluation and move-ordering facts.
//!
//! What matters in this game is who can move at all: every piece but the King needs exactly one
//! wire to cross. So beside material the evaluation counts each piece's destinations under the
//! wires as they are, the enemy's reach into the squares around each King, and the King's open
//! doors (an attack on a King always arrives through an orthogonal neighbour that is empty or
//! holds the attacker). Wire placements are ordered by where they act: next to the Kings first.
//!
//! Both loop rules (`notachessvariant`, and `notachessweak`: N11 in protocol-docs/variants.md)
//! share it; the only place the rule shows is which wires remove others (`is_hopeless`).

use crate::search::Searchable;
use crate::variants::chess::Color;
use crate::variants::wires::board::{
    distance, neighbours, orthogonal_neighbours, squares, EdgeId, Square, SquareSet,
};
use crate::variants::wires::pieces::Role;
use crate::variants::wires::{Action, LoopRule, Phase, Position};

/// Material by [`Role`] order: King, Rook, Android, Caretaker, WireRider, Short Windrider. In
/// proportion to each kind's average number of destinations in self-play positions (the
/// `mobility_survey` test; protocol-docs/variants.md).
pub const VALUE: [i32; 6] = [0, 350, 420, 650, 250, 430];
/// Per destination a piece has now, by role.
const MOBILITY: [i32; 6] = [1, 9, 9, 8, 8, 8];
/// Per square around a King that an enemy piece can move to.
const KING_ZONE_ATTACK: i32 = 30;
/// Per orthogonal neighbour of a King that is empty or enemy (a way in).
const OPEN_DOOR: i32 = 12;
/// A piece of the side not to move that an enemy piece can take: this share (percent).
const HANGING_PERCENT: i32 = 30;
/// Per wire on an edge of a square next to the enemy King (crossings for attackers there).
const WIRE_NEAR_ENEMY_KING: i32 = 4;
const TEMPO: i32 = 12;

/// Every square `color`'s pieces can move to, and their mobility score.
fn reach<L: LoopRule>(pos: &Position<L>, color: Color) -> (SquareSet, i32) {
    let mut all = 0;
    let mut mobility = 0;
    for from in squares(pos.pieces_of(color)) {
        let Some(p) = pos.piece_at(from) else { continue };
        let targets = pos.piece_destinations(from);
        all |= targets;
        mobility += MOBILITY[p.role as usize] * targets.count_ones() as i32;
    }
    (all, mobility)
}

/// Wires on the edges of the squares of `zone`.
fn wires_around<L: LoopRule>(pos: &Position<L>, zone: SquareSet) -> i32 {
    let w = pos.wires();
    let touching = |sq: Square| {
        [
            w.horizontal >> (sq + 8) & 1,
            w.horizontal >> sq & 1,
            w.vertical >> sq & 1,
            w.vertical >> (sq + 1) & 1,
        ]
        .iter()
        .sum::<u64>() as i32
    };
    squares(zone).map(touching).sum()
}

fn white_view<L: LoopRule>(pos: &Position<L>) -> i32 {
    let (white_reach, white_mobility) = reach(pos, Color::White);
    let (black_reach, black_mobility) = reach(pos, Color::Black);
    let reach_of = |c: Color| if c == Color::White { white_reach } else { black_reach };
    let mut score = white_mobility - black_mobility;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let enemy_reach = reach_of(!color);
        let mut side_score = 0;
        for sq in squares(pos.pieces_of(color)) {
            let Some(p) = pos.piece_at(sq) else { continue };
            side_score += VALUE[p.role as usize];
            if p.role != Role::King && color != pos.side() && enemy_reach >> sq & 1 != 0 {
                side_score -= VALUE[p.role as usize] * HANGING_PERCENT / 100;
            }
        }
        let king = pos.king(color);
        let zone = neighbours(king);
        side_score -= KING_ZONE_ATTACK * (zone & enemy_reach).count_ones() as i32;
        side_score -= OPEN_DOOR * (orthogonal_neighbours(king) & !pos.pieces_of(color)).count_ones() as i32;
        side_score -= WIRE_NEAR_ENEMY_KING * wires_around(pos, zone);
        score += sign * side_score;
    }
    score
}

/// Closeness of an edge to a square: the smaller Chebyshev distance of its two sides.
fn edge_distance(e: EdgeId, sq: Square) -> u8 {
    let (a, b) = e.sides();
    [a, b].into_iter().flatten().map(|s| distance(s, sq)).min().unwrap_or(u8::MAX)
}

/// Whether a Rook or Caretaker stands on the line that crosses edge `e`.
fn on_slider_line<L: LoopRule>(pos: &Position<L>, e: EdgeId) -> bool {
    let b = e.bit_index();
    squares(pos.all_pieces())
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| matches!(p.role, Role::Rook | Role::Caretaker)))
        .any(|sq| if e.is_horizontal() { sq & 7 == b & 7 } else { sq >> 3 == b >> 3 })
}

impl<L: LoopRule> Searchable for Position<L> {
    fn evaluate(&self) -> i32 {
        let white = white_view(self);
        let view = if self.side() == Color::White { white } else { -white };
        view + TEMPO
    }

    fn in_check(&self) -> bool {
        // Only at the start of a turn: inside one, the wire still to come may parry.
        matches!(self.phase(), Phase::Move) && self.king_attacked(self.side())
    }

    fn is_noisy(&self, m: Action) -> bool {
        matches!(m, Action::Move { to, .. } if self.piece_at(to).is_some())
    }

    fn noisy_order(&self, m: Action) -> i32 {
        match m {
            Action::Move { from, to } => {
                let victim = self.piece_at(to).map_or(0, |p| VALUE[p.role as usize]);
                let attacker = self.piece_at(from).map_or(0, |p| VALUE[p.role as usize]);
                victim * 16 - attacker
            }
            _ => 0,
        }
    }

    fn null_move(&self) -> Option<Self> {
        // A whole turn passed, only between turns and never in check.
        if self.phase() != Phase::Move || Searchable::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Action) -> usize {
        let side = self.side() as usize;
        match m {
            Action::Move { from, to } => {
                let role = self.piece_at(from).map_or(0, |p| p.role as usize);
                (side * 6 + role) * 64 + to as usize
            }
            Action::Pass => 768 + side,
            Action::Wire(e) => 1024 + side * 128 + e.0 as usize,
        }
    }

    fn pack_move(m: Action) -> u32 {
        match m {
            Action::Move { from, to } => 1 << 16 | u32::from(from) << 8 | u32::from(to),
            Action::Pass => 2 << 16,
            Action::Wire(e) => 3 << 16 | u32::from(e.0),
        }
    }

    fn quiet_order(&self, m: Action) -> i32 {
        let Action::Wire(e) = m else { return 0 };
        let enemy_king = edge_distance(e, self.king(!self.side()));
        let own_king = edge_distance(e, self.king(self.side()));
        let near = |d: u8, close: i32, far: i32| match d {
            0 | 1 => close,
            2 => far,
            _ => 0,
        };
        near(enemy_king, 3000, 1500) + near(own_king, 2000, 800)
    }

    fn is_hopeless(&self, m: Action) -> bool {
        // A wire three squares or more from every piece, off every Rook's and Caretaker's lines,
        // that removes no wires (closes no loop under N2, no square's outline under N11), rarely
        // changes a move soon. (A WireRider may still ride it later: this is pruning away from
        // the principal variation, not a rule.)
        let Action::Wire(e) = m else { return false };
        let far = squares(self.all_pieces()).all(|sq| edge_distance(e, sq) >= 3);
        far && !on_slider_line(self, e) && !L::removes(&self.wires(), e)
    }

    fn draw_by_rule(&self) -> bool {
        // The no-capture rule holds between turns unless the side to move is mated.
        !self.is_mid_turn()
            && self.halfmove() >= crate::variants::wires::NO_CAPTURE_TURNS
            && crate::core::Game::count_legal_moves(self) > 0
    }
}
