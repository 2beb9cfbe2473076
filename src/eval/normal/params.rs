//! The weights of the chess-family evaluation (`normal`, `fightingkings`, `thronekings`,
//! `cwda`), declared as data: what each weight means is documented here, its values live in
//! one generated file per variant (src/eval/params/<variant>.rs), which `jester tune` rewrites.
//!
//! The linear weights ([`Weights`]) are [`S`] pairs: a middlegame and an endgame value, blended
//! by the game phase, each added a whole number of times; the tuner fits them. The king-danger
//! units ([`Danger`]) are counts that pick an entry of a table of weights, so they stay as set.
//! The model's fixed shape (phase weights, endgame scale factors, board geometry) are constants
//! below, not weights.
//!
//! Tables indexed by rank use the rank as seen from the side that owns the piece (index 0 is its
//! back rank). Piece-square tables are written as a White player sees the board, rank 8 on the
//! top line and the a-file on the left: a White piece on square index `i` (a1 = 0) reads entry
//! `i ^ 56`, a Black piece reads entry `i` (the same square seen from its own side).
//!
//! The hand-set starting values follow simple chess principles (listed with each group); none is
//! copied from a published table.

pub use crate::eval::params::S;
use crate::eval::params::{param_struct, same, ParamValue};
use crate::variants::chess::Role;

