//! The CLI's commands, generic over the variant: the binary parses arguments and dispatches here.

use super::{perft, render};
use crate::core::{for_each_turn, Armies, Army, Game, MoveParseError, Record, UnknownArmy};
use crate::variants::{UnknownVariant, VariantVisitor};
use std::fmt;
use std::io::{self, Write};
use std::time::Instant;

/// Why a command failed. Every input error names the offending token.
#[derive(Debug)]
pub enum CommandError {
    Variant(UnknownVariant),
    /// A position text the variant rejected (the variant's own error type).
    Position(Box<dyn std::error::Error + Send + Sync>),
    /// A move in `--moves` that is not legal where it stands (1-based index).
    Move {
        error: MoveParseError,
        index: usize,
    },
    Threads(rayon::ThreadPoolBuildError),
    Hash(crate::search::HashSizeError),
    Io(io::Error),
    /// `jester match` settings that cannot be used (an engine string, a time control, openings).
    Match(String),
    /// `jester serve` could not start (the address is taken, or the hash size is refused).
    Serve(io::Error),
    /// A file named on the command line could not be written.
    File {
        path: std::path::PathBuf,
        error: io::Error,
    },
    /// An army name that names no army (`--white-army`, `--black-army`).
    Army(UnknownArmy),
    /// Armies other than FIDE asked of a variant without armies.
    NoArmies {
        variant: &'static str,
        armies: String,
    },
    /// `jester match` stopped by Ctrl-C (its output says so).
    Interrupted,
    /// `jester analyze --pgn`: a file that cannot be read, or a game in it that cannot be played
    /// (the message names the file, the game and the offending token).
    Pgn(String),
    /// `jester tune`: data that cannot be read or settings that cannot be used.
    Tune(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Variant(e) => e.fmt(f),
            CommandError::Position(e) => write!(f, "invalid position: {e}"),
            CommandError::Move { error, index } => write!(f, "{error} (move {index} of --moves)"),
            CommandError::Threads(e) => write!(f, "cannot start worker threads: {e}"),
            CommandError::Hash(e) => e.fmt(f),
            CommandError::Io(e) => write!(f, "output error: {e}"),
            CommandError::Serve(e) => e.fmt(f),
            CommandError::Match(e) => f.write_str(e),
            CommandError::File { path, error } => write!(f, "cannot write '{}': {error}", path.display()),
            CommandError::Army(e) => e.fmt(f),
            CommandError::Interrupted => f.write_str("interrupted"),
            CommandError::Pgn(e) => f.write_str(e),
            CommandError::Tune(e) => f.write_str(e),
            CommandError::NoArmies { variant, armies } => write!(
                f,
                "variant '{variant}' has no armies (asked for '{armies}'; armies are played in cwda, firefighter, tirebiter, nickdanger)"
            ),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<io::Error> for CommandError {
    fn from(e: io::Error) -> Self {
        CommandError::Io(e)
    }
}

/// The position a command works on: `--fen` (or the start) followed by `--moves`.
#[derive(Clone, Debug, Default)]
pub struct PositionArgs {
    pub fen: Option<String>,
    pub moves: Option<String>,
    /// White's and Black's armies (A4), for the start and for a position text without them.
    pub armies: Armies,
}

impl PositionArgs {
    pub fn record<G: Game>(&self) -> Result<Record<G>, CommandError> {
        if !G::ARMIES && self.armies != [Army::Fide; 2] {
            return Err(CommandError::NoArmies { variant: G::NAME, armies: Army::write_pair(self.armies) });
        }
        let start = match &self.fen {
            Some(text) => G::from_text_with_armies(text, self.armies)
                .map_err(|e| CommandError::Position(Box::new(e)))?,
            None => G::start_with_armies(self.armies).ok_or_else(|| CommandError::NoArmies {
                variant: G::NAME,
                armies: Army::write_pair(self.armies),
            })?,
        };
        let mut record = Record::new(start);
        for (i, token) in self.moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
            record.play_token(token).map_err(|error| CommandError::Move { error, index: i + 1 })?;
        }
        Ok(record)
    }
}

/// `jester perft`.
pub struct Perft<'a, W: Write> {
    pub position: PositionArgs,
    pub depth: u32,
    pub divide: bool,
    pub threads: usize,
    pub out: &'a mut W,
}

