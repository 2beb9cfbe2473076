//! The FIDE position on bitboards, with copy-make `play` and incremental Zobrist keys.
//!
//! Invariants (checked by [`Position::validate`]):
//! - `by_color`, `by_role` and `board` describe the same pieces; no square holds two pieces.
//! - Each side has exactly one royal piece (`Role::King`: the King, or the Royal Pawn where
//!   `R::ROYAL_PAWN`); no pawn stands on rank 1 or 8; commoners only where `R::COMMONER`.
//! - The side not to move is not in check.
//! - Each castling right has its king and rook on their original squares.
//! - `ep_square` is set only when the side to move has a legal en passant capture on it, so
//!   the key and the FEN are canonical (equal positions have equal keys, as repetition needs).
//! - `key` equals the key computed from scratch.

use super::armies::{self, Armies, Army, Promotions};
use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::bitboard::{Bitboard, Square};
use super::rules::{Fide, Rules};
use crate::core::{zobrist, InvariantError};
use std::marker::PhantomData;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Color {
    /// The index step of a pawn move forward.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 8,
            Color::Black => -8,
        }
    }

    /// Rank `r` as seen from this side (rank 0 is the side's own back rank).
    #[inline]
    pub const fn relative_rank(self, r: u8) -> u8 {
        match self {
            Color::White => r,
            Color::Black => 7 - r,
        }
    }
}

/// A kind of piece, regardless of colour: the FIDE pieces, the Fighting King, and the pieces of
/// the other armies of Chess with Different Armies (A1). How each moves is in
/// [`armies::PIECE_TYPES`](super::armies::PIECE_TYPES).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    /// The royal piece: the King, or the Royal Pawn of Fighting Kings.
    King = 5,
    /// The Fighting King of Fighting Kings: moves like a king, not royal (FEN `C`).
    Commoner = 6,
    /// Colorbound Clobberers: Bede (BD), Waffle (WA), FAD, Cardinal (BN).
    Bede = 7,
    Waffle = 8,
    Fad = 9,
    Cardinal = 10,
    /// Nutty Knights: Charging Rook (fsRbK), Fibnif (ffbbNF), Charging Knight (fhNsWbK),
    /// Colonel (fhNfsRK).
    ChargingRook = 11,
    Fibnif = 12,
    ChargingKnight = 13,
    Colonel = 14,
    /// Remarkable Rookies: Short Rook (R4), Woody Rook (WD), Half-Duck (HFD), Chancellor (RN).
    ShortRook = 15,
    WoodyRook = 16,
    HalfDuck = 17,
    Chancellor = 18,
}

impl Role {
    pub const COUNT: usize = 19;
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Commoner,
        Role::Bede,
        Role::Waffle,
        Role::Fad,
        Role::Cardinal,
        Role::ChargingRook,
        Role::Fibnif,
        Role::ChargingKnight,
        Role::Colonel,
        Role::ShortRook,
        Role::WoodyRook,
        Role::HalfDuck,
        Role::Chancellor,
    ];
    /// The roles of the other armies, whose moves come from their Betza tables.
    pub const FIRST_ARMY_ROLE: Role = Role::Bede;

    /// The upper-case letter (`P` for a pawn).
    pub const fn upper(self) -> char {
        super::armies::PIECE_TYPES[self as usize].letter
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.upper() == c.to_ascii_uppercase())
    }

    /// Whether this is a piece of a non-FIDE army (A1).
    #[inline]
    pub const fn is_army_piece(self) -> bool {
        self as u8 >= Role::FIRST_ARMY_ROLE as u8
    }

    pub const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.upper().to_ascii_lowercase(),
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Role::from_letter(c).map(|role| Piece { color, role })
    }

    #[inline]
    const fn key_index(self) -> usize {
        self.color as usize * Role::COUNT + self.role as usize
    }
}

/// Castling rights as four bits: White king side, White queen side, Black king side, Black
/// queen side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub u8);

/// One of the four castlings, with the squares it involves: the geometry every 8x8 variant
/// shares (FireFighter and Tirebiter use this table too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    pub color: Color,
    pub right: u8,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// FEN letter of the right.
    pub letter: char,
    /// The squares the King passes over (not its destination).
    pub passing: Bitboard,
    /// The squares between King and Rook, which must be empty.
    pub empty: Bitboard,
}

