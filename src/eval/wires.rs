//! Not A Chess Variant as the search sees it: evaluation and move-ordering facts.
//!
//! What matters in this game is who can move at all: every piece but the King needs exactly one
//! wire to cross. So beside material the evaluation counts each piece's destinations under the
//! wires as they are, the enemy's reach into the squares around each King, and the King's open
//! doors (an attack on a King always arrives through an orthogonal neighbour that is empty or
//! holds the attacker), how near each piece stands to the enemy King, and the pieces frozen
//! until a wire frees them. Wire placements are ordered by where they act: next to the Kings
//! first.
//!
//! Both loop rules (`notachessvariant`, and `notachessweak`: N11 in protocol-docs/variants.md)
//! share it; the only place the rule shows is which wires remove others (`is_hopeless`).

use super::params::{
    flatten, names, param_struct, same, slot_of, unflatten, Coefficients, NoTrace, ParamValue, Tracer, S,
};
use super::tuning::{Linear, Tunable};
use crate::search::Searchable;
use crate::variants::chess::Color;
use crate::variants::wires::board::{
    bit, distance, grow, neighbours, orthogonal_neighbours, squares, EdgeId, Square, SquareSet,
};
use crate::variants::wires::pieces::Role;
use crate::variants::wires::{Action, LoopRule, Phase, Position};

param_struct! {
    /// The Not A Chess Variant evaluation's weights (centipawns unless a share); the values are
    /// in src/eval/params/notachessvariant.rs and notachessweak.rs, which `jester tune` rewrites.
    pub struct WiresParams {
        /// Material by [`Role`] order: King, Rook, Android, Caretaker, WireRider, Short
        /// Windrider. In proportion to each kind's average number of destinations in self-play
        /// positions (the `mobility_survey` test; protocol-docs/variants.md). Also the capture
        /// ordering's values.
        pub value: [i32; 6],
        /// Per destination a piece has now, by role.
        pub mobility: [i32; 6],
        /// Subtracted per square around a King that an enemy piece can move to.
        pub king_zone_attack: i32,
        /// Subtracted per orthogonal neighbour of a King that is empty or enemy (a way in).
        pub open_door: i32,
        /// A piece of the side not to move that an enemy piece can take loses this share
        /// (percent) of its value. A share of a weight: the tuner leaves it as set.
        pub hanging_percent: i32,
        /// Subtracted per wire on an edge of a square next to the own King (crossings for
        /// attackers there).
        pub wire_near_enemy_king: i32,
        /// Per piece, by role: how near it stands to the enemy King (six minus their Chebyshev
        /// distance; the board spans seven files). Attackers need to be close: a piece moves
        /// one wire-crossing at a time.
        pub king_proximity: [i32; 6],
        /// Per piece that has no destination under the wires as they are, by role (added to
        /// its mobility, which is zero): a frozen piece needs a wire before it can act.
        pub frozen: [i32; 6],
        /// For the side to move.
        pub tempo: i32,
    }
}

/// The compiled weights of the variant named `name`.
const fn params_for(name: &str) -> &'static WiresParams {
    if same(name, "notachessvariant") {
        &crate::eval::params::notachessvariant::PARAMS
    } else if same(name, "notachessweak") {
        &crate::eval::params::notachessweak::PARAMS
    } else {
        panic!("a Not A Chess Variant rule without a parameter set in src/eval/params/")
    }
}

/// Material by role for the capture ordering: the compiled set's.
#[inline(always)]
fn value<L: LoopRule>() -> &'static [i32; 6] {
    const { &params_for(L::NAME).value }
}

/// What [`reach`] counts of one side's pieces, by role.
#[derive(Default)]
struct Reach {
    /// Every square the side's pieces can move to.
    all: SquareSet,
    destinations: [i32; 6],
    /// Pieces with no destination.
    frozen: [i32; 6],
    /// Six minus each piece's Chebyshev distance to the enemy King, summed.
    proximity: [i32; 6],
}

/// What `color`'s pieces can reach, and how they stand, by role.
fn reach<L: LoopRule>(pos: &Position<L>, color: Color) -> Reach {
    let mut r = Reach::default();
    let enemy_king = pos.king(!color);
    for from in squares(pos.pieces_of(color)) {
        let Some(p) = pos.piece_at(from) else { continue };
        let role = p.role as usize;
        let targets = pos.piece_destinations(from);
        r.all |= targets;
        r.destinations[role] += targets.count_ones() as i32;
        r.frozen[role] += i32::from(targets == 0);
        r.proximity[role] += 6 - i32::from(distance(from, enemy_king));
    }
    r
}

