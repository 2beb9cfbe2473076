//! FireFighter Chess as the search sees it: evaluation and move-ordering facts.
//!
//! The terms the game adds to chess: squirt danger for pieces (and above all the King) on the
//! edge, where one push takes them off the board; fire (a burning piece neither moves nor
//! guards, and the enemy Firefighter may take it over by rescue); the Firefighter itself (an
//! undeclared side threatens squirts with every piece; a lost one threatens none); the unused
//! arson right; crowds of own and enemy pieces, which one capture clears.

use crate::search::Searchable;
use crate::variants::chess::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use crate::variants::chess::{Color, Role, Square};
use crate::variants::firefighter::{FireFighter, Firefighting, Move, MoveKind};

/// Material, by role (P N B R Q K, the Fighting King, then the other armies' pieces in
/// [`Role`] order: Clobberers, Nutty Knights, Rookies; the values of the `normal` evaluation).
const VALUE: [i32; Role::COUNT] =
    [100, 320, 330, 500, 950, 0, 0, 465, 305, 415, 835, 485, 310, 405, 910, 385, 300, 460, 920];
/// Per attacked square, by role (mobility); short-range pieces count each square more.
const MOBILITY: [i32; Role::COUNT] = [0, 4, 4, 2, 1, 0, 0, 2, 4, 4, 2, 2, 4, 4, 1, 2, 4, 4, 1];
/// Centralisation per step towards the centre, by role.
const CENTRE: [i32; Role::COUNT] = [0, 8, 4, 0, 2, 0, 0, 3, 6, 6, 3, 1, 6, 6, 2, 2, 6, 6, 2];
/// Pawn advance per rank beyond the second.
const PAWN_ADVANCE: i32 = 6;
/// A burning piece keeps this share (percent) of its value: it may be extinguished.
const BURNING_KEEPS_PERCENT: i32 = 55;
/// A piece on the edge next to an enemy that may squirt it off: a share of its value (percent).
const EDGE_PUSH_PERCENT: i32 = 25;
/// The King on the edge, per square from which an enemy squirt would push it off and which the
/// enemy attacks or holds.
const KING_PUSH_DANGER: i32 = 45;
/// The King on the edge at all, in the middle game (squirts make the back rank unsafe).
const KING_ON_EDGE: i32 = 20;
/// The Firefighter undeclared (every piece threatens squirts) or lost.
const UNDECLARED: i32 = 25;
const LOST: i32 = -40;
/// The arson right unused: a resource (F6).
const ARSON_UNUSED: i32 = 12;
/// An own piece sharing its square with enemy pieces: one capture takes it too.
const CROWDED_WITH_ENEMY: i32 = 10;
const TEMPO: i32 = 10;

fn centre_steps(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(3) + dr.min(3)
}

fn on_edge(sq: Square) -> bool {
    sq.file() == 0 || sq.file() == 7 || sq.rank() == 0 || sq.rank() == 7
}

/// Squares from which `color`'s pieces may squirt (F2), as a bitboard.
fn squirters(pos: &FireFighter, color: Color) -> crate::variants::chess::Bitboard {
    match pos.firefighting(color) {
        Firefighting::Anyone => pos.active_any(color),
        Firefighting::Only(square) => square.bb(),
        Firefighting::Nobody => crate::variants::chess::Bitboard::EMPTY,
    }
}

