//! The `jester` binary: a thin clap front over the library's commands.

use clap::{Args, Parser, Subcommand};
use jester::search::Limits;
use jester::tools::commands::{Analyze, Bench, CommandError, Moves, Perft, PositionArgs, Show};
use jester::variants::{Variant, PLANNED, VARIANTS};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Exit status for bad input (CLI flags, variant names, positions, moves): NOTATION.md.
const BAD_INPUT: u8 = 2;

#[derive(Parser)]
#[command(name = "jester", version, about = "An engine for unusual chess variants")]
struct Cli {
    /// Without a command, jester speaks UCI or XBoard/CECP on standard input and output,
    /// chosen by the first command (`uci` or `xboard`).
    #[command(subcommand)]
    command: Option<Command>,
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
        /// Also write the position as an SVG picture to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
    },
    /// Search a position and print live `info` lines and the best move.
    Analyze {
        #[command(flatten)]
        position: PositionFlags,
        /// Search this many plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Principal variations to show.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        multipv: u16,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash: u32,
    },
    /// Serve a web page to play and analyse every variant in a browser (local by default).
    Serve {
        /// Port to listen on; 0 picks a free one (the address is printed).
        #[arg(long, default_value_t = 8737)]
        port: u16,
        /// Address to listen on. The default serves this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Transposition table size in MiB for the engine behind the page.
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash: u32,
    },
    /// Search fixed positions of every variant at a fixed depth: the behaviour signature.
    Bench {
        /// Search depth for every position.
        #[arg(long, default_value_t = jester::tools::commands::BENCH_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
        depth: i32,
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
        Ok((variant, PositionArgs { fen: self.fen, moves: self.moves }))
    }
}

/// Runs `print` with standard output locked, then flushes.
fn locked_stdout(
    print: impl FnOnce(&mut io::StdoutLock) -> Result<(), CommandError>,
) -> Result<(), CommandError> {
    let mut out = io::stdout().lock();
    print(&mut out)?;
    out.flush()?;
    Ok(())
}

fn run(command: Command) -> Result<(), CommandError> {
    match command {
        Command::Variants => locked_stdout(|out| {
            for v in VARIANTS {
                writeln!(out, "{:<18}{}{}", v.name, v.description, aliases(v.aliases))?;
            }
            log::debug!("planned, not yet playable: {}", PLANNED.join(", "));
            Ok(())
        }),
        Command::Perft { position, depth, divide, threads } => {
            let (variant, position) = position.split()?;
            locked_stdout(|out| {
                variant.dispatch(Perft { position, depth, divide, threads: threads as usize, out })?;
                Ok(())
            })
        }
        Command::Moves { position } => {
            let (variant, position) = position.split()?;
            locked_stdout(|out| variant.dispatch(Moves { position, out }))
        }
        Command::Show { position, svg } => {
            let (variant, position) = position.split()?;
            locked_stdout(|out| variant.dispatch(Show { position, svg, out }))
        }
        Command::Analyze { position, depth, movetime, nodes, multipv, threads, hash } => {
            let (variant, position) = position.split()?;
            let limits = Limits {
                depth: depth.map(|d| d as i32),
                movetime: movetime.map(Duration::from_millis),
                nodes,
                multipv: multipv as usize,
                ..Limits::default()
            };
            // The search thread prints, so standard output is not locked here.
            let out = &mut io::stdout();
            jester::eval::dispatch(
                variant,
                Analyze { position, limits, threads: threads as usize, hash_mb: hash as usize, out },
            )
        }
        Command::Serve { port, bind, hash } => {
            let addr = std::net::SocketAddr::new(bind, port).to_string();
            let server =
                jester::tools::serve::Server::start(&addr, hash as usize).map_err(CommandError::Serve)?;
            locked_stdout(|out| {
                writeln!(out, "Serving http://{}/", server.addr())?;
                Ok(())
            })?;
            server.wait();
            Ok(())
        }
        Command::Bench { depth } => locked_stdout(|out| Bench { depth, out }.run().map(|_| ())),
    }
}

fn aliases(list: &[&str]) -> String {
    if list.is_empty() {
        String::new()
    } else {
        format!(" (aliases: {})", list.join(", "))
    }
}

/// A clap error as one line: its message without the usage and tip sections clap appends.
fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let end = ["\n\nUsage:", "\n\nFor more information", "\n\n  tip:"]
        .iter()
        .filter_map(|marker| text.find(marker))
        .min()
        .unwrap_or(text.len());
    text[..end].trim().to_string()
}

/// Makes sure a message is one line: tokens quoted in it may carry control characters (a newline
/// in a variant name), which are shown escaped.
fn single_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| if c.is_control() { c.escape_default().collect() } else { vec![c] })
        .collect()
}

/// Arguments that are not valid UTF-8 cannot be tokens; name the first one (lossily decoded).
fn non_utf8_argument() -> Option<String> {
    std::env::args_os().skip(1).find(|a| a.to_str().is_none()).map(|a| a.to_string_lossy().into_owned())
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    if let Some(arg) = non_utf8_argument() {
        eprintln!("{}", single_line(&format!("error: argument '{arg}' is not valid UTF-8")));
        return ExitCode::from(BAD_INPUT);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: not errors.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", single_line(&clap_message(&e)));
            return ExitCode::from(BAD_INPUT);
        }
    };
    let Some(command) = cli.command else {
        jester::protocol::run(io::BufReader::new(io::stdin()), io::stdout());
        return ExitCode::SUCCESS;
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`jester moves | head -1`) is the reader's choice, not an error.
        Err(CommandError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ CommandError::Io(_))
        | Err(e @ CommandError::Threads(_))
        | Err(e @ CommandError::Serve(_)) => {
            eprintln!("{}", single_line(&format!("error: {e}")));
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("{}", single_line(&format!("error: {e}")));
            ExitCode::from(BAD_INPUT)
        }
    }
}
