//! Self-play of the variants beyond chess over the protocols: `JESTER_VARIANT_GAMES` games
//! (default 6) of each of `firefighter`, `tirebiter`, `nickdanger` and `notachessvariant` (plies
//! are whole turns there) against itself over UCI, two of each over CECP, two `notachessweak`
//! games over each protocol, and one `cwda` game of each of the 16 army pairings, each from a random 2-ply opening (seeded by the game number),
//! refereed by jester's rules in the harness. Every game must end by the rules (mate, stalemate,
//! repetition, 50 moves) or by the ply limit, never by a fault: an illegal move, a false claim, a
//! dead engine or a flag fall. Outcomes and the mean length are printed (`-- --nocapture`).
//! The games show that play works, not how well: a quick clock (1 s + 20 ms) with half a second
//! of margin, so a busy machine cannot flag an engine; flag falls are measured apart
//! (selfplay_time), strength by `jester match`. More games: `JESTER_VARIANT_GAMES=50`.

mod harness;

use harness::{
    env_count, jester_binary, play_game_as, random_opening_as, EngineSpec, GameConfig, GameResult, Protocol,
    TimeControl,
};
use jester::core::Game;
use jester::variants::firefighter::FireFighter;
use jester::variants::tirebiter::{NickDanger, Tirebiter, TirebiterPosition};
use jester::variants::wires::{WeakWirePosition, WirePosition};
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

const MAX_PLIES: usize = 500;

/// Games per variant over UCI unless `JESTER_VARIANT_GAMES` says otherwise.
const DEFAULT_GAMES: usize = 6;

/// The clock of every game here, and how far past it an engine may go (see the module comment).
fn clock() -> TimeControl {
    TimeControl::clock(Duration::from_secs(1), Duration::from_millis(20))
}
const MARGIN: Duration = Duration::from_millis(500);

/// The two tests take turns: each already keeps the machine's two cores busy.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn run<G: Game>(protocol: Protocol, games: usize, jobs: usize) -> Vec<GameResult> {
    run_between::<G>(protocol, games, jobs, [jester_binary(), jester_binary()])
}

/// Plays `games` games between two programs (seats alternating), `jobs` at a time.
fn run_between<G: Game>(
    protocol: Protocol,
    games: usize,
    jobs: usize,
    programs: [std::path::PathBuf; 2],
) -> Vec<GameResult> {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let tc = clock();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, GameResult)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let spec = |label: &str| {
                    let program = if label == "jester-A" { &programs[0] } else { &programs[1] };
                    let spec = EngineSpec::new(label, program.clone(), protocol);
                    match protocol {
                        Protocol::Uci => spec.option("Threads", "1"),
                        _ => spec,
                    }
                };
                let (a, b) = (spec("jester-A"), spec("jester-B"));
                let mut first = a.start().unwrap_or_else(|e| panic!("{e}"));
                let mut second = b.start().unwrap_or_else(|e| panic!("{e}"));
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= games {
                        return;
                    }
                    let mut rng = rand::rngs::StdRng::seed_from_u64(1000 + n as u64);
                    let config = GameConfig {
                        tc,
                        max_plies: MAX_PLIES,
                        opening: random_opening_as::<G>(&mut rng, 2),
                        margin: MARGIN,
                        grace: Duration::from_secs(2),
                        ..GameConfig::default()
                    };
                    let result = if n % 2 == 0 {
                        play_game_as::<G>([first.as_mut(), second.as_mut()], &config)
                    } else {
                        play_game_as::<G>([second.as_mut(), first.as_mut()], &config)
                    };
                    let faulty = matches!(result.end, harness::End::Fault { .. });
                    results.lock().unwrap().push((n, result));
                    if faulty {
                        first = a.start().unwrap_or_else(|e| panic!("{e}"));
                        second = b.start().unwrap_or_else(|e| panic!("{e}"));
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(n, _)| *n);
    results.into_iter().map(|(_, r)| r).collect()
}

fn report_and_check(variant: &str, what: &str, results: &[GameResult]) {
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let (mut white, mut draws, mut black) = (0, 0, 0);
    for r in results {
        match r.winner {
            Some(s) if s.index() == 0 => white += 1,
            Some(_) => black += 1,
            None => draws += 1,
        }
        let ending = match &r.end {
            harness::End::PlyLimit => "ply limit".to_string(),
            _ => r.reason(),
        };
        *endings.entry(ending).or_default() += 1;
    }
    let plies: usize = results.iter().map(|r| r.plies).sum();
    let think: Duration = results.iter().map(|r| r.think_time).sum();
    let timed: usize = results.iter().map(|r| r.timed_moves).sum();
    eprintln!(
        "{variant} {what}: {} games, White wins {white}, draws {draws}, Black wins {black}; mean {:.0} plies \
         (whole turns); {:.0} ms per turn on average; endings {endings:?}",
        results.len(),
        plies as f64 / results.len().max(1) as f64,
        think.as_secs_f64() * 1000.0 / timed.max(1) as f64
    );
    for (n, r) in results.iter().enumerate() {
        assert!(!matches!(r.end, harness::End::Fault { .. }), "game {}: {}", n + 1, r.report());
    }
}

