//! One search thread: iterative deepening over principal variation search.
//!
//! The search is generic over [`Searchable`] and never assumes that seats alternate: a child
//! position whose seat to move is the same as its parent's is searched with the same window and
//! sign, any other child with the negated window (two-seat negamax). Multi-seat games use a
//! separate search.

use super::eval_cache::EvalCache;
use super::history::{ContinuationRow, NO_CONTINUATION};
use super::params::*;
use super::time::Limits;
use super::tt::{Bound, TtEntry};
use super::{Context, Searchable};
use crate::core::{MoveList, Outcome, Score};
use arrayvec::ArrayVec;
use std::sync::atomic::Ordering;

const INFINITE: i32 = Score::INFINITE.0;

/// Node kinds as types, so each specialisation of the search is compiled separately.
trait NodeType {
    const PV: bool;
}
struct Pv;
struct NonPv;
impl NodeType for Pv {
    const PV: bool = true;
}
impl NodeType for NonPv {
    const PV: bool = false;
}

/// A root move with what the current and the last iteration found for it.
#[derive(Clone, Debug)]
pub(super) struct RootMove<M> {
    pub mv: M,
    /// Score in this iteration; `-INFINITE` until searched and for moves that failed low.
    pub score: i32,
    pub previous_score: i32,
    pub pv: Vec<M>,
    pub seldepth: usize,
    /// Nodes spent below this move since the search began (time management).
    pub nodes: u64,
}

/// What the main thread learns from its iterations to decide whether to start another.
#[derive(Default)]
struct IterationHistory {
    /// When each finished iteration ended, in order.
    ends: Vec<std::time::Duration>,
    /// Best-move changes between iterations, halved at every iteration so recent ones count most.
    best_move_changes: f64,
    /// The best move and score of the last finished iteration.
    last_best: Option<(u32, i32)>,
}

/// One finished principal variation, for reporting.
#[derive(Clone, Debug)]
pub(super) struct Line<M> {
    pub score: Score,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

type Pvs<M> = ArrayVec<M, MAX_PLY>;

/// The continuation-history rows a node consults: those of the earlier moves of
/// `CONTINUATION_PLIES` that exist and that the parameters ask for, then the empty row.
#[derive(Clone, Copy)]
struct Continuations<'h> {
    rows: [&'h ContinuationRow; CONTINUATION_PLIES.len()],
    /// How many of `rows` are real (the rest are `NO_CONTINUATION`).
    len: usize,
}

impl<'h> Continuations<'h> {
    const NONE: Continuations<'static> =
        Continuations { rows: [&NO_CONTINUATION; CONTINUATION_PLIES.len()], len: 0 };

    /// The sum of the move's scores in every row (read without a loop: ordering does this for
    /// every quiet move).
    #[inline]
    fn score(&self, history_index: usize) -> i32 {
        let [a, b, c] = self.rows;
        a.get(history_index) + b.get(history_index) + c.get(history_index)
    }

