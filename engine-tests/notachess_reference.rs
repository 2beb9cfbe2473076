//! Tests of the independent Not A Chess Variant reference move generator
//! (`reference/notachess.rs`), and its perft counts for cross-checking the engine. Every expected
//! value below is derived by hand in the comment next to it, or taken from the rule page's
//! WireRider diagram (N8).
//!
//! Board reminder (N1), `*` = hole:
//! ```text
//! 7  * * c d e f *
//! 6  a b c d e f *
//! 5  a b c d e f g
//! 4  a b c d e f g
//! 3  a b c d e f g
//! 2  * b c d e f g
//! 1  * b c d e * *
//! ```

#[path = "reference/notachess.rs"]
mod notachess;

use notachess::{canonical_edge, edge_count, parse, RefPosition, START};
use std::time::Instant;

fn pos(text: &str) -> RefPosition {
    parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play_all(mut p: RefPosition, tokens: &[&str]) -> RefPosition {
    for t in tokens {
        p = p.play(t).unwrap_or_else(|| panic!("{t} is not legal in {}", p.to_text()));
    }
    p
}

/// The position after White's opening `b3n,c3n,d3n,e3n,f3n` and Black's `b5n,c5n,d5n,e5n,f5n`.
const AFTER_OPENINGS: &str =
    "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b5n,c3n,c5n,d3n,d5n,e3n,e5n,f3n,f5n 2 2";

// ---------------------------------------------------------------------------------------------
// Text, edges, wires

#[test]
fn start_text_round_trip() {
    let p = pos(START);
    assert_eq!(p.to_text(), START);
    assert!(p.is_opening() && p.white_to_move());
    // N1 placement, read off the text.
    for (sq, l) in [("b1", 'A'), ("c1", 'C'), ("d1", 'K'), ("e1", 'A'), ("b2", 'R'), ("c2", 'E')] {
        assert_eq!(p.piece_at(sq), Some(l), "{sq}");
    }
    for (sq, l) in [("d2", 'D'), ("e2", 'D'), ("f2", 'E'), ("g2", 'R'), ("c7", 'a'), ("d7", 'k')] {
        assert_eq!(p.piece_at(sq), Some(l), "{sq}");
    }
    for (sq, l) in [("e7", 'c'), ("f7", 'a'), ("a6", 'r'), ("b6", 'e'), ("c6", 'd'), ("d6", 'd')] {
        assert_eq!(p.piece_at(sq), Some(l), "{sq}");
    }
    for (sq, l) in [("e6", 'e'), ("f6", 'r')] {
        assert_eq!(p.piece_at(sq), Some(l), "{sq}");
    }
    assert_eq!(p.piece_at("d4"), None);
    // A non-canonical but equivalent board (split empty runs) and wire order are accepted and
    // written back canonically.
    let q = pos("**akca*/redder*/34/7/7/*REDDER/*ACKA** w c3n,b3n 0 1");
    assert_eq!(q.to_text(), "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,c3n 0 1");
}

#[test]
fn ninety_six_edges_and_canonical_names() {
    // N2: 41 squares have 164 sides; two neighbouring squares share one. Neighbour pairs:
    // horizontal (same rank): ranks 1..7 have 4,6,7,7,7,6,4 squares in one run each, so
    // 3+5+6+6+6+5+3 = 34; vertical (same file): files a..g span ranks 3-6, 1-6, 1-7, 1-7, 1-7,
    // 2-7, 2-5, i.e. 4,6,7,7,7,6,4 squares, so again 34 pairs. 164 - 68 = 96.
    assert_eq!(edge_count(), 96);
    // NOTATION: horizontal edges are named from the square below when there is one...
    assert_eq!(canonical_edge("c4s").as_deref(), Some("c3n"));
    assert_eq!(canonical_edge("c3n").as_deref(), Some("c3n"));
    // ... else from the square above (b1 has nothing below; a2 is a hole so a3s stays).
    assert_eq!(canonical_edge("b1s").as_deref(), Some("b1s"));
    assert_eq!(canonical_edge("a3s").as_deref(), Some("a3s"));
    // Top edges: b6's top has b7 (a hole) above, so it is b6n; c7's top is c7n.
    assert_eq!(canonical_edge("b6n").as_deref(), Some("b6n"));
    assert_eq!(canonical_edge("c7n").as_deref(), Some("c7n"));
    // Vertical edges are named from the square to the left when there is one...
    assert_eq!(canonical_edge("c1w").as_deref(), Some("b1e"));
    assert_eq!(canonical_edge("g2w").as_deref(), Some("f2e"));
    // ... else from the square to the right (a1 and b7 are holes; a3 is on the left rim).
    assert_eq!(canonical_edge("b1w").as_deref(), Some("b1w"));
    assert_eq!(canonical_edge("c7w").as_deref(), Some("c7w"));
    assert_eq!(canonical_edge("a3w").as_deref(), Some("a3w"));
    // Right rim: g6 is a hole, so f6's east side is f6e; g5e is the rim.
    assert_eq!(canonical_edge("f6e").as_deref(), Some("f6e"));
    assert_eq!(canonical_edge("g5e").as_deref(), Some("g5e"));
    // Holes and off-board squares have no edges.
    assert_eq!(canonical_edge("a1n"), None);
    assert_eq!(canonical_edge("h1n"), None);
    assert_eq!(canonical_edge("c3x"), None);
}

#[test]
fn parse_rejects_bad_text() {
    let ok = "**1k2*/6*/7/7/7/*6/*K3** w - 0 5";
    assert!(parse(ok).is_ok());
    // Wrong number of fields, ranks or cells.
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w - 0").is_err());
    assert!(parse("**1k2*/6*/7/7/*6/*K3** w - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K4** w - 0 5").is_err());
    // A piece or an empty run on a hole (a2 is a hole); '*' on a board square.
    assert!(parse("**1k2*/6*/7/7/7/R6/*K3** w - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/7/*K3** w - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/*6/*6/*K3** w - 0 5").is_err());
    // Not exactly one king per side.
    assert!(parse("**1k2*/6*/7/7/7/*6/*4** w - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*5K/*K3** w - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w - 0 5").is_ok());
    // Bad side, clocks, unknown letters.
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** x - 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w - -1 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w - 0 0").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*Q3** w - 0 5").is_err());
    // Wires: unknown edge, the same edge twice (c3s is c2n), a cycle (the four sides of c3:
    // c3n top, c3e right, c2n bottom, b3e left).
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w h1n 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w c2n,c3s 0 5").is_err());
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w b3e,c2n,c3e,c3n 0 5").is_err());
    // Three sides of c3 are a path, not a cycle.
    assert!(parse("**1k2*/6*/7/7/7/*6/*K3** w b3e,c2n,c3e 0 5").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Wires: loop removal (N2)

#[test]
fn loop_removal_unit_square() {
    // Kings g4 and d7, wires on three sides of c3 (c3n, c3e, c2n = c3's south side). The King's
    // move g4g5 followed by the fourth side b3e (= c3w) closes the unit square around c3: all four
    // wires go (the new one included).
    let p = pos("**1k2*/6*/7/6K/7/*6/*4** w c2n,c3e,c3n 7 9");
    let q = play_all(p, &["g4g5/b3e"]);
    assert_eq!(q.to_text(), "**1k2*/6*/6K/7/7/*6/*4** b - 8 9");
}

#[test]
fn loop_removal_along_the_rim_keeps_other_wires() {
    // The 2x1 rectangle around b1+c1 has six sides: b1s, c1s (bottom rim), b1w (left rim, a1 is
    // a hole), c1e (right), b1n, c1n (top). Five are wired; d1s touches the rectangle only at
    // its corner (the south-east corner of c1), and g4n is far away. Placing c1n closes the
    // rectangle: its six wires go, d1s and g4n stay.
    let p = pos("**1k2*/6*/7/6K/7/*6/*4** w b1n,b1s,b1w,c1e,c1s,d1s,g4n 0 9");
    let q = play_all(p.clone(), &["g4f4/c1n"]);
    assert_eq!(q.wire_names(), sorted(&["d1s", "g4n"]));
    // Instead the chord b1e (the side between b1 and c1) joins the rectangle's bottom-middle and
    // top-middle corners, which the wires join by the one path b1s-b1w-b1n (the other way round
    // needs the missing c1n). It closes the unit square of b1: b1s, b1w, b1n and b1e go; c1s,
    // c1e, d1s and g4n stay.
    let r = play_all(p.clone(), &["g4f4/b1e"]);
    assert_eq!(r.wire_names(), sorted(&["c1e", "c1s", "d1s", "g4n"]));
    // e5n touches nothing wired: added.
    let s = play_all(p, &["g4f4/e5n"]);
    assert_eq!(s.wire_names(), sorted(&["b1n", "b1s", "b1w", "c1e", "c1s", "d1s", "e5n", "g4n"]));
}

#[test]
fn opening_refuses_loops_and_non_canonical_tokens() {
    let p = pos(START);
    // The four sides of c3 plus one more: closes a loop, refused (N3).
    assert!(p.play("b3e,c2n,c3e,c3n,g4n").is_none());
    // Three sides of c3 plus two more: fine.
    let q = p.play("b3e,c2n,c3e,e4n,g4n").expect("legal opening");
    assert_eq!(q.to_text(), "**akca*/redder*/7/7/7/*REDDER/*ACKA** b b3e,c2n,c3e,e4n,g4n 1 1");
    // Non-canonical names (c3s for c2n), unsorted order, repeats and wrong counts are refused.
    assert!(p.play("b3e,c3e,c3s,e4n,g4n").is_none());
    assert!(p.play("c2n,b3e,c3e,e4n,g4n").is_none());
    assert!(p.play("b3e,b3e,c3e,e4n,g4n").is_none());
    assert!(p.play("b3e,c2n,c3e,e4n").is_none());
    // Black's opening cannot complete a loop with White's wires either: the fourth side of c3.
    assert!(q.play("c3n,d4n,d5n,e5n,f5n").is_none());
    assert!(q.play("c3w,d4n,d5n,e5n,f5n").is_none());
    // Nor place a wire on an edge that is already wired.
    assert!(q.play("c3e,d4n,d5n,e5n,f5n").is_none());
    let r = q.play("d4n,d5n,e5n,f4n,f5n").expect("legal opening");
    // Opening turns count for the halfmove clock; fullmove increases after Black's turn.
    assert_eq!(
        r.to_text(),
        "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3e,c2n,c3e,d4n,d5n,e4n,e5n,f4n,f5n,g4n 2 2"
    );
    assert!(!r.is_opening());
}

#[test]
fn after_both_openings_text() {
    let p = play_all(pos(START), &["b3n,c3n,d3n,e3n,f3n", "b5n,c5n,d5n,e5n,f5n"]);
    assert_eq!(p.to_text(), AFTER_OPENINGS);
}

// ---------------------------------------------------------------------------------------------
// The mobility rule (N4) and the pieces (N5-N7)

#[test]
fn rook_must_cross_exactly_one_wire() {
    // White Ra3, wires b3e (between b3 and c3) and d3e (between d3 and e3). East along rank 3:
    // b3 crosses nothing (refused), c3 and d3 cross b3e only, e3 crosses b3e and d3e (two:
    // refused), f3 and g3 also two. North a4, a5, a6 cross nothing; a2 is a hole.
    let p = pos("**1k2*/6*/7/7/R6/*5K/*4** w b3e,d3e 0 9");
    assert_eq!(p.destinations("a3"), sorted(&["c3", "d3"]));
    // The legal turns contain no rook move to b3 or e3..g3 or a4..a6.
    let turns = p.legal_turns();
    assert!(turns.iter().any(|t| t.starts_with("a3c3/")));
    assert!(turns.iter().any(|t| t.starts_with("a3d3/")));
    for bad in ["a3b3/", "a3e3/", "a3f3/", "a3g3/", "a3a4/", "a3a5/", "a3a6/"] {
        assert!(!turns.iter().any(|t| t.starts_with(bad)), "{bad}");
    }
    assert!(p.play("a3b3/g4n").is_none());
    assert!(p.play("a3e3/g4n").is_none());
    // Add a4n (between a4 and a5): north, a4 still crosses nothing, a5 and a6 cross a4n.
    let q = pos("**1k2*/6*/7/7/R6/*5K/*4** w a4n,b3e,d3e 0 9");
    assert_eq!(q.destinations("a3"), sorted(&["a5", "a6", "c3", "d3"]));
    // Outer-edge wires cannot be crossed: a3w (left rim) and a3s (bottom rim, a2 is a hole)
    // give the rook nothing.
    let r = pos("**1k2*/6*/7/7/R6/*5K/*4** w a3s,a3w 0 9");
    assert_eq!(r.destinations("a3"), Vec::<String>::new());
}

#[test]
fn android_staircases() {
    // White Ad3, one wire d3n (between d3 and d4); kings g2 and g4 out of the way.
    // Staircases (first step, then alternate):
    //   N,E: d4 e4 e5 f5 f6 (g6 is a hole) - the first step crosses d3n, so all count.
    //   N,W: d4 c4 c5 b5 b6 a6 (a7 is a hole) - all count.
    //   E,N: e3 e4 f4 f5 g5 (g6 hole); E,S: e3 e2 f2 (f1 hole); W,N: c3 c4 b4 b5 a5 a6;
    //   W,S: c3 c2 b2 b1 (a1 hole); S,E: d2 e2 e1 (f1 hole); S,W: d2 c2 c1 b1 - none of these
    //   ever steps between d3 and d4, so they cross nothing and give nothing.
    let p = pos("**4*/6*/7/6k/3A3/*5K/*4** w d3n 0 9");
    assert_eq!(p.destinations("d3"), sorted(&["d4", "e4", "e5", "f5", "f6", "c4", "c5", "b5", "b6", "a6"]));
    // Only d3e (between d3 and e3): now the E-first staircases cross it at once:
    //   E,N: e3 e4 f4 f5 g5; E,S: e3 e2 f2.
    // N,E reaches e4 too (d4 then e4) without crossing; e4 is still a destination because the
    // other staircase E,N reaches it crossing exactly one wire (N4: some path suffices).
    let q = pos("**4*/6*/7/6k/3A3/*5K/*4** w d3e 0 9");
    assert_eq!(q.destinations("d3"), sorted(&["e3", "e4", "f4", "f5", "g5", "e2", "f2"]));
    // Wires d3n and d4e: N,E crosses d3n (d3-d4) and d4e (d4-e4): e4 would be two crossings on
    // that path; E,N crosses nothing up to e4 (d3-e3, e3-e4). So neither path gives e4, and N,E
    // stops counting after d4: destinations N,E: d4 only; N,W: d4 c4 c5 b5 b6 a6. E,N crosses
    // nothing at all (d3e, e3n, e4e, f4n, f5e are unwired), E,S neither.
    let r = pos("**4*/6*/7/6k/3A3/*5K/*4** w d3n,d4e 0 9");
    assert_eq!(r.destinations("d3"), sorted(&["d4", "c4", "c5", "b5", "b6", "a6"]));
    // Blocking and capture: a black android on c5 (captured, ends N,W there; b5 b6 a6 are gone)
    // and a white one on e5 (blocks N,E after e4; f5 f6 gone).
    let s = pos("**4*/6*/2a1A2/6k/3A3/*5K/*4** w d3n 0 9");
    assert_eq!(s.destinations("d3"), sorted(&["d4", "e4", "c4", "c5"]));
}

#[test]
fn caretaker_is_rook_or_android() {
    // White Cd3 with wire d3n: the android part gives the ten squares of `android_staircases`;
    // the rook part goes north across d3n: d4 d5 d6 d7 (all one crossing); east, west and south
    // rays cross nothing.
    let p = pos("**4*/6*/7/6k/3C3/*5K/*4** w d3n 0 9");
    assert_eq!(
        p.destinations("d3"),
        sorted(&["d4", "e4", "e5", "f5", "f6", "c4", "c5", "b5", "b6", "a6", "d5", "d6", "d7"])
    );
}

#[test]
fn wirerider_n8_diagram() {
    // The page's diagram, 4 columns = files c-f, its rows 2, 3, 4 = ranks 5, 4, 3:
    //   row 2 "        | x   x"  : '|' at column 8 = between columns 2 and 3: d5e; x on e5, f5
    //   line  "+   +---+---+   +": '---' under columns 2 and 3: d4n, e4n
    //   row 3 "            | x"  : '|' at column 12 = between columns 3 and 4: e4e; x on f4
    //   line  "+   +   +   +   +": nothing
    //   row 4 "    |     E   x"  : '|' at column 4 = between columns 1 and 2: c3e; E on e3; x f3
    //   line  "+   +   +---+   +": '---' under column 3: e2n (the side between e3 and e2)
    // Kings far away on b1 and d7.
    let p = pos("**1k2*/6*/7/7/4E2/*6/*K3** w c3e,d4n,d5e,e2n,e4e,e4n 0 9");
    // By hand (state = square, crossings so far):
    //   e3 has e2n below: it may step east/west: f3 (e3e unwired: 0), d3 (d3e unwired: 0).
    //   f3: no wired side: stuck. d3 has c3e on its west side: north d4 (0), south d2 (0).
    //   d4 has d4n on top: east e4 (0), west c4 (0; c4 has no wired side: stuck).
    //   e4 has e4n on top and e4e on its east side: east f4 crosses e4e (1); north e5 crosses
    //   e4n (1); west d4, south e3 (0, nothing new).
    //   f4 (1) has e4e on its west side: north f5 (1), south f3 (1).
    //   e5 (1) has e4n below and d5e on its west side: east f5 (1), west d5 crosses d5e (2:
    //   dead), north e6 (1), south e4 crosses e4n (2: dead).
    //   f5, f3, e6 have no wired side.
    // One crossing: e5 f5 f4 f3 e6. In the judged rows (ranks 3-5) that is exactly the marked
    // e5 f5 f4 f3; e6 is on the lost top row (rank 6), not judged.
    assert_eq!(p.destinations("e3"), sorted(&["e5", "e6", "f3", "f4", "f5"]));
}

#[test]
fn wirerider_captures_and_rim_wires() {
    // White Ec2, Kb1, wires c1n (between c1 and c2) and c1s (the bottom rim under c1). From c2:
    // c1n is its south side, so it may step east to d2 or west to b2, crossing nothing (c2e, b2e
    // unwired). b2 and d2 have no wired side. Nothing is reachable with a crossing.
    let p = pos("**1k2*/6*/7/7/7/*1E4/*K3** w c1n,c1s 0 9");
    assert_eq!(p.destinations("c2"), Vec::<String>::new());
    // Add b2e (c2's west side). From c2 (0): east d2 (0); west b2 crossing b2e (1); and, thanks to
    // b2e, north c3 (0) and south c1 crossing c1n (1).
    //   c1 (1): wires on its north (c1n) and south (c1s, the rim: it cannot be crossed but still
    //   lets the rider step) sides: east d1 (c1e unwired: 1); west b1 is the own King: blocked.
    //   d1 (1): no wired side. b2 (1): b2e on its east side: north b3 (1), south b1 blocked.
    //   b3, c3, d2: no wired side.
    // One crossing: b2, b3, c1, d1.
    let q = pos("**1k2*/6*/7/7/7/*1E4/*K3** w b2e,c1n,c1s 0 9");
    assert_eq!(q.destinations("c2"), sorted(&["b2", "b3", "c1", "d1"]));
    // Without c1n, c2 has only b2e (a vertical wire): it may step north c3 or south c1, both
    // crossing nothing, but no longer east or west (so b2e is never crossed). c1 has c1s on the
    // rim: east d1 (0), west b1 blocked. c3 and d1 have no wired side. Nothing crosses a wire.
    let q2 = pos("**1k2*/6*/7/7/7/*1E4/*K3** w b2e,c1s 0 9");
    assert_eq!(q2.destinations("c2"), Vec::<String>::new());
    // A black rook on b3: captured (one crossing), and the path ends there.
    let r = pos("**1k2*/6*/7/7/1r5/*1E4/*K3** w b2e,c1n,c1s 0 9");
    assert_eq!(r.destinations("c2"), sorted(&["b2", "b3", "c1", "d1"]));
    // A black rook on b2: reached crossing b2e, captured there; b3 is then out of reach.
    let s = pos("**1k2*/6*/7/7/7/*rE4/*K3** w b2e,c1n,c1s 0 9");
    assert_eq!(s.destinations("c2"), sorted(&["b2", "c1", "d1"]));
}

#[test]
fn windmill_moves() {
    // White Dd3, White Rd4 (the only piece next to d3), black rook f4, one wire f5e (between f5
    // and g5). Kings b1 and d7 are next to none of the squares involved.
    let p = pos("**1k2*/6*/7/3R1r1/3D3/*6/*K3** w f5e 0 9");
    // First windmill: around d4 only; its ring c5 d5 e5 e4 e3 (d3) c3 c4 has no wire between
    // neighbours, so every stop crosses nothing: no one-windmill destination.
    // Second windmill from a stop next to f4 (e3, e4, e5) around f4, whose ring is
    // e5 f5 g5 g4 g3 f3 e3 e4; the only wired step is f5-g5. From e5 clockwise: f5 (0),
    // g5 g4 g3 f3 e3 e4 (1); counterclockwise: e4 e3 f3 g3 g4 g5 (0), f5 (1). From e4 and e3
    // likewise every ring square but the first is reached with one crossing by one of the two
    // directions (clockwise from e4: e5 f5 (0) g5 g4 g3 f3 e3 (1); counterclockwise from e4:
    // e3 f3 g3 g4 g5 (0) f5 e5 (1); from e3 clockwise: ... g5 g4 g3 f3 (1); counterclockwise:
    // ... f5 e5 e4 (1)). Circling d4 again crosses nothing; b1/d7 are not next to any stop.
    // So: e3 e4 e5 f3 f5 g3 g4 g5. c3 c4 c5 d5 are reachable only without a crossing.
    assert_eq!(p.destinations("d3"), sorted(&["e3", "e4", "e5", "f3", "f5", "g3", "g4", "g5"]));
    // A black android on g4: clockwise around f4 the windmill now stops on g4 (capture, one
    // crossing after f5-g5) and cannot go on to g3; counterclockwise it reaches g4 having crossed
    // nothing (capture refused by N4) and stops. Left: g5 and g4 (from e5, e4 or e3 clockwise).
    let q = pos("**1k2*/6*/7/3R1ra/3D3/*6/*K3** w f5e 0 9");
    assert_eq!(q.destinations("d3"), sorted(&["g4", "g5"]));
    // Playing the capture resets the halfmove clock.
    let r = play_all(q, &["d3g4/a3n"]);
    assert_eq!(r.to_text(), "**1k2*/6*/7/3R1rD/7/*6/*K3** b a3n,f5e 0 9");
}

#[test]
fn windmill_one_and_two_moves_and_holes() {
    // White Dd3 and White Rd4, wire d3e (between d3 and e3). Around d4 from d3 counterclockwise
    // the first step d3-e3 crosses d3e: e3 e4 e5 d5 c5 c4 c3 are all one-windmill destinations
    // with one crossing; clockwise (c3 .. e3) crosses nothing and the windmill cannot make an
    // eighth step back across d3e. So the ring minus d3.
    let p = pos("**1k2*/6*/7/3R3/3D3/*6/*K3** w d3e 0 9");
    assert_eq!(p.destinations("d3"), sorted(&["c3", "c4", "c5", "d5", "e3", "e4", "e5"]));
    // A white Android on c4: it blocks, and it is a second pivot (it is next to d3 too).
    // First windmill around d4: counterclockwise e3 e4 e5 d5 c5 (crossing d3e at once: 1), then
    // c4 blocks; clockwise c3 (0), then c4 blocks. Around c4 (ring b5 c5 d5 d4 d3 c3 b3 b4):
    // clockwise c3 b3 b4 b5 c5 d5 (0), then d4 blocks; counterclockwise d4 blocks at once.
    // Second windmills (the only pivots next to these stops are c4 and d4; the Kings are far):
    //   from c5 or d5 reached with one crossing, around c4 counterclockwise: (c5) b5 b4 b3 c3,
    //   then d3 (the empty start) and d4 blocks: b3 b4 b5 c3 with one crossing;
    //   from c5 or d5 reached with none, around d4 clockwise: (d5) e5 e4 e3 (0), d3 crossing d3e
    //   (1, but the start square), c3 (1);
    //   everything else either crosses nothing or crosses d3e a second time.
    // Total: b3 b4 b5 c3 c5 d5 e3 e4 e5.
    let q = pos("**1k2*/6*/7/2AR3/3D3/*6/*K3** w d3e 0 9");
    assert_eq!(q.destinations("d3"), sorted(&["b3", "b4", "b5", "c3", "c5", "d5", "e3", "e4", "e5"]));
    // Holes block. White Db2 with pivot King b1 and wire b2e: the ring of b1 is a2 b2 c2 c1 c0 b0 a0 a1;
    // only b2, c2, c1 are board squares. From b2 clockwise: c2 (crosses b2e: 1), c1 (1), then
    // the off-board c0 stops it. Counterclockwise: a2 is a hole: stop. Other pivots next to b2:
    // none besides b1 (c1, c2, a3, b3, c3 empty). Second windmills from c2 (pivots next to c2:
    // b1) go back around b1: counterclockwise b2 (crossing again: 2), clockwise c1 (1, known);
    // from c1 (pivots: b1): counterclockwise c2 b2 (2). So: c1 and c2.
    let r = pos("**1k2*/6*/7/7/7/*D5/*K3** w b2e 0 9");
    assert_eq!(r.destinations("b2"), sorted(&["c1", "c2"]));
}

// ---------------------------------------------------------------------------------------------
// Turns: pass, check, mate (N3, N9)

#[test]
fn pass_when_nothing_can_move() {
    // White Kb1 boxed in by its own WireRiders b2, c2, c1 (a1 and a2 are holes). With no wires
    // at all no piece but a King can move (N4), so White has no piece move and passes; Black has
    // only the King on d7, so every one of the 96 empty edges is a legal wire for the pass.
    let p = pos("**1k2*/6*/7/7/7/*EE4/*KE2** w - 0 5");
    let turns = p.legal_turns();
    assert_eq!(turns.len(), 96);
    assert!(turns.iter().all(|t| t.starts_with("pass/")));
    assert!(turns.contains(&"pass/g3e".to_string()));
    let q = play_all(p, &["pass/g3e"]);
    assert_eq!(q.to_text(), "**1k2*/6*/7/7/7/*EE4/*KE2** b g3e 1 5");
}

#[test]
fn pass_when_every_piece_move_leaves_the_king_attacked() {
    // White Kb1, own WireRiders b2 and c2 (no wired side: immobile), black king d2, black rook e1,
    // wire c1e (between c1 and d1). The rook attacks b1 along rank 1: d1 (0), c1 (crosses c1e:
    // 1), b1 (1). The King's only move, b1c1, lands next to the black king: illegal whatever
    // the wire. So White passes, and the wire must parry: a second wire on the rook's path,
    // b1e (between b1 and c1) or d1e (between d1 and e1), makes it two crossings. c1e is a lone
    // wire, so no placement can remove it by closing a loop.
    let p = pos("**4*/6*/7/7/7/*EEk3/*K2r** w c1e 0 40");
    assert!(p.in_check());
    assert_eq!(p.legal_turns(), sorted(&["pass/b1e", "pass/d1e"]));
}

#[test]
fn check_parried_by_a_wire() {
    // White Kb1, own immobile WireRiders c1 and c2, black rook b6, wires: b4n (on the rook's path
    // b6-b5-b4-b3-b2-b1, crossed between b5 and b4) and a 7-wire path b4n-c4n-c5e-c6e-c6n-b6n-a6e
    // going round b5/c5/b6/c6 from the south-east corner of... (lattice points (1,4) (2,4) (3,4)
    // (3,5) (3,6) (2,6) (1,6) (1,5)); a5e would join (1,5) to (1,4) and close it.
    // White is in check (one crossing). The King's only move is b1b2 (c1, c2 own, a1/a2 holes),
    // where the rook still reaches it (b5, b4 crossing b4n, b3, b2). Parries, wire by wire:
    //   b5n, b3n, b2n: a second wire on the path: two crossings;
    //   a5e: closes the 8-loop, removing b4n with it: no crossing left;
    //   any other: the path has exactly b4n: attacked.
    let p = pos("**1k2*/1r4*/7/7/7/*1E4/*KE2** w a6e,b4n,b6n,c4n,c5e,c6e,c6n 5 20");
    assert!(p.in_check());
    assert_eq!(p.legal_turns(), sorted(&["b1b2/a5e", "b1b2/b2n", "b1b2/b3n", "b1b2/b5n"]));
    let q = play_all(p, &["b1b2/a5e"]);
    assert_eq!(q.to_text(), "**1k2*/1r4*/7/7/7/*KE4/*1E2** b - 6 20");
}

#[test]
fn mate() {
    // White Kb1, own immobile WireRiders c1 and c2, black rook b2 with wire b1n (between b1 and
    // b2), black king b3 guarding b2. The rook attacks b1 in one step across b1n. The King's only
    // move is b1xb2, next to the black king: illegal. No other White piece can move (c1 and c2
    // have no wired side), so White would pass; but the one-step path b2-b1 cannot get a second
    // wire, and b1n is alone (one placement closes no loop through it), so no wire parries.
    // No legal turn: mate, Black wins (no stalemate).
    let p = pos("**4*/6*/7/7/1k5/*rE4/*KE2** w b1n 3 30");
    assert!(p.in_check());
    assert_eq!(p.legal_turns(), Vec::<String>::new());
    assert_eq!(p.perft(1), 0);
    assert_eq!(p.outcome(), Some("0-1"));
}

#[test]
fn draws() {
    // N10: 100 turns without a capture.
    let p = pos("**1k2*/6*/7/7/7/*EE4/*KE2** w - 100 60");
    assert_eq!(p.outcome(), Some("1/2-1/2"));
    let p = pos("**1k2*/6*/7/7/7/*EE4/*KE2** w - 99 60");
    assert_eq!(p.outcome(), None);
    // Threefold repetition: the Kings step out and back while the four wires placed are the four
    // sides of e4 (e3n, e4e, e4n, d4e); the fourth closes the square and removes all of them, so
    // after 4 turns pieces, wires and side to move are as at the start (the clocks differ, but
    // they are not part of the position for N10). Twice round gives the third occurrence.
    let start = pos("**1k2*/6*/7/6K/7/*6/*4** w - 0 9");
    assert_eq!(start.outcome(), None);
    let round = ["g4g5/e3n", "d7e7/e4e", "g5g4/e4n", "e7d7/d4e"];
    let once = play_all(start, &round);
    assert_eq!(once.to_text(), "**1k2*/6*/7/6K/7/*6/*4** w - 4 11");
    assert_eq!(once.outcome(), None);
    let twice = play_all(once, &round);
    assert_eq!(twice.outcome(), Some("1/2-1/2"));
    assert_eq!(pos(START).outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Opening count

#[test]
fn opening_turns_from_the_start() {
    // The 5 opening wires may be any 5 of the 96 edges containing no cycle; neither King can be
    // attacked whatever the wires (d1's neighbours c1, d2, e1 are White pieces and d7's c7, d6,
    // e7 are Black ones, and every non-King move ends by an orthogonal step from an empty square
    // or its start). The only cycles of at most 5 edges are the 41 unit squares (a cycle on the
    // grid has even length; length 4 is a unit square, and no hole is enclosed by edges). A
    // 5-set contains a unit square's 4 sides plus any of the other 92 edges, and never two
    // squares (that needs at least 7 edges). So C(96,5) - 41 * 92 = 61,124,064 - 3,772.
    let t = Instant::now();
    let n = pos(START).opening_turn_count();
    println!("opening turns from the start: {n} ({:.1?})", t.elapsed());
    assert_eq!(n, 61_120_292);
}

#[test]
fn black_opening_count_after_white_closes_nothing() {
    // After White's opening b3n,c3n,d3n,e3n,f3n (a straight run of 5 wires between ranks 3 and
    // 4), Black's 5 wires may not close a cycle with White's either.
    let p = play_all(pos(START), &["b3n,c3n,d3n,e3n,f3n"]);
    assert!(p.is_opening() && !p.white_to_move());
    // The other three sides of c3 (b3e, c2n, c3e) with White's c3n: a loop, refused.
    assert!(p.play("b3e,c2n,c3e,e5n,g5n").is_none());
    // The other three sides of c4 (b4e, c4e, c4n) with White's c3n (c4's bottom): refused.
    assert!(p.play("b4e,c4e,c4n,e5n,g5n").is_none());
    // A longer one: b3e and d3e hang from the run at the corners of c3's top; c2n and d2n with
    // c3e... use the rectangle c3+d3 below the run: b3e, c2n, d2n, d3e plus White's c3n, d3n.
    assert!(p.play("b3e,c2n,d2n,d3e,g5n").is_none());
    // Only two sides of c4 with the run: a path, fine.
    assert!(p.play("b4e,c4e,d5n,e5n,g5n").is_some());
}

// ---------------------------------------------------------------------------------------------
// Perft data for cross-checking (ignored: long; run with --ignored --nocapture)

fn report(name: &str, text: &str, depth: u32) -> u64 {
    let p = pos(text);
    let t = Instant::now();
    let n = p.perft(depth);
    println!("perft {name} depth {depth}: {n}  ({:.1?})  {text}", t.elapsed());
    n
}

#[test]
fn perft_after_openings_depth1() {
    // After the openings the wires lie only on the lines between ranks 3 and 4 and between
    // ranks 5 and 6 (files b-f). White's King d1 is sealed (c1, d2, e1 are White), so no Black
    // move can reach it and every turn is legal as soon as its piece move is. Piece moves:
    //   Rb2: b3 (0), b4 and b5 (crossing b3n), b6 would cross b5n too: b4, b5. East c2 is own.
    //   Rg2: no wire on the g-file. Ab1, Cc1, Ae1, Kd1: every first step is an own piece, a hole
    //   or off the board. Ec2, Ef2: no wired side. Dd2, De2: every pivot is on rank 1 or 2, so
    //   every ring lies within ranks 1-3 and never crosses a wire.
    // So 2 moves, each with any of the 96 - 10 = 86 empty edges: 172.
    let p = pos(AFTER_OPENINGS);
    assert_eq!(p.perft(1), 172);
    let mut moves: Vec<String> =
        p.legal_turns().iter().map(|t| t.split('/').next().unwrap().to_string()).collect();
    moves.dedup();
    assert_eq!(moves, sorted(&["b2b4", "b2b5"]));
}

/// Positions for cross-checking the engine's perft (counts printed by the ignored test below).
/// B: reached from AFTER_OPENINGS by 12 turns with three captures (Black windriders and rooks
/// in play, many wires including rim wires). C: a hand-made middlegame, White in check from
/// the Black windrider e3 circling the White Caretaker e2; windrider pivots of both colours.
/// D: reached by 16 turns; a White windrider deep on a6 and many windmill pivots.
pub const POSITION_B: &str = "**akca*/r3e1*/4d2/1Rd4/7/*1ED1rR/*ACKA** w a5w,b1w,b2e,b2n,b2w,b3n,b5n,c1e,c1s,c2e,c3n,c5n,c7e,d2e,d3n,d5n,e3n,e5n,f3n,f5n,f7n,g3e 0 8";
pub const POSITION_C: &str =
    "**1k1a*/r2d1e*/2Dc3/1e1R1a1/2A1d2/*1E1C1R/*2K1** w a4n,b3n,b5e,c4n,c5e,d2n,d4e,e3e,e5n,e6e,f4n,g3n 0 20";
pub const POSITION_D: &str = "**akca*/D4r*/e5e/1d5/5D1/*Rd2E1/*ACKA** w a6w,b3n,b5n,b6n,c3n,c5n,d2e,d3n,d5n,d6e,d7n,e1e,e2e,e3n,e5n,e7e,f2e,f2s,f3e,f3n,f4n,f5e,f5n,f7e,g3n,g5n 3 10";

#[test]
fn position_c_check_by_a_windrider() {
    // In POSITION_C the Black windrider e3 circles the White Caretaker e2 counterclockwise:
    // d3 (d3e unwired: 0), d2 (crossing d2n: 1), d1: the White King, one crossing: check.
    let p = pos(POSITION_C);
    assert!(p.in_check());
    assert!(p.destinations("e3").contains(&"d1".to_string()));
    // Rg2-g4 (a legal rook move: g3n crossed) with a wire on the far rim a3s leaves that path
    // untouched (the rook was not on it), so the King stays attacked: not a legal turn.
    assert!(p.play("g2g4/a3s").is_none());
}

#[test]
#[ignore]
fn perft_cross_check_data() {
    report("start", START, 1);
    // Black's opening after White's b3n,c3n,d3n,e3n,f3n (Black's King is sealed too: the
    // acyclic 5-sets of the 91 empty edges given White's run).
    let after_white = play_all(pos(START), &["b3n,c3n,d3n,e3n,f3n"]).to_text();
    report("after-white-opening", &after_white, 1);
    report("after-openings", AFTER_OPENINGS, 1);
    report("after-openings", AFTER_OPENINGS, 2);
    for (name, text) in [("B", POSITION_B), ("C", POSITION_C), ("D", POSITION_D)] {
        report(name, text, 1);
        report(name, text, 2);
    }
}
