//! `jester analyze --pgn`: every turn of every game of a PGN file searched, and the games written
//! back as PGN with the score of each turn and, where the engine prefers another turn, that line
//! as a variation (protocol-docs/cli.md).

use super::commands::CommandError;
use super::pgn::{self, GameText, Note};
use crate::core::{Game, Outcome, Record, Score, Turn};
use crate::eval::SearchVisitor;
use crate::search::{Engine, Event, Limits, Searchable};
use crate::variants::{Variant, VariantVisitor};
use std::io::Write;
use std::path::Path;

/// How each turn is searched.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The limit per search (depth, time or nodes).
    pub limits: Limits,
    pub threads: usize,
    pub hash_mb: usize,
}

/// Annotates the games of the PGN file `path`, writing them to `out` (standard output where
/// `None`) one by one as they are done. Every game is read and played through first, so a file
/// with a bad game (an unknown variant, a bad FEN, an illegal move) writes nothing.
pub fn annotate(path: &Path, out: Option<&Path>, settings: &Settings) -> Result<(), CommandError> {
    let source = path.display();
    let bytes = std::fs::read(path).map_err(|e| CommandError::Pgn(format!("cannot read '{source}': {e}")))?;
    // Old game collections are often Latin-1: their names need not stop the analysis.
    let text = String::from_utf8_lossy(&bytes);
    let games = pgn::read(&text).map_err(|e| CommandError::Pgn(format!("{source}: {e}")))?;
    if games.is_empty() {
        return Err(CommandError::Pgn(format!("{source}: no games")));
    }
    let mut variants = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let context =
            |e: String| CommandError::Pgn(format!("{source}: game {} (line {}): {e}", i + 1, game.line));
        let variant = match game.tag("Variant") {
            Some(name) => Variant::from_name(name).map_err(|e| context(e.to_string()))?,
            None => Variant::Normal,
        };
        variant.dispatch(Check { game }).map_err(context)?;
        variants.push(variant);
    }
    let mut engine = Engine::new();
    engine.set_hash(settings.hash_mb).map_err(CommandError::Hash)?;
    engine.set_threads(settings.threads);
    let mut out: Box<dyn Write> = match out {
        Some(file) => Box::new(
            std::fs::File::create(file)
                .map_err(|error| CommandError::File { path: file.to_path_buf(), error })?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    for (i, (game, variant)) in games.iter().zip(variants).enumerate() {
        let text = crate::eval::dispatch(variant, AnnotateGame { game, settings, engine: &mut engine })
            .map_err(|e| CommandError::Pgn(format!("{source}: game {}: {e}", i + 1)))?;
        if i > 0 {
            writeln!(out)?;
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

/// A game played through: the record from its start (its FEN tag, or the variant's start), and
/// its turns, each legal.
struct Played<G: Game> {
    record: Record<G>,
    turns: Vec<Turn<G::Move>>,
}

fn play<G: Game>(game: &GameText) -> Result<Played<G>, String> {
    let start = match game.tag("FEN") {
        Some(text) => G::from_text(text).map_err(|e| format!("invalid FEN '{text}': {e}"))?,
        None => G::start(),
    };
    let mut record = Record::new(start);
    let mut turns = Vec::with_capacity(game.moves.len());
    for (i, token) in game.moves.iter().enumerate() {
        turns.push(record.play_token(token).map_err(|e| format!("{e} (turn {} of the game)", i + 1))?);
        if record.position().mid_turn() {
            return Err(format!("'{token}' is not a whole turn (turn {} of the game)", i + 1));
        }
    }
    Ok(Played { record, turns })
}

/// Plays a game through, to refuse a bad one before anything is searched.
struct Check<'a> {
    game: &'a GameText,
}

impl VariantVisitor for Check<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self) -> Self::Output {
        play::<G>(self.game).map(|_| ())
    }
}

struct AnnotateGame<'a> {
    game: &'a GameText,
    settings: &'a Settings,
    engine: &'a mut Engine,
}

/// What one search found: its move (a canonical turn token), score, depth and line.
struct Found {
    best: Option<String>,
    score: Score,
    depth: i32,
    pv: Vec<String>,
}

impl Found {
    /// `+0.35/12`, `-M3/20`: pawns or moves to mate from the mover's point of view, and depth.
    fn comment(&self) -> String {
        score_comment(self.score, self.depth)
    }

