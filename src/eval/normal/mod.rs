//! Evaluation for `normal` (FIDE chess): a hand-written, tapered evaluation.
//!
//! Every term is a middlegame/endgame pair ([`params::S`]) summed from White's point of view,
//! then blended by the game phase (the non-pawn material left) and turned to the side to move's
//! point of view. The terms, with their weights in [`params`]:
//!
//! - material and piece-square tables;
//! - mobility of knights, bishops, rooks and queens;
//! - pawn structure: doubled, isolated, backward and connected pawns;
//! - passed pawns: by rank, king distances, blocked or free path, the rule of the square;
//! - pieces: bishop pair, rooks on open and semi-open files, knight and bishop outposts;
//! - placement: rooks on the 7th and on the enemy queen's file, knights and bishops behind
//!   pawns and near their king, bishops against own pawns on their colour and on the long
//!   diagonals, space behind the pawns, the king near its pawns;
//! - threats: pieces attacked by pawns or by safe pawn pushes, majors attacked by minors,
//!   queens by rooks, loose minors by minors and rooks, hanging pieces and pawns, loose
//!   pawns and pieces the king attacks;
//! - king safety: attack units (attackers on the king zone weighted by type, weak zone squares,
//!   safe checks) read through a fitted table, pawn shelter and pawn storm in front of the
//!   (possibly castled-to) king;
//! - tempo for the side to move;
//! - endgame scaling for pawnless edges and opposite-coloured bishops.
//!
//! The evaluation is colour-symmetric: a position and its colour-flipped mirror (ranks flipped,
//! colours and the side to move swapped) evaluate the same. It allocates nothing.

pub mod params;

use self::params::*;
use crate::eval::params::{Coefficients, NoTrace, Tracer};
use crate::variants::chess::armies;
use crate::variants::chess::attacks::pawn_attacks as pawn_attack_squares;
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::variants::chess::position::CASTLINGS;
use crate::variants::chess::{Bitboard, Color, Position, Role, Rules, Square};
use std::marker::PhantomData;

// ---------------------------------------------------------------------------------------------
// Board geometry (fixed facts, not weights)
// ---------------------------------------------------------------------------------------------

const fn file_bb(file: usize) -> Bitboard {
    Bitboard(Bitboard::FILE_A.0 << file)
}

pub(super) const FILES: [Bitboard; 8] = {
    let mut t = [Bitboard::EMPTY; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = file_bb(f);
        f += 1;
    }
    t
};

/// The ranks strictly in front of `rank` as seen by `color` (0 = White, 1 = Black).
const fn ranks_ahead(color: usize, rank: u8) -> Bitboard {
    Bitboard(if color == 0 {
        if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        (1u64 << (8 * rank)) - 1
    })
}

/// `RANKS_AHEAD[color][rank]`: see [`ranks_ahead`].
const RANKS_AHEAD: [[Bitboard; 8]; 2] = {
    let mut t = [[Bitboard::EMPTY; 8]; 2];
    let mut r = 0;
    while r < 8 {
        t[0][r] = ranks_ahead(0, r as u8);
        t[1][r] = ranks_ahead(1, r as u8);
        r += 1;
    }
    t
};

/// The 4th to 6th ranks as seen by each colour, where outposts are.
const OUTPOST_RANKS: [Bitboard; 2] = [
    Bitboard(Bitboard::rank(3).0 | Bitboard::rank(4).0 | Bitboard::rank(5).0),
    Bitboard(Bitboard::rank(2).0 | Bitboard::rank(3).0 | Bitboard::rank(4).0),
];

/// `FRONT[color][square]`: the squares in front of `square` on its file, seen by `color`.
static FRONT: [[Bitboard; 64]; 2] = {
    let mut t = [[Bitboard::EMPTY; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            t[c][sq] = Bitboard(ranks_ahead(c, (sq / 8) as u8).0 & FILES[sq % 8].0);
            sq += 1;
        }
        c += 1;
    }
    t
};

// `Eval::shelter` relies on the castling table's order and squares: per colour the short then
// the long castling, the king going from the e-file to the g- or c-file.
const _: () = {
    let mut i = 0;
    while i < 4 {
        assert!(CASTLINGS[i].color as usize == i / 2 && CASTLINGS[i].king_from.file() == 4);
        assert!(CASTLINGS[i].king_to.file() == if i % 2 == 0 { 6 } else { 2 });
        i += 1;
    }
};

/// The four centre squares.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// The c to f files on the 2nd to 4th relative ranks, per colour: where space is counted.
const SPACE_ZONE: [Bitboard; 2] = [Bitboard(0x0000_0000_3C3C_3C00), Bitboard(0x003C_3C3C_0000_0000)];

