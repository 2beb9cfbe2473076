//! The referee: one game between two engines, judged by jester's rules.
//!
//! It keeps the game with the jester library (`Record<G>`), checks every move against the legal
//! moves (a token any jester parser reads is accepted and recorded canonically), keeps both
//! clocks, ends the game by the variant's rules (mate, stalemate, repetition, the move-count
//! rule, each variant's own end rules), adjudicates by score when asked, draws at the ply
//! limit, and otherwise ends it by a fault (illegal or missing move, flag fall, false claim,
//! dead or hung engine), naming the engine at fault.

use super::player::{Answer, EngineScore, Player, PlayerError, Reply, TimeControl, Turn};
use crate::core::{Game, Outcome, Record, Seat};
use std::time::{Duration, Instant};

/// A fault ends the game against the engine that committed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// An illegal or unreadable move (or a non-canonical one, in strict mode).
    IllegalMove,
    /// The clock ran out (the reply came too late, or never).
    Time,
    /// A result claim the rules do not support.
    FalseClaim,
    /// The engine died, stopped answering, or refused a legal move.
    EngineFailure,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Mate, stalemate, move-count rule, insufficient material, repetition, variant rules.
    Rule(Outcome),
    /// Adjudicated a draw at the ply limit.
    PlyLimit,
    /// The engine of this seat resigned.
    Resignation(Seat),
    /// Adjudicated by the engines' scores: the winner (`None`: a draw) and why.
    Adjudication {
        winner: Option<Seat>,
        reason: String,
    },
    Fault {
        seat: Seat,
        kind: FaultKind,
        detail: String,
    },
}

/// The `Termination` tags of games that ended by a fault.
pub const FAULT_TERMINATIONS: [&str; 3] = ["time forfeit", "abandoned", "rules infraction"];

impl End {
    /// The PGN `Termination` tag: `normal`, `adjudication`, or for a fault one of
    /// [`FAULT_TERMINATIONS`].
    pub fn termination(&self) -> &'static str {
        match self {
            End::Rule(_) | End::Resignation(_) => "normal",
            End::PlyLimit | End::Adjudication { .. } => "adjudication",
            End::Fault { kind: FaultKind::Time, .. } => FAULT_TERMINATIONS[0],
            End::Fault { kind: FaultKind::EngineFailure, .. } => FAULT_TERMINATIONS[1],
            End::Fault { .. } => FAULT_TERMINATIONS[2],
        }
    }
}

/// Adjudication by the engines' own scores (centipawns, from each engine's point of view).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub draw: Option<DrawAdjudication>,
    pub resign: Option<ResignAdjudication>,
}

/// A draw once both engines have scored within `score` of equality for `move_count` moves
/// each, from move number `move_number` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    pub move_number: usize,
    pub move_count: usize,
    pub score: i32,
}

/// A loss for an engine that has scored `-score` or worse for `move_count` moves in a row
/// (with `two_sided`, only if its opponent agreed with `score` or better as long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    pub move_count: usize,
    pub score: i32,
    pub two_sided: bool,
}

/// `key=value` pairs separated by commas, each key known to `keys`.
fn settings<'a>(what: &str, text: &'a str, keys: &[&str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    text.split(',')
        .map(|part| {
            let (key, value) =
                part.split_once('=').ok_or_else(|| format!("{what} setting '{part}' is not KEY=VALUE"))?;
            if !keys.contains(&key.trim()) {
                return Err(format!("{what} setting '{key}' unknown ({})", keys.join(", ")));
            }
            Ok((key.trim(), value.trim()))
        })
        .collect()
}

fn number<T: std::str::FromStr>(what: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{what} value '{value}' is not a number"))
}

impl DrawAdjudication {
    /// Reads `movenumber=40,movecount=8,score=10`.
    pub fn parse(text: &str) -> Result<DrawAdjudication, String> {
        let mut d = DrawAdjudication { move_number: 0, move_count: 0, score: 0 };
        for (key, value) in settings("draw adjudication", text, &["movenumber", "movecount", "score"])? {
            match key {
                "movenumber" => d.move_number = number("draw adjudication", value)?,
                "movecount" => d.move_count = number("draw adjudication", value)?,
                _ => d.score = number("draw adjudication", value)?,
            }
        }
        if d.move_count == 0 {
            return Err(format!("draw adjudication '{text}' needs movecount of at least 1"));
        }
        Ok(d)
    }
}