    /// The real rows (to be taught).
    fn rows(&self) -> &[&'h ContinuationRow] {
        &self.rows[..self.len]
    }
}

/// The main thread's callback after each iteration: the worker, the depth, the lines found.
pub(super) type Report<'r, 'a, G> =
    dyn FnMut(&Worker<'a, G>, i32, &[Line<<G as crate::core::Game>::Move>]) + 'r;

pub(super) struct Worker<'a, G: Searchable> {
    ctx: &'a Context,
    limits: &'a Limits,
    pub id: usize,
    pub nodes: u64,
    nodes_published: u64,
    seldepth: usize,
    /// Keys of the game before the root and of the current path (for repetition).
    keys: Vec<u64>,
    killers: [[Option<G::Move>; 2]; MAX_PLY],
    pv: Vec<Pvs<G::Move>>,
    static_evals: [i32; MAX_PLY],
    /// The move a singular-extension search at this ply leaves out (see `singular_extension`).
    excluded: [Option<G::Move>; MAX_PLY],
    /// The history slot of the move being searched at each ply of the main search (`None`: a
    /// null move), for the continuation histories of the plies below.
    played: [Option<usize>; MAX_PLY],
    /// The depth of the iteration in progress (bounds how far extensions may reach).
    root_depth: i32,
    evals: EvalCache,
    pub stopped: bool,
    iterations: IterationHistory,
    pub root_moves: Vec<RootMove<G::Move>>,
    pub completed_depth: i32,
}

impl<'a, G: Searchable> Worker<'a, G> {
    pub fn new(
        ctx: &'a Context,
        limits: &'a Limits,
        id: usize,
        history_keys: &[u64],
        root_moves: Vec<G::Move>,
    ) -> Self {
        Worker {
            ctx,
            limits,
            id,
            nodes: 0,
            nodes_published: 0,
            seldepth: 0,
            keys: history_keys.to_vec(),
            killers: [[None; 2]; MAX_PLY],
            pv: vec![Pvs::new(); MAX_PLY + 1],
            static_evals: [0; MAX_PLY],
            excluded: [None; MAX_PLY],
            played: [None; MAX_PLY],
            root_depth: 0,
            evals: EvalCache::default(),
            stopped: false,
            iterations: IterationHistory::default(),
            root_moves: root_moves
                .into_iter()
                .map(|mv| RootMove {
                    mv,
                    score: -INFINITE,
                    previous_score: -INFINITE,
                    pv: vec![mv],
                    seldepth: 0,
                    nodes: 0,
                })
                .collect(),
            completed_depth: 0,
        }
    }

    /// Iterative deepening. The main thread (id 0) reports each finished line through `report`.
    pub fn iterate(&mut self, root: &G, report: &mut Report<'_, 'a, G>) {
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 1).clamp(1, MAX_PLY as i32 - 1);
        let multipv = self.limits.multipv.clamp(1, self.root_moves.len().max(1));
        let mut depth = 1;
        while depth <= max_depth {
            // Helper threads search every other iteration one ply deeper (Lazy SMP diversity).
            let search_depth =
                if self.id > 0 && self.id % 2 == 1 { (depth + 1).min(max_depth) } else { depth };
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
                rm.score = -INFINITE;
            }
            self.root_depth = search_depth;
            for pv_index in 0..multipv {
                self.seldepth = 0;
                self.search_with_aspiration(root, search_depth, pv_index);
                if self.stopped {
                    break;
                }
                // The lines found so far stay in front; the rest keep their order for the next.
                self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.stopped {
                // Keep the last finished iteration's order, unless this one already proved a new
                // best move with a full-window score.
                if self.root_moves[0].score == -INFINITE {
                    self.root_moves.sort_by_key(|rm| std::cmp::Reverse(rm.previous_score));
                    for rm in &mut self.root_moves {
                        rm.score = rm.previous_score;
                    }
                }
                break;
            }
            self.completed_depth = search_depth;
            if self.id == 0 {
                let lines: Vec<Line<G::Move>> = self.root_moves[..multipv]
                    .iter()
                    .map(|rm| Line { score: Score(rm.score), pv: rm.pv.clone(), seldepth: rm.seldepth })
                    .collect();
                report(self, search_depth, &lines);
                self.note_iteration();
                if self.iteration_ends_search(search_depth) {
                    break;
                }
            }
            depth += 1;
        }
    }

    /// Whether the main thread should stop after a finished iteration.
    fn iteration_ends_search(&self, depth: i32) -> bool {
        let best = Score(self.root_moves[0].score);
        if let (Some(n), Some(moves)) = (self.limits.mate, best.mate_moves()) {
            if moves > 0 && moves <= n {
                return true;
            }
        }
        if self.limits.depth.is_some_and(|d| depth >= d) {
            return true;
        }
        // On the clock, a mate found well within the searched depth will not get shorter: stop
        // and save the time. (Reductions can hide a shorter mate at a depth just past its length,
        // so twice the distance; fixed depth, node and time limits search on.)
        let mate_plies = Score::MATE - best.0.abs();
        if self.limits.clock.is_some()
            && !self.ctx.pondering()
            && best.is_mate()
            && depth >= 2 * mate_plies + 2
        {
            return true;
        }
        // A forced move needs no thought when the clock runs.
        if self.root_moves.len() == 1 && self.limits.clock.is_some() && !self.ctx.pondering() {
            return true;
        }
        if self.ctx.pondering() {
            return false;
        }
        !self.ctx.may_start_iteration(self.time_scale()) || self.next_iteration_overruns()
    }

