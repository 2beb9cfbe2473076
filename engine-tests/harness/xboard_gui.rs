//! Real XBoard (Debian's `xboard`, 4.9) in a headless X server (`xvfb-run`), playing a match
//! between two CECP engines, and a checker for the PGN file it saves.
//!
//! XBoard is the referee here: `-testLegality` forfeits an illegal move, `-autoCallFlag` a flag
//! fall, `-testClaims` a false result claim, and it adjudicates mates, stalemates, 50 moves,
//! insufficient material, threefold repetition and (`-adjudicateDrawMoves`) long games. The
//! checker replays every game of the PGN with the jester library, so each move is legal by
//! jester's rules too, and reads the termination comment XBoard writes before the result.

use super::FaultKind;
use jester::core::{Game, Outcome, Record, Seat, WinReason};
use jester::variants::chess::Chess;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A match as XBoard's command line describes it.
pub struct XboardMatch {
    /// `-variant`: a variant XBoard knows, or one the first engine defines (`setup`).
    pub variant: String,
    /// `-fcp`: the first engine (White in odd games).
    pub first: PathBuf,
    /// `-scp`: the second engine.
    pub second: PathBuf,
    pub games: u32,
    /// `-timeControl` in whole seconds, and `-timeIncrement` in seconds.
    pub base_seconds: u32,
    pub increment: f64,
    /// `-adjudicateDrawMoves`: a draw after this many moves (of each side).
    pub draw_after_moves: u32,
    /// `-ponderNextMove`: engines think on the opponent's time (CECP `hard`).
    pub ponder: bool,
    /// Working directory: the PGN, XBoard's debug log, and `HOME` (so no settings file of the
    /// user is read or written).
    pub dir: PathBuf,
    /// The whole run is killed after this.
    pub timeout: Duration,
    /// `-firstOptions` / `-secondOptions`: engine options, `Name=value,Name=value`.
    pub engine_options: String,
    /// `-fischerCastling`: XBoard reads and writes castling rights as file letters.
    pub fischer_castling: bool,
}

/// What a finished run left behind.
pub struct XboardRun {
    pub pgn: String,
    /// XBoard's `-debug` log: every line exchanged with both engines.
    pub debug_log: String,
    /// XBoard's own standard output and error (the final score line).
    pub output: String,
    pub elapsed: Duration,
}

impl XboardMatch {
    pub fn pgn_path(&self) -> PathBuf {
        self.dir.join("games.pgn")
    }

    pub fn debug_path(&self) -> PathBuf {
        self.dir.join("xboard-debug.log")
    }

    /// The arguments after `xvfb-run -a xboard`.
    pub fn arguments(&self) -> Vec<String> {
        let path = |p: &PathBuf| p.to_string_lossy().into_owned();
        let minutes = self.base_seconds / 60;
        let seconds = self.base_seconds % 60;
        let mut args: Vec<String> = Vec::new();
        let mut opt = |name: &str, value: String| {
            args.push(format!("-{name}"));
            args.push(value);
        };
        opt("firstChessProgram", path(&self.first));
        opt("firstDirectory", path(&self.dir));
        opt("secondChessProgram", path(&self.second));
        opt("secondDirectory", path(&self.dir));
        opt("firstProtocolVersion", "2".into());
        opt("secondProtocolVersion", "2".into());
        opt("variant", self.variant.clone());
        if !self.engine_options.is_empty() {
            opt("firstOptions", self.engine_options.clone());
            opt("secondOptions", self.engine_options.clone());
        }
        opt("matchMode", "true".into());
        opt("matchGames", self.games.to_string());
        opt("matchPause", "500".into());
        opt("timeControl", format!("{minutes}:{seconds:02}"));
        opt("timeIncrement", self.increment.to_string());
        opt("autoCallFlag", "true".into());
        opt("testLegality", "true".into());
        opt("testClaims", "true".into());
        opt("checkMates", "true".into());
        opt("materialDraws", "true".into());
        opt("trivialDraws", "false".into());
        opt("ruleMoves", "50".into());
        opt("repeatsToDraw", "3".into());
        opt("adjudicateDrawMoves", self.draw_after_moves.to_string());
        opt("adjudicateLossThreshold", "0".into());
        opt("ponderNextMove", self.ponder.to_string());
        opt("usePolyglotBook", "false".into());
        opt("saveGameFile", path(&self.pgn_path()));
        opt("pgnExtendedInfo", "true".into());
        opt("popupExitMessage", "false".into()); // -xexit: quit after the match, no dialog
        opt("popupMoveErrors", "false".into());
        opt("saveSettingsOnExit", "false".into());
        opt("soundProgram", String::new());
        opt("debugMode", "true".into());
        opt("nameOfDebugFile", path(&self.debug_path()));
        if self.fischer_castling {
            // A flag without a value: XBoard 4.9 hangs at start-up on `-fischerCastling true`.
            args.push("-fischerCastling".into());
        }
        args.push("-noGUI".into());
        args
    }