impl ResignAdjudication {
    /// Reads `movecount=3,score=600[,twosided=true]`.
    pub fn parse(text: &str) -> Result<ResignAdjudication, String> {
        let mut r = ResignAdjudication { move_count: 0, score: 0, two_sided: false };
        for (key, value) in settings("resign adjudication", text, &["movecount", "score", "twosided"])? {
            match key {
                "movecount" => r.move_count = number("resign adjudication", value)?,
                "score" => r.score = number("resign adjudication", value)?,
                _ => {
                    r.two_sided = match value {
                        "true" | "1" => true,
                        "false" | "0" => false,
                        _ => {
                            return Err(format!(
                                "resign adjudication twosided '{value}': expected true or false"
                            ))
                        }
                    }
                }
            }
        }
        if r.move_count == 0 || r.score <= 0 {
            return Err(format!("resign adjudication '{text}' needs movecount and score above 0"));
        }
        Ok(r)
    }
}

#[derive(Clone, Debug)]
pub struct GameResult {
    /// Engine labels of White and Black.
    pub players: [String; 2],
    /// `None` for a draw.
    pub winner: Option<Seat>,
    pub end: End,
    /// The start position text, `None` for the variant's start.
    pub start: Option<String>,
    pub plies: usize,
    /// Every turn from the start position, opening included, canonical tokens.
    pub moves: Vec<String>,
    /// How many of `moves` were the opening, played before the clocks started.
    pub opening_plies: usize,
    /// The smallest time each seat had left right after one of its moves (before the increment).
    pub min_clock: [Duration; 2],
    /// The CPU pressure (see [`CpuPressure`]) while the last move was asked for: for a flag
    /// fall, whether the machine was overloaded at the time.
    pub cpu_pressure: Option<f64>,
    /// The transcript of the engine at fault, if any.
    pub transcript: Option<String>,
    /// Error reports of White's and Black's engine about what the driver sent them.
    pub complaints: [Vec<String>; 2],
    /// Total thinking time of the game's moves (both seats), and how many moves it covers.
    pub think_time: Duration,
    pub timed_moves: usize,
}

impl GameResult {
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Seat::WHITE) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    pub fn reason(&self) -> String {
        let name = |s: Seat| self.players[s.index()].clone();
        match &self.end {
            End::Rule(o) => o.describe(|s| side(s).to_string()),
            End::PlyLimit => format!("draw adjudicated after {} plies", self.plies),
            End::Resignation(s) => format!("{} resigns", name(*s)),
            End::Adjudication { reason, .. } => reason.clone(),
            End::Fault { seat, kind, detail } => {
                format!("{} ({}) {kind:?}: {detail}", name(*seat), side(*seat))
            }
        }
    }

    /// The PGN `Termination` tag ([`End::termination`]).
    pub fn termination(&self) -> &'static str {
        self.end.termination()
    }

    /// The error reports of the engine labelled `label` in this game.
    pub fn complaints_of(&self, label: &str) -> Vec<String> {
        (0..2).filter(|&i| self.players[i] == label).flat_map(|i| self.complaints[i].clone()).collect()
    }

    /// The fault, if the engine labelled `label` committed one.
    pub fn fault_of(&self, label: &str) -> Option<(FaultKind, &str)> {
        match &self.end {
            End::Fault { seat, kind, detail } if self.players[seat.index()] == label => Some((*kind, detail)),
            _ => None,
        }
    }

    /// Points for the engine labelled `label`: `Some(1.0)`, `Some(0.5)`, `Some(0.0)`.
    pub fn score_of(&self, label: &str) -> Option<f64> {
        let seat = self.players.iter().position(|p| p == label)?;
        Some(match self.winner {
            None => 0.5,
            Some(w) if w.index() == seat => 1.0,
            Some(_) => 0.0,
        })
    }

    /// The moves as a `position` command, to reproduce the game.
    pub fn position_command(&self) -> String {
        let mut s = match &self.start {
            Some(text) => format!("position fen {text}"),
            None => "position startpos".to_string(),
        };
        if !self.moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&self.moves.join(" "));
        }
        s
    }

    /// A full report for a failure message.
    pub fn report(&self) -> String {
        let mut s = format!(
            "{} vs {}: {} ({}), {} plies\n{}\n",
            self.players[0],
            self.players[1],
            self.result_text(),
            self.reason(),
            self.plies,
            self.position_command()
        );
        if let Some(t) = &self.transcript {
            s.push_str(t);
        }
        s
    }
}

