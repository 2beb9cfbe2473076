//! Engines as players: how to start one ([`EngineSpec`], read from a cutechess-style string), the
//! time controls, and the two protocols reduced to "new game" and "your move".

use super::process::{Process, ReadError};
use crate::core::Seat;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long an engine may take to answer a handshake or synchronisation command.
pub const PROMPT: Duration = Duration::from_secs(10);

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A clock per seat: `base` at the start, `increment` after every move, and with `moves`
    /// the base again after every `moves` moves of the seat (`40/60+0`).
    Clock { base: Duration, increment: Duration, moves: Option<u32> },
    /// A fixed time for every move.
    MoveTime(Duration),
    /// A fixed search depth (plies) for every move.
    Depth(u32),
    /// A fixed node count for every move (UCI only).
    Nodes(u64),
}

impl TimeControl {
    /// Sudden death with increment.
    pub fn clock(base: Duration, increment: Duration) -> TimeControl {
        TimeControl::Clock { base, increment, moves: None }
    }

    /// Reads `10+0.1`, `60`, `40/60+0.5`, `40/60` (seconds; moves per period before `/`), and a
    /// base as XBoard writes it, minutes and seconds: `1:00+1`, `40/5:00`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("time control '{text}' not understood (try 10+0.1, 1:00+1 or 40/60)");
        let number = |s: &str| -> Result<f64, String> {
            s.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(bad)
        };
        let seconds = |s: &str| -> Result<Duration, String> {
            let v = match s.split_once(':') {
                Some((m, sec)) if !sec.contains(':') && !sec.contains('.') => {
                    let sec = number(sec)?;
                    if sec >= 60.0 {
                        return Err(bad());
                    }
                    number(m)? * 60.0 + sec
                }
                Some(_) => return Err(bad()),
                None => number(s)?,
            };
            if !(0.0..=86_400.0).contains(&v) {
                return Err(bad());
            }
            Ok(Duration::from_secs_f64(v))
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m.trim().parse().map_err(|_| bad())?;
                if m == 0 {
                    return Err(bad());
                }
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(rest)?, Duration::ZERO),
        };
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock { base, increment, moves })
    }

    /// The clocks at the start of a game (zero where moves are not timed by a clock).
    pub fn start_clock(&self) -> Duration {
        match self {
            TimeControl::Clock { base, .. } => *base,
            _ => Duration::ZERO,
        }
    }

    /// The PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        match self {
            TimeControl::Clock { base, increment, moves } => {
                let mut s = String::new();
                if let Some(m) = moves {
                    s.push_str(&format!("{m}/"));
                }
                s.push_str(&format!("{}", base.as_secs_f64()));
                if !increment.is_zero() {
                    s.push_str(&format!("+{}", increment.as_secs_f64()));
                }
                s
            }
            // A period of one move.
            TimeControl::MoveTime(t) => format!("1/{}", t.as_secs_f64()),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => "-".to_string(),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock { .. } => write!(f, "{}", self.pgn_tag()),
            TimeControl::MoveTime(t) => write!(f, "{}s per move", t.as_secs_f64()),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "{n} nodes"),
        }
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
    /// The name used in reports, PGN and fault messages.
    pub label: String,
    pub program: PathBuf,
    /// Command-line arguments for the program.
    pub args: Vec<String>,
    pub protocol: Protocol,
    /// Option name/value pairs, sent once after the handshake: UCI `setoption`; CECP `memory`
    /// for Hash, `cores` for Threads, `option NAME=VALUE` for the rest.
    pub options: Vec<(String, String)>,
    /// CECP only: think on the opponent's time (`hard`; otherwise `easy`).
    pub ponder: bool,
    /// UCI only, in a node-limited match: this engine's own node count for every move, in
    /// place of `--nodes` (node odds; or two copies of one engine that would otherwise play
    /// both games of an opening alike).
    pub nodes: Option<u64>,
}

impl EngineSpec {
    pub fn new(label: &str, program: impl Into<PathBuf>, protocol: Protocol) -> EngineSpec {
        EngineSpec {
            label: label.to_string(),
            program: program.into(),
            args: Vec::new(),
            protocol,
            options: Vec::new(),
            ponder: false,
            nodes: None,
        }
    }

