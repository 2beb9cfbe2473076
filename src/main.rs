//! The `jester` binary: a thin clap front over the library's commands.

use clap::{Args, Parser, Subcommand};
use jester::core::{Army, Game};
use jester::search::Limits;
use jester::tools::arena::MatchConfig;
use jester::tools::commands::{Analyze, Bench, CommandError, Moves, Perft, PositionArgs, Show};
use jester::variants::{Variant, VariantVisitor, VARIANTS};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Exit status for bad input (CLI flags, variant names, positions, moves): protocol-docs/cli.md.
const BAD_INPUT: u8 = 2;
/// Exit status of a match stopped by Ctrl-C (128 + SIGINT, as shells report it).
const INTERRUPTED: u8 = 130;

#[derive(Parser)]
#[command(
    name = "jester",
    version,
    about = "An engine for unusual chess variants",
    after_help = "Without a command, jester is an engine: it reads UCI or XBoard/CECP on standard input, \
                  chosen by the first command (`uci` or `xboard`), as a GUI or `jester match` starts it."
)]
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
        /// Write the pv as a game score does: SAN where the variant has it.
        #[arg(long)]
        san: bool,
        /// Annotate every turn of the games in this PGN file (a limit per turn is needed);
        /// the variant comes from each game's Variant tag, the start from its FEN tag.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "variant", "multipv", "san", "white_army", "black_army"])]
        pgn: Option<std::path::PathBuf>,
        /// With --pgn: write the annotated games to this file instead of standard output.
        #[arg(long, value_name = "FILE", requires = "pgn")]
        out: Option<std::path::PathBuf>,
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
    /// Play engines against each other, refereed by jester's rules (see protocol-docs/match.md).
    Match(Box<MatchFlags>),
    /// Fit a variant's evaluation weights to game results (Texel tuning; protocol-docs/cli.md).
    Tune {
        /// Variant name (see `jester variants`).
        #[arg(long, default_value = "normal")]
        variant: String,
        /// Games with results (PGN, as `jester match --pgn` writes them) or EPD lines ending in a
        /// result; one or more files.
        #[arg(long, value_name = "FILE", required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Games or positions held out of the fit (read like --data): their loss is reported as
        /// the fit goes, so that overfitting shows.
        #[arg(long, value_name = "FILE", num_args = 1..)]
        validate: Vec<std::path::PathBuf>,
        /// Passes of Adam over all positions.
        #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        epochs: u32,
        /// Adam's step size, in centipawns.
        #[arg(long, value_name = "CP", default_value_t = 1.0)]
        learning_rate: f64,
        /// The scaling constant K of sigmoid(K*eval/400); fitted first when not given.
        #[arg(long)]
        k: Option<f64>,
        /// Tune only the weights whose names start with one of these (comma-separated:
        /// `material,tempo`); all by default.
        #[arg(long, value_name = "PREFIXES", value_delimiter = ',')]
        only: Vec<String>,
        /// Opening plies of each game whose positions are left out.
        #[arg(long, value_name = "N", default_value_t = 8)]
        skip_plies: usize,
        /// Weights used in fewer positions than this keep their value.
        #[arg(long, value_name = "N", default_value_t = 100)]
        min_positions: usize,
        /// The price, in loss, of moving a weight 100 centipawns from its compiled value (a
        /// Gaussian prior on the move; 0 for none).
        #[arg(long, value_name = "LOSS", default_value_t = 0.0)]
        prior: f64,
        /// The share of a scored position's target (EPD `ce` opcode) that its score gives, the
        /// rest being its game's result; 0 (the default) fits results alone.
        #[arg(long, value_name = "W", default_value_t = 0.0)]
        score_weight: f64,
        /// Write the params file with the tuned weights here (the variant's is
        /// src/eval/params/<variant>.rs).
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Write the quiet positions kept, each with its game's result, as EPD lines here.
        #[arg(long, value_name = "FILE")]
        positions_out: Option<std::path::PathBuf>,
        /// Threads (default: every core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=512))]
        threads: Option<u16>,
    },
    /// List the search parameters a tuner may set by name (UCI `setoption`, CECP `option`):
    /// name, default, minimum, maximum, meaning; one per line.
    Params,
    /// Search fixed positions of every variant at a fixed depth: the behaviour signature.
    Bench {
        /// Search depth for every position.
        #[arg(long, default_value_t = jester::tools::commands::BENCH_DEPTH, value_parser = clap::value_parser!(i32).range(1..=30))]
        depth: i32,
    },
}

