//! The `jester` binary: a thin clap front over the library's commands.

use clap::{Args, Parser, Subcommand};
use jester::tools::commands::{CommandError, Moves, Perft, PositionArgs, Show};
use jester::variants::{Variant, PLANNED, VARIANTS};
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status for bad input (CLI flags, variant names, positions, moves): NOTATION.md.
const BAD_INPUT: u8 = 2;

#[derive(Parser)]
#[command(
    name = "jester",
    version,
    about = "An engine for unusual chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the playable variants: canonical name, aliases, description.
    Variants,
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[command(flatten)]
        position: PositionFlags,
        /// Plies to search.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=32))]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Threads to split the root moves over.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=512))]
        threads: u16,
    },
    /// List the legal moves, canonical tokens, sorted, one per line.
    Moves {
        #[command(flatten)]
        position: PositionFlags,
    },
    /// Draw the position as text, with its position text (FEN).
    Show {
        #[command(flatten)]
        position: PositionFlags,
    },
}

#[derive(Args)]
struct PositionFlags {
    /// Variant name (see `jester variants`).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Start from this position text instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play first, space-separated (canonical tokens or SAN).
    #[arg(long)]
    moves: Option<String>,
}

impl PositionFlags {
    fn split(self) -> Result<(Variant, PositionArgs), CommandError> {
        let variant = Variant::from_name(&self.variant).map_err(CommandError::Variant)?;
        Ok((
            variant,
            PositionArgs {
                fen: self.fen,
                moves: self.moves,
            },
        ))
    }
}

fn run(command: Command) -> Result<(), CommandError> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match command {
        Command::Variants => {
            for v in VARIANTS {
                writeln!(out, "{:<18}{}{}", v.name, v.description, aliases(v.aliases))?;
            }
            log::debug!("planned, not yet playable: {}", PLANNED.join(", "));
        }
        Command::Perft {
            position,
            depth,
            divide,
            threads,
        } => {
            let (variant, position) = position.split()?;
            variant.dispatch(Perft {
                position,
                depth,
                divide,
                threads: threads as usize,
                out: &mut out,
            })?;
        }
        Command::Moves { position } => {
            let (variant, position) = position.split()?;
            variant.dispatch(Moves {
                position,
                out: &mut out,
            })?;
        }
        Command::Show { position } => {
            let (variant, position) = position.split()?;
            variant.dispatch(Show {
                position,
                out: &mut out,
            })?;
        }
    }
    out.flush()?;
    Ok(())
}

fn aliases(list: &[&str]) -> String {
    if list.is_empty() {
        String::new()
    } else {
        format!(" (aliases: {})", list.join(", "))
    }
}

/// A clap error as one line: the text up to clap's first blank line (which may span lines, as
/// for missing arguments), joined.
fn one_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let head: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    head.join(" ")
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: not errors.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line(&e));
            return ExitCode::from(BAD_INPUT);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`jester moves | head -1`) is the reader's choice, not an error.
        Err(CommandError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ CommandError::Io(_)) | Err(e @ CommandError::Threads(_)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(BAD_INPUT)
        }
    }
}
