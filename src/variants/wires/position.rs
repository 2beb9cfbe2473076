//! The position and its actions: pieces on the 41 squares, the wires, and where the seat to move
//! stands in its turn (N3).

use super::board::{
    bit, distance, neighbours, orthogonal_neighbours, squares, EdgeId, Square, SquareSet, SQUARE_COUNT,
};
use super::forest::{Placement, PointGroups, Wires};
use super::pieces::{destinations, reach_region, reaches, windrider_traced, Role, Surroundings};
use super::rules::{LoopRule, SquareLoops, WholeLoops};
use crate::core::{zobrist, MoveList};
use crate::variants::chess::Color;
use std::marker::PhantomData;

/// How many wires an opening turn places (N3).
pub const OPENING_WIRES: u8 = 5;

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The letter of the position text: White upper case.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }
}

/// One action; a turn is one or more (N3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves (capturing whatever enemy stands on `to`).
    Move { from: Square, to: Square },
    /// No piece can move: the turn goes straight to its wire.
    Pass,
    /// A wire on an empty edge.
    Wire(EdgeId),
}

/// Where the seat to move stands in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// An opening turn with `placed` of its five wires down, the last on `last`. The wires go
    /// down in increasing [`EdgeId`] order, so each set of five is reached once.
    Opening { placed: u8, last: Option<EdgeId> },
    /// A later turn, before its piece move (or pass).
    Move,
    /// The piece has moved (or the seat passed); the wire is due. `captured`: the move took a
    /// piece (the turn resets the no-capture count).
    Wire { captured: bool },
}

/// A position of Not A Chess Variant under the loop rule `L` (N2, or N11's weaker one).
///
/// Invariants (checked by [`Position::check_invariants`]): `board`, `occupied` and `kings`
/// agree; each side has exactly one King; the wires are valid edges holding nothing that `L`
/// removes (under N2 a forest; under N11 no square's whole outline); the phase is an opening
/// phase exactly when `fullmove` is 1; `key` is the Zobrist key of the rest.
#[derive(Clone, Debug)]
pub struct Position<L: LoopRule> {
    pub(super) board: [Option<Piece>; 64],
    pub(super) occupied: [SquareSet; 2],
    pub(super) kings: [Square; 2],
    pub(super) wires: Wires,
    pub(super) side: Color,
    pub(super) phase: Phase,
    /// Whole turns since the last capture (N10); opening turns count.
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    pub(super) rule: PhantomData<L>,
}

/// `notachessvariant`: a wire closing any loop removes it (N2).
pub type WirePosition = Position<WholeLoops>;

/// `notachessweak`: a wire completing a square's outline removes it; larger loops stay (N11).
pub type WeakWirePosition = Position<SquareLoops>;

const PIECE_KEYS: [u64; 2 * 6 * 64] = zobrist::keys(0x5749_5245_0001);
const WIRE_KEYS: [u64; 128] = zobrist::keys(0x5749_5245_0002);
/// Keys of the opening phase: one per number of wires placed, one per last edge.
const OPENING_KEYS: [u64; 8] = zobrist::keys(0x5749_5245_0003);
const LAST_EDGE_KEYS: [u64; 128] = zobrist::keys(0x5749_5245_0004);
const MISC_KEYS: [u64; 2] = zobrist::keys(0x5749_5245_0005);
const BLACK_KEY: u64 = MISC_KEYS[0];
const WIRE_DUE_KEY: u64 = MISC_KEYS[1];

#[inline]
fn piece_key(p: Piece, sq: Square) -> u64 {
    PIECE_KEYS[(p.color as usize * 6 + p.role as usize) * 64 + sq as usize]
}

fn turn_key(side: Color, phase: Phase) -> u64 {
    let side_key = if side == Color::Black { BLACK_KEY } else { 0 };
    side_key
        ^ match phase {
            Phase::Opening { placed, last } => {
                OPENING_KEYS[placed as usize] ^ last.map_or(0, |e| LAST_EDGE_KEYS[e.0 as usize])
            }
            Phase::Move => 0,
            Phase::Wire { .. } => WIRE_DUE_KEY,
        }
}

impl<L: LoopRule> Position<L> {
    /// An empty board (no kings: callers add them) with the given turn state.
    pub(super) fn empty(side: Color, phase: Phase, halfmove: u32, fullmove: u32) -> Position<L> {
        Position {
            board: [None; 64],
            occupied: [0; 2],
            kings: [0; 2],
            wires: Wires::EMPTY,
            side,
            phase,
            halfmove,
            fullmove,
            key: turn_key(side, phase),
            rule: PhantomData,
        }
    }

