//! The Tirebiter position: up to 32 pieces, each a colour, a role and a set of squares (T1),
//! with a square-to-piece map; and the move generator with its rules (T2-T8, as read in
//! protocol-docs/variants.md).
//!
//! Invariants (checked by `validate`): every square of a piece maps to it and no other square
//! does; a pawn's squares lie on one rank; exactly one King per side; the key matches the
//! pieces; castling rights have a normal King and Rook at home; the side not to move is not in
//! check.

use super::rules::Rules;
use crate::core::{zobrist, MoveList};
use crate::variants::chess::armies::{self, Armies, Army};
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::variants::chess::{Bitboard, Castling, Color, Role, Square};
use arrayvec::ArrayVec;
use std::marker::PhantomData;

pub const MAX_PIECES: usize = 32;
/// The most candidate moves a position can have, well under [`crate::core::MAX_MOVES`]: the side
/// to move has at most 31 pieces. A piece reaches at most 27 squares by its legs (a Queen; every
/// army piece reaches fewer). A normal piece has one capture and one quiet move per square (27),
/// the King two castlings more; a Tirebiter piece has a vector move and a converging move per
/// square its first location reaches (54). A pawn promotes to at most 8 types (two armies, A2):
/// a Tirebiter pawn on the seventh rank has one push (vector only: its locations share a rank)
/// and two diagonals (vector and converge), 40 moves; a normal pawn fewer.
pub const MOVE_BOUND: usize = 31 * 54 + 2;
const _: () = assert!(MOVE_BOUND <= crate::core::MAX_MOVES);
/// A move has at most 16 legs: no piece captures, or splits, on more squares (a Colonel reaches
/// 15 at once: four forward leaps, eight King steps, three slides; A1).
pub const MAX_LEGS: usize = 16;
const EMPTY: u8 = u8::MAX;

/// One piece: it stands on one square (normal) or several (Tirebiter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub color: Color,
    pub role: Role,
    pub squares: Bitboard,
}

impl Unit {
    pub fn is_tirebiter(&self) -> bool {
        self.squares.more_than_one()
    }

    pub fn letter(&self) -> char {
        let upper = self.role.upper();
        if self.color == Color::White {
            upper
        } else {
            upper.to_ascii_lowercase()
        }
    }
}

/// What a move does; the legs follow from it and the position (see [`TirebiterPosition::legs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A normal piece's non-capturing move to one square (`to`).
    Step,
    /// A normal piece's capture on every square of `targets`: each square it could legally
    /// capture on alone (T2).
    CaptureAll,
    /// Nick Danger: a normal piece's non-capturing move to every square of `targets`: each square
    /// at `distance` it could legally move to alone (T8).
    Split,
    /// A Tirebiter piece moving every location by the vector (`df`, `dr`) (T3a).
    Vector,
    /// A Tirebiter piece moving every location to `to` (T3b).
    Converge,
    /// The King's castling to `to` (T7).
    Castle,
}

/// One move. `arg` is the destination square (Step, Converge, Castle), the distance (Split) or
/// the vector packed as `(df + 8) * 16 + (dr + 8)` (Vector). `targets` holds the destinations of
/// a CaptureAll or Split (empty for the other kinds): which squares join the composite depends on
/// the King's safety after each single leg (T2, T8), so the generator decides once and the move
/// carries the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub slot: u8,
    pub kind: MoveKind,
    pub arg: u8,
    pub promotion: Option<Role>,
    pub targets: Bitboard,
}

impl Move {
    /// The move in 32 bits, for the transposition table. `targets` is left out: in one position
    /// the piece, kind, argument and promotion already tell the legal moves apart.
    pub fn packed(self) -> u32 {
        let promotion = self.promotion.map_or(0, |r| r as u32 + 1);
        self.slot as u32 | (self.kind as u32) << 5 | (self.arg as u32) << 8 | promotion << 16
    }

    fn vector(self) -> (i8, i8) {
        ((self.arg / 16) as i8 - 8, (self.arg % 16) as i8 - 8)
    }

    pub fn pack_vector(df: i8, dr: i8) -> u8 {
        ((df + 8) as u8) * 16 + (dr + 8) as u8
    }
}

/// One leg: a location's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leg {
    pub from: Square,
    pub to: Square,
}

pub type Legs = ArrayVec<Leg, MAX_LEGS>;

pub use crate::variants::chess::CASTLINGS;

static SQUARE_KEYS: [u64; 2 * Role::COUNT * 64] = zobrist::keys(0x7E1B_0001);
static GROUP_SALT: [u64; 2 * Role::COUNT] = zobrist::keys(0x7E1B_0002);
static CASTLING_KEYS: [u64; 16] = zobrist::keys(0x7E1B_0003);
static EN_PASSANT_KEYS: [u64; 64] = zobrist::keys(0x7E1B_0004);
static SIDE_KEY: [u64; 1] = zobrist::keys(0x7E1B_0005);