impl<W: Write> VariantVisitor for Perft<'_, W> {
    type Output = Result<u64, CommandError>;

    fn visit<G: Game>(self) -> Self::Output {
        let record = self.position.record::<G>()?;
        let pos = record.position();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .map_err(CommandError::Threads)?;
        let started = Instant::now();
        let (nodes, lines) = if self.depth == 0 {
            (1, Vec::new())
        } else if self.divide {
            let counts = pool.install(|| perft::divide(pos, self.depth));
            let mut lines: Vec<(String, u64)> =
                counts.iter().map(|(turn, n)| (pos.render_turn(turn), *n)).collect();
            lines.sort();
            (counts.iter().map(|&(_, n)| n).sum(), lines)
        } else if self.threads > 1 {
            (pool.install(|| perft::parallel(pos, self.depth)), Vec::new())
        } else {
            (perft::perft(pos, self.depth), Vec::new())
        };
        let elapsed = started.elapsed();
        if self.divide {
            for (token, n) in &lines {
                writeln!(self.out, "{token}: {n}")?;
            }
            writeln!(self.out)?;
        }
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
        writeln!(self.out, "Time: {} ms", elapsed.as_millis())?;
        writeln!(self.out, "Nodes per second: {nps}")?;
        writeln!(self.out, "Nodes searched: {nodes}")?;
        Ok(nodes)
    }
}

/// `jester moves`: the legal moves, canonical tokens, sorted, one per line.
pub struct Moves<'a, W: Write> {
    pub position: PositionArgs,
    pub out: &'a mut W,
}

impl<W: Write> VariantVisitor for Moves<'_, W> {
    type Output = Result<(), CommandError>;

    fn visit<G: Game>(self) -> Self::Output {
        let record = self.position.record::<G>()?;
        let pos = record.position();
        let mut tokens: Vec<String> = Vec::new();
        for_each_turn(pos, |turn, _| tokens.push(pos.render_turn(turn)));
        tokens.sort_unstable();
        for t in tokens {
            writeln!(self.out, "{t}")?;
        }
        Ok(())
    }
}

/// `jester show`: the board, the state notes, the outcome if the game is over, the position text;
/// with `svg`, also an SVG picture in that file.
pub struct Show<'a, W: Write> {
    pub position: PositionArgs,
    pub svg: Option<std::path::PathBuf>,
    pub out: &'a mut W,
}

impl<W: Write> VariantVisitor for Show<'_, W> {
    type Output = Result<(), CommandError>;

    fn visit<G: Game>(self) -> Self::Output {
        let record = self.position.record::<G>()?;
        let pos = record.position();
        if let Some(path) = &self.svg {
            std::fs::write(path, super::svg::render(&pos.diagram(), &last_turn_squares(&record)))
                .map_err(|error| CommandError::File { path: path.clone(), error })?;
        }
        write!(self.out, "{}", render::ascii(&pos.diagram()))?;
        if let Some(outcome) = record.outcome() {
            writeln!(self.out, "Game over: {}", outcome.describe(|seat| pos.seat_name(seat)))?;
        }
        writeln!(self.out, "Key: {:016x}", pos.key())?;
        writeln!(self.out, "Position: {}", pos.to_text())?;
        Ok(())
    }
}

/// The squares the last whole turn of a game moved from and to (the picture's last-move marks).
fn last_turn_squares<G: Game>(record: &Record<G>) -> Vec<crate::core::Coord> {
    let mut pos = record.start().clone();
    let mut squares = Vec::new();
    for &m in record.moves() {
        if !pos.mid_turn() {
            squares.clear();
        }
        squares.extend(pos.move_squares(m));
        pos.play(m);
    }
    squares
}

