//! The Fimbriation position: pieces of four seats on the cross, move generation, play, and the
//! turn-start eliminations (M2-M8; readings in protocol-docs/variants.md).

use super::board::{
    file_of, is_diagonal, rank_of, rotate, rotate_direction, square, CellSet, Square, CELLS, EAST, KNIGHT,
    NORTH, NO_SQUARE, RAYS, SOUTH, STEP,
};
use crate::core::{zobrist, MoveList, Seat};
use std::num::NonZeroU8;

/// The four seats in turn order (M2).
pub const SEATS: usize = 4;
pub const RED: Seat = Seat(0);
pub const BLUE: Seat = Seat(1);
pub const YELLOW: Seat = Seat(2);
pub const GREEN: Seat = Seat(3);
/// Seat letters (protocol-docs/notation.md), in turn order.
pub const SEAT_LETTERS: [char; SEATS] = ['r', 'b', 'y', 'g'];

/// Plies with no capture, pawn move or elimination after which the game is drawn (M8).
pub const NO_PROGRESS_PLIES: u32 = 200;

/// What a piece is. Pawns carry their direction (M4: fixed for life, kept when recruited).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }
}

/// A piece: its owner, its role, and for a pawn its direction (an index of
/// [`super::board::DIRECTIONS`], orthogonal). Packed in one byte so a board is 196 bytes; 0 is an
/// empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    pub fn new(owner: Seat, role: Role, pawn_direction: usize) -> Piece {
        let dir = if role == Role::Pawn { pawn_direction as u8 } else { 0 };
        match NonZeroU8::new(1 + role as u8 + 8 * owner.0 + 32 * dir) {
            Some(code) => Piece(code),
            None => unreachable!("piece codes start at 1"),
        }
    }

    #[inline]
    pub fn role(self) -> Role {
        match (self.0.get() - 1) & 7 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    #[inline]
    pub fn owner(self) -> Seat {
        Seat(((self.0.get() - 1) >> 3) & 3)
    }

    /// A pawn's direction (meaningless for other pieces).
    #[inline]
    pub fn direction(self) -> usize {
        ((self.0.get() - 1) >> 5) as usize
    }

    fn with_owner(self, owner: Seat) -> Piece {
        Piece::new(owner, self.role(), self.direction())
    }

    /// Index into the piece-square key table: 9 kinds (4 pawn directions, N B R Q K) per seat.
    fn key_index(self) -> usize {
        let kind = match self.role() {
            Role::Pawn => self.direction(),
            other => 3 + other as usize,
        };
        self.owner().index() * 9 + kind
    }
}

/// The start line and promotion line of a pawn moving in `dir` (M4): a rank for north and south,
/// a file for east and west, 0-based.
pub fn pawn_lines(dir: usize) -> (u8, u8) {
    match dir {
        NORTH => (4, 10),
        SOUTH => (9, 3),
        EAST => (4, 10),
        _ => (9, 3),
    }
}

/// How far along its direction a pawn on `sq` stands: the rank for north/south pawns, the file for
/// east/west ones.
pub fn pawn_line_of(dir: usize, sq: Square) -> u8 {
    if dir == NORTH || dir == SOUTH {
        rank_of(sq)
    } else {
        file_of(sq)
    }
}

/// Whether a pawn moving in `dir` is behind its start line or on or past its promotion line:
/// no such pawn can exist.
pub fn pawn_misplaced(dir: usize, sq: Square) -> bool {
    let (start, promotion) = pawn_lines(dir);
    let at = pawn_line_of(dir, sq);
    if start < promotion {
        at < start || at >= promotion
    } else {
        at > start || at <= promotion
    }
}

/// The two diagonal directions a pawn moving in `dir` captures in.
pub const fn pawn_capture_directions(dir: usize) -> [usize; 2] {
    match dir {
        NORTH => [4, 7], // NE, NW
        EAST => [4, 5],  // NE, SE
        SOUTH => [5, 6], // SE, SW
        _ => [7, 6],     // NW, SW
    }
}

/// The two arms along which a seat castles (M5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arm {
    /// The arm with the Knight (Red: the d file, Rook d1).
    King,
    /// The arm with the Queen (Red: rank 4, Rook a4).
    Queen,
}

impl Arm {
    pub const BOTH: [Arm; 2] = [Arm::King, Arm::Queen];

    pub fn letter(self) -> char {
        match self {
            Arm::King => 'K',
            Arm::Queen => 'Q',
        }
    }

    pub const fn bit(self, seat: Seat) -> u8 {
        1 << (2 * seat.0 as usize + self as usize)
    }
}

/// The squares of one castling: King from and to, Rook from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

/// Red's squares rotated `seat` quarter turns.
const fn rotated(sq: Square, seat: Seat) -> Square {
    let mut s = sq;
    let mut i = 0;
    while i < seat.0 {
        s = rotate(s);
        i += 1;
    }
    s
}

/// The castling squares of `seat` on `arm` (M5): Red's rotated.
pub const fn castling(seat: Seat, arm: Arm) -> Castling {
    let (king_to, rook_from, rook_to) = match arm {
        Arm::King => (square(3, 1), square(3, 0), square(3, 2)),
        Arm::Queen => (square(1, 3), square(0, 3), square(2, 3)),
    };
    Castling {
        king_from: rotated(square(3, 3), seat),
        king_to: rotated(king_to, seat),
        rook_from: rotated(rook_from, seat),
        rook_to: rotated(rook_to, seat),
    }
}

