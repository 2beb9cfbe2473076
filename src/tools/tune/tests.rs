//! Tests of the tuner on a small shipped sample: it lowers the loss, and it finds known weights
//! again from results they predict.

use super::*;
use crate::eval::tuning::Tunable;
use crate::variants::chess::Chess;

/// Quiet positions from self-play games of `normal` with their results (engine-tests/data).
const SAMPLE: &str = include_str!("../../../engine-tests/data/tune-normal.epd");

fn sample() -> Vec<Sample<Chess>> {
    let samples = read_samples::<Chess>(SAMPLE, "tune-normal.epd", 0).unwrap();
    assert!(samples.len() >= 300, "only {} positions in the sample", samples.len());
    samples
}

#[test]
fn tuning_lowers_the_loss_on_the_shipped_sample() {
    let samples = sample();
    let settings = Settings { epochs: 150, min_positions: 20, ..Settings::default() };
    let outcome = tune(&samples, &[], &settings, &mut |_| {});
    assert_eq!(outcome.positions, samples.len());
    assert!(outcome.k > 0.05 && outcome.k < 5.0, "K = {}", outcome.k);
    assert!(
        outcome.loss_after < outcome.loss_before * 0.97,
        "loss {} -> {}",
        outcome.loss_before,
        outcome.loss_after
    );
    // Weights used in fewer positions than asked keep their value.
    let rare = Settings { epochs: 150, min_positions: samples.len() + 1, ..Settings::default() };
    assert_eq!(tune(&samples, &[], &rare, &mut |_| {}).weights, Chess::weights());
    let changed = changes(&Chess::weight_names(), &Chess::weights(), &outcome.weights);
    assert!(changed.lines().count() > 50, "only {} weights moved", changed.lines().count());
}

/// The weights to perturb and find again: material, and terms most positions have.
const KNOWN: [(&str, i32); 14] = [
    ("material[0].mg", 12),
    ("material[0].eg", -15),
    ("material[1].mg", 40),
    ("material[1].eg", -35),
    ("material[2].mg", -30),
    ("material[2].eg", 25),
    ("material[3].mg", 45),
    ("material[3].eg", -40),
    ("material[4].mg", -50),
    ("material[4].eg", 60),
    ("tempo.mg", 15),
    ("tempo.eg", -8),
    ("bishop_pair.mg", 20),
    ("bishop_pair.eg", -25),
];

/// Within this many centipawns of the known weights.
const TOLERANCE: i32 = 4;

#[test]
fn tuning_recovers_known_weights_from_the_results_they_predict() {
    let names = Chess::weight_names();
    let defaults = Chess::weights();
    let mut known = defaults.clone();
    for (name, delta) in KNOWN {
        let i = names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no weight {name}"));
        known[i] += delta;
    }
    // Each position labelled with the result the known weights expect (White's view), through
    // the linear form the tuner fits. (The engine's evaluation is that form only near the
    // weights it was traced at: the endgame scale depends on which side leads.
    // `every_tunable_variant_traces_its_evaluation` checks the form against the evaluation.)
    let k = 1.2;
    let known_flat: Vec<f64> = known.iter().map(|&w| f64::from(w)).collect();
    let samples: Vec<Sample<Chess>> = sample()
        .into_iter()
        .map(|s| {
            let white = s.position.linear().eval(&known_flat);
            Sample { result: sigmoid(k, white), position: s.position, score: None, shares: None }
        })
        .collect();
    let only: Vec<String> = ["material", "tempo", "bishop_pair"].map(String::from).to_vec();
    let settings = Settings {
        epochs: 3_000,
        learning_rate: 2.0,
        k: Some(k),
        only,
        skip_plies: 0,
        min_positions: 20,
        prior: 0.0,
        score_weight: 0.0,
    };
    let outcome = tune(&samples, &[], &settings, &mut |_| {});
    assert!(
        outcome.loss_after < outcome.loss_before / 20.0,
        "loss {} -> {}",
        outcome.loss_before,
        outcome.loss_after
    );
    for (name, _) in KNOWN {
        let i = names.iter().position(|n| n == name).unwrap();
        assert!(
            (outcome.weights[i] - known[i]).abs() <= TOLERANCE,
            "{name}: tuned {}, known {}, started at {}",
            outcome.weights[i],
            known[i],
            defaults[i]
        );
    }
    // The weights left out of `only` stay as they were.
    for (i, name) in names.iter().enumerate() {
        if !["material", "tempo", "bishop_pair"].iter().any(|p| name.starts_with(p)) {
            assert_eq!(outcome.weights[i], defaults[i], "{name} moved");
        }
    }
}

