//! Tests of the independent Fimbriation Chess reference move generator
//! (`reference/fimbriation.rs`), and its perft counts from the start position for cross-checking
//! the engine. The rule scenes, with every expected value derived by hand in the comment next to
//! it, are those of `fimbriation_scenes.rs`, which the engine's tests (`fimbriation.rs`) run too;
//! this file runs them against the reference's `RefPosition`.
//!
//! Run standalone:
//! `rustc --edition 2021 -O --test engine-tests/fimbriation_reference.rs -o /tmp/fref && /tmp/fref`

#[path = "reference/fimbriation.rs"]
mod fimbriation;
#[path = "fimbriation_scenes.rs"]
mod scenes;

use fimbriation::{parse, start_from_rules, RefPosition, START};
use scenes::{coords, play, pos, rot_all, rotated, split_token, ScenePosition};
use std::time::Instant;

/// The reference behind the scenes' API: its own API already speaks tokens, texts and letters.
impl ScenePosition for RefPosition {
    const NAME: &'static str = "reference";
    const START: &'static str = START;

    fn start() -> Self {
        start_from_rules()
    }

    fn squares() -> Vec<String> {
        fimbriation::board_squares()
    }

    fn parse(text: &str) -> Result<Self, String> {
        parse(text)
    }

    /// The text round trip.
    fn check(&self) {
        let text = RefPosition::to_text(self);
        assert_eq!(parse(&text).unwrap().to_text(), text, "round trip of {text}");
    }

    fn to_text(&self) -> String {
        RefPosition::to_text(self)
    }