    pub fn option(mut self, name: &str, value: &str) -> EngineSpec {
        self.options.push((name.to_string(), value.to_string()));
        self
    }

    /// Reads `cmd=PATH proto=uci|xboard name=NAME arg=.. option.NAME=VALUE ..`: words split at
    /// spaces, with single or double quotes around a word that holds spaces
    /// (`'option.Skill Level=3'`). `name` defaults to the program's file name.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let words = split_words(text)?;
        let mut cmd = None;
        let mut protocol = None;
        let mut name = None;
        let mut args = Vec::new();
        let mut options = Vec::new();
        let mut ponder = false;
        let mut nodes = None;
        for word in words {
            let Some((key, value)) = word.split_once('=') else {
                return Err(format!("engine setting '{word}' is not KEY=VALUE"));
            };
            match key {
                "cmd" => cmd = Some(PathBuf::from(value)),
                "proto" => {
                    protocol = Some(match value {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Cecp,
                        _ => return Err(format!("protocol '{value}' unknown (uci or xboard)")),
                    })
                }
                "name" if !value.is_empty() => name = Some(value.to_string()),
                "arg" => args.push(value.to_string()),
                "ponder" => {
                    ponder = match value {
                        "true" | "1" => true,
                        "false" | "0" => false,
                        _ => return Err(format!("ponder '{value}': expected true or false")),
                    }
                }
                "nodes" => match value.parse::<u64>() {
                    Ok(n) if n > 0 => nodes = Some(n),
                    _ => return Err(format!("nodes '{value}': expected a positive whole number")),
                },
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_string(), value.to_string()))
                    }
                    _ => {
                        let known = "cmd, proto, name, arg, option.NAME, ponder, nodes";
                        return Err(format!("engine setting '{key}' unknown ({known})"));
                    }
                },
            }
        }
        let program = cmd.ok_or_else(|| format!("engine '{text}' has no cmd=PATH"))?;
        let protocol = protocol.ok_or_else(|| format!("engine '{text}' has no proto=uci|xboard"))?;
        if nodes.is_some() && protocol == Protocol::Cecp {
            return Err(format!("engine '{text}': nodes=N needs proto=uci (CECP has no node limit)"));
        }
        let label = name.unwrap_or_else(|| {
            program
                .file_name()
                .map_or_else(|| program.display().to_string(), |f| f.to_string_lossy().into_owned())
        });
        Ok(EngineSpec { label, program, args, protocol, options, ponder, nodes })
    }

    /// Starts the engine and completes the protocol handshake.
    pub fn start(&self) -> Result<Box<dyn Player>, String> {
        Ok(match self.protocol {
            Protocol::Uci => Box::new(UciPlayer::start(self)?),
            Protocol::Cecp => Box::new(CecpPlayer::start(self)?),
        })
    }
}

/// Words separated by spaces; quotes group a word with spaces and are removed.
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("unclosed {q} in engine '{text}'"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// An engine's answer to "your move".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Move(String),
    Resign,
    /// A CECP result line (`1-0 {...}`, `1/2-1/2 {...}`) instead of a move.
    Claim(String),
}

/// Scores read from engines are clamped to this, so no arithmetic on them can overflow.
const MAX_CENTIPAWNS: i32 = 1_000_000;

/// What an engine said about the position, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    Centipawns(i32),
    /// Mate in this many moves (negative: it is mated).
    Mate(i32),
}

impl EngineScore {
    /// Centipawns, with mates as very large values.
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(n) if n > 0 => 100_000 - n,
            EngineScore::Mate(n) => -100_000 - n,
        }
    }
}

/// A reply with the time from the request to it and the engine's last score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub reply: Reply,
    pub elapsed: Duration,
    pub score: Option<EngineScore>,
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
    /// The start position text, `None` for the variant's own start.
    pub start: Option<&'a str>,
    /// Every turn from the start position, canonical tokens.
    pub moves: &'a [String],
    pub seat: Seat,
    /// Remaining time of each seat (White and Black; or Red, Blue, Yellow and Green).
    pub clocks: [Duration; 4],
    /// How many seats the game has (2, or 4 for Fimbriation).
    pub seats: usize,
    /// Moves until the next period (clocks with moves per period).
    pub moves_to_go: Option<u32>,
    pub tc: TimeControl,
    /// When to give up waiting, counted from the request.
    pub patience: Duration,
}

