//! Complete games against real peers, refereed by rule:
//!
//! * Debian's `stockfish` over UCI, driven by the harness (engine-tests/harness), 2 games with
//!   colours swapped, 2 s + 0.05 s.
//! * Debian's `fairymax` over CECP under real XBoard in a headless X server (`xvfb-run xboard
//!   -matchMode -matchGames 2 ...`), 2 games with colours alternating, 3 s + 0.1 s, both engines
//!   pondering (XBoard's default). The PGN XBoard saves is replayed with the jester library:
//!   every move must be legal, every game must end by rule or adjudication, and XBoard's debug
//!   log must show jester accepting every command and XBoard accepting every feature.
//! * `fairymax` again, 2 games driven by the harness with jester on CECP too, so jester's CECP
//!   front end is also checked by a referee other than XBoard.
//!
//! Every game must end by rule, adjudication or resignation: an illegal move, a flag fall, a
//! false claim or a dead engine fails the test, naming the engine at fault. Results are printed
//! (`cargo test --release --test peer_games -- --nocapture`).
//!
//! `scripts/test.sh` installs the packages. Without them these tests fail, naming the package; set
//! `JESTER_SKIP_PEER_TESTS=1` to skip them knowingly on a machine without them.

mod harness;

use harness::xboard_gui::{self, Termination, XboardMatch};
use harness::{
    jester_binary, play_game, require_peer, EngineSpec, GameConfig, GameResult, Protocol, Tally, TimeControl,
};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The tests of this file take turns: each engine gets the CPU time the clocks assume.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Draw adjudication at 300 plies (150 moves each).
const MAX_PLIES: usize = 300;

fn jester(protocol: Protocol) -> EngineSpec {
    EngineSpec::new("jester", jester_binary(), protocol)
}

/// Plays `games` games with colours alternating (jester White first) and checks each.
fn harness_match(jester: &EngineSpec, peer: &EngineSpec, games: usize, tc: TimeControl) -> Vec<GameResult> {
    let mut ours = jester.start().unwrap_or_else(|e| panic!("{e}"));
    let mut theirs = peer.start().unwrap_or_else(|e| panic!("{e}"));
    let config = GameConfig {
        tc,
        max_plies: MAX_PLIES,
        opening: Vec::new(),
        grace: Duration::from_secs(2),
        ..GameConfig::default()
    };
    let mut results = Vec::new();
    for game in 0..games {
        let result = if game % 2 == 0 {
            play_game([ours.as_mut(), theirs.as_mut()], &config)
        } else {
            play_game([theirs.as_mut(), ours.as_mut()], &config)
        };
        eprintln!(
            "game {}: {} - {} {} ({}), {} plies, least time left after a move: White {:.3}s, Black {:.3}s",
            game + 1,
            result.players[0],
            result.players[1],
            result.result_text(),
            result.reason(),
            result.plies,
            result.min_clock[0].as_secs_f64(),
            result.min_clock[1].as_secs_f64()
        );
        let faulty = matches!(result.end, harness::End::Fault { .. });
        results.push(result);
        if faulty {
            // An engine at fault may be in any state: start both afresh.
            ours = jester.start().unwrap_or_else(|e| panic!("{e}"));
            theirs = peer.start().unwrap_or_else(|e| panic!("{e}"));
        }
    }
    results
}

/// Asserts every game ended by rule, adjudication or resignation, jester's faults first, and
/// that jester understood everything it was sent.
fn assert_clean(results: &[GameResult]) {
    for r in results {
        let complaints = r.complaints_of("jester");
        assert!(complaints.is_empty(), "jester reported errors:\n{}\n{}", complaints.join("\n"), r.report());
    }
    for r in results {
        if let Some((kind, detail)) = r.fault_of("jester") {
            panic!("jester lost by {kind:?} ({detail})\n{}", r.report());
        }
    }
    for r in results {
        if let harness::End::Fault { .. } = r.end {
            panic!("a game ended by a fault of the peer, not by rule:\n{}", r.report());
        }
    }
}

