//! Match statistics: the Elo difference with its 95% error bar, and the sequential probability
//! ratio test (SPRT) between two Elo hypotheses.
//!
//! Both use the games' scores (1, 1/2, 0) and their observed variance, with the logistic Elo
//! model: the expected score at difference `d` is `1 / (1 + 10^(-d/400))`. The SPRT is the
//! generalised SPRT in its normal approximation (the log-likelihood ratio of the two expected
//! scores given the mean and variance seen), as fishtest and other testing frameworks use it;
//! the variance is estimated with half a win, draw and loss added, so that an unbroken run of
//! one result still decides.
//!
//! Four-seat games score each pair of engines by [`Samples`]: one number from 0 to 1 per game
//! (the share of their seat pairs that one engine's seat placed above the other's), with the
//! same Elo model and test on those numbers' mean and variance.

use std::fmt;

/// Wins, draws and losses from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// The games of `results` played by the engine labelled `label`, from its point of view.
    pub fn of(label: &str, results: &[super::GameResult]) -> Tally {
        let mut t = Tally::default();
        for points in results.iter().filter_map(|r| r.score_of(label)) {
            t.add(points);
        }
        t
    }

    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score per game, 0 to 1 (`None` before any game).
    pub fn mean(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / self.games() as f64)
    }

    /// The observed variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let Some(mu) = self.mean() else { return 0.0 };
        (self.wins as f64 * (1.0 - mu).powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2)
            + self.losses as f64 * mu.powi(2))
            / n
    }

    /// The Elo difference the score suggests and half the width of its 95% interval
    /// (infinite at a score of 0 or 1).
    pub fn elo(&self) -> Option<(f64, f64)> {
        Some(elo_interval(self.mean()?, self.variance(), self.games()))
    }

    /// The variance as if half a game of each kind had been added too: a run of equal results
    /// (all wins) has none, and would otherwise never decide an SPRT.
    fn padded_variance(&self, mu: f64) -> f64 {
        let padded = |count: u32| count as f64 + 0.5;
        (padded(self.wins) * (1.0 - mu).powi(2)
            + padded(self.draws) * (0.5 - mu).powi(2)
            + padded(self.losses) * mu.powi(2))
            / (self.games() as f64 + 1.5)
    }
}

/// The Elo difference at mean score `mu` and half the width of its 95% interval, from the
/// variance of one game's score over `games` games.
fn elo_interval(mu: f64, variance: f64, games: u32) -> (f64, f64) {
    let half = 1.959_964 * (variance / games as f64).sqrt();
    let low = elo_of_score((mu - half).max(0.0));
    let high = elo_of_score((mu + half).min(1.0));
    (elo_of_score(mu), (high - low) / 2.0)
}

/// Per-game scores anywhere from 0 to 1, for games that are more than a win, draw or loss
/// between two engines (a four-seat game's head-to-head share).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Samples {
    count: u32,
    sum: f64,
    sum_of_squares: f64,
}

impl Samples {
    /// Adds one game's score (clamped to 0..1).
    pub fn add(&mut self, score: f64) {
        let score = score.clamp(0.0, 1.0);
        self.count += 1;
        self.sum += score;
        self.sum_of_squares += score * score;
    }

    pub fn games(&self) -> u32 {
        self.count
    }

    /// The mean score per game, 0 to 1 (`None` before any game).
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum / self.count as f64)
    }

    /// The sum of the squared deviations from `mu`.
    fn squared_deviations(&self, mu: f64) -> f64 {
        (self.sum_of_squares - 2.0 * mu * self.sum + self.count as f64 * mu * mu).max(0.0)
    }

    /// As [`Tally::elo`], from the observed variance of the samples.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let mu = self.mean()?;
        Some(elo_interval(mu, self.squared_deviations(mu) / self.count as f64, self.count))
    }

    /// As [`Tally`]'s: half a win, a draw and a loss added to the spread.
    fn padded_variance(&self, mu: f64) -> f64 {
        let padding = 0.5 * ((1.0 - mu).powi(2) + (0.5 - mu).powi(2) + mu.powi(2));
        (self.squared_deviations(mu) + padding) / (self.count as f64 + 1.5)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// The Elo difference with expected score `score` (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score at an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A test of H0: Elo = `elo0` against H1: Elo = `elo1`, with error rates `alpha` (accepting H1
/// wrongly) and `beta` (accepting H0 wrongly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    AcceptH0,
    AcceptH1,
    Continue,
}

impl SprtDecision {
    /// A sequential test ends at its first crossing: once decided (`self`), it stays decided
    /// whatever the test says after later games (`now`), such as those under way when it
    /// decided, which still count in the score.
    pub fn kept_or(self, now: SprtDecision) -> SprtDecision {
        if self == SprtDecision::Continue {
            now
        } else {
            self
        }
    }
}