/// A piece's key: its squares, and for a Tirebiter piece the grouping itself (two knights on e5
/// and f6 are not one Tirebiter Knight on e5,f6).
pub fn unit_key(u: &Unit) -> u64 {
    let kind = u.color as usize * Role::COUNT + u.role as usize;
    let mut key = 0;
    for s in u.squares {
        key ^= SQUARE_KEYS[kind * 64 + s.index()];
    }
    if u.is_tirebiter() {
        key ^= zobrist::splitmix64(u.squares.0 ^ GROUP_SALT[kind]).1;
    }
    key
}

/// A Tirebiter or Nick Danger position; `R` says which.
#[derive(Clone, Debug)]
pub struct TirebiterPosition<R: Rules> {
    pub(super) units: [Option<Unit>; MAX_PIECES],
    pub(super) owner: [u8; 64],
    pub(super) occupied: [Bitboard; 2],
    pub(super) side: Color,
    pub(super) castling: u8,
    pub(super) en_passant: Bitboard,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    /// White's and Black's armies (Chess with Different Armies, A1-A4).
    pub(super) armies: Armies,
    /// The squares of every piece by role, both colours (kept with `units`, so that threats are
    /// looked up from the target square instead of from every piece).
    pub(super) by_role: [Bitboard; Role::COUNT],
    /// The squares of the Tirebiter pieces (those on several squares).
    pub(super) multi: Bitboard,
    /// The slots of the Tirebiter pieces, one bit each.
    pub(super) tirebiter_slots: u32,
    pub(super) rules: PhantomData<R>,
}

/// What a leg depends on besides the piece: who stands where, and the en passant squares. The
/// position's own, or the one a move would leave (judged without playing it).
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    pub(super) occupied: [Bitboard; 2],
    pub(super) en_passant: Bitboard,
}

impl Board {
    fn all(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }
}

/// Which of the side to move's candidates skip the King-safety test: those of pieces outside
/// `tested` whose squares (left, landed on, passed by a two-step) avoid `sensitive`. See
/// [`TirebiterPosition::safety_filter`].
#[derive(Clone, Copy, Debug)]
struct SafetyFilter {
    tested: Bitboard,
    sensitive: Bitboard,
}

impl<R: Rules> TirebiterPosition<R> {
    pub(super) fn empty() -> Self {
        TirebiterPosition {
            units: [None; MAX_PIECES],
            owner: [EMPTY; 64],
            occupied: [Bitboard::EMPTY; 2],
            side: Color::White,
            castling: 0,
            en_passant: Bitboard::EMPTY,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            armies: [Army::Fide; 2],
            by_role: [Bitboard::EMPTY; Role::COUNT],
            multi: Bitboard::EMPTY,
            tirebiter_slots: 0,
            rules: PhantomData,
        }
    }

    /// White's and Black's armies.
    pub fn armies(&self) -> Armies {
        self.armies
    }

    /// The castlings as the sides' armies play them (A3).
    pub fn castlings(&self) -> impl Iterator<Item = &'static Castling> {
        armies::castlings(self.armies)
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    pub fn occupied_by(&self, color: Color) -> Bitboard {
        self.occupied[color as usize]
    }

    pub fn units(&self) -> impl Iterator<Item = (usize, &Unit)> {
        self.units.iter().enumerate().filter_map(|(i, u)| u.as_ref().map(|u| (i, u)))
    }

    pub fn unit(&self, slot: usize) -> Option<&Unit> {
        self.units.get(slot).and_then(|u| u.as_ref())
    }

    /// The piece on `square`.
    pub fn unit_at(&self, square: Square) -> Option<(usize, &Unit)> {
        let slot = self.owner[square.index()];
        (slot != EMPTY)
            .then(|| (slot as usize, self.units[slot as usize].as_ref()))
            .and_then(|(s, u)| u.map(|u| (s, u)))
    }

    pub fn king(&self, color: Color) -> Option<&Unit> {
        self.unit_at(self.king_squares(color).into_iter().next()?).map(|(_, u)| u)
    }

    /// Every square of `color`'s King (several when it is a Tirebiter King).
    pub fn king_squares(&self, color: Color) -> Bitboard {
        self.by_role[Role::King as usize] & self.occupied[color as usize]
    }

    /// The board legs are judged on.
    pub(super) fn board(&self) -> Board {
        Board { occupied: self.occupied, en_passant: self.en_passant }
    }

    pub(super) fn state_key(&self) -> u64 {
        let mut key = CASTLING_KEYS[self.castling as usize];
        for s in self.en_passant {
            key ^= EN_PASSANT_KEYS[s.index()];
        }
        if self.side == Color::Black {
            key ^= SIDE_KEY[0];
        }
        key
    }