#[test]
fn games_against_stockfish_over_uci() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(stockfish) = require_peer("stockfish", "stockfish") else { return };
    // Skill Level makes Stockfish pick among its better moves at random: varied, longer games.
    // With its default Move Overhead (10 ms) Stockfish plays down to a few tens of milliseconds,
    // too close to the flag for a referee on pipes; 50 ms keeps it above 0.3 s. (It charges the
    // overhead for 50 moves ahead: 100 ms would leave it nothing to think with at 2 s.)
    let peer = EngineSpec::new("stockfish", stockfish, Protocol::Uci)
        .option("Threads", "1")
        .option("Hash", "16")
        .option("Move Overhead", "50")
        .option("Skill Level", "3");
    let tc = TimeControl::clock(Duration::from_secs(2), Duration::from_millis(50));
    let started = Instant::now();
    let results = harness_match(&jester(Protocol::Uci), &peer, 2, tc);
    eprintln!(
        "jester vs stockfish (UCI, {tc}, Skill Level 3): {} for jester in {} games, {:.0}s",
        Tally::of("jester", &results),
        results.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(results.len(), 2);
    assert_clean(&results);
}

#[test]
fn games_against_fairymax_over_cecp() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(fairymax) = require_peer("fairymax", "fairymax") else { return };
    let peer = EngineSpec::new("fairymax", fairymax, Protocol::Cecp);
    let tc = TimeControl::clock(Duration::from_secs(3), Duration::from_millis(100));
    let started = Instant::now();
    let results = harness_match(&jester(Protocol::Cecp), &peer, 2, tc);
    eprintln!(
        "jester vs fairymax (harness, both on CECP, {tc}): {} for jester in {} games, {:.0}s",
        Tally::of("jester", &results),
        results.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(results.len(), 2);
    assert_clean(&results);
}

/// Fairy-Max behind a filter that drops XBoard's `computer` line. Debian's Fairy-Max 5.0b does
/// not know that command and reads it as a move: its parser then indexes the board with fields
/// `sscanf` never filled, and it crashes (SIGSEGV) about one time in two, which ends XBoard's
/// match with "Error writing to second chess program". Reproduced by hand with `xboard`,
/// `protover 2`, `new`, `force`, `computer`, `e2e4`. The command only tells an engine that its
/// opponent is a program, so the games are the same without it.
fn fairymax_without_computer(fairymax: &Path, dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let script = dir.join("fairymax-without-computer");
    // XBoard interrupts engines with SIGINT, which Fairy-Max ignores; the shell and grep must too.
    let text = format!(
        "#!/bin/sh\ntrap '' INT\ngrep --line-buffered -vx computer | exec '{}' \"$@\"\n",
        fairymax.display()
    );
    std::fs::write(&script, text).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    script
}

