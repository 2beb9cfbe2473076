//! Multi-seat search for games of more than two seats (Fimbriation), kept apart from the
//! two-seat PVS (a turn of several actions is one search move). Every score is from the point of view of the root seat
//! (the seat the engine plays), so nodes are max nodes where the root seat moves and min nodes
//! elsewhere. Two algorithms, chosen by the `MultiSeatSearch` engine option:
//!
//! - **Paranoid** alpha-beta (Sturtevant & Korf 2000): every other seat is assumed to play against
//!   the root seat. Sound and deep-pruning, but pessimistic, and a round of four seats costs four
//!   plies of depth.
//! - **Best-Reply Search, improved (BRS+**, Esser et al. 2013): between two turns of the root seat,
//!   only one opponent gets to choose among all its moves (the most harmful one is kept); the
//!   others play the first move of the move ordering instead of passing, so the positions searched
//!   stay legal ones. A round costs two plies of depth, so the root seat looks further ahead.
//!
//! Both share iterative deepening, the transposition table (keys salted by root seat and
//! algorithm, since the scores depend on both), quiescence on captures and promotions that do
//! not lose their exchange (`Searchable::see_ge`; a seat in check searches all its moves
//! there instead of standing pat, and an opponent's stand-pat is the next opponent's
//! quiescence after a pass, so that every opponent's captures count), ordering by the table's
//! move, captures, killers, the variant's quiet-move bonus (Fimbriation: moves that attack
//! another seat's King) and history (losing captures last), repetition and rule draws, and the
//! time management of the two-seat search.
//! One thread searches: extra `Threads` are not used for multi-seat games.

use super::eval_cache::EvalCache;
use super::params::MAX_PLY;
use super::tt::{Bound, TtEntry};
use super::{
    hold_until_released, render_line, root_moves, BestMove, Context, Event, Info, Limits, Searchable,
};
use crate::core::{MoveList, Outcome, Record, Score, Seat};
use std::sync::atomic::Ordering;

/// Which multi-seat algorithm the engine uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MultiSeatSearch {
    Paranoid,
    /// Best-Reply Search with the BRS+ refinement.
    #[default]
    BestReply,
}

impl MultiSeatSearch {
    pub const NAMES: [&'static str; 2] = ["BRS+", "Paranoid"];

    pub fn name(self) -> &'static str {
        match self {
            MultiSeatSearch::Paranoid => "Paranoid",
            MultiSeatSearch::BestReply => "BRS+",
        }
    }

    /// Reads an option value (case-insensitive; `brs` is accepted for `BRS+`).
    pub fn from_name(name: &str) -> Option<MultiSeatSearch> {
        match name.to_ascii_lowercase().as_str() {
            "paranoid" => Some(MultiSeatSearch::Paranoid),
            "brs+" | "brs" | "bestreply" | "best-reply" => Some(MultiSeatSearch::BestReply),
            _ => None,
        }
    }
}

const INFINITE: i32 = Score::INFINITE.0;
/// Quiescence plies at most: four seats capturing in turn explode quickly.
const QUIESCENCE_PLIES: i32 = 4;
/// Deepest iteration.
const MAX_DEPTH: i32 = 64;

/// Key salts: one per root seat and algorithm, so entries of different searches never mix.
const ROOT_SALT: [u64; 8] = crate::core::zobrist::keys(0x4D55_4C54_4953_4541);

/// A root move, its score in the last iteration, and its principal variation.
#[derive(Clone)]
struct RootLine<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
}

struct MultiSearch<'a, G: Searchable> {
    ctx: &'a Context,
    limits: &'a Limits,
    algorithm: MultiSeatSearch,
    root_seat: Seat,
    salt: u64,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Keys of the game before the root and along the current path.
    keys: Vec<u64>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// Stand-pat evaluations (for the root seat, fixed for the search) by position key:
    /// iterative deepening and the opponents' forced moves bring quiescence back to positions
    /// it has evaluated, and the evaluation is most of a four-seat node's cost.
    evals: EvalCache,
}

