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
