//! FireFighter Chess as the search sees it: evaluation and move-ordering facts.
//!
//! The terms the game adds to chess: squirt danger for pieces (and above all the King) on the
//! edge, where one push takes them off the board; fire (a burning piece neither moves nor
//! guards, and the enemy Firefighter may take it over by rescue); the Firefighter itself (an
//! undeclared side threatens squirts with every piece; a lost one threatens none); the unused
//! arson right; crowds of own and enemy pieces, which one capture clears. And what the game
//! keeps of chess: passed, isolated and doubled pawns, pieces that hang or that pawns attack, and
//! enemy pressure on the squares around the King.

use super::normal::pawn_attacks_bb;
use super::params::{
    flatten, names, param_struct, slot_of, unflatten, Coefficients, NoTrace, ParamValue, Tracer, S,
};
use super::pawns;
use super::tuning::{Linear, Tunable};
use crate::core::MoveList;
use crate::search::Searchable;
use crate::variants::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::variants::chess::{Bitboard, Color, Role, Square};
use crate::variants::firefighter::{pushed_to, FireFighter, Firefighting, Move, MoveKind};

param_struct! {
    /// The FireFighter evaluation's weights (centipawns unless a share); the values are in
    /// src/eval/params/firefighter.rs, which `jester tune` rewrites.
    pub struct FireFighterParams {
        /// Material, by role (P N B R Q K, the Fighting King, then the other armies' pieces in
        /// [`Role`] order: Clobberers, Nutty Knights, Rookies; the values of the `normal`
        /// evaluation). Also the capture ordering's values.
        pub value: [i32; Role::COUNT],
        /// Per attacked square, by role (mobility); short-range pieces count each square more.
        pub mobility: [i32; Role::COUNT],
        /// Centralisation per step towards the centre, by role.
        pub centre: [i32; Role::COUNT],
        /// Pawn advance per rank beyond the second.
        pub pawn_advance: i32,
        /// A burning piece keeps this share (percent) of its value: it may be extinguished. A
        /// share of a weight, not linear: the tuner leaves it as set.
        pub burning_keeps_percent: i32,
        /// A piece on the edge next to an enemy that may squirt it off loses this share (percent)
        /// of its value. Not linear: the tuner leaves it as set.
        pub edge_push_percent: i32,
        /// The King on the edge, per square from which an enemy squirt would push it off and
        /// which the enemy attacks or holds.
        pub king_push_danger: i32,
        /// The King on the edge at all, in the middle game (squirts make the back rank unsafe).
        pub king_on_edge: i32,
        /// The Firefighter undeclared (every piece threatens squirts).
        pub undeclared: i32,
        /// The Firefighter lost.
        pub lost: i32,
        /// The arson right unused: a resource (F6).
        pub arson_unused: i32,
        /// Subtracted for an own piece sharing its square with enemy pieces: one capture takes
        /// it too.
        pub crowded_with_enemy: i32,
        /// For the side to move.
        pub tempo: i32,
        /// A passed pawn (no enemy pawn that can act in front of it on its own or an adjacent
        /// file), by relative rank.
        pub passed_pawn: [i32; 8],
        /// A pawn with no own pawn on an adjacent file.
        pub isolated_pawn: i32,
        /// Per pawn behind another own pawn on its file.
        pub doubled_pawn: i32,
        /// Per own piece (not pawn or King, not burning) that the enemy attacks and nothing of
        /// ours guards.
        pub hanging: i32,
        /// Per own piece (not pawn or King, not burning) that an enemy pawn attacks.
        pub attacked_by_pawn: i32,
        /// Per square next to the King that the enemy attacks, in the middle game.
        pub king_zone_attacked: i32,
        /// Two bishops or more that can act.
        pub bishop_pair: i32,
        /// A rook that can act on a file without own pawns that can act.
        pub rook_semi_open_file: i32,
        /// Added to that when the file has no such pawn of either side.
        pub rook_open_file: i32,
        /// Per own pawn that can act on the King's file or a file beside it, one or two ranks in
        /// front of the King, in the middle game.
        pub king_shelter: i32,
    }
}