impl<'a, G: Searchable> MultiSearch<'a, G> {
    fn new(
        ctx: &'a Context,
        limits: &'a Limits,
        root: &G,
        history_keys: &[u64],
        algorithm: MultiSeatSearch,
    ) -> Self {
        let root_seat = root.to_move();
        let salt_index = root_seat.index() % 4 + 4 * (algorithm == MultiSeatSearch::Paranoid) as usize;
        MultiSearch {
            ctx,
            limits,
            algorithm,
            root_seat,
            salt: ROOT_SALT[salt_index],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys: history_keys.to_vec(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; super::HISTORY_SIZE],
            evals: EvalCache::default(),
        }
    }

    /// Counts a node and checks the limits now and then.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 1024 == 0 {
            self.ctx.publish_nodes(0, self.nodes);
            let over_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if over_nodes
                || self.ctx.stop.load(Ordering::Relaxed)
                || (!self.ctx.pondering() && self.ctx.out_of_time())
            {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// The score of a position where the game is decided or the root seat is out, else `None`.
    fn terminal(&self, pos: &G, ply: usize) -> Option<i32> {
        let ply = ply as i32;
        if !pos.is_live(self.root_seat) {
            return Some(Score::mated_in(ply).0);
        }
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == self.root_seat => Some(Score::mate_in(ply).0),
            Some(Outcome::Win { .. }) => Some(Score::mated_in(ply).0),
            Some(Outcome::Draw { .. }) => Some(0),
            None if pos.draw_by_rule() || self.repeats(pos) => Some(0),
            None => None,
        }
    }

    /// A position seen before within its reversible stretch (on the path or in the game) is
    /// scored as a draw: whoever repeated it can repeat it again.
    fn repeats(&self, pos: &G) -> bool {
        let key = pos.key();
        let window = (pos.reversible_plies() + 1).min(self.keys.len());
        self.keys[self.keys.len() - window..].iter().rev().skip(1).any(|&k| k == key)
    }

    fn tt_key(&self, pos: &G) -> u64 {
        pos.key() ^ self.salt
    }

    /// A move's place in the search order, larger first: the table's move, captures by
    /// MVV/LVA, killers, history plus the variant's quiet bonus, then the noisy moves that
    /// lose their exchange.
    fn order_key(
        &self,
        pos: &G,
        context: &G::OrderContext,
        killers: &[Option<G::Move>; 2],
        tt_move: Option<u32>,
        m: G::Move,
    ) -> i32 {
        if Some(G::pack_move(m)) == tt_move {
            i32::MAX
        } else if pos.is_noisy(m) {
            // A capture that loses its exchange comes after every quiet move (history and the
            // variant's quiet bonus are never negative): tried late by the seat that searches,
            // and not the move BRS+ lets a seat that does not reply play while it has any other.
            if pos.see_ge(m, 0) {
                1_000_000 + pos.noisy_order(m)
            } else {
                -1_000_000 + pos.noisy_order(m)
            }
        } else {
            self.quiet_key(pos, context, killers, m)
        }
    }

    /// A quiet move's place in the order: killers, then history plus the variant's bonus.
    fn quiet_key(
        &self,
        pos: &G,
        context: &G::OrderContext,
        killers: &[Option<G::Move>; 2],
        m: G::Move,
    ) -> i32 {
        if killers.contains(&Some(m)) {
            900_000
        } else {
            self.history[pos.history_index(m)] + pos.quiet_order(context, m)
        }
    }

