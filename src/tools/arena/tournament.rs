//! `jester match`: a tournament of engines (round robin or gauntlet), each pairing played in
//! pairs of games with the seats swapped from the same opening, games run concurrently, with a
//! live progress line, an optional SPRT stop, a final table and the games as PGN.

use super::four_seats::{SeatedResult, SeatedTally};
use super::interrupt;
use super::player::{EngineSpec, Player, TimeControl};
use super::referee::{play_game_as, End, FaultKind, GameConfig, GameResult};
use super::stats::{Sprt, SprtDecision, Tally};
use crate::core::{Armies, Army, Game, MoveList, Record, Seat};
use crate::eval::SearchVisitor;
use crate::search::{Engine, Limits, Searchable};
use crate::tools::pgn;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Who meets whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// Where games begin.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// The variant's start position.
    Start,
    /// Position texts (EPD lines are accepted), one per line, used in order and repeated.
    File(PathBuf),
    /// Random whole turns from the start; with `balance`, only openings jester scores within
    /// that many centipawns of equality.
    Random { plies: usize, balance: Option<i32> },
}

/// One opening: a start position and turns played from it before the clocks start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub start: Option<String>,
    pub moves: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub schedule: Schedule,
    /// Games per pairing: each opening is played with both seatings (the last with one where
    /// the number is odd).
    pub games: usize,
    pub game: GameConfig,
    pub openings: OpeningSource,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub pgn: Option<PathBuf>,
    pub seed: u64,
    pub event: String,
    /// White's and Black's armies (A4) in the variants that have them: every game starts from
    /// their start position (sent to engines as a position text with its armies field), and
    /// opening texts without an armies field get them.
    pub armies: Armies,
    /// Instead of `armies`: each pair of games draws both armies at random (from the seed), so
    /// that a match samples every pairing of the armies.
    pub random_armies: bool,
    /// Go on with the games of an earlier run of this match, read back from `pgn`: they count
    /// in the tallies and the SPRT, and the match plays the games it has not finished.
    pub resume: bool,
}

/// A match that could not start. Nothing was played.
#[derive(Debug)]
pub struct MatchError(pub String);

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MatchError {}

/// One game to play.
#[derive(Clone, Debug)]
struct Job {
    number: usize,
    /// Engine indices of White and Black.
    seats: [usize; 2],
    /// Which pair of games it belongs to: the pair's games share an opening.
    pair: usize,
    /// Filled in when the game is taken.
    opening: Opening,
}

/// What a finished match reports.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    pub games: Vec<GameResult>,
    /// Per engine: its tally against the field.
    pub tallies: Vec<Tally>,
    pub sprt: Option<(f64, SprtDecision)>,
    /// Four-seat games (Fimbriation) and each engine's tally over them; empty otherwise.
    pub seated: Vec<SeatedResult>,
    pub seated_tallies: Vec<SeatedTally>,
    /// Stopped by Ctrl-C: the games are those finished before it.
    pub interrupted: bool,
    /// Games of an earlier run read back by `--resume` (not in `games`), and how many of them
    /// ended by a fault.
    pub resumed: usize,
    pub resumed_faults: usize,
}

/// Runs the match on variant `G`, printing progress to `out`.
pub struct RunMatch<'a> {
    pub config: &'a MatchConfig,
    pub out: &'a mut (dyn Write + Send),
}

impl SearchVisitor for RunMatch<'_> {
    type Output = Result<MatchSummary, MatchError>;
    fn visit<G: Searchable>(self) -> Self::Output {
        run::<G>(self.config, self.out)
    }
}

