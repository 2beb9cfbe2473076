//! UCI: text in, engine commands out; engine events in, text out.
//!
//! vampirc-uci reads the standard command grammar (`setoption` names with spaces and the simple
//! commands). `position` and `go` are read here: every move goes through the variant's own
//! parser (vampirc drops move tokens it cannot read), and `go` keeps the clocks with `ponder`
//! and accepts any number (vampirc models `go ponder` without clocks and depth as a `u8`).
//! Errors are reported as `info string error: ...`; the previous position is kept.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::format::{uci_bestmove, uci_info, uci_info_with_wdl};
use super::session::Session;
use super::{Flow, Message};
use crate::core::{Army, Seat};
use crate::search::{
    params::MAX_PLY, Clock, Engine, Event, Info, Limits, MultiSeatSearch, SearchParams, Skill,
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MB, MAX_THREADS,
};
use crate::variants::{Variant, VARIANTS};
use std::io::Write;
use std::sync::mpsc::Sender;
use std::time::Duration;
use vampirc_uci::UciMessage;

const MAX_MULTIPV: usize = 256;
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// `go perft N` runs on the protocol thread, answering nothing else meanwhile: a bound keeps a
/// typo from hanging the engine for good (depth 20 is already far beyond any real use).
const MAX_PERFT_DEPTH: u32 = 20;
/// `go perft` lists every legal move: a position with more (Not A Chess Variant's opening turns
/// of five wires number tens of millions) is refused rather than printed and held in memory.
const MAX_PERFT_LINES: u64 = 100_000;

pub struct Uci<W: Write> {
    out: W,
    tx: Sender<Message>,
    session: Session,
    engine: Engine,
    multipv: usize,
    /// `Skill Level`: 0 to [`Skill::FULL_LEVEL`].
    skill_level: u8,
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of `Skill Level`.
    limit_strength: bool,
    elo: u32,
    /// `UCI_ShowWDL`.
    show_wdl: bool,
    /// The `info` line format of the current search (with or without the WDL estimate).
    info_line: fn(&Info) -> String,
    /// The search whose events are current; events of older searches are dropped.
    search_id: u64,
    searching: bool,
}

impl<W: Write> Uci<W> {
    pub fn new(out: W, tx: Sender<Message>) -> Uci<W> {
        Uci {
            out,
            tx,
            session: Session::new(Variant::Normal),
            engine: Engine::new(),
            multipv: 1,
            skill_level: Skill::FULL_LEVEL,
            limit_strength: false,
            elo: Skill::MAX_ELO,
            show_wdl: false,
            info_line: uci_info,
            search_id: 0,
            searching: false,
        }
    }

    fn send(&mut self, line: &str) {
        // A closed output means the GUI is gone; the input side will end the loop.
        let _ = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
    }

    fn error(&mut self, message: &str) {
        self.send(&format!("info string error: {}", message.replace(['\n', '\r'], " ")));
    }

    pub fn handle(&mut self, message: Message) -> Flow {
        match message {
            Message::Line(line) => self.command(&line),
            Message::Search { id, event } if id == self.search_id => {
                match event {
                    Event::Info(info) => self.send(&(self.info_line)(&info)),
                    Event::BestMove(best) => {
                        self.searching = false;
                        self.send(&uci_bestmove(&best));
                    }
                }
                Flow::Continue
            }
            Message::Search { .. } => Flow::Continue,
            Message::InputClosed => {
                self.stop();
                Flow::Quit
            }
        }
    }

    fn command(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let mut words = line.split_whitespace();
        match words.next() {
            None => {}
            Some("uci") => self.identify(),
            Some("isready") => self.send("readyok"),
            Some("position") => self.position(line),
            Some("go") => self.go(&line.split_whitespace().skip(1).collect::<Vec<_>>()),
            Some("stop") => self.stop(),
            Some("ponderhit") => self.engine.ponderhit(None),
            Some("d") => self.draw(),
            Some("eval") => self.eval(),
            Some("ucinewgame") => {
                self.stop();
                self.engine.new_game();
                self.session.new_game();
            }
            Some("quit") => {
                self.stop();
                return Flow::Quit;
            }
            Some("setoption") => match vampirc_uci::parse_one(line) {
                UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
                _ => self.error(&format!("malformed setoption '{line}'")),
            },
            // `debug`, `register` and anything unknown: ignored, as the UCI spec asks.
            Some(other) => log::debug!("ignored UCI command '{other}'"),
        }
        Flow::Continue
    }