/// The compiled weights.
const PARAMS: FireFighterParams = crate::eval::params::firefighter::PARAMS;
/// Material by role, for the capture ordering.
const VALUE: [i32; Role::COUNT] = PARAMS.value;

fn centre_steps(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(3) + dr.min(3)
}

fn on_edge(sq: Square) -> bool {
    sq.file() == 0 || sq.file() == 7 || sq.rank() == 0 || sq.rank() == 7
}

/// The evaluation from White's point of view with weights `p`, reporting the weights it adds
/// (numbered as [`FireFighterParams`]' flat view) to `trace`. Inlined into its callers, so that
/// the search's copy reads the compiled weights as constants.
#[inline(always)]
fn white_view<T: Tracer>(pos: &FireFighter, p: &FireFighterParams, trace: &mut T) -> i32 {
    let index = |w: &i32| slot_of(p, w);
    let occ = pos.occupied();
    let mut score = 0;
    let helpers = [pos.squirters(Color::White), pos.squirters(Color::Black)];
    // Gathered in the pass over the pieces; the King terms that need them come after it.
    let mut non_pawn_material = 0;
    // Each side's attack map (`FireFighter::attack_map`): the acting pieces' capture patterns.
    let mut attacks = [Bitboard::EMPTY; 2];
    for placed in pos.pieces() {
        let piece = placed.piece;
        let color = piece.color();
        let sign = if color == Color::White { 1 } else { -1 };
        let role = piece.role() as usize;
        let sq = placed.square;
        let mut value = p.value[role];
        if piece.role() != Role::Pawn {
            non_pawn_material += p.value[role];
        }
        if piece.is_burning() {
            value = value * p.burning_keeps_percent / 100;
            if T::ON {
                // A share of a weight: not linear, kept as it is (untapered: the mg half).
                trace.constant(S(sign * value, 0));
            }
        } else {
            let steps = centre_steps(sq);
            value += p.centre[role] * steps;
            let reach = match piece.role() {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ),
                Role::Rook => rook_attacks(sq, occ),
                Role::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                Role::Pawn | Role::King | Role::Commoner => Bitboard::EMPTY,
                role => crate::variants::chess::armies::attacks(role, color, sq, occ),
            };
            attacks[color as usize] |= match piece.role() {
                Role::Pawn => pawn_attacks(color, sq),
                Role::King => king_attacks(sq),
                _ => reach,
            };
            let squares = reach.count() as i32;
            value += p.mobility[role] * squares;
            let mut advance = 0;
            if piece.role() == Role::Pawn {
                advance =
                    if color == Color::White { sq.rank() as i32 - 1 } else { 6 - sq.rank() as i32 }.max(0);
                value += p.pawn_advance * advance;
            }
            if T::ON {
                trace.add(index(&p.value[role]), sign);
                trace.add(index(&p.centre[role]), sign * steps);
                trace.add(index(&p.mobility[role]), sign * squares);
                trace.add(index(&p.pawn_advance), sign * advance);
            }
        }
        let them = !color as usize;
        if on_edge(sq) && piece.role() != Role::King {
            let sources = crate::variants::firefighter::push_off_sources(sq);
            if (sources & helpers[them]).nonempty() {
                let loss = p.value[role] * p.edge_push_percent / 100;
                value -= loss;
                if T::ON {
                    trace.constant(S(-sign * loss, 0));
                }
            }
        }
        if pos.occupied_by(!color).has(sq) {
            value -= p.crowded_with_enemy;
            trace.add(index(&p.crowded_with_enemy), -sign);
        }
        score += sign * value;
    }
    let middle_game = non_pawn_material > 2 * (p.value[4] + p.value[3]);
    score += pawn_structure(pos, p, trace);
    score += pieces_and_shelter(pos, p, middle_game, trace);
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let (us, them) = (color as usize, !color as usize);
        // Pieces that can act (burning ones neither move nor guard), pawns and King aside.
        let pieces = pos.active_any(color) & !pos.active(color, Role::Pawn) & !pos.active(color, Role::King);
        let hanging = (pieces & attacks[them] & !attacks[us]).count() as i32;
        let enemy_pawns = pawn_attacks_bb(!color, pos.active(!color, Role::Pawn));
        let by_pawn = (pieces & enemy_pawns).count() as i32;
        score -= sign * (p.hanging * hanging + p.attacked_by_pawn * by_pawn);
        trace.add(index(&p.hanging), -sign * hanging);
        trace.add(index(&p.attacked_by_pawn), -sign * by_pawn);
    }
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        // One King a side: unburnt when an acting King stands on its square.
        let Some(sq) = pos.king_square(color) else { continue };
        if !pos.active(color, Role::King).has(sq) {
            continue;
        }
        if middle_game {
            let zone = (king_attacks(sq) & attacks[!color as usize]).count() as i32;
            score -= sign * p.king_zone_attacked * zone;
            trace.add(index(&p.king_zone_attacked), -sign * zone);
        }
        if !on_edge(sq) {
            continue;
        }
        let them = !color as usize;
        let sources = crate::variants::firefighter::push_off_sources(sq);
        let danger = (sources & (attacks[them] | helpers[them])).count() as i32;
        score -= sign * p.king_push_danger * danger;
        trace.add(index(&p.king_push_danger), -sign * danger);
        if middle_game {
            score -= sign * p.king_on_edge;
            trace.add(index(&p.king_on_edge), -sign);
        }
    }
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        match pos.firefighting(color) {
            Firefighting::Anyone => {
                score += sign * p.undeclared;
                trace.add(index(&p.undeclared), sign);
            }
            _ if pos.firefighter_lost(color) => {
                score += sign * p.lost;
                trace.add(index(&p.lost), sign);
            }
            _ => {}
        }
        if pos.arson_available(color) {
            score += sign * p.arson_unused;
            trace.add(index(&p.arson_unused), sign);
        }
    }
    score
}

