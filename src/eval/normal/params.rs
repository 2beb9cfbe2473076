//! Every weight of the `normal` evaluation, in one place so that it can be tuned.
//!
//! Most weights are [`S`] pairs: a middlegame and an endgame value, blended by the game phase.
//! Tables indexed by rank use the rank as seen from the side that owns the piece (index 0 is
//! its back rank). Piece-square tables are written as a White player sees the board, rank 8 on
//! the top line and the a-file on the left: a White piece on square index `i` (a1 = 0) reads
//! entry `i ^ 56`, a Black piece reads entry `i` (the same square seen from its own side).
//!
//! All values are hand-set from simple chess principles (listed with each group); none is copied
//! from a published table. They are a starting point for tuning.

use crate::variants::chess::Role;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    pub const ZERO: S = S(0, 0);

    #[inline]
    pub const fn mg(self) -> i32 {
        self.0
    }

    #[inline]
    pub const fn eg(self) -> i32 {
        self.1
    }

    /// `self + other`, usable in `const` items.
    #[inline]
    pub const fn plus(self, other: S) -> S {
        S(self.0 + other.0, self.1 + other.1)
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

// ---------------------------------------------------------------------------------------------
// Material and game phase
// ---------------------------------------------------------------------------------------------

/// Material by role (pawn, knight, bishop, rook, queen, king). Knights lose a little and rooks
/// gain in the endgame, where the board opens up; pawns gain as promotion comes closer.
pub const MATERIAL: [S; Role::COUNT] = [
    S(95, 125),
    S(320, 305),
    S(330, 330),
    S(480, 540),
    S(960, 1010),
    S(0, 0),
    COMMONER_VALUE,
    // The other armies (A1): see "Chess with Different Armies" below.
    BEDE_VALUE,
    WAFFLE_VALUE,
    FAD_VALUE,
    CARDINAL_VALUE,
    CHARGING_ROOK_VALUE,
    FIBNIF_VALUE,
    CHARGING_KNIGHT_VALUE,
    COLONEL_VALUE,
    SHORT_ROOK_VALUE,
    WOODY_ROOK_VALUE,
    HALF_DUCK_VALUE,
    CHANCELLOR_VALUE,
];

/// Game-phase weight by role: the phase is the weighted count of non-pawn pieces left, capped at
/// [`PHASE_MAX`] (the start position's total). `PHASE_MAX` is pure middlegame, 0 pure endgame.
/// Every army's array weighs 12 per side, as the FIDE one does: corner piece 2, the b- and
/// c-file pieces 1 each, the d-file piece 4.
pub const PHASE_WEIGHT: [i32; Role::COUNT] = [0, 1, 1, 2, 4, 0, 1, 2, 1, 1, 4, 2, 1, 1, 4, 2, 1, 1, 4];
pub const PHASE_MAX: i32 = 24;

/// Bonus for the side to move (it can improve its position first).
pub const TEMPO: S = S(18, 8);

// ---------------------------------------------------------------------------------------------
// Piece-square tables (see the module docs for the layout)
// ---------------------------------------------------------------------------------------------

/// Pawns, middlegame: advancing the centre pawns is good, the f/g/h pawns stay home to shelter
/// a castled king, unmoved d/e pawns block the bishops.
#[rustfmt::skip]
pub const PAWN_MG: [i32; 64] = [
       0,    0,    0,    0,    0,    0,    0,    0,
      40,   45,   50,   55,   55,   50,   45,   40,
      15,   20,   25,   35,   35,   25,   20,   15,
       0,    5,   10,   25,   25,   10,    5,    0,
      -5,    0,    5,   20,   20,    5,    0,   -5,
      -5,    0,    5,    8,    8,    0,    0,   -5,
      -5,    0,    0,   -8,   -8,    5,    5,   -5,
       0,    0,    0,    0,    0,    0,    0,    0,
];

/// Pawns, endgame: worth more the closer they are to promotion; rook pawns a little less (they
/// promote on a corner square, the hardest to win with).
#[rustfmt::skip]
pub const PAWN_EG: [i32; 64] = [
       0,    0,    0,    0,    0,    0,    0,    0,
      36,   40,   40,   40,   40,   40,   40,   36,
      21,   25,   25,   25,   25,   25,   25,   21,
       8,   12,   12,   12,   12,   12,   12,    8,
       0,    4,    4,    4,    4,    4,    4,    0,
      -4,    0,    0,    0,    0,    0,    0,   -4,
      -4,    0,    0,    0,    0,    0,    0,   -4,
       0,    0,    0,    0,    0,    0,    0,    0,
];

/// Knights, middlegame: 5 per square the knight reaches on an empty board (knights on the rim
/// are dim), plus a bonus for standing forward in the enemy half and a penalty for the back rank.
#[rustfmt::skip]
pub const KNIGHT_MG: [i32; 64] = [
     -26,  -21,  -16,  -16,  -16,  -16,  -21,  -26,
      -7,   -2,    8,    8,    8,    8,   -2,   -7,
       4,   14,   24,   24,   24,   24,   14,    4,
       2,   12,   22,   22,   22,   22,   12,    2,
      -2,    8,   18,   18,   18,   18,    8,   -2,
      -6,    4,   14,   14,   14,   14,    4,   -6,
     -13,   -8,    2,    2,    2,    2,   -8,  -13,
     -24,  -19,  -14,  -14,  -14,  -14,  -19,  -24,
];

/// Knights, endgame: reach on an empty board only.
#[rustfmt::skip]
pub const KNIGHT_EG: [i32; 64] = [
     -20,  -15,  -10,  -10,  -10,  -10,  -15,  -20,
     -15,  -10,    0,    0,    0,    0,  -10,  -15,
     -10,    0,   10,   10,   10,   10,    0,  -10,
     -10,    0,   10,   10,   10,   10,    0,  -10,
     -10,    0,   10,   10,   10,   10,    0,  -10,
     -10,    0,   10,   10,   10,   10,    0,  -10,
     -15,  -10,    0,    0,    0,    0,  -10,  -15,
     -20,  -15,  -10,  -10,  -10,  -10,  -15,  -20,
];

/// Bishops, middlegame: 3 per diagonal square reached on an empty board beyond 9 (centre best,
/// edges worst), and a small penalty for staying on the back rank (undeveloped).
#[rustfmt::skip]
pub const BISHOP_MG: [i32; 64] = [
      -6,   -6,   -6,   -6,   -6,   -6,   -6,   -6,
      -6,    0,    0,    0,    0,    0,    0,   -6,
      -6,    0,    6,    6,    6,    6,    0,   -6,
      -6,    0,    6,   12,   12,    6,    0,   -6,
      -6,    0,    6,   12,   12,    6,    0,   -6,
      -6,    0,    6,    6,    6,    6,    0,   -6,
      -6,    0,    0,    0,    0,    0,    0,   -6,
     -10,  -10,  -10,  -10,  -10,  -10,  -10,  -10,
];

/// Bishops, endgame: diagonal reach only.
#[rustfmt::skip]
pub const BISHOP_EG: [i32; 64] = [
      -6,   -6,   -6,   -6,   -6,   -6,   -6,   -6,
      -6,    0,    0,    0,    0,    0,    0,   -6,
      -6,    0,    6,    6,    6,    6,    0,   -6,
      -6,    0,    6,   12,   12,    6,    0,   -6,
      -6,    0,    6,   12,   12,    6,    0,   -6,
      -6,    0,    6,    6,    6,    6,    0,   -6,
      -6,    0,    0,    0,    0,    0,    0,   -6,
      -6,   -6,   -6,   -6,   -6,   -6,   -6,   -6,
];

/// Rooks, middlegame: central files (where files open first) over the edge files, a big bonus
/// on the 7th rank (the enemy pawns and king), a little for the 8th.
#[rustfmt::skip]
pub const ROOK_MG: [i32; 64] = [
       1,    3,    7,   11,   11,    7,    3,    1,
      11,   13,   17,   21,   21,   17,   13,   11,
      -4,   -2,    2,    6,    6,    2,   -2,   -4,
      -6,   -4,    0,    4,    4,    0,   -4,   -6,
      -6,   -4,    0,    4,    4,    0,   -4,   -6,
      -6,   -4,    0,    4,    4,    0,   -4,   -6,
      -6,   -4,    0,    4,    4,    0,   -4,   -6,
      -4,   -2,    2,    6,    6,    2,   -2,   -4,
];

/// Rooks, endgame: activity on the advanced ranks (7th above all), nearly flat elsewhere.
#[rustfmt::skip]
pub const ROOK_EG: [i32; 64] = [
       6,    6,    7,    7,    7,    7,    6,    6,
      10,   10,   11,   11,   11,   11,   10,   10,
       4,    4,    5,    5,    5,    5,    4,    4,
       2,    2,    3,    3,    3,    3,    2,    2,
       0,    0,    1,    1,    1,    1,    0,    0,
       0,    0,    1,    1,    1,    1,    0,    0,
       0,    0,    1,    1,    1,    1,    0,    0,
       0,    0,    1,    1,    1,    1,    0,    0,
];

/// Queens, middlegame: mild centralisation; an early raid deep into the enemy camp is
/// discouraged (the queen gets chased by minor pieces).
#[rustfmt::skip]
pub const QUEEN_MG: [i32; 64] = [
     -10,   -8,   -6,   -4,   -4,   -6,   -8,  -10,
      -8,   -6,   -4,   -2,   -2,   -4,   -6,   -8,
      -6,   -4,   -2,    0,    0,   -2,   -4,   -6,
       0,    2,    4,    6,    6,    4,    2,    0,
       0,    2,    4,    6,    6,    4,    2,    0,
      -2,    0,    2,    4,    4,    2,    0,   -2,
      -4,   -2,    0,    2,    2,    0,   -2,   -4,
      -6,   -4,   -2,    0,    0,   -2,   -4,   -6,
];

/// Queens, endgame: 5 per step towards the centre (file and rank), corners worst.
#[rustfmt::skip]
pub const QUEEN_EG: [i32; 64] = [
     -15,  -10,   -5,    0,    0,   -5,  -10,  -15,
     -10,   -5,    0,    5,    5,    0,   -5,  -10,
      -5,    0,    5,   10,   10,    5,    0,   -5,
       0,    5,   10,   15,   15,   10,    5,    0,
       0,    5,   10,   15,   15,   10,    5,    0,
      -5,    0,    5,   10,   10,    5,    0,   -5,
     -10,   -5,    0,    5,    5,    0,   -5,  -10,
     -15,  -10,   -5,    0,    0,   -5,  -10,  -15,
];

/// King, middlegame: safety first. The castled squares (g1, b1, h1) are best, the centre of
/// the back rank acceptable, stepping aside without castling (d1, f1) poor, and every step up the
/// board worse, more so in the centre.
#[rustfmt::skip]
pub const KING_MG: [i32; 64] = [
     -70,  -75,  -80,  -85,  -85,  -80,  -75,  -70,
     -60,  -65,  -70,  -75,  -75,  -70,  -65,  -60,
     -50,  -55,  -60,  -65,  -65,  -60,  -55,  -50,
     -40,  -45,  -50,  -55,  -55,  -50,  -45,  -40,
     -30,  -35,  -40,  -45,  -45,  -40,  -35,  -30,
     -15,  -20,  -25,  -30,  -30,  -25,  -20,  -15,
       0,    0,  -10,  -20,  -20,  -10,    0,    0,
      15,   25,   10,  -10,    0,  -10,   30,   20,
];

/// King, endgame: an active, central king (8 per step towards the centre on file and rank).
#[rustfmt::skip]
pub const KING_EG: [i32; 64] = [
     -24,  -16,   -8,    0,    0,   -8,  -16,  -24,
     -16,   -8,    0,    8,    8,    0,   -8,  -16,
      -8,    0,    8,   16,   16,    8,    0,   -8,
       0,    8,   16,   24,   24,   16,    8,    0,
       0,    8,   16,   24,   24,   16,    8,    0,
      -8,    0,    8,   16,   16,    8,    0,   -8,
     -16,   -8,    0,    8,    8,    0,   -8,  -16,
     -24,  -16,   -8,    0,    0,   -8,  -16,  -24,
];

// ---------------------------------------------------------------------------------------------
// Mobility
// ---------------------------------------------------------------------------------------------
//
// Indexed by the number of squares a piece attacks that are not occupied by its own pawns or
// king and not attacked by enemy pawns. Concave: the first few squares matter most (a piece
// with no moves is nearly lost), later ones less. Endgame values are wider (activity decides
// endgames). Sliders see through their own queen (and rooks through their own rooks).

/// Knight mobility (0..=8 squares).
pub const MOBILITY_KNIGHT: [S; 9] =
    [S(-24, -40), S(-15, -26), S(-7, -14), S(0, -5), S(5, 3), S(9, 10), S(13, 15), S(16, 19), S(18, 22)];

/// Bishop mobility (0..=13 squares).
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-22, -38),
    S(-14, -25),
    S(-6, -13),
    S(0, -4),
    S(6, 4),
    S(11, 11),
    S(15, 17),
    S(19, 22),
    S(22, 26),
    S(25, 30),
    S(27, 33),
    S(29, 35),
    S(30, 37),
    S(31, 38),
];