fn run<G: Searchable>(
    config: &MatchConfig,
    out: &mut (dyn Write + Send),
) -> Result<MatchSummary, MatchError> {
    if config.engines.len() < 2 {
        return Err(MatchError("a match needs at least two engines (--engine ... --engine ...)".into()));
    }
    let mut labels: Vec<&str> = config.engines.iter().map(|e| e.label.as_str()).collect();
    labels.sort_unstable();
    if let Some(w) = labels.windows(2).find(|w| w[0] == w[1]) {
        return Err(MatchError(format!("two engines are named '{}': give each a name=", w[0])));
    }
    // An engine that cannot start (a wrong path, a failed handshake) or cannot play these
    // games stops the match before it begins, rather than losing every game.
    for spec in &config.engines {
        let player =
            spec.start().map_err(|e| MatchError(format!("engine '{}' cannot play: {e}", spec.label)))?;
        check_engine(config, spec, player.as_ref(), G::NAME)?;
    }
    let armies = if config.random_armies { ArmyChoice::Random } else { ArmyChoice::Fixed(config.armies) };
    let openings = Openings::<G>::new(&config.openings, config.seed, armies)?;
    if G::start().seats() > 2 {
        let (seated, seated_tallies) = super::four_seats::run::<G>(config, &openings, out)?;
        return Ok(MatchSummary {
            games: Vec::new(),
            tallies: Vec::new(),
            sprt: None,
            seated,
            seated_tallies,
            interrupted: interrupt::interrupted(),
            resumed: 0,
            resumed_faults: 0,
        });
    }
    let pairs = config.games.div_ceil(2).max(1);
    let mut jobs = schedule(config, pairs);
    let total = jobs.len();
    let resumed = match (&config.pgn, config.resume) {
        (Some(path), true) => read_earlier_games::<G>(config, &jobs, path)?,
        _ => Resumed::default(),
    };
    let mut pgn_file = match &config.pgn {
        Some(path) => Some(open_pgn(path, &resumed)?),
        None => None,
    };
    let _ = writeln!(
        out,
        "Match: {} games of {} at {}, {} at a time, seed {}",
        total,
        G::NAME,
        config.game.tc,
        config.concurrency,
        config.seed
    );
    // Engines that search to a fixed depth or node count play the same game again from the same
    // start: the extra games of a pairing would add nothing.
    let fixed_effort = matches!(config.game.tc, TimeControl::Depth(_) | TimeControl::Nodes(_));
    if fixed_effort && matches!(config.openings, OpeningSource::Start) && config.games > 2 {
        let _ = writeln!(
            out,
            "Warning: with a fixed depth or node limit and no openings, the games of each pairing \
             repeat one another; use --random-plies N or --openings FILE for different games"
        );
    }

    let mut summary = MatchSummary {
        games: Vec::new(),
        tallies: vec![Tally::default(); config.engines.len()],
        sprt: None,
        seated: Vec::new(),
        seated_tallies: Vec::new(),
        interrupted: false,
        resumed: resumed.games.len(),
        resumed_faults: resumed.games.iter().filter(|g| g.fault).count(),
    };
    // The first engine's tally against the second, for the two-engine score line and SPRT.
    let mut head_to_head = Tally::default();
    if config.resume {
        // In the file's order, the order the games finished: the test is decided where it
        // first crossed a bound, as it was live (see `score_line`).
        for game in &resumed.games {
            add_points(&mut summary.tallies, &mut head_to_head, jobs[game.number - 1].seats, game.winner);
            if let Some(sprt) = &config.sprt {
                let earlier = summary.sprt.map_or(SprtDecision::Continue, |(_, d)| d);
                summary.sprt = Some((sprt.llr(&head_to_head), earlier.kept_or(sprt.decision(&head_to_head))));
            }
        }
        let _ = writeln!(out, "{}", resumed.note(total, config));
        jobs.retain(|job| !resumed.games.iter().any(|g| g.number == job.number));
    }
    if config.resume && !resumed.games.is_empty() {
        let line = score_line(config, &head_to_head, &mut summary, &AtomicBool::new(false));
        let _ = writeln!(out, "{line}  ({}/{total} games)", summary.resumed);
        // The earlier games decided the SPRT: nothing is left to play.
        if summary.sprt.is_some_and(|(_, decision)| decision != SprtDecision::Continue) {
            jobs.clear();
        }
    }
    let queue = Arc::new(Mutex::new(VecDeque::from(jobs)));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(Job, GameResult)>();
    let (failures, failed) = mpsc::channel::<MatchError>();
    let openings = &openings;
    std::thread::scope(|scope| {
        for worker in 0..config.concurrency.max(1) {
            let queue = Arc::clone(&queue);
            let stop = Arc::clone(&stop);
            let tx = tx.clone();
            let failures = failures.clone();
            let spawned =
                std::thread::Builder::new().name(format!("match-{worker}")).spawn_scoped(scope, move || {
                    let mut engines: HashMap<usize, Box<dyn Player>> = HashMap::new();
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let Some(mut job) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front()
                        else {
                            return;
                        };
                        job.opening = match openings.get(job.pair) {
                            Ok(opening) => opening,
                            Err(e) => {
                                let _ = failures.send(e);
                                stop.store(true, Ordering::Relaxed);
                                return;
                            }
                        };
                        let result = play_job::<G>(config, &job, &mut engines);
                        if tx.send((job, result)).is_err() {
                            return;
                        }
                    }
                });
            if let Err(e) = spawned {
                let _ = writeln!(out, "warning: could not start match worker {worker}: {e}");
            }
        }
        drop(tx);
        while let Some((job, result)) = next_result(&rx) {
            add_points(&mut summary.tallies, &mut head_to_head, job.seats, result.winner);
            let _ = writeln!(
                out,
                "Finished game {} ({} vs {}): {} {{{}}}",
                job.number,
                result.players[0],
                result.players[1],
                result.result_text(),
                result.reason()
            );
            if let Some(file) = pgn_file.as_mut() {
                let text = game_pgn::<G>(config, &job, &result);
                if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.write_all(b"\n")) {
                    let _ = writeln!(out, "warning: PGN not written: {e}");
                }
            }
            summary.games.push(result);
            let line = score_line(config, &head_to_head, &mut summary, &stop);
            let _ = writeln!(out, "{line}  ({}/{total} games)", summary.games.len() + summary.resumed);
        }
        // Done, or interrupted: the workers take no more games.
        stop.store(true, Ordering::Relaxed);
    });
    if let Ok(e) = failed.try_recv() {
        return Err(e);
    }
    summary.interrupted = interrupted_note(summary.games.len() + summary.resumed, total, out);
    print_table(config, &summary, out);
    Ok(summary)
}

