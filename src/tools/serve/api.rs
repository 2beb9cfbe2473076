//! The JSON API behind the browser board. The server keeps no games: every request carries the
//! whole game (variant, start text, turns played, actions of an unfinished turn), which is read
//! again through the variant's own parsers, so a bad request changes nothing anywhere and two
//! browser tabs never disturb each other.

use crate::core::{Game, MoveList, Record};
use crate::eval::{dispatch, SearchVisitor};
use crate::search::{Engine, Event, Limits, Searchable};
use crate::tools::{pgn, svg};
use crate::variants::{Variant, VARIANTS};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// The most turns a request may carry (a long game has a few hundred).
pub const MAX_TURNS: usize = 5000;
/// The longest engine search a request may ask for.
pub const MAX_MOVETIME_MS: u64 = 60_000;

/// A request the API refuses, with a message naming the offending value. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The body of every POST: a game, and what some endpoints need besides.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    pub variant: String,
    /// A position text; absent or null for the variant's start position.
    #[serde(default)]
    pub start: Option<String>,
    /// Whole turns played from the start, as tokens (canonical or any accepted form).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Actions of the turn in progress (Not A Chess Variant: the piece move before its wire).
    #[serde(default)]
    pub pending: Vec<String>,
    /// `/api/engine`: milliseconds to think.
    #[serde(default)]
    pub movetime: Option<u64>,
    /// `/api/pgn`: the players' names.
    #[serde(default)]
    pub white: Option<String>,
    #[serde(default)]
    pub black: Option<String>,
}

/// One legal action of the position shown, with what a click on the board must hit to choose it.
#[derive(Clone, Debug, Serialize)]
pub struct ActionView {
    pub token: String,
    /// Squares it moves from (a click there starts it).
    pub from: Vec<String>,
    /// Squares it moves to (a second click there completes it); equal to `from` for an action
    /// on one square (arson).
    pub to: Vec<String>,
    /// The edge it places a wire on, for a click on that edge.
    pub edge: Option<String>,
    /// Whether the action completes the turn.
    pub ends_turn: bool,
}

/// The game after the request's moves: everything the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub variant: String,
    /// The start position text, canonical.
    pub start: String,
    /// The turns played, canonical tokens, with the actions of a turn the request completed.
    pub moves: Vec<String>,
    /// Actions of the unfinished turn, canonical.
    pub pending: Vec<String>,
    pub position: String,
    /// The seats' names in turn order (the page offers the engine each of them).
    pub seats: Vec<String>,
    pub to_move: String,
    pub outcome: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    pub notes: Vec<String>,
    pub svg: String,
    /// The legal actions here (none once the game is over).
    pub actions: Vec<ActionView>,
}

/// The engine's answer.
#[derive(Clone, Debug, Serialize)]
pub struct EngineView {
    /// The whole turn it plays, canonical.
    pub best: String,
    /// From the side to move's point of view, UCI style (`cp 35`, `mate 3`).
    pub score: String,
    pub depth: i32,
    pub nodes: u64,
    /// The principal variation, canonical turn tokens.
    pub pv: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct VariantView {
    pub name: &'static str,
    pub description: &'static str,
}

pub fn variants() -> Vec<VariantView> {
    VARIANTS.iter().map(|v| VariantView { name: v.name, description: v.description }).collect()
}

fn variant_of(request: &GameRequest) -> Result<Variant, ApiError> {
    Variant::from_name(&request.variant).map_err(|e| ApiError(e.to_string()))
}

pub fn state(request: &GameRequest) -> Result<GameView, ApiError> {
    dispatch(variant_of(request)?, StateVisitor(request))
}

pub fn engine_move(request: &GameRequest, engine: &mut Engine) -> Result<EngineView, ApiError> {
    let movetime = request.movetime.unwrap_or(1000);
    if !(1..=MAX_MOVETIME_MS).contains(&movetime) {
        return Err(ApiError(format!("movetime {movetime} out of range (1 to {MAX_MOVETIME_MS} ms)")));
    }
    dispatch(variant_of(request)?, EngineVisitor { request, engine, movetime })
}

pub fn pgn(request: &GameRequest) -> Result<String, ApiError> {
    dispatch(variant_of(request)?, PgnVisitor(request))
}

/// A request's game read through the variant's rules.
struct Replayed<G: Game> {
    /// The game up to the last whole turn, then the pending actions.
    record: Record<G>,
    moves: Vec<String>,
    pending: Vec<G::Move>,
    /// The position where the unfinished turn began.
    turn_start: G,
    /// Indices in `record.moves()` of the last whole turn's actions.
    last_turn: std::ops::Range<usize>,
}

fn replay<G: Game>(request: &GameRequest) -> Result<Replayed<G>, ApiError> {
    if request.moves.len() > MAX_TURNS {
        return Err(ApiError(format!("too many moves ({}; at most {MAX_TURNS})", request.moves.len())));
    }
    let start = match &request.start {
        Some(text) => G::from_text(text).map_err(|e| ApiError(format!("invalid position: {e}")))?,
        None => G::start(),
    };
    let mut record = Record::new(start);
    let mut moves = Vec::with_capacity(request.moves.len());
    let mut last_turn = 0..0;
    let refuse_if_over = |record: &Record<G>, token: &str| match record.outcome() {
        Some(o) => Err(ApiError(format!(
            "move '{token}' refused: the game is over ({})",
            o.describe(|s| record.position().seat_name(s))
        ))),
        None => Ok(()),
    };
    for (i, token) in request.moves.iter().enumerate() {
        refuse_if_over(&record, token)?;
        // A whole turn from a position between turns: the game stays between turns.
        let turn = record
            .position()
            .parse_turn(token)
            .map_err(|e| ApiError(format!("{e} (move {} of the game)", i + 1)))?;
        moves.push(record.position().render_turn(&turn));
        let begin = record.moves().len();
        for &m in &turn {
            record.play(m);
        }
        last_turn = begin..record.moves().len();
    }
    let mut turn_start = record.position().clone();
    let mut pending = Vec::new();
    for token in &request.pending {
        refuse_if_over(&record, token)?;
        let m = record.position().parse_move(token).map_err(|e| ApiError(e.to_string()))?;
        record.play(m);
        pending.push(m);
        if !record.position().mid_turn() {
            moves.push(turn_start.render_turn(&pending));
            last_turn = record.moves().len() - pending.len()..record.moves().len();
            pending.clear();
            turn_start = record.position().clone();
        }
    }
    Ok(Replayed { record, moves, pending, turn_start, last_turn })
}

struct StateVisitor<'a>(&'a GameRequest);