param_struct! {
    /// The linear weights of one variant's chess-family evaluation.
    pub struct Weights {
        /// Material by role, in [`Role`] order: pawn, knight, bishop, rook, queen, king, the
        /// Fighting King (a commoner), then the other armies' pieces (Chess with Different
        /// Armies, A1). Knights lose a little and rooks gain in the endgame, where the board
        /// opens up; pawns gain as promotion comes closer.
        ///
        /// The armies' values started from the published Fairy-Max values (H.G. Muller), scaled
        /// to these FIDE pieces, with a little endgame gain for the long-range pieces and a
        /// little loss for the short-range ones; the colour-bound Clobberers (Bede, FAD) are set
        /// below their raw value and get `colour_pair` back while they cover both colours. Then
        /// checked by self-play (engine-tests/scripts/cwda-gauntlet.sh, 32 games per pairing at
        /// 20,000 nodes a move): the armies' material moved so that their start positions score
        /// as the games did, the Clobberers -175 in all, the Nutty Knights +70, the Rookies -30
        /// (protocol-docs/variants.md).
        pub material: [S; Role::COUNT],
        /// Bonus for the side to move (it can improve its position first).
        pub tempo: S,
        /// Piece-square tables (see the module docs for the layout) of the pawn, knight,
        /// bishop, rook, queen, king and Fighting King. Pawns: advancing the centre pawns is
        /// good in the middlegame, the f/g/h pawns stay home to shelter a castled king, unmoved
        /// d/e pawns block the bishops; in the endgame pawns are worth more the closer they are
        /// to promotion, rook pawns a little less. Knights: by their reach on an empty board
        /// (knights on the rim are dim), in the middlegame also forward in the enemy half and
        /// not on the back rank. Bishops: by diagonal reach, and not on the back rank in the
        /// middlegame. Rooks: central files and the 7th rank in the middlegame, the advanced
        /// ranks in the endgame. Queens: mild centralisation, no early raid. King: safety first
        /// in the middlegame (castled squares best, every step up worse), the centre in the
        /// endgame. The Fighting King likes the centre.
        pub psq: [[S; 64]; 7],
        /// Mobility, indexed by the number of squares a piece attacks that are not occupied by
        /// its own pawns or king and not attacked by enemy pawns. Concave: the first few squares
        /// matter most (a piece with no moves is nearly lost), later ones less; endgame values
        /// are wider (activity decides endgames). Sliders see through their own queen (and
        /// rooks through their own rooks). Knights 0..=8 squares.
        pub mobility_knight: [S; 9],
        /// Bishop mobility (0..=13 squares).
        pub mobility_bishop: [S; 14],
        /// Rook mobility (0..=14 squares): modest in the middlegame, large in the endgame.
        pub mobility_rook: [S; 15],
        /// Queen mobility (0..=27 squares): small per square, the queen is mobile anyway.
        pub mobility_queen: [S; 28],
        /// A pawn with another pawn of its own colour in front of it on the same file (counted
        /// once per extra pawn: the rear one pays). Worse in the endgame.
        pub doubled_pawn: S,
        /// A pawn with no pawn of its own colour on an adjacent file: no pawn can defend it.
        pub isolated_pawn: S,
        /// A pawn that its neighbours have left behind (none level with or behind it on the
        /// adjacent files) and whose advance square is attacked by an enemy pawn.
        pub backward_pawn: S,
        /// A pawn defended by a pawn or standing beside one (a phalanx), by relative rank.
        pub connected_pawn: [S; 8],
        /// A passed pawn (no enemy pawn in front of it on its own or an adjacent file), by
        /// relative rank: grows with the rank, much more in the endgame.
        pub passed_pawn: [S; 8],
        /// Per square of distance (capped at 5) between the enemy king and the passed pawn's
        /// advance square, by relative rank: a far-away defender cannot catch the pawn.
        pub passed_their_king_distance: [S; 8],
        /// Subtracted per square of distance (capped at 5) between the own king and the passed
        /// pawn's advance square, by relative rank: the king escorts its pawn.
        pub passed_our_king_distance: [S; 8],
        /// A passed pawn whose advance square is occupied (by any piece), by relative rank.
        pub passed_blocked: [S; 8],
        /// A passed pawn whose whole path to promotion is empty and not attacked by the enemy.
        pub passed_free_path: [S; 8],
        /// A passed pawn with a free path that the enemy king cannot catch (rule of the square)
        /// when the enemy has only king and pawns.
        pub unstoppable_passer: S,
        /// Two bishops on squares of both colours.
        pub bishop_pair: S,
        /// A rook on a file with no pawns at all.
        pub rook_open_file: S,
        /// A rook on a file with enemy pawns only.
        pub rook_semi_open_file: S,
        /// A knight on the 4th to 6th relative rank, defended by a pawn, on a square no enemy
        /// pawn can ever attack.
        pub knight_outpost: S,
        /// The same outpost held by a bishop.
        pub bishop_outpost: S,
        /// Per enemy piece (not pawn or king) attacked by one of our pawns.
        pub threat_by_pawn: S,
        /// Per enemy major piece ([`is_major`]) attacked by one of our minor pieces
        /// ([`is_minor`]).
        pub threat_by_minor: S,
        /// Per enemy queen attacked by one of our rooks.
        pub threat_by_rook: S,
        /// Per enemy piece (not pawn or king) that we attack and that nothing defends.
        pub hanging: S,
        /// Pawn shelter, per file of the three files around the king: by the relative rank of
        /// the nearest own pawn in front of the king on that file; index 0 means no such pawn
        /// (a half-open file towards the king). Pawns on the 2nd and 3rd ranks shelter best.
        pub shelter: [S; 8],
        /// Pawn storm, per file of the three files around the king: by the relative rank (from
        /// the defender's side) of the nearest enemy pawn in front of the king; index 0 means no
        /// enemy pawn there. A pawn about to hit the shelter is the most dangerous.
        pub storm: [S; 8],
        /// The same as `storm` when the storming pawn is blocked by our shelter pawn.
        pub storm_blocked: [S; 8],
        /// Fighting Kings and Throne Kings (K1-K6): commoner mobility by the squares it can step
        /// to (0-8).
        pub mobility_commoner: [S; 9],
        /// The Royal Pawn cannot retreat or run like a king: every step forward exposes it for
        /// good. By relative rank.
        pub royal_pawn_advance: [S; 8],
        /// A pair of colour-bound pieces of one kind (Bede, FAD) on both colours.
        pub colour_pair: S,
        /// The other armies' pieces like the centre, per step of [`ARMY_CENTRE`]: short-range
        /// pieces more than long-range ones.
        pub army_centre_short: S,
        /// See `army_centre_short`: the long-range pieces ([`is_long_range`]).
        pub army_centre_long: S,
        /// Mobility of the other armies' pieces, per square reached above (or below) half of
        /// what the piece reaches from d4 on an empty board.
        pub army_mobility: S,
        /// Per enemy pawn or piece (not the king) that our king attacks and nothing defends.
        pub threat_by_king: S,
        /// Per enemy pawn that we attack and nothing defends.
        pub hanging_pawn: S,
        /// Per enemy knight or bishop that one of our knights or bishops attacks, where no
        /// enemy pawn defends it.
        pub threat_minor_on_minor: S,
        /// Per enemy knight or bishop that one of our rooks attacks, where no enemy pawn
        /// defends it.
        pub threat_rook_on_minor: S,
        /// Per enemy piece (not a pawn or the king) that one of our pawns would attack after a
        /// safe push (to an empty square no enemy pawn attacks, and that we defend or the enemy
        /// does not attack; two squares from the start rank too).
        pub pawn_push_threat: S,
        /// A rook on the 7th relative rank while the enemy king is on the 8th or enemy pawns
        /// are on the 7th.
        pub rook_on_seventh: S,
        /// A rook on a file with an enemy queen on it.
        pub rook_on_queen_file: S,
        /// A knight or bishop with an own pawn directly in front of it (the pawn shields it and
        /// it defends the pawn's advance).
        pub minor_behind_pawn: S,
        /// Per bishop, per own pawn on squares of that bishop's colour (they block it and leave
        /// the other colour weak).
        pub bishop_pawns: S,
        /// A bishop on a long diagonal that sees both of that diagonal's centre squares over
        /// any pieces but pawns.
        pub bishop_long_diagonal: S,
        /// Space: squares on the c to f files and the 2nd to 4th relative ranks that no enemy
        /// pawn attacks and no own pawn stands on; those behind an own pawn count twice.
        pub space: S,
        /// The distance (in king steps) from the king to its nearest own pawn, where it has one.
        pub king_pawn_distance: S,
        /// Per knight or bishop, its distance (in king steps) from its own king.
        pub minor_king_distance: S,
        /// The king-danger penalty by the [`Danger`] units counted against the king (index 0
        /// unused, more than [`KING_DANGER_MAX_UNITS`] units read the last entry). A table, so
        /// that the tuner fits its curve: it started as a square of the units in the middle
        /// game up to a cap (one attacker is a nuisance, several together are deadly) and
        /// linear in the endgame.
        pub king_danger: [S; KING_DANGER_MAX_UNITS + 1],
    }
}

