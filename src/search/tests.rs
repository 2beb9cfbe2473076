//! The search on a toy game whose turns are two actions by the same seat, checked against
//! brute-force minimax: the search must not assume that seats alternate. And what the engine
//! keeps from one search to the next.

use super::{Engine, Limits, Searchable};
use crate::core::{
    Diagram, DrawReason, Game, InvariantError, MoveList, Outcome, Record, Score, Seat, WinReason,
};

/// Take-away with double turns: a pile of stones; each turn is two actions by the same seat,
/// each action takes 1 or 2 stones (or, if the pile is empty, nothing is left to take). Whoever
/// takes the last stone wins.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DoubleNim {
    pile: u8,
    seat: Seat,
    /// Actions left in the current turn (2 at the start of a turn).
    actions_left: u8,
    last_taker: Option<Seat>,
}

#[derive(Debug)]
struct NoText;
impl std::fmt::Display for NoText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no position text")
    }
}
impl std::error::Error for NoText {}

impl Game for DoubleNim {
    type Move = u8;
    type SetupError = NoText;
    const NAME: &'static str = "doublenim";

    fn start() -> Self {
        DoubleNim { pile: 10, seat: Seat(0), actions_left: 2, last_taker: None }
    }
    fn from_text(text: &str) -> Result<Self, NoText> {
        let pile = text.parse().map_err(|_| NoText)?;
        Ok(DoubleNim { pile, ..Self::start() })
    }
    fn to_text(&self) -> String {
        self.pile.to_string()
    }
    fn seats(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        self.seat
    }
    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.pile > 0 {
            out.extend((1..=2).filter(|&n| n <= self.pile));
        }
    }
    fn play(&mut self, take: u8) {
        self.pile -= take;
        self.last_taker = Some(self.seat);
        self.actions_left -= 1;
        if self.actions_left == 0 {
            self.seat = Seat(1 - self.seat.0);
            self.actions_left = 2;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match (self.pile, self.last_taker) {
            (0, Some(winner)) => Some(Outcome::Win { winner, reason: WinReason::LastSeatStanding }),
            (0, None) => Some(Outcome::Draw { reason: DrawReason::Stalemate }),
            _ => None,
        }
    }
    fn reversible_plies(&self) -> usize {
        0
    }
    fn key(&self) -> u64 {
        self.pile as u64 | (self.seat.0 as u64) << 8 | (self.actions_left as u64) << 16
    }
    fn recomputed_key(&self) -> u64 {
        self.key()
    }
    fn render_move(&self, m: u8) -> String {
        m.to_string()
    }
    fn diagram(&self) -> Diagram {
        Diagram { files: 1, ranks: 1, cells: vec![crate::core::Cell::Empty], notes: vec![], wires: vec![] }
    }
    fn validate(&self) -> Result<(), InvariantError> {
        Ok(())
    }
}

impl Searchable for DoubleNim {
    type OrderContext = ();

    fn order_context(&self) {}

    fn evaluate(&self) -> i32 {
        0
    }
    fn in_check(&self) -> bool {
        false
    }
    fn is_noisy(&self, _: u8) -> bool {
        false
    }
    fn noisy_order(&self, _: u8) -> i32 {
        0
    }
    fn null_move(&self) -> Option<Self> {
        None
    }
    fn history_index(&self, m: u8) -> usize {
        m as usize
    }
    fn pack_move(m: u8) -> u32 {
        m as u32
    }
    fn draw_by_rule(&self) -> bool {
        false
    }
}

/// Whether the seat to move wins with best play.
fn wins(g: &DoubleNim) -> bool {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let mut child = g.clone();
        child.play(m);
        match child.outcome() {
            Some(Outcome::Win { winner, .. }) => winner == g.seat,
            _ if child.seat == g.seat => wins(&child),
            _ => !wins(&child),
        }
    })
}

#[test]
fn double_turns_are_searched_from_the_right_point_of_view() {
    let mut engine = Engine::new();
    for pile in 1..=16 {
        for (seat, actions_left) in [(0, 2), (0, 1), (1, 2), (1, 1)] {
            let g = DoubleNim { pile, seat: Seat(seat), actions_left, last_taker: None };
            engine.new_game();
            let limits = Limits { depth: Some(40), multipv: 1, ..Limits::default() };
            let best = engine.search(&Record::new(g.clone()), &limits, &mut |_| {});
            let expect_win = wins(&g);
            assert!(best.score.is_mate(), "pile {pile}: {:?}", best.score);
            assert_eq!(
                best.score > Score::DRAW,
                expect_win,
                "pile {pile}, seat {seat}, {actions_left} left: {best:?}"
            );
            if expect_win {
                // The move it chose keeps the win.
                let mut child = g.clone();
                child.play(best.best.as_deref().unwrap().parse().unwrap());
                let keeps = match child.outcome() {
                    Some(Outcome::Win { winner, .. }) => winner == g.seat,
                    _ if child.seat == g.seat => wins(&child),
                    _ => !wins(&child),
                };
                assert!(keeps, "pile {pile}: {best:?} throws the win away");
            }
        }
    }
}

/// What the searches learn about quiet moves, alone and as replies and follow-ups, stays with
/// the engine after a search (the next move's search orders by it) until a new game clears it.
#[test]
fn the_quiet_histories_outlive_a_search_but_not_a_new_game() {
    use super::params::CONTINUATION_SLOTS;
    use crate::variants::chess::Chess;
    let mut engine = Engine::new();
    let learnt =
        |engine: &Engine| (0..super::HISTORY_SIZE).filter(|&i| engine.history.quiet.get(i) != 0).count();
    // Pairs of two White moves (White's slots lie below 1,216; these hold its FIDE pieces'):
    // the follow-ups two and four plies on that a search of the start position teaches.
    let pairs = |engine: &Engine| -> Vec<(usize, usize, i32)> {
        let slots = 0..1024;
        slots
            .clone()
            .flat_map(|a| slots.clone().map(move |b| (a, b)))
            .map(|(a, b)| (a, b, engine.history.continuation.get(a, b)))
            .filter(|&(_, _, score)| score != 0)
            .collect()
    };
    let pairs_learnt = |engine: &Engine| pairs(engine).len();
    const { assert!(CONTINUATION_SLOTS >= 1024) };
    assert_eq!((learnt(&engine), pairs_learnt(&engine)), (0, 0));
    let limits = Limits { depth: Some(8), multipv: 1, ..Limits::default() };
    engine.search(&Record::new(Chess::start()), &limits, &mut |_| {});
    let after_search = (learnt(&engine), pairs_learnt(&engine));
    assert!(after_search.0 > 10 && after_search.1 > 10, "{after_search:?} slots and pairs learnt");
    // What the next search starts from: the single-move history faded, the pairs as they were.
    let slot =
        (0..super::HISTORY_SIZE).find(|&i| engine.history.quiet.get(i).abs() >= 4).expect("a learnt slot");
    let (quiet_before, pairs_before) = (engine.history.quiet.get(slot), pairs(&engine));
    engine.history.age();
    assert_eq!(pairs(&engine), pairs_before);
    assert_eq!(engine.history.quiet.get(slot), quiet_before / 4);
    engine.new_game();
    assert_eq!((learnt(&engine), pairs_learnt(&engine)), (0, 0));
}