    pub(super) fn compute_key(&self) -> u64 {
        self.units().fold(self.state_key(), |k, (_, u)| k ^ unit_key(u))
    }

    /// Places a new piece in a free slot.
    pub(super) fn put(&mut self, unit: Unit) -> bool {
        let Some(slot) = self.units.iter().position(|u| u.is_none()) else { return false };
        self.set(slot, unit);
        true
    }

    /// Removes the piece in `slot` from all its squares (T4).
    pub(super) fn take(&mut self, slot: usize) -> Option<Unit> {
        let unit = self.units[slot].take()?;
        for s in unit.squares {
            self.owner[s.index()] = EMPTY;
        }
        self.occupied[unit.color as usize] &= !unit.squares;
        self.by_role[unit.role as usize] &= !unit.squares;
        if unit.is_tirebiter() {
            self.multi &= !unit.squares;
            self.tirebiter_slots &= !(1 << slot);
        }
        self.key ^= unit_key(&unit);
        Some(unit)
    }

    /// Puts `unit` back into `slot`.
    fn set(&mut self, slot: usize, unit: Unit) {
        self.units[slot] = Some(unit);
        for s in unit.squares {
            self.owner[s.index()] = slot as u8;
        }
        self.occupied[unit.color as usize] |= unit.squares;
        self.by_role[unit.role as usize] |= unit.squares;
        if unit.is_tirebiter() {
            self.multi |= unit.squares;
            self.tirebiter_slots |= 1 << slot;
        }
        self.key ^= unit_key(&unit);
    }

    /// Whether a piece of `role` and `color` on `from` has a pseudo-legal leg to `to` on this board
    /// (T3: the moving piece's other locations occupy and are friendly); `Some(capture)`.
    pub fn leg(&self, role: Role, color: Color, from: Square, to: Square) -> Option<bool> {
        leg_on(&self.board(), role, color, from, to)
    }

    /// Every square a piece of `role` on `from` reaches by a pseudo-legal leg.
    fn leg_targets(&self, role: Role, color: Color, from: Square) -> Bitboard {
        leg_targets_on(&self.board(), role, color, from)
    }

    /// The legs of `m`, sorted by from-square then to-square.
    pub fn legs(&self, m: Move) -> Legs {
        let mut legs = self.unsorted_legs(m);
        legs.sort_unstable();
        legs
    }

    /// The legs of `m` in the order its locations and targets give them.
    fn unsorted_legs(&self, m: Move) -> Legs {
        let mut legs = Legs::new();
        if let Some(unit) = self.unit(m.slot as usize) {
            // Cannot overflow: no move has more than MAX_LEGS legs.
            for_each_leg(unit, m, |from, to| legs.push(Leg { from, to }));
        }
        legs
    }

    /// Of `squares`, those the normal piece in `slot` could move to (`kind` CaptureAll: capture
    /// on; Split: step to) as a single leg without leaving its King in check: the squares that
    /// join its composite capture (T2) or split (T8). A lone square is returned as it is, since
    /// the composite is then that single leg and the legality filter judges it anyway. `filter`
    /// as for [`legal_given`](Self::legal_given).
    #[inline(always)]
    fn legal_parts(&self, slot: u8, kind: MoveKind, squares: Bitboard, filter: SafetyFilter) -> Bitboard {
        if squares.more_than_one() {
            self.legal_parts_of_several(slot, kind, squares, filter)
        } else {
            squares
        }
    }

    /// [`legal_parts`](Self::legal_parts) of two squares or more.
    fn legal_parts_of_several(
        &self,
        slot: u8,
        kind: MoveKind,
        squares: Bitboard,
        filter: SafetyFilter,
    ) -> Bitboard {
        let mut legal = Bitboard::EMPTY;
        for to in squares {
            if self.legal_given(Move { slot, kind, arg: 0, promotion: None, targets: to.bb() }, filter) {
                legal |= to.bb();
            }
        }
        legal
    }