param_struct! {
    /// King danger: counted in "units" and turned into a penalty by [`Weights::king_danger`], a
    /// table by the number of units. The king zone is the king's square, the squares around it
    /// and the squares one rank further towards the enemy. The units are counts, not scores:
    /// they pick an entry of the table, so they stay as set and the tuner fits the table.
    pub struct Danger {
        /// Units per enemy piece whose attacks reach the king zone, by role.
        pub attacker_weight: [i32; Role::COUNT],
        /// Units per king-zone square attacked, counted per attacking piece.
        pub zone_hit: i32,
        /// Units per king-zone square that the enemy attacks and that only the king defends.
        pub weak_square: i32,
        /// Units per square from which an enemy piece of this role could give check without
        /// being captured. The other armies' pieces: `army_safe_check`.
        pub safe_check: [i32; Role::COUNT],
        /// Units per square from which an enemy piece of the other armies could check safely.
        pub army_safe_check: i32,
        /// Attack units are scaled by the number of attacking pieces (index, capped at 4), out of
        /// 16: a lone attacker rarely mates.
        pub attackers_scale: [i32; 5],
        /// Units removed when the attacker has no queen left.
        pub no_queen_units: i32,
        /// King danger against a Royal Pawn is weighed this much heavier (out of 16): it has few
        /// or no escape squares.
        pub royal_pawn_scale: i32,
    }
}

