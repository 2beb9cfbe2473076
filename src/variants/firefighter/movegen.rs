//! Move generation: the candidate actions of the side to move, then the legality filters: royal
//! safety (F8/G3) by playing each candidate on a copy, and the Firefighting Duty (F7).

use super::piece::Piece;
use super::position::{step_square, FireFighter, Firefighting, Move, MoveKind, Placed, MAX_PIECES};
use crate::core::MoveList;
use crate::variants::chess::armies;
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::variants::chess::{Bitboard, Color, Role, Square};
use arrayvec::ArrayVec;

/// King-step (Chebyshev) distance, F7's "closer".
fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// The candidate bound of firefighter/mod.rs at its largest (32 acting pieces, none burning):
/// the move list can never overflow.
const MOVE_BOUND: usize = 32 * (27 + 31 + 1) + 2;
const _: () = assert!(MOVE_BOUND <= crate::core::MAX_MOVES);

impl FireFighter {
    /// The side's pieces that are not burning, one per distinct (square, piece): equal pieces on
    /// one square make equal moves.
    fn distinct_pieces(&self, color: Color, burning: bool) -> ArrayVec<Placed, MAX_PIECES> {
        let mut out: ArrayVec<Placed, MAX_PIECES> = ArrayVec::new();
        for p in &self.pieces {
            if p.piece.color() == color && p.piece.is_burning() == burning && !out.contains(p) {
                out.push(*p);
            }
        }
        out
    }

    /// The distinct pieces on `square`.
    fn distinct_at(&self, square: Square) -> ArrayVec<Piece, MAX_PIECES> {
        let mut out: ArrayVec<Piece, MAX_PIECES> = ArrayVec::new();
        for piece in self.crowd(square) {
            if !out.contains(&piece) {
                out.push(piece);
            }
        }
        out
    }

    /// Whether `actor` may make firefighting moves now (F2).
    pub fn may_fight_fires(&self, actor: Piece) -> bool {
        !actor.is_burning()
            && match self.firefighting(actor.color()) {
                Firefighting::Anyone => true,
                Firefighting::Only(_) => actor.is_firefighter(),
                Firefighting::Nobody => false,
            }
    }

    /// Every candidate action of the side to move, before the safety and duty filters.
    fn candidates(&self, out: &mut MoveList<Move>) {
        let us = self.side;
        let them = !us;
        let own = self.occupied[us as usize];
        let enemy = self.occupied[them as usize];
        let occ = own | enemy;
        // F1: no move onto a square that holds only friendly pieces.
        let open = !(own & !enemy);
        let all_burning = self.burning[0] | self.burning[1];
        let mut push = |m: Move| {
            // Cannot overflow: see MOVE_BOUND.
            let pushed = out.try_push(m);
            debug_assert!(pushed.is_ok(), "move list overflow");
        };
        for Placed { square: from, piece: actor } in self.distinct_pieces(us, false) {
            let ordinary = |to: Square| Move {
                kind: MoveKind::Ordinary,
                from,
                to,
                actor,
                target: actor,
                promotion: None,
            };
            match actor.role() {
                Role::Pawn => {
                    let (step, second_rank, last_rank) =
                        if us == Color::White { (8, 1, 7) } else { (-8, 6, 0) };
                    let mut targets = Bitboard::EMPTY;
                    if let Some(one) = step_square(from, step).filter(|s| !occ.has(*s)) {
                        targets |= one.bb();
                        if from.rank() == second_rank {
                            if let Some(two) = step_square(one, step).filter(|s| !occ.has(*s)) {
                                targets |= two.bb();
                            }
                        }
                    }
                    targets |= pawn_attacks(us, from) & enemy;
                    for to in targets {
                        if to.rank() == last_rank {
                            for role in self.promotion_roles() {
                                push(Move { promotion: Some(role), ..ordinary(to) });
                            }
                        } else {
                            push(ordinary(to));
                        }
                    }
                    if let Some(ep) = self.en_passant.filter(|&ep| pawn_attacks(us, from).has(ep)) {
                        push(Move { kind: MoveKind::EnPassant, ..ordinary(ep) });
                    }
                }
                role => {
                    let targets = match role {
                        Role::Knight => knight_attacks(from),
                        Role::Bishop => bishop_attacks(from, occ),
                        Role::Rook => rook_attacks(from, occ),
                        Role::Queen => bishop_attacks(from, occ) | rook_attacks(from, occ),
                        Role::King => king_attacks(from),
                        role => armies::attacks(role, us, from, occ),
                    };
                    for to in targets & open {
                        push(ordinary(to));
                    }
                }
            }
            if self.may_fight_fires(actor) {
                for to in king_attacks(from) & occ {
                    for target in self.distinct_at(to) {
                        push(Move { kind: MoveKind::Squirt, target, ..ordinary(to) });
                    }
                }
                for to in all_burning {
                    if self.reach(actor.role(), us, from, to) {
                        for target in self.distinct_at(to).into_iter().filter(|p| p.is_burning()) {
                            push(Move { kind: MoveKind::Rescue, target, ..ordinary(to) });
                        }
                    }
                }
            }
        }
        self.castling_candidates(&mut push);
        // Arson is played "instead of moving" and is no answer to check (the reading that makes
        // F12's count of three hold: otherwise 5...Ke8 on fire would escape the squirt).
        if self.arson[us as usize] && !self.king_threatened(us) {
            for Placed { square, piece } in self.distinct_pieces(us, false) {
                push(Move {
                    kind: MoveKind::Arson,
                    from: square,
                    to: square,
                    actor: piece,
                    target: piece,
                    promotion: None,
                });
            }
        }
    }

