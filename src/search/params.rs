//! Every search margin and reduction, named, in one place.

/// Plies the search tree may reach (killer and PV tables are this deep).
pub const MAX_PLY: usize = 128;

/// Aspiration window half-width at the start of an iteration, in centipawns.
pub const ASPIRATION_DELTA: i32 = 25;
/// Iterations before aspiration windows are used (shallow scores swing too much).
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Reverse futility pruning: prune when static eval beats beta by this much per ply.
pub const fn reverse_futility_margin(depth: i32, improving: bool) -> i32 {
    80 * depth - if improving { 40 } else { 0 }
}
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 7;

/// Null-move pruning: minimum depth, and the reduction.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The further the static evaluation is above beta, the more (up to 3 plies) is reduced.
pub const fn null_move_reduction(depth: i32, eval_over_beta: i32) -> i32 {
    let margin = eval_over_beta / 200;
    3 + depth / 4 + if margin < 3 { margin } else { 3 }
}

/// Futility pruning of quiet moves: up to this depth, when the static evaluation plus the margin
/// does not reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 8;
pub const fn futility_margin(depth: i32) -> i32 {
    90 + 60 * depth
}

/// Internal iterative reduction: from this depth, a node without a table move loses a ply.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Singular extensions: from this depth, for a table move whose entry is at most this many
/// plies shallower than the node.
pub const SINGULAR_MIN_DEPTH: i32 = 7;
pub const SINGULAR_TT_DEPTH_MARGIN: i32 = 3;
/// How far below the table's score every other move must stay for the table move to be
/// singular.
pub const fn singular_margin(depth: i32) -> i32 {
    2 * depth
}

/// Late-move reductions start at this depth and this move index.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVE_INDEX: usize = 3;

/// Late-move reduction in plies for a quiet move, from depth and move index.
pub fn lmr_reduction(depth: i32, move_index: usize) -> i32 {
    let r = 0.75 + (depth.max(1) as f64).ln() * (move_index.max(1) as f64).ln() / 2.25;
    r as i32
}

/// Late-move pruning: at shallow depth, quiet moves beyond this count are skipped.
pub const fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}
pub const LATE_MOVE_PRUNING_MAX_DEPTH: i32 = 4;

/// SEE pruning: up to this depth, a move whose exchange loses more than the margin is skipped
/// (quiet moves: linear in depth; captures, which already won something: quadratic).
pub const SEE_PRUNING_MAX_DEPTH: i32 = 8;
pub const fn see_pruning_margin(depth: i32, noisy: bool) -> i32 {
    if noisy {
        -20 * depth * depth
    } else {
        -64 * depth
    }
}

/// History updates: bonus per depth, and the value the tables saturate at.
pub const fn history_bonus(depth: i32) -> i32 {
    let d = if depth > 16 { 16 } else { depth };
    d * d * 16
}
pub const HISTORY_MAX: i32 = 16_384;

/// Correction history (search/history.rs): slots per seat, the resolution of an entry (units
/// per centipawn) and its bound (±64 cp).
pub const CORRECTION_SIZE: usize = 16_384;
pub const CORRECTION_GRAIN: i32 = 64;
pub const CORRECTION_LIMIT: i32 = 64 * CORRECTION_GRAIN;

/// Move-ordering tiers (TT move first, then noisy moves, killers, then quiet moves by history).
pub const ORDER_TT_MOVE: i32 = 1 << 30;
pub const ORDER_NOISY: i32 = 1 << 24;
pub const ORDER_KILLER: [i32; 2] = [(1 << 22) + 1, 1 << 22];
/// Moves picked by a scan for the best remaining one before the rest of a node's list is
/// sorted once (most cutoffs come from the first few moves).
pub const PICKED_MOVES: usize = 4;
/// Noisy moves that lose their exchange: after every quiet move (history stays within
/// +-HISTORY_MAX plus the variant's small quiet bonus).
pub const ORDER_LOSING_NOISY: i32 = -(1 << 24);

/// Time management (the soft limit's scale, `Worker::time_scale`): the best move's share of the
/// root nodes against a pivot, so that a best move that took all the nodes scales by
/// (pivot - 1) * weight and one that took few by about pivot * weight.
pub const TIME_NODE_SHARE_PIVOT: f64 = 1.6;
pub const TIME_NODE_SHARE_WEIGHT: f64 = 1.2;
/// Each recent best-move change adds this share of the time.
pub const TIME_INSTABILITY_WEIGHT: f64 = 0.8;
/// A score this many centipawns below the last iteration's doubles the time (bounded below).
pub const TIME_FALLING_CP: f64 = 100.0;
pub const TIME_FALLING_MIN: f64 = 0.8;
pub const TIME_FALLING_MAX: f64 = 1.6;
pub const TIME_SCALE_MIN: f64 = 0.5;
pub const TIME_SCALE_MAX: f64 = 2.5;
/// Iterations shorter than this are too noisy to predict the next one from.
pub const TIME_PREDICTION_MIN_SECONDS: f64 = 0.005;

/// How often (in nodes) a thread checks the clock and the stop flag.
pub const CHECK_INTERVAL: u64 = 1024;