/// `bb` moved one rank forward, as seen by `color`.
#[inline]
fn pawn_push(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.shift_up(),
        Color::Black => bb.shift_down(),
    }
}

/// `WITHIN[sq][d]`: the squares at most `d` king steps from `sq`.
static WITHIN: [[Bitboard; 8]; 64] = {
    let mut t = [[Bitboard::EMPTY; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut other = 0;
        while other < 64 {
            let mut r = distance(Square::new(sq as u8), Square::new(other as u8)) as usize;
            while r < 8 {
                t[sq][r].0 |= 1u64 << other;
                r += 1;
            }
            other += 1;
        }
        sq += 1;
    }
    t
};

/// The number of king steps between two squares.
#[inline]
const fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr {
        df
    } else {
        dr
    }
}

/// The squares attacked by all pawns in `pawns` of `color`.
#[inline]
pub(super) fn pawn_attacks_bb(color: Color, pawns: Bitboard) -> Bitboard {
    let west = pawns.0 & !Bitboard::FILE_A.0;
    let east = pawns.0 & !Bitboard::FILE_H.0;
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// `bb` and every square in front of it, as seen by `color`.
#[inline]
pub(super) fn fill_forward(color: Color, bb: Bitboard) -> Bitboard {
    let mut x = bb.0;
    match color {
        Color::White => {
            x |= x << 8;
            x |= x << 16;
            x |= x << 32;
        }
        Color::Black => {
            x |= x >> 8;
            x |= x >> 16;
            x |= x >> 32;
        }
    }
    Bitboard(x)
}

/// The number of squares in `bb`, for sets that are usually empty or tiny: a test and a short
/// loop instead of a full population count (slow on CPUs targeted without `popcnt`).
#[inline]
fn sparse_count(bb: Bitboard) -> i32 {
    let mut x = bb.0;
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// `bb` moved one rank back, towards `color`'s own side.
#[inline]
pub(super) fn step_back(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.shift_down(),
        Color::Black => bb.shift_up(),
    }
}

/// The squares one file to the left or right of a square of `bb`.
#[inline]
pub(super) fn sideways(bb: Bitboard) -> Bitboard {
    Bitboard(((bb.0 & !Bitboard::FILE_A.0) >> 1) | ((bb.0 & !Bitboard::FILE_H.0) << 1))
}

/// The relative rank of the square of `bb` closest to `color`'s back rank; 8 if `bb` is empty.
#[inline]
fn nearest_rank(color: Color, bb: Bitboard) -> usize {
    match color {
        Color::White => bb.0.trailing_zeros() as usize >> 3,
        Color::Black => bb.0.leading_zeros() as usize >> 3,
    }
}

/// Index into the (White-view) piece-square table for a piece of `color` on `sq`.
#[inline]
fn psq_index(color: Color, sq: Square) -> usize {
    sq.index() ^ (56 * color as usize)
}

#[inline]
fn taper(s: S, phase: i32) -> i32 {
    (s.mg() * phase + s.eg() * (PHASE_MAX - phase)) / PHASE_MAX
}

// ---------------------------------------------------------------------------------------------
// The evaluation
// ---------------------------------------------------------------------------------------------

/// Static evaluation in centipawns from the side to move's point of view, with the variant's
/// own parameter set.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    evaluate_with(pos, Compiled::<R>(PhantomData), NoTrace).0
}

/// Where an evaluation reads its weights: the variant's compiled set or a set built at run time.
pub trait Source<'a>: Copy {
    fn tables(self) -> &'a Tables;
}

/// The variant's compiled set, known to the compiler: it folds the weights into the code.
#[derive(Clone, Copy)]
pub struct Compiled<R>(PhantomData<R>);

impl<'a, R: Rules> Source<'a> for Compiled<R> {
    #[inline(always)]
    fn tables(self) -> &'a Tables {
        const { tables_for(R::NAME) }
    }
}

/// A set built at run time (the tuner's).
impl<'a> Source<'a> for &'a Tables {
    #[inline(always)]
    fn tables(self) -> &'a Tables {
        self
    }
}

/// What a traced evaluation found: the coefficient of every linear weight and the non-linear
/// rest (White's view, before tapering), and how they were turned into the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub coefficients: Coefficients,
    /// The game phase, 0 (endgame) to [`PHASE_MAX`] (middlegame).
    pub phase: i32,
    /// The endgame scale out of [`SCALE_NORMAL`].
    pub scale: i32,
    pub white_to_move: bool,
}

/// The index of `tempo` among the linear weights: the one weight added from the side to move's
/// point of view, after the blend (its coefficient is in [`Trace::white_to_move`]).
pub fn tempo_index() -> usize {
    let w = &tables_for("normal").params.weights;
    weight_index(w, &w.tempo)
}