    pub(super) fn put(&mut self, sq: Square, p: Piece) {
        debug_assert!(self.board[sq as usize].is_none());
        self.board[sq as usize] = Some(p);
        self.occupied[p.color as usize] |= bit(sq);
        if p.role == Role::King {
            self.kings[p.color as usize] = sq;
        }
        self.key ^= piece_key(p, sq);
    }

    fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq as usize].take()?;
        self.occupied[p.color as usize] &= !bit(sq);
        self.key ^= piece_key(p, sq);
        Some(p)
    }

    /// Places a wire with the loop rule (N2 or N11), keeping the key.
    pub(super) fn place_wire(&mut self, e: EdgeId) -> Placement {
        let placement = L::place(&mut self.wires, e);
        match placement {
            Placement::Added => self.key ^= WIRE_KEYS[e.0 as usize],
            Placement::LoopRemoved(removed) => {
                // The new wire is in `removed` but was never in the key: toggle it once first.
                self.key ^= WIRE_KEYS[e.0 as usize];
                for r in removed.iter() {
                    self.key ^= WIRE_KEYS[r.0 as usize];
                }
            }
        }
        placement
    }

    fn set_turn(&mut self, side: Color, phase: Phase) {
        self.key ^= turn_key(self.side, self.phase) ^ turn_key(side, phase);
        self.side = side;
        self.phase = phase;
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    pub fn side(&self) -> Color {
        self.side
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn wires(&self) -> Wires {
        self.wires
    }

    pub fn king(&self, color: Color) -> Square {
        self.kings[color as usize]
    }

    pub fn pieces_of(&self, color: Color) -> SquareSet {
        self.occupied[color as usize]
    }

    pub fn all_pieces(&self) -> SquareSet {
        self.occupied[0] | self.occupied[1]
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// What a piece of `color` leaving `from` sees.
    pub fn surroundings(&self, color: Color, from: Square) -> Surroundings {
        Surroundings {
            wires: self.wires,
            occupied: self.all_pieces() & !bit(from),
            friends: self.occupied[color as usize] & !bit(from),
        }
    }

    /// The squares the piece on `from` may move to under the current wires, check aside.
    pub fn piece_destinations(&self, from: Square) -> SquareSet {
        match self.board[from as usize] {
            Some(p) => destinations(p.role, from, &self.surroundings(p.color, from)),
            None => 0,
        }
    }

    /// Whether `color`'s King is attacked under the current wires: some enemy piece has a move
    /// ending on it (N9).
    pub fn king_attacked(&self, color: Color) -> bool {
        let king = self.kings[color as usize];
        let own = self.occupied[color as usize];
        let enemy = !color;
        let enemy_king = self.kings[enemy as usize];
        if neighbours(king) & bit(enemy_king) != 0 {
            return true;
        }
        // Every other piece arrives by a unit orthogonal step from a square that is empty or
        // holds the attacker itself: a King walled in by its own pieces is safe.
        if orthogonal_neighbours(king) & !own == 0 {
            return false;
        }
        squares(self.occupied[enemy as usize] & !bit(enemy_king)).any(|from| {
            let role = self.board[from as usize].map_or(Role::King, |p| p.role);
            reaches(role, from, king, &self.surroundings(enemy, from))
        })
    }

    /// Prepares [`KingSafety::safe_after`] for the side to move at a wire placement.
    fn king_safety(&self) -> KingSafety {
        let color = self.side;
        let enemy = !color;
        let king = self.kings[color as usize];
        let mut windriders = arrayvec::ArrayVec::new();
        for from in squares(self.occupied[enemy as usize]) {
            if self.board[from as usize].is_some_and(|p| p.role == Role::Windrider)
                && distance(from, king) <= 4
            {
                let (targets, examined) = windrider_traced(from, &self.surroundings(enemy, from));
                windriders.push(CachedAttack { from, attacks: targets & bit(king) != 0, examined });
            }
        }
        KingSafety { windriders, walled: self.attack_without_wires(color) }
    }

    /// The enemy pieces that might reach the King of the side to move, prepared once for the
    /// many piece moves or wires of a turn.
    fn threats(&self) -> Threats {
        let color = self.side;
        let enemy = !color;
        let king = self.kings[color as usize];
        let enemy_king = self.kings[enemy as usize];
        let mut threats = Threats {
            king,
            next_to_king: neighbours(king) & bit(enemy_king) != 0,
            pieces: arrayvec::ArrayVec::new(),
            wire_sensitive: 0,
        };
        for from in squares(self.occupied[enemy as usize] & !bit(enemy_king)) {
            let Some(p) = self.board[from as usize] else { continue };
            let Some((region, wire_sensitive)) = reach_region(p.role, from, king, &self.wires) else {
                continue;
            };
            let attacks = reaches(p.role, from, king, &self.surroundings(enemy, from));
            threats.pieces.push(Threat { from, role: p.role, attacks, region });
            threats.wire_sensitive |= wire_sensitive;
        }
        threats
    }

    /// A wire that completes any turn whose piece move leaves the King unattacked under the
    /// wires as they are, the King staying put: an empty edge that removes no wires, with no
    /// side where a wire could change an enemy piece's reach of the King (`Threats`).
    fn quiet_edge(&self, threats: &Threats) -> Option<EdgeId> {
        self.wires.empty_edges().find(|&e| threats.is_quiet::<L>(&self.wires, e))
    }

    /// Whether `color`'s King is attacked however the wires change: only a neighbouring enemy
    /// King, or a walled-in King, is judged without looking at the wires. `Some(answer)` when the
    /// wires cannot matter.
    fn attack_without_wires(&self, color: Color) -> Option<bool> {
        let king = self.kings[color as usize];
        if neighbours(king) & bit(self.kings[!color as usize]) != 0 {
            return Some(true);
        }
        (orthogonal_neighbours(king) & !self.occupied[color as usize] == 0).then_some(false)
    }

    /// The position after the seat to move gives up a whole turn (null-move pruning only; the
    /// rules have no such action).
    pub fn passed(&self) -> Position<L> {
        let mut p = self.clone();
        if p.side == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.set_turn(!self.side, Phase::Move);
        p
    }

    /// Plays an action (legal, or at least well-formed for this phase).
    pub fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Opening { placed, .. }, Action::Wire(e)) => {
                self.place_wire(e);
                if placed + 1 == OPENING_WIRES {
                    self.end_turn(false);
                } else {
                    self.set_turn(self.side, Phase::Opening { placed: placed + 1, last: Some(e) });
                }
            }
            (Phase::Move, Action::Move { from, to }) => {
                let captured = self.take(to).is_some();
                if let Some(p) = self.take(from) {
                    self.put(to, p);
                }
                self.set_turn(self.side, Phase::Wire { captured });
            }
            (Phase::Move, Action::Pass) => self.set_turn(self.side, Phase::Wire { captured: false }),
            (Phase::Wire { captured }, Action::Wire(e)) => {
                self.place_wire(e);
                self.end_turn(captured);
            }
            (phase, action) => debug_assert!(false, "{action:?} played in phase {phase:?}"),
        }
    }

    fn end_turn(&mut self, captured: bool) {
        self.halfmove = if captured { 0 } else { self.halfmove.saturating_add(1) };
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let phase = if self.fullmove == 1 { Phase::Opening { placed: 0, last: None } } else { Phase::Move };
        self.set_turn(!self.side, phase);
    }

    /// The legal actions (N3, N9). Every action offered can be completed into a legal turn.
    pub fn generate(&self, out: &mut MoveList<Action>) {
        match self.phase {
            Phase::Opening { placed, last } => {
                if let Some(attacked) = self.attack_without_wires(self.side) {
                    // The King's fate is sealed for the whole opening turn: only loops matter.
                    if attacked {
                        return;
                    }
                    let mut groups = PointGroups::of(&self.wires);
                    let Some(threshold) = opening_threshold(groups, &self.wires, OPENING_WIRES - placed - 1)
                    else {
                        return;
                    };
                    for e in self.wires.empty_edges().filter(|&e| Some(e) > last && e <= threshold) {
                        if !groups.closes_loop(e) {
                            out.push(Action::Wire(e));
                        }
                    }
                    return;
                }
                for e in self.wires.empty_edges().filter(|&e| Some(e) > last) {
                    if self.wires.closes_loop(e) {
                        continue;
                    }
                    let mut child = self.clone();
                    child.apply(Action::Wire(e));
                    let legal = if placed + 1 == OPENING_WIRES {
                        !child.king_attacked(self.side)
                    } else {
                        child.can_complete_turn()
                    };
                    if legal {
                        out.push(Action::Wire(e));
                    }
                }
            }
            Phase::Move => {
                let before = out.len();
                // A move of a piece other than the King that leaves it unattacked under the
                // wires as they are is completed by a quiet wire (see `quiet_edge`); any other
                // move is played out.
                let threats = self.threats();
                let quiet = self.quiet_edge(&threats).is_some();
                let king = self.kings[self.side as usize];
                for from in squares(self.occupied[self.side as usize]) {
                    for to in squares(self.piece_destinations(from)) {
                        let completable = if quiet && from != king && !threats.attacked_after(self, from, to)
                        {
                            true
                        } else {
                            // Attacked now, or the King moved, or no quiet wire: every wire is
                            // tried.
                            let mut child = self.clone();
                            child.apply(Action::Move { from, to });
                            child.can_finish_with_a_wire(from == king)
                        };
                        if completable {
                            out.push(Action::Move { from, to });
                        }
                    }
                }
                if out.len() == before {
                    let mut child = self.clone();
                    child.apply(Action::Pass);
                    if child.can_complete_turn() {
                        out.push(Action::Pass);
                    }
                }
            }
            Phase::Wire { .. } => {
                let safety = self.king_safety();
                if safety.walled.is_some() {
                    for e in self.wires.empty_edges() {
                        if safety.safe_after(self, e) {
                            out.push(Action::Wire(e));
                        }
                    }
                    return;
                }
                // A wire where no enemy piece's reach of the King can change leaves it as
                // attacked, or not, as it is now; the others are tried.
                let threats = self.threats();
                let attacked = threats.attacked_now();
                for e in self.wires.empty_edges() {
                    let safe = if threats.is_quiet::<L>(&self.wires, e) {
                        !attacked
                    } else {
                        safety.safe_after(self, e)
                    };
                    if safe {
                        out.push(Action::Wire(e));
                    }
                }
            }
        }
    }

    /// Whether one action is legal here, without listing the others (protocols replay whole
    /// games through this, so it must be cheap). Agrees with [`Position::generate`].
    pub fn is_legal(&self, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Opening { placed, last }, Action::Wire(e)) => {
                if !e.is_valid() || self.wires.contains(e) || Some(e) <= last || self.wires.closes_loop(e) {
                    return false;
                }
                let mut child = self.clone();
                child.apply(action);
                if placed + 1 == OPENING_WIRES {
                    !child.king_attacked(self.side)
                } else {
                    child.can_complete_turn()
                }
            }
            (Phase::Move, Action::Move { from, to }) => {
                let own = self.board[from as usize].is_some_and(|p| p.color == self.side);
                if !own || self.piece_destinations(from) & bit(to) == 0 {
                    return false;
                }
                let mut child = self.clone();
                child.apply(action);
                child.can_complete_turn()
            }
            (Phase::Move, Action::Pass) => {
                let mut list = MoveList::new();
                self.generate(&mut list);
                list.contains(&Action::Pass)
            }
            (Phase::Wire { .. }, Action::Wire(e)) => {
                if !e.is_valid() || self.wires.contains(e) {
                    return false;
                }
                let mut child = self.clone();
                child.place_wire(e);
                !child.king_attacked(self.side)
            }
            _ => false,
        }
    }

    /// The number of legal actions, faster than listing them where only wires remain.
    pub fn count(&self) -> usize {
        match self.phase {
            Phase::Wire { .. } if self.attack_without_wires(self.side) == Some(false) => {
                self.wires.empty_edges().count()
            }
            Phase::Opening { placed, last } if placed + 1 == OPENING_WIRES => {
                // The last opening wire: loops are found once per group of wires, not per edge.
                let components = self.wires.components();
                let safety = self.king_safety();
                self.wires
                    .empty_edges()
                    .filter(|&e| Some(e) > last)
                    .filter(|&e| {
                        let (a, b) = e.endpoints();
                        let both = 1u64 << a | 1u64 << b;
                        !components.iter().any(|&c| c & both == both)
                    })
                    .filter(|&e| safety.safe_after(self, e))
                    .count()
            }
            _ => {
                let mut list = MoveList::new();
                self.generate(&mut list);
                list.len()
            }
        }
    }

    /// Whether this position, inside a turn or at the start of an opening turn, has a way to
    /// finish the turn legally: whether [`Position::generate`] lists anything.
    pub(crate) fn can_complete_turn(&self) -> bool {
        match self.phase {
            Phase::Wire { .. } => self.can_finish_with_a_wire(true),
            Phase::Opening { placed, last } => {
                match self.attack_without_wires(self.side) {
                    Some(true) => return false,
                    Some(false) => {
                        // Only loops matter: the first of the wires still due needs the others
                        // after it.
                        let groups = PointGroups::of(&self.wires);
                        let needed_after = OPENING_WIRES - placed - 1;
                        return opening_threshold(groups, &self.wires, needed_after)
                            .is_some_and(|t| Some(t) > last);
                    }
                    None => {}
                }
                // Depth-first, first success wins: in practice the first completion tried is
                // legal unless the King stands next to an enemy piece.
                self.wires.empty_edges().filter(|&e| Some(e) > last).any(|e| {
                    if self.wires.closes_loop(e) {
                        return false;
                    }
                    let mut child = self.clone();
                    child.apply(Action::Wire(e));
                    if placed + 1 == OPENING_WIRES {
                        !child.king_attacked(self.side)
                    } else {
                        child.can_complete_turn()
                    }
                })
            }
            Phase::Move => true,
        }
    }

    /// Whether some wire leaves the King safe (a wire phase). `try_quiet`: first look for a
    /// quiet wire (see `quiet_edge`), which settles it when the King is not attacked now.
    fn can_finish_with_a_wire(&self, try_quiet: bool) -> bool {
        if let Some(attacked) = self.attack_without_wires(self.side) {
            return !attacked;
        }
        if try_quiet {
            let threats = self.threats();
            if !threats.attacked_now() && self.quiet_edge(&threats).is_some() {
                return true;
            }
        }
        let safety = self.king_safety();
        self.wires.empty_edges().any(|e| safety.safe_after(self, e))
    }

    /// The Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut key = turn_key(self.side, self.phase);
        for sq in squares(self.all_pieces()) {
            if let Some(p) = self.board[sq as usize] {
                key ^= piece_key(p, sq);
            }
        }
        for e in self.wires.iter() {
            key ^= WIRE_KEYS[e.0 as usize];
        }
        key
    }

    /// The invariants of the type's documentation.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let mut occupied = [0u64; 2];
        let mut kings = [0usize; 2];
        for sq in 0..64u8 {
            if let Some(p) = self.board[sq as usize] {
                if super::board::BOARD & bit(sq) == 0 {
                    return Err("a piece stands off the board");
                }
                occupied[p.color as usize] |= bit(sq);
                if p.role == Role::King {
                    kings[p.color as usize] += 1;
                    if self.kings[p.color as usize] != sq {
                        return Err("king square out of date");
                    }
                }
            }
        }
        if occupied != self.occupied {
            return Err("occupancy out of date");
        }
        if kings != [1, 1] {
            return Err("each side needs exactly one King");
        }
        if self.wires.iter().any(|e| !e.is_valid()) {
            return Err("a wire is not on a board edge");
        }
        if !L::admits(&self.wires) {
            return Err("the wires hold what the loop rule removes");
        }
        let opening = matches!(self.phase, Phase::Opening { .. });
        if opening != (self.fullmove == 1) {
            return Err("the opening phase and fullmove 1 disagree");
        }
        if self.key != self.compute_key() {
            return Err("key out of date");
        }
        Ok(())
    }
}

