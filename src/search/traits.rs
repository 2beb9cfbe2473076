//! What the search needs from a variant beyond the rules: evaluation and move-ordering facts.

use crate::core::{Game, MoveList};

/// Size of the history tables: [`Searchable::history_index`] returns values below this.
pub const HISTORY_SIZE: usize = 16384;

/// A variant the two-seat search can play. Implemented per variant in `eval/`.
pub trait Searchable: Game {
    /// Static evaluation in centipawns from the point of view of the seat to move.
    fn evaluate(&self) -> i32;
    /// Static evaluation in centipawns from the point of view of `seat`, which need not be the
    /// seat to move (the multi-seat search scores every node for its root seat).
    fn evaluate_for(&self, seat: crate::core::Seat) -> i32 {
        if seat == self.to_move() {
            self.evaluate()
        } else {
            -self.evaluate()
        }
    }
    /// Whether the seat to move is in check (extensions, null-move and stand-pat guards).
    fn in_check(&self) -> bool;
    /// Captures, promotions and other moves that change material: what quiescence searches.
    fn is_noisy(&self, m: Self::Move) -> bool;
    /// The legal noisy moves, in the order [`Game::legal_moves`] lists them (quiescence). The
    /// default filters the full list; a variant may generate them directly.
    fn noisy_moves(&self, out: &mut MoveList<Self::Move>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        out.extend(all.into_iter().filter(|&m| self.is_noisy(m)));
    }
    /// The moves quiescence searches, in the order [`Game::legal_moves`] lists them: every legal
    /// move when `in_check`, else the legal noisy ones. Returns whether the position has any
    /// legal move (none: the node is terminal). The default filters the full list; a variant
    /// may generate the noisy moves directly.
    fn quiescence_moves(&self, in_check: bool, out: &mut MoveList<Self::Move>) -> bool {
        self.legal_moves(out);
        if out.is_empty() {
            return false;
        }
        if !in_check {
            out.retain(|m| self.is_noisy(*m));
        }
        true
    }
    /// Ordering score of a noisy move (MVV/LVA-like): larger is tried first.
    fn noisy_order(&self, m: Self::Move) -> i32;
    /// The position after passing the turn: for null-move pruning in the two-seat search, and
    /// in the multi-seat quiescence for an opponent that lets the next seat act; `None` where a
    /// pass is not meaningful or is risky (zugzwang-prone material, checks). The search adds its
    /// own guards.
    fn null_move(&self) -> Option<Self>;
    /// Static exchange evaluation: whether playing `m` and then trading on its destination square,
    /// least valuable attacker first, wins at least `threshold` centipawns for the mover. The
    /// search uses it to order captures and to skip losing ones near the leaves. The default
    /// answers yes to everything, which leaves every move in (correct, only less selective).
    fn see_ge(&self, _m: Self::Move, _threshold: i32) -> bool {
        true
    }
    /// A slot in the history tables for a quiet move (piece and destination, typically).
    fn history_index(&self, m: Self::Move) -> usize;
    /// A key of what the static evaluation tends to misjudge alike (the pawn structure in the
    /// chess family), for the correction history; `None`: no correction.
    fn correction_key(&self) -> Option<u64> {
        None
    }
    /// A 32-bit code of a move, for the transposition table. Distinct legal moves of one position
    /// must get distinct codes; the search checks a stored code against the legal moves.
    fn pack_move(m: Self::Move) -> u32;
    /// What the variant works out once per node to order its quiet moves (see
    /// [`Searchable::quiet_order`]): in the chess family, the squares the enemy's cheaper pieces
    /// attack; `()` where nothing is needed.
    type OrderContext;
    /// This node's [`Searchable::OrderContext`].
    fn order_context(&self) -> Self::OrderContext;
    /// The variant's own ordering bonus for a quiet move, added to its history score (the chess
    /// family moves pieces out of the reach of cheaper attackers and not into it; Not A Chess
    /// Variant ranks wire placements by where they act). Keep it within the history's range,
    /// unless it is meant to outrank every history score (Fimbriation's moves that attack a
    /// King, which still order below the four-seat search's killers).
    fn quiet_order(&self, _context: &Self::OrderContext, _m: Self::Move) -> i32 {
        0
    }
    /// A quiet move that cannot matter soon (a wire far from every piece): the search skips it
    /// away from the principal variation, always keeping the first move of a node.
    fn is_hopeless(&self, _m: Self::Move) -> bool {
        false
    }
    /// Whether, in a position reached by legal moves, every legal move is quiet and there is at
    /// least one (Not A Chess Variant's wire placements). Quiescence then stands pat without
    /// listing the moves. Must be cheaper than listing them; `false` is always right.
    fn only_quiet_moves(&self) -> bool {
        false
    }
    /// A draw by the variant's rules that holds whatever is played next (move-count rule,
    /// insufficient material), checked at every node: must be cheap.
    fn draw_by_rule(&self) -> bool;
}