#[test]
fn games_against_fairymax_under_xboard() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(fairymax) = require_peer("fairymax", "fairymax") else { return };
    let Some(xboard) = require_peer("xboard", "xboard") else { return };
    let Some(xvfb_run) = require_peer("xvfb-run", "xvfb") else { return };
    let games = 2;
    let dir = std::env::temp_dir().join(format!("jester-xboard-{}", std::process::id()));
    let second = fairymax_without_computer(&fairymax, &dir);
    let setup = XboardMatch {
        variant: "normal".to_string(),
        first: jester_binary(),
        second,
        games,
        base_seconds: 3,
        increment: 0.1,
        draw_after_moves: (MAX_PLIES / 2) as u32,
        ponder: true,
        dir: dir.clone(),
        timeout: Duration::from_secs(600),
        engine_options: String::new(),
        fischer_castling: false,
    };
    let run = setup.run(&xvfb_run, &xboard).unwrap_or_else(|e| panic!("{e}"));
    let context = || {
        format!(
            "XBoard output:\n{}\nPGN ({}):\n{}\nXBoard log tail ({}):\n{}",
            run.output,
            setup.pgn_path().display(),
            run.pgn,
            setup.debug_path().display(),
            xboard_gui::tail(&run.debug_log, 80)
        )
    };
    let pgn_games = xboard_gui::parse_pgn(&run.pgn);
    assert_eq!(
        pgn_games.len(),
        games as usize,
        "XBoard saved {} games, expected {games}\n{}",
        pgn_games.len(),
        context()
    );
    let mut checked = Vec::new();
    for (n, game) in pgn_games.iter().enumerate() {
        let c = xboard_gui::check_game(game).unwrap_or_else(|e| panic!("game {}: {e}\n{}", n + 1, context()));
        eprintln!(
            "game {}: {} - {} {} ({}), {} plies",
            n + 1,
            c.white,
            c.black,
            game.result,
            c.reason,
            c.plies
        );
        checked.push(c);
    }
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (n, c) in checked.iter().enumerate() {
        let seat = c
            .seat_of("jester")
            .unwrap_or_else(|| panic!("game {}: jester did not play\n{}", n + 1, context()));
        // Colours alternate: jester (the first engine) is White in odd games.
        assert_eq!(seat.index(), n % 2, "game {}: colours did not alternate", n + 1);
        match c.score_of("jester") {
            Some(s) if s > 0.75 => wins += 1,
            Some(s) if s > 0.25 => draws += 1,
            _ => losses += 1,
        }
    }
    eprintln!(
        "jester vs fairymax (XBoard {}, CECP, 3s+0.1s, pondering): +{wins} ={draws} -{losses} for jester in {games} games, {:.0}s",
        xboard.display(),
        run.elapsed.as_secs_f64()
    );
    for (n, c) in checked.iter().enumerate() {
        if let Termination::Fault { seat, kind } = c.termination {
            let who = if seat == c.seat_of("jester").unwrap() { "jester" } else { "fairymax" };
            panic!("game {}: {who} lost by {kind:?}: '{}'\n{}", n + 1, c.reason, context());
        }
    }
    // XBoard accepted all of jester's features, and jester understood everything XBoard sent.
    let complaints = xboard_gui::engine_complaints(&run.debug_log, "first");
    assert!(
        complaints.is_empty(),
        "jester (first engine) complaints or rejected features:\n{}\n{}",
        complaints.join("\n"),
        context()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The PGN checker must tell the endings apart (no peers needed).
#[test]
fn pgn_checker_reads_xboard_verdicts() {
    use jester::core::{DrawReason, Outcome, Seat, WinReason};
    let games = [
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {Xboard adjudication: Checkmate} 1-0",
        "1. Nf3 {+0.10/9 0.1} Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {Draw by repetition} 1/2-1/2",
        "1. e4 e5 2. Bc4 Nc6 {White wins on time} 1-0",
        "1. e4 e5 {Xboard: Forfeit due to illegal move: e2e5 (e2e5)} 0-1",
        "1. e4 e5 {False win claim: 'White mates'} 0-1",
        "1. e4 e5 {Xboard adjudication: long game} 1/2-1/2",
        "1. e4 e5 {xboard exit} *",
        "1. e4 e5 {Xboard adjudication: Checkmate} 1-0",
        "1. e4 e4 {Black resigns} 1-0",
    ];
    let pgn: String = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            format!(
                "[Event \"test\"]\n[Round \"{}\"]\n[White \"jester 0.1.0\"]\n[Black \"peer\"]\n\n{g}\n\n",
                i + 1
            )
        })
        .collect();
    let parsed = xboard_gui::parse_pgn(&pgn);
    assert_eq!(parsed.len(), games.len());
    assert_eq!(parsed[1].tag("Round"), "2");
    let checked: Vec<_> = parsed.iter().map(xboard_gui::check_game).collect();
    let termination = |i: usize| checked[i].as_ref().map(|c| c.termination.clone()).map_err(|e| e.clone());
    let mate = Outcome::Win { winner: Seat::WHITE, reason: WinReason::Checkmate };
    assert_eq!(termination(0), Ok(Termination::Rule(mate)));
    assert_eq!(termination(1), Ok(Termination::Rule(Outcome::Draw { reason: DrawReason::Repetition })));
    let fault = |seat, kind| Ok(Termination::Fault { seat, kind });
    assert_eq!(termination(2), fault(Seat::BLACK, harness::FaultKind::Time));
    assert_eq!(termination(3), fault(Seat::WHITE, harness::FaultKind::IllegalMove));
    assert_eq!(termination(4), fault(Seat::WHITE, harness::FaultKind::FalseClaim));
    assert_eq!(termination(5), Ok(Termination::Adjudication));
    assert!(termination(6).is_err_and(|e| e.contains("unfinished")));
    assert!(termination(7).is_err_and(|e| e.contains("jester's rules say None")));
    assert!(termination(8).is_err_and(|e| e.contains("not legal")));
    assert_eq!(checked[0].as_ref().unwrap().seat_of("jester"), Some(Seat::WHITE));
    let log =
        "12 <first : Error (unknown command): foo\n13 <second: Error (bad): x\n14 >first : rejected san\n\
               15 <first : move e2e4\n16 >first : accepted ping\n";
    assert_eq!(xboard_gui::engine_complaints(log, "first").len(), 2);
    assert_eq!(xboard_gui::engine_complaints(log, "second").len(), 1);
}