fn uci_games() -> usize {
    env_count("JESTER_VARIANT_GAMES", DEFAULT_GAMES)
}

#[test]
fn firefighter_over_uci() {
    report_and_check("firefighter", "over UCI", &run::<FireFighter>(Protocol::Uci, uci_games(), 2));
}

#[test]
fn firefighter_over_cecp() {
    report_and_check("firefighter", "over CECP", &run::<FireFighter>(Protocol::Cecp, 2, 2));
}

#[test]
fn tirebiter_over_uci() {
    let results = run::<TirebiterPosition<Tirebiter>>(Protocol::Uci, uci_games(), 2);
    report_and_check("tirebiter", "over UCI", &results);
}

#[test]
fn tirebiter_over_cecp() {
    report_and_check("tirebiter", "over CECP", &run::<TirebiterPosition<Tirebiter>>(Protocol::Cecp, 2, 2));
}

#[test]
fn nickdanger_over_uci() {
    let results = run::<TirebiterPosition<NickDanger>>(Protocol::Uci, uci_games(), 2);
    report_and_check("nickdanger", "over UCI", &results);
}

#[test]
fn nickdanger_over_cecp() {
    let results = run::<TirebiterPosition<NickDanger>>(Protocol::Cecp, 2, 2);
    report_and_check("nickdanger", "over CECP", &results);
}

#[test]
fn notachessvariant_over_uci() {
    // Each game starts from two random opening turns (five random wires a side).
    report_and_check("notachessvariant", "over UCI", &run::<WirePosition>(Protocol::Uci, uci_games(), 2));
}

#[test]
fn notachessvariant_over_cecp() {
    report_and_check("notachessvariant", "over CECP", &run::<WirePosition>(Protocol::Cecp, 2, 2));
}

/// `notachessweak` (N11) shares everything but loop removal with `notachessvariant`: two games
/// over each protocol show that the engine plays it end to end (loops that stay, square outlines
/// that go).
#[test]
fn notachessweak_over_uci() {
    report_and_check("notachessweak", "over UCI", &run::<WeakWirePosition>(Protocol::Uci, 2, 2));
}

#[test]
fn notachessweak_over_cecp() {
    report_and_check("notachessweak", "over CECP", &run::<WeakWirePosition>(Protocol::Cecp, 2, 2));
}

/// Chess with Different Armies: one game of every army pairing (A4), three of four over UCI and
/// one of four over CECP, seats alternating, each from two random turns after the pairing's
/// start. The engines learn the armies from the position text's armies field
/// (`position fen ... clobberers/nutty`, `setboard ...`).
#[test]
fn cwda_every_pairing_over_uci_and_cecp() {
    use harness::random_turns_from;
    use jester::core::Army;
    use jester::variants::chess::CwdaPosition;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let tc = clock();
    let mut results = Vec::new();
    for (n, white) in Army::ALL.into_iter().enumerate() {
        for (m, black) in Army::ALL.into_iter().enumerate() {
            let game = 4 * n + m;
            let protocol = if game % 4 == 3 { Protocol::Cecp } else { Protocol::Uci };
            let mut first = EngineSpec::new("jester-A", jester_binary(), protocol).start().unwrap();
            let mut second = EngineSpec::new("jester-B", jester_binary(), protocol).start().unwrap();
            let start = CwdaPosition::start_with_armies([white, black]).expect("cwda has armies");
            let mut rng = rand::rngs::StdRng::seed_from_u64(2000 + game as u64);
            let (_, opening) = random_turns_from(start.clone(), &mut rng, 2);
            let config = GameConfig {
                tc,
                max_plies: MAX_PLIES,
                start: Some(start.to_text()),
                opening,
                margin: MARGIN,
                grace: Duration::from_secs(2),
                ..GameConfig::default()
            };
            let result = if game % 2 == 0 {
                play_game_as::<CwdaPosition>([first.as_mut(), second.as_mut()], &config)
            } else {
                play_game_as::<CwdaPosition>([second.as_mut(), first.as_mut()], &config)
            };
            eprintln!("cwda {white}/{black} over {protocol:?}: {} ({} plies)", result.reason(), result.plies);
            results.push(result);
        }
    }
    report_and_check("cwda", "every pairing over UCI and CECP", &results);
}

/// A match between this build (jester-A) and another jester binary (jester-B, the path in
/// `JESTER_OTHER`) in `notachessvariant`: `JESTER_NACV_GAMES` games (default 30), seats
/// alternating, from random openings. Reports jester-A's score. For evaluation changes:
/// `JESTER_OTHER=/tmp/jester-old cargo test --release --test variant_games -- --ignored --nocapture`.
#[test]
#[ignore]
fn notachessvariant_against_another_build() {
    let Some(other) = std::env::var_os("JESTER_OTHER") else {
        eprintln!("JESTER_OTHER is not set: nothing to play against");
        return;
    };
    let games = env_count("JESTER_NACV_GAMES", 30);
    let results = run_between::<WirePosition>(Protocol::Uci, games, 2, [jester_binary(), other.into()]);
    let score: f64 = results.iter().filter_map(|r| r.score_of("jester-A")).sum();
    eprintln!("this build scored {score} of {}", results.len());
    report_and_check("notachessvariant", "this build against JESTER_OTHER", &results);
}
