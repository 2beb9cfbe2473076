//! A small game driver for engine-against-engine tests.
//!
//! * [`Process`]: an engine on pipes. A reader thread per stream stamps every line with the
//!   instant it arrived and passes it on a channel, so reads can time out and the clock stops
//!   when the reply arrived, not when the driver got round to it.
//! * [`UciPlayer`] and [`CecpPlayer`]: the two protocols, reduced to "new game" and "your move".
//! * [`play_game`]: the referee. It keeps the game with the jester library (`Record<G>`, chess unless a variant is named),
//!   checks every move (a move must be legal and written as the canonical coordinate token,
//!   `e2e4`, `e7e8q`, castling `e1g1`), keeps both clocks with increment, ends the game by rule
//!   (mate, stalemate, 50 moves, insufficient material, threefold), adjudicates a draw at the ply
//!   limit, and otherwise ends it by a fault (illegal move, flag fall, false claim, dead engine),
//!   naming the engine at fault.
//!
//! [`xboard_gui`] runs real XBoard headless and checks the PGN it saves.
#![allow(dead_code)] // Each test binary uses a different part.

pub mod xboard_gui;

use jester::core::{Game, Outcome, Record, Seat};
use jester::variants::chess::Chess;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine may take to answer a handshake or synchronisation command.
pub const PROMPT: Duration = Duration::from_secs(10);

/// Sudden death with increment.
#[derive(Clone, Copy, Debug)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}s+{}s", self.base.as_secs_f64(), self.increment.as_secs_f64())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Cecp,
}

/// How to start an engine.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The name used in reports and fault messages.
    pub label: String,
    pub program: PathBuf,
    pub protocol: Protocol,
    /// UCI `setoption` name/value pairs, sent once after `uciok`.
    pub options: Vec<(String, String)>,
    /// CECP only: think on the opponent's time (`hard`; otherwise `easy`).
    pub ponder: bool,
}

impl EngineSpec {
    pub fn new(label: &str, program: impl Into<PathBuf>, protocol: Protocol) -> EngineSpec {
        EngineSpec {
            label: label.to_string(),
            program: program.into(),
            protocol,
            options: Vec::new(),
            ponder: false,
        }
    }

    pub fn option(mut self, name: &str, value: &str) -> EngineSpec {
        self.options.push((name.to_string(), value.to_string()));
        self
    }

