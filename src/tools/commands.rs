//! The CLI's commands, generic over the variant: the binary parses arguments and dispatches here.

use super::{perft, render};
use crate::core::{Game, MoveList, MoveParseError, Record};
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
    Io(io::Error),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Variant(e) => e.fmt(f),
            CommandError::Position(e) => write!(f, "invalid position: {e}"),
            CommandError::Move { error, index } => write!(f, "{error} (move {index} of --moves)"),
            CommandError::Threads(e) => write!(f, "cannot start worker threads: {e}"),
            CommandError::Io(e) => write!(f, "output error: {e}"),
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
}

impl PositionArgs {
    pub fn record<G: Game>(&self) -> Result<Record<G>, CommandError> {
        let start = match &self.fen {
            Some(text) => G::from_text(text).map_err(|e| CommandError::Position(Box::new(e)))?,
            None => G::start(),
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
        } else if self.divide || self.threads > 1 {
            let counts = pool.install(|| perft::divide(pos, self.depth));
            let mut lines: Vec<(String, u64)> =
                counts.iter().map(|&(m, n)| (pos.render_move(m), n)).collect();
            lines.sort();
            (counts.iter().map(|&(_, n)| n).sum(), lines)
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
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut tokens: Vec<String> = moves.iter().map(|&m| pos.render_move(m)).collect();
        tokens.sort();
        for t in tokens {
            writeln!(self.out, "{t}")?;
        }
        Ok(())
    }
}

/// `jester show`: the board, the state notes, the outcome if the game is over, the position text.
pub struct Show<'a, W: Write> {
    pub position: PositionArgs,
    pub out: &'a mut W,
}

impl<W: Write> VariantVisitor for Show<'_, W> {
    type Output = Result<(), CommandError>;

    fn visit<G: Game>(self) -> Self::Output {
        let record = self.position.record::<G>()?;
        let pos = record.position();
        write!(self.out, "{}", render::ascii(&pos.diagram()))?;
        if let Some(outcome) = record.outcome() {
            writeln!(self.out, "Game over: {}", outcome.describe(|seat| pos.seat_name(seat)))?;
        }
        writeln!(self.out, "Key: {:016x}", pos.key())?;
        writeln!(self.out, "Position: {}", pos.to_text())?;
        Ok(())
    }
}
