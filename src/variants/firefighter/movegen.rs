//! Move generation: the candidate actions of the side to move, then the legality filters: royal
//! safety (F8/G3), proven by bitboards where [`QuietKing`] can and else by playing the candidate
//! on a copy, and the Firefighting Duty (F7).

use super::piece::Piece;
use super::position::{
    push_off_sources, pushed_to, reach_in, step_square, FireFighter, Firefighting, Move, MoveKind, Placed,
    MAX_PIECES,
};
use crate::core::MoveList;
use crate::variants::chess::armies;
use crate::variants::chess::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
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
            // Only a crowd can hold an equal piece already listed.
            let repeated = self.crowded.has(p.square) && out.contains(p);
            if p.piece.color() == color && p.piece.is_burning() == burning && !repeated {
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

    /// Whether an action takes enemy material or promotes: a capture (of a crowd holding an
    /// enemy piece, F1), en passant, a promotion, a squirt that pushes a non-burning enemy piece
    /// off the board (F3), or the rescue of an enemy piece (F5). What quiescence searches.
    pub fn is_noisy(&self, m: Move) -> bool {
        let us = self.side;
        match m.kind {
            MoveKind::Ordinary => m.promotion.is_some() || self.occupied[!us as usize].has(m.to),
            MoveKind::EnPassant => true,
            MoveKind::Squirt => {
                !m.target.is_burning() && m.target.color() != us && pushed_to(m.from, m.to).is_none()
            }
            MoveKind::Rescue => m.target.color() != us,
            MoveKind::Castle | MoveKind::Arson => false,
        }
    }

    /// Hands `push` every candidate action of the side to move (with `Wanted::Noisy`, those that
    /// [`FireFighter::is_noisy`] holds for, in the same order), before the safety and duty
    /// filters; `in_check` is whether its King is threatened now. The callers judge each as it
    /// comes: no list of candidates is kept.
    fn candidates(&self, in_check: bool, wanted: Wanted, push: &mut impl FnMut(Move)) {
        let noisy_only = wanted == Wanted::Noisy;
        let us = self.side;
        let them = !us;
        let own = self.occupied[us as usize];
        let enemy = self.occupied[them as usize];
        let occ = own | enemy;
        // F1: no move onto a square that holds only friendly pieces. Noisy: onto enemy pieces.
        let open = if noisy_only { enemy } else { !(own & !enemy) };
        let all_burning = self.burning[0] | self.burning[1];
        let actors = self.distinct_pieces(us, false);
        for &Placed { square: from, piece: actor } in &actors {
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
                        // A push is noisy only as a promotion.
                        if !noisy_only || one.rank() == last_rank {
                            targets |= one.bb();
                        }
                        if from.rank() == second_rank && !noisy_only {
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
                // Noisy squirts push an acting enemy piece off the board.
                let squirted = king_attacks(from) & if noisy_only { enemy } else { occ };
                for to in squirted {
                    if noisy_only && pushed_to(from, to).is_some() {
                        continue;
                    }
                    for target in self.distinct_at(to) {
                        if !noisy_only || (target.color() == them && !target.is_burning()) {
                            push(Move { kind: MoveKind::Squirt, target, ..ordinary(to) });
                        }
                    }
                }
                let rescued = if noisy_only { self.burning[them as usize] } else { all_burning };
                for to in rescued {
                    if self.reach(actor.role(), us, from, to) {
                        for target in self.distinct_at(to).into_iter().filter(|p| p.is_burning()) {
                            if !noisy_only || target.color() == them {
                                push(Move { kind: MoveKind::Rescue, target, ..ordinary(to) });
                            }
                        }
                    }
                }
            }
        }
        if noisy_only {
            return;
        }
        if !in_check {
            self.castling_candidates(push);
        }
        // Arson is played "instead of moving" and is no answer to check (the reading that makes
        // F12's count of three hold: otherwise 5...Ke8 on fire would escape the squirt).
        if self.arson[us as usize] && !in_check {
            for &Placed { square, piece } in &actors {
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

    /// Castlings whose right holds, with the squares between empty and the King not passing a
    /// threatened square (the destination is left to the safety filter); called only when the
    /// King is not in check.
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
            if king.is_burning() {
                continue;
            }
            // The King may not pass a threatened square (A3: two for the Bede's long castling).
            let passes_threat = c.passing.into_iter().any(|square| {
                let mut passing = self.clone();
                passing.remove(c.king_from, king);
                passing.add(square, king);
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

    /// Whether `m`, a safe action here, does the duty of the Firefighter on `firefighter` (F7).
    /// `after` is the position after it where the caller played it.
    fn does_duty(&self, m: Move, firefighter: Square, after: Option<&FireFighter>) -> bool {
        let them = !self.side;
        if m.from != firefighter || !m.actor.is_firefighter() {
            return false;
        }
        match m.kind {
            MoveKind::Squirt => m.target.is_burning() && m.target.color() == them,
            MoveKind::Rescue => m.target.color() == them,
            MoveKind::Ordinary | MoveKind::EnPassant => {
                let closer =
                    self.burning[them as usize].into_iter().any(|b| distance(m.to, b) < distance(m.from, b));
                closer && !self.lands_attacked(m, after)
            }
            MoveKind::Castle | MoveKind::Arson => false,
        }
    }

    /// Whether the square that the moving piece of `m` (an ordinary move or en passant) lands on
    /// is attacked by the opponent after it: in `after` where given, else by the bitboards (en
    /// passant, which empties two squares, is played).
    fn lands_attacked(&self, m: Move, after: Option<&FireFighter>) -> bool {
        let them = !self.side;
        if let Some(after) = after {
            return after.is_attacked(m.to, them);
        }
        if m.kind == MoveKind::EnPassant {
            let mut after = self.clone();
            after.apply(m);
            return after.is_attacked(m.to, them);
        }
        // The mover leaves `from` (still occupied if others stay there) for `to`; the pieces it
        // captures there never attacked their own square.
        let mut occ = self.occupied() | m.to.bb();
        if !self.crowded.has(m.from) {
            occ &= !m.from.bb();
        }
        self.attackers_with(m.to, them, occ).nonempty()
    }

    /// Every legal action of the side to move.
    pub fn generate_legal(&self, out: &mut MoveList<Move>) {
        self.legal_from_candidates(out, true);
    }

    /// Every legal action, each candidate tried by playing it: what `generate_legal`'s
    /// bitboard shortcuts must agree with (tests).
    #[cfg(test)]
    pub(super) fn generate_legal_by_trial(&self, out: &mut MoveList<Move>) {
        self.legal_from_candidates(out, false);
    }

    /// The candidates that pass the safety and duty filters; with `shortcuts`, bitboards decide
    /// safety, and whether a Firefighter's move lands on an attacked square (F7), where they can
    /// ([`QuietKing`]), else every candidate is played on a copy.
    fn legal_from_candidates(&self, out: &mut MoveList<Move>, shortcuts: bool) {
        let in_check = self.in_check();
        let duty = self.duty_binds();
        let quiet = if shortcuts && !in_check { QuietKing::of(self) } else { None };
        let mut duty_moves: MoveList<Move> = MoveList::new();
        // The lists cannot overflow: see MOVE_BOUND.
        self.candidates(in_check, Wanted::All, &mut |m| {
            let (safe, after) = match quiet.as_ref().and_then(|q| q.verdict(self, m)) {
                Some(verdict) => (verdict, None),
                None => {
                    let mut after = self.clone();
                    after.apply(m);
                    (!after.king_threatened(self.side), Some(after))
                }
            };
            if !safe {
                return;
            }
            if let Some(firefighter) = duty {
                if self.does_duty(m, firefighter, after.as_ref()) {
                    duty_moves.push(m);
                }
            }
            out.push(m);
        });
        if !duty_moves.is_empty() {
            out.clear();
            out.extend(duty_moves.iter().copied());
        }
    }

    /// The legal noisy actions ([`FireFighter::is_noisy`]) in the order `generate_legal` lists
    /// them; returns whether the side to move has any legal action at all. Without check and
    /// duty only the noisy candidates are generated and judged, and the quiet ones only when no
    /// noisy action is legal, until one is.
    pub fn generate_noisy(&self, out: &mut MoveList<Move>) -> bool {
        let in_check = self.in_check();
        // The duty (F7) keeps only its own moves when it has any: only the full list tells.
        if in_check || self.duty_binds().is_some() {
            let mut all = MoveList::new();
            self.generate_legal(&mut all);
            out.extend(all.iter().copied().filter(|&m| self.is_noisy(m)));
            return !all.is_empty();
        }
        let quiet = QuietKing::of(self);
        self.candidates(false, Wanted::Noisy, &mut |m| {
            if self.is_safe(m, quiet.as_ref()) {
                out.push(m);
            }
        });
        if !out.is_empty() {
            return true;
        }
        let mut any = false;
        self.candidates(false, Wanted::All, &mut |m| any = any || self.is_safe(m, quiet.as_ref()));
        any
    }

    /// The number of legal actions of the side to move (`generate_legal`'s, without the list).
    pub fn count_legal(&self) -> usize {
        if self.duty_binds().is_some() {
            let mut legal = MoveList::new();
            self.generate_legal(&mut legal);
            return legal.len();
        }
        let in_check = self.in_check();
        let quiet = if in_check { None } else { QuietKing::of(self) };
        let mut count = 0;
        self.candidates(in_check, Wanted::All, &mut |m| {
            count += usize::from(self.is_safe(m, quiet.as_ref()))
        });
        count
    }

    /// Whether `m` leaves the side to move's King unthreatened (F8): by bitboards where `quiet`
    /// decides it, else by playing it on a copy.
    fn is_safe(&self, m: Move, quiet: Option<&QuietKing>) -> bool {
        quiet.and_then(|q| q.verdict(self, m)).unwrap_or_else(|| self.survives(m))
    }

    /// Whether the side to move's King is unthreatened after `m` (F8), by playing it on a copy.
    fn survives(&self, m: Move) -> bool {
        let mut after = self.clone();
        after.apply(m);
        !after.king_threatened(self.side)
    }
}

/// Which candidates [`FireFighter::candidates`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    All,
    Noisy,
}

/// What bitboards prove about the safety of the side to move's King when it is not threatened
/// now (F8), so that most candidates need no trial play.
///
/// Only built when the King is unthreatened and every acting enemy piece is a FIDE piece, whose
/// attacks (and rescue reach, F5: the same lines, plus a pawn's steps) change with occupancy only
/// along the lines of Rooks, Bishops and Queens and a pawn's double step. Then an action that
/// does not move the King can create a threat only by
/// - emptying a square that alone screens the King from an enemy slider (a "pin square"; for a
///   burning King also the square an enemy pawn's double step to it passes),
/// - removing the King (capturing a crowd that holds it, pushing it), or setting it on fire,
/// - giving the enemy an acting piece somewhere new (a squirt of an enemy piece pushes or
///   extinguishes it), or
/// - en passant (two squares change) and castling, which are left to the trial play.
///
/// Captures, rescues and squirts only ever take pieces and firefighting rights away from the
/// enemy; placing a piece only blocks lines. The King's own moves are judged on the occupancy
/// after them where it is unburnt, left to the trial where it burns (put out or rescued).
pub(super) struct QuietKing {
    king: Square,
    /// The King burns: it cannot act, a squirt would put it out, and the threat to it besides
    /// capture is a rescue (F5), whose reach is the capture lines plus the pawns' steps.
    burning: bool,
    /// Squares that alone stand between the King and an enemy Rook, Bishop or Queen, and for a
    /// burning King the square an enemy pawn's double step to it passes.
    pin_squares: Bitboard,
}

impl QuietKing {
    /// The facts, where they hold; the caller has checked that the King is not threatened.
    pub(super) fn of(pos: &FireFighter) -> Option<QuietKing> {
        let us = pos.side;
        let them = !us;
        let king = pos.king[us as usize]?;
        let enemy = &pos.active[them as usize];
        let burning = !pos.active[us as usize][Role::King as usize].has(king);
        let fide_only = enemy[Role::Commoner as usize..].iter().all(|b| b.is_empty());
        if !fide_only {
            return None;
        }
        let occ = pos.occupied();
        let queens = enemy[Role::Queen as usize];
        let snipers = (bishop_attacks(king, Bitboard::EMPTY) & (enemy[Role::Bishop as usize] | queens))
            | (rook_attacks(king, Bitboard::EMPTY) & (enemy[Role::Rook as usize] | queens));
        let mut pin_squares = Bitboard::EMPTY;
        for sniper in snipers {
            let screen = between(king, sniper) & occ;
            if !screen.more_than_one() {
                // Not empty: the King is not attacked.
                pin_squares |= screen;
            }
        }
        if burning {
            // An enemy pawn on its second rank two steps from the King reaches it once the
            // square between empties (that square is occupied: the King is not threatened).
            let step = if them == Color::White { 8 } else { -8 };
            let second_rank = if them == Color::White { 1 } else { 6 };
            let start = step_square(king, -2 * step).filter(|s| s.rank() == second_rank);
            if start.is_some_and(|s| enemy[Role::Pawn as usize].has(s)) {
                pin_squares |= Square::new((king.index() as i8 - step) as u8).bb();
            }
        }
        Some(QuietKing { king, burning, pin_squares })
    }

    /// Whether `m` leaves the King safe, where bitboards decide it; `None` where only playing
    /// it tells.
    pub(super) fn verdict(&self, pos: &FireFighter, m: Move) -> Option<bool> {
        let us = pos.side;
        let own_king = |p: Piece| p.color() == us && p.role() == Role::King;
        match m.kind {
            // A burning King does not act (and the trial play would judge it).
            MoveKind::Ordinary if m.actor.role() == Role::King => {
                (!self.burning).then(|| self.king_step_is_safe(pos, m.from, m.to))
            }
            MoveKind::Ordinary => (m.to != self.king && !self.pin_squares.has(m.from)).then_some(true),
            // The King, unburnt, is pushed (F3) where a step would take it, or off the board,
            // which leaves the side without a King (F8). Nothing is captured: pieces on the
            // destination stay, but they neither attack their own square nor squirt onto it. A
            // burning King is put out (F4) and then faces squirts: left to the trial.
            MoveKind::Squirt if own_king(m.target) => (!self.burning)
                .then(|| pushed_to(m.from, m.to).is_some_and(|to| self.king_step_is_safe(pos, m.to, to))),
            MoveKind::Squirt if m.target.color() != us => self.enemy_squirt_verdict(pos, m),
            // An own piece: extinguished where it stands, or pushed from a square that screens
            // the King from no enemy slider alone.
            MoveKind::Squirt => (m.target.is_burning() || !self.pin_squares.has(m.to)).then_some(true),
            // Rescuing the own burning King moves it: left to the trial.
            MoveKind::Rescue if own_king(m.target) => None,
            MoveKind::Rescue => (!self.pin_squares.has(m.to)).then_some(true),
            // Setting the own King on fire moves nothing: it is then threatened only by a rescue
            // (F5, F8). (A burning King is no arson candidate.)
            MoveKind::Arson if own_king(m.target) => Some(!pos.rescue_reaches(self.king, !us)),
            MoveKind::Arson => Some(true),
            MoveKind::EnPassant | MoveKind::Castle => None,
        }
    }

    /// Whether squirting the enemy piece `m.target` leaves the King safe, where bitboards decide
    /// it. It is the only enemy piece that changes: extinguished (F4), it acts again where it
    /// stands; pushed (F3), it leaves its square, opening the lines through it unless other
    /// pieces stay there, and acts from the next one, or leaves the board (and its side loses
    /// the Firefighter if it was the one, F2: no new threat either).
    fn enemy_squirt_verdict(&self, pos: &FireFighter, m: Move) -> Option<bool> {
        let them = m.target.color();
        let (at, occ) = if m.target.is_burning() {
            (m.to, pos.occupied())
        } else {
            let stays_occupied = pos.crowded.has(m.to);
            if self.pin_squares.has(m.to) && !stays_occupied {
                return None;
            }
            let Some(at) = pushed_to(m.from, m.to) else { return Some(true) };
            let mut occ = pos.occupied() | at.bb();
            if !stays_occupied {
                occ &= !m.to.bb();
            }
            (at, occ)
        };
        let attacks = match m.target.role() {
            Role::Pawn => pawn_attacks(them, at),
            Role::Knight => knight_attacks(at),
            Role::Bishop => bishop_attacks(at, occ),
            Role::Rook => rook_attacks(at, occ),
            Role::Queen => bishop_attacks(at, occ) | rook_attacks(at, occ),
            Role::King => king_attacks(at),
            // Other armies' pieces (a burning one among FIDE enemies) are left to the trial.
            _ => return None,
        };
        // It may fight fires if every piece may, or if it is the declared Firefighter (F2; F4
        // puts out a burning one): then it may squirt an unburnt King off the board, or rescue
        // a burning one (F5).
        let fights_fires = pos.firefighting(them) == Firefighting::Anyone || m.target.is_firefighter();
        let fire_threat = fights_fires
            && if self.burning {
                reach_in(m.target.role(), them, at, self.king, occ)
            } else {
                push_off_sources(self.king).has(at)
            };
        Some(!attacks.has(self.king) && !fire_threat)
    }

    /// Whether the King moving (or capturing) from `from` to `to` is then unthreatened: not
    /// attacked, with the occupancy after the step, and not next to an enemy squirter that would
    /// push it off the board. Everything on `to` is captured (F1), the enemy Firefighter with it.
    fn king_step_is_safe(&self, pos: &FireFighter, from: Square, to: Square) -> bool {
        let them = !pos.side;
        let enemy = &pos.active[them as usize];
        let mut occ = pos.occupied() | to.bb();
        if !pos.crowded.has(from) {
            occ &= !from.bb();
        }
        let queens = enemy[Role::Queen as usize];
        let attacked = (pawn_attacks(pos.side, to) & enemy[Role::Pawn as usize])
            | (knight_attacks(to) & enemy[Role::Knight as usize])
            | (king_attacks(to) & enemy[Role::King as usize])
            | (bishop_attacks(to, occ) & (enemy[Role::Bishop as usize] | queens))
            | (rook_attacks(to, occ) & (enemy[Role::Rook as usize] | queens));
        if attacked.nonempty() {
            return false;
        }
        (push_off_sources(to) & pos.squirters(them) & !to.bb()).is_empty()
    }
}