    /// Starts the engine and completes the protocol handshake.
    pub fn start(&self) -> Result<Box<dyn Player>, String> {
        Ok(match self.protocol {
            Protocol::Uci => Box::new(UciPlayer::start(self)?),
            Protocol::Cecp => Box::new(CecpPlayer::start(self)?),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Engine processes

enum Chunk {
    Out(Instant, String),
    Err(String),
    Eof,
}

/// Why a read failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    Timeout,
    /// Standard output closed: the engine exited or crashed.
    Closed,
}

/// An engine process on pipes, with a transcript of the current game.
pub struct Process {
    label: String,
    child: Child,
    stdin: ChildStdin,
    chunks: Receiver<Chunk>,
    closed: bool,
    epoch: Instant,
    transcript: Vec<String>,
    /// Lines in which the engine reported an error in what it was sent (`Error (...): ...`,
    /// `tellusererror`, UCI `info string error`), not yet taken.
    complaints: Vec<String>,
}

impl Process {
    pub fn start(label: &str, program: &PathBuf) -> Result<Process, String> {
        let mut child = Command::new(program)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {label} ({}): {e}", program.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, chunks) = mpsc::channel();
        let out_tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                let text = String::from_utf8_lossy(&line).trim_end_matches('\r').to_string();
                if out_tx.send(Chunk::Out(Instant::now(), text)).is_err() {
                    return;
                }
            }
            let _ = out_tx.send(Chunk::Eof);
        });
        std::thread::spawn(move || {
            let mut stderr = BufReader::new(stderr);
            let mut line = String::new();
            loop {
                line.clear();
                match stderr.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if tx.send(Chunk::Err(line.trim_end().to_string())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Process {
            label: label.to_string(),
            child,
            stdin,
            chunks,
            closed: false,
            epoch: Instant::now(),
            transcript: Vec::new(),
            complaints: Vec::new(),
        })
    }

    fn note(&mut self, at: Instant, arrow: &str, text: &str) {
        let t = at.saturating_duration_since(self.epoch).as_secs_f64();
        self.transcript.push(format!("{t:9.3} {arrow} {text}"));
    }

    /// Writes one line; returns the instant it was written.
    pub fn send(&mut self, line: &str) -> Result<Instant, ReadError> {
        let now = Instant::now();
        self.note(now, ">", line);
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|_| ReadError::Closed)?;
        Ok(now)
    }

    /// The next line of standard output and the instant it arrived, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<(Instant, String), ReadError> {
        loop {
            if self.closed {
                return Err(ReadError::Closed);
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(wait) {
                Ok(Chunk::Out(at, text)) => {
                    self.note(at, "<", &text);
                    let t = text.trim_start();
                    if t.starts_with("Error")
                        || t.starts_with("tellusererror")
                        || t.starts_with("info string error")
                    {
                        self.complaints.push(text.clone());
                    }
                    return Ok((at, text));
                }
                Ok(Chunk::Err(text)) => self.note(Instant::now(), "stderr:", &text),
                Ok(Chunk::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.note(Instant::now(), "--", "standard output closed");
                    self.closed = true;
                }
                Err(RecvTimeoutError::Timeout) => return Err(ReadError::Timeout),
            }
        }
    }

    /// Reads until a line satisfies `done` or `timeout` passes; returns that line.
    pub fn recv_until(
        &mut self,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<String, ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = self.recv(deadline)?;
            if done(&line) {
                return Ok(line);
            }
        }
    }

    /// Records whatever has arrived already, without waiting.
    pub fn drain(&mut self) {
        while !self.closed {
            match self.recv(Instant::now()) {
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// The complaints since the last call.
    pub fn take_complaints(&mut self) -> Vec<String> {
        self.drain();
        std::mem::take(&mut self.complaints)
    }

    /// Starts a new transcript.
    pub fn clear_transcript(&mut self) {
        self.transcript.clear();
    }

    /// The last `n` transcript lines, with a header.
    pub fn transcript_tail(&mut self, n: usize) -> String {
        self.drain();
        let skip = self.transcript.len().saturating_sub(n);
        let mut s = format!("--- {} transcript (seconds since start, > sent, < received) ---\n", self.label);
        if skip > 0 {
            s.push_str(&format!("          ... {skip} earlier lines\n"));
        }
        for line in &self.transcript[skip..] {
            s.push_str(line);
            s.push('\n');
        }
        s
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Ask politely, then end the process we started.
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------------------------
// Players

/// An engine's answer to "your move".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Move(String),
    Resign,
    /// A CECP result line (`1-0 {...}`, `1/2-1/2 {...}`) instead of a move.
    Claim(String),
}

/// Why an engine gave no usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    Timeout,
    Closed,
    /// The engine refused a legal move of its opponent (`Illegal move: ...`).
    Rejected(String),
}

impl From<ReadError> for PlayerError {
    fn from(e: ReadError) -> PlayerError {
        match e {
            ReadError::Timeout => PlayerError::Timeout,
            ReadError::Closed => PlayerError::Closed,
        }
    }
}

/// The state of play an engine is asked to move in.
pub struct Turn<'a> {
    /// Every move from the standard start position, canonical coordinate tokens.
    pub moves: &'a [String],
    pub seat: Seat,
    /// Remaining time of White and Black.
    pub clocks: [Duration; 2],
    pub tc: TimeControl,
    /// When to give up waiting, counted from the request.
    pub patience: Duration,
}

pub trait Player: Send {
    fn label(&self) -> &str;
    /// Prepares a new game; the engine must answer its synchronisation command.
    /// Starts a game of `variant` (its canonical name).
    fn new_game(&mut self, tc: TimeControl, variant: &str) -> Result<(), String>;
    /// Asks for a move; returns the reply and the time from the request to the reply.
    fn think(&mut self, turn: &Turn) -> Result<(Reply, Duration), PlayerError>;
    /// Tells the engine the game is over (`1-0`, `0-1`, `1/2-1/2`).
    fn game_over(&mut self, result: &str, reason: &str);
    /// The last `n` lines exchanged in this game.
    fn transcript(&mut self, n: usize) -> String;
    /// Error reports of the engine about what it was sent, since the last call.
    fn take_complaints(&mut self) -> Vec<String>;
}

/// A UCI engine: `position startpos moves ...` and `go wtime .. btime .. winc .. binc ..`.
pub struct UciPlayer {
    process: Process,
    label: String,
}

impl UciPlayer {
    pub fn start(spec: &EngineSpec) -> Result<UciPlayer, String> {
        let mut process = Process::start(&spec.label, &spec.program)?;
        let fail = |p: &mut Process, what: &str| format!("{what}\n{}", p.transcript_tail(40));
        let handshake = (|| {
            process.send("uci")?;
            process.recv_until(PROMPT, |l| l.trim() == "uciok")?;
            for (name, value) in &spec.options {
                process.send(&format!("setoption name {name} value {value}"))?;
            }
            process.send("isready")?;
            process.recv_until(PROMPT, |l| l.trim() == "readyok")
        })();
        if let Err(e) = handshake {
            return Err(fail(&mut process, &format!("{}: UCI handshake failed ({e:?})", spec.label)));
        }
        Ok(UciPlayer { process, label: spec.label.clone() })
    }
}

impl Player for UciPlayer {
    fn label(&self) -> &str {
        &self.label
    }

    fn new_game(&mut self, _tc: TimeControl, variant: &str) -> Result<(), String> {
        self.process.clear_transcript();
        let sync = (|| {
            if variant != "normal" {
                self.process.send(&format!("setoption name UCI_Variant value {variant}"))?;
            }
            self.process.send("ucinewgame")?;
            self.process.send("isready")?;
            self.process.recv_until(PROMPT, |l| l.trim() == "readyok")
        })();
        sync.map(|_| ()).map_err(|e| format!("{}: no readyok after ucinewgame ({e:?})", self.label))
    }

    fn think(&mut self, turn: &Turn) -> Result<(Reply, Duration), PlayerError> {
        self.process.drain();
        let mut position = "position startpos".to_string();
        if !turn.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&turn.moves.join(" "));
        }
        self.process.send(&position)?;
        let ms = |d: Duration| d.as_millis();
        let go = format!(
            "go wtime {} btime {} winc {} binc {}",
            ms(turn.clocks[0]),
            ms(turn.clocks[1]),
            ms(turn.tc.increment),
            ms(turn.tc.increment)
        );
        // The clock runs from the moment `go` is written.
        let sent = self.process.send(&go)?;
        let deadline = sent + turn.patience;
        loop {
            let (at, line) = match self.process.recv(deadline) {
                Ok(x) => x,
                Err(e) => {
                    let _ = self.process.send("stop");
                    return Err(e.into());
                }
            };
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                let token = words.next().unwrap_or("").to_string();
                return Ok((Reply::Move(token), at.saturating_duration_since(sent)));
            }
        }
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {}

    fn transcript(&mut self, n: usize) -> String {
        self.process.transcript_tail(n)
    }

    fn take_complaints(&mut self) -> Vec<String> {
        self.process.take_complaints()
    }
}

/// A CECP (XBoard protocol 2) engine. The engine is kept in force mode until its first move
/// of a game (`force`, the moves so far, `time`, `otim`, `go`); after that each opponent move is
/// sent after `time`/`otim`, and the engine replies with `move X`.
pub struct CecpPlayer {
    process: Process,
    label: String,
    usermove: bool,
    ping: bool,
    ping_count: u32,
    ponder: bool,
    /// How many moves of the game the engine has been told or has played.
    known: usize,
    /// Out of force mode: the engine answers each opponent move with its own.
    playing: bool,
}

/// `feature` pairs: `key=value` or `key="quoted value"`.
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut rest = line.trim().strip_prefix("feature").unwrap_or("").trim_start();
    let mut pairs = Vec::new();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        pairs.push((key, value.to_string()));
        rest = tail.trim_start();
    }
    pairs
}

