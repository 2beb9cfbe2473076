//! Search, generic over [`Searchable`] games: iterative deepening PVS with a shared
//! transposition table, Lazy SMP threads, multi-PV, pondering and time management.
//!
//! The search knows nothing of protocols (the layers: core, variants, search and eval, protocol and tools; no upward imports): it takes a game record and
//! [`Limits`], and emits [`Event`]s, with moves already rendered as canonical tokens.

mod eval_cache;
mod history;
mod multi;
pub mod params;
mod skill;
mod time;
mod traits;
pub mod tt;
mod worker;

#[cfg(test)]
mod tests;

pub use history::{ContinuationHistory, ContinuationRow, CorrectionHistory, QuietHistory, SearchHistory};
pub use multi::MultiSeatSearch;
pub use params::{ParamError, SearchParams};
pub use skill::Skill;
pub use time::{Clock, Limits, TimeBudget};
pub use traits::{Searchable, HISTORY_SIZE};
pub use tt::TranspositionTable;

use crate::core::{Game, MoveList, Outcome, Record, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use worker::{Line, Worker};

/// Stack for search threads: the recursion keeps a move list per ply.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// One finished line of an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    /// 1-based index of the line (UCI `multipv`).
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// The principal variation, canonical tokens.
    pub pv: Vec<String>,
}

/// The search's conclusion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// `None` when the side to move has no legal move (or every move was excluded).
    pub best: Option<String>,
    /// The expected reply, for pondering.
    pub ponder: Option<String>,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Info(Info),
    BestMove(BestMove),
}

/// State shared by the threads of one search and the engine that started it.
pub struct Context {
    pub tt: Arc<TranspositionTable>,
    pub stop: AtomicBool,
    pondering: AtomicBool,
    budget: Mutex<TimeBudget>,
    limits_for_budget: Limits,
    overhead: Duration,
    thread_nodes: Vec<AtomicU64>,
    /// The algorithm for games of more than two seats.
    multi_seat: MultiSeatSearch,
    /// The engine's histories (kept across moves; fresh for a context of its own).
    history: Arc<SearchHistory>,
    /// Margins, reductions and time management (search/params.rs).
    params: SearchParams,
}

impl Context {
    pub fn new(tt: Arc<TranspositionTable>, limits: &Limits, threads: usize, overhead: Duration) -> Context {
        let start = Instant::now();
        Context {
            tt,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
            budget: Mutex::new(TimeBudget::new(limits, start, overhead, &SearchParams::default())),
            limits_for_budget: limits.clone(),
            overhead,
            thread_nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            multi_seat: MultiSeatSearch::default(),
            history: Arc::default(),
            params: SearchParams::default(),
        }
    }

    /// The same context with other search parameters (the time budget recomputed with them).
    pub fn with_params(mut self, params: SearchParams) -> Context {
        let start = self.budget().start;
        let budget = TimeBudget::new(&self.limits_for_budget, start, self.overhead, &params);
        *self.budget.get_mut().unwrap_or_else(|e| e.into_inner()) = budget;
        self.params = params;
        self
    }

    /// The same context sharing the engine's histories.
    pub fn with_history(mut self, history: Arc<SearchHistory>) -> Context {
        self.history = history;
        self
    }

    /// The same context with another multi-seat algorithm.
    pub fn with_multi_seat(mut self, algorithm: MultiSeatSearch) -> Context {
        self.multi_seat = algorithm;
        self
    }