/// The variants an engine says it plays: UCI's `UCI_Variant` combo (its `var` entries), CECP's
/// `feature variants="..."`. An engine that names none plays standard chess only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OfferedVariants {
    /// The names as the engine writes them; `None` where it names none.
    pub names: Option<Vec<String>>,
    /// UCI: the combo's default, the variant played until another is set.
    pub default: Option<String>,
    /// UCI: the engine has a `VariantPath` option (Fairy-Stockfish reads variants from a file).
    pub variant_path: bool,
}

impl OfferedVariants {
    /// The engine's own name for jester's variant `variant` (a canonical name), matched against
    /// the variant's names and aliases ignoring case (`normal` is `chess` to Fairy-Stockfish):
    /// `Ok(None)` where nothing needs to be set (standard chess where the engine plays it
    /// already), or why the engine cannot play it. `protocol` names the list in the message.
    pub fn engine_name(&self, variant: &str, protocol: Protocol) -> Result<Option<String>, String> {
        let info = crate::variants::Variant::from_name(variant).map(|v| v.info()).ok();
        let ours: Vec<&str> = match info {
            Some(info) => std::iter::once(info.name).chain(info.aliases.iter().copied()).collect(),
            None => vec![variant],
        };
        let is_ours = |name: &str| ours.iter().any(|o| o.eq_ignore_ascii_case(name.trim()));
        let normal = ours.contains(&"normal");
        let list = match protocol {
            Protocol::Uci => "its UCI_Variant option",
            Protocol::Cecp => "its feature variants",
        };
        let Some(names) = &self.names else {
            return if normal {
                Ok(None)
            } else {
                let none = match protocol {
                    Protocol::Uci => "it has no UCI_Variant option",
                    Protocol::Cecp => "it sends no feature variants",
                };
                Err(format!(
                    "it does not offer variant '{variant}' ({none}, so it plays standard chess only)"
                ))
            };
        };
        match names.iter().find(|n| is_ours(n)) {
            // Standard chess needs no setting where the engine starts in it.
            Some(_) if normal && self.default.as_deref().is_none_or(is_ours) => Ok(None),
            Some(name) => Ok(Some(name.clone())),
            None => {
                const SHOWN: usize = 12;
                let mut offered = names.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
                if names.len() > SHOWN {
                    offered.push_str(&format!(" and {} more", names.len() - SHOWN));
                }
                let hint = if self.variant_path {
                    "; a variant defined in a variants file is offered once option.VariantPath=FILE names it"
                } else {
                    ""
                };
                Err(format!("it does not offer variant '{variant}' ({list} offers {offered}{hint})"))
            }
        }
    }
}

/// The `UCI_Variant` combo of a UCI `option` line, if it is one: its `var` entries and default.
fn uci_variant_option(line: &str, offered: &mut OfferedVariants) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
        return;
    }
    let Some(type_at) = words.iter().position(|w| *w == "type") else { return };
    let name = words[2..type_at].join(" ");
    if name.eq_ignore_ascii_case("VariantPath") {
        offered.variant_path = true;
    }
    if !name.eq_ignore_ascii_case("UCI_Variant") {
        return;
    }
    let mut names = Vec::new();
    let mut default = None;
    let mut rest = words[type_at..].iter();
    while let Some(&w) = rest.next() {
        match w {
            "var" => names.extend(rest.next().map(|v| v.to_string())),
            "default" => default = rest.next().map(|v| v.to_string()),
            _ => {}
        }
    }
    offered.names = Some(names);
    offered.default = default;
}

