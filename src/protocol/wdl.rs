//! Win/draw/loss estimates from a score (UCI `UCI_ShowWDL`).
//!
//! The model: a score of `cp` centipawns for the side to move wins with probability
//! `1 / (1 + exp(-(cp - A) / B))` and loses with the same expression at `-cp`; the rest is the
//! draw. [`A`] shifts both curves away from zero, which makes room for draws in balanced
//! positions; [`B`] is how fast an advantage turns into a win.

use crate::core::Score;

/// Centipawns by which the win curve sits to the right of zero (and the loss curve to the left).
///
/// [`A`] and [`B`] were fitted by maximum likelihood to 9,628 positions of 578 self-play games of
/// normal chess (the SPRT games of 2026-11-26 at 2+0.02, every 6th ply from ply 16, not in
/// check), each scored by a depth-5 search, against the game's result. Other variants use the same
/// curve: a rough guide there. `engine-tests/scripts/wdl-fit.py` refits them (protocol-docs/uci.md).
pub const A: f64 = 128.0;
/// Centipawns of score per unit of the logistic's argument: the curves' spread.
pub const B: f64 = 136.0;

/// Permille chances of a win, a draw and a loss for the side to move, summing to 1000. A mate
/// is certain: `1000 0 0` for the side that mates, `0 0 1000` for the side that is mated.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    if score.is_mate() {
        return if score.0 > 0 { (1000, 0, 0) } else { (0, 0, 1000) };
    }
    let cp = f64::from(score.0);
    let win_chance = |cp: f64| 1.0 / (1.0 + (-(cp - A) / B).exp());
    let permille = |p: f64| (p * 1000.0).round() as u32;
    let (win, loss) = (permille(win_chance(cp)), permille(win_chance(-cp)));
    // With A >= 0 the two chances never sum above 1; rounding may still add a permille.
    let loss = loss.min(1000 - win);
    (win, 1000 - win - loss, loss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_sum_to_a_thousand_grow_with_the_score_and_mirror() {
        let mut previous_win = 0;
        for cp in (-3000..=3000).step_by(7) {
            let (w, d, l) = wdl(Score(cp));
            assert_eq!(w + d + l, 1000, "{cp}");
            assert!(w >= previous_win, "{cp}");
            previous_win = w;
            assert_eq!(wdl(Score(-cp)), (l, d, w), "{cp}");
        }
        let (w, d, l) = wdl(Score::DRAW);
        assert!(w == l && d > w, "a level position is most likely a draw: {w} {d} {l}");
        assert_eq!(wdl(Score::mate_in(3)), (1000, 0, 0));
        assert_eq!(wdl(Score::mated_in(2)), (0, 0, 1000));
        assert_eq!(wdl(Score::mated_in(0)), (0, 0, 1000));
    }
}