/// For an opening turn where only loops matter (the King's safety does not depend on the wires,
/// and pieces never move in an opening): the largest empty edge `t` such that after a wire on
/// `t`, `needed` more wires on greater edges can still go down, closing no loop. Every smaller
/// edge that closes no loop itself can be completed as well; `None` if no edge can.
///
/// Wires on greater edges can go down one by one (in increasing order) exactly when together
/// they close no loop, so this is a question of forest size (the rank of a graphic matroid):
/// walking the empty edges from the top, a greedy forest over the wires takes edge after edge;
/// once it has taken `needed + 1`, the edge just taken leaves `needed` for the rest (joining an
/// edge's endpoints takes one from the forests above it), and so does every smaller edge.
fn opening_threshold(mut groups: PointGroups, wires: &Wires, needed: u8) -> Option<EdgeId> {
    let mut taken = 0;
    for e in wires.empty_edges_descending() {
        if groups.join(e) {
            taken += 1;
            if taken == needed + 1 {
                return Some(e);
            }
        }
    }
    None
}

/// An enemy piece that might reach the King of the side to move (see [`reach_region`]).
#[derive(Clone, Copy)]
struct Threat {
    from: Square,
    role: Role,
    /// Whether it reaches the King in the position as it is.
    attacks: bool,
    /// The squares whose occupancy may change that.
    region: SquareSet,
}