/// Rook mobility (0..=14 squares): modest in the middlegame, large in the endgame.
pub const MOBILITY_ROOK: [S; 15] = [
    S(-22, -45),
    S(-15, -30),
    S(-9, -17),
    S(-4, -7),
    S(0, 1),
    S(3, 8),
    S(6, 15),
    S(9, 21),
    S(11, 26),
    S(13, 30),
    S(15, 34),
    S(17, 37),
    S(18, 40),
    S(19, 42),
    S(20, 44),
];

/// Queen mobility (0..=27 squares): small per square, the queen is mobile anyway.
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-10, -30),
    S(-8, -22),
    S(-6, -15),
    S(-4, -9),
    S(-3, -4),
    S(-2, 0),
    S(-1, 4),
    S(0, 8),
    S(1, 11),
    S(2, 14),
    S(3, 17),
    S(4, 20),
    S(5, 22),
    S(6, 24),
    S(7, 26),
    S(8, 28),
    S(9, 30),
    S(10, 31),
    S(11, 32),
    S(12, 33),
    S(13, 34),
    S(13, 35),
    S(14, 36),
    S(14, 37),
    S(15, 38),
    S(15, 38),
    S(16, 39),
    S(16, 39),
];

// ---------------------------------------------------------------------------------------------
// Pawn structure
// ---------------------------------------------------------------------------------------------

