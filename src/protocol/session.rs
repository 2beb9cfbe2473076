//! The game a protocol front end is playing or analysing, independent of the variant type.
//!
//! A session stores the variant, the start position text and the moves played as canonical
//! tokens; every operation re-reads them through the variant's own parser (dispatch chosen once
//! per operation), so a failed operation leaves the session exactly as it was.
//!
//! The engine options `WhiteArmy` / `BlackArmy` (protocol-docs/variants.md A4) live here too: they choose the
//! armies of the games begun from then on, in the variants that have armies. A game already under
//! way keeps the armies it was begun with.

use crate::core::{Armies, Army, Game, MoveParseError, Outcome, Record, Seat};
use crate::eval::{dispatch, SearchVisitor};
use crate::search::{Engine, Event, Limits, Searchable};
use crate::tools::{perft, render};
use crate::variants::{UnknownVariant, Variant};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// Why a session operation was refused. Nothing changed.
#[derive(Debug)]
pub enum SessionError {
    Variant(UnknownVariant),
    /// The variant rejected a position text.
    Position(Box<dyn std::error::Error + Send + Sync>),
    Move(MoveParseError),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Variant(e) => e.fmt(f),
            SessionError::Position(e) => write!(f, "invalid position: {e}"),
            SessionError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SessionError {}

#[derive(Clone)]
pub struct Session {
    variant: Variant,
    /// The `WhiteArmy` / `BlackArmy` options: the armies of games begun from now on.
    armies: Armies,
    /// The armies of the current game: its start position's, and those of a position text
    /// without an armies field of its own.
    game_armies: Armies,
    /// `None`: the variant's start position.
    start: Option<String>,
    moves: Vec<String>,
    /// The game as last read (a `Record` of the variant's type, for exactly `start` and
    /// `moves`), so that operations do not re-read every move: GUIs send the whole game before
    /// each move, on the clock. Anything that changes the game replaces or drops it.
    cache: Option<Arc<dyn Any + Send + Sync>>,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.variant)
            .field("armies", &self.armies)
            .field("game_armies", &self.game_armies)
            .field("start", &self.start)
            .field("moves", &self.moves)
            .finish_non_exhaustive()
    }
}

/// A read game, with what it was read from.
struct Cached<G: Game> {
    start: Option<String>,
    moves: Vec<String>,
    record: Record<G>,
}

/// A snapshot of facts about the current position.
#[derive(Clone, Debug)]
pub struct Summary {
    pub to_move: Seat,
    pub outcome: Option<Outcome>,
    /// The outcome in words, seats named by the variant.
    pub outcome_text: Option<String>,
    pub position_text: String,
    pub start_text: String,
    /// How many seats the variant has.
    pub seats: usize,
    /// Names of the seats eliminated so far, first out first (four-seat variants).
    pub eliminated: Vec<String>,
}

impl Session {
    pub fn new(variant: Variant) -> Session {
        let armies = [Army::Fide; 2];
        Session { variant, armies, game_armies: armies, start: None, moves: Vec::new(), cache: None }
    }

    /// A new game of the same variant from its start position, with the armies now chosen.
    pub fn new_game(&mut self) {
        *self = Session::new(self.variant).with_armies(self.armies);
    }

    fn with_armies(mut self, armies: Armies) -> Session {
        self.armies = armies;
        self.game_armies = armies;
        self
    }

    /// The `WhiteArmy` / `BlackArmy` options (A4).
    pub fn armies(&self) -> Armies {
        self.armies
    }

    /// Chooses the army of `seat` (White or Black) for the games begun from now on. A game at its
    /// start position with no move played is begun again with it (the options are usually set
    /// between `new` and the first move); a game under way keeps its armies. Returns whether the
    /// current game changed.
    pub fn set_army(&mut self, seat: Seat, army: Army) -> bool {
        let mut armies = self.armies;
        armies[usize::from(seat != Seat::WHITE)] = army;
        self.armies = armies;
        if self.is_fresh() && self.game_armies != armies && self.has_armies() {
            self.new_game();
            return true;
        }
        false
    }

