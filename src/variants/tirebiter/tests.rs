//! Unit tests of the Tirebiter core; the ruling-by-ruling positions live in
//! engine-tests/tirebiter.rs.

use super::*;

#[test]
fn start_position_round_trips() {
    let pos = TirebiterPosition::<Tirebiter>::start();
    assert_eq!(pos.to_text(), START);
    pos.validate().unwrap();
    assert_eq!(pos.count_legal_moves(), 20);
}

/// Every legal move's game-score token reads back as that move, over a few plies of play from
/// positions with Tirebiter pieces, splits, captures of several pieces and promotions.
#[test]
fn score_tokens_read_back() {
    fn walk<R: Rules>(pos: &TirebiterPosition<R>, depth: u32, seen: &mut usize) {
        for (m, _) in pos.legal_tokens() {
            let token = notation::score_token(pos, m);
            assert_eq!(pos.parse_move(&token), Ok(m), "{token} in {}", pos.to_text());
            *seen += 1;
            if depth > 1 {
                let mut child = pos.clone();
                child.play(m);
                walk(&child, depth - 1, seen);
            }
        }
    }
    let mut seen = 0;
    for text in [
        START,
        "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6",
        "6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7",
        "r3k2r/1P1P4/8/8/8/8/8/R3K2R w KQkq - 0 1 b7,d7",
    ] {
        walk(&TirebiterPosition::<Tirebiter>::from_text(text).unwrap(), 2, &mut seen);
        walk(&TirebiterPosition::<NickDanger>::from_text(text).unwrap(), 2, &mut seen);
    }
    assert!(seen > 2000, "{seen}");
    let score = |text: &str, canonical: &str| {
        let pos = TirebiterPosition::<Tirebiter>::from_text(text).unwrap();
        notation::score_token(&pos, pos.parse_move(canonical).unwrap())
    };
    assert_eq!(score(START, "g1f3"), "Nf3");
    let before_capture = "rnbqkbnr/pppp2p1/5p1p/4p3/6N1/8/PPPPPPPP/RNBQKB1R w KQkq - 0 4 -";
    assert_eq!(score(before_capture, "g4e5,g4f6,g4h6"), "Ng4:e5,f6,h6");
    let knight_on_three = "rnbqkb1r/ppppn1p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 1 5 e5,f6,h6";
    assert_eq!(score(knight_on_three, "e5d3,f6e4,h6g4"), "Ne5,f6,h6-d3,e4,g4");
    assert_eq!(score(knight_on_three, "e5g4,f6g4,h6g4"), "Ne5,f6,h6-g4");
    let nick = TirebiterPosition::<NickDanger>::start();
    assert_eq!(notation::score_token(&nick, nick.parse_move("b1a3,b1c3").unwrap()), "Nb1-a3,c3");
}

/// MOVE_BOUND's premise (position.rs): no piece of any army reaches more than 27 squares by its
/// legs, from any square.
#[test]
fn no_piece_reaches_more_than_27_squares() {
    use crate::variants::chess::{Bitboard, Color, Role, Square};
    for role in Role::ALL {
        for color in [Color::White, Color::Black] {
            for index in 0..64 {
                let reach = capture_pattern(role, color, Square::new(index), Bitboard::EMPTY).count();
                assert!(reach <= 27, "{role:?} on {}: {reach}", Square::new(index));
            }
        }
    }
}

/// The King-safety filter's shortcuts (pins from the enemy's normal pieces, the squares where an
/// enemy Tirebiter piece's composite capture could be armed) drop no legal move and keep no
/// illegal one: over random games of both variants, from positions rich in Tirebiter pieces,
/// the generator agrees move for move with judging every candidate by the board after it.
#[test]
fn safety_filter_agrees_with_testing_every_candidate() {
    use rand::{Rng, SeedableRng};
    fn games<R: Rules>(text: &str, rng: &mut rand::rngs::StdRng) -> usize {
        let mut compared = 0;
        for _ in 0..40 {
            let mut pos = TirebiterPosition::<R>::from_text(text).unwrap();
            for _ in 0..60 {
                let mut fast = MoveList::new();
                pos.generate_legal(&mut fast);
                let slow = pos.legal_moves_testing_every_candidate();
                assert_eq!(fast.as_slice(), slow.as_slice(), "{}", pos.to_text());
                assert_eq!(pos.count_legal(), slow.len(), "{}", pos.to_text());
                compared += 1;
                if slow.is_empty() {
                    break;
                }
                pos.play(slow[rng.gen_range(0..slow.len())]);
            }
        }
        compared
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7E1B_5AFE);
    let mut compared = 0;
    for text in [
        START,
        "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6",
        "6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7",
        "r3k2r/pP4pp/8/3pP3/8/2N1N3/P5PP/R3K2R w KQkq d6 0 1 c3,e3",
    ] {
        compared += games::<Tirebiter>(text, &mut rng);
        compared += games::<NickDanger>(text, &mut rng);
    }
    assert!(compared > 5000, "{compared}");
    // An enemy Tirebiter Knight on d3 and g3 captures on e1 by the vector (+1,-2) only when
    // h1 holds a piece to capture too (T3): the Rook may not step there, though it stands on no
    // line from its King.
    let armed =
        TirebiterPosition::<Tirebiter>::from_text("4k3/8/8/8/8/3n2n1/7R/4K3 w - - 0 1 d3,g3").unwrap();
    let tokens: Vec<String> = armed.legal_tokens().into_iter().map(|(_, t)| t).collect();
    assert!(!tokens.contains(&"h2h1".to_string()), "{tokens:?}");
    assert!(tokens.contains(&"h2g2".to_string()), "{tokens:?}");
}