pub(super) const fn sq(file: u8, rank: u8) -> Square {
    Square::from_file_rank(file, rank)
}

pub const CASTLINGS: [Castling; 4] = [
    Castling {
        color: Color::White,
        right: 1,
        king_from: sq(4, 0),
        king_to: sq(6, 0),
        rook_from: sq(7, 0),
        rook_to: sq(5, 0),
        letter: 'K',
        passing: Bitboard(1 << 5),
        empty: Bitboard(0x60),
    },
    Castling {
        color: Color::White,
        right: 2,
        king_from: sq(4, 0),
        king_to: sq(2, 0),
        rook_from: sq(0, 0),
        rook_to: sq(3, 0),
        letter: 'Q',
        passing: Bitboard(1 << 3),
        empty: Bitboard(0x0E),
    },
    Castling {
        color: Color::Black,
        right: 4,
        king_from: sq(4, 7),
        king_to: sq(6, 7),
        rook_from: sq(7, 7),
        rook_to: sq(5, 7),
        letter: 'k',
        passing: Bitboard(1 << 61),
        empty: Bitboard(0x60 << 56),
    },
    Castling {
        color: Color::Black,
        right: 8,
        king_from: sq(4, 7),
        king_to: sq(2, 7),
        rook_from: sq(0, 7),
        rook_to: sq(3, 7),
        letter: 'q',
        passing: Bitboard(1 << 59),
        empty: Bitboard(0x0E << 56),
    },
];

impl CastlingRights {
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline]
    pub const fn has(self, c: &Castling) -> bool {
        self.0 & c.right != 0
    }
}

/// For each square, the rights that survive a move from or to it.
const CASTLING_KEPT: [u8; 64] = {
    let mut kept = [15u8; 64];
    let mut i = 0;
    while i < 4 {
        let c = &CASTLINGS[i];
        kept[c.king_from.index()] &= !c.right;
        kept[c.rook_from.index()] &= !c.right;
        i += 1;
    }
    kept
};

/// Zobrist keys: pieces on squares, castling-right sets, en passant files, Black to move.
pub(super) struct Keys {
    pub pieces: [[u64; 64]; 2 * Role::COUNT],
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
}

pub(super) static KEYS: Keys = {
    const PIECE_KEYS: usize = 2 * Role::COUNT * 64;
    let flat: [u64; PIECE_KEYS + 16 + 8 + 1] = zobrist::keys(0xC0FF_EE00);
    let mut keys = Keys {
        pieces: [[0; 64]; 2 * Role::COUNT],
        castling: [0; 16],
        ep_file: [0; 8],
        black_to_move: flat[PIECE_KEYS + 24],
    };
    let mut i = 0;
    while i < PIECE_KEYS {
        keys.pieces[i / 64][i % 64] = flat[i];
        i += 1;
    }
    // A castling-right set hashes as the XOR of its single rights, so updates are incremental.
    let mut set = 0;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set >> bit & 1 != 0 {
                keys.castling[set] ^= flat[PIECE_KEYS + bit];
            }
            bit += 1;
        }
        set += 1;
    }
    let mut f = 0;
    while f < 8 {
        keys.ep_file[f] = flat[PIECE_KEYS + 16 + f];
        f += 1;
    }
    keys
};

/// What kind of move a [`Move`] is, beyond its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    DoublePush,
    EnPassant,
    /// The king's two-square move; the rook moves with it.
    Castle,
    Promotion(Role),
}