impl CecpPlayer {
    pub fn start(spec: &EngineSpec) -> Result<CecpPlayer, String> {
        let process = Process::start(&spec.label, &spec.program)?;
        let mut player = CecpPlayer {
            process,
            label: spec.label.clone(),
            usermove: false,
            ping: false,
            ping_count: 0,
            ponder: spec.ponder,
            known: 0,
            playing: false,
        };
        if let Err(e) = player.handshake() {
            return Err(format!("{}: CECP handshake failed ({e})\n{}", spec.label, player.transcript(40)));
        }
        Ok(player)
    }

    /// `xboard`, `protover 2`, then features until `done=1`. Without `done=0` the protocol lets
    /// an engine that says nothing be taken as version 1 after two seconds.
    fn handshake(&mut self) -> Result<(), String> {
        self.process.send("xboard").map_err(|e| format!("{e:?}"))?;
        self.process.send("protover 2").map_err(|e| format!("{e:?}"))?;
        let start = Instant::now();
        let mut extended = false;
        loop {
            let limit = if extended { PROMPT * 3 } else { Duration::from_secs(2) };
            let (_, line) = match self.process.recv(start + limit) {
                Ok(x) => x,
                Err(ReadError::Timeout) if !extended => return Ok(()),
                Err(e) => return Err(format!("no feature done=1 ({e:?})")),
            };
            if !line.starts_with("feature") {
                continue;
            }
            for (key, value) in parse_features(&line) {
                match key.as_str() {
                    "usermove" => self.usermove = value == "1",
                    "ping" => self.ping = value == "1",
                    "done" if value == "0" => extended = true,
                    _ => {}
                }
                if key != "done" {
                    self.process.send(&format!("accepted {key}")).map_err(|e| format!("{e:?}"))?;
                }
                if key == "done" && value == "1" {
                    return Ok(());
                }
            }
        }
    }

