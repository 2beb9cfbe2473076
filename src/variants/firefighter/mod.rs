//! FireFighter Chess (Betza; protocol-docs/variants.md F1-F12): crowds on squares, the hidden Firefighter,
//! squirts, extinguishing, rescue, arson and the Firefighting Duty, with FIDE armies.
//!
//! The position is a list of placed pieces (a square may hold any number, F1) with bitboards
//! derived from it, kept up to date as pieces come and go; attacks come from the 8x8 tables of
//! the chess core. Legality: where the King stands unthreatened among FIDE enemies, bitboards
//! decide most candidates (pin squares, the King's destination, the squirted enemy piece's new
//! reach); the rest are played on a copy, asking whether the opponent could then remove or take
//! over the King (F8). The duty (F7) filters what remains.
//!
//! Move-list capacity: with at most 32 pieces, `a` acting pieces and `b` burning ones
//! (`a + b <= 32`), a position has at most `a * (27 ordinary + 31 squirts + b rescues + 1 arson)
//! + 2` candidates, under 1,900, so [`crate::core::MAX_MOVES`] (2048) always suffices.

mod movegen;
pub mod piece;
mod position;
mod text;

#[cfg(test)]
mod tests;

pub use piece::Piece;
pub use position::{
    push_off_sources, pushed_to, Castling, FireFighter, Firefighting, Move, MoveKind, Placed, CASTLINGS,
    MAX_PIECES,
};
pub use text::{SetupError, START};

use crate::core::{
    Cell, Diagram, DrawReason, Game, InvariantError, MoveErrorKind, MoveList, MoveParseError, Outcome,
    WinReason,
};
use crate::variants::chess::info::eight_by_eight_board;
use crate::variants::chess::{Color, Square};
use crate::variants::{Variant, VariantInfo, XboardRefusal, XboardSupport};

pub const FIREFIGHTER_INFO: VariantInfo = VariantInfo {
    variant: Variant::FireFighter,
    name: "firefighter",
    aliases: &["fire-fighter"],
    description: "Betza: crowded squares, a hidden Firefighter who squirts, extinguishes and rescues",
    // XBoard's squares hold one piece, and it reads no squirt, rescue or arson: engines play it
    // over CECP in jester's notation (`jester match`), people in `jester serve`.
    xboard: XboardSupport::Refused(XboardRefusal {
        cannot_show: "several pieces on one square, burning pieces, squirts, rescues and arson",
        board: eight_by_eight_board,
    }),
    bench: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Aa",
        "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa",
        "r1bqk2r/pppp1ppp/2(Nn)2n2/4p!3/2B1P3/5N~2/PPPP1PPP/R1BQK2R b KQkq - 3 5 A",
        "4k3/pp3ppp/8/3b!4/8/2N~5/PP3PPP/4K3 w - - 0 1 A",
    ],
};

impl FireFighter {
    /// Drops an en passant square that admits no legal capture, so that equal positions have
    /// equal keys and texts.
    fn canonicalise_en_passant(&mut self) {
        if self.en_passant.is_none() {
            return;
        }
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        if !moves.iter().any(|m| m.kind == MoveKind::EnPassant) {
            self.key = self.key.wrapping_sub(self.state_key());
            self.en_passant = None;
            self.key = self.key.wrapping_add(self.state_key());
        }
    }

    /// How many own pieces on `m.from` could legally make the same action as `m` (the prefix
    /// letter rule of the notation).
    fn actors_for(&self, m: Move, legal: &[Move]) -> usize {
        let same_class = |a: MoveKind, b: MoveKind| {
            let ordinary = |k| matches!(k, MoveKind::Ordinary | MoveKind::EnPassant | MoveKind::Castle);
            a == b || (ordinary(a) && ordinary(b))
        };
        let with_target = matches!(m.kind, MoveKind::Squirt | MoveKind::Rescue);
        legal
            .iter()
            .filter(|o| {
                same_class(o.kind, m.kind)
                    && o.from == m.from
                    && o.to == m.to
                    && o.promotion == m.promotion
                    && (!with_target || o.target == m.target)
            })
            .map(|o| self.crowd(m.from).filter(|&p| p == o.actor).count())
            .sum()
    }

    fn render_with(&self, m: Move, legal: &[Move]) -> String {
        let prefix = if m.kind != MoveKind::Arson && self.actors_for(m, legal) >= 2 {
            let mut p = m.actor.role().upper().to_string();
            if m.actor.is_firefighter() {
                p.push('~');
            }
            p
        } else {
            String::new()
        };
        let target_suffix = || if self.count_at(m.to) >= 2 { m.target.to_string() } else { String::new() };
        match m.kind {
            MoveKind::Ordinary | MoveKind::EnPassant | MoveKind::Castle => {
                let promotion =
                    m.promotion.map_or(String::new(), |r| r.upper().to_ascii_lowercase().to_string());
                format!("{prefix}{}{}{promotion}", m.from, m.to)
            }
            MoveKind::Squirt => format!("{prefix}{}~{}{}", m.from, m.to, target_suffix()),
            MoveKind::Rescue => format!("{prefix}{}^{}{}", m.from, m.to, target_suffix()),
            MoveKind::Arson => {
                let own = self.crowd(m.to).filter(|p| p.color() == self.side).count();
                let suffix = if own >= 2 { m.target.to_string() } else { String::new() };
                format!("@{}{suffix}", m.to)
            }
        }
    }