pub trait Player: Send {
    fn label(&self) -> &str;
    /// Starts a game of `variant` (its canonical name); the engine must answer its
    /// synchronisation command.
    fn new_game(&mut self, tc: TimeControl, variant: &str) -> Result<(), String>;
    /// Asks for a move.
    fn think(&mut self, turn: &Turn) -> Result<Answer, PlayerError>;
    /// Tells the engine the game is over (`1-0`, `0-1`, `1/2-1/2`).
    fn game_over(&mut self, result: &str, reason: &str);
    /// The last `n` lines exchanged in this game.
    fn transcript(&mut self, n: usize) -> String;
    /// Error reports of the engine about what it was sent, since the last call.
    fn take_complaints(&mut self) -> Vec<String>;
    /// The variants the engine offers.
    fn offered_variants(&self) -> &OfferedVariants;
    /// The engine's protocol.
    fn protocol(&self) -> Protocol;
    /// The engine's name for jester's variant `variant`, `Ok(None)` where nothing needs to be
    /// set, or why it cannot play it (one line).
    fn variant_name(&self, variant: &str) -> Result<Option<String>, String> {
        self.offered_variants().engine_name(variant, self.protocol())
    }
    /// Whether the engine can start from a position text (CECP: feature `setboard=1`).
    fn can_set_up(&self) -> bool {
        true
    }
    /// Whether the engine asked for a fresh process for every game (CECP `reuse=0`).
    fn wants_fresh_process(&self) -> bool {
        false
    }
}

/// A UCI engine: `position startpos|fen .. moves ...` and `go` with the time control.
pub struct UciPlayer {
    process: Process,
    label: String,
    variants: OfferedVariants,
    /// The engine's own node count, in place of the match's (`nodes=N`).
    nodes: Option<u64>,
}

impl UciPlayer {
    pub fn start(spec: &EngineSpec) -> Result<UciPlayer, String> {
        let mut process = Process::start(&spec.label, &spec.program, &spec.args)?;
        let fail = |p: &mut Process, what: &str| format!("{what}\n{}", p.transcript_tail(40));
        let mut variants = OfferedVariants::default();
        // Ok(Some(answer)): the engine refused `uci` (see below).
        let mut handshake = || -> Result<Option<String>, ReadError> {
            process.send("uci")?;
            // An engine that answers `uci` with an error, or with CECP's `feature`, speaks
            // another protocol: say so at once instead of waiting for a `uciok` that never comes.
            let deadline = Instant::now() + PROMPT;
            loop {
                let (_, line) = process.recv(deadline)?;
                let line = line.trim();
                if line == "uciok" {
                    break;
                }
                // CECP's own words: an engine that says them speaks CECP (Fairy-Max greets with
                // `tellics say ...` and may close before answering `uci` at all).
                if line.starts_with("Error")
                    || line.starts_with("feature")
                    || line.starts_with("tellics")
                    || line.starts_with("telluser")
                    || line.contains("unknown command")
                {
                    return Ok(Some(line.to_string()));
                }
                uci_variant_option(line, &mut variants);
            }
            for (name, value) in &spec.options {
                process.send(&format!("setoption name {name} value {value}"))?;
            }
            // Fairy-Stockfish reads variants from the file named by VariantPath, but does not
            // announce them again by itself: ask for its options once more to see them.
            if spec.options.iter().any(|(name, _)| name.eq_ignore_ascii_case("VariantPath")) {
                process.send("uci")?;
                let deadline = Instant::now() + PROMPT;
                loop {
                    let (_, line) = process.recv(deadline)?;
                    if line.trim() == "uciok" {
                        break;
                    }
                    uci_variant_option(line.trim(), &mut variants);
                }
            }
            process.send("isready")?;
            process.recv_until(PROMPT, |l| l.trim() == "readyok")?;
            Ok(None)
        };
        let handshake = handshake();
        match handshake {
            Ok(None) => {}
            Ok(Some(answer)) => {
                return Err(format!(
                    "{} does not speak UCI (it answered '{answer}' to 'uci'); try proto=xboard",
                    spec.label
                ))
            }
            Err(e) => {
                return Err(fail(&mut process, &format!("{}: UCI handshake failed ({e:?})", spec.label)))
            }
        }
        Ok(UciPlayer { process, label: spec.label.clone(), variants, nodes: spec.nodes })
    }
}

/// The score of a UCI `info` line, if it has one.
fn uci_score(line: &str) -> Option<EngineScore> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    while let Some(w) = words.next() {
        if w == "string" {
            return None; // free text to the end of the line
        }
        if w == "score" {
            let kind = words.next()?;
            let value: i32 = words.next()?.parse().ok()?;
            // A bound is not a score.
            if matches!(words.next(), Some("lowerbound" | "upperbound")) {
                return None;
            }
            return match kind {
                "cp" => Some(EngineScore::Centipawns(value.clamp(-MAX_CENTIPAWNS, MAX_CENTIPAWNS))),
                "mate" => Some(EngineScore::Mate(value.clamp(-1000, 1000))),
                _ => None,
            };
        }
    }
    None
}