/// The evaluation from White's point of view.
fn white_view(pos: &FireFighter) -> i32 {
    let occ = pos.occupied();
    let mut score = 0;
    let non_pawn_material: i32 = pos
        .pieces()
        .iter()
        .filter(|p| p.piece.role() != Role::Pawn)
        .map(|p| VALUE[p.piece.role() as usize])
        .sum();
    let middle_game = non_pawn_material > 2 * (VALUE[4] + VALUE[3]);
    let helpers = [squirters(pos, Color::White), squirters(pos, Color::Black)];
    let attacks = [pos.attack_map(Color::White), pos.attack_map(Color::Black)];
    for placed in pos.pieces() {
        let piece = placed.piece;
        let color = piece.color();
        let sign = if color == Color::White { 1 } else { -1 };
        let role = piece.role() as usize;
        let sq = placed.square;
        let mut value = VALUE[role];
        if piece.is_burning() {
            value = value * BURNING_KEEPS_PERCENT / 100;
        } else {
            value += CENTRE[role] * centre_steps(sq);
            let reach = match piece.role() {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ),
                Role::Rook => rook_attacks(sq, occ),
                Role::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                Role::Pawn | Role::King | Role::Commoner => crate::variants::chess::Bitboard::EMPTY,
                role => crate::variants::chess::armies::attacks(role, color, sq, occ),
            };
            value += MOBILITY[role] * reach.count() as i32;
            if piece.role() == Role::Pawn {
                let advance = if color == Color::White { sq.rank() as i32 - 1 } else { 6 - sq.rank() as i32 };
                value += PAWN_ADVANCE * advance.max(0);
            }
        }
        let them = !color as usize;
        if on_edge(sq) && piece.role() != Role::King {
            let sources = crate::variants::firefighter::push_off_sources(sq);
            if (sources & helpers[them]).nonempty() {
                value -= VALUE[role] * EDGE_PUSH_PERCENT / 100;
            }
        }
        if piece.role() == Role::King && on_edge(sq) && !piece.is_burning() {
            let sources = crate::variants::firefighter::push_off_sources(sq);
            let danger = (sources & (attacks[them] | helpers[them])).count() as i32;
            value -= KING_PUSH_DANGER * danger;
            if middle_game {
                value -= KING_ON_EDGE;
            }
        }
        if pos.occupied_by(!color).has(sq) {
            value -= CROWDED_WITH_ENEMY;
        }
        score += sign * value;
    }
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        score += sign
            * match pos.firefighting(color) {
                Firefighting::Anyone => UNDECLARED,
                _ if pos.firefighter_lost(color) => LOST,
                _ => 0,
            };
        if pos.arson_available(color) {
            score += sign * ARSON_UNUSED;
        }
    }
    score
}

/// Piece values for ordering captures.
fn order_value(role: Role) -> i32 {
    match role {
        Role::King => 2000,
        r => VALUE[r as usize],
    }
}

/// Material the move takes from the opponent (net of own pieces lost in a crowd capture).
fn gain(pos: &FireFighter, m: Move) -> i32 {
    let us = pos.side_to_move();
    match m.kind {
        MoveKind::Ordinary => {
            let captured: i32 = if pos.occupied_by(!us).has(m.to) {
                pos.crowd(m.to)
                    .map(|p| if p.color() == us { -order_value(p.role()) } else { order_value(p.role()) })
                    .sum()
            } else {
                0
            };
            captured + m.promotion.map_or(0, |r| VALUE[r as usize] - VALUE[0])
        }
        MoveKind::EnPassant => VALUE[0],
        MoveKind::Squirt if !m.target.is_burning() && pushes_off(m) => {
            let value = order_value(m.target.role());
            if m.target.color() == us {
                -value
            } else {
                value
            }
        }
        MoveKind::Rescue if m.target.color() != us => 2 * VALUE[m.target.role() as usize],
        _ => 0,
    }
}

fn pushes_off(m: Move) -> bool {
    let file = 2 * m.to.file() as i32 - m.from.file() as i32;
    let rank = 2 * m.to.rank() as i32 - m.from.rank() as i32;
    !(0..8).contains(&file) || !(0..8).contains(&rank)
}

impl Searchable for FireFighter {
    fn evaluate(&self) -> i32 {
        let white = white_view(self);
        TEMPO + if self.side_to_move() == Color::White { white } else { -white }
    }

    fn in_check(&self) -> bool {
        FireFighter::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::Ordinary => m.promotion.is_some() || self.occupied_by(!self.side_to_move()).has(m.to),
            MoveKind::EnPassant => true,
            MoveKind::Squirt => {
                !m.target.is_burning() && pushes_off(m) && m.target.color() != self.side_to_move()
            }
            MoveKind::Rescue => m.target.color() != self.side_to_move(),
            MoveKind::Castle | MoveKind::Arson => false,
        }
    }

    fn noisy_order(&self, m: Move) -> i32 {
        gain(self, m) * 16 - order_value(m.actor.role()) / 8
    }

    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pieces = self
            .pieces()
            .iter()
            .any(|p| p.piece.color() == us && !matches!(p.piece.role(), Role::Pawn | Role::King));
        if !pieces || FireFighter::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let class = match m.kind {
            MoveKind::Ordinary | MoveKind::EnPassant | MoveKind::Castle => 0,
            MoveKind::Squirt => 1,
            MoveKind::Rescue => 2,
            MoveKind::Arson => 3,
        };
        let piece = m.actor.color() as usize * Role::COUNT + m.actor.role() as usize;
        (class * 2 * Role::COUNT + piece) * 64 + m.to.index()
    }

    fn pack_move(m: Move) -> u32 {
        m.packed()
    }

    fn draw_by_rule(&self) -> bool {
        // The 100th reversible ply draws unless it ended the game with a win (F11 checked first).
        self.halfmove_clock() >= 100
            && !matches!(crate::core::Game::outcome(self), Some(crate::core::Outcome::Win { .. }))
    }
}