/// Adds a game's points to both engines' tallies, and to the head to head of the first two.
fn add_points(tallies: &mut [Tally], head_to_head: &mut Tally, seats: [usize; 2], winner: Option<Seat>) {
    for (seat, engine) in [(Seat::WHITE, seats[0]), (Seat::BLACK, seats[1])] {
        let points = match winner {
            None => 0.5,
            Some(s) if s == seat => 1.0,
            Some(_) => 0.0,
        };
        tallies[engine].add(points);
        if engine == 0 && seats.contains(&1) {
            head_to_head.add(points);
        }
    }
}

/// The line `Score of A vs B: W - L - D  [mean] N, Elo .. +- .., LLR ..` for the first two
/// engines; records where the SPRT stands in `summary`.
fn score_line(
    config: &MatchConfig,
    head_to_head: &Tally,
    summary: &mut MatchSummary,
    stop: &AtomicBool,
) -> String {
    let mut line = format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        config.engines[0].label,
        config.engines[1].label,
        head_to_head.wins,
        head_to_head.losses,
        head_to_head.draws,
        head_to_head.mean().unwrap_or(0.5),
        head_to_head.games()
    );
    if let Some((elo, error)) = head_to_head.elo() {
        line.push_str(&format!(", Elo {} +- {}", signed(elo), magnitude(error)));
    }
    if let Some(sprt) = &config.sprt {
        let llr = sprt.llr(head_to_head);
        // The games under way when the test decided count in the score, but cannot take the
        // decision back (a resumed match would otherwise play on).
        let earlier = summary.sprt.map_or(SprtDecision::Continue, |(_, d)| d);
        let decision = earlier.kept_or(sprt.decision(head_to_head));
        line.push_str(&sprt_note(sprt, llr, decision, stop));
        summary.sprt = Some((llr, decision));
    }
    line
}

/// One finished game of an earlier run of the match.
struct EarlierGame {
    number: usize,
    winner: Option<Seat>,
    fault: bool,
}

/// What `--resume` read back from the PGN file of an earlier run.
pub(super) struct Resumed<T> {
    pub(super) games: Vec<T>,
    /// The length of the file's finished games: a game the interruption cut off while it was
    /// being written is dropped (and played again).
    pub(super) keep_bytes: u64,
    pub(super) dropped_partial: bool,
}