#[derive(Args)]
struct MatchFlags {
    /// An engine, cutechess-style: "cmd=PATH proto=uci|xboard [name=NAME] [arg=ARG ..]
    /// [option.NAME=VALUE ..] [ponder=true]"; give two or more.
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    engines: Vec<String>,
    /// Variant name (see `jester variants`).
    #[arg(long, default_value = "normal")]
    variant: String,
    /// Clock: BASE+INC seconds, or MOVES/BASE[+INC] (moves per period). Default 10+0.1.
    #[arg(long, value_name = "TC", conflicts_with_all = ["st", "depth", "nodes"])]
    tc: Option<String>,
    /// A fixed time per move, in seconds.
    #[arg(long, value_name = "SECONDS", conflicts_with_all = ["depth", "nodes"])]
    st: Option<f64>,
    /// A fixed search depth per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), conflicts_with = "nodes")]
    depth: Option<u32>,
    /// A fixed node count per move (UCI engines only).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Milliseconds an engine may overstep its clock without losing on time.
    #[arg(long, value_name = "MS", default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=600_000))]
    margin: u64,
    /// Games per pairing, played in pairs with the seats swapped.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// `round-robin` (everyone meets everyone) or `gauntlet` (the first engine meets each other).
    #[arg(long, default_value = "round-robin", value_parser = ["round-robin", "gauntlet"])]
    tournament: String,
    /// Openings: a file of position texts or EPD lines, one per pair of games, used in order.
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    openings: Option<std::path::PathBuf>,
    /// Openings: this many random turns from the start, a fresh one per pair of games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=40))]
    random_plies: Option<u32>,
    /// With --random-plies: keep only openings jester scores within this many centipawns.
    #[arg(long, value_name = "CP", requires = "random_plies", value_parser = clap::value_parser!(u32).range(0..=10_000))]
    balance: Option<u32>,
    /// Games played at the same time, each in its own thread with its own engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    concurrency: u16,
    /// Stop when a sequential probability ratio test decides: elo0=..,elo1=..[,alpha=..,beta=..].
    #[arg(long, value_name = "SETTINGS")]
    sprt: Option<String>,
    /// Draw adjudication by score: movenumber=N,movecount=M,score=CP.
    #[arg(long, value_name = "SETTINGS")]
    draw: Option<String>,
    /// Resign adjudication by score: movecount=M,score=CP[,twosided=true].
    #[arg(long, value_name = "SETTINGS")]
    resign: Option<String>,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Write the games to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
    /// Seed for random openings (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// The PGN Event tag.
    #[arg(long, default_value = "jester match")]
    event: String,
    /// White's army in cwda, firefighter, tirebiter, nickdanger: fide, clobberers, nutty or
    /// rookies. Games start from the armies' start position, sent to engines as a position
    /// text with its armies field.
    #[arg(long, default_value = "fide")]
    white_army: String,
    /// Black's army (as --white-army).
    #[arg(long, default_value = "fide")]
    black_army: String,
    /// Each pair of games draws both armies at random (repeatable with --seed), in the variants
    /// that have armies; the openings are the armies' start or --random-plies from it.
    #[arg(long, conflicts_with_all = ["white_army", "black_army", "openings"])]
    random_armies: bool,
    /// Go on with an interrupted match: the games in the --pgn file (written by an earlier run
    /// of the same command) count, and only the others are played, their records added to it.
    #[arg(long, requires = "pgn")]
    resume: bool,
}