    /// Records a finished iteration: when it ended, and whether the best move changed.
    fn note_iteration(&mut self) {
        self.iterations.ends.push(self.ctx.elapsed());
        let best = (G::pack_move(self.root_moves[0].mv), self.root_moves[0].score);
        self.iterations.best_move_changes *= 0.5;
        if self.iterations.last_best.is_some_and(|(mv, _)| mv != best.0) {
            self.iterations.best_move_changes += 1.0;
        }
        self.iterations.last_best = Some(best);
    }

    /// How much of the soft time limit to use before starting no further iteration: more when
    /// the best move keeps changing, when the score is falling, or when the best move took a
    /// small share of the nodes (the alternatives were hard to refute); less when it is stable.
    fn time_scale(&self) -> f64 {
        let total: u64 = self.root_moves.iter().map(|rm| rm.nodes).sum();
        let best_share = self.root_moves[0].nodes as f64 / total.max(1) as f64;
        let p = &self.ctx.params;
        let h = SearchParams::hundredths;
        let effort = (h(p.time_node_share_pivot) - best_share) * h(p.time_node_share_weight);
        let instability = 1.0 + h(p.time_instability_weight) * self.iterations.best_move_changes;
        let score = self.root_moves[0].score;
        let previous = self.root_moves[0].previous_score;
        let falling = if previous > -INFINITE && score > -INFINITE {
            (1.0 + f64::from(previous - score) / f64::from(p.time_falling_cp))
                .clamp(h(p.time_falling_min), h(p.time_falling_max))
        } else {
            1.0
        };
        (effort * instability * falling).clamp(h(p.time_scale_min), h(p.time_scale_max))
    }

    /// Whether the next iteration, at the growth rate of the last two, would end after the hard
    /// limit: it could not finish, so the time is better kept (Not A Chess Variant's iterations
    /// grow tenfold and more).
    fn next_iteration_overruns(&self) -> bool {
        // Only on the clock: a fixed time per move is spent whole.
        if self.limits.clock.is_none() {
            return false;
        }
        let ends = &self.iterations.ends;
        let [.., before, previous, last] = ends[..] else { return false };
        let (last_took, previous_took) = ((last - previous).as_secs_f64(), (previous - before).as_secs_f64());
        if previous_took <= 0.0 || last_took < TIME_PREDICTION_MIN_SECONDS {
            return false;
        }
        let predicted = last.as_secs_f64() + last_took * (last_took / previous_took);
        self.ctx.hard_limit().is_some_and(|hard| predicted > hard.as_secs_f64())
    }