/// The enemy's reach of the King of the side to move, and where a piece move or a wire could
/// change it (the King staying put).
struct Threats {
    king: Square,
    /// The enemy King stands next to it: attacked whatever else happens.
    next_to_king: bool,
    /// Every enemy piece but the King that geometry lets reach the King.
    pieces: arrayvec::ArrayVec<Threat, SQUARE_COUNT>,
    /// Squares beside which a wire may change some enemy piece's reach of the King.
    wire_sensitive: SquareSet,
}

impl Threats {
    fn attacked_now(&self) -> bool {
        self.next_to_king || self.pieces.iter().any(|t| t.attacks)
    }

    /// Whether a wire on the empty edge `e` leaves every enemy piece's reach of the King as it
    /// is, whatever piece of the side to move other than the King has just moved: it removes
    /// no wires and has no side where a wire matters.
    fn is_quiet<L: LoopRule>(&self, wires: &Wires, e: EdgeId) -> bool {
        e.side_squares() & self.wire_sensitive == 0 && !L::removes(wires, e)
    }

    /// Whether the King is attacked, under the wires as they are, after one of its side's other
    /// pieces moves from `from` to `to`: only the enemy pieces whose region the move touches
    /// are looked at again (one taken on `to` attacks nothing).
    fn attacked_after<L: LoopRule>(&self, pos: &Position<L>, from: Square, to: Square) -> bool {
        if self.next_to_king {
            return true;
        }
        let moved = bit(from) | bit(to);
        let enemy = !pos.side;
        let occupied = pos.all_pieces() & !bit(from) | bit(to);
        let enemy_pieces = pos.occupied[enemy as usize] & !bit(to);
        // The attacks the move cannot touch first: in check, they answer at once.
        let untouched = |t: &&Threat| t.from != to && t.region & moved == 0;
        if self.pieces.iter().filter(untouched).any(|t| t.attacks) {
            return true;
        }
        self.pieces.iter().any(|t| {
            if t.from == to || t.region & moved == 0 {
                false
            } else {
                let s = Surroundings {
                    wires: pos.wires,
                    occupied: occupied & !bit(t.from),
                    friends: enemy_pieces & !bit(t.from),
                };
                reaches(t.role, t.from, self.king, &s)
            }
        })
    }
}

