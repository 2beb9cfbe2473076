//! The JSON API behind the browser board. The server keeps no games: every request carries the
//! whole game (variant, start text, turns played, actions of an unfinished turn), which is read
//! again through the variant's own parsers, so a bad request changes nothing anywhere and two
//! browser tabs never disturb each other.

use crate::core::{Game, MoveList, Record, Seat};
use crate::eval::{dispatch, SearchVisitor};
use crate::search::{Engine, Event, Limits, Searchable, Skill};
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
    /// `/api/engine`: play at this rating (UCI_Elo scale, `Skill::MIN_ELO` to `Skill::MAX_ELO`);
    /// absent for full strength.
    #[serde(default)]
    pub elo: Option<u32>,
    /// `/api/pgn`: the players' names.
    #[serde(default)]
    pub white: Option<String>,
    #[serde(default)]
    pub black: Option<String>,
    /// `/api/pgn`: the seat whose clock ran out (the game ends there, a time forfeit).
    #[serde(default)]
    pub lost_on_time: Option<String>,
    /// `/api/state`: `figures` (the default) or `letters` for the pieces of the picture.
    #[serde(default)]
    pub pieces: Option<String>,
    /// `/api/state`: quarter turns clockwise of the picture, 0 to 3 (2 shows the board from
    /// Black's side; Fimbriation's seats sit a quarter turn apart).
    #[serde(default)]
    pub turn: Option<u8>,
}

/// One turn of the move list, written in the variant's notation for people.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// The move number (chess: a full move of White and Black; Fimbriation: a round of four).
    pub number: u32,
    /// Index of the seat that played it, in turn order.
    pub seat: usize,
    /// SAN in the chess family, the rule pages' notation or canonical tokens elsewhere, as a
    /// PGN score writes it (protocol-docs/notation.md).
    pub text: String,
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
    /// The turns played, as the move list shows them.
    pub history: Vec<TurnView>,
    pub position: String,
    /// The seats' names in turn order (the page offers the engine each of them).
    pub seats: Vec<String>,
    pub to_move: String,
    pub outcome: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Facts beside the board. Once the game is over, the lines about the turn (who is to move,
    /// a check) are left out: `outcome` says how it ended, and nothing contradicts it.
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
    /// The principal variation in the variant's notation for people (as [`TurnView::text`]).
    pub pv_text: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct VariantView {
    pub name: &'static str,
    pub description: &'static str,
    /// The seats' names in turn order (the new-game dialog offers each to the person).
    pub seats: Vec<String>,
}

pub fn variants() -> Vec<VariantView> {
    VARIANTS
        .iter()
        .map(|v| {
            let start = GameRequest { variant: v.name.to_string(), ..GameRequest::default() };
            let seats = state(&start).map(|view| view.seats).unwrap_or_default();
            VariantView { name: v.name, description: v.description, seats }
        })
        .collect()
}

fn variant_of(request: &GameRequest) -> Result<Variant, ApiError> {
    Variant::from_name(&request.variant).map_err(|e| ApiError(e.to_string()))
}

pub fn state(request: &GameRequest) -> Result<GameView, ApiError> {
    dispatch(variant_of(request)?, StateVisitor(request))
}

pub fn engine_move(request: &GameRequest, engine: &mut Engine) -> Result<EngineView, ApiError> {
    if let Some(elo) = request.elo {
        if !(Skill::MIN_ELO..=Skill::MAX_ELO).contains(&elo) {
            return Err(ApiError(format!(
                "elo {elo} out of range ({} to {})",
                Skill::MIN_ELO,
                Skill::MAX_ELO
            )));
        }
    }
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
    history: Vec<TurnView>,
}

fn turn_view<G: Game>(turn_start: &G, turn: &[G::Move]) -> TurnView {
    TurnView {
        number: turn_start.move_number().max(1),
        seat: turn_start.to_move().index(),
        text: turn_start.render_turn_for_score(turn),
    }
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
    let mut history = Vec::with_capacity(request.moves.len());
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
        history.push(turn_view(record.position(), &turn));
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
            history.push(turn_view(&turn_start, &pending));
            last_turn = record.moves().len() - pending.len()..record.moves().len();
            pending.clear();
            turn_start = record.position().clone();
        }
    }
    Ok(Replayed { record, moves, pending, turn_start, last_turn, history })
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
        let options = picture_options(self.0, G::NAME, actions.iter().any(|a| a.edge.is_some()))?;
        let diagram = pos.diagram();
        let svg = svg::render_with(&diagram, &last_squares(&game), options);
        let mut notes = diagram.notes;
        if outcome.is_some() {
            // Every variant's first note is the turn's ("White to move"); a check goes too.
            notes.remove(0);
            notes.retain(|n| n != "In check");
        }
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
            history: game.history,
            position: pos.to_text(),
            seats: (0..pos.seats()).map(|i| pos.seat_name(Seat(i as u8))).collect(),
            to_move: pos.seat_name(pos.to_move()),
            outcome: outcome.map(|o| o.describe(|s| pos.seat_name(s))),
            result: pgn::result_token(outcome).to_string(),
            notes,
            svg,
            actions,
        })
    }
}

