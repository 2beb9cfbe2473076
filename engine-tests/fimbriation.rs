//! Fimbriation Chess (Gilman's rule page, M1-M8 in protocol-docs/variants.md, protocol-docs/notation.md and the
//! project's readings): the engine's rule tests with hand-derived expectations, hostile position
//! texts, perft from the start, and agreement with the independent reference generator
//! (`reference/fimbriation.rs`) at every node of several walks and of many seeded random games.
//!
//! The rule scenes shared with the reference's tests (`fimbriation_reference.rs`) are written
//! once, in `fimbriation_scenes.rs` (with the board reminder and the rotation they use), and run
//! here against the engine through a thin adapter, [`Pos`], that gives the engine the scenes' API
//! ([`ScenePosition`]); the scenes below that only the engine is held to use the same helpers.

#[path = "reference/fimbriation.rs"]
mod reference;
#[path = "fimbriation_scenes.rs"]
mod scenes;

use jester::core::{Coord, DrawReason, Game, MoveList, Outcome, Record};
use jester::search::{Engine, Limits};
use jester::tools::perft::{perft, perft_by_playing};
use jester::variants::fimbriation::{board, Fimbriation, SEAT_LETTERS, START};
use reference::RefPosition;
use scenes::{
    board_squares, board_text, coords, field, field_of, m1_square, moves_from, name, play, refusal, rot_all,
    rot_ep, rot_letters, rot_piece, rot_seat, rot_sq, rot_token, rotated, split_token, Scene, ScenePosition,
    KINGS, PAWN_SCENE, SEATS,
};
use std::panic::catch_unwind;
use std::time::Instant;

// ---------------------------------------------------------------------------------------------
// The adapter: the engine with the scenes' API
// ---------------------------------------------------------------------------------------------

/// The engine's position behind the scenes' API (tokens, texts, letters).
#[derive(Clone)]
struct Pos(Fimbriation);

impl Pos {
    fn moves(&self) -> Vec<<Fimbriation as Game>::Move> {
        let mut list = MoveList::new();
        self.0.legal_moves(&mut list);
        list.iter().copied().collect()
    }

    fn key(&self) -> u64 {
        self.0.key()
    }
}

impl ScenePosition for Pos {
    const NAME: &'static str = "engine";
    const START: &'static str = START;

    fn start() -> Self {
        Pos(Fimbriation::start())
    }

    /// The engine's board squares in the scenes' order (rank 1 first, files a..n).
    fn squares() -> Vec<String> {
        let mut v: Vec<_> = board::squares().map(|s| (board::coord(s).rank, board::coord(s).file)).collect();
        v.sort();
        v.into_iter().map(|(r, f)| Coord::new(f, r).to_string()).collect()
    }

    fn parse(text: &str) -> Result<Pos, String> {
        Fimbriation::from_text(text).map(Pos).map_err(|e| e.to_string())
    }

    /// The engine's own invariants, its incremental key, and the text round trip.
    fn check(&self) {
        let text = self.to_text();
        if let Err(e) = self.0.validate() {
            panic!("invariant broken in {text}: {e:?}");
        }
        assert_eq!(self.0.key(), self.0.recomputed_key(), "incremental key of {text}");
        let back = Pos::parse(&text).unwrap_or_else(|e| panic!("own text refused: {text}: {e}"));
        assert_eq!(back.to_text(), text, "round trip");
        assert_eq!(back.key(), self.key(), "key of the re-read text {text}");
    }

    fn to_text(&self) -> String {
        self.0.to_text()
    }

    fn to_move(&self) -> char {
        SEAT_LETTERS[self.0.side().index()]
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().into_iter().map(|m| self.0.render_move(m)).collect();
        v.sort();
        let before = v.len();
        v.dedup();
        assert_eq!(before, v.len(), "two legal moves share a token in {}", self.to_text());
        v
    }