/// The number of `weight` among the linear weights of `weights` (see [`WEIGHT_COUNT`]).
#[inline]
fn weight_index(weights: &Weights, weight: &S) -> usize {
    let offset = weight as *const S as usize - weights as *const Weights as usize;
    debug_assert!(offset < std::mem::size_of::<Weights>());
    offset / std::mem::size_of::<S>()
}

impl Trace {
    /// The evaluation (side to move's view) that these coefficients give with `weights`, by
    /// the same arithmetic as [`evaluate`]: equal to it for the weights traced.
    pub fn replay(&self, weights: &Weights) -> i32 {
        let flat = crate::eval::params::flatten(weights);
        let pairs: Vec<S> = flat.chunks(2).map(|p| S(p[0], p[1])).collect();
        let score = self.coefficients.dot(&pairs);
        let eg = score.eg() * self.scale / SCALE_NORMAL;
        let white_view = taper(S(score.mg(), eg), self.phase);
        let stm_view = if self.white_to_move { white_view } else { -white_view };
        stm_view + taper(weights.tempo, self.phase)
    }

    /// The evaluation from White's point of view as a linear function of the flat weights
    /// (`flatten(Weights)`: middlegame then endgame of each weight): `(slot, coefficient)`
    /// pairs and a constant, exact up to the integer rounding of [`Trace::replay`].
    pub fn linear(&self) -> (Vec<(u32, f64)>, f64) {
        let max = f64::from(PHASE_MAX);
        let mg = f64::from(self.phase) / max;
        let eg = f64::from(PHASE_MAX - self.phase) / max;
        let scale = f64::from(self.scale) / f64::from(SCALE_NORMAL);
        let mut terms = Vec::new();
        for (i, &c) in self.coefficients.counts.iter().enumerate() {
            if c != 0 {
                terms.push((2 * i as u32, f64::from(c) * mg));
                terms.push((2 * i as u32 + 1, f64::from(c) * eg * scale));
            }
        }
        let side = if self.white_to_move { 1.0 } else { -1.0 };
        let tempo = tempo_index() as u32;
        terms.push((2 * tempo, side * mg));
        terms.push((2 * tempo + 1, side * eg));
        let constant = self.coefficients.constant;
        (terms, f64::from(constant.mg()) * mg + f64::from(constant.eg()) * eg * scale)
    }
}

/// The evaluation (side to move's view) with `tables`, and the trace of the weights it added.
pub fn trace<R: Rules>(pos: &Position<R>, tables: &Tables) -> (i32, Trace) {
    let (score, coefficients, phase, scale) = evaluate_with(pos, tables, Coefficients::new(WEIGHT_COUNT));
    (score, Trace { coefficients, phase, scale, white_to_move: pos.turn() == Color::White })
}

/// The evaluation with `tables`, reporting every weight it adds to `tracer`; also returns the
/// tracer, the phase and the endgame scale.
#[inline]
pub fn evaluate_with<'a, R: Rules, T: Tracer>(
    pos: &'a Position<R>,
    tables: impl Source<'a>,
    tracer: T,
) -> (i32, T, i32, i32) {
    let mut e = Eval::new(pos, tables, tracer);
    let mut score = e.pieces(Color::White) - e.pieces(Color::Black);
    e.finish_attacks();
    score += e.pawns(Color::White) - e.pawns(Color::Black);
    score += e.king(Color::White) - e.king(Color::Black);
    score += e.threats(Color::White) - e.threats(Color::Black);
    score += e.placement(Color::White) - e.placement(Color::Black);

    let phase = e.phase.min(PHASE_MAX);
    let scale = endgame_scale(pos, score.eg());
    let eg = score.eg() * scale / SCALE_NORMAL;
    let white_view = taper(S(score.mg(), eg), phase);
    let stm_view = if pos.turn() == Color::White { white_view } else { -white_view };
    (stm_view + taper(tables.tables().params.weights.tempo, phase), e.trace, phase, scale)
}

fn simple_material<R: Rules>(pos: &Position<R>, color: Color) -> i32 {
    let mut m = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Commoner] {
        m += SIMPLE_MATERIAL[role as usize] * pos.pieces(color, role).count() as i32;
    }
    if R::ARMIES {
        for role in Role::ALL.into_iter().filter(|r| r.is_army_piece()) {
            m += SIMPLE_MATERIAL[role as usize] * pos.pieces(color, role).count() as i32;
        }
    }
    m
}