    fn search_with_aspiration(&mut self, root: &G, depth: i32, pv_index: usize) {
        let previous = self.root_moves[pv_index].previous_score;
        let p = &self.ctx.params;
        let mut delta = p.aspiration_delta;
        let (mut alpha, mut beta) = if depth >= p.aspiration_min_depth && previous.abs() < Score::MATE - 1000
        {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(root, depth, alpha, beta, pv_index);
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn search_root(&mut self, root: &G, depth: i32, mut alpha: i32, beta: i32, pv_index: usize) -> i32 {
        let mut best = -INFINITE;
        let seat = root.to_move();
        self.pv[0].clear();
        for i in pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.played[0] = Some(root.history_index(mv));
            let mut child = root.clone();
            child.play(mv);
            self.keys.push(child.key());
            let nodes_before = self.nodes;
            let extension = i32::from(child.in_check());
            let new_depth = depth - 1 + extension;
            let score = if i == pv_index {
                self.visit::<Pv>(seat, &child, new_depth, 1, alpha, beta)
            } else {
                let mut s = self.visit::<NonPv>(seat, &child, new_depth, 1, alpha, alpha + 1);
                if s > alpha && !self.stopped {
                    s = self.visit::<Pv>(seat, &child, new_depth, 1, alpha, beta);
                }
                s
            };
            self.keys.pop();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Searches `child` and returns its score from the point of view of `parent_seat`, with the
    /// window `(alpha, beta)` in that point of view.
    #[inline]
    fn visit<N: NodeType>(
        &mut self,
        parent_seat: crate::core::Seat,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.to_move() == parent_seat {
            if depth <= 0 {
                self.quiesce::<N>(child, ply, alpha, beta)
            } else {
                self.search::<N>(child, depth, ply, alpha, beta, false)
            }
        } else if depth <= 0 {
            -self.quiesce::<N>(child, ply, -beta, -alpha)
        } else {
            -self.search::<N>(child, depth, ply, -beta, -alpha, true)
        }
    }

    /// Counts a node; every `CHECK_INTERVAL` nodes publishes the count and checks the limits.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if let Some(limit) = self.limits.nodes {
            if self.id == 0 && self.nodes + self.ctx.other_nodes(self.id) >= limit {
                self.ctx.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.nodes - self.nodes_published >= CHECK_INTERVAL {
            self.ctx.publish_nodes(self.id, self.nodes);
            self.nodes_published = self.nodes;
            if self.id == 0 && !self.ctx.pondering() && self.ctx.out_of_time() {
                self.ctx.stop.store(true, Ordering::Relaxed);
            }
        }
        // The first iteration always finishes (it is cheap), so a stop never leaves the search
        // without a searched best move.
        if self.completed_depth >= 1 && self.ctx.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    /// Whether the position at the top of the key stack occurred before within reach.
    fn is_repetition(&self, pos: &G) -> bool {
        let n = self.keys.len();
        let window = pos.reversible_plies().min(n - 1);
        let key = pos.key();
        self.keys[n - 1 - window..n - 1].contains(&key)
    }

    /// The score of a position without legal moves, from the seat to move's view.
    fn terminal_score(pos: &G, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == pos.to_move() => Score::mate_in(ply as i32).0,
            Some(Outcome::Win { .. }) => Score::mated_in(ply as i32).0,
            _ => 0,
        }
    }

    /// Principal variation search of `pos` to `depth` plies in the window `(alpha, beta)`.
    ///
    /// `cut_node` is set for every node whose seat to move is not its parent's (so for every
    /// node where seats alternate, as in every variant; only the tests' double-turn game has
    /// others): such nodes reduce late moves a ply more. It does not tell expected cut nodes
    /// from all nodes: that split lost in self-play (protocol-docs/strength.md, "tried").
    fn search<N: NodeType>(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
    ) -> i32 {
        let p = &self.ctx.params;
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.draw_by_rule() || self.is_repetition(pos) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return pos.evaluate();
        }
        // Mate-distance pruning: no line from here beats a mate already found closer to the root.
        alpha = alpha.max(Score::mated_in(ply as i32).0);
        beta = beta.min(Score::mate_in(ply as i32 + 1).0);
        if alpha >= beta {
            return alpha;
        }

        // A singular-extension search (one move left out) must not take the table's word for
        // this node, which is about all its moves, nor leave its own result there.
        let excluded = self.excluded[ply];
        let key = pos.key();
        let tt_entry = self.ctx.tt.probe(key);
        if !N::PV && excluded.is_none() {
            if let Some(score) = tt_cutoff(tt_entry, depth, ply, alpha, beta) {
                return score;
            }
        }

        let in_check = pos.in_check();
        let static_eval = if in_check { -INFINITE } else { self.corrected_eval(pos, key) };
        self.static_evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];
        // The pruning decisions below use the table's score where its bound says the static
        // evaluation is wrong in that direction: a searched score is the better estimate.
        // (Not in a singular-extension search: the table's score there includes the left-out move.)
        let eval = if in_check || excluded.is_some() {
            static_eval
        } else {
            refine_with_table(static_eval, tt_entry, ply)
        };

        if !N::PV && !in_check && ply > 0 {
            // Reverse futility: far above beta at low depth, assume a cutoff.
            if depth <= p.reverse_futility_max_depth
                && eval - p.reverse_futility_margin(depth, improving) >= beta
                && beta.abs() < Score::MATE - 1000
            {
                return eval;
            }
            // Null move: if passing still beats beta, a real move will too (the variant refuses
            // the pass in zugzwang-prone positions).
            if depth >= p.null_move_min_depth
                && excluded.is_none()
                && eval >= beta
                && beta.abs() < Score::MATE - 1000
            {
                if let Some(passed) = pos.null_move() {
                    let r = p.null_move_reduction(depth, eval - beta);
                    self.played[ply] = None;
                    self.keys.push(passed.key());
                    let score =
                        self.visit::<NonPv>(pos.to_move(), &passed, depth - 1 - r, ply + 1, beta - 1, beta);
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= Score::MATE - 1000 { beta } else { score };
                    }
                }
            }
        }

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Self::terminal_score(pos, ply);
        }
        let tt_move = tt_entry.and_then(|e| e.best);
        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower first; if it matters, the next iteration finds it with a move to try.
        let depth = if depth >= p.iir_min_depth && tt_move.is_none() { depth - 1 } else { depth };
        let continuations = self.continuations(ply);
        let mut order = MoveList::new();
        self.order_moves(pos, &moves, tt_move, ply, &continuations, &mut order);