    fn play(&self, token: &str) -> Option<Pos> {
        let m = self.0.parse_move(token).ok()?;
        let mut next = self.0.clone();
        next.play(m);
        Some(Pos(next))
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(&self.0, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self
            .legal_moves()
            .into_iter()
            .map(|t| {
                let n = self.play(&t).unwrap().perft(depth - 1);
                (t, n)
            })
            .collect();
        v.sort();
        v
    }

    fn eliminated(&self) -> String {
        self.0.elimination_order().iter().map(|s| SEAT_LETTERS[s.index()]).collect()
    }

    fn winner(&self) -> Option<char> {
        match self.0.outcome() {
            Some(Outcome::Win { winner, .. }) => Some(SEAT_LETTERS[winner.index()]),
            _ => None,
        }
    }

    fn in_check(&self) -> bool {
        self.0.in_check()
    }

    fn piece_at(&self, name: &str) -> Option<String> {
        let sq = board::square_at(name.parse::<Coord>().ok()?)?;
        let p = self.0.piece_at(sq)?;
        let mut s = format!("{}{}", SEAT_LETTERS[p.owner().index()], p.role().letter());
        if p.role().letter() == 'P' {
            s.push(['n', 'e', 's', 'w'][p.direction()]);
        }
        Some(s)
    }

    fn halfmove(&self) -> u32 {
        field_of(&self.to_text(), 5).parse().unwrap()
    }

    fn fullmove(&self) -> u32 {
        field_of(&self.to_text(), 6).parse().unwrap()
    }
}

/// The engine's position for `text`, which must be accepted, round-trip and validate.
fn pos(text: &str) -> Pos {
    scenes::pos(text)
}

// ---------------------------------------------------------------------------------------------
// Board (M1)
// ---------------------------------------------------------------------------------------------

#[test]
fn board_has_144_squares_and_every_cell_is_known() {
    scenes::board_has_144_squares::<Pos>();
    // Every one of the 196 cells: a square for the engine exactly when M1 says so.
    for y in 1..=14 {
        for x in 1..=14 {
            let c = Coord::new((x - 1) as u8, (y - 1) as u8);
            assert_eq!(board::square_at(c).is_some(), m1_square(x, y), "{}", name((x, y)));
        }
    }
}

#[test]
fn every_square_holds_a_piece_and_no_corner_or_hole_cell_does() {
    scenes::every_square_holds_a_piece_and_no_corner_or_hole_cell_does::<Pos>();
}

// ---------------------------------------------------------------------------------------------
// The start position (M2)
// ---------------------------------------------------------------------------------------------

#[test]
fn start_text_round_trip_and_pieces() {
    scenes::start_text_round_trip_and_pieces::<Pos>();
    assert_eq!(START, reference::START);
    assert_eq!(reference::start_from_rules().to_text(), START);
    assert_eq!(pos(START).0.outcome(), None);
}

#[test]
fn start_moves_for_red() {
    scenes::start_moves_for_red::<Pos>();
}

#[test]
fn clocks_and_text_after_a_round() {
    scenes::clocks_and_text_after_a_round::<Pos>();
}

#[test]
fn no_progress_draw_after_200_plies_and_threefold_repetition() {
    // M8: halfmove 199, a quiet knight move makes it 200: the game is drawn (every seat still in).
    let p = pos(&START.replacen("- - 0 1", "- - 199 40", 1));
    assert_eq!(p.0.outcome(), None);
    let q = play(&p, "e5d7");
    assert_eq!(q.halfmove(), 200);
    assert_eq!(q.0.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveRule }));
    // A pawn move instead resets the clock: no draw.
    let q = play(&p, "a5a6");
    assert_eq!((q.halfmove(), q.0.outcome()), (0, None));
    // Threefold repetition (the game record): four knights out and back twice brings START's
    // board, seat and rights back twice; the third occurrence is a draw.
    let mut record = Record::new(Fimbriation::start());
    let cycle = ["e5d7", "j5h4", "j10h11", "e10d8", "d7e5", "h4j5", "h11j10", "d8e10"];
    for round in 0..2 {
        for (i, t) in cycle.iter().enumerate() {
            assert_eq!(record.outcome(), None, "round {round} before {t}");
            record.play_token(t).unwrap();
            if i < cycle.len() - 1 {
                assert!(record.occurrences() < 3);
            }
        }
        assert_eq!(record.occurrences(), round + 2);
    }
    assert_eq!(record.position().to_text().split(' ').take(5).collect::<Vec<_>>().join(" "), {
        START.split(' ').take(5).collect::<Vec<_>>().join(" ")
    });
    assert_eq!(record.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn repetition_ignores_an_en_passant_entry_no_pawn_can_use() {
    // M9: after Red's a5a7 the text carries the entry `ra6`, but no pawn of another seat stands
    // beside a6 to take it, so the same moves are possible as when it has gone: Blue to move
    // after plies 1, 9 and 17 is one position three times, a draw at once.
    let plies =
        "a5a7 j5i3 j10l9 e10f12 e5c6 i3j5 l9j10 f12e10 c6e5 j5i3 j10l9 e10f12 e5c6 i3j5 l9j10 f12e10 c6e5";
    let mut record = Record::new(Fimbriation::start());
    for (i, t) in plies.split(' ').enumerate() {
        assert_eq!(record.outcome(), None, "before ply {}", i + 1);
        record.play_token(t).unwrap();
        if i == 0 {
            assert!(record.position().to_text().contains(" ra6 "), "{}", record.position().to_text());
        }
    }
    assert_eq!(record.occurrences(), 3);
    assert_eq!(record.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
    let without_entry = |p: &Fimbriation| {
        let text = p.to_text();
        let mut fields: Vec<&str> = text.split(' ').collect();
        fields[3] = "-";
        Fimbriation::from_text(&fields.join(" ")).unwrap()
    };
    let mut after_a7 = Fimbriation::start();
    after_a7.play(after_a7.parse_move("a5a7").unwrap());
    assert_eq!(after_a7.key(), without_entry(&after_a7).key());
    // An entry a pawn can use still tells positions apart: Blue's west pawn on e7 may take
    // Red's d5-d7 two-step on d6 (Green's c7 pawn, which could too, is left out here).
    let pieces: Vec<(&str, &str)> =
        scenes::PAWN_SCENE.iter().copied().filter(|&(sq, _)| sq != "c7").collect();
    let mut usable = scenes::Scene { pieces: &pieces, ..scenes::pawn_scene() }.pos::<Pos>(0).0;
    usable.play(usable.parse_move("d5d7").unwrap());
    assert!(usable.to_text().contains(" rd6 "), "{}", usable.to_text());
    assert_ne!(usable.key(), without_entry(&usable).key());
    // Once Blue has moved, its pawn can no longer take before Red's next turn ends the entry.
    usable.play(usable.parse_move("k4k5").unwrap());
    assert!(usable.to_text().contains(" rd6 "), "{}", usable.to_text());
    assert_eq!(usable.key(), without_entry(&usable).key());
}

// ---------------------------------------------------------------------------------------------
// Knights, bishops and Kings at block corners (M3)
// ---------------------------------------------------------------------------------------------

#[test]
fn knight_leaps_need_one_block() {
    scenes::knight_leaps_need_one_block::<Pos>();
}

#[test]
fn a_knight_across_a_block_corner_gives_no_check() {
    // A blue Knight on c4 (left block only) and the red King on d2 (bottom block only): the
    // leap c4-d2 crosses the corner of two blocks, so Red is not in check; the leap c4-e3
    // (e3 bottom only) is refused too, so e3 is not attacked either. A blue Knight on g1 (bottom
    // block) leaps to e2 inside the bottom block: e2 is attacked.
    // Red King d2: d1, d3, e2 orthogonal; e1, e3 diagonal inside the bottom block; c1, c2, c3
    // are off. Minus e2: d1, d3, e1, e3 = 4.
    let pieces = [("d2", "rK"), ("k4", "bK"), ("k11", "yK"), ("d11", "gK"), ("c4", "bN"), ("g1", "bN")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        assert!(!p.in_check());
        assert_eq!(p.legal_moves(), rot_all(&["d2d1", "d2d3", "d2e1", "d2e3"], k), "k={k}");
    }
}

#[test]
fn bishop_steps_need_one_block_each() {
    scenes::bishop_steps_need_one_block_each::<Pos>();
}

#[test]
fn rooks_stop_at_the_hole_and_the_corners() {
    // Re7 (a red Rook beside the hole): north e8, e9, e10, e11, e12, e13, e14 (7); south e6, e5
    // (own... no: e5 is empty here) e5, e4, e3, e2, e1 (6); west d7, c7, b7, a7 (4); east f7 is
    // the hole: 0 (the hole is not jumped). Total 17.
    // Rd1: north d2, d3, then d4 holds Red's King: 2; east e1..k1 (7); west c1 is off: 0. 9.
    let pieces = [KINGS[0], KINGS[1], KINGS[2], KINGS[3], ("e7", "rR"), ("d1", "rR")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        let e7: Vec<&str> = vec![
            "e7e8", "e7e9", "e7e10", "e7e11", "e7e12", "e7e13", "e7e14", "e7e6", "e7e5", "e7e4", "e7e3",
            "e7e2", "e7e1", "e7d7", "e7c7", "e7b7", "e7a7",
        ];
        assert_eq!(moves_from(&p, &rot_sq("e7", k)), rot_all(&e7, k), "k={k}");
        let d1 = ["d1d2", "d1d3", "d1e1", "d1f1", "d1g1", "d1h1", "d1i1", "d1j1", "d1k1"];
        assert_eq!(moves_from(&p, &rot_sq("d1", k)), rot_all(&d1, k), "k={k}");
    }
}

#[test]
fn king_diagonal_steps_need_one_block() {
    scenes::king_diagonal_steps_need_one_block::<Pos>();
}

// ---------------------------------------------------------------------------------------------
// Pawns (M4)
// ---------------------------------------------------------------------------------------------

#[test]
fn pawn_steps_captures_promotion_all_directions() {
    scenes::pawn_steps_captures_promotion_all_directions::<Pos>();
}

#[test]
fn en_passant_by_the_next_seat_with_promotion() {
    scenes::en_passant_by_the_next_seat_with_promotion::<Pos>();
}

#[test]
fn en_passant_by_a_later_seat_and_expiry() {
    scenes::en_passant_by_a_later_seat_and_expiry::<Pos>();
}

#[test]
fn en_passant_entry_ends_when_a_piece_lands_on_the_skipped_square() {
    // The pawn scene plus a blue Knight on c8 (its leaps: a7, a9, b6 gN, b10 rP, d10 gB, e9 rP,
    // e7 own pawn, d6 - all inside the left block; no King among them).
    let mut pieces = PAWN_SCENE.to_vec();
    pieces.push(("c8", "bN"));
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 9" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        // Red d5-d7 (entry rd6); Blue's Knight lands on the skipped square d6: the entry is gone
        // at once (readings' amendment), so the text shows none.
        let q = play(&p, &rot_token("d5d7", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        let q = play(&q, &rot_token("c8d6", k));
        assert_eq!(field(&q, 3), "-", "k={k}");
        let q = play(&q, &rot_token("k11k10", k));
        assert_eq!(field(&q, 3), "-");
        // Green's c7 pawn: c6 (step) and c7-d6, now an ordinary capture of the Knight: the red
        // pawn on d7 stays.
        assert_eq!(moves_from(&q, &r("c7")), rot_all(&["c7c6", "c7d6"], k), "k={k}");
        let e = play(&q, &rot_token("c7d6", k));
        assert_eq!(e.piece_at(&r("d6")), Some(rot_piece("gPs", k)));
        assert_eq!(e.piece_at(&r("d7")), Some(rot_piece("rPn", k)), "not en passant");
    }
}

#[test]
fn en_passant_entry_ends_when_the_two_stepped_pawn_is_captured() {
    // The pawn scene plus a blue Rook on d9 (rank 9: c9, b9, a9 and the red pawn e9; the d-file:
    // d10 holds a green Bishop, d8, d7, d6 down to the red pawn d5: no King in reach).
    // Red d5-d7 (entry rd6; the Rook's file is still closed, at d7 now). Blue Rd9xd7 takes the
    // two-stepped pawn: the entry is gone. Yellow Kk11-k10. Green's c7 pawn: c6 only (d6 is
    // empty and no longer an en passant target; b6 holds Green's own Knight).
    let mut pieces = PAWN_SCENE.to_vec();
    pieces.push(("d9", "bR"));
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 9" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        let q = play(&p, &rot_token("d5d7", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        let q = play(&q, &rot_token("d9d7", k));
        assert_eq!(field(&q, 3), "-", "k={k}");
        assert_eq!(q.piece_at(&r("d7")), Some(rot_piece("bR", k)));
        let q = play(&q, &rot_token("k11k10", k));
        assert_eq!(moves_from(&q, &r("c7")), rot_all(&["c7c6"], k), "k={k}");
    }
}

#[test]
fn blocked_pawns_and_two_steps() {
    // Red pawns a5 and c5 (north, on the start line); a green Knight a7 and a green pawn c6
    // (south; it captures b5 and d5, both empty).
    // a5: a6 empty (one step); a7 occupied: no two-step; capture square b6 empty: 1 move.
    // c5: c6 occupied: neither step nor two-step; capture squares b6, d6 empty: 0 moves.
    let pieces =
        [KINGS[0], KINGS[1], KINGS[2], KINGS[3], ("a5", "rPn"), ("c5", "rPn"), ("a7", "gN"), ("c6", "gPs")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        assert_eq!(moves_from(&p, &rot_sq("a5", k)), rot_all(&["a5a6"], k), "k={k}");
        assert_eq!(moves_from(&p, &rot_sq("c5", k)), Vec::<String>::new(), "k={k}");
    }
}

#[test]
fn en_passant_entry_stays_gone_after_a_king_on_the_skipped_square_is_removed() {
    // Red: Kh2, pawn d5 (north). Blue: Ke5, pawn e7 (west; capture squares d8, d6).
    // Yellow: Kk11, Rb10 (down the b-file: b9, b8, b7 to the green King b6: Green is in check,
    // which is allowed with Red to move). Green: Kb6, Ra6 (its rank 6 screened by its own King).
    // 1. Red d5-d7 (entry rd6). 2. Blue Ke5-d6 (a diagonal step inside the left block) lands on
    // the skipped square: d6 is attacked by no one (d7 captures c8/e8; Ra6 is screened by Kb6;
    // Kb6 is two files away; Rb10 covers only the b-file and rank 10), so it is legal, and the
    // entry ends there. 3. Yellow's turn starts: Rb10 attacks Kb6: Green is eliminated, its Rook
    // a6 becomes Yellow's; that Rook now sweeps b6, c6 to d6: Blue is eliminated too (second
    // pass), its King leaves d6 and its pawn e7 becomes Yellow's (still moving west). Order "gb".
    // The now-yellow pawn e7 has d6 among its capture squares, d6 is empty again, and the red
    // pawn that two-stepped stands on d7: with the entry kept it could take en passant (landing
    // on file d, its promotion line); the entry ended when the King landed, so e7 has no move
    // (d7 occupied, d8 and d6 empty).
    let pieces = [
        ("h2", "rK"),
        ("d5", "rPn"),
        ("e5", "bK"),
        ("e7", "bPw"),
        ("k11", "yK"),
        ("b10", "yR"),
        ("b6", "gK"),
        ("a6", "gR"),
    ];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 20" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        let r = |s: &str| rot_sq(s, k);
        let q = play(&p, &rot_token("d5d7", k));
        assert_eq!(field(&q, 3), rot_ep("rd6", k));
        assert!(q.legal_moves().contains(&rot_token("e5d6", k)), "k={k}: {:?}", q.legal_moves());
        let q = play(&q, &rot_token("e5d6", k));
        assert_eq!(q.eliminated(), rot_letters("gb", k), "k={k}");
        assert_eq!(q.to_move(), rot_seat('y', k));
        assert_eq!(q.piece_at(&r("d6")), None);
        assert_eq!(q.piece_at(&r("d7")), Some(rot_piece("rPn", k)));
        assert_eq!(q.piece_at(&r("e7")), Some(rot_piece("yPw", k)));
        assert_eq!(q.piece_at(&r("a6")), Some(rot_piece("yR", k)));
        assert_eq!(field(&q, 3), "-", "k={k}");
        assert_eq!(moves_from(&q, &r("e7")), Vec::<String>::new(), "k={k}");
    }
}

#[test]
fn east_pawns_and_the_hole() {
    scenes::east_pawns_and_the_hole::<Pos>();
}

// ---------------------------------------------------------------------------------------------
// Castling (M5)
// ---------------------------------------------------------------------------------------------

#[test]
fn castling_both_arms_every_seat() {
    scenes::castling_both_arms_every_seat::<Pos>();
}

#[test]
fn castling_refused_when_attacked_or_blocked() {
    scenes::castling_refused_when_attacked_or_blocked::<Pos>();
}

// ---------------------------------------------------------------------------------------------
// Elimination (M6, M7), passes, the end of the game
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmated_seat_passes_and_is_eliminated_with_a_chain() {
    scenes::checkmated_seat_passes_and_is_eliminated_with_a_chain::<Pos>(|q, k| {
        assert_eq!(q.0.outcome(), None);
        let order: Vec<char> = q.0.elimination_order().iter().map(|s| SEAT_LETTERS[s.index()]).collect();
        assert_eq!(order, rot_letters("gy", k).chars().collect::<Vec<_>>());
        for (i, seat) in SEATS.iter().enumerate() {
            let live = !rot_letters("gy", k).contains(*seat);
            assert_eq!(q.0.is_live(jester::core::Seat(i as u8)), live, "{seat} k={k}");
        }
    });
}

#[test]
fn same_pass_eliminations_in_turn_order_and_game_end() {
    scenes::same_pass_eliminations_in_turn_order_and_game_end::<Pos>();
}

#[test]
fn direct_eliminations_of_a_pass_come_before_the_chain_they_cause() {
    // Green to move and mated, as in `mate_scene("e1")` (rR b4 attacks gK b11; a10, b10, c10,
    // c11 are covered by rR a4, b4, c4; a12-c12 are off; Green's Rook a11 and pawn d10 cannot
    // block the b-file or take b4). rR c4 also sweeps d4..j4 to Blue's King k4. Yellow's King
    // stands on k11, attacked by nothing red, but a blue Rook on k8 sweeps k9, k10 to it.
    // Green passes; Red's turn starts. First pass (readings: the seats S attacks are found, then
    // eliminated, appended in turn order after S): Red attacks Blue (c4) and Green (b4); Yellow
    // is not attacked by Red yet (the Rook k8 is still Blue's): "bg". Blue's Rook k8 and Green's
    // Rook a11 and pawn d10 become Red's. Second pass: the Rook k8 (now Red's) attacks k11, and
    // so does a11 along the emptied rank 11: Yellow goes: "bgy". Red wins.
    let pieces = [
        ("a4", "rR"),
        ("b4", "rR"),
        ("c4", "rR"),
        ("e1", "rK"),
        ("k4", "bK"),
        ("k8", "bR"),
        ("k11", "yK"),
        ("b11", "gK"),
        ("a11", "gR"),
        ("d10", "gPs"),
    ];
    let scene = Scene { pieces: &pieces, seat: 'g', castling: "-", ep: "-", eliminated: "-", clocks: "0 30" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        assert_eq!(p.legal_moves(), vec!["pass".to_string()]);
        let q = play(&p, "pass");
        let r = reference::parse(&scene.text(k)).unwrap().play("pass").unwrap();
        assert_eq!(r.eliminated(), rot_letters("bgy", k), "the reference, k={k}");
        assert_eq!(q.winner(), Some(rot_seat('r', k)));
        assert_eq!(q.piece_at(&rot_sq("k8", k)), Some(rot_piece("rR", k)));
        // Everything but the order agrees with the reference: board, seat, rights, entries,
        // clocks, and the set of eliminated seats.
        let fields = |t: String| {
            let mut f: Vec<String> = t.split(' ').map(str::to_string).collect();
            let mut set: Vec<char> = f[4].chars().collect();
            set.sort();
            f[4] = set.into_iter().collect();
            f
        };
        assert_eq!(fields(q.to_text()), fields(r.to_text()), "k={k}");
        // The order: the engine eliminates each seat as soon as its scan reaches it, so Blue's
        // recruited Rook already counts when Yellow is looked at in the same pass ("byg").
        assert_eq!(q.eliminated(), rot_letters("bgy", k), "k={k}: {}", scene.text(k));
    }
}

#[test]
fn stalemated_seat_passes() {
    scenes::stalemated_seat_passes::<Pos>();
}

#[test]
fn a_seat_in_check_escapes_before_the_checker_moves_again() {
    scenes::a_seat_in_check_escapes_before_the_checker_moves_again::<Pos>();
}

#[test]
fn a_pinned_piece_may_not_move() {
    // Red's Knight d6 stands between Red's King d4 (d5 empty) and a yellow Rook d9 (d8, d7
    // empty): Nd6 may not move (every leap uncovers d4).
    // Red King d4: c4, e4, d3 orthogonal; c5, e5 diagonal inside the left block, e3 diagonal
    // inside the bottom block; d5 stays on the Rook's file but behind the Knight: legal; c3 is
    // off. Nothing else attacks these squares. Total 7.
    let pieces = [("d4", "rK"), ("d6", "rN"), ("d9", "yR"), ("k4", "bK"), ("k11", "yK"), ("d11", "gK")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        assert_eq!(moves_from(&p, &rot_sq("d6", k)), Vec::<String>::new(), "k={k}");
        assert_eq!(
            p.legal_moves(),
            rot_all(&["d4c4", "d4e4", "d4c5", "d4e5", "d4d5", "d4d3", "d4e3"], k),
            "k={k}"
        );
    }
}

#[test]
fn a_pinned_piece_still_attacks() {
    // A blue Knight h4 is pinned to Blue's King k4 by the red Rook e4 (f4, g4 and i4, j4 empty),
    // yet it still attacks (FIDE): f3 among its leaps (h4, f3 both in the bottom block).
    // Red King e2 (bottom block): d1, d2, e1, e3, f1, f2 and the diagonal d3 (bottom block), f3
    // is attacked by the pinned Knight: 7 moves, and e2f3 is not among them.
    let pieces = [("e2", "rK"), ("e4", "rR"), ("h4", "bN"), ("k4", "bK"), ("k11", "yK"), ("d11", "gK")];
    let scene = Scene { pieces: &pieces, seat: 'r', castling: "-", ep: "-", eliminated: "-", clocks: "0 1" };
    for k in 0..4 {
        let p: Pos = scene.pos(k);
        assert_eq!(
            moves_from(&p, &rot_sq("e2", k)),
            rot_all(&["e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2"], k),
            "k={k}"
        );
        assert!(p.play(&rot_token("e2f3", k)).is_none());
        // The Rook may take the pinned Knight (f4, g4 empty).
        assert!(moves_from(&p, &rot_sq("e4", k)).contains(&rot_token("e4h4", k)));
    }
}

// ---------------------------------------------------------------------------------------------
// Text validation: hostile position texts
// ---------------------------------------------------------------------------------------------

#[test]
fn invalid_texts_are_refused() {
    scenes::invalid_texts_are_refused::<Pos>();
}

#[test]
fn hostile_texts_are_refused_without_panic() {
    let base = board_text(&KINGS);
    let ok = format!("{base} r - - - 0 1");
    pos(&ok);
    let with = |extra: &[(&str, &str)], rest: &str| {
        let mut v = KINGS.to_vec();
        v.extend_from_slice(extra);
        format!("{} {rest}", board_text(&v))
    };
    let ranks: Vec<&str> = START.split(' ').next().unwrap().split('/').collect();
    let start_rest = START.split_once(' ').unwrap().1;
    let hostile: Vec<(String, &str)> = vec![
        // Field counts and separators.
        (String::new(), "empty text"),
        (" ".to_string(), "a single space"),
        (START.rsplit_once(' ').unwrap().0.to_string(), "six fields"),
        (format!("{START} 0"), "eight fields"),
        // The seat field.
        (format!("{base} x - - - 0 1"), "seat x"),
        (format!("{base} R - - - 0 1"), "seat R (upper case)"),
        (format!("{base} rb - - - 0 1"), "two seats"),
        (format!("{base} 0 - - - 0 1"), "seat 0"),
        (format!("{base} é - - - 0 1"), "non-ASCII seat"),
        // Board shape.
        (ranks[1..].join("/") + " " + start_rest, "13 ranks"),
        (format!("{}/{}", ranks[0], ranks.join("/")) + " " + start_rest, "15 ranks"),
        (START.replacen("***gRgP4yPyR***", "***gRgP5yPyR***", 1), "rank too long"),
        (START.replacen("***gRgP4yPyR***", "***gRgP4yPyR****", 1), "rank too long by a star"),
        (START.replacen("***gRgP4yPyR***", "***gRgP4yPyR**", 1), "rank too short"),
        (START.replacen("5****5", "5****4", 1), "rank one square short"),
        (START.replacen("5****5", "5****6", 1), "rank one square long"),
        (START.replacen("5****5", "14", 1), "a run over the hole"),
        (START.replacen("5****5", "2***3****5", 1), "stars on board squares"),
        (START.replacen("5****5", "99999999999999999999****5", 1), "a huge run"),
        (START.replacen("5****5", "5****5/", 1), "an empty extra rank"),
        (START.replacen("5****5", "", 1), "an empty rank"),
        (START.replacen("5****5", "5*é**5", 1), "non-ASCII in a rank"),
        (START.replacen("5****5", "５****5", 1), "a fullwidth digit"),
        (START.replacen("yPyR***", "yPyX***", 1), "unknown piece letter"),
        (START.replacen("yPyR***", "yPxR***", 1), "unknown seat letter"),
        (START.replacen("yPyR***", "yPyr***", 1), "lower-case piece letter"),
        (START.replacen("yPyR***", "yPy***", 1), "a seat letter without a piece"),
        (START.replacen("yPyR***", "yPR***", 1), "a piece letter without a seat"),
        (START.replacen("***gRgP4", "***gRgPx4", 1), "a bad pawn suffix"),
        (START.replacen("***gRgP4", "***gRgPss4", 1), "a doubled pawn suffix"),
        (START.replacen("***gRgP4", "***gRgNs4", 1), "a suffix on a Knight"),
        // Pieces off the board.
        (with(&[("f6", "rN")], "r - - - 0 1"), "a piece in the hole"),
        (with(&[("i9", "bQ")], "r - - - 0 1"), "a piece in the hole (i9)"),
        (with(&[("a1", "rN")], "r - - - 0 1"), "a piece in a corner"),
        (with(&[("n14", "yP")], "r - - - 0 1"), "a pawn in a corner"),
        // Kings.
        (with(&[("a5", "rK")], "r - - - 0 1"), "two red Kings"),
        (with(&[("n5", "bK")], "r - - - 0 1"), "two blue Kings"),
        (format!("{} r - - - 0 1", board_text(&KINGS[1..])), "no red King"),
        (format!("{} r - - - 0 1", board_text(&[])), "no King at all"),
        // Eliminated seats.
        (format!("{base} r - - g 0 1"), "eliminated seat with a King"),
        (
            format!("{} r - - g 0 1", board_text(&[KINGS[0], KINGS[1], KINGS[2], ("a5", "gN")])),
            "eliminated seat with a Knight",
        ),
        (format!("{} r - - gg 0 1", board_text(&KINGS[..3])), "a seat eliminated twice"),
        (format!("{} r - - x 0 1", board_text(&KINGS[..3])), "a bad eliminated letter"),
        (format!("{} r - - rbyg 0 1", board_text(&[])), "every seat eliminated"),
        (format!("{} g - - g 0 1", board_text(&KINGS[..3])), "the seat to move eliminated"),
        (format!("{} r - - - 0 1", board_text(&KINGS[..3])), "a live seat without a King"),
        // Castling.
        (with(&[], "r rK - - 0 1"), "castling right without its Rook"),
        (with(&[("d1", "bR")], "r rK - - 0 1"), "castling right with another seat's Rook"),
        (with(&[("d1", "rN")], "r rK - - 0 1"), "castling right with a Knight for the Rook"),
        (
            format!(
                "{} r rK - - 0 1",
                board_text(&[("e4", "rK"), ("d1", "rR"), KINGS[1], KINGS[2], KINGS[3]])
            ),
            "castling right with the King off its square",
        ),
        (with(&[("d1", "rR")], "r rKrK - - 0 1"), "a right twice"),
        (with(&[("d1", "rR")], "r rX - - 0 1"), "a bad arm letter"),
        (with(&[("d1", "rR")], "r r - - 0 1"), "a seat letter without an arm"),
        (with(&[("d1", "rR")], "r Kr - - 0 1"), "arm before seat"),
        (with(&[("d1", "rR")], "r -rK - - 0 1"), "a dash and a right"),
        (with(&[("d1", "rR")], "r rKé - - 0 1"), "non-ASCII castling"),
        // En passant entries.
        (with(&[], "b - ra6 - 0 1"), "an entry without its pawn"),
        (with(&[("a7", "rPn")], "b - ra5 - 0 1"), "an entry on the wrong square"),
        (with(&[("a8", "rPn")], "b - ra7 - 0 1"), "an entry three steps from the start"),
        (with(&[("a7", "rPn"), ("a6", "bN")], "b - ra6 - 0 1"), "an entry on an occupied square"),
        (with(&[("a7", "rPn")], "r - ra6 - 0 1"), "the seat to move's own entry"),
        (with(&[("a7", "rPn")], "b - ba6 - 0 1"), "an entry of the wrong seat"),
        (with(&[("a7", "rPs")], "b - ra6 - 0 1"), "an entry whose pawn moves the other way"),
        (with(&[("a7", "rPn")], "b - ra6, - 0 1"), "a trailing comma"),
        (with(&[("a7", "rPn")], "b - ,ra6 - 0 1"), "a leading comma"),
        (with(&[("a7", "rPn")], "b - ra6,ra6 - 0 1"), "one entry twice"),
        (with(&[("a7", "rPn")], "b - r - 0 1"), "an entry without a square"),
        (with(&[("a7", "rPn")], "b - a6 - 0 1"), "an entry without a seat"),
        (with(&[("a7", "rPn")], "b - xa6 - 0 1"), "an entry with a bad seat"),
        (with(&[("a7", "rPn")], "b - rg7 - 0 1"), "an entry in the hole"),
        (with(&[("a7", "rPn")], "b - ra1 - 0 1"), "an entry in a corner"),
        (with(&[("a7", "rPn")], "b - ra06 - 0 1"), "an entry with a leading zero"),
        (with(&[("a7", "rPn")], "b - rz6 - 0 1"), "an entry off the grid"),
        (with(&[("a7", "rPn")], "b - ra99999999999999999999 - 0 1"), "an entry with a huge rank"),
        (with(&[("a7", "rPn")], "b - ré - 0 1"), "an entry with a non-ASCII square"),
        // The seat to move attacking a King.
        (with(&[("h4", "rR")], "r - - - 0 1"), "the seat to move attacks a King (Rook)"),
        (with(&[("m5", "rN")], "r - - - 0 1"), "the seat to move attacks a King (Knight)"),
        (with(&[("j12", "gB")], "g - - - 0 1"), "the seat to move attacks a King (Bishop)"),
        (with(&[("j3", "rPe")], "r - - - 0 1"), "the seat to move attacks a King (pawn)"),
        (
            format!("{} r - - - 0 1", board_text(&[("d4", "rK"), ("d5", "bK"), KINGS[2], KINGS[3]])),
            "adjacent Kings",
        ),
        // Clocks.
        (format!("{base} r - - - x 1"), "halfmove not a number"),
        (format!("{base} r - - - -1 1"), "negative halfmove"),
        (format!("{base} r - - - 1.5 1"), "fractional halfmove"),
        (format!("{base} r - - - 99999999999999999999999 1"), "halfmove overflow"),
        (format!("{base} r - - - 0 x"), "fullmove not a number"),
        (format!("{base} r - - - 0 0"), "fullmove 0"),
        (format!("{base} r - - - 0 -1"), "negative fullmove"),
        (format!("{base} r - - - 0 99999999999999999999999"), "fullmove overflow"),
        (format!("{base} r - - - ０ 1"), "a fullwidth zero"),
        (format!("{base} r - - -  1"), "an empty halfmove field"),
    ];
    // The start text cut short at every 7th byte: each prefix is refused, none panics.
    let mut chopped = Vec::new();
    for cut in (0..START.len()).step_by(7) {
        if START.is_char_boundary(cut) {
            chopped.push(START[..cut].to_string());
        }
    }
    let (mut failures, mut disagreements) = (Vec::new(), Vec::new());
    for (text, why) in &hostile {
        if let Err(e) = refusal::<Pos>(text) {
            failures.push(format!("{why}: {e}"));
        }
        if reference::parse(text).is_ok() {
            disagreements.push(format!("{why}: the reference accepts {text:?}"));
        }
    }
    for text in &chopped {
        if let Err(e) = refusal::<Pos>(text) {
            failures.push(format!("chopped start: {e}"));
        }
    }
    assert!(failures.is_empty(), "{} hostile texts not refused:\n{}", failures.len(), failures.join("\n"));
    assert!(disagreements.is_empty(), "test list error:\n{}", disagreements.join("\n"));
    println!("{} hostile texts and {} chopped start texts refused", hostile.len(), chopped.len());
}

/// Non-canonical forms the reference refuses and the engine reads (a difference of reading,
/// reported, not a rule of the pages): whitespace other than single spaces, a zero-padded empty
/// run, castling rights or en passant entries out of the canonical order, a `+` on a clock. The
/// test only asserts that whatever the engine accepts reads as the canonical text meant, and
/// prints which forms it accepts.
#[test]
fn lenient_forms_read_as_their_canonical_text() {
    let with = |extra: &[(&str, &str)], rest: &str| {
        let mut v = KINGS.to_vec();
        v.extend_from_slice(extra);
        format!("{} {rest}", board_text(&v))
    };
    let base = board_text(&KINGS);
    let cases: Vec<(String, String, &str)> = vec![
        (START.replacen(" r ", "  r ", 1), START.to_string(), "two spaces"),
        (START.replacen(' ', "\t", 1), START.to_string(), "a tab for a space"),
        (format!("{START}\n"), START.to_string(), "a trailing newline"),
        (format!(" {START}"), START.to_string(), "a leading space"),
        (START.replacen("5****5", "05****5", 1), START.to_string(), "a zero-padded run"),
        (
            with(&[("d1", "rR"), ("a4", "rR")], "r rQrK - - 0 1"),
            with(&[("d1", "rR"), ("a4", "rR")], "r rKrQ - - 0 1"),
            "castling rights out of order",
        ),
        (
            with(&[("a7", "rPn"), ("m8", "yPs")], "b - ym9,ra6 - 0 1"),
            with(&[("a7", "rPn"), ("m8", "yPs")], "b - ra6,ym9 - 0 1"),
            "en passant entries out of seat order",
        ),
        (format!("{base} r - - - +0 1"), format!("{base} r - - - 0 1"), "a plus sign on the halfmove clock"),
        (format!("{base} r - - - 0 +1"), format!("{base} r - - - 0 1"), "a plus sign on the fullmove number"),
    ];
    for (text, canonical, why) in &cases {
        assert!(reference::parse(text).is_err(), "the reference accepts {why}");
        let canon = pos(canonical).to_text();
        let read = catch_unwind(|| Pos::parse(text)).unwrap_or_else(|_| panic!("engine panics on {why}"));
        match read {
            Ok(p) => {
                assert_eq!(p.to_text(), canon, "{why}");
                println!("engine reads ({why}), the reference refuses it: {text:?}");
            }
            Err(e) => println!("engine refuses ({why}) too: {e}"),
        }
    }
    // The other way round: clocks past the engine's bounds (a halfmove clock above 100,000, a
    // fullmove number above 1,000,000), which the reference reads. Printed only.
    for text in [format!("{base} r - - - 100001 1"), format!("{base} r - - - 0 1000001")] {
        let (e, r) = (Pos::parse(&text).is_ok(), reference::parse(&text).is_ok());
        println!("clock bounds: engine accepts {e}, reference accepts {r}: {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perft from the start
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_from_start() {
    // Depths 1 to 4 counted by hand, and divide.
    scenes::perft_from_start::<Pos>();
    let p = pos(START);
    // Depth 5: no hand count; the engine and the reference generator agree on 5,400,472.
    let t = Instant::now();
    let n = p.perft(5);
    println!("engine perft(5) from START = {n} ({:.2?})", t.elapsed());
    assert_eq!(n, 5_400_472);
    // Playing every leaf agrees with bulk counting.
    let t = Instant::now();
    assert_eq!(perft_by_playing(&p.0, 3), 10648);
    println!("engine perft_by_playing(3) ({:.2?})", t.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Agreement with the reference generator
// ---------------------------------------------------------------------------------------------

/// Both implementations read `text` alike: both refuse it, or both accept it with the same
/// canonical text, seat, legal tokens, check, eliminations and winner. Returns the pair.
fn both(text: &str) -> Option<(Pos, RefPosition)> {
    let e = catch_unwind(|| Pos::parse(text)).unwrap_or_else(|_| panic!("engine panics on {text}"));
    let r = reference::parse(text);
    match (e, r) {
        (Err(_), Err(_)) => None,
        (Ok(_), Err(why)) => panic!("engine accepts, reference refuses ({why}): {text}"),
        (Err(why), Ok(_)) => panic!("engine refuses ({why}), reference accepts: {text}"),
        (Ok(e), Ok(r)) => {
            e.check();
            same_node(&e, &r, text);
            Some((e, r))
        }
    }
}

/// The same node in both: text, seat, legal tokens, check, eliminations, winner.
fn same_node(e: &Pos, r: &RefPosition, context: &str) {
    assert_eq!(e.to_text(), r.to_text(), "texts differ ({context})");
    let (el, rl) = (e.legal_moves(), r.legal_moves());
    if el != rl {
        let only_e: Vec<&String> = el.iter().filter(|t| !rl.contains(t)).collect();
        let only_r: Vec<&String> = rl.iter().filter(|t| !el.contains(t)).collect();
        panic!(
            "legal moves differ in {}\n  engine only: {only_e:?}\n  reference only: {only_r:?}\n  ({context})",
            e.to_text()
        );
    }
    assert_eq!(e.to_move(), r.to_move(), "{context}");
    assert_eq!(e.in_check(), r.in_check(), "in check, {} ({context})", e.to_text());
    assert_eq!(e.eliminated(), r.eliminated(), "{context}");
    assert_eq!(e.winner(), r.winner(), "{context}");
}

#[test]
fn every_piece_on_every_square_agrees_with_the_reference() {
    // A lone red piece of each kind (and a pawn of each direction, and the red King itself) on
    // each of the 144 squares, with the four Kings elsewhere: both accept or both refuse, and an
    // accepted text has the same legal moves in both (the rays, leaps and block corners of M1,
    // M3, M4 on every square).
    let (mut accepted, mut refused_both) = (0, 0);
    for s in board_squares() {
        for piece in ["rN", "rB", "rR", "rQ", "rPn", "rPe", "rPs", "rPw", "rK", "yN", "yPs"] {
            let pieces: Vec<(&str, &str)> = if piece == "rK" {
                let mut v = vec![(s.as_str(), "rK")];
                v.extend(KINGS[1..].iter().filter(|(k, _)| *k != s));
                if v.len() < 4 {
                    continue;
                }
                v
            } else {
                if KINGS.iter().any(|(k, _)| *k == s) {
                    continue;
                }
                let mut v = KINGS.to_vec();
                v.push((s.as_str(), piece));
                v
            };
            for seat in ['r', 'y'] {
                let text = format!("{} {seat} - - - 0 1", board_text(&pieces));
                match both(&text) {
                    Some(_) => accepted += 1,
                    None => refused_both += 1,
                }
            }
        }
    }
    println!("single pieces: {accepted} texts accepted by both, {refused_both} refused by both");
    assert!(accepted > 1500);
}

/// A small xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whether `token` captures (an occupied target, or a pawn's diagonal step to an empty square:
/// en passant).
fn is_capture(p: &Pos, token: &str) -> bool {
    if token == "pass" {
        return false;
    }
    let (_, to, _) = split_token(token);
    p.piece_at(&to).is_some() || is_en_passant(p, token)
}

fn is_en_passant(p: &Pos, token: &str) -> bool {
    if token == "pass" {
        return false;
    }
    let (from, to, _) = split_token(token);
    let (a, b) = (coords(&from), coords(&to));
    p.piece_at(&from).is_some_and(|pc| pc.as_bytes()[1] == b'P')
        && p.piece_at(&to).is_none()
        && a.0 != b.0
        && a.1 != b.1
}

fn is_castle(p: &Pos, token: &str) -> bool {
    if token == "pass" {
        return false;
    }
    let (from, to, _) = split_token(token);
    let (a, b) = (coords(&from), coords(&to));
    p.piece_at(&from).is_some_and(|pc| pc.ends_with('K'))
        && ((a.0 - b.0).abs() == 2 || (a.1 - b.1).abs() == 2)
}

/// Whether, after its move, the mover attacks another live seat's King (a check; the victim is
/// eliminated if it has not escaped when the mover's turn comes round again), or someone was
/// eliminated at the next turn start.
fn is_check(p: &Pos, after: &Pos) -> bool {
    let mover = p.0.side();
    if after.eliminated().len() > p.eliminated().len() {
        return true;
    }
    if !after.0.is_live(mover) {
        return false;
    }
    (0..4u8)
        .map(jester::core::Seat)
        .any(|s| s != mover && after.0.king(s).is_some_and(|k| after.0.attacked(k, |o| o == mover)))
}

/// How many moves the seats `after`'s mover attacks would have if they moved now (0 for a seat
/// that would have to pass): a check leaving its victim no move is a mate in the making.
fn victims_mobility(p: &Pos, after: &Pos) -> Option<usize> {
    let mover = p.0.side();
    if !after.0.is_live(mover) {
        return None;
    }
    let text = after.to_text();
    let f: Vec<&str> = text.split(' ').collect();
    (0..4u8)
        .map(jester::core::Seat)
        .filter(|&s| s != mover && after.0.king(s).is_some_and(|k| after.0.attacked(k, |o| o == mover)))
        .filter_map(|victim| {
            let letter = SEAT_LETTERS[victim.index()];
            let ep: Vec<&str> = f[3].split(',').filter(|e| !e.starts_with(letter)).collect();
            let ep = if ep.is_empty() { "-".to_string() } else { ep.join(",") };
            let t = format!("{} {letter} {} {ep} {} {} {}", f[0], f[2], f[4], f[5], f[6]);
            let q = Pos::parse(&t).ok()?;
            let moves = q.legal_moves();
            Some(if moves == ["pass"] { 0 } else { moves.len() })
        })
        .min()
}

/// Picks a move: mostly a check (one leaving its victim no move first) or a capture, so that
/// seats get eliminated and games end; sometimes a castling, en passant or promotion; else any.
fn pick(p: &Pos, moves: &[String], rng: &mut Rng) -> String {
    let roll = rng.below(100);
    if roll < 60 {
        let checks: Vec<(usize, &String)> = moves
            .iter()
            .filter_map(|t| {
                let q = p.play(t)?;
                if q.eliminated().len() > p.eliminated().len() {
                    return Some((0, t));
                }
                victims_mobility(p, &q).map(|m| (m, t))
            })
            .collect();
        if let Some(least) = checks.iter().map(|(m, _)| *m).min() {
            let best: Vec<&String> = checks.iter().filter(|(m, _)| *m == least).map(|(_, t)| *t).collect();
            if least == 0 || roll < 30 {
                return best[rng.below(best.len())].clone();
            }
        }
    }
    if roll < 85 {
        let caps: Vec<&String> = moves.iter().filter(|t| is_capture(p, t)).collect();
        if !caps.is_empty() {
            return caps[rng.below(caps.len())].clone();
        }
    }
    if roll < 92 {
        let special: Vec<&String> = moves
            .iter()
            .filter(|t| {
                is_castle(p, t) || is_en_passant(p, t) || (t.len() > 4 && t.ends_with(['q', 'r', 'b', 'n']))
            })
            .collect();
        if !special.is_empty() {
            return special[rng.below(special.len())].clone();
        }
    }
    moves[rng.below(moves.len())].clone()
}

/// Plays `plies` random moves (favouring captures and checks) from START, in both.
fn random_middle_game(seed: u64, plies: usize) -> (Pos, RefPosition) {
    let mut rng = Rng(seed);
    let (mut e, mut r) = (pos(START), reference::parse(START).unwrap());
    for _ in 0..plies {
        let moves = e.legal_moves();
        if moves.is_empty() {
            break;
        }
        let t = pick(&e, &moves, &mut rng);
        e = e.play(&t).unwrap();
        r = r.play(&t).unwrap_or_else(|| panic!("reference refuses {t} in {}", r.to_text()));
    }
    (e, r)
}

/// Compares the two at every node `depth` plies deep: legal tokens, texts after every move,
/// keys. Returns the number of nodes compared.
fn walk(e: &Pos, r: &RefPosition, depth: u32) -> u64 {
    let text = e.to_text();
    same_node(e, r, "walk");
    assert_eq!(e.0.key(), e.0.recomputed_key(), "incremental key in {text}");
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    for t in e.legal_moves() {
        let ec = e.play(&t).unwrap();
        let rc = r.play(&t).unwrap_or_else(|| panic!("reference refuses {t} in {text}"));
        assert_eq!(ec.to_text(), rc.to_text(), "after {t} in {text}");
        ec.check();
        nodes += walk(&ec, &rc, depth - 1);
    }
    nodes
}

#[test]
fn walks_from_middle_game_positions_agree_with_the_reference() {
    let t = Instant::now();
    let mut total = 0;
    // (seed, plies from START, depth)
    let starts: [(u64, usize, u32); 10] = [
        (0x9E37_79B9_7F4A_7C15, 24, 3),
        (0x2545_F491_4F6C_DD1D, 40, 3),
        (0xD1B5_4A32_D192_ED03, 60, 3),
        (0x8CB9_2BA7_2F3D_8DD7, 80, 3),
        (0x5851_F42D_4C95_7F2D, 120, 3),
        (0x1405_7B7E_F767_814F, 160, 3),
        (0xA076_1D64_78BD_642F, 200, 3),
        (0xE703_7ED1_A0B4_28DB, 300, 3),
        (0x3C6E_F372_FE94_F82B, 90, 3),
        (0xBB67_AE85_84CA_A73B, 140, 3),
    ];
    for (seed, plies, depth) in starts {
        let (e, r) = random_middle_game(seed, plies);
        let t0 = Instant::now();
        let n = walk(&e, &r, depth);
        println!("walk depth {depth} from {} : {n} nodes ({:.2?})", e.to_text(), t0.elapsed());
        total += n;
    }
    println!("walks: {total} nodes compared ({:.2?})", t.elapsed());
}

/// What a batch of random games went through.
#[derive(Default)]
struct GameStats {
    games: usize,
    plies: usize,
    passes: usize,
    eliminations: usize,
    /// Plies after which two or more seats were eliminated at once.
    multi: usize,
    won: usize,
    drawn: usize,
    en_passant: usize,
    castlings: usize,
    promotions: usize,
    checks: usize,
    /// Plies after which engine and reference eliminated the same seats in another order
    /// (only counted when `tolerate_order`; otherwise such a ply fails at once).
    order_differences: Vec<String>,
}

impl GameStats {
    fn summary(&self) -> String {
        format!(
            "{} games, {} plies, {} passes, {} eliminations ({} plies eliminating two or more), {} won, \
             {} drawn by the 200-ply rule, {} en passant, {} castlings, {} promotions, {} checks, \
             {} elimination-order differences",
            self.games,
            self.plies,
            self.passes,
            self.eliminations,
            self.multi,
            self.won,
            self.drawn,
            self.en_passant,
            self.castlings,
            self.promotions,
            self.checks,
            self.order_differences.len()
        )
    }
}

/// The position text with the eliminated seats sorted (the set, not the order).
fn text_as_set(text: &str) -> String {
    let mut f: Vec<String> = text.split(' ').map(str::to_string).collect();
    let mut set: Vec<char> = f[4].chars().collect();
    set.sort();
    f[4] = set.into_iter().collect();
    f.join(" ")
}

/// Plays `games` seeded random games of up to `max_plies` in the engine and the reference,
/// comparing at every ply the legal tokens, the text after the move (the engine's incremental
/// key, invariants and text round trip too), the elimination order and the winner; every 11th
/// ply also the rotated position's legal moves. A game ends when a seat wins or the 200-ply
/// rule draws it.
fn play_random_games(seed: u64, games: usize, max_plies: usize, tolerate_order: bool) -> GameStats {
    let mut rng = Rng(seed);
    let mut st = GameStats { games, ..GameStats::default() };
    for game in 0..games {
        let (mut e, mut r) = (pos(START), reference::parse(START).unwrap());
        for ply in 0..max_plies {
            let context = format!("game {game} ply {ply}");
            if tolerate_order && e.eliminated() != r.eliminated() {
                assert_eq!(text_as_set(&e.to_text()), text_as_set(&r.to_text()), "{context}");
                assert_eq!(e.legal_moves(), r.legal_moves(), "{context}: {}", e.to_text());
                assert_eq!(e.winner(), r.winner(), "{context}");
            } else {
                same_node(&e, &r, &context);
            }
            let moves = e.legal_moves();
            if moves.is_empty() {
                st.won += 1;
                assert!(e.winner().is_some());
                break;
            }
            if ply % 11 == 0 {
                let k = 1 + rng.below(3);
                assert_eq!(
                    rotated(&e, k).legal_moves(),
                    rot_all(&moves.iter().map(|s| s.as_str()).collect::<Vec<_>>(), k),
                    "rotation {k} of {}",
                    e.to_text()
                );
            }
            if e.halfmove() >= 200 {
                assert!(matches!(e.0.outcome(), Some(Outcome::Draw { .. })));
                st.drawn += 1;
                break;
            }
            assert_eq!(e.0.outcome(), None, "{context}");
            let tok = pick(&e, &moves, &mut rng);
            let text = e.to_text();
            let en = e.play(&tok).unwrap();
            let rn = r.play(&tok).unwrap_or_else(|| panic!("reference refuses {tok} in {text}"));
            en.check();
            let order: String = en.0.elimination_order().iter().map(|s| SEAT_LETTERS[s.index()]).collect();
            if tolerate_order && order != rn.eliminated() {
                assert_eq!(text_as_set(&en.to_text()), text_as_set(&rn.to_text()), "after {tok} in {text}");
                st.order_differences
                    .push(format!("{text} then {tok}: engine {order}, reference {}", rn.eliminated()));
            } else {
                assert_eq!(en.to_text(), rn.to_text(), "after {tok} in {text}");
                assert_eq!(order, rn.eliminated(), "after {tok} in {text}");
            }
            assert_eq!(en.winner(), rn.winner(), "after {tok} in {text}");
            st.passes += usize::from(tok == "pass");
            let new = en.eliminated().len() - e.eliminated().len();
            st.eliminations += new;
            st.multi += usize::from(new > 1);
            st.promotions += usize::from(tok.len() > 4 && tok.ends_with(['q', 'r', 'b', 'n']));
            st.castlings += usize::from(is_castle(&e, &tok));
            st.en_passant += usize::from(is_en_passant(&e, &tok));
            st.checks += usize::from(is_check(&e, &en));
            st.plies += 1;
            e = en;
            r = rn;
        }
    }
    st
}

#[test]
fn random_games_agree_with_the_reference() {
    let t = Instant::now();
    let st = play_random_games(0x0DDB_1A5E_5BAD_5EED, 100, 600, false);
    println!("random games: {} ({:.2?})", st.summary(), t.elapsed());
    assert!(st.passes > 0, "no pass");
    assert!(st.eliminations > 0, "no elimination");
    assert!(st.en_passant > 0, "no en passant");
    assert!(st.castlings > 0, "no castling");
    assert!(st.promotions > 0, "no promotion");
    assert!(st.won > 0, "no game won");
}

/// A longer soak of the same comparison, tolerating (and listing) elimination-order
/// differences: `FIMB_SOAK_GAMES=2000 FIMB_SOAK_SEED=7 cargo test --release --test fimbriation
/// -- --ignored --nocapture soak`.
#[test]
#[ignore = "a soak: about 80 ms a game"]
fn soak_random_games() {
    let env =
        |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (games, seed) = (env("FIMB_SOAK_GAMES", 1000) as usize, env("FIMB_SOAK_SEED", 0x5EED_F1B1));
    let t = Instant::now();
    let st = play_random_games(seed | 1, games, 600, true);
    for d in &st.order_differences {
        println!("elimination order differs: {d}");
    }
    println!("soak: {} ({:.2?})", st.summary(), t.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Search smoke tests
// ---------------------------------------------------------------------------------------------

fn best_move(p: &Pos, depth: i32) -> Option<String> {
    let mut engine = Engine::new();
    let record = Record::new(p.0.clone());
    let limits = Limits { depth: Some(depth), multipv: 1, ..Limits::default() };
    engine.search(&record, &limits, &mut |_| {}).best
}

#[test]
fn search_returns_a_legal_move_and_passes_when_it_must() {
    let p = pos(START);
    let best = best_move(&p, 3).expect("a move from START");
    assert!(p.legal_moves().contains(&best), "{best} is not legal at START");
    // The stalemated Blue King of `stalemated_seat_passes`: the only action is the pass.
    let pieces = [("d4", "rK"), ("f5", "rR"), ("m8", "rR"), ("n4", "bK"), ("k11", "yK"), ("d11", "gK")];
    let scene = Scene { pieces: &pieces, seat: 'b', castling: "-", ep: "-", eliminated: "-", clocks: "3 5" };
    let p: Pos = scene.pos(0);
    assert_eq!(best_move(&p, 3).as_deref(), Some("pass"));
    // A middle-game position from the random walk: a legal move.
    let (e, _) = random_middle_game(0x2545_F491_4F6C_DD1D, 40);
    if !e.legal_moves().is_empty() {
        let best = best_move(&e, 2).expect("a move");
        assert!(e.legal_moves().contains(&best), "{best} not legal in {}", e.to_text());
    }
}