    /// Runs the match to the end (XBoard exits by itself after the last game).
    pub fn run(&self, xvfb_run: &PathBuf, xboard: &PathBuf) -> Result<XboardRun, String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        for stale in [self.pgn_path(), self.debug_path()] {
            let _ = std::fs::remove_file(stale);
        }
        let out_path = self.dir.join("xboard-output.txt");
        let out = std::fs::File::create(&out_path).map_err(|e| e.to_string())?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        let mut command = Command::new(xvfb_run);
        command
            .arg("-a")
            .arg(xboard)
            .args(self.arguments())
            .current_dir(&self.dir)
            .env("HOME", &self.dir)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        // A process group of its own, so a hung run can be ended with Xvfb and the engines.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let started = Instant::now();
        let mut child = command.spawn().map_err(|e| format!("cannot start {}: {e}", xvfb_run.display()))?;
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                break Some(status);
            }
            if started.elapsed() > self.timeout {
                break None;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let elapsed = started.elapsed();
        if status.is_none() {
            // End the group we started (xvfb-run, Xvfb, xboard, the engines), by its id.
            let _ = Command::new("kill").arg("-TERM").arg(format!("-{}", child.id())).status();
            std::thread::sleep(Duration::from_millis(500));
            let _ = Command::new("kill").arg("-KILL").arg(format!("-{}", child.id())).status();
            let _ = child.wait();
        }
        let read = |p: PathBuf| std::fs::read_to_string(p).unwrap_or_default();
        let run = XboardRun {
            pgn: read(self.pgn_path()),
            debug_log: read(self.debug_path()),
            output: read(out_path),
            elapsed,
        };
        match status {
            None => Err(format!(
                "XBoard did not finish within {:?}\noutput:\n{}\nPGN so far:\n{}\nlog tail:\n{}",
                self.timeout,
                run.output,
                run.pgn,
                tail(&run.debug_log, 60)
            )),
            Some(s) if !s.success() => Err(format!(
                "XBoard exited with {s}\noutput:\n{}\nlog tail:\n{}",
                run.output,
                tail(&run.debug_log, 60)
            )),
            Some(_) => Ok(run),
        }
    }
}

/// The last `n` lines of a text.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// One game of a PGN file.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// The moves in SAN, without move numbers, comments and annotations.
    pub sans: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment between the last move and the result: XBoard's reason for the game's end.
    pub termination: String,
}

impl PgnGame {
    pub fn tag(&self, key: &str) -> &str {
        self.tags.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str())
    }
}

/// Reads the games of a PGN file (tags, SAN moves, comments, variations, NAGs, results).
pub fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut started = false;
    let mut last_comment: Option<String> = None; // a comment after the last move
    let mut i = 0;
    let read_until = |i: &mut usize, end: char| -> String {
        let start = *i;
        while *i < chars.len() && chars[*i] != end {
            *i += 1;
        }
        let s: String = chars[start..*i].iter().collect();
        *i += 1;
        s
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '[' {
            i += 1;
            let tag = read_until(&mut i, ']');
            let (key, value) = tag.split_once(' ').unwrap_or((&tag, ""));
            let value = value.trim().trim_matches('"').replace("\\\"", "\"");
            game.tags.push((key.to_string(), value));
            started = true;
        } else if c == '{' {
            i += 1;
            last_comment = Some(read_until(&mut i, '}').split_whitespace().collect::<Vec<_>>().join(" "));
        } else if c == ';' {
            read_until(&mut i, '\n');
        } else if c == '(' {
            let mut depth = 0;
            while i < chars.len() {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    '{' => {
                        read_until(&mut i, '}');
                        continue;
                    }
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"{}()[];".contains(chars[i]) {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            started = true;
            if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                game.result = token;
                game.termination = last_comment.take().unwrap_or_default();
                games.push(std::mem::take(&mut game));
                started = false;
                continue;
            }
            // Move numbers (`12.`, `12...`, glued `12.e4`) and NAGs (`$1`).
            let mv = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if mv.is_empty() || mv.starts_with('$') {
                continue;
            }
            game.sans.push(mv.trim_end_matches(['!', '?']).to_string());
            last_comment = None;
        }
    }
    if started {
        game.result = "*".into(); // a game without a result: unfinished
        games.push(game);
    }
    games
}

/// How a game of the PGN ended, as the checker understands it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules, confirmed by replaying the moves with the jester library.
    Rule(Outcome),
    /// XBoard adjudicated (a long game, a draw by its own material judgement).
    Adjudication,
    Resignation,
    Fault {
        seat: Seat,
        kind: FaultKind,
    },
}

#[derive(Clone, Debug)]
pub struct CheckedGame {
    pub white: String,
    pub black: String,
    /// `None`: a draw.
    pub winner: Option<Seat>,
    pub termination: Termination,
    pub plies: usize,
    /// XBoard's words.
    pub reason: String,
}