/// A pawn with another pawn of its own colour in front of it on the same file (counted once per
/// extra pawn: the rear one pays). Worse in the endgame, where the pawn majority counts.
pub const DOUBLED_PAWN: S = S(-10, -22);

/// A pawn with no pawn of its own colour on an adjacent file: no pawn can ever defend it.
pub const ISOLATED_PAWN: S = S(-10, -14);

/// A pawn that its neighbours have left behind (none level with or behind it on the adjacent
/// files) and whose advance square is attacked by an enemy pawn: a fixed weakness.
pub const BACKWARD_PAWN: S = S(-8, -10);

/// A pawn defended by a pawn or standing beside one (a phalanx), by relative rank: chains and
/// duos control squares and are hard to attack; worth more the further they are.
pub const CONNECTED_PAWN: [S; 8] =
    [S(0, 0), S(3, 0), S(5, 3), S(9, 6), S(16, 14), S(28, 28), S(45, 50), S(0, 0)];

// ---------------------------------------------------------------------------------------------
// Passed pawns
// ---------------------------------------------------------------------------------------------

/// A passed pawn (no enemy pawn in front of it on its own or an adjacent file), by relative rank:
/// grows with the rank, much more in the endgame, where fewer pieces can stop it.
pub const PASSED_PAWN: [S; 8] =
    [S(0, 0), S(2, 8), S(4, 12), S(10, 25), S(25, 50), S(50, 90), S(90, 150), S(0, 0)];