/// `CASTLE_CLEARS[sq]`: the castling rights that end when a move starts or ends on `sq`, its
/// King's or its Rook's home (M5). A table, since every move looks it up.
static CASTLE_CLEARS: [u8; CELLS] = build_castle_clears();

/// The rights that end when a move starts or ends on `sq` (for tests).
#[cfg(test)]
pub(super) fn castle_clears(sq: Square) -> u8 {
    CASTLE_CLEARS[sq as usize]
}

const fn build_castle_clears() -> [u8; CELLS] {
    let mut table = [0; CELLS];
    let mut seat = 0;
    while seat < SEATS as u8 {
        let mut a = 0;
        while a < 2 {
            let arm = if a == 0 { Arm::King } else { Arm::Queen };
            let c = castling(Seat(seat), arm);
            table[c.king_from as usize] |= arm.bit(Seat(seat));
            table[c.rook_from as usize] |= arm.bit(Seat(seat));
            a += 1;
        }
        seat += 1;
    }
    table
}

/// Red's start array (M2), each piece with its square; the other seats' are rotations.
const RED_ARRAY: [(Role, u8, u8, usize); 16] = [
    (Role::King, 3, 3, 0),
    (Role::Queen, 2, 3, 0),
    (Role::Bishop, 1, 3, 0),
    (Role::Rook, 0, 3, 0),
    (Role::Bishop, 3, 2, 0),
    (Role::Knight, 3, 1, 0),
    (Role::Rook, 3, 0, 0),
    (Role::Knight, 4, 4, 0),
    (Role::Pawn, 0, 4, NORTH),
    (Role::Pawn, 1, 4, NORTH),
    (Role::Pawn, 2, 4, NORTH),
    (Role::Pawn, 3, 4, NORTH),
    (Role::Pawn, 4, 0, EAST),
    (Role::Pawn, 4, 1, EAST),
    (Role::Pawn, 4, 2, EAST),
    (Role::Pawn, 4, 3, EAST),
];

/// The pieces of the start position (M2): Red's array and its three rotations.
pub fn start_pieces() -> Vec<(Square, Piece)> {
    let mut out = Vec::new();
    for seat in 0..SEATS as u8 {
        for &(role, f, r, dir) in &RED_ARRAY {
            let mut d = dir;
            for _ in 0..seat {
                d = rotate_direction(d);
            }
            out.push((rotated(square(f, r), Seat(seat)), Piece::new(Seat(seat), role, d)));
        }
    }
    out
}

/// The kind of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-step from its start line (M4).
    TwoStep,
    /// A pawn captures en passant; the captured pawn stands on `victim` (M4).
    EnPassant {
        victim: Square,
    },
    Castle(Arm),
    /// A seat with no legal move passes (M6).
    Pass,
}

/// One move of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub promotion: Option<Role>,
}

impl Move {
    pub const PASS: Move = Move { from: NO_SQUARE, to: NO_SQUARE, kind: MoveKind::Pass, promotion: None };

    /// A 32-bit code, distinct for the distinct legal moves of one position.
    pub fn pack(self) -> u32 {
        let kind = match self.kind {
            MoveKind::Normal => 0,
            MoveKind::TwoStep => 1,
            MoveKind::EnPassant { .. } => 2,
            MoveKind::Castle(_) => 3,
            MoveKind::Pass => 4,
        };
        let promotion = self.promotion.map_or(0, |r| r as u32 + 1);
        self.from as u32 | (self.to as u32) << 8 | kind << 16 | promotion << 20
    }
}

/// En passant entry of one seat (M4): the square its pawn skipped and the square it landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub skipped: Square,
    pub landing: Square,
}

// Zobrist keys.
static PIECE_KEYS: [u64; 36 * CELLS] = zobrist::keys(0xF1B0_0001);
static SEAT_KEYS: [u64; SEATS] = zobrist::keys(0xF1B0_0002);
static CASTLING_KEYS: [u64; 8] = zobrist::keys(0xF1B0_0003);
static EP_KEYS: [u64; SEATS * CELLS] = zobrist::keys(0xF1B0_0004);

#[inline]
fn piece_key(p: Piece, sq: Square) -> u64 {
    PIECE_KEYS[p.key_index() * CELLS + sq as usize]
}

#[inline]
fn ep_key(seat: Seat, sq: Square) -> u64 {
    EP_KEYS[seat.index() * CELLS + sq as usize]
}

/// A Fimbriation position between turns. Invariants (checked by `check_invariants`): every live
/// seat has exactly one King, at `kings[seat]`; eliminated seats own nothing; the seat to move
/// is live and attacks no live opponent's King (M7 has been applied); castling rights have their
/// King and Rook at home; en passant entries point at their seat's pawn; pawns stand between
/// their start and promotion lines; the key matches the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fimbriation {
    pub(super) board: [Option<Piece>; CELLS],
    /// The squares of each seat's pieces, kept with `board`: move generation and evaluation visit
    /// the pieces without scanning every cell.
    pub(super) pieces: [CellSet; SEATS],
    pub(super) kings: [Square; SEATS],
    pub(super) to_move: Seat,
    /// [`Arm::bit`]s of the rights still held.
    pub(super) castling: u8,
    pub(super) en_passant: [Option<EnPassant>; SEATS],
    /// Seats eliminated so far, in order (M7).
    pub(super) eliminated: arrayvec::ArrayVec<Seat, SEATS>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    /// The en passant part of [`Self::full_key`], worked out once a turn (at the end of
    /// `apply` and by `finish`) rather than at every look-up: the search asks for a
    /// position's key several times a node.
    pub(super) ep_key: u64,
}

