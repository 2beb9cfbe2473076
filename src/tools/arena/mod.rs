//! Engine-against-engine play refereed by jester's rules: engine processes and their protocols
//! ([`player`]), one game ([`referee`]), statistics ([`stats`]) and whole matches
//! ([`tournament`], the `jester match` command).
//!
//! Existing runners cannot referee these games (cutechess-cli knows a fixed list of variants and
//! judges moves itself), so jester brings its own: every move is checked against jester's legal
//! moves, and every variant's end rules are jester's.

pub mod four_seats;
pub mod interrupt;
pub mod player;
pub mod process;
pub mod referee;
pub mod stats;
pub mod tournament;

pub use four_seats::{play_seated_game, seatings, SeatedResult, SeatedTally};
pub use player::{
    parse_features, Answer, CecpPlayer, EngineScore, EngineSpec, Player, PlayerError, Protocol, Reply,
    TimeControl, Turn, UciPlayer, PROMPT,
};
pub use process::{Process, ReadError};
pub use referee::{
    describe_pressure, play_game_as, Adjudication, CpuPressure, DrawAdjudication, End, FaultKind, GameConfig,
    GameResult, ResignAdjudication, OVERLOADED,
};
pub use stats::{Sprt, SprtDecision, Tally};
pub use tournament::{
    random_turns, random_turns_from, MatchConfig, MatchError, MatchSummary, Opening, OpeningSource, RunMatch,
    Schedule,
};