/// Endgame bonus per square of distance (capped at 5) between the enemy king and the passed
/// pawn's advance square, by relative rank: a far-away defender cannot catch the pawn.
pub const PASSED_THEIR_KING_DISTANCE: [i32; 8] = [0, 0, 0, 3, 7, 12, 16, 0];

/// Endgame penalty per square of distance (capped at 5) between the own king and the passed
/// pawn's advance square, by relative rank: the king escorts its pawn.
pub const PASSED_OUR_KING_DISTANCE: [i32; 8] = [0, 0, 0, 1, 3, 5, 7, 0];

/// A passed pawn whose advance square is occupied (by any piece), by relative rank.
pub const PASSED_BLOCKED: [S; 8] =
    [S(0, 0), S(0, 0), S(0, 0), S(-3, -6), S(-6, -15), S(-10, -25), S(-15, -40), S(0, 0)];

/// A passed pawn whose whole path to promotion is empty and not attacked by the enemy, by
/// relative rank.
pub const PASSED_FREE_PATH: [S; 8] =
    [S(0, 0), S(0, 0), S(0, 0), S(2, 5), S(5, 15), S(10, 30), S(20, 50), S(0, 0)];

/// A passed pawn with a free path that the enemy king cannot catch (rule of the square) when the
/// enemy has only king and pawns: it will promote unless the enemy queens first.
pub const UNSTOPPABLE_PASSER: S = S(0, 250);

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

