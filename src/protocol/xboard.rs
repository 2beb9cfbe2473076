//! CECP v2 (XBoard/WinBoard): text in, engine commands out; engine events in, text out.
//!
//! Replies use the protocol's own words: `Illegal move: X` (position kept), `Error (reason):
//! command`, `tellusererror` for a bad `setboard`; results are claimed as `1-0 {reason}` etc.
//!
//! A client that accepts `feature jester_notation=1` (`jester match`) reads jester's own move
//! notation and plays every variant. XBoard rejects that feature; for a variant it cannot show it
//! gets the start as far as it can draw it, one message saying why, and an engine that takes no
//! part in the game (protocol-docs/xboard.md).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::session::Session;
use super::{Flow, Message};
use crate::core::{without_armies_field, Army, DrawReason, Outcome, Score, Seat, WinReason};
use crate::search::{
    params::MAX_PLY, BestMove, Clock, Engine, Event, Info, Limits, MultiSeatSearch, SearchParams,
    DEFAULT_MOVE_OVERHEAD_MS, MAX_THREADS,
};
use crate::variants::{Variant, XboardCastling, XboardRefusal, XboardSupport, VARIANTS};
use std::io::Write;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// What the current search is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// Find and play the engine's move.
    Move,
    /// Think on the opponent's time, expecting this reply.
    Ponder { expected: String },
    /// Analysis mode: report, never play.
    Analyze,
}

/// Who would be claiming a game's end: the engine right after its own move, or the engine
/// finding the game over when it is its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claimant {
    Mover,
    ToMove,
}

/// The `level` time control.
#[derive(Clone, Copy, Debug)]
struct Level {
    moves_per_session: u32,
    base: Duration,
    increment: Duration,
}

/// The time control of a `go` that no `level`, `st`, `sd` or `nps` preceded: XBoard's default,
/// 40 moves in 5 minutes (`level 40 5 0`), so that such a `go` still answers.
const DEFAULT_LEVEL: Level =
    Level { moves_per_session: 40, base: Duration::from_secs(300), increment: Duration::ZERO };

pub struct Xboard<W: Write> {
    out: W,
    tx: Sender<Message>,
    session: Session,
    engine: Engine,
    /// The seat the engine plays; `None` in force mode.
    engine_seat: Option<Seat>,
    post: bool,
    ponder_enabled: bool,
    analyzing: bool,
    /// CECP `exclude`: the excluded root moves, or after `exclude all` (`exclude_all`) the moves
    /// `include`d since. "All" is never listed: a Not A Chess Variant opening has 61 million.
    excluded: Vec<String>,
    exclude_all: bool,
    level: Option<Level>,
    fixed_time: Option<Duration>,
    max_depth: Option<i32>,
    nps: Option<u64>,
    engine_clock: Option<Duration>,
    search_id: u64,
    purpose: Option<Purpose>,
    search_started: Instant,
    last_info: Option<Info>,
    /// The client accepted `feature jester_notation=1`: it reads jester's notation in every
    /// variant, so no variant is refused.
    own_notation: bool,
    /// The refused variant the user was last told about, so that XBoard's repeated `variant`
    /// commands (it sends two at start-up) bring one message.
    refusal_told: Option<Variant>,
    /// In a refused game: the side XBoard has to move (no move is played on jester's board).
    refused_to_move: Seat,
    /// How XBoard writes castling rights (option `FischerCastling`, for an XBoard started with
    /// `-fischerCastling`): decides the castling field and the corner pieces' slots in a
    /// `setup`.
    castling: XboardCastling,
}

/// The feature a client accepts to say it reads jester's own notation in every variant.
const OWN_NOTATION_FEATURE: &str = "jester_notation";

/// An 8x8 position text with its castling field (the third) in file letters, as XBoard reads and
/// writes it with `-fischerCastling`: the King's side is the h-file corner, the Queen's the
/// a-file corner (`KQkq` becomes `HAha`).
fn castling_as_files(text: &str) -> String {
    map_castling_field(text, |c| match c {
        'K' => 'H',
        'Q' => 'A',
        'k' => 'h',
        'q' => 'a',
        c => c,
    })
}