    /// Which candidates of the side to move must be tested for the King's safety; the others
    /// are all safe (castling and en passant aside, see [`legal_given`](Self::legal_given)).
    ///
    /// When the side to move is not in check and its King stands on one square, a normal
    /// piece's move can expose the King to the enemy's normal pieces only by vacating its
    /// square: its destinations stay occupied (a captured square holds the capturer), so every
    /// normal pattern is blocked at least as before, save a line through the square it leaves.
    /// Those pieces are the first on each line from the King whose removal lets an enemy normal piece
    /// capture the King; they are tested, with the King itself and every Tirebiter piece of
    /// ours (which vacates several squares).
    ///
    /// An enemy Tirebiter piece captures only when every location has a capturing leg (T3), so
    /// a move can also arm it by landing on a square: its threat on the King can change only
    /// through the squares its locations' patterns cover on an empty board (targets and the
    /// paths to them), and only if one of those patterns reaches the King at all. Those squares
    /// are `sensitive`, as is every square of an enemy Tirebiter piece (capturing one removes
    /// all its locations). Otherwise (a King on several squares, or in check) every move is
    /// tested.
    fn safety_filter(&self) -> SafetyFilter {
        let us = self.side;
        let them = !us;
        let king = self.king_squares(us);
        let every_move = SafetyFilter { tested: Bitboard::ALL, sensitive: Bitboard::ALL };
        if king.more_than_one() || king.is_empty() {
            return every_move;
        }
        let board = self.board();
        if self.threatened_on(&board, them, king) {
            return every_move;
        }
        let square = king.first();
        let occ = board.all();
        let ours = self.occupied[us as usize];
        let mut tested = king | (self.multi & ours);
        let seen = rook_attacks(square, occ) | bishop_attacks(square, occ);
        // A blocker is pinned if an enemy normal piece that its removal uncovers captures the
        // King through its square. (What it uncovers for an enemy Tirebiter piece is caught by
        // `sensitive` below: the blocker's square lies in that piece's patterns.)
        let enemy_normal = self.occupied[them as usize] & !self.multi;
        for blocker in seen & ours & !tested {
            let without = occ ^ blocker.bb();
            let uncovered =
                (rook_attacks(square, without) | bishop_attacks(square, without)) & !seen & enemy_normal;
            let pins = uncovered.into_iter().any(|from| {
                self.unit_at(from)
                    .is_some_and(|(_, u)| capture_pattern(u.role, them, from, without).has(square))
            });
            if pins {
                tested |= blocker.bb();
            }
        }
        let enemy_tirebiters = self.multi & self.occupied[them as usize];
        let mut sensitive = enemy_tirebiters;
        let mut slots = self.tirebiter_slots;
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let Some(unit) = self.units[slot] else { continue };
            if unit.color != them {
                continue;
            }
            // Patterns only shrink as squares fill (no piece of any army hops).
            let reach = unit
                .squares
                .into_iter()
                .fold(Bitboard::EMPTY, |r, from| r | capture_pattern(unit.role, them, from, Bitboard::EMPTY));
            if reach.has(square) {
                sensitive |= reach;
            }
        }
        SafetyFilter { tested, sensitive }
    }

    /// Whether the candidate `m` leaves the King safe, given `filter` (from
    /// [`safety_filter`](Self::safety_filter)): castling and a pawn's move while en passant is
    /// open (its capture empties a square) are always tested.
    fn legal_given(&self, m: Move, filter: SafetyFilter) -> bool {
        let surely_safe = m.kind != MoveKind::Castle
            && self.unit(m.slot as usize).is_some_and(|u| {
                (u.squares & filter.tested).is_empty()
                    && !(u.role == Role::Pawn && self.en_passant.nonempty())
                    && (filter.sensitive.is_empty() || (footprint(u, m) & filter.sensitive).is_empty())
            });
        surely_safe || self.leaves_king_safe(m)
    }

    /// Whether the normal piece in `slot` could capture on (CaptureAll) or step to (Split) `to`
    /// as a single leg without leaving its King in check.
    pub(super) fn legal_alone(&self, slot: u8, kind: MoveKind, to: Square) -> bool {
        self.leaves_king_safe(Move { slot, kind, arg: 0, promotion: None, targets: to.bb() })
    }

    /// Whether the side to move's King is out of check after `m` (a candidate of the side to
    /// move). The board after the move is worked out without playing it; only castling, which
    /// moves two pieces, is played on a copy.
    fn leaves_king_safe(&self, m: Move) -> bool {
        let us = self.side;
        let them = !us;
        let Some(mover) = self.unit(m.slot as usize) else { return true };
        if m.kind == MoveKind::Castle {
            let mut after = self.clone();
            after.apply(m);
            return !after.king_in_check(us);
        }
        // As `apply` plays it: the mover leaves its squares, every piece with a location on a
        // captured square (or the pawn passed by en passant) leaves all of its squares, and the
        // mover stands on the destinations.
        let mut occupied = self.occupied;
        occupied[us as usize] &= !mover.squares;
        let mut destinations = Bitboard::EMPTY;
        let mut en_passant = Bitboard::EMPTY;
        let pawn = mover.role == Role::Pawn;
        for_each_leg(mover, m, |from, to| {
            destinations |= to.bb();
            let victim_square = if self.occupied[them as usize].has(to) {
                Some(to)
            } else if pawn && self.en_passant.has(to) && from.file() != to.file() {
                Some(Square::from_file_rank(to.file(), from.rank()))
            } else {
                None
            };
            if let Some((_, victim)) = victim_square.and_then(|square| self.unit_at(square)) {
                occupied[victim.color as usize] &= !victim.squares;
            }
            if pawn && from.rank().abs_diff(to.rank()) == 2 {
                en_passant |= Square::from_file_rank(from.file(), (from.rank() + to.rank()) / 2).bb();
            }
        });
        occupied[us as usize] |= destinations;
        let king = if mover.role == Role::King { destinations } else { self.king_squares(us) };
        king.nonempty() && !self.threatened_on(&Board { occupied, en_passant }, them, king)
    }

    /// Whether `by` has a move (T2 or T3, its own King's safety ignored) that captures on any of
    /// `targets` (T5).
    pub fn threatens(&self, by: Color, targets: Bitboard) -> bool {
        self.threatened_on(&self.board(), by, targets)
    }

    /// [`threatens`](Self::threatens) on `board`: this position's pieces, less those that no
    /// longer stand on `board` (captured), the moving side's pieces wherever `board` has them.
    fn threatened_on(&self, board: &Board, by: Color, targets: Bitboard) -> bool {
        let occ = board.all();
        let pieces = board.occupied[by as usize];
        // Normal pieces: looked up from each target square (every pattern is left-right
        // symmetric, so a piece attacks a square from where the opposite colour's would attack).
        let normal = pieces & !self.multi;
        if normal.nonempty() {
            let of = |role: Role| self.by_role[role as usize] & normal;
            let diagonal = of(Role::Bishop) | of(Role::Queen);
            let straight = of(Role::Rook) | of(Role::Queen);
            let fide = of(Role::Pawn) | of(Role::Knight) | diagonal | straight | of(Role::King);
            let others = normal & !fide & !of(Role::Commoner);
            for target in targets {
                let hit = (pawn_attacks(!by, target) & of(Role::Pawn))
                    | (knight_attacks(target) & of(Role::Knight))
                    | (king_attacks(target) & of(Role::King))
                    | (bishop_attacks(target, occ) & diagonal)
                    | (rook_attacks(target, occ) & straight);
                if hit.nonempty() {
                    return true;
                }
                for square in others {
                    if let Some((_, u)) = self.unit_at(square) {
                        if armies::attacks(u.role, by, square, occ).has(target) {
                            return true;
                        }
                    }
                }
            }
        }
        let mut slots = self.tirebiter_slots;
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let Some(unit) = self.units[slot] else { continue };
            if unit.color != by || !pieces.has(unit.squares.first()) {
                continue;
            }
            // Each location's capturing legs, found once: a composite capture is a choice of one
            // per location, so no composite can hit a target that none of them does.
            let mut captures = [Bitboard::EMPTY; 64];
            let mut reach = Bitboard::EMPTY;
            for from in unit.squares {
                let legs = capturing_legs_on(board, unit.role, by, from);
                captures[from.index()] = legs;
                reach |= legs;
            }
            if (reach & targets).nonempty() && tirebiter_threatens(&unit, &captures, targets) {
                return true;
            }
        }
        false
    }

    pub fn king_in_check(&self, color: Color) -> bool {
        let king = self.king_squares(color);
        king.is_empty() || self.threatens(!color, king)
    }

    pub fn in_check(&self) -> bool {
        self.king_in_check(self.side)
    }

    /// Calls `emit` with every candidate move of the side to move, before the King-safety
    /// filter. `filter` as for [`legal_given`](Self::legal_given).
    #[inline(always)]
    fn candidates(&self, filter: SafetyFilter, emit: &mut impl FnMut(Move)) {
        let us = self.side;
        for (slot, unit) in self.units() {
            if unit.color != us {
                continue;
            }
            let slot = slot as u8;
            if unit.is_tirebiter() {
                self.tirebiter_candidates(slot, unit, emit);
                continue;
            }
            let mut push = |kind: MoveKind, arg: u8, targets: Bitboard, lands_on: Square| {
                let m = Move { slot, kind, arg, promotion: None, targets };
                self.emit_with_promotions(unit, m, lands_on, emit);
            };
            let from = unit.squares.first();
            let legs = self.leg_targets(unit.role, us, from);
            let pseudo_captures = capturing_part(legs, unit.role, us, from, self.occupied[!us as usize]);
            let captures = self.legal_parts(slot, MoveKind::CaptureAll, pseudo_captures, filter);
            if captures.nonempty() {
                push(MoveKind::CaptureAll, 0, captures, captures.first());
            }
            let quiet = legs & !pseudo_captures & !self.occupied();
            if R::SPLIT_NON_CAPTURES {
                // T8: one split per distance, over every square at that distance.
                let mut by_distance = [Bitboard::EMPTY; 16];
                let mut distances = 0u16;
                for to in quiet {
                    let d = steps(unit.role, us, from, to);
                    by_distance[d as usize] |= to.bb();
                    distances |= 1 << d;
                }
                while distances != 0 {
                    let d = distances.trailing_zeros() as u8;
                    distances &= distances - 1;
                    let squares = self.legal_parts(slot, MoveKind::Split, by_distance[d as usize], filter);
                    if squares.nonempty() {
                        push(MoveKind::Split, d, squares, squares.first());
                    }
                }
            } else {
                for to in quiet {
                    push(MoveKind::Step, to.index() as u8, Bitboard::EMPTY, to);
                }
            }
            if unit.role == Role::King {
                self.castling_moves(slot, unit, emit);
            }
        }
    }

    /// Emits `m`, a move of `unit` landing (first) on `lands_on`, once per promotion choice
    /// when it is a pawn's move to the last rank.
    #[inline(always)]
    fn emit_with_promotions(&self, unit: &Unit, m: Move, lands_on: Square, emit: &mut impl FnMut(Move)) {
        let last_rank = if unit.color == Color::White { 7 } else { 0 };
        if unit.role == Role::Pawn && lands_on.rank() == last_rank {
            for role in armies::promotions(self.armies) {
                emit(Move { promotion: Some(role), ..m });
            }
        } else {
            emit(m);
        }
    }

    /// The candidates of the Tirebiter piece `unit` in `slot` (T3): every location moves by one
    /// vector, or every location moves to one square.
    #[inline(never)]
    fn tirebiter_candidates(&self, slot: u8, unit: &Unit, emit: &mut impl FnMut(Move)) {
        let us = unit.color;
        // Each location's legs, found once; a leg captures by where it lands (a pawn's diagonal
        // captures, en passant included; its pushes never do).
        let mut legs = [Bitboard::EMPTY; 64];
        for from in unit.squares {
            legs[from.index()] = self.leg_targets(unit.role, us, from);
        }
        let enemy = self.occupied[!us as usize];
        let captures = |from: Square, to: Square| {
            if unit.role == Role::Pawn {
                from.file() != to.file()
            } else {
                enemy.has(to)
            }
        };
        let first = unit.squares.first();
        for to in legs[first.index()] {
            let capture = captures(first, to);
            // Every location's leg is legal, and all capture or none does.
            let leg_like_first =
                |from: Square, t: Square| legs[from.index()].has(t) && captures(from, t) == capture;
            let (df, dr) = delta(first, to);
            let vector_ok = unit
                .squares
                .into_iter()
                .all(|from| offset(from, df, dr).is_some_and(|t| leg_like_first(from, t)));
            if vector_ok {
                let m = Move {
                    slot,
                    kind: MoveKind::Vector,
                    arg: Move::pack_vector(df, dr),
                    promotion: None,
                    targets: Bitboard::EMPTY,
                };
                self.emit_with_promotions(unit, m, to, emit);
            }
            if unit.squares.into_iter().all(|from| leg_like_first(from, to)) {
                let m = Move {
                    slot,
                    kind: MoveKind::Converge,
                    arg: to.index() as u8,
                    promotion: None,
                    targets: Bitboard::EMPTY,
                };
                self.emit_with_promotions(unit, m, to, emit);
            }
        }
    }

    fn castling_moves(&self, slot: u8, king: &Unit, emit: &mut impl FnMut(Move)) {
        let us = self.side;
        for c in self.castlings().filter(|c| c.color == us && self.castling & c.right != 0) {
            if (c.empty & self.occupied()).nonempty() || king.squares != c.king_from.bb() {
                continue;
            }
            if self.threatens(!us, c.king_from.bb()) {
                continue;
            }
            // The King may not pass a threatened square (A3: two for the Bede's long castling).
            let passes_threat = c.passing.into_iter().any(|square| {
                let mut passing = self.board();
                passing.occupied[us as usize] &= !king.squares;
                passing.occupied[us as usize] |= square.bb();
                self.threatened_on(&passing, !us, square.bb())
            });
            if passes_threat {
                continue;
            }
            let arg = c.king_to.index() as u8;
            emit(Move { slot, kind: MoveKind::Castle, arg, promotion: None, targets: Bitboard::EMPTY });
        }
    }

    /// Every legal move of the side to move.
    pub fn generate_legal(&self, out: &mut MoveList<Move>) {
        let filter = self.safety_filter();
        self.candidates(filter, &mut |m| {
            if self.legal_given(m, filter) {
                // Cannot overflow: see MOVE_BOUND.
                let pushed = out.try_push(m);
                debug_assert!(pushed.is_ok(), "move list overflow");
            }
        });
    }

    /// The number of legal moves of the side to move (as [`generate_legal`] would list).
    ///
    /// [`generate_legal`]: Self::generate_legal
    pub fn count_legal(&self) -> usize {
        let filter = self.safety_filter();
        let mut count = 0;
        self.candidates(filter, &mut |m| count += self.legal_given(m, filter) as usize);
        count
    }

    /// Plays a move (without the en passant canonicalisation of `play`).
    pub(super) fn apply(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let legs = self.legs(m);
        self.key ^= self.state_key();
        let slot = m.slot as usize;
        let Some(mut mover) = self.take(slot) else { return };
        let mut irreversible = mover.role == Role::Pawn;
        let mut two_step_passed = Bitboard::EMPTY;
        let mut touched = Bitboard::EMPTY;
        let mut destinations = Bitboard::EMPTY;
        for leg in &legs {
            touched |= leg.from.bb() | leg.to.bb();
            destinations |= leg.to.bb();
            // Capture: the enemy piece on the destination, or the pawn passed by en passant.
            let victim_square = if self.occupied[them as usize].has(leg.to) {
                Some(leg.to)
            } else if mover.role == Role::Pawn
                && self.en_passant.has(leg.to)
                && leg.from.file() != leg.to.file()
            {
                Some(Square::from_file_rank(leg.to.file(), leg.from.rank()))
            } else {
                None
            };
            if let Some(square) = victim_square {
                if let Some((victim, _)) = self.unit_at(square) {
                    if let Some(taken) = self.take(victim) {
                        touched |= taken.squares;
                    }
                }
                irreversible = true;
            }
            if mover.role == Role::Pawn && leg.from.rank().abs_diff(leg.to.rank()) == 2 {
                two_step_passed |=
                    Square::from_file_rank(leg.from.file(), (leg.from.rank() + leg.to.rank()) / 2).bb();
            }
        }
        if m.kind == MoveKind::Castle {
            if let Some(c) = self.castlings().find(|c| c.color == us && c.king_to.index() as u8 == m.arg) {
                if let Some((rook_slot, _)) = self.unit_at(c.rook_from) {
                    if let Some(mut rook) = self.take(rook_slot) {
                        rook.squares = c.rook_to.bb();
                        self.set(rook_slot, rook);
                    }
                }
                touched |= c.rook_from.bb();
            }
        }
        mover.squares = destinations;
        if let Some(role) = m.promotion {
            mover.role = role;
        }
        self.set(slot, mover);
        for c in &CASTLINGS {
            if touched.has(c.king_from) || touched.has(c.rook_from) {
                self.castling &= !c.right;
            }
        }
        self.en_passant = two_step_passed;
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.key ^= self.state_key();
    }

    /// The position after passing (null move).
    pub fn passed(&self) -> Self {
        let mut next = self.clone();
        next.key ^= next.state_key();
        next.en_passant = Bitboard::EMPTY;
        next.side = !next.side;
        next.halfmove += 1;
        next.key ^= next.state_key();
        next
    }
}

