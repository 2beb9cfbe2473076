//! Tirebiter and Nick Danger: the rule page's sample game, problem and Nick Danger example
//! (T9), one position per ruling with its moves counted by hand, and a node-by-node walk against
//! the independent reference generator (engine-tests/reference/tirebiter.rs, written apart from
//! the engine from the rule page and the docs).

#[path = "reference/tirebiter.rs"]
#[allow(dead_code)]
mod reference;
#[path = "reference/walk.rs"]
mod walk;

use jester::core::{Game, MoveList, Outcome, Seat, WinReason};
use jester::variants::tirebiter::{NickDanger, Rules, Tirebiter, TirebiterPosition};

type Tb = TirebiterPosition<Tirebiter>;
type Nd = TirebiterPosition<NickDanger>;

fn position<R: Rules>(text: &str) -> TirebiterPosition<R> {
    TirebiterPosition::<R>::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves_of<R: Rules>(pos: &TirebiterPosition<R>) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| pos.render_move(m)).collect();
    tokens.sort();
    tokens
}

fn after<R: Rules>(text: &str, tokens: &[&str]) -> TirebiterPosition<R> {
    let mut pos = position::<R>(text);
    for token in tokens {
        let m = pos.parse_move(token).unwrap_or_else(|e| panic!("{token} in {}: {e}", pos.to_text()));
        pos.play(m);
    }
    pos
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

/// T9: the sample game, in the page's own notation, and the analysis after it. It also shows
/// T3 (a vector move and a converging move), T4 (4...Rh8:h6 removes the Knight from all three
/// squares) and T5 (after 4...Ne7 the composite capture is incomplete: no check).
#[test]
fn t9_the_sample_game() {
    let game = ["Ng1-f3", "h7-h6", "Nf3-e5", "f7-f6", "Ne5-g4", "e7-e5", "Ng4:e5,f6,h6"];
    let pos = after::<Tirebiter>(START, &game);
    assert_eq!(pos.to_text(), "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6");
    assert!(pos.in_check(), "5.Ne5,f6,h6:d7,e8,g8 would capture the King");
    assert!(moves_of(&pos).contains(&"g8e7".to_string()), "4...Ne7 parries the check");
    // 4...Rh8:h6 takes the whole Knight: f6 and e5 are simply empty.
    let rook = after::<Tirebiter>(&pos.to_text(), &["Rh8:h6"]);
    assert_eq!(rook.to_text(), "rnbqkbn1/pppp2p1/7r/8/8/8/PPPPPPPP/RNBQKB1R w KQq - 0 5 -");
    // 4...Ng8:f6,h6: e5 is empty and the black Knight stands on f6 and h6.
    let knight = after::<Tirebiter>(&pos.to_text(), &["Ng8:f6,h6"]);
    assert_eq!(knight.to_text(), "rnbqkb1r/pppp2p1/5n1n/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 5 f6,h6");
    // After 4...Ne7 both ways of moving the Tirebiter Knight are legal.
    let ne7 = after::<Tirebiter>(&pos.to_text(), &["Ng8-e7"]);
    assert!(!ne7.in_check());
    let list = moves_of(&ne7);
    for token in ["e5g4,f6g4,h6g4", "e5d3,f6e4,h6g4"] {
        assert!(list.contains(&token.to_string()), "{token} in {list:?}");
    }
    assert_eq!(
        after::<Tirebiter>(&ne7.to_text(), &["Ne5,f6,h6-g4"]).to_text().split(' ').next_back(),
        Some("-")
    );
}

/// T9: the problem. White's Rooks step forward with check; the King's reply to h7 mates White
/// (it attacks h6), and the search finds it.
#[test]
fn t9_the_problem() {
    let problem = "6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7";
    let key_move = after::<Tirebiter>(problem, &["f7f8,h7h8"]);
    assert!(key_move.in_check());
    let mate = after::<Tirebiter>(&key_move.to_text(), &["g8h7"]);
    assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Seat::BLACK, reason: WinReason::Checkmate }));
    let mut engine = jester::search::Engine::new();
    let record = jester::core::Record::new(key_move.clone());
    let limits = jester::search::Limits { depth: Some(4), ..Default::default() };
    let best = engine.search(&record, &limits, &mut |_| {});
    // Kf7 mates the same way (it attacks f6); either is the solution's idea.
    let reply = best.best.expect("a move");
    assert!(best.score.is_mate(), "{:?}", best.score);
    let mated = after::<Tirebiter>(&key_move.to_text(), &[reply.as_str()]);
    assert_eq!(mated.outcome(), Some(Outcome::Win { winner: Seat::BLACK, reason: WinReason::Checkmate }));
}

