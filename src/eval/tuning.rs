//! What `jester tune` needs from an evaluation: its tunable weights as a flat vector with names,
//! each position's evaluation as a linear function of them (from a traced evaluation), and the
//! params file text for a weight vector. Implemented by the evaluations whose weights are data.

use super::normal::params::{tables_for, NormalParams, Weights};
use super::params::{flatten, names, unflatten, Coefficients};
use crate::search::Searchable;
use crate::variants::chess::{Position, Rules};
use crate::variants::Variant;

/// A position's evaluation from White's point of view as `Σ coefficient·weight[slot] +
/// constant`, linearised at the weights it was traced with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Linear {
    pub terms: Vec<(u32, f32)>,
    pub constant: f32,
}

impl Linear {
    /// The linear form of a White's-view trace, plus the side to move's tempo (flat slot
    /// `tempo`): White's view adds it for White and subtracts it for Black.
    pub fn with_tempo(trace: &Coefficients, tempo: usize, white_to_move: bool) -> Linear {
        let mut terms: Vec<(u32, f32)> = trace
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, &c)| (i as u32, c as f32))
            .collect();
        terms.push((tempo as u32, if white_to_move { 1.0 } else { -1.0 }));
        Linear { terms, constant: trace.constant.mg() as f32 }
    }
}

impl Linear {
    /// The evaluation (White's view) for the flat `weights`.
    pub fn eval(&self, weights: &[f64]) -> f64 {
        self.terms
            .iter()
            .fold(f64::from(self.constant), |acc, &(slot, c)| acc + f64::from(c) * weights[slot as usize])
    }
}

/// A variant whose evaluation weights the tuner can fit.
pub trait Tunable: Searchable {
    /// The params file of the variant's set, relative to the repository root.
    fn params_path() -> String;
    /// The names of the flat weights (`material[1].mg` ...).
    fn weight_names() -> Vec<String>;
    /// The flat weights compiled in.
    fn weights() -> Vec<i32>;
    /// This position's evaluation, White's view, as a linear function of the flat weights, at
    /// the weights compiled in.
    fn linear(&self) -> Linear;
    /// Games of more than two seats: each live seat's score as a linear function of the flat
    /// weights, by seat index (fitted to each seat's share of the points). Two-seat games fit
    /// [`Tunable::linear`] to White's result and give none.
    fn seat_linears(&self) -> Vec<(usize, Linear)> {
        Vec::new()
    }
    /// This position's evaluation (side to move's view) with the flat `weights` in place of the
    /// compiled ones: what the engine would evaluate after `--out` rewrote its params file.
    fn evaluate_with_weights(&self, weights: &[i32]) -> i32;
    /// The params file text with the flat `weights` in place of the compiled ones.
    fn params_file(weights: &[i32]) -> String;
}

fn chess_params<R: Rules>(weights: &[i32]) -> NormalParams {
    let compiled = &tables_for(R::NAME).params;
    NormalParams { weights: unflatten(&compiled.weights, weights), danger: compiled.danger }
}

impl<R: Rules> Tunable for Position<R> {
    fn params_path() -> String {
        format!("src/eval/params/{}.rs", R::NAME)
    }

    fn weight_names() -> Vec<String> {
        names::<Weights>()
    }

    fn weights() -> Vec<i32> {
        flatten(&tables_for(R::NAME).params.weights)
    }

    fn linear(&self) -> Linear {
        let (_, trace) = super::normal::trace(self, tables_for(R::NAME));
        let (terms, constant) = trace.linear();
        Linear { terms: terms.into_iter().map(|(s, c)| (s, c as f32)).collect(), constant: constant as f32 }
    }

    fn evaluate_with_weights(&self, weights: &[i32]) -> i32 {
        let tables = super::normal::params::Tables::new(&chess_params::<R>(weights));
        super::normal::evaluate_with(self, &tables, super::params::NoTrace).0
    }

    fn params_file(weights: &[i32]) -> String {
        super::normal::params::params_file(R::NAME, &chess_params::<R>(weights))
    }
}

/// Code that runs on one concrete tunable variant type.
pub trait TuneVisitor {
    type Output;
    fn visit<G: Tunable>(self) -> Self::Output;
}

