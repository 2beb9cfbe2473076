//! Tirebiter and Nick Danger as the search sees them: evaluation and move-ordering facts.
//!
//! The game's trade: a multi-capture wins material at once, but a Tirebiter piece is lost when
//! any one of its squares is taken, and it moves clumsily. So material counts each piece once,
//! and a Tirebiter piece pays for every location the enemy attacks (it is en prise there) and
//! a little for each extra location (its limited mobility). And what the game keeps of chess:
//! passed, isolated and doubled pawns, pieces that hang, enemy pressure beside the King and the
//! pawns sheltering it, the bishop pair and rooks on open files.

use super::params::{
    flatten, names, param_struct, same, slot_of, unflatten, Coefficients, NoTrace, ParamValue, Tracer, S,
};
use super::pawns;
use super::tuning::{Linear, Tunable};
use crate::search::Searchable;
use crate::variants::chess::attacks::king_attacks;
use crate::variants::chess::{Bitboard, Color, Role, Square};
use crate::variants::tirebiter::{capture_pattern, Move, MoveKind, Rules, TirebiterPosition, MAX_PIECES};

param_struct! {
    /// The Tirebiter and Nick Danger evaluation's weights (centipawns unless a share); the
    /// values are in src/eval/params/tirebiter.rs and nickdanger.rs, which `jester tune`
    /// rewrites.
    pub struct TirebiterParams {
        /// Material by role ([`Role`] order). Also the capture ordering's values and the
        /// attackers' values in the threat terms.
        pub value: [i32; Role::COUNT],
        /// A Tirebiter piece with a location the enemy attacks loses this share (percent) of its
        /// value. A share of a weight: the tuner leaves it as set.
        pub attacked_tirebiter_percent: i32,
        /// A normal piece attacked by a cheaper enemy piece loses this share of the difference.
        /// Not linear: the tuner leaves it as set.
        pub threatened_percent: i32,
        /// Subtracted per extra location of a Tirebiter piece (clumsy; a target).
        pub extra_location: i32,
        /// Centralisation per step towards the centre, by role.
        pub centre: [i32; Role::COUNT],
        /// Pawn advance per rank beyond the second.
        pub pawn_advance: i32,
        /// Per square a normal piece attacks, by role.
        pub mobility: [i32; Role::COUNT],
        /// Per enemy piece beyond the first that a normal piece can take at once (T2's double
        /// attack).
        pub multi_capture: i32,
        /// For the side to move.
        pub tempo: i32,
        /// A passed pawn (a normal pawn with no enemy normal pawn in front of it on its own or
        /// an adjacent file), by relative rank.
        pub passed_pawn: [i32; 8],
        /// A normal pawn with no own normal pawn on an adjacent file.
        pub isolated_pawn: i32,
        /// Per normal pawn behind another own normal pawn on its file.
        pub doubled_pawn: i32,
        /// Per own normal piece (not pawn or King) that an enemy normal piece attacks and no own
        /// normal piece guards.
        pub hanging: i32,
        /// Per square next to a normal King that enemy normal pieces attack, in the middle game.
        pub king_zone_attacked: i32,
        /// Two normal bishops or more.
        pub bishop_pair: i32,
        /// A normal rook on a file without own normal pawns.
        pub rook_semi_open_file: i32,
        /// Added to that when the file has no normal pawn of either side.
        pub rook_open_file: i32,
        /// Per own normal pawn on a normal King's file or a file beside it, one or two ranks in
        /// front of it, in the middle game.
        pub king_shelter: i32,
    }
}

/// Material by role for the capture ordering: the compiled set's.
#[inline(always)]
fn value<R: Rules>() -> &'static [i32; Role::COUNT] {
    const { &params_for(R::NAME).value }
}

/// The compiled weights of the variant named `name`.
const fn params_for(name: &str) -> &'static TirebiterParams {
    if same(name, "tirebiter") {
        &crate::eval::params::tirebiter::PARAMS
    } else if same(name, "nickdanger") {
        &crate::eval::params::nickdanger::PARAMS
    } else {
        panic!("a Tirebiter-family variant without a parameter set in src/eval/params/")
    }
}

fn centre_steps(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (if f < 4 { f } else { 7 - f }).min(3) + (if r < 4 { r } else { 7 - r }).min(3)
}