/// A move: from (6 bits), to (6), kind (5). Castling is the king's own move (`e1g1`).
/// Displayed as its canonical coordinate token: `e2e4`, `e7e8q`, `e1g1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    const NORMAL: u32 = 0;
    const DOUBLE_PUSH: u32 = 1;
    const EN_PASSANT: u32 = 2;
    const CASTLE: u32 = 3;
    /// Promotions are 4 + role (any army's piece, A2).
    const PROMOTION: u32 = 4;

    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => Self::NORMAL,
            MoveKind::DoublePush => Self::DOUBLE_PUSH,
            MoveKind::EnPassant => Self::EN_PASSANT,
            MoveKind::Castle => Self::CASTLE,
            MoveKind::Promotion(role) => Self::PROMOTION + role as u32,
        };
        Move(from.index() as u32 | (to.index() as u32) << 6 | k << 12)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            Self::NORMAL => MoveKind::Normal,
            Self::DOUBLE_PUSH => MoveKind::DoublePush,
            Self::EN_PASSANT => MoveKind::EnPassant,
            Self::CASTLE => MoveKind::Castle,
            k => MoveKind::Promotion(Role::from_index((k - Self::PROMOTION) as usize)),
        }
    }

    /// The raw code (for transposition tables).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.promotion() {
            Some(role) => write!(f, "{}", role.upper().to_ascii_lowercase()),
            None => Ok(()),
        }
    }
}

/// A position of one of the 8x8 rule sets (FIDE chess by default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position<R: Rules = Fide> {
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_role: [Bitboard; Role::COUNT],
    pub(super) board: [Option<Piece>; 64],
    pub(super) turn: Color,
    pub(super) castling: CastlingRights,
    pub(super) ep_square: Option<Square>,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
    pub(super) key: u64,
    /// White's and Black's armies (A4); FIDE v FIDE unless `R::ARMIES`.
    pub(super) armies: Armies,
    /// What pawns promote to (A2), from `armies`.
    pub(super) promotions: Promotions,
    /// The non-FIDE roles of `armies`, one bit per role: the pieces whose moves come from the
    /// Betza tables.
    pub(super) army_roles: u32,
    rules: PhantomData<R>,
}