/// Every square whose occupancy `m`, a move of `unit`, changes: the squares left, the
/// destinations, and the square a pawn's two-step passes (it becomes en passant's).
fn footprint(unit: &Unit, m: Move) -> Bitboard {
    let mut squares = unit.squares;
    for_each_leg(unit, m, |from, to| {
        squares |= to.bb();
        if unit.role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
            squares |= Square::from_file_rank(from.file(), (from.rank() + to.rank()) / 2).bb();
        }
    });
    squares
}

/// Calls `f(from, to)` for each leg of `m`, a move of `unit`, in the order its locations and
/// targets give them.
#[inline]
fn for_each_leg(unit: &Unit, m: Move, mut f: impl FnMut(Square, Square)) {
    match m.kind {
        MoveKind::Step | MoveKind::Castle => f(unit.squares.first(), Square::new(m.arg)),
        MoveKind::CaptureAll | MoveKind::Split => {
            let from = unit.squares.first();
            for to in m.targets {
                f(from, to);
            }
        }
        MoveKind::Vector => {
            let (df, dr) = m.vector();
            for from in unit.squares {
                if let Some(to) = offset(from, df, dr) {
                    f(from, to);
                }
            }
        }
        MoveKind::Converge => {
            for from in unit.squares {
                f(from, Square::new(m.arg));
            }
        }
    }
}