impl<T> Resumed<T> {
    /// `Resumed: N of M games read back from 'FILE'`.
    pub(super) fn note(&self, total: usize, config: &MatchConfig) -> String {
        format!(
            "Resumed: {} of {total} games read back from '{}'{}",
            self.games.len(),
            config.pgn.as_ref().map_or(String::new(), |p| p.display().to_string()),
            if self.dropped_partial { " (an unfinished game at its end dropped)" } else { "" }
        )
    }
}

impl<T> Default for Resumed<T> {
    fn default() -> Self {
        Resumed { games: Vec::new(), keep_bytes: 0, dropped_partial: false }
    }
}

/// The games of an earlier run's PGN file, each with the line it begins on (none if the file
/// does not exist yet), and where its finished games end. The referee writes each game whole,
/// beginning with its Event tag; only the last can be cut off (by the interruption).
pub(super) fn earlier_games(path: &std::path::Path) -> Result<Resumed<(usize, pgn::GameText)>, MatchError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resumed::default()),
        Err(e) => return Err(MatchError(format!("--resume: cannot read '{}': {e}", path.display()))),
    };
    let starts: Vec<usize> = text
        .match_indices("[Event ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
        .collect();
    if !text[..starts.first().copied().unwrap_or(text.len())].trim().is_empty() {
        return Err(MatchError(format!(
            "--resume: '{}' does not begin with a game of a match",
            path.display()
        )));
    }
    let mut resumed = Resumed::default();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let line = text[..start].matches('\n').count() + 1;
        match pgn::read(&text[start..end]) {
            Ok(games) if games.len() == 1 && games[0].result.is_some() => {
                resumed.games.push((line, games.into_iter().next().expect("one game")));
                resumed.keep_bytes = end as u64;
            }
            _ if i + 1 == starts.len() => resumed.dropped_partial = true,
            Ok(_) => return Err(resume_error(path, line, "not one finished game".into())),
            Err(e) => return Err(resume_error(path, line + e.line - 1, e.message)),
        }
    }
    Ok(resumed)
}

/// A game of the file given to `--resume` that this match cannot count.
pub(super) fn resume_error(path: &std::path::Path, line: usize, why: String) -> MatchError {
    MatchError(format!(
        "--resume: '{}' line {line}: {why} (is it this match's file, with the same engines and --games?)",
        path.display()
    ))
}

/// The game number of an earlier game (its `Round`), checked to be one of the match's `total`
/// and not read before, in the match's variant.
pub(super) fn earlier_number<G: Game>(
    game: &pgn::GameText,
    total: usize,
    seen: &[usize],
    bad: &dyn Fn(String) -> MatchError,
) -> Result<usize, MatchError> {
    let variant = game.tag("Variant").unwrap_or("normal");
    if variant != G::NAME {
        return Err(bad(format!("a game of '{variant}', this match plays '{}'", G::NAME)));
    }
    let round = game.tag("Round").unwrap_or("");
    let number: usize = round.parse().map_err(|_| bad(format!("round '{round}' is not a game number")))?;
    if !(1..=total).contains(&number) {
        return Err(bad(format!("game {number} is not among this match's {total} games")));
    }
    if seen.contains(&number) {
        return Err(bad(format!("game {number} is in the file twice")));
    }
    Ok(number)
}

/// Whether a game's `Termination` tag says it ended by a fault.
pub(super) fn fault_termination(game: &pgn::GameText) -> bool {
    game.tag("Termination").is_some_and(|t| super::referee::FAULT_TERMINATIONS.contains(&t))
}

