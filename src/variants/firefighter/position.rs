//! The FireFighter position: a list of placed pieces (any number per square, F1) with derived
//! bitboards, and the state the rules add: unused arson rights (F6), lost Firefighters (F2).
//!
//! Invariants (checked by `validate`): at most [`MAX_PIECES`] pieces; exactly one King per side;
//! at most one declared Firefighter per side, none for a side whose Firefighter is lost; the
//! derived bitboards and the key agree with the piece list; castling rights have their King and
//! exactly one non-burning Rook at home; an en passant square is set only when a legal en passant
//! capture exists; the side not to move has no threatened King.

use super::piece::Piece;
use crate::core::zobrist;
use crate::variants::chess::armies::{self, Armies, Army, Promotions};
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::variants::chess::{Bitboard, Color, Role, Square};
pub use crate::variants::chess::{Castling, CASTLINGS};
use arrayvec::ArrayVec;

/// The most pieces a position may hold: the 32 of the start position (pieces are never added).
pub const MAX_PIECES: usize = 32;

/// A piece on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub square: Square,
    pub piece: Piece,
}

/// The pieces on the board, in no particular order. A plain array and a length, so that a
/// position copies as one block: the move generator copies the position for every candidate's
/// legality test, and `ArrayVec`'s clone goes element by element.
#[derive(Clone, Copy)]
pub struct PieceList {
    items: [Placed; MAX_PIECES],
    len: u8,
}

impl PieceList {
    const UNUSED: Placed = Placed { square: Square::new(0), piece: Piece::new(Color::White, Role::Pawn) };

    pub const fn new() -> PieceList {
        PieceList { items: [Self::UNUSED; MAX_PIECES], len: 0 }
    }

    pub fn is_full(&self) -> bool {
        self.len as usize == MAX_PIECES
    }

    /// Adds a piece; `false` (nothing added) when the list is full.
    pub fn try_push(&mut self, placed: Placed) -> bool {
        if self.is_full() {
            return false;
        }
        self.items[self.len as usize] = placed;
        self.len += 1;
        true
    }

    /// Removes the piece at `index`, moving the last one into its place.
    pub fn swap_remove(&mut self, index: usize) -> Placed {
        let removed = self[index];
        self.len -= 1;
        self.items[index] = self.items[self.len as usize];
        removed
    }
}

impl Default for PieceList {
    fn default() -> PieceList {
        PieceList::new()
    }
}

impl std::ops::Deref for PieceList {
    type Target = [Placed];
    fn deref(&self) -> &[Placed] {
        &self.items[..self.len as usize]
    }
}

