//! Unit tests of the Fimbriation internals; the rule tests are in engine-tests/fimbriation.rs.

use super::*;

#[test]
fn start_text_round_trips() {
    let p = Fimbriation::start();
    assert_eq!(p.to_text(), START);
    assert_eq!(p.check_invariants(), Ok(()));
}

#[test]
fn empty_runs_that_overflow_or_are_zero_padded_are_refused() {
    // A run is compared with the files left, never added to the file count: a number near
    // usize::MAX must not wrap around and re-read the rank from file a.
    let huge = START.replacen("***gRgP4yPyR***", "***18446744073709551613***gRgP4yPyR***", 1);
    let padded = START.replacen("5****5", "05****5", 1);
    for text in [huge, padded] {
        let e = Fimbriation::from_text(&text).unwrap_err();
        assert_eq!(e.field, "rank", "{text}: {e}");
    }
}

/// Move generation's shortcuts (pins and checks found once, King steps judged without the King,
/// the bulk count) give exactly the moves, in the same order, that playing every pseudo-legal
/// move on a copy gives, at every node of pseudo-random games long enough to reach checks,
/// pins, en passant, castling, promotions, eliminations and sparse endings.
#[test]
fn legality_shortcuts_agree_with_trial_play() {
    use crate::core::MoveList;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x9E37_79B9_7F4A_7C15u64);
    let mut next = move || rng.gen::<u64>();
    let (mut nodes, mut in_check, mut passes) = (0, 0, 0);
    for _game in 0..150 {
        let mut pos = Fimbriation::start();
        for _ply in 0..400 {
            let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
            pos.generate(&mut fast);
            pos.generate_by_trial(&mut slow);
            assert_eq!(fast, slow, "legal moves of {}", pos.to_text());
            assert_eq!(pos.count_legal(), slow.len(), "count of {}", pos.to_text());
            // The one-look attacker sets agree with asking seat by seat.
            for sq in super::board::squares().filter(|&sq| sq % 5 == 0 || pos.piece_at(sq).is_some()) {
                let seats = pos.attackers(sq);
                for s in 0..SEATS as u8 {
                    let asked = pos.attacked(sq, |o| o == Seat(s));
                    assert_eq!(seats & (1 << s) != 0, asked, "seat {s} on {sq} in {}", pos.to_text());
                }
            }
            nodes += 1;
            in_check += usize::from(pos.in_check());
            passes += usize::from(fast[..] == [Move::PASS]);
            if pos.is_over() {
                break;
            }
            // Captures first, now and then, so that games thin out and end.
            let captures: Vec<Move> =
                fast.iter().copied().filter(|&m| m != Move::PASS && pos.piece_at(m.to).is_some()).collect();
            let m = if !captures.is_empty() && next() % 3 == 0 {
                captures[(next() % captures.len() as u64) as usize]
            } else {
                fast[(next() % fast.len() as u64) as usize]
            };
            pos.play(m);
        }
    }
    assert!(
        nodes > 20_000 && in_check > 1_000 && passes > 10,
        "{nodes} nodes, {in_check} in check, {passes} passes"
    );
}

/// The castling-rights table ends the same rights as asking every seat's castlings (M5).
#[test]
fn castling_rights_table_matches_the_castling_squares() {
    use super::board::CELLS;
    for sq in 0..CELLS as u8 {
        let mut cleared = 0;
        for seat in 0..SEATS as u8 {
            for arm in Arm::BOTH {
                let c = castling(Seat(seat), arm);
                if c.king_from == sq || c.rook_from == sq {
                    cleared |= arm.bit(Seat(seat));
                }
            }
        }
        assert_eq!(super::position::castle_clears(sq), cleared, "square {sq}");
    }
}