    fn to_move(&self) -> char {
        RefPosition::to_move(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        RefPosition::legal_moves(self)
    }

    fn play(&self, token: &str) -> Option<Self> {
        RefPosition::play(self, token)
    }

    fn perft(&self, depth: u32) -> u64 {
        RefPosition::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        RefPosition::divide(self, depth)
    }

    fn eliminated(&self) -> String {
        RefPosition::eliminated(self)
    }

    fn winner(&self) -> Option<char> {
        RefPosition::winner(self)
    }

    fn in_check(&self) -> bool {
        RefPosition::in_check(self)
    }

    fn piece_at(&self, sq: &str) -> Option<String> {
        RefPosition::piece_at(self, sq)
    }

    fn halfmove(&self) -> u32 {
        RefPosition::halfmove(self)
    }

    fn fullmove(&self) -> u32 {
        RefPosition::fullmove(self)
    }
}

// ---------------------------------------------------------------------------------------------
// The shared rule scenes (`fimbriation_scenes.rs`), against the reference
// ---------------------------------------------------------------------------------------------

#[test]
fn board_has_144_squares() {
    scenes::board_has_144_squares::<RefPosition>();
}

#[test]
fn every_square_holds_a_piece_and_no_corner_or_hole_cell_does() {
    scenes::every_square_holds_a_piece_and_no_corner_or_hole_cell_does::<RefPosition>();
}

#[test]
fn start_text_round_trip_and_pieces() {
    scenes::start_text_round_trip_and_pieces::<RefPosition>();
}

#[test]
fn start_moves_for_red() {
    scenes::start_moves_for_red::<RefPosition>();
}

#[test]
fn clocks_and_text_after_a_round() {
    scenes::clocks_and_text_after_a_round::<RefPosition>();
}

#[test]
fn knight_leaps_need_one_block() {
    scenes::knight_leaps_need_one_block::<RefPosition>();
}

#[test]
fn bishop_steps_need_one_block_each() {
    scenes::bishop_steps_need_one_block_each::<RefPosition>();
}

#[test]
fn king_diagonal_steps_need_one_block() {
    scenes::king_diagonal_steps_need_one_block::<RefPosition>();
}

#[test]
fn pawn_steps_captures_promotion_all_directions() {
    scenes::pawn_steps_captures_promotion_all_directions::<RefPosition>();
}

#[test]
fn en_passant_by_the_next_seat_with_promotion() {
    scenes::en_passant_by_the_next_seat_with_promotion::<RefPosition>();
}

#[test]
fn en_passant_by_a_later_seat_and_expiry() {
    scenes::en_passant_by_a_later_seat_and_expiry::<RefPosition>();
}

#[test]
fn east_pawns_and_the_hole() {
    scenes::east_pawns_and_the_hole::<RefPosition>();
}

#[test]
fn castling_both_arms_every_seat() {
    scenes::castling_both_arms_every_seat::<RefPosition>();
}

#[test]
fn castling_refused_when_attacked_or_blocked() {
    scenes::castling_refused_when_attacked_or_blocked::<RefPosition>();
}

#[test]
fn checkmated_seat_passes_and_is_eliminated_with_a_chain() {
    scenes::checkmated_seat_passes_and_is_eliminated_with_a_chain::<RefPosition>(|_, _| {});
}

#[test]
fn same_pass_eliminations_in_turn_order_and_game_end() {
    scenes::same_pass_eliminations_in_turn_order_and_game_end::<RefPosition>();
}

#[test]
fn stalemated_seat_passes() {
    scenes::stalemated_seat_passes::<RefPosition>();
}

#[test]
fn a_seat_in_check_escapes_before_the_checker_moves_again() {
    scenes::a_seat_in_check_escapes_before_the_checker_moves_again::<RefPosition>();
}

#[test]
fn invalid_texts_are_refused() {
    scenes::invalid_texts_are_refused::<RefPosition>();
    // Castling rights out of the canonical order are refused too (the engine reads them).
    let mut pieces = scenes::KINGS.to_vec();
    pieces.extend([("d1", "rR"), ("a4", "rR")]);
    let board = scenes::board_text(&pieces);
    scenes::pos::<RefPosition>(&format!("{board} r rKrQ - - 0 1"));
    scenes::refused::<RefPosition>(&format!("{board} r rQrK - - 0 1"));
}

#[test]
fn perft_from_start() {
    scenes::perft_from_start::<RefPosition>();
}

// ---------------------------------------------------------------------------------------------
// Perft from the start, deeper
// ---------------------------------------------------------------------------------------------

#[test]
#[ignore = "about 10 s in release"]
fn perft_from_start_depth_5() {
    let p: RefPosition = pos(START);
    let t = Instant::now();
    let n = p.perft(5);
    println!("fimbriation perft(5) from START = {n} ({:.2?})", t.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Self-consistency over random games
// ---------------------------------------------------------------------------------------------

#[test]
fn random_games_are_rotation_symmetric_and_round_trip() {
    // No expected numbers here: every node's legal moves must equal the turned legal moves of
    // the turned position, its text must round-trip, and the counters below show what the games
    // went through.
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut passes, mut eliminations, mut ends, mut eps, mut castles, mut promotions, mut nodes) =
        (0, 0, 0, 0, 0, 0, 0);
    for _game in 0..16 {
        let mut p: RefPosition = pos(START);
        for _ply in 0..400 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                ends += 1;
                assert!(p.winner().is_some());
                break;
            }
            nodes += 1;
            let text = p.to_text();
            assert_eq!(parse(&text).unwrap().to_text(), text);
            if nodes % 3 == 0 {
                let k = 1 + (next() % 3) as usize;
                assert_eq!(
                    rotated(&p, k).legal_moves(),
                    rot_all(&moves.iter().map(|s| s.as_str()).collect::<Vec<_>>(), k),
                    "{text}"
                );
            }
            // Half the time, prefer a "special" action: a capture, a castling, an en passant, a
            // two-step (so the games reach eliminations, entries and rights being used).
            let special: Vec<&String> = moves
                .iter()
                .filter(|t| {
                    if *t == "pass" {
                        return false;
                    }
                    let (f, to, _) = split_token(t);
                    let (a, b) = (coords(&f), coords(&to));
                    let two = (a.0 - b.0).abs() == 2 || (a.1 - b.1).abs() == 2;
                    let pawn_diag =
                        p.piece_at(&f).is_some_and(|pc| pc.contains('P')) && a.0 != b.0 && a.1 != b.1;
                    p.piece_at(&to).is_some()
                        || (two && p.piece_at(&f).is_some_and(|pc| pc.contains('K') || pc.contains('P')))
                        || pawn_diag
                })
                .collect();
            let t = if !special.is_empty() && next() % 2 == 0 {
                special[(next() % special.len() as u64) as usize]
            } else {
                &moves[(next() % moves.len() as u64) as usize]
            };
            let q = play(&p, t);
            if t == "pass" {
                passes += 1;
            }
            if q.eliminated().len() > p.eliminated().len() {
                eliminations += q.eliminated().len() - p.eliminated().len();
            }
            if t.len() > 4 && t.ends_with(['q', 'r', 'b', 'n']) {
                promotions += 1;
            }
            let (from, to, _) = split_token(t);
            if p.piece_at(&from).is_some_and(|pc| pc.ends_with('K')) {
                let (a, b) = (coords(&from), coords(&to));
                if (a.0 - b.0).abs() == 2 || (a.1 - b.1).abs() == 2 {
                    castles += 1;
                }
            }
            if p.piece_at(&from).is_some_and(|pc| pc.contains('P'))
                && p.piece_at(&to).is_none()
                && from.as_bytes()[0] != to.as_bytes()[0]
                && coords(&from).1 != coords(&to).1
            {
                eps += 1;
            }
            p = q;
        }
    }
    println!(
        "random games: {nodes} nodes, {passes} passes, {eliminations} eliminations, {ends} finished, {eps} en passant, {castles} castlings, {promotions} promotions"
    );
}