    /// Whether the game is at the variant's own start: no position set up, no move played.
    pub fn is_fresh(&self) -> bool {
        self.start.is_none() && self.moves.is_empty()
    }

    /// Whether the variant lets each side choose its army.
    pub fn has_armies(&self) -> bool {
        dispatch(self.variant, VariantFacts).armies
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Replaces the whole position: `start` (`None` for the start position) and `moves`.
    pub fn set_position(&mut self, start: Option<&str>, moves: &[&str]) -> Result<(), SessionError> {
        let start = start.map(str::to_string);
        // The same game with moves added (what a UCI GUI sends before each move): read only
        // the new moves.
        let continues = start == self.start
            && self.game_armies == self.armies
            && moves.len() >= self.moves.len()
            && moves.iter().zip(&self.moves).all(|(a, b)| a == b);
        let (base, extra) = if continues {
            (self.clone(), &moves[self.moves.len()..])
        } else {
            let fresh = Session::new(self.variant).with_armies(self.armies);
            (Session { start, ..fresh }, moves)
        };
        let (canonical, cache) = dispatch(self.variant, Replay { session: &base, extra })?;
        *self = Session { moves: canonical, cache: Some(cache), ..base };
        Ok(())
    }

    /// Switches variant, back to its start position (the armies options are kept).
    pub fn set_variant(&mut self, variant: Variant) {
        *self = Session::new(variant).with_armies(self.armies);
    }

    /// Plays one move; returns its canonical token.
    pub fn play(&mut self, token: &str) -> Result<String, SessionError> {
        let (mut canonical, cache) = dispatch(self.variant, Replay { session: self, extra: &[token] })?;
        let played = canonical.pop().unwrap_or_default();
        self.moves.push(played.clone());
        self.cache = Some(cache);
        Ok(played)
    }

    /// Takes back `n` moves; false (and no change) if fewer were played.
    pub fn undo(&mut self, n: usize) -> bool {
        if n > self.moves.len() {
            return false;
        }
        self.moves.truncate(self.moves.len() - n);
        self.cache = None;
        true
    }

    pub fn summary(&self) -> Summary {
        dispatch(self.variant, Summarise { session: self })
    }

    /// How many seats the variant has (without replaying the game: protocols ask this on the
    /// clock).
    pub fn seats(&self) -> usize {
        dispatch(self.variant, VariantFacts).seats
    }

    /// The board's width and height, from the variant's start position.
    pub fn board_size(&self) -> (u8, u8) {
        dispatch(self.variant, VariantFacts).board_size
    }

    /// The canonical token of `token` in the current position, if it is legal.
    pub fn canonical(&self, token: &str) -> Result<String, SessionError> {
        dispatch(self.variant, Replay { session: self, extra: &[token] })
            .map(|(mut m, _)| m.pop().unwrap_or_default())
    }

    /// The legal moves (whole turns) of the current position, as canonical tokens.
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch(self.variant, LegalMoves { session: self })
    }

    /// How many first actions the search chooses between here: the legal moves, or for turns of
    /// several actions the first actions of the legal turns (cheap even where turns are many).
    pub fn root_action_count(&self) -> usize {
        dispatch(self.variant, RootActionCount { session: self })
    }

    /// The board drawn as text (as `jester show` draws it), with the position's key and the name
    /// of the seat to move (UCI `d`).
    pub fn picture(&self) -> Picture {
        dispatch(self.variant, Draw { session: self })
    }

    /// The static evaluation of the current position, in centipawns from the seat to move's
    /// view, with that seat's name (UCI `eval`).
    pub fn static_eval(&self) -> (i32, String) {
        dispatch(self.variant, StaticEval { session: self })
    }

    /// How many legal moves (whole turns) the current position has, counted without listing
    /// them: where a turn has several actions they can be millions (Not A Chess Variant's
    /// opening).
    pub fn turn_count(&self) -> u64 {
        dispatch(self.variant, TurnCount { session: self })
    }