impl std::ops::DerefMut for PieceList {
    fn deref_mut(&mut self) -> &mut [Placed] {
        &mut self.items[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a PieceList {
    type Item = &'a Placed;
    type IntoIter = std::slice::Iter<'a, Placed>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for PieceList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// What an action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture by the piece's own pattern (F1, F9), promotions included.
    Ordinary,
    EnPassant,
    Castle,
    /// Squirt (F3), or extinguish (F4) when the target burns.
    Squirt,
    /// Rescue (F5): `to` is the burning piece's square.
    Rescue,
    /// Arson (F6) on the piece `target` at `to`.
    Arson,
}

/// One action. `actor` is the acting piece as it stands on `from` (which of a crowd acts);
/// `target` is the piece pushed, rescued or set on fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveKind,
    pub from: Square,
    pub to: Square,
    pub actor: Piece,
    pub target: Piece,
    pub promotion: Option<Role>,
}

impl Move {
    /// A 32-bit code, distinct for distinct moves of one position.
    pub fn packed(self) -> u32 {
        let kind = self.kind as u32;
        let promotion = self.promotion.map_or(0, |r| r as u32 + 1);
        kind | (self.from.index() as u32) << 3
            | (self.to.index() as u32) << 9
            | (self.actor.code() as u32) << 15
            | (self.target.code() as u32) << 21
            | promotion << 27
    }
}

// Additive Zobrist keys: a square may hold equal pieces twice, which XOR would cancel.
static PIECE_KEYS: [u64; 64 * Piece::CODES] = zobrist::keys(0xF12E_0001);
static CASTLING_KEYS: [u64; 16] = zobrist::keys(0xF12E_0002);
static EN_PASSANT_KEYS: [u64; 8] = zobrist::keys(0xF12E_0003);
static ARSON_KEYS: [u64; 4] = zobrist::keys(0xF12E_0004);
static LOST_KEYS: [u64; 4] = zobrist::keys(0xF12E_0005);
static SIDE_KEY: [u64; 1] = zobrist::keys(0xF12E_0006);

#[inline]
fn piece_key(square: Square, piece: Piece) -> u64 {
    PIECE_KEYS[square.index() * Piece::CODES + piece.code()]
}

/// A FireFighter Chess position (`firefighter`).
#[derive(Clone, Debug)]
pub struct FireFighter {
    pub(super) pieces: PieceList,
    pub(super) side: Color,
    pub(super) castling: u8,
    pub(super) en_passant: Option<Square>,
    /// Unused arson rights, by colour (F6).
    pub(super) arson: [bool; 2],
    /// The side's Firefighter was captured or taken over (F2).
    pub(super) lost: [bool; 2],
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    // Derived from the pieces: kept up to date by `add`, `remove` and `replace`, rebuilt by
    // `refresh` (set-up, and `validate`'s check).
    pub(super) occupied: [Bitboard; 2],
    /// Squares holding a non-burning piece, by colour and role: the pieces that can act.
    pub(super) active: [[Bitboard; Role::COUNT]; 2],
    pub(super) burning: [Bitboard; 2],
    /// Squares holding two or more pieces (crowds).
    pub(super) crowded: Bitboard,
    /// The piece on each square that holds exactly one (stale on other squares): finding a
    /// square's pieces without scanning the list, for all but crowds.
    pub(super) alone: [Piece; 64],
    pub(super) king: [Option<Square>; 2],
    /// The declared, non-burning Firefighter's square.
    pub(super) firefighter: [Option<Square>; 2],
    pub(super) declared: [bool; 2],
    /// White's and Black's armies (rule zero: Chess with Different Armies, A1-A4).
    pub(super) armies: Armies,
    /// The non-FIDE roles the armies bring, one bit per role.
    pub(super) army_roles: u32,
}

/// Who may make firefighting moves for a side (F2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Firefighting {
    /// Not declared: any non-burning piece may.
    Anyone,
    /// Only the piece on this square, the declared non-burning Firefighter.
    Only(Square),
    /// Lost, or declared but burning.
    Nobody,
}

impl FireFighter {
    pub(super) fn empty() -> FireFighter {
        FireFighter {
            pieces: PieceList::new(),
            side: Color::White,
            castling: 0,
            en_passant: None,
            arson: [true; 2],
            lost: [false; 2],
            halfmove: 0,
            fullmove: 1,
            key: 0,
            occupied: [Bitboard::EMPTY; 2],
            active: [[Bitboard::EMPTY; Role::COUNT]; 2],
            burning: [Bitboard::EMPTY; 2],
            crowded: Bitboard::EMPTY,
            alone: [Piece::new(Color::White, Role::Pawn); 64],
            king: [None; 2],
            firefighter: [None; 2],
            declared: [false; 2],
            armies: [Army::Fide; 2],
            army_roles: 0,
        }
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn pieces(&self) -> &[Placed] {
        &self.pieces
    }

    /// The pieces on `square`, in the order of the piece list (a crowd's order is the order in
    /// which the move generator lists its pieces' actions).
    pub fn crowd(&self, square: Square) -> impl Iterator<Item = Piece> + '_ {
        // A lone piece comes from `alone`; only a crowd needs the scan of the list.
        let (alone, scanned): (Option<Piece>, &[Placed]) = if self.crowded.has(square) {
            (None, &self.pieces)
        } else if self.occupied().has(square) {
            (Some(self.alone[square.index()]), &[])
        } else {
            (None, &[])
        };
        alone.into_iter().chain(scanned.iter().filter(move |p| p.square == square).map(|p| p.piece))
    }