/// Wires on the edges of the squares of `zone`, counted once per square they border.
fn wires_around<L: LoopRule>(pos: &Position<L>, zone: SquareSet) -> i32 {
    let w = pos.wires();
    // Square b's sides: horizontal bits b (south) and b + 8 (north), vertical bits b (west) and
    // b + 1 (east).
    let sides = (w.horizontal & zone).count_ones()
        + (w.horizontal & (zone << 8)).count_ones()
        + (w.vertical & zone).count_ones()
        + (w.vertical & (zone << 1)).count_ones();
    sides as i32
}

/// The evaluation from White's point of view with weights `p`, reporting the weights it adds
/// (numbered as [`WiresParams`]' flat view) to `trace`.
#[inline]
fn white_view<L: LoopRule, T: Tracer>(pos: &Position<L>, p: &WiresParams, trace: &mut T) -> i32 {
    let index = |w: &i32| slot_of(p, w);
    let (white, black) = (reach(pos, Color::White), reach(pos, Color::Black));
    let reach_of = |c: Color| if c == Color::White { white.all } else { black.all };
    let mut score = 0;
    for role in 0..6 {
        let terms = [
            (&p.mobility[role], white.destinations[role] - black.destinations[role]),
            (&p.frozen[role], white.frozen[role] - black.frozen[role]),
            (&p.king_proximity[role], white.proximity[role] - black.proximity[role]),
        ];
        for (weight, count) in terms {
            score += weight * count;
            trace.add(index(weight), count);
        }
    }
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let enemy_reach = reach_of(!color);
        let mut side_score = 0;
        for sq in squares(pos.pieces_of(color)) {
            let Some(piece) = pos.piece_at(sq) else { continue };
            let role = piece.role as usize;
            side_score += p.value[role];
            trace.add(index(&p.value[role]), sign);
            if piece.role != Role::King && color != pos.side() && enemy_reach >> sq & 1 != 0 {
                let loss = p.value[role] * p.hanging_percent / 100;
                side_score -= loss;
                if T::ON {
                    // A share of a weight: not linear, kept as it is (untapered: the mg half).
                    trace.constant(S(-sign * loss, 0));
                }
            }
        }
        let king = pos.king(color);
        let zone = neighbours(king);
        let attacked = (zone & enemy_reach).count_ones() as i32;
        let doors = (orthogonal_neighbours(king) & !pos.pieces_of(color)).count_ones() as i32;
        let wires = wires_around(pos, zone);
        side_score -= p.king_zone_attack * attacked;
        side_score -= p.open_door * doors;
        side_score -= p.wire_near_enemy_king * wires;
        trace.add(index(&p.king_zone_attack), -sign * attacked);
        trace.add(index(&p.open_door), -sign * doors);
        trace.add(index(&p.wire_near_enemy_king), -sign * wires);
        score += sign * side_score;
    }
    score
}

/// The evaluation (side to move's view) with weights `p`.
#[inline]
fn evaluate_with<L: LoopRule, T: Tracer>(pos: &Position<L>, p: &WiresParams, trace: &mut T) -> i32 {
    let white = white_view(pos, p, trace);
    let view = if pos.side() == Color::White { white } else { -white };
    view + p.tempo
}

impl<L: LoopRule> Tunable for Position<L> {
    fn params_path() -> String {
        format!("src/eval/params/{}.rs", L::NAME)
    }

    fn weight_names() -> Vec<String> {
        names::<WiresParams>()
    }

    fn weights() -> Vec<i32> {
        flatten(params_for(L::NAME))
    }

    fn linear(&self) -> Linear {
        let p = params_for(L::NAME);
        let mut trace = Coefficients::new(<WiresParams as ParamValue>::SLOTS);
        white_view(self, p, &mut trace);
        Linear::with_tempo(&trace, slot_of(p, &p.tempo), self.side() == Color::White)
    }

    fn evaluate_with_weights(&self, weights: &[i32]) -> i32 {
        evaluate_with(self, &unflatten(params_for(L::NAME), weights), &mut NoTrace)
    }

    fn params_file(weights: &[i32]) -> String {
        let params = unflatten(params_for(L::NAME), weights);
        let imports = "crate::eval::wires::WiresParams";
        crate::eval::params::params_file(L::NAME, "WiresParams", imports, "src/eval/wires.rs", &params)
    }
}

/// The cells within one and within two squares of each square (`grow` once and twice),
/// looked up because the move ordering asks for every wire placement of every node.
const NEAR: [[SquareSet; 2]; 64] = {
    let mut near = [[0; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let one = grow(bit(sq as Square));
        near[sq] = [one, grow(one)];
        sq += 1;
    }
    near
};

/// Whether a Rook or Caretaker stands on the line that crosses edge `e`.
fn on_slider_line<L: LoopRule>(pos: &Position<L>, e: EdgeId) -> bool {
    let b = e.bit_index();
    squares(pos.all_pieces())
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| matches!(p.role, Role::Rook | Role::Caretaker)))
        .any(|sq| if e.is_horizontal() { sq & 7 == b & 7 } else { sq >> 3 == b >> 3 })
}

