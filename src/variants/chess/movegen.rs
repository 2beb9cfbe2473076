//! Legal move generation for FIDE chess.
//!
//! Fully legal, without make/unmake-and-test: checks restrict the target squares, pinned pieces
//! move only along their pin line, king moves are tested against attacks with the king lifted off
//! the board, and en passant (the one move that removes two pieces from a line) is tested by
//! recomputing attacks on the king. One generator serves both move lists and perft's bulk
//! counting: it reports moves to a [`MoveSink`], and the counting sink only pop-counts.
//!
//! Where the rules have a Royal Pawn (Fighting Kings, K3-K4), the royal piece moves like a pawn
//! that never promotes, under the same safety test as a king: it may not go where it could be
//! captured, and a two-step next to an enemy pawn (which could take it en passant) is refused.

use super::armies;
use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::{Bitboard, Square};
use super::position::{Color, Move, MoveKind, Position, Role};
use super::rules::Rules;
use crate::core::MoveList;

/// Receives the generator's moves.
pub(super) trait MoveSink {
    /// Ordinary moves of the piece on `from` to each of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each of `targets` from the square `delta` behind it.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: MoveKind);
    /// Pawn moves to each of `targets` (on the last rank), from `delta` behind, one per role.
    fn promotions(&mut self, targets: Bitboard, delta: i8, roles: &[Role]);
    /// One move.
    fn single(&mut self, m: Move);
}

/// Collects moves into a list.
pub(super) struct Collect<'a>(pub &'a mut MoveList<Move>);

impl MoveSink for Collect<'_> {
    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: MoveKind) {
        for to in targets {
            self.0.push(Move::new(to.offset(-delta), to, kind));
        }
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i8, roles: &[Role]) {
        for to in targets {
            let from = to.offset(-delta);
            for &role in roles {
                self.0.push(Move::new(from, to, MoveKind::Promotion(role)));
            }
        }
    }
    #[inline]
    fn single(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Collects only the moves that change material: captures (en passant included) and every
/// promotion, in the order the full list would have them. The search's quiescence wants only
/// these; masking the targets before they are listed saves listing and filtering the rest.
/// (The test is `Searchable::is_noisy`'s: the destination is occupied, or the move is en
/// passant or a promotion.)
pub(super) struct CollectNoisy<'a> {
    pub out: &'a mut MoveList<Move>,
    pub occupied: Bitboard,
}

impl MoveSink for CollectNoisy<'_> {
    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        Collect(&mut *self.out).piece_moves(from, targets & self.occupied);
    }
    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, kind: MoveKind) {
        Collect(&mut *self.out).pawn_moves(targets & self.occupied, delta, kind);
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i8, roles: &[Role]) {
        Collect(&mut *self.out).promotions(targets, delta, roles);
    }
    #[inline]
    fn single(&mut self, m: Move) {
        if self.occupied.has(m.to()) || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion(_)) {
            self.out.push(m);
        }
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub(super) struct Count(pub usize);

impl MoveSink for Count {
    #[inline]
    fn piece_moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }
    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _: i8, _: MoveKind) {
        self.0 += targets.count();
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, _: i8, roles: &[Role]) {
        self.0 += roles.len() * targets.count();
    }
    #[inline]
    fn single(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Our pieces pinned to our king, and the enemy sliders that could attack the king along a line.
#[inline]
fn pinned<R: Rules>(pos: &Position<R>, us: Color, king: Square) -> Bitboard {
    let them = !us;
    let occupied = pos.occupied();
    let their = pos.color_bb(them);
    let snipers = (rook_attacks(king, their) & (pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen))
        | bishop_attacks(king, their) & (pos.role_bb(Role::Bishop) | pos.role_bb(Role::Queen)))
        & their;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers & pos.color_bb(us);
        }
    }
    if R::ARMIES {
        // The other armies' sliders pin along the lines their directions and range allow: a
        // sniper pins when it would attack the King with the one blocker lifted.
        let lines = rook_attacks(king, their) | bishop_attacks(king, their);
        for role in pos.army_roles_on_board().filter(|&r| armies::slides(r)) {
            for sniper in lines & pos.pieces(them, role) {
                let blockers = between(king, sniper) & occupied;
                if blockers.single().is_some()
                    && (blockers & pos.color_bb(us)).nonempty()
                    && armies::attacks(role, them, sniper, occupied ^ blockers).has(king)
                {
                    pinned |= blockers;
                }
            }
        }
    }
    pinned
}