fn side(seat: Seat) -> &'static str {
    if seat == Seat::WHITE {
        "White"
    } else {
        "Black"
    }
}

#[derive(Clone, Debug)]
pub struct GameConfig {
    pub tc: TimeControl,
    /// Adjudicate a draw when the game reaches this many plies.
    pub max_plies: usize,
    /// The start position text; `None` for the variant's start.
    pub start: Option<String>,
    /// Turns played from the start before the clocks start (validated by the caller).
    pub opening: Vec<String>,
    /// Time an engine may overstep its clock (or fixed move time) without losing.
    pub margin: Duration,
    /// How long after that an engine may still answer, to tell "late" from "hung".
    pub grace: Duration,
    /// How long a move may take without a clock (fixed depth or nodes) before the engine is
    /// taken as hung.
    pub hang: Duration,
    /// Only canonical tokens are accepted (the tests of jester's own protocols); otherwise
    /// any form jester reads (SAN, the rule pages' notation) is accepted and recorded canonically.
    pub strict_tokens: bool,
    pub adjudication: Adjudication,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            tc: TimeControl::clock(Duration::from_secs(10), Duration::from_millis(100)),
            max_plies: 1000,
            start: None,
            opening: Vec::new(),
            margin: Duration::ZERO,
            grace: Duration::from_secs(2),
            hang: Duration::from_secs(300),
            strict_tokens: true,
            adjudication: Adjudication::default(),
        }
    }
}

/// Plays one game of the variant `G`, refereed by jester's rules; `players[0]` has White.
pub fn play_game_as<G: Game>(players: [&mut dyn Player; 2], config: &GameConfig) -> GameResult {
    let [white, black] = players;
    let mut players: [&mut dyn Player; 2] = [white, black];
    let mut table = Table::<G>::new(config);
    let (winner, end) = referee(&mut players, &mut table, config);
    let transcript = match &end {
        End::Fault { seat, .. } => Some(players[seat.index()].transcript(60)),
        _ => None,
    };
    let result = GameResult {
        players: [players[0].label().to_string(), players[1].label().to_string()],
        winner,
        end,
        start: config.start.clone(),
        plies: table.moves.len(),
        opening_plies: config.opening.len(),
        moves: table.moves,
        min_clock: table.min_clock,
        cpu_pressure: table.last_pressure,
        transcript,
        complaints: [players[0].take_complaints(), players[1].take_complaints()],
        think_time: table.think_time,
        timed_moves: table.timed_moves,
    };
    let reason = result.reason();
    for p in players.iter_mut() {
        p.game_over(result.result_text(), &reason);
    }
    result
}

/// What the referee keeps during a game.
struct Table<G: Game> {
    record: Record<G>,
    moves: Vec<String>,
    clocks: [Duration; 2],
    min_clock: [Duration; 2],
    /// Timed moves each seat has made (for moves-per-period clocks).
    moves_made: [u32; 2],
    /// Each seat's scores of its timed moves, latest last (`None`: it gave none).
    scores: [Vec<Option<i32>>; 2],
    /// The CPU pressure during the last request.
    last_pressure: Option<f64>,
    think_time: Duration,
    timed_moves: usize,
}

impl<G: Game> Table<G> {
    fn new(config: &GameConfig) -> Table<G> {
        let start = match &config.start {
            Some(text) => G::from_text(text).unwrap_or_else(|e| panic!("start position {text}: {e}")),
            None => G::start(),
        };
        let mut record = Record::new(start);
        let mut moves = Vec::new();
        // Opening moves count towards the first period of a moves-per-period clock, as engines
        // count them (they see the move number).
        let mut moves_made = [0u32; 2];
        for token in &config.opening {
            let turn =
                record.position().parse_turn(token).unwrap_or_else(|e| panic!("opening move {token}: {e}"));
            moves_made[record.position().to_move().index() % 2] += 1;
            moves.push(record.position().render_turn(&turn));
            for m in turn {
                record.play(m);
            }
        }
        let clocks = [config.tc.start_clock(); 2];
        Table {
            record,
            moves,
            clocks,
            min_clock: clocks,
            moves_made,
            scores: [Vec::new(), Vec::new()],
            last_pressure: None,
            think_time: Duration::ZERO,
            timed_moves: 0,
        }
    }