    /// Perft split by legal move (whole turns), sorted by canonical token, as `jester perft
    /// --divide` prints it; `depth` is at least 1. The root moves are spread over rayon's pool.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch(self.variant, PerftDivide { session: self, depth })
    }

    /// Starts a background search of the current position.
    pub fn start_search(
        &self,
        engine: &mut Engine,
        limits: Limits,
        on_event: impl FnMut(Event) + Send + 'static,
    ) -> Result<(), SessionError> {
        dispatch(self.variant, StartSearch { session: self, engine, limits, on_event })
    }

    /// The game, for operations that cannot fail: the session only ever holds positions that
    /// were read successfully, so the start position stands in only for a broken invariant.
    fn current<G: Game>(&self) -> Record<G> {
        self.record::<G>().unwrap_or_else(|e| {
            log::error!("session no longer readable: {e}");
            Record::new(G::start())
        })
    }

    fn record<G: Game>(&self) -> Result<Record<G>, SessionError> {
        let cached = self.cache.as_ref().and_then(|c| c.downcast_ref::<Cached<G>>());
        if let Some(c) = cached.filter(|c| c.start == self.start && c.moves == self.moves) {
            return Ok(c.record.clone());
        }
        let start = match &self.start {
            Some(text) => G::from_text_with_armies(text, self.game_armies)
                .map_err(|e| SessionError::Position(Box::new(e)))?,
            // Variants without armies ignore the options.
            None => G::start_with_armies(self.game_armies).unwrap_or_else(G::start),
        };
        let mut record = Record::new(start);
        for token in &self.moves {
            record.play_token(token).map_err(SessionError::Move)?;
        }
        Ok(record)
    }
}

/// Re-reads the session and plays `extra` moves; returns every move's canonical token.
struct Replay<'a> {
    session: &'a Session,
    extra: &'a [&'a str],
}

impl SearchVisitor for Replay<'_> {
    /// The canonical tokens of every move, and the game read, to cache.
    type Output = Result<(Vec<String>, Arc<dyn Any + Send + Sync>), SessionError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        let mut record = self.session.record::<G>()?;
        let mut tokens = self.session.moves.clone();
        for token in self.extra {
            let turn = record.position().parse_turn(token).map_err(SessionError::Move)?;
            tokens.push(record.position().render_turn(&turn));
            for &m in &turn {
                record.play(m);
            }
        }
        let cached = Cached { start: self.session.start.clone(), moves: tokens.clone(), record };
        Ok((tokens, Arc::new(cached)))
    }
}

/// Facts of the variant itself.
struct VariantFacts;

struct Facts {
    seats: usize,
    /// Files and ranks.
    board_size: (u8, u8),
    /// Each side chooses its army (A4).
    armies: bool,
}

impl SearchVisitor for VariantFacts {
    type Output = Facts;
    fn visit<G: Searchable>(self) -> Facts {
        let start = G::start();
        let diagram = start.diagram();
        Facts { seats: start.seats(), board_size: (diagram.files, diagram.ranks), armies: G::ARMIES }
    }
}

struct LegalMoves<'a> {
    session: &'a Session,
}

impl SearchVisitor for LegalMoves<'_> {
    type Output = Vec<String>;
    fn visit<G: Searchable>(self) -> Vec<String> {
        let Ok(record) = self.session.record::<G>() else { return Vec::new() };
        let pos = record.position();
        let mut tokens = Vec::new();
        crate::core::for_each_turn(pos, |turn, _| tokens.push(pos.render_turn(turn)));
        tokens
    }
}

struct RootActionCount<'a> {
    session: &'a Session,
}

impl SearchVisitor for RootActionCount<'_> {
    type Output = usize;
    fn visit<G: Searchable>(self) -> usize {
        self.session.record::<G>().map_or(0, |r| r.position().count_legal_moves())
    }
}

struct Summarise<'a> {
    session: &'a Session,
}