/// Passed, isolated and doubled pawns, from White's point of view. Only pawns that can act count:
/// a burning pawn neither moves nor captures, so it stops no passer and guards no neighbour.
#[inline(always)]
fn pawn_structure<T: Tracer>(pos: &FireFighter, p: &FireFighterParams, trace: &mut T) -> i32 {
    let index = |w: &i32| slot_of(p, w);
    let mut score = 0;
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let counts = pawns::count(color, pos.active(color, Role::Pawn), pos.active(!color, Role::Pawn));
        let weights = pawns::PawnWeights {
            isolated: &p.isolated_pawn,
            doubled: &p.doubled_pawn,
            passed: &p.passed_pawn,
        };
        score += pawns::weigh(&counts, sign, weights, index, trace);
    }
    score
}

/// The bishop pair, rooks on open and half-open files, and the pawns sheltering the King (middle
/// game only), from White's point of view; only pieces that can act count.
#[inline(always)]
fn pieces_and_shelter<T: Tracer>(
    pos: &FireFighter,
    p: &FireFighterParams,
    middle_game: bool,
    trace: &mut T,
) -> i32 {
    let index = |w: &i32| slot_of(p, w);
    let mut score = 0;
    let all_pawns = pos.active(Color::White, Role::Pawn) | pos.active(Color::Black, Role::Pawn);
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let own_pawns = pos.active(color, Role::Pawn);
        let pair = i32::from(pos.active(color, Role::Bishop).count() >= 2);
        score += sign * p.bishop_pair * pair;
        trace.add(index(&p.bishop_pair), sign * pair);
        let (semi_open, open) = pawns::rook_files(pos.active(color, Role::Rook), own_pawns, all_pawns);
        score += sign * (p.rook_semi_open_file * semi_open + p.rook_open_file * open);
        trace.add(index(&p.rook_semi_open_file), sign * semi_open);
        trace.add(index(&p.rook_open_file), sign * open);
        if !middle_game {
            continue;
        }
        let Some(king) = pos.king_square(color).filter(|&k| pos.active(color, Role::King).has(k)) else {
            continue;
        };
        let shelter = pawns::king_shelter(color, king, own_pawns);
        score += sign * p.king_shelter * shelter;
        trace.add(index(&p.king_shelter), sign * shelter);
    }
    score
}

