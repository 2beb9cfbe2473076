//! Search limits and time management.

use super::params::SearchParams;
use super::skill::Skill;
use std::time::{Duration, Instant};

/// The clock of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    /// Moves until the next time control; `None` for sudden death (with or without increment).
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Any mix may be given; the first limit reached stops the search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<i32>,
    pub clock: Option<Clock>,
    /// Search until told to stop (UCI `go infinite`, CECP `analyze`).
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Search only these root moves (canonical tokens); empty means all.
    pub searchmoves: Vec<String>,
    /// Never play these root moves (CECP `exclude`).
    pub excluded: Vec<String>,
    /// Principal variations to report (best first); at least 1.
    pub multipv: usize,
    /// Play weaker on purpose (UCI `Skill Level`); `None` is full strength.
    pub skill: Option<Skill>,
}

/// Deadlines derived from the limits when the search (or the ponder hit) starts.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub start: Instant,
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop searching at once after this.
    pub hard: Option<Duration>,
    /// A fixed time per move: spend all of it (no early stop between iterations).
    pub fixed: bool,
    /// The share of the (scaled) soft limit after which no iteration starts.
    pub iteration_start: f64,
}

impl TimeBudget {
    /// `overhead` is kept back per move for the GUI and the pipe (UCI Move Overhead); `params`
    /// holds the time-management parameters (`time_*`).
    pub fn new(limits: &Limits, start: Instant, overhead: Duration, params: &SearchParams) -> TimeBudget {
        let iteration_start = SearchParams::hundredths(params.time_iteration_start_percent);
        if limits.infinite {
            return TimeBudget { start, soft: None, hard: None, fixed: false, iteration_start };
        }
        let mut soft = None;
        let mut hard = None;
        if let Some(movetime) = limits.movetime {
            let t = movetime.saturating_sub(overhead).max(Duration::from_millis(1));
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(clock) = limits.clock {
            let available = clock.remaining.saturating_sub(overhead).max(Duration::from_millis(1));
            // Sudden death budgets for `time_moves_to_go` more moves.
            let moves = clock.moves_to_go.unwrap_or(params.time_moves_to_go.max(1) as u32).clamp(1, 60);
            // With only one move left in the period, the whole remainder may be used, carefully.
            let increment_share = params.time_increment_percent.clamp(0, 100) as u32;
            let base = available / moves + clock.increment * increment_share / 100;
            let cap = if moves == 1 { available * 4 / 5 } else { available / 3 };
            let s = base.min(cap);
            let h = (s * params.time_hard_ratio.max(1) as u32).min(cap).max(s);
            soft = Some(soft.map_or(s, |t: Duration| t.min(s)));
            hard = Some(hard.map_or(h, |t: Duration| t.min(h)));
        }
        let fixed = limits.movetime.is_some() && limits.clock.is_none();
        TimeBudget { start, soft, hard, fixed, iteration_start }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a new iteration is worth starting: it typically costs more than all before it,
    /// so only while less than a share (`time_iteration_start_percent`, half) of the soft limit
    /// (scaled by `scale`, which the search sets by how settled its best move is) is spent.
    pub fn may_start_iteration(&self, scale: f64) -> bool {
        self.fixed || self.soft.is_none_or(|soft| self.elapsed() < soft.mul_f64(scale * self.iteration_start))
    }

    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn one_second_plus_ten_ms_keeps_a_reserve() {
        let limits = Limits {
            clock: Some(Clock { remaining: ms(1000), increment: ms(10), moves_to_go: None }),
            ..Limits::default()
        };
        let b = TimeBudget::new(&limits, Instant::now(), ms(30), &SearchParams::default());
        assert!(b.soft.unwrap() < ms(60), "{b:?}");
        assert!(b.hard.unwrap() <= ms(330), "{b:?}");
        // Nearly flagged: still a positive, tiny budget.
        let low = Limits {
            clock: Some(Clock { remaining: ms(20), increment: ms(0), moves_to_go: None }),
            ..limits
        };
        let b = TimeBudget::new(&low, Instant::now(), ms(30), &SearchParams::default());
        assert!(b.hard.unwrap() <= ms(1));
    }

    #[test]
    fn the_scale_moves_the_point_after_which_no_iteration_starts() {
        let limits = Limits {
            clock: Some(Clock { remaining: ms(60_000), increment: ms(0), moves_to_go: None }),
            ..Limits::default()
        };
        // Started 1.5 s ago with a 2 s soft limit: past half of it, before half of twice it.
        let b = TimeBudget::new(&limits, Instant::now() - ms(1500), ms(0), &SearchParams::default());
        assert_eq!(b.soft, Some(ms(2000)));
        assert!(!b.may_start_iteration(1.0));
        assert!(b.may_start_iteration(2.0));
        assert!(!b.may_start_iteration(0.5));
        // A fixed time per move is always spent whole.
        let fixed = Limits { movetime: Some(ms(5000)), ..Limits::default() };
        assert!(TimeBudget::new(&fixed, Instant::now() - ms(4000), ms(0), &SearchParams::default())
            .may_start_iteration(0.5));
    }

    /// The time parameters shape the budget: fewer moves budgeted for and the whole increment
    /// give a larger soft limit, the hard ratio sets the hard limit's multiple of it, and the
    /// share of the soft limit before no iteration starts moves that point.
    #[test]
    fn the_time_parameters_shape_the_budget() {
        let limits = Limits {
            clock: Some(Clock { remaining: ms(60_000), increment: ms(1000), moves_to_go: None }),
            ..Limits::default()
        };
        let defaults = SearchParams::default();
        let b = TimeBudget::new(&limits, Instant::now(), ms(0), &defaults);
        assert_eq!((b.soft, b.hard), (Some(ms(2750)), Some(ms(11_000))));
        let mut p = defaults;
        p.set("time_moves_to_go", "20").unwrap();
        p.set("time_increment_percent", "100").unwrap();
        p.set("time_hard_ratio", "2").unwrap();
        let b = TimeBudget::new(&limits, Instant::now(), ms(0), &p);
        assert_eq!((b.soft, b.hard), (Some(ms(4000)), Some(ms(8000))));
        p.set("time_iteration_start_percent", "100").unwrap();
        let started = Instant::now() - ms(3000);
        assert!(TimeBudget::new(&limits, started, ms(0), &p).may_start_iteration(1.0));
        assert!(!TimeBudget::new(&limits, started, ms(0), &defaults).may_start_iteration(1.0));
    }

    #[test]
    fn movetime_and_moves_to_go() {
        let fixed = Limits { movetime: Some(ms(500)), ..Limits::default() };
        let b = TimeBudget::new(&fixed, Instant::now(), ms(20), &SearchParams::default());
        assert_eq!((b.soft, b.hard), (Some(ms(480)), Some(ms(480))));
        let last = Limits {
            clock: Some(Clock { remaining: ms(10_000), increment: ms(0), moves_to_go: Some(1) }),
            ..Limits::default()
        };
        let b = TimeBudget::new(&last, Instant::now(), ms(0), &SearchParams::default());
        assert!(b.hard.unwrap() <= ms(8000) && b.soft.unwrap() >= ms(2000), "{b:?}");
        let infinite = Limits { infinite: true, ..fixed };
        assert!(TimeBudget::new(&infinite, Instant::now(), ms(0), &SearchParams::default()).hard.is_none());
    }
}