    pub fn count_at(&self, square: Square) -> usize {
        if self.crowded.has(square) {
            self.pieces.iter().filter(|p| p.square == square).count()
        } else {
            usize::from(self.occupied().has(square))
        }
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    pub fn occupied_by(&self, color: Color) -> Bitboard {
        self.occupied[color as usize]
    }

    pub fn burning_of(&self, color: Color) -> Bitboard {
        self.burning[color as usize]
    }

    pub fn active(&self, color: Color, role: Role) -> Bitboard {
        self.active[color as usize][role as usize]
    }

    pub fn active_any(&self, color: Color) -> Bitboard {
        self.active[color as usize].iter().fold(Bitboard::EMPTY, |a, &b| a | b)
    }

    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.king[color as usize]
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn arson_available(&self, color: Color) -> bool {
        self.arson[color as usize]
    }

    pub fn firefighter_lost(&self, color: Color) -> bool {
        self.lost[color as usize]
    }

    pub fn has_declared(&self, color: Color) -> bool {
        self.declared[color as usize]
    }

    /// The square of the side's declared Firefighter, burning or not.
    pub fn declared_square(&self, color: Color) -> Option<Square> {
        self.pieces.iter().find(|p| p.piece.is_firefighter() && p.piece.color() == color).map(|p| p.square)
    }

    pub fn firefighting(&self, color: Color) -> Firefighting {
        let c = color as usize;
        match (self.lost[c], self.declared[c], self.firefighter[c]) {
            (true, _, _) => Firefighting::Nobody,
            (false, false, _) => Firefighting::Anyone,
            (false, true, Some(square)) => Firefighting::Only(square),
            (false, true, None) => Firefighting::Nobody,
        }
    }

    /// Rebuilds the derived bitboards from the piece list. Written out rather than built from
    /// `note_added`: `validate` compares the incrementally kept state with this one, so it is
    /// the independent account.
    pub(super) fn refresh(&mut self) {
        self.occupied = [Bitboard::EMPTY; 2];
        self.crowded = Bitboard::EMPTY;
        self.active = [[Bitboard::EMPTY; Role::COUNT]; 2];
        self.burning = [Bitboard::EMPTY; 2];
        self.king = [None; 2];
        self.firefighter = [None; 2];
        self.declared = [false; 2];
        for p in &self.pieces {
            let c = p.piece.color() as usize;
            let bit = p.square.bb();
            if (self.occupied[0] | self.occupied[1]).has(p.square) {
                self.crowded |= bit;
            } else {
                self.alone[p.square.index()] = p.piece;
            }
            self.occupied[c] |= bit;
            if p.piece.is_burning() {
                self.burning[c] |= bit;
            } else {
                self.active[c][p.piece.role() as usize] |= bit;
            }
            if p.piece.role() == Role::King {
                self.king[c] = Some(p.square);
            }
            if p.piece.is_firefighter() {
                self.declared[c] = true;
                if !p.piece.is_burning() {
                    self.firefighter[c] = Some(p.square);
                }
            }
        }
    }

    /// The key of everything but the pieces.
    pub(super) fn state_key(&self) -> u64 {
        let arson = self.arson[0] as usize | (self.arson[1] as usize) << 1;
        let lost = self.lost[0] as usize | (self.lost[1] as usize) << 1;
        let mut key = CASTLING_KEYS[self.castling as usize]
            .wrapping_add(ARSON_KEYS[arson])
            .wrapping_add(LOST_KEYS[lost]);
        if let Some(ep) = self.en_passant {
            key = key.wrapping_add(EN_PASSANT_KEYS[ep.file() as usize]);
        }
        if self.side == Color::Black {
            key = key.wrapping_add(SIDE_KEY[0]);
        }
        key
    }

    pub(super) fn compute_key(&self) -> u64 {
        self.pieces.iter().fold(self.state_key(), |k, p| k.wrapping_add(piece_key(p.square, p.piece)))
    }

    /// Adds a piece (the list never exceeds its capacity: pieces are only ever removed).
    pub(super) fn add(&mut self, square: Square, piece: Piece) {
        debug_assert!(!self.pieces.is_full());
        if self.pieces.try_push(Placed { square, piece }) {
            self.key = self.key.wrapping_add(piece_key(square, piece));
            self.note_added(square, piece);
        }
    }

    /// Sets the derived state for `piece`, just placed on `square` (what `refresh` would find).
    fn note_added(&mut self, square: Square, piece: Piece) {
        let c = piece.color() as usize;
        let bit = square.bb();
        if self.occupied().has(square) {
            self.crowded |= bit;
        } else {
            self.alone[square.index()] = piece;
        }
        self.occupied[c] |= bit;
        if piece.is_burning() {
            self.burning[c] |= bit;
        } else {
            self.active[c][piece.role() as usize] |= bit;
        }
        self.note_identity(square, piece);
    }

    /// Clears the derived state of `piece`, just taken off `square`.
    fn note_removed_from(&mut self, square: Square, piece: Piece) {
        self.note_identity_gone(square, piece);
        if self.crowded.has(square) {
            // Others stay, perhaps of the same colour or role.
            self.resync_square(square);
        } else {
            // It was alone there: only its own bits were set.
            let c = piece.color() as usize;
            let keep = !square.bb();
            self.occupied[c] &= keep;
            self.burning[c] &= keep;
            self.active[c][piece.role() as usize] &= keep;
        }
    }

    /// Notes where `piece`, on `square`, puts its side's King and Firefighter.
    fn note_identity(&mut self, square: Square, piece: Piece) {
        let c = piece.color() as usize;
        if piece.role() == Role::King {
            self.king[c] = Some(square);
        }
        if piece.is_firefighter() {
            self.declared[c] = true;
            if !piece.is_burning() {
                self.firefighter[c] = Some(square);
            }
        }
    }

    /// Forgets the King or Firefighter that `piece`, gone from `square`, was (one of each per
    /// side).
    fn note_identity_gone(&mut self, square: Square, piece: Piece) {
        let c = piece.color() as usize;
        if piece.role() == Role::King && self.king[c] == Some(square) {
            self.king[c] = None;
        }
        if piece.is_firefighter() {
            self.declared[c] = false;
            self.firefighter[c] = None;
        }
    }

    /// Clears `square`'s bits in the derived bitboards.
    fn clear_square(&mut self, square: Square) {
        let keep = !square.bb();
        for b in self.occupied.iter_mut().chain(&mut self.burning).chain(self.active.iter_mut().flatten()) {
            *b &= keep;
        }
        self.crowded &= keep;
    }

    /// Rebuilds the derived bitboards' bits of `square` from the pieces on it.
    fn resync_square(&mut self, square: Square) {
        self.clear_square(square);
        let bit = square.bb();
        let mut count = 0;
        for p in self.pieces.iter().filter(|p| p.square == square) {
            let c = p.piece.color() as usize;
            count += 1;
            self.alone[square.index()] = p.piece;
            self.occupied[c] |= bit;
            if p.piece.is_burning() {
                self.burning[c] |= bit;
            } else {
                self.active[c][p.piece.role() as usize] |= bit;
            }
        }
        if count >= 2 {
            self.crowded |= bit;
        }
    }

    /// Removes one `piece` from `square`; returns whether there was one. A Firefighter that
    /// leaves the board is lost (F2).
    pub(super) fn remove(&mut self, square: Square, piece: Piece) -> bool {
        match self.pieces.iter().position(|p| p.square == square && p.piece == piece) {
            Some(i) => {
                self.pieces.swap_remove(i);
                self.key = self.key.wrapping_sub(piece_key(square, piece));
                self.note_removed_from(square, piece);
                true
            }
            None => false,
        }
    }

    /// Changes a piece in place (its marks), without it leaving the square.
    pub(super) fn replace(&mut self, square: Square, old: Piece, new: Piece) {
        if let Some(p) = self.pieces.iter_mut().find(|p| p.square == square && p.piece == old) {
            p.piece = new;
            self.key = self.key.wrapping_sub(piece_key(square, old)).wrapping_add(piece_key(square, new));
            self.note_identity_gone(square, old);
            self.note_identity(square, new);
            if self.crowded.has(square) {
                self.resync_square(square);
            } else {
                // Alone on its square: only its acting or burning bit changes.
                self.alone[square.index()] = new;
                let bit = square.bb();
                let c = old.color() as usize;
                self.burning[c] &= !bit;
                self.active[c][old.role() as usize] &= !bit;
                if new.is_burning() {
                    self.burning[c] |= bit;
                } else {
                    self.active[c][new.role() as usize] |= bit;
                }
            }
        }
    }

    /// Removes every piece on `square` (F1's crowd capture); returns the pieces removed.
    pub(super) fn remove_all(&mut self, square: Square) -> ArrayVec<Piece, MAX_PIECES> {
        let mut removed = ArrayVec::new();
        let mut i = 0;
        while i < self.pieces.len() {
            if self.pieces[i].square == square {
                let piece = self.pieces.swap_remove(i).piece;
                self.key = self.key.wrapping_sub(piece_key(square, piece));
                self.note_identity_gone(square, piece);
                removed.push(piece);
            } else {
                i += 1;
            }
        }
        self.clear_square(square);
        removed
    }

    /// Sets the armies (A4) before the position is filled.
    pub(super) fn set_armies(&mut self, armies: Armies) {
        self.armies = armies;
        self.army_roles = armies::army_role_mask(armies);
    }

    /// White's and Black's armies.
    pub fn armies(&self) -> Armies {
        self.armies
    }

    /// The roles a pawn may promote to (A2).
    pub fn promotion_roles(&self) -> Promotions {
        armies::promotions(self.armies)
    }

    /// The castlings as the sides' armies play them (A3).
    pub fn castlings(&self) -> impl Iterator<Item = &'static Castling> {
        armies::castlings(self.armies)
    }