impl MatchFlags {
    fn config(self) -> Result<(Variant, MatchConfig), CommandError> {
        use jester::tools::arena::{
            Adjudication, DrawAdjudication, EngineSpec, GameConfig, OpeningSource, ResignAdjudication,
            Schedule, Sprt, TimeControl,
        };
        let variant = Variant::from_name(&self.variant).map_err(CommandError::Variant)?;
        let bad = CommandError::Match;
        let army = |name: &str| Army::from_name(name).map_err(CommandError::Army);
        let armies = [army(&self.white_army)?, army(&self.black_army)?];
        let engines =
            self.engines.iter().map(|e| EngineSpec::parse(e)).collect::<Result<Vec<_>, _>>().map_err(bad)?;
        let tc = if let Some(seconds) = self.st {
            if !(seconds > 0.0 && seconds <= 86_400.0) {
                return Err(bad(format!("--st {seconds} out of range (0 to 86400 seconds)")));
            }
            TimeControl::MoveTime(Duration::from_secs_f64(seconds))
        } else if let Some(d) = self.depth {
            TimeControl::Depth(d)
        } else if let Some(n) = self.nodes {
            TimeControl::Nodes(n)
        } else {
            TimeControl::parse(self.tc.as_deref().unwrap_or("10+0.1")).map_err(bad)?
        };
        let adjudication = Adjudication {
            draw: self.draw.as_deref().map(DrawAdjudication::parse).transpose().map_err(bad)?,
            resign: self.resign.as_deref().map(ResignAdjudication::parse).transpose().map_err(bad)?,
        };
        let openings = match (self.openings, self.random_plies) {
            (Some(path), _) => OpeningSource::File(path),
            (None, Some(plies)) => {
                OpeningSource::Random { plies: plies as usize, balance: self.balance.map(|b| b as i32) }
            }
            (None, None) => OpeningSource::Start,
        };
        // The openings of the games still to play are those the first run would have played:
        // random ones come from its seed.
        if self.resume && self.seed.is_none() && (self.random_plies.is_some() || self.random_armies) {
            return Err(bad("--resume with random openings needs the first run's --seed".into()));
        }
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let config = MatchConfig {
            engines,
            schedule: if self.tournament == "gauntlet" { Schedule::Gauntlet } else { Schedule::RoundRobin },
            games: self.games as usize,
            game: GameConfig {
                tc,
                max_plies: self.max_plies as usize,
                margin: Duration::from_millis(self.margin),
                strict_tokens: false,
                adjudication,
                ..GameConfig::default()
            },
            openings,
            concurrency: self.concurrency as usize,
            sprt: self.sprt.as_deref().map(Sprt::parse).transpose().map_err(bad)?,
            pgn: self.pgn,
            seed,
            event: self.event,
            armies,
            random_armies: self.random_armies,
            resume: self.resume,
        };
        Ok((variant, config))
    }
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
    /// White's army in cwda, firefighter, tirebiter, nickdanger: fide, clobberers, nutty or
    /// rookies (a position text's own armies field wins).
    #[arg(long, default_value = "fide")]
    white_army: String,
    /// Black's army (as --white-army).
    #[arg(long, default_value = "fide")]
    black_army: String,
}

impl PositionFlags {
    fn split(self) -> Result<(Variant, PositionArgs), CommandError> {
        let variant = Variant::from_name(&self.variant).map_err(CommandError::Variant)?;
        let army = |name: &str| Army::from_name(name).map_err(CommandError::Army);
        let armies = [army(&self.white_army)?, army(&self.black_army)?];
        // A placement alone, in the two-seat 8x8 variants (whose texts are FEN with fields of
        // their own after it): White to move, no castling, no en passant (protocol-docs/cli.md).
        let fen = match self.fen {
            Some(text) if text.split_whitespace().count() == 1 && variant.dispatch(IsFenLike) => {
                Some(format!("{} w - -", text.trim()))
            }
            fen => fen,
        };
        Ok((variant, PositionArgs { fen, moves: self.moves, armies }))
    }
}

/// Whether a variant's position text is FEN-like: two seats on an 8x8 board.
struct IsFenLike;

