//! The game a protocol front end is playing or analysing, independent of the variant type.
//!
//! A session stores the variant, the start position text and the moves played as canonical
//! tokens; every operation re-reads them through the variant's own parser (dispatch chosen once
//! per operation), so a failed operation leaves the session exactly as it was.

use crate::core::{Game, MoveParseError, Outcome, Record, Seat};
use crate::eval::{dispatch, SearchVisitor};
use crate::search::{Engine, Event, Limits, Searchable};
use crate::variants::{UnknownVariant, Variant};
use std::fmt;

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

#[derive(Clone, Debug)]
pub struct Session {
    variant: Variant,
    /// `None`: the variant's start position.
    start: Option<String>,
    moves: Vec<String>,
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
    /// The board's width and height.
    pub files: u8,
    pub ranks: u8,
}

impl Session {
    pub fn new(variant: Variant) -> Session {
        Session { variant, start: None, moves: Vec::new() }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Replaces the whole position: `start` (`None` for the start position) and `moves`.
    pub fn set_position(&mut self, start: Option<&str>, moves: &[&str]) -> Result<(), SessionError> {
        let candidate =
            Session { variant: self.variant, start: start.map(str::to_string), moves: Vec::new() };
        let canonical = dispatch(self.variant, Replay { session: &candidate, extra: moves })?;
        *self = Session { moves: canonical, ..candidate };
        Ok(())
    }

    /// Switches variant, back to its start position.
    pub fn set_variant(&mut self, variant: Variant) {
        *self = Session::new(variant);
    }

    /// Plays one move; returns its canonical token.
    pub fn play(&mut self, token: &str) -> Result<String, SessionError> {
        let mut canonical = dispatch(self.variant, Replay { session: self, extra: &[token] })?;
        let played = canonical.pop().unwrap_or_default();
        self.moves.push(played.clone());
        Ok(played)
    }

    /// Takes back `n` moves; false (and no change) if fewer were played.
    pub fn undo(&mut self, n: usize) -> bool {
        if n > self.moves.len() {
            return false;
        }
        self.moves.truncate(self.moves.len() - n);
        true
    }

    pub fn summary(&self) -> Summary {
        dispatch(self.variant, Summarise { session: self })
    }

    /// The canonical token of `token` in the current position, if it is legal.
    pub fn canonical(&self, token: &str) -> Result<String, SessionError> {
        dispatch(self.variant, Replay { session: self, extra: &[token] })
            .map(|mut m| m.pop().unwrap_or_default())
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

    /// Starts a background search of the current position.
    pub fn start_search(
        &self,
        engine: &mut Engine,
        limits: Limits,
        on_event: impl FnMut(Event) + Send + 'static,
    ) -> Result<(), SessionError> {
        dispatch(self.variant, StartSearch { session: self, engine, limits, on_event })
    }

    fn record<G: Game>(&self) -> Result<Record<G>, SessionError> {
        let start = match &self.start {
            Some(text) => G::from_text(text).map_err(|e| SessionError::Position(Box::new(e)))?,
            None => G::start(),
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
    type Output = Result<Vec<String>, SessionError>;
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
        Ok(tokens)
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
        // The session only ever holds positions that were read successfully.
        let record = match self.session.record::<G>() {
            Ok(r) => r,
            Err(e) => {
                log::error!("session no longer readable: {e}");
                Record::new(G::start())
            }
        };
        let pos = record.position();
        let outcome = record.outcome();
        let diagram = pos.diagram();
        Summary {
            seats: pos.seats(),
            eliminated: pos.elimination_order().into_iter().map(|s| pos.seat_name(s)).collect(),
            files: diagram.files,
            ranks: diagram.ranks,
            to_move: pos.to_move(),
            outcome,
            outcome_text: outcome.map(|o| o.describe(|s| pos.seat_name(s))),
            position_text: pos.to_text(),
            start_text: record.start().to_text(),
        }
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
