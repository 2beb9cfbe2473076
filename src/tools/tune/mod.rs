//! `jester tune`: fits a variant's evaluation weights to game results, Texel-style
//! (protocol-docs/cli.md).
//!
//! Positions come from games with results (PGN, as `jester match --pgn` writes them) or from
//! EPD lines with a result. Each is resolved to a quiet position by a capture search (the leaf
//! its best line ends in); leaves in check and leaves scored beyond [`DECIDED`] are left out.
//! The evaluation of every kept position is traced once into a linear function of the flat
//! weights. Then the scaling constant `K` is fitted (the loss of the compiled weights at its
//! best), and the weights by Adam on the mean squared error between the result and
//! `sigmoid(K·eval)`, full batch, the gradient summed over all cores, with an optional Gaussian
//! prior that pulls each weight towards its compiled value. Positions held out of the fit
//! (`--validate`) are scored with the same `K` as it goes, so overfitting shows as their loss
//! rising while the fitted positions' still falls.
//!
//! EPD lines may also carry a searched score of their position (`ce`, centipawns for the side to
//! move, as a stronger engine found it). With `--score-weight W` each such position's target is
//! `W·sigmoid(K_s·score) + (1 − W)·result` instead of the bare result, where `K_s` is fitted
//! first so that the scores predict the results at their best: a score tells far more about one
//! position than the result of the game it came from.
//!
//! Four-seat games (Fimbriation) have no White's result: each seat's score is fitted to its share
//! of the game's points, read from the `Standings` tag that `jester match` writes, one row per
//! seat still in play.

use crate::core::{Game, MoveList, Record, Seat};
use crate::eval::tuning::{dispatch_tunable, Linear, Tunable, TuneVisitor};
use crate::search::Searchable;
use crate::tools::arena::four_seats::{place_points, read_standings, PLACE_POINTS};
use crate::variants::Variant;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A quiet position scored beyond this (centipawns) is decided: it teaches nothing about the
/// weights, and near mate the evaluation does not apply.
pub const DECIDED: i32 = 2_000;

/// Plies of capture search at most when resolving a position to a quiet one.
const CAPTURE_DEPTH: u32 = 12;

/// How a tuning run goes.
#[derive(Clone, Debug)]
pub struct Settings {
    pub epochs: u32,
    /// Adam's step size, in centipawns per epoch.
    pub learning_rate: f64,
    /// The scaling constant; fitted first when `None`.
    pub k: Option<f64>,
    /// Only the weights whose names start with one of these are tuned (all when empty).
    pub only: Vec<String>,
    /// Plies from the start of each game whose positions are left out (the opening).
    pub skip_plies: usize,
    /// Weights used in fewer positions than this keep their value: a few positions cannot say
    /// what a weight is worth, and Adam moves rare weights as fast as common ones.
    pub min_positions: usize,
    /// The price, in loss, of moving a tuned weight 100 centipawns from its compiled value
    /// (a Gaussian prior, charged on the square of the move). Without it, weights that the data
    /// cannot tell apart (a piece's material against a constant share of its mobility table)
    /// drift together, and rarely seen ones chase their few positions.
    pub prior: f64,
    /// The share of a scored position's target that its score gives (0: the result alone).
    pub score_weight: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 400,
            learning_rate: 1.0,
            k: None,
            only: Vec::new(),
            skip_plies: 8,
            min_positions: 100,
            prior: 0.0,
            score_weight: 0.0,
        }
    }
}

/// A quiet position and the result of its game for White (1, ½ or 0), with a searched score
/// for White in centipawns where the data gave one. In games of more than two seats the result
/// is each seat's share instead (`shares`, by seat index: its points over the most a seat can
/// get, so 1 for a win and 0 for last place), and `result` is unused; or, read from an EPD line,
/// `result` and `score` are the seat to move's share and score, and `shares` is `None`.
#[derive(Clone, Debug)]
pub struct Sample<G> {
    pub position: G,
    pub result: f64,
    pub score: Option<i32>,
    pub shares: Option<Vec<f64>>,
}

/// The numbers of a tuning run.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub positions: usize,
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
    /// The held-out positions' loss with the compiled and with the tuned weights (same `K`);
    /// `None` without held-out positions.
    pub validation: Option<(f64, f64)>,
    /// The tuned flat weights, rounded.
    pub weights: Vec<i32>,
    /// With a score weight: how many positions had a score, and the `K_s` that turns their
    /// scores into expected results.
    pub scores: Option<(usize, f64)>,
}