    /// The legal moves in search order ([`Self::order_key`]; equal keys keep the generation
    /// order), sorted in place in the caller's `moves` (a move list is too big to return by
    /// value at every node).
    fn ordered_moves(&self, pos: &G, ply: usize, tt_move: Option<u32>, moves: &mut MoveList<G::Move>) {
        moves.clear();
        pos.legal_moves(moves);
        let killers = self.killers[ply.min(MAX_PLY)];
        let context = pos.order_context();
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(self.order_key(pos, &context, &killers, tt_move, m)));
    }

    fn reward(&mut self, pos: &G, m: G::Move, ply: usize, depth: i32) {
        if pos.is_noisy(m) {
            return;
        }
        let slot = &mut self.killers[ply.min(MAX_PLY)];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        let h = &mut self.history[pos.history_index(m)];
        *h = (*h + depth * depth).min(100_000);
    }

    fn probe(&self, pos: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> (Option<u32>, Option<i32>) {
        let Some(e) = self.ctx.tt.probe(self.tt_key(pos)) else { return (None, None) };
        let score = e.score.from_tt(ply as i32).0;
        let usable = e.depth >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
        (e.best, usable.then_some(score))
    }

    /// Stores a node's result; `window` is the (alpha, beta) it was searched with.
    fn store(&self, pos: &G, depth: i32, ply: usize, score: i32, window: (i32, i32), best: Option<G::Move>) {
        let (alpha, beta) = window;
        let bound = if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let entry =
            TtEntry { best: best.map(G::pack_move), score: Score(score).to_tt(ply as i32), depth, bound };
        self.ctx.tt.store(self.tt_key(pos), entry);
    }

    fn play(&mut self, pos: &G, m: G::Move) -> G {
        let mut child = pos.clone();
        child.play(m);
        self.keys.push(child.key());
        child
    }

    fn unplay(&mut self, plies: usize) {
        let keep = self.keys.len().saturating_sub(plies);
        self.keys.truncate(keep);
    }

    // -----------------------------------------------------------------------------------------
    // Quiescence (both algorithms): the root seat may stand pat or capture; an opponent may
    // capture or pass to the next opponent (the last before the root seat's turn stands pat);
    // a seat in check searches every move.

    fn quiesce(&mut self, pos: &G, ply: usize, qply: i32, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        let root_seat = self.root_seat;
        // The static evaluation is what most of the search's time goes to, and many nodes
        // never use it (a seat in check, an opponent that passes on): it is asked for only
        // where it stands.
        let mut static_eval = || self.evals.get_or_insert(pos.key(), || pos.evaluate_for(root_seat));
        let maximizing = pos.to_move() == self.root_seat;
        if qply >= QUIESCENCE_PLIES || ply >= MAX_PLY {
            return static_eval();
        }
        // A seat whose King is attacked may not stand pat: unanswered, the attack removes it
        // at the attacker's next turn (M7), so it searches every legal move (its escapes;
        // the pass when it has none). Standing pat there would miss every fork of a King.
        let in_check = pos.in_check();
        let mut best;
        let mut moves = MoveList::new();
        let tried: Vec<G::Move> = if in_check {
            best = if maximizing { -INFINITE } else { INFINITE };
            self.ordered_moves(pos, ply, None, &mut moves);
            moves.to_vec()
        } else {
            if maximizing {
                let stand = static_eval();
                best = stand;
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                // An opponent that does not capture lets the next seat act: its stand-pat is
                // the next opponent's quiescence after a pass, not the static evaluation, so a
                // piece of ours that only a later opponent attacks is seen to hang. Before the
                // root seat's turn the static evaluation stands.
                let standing = match pos.null_move() {
                    Some(passed) if passed.to_move() != self.root_seat => {
                        self.keys.push(passed.key());
                        let score = self.quiesce(&passed, ply + 1, qply + 1, alpha, beta);
                        self.unplay(1);
                        if self.stopped {
                            return 0;
                        }
                        score
                    }
                    _ => static_eval(),
                };
                best = standing;
                if standing <= alpha {
                    return standing;
                }
                beta = beta.min(standing);
            }
            pos.noisy_moves(&mut moves);
            // A capture that loses its piece for less than it took (one step of the exchange:
            // another seat can take back) is left out, as in the two-seat quiescence.
            let mut noisy: Vec<(i32, G::Move)> =
                moves.iter().filter(|&&m| pos.see_ge(m, 0)).map(|&m| (pos.noisy_order(m), m)).collect();
            noisy.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
            noisy.into_iter().map(|(_, m)| m).collect()
        };
        for m in tried {
            let child = self.play(pos, m);
            let score = self.quiesce(&child, ply + 1, qply + 1, alpha, beta);
            self.unplay(1);
            if self.stopped {
                return 0;
            }
            if maximizing {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// What every full-width node does first: a decided game, the horizon (quiescence), the
    /// node count and limits, a usable table entry. `Err` is the node's score when one of them
    /// settles it; `Ok` the table's move for ordering.
    fn enter(&mut self, pos: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> Result<Option<u32>, i32> {
        if ply > 0 {
            if let Some(score) = self.terminal(pos, ply) {
                return Err(score);
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return Err(self.quiesce(pos, ply, 0, alpha, beta));
        }
        if !self.visit() {
            return Err(0);
        }
        let (tt_move, tt_score) = self.probe(pos, depth, ply, alpha, beta);
        match tt_score {
            Some(score) if ply > 0 => Err(score),
            _ => Ok(tt_move),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Paranoid

    fn paranoid(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv: &mut Vec<G::Move>,
    ) -> i32 {
        pv.clear();
        let tt_move = match self.enter(pos, depth, ply, alpha, beta) {
            Ok(tt_move) => tt_move,
            Err(score) => return score,
        };
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = pos.to_move() == self.root_seat;
        let mut best = if maximizing { -INFINITE } else { INFINITE };
        let mut best_move = None;
        let mut child_pv = Vec::new();
        let mut moves = MoveList::new();
        self.ordered_moves(pos, ply, tt_move, &mut moves);
        for &m in &moves {
            let child = self.play(pos, m);
            let score = self.paranoid(&child, depth - 1, ply + 1, alpha, beta, &mut child_pv);
            self.unplay(1);
            if self.stopped {
                return 0;
            }
            let better = if maximizing { score > best } else { score < best };
            if better {
                best = score;
                best_move = Some(m);
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&child_pv);
            }
            if maximizing {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                self.reward(pos, m, ply, depth);
                break;
            }
        }
        self.store(pos, depth, ply, best, (alpha0, beta0), best_move);
        best
    }

    // -----------------------------------------------------------------------------------------
    // BRS+

    /// The move an opponent plays when it is not the one chosen to reply: the first of the move
    /// ordering (BRS+), the move [`Self::ordered_moves`] would put first with no table move.
    /// The table has none to give: only the root seat's nodes store entries (the opponents'
    /// layer keeps none, and the keys are salted by root seat), so this is never asked where
    /// the root seat moves. Most of the search's move generation happens here, so the noisy
    /// moves are generated first: one whose exchange does not lose outranks every quiet move
    /// (killers 900,000; history at most 100,000 plus Fimbriation's 200,000 for a check), and
    /// `noisy_moves` lists them in the order of the full list, whose earliest move of the
    /// highest key the stable sort puts first. Only without one is the full list needed.
    fn first_ordered_move(&self, pos: &G, ply: usize) -> Option<G::Move> {
        debug_assert!(self.ctx.tt.probe(self.tt_key(pos)).is_none(), "a table move where BRS+ stores none");
        let mut moves = MoveList::new();
        pos.noisy_moves(&mut moves);
        let mut first: Option<(i32, G::Move)> = None;
        for &m in &moves {
            if pos.see_ge(m, 0) {
                let key = pos.noisy_order(m);
                if first.is_none_or(|(best, _)| key > best) {
                    first = Some((key, m));
                }
            }
        }
        if let Some((_, m)) = first {
            return Some(m);
        }
        // No noisy move keeps its exchange: every noisy move in the full list orders last, so
        // its key needs no exchange test.
        moves.clear();
        pos.legal_moves(&mut moves);
        let killers = self.killers[ply.min(MAX_PLY)];
        let context = pos.order_context();
        for &m in &moves {
            let key = if pos.is_noisy(m) {
                -1_000_000 + pos.noisy_order(m)
            } else {
                self.quiet_key(pos, &context, &killers, m)
            };
            if first.is_none_or(|(best, _)| key > best) {
                first = Some((key, m));
            }
        }
        first.map(|(_, m)| m)
    }

    /// Plays first-ordered moves from `pos` until the root seat is to move or the game is decided;
    /// returns the position and the moves played.
    fn forced_until_root(&mut self, mut pos: G, ply: usize, line: &mut Vec<G::Move>) -> G {
        while pos.to_move() != self.root_seat && self.terminal(&pos, ply + line.len()).is_none() {
            let Some(m) = self.first_ordered_move(&pos, ply + line.len()) else { break };
            pos = self.play(&pos, m);
            line.push(m);
        }
        pos
    }

    /// A node where the root seat moves.
    fn brs_max(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<G::Move>,
    ) -> i32 {
        pv.clear();
        let tt_move = match self.enter(pos, depth, ply, alpha, beta) {
            Ok(tt_move) => tt_move,
            Err(score) => return score,
        };
        let alpha0 = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        let mut moves = MoveList::new();
        self.ordered_moves(pos, ply, tt_move, &mut moves);
        for &m in &moves {
            let child = self.play(pos, m);
            let score = self.brs_min(&child, depth - 1, ply + 1, alpha, beta, &mut child_pv);
            self.unplay(1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&child_pv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.reward(pos, m, ply, depth);
                break;
            }
        }
        self.store(pos, depth, ply, best, (alpha0, beta), best_move);
        best
    }

    /// The opponents' layer between two turns of the root seat: each opponent in turn order is
    /// tried as the one that replies with any move, the others playing their first ordered move.
    fn brs_min(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
        pv: &mut Vec<G::Move>,
    ) -> i32 {
        pv.clear();
        if let Some(score) = self.terminal(pos, ply) {
            return score;
        }
        if pos.to_move() == self.root_seat {
            return self.brs_max(pos, depth, ply, alpha, beta, pv);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, 0, alpha, beta);
        }
        if !self.visit() {
            return 0;
        }
        let mut best = INFINITE;
        let mut child_pv = Vec::new();
        // The `k`-th seat to move from here is the one that replies.
        for k in 0..3 {
            let mut prefix = Vec::new();
            let mut replier = pos.clone();
            let mut reached = true;
            for _ in 0..k {
                if replier.to_move() == self.root_seat
                    || self.terminal(&replier, ply + prefix.len()).is_some()
                {
                    reached = false;
                    break;
                }
                let Some(m) = self.first_ordered_move(&replier, ply + prefix.len()) else {
                    reached = false;
                    break;
                };
                replier = self.play(&replier, m);
                prefix.push(m);
            }
            if !reached
                || replier.to_move() == self.root_seat
                || self.terminal(&replier, ply + prefix.len()).is_some()
            {
                self.unplay(prefix.len());
                break;
            }
            let at = ply + prefix.len();
            let mut moves = MoveList::new();
            self.ordered_moves(&replier, at, None, &mut moves);
            for &m in &moves {
                let after = self.play(&replier, m);
                let mut line = vec![m];
                let settled = self.forced_until_root(after, at + 1, &mut line);
                let reached_ply = at + line.len();
                let score = match self.terminal(&settled, reached_ply) {
                    Some(s) => {
                        child_pv.clear();
                        s
                    }
                    None => self.brs_max(&settled, depth - 1, reached_ply, alpha, beta, &mut child_pv),
                };
                self.unplay(line.len());
                if self.stopped {
                    self.unplay(prefix.len());
                    return 0;
                }
                if score < best {
                    best = score;
                    pv.clear();
                    pv.extend_from_slice(&prefix);
                    pv.extend_from_slice(&line);
                    pv.extend_from_slice(&child_pv);
                }
                beta = beta.min(score);
                if alpha >= beta {
                    self.reward(&replier, m, at, depth);
                    self.unplay(prefix.len());
                    return best;
                }
            }
            self.unplay(prefix.len());
        }
        best
    }

    /// One iteration at the root: every root move, the best first.
    fn root(&mut self, root: &G, depth: i32, moves: &mut [RootLine<G::Move>]) {
        let mut alpha = -INFINITE;
        let mut child_pv = Vec::new();
        for entry in moves.iter_mut() {
            let child = self.play(root, entry.mv);
            let score = match self.algorithm {
                MultiSeatSearch::Paranoid => {
                    self.paranoid(&child, depth - 1, 1, alpha, INFINITE, &mut child_pv)
                }
                MultiSeatSearch::BestReply => {
                    self.brs_min(&child, depth - 1, 1, alpha, INFINITE, &mut child_pv)
                }
            };
            self.unplay(1);
            if self.stopped {
                return;
            }
            // Moves that fail low keep a score below every move searched with a full window.
            entry.score = if score > alpha || alpha == -INFINITE { score } else { -INFINITE + 1 };
            if score > alpha {
                alpha = score;
                entry.pv = std::iter::once(entry.mv).chain(child_pv.iter().copied()).collect();
            }
        }
        moves.sort_by_key(|e| std::cmp::Reverse(e.score));
    }
}

/// Searches a multi-seat position: iterative deepening over the chosen algorithm, one thread.
pub(super) fn think<G: Searchable>(
    record: &Record<G>,
    limits: &Limits,
    ctx: &Context,
    on_event: &mut dyn FnMut(Event),
) -> BestMove {
    let root = record.position();
    root.debug_validate();
    ctx.tt.new_search();
    let mut best = BestMove { best: None, ponder: None, score: Score::DRAW, depth: 0, nodes: 0 };
    let legal = root_moves(root, limits);
    let mut search = MultiSearch::new(ctx, limits, root, record.keys(), ctx.multi_seat);
    let mut moves: Vec<RootLine<G::Move>> =
        legal.iter().map(|&m| RootLine { mv: m, score: -INFINITE, pv: vec![m] }).collect();
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut completed = 0;
    let mut chosen: Option<RootLine<G::Move>> = moves.first().cloned();
    if !moves.is_empty() {
        for depth in 1..=max_depth {
            search.seldepth = 0;
            search.root(root, depth, &mut moves);
            if search.stopped && completed > 0 {
                break;
            }
            if search.stopped {
                // Stopped inside the first iteration: keep the ordered first move, scored by the
                // static evaluation rather than by an unfinished search.
                let stand = root.evaluate_for(root.to_move());
                if let Some(first) = moves.first_mut() {
                    first.score = stand;
                }
            }
            // A stopped first iteration still has a move ordered by whatever it searched.
            chosen = moves.first().cloned();
            completed = depth;
            ctx.publish_nodes(0, search.nodes);
            let (score, pv) = chosen.as_ref().map_or((0, Vec::new()), |c| (c.score, c.pv.clone()));
            let time = ctx.elapsed();
            let nodes = ctx.total_nodes();
            on_event(Event::Info(Info {
                depth,
                seldepth: search.seldepth.max(depth as usize),
                multipv: 1,
                score: Score(score),
                nodes,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
                time,
                hashfull: ctx.tt.hashfull(),
                pv: render_line(root, &pv),
            }));
            let mate_found =
                limits.mate.is_some_and(|n| Score(score).mate_moves().is_some_and(|m| m > 0 && m <= n));
            let only_move = moves.len() == 1 && !limits.infinite && !ctx.pondering();
            if search.stopped || mate_found || only_move || !ctx.may_start_iteration(1.0) {
                break;
            }
            if Score(score).is_mate() && depth >= 2 && Score(score).0 > 0 && !limits.infinite {
                // A forced win found at this depth is not improved by deeper iterations.
                break;
            }
        }
    }
    hold_until_released(limits, ctx);
    ctx.stop.store(true, Ordering::Relaxed);
    ctx.publish_nodes(0, search.nodes);
    if let Some(RootLine { mv, score, .. }) = chosen {
        best = BestMove {
            best: Some(root.render_move(mv)),
            // The next move is another seat's: nothing to ponder on.
            ponder: None,
            score: Score(score.clamp(-Score::MATE, Score::MATE)),
            depth: completed,
            nodes: 0,
        };
    }
    best.nodes = ctx.total_nodes();
    on_event(Event::BestMove(best.clone()));
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_that_lose_their_exchange_come_after_the_quiet_moves() {
        use crate::core::Game;
        use crate::search::tt::TranspositionTable;
        use crate::variants::fimbriation::Fimbriation;
        use std::sync::Arc;
        use std::time::Duration;
        // Yellow's Rook a4 can take a Red Knight on c4, which Red's King d4 takes back.
        let board = "***8***/***8***/***8***/3gK6yK3/14/5****5/5****5/5****5/5****5/14/yR1rNrK6bK3/***8***/***8***/***8***";
        let pos = Fimbriation::from_text(&format!("{board} y - - - 0 10")).unwrap();
        let limits = Limits::default();
        let ctx = Context::new(Arc::new(TranspositionTable::new(1)), &limits, 1, Duration::ZERO);
        let search = MultiSearch::new(&ctx, &limits, &pos, &[], MultiSeatSearch::BestReply);
        let mut moves = MoveList::new();
        search.ordered_moves(&pos, 0, None, &mut moves);
        let losing = pos.parse_move("a4c4").unwrap();
        assert_eq!(moves.last(), Some(&losing), "{:?}", moves.to_vec());
        assert!(moves.len() > 10);
        assert_ne!(search.first_ordered_move(&pos, 0), Some(losing));
    }

    /// Fimbriation's `board` with `seat` to move (move 10, no rights).
    fn fimbriation(board: &str, seat: &str) -> crate::variants::fimbriation::Fimbriation {
        crate::variants::fimbriation::Fimbriation::from_text(&format!("{board} {seat} - - - 0 10")).unwrap()
    }

    /// Quiescence's score of `pos` for the root seat of `root`, with a fresh search, and the
    /// static evaluation it would stand pat on.
    fn quiescence_and_stand_pat(
        root: &crate::variants::fimbriation::Fimbriation,
        pos: &crate::variants::fimbriation::Fimbriation,
    ) -> (i32, i32) {
        use crate::core::Game;
        use crate::search::tt::TranspositionTable;
        use std::sync::Arc;
        use std::time::Duration;
        let limits = Limits::default();
        let ctx = Context::new(Arc::new(TranspositionTable::new(1)), &limits, 1, Duration::ZERO);
        let mut search = MultiSearch::new(&ctx, &limits, root, &[], MultiSeatSearch::BestReply);
        (search.quiesce(pos, 0, 0, -INFINITE, INFINITE), pos.evaluate_for(root.to_move()))
    }

    #[test]
    fn a_seat_in_check_does_not_stand_pat_in_quiescence() {
        // Red to move, its King d4 attacked by Yellow's Rook a4, its Queen g5 by Blue's Rook
        // n5 (Blue's King is on l6, off the Rook's rank). Red must move its King (nothing can
        // block or take), and Blue then takes the Queen: standing pat would keep the Queen (M7).
        let board = "***8***/***8***/***8***/3gK6yK3/14/5****5/5****5/5****5/5****2bK2/6rQ6bR/yR2rK10/***8***/***8***/***8***";
        let pos = fimbriation(board, "r");
        assert!(pos.in_check());
        let (score, stand) = quiescence_and_stand_pat(&pos, &pos);
        assert!(score < stand - 500, "quiescence {score}, standing pat {stand}");
    }

    #[test]
    fn a_piece_only_a_later_opponent_attacks_is_seen_to_hang_in_quiescence() {
        // Red's Queen g5 is attacked by Yellow's Rook n5 alone, and Blue, to move, has nothing
        // to capture. Standing pat for Blue would keep the Queen; passing to Yellow loses it.
        let board = "***8***/***8***/***8***/3gK6yK3/14/5****5/5****5/5****5/5****2bK2/6rQ6yR/3rK10/***8***/***8***/***8***";
        let (root, pos) = (fimbriation(board, "r"), fimbriation(board, "b"));
        let mut blue_captures = MoveList::new();
        pos.noisy_moves(&mut blue_captures);
        assert!(blue_captures.is_empty() && !pos.in_check());
        let (score, stand) = quiescence_and_stand_pat(&root, &pos);
        assert!(score < stand - 500, "quiescence {score}, standing pat {stand}");
    }

    #[test]
    fn the_first_ordered_move_is_the_first_of_the_full_order() {
        use crate::core::Game;
        use crate::search::tt::TranspositionTable;
        use crate::variants::fimbriation::Fimbriation;
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        use std::sync::Arc;
        use std::time::Duration;
        let limits = Limits::default();
        let ctx = Context::new(Arc::new(TranspositionTable::new(1)), &limits, 1, Duration::ZERO);
        let start = Fimbriation::start();
        let mut search = MultiSearch::new(&ctx, &limits, &start, &[], MultiSeatSearch::BestReply);
        let mut rng = StdRng::seed_from_u64(11);
        // How the first move was decided: a noisy move that keeps its exchange, a killer, the
        // history, or the full list when the noisy moves all lose theirs.
        let (mut checked, mut by_capture, mut by_killer, mut by_history, mut past_losing) = (0, 0, 0, 0, 0);
        for _game in 0..20 {
            let mut pos = start.clone();
            for ply in 0..250 {
                if pos.outcome().is_some() {
                    break;
                }
                let mut moves = MoveList::new();
                search.ordered_moves(&pos, ply, None, &mut moves);
                let first = search.first_ordered_move(&pos, ply);
                assert_eq!(first, moves.first().copied(), "{}", pos.to_text());
                let first = first.expect("a game not over has a move");
                let mut noisy = MoveList::new();
                pos.noisy_moves(&mut noisy);
                checked += 1;
                if pos.is_noisy(first) && pos.see_ge(first, 0) {
                    by_capture += 1;
                } else if search.killers[ply.min(MAX_PLY)].contains(&Some(first)) {
                    by_killer += 1;
                } else if search.history[pos.history_index(first)] > 0 {
                    by_history += 1;
                }
                past_losing += usize::from(!noisy.is_empty() && noisy.iter().all(|&m| !pos.see_ge(m, 0)));
                // Teach the tables something, so killers and history take part in the order.
                let m = moves[rng.gen_range(0..moves.len())];
                search.reward(&pos, m, ply, rng.gen_range(1..6));
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
        let counts = [checked, by_capture, by_killer, by_history, past_losing];
        assert!(checked > 3_000 && counts[1..].iter().all(|&n| n > 100), "{counts:?}");
    }

    #[test]
    fn option_names_read_back() {
        for name in MultiSeatSearch::NAMES {
            assert_eq!(MultiSeatSearch::from_name(name).map(|a| a.name()), Some(name));
        }
        assert_eq!(MultiSeatSearch::from_name("maxn"), None);
    }
}