/// A Short Windrider's verdict on the King under the current wires, with the edges its walks
/// looked at.
struct CachedAttack {
    from: Square,
    attacks: bool,
    examined: Wires,
}

/// Shares the work of testing the King's safety after each of the many wires a turn may place:
/// Short Windriders are the expensive walks, and a wire off every edge a windrider's walk looked
/// at cannot change its verdict.
struct KingSafety {
    windriders: arrayvec::ArrayVec<CachedAttack, SQUARE_COUNT>,
    /// `Some(attacked)` when the wires cannot matter (see `attack_without_wires`).
    walled: Option<bool>,
}

impl KingSafety {
    /// Whether the mover's King is safe after placing `e` in `pos` (a wire phase).
    fn safe_after<L: LoopRule>(&self, pos: &Position<L>, e: EdgeId) -> bool {
        if let Some(attacked) = self.walled {
            return !attacked;
        }
        let mut child = pos.clone();
        let placement = child.place_wire(e);
        let color = pos.side;
        let enemy = !color;
        let king = child.kings[color as usize];
        let enemy_king = child.kings[enemy as usize];
        let changed = match placement {
            Placement::Added => {
                let mut w = Wires::EMPTY;
                w.insert(e);
                w
            }
            Placement::LoopRemoved(removed) => removed,
        };
        let touches = |examined: &Wires| {
            examined.horizontal & changed.horizontal != 0 || examined.vertical & changed.vertical != 0
        };
        squares(child.occupied[enemy as usize] & !bit(enemy_king)).all(|from| {
            let Some(p) = child.board[from as usize] else { return true };
            if p.role == Role::Windrider {
                if let Some(cached) = self.windriders.iter().find(|c| c.from == from) {
                    if !touches(&cached.examined) {
                        return !cached.attacks;
                    }
                } else {
                    return true; // more than four squares away: out of reach
                }
            }
            !reaches(p.role, from, king, &child.surroundings(enemy, from))
        })
    }
}