/// Reads the games of an earlier run of this match from `path`. Each must be a game this match
/// schedules: its round number, its engines in their seats, the variant; anything else is
/// refused, naming the game, so that games of another match never count in this one's result.
fn read_earlier_games<G: Game>(
    config: &MatchConfig,
    jobs: &[Job],
    path: &std::path::Path,
) -> Result<Resumed<EarlierGame>, MatchError> {
    let file = earlier_games(path)?;
    let mut games: Vec<EarlierGame> = Vec::new();
    for (line, game) in &file.games {
        let bad = |why: String| resume_error(path, *line, why);
        let seen: Vec<usize> = games.iter().map(|g| g.number).collect();
        let number = earlier_number::<G>(game, jobs.len(), &seen, &bad)?;
        let players = jobs[number - 1].seats.map(|e| config.engines[e].label.as_str());
        let tag = |name: &str| game.tag(name).unwrap_or("");
        if [tag("White"), tag("Black")] != players {
            return Err(bad(format!(
                "game {number} was {} vs {}, this match plays {} vs {} there",
                tag("White"),
                tag("Black"),
                players[0],
                players[1]
            )));
        }
        let winner = match game.result.as_deref() {
            Some("1-0") => Some(Seat::WHITE),
            Some("0-1") => Some(Seat::BLACK),
            Some("1/2-1/2") => None,
            other => return Err(bad(format!("game {number} has no two-seat result ({other:?})"))),
        };
        games.push(EarlierGame { number, winner, fault: fault_termination(game) });
    }
    Ok(Resumed { games, keep_bytes: file.keep_bytes, dropped_partial: file.dropped_partial })
}

/// The PGN file for the games: a new one, or the earlier run's, cut to its finished games, to
/// which the new games are added.
pub(super) fn open_pgn<T>(path: &std::path::Path, resumed: &Resumed<T>) -> Result<std::fs::File, MatchError> {
    let cannot = |e: std::io::Error| MatchError(format!("cannot write '{}': {e}", path.display()));
    if resumed.games.is_empty() {
        return std::fs::File::create(path).map_err(cannot);
    }
    let file = std::fs::OpenOptions::new().append(true).open(path).map_err(cannot)?;
    file.set_len(resumed.keep_bytes).map_err(cannot)?;
    Ok(file)
}

/// The next finished game from the workers; `None` once they are done, or at once when the match
/// is interrupted (Ctrl-C): then every engine is ended, so the games under way stop at once, and
/// their results are never taken.
pub(super) fn next_result<T>(results: &mpsc::Receiver<T>) -> Option<T> {
    loop {
        if interrupt::interrupted() {
            super::process::end_all();
            return None;
        }
        match results.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return Some(result),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
        }
    }
}

/// After an interrupted match, a line saying so before the table; whether it was interrupted.
pub(super) fn interrupted_note(finished: usize, total: usize, out: &mut (dyn Write + Send)) -> bool {
    if !interrupt::interrupted() {
        return false;
    }
    let _ = writeln!(
        out,
        "Interrupted: {finished} of {total} games finished and kept; the games under way were dropped"
    );
    true
}

/// Refuses settings an engine cannot play by: a variant it does not offer, limits its protocol
/// lacks, set-up positions it cannot be given.
fn check_engine(
    config: &MatchConfig,
    spec: &EngineSpec,
    player: &dyn Player,
    variant: &str,
) -> Result<(), MatchError> {
    use super::player::Protocol;
    let refuse =
        |why: String| Err(MatchError(format!("engine '{}' cannot play this match: {why}", spec.label)));
    if let Err(why) = player.variant_name(variant) {
        return refuse(why);
    }
    if spec.protocol == Protocol::Cecp {
        match config.game.tc {
            TimeControl::Nodes(_) => {
                return refuse("CECP has no node limit (--nodes needs UCI engines)".into())
            }
            TimeControl::MoveTime(t) if t.subsec_nanos() != 0 => {
                return refuse(format!("CECP's st takes whole seconds, not {}", t.as_secs_f64()))
            }
            _ => {}
        }
    }
    if spec.nodes.is_some() && !matches!(config.game.tc, TimeControl::Nodes(_)) {
        return refuse("nodes=N sets its own node count in a node-limited match (--nodes)".into());
    }
    if matches!(config.openings, OpeningSource::File(_)) && !player.can_set_up() {
        return refuse(
            "it cannot be given a position (no feature setboard=1), and --openings needs one".into(),
        );
    }
    Ok(())
}

/// A score line's SPRT part, `, LLR 1.20 (-2.94, 2.94)`; once the test decides, the line that
/// first sees it sets `stop` and adds that the match stops after the games under way.
pub(super) fn sprt_note(sprt: &Sprt, llr: f64, decision: SprtDecision, stop: &AtomicBool) -> String {
    let (low, high) = sprt.bounds();
    let mut note = format!(", LLR {llr:.2} ({low:.2}, {high:.2})");
    if decision != SprtDecision::Continue && !stop.swap(true, Ordering::Relaxed) {
        let accepted = if decision == SprtDecision::AcceptH1 { "H1" } else { "H0" };
        note.push_str(&format!(": SPRT accepts {accepted}, stopping after the games under way"));
    }
    note
}

