//! Unit tests of the Fimbriation internals; the rule tests are in engine-tests/fimbriation.rs.

use super::*;

#[test]
fn start_text_round_trips() {
    let p = Fimbriation::start();
    assert_eq!(p.to_text(), START);
    assert_eq!(p.check_invariants(), Ok(()));
}