    fn send_move(&mut self, token: &str) -> Result<Instant, ReadError> {
        if self.usermove {
            self.process.send(&format!("usermove {token}"))
        } else {
            self.process.send(token)
        }
    }

    fn sync(&mut self) -> Result<(), ReadError> {
        if self.ping {
            self.ping_count += 1;
            let expected = format!("pong {}", self.ping_count);
            self.process.send(&format!("ping {}", self.ping_count))?;
            self.process.recv_until(PROMPT, |l| l.trim() == expected)?;
        }
        Ok(())
    }
}

fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

impl Player for CecpPlayer {
    fn label(&self) -> &str {
        &self.label
    }

    fn new_game(&mut self, tc: TimeControl, variant: &str) -> Result<(), String> {
        self.process.clear_transcript();
        let base = tc.base.as_secs();
        let level = format!("level 0 {}:{:02} {}", base / 60, base % 60, tc.increment.as_secs_f64());
        let result = (|| {
            let ponder = if self.ponder { "hard" } else { "easy" };
            self.process.send("new")?;
            if variant != "normal" {
                self.process.send(&format!("variant {variant}"))?;
            }
            for line in ["force", &level, "nopost", ponder] {
                self.process.send(line)?;
            }
            self.sync()
        })();
        self.known = 0;
        self.playing = false;
        result.map_err(|e| format!("{}: no pong after new ({e:?})", self.label))
    }

