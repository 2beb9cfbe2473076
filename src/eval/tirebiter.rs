//! Tirebiter and Nick Danger as the search sees them: evaluation and move-ordering facts.
//!
//! The game's trade: a multi-capture wins material at once, but a Tirebiter piece is lost when
//! any one of its squares is taken, and it moves clumsily. So material counts each piece once,
//! and a Tirebiter piece pays for every location the enemy attacks (it is en prise there) and
//! a little for each extra location (its limited mobility).

use crate::search::Searchable;
use crate::variants::chess::{Bitboard, Color, Role, Square};
use crate::variants::tirebiter::{capture_pattern, Move, MoveKind, Rules, TirebiterPosition};

const VALUE: [i32; Role::COUNT] =
    [100, 320, 330, 500, 950, 0, 0, 465, 305, 415, 835, 485, 310, 405, 910, 385, 300, 460, 920];
/// A Tirebiter piece with a location the enemy attacks: this share (percent) of its value.
const ATTACKED_TIREBITER_PERCENT: i32 = 45;
/// A normal piece attacked by a cheaper enemy piece: this share of the difference.
const THREATENED_PERCENT: i32 = 30;
/// Per extra location of a Tirebiter piece (clumsy; a target).
const EXTRA_LOCATION: i32 = 15;
const CENTRE: [i32; Role::COUNT] = [2, 8, 4, 0, 2, 0, 0, 3, 6, 6, 3, 1, 6, 6, 2, 2, 6, 6, 2];
const PAWN_ADVANCE: i32 = 6;
const MOBILITY: [i32; Role::COUNT] = [0, 4, 4, 2, 1, 0, 0, 2, 4, 4, 2, 2, 4, 4, 1, 2, 4, 4, 1];
/// Per enemy piece beyond the first that a normal piece can take at once (T2's double attack).
const MULTI_CAPTURE: i32 = 25;
const TEMPO: i32 = 10;

fn centre_steps(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (if f < 4 { f } else { 7 - f }).min(3) + (if r < 4 { r } else { 7 - r }).min(3)
}

/// Squares the normal pieces of `color` attack, with the cheapest attacker's value.
fn attack_values<R: Rules>(pos: &TirebiterPosition<R>, color: Color) -> [i32; 64] {
    let mut cheapest = [i32::MAX; 64];
    let occ = pos.occupied();
    for (_, u) in pos.units() {
        if u.color != color || u.is_tirebiter() {
            continue;
        }
        let attacks = capture_pattern(u.role, color, u.squares.first(), occ);
        let value = if u.role == Role::King { 2000 } else { VALUE[u.role as usize] };
        for s in attacks {
            cheapest[s.index()] = cheapest[s.index()].min(value);
        }
    }
    cheapest
}

fn white_view<R: Rules>(pos: &TirebiterPosition<R>) -> i32 {
    let occ = pos.occupied();
    let attacked = [attack_values(pos, Color::White), attack_values(pos, Color::Black)];
    let mut score = 0;
    for (_, u) in pos.units() {
        let sign = if u.color == Color::White { 1 } else { -1 };
        let role = u.role as usize;
        let base = VALUE[role];
        let mut value = base;
        let enemy = &attacked[!u.color as usize];
        if u.is_tirebiter() {
            value -= EXTRA_LOCATION * (u.squares.count() as i32 - 1);
            if u.squares.into_iter().any(|s| enemy[s.index()] < i32::MAX) {
                value -= base * ATTACKED_TIREBITER_PERCENT / 100;
            }
        } else {
            let from = u.squares.first();
            value += CENTRE[role] * centre_steps(from);
            let reach = match u.role {
                Role::Pawn | Role::King => Bitboard::EMPTY,
                role => capture_pattern(role, u.color, from, occ),
            };
            value += MOBILITY[role] * reach.count() as i32;
            let targets = match u.role {
                Role::King => Bitboard::EMPTY,
                role => capture_pattern(role, u.color, from, occ),
            } & pos.occupied_by(!u.color);
            if targets.count() >= 2 {
                value += MULTI_CAPTURE * (targets.count() as i32 - 1);
            }
            if u.role == Role::Pawn {
                let advance =
                    if u.color == Color::White { from.rank() as i32 - 1 } else { 6 - from.rank() as i32 };
                value += PAWN_ADVANCE * advance.max(0);
            }
            let attacker = enemy[from.index()];
            if u.role != Role::King && attacker < base {
                value -= (base - attacker) * THREATENED_PERCENT / 100;
            }
        }
        score += sign * value;
    }
    score
}

/// Material a move captures (every piece with a location on a captured square, once).
fn gain<R: Rules>(pos: &TirebiterPosition<R>, m: Move) -> i32 {
    let them = !pos.side_to_move();
    let mut seen = 0u32;
    let mut total = 0;
    for leg in pos.legs(m) {
        if let Some((slot, u)) = pos.unit_at(leg.to).filter(|(_, u)| u.color == them) {
            if seen & (1 << slot) == 0 {
                seen |= 1 << slot;
                total += if u.role == Role::King { 2000 } else { VALUE[u.role as usize] };
            }
        }
    }
    total + m.promotion.map_or(0, |r| VALUE[r as usize] - VALUE[0])
}

impl<R: Rules> Searchable for TirebiterPosition<R> {
    fn evaluate(&self) -> i32 {
        let white = white_view(self);
        TEMPO + if self.side_to_move() == Color::White { white } else { -white }
    }

    fn in_check(&self) -> bool {
        TirebiterPosition::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.promotion.is_some()
            || m.kind == MoveKind::CaptureAll
            || self.legs(m).iter().any(|leg| self.occupied_by(!self.side_to_move()).has(leg.to))
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let mover = self.unit(m.slot as usize).map_or(0, |u| VALUE[u.role as usize]);
        gain(self, m) * 16 - mover / 8
    }

    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pieces = self.units().any(|(_, u)| u.color == us && !matches!(u.role, Role::Pawn | Role::King));
        if !pieces || TirebiterPosition::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let piece =
            self.unit(m.slot as usize).map_or(0, |u| u.color as usize * Role::COUNT + u.role as usize);
        let to = self.legs(m).first().map_or(0, |leg| leg.to.index());
        piece * 64 + to
    }

    fn pack_move(m: Move) -> u32 {
        m.packed()
    }

    fn draw_by_rule(&self) -> bool {
        self.halfmove_clock() >= 100
            && !matches!(crate::core::Game::outcome(self), Some(crate::core::Outcome::Win { .. }))
    }
}