    /// Castlings whose right holds, with the squares between empty and the King neither in check
    /// nor passing a threatened square (the destination is left to the safety filter).
    fn castling_candidates(&self, push: &mut impl FnMut(Move)) {
        let us = self.side;
        for c in self.castlings().filter(|c| c.color == us && self.castling & c.right != 0) {
            if (c.empty & self.occupied()).nonempty() {
                continue;
            }
            let Some(king) = self.crowd(c.king_from).find(|p| p.color() == us && p.role() == Role::King)
            else {
                continue;
            };
            if king.is_burning() || self.king_threatened(us) {
                continue;
            }
            // The King may not pass a threatened square (A3: two for the Bede's long castling).
            let passes_threat = c.passing.into_iter().any(|square| {
                let mut passing = self.clone();
                passing.remove(c.king_from, king);
                passing.add(square, king);
                passing.refresh();
                passing.king_threatened(us)
            });
            if passes_threat {
                continue;
            }
            push(Move {
                kind: MoveKind::Castle,
                from: c.king_from,
                to: c.king_to,
                actor: king,
                target: king,
                promotion: None,
            });
        }
    }

    /// Whether the Firefighting Duty binds the side to move now (F7 a-c).
    fn duty_binds(&self) -> Option<Square> {
        let us = self.side;
        let them = !us;
        if self.burning[them as usize].is_empty() {
            return None;
        }
        let Firefighting::Only(firefighter) = self.firefighting(us) else { return None };
        (self.attack_map(them) & self.occupied[us as usize]).is_empty().then_some(firefighter)
    }

    /// Whether `m`, played here with `after` the result, does the duty of the Firefighter on
    /// `firefighter` (F7).
    fn does_duty(&self, m: Move, after: &FireFighter, firefighter: Square) -> bool {
        let them = !self.side;
        if m.from != firefighter || !m.actor.is_firefighter() {
            return false;
        }
        match m.kind {
            MoveKind::Squirt => m.target.is_burning() && m.target.color() == them,
            MoveKind::Rescue => m.target.color() == them,
            MoveKind::Ordinary | MoveKind::EnPassant => {
                !after.is_attacked(m.to, them)
                    && self.burning[them as usize]
                        .into_iter()
                        .any(|b| distance(m.to, b) < distance(m.from, b))
            }
            MoveKind::Castle | MoveKind::Arson => false,
        }
    }

    /// Every legal action of the side to move.
    pub fn generate_legal(&self, out: &mut MoveList<Move>) {
        let mut candidates = MoveList::new();
        self.candidates(&mut candidates);
        let duty = self.duty_binds();
        let mut duty_moves: MoveList<Move> = MoveList::new();
        for m in candidates {
            let mut after = self.clone();
            after.apply(m);
            if after.king_threatened(self.side) {
                continue;
            }
            if let Some(firefighter) = duty {
                if self.does_duty(m, &after, firefighter) {
                    duty_moves.push(m);
                }
            }
            out.push(m);
        }
        if !duty_moves.is_empty() {
            out.clear();
            out.extend(duty_moves);
        }
    }
}