impl VariantVisitor for IsFenLike {
    type Output = bool;
    fn visit<G: Game>(self) -> bool {
        let start = G::start();
        let board = start.diagram();
        start.seats() == 2 && (board.files, board.ranks) == (8, 8)
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
        Command::Params => locked_stdout(|out| {
            for t in jester::search::SearchParams::TUNABLES {
                let what = t.what.split_whitespace().collect::<Vec<_>>().join(" ");
                writeln!(out, "{} {} {} {} {what}", t.name, t.default, t.min, t.max)?;
            }
            Ok(())
        }),
        Command::Variants => locked_stdout(|out| {
            for v in VARIANTS {
                writeln!(out, "{:<18}{}{}", v.name, v.description, aliases(v.aliases))?;
            }
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
        Command::Analyze { position, depth, movetime, nodes, multipv, threads, hash, san, pgn, out } => {
            let limits = Limits {
                depth: depth.map(|d| d as i32),
                movetime: movetime.map(Duration::from_millis),
                nodes,
                multipv: multipv as usize,
                ..Limits::default()
            };
            if let Some(pgn) = pgn {
                if depth.is_none() && movetime.is_none() && nodes.is_none() {
                    return Err(CommandError::Pgn(
                        "--pgn needs a limit per turn: --depth N, --movetime MS or --nodes N".into(),
                    ));
                }
                let settings = jester::tools::annotate::Settings {
                    limits,
                    threads: threads as usize,
                    hash_mb: hash as usize,
                };
                return jester::tools::annotate::annotate(&pgn, out.as_deref(), &settings);
            }
            let (variant, position) = position.split()?;
            // The search thread prints, so standard output is not locked here.
            let out = &mut io::stdout();
            jester::eval::dispatch(
                variant,
                Analyze { position, limits, threads: threads as usize, hash_mb: hash as usize, san, out },
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
            server.wait().map_err(CommandError::Serve)
        }
        Command::Match(flags) => {
            let (variant, config) = flags.config()?;
            // Ctrl-C ends the match with the games finished so far (protocol-docs/match.md).
            if let Err(e) = jester::tools::arena::interrupt::catch_sigint() {
                log::warn!("Ctrl-C will end jester at once: {e}");
            }
            let out = &mut io::stdout();
            let summary =
                jester::eval::dispatch(variant, jester::tools::arena::RunMatch { config: &config, out })
                    .map_err(|e| CommandError::Match(e.0))?;
            if summary.interrupted {
                return Err(CommandError::Interrupted);
            }
            Ok(())
        }
        Command::Tune {
            variant,
            data,
            validate,
            epochs,
            learning_rate,
            k,
            only,
            skip_plies,
            min_positions,
            prior,
            score_weight,
            out,
            positions_out,
            threads,
        } => {
            let variant = Variant::from_name(&variant).map_err(CommandError::Variant)?;
            if !(learning_rate > 0.0 && learning_rate.is_finite()) {
                return Err(CommandError::Tune(format!("--learning-rate '{learning_rate}' must be above 0")));
            }
            if let Some(k) = k.filter(|k| !(*k > 0.0 && k.is_finite())) {
                return Err(CommandError::Tune(format!("--k '{k}' must be above 0")));
            }
            if !(prior >= 0.0 && prior.is_finite()) {
                return Err(CommandError::Tune(format!("--prior '{prior}' must be 0 or above")));
            }
            if !(0.0..=1.0).contains(&score_weight) {
                return Err(CommandError::Tune(format!(
                    "--score-weight '{score_weight}' must be from 0 to 1"
                )));
            }
            let settings = jester::tools::tune::Settings {
                epochs,
                learning_rate,
                k,
                only,
                skip_plies,
                min_positions,
                prior,
                score_weight,
            };
            let command =
                jester::tools::tune::Command { variant, data, validate, settings, out, positions_out };
            let mut pool = rayon::ThreadPoolBuilder::new();
            if let Some(threads) = threads {
                pool = pool.num_threads(threads as usize);
            }
            let pool = pool.build().map_err(CommandError::Threads)?;
            let out = &mut io::stdout();
            pool.install(|| command.run(out)).map_err(CommandError::Tune)
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
    // clap lists missing arguments on indented lines of their own: one line, comma-separated.
    text[..end].trim().replace(":\n  ", ": ").replace("\n  ", ", ")
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
        // A person at a terminal, not a GUI: say what this is and what it waits for.
        if io::IsTerminal::is_terminal(&io::stdin()) {
            println!(
                "jester {}: a UCI and XBoard engine for unusual chess variants; type `uci` or `xboard` \
                 (or see `jester --help`)",
                env!("CARGO_PKG_VERSION")
            );
        }
        jester::protocol::run(io::BufReader::new(io::stdin()), io::stdout());
        return ExitCode::SUCCESS;
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        // Standard output said so already; the status is a shell's for Ctrl-C.
        Err(CommandError::Interrupted) => ExitCode::from(INTERRUPTED),
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
