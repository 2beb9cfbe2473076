//! Matches of four-seat games (Fimbriation): four engine slots per game, every seating of the
//! participants, results as placements and points.
//!
//! Each seat is its own engine process, even where one engine fills several seats, so no engine
//! is ever asked to play two seats at once. A game ends by jester's rules (the last seat standing,
//! or a draw shared by the seats still in play), at the ply limit (a draw), or by a fault: the
//! seat at fault (an illegal or missing move, a flag fall, a crash) is placed below every seat
//! still in play, which share the places above it as in a draw.
//!
//! Two engines are compared head to head: in each game, the share of the pairs of one seat of
//! each that the first engine's seat placed above the other's (a shared place counts half). That
//! share is the game's score for the Elo estimate and, with two engines, for `--sprt`.

use super::player::{Answer, Player, PlayerError, Reply, Turn};
use super::referee::{describe_pressure, CpuPressure, End, FaultKind, GameConfig};
use super::stats::Samples;
use super::stats::SprtDecision;
use super::tournament::{
    earlier_games, earlier_number, fault_termination, magnitude, open_pgn, resume_error, signed, sprt_note,
    MatchConfig, MatchError, Openings, Resumed,
};
use super::TimeControl;
use crate::core::{Game, Outcome, Record, Seat};
use crate::search::Searchable;
use crate::tools::pgn;
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// Seats of the game.
pub const SEATS: usize = 4;

/// Points for the places 1 to 4.
pub const PLACE_POINTS: [f64; SEATS] = [3.0, 2.0, 1.0, 0.0];

/// Each seat's place (1 = first) from a `Standings` tag, `1. Red (A), 2. Green (B), ...`, the
/// seats named as in `seat_names` (in seat order); every seat must be placed once.
pub fn read_standings(tag: &str, seat_names: &[String]) -> Result<Vec<usize>, String> {
    let mut places = vec![0usize; seat_names.len()];
    for entry in tag.split(", ") {
        let bad = || format!("standings entry '{entry}' is not 'PLACE. SEAT (ENGINE)'");
        let (place, rest) = entry.split_once(". ").ok_or_else(bad)?;
        let place: usize = place.trim().parse().map_err(|_| bad())?;
        let seat = rest.split(" (").next().unwrap_or(rest).trim();
        let index = seat_names.iter().position(|n| n == seat).ok_or_else(|| format!("no seat '{seat}'"))?;
        if !(1..=seat_names.len()).contains(&place) || places[index] != 0 {
            return Err(bad());
        }
        places[index] = place;
    }
    if places.contains(&0) {
        return Err(format!("standings '{tag}' do not place every seat"));
    }
    Ok(places)
}

/// Each seat's points for its place ([`PLACE_POINTS`]): the seats that share a place share the
/// points of as many places from it.
pub fn place_points(places: &[usize]) -> Vec<f64> {
    places
        .iter()
        .map(|&place| {
            let sharing = places.iter().filter(|&&p| p == place).count();
            PLACE_POINTS.iter().skip(place - 1).take(sharing).sum::<f64>() / sharing as f64
        })
        .collect()
}

/// One finished four-seat game.
#[derive(Clone, Debug)]
pub struct SeatedResult {
    /// Engine labels by seat.
    pub players: [String; SEATS],
    /// Place of each seat (1 = first); seats that share places get the best of them.
    pub places: [usize; SEATS],
    /// Points of each seat ([`PLACE_POINTS`], shared places share their points equally).
    pub points: [f64; SEATS],
    pub winner: Option<Seat>,
    /// Seats eliminated by the rules, first out first (M7).
    pub eliminated: Vec<Seat>,
    pub end: End,
    pub start: Option<String>,
    pub moves: Vec<String>,
    pub opening_plies: usize,
    /// The transcript of the engine at fault, if any.
    pub transcript: Option<String>,
}

impl SeatedResult {
    /// The game's end in words, seats named by `seat_name`.
    pub fn reason(&self, seat_name: &dyn Fn(Seat) -> String) -> String {
        let who = |s: Seat| format!("{} ({})", seat_name(s), self.players[s.index()]);
        let mut text = match &self.end {
            End::Rule(o) => o.describe(seat_name),
            End::PlyLimit => format!("draw adjudicated after {} plies", self.moves.len()),
            End::Resignation(s) => format!("{} resigns", who(*s)),
            End::Adjudication { reason, .. } => reason.clone(),
            End::Fault { seat, kind, detail } => format!("{} {kind:?}: {detail}", who(*seat)),
        };
        if !self.eliminated.is_empty() {
            let order: Vec<String> = self.eliminated.iter().map(|&s| who(s)).collect();
            text.push_str(&format!("; eliminated in order: {}", order.join(", ")));
        }
        text
    }