impl SearchVisitor for StateVisitor<'_> {
    type Output = Result<GameView, ApiError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        let game = replay::<G>(self.0)?;
        let pos = game.record.position();
        let outcome = game.record.outcome();
        let mut actions = Vec::new();
        if outcome.is_none() {
            let mut legal = MoveList::new();
            pos.legal_moves(&mut legal);
            for &m in &legal {
                let squares = pos.move_squares(m);
                let mut after = pos.clone();
                after.play(m);
                actions.push(ActionView {
                    token: pos.render_move(m),
                    from: squares.iter().step_by(2).map(ToString::to_string).collect(),
                    to: squares.iter().skip(1).step_by(2).map(ToString::to_string).collect(),
                    edge: pos.move_edge(m).map(|e| e.to_string()),
                    ends_turn: !after.mid_turn(),
                });
            }
        }
        let edge_targets = actions.iter().any(|a| a.edge.is_some());
        let diagram = pos.diagram();
        let svg = svg::render_with(&diagram, &last_squares(&game), svg::Options { edge_targets });
        let mut pending_tokens = Vec::new();
        let mut at = game.turn_start.clone();
        for &m in &game.pending {
            pending_tokens.push(at.render_move(m));
            at.play(m);
        }
        Ok(GameView {
            variant: G::NAME.to_string(),
            start: game.record.start().to_text(),
            moves: game.moves,
            pending: pending_tokens,
            position: pos.to_text(),
            seats: (0..pos.seats()).map(|i| pos.seat_name(crate::core::Seat(i as u8))).collect(),
            to_move: pos.seat_name(pos.to_move()),
            outcome: outcome.map(|o| o.describe(|s| pos.seat_name(s))),
            result: pgn::result_token(outcome).to_string(),
            notes: diagram.notes,
            svg,
            actions,
        })
    }
}

/// The squares to tint: the unfinished turn's actions if there are any, else the last turn's.
fn last_squares<G: Game>(game: &Replayed<G>) -> Vec<crate::core::Coord> {
    let actions = game.record.moves();
    let shown =
        if game.pending.is_empty() { game.last_turn.clone() } else { game.last_turn.end..actions.len() };
    let mut pos = game.record.start().clone();
    let mut squares = Vec::new();
    for (i, &m) in actions.iter().enumerate() {
        if shown.contains(&i) {
            squares.extend(pos.move_squares(m));
        }
        pos.play(m);
    }
    squares
}

struct EngineVisitor<'a> {
    request: &'a GameRequest,
    engine: &'a mut Engine,
    movetime: u64,
}

impl SearchVisitor for EngineVisitor<'_> {
    type Output = Result<EngineView, ApiError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        let game = replay::<G>(self.request)?;
        if !game.pending.is_empty() {
            return Err(ApiError(
                "the engine moves only between turns: finish or undo the turn first".into(),
            ));
        }
        if let Some(o) = game.record.outcome() {
            let pos = game.record.position();
            return Err(ApiError(format!("the game is over ({})", o.describe(|s| pos.seat_name(s)))));
        }
        let limits =
            Limits { movetime: Some(Duration::from_millis(self.movetime)), multipv: 1, ..Limits::default() };
        let mut pv = Vec::new();
        let best = self.engine.search(&game.record, &limits, &mut |event| {
            if let Event::Info(info) = event {
                pv = info.pv;
            }
        });
        let Some(token) = best.best else {
            return Err(ApiError("the engine found no legal move".into()));
        };
        Ok(EngineView {
            best: token,
            score: best.score.to_string(),
            depth: best.depth,
            nodes: best.nodes,
            pv,
        })
    }
}

struct PgnVisitor<'a>(&'a GameRequest);

impl SearchVisitor for PgnVisitor<'_> {
    type Output = Result<String, ApiError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        let game = replay::<G>(self.0)?;
        // The score holds whole turns: an unfinished turn is left out.
        let mut record = Record::new(game.record.start().clone());
        let whole = game.record.moves().len() - game.pending.len();
        for &m in &game.record.moves()[..whole] {
            record.play(m);
        }
        let header = pgn::Header {
            event: "jester serve".into(),
            site: "localhost".into(),
            white: self.0.white.clone().unwrap_or_else(|| "?".into()),
            black: self.0.black.clone().unwrap_or_else(|| "?".into()),
            ..pgn::Header::default()
        };
        Ok(pgn::write(&record, &header))
    }
}
