//! Playing weaker on purpose (UCI `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
//!
//! The idea is Stockfish's: a weakened search looks less deep and at several root moves at once
//! (MultiPV), then plays one of the moves it found good rather than always the best, with a random
//! bonus per move that grows as the level falls. The mistakes are those of a weaker player, a
//! plausible lesser move, never an illegal or random one: a move much worse than the best (a
//! hung queen, a missed mate) stays out of reach of the bonus.
//!
//! The randomness is seeded from the root position's key, so a level plays the same move in the
//! same position after the same search: games and tests are reproducible.

use super::time::Limits;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The measured strength of some levels, as `(level, UCI_Elo)`: the rating is the `UCI_Elo` of
/// Debian's Stockfish 15.1 that the level scores half the points against at 10+0.1, one thread
/// each (the strength ladder; games, scores and method in protocol-docs/strength.md, "Calibrating
/// UCI_Elo"). Level 0 is weaker than Stockfish's weakest setting (1350): its rating is
/// extrapolated from its score against that one. Levels and ratings both rise.
const CALIBRATION: [(u8, u32); 7] =
    [(0, 1200), (2, 1520), (5, 1760), (7, 1830), (10, 1890), (15, 2020), (Skill::FULL_LEVEL, 2130)];

/// A weakened strength: a level below [`Skill::FULL_LEVEL`]. Full strength has no `Skill`, so
/// the search at full strength is untouched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

impl Skill {
    /// The UCI `Skill Level` range: 0 (weakest) to 20 (full strength).
    pub const FULL_LEVEL: u8 = 20;
    /// The UCI `UCI_Elo` range: the measured ratings of level 0 and of full strength
    /// ([`CALIBRATION`]).
    pub const MIN_ELO: u32 = CALIBRATION[0].1;
    pub const MAX_ELO: u32 = CALIBRATION[CALIBRATION.len() - 1].1;
    /// Root moves searched as full lines to choose among (more if the GUI asks for more lines).
    pub const CANDIDATES: usize = 4;
    /// The largest random bonus grows by this many centipawns per level below full strength:
    /// 200 at level 0, so that level considers any of its candidates within two pawns of the best.
    const BONUS_CP_PER_LEVEL: i32 = 10;
    /// Mixed into the seed, so that the choice does not follow the key's low bits alone.
    const SEED_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

    /// The skill of `level` (0 to 20); `None` at full strength and above.
    pub fn from_level(level: u8) -> Option<Skill> {
        (level < Self::FULL_LEVEL).then_some(Skill { level })
    }

    /// The skill for a rating on the UCI_Elo scale: the level the measured points
    /// ([`CALIBRATION`]) give it, interpolated linearly between the two around it and rounded to
    /// the nearest level. Both columns rise, so a higher rating never plays weaker.
    pub fn from_elo(elo: u32) -> Option<Skill> {
        let elo = elo.clamp(Self::MIN_ELO, Self::MAX_ELO);
        let above =
            CALIBRATION.iter().position(|&(_, rating)| rating >= elo).unwrap_or(CALIBRATION.len() - 1);
        let (high_level, high) = CALIBRATION[above];
        let (low_level, low) = CALIBRATION[above.saturating_sub(1)];
        let level = if high == low {
            u32::from(high_level)
        } else {
            let span = high - low;
            u32::from(low_level) + ((elo - low) * u32::from(high_level - low_level) + span / 2) / span
        };
        Self::from_level(level as u8)
    }

    pub fn level(self) -> u8 {
        self.level
    }

    /// The deepest iteration searched: one ply more per level, 1 at level 0.
    pub fn depth_cap(self) -> i32 {
        1 + i32::from(self.level)
    }

    /// The limits of the weakened search: capped depth, at least [`Skill::CANDIDATES`] lines.
    pub fn limits(self, limits: &Limits) -> Limits {
        let depth = limits.depth.map_or(self.depth_cap(), |d| d.min(self.depth_cap()));
        Limits { depth: Some(depth), multipv: limits.multipv.max(Self::CANDIDATES), ..limits.clone() }
    }