    /// The places as `1. Red (A), 2. Green (B) ...`, best first.
    pub fn standings(&self, seat_name: &dyn Fn(Seat) -> String) -> String {
        let mut seats: Vec<usize> = (0..SEATS).collect();
        seats.sort_by_key(|&s| self.places[s]);
        seats
            .iter()
            .map(|&s| format!("{}. {} ({})", self.places[s], seat_name(Seat(s as u8)), self.players[s]))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Places and points from the end of a game: the seats in `sharing` share the best places left,
/// `last` (a seat at fault) comes below them, and eliminated seats rank by how long they lasted.
fn placements(sharing: &[Seat], last: Option<Seat>, eliminated: &[Seat]) -> ([usize; SEATS], [f64; SEATS]) {
    let mut places = [0; SEATS];
    for &s in sharing {
        places[s.index()] = 1;
    }
    // A seat at fault that was already out keeps its place among the eliminated.
    let last = last.filter(|s| !eliminated.contains(s));
    let below = last.into_iter().chain(eliminated.iter().rev().copied());
    for (place, s) in (sharing.len() + 1..).zip(below) {
        places[s.index()] = place;
    }
    let points = place_points(&places);
    (places, std::array::from_fn(|s| points[s]))
}

/// Engine `a`'s head-to-head score against engine `b` in a game seated as `seats` (the engine
/// at each seat) that ended with `places`: over every pair of a seat of `a` and a seat of `b`,
/// 1 where `a`'s seat placed above, 1/2 where they share a place, 0 below. `None` where one of
/// them had no seat.
fn head_to_head(seats: &[usize; SEATS], places: &[usize; SEATS], a: usize, b: usize) -> Option<f64> {
    let (mut total, mut pairs) = (0.0, 0);
    for sa in (0..SEATS).filter(|&s| seats[s] == a) {
        for sb in (0..SEATS).filter(|&s| seats[s] == b) {
            pairs += 1;
            total += match places[sa].cmp(&places[sb]) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
        }
    }
    (pairs > 0).then(|| total / pairs as f64)
}

/// The head-to-head scores of every pair of engines `(a, b)`, `a < b`, from `a`'s side.
type Duels = Vec<((usize, usize), Samples)>;

/// Plays one four-seat game of `G`; `players[i]` sits at seat `i`.
pub fn play_seated_game<G: Game>(
    players: &mut [&mut dyn Player; SEATS],
    config: &GameConfig,
) -> SeatedResult {
    let start = match &config.start {
        Some(text) => G::from_text(text).unwrap_or_else(|e| panic!("start position {text}: {e}")),
        None => G::start(),
    };
    let mut record = Record::new(start);
    let mut moves = Vec::new();
    for token in &config.opening {
        let turn =
            record.position().parse_turn(token).unwrap_or_else(|e| panic!("opening move {token}: {e}"));
        moves.push(record.position().render_turn(&turn));
        for m in turn {
            record.play(m);
        }
    }
    let mut clocks = [config.tc.start_clock(); SEATS];
    let mut moves_made = [0u32; SEATS];
    let mut end = None;
    for (i, player) in players.iter_mut().enumerate() {
        // Seats already out at the start (a set-up opening) never play.
        if !record.position().is_live(Seat(i as u8)) {
            continue;
        }
        if let Err(detail) = player.new_game(config.tc, G::NAME) {
            end = Some(End::Fault { seat: Seat(i as u8), kind: FaultKind::EngineFailure, detail });
            break;
        }
    }
    while end.is_none() {
        if let Some(outcome) = record.outcome() {
            end = Some(End::Rule(outcome));
            break;
        }
        if moves.len() >= config.max_plies {
            end = Some(End::PlyLimit);
            break;
        }
        let seat = record.position().to_move();
        let i = seat.index();
        let allowed = match config.tc {
            TimeControl::Clock { .. } => Some(clocks[i] + config.margin),
            TimeControl::MoveTime(t) => Some(t + config.margin),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => None,
        };
        let moves_to_go = match config.tc {
            TimeControl::Clock { moves: Some(n), .. } => Some(n - moves_made[i] % n),
            _ => None,
        };
        let turn = Turn {
            start: config.start.as_deref(),
            moves: &moves,
            seat,
            clocks,
            seats: SEATS,
            moves_to_go,
            tc: config.tc,
            patience: allowed.map_or(config.hang, |a| a + config.grace),
        };
        let pressure = CpuPressure::sample();
        let fault = |kind, detail: String| Some(End::Fault { seat, kind, detail });
        let Answer { reply, elapsed, .. } = match players[i].think(&turn) {
            Ok(answer) => answer,
            Err(PlayerError::Timeout) => {
                let detail =
                    format!("no reply within {:?}{}", turn.patience, describe_pressure(pressure.since()));
                end = fault(FaultKind::Time, detail);
                break;
            }
            Err(PlayerError::Closed) => {
                end = fault(
                    FaultKind::EngineFailure,
                    "the engine closed its output (exited or crashed)".into(),
                );
                break;
            }
            Err(PlayerError::Rejected(line)) => {
                end = fault(FaultKind::EngineFailure, format!("refused the move {:?}: {line}", moves.last()));
                break;
            }
        };
        if let Some(allowed) = allowed.filter(|&a| elapsed > a) {
            let detail = format!(
                "flag fell: took {:.3}s with {:.3}s allowed{}",
                elapsed.as_secs_f64(),
                allowed.as_secs_f64(),
                describe_pressure(pressure.since())
            );
            end = fault(FaultKind::Time, detail);
            break;
        }
        if let TimeControl::Clock { base, increment, moves: period } = config.tc {
            clocks[i] = clocks[i].saturating_sub(elapsed) + increment;
            moves_made[i] += 1;
            if period.is_some_and(|n| moves_made[i] % n == 0) {
                clocks[i] += base;
            }
        }
        let position = record.position();
        match reply {
            Reply::Move(token) => match position.parse_turn(&token) {
                Ok(turn) if !config.strict_tokens || position.render_turn(&turn) == token => {
                    moves.push(position.render_turn(&turn));
                    for m in turn {
                        record.play(m);
                    }
                }
                Ok(turn) => {
                    let detail = format!(
                        "'{token}' is not canonical (the legal move is {})",
                        position.render_turn(&turn)
                    );
                    end = fault(FaultKind::IllegalMove, detail);
                }
                Err(e) => {
                    end = fault(FaultKind::IllegalMove, format!("'{token}' in {}: {e}", position.to_text()))
                }
            },
            Reply::Resign => end = Some(End::Resignation(seat)),
            Reply::Claim(text) => {
                end = fault(FaultKind::FalseClaim, format!("claimed '{text}' in {}", position.to_text()));
            }
        }
    }
    let end = end.unwrap_or(End::PlyLimit);
    let pos = record.position();
    let eliminated = pos.elimination_order();
    let live: Vec<Seat> = (0..SEATS as u8).map(Seat).filter(|&s| pos.is_live(s)).collect();
    let (winner, at_fault) = match &end {
        End::Rule(Outcome::Win { winner, .. }) => (Some(*winner), None),
        End::Fault { seat, .. } | End::Resignation(seat) => (None, Some(*seat)),
        _ => (None, None),
    };
    let sharing: Vec<Seat> = live.iter().copied().filter(|&s| Some(s) != at_fault).collect();
    let (places, points) = placements(&sharing, at_fault, &eliminated);
    let transcript = match &end {
        End::Fault { seat, .. } => Some(players[seat.index()].transcript(60)),
        _ => None,
    };
    let result = SeatedResult {
        players: std::array::from_fn(|i| players[i].label().to_string()),
        places,
        points,
        winner,
        eliminated,
        end,
        start: config.start.clone(),
        opening_plies: config.opening.len(),
        moves,
        transcript,
    };
    let reason = result.reason(&|s| pos.seat_name(s));
    let result_text = if winner.is_some() { "*" } else { "1/2-1/2" };
    for p in players.iter_mut() {
        p.game_over(result_text, &reason);
    }
    result
}

/// Every distinct order of the engines over the four seats: the engines fill the seats in turn
/// (two engines take two seats each), and each order of that list is one seating, so every
/// engine sits at every seat equally often.
pub fn seatings(engines: usize) -> Vec<[usize; SEATS]> {
    let slots: Vec<usize> = (0..SEATS).map(|i| i % engines.max(1)).collect();
    let mut out: Vec<[usize; SEATS]> = Vec::new();
    fn permute(rest: &mut Vec<usize>, current: &mut Vec<usize>, out: &mut Vec<[usize; SEATS]>) {
        if rest.is_empty() {
            let seating = [current[0], current[1], current[2], current[3]];
            if !out.contains(&seating) {
                out.push(seating);
            }
            return;
        }
        for i in 0..rest.len() {
            let e = rest.remove(i);
            current.push(e);
            permute(rest, current, out);
            current.pop();
            rest.insert(i, e);
        }
    }
    let mut rest = slots;
    permute(&mut rest, &mut Vec::new(), &mut out);
    out.sort_unstable();
    out
}

/// Per engine: games, points, places and wins by seat.
#[derive(Clone, Debug, Default)]
pub struct SeatedTally {
    /// Seat-games played (an engine filling two seats of a game plays two).
    pub seat_games: u32,
    pub points: f64,
    /// How often it finished 1st, 2nd, 3rd and 4th.
    pub places: [u32; SEATS],
    /// Wins (last seat standing) from each seat.
    pub wins_by_seat: [u32; SEATS],
}

impl SeatedTally {
    pub fn mean_points(&self) -> f64 {
        if self.seat_games == 0 {
            0.0
        } else {
            self.points / self.seat_games as f64
        }
    }
}

/// One four-seat game to play.
#[derive(Clone, Debug)]
struct SeatedJob {
    number: usize,
    seats: [usize; SEATS],
    /// Games of one round share an opening and play every seating.
    round: usize,
}

/// Runs a four-seat match: engines in every seating, `config.games` games (whole rounds of
/// seatings are fairest), concurrently; prints a line per game and a table.
pub(super) fn run<G: Searchable>(
    config: &MatchConfig,
    openings: &Openings<G>,
    out: &mut (dyn Write + Send),
) -> Result<(Vec<SeatedResult>, Vec<SeatedTally>), MatchError> {
    let engines = config.engines.len();
    if !(2..=SEATS).contains(&engines) {
        return Err(MatchError(format!("{} has four seats: give 2 to 4 engines, not {engines}", G::NAME)));
    }
    if config.sprt.is_some() && engines != 2 {
        return Err(MatchError(
            "--sprt in four-seat games needs exactly two engines (it tests their head-to-head score)".into(),
        ));
    }
    if config.game.adjudication.draw.is_some() || config.game.adjudication.resign.is_some() {
        return Err(MatchError("--draw and --resign adjudicate two-seat games only".into()));
    }
    let seatings = seatings(engines);
    let mut jobs: VecDeque<SeatedJob> = (0..config.games.max(1))
        .map(|i| SeatedJob { number: i + 1, seats: seatings[i % seatings.len()], round: i / seatings.len() })
        .collect();
    let total = jobs.len();
    let names = G::start();
    let seat_name = |s: Seat| names.seat_name(s);
    let resumed = match (&config.pgn, config.resume) {
        (Some(path), true) => read_earlier_games::<G>(config, jobs.make_contiguous(), path)?,
        _ => Resumed::default(),
    };
    let mut pgn_file = match &config.pgn {
        Some(path) => Some(open_pgn(path, &resumed)?),
        None => None,
    };
    let _ = writeln!(
        out,
        "Match: {total} four-seat games of {} at {}, {} seatings, {} at a time, seed {}",
        G::NAME,
        config.game.tc,
        seatings.len(),
        config.concurrency,
        config.seed
    );
    let mut results = Vec::new();
    let mut counts = GameCounts::default();
    let mut tallies = vec![SeatedTally::default(); engines];
    let mut duels: Duels =
        (0..engines).flat_map(|a| (a + 1..engines).map(move |b| ((a, b), Samples::default()))).collect();
    // Where the SPRT stands; decided for good at its first crossing (`SprtDecision::kept_or`).
    let mut decision = SprtDecision::Continue;
    if config.resume {
        // In the file's order, the order the games finished, as the test saw them live.
        for game in &resumed.games {
            let seats = jobs[game.number - 1].seats;
            tally_game(&mut tallies, &mut duels, &seats, &game.places, &game.points, game.winner);
            counts.add(game.winner, &game.eliminated, game.fault, &seat_name);
            decision = decision.kept_or(sprt_decision(config, &duels));
        }
        let _ = writeln!(out, "{}", resumed.note(total, config));
        jobs.retain(|job| !resumed.games.iter().any(|g| g.number == job.number));
        if !resumed.games.is_empty() {
            let no_stop = AtomicBool::new(false);
            let lines =
                standing_lines(config, &tallies, &duels, counts.games, total, &mut decision, &no_stop);
            let _ = write!(out, "{lines}");
            // The earlier games decided the SPRT: nothing is left to play.
            if decision != SprtDecision::Continue {
                jobs.clear();
            }
        }
    }
    let queue = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(SeatedJob, SeatedResult)>();
    let (failures, failed) = mpsc::channel::<MatchError>();
    std::thread::scope(|scope| {
        for worker in 0..config.concurrency.max(1) {
            let (queue, stop, tx, failures) =
                (Arc::clone(&queue), Arc::clone(&stop), tx.clone(), failures.clone());
            let spawned =
                std::thread::Builder::new().name(format!("match-{worker}")).spawn_scoped(scope, move || {
                    // Processes by (engine, copy): one engine in two seats runs twice.
                    let mut processes: HashMap<(usize, usize), Box<dyn Player>> = HashMap::new();
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let Some(job) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front() else {
                            return;
                        };
                        let opening = match openings.get(job.round) {
                            Ok(o) => o,
                            Err(e) => {
                                let _ = failures.send(e);
                                stop.store(true, Ordering::Relaxed);
                                return;
                            }
                        };
                        let game = GameConfig {
                            start: opening.start,
                            opening: opening.moves,
                            ..config.game.clone()
                        };
                        let result = play_job::<G>(config, &job, &game, &mut processes);
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
        while let Some((job, result)) = super::tournament::next_result(&rx) {
            tally_game(&mut tallies, &mut duels, &job.seats, &result.places, &result.points, result.winner);
            let fault = matches!(result.end, End::Fault { .. });
            counts.add(result.winner, &result.eliminated, fault, &seat_name);
            let _ = writeln!(
                out,
                "Finished game {} ({}): {} {{{}}}",
                job.number,
                result.players.join(", "),
                result.standings(&seat_name),
                result.reason(&seat_name)
            );
            if let Some(file) = pgn_file.as_mut() {
                let text = game_record::<G>(config, job.number, &result);
                if let Err(e) = file.write_all(text.as_bytes()) {
                    let _ = writeln!(out, "warning: game record not written: {e}");
                }
            }
            results.push(result);
            let lines = standing_lines(config, &tallies, &duels, counts.games, total, &mut decision, &stop);
            let _ = write!(out, "{lines}");
        }
        // Done, or interrupted: the workers take no more games.
        stop.store(true, Ordering::Relaxed);
    });
    if let Ok(e) = failed.try_recv() {
        return Err(e);
    }
    super::tournament::interrupted_note(counts.games, total, out);
    print_table::<G>(config, &tallies, &counts, out);
    let _ = writeln!(out, "Head to head (per game, the share of seat pairs placed higher):");
    for (pair, samples) in &duels {
        let _ = writeln!(out, "  {}", duel_line(config, *pair, samples));
    }
    Ok((results, tallies))
}

/// Adds a game to the engines' tallies and head-to-head scores.
fn tally_game(
    tallies: &mut [SeatedTally],
    duels: &mut Duels,
    seats: &[usize; SEATS],
    places: &[usize; SEATS],
    points: &[f64; SEATS],
    winner: Option<Seat>,
) {
    for seat in 0..SEATS {
        let t = &mut tallies[seats[seat]];
        t.seat_games += 1;
        t.points += points[seat];
        t.places[places[seat] - 1] += 1;
        if winner == Some(Seat(seat as u8)) {
            t.wins_by_seat[seat] += 1;
        }
    }
    for ((a, b), samples) in duels.iter_mut() {
        if let Some(score) = head_to_head(seats, places, *a, *b) {
            samples.add(score);
        }
    }
}

/// Where the SPRT on the two engines' head to head stands after the games in `duels`
/// (`Continue` without one).
fn sprt_decision(config: &MatchConfig, duels: &Duels) -> SprtDecision {
    match (&config.sprt, duels.as_slice()) {
        (Some(sprt), [(_, samples)]) => sprt.decision_of_samples(samples),
        _ => SprtDecision::Continue,
    }
}

/// The lines after each game: every engine's points and, with two engines, the head to head
/// (and the SPRT, whose `decision` it brings up to date).
fn standing_lines(
    config: &MatchConfig,
    tallies: &[SeatedTally],
    duels: &Duels,
    games: usize,
    total: usize,
    decision: &mut SprtDecision,
    stop: &AtomicBool,
) -> String {
    let standing: Vec<String> = tallies
        .iter()
        .enumerate()
        .map(|(e, t)| format!("{} {:.1} ({:.2}/seat)", config.engines[e].label, t.points, t.mean_points()))
        .collect();
    let mut text = format!("Points: {}  ({games}/{total} games)\n", standing.join(", "));
    if let [((a, b), samples)] = duels.as_slice() {
        let mut line = duel_line(config, (*a, *b), samples);
        if let Some(sprt) = &config.sprt {
            *decision = decision.kept_or(sprt_decision(config, duels));
            line.push_str(&sprt_note(sprt, sprt.llr_of_samples(samples), *decision, stop));
        }
        text.push_str(&format!("Head to head: {line}\n"));
    }
    text
}

/// What the final table counts over all games: wins by seat, games without a winner, faults,
/// the orders of elimination.
#[derive(Default)]
struct GameCounts {
    games: usize,
    wins_by_seat: [u32; SEATS],
    draws: usize,
    faults: usize,
    orders: HashMap<String, u32>,
}

impl GameCounts {
    fn add(
        &mut self,
        winner: Option<Seat>,
        eliminated: &[Seat],
        fault: bool,
        seat_name: &dyn Fn(Seat) -> String,
    ) {
        self.games += 1;
        match winner {
            Some(w) => self.wins_by_seat[w.index()] += 1,
            None => self.draws += 1,
        }
        self.faults += usize::from(fault);
        let order: String = eliminated.iter().map(|s| seat_name(*s)).collect::<Vec<_>>().join(">");
        *self.orders.entry(if order.is_empty() { "none".into() } else { order }).or_default() += 1;
    }
}

/// One finished game of an earlier run of the match, read back by `--resume`.
struct EarlierGame {
    number: usize,
    places: [usize; SEATS],
    points: [f64; SEATS],
    winner: Option<Seat>,
    eliminated: Vec<Seat>,
    fault: bool,
}

/// Reads the games of an earlier run of this match from `path`: each must be one this match
/// schedules (its round, the engine at every seat, the variant), with its standings; anything
/// else is refused, naming the game.
fn read_earlier_games<G: Game>(
    config: &MatchConfig,
    jobs: &[SeatedJob],
    path: &std::path::Path,
) -> Result<Resumed<EarlierGame>, MatchError> {
    let file = earlier_games(path)?;
    let start = G::start();
    let seat_names: Vec<String> = (0..SEATS as u8).map(|s| start.seat_name(Seat(s))).collect();
    let mut games: Vec<EarlierGame> = Vec::new();
    for (line, game) in &file.games {
        let bad = |why: String| resume_error(path, *line, why);
        let seen: Vec<usize> = games.iter().map(|g| g.number).collect();
        let number = earlier_number::<G>(game, jobs.len(), &seen, &bad)?;
        let players: Vec<&str> = seat_names.iter().map(|n| game.tag(n).unwrap_or("")).collect();
        let scheduled: Vec<&str> =
            jobs[number - 1].seats.iter().map(|&e| config.engines[e].label.as_str()).collect();
        if players != scheduled {
            return Err(bad(format!(
                "game {number} was {}, this match plays {} there",
                players.join(", "),
                scheduled.join(", ")
            )));
        }
        let standings = read_standings(game.tag("Standings").unwrap_or(""), &seat_names).map_err(&bad)?;
        let places: [usize; SEATS] = std::array::from_fn(|s| standings[s]);
        let points = place_points(&places);
        let eliminated = game
            .tag("Eliminated")
            .unwrap_or("")
            .split(", ")
            .filter(|n| !n.is_empty())
            .map(|n| {
                seat_names
                    .iter()
                    .position(|s| s == n)
                    .map(|i| Seat(i as u8))
                    .ok_or_else(|| bad(format!("no seat '{n}' to eliminate")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let winner = match game.result.as_deref() {
            // A win is written `*` (PGN has no four-seat result): the seat placed first alone.
            Some("*") => match places.iter().filter(|&&p| p == 1).count() {
                1 => places.iter().position(|&p| p == 1).map(|s| Seat(s as u8)),
                _ => return Err(bad(format!("game {number} is a win without one seat first"))),
            },
            Some("1/2-1/2") => None,
            other => return Err(bad(format!("game {number} has no four-seat result ({other:?})"))),
        };
        games.push(EarlierGame {
            number,
            places,
            points: std::array::from_fn(|s| points[s]),
            winner,
            eliminated,
            fault: fault_termination(game),
        });
    }
    Ok(Resumed { games, keep_bytes: file.keep_bytes, dropped_partial: file.dropped_partial })
}

/// `A vs B [0.625] 12 games, Elo +88.7 +- 120.3`: engine `a`'s head-to-head score against `b`.
fn duel_line(config: &MatchConfig, (a, b): (usize, usize), samples: &Samples) -> String {
    let mut line = format!(
        "{} vs {} [{:.3}] {} games",
        config.engines[a].label,
        config.engines[b].label,
        samples.mean().unwrap_or(0.5),
        samples.games()
    );
    if let Some((elo, error)) = samples.elo() {
        line.push_str(&format!(", Elo {} +- {}", signed(elo), magnitude(error)));
    }
    line
}

fn print_table<G: Game>(
    config: &MatchConfig,
    tallies: &[SeatedTally],
    counts: &GameCounts,
    out: &mut (dyn Write + Send),
) {
    let names = G::start();
    let seat_name = |s: Seat| names.seat_name(s);
    let mut rows: Vec<usize> = (0..tallies.len()).collect();
    rows.sort_by(|&a, &b| tallies[b].mean_points().total_cmp(&tallies[a].mean_points()));
    let seat_header: Vec<String> = (0..SEATS as u8).map(|s| format!("{:>7}", seat_name(Seat(s)))).collect();
    let _ = writeln!(
        out,
        "\nRank Name                  Seats  Points  Per seat   1st   2nd   3rd   4th  Wins by seat:{}",
        seat_header.join("")
    );
    for (rank, &e) in rows.iter().enumerate() {
        let t = &tallies[e];
        let wins: Vec<String> = t.wins_by_seat.iter().map(|w| format!("{w:>7}")).collect();
        let _ = writeln!(
            out,
            "{:>4} {:<21} {:>5} {:>7.1} {:>9.2} {:>5} {:>5} {:>5} {:>5}               {}",
            rank + 1,
            config.engines[e].label,
            t.seat_games,
            t.points,
            t.mean_points(),
            t.places[0],
            t.places[1],
            t.places[2],
            t.places[3],
            wins.join("")
        );
    }
    let wins: Vec<String> =
        (0..SEATS).map(|s| format!("{} {}", seat_name(Seat(s as u8)), counts.wins_by_seat[s])).collect();
    let _ = writeln!(
        out,
        "Wins by seat: {}; no winner: {} ({} ended by a fault)",
        wins.join(", "),
        counts.draws,
        counts.faults
    );
    let mut orders: Vec<(&String, &u32)> = counts.orders.iter().collect();
    orders.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let orders: Vec<String> = orders.iter().map(|(o, n)| format!("{o} {n}")).collect();
    let _ = writeln!(out, "Elimination orders: {}", orders.join(", "));
    let _ = writeln!(out, "Games: {}", counts.games);
}

/// Plays one job, starting engine processes as needed and restarting those that failed.
fn play_job<G: Searchable>(
    config: &MatchConfig,
    job: &SeatedJob,
    game: &GameConfig,
    processes: &mut HashMap<(usize, usize), Box<dyn Player>>,
) -> SeatedResult {
    // The process key of each seat: (engine, how many seats before it that engine fills).
    let keys: [(usize, usize); SEATS] = std::array::from_fn(|i| {
        (job.seats[i], job.seats[..i].iter().filter(|&&e| e == job.seats[i]).count())
    });
    for (i, key) in keys.iter().enumerate() {
        if processes.contains_key(key) {
            continue;
        }
        match config.engines[key.0].start() {
            Ok(player) => {
                processes.insert(*key, player);
            }
            Err(detail) => {
                let seat = Seat(i as u8);
                let start = match &game.start {
                    Some(text) => G::from_text(text).unwrap_or_else(|_| G::start()),
                    None => G::start(),
                };
                let out = start.elimination_order();
                let live: Vec<Seat> =
                    (0..SEATS as u8).map(Seat).filter(|&s| s != seat && start.is_live(s)).collect();
                let (places, points) = placements(&live, Some(seat), &out);
                return SeatedResult {
                    players: job.seats.map(|e| config.engines[e].label.clone()),
                    places,
                    points,
                    winner: None,
                    eliminated: out,
                    end: End::Fault { seat, kind: FaultKind::EngineFailure, detail },
                    start: game.start.clone(),
                    moves: game.opening.clone(),
                    opening_plies: game.opening.len(),
                    transcript: None,
                };
            }
        }
    }
    let mut taken: Vec<Box<dyn Player>> = keys.iter().filter_map(|k| processes.remove(k)).collect();
    let result = match &mut taken[..] {
        [a, b, c, d] => play_seated_game::<G>(&mut [a.as_mut(), b.as_mut(), c.as_mut(), d.as_mut()], game),
        _ => unreachable!("every seat's process was started above"),
    };
    for (key, player) in keys.into_iter().zip(taken) {
        processes.insert(key, player);
    }
    if let End::Fault { seat, kind: FaultKind::EngineFailure | FaultKind::Time, .. } = result.end {
        processes.remove(&keys[seat.index()]);
    }
    processes.retain(|_, p| !p.wants_fresh_process());
    result
}

/// A four-seat game in PGN form (tools/pgn.rs): the seats' engines as tags, moves numbered by
/// rounds in canonical tokens, the standings and the elimination order as tags, the end in words
/// as the last comment. Two-player PGN tools cannot read it.
fn game_record<G: Game>(config: &MatchConfig, number: usize, result: &SeatedResult) -> String {
    let start = match &result.start {
        Some(text) => G::from_text(text).unwrap_or_else(|_| G::start()),
        None => G::start(),
    };
    let name = |s: Seat| start.seat_name(s);
    let mut record = Record::new(start.clone());
    for token in &result.moves {
        if record.play_token(token).is_err() {
            break; // every move was checked by the referee
        }
    }
    let order: Vec<String> = result.eliminated.iter().map(|&x| name(x)).collect();
    let header = pgn::Header {
        event: config.event.clone(),
        date: pgn::today(),
        round: number.to_string(),
        seats: result.players.to_vec(),
        extra: vec![
            ("Standings".into(), result.standings(&name)),
            ("Eliminated".into(), order.join(", ")),
            ("TimeControl".into(), config.game.tc.pgn_tag()),
            ("PlyCount".into(), result.moves.len().to_string()),
        ],
        ..pgn::Header::default()
    };
    let termination = result.end.termination();
    let ending = pgn::Ending {
        result: if result.winner.is_some() { "*" } else { "1/2-1/2" }.to_string(),
        termination: Some(termination.to_string()),
        comment: Some(result.reason(&name)),
    };
    let mut text = pgn::write_ended(&record, &header, &ending);
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_put_every_engine_in_every_seat_equally() {
        assert_eq!(seatings(4).len(), 24);
        assert_eq!(seatings(2).len(), 6); // AABB arrangements: 4! / (2! 2!)
        assert_eq!(seatings(3).len(), 12); // one engine twice: 4! / 2!
        for n in 2..=4 {
            let all = seatings(n);
            for seat in 0..SEATS {
                let mut count = vec![0; n];
                for s in &all {
                    count[s[seat]] += 1;
                }
                // An engine with k of the four slots sits at each seat in k/4 of the seatings.
                for (e, &c) in count.iter().enumerate() {
                    let slots = (0..SEATS).filter(|i| i % n == e).count();
                    assert_eq!(c * SEATS, all.len() * slots, "{n} engines, seat {seat}: {count:?}");
                }
            }
        }
    }

    #[test]
    fn places_and_points() {
        // Red wins; Yellow out first, then Blue, then Green.
        let (places, points) = placements(&[Seat(0)], None, &[Seat(2), Seat(1), Seat(3)]);
        assert_eq!(places, [1, 3, 4, 2]);
        assert_eq!(points, [3.0, 1.0, 0.0, 2.0]);
        // A draw among three seats after Green went out: they share 3 + 2 + 1.
        let (places, points) = placements(&[Seat(0), Seat(1), Seat(2)], None, &[Seat(3)]);
        assert_eq!(places, [1, 1, 1, 4]);
        assert_eq!(points, [2.0, 2.0, 2.0, 0.0]);
        // Red, already out, fails at the start: it keeps its place among the eliminated.
        let (places, points) = placements(&[Seat(1), Seat(2), Seat(3)], Some(Seat(0)), &[Seat(0)]);
        assert_eq!(places, [4, 1, 1, 1]);
        assert_eq!(points, [0.0, 2.0, 2.0, 2.0]);
        // Blue flags with everyone in play: last; the others share 3 + 2 + 1.
        let (places, points) = placements(&[Seat(0), Seat(2), Seat(3)], Some(Seat(1)), &[]);
        assert_eq!(places, [1, 4, 1, 1]);
        assert_eq!(points, [2.0, 0.0, 2.0, 2.0]);
    }

    #[test]
    fn head_to_head_counts_the_pairs_of_seats_by_place() {
        // Engine 0 at Red and Yellow, 1 at Blue and Green; places 1, 3, 4, 2: Red beats both of
        // 1's seats, Yellow (4th) beats neither: 2 of 4 pairs.
        let seats = [0, 1, 0, 1];
        assert_eq!(head_to_head(&seats, &[1, 3, 4, 2], 0, 1), Some(0.5));
        assert_eq!(head_to_head(&seats, &[1, 3, 4, 2], 1, 0), Some(0.5));
        // Red and Yellow first and second: all four pairs.
        assert_eq!(head_to_head(&seats, &[1, 3, 2, 4], 0, 1), Some(1.0));
        // A draw shared by Red, Blue and Yellow after Green went out: Red and Yellow share with
        // Blue (1/2 each) and stand above Green (1 each).
        assert_eq!(head_to_head(&seats, &[1, 1, 1, 4], 0, 1), Some(0.75));
        // Three engines: 0 and 2 meet over one pair of seats; an engine without a seat, never.
        let seats = [0, 1, 2, 1];
        assert_eq!(head_to_head(&seats, &[2, 1, 3, 4], 0, 2), Some(1.0));
        assert_eq!(head_to_head(&seats, &[2, 1, 3, 4], 0, 3), None);
    }
}
