//! Every search margin, reduction and time-management constant, named, in one place.
//!
//! What a tuning run may change is [`SearchParams`]: whole numbers with a name, a default (the
//! value the engine plays with) and a range, set by name through the protocols (UCI
//! `setoption name lmr_divisor value 240`, CECP `option lmr_divisor=240`) and listed by
//! `jester params` (protocol-docs/uci.md), so that an SPSA tuner can drive them. Fractions are
//! in hundredths. The rest (table sizes, ordering tiers) is the search's fixed shape: constants.

/// Plies the search tree may reach (killer and PV tables are this deep).
pub const MAX_PLY: usize = 128;

/// The value history entries saturate at.
pub const HISTORY_MAX: i32 = 16_384;

/// Continuation history (search/history.rs): rows and columns, each a history slot modulo this.
pub const CONTINUATION_SLOTS: usize = 4096;
/// How many plies back the continuation histories look: the opponent's last move, one's own
/// last move, and one's own move before that (in alternating games).
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

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
/// Noisy moves that lose their exchange: after every quiet move (a quiet move's score, its
/// quiet and continuation histories, stays within 4 * +-HISTORY_MAX plus the variant's small
/// quiet bonus).
pub const ORDER_LOSING_NOISY: i32 = -(1 << 24);
// A quiet move's score (four histories and a variant's bonus, each within ±HISTORY_MAX) lies
// between the losing noisy moves and the killers.
const _: () = assert!(5 * HISTORY_MAX < ORDER_KILLER[1] && -5 * HISTORY_MAX > ORDER_LOSING_NOISY);

/// Iterations shorter than this are too noisy to predict the next one from.
pub const TIME_PREDICTION_MIN_SECONDS: f64 = 0.005;

/// How often (in nodes) a thread checks the clock and the stop flag.
pub const CHECK_INTERVAL: u64 = 1024;

/// One tunable parameter as a tuner sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// What it means (its doc comment).
    pub what: &'static str,
}

/// A parameter that could not be set: unknown, or out of its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown(String),
    OutOfRange { name: String, value: String, min: i32, max: i32 },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => {
                write!(f, "unknown search parameter '{name}' (`jester params` lists them)")
            }
            ParamError::OutOfRange { name, value, min, max } => {
                write!(f, "invalid value '{value}' for search parameter '{name}' (expected {min} to {max})")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Declares [`SearchParams`]: each field with its doc, default and range, and the table of
/// [`Tunable`]s built from the same lines, so the two cannot disagree.
macro_rules! search_params {
    ($( $(#[doc = $doc:literal])+ $name:ident: $default:literal, $min:literal..=$max:literal; )+) => {
        /// The search's tunable parameters (see the module docs). `Default` is what the engine
        /// plays with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])+ pub $name: i32, )+
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams { $( $name: $default, )+ }
            }
        }

        impl SearchParams {
            /// Every parameter, in declaration order.
            pub const TUNABLES: &'static [Tunable] = &[
                $( Tunable { name: stringify!($name), default: $default, min: $min, max: $max,
                             what: concat!($($doc),+) }, )+
            ];

            /// The value of the parameter called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $( stringify!($name) => Some(self.$name), )+
                    _ => None,
                }
            }

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($name) => Some(&mut self.$name), )+
                    _ => None,
                }
            }
        }
    };
}