/// The reverse of [`castling_as_files`], for a field made of corner files only. Any other field
/// is left as it came, for the position reader to judge (and refuse, naming it as sent).
fn castling_from_files(text: &str) -> String {
    let corner_files = |field: &str| field.chars().all(|c| matches!(c, 'A' | 'H' | 'a' | 'h'));
    if !text.split_whitespace().nth(2).is_some_and(corner_files) {
        return text.to_string();
    }
    map_castling_field(text, |c| match c {
        'H' => 'K',
        'A' => 'Q',
        'h' => 'k',
        _ => 'q',
    })
}

fn map_castling_field(text: &str, map: impl Fn(char) -> char) -> String {
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if let Some(castling) = fields.get_mut(2) {
        *castling = castling.chars().map(map).collect();
    }
    fields.join(" ")
}

/// XBoard's mate score convention: 100000 + moves (negative when being mated).
fn xboard_score(score: Score) -> i64 {
    match score.mate_moves() {
        Some(n) if n > 0 => 100_000 + n as i64,
        Some(n) => -100_000 + n as i64,
        None => score.0 as i64,
    }
}

impl<W: Write> Xboard<W> {
    pub fn new(out: W, tx: Sender<Message>) -> Xboard<W> {
        Xboard {
            out,
            tx,
            session: Session::new(Variant::Normal),
            engine: Engine::new(),
            engine_seat: Some(Seat::BLACK),
            post: false,
            ponder_enabled: false,
            analyzing: false,
            excluded: Vec::new(),
            exclude_all: false,
            level: None,
            fixed_time: None,
            max_depth: None,
            nps: None,
            engine_clock: None,
            search_id: 0,
            purpose: None,
            search_started: Instant::now(),
            last_info: None,
            own_notation: false,
            refusal_told: None,
            refused_to_move: Seat::WHITE,
            castling: XboardCastling::RookSlot,
        }
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
    }

    fn error(&mut self, reason: &str, command: &str) {
        let command = command.replace(['\n', '\r'], " ");
        self.send(&format!("Error ({reason}): {command}"));
    }