/// Two bishops on squares of both colours: together they cover every square, and they grow
/// stronger as the board opens.
pub const BISHOP_PAIR: S = S(30, 55);

/// A rook on a file with no pawns at all.
pub const ROOK_OPEN_FILE: S = S(35, 12);

/// A rook on a file with enemy pawns only (a target to press against).
pub const ROOK_SEMI_OPEN_FILE: S = S(16, 6);

/// A knight on the 4th to 6th relative rank, defended by a pawn, on a square no enemy pawn can
/// ever attack: it cannot be driven away.
pub const KNIGHT_OUTPOST: S = S(22, 12);

/// The same outpost held by a bishop (less valuable: a bishop acts from afar anyway).
pub const BISHOP_OUTPOST: S = S(12, 5);

// ---------------------------------------------------------------------------------------------
// Threats
// ---------------------------------------------------------------------------------------------

/// Per enemy piece (not pawn or king) attacked by one of our pawns.
pub const THREAT_BY_PAWN: S = S(45, 30);

/// Per enemy rook or queen attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR: S = S(25, 25);

/// Per enemy queen attacked by one of our rooks.
pub const THREAT_BY_ROOK: S = S(30, 15);

/// Per enemy piece (not pawn or king) that we attack and that no enemy piece or pawn defends.
pub const HANGING: S = S(20, 12);

// ---------------------------------------------------------------------------------------------
// King safety
// ---------------------------------------------------------------------------------------------
//
// Danger to a king is counted in "units" and turned into a penalty by [`king_danger`], which
// grows with the square of the units: one attacker is a nuisance, several together are deadly.
// The king zone is the king's square, the squares around it and the squares one rank further
// towards the enemy.

/// Units per enemy piece whose attacks reach the king zone, by role (the queen weighs most).
pub const KING_ATTACKER_WEIGHT: [i32; Role::COUNT] =
    [0, 2, 2, 3, 5, 0, 2, 3, 2, 2, 5, 3, 2, 2, 5, 3, 2, 2, 5];

/// Units per king-zone square attacked, counted per attacking piece.
pub const KING_ZONE_HIT: i32 = 1;

/// Units per king-zone square that the enemy attacks and that only the king defends.
pub const KING_WEAK_SQUARE: i32 = 2;