    /// The non-FIDE roles of the armies.
    fn army_roles(&self) -> impl Iterator<Item = Role> {
        let mut mask = self.army_roles;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let role = Role::from_index(mask.trailing_zeros() as usize);
                mask &= mask - 1;
                role
            })
        })
    }

    /// Squares from which a non-burning piece of `by` captures on `target` by its ordinary
    /// capture pattern (G2: pins ignored).
    pub fn attackers(&self, target: Square, by: Color) -> Bitboard {
        self.attackers_with(target, by, self.occupied())
    }

    /// [`FireFighter::attackers`] with the sliders' lines judged on the occupancy `occ`.
    pub(super) fn attackers_with(&self, target: Square, by: Color, occ: Bitboard) -> Bitboard {
        self.acting_from(target, by, occ, pawn_attacks(!by, target))
    }

    /// The squares of `by`'s acting pieces whose pattern reaches `target` on the occupancy
    /// `occ`, pawns counted from `pawn_squares` (where a pawn reaches `target` from: by capture
    /// only, or by its steps too).
    fn acting_from(&self, target: Square, by: Color, occ: Bitboard, pawn_squares: Bitboard) -> Bitboard {
        let a = &self.active[by as usize];
        let diagonal = a[Role::Bishop as usize] | a[Role::Queen as usize];
        let straight = a[Role::Rook as usize] | a[Role::Queen as usize];
        let mut found = (pawn_squares & a[Role::Pawn as usize])
            | (knight_attacks(target) & a[Role::Knight as usize])
            | (king_attacks(target) & a[Role::King as usize])
            | (bishop_attacks(target, occ) & diagonal)
            | (rook_attacks(target, occ) & straight);
        for role in self.army_roles() {
            let pieces = a[role as usize];
            if pieces.nonempty() {
                found |= armies::attackers(role, by, target, occ) & pieces;
            }
        }
        found
    }

    /// Whether `by` attacks `target` (G2).
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.attackers(target, by).nonempty()
    }

    /// Every square `by` attacks.
    pub fn attack_map(&self, by: Color) -> Bitboard {
        let occ = self.occupied();
        let a = &self.active[by as usize];
        let mut map = Bitboard::EMPTY;
        for from in a[Role::Pawn as usize] {
            map |= pawn_attacks(by, from);
        }
        for from in a[Role::Knight as usize] {
            map |= knight_attacks(from);
        }
        for from in a[Role::King as usize] {
            map |= king_attacks(from);
        }
        for from in a[Role::Bishop as usize] | a[Role::Queen as usize] {
            map |= bishop_attacks(from, occ);
        }
        for from in a[Role::Rook as usize] | a[Role::Queen as usize] {
            map |= rook_attacks(from, occ);
        }
        for role in self.army_roles() {
            for from in a[role as usize] {
                map |= armies::attacks(role, by, from, occ);
            }
        }
        map
    }

    /// Whether a piece of `by` with `role` on `from` reaches `target` by its move or capture
    /// pattern, whatever `target` holds (the rescue reach of F5).
    pub fn reach(&self, role: Role, by: Color, from: Square, target: Square) -> bool {
        reach_in(role, by, from, target, self.occupied())
    }

    /// Whether `color`'s King can be removed or taken over by the opponent's next action (F8):
    /// captured, squirted off the board, or rescued while it burns. A missing King counts.
    pub fn king_threatened(&self, color: Color) -> bool {
        let Some(king) = self.king[color as usize] else { return true };
        let them = !color;
        if self.is_attacked(king, them) {
            return true;
        }
        // Burning belongs to the King itself, not to its square: beside an own burning piece it
        // is pushed by a squirt, not rescued (F13). The side has one King, on `king`: it burns
        // unless an acting King of its colour stands there.
        if self.active[color as usize][Role::King as usize].has(king) {
            (push_off_sources(king) & self.squirters(them)).nonempty()
        } else {
            self.rescue_reaches(king, them)
        }
    }

    /// Squares from which `color`'s pieces may squirt (F2).
    pub fn squirters(&self, color: Color) -> Bitboard {
        match self.firefighting(color) {
            Firefighting::Anyone => self.active_any(color),
            Firefighting::Only(square) => square.bb(),
            Firefighting::Nobody => Bitboard::EMPTY,
        }
    }

    /// Whether a piece of `by` that may fight fires (F2) reaches `target` by its move or capture
    /// pattern: a rescue of a burning piece there (F5).
    pub(super) fn rescue_reaches(&self, target: Square, by: Color) -> bool {
        match self.firefighting(by) {
            Firefighting::Anyone => self.reachers(target, by).nonempty(),
            Firefighting::Only(square) => self
                .crowd(square)
                .filter(|p| p.color() == by && p.is_firefighter())
                .any(|p| self.reach(p.role(), by, square, target)),
            Firefighting::Nobody => false,
        }
    }

    /// Squares from which an acting piece of `by` reaches `target` by its move or capture
    /// pattern ([`FireFighter::reach`] for all of them at once).
    fn reachers(&self, target: Square, by: Color) -> Bitboard {
        let occ = self.occupied();
        // A pawn reaches by capture, by its step, or by its double step from its second rank over
        // an empty square.
        let (step, fourth_rank) = if by == Color::White { (-8i8, 3) } else { (8i8, 4) };
        let mut pawns = pawn_attacks(!by, target);
        if let Some(one) = step_square(target, step) {
            pawns |= one.bb();
            if target.rank() == fourth_rank && !occ.has(one) {
                pawns |= step_square(one, step).map_or(Bitboard::EMPTY, |two| two.bb());
            }
        }
        self.acting_from(target, by, occ, pawns)
    }

    /// Whether the side to move is "in check": its King threatened as F8 describes.
    pub fn in_check(&self) -> bool {
        self.king_threatened(self.side)
    }

    /// Applies an action without the en passant canonicalisation of `play` (legality tests use
    /// this).
    pub(super) fn apply(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        self.key = self.key.wrapping_sub(self.state_key());
        let mut irreversible = false;
        // Where a King or corner piece left its square, by colour (F10, F14).
        let mut left = Departures::default();
        // The squares whose pieces change: castling rights can change only through their King's
        // and corner's squares.
        let mut changed = m.from.bb() | m.to.bb();
        self.en_passant = None;
        let mut declare = false;
        match m.kind {
            MoveKind::Ordinary => {
                self.remove(m.from, m.actor);
                if self.occupied[them as usize].has(m.to) {
                    let removed = self.remove_all(m.to);
                    self.note_removed(&removed);
                    for &p in &removed {
                        left.note(self, p, m.to);
                    }
                    irreversible = true;
                }
                let placed = m.promotion.map_or(m.actor, |r| m.actor.with_role(r));
                self.add(m.to, placed);
                left.note(self, m.actor, m.from);
                if m.actor.role() == Role::Pawn {
                    irreversible = true;
                    if m.from.rank().abs_diff(m.to.rank()) == 2 {
                        let middle = Square::from_file_rank(m.from.file(), (m.from.rank() + m.to.rank()) / 2);
                        self.en_passant = Some(middle);
                    }
                }
            }
            MoveKind::EnPassant => {
                self.remove(m.from, m.actor);
                let victim_square = Square::from_file_rank(m.to.file(), m.from.rank());
                changed |= victim_square.bb();
                let victim = self.crowd(victim_square).find(|p| p.color() == them && p.role() == Role::Pawn);
                if let Some(victim) = victim {
                    self.remove(victim_square, victim);
                    self.note_removed(&[victim]);
                }
                self.add(m.to, m.actor);
                irreversible = true;
            }
            MoveKind::Castle => {
                let castling = self.castlings().find(|c| c.color == us && c.king_to == m.to);
                if let Some(c) = castling {
                    self.remove(c.king_from, m.actor);
                    self.add(c.king_to, m.actor);
                    let corner = armies::corner(self.armies[us as usize]);
                    let rook = self.crowd(c.rook_from).find(|p| p.color() == us && p.role() == corner);
                    if let Some(rook) = rook {
                        self.remove(c.rook_from, rook);
                        self.add(c.rook_to, rook);
                    }
                    left.king[us as usize] |= c.king_from.bb();
                    left.corner[us as usize] |= c.rook_from.bb();
                    changed |= c.king_from.bb() | c.rook_from.bb() | c.rook_to.bb();
                }
            }
            MoveKind::Squirt => {
                declare = true;
                if m.target.is_burning() {
                    self.replace(m.to, m.target, m.target.burning(false));
                } else {
                    self.remove(m.to, m.target);
                    left.note(self, m.target, m.to);
                    if let Some(to) = pushed_to(m.from, m.to) {
                        changed |= to.bb();
                        self.add(to, m.target);
                    } else {
                        self.note_removed(&[m.target]);
                        irreversible = true;
                    }
                }
            }
            MoveKind::Rescue => {
                declare = true;
                self.remove(m.to, m.target);
                left.note(self, m.target, m.to);
                if m.target.color() == them && m.target.is_firefighter() {
                    self.lost[them as usize] = true;
                }
                let rescued = m.target.burning(false).firefighter(false).with_color(us);
                self.add(m.from, rescued);
            }
            MoveKind::Arson => {
                self.replace(m.to, m.target, m.target.burning(true));
                self.arson[us as usize] = false;
            }
        }
        if declare && !m.actor.is_firefighter() {
            self.replace(m.from, m.actor, m.actor.firefighter(true));
        }
        self.update_castling(left, changed);
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.key = self.key.wrapping_add(self.state_key());
    }

    /// A declared Firefighter removed from the board is lost for good (F2).
    fn note_removed(&mut self, removed: &[Piece]) {
        for p in removed {
            if p.is_firefighter() {
                self.lost[p.color() as usize] = true;
            }
        }
    }

    /// F10: a right goes when its King or corner piece (the Rook of its army, A3) left its
    /// square (or was captured there), burns, or when its corner no longer holds exactly one own
    /// corner piece. Other pieces leaving those squares change nothing (F14). `changed`: the
    /// squares whose pieces the action changed; a right whose two squares are not among them
    /// stands.
    fn update_castling(&mut self, left: Departures, changed: Bitboard) {
        if self.castling == 0 {
            return;
        }
        for c in &CASTLINGS {
            if self.castling & c.right == 0 || (changed & (c.king_from.bb() | c.rook_from.bb())).is_empty() {
                continue;
            }
            let color = c.color as usize;
            let corner = armies::corner(self.armies[color]);
            // Bitboards first (kept up to date by `add` and `remove`): this is on every action's path, and the
            // crowd scan is needed only where a corner holds more than one piece.
            let touched = left.king[color].has(c.king_from) || left.corner[color].has(c.rook_from);
            let king_home = self.active[color][Role::King as usize].has(c.king_from);
            let rook_ok = self.active[color][corner as usize].has(c.rook_from)
                && (!self.crowded.has(c.rook_from)
                    || self
                        .crowd(c.rook_from)
                        .filter(|p| p.color() == c.color && p.role() == corner)
                        .count()
                        == 1);
            if touched || !king_home || !rook_ok {
                self.castling &= !c.right;
            }
        }
    }

    /// The position after passing (null move; not a legal action of the game).
    pub fn passed(&self) -> FireFighter {
        let mut next = self.clone();
        next.key = next.key.wrapping_sub(next.state_key());
        next.en_passant = None;
        next.side = !next.side;
        next.halfmove += 1;
        next.key = next.key.wrapping_add(next.state_key());
        next
    }
}