impl Player for UciPlayer {
    fn label(&self) -> &str {
        &self.label
    }

    fn new_game(&mut self, _tc: TimeControl, variant: &str) -> Result<(), String> {
        self.process.clear_transcript();
        let name = self.variant_name(variant).map_err(|e| format!("{}: {e}", self.label))?;
        let sync = (|| {
            if let Some(name) = name {
                self.process.send(&format!("setoption name UCI_Variant value {name}"))?;
            }
            self.process.send("ucinewgame")?;
            self.process.send("isready")?;
            self.process.recv_until(PROMPT, |l| l.trim() == "readyok")
        })();
        sync.map(|_| ()).map_err(|e| format!("{}: no readyok after ucinewgame ({e:?})", self.label))
    }

    fn think(&mut self, turn: &Turn) -> Result<Answer, PlayerError> {
        self.process.drain();
        let mut position = match turn.start {
            Some(text) => format!("position fen {text}"),
            None => "position startpos".to_string(),
        };
        if !turn.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&turn.moves.join(" "));
        }
        self.process.send(&position)?;
        let ms = |d: Duration| d.as_millis();
        let go = match turn.tc {
            TimeControl::Clock { increment, .. } if turn.seats == 4 => {
                // Four clocks (protocol-docs/notation.md): `btime` is Blue's.
                let (c, i) = (turn.clocks.map(ms), ms(increment));
                let mut go = format!(
                    "go rtime {} btime {} ytime {} gtime {} rinc {i} binc {i} yinc {i} ginc {i}",
                    c[0], c[1], c[2], c[3]
                );
                if let Some(n) = turn.moves_to_go {
                    go.push_str(&format!(" movestogo {n}"));
                }
                go
            }
            TimeControl::Clock { increment, .. } => {
                let mut go = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(turn.clocks[0]),
                    ms(turn.clocks[1]),
                    ms(increment),
                    ms(increment)
                );
                if let Some(n) = turn.moves_to_go {
                    go.push_str(&format!(" movestogo {n}"));
                }
                go
            }
            TimeControl::MoveTime(t) => format!("go movetime {}", ms(t)),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Nodes(n) => format!("go nodes {}", self.nodes.unwrap_or(n)),
        };
        // The clock runs from the moment `go` is written.
        let sent = self.process.send(&go)?;
        let deadline = sent + turn.patience;
        let mut score = None;
        loop {
            let (at, line) = match self.process.recv(deadline) {
                Ok(x) => x,
                Err(e) => {
                    let _ = self.process.send("stop");
                    return Err(e.into());
                }
            };
            if let Some(s) = uci_score(&line) {
                score = Some(s);
            }
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                let token = words.next().unwrap_or("").to_string();
                return Ok(Answer {
                    reply: Reply::Move(token),
                    elapsed: at.saturating_duration_since(sent),
                    score,
                });
            }
        }
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {}

    fn offered_variants(&self) -> &OfferedVariants {
        &self.variants
    }

    fn protocol(&self) -> Protocol {
        Protocol::Uci
    }

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
    setboard: bool,
    /// The engine takes `memory` and `cores` (features `memory=1`, `smp=1`).
    memory: bool,
    smp: bool,
    /// `reuse=0`: the engine wants a fresh process for every game.
    reuse: bool,
    ping_count: u32,
    ponder: bool,
    /// Where the current game started (sent with `setboard`), if not the variant's start.
    start: Option<String>,
    /// How many moves of the game the engine has been told or has played.
    known: usize,
    /// Out of force mode: the engine answers each opponent move with its own.
    playing: bool,
    /// Its `feature variants`.
    variants: OfferedVariants,
}

/// The CECP features the referee understands; the defaults of the others are what it does.
const KNOWN_FEATURES: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    // jester's own: the referee reads jester's notation (notation.md) in every variant, so an
    // engine need not refuse the variants XBoard cannot show (protocol-docs/xboard.md).
    "jester_notation",
];

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