/// Units per square from which an enemy piece of this role could give check without being
/// captured (the square is not attacked by the defender).
/// The other armies' pieces: [`ARMY_SAFE_CHECK`].
pub const KING_SAFE_CHECK: [i32; Role::COUNT] = [0, 4, 3, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Attack units are scaled by the number of attacking pieces (index, capped at 4), out of 16: a
/// lone attacker rarely mates.
pub const KING_ATTACKERS_SCALE: [i32; 5] = [0, 8, 14, 16, 16];

/// Units removed when the attacker has no queen left.
pub const KING_NO_QUEEN_UNITS: i32 = 8;

/// The largest danger counted, in units (more are cut to this).
pub const KING_DANGER_MAX_UNITS: usize = 63;

/// Middlegame penalty per unit squared, in sixteenths.
pub const KING_DANGER_QUADRATIC: i32 = 12;

/// Cap of the middlegame penalty.
pub const KING_DANGER_CAP: i32 = 600;

/// Endgame penalty per unit.
pub const KING_DANGER_LINEAR: i32 = 2;

/// The king-danger penalty for `units` units (a negative score for the defender).
pub const fn king_danger(units: i32) -> S {
    let mg = units * units * KING_DANGER_QUADRATIC / 16;
    let mg = if mg > KING_DANGER_CAP { KING_DANGER_CAP } else { mg };
    S(-mg, -units * KING_DANGER_LINEAR)
}

/// Pawn shelter (middlegame only), per file of the three files around the king: by the relative
/// rank (0-based, so 1 is the 2nd rank) of the nearest own pawn in front of the king on that file;
/// index 0 means no such pawn (a half-open file towards the king). Pawns on the 2nd and 3rd
/// ranks shelter best; pushed far they no longer do.
pub const SHELTER: [i32; 8] = [-30, 22, 12, 2, -4, -6, -6, 0];

/// Pawn storm (middlegame only), per file of the three files around the king: by the relative
/// rank (from the defender's side) of the nearest enemy pawn in front of the king; index 0 means
/// no enemy pawn there. A pawn about to hit the shelter is the most dangerous.
pub const STORM: [i32; 8] = [0, -10, -30, -20, -10, -4, 0, 0];

/// The same as [`STORM`] when the storming pawn is blocked by our shelter pawn right in front of it.
pub const STORM_BLOCKED: [i32; 8] = [0, 0, -6, -4, -2, 0, 0, 0];

// ---------------------------------------------------------------------------------------------
// Endgame scaling
// ---------------------------------------------------------------------------------------------
//
// The endgame part of the score is multiplied by a scale out of [`SCALE_NORMAL`] for endings that
// are harder to win than the material says. Material here counts in simple units (N = B = 3,
// R = 5, Q = 9).

pub const SCALE_NORMAL: i32 = 64;

/// The stronger side has no pawns and at most a minor piece of material in all: it cannot mate.
pub const SCALE_CANNOT_WIN: i32 = 0;

/// The stronger side has no pawns and is at most a minor piece up (e.g. rook against bishop).
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 16;

/// Each side has one bishop only, on squares of opposite colours, and no other piece.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 32;

/// Simple material units by role, for the scaling rules.
pub const SIMPLE_MATERIAL: [i32; Role::COUNT] = [1, 3, 3, 5, 9, 0, 3, 5, 3, 4, 8, 5, 3, 4, 9, 4, 3, 4, 9];

// ---------------------------------------------------------------------------------------------
// Fighting Kings and Throne Kings (K1-K6)
// ---------------------------------------------------------------------------------------------

/// The Fighting King (a non-royal king-mover, XBoard's commoner): about a knight, a little more
/// in the endgame where its reach in every direction counts. A first estimate, to be checked by
/// self-play.
pub const COMMONER_VALUE: S = S(320, 370);

/// Commoner mobility by the number of squares it can step to (0-8).
pub const MOBILITY_COMMONER: [S; 9] =
    [S(-20, -30), S(-12, -18), S(-6, -9), S(-2, -3), S(1, 2), S(4, 6), S(6, 9), S(8, 12), S(10, 14)];

/// A table that rewards being near the centre: `step` per king step closer, 0 on the second
/// ring from the edge.
const fn centralised(step: i32) -> [i32; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let df = if 2 * f > 7 { 2 * f - 7 } else { 7 - 2 * f };
        let dr = if 2 * r > 7 { 2 * r - 7 } else { 7 - 2 * r };
        let ring = (if df > dr { df } else { dr } - 1) / 2; // 0 = centre, 3 = edge
        t[sq] = step * (2 - ring);
        sq += 1;
    }
    t
}