param_struct! {
    /// Everything one variant's chess-family evaluation weighs.
    pub struct NormalParams {
        pub weights: Weights,
        pub danger: Danger,
    }
}

/// The number of linear weights ([`S`] pairs) in [`Weights`].
pub const WEIGHT_COUNT: usize = <Weights as ParamValue>::SLOTS / 2;

// `Weights` holds nothing but `S` pairs, in declaration order: weight number `i` is the `i`-th
// `S` of its memory, which is how a traced evaluation numbers the weights it uses.
const _: () = assert!(std::mem::size_of::<Weights>() == WEIGHT_COUNT * std::mem::size_of::<S>());

// ---------------------------------------------------------------------------------------------
// The model's fixed shape (not weights)
// ---------------------------------------------------------------------------------------------

/// Game-phase weight by role: the phase is the weighted count of non-pawn pieces left, capped at
/// [`PHASE_MAX`] (the start position's total). `PHASE_MAX` is pure middlegame, 0 pure endgame.
/// Every army's array weighs 12 per side, as the FIDE one does: corner piece 2, the b- and
/// c-file pieces 1 each, the d-file piece 4.
pub const PHASE_WEIGHT: [i32; Role::COUNT] = [0, 1, 1, 2, 4, 0, 1, 2, 1, 1, 4, 2, 1, 1, 4, 2, 1, 1, 4];
pub const PHASE_MAX: i32 = 24;

/// The largest king danger counted, in units (more are cut to this): the last entry of
/// [`Weights::king_danger`].
pub const KING_DANGER_MAX_UNITS: usize = 63;

// Endgame scaling: the endgame part of the score is multiplied by a scale out of
// [`SCALE_NORMAL`] for endings that are harder to win than the material says. Material here
// counts in simple units (N = B = 3, R = 5, Q = 9).

pub const SCALE_NORMAL: i32 = 64;

/// The stronger side has no pawns and at most a minor piece of material in all: it cannot mate.
pub const SCALE_CANNOT_WIN: i32 = 0;

/// The stronger side has no pawns and is at most a minor piece up (e.g. rook against bishop).
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 16;

/// Each side has one bishop only, on squares of opposite colours, and no other piece.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 32;

/// Simple material units by role, for the scaling rules.
pub const SIMPLE_MATERIAL: [i32; Role::COUNT] = [1, 3, 3, 5, 9, 0, 3, 5, 3, 4, 8, 5, 3, 4, 9, 4, 3, 4, 9];