    fn think(&mut self, turn: &Turn) -> Result<(Reply, Duration), PlayerError> {
        self.process.drain(); // e.g. a result claim that followed the engine's last move
        let (own, other) = (turn.seat.index(), 1 - turn.seat.index());
        let time = format!("time {}", centiseconds(turn.clocks[own]));
        let otim = format!("otim {}", centiseconds(turn.clocks[other]));
        let sent = if self.playing && turn.moves.len() == self.known + 1 {
            self.process.send(&time)?;
            self.process.send(&otim)?;
            self.send_move(&turn.moves[self.known])?
        } else {
            if self.playing {
                self.process.send("force")?;
            }
            // `new` + `force` started the game; tell the moves since (opening, opponent's).
            if turn.moves.len() < self.known {
                return Err(PlayerError::Rejected("driver lost track of the game".into()));
            }
            for token in &turn.moves[self.known..] {
                self.send_move(token)?;
            }
            self.process.send(&time)?;
            self.process.send(&otim)?;
            self.playing = true;
            self.process.send("go")?
        };
        self.known = turn.moves.len();
        let deadline = sent + turn.patience;
        loop {
            let (at, line) = match self.process.recv(deadline) {
                Ok(x) => x,
                Err(e) => {
                    let _ = self.process.send("force");
                    self.playing = false;
                    return Err(e.into());
                }
            };
            let elapsed = at.saturating_duration_since(sent);
            let line = line.trim();
            let mut words = line.split_whitespace();
            match words.next() {
                Some("move") => {
                    self.known += 1;
                    return Ok((Reply::Move(words.next().unwrap_or("").to_string()), elapsed));
                }
                Some("resign") => return Ok((Reply::Resign, elapsed)),
                Some(w) if w.starts_with("1-0") || w.starts_with("0-1") || w.starts_with("1/2-1/2") => {
                    return Ok((Reply::Claim(line.to_string()), elapsed));
                }
                Some("Illegal") if line.starts_with("Illegal move") => {
                    return Err(PlayerError::Rejected(line.to_string()));
                }
                _ => {} // thinking output, telluser, Error lines: kept in the transcript
            }
        }
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        let _ = self.process.send(&format!("result {result} {{{reason}}}"));
        self.playing = false;
    }

    fn transcript(&mut self, n: usize) -> String {
        self.process.transcript_tail(n)
    }

    fn take_complaints(&mut self) -> Vec<String> {
        self.process.take_complaints()
    }
}

// ---------------------------------------------------------------------------------------------
// The referee

/// A fault ends the game against the engine that committed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// An illegal, unparseable or non-canonical move.
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
    /// Mate, stalemate, 50 moves, insufficient material, threefold repetition.
    Rule(Outcome),
    /// Adjudicated a draw at the ply limit.
    PlyLimit,
    /// The engine of this seat resigned.
    Resignation(Seat),
    Fault {
        seat: Seat,
        kind: FaultKind,
        detail: String,
    },
}

#[derive(Clone, Debug)]
pub struct GameResult {
    /// Engine labels of White and Black.
    pub players: [String; 2],
    /// `None` for a draw.
    pub winner: Option<Seat>,
    pub end: End,
    pub plies: usize,
    /// Every move from the start position, opening included.
    pub moves: Vec<String>,
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
            End::Rule(o) => o.describe(|s| if s == Seat::WHITE { "White" } else { "Black" }.to_string()),
            End::PlyLimit => format!("draw adjudicated after {} plies", self.plies),
            End::Resignation(s) => format!("{} resigns", name(*s)),
            End::Fault { seat, kind, detail } => {
                format!("{} ({}) {kind:?}: {detail}", name(*seat), side(*seat))
            }
        }
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
        match self.moves.is_empty() {
            true => "position startpos".to_string(),
            false => format!("position startpos moves {}", self.moves.join(" ")),
        }
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

pub struct GameConfig {
    pub tc: TimeControl,
    /// Adjudicate a draw when the game reaches this many plies.
    pub max_plies: usize,
    /// Moves played from the start position before the clocks start.
    pub opening: Vec<String>,
    /// How long after its flag fell an engine may still answer (to tell "late" from "hung").
    pub grace: Duration,
}

/// Plays one game of chess; `players[0]` has White.
pub fn play_game(players: [&mut dyn Player; 2], config: &GameConfig) -> GameResult {
    play_game_as::<Chess>(players, config)
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
        plies: table.moves.len(),
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
    /// The CPU pressure during the last request.
    last_pressure: Option<f64>,
    think_time: Duration,
    timed_moves: usize,
}