/// `1 / (1 + 10^(-K·eval/400))`: the expected result for White of a position evaluated `eval`.
fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Each seat's share of the points of a four-seat game (the referee's points for places 1 to 4,
/// [`PLACE_POINTS`]; seats that share places share their points; protocol-docs/match.md), read from the
/// `Standings` tag that `jester match` writes: `1. Red (a), 2. Yellow (b), 3. Green (a), 4. Blue
/// (b)`. `seat_names` are the seats' names in seat order.
fn standings_shares(tag: &str, seat_names: &[String]) -> Result<Vec<f64>, String> {
    let places = read_standings(tag, seat_names)?;
    Ok(place_points(&places).into_iter().map(|points| points / PLACE_POINTS[0]).collect())
}

/// A live seat's share of a four-seat game's points (0 to 1) rescaled to the places the `live`
/// seats still contest. Seats eliminated before a position hold its last places, so the live
/// ones share the first `live` places: with three live seats their raw shares average 2/3, while
/// their scores (each against the mean of its live opponents) centre on 0, which the sigmoid
/// turns into 1/2. Rescaled, the best live place is 1 and the worst 0 whatever `live` is.
fn live_share(share: f64, live: usize) -> f64 {
    if !(2..=PLACE_POINTS.len()).contains(&live) {
        return share;
    }
    let (best, worst) = (PLACE_POINTS[0], PLACE_POINTS[live - 1]);
    ((share * best - worst) / (best - worst)).clamp(0.0, 1.0)
}

/// The game result for White named by a result token (`1-0`, `0-1`, `1/2-1/2`, or `1.0`,
/// `0.5`, `0.0`); `None` for anything else (`*`: unfinished or a four-seat win).
fn result_value(token: &str) -> Option<f64> {
    match token.trim_matches(|c| matches!(c, '"' | ';' | '[' | ']')) {
        "1-0" | "1.0" | "1" => Some(1.0),
        "0-1" | "0.0" | "0" => Some(0.0),
        "1/2-1/2" | "0.5" => Some(0.5),
        _ => None,
    }
}

/// A four-seat EPD line's result: the seat to move's share of the points, a number from 0 to 1
/// in brackets (`[0.667]`).
fn share_value(token: &str) -> Option<f64> {
    let share = token.strip_prefix('[')?.strip_suffix(']')?.parse::<f64>().ok()?;
    (0.0..=1.0).contains(&share).then_some(share)
}