impl SearchVisitor for Summarise<'_> {
    type Output = Summary;
    fn visit<G: Searchable>(self) -> Summary {
        let record = self.session.current::<G>();
        let pos = record.position();
        let outcome = record.outcome();
        Summary {
            seats: pos.seats(),
            eliminated: pos.elimination_order().into_iter().map(|s| pos.seat_name(s)).collect(),
            to_move: pos.to_move(),
            outcome,
            outcome_text: outcome.map(|o| o.describe(|s| pos.seat_name(s))),
            position_text: pos.to_text(),
            start_text: record.start().to_text(),
        }
    }
}

/// The current position drawn (UCI `d`).
#[derive(Clone, Debug)]
pub struct Picture {
    /// The board as `jester show` draws it, lines ending in newlines.
    pub board: String,
    pub key: u64,
    /// The name of the seat to move.
    pub to_move: String,
}

struct Draw<'a> {
    session: &'a Session,
}

impl SearchVisitor for Draw<'_> {
    type Output = Picture;
    fn visit<G: Searchable>(self) -> Picture {
        let record = self.session.current::<G>();
        let pos = record.position();
        Picture {
            board: render::ascii(&pos.diagram()),
            key: pos.key(),
            to_move: pos.seat_name(pos.to_move()),
        }
    }
}

struct StaticEval<'a> {
    session: &'a Session,
}

impl SearchVisitor for StaticEval<'_> {
    type Output = (i32, String);
    fn visit<G: Searchable>(self) -> (i32, String) {
        let record = self.session.current::<G>();
        let pos = record.position();
        (pos.evaluate(), pos.seat_name(pos.to_move()))
    }
}

struct TurnCount<'a> {
    session: &'a Session,
}

impl SearchVisitor for TurnCount<'_> {
    type Output = u64;
    fn visit<G: Searchable>(self) -> u64 {
        self.session.record::<G>().map_or(0, |r| perft::perft(r.position(), 1))
    }
}

struct PerftDivide<'a> {
    session: &'a Session,
    depth: u32,
}

impl SearchVisitor for PerftDivide<'_> {
    type Output = Vec<(String, u64)>;
    fn visit<G: Searchable>(self) -> Vec<(String, u64)> {
        let Ok(record) = self.session.record::<G>() else { return Vec::new() };
        let pos = record.position();
        let mut lines: Vec<(String, u64)> =
            perft::divide(pos, self.depth).iter().map(|(turn, n)| (pos.render_turn(turn), *n)).collect();
        lines.sort();
        lines
    }
}

struct StartSearch<'a, F> {
    session: &'a Session,
    engine: &'a mut Engine,
    limits: Limits,
    on_event: F,
}

impl<F: FnMut(Event) + Send + 'static> SearchVisitor for StartSearch<'_, F> {
    type Output = Result<(), SessionError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        let record = self.session.record::<G>()?;
        self.engine.start(record, self.limits, self.on_event);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_continued_game_reads_like_a_fresh_one_and_a_bad_move_changes_nothing() {
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];
        let mut growing = Session::new(Variant::Normal);
        for n in 0..=moves.len() {
            growing.set_position(None, &moves[..n]).unwrap();
            let mut fresh = Session::new(Variant::Normal);
            fresh.set_position(None, &moves[..n]).unwrap();
            assert_eq!(growing.summary().position_text, fresh.summary().position_text, "{n} moves");
            assert_eq!(growing.legal_moves(), fresh.legal_moves(), "{n} moves");
        }
        // SAN continuing the game is read too (from scratch), and an illegal move leaves the
        // session, cache included, as it was.
        growing.set_position(None, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]).unwrap();
        assert_eq!(growing.moves().last().map(String::as_str), Some("a7a6"));
        let before = growing.summary().position_text;
        assert!(growing.set_position(None, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ke3"]).is_err());
        assert_eq!(growing.summary().position_text, before);
        assert!(growing.undo(2));
        assert_eq!(growing.moves().len(), 4);
        assert_eq!(growing.summary().position_text, {
            let mut s = Session::new(Variant::Normal);
            s.set_position(None, &moves[..4]).unwrap();
            s.summary().position_text
        });
    }
}