/// The score of a CECP thinking line (`ply score time nodes pv`), if it is one.
fn cecp_score(line: &str) -> Option<EngineScore> {
    let mut words = line.split_whitespace();
    let ply = words.next()?.trim_end_matches(['.', '&', '-', '+']);
    ply.parse::<u32>().ok()?;
    let score: i32 = words.next()?.parse().ok()?;
    // Thinking lines have time and nodes after the score.
    words.next()?.parse::<u64>().ok()?;
    Some(EngineScore::Centipawns(score.clamp(-MAX_CENTIPAWNS, MAX_CENTIPAWNS)))
}

impl CecpPlayer {
    pub fn start(spec: &EngineSpec) -> Result<CecpPlayer, String> {
        let process = Process::start(&spec.label, &spec.program, &spec.args)?;
        let mut player = CecpPlayer {
            process,
            label: spec.label.clone(),
            usermove: false,
            ping: false,
            setboard: false,
            memory: false,
            smp: false,
            reuse: true,
            ping_count: 0,
            ponder: spec.ponder,
            start: None,
            known: 0,
            playing: false,
            variants: OfferedVariants::default(),
        };
        if let Err(e) = player.handshake() {
            return Err(format!("{}: CECP handshake failed ({e})\n{}", spec.label, player.transcript(40)));
        }
        for (name, value) in &spec.options {
            let line = match name.as_str() {
                "Hash" if player.memory => format!("memory {value}"),
                "Threads" if player.smp => format!("cores {value}"),
                "Hash" | "Threads" => {
                    log::warn!(
                        "{}: no feature {} offered: option {name} not sent",
                        spec.label,
                        if name == "Hash" { "memory=1" } else { "smp=1" }
                    );
                    continue;
                }
                _ => format!("option {name}={value}"),
            };
            if player.process.send(&line).is_err() {
                return Err(format!("{}: closed during its options\n{}", spec.label, player.transcript(40)));
            }
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
                let on = value == "1";
                match key.as_str() {
                    "usermove" => self.usermove = on,
                    "ping" => self.ping = on,
                    "setboard" => self.setboard = on,
                    "memory" => self.memory = on,
                    "smp" => self.smp = on,
                    "reuse" => self.reuse = value != "0",
                    "variants" => {
                        let names = value.split(',').map(str::trim).filter(|n| !n.is_empty());
                        self.variants.names = Some(names.map(str::to_string).collect());
                    }
                    "done" if value == "0" => extended = true,
                    _ => {}
                }
                if key != "done" {
                    // Moves are sent as coordinates: an engine asking for SAN is refused it, and
                    // features the referee does not know are refused too (the protocol's rule).
                    let verdict = if KNOWN_FEATURES.contains(&key.as_str()) && !(key == "san" && on) {
                        "accepted"
                    } else {
                        "rejected"
                    };
                    self.process.send(&format!("{verdict} {key}")).map_err(|e| format!("{e:?}"))?;
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

    /// `new`, the variant (the engine's name for it; none for standard chess) and the time
    /// control, in force mode.
    fn setup(&mut self, tc: TimeControl, variant: Option<&str>) -> Result<(), ReadError> {
        let ponder = if self.ponder { "hard" } else { "easy" };
        self.process.send("new")?;
        if let Some(variant) = variant {
            self.process.send(&format!("variant {variant}"))?;
        }
        let limits: Vec<String> = match tc {
            TimeControl::Clock { base, increment, moves } => {
                // `level` has minutes:seconds, so the base is rounded to whole seconds; the
                // referee's clock (`time`, `otim`) stays exact.
                let secs = (base.as_secs_f64().round() as u64).max(1);
                let base = format!("{}:{:02}", secs / 60, secs % 60);
                vec![format!("level {} {base} {}", moves.unwrap_or(0), increment.as_secs_f64())]
            }
            // `st` takes whole seconds (checked in `new_game`).
            TimeControl::MoveTime(t) => vec![format!("st {}", t.as_secs())],
            TimeControl::Depth(d) => vec![format!("sd {d}"), "level 0 600 0".into()],
            TimeControl::Nodes(_) => Vec::new(),
        };
        self.process.send("force")?;
        for line in limits {
            self.process.send(&line)?;
        }
        // Thinking output carries the scores that draw and resign adjudication read.
        self.process.send("post")?;
        self.process.send(ponder)?;
        self.sync()
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
        if let TimeControl::Nodes(_) = tc {
            return Err(format!(
                "{}: CECP has no node limit (use a UCI engine or another time control)",
                self.label
            ));
        }
        if let TimeControl::MoveTime(t) = tc {
            if t.subsec_nanos() != 0 {
                return Err(format!(
                    "{}: CECP's st takes whole seconds, not {}s",
                    self.label,
                    t.as_secs_f64()
                ));
            }
        }
        let name = self.variant_name(variant).map_err(|e| format!("{}: {e}", self.label))?;
        let result = self.setup(tc, name.as_deref());
        self.known = 0;
        self.playing = false;
        self.start = None;
        result.map_err(|e| format!("{}: no pong after new ({e:?})", self.label))
    }

    fn think(&mut self, turn: &Turn) -> Result<Answer, PlayerError> {
        self.process.drain(); // e.g. a result claim that followed the engine's last move
        if turn.start.map(str::to_string) != self.start && self.known == 0 {
            let Some(text) = turn.start else {
                return Err(PlayerError::Rejected("driver lost track of the start position".into()));
            };
            if !self.setboard {
                return Err(PlayerError::Rejected(format!(
                    "{} cannot set up a position (no feature setboard=1)",
                    self.label
                )));
            }
            self.process.send(&format!("setboard {text}"))?;
            self.start = Some(text.to_string());
        }
        // `otim` is the opponent's clock; with four seats, that of the seat moving next.
        let seats = turn.seats.clamp(2, 4);
        let (own, other) = (turn.seat.index() % seats, (turn.seat.index() + 1) % seats);
        let clocked = matches!(turn.tc, TimeControl::Clock { .. });
        let time = format!("time {}", centiseconds(turn.clocks[own]));
        let otim = format!("otim {}", centiseconds(turn.clocks[other]));
        let sent = if self.playing && turn.moves.len() == self.known + 1 {
            if clocked {
                self.process.send(&time)?;
                self.process.send(&otim)?;
            }
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
            if clocked {
                self.process.send(&time)?;
                self.process.send(&otim)?;
            }
            self.playing = true;
            self.process.send("go")?
        };
        self.known = turn.moves.len();
        let deadline = sent + turn.patience;
        let mut score = None;
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
            if let Some(s) = cecp_score(line) {
                score = Some(s);
            }
            let mut words = line.split_whitespace();
            let answer = |reply| Ok(Answer { reply, elapsed, score });
            match words.next() {
                Some("move") => {
                    self.known += 1;
                    return answer(Reply::Move(words.next().unwrap_or("").to_string()));
                }
                Some("resign") => return answer(Reply::Resign),
                Some(w) if w.starts_with("1-0") || w.starts_with("0-1") || w.starts_with("1/2-1/2") => {
                    return answer(Reply::Claim(line.to_string()));
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

    fn can_set_up(&self) -> bool {
        self.setboard
    }

    fn offered_variants(&self) -> &OfferedVariants {
        &self.variants
    }

    fn protocol(&self) -> Protocol {
        Protocol::Cecp
    }

    fn wants_fresh_process(&self) -> bool {
        !self.reuse
    }

    fn transcript(&mut self, n: usize) -> String {
        self.process.transcript_tail(n)
    }

    fn take_complaints(&mut self) -> Vec<String> {
        self.process.take_complaints()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read() {
        let s = Duration::from_secs_f64;
        assert_eq!(TimeControl::parse("10+0.1"), Ok(TimeControl::clock(s(10.0), s(0.1))));
        assert_eq!(TimeControl::parse("60"), Ok(TimeControl::clock(s(60.0), Duration::ZERO)));
        assert_eq!(
            TimeControl::parse("40/60+0.5"),
            Ok(TimeControl::Clock { base: s(60.0), increment: s(0.5), moves: Some(40) })
        );
        // XBoard's minutes:seconds base.
        assert_eq!(TimeControl::parse("1:00+1"), Ok(TimeControl::clock(s(60.0), s(1.0))));
        assert_eq!(
            TimeControl::parse("40/5:00"),
            Ok(TimeControl::Clock { base: s(300.0), increment: Duration::ZERO, moves: Some(40) })
        );
        assert_eq!(TimeControl::parse("0:30+0.2"), Ok(TimeControl::clock(s(30.0), s(0.2))));
        for bad in ["", "x", "10+", "0/60", "-1+0", "0+0", "1e9", "1:60", "1:2:3", "1:x", "1:30.5", ":30"] {
            let e = TimeControl::parse(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
        assert_eq!(TimeControl::parse("40/60+0.5").unwrap().pgn_tag(), "40/60+0.5");
    }

    #[test]
    fn engine_strings_are_read() {
        let e = EngineSpec::parse(
            "cmd=/usr/games/stockfish proto=uci 'option.Skill Level=3' option.Hash=16 arg=-q",
        )
        .unwrap();
        assert_eq!(e.label, "stockfish");
        assert_eq!(e.protocol, Protocol::Uci);
        assert_eq!(e.options, [("Skill Level".into(), "3".into()), ("Hash".into(), "16".into())]);
        assert_eq!(e.args, ["-q"]);
        assert_eq!(e.nodes, None);
        let e = EngineSpec::parse("cmd=fairymax proto=xboard name=\"Fairy Max\"").unwrap();
        assert_eq!((e.label.as_str(), e.protocol), ("Fairy Max", Protocol::Cecp));
        assert_eq!(EngineSpec::parse("cmd=x proto=uci nodes=4100").unwrap().nodes, Some(4100));
        for (bad, named) in [
            ("proto=uci", "no cmd"),
            ("cmd=x", "no proto"),
            ("cmd=x proto=winboard", "'winboard'"),
            ("cmd=x proto=uci colour=red", "'colour'"),
            ("cmd=x proto=uci lonely", "'lonely'"),
            ("cmd=x proto=uci 'open", "unclosed"),
            ("cmd=x proto=uci nodes=0", "nodes '0'"),
            ("cmd=x proto=uci nodes=4k", "nodes '4k'"),
            ("cmd=x proto=xboard nodes=100", "needs proto=uci"),
        ] {
            let e = EngineSpec::parse(bad).unwrap_err();
            assert!(e.contains(named), "{bad}: {e}");
        }
    }

    #[test]
    fn variant_names_are_matched_to_the_engines() {
        let mut offered = OfferedVariants::default();
        uci_variant_option("option name Hash type spin default 16 min 1 max 33554432", &mut offered);
        assert_eq!(offered.names, None);
        uci_variant_option(
            "option name UCI_Variant type combo default chess var chess var Thronekings",
            &mut offered,
        );
        assert_eq!(offered.default.as_deref(), Some("chess"));
        assert_eq!(offered.engine_name("normal", Protocol::Uci), Ok(None));
        assert_eq!(offered.engine_name("thronekings", Protocol::Uci), Ok(Some("Thronekings".into())));
        let refused = offered.engine_name("tirebiter", Protocol::Uci).unwrap_err();
        assert!(
            refused.contains("'tirebiter'") && refused.contains("offers chess, Thronekings"),
            "{refused}"
        );
        // Standard chess is set where the engine starts in another variant.
        offered.default = Some("3check".into());
        assert_eq!(offered.engine_name("normal", Protocol::Uci), Ok(Some("chess".into())));
        let silent = OfferedVariants::default();
        assert_eq!(silent.engine_name("normal", Protocol::Cecp), Ok(None));
        assert!(silent.engine_name("cwda", Protocol::Cecp).unwrap_err().contains("no feature variants"));
    }

    #[test]
    fn scores_are_read_from_thinking_output() {
        assert_eq!(
            uci_score("info depth 9 score cp -35 nodes 1000 pv e2e4"),
            Some(EngineScore::Centipawns(-35))
        );
        assert_eq!(uci_score("info depth 9 score mate -2 pv e2e4"), Some(EngineScore::Mate(-2)));
        assert_eq!(uci_score("info depth 9 score cp 20 lowerbound"), None);
        assert_eq!(uci_score("info string score cp 5"), None);
        assert_eq!(cecp_score(" 9    -12      45     123456 e2e4 e7e5"), Some(EngineScore::Centipawns(-12)));
        assert_eq!(cecp_score("move e2e4"), None);
        let huge = uci_score("info score cp -2147483648").unwrap();
        assert_eq!(huge.centipawns(), -MAX_CENTIPAWNS);
        assert!(uci_score("info score mate -2147483648").unwrap().centipawns() < -90_000);
    }
}