/// T9 and T8: the Nick Danger example is legal and each split is forced.
#[test]
fn t9_nick_danger_example() {
    let pos = after::<NickDanger>(START, &["e4", "e5", "Qd1-h5"]);
    let list = moves_of(&pos);
    assert!(list.contains(&"b8a6,b8c6".to_string()));
    assert!(!list.contains(&"b8c6".to_string()) && !list.contains(&"b8a6".to_string()));
    let pos = after::<NickDanger>(&pos.to_text(), &["Nb8-c6,a6"]);
    let list = moves_of(&pos);
    assert!(list.contains(&"h5f3,h5f5,h5h3".to_string()), "{list:?}");
    assert!(!list.contains(&"h5f5".to_string()));
    // Two steps from h5: f5 and h3 orthogonally, f3 diagonally; h7 and f7 hold pawns (captures,
    // not part of a quiet move). The Queen need not also split one step onto g6, h6, g4, h4.
    assert_eq!(
        after::<NickDanger>(&pos.to_text(), &["Qh5-f5,h3,f3"]).to_text().split(' ').next_back(),
        Some("a6,c6;f3,f5,h3")
    );
}

/// T1/T2: a normal piece captures everything it can legally capture on its own, in one move,
/// and stands on every captured square.
#[test]
fn t2_forced_multi_capture() {
    // White Ke1, Re2 pinned by the black Rook e8; black Knight b2, King h8. Alone, Re2xb2 would
    // expose the King, so only e8 joins the capture (1 move). Its quiet moves stay on the e-file:
    // e3-e7 (5). King d2, f1, f2 (d1 is attacked by the Knight): 3. = 9.
    let list = moves_of(&position::<Tirebiter>("4r2k/8/8/8/8/8/1n2R3/4K3 w - - 0 1 -"));
    assert_eq!(list, ["e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]);
    // Two legal captures are made together, never one alone.
    let list = moves_of(&position::<Tirebiter>("7k/8/8/4b3/1n6/3N4/8/4K3 w - - 0 1 -"));
    assert!(list.contains(&"d3b4,d3e5".to_string()), "{list:?}");
    assert!(!list.contains(&"d3b4".to_string()) && !list.contains(&"d3e5".to_string()), "{list:?}");
}

/// T2 and T8 as revised on 2026-11-26 (protocol-docs/variants.md): a normal piece's capture takes
/// every target it could legally take alone, and a Nick Danger split goes to every square at its
/// distance it could legally reach alone; the composite must still leave the King safe. Each
/// case is the full legal list, worked out by hand in the issue that revised the rulings.
#[test]
fn t2_t8_only_legal_single_legs_join_the_composite() {
    let cases: [(&str, &str, &str); 9] = [
        // The pinned Queen takes e7 alone, not b5 with it.
        ("tirebiter", "6k1/4r3/8/1n6/8/8/4Q3/4K3 w - - 0 1", "e1d1 e1d2 e1f1 e1f2 e2e3 e2e4 e2e5 e2e6 e2e7"),
        // In check from e5, the Knight takes the checker alone (f4 would leave the check).
        ("tirebiter", "6k1/8/8/1n2r3/5p2/3N4/8/4K3 w - - 0 1", "d3e5 e1d1 e1d2 e1f1 e1f2"),
        // The King takes the undefended d3; the defended f3 stays out of the composite.
        ("tirebiter", "4k3/8/8/8/6p1/3p1p2/4K3/8 w - - 0 1", "e2d1 e2d2 e2d3 e2e1 e2e3 e2f1 e2f2"),
        // Nick Danger: the King beside the attacked d2, e2, f2 splits onto d1 and f1.
        ("nickdanger", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "e1d1,e1f1"),
        // The pinned Rook moves along the file as a normal piece, one square per distance.
        (
            "nickdanger",
            "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1",
            "e1d1,e1d2,e1f1,e1f2 e2e3 e2e4 e2e5 e2e6 e2e7 e2e8",
        ),
        // The Bishop's c2 would leave the King to e8: it steps to e2 alone.
        ("nickdanger", "4r2k/8/8/8/8/8/3P1P2/3BKR2 w - - 0 1", "d1e2"),
        // Composite clause: the King's safe squares d3, d4, e4, f3, f4 together let the Tirebiter
        // Bishop a1,c1 take d4 and f4 at once, so distance 1 is unavailable.
        ("nickdanger", "4k3/8/8/8/P7/4K3/7r/b1b5 w - - 0 1 a1,c1", "a4a5"),
        // Composite clause for captures: d4 and f4 may each be taken alone, not both.
        ("tirebiter", "4k3/8/8/8/3n1n2/4K3/8/b1b5 w - - 0 1 a1,c1", "e3d2 e3e4 e3f2"),
        // Each capture alone is illegal, so the King cannot capture.
        ("tirebiter", "k7/8/8/4n3/4K3/3n4/8/8 w - - 0 1", "e4d4 e4d5 e4e3 e4f5"),
    ];
    for (variant, text, expected) in cases {
        let list = if variant == "tirebiter" {
            moves_of(&position::<Tirebiter>(text))
        } else {
            moves_of(&position::<NickDanger>(text))
        };
        assert_eq!(list.join(" "), expected, "{variant} {text}");
    }
}

/// The en passant field (protocol-docs/notation.md): a passed square is written when an en
/// passant capture onto it could be played on its own, and reading the text back gives the same
/// moves.
#[test]
fn en_passant_field_keeps_the_squares_that_change_the_moves() {
    let cases = [
        // e5xd6 alone opens the fifth rank to Rh5: not legal, so d6 changes nothing.
        ("7k/3p4/5n2/K3P2r/8/8/8/8 b - - 0 1 -", "7k/8/5n2/K2pP2r/8/8/8/8 w - - 0 2 -"),
        // King off the rank: e5 takes d6 (en passant) and f6 together.
        ("7k/3p4/5n2/4P2r/K7/8/8/8 b - - 0 1 -", "7k/8/5n2/3pP2r/K7/8/8/8 w - d6 0 2 -"),
        // Each capture is legal alone, but together they let the Tirebiter Rook d8,f8,h8 take d6,
        // f6 and h6 at once: e5 has no capture, and without d6 it would take f6.
        (
            "3r1r1r/3p4/5n1K/4P3/8/8/8/k7 b - - 0 1 d8,f8,h8",
            "3r1r1r/8/5n1K/3pP3/8/8/8/k7 w - d6 0 2 d8,f8,h8",
        ),
    ];
    for (before, expected) in cases {
        let pos = after::<Tirebiter>(before, &["d7d5"]);
        assert_eq!(pos.to_text(), expected);
        assert_eq!(moves_of(&position::<Tirebiter>(expected)), moves_of(&pos), "{expected}");
    }
    let blocked = position::<Tirebiter>("3r1r1r/8/5n1K/3pP3/8/8/8/k7 w - d6 0 2 d8,f8,h8");
    assert_eq!(moves_of(&blocked), ["e5e6", "h6g5", "h6g6", "h6g7"]);
    let without = position::<Tirebiter>("3r1r1r/8/5n1K/3pP3/8/8/8/k7 w - - 0 2 d8,f8,h8");
    assert!(moves_of(&without).contains(&"e5f6".to_string()));
}

/// T6: a Tirebiter pawn promotes on every location at once, to one type.
#[test]
fn t6_tirebiter_pawn_promotes_together() {
    // Pawns b7,d7 (one piece) step to b8,d8: four promotions. King: d1, d2, e2, f1, f2. = 9.
    let list = moves_of(&position::<Tirebiter>("7k/1P1P4/8/8/8/8/8/4K3 w - - 0 1 b7,d7"));
    assert_eq!(list.len(), 9, "{list:?}");
    assert!(list.contains(&"b7b8q,d7d8q".to_string()));
}

/// T7: castling needs a normal King and Rook that never moved.
#[test]
fn t7_castling_needs_normal_pieces() {
    let text = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 -";
    assert!(moves_of(&position::<Tirebiter>(text)).contains(&"e1g1".to_string()));
    // A right whose Rook is a Tirebiter piece cannot exist.
    assert!(Tb::from_text("4k3/8/8/8/8/8/7R/4K2R w K - 0 1 h1,h2").is_err());
    // The Rook moves away and back: the right is gone.
    let pos = after::<Tirebiter>(text, &["h1h2", "e8d8", "h2h1", "d8e8"]);
    assert!(!moves_of(&pos).contains(&"e1g1".to_string()));
    // Nick Danger: castling is one move, not split.
    assert!(moves_of(&position::<NickDanger>(text)).contains(&"e1g1".to_string()));
}

impl walk::Reference for reference::RefPosition {
    fn actions(&self) -> Vec<(String, Self)> {
        self.legal_actions()
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

fn walk_all<R: Rules>(cases: &[(&str, u32)], nick_danger: bool) {
    for &(text, depth) in cases {
        let ours = position::<R>(text);
        let theirs = reference::parse(text, nick_danger).unwrap_or_else(|e| panic!("reference: {text}: {e}"));
        let depth = if cfg!(debug_assertions) { depth.min(2) } else { depth };
        let nodes = walk::walk(&ours, &theirs, depth);
        assert_eq!(nodes, jester::tools::perft::perft(&ours, depth), "{text}");
        eprintln!("{} {text}: perft {depth} = {nodes}, agreed node by node", R::NAME);
    }
}

/// Positions with Tirebiter pieces of several kinds, en passant and promotions, castling.
const WALKS: &[(&str, u32)] = &[
    (START, 4),
    ("rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6", 3),
    ("6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7", 4),
    ("r3k2r/1P1P2pp/8/2pP4/8/2Q1Q3/6PP/R3K2R w KQkq c6 0 1 c3,e3;b7,d7", 3),
    ("r1b1k2r/pp3ppp/2n1bn2/q1pp4/3P4/2N1BN2/PPP1QPPP/R3KB1R w KQkq - 0 9 -", 3),
    ("r3k2r/pP4pp/8/3pP3/8/2N1N3/P5PP/R3K2R w KQkq d6 0 1 c3,e3", 3),
    ("r3k3/1p1p1p2/8/2P1P3/8/8/1Q4Q1/R3K3 b Qq - 0 1 b2,g2;c5,e5", 3),
    ("r3k2r/8/8/8/8/8/8/1K1K4 w kq - 0 1 b1,d1", 4),
    ("4k3/1P2r1r1/8/2b1b3/8/8/6PP/4K2R w K - 0 1 c5,e5;e7,g7", 3),
    ("7k/3p4/5n2/K3P2r/8/8/8/8 b - - 0 1 -", 4),
    // Eight Queens: a long move list (82 moves), none dropped.
    ("6rk/6pp/8/Q1Q1Q3/8/Q1Q1Q3/8/K1Q1Q3 w - - 0 1 -", 2),
];

#[test]
fn tirebiter_agrees_with_the_reference_at_every_node() {
    walk_all::<Tirebiter>(WALKS, false);
}

#[test]
fn nickdanger_agrees_with_the_reference_at_every_node() {
    walk_all::<NickDanger>(WALKS, true);
}

/// T1: a piece on several squares is one piece; its grouping is part of the position.
#[test]
fn t1_groups_in_the_position_text() {
    let grouped = position::<Tirebiter>("7k/8/8/8/8/8/8/R1R1K3 w - - 0 1 a1,c1");
    let separate = position::<Tirebiter>("7k/8/8/8/8/8/8/R1R1K3 w - - 0 1 -");
    assert_ne!(grouped.key(), separate.key());
    assert_eq!(grouped.to_text(), "7k/8/8/8/8/8/8/R1R1K3 w - - 0 1 a1,c1");
    assert!(Tb::from_text("7k/8/8/8/8/8/8/R1N1K3 w - - 0 1 a1,c1").is_err(), "a group holds one kind");
}

/// T3: a Tirebiter Rook on a1 and c1 moves both by one vector or gathers on one square.
#[test]
fn t3_tirebiter_rook() {
    // Up by 1-7 (7); right by one (a1-b1, c1-d1) (1); right by two would land a1 on c1, its own
    // square; gathering: only b1 is reached from both (1). King d1, d2, e2, f1, f2 (5). = 14.
    let list = moves_of(&position::<Tirebiter>("7k/8/8/8/8/8/8/R1R1K3 w - - 0 1 a1,c1"));
    assert_eq!(list.len(), 14, "{list:?}");
    assert!(list.contains(&"a1b1,c1d1".to_string()) && list.contains(&"a1b1,c1b1".to_string()));
}

/// T8: from the start, every Nick Danger knight move splits: 16 pawn moves and one move per
/// Knight (to both its squares): 18.
#[test]
fn t8_nick_danger_start() {
    let list = moves_of(&Nd::start());
    assert_eq!(list.len(), 18);
    assert!(list.contains(&"b1a3,b1c3".to_string()) && list.contains(&"g1f3,g1h3".to_string()));
}

/// Bad position texts are refused with an error naming the offending token (T1 groups, T6 pawn
/// groups on one rank, the en passant list).
#[test]
fn hostile_position_texts_name_the_token() {
    let cases = [
        ("k7/8/8/8/8/8/8/KR6 w - - 0 1 a1,b1", "a1,b1"),
        ("k7/8/8/8/8/8/8/KR6 w - - 0 1 b1", "b1"),
        ("k7/8/8/8/8/8/8/KRR5 w - - 0 1 b1,c1;c1,d1", "c1,d1"),
        ("k7/8/8/8/8/8/8/KRR5 w - - 0 1 \u{e9}1,c1", "\u{e9}1,c1"),
        ("k7/8/3P4/4P3/8/8/8/K7 w - - 0 1 d6,e5", "d6,e5"),
        ("k7/8/8/8/8/8/8/KRR5 w - z9 0 1 -", "z9"),
    ];
    for (text, token) in cases {
        let err = Tb::from_text(text).err().unwrap_or_else(|| panic!("{text} was accepted"));
        assert!(err.to_string().contains(token), "{text}: {err}");
    }
}