impl FireFighter {
    /// Whether a piece's departure from its home square can cost a castling right: a King, or
    /// its army's corner piece (A3).
    fn is_corner_piece(&self, piece: Piece) -> bool {
        piece.role() == armies::corner(self.armies[piece.color() as usize])
    }
}

/// The squares that Kings and corner pieces (the Rook of each army, A3) left during one action,
/// by colour: what F10 and F14 judge castling rights by.
#[derive(Default, Clone, Copy)]
struct Departures {
    king: [Bitboard; 2],
    corner: [Bitboard; 2],
}

impl Departures {
    /// `piece` left `square` (moved, captured, squirted or rescued away).
    fn note(&mut self, pos: &FireFighter, piece: Piece, square: Square) {
        let color = piece.color() as usize;
        if piece.role() == Role::King {
            self.king[color] |= square.bb();
        } else if pos.is_corner_piece(piece) {
            self.corner[color] |= square.bb();
        }
    }
}

/// [`FireFighter::reach`] with the lines judged on the occupancy `occ`.
pub(super) fn reach_in(role: Role, by: Color, from: Square, target: Square, occ: Bitboard) -> bool {
    match role {
        Role::Pawn => {
            if pawn_attacks(by, from).has(target) {
                return true;
            }
            let (step, second_rank) = if by == Color::White { (8i8, 1) } else { (-8i8, 6) };
            let Some(one) = step_square(from, step) else { return false };
            if one == target {
                return true;
            }
            from.rank() == second_rank && !occ.has(one) && step_square(one, step) == Some(target)
        }
        Role::Knight => knight_attacks(from).has(target),
        Role::Bishop => bishop_attacks(from, occ).has(target),
        Role::Rook => rook_attacks(from, occ).has(target),
        Role::Queen => (bishop_attacks(from, occ) | rook_attacks(from, occ)).has(target),
        Role::King => king_attacks(from).has(target),
        Role::Commoner => false,
        role => armies::attacks(role, by, from, occ).has(target),
    }
}