        let original_alpha = alpha;
        let seat = pos.to_move();
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried: ArrayVec<G::Move, 64> = ArrayVec::new();
        for index in 0..moves.len() {
            let mv = pick_next(&moves, &mut order, index);
            if excluded == Some(mv) {
                continue;
            }
            let noisy = pos.is_noisy(mv);
            // Late-move pruning: at low depth, far down a quiet list, skip the rest.
            if !N::PV
                && !in_check
                && !noisy
                && depth <= p.late_move_pruning_max_depth
                && index >= p.late_move_count(depth)
                && best_score > Score::mated_in(MAX_PLY as i32).0
            {
                continue;
            }
            if !N::PV && !in_check && !noisy && index > 0 && pos.is_hopeless(mv) {
                continue;
            }
            // Futility pruning: near the leaves, a quiet move cannot lift a static evaluation
            // this far below alpha.
            if !N::PV
                && !in_check
                && !noisy
                && depth <= p.futility_max_depth
                && best_score > Score::mated_in(MAX_PLY as i32).0
                && eval + p.futility_margin(depth) <= alpha
            {
                continue;
            }
            // SEE pruning: near the leaves, skip a move that loses material in the exchange it
            // starts (once a move has kept us out of a mate).
            if !N::PV
                && !in_check
                && depth <= p.see_pruning_max_depth
                && best_score > Score::mated_in(MAX_PLY as i32).0
                && !pos.see_ge(mv, p.see_pruning_margin(depth, noisy))
            {
                continue;
            }
            // Singular extension: a table move far better than every other move is searched a
            // ply deeper; if others also beat beta, the node is cut at once (multi-cut).
            let singular = if index == 0 && excluded.is_none() && tt_move == Some(G::pack_move(mv)) {
                match self.singular_extension(pos, mv, tt_entry, depth, ply, beta, cut_node) {
                    Singular::Cut(score) => return score,
                    Singular::Extend(plies) => plies,
                }
            } else {
                0
            };
            if self.stopped {
                return 0;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.ctx.tt.prefetch(child.key());
            let gives_check = child.in_check();
            let extension =
                if singular != 0 { singular } else { i32::from(gives_check && ply < 2 * MAX_PLY / 3) };
            let new_depth = depth - 1 + extension;
            // Only a child searched in full reads the move (quiescence keeps no continuations),
            // and every child of the main search is searched with at least a ply when its
            // `new_depth` is positive.
            if new_depth > 0 {
                self.played[ply] = Some(pos.history_index(mv));
            }
            self.keys.push(child.key());
            let score = if index == 0 {
                self.visit::<N>(seat, &child, new_depth, ply + 1, alpha, beta)
            } else {
                // Late quiet moves are searched shallower first; a surprise gets a full re-search.
                let mut reduction = 0;
                if depth >= p.lmr_min_depth
                    && index >= p.lmr_min_move_index as usize
                    && !noisy
                    && !in_check
                    && !gives_check
                {
                    reduction = p.lmr_reduction(depth, index);
                    if N::PV {
                        reduction -= 1;
                    }
                    if cut_node {
                        reduction += 1;
                    }
                    if p.lmr_history_divisor > 0 {
                        let history_index = pos.history_index(mv);
                        reduction -= self.quiet_score(history_index, &continuations) / p.lmr_history_divisor;
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s =
                    self.visit::<NonPv>(seat, &child, new_depth - reduction, ply + 1, alpha, alpha + 1);
                if s > alpha && reduction > 0 && !self.stopped {
                    s = self.visit::<NonPv>(seat, &child, new_depth, ply + 1, alpha, alpha + 1);
                }
                if N::PV && s > alpha && s < beta && !self.stopped {
                    s = self.visit::<Pv>(seat, &child, new_depth, ply + 1, alpha, beta);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if N::PV {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !noisy {
                            self.reward_quiet(pos, mv, &quiets_tried, depth, ply, &continuations);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                let _ = quiets_tried.try_push(mv);
            }
        }

        if excluded.is_some() {
            // Every other move was pruned or none exists: the left-out move is singular.
            return if best_score == -INFINITE { alpha } else { best_score };
        }
        // Teach the correction history how far the search came out from the static evaluation,
        // where the score says so: not after a capture (the evaluation is not about exchanges),
        // nor from a bound on the wrong side of the evaluation.
        if !in_check
            && best_move.is_none_or(|m| !pos.is_noisy(m))
            && best_score.abs() < Score::MATE - 1000
            && !(best_score >= beta && best_score <= static_eval)
            && !(best_score <= original_alpha && best_score >= static_eval)
        {
            if let Some(k) = pos.correction_key() {
                self.ctx.history.correction.update(pos.to_move(), k, best_score - static_eval, depth);
            }
        }
        self.store_result(key, best_move, best_score, depth, ply, (original_alpha, beta));
        best_score
    }

    /// Searches the node without its table move `mv`, at half depth and just below the table's
    /// score (a lower bound or exact, from nearly this depth): if no other move comes close,
    /// `mv` is singular and gets a ply more; if the others beat beta as well, the node fails
    /// high without searching `mv` (multi-cut); if only the table said `mv` beats beta, it is
    /// searched a ply shallower.
    #[allow(clippy::too_many_arguments)]
    fn singular_extension(
        &mut self,
        pos: &G,
        mv: G::Move,
        tt_entry: Option<TtEntry>,
        depth: i32,
        ply: usize,
        beta: i32,
        cut_node: bool,
    ) -> Singular {
        let Some(entry) = tt_entry else { return Singular::Extend(0) };
        let tt_score = entry.score.from_tt(ply as i32).0;
        // (Never the root: `search_root` searches the root's moves, `search` starts at ply 1.)
        let p = &self.ctx.params;
        if depth < p.singular_min_depth
            || entry.bound == Bound::Upper
            || entry.depth < depth - p.singular_tt_depth_margin
            || tt_score.abs() >= Score::MATE - 1000
            || ply as i32 >= 2 * self.root_depth
        {
            return Singular::Extend(0);
        }
        let singular_beta = tt_score - p.singular_margin(depth);
        self.excluded[ply] = Some(mv);
        let score =
            self.search::<NonPv>(pos, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, cut_node);
        self.excluded[ply] = None;
        if self.stopped {
            Singular::Extend(0)
        } else if score < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if tt_score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }

    fn quiesce<N: NodeType>(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.draw_by_rule() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return pos.evaluate();
        }
        let key = pos.key();
        let tt_entry = self.ctx.tt.probe(key);
        if !N::PV {
            if let Some(score) = tt_cutoff(tt_entry, 0, ply, alpha, beta) {
                return score;
            }
        }
        let in_check = pos.in_check();
        let mut best_score = -INFINITE;
        if !in_check {
            // Stand pat: the side to move may decline every capture.
            let static_eval = self.corrected_eval(pos, key);
            best_score = refine_with_table(static_eval, tt_entry, ply);
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
            if pos.only_quiet_moves() {
                // No capture to try: what the loop below would store and return for an empty
                // list of noisy moves.
                self.store_result(key, None, best_score, 0, ply, (alpha, beta));
                return best_score;
            }
        }
        let mut moves = MoveList::new();
        if !pos.quiescence_moves(in_check, &mut moves) {
            return Self::terminal_score(pos, ply);
        }
        // (No continuation history here: quiescence does not record the moves it plays.)
        let mut order = MoveList::new();
        self.order_moves(pos, &moves, tt_entry.and_then(|e| e.best), ply, &Continuations::NONE, &mut order);
        let seat = pos.to_move();
        let original_alpha = alpha;
        let mut best_move = None;
        for index in 0..moves.len() {
            let mv = pick_next(&moves, &mut order, index);
            // A capture that loses material in its exchange cannot raise a stand-pat score.
            if !in_check && best_score > Score::mated_in(MAX_PLY as i32).0 && !pos.see_ge(mv, 0) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.ctx.tt.prefetch(child.key());
            self.keys.push(child.key());
            let score = self.visit::<N>(seat, &child, 0, ply + 1, alpha, beta);
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if N::PV {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.store_result(key, best_move, best_score, 0, ply, (original_alpha, beta));
        best_score
    }

    /// The static evaluation (cached by position) plus the correction history's correction.
    #[inline]
    fn corrected_eval(&mut self, pos: &G, key: u64) -> i32 {
        let raw = self.evals.get_or_insert(key, || pos.evaluate());
        match pos.correction_key() {
            Some(k) => {
                let bound = Score::MATE - 1000;
                (raw + self.ctx.history.correction.get(pos.to_move(), k)).clamp(-bound, bound)
            }
            None => raw,
        }
    }

    /// Stores a node's result: a lower bound after a cutoff, exact when a move raised alpha,
    /// else an upper bound (`window` is the node's original alpha and beta).
    fn store_result(
        &self,
        key: u64,
        best_move: Option<G::Move>,
        best_score: i32,
        depth: i32,
        ply: usize,
        (original_alpha, beta): (i32, i32),
    ) {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = TtEntry {
            best: best_move.map(G::pack_move),
            score: Score(best_score).to_tt(ply as i32),
            depth,
            bound,
        };
        self.ctx.tt.store(key, entry);
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        for &m in tail[0].iter().take(MAX_PLY - 1) {
            line.push(m);
        }
    }

    /// The continuation-history rows of the moves played 1, 2 and 4 plies before the node at
    /// `ply` (as many as the `continuation_plies` parameter asks for), which order and reduce the
    /// node's quiet moves.
    fn continuations(&self, ply: usize) -> Continuations<'a> {
        let ctx: &'a Context = self.ctx;
        let mut continuations = Continuations::NONE;
        let wanted = ctx.params.continuation_plies.clamp(0, CONTINUATION_PLIES.len() as i32) as usize;
        for &back in &CONTINUATION_PLIES[..wanted] {
            if let Some(slot) = ply.checked_sub(back).and_then(|p| self.played[p]) {
                continuations.rows[continuations.len] = ctx.history.continuation.row(slot);
                continuations.len += 1;
            }
        }
        continuations
    }

    /// A quiet move's history score: its quiet history plus its continuation histories.
    #[inline]
    fn quiet_score(&self, history_index: usize, continuations: &Continuations) -> i32 {
        self.ctx.history.quiet.get(history_index) + continuations.score(history_index)
    }

    /// Ordering keys (see [`order_key`]) into `order`, parallel to `moves`: TT move, noisy moves that do not lose
    /// their exchange by MVV/LVA, killers, quiet moves by history, then the losing noisy moves.
    /// (The caller's buffer: a list of keys is 16 KB, too big to return by value at every node.)
    fn order_moves(
        &self,
        pos: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<u32>,
        ply: usize,
        continuations: &Continuations,
        order: &mut MoveList<i64>,
    ) {
        order.clear();
        let context = pos.order_context();
        for (index, &m) in moves.iter().enumerate() {
            let key = if tt_move == Some(G::pack_move(m)) {
                ORDER_TT_MOVE
            } else if pos.is_noisy(m) {
                let tier = if pos.see_ge(m, 0) { ORDER_NOISY } else { ORDER_LOSING_NOISY };
                tier + pos.noisy_order(m)
            } else if self.killers[ply][0] == Some(m) {
                ORDER_KILLER[0]
            } else if self.killers[ply][1] == Some(m) {
                ORDER_KILLER[1]
            } else {
                self.quiet_score(pos.history_index(m), continuations) + pos.quiet_order(&context, m)
            };
            order.push(order_key(key, index));
        }
    }

    /// A quiet move caused a cutoff: remember it as a killer, raise its histories and lower the
    /// histories of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &G,
        mv: G::Move,
        tried: &[G::Move],
        depth: i32,
        ply: usize,
        continuations: &Continuations,
    ) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let bonus = self.ctx.params.history_bonus(depth);
        let history = &self.ctx.history;
        let reward = |m: G::Move, delta: i32| {
            let index = pos.history_index(m);
            history.quiet.add(index, delta);
            for row in continuations.rows() {
                row.add(index, delta);
            }
        };
        reward(mv, bonus);
        for &m in tried {
            reward(m, -bonus);
        }
    }
}

/// What a singular-extension search decided for the table move.
enum Singular {
    /// Search it this many plies deeper (negative: shallower).
    Extend(i32),
    /// The node fails high with this score without searching it (multi-cut).
    Cut(i32),
}

/// The score a table entry proves for this node, if it is deep enough and its bound decides
/// the window.
#[inline]
fn tt_cutoff(entry: Option<TtEntry>, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let e = entry.filter(|e| e.depth >= depth)?;
    let score = e.score.from_tt(ply as i32).0;
    let decides = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    decides.then_some(score)
}

/// The static evaluation, or the table's score for the node where its bound shows the static
/// evaluation to be too high (an upper bound below it) or too low (a lower bound above it).
/// Mate scores are left out: they are exact about a line, not an estimate of the position.
#[inline]
fn refine_with_table(static_eval: i32, entry: Option<TtEntry>, ply: usize) -> i32 {
    let Some(e) = entry else { return static_eval };
    let score = e.score.from_tt(ply as i32).0;
    if score.abs() >= Score::MATE - 1000 {
        return static_eval;
    }
    let better = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score > static_eval,
        Bound::Upper => score < static_eval,
    };
    if better {
        score
    } else {
        static_eval
    }
}

/// The ordering key of the move at `index` in the node's list: its score above, its place in
/// the list below (earlier first among equal scores). Keys are unique, so the order of a node's
/// moves is a property of the keys alone, however they are sorted.
#[inline]
fn order_key(score: i32, index: usize) -> i64 {
    // The place takes the low 16 bits: every index of a move list must fit there.
    const _: () = assert!(crate::core::MAX_MOVES <= 0x10000);
    (i64::from(score) << 16) | (0xFFFF - index as i64)
}

/// The index in the node's list of the move whose key this is.
#[inline]
fn key_index(key: i64) -> usize {
    0xFFFF - (key & 0xFFFF) as usize
}

/// The move to try `index`-th: a scan for the best remaining key for the first few (a cutoff
/// there usually ends the node), then the rest sorted once. The move list itself is left as
/// generated; the keys name the moves.
#[inline]
fn pick_next<M: Copy>(moves: &MoveList<M>, keys: &mut MoveList<i64>, index: usize) -> M {
    if index < PICKED_MOVES {
        let mut best = index;
        for j in index + 1..keys.len() {
            if keys[j] > keys[best] {
                best = j;
            }
        }
        keys.swap(index, best);
    } else if index == PICKED_MOVES {
        keys[index..].sort_unstable_by(|a, b| b.cmp(a));
    }
    moves[key_index(keys[index])]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order a node tries its moves in: by score, ties in generated order, the same whether
    /// a move was picked by the scan or came out of the sort.
    #[test]
    fn moves_come_by_score_and_ties_in_generated_order() {
        let scores = [5, -3, 9, 5, 0, 9, 5, -3, 12, 0, 5, 1];
        let moves: MoveList<usize> = (0..scores.len()).collect();
        let mut keys: MoveList<i64> = scores.iter().enumerate().map(|(i, &s)| order_key(s, i)).collect();
        let picked: Vec<usize> = (0..moves.len()).map(|i| pick_next(&moves, &mut keys, i)).collect();
        let mut expected: Vec<usize> = (0..scores.len()).collect();
        expected.sort_by_key(|&i| (std::cmp::Reverse(scores[i]), i));
        assert_eq!(picked, expected);
        assert!(moves.len() > PICKED_MOVES, "the sort must be reached");
        // The extreme scores keep their place too.
        for (i, score) in [(0, ORDER_TT_MOVE), (2047, ORDER_LOSING_NOISY - 5000)] {
            assert_eq!(key_index(order_key(score, i)), i);
            assert!(order_key(score, i) > order_key(score, i + 1));
        }
    }
}