/// A table that rewards being near the centre: `step` per king step closer, 0 on the second
/// ring from the edge.
pub const fn centralised(step: i32) -> [i32; 64] {
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

/// Steps towards the centre for the other armies' pieces, weighed by `army_centre_short` or
/// `army_centre_long`.
pub const ARMY_CENTRE: [i32; 64] = centralised(1);

/// The other armies' pieces that slide across the board (Bede, Cardinal, Charging Rook,
/// Colonel, Chancellor): they care less where they stand.
pub const fn is_long_range(role: Role) -> bool {
    matches!(role, Role::Bede | Role::Cardinal | Role::ChargingRook | Role::Colonel | Role::Chancellor)
}

/// The pieces that count as minor pieces for the threat terms: worth about a knight. A fixed
/// role set, so that tuning material cannot change which terms fire.
pub const fn is_minor(role: Role) -> bool {
    matches!(
        role,
        Role::Knight
            | Role::Bishop
            | Role::Commoner
            | Role::Waffle
            | Role::Fibnif
            | Role::ShortRook
            | Role::WoodyRook
    )
}

/// The pieces that count as major pieces (a rook or more) for the threat terms; a fixed set.
pub const fn is_major(role: Role) -> bool {
    matches!(
        role,
        Role::Rook
            | Role::Queen
            | Role::Bede
            | Role::Cardinal
            | Role::ChargingRook
            | Role::Colonel
            | Role::HalfDuck
            | Role::Chancellor
    )
}

// ---------------------------------------------------------------------------------------------
// A parameter set made ready for the evaluation
// ---------------------------------------------------------------------------------------------

/// A parameter set and the tables derived from it once, so that the evaluation reads each term
/// with one load. The variants' sets become tables at compile time ([`tables_for`]); the tuner
/// builds them at run time from weights it is trying.
#[derive(Clone, Debug)]
pub struct Tables {
    pub params: NormalParams,
    /// Material plus piece-square value by role and square as seen from White (a1 = 0).
    pub psq: [[S; 64]; Role::COUNT],
    /// Shelter plus storm for one file, by the relative rank of the nearest own pawn and of the
    /// nearest enemy pawn in front of the king (8: none).
    pub shelter_storm: [[S; 9]; 9],
}

impl Tables {
    pub const fn new(params: &NormalParams) -> Tables {
        let w = &params.weights;
        let mut psq = [[S::ZERO; 64]; Role::COUNT];
        let mut role = 0;
        while role < Role::COUNT {
            let mut sq = 0;
            while sq < 64 {
                psq[role][sq] = if role < w.psq.len() {
                    // The tables are written rank 8 first: White's square `sq` is entry `sq ^ 56`.
                    w.material[role].plus(w.psq[role][sq ^ 56])
                } else {
                    let centre =
                        if is_long_range(Role::ALL[role]) { w.army_centre_long } else { w.army_centre_short };
                    w.material[role].plus(centre.times(ARMY_CENTRE[sq]))
                };
                sq += 1;
            }
            role += 1;
        }
        let mut shelter_storm = [[S::ZERO; 9]; 9];
        let mut own = 0;
        while own < 9 {
            let mut storm = 0;
            while storm < 9 {
                let (shelter, storm_weight) = shelter_storm_weights(w, own, storm);
                shelter_storm[own][storm] = match storm_weight {
                    Some(s) => shelter.plus(*s),
                    None => *shelter,
                };
                storm += 1;
            }
            own += 1;
        }
        Tables { params: *params, psq, shelter_storm }
    }
}

/// The shelter weight and the storm weight (none without a storming pawn) that make up
/// `shelter_storm[own][storm]`.
pub const fn shelter_storm_weights(w: &Weights, own: usize, storm: usize) -> (&S, Option<&S>) {
    let shelter = &w.shelter[if own == 8 { 0 } else { own }];
    let storm_weight = if storm == 8 {
        None
    } else if own != 8 && storm == own + 1 {
        Some(&w.storm_blocked[storm])
    } else {
        Some(&w.storm[storm])
    };
    (shelter, storm_weight)
}

const NORMAL: Tables = Tables::new(&crate::eval::params::normal::PARAMS);
const FIGHTING_KINGS: Tables = Tables::new(&crate::eval::params::fightingkings::PARAMS);
const THRONE_KINGS: Tables = Tables::new(&crate::eval::params::thronekings::PARAMS);
const CWDA: Tables = Tables::new(&crate::eval::params::cwda::PARAMS);

/// The tables of the chess-family variant named `name` (its `Rules::NAME`), built at compile
/// time; a variant of the family without a set does not compile.
pub const fn tables_for(name: &str) -> &'static Tables {
    if same(name, "normal") {
        &NORMAL
    } else if same(name, "fightingkings") {
        &FIGHTING_KINGS
    } else if same(name, "thronekings") {
        &THRONE_KINGS
    } else if same(name, "cwda") {
        &CWDA
    } else {
        panic!("a chess-family variant without a parameter set in src/eval/params/")
    }
}

/// The text of the params file of `variant` (src/eval/params/<variant>.rs) holding `params`.
pub fn params_file(variant: &str, params: &NormalParams) -> String {
    crate::eval::params::params_file(
        variant,
        "NormalParams",
        "crate::eval::normal::params::{Danger, NormalParams, Weights, S}",
        "src/eval/normal/params.rs",
        params,
    )
}