    pub fn handle(&mut self, message: Message) -> Flow {
        match message {
            Message::Line(line) => return self.command(&line),
            Message::Search { id, event } if id == self.search_id => match event {
                Event::Info(info) => self.info(info),
                Event::BestMove(best) => self.best_move(best),
            },
            Message::Search { .. } => {}
            Message::InputClosed => {
                self.cancel_search();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn info(&mut self, info: Info) {
        if self.post && info.multipv == 1 {
            let centis = info.time.as_millis() / 10;
            let line = format!(
                "{} {} {} {} {}",
                info.depth,
                xboard_score(info.score),
                centis,
                info.nodes,
                info.pv.join(" ")
            );
            self.send(&line);
        }
        self.last_info = Some(info);
    }

    fn best_move(&mut self, best: BestMove) {
        let purpose = self.purpose.take();
        if purpose != Some(Purpose::Move) {
            return; // Ponder and analysis searches never play.
        }
        let Some(token) = best.best else { return };
        match self.session.play(&token) {
            Ok(played) => {
                self.send(&format!("move {played}"));
                if !self.claim_result(Claimant::Mover) {
                    self.maybe_ponder(best.ponder);
                }
            }
            Err(e) => log::error!("engine move {token} rejected: {e}"),
        }
    }

    /// If the game is over, claims the result and leaves play; returns whether it did.
    fn claim_result(&mut self, claimant: Claimant) -> bool {
        let summary = self.session.summary();
        let (Some(outcome), Some(text)) = (summary.outcome, summary.outcome_text) else { return false };
        let no_moves_left = matches!(
            outcome,
            Outcome::Win { reason: WinReason::Checkmate | WinReason::Stalemate, .. }
                | Outcome::Draw { reason: DrawReason::Stalemate }
        );
        let xboard_may_disagree =
            self.session.variant().info().xboard.described().is_some_and(|x| x.wider_than_rules);
        if claimant == Claimant::Mover && no_moves_left && xboard_may_disagree {
            // XBoard's wider piece descriptions may still show the opponent a move, and then it
            // scores our true claim as false and forfeits us. If XBoard sees the end it
            // adjudicates by itself; if not, the side with no moves says so at its turn (a
            // loss claim is always accepted). protocol-docs/xboard.md.
            self.engine_seat = None;
            return true;
        }
        if summary.seats > 2 {
            // CECP's results name two colours: four seats report `*` (a win) or `1/2-1/2` (a
            // draw), the winner and the elimination order in the comment (protocol-docs/xboard.md).
            let result = if matches!(outcome, Outcome::Draw { .. }) { "1/2-1/2" } else { "*" };
            let order = summary.eliminated.join(", ");
            let order = if order.is_empty() { "none".to_string() } else { order };
            self.send(&format!("{result} {{{text}; eliminated in order: {order}}}"));
            self.engine_seat = None;
            return true;
        }
        let result = match outcome {
            Outcome::Win { winner: Seat::WHITE, .. } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        };
        self.send(&format!("{result} {{{text}}}"));
        self.engine_seat = None;
        true
    }

    fn maybe_ponder(&mut self, expected: Option<String>) {
        let Some(expected) = expected else { return };
        if !self.ponder_enabled || self.analyzing {
            return;
        }
        let mut after = self.session.clone();
        if after.play(&expected).is_err() || after.summary().outcome.is_some() {
            return;
        }
        let limits = Limits { ponder: true, ..self.move_limits(&after) };
        self.launch(&after, limits, Purpose::Ponder { expected });
    }

    fn launch(&mut self, session: &Session, limits: Limits, purpose: Purpose) {
        self.cancel_search();
        self.search_id += 1;
        let (id, tx) = (self.search_id, self.tx.clone());
        self.last_info = None;
        self.search_started = Instant::now();
        match session.start_search(&mut self.engine, limits, move |event| {
            let _ = tx.send(Message::Search { id, event });
        }) {
            Ok(()) => self.purpose = Some(purpose),
            Err(e) => log::error!("cannot search: {e}"),
        }
    }

    /// Stops the current search without using its result.
    fn cancel_search(&mut self) {
        self.search_id += 1;
        self.purpose = None;
        self.last_info = None;
        let _ = self.engine.stop();
    }

    /// After a settings change stopped the search: analysis goes on, or the engine thinks again
    /// if it is its move.
    fn resume(&mut self) {
        if self.analyzing {
            self.analyze();
        } else {
            self.think_if_our_turn();
        }
    }

    /// Limits for the engine's own move in `session`'s position.
    fn move_limits(&self, session: &Session) -> Limits {
        let mut limits = Limits { multipv: 1, depth: self.max_depth, ..Limits::default() };
        // With no `level`, `st`, `sd` or `nps` ever sent, XBoard's own default time control.
        let default_level = (self.max_depth.is_none() && self.nps.is_none()).then_some(DEFAULT_LEVEL);
        if let Some(t) = self.fixed_time {
            limits.movetime = Some(t);
        } else if let Some(level) = self.level.or(default_level) {
            let remaining = self.engine_clock.unwrap_or(level.base);
            let moves_to_go = (level.moves_per_session > 0).then(|| {
                let played = (session.moves().len() / session.seats().max(1)) as u32;
                level.moves_per_session - played % level.moves_per_session
            });
            limits.clock = Some(Clock { remaining, increment: level.increment, moves_to_go });
        }
        if let Some(nps) = self.nps {
            // `nps`: the clock is counted in nodes; budget about one fortieth of it per move.
            let seconds = limits
                .movetime
                .or(limits.clock.map(|c| c.remaining / 40 + c.increment))
                .unwrap_or(Duration::from_secs(1))
                .as_secs_f64();
            limits.nodes = Some(((nps as f64) * seconds).max(1.0) as u64);
            limits.movetime = None;
            limits.clock = None;
        }
        limits
    }

    /// Starts thinking if it is the engine's turn.
    fn think_if_our_turn(&mut self) {
        let summary = self.session.summary();
        if self.analyzing || summary.outcome.is_some() || self.engine_seat != Some(summary.to_move) {
            return;
        }
        let limits = self.move_limits(&self.session);
        let session = self.session.clone();
        self.launch(&session, limits, Purpose::Move);
    }

    fn analyze(&mut self) {
        let mut limits = Limits { infinite: true, multipv: 1, ..Limits::default() };
        if self.exclude_all {
            limits.searchmoves = self.excluded.clone();
        } else {
            limits.excluded = self.excluded.clone();
        }
        let session = self.session.clone();
        let nothing_left = self.exclude_all && self.excluded.is_empty();
        if session.summary().outcome.is_none() && !nothing_left {
            self.launch(&session, limits, Purpose::Analyze);
        } else {
            self.cancel_search();
        }
    }

    /// After the position changed: restart analysis, or think if it is our move.
    fn position_changed(&mut self) {
        if self.analyzing {
            self.analyze();
        } else {
            self.think_if_our_turn();
        }
    }

    fn command(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if let Some(refusal) = self.refusal() {
            if self.refused_game_command(word, rest, refusal) {
                return Flow::Continue;
            }
        }
        match word {
            "" => {}
            "accepted" | "rejected" => {
                if rest == OWN_NOTATION_FEATURE {
                    self.own_notation = word == "accepted";
                }
            }
            "xboard" | "random" | "computer" | "name" | "rating" | "ics" | "draw" | "hint" | "bk"
            | "otim" => {}
            "protover" => self.features(),
            "new" => {
                self.cancel_search();
                self.analyzing = false;
                // CECP: `new` starts a game of standard chess; a GUI sends `variant` after it for
                // any other game.
                self.session.set_variant(Variant::Normal);
                self.engine.new_game();
                self.engine_seat = Some(Seat::BLACK);
                self.max_depth = None;
                self.engine_clock = None;
                self.clear_exclusions();
            }
            "variant" => match Variant::from_name(rest) {
                Ok(v) => {
                    self.cancel_search();
                    if !matches!(v.info().xboard, XboardSupport::Refused(_)) {
                        self.refusal_told = None;
                    }
                    self.session.set_variant(v);
                    self.clear_exclusions();
                    self.describe_variant(v);
                }
                Err(e) => self.error(&e.to_string(), line),
            },
            "force" => {
                self.cancel_search();
                self.engine_seat = None;
            }
            "go" => {
                // A game is being played: a refused variant chosen again is told about again.
                self.refusal_told = None;
                self.engine_seat = Some(self.session.summary().to_move);
                // In a finished game (a position set up that way) the answer is the result.
                if !self.claim_result(Claimant::ToMove) {
                    self.think_if_our_turn();
                }
            }
            "playother" => {
                let summary = self.session.summary();
                if summary.seats > 2 {
                    // "The other side" names no one seat of four.
                    self.error("playother needs two seats; use force, moves and go", line);
                } else {
                    let to_move = summary.to_move;
                    self.engine_seat = Some(if to_move == Seat::WHITE { Seat::BLACK } else { Seat::WHITE });
                }
            }
            "usermove" => {
                self.refusal_told = None;
                self.user_move(rest, line)
            }
            "time" => match rest.parse::<i64>() {
                Ok(cs) => {
                    self.engine_clock = Some(Duration::from_millis((cs.max(0) as u64).saturating_mul(10)))
                }
                Err(_) => self.error("bad time", line),
            },
            "level" => self.level(rest, line),
            "st" => match rest.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 => {
                    self.fixed_time = Some(Duration::from_secs_f64(s.min(86_400.0)));
                }
                _ => self.error("bad st value", line),
            },
            "sd" => match rest.parse::<i64>() {
                Ok(d) if d >= 1 => self.max_depth = Some(d.min(MAX_PLY as i64 - 1) as i32),
                _ => self.error("bad sd value", line),
            },
            "nps" => match rest.parse::<u64>() {
                Ok(0) => self.nps = None,
                Ok(n) => self.nps = Some(n),
                Err(_) => self.error("bad nps value", line),
            },
            "ping" => self.send(&format!("pong {rest}")),
            "setboard" => self.setboard(rest),
            "undo" | "remove" => {
                let n = if word == "undo" { 1 } else { 2 };
                if self.session.moves().len() < n {
                    // Refused: nothing changes, a search goes on.
                    self.error("no move to take back", line);
                } else {
                    self.cancel_search();
                    self.session.undo(n);
                    self.clear_exclusions();
                    if self.analyzing {
                        self.analyze();
                    }
                }
            }
            "hard" => self.ponder_enabled = true,
            "easy" => {
                self.ponder_enabled = false;
                if matches!(self.purpose, Some(Purpose::Ponder { .. })) {
                    self.cancel_search();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.analyzing = true;
                self.engine_seat = None;
                self.analyze();
            }
            "exit" => {
                if self.analyzing {
                    self.analyzing = false;
                    self.cancel_search();
                } else {
                    self.error("not analyzing", line);
                }
            }
            "." => self.stat01(),
            "exclude" | "include" => self.exclude(word == "exclude", rest, line),
            "memory" => match rest.parse::<usize>() {
                Ok(mb) if mb >= 1 => {
                    self.cancel_search();
                    if let Err(e) = self.engine.set_hash(mb) {
                        self.error(&e.to_string(), line);
                    }
                    self.resume();
                }
                _ => self.error("bad memory value", line),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) if n >= 1 => self.engine.set_threads(n.min(MAX_THREADS)),
                _ => self.error("bad cores value", line),
            },
            "option" => self.option(rest, line),
            "result" => {
                self.cancel_search();
                self.engine_seat = None;
            }
            "?" => {
                // Move now: stop the search and play what it found.
                if self.purpose == Some(Purpose::Move) {
                    self.search_id += 1;
                    if let Some(best) = self.engine.stop() {
                        self.best_move(best);
                    }
                }
            }
            "quit" => {
                self.cancel_search();
                return Flow::Quit;
            }
            _ => {
                // A bare move (GUIs that did not accept usermove=1), else an unknown command.
                if self.session.canonical(word).is_ok() && rest.is_empty() {
                    self.user_move(word, line);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        Flow::Continue
    }

    fn features(&mut self) {
        let variants: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        self.send(&format!(
            "feature ping=1 setboard=1 usermove=1 memory=1 smp=1 analyze=1 exclude=1 colors=0 sigint=0 sigterm=0 \
             time=1 reuse=1 playother=1 draw=0 san=0 myname=\"jester {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        self.send(&format!("feature option=\"Move Overhead -spin {DEFAULT_MOVE_OVERHEAD_MS} 0 5000\""));
        // The four-seat search (`fimbriation`): XBoard's combo syntax marks the default with `*`.
        let choices: Vec<String> = MultiSeatSearch::NAMES
            .iter()
            .map(|&n| if n == MultiSeatSearch::default().name() { format!("*{n}") } else { n.to_string() })
            .collect();
        self.send(&format!("feature option=\"MultiSeatSearch -combo {}\"", choices.join(" /// ")));
        // The armies (A4), for the variants that have them.
        let armies: Vec<String> = Army::ALL
            .iter()
            .map(|&a| if a == Army::default() { format!("*{a}") } else { a.to_string() })
            .collect();
        for side in ["WhiteArmy", "BlackArmy"] {
            self.send(&format!("feature option=\"{side} -combo {}\"", armies.join(" /// ")));
        }
        // Set with XBoard's -fischerCastling: castling rights as file letters, so that in cwda
        // every piece keeps a picture of its own.
        self.send("feature option=\"FischerCastling -check 0\"");
        // Offered last, so that a GUI has accepted everything else before rejecting it.
        self.send(&format!("feature {OWN_NOTATION_FEATURE}=1"));
        self.send("feature done=1");
    }

    /// The refusal that applies now: the variant is one XBoard cannot show, and the client did
    /// not accept jester's own notation.
    fn refusal(&self) -> Option<XboardRefusal> {
        match self.session.variant().info().xboard {
            XboardSupport::Refused(refusal) if !self.own_notation => Some(refusal),
            _ => None,
        }
    }

    /// The commands that would make jester play a game XBoard cannot show. jester takes no part:
    /// positions and moves are not read, and asked to move it claims its own loss (the one claim
    /// XBoard accepts without testing it), naming the reason. Returns whether `word` was one.
    fn refused_game_command(&mut self, word: &str, rest: &str, refusal: XboardRefusal) -> bool {
        let other = |seat: Seat| if seat == Seat::WHITE { Seat::BLACK } else { Seat::WHITE };
        match word {
            "go" => {
                self.engine_seat = Some(self.refused_to_move);
                self.decline(refusal);
            }
            "usermove" => {
                self.refused_to_move = other(self.refused_to_move);
                if self.engine_seat == Some(self.refused_to_move) {
                    self.decline(refusal);
                }
            }
            "playother" => self.engine_seat = Some(other(self.refused_to_move)),
            "setboard" => {
                let black = rest.split_whitespace().nth(1) == Some("b");
                self.refused_to_move = if black { Seat::BLACK } else { Seat::WHITE };
            }
            "analyze" => {
                self.analyzing = true;
                self.engine_seat = None;
            }
            "undo" | "remove" | "exclude" | "include" | "." => {}
            _ => return false,
        }
        true
    }

    /// Claims the loss of the side jester plays in a game XBoard cannot show.
    fn decline(&mut self, refusal: XboardRefusal) {
        let Some(seat) = self.engine_seat.take() else { return };
        let result = if seat == Seat::WHITE { "0-1" } else { "1-0" };
        let name = self.session.variant().info().name;
        self.send(&format!(
            "{result} {{XBoard cannot show {name} ({}); jester takes no part: play it with jester serve}}",
            refusal.cannot_show
        ));
    }

    /// For a variant XBoard does not know: its board, pieces and start position (`setup`), and
    /// the moves of pieces XBoard would otherwise get wrong (`piece`). For one it cannot show:
    /// the start as far as it can draw it, and (once) why jester will not play it there.
    fn describe_variant(&mut self, variant: Variant) {
        let setup = match variant.info().xboard {
            XboardSupport::Native => return,
            XboardSupport::Described(setup) => setup,
            XboardSupport::Refused(refusal) => return self.describe_refusal(variant, refusal),
        };
        // XBoard's FEN has no armies field: the pieces on the board say it all.
        let mut start = without_armies_field(&self.session.summary().start_text).to_string();
        if self.castling == XboardCastling::Files {
            start = castling_as_files(&start);
        }
        let (table, pieces) = match setup.for_armies {
            Some(describe) => describe(self.session.armies(), self.castling),
            None => (setup.piece_to_char.to_string(), setup.pieces.iter().map(|p| p.to_string()).collect()),
        };
        self.send(&format!("setup ({table}) {} {start}", setup.geometry));
        for piece in pieces {
            self.send(&format!("piece {piece}"));
        }
    }

    fn describe_refusal(&mut self, variant: Variant, refusal: XboardRefusal) {
        if self.own_notation {
            return;
        }
        self.refused_to_move = Seat::WHITE;
        // Without a `setup` XBoard would pop up an error of its own and fall back to chess.
        let board = (refusal.board)(self.session.armies());
        self.send(&format!("setup ({}) {} {}", board.piece_to_char, board.geometry, board.fen));
        if self.refusal_told != Some(variant) {
            self.refusal_told = Some(variant);
            self.send(&format!(
                "tellusererror XBoard cannot show {} ({}), so jester takes no part in this game. \
                 Play it in a browser with 'jester serve', or engine against engine with 'jester match'.",
                variant.info().name,
                refusal.cannot_show
            ));
        }
    }

    fn user_move(&mut self, token: &str, line: &str) {
        if token.is_empty() || token.contains(char::is_whitespace) {
            self.error("usermove needs one move", line);
            return;
        }
        // A ponder hit turns the ponder search into the real one.
        let ponder_hit = matches!(&self.purpose, Some(Purpose::Ponder { expected }) if self.session.canonical(token).ok().as_ref() == Some(expected));
        if ponder_hit {
            if let Ok(played) = self.session.play(token) {
                log::debug!("ponder hit on {played}");
                self.purpose = Some(Purpose::Move);
                // Budget from the clock XBoard sent with this move, not the one pondering began with.
                let limits = self.move_limits(&self.session);
                self.engine.ponderhit(Some(&limits));
                return;
            }
        }
        // A refused move changes nothing: the engine goes on thinking.
        if self.session.canonical(token).is_err() {
            self.send(&format!("Illegal move: {token}"));
            return;
        }
        if !self.analyzing {
            self.cancel_search();
        }
        match self.session.play(token) {
            Ok(_) => {
                self.clear_exclusions();
                if !self.analyzing && self.claim_result(Claimant::ToMove) {
                    return;
                }
                self.position_changed();
            }
            Err(_) => self.send(&format!("Illegal move: {token}")),
        }
    }

    fn level(&mut self, rest: &str, line: &str) {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [mps, base, inc] => (|| {
                let mps: u32 = mps.parse().ok()?;
                let base = match base.split_once(':') {
                    Some((m, s)) => {
                        m.parse::<u64>().ok()?.checked_mul(60)?.checked_add(s.parse::<u64>().ok()?)?
                    }
                    None => base.parse::<u64>().ok()?.checked_mul(60)?,
                };
                let inc: f64 = inc.parse().ok().filter(|i: &f64| i.is_finite() && *i >= 0.0)?;
                Some(Level {
                    moves_per_session: mps.min(10_000),
                    base: Duration::from_secs(base.min(100 * 86_400)),
                    increment: Duration::from_secs_f64(inc.min(86_400.0)),
                })
            })(),
            _ => None,
        };
        match parsed {
            Some(level) => {
                self.level = Some(level);
                self.fixed_time = None;
            }
            None => self.error("bad level", line),
        }
    }

    /// `option FischerCastling`: a game not begun yet is described again in the new form
    /// (XBoard takes it at its next `new` and `variant`, as for the armies).
    fn set_castling(&mut self, castling: XboardCastling) {
        if self.castling == castling {
            return;
        }
        self.cancel_search();
        self.castling = castling;
        if self.session.is_fresh() {
            self.describe_variant(self.session.variant());
        }
        self.resume();
    }

    fn setboard(&mut self, text: &str) {
        let mut candidate = self.session.clone();
        // An XBoard started with -fischerCastling names castling corners by their files.
        let text = match self.session.variant().info().xboard {
            XboardSupport::Refused(_) => text.to_string(),
            _ => castling_from_files(text),
        };
        let text = text.as_str();
        match candidate.set_position(Some(text), &[]) {
            Ok(()) => {
                self.cancel_search();
                self.session = candidate;
                self.clear_exclusions();
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(e) => {
                let message = e.to_string().replace(['\n', '\r'], " ");
                self.send(&format!("tellusererror Illegal position: {message}"));
                self.error("illegal position", &format!("setboard {text}"));
            }
        }
    }

    fn clear_exclusions(&mut self) {
        self.excluded.clear();
        self.exclude_all = false;
    }

    fn exclude(&mut self, exclude: bool, rest: &str, line: &str) {
        if rest == "all" {
            self.excluded.clear();
            self.exclude_all = exclude;
        } else {
            match self.session.canonical(rest) {
                Ok(m) => {
                    self.excluded.retain(|x| x != &m);
                    // The list holds exclusions, or after `exclude all` inclusions.
                    if exclude != self.exclude_all {
                        self.excluded.push(m);
                    }
                }
                Err(_) => {
                    self.send(&format!("Illegal move: {rest}"));
                    return;
                }
            }
        }
        if self.analyzing {
            self.analyze();
        } else {
            self.error("exclude works in analysis mode", line);
        }
    }

    fn stat01(&mut self) {
        if !self.analyzing {
            return;
        }
        let elapsed = self.search_started.elapsed().as_millis() / 10;
        let (depth, nodes, best) = match &self.last_info {
            Some(i) => (i.depth, i.nodes, i.pv.first().cloned().unwrap_or_default()),
            None => (0, 0, String::new()),
        };
        let total = self.session.root_action_count();
        self.send(&format!("stat01: {elapsed} {nodes} {depth} 0 {total} {best}"));
    }

    fn option(&mut self, rest: &str, line: &str) {
        match rest.split_once('=') {
            Some(("Move Overhead", value)) => match value.trim().parse::<u64>() {
                Ok(ms) if ms <= 5000 => self.engine.set_move_overhead(Duration::from_millis(ms)),
                _ => self.error("bad option value", line),
            },
            Some((side @ ("WhiteArmy" | "BlackArmy"), value)) => match Army::from_name(value.trim()) {
                Ok(army) => {
                    self.cancel_search();
                    let seat = if side == "BlackArmy" { Seat::BLACK } else { Seat::WHITE };
                    // A game not begun yet starts again with the new army; XBoard hears of it
                    // at its next `new` and `variant` (it takes one `setup` per game).
                    if self.session.set_army(seat, army) {
                        self.describe_variant(self.session.variant());
                    }
                    self.resume();
                }
                Err(e) => self.error(&e.to_string(), line),
            },
            Some(("FischerCastling", value)) => match value.trim() {
                "1" | "true" => self.set_castling(XboardCastling::Files),
                "0" | "false" => self.set_castling(XboardCastling::RookSlot),
                _ => self.error("bad option value", line),
            },
            Some(("MultiSeatSearch", value)) => match MultiSeatSearch::from_name(value.trim()) {
                Some(algorithm) => {
                    self.cancel_search();
                    self.engine.set_multi_seat(algorithm);
                    self.resume();
                }
                None => self.error("bad option value", line),
            },
            // The search parameters, for tuning (search/params.rs): set from the next search.
            Some((name, value)) if SearchParams::TUNABLES.iter().any(|t| t.name == name.trim()) => {
                if let Err(e) = self.engine.set_param(name.trim(), value.trim()) {
                    self.error(&e.to_string(), line);
                }
            }
            _ => self.error("unknown option", line),
        }
    }
}