impl Sprt {
    /// Reads `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt { elo0: f64::NAN, elo1: f64::NAN, alpha: 0.05, beta: 0.05 };
        for part in text.split(',') {
            let (key, value) =
                part.split_once('=').ok_or_else(|| format!("SPRT setting '{part}' is not KEY=VALUE"))?;
            let v: f64 = value.trim().parse().map_err(|_| format!("SPRT value '{value}' is not a number"))?;
            match key.trim() {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                other => return Err(format!("SPRT setting '{other}' unknown (elo0, elo1, alpha, beta)")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(format!("SPRT '{text}' needs elo0 and elo1"));
        }
        if sprt.elo1 <= sprt.elo0 || sprt.elo0.abs() > 1000.0 || sprt.elo1.abs() > 1000.0 {
            return Err(format!("SPRT '{text}': elo1 must exceed elo0 (within +-1000)"));
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("SPRT {name}={p} out of range (0 to 0.5)"));
            }
        }
        Ok(sprt)
    }

    /// The lower and upper decision bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 to H0 after the games of `tally`.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some(mu) = tally.mean() else { return 0.0 };
        self.llr_of(tally.games(), mu, tally.padded_variance(mu))
    }

    /// The log-likelihood ratio after the games of `samples`.
    pub fn llr_of_samples(&self, samples: &Samples) -> f64 {
        let Some(mu) = samples.mean() else { return 0.0 };
        self.llr_of(samples.games(), mu, samples.padded_variance(mu))
    }

    /// The normal approximation's log-likelihood ratio of `games` games of mean score `mu`.
    fn llr_of(&self, games: u32, mu: f64, variance: f64) -> f64 {
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        games as f64 * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * variance)
    }

    pub fn decision(&self, tally: &Tally) -> SprtDecision {
        self.decide(self.llr(tally))
    }

    /// Where the test stands after the games of `samples`.
    pub fn decision_of_samples(&self, samples: &Samples) -> SprtDecision {
        self.decide(self.llr_of_samples(samples))
    }

    fn decide(&self, llr: f64) -> SprtDecision {
        let (low, high) = self.bounds();
        if llr >= high {
            SprtDecision::AcceptH1
        } else if llr <= low {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -20.0, 0.0, 55.5, 400.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
        // 75% is about +191 Elo; an even score is 0.
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        let even = Tally { wins: 10, draws: 0, losses: 10 };
        let (elo, error) = even.elo().unwrap();
        assert!(elo.abs() < 1e-9);
        // 20 games of +-0.5: stderr 0.5/sqrt(20) = 0.1118, interval 0.281..0.719, about +-163.
        assert!((error - 163.0).abs() < 2.0, "{error}");
        assert_eq!(Tally::default().elo(), None);
    }

    /// A test that crossed a bound stays decided when a game finished after it takes the ratio
    /// back inside (the case of a match that decided at game 29 and finished game 30).
    #[test]
    fn a_decided_test_stays_decided() {
        let sprt = Sprt::parse("elo0=400,elo1=500").unwrap();
        let decided = Tally { wins: 9, draws: 10, losses: 10 };
        let after = Tally { wins: 10, draws: 10, losses: 10 };
        assert_eq!(sprt.decision(&decided), SprtDecision::AcceptH0, "{}", sprt.llr(&decided));
        assert_eq!(sprt.decision(&after), SprtDecision::Continue, "{}", sprt.llr(&after));
        assert_eq!(SprtDecision::AcceptH0.kept_or(sprt.decision(&after)), SprtDecision::AcceptH0);
        assert_eq!(SprtDecision::AcceptH1.kept_or(SprtDecision::AcceptH0), SprtDecision::AcceptH1);
        assert_eq!(SprtDecision::Continue.kept_or(SprtDecision::AcceptH1), SprtDecision::AcceptH1);
        assert_eq!(SprtDecision::Continue.kept_or(SprtDecision::Continue), SprtDecision::Continue);
    }

    #[test]
    fn samples_of_whole_results_agree_with_a_tally() {
        let tally = Tally { wins: 13, draws: 9, losses: 6 };
        let mut samples = Samples::default();
        for (score, count) in [(1.0, 13), (0.5, 9), (0.0, 6)] {
            for _ in 0..count {
                samples.add(score);
            }
        }
        assert_eq!(samples.games(), tally.games());
        let ((e1, w1), (e2, w2)) = (tally.elo().unwrap(), samples.elo().unwrap());
        assert!((e1 - e2).abs() < 1e-9 && (w1 - w2).abs() < 1e-9, "{e1} {w1} / {e2} {w2}");
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        assert!((sprt.llr(&tally) - sprt.llr_of_samples(&samples)).abs() < 1e-9);
        // Scores between the whole ones: the same mean with less spread gives a narrower bar.
        let mut quarters = Samples::default();
        for score in [0.75, 0.5, 0.75, 0.25, 0.75, 0.5] {
            quarters.add(score);
        }
        let mut whole = Samples::default();
        for score in [1.0, 0.5, 1.0, 0.0, 1.0, 0.0] {
            whole.add(score);
        }
        assert_eq!(quarters.mean(), whole.mean());
        assert!(quarters.elo().unwrap().1 < whole.elo().unwrap().1);
        assert_eq!(Samples::default().elo(), None);
        assert_eq!(sprt.decision_of_samples(&Samples::default()), SprtDecision::Continue);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        let (low, high) = sprt.bounds();
        assert!((low + 2.944).abs() < 0.001 && (high - 2.944).abs() < 0.001);
        // A crushing score decides for H1 quickly; a losing one for H0.
        assert_eq!(sprt.decision(&Tally { wins: 300, draws: 100, losses: 100 }), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(&Tally { wins: 100, draws: 100, losses: 300 }), SprtDecision::AcceptH0);
        assert_eq!(sprt.decision(&Tally { wins: 3, draws: 2, losses: 3 }), SprtDecision::Continue);
        // All wins decide too, after enough of them.
        assert_eq!(sprt.decision(&Tally { wins: 3, draws: 0, losses: 0 }), SprtDecision::Continue);
        assert_eq!(sprt.decision(&Tally { wins: 40, draws: 0, losses: 0 }), SprtDecision::AcceptH1);
        for bad in
            ["elo0=5,elo1=0", "elo1=5", "elo0=0,elo1=5,alpha=0.7", "elo0=x,elo1=5", "elo0=0,elo1=5,gamma=1"]
        {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