impl<G: Game> Table<G> {
    fn new(config: &GameConfig) -> Table<G> {
        let mut record = Record::new(G::start());
        let mut moves = Vec::new();
        for token in &config.opening {
            let turn =
                record.position().parse_turn(token).unwrap_or_else(|e| panic!("opening move {token}: {e}"));
            moves.push(record.position().render_turn(&turn));
            for m in turn {
                record.play(m);
            }
        }
        let clocks = [config.tc.base; 2];
        Table {
            record,
            moves,
            clocks,
            min_clock: clocks,
            last_pressure: None,
            think_time: Duration::ZERO,
            timed_moves: 0,
        }
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
        if table.moves.len() >= config.max_plies {
            return (None, End::PlyLimit);
        }
        let seat = table.record.position().to_move();
        let i = seat.index();
        let clock = table.clocks[i];
        let forfeit = |kind, detail: String| (Some(other(seat)), End::Fault { seat, kind, detail });
        let turn = Turn {
            moves: &table.moves,
            seat,
            clocks: table.clocks,
            tc: config.tc,
            patience: clock + config.grace,
        };
        let pressure = CpuPressure::sample();
        let answer = players[i].think(&turn);
        table.last_pressure = pressure.since();
        let (reply, elapsed) = match answer {
            Ok(x) => x,
            Err(PlayerError::Timeout) => {
                let waited = clock + config.grace;
                let detail = format!(
                    "no reply within {waited:?} ({clock:?} on the clock){}",
                    describe_pressure(table.last_pressure)
                );
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
        if elapsed > clock {
            let detail = format!(
                "flag fell: took {:.3}s with {:.3}s on the clock{}",
                elapsed.as_secs_f64(),
                clock.as_secs_f64(),
                describe_pressure(table.last_pressure)
            );
            return forfeit(FaultKind::Time, detail);
        }
        table.think_time += elapsed;
        table.timed_moves += 1;
        table.clocks[i] = clock - elapsed;
        table.min_clock[i] = table.min_clock[i].min(table.clocks[i]);
        table.clocks[i] += config.tc.increment;
        let position = table.record.position();
        match reply {
            Reply::Move(token) => match position.parse_turn(&token) {
                Ok(turn) if position.render_turn(&turn) == token => {
                    for m in turn {
                        table.record.play(m);
                    }
                    table.moves.push(token);
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

fn other(seat: Seat) -> Seat {
    if seat == Seat::WHITE {
        Seat::BLACK
    } else {
        Seat::WHITE
    }
}

/// A random legal opening of `plies` plies from the start position (none that ends the game).
pub fn random_opening(rng: &mut impl rand::Rng, plies: usize) -> Vec<String> {
    random_opening_as::<Chess>(rng, plies)
}

/// A random legal opening of the variant `G`: `plies` whole turns, each made of random actions.
pub fn random_opening_as<G: Game>(rng: &mut impl rand::Rng, plies: usize) -> Vec<String> {
    let mut record = Record::new(G::start());
    let mut tokens = Vec::new();
    for _ in 0..plies {
        let turn_start = record.position().clone();
        let mut turn = Vec::new();
        loop {
            let mut list = jester::core::MoveList::new();
            record.position().legal_moves(&mut list);
            let m = list[rng.gen_range(0..list.len())];
            turn.push(m);
            record.play(m);
            if !record.position().mid_turn() {
                break;
            }
        }
        tokens.push(turn_start.render_turn(&turn));
        if record.outcome().is_some() {
            break;
        }
    }
    tokens
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

/// Wins, draws and losses from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn of(label: &str, results: &[GameResult]) -> Tally {
        let mut t = Tally::default();
        for r in results {
            match r.score_of(label) {
                Some(s) if s > 0.75 => t.wins += 1,
                Some(s) if s > 0.25 => t.draws += 1,
                Some(_) => t.losses += 1,
                None => {}
            }
        }
        t
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// Finds a program in `PATH` or the given directories.
pub fn find_program(name: &str, extra_dirs: &[&str]) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain(extra_dirs.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Finds a peer program. Without it the test fails naming the Debian package, unless
/// `JESTER_SKIP_PEER_TESTS` is set: then `None`, and the test skips with a message.
pub fn require_peer(name: &str, package: &str) -> Option<PathBuf> {
    if let Some(p) = find_program(name, &["/usr/games", "/usr/bin"]) {
        return Some(p);
    }
    if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() {
        eprintln!("{name} not installed: skipped (JESTER_SKIP_PEER_TESTS)");
        return None;
    }
    panic!("{name} not found: install Debian's `{package}` (see .ci/run) or set JESTER_SKIP_PEER_TESTS=1");
}

/// The jester binary built for these tests.
pub fn jester_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_jester"))
}

/// Reads a count from the environment, with a default.
pub fn env_count(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name}={v}: expected a number")),
        Err(_) => default,
    }
}