/// What the normal pieces of one colour attack, grouped by the attacker's value: the cheapest
/// attacker of a square is the least value whose group attacks it.
struct Attackers {
    /// (an attacker's value, the squares the pieces of that value attack), one entry per value.
    groups: [(i32, Bitboard); Role::COUNT],
    len: usize,
}

impl Attackers {
    fn new() -> Self {
        Attackers { groups: [(0, Bitboard::EMPTY); Role::COUNT], len: 0 }
    }

    fn add(&mut self, value: i32, attacks: Bitboard) {
        if let Some(entry) = self.groups[..self.len].iter_mut().find(|(v, _)| *v == value) {
            entry.1 |= attacks;
        } else {
            self.groups[self.len] = (value, attacks);
            self.len += 1;
        }
    }

    /// The cheapest attacker's value on `square` (`i32::MAX` when none attacks it).
    fn cheapest(&self, square: Square) -> i32 {
        self.groups[..self.len]
            .iter()
            .filter(|(_, attacks)| attacks.has(square))
            .fold(i32::MAX, |best, &(value, _)| best.min(value))
    }

    fn any(&self, squares: Bitboard) -> bool {
        self.groups[..self.len].iter().any(|&(_, attacks)| (attacks & squares).nonempty())
    }
}

/// The evaluation from White's point of view with weights `p`, reporting the weights it adds
/// (numbered as [`TirebiterParams`]' flat view) to `trace`. Inlined into its callers, so that
/// the search's copy reads the compiled weights as constants.
#[inline(always)]
fn white_view<R: Rules, T: Tracer>(pos: &TirebiterPosition<R>, p: &TirebiterParams, trace: &mut T) -> i32 {
    let index = |w: &i32| slot_of(p, w);
    let occ = pos.occupied();
    // Each normal piece's pattern, once: its attacks, mobility and multi-capture targets.
    let mut pattern = [Bitboard::EMPTY; MAX_PIECES];
    let mut attacked = [Attackers::new(), Attackers::new()];
    // By colour: every square a normal piece attacks; the normal pawns, the normal pieces that
    // can hang (not pawns or Kings), the normal bishops and rooks; the normal King's square.
    let mut attacks = [Bitboard::EMPTY; 2];
    let mut pawns = [Bitboard::EMPTY; 2];
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut bishops = [0; 2];
    let mut rooks = [Bitboard::EMPTY; 2];
    let mut kings = [None; 2];
    let mut non_pawn_material = 0;
    for (slot, u) in pos.units() {
        if u.role != Role::Pawn && u.role != Role::King {
            non_pawn_material += p.value[u.role as usize];
        }
        if u.is_tirebiter() {
            continue;
        }
        let (color, from) = (u.color as usize, u.squares.first());
        pattern[slot] = capture_pattern(u.role, u.color, from, occ);
        let value = if u.role == Role::King { 2000 } else { p.value[u.role as usize] };
        attacked[color].add(value, pattern[slot]);
        attacks[color] |= pattern[slot];
        match u.role {
            Role::Pawn => pawns[color] |= u.squares,
            Role::King => kings[color] = Some(from),
            _ => pieces[color] |= u.squares,
        }
        match u.role {
            Role::Bishop => bishops[color] += 1,
            Role::Rook => rooks[color] |= u.squares,
            _ => {}
        }
    }
    let mut score = 0;
    for (slot, u) in pos.units() {
        let sign = if u.color == Color::White { 1 } else { -1 };
        let role = u.role as usize;
        let base = p.value[role];
        let mut value = base;
        trace.add(index(&p.value[role]), sign);
        let enemy = &attacked[!u.color as usize];
        if u.is_tirebiter() {
            let extra = u.squares.count() as i32 - 1;
            value -= p.extra_location * extra;
            trace.add(index(&p.extra_location), -sign * extra);
            if enemy.any(u.squares) {
                let loss = base * p.attacked_tirebiter_percent / 100;
                value -= loss;
                // A share of a weight: not linear, kept as it is (untapered: the mg half).
                trace.constant(S(-sign * loss, 0));
            }
        } else {
            let from = u.squares.first();
            let steps = centre_steps(from);
            value += p.centre[role] * steps;
            trace.add(index(&p.centre[role]), sign * steps);
            let reach = match u.role {
                Role::Pawn | Role::King => Bitboard::EMPTY,
                _ => pattern[slot],
            };
            let squares = reach.count() as i32;
            value += p.mobility[role] * squares;
            trace.add(index(&p.mobility[role]), sign * squares);
            let targets = match u.role {
                Role::King => Bitboard::EMPTY,
                _ => pattern[slot],
            } & pos.occupied_by(!u.color);
            if targets.count() >= 2 {
                let extra = targets.count() as i32 - 1;
                value += p.multi_capture * extra;
                trace.add(index(&p.multi_capture), sign * extra);
            }
            if u.role == Role::Pawn {
                let advance =
                    if u.color == Color::White { from.rank() as i32 - 1 } else { 6 - from.rank() as i32 }
                        .max(0);
                value += p.pawn_advance * advance;
                trace.add(index(&p.pawn_advance), sign * advance);
            }
            let attacker = enemy.cheapest(from);
            if u.role != Role::King && attacker < base {
                let loss = (base - attacker) * p.threatened_percent / 100;
                value -= loss;
                trace.constant(S(-sign * loss, 0));
            }
        }
        score += sign * value;
    }
    let middle_game = non_pawn_material > 2 * (p.value[Role::Queen as usize] + p.value[Role::Rook as usize]);
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let (us, them) = (color as usize, !color as usize);
        let counts = pawns::count(color, pawns[us], pawns[them]);
        let weights = pawns::PawnWeights {
            isolated: &p.isolated_pawn,
            doubled: &p.doubled_pawn,
            passed: &p.passed_pawn,
        };
        score += pawns::weigh(&counts, sign, weights, index, trace);
        let hanging = (pieces[us] & attacks[them] & !attacks[us]).count() as i32;
        score -= sign * p.hanging * hanging;
        trace.add(index(&p.hanging), -sign * hanging);
        let pair = i32::from(bishops[us] >= 2);
        score += sign * p.bishop_pair * pair;
        trace.add(index(&p.bishop_pair), sign * pair);
        let (half_open, open) = pawns::rook_files(rooks[us], pawns[us], pawns[us] | pawns[them]);
        score += sign * (p.rook_semi_open_file * half_open + p.rook_open_file * open);
        trace.add(index(&p.rook_semi_open_file), sign * half_open);
        trace.add(index(&p.rook_open_file), sign * open);
        if let (Some(king), true) = (kings[us], middle_game) {
            let zone = (king_attacks(king) & attacks[them]).count() as i32;
            score -= sign * p.king_zone_attacked * zone;
            trace.add(index(&p.king_zone_attacked), -sign * zone);
            let shelter = pawns::king_shelter(color, king, pawns[us]);
            score += sign * p.king_shelter * shelter;
            trace.add(index(&p.king_shelter), sign * shelter);
        }
    }
    score
}

