//! Random Not A Chess Variant games for the walks that compare the engine with the reference
//! generator (engine-tests/notachess.rs, notachess_weak.rs): random openings, then turns chosen
//! at random with a bias towards captures, so that games get somewhere.

use jester::core::{Coord, Game, MoveList};
use jester::variants::wires::board::square_at;
use jester::variants::wires::{LoopRule, Position};
use rand::rngs::StdRng;
use rand::Rng;

/// The position after playing the whole turn `turn`.
pub fn after<G: Game>(p: &G, turn: &str) -> G {
    let mut next = p.clone();
    for m in p.parse_turn(turn).unwrap_or_else(|e| panic!("{turn} in {}: {e}", p.to_text())) {
        next.play(m);
    }
    next
}

/// The start position after both openings, played as random actions (a full list of opening
/// turns has 61 million entries).
pub fn random_openings<L: LoopRule>(rng: &mut StdRng) -> Position<L> {
    let mut p = Position::<L>::start();
    for _ in 0..2 {
        while {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            p.play(list[rng.gen_range(0..list.len())]);
            p.mid_turn()
        } {}
    }
    p
}

/// One of `turns` (the legal turns of `p`): a capture with probability `capture_share` when
/// there is one, else any turn.
pub fn random_turn<L: LoopRule>(
    p: &Position<L>,
    turns: &[String],
    rng: &mut StdRng,
    capture_share: f64,
) -> String {
    let captures: Vec<&String> = turns
        .iter()
        .filter(|t| {
            let to = t.get(2..4).and_then(|s| s.parse::<Coord>().ok()).and_then(square_at);
            to.is_some_and(|to| p.piece_at(to).is_some())
        })
        .collect();
    if !captures.is_empty() && rng.gen_bool(capture_share) {
        captures[rng.gen_range(0..captures.len())].clone()
    } else {
        turns[rng.gen_range(0..turns.len())].clone()
    }
}