search_params! {
    /// Aspiration window half-width at the start of an iteration, in centipawns.
    aspiration_delta: 25, 5..=400;
    /// Iterations before aspiration windows are used (shallow scores swing too much).
    aspiration_min_depth: 5, 1..=64;
    /// Reverse futility pruning: up to this depth, a node whose evaluation beats beta by the
    /// margin is cut.
    reverse_futility_max_depth: 7, 0..=64;
    /// Reverse futility margin per ply of depth.
    reverse_futility_per_depth: 80, 0..=1000;
    /// Taken off the reverse futility margin where the evaluation is improving.
    reverse_futility_improving: 40, 0..=1000;
    /// Null-move pruning from this depth.
    null_move_min_depth: 3, 1..=64;
    /// Null-move reduction: this many plies ...
    null_move_base: 3, 0..=16;
    /// ... plus one per this many plies of depth ...
    null_move_depth_divisor: 4, 1..=64;
    /// ... plus one per this many centipawns the evaluation is above beta ...
    null_move_eval_divisor: 200, 1..=10_000;
    /// ... of which at most this many.
    null_move_eval_max: 3, 0..=16;
    /// Futility pruning of quiet moves up to this depth, where the evaluation plus the margin
    /// does not reach alpha.
    futility_max_depth: 8, 0..=64;
    /// Futility margin: this many centipawns ...
    futility_base: 90, 0..=2000;
    /// ... plus this many per ply of depth.
    futility_per_depth: 60, 0..=1000;
    /// Internal iterative reduction: from this depth, a node without a table move loses a ply.
    iir_min_depth: 4, 1..=64;
    /// Singular extensions from this depth ...
    singular_min_depth: 7, 1..=64;
    /// ... for a table move whose entry is at most this many plies shallower than the node.
    singular_tt_depth_margin: 3, 0..=64;
    /// How far below the table's score (centipawns per ply of depth) every other move must stay
    /// for the table move to be singular.
    singular_margin_per_depth: 2, 0..=100;
    /// Late-move reductions from this depth ...
    lmr_min_depth: 3, 1..=64;
    /// ... and this move index.
    lmr_min_move_index: 3, 1..=256;
    /// Late-move reduction in plies: base (hundredths) plus ln(depth) * ln(move index) divided
    /// by the divisor (hundredths).
    lmr_base: 75, -500..=500;
    /// See `lmr_base`.
    lmr_divisor: 225, 50..=2000;
    /// Late-move pruning up to this depth: quiet moves past base + depth² are skipped.
    late_move_pruning_max_depth: 4, 0..=64;
    /// See `late_move_pruning_max_depth`.
    late_move_base: 3, 0..=256;
    /// SEE pruning up to this depth: a move whose exchange loses more than the margin is
    /// skipped.
    see_pruning_max_depth: 8, 0..=64;
    /// SEE margin of a quiet move, centipawns per ply of depth.
    see_quiet_per_depth: 64, 0..=1000;
    /// SEE margin of a noisy move (which already won something), centipawns per ply squared.
    see_noisy_per_depth_squared: 20, 0..=1000;
    /// How many of the continuation histories (`CONTINUATION_PLIES`: 1, 2 and 4 plies back)
    /// order quiet moves and adjust their reductions; 0 turns them off.
    continuation_plies: 3, 0..=3;
    /// Late-move reductions: a quiet move is reduced a ply less per this much of its quiet and
    /// continuation history score (a ply more per this much below zero); 0: history leaves the
    /// reduction alone.
    lmr_history_divisor: 8192, 0..=1_000_000;
    /// History bonus per ply of depth squared ...
    history_bonus_scale: 16, 1..=256;
    /// ... with the depth counted up to this.
    history_bonus_max_depth: 16, 1..=64;
    /// Time: a sudden-death game budgets for this many more moves.
    time_moves_to_go: 30, 1..=60;
    /// Time: the share of the increment (percent) added to each move's budget.
    time_increment_percent: 75, 0..=100;
    /// Time: the hard limit, as a multiple of the soft limit.
    time_hard_ratio: 4, 1..=20;
    /// Time: no iteration starts once this share (percent) of the scaled soft limit is spent.
    time_iteration_start_percent: 50, 1..=100;
    /// Time: the best move's share of the root nodes against this pivot (hundredths) scales the
    /// soft limit: a best move that took all the nodes by (pivot - 1) times the weight, one that
    /// took few by about pivot times the weight.
    time_node_share_pivot: 160, 100..=400;
    /// See `time_node_share_pivot` (hundredths).
    time_node_share_weight: 120, 1..=500;
    /// Time: each recent best-move change adds this share (hundredths).
    time_instability_weight: 80, 0..=500;
    /// Time: a score this many centipawns below the last iteration's doubles the time ...
    time_falling_cp: 100, 1..=2000;
    /// ... within these bounds (hundredths).
    time_falling_min: 80, 1..=500;
    /// See `time_falling_min`.
    time_falling_max: 160, 1..=500;
    /// Time: the scale stays within these bounds (hundredths).
    time_scale_min: 50, 1..=500;
    /// See `time_scale_min`.
    time_scale_max: 250, 1..=1000;
}

