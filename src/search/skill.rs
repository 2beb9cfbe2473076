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

/// A weakened strength: a level below [`Skill::FULL_LEVEL`]. Full strength has no `Skill`, so
/// the search at full strength is untouched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

impl Skill {
    /// The UCI `Skill Level` range: 0 (weakest) to 20 (full strength).
    pub const FULL_LEVEL: u8 = 20;
    /// The UCI `UCI_Elo` range. The lowest rating maps to level 0 and the highest to full
    /// strength, which the strength ladder puts near Stockfish's `UCI_Elo` 2000 at 10+0.1
    /// (protocol-docs/strength.md); see [`Skill::from_elo`].
    pub const MIN_ELO: u32 = 1000;
    pub const MAX_ELO: u32 = 2000;
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

    /// The skill for a rating on the UCI_Elo scale: linear from level 0 at [`Skill::MIN_ELO`]
    /// to full strength at [`Skill::MAX_ELO`], rounded to the nearest level (50 Elo a level), so
    /// a higher rating never plays weaker. Provisional until measured (protocol-docs/uci.md).
    pub fn from_elo(elo: u32) -> Option<Skill> {
        let elo = elo.clamp(Self::MIN_ELO, Self::MAX_ELO);
        let span = Self::MAX_ELO - Self::MIN_ELO;
        let level = ((elo - Self::MIN_ELO) * u32::from(Self::FULL_LEVEL) + span / 2) / span;
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
        assert_eq!(level(1500), 10);
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