/// How the request wants the picture drawn.
fn picture_options(
    request: &GameRequest,
    variant: &str,
    edge_targets: bool,
) -> Result<svg::Options, ApiError> {
    // Not A Chess Variant's letters name pieces of its own (notation.md).
    let figures = if variant.starts_with("notachess") {
        svg::PieceSet::WireFigures
    } else {
        svg::PieceSet::ChessFigures
    };
    let pieces = match request.pieces.as_deref() {
        None | Some("figures") => figures,
        Some("letters") => svg::PieceSet::Letters,
        Some(other) => return Err(ApiError(format!("pieces '{other}': expected figures or letters"))),
    };
    let quarter_turns = request.turn.unwrap_or(0);
    if quarter_turns > 3 {
        return Err(ApiError(format!("turn {quarter_turns} out of range (0 to 3 quarter turns)")));
    }
    Ok(svg::Options { edge_targets, pieces, quarter_turns })
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
        let limits = Limits {
            movetime: Some(Duration::from_millis(self.movetime)),
            multipv: 1,
            skill: self.request.elo.and_then(Skill::from_elo),
            ..Limits::default()
        };
        let mut pv = Vec::new();
        let best = self.engine.search(&game.record, &limits, &mut |event| {
            if let Event::Info(info) = event {
                pv = info.pv;
            }
        });
        let Some(token) = best.best else {
            return Err(ApiError("the engine found no legal move".into()));
        };
        let pv_text = pgn::score_tokens(game.record.position(), &pv);
        Ok(EngineView {
            pv_text,
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
            date: pgn::today(),
            white: self.0.white.clone().unwrap_or_else(|| "?".into()),
            black: self.0.black.clone().unwrap_or_else(|| "?".into()),
            ..pgn::Header::default()
        };
        let mut ending = pgn::Ending::of_record(&record);
        if let Some(loser) = &self.0.lost_on_time {
            let pos = record.position();
            let seats: Vec<Seat> = (0..pos.seats()).map(|i| Seat(i as u8)).collect();
            let Some(&seat) = seats.iter().find(|&&s| pos.seat_name(s) == *loser) else {
                return Err(ApiError(format!("lost_on_time '{loser}' is not a seat of {}", G::NAME)));
            };
            if let Some(o) = record.outcome() {
                let over = o.describe(|s| pos.seat_name(s));
                return Err(ApiError(format!("lost_on_time '{loser}': the game was already over ({over})")));
            }
            ending.result = match (seats.len(), seat) {
                (2, Seat::WHITE) => "0-1".into(),
                (2, _) => "1-0".into(),
                _ => "*".into(),
            };
            ending.termination = Some("time forfeit".into());
            ending.comment = Some(format!("{loser} lost on time"));
        }
        Ok(pgn::write_ended(&record, &header, &ending))
    }
}

/// The body of `/api/pgn/read`: a PGN text, of which the first game is read.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PgnUpload {
    pub pgn: String,
    /// As in [`GameRequest`]: how the picture is drawn.
    #[serde(default)]
    pub pieces: Option<String>,
    #[serde(default)]
    pub turn: Option<u8>,
}

/// Reads the first game of a PGN text (its `Variant` tag, `normal` without one; its `FEN` tag;
/// its moves in any notation the variant reads) and answers it as [`state`] does.
pub fn read_pgn(upload: &PgnUpload) -> Result<GameView, ApiError> {
    let games = pgn::read(&upload.pgn).map_err(|e| ApiError(format!("cannot read the PGN: {e}")))?;
    let Some(game) = games.into_iter().next() else {
        return Err(ApiError("the PGN holds no game".into()));
    };
    let variant = match game.tag("Variant") {
        None => "normal".to_string(),
        Some(v) if ["standard", "chess", ""].contains(&v.to_ascii_lowercase().as_str()) => "normal".into(),
        Some(v) => v.to_string(),
    };
    state(&GameRequest {
        variant,
        start: game.tag("FEN").map(str::to_string),
        moves: game.moves,
        pieces: upload.pieces.clone(),
        turn: upload.turn,
        ..GameRequest::default()
    })
}