    /// The last `n` scores of `seat`, if it gave a score for each.
    fn last_scores(&self, seat: Seat, n: usize) -> Option<Vec<i32>> {
        let all = &self.scores[seat.index()];
        if n == 0 || all.len() < n {
            return None;
        }
        all[all.len() - n..].iter().copied().collect()
    }

    /// The adjudication the scores call for, if any.
    fn adjudicate(&self, rules: &Adjudication) -> Option<(Option<Seat>, End)> {
        if let Some(r) = rules.resign {
            for seat in [Seat::WHITE, Seat::BLACK] {
                let losing =
                    self.last_scores(seat, r.move_count).is_some_and(|s| s.iter().all(|&v| v <= -r.score));
                let agreed = !r.two_sided
                    || self
                        .last_scores(other(seat), r.move_count)
                        .is_some_and(|s| s.iter().all(|&v| v >= r.score));
                if losing && agreed {
                    let reason = format!(
                        "{} adjudicated lost: scored -{} or worse for {} moves",
                        side(seat),
                        r.score,
                        r.move_count
                    );
                    let winner = Some(other(seat));
                    return Some((winner, End::Adjudication { winner, reason }));
                }
            }
        }
        if let Some(d) = rules.draw {
            let move_number = self.moves.len() / 2 + 1;
            let quiet = |seat| {
                self.last_scores(seat, d.move_count)
                    .is_some_and(|s| s.iter().all(|&v| v.unsigned_abs() <= d.score.unsigned_abs()))
            };
            if move_number >= d.move_number && quiet(Seat::WHITE) && quiet(Seat::BLACK) {
                let reason =
                    format!("draw adjudicated: both scored within {} for {} moves", d.score, d.move_count);
                return Some((None, End::Adjudication { winner: None, reason }));
            }
        }
        None
    }
}

/// Runs the game to its end: the winner (`None`: a draw) and how it ended.
fn referee<G: Game>(
    players: &mut [&mut dyn Player; 2],
    table: &mut Table<G>,
    config: &GameConfig,
) -> (Option<Seat>, End) {
    for seat in [Seat::WHITE, Seat::BLACK] {
        if let Err(detail) = players[seat.index()].new_game(config.tc, G::NAME) {
            return (Some(other(seat)), End::Fault { seat, kind: FaultKind::EngineFailure, detail });
        }
    }
    loop {
        if let Some(outcome) = table.record.outcome() {
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw { .. } => None,
            };
            return (winner, End::Rule(outcome));
        }
        if let Some(adjudicated) = table.adjudicate(&config.adjudication) {
            return adjudicated;
        }
        if table.moves.len() >= config.max_plies {
            return (None, End::PlyLimit);
        }
        let seat = table.record.position().to_move();
        let i = seat.index();
        let clock = table.clocks[i];
        // The time this move may take before its engine loses on time.
        let allowed = match config.tc {
            TimeControl::Clock { .. } => Some(clock + config.margin),
            TimeControl::MoveTime(t) => Some(t + config.margin),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => None,
        };
        let forfeit = |kind, detail: String| (Some(other(seat)), End::Fault { seat, kind, detail });
        let moves_to_go = match config.tc {
            TimeControl::Clock { moves: Some(n), .. } => Some(n - table.moves_made[i] % n),
            _ => None,
        };
        let turn = Turn {
            start: config.start.as_deref(),
            moves: &table.moves,
            seat,
            clocks: [table.clocks[0], table.clocks[1], Duration::ZERO, Duration::ZERO],
            seats: 2,
            moves_to_go,
            tc: config.tc,
            patience: allowed.map_or(config.hang, |a| a + config.grace),
        };
        let pressure = CpuPressure::sample();
        let answer = players[i].think(&turn);
        table.last_pressure = pressure.since();
        let Answer { reply, elapsed, score } = match answer {
            Ok(x) => x,
            Err(PlayerError::Timeout) => {
                let detail =
                    format!("no reply within {:?}{}", turn.patience, describe_pressure(table.last_pressure));
                return forfeit(FaultKind::Time, detail);
            }
            Err(PlayerError::Closed) => {
                return forfeit(
                    FaultKind::EngineFailure,
                    "the engine closed its output (exited or crashed)".into(),
                )
            }
            Err(PlayerError::Rejected(line)) => {
                let detail = format!("refused the legal move {:?}: {line}", table.moves.last());
                return forfeit(FaultKind::EngineFailure, detail);
            }
        };
        if let Some(allowed) = allowed.filter(|&a| elapsed > a) {
            let detail = format!(
                "flag fell: took {:.3}s with {:.3}s allowed{}",
                elapsed.as_secs_f64(),
                allowed.as_secs_f64(),
                describe_pressure(table.last_pressure)
            );
            return forfeit(FaultKind::Time, detail);
        }
        table.think_time += elapsed;
        table.timed_moves += 1;
        if let TimeControl::Clock { base, increment, moves } = config.tc {
            table.clocks[i] = clock.saturating_sub(elapsed);
            table.min_clock[i] = table.min_clock[i].min(table.clocks[i]);
            table.clocks[i] += increment;
            table.moves_made[i] += 1;
            if moves.is_some_and(|n| table.moves_made[i] % n == 0) {
                table.clocks[i] += base;
            }
        }
        table.scores[i].push(score.map(EngineScore::centipawns));
        let position = table.record.position();
        match reply {
            Reply::Move(token) => match position.parse_turn(&token) {
                Ok(turn) if !config.strict_tokens || position.render_turn(&turn) == token => {
                    table.moves.push(position.render_turn(&turn));
                    for m in turn {
                        table.record.play(m);
                    }
                }
                Ok(turn) => {
                    let detail = format!(
                        "'{token}' is not a coordinate move (the legal move is written {})",
                        position.render_turn(&turn)
                    );
                    return forfeit(FaultKind::IllegalMove, detail);
                }
                Err(e) => {
                    return forfeit(
                        FaultKind::IllegalMove,
                        format!("'{token}' in {}: {e}", position.to_text()),
                    )
                }
            },
            Reply::Resign => return (Some(other(seat)), End::Resignation(seat)),
            Reply::Claim(text) => {
                // The game is not over by the rules (checked above), so only conceding counts.
                let concedes = match seat {
                    Seat::WHITE => text.starts_with("0-1"),
                    _ => text.starts_with("1-0"),
                };
                if concedes {
                    return (Some(other(seat)), End::Resignation(seat));
                }
                return forfeit(FaultKind::FalseClaim, format!("claimed '{text}' in {}", position.to_text()));
            }
        }
    }
}