impl<R: Rules> Position<R> {
    /// An empty board, White to move, no rights; pieces are added with `put` by the FEN reader.
    pub(super) fn empty() -> Self {
        Position {
            rules: PhantomData,
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; Role::COUNT],
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::default(),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            armies: [Army::Fide; 2],
            promotions: armies::promotions([Army::Fide; 2]),
            army_roles: 0,
        }
    }

    /// Sets the armies (A4), before any piece is placed.
    pub(super) fn set_armies(&mut self, armies: Armies) {
        self.armies = armies;
        self.promotions = armies::promotions(armies);
        self.army_roles = armies::army_role_mask(armies);
    }

    /// White's and Black's armies.
    pub fn armies(&self) -> Armies {
        self.armies
    }

    /// The roles a pawn may promote to (A2).
    pub fn promotion_roles(&self) -> &[Role] {
        &self.promotions
    }

    /// The non-FIDE roles in play that have pieces on the board.
    #[inline]
    pub fn army_roles_on_board(&self) -> impl Iterator<Item = Role> + '_ {
        let mut mask = self.army_roles;
        std::iter::from_fn(move || {
            while mask != 0 {
                let role = Role::from_index(mask.trailing_zeros() as usize);
                mask &= mask - 1;
                if self.by_role[role as usize].nonempty() {
                    return Some(role);
                }
            }
            None
        })
    }

    /// The castlings as the sides' armies play them (A3).
    #[inline]
    pub fn castlings(&self) -> impl Iterator<Item = &'static Castling> {
        armies::castlings(self.armies)
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    #[inline]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color as usize] & self.by_role[role as usize]
    }

    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).first()
    }

    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    pub fn key(&self) -> u64 {
        self.key
    }

    /// Pawns of either colour, with the Royal Pawns where the rules have them: the pieces that
    /// move and capture like pawns.
    #[inline]
    pub fn pawn_movers(&self, color: Color) -> Bitboard {
        if R::ROYAL_PAWN {
            self.color_bb(color) & (self.role_bb(Role::Pawn) | self.role_bb(Role::King))
        } else {
            self.pieces(color, Role::Pawn)
        }
    }

    /// Pieces moving like a king: the King (unless it is a Royal Pawn) and the Fighting Kings.
    #[inline]
    pub fn king_movers(&self) -> Bitboard {
        let kings = if R::ROYAL_PAWN { Bitboard::EMPTY } else { self.role_bb(Role::King) };
        if R::COMMONER {
            kings | self.role_bb(Role::Commoner)
        } else {
            kings
        }
    }

    /// Pieces of both colours that attack `target`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, target: Square, occupied: Bitboard) -> Bitboard {
        let diagonal = self.role_bb(Role::Bishop) | self.role_bb(Role::Queen);
        let straight = self.role_bb(Role::Rook) | self.role_bb(Role::Queen);
        let fide = (pawn_attacks(Color::White, target) & self.pawn_movers(Color::Black))
            | (pawn_attacks(Color::Black, target) & self.pawn_movers(Color::White))
            | (knight_attacks(target) & self.role_bb(Role::Knight))
            | (king_attacks(target) & self.king_movers())
            | (bishop_attacks(target, occupied) & diagonal)
            | (rook_attacks(target, occupied) & straight);
        if !R::ARMIES {
            return fide;
        }
        let mut others = Bitboard::EMPTY;
        for role in self.army_roles_on_board() {
            for color in [Color::White, Color::Black] {
                let pieces = self.pieces(color, role);
                if pieces.nonempty() {
                    others |= armies::attackers(role, color, target, occupied) & pieces;
                }
            }
        }
        fide | others
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.attackers_to(self.king(us), self.occupied()) & self.color_bb(!us)
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().nonempty()
    }

    #[inline]
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color as usize] |= sq.bb();
        self.by_role[piece.role as usize] |= sq.bb();
        self.board[sq.index()] = Some(piece);
        self.key ^= KEYS.pieces[piece.key_index()][sq.index()];
    }

    #[inline]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color as usize] ^= sq.bb();
        self.by_role[piece.role as usize] ^= sq.bb();
        self.board[sq.index()] = None;
        self.key ^= KEYS.pieces[piece.key_index()][sq.index()];
    }

    #[inline]
    fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let both = from.bb() | to.bb();
        self.by_color[piece.color as usize] ^= both;
        self.by_role[piece.role as usize] ^= both;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        let keys = &KEYS.pieces[piece.key_index()];
        self.key ^= keys[from.index()] ^ keys[to.index()];
    }

    /// Sets the castling rights, keeping the key in step.
    pub(super) fn set_castling(&mut self, rights: CastlingRights) {
        self.key ^= KEYS.castling[self.castling.0 as usize] ^ KEYS.castling[rights.0 as usize];
        self.castling = rights;
    }

    /// Sets the en passant square if the side to move has a legal capture there (canonical form).
    pub(super) fn set_ep_if_capturable(&mut self, target: Square) {
        let capturers = pawn_attacks(!self.turn, target) & self.pawn_movers(self.turn);
        if capturers.nonempty() {
            self.ep_square = Some(target);
            if super::movegen::has_legal_en_passant(self) {
                self.key ^= KEYS.ep_file[target.file() as usize];
            } else {
                self.ep_square = None;
            }
        }
    }

    pub(super) fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            self.key ^= KEYS.black_to_move;
            self.turn = color;
        }
    }

    /// Plays a legal move (copy-make: callers clone first when they need the old position).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board[from.index()] else {
            debug_assert!(false, "no piece on {from} for {m:?}");
            return;
        };
        if let Some(ep) = self.ep_square.take() {
            self.key ^= KEYS.ep_file[ep.file() as usize];
        }
        self.halfmove_clock += 1;
        let mut double_push_target = None;
        match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion(_) => {
                if let Some(captured) = self.board[to.index()] {
                    self.remove(to, captured);
                    self.halfmove_clock = 0;
                }
                match m.promotion() {
                    Some(role) => {
                        self.remove(from, piece);
                        self.put(to, Piece { color: us, role });
                    }
                    None => self.shift(from, to, piece),
                }
                // A Royal Pawn's step is a pawn move too: irreversible, it resets the clock.
                if piece.role == Role::Pawn || (R::ROYAL_PAWN && piece.role == Role::King) {
                    self.halfmove_clock = 0;
                    if m.kind() == MoveKind::DoublePush {
                        double_push_target = Some(from.offset(us.forward()));
                    }
                }
            }
            MoveKind::EnPassant => {
                let victim = to.offset(-us.forward());
                self.remove(victim, Piece { color: !us, role: Role::Pawn });
                self.shift(from, to, piece);
                self.halfmove_clock = 0;
            }
            MoveKind::Castle => {
                self.shift(from, to, piece);
                if let Some(c) = self.castlings().find(|c| c.king_from == from && c.king_to == to) {
                    if let Some(corner) = self.board[c.rook_from.index()] {
                        self.shift(c.rook_from, c.rook_to, corner);
                    }
                }
            }
        }
        let kept = CASTLING_KEPT[from.index()] & CASTLING_KEPT[to.index()];
        if self.castling.0 & !kept != 0 {
            self.set_castling(CastlingRights(self.castling.0 & kept));
        }
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.set_turn(!us);
        if let Some(target) = double_push_target {
            self.set_ep_if_capturable(target);
        }
    }

    /// The position after the side to move passes (null move, for search): no en passant.
    pub fn passed(&self) -> Self {
        let mut p = self.clone();
        if let Some(ep) = p.ep_square.take() {
            p.key ^= KEYS.ep_file[ep.file() as usize];
        }
        p.halfmove_clock += 1;
        p.set_turn(!self.turn);
        p
    }

    /// The key computed from scratch.
    pub fn recomputed_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(p) = self.board[sq.index()] {
                key ^= KEYS.pieces[p.key_index()][sq.index()];
            }
        }
        key ^= KEYS.castling[self.castling.0 as usize];
        if let Some(ep) = self.ep_square {
            key ^= KEYS.ep_file[ep.file() as usize];
        }
        if self.turn == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// Checks the invariants in the module docs.
    pub fn validate(&self) -> Result<(), InvariantError> {
        let err = |what| Err(InvariantError(what));
        if (self.by_color[0] & self.by_color[1]).nonempty() {
            return err("a square is in both colour sets");
        }
        let mut roles = Bitboard::EMPTY;
        for (i, &bb) in self.by_role.iter().enumerate() {
            if (roles & bb).nonempty() {
                return err("a square is in two role sets");
            }
            roles |= bb;
            for sq in bb {
                match self.board[sq.index()] {
                    Some(p) if p.role as usize == i && self.color_bb(p.color).has(sq) => {}
                    _ => return err("role sets and board disagree"),
                }
            }
        }
        if roles != self.occupied() {
            return err("role sets and colour sets disagree");
        }
        if self.board.iter().filter(|p| p.is_some()).count() != roles.count() {
            return err("board has pieces the sets do not");
        }
        for color in [Color::White, Color::Black] {
            if self.pieces(color, Role::King).count() != 1 {
                return err("a side does not have exactly one royal piece");
            }
        }
        if !R::COMMONER && self.role_bb(Role::Commoner).nonempty() {
            return err("a Fighting King in a variant without them");
        }
        if (self.role_bb(Role::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8)).nonempty() {
            return err("a pawn stands on the first or last rank");
        }
        let them = !self.turn;
        if (self.attackers_to(self.king(them), self.occupied()) & self.color_bb(self.turn)).nonempty() {
            return err("the side not to move is in check");
        }
        for c in CASTLINGS.iter().filter(|c| self.castling.has(c)) {
            let corner = armies::corner(self.armies[c.color as usize]);
            if self.piece_at(c.king_from) != Some(Piece { color: c.color, role: Role::King })
                || self.piece_at(c.rook_from) != Some(Piece { color: c.color, role: corner })
            {
                return err("a castling right without its king and corner piece");
            }
        }
        if !R::ARMIES && self.armies != [Army::Fide; 2] {
            return err("armies other than FIDE in a variant without them");
        }
        if Square::all().any(|sq| {
            self.board[sq.index()].is_some_and(|p| {
                !(armies::in_game(p.role, self.armies) || (R::COMMONER && p.role == Role::Commoner))
            })
        }) {
            return err("a piece of neither army");
        }
        if let Some(ep) = self.ep_square {
            if ep.rank() != self.turn.relative_rank(5) || !super::movegen::has_legal_en_passant(self) {
                return err("an en passant square with no legal capture");
            }
        }
        if self.key != self.recomputed_key() {
            return err("the incremental key differs from the recomputed key");
        }
        Ok(())
    }
}