/// The Fighting King likes the centre, in the middlegame to fight, in the endgame to reach.
pub const COMMONER_MG: [i32; 64] = centralised(6);
pub const COMMONER_EG: [i32; 64] = centralised(10);

/// The Royal Pawn cannot retreat or run like a king: every step forward exposes it for good.
/// By relative rank (rank 1 = 0).
pub const ROYAL_PAWN_ADVANCE: [S; 8] =
    [S(0, 0), S(-8, 0), S(-30, -5), S(-60, -10), S(-90, -15), S(-110, -20), S(-130, -30), S(-150, -60)];

/// King danger against a Royal Pawn is weighed this much heavier (out of 16): it has few or no
/// escape squares, so attacks on it turn into mates sooner.
pub const ROYAL_PAWN_DANGER_SCALE: i32 = 20;

// ---------------------------------------------------------------------------------------------
// Chess with Different Armies (A1)
// ---------------------------------------------------------------------------------------------
//
// Starting values were the published Fairy-Max values for the CwDA armies (H.G. Muller), scaled
// to this evaluation's FIDE pieces (its Rook is about 500, as Fairy-Max's), with a little
// endgame gain for the long-range pieces and a little loss for the short-range ones. The
// colour-bound Clobberers (Bede, FAD) are set below their raw value and get [`COLOUR_PAIR`] back
// while they cover both colours, as the Bishops get [`BISHOP_PAIR`].
//
// Then checked by self-play (engine-tests/scripts/cwda-gauntlet.sh, 32 games per pairing at
// 20,000 nodes a move): with the starting values the Clobberers scored 47% against the other
// armies though the evaluation gave them 1.2 pawns at the start, the Nutty Knights 57% though
// it gave them less than the FIDEs, and the Rookies 41%. Read as Elo against the FIDEs
// (Clobberers -51, Nutty Knights +18, Rookies -99) at about a centipawn each, the armies'
// material moved so that the start positions score that way: the Clobberers -175 in all, the
// Nutty Knights +70 (their short-range pieces), the Rookies -30 (protocol-docs/variants.md).

pub const BEDE_VALUE: S = S(465, 495);
pub const WAFFLE_VALUE: S = S(305, 305);
pub const FAD_VALUE: S = S(415, 425);
pub const CARDINAL_VALUE: S = S(835, 865);
pub const CHARGING_ROOK_VALUE: S = S(485, 525);
pub const FIBNIF_VALUE: S = S(310, 305);
pub const CHARGING_KNIGHT_VALUE: S = S(405, 405);
pub const COLONEL_VALUE: S = S(910, 950);
pub const SHORT_ROOK_VALUE: S = S(385, 415);
pub const WOODY_ROOK_VALUE: S = S(300, 315);
pub const HALF_DUCK_VALUE: S = S(460, 465);
pub const CHANCELLOR_VALUE: S = S(920, 970);

/// A pair of colour-bound pieces of one kind (Bede, FAD) on both colours: neither colour of
/// squares is out of reach.
pub const COLOUR_PAIR: S = S(25, 45);

/// The other armies' pieces like the centre; short-range pieces more than long-range ones.
pub const ARMY_CENTRE_SHORT: S = S(6, 8);
pub const ARMY_CENTRE_LONG: S = S(3, 4);

/// Mobility of the other armies' pieces, per square reached above (or below) half of what the
/// piece reaches from d4 on an empty board.
pub const ARMY_MOBILITY: S = S(4, 5);

/// Units per square from which an enemy piece of the other armies could check safely.
pub const ARMY_SAFE_CHECK: i32 = 4;

/// Centralisation table for the other armies: `centralised(1)` scaled per piece.
pub const ARMY_CENTRE: [i32; 64] = centralised(1);