pub(super) fn signed(x: f64) -> String {
    if x.is_finite() {
        // No "-0.0" for an even score.
        format!("{:+.1}", if x.abs() < 0.05 { 0.0 } else { x })
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

pub(super) fn magnitude(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".into()
    }
}

fn print_table(config: &MatchConfig, summary: &MatchSummary, out: &mut (dyn Write + Send)) {
    let mut rows: Vec<usize> = (0..config.engines.len()).collect();
    rows.sort_by(|&a, &b| summary.tallies[b].points().total_cmp(&summary.tallies[a].points()));
    let _ = writeln!(
        out,
        "\nRank Name                      Games  Points  Score   W     D     L     Elo vs field"
    );
    for (rank, &i) in rows.iter().enumerate() {
        let t = &summary.tallies[i];
        let elo = t.elo().map_or("-".into(), |(e, err)| format!("{} +- {}", signed(e), magnitude(err)));
        let _ = writeln!(
            out,
            "{:>4} {:<25} {:>5} {:>7.1} {:>5.1}% {:>5} {:>5} {:>5}  {elo}",
            rank + 1,
            config.engines[i].label,
            t.games(),
            t.points(),
            100.0 * t.mean().unwrap_or(0.0),
            t.wins,
            t.draws,
            t.losses
        );
    }
    let faults = summary.games.iter().filter(|g| matches!(g.end, End::Fault { .. })).count();
    let _ = writeln!(
        out,
        "Games: {} ({} ended by a fault)",
        summary.games.len() + summary.resumed,
        faults + summary.resumed_faults
    );
}

/// The pairings' games, round by round: each opening with both seatings.
fn schedule(config: &MatchConfig, pairs: usize) -> Vec<Job> {
    let n = config.engines.len();
    let pairings: Vec<(usize, usize)> = match config.schedule {
        Schedule::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
        Schedule::Gauntlet => (1..n).map(|j| (0, j)).collect(),
    };
    let mut jobs = Vec::new();
    for round in 0..pairs {
        for &(a, b) in &pairings {
            // An odd number of games leaves the last opening with one seating.
            let seatings = if 2 * round + 1 == config.games { 1 } else { 2 };
            for seats in [[a, b], [b, a]].into_iter().take(seatings) {
                let opening = Opening { start: None, moves: Vec::new() };
                jobs.push(Job { number: jobs.len() + 1, seats, pair: round, opening });
            }
        }
    }
    jobs
}

/// Plays one job with the worker's engines, starting (or restarting) them as needed. An engine
/// that cannot start loses the game; one that fails during a game is restarted for the next.
fn play_job<G: Searchable>(
    config: &MatchConfig,
    job: &Job,
    engines: &mut HashMap<usize, Box<dyn Player>>,
) -> GameResult {
    for (seat, &engine) in job.seats.iter().enumerate() {
        if let std::collections::hash_map::Entry::Vacant(slot) = engines.entry(engine) {
            match config.engines[engine].start() {
                Ok(player) => {
                    slot.insert(player);
                }
                Err(detail) => {
                    let seat = Seat(seat as u8);
                    return GameResult {
                        players: job.seats.map(|e| config.engines[e].label.clone()),
                        winner: Some(super::referee::other(seat)),
                        end: End::Fault { seat, kind: FaultKind::EngineFailure, detail },
                        start: job.opening.start.clone(),
                        plies: job.opening.moves.len(),
                        moves: job.opening.moves.clone(),
                        opening_plies: job.opening.moves.len(),
                        min_clock: [config.game.tc.start_clock(); 2],
                        cpu_pressure: None,
                        transcript: None,
                        complaints: [Vec::new(), Vec::new()],
                        think_time: std::time::Duration::ZERO,
                        timed_moves: 0,
                    };
                }
            }
        }
    }
    let game_config = GameConfig {
        start: job.opening.start.clone(),
        opening: job.opening.moves.clone(),
        ..config.game.clone()
    };
    // The schedule never seats an engine against itself.
    let [white, black] = job.seats;
    let mut white_player = engines.remove(&white).expect("started above");
    let mut black_player = engines.remove(&black).expect("started above");
    let result = play_game_as::<G>([white_player.as_mut(), black_player.as_mut()], &game_config);
    engines.insert(black, black_player);
    engines.insert(white, white_player);
    // An engine that crashed, hung or refused a move is restarted before its next game, and so
    // is one that asked for a fresh process every game.
    if let End::Fault { seat, kind: FaultKind::EngineFailure | FaultKind::Time, .. } = result.end {
        engines.remove(&job.seats[seat.index()]);
    }
    engines.retain(|_, player| !player.wants_fresh_process());
    result
}

fn game_pgn<G: Game>(config: &MatchConfig, job: &Job, result: &GameResult) -> String {
    let start = match &result.start {
        Some(text) => G::from_text(text).unwrap_or_else(|_| G::start()),
        None => G::start(),
    };
    let mut record = Record::new(start);
    for token in &result.moves {
        if record.play_token(token).is_err() {
            break; // every move was checked by the referee
        }
    }
    let header = pgn::Header {
        event: config.event.clone(),
        site: "?".into(),
        date: pgn::today(),
        round: job.number.to_string(),
        white: result.players[0].clone(),
        black: result.players[1].clone(),
        seats: Vec::new(),
        extra: vec![
            ("TimeControl".into(), config.game.tc.pgn_tag()),
            ("PlyCount".into(), result.plies.to_string()),
        ],
    };
    let ending = pgn::Ending {
        result: result.result_text().to_string(),
        termination: Some(result.termination().to_string()),
        comment: Some(result.reason()),
    };
    pgn::write_ended(&record, &header, &ending)
}

/// The armies games start with: the same in every game, or drawn afresh for each pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ArmyChoice {
    Fixed(Armies),
    Random,
}