/// Whether a piece of `role` and `color` on `from` has a pseudo-legal leg to `to` on `board`;
/// `Some(capture)`.
fn leg_on(board: &Board, role: Role, color: Color, from: Square, to: Square) -> Option<bool> {
    if from == to || board.occupied[color as usize].has(to) {
        return None;
    }
    let occ = board.all();
    let enemy = board.occupied[!color as usize].has(to);
    match role {
        Role::Pawn => {
            let step: i32 = if color == Color::White { 8 } else { -8 };
            let (f, t) = (from.index() as i32, to.index() as i32);
            if t == f + step {
                return (!occ.has(to)).then_some(false);
            }
            let second = if color == Color::White { 1 } else { 6 };
            if t == f + 2 * step && from.rank() == second {
                let middle = Square::new((f + step) as u8);
                return (!occ.has(middle) && !occ.has(to)).then_some(false);
            }
            if pawn_attacks(color, from).has(to) && (enemy || board.en_passant.has(to)) {
                return Some(true);
            }
            None
        }
        Role::Commoner => None,
        role => capture_pattern(role, color, from, occ).has(to).then_some(enemy),
    }
}

/// Whether the Tirebiter piece `unit` has a complete composite capture (T3) that captures on
/// any of `targets` (T5), given each location's capturing legs (`captures`, by square).
fn tirebiter_threatens(unit: &Unit, captures: &[Bitboard; 64], targets: Bitboard) -> bool {
    let first = unit.squares.first();
    let capture = |from: Square, to: Square| captures[from.index()].has(to);
    for to in captures[first.index()] {
        // Every location by the same vector...
        let (df, dr) = delta(first, to);
        let mut hits = false;
        let all = unit.squares.into_iter().all(|from| match offset(from, df, dr) {
            Some(t) if capture(from, t) => {
                hits |= targets.has(t);
                true
            }
            _ => false,
        });
        if all && hits {
            return true;
        }
        // ...or every location onto one square.
        if targets.has(to) && unit.squares.into_iter().all(|from| capture(from, to)) {
            return true;
        }
    }
    false
}