impl CheckedGame {
    pub fn seat_of(&self, name_prefix: &str) -> Option<Seat> {
        if self.white.starts_with(name_prefix) {
            Some(Seat::WHITE)
        } else if self.black.starts_with(name_prefix) {
            Some(Seat::BLACK)
        } else {
            None
        }
    }

    /// 1, 0.5 or 0 points for the engine whose name starts with `name_prefix`.
    pub fn score_of(&self, name_prefix: &str) -> Option<f64> {
        let seat = self.seat_of(name_prefix)?;
        Some(match self.winner {
            None => 0.5,
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
        })
    }
}

/// Replays a standard-chess PGN game: see [`check_game_as`].
pub fn check_game(game: &PgnGame) -> Result<CheckedGame, String> {
    check_game_as::<Chess>(game)
}

/// Replays a PGN game of variant `G` with the jester library and classifies its end. An error
/// means the game is unfinished, a move is not legal by jester's rules, or XBoard's verdict
/// disagrees with them.
pub fn check_game_as<G: Game>(game: &PgnGame) -> Result<CheckedGame, String> {
    check_game_from(game, G::start())
}

/// As [`check_game_as`], from `start` (a start position XBoard learnt from the engine's `setup`).
pub fn check_game_from<G: Game>(game: &PgnGame, start: G) -> Result<CheckedGame, String> {
    let mut record = Record::new(start);
    let mut outcomes = vec![record.outcome()];
    for (n, san) in game.sans.iter().enumerate() {
        if let Some(o) = record.outcome() {
            return Err(format!("move {} ({san}) played after the game ended ({o})", n + 1));
        }
        record.play_token(san).map_err(|e| {
            format!(
                "ply {} '{san}' is not legal by jester's rules in {}: {e}",
                n + 1,
                record.position().to_text()
            )
        })?;
        outcomes.push(record.outcome());
    }
    let winner = match game.result.as_str() {
        "1-0" => Some(Seat::WHITE),
        "0-1" => Some(Seat::BLACK),
        "1/2-1/2" => None,
        other => return Err(format!("unfinished game (result '{other}', '{}')", game.termination)),
    };
    let reason = game.termination.clone();
    let words = reason.to_ascii_lowercase();
    let final_outcome = record.outcome();
    let loser = winner.map(|w| if w == Seat::WHITE { Seat::BLACK } else { Seat::WHITE });
    let fault = |kind| match loser {
        Some(seat) => Ok(Termination::Fault { seat, kind }),
        None => Err(format!("a draw with the reason of a fault: '{reason}'")),
    };
    let termination = if words.contains("forfeit") || words.contains("illegal") {
        fault(FaultKind::IllegalMove)?
    } else if words.contains("on time") || words.contains("ran out of time") || words.contains("flag") {
        fault(FaultKind::Time)?
    } else if words.contains("false") && words.contains("claim") {
        fault(FaultKind::FalseClaim)?
    } else if words.contains("abort") || words.contains("exit") || words.contains("disconnect") {
        return Err(format!("game not played out: '{reason}'"));
    } else if words.contains("resign") {
        Termination::Resignation
    } else if words.contains("long game") {
        if winner.is_some() {
            return Err(format!("a decisive long-game adjudication: '{reason}'"));
        }
        Termination::Adjudication
    } else {
        // By rule, as XBoard judged or an engine claimed: jester's rules must agree.
        match (winner, final_outcome) {
            (Some(w), Some(o @ Outcome::Win { winner, reason: WinReason::Checkmate })) if w == winner => {
                Termination::Rule(o)
            }
            (None, Some(o @ Outcome::Draw { .. })) => Termination::Rule(o),
            // XBoard's own draw verdicts go beyond FIDE's dead positions (e.g. KB vs KB).
            (None, None) if words.contains("adjudication") => Termination::Adjudication,
            _ => {
                return Err(format!(
                    "PGN says {} '{reason}' after {} plies, but jester's rules say {:?}",
                    game.result,
                    game.sans.len(),
                    final_outcome
                ))
            }
        }
    };
    Ok(CheckedGame {
        white: game.tag("White").to_string(),
        black: game.tag("Black").to_string(),
        winner,
        termination,
        plies: game.sans.len(),
        reason,
    })
}

/// Lines of XBoard's debug log in which the given engine (`first` or `second`) complained about
/// what it was sent, or in which XBoard rejected one of its features (but `jester_notation`,
/// which only a client reading jester's notation accepts, protocol-docs/xboard.md).
pub fn engine_complaints(debug_log: &str, which: &str) -> Vec<String> {
    let from = format!("<{which:<6}: ");
    let to = format!(">{which:<6}: ");
    debug_log
        .lines()
        .filter(|l| {
            let said = l.split_once(&from).map(|(_, s)| s.trim_start());
            let sent = l.split_once(&to).map(|(_, s)| s.trim_start());
            said.is_some_and(|s| {
                s.starts_with("Error") || s.starts_with("Illegal move") || s.starts_with("tellusererror")
            }) || sent.is_some_and(|s| s.starts_with("rejected") && s != "rejected jester_notation")
        })
        .map(str::to_string)
        .collect()
}