/// The evaluation (side to move's view) with weights `p`.
#[inline(always)]
fn evaluate_with<R: Rules, T: Tracer>(pos: &TirebiterPosition<R>, p: &TirebiterParams, trace: &mut T) -> i32 {
    let white = white_view(pos, p, trace);
    p.tempo + if pos.side_to_move() == Color::White { white } else { -white }
}

impl<R: Rules> Tunable for TirebiterPosition<R> {
    fn params_path() -> String {
        format!("src/eval/params/{}.rs", R::NAME)
    }

    fn weight_names() -> Vec<String> {
        names::<TirebiterParams>()
    }

    fn weights() -> Vec<i32> {
        flatten(params_for(R::NAME))
    }

    fn linear(&self) -> Linear {
        let p = params_for(R::NAME);
        let mut trace = Coefficients::new(<TirebiterParams as ParamValue>::SLOTS);
        white_view(self, p, &mut trace);
        Linear::with_tempo(&trace, slot_of(p, &p.tempo), self.side_to_move() == Color::White)
    }

    fn evaluate_with_weights(&self, weights: &[i32]) -> i32 {
        evaluate_with(self, &unflatten(params_for(R::NAME), weights), &mut NoTrace)
    }

    fn params_file(weights: &[i32]) -> String {
        let params = unflatten(params_for(R::NAME), weights);
        let imports = "crate::eval::tirebiter::TirebiterParams";
        crate::eval::params::params_file(
            R::NAME,
            "TirebiterParams",
            imports,
            "src/eval/tirebiter.rs",
            &params,
        )
    }
}

/// Material a move captures (every piece with a location on a captured square, once).
fn gain<R: Rules>(pos: &TirebiterPosition<R>, m: Move) -> i32 {
    let them = !pos.side_to_move();
    let mut seen = 0u32;
    let mut total = 0;
    for leg in pos.legs(m) {
        if let Some((slot, u)) = pos.unit_at(leg.to).filter(|(_, u)| u.color == them) {
            if seen & (1 << slot) == 0 {
                seen |= 1 << slot;
                total += if u.role == Role::King { 2000 } else { value::<R>()[u.role as usize] };
            }
        }
    }
    total + m.promotion.map_or(0, |r| value::<R>()[r as usize] - value::<R>()[0])
}