impl SearchParams {
    /// Sets the parameter called `name` from its text; nothing changes on an error.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let tunable = Self::TUNABLES
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        let out_of_range = || ParamError::OutOfRange {
            name: name.to_string(),
            value: value.to_string(),
            min: tunable.min,
            max: tunable.max,
        };
        let v = value.trim().parse::<i32>().map_err(|_| out_of_range())?;
        if !(tunable.min..=tunable.max).contains(&v) {
            return Err(out_of_range());
        }
        if let Some(slot) = self.slot(name) {
            *slot = v;
        }
        Ok(())
    }

    /// Reverse futility pruning: prune when the evaluation beats beta by this much.
    #[inline]
    pub fn reverse_futility_margin(&self, depth: i32, improving: bool) -> i32 {
        self.reverse_futility_per_depth * depth - if improving { self.reverse_futility_improving } else { 0 }
    }

    /// Null-move reduction: the further the evaluation is above beta, the more is reduced.
    #[inline]
    pub fn null_move_reduction(&self, depth: i32, eval_over_beta: i32) -> i32 {
        let margin = (eval_over_beta / self.null_move_eval_divisor).min(self.null_move_eval_max);
        self.null_move_base + depth / self.null_move_depth_divisor + margin
    }

    #[inline]
    pub fn futility_margin(&self, depth: i32) -> i32 {
        self.futility_base + self.futility_per_depth * depth
    }

    #[inline]
    pub fn singular_margin(&self, depth: i32) -> i32 {
        self.singular_margin_per_depth * depth
    }

    /// Late-move reduction in plies for a quiet move, from depth and move index.
    #[inline]
    pub fn lmr_reduction(&self, depth: i32, move_index: usize) -> i32 {
        let (base, divisor) = (f64::from(self.lmr_base) / 100.0, f64::from(self.lmr_divisor) / 100.0);
        let r = base + (depth.max(1) as f64).ln() * (move_index.max(1) as f64).ln() / divisor;
        r as i32
    }

    /// Late-move pruning: at shallow depth, quiet moves beyond this count are skipped.
    #[inline]
    pub fn late_move_count(&self, depth: i32) -> usize {
        (self.late_move_base + depth * depth).max(0) as usize
    }

    /// SEE pruning margin (quiet moves: linear in depth; captures, which already won something:
    /// quadratic).
    #[inline]
    pub fn see_pruning_margin(&self, depth: i32, noisy: bool) -> i32 {
        if noisy {
            -self.see_noisy_per_depth_squared * depth * depth
        } else {
            -self.see_quiet_per_depth * depth
        }
    }

    /// History bonus (and malus) after a cutoff at this depth.
    #[inline]
    pub fn history_bonus(&self, depth: i32) -> i32 {
        let d = depth.min(self.history_bonus_max_depth);
        d * d * self.history_bonus_scale
    }

    /// A time parameter in hundredths, as a fraction.
    #[inline]
    pub fn hundredths(value: i32) -> f64 {
        f64::from(value) / 100.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every parameter is set and read by its name, its default lies in its range, and a bad
    /// name or value changes nothing.
    #[test]
    fn parameters_are_set_by_name_within_their_range() {
        let defaults = SearchParams::default();
        let mut names: Vec<&str> = SearchParams::TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), SearchParams::TUNABLES.len(), "names are unique");
        for t in SearchParams::TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert_eq!(defaults.get(t.name), Some(t.default));
            assert!(!t.what.trim().is_empty(), "{} has no description", t.name);
            let mut p = defaults;
            p.set(t.name, &t.max.to_string()).unwrap();
            assert_eq!(p.get(t.name), Some(t.max));
            // Only that one changed.
            let changed = SearchParams::TUNABLES.iter().filter(|u| p.get(u.name) != defaults.get(u.name));
            assert!(changed.count() <= 1);
            let mut q = p;
            assert_eq!(
                q.set(t.name, &(i64::from(t.max) + 1).to_string()),
                Err(ParamError::OutOfRange {
                    name: t.name.to_string(),
                    value: (i64::from(t.max) + 1).to_string(),
                    min: t.min,
                    max: t.max
                })
            );
            assert!(q.set(t.name, "ten").is_err());
            assert_eq!(q, p);
        }
        let mut p = defaults;
        let err = p.set("lmr_divisr", "200").unwrap_err();
        assert!(err.to_string().contains("'lmr_divisr'"), "{err}");
        assert_eq!(p, defaults);
    }

    /// The defaults give the margins the engine was measured with (strength.md).
    #[test]
    fn default_formulas() {
        let p = SearchParams::default();
        assert_eq!(p.reverse_futility_margin(3, true), 200);
        assert_eq!(p.null_move_reduction(8, 450), 3 + 2 + 2);
        assert_eq!(p.null_move_reduction(8, 5000), 3 + 2 + 3);
        assert_eq!(p.futility_margin(2), 210);
        assert_eq!(p.lmr_reduction(10, 10), 3); // 0.75 + 2.302² / 2.25 = 3.11
        assert_eq!(p.lmr_reduction(3, 3), 1);
        assert_eq!(p.late_move_count(4), 19);
        assert_eq!(p.see_pruning_margin(3, true), -180);
        assert_eq!(p.see_pruning_margin(3, false), -192);
        assert_eq!(p.history_bonus(20), 16 * 16 * 16);
    }
}