#[test]
fn the_prior_holds_the_weights_near_their_compiled_values() {
    let samples = sample();
    let free = Settings { epochs: 150, min_positions: 20, ..Settings::default() };
    // (Strong enough for the count-like weights too: space is counted over some ten squares a
    // side, so each of its centipawns moves the evaluation ten times as far as a material's.)
    let held = Settings { prior: 0.5, ..free.clone() };
    let largest_move = |outcome: &Outcome| {
        outcome.weights.iter().zip(Chess::weights()).map(|(a, b)| (a - b).abs()).max().unwrap()
    };
    let (free, held) = (tune(&samples, &[], &free, &mut |_| {}), tune(&samples, &[], &held, &mut |_| {}));
    // Without a prior some weight runs far (the sample is small); a strong prior keeps every
    // weight within a few centipawns, and pays for it with a higher loss on the data.
    assert!(largest_move(&free) > 40, "free: largest move {}", largest_move(&free));
    assert!(largest_move(&held) <= 5, "held: largest move {}", largest_move(&held));
    assert!(held.loss_after > free.loss_after, "{} vs {}", held.loss_after, free.loss_after);
    assert!(held.loss_after < held.loss_before, "{} vs {}", held.loss_after, held.loss_before);
}

#[test]
fn epd_lines_give_positions_and_results() {
    let (p, r, score) = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 w - - 1-0").unwrap();
    assert_eq!((p.to_text().as_str(), r, score), ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 1.0, None));
    let (_, r, _) = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40 c9 \"1/2-1/2\";").unwrap();
    assert_eq!(r, 0.5);
    let (_, r, _) = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 b - - [0.0]").unwrap();
    assert_eq!(r, 0.0);
    // A searched score (the mover's centipawns) before the result.
    let (p, r, score) = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 ce -150; 1-0").unwrap();
    assert_eq!((p.to_text().as_str(), r, score), ("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", 1.0, Some(-150)));
    let e = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 b - - ce +x; 1-0").unwrap_err();
    assert!(e.contains("'+x;'"), "{e}");
    let e = parse_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 b - - draw").unwrap_err();
    assert!(e.contains("'draw'"), "{e}");
    let e = parse_epd::<Chess>("4k3/8/9/8/8/8/4P3/4K3 b - - 1-0").unwrap_err();
    assert!(e.contains("4k3/8/9"), "{e}");
}

/// Scores read from EPD (the mover's) are turned to White's view.
#[test]
fn scores_are_read_in_whites_view() {
    let text = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1 ce 40; 0-1\n4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 ce 40; 1-0\n";
    let samples = read_samples::<Chess>(text, "s.epd", 0).unwrap();
    let scores: Vec<Option<i32>> = samples.iter().map(|s| s.score).collect();
    assert_eq!(scores, [Some(-40), Some(40)]);
}