/// The evaluation (side to move's view) with weights `p`.
#[inline(always)]
fn evaluate_with<T: Tracer>(pos: &FireFighter, p: &FireFighterParams, trace: &mut T) -> i32 {
    let white = white_view(pos, p, trace);
    p.tempo + if pos.side_to_move() == Color::White { white } else { -white }
}

impl Tunable for FireFighter {
    fn params_path() -> String {
        "src/eval/params/firefighter.rs".into()
    }

    fn weight_names() -> Vec<String> {
        names::<FireFighterParams>()
    }

    fn weights() -> Vec<i32> {
        flatten(&PARAMS)
    }

    fn linear(&self) -> Linear {
        let mut trace = Coefficients::new(<FireFighterParams as ParamValue>::SLOTS);
        white_view(self, &PARAMS, &mut trace);
        Linear::with_tempo(&trace, slot_of(&PARAMS, &PARAMS.tempo), self.side_to_move() == Color::White)
    }

    fn evaluate_with_weights(&self, weights: &[i32]) -> i32 {
        evaluate_with(self, &unflatten(&PARAMS, weights), &mut NoTrace)
    }

    fn params_file(weights: &[i32]) -> String {
        let params = unflatten(&PARAMS, weights);
        let imports = "crate::eval::firefighter::FireFighterParams";
        crate::eval::params::params_file(
            "firefighter",
            "FireFighterParams",
            imports,
            "src/eval/firefighter.rs",
            &params,
        )
    }
}

/// Piece values for ordering captures.
fn order_value(role: Role) -> i32 {
    match role {
        Role::King => 2000,
        r => VALUE[r as usize],
    }
}

/// Material the move takes from the opponent (net of own pieces lost in a crowd capture).
fn gain(pos: &FireFighter, m: Move) -> i32 {
    let us = pos.side_to_move();
    match m.kind {
        MoveKind::Ordinary => {
            let captured: i32 = if pos.occupied_by(!us).has(m.to) {
                pos.crowd(m.to)
                    .map(|p| if p.color() == us { -order_value(p.role()) } else { order_value(p.role()) })
                    .sum()
            } else {
                0
            };
            captured + m.promotion.map_or(0, |r| VALUE[r as usize] - VALUE[0])
        }
        MoveKind::EnPassant => VALUE[0],
        MoveKind::Squirt if !m.target.is_burning() && pushes_off(m) => {
            let value = order_value(m.target.role());
            if m.target.color() == us {
                -value
            } else {
                value
            }
        }
        MoveKind::Rescue if m.target.color() != us => 2 * VALUE[m.target.role() as usize],
        _ => 0,
    }
}

fn pushes_off(m: Move) -> bool {
    pushed_to(m.from, m.to).is_none()
}

impl Searchable for FireFighter {
    type OrderContext = ();

    fn order_context(&self) {}

    fn evaluate(&self) -> i32 {
        evaluate_with(self, &PARAMS, &mut NoTrace)
    }

    fn in_check(&self) -> bool {
        FireFighter::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        FireFighter::is_noisy(self, m)
    }

    fn quiescence_moves(&self, in_check: bool, out: &mut MoveList<Move>) -> bool {
        if in_check {
            self.generate_legal(out);
            !out.is_empty()
        } else {
            self.generate_noisy(out)
        }
    }

