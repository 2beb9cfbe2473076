//! The rule sets played on the 8x8 bitboard core, as zero-sized types: each [`Position`] is
//! `Position<R>` for one of them, so the differences cost nothing at run time.
//!
//! [`Position`]: super::Position

use std::fmt::Debug;

/// What distinguishes one 8x8 variant from another.
pub trait Rules:
    Copy + Clone + Debug + Default + PartialEq + Eq + std::hash::Hash + Send + Sync + 'static
{
    /// The canonical variant name (protocol-docs/notation.md).
    const NAME: &'static str;
    const START_FEN: &'static str;
    /// The royal piece (FEN `K`) moves like a pawn: the Royal Pawn of Fighting Kings (K3-K4).
    const ROYAL_PAWN: bool;
    /// The Fighting King (FEN `C`), a non-royal piece moving like a king (K2), is in the set.
    const COMMONER: bool;
    /// Each side chooses its army (Chess with Different Armies, A1-A4); otherwise both are FIDE.
    const ARMIES: bool = false;
}

/// FIDE chess (`normal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fide;

impl Rules for Fide {
    const NAME: &'static str = "normal";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const ROYAL_PAWN: bool = false;
    const COMMONER: bool = false;
}

/// Fighting Kings (Gifford): a Royal Pawn on e1/e8, Fighting Kings on e2/e7, pawns on e3/e6 (K1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FightingKings;

impl Rules for FightingKings {
    const NAME: &'static str = "fightingkings";
    const START_FEN: &'static str = "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1";
    const ROYAL_PAWN: bool = true;
    const COMMONER: bool = true;
}

/// Fighting Kings and Throne Kings (Gifford): as Fighting Kings with a FIDE King on e1/e8 (K1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThroneKings;

impl Rules for ThroneKings {
    const NAME: &'static str = "thronekings";
    const START_FEN: &'static str = "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1";
    const ROYAL_PAWN: bool = false;
    const COMMONER: bool = true;
}

/// Chess with Different Armies (Betza; A1-A4): FIDE rules, each side with its own army. The start
/// here is FIDE v FIDE; other pairings start from `armies::start_text`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cwda;

impl Rules for Cwda {
    const NAME: &'static str = "cwda";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const ROYAL_PAWN: bool = false;
    const COMMONER: bool = false;
    const ARMIES: bool = true;
}