impl Fimbriation {
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// The squares of `seat`'s pieces.
    pub fn pieces_of(&self, seat: Seat) -> CellSet {
        self.pieces[seat.index()]
    }

    pub fn side(&self) -> Seat {
        self.to_move
    }

    pub fn is_live(&self, seat: Seat) -> bool {
        self.kings[seat.index()] != NO_SQUARE
    }

    pub fn live_count(&self) -> usize {
        self.kings.iter().filter(|&&k| k != NO_SQUARE).count()
    }

    pub fn eliminated(&self) -> &[Seat] {
        &self.eliminated
    }

    pub fn king(&self, seat: Seat) -> Option<Square> {
        let k = self.kings[seat.index()];
        (k != NO_SQUARE).then_some(k)
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn en_passant(&self, seat: Seat) -> Option<EnPassant> {
        self.en_passant[seat.index()]
    }

    /// The live seat after `seat` in turn order (`seat` itself if it is the only one).
    pub fn next_live(&self, seat: Seat) -> Seat {
        for i in 1..=SEATS as u8 {
            let s = Seat((seat.0 + i) % SEATS as u8);
            if self.is_live(s) {
                return s;
            }
        }
        seat
    }

    /// The game is over: one seat is left (M7).
    pub fn is_over(&self) -> bool {
        self.live_count() <= 1
    }

    // ---------------------------------------------------------------------------------------
    // Attacks

    /// Whether `sq` is attacked by a piece whose owner satisfies `by`.
    #[inline]
    pub fn attacked(&self, sq: Square, by: impl Fn(Seat) -> bool) -> bool {
        attacked_on(&self.board, sq, NO_SQUARE, by)
    }

    /// The seats attacking `sq`, one bit each (`1 << seat`): one look where several seats are
    /// asked about the same square.
    pub fn attackers(&self, sq: Square) -> u8 {
        let mut seats = 0;
        for &t in KNIGHT[sq as usize].as_slice() {
            if let Some(p) = self.board[t as usize] {
                if p.role() == Role::Knight {
                    seats |= 1 << p.owner().0;
                }
            }
        }
        for (dir, ray) in RAYS[sq as usize].iter().enumerate() {
            if let Some((i, p)) = first_piece(&self.board, ray.as_slice(), NO_SQUARE) {
                if ray_hit(p, dir, i) {
                    seats |= 1 << p.owner().0;
                }
            }
        }
        seats
    }

    /// Whether `seat`'s King is attacked by any other (live) seat: every piece on the board
    /// belongs to a live seat.
    pub fn king_attacked(&self, seat: Seat) -> bool {
        self.king(seat).is_some_and(|k| self.attacked(k, |owner| owner != seat))
    }

    /// Whether the seat to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.to_move)
    }

    // ---------------------------------------------------------------------------------------
    // Move generation