/// The openings, one per pair of games: a file's, used in order and repeated, or random ones
/// made when first needed (in pair order, so a seed gives the same openings whatever the
/// concurrency).
pub(super) struct Openings<G: Game> {
    source: OpeningSource,
    /// The start position's text where it is not the variant's plain start (armies chosen).
    start: Option<String>,
    armies: ArmyChoice,
    /// A file's openings, or the random ones made so far, with what makes more.
    made: Mutex<(Vec<Opening>, StdRng, Option<Engine>)>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Searchable> Openings<G> {
    fn new(source: &OpeningSource, seed: u64, armies: ArmyChoice) -> Result<Openings<G>, MatchError> {
        let fixed = match armies {
            ArmyChoice::Fixed(armies) => armies,
            ArmyChoice::Random => {
                if matches!(source, OpeningSource::File(_)) {
                    return Err(MatchError(
                        "random armies need openings made by the match, not --openings".into(),
                    ));
                }
                if G::start_with_armies([Army::Clobberers, Army::Nutty]).is_none() {
                    return Err(MatchError(format!("variant '{}' has no armies to draw", G::NAME)));
                }
                [Army::Fide; 2]
            }
        };
        let start = army_start::<G>(fixed)?;
        let made = match source {
            OpeningSource::File(path) => read_openings::<G>(path, fixed)?,
            OpeningSource::Start | OpeningSource::Random { .. } => Vec::new(),
        };
        Ok(Openings {
            start,
            armies,
            source: source.clone(),
            made: Mutex::new((made, StdRng::seed_from_u64(seed), None)),
            game: std::marker::PhantomData,
        })
    }

    pub(super) fn get(&self, pair: usize) -> Result<Opening, MatchError> {
        let mut guard = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let (made, rng, engine) = &mut *guard;
        match (self.source.clone(), self.armies) {
            (OpeningSource::Start, ArmyChoice::Fixed(_)) => {
                Ok(Opening { start: self.start.clone(), moves: Vec::new() })
            }
            (OpeningSource::File(_), _) => Ok(made[pair % made.len()].clone()),
            (source, choice) => {
                while made.len() <= pair {
                    let armies = match choice {
                        ArmyChoice::Fixed(armies) => armies,
                        ArmyChoice::Random => [0, 1].map(|_| Army::ALL[rng.gen_range(0..Army::ALL.len())]),
                    };
                    let mut opening = match source {
                        OpeningSource::Random { plies, balance } => {
                            let engine = engine.get_or_insert_with(Engine::new);
                            random_opening::<G>(armies, plies, balance, rng, engine)?
                        }
                        _ => Opening { start: None, moves: Vec::new() },
                    };
                    opening.start = army_start::<G>(armies)?;
                    made.push(opening);
                }
                Ok(made[pair].clone())
            }
        }
    }
}

/// The start position's text for these armies; `None` for the FIDE armies (the variant's own
/// start).
fn army_start<G: Game>(armies: Armies) -> Result<Option<String>, MatchError> {
    match G::start_with_armies(armies) {
        _ if armies == [Army::Fide; 2] => Ok(None),
        Some(position) => Ok(Some(position.to_text())),
        None => Err(MatchError(format!(
            "variant '{}' has no armies (asked for '{}')",
            G::NAME,
            Army::write_pair(armies)
        ))),
    }
}

fn read_openings<G: Game>(path: &std::path::Path, armies: Armies) -> Result<Vec<Opening>, MatchError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| MatchError(format!("cannot read openings '{}': {e}", path.display())))?;
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let start = read_opening_line::<G>(line, armies).map_err(|e| {
            MatchError(format!("{}:{}: opening '{line}' refused: {e}", path.display(), n + 1))
        })?;
        openings.push(Opening { start: Some(start), moves: Vec::new() });
    }
    if openings.is_empty() {
        return Err(MatchError(format!("no openings in '{}'", path.display())));
    }
    Ok(openings)
}