/// The scale (out of [`SCALE_NORMAL`]) for the endgame part `eg` (White's view).
fn endgame_scale<R: Rules>(pos: &Position<R>, eg: i32) -> i32 {
    if eg == 0 {
        return SCALE_NORMAL;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    if pos.pieces(strong, Role::Pawn).is_empty() {
        let ours = simple_material(pos, strong);
        let theirs = simple_material(pos, !strong);
        if ours <= SIMPLE_MATERIAL[Role::Bishop as usize] {
            return SCALE_CANNOT_WIN;
        }
        if ours - theirs <= SIMPLE_MATERIAL[Role::Bishop as usize] {
            return SCALE_PAWNLESS_SMALL_EDGE;
        }
    }
    let bishops = pos.role_bb(Role::Bishop);
    let pieces = pos.occupied() & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
    if pieces == bishops
        && pos.pieces(Color::White, Role::Bishop).count() == 1
        && pos.pieces(Color::Black, Role::Bishop).count() == 1
        && (bishops & Bitboard::DARK_SQUARES).count() == 1
    {
        return SCALE_OPPOSITE_BISHOPS;
    }
    SCALE_NORMAL
}

/// What the terms share: pawn and attack maps per colour (index `Color as usize`).
struct Eval<'a, R: Rules, T: Tracer, P: Source<'a>> {
    pos: &'a Position<R>,
    source: P,
    trace: T,
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    /// Every square the colour's pawns attack now or could attack after advancing.
    pawn_attack_span: [Bitboard; 2],
    king_sq: [Square; 2],
    king_zone: [Bitboard; 2],
    mobility_area: [Bitboard; 2],
    attacked_by: [[Bitboard; Role::COUNT]; 2],
    /// All squares the colour attacks (filled by [`Eval::finish_attacks`]).
    attacked: [Bitboard; 2],
    /// How many of the colour's pieces attack the enemy king zone, and with how many units.
    king_attackers: [i32; 2],
    king_attack_units: [i32; 2],
    /// The game phase before capping: see [`PHASE_WEIGHT`] (summed by [`Eval::pieces`]).
    phase: i32,
}

impl<'a, R: Rules, T: Tracer, P: Source<'a>> Eval<'a, R, T, P> {
    #[inline]
    fn new(pos: &'a Position<R>, source: P, trace: T) -> Self {
        let pawns = [pos.pieces(Color::White, Role::Pawn), pos.pieces(Color::Black, Role::Pawn)];
        let pawn_attacks = [pawn_attacks_bb(Color::White, pawns[0]), pawn_attacks_bb(Color::Black, pawns[1])];
        let king_sq = [pos.king(Color::White), pos.king(Color::Black)];
        let zone = |color: Color| {
            let near = king_attacks(king_sq[color as usize]) | king_sq[color as usize].bb();
            near | match color {
                Color::White => near.shift_up(),
                Color::Black => near.shift_down(),
            }
        };
        let area = |color: Color| {
            let us = color as usize;
            !(pawns[us] | king_sq[us].bb() | pawn_attacks[us ^ 1])
        };
        let mut attacked_by = [[Bitboard::EMPTY; Role::COUNT]; 2];
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            attacked_by[c][Role::Pawn as usize] = pawn_attacks[c];
            // A Royal Pawn attacks like a pawn (K3).
            attacked_by[c][Role::King as usize] =
                if R::ROYAL_PAWN { pawn_attack_squares(color, king_sq[c]) } else { king_attacks(king_sq[c]) };
        }
        Eval {
            pos,
            source,
            trace,
            occupied: pos.occupied(),
            pawns,
            pawn_attacks,
            pawn_attack_span: [
                fill_forward(Color::White, pawn_attacks[0]),
                fill_forward(Color::Black, pawn_attacks[1]),
            ],
            king_sq,
            king_zone: [zone(Color::White), zone(Color::Black)],
            mobility_area: [area(Color::White), area(Color::Black)],
            attacked_by,
            attacked: [Bitboard::EMPTY; 2],
            king_attackers: [0; 2],
            king_attack_units: [0; 2],
            phase: 0,
        }
    }

    /// The weights and tables.
    #[inline(always)]
    fn tables(&self) -> &'a Tables {
        self.source.tables()
    }

    /// `weight` (one of `self.tables()`' weights) added `count` times for `color`: its value, and
    /// its coefficient in the trace.
    #[inline(always)]
    fn add(&mut self, color: Color, weight: &S, count: i32) -> S {
        if T::ON {
            let index = weight_index(&self.tables().params.weights, weight);
            self.trace.add(index, if color == Color::White { count } else { -count });
        }
        *weight * count
    }

    /// Material plus piece-square value of `color`'s `role` on `sq`.
    #[inline(always)]
    fn psq(&mut self, color: Color, role: Role, sq: Square) -> S {
        let tables = self.tables();
        let index = psq_index(color, sq);
        if T::ON {
            let w = &tables.params.weights;
            self.add(color, &w.material[role as usize], 1);
            if let Some(table) = w.psq.get(role as usize) {
                self.add(color, &table[index ^ 56], 1);
            } else {
                let centre = if is_long_range(role) { &w.army_centre_long } else { &w.army_centre_short };
                self.add(color, centre, ARMY_CENTRE[index]);
            }
        }
        tables.psq[role as usize][index]
    }

    /// Records the attacks of one piece: attack maps and the pressure on the enemy king.
    #[inline]
    fn note_attacks(&mut self, us: usize, role: Role, attacks: Bitboard) {
        let danger = &self.tables().params.danger;
        self.attacked_by[us][role as usize] |= attacks;
        self.phase += PHASE_WEIGHT[role as usize];
        let hits = attacks & self.king_zone[us ^ 1];
        if hits.nonempty() {
            self.king_attackers[us] += 1;
            self.king_attack_units[us] +=
                danger.attacker_weight[role as usize] + danger.zone_hit * hits.count() as i32;
        }
    }

    /// Material, piece-square tables, mobility, outposts, bishop pair, rook files; fills the
    /// attack maps and king-attack counters.
    fn pieces(&mut self, color: Color) -> S {
        let pos = self.pos;
        let w = &self.tables().params.weights;
        let us = color as usize;
        let area = self.mobility_area[us];
        let occ = self.occupied;
        let queens = pos.pieces(color, Role::Queen);
        let rooks = pos.pieces(color, Role::Rook);
        let bishops = pos.pieces(color, Role::Bishop);
        let mut s = self.psq(color, Role::King, self.king_sq[us]);
        // Squares on the 4th to 6th relative ranks, defended by a pawn, that no enemy pawn can
        // ever attack.
        let outposts = self.pawn_attacks[us] & !self.pawn_attack_span[us ^ 1] & OUTPOST_RANKS[us];

        for sq in pos.pieces(color, Role::Knight) {
            let a = knight_attacks(sq);
            s += self.psq(color, Role::Knight, sq)
                + self.add(color, &w.mobility_knight[(a & area).count()], 1);
            self.note_attacks(us, Role::Knight, a);
            if outposts.has(sq) {
                s += self.add(color, &w.knight_outpost, 1);
            }
        }

        for sq in bishops {
            let a = bishop_attacks(sq, occ ^ queens);
            s += self.psq(color, Role::Bishop, sq)
                + self.add(color, &w.mobility_bishop[(a & area).count()], 1);
            self.note_attacks(us, Role::Bishop, a);
            if outposts.has(sq) {
                s += self.add(color, &w.bishop_outpost, 1);
            }
        }
        if (bishops & Bitboard::DARK_SQUARES).nonempty() && (bishops & !Bitboard::DARK_SQUARES).nonempty() {
            s += self.add(color, &w.bishop_pair, 1);
        }

        let all_pawns = self.pawns[0] | self.pawns[1];
        for sq in rooks {
            let a = rook_attacks(sq, occ ^ queens ^ rooks);
            s += self.psq(color, Role::Rook, sq) + self.add(color, &w.mobility_rook[(a & area).count()], 1);
            self.note_attacks(us, Role::Rook, a);
            let file = FILES[sq.file() as usize];
            if (file & all_pawns).is_empty() {
                s += self.add(color, &w.rook_open_file, 1);
            } else if (file & self.pawns[us]).is_empty() {
                s += self.add(color, &w.rook_semi_open_file, 1);
            }
        }

        for sq in queens {
            let a = queen_attacks(sq, occ);
            s += self.psq(color, Role::Queen, sq) + self.add(color, &w.mobility_queen[(a & area).count()], 1);
            self.note_attacks(us, Role::Queen, a);
        }

        if R::COMMONER {
            for sq in pos.pieces(color, Role::Commoner) {
                let a = king_attacks(sq);
                s += self.psq(color, Role::Commoner, sq)
                    + self.add(color, &w.mobility_commoner[(a & area).count()], 1);
                self.note_attacks(us, Role::Commoner, a);
            }
        }
        if R::ROYAL_PAWN {
            let rank = color.relative_rank(self.king_sq[us].rank()) as usize;
            s += self.add(color, &w.royal_pawn_advance[rank], 1);
        }
        if R::ARMIES {
            s += self.army_pieces(color);
        }
        s
    }

    /// The other armies' pieces (A1): material and centre, mobility against what the piece
    /// reaches from the centre, the colour-bound pairs; their attacks go into the maps.
    fn army_pieces(&mut self, color: Color) -> S {
        let pos = self.pos;
        let w = &self.tables().params.weights;
        let us = color as usize;
        let area = self.mobility_area[us];
        let mut s = S::ZERO;
        for role in pos.army_roles_on_board() {
            let typical = armies::centre_reach(role) as i32 / 2;
            let mut colours = 0u8;
            for sq in pos.pieces(color, role) {
                let a = armies::attacks(role, color, sq, self.occupied);
                s += self.psq(color, role, sq)
                    + self.add(color, &w.army_mobility, (a & area).count() as i32 - typical);
                self.note_attacks(us, role, a);
                colours |= if Bitboard::DARK_SQUARES.has(sq) { 1 } else { 2 };
            }
            if colours == 3 && armies::colour_bound(role) {
                s += self.add(color, &w.colour_pair, 1);
            }
        }
        s
    }

    /// Unions the per-role attack maps; call after [`Eval::pieces`] for both colours.
    fn finish_attacks(&mut self) {
        for c in 0..2 {
            self.attacked[c] = self.attacked_by[c].iter().fold(Bitboard::EMPTY, |acc, &b| acc | b);
        }
    }

    /// Pawn material and tables, pawn structure and passed pawns (structure set-wise).
    fn pawns(&mut self, color: Color) -> S {
        let w = &self.tables().params.weights;
        let us = color as usize;
        let ours = self.pawns[us];
        let theirs = self.pawns[us ^ 1];
        let mut s = S::ZERO;
        for sq in ours {
            s += self.psq(color, Role::Pawn, sq);
        }

        // Pawns with an own pawn in front on their file (the rear ones of doubled pawns).
        let rear = ours & fill_forward(!color, step_back(color, ours));
        // Whole files holding an own pawn: pawns with none on the files beside are isolated.
        let files = fill_forward(color, fill_forward(!color, ours));
        let isolated = ours & !sideways(files);
        let connected = ours & (self.pawn_attacks[us] | sideways(ours));
        // Squares level with or in front of an own pawn on an adjacent file: pawns outside it
        // have been left behind by their neighbours.
        let support = fill_forward(color, sideways(ours));
        let backward = ours & !isolated & !support & step_back(color, self.pawn_attacks[us ^ 1]);
        // Squares an enemy pawn stands in front of, or could attack, on the way to promotion.
        let stoppers = fill_forward(!color, theirs | self.pawn_attacks[us ^ 1]);
        let passed = ours & !rear & !stoppers;

        if rear.nonempty() {
            s += self.add(color, &w.doubled_pawn, rear.count() as i32);
        }
        if isolated.nonempty() {
            s += self.add(color, &w.isolated_pawn, isolated.count() as i32);
        }
        if backward.nonempty() {
            s += self.add(color, &w.backward_pawn, backward.count() as i32);
        }
        for sq in connected {
            s += self.add(color, &w.connected_pawn[color.relative_rank(sq.rank()) as usize], 1);
        }
        for sq in passed {
            s += self.passed(color, sq, color.relative_rank(sq.rank()) as usize);
        }
        s
    }

    /// The passed-pawn terms for the pawn of `color` on `sq` (relative rank `rank`).
    fn passed(&mut self, color: Color, sq: Square, rank: usize) -> S {
        let w = &self.tables().params.weights;
        let us = color as usize;
        let stop = sq.offset(color.forward());
        let mut s = self.add(color, &w.passed_pawn[rank], 1);
        let theirs = distance(self.king_sq[us ^ 1], stop).min(5);
        let ours = distance(self.king_sq[us], stop).min(5);
        s += self.add(color, &w.passed_their_king_distance[rank], theirs);
        s += self.add(color, &w.passed_our_king_distance[rank], -ours);
        let path = FRONT[us][sq.index()];
        if self.occupied.has(stop) {
            s += self.add(color, &w.passed_blocked[rank], 1);
        } else if (path & (self.occupied | self.attacked[us ^ 1])).is_empty() {
            s += self.add(color, &w.passed_free_path[rank], 1);
            let pos = self.pos;
            let them = !color;
            let enemy_pieces = pos.color_bb(them) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
            if enemy_pieces.is_empty() {
                let promotion = Square::from_file_rank(sq.file(), color.relative_rank(7));
                let pawn_moves = (7 - rank as i32).min(5);
                let king_moves = distance(self.king_sq[us ^ 1], promotion) - (pos.turn() == them) as i32;
                if king_moves > pawn_moves {
                    s += self.add(color, &w.unstoppable_passer, 1);
                }
            }
        }
        s
    }

    /// Shelter and storm on the three files around `color`'s king; while it may still castle,
    /// the best (by middlegame value) of where it stands and where castling would put it.
    fn shelter(&mut self, color: Color) -> S {
        let us = color as usize;
        let king = self.king_sq[us];
        let ahead = RANKS_AHEAD[us][king.rank() as usize];
        let ours = self.pawns[us] & ahead;
        let theirs = self.pawns[us ^ 1] & ahead;
        let ranks = |f: usize| (nearest_rank(color, ours & FILES[f]), nearest_rank(color, theirs & FILES[f]));
        let table = &self.tables().shelter_storm;
        let file_value = |f: usize| {
            let (own, storm) = ranks(f);
            table[own][storm]
        };

        let rights = self.pos.castling_rights();
        let king_side = rights.has(&CASTLINGS[2 * us]);
        let queen_side = rights.has(&CASTLINGS[2 * us + 1]);
        let (value, files) = if !king_side && !queen_side {
            let center = king.file().clamp(1, 6) as usize;
            (file_value(center - 1) + file_value(center) + file_value(center + 1), center - 1)
        } else {
            // A castling right means the king is still on e1/e8: its files are d-f, castling
            // short would shelter it behind f-h, castling long behind b-d (from the same rank).
            debug_assert!(king == CASTLINGS[2 * us].king_from);
            let (d, f) = (file_value(3), file_value(5));
            let mut best = (d + file_value(4) + f, 3);
            if king_side {
                let short = f + file_value(6) + file_value(7);
                if short.mg() >= best.0.mg() {
                    best = (short, 5);
                }
            }
            if queen_side {
                let long = file_value(1) + file_value(2) + d;
                if long.mg() >= best.0.mg() {
                    best = (long, 1);
                }
            }
            best
        };
        if T::ON {
            let tables = self.tables();
            for f in files..files + 3 {
                let (own, storm) = ranks(f);
                let (shelter, storm_weight) = shelter_storm_weights(&tables.params.weights, own, storm);
                self.add(color, shelter, 1);
                if let Some(storm_weight) = storm_weight {
                    self.add(color, storm_weight, 1);
                }
            }
        }
        value
    }

    /// King safety of `color`'s king: shelter (the best of here and the castling destinations
    /// still allowed) and the danger from enemy attacks.
    fn king(&mut self, color: Color) -> S {
        let pos = self.pos;
        let danger = &self.tables().params.danger;
        let us = color as usize;
        let them = us ^ 1;
        let king = self.king_sq[us];

        let mut s = self.shelter(color);

        let attackers = self.king_attackers[them];
        if attackers == 0 {
            return s;
        }
        let by = &self.attacked_by[them];
        // Zone squares the enemy attacks and nothing but the king defends.
        let own = &self.attacked_by[us];
        let defended = own
            .iter()
            .enumerate()
            .filter(|&(role, _)| role != Role::King as usize)
            .fold(Bitboard::EMPTY, |acc, (_, &b)| acc | b);
        let weak = self.king_zone[us] & self.attacked[them] & !defended;
        let mut units = self.king_attack_units[them] + danger.weak_square * sparse_count(weak);

        let safe = !self.attacked[us] & !pos.color_bb(!color);
        let diagonal = bishop_attacks(king, self.occupied) & safe;
        let straight = rook_attacks(king, self.occupied) & safe;
        let checks = [
            (Role::Knight, knight_attacks(king) & safe),
            (Role::Bishop, diagonal),
            (Role::Rook, straight),
            (Role::Queen, diagonal | straight),
        ];
        for (role, squares) in checks {
            units += danger.safe_check[role as usize] * sparse_count(squares & by[role as usize]);
        }
        if R::ARMIES {
            for role in pos.army_roles_on_board() {
                let checks = armies::attackers(role, !color, king, self.occupied) & safe;
                units += danger.army_safe_check * sparse_count(checks & by[role as usize]);
            }
        }

        units = units * danger.attackers_scale[attackers.min(4) as usize] / 16;
        if R::ROYAL_PAWN {
            units = units * danger.royal_pawn_scale / 16;
        }
        if pos.pieces(!color, Role::Queen).is_empty() {
            units -= danger.no_queen_units;
        }
        if units > 0 {
            let w = &self.tables().params.weights;
            s += self.add(color, &w.king_danger[(units as usize).min(KING_DANGER_MAX_UNITS)], 1);
        }
        s
    }

    /// Threats by `color` against the enemy's pawns and pieces.
    fn threats(&mut self, color: Color) -> S {
        let pos = self.pos;
        let w = &self.tables().params.weights;
        let us = color as usize;
        let them = !color;
        let by = self.attacked_by[us];
        let undefended = !self.attacked[us ^ 1];
        let enemy_pawns = self.pawns[us ^ 1];
        let enemy_pieces = pos.color_bb(them) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
        let mut s = self.add(
            color,
            &w.threat_by_king,
            sparse_count(by[Role::King as usize] & (enemy_pieces | enemy_pawns) & undefended),
        );
        s += self.add(color, &w.hanging_pawn, sparse_count(enemy_pawns & self.attacked[us] & undefended));
        if enemy_pieces.is_empty() {
            return s;
        }
        // Knights and bishops no enemy pawn defends.
        let loose_minors =
            (pos.pieces(them, Role::Knight) | pos.pieces(them, Role::Bishop)) & !self.pawn_attacks[us ^ 1];
        let fide_minors = by[Role::Knight as usize] | by[Role::Bishop as usize];
        s += self.add(color, &w.threat_minor_on_minor, sparse_count(fide_minors & loose_minors));
        s += self.add(color, &w.threat_rook_on_minor, sparse_count(by[Role::Rook as usize] & loose_minors));
        // Pawn pushes to squares where the pawn is safe, and the pieces they would attack.
        let empty = !self.occupied;
        let one = pawn_push(color, self.pawns[us]) & empty;
        let two = pawn_push(color, one & Bitboard::rank(color.relative_rank(2))) & empty;
        let safe = !self.pawn_attacks[us ^ 1] & (self.attacked[us] | undefended);
        let pushes = (one | two) & safe;
        s +=
            self.add(color, &w.pawn_push_threat, sparse_count(pawn_attacks_bb(color, pushes) & enemy_pieces));
        let queens = pos.pieces(them, Role::Queen);
        let mut majors = pos.pieces(them, Role::Rook) | queens;
        let mut minors = by[Role::Knight as usize] | by[Role::Bishop as usize] | by[Role::Commoner as usize];
        if R::ARMIES {
            for role in pos.army_roles_on_board() {
                if is_minor(role) {
                    minors |= by[role as usize];
                }
                if is_major(role) {
                    majors |= pos.pieces(them, role);
                }
            }
        }
        let by_pawn = sparse_count(self.pawn_attacks[us] & enemy_pieces);
        let by_minor = sparse_count(minors & majors);
        let by_rook = sparse_count(by[Role::Rook as usize] & queens);
        let hanging = sparse_count(enemy_pieces & self.attacked[us] & undefended);
        s + self.add(color, &w.threat_by_pawn, by_pawn)
            + self.add(color, &w.threat_by_minor, by_minor)
            + self.add(color, &w.threat_by_rook, by_rook)
            + self.add(color, &w.hanging, hanging)
    }

    /// Where `color`'s pieces stand: rooks on the 7th and on the enemy queen's file, knights
    /// and bishops behind pawns and near their king, bishops against their own pawns and on
    /// the long diagonals, space behind the pawns, the king near its pawns.
    fn placement(&mut self, color: Color) -> S {
        let pos = self.pos;
        let w = &self.tables().params.weights;
        let us = color as usize;
        let them = !color;
        let king = self.king_sq[us];
        let own_pawns = self.pawns[us];
        let mut s = S::ZERO;

        let rooks = pos.pieces(color, Role::Rook);
        if rooks.nonempty() {
            let seventh = Bitboard::rank(color.relative_rank(6));
            let eighth = Bitboard::rank(color.relative_rank(7));
            if (self.pawns[us ^ 1] & seventh).nonempty() || eighth.has(self.king_sq[us ^ 1]) {
                s += self.add(color, &w.rook_on_seventh, sparse_count(rooks & seventh));
            }
            let queen_files = fill_forward(color, fill_forward(them, pos.pieces(them, Role::Queen)));
            s += self.add(color, &w.rook_on_queen_file, sparse_count(rooks & queen_files));
        }

        let knights = pos.pieces(color, Role::Knight);
        let bishops = pos.pieces(color, Role::Bishop);
        let minors = knights | bishops;
        if minors.nonempty() {
            s += self.add(color, &w.minor_behind_pawn, sparse_count(minors & step_back(color, own_pawns)));
            let mut distances = 0;
            for sq in minors {
                distances += distance(sq, king);
            }
            s += self.add(color, &w.minor_king_distance, distances);
        }
        let all_pawns = self.pawns[0] | self.pawns[1];
        for sq in bishops {
            let colour =
                if Bitboard::DARK_SQUARES.has(sq) { Bitboard::DARK_SQUARES } else { !Bitboard::DARK_SQUARES };
            s += self.add(color, &w.bishop_pawns, sparse_count(own_pawns & colour));
            if (bishop_attacks(sq, all_pawns) & CENTRE).more_than_one() {
                s += self.add(color, &w.bishop_long_diagonal, 1);
            }
        }

        let behind = step_back(color, own_pawns);
        let behind = behind | step_back(color, behind) | step_back(color, step_back(color, behind));
        let safe = SPACE_ZONE[us] & !own_pawns & !self.pawn_attacks[us ^ 1];
        let space = safe.count() + (safe & behind).count();
        s += self.add(color, &w.space, space as i32);

        if own_pawns.nonempty() {
            // Rings out from the king until one holds a pawn (at most 7 steps).
            let within = &WITHIN[king.index()];
            let mut nearest = 1;
            while nearest < 7 && (own_pawns & within[nearest]).is_empty() {
                nearest += 1;
            }
            s += self.add(color, &w.king_pawn_distance, nearest as i32);
        }
        s
    }
}

#[cfg(test)]
mod tests;