    /// Picks among the searched lines, given as their scores best first (`None` for a line the
    /// search did not finish): the index of the line to play. Each line gets a random bonus up to
    /// the level's largest and the highest total wins; ties go to the better line. `seed`
    /// (the root's key) makes the choice reproducible.
    pub fn choose(self, scores: &[Option<i32>], seed: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed ^ Self::SEED_SALT);
        let max_bonus = i32::from(Self::FULL_LEVEL - self.level) * Self::BONUS_CP_PER_LEVEL;
        let mut chosen = 0;
        let mut chosen_total = i32::MIN;
        for (index, score) in scores.iter().enumerate() {
            // Draw for every line, finished or not, so one line's bonus does not depend on
            // whether another was finished.
            let bonus = rng.gen_range(0..=max_bonus);
            let Some(score) = score else { continue };
            let total = score.saturating_add(bonus);
            if total > chosen_total {
                chosen = index;
                chosen_total = total;
            }
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_ratings_map_monotonically_and_full_strength_is_untouched() {
        assert_eq!(Skill::from_level(20), None);
        assert_eq!(Skill::from_level(0).map(Skill::level), Some(0));
        assert_eq!(Skill::from_elo(Skill::MAX_ELO), None);
        assert_eq!(Skill::from_elo(Skill::MIN_ELO).map(Skill::level), Some(0));
        assert_eq!(Skill::from_elo(0).map(Skill::level), Some(0), "below the range: the weakest");
        let level = |elo| Skill::from_elo(elo).map_or(Skill::FULL_LEVEL, Skill::level);
        let levels: Vec<u8> = (0..=3000).step_by(10).map(level).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]), "{levels:?}");
        // Every measured point maps to its own level; halfway between two, a level between.
        assert!(CALIBRATION.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1), "{CALIBRATION:?}");
        for (measured, rating) in CALIBRATION {
            assert_eq!(level(rating), measured, "{rating}");
        }
        for w in CALIBRATION.windows(2).filter(|w| w[1].0 - w[0].0 >= 2) {
            let middle = level((w[0].1 + w[1].1) / 2);
            assert!(w[0].0 < middle && middle < w[1].0, "{w:?}: {middle}");
        }
    }

    #[test]
    fn the_weakened_search_is_shallow_and_wide() {
        let skill = Skill::from_level(3).unwrap();
        let limits = skill.limits(&Limits { multipv: 1, ..Limits::default() });
        assert_eq!((limits.depth, limits.multipv), (Some(4), 4));
        let limits = skill.limits(&Limits { depth: Some(2), multipv: 6, ..Limits::default() });
        assert_eq!((limits.depth, limits.multipv), (Some(2), 6));
    }

    #[test]
    fn weaker_levels_stray_further_but_never_to_a_much_worse_move() {
        // Four lines within 30 cp, then a blunder.
        let scores = [Some(50), Some(40), Some(30), Some(20), Some(-600)];
        let picks = |level| {
            let skill = Skill::from_level(level).unwrap();
            (0..400u64).map(|seed| skill.choose(&scores, seed)).collect::<Vec<_>>()
        };
        let strays = |picks: &[usize]| picks.iter().filter(|&&i| i != 0).count();
        let (weakest, strong) = (picks(0), picks(19));
        assert!(strays(&weakest) > 200, "level 0 strayed {} times in 400", strays(&weakest));
        assert!(strays(&strong) < 10, "level 19 strayed {} times in 400", strays(&strong));
        assert!(weakest.iter().all(|&i| i < 4), "the blunder was chosen");
        // Unfinished lines are never chosen; the same seed gives the same choice.
        let skill = Skill::from_level(0).unwrap();
        assert!((0..100).all(|seed| skill.choose(&[None, Some(0), None], seed) == 1));
        assert_eq!(skill.choose(&scores, 7), skill.choose(&scores, 7));
    }
}