/// A position text, or an EPD line (four fields, operations after them) completed with move
/// counters; the position must not be over already.
fn read_opening_line<G: Game>(line: &str, armies: Armies) -> Result<String, String> {
    let position = match G::from_text_with_armies(line, armies) {
        Ok(p) => p,
        Err(first) => {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let epd = format!("{} 0 1", fields.join(" "));
            G::from_text_with_armies(&epd, armies).map_err(|_| first.to_string())?
        }
    };
    if position.outcome().is_some() {
        return Err("the game is already over there".into());
    }
    Ok(position.to_text())
}

/// Random legal turns from the start; with `balance`, tried again until a short jester search
/// scores the result within `balance` centipawns.
fn random_opening<G: Searchable>(
    armies: Armies,
    plies: usize,
    balance: Option<i32>,
    rng: &mut StdRng,
    engine: &mut Engine,
) -> Result<Opening, MatchError> {
    const TRIES: usize = 1000;
    for _ in 0..TRIES {
        let start = G::start_with_armies(armies).unwrap_or_else(G::start);
        let (record, tokens) = random_turns_from(start, rng, plies);
        if record.outcome().is_some() {
            continue;
        }
        if let Some(limit) = balance {
            let limits = Limits { nodes: Some(20_000), multipv: 1, ..Limits::default() };
            engine.new_game();
            let best = engine.search(&record, &limits, &mut |_| {});
            if best.score.0.abs() > limit {
                continue;
            }
        }
        return Ok(Opening { start: None, moves: tokens });
    }
    Err(MatchError(format!("no balanced opening of {plies} random turns in {TRIES} tries (raise --balance)")))
}

/// Up to `plies` random whole turns from the variant's start (fewer if the game ends), each made
/// of random legal actions: the game and the turns' tokens.
pub fn random_turns<G: Game>(rng: &mut impl Rng, plies: usize) -> (Record<G>, Vec<String>) {
    random_turns_from(G::start(), rng, plies)
}

/// As [`random_turns`], from `start`.
pub fn random_turns_from<G: Game>(start: G, rng: &mut impl Rng, plies: usize) -> (Record<G>, Vec<String>) {
    let mut record = Record::new(start);
    let mut tokens = Vec::new();
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        let turn_start = record.position().clone();
        let mut turn = Vec::new();
        loop {
            let mut list = MoveList::new();
            record.position().legal_moves(&mut list);
            let Some(&m) = list.get(rng.gen_range(0..list.len().max(1))) else { break };
            turn.push(m);
            record.play(m);
            if !record.position().mid_turn() {
                break;
            }
        }
        tokens.push(turn_start.render_turn(&turn));
    }
    (record, tokens)
}
