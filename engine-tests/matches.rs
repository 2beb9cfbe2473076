//! `jester match`: the referee against scripted engines (a Python script in
//! engine-tests/fake_engines that speaks UCI or CECP and plays a given move list, or hangs,
//! crashes, claims or resigns on request), each variant's end rules, adjudication, the SPRT
//! stop, openings, bad input, and real matches between real engines from Debian's packages
//! (`stockfish` over UCI, `fairymax` over CECP) with the PGN read back by a PGN library.

mod harness;

use harness::require_peer;
use std::path::{Path, PathBuf};
use std::process::Command;

const SCRIPTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/fake_engines/scripted.py");
const JESTER: &str = env!("CARGO_BIN_EXE_jester");

struct Run {
    status: Option<i32>,
    out: String,
    err: String,
}

fn jester_match(args: &[&str]) -> Run {
    let output = Command::new(JESTER).arg("match").args(args).output().expect("jester runs");
    Run {
        status: output.status.code(),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// An engine string for the scripted engine.
fn scripted(name: &str, proto: &str, moves: &str, extra: &[&str]) -> String {
    let mut spec = format!(
        "cmd={SCRIPTED} proto={proto} name={name} arg=--proto arg={proto} 'arg=--moves' 'arg={moves}'"
    );
    for e in extra {
        spec.push_str(&format!(" 'arg={e}'"));
    }
    spec
}

fn jester_engine(proto: &str) -> String {
    format!("cmd={JESTER} proto={proto} name=jester option.Threads=1 option.Hash=16")
}

/// The lines "Finished game N (W vs B): RESULT {REASON}".
fn finished(out: &str) -> Vec<String> {
    out.lines().filter(|l| l.starts_with("Finished game")).map(str::to_string).collect()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("jester-match-{}-{name}", std::process::id()))
}

#[test]
fn an_illegal_move_forfeits() {
    let run = jester_match(&[
        "--engine",
        &scripted("repeater", "uci", "e2e4 e2e4", &[]),
        "--engine",
        &jester_engine("uci"),
        "--games",
        "2",
        "--tc",
        "5+0.1",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 2, "{}", run.out);
    // As White its second e2e4 is illegal; as Black its first.
    assert!(games[0].contains("0-1 {repeater (White) IllegalMove: 'e2e4'"), "{}", games[0]);
    assert!(games[1].contains("1-0 {repeater (Black) IllegalMove: 'e2e4'"), "{}", games[1]);
}

#[test]
fn a_hang_forfeits_on_time() {
    let run = jester_match(&[
        "--engine",
        &scripted("sleeper", "xboard", "e2e4 d2d4", &["--hang-at", "2"]),
        "--engine",
        &jester_engine("xboard"),
        "--games",
        "1",
        "--tc",
        "1+0.1",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 1, "{}", run.out);
    assert!(games[0].contains("0-1 {sleeper (White) Time: no reply within"), "{}", games[0]);
}

#[test]
fn a_crash_forfeits_and_the_engine_is_restarted() {
    let log = temp("crash.log");
    let _ = std::fs::remove_file(&log);
    let run = jester_match(&[
        "--engine",
        &format!(
            "{} 'arg=--log' 'arg={}'",
            scripted("crasher", "uci", "e2e4", &["--crash-at", "1"]),
            log.display()
        ),
        "--engine",
        &jester_engine("uci"),
        "--games",
        "2",
        "--tc",
        "5+0.1",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 2, "{}", run.out);
    for game in &games {
        assert!(
            game.contains("crasher") && game.contains("EngineFailure: the engine closed its output"),
            "{game}"
        );
    }
    // Started once to check it can play, once for game 1, and again after its crash.
    let starts = std::fs::read_to_string(&log).unwrap().lines().filter(|l| l.starts_with("start ")).count();
    assert_eq!(starts, 3, "{}", run.out);
    let _ = std::fs::remove_file(&log);
}

#[test]
fn false_claims_forfeit_and_resignations_count() {
    let run = jester_match(&[
        "--engine",
        &scripted("claimer", "xboard", "e2e4", &["--claim-at", "1"]),
        "--engine",
        &jester_engine("xboard"),
        "--games",
        "1",
    ]);
    let games = finished(&run.out);
    assert!(games[0].contains("0-1 {claimer (White) FalseClaim: claimed '1-0 {White mates}'"), "{}", run.out);
    let run = jester_match(&[
        "--engine",
        &scripted("quitter", "xboard", "e2e4", &["--resign-at", "1"]),
        "--engine",
        &jester_engine("xboard"),
        "--games",
        "1",
    ]);
    let games = finished(&run.out);
    assert!(games[0].contains("0-1 {quitter resigns}"), "{}", run.out);
}

/// Two scripted engines play set moves from a set position; the referee must end the game by
/// the variant's own rule.
#[test]
fn each_variant_ends_by_its_own_rules() {
    struct Case {
        variant: &'static str,
        start: &'static str,
        white: &'static str,
        black: &'static str,
        result: &'static str,
    }
    let cases = [
        Case {
            variant: "normal",
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            white: "f2f3 g2g4",
            black: "e7e5 d8h4",
            result: "0-1 {Black wins by checkmate}",
        },
        Case {
            variant: "normal",
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            white: "g1f3 f3g1 g1f3 f3g1",
            black: "g8f6 f6g8 g8f6 f6g8",
            result: "1/2-1/2 {draw by threefold repetition}",
        },
        Case {
            variant: "normal",
            start: "4k3/8/8/8/8/8/8/R3K3 w - - 99 60",
            white: "a1a2",
            black: "",
            result: "1/2-1/2 {draw by move-count rule}",
        },
        Case {
            // K3: the Royal Pawn is mated on the e-file, its own pawns beside it.
            variant: "fightingkings",
            start: "4k3/8/8/8/8/8/3PKP2/r7 b - - 0 1",
            white: "",
            black: "a1e1",
            result: "0-1 {Black wins by checkmate}",
        },
        Case {
            variant: "thronekings",
            start: "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1",
            white: "a1a8",
            black: "",
            result: "1-0 {White wins by checkmate}",
        },
        Case {
            // F11: stalemated with a burning piece loses.
            variant: "firefighter",
            start: "k7/7p!/8/8/8/8/2Q5/7K w - - 0 1 - -",
            white: "c2c7",
            black: "",
            result: "1-0 {White wins by stalemate loss}",
        },
        Case {
            // T9's problem: after the key move the black King mates.
            variant: "tirebiter",
            start: "6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7",
            white: "f7f8,h7h8",
            black: "g8h7",
            result: "0-1 {Black wins by checkmate}",
        },
        Case {
            // T8: the King's quiet move splits; the 100th quiet ply draws.
            variant: "nickdanger",
            start: "4k3/8/8/8/8/8/8/4K3 w - - 99 80",
            white: "e1d1,e1d2,e1e2,e1f1,e1f2",
            black: "",
            result: "1/2-1/2 {draw by move-count rule}",
        },
        Case {
            // N10: a hundred turns without capture.
            variant: "notachessvariant",
            start: "**3k*/6*/7/7/7/*RR4/*KR2** w - 99 60",
            white: "pass/a3e",
            black: "",
            result: "1/2-1/2 {draw by move-count rule}",
        },
        Case {
            // N11 with N10: a text only notachessweak reads (a loop around c4 and d4); Black's
            // c4e removes seven wires, and its hundredth turn without capture draws.
            variant: "notachessweak",
            start: "**4*/6*/6k/K6/7/*6/*4** b b4e,c3n,c4n,d3n,d4e,d4n 99 60",
            white: "",
            black: "g5f5/c4e",
            result: "1/2-1/2 {draw by move-count rule}",
        },
    ];
    for (i, case) in cases.iter().enumerate() {
        let openings = temp(&format!("end-{i}.txt"));
        std::fs::write(&openings, format!("{}\n", case.start)).unwrap();
        let run = jester_match(&[
            "--variant",
            case.variant,
            "--engine",
            &scripted("white", "uci", case.white, &[]),
            "--engine",
            &scripted("black", "uci", case.black, &[]),
            "--games",
            "1",
            "--openings",
            openings.to_str().unwrap(),
        ]);
        let _ = std::fs::remove_file(&openings);
        let games = finished(&run.out);
        assert_eq!(games.len(), 1, "{}: {}{}", case.variant, run.out, run.err);
        assert!(games[0].ends_with(case.result), "{}: {}", case.variant, games[0]);
    }
}

#[test]
fn adjudication_by_score() {
    let quiet = jester_match(&[
        "--engine",
        &scripted("a", "uci", "e2e4 d2d4 g1f3 b1c3", &["--score", "5"]),
        "--engine",
        &scripted("b", "uci", "e7e5 d7d6 g8f6 b8c6", &["--score", "-5"]),
        "--games",
        "1",
        "--draw",
        "movenumber=1,movecount=2,score=10",
    ]);
    let games = finished(&quiet.out);
    assert!(
        games[0].ends_with("1/2-1/2 {draw adjudicated: both scored within 10 for 2 moves}"),
        "{}",
        quiet.out
    );
    let lost = jester_match(&[
        "--engine",
        &scripted("a", "uci", "e2e4 d2d4 g1f3 b1c3", &["--score", "-900"]),
        "--engine",
        &scripted("b", "uci", "e7e5 d7d6 g8f6 b8c6", &["--score", "900"]),
        "--games",
        "1",
        "--resign",
        "movecount=3,score=800,twosided=true",
        "--pgn",
        temp("resign.pgn").to_str().unwrap(),
    ]);
    let games = finished(&lost.out);
    assert!(
        games[0].ends_with("0-1 {White adjudicated lost: scored -800 or worse for 3 moves}"),
        "{}",
        lost.out
    );
    let pgn = std::fs::read_to_string(temp("resign.pgn")).unwrap();
    assert!(
        pgn.contains("[Termination \"adjudication\"]") && pgn.contains("1. e4 e5 2. d4 d6 3. Nf3 Nf6"),
        "{pgn}"
    );
    let _ = std::fs::remove_file(temp("resign.pgn"));
}

/// Fixed-depth games from the start repeat one another: the referee says so, and how to vary them;
/// random openings silence it. XBoard's minutes:seconds base is read too.
#[test]
fn repeated_games_are_warned_of() {
    let jester = jester_engine("uci");
    let other = format!("cmd={JESTER} proto=uci name=other option.Threads=1 option.Hash=16");
    let repeat = jester_match(&["--engine", &jester, "--engine", &other, "--depth", "1", "--games", "4"]);
    assert_eq!(repeat.status, Some(0), "{}{}", repeat.out, repeat.err);
    assert!(repeat.out.contains("Warning: with a fixed depth"), "{}", repeat.out);
    let varied = jester_match(&[
        "--engine",
        &jester,
        "--engine",
        &other,
        "--depth",
        "1",
        "--games",
        "4",
        "--random-plies",
        "4",
    ]);
    assert!(!varied.out.contains("Warning"), "{}", varied.out);
    let clock = jester_match(&["--engine", &jester, "--engine", &other, "--tc", "0:01+0.01", "--games", "2"]);
    assert_eq!(clock.status, Some(0), "{}{}", clock.out, clock.err);
    assert!(clock.out.contains("Match: 2 games of normal at"), "{}", clock.out);
    let bad = jester_match(&["--engine", &jester, "--engine", &other, "--tc", "1:60"]);
    assert_eq!(bad.status, Some(2));
    assert!(bad.err.contains("'1:60'"), "{}", bad.err);
}

#[test]
fn the_sprt_stops_a_decided_match() {
    // jester against an engine that forfeits every game: H1 (jester is stronger) is accepted
    // long before 200 games.
    let run = jester_match(&[
        "--engine",
        &jester_engine("uci"),
        "--engine",
        &scripted("loser", "uci", "a1a1", &[]),
        "--games",
        "200",
        "--sprt",
        "elo0=0,elo1=20",
        "--concurrency",
        "2",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    assert!(run.out.contains("SPRT accepts H1"), "{}", run.out);
    let played = finished(&run.out).len();
    assert!((4..40).contains(&played), "{played} games:\n{}", run.out);
}

#[test]
fn random_openings_are_shared_by_each_pair_of_games() {
    let pgn = temp("openings.pgn");
    let run = jester_match(&[
        "--engine",
        &format!("{} name=one", jester_engine("uci")),
        "--engine",
        &format!("{} name=two", jester_engine("xboard")),
        "--games",
        "2",
        "--tc",
        "1+0.05",
        "--random-plies",
        "4",
        "--balance",
        "300",
        "--max-plies",
        "12",
        "--seed",
        "7",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let movetexts: Vec<&str> = text.split("\n\n").filter(|block| block.starts_with("1.")).collect();
    assert_eq!(movetexts.len(), 2, "{text}");
    let opening = |t: &str| t.split_whitespace().take(6).collect::<Vec<_>>().join(" ");
    assert_eq!(opening(movetexts[0]), opening(movetexts[1]), "{text}");
    assert!(text.contains("[White \"one\"]") && text.contains("[White \"two\"]"), "{text}");
    assert_eq!(text.matches("[PlyCount").count(), 2, "{text}");
    assert!(!text.contains("forfeit") && !text.contains("infraction"), "{text}");
}

/// `nodes=N` gives one engine its own node count in a node-limited match; the other keeps
/// `--nodes`. Without `--nodes`, or for a CECP engine, it is refused.
#[test]
fn an_engine_may_search_its_own_node_count() {
    let log = temp("own-nodes.log");
    let _ = std::fs::remove_file(&log);
    let logged = |name: &str, extra: &str| {
        format!("{} 'arg=--log' 'arg={}' {extra}", scripted(name, "uci", "e2e4", &[]), log.display())
    };
    let run = jester_match(&[
        "--engine",
        &logged("odds", "nodes=1234"),
        "--engine",
        &logged("even", ""),
        "--games",
        "2",
        "--nodes",
        "500",
        "--max-plies",
        "1",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    // Two games of one ply, the seats swapped: each engine moved once, as White.
    let goes: Vec<&str> = text.lines().filter(|l| l.starts_with("go")).collect();
    assert_eq!(goes.len(), 2, "{text}");
    assert!(goes.contains(&"go nodes 1234") && goes.contains(&"go nodes 500"), "{text}");
    let run = jester_match(&["--engine", &logged("odds", "nodes=1234"), "--engine", &logged("even", "")]);
    assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
    assert!(run.err.contains("engine 'odds'") && run.err.contains("--nodes"), "{}", run.err);
    let _ = std::fs::remove_file(&log);
    let cecp = format!("{} nodes=1000", jester_engine("xboard"));
    let run = jester_match(&["--engine", &cecp, "--engine", &jester_engine("uci"), "--nodes", "1000"]);
    assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
    assert!(run.err.contains("nodes=N needs proto=uci"), "{}", run.err);
}

/// `--random-armies` draws both armies for each pair of games (both games of a pair alike), the
/// same with the same seed; a variant without armies, or a file of openings, is refused.
#[test]
fn random_armies_are_drawn_for_each_pair() {
    let army_fields = |seed: &str| {
        let pgn = temp(&format!("armies-{seed}.pgn"));
        let run = jester_match(&[
            "--variant",
            "cwda",
            "--engine",
            &format!("{} name=one", jester_engine("uci")),
            "--engine",
            &format!("{} name=two", jester_engine("uci")),
            "--games",
            "16",
            "--depth",
            "1",
            "--max-plies",
            "2",
            "--random-armies",
            "--seed",
            seed,
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
        let text = std::fs::read_to_string(&pgn).unwrap();
        let _ = std::fs::remove_file(&pgn);
        // One army field a game, "fide/fide" where the game started from the plain start.
        let fields: Vec<String> = text
            .split("[Event ")
            .skip(1)
            .map(|game| {
                game.lines()
                    .find_map(|l| l.strip_prefix("[FEN \""))
                    .map_or("fide/fide".to_string(), |fen| fen.split_whitespace().nth(6).unwrap().to_string())
            })
            .collect();
        assert_eq!(fields.len(), 16, "{text}");
        fields
    };
    let fields = army_fields("5");
    for pair in fields.chunks(2) {
        assert_eq!(pair[0], pair[1], "{fields:?}");
    }
    let mut distinct = fields.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 3, "{fields:?}");
    assert_eq!(army_fields("5"), fields);
    let jester = jester_engine("uci");
    let other = format!("{jester} name=other");
    for (extra, named) in [
        (&["--variant", "normal"][..], "has no armies"),
        (&["--variant", "cwda", "--white-army", "nutty"][..], "--white-army"),
        (&["--variant", "cwda", "--openings", "x.epd"][..], "--openings"),
    ] {
        let mut args = vec!["--engine", jester.as_str(), "--engine", other.as_str(), "--random-armies"];
        args.extend_from_slice(extra);
        let run = jester_match(&args);
        assert_eq!(run.status, Some(2), "{extra:?}: {}{}", run.out, run.err);
        assert!(run.err.contains(named), "{extra:?}: {}", run.err);
    }
}

/// `--resume` goes on with a match from its PGN file: a run cut off after three games (the
/// fourth half written) and resumed writes the same file as the run that was never cut off,
/// and its table counts the earlier games; a file of another match is refused, untouched.
#[test]
fn an_interrupted_match_resumes_where_it_stopped() {
    let full = temp("resume-full.pgn");
    let cut = temp("resume-cut.pgn");
    let run_with = |second: &str, pgn: &Path, extra: &[&str]| {
        let one = format!("{} name=one", jester_engine("uci"));
        let two = format!("{} name={second}", jester_engine("uci"));
        let mut args =
            vec!["--engine", one.as_str(), "--engine", two.as_str(), "--games", "6", "--depth", "2"];
        args.extend_from_slice(&["--random-plies", "4", "--seed", "11", "--pgn", pgn.to_str().unwrap()]);
        args.extend_from_slice(extra);
        jester_match(&args)
    };
    let whole = run_with("two", &full, &[]);
    assert_eq!(whole.status, Some(0), "{}{}", whole.out, whole.err);
    let without_dates = |path: &Path| {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines().filter(|l| !l.starts_with("[Date ")).collect::<Vec<_>>().join("\n")
    };
    let text = std::fs::read_to_string(&full).unwrap();
    let fourth = text.match_indices("[Event ").nth(3).unwrap().0;
    std::fs::write(&cut, &text[..fourth + 120]).unwrap();
    let resumed = run_with("two", &cut, &["--resume"]);
    assert_eq!(resumed.status, Some(0), "{}{}", resumed.out, resumed.err);
    assert!(
        resumed.out.contains("Resumed: 3 of 6 games") && resumed.out.contains("unfinished game"),
        "{}",
        resumed.out
    );
    let played: Vec<String> = finished(&resumed.out);
    assert_eq!(played.len(), 3, "{}", resumed.out);
    assert!(played[0].starts_with("Finished game 4 "), "{played:?}");
    assert_eq!(without_dates(&cut), without_dates(&full));
    let table_line =
        |out: &str| out.lines().find(|l| l.split_whitespace().nth(1) == Some("one")).unwrap().to_string();
    assert_eq!(table_line(&resumed.out), table_line(&whole.out));
    // Another engine's games, or random openings without the first run's seed: refused.
    let before = std::fs::read_to_string(&cut).unwrap();
    let other = run_with("three", &cut, &["--resume"]);
    assert_eq!(other.status, Some(2), "{}{}", other.out, other.err);
    assert!(other.err.contains("game 1 was one vs two"), "{}", other.err);
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), before);
    let jester = jester_engine("uci");
    let unseeded = jester_match(&[
        "--engine",
        &jester,
        "--engine",
        &format!("{jester} name=other"),
        "--random-plies",
        "4",
        "--pgn",
        cut.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(unseeded.status, Some(2), "{}{}", unseeded.out, unseeded.err);
    assert!(unseeded.err.contains("--seed"), "{}", unseeded.err);
    let _ = std::fs::remove_file(&full);
    let _ = std::fs::remove_file(&cut);
}

/// A match whose SPRT the games in its file already decided plays nothing more when resumed.
#[test]
fn a_decided_match_resumes_to_its_result() {
    let pgn = temp("resume-decided.pgn");
    let run = |extra: &[&str]| {
        let one = format!("{} name=one", jester_engine("uci"));
        let two = format!("{} name=two", jester_engine("uci"));
        let mut args =
            vec!["--engine", one.as_str(), "--engine", two.as_str(), "--games", "60", "--depth", "1"];
        // Two copies of one engine are nowhere near 400 Elo apart: H0 is accepted within a few games.
        args.extend_from_slice(&["--random-plies", "4", "--seed", "7", "--sprt", "elo0=400,elo1=500"]);
        args.extend_from_slice(&["--pgn", pgn.to_str().unwrap()]);
        args.extend_from_slice(extra);
        jester_match(&args)
    };
    let first = run(&[]);
    assert_eq!(first.status, Some(0), "{}{}", first.out, first.err);
    assert!(first.out.contains("SPRT accepts H0"), "{}", first.out);
    let played = finished(&first.out).len();
    assert!(played < 60, "{}", first.out);
    let before = std::fs::read_to_string(&pgn).unwrap();
    let again = run(&["--resume"]);
    assert_eq!(again.status, Some(0), "{}{}", again.out, again.err);
    assert!(again.out.contains(&format!("Resumed: {played} of 60 games")), "{}", again.out);
    assert!(again.out.contains("SPRT accepts H0"), "{}", again.out);
    assert!(finished(&again.out).is_empty(), "{}", again.out);
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), before);
    let _ = std::fs::remove_file(&pgn);
}

/// A four-seat match resumes the same way: the standings, eliminations and head to head of the
/// games read back count as if played, and the file ends as the uncut run's.
#[test]
fn a_four_seat_match_resumes_too() {
    let full = temp("resume4-full.pgn");
    let cut = temp("resume4-cut.pgn");
    let run_with = |pgn: &Path, extra: &[&str]| {
        let one = format!("{} name=one", jester_engine("uci"));
        let two = format!("{} name=two", jester_engine("uci"));
        let mut args = vec!["--variant", "fimbriation", "--engine", one.as_str(), "--engine", two.as_str()];
        args.extend_from_slice(&["--games", "8", "--depth", "1", "--random-plies", "2", "--seed", "4"]);
        args.extend_from_slice(&["--sprt", "elo0=0,elo1=10", "--pgn", pgn.to_str().unwrap()]);
        args.extend_from_slice(extra);
        jester_match(&args)
    };
    let whole = run_with(&full, &[]);
    assert_eq!(whole.status, Some(0), "{}{}", whole.out, whole.err);
    let text = std::fs::read_to_string(&full).unwrap();
    let seventh = text.match_indices("[Event ").nth(6).unwrap().0;
    std::fs::write(&cut, &text[..seventh + 200]).unwrap();
    let resumed = run_with(&cut, &["--resume"]);
    assert_eq!(resumed.status, Some(0), "{}{}", resumed.out, resumed.err);
    assert!(resumed.out.contains("Resumed: 6 of 8 games"), "{}", resumed.out);
    assert_eq!(finished(&resumed.out).len(), 2, "{}", resumed.out);
    let without_dates =
        |text: &str| text.lines().filter(|l| !l.starts_with("[Date ")).collect::<Vec<_>>().join("\n");
    assert_eq!(without_dates(&std::fs::read_to_string(&cut).unwrap()), without_dates(&text));
    // The final table, from its header to the head to head, is the uncut run's.
    let table = |out: &str| out[out.find("\nRank Name").unwrap()..].to_string();
    assert_eq!(table(&resumed.out), table(&whole.out));
    let _ = std::fs::remove_file(&full);
    let _ = std::fs::remove_file(&cut);
}

#[test]
fn bad_settings_are_refused_by_name() {
    let jester = jester_engine("uci");
    let good = ["--engine", jester.as_str(), "--engine", jester.as_str()];
    let cases: &[(&[&str], &str)] = &[
        (&["--engine", &jester], "two engines"),
        (&good, "two engines are named 'jester'"),
        (&["--engine", "cmd=x proto=uci colour=red", "--engine", &jester], "'colour'"),
        (&["--engine", "cmd=/nonexistent/engine proto=uci", "--engine", &jester], "/nonexistent/engine"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--tc", "10+x"], "'10+x'"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--sprt", "elo0=5"], "elo1"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--draw", "score=10"], "movecount"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--resign", "moves=3"], "'moves'"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--variant", "shogi"], "'shogi'"),
        (&["--engine", "cmd=x proto=uci", "--engine", &jester, "--tc", "1+0", "--st", "1"], "--st"),
        (
            &["--engine", &scripted("x", "xboard", "e2e4", &[]), "--engine", &jester, "--nodes", "1000"],
            "node limit",
        ),
        (
            &["--engine", &scripted("x", "xboard", "e2e4", &[]), "--engine", &jester, "--st", "0.5"],
            "whole seconds",
        ),
    ];
    for &(args, named) in cases {
        let run = jester_match(args);
        assert_eq!(run.status, Some(2), "{args:?}: {}{}", run.out, run.err);
        assert_eq!(run.err.lines().count(), 1, "{args:?}: {}", run.err);
        assert!(run.err.contains(named), "{args:?}: '{}' lacks {named}", run.err.trim());
    }
    // A missing openings file and one with a bad line.
    let openings = temp("bad-openings.txt");
    std::fs::write(
        &openings,
        "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a position\n",
    )
    .unwrap();
    let one = format!("{} name=one", jester);
    for (file, named) in [
        (openings.to_str().unwrap(), ":3: opening 'not a position'"),
        ("/nonexistent/o.epd", "/nonexistent/o.epd"),
    ] {
        let run = jester_match(&["--engine", &one, "--engine", &jester, "--openings", file]);
        assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
        assert!(run.err.contains(named), "{}", run.err);
    }
    let _ = std::fs::remove_file(&openings);
}

/// An engine that does not offer the variant is refused before the first game, in one line
/// naming the variant and what the engine offers: UCI by its UCI_Variant option (none: standard
/// chess only), CECP by its feature variants.
#[test]
fn an_engine_without_the_variant_is_refused_before_play() {
    let jester = jester_engine("uci");
    let cases: &[(&str, &str, &str, &[&str])] = &[
        ("uci", "none", "thronekings", &["'thronekings'", "no UCI_Variant option", "standard chess only"]),
        (
            "uci",
            "chess 3check",
            "tirebiter",
            &["'tirebiter'", "UCI_Variant option offers chess, 3check", "VariantPath"],
        ),
        ("xboard", "none", "fightingkings", &["'fightingkings'", "no feature variants"]),
        ("xboard", "normal fairy", "cwda", &["'cwda'", "feature variants offers normal, fairy"]),
    ];
    for &(proto, offered, variant, needles) in cases {
        let run = jester_match(&[
            "--variant",
            variant,
            "--engine",
            &scripted("narrow", proto, "e2e4", &["--variants", offered]),
            "--engine",
            &jester,
            "--games",
            "2",
        ]);
        assert_eq!(run.status, Some(2), "{proto} {offered}: {}{}", run.out, run.err);
        assert!(finished(&run.out).is_empty(), "{}", run.out);
        assert_eq!(run.err.lines().count(), 1, "{}", run.err);
        assert!(
            run.err.contains("engine 'narrow' cannot play this match: it does not offer variant"),
            "{}",
            run.err
        );
        for needle in needles {
            assert!(run.err.contains(needle), "{proto} {offered}: '{}' lacks {needle}", run.err.trim());
        }
    }
}

/// jester's names are matched to the engine's (`normal` is `chess`, set where the engine starts
/// in another variant), and a variant defined in the file named by VariantPath is accepted
/// (Fairy-Stockfish announces it only when asked for its options again).
#[test]
fn variant_names_are_mapped_and_variant_files_read() {
    let log = temp("variants.log");
    let ini = temp("variants.ini");
    std::fs::write(&ini, "[thronekings:chess]\ncommoner = c\n").unwrap();
    let cases: &[(&str, &str, &[&str], &str)] = &[
        // (variant, offered, more settings, what the engine is told)
        ("normal", "chess", &[], ""),
        ("normal", "3check chess", &[], "variant chess"),
        ("thronekings", "chess", &["option.VariantPath"], "variant thronekings"),
    ];
    for &(variant, offered, more, told) in cases {
        let _ = std::fs::remove_file(&log);
        let mut engine = format!(
            "{} 'arg=--log' 'arg={}'",
            scripted("narrow", "uci", "e2e4", &["--variants", offered]),
            log.display()
        );
        if !more.is_empty() {
            engine.push_str(&format!(" option.VariantPath={}", ini.display()));
        }
        let run = jester_match(&[
            "--variant",
            variant,
            "--engine",
            &engine,
            "--engine",
            &scripted("other", "uci", "e7e6", &[]),
            "--games",
            "1",
            "--depth",
            "1",
        ]);
        assert_eq!(run.status, Some(0), "{variant} {offered}: {}{}", run.out, run.err);
        assert_eq!(finished(&run.out).len(), 1, "{}", run.out);
        let lines = std::fs::read_to_string(&log).unwrap();
        let variants: Vec<&str> = lines.lines().filter(|l| l.starts_with("variant")).collect();
        let expected: Vec<&str> = if told.is_empty() { vec![] } else { vec![told] };
        assert_eq!(variants, expected, "{variant} {offered}");
    }
    let _ = std::fs::remove_file(&log);
    let _ = std::fs::remove_file(&ini);
}

/// Debian's engines: Stockfish has no UCI_Variant (standard chess only), Fairy-Max lists its
/// variants; each is refused at once for a variant it does not play.
#[test]
fn real_engines_are_refused_variants_they_do_not_play() {
    let (Some(stockfish), Some(fairymax)) =
        (require_peer("stockfish", "stockfish"), require_peer("fairymax", "fairymax"))
    else {
        return;
    };
    let jester = jester_engine("uci");
    for (engine, variant, needle) in [
        (
            format!("cmd={} proto=uci name=stockfish", stockfish.display()),
            "thronekings",
            "no UCI_Variant option",
        ),
        (
            format!("cmd={} proto=xboard name=fairymax", fairymax.display()),
            "tirebiter",
            "offers normal, nocastle",
        ),
    ] {
        let started = std::time::Instant::now();
        let run = jester_match(&["--variant", variant, "--engine", &engine, "--engine", &jester]);
        assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
        assert_eq!(run.err.lines().count(), 1, "{}", run.err);
        assert!(
            run.err.contains(&format!("does not offer variant '{variant}'")) && run.err.contains(needle),
            "{}",
            run.err
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(8), "{:?}", started.elapsed());
    }
}

/// Fairy-Stockfish defines Throne Kings from a variants file and lists it only when asked again
/// (as engine-tests/scripts/ladder.sh plays it): accepted, and the game is played.
#[test]
fn fairy_stockfish_plays_a_variant_from_its_variants_file() {
    let Some(fairy) = require_peer("fairy-stockfish", "fairy-stockfish") else { return };
    let ini = temp("fsf-variants.ini");
    std::fs::write(
        &ini,
        "[thronekings:chess]\ncommoner = c\nstartFen = rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    let engine = format!(
        "cmd={} proto=uci name=fsf option.Threads=1 option.Hash=16 option.VariantPath={}",
        fairy.display(),
        ini.display()
    );
    let run = jester_match(&[
        "--variant",
        "thronekings",
        "--engine",
        &engine,
        "--engine",
        &jester_engine("uci"),
        "--games",
        "2",
        "--depth",
        "2",
        "--max-plies",
        "20",
    ]);
    let _ = std::fs::remove_file(&ini);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 2, "{}", run.out);
    assert!(games.iter().all(|g| !g.contains("IllegalMove") && !g.contains("EngineFailure")), "{games:?}");
}

/// Ctrl-C (SIGINT) after the first game: the game under way is dropped, the table of the games
/// finished so far is printed, the PGN holds them whole, no engine process is left, and the
/// exit status is 130.
#[test]
fn ctrl_c_ends_the_match_with_the_games_finished_so_far() {
    use std::io::{BufRead, BufReader, Read};
    use std::time::{Duration, Instant};
    let (log, pgn) = (temp("interrupt.log"), temp("interrupt.pgn"));
    let _ = std::fs::remove_file(&log);
    let logged = |spec: String| format!("{spec} 'arg=--log' 'arg={}'", log.display());
    // Game 1: a plays e4, b e5, a an illegal move. Game 2: b hangs on its first move.
    let mut child = Command::new(JESTER)
        .arg("match")
        .args(["--engine", &logged(scripted("a", "uci", "e2e4 a1a1", &[]))])
        .args(["--engine", &logged(scripted("b", "uci", "e7e5", &["--hang-at", "2"]))])
        .args(["--games", "4", "--tc", "60+0", "--pgn", pgn.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    while !out.contains("Finished game 1") {
        assert!(stdout.read_line(&mut out).unwrap() > 0, "{out}");
    }
    std::thread::sleep(Duration::from_millis(300));
    let signalled = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(signalled.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("jester match did not end after SIGINT: {out}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    stdout.read_to_string(&mut out).unwrap();
    assert_eq!(status.code(), Some(130), "{out}");
    assert_eq!(finished(&out).len(), 1, "{out}");
    assert!(out.contains("Interrupted: 1 of 4 games finished and kept"), "{out}");
    assert!(out.contains("Rank Name") && out.contains("Games: 1 (1 ended by a fault)"), "{out}");

    // The PGN: the finished game, whole, read by a PGN library.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 1, "{text}");
    assert!(text.trim_end().ends_with("0-1"), "{text}");
    #[derive(Default)]
    struct Count {
        games: usize,
        moves: usize,
    }
    impl pgn_reader::Visitor for Count {
        type Result = ();
        fn san(&mut self, _: pgn_reader::SanPlus) {
            self.moves += 1;
        }
        fn end_game(&mut self) {
            self.games += 1;
        }
    }
    let mut count = Count::default();
    pgn_reader::BufferedReader::new(text.as_bytes()).read_all(&mut count).unwrap();
    assert_eq!((count.games, count.moves), (1, 2), "{text}");

    // Every engine started (two checks, two players) has ended.
    let pids: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("start ").map(str::to_string))
        .collect();
    assert_eq!(pids.len(), 4, "{pids:?}");
    if Path::new("/proc/self").exists() {
        for pid in &pids {
            assert!(!Path::new(&format!("/proc/{pid}")).exists(), "engine {pid} left running");
        }
    }
    let _ = std::fs::remove_file(&log);
    let _ = std::fs::remove_file(&pgn);
}

/// The games of a PGN file replayed with shakmaty: every move legal, and every decisive game
/// that ended by the rules ends in checkmate or a resignation.
fn validate_pgn(path: &Path) -> usize {
    use pgn_reader::{BufferedReader, RawComment, RawHeader, SanPlus, Skip, Visitor};
    use shakmaty::{Chess, Position};

    #[derive(Default)]
    struct Check {
        pos: Chess,
        result: String,
        termination: String,
        comment: String,
        errors: Vec<String>,
        games: usize,
    }
    impl Visitor for Check {
        type Result = ();
        fn begin_game(&mut self) {
            self.pos = Chess::default();
            self.games += 1;
            self.comment.clear();
        }
        fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
            match key {
                b"Result" => self.result = value.decode_utf8_lossy().into_owned(),
                b"Termination" => self.termination = value.decode_utf8_lossy().into_owned(),
                b"FEN" => self.errors.push("unexpected FEN tag".into()),
                _ => {}
            }
        }
        fn end_headers(&mut self) -> Skip {
            Skip(false)
        }
        fn san(&mut self, san_plus: SanPlus) {
            match san_plus.san.to_move(&self.pos) {
                Ok(m) => self.pos.play_unchecked(&m),
                Err(e) => self.errors.push(format!("game {}: {san_plus}: {e}", self.games)),
            }
        }
        fn comment(&mut self, comment: RawComment<'_>) {
            self.comment = String::from_utf8_lossy(comment.as_bytes()).into_owned();
        }
        fn end_game(&mut self) {
            let game = self.games;
            match self.termination.as_str() {
                "normal" | "adjudication" => {}
                other => self.errors.push(format!("game {game} ended by a fault: {other} {}", self.comment)),
            }
            let decisive = self.result == "1-0" || self.result == "0-1";
            if self.termination == "normal"
                && decisive
                && !self.pos.is_checkmate()
                && !self.comment.contains("resigns")
            {
                self.errors.push(format!(
                    "game {game}: {} without mate or resignation: {}",
                    self.result, self.comment
                ));
            }
        }
    }
    let file = std::fs::File::open(path).expect("PGN written");
    let mut check = Check::default();
    BufferedReader::new(file).read_all(&mut check).expect("PGN readable");
    assert!(check.errors.is_empty(), "{:#?}", check.errors);
    check.games
}

/// A CECP engine entered as UCI is told apart at once by its answer to `uci`, with a hint.
#[test]
fn an_engine_of_the_other_protocol_is_named_at_once() {
    let Some(fairymax) = require_peer("fairymax", "fairymax") else { return };
    let wrong = format!("cmd={} proto=uci name=fairymax", fairymax.display());
    let started = std::time::Instant::now();
    let run = jester_match(&["--engine", &wrong, "--engine", &jester_engine("uci"), "--games", "2"]);
    assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
    assert!(run.err.contains("does not speak UCI") && run.err.contains("proto=xboard"), "{}", run.err);
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn stockfish_against_fairymax_and_jester_against_both() {
    let (Some(stockfish), Some(fairymax)) =
        (require_peer("stockfish", "stockfish"), require_peer("fairymax", "fairymax"))
    else {
        return;
    };
    let stockfish = format!(
        "cmd={} proto=uci name=stockfish option.Threads=1 option.Hash=16 'option.Skill Level=0' 'option.Move Overhead=100'",
        stockfish.display()
    );
    let fairymax = format!("cmd={} proto=xboard name=fairymax", fairymax.display());
    let common = [
        "--tc",
        "2+0.05",
        "--margin",
        "200",
        "--resign",
        "movecount=4,score=1000",
        "--draw",
        "movenumber=40,movecount=8,score=15",
        "--concurrency",
        "2",
    ];
    let pgn = temp("peers.pgn");
    let mut args = vec!["--engine", stockfish.as_str(), "--engine", fairymax.as_str(), "--games", "4"];
    args.extend(common);
    args.extend(["--pgn", pgn.to_str().unwrap()]);
    let run = jester_match(&args);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    assert_eq!(finished(&run.out).len(), 4, "{}", run.out);
    assert_eq!(validate_pgn(&pgn), 4);

    let jester = jester_engine("uci");
    let mut args = vec![
        "--engine",
        jester.as_str(),
        "--engine",
        stockfish.as_str(),
        "--engine",
        fairymax.as_str(),
        "--tournament",
        "gauntlet",
        "--games",
        "2",
    ];
    args.extend(common);
    args.extend(["--pgn", pgn.to_str().unwrap()]);
    let run = jester_match(&args);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 4, "{}", run.out);
    assert_eq!(games.iter().filter(|g| g.contains("stockfish")).count(), 2);
    assert_eq!(games.iter().filter(|g| g.contains("fairymax")).count(), 2);
    assert_eq!(validate_pgn(&pgn), 4);
    assert!(run.out.contains("Rank Name"), "{}", run.out);
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn four_seats_play_every_seating_over_both_protocols() {
    // Two engines (jester over UCI and over CECP) fill Fimbriation's four seats in all 6
    // orders (AABB, ABAB, ABBA, BAAB, BABA, BBAA); each game ends by the rules, and each
    // game's points are 3 + 2 + 1 + 0 = 6 however they are shared.
    let pgn = temp("four-seats.pgn");
    let uci = format!("cmd={JESTER} proto=uci name=uci option.Hash=8");
    let cecp = format!("cmd={JESTER} proto=xboard name=cecp");
    let run = jester_match(&[
        "--variant",
        "fimbriation",
        "--engine",
        &uci,
        "--engine",
        &cecp,
        "--games",
        "6",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 6, "{}", run.out);
    let mut seatings: Vec<String> =
        games.iter().map(|g| g.split(['(', ')']).nth(1).unwrap_or_default().to_string()).collect();
    seatings.sort();
    seatings.dedup();
    assert_eq!(seatings.len(), 6, "every seating once: {seatings:?}");
    for g in &games {
        assert!(!g.contains("IllegalMove") && !g.contains("Time") && !g.contains("EngineFailure"), "{g}");
        assert!(g.contains("1. "), "{g}");
    }
    let points: f64 = run
        .out
        .lines()
        .rfind(|l| l.starts_with("Points:"))
        .map(|l| {
            // "Points: uci 18.0 (1.50/seat), cecp 18.0 (1.50/seat)": the numbers before a "(".
            let words: Vec<&str> = l.split_whitespace().collect();
            words.windows(2).filter(|w| w[1].starts_with('(')).filter_map(|w| w[0].parse::<f64>().ok()).sum()
        })
        .unwrap_or(0.0);
    assert_eq!(points, 36.0, "{}", run.out);
    assert!(run.out.contains("Wins by seat: Red"), "{}", run.out);
    // Two engines: each game adds to their head-to-head score (a share of 4 seat pairs).
    let heads: Vec<&str> = run.out.lines().filter(|l| l.starts_with("Head to head: uci vs cecp [")).collect();
    assert_eq!(heads.len(), 6, "{}", run.out);
    assert!(heads[5].contains("] 6 games, Elo "), "{}", heads[5]);
    assert!(run
        .out
        .contains("Head to head (per game, the share of seat pairs placed higher):\n  uci vs cecp ["));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"fimbriation\"]").count(), 6);
    for tag in ["[Red \"", "[Blue \"", "[Yellow \"", "[Green \"", "[Standings \"", "[Eliminated \""] {
        assert_eq!(text.matches(tag).count(), 6, "{tag}");
    }
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn a_four_seat_fault_places_the_seat_last() {
    // The first seating puts the scripted engine at Red and Blue (one process each). Red's
    // e1g1 is legal; Blue's e1g1 is not: Blue is placed 4th and the three seats still in play
    // share 3 + 2 + 1 points, 2 each.
    let run = jester_match(&[
        "--variant",
        "fimbriation",
        "--engine",
        &scripted("x", "uci", "e1g1", &[]),
        "--engine",
        &jester_engine("uci"),
        "--games",
        "1",
        "--depth",
        "1",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    let games = finished(&run.out);
    assert_eq!(games.len(), 1, "{}", run.out);
    assert!(
        games[0].contains(
            "(x, x, jester, jester): 1. Red (x), 1. Yellow (jester), 1. Green (jester), 4. Blue (x)"
        ),
        "{}",
        games[0]
    );
    assert!(games[0].contains("Blue (x) IllegalMove: 'e1g1'"), "{}", games[0]);
    assert!(run.out.contains("Points: x 2.0 (1.00/seat), jester 4.0 (2.00/seat)"), "{}", run.out);
    // Two-seat tools are refused for four seats, by name; so is an SPRT of three engines.
    let third = format!("{} name=third", jester_engine("uci"));
    let (x, jester) = (scripted("x", "uci", "e1g1", &[]), jester_engine("uci"));
    for (flag, value, extra) in
        [("--sprt", "elo0=0,elo1=5", third.as_str()), ("--resign", "movecount=3,score=500", "")]
    {
        let mut args = vec!["--variant", "fimbriation", "--engine", &x, "--engine", &jester, flag, value];
        if !extra.is_empty() {
            args.extend(["--engine", extra]);
        }
        let run = jester_match(&args);
        assert_eq!(run.status, Some(2), "{}{}", run.out, run.err);
        assert!(run.err.contains(flag), "{}", run.err);
    }
}

#[test]
fn a_four_seat_sprt_tests_the_head_to_head_score() {
    // The scripted engine's first seat to move plays an illegal move: it is placed 4th and the
    // three other seats share first place, so every game's head-to-head share is jester's 3/4
    // (its two seats above that one, level with the other). H1 (jester is stronger) is accepted
    // long before 60 games.
    let run = jester_match(&[
        "--variant",
        "fimbriation",
        "--engine",
        &jester_engine("uci"),
        "--engine",
        &scripted("loser", "uci", "a1a1", &[]),
        "--games",
        "60",
        "--depth",
        "1",
        "--sprt",
        "elo0=0,elo1=20",
    ]);
    assert_eq!(run.status, Some(0), "{}{}", run.out, run.err);
    assert!(run.out.contains("SPRT accepts H1"), "{}", run.out);
    let played = finished(&run.out).len();
    assert!((4..40).contains(&played), "{played} games:\n{}", run.out);
    let heads: Vec<&str> = run.out.lines().filter(|l| l.starts_with("Head to head: ")).collect();
    assert_eq!(heads.len(), played, "{}", run.out);
    assert!(
        heads[0].starts_with("Head to head: jester vs loser [0.750] 1 games, Elo +190.8"),
        "{}",
        heads[0]
    );
    assert!(
        run.out.contains(&format!("  jester vs loser [0.750] {played} games, Elo +190.8 +- 0.0")),
        "{}",
        run.out
    );
}
