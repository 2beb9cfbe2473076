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
