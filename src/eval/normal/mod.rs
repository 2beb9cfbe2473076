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
//! - threats: pieces attacked by pawns, majors attacked by minors, queens by rooks, hanging pieces;
//! - king safety: attackers on the king zone weighted by type, weak zone squares, safe checks,
//!   pawn shelter and pawn storm in front of the (possibly castled-to) king;
//! - tempo for the side to move;
//! - endgame scaling for pawnless edges and opposite-coloured bishops.
//!
//! The evaluation is colour-symmetric: a position and its colour-flipped mirror (ranks flipped,
//! colours and the side to move swapped) evaluate the same. It allocates nothing.

pub mod params;

use self::params::*;
use crate::variants::chess::armies;
use crate::variants::chess::attacks::pawn_attacks as pawn_attack_squares;
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::variants::chess::position::CASTLINGS;
use crate::variants::chess::{Bitboard, Color, Position, Role, Rules, Square};

// ---------------------------------------------------------------------------------------------
// Board geometry (fixed facts, not weights)
// ---------------------------------------------------------------------------------------------

const fn file_bb(file: usize) -> Bitboard {
    Bitboard(Bitboard::FILE_A.0 << file)
}

const FILES: [Bitboard; 8] = {
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

/// Material plus piece-square value by role and square as seen from White (a1 = 0).
static PSQ: [[S; 64]; Role::COUNT] = {
    let tables: [(&[i32; 64], &[i32; 64]); 7] = [
        (&PAWN_MG, &PAWN_EG),
        (&KNIGHT_MG, &KNIGHT_EG),
        (&BISHOP_MG, &BISHOP_EG),
        (&ROOK_MG, &ROOK_EG),
        (&QUEEN_MG, &QUEEN_EG),
        (&KING_MG, &KING_EG),
        (&COMMONER_MG, &COMMONER_EG),
    ];
    let mut t = [[S::ZERO; 64]; Role::COUNT];
    let mut role = 0;
    while role < Role::COUNT {
        let mut sq = 0;
        while sq < 64 {
            t[role][sq] = if role < 7 {
                // The tables are written rank 8 first: White's square `sq` is entry `sq ^ 56`.
                MATERIAL[role].plus(S(tables[role].0[sq ^ 56], tables[role].1[sq ^ 56]))
            } else {
                let centre = if is_long_range(role) { ARMY_CENTRE_LONG } else { ARMY_CENTRE_SHORT };
                MATERIAL[role].plus(S(centre.mg() * ARMY_CENTRE[sq], centre.eg() * ARMY_CENTRE[sq]))
            };
            sq += 1;
        }
        role += 1;
    }
    t
};

/// The other armies' pieces that slide across the board (Bede, Cardinal, Charging Rook,
/// Colonel, Chancellor): they care less where they stand.
const fn is_long_range(role: usize) -> bool {
    role == Role::Bede as usize
        || role == Role::Cardinal as usize
        || role == Role::ChargingRook as usize
        || role == Role::Colonel as usize
        || role == Role::Chancellor as usize
}

/// Whether a piece counts as a minor piece for the threat terms (worth less than a Rook).
fn is_minor(role: Role) -> bool {
    MATERIAL[role as usize].mg() < 400 && !matches!(role, Role::Pawn | Role::King)
}

/// Whether a piece counts as a major piece (a Rook or more).
fn is_major(role: Role) -> bool {
    MATERIAL[role as usize].mg() >= 460 && role != Role::King
}

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

/// Shelter plus storm for one file, by the relative rank of the nearest own pawn and of the
/// nearest enemy pawn in front of the king (8: none), from [`SHELTER`], [`STORM`], [`STORM_BLOCKED`].
const SHELTER_STORM: [[i32; 9]; 9] = {
    let mut t = [[0; 9]; 9];
    let mut own = 0;
    while own < 9 {
        let mut storm = 0;
        while storm < 9 {
            let shelter = SHELTER[if own == 8 { 0 } else { own }];
            let storm_value = if storm == 8 {
                0
            } else if own != 8 && storm == own + 1 {
                STORM_BLOCKED[storm]
            } else {
                STORM[storm]
            };
            t[own][storm] = shelter + storm_value;
            storm += 1;
        }
        own += 1;
    }
    t
};

#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The squares attacked by all pawns in `pawns` of `color`.
#[inline]
fn pawn_attacks_bb(color: Color, pawns: Bitboard) -> Bitboard {
    let west = pawns.0 & !Bitboard::FILE_A.0;
    let east = pawns.0 & !Bitboard::FILE_H.0;
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// `bb` and every square in front of it, as seen by `color`.
#[inline]
fn fill_forward(color: Color, bb: Bitboard) -> Bitboard {
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
fn step_back(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.shift_down(),
        Color::Black => bb.shift_up(),
    }
}

/// The squares one file to the left or right of a square of `bb`.
#[inline]
fn sideways(bb: Bitboard) -> Bitboard {
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

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let mut e = Eval::new(pos);
    let mut score = e.pieces(Color::White) - e.pieces(Color::Black);
    e.finish_attacks();
    score += e.pawns(Color::White) - e.pawns(Color::Black);
    score += e.king(Color::White) - e.king(Color::Black);
    score += e.threats(Color::White) - e.threats(Color::Black);

    let phase = e.phase.min(PHASE_MAX);
    let eg = score.eg() * endgame_scale(pos, score.eg()) / SCALE_NORMAL;
    let white_view = taper(S(score.mg(), eg), phase);
    let stm_view = if pos.turn() == Color::White { white_view } else { -white_view };
    stm_view + taper(TEMPO, phase)
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
struct Eval<'a, R: Rules> {
    pos: &'a Position<R>,
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

impl<'a, R: Rules> Eval<'a, R> {
    #[inline]
    fn new(pos: &'a Position<R>) -> Self {
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

    /// Records the attacks of one piece: attack maps and the pressure on the enemy king.
    #[inline]
    fn note_attacks(&mut self, us: usize, role: Role, attacks: Bitboard) {
        self.attacked_by[us][role as usize] |= attacks;
        self.phase += PHASE_WEIGHT[role as usize];
        let hits = attacks & self.king_zone[us ^ 1];
        if hits.nonempty() {
            self.king_attackers[us] += 1;
            self.king_attack_units[us] +=
                KING_ATTACKER_WEIGHT[role as usize] + KING_ZONE_HIT * hits.count() as i32;
        }
    }

    /// Material, piece-square tables, mobility, outposts, bishop pair, rook files; fills the
    /// attack maps and king-attack counters.
    fn pieces(&mut self, color: Color) -> S {
        let pos = self.pos;
        let us = color as usize;
        let area = self.mobility_area[us];
        let occ = self.occupied;
        let queens = pos.pieces(color, Role::Queen);
        let rooks = pos.pieces(color, Role::Rook);
        let bishops = pos.pieces(color, Role::Bishop);
        let mut s = PSQ[Role::King as usize][psq_index(color, self.king_sq[us])];
        // Squares on the 4th to 6th relative ranks, defended by a pawn, that no enemy pawn can
        // ever attack.
        let outposts = self.pawn_attacks[us] & !self.pawn_attack_span[us ^ 1] & OUTPOST_RANKS[us];

        for sq in pos.pieces(color, Role::Knight) {
            let a = knight_attacks(sq);
            s += PSQ[Role::Knight as usize][psq_index(color, sq)] + MOBILITY_KNIGHT[(a & area).count()];
            self.note_attacks(us, Role::Knight, a);
            if outposts.has(sq) {
                s += KNIGHT_OUTPOST;
            }
        }

        for sq in bishops {
            let a = bishop_attacks(sq, occ ^ queens);
            s += PSQ[Role::Bishop as usize][psq_index(color, sq)] + MOBILITY_BISHOP[(a & area).count()];
            self.note_attacks(us, Role::Bishop, a);
            if outposts.has(sq) {
                s += BISHOP_OUTPOST;
            }
        }
        if (bishops & Bitboard::DARK_SQUARES).nonempty() && (bishops & !Bitboard::DARK_SQUARES).nonempty() {
            s += BISHOP_PAIR;
        }

        let all_pawns = self.pawns[0] | self.pawns[1];
        for sq in rooks {
            let a = rook_attacks(sq, occ ^ queens ^ rooks);
            s += PSQ[Role::Rook as usize][psq_index(color, sq)] + MOBILITY_ROOK[(a & area).count()];
            self.note_attacks(us, Role::Rook, a);
            let file = FILES[sq.file() as usize];
            if (file & all_pawns).is_empty() {
                s += ROOK_OPEN_FILE;
            } else if (file & self.pawns[us]).is_empty() {
                s += ROOK_SEMI_OPEN_FILE;
            }
        }

        for sq in queens {
            let a = queen_attacks(sq, occ);
            s += PSQ[Role::Queen as usize][psq_index(color, sq)] + MOBILITY_QUEEN[(a & area).count()];
            self.note_attacks(us, Role::Queen, a);
        }

        if R::COMMONER {
            for sq in pos.pieces(color, Role::Commoner) {
                let a = king_attacks(sq);
                s += PSQ[Role::Commoner as usize][psq_index(color, sq)]
                    + MOBILITY_COMMONER[(a & area).count()];
                self.note_attacks(us, Role::Commoner, a);
            }
        }
        if R::ROYAL_PAWN {
            s += ROYAL_PAWN_ADVANCE[color.relative_rank(self.king_sq[us].rank()) as usize];
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
        let us = color as usize;
        let area = self.mobility_area[us];
        let mut s = S::ZERO;
        for role in pos.army_roles_on_board() {
            let typical = armies::centre_reach(role) as i32 / 2;
            let mut colours = 0u8;
            for sq in pos.pieces(color, role) {
                let a = armies::attacks(role, color, sq, self.occupied);
                s += PSQ[role as usize][psq_index(color, sq)]
                    + ARMY_MOBILITY * ((a & area).count() as i32 - typical);
                self.note_attacks(us, role, a);
                colours |= if Bitboard::DARK_SQUARES.has(sq) { 1 } else { 2 };
            }
            if colours == 3 && armies::colour_bound(role) {
                s += COLOUR_PAIR;
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
    fn pawns(&self, color: Color) -> S {
        let us = color as usize;
        let ours = self.pawns[us];
        let theirs = self.pawns[us ^ 1];
        let mut s = S::ZERO;
        for sq in ours {
            s += PSQ[Role::Pawn as usize][psq_index(color, sq)];
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
            s += DOUBLED_PAWN * rear.count() as i32;
        }
        if isolated.nonempty() {
            s += ISOLATED_PAWN * isolated.count() as i32;
        }
        if backward.nonempty() {
            s += BACKWARD_PAWN * backward.count() as i32;
        }
        for sq in connected {
            s += CONNECTED_PAWN[color.relative_rank(sq.rank()) as usize];
        }
        for sq in passed {
            s += self.passed(color, sq, color.relative_rank(sq.rank()) as usize);
        }
        s
    }

    /// The passed-pawn terms for the pawn of `color` on `sq` (relative rank `rank`).
    fn passed(&self, color: Color, sq: Square, rank: usize) -> S {
        let us = color as usize;
        let stop = sq.offset(color.forward());
        let mut s = PASSED_PAWN[rank];
        let theirs = distance(self.king_sq[us ^ 1], stop).min(5);
        let ours = distance(self.king_sq[us], stop).min(5);
        s.1 += theirs * PASSED_THEIR_KING_DISTANCE[rank] - ours * PASSED_OUR_KING_DISTANCE[rank];
        let path = FRONT[us][sq.index()];
        if self.occupied.has(stop) {
            s += PASSED_BLOCKED[rank];
        } else if (path & (self.occupied | self.attacked[us ^ 1])).is_empty() {
            s += PASSED_FREE_PATH[rank];
            let pos = self.pos;
            let them = !color;
            let enemy_pieces = pos.color_bb(them) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
            if enemy_pieces.is_empty() {
                let promotion = Square::from_file_rank(sq.file(), color.relative_rank(7));
                let pawn_moves = (7 - rank as i32).min(5);
                let king_moves = distance(self.king_sq[us ^ 1], promotion) - (pos.turn() == them) as i32;
                if king_moves > pawn_moves {
                    s += UNSTOPPABLE_PASSER;
                }
            }
        }
        s
    }

    /// Shelter and storm on the three files around `color`'s king (middlegame only); while it may
    /// still castle, the best of where it stands and where castling would put it.
    fn shelter(&self, color: Color) -> i32 {
        let us = color as usize;
        let king = self.king_sq[us];
        let ahead = RANKS_AHEAD[us][king.rank() as usize];
        let ours = self.pawns[us] & ahead;
        let theirs = self.pawns[us ^ 1] & ahead;
        let file_value = |f: usize| {
            SHELTER_STORM[nearest_rank(color, ours & FILES[f])][nearest_rank(color, theirs & FILES[f])]
        };

        let rights = self.pos.castling_rights();
        let king_side = rights.has(&CASTLINGS[2 * us]);
        let queen_side = rights.has(&CASTLINGS[2 * us + 1]);
        if !king_side && !queen_side {
            let center = king.file().clamp(1, 6) as usize;
            return file_value(center - 1) + file_value(center) + file_value(center + 1);
        }
        // A castling right means the king is still on e1/e8: its files are d-f, castling short
        // would shelter it behind f-h, castling long behind b-d (all from the same back rank).
        debug_assert!(king == CASTLINGS[2 * us].king_from);
        let (d, f) = (file_value(3), file_value(5));
        let mut best = d + file_value(4) + f;
        if king_side {
            best = best.max(f + file_value(6) + file_value(7));
        }
        if queen_side {
            best = best.max(file_value(1) + file_value(2) + d);
        }
        best
    }

    /// King safety of `color`'s king: shelter (the best of here and the castling destinations
    /// still allowed) and the danger from enemy attacks.
    fn king(&self, color: Color) -> S {
        let pos = self.pos;
        let us = color as usize;
        let them = us ^ 1;
        let king = self.king_sq[us];

        let mut s = S(self.shelter(color), 0);

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
        let mut units = self.king_attack_units[them] + KING_WEAK_SQUARE * sparse_count(weak);

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
            units += KING_SAFE_CHECK[role as usize] * sparse_count(squares & by[role as usize]);
        }
        if R::ARMIES {
            for role in pos.army_roles_on_board() {
                let checks = armies::attackers(role, !color, king, self.occupied) & safe;
                units += ARMY_SAFE_CHECK * sparse_count(checks & by[role as usize]);
            }
        }

        units = units * KING_ATTACKERS_SCALE[attackers.min(4) as usize] / 16;
        if R::ROYAL_PAWN {
            units = units * ROYAL_PAWN_DANGER_SCALE / 16;
        }
        if pos.pieces(!color, Role::Queen).is_empty() {
            units -= KING_NO_QUEEN_UNITS;
        }
        if units > 0 {
            s += king_danger(units.min(KING_DANGER_MAX_UNITS as i32));
        }
        s
    }

    /// Threats by `color` against the enemy's pieces.
    fn threats(&self, color: Color) -> S {
        let pos = self.pos;
        let us = color as usize;
        let them = !color;
        let enemy_pieces = pos.color_bb(them) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
        if enemy_pieces.is_empty() {
            return S::ZERO;
        }
        let by = &self.attacked_by[us];
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
        THREAT_BY_PAWN * sparse_count(self.pawn_attacks[us] & enemy_pieces)
            + THREAT_BY_MINOR * sparse_count(minors & majors)
            + THREAT_BY_ROOK * sparse_count(by[Role::Rook as usize] & queens)
            + HANGING * sparse_count(enemy_pieces & self.attacked[us] & !self.attacked[us ^ 1])
    }
}

#[cfg(test)]
mod tests;