impl<L: LoopRule> Searchable for Position<L> {
    fn evaluate(&self) -> i32 {
        evaluate_with(self, const { params_for(L::NAME) }, &mut NoTrace)
    }

    fn in_check(&self) -> bool {
        // Only at the start of a turn: inside one, the wire still to come may parry.
        matches!(self.phase(), Phase::Move) && self.king_attacked(self.side())
    }

    fn is_noisy(&self, m: Action) -> bool {
        matches!(m, Action::Move { to, .. } if self.piece_at(to).is_some())
    }

    fn only_quiet_moves(&self) -> bool {
        match self.phase() {
            // Inside a turn only wires remain (a move's wire, or the opening's next), and every
            // action the generator offers can be completed into a legal turn.
            Phase::Wire { .. } | Phase::Opening { placed: 1.., .. } => true,
            // An opening turn places wires only; whether it has a legal one is whether it can be
            // completed, which is cheaper to tell than listing them.
            Phase::Opening { placed: 0, .. } => self.can_complete_turn(),
            Phase::Move => false,
        }
    }

    fn noisy_order(&self, m: Action) -> i32 {
        match m {
            Action::Move { from, to } => {
                let victim = self.piece_at(to).map_or(0, |p| value::<L>()[p.role as usize]);
                let attacker = self.piece_at(from).map_or(0, |p| value::<L>()[p.role as usize]);
                victim * 16 - attacker
            }
            _ => 0,
        }
    }

    fn null_move(&self) -> Option<Self> {
        // A whole turn passed, only between turns and never in check.
        if self.phase() != Phase::Move || Searchable::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Action) -> usize {
        let side = self.side() as usize;
        match m {
            Action::Move { from, to } => {
                let role = self.piece_at(from).map_or(0, |p| p.role as usize);
                (side * 6 + role) * 64 + to as usize
            }
            Action::Pass => 768 + side,
            Action::Wire(e) => 1024 + side * 128 + e.0 as usize,
        }
    }

    fn pack_move(m: Action) -> u32 {
        match m {
            Action::Move { from, to } => 1 << 16 | u32::from(from) << 8 | u32::from(to),
            Action::Pass => 2 << 16,
            Action::Wire(e) => 3 << 16 | u32::from(e.0),
        }
    }

    type OrderContext = ();

    fn order_context(&self) {}

    fn quiet_order(&self, _: &(), m: Action) -> i32 {
        let Action::Wire(e) = m else { return 0 };
        // By how near the edge is to each King: a side of it within one square of the King
        // (Chebyshev distance, the side itself included), or within two.
        let sides = e.side_squares();
        let near = |king: Square, close: i32, far: i32| {
            let [one, two] = NEAR[king as usize];
            if sides & one != 0 {
                close
            } else if sides & two != 0 {
                far
            } else {
                0
            }
        };
        near(self.king(!self.side()), 3000, 1500) + near(self.king(self.side()), 2000, 800)
    }

    fn is_hopeless(&self, m: Action) -> bool {
        // A wire three squares or more from every piece, off every Rook's and Caretaker's lines,
        // that removes no wires (closes no loop under N2, no square's outline under N11), rarely
        // changes a move soon. (A WireRider may still ride it later: this is pruning away from
        // the principal variation, not a rule.)
        let Action::Wire(e) = m else { return false };
        let far = e.side_squares() & grow(grow(self.all_pieces())) == 0;
        far && !on_slider_line(self, e) && !L::removes(&self.wires(), e)
    }

    fn draw_by_rule(&self) -> bool {
        // The no-capture rule holds between turns unless the side to move is mated.
        !self.is_mid_turn()
            && self.halfmove() >= crate::variants::wires::NO_CAPTURE_TURNS
            && crate::core::Game::count_legal_moves(self) > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::variants::wires::WirePosition;

    #[test]
    fn the_start_has_every_piece_but_the_kings_frozen_and_the_rooks_five_steps_off() {
        let start = WirePosition::start();
        for color in [Color::White, Color::Black] {
            let r = reach(&start, color);
            let mut pieces = [0; 6];
            for sq in squares(start.pieces_of(color)) {
                pieces[start.piece_at(sq).unwrap().role as usize] += 1;
            }
            // No wire is on the board, and every piece but the King moves across exactly one.
            assert_eq!(r.destinations[1..], [0; 5], "{color:?}");
            assert_eq!(r.frozen[1..], pieces[1..], "{color:?}");
            assert_eq!(pieces[1..].iter().sum::<i32>(), 9, "{color:?}");
            // The Rooks (b2 and g2; a6 and f6) stand five King steps from the enemy King (d7;
            // d1): one each; the Kings face each other six ranks apart: none.
            assert_eq!(r.proximity[Role::Rook as usize], 2, "{color:?}");
            assert_eq!(r.proximity[Role::King as usize], 0, "{color:?}");
        }
    }
}