    fn identify(&mut self) {
        let variants: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        let combo: String = variants.iter().map(|v| format!(" var {v}")).collect();
        let lines = [
            format!("id name jester {}", env!("CARGO_PKG_VERSION")),
            "id author the jester developers".to_string(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".to_string(),
            "option name Clear Hash type button".to_string(),
            format!(
                "option name Skill Level type spin default {0} min 0 max {0}",
                Skill::FULL_LEVEL
            ),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!(
                "option name UCI_Elo type spin default {1} min {0} max {1}",
                Skill::MIN_ELO,
                Skill::MAX_ELO
            ),
            "option name UCI_ShowWDL type check default false".to_string(),
            format!(
                "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
            ),
            format!("option name UCI_Variant type combo default normal{combo}"),
            format!(
                "option name MultiSeatSearch type combo default {}{}",
                MultiSeatSearch::default().name(),
                MultiSeatSearch::NAMES.iter().map(|n| format!(" var {n}")).collect::<String>()
            ),
        ];
        let armies: String = Army::ALL.iter().map(|a| format!(" var {a}")).collect();
        let lines = lines.into_iter().chain([
            format!("option name WhiteArmy type combo default {}{armies}", Army::Fide),
            format!("option name BlackArmy type combo default {}{armies}", Army::Fide),
            "uciok".to_string(),
        ]);
        for l in lines {
            self.send(&l);
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let value = value.unwrap_or("").trim();
        let number = |max: u64, min: u64| -> Result<u64, String> {
            value.parse::<u64>().ok().filter(|v| (min..=max).contains(v)).ok_or_else(|| {
                format!("invalid value '{value}' for option '{name}' (expected {min} to {max})")
            })
        };
        let check = || -> Result<bool, String> {
            match value {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("invalid value '{value}' for option '{name}' (expected true or false)")),
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => number(MAX_HASH_MB as u64, 1).and_then(|mb| {
                self.stop();
                self.engine.set_hash(mb as usize).map_err(|e| e.to_string())
            }),
            "threads" => number(MAX_THREADS as u64, 1).map(|n| self.engine.set_threads(n as usize)),
            "multipv" => number(MAX_MULTIPV as u64, 1).map(|n| self.multipv = n as usize),
            "move overhead" => number(MAX_MOVE_OVERHEAD_MS, 0)
                .map(|ms| self.engine.set_move_overhead(Duration::from_millis(ms))),
            "ponder" => check().map(|_| ()),
            // A button: a value, if a GUI sends one, means nothing.
            "clear hash" => {
                // The running search answers first; the position stays.
                self.stop();
                self.engine.new_game();
                Ok(())
            }
            "skill level" => {
                number(u64::from(Skill::FULL_LEVEL), 0).map(|level| self.skill_level = level as u8)
            }
            "uci_limitstrength" => check().map(|on| self.limit_strength = on),
            "uci_elo" => {
                number(u64::from(Skill::MAX_ELO), u64::from(Skill::MIN_ELO)).map(|elo| self.elo = elo as u32)
            }
            "uci_showwdl" => check().map(|on| self.show_wdl = on),
            "multiseatsearch" => match MultiSeatSearch::from_name(value) {
                Some(algorithm) => {
                    self.stop();
                    self.engine.set_multi_seat(algorithm);
                    Ok(())
                }
                None => Err(format!(
                    "invalid value '{value}' for option 'MultiSeatSearch' (expected {})",
                    MultiSeatSearch::NAMES.join(" or ")
                )),
            },
            "uci_variant" => match Variant::from_name(value) {
                Ok(variant) => {
                    self.stop();
                    self.session.set_variant(variant);
                    self.announce_variant();
                    Ok(())
                }
                Err(e) => Err(e.to_string()),
            },
            "whitearmy" | "blackarmy" => match Army::from_name(value) {
                Ok(army) => {
                    self.stop();
                    let seat = if name.eq_ignore_ascii_case("blackarmy") { Seat::BLACK } else { Seat::WHITE };
                    if self.session.set_army(seat, army) {
                        self.announce_variant();
                    }
                    Ok(())
                }
                Err(e) => Err(format!("option '{name}': {e}")),
            },
            // The search parameters, for tuning (search/params.rs): not listed by `uci` (a GUI
            // has no use for them), set from the next search.
            tunable if SearchParams::TUNABLES.iter().any(|t| t.name == tunable) => {
                self.engine.set_param(tunable, value).map_err(|e| e.to_string())
            }
            _ => Err(format!("unknown option '{name}'")),
        };
        if let Err(message) = result {
            self.error(&message);
        }
    }

    /// Tells the GUI the board and start position of the variant (with the armies chosen), for
    /// GUIs that do not know it.
    fn announce_variant(&mut self) {
        let (files, ranks) = self.session.board_size();
        let start = self.session.summary().start_text;
        let name = self.session.variant().name();
        self.send(&format!("info string variant {name} files {files} ranks {ranks} startpos {start}"));
    }

    /// `position startpos|fen <text> [moves ...]`, all or nothing.
    fn position(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let moves_at = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &[][..]),
        };
        let start = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            Some((&"startpos", [extra, ..])) => {
                return self.error(&format!("unexpected '{extra}' after startpos"))
            }
            Some((&"fen", _)) => return self.error("missing position text after 'fen'"),
            Some((other, _)) => return self.error(&format!("expected 'startpos' or 'fen', got '{other}'")),
            None => return self.error("empty position command"),
        };
        self.stop();
        if let Err(e) = self.session.set_position(start.as_deref(), moves) {
            return self.error(&e.to_string());
        }
        self.report_standings();
    }

    /// Four-seat variants: who has been eliminated so far, and the result once the game is over
    /// (`info string eliminated Yellow Blue`, `info string result Red wins by last seat standing;
    /// eliminated Yellow Blue Green`).
    fn report_standings(&mut self) {
        if self.session.seats() <= 2 {
            return;
        }
        let summary = self.session.summary();
        let order = summary.eliminated.join(" ");
        match summary.outcome_text {
            Some(text) if order.is_empty() => self.send(&format!("info string result {text}")),
            Some(text) => self.send(&format!("info string result {text}; eliminated {order}")),
            None if !order.is_empty() => self.send(&format!("info string eliminated {order}")),
            None => {}
        }
    }

    fn go(&mut self, words: &[&str]) {
        if words.first() == Some(&"perft") {
            return self.perft(&words[1..]);
        }
        // A malformed `go` starts nothing, and a search already running goes on.
        let limits = match self.parse_go(words) {
            Ok(limits) => limits,
            Err(errors) => {
                for e in errors {
                    self.error(&e);
                }
                return;
            }
        };
        self.stop();
        // The WDL estimate is a two-seat curve (wdl.rs): four-seat games show scores alone.
        self.info_line =
            if self.show_wdl && self.session.seats() <= 2 { uci_info_with_wdl } else { uci_info };
        self.search_id += 1;
        let (id, tx) = (self.search_id, self.tx.clone());
        let started = self.session.start_search(&mut self.engine, limits, move |event| {
            let _ = tx.send(Message::Search { id, event });
        });
        match started {
            Ok(()) => self.searching = true,
            Err(e) => {
                self.error(&e.to_string());
                self.send("bestmove 0000");
            }
        }
    }

    /// The strength the next search plays at: `UCI_Elo` with `UCI_LimitStrength`, else
    /// `Skill Level`; `None` is full strength.
    fn skill(&self) -> Option<Skill> {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::from_level(self.skill_level)
        }
    }

    /// `go perft N`, as Stockfish counts: `<move>: <count>` for each legal move (canonical tokens,
    /// sorted), an empty line, then `Nodes searched: <total>`. It runs here, on the protocol
    /// thread: `stop` and `quit` are read once it is done.
    fn perft(&mut self, args: &[&str]) {
        let depth = match args {
            [] => return self.error("missing depth after 'perft'"),
            [n] => match n.parse::<u32>() {
                Ok(depth) if (1..=MAX_PERFT_DEPTH).contains(&depth) => depth,
                _ => {
                    return self
                        .error(&format!("invalid perft depth '{n}' (expected 1 to {MAX_PERFT_DEPTH})"))
                }
            },
            [_, extra, ..] => return self.error(&format!("unexpected '{extra}' after the perft depth")),
        };
        let turns = self.session.turn_count();
        if turns > MAX_PERFT_LINES {
            return self.error(&format!(
                "perft: {turns} legal moves here, too many to list (at most {MAX_PERFT_LINES}); `jester perft` counts without listing"
            ));
        }
        self.stop();
        let counts = self.session.perft_divide(depth);
        for (token, nodes) in &counts {
            self.send(&format!("{token}: {nodes}"));
        }
        self.send("");
        let total: u64 = counts.iter().map(|&(_, n)| n).sum();
        self.send(&format!("Nodes searched: {total}"));
    }

    /// `d`: the board as `jester show` draws it, the position text, its key and the seat to move
    /// (plain lines, as Stockfish prints them: for people, not GUIs).
    fn draw(&mut self) {
        let picture = self.session.picture();
        let summary = self.session.summary();
        for line in picture.board.lines() {
            self.send(line);
        }
        if let Some(outcome) = summary.outcome_text {
            self.send(&format!("Game over: {outcome}"));
        }
        self.send(&format!("Key: {:016x}", picture.key));
        self.send(&format!("Position: {}", summary.position_text));
        self.send(&format!("To move: {}", picture.to_move));
    }

    /// `eval`: the static evaluation of the position from the seat to move's view. The
    /// evaluations give their total only, so no terms are listed.
    fn eval(&mut self) {
        let (score, seat) = self.session.static_eval();
        self.send(&format!("Static evaluation: {score} cp, from the view of {seat} (to move)"));
        self.send("Terms: not reported; the evaluation gives its total only");
    }

    /// Reads `go` parameters; every malformed or missing value, unknown parameter, illegal
    /// `searchmoves` move and clock of no seat is an error, and any error refuses the `go`.
    fn parse_go(&self, words: &[&str]) -> Result<Limits, Vec<String>> {
        const KEYWORDS: [&str; 18] = [
            "wtime",
            "btime",
            "winc",
            "binc",
            "rtime",
            "ytime",
            "gtime",
            "rinc",
            "yinc",
            "ginc",
            "movestogo",
            "depth",
            "nodes",
            "movetime",
            "mate",
            "infinite",
            "ponder",
            "searchmoves",
        ];
        let mut limits = Limits { multipv: self.multipv, skill: self.skill(), ..Limits::default() };
        // Clocks by seat: White and Black, or (four seats, protocol-docs/notation.md) Red, Blue, Yellow, Green,
        // where `btime` is Blue's.
        let four_seats = self.session.seats() == 4;
        let (mut time, mut inc) = ([None::<i64>; 4], [0i64; 4]);
        let mut moves_to_go = None;
        let mut i = 0;
        let mut errors = Vec::new();
        while i < words.len() {
            let word = words[i];
            let value = words.get(i + 1).copied();
            // Numbers: out-of-range values are clamped (negative clocks, which GUIs send when a
            // side has overstepped, count as zero); non-numbers are errors.
            let mut number = |name: &str| -> Option<i64> {
                match value.map(|v| (v, v.parse::<i128>())) {
                    Some((_, Ok(n))) => Some(n.clamp(i64::MIN as i128, i64::MAX as i128) as i64),
                    Some((v, Err(_))) => {
                        errors.push(format!("invalid value '{v}' for '{name}'"));
                        None
                    }
                    None => {
                        errors.push(format!("missing value for '{name}'"));
                        None
                    }
                }
            };
            let takes_value = !matches!(word, "infinite" | "ponder" | "searchmoves");
            let seat_clock = |name: &str| -> Option<usize> {
                match (name, four_seats) {
                    ("wtime" | "winc", false) | ("rtime" | "rinc", true) => Some(0),
                    ("btime" | "binc", _) => Some(1),
                    ("ytime" | "yinc", true) => Some(2),
                    ("gtime" | "ginc", true) => Some(3),
                    _ => None,
                }
            };
            match word {
                "wtime" | "btime" | "rtime" | "ytime" | "gtime" | "winc" | "binc" | "rinc" | "yinc"
                | "ginc" => {
                    let value = number(word);
                    match seat_clock(word) {
                        Some(seat) if word.ends_with("time") => time[seat] = value,
                        Some(seat) => inc[seat] = value.unwrap_or(0),
                        None => errors.push(format!("'{word}' names no seat of this variant")),
                    }
                }
                "movestogo" => moves_to_go = number(word).filter(|&n| n > 0).map(|n| n.min(10_000) as u32),
                "depth" => limits.depth = number(word).map(|d| d.clamp(1, MAX_PLY as i64 - 1) as i32),
                "nodes" => limits.nodes = number(word).map(|n| n.max(1) as u64),
                "movetime" => {
                    limits.movetime = number(word).map(|ms| Duration::from_millis(ms.max(1) as u64))
                }
                "mate" => limits.mate = number(word).map(|m| m.clamp(1, MAX_PLY as i64) as i32),
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                "searchmoves" => {
                    let mut j = i + 1;
                    while j < words.len() && !KEYWORDS.contains(&words[j]) {
                        match self.session.canonical(words[j]) {
                            Ok(m) => limits.searchmoves.push(m),
                            Err(e) => errors.push(format!("searchmoves: {e}")),
                        }
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                other => errors.push(format!("unknown go parameter '{other}'")),
            }
            i += if takes_value && KEYWORDS.contains(&word) { 2 } else { 1 };
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let seat = self.session.summary().to_move;
        let side = if four_seats { seat.index().min(3) } else { usize::from(seat != Seat::WHITE) };
        if let Some(ms) = time[side] {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(ms.max(0) as u64),
                increment: Duration::from_millis(inc[side].max(0) as u64),
                moves_to_go,
            });
        }
        Ok(limits)
    }

    /// Stops a running search and answers its `go` at once, so every `go` gets exactly one
    /// `bestmove`, in order; the stopped search's events still in the channel are dropped.
    fn stop(&mut self) {
        let result = self.engine.stop();
        self.search_id += 1;
        if let (true, Some(best)) = (self.searching, result) {
            self.send(&uci_bestmove(&best));
        }
        self.searching = false;
    }
}
