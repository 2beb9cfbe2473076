//! Tests of the `normal` evaluation: colour symmetry, sanity of the terms, and a speed probe.

use super::evaluate;
use crate::core::{Game, MoveList};
use crate::variants::chess::Position;

fn pos(fen: &str) -> Position {
    Position::from_text(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

fn eval(fen: &str) -> i32 {
    evaluate(&pos(fen))
}

fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
        .collect()
}

/// The colour-flipped FEN: ranks reversed, colours, side to move, castling and en passant swapped.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0].split('/').rev().map(swap_case).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let swapped = swap_case(f[2]);
        "KQkq".chars().filter(|c| swapped.contains(*c)).collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let (file, rank) = f[3].split_at(1);
        format!("{file}{}", if rank == "3" { "6" } else { "3" })
    };
    let halfmove = f.get(4).copied().unwrap_or("0");
    let fullmove = f.get(5).copied().unwrap_or("1");
    format!("{} {side} {castling} {ep} {halfmove} {fullmove}", board.join("/"))
}

fn perft_fens() -> Vec<String> {
    let text = include_str!("../../../engine-tests/perft/normal.perft");
    text.lines().filter_map(|l| l.strip_prefix("epd ")).map(|s| s.trim().to_string()).collect()
}

const EXTRA_FENS: &[&str] = &[
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/5pp1/p3p2p/1p1pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 30",
    "8/5k2/8/3PB3/8/2b5/5K2/8 w - - 0 50",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r4rk1/ppp2ppp/2n5/3q4/3P4/2PB1N2/P4PPP/R2Q1RK1 w - - 0 14",
    "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
    "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
    "1k6/8/8/8/8/8/8/4KB1r w - - 0 1",
];

/// A deterministic xorshift generator for the random playouts.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn assert_symmetric(p: &Position) {
    let fen = p.to_text();
    let mirrored = mirror_fen(&fen);
    let m = pos(&mirrored);
    assert_eq!(evaluate(p), evaluate(&m), "asymmetric:\n  {fen}\n  {mirrored}");
}

#[test]
fn mirror_fen_round_trips() {
    for fen in perft_fens() {
        let p = pos(&fen);
        let back = pos(&mirror_fen(&mirror_fen(&p.to_text())));
        assert_eq!(p.to_text(), back.to_text());
    }
    assert_eq!(
        mirror_fen("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3"),
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Qk d6 0 3"
    );
}

#[test]
fn colour_symmetry_on_fixed_positions() {
    for fen in perft_fens().iter().map(String::as_str).chain(EXTRA_FENS.iter().copied()) {
        assert_symmetric(&pos(fen));
    }
}

#[test]
fn colour_symmetry_along_random_games() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for fen in perft_fens().iter().map(String::as_str).chain(EXTRA_FENS.iter().copied()) {
        for _ in 0..6 {
            let mut p = pos(fen);
            for _ in 0..60 {
                assert_symmetric(&p);
                checked += 1;
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                Game::play(&mut p, m);
            }
        }
    }
    assert!(checked > 5_000, "only {checked} positions checked");
}

#[test]
fn start_position_is_about_level() {
    let v = eval(crate::variants::chess::START_FEN);
    let black = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(v, black, "the start position should be the tempo for either side");
}