    /// Calls `f` with every legal move of the seat to move but the pass, in the order of
    /// [`Self::generate_by_trial`]: piece by piece in square order, each piece's moves as
    /// [`Self::pseudo_moves`] lists them. Legality comes from [`KingSafety`]; King steps are judged
    /// on the board without the King; en passant and castling, which move two pieces, are played
    /// on a copy. With `NOISY`, only the moves the search calls noisy (captures, promotions, en
    /// passant), in the same order.
    fn each_legal<const NOISY: bool>(&self, f: &mut impl FnMut(Move)) {
        let us = self.to_move;
        let safety = KingSafety::of(self);
        let enemy = |owner: Seat| owner != us;
        for from in self.pieces[us.index()] {
            let Some(p) = self.board[from as usize] else { continue };
            let normal = |to: Square| Move { from, to, kind: MoveKind::Normal, promotion: None };
            let role = p.role();
            if role == Role::King {
                for &to in &STEP[from as usize] {
                    if to != NO_SQUARE
                        && self.board[to as usize].map_or(!NOISY, |q| q.owner() != us)
                        && !attacked_on(&self.board, to, from, enemy)
                    {
                        f(normal(to));
                    }
                }
                if !NOISY {
                    self.castlings(&mut |m| {
                        if self.legal_by_trial(m) {
                            f(m)
                        }
                    });
                }
                continue;
            }
            let pin = safety.pin_of(from);
            // Most pieces: no check and no pin, every move legal.
            let free = safety.checkers == 0 && pin.is_none();
            match role {
                Role::Pawn => self.legal_pawn_moves::<NOISY, _>(from, p.direction(), &safety, pin, f),
                Role::Knight => {
                    for &to in KNIGHT[from as usize].as_slice() {
                        if self.board[to as usize].map_or(!NOISY, |q| q.owner() != us)
                            && (free || safety.allows(pin, to))
                        {
                            f(normal(to));
                        }
                    }
                }
                _ => {
                    for dir in slider_directions(role) {
                        for &to in RAYS[from as usize][dir].as_slice() {
                            let q = self.board[to as usize];
                            if q.map_or(!NOISY, |q| q.owner() != us) && (free || safety.allows(pin, to)) {
                                f(normal(to));
                            }
                            if q.is_some() {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// A pawn's legal moves, in [`Self::pawn_moves`]'s order.
    fn legal_pawn_moves<const NOISY: bool, F: FnMut(Move)>(
        &self,
        from: Square,
        dir: usize,
        safety: &KingSafety,
        pin: Option<Pin>,
        f: &mut F,
    ) {
        let (start, promotion_line) = pawn_lines(dir);
        let free = safety.checkers == 0 && pin.is_none();
        let ok = |to: Square| free || safety.allows(pin, to);
        let push = |f: &mut F, to: Square, kind: MoveKind| {
            if pawn_line_of(dir, to) == promotion_line {
                for role in Role::PROMOTIONS {
                    f(Move { from, to, kind, promotion: Some(role) });
                }
            } else {
                f(Move { from, to, kind, promotion: None });
            }
        };
        let one = STEP[from as usize][dir];
        if one != NO_SQUARE && self.board[one as usize].is_none() {
            // A step is noisy only when it promotes; a two-step never does.
            if ok(one) && (!NOISY || pawn_line_of(dir, one) == promotion_line) {
                push(f, one, MoveKind::Normal);
            }
            let two = STEP[one as usize][dir];
            if !NOISY
                && pawn_line_of(dir, from) == start
                && two != NO_SQUARE
                && self.board[two as usize].is_none()
                && ok(two)
            {
                f(Move { from, to: two, kind: MoveKind::TwoStep, promotion: None });
            }
        }
        for cap in pawn_capture_directions(dir) {
            let to = STEP[from as usize][cap];
            if to == NO_SQUARE {
                continue;
            }
            match self.board[to as usize] {
                Some(q) if q.owner() != self.to_move => {
                    if ok(to) {
                        push(f, to, MoveKind::Normal);
                    }
                }
                Some(_) => {}
                None => {
                    for (seat, ep) in self.en_passant.iter().enumerate() {
                        if let Some(ep) = ep {
                            if ep.skipped == to && seat != self.to_move.index() {
                                let kind = MoveKind::EnPassant { victim: ep.landing };
                                // The victim leaves a square the King may be screened by.
                                if self.legal_by_trial(Move { from, to, kind, promotion: None }) {
                                    push(f, to, kind);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `m`, a pseudo-legal move, leaves the mover's King unattacked: played on a copy.
    fn legal_by_trial(&self, m: Move) -> bool {
        let mut after = self.clone();
        after.move_pieces(m);
        !after.king_attacked(self.to_move)
    }

    /// Appends the pseudo-legal moves of the seat to move (own King's safety not yet checked;
    /// castling's transit squares are checked here).
    #[cfg(test)]
    fn pseudo_moves(&self, out: &mut MoveList<Move>) {
        let us = self.to_move;
        for from in 0..CELLS as u8 {
            let Some(p) = self.board[from as usize] else { continue };
            if p.owner() != us {
                continue;
            }
            match p.role() {
                Role::Pawn => self.pawn_moves(from, p.direction(), out),
                Role::Knight => {
                    for &to in KNIGHT[from as usize].as_slice() {
                        self.push_if_not_own(from, to, out);
                    }
                }
                Role::King => {
                    for &to in &STEP[from as usize] {
                        if to != NO_SQUARE {
                            self.push_if_not_own(from, to, out);
                        }
                    }
                    self.castlings(&mut |m| out.push(m));
                }
                role => {
                    for dir in slider_directions(role) {
                        for &to in RAYS[from as usize][dir].as_slice() {
                            match self.board[to as usize] {
                                None => out.push(Move { from, to, kind: MoveKind::Normal, promotion: None }),
                                Some(q) => {
                                    if q.owner() != us {
                                        out.push(Move { from, to, kind: MoveKind::Normal, promotion: None });
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[cfg(test)]
    fn push_if_not_own(&self, from: Square, to: Square, out: &mut MoveList<Move>) {
        if self.board[to as usize].is_none_or(|q| q.owner() != self.to_move) {
            out.push(Move { from, to, kind: MoveKind::Normal, promotion: None });
        }
    }

    #[cfg(test)]
    fn pawn_moves(&self, from: Square, dir: usize, out: &mut MoveList<Move>) {
        let (start, promotion_line) = pawn_lines(dir);
        let push = |out: &mut MoveList<Move>, to: Square, kind: MoveKind| {
            if pawn_line_of(dir, to) == promotion_line {
                for role in Role::PROMOTIONS {
                    out.push(Move { from, to, kind, promotion: Some(role) });
                }
            } else {
                out.push(Move { from, to, kind, promotion: None });
            }
        };
        let one = STEP[from as usize][dir];
        if one != NO_SQUARE && self.board[one as usize].is_none() {
            push(out, one, MoveKind::Normal);
            let two = STEP[one as usize][dir];
            if pawn_line_of(dir, from) == start && two != NO_SQUARE && self.board[two as usize].is_none() {
                out.push(Move { from, to: two, kind: MoveKind::TwoStep, promotion: None });
            }
        }
        for cap in pawn_capture_directions(dir) {
            let to = STEP[from as usize][cap];
            if to == NO_SQUARE {
                continue;
            }
            match self.board[to as usize] {
                Some(q) if q.owner() != self.to_move => push(out, to, MoveKind::Normal),
                Some(_) => {}
                None => {
                    // M4: any other seat's two-step that skipped `to`, its pawn still there.
                    for (seat, ep) in self.en_passant.iter().enumerate() {
                        if let Some(ep) = ep {
                            if ep.skipped == to && seat != self.to_move.index() {
                                push(out, to, MoveKind::EnPassant { victim: ep.landing });
                            }
                        }
                    }
                }
            }
        }
    }

    fn castlings(&self, f: &mut impl FnMut(Move)) {
        let us = self.to_move;
        for arm in Arm::BOTH {
            if self.castling & arm.bit(us) == 0 {
                continue;
            }
            let c = castling(us, arm);
            // Between King and Rook: the King's two squares (the Rook lands on the nearer one).
            let passed = c.rook_to;
            if self.board[passed as usize].is_some() || self.board[c.king_to as usize].is_some() {
                continue;
            }
            let enemy = |owner: Seat| owner != us;
            if [c.king_from, passed, c.king_to].iter().any(|&s| self.attacked(s, enemy)) {
                continue;
            }
            f(Move { from: c.king_from, to: c.king_to, kind: MoveKind::Castle(arm), promotion: None });
        }
    }

    /// Appends the legal moves (M6); a seat with none gets the pass; nothing once the game is over.
    pub fn generate(&self, out: &mut MoveList<Move>) {
        if self.is_over() {
            return;
        }
        self.each_legal::<false>(&mut |m| out.push(m));
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    /// The legal captures, promotions and en passant captures (the search's noisy moves), in
    /// [`Self::generate`]'s order.
    pub fn generate_noisy(&self, out: &mut MoveList<Move>) {
        if !self.is_over() {
            self.each_legal::<true>(&mut |m| out.push(m));
        }
    }

    /// The number of legal moves, as [`Self::generate`] would list them (perft's bulk count).
    pub fn count_legal(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let mut n = 0;
        self.each_legal::<false>(&mut |_| n += 1);
        n.max(1)
    }

    /// [`Self::generate`] by playing every pseudo-legal move on a copy: the reference that the
    /// shortcuts are tested against.
    #[cfg(test)]
    pub fn generate_by_trial(&self, out: &mut MoveList<Move>) {
        if self.is_over() {
            return;
        }
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let us = self.to_move;
        for m in pseudo {
            let mut after = self.clone();
            after.move_pieces(m);
            if !after.king_attacked(us) {
                out.push(m);
            }
        }
        if out.is_empty() {
            out.push(Move::PASS);
        }
    }

    pub fn is_legal(&self, m: Move) -> bool {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves.contains(&m)
    }

    // ---------------------------------------------------------------------------------------
    // Playing

    fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq as usize].is_none());
        self.board[sq as usize] = Some(p);
        self.pieces[p.owner().index()].insert(sq);
        self.key ^= piece_key(p, sq);
        if p.role() == Role::King {
            self.kings[p.owner().index()] = sq;
        }
    }

    fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq as usize].take()?;
        self.pieces[p.owner().index()].remove(sq);
        self.key ^= piece_key(p, sq);
        if p.role() == Role::King {
            self.kings[p.owner().index()] = NO_SQUARE;
        }
        Some(p)
    }

    fn set_castling(&mut self, rights: u8) {
        for (bit, key) in CASTLING_KEYS.iter().enumerate() {
            if (self.castling ^ rights) & (1 << bit) != 0 {
                self.key ^= key;
            }
        }
        self.castling = rights;
    }

    /// Sets `seat`'s en passant entry. The entries are not in `key`: see [`Self::full_key`].
    fn set_en_passant(&mut self, seat: Seat, ep: Option<EnPassant>) {
        self.en_passant[seat.index()] = ep;
    }

    /// The position's key: `key` (pieces, seat to move, castling) with the en passant entries
    /// that some pawn can still use. For repetition (M8, M9) positions are the same when the
    /// same moves are possible, so an entry no pawn can use must not tell two positions apart.
    pub fn full_key(&self) -> u64 {
        self.key ^ self.ep_key
    }

    /// The en passant part of the full key, from scratch: each entry some pawn can still use.
    pub(super) fn compute_ep_key(&self) -> u64 {
        let mut key = 0;
        for (seat, ep) in self.en_passant.iter().enumerate() {
            if let Some(ep) = ep {
                if self.en_passant_usable(Seat(seat as u8), *ep) {
                    key ^= ep_key(Seat(seat as u8), ep.skipped);
                }
            }
        }
        key
    }

    /// Whether some pawn can take en passant on `owner`'s entry: a pawn diagonally beside the
    /// skipped square that captures towards it, of a seat whose turn comes before `owner`'s
    /// next one (the entry ends then, M4, M7).
    fn en_passant_usable(&self, owner: Seat, ep: EnPassant) -> bool {
        (4..8).any(|dir| {
            let from = STEP[ep.skipped as usize][dir];
            from != NO_SQUARE
                && self.board[from as usize].is_some_and(|p| {
                    p.role() == Role::Pawn
                        && pawn_capture_directions(p.direction()).contains(&opposite(dir))
                        && self.moves_before(p.owner(), owner)
                })
        })
    }

    /// Whether `seat` has a turn, counting from the seat to move's, before `owner`'s next one.
    fn moves_before(&self, seat: Seat, owner: Seat) -> bool {
        let mut s = self.to_move;
        for _ in 0..SEATS {
            if s == owner {
                return false;
            }
            if s == seat {
                return true;
            }
            s = self.next_live(s);
        }
        false
    }

    /// Moves the pieces of `m` and updates castling rights; returns whether the move was a capture
    /// or a pawn move (the halfmove clock restarts). Does not change the seat to move.
    fn move_pieces(&mut self, m: Move) -> bool {
        let us = self.to_move;
        let mut progress = false;
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Castle(arm) => {
                let c = castling(us, arm);
                let king = self.take(c.king_from);
                let rook = self.take(c.rook_from);
                if let (Some(k), Some(r)) = (king, rook) {
                    self.put(c.king_to, k);
                    self.put(c.rook_to, r);
                }
            }
            MoveKind::Normal | MoveKind::TwoStep | MoveKind::EnPassant { .. } => {
                if let MoveKind::EnPassant { victim } = m.kind {
                    self.take(victim);
                }
                progress |= self.take(m.to).is_some();
                if let Some(p) = self.take(m.from) {
                    progress |= p.role() == Role::Pawn;
                    let placed = m.promotion.map_or(p, |role| Piece::new(us, role, 0));
                    self.put(m.to, placed);
                }
            }
        }
        // A right goes when its King or Rook leaves home or its Rook is captured (M5).
        if m.kind != MoveKind::Pass {
            let rights = self.castling & !(CASTLE_CLEARS[m.from as usize] | CASTLE_CLEARS[m.to as usize]);
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        progress
    }

    /// Plays a legal move: the pieces, the en passant entries, then the next seat's turn starts
    /// (M7).
    pub fn apply(&mut self, m: Move) {
        let us = self.to_move;
        let progress = self.move_pieces(m);
        if m.kind == MoveKind::TwoStep {
            let skipped = STEP[m.from as usize][self.board[m.to as usize].map_or(0, |p| p.direction())];
            self.set_en_passant(us, Some(EnPassant { skipped, landing: m.to }));
        }
        // Entries whose pawn has gone (captured, en passant or not) end (M4), and so do those
        // whose skipped square a piece has entered: nothing can capture onto it any more (M9).
        for seat in 0..SEATS as u8 {
            if let Some(ep) = self.en_passant[seat as usize] {
                let still_there = self.board[ep.landing as usize]
                    .is_some_and(|p| p.role() == Role::Pawn && p.owner() == Seat(seat));
                if !still_there || self.board[ep.skipped as usize].is_some() {
                    self.set_en_passant(Seat(seat), None);
                }
            }
        }
        self.halfmove = if progress { 0 } else { self.halfmove + 1 };
        let next = self.next_live(us);
        if next.index() <= us.index() {
            self.fullmove += 1;
        }
        self.key ^= SEAT_KEYS[us.index()] ^ SEAT_KEYS[next.index()];
        self.to_move = next;
        self.start_turn();
        self.ep_key = self.compute_ep_key();
    }

    /// M7 at the start of the turn of the seat to move: its en passant entry ends, then every live
    /// opponent whose King it attacks is eliminated and recruited, until it attacks none
    /// (recruited pieces may reach another King: a second pass).
    pub(super) fn start_turn(&mut self) {
        let us = self.to_move;
        self.set_en_passant(us, None);
        // Each pass judges every King against the board as it stands (the Kings attacked
        // directly go out together, in turn order); the next pass sees the recruited pieces.
        loop {
            let doomed: arrayvec::ArrayVec<Seat, SEATS> = (1..SEATS as u8)
                .map(|i| Seat((us.0 + i) % SEATS as u8))
                .filter(|&them| self.king(them).is_some_and(|k| self.attacked(k, |owner| owner == us)))
                .collect();
            if doomed.is_empty() {
                break;
            }
            for them in doomed {
                self.eliminate(them, us);
            }
        }
    }

    /// Removes `loser`'s King and gives its other pieces to `winner` (M7).
    fn eliminate(&mut self, loser: Seat, winner: Seat) {
        for sq in self.pieces[loser.index()] {
            if let Some(p) = self.take(sq) {
                if p.role() != Role::King {
                    self.put(sq, p.with_owner(winner));
                }
            }
        }
        let rights = self.castling & !(Arm::King.bit(loser) | Arm::Queen.bit(loser));
        self.set_castling(rights);
        self.set_en_passant(loser, None);
        // Recruited pawns are no longer the two-stepping seat's: other entries stay.
        self.eliminated.push(loser);
        // An elimination counts as a capture for the 200-ply clock (M9).
        self.halfmove = 0;
    }

    // ---------------------------------------------------------------------------------------
    // Keys and invariants

    /// `key` computed from scratch: pieces, seat to move and castling rights.
    pub fn compute_key(&self) -> u64 {
        let mut key = SEAT_KEYS[self.to_move.index()];
        for sq in 0..CELLS as u8 {
            if let Some(p) = self.board[sq as usize] {
                key ^= piece_key(p, sq);
            }
        }
        for (bit, k) in CASTLING_KEYS.iter().enumerate() {
            if self.castling & (1 << bit) != 0 {
                key ^= k;
            }
        }
        key
    }

    /// A position with the given pieces and state; the caller sets the key via `finish`.
    pub(super) fn empty(to_move: Seat) -> Fimbriation {
        Fimbriation {
            board: [None; CELLS],
            pieces: [CellSet::default(); SEATS],
            kings: [NO_SQUARE; SEATS],
            to_move,
            castling: 0,
            en_passant: [None; SEATS],
            eliminated: arrayvec::ArrayVec::new(),
            halfmove: 0,
            fullmove: 1,
            key: 0,
            ep_key: 0,
        }
    }

    /// The start position (M2): Red's array and its three rotations, every castling right.
    pub fn start_position() -> Fimbriation {
        let mut pos = Fimbriation::empty(RED);
        for (sq, p) in start_pieces() {
            pos.place(sq, p);
        }
        pos.castling = u8::MAX;
        pos.finish();
        pos
    }

    pub(super) fn place(&mut self, sq: Square, p: Piece) {
        if let Some(old) = self.board[sq as usize] {
            self.pieces[old.owner().index()].remove(sq);
        }
        self.board[sq as usize] = Some(p);
        self.pieces[p.owner().index()].insert(sq);
        if p.role() == Role::King {
            self.kings[p.owner().index()] = sq;
        }
    }

    pub(super) fn finish(&mut self) {
        self.key = self.compute_key();
        self.ep_key = self.compute_ep_key();
    }

    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let mut pieces = [CellSet::default(); SEATS];
        for sq in 0..CELLS as u8 {
            if let Some(p) = self.board[sq as usize] {
                pieces[p.owner().index()].insert(sq);
            }
        }
        if pieces != self.pieces {
            return Err("the piece sets do not match the board");
        }
        let mut kings = [0; SEATS];
        for sq in 0..CELLS as u8 {
            let Some(p) = self.board[sq as usize] else { continue };
            if !super::board::is_square(sq as usize) {
                return Err("a piece stands off the board");
            }
            if self.eliminated.contains(&p.owner()) {
                return Err("an eliminated seat owns a piece");
            }
            if p.role() == Role::King {
                kings[p.owner().index()] += 1;
                if self.kings[p.owner().index()] != sq {
                    return Err("a King is not where the King table says");
                }
            }
            if p.role() == Role::Pawn && pawn_misplaced(p.direction(), sq) {
                return Err("a pawn stands behind its start line or on its promotion line");
            }
        }
        for (seat, &count) in kings.iter().enumerate() {
            let live = !self.eliminated.contains(&Seat(seat as u8));
            if count != usize::from(live) || self.is_live(Seat(seat as u8)) != live {
                return Err("a live seat without exactly one King, or an eliminated seat with one");
            }
        }
        if !self.is_live(self.to_move) {
            return Err("the seat to move has been eliminated");
        }
        let us = self.to_move;
        if (0..SEATS as u8)
            .any(|s| Seat(s) != us && self.king(Seat(s)).is_some_and(|k| self.attacked(k, |o| o == us)))
        {
            return Err("the seat to move attacks a live King (M7 was not applied)");
        }
        for seat in 0..SEATS as u8 {
            for arm in Arm::BOTH {
                if self.castling & arm.bit(Seat(seat)) != 0 {
                    let c = castling(Seat(seat), arm);
                    let home = |sq: Square, role: Role| {
                        self.board[sq as usize].is_some_and(|p| p.owner() == Seat(seat) && p.role() == role)
                    };
                    if !home(c.king_from, Role::King) || !home(c.rook_from, Role::Rook) {
                        return Err("a castling right without its King and Rook at home");
                    }
                }
            }
            if let Some(ep) = self.en_passant[seat as usize] {
                if Seat(seat) == self.to_move || self.board[ep.skipped as usize].is_some() {
                    return Err("an en passant entry of the seat to move, or over an occupied square");
                }
                let pawn = self.board[ep.landing as usize];
                let ok = pawn.is_some_and(|p| {
                    p.role() == Role::Pawn
                        && p.owner() == Seat(seat)
                        && STEP[ep.skipped as usize][p.direction()] == ep.landing
                });
                if !ok {
                    return Err("an en passant entry without its pawn");
                }
            }
        }
        if self.key != self.compute_key() || self.ep_key != self.compute_ep_key() {
            return Err("the key does not match the position");
        }
        Ok(())
    }
}

/// The first piece along `ray` with its index, `vacated` read as empty.
#[inline]
/// The ray directions a slider moves along: the first four are orthogonal, the last four
/// diagonal (the order of `RAYS`).
fn slider_directions(role: Role) -> std::ops::Range<usize> {
    match role {
        Role::Rook => 0..4,
        Role::Bishop => 4..8,
        _ => 0..8,
    }
}

fn first_piece(board: &[Option<Piece>; CELLS], ray: &[Square], vacated: Square) -> Option<(usize, Piece)> {
    ray.iter()
        .enumerate()
        .find_map(|(i, &t)| if t == vacated { None } else { board[t as usize].map(|p| (i, p)) })
}

/// Whether `p`, the first piece `i` squares out (0: adjacent) along direction `dir` from a
/// square, attacks that square.
#[inline]
fn ray_hit(p: Piece, dir: usize, i: usize) -> bool {
    match p.role() {
        Role::Queen => true,
        Role::Rook => !is_diagonal(dir),
        Role::Bishop => is_diagonal(dir),
        Role::King => i == 0,
        // A pawn on the first square of a diagonal ray attacks the square if it captures back
        // along that diagonal.
        Role::Pawn => {
            i == 0 && is_diagonal(dir) && pawn_capture_directions(p.direction()).contains(&opposite(dir))
        }
        Role::Knight => false,
    }
}

/// Whether `sq` is attacked on `board` by a piece whose owner satisfies `by`, with `vacated`
/// read as empty (a King judged on the square it steps to no longer screens it), or
/// [`NO_SQUARE`].
#[inline]
fn attacked_on(
    board: &[Option<Piece>; CELLS],
    sq: Square,
    vacated: Square,
    by: impl Fn(Seat) -> bool,
) -> bool {
    for &t in KNIGHT[sq as usize].as_slice() {
        if let Some(p) = board[t as usize] {
            if p.role() == Role::Knight && by(p.owner()) {
                return true;
            }
        }
    }
    for (dir, ray) in RAYS[sq as usize].iter().enumerate() {
        if let Some((i, p)) = first_piece(board, ray.as_slice(), vacated) {
            if by(p.owner()) && ray_hit(p, dir, i) {
                return true;
            }
        }
    }
    false
}

/// Whether `to` is among the first `len` squares of the ray from `from` in direction `dir`.
#[inline]
fn on_ray(from: Square, dir: usize, len: usize, to: Square) -> bool {
    RAYS[from as usize][dir].squares[..len].contains(&to)
}

/// A pinned piece: its square, and the ray from the King that it must stay on (direction and
/// length, up to and including the pinning slider).
#[derive(Clone, Copy)]
struct Pin {
    square: Square,
    dir: u8,
    len: u8,
}

/// What legality needs about the King of the seat to move (M6), found once per generation so
/// that most moves need no trial play: the enemy pieces attacking it and the own pieces that
/// screen it from an enemy slider. A move other than the King's, en passant or castling leaves
/// the King safe exactly when it ends every check (captures the one checker or lands between it
/// and the King) and a pinned mover stays on its pin ray: landing on a square or capturing
/// there opens no line to the King, and only a pinned piece's leaving does.
struct KingSafety {
    king: Square,
    /// Enemy pieces attacking the King, counted up to 2.
    checkers: u8,
    /// With one checker: its square, and the ray from the King that reaches it (empty for a
    /// Knight).
    checker: Square,
    check_dir: u8,
    check_len: u8,
    pins: arrayvec::ArrayVec<Pin, 8>,
}

impl KingSafety {
    fn of(pos: &Fimbriation) -> KingSafety {
        let us = pos.to_move;
        let king = pos.kings[us.index()];
        let mut safety = KingSafety {
            king,
            checkers: 0,
            checker: NO_SQUARE,
            check_dir: 0,
            check_len: 0,
            pins: Default::default(),
        };
        if king == NO_SQUARE {
            return safety;
        }
        let board = &pos.board;
        for &t in KNIGHT[king as usize].as_slice() {
            if board[t as usize].is_some_and(|p| p.role() == Role::Knight && p.owner() != us) {
                safety.add_checker(t, 0, 0);
            }
        }
        for (dir, ray) in RAYS[king as usize].iter().enumerate() {
            let ray = ray.as_slice();
            let Some((i, p)) = first_piece(board, ray, NO_SQUARE) else { continue };
            if p.owner() != us {
                if ray_hit(p, dir, i) {
                    safety.add_checker(ray[i], dir, i + 1);
                }
                continue;
            }
            let Some((j, q)) = first_piece(board, &ray[i + 1..], NO_SQUARE) else { continue };
            let j = i + 1 + j;
            if q.owner() != us && ray_hit(q, dir, j) {
                safety.pins.push(Pin { square: ray[i], dir: dir as u8, len: j as u8 + 1 });
            }
        }
        safety
    }

    fn add_checker(&mut self, sq: Square, dir: usize, len: usize) {
        self.checkers = (self.checkers + 1).min(2);
        self.checker = sq;
        self.check_dir = dir as u8;
        self.check_len = len as u8;
    }

    /// The pin on the piece on `from`, if any.
    #[inline]
    fn pin_of(&self, from: Square) -> Option<Pin> {
        self.pins.iter().copied().find(|p| p.square == from)
    }

    /// Whether a piece (not the King) with pin `pin` may go to `to`: en passant and castling
    /// aside, the King is then safe.
    #[inline]
    fn allows(&self, pin: Option<Pin>, to: Square) -> bool {
        match self.checkers {
            0 => {}
            1 => {
                if to != self.checker
                    && !on_ray(self.king, self.check_dir as usize, self.check_len as usize, to)
                {
                    return false;
                }
            }
            _ => return false,
        }
        pin.is_none_or(|p| on_ray(self.king, p.dir as usize, p.len as usize, to))
    }
}

/// The opposite direction.
#[inline]
pub const fn opposite(dir: usize) -> usize {
    match dir {
        0..=3 => (dir + 2) % 4,
        _ => 4 + (dir - 4 + 2) % 4,
    }
}
