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

/// A pawn's double step out of a crowd leaves the rest of the crowd on its start square: the
/// position's text (with the en passant square) reads back, and the capture en passant stays.
#[test]
fn a_double_step_out_of_a_crowd_reads_back() {
    let mut pos = FireFighter::from_text("4k3/2(np)5/8/1P6/8/8/8/4K3 b - - 0 1 Aa").unwrap();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let step = list.iter().copied().find(|&m| pos.render_move(m).ends_with("c7c5")).expect("the double step");
    pos.play(step);
    let text = pos.to_text();
    assert!(text.contains(" c6 "), "{text}");
    let back = FireFighter::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.to_text(), text);
    assert!(moves(&text).iter().any(|m| m.ends_with("b5c6")), "{:?}", moves(&text));
}

/// Positions of the perft file and others with crowds, fire, both Firefighting states and armies.
const WALK_STARTS: &[&str] = &[
    START,
    "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa",
    "r3k2r/1p!5(Pp)/8/3(BNb~)4/8/8/P~4n2/(NR)3K3 w Qk - 3 20 A",
    "4k3/2p5/8/4n!3/8/8/1B~4P1/4K3 w - - 0 30 A",
    "r3k2r/8/8/1pP5/8/8/8/R3K2R w KQkq b6 0 1 Aa Ff",
    "4k3/8/8/2n5/8/8/p6P/K!B6 w - - 0 1 a",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 Aa",
    "r1bqk2r/pppp1ppp/2(Nn)2n2/4p!3/2B1P3/5N~2/PPPP1PPP/R1BQK2R b KQkq - 3 5 A",
    "4k3/pp3ppp/8/3b!4/8/2N~5/PP3PPP/4K3 w - - 0 1 A",
    "4k3/8/3(Kq)4/8/8/8/8/8 w - - 0 1 Aa",
    "4k3/4r3/8/8/4(RB)3/8/8/4K3 w - - 0 1 Aa",
    // Burning Kings: screened from a Queen by a pinned pawn; from a pawn's double step by a Knight.
    "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQK!BNR w kq - 2 3 Aa",
    "4K3/8/8/8/4k!3/4n3/4P3/8 b - - 0 1 A",
];

/// The bitboard shortcuts of royal safety (F8) give exactly the moves that playing every
/// candidate gives, and the direct noisy generation exactly the noisy ones among them, along
/// pseudo-random games from varied positions, under every pair of armies.
#[test]
fn legality_shortcuts_agree_with_trial_play() {
    use crate::core::Army;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x2545_F491_4F6C_DD1Du64);
    let mut next = move || rng.gen::<u64>();
    let mut starts: Vec<FireFighter> =
        WALK_STARTS.iter().filter_map(|text| FireFighter::from_text(text).ok()).collect();
    assert_eq!(starts.len(), WALK_STARTS.len(), "every walk start parses");
    for white in Army::ALL {
        for black in Army::ALL {
            starts.extend(FireFighter::start_with_armies([white, black]));
        }
    }
    let mut nodes = 0;
    for start in &starts {
        for _game in 0..6 {
            let mut pos = start.clone();
            for _ply in 0..120 {
                let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
                pos.generate_legal(&mut fast);
                pos.generate_legal_by_trial(&mut slow);
                assert_eq!(fast, slow, "legal moves of {}", pos.to_text());
                assert_eq!(pos.count_legal(), fast.len(), "legal move count of {}", pos.to_text());
                // The direct noisy generation is the legal list filtered, in the same order.
                let mut noisy = MoveList::new();
                let any = pos.generate_noisy(&mut noisy);
                let filtered: MoveList<Move> = fast.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
                assert_eq!((noisy, any), (filtered, !fast.is_empty()), "noisy moves of {}", pos.to_text());
                // The derived state that `play` keeps up to date agrees with a fresh one.
                pos.validate().unwrap_or_else(|e| panic!("{}: {e}", pos.to_text()));
                nodes += 1;
                if fast.is_empty() {
                    break;
                }
                let m = fast[(next() % fast.len() as u64) as usize];
                pos.play(m);
            }
        }
    }
    assert!(nodes > 10_000, "walked {nodes} positions");
}
