//! Unit tests of the FireFighter rules; the ruling-by-ruling positions live in
//! engine-tests/firefighter.rs.

use super::*;

fn moves(text: &str) -> Vec<String> {
    let pos = FireFighter::from_text(text).unwrap();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| pos.render_move(m)).collect();
    tokens.sort();
    tokens
}

#[test]
fn start_position_round_trips() {
    let pos = FireFighter::start();
    assert_eq!(pos.to_text(), START);
    pos.validate().unwrap();
}

#[test]
fn the_rule_page_example_leaves_three_moves() {
    let mut pos = FireFighter::start();
    for token in "e2e4 e7e5 g1f3 g8f6 f1c4 b8c6 f3g5 f8c5 g5f7".split(' ') {
        let m = pos.parse_move(token).unwrap();
        pos.play(m);
    }
    assert_eq!(moves(&pos.to_text()), ["e8e7", "e8~f7", "f6~f7"]);
}