    fn budget(&self) -> TimeBudget {
        *self.budget.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the search goes on as if it had started when the
    /// pondering did (as in Stockfish), so the time spent pondering counts towards this move's
    /// budget; with the time limits of `limits` when the GUI sent a fresh clock (CECP `time`),
    /// else those the search started with.
    pub fn ponderhit(&self, limits: Option<&Limits>) {
        let limits = limits.unwrap_or(&self.limits_for_budget);
        let fresh = TimeBudget::new(limits, self.budget().start, self.overhead, &self.params);
        *self.budget.lock().unwrap_or_else(|e| e.into_inner()) = fresh;
        self.pondering.store(false, Ordering::Relaxed);
    }

    pub fn request_stop(&self) {
        self.pondering.store(false, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn out_of_time(&self) -> bool {
        self.budget().out_of_time()
    }

    /// Whether another iteration is worth starting, with the soft limit scaled by `scale`.
    fn may_start_iteration(&self, scale: f64) -> bool {
        self.budget().may_start_iteration(scale)
    }

    fn hard_limit(&self) -> Option<Duration> {
        if self.pondering() {
            None
        } else {
            self.budget().hard
        }
    }

    fn elapsed(&self) -> Duration {
        self.budget().elapsed()
    }

    fn publish_nodes(&self, thread: usize, nodes: u64) {
        self.thread_nodes[thread].store(nodes, Ordering::Relaxed);
    }

    /// Nodes published by every thread but `thread`.
    fn other_nodes(&self, thread: usize) -> u64 {
        self.thread_nodes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != thread)
            .map(|(_, n)| n.load(Ordering::Relaxed))
            .sum()
    }

    pub fn total_nodes(&self) -> u64 {
        self.thread_nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Renders a line of actions from `root` as canonical turn tokens, stopping at anything illegal
/// (a PV taken from the table after a hash collision) and dropping a turn the line leaves
/// unfinished.
fn render_line<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut turn_start = root.clone();
    let mut turn: Vec<G::Move> = Vec::new();
    let mut tokens = Vec::with_capacity(line.len());
    for &m in line {
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        if !legal.contains(&m) {
            break;
        }
        pos.play(m);
        turn.push(m);
        if !pos.mid_turn() {
            tokens.push(turn_start.render_turn(&turn));
            turn.clear();
            turn_start = pos.clone();
        }
    }
    tokens
}

/// The actions of the first turn of `line`. Where the line stops inside that turn (a truncated
/// PV), the rest is chosen by the table's move or else by static evaluation, so the engine
/// always answers with a whole turn.
fn first_turn<G: Searchable>(root: &G, line: &[G::Move], tt: &TranspositionTable) -> Vec<G::Move> {
    let mut pos = root.clone();
    let mut turn = Vec::new();
    let mut rest = line.iter();
    loop {
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let Some(&first_legal) = legal.first() else { break };
        let from_line = rest.next().copied().filter(|m| legal.contains(m));
        let from_table = || {
            let packed = tt.probe(pos.key()).and_then(|e| e.best)?;
            legal.iter().copied().find(|&m| G::pack_move(m) == packed)
        };
        let by_eval = || {
            let seat = pos.to_move();
            legal
                .iter()
                .copied()
                .max_by_key(|&m| {
                    let mut child = pos.clone();
                    child.play(m);
                    if child.to_move() == seat {
                        child.evaluate()
                    } else {
                        -child.evaluate()
                    }
                })
                .unwrap_or(first_legal)
        };
        let m = from_line.or_else(from_table).unwrap_or_else(by_eval);
        pos.play(m);
        turn.push(m);
        if !pos.mid_turn() {
            break;
        }
    }
    turn
}

/// The root moves the limits allow: all legal moves, or the `searchmoves`, minus the `excluded`.
/// Tokens name whole turns; where a turn has several actions, `searchmoves` allows its first
/// action (exclusion works on one-action turns only).
fn root_moves<G: Game>(root: &G, limits: &Limits) -> Vec<G::Move> {
    let mut legal = MoveList::new();
    root.legal_moves(&mut legal);
    let first_actions = |tokens: &[String]| -> Vec<G::Move> {
        tokens
            .iter()
            .filter_map(|t| root.parse_turn(t).ok())
            .filter_map(|turn| turn.first().copied())
            .collect()
    };
    let allowed = first_actions(&limits.searchmoves);
    let excluded: Vec<G::Move> = limits
        .excluded
        .iter()
        .filter_map(|t| root.parse_turn(t).ok())
        .filter(|turn| turn.len() == 1)
        .map(|turn| turn[0])
        .collect();
    legal
        .into_iter()
        .filter(|m| (limits.searchmoves.is_empty() || allowed.contains(m)) && !excluded.contains(m))
        .collect()
}

/// UCI: after `go infinite`, or while pondering, the best move waits for `stop` or `ponderhit`.
fn hold_until_released(limits: &Limits, ctx: &Context) {
    while (limits.infinite || ctx.pondering()) && !ctx.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Searches the current position of `record` within `limits`, on `threads` threads sharing
/// `ctx`, reporting through `on_event`; returns when the search is over (for `infinite` and
/// `ponder` searches, only after a stop or ponder hit). The last event is the [`BestMove`].
pub fn think<G: Searchable>(
    record: &Record<G>,
    limits: &Limits,
    ctx: &Context,
    threads: usize,
    on_event: &mut dyn FnMut(Event),
) -> BestMove {
    // Weakened play (skill.rs): a shallower search over more lines; a chosen line is played.
    let weakened = limits.skill.map(|skill| skill.limits(limits));
    let limits = weakened.as_ref().unwrap_or(limits);
    let root = record.position();
    // A four-seat game ends at once on a draw by repetition or by the move rule (M8), as on a
    // win: nothing is searched. In two-seat games those draws are claims that the GUI makes,
    // and the search plays on (protocol-docs/uci.md).
    let finished = root.seats() > 2 && record.outcome().is_some();
    if root.seats() > 2 && !finished {
        return multi::think(record, limits, ctx, on_event);
    }
    root.debug_validate();
    let moves = if finished { Vec::new() } else { root_moves(root, limits) };
    ctx.tt.new_search();
    let keys = record.keys();
    let mut best = BestMove { best: None, ponder: None, score: Score::DRAW, depth: 0, nodes: 0 };
    if !moves.is_empty() {
        std::thread::scope(|scope| {
            for id in 1..threads.max(1) {
                let moves = moves.clone();
                let spawned = std::thread::Builder::new().stack_size(SEARCH_STACK_BYTES).spawn_scoped(
                    scope,
                    move || {
                        let mut helper = Worker::<G>::new(ctx, limits, id, keys, moves);
                        helper.iterate(root, &mut |_, _, _| {});
                    },
                );
                if let Err(e) = spawned {
                    log::warn!("could not start search thread {id}: {e}");
                }
            }
            let mut main = Worker::<G>::new(ctx, limits, 0, keys, moves);
            // The first line of the last report: depth, score and pv.
            let mut last_reported: Option<(i32, Score, Vec<String>)> = None;
            let mut report = |w: &Worker<G>, depth: i32, lines: &[Line<G::Move>]| {
                ctx.publish_nodes(0, w.nodes);
                let nodes = ctx.total_nodes();
                let time = ctx.elapsed();
                let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
                for (i, line) in lines.iter().enumerate() {
                    let pv = render_line(root, &line.pv);
                    if i == 0 {
                        last_reported = Some((depth, line.score, pv.clone()));
                    }
                    on_event(Event::Info(Info {
                        depth,
                        seldepth: line.seldepth.max(depth as usize),
                        multipv: i + 1,
                        score: line.score,
                        nodes,
                        nps,
                        time,
                        hashfull: ctx.tt.hashfull(),
                        pv,
                    }));
                }
            };
            main.iterate(root, &mut report);
            hold_until_released(limits, ctx);
            ctx.stop.store(true, Ordering::Relaxed);
            ctx.publish_nodes(0, main.nodes);
            let chosen = limits.skill.map_or(0, |skill| {
                let lines = limits.multipv.clamp(1, main.root_moves.len());
                let scores: Vec<Option<i32>> = main.root_moves[..lines]
                    .iter()
                    .map(|rm| (rm.score > -Score::INFINITE.0).then_some(rm.score))
                    .collect();
                skill.choose(&scores, root.key())
            });
            let rm = &main.root_moves[chosen];
            let turn = first_turn(root, &rm.pv, &ctx.tt);
            let line = render_line(root, &rm.pv);
            let pv_has_turn = rm.pv.get(..turn.len()) == Some(&turn[..]);
            best = BestMove {
                best: Some(root.render_turn(&turn)),
                ponder: if pv_has_turn { line.get(1).cloned() } else { None },
                score: Score(rm.score),
                depth: main.completed_depth,
                nodes: 0,
            };
            // The last word before `bestmove` is a complete line that starts with it (and the
            // ponder move): an unfinished iteration may have changed the move since the last
            // report, which is then repeated as it now stands.
            let depth = main.completed_depth.max(1);
            let pv: Vec<String> = if pv_has_turn { line } else { best.best.iter().cloned().collect() };
            if last_reported != Some((depth, best.score, pv.clone())) {
                let (nodes, time) = (ctx.total_nodes(), ctx.elapsed());
                on_event(Event::Info(Info {
                    depth,
                    seldepth: rm.seldepth.max(depth as usize),
                    multipv: 1,
                    score: best.score,
                    nodes,
                    nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
                    time,
                    hashfull: ctx.tt.hashfull(),
                    pv,
                }));
            }
        });
    } else {
        // No move to search. A game over says so first, as Stockfish does (`score mate 0` for
        // the side that is mated, `cp 0` for a draw), so a GUI sees why the answer is `0000`.
        if let Some(outcome) = record.outcome() {
            best.score = match outcome {
                Outcome::Win { winner, .. } if winner != root.to_move() => Score::mated_in(0),
                Outcome::Win { .. } => Score::mate_in(0),
                _ => Score::DRAW,
            };
            on_event(Event::Info(Info {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score: best.score,
                nodes: 0,
                nps: 0,
                time: ctx.elapsed(),
                hashfull: ctx.tt.hashfull(),
                pv: Vec::new(),
            }));
        }
        hold_until_released(limits, ctx);
    }
    best.nodes = ctx.total_nodes();
    on_event(Event::BestMove(best.clone()));
    best
}

/// The engine: a transposition table and options that persist between searches, and at most
/// one search running in the background.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    /// Learnt by every search of the game, like the table (search/history.rs).
    history: Arc<SearchHistory>,
    threads: usize,
    move_overhead: Duration,
    multi_seat: MultiSeatSearch,
    /// Margins, reductions and time management; set by name for tuning (search/params.rs).
    params: SearchParams,
    running: Option<(Arc<Context>, JoinHandle<BestMove>)>,
}

pub const DEFAULT_HASH_MB: usize = 16;

/// A transposition table size that was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashSizeError {
    pub requested: usize,
    pub limit: usize,
}

impl std::fmt::Display for HashSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "hash size {} MB refused (1 to {} MB on this machine)", self.requested, self.limit)
    }
}