/// Runs `visitor` on `variant`'s concrete type.
pub fn dispatch_tunable<V: TuneVisitor>(variant: Variant, visitor: V) -> V::Output {
    use crate::variants::chess::{Chess, Cwda, FightingKings, ThroneKings};
    use crate::variants::tirebiter::{NickDanger, Tirebiter, TirebiterPosition};
    match variant {
        Variant::Normal => visitor.visit::<Chess>(),
        Variant::FightingKings => visitor.visit::<Position<FightingKings>>(),
        Variant::ThroneKings => visitor.visit::<Position<ThroneKings>>(),
        Variant::Cwda => visitor.visit::<Position<Cwda>>(),
        Variant::FireFighter => visitor.visit::<crate::variants::firefighter::FireFighter>(),
        Variant::Tirebiter => visitor.visit::<TirebiterPosition<Tirebiter>>(),
        Variant::NickDanger => visitor.visit::<TirebiterPosition<NickDanger>>(),
        Variant::NotAChessVariant => visitor.visit::<crate::variants::wires::WirePosition>(),
        Variant::NotAChessWeak => visitor.visit::<crate::variants::wires::WeakWirePosition>(),
        Variant::Fimbriation => visitor.visit::<crate::variants::fimbriation::Fimbriation>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, MoveList};
    use crate::variants::chess::{Chess, Cwda, FightingKings, ThroneKings};
    use crate::variants::firefighter::FireFighter;
    use crate::variants::tirebiter::{NickDanger, Tirebiter, TirebiterPosition};

    /// Positions along seeded random games from the start.
    fn random_walk<G: Game>(seed: u64, games: usize) -> Vec<G> {
        let mut state = seed;
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = G::start();
            for _ in 0..80 {
                out.push(pos.clone());
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                pos.play(moves[(state % moves.len() as u64) as usize]);
            }
        }
        out
    }

    /// The linear form is the evaluation (White's view) within `tolerance` (the integer
    /// rounding of tapered evaluations), the evaluation with the compiled weights given at run
    /// time is the search's, and the params file is what the writer writes for them.
    fn check<G: Tunable>(file: &str, tolerance: f64) {
        let weights = G::weights();
        assert_eq!(weights.len(), G::weight_names().len());
        let flat: Vec<f64> = weights.iter().map(|&w| f64::from(w)).collect();
        let positions = random_walk::<G>(0xDEAD_BEEF, 12);
        assert!(positions.len() > 500);
        for pos in &positions {
            let score = pos.evaluate();
            assert_eq!(pos.evaluate_with_weights(&weights), score, "{}", pos.to_text());
            let white = if pos.to_move() == crate::core::Seat::WHITE { score } else { -score };
            let linear = pos.linear().eval(&flat);
            assert!(
                (linear - f64::from(white)).abs() <= tolerance,
                "{}: linear {linear} vs {white}",
                pos.to_text()
            );
        }
        let written = G::params_file(&weights);
        if std::env::var_os("JESTER_WRITE_PARAMS").is_some() {
            std::fs::write(format!("{}/{}", env!("CARGO_MANIFEST_DIR"), G::params_path()), &written).unwrap();
        } else {
            assert_eq!(written, file, "{} differs from what the writer writes", G::params_path());
        }
    }

    #[test]
    fn every_tunable_variant_traces_its_evaluation() {
        check::<Chess>(include_str!("params/normal.rs"), 2.99);
        check::<Position<FightingKings>>(include_str!("params/fightingkings.rs"), 2.99);
        check::<Position<ThroneKings>>(include_str!("params/thronekings.rs"), 2.99);
        check::<Position<Cwda>>(include_str!("params/cwda.rs"), 2.99);
        // Untapered: exact.
        check::<FireFighter>(include_str!("params/firefighter.rs"), 0.0);
        check::<TirebiterPosition<Tirebiter>>(include_str!("params/tirebiter.rs"), 0.0);
        check::<TirebiterPosition<NickDanger>>(include_str!("params/nickdanger.rs"), 0.0);
        check::<crate::variants::wires::WirePosition>(include_str!("params/notachessvariant.rs"), 0.0);
        check::<crate::variants::wires::WeakWirePosition>(include_str!("params/notachessweak.rs"), 0.0);
    }

    /// Fimbriation: each live seat's linear form is its score (within the search's integer
    /// division of the opponents' mean), the side to move's is `linear`, the compiled weights
    /// given at run time evaluate as the search does, and the params file is the writer's.
    #[test]
    fn fimbriation_traces_every_seats_score() {
        use crate::variants::fimbriation::Fimbriation;
        let weights = Fimbriation::weights();
        assert_eq!(weights.len(), Fimbriation::weight_names().len());
        let flat: Vec<f64> = weights.iter().map(|&w| f64::from(w)).collect();
        let positions = random_walk::<Fimbriation>(0xF1B, 6);
        assert!(positions.len() > 400);
        for pos in &positions {
            assert_eq!(pos.evaluate_with_weights(&weights), pos.evaluate(), "{}", pos.to_text());
            let seats = pos.seat_linears();
            let live = (0..4).filter(|&i| pos.is_live(crate::core::Seat(i as u8))).count();
            assert_eq!(seats.len(), live, "{}", pos.to_text());
            for (i, linear) in &seats {
                let score = f64::from(pos.evaluate_for(crate::core::Seat(*i as u8)));
                let traced = linear.eval(&flat);
                assert!((traced - score).abs() < 1.0, "{}: seat {i}: {traced} vs {score}", pos.to_text());
            }
            let to_move = pos.to_move().index();
            assert_eq!(pos.linear(), seats.iter().find(|(i, _)| *i == to_move).unwrap().1);
        }
        let written = Fimbriation::params_file(&weights);
        if std::env::var_os("JESTER_WRITE_PARAMS").is_some() {
            let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), Fimbriation::params_path());
            std::fs::write(path, &written).unwrap();
        } else {
            assert_eq!(written, include_str!("params/fimbriation.rs"));
        }
    }
}