/// The squares a piece of `role` on `from` captures on by a pseudo-legal leg on `board` (T2, en
/// passant included).
fn capturing_legs_on(board: &Board, role: Role, color: Color, from: Square) -> Bitboard {
    capturing_part(
        leg_targets_on(board, role, color, from),
        role,
        color,
        from,
        board.occupied[!color as usize],
    )
}

/// Of `legs`, a piece's pseudo-legal legs from `from`, those that capture: a pawn's diagonals (en
/// passant included), any other piece's onto `enemy`.
fn capturing_part(legs: Bitboard, role: Role, color: Color, from: Square, enemy: Bitboard) -> Bitboard {
    if role == Role::Pawn {
        legs & pawn_attacks(color, from)
    } else {
        legs & enemy
    }
}

/// Every square a piece of `role` on `from` reaches by a pseudo-legal leg on `board`.
fn leg_targets_on(board: &Board, role: Role, color: Color, from: Square) -> Bitboard {
    let own = board.occupied[color as usize];
    if role == Role::Pawn {
        // As `leg_on` judges them: a step to an empty square, a two-step from the second rank
        // over an empty square, a diagonal capture (en passant included).
        let occ = board.all();
        let (forward, second) = if color == Color::White { (1, 1) } else { (-1, 6) };
        let mut t = Bitboard::EMPTY;
        if let Some(one) = offset(from, 0, forward).filter(|&s| !occ.has(s)) {
            t |= one.bb();
            if let Some(two) = offset(from, 0, 2 * forward).filter(|&s| from.rank() == second && !occ.has(s))
            {
                t |= two.bb();
            }
        }
        return t | (pawn_attacks(color, from) & (board.occupied[!color as usize] | board.en_passant) & !own);
    }
    capture_pattern(role, color, from, board.all()) & !own
}

