//! The 8x8 bitboard core and the variants played on it, each a [`Rules`] type: `normal` (FIDE
//! chess, protocol-docs/variants.md G1-G4), `fightingkings` and `thronekings` (K1-K6).

pub mod armies;
pub mod attacks;
pub mod betza;
pub mod bitboard;
pub mod fen;
pub mod info;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod san;

pub use bitboard::{Bitboard, Square};
pub use fen::{FenError, START_FEN};
pub use info::{CWDA_INFO, FIGHTING_KINGS_INFO, NORMAL_INFO, THRONE_KINGS_INFO};
pub use position::{Castling, Color, Move, MoveKind, Piece, Position, Role, CASTLINGS};
pub use rules::{Cwda, Fide, FightingKings, Rules, ThroneKings};

/// A FIDE chess position (`normal`).
pub type Chess = Position<Fide>;

/// A Chess with Different Armies position (`cwda`).
pub type CwdaPosition = Position<Cwda>;

use crate::core::{
    Armies, Army, Cell, Diagram, DrawReason, Game, InvariantError, MoveList, MoveParseError, Outcome, Seat,
    WinReason,
};

impl Color {
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }
}

impl<R: Rules> Position<R> {
    /// Insufficient material as G4 defines it: K v K, K+B v K, K+N v K (a Fighting King is
    /// sufficient: king and commoner can mate).
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.role_bb(Role::King);
        let others = self.occupied() & !kings;
        others.is_empty()
            || (others.count() == 1
                && (others & (self.role_bb(Role::Knight) | self.role_bb(Role::Bishop))).nonempty())
    }
}

impl<R: Rules> Game for Position<R> {
    type Move = Move;
    type SetupError = FenError;
    const NAME: &'static str = R::NAME;
    const ARMIES: bool = R::ARMIES;

    fn start() -> Self {
        fen::parse(R::START_FEN).expect("the start position is valid")
    }

    fn start_with_armies(armies: Armies) -> Option<Self> {
        if !R::ARMIES {
            return (armies == [Army::Fide; 2]).then(Self::start);
        }
        let text = format!("{}{}", armies::start_fen(armies), fen::armies_suffix(armies));
        fen::parse(&text).ok()
    }

    fn armies(&self) -> Armies {
        Position::armies(self)
    }

    fn from_text(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }

    fn to_text(&self) -> String {
        fen::write(self)
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.turn().seat()
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        movegen::legal_moves(self, out);
    }

    fn count_legal_moves(&self) -> usize {
        movegen::count_legal_moves(self)
    }

    fn play(&mut self, m: Move) {
        #[cfg(debug_assertions)]
        {
            let mut moves = MoveList::new();
            movegen::legal_moves(self, &mut moves);
            debug_assert!(moves.contains(&m), "illegal move {m:?} in {}", fen::write(self));
        }
        Position::play(self, m);
    }

    fn outcome(&self) -> Option<Outcome> {
        if movegen::count_legal_moves(self) == 0 {
            return Some(if self.in_check() {
                Outcome::Win { winner: (!self.turn()).seat(), reason: WinReason::Checkmate }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        if self.halfmove_clock() >= 100 {
            return Some(Outcome::Draw { reason: DrawReason::MoveRule });
        }
        // G4: insufficient material ends only the FIDE-army games.
        if !R::ARMIES && self.is_insufficient_material() {
            return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
        }
        None
    }

    fn reversible_plies(&self) -> usize {
        self.halfmove_clock() as usize
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn recomputed_key(&self) -> u64 {
        Position::recomputed_key(self)
    }

    fn move_squares(&self, m: Move) -> Vec<crate::core::Coord> {
        [m.from(), m.to()].iter().map(|s| crate::core::Coord::new(s.file(), s.rank())).collect()
    }

    fn render_move(&self, m: Move) -> String {
        m.to_string()
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number()
    }

    fn render_turn_for_score(&self, actions: &[Move]) -> String {
        match actions {
            [m] => san::write(self, *m),
            _ => self.render_turn(actions),
        }
    }

    /// Coordinate tokens first (the canonical form), then SAN.
    fn parse_move(&self, token: &str) -> Result<Move, MoveParseError> {
        let mut moves = MoveList::new();
        movegen::legal_moves(self, &mut moves);
        if let Some(&m) = moves.iter().find(|&&m| m.to_string() == token) {
            return Ok(m);
        }
        san::parse(self, token)
    }

    fn diagram(&self) -> Diagram {
        let cells = Square::all()
            .map(|sq| match self.piece_at(sq) {
                Some(p) => Cell::Pieces(vec![p.letter().to_string()]),
                None => Cell::Empty,
            })
            .collect();
        let side = if self.turn() == Color::White { "White" } else { "Black" };
        let mut notes = vec![format!("{side} to move")];
        if self.in_check() {
            notes.push("In check".to_string());
        }
        Diagram { files: 8, ranks: 8, cells, notes, wires: Vec::new() }
    }

    fn validate(&self) -> Result<(), InvariantError> {
        Position::validate(self)
    }
}