/// A score says more about a position than the result of its game: with the results drawn at
/// random from what the known weights expect (wins and losses only), a fit to the scores those
/// weights give lands nearer to them than a fit to the results.
#[test]
fn scores_teach_the_known_weights_better_than_results() {
    let names = Chess::weight_names();
    let defaults = Chess::weights();
    let mut known = defaults.clone();
    for (name, delta) in KNOWN {
        known[names.iter().position(|n| n == name).unwrap()] += delta;
    }
    let k = 1.2;
    let known_flat: Vec<f64> = known.iter().map(|&w| f64::from(w)).collect();
    // A fixed stream of uniform numbers (a 64-bit linear congruential generator).
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut uniform = move || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let samples: Vec<Sample<Chess>> = sample()
        .into_iter()
        .map(|s| {
            let white = s.position.linear().eval(&known_flat);
            let result = if uniform() < sigmoid(k, white) { 1.0 } else { 0.0 };
            Sample { result, position: s.position, score: Some(white.round() as i32), shares: None }
        })
        .collect();
    let only: Vec<String> = ["material", "tempo", "bishop_pair"].map(String::from).to_vec();
    let settings = |score_weight| Settings {
        epochs: 2_000,
        learning_rate: 2.0,
        only: only.clone(),
        skip_plies: 0,
        min_positions: 20,
        score_weight,
        ..Settings::default()
    };
    let error = |outcome: &Outcome| -> i32 {
        KNOWN
            .iter()
            .map(|(name, _)| names.iter().position(|n| n == name).unwrap())
            .map(|i| (outcome.weights[i] - known[i]).abs())
            .sum()
    };
    let by_results = tune(&samples, &[], &settings(0.0), &mut |_| {});
    let by_scores = tune(&samples, &[], &settings(1.0), &mut |_| {});
    assert_eq!(by_results.scores, None);
    let (scored, score_k) = by_scores.scores.expect("the scores were used");
    assert_eq!(scored, samples.len());
    // The scores' scale is found from the results (a few hundred coin flips: roughly).
    assert!((score_k - k).abs() < 0.5, "K_s = {score_k}");
    assert!(
        error(&by_scores) * 2 < error(&by_results),
        "off by {} with scores, {} with results",
        error(&by_scores),
        error(&by_results)
    );
}