/// The other seat of a two-seat game.
pub(super) fn other(seat: Seat) -> Seat {
    if seat == Seat::WHITE {
        Seat::BLACK
    } else {
        Seat::WHITE
    }
}

/// The machine's CPU pressure (Linux PSI, `/proc/pressure/cpu`): the share of wall time in
/// which some runnable task waited for a CPU. Near 100% the machine is overloaded, and clocks
/// measure the wait as well as the engine.
#[derive(Clone, Copy, Debug)]
pub struct CpuPressure {
    at: Instant,
    /// Microseconds of "some" stall since boot; `None` where PSI is unavailable.
    stalled_us: Option<u64>,
}

impl CpuPressure {
    pub fn sample() -> CpuPressure {
        let stalled_us = std::fs::read_to_string("/proc/pressure/cpu").ok().and_then(|text| {
            let some = text.lines().find(|l| l.starts_with("some"))?;
            some.split_whitespace().find_map(|w| w.strip_prefix("total="))?.parse().ok()
        });
        CpuPressure { at: Instant::now(), stalled_us }
    }

    /// The share (0 to 1) of the time since `self` in which some task waited for a CPU.
    pub fn since(&self) -> Option<f64> {
        let now = CpuPressure::sample();
        let stalled = now.stalled_us?.checked_sub(self.stalled_us?)? as f64;
        let wall = now.at.duration_since(self.at).as_micros().max(1) as f64;
        Some((stalled / wall).min(1.0))
    }
}

/// Above this CPU pressure the machine counts as overloaded.
pub const OVERLOADED: f64 = 0.5;

/// `" (CPU pressure 97% meanwhile: the machine was overloaded)"`, or nothing without PSI.
pub fn describe_pressure(pressure: Option<f64>) -> String {
    match pressure {
        Some(share) => format!(
            " (CPU pressure {:.0}% meanwhile{})",
            share * 100.0,
            if share > OVERLOADED { ": the machine was overloaded" } else { "" }
        ),
        None => String::new(),
    }
}