    /// What this search of the position after a turn says of the turn, seen from before it
    /// (two seats): the comment and the score (negated, a mate one ply further off), at one ply
    /// more of depth.
    fn seen_from_before(&self) -> (String, Score) {
        let s = -self.score.0;
        let score = match Score(s) {
            m if m.is_mate() && s > 0 => Score(s - 1),
            m if m.is_mate() => Score(s + 1),
            other => other,
        };
        (score_comment(score, self.depth + 1), score)
    }
}

fn score_comment(score: Score, depth: i32) -> String {
    let score = match score.mate_moves() {
        Some(moves) if moves > 0 => format!("+M{moves}"),
        Some(moves) => format!("-M{}", -moves),
        None => format!("{:+.2}", f64::from(score.0) / 100.0),
    };
    format!("{score}/{depth}")
}

fn search<G: Searchable>(
    engine: &mut Engine,
    record: &Record<G>,
    limits: &Limits,
    only: Option<&str>,
) -> Found {
    let limits =
        Limits { searchmoves: only.map(|t| vec![t.to_string()]).unwrap_or_default(), ..limits.clone() };
    let mut pv = Vec::new();
    let best = engine.search(record, &limits, &mut |event| {
        if let Event::Info(info) = event {
            if info.multipv == 1 {
                pv = info.pv;
            }
        }
    });
    Found { best: best.best, score: best.score, depth: best.depth, pv }
}

impl SearchVisitor for AnnotateGame<'_> {
    type Output = Result<String, String>;

    fn visit<G: Searchable>(self) -> Self::Output {
        let Played { record: whole, turns } = play::<G>(self.game)?;
        let limits = &self.settings.limits;
        let engine = self.engine;
        engine.new_game();
        let two_seats = whole.start().seats() == 2;
        let mut record = Record::new(whole.start().clone());
        let mut notes = Vec::with_capacity(turns.len());
        for (i, turn) in turns.iter().enumerate() {
            let here = search(engine, &record, limits, None);
            let before = record.clone();
            let mover = record.position().to_move();
            let played = record.position().render_turn(turn);
            for &m in turn {
                record.play(m);
            }
            // The played turn's own score, from the same position and limit as the best turn's,
            // so the two compare: a search of that turn alone. `searchmoves` holds a turn's first
            // action only, so a turn of several actions (Not A Chess Variant) is scored by a
            // search of the position after it instead.
            let (comment, played_score) = match record.outcome().filter(|_| i + 1 == turns.len()) {
                Some(outcome) => {
                    let score = match outcome {
                        Outcome::Win { winner, .. } if winner == mover => Score::mate_in(1),
                        Outcome::Win { .. } => Score::mated_in(0),
                        Outcome::Draw { .. } => Score::DRAW,
                    };
                    (outcome.describe(|seat| record.position().seat_name(seat)), score)
                }
                None if here.best.as_deref() == Some(played.as_str()) => (here.comment(), here.score),
                None if turn.len() == 1 || !two_seats => {
                    let alone = search(engine, &before, limits, Some(&played));
                    (alone.comment(), alone.score)
                }
                None => search(engine, &record, limits, None).seen_from_before(),
            };
            // The engine's turn, where it scores better than the one played.
            let alternative = match &here.best {
                Some(best) if *best != played && here.score > played_score => {
                    let line =
                        if here.pv.first() == Some(best) { here.pv.clone() } else { vec![best.clone()] };
                    Some((line, here.comment()))
                }
                _ => None,
            };
            notes.push(Note { comment: Some(comment), alternative });
        }
        let mut tags: Vec<(String, String)> =
            self.game.tags.iter().filter(|(name, _)| name != "Annotator").cloned().collect();
        tags.push((
            "Annotator".into(),
            format!("jester {} ({})", env!("CARGO_PKG_VERSION"), describe(limits)),
        ));
        let result = self.game.result.clone().or_else(|| self.game.tag("Result").map(str::to_string));
        Ok(pgn::write_annotated(&record, &tags, &notes, result.as_deref().unwrap_or("*")))
    }
}

/// The limit per search in words, for the `Annotator` tag.
fn describe(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(t) = limits.movetime {
        parts.push(format!("{} ms", t.as_millis()));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    parts.join(", ")
}