/// jester against itself under real XBoard in `variant` (one game), with these engine options
/// (`-firstOptions` / `-secondOptions`) and XBoard's `-fischerCastling` as given. Every game must
/// be played out, its moves legal by jester's rules on replay (`check`), with no complaint from
/// either engine and no move refused. Returns XBoard's debug log.
fn self_play_under_xboard(
    label: &str,
    variant: &str,
    engine_options: String,
    fischer_castling: bool,
    check: impl Fn(&xboard_gui::PgnGame) -> Result<xboard_gui::CheckedGame, String>,
) -> String {
    let Some(xboard) = require_peer("xboard", "xboard") else { return String::new() };
    let Some(xvfb_run) = require_peer("xvfb-run", "xvfb") else { return String::new() };
    let games = 1;
    let dir = std::env::temp_dir().join(format!("jester-xboard-{label}-{}", std::process::id()));
    let setup = XboardMatch {
        variant: variant.to_string(),
        first: jester_binary(),
        second: jester_binary(),
        games,
        // Roomy: this test is about legality under XBoard; flag falls are measured apart
        // (selfplay_time), and two engines plus XBoard share the CPUs here.
        base_seconds: 5,
        increment: 0.1,
        draw_after_moves: (MAX_PLIES / 2) as u32,
        ponder: false,
        dir: dir.clone(),
        timeout: Duration::from_secs(600),
        engine_options,
        fischer_castling,
    };
    let run = setup.run(&xvfb_run, &xboard).unwrap_or_else(|e| panic!("{e}"));
    let context = || format!("PGN:\n{}\nXBoard log tail:\n{}", run.pgn, xboard_gui::tail(&run.debug_log, 60));
    let pgn_games = xboard_gui::parse_pgn(&run.pgn);
    assert_eq!(pgn_games.len(), games as usize, "{label}: {} games saved\n{}", pgn_games.len(), context());
    for (n, game) in pgn_games.iter().enumerate() {
        let checked = check(game).unwrap_or_else(|e| panic!("{label} game {}: {e}\n{}", n + 1, context()));
        eprintln!("{label} game {}: {} ({}), {} plies", n + 1, game.result, checked.reason, checked.plies);
        assert!(
            !matches!(checked.termination, Termination::Fault { .. }),
            "{label} game {}: {}\n{}",
            n + 1,
            checked.reason,
            context()
        );
    }
    // XBoard accepted jester's features and its setup, and rejected none of its moves.
    for which in ["first", "second"] {
        let complaints = xboard_gui::engine_complaints(&run.debug_log, which);
        assert!(complaints.is_empty(), "{label}, {which} engine:\n{}\n{}", complaints.join("\n"), context());
    }
    assert!(!run.debug_log.contains("Illegal move"), "{label}: a move was refused\n{}", context());
    let _ = std::fs::remove_dir_all(&dir);
    run.debug_log
}

