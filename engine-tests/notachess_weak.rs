//! Not A Chess Variant with the inventor's weakened loop rule (`notachessweak`, N11 in
//! protocol-docs/variants.md): the three examples, hand-counted tests of both loop cases
//! (one outline, two outlines at once) and of a larger loop kept, hand-counted perft, the shipped
//! binary's `show`, and agreement with the reference generator's separate weak code path
//! (`reference/notachess.rs`, `parse_weak`) at every node of several walks and random games.
//! Every rule but loop removal is `notachessvariant`'s, tested in `notachess.rs`.

#[path = "notachess_games.rs"]
mod games;
#[path = "reference/notachess.rs"]
mod reference;

use games::after;

use jester::core::{Game, Outcome};
use jester::tools::perft;
use jester::variants::wires::{WeakWirePosition, WirePosition, START};
use std::process::Command;

fn weak(text: &str) -> WeakWirePosition {
    WeakWirePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn full(text: &str) -> WirePosition {
    WirePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `jester show --variant V --fen F --moves T`: the position text it prints.
fn show(variant: &str, fen: &str, moves: &str) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_jester"))
        .args(["show", "--variant", variant, "--fen", fen, "--moves", moves])
        .output()
        .expect("jester runs");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text.lines().find_map(|l| l.strip_prefix("Position: ")).map(str::to_string);
    line.ok_or_else(|| format!("no position text in:\n{text}"))
}

/// Kings only: White's on a3, Black's on g5. Wires `b4e,c3n,c4n` are c4's west, south and north
/// sides; `d3n,d4n` are d4's south and north sides.
const EXAMPLE_1: &str = "**4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n,d3n,d4n 0 10";
const EXAMPLE_2: &str = "**4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n 0 10";
/// The position after the first example in `notachessweak`: the six wires around c4 and d4 form
/// a loop, which `notachessvariant` never has on its board.
const EXAMPLE_3: &str = "**4*/6*/6k/K6/7/*6/*4** b b4e,c3n,c4n,d3n,d4e,d4n 1 10";

// ---------------------------------------------------------------------------------------------
// The examples, through the library and through the shipped binary.

#[test]
fn example_1_a_loop_around_two_squares_stays_only_in_the_weak_game() {
    // d4e closes the six-wire loop around c4 and d4 (b4e, c3n, d3n, d4e, d4n, c4n).
    let kept = "**4*/6*/6k/K6/7/*6/*4** b b4e,c3n,c4n,d3n,d4e,d4n 1 10";
    let removed = "**4*/6*/6k/K6/7/*6/*4** b - 1 10";
    assert_eq!(after(&weak(EXAMPLE_1), "a3a4/d4e").to_text(), kept);
    assert_eq!(after(&full(EXAMPLE_1), "a3a4/d4e").to_text(), removed);
    assert_eq!(show("notachessweak", EXAMPLE_1, "a3a4/d4e").as_deref(), Ok(kept));
    assert_eq!(show("nacvweak", EXAMPLE_1, "a3a4/d4e").as_deref(), Ok(kept));
    assert_eq!(show("notachessvariant", EXAMPLE_1, "a3a4/d4e").as_deref(), Ok(removed));
}

#[test]
fn example_2_a_single_square_outline_goes_in_both_games() {
    // c4e is c4's fourth side: its four wires go in both games.
    let removed = "**4*/6*/6k/K6/7/*6/*4** b - 1 10";
    assert_eq!(after(&weak(EXAMPLE_2), "a3a4/c4e").to_text(), removed);
    assert_eq!(after(&full(EXAMPLE_2), "a3a4/c4e").to_text(), removed);
    for variant in ["notachessweak", "notachessvariant"] {
        assert_eq!(show(variant, EXAMPLE_2, "a3a4/c4e").as_deref(), Ok(removed), "{variant}");
    }
}

#[test]
fn example_3_two_outlines_at_once_remove_seven_wires() {
    // c4e is the fourth side of c4 (b4e, c3n, c4n) and of d4 (d3n, d4e, d4n): all seven go.
    let p = weak(EXAMPLE_3);
    let next = after(&p, "g5f5/c4e");
    assert_eq!(next.to_text(), "**4*/6*/5k1/K6/7/*6/*4** w - 2 11");
    assert_eq!(
        show("notachessweak", EXAMPLE_3, "g5f5/c4e").as_deref(),
        Ok("**4*/6*/5k1/K6/7/*6/*4** w - 2 11")
    );
    // notachessvariant refuses the text: d4n, the last listed wire of the loop, closes it.
    let err = WirePosition::from_text(EXAMPLE_3).unwrap_err();
    assert!(err.to_string().contains("d4n"), "{err}");
    let refused = show("notachessvariant", EXAMPLE_3, "g5f5/c4e").unwrap_err();
    assert!(refused.contains("d4n"), "{refused}");
}

// ---------------------------------------------------------------------------------------------
// The loop rule, case by case (hand-derived).

#[test]
fn a_rim_square_outline_goes() {
    // b1's outline: two outer edges (b1s, b1w) and two inner ones (b1n, b1e), as in
    // notachess.rs's N2 test: the fourth wire removes all four.
    let p = weak("**1k2*/6*/7/3K3/7/*6/*4** w b1n,b1s,b1w 0 10");
    assert_eq!(after(&p, "d4d3/b1e").to_text(), "**1k2*/6*/7/7/3K3/*6/*4** b - 1 10");
}

#[test]
fn a_loop_through_outer_edges_around_two_squares_stays() {
    // notachess.rs's N2 rim loop around b1 and c1 (b1w, b1s, c1s, c1e, c1n, b1n): the full rule
    // removes all six; the weak rule keeps them with the spur b2e.
    let text = "**1k2*/6*/7/3K3/7/*6/*4** w b1n,b1s,b1w,b2e,c1n,c1s 0 10";
    assert_eq!(after(&full(text), "d4d5/c1e").to_text(), "**1k2*/6*/3K3/7/7/*6/*4** b b2e 1 10");
    let kept = after(&weak(text), "d4d5/c1e");
    assert_eq!(kept.to_text(), "**1k2*/6*/3K3/7/7/*6/*4** b b1n,b1s,b1w,b2e,c1e,c1n,c1s 1 10");
    // Then b1e, the shared side, completes both outlines: seven go, the spur stays.
    assert_eq!(after(&kept, "d7e7/b1e").to_text(), "**2k1*/6*/3K3/7/7/*6/*4** w b2e 2 11");
}

#[test]
fn a_larger_loop_stays_and_squares_inside_it_still_close() {
    // A loop of eight wires around c3, d3, c4 and d4 stays. c4's outline is b4e and c4n (on
    // the loop) and c3n and c4e (inside it).
    let loop8 = "b3e,b4e,c2n,c4n,d2n,d3e,d4e,d4n";
    let p = weak(&format!("**4*/6*/6k/7/K6/*6/*4** w {loop8} 0 10"));
    assert_eq!(p.wires().len(), 8);
    let p = after(&p, "a3a4/c3n");
    assert_eq!(p.wires().len(), 9, "c3n splits the loop in two; no square is closed yet");
    let p = after(&p, "g5g4/c4e");
    // c4e completes c4 (b4e, c3n, c4n, c4e): those four go, and the loop around c3 and d3 that
    // they were part of is broken. c3's outline (b3e, c2n, c3n, c3e) lacks c3e and d4's (c4e,
    // d3n, d4e, d4n) lacks d3n, so nothing else goes.
    assert_eq!(p.to_text(), "**4*/6*/7/K5k/7/*6/*4** w b3e,c2n,d2n,d3e,d4e,d4n 2 11");
}

#[test]
fn position_texts_refuse_a_whole_outline_and_accept_larger_loops() {
    let err = WeakWirePosition::from_text("**1k2*/6*/7/3K3/7/*6/*4** w b1n,b1s,b1w,b1e 0 10").unwrap_err();
    assert!(err.to_string().contains("b1e") && err.to_string().contains("outline"), "{err}");
    assert!(WeakWirePosition::from_text(EXAMPLE_3).is_ok());
    // Every text is validated as a position (invariants and key) too.
    assert_eq!(weak(EXAMPLE_3).validate(), Ok(()));
}

#[test]
fn the_opening_may_close_no_loop() {
    // N3 holds unchanged: the four sides of b1 plus any fifth edge are refused, as in
    // notachessvariant, and the count of opening turns is the same.
    let start = WeakWirePosition::start();
    assert_eq!(start.to_text(), START);
    assert!(start.parse_turn("b1n,b1e,b1s,b1w,c5n").is_err());
    assert!(start.parse_turn("b3n,c3n,d3n,e3n,f3n").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Hand-counted perft.

#[test]
fn perft_of_the_first_example_by_hand() {
    // Depth 1: White's King a3 has four steps (a4, b4, b3, b2; a2 is a hole), each with any of
    // the 96 - 5 = 91 empty edges: 364 in both games (Kings far apart, no other pieces).
    // Depth 2: Black's King g5 has four steps (f6, f5, f4, g4; g6 is a hole), each with any empty
    // edge after White's wire. White's wires: 89 leave six wires (90 empty edges); c4e
    // completes c4 (four go, two wires left: 94 empty) in both games; d4e closes the six-wire
    // loop: notachessvariant removes it (96 empty), notachessweak keeps it (90 empty).
    // notachessvariant: 4 x (89 x 4 x 90 + 4 x 94 + 4 x 96) = 4 x 32,800 = 131,200.
    // notachessweak:    4 x (89 x 4 x 90 + 4 x 94 + 4 x 90) = 4 x 32,776 = 131,104.
    assert_eq!(perft::perft(&full(EXAMPLE_1), 1), 364);
    assert_eq!(perft::perft(&weak(EXAMPLE_1), 1), 364);
    assert_eq!(perft::perft(&full(EXAMPLE_1), 2), 131_200);
    assert_eq!(perft::perft(&weak(EXAMPLE_1), 2), 131_104);
    assert_eq!(perft::perft_by_playing(&weak(EXAMPLE_1), 2), 131_104);
}

#[test]
fn perft_of_the_third_example_by_hand() {
    // Depth 1: Black's King g5 has four steps, each with any of the 90 empty edges: 360.
    // Depth 2: only c4e removes anything (c4 and d4 have three wired sides each; no other square
    // has more than one): after it no wire is left (96 empty edges), after the other 89 there
    // are seven wires (89 empty). White's King a4 has five steps (a5, b5, b4, b3, a3):
    // 4 x (89 x 5 x 89 + 1 x 5 x 96) = 4 x 40,085 = 160,340.
    let p = weak(EXAMPLE_3);
    assert_eq!(perft::perft(&p, 1), 360);
    assert_eq!(perft::perft(&p, 2), 160_340);
    assert_eq!(perft::perft_by_playing(&p, 2), 160_340);
}

// ---------------------------------------------------------------------------------------------
// The reference generator's weak code path.

#[test]
fn the_reference_reads_the_examples_alike() {
    let r = reference::parse_weak(EXAMPLE_1).unwrap();
    assert_eq!(r.play("a3a4/d4e").unwrap().to_text(), EXAMPLE_3);
    assert_eq!(
        reference::parse(EXAMPLE_1).unwrap().play("a3a4/d4e").unwrap().to_text(),
        "**4*/6*/6k/K6/7/*6/*4** b - 1 10"
    );
    let r = reference::parse_weak(EXAMPLE_3).unwrap();
    assert_eq!(r.play("g5f5/c4e").unwrap().to_text(), "**4*/6*/5k1/K6/7/*6/*4** w - 2 11");
    assert!(reference::parse(EXAMPLE_3).is_err());
    assert!(reference::parse_weak("**1k2*/6*/7/3K3/7/*6/*4** w b1n,b1s,b1w,b1e 0 10").is_err());
    assert_eq!(reference::parse_weak(EXAMPLE_1).unwrap().perft(2), 131_104);
    assert_eq!(reference::parse_weak(EXAMPLE_3).unwrap().perft(2), 160_340);
}

/// Walks both generators together to `depth` turns, comparing the sorted turn lists and the
/// position text after every turn (as notachess.rs does for the full rule).
fn walk(p: &WeakWirePosition, depth: u32, nodes: &mut u64) {
    let text = p.to_text();
    let r = reference::parse_weak(&text).unwrap_or_else(|e| panic!("reference refuses {text}: {e}"));
    assert_eq!(r.to_text(), text, "texts differ");
    let ours = p.legal_turn_tokens();
    let theirs = r.legal_turns();
    if ours != theirs {
        let only_ours: Vec<_> = ours.iter().filter(|t| !theirs.contains(t)).take(10).collect();
        let only_theirs: Vec<_> = theirs.iter().filter(|t| !ours.contains(t)).take(10).collect();
        panic!("{text}: jester only {only_ours:?}; reference only {only_theirs:?}");
    }
    *nodes += 1;
    if depth == 0 {
        return;
    }
    let mut moves_seen = std::collections::HashSet::new();
    for (i, token) in ours.iter().enumerate() {
        let first_of_its_move = moves_seen.insert(token.split('/').next().unwrap_or_default().to_string());
        // Every wire that removes wires is followed, besides a spread of the others.
        let removes = after(p, token).wires().len() < p.wires().len();
        if i % 29 != 0 && !first_of_its_move && !removes {
            continue;
        }
        let child = after(p, token);
        let r_child = r.play(token).unwrap_or_else(|| panic!("reference refuses {token} in {text}"));
        assert_eq!(r_child.to_text(), child.to_text(), "after {token} in {text}");
        walk(&child, depth - 1, nodes);
    }
}

/// Positions with a loop of six wires on the board, around two squares with three wired sides
/// each: after the openings, around c4 and c5 (a Rook on b2 may cross b3n into b4 and b5, beside
/// it); in a middle game (notachess.rs's, with d5e added), around e4 and e5, between a white
/// Short Windrider on d3 and a black Rook on f5. In both, one wire (c4n, e4n) removes seven.
const LOOPS_ON_THE_BOARD: &str =
    "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b4e,b5e,b5n,c3n,c4e,c5e,c5n,d3n,d5n,e3n,e5n,f3n,f5n 4 3";
const MIDGAME_WEAK: &str =
    "**ak1a*/r1dde1*/1e3r1/2R4/3D3/*RE1DE1/*ACKA** w b3e,b3n,c4n,c5e,d2n,d4e,d5e,e3n,e4e,e5e,e5n,f3n 4 6";

#[test]
fn agrees_with_the_reference_at_every_node() {
    let positions = [
        (EXAMPLE_1, 2),
        (EXAMPLE_3, 2),
        (LOOPS_ON_THE_BOARD, 1),
        (MIDGAME_WEAK, 1),
        ("**1k2*/6*/7/3K3/7/*6/*4** w b1n,b1s,b1w,b2e,c1n,c1s 0 10", 2),
    ];
    let mut nodes = 0;
    for (text, depth) in positions {
        walk(&weak(text), depth, &mut nodes);
    }
    println!("compared {nodes} nodes");
    assert!(nodes > 300);
}

/// notachess.rs's position with a white Short Windrider on a6 after sixteen turns: a forest of
/// 26 wires in which White's wire e3e closes the six-wire loop around f2 and f3 (e2e, f2s, f2e,
/// f3e, f3n): the full rule removes it, the weak rule keeps it, and Black's replies differ. So
/// its depth-2 count differs between the two games (notachessvariant: 2,209,364).
const WHITE_WINDRIDER_ON_A6: &str = "**akca*/D4r*/e5e/1d5/5D1/*Rd2E1/*ACKA** w a6w,b3n,b5n,b6n,c3n,c5n,d2e,d3n,d5n,d6e,d7n,e1e,e2e,e3n,e5n,e7e,f2e,f2s,f3e,f3n,f4n,f5e,f5n,f7e,g3n,g5n 3 10";

#[test]
fn perft_agrees_with_the_reference() {
    // The counts recorded in engine-tests/perft/notachessweak.perft where the rules differ, each
    // computed by both programs here. Depth 1 after the openings with the loop around c4 and c5:
    // only the Rook b2 moves (b4 or b5, as without the loop), with any of the 82 empty edges:
    // 164.
    assert_eq!(perft::perft(&weak(LOOPS_ON_THE_BOARD), 1), 164);
    let cases = [
        (LOOPS_ON_THE_BOARD, 2, 110_342),
        (MIDGAME_WEAK, 2, 1_106_743),
        (WHITE_WINDRIDER_ON_A6, 2, 2_203_190),
    ];
    for (text, depth, nodes) in cases {
        assert_eq!(perft::perft(&weak(text), depth), nodes, "jester, {text}");
        assert_eq!(reference::parse_weak(text).unwrap().perft(depth), nodes, "reference, {text}");
    }
    // The last is a notachessvariant position too, where the full rule counts 2,209,364: the
    // turns whose wire is e3e (and a few replies closing larger loops) count otherwise.
    assert_eq!(perft::perft(&full(WHITE_WINDRIDER_ON_A6), 2), 2_209_364);
}

#[test]
fn random_games_agree_with_the_reference() {
    // Random games from random openings, compared with the reference at every turn: the sorted
    // turn lists, the position texts, and the game's end. Wires pile up into loops that the weak
    // rule keeps; squares inside and beside them close.
    use rand::SeedableRng;
    let mut nodes = 0;
    let mut loops_seen = 0;
    let mut outlines_removed = 0;
    for game in 0..10u64 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9100 + game);
        let mut p: WeakWirePosition = games::random_openings(&mut rng);
        for _ in 0..60 {
            let text = p.to_text();
            let r = reference::parse_weak(&text).unwrap_or_else(|e| panic!("reference refuses {text}: {e}"));
            assert_eq!(r.to_text(), text);
            let ours = p.legal_turn_tokens();
            assert_eq!(ours, r.legal_turns(), "turn lists differ in {text}");
            nodes += 1;
            if !p.wires().is_forest() {
                loops_seen += 1;
            }
            if ours.is_empty() {
                assert!(matches!(p.outcome(), Some(Outcome::Win { .. })), "{text}");
                break;
            }
            let token = games::random_turn(&p, &ours, &mut rng, 0.3);
            let next = after(&p, &token);
            if next.wires().len() < p.wires().len() {
                outlines_removed += 1;
            }
            let r_next = r.play(&token).unwrap_or_else(|| panic!("reference refuses {token} in {text}"));
            assert_eq!(r_next.to_text(), next.to_text(), "after {token} in {text}");
            assert_eq!(next.validate(), Ok(()));
            p = next;
        }
    }
    println!(
        "compared {nodes} positions; {loops_seen} held a loop; {outlines_removed} turns removed outlines"
    );
    assert!(nodes > 300);
    assert!(loops_seen > 0, "no game reached a loop");
}