/// The squares a piece of `role` on `from` captures on by its pattern, with `occ` blocking
/// sliders (en passant aside).
pub fn capture_pattern(role: Role, color: Color, from: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, from),
        Role::Knight => knight_attacks(from),
        Role::King => king_attacks(from),
        Role::Bishop => bishop_attacks(from, occ),
        Role::Rook => rook_attacks(from, occ),
        Role::Queen => bishop_attacks(from, occ) | rook_attacks(from, occ),
        Role::Commoner => Bitboard::EMPTY,
        role => armies::attacks(role, color, from, occ),
    }
}

pub fn offset(from: Square, df: i8, dr: i8) -> Option<Square> {
    let f = from.file() as i8 + df;
    let r = from.rank() as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::from_file_rank(f as u8, r as u8))
}

fn delta(from: Square, to: Square) -> (i8, i8) {
    (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8)
}

/// The distance of a leg in steps (T8): a slider's squares travelled, 1 for a leap (a Knight's, a
/// King's step, any leap of the other armies' pieces), the squares advanced for a pawn.
pub fn steps(role: Role, color: Color, from: Square, to: Square) -> u8 {
    armies::steps(role, color, from, to)
}

#[cfg(test)]
impl<R: Rules> TirebiterPosition<R> {
    /// The legal moves found without [`safety_filter`](Self::safety_filter)'s shortcuts: every
    /// candidate, and every part of a composite, judged by working out the board after it.
    pub(super) fn legal_moves_testing_every_candidate(&self) -> Vec<Move> {
        let every_move = SafetyFilter { tested: Bitboard::ALL, sensitive: Bitboard::ALL };
        let mut moves = Vec::new();
        self.candidates(every_move, &mut |m| {
            if self.legal_given(m, every_move) {
                moves.push(m);
            }
        });
        moves
    }
}