#[test]
fn positions_are_resolved_to_quiet_ones() {
    // White's queen can take a pawn defended by nothing: the leaf is after the capture.
    let p = Chess::from_text("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1").unwrap();
    let leaf = quiet(&p).unwrap();
    assert_eq!(leaf.to_text(), "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1");
    // In check: left out.
    assert!(quiet(&Chess::from_text("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap()).is_none());
    // Decided (two queens and two rooks up): left out; a level one is kept.
    let decided = Chess::from_text("4k3/8/8/8/8/8/8/RRQQK3 b - - 0 1").unwrap();
    assert!(decided.evaluate() < -DECIDED);
    assert!(quiet(&decided).is_none());
    assert!(quiet(&Chess::from_text("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1").unwrap()).is_some());
}

#[test]
fn pgn_games_give_their_positions_with_the_game_result() {
    let pgn = "[Event \"t\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"u\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let samples = read_samples::<Chess>(pgn, "t.pgn", 0).unwrap();
    // f3, e5, g4 are quiet and not in check; the mate is left out; the unfinished game too.
    assert_eq!(samples.len(), 3);
    assert!(samples.iter().all(|s| s.result == 0.0));
    let e =
        read_samples::<Chess>("[Variant \"cwda\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n", "v.pgn", 0).unwrap_err();
    assert!(e.contains("'cwda'"), "{e}");
}

/// Held-out positions are scored, not fitted: a free fit of every weight to a few dozen
/// positions lowers their loss and raises the loss of the positions held out, which is what
/// `--validate` is there to show.
#[test]
fn held_out_positions_show_an_overfitted_fit() {
    let samples = sample();
    let (fitted, held_out) = samples.split_at(40);
    let settings = Settings { epochs: 300, min_positions: 1, learning_rate: 4.0, ..Settings::default() };
    let outcome = tune(fitted, held_out, &settings, &mut |_| {});
    let (held_before, held_after) = outcome.validation.expect("held-out losses");
    assert!(
        outcome.loss_after < outcome.loss_before * 0.8,
        "fit {} -> {}",
        outcome.loss_before,
        outcome.loss_after
    );
    assert!(held_after > held_before, "held out {held_before} -> {held_after}");
    // The held-out positions change nothing in the fit.
    let alone = tune(fitted, &[], &settings, &mut |_| {});
    assert_eq!(alone.weights, outcome.weights);
    assert_eq!(alone.validation, None);
}

#[test]
fn four_seat_standings_become_each_seats_share() {
    let names: Vec<String> = ["Red", "Blue", "Yellow", "Green"].map(String::from).to_vec();
    let shares = standings_shares("1. Red (a), 2. Yellow (b), 3. Green (a), 4. Blue (b)", &names).unwrap();
    assert_eq!(shares, [1.0, 0.0, 2.0 / 3.0, 1.0 / 3.0]);
    // Blue and Green share first place: the points of places 1 and 2, halved.
    let shared = standings_shares("1. Blue (a), 1. Green (a), 3. Yellow (b), 4. Red (b)", &names).unwrap();
    assert_eq!(shared, [0.0, 2.5 / 3.0, 1.0 / 3.0, 2.5 / 3.0]);
    // A draw of the three seats left, Red out first.
    let draw = standings_shares("1. Blue (a), 1. Yellow (a), 1. Green (b), 4. Red (b)", &names).unwrap();
    assert_eq!(draw, [0.0, 2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0]);
    for (bad, named) in [
        ("1. Red (a), 2. Purple (b), 3. Green (a), 4. Blue (b)", "'Purple'"),
        ("1. Red (a), 2. Yellow (b), 3. Green (a)", "every seat"),
        ("1. Red (a), 2. Red (b), 3. Green (a), 4. Blue (b)", "'2. Red (b)'"),
        ("first Red, 2. Yellow (b), 3. Green (a), 4. Blue (b)", "'first Red'"),
    ] {
        let e = standings_shares(bad, &names).unwrap_err();
        assert!(e.contains(named), "{bad}: {e}");
    }
}

/// A live seat's share is rescaled to the places still contested: the seats out already hold
/// the last places, so with three live seats 3, 2 and 1 points become 1, 1/2 and 0.
#[test]
fn four_seat_shares_are_rescaled_to_the_live_seats_places() {
    let share = |points: f64| points / 3.0;
    for (points, live, expected) in [
        (3.0, 4, 1.0),
        (1.0, 4, 1.0 / 3.0),
        (0.0, 4, 0.0),
        (3.0, 3, 1.0),
        // Second of three, or a three-way draw among them (2 points each): the middle.
        (2.0, 3, 0.5),
        (1.0, 3, 0.0),
        // First and second shared by the last two.
        (2.5, 2, 0.5),
        (2.0, 2, 0.0),
    ] {
        let got = live_share(share(points), live);
        assert!((got - expected).abs() < 1e-12, "{points} points, {live} live: {got}");
    }
}

/// A position of the shipped games with a seat out already gives one row per live seat, their
/// targets the rescaled shares (the best live place 1, the worst 0), not the raw ones.
#[test]
fn four_seat_rows_fit_the_live_seats_rescaled_shares() {
    use crate::variants::fimbriation::Fimbriation;
    let text = include_str!("../../../engine-tests/data/tune-fimbriation.pgn");
    let samples = read_samples::<Fimbriation>(text, "tune-fimbriation.pgn", 8).unwrap();
    let live = |s: &Sample<Fimbriation>| -> Vec<usize> {
        (0..4).filter(|&i| s.position.is_live(Seat(i as u8))).collect()
    };
    // A position with three seats left, from a game that placed them first, second and third:
    // raw shares 1, 2/3 and 1/3.
    let three = samples
        .iter()
        .find(|s| {
            let mut raw: Vec<f64> = live(s).iter().map(|&i| s.shares.as_ref().unwrap()[i]).collect();
            raw.sort_by(f64::total_cmp);
            live(s).len() == 3 && raw == [1.0 / 3.0, 2.0 / 3.0, 1.0]
        })
        .expect("a position with three seats left, placed apart");
    let fitted = rows(three, 0.0, 1.0);
    assert_eq!(fitted.len(), 3);
    let mut targets: Vec<f64> = fitted.iter().map(|(_, t)| *t).collect();
    targets.sort_by(f64::total_cmp);
    assert_eq!(targets, [0.0, 0.5, 1.0]);
}

/// Four-seat games (engine-tests/data): every live seat's score is fitted to its share of the
/// points, and the fit lowers the loss.
#[test]
fn four_seat_games_are_fitted_seat_by_seat() {
    use crate::variants::fimbriation::Fimbriation;
    let text = include_str!("../../../engine-tests/data/tune-fimbriation.pgn");
    let samples = read_samples::<Fimbriation>(text, "tune-fimbriation.pgn", 8).unwrap();
    assert!(samples.len() > 1000, "{} positions", samples.len());
    assert!(samples.iter().all(|s| s.shares.as_ref().is_some_and(|v| v.len() == 4)));
    // The first game: Red won, Yellow second, Green third, Blue last.
    let first = samples[0].shares.clone().unwrap();
    assert_eq!(first, [1.0, 0.0, 2.0 / 3.0, 1.0 / 3.0]);
    let settings = Settings { epochs: 100, min_positions: 20, ..Settings::default() };
    let outcome = tune(&samples, &[], &settings, &mut |_| {});
    // One row per live seat of each position.
    assert!(outcome.positions > 3 * samples.len(), "{} rows", outcome.positions);
    assert!(outcome.loss_after < outcome.loss_before, "{} -> {}", outcome.loss_before, outcome.loss_after);
    // A four-seat EPD line ends in the mover's share; a two-seat result is refused, named.
    let epd = format!("{} ce 35; [0.667]", Fimbriation::start().to_text());
    let read = read_samples::<Fimbriation>(&epd, "x.epd", 0).unwrap();
    assert_eq!(read.len(), 1);
    assert!(read[0].shares.is_none() && read[0].score == Some(35) && read[0].result == 0.667);
    for bad in ["1-0", "[1.5]", "[x]"] {
        let epd = format!("{} {bad}", Fimbriation::start().to_text());
        let e = read_samples::<Fimbriation>(&epd, "x.epd", 0).unwrap_err();
        assert!(e.contains("x.epd: line 1") && e.contains(&format!("'{bad}'")), "{e}");
    }
}

/// Four-seat positions scored by known weights (each in its mover's view, as a searched score
/// is) teach the tuner those weights: the seat to move's form is fitted to the scores.
#[test]
fn four_seat_scores_teach_the_known_weights() {
    use crate::variants::fimbriation::Fimbriation;
    const MOVED: [(&str, i32); 3] = [("value[1]", 60), ("value[3]", -50), ("pawn_step", 12)];
    let names = Fimbriation::weight_names();
    let mut known = Fimbriation::weights();
    for (name, delta) in MOVED {
        known[names.iter().position(|n| n == name).unwrap()] += delta;
    }
    let k = 0.5;
    let text = include_str!("../../../engine-tests/data/tune-fimbriation.pgn");
    let samples: Vec<Sample<Fimbriation>> = read_samples::<Fimbriation>(text, "tune-fimbriation.pgn", 8)
        .unwrap()
        .into_iter()
        // Four live seats, whose shares are fitted as read (fewer are rescaled: `live_share`).
        .filter(|s| live_seats(&s.position) == 4)
        .map(|s| {
            let score = s.position.evaluate_with_weights(&known);
            // Results that these scores predict exactly, so that K_s comes out as k.
            let result = sigmoid(k, f64::from(score));
            Sample { position: s.position, result, score: Some(score), shares: None }
        })
        .collect();
    let settings = Settings {
        epochs: 1_500,
        learning_rate: 2.0,
        k: Some(k),
        only: MOVED.iter().map(|(name, _)| name.to_string()).collect(),
        min_positions: 20,
        score_weight: 1.0,
        ..Settings::default()
    };
    let outcome = tune(&samples, &[], &settings, &mut |_| {});
    let (scored, score_k) = outcome.scores.expect("the scores were used");
    assert_eq!(scored, samples.len());
    assert!((score_k - k).abs() < 0.01, "K_s = {score_k}");
    // One row per position: the mover's.
    assert_eq!(outcome.positions, samples.len());
    for (name, _) in MOVED {
        let i = names.iter().position(|n| n == name).unwrap();
        assert!(
            (outcome.weights[i] - known[i]).abs() <= 8,
            "{name}: {} against {}",
            outcome.weights[i],
            known[i]
        );
    }
}
