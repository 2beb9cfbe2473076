//! Unit tests of the position basics; the rule tests (N2-N9) are in `engine-tests/notachess.rs`.

use super::*;

#[test]
fn the_start_text_round_trips() {
    let start = WirePosition::start();
    assert_eq!(start.to_text(), START);
    assert_eq!(start.validate(), Ok(()));
    assert!(!start.mid_turn());
}

#[test]
fn an_opening_then_a_move_and_wire() {
    let mut pos = WirePosition::start();
    for token in ["f3n,b3n,e3n,c3n,d3n", "b5n,c5n,d5n,e5n,f5n"] {
        let turn = pos.parse_turn(token).unwrap();
        assert_eq!(turn.len(), 5);
        for m in turn {
            pos.play(m);
            assert_eq!(pos.validate(), Ok(()));
            assert_eq!(WirePosition::from_text(&pos.to_text()).unwrap().key(), pos.key());
        }
    }
    assert_eq!(
        pos.to_text(),
        "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b5n,c3n,c5n,d3n,d5n,e3n,e5n,f3n,f5n 2 2"
    );
    // N4. The Rook on b2 goes north: b3 crosses nothing (the edge b2n is empty), b4 and b5 come
    // after crossing b3n, and b6 would need a second crossing (b5n) and holds a black piece.
    let turn = pos.parse_turn("b2b4/a4e").unwrap();
    assert_eq!(pos.render_turn(&turn), "b2b4/a4e");
    assert!(pos.parse_turn("b2b3/a4e").is_err(), "no wire crossed");
    assert!(pos.parse_turn("b2b6/a4e").is_err(), "two crossings");
}