/// Fighting Kings and Throne Kings: jester against itself under real XBoard, which learns each
/// game from jester's `setup` and `piece` replies and tests legality with them. Every game must
/// be played out without a rejected move (XBoard's description of the Royal Pawn is a superset
/// of K3-K4, so it can accept every move jester plays), and its moves must be legal by jester's
/// rules on replay.
#[test]
fn fighting_kings_self_play_under_xboard() {
    use jester::variants::chess::{FightingKings, Position, ThroneKings};
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    self_play_under_xboard("fightingkings", "fightingkings", String::new(), false, |game| {
        xboard_gui::check_game_as::<Position<FightingKings>>(game)
    });
    self_play_under_xboard("thronekings", "thronekings", String::new(), false, |game| {
        xboard_gui::check_game_as::<Position<ThroneKings>>(game)
    });
}

/// Chess with Different Armies: jester against itself under real XBoard, the armies chosen by
/// the `WhiteArmy` / `BlackArmy` options (`-firstOptions`), the board and pieces learnt from
/// jester's `setup` and `piece` lines. XBoard tests every move with those descriptions (the
/// Clobberers' King castles three squares to the Bede's side, A3), and the PGN is replayed by
/// jester's rules from the chosen armies' start.
#[test]
fn cwda_self_play_under_xboard() {
    use jester::core::{Army, Game};
    use jester::variants::chess::CwdaPosition;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Each army once on each side; the Clobberers on both, for both Kings' castling lines.
    for armies in [[Army::Clobberers, Army::Nutty], [Army::Rookies, Army::Clobberers]] {
        let label = format!("cwda-{}-{}", armies[0], armies[1]);
        let options = format!("WhiteArmy={},BlackArmy={}", armies[0], armies[1]);
        let start = CwdaPosition::start_with_armies(armies).expect("cwda has armies");
        self_play_under_xboard(&label, "cwda", options, false, |game| {
            xboard_gui::check_game_from(game, start.clone())
        });
    }
}

/// Chess with Different Armies with every piece in a picture of its own: XBoard started with
/// `-fischerCastling` and jester told so (`FischerCastling=1`), so the corner pieces keep
/// their own slots and the castling rights travel as file letters. The game must play out as
/// above, and the position XBoard hands the second engine must keep both sides' castling rights
/// (a Clobberers Bede and a Nutty Charging Rook hold the corners, neither in the Rook's slot).
#[test]
fn cwda_distinct_pictures_under_xboard_with_fischer_castling() {
    use jester::core::{Army, Game};
    use jester::variants::chess::CwdaPosition;
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let armies = [Army::Clobberers, Army::Nutty];
    let options = format!("WhiteArmy={},BlackArmy={},FischerCastling=1", armies[0], armies[1]);
    let start = CwdaPosition::start_with_armies(armies).expect("cwda has armies");
    let log = self_play_under_xboard("cwda-fischer", "cwda", options, true, |game| {
        xboard_gui::check_game_from(game, start.clone())
    });
    if log.is_empty() {
        return; // XBoard or Xvfb missing: skipped above
    }
    // jester's table keeps the Bede (D) and the Charging Rook (t) out of the Rook's slot.
    let setup =
        log.lines().find(|l| l.contains("<first : setup (")).unwrap_or_else(|| panic!("no setup:\n{log}"));
    assert!(setup.contains("(PNBRQFEAMW..IDTHL.S.UKpnbrqfeamw..idthl.s.uk)"), "{setup}");
    assert!(setup.contains(" w HAha "), "{setup}");
    // XBoard's own start for the second engine still lets both sides castle both ways.
    let handed = log
        .lines()
        .find(|l| l.contains(">second: setboard "))
        .unwrap_or_else(|| panic!("XBoard sent the second engine no position:\n{log}"));
    assert!(handed.contains(" w HAha "), "{handed}");
}