    /// Every legal action with its canonical token (one generation for all of them).
    pub fn legal_tokens(&self) -> Vec<(Move, String)> {
        let mut legal = MoveList::new();
        self.generate_legal(&mut legal);
        legal.iter().map(|&m| (m, self.render_with(m, &legal))).collect()
    }

    /// The token without its leading piece letter (and `~`), for lenient reading.
    fn without_prefix(token: &str) -> &str {
        let rest = token.trim_start_matches(|c: char| c.is_ascii_uppercase());
        rest.strip_prefix('~').unwrap_or(rest)
    }
}

impl Game for FireFighter {
    type Move = Move;
    type SetupError = SetupError;
    const NAME: &'static str = "firefighter";
    // Rule zero: the game is played with the armies of Chess with Different Armies.
    const ARMIES: bool = true;

    // start, start_with_armies, armies, from_text, to_text, seats, to_move, legal_moves, play,
    // reversible_plies, key, recomputed_key and move_number, written once for both.
    crate::variants::fields::game_glue!(text, "Aa");

    fn count_legal_moves(&self) -> usize {
        self.count_legal()
    }

    fn outcome(&self) -> Option<Outcome> {
        let us = self.side;
        if self.count_legal_moves() == 0 {
            let winner = (!us).seat();
            return Some(if self.in_check() {
                Outcome::Win { winner, reason: WinReason::Checkmate }
            } else if self.burning_of(us).nonempty() {
                // F11: stalemated with a burning piece of one's own loses.
                Outcome::Win { winner, reason: WinReason::Stalemate }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        (self.halfmove >= 100).then_some(Outcome::Draw { reason: DrawReason::MoveRule })
    }

    fn move_squares(&self, m: Move) -> Vec<crate::core::Coord> {
        [m.from, m.to].iter().map(|s| crate::core::Coord::new(s.file(), s.rank())).collect()
    }

    fn render_move(&self, m: Move) -> String {
        let mut legal = MoveList::new();
        self.generate_legal(&mut legal);
        self.render_with(m, &legal)
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveParseError> {
        let rendered = self.legal_tokens();
        if let Some((m, _)) = rendered.iter().find(|(_, t)| t == token) {
            return Ok(*m);
        }
        // Lenient: a token without the piece letter, when only one action fits.
        let bare: Vec<Move> = rendered
            .iter()
            .filter(|(_, t)| FireFighter::without_prefix(t) == token)
            .map(|(m, _)| *m)
            .collect();
        match bare.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveParseError::new(token, MoveErrorKind::NotLegal)),
            _ => Err(MoveParseError::new(token, MoveErrorKind::Ambiguous)),
        }
    }

    fn diagram(&self) -> Diagram {
        let mut cells = Vec::with_capacity(64);
        for index in 0..64 {
            let square = Square::new(index);
            let mut entries: Vec<String> = self.crowd(square).map(|p| p.to_string()).collect();
            entries.sort();
            cells.push(if entries.is_empty() { Cell::Empty } else { Cell::Pieces(entries) });
        }
        let name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let mut notes = vec![format!("{} to move", name(self.side))];
        for color in [Color::White, Color::Black] {
            let firefighter = if self.firefighter_lost(color) {
                "lost".to_string()
            } else if let Some(square) = self.declared_square(color) {
                format!("declared on {square}")
            } else {
                "not declared".to_string()
            };
            let arson = if self.arson_available(color) { "unused" } else { "used" };
            notes.push(format!("{}: Firefighter {firefighter}; arson {arson}", name(color)));
        }
        notes.push("Marks: ! burning, ~ declared Firefighter; (..) a crowded square".to_string());
        Diagram { files: 8, ranks: 8, cells, notes, wires: Vec::new() }
    }

    fn validate(&self) -> Result<(), InvariantError> {
        let mut fresh = self.clone();
        fresh.refresh();
        if fresh.occupied != self.occupied
            || fresh.active != self.active
            || fresh.burning != self.burning
            || fresh.crowded != self.crowded
            || fresh.king != self.king
            || fresh.firefighter != self.firefighter
            || fresh.declared != self.declared
        {
            return Err(InvariantError("derived bitboards disagree with the pieces"));
        }
        let lone_squares = fresh.occupied() & !fresh.crowded;
        if lone_squares.into_iter().any(|s| fresh.alone[s.index()] != self.alone[s.index()]) {
            return Err(InvariantError("a lone piece's square lookup disagrees with the pieces"));
        }
        if self.key != self.compute_key() {
            return Err(InvariantError("incremental key differs from the recomputed key"));
        }
        for color in [Color::White, Color::Black] {
            let own = self.pieces.iter().filter(|p| p.piece.color() == color);
            if own.clone().filter(|p| p.piece.role() == crate::variants::chess::Role::King).count() != 1 {
                return Err(InvariantError("a side without exactly one king"));
            }
            let marked = own.filter(|p| p.piece.is_firefighter()).count();
            if marked > 1 || (marked == 1 && self.lost[color as usize]) {
                return Err(InvariantError("impossible Firefighter marks"));
            }
        }
        if self.king_threatened(!self.side) {
            return Err(InvariantError("the side not to move has a threatened king"));
        }
        Ok(())
    }
}