/// The square `step` away (±8 for a rank), if on the board.
pub(super) fn step_square(from: Square, step: i8) -> Option<Square> {
    let index = from.index() as i32 + step as i32;
    (0..64).contains(&index).then(|| Square::new(index as u8))
}

/// Where a squirt from `from` pushes a piece on the adjacent `target`: one step further the same
/// way, or `None` off the board (F3).
pub fn pushed_to(from: Square, target: Square) -> Option<Square> {
    let file = 2 * target.file() as i32 - from.file() as i32;
    let rank = 2 * target.rank() as i32 - from.rank() as i32;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square::from_file_rank(file as u8, rank as u8))
}

/// Squares S adjacent to `target` such that a squirt from S pushes `target`'s piece off the board.
pub fn push_off_sources(target: Square) -> Bitboard {
    PUSH_OFF[target.index()]
}

static PUSH_OFF: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut t = 0;
    while t < 64 {
        let (tf, tr) = ((t % 8) as i32, (t / 8) as i32);
        let mut bits = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (sf, sr) = (tf + df, tr + dr);
                let (df_, dr_) = (tf - df, tr - dr);
                let source_on = sf >= 0 && sf < 8 && sr >= 0 && sr < 8;
                let destination_on = df_ >= 0 && df_ < 8 && dr_ >= 0 && dr_ < 8;
                if (df != 0 || dr != 0) && source_on && !destination_on {
                    bits |= 1 << (sr * 8 + sf);
                }
                dr += 1;
            }
            df += 1;
        }
        table[t] = Bitboard(bits);
        t += 1;
    }
    table
};