/// `jester analyze`: a search with live `info` lines and a final `bestmove`.
pub struct Analyze<'a, W: Write> {
    pub position: PositionArgs,
    pub limits: crate::search::Limits,
    pub threads: usize,
    pub hash_mb: usize,
    /// The `pv` as a game score writes it (SAN where the variant has it) instead of canonical tokens.
    pub san: bool,
    pub out: &'a mut W,
}

impl<W: Write + Send> crate::eval::SearchVisitor for Analyze<'_, W> {
    type Output = Result<(), CommandError>;

    fn visit<G: crate::search::Searchable>(self) -> Self::Output {
        use crate::protocol::format::{uci_bestmove, uci_info};
        use crate::search::{Engine, Event};
        let record = self.position.record::<G>()?;
        let mut engine = Engine::new();
        engine.set_hash(self.hash_mb).map_err(CommandError::Hash)?;
        engine.set_threads(self.threads);
        let mut result = Ok(());
        let out = self.out;
        let root = record.position();
        let san = self.san;
        engine.search(&record, &self.limits, &mut |event| {
            let line = match &event {
                Event::Info(info) if san => uci_info(&crate::search::Info {
                    pv: super::pgn::score_tokens(root, &info.pv),
                    ..info.clone()
                }),
                Event::Info(info) => uci_info(info),
                Event::BestMove(best) => uci_bestmove(best),
            };
            if result.is_ok() {
                result = writeln!(out, "{line}").and_then(|()| out.flush());
            }
        });
        Ok(result?)
    }
}

/// `jester bench`: fixed positions of every searchable variant at a fixed depth, one thread,
/// a fresh table per position. The node total is the search's behaviour signature.
pub struct Bench<'a, W: Write> {
    pub depth: i32,
    pub out: &'a mut W,
}

/// The default `bench` depth.
pub const BENCH_DEPTH: i32 = 12;

impl<W: Write> Bench<'_, W> {
    pub fn run(self) -> Result<u64, CommandError> {
        let mut total_nodes = 0;
        let started = Instant::now();
        for info in crate::variants::VARIANTS {
            let (nodes, _) = crate::eval::dispatch(
                info.variant,
                BenchVariant { depth: self.depth, variant: info.variant, out: &mut *self.out },
            )?;
            total_nodes += nodes;
        }
        let elapsed = started.elapsed().as_secs_f64().max(1e-3);
        writeln!(self.out, "Bench: {total_nodes} nodes {} nps", (total_nodes as f64 / elapsed) as u64)?;
        Ok(total_nodes)
    }
}

struct BenchVariant<'a, W: Write> {
    depth: i32,
    variant: crate::variants::Variant,
    out: &'a mut W,
}

impl<W: Write> crate::eval::SearchVisitor for BenchVariant<'_, W> {
    type Output = Result<(u64, ()), CommandError>;

    fn visit<G: crate::search::Searchable>(self) -> Self::Output {
        use crate::search::{Engine, Limits};
        let mut engine = Engine::new();
        let mut nodes = 0;
        for (i, text) in self.variant.info().bench.iter().enumerate() {
            let start = G::from_text(text).map_err(|e| CommandError::Position(Box::new(e)))?;
            // A multi-seat depth covers far more plies of play per unit: a third of it.
            let depth = if start.seats() > 2 { (self.depth / 3).max(1) } else { self.depth };
            let limits = Limits { depth: Some(depth), multipv: 1, ..Limits::default() };
            engine.new_game();
            let best = engine.search(&Record::new(start), &limits, &mut |_| {});
            writeln!(
                self.out,
                "{} position {:>2}: {:>10} nodes  bestmove {}",
                self.variant.name(),
                i + 1,
                best.nodes,
                best.best.as_deref().unwrap_or("0000")
            )?;
            nodes += best.nodes;
        }
        Ok((nodes, ()))
    }
}