    fn noisy_order(&self, m: Move) -> i32 {
        gain(self, m) * 16 - order_value(m.actor.role()) / 8
    }

    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pieces = self
            .pieces()
            .iter()
            .any(|p| p.piece.color() == us && !matches!(p.piece.role(), Role::Pawn | Role::King));
        if !pieces || FireFighter::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let class = match m.kind {
            MoveKind::Ordinary | MoveKind::EnPassant | MoveKind::Castle => 0,
            MoveKind::Squirt => 1,
            MoveKind::Rescue => 2,
            MoveKind::Arson => 3,
        };
        let piece = m.actor.color() as usize * Role::COUNT + m.actor.role() as usize;
        (class * 2 * Role::COUNT + piece) * 64 + m.to.index()
    }

    fn pack_move(m: Move) -> u32 {
        m.packed()
    }

    fn draw_by_rule(&self) -> bool {
        // The 100th reversible ply draws unless it ended the game with a win (F11 checked first).
        self.halfmove_clock() >= 100
            && !matches!(crate::core::Game::outcome(self), Some(crate::core::Outcome::Win { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    /// One place for the compiled weights, so that a weight's address names its slot.
    static P: FireFighterParams = PARAMS;

    /// How many times each weight of `P` fires in `text` (White's view).
    fn fired(text: &str) -> impl Fn(&i32) -> i32 {
        let pos = FireFighter::from_text(text).unwrap();
        let mut trace = Coefficients::new(<FireFighterParams as ParamValue>::SLOTS);
        white_view(&pos, &P, &mut trace);
        crate::eval::params::counts_of(&P, trace)
    }

    #[test]
    fn pawn_structure_counts_passed_isolated_and_doubled_pawns() {
        let p = &P;
        // White pawns a2, c2, c3, e5, none beside another: four isolated, c2 behind c3, and with
        // no Black pawn every one passed.
        let count = fired("4k3/8/8/4P3/8/2P5/P1P5/4K3 w - - 0 1 -");
        assert_eq!(count(&p.isolated_pawn), 4);
        assert_eq!(count(&p.doubled_pawn), 1);
        assert_eq!([1, 2, 4].map(|r| count(&p.passed_pawn[r])), [2, 1, 1]);
        // A Black pawn on d7 can take or stop c2, c3 and e5 (and is stopped by c3 itself); a2
        // stays passed.
        let count = fired("4k3/3p4/8/4P3/8/2P5/P1P5/4K3 w - - 0 1 -");
        assert_eq!(count(&p.isolated_pawn), 4 - 1);
        assert_eq!([1, 2, 4].map(|r| count(&p.passed_pawn[r])), [1, 0, 0]);
        assert_eq!(count(&p.passed_pawn[6]), 0, "d7 is not passed");
        // A burning Black pawn stops nothing.
        let count = fired("4k3/3p!4/8/4P3/8/2P5/P1P5/4K3 w - - 0 1 -");
        assert_eq!([1, 2, 4].map(|r| count(&p.passed_pawn[r])), [2, 1, 1]);
    }

    #[test]
    fn hanging_pieces_pawn_attacks_and_king_pressure_count() {
        let p = &P;
        // The Black Knight on c6 is attacked by the Rook on c1 and the pawn on b5, and guarded
        // by nothing.
        let count = fired("4k3/8/2n5/1P6/8/8/8/2R1K3 w - - 0 1 -");
        assert_eq!(count(&p.hanging), 1);
        assert_eq!(count(&p.attacked_by_pawn), 1);
        // Guarded by a pawn, it no longer hangs; the pawn's attack still counts.
        let count = fired("4k3/1p6/2n5/1P6/8/8/8/2R1K3 w - - 0 1 -");
        assert_eq!(count(&p.hanging), 0);
        assert_eq!(count(&p.attacked_by_pawn), 1);
        // Middle game (queens and rooks on): the Black Queen reaches d1 and d2 beside the White
        // King; nothing of White's reaches the Black King's squares.
        let count = fired("r2qk2r/8/8/8/8/8/8/Q3K2R w - - 0 1 -");
        assert_eq!(count(&p.king_zone_attacked), -2);
    }

    #[test]
    fn bishop_pair_rooks_on_files_and_king_shelter_count() {
        let p = &P;
        // White: the bishop pair; the a1 Rook on a file without pawns (open), the h1 Rook behind
        // its own h4; the King on g1 sheltered by f2 and g3 (h4 is too far up). Black: a burning
        // bishop makes no pair; the a8 Rook on the open a-file, the h8 Rook on a file with a
        // White pawn only (half-open); the King on e8 sheltered by d7 (e5 is too far up).
        let count = fired("r1bqkb!1r/3p4/8/4p3/7P/2B3P1/1B3P2/R2Q2KR w - - 0 1 -");
        assert_eq!(count(&p.bishop_pair), 1);
        assert_eq!(count(&p.rook_semi_open_file), 1 - 2);
        assert_eq!(count(&p.rook_open_file), 1 - 1);
        assert_eq!(count(&p.king_shelter), 2 - 1);
    }
}