/// The squares a pinned piece on `from` may go to: between the King and its pinner, or onto the
/// pinner. (A FIDE slider cannot pass its pinner, so the whole line serves for it; a leaper of
/// the other armies could jump beyond.)
fn pin_segment<R: Rules>(pos: &Position<R>, king: Square, from: Square) -> Bitboard {
    let occupied = pos.occupied();
    for pinner in line(king, from) & pos.color_bb(!pos.turn()) {
        if between(king, pinner).has(from) && (between(king, pinner) & occupied) == from.bb() {
            return between(king, pinner) | pinner.bb();
        }
    }
    line(king, from)
}

/// Whether an enemy piece attacks `sq` with `occupied` as the blockers.
#[inline]
fn attacked_by<R: Rules>(pos: &Position<R>, them: Color, sq: Square, occupied: Bitboard) -> bool {
    (pos.attackers_to(sq, occupied) & pos.color_bb(them)).nonempty()
}

/// Reports every legal move of the side to move.
#[inline]
pub(super) fn generate<R: Rules, S: MoveSink>(pos: &Position<R>, sink: &mut S) {
    let us = pos.turn();
    let them = !us;
    let ours = pos.color_bb(us);
    let theirs = pos.color_bb(them);
    let occupied = ours | theirs;
    let king = pos.king(us);
    let checkers = pos.attackers_to(king, occupied) & theirs;

    // Royal moves: the destination must be safe with the royal piece lifted off its square (so a
    // slider checking along a line still covers the square behind it).
    let without_king = occupied ^ king.bb();
    if R::ROYAL_PAWN {
        royal_pawn_moves(pos, sink, king, without_king);
    } else {
        let mut king_targets = Bitboard::EMPTY;
        for to in king_attacks(king) & !ours {
            if !attacked_by(pos, them, to, without_king) {
                king_targets |= to.bb();
            }
        }
        sink.piece_moves(king, king_targets);
    }

    if checkers.more_than_one() {
        return; // Double check: only the king moves.
    }
    // Squares that a non-king move must land on: anywhere not ours, or, in check, the checker
    // or a square between it and the king.
    let target = match checkers.single() {
        // A leap cannot be blocked, even one along a line (a Woody Rook's D, a Waffle's A).
        Some(checker) if R::ARMIES && gives_check_by_leap(pos, checker, king) => checker.bb(),
        Some(checker) => between(king, checker) | checker.bb(),
        None => !ours,
    };
    let pinned = pinned(pos, us, king);

    if R::ARMIES {
        for role in pos.army_roles_on_board() {
            for from in pos.pieces(us, role) {
                let mut to = armies::attacks(role, us, from, occupied) & target;
                if pinned.has(from) {
                    to &= pin_segment(pos, king, from);
                }
                sink.piece_moves(from, to);
            }
        }
    }

    for from in pos.pieces(us, Role::Knight) & !pinned {
        sink.piece_moves(from, knight_attacks(from) & target);
    }
    if R::COMMONER {
        // Fighting Kings (K2): king steps, but an ordinary piece (pins and checks apply).
        for from in pos.pieces(us, Role::Commoner) {
            let mut to = king_attacks(from) & target;
            if pinned.has(from) {
                to &= line(king, from);
            }
            sink.piece_moves(from, to);
        }
    }
    let diagonal = pos.role_bb(Role::Bishop) | pos.role_bb(Role::Queen);
    for from in ours & diagonal {
        let mut to = bishop_attacks(from, occupied) & target;
        if pinned.has(from) {
            to &= line(king, from);
        }
        sink.piece_moves(from, to);
    }
    let straight = pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen);
    for from in ours & straight {
        let mut to = rook_attacks(from, occupied) & target;
        if pinned.has(from) {
            to &= line(king, from);
        }
        sink.piece_moves(from, to);
    }

    pawn_moves(pos, sink, target, pinned, king);

    if let Some(ep) = pos.ep_square() {
        // The Royal Pawn was offered its en passant captures with its own moves.
        for from in pawn_attacks(them, ep) & pos.pieces(us, Role::Pawn) {
            if en_passant_is_legal(pos, from, ep) {
                sink.single(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    if checkers.is_empty() {
        castling_moves(pos, sink, occupied);
    }
}

/// Whether the piece on `checker` attacks `king` by a leap of its army's pattern.
fn gives_check_by_leap<R: Rules>(pos: &Position<R>, checker: Square, king: Square) -> bool {
    pos.piece_at(checker)
        .is_some_and(|p| p.role.is_army_piece() && armies::leaps(p.role, p.color, checker).has(king))
}

fn pawn_moves<R: Rules, S: MoveSink>(
    pos: &Position<R>,
    sink: &mut S,
    target: Bitboard,
    pinned: Bitboard,
    king: Square,
) {
    let us = pos.turn();
    let empty = !pos.occupied();
    let theirs = pos.color_bb(!us);
    let pawns = pos.pieces(us, Role::Pawn);
    let forward = us.forward();
    let (up, third_rank, last_rank): (fn(Bitboard) -> Bitboard, _, _) = match us {
        Color::White => (Bitboard::shift_up, Bitboard::rank(2), Bitboard::RANK_8),
        Color::Black => (Bitboard::shift_down, Bitboard::rank(5), Bitboard::RANK_1),
    };

    // Unpinned pawns move set-wise.
    let free = pawns & !pinned;
    let push = up(free) & empty;
    let double = up(push & third_rank) & empty & target;
    let push = push & target;
    sink.pawn_moves(push & !last_rank, forward, MoveKind::Normal);
    sink.promotions(push & last_rank, forward, pos.promotion_roles());
    sink.pawn_moves(double, 2 * forward, MoveKind::DoublePush);
    // Captures towards the a-file and towards the h-file.
    for (delta, edge) in [(forward - 1, Bitboard::FILE_A), (forward + 1, Bitboard::FILE_H)] {
        let caps = up(free & !edge);
        let caps = if delta - forward < 0 { Bitboard(caps.0 >> 1) } else { Bitboard(caps.0 << 1) };
        let caps = caps & theirs & target;
        sink.pawn_moves(caps & !last_rank, delta, MoveKind::Normal);
        sink.promotions(caps & last_rank, delta, pos.promotion_roles());
    }

    // Pinned pawns move one at a time along their pin line.
    for from in pawns & pinned {
        let pin_line = line(king, from);
        let one = from.offset(forward);
        let mut pushes = Bitboard::EMPTY;
        let mut doubles = Bitboard::EMPTY;
        if empty.has(one) {
            pushes = one.bb();
            if third_rank.has(one) {
                doubles = up(one.bb()) & empty;
            }
        }
        let pushes = pushes & target & pin_line;
        let doubles = doubles & target & pin_line;
        let caps = pawn_attacks(us, from) & theirs & target & pin_line;
        for to in pushes | caps {
            let delta = to.index() as i8 - from.index() as i8;
            if last_rank.has(to) {
                sink.promotions(to.bb(), delta, pos.promotion_roles());
            } else {
                sink.pawn_moves(to.bb(), delta, MoveKind::Normal);
            }
        }
        sink.pawn_moves(doubles, 2 * forward, MoveKind::DoublePush);
    }
}

/// The Royal Pawn's moves (K3-K4): one step forward to an empty square, two from its second
/// rank through empty squares, diagonal captures and en passant; never onto a square where it
/// could be captured, and no two-step that an enemy pawn could take en passant.
fn royal_pawn_moves<R: Rules, S: MoveSink>(
    pos: &Position<R>,
    sink: &mut S,
    from: Square,
    without_it: Bitboard,
) {
    let us = pos.turn();
    let them = !us;
    let empty = !pos.occupied();
    let rank = us.relative_rank(from.rank());
    let safe = |to: Square| !attacked_by(pos, them, to, without_it);
    if rank < 7 {
        let one = from.offset(us.forward());
        if empty.has(one) {
            if safe(one) {
                sink.single(Move::new(from, one, MoveKind::Normal));
            }
            if rank == 1 {
                let two = one.offset(us.forward());
                let en_passant_threat = pawn_attacks(us, one) & pos.pawn_movers(them);
                if empty.has(two) && en_passant_threat.is_empty() && safe(two) {
                    sink.single(Move::new(from, two, MoveKind::DoublePush));
                }
            }
        }
        for to in pawn_attacks(us, from) & pos.color_bb(them) {
            if safe(to) {
                sink.single(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
    if let Some(ep) = pos.ep_square() {
        if pawn_attacks(us, from).has(ep) && royal_pawn_en_passant_is_legal(pos, from, ep) {
            sink.single(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

/// A Royal Pawn taking en passant must land on a square no enemy piece attacks once both pawns
/// have left their squares.
fn royal_pawn_en_passant_is_legal<R: Rules>(pos: &Position<R>, from: Square, ep: Square) -> bool {
    let us = pos.turn();
    let victim = ep.offset(-us.forward());
    let occupied = (pos.occupied() ^ from.bb() ^ victim.bb()) | ep.bb();
    (pos.attackers_to(ep, occupied) & pos.color_bb(!us) & !victim.bb()).is_empty()
}

/// En passant removes two pieces from their squares at once, which can uncover a slider along
/// the rank; test it by recomputing attacks on the king after the capture.
fn en_passant_is_legal<R: Rules>(pos: &Position<R>, from: Square, ep: Square) -> bool {
    let us = pos.turn();
    let victim = ep.offset(-us.forward());
    let occupied = (pos.occupied() ^ from.bb() ^ victim.bb()) | ep.bb();
    let attackers = pos.attackers_to(pos.king(us), occupied) & pos.color_bb(!us) & !victim.bb();
    attackers.is_empty()
}

fn castling_moves<R: Rules, S: MoveSink>(pos: &Position<R>, sink: &mut S, occupied: Bitboard) {
    let us = pos.turn();
    let rights = pos.castling_rights();
    for c in pos.castlings().filter(|c| c.color == us && rights.has(c)) {
        let path_clear = (c.empty & occupied).is_empty();
        // The king may not pass through or land on an attacked square (it is not in check here).
        let safe = || (c.passing | c.king_to.bb()).all(|sq| !attacked_by(pos, !us, sq, occupied));
        if path_clear && safe() {
            sink.single(Move::new(c.king_from, c.king_to, MoveKind::Castle));
        }
    }
}

/// Whether the side to move has a legal en passant capture on the position's ep square.
/// (In check, the capture must remove the checker or block: the recomputation covers both.)
pub(super) fn has_legal_en_passant<R: Rules>(pos: &Position<R>) -> bool {
    let Some(ep) = pos.ep_square() else {
        return false;
    };
    let us = pos.turn();
    let king = pos.king(us);
    (pawn_attacks(!us, ep) & pos.pieces(us, Role::Pawn)).any(|from| en_passant_is_legal(pos, from, ep))
        || (R::ROYAL_PAWN && pawn_attacks(!us, ep).has(king) && royal_pawn_en_passant_is_legal(pos, king, ep))
}

/// The legal moves of the side to move.
pub fn legal_moves<R: Rules>(pos: &Position<R>, out: &mut MoveList<Move>) {
    generate(pos, &mut Collect(out));
}

/// The legal moves that capture or promote, in the order [`legal_moves`] lists them.
pub fn noisy_moves<R: Rules>(pos: &Position<R>, out: &mut MoveList<Move>) {
    generate(pos, &mut CollectNoisy { out, occupied: pos.occupied() });
}

/// The number of legal moves, by pop-count (perft's bulk counting).
pub fn count_legal_moves<R: Rules>(pos: &Position<R>) -> usize {
    let mut count = Count::default();
    generate(pos, &mut count);
    count.0
}
