//! A game record: a start position, the actions played since, and the position keys along the
//! way, which repetition needs.

use super::{DrawReason, Game, MoveParseError, Outcome, Turn};

/// How many times a position must occur for the repetition draw (FIDE threefold, G1).
pub const REPETITION_COUNT: usize = 3;

/// A game in progress: the current position with its history.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    start: G,
    position: G,
    moves: Vec<G::Move>,
    /// `keys[i]` is the key of the position after `i` actions; `keys[0]` is the start's.
    keys: Vec<u64>,
}

impl<G: Game> Record<G> {
    pub fn new(start: G) -> Record<G> {
        let keys = vec![start.key()];
        Record { position: start.clone(), start, moves: Vec::new(), keys }
    }

    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn position(&self) -> &G {
        &self.position
    }

    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Keys of every position so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a legal action.
    pub fn play(&mut self, m: G::Move) {
        self.position.play(m);
        self.moves.push(m);
        self.keys.push(self.position.key());
    }

    /// Reads a turn token against the current position and plays its actions; on error nothing
    /// changes.
    pub fn play_token(&mut self, token: &str) -> Result<Turn<G::Move>, MoveParseError> {
        let turn = self.position.parse_turn(token)?;
        for &m in &turn {
            self.play(m);
        }
        Ok(turn)
    }

    /// How often the current position has occurred, counting itself. Only positions within the
    /// current reversible stretch can match.
    pub fn occurrences(&self) -> usize {
        let current = self.position.key();
        let window = self.position.reversible_plies().min(self.keys.len() - 1);
        self.keys[self.keys.len() - 1 - window..].iter().filter(|&&k| k == current).count()
    }

    /// The outcome: the position's own rules first (a mate on the move that completes a
    /// repetition is still mate), then repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| {
            (self.occurrences() >= REPETITION_COUNT)
                .then_some(Outcome::Draw { reason: DrawReason::Repetition })
        })
    }
}