impl<R: Rules> Searchable for TirebiterPosition<R> {
    type OrderContext = ();

    fn order_context(&self) {}

    fn evaluate(&self) -> i32 {
        evaluate_with(self, const { params_for(R::NAME) }, &mut NoTrace)
    }

    fn in_check(&self) -> bool {
        TirebiterPosition::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.promotion.is_some()
            || m.kind == MoveKind::CaptureAll
            || self.legs(m).iter().any(|leg| self.occupied_by(!self.side_to_move()).has(leg.to))
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let mover = self.unit(m.slot as usize).map_or(0, |u| value::<R>()[u.role as usize]);
        gain(self, m) * 16 - mover / 8
    }

    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pieces = self.units().any(|(_, u)| u.color == us && !matches!(u.role, Role::Pawn | Role::King));
        if !pieces || TirebiterPosition::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let piece =
            self.unit(m.slot as usize).map_or(0, |u| u.color as usize * Role::COUNT + u.role as usize);
        let to = self.legs(m).first().map_or(0, |leg| leg.to.index());
        piece * 64 + to
    }

    fn pack_move(m: Move) -> u32 {
        m.packed()
    }

    fn draw_by_rule(&self) -> bool {
        self.halfmove_clock() >= 100
            && !matches!(crate::core::Game::outcome(self), Some(crate::core::Outcome::Win { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::variants::tirebiter::Tirebiter;

    /// One place for the compiled weights, so that a weight's address names its slot.
    static P: TirebiterParams = crate::eval::params::tirebiter::PARAMS;

    /// How many times each weight of `P` fires in `text` (White's view).
    fn fired(text: &str) -> impl Fn(&i32) -> i32 {
        let pos = TirebiterPosition::<Tirebiter>::from_text(text).unwrap();
        let mut trace = Coefficients::new(<TirebiterParams as ParamValue>::SLOTS);
        white_view(&pos, &P, &mut trace);
        crate::eval::params::counts_of(&P, trace)
    }

    #[test]
    fn pawn_structure_hanging_pieces_and_king_pressure_count() {
        let p = &P;
        // Black's a7 behind a6 (doubled), both isolated and passed (relative ranks 2 and 3 as
        // Black sees them: indices 1 and 2); White's e2 isolated and passed too.
        let count = fired("4k3/p7/p7/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(count(&p.isolated_pawn), 1 - 2);
        assert_eq!(count(&p.doubled_pawn), -1);
        assert_eq!([1, 2].map(|r| count(&p.passed_pawn[r])), [1 - 1, -1]);
        // The Black Knight on c6 is attacked by the Rook on c1 and guarded by nothing; guarded
        // by the b7 pawn it no longer hangs.
        assert_eq!(fired("4k3/8/2n5/8/8/8/8/2R1K3 w - - 0 1")(&p.hanging), 1);
        assert_eq!(fired("4k3/1p6/2n5/8/8/8/8/2R1K3 w - - 0 1")(&p.hanging), 0);
        // Middle game: the Black Queen reaches d1 and d2 beside the White King.
        assert_eq!(fired("r2qk2r/8/8/8/8/8/8/Q3K2R w - - 0 1")(&p.king_zone_attacked), -2);
    }

    #[test]
    fn bishop_pair_rooks_on_files_and_king_shelter_count() {
        let p = &P;
        // White: the bishop pair; the a1 Rook on a file without pawns (open), the h1 Rook behind
        // its own h4; the King on g1 sheltered by f2 and g3 (h4 is too far up). Black: one
        // bishop; the a8 Rook on the open a-file, the h8 Rook on a file with a White pawn only
        // (half-open); the King on e8 sheltered by d7 (e5 is too far up).
        let count = fired("r1bqk2r/3p4/8/4p3/7P/2B3P1/1B3P2/R2Q2KR w - - 0 1");
        assert_eq!(count(&p.bishop_pair), 1);
        assert_eq!(count(&p.rook_semi_open_file), 1 - 2);
        assert_eq!(count(&p.rook_open_file), 1 - 1);
        assert_eq!(count(&p.king_shelter), 2 - 1);
    }
}
