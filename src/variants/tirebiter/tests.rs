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