impl std::error::Error for HashSizeError {}

/// The largest table allowed: [`MAX_HASH_MB`], and at most half the machine's memory where the
/// system tells it (Linux `/proc/meminfo`), so a typo cannot swap the machine to death.
pub fn max_hash_mb() -> usize {
    let total_mb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb / 1024)
    });
    total_mb.map_or(MAX_HASH_MB, |mb| (mb / 2).clamp(1, MAX_HASH_MB))
}
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_THREADS: usize = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 50;

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            history: Arc::default(),
            threads: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            multi_seat: MultiSeatSearch::default(),
            params: SearchParams::default(),
            running: None,
        }
    }

    /// Resizes the table (stopping any search). Sizes above [`max_hash_mb`] or that cannot be
    /// allocated are refused and the old table is kept.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), HashSizeError> {
        let limit = max_hash_mb();
        if megabytes == 0 || megabytes > limit {
            return Err(HashSizeError { requested: megabytes, limit });
        }
        self.stop();
        // Free the old table first so old and new need not fit together.
        self.tt = Arc::new(TranspositionTable::new(1));
        match TranspositionTable::try_new(megabytes) {
            Some(tt) => {
                self.tt = Arc::new(tt);
                Ok(())
            }
            None => Err(HashSizeError { requested: megabytes, limit }),
        }
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// Sets one search parameter by name (tuning; search/params.rs). Takes effect from the next
    /// search; on an error nothing changes.
    pub fn set_param(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        self.params.set(name, value)
    }

    /// Chooses the algorithm for games of more than two seats (`MultiSeatSearch` option).
    pub fn set_multi_seat(&mut self, algorithm: MultiSeatSearch) {
        self.multi_seat = algorithm;
    }

    pub fn multi_seat(&self) -> MultiSeatSearch {
        self.multi_seat
    }

    /// Forgets everything learnt (UCI `ucinewgame`, CECP `new`).
    pub fn new_game(&mut self) {
        self.stop();
        self.tt.clear();
        self.history.clear();
    }

    /// Starts searching in the background; events go to `on_event` from the search thread.
    /// A search already running is stopped first.
    pub fn start<G: Searchable>(
        &mut self,
        record: Record<G>,
        limits: Limits,
        mut on_event: impl FnMut(Event) + Send + 'static,
    ) {
        self.stop();
        self.history.age();
        let ctx = Arc::new(
            Context::new(Arc::clone(&self.tt), &limits, self.threads, self.move_overhead)
                .with_multi_seat(self.multi_seat)
                .with_history(Arc::clone(&self.history))
                .with_params(self.params),
        );
        let threads = self.threads;
        let thread_ctx = Arc::clone(&ctx);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || think(&record, &limits, &thread_ctx, threads, &mut on_event));
        match spawned {
            Ok(handle) => self.running = Some((ctx, handle)),
            Err(e) => log::error!("could not start the search thread: {e}"),
        }
    }

    /// Stops the running search, waits for it, and returns its result (also sent as the last
    /// event). `None` if no search was started since the last stop.
    pub fn stop(&mut self) -> Option<BestMove> {
        let (ctx, handle) = self.running.take()?;
        ctx.request_stop();
        handle.join().ok()
    }

    /// The expected move was played: the ponder search becomes a timed search. `limits` gives
    /// the clock as it is now, where the protocol has it (CECP); `None` keeps the clock the
    /// ponder search was started with (UCI `go ponder ... wtime ...`).
    pub fn ponderhit(&self, limits: Option<&Limits>) {
        if let Some((ctx, _)) = &self.running {
            ctx.ponderhit(limits);
        }
    }

    /// A blocking search on the calling thread's behalf (CLI `analyze`, `bench`, tests).
    pub fn search<G: Searchable>(
        &mut self,
        record: &Record<G>,
        limits: &Limits,
        on_event: &mut (dyn FnMut(Event) + Send),
    ) -> BestMove {
        self.stop();
        self.history.age();
        let ctx = Context::new(Arc::clone(&self.tt), limits, self.threads, self.move_overhead)
            .with_multi_seat(self.multi_seat)
            .with_history(Arc::clone(&self.history))
            .with_params(self.params);
        let threads = self.threads;
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(s, || think(record, limits, &ctx, threads, on_event))
                .map(|h| h.join().unwrap_or_else(|_| panic!("search thread panicked")))
                .unwrap_or_else(|e| panic!("cannot start the search thread: {e}"))
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