/// Standard chess, jester against itself under real XBoard (XBoard's own rules and legality
/// testing), so that every variant XBoard carries has a self-play game here.
#[test]
fn normal_self_play_under_xboard() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    self_play_under_xboard("normal", "normal", String::new(), false, xboard_gui::check_game);
}

/// The variants XBoard cannot show, jester against itself under real XBoard as a user would try
/// them (`xboard -fcp jester -scp jester -variant V`, TwoMachines): XBoard rejects `feature
/// jester_notation`, so each engine shows XBoard the start it can draw (`setup`), says once why
/// it will not play there (`tellusererror`, printed by XBoard in match mode), and the engine to
/// move claims its own loss with that reason. Judged from XBoard's output and debug log: no
/// other message from XBoard (no "Engine did not send setup", no "Illegal position"), no forfeit,
/// no engine error, no move played, and the game ended by the claim.
#[test]
fn variants_xboard_cannot_show_are_declined_under_xboard() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(xboard) = require_peer("xboard", "xboard") else { return };
    let Some(xvfb_run) = require_peer("xvfb-run", "xvfb") else { return };
    for variant in
        ["firefighter", "tirebiter", "nickdanger", "notachessvariant", "notachessweak", "fimbriation"]
    {
        let dir =
            std::env::temp_dir().join(format!("jester-xboard-declined-{variant}-{}", std::process::id()));
        let setup = XboardMatch {
            variant: variant.to_string(),
            first: jester_binary(),
            second: jester_binary(),
            games: 1,
            base_seconds: 5,
            increment: 0.1,
            draw_after_moves: (MAX_PLIES / 2) as u32,
            ponder: false,
            dir: dir.clone(),
            timeout: Duration::from_secs(120),
            engine_options: String::new(),
            fischer_castling: false,
        };
        let run = setup.run(&xvfb_run, &xboard).unwrap_or_else(|e| panic!("{variant}: {e}"));
        let context = || {
            format!(
                "XBoard output:\n{}\nXBoard log tail:\n{}",
                run.output,
                xboard_gui::tail(&run.debug_log, 60)
            )
        };
        // In match mode XBoard prints every error dialog it raises: only jester's message, once
        // per engine, and the match's score.
        let told = format!("xboard: XBoard cannot show {variant} (");
        let said: Vec<&str> = run.output.lines().filter(|l| l.starts_with("xboard:")).collect();
        assert_eq!(said.iter().filter(|l| l.starts_with(&told)).count(), 2, "{variant}\n{}", context());
        let others: Vec<&&str> =
            said.iter().filter(|l| !l.starts_with(&told) && !l.starts_with("xboard: Match ")).collect();
        assert!(others.is_empty(), "{variant}: other messages {others:?}\n{}", context());
        for bad in ["Illegal position", "did not send setup", "Forfeit", "Illegal move", "False"] {
            assert!(!run.debug_log.contains(bad), "{variant}: '{bad}' in the log\n{}", context());
        }
        for which in ["first", "second"] {
            let complaints: Vec<String> = xboard_gui::engine_complaints(&run.debug_log, which)
                .into_iter()
                .filter(|l| !l.contains("tellusererror XBoard cannot show"))
                .collect();
            assert!(
                complaints.is_empty(),
                "{variant}, {which} engine:\n{}\n{}",
                complaints.join("\n"),
                context()
            );
            let moved = format!("<{which:<6}: move ");
            assert!(!run.debug_log.contains(&moved), "{variant}: {which} engine moved\n{}", context());
        }
        // The first engine (White) was asked to move and claimed its loss, with the reason.
        let claim = format!("<first : 0-1 {{XBoard cannot show {variant} (");
        assert!(run.debug_log.contains(&claim), "{variant}: no claim\n{}", context());
        assert!(run.output.contains("final score 0-1-0"), "{variant}\n{}", context());
        eprintln!("{variant}: declined under XBoard in {:.1}s", run.elapsed.as_secs_f64());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