#[test]
fn a_queen_up_is_winning() {
    let v = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let pawn_up = eval("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(v > pawn_up && pawn_up > 0, "queen up: {v}, pawn up: {pawn_up}");
    let v = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(v < 0, "queen down, to move: {v}");
}

#[test]
fn advanced_passed_pawn_is_worth_more() {
    let seventh = eval("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let third = eval("7k/8/8/8/8/4P3/8/K7 w - - 0 1");
    assert!(seventh > third, "7th {seventh} vs 3rd {third}");
    // With rooks on: still better.
    let seventh = eval("r5k1/4P3/8/8/8/8/8/K6R w - - 0 1");
    let third = eval("r5k1/8/8/8/8/4P3/8/K6R w - - 0 1");
    assert!(seventh > third, "rooks: 7th {seventh} vs 3rd {third}");
}

#[test]
fn passed_pawn_beats_blocked_pawn() {
    let passed = eval("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
    let opposed = eval("4k3/3p4/8/8/3P4/8/8/4K3 w - - 0 1");
    let free = eval("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
    // Extra black pawn aside, the white pawn stops being passed.
    assert!(passed > opposed, "passed {passed} vs opposed {opposed}");
    assert_eq!(passed, free);
}

#[test]
fn doubled_isolated_pawns_are_worse() {
    let healthy = eval("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1");
    let damaged = eval("4k3/pp3ppp/8/8/8/5P2/P4PP1/4K3 w - - 0 1");
    assert!(healthy > damaged, "healthy {healthy} vs doubled/isolated {damaged}");
    let healthy = eval("r3k3/pp3ppp/8/8/8/8/PPP2PPP/R3K3 w - - 0 1");
    let damaged = eval("r3k3/pp3ppp/8/8/8/2P5/P1P2PPP/R3K3 w - - 0 1");
    assert!(healthy > damaged, "doubled c-pawns {damaged} vs {healthy}");
}

#[test]
fn bishop_pair_beats_bishop_and_knight() {
    // White: bishops c4 and e3; Black: bishop c5 and knight e6, otherwise mirror images.
    let pair = eval("4k3/pp3ppp/4n3/2b5/2B5/4B3/PP3PPP/4K3 w - - 0 1");
    let tempo = eval("4k3/pp3ppp/4b3/2b5/2B5/4B3/PP3PPP/4K3 w - - 0 1");
    assert!(pair > tempo, "pair vs knight {pair}, pair vs pair {tempo}");
    // Same pieces, but White has bishop + knight against Black's pair.
    let no_pair = eval("4k3/pp3ppp/4b3/2b5/2B5/4N3/PP3PPP/4K3 w - - 0 1");
    assert!(pair > no_pair, "pair {pair} vs bishop+knight {no_pair}");
}

#[test]
fn exposed_king_under_attack_is_worse() {
    // Black's queen (h4) and rook (f-file) bear down on White's king; its pawns shelter it, or
    // stand far away on the other wing.
    let sheltered = eval("1k3r2/ppp5/8/8/7q/8/5PPP/R5K1 w - - 0 1");
    let exposed = eval("1k3r2/ppp5/8/8/7q/8/PPP5/R5K1 w - - 0 1");
    assert!(sheltered > exposed, "sheltered {sheltered} vs exposed {exposed}");
    // The castled king keeps its g- and h-pawns, or has them on the other wing instead; Black to
    // move, so a better score for Black means a worse one for White.
    let sheltered = eval("4r1k1/pp3ppp/3q4/8/8/8/PP3PPP/R2Q2K1 b - - 0 1");
    let exposed = eval("4r1k1/pp3ppp/3q4/8/8/8/PPPP1P2/R2Q2K1 b - - 0 1");
    assert!(exposed > sheltered, "Black's view: sheltered {sheltered} vs exposed {exposed}");
}

#[test]
fn rook_prefers_open_file() {
    let open = eval("6k1/pppp1ppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1");
    let closed = eval("6k1/ppp1pppp/8/8/8/8/PPP1PPPP/4RK2 w - - 0 1");
    assert!(open > closed, "open {open} vs closed {closed}");
}

#[test]
fn drawish_endings_are_scaled_down() {
    // A lone bishop cannot win, a pawn can: unscaled, the bishop would be worth more.
    let lone_bishop = eval("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    let lone_pawn = eval("4k3/8/8/8/8/8/2P5/4K3 w - - 0 1");
    assert!(lone_bishop < lone_pawn, "bishop {lone_bishop} vs pawn {lone_pawn}");
    // Rook against bishop is hard: worth less than the bishop's value would say.
    let rook_vs_bishop = eval("4k3/8/5b2/8/8/8/8/3RK3 w - - 0 1");
    let bishop_alone = eval("4k3/8/5b2/8/8/8/8/4K3 w - - 0 1");
    let rook_vs_nothing = eval("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(
        rook_vs_bishop < rook_vs_nothing + bishop_alone,
        "{rook_vs_bishop} {rook_vs_nothing} {bishop_alone}"
    );
}

#[test]
fn unstoppable_passer_in_pawn_ending() {
    // The black king is outside the square of the a-pawn.
    let runs = eval("8/8/8/P7/8/8/5k2/K7 w - - 0 1");
    let caught = eval("8/8/2k5/P7/8/8/8/K7 w - - 0 1");
    assert!(runs > caught, "runs {runs} vs caught {caught}");
}

/// Release-mode speed probe: `cargo test --release --lib eval -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed() {
    use std::hint::black_box;
    use std::time::Instant;
    let fens = [
        ("start", crate::variants::chess::START_FEN),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ("middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
        ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ];
    for (name, fen) in fens {
        let p = pos(fen);
        let n = 5_000_000u32;
        let mut sum = 0i64;
        for _ in 0..100_000 {
            sum += evaluate(black_box(&p)) as i64;
        }
        let t = Instant::now();
        for _ in 0..n {
            sum += evaluate(black_box(&p)) as i64;
        }
        let ns = t.elapsed().as_nanos() as f64 / n as f64;
        println!("{name:>10}: {ns:6.1} ns/eval (eval {}, checksum {sum})", evaluate(&p));
    }
    // A mix: positions along random games from the perft suite (cache-friendlier than a search).
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut mix = Vec::new();
    for fen in perft_fens() {
        let mut p = pos(&fen);
        for _ in 0..40 {
            mix.push(p.clone());
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            Game::play(&mut p, moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    let rounds = 5_000_000 / mix.len();
    let mut sum = 0i64;
    let t = Instant::now();
    for _ in 0..rounds {
        for p in &mix {
            sum += evaluate(black_box(p)) as i64;
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / (rounds * mix.len()) as f64;
    println!("{:>10}: {ns:6.1} ns/eval over {} positions (checksum {sum})", "mix", mix.len());
}

#[test]
#[ignore]
fn breakdown() {
    use super::*;
    let fens = std::env::var("FENS").unwrap_or_default();
    for fen in fens.split(';').filter(|f| !f.trim().is_empty()) {
        let p = pos(fen.trim());
        let mut e = Eval::new(&p, tables_for("normal"), crate::eval::params::NoTrace);
        let pw = e.pieces(Color::White);
        let pb = e.pieces(Color::Black);
        e.finish_attacks();
        println!("{fen}\n  eval {} phase {}", evaluate(&p), e.phase);
        println!("  pieces   W {:?} B {:?}", pw, pb);
        println!("  pawns    W {:?} B {:?}", e.pawns(Color::White), e.pawns(Color::Black));
        println!("  king     W {:?} B {:?}", e.king(Color::White), e.king(Color::Black));
        println!("  units {:?} attackers {:?}", e.king_attack_units, e.king_attackers);
        println!("  threats  W {:?} B {:?}", e.threats(Color::White), e.threats(Color::Black));
    }
}

// ---------------------------------------------------------------------------------------------
// The weights as data: traces, the flat view, the params files
// ---------------------------------------------------------------------------------------------

use super::params::{self as p, tables_for, Tables, Weights, WEIGHT_COUNT};
use super::{trace, weight_index};
use crate::core::Army;
use crate::eval::params::{flatten, names, unflatten, ParamValue, S};
use crate::variants::chess::{Color, Cwda, FightingKings, Rules, ThroneKings};

/// Positions along random games from `starts` (60 plies each, several games per start).
fn random_walk<R: Rules>(starts: &[Position<R>], seed: u64) -> Vec<Position<R>> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..8 {
            let mut p = start.clone();
            for _ in 0..60 {
                out.push(p.clone());
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                Game::play(&mut p, moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
    }
    out
}

/// Every traced evaluation is the real one, and replaying the trace's coefficients against the
/// weights gives it back exactly; the linear form (floating point, White's view) is within the
/// integer rounding of it (three truncating divisions: the endgame scale, the blend, the
/// tempo's blend).
fn assert_traces_replay<R: Rules>(positions: &[Position<R>]) {
    let tables = tables_for(R::NAME);
    let flat: Vec<f64> = flatten(&tables.params.weights).into_iter().map(f64::from).collect();
    for pos in positions {
        let score = evaluate(pos);
        let (traced, t) = trace(pos, tables);
        assert_eq!(traced, score, "{}: traced evaluation differs", pos.to_text());
        assert_eq!(t.replay(&tables.params.weights), score, "{}: replay differs", pos.to_text());
        let (terms, constant) = t.linear();
        let linear = terms.iter().fold(constant, |acc, &(slot, c)| acc + c * flat[slot as usize]);
        let white = if pos.turn() == Color::White { score } else { -score };
        assert!((linear - f64::from(white)).abs() < 3.0, "{}: linear {linear} vs {white}", pos.to_text());
    }
    // The terms that make up the score are traced, not only material.
    let traced: usize = positions
        .iter()
        .map(|p| trace(p, tables).1.coefficients.counts.iter().filter(|&&c| c != 0).count())
        .sum();
    assert!(traced > positions.len() * 5, "too few weights traced: {traced}");
}

#[test]
fn traces_replay_the_evaluation_exactly_in_every_chess_variant() {
    let normal: Vec<Position> =
        perft_fens().iter().map(|f| pos(f)).chain(EXTRA_FENS.iter().map(|f| pos(f))).collect();
    let normal = random_walk(&normal, 0x1234_5678);
    assert!(normal.len() > 3_000);
    assert_traces_replay(&normal);
    assert_traces_replay(&random_walk(&[Position::<FightingKings>::start()], 7));
    assert_traces_replay(&random_walk(&[Position::<ThroneKings>::start()], 8));
    let armies = [Army::Fide, Army::Clobberers, Army::Nutty, Army::Rookies];
    let cwda: Vec<Position<Cwda>> = armies
        .iter()
        .flat_map(|&a| armies.iter().map(move |&b| Position::<Cwda>::start_with_armies([a, b]).unwrap()))
        .collect();
    assert_traces_replay(&random_walk(&cwda, 9));
}

/// Weight number `i` (as the trace numbers them) is the `i`-th pair of the flat view.
#[test]
fn weights_are_numbered_in_flat_order() {
    let defaults = tables_for("normal").params.weights;
    let distinct: Vec<i32> = (0..<Weights as ParamValue>::SLOTS as i32).collect();
    let w: Weights = unflatten(&defaults, &distinct);
    let all_names = names::<Weights>();
    assert_eq!(all_names.len(), 2 * WEIGHT_COUNT);
    let probes: [(&S, &str); 5] = [
        (&w.material[0], "material[0]"),
        (&w.tempo, "tempo"),
        (&w.psq[2][10], "psq[2][10]"),
        (&w.storm_blocked[3], "storm_blocked[3]"),
        (&w.army_mobility, "army_mobility"),
    ];
    for (weight, name) in probes {
        let i = weight_index(&w, weight);
        assert_eq!(*weight, S(2 * i as i32, 2 * i as i32 + 1), "{name}");
        assert_eq!(all_names[2 * i], format!("{name}.mg"));
        assert_eq!(all_names[2 * i + 1], format!("{name}.eg"));
    }
    assert_eq!(flatten(&w), distinct, "unflatten then flatten gives the values back");
}

/// The params files are exactly what the writer makes of the sets they hold, so that `jester
/// tune --out` rewrites them in place.
#[test]
fn params_files_are_what_the_writer_writes() {
    let files = [
        ("normal", include_str!("../params/normal.rs")),
        ("fightingkings", include_str!("../params/fightingkings.rs")),
        ("thronekings", include_str!("../params/thronekings.rs")),
        ("cwda", include_str!("../params/cwda.rs")),
    ];
    for (variant, text) in files {
        let written = p::params_file(variant, &tables_for(variant).params);
        if std::env::var_os("JESTER_WRITE_PARAMS").is_some() {
            let path = format!("{}/src/eval/params/{variant}.rs", env!("CARGO_MANIFEST_DIR"));
            std::fs::write(path, &written).unwrap();
        } else {
            assert_eq!(written, text, "src/eval/params/{variant}.rs differs from what the writer writes");
        }
    }
}

/// Tables built at run time from a set equal the compiled ones.
#[test]
fn tables_built_at_run_time_equal_the_compiled_ones() {
    for variant in ["normal", "fightingkings", "thronekings", "cwda"] {
        let compiled = tables_for(variant);
        let built = Tables::new(&compiled.params);
        assert_eq!(built.psq, compiled.psq);
        assert_eq!(built.shelter_storm, compiled.shelter_storm);
    }
}

/// The threat terms' minor and major pieces are fixed role sets: they are the ones the hand-set
/// material values put below a rook (400) and at a rook or more (460).
#[test]
fn minor_and_major_roles_are_the_ones_material_ranked_so() {
    let material = tables_for("cwda").params.weights.material;
    for role in crate::variants::chess::Role::ALL.into_iter().filter(|r| r.is_army_piece()) {
        let mg = material[role as usize].mg();
        assert_eq!(p::is_minor(role), mg < 400, "{role:?}");
        assert_eq!(p::is_major(role), mg >= 460, "{role:?}");
    }
}

/// The coefficient (White's count minus Black's) of `weight` in the traced evaluation of `fen`.
fn fired(fen: &str, weight: impl Fn(&Weights) -> &S) -> i32 {
    let tables = tables_for("normal");
    let w = &tables.params.weights;
    let (_, t) = trace(&pos(fen), tables);
    t.coefficients.counts[weight_index(w, weight(w))]
}

/// The placement and threat terms count what their docs say, by hand-counted positions (each
/// with White's count, then the colour-flipped position giving the negated count).
#[test]
fn placement_and_threat_terms_count_what_they_say() {
    type Pick = fn(&Weights) -> &S;
    let cases: [(&str, Pick, i32); 15] = [
        // The king on e4 attacks the undefended d5 pawn and e5 knight; f5 is defended by g6.
        ("6k1/8/6p1/3pnp2/4K3/8/8/8 w - - 0 1", |w| &w.threat_by_king, 2),
        // The rook attacks the undefended b7 pawn; nothing attacks g7.
        ("8/1p4pk/8/8/8/8/1R6/K3B3 w - - 0 1", |w| &w.hanging_pawn, 1),
        // The knight on d4 attacks the bishop on c6 and the knight on e6, which attacks it back.
        ("4k3/8/2b1n3/8/3N4/8/8/4K3 w - - 0 1", |w| &w.threat_minor_on_minor, 2 - 1),
        // The same with a pawn on d7 defending both black pieces.
        ("4k3/3p4/2b1n3/8/3N4/8/8/4K3 w - - 0 1", |w| &w.threat_minor_on_minor, -1),
        // The rook attacks the knight on a5; the bishop on h5 is defended by the g6 pawn.
        ("4k3/8/6p1/n6b/8/8/8/R3K2R w - - 0 1", |w| &w.threat_rook_on_minor, 1),
        // d2-d4 (through the empty d3) would hit the knight on c5 and the bishop on e5, and d4
        // is safe: the f3 knight defends it. d3 is not: the c5 knight attacks it, nothing of
        // White's defends it.
        ("4k3/8/8/2n1b3/8/5N2/3P4/4K3 w - - 0 1", |w| &w.pawn_push_threat, 2),
        // Two rooks on the 7th with the enemy king on the 8th.
        ("4k3/RR6/8/8/8/8/8/4K3 w - - 0 1", |w| &w.rook_on_seventh, 2),
        // No enemy king on the 8th and no enemy pawn on the 7th: nothing.
        ("8/RR6/4k3/8/8/8/8/4K3 w - - 0 1", |w| &w.rook_on_seventh, 0),
        // The d1 rook shares the enemy queen's file; the a1 rook does not.
        ("3qk3/8/8/8/8/8/8/R2RK3 w - - 0 1", |w| &w.rook_on_queen_file, 1),
        // Knight d3 behind d4, bishop e3 behind e4; the knight on b1 has no pawn in front.
        ("4k3/8/8/8/3PP3/3NB3/8/1N2K3 w - - 0 1", |w| &w.minor_behind_pawn, 2),
        // The dark-squared bishop on c1 with pawns on b2 and d2 (dark) and e4 (light).
        ("4k3/8/8/8/4P3/8/1P1P4/2B1K3 w - - 0 1", |w| &w.bishop_pawns, 2),
        // The bishop on b2 sees d4 and e5 over the c3 knight; the one on g2 sees e4, not d5.
        ("4k3/8/8/8/4P3/2N5/1B4B1/4K3 w - - 0 1", |w| &w.bishop_long_diagonal, 1),
        // White: c2-f4 less the d4 and e4 pawns and c4 (the d5 pawn attacks it), 9 squares,
        // d2, d3, e2 and e3 behind a pawn count twice: 13. Black: c5-f7 less the d5 pawn and
        // c5, e5 and f5 (White's pawns attack them), 8, d6 and d7 twice: 10.
        ("4k3/8/8/3p4/3PP3/8/8/4K3 w - - 0 1", |w| &w.space, 13 - 10),
        // The king on h1 is three steps from the e4 pawn, Black's on e8 one from d7.
        ("4k3/3p4/8/8/4P3/8/8/7K w - - 0 1", |w| &w.king_pawn_distance, 3 - 1),
        // Knight c3 two steps from the e1 king, bishop h6 five; Black's knight b8 three from e8.
        ("1n2k3/8/7B/8/8/2N5/8/4K3 w - - 0 1", |w| &w.minor_king_distance, 7 - 3),
    ];
    for (fen, weight, expected) in cases {
        assert_eq!(fired(fen, weight), expected, "{fen}");
        assert_eq!(fired(&mirror_fen(fen), weight), -expected, "mirror of {fen}");
    }
}

/// The king-danger table is read once per king under attack, and not for a king no piece
/// attacks.
#[test]
fn king_danger_reads_one_entry_per_attacked_king() {
    let tables = tables_for("normal");
    let w = &tables.params.weights;
    let base = weight_index(w, &w.king_danger[0]);
    let entries = |fen: &str| -> Vec<i32> {
        let (_, t) = trace(&pos(fen), tables);
        (0..=p::KING_DANGER_MAX_UNITS).map(|u| t.coefficients.counts[base + u]).collect()
    };
    // The queen on d1 reaches no square of Black's king zone, nor the rook behind its own f2
    // pawn: nothing.
    for fen in ["6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/3Q1RK1 b - - 0 1"] {
        let e = entries(fen);
        assert!(e.iter().all(|&c| c == 0), "{fen}: {e:?}");
    }
    // A queen on g5 attacks Black's zone: one entry, a penalty of Black's (-1 in White's view).
    let e = entries("6k1/5ppp/8/6Q1/8/8/5PPP/6K1 w - - 0 1");
    assert_eq!(e.iter().filter(|&&c| c != 0).count(), 1, "{e:?}");
    assert_eq!(e.iter().sum::<i32>(), -1, "{e:?}");
}