/// The best line of a capture search from `pos` (alpha-beta, stand-pat, captures that do not
/// lose material): its score for the side to move and the quiet position it ends in.
fn quiet_leaf<G: Searchable>(pos: &G, mut alpha: i32, beta: i32, depth: u32) -> (i32, G) {
    let stand_pat = pos.evaluate();
    let mut best = (stand_pat, pos.clone());
    if stand_pat >= beta || depth == 0 {
        return best;
    }
    alpha = alpha.max(stand_pat);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut captures: Vec<_> = moves.into_iter().filter(|&m| pos.is_noisy(m) && pos.see_ge(m, 0)).collect();
    captures.sort_by_key(|&m| std::cmp::Reverse(pos.noisy_order(m)));
    for m in captures {
        let mut child = pos.clone();
        child.play(m);
        let (score, leaf) = quiet_leaf(&child, -beta, -alpha, depth - 1);
        let score = -score;
        if score > best.0 {
            best = (score, leaf);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// `pos` resolved to a quiet position worth learning from, or `None` (in check, a game over,
/// a decided score, a line that ends inside a turn).
pub fn quiet<G: Searchable>(pos: &G) -> Option<G> {
    if pos.in_check() || pos.outcome().is_some() || pos.mid_turn() {
        return None;
    }
    let (score, leaf) = quiet_leaf(pos, -30_000, 30_000, CAPTURE_DEPTH);
    (score.abs() <= DECIDED && !leaf.in_check() && leaf.outcome().is_none() && !leaf.mid_turn())
        .then_some(leaf)
}

/// Reads the positions of the game records and EPD lines in `text` (from `source`, for
/// errors), resolved to quiet positions, with their results. `settings.skip_plies` opening plies
/// of each game are left out. Games without a result (`*`) are skipped.
pub fn read_samples<G: Searchable>(
    text: &str,
    source: &str,
    skip_plies: usize,
) -> Result<Vec<Sample<G>>, String> {
    let looks_like_pgn = text.lines().map(str::trim_start).any(|l| l.starts_with('['));
    let mut samples = Vec::new();
    if looks_like_pgn {
        let games = super::pgn::read(text).map_err(|e| format!("{source}: {e}"))?;
        for (i, game) in games.iter().enumerate() {
            let context = |e: String| format!("{source}: game {} (line {}): {e}", i + 1, game.line);
            if let Some(name) = game.tag("Variant") {
                let variant = Variant::from_name(name).map_err(|e| context(e.to_string()))?;
                if variant.name() != G::NAME {
                    return Err(context(format!("variant '{name}' is not '{}'", G::NAME)));
                }
            } else if G::NAME != "normal" {
                return Err(context(format!("a game of 'normal' (no Variant tag), not '{}'", G::NAME)));
            }
            let start = match game.tag("FEN") {
                Some(fen) => G::from_text(fen).map_err(|e| context(format!("invalid FEN '{fen}': {e}")))?,
                None => G::start(),
            };
            // Four seats: each seat's share from the standings; two: White's result.
            let (result, shares) = if start.seats() > 2 {
                let Some(tag) = game.tag("Standings") else { continue };
                let names: Vec<String> = (0..start.seats()).map(|i| start.seat_name(Seat(i as u8))).collect();
                (0.5, Some(standings_shares(tag, &names).map_err(context)?))
            } else {
                let Some(result) = game.result.as_deref().and_then(result_value) else { continue };
                (result, None)
            };
            let mut record = Record::new(start);
            for (ply, token) in game.moves.iter().enumerate() {
                record
                    .play_token(token)
                    .map_err(|e| context(format!("{e} (turn {} of the game)", ply + 1)))?;
                if ply + 1 >= skip_plies {
                    if let Some(position) = quiet(record.position()) {
                        samples.push(Sample { position, result, score: None, shares: shares.clone() });
                    }
                }
            }
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let context = |e: String| format!("{source}: line {}: {e}", i + 1);
            let (position, result, score) = parse_epd::<G>(line).map_err(context)?;
            if position.seats() > 2 {
                // The mover's share and score: kept where the quiet leaf has the same mover (the
                // lines `--positions-out` writes are quiet already), whose form is fitted.
                let mover = position.to_move();
                if let Some(leaf) = quiet(&position).filter(|leaf| leaf.to_move() == mover) {
                    samples.push(Sample { position: leaf, result, score, shares: None });
                }
                continue;
            }
            // The score is the mover's; White's is the same whichever quiet leaf follows.
            let score = score.map(|cp| flip_for_black(&position, cp));
            if let Some(position) = quiet(&position) {
                samples.push(Sample { position, result, score, shares: None });
            }
        }
    }
    Ok(samples)
}

/// An EPD line with a result: a position text (EPD's four fields get move counters), an
/// optional searched score as a `ce N;` opcode (centipawns for the side to move), then the
/// result as a last token (`1-0`, `0-1`, `1/2-1/2`, `[1.0]` ...) or as a `c9 "1-0";` opcode.
/// In games of more than two seats the last token is the seat to move's share of the points
/// instead, in brackets (`[0.667]`, see [`share_value`]).
fn parse_epd<G: Game>(line: &str) -> Result<(G, f64, Option<i32>), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&last) = words.last() else { return Err("an empty line".into()) };
    // Four seats: the position is read first, so that a line of another variant is named as
    // such rather than by its result.
    let four_seats = G::start().seats() > 2;
    let read_result = || -> Result<f64, String> {
        if four_seats {
            share_value(last)
                .ok_or_else(|| format!("'{last}' is not the mover's share of the points ([0.0] to [1.0])"))
        } else {
            result_value(last).ok_or_else(|| format!("'{last}' is not a game result"))
        }
    };
    let two_seat_result = if four_seats { None } else { Some(read_result()?) };
    let mut fields = &words[..words.len() - 1];
    if fields.last() == Some(&"c9") {
        fields = &fields[..fields.len() - 1];
    }
    let mut score = None;
    if let [rest @ .., "ce", value] = fields {
        let cp = value.strip_suffix(';').unwrap_or(value);
        let cp = cp.parse::<i32>().map_err(|_| format!("'{value}' is not a score in centipawns (ce)"))?;
        score = Some(cp);
        fields = rest;
    }
    let text = fields.join(" ");
    let position = match G::from_text(&text) {
        Ok(p) => p,
        // EPD has no move counters.
        Err(first) => {
            G::from_text(&format!("{text} 0 1")).map_err(|_| format!("invalid position '{text}': {first}"))?
        }
    };
    let result = match two_seat_result {
        Some(result) => result,
        None => read_result()?,
    };
    Ok((position, result, score))
}

/// A score in the view of the seat to move in `pos` turned to White's view, or back.
fn flip_for_black<G: Game>(pos: &G, cp: i32) -> i32 {
    if pos.to_move() == crate::core::Seat::WHITE {
        cp
    } else {
        -cp
    }
}

/// The mean squared error of `sigmoid(K·eval)` against the results.
fn loss(data: &[(Linear, f64)], weights: &[f64], k: f64) -> f64 {
    let sum: f64 = data.par_iter().map(|(lin, r)| (r - sigmoid(k, lin.eval(weights))).powi(2)).sum();
    sum / data.len().max(1) as f64
}

/// The `K` that minimises the loss of `weights` (golden-section search on 0.01..5).
fn fit_k(data: &[(Linear, f64)], weights: &[f64]) -> f64 {
    minimise_on_k(|k| loss(data, weights, k))
}

/// The `K` in 0.01..5 where `loss` is least (golden-section search; the losses here have one
/// minimum). Four-seat placements need the low end: their best `K` is near 0.05.
fn minimise_on_k(loss: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.01, 5.0);
    for _ in 0..60 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The `K_s` under which the scored samples' scores best predict their results.
fn fit_score_k<G: Game>(samples: &[Sample<G>]) -> f64 {
    let scored: Vec<(f64, f64)> =
        samples.iter().filter_map(|s| s.score.map(|cp| (f64::from(cp), fitted_result(s)))).collect();
    minimise_on_k(|k| scored.iter().map(|&(cp, r)| (r - sigmoid(k, cp)).powi(2)).sum::<f64>())
}

/// How many seats of `pos` are still in the game.
fn live_seats<G: Game>(pos: &G) -> usize {
    (0..pos.seats()).filter(|&i| pos.is_live(Seat(i as u8))).count()
}

/// The result a sample without per-seat shares is fitted to: a four-seat EPD line's share of the
/// mover rescaled to the places its live seats contest ([`live_share`]), else the result as read.
fn fitted_result<G: Game>(sample: &Sample<G>) -> f64 {
    if sample.position.seats() > 2 {
        live_share(sample.result, live_seats(&sample.position))
    } else {
        sample.result
    }
}

/// The fitted rows of one sample, each a score's linear form and its target: every live seat's
/// score against its share among the live seats for a four-seat game's position, else the
/// mover's score against its result blended with its searched score (`score_weight`, `score_k`).
fn rows<G: Tunable>(sample: &Sample<G>, score_weight: f64, score_k: f64) -> Vec<(Linear, f64)> {
    match &sample.shares {
        Some(shares) => {
            let live = live_seats(&sample.position);
            let seats = sample.position.seat_linears();
            seats.into_iter().map(|(i, l)| (l, live_share(shares[i], live))).collect()
        }
        None => {
            let result = fitted_result(sample);
            vec![(sample.position.linear(), target(result, sample.score, score_weight, score_k))]
        }
    }
}

/// What a sample is fitted to: its result, blended with its score's expected result.
fn target(result: f64, score: Option<i32>, score_weight: f64, score_k: f64) -> f64 {
    match score {
        Some(cp) if score_weight > 0.0 => {
            score_weight * sigmoid(score_k, f64::from(cp)) + (1.0 - score_weight) * result
        }
        _ => result,
    }
}

/// The gradient of the loss with respect to every flat weight.
fn gradient(data: &[(Linear, f64)], weights: &[f64], k: f64) -> Vec<f64> {
    let scale = 2.0 * k * std::f64::consts::LN_10 / 400.0 / data.len().max(1) as f64;
    data.par_chunks(1024)
        .map(|chunk| {
            let mut g = vec![0.0; weights.len()];
            for (lin, r) in chunk {
                let p = sigmoid(k, lin.eval(weights));
                // d/dw (r - p)² = -2 (r - p) · p (1 - p) · K ln10 / 400 · coefficient
                let common = -(r - p) * p * (1.0 - p);
                for &(slot, c) in &lin.terms {
                    g[slot as usize] += common * f64::from(c);
                }
            }
            g
        })
        .reduce(
            || vec![0.0; weights.len()],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        )
        .into_iter()
        .map(|g| g * scale)
        .collect()
}

/// The prior's gradient for a weight `moved` centipawns from its compiled value: the
/// derivative of `prior·(moved/100)²`.
fn prior_gradient(prior: f64, moved: f64) -> f64 {
    2.0 * prior * moved / 10_000.0
}

/// Fits the weights of `G`'s evaluation to `samples`, starting from the compiled ones, and
/// scores the `held_out` positions (none fitted) along the way. `progress` gets a line now and
/// then.
pub fn tune<G: Tunable>(
    samples: &[Sample<G>],
    held_out: &[Sample<G>],
    settings: &Settings,
    progress: &mut dyn FnMut(&str),
) -> Outcome {
    let scored = samples.iter().filter(|s| s.score.is_some()).count();
    let score_k = (settings.score_weight > 0.0 && scored > 0).then(|| fit_score_k(samples));
    let trace = |set: &[Sample<G>]| -> Vec<(Linear, f64)> {
        let (weight, k) = (settings.score_weight, score_k.unwrap_or(1.0));
        set.par_iter().flat_map_iter(|s| rows(s, weight, k)).collect()
    };
    if let Some(k) = score_k {
        progress(&format!(
            "{scored} of {} positions scored, K_s = {k:.4}; targets {:.2} score, {:.2} result",
            samples.len(),
            settings.score_weight,
            1.0 - settings.score_weight
        ));
    }
    let data = trace(samples);
    let validation = trace(held_out);
    let validate = |w: &[f64], k: f64| (!validation.is_empty()).then(|| loss(&validation, w, k));
    let held_out_note = |w: &[f64], k: f64| match validate(w, k) {
        Some(l) => format!(", held out {l:.6}"),
        None => String::new(),
    };
    let names = G::weight_names();
    let start: Vec<f64> = G::weights().into_iter().map(f64::from).collect();
    let mut used = vec![0usize; names.len()];
    for (lin, _) in &data {
        lin.terms.iter().filter(|&&(_, c)| c != 0.0).for_each(|&(slot, _)| used[slot as usize] += 1);
    }
    let tuned: Vec<bool> = names
        .iter()
        .zip(&used)
        .map(|(n, &used)| {
            used >= settings.min_positions
                && (settings.only.is_empty() || settings.only.iter().any(|p| n.starts_with(p.as_str())))
        })
        .collect();
    let k = settings.k.unwrap_or_else(|| fit_k(&data, &start));
    let loss_before = loss(&data, &start, k);
    progress(&format!(
        "{} positions, K = {k:.4}, loss {loss_before:.6}{}; {} of {} weights tuned",
        data.len(),
        held_out_note(&start, k),
        tuned.iter().filter(|&&t| t).count(),
        names.len()
    ));

    // Adam (Kingma and Ba), full batch.
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut w = start.clone();
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    for epoch in 1..=settings.epochs {
        let mut g = gradient(&data, &w, k);
        let t = epoch as i32;
        for i in (0..w.len()).filter(|&i| tuned[i]) {
            g[i] += prior_gradient(settings.prior, w[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * g[i] * g[i];
            let m_hat = m[i] / (1.0 - beta1.powi(t));
            let v_hat = v[i] / (1.0 - beta2.powi(t));
            w[i] -= settings.learning_rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        if epoch % 100 == 0 || epoch == settings.epochs {
            progress(&format!("epoch {epoch}: loss {:.6}{}", loss(&data, &w, k), held_out_note(&w, k)));
        }
    }
    let weights: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let rounded: Vec<f64> = weights.iter().map(|&x| f64::from(x)).collect();
    let validation = validate(&start, k).zip(validate(&rounded, k));
    Outcome {
        positions: data.len(),
        k,
        loss_before,
        loss_after: loss(&data, &rounded, k),
        validation,
        weights,
        scores: score_k.map(|k| (scored, k)),
    }
}

/// The flat weights that changed, as `name: old -> new` lines, largest change first.
pub fn changes(names: &[String], before: &[i32], after: &[i32]) -> String {
    let mut changed: Vec<usize> = (0..names.len()).filter(|&i| before[i] != after[i]).collect();
    changed.sort_by_key(|&i| std::cmp::Reverse((after[i] - before[i]).abs()));
    let mut out = String::new();
    for i in changed {
        let _ = writeln!(out, "{}: {} -> {}", names[i], before[i], after[i]);
    }
    out
}

/// What `jester tune` was asked to do.
#[derive(Clone, Debug)]
pub struct Command {
    pub variant: Variant,
    pub data: Vec<PathBuf>,
    /// Games or positions held out of the fit and scored as it goes (read like `data`).
    pub validate: Vec<PathBuf>,
    pub settings: Settings,
    /// Where to write the params file with the tuned weights.
    pub out: Option<PathBuf>,
    /// Where to write the kept quiet positions with their results, as EPD.
    pub positions_out: Option<PathBuf>,
}

impl Command {
    /// Runs the command, writing its report to `report`.
    pub fn run(&self, report: &mut dyn std::io::Write) -> Result<(), String> {
        dispatch_tunable(self.variant, Run { command: self, report })
    }
}

struct Run<'a> {
    command: &'a Command,
    report: &'a mut dyn std::io::Write,
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

impl TuneVisitor for Run<'_> {
    type Output = Result<(), String>;
    fn visit<G: Tunable>(self) -> Self::Output {
        let Run { command, report } = self;
        let mut say = |line: &str| {
            let _ = writeln!(report, "{line}");
        };
        let names = G::weight_names();
        for prefix in &command.settings.only {
            if !names.iter().any(|n| n.starts_with(prefix.as_str())) {
                return Err(format!("--only '{prefix}' names no weight of {}", G::NAME));
            }
        }
        let started = std::time::Instant::now();
        // Everything is read before anything is said, so that bad data prints nothing but its
        // error.
        let mut read_report = Vec::new();
        let mut read_all = |paths: &[PathBuf], what: &str| -> Result<Vec<Sample<G>>, String> {
            let mut samples = Vec::new();
            for path in paths {
                let source = path.display().to_string();
                let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{source}': {e}"))?;
                let text = String::from_utf8_lossy(&bytes);
                let read = read_samples::<G>(&text, &source, command.settings.skip_plies)?;
                read_report.push(format!("{source}: {} quiet positions{what}", read.len()));
                samples.extend(read);
            }
            Ok(samples)
        };
        let samples = read_all(&command.data, "")?;
        let held_out = read_all(&command.validate, " (held out)")?;
        if samples.is_empty() {
            return Err("no positions to tune on".into());
        }
        if command.settings.score_weight > 0.0 && samples.iter().all(|s| s.score.is_none()) {
            return Err(format!(
                "--score-weight {} needs positions with a score (an EPD `ce` opcode); the data has none",
                command.settings.score_weight
            ));
        }
        if !command.validate.is_empty() && held_out.is_empty() {
            let files: Vec<String> = command.validate.iter().map(|p| format!("'{}'", p.display())).collect();
            return Err(format!("no positions to hold out in --validate {}", files.join(" ")));
        }
        if let Some(path) = &command.positions_out {
            let mut text = String::new();
            for s in &samples {
                if s.position.seats() > 2 {
                    // The mover's share (and score: the mover's view already).
                    let share = s.shares.as_ref().map_or(s.result, |v| v[s.position.to_move().index()]);
                    let score = s.score.map_or(String::new(), |cp| format!(" ce {cp};"));
                    let _ = writeln!(text, "{}{score} [{share:.3}]", s.position.to_text());
                    continue;
                }
                let result = match s.result {
                    r if r > 0.75 => "1-0",
                    r if r < 0.25 => "0-1",
                    _ => "1/2-1/2",
                };
                // The score back in the mover's view, as EPD's `ce` is.
                let score =
                    s.score.map_or(String::new(), |cp| format!(" ce {};", flip_for_black(&s.position, cp)));
                let _ = writeln!(text, "{}{score} {result}", s.position.to_text());
            }
            write_file(path, &text)?;
        }
        read_report.iter().for_each(|line| say(line));
        say(&format!("read in {:.1} s", started.elapsed().as_secs_f64()));
        let outcome = tune(&samples, &held_out, &command.settings, &mut say);
        let before = G::weights();
        say(&format!(
            "loss before {:.6}, after {:.6} (K = {:.4}, {} positions, {:.1} s)",
            outcome.loss_before,
            outcome.loss_after,
            outcome.k,
            outcome.positions,
            started.elapsed().as_secs_f64()
        ));
        if let Some((before, after)) = outcome.validation {
            say(&format!("held-out loss before {before:.6}, after {after:.6}"));
        }
        let changed = changes(&names, &before, &outcome.weights);
        say(&format!("{} of {} weights changed", changed.lines().count(), names.len()));
        for line in changed.lines().take(20) {
            say(&format!("  {line}"));
        }
        if let Some(path) = &command.out {
            write_file(path, &G::params_file(&outcome.weights))?;
            say(&format!("wrote {} (the params file is {})", path.display(), G::params_path()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
